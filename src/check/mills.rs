//! Mills and the placing phase (Nine Men's Morris): `making N in a row ... removes an enemy
//! piece` and `pieces in hand must be placed first`.

use super::*;

impl Checker {
    /// The game's `making N in a row ... removes an enemy piece` line (at most one).
    pub(super) fn mill(&mut self, scope: &Scope, d: &Description) -> Option<Mill> {
        let mut first: Option<Span> = None;
        let mut out = None;
        for item in &d.items {
            let Item::Mill {
                length,
                dirs,
                protect,
                span,
            } = item
            else {
                continue;
            };
            if let Some(f) = first {
                self.repeated(
                    "the game has more than one `making N in a row` line".into(),
                    *span,
                    f,
                    "keep one of them",
                );
                continue;
            }
            first = Some(*span);
            if length.value < 2 || length.value > 255 {
                self.err(CheckError::OutOfRange {
                    what: "line length",
                    value: length.value.to_string(),
                    span: length.span,
                    range: "2 to 255 pieces".into(),
                });
                continue;
            }
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
            out = Some(Mill {
                length: length.value as u8,
                axes,
                protect: *protect,
            });
        }
        out
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
    /// and its kind.
    pub(super) fn hand_first(
        &mut self,
        scope: &Scope,
        d: &Description,
        hands: &[(PlayerId, KindId, u32)],
        kinds: &[KindModel],
    ) -> (bool, Option<KindId>, u8) {
        let (mut seen, mut kind, mut players) = (false, None, 0);
        for item in &d.items {
            if let Item::HandFirst(_, _, _, side) = item {
                players |= self.rule_side(scope, side.as_ref());
                if let Some(side) = side {
                    self.side_without_hand(scope, d, side, hands);
                }
            }
            if let Item::HandFirst(_, Some(n), _, _) = item {
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
            } else if let Item::HandFirst(span, None, _, _) = item {
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
        (seen, kind, players)
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
