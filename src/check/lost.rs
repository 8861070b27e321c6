//! `promote ..., each only if I have lost one` (Grand chess): the choices open only while
//! their player has fewer of that kind on the board than the setup gave them, and the
//! mistakes of the line: a kind named that is no choice, the piece itself, a kind the player
//! never starts with (so never loses).

use super::*;

impl Checker {
    /// Which of `kinds` (the resolved choices of `me`'s `promote` line) are open only once
    /// lost: every choice but the piece itself for `each`, else the kinds named.
    pub(super) fn promote_lost(
        &mut self,
        scope: &Scope,
        me: &Name,
        kinds: &[KindId],
        lost: Option<&PromoteLost>,
    ) -> Vec<bool> {
        let mut flags = vec![false; kinds.len()];
        let Some(lost) = lost else {
            return flags;
        };
        let me = scope.kinds.get_index_of(&me.text);
        let Some(names) = &lost.kinds else {
            for (f, &k) in flags.iter_mut().zip(kinds) {
                *f = Some(k) != me;
            }
            return flags;
        };
        for n in names {
            let Some(k) = self.kind(scope, n) else {
                continue;
            };
            if Some(k) == me {
                self.invalid(
                    n.span,
                    "a piece that stays itself loses nothing",
                    "staying unpromoted is always open where it is a choice: name only the kinds \
                     it may become",
                );
            } else if let Some(i) = kinds.iter().position(|&c| c == k) {
                flags[i] = true;
            } else {
                self.invalid(
                    n.span,
                    format!("`{}` is not one of the choices of this promotion", n.text),
                    "list it after `promote to`, or leave it out here",
                );
            }
        }
        flags
    }

    /// Every kind a promotion may give only once lost must be set up for each player who
    /// starts with the promoting piece: a player who starts with none never loses one.
    pub(super) fn lost_kinds_at_start(
        &mut self,
        scope: &Scope,
        kinds: &[KindModel],
        setup: &[(Cell, PlayerId, KindId)],
    ) {
        let starts = |pl: PlayerId, k: KindId| setup.iter().any(|&(_, p, kk)| p == pl && kk == k);
        for (k, decl) in scope.kinds.values().enumerate() {
            let Some(pr) = &kinds[k].promotion else {
                continue;
            };
            let Some(span) = decl.rules.iter().find_map(|r| match r {
                RuleDecl::Promote { lost: Some(l), .. } => Some(l.span),
                _ => None,
            }) else {
                continue;
            };
            let missing = (0..scope.players.len()).find_map(|pl| {
                let t = pr.to[pl]
                    .iter()
                    .zip(&pr.lost[pl])
                    .find(|&(&t, &lost)| lost && starts(pl, k) && !starts(pl, t))?;
                Some((pl, *t.0))
            });
            if let Some((pl, t)) = missing {
                self.invalid_labelled(
                    span,
                    format!(
                        "{} starts with no {}, so never has one to lose",
                        scope.player_names[pl], kinds[t].name
                    ),
                    format!("the {} could never promote to it", decl.name.text),
                    "set one up, or make it a choice without `only if I have lost one`",
                );
            }
        }
    }
}
