//! Dots and Boxes against OpenSpiel: seeded random games replayed line by line (the legal
//! lines compared before every line drawn, the position after every whole turn, the result),
//! and turn-level perft from positions met in those games. The data is written by
//! tests/dots/openspiel_reference.py from OpenSpiel's `dots_and_boxes`; the counts from the
//! start are in tests/perft/.
mod common;
use std::collections::BTreeSet;
use tabula::engine::{perft, MatchState, Move, Outcome, Position};

/// A result as OpenSpiel's returns: `1 -1`, `-1 1` or `0 0`.
fn returns(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Win { player: 0, .. } => "1 -1",
        Outcome::Win { .. } => "-1 1",
        Outcome::Draw { .. } => "0 0",
    }
}

/// The boxes, lines and side to move of a position string (its first three fields).
fn head(text: &str) -> String {
    text.split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The lines a move draws, as bits.
fn set(m: &Move) -> u128 {
    m.landings().iter().fold(0, |s, &l| s | 1 << l)
}

fn replay(name: &str) -> (usize, usize, usize) {
    let game = common::game(&format!("games/{name}.game"));
    let lines = game.lines.as_ref().expect("a game of lines");
    let path = common::root(&format!("tests/dots/{name}.openspiel"));
    let text = std::fs::read_to_string(path).expect("reference data");
    let mut state: Option<MatchState> = None;
    // The lines drawn so far this turn, by name and as bits.
    let mut turn: Vec<String> = Vec::new();
    let mut drawn = 0u128;
    let (mut games, mut steps, mut perfts) = (0, 0, 0);
    let mut moves = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let at = format!("{name}.openspiel:{}", i + 1);
        let f: Vec<&str> = line.split_whitespace().collect();
        match f.first().copied() {
            None => {}
            Some(s) if s.starts_with('#') => {}
            Some("game") => state = Some(MatchState::new(game.start())),
            Some("step") => {
                let st = state.as_ref().expect("a game first");
                assert!(st.outcome().is_none(), "{at}: the game is over");
                // The lines that may be drawn next: those of the turns that draw this turn's
                // lines so far and more.
                st.pos.legal_moves(&mut moves);
                let mut next = BTreeSet::new();
                for m in moves.iter().filter(|m| set(m) & drawn == drawn) {
                    for &l in m.landings() {
                        if drawn >> l & 1 == 0 {
                            next.insert(lines.names[l as usize].clone());
                        }
                    }
                }
                let want: BTreeSet<String> = f[2].split(',').map(String::from).collect();
                assert_eq!(next, want, "{at}: legal lines");
                let l = lines.line_named(f[1]).expect("a line");
                drawn |= 1 << l;
                turn.push(f[1].to_string());
                steps += 1;
            }
            Some("turn") => {
                let st = state.as_mut().expect("a game first");
                let played = turn.join(",");
                st.play_text(&played)
                    .unwrap_or_else(|e| panic!("{at}: {played} is refused: {e}"));
                turn.clear();
                drawn = 0;
                let got = head(&st.pos.to_text());
                if f[3] == "-" {
                    assert!(st.outcome().is_some(), "{at}: the game should be over");
                    // Over: OpenSpiel names nobody to move.
                    let (board, _) = got.rsplit_once(' ').expect("three fields");
                    assert_eq!(board, format!("{} {}", f[1], f[2]), "{at}");
                } else {
                    assert!(st.outcome().is_none(), "{at}: the game is over too soon");
                    assert_eq!(got, format!("{} {} {}", f[1], f[2], f[3]), "{at}");
                }
            }
            Some("result") => {
                let st = state.take().expect("a game first");
                let outcome = st.outcome().expect("the game is over");
                assert_eq!(returns(outcome), f[1..].join(" "), "{at}: {outcome:?}");
                games += 1;
            }
            Some("perft") => {
                let fen = format!("{} {} {} 0 1", f[1], f[2], f[3]);
                let pos = Position::from_text(&game, &fen).unwrap_or_else(|e| panic!("{at}: {e}"));
                let depth: usize = f[4].parse().expect("depth");
                let nodes: u64 = f[5].parse().expect("nodes");
                assert_eq!(
                    perft(&pos, depth, &mut |_| {}).expect("budget"),
                    nodes,
                    "{at}"
                );
                perfts += 1;
            }
            Some(other) => panic!("{at}: unknown line `{other}`"),
        }
    }
    (games, steps, perfts)
}

#[test]
fn two_by_two_plays_as_openspiel() {
    let (games, steps, perfts) = replay("dots-and-boxes-2x2");
    assert!(
        games == 10 && steps == 120 && perfts >= 24,
        "{games} games, {steps} lines, {perfts} counts"
    );
}

