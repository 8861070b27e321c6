//! Text forms of the engine's data: move notation, position strings, board drawings and game
//! summaries. Names appear here only as display text; no I/O happens here.

use super::{CastleRight, Game, Move, MoveKind, Position, Rule, NO_FILE};
use crate::geometry::{Cell, CellSet, Shape, NONE};
use crate::model::{Hurdle, Notation, Target};

mod board_read;
mod dots;
mod drawing;
mod notation;
mod pits;
mod position_read;
mod position_string;
mod summary;

pub use position_string::PositionError;
