//! `promote to PIECES in place[ or by a step DIRS][, from REGION[ or anywhere when it is my last
//! PIECE]][, only while I have no PIECES][, not attacking an enemy][, not giving check]`
//! (Sittuyin): a promotion that is a move of its own, resolved for one player, and the mistakes
//! of the line (a choice that is the piece itself, a kind closed that is no choice, a last
//! piece that is not this one).

use super::*;

impl Checker {
    /// Resolves the line for player `p` (`report` as for [`Checker::rule`]).
    pub(super) fn promote_move_rule(
        &mut self,
        scope: &Scope,
        r: &RuleDecl,
        p: PlayerId,
        report: bool,
    ) -> Option<RuleModel> {
        let RuleDecl::PromoteMove {
            to,
            steps,
            from,
            last,
            none_of,
            no_attack,
            no_check,
            ..
        } = r
        else {
            return None;
        };
        let kinds: Vec<KindId> = to
            .iter()
            .map(|n| self.reported(report, |c| c.kind(scope, n)))
            .collect::<Option<_>>()?;
        let dirs = self.dirs(scope, steps, p, report)?;
        let from = match from {
            Some(region) => Some(self.reported(report, |c| c.region(scope, region, Some(p)))?),
            None => None,
        };
        let mut closed = vec![false; kinds.len()];
        for n in none_of {
            let k = self.reported(report, |c| c.kind(scope, n))?;
            match kinds.iter().position(|&t| t == k) {
                Some(i) => closed[i] = true,
                None => {
                    return self.reject(
                        report,
                        n.span,
                        format!("`{}` is not one of the choices of this promotion", n.text),
                        "list it after `promote to`, or leave it out here",
                    )
                }
            }
        }
        Some(RuleModel::PromoteMove {
            to: kinds,
            dirs,
            from,
            when_last: last.is_some(),
            closed,
            no_attack: *no_attack,
            no_check: *no_check,
        })
    }

    /// The mistakes that need the piece the line belongs to: a choice that is the piece
    /// itself (the move would change nothing), a last piece that is another kind.
    pub(super) fn promote_move_piece(&mut self, scope: &Scope, piece: &Name, r: &RuleDecl) {
        let RuleDecl::PromoteMove { to, last, .. } = r else {
            return;
        };
        for n in to {
            if self.kind(scope, n).is_some() && self.kind(scope, n) == self.kind(scope, piece) {
                self.invalid(
                    n.span,
                    format!(
                        "a {} that promotes to a {} changes nothing",
                        piece.text, n.text
                    ),
                    "name only the kinds it may become: staying as it is needs no move",
                );
            }
        }
        if let Some(n) = last {
            if self.kind(scope, n).is_some() && self.kind(scope, n) != self.kind(scope, piece) {
                self.invalid(
                    n.span,
                    format!("`{}` is not this piece", n.text),
                    format!(
                        "write `when it is my last {}`: the piece that promotes",
                        piece.text
                    ),
                );
            }
        }
    }
}
