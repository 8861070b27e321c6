//! `revenge()`: Bucky's madam's revenge (rule B4; B8 for chameleons).
//!
//! A hypnotized piece of the declaring kind, or a hypnotized chameleon holding such a role, may
//! still move, but only with a move that removes at least one opponent piece (directly or
//! through the cascade) and after which the square it left lies on no enemy hypnotizer's line.

//!
//! The piece hook is a marker: [`super::hypnosis`] finds the pieces that declare it by name
//! and calls the functions here for its frozen pieces.

use super::hypnosis::Hypnosis;
use super::{chameleon, ArgValue, PieceHook};
use crate::engine::{Game, Move, MoveKind, Position};
use crate::geometry::{Board, Cell};
use crate::model::KindId;

pub fn compile(_args: &[ArgValue], _board: &Board, _kind: KindId) -> PieceHook {
    PieceHook::default()
}

/// Whether the (hypnotized) piece on `cell` may take revenge: it has the hook, or it is a
/// chameleon holding the role of a piece that has it.
pub fn may_take_revenge(pos: &Position, h: &Hypnosis, cell: Cell) -> bool {
    let code = pos.at(cell);
    if h.revenge[code as usize] {
        return true;
    }
    if !pos.game.borrows_moves[code as usize] {
        return false;
    }
    chameleon::chain(pos, cell)
        .sources()
        .iter()
        .any(|&s| h.revenge[pos.at(s) as usize])
}

/// Whether `after`, the position after a move from `from` by `mover`'s hypnotized piece, shows
/// revenge: the opponent, who had `foes` pieces, lost one, and no enemy hypnotizer's line
/// reaches `from`.
pub fn took_revenge(after: &Position, h: &Hypnosis, from: Cell, mover: usize, foes: usize) -> bool {
    after.count(mover ^ 1, None) < foes && !super::hypnosis::covers(after, h, from, mover)
}

/// Keeps, of the moves the piece on `from` generated (from index `start`), those that remove
/// an opponent piece and leave `from` out of every enemy hypnotizer's line.
pub fn retain_revenge(pos: &Position, h: &Hypnosis, from: Cell, start: usize, out: &mut Vec<Move>) {
    let g = pos.game;
    let me = Game::owner(pos.at(from));
    let before = pos.count(me ^ 1, None);
    // Copied only if some move gets past the quick test.
    let mut child: Option<Position> = None;
    let n = pos.cells().len();
    let mut cells = [0u8; 256];
    let mut i = start;
    while i < out.len() {
        // A move that takes nothing removes an opponent piece only through the cascade:
        // without one it is no revenge (tested on the cells alone).
        if out[i].ncap == 0 && matches!(out[i].kind, MoveKind::Normal | MoveKind::DoubleStep) {
            cells[..n].copy_from_slice(pos.cells());
            crate::engine::apply_cells(&mut cells[..n], &out[i]);
            if !super::hypnosis::cascade_starts(g, h, &cells[..n]) {
                out.remove(i);
                continue;
            }
        }
        let child = child.get_or_insert_with(|| pos.clone());
        child.clone_from(pos);
        child.play_unchecked(&out[i]);
        if took_revenge(child, h, from, me, before) {
            i += 1;
        } else {
            out.remove(i);
        }
    }
}
