//! The rules of a placing phase beyond `pieces in hand must be placed first` (Placement
//! chess): `pieces in hand must be placed first, PIECES on both colours` and `pieces dropped on REGION may
//! castle with partners on REGION`.

use super::*;
use crate::geometry::Shape;

impl Checker {
    /// `pieces in hand must be placed first, PIECES on both colours`: the kind, which must be
    /// dropped (else it is never placed) on a square board (where cells have two colours).
    pub(super) fn colour_split(
        &mut self,
        scope: &Scope,
        d: &Description,
        kinds: &[KindModel],
    ) -> Option<KindId> {
        let mut out = None;
        for item in &d.items {
            let Item::HandFirst {
                split: Some((n, span)),
                ..
            } = item
            else {
                continue;
            };
            if out.is_some() {
                continue;
            }
            let k = self.kind(scope, n)?;
            let dropped = is_dropped(&kinds[k]);
            if !dropped {
                let kind = &kinds[k].name;
                self.invalid(
                    n.span,
                    format!("the {kind} is never dropped, so it is never placed"),
                    format!("give the {kind} a `drop on empty` rule"),
                );
            }
            if !matches!(scope.board.shape, Shape::Square { .. }) {
                self.invalid(
                    *span,
                    "only the cells of a square board have two colours",
                    "drop this rule, or play on a `board square W x H`",
                );
            }
            out = Some(k);
        }
        out
    }

    /// `pieces dropped on REGION... may castle with partners on REGION...`: per player, the
    /// castling pieces' cells and the partners' (at most one such line), meaningful only where
    /// some piece castles and some piece is dropped.
    pub(super) fn drop_castle(
        &mut self,
        scope: &Scope,
        d: &Description,
        kinds: &[KindModel],
    ) -> Option<PerPlayer<(CellSet, CellSet)>> {
        let mut out = None;
        for item in &d.items {
            let Item::DropCastle(pieces, partners, span) = item else {
                continue;
            };
            if out.is_some() {
                self.invalid(*span, "a second rule of castling after drops", "keep one");
                continue;
            }
            let rules = || kinds.iter().flat_map(|k| &k.rules).flatten();
            if !rules().any(|r| matches!(r, RuleModel::Castle { .. })) {
                self.invalid(
                    *span,
                    "no piece castles, so a dropped piece has no castling right to gain",
                    "give the king a castling rule: `castle east with rook as \"K\"`",
                );
            }
            if !rules().any(|r| matches!(r, RuleModel::Drop { .. })) {
                self.invalid(
                    *span,
                    "no piece is ever dropped",
                    "give the castling pieces a `drop on empty` rule",
                );
            }
            let mut cells = per_player(scope.players.len(), |_| (CellSet::EMPTY, CellSet::EMPTY));
            for (p, (a, b)) in cells.iter_mut().enumerate().take(scope.players.len()) {
                for r in pieces {
                    *a = a.union(&self.region(scope, r, Some(p))?);
                }
                for r in partners {
                    *b = b.union(&self.region(scope, r, Some(p))?);
                }
            }
            out = Some(cells);
        }
        out
    }
}

/// Whether a kind has a `drop` rule (for any player): only such a kind is ever placed from a
/// hand.
pub(super) fn is_dropped(kind: &KindModel) -> bool {
    kind.rules
        .iter()
        .flatten()
        .any(|r| matches!(r, RuleModel::Drop { .. }))
}
