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
