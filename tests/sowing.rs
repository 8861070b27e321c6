//! Sowing games against OpenSpiel: seeded random games replayed turn by turn (the position
//! after every turn and the result must agree) and turn-level perft from positions met in
//! them. The data is written by tests/sowing/openspiel_reference.py from OpenSpiel's
//! `mancala` (Kalah) and `oware`; the counts from the start are in tests/perft/.
mod common;
use tabula::engine::rules::sow::{ENDLESS, TOO_LONG};
use tabula::engine::{perft, MatchState, Outcome, Position};

/// The pits, stores and side to move of a position string (its first three fields).
fn head(text: &str) -> String {
    text.split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Each player's seeds (store and pits) in a two-row position's first two fields: what the
/// game is decided by. OpenSpiel's Oware moves the seeds left in the pits to their owners'
/// stores when the game ends; Tabula counts them where they are.
fn totals(text: &str) -> [u32; 2] {
    let mut f = text.split_whitespace();
    let count = |n: &str| n.parse::<u32>().expect("a count");
    let rows: Vec<u32> = f
        .next()
        .expect("pits")
        .split('/')
        .map(|r| r.split(',').map(count).sum())
        .collect();
    let stores: Vec<u32> = f.next().expect("stores").split(',').map(count).collect();
    [stores[0] + rows[1], stores[1] + rows[0]]
}

/// A result as OpenSpiel's and Ludii's returns: `1 -1`, `-1 1` or `0 0`.
fn returns(outcome: &Outcome) -> &'static str {
    match outcome {
        Outcome::Win { player: 0, .. } => "1 -1",
        Outcome::Win { .. } => "-1 1",
        Outcome::Draw { .. } => "0 0",
    }
}

/// Plays one turn of the reference data (`at` names its line) in the game being replayed.
fn play_turn<'s, 'g>(
    state: &'s mut Option<MatchState<'g>>,
    at: &str,
    turn: &str,
) -> &'s MatchState<'g> {
    let st = state.as_mut().expect("a game first");
    assert!(st.outcome().is_none(), "{at}: the game is already over");
    st.play_text(turn)
        .unwrap_or_else(|e| panic!("{at}: {turn} is refused: {e}"));
    st
}

