//! Leaps and rides: `leap (A, B)` and `ride (A, B)`, their offsets in every sign and order,
//! kept to those pointing `toward` some directions.

use super::*;

impl Checker {
    /// `leap (A, B) [toward DIRS] [TARGET] [from REGION][, blocked in between][, then fresh]`.
    pub(super) fn leap_rule(
        &mut self,
        scope: &Scope,
        r: &RuleDecl,
        p: PlayerId,
        report: bool,
    ) -> Option<RuleModel> {
        let RuleDecl::Leap {
            a,
            b,
            target,
            blocked,
            toward,
            from,
            then_fresh,
            first_move,
            span,
        } = r
        else {
            return None;
        };
        let from = match from {
            Some(reg) => Some(self.reported(report, |c| c.region(scope, reg, Some(p)))?),
            None => None,
        };
        let first_move = match first_move {
            Some(f) => Some(self.first_move(scope, f, p, report)?),
            None => None,
        };
        let offsets = self.leap_offsets(scope, (a, b), toward, *span, p, report)?;
        Some(RuleModel::Leap {
            offsets,
            target: Self::target(*target, Target::EmptyOrEnemy),
            label: (a.value, b.value),
            blocked: *blocked,
            from,
            then_fresh: *then_fresh,
            first_move,
        })
    }

    /// `, only as its first move[, not while in check][, lost once an enemy PIECE lands in
    /// line along DIRS]`: being in check needs a royal piece.
    fn first_move(
        &mut self,
        scope: &Scope,
        f: &FirstMoveDecl,
        p: PlayerId,
        report: bool,
    ) -> Option<FirstMove> {
        if f.not_in_check && !scope.kinds.values().any(|k| k.royal) {
            if report {
                self.invalid(
                    f.span,
                    "only a royal piece can be in check, and this game has none",
                    "mark the piece that is checked `royal` (`piece king \"K\" royal`), or \
                     leave out `, not while in check`",
                );
            }
            return None;
        }
        let lost = match &f.lost {
            None => None,
            Some((piece, names)) => {
                let k = if report {
                    self.kind(scope, piece)
                } else {
                    scope.kinds.get_index_of(&piece.text)
                };
                let ds = self.dirs(scope, names, p, report);
                Some((k?, ds?))
            }
        };
        Some(FirstMove {
            not_in_check: f.not_in_check,
            lost,
        })
    }

    /// `ride (A, B) [toward DIRS] [TARGET]`: the leap repeated along its line; it cannot smash.
    pub(super) fn ride_rule(
        &mut self,
        scope: &Scope,
        r: &RuleDecl,
        p: PlayerId,
        report: bool,
    ) -> Option<RuleModel> {
        let RuleDecl::Ride {
            a,
            b,
            target,
            toward,
            span,
        } = r
        else {
            return None;
        };
        let offsets = self.leap_offsets(scope, (a, b), toward, *span, p, report)?;
        Some(RuleModel::Ride {
            offsets,
            target: self.unsmashing(*target, "a ride", *span, report)?,
            label: (a.value, b.value),
        })
    }

    /// The offsets of a leap (or a ride) of `(a, b)`, in all eight combinations of signs and
    /// order, kept to those whose longer side points one of the `toward` directions.
    fn leap_offsets(
        &mut self,
        scope: &Scope,
        (a, bb): (&Number, &Number),
        toward: &Option<Vec<Name>>,
        span: Span,
        p: PlayerId,
        report: bool,
    ) -> Option<Vec<(i32, i32)>> {
        let b = &scope.board;
        if b.dirs.len() != 8 {
            if report {
                self.invalid(span, "leaps are defined on square boards only", "");
            }
            return None;
        }
        let (x, y) = (a.value as i32, bb.value as i32);
        if x == 0 && y == 0 {
            if report {
                self.err(CheckError::Unreachable {
                    span,
                    reason: "a leap of (0, 0) goes nowhere".into(),
                    hint: "a knight leaps (1, 2), a camel (1, 3)".into(),
                });
            }
            return None;
        }
        let mut offsets = Vec::new();
        for (dx, dy) in [(x, y), (y, x)] {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let o = (dx * sx, dy * sy);
                if !offsets.contains(&o) {
                    offsets.push(o);
                }
            }
        }
        if let Some(names) = toward {
            // Keep the leaps whose longer side points one of those ways: the part
            // along the direction is positive and at least the part across it.
            let ds = self.dirs(scope, names, p, report)?;
            offsets.retain(|&(ox, oy)| {
                ds.iter().any(|&d| {
                    let dir = &b.dirs[d as usize];
                    let along = ox * dir.dx + oy * dir.dy;
                    let across = ox * dir.dy - oy * dir.dx;
                    along > 0 && along.abs() >= across.abs()
                })
            });
        }
        Some(offsets)
    }
}
