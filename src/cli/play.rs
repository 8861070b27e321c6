//! `tabula play`: a terminal game.

use super::{Fail, Side};
use tabula::engine::{Game, Position};

pub fn run(_g: &Game, _pos: Position, _sides: [Side; 2], _seed: u64) -> Result<(), Fail> {
    Err(Fail("play is not ready yet".into(), 2))
}