fn replay(name: &str) -> (usize, usize) {
    let game = common::game(&format!("games/{name}.game"));
    let path = common::root(&format!("tests/sowing/{name}.openspiel"));
    let text = std::fs::read_to_string(path).expect("reference data");
    let mut state: Option<MatchState> = None;
    let (mut games, mut perfts) = (0, 0);
    for (i, line) in text.lines().enumerate() {
        let at = format!("{name}.openspiel:{}", i + 1);
        let f: Vec<&str> = line.split_whitespace().collect();
        match f.first().copied() {
            None => {}
            Some(s) if s.starts_with('#') => {}
            Some("game") => state = Some(MatchState::new(game.start())),
            Some("turn") => {
                let st = play_turn(&mut state, &at, f[1]);
                let want = format!("{} {} {}", f[2], f[3], f[4]);
                let got = head(&st.pos.to_text());
                if st.outcome().is_some() {
                    // Over: OpenSpiel names nobody to move.
                    assert_eq!(f[4], "-", "{at}: the game ended after {}", f[1]);
                    assert_eq!(totals(&got), totals(&want), "{at}: after {}", f[1]);
                } else {
                    assert_eq!(got, want, "{at}: after {}", f[1]);
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
    (games, perfts)
}

#[test]
fn kalah_plays_as_openspiel() {
    let (games, perfts) = replay("kalah");
    assert!(games == 30 && perfts > 60, "{games} games, {perfts} counts");
}

#[test]
fn oware_plays_as_openspiel() {
    let (games, perfts) = replay("oware");
    assert!(games == 30 && perfts > 60, "{games} games, {perfts} counts");
}

/// A position string of a sowing game reads back as the same position.
#[test]
fn pits_position_strings_round_trip() {
    let game = common::game("games/kalah.game");
    let mut st = MatchState::new(game.start());
    for m in ["c1+f1", "b2", "a1"] {
        st.play_text(m).expect("legal");
    }
    let text = st.pos.to_text();
    let back = Position::from_text(&game, &text).expect("reads back");
    assert_eq!(back.to_text(), text);
    assert_eq!(back.hash(), st.pos.hash());
    for (bad, why) in [
        ("4,4,4,4,4,4/4,4,4,4,4 0,0 s 0 1", "row 1 has 5 pits"),
        ("4,4,4,4,4,4/4,4,4,4,4,x 0,0 s 0 1", "pit f1: `x`"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0 s 0 1", "the two stores"),
        ("4,4,4,4,4,4 0,0 s 0 1", "expected 2 rows"),
        (
            "9999,4,4,4,4,4/4,4,4,4,4,4 0,0 s 0 1",
            "more than the 10000",
        ),
    ] {
        let e = Position::from_text(&game, bad).expect_err(bad).to_string();
        assert!(e.contains(why), "{bad}: {e}");
    }
}

/// Replays `tests/sowing/NAME.ludii`, random games of Ludii's written by
/// tests/sowing/ludii_traces.py from the Ludii oracle's traces: the turn chosen (its relay
/// laps follow by rule), with the pits, hands and stores after every turn, the forced passes
/// that end a game and the results. Returns the games and turns replayed.
fn replay_ludii(name: &str) -> (usize, usize) {
    let game = common::game(&format!("games/{name}.game"));
    let text =
        std::fs::read_to_string(common::root(&format!("tests/sowing/{name}.ludii"))).expect("data");
    let mut state: Option<MatchState> = None;
    let (mut games, mut turns, mut endless) = (0, 0, false);
    for (i, line) in text.lines().enumerate() {
        let at = format!("{name}.ludii:{}", i + 1);
        let f: Vec<&str> = line.split_whitespace().collect();
        match f.first().copied() {
            None => {}
            Some(s) if s.starts_with('#') => {}
            Some("game") => state = Some(MatchState::new(game.start())),
            Some("turn") => {
                let st = play_turn(&mut state, &at, f[1]);
                // A relay that never ends, or one longer than the game allows: Ludii sows
                // either on to its move limit.
                endless = [ENDLESS, TOO_LONG].contains(&st.pos.sow_ended());
                if !endless {
                    let got = st.pos.to_text();
                    let got: Vec<&str> = got.split_whitespace().take(2).collect();
                    assert_eq!(got, [f[2], f[3]], "{at}: after {}", f[1]);
                }
                turns += 1;
            }
            // Ludii's forced pass: the player to move has no legal move, which ends the game.
            Some("pass") => {
                let st = state.as_ref().expect("a game first");
                assert!(st.outcome().is_some(), "{at}: Tabula has a move here");
            }
            Some("result") => {
                let st = state.take().expect("a game first");
                let outcome = st.outcome().expect("the game is over");
                assert_eq!(returns(outcome), f[1..3].join(" "), "{at}: {outcome:?}");
                // Ludii plays an endless relay on to its move limit, a draw.
                assert_eq!(endless, f.get(3) == Some(&"limit"), "{at}: {outcome:?}");
                games += 1;
            }
            Some(other) => panic!("{at}: unknown line `{other}`"),
        }
    }
    (games, turns)
}

/// Ayoayo against Ludii's J'odu: 20 seeded random games replayed turn by turn; Ludii's
/// perft counts are in tests/perft/ayoayo.perft.
#[test]
fn ayoayo_plays_as_ludii() {
    let (games, turns) = replay_ludii("ayoayo");
    assert!(games == 20 && turns > 800, "{games} games, {turns} turns");
}

/// Omweso against Ludii's Mweso: 50 seeded random games (seeds 1 and 2 of the oracle's
/// `random`), placement phase included, replayed turn by turn; Ludii's perft counts are in
/// tests/perft/omweso.perft.
#[test]
fn omweso_plays_as_ludii() {
    let (games, turns) = replay_ludii("omweso");
    assert!(games == 50 && turns > 5000, "{games} games, {turns} turns");
}

/// The computer player searches a position with a choice of direction (Omweso's clockwise
/// sowings from the left-hand pits) and answers one of its legal moves; the two ways of a
/// pit are two moves, told apart by their text.
#[test]
fn omweso_search_takes_both_ways() {
    let game = common::game("games/omweso.game");
    let even = "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2[0,0] 0,0 s 0 1";
    let pos = Position::from_text(&game, even).expect("even set-up");
    let legal = pos.legal_move_texts();
    assert!(legal.contains(&"a1cw".to_string()) && legal.contains(&"a1".to_string()));
    let mut rng = tabula::rng::Rng::new(1);
    let m = tabula::ai::choose(&pos, &mut rng, 2).expect("a move");
    assert!(legal.contains(&pos.move_text(&m)), "{}", pos.move_text(&m));
}

/// Omweso's position strings hold the seeds in hand after the pits, and read back.
#[test]
fn hands_in_position_strings_round_trip() {
    let game = common::game("games/omweso.game");
    let mut st = MatchState::new(game.start());
    for m in ["@a1", "@h4", "@a1"] {
        st.play_text(m).expect("legal");
    }
    let text = st.pos.to_text();
    assert!(text.contains("[30,31] 0,0 n"), "{text}");
    let back = Position::from_text(&game, &text).expect("reads back");
    assert_eq!(back.to_text(), text);
    assert_eq!(back.hash(), st.pos.hash());
    let rows = "0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0";
    for (bad, why) in [
        (format!("{rows} 0,0 s 0 1"), "seeds in hand after the pits"),
        (format!("{rows}[32] 0,0 s 0 1"), "as `[N,N]`"),
        (format!("{rows}[32,x] 0,0 s 0 1"), "second hand"),
    ] {
        let e = Position::from_text(&game, &bad)
            .expect_err(&bad)
            .to_string();
        assert!(e.contains(why), "{bad}: {e}");
    }
    let kalah = common::game("games/kalah.game");
    let e = Position::from_text(&kalah, "4,4,4,4,4,4/4,4,4,4,4,4[1,1] 0,0 s 0 1")
        .expect_err("no hands in Kalah")
        .to_string();
    assert!(e.contains("no seeds in hand"), "{e}");
}
