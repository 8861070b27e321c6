//! `slide DIRS to empty, then shoot PIECE along DIRS` (Amazons): the piece slides through
//! empty cells to an empty cell, then a new piece of the named kind (the mover's) is placed on
//! an empty cell that a slide along the shooting directions from the landing cell reaches; the
//! cell the piece left is empty by then. One move per (landing, target) pair.

use crate::engine::{Move, Position};
use crate::geometry::{Cell, NONE};

impl Position<'_> {
    pub(super) fn slide_then_shoot(
        &self,
        c: Cell,
        code: u8,
        dirs: &[u8],
        piece: u8,
        shoot: &[u8],
        out: &mut Vec<Move>,
    ) {
        let b = &self.game.board;
        // Empty for the shot: every empty cell, and the cell the piece has left.
        let empty = |t: Cell| t == c || self.cells[t as usize] == 0;
        let piece = crate::engine::code(
            crate::engine::Game::kind_of(piece),
            crate::engine::Game::owner(code),
        );
        for &d in dirs {
            let mut to = b.step(c, d);
            while to != NONE && self.cells[to as usize] == 0 {
                for &e in shoot {
                    let mut at = b.step(to, e);
                    while at != NONE && empty(at) {
                        let mut m = Move::new(c, to);
                        m.shot = at;
                        m.shot_code = piece;
                        out.push(m);
                        at = b.step(at, e);
                    }
                }
                to = b.step(to, d);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{game_of, moves};

    #[test]
    fn a_slide_then_a_shot_from_the_landing_cell() {
        let g = game_of(
            "square 3 x 1",
            "  piece amazon \"Q\" {\n    slide east to empty, then shoot arrow along all\n  }\n  \
             piece arrow \"X\" {\n  }",
            "    white amazon on a1",
        );
        // a1 to b1, then an arrow on a1 (the cell it left) or c1; a1 to c1, then b1 or a1.
        assert_eq!(
            moves(&g, "Q2 w"),
            ["a1-b1/a1", "a1-b1/c1", "a1-c1/a1", "a1-c1/b1"]
        );
    }
}
