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
