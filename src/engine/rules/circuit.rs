//! `capture along circuit RUN loop RUN loop ... [and circuit ...]` (Surakarta): the piece
//! slides along a circuit, either way round, over empty cells (the cell it starts from counts
//! as empty, so a slide may pass through it), and captures the first piece it meets if that
//! piece is an enemy and the slide has gone round at least one loop on the way. A cell may lie
//! on a circuit more than once (where the circuit crosses itself) and on several circuits: a
//! slide starts from every place the cell has on every circuit, either way, and each capture
//! (from, to) is one move however many slides reach it. The move is a plain capture by
//! replacement. Each way round a circuit is compiled as its own list, written twice over, so a
//! slide is a straight walk along it.

use crate::engine::{Move, Position};
use crate::geometry::Cell;

impl Position<'_> {
    pub(in crate::engine) fn circuit_moves(
        &self,
        ways: &[Vec<(Cell, bool)>],
        at: &[(u8, u8)],
        c: Cell,
        code: u8,
        out: &mut Vec<Move>,
    ) {
        let start = out.len();
        for &(w, i) in at {
            let way = &ways[w as usize];
            let n = way.len() / 2;
            let i = i as usize;
            let mut looped = false;
            for k in i + 1..i + n {
                looped |= way[k - 1].1;
                let t = way[k].0;
                if t == c {
                    continue;
                }
                let occ = self.cells[t as usize];
                if occ == 0 {
                    continue;
                }
                if looped
                    && self.enemy_of(occ)
                    && !self.unkillable(t)
                    && !out[start..].iter().any(|m| m.to == t)
                {
                    let mut m = Move::new(c, t);
                    m.ncap = 1;
                    m.caps[0] = t;
                    self.emit(m, code, out);
                }
                break;
            }
        }
    }
}