#[test]
fn three_by_three_plays_as_openspiel() {
    let (games, steps, perfts) = replay("dots-and-boxes");
    assert!(
        games == 10 && steps == 240 && perfts >= 24,
        "{games} games, {steps} lines, {perfts} counts"
    );
}

/// The lines of a turn may be typed in any order, and a position string reads back as the
/// same position; bad lines fields are refused with a message.
#[test]
fn turns_and_position_strings() {
    let game = common::game("games/dots-and-boxes-2x2.game");
    let mut st = MatchState::new(game.start());
    for m in ["a1-b1", "a2-b2", "a1-a2"] {
        st.play_text(m).expect("legal");
    }
    // b1-b2 completes a1, so b2-c2 follows in the same turn; typed in the other order, as
    // dots either way round.
    let m = st.play_text("c2b2, b2-b1").expect("a turn in any order");
    assert_eq!(st.pos.move_text(&m), "b1-b2,b2-c2");
    let text = st.pos.to_text();
    assert_eq!(text, "2/b1 001110000110 f 4 3");
    let back = Position::from_text(&game, &text).expect("reads back");
    assert_eq!(back.to_text(), text);
    assert_eq!(back.hash(), st.pos.hash());
    assert_eq!(back.hash(), back.compute_hash());
    for (bad, why) in [
        ("2/2 00111000011 f 0 1", "each of the 12 lines"),
        ("2/2 00111000011x f 0 1", "each of the 12 lines"),
        ("2/2 f 0 1", "each of the 12 lines"),
        ("2/B1 000000000000 f 0 1", "not all its sides"),
        ("2/2 001110000110 f 0 1", "no mark"),
    ] {
        let e = Position::from_text(&game, bad).expect_err(bad).to_string();
        assert!(e.contains(why), "{bad}: {e}");
    }
    // A turn that stops after a line that completes a box is no move.
    assert!(
        MatchState::new(Position::from_text(&game, "2/2 001110000100 s 0 1").unwrap())
            .play_text("b1-b2")
            .is_err()
    );
}

/// The Python action space: an id is OpenSpiel's action for a line, a turn of several lines is
/// chosen line by line, and the observation marks each box's drawn sides.
#[test]
fn action_ids_are_openspiel_lines() {
    use tabula::api::actions::ActionSpace;
    use tabula::api::env::{Env, Spec};
    use tabula::api::observation::Layout;
    let game = common::game("games/dots-and-boxes-2x2.game");
    let lines = game.lines.as_ref().expect("lines");
    let id = |name: &str| lines.line_named(name).expect("a line") as u32;
    // OpenSpiel's numbering on 2 x 2: 0..5 across from the top row, 6..11 down.
    assert_eq!(
        (id("a3-b3"), id("b1-c1"), id("a2-a3"), id("c1-c2")),
        (0, 5, 6, 11)
    );
    let spec = Spec::new(&game).expect("an action space");
    let mut env = Env::new(game.start(), &spec).expect("an env");
    assert_eq!(env.legal_ids(), (0..12).collect::<Vec<u32>>());
    for name in ["a1-b1", "a2-b2", "a1-a2"] {
        assert!(env.apply(id(name)).expect("legal").is_some(), "{name}");
    }
    // b1-b2 completes the box a1: the turn goes on, with any line not drawn.
    assert!(env.apply(id("b1-b2")).expect("legal").is_none());
    assert_eq!(env.legal_ids().len(), 8);
    let m = env
        .apply(id("b2-c2"))
        .expect("legal")
        .expect("the turn ends");
    assert_eq!(env.position().move_text(&m), "b1-b2,b2-c2");
    let space = ActionSpace::new(&game).expect("a space");
    assert_eq!(space.text(&game, id("b2-c2")), "b2-c2");
    // Planes: the box's piece planes (2), its four sides drawn (4) and chosen this turn (4),
    // the side to move, the board, the ids chosen.
    let layout = Layout::new(&game);
    assert_eq!((layout.planes, layout.height, layout.width), (13, 2, 2));
    let mut obs = vec![0.0; layout.size()];
    layout.fill(env.position(), &space, &[], &mut obs);
    let at = |plane: usize, x: usize, y: usize| obs[plane * 4 + y * 2 + x];
    // Box a1: claimed by the second player, all four sides drawn; box b1: its lower and upper
    // sides are not drawn, its left is.
    assert_eq!(at(1, 0, 0), 1.0);
    assert_eq!((2..6).map(|p| at(p, 0, 0)).sum::<f32>(), 4.0);
    assert_eq!(
        [at(2, 1, 0), at(3, 1, 0), at(4, 1, 0), at(5, 1, 0)],
        [0.0, 0.0, 1.0, 1.0]
    );
}
