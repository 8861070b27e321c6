//! `capture along circuit RUN loop RUN loop ... [and circuit ...]` (Surakarta): the piece
//! slides along a circuit, either way round, over empty cells (the cell it starts from counts
//! as empty, so a slide may pass through it), and captures the first piece it meets if that
//! piece is an enemy and the slide has gone round at least one loop on the way. A cell may lie
//! on a circuit more than once (where the circuit crosses itself) and on several circuits: a
//! slide starts from every place the cell has on every circuit, and each capture (from, to) is
//! one move however many slides reach it. The move is a plain capture by replacement.

use crate::engine::{Move, Position};
use crate::geometry::Cell;

impl Position<'_> {
    pub(in crate::engine) fn circuit_moves(
        &self,
        circuits: &[Vec<(Cell, bool)>],
        c: Cell,
        code: u8,
        out: &mut Vec<Move>,
    ) {
        let start = out.len();
        for circuit in circuits {
            let n = circuit.len();
            for (i, &(cell, _)) in circuit.iter().enumerate() {
                if cell != c {
                    continue;
                }
                // Forward: the loop after cell k leads to k + 1. Backward: the loop after
                // cell k - 1 leads from k to k - 1.
                for forward in [true, false] {
                    let mut k = i;
                    let mut looped = false;
                    for _ in 1..n {
                        let next = if forward {
                            (k + 1) % n
                        } else {
                            (k + n - 1) % n
                        };
                        looped |= if forward {
                            circuit[k].1
                        } else {
                            circuit[next].1
                        };
                        k = next;
                        let t = circuit[k].0;
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
    }
}
