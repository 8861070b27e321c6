//! `revenge()`: Bucky's madam's revenge (rule B4; B8 for chameleons).
//!
//! A hypnotized piece of the declaring kind, or a hypnotized chameleon holding such a role, may
//! still move, but only with a move that removes at least one opponent piece (directly or
//! through the cascade) and after which the square it left lies on no enemy hypnotizer's line.

use super::{chameleon, ArgValue, CompiledHook};
use crate::engine::{Game, Move, Position};
use crate::geometry::{Board, Cell};
use crate::model::KindId;

pub fn compile(_args: &[ArgValue], _board: &Board, _kind: KindId) -> CompiledHook {
    CompiledHook {
        revenge: true,
        ..CompiledHook::default()
    }
}

/// Whether the (hypnotized) piece on `cell` may take revenge: it has the hook, or it is a
/// chameleon holding the role of a piece that has it.
pub fn may_take_revenge(pos: &Position, cell: Cell) -> bool {
    let g = pos.game;
    let code = pos.at(cell);
    if g.revenge[code as usize] {
        return true;
    }
    if !g.borrows_roles[code as usize] {
        return false;
    }
    let (sources, n) = chameleon::role_sources(pos, cell);
    sources[..n].iter().any(|&s| g.revenge[pos.at(s) as usize])
}

/// Keeps, of the moves the piece on `from` generated (from index `start`), those that remove
/// an opponent piece and leave `from` out of every enemy hypnotizer's line.
pub fn retain_revenge(pos: &Position, from: Cell, start: usize, out: &mut Vec<Move>) {
    let g = pos.game;
    let Some(h) = &g.hypnosis else {
        return;
    };
    let me = Game::owner(pos.at(from));
    let before = pos.count(me ^ 1, None);
    let mut child = pos.clone();
    let mut i = start;
    while i < out.len() {
        child.clone_from(pos);
        child.play_unchecked(&out[i]);
        let removed = child.count(me ^ 1, None) < before;
        if removed && !super::hypnosis::covers(&child, h, from, me) {
            i += 1;
        } else {
            out.remove(i);
        }
    }
}
