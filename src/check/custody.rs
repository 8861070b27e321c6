//! Custodial capture and cells only some pieces may enter: `capture by custody ...`,
//! `only PIECES may enter REGION`, and a piece's `on REGION, captured only when surrounded`.

use super::*;

impl Checker {
    /// The game's `capture by custody` line (at most one).
    pub(super) fn custody(&mut self, scope: &Scope, d: &Description) -> Option<Custody> {
        let mut first: Option<Span> = None;
        let mut out = None;
        for item in &d.items {
            let Item::Custody(c) = item else { continue };
            if let Some(f) = first {
                self.repeated(
                    "the game has more than one `capture by custody` line".into(),
                    c.span,
                    f,
                    "keep one line and list every hostile region in it",
                );
                continue;
            }
            first = Some(c.span);
            let dirs = self.dirs(scope, &c.dirs, 0, true);
            let (mut hostile, mut when_empty) = (CellSet::EMPTY, CellSet::EMPTY);
            let mut ok = dirs.is_some();
            for (region, only_empty) in &c.against {
                match self.region(scope, region, None) {
                    Some(s) if *only_empty => when_empty = when_empty.union(&s),
                    Some(s) => hostile = hostile.union(&s),
                    None => ok = false,
                }
            }
            if let (true, Some(dirs)) = (ok, dirs) {
                out = Some(Custody {
                    dirs,
                    hostile,
                    hostile_when_empty: when_empty,
                });
            }
        }
        out
    }

    /// The game's `only PIECES may enter REGION` lines.
    pub(super) fn entries(
        &mut self,
        scope: &Scope,
        d: &Description,
    ) -> Vec<(Vec<KindId>, CellSet)> {
        let mut out = Vec::new();
        for item in &d.items {
            let Item::Entry {
                pieces, regions, ..
            } = item
            else {
                continue;
            };
            let kinds: Vec<KindId> = pieces.iter().filter_map(|n| self.kind(scope, n)).collect();
            let mut cells = CellSet::EMPTY;
            let mut ok = kinds.len() == pieces.len();
            for r in regions {
                match self.region(scope, r, None) {
                    Some(s) if s.is_empty() => {
                        self.invalid(r.span, "this region has no cells", "name the cells it bars");
                        ok = false;
                    }
                    Some(s) => cells = cells.union(&s),
                    None => ok = false,
                }
            }
            if ok {
                out.push((kinds, cells));
            }
        }
        out
    }

    /// `captured only when surrounded` says how custody takes a piece: without custody in the
    /// game it can mean nothing.
    pub(super) fn surrounded_without_custody(&mut self, d: &Description) {
        for item in &d.items {
            let Item::Piece(p) = item else { continue };
            for r in &p.rules {
                if let RuleDecl::Surrounded { span, .. } = r {
                    self.invalid(
                        *span,
                        "`captured only when surrounded` needs custodial capture",
                        "add `capture by custody orthogonal` (with its directions) to the game",
                    );
                }
            }
        }
    }
}
