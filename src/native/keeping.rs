//! Keeping (Ducarté's Keeper): a piece that stops on another piece and sits on it, making a
//! stack. The engine knows stacks in general (a kept piece under a cell's top piece, what
//! `kept` and `keeping` pieces are immune to, a push that frees a kept piece and leaves its
//! keeper slept); this hook adds the two moves that create stacks and the one freeze:
//!
//! - `keep(directions, unless_slept)`: the piece slides in `directions` over empty cells and
//!   may stop on the first piece it meets if that piece can be kept (not immune to `keep`, not
//!   itself in a stack), keeping it. It may not leave a kept piece of kind `unless_slept` (the
//!   Stealer) while that piece is awake; leaving any other kept piece frees it.
//! - `transfer()`: when the declaring piece (the Stealer) touches a kept piece, the keeping
//!   piece moves onto the declaring piece and keeps it instead, freeing the old one; not when
//!   it is keeping a piece of the declaring kind.

use super::{ArgValue, PieceHook};
use crate::engine::{Move, MoveKind, Position};
use crate::geometry::{Board, Cell, NONE};
use crate::model::effect;
use crate::model::KindId;

pub fn compile_keep(args: &[ArgValue], _board: &Board, _kind: KindId) -> PieceHook {
    let (ArgValue::Dirs(dirs), ArgValue::Kind(exempt)) = (args[0], args[1]) else {
        unreachable!("checker guarantees directions and a piece")
    };
    PieceHook {
        generate: Some(keep_moves),
        may_act: Some(may_leave),
        keeps: true,
        data: vec![(dirs & 0xff) as u8, (dirs >> 8) as u8, exempt as u8],
        ..PieceHook::default()
    }
}

pub fn compile_transfer(_args: &[ArgValue], _board: &Board, _kind: KindId) -> PieceHook {
    PieceHook {
        generate: Some(transfer_moves),
        ..PieceHook::default()
    }
}

fn dirs(data: &[u8]) -> impl Iterator<Item = u8> {
    let bits = u16::from(data[0]) | u16::from(data[1]) << 8;
    (0..16u8).filter(move |d| bits >> d & 1 != 0)
}

/// Slides to the first piece in each direction and keeps it, if it can be kept.
fn keep_moves(pos: &Position, cell: Cell, _code: u8, data: &[u8], out: &mut Vec<Move>) {
    let b = &pos.game.board;
    for d in dirs(data) {
        let mut t = cell;
        loop {
            t = b.step(t, d);
            if t == NONE {
                break;
            }
            if pos.at(t) == 0 {
                continue;
            }
            if pos.under_at(t) == 0 && !pos.immune(t, false, effect::KEEP) {
                let mut m = Move::new(cell, t);
                m.kind = MoveKind::Keep;
                out.push(m);
            }
            break;
        }
    }
}

/// A keeper may not leave an awake kept piece of the exempt kind (the Stealer).
fn may_leave(pos: &Position, cell: Cell, data: &[u8]) -> bool {
    let kept = pos.under_at(cell);
    kept == 0 || pos.game.kind_of(kept) != data[2] as usize || pos.is_slept(cell, true)
}

/// Transfers from each touching stack whose keeper does not keep a piece of this kind.
fn transfer_moves(pos: &Position, cell: Cell, code: u8, _data: &[u8], out: &mut Vec<Move>) {
    let b = &pos.game.board;
    let own_kind = pos.game.kind_of(code);
    for d in 0..b.dirs.len() as u8 {
        let t = b.step(cell, d);
        if t == NONE {
            continue;
        }
        let kept = pos.under_at(t);
        if kept != 0 && pos.game.kind_of(kept) != own_kind {
            let mut m = Move::new(cell, t);
            m.kind = MoveKind::Transfer;
            out.push(m);
        }
    }
}
