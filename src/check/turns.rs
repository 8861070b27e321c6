//! `each turn places N PIECES[, the first turn F]`: a turn made of several placements of one
//! kind (Connect6). Only plain placements combine: a turn's stones go on different empty
//! cells and nothing else happens, so the rest of the description must have no move, flip,
//! fall, hand, rotation, capture or swap that would need the stones one at a time.

use super::*;
use crate::model::{TurnPlaces, MAX_LISTED_MOVES, MAX_TURN_PLACES};

impl Checker {
    /// The turn's placements, if the description has the line and the game allows them.
    pub(super) fn turn_places(
        &mut self,
        scope: &Scope,
        d: &Description,
        kinds: &[KindModel],
        hands: &[(PlayerId, KindId, u32)],
        pie_rule: bool,
    ) -> Option<TurnPlaces> {
        let (count, piece, first, span) = d.items.iter().find_map(|i| match i {
            Item::TurnPlaces {
                count,
                piece,
                first,
                span,
            } => Some((*count, piece, *first, *span)),
            _ => None,
        })?;
        let mut ok = true;
        for (n, what, low) in [
            (Some(count), "placements in a turn", 2),
            (first, "placements in the first turn", 1),
        ] {
            let Some(n) = n else { continue };
            if n.value < low || n.value > MAX_TURN_PLACES {
                self.err(CheckError::OutOfRange {
                    what,
                    value: n.value.to_string(),
                    span: n.span,
                    range: format!("from {low} to {MAX_TURN_PLACES}"),
                });
                ok = false;
            }
        }
        let kind = self.kind(scope, piece)?;
        let plain = |r: &RuleModel| {
            matches!(
                r,
                RuleModel::Place {
                    falling: None,
                    flipping: None,
                    only_flips: false,
                    next_to: None,
                    rotating: None,
                    groups: None,
                    touching: None,
                    not_making: None,
                    not_by_last: false,
                }
            )
        };
        let k = &kinds[kind];
        let places = |r: &RuleModel| matches!(r, RuleModel::Place { .. });
        if !(0..2).all(|p| k.rules[p].iter().any(places)) {
            self.invalid(
                piece.span,
                format!("{} is not placed by every player", piece.text),
                "give the piece the rule `place on empty`, or name a piece that has it",
            );
            return None;
        }
        let fancy = k.rules.iter().flatten().any(|r| places(r) && !plain(r));
        let other_moves = kinds.iter().enumerate().any(|(i, km)| {
            km.rules.iter().flatten().any(|r| i != kind || !places(r)) || !km.hooks.is_empty()
        });
        let combined = [
            (
                fancy,
                "several placements in a turn of a piece that flips, falls, turns a block, \
                 captures groups or keeps away from the last piece placed",
            ),
            (
                other_moves,
                "several placements in a turn together with other moves (a piece that moves, \
                 another piece placed, a native hook)",
            ),
            (
                hands.iter().any(|&(_, hk, _)| hk == kind),
                "several placements in a turn drawn from a hand",
            ),
            (pie_rule, "several placements in a turn with the swap"),
            (
                d.items.iter().any(|i| {
                    matches!(
                        i,
                        Item::Mill { .. } | Item::Custody(_) | Item::Capture { .. }
                    )
                }),
                "several placements in a turn with mills, custodial or compulsory captures",
            ),
        ];
        // Every turn is listed as one move: the sets of cells must fit a move list.
        let cells = scope.board.len() as u64;
        // (A count out of range is reported above.)
        for n in [Some(count), first]
            .into_iter()
            .flatten()
            .filter(|n| n.value <= MAX_TURN_PLACES)
        {
            let k = u64::from(n.value);
            let sets = (0..k).fold(1u64, |acc, i| acc * (cells.saturating_sub(i)) / (i + 1));
            if sets > MAX_LISTED_MOVES {
                self.invalid(
                    n.span,
                    format!(
                        "{} placements a turn on {cells} cells make up to {sets} different \
                         turns, more than the {MAX_LISTED_MOVES} a move list holds",
                        n.value
                    ),
                    "place fewer stones a turn, or use a smaller board",
                );
                ok = false;
            }
        }
        for (bad, what) in combined {
            if bad {
                self.invalid(
                    span,
                    format!("{what} is not in the language yet"),
                    "give the piece only `place on empty` and no other piece a move, with \
                     no hand, swap or capture rule; or remove this line",
                );
                ok = false;
            }
        }
        ok.then(|| TurnPlaces {
            kind,
            each: count.value as u8,
            first: first.map_or(count.value, |f| f.value) as u8,
        })
    }
}
