//! `castle DIR with PIECE`: the unmoved royal piece moves two cells toward an unmoved partner
//! at least three cells away, which lands on the cell it crossed; never out of, through or
//! into an attacked cell.

use crate::engine::{Move, Position};
use crate::geometry::{Cell, NONE};

impl Position<'_> {
    pub(in crate::engine) fn castle(&self, king: Cell, dir: u8, partner: u8, out: &mut Vec<Move>) {
        let b = &self.game.board;
        if !self.unmoved.contains(king) {
            return;
        }
        let cross = b.step(king, dir);
        if cross == NONE {
            return;
        }
        let land = b.step(cross, dir);
        if land == NONE {
            return;
        }
        let mut t = king;
        let mut dist = 0;
        let rook = loop {
            t = b.step(t, dir);
            if t == NONE {
                return;
            }
            dist += 1;
            if self.cells[t as usize] != 0 {
                break t;
            }
        };
        if dist < 3 || self.cells[rook as usize] != partner || !self.unmoved.contains(rook) {
            return;
        }
        let enemy = self.turn as usize ^ 1;
        if [king, cross, land]
            .iter()
            .any(|&x| self.attacked_on(&self.cells, x, enemy))
        {
            return;
        }
        let mut m = Move::new(king, land);
        m.extra_from = rook;
        m.extra_to = cross;
        out.push(m);
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{game_of, moves};

    const PIECES: &str = "  piece king \"K\" royal {\n    castle east with rook as \"K\"\n  }\n  \
                          piece rook \"R\" {\n    slide orthogonal to enemy\n  }";

    #[test]
    fn castling_needs_unmoved_pieces_an_empty_path_and_no_attacked_cell() {
        let g = game_of(
            "square 6 x 2",
            PIECES,
            "    white king on a1\n    white rook on f1",
        );
        // King a1 to c1, the rook from f1 to b1; the right is in the position (`K`).
        assert_eq!(moves(&g, "6/K4R w K - 0 1"), ["a1-c1"]);
        // Without the right, or with a piece between, no castling.
        assert!(moves(&g, "6/K4R w - - 0 1").is_empty());
        assert!(moves(&g, "6/K1r2R w K - 0 1").iter().all(|m| m != "a1-c1"));
        // A black rook attacking b1 (the cell crossed) forbids it.
        assert!(moves(&g, "1r4/K4R w K - 0 1").iter().all(|m| m != "a1-c1"));
    }
}
