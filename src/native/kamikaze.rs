//! `kamikaze()`: a piece that captures is removed with its victim. The smallest hook, and the
//! one grammar/README.md ("Writing a hook") walks through: one entry point, no parameters, no
//! data.

use super::{ArgValue, MoveFacts, PieceHook};
use crate::geometry::Board;
use crate::model::KindId;

/// Called once per piece kind that declares the hook, when the game is compiled.
pub fn compile(_args: &[ArgValue], _board: &Board, _kind: KindId) -> PieceHook {
    PieceHook {
        after_move: Some(after_move),
        ..PieceHook::default()
    }
}

/// After each move of the piece: remove it if the move captured anything.
fn after_move(m: &MoveFacts, _data: &[u8]) -> bool {
    m.captured > 0
}
