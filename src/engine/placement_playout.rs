//! Random games of plain placements, played on two bitboards: for games whose every move is
//! one placement on an empty (or resting, with `falling`) cell of a board of at most 64
//! cells, and whose only end rules are lines through the last placement, a full board and
//! what a player with no placement gets (tic-tac-toe, Connect Four). Such a game needs no
//! position and no move while it is played: a draw is the k-th resting cell, a placement one
//! bit, and the end a few window masks.
//!
//! It plays exactly the game [`super::Playout::run`] plays: the same draws from the
//! generator, the same moves, the same end and the same outcome (`tests/games.rs` compares
//! the two over many seeds). Anything else a description may say makes [`PlacementPlayout::new`]
//! answer `None`, and the general loop plays the game.

use super::rules::place::{board_bits, resting_cells, LineWindows};
use super::{Outcome, Position};
use crate::model::{EndCond, Verdict};
use crate::rng::Rng;

/// An end rule the kernel reads after each placement, in the description's order.
#[derive(Clone, Copy)]
enum End {
    /// `win when I have N in a row`: rule `rule`, its windows in the game's table.
    Line { rule: usize },
    /// `... when the board is full`, without a tie-break.
    Full { rule: usize },
}

/// The compiled kernel of one game, for one start position.
pub struct PlacementPlayout {
    /// Each player's pieces at the start, as bits.
    mine: [u64; 2],
    on_board: u64,
    /// Per player, the direction its placements fall (`falling`), if they do.
    falling: [Option<u8>; 2],
    ends: Vec<End>,
    /// The `lose/win/draw when I have no legal move` rule read for a player with no
    /// placement, if the game has one.
    stuck: Option<usize>,
}

impl PlacementPlayout {
    /// The kernel for games from `start`, or `None` where the game is not of this kind (or
    /// is over at the start).
    pub fn new(start: &Position) -> Option<PlacementPlayout> {
        let g = start.game;
        g.bitboards.as_ref()?;
        let plain_game = g.players.len() == 2
            && !g.may_pass
            && !g.pie_rule
            // One stone a ply: several a turn take the general path.
            && g.turn_places.is_none()
            && !g.pass_when_stuck
            && g.end.iter().all(|e| e.side == 0)
            && !g.has_limits()
            && !g.to_hand
            && !g.has_layers
            && !g.has_royal
            && g.board_rules.is_empty()
            && g.mills.is_empty()
            && g.groups.is_none()
            && g.custody.is_none()
            && g.keep_out.is_none()
            && g.hooks.iter().all(Vec::is_empty)
            && g.converts.iter().all(Vec::is_empty)
            && start.under.is_empty();
        if !plain_game || start.is_over() {
            return None;
        }
        let mut falling = [None; 2];
        for (p, fall) in falling.iter_mut().enumerate() {
            let pl = &g.places[p][g.sole_place[p]?];
            let plain = pl.flipping.is_empty()
                && !pl.only_flips
                && pl.next_to.is_empty()
                && !pl.from_hand
                && pl.blocks.is_empty()
                && !pl.groups
                && !pl.drop
                && pl.not_on.is_empty()
                && pl.not_file_with.is_none()
                && pl.touching.is_none()
                && pl.not_making.is_none()
                && !pl.not_by_last
                && !pl.not_mating;
            if !plain {
                return None;
            }
            *fall = pl.falling;
        }
        let mut ends = Vec::new();
        let mut stuck = None;
        for (i, e) in g.end.iter().enumerate() {
            match &e.cond {
                EndCond::InARow { both: false, .. } if g.line_windows[i].is_some() => {
                    ends.push(End::Line { rule: i });
                }
                EndCond::BoardFull { tiebreak } if tiebreak.is_empty() => {
                    ends.push(End::Full { rule: i });
                }
                EndCond::NoLegalMove {
                    in_check: false,
                    tiebreak,
                } if tiebreak.is_empty() => {
                    if stuck.is_none() && e.verdict != Verdict::Pass {
                        stuck = Some(i);
                    }
                }
                _ => return None,
            }
        }
        Some(PlacementPlayout {
            mine: [start.player_bits(0), start.player_bits(1)],
            on_board: board_bits(&g.board),
            falling,
            ends,
            stuck,
        })
    }

    /// One random game from the start: its plies and outcome. `max_plies` caps it as
    /// [`super::Playout::max_plies`] does.
    pub fn run(&self, start: &Position, rng: &mut Rng, max_plies: u32) -> (u32, Outcome) {
        let g = start.game;
        let bits = g.bitboards.as_ref().expect("checked in new");
        let windows = &g.line_windows;
        let mut mine = self.mine;
        let mut turn = start.turn as usize;
        let mut plies = 0;
        loop {
            let occupied = mine[0] | mine[1];
            let rest = resting_cells(&g.board, bits, self.on_board, occupied, self.falling[turn]);
            let n = rest.count_ones() as usize;
            if n == 0 {
                return (plies, self.stuck_outcome(start, turn));
            }
            let mut b = rest;
            for _ in 0..rng.below(n) {
                b &= b - 1;
            }
            if plies >= max_plies {
                return (plies, Outcome::cap(max_plies));
            }
            let cell = b.trailing_zeros();
            mine[turn] |= 1 << cell;
            plies += 1;
            let mover = turn;
            turn ^= 1;
            for &end in &self.ends {
                let hit = match end {
                    End::Line { rule } => windows[rule]
                        .as_ref()
                        .is_some_and(|w: &LineWindows| w.through(mine[mover], cell as u16)),
                    End::Full { .. } => mine[0] | mine[1] == self.on_board,
                };
                if hit {
                    let (End::Line { rule } | End::Full { rule }) = end;
                    let e = &g.end[rule];
                    return (plies, Position::verdict(e.verdict, mover, &e.text));
                }
            }
        }
    }

    /// What the player to move gets when no placement is left (see
    /// [`Position::no_move_outcome`]).
    fn stuck_outcome(&self, start: &Position, turn: usize) -> Outcome {
        match self.stuck {
            Some(i) => {
                let e = &start.game.end[i];
                Position::verdict(e.verdict, turn, &e.text)
            }
            None => Outcome::Draw {
                reason: "no legal move".into(),
            },
        }
    }
}
