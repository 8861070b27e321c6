//! Halma against Ludii: seeded random games of Ludii 1.3.13's `Halma.lud` (two players, and
//! four with its option `Players/4`), replayed whole turn by whole turn. Ludii plays a hop
//! chain as several moves (each hop, then a pass to stop); the data lists each position's
//! distinct whole turns, as the site the man leaves and the site it ends on (`11-26`), and
//! Tabula's moves must be exactly those. Every 20 turns, and at the end, the data gives the
//! owner of every site (`0` for empty), which must agree too. The data is written by
//! tests/halma/HalmaOracle.java (see there); the counts from the start are in tests/perft/.
mod common;
use tabula::engine::{Game, MatchState, Position};

/// The owner of every site, `0` for none, `1` for the first player, and so on.
fn owners(pos: &Position, order: &[usize]) -> String {
    order
        .iter()
        .map(|&c| match pos.cells()[c] {
            0 => '0',
            code => char::from(b'1' + pos.game.owner(code) as u8),
        })
        .collect()
}

/// Replays `tests/halma/NAME.ludii` on `games/NAME.game`; returns the games and turns.
fn replay(name: &str) -> (usize, usize) {
    let game = common::game(&format!("games/{name}.game"));
    let order = common::ludii_site_order(&game);
    let mut site = vec![0; order.len()];
    for (s, &c) in order.iter().enumerate() {
        site[c] = s;
    }
    let data = std::fs::read_to_string(common::root(&format!("tests/halma/{name}.ludii")))
        .expect("reference data");
    let mut state: Option<MatchState> = None;
    let (mut games, mut turns) = (0, 0);
    for (i, line) in data.lines().enumerate() {
        let at = format!("{name}.ludii:{}", i + 1);
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "game" => state = Some(MatchState::new(game.start())),
            "board" => {
                let st = state.as_ref().expect("a game first");
                assert_eq!(owners(&st.pos, &order), rest, "{at}: the position");
            }
            "turn" => {
                let st = state.as_mut().expect("a game first");
                let f: Vec<&str> = rest.split(' ').collect();
                let [mover, listed, "play", played] = f[..] else {
                    panic!("{at}: expected `turn MOVER MOVES play MOVE`");
                };
                assert!(st.outcome().is_none(), "{at}: Tabula's game is over");
                assert_eq!((st.pos.turn() + 1).to_string(), mover, "{at}: the mover");
                let text = |k: usize| {
                    let m = &st.moves()[k];
                    format!("{}-{}", site[m.from as usize], site[m.to as usize])
                };
                let mut ours: Vec<String> = (0..st.moves().len()).map(text).collect();
                ours.sort();
                assert_eq!(ours.join(","), listed, "{at}: the distinct turns");
                let k = (0..st.moves().len())
                    .find(|&k| text(k) == played)
                    .unwrap_or_else(|| panic!("{at}: {played} is not a move"));
                st.play_index(k);
                turns += 1;
            }
            "end" => {
                let st = state.take().expect("a game first");
                let (how, board) = rest.split_once(' ').expect("end over|on BOARD");
                assert_eq!(owners(&st.pos, &order), board, "{at}: the last position");
                assert_eq!(
                    st.outcome().is_some(),
                    how == "over",
                    "{at}: whether it is over"
                );
                games += 1;
            }
            _ => {}
        }
    }
    (games, turns)
}

#[test]
fn two_player_halma_replays_ludii_games() {
    let (games, turns) = replay("halma");
    assert_eq!(games, 3, "games replayed");
    assert!(turns >= 360, "only {turns} turns");
}

#[test]
fn four_player_halma_replays_ludii_games() {
    let (games, turns) = replay("halma-4");
    assert_eq!(games, 3, "games replayed");
    assert!(turns >= 600, "only {turns} turns");
}

/// The moves of a position, in notation, sorted.
fn moves_at(game: &Game, position: &str) -> Vec<String> {
    let pos = Position::from_text(game, position).expect("a position");
    let mut out = Vec::new();
    pos.legal_moves(&mut out);
    let mut names: Vec<String> = out.iter().map(|m| pos.move_text(m)).collect();
    names.sort();
    names
}

/// `confined to my target once there`: a man in the camp it races to steps and hops only
/// within it. Red's man on c13 (in the camp of a12 ... e16) may step to the five neighbours
/// in the camp but not to c12, d12 or d13, nor hop over blue's man on d13 to e13; red's man
/// on h8, outside, steps all eight ways.
#[test]
fn a_man_in_the_camp_it_races_to_never_leaves_it() {
    let game = common::game("games/halma.game");
    let position = "16/16/16/2Mm12/16/16/16/16/7M8/16/16/16/16/16/16/16 r 0 0 1";
    let mut want: Vec<String> = ["b12", "b13", "b14", "c14", "d14"]
        .iter()
        .map(|t| format!("c13-{t}"))
        .chain(
            ["g7", "g8", "g9", "h7", "h9", "i7", "i8", "i9"]
                .iter()
                .map(|t| format!("h8-{t}")),
        )
        .collect();
    want.sort();
    assert_eq!(moves_at(&game, position), want);
}

/// A hop chain that reaches the camp stays in it: red's man on e11 hops over d12 into the
/// camp on c13, and may not hop on over b12 out of it to a11 (with the line, 7 steps and that
/// one hop; Ludii's rule checks every hop of a chain).
#[test]
fn a_hop_chain_that_reaches_the_camp_stops_leaving_it() {
    let game = common::game("games/halma.game");
    let position = "16/16/16/16/1m1m12/4M11/16/16/16/16/16/16/16/16/16/16 r 0 0 1";
    let mut want: Vec<String> = ["c13", "d10", "d11", "e10", "e12", "f10", "f11", "f12"]
        .iter()
        .map(|t| format!("e11-{t}"))
        .collect();
    want.sort();
    assert_eq!(moves_at(&game, position), want);
}
