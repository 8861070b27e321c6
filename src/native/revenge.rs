//! `revenge()`: Bucky's madam's revenge (rule B4; B8 for chameleons).
//!
//! A hypnotized piece of the declaring kind, or a hypnotized chameleon holding such a role, may
//! still move, but only with a move that removes at least one opponent piece (directly or
//! through the cascade) and after which the square it left lies on no enemy hypnotizer's line.
//!
//! The piece hook is a marker: [`super::hypnosis`] finds the pieces that declare it by name
//! and lets them act while hypnotized, under these conditions.

use super::{ArgValue, PieceHook};
use crate::geometry::Board;
use crate::model::KindId;

pub fn compile(_args: &[ArgValue], _board: &Board, _kind: KindId) -> PieceHook {
    PieceHook::default()
}
