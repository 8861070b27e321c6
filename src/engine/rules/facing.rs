//! `royal pieces that face each other along DIRS must part` (Janggi's bikjang): when a royal
//! piece of each side stands on one line of those directions with nothing between as a turn
//! begins, every move but a pass must leave them apart, and where players may pass, a pass is
//! legal then even in check. Also read by the end line `after 1 pass in a row while royal
//! pieces face each other`.

use crate::engine::legality::apply_cells;
use crate::engine::{Move, MoveKind, Position};
use crate::geometry::{Cell, MAX_CELLS, NONE};

impl Position<'_> {
    /// Whether royal pieces of different sides face each other on `cells` along the game's
    /// `must part` directions.
    pub(in crate::engine) fn royals_facing(&self, cells: &[u8]) -> bool {
        let g = self.game;
        let b = &g.board;
        cells.iter().enumerate().any(|(c, &code)| {
            code != 0
                && g.royal[code as usize]
                && g.part_dirs.iter().any(|&d| {
                    let s = super::slide::first_along(b, cells, c as Cell, d);
                    s != NONE && {
                        let other = cells[s as usize];
                        g.royal[other as usize] && g.owner(other) != g.owner(code)
                    }
                })
        })
    }

    /// Whether royal pieces of different sides face each other now along the game's `must
    /// part` directions (then every move but a pass must part them).
    pub fn royals_face(&self) -> bool {
        !self.game.part_dirs.is_empty() && self.royals_facing(&self.cells)
    }

    /// Where royal pieces face each other as the turn begins: keeps the moves that part them,
    /// and the pass (put back where royal safety took it away).
    pub(in crate::engine) fn retain_parting(&self, out: &mut Vec<Move>) {
        if !self.royals_facing(&self.cells) {
            return;
        }
        let n = self.cells.len();
        let mut scratch = [0u8; MAX_CELLS];
        out.retain(|m| {
            if m.kind == MoveKind::Pass {
                return true;
            }
            scratch[..n].copy_from_slice(&self.cells);
            apply_cells(self.game, &mut scratch[..n], m);
            !self.royals_facing(&scratch[..n])
        });
        if self.game.may_pass_for(self.turn as usize)
            && !out.iter().any(|m| m.kind == MoveKind::Pass)
        {
            out.push(Move::pass());
        }
    }
}
