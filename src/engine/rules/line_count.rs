//! `move DIRS as far as there are pieces on its line[, over friends]` (Lines of Action): the
//! piece moves exactly as many cells as there are pieces, of both sides and itself included,
//! on the whole line it moves along; it may pass over its own pieces only with `over friends`,
//! never over enemies, and lands as its target says.

use crate::engine::{Move, Position};
use crate::geometry::{Cell, NONE};
use crate::model::Target;

impl Position<'_> {
    pub(super) fn line_count_moves(
        &self,
        c: Cell,
        code: u8,
        dirs: &[u8],
        over_friends: bool,
        target: Target,
        out: &mut Vec<Move>,
    ) {
        let b = &self.game.board;
        let me = self.game.owner(code);
        for &d in dirs {
            let mut pieces = 1;
            for dir in [d, b.opposite[d as usize]] {
                let mut t = b.step(c, dir);
                while t != NONE {
                    pieces += usize::from(self.cells[t as usize] != 0);
                    t = b.step(t, dir);
                }
            }
            // Pass `pieces - 1` cells, then land.
            let mut t = c;
            let mut open = true;
            for i in 0..pieces {
                t = b.step(t, d);
                if t == NONE {
                    open = false;
                    break;
                }
                let occ = self.cells[t as usize];
                if i + 1 < pieces && occ != 0 && !(over_friends && self.game.owner(occ) == me) {
                    open = false;
                    break;
                }
            }
            if open {
                self.emit_onto(c, t, target, code, out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{game, moves};

    #[test]
    fn a_move_goes_as_far_as_there_are_pieces_on_its_line() {
        let g = game(
            "square 4 x 1",
            "stone \"S\"",
            &["move all as far as there are pieces on its line, over friends"],
        );
        // Two pieces on the line: a1 goes two cells, over its friend on b1, to c1.
        assert_eq!(moves(&g, "SS2 w"), ["a1-c1", "b1-d1"]);
        // Never over an enemy: black's b1 bars white's a1, which has no other line.
        assert!(moves(&g, "Ss2 w").is_empty());
    }
}
