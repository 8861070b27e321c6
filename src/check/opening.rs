//! `to open, PLAYER removes a PIECE on REGION` or `... next to an empty cell [along DIRS]`:
//! the player's first turn takes one of their own pieces off the board (Konane's opening
//! removals), at most one such line per player.

use super::*;
use crate::model::Opening;

impl Checker {
    /// The openings of the description, one per player at most.
    pub(super) fn openings(&mut self, scope: &Scope, d: &Description) -> Vec<Opening> {
        let mut out: Vec<Opening> = Vec::new();
        let mut seen: PerPlayer<Option<Span>> = [None; MAX_PLAYERS];
        for item in &d.items {
            let Item::Opening {
                player,
                piece,
                on,
                next_to_empty,
                span,
            } = item
            else {
                continue;
            };
            let p = self.player(scope, player);
            let kind = self.kind(scope, piece);
            let Some(p) = p else { continue };
            if let Some(first) = seen[p] {
                self.repeated(
                    format!("{} has more than one opening", player.text),
                    *span,
                    first,
                    "keep one opening line per player",
                );
                continue;
            }
            seen[p] = Some(*span);
            let cells = match on {
                Some(r) => self.region(scope, r, Some(p)),
                None => Some(scope.board.all()),
            };
            let near = match next_to_empty {
                Some(Some(names)) => self.dirs(scope, names, p, true).map(Some),
                Some(None) => Some(Some((0..scope.board.dirs.len() as u8).collect())),
                None => Some(None),
            };
            if let (Some(kind), Some(cells), Some(next_to_empty)) = (kind, cells, near) {
                out.push(Opening {
                    player: p,
                    kind,
                    cells,
                    next_to_empty,
                });
            }
        }
        out
    }
}
