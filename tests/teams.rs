//! Teams: Chatrang (four-handed shatranj in two teams) against Ludii 1.3.12, and what teams
//! mean on small descriptions of tests/teams/. Seeded random games of Ludii are replayed turn
//! by turn (tests/hunt/chatrang.ludii, written by tests/hunt/ludii_turns.py from the oracle's
//! dump, see its header): at every position the owners of the cells and the player to move
//! must agree, and so must the whole set of legal turns, each written as the cells its piece
//! stands on and the other players' cells it leaves empty (a capture, and every piece of a
//! player it puts out); at the end, the winning team. The counts from the start are in
//! tests/perft/chatrang.perft.
mod common;
use tabula::engine::{Outcome, Position};

/// Chatrang as Ludii plays it: every position, every legal turn and the winning team of 20
/// seeded random games.
#[test]
fn chatrang_replays_ludii_games() {
    let (games, positions, outs) = common::replay_ludii_turns(
        "tests/hunt/chatrang.ludii",
        "games/chatrang.game",
        common::ludii_position,
        common::ludii_emptying_turn,
    );
    assert_eq!(games, 20);
    assert!(positions > 5000, "{positions} positions");
    // Some games put a player out before the end.
    assert!(outs > 0);
}

/// Chatrang's position `text` after the move from `a` to `b` of the player to move.
fn after<'g>(game: &'g tabula::engine::Game, text: &str, a: &str, b: &str) -> Position<'g> {
    let pos = Position::from_text(game, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let names = &game.board.names;
    let m = moves
        .iter()
        .find(|m| names[m.from as usize] == a && names[m.to as usize] == b)
        .unwrap_or_else(|| panic!("{a}{b} is not legal in {text}"));
    let mut next = pos.clone();
    next.play_unchecked(m);
    next
}

/// The cells holding pieces of `player`.
fn pieces_of(pos: &Position, player: usize) -> usize {
    pos.cells()
        .iter()
        .filter(|&&c| c != 0 && pos.game.owner(c) == player)
        .count()
}

/// Red's rook mates blue's king, boxed in by its own pawns: blue is out at once, before its
/// turn (its pieces leave the board), and the turn passes from red to yellow, then green, then
/// red again; the game goes on, green having a pawn. (Red, blue, yellow, green are players 0
/// to 3; the letters K R P, k p, J, j s are theirs.)
#[test]
fn a_checkmated_player_is_out_and_skipped() {
    let game = common::game("games/chatrang.game");
    let pos = after(&game, "7k/6pp/1sj5/8/8/8/8/R2KJ3 r 0 0 1", "a1", "a8");
    assert_eq!(pieces_of(&pos, 1), 0, "blue's pieces are removed");
    assert_eq!(pos.turn(), 2, "yellow moves after red, blue being out");
    assert!(pos.static_outcome().is_none(), "green still has a pawn");
    let pos = after(&game, &pos.to_text(), "e1", "f2");
    assert_eq!(pos.turn(), 3, "green after yellow");
    let pos = after(&game, &pos.to_text(), "c6", "c5");
    assert_eq!(pos.turn(), 0, "red after green, blue skipped");
}

/// A king left attacked by another player's move may be taken before its owner's turn: its
/// owner is out (`lose when I have no king`).
#[test]
fn a_player_whose_king_is_taken_is_out() {
    let game = common::game("games/chatrang.game");
    let pos = after(&game, "k7/7p/1s6/8/8/8/8/R2KJ1j1 r 0 0 1", "a1", "a8");
    assert_eq!(pieces_of(&pos, 1), 0, "blue's pawn leaves with its king");
    assert_eq!(pos.turn(), 2);
}

/// Taking the last piece the other team has besides its kings wins for the mover's team: red
/// and yellow both win (returns 1, -1, 1, -1).
#[test]
fn the_team_wins_when_the_enemies_have_only_kings() {
    let game = common::game("games/chatrang.game");
    let pos = after(&game, "7k/8/js6/8/8/8/8/1R1KJ3 r 0 0 1", "b1", "b6");
    let o = pos.static_outcome().expect("the game is over");
    let Outcome::Win { player, .. } = &o else {
        panic!("{o:?}");
    };
    assert!(game.same_side(*player, 0) && game.same_side(*player, 2));
    assert_eq!(&o.returns(&game)[..4], &[1.0, -1.0, 1.0, -1.0]);
    assert!(o.describe(&game).starts_with("red and yellow win"));
}

/// A partner's pieces are friends: red's rook stops before yellow's king and may not take it,
/// and a partner's piece never gives check.
#[test]
fn partners_pieces_are_friends() {
    let game = common::game("games/chatrang.game");
    let pos = Position::from_text(&game, "k7/8/8/8/8/8/8/R2J3K r 0 0 1").expect("position");
    let moves = pos.legal_move_texts();
    assert!(moves.contains(&"a1c1".to_string()));
    assert!(!moves.iter().any(|m| m.starts_with("a1d1")), "{moves:?}");
    // Yellow's rook on the king's file is no check for red.
    let pos = Position::from_text(&game, "k7/8/8/7j/8/8/8/K2T4 r 0 0 1").expect("position");
    assert!(!pos.in_check());
    let pos = Position::from_text(&game, "k7/8/8/7j/8/8/8/K2t4 r 0 0 1").expect("position");
    assert!(pos.in_check(), "blue's rook checks red");
}
