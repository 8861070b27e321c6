//! The game's rules about captures as a whole: the priorities among them (`capture is
//! compulsory and must take ..., then ...`) and when captured pieces leave the board
//! (`captured pieces are removed at once`).

use super::*;
use crate::model::JumpRule;

impl Checker {
    /// The priorities of the game's `capture is compulsory and must take ...` line, in order
    /// (empty without one).
    pub(super) fn capture_order(&mut self, scope: &Scope, d: &Description) -> Vec<Priority> {
        let Some(order) = d.items.iter().find_map(|i| match i {
            Item::Capture { order, .. } => Some(order),
            _ => None,
        }) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for p in order {
            let priority = match p {
                PriorityDecl::Pieces => Some(Priority::Pieces),
                PriorityDecl::Worth(_) => Some(Priority::Worth),
                PriorityDecl::By(n) => self.kind(scope, n).map(Priority::By),
                PriorityDecl::Most(n) => self.kind(scope, n).map(Priority::Most),
                PriorityDecl::Earliest(n) => self.kind(scope, n).map(Priority::Earliest),
            };
            out.extend(priority);
        }
        out
    }

    /// `captured pieces are removed at once`: at most one line, and only where some piece
    /// captures by a chain of jumps (the only moves it changes).
    pub(super) fn removed_at_once(&mut self, d: &Description, kinds: &[KindModel]) -> bool {
        let mut first: Option<Span> = None;
        for item in &d.items {
            let Item::RemovedAtOnce(span) = item else {
                continue;
            };
            self.once(
                &mut first,
                *span,
                "captured pieces are removed at once",
                "keep one of them",
            );
        }
        let Some(span) = first else {
            return false;
        };
        let chains = kinds
            .iter()
            .flat_map(|k| k.rules.iter().flatten())
            .any(|r| {
                matches!(
                    r,
                    RuleModel::Jump(JumpRule {
                        hurdle: Hurdle::Enemy,
                        repeatedly: true,
                        ..
                    })
                )
            });
        if !chains {
            self.err(CheckError::Unreachable {
                span,
                reason: "no piece captures by a chain of jumps".into(),
                hint: "captured pieces leave at once only from a `jump ... over enemy repeatedly` chain"
                    .into(),
            });
        }
        true
    }

    /// `captures explode along DIRS[, sparing PIECES]`: at most one line.
    pub(super) fn explosion(&mut self, scope: &Scope, d: &Description) -> Option<Explosion> {
        let mut first: Option<Span> = None;
        let mut out = None;
        for item in &d.items {
            let Item::Explode {
                dirs,
                sparing,
                span,
            } = item
            else {
                continue;
            };
            self.once(
                &mut first,
                *span,
                "captures explode",
                "keep one of them, with all its directions",
            );
            let ds = self.dirs(scope, dirs, 0, true);
            let mut spared = 0u128;
            for n in sparing {
                if let Some(k) = self.kind(scope, n) {
                    spared |= 1 << k;
                }
            }
            if let (Some(dirs), None) = (ds, &out) {
                out = Some(Explosion { dirs, spared });
            }
        }
        out
    }
}
