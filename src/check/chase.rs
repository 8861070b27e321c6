//! `on perpetual chase[, not by PIECES][, not of PIECES [in REGION]]` (Xiangqi): the kinds that
//! chase and the cells where a kind is not chased, and the line's one mistake of its own: a
//! line that leaves no piece to chase with can never apply.

use super::*;
use crate::ast::ChaseDecl;
use crate::model::Chase;

impl Checker {
    pub(super) fn chase(&mut self, scope: &Scope, d: &ChaseDecl) -> Option<Chase> {
        let n = scope.kinds.len();
        let mut chase = Chase {
            chasers: scope.kinds.values().map(|k| !k.royal).collect(),
            spared: vec![[CellSet::EMPTY; MAX_PLAYERS]; n],
            in_region: vec![false; n],
        };
        let mut ok = true;
        for name in &d.not_by {
            match self.kind(scope, name) {
                Some(k) => chase.chasers[k] = false,
                None => ok = false,
            }
        }
        for (names, region) in &d.not_of {
            let cells = match region {
                Some(r) => self.player_regions(scope, r),
                None => {
                    let mut all = CellSet::EMPTY;
                    (0..scope.board.len()).for_each(|c| all.insert(c as Cell));
                    Some([all; MAX_PLAYERS])
                }
            };
            for name in names {
                match (self.kind(scope, name), &cells) {
                    (Some(k), Some(cells)) => {
                        chase.in_region[k] |= region.is_some();
                        for (spared, c) in chase.spared[k].iter_mut().zip(cells) {
                            *spared = spared.union(c);
                        }
                    }
                    _ => ok = false,
                }
            }
        }
        if ok && !chase.chasers.contains(&true) {
            self.invalid(
                d.span,
                "no piece is left to chase with, so the line can never apply",
                "leave out of `not by` a piece that captures, or remove the line",
            );
            return None;
        }
        ok.then_some(chase)
    }
}
