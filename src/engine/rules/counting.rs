//! Counting rules (`draw after counting N moves ... when ...`: Makruk's board's honour and
//! pieces' honour counts, Cambodian's, ASEAN's): the count a player keeps once a line's
//! conditions hold for them, and its end.
//!
//! The count is kept as Fairy-Stockfish keeps it, in plies: a limit (twice the line's
//! moves; 0 while no count runs) and the plies counted so far, written in position strings
//! where Fairy-Stockfish writes them (the limit in the en-passant field, the plies in the
//! no-progress field). After every move, with the count ticking on where one runs:
//! - a player who has just taken, with a bare royal piece, the last piece of a kind a line
//!   of theirs needs gone (`nobody has pawns`), starts that line's count at once, where the
//!   line counts `from the pieces on the board`: at that number of moves, less the ply just
//!   played;
//! - the player to move starts the count of the first line whose conditions hold for them
//!   while no count runs, or restarts it when the move just played captured or promoted
//!   and left them with a single piece (the pieces against them changed): from 0, or from
//!   the pieces on the board (twice their number, in plies).
//!
//! A line holds for a player when all its conditions hold and the opponent has more than
//! one piece on the board; its limit is the first `against` entry whose pieces the opponent
//! has, else its `else` (no count without one). The count runs out, drawing the game, when
//! its plies exceed the limit and the player to move is not checkmated.

use super::super::Position;
use crate::model::{CountCond, CountRule};

/// The count of a game with counting rules: `limit` plies (0: no count runs) and the `ply`
/// counted so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    pub limit: u16,
    pub ply: u16,
}

impl Position<'_> {
    /// Whether `rule`'s conditions hold for player `p`.
    fn count_holds(&self, rule: &CountRule, p: usize, totals: [usize; 2]) -> bool {
        let mine = totals[p];
        rule.conds.iter().all(|c| match *c {
            CountCond::NobodyHas(k) => (0..2).all(|q| self.count(q, Some(k)) == 0),
            CountCond::Bare(k) => mine >= 1 && self.count(p, Some(k)) == mine,
            CountCond::MoreThan(k) => mine > self.count(p, Some(k)),
            CountCond::AtMost(n) => mine <= usize::from(n),
        })
    }

    /// The count `p` would keep here: the first line that holds for them, its limit in plies
    /// (none without one) and whether it counts from the pieces on the board.
    fn count_for(&self, p: usize, totals: [usize; 2]) -> Option<(&CountRule, u16)> {
        let g = self.game;
        if totals[p ^ 1] <= 1 {
            return None;
        }
        let rule = g.counting.iter().find(|r| self.count_holds(r, p, totals))?;
        let moves = rule
            .against
            .iter()
            .find(|&&(_, n, k)| self.count(p ^ 1, Some(k)) >= usize::from(n))
            .map(|&(m, _, _)| m)
            .or(rule.otherwise)?;
        Some((rule, moves.saturating_mul(2)))
    }

    /// The count after a move by `mover` that took a piece of code `took` (0: none) and
    /// promoted or not (see the module's header); the turn has passed.
    pub(in crate::engine) fn note_count(&mut self, took: u8, promoted: bool, mover: usize) {
        let g = self.game;
        if self.count.limit != 0 {
            self.count.ply = self.count.ply.saturating_add(1);
        }
        let totals = [self.count(0, None), self.count(1, None)];
        let on_board = totals[0] + totals[1];
        let plies_from_pieces = |extra: usize| {
            (2 * on_board)
                .saturating_sub(extra)
                .min(usize::from(u16::MAX)) as u16
        };
        if took != 0 && totals[mover] == 1 {
            let kind = g.kind_of(took);
            if let Some((rule, limit)) = self.count_for(mover, totals) {
                if rule.from_pieces && rule.conds.contains(&CountCond::NobodyHas(kind)) {
                    self.count = Count {
                        limit,
                        ply: plies_from_pieces(1),
                    };
                }
            }
        }
        let me = self.turn as usize;
        let changed = (took != 0 || promoted) && totals[me] == 1;
        if self.count.limit == 0 || changed {
            if let Some((rule, limit)) = self.count_for(me, totals) {
                self.count = Count {
                    limit,
                    ply: if rule.from_pieces {
                        plies_from_pieces(0)
                    } else {
                        0
                    },
                };
            }
        }
    }

    /// Whether the count has run out (the caller reads the mate first).
    pub(in crate::engine) fn count_ran_out(&self) -> bool {
        self.count.limit != 0 && self.count.ply > self.count.limit
    }

    /// The count (limit and plies so far; a limit of 0 while none runs).
    pub fn move_count(&self) -> Count {
        self.count
    }
}
