//! Mills and the placing phase (Nine Men's Morris, Nerenchi Keliya): `making N in a row ...
//! removes an enemy piece`, `... earns another placement|move` and `pieces in hand must be
//! placed first`.

use super::*;

impl Checker {
    /// The game's `making N in a row ...` lines: at most one counts for placements and one for
    /// moves (a line without `by` counts for both). A line that earns another part is checked
    /// against the rest of the game by [`Checker::earned_turns`].
    pub(super) fn mills(
        &mut self,
        scope: &Scope,
        d: &Description,
        kinds: &[KindModel],
    ) -> Vec<Mill> {
        // The first line seen for placements and for moves.
        let mut first: [Option<Span>; 2] = [None, None];
        let mut out = Vec::new();
        for item in &d.items {
            let Item::Mill {
                length,
                dirs,
                by,
                removes,
                protect,
                earns,
                span,
            } = item
            else {
                continue;
            };
            let counts = [true, false].map(|placement| match by {
                None => true,
                Some((part, _)) => (*part == MillPart::Placement) == placement,
            });
            let again = (0..2).find_map(|i| if counts[i] { first[i] } else { None });
            if let Some(f) = again {
                self.repeated(
                    "the game has more than one `making N in a row` line for the same moves".into(),
                    *span,
                    f,
                    "keep one of them, or say which moves each is for: `by a placement`, \
                     `by a move`",
                );
                continue;
            }
            for i in 0..2 {
                if counts[i] {
                    first[i] = Some(*span);
                }
            }
            if length.value < 2 || length.value > 255 {
                self.err(CheckError::OutOfRange {
                    what: "line length",
                    value: length.value.to_string(),
                    span: length.span,
                    range: "2 to 255 pieces".into(),
                });
                continue;
            }
            let ok = self.mill_parts(kinds, *by, *earns);
            let b = &scope.board;
            let ds = match dirs {
                Some(names) => match self.dirs(scope, names, 0, true) {
                    Some(ds) => ds,
                    None => continue,
                },
                None => (0..b.dirs.len() as u8).collect(),
            };
            // One direction of each opposite pair.
            let mut axes: Vec<u8> = Vec::new();
            for d in ds {
                let back = b.opposite[d as usize];
                if !axes.contains(&d) && !axes.contains(&back) {
                    axes.push(d);
                }
            }
            if ok {
                out.push(Mill {
                    length: length.value as u8,
                    axes,
                    by: by.map(|(p, _)| p),
                    removes: *removes,
                    protect: *protect,
                    earns: earns.map(|(p, _)| p),
                });
            }
        }
        if out.iter().any(|m| m.earns.is_some()) {
            self.earned_turns(d, kinds);
        }
        out
    }

    /// `by a placement` and `earns another placement` need a piece that is placed, `by a
    /// move` one that moves: whether the line's parts are possible.
    fn mill_parts(
        &mut self,
        kinds: &[KindModel],
        by: Option<(MillPart, Span)>,
        earns: Option<(MillPart, Span)>,
    ) -> bool {
        let placed = |r: &RuleModel| matches!(r, RuleModel::Place { .. } | RuleModel::Drop { .. });
        let any =
            |f: &dyn Fn(&RuleModel) -> bool| kinds.iter().any(|k| k.rules.iter().flatten().any(f));
        let places = any(&placed);
        let moves = any(&|r| !placed(r));
        let mut ok = true;
        for (part, span, what) in [
            by.map(|(p, s)| (p, s, "made")),
            earns.map(|(p, s)| (p, s, "earned")),
        ]
        .into_iter()
        .flatten()
        {
            let (possible, message, hint) = match part {
                MillPart::Placement => (
                    places,
                    format!("no piece is ever placed, so no placement is {what}"),
                    "give a piece `place on empty`, or say `move`",
                ),
                MillPart::Move => (
                    moves,
                    format!("no piece ever moves on the board, so no move is {what}"),
                    "give a piece a move (`step orthogonal to empty`), or say `placement`",
                ),
            };
            if !possible {
                self.invalid(span, message, hint);
                ok = false;
            }
        }
        ok
    }

