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
        if self.ep_targets.is_empty() || !self.enemy_of(self.cells[self.ep_victim as usize]) {
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
