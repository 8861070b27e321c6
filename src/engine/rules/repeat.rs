//! `a move may not repeat a position for the third time` (Arimaa): a move that would bring
//! about a position (the side to move included, as every repetition line counts it) that has
//! already occurred `N - 1` times in the game is not legal. Only a played game has the
//! history this reads ([`crate::engine::MatchState`], [`crate::engine::Playout`]); perft, from
//! a position alone, lists such moves.

use super::super::{Move, Position};

/// Whether playing `m` at `pos` would bring about a position for the `pos.game.no_repeat`-th
/// time, given how often each position (by hash) has occurred in the game (`occurred`).
/// `after` is a scratch position (overwritten).
pub fn repeats<'g>(
    pos: &Position<'g>,
    m: &Move,
    after: &mut Position<'g>,
    occurred: impl Fn(u64) -> usize,
) -> bool {
    let n = pos.game.no_repeat as usize;
    if n == 0 {
        return false;
    }
    after.clone_from(pos);
    after.play_unchecked(m);
    occurred(after.hash()) + 1 >= n
}

/// Drops from `moves`, the legal moves at `pos`, those that [`repeats`] forbids.
pub fn drop_repeats<'g>(
    pos: &Position<'g>,
    moves: &mut Vec<Move>,
    after: &mut Position<'g>,
    occurred: impl Fn(u64) -> usize,
) {
    if pos.game.no_repeat == 0 {
        return;
    }
    moves.retain(|m| !repeats(pos, m, after, &occurred));
}
