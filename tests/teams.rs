//! Teams: Chatrang (four-handed shatranj in two teams) against Ludii 1.3.12, and what teams
//! mean on small descriptions of tests/teams/. Seeded random games of Ludii are replayed turn
//! by turn (tests/hunt/chatrang.ludii, written by tests/hunt/ludii_turns.py from the oracle's
//! dump, see its header): at every position the owners of the cells and the player to move
//! must agree, and so must the whole set of legal turns, each written as the cells its piece
//! stands on and the other players' cells it leaves empty (a capture, and every piece of a
//! player it puts out); at the end, the winning team. The counts from the start are in
//! tests/perft/chatrang.perft.
mod common;
use tabula::engine::{MatchState, Move, MoveKind, Outcome, Position};

/// The owners of the cells in Ludii's order (`.`, `1` to `4`), the player to move and the
/// pieces in hand (none), as the data writes a position.
fn described(pos: &Position, order: &[usize]) -> String {
    let cells = pos.cells();
    let board: String = order
        .iter()
        .map(|&c| match cells[c] {
            0 => '.',
            code => char::from(b'1' + pos.game.owner(code) as u8),
        })
        .collect();
    format!("{board} {} 0 0 0 0", pos.turn() + 1)
}

/// A move as the data writes a turn: the cells its piece stands on, then the other players'
/// cells it empties (found by playing it).
fn turn_text(pos: &Position, m: &Move) -> String {
    let name = |c: usize| pos.game.board.names[c].clone();
    let path = match m.kind {
        MoveKind::Pass => String::new(),
        _ => format!("{}-{}", name(m.from as usize), name(m.to as usize)),
    };
    let mut after = pos.clone();
    after.play_unchecked(m);
    let me = pos.turn();
    let mut emptied: Vec<String> = (0..pos.cells().len())
        .filter(|&c| {
            let code = pos.cells()[c];
            code != 0 && pos.game.owner(code) != me && after.cells()[c] == 0
        })
        .map(name)
        .collect();
    emptied.sort();
    format!("{path}:{}", emptied.join(","))
}

/// Chatrang as Ludii plays it: every position, every legal turn and the winning team of 20
/// seeded random games.
#[test]
fn chatrang_replays_ludii_games() {
    let file = "tests/hunt/chatrang.ludii";
    let game = common::game("games/chatrang.game");
    let order = common::ludii_site_order(&game);
    let data = std::fs::read_to_string(common::root(file)).expect("reference data");
    let mut state: Option<MatchState> = None;
    let (mut games, mut positions, mut outs) = (0, 0, 0);
    for (i, line) in data.lines().enumerate() {
        let at = format!("chatrang.ludii:{}", i + 1);
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "game" => state = Some(MatchState::new(game.start())),
            "pos" => {
                let st = state.as_ref().expect("a game first");
                assert!(st.outcome().is_none(), "{at}: Tabula's game is over");
                assert_eq!(described(&st.pos, &order), rest, "{at}: the position");
                positions += 1;
            }
            "turns" => {
                let st = state.as_ref().expect("a game first");
                let mut want: Vec<&str> = rest.split(' ').skip(1).collect();
                want.sort_unstable();
                let mut got: Vec<String> =
                    st.moves().iter().map(|m| turn_text(&st.pos, m)).collect();
                got.sort();
                assert_eq!(got, want, "{at}: the legal turns");
            }
            "play" => {
                let st = state.as_mut().expect("a game first");
                let i = st
                    .moves()
                    .iter()
                    .position(|m| turn_text(&st.pos, m) == rest)
                    .unwrap_or_else(|| panic!("{at}: {rest} is not among Tabula's moves"));
                let before = (0..4).filter(|&p| st.pos.count(p, None) > 0).count();
                st.play_index(i);
                let after = (0..4).filter(|&p| st.pos.count(p, None) > 0).count();
                outs += before - after;
            }
            "end" => {
                let st = state.take().expect("a game first");
                let Some(Outcome::Win { player, .. }) = st.outcome() else {
                    panic!("{at}: Tabula's game is not won: {:?}", st.outcome());
                };
                // Ludii names the winning team by its first player.
                let ludii: usize = rest.parse().expect("the winner");
                assert!(
                    game.same_side(*player, ludii - 1),
                    "{at}: Tabula's winner {} is not in Ludii's winning team",
                    player + 1
                );
                games += 1;
            }
            _ => {}
        }
    }
    assert_eq!(games, 20);
    assert!(positions > 5000, "{positions} positions");
    // Some games put a player out before the end.
    assert!(outs > 0);
}
