//! `making N in a row [along DIRS] [by a placement|move] removes an enemy piece[, not one in
//! a row unless all are]` (Nine Men's Morris): a placement or move (of the kind `by` names)
//! whose piece ends in a line of N or more of the mover's pieces is made once for each enemy
//! piece it may then remove, the removal being part of the turn (listed in the move's
//! captures, written `d7xa1` or `a1-a4xd7`). With the protection clause, enemy pieces standing
//! in such a line of their own are spared unless every enemy piece does. Whether a line earns
//! another part of the turn is read here too (`Position::earning_mill`); the turns it makes
//! are found in `earned.rs`.

use crate::engine::{Move, MoveKind, Position};
use crate::geometry::{Cell, NONE};
use crate::model::Mill;

impl Position<'_> {
    /// Replaces each move of `out[start..]` that makes a line of a mill that removes by its
    /// variants, one per enemy piece it may remove.
    pub(in crate::engine) fn add_mill_removals(&self, out: &mut Vec<Move>, start: usize) {
        for mill in self.game.mills.iter().filter(|m| m.removes) {
            self.add_removals(mill, out, start);
        }
    }

    /// The line `m` (a move of the player to move, from this position) makes that earns
    /// another part of the turn: the mill, if any.
    pub(in crate::engine) fn earning_mill(&self, m: &Move) -> Option<&Mill> {
        let (code, placement) = match m.kind {
            MoveKind::Place => (m.promote, true),
            MoveKind::Normal => (self.cells[m.from as usize], false),
            _ => return None,
        };
        self.game
            .mills
            .iter()
            .find(|mill| mill.earns.is_some() && mill.counts_for(placement))
            .filter(|mill| self.makes_line(mill, m, code))
    }

    /// [`Position::add_mill_removals`] for one mill.
    fn add_removals(&self, mill: &Mill, out: &mut Vec<Move>, start: usize) {
        let end = out.len();
        for i in start..end {
            let m = &out[i].clone();
            let code = match m.kind {
                MoveKind::Place if mill.counts_for(true) => m.promote,
                MoveKind::Normal if mill.counts_for(false) => self.cells[m.from as usize],
                _ => continue,
            };
            if !self.makes_line(mill, m, code) {
                continue;
            }
            let enemy = self.game.owner(code) ^ 1;
            let targets = move |spare: bool| {
                (0..self.cells.len() as Cell).filter(move |&c| {
                    let v = self.after(m, code, c);
                    v != 0
                        && self.game.owner(v) == enemy
                        && !self.unkillable(c)
                        && !(spare && self.in_line(mill, m, code, c, enemy))
                })
            };
            let spare = mill.protect && targets(true).next().is_some();
            let mut first = true;
            for c in targets(spare) {
                let mut v = m.clone();
                v.push_capture(c);
                if first {
                    out[i] = v;
                    first = false;
                } else {
                    out.push(v);
                }
            }
        }
    }

    /// What stands on `c` once `m` (a move of a piece of `code`) is made.
    #[inline]
    fn after(&self, m: &Move, code: u8, c: Cell) -> u8 {
        if c == m.to {
            code
        } else if c == m.from || m.captures().contains(&c) {
            0
        } else {
            self.cells[c as usize]
        }
    }

    /// Whether the piece `m` moves or places ends in a line of the mover's pieces.
    fn makes_line(&self, mill: &Mill, m: &Move, code: u8) -> bool {
        self.in_line(mill, m, code, m.to, self.game.owner(code))
    }

    /// Whether the piece of `owner` on `c` stands in a line of `mill.length` of `owner`'s
    /// pieces, on the board after `m`.
    fn in_line(&self, mill: &Mill, m: &Move, code: u8, c: Cell, owner: usize) -> bool {
        let b = &self.game.board;
        let mine = |x: Cell| {
            x != NONE && {
                let v = self.after(m, code, x);
                v != 0 && self.game.owner(v) == owner
            }
        };
        mill.axes.iter().any(|&a| {
            let mut n = 1;
            for d in [a, b.opposite[a as usize]] {
                let mut t = b.step(c, d);
                while mine(t) {
                    n += 1;
                    t = b.step(t, d);
                }
            }
            n >= mill.length as usize
        })
    }
}
