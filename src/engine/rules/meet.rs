//! `meeting an enemy PIECES DIR removes both` (Byzantine chess's pawns, as Ludii reads "when
//! two Baidaq meet, the opponent captures them"): after each move of the piece, an enemy piece
//! of the kinds named on the next cell from its landing cell along the direction is removed,
//! and so is the piece itself. As with explosions, both removals are part of the move, added
//! as it is generated (the enemy piece a capture, the mover's own removal the `vanishes`
//! mark), so that royal safety, playing, hashing and move texts need nothing of their own.

use crate::engine::{Move, Position};
use crate::geometry::NONE;

impl Position<'_> {
    /// Adds the meeting after move `m` of a piece of `code`, if the piece meets anything.
    #[inline]
    pub(in crate::engine) fn add_meeting(&self, m: &mut Move, code: u8) {
        let g = self.game;
        let Some((dir, kinds)) = g.meets[code as usize] else {
            return;
        };
        let ahead = g.board.step(m.to, dir);
        if ahead == NONE || ahead == m.from || m.captures().contains(&ahead) {
            return;
        }
        let met = self.cells[ahead as usize];
        if met != 0 && g.owner(met) != g.owner(code) && kinds >> g.kind_of(met) & 1 != 0 {
            m.push_capture(ahead);
            m.vanishes = true;
        }
    }
}
