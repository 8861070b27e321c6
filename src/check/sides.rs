//! Rules for one side: `for PLAYER[, PLAYER]:` before a piece's move, its promotion or an end
//! line, which then applies to those players only (Bagh-Chal's goats are placed, its tigers
//! never are).

use super::*;

impl Checker {
    /// The players a `for ...:` names, as a mask of player ids; `None` when a name is unknown
    /// (reported). Naming a player twice, or every player, is reported too.
    pub(super) fn side(&mut self, scope: &Scope, side: &SideDecl) -> Option<u8> {
        let mut mask = 0u8;
        let mut ok = true;
        let mut seen: Vec<&Name> = Vec::new();
        for n in &side.players {
            match self.player(scope, n) {
                Some(p) if mask & (1 << p) != 0 => {
                    let first = seen
                        .iter()
                        .find(|s| s.text == n.text)
                        .map_or(n.span, |s| s.span);
                    self.err(CheckError::Duplicate {
                        message: format!("player `{}` is named twice", n.text),
                        span: n.span,
                        first,
                        labels: ("named again".into(), "first named here".into()),
                        hint: String::new(),
                    });
                }
                Some(p) => mask |= 1 << p,
                None => ok = false,
            }
            seen.push(n);
        }
        let np = scope.players.len();
        if ok && mask.count_ones() as usize == np {
            self.invalid(
                side.span,
                "this names every player",
                "leave `for ...:` out: a line without it is read for every player",
            );
        }
        ok.then_some(mask)
    }

    /// The players a game rule is read for, as a mask of player ids: those its `for ...:`
    /// names, else (and where a name is unknown, reported) every player.
    pub(super) fn rule_side(&mut self, scope: &Scope, side: Option<&SideDecl>) -> u8 {
        let all = ((1u16 << scope.players.len()) - 1) as u8;
        side.and_then(|s| self.side(scope, s)).unwrap_or(all)
    }

    /// `for PLAYER:` before a game rule that is every player's.
    pub(super) fn not_sided(&mut self, d: &Description) {
        for item in &d.items {
            if let Item::NotSided(side, _) = item {
                self.invalid(
                    side.span,
                    "this game rule is every player's",
                    "write it without `for ...:`; of the game's rules, only `capture is \
                     compulsory`, `pieces in hand must be placed first` and `players may pass` \
                     may be for one side",
                );
            }
        }
    }

    /// The players a piece's rule is resolved for: those its `for ...:` names, else all.
    pub(super) fn rule_players(
        &mut self,
        scope: &Scope,
        rule: &RuleDecl,
        side: Option<&SideDecl>,
    ) -> Vec<PlayerId> {
        let np = scope.players.len();
        let Some(side) = side else {
            return (0..np).collect();
        };
        if !sided(rule) {
            self.invalid(
                side.span,
                "only a piece's moves and its promotion may be for one side",
                "write this line without `for ...:`; give the side its own moves instead",
            );
        }
        match self.side(scope, side) {
            Some(mask) => (0..np).filter(|p| mask & (1 << p) != 0).collect(),
            None => Vec::new(),
        }
    }
}

impl Checker {
    /// A move for one side that this side can never make: the side never has the piece (it
    /// is not set up for them, they never place it, nothing of theirs promotes to it).
    pub(super) fn sides_without_pieces(
        &mut self,
        scope: &Scope,
        kinds: &[KindModel],
        setup: &[(Cell, PlayerId, KindId)],
        hands: &[(PlayerId, KindId, u32)],
        changes_hands: bool,
    ) {
        // Pieces that change owner (captures to hand, flips) may reach any player.
        let flips = kinds
            .iter()
            .flat_map(|k| k.rules.iter().flatten())
            .any(|r| {
                matches!(
                    r,
                    RuleModel::Place {
                        flipping: Some(_),
                        ..
                    }
                )
            });
        if changes_hands || flips {
            return;
        }
        for (k, decl) in scope.kinds.values().enumerate() {
            let Some(model) = kinds.get(k) else {
                return;
            };
            for (i, side) in decl.sides.iter().enumerate() {
                let Some(side) = side else {
                    continue;
                };
                if !sided(&decl.rules[i]) {
                    continue;
                }
                let mask = Checker::default().side(scope, side).unwrap_or(0);
                for p in (0..scope.players.len()).filter(|p| mask >> p & 1 != 0) {
                    let has = |pl: PlayerId| {
                        setup.iter().any(|&(_, q, kk)| q == pl && kk == k)
                            || hands.iter().any(|&(q, kk, _)| q == pl && kk == k)
                            || model.rules[pl].iter().any(|r| {
                                matches!(r, RuleModel::Place { .. } | RuleModel::Drop { .. })
                            })
                            || kinds.iter().any(|m| {
                                m.promotion
                                    .as_ref()
                                    .is_some_and(|pr| pr.to[pl].contains(&k))
                            })
                    };
                    if !has(p) {
                        self.err(CheckError::Unreachable {
                            span: side.span,
                            reason: format!(
                                "{} never has a {}: none is set up or placed for them, and \
                                 nothing promotes to it",
                                scope.player_names[p], decl.name.text
                            ),
                            hint: "name the side that has this piece after `for`".into(),
                        });
                        break;
                    }
                }
            }
        }
    }
}

/// Whether a piece's line may be for one side: its moves, and its promotion (Chigorin chess:
/// White's pawns become chancellors, rooks or knights, Black's queens, rooks or bishops).
fn sided(r: &RuleDecl) -> bool {
    moves(r) || matches!(r, RuleDecl::Promote { .. })
}

/// Whether a piece's line is one of its moves, rather than a property of the piece (its
/// figure, promotion, immunity, confinement, a hook).
fn moves(r: &RuleDecl) -> bool {
    !matches!(
        r,
        RuleDecl::NoCapture { .. }
            | RuleDecl::Streak { .. }
            | RuleDecl::Drawn { .. }
            | RuleDecl::Confined { .. }
            | RuleDecl::Surrounded { .. }
            | RuleDecl::Bar { .. }
            | RuleDecl::Meet { .. }
            | RuleDecl::StepEffect { .. }
            | RuleDecl::Promote { .. }
            | RuleDecl::Native(_)
    )
}