    /// A line that earns another part makes a turn of several placements and moves, each
    /// a placement or a move to an empty cell with at most the line's removal: the rules
    /// that would need more of a part (captures of their own, promotion, hooks, filters over
    /// whole turns, other kinds of turns) are reported as not in the language yet.
    fn earned_turns(&mut self, d: &Description, kinds: &[KindModel]) {
        let plain_place = |r: &RuleModel| {
            matches!(
                r,
                RuleModel::Place {
                    falling: None,
                    flipping: None,
                    only_flips: false,
                    rotating: None,
                    groups: None,
                    ..
                }
            )
        };
        let simple = |r: &RuleModel| match r {
            RuleModel::Place { .. } => plain_place(r),
            RuleModel::Step {
                target,
                twice: false,
                en_passant: false,
                ..
            }
            | RuleModel::Slide { target, .. }
            | RuleModel::Leap { target, .. }
            | RuleModel::Ride { target, .. }
            | RuleModel::Hop { target, .. } => *target == Target::Empty,
            RuleModel::FlyAnywhere { .. } => true,
            _ => false,
        };
        let pieces = kinds.iter().find(|k| {
            k.royal
                || k.promotion.is_some()
                || !k.hooks.is_empty()
                || !k.rules.iter().flatten().all(simple)
        });
        let Some(line) = d.items.iter().find_map(|i| match i {
            Item::Mill {
                earns: Some((_, s)),
                ..
            } => Some(*s),
            _ => None,
        }) else {
            return;
        };
        if let Some(k) = pieces {
            self.invalid(
                k.span,
                format!(
                    "a turn of placements and moves earned by lines, with the {}, is not in \
                     the language yet",
                    k.name
                ),
                "a turn earned by lines is made of placements on empty cells and moves to \
                 empty cells (steps, slides, leaps, flights), with no capture but the line's \
                 removal, no promotion, no royal piece and no hook",
            );
        }
        let other = d.items.iter().find_map(|i| match i {
            Item::Capture { span, .. } => Some((*span, "compulsory capture")),
            Item::MayPass(s, _) => Some((*s, "passing by choice")),
            Item::PieRule(s) => Some((*s, "the swap")),
            Item::TurnPlaces { span, .. } => Some((*span, "several placements a turn")),
            Item::Custody(c) => Some((c.span, "custodial capture")),
            Item::Gate(_, s) => Some((*s, "gating")),
            Item::Relocate(_, s) => Some((*s, "a neutral piece moved after every move")),
            Item::Opening { span, .. } => Some((*span, "an opening removal")),
            Item::Native(call) => Some((call.span, "a native hook")),
            _ => None,
        });
        if let Some((span, what)) = other {
            self.err(CheckError::Duplicate {
                message: format!(
                    "a turn earned by lines, in a game with {what}, is not in the language yet"
                ),
                span: line,
                first: span,
                labels: ("a part earned here".into(), format!("{what} here")),
                hint: "leave out one of the two".into(),
            });
        }
    }

    /// `captured pieces go to the hand of their captor`; a `drop` needs it or a hand in the
    /// setup, else nothing could ever be dropped.
    pub(super) fn captures_go_to_hand(
        &mut self,
        d: &Description,
        hands: &[(PlayerId, KindId, u32)],
    ) -> bool {
        let to_hand = d.items.iter().any(|i| matches!(i, Item::ToHand(..)));
        let from_partner = d.items.iter().find_map(|i| match i {
            Item::FromPartner(s) => Some(*s),
            _ => None,
        });
        if let (true, Some(span)) = (to_hand, from_partner) {
            self.invalid(
                span,
                "a captured piece cannot go both to its captor and to the partner",
                "keep `captured pieces go to the hand of their captor` (Crazyhouse), or this \
                 line (Bughouse, where the partner on the other board gets it)",
            );
        }
        if !to_hand && hands.is_empty() && from_partner.is_none() {
            for item in &d.items {
                let Item::Piece(p) = item else { continue };
                for r in &p.rules {
                    if let RuleDecl::Drop { span, .. } = r {
                        self.invalid(
                            *span,
                            "nothing ever puts a piece in a hand, so it can never be dropped",
                            "add `captured pieces go to the hand of their captor`, or give pieces \
                             in hand in the setup",
                        );
                    }
                }
            }
        }
        to_hand
    }

    /// `..., keeping their kind`: meaningful only where some piece promotes.
    pub(super) fn keeping_kind(&mut self, d: &Description, kinds: &[KindModel]) -> bool {
        let Some(span) = d.items.iter().find_map(|i| match i {
            Item::ToHand(_, keep) => *keep,
            _ => None,
        }) else {
            return false;
        };
        if !kinds.iter().any(|k| k.promotion.is_some()) {
            self.invalid(
                span,
                "no piece ever promotes, so every captured piece keeps its kind already",
                "drop `, keeping their kind`",
            );
        }
        true
    }

