//! Counting rules (`draw after counting 64 moves when nobody has pawns and I have more than my
//! king`): the limits, the pieces they are for, and the conditions of the count.

use super::*;

/// The longest count a line may set, in moves (its plies must fit the position's count).
const MAX_COUNT_MOVES: u32 = 10_000;

impl Checker {
    /// An `after counting ...` line: a draw, for every player, in a game of two players.
    pub(super) fn counting_line(
        &mut self,
        scope: &Scope,
        r: &EndRule,
        d: &CountDecl,
        verdict: Verdict,
    ) -> Option<EndCond> {
        let mut ok = true;
        if verdict != Verdict::Draw {
            self.invalid(
                r.span,
                "a count that runs out draws the game",
                "write `draw after counting ...`: the player who cannot mate in time draws",
            );
            ok = false;
        }
        if let Some(side) = &r.side {
            self.invalid(
                side.span,
                "a count is kept for whichever player its conditions hold for",
                "remove `for ...:` and say who counts in the conditions (`when my king is bare`)",
            );
            ok = false;
        }
        if scope.players.len() != 2 {
            self.invalid(
                d.span,
                "counting rules are for games of two players",
                "remove this line",
            );
            return None;
        }
        let rule = self.count_rule(scope, d);
        ok.then_some(())?;
        Some(EndCond::Counting(Box::new(rule?)))
    }

    /// The limits and conditions of a counting line.
    fn count_rule(&mut self, scope: &Scope, d: &CountDecl) -> Option<CountRule> {
        let mut ok = true;
        let moves = |c: &mut Checker, n: &Number| -> Option<u16> {
            if n.value == 0 || n.value > MAX_COUNT_MOVES {
                c.err(CheckError::OutOfRange {
                    what: "count",
                    value: n.value.to_string(),
                    span: n.span,
                    range: format!("1 to {MAX_COUNT_MOVES} moves"),
                });
                return None;
            }
            Some(n.value as u16)
        };
        let mut against = Vec::new();
        let mut otherwise = None;
        let plain = d.limits.first().is_some_and(|(_, a)| a.is_none());
        for (n, a) in &d.limits {
            let Some(m) = moves(self, n) else {
                ok = false;
                continue;
            };
            match a {
                None if plain && against.is_empty() && otherwise.is_none() => otherwise = Some(m),
                None => {}
                Some(_) if plain => {
                    self.invalid(
                        n.span,
                        "a count of so many moves whatever the pieces has no other limit",
                        "give every limit its pieces: `after counting 8 moves against 2 rooks, 16 against 1 rook, else 64`",
                    );
                    ok = false;
                }
                Some((count, piece)) => {
                    let k = self.kind(scope, piece);
                    if count.value == 0 || count.value > u32::from(u16::MAX) {
                        self.invalid(
                            count.span,
                            format!("against {} pieces", count.value),
                            "write 1 or more: the limit holds when the opponent has at least that many",
                        );
                        ok = false;
                    }
                    match k {
                        Some(k) => {
                            against.push((m, count.value.min(u32::from(u16::MAX)) as u16, k))
                        }
                        None => ok = false,
                    }
                }
            }
        }
        if let Some(n) = &d.otherwise {
            if plain {
                self.invalid(
                    n.span,
                    "`else` follows limits for pieces, and this count has none",
                    "write `after counting 64 moves` alone, or give the limits their pieces first",
                );
                ok = false;
            } else {
                otherwise = moves(self, n);
                ok &= otherwise.is_some();
            }
        }
        let conds: Vec<Option<CountCond>> =
            d.conds.iter().map(|c| self.count_cond(scope, c)).collect();
        let conds: Option<Vec<CountCond>> = conds.into_iter().collect();
        let conds = conds?;
        ok.then_some(CountRule {
            against,
            otherwise,
            from_pieces: d.from_pieces,
            conds,
        })
    }

    /// One condition of a count; `my PIECE is bare` and `I have more than my PIECE` name a
    /// royal piece.
    fn count_cond(&mut self, scope: &Scope, c: &CountCondDecl) -> Option<CountCond> {
        Some(match c {
            CountCondDecl::NobodyHas(n) => CountCond::NobodyHas(self.kind(scope, n)?),
            CountCondDecl::Bare(n) | CountCondDecl::MoreThan(n) => {
                let k = self.kind(scope, n)?;
                if !scope.kinds[k].royal {
                    self.invalid(
                        n.span,
                        format!("`{}` is not a royal piece", n.text),
                        "a count is about a player left with their royal piece (`my king is bare`); mark it `royal`",
                    );
                    return None;
                }
                if matches!(c, CountCondDecl::Bare(_)) {
                    CountCond::Bare(k)
                } else {
                    CountCond::MoreThan(k)
                }
            }
            CountCondDecl::AtMost(n) => {
                let v = self.at_least_one(n, "piece count", "at least 1")?;
                CountCond::AtMost(v.min(u32::from(u16::MAX)) as u16)
            }
        })
    }
}
