//! `capture en passant DIRS` (or `smash en passant`): onto a cell an enemy double step just
//! passed, taking the piece that made it; a smash takes it and stays put.

use crate::engine::{Move, MoveKind, Position};
use crate::geometry::{Cell, NONE};

impl Position<'_> {
    /// The en-passant captures of the piece on `c`.
    pub(in crate::engine) fn en_passant_moves(
        &self,
        c: Cell,
        code: u8,
        dirs: &[u8],
        smash: bool,
        out: &mut Vec<Move>,
    ) {
        if self.ep_targets.is_empty()
            || !self.enemy_of(self.cells[self.ep_victim as usize])
            || self.unkillable(self.ep_victim)
        {
            return;
        }
        let b = &self.game.board;
        for &d in dirs {
            let t = b.step(c, d);
            if t == NONE || !self.ep_targets.contains(t) || self.cells[t as usize] != 0 {
                continue;
            }
            let mut m = Move::new(c, t);
            m.ncap = 1;
            m.caps[0] = self.ep_victim;
            if smash {
                // The smasher stays; the cell it aimed at is kept for the notation.
                m.kind = MoveKind::Smash;
                m.to = c;
                m.path[0] = t;
                m.npath = 1;
            }
            self.emit(m, code, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{game_of, moves};

    const PAWN: &str = "  piece pawn \"P\" {\n    \
                        step forward twice to empty from my rank 1, may be taken en passant\n    \
                        capture en passant forward-left, forward-right\n  }";

    #[test]
    fn en_passant_takes_the_piece_that_just_passed() {
        let g = game_of("square 3 x 4", PAWN, "    white pawn on a1");
        // Black's pawn has just gone b4-b2 (from its rank 1), passing b3, which the position
        // marks: white's pawn on a2 takes it by moving to b3.
        assert_eq!(moves(&g, "3/3/Pp1/3 w b3 0 1"), ["a2xb3"]);
        // No mark, no capture.
        assert!(moves(&g, "3/3/Pp1/3 w - 0 1").is_empty());
    }
}