    /// `a piece in hand may enter the cell a piece leaves on its first move from REGION`: the
    /// region of each player (at most one such line), meaningful only where pieces are in
    /// hand.
    pub(super) fn gating(
        &mut self,
        scope: &Scope,
        d: &Description,
        hands: bool,
    ) -> Option<PerPlayer<CellSet>> {
        let mut out = None;
        for item in &d.items {
            let Item::Gate(region, span) = item else {
                continue;
            };
            if out.is_some() {
                self.invalid(*span, "a second gating rule", "keep one");
                continue;
            }
            if !hands {
                self.invalid(
                    *span,
                    "nothing is ever in a hand, so no piece can enter by gating",
                    "give pieces in hand in the setup (`white has 1 hawk in hand`), or add \
                     `captured pieces go to the hand of their captor`",
                );
            }
            let mut cells = per_player(scope.players.len(), |_| CellSet::EMPTY);
            for (p, c) in cells.iter_mut().enumerate().take(scope.players.len()) {
                *c = self.region(scope, region, Some(p))?;
            }
            out = Some(cells);
        }
        out
    }

    /// `pieces in hand must be placed first`: meaningful only where some player starts with
    /// pieces in hand. `KINDS in hand must be placed first` names the one kind the rule is
    /// about, which must be dropped (its pieces may come to hand in a position string, as in
    /// Koedem, whose kings come from the other board of Bughouse): whether there is such a line,
    /// its kind, the players it is for (`for PLAYER:`) and whether it holds `, by every player`.
    pub(super) fn hand_first(
        &mut self,
        scope: &Scope,
        d: &Description,
        hands: &[(PlayerId, KindId, u32)],
        kinds: &[KindModel],
    ) -> (bool, Option<KindId>, u8, bool) {
        let (mut seen, mut kind, mut players, mut by_all) = (false, None, 0, false);
        for item in &d.items {
            if let Item::HandFirst { side, all, .. } = item {
                players |= self.rule_side(scope, side.as_ref());
                by_all |= all.is_some();
                if let Some(side) = side {
                    self.side_without_hand(scope, d, side, hands);
                }
            }
            if let Item::HandFirst { kind: Some(n), .. } = item {
                seen = true;
                let Some(k) = self.kind(scope, n) else {
                    continue;
                };
                kind = Some(k);
                let dropped = super::placing::is_dropped(&kinds[k]);
                if !dropped {
                    let name = &kinds[k].name;
                    self.invalid(
                        n.span,
                        format!("the {name} is never dropped, so it is never placed first"),
                        format!("give the {name} a `drop on empty` rule"),
                    );
                }
            } else if let Item::HandFirst {
                span, kind: None, ..
            } = item
            {
                let from_partner = d.items.iter().any(|i| matches!(i, Item::FromPartner(_)));
                if hands.is_empty() && !from_partner {
                    self.invalid(
                        *span,
                        "no player has pieces in hand",
                        "give them some in the setup: `white has 9 men in hand`",
                    );
                }
                seen = true;
            }
        }
        (seen, kind, players, by_all)
    }

    /// `for PLAYER: pieces in hand must be placed first` naming a player who never has pieces
    /// in hand (none at the start, and none ever come to hand).
    fn side_without_hand(
        &mut self,
        scope: &Scope,
        d: &Description,
        side: &SideDecl,
        hands: &[(PlayerId, KindId, u32)],
    ) {
        let comes_to_hand = d
            .items
            .iter()
            .any(|i| matches!(i, Item::FromPartner(_) | Item::ToHand(..)));
        if comes_to_hand || hands.is_empty() {
            // With no hands at all, the line itself is reported.
            return;
        }
        let named = Checker::default().side(scope, side).unwrap_or(0);
        let empty = (0..scope.players.len())
            .find(|&p| named >> p & 1 != 0 && !hands.iter().any(|&(q, _, _)| q == p));
        if let Some(p) = empty {
            self.invalid(
                side.span,
                format!("`{}` never has pieces in hand", scope.player_names[p]),
                "name only the players who start with pieces in hand",
            );
        }
    }
}
