//! Opening removals (`to open, PLAYER removes a PIECE on REGION`, `... next to an empty cell
//! along DIRS`): a player's first turn takes one of their own pieces off the board, and is
//! nothing else (Konane: the first player lifts a piece from a corner or the centre, the
//! second one next to the hole it left). The turn is a player's first while the game's plies
//! number no more than the players before them, so positions need no memory of it; the move
//! is a `MoveKind::Off` of the piece, written `d5-off`.

use crate::engine::{Move, MoveKind, Position};
use crate::geometry::{Cell, CellSet, NONE};

/// One player's opening removal, compiled.
#[derive(Clone, Debug)]
pub struct Opening {
    pub player: usize,
    /// The code of the pieces that may be removed.
    pub code: u8,
    pub cells: CellSet,
    /// Only a piece with an empty neighbour along one of these directions (absolute), if any.
    pub next_to_empty: Option<Vec<u8>>,
}

impl Position<'_> {
    /// The opening removal of the player to move, if this is their first turn and they have
    /// one: the moves go to `out` and the answer is true (then they are the player's only
    /// moves, none at all if no piece may go).
    pub(in crate::engine) fn opening_moves(&self, out: &mut Vec<Move>) -> bool {
        let me = self.turn as usize;
        let Some(o) = self.game.openings.iter().find(|o| o.player == me) else {
            return false;
        };
        if self.ply != me as u32 {
            return false;
        }
        let b = &self.game.board;
        for c in o.cells.iter() {
            if self.cells[c as usize] != o.code {
                continue;
            }
            if let Some(dirs) = &o.next_to_empty {
                let hole = dirs.iter().any(|&d| {
                    let n = b.step(c, d);
                    n != NONE && self.cells[n as usize] == 0
                });
                if !hole {
                    continue;
                }
            }
            out.push(removal(c));
        }
        true
    }
}

/// The move that takes the piece on `c` off the board.
fn removal(c: Cell) -> Move {
    let mut m = Move::new(c, c);
    m.kind = MoveKind::Off;
    m
}
