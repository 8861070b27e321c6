//! Players by name, for `tabula play` and `tabula match`: `random`, `alphabeta[:DEPTH]` and
//! `mcts[:BUDGET]` (a time such as `1s` or `200ms`, or a number of iterations such as `5000`).

use super::mcts::{self, Budget};
use super::{Searcher, DEFAULT_DEPTH};
use crate::engine::{Game, Move, Position};
use crate::rng::Rng;
use std::time::Duration;

/// The time an MCTS player takes per move when none is given.
pub const DEFAULT_MCTS_TIME: Duration = Duration::from_secs(1);

/// A computer player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Player {
    /// A uniformly random legal move.
    Random,
    /// The alpha-beta search over material, this many plies deep.
    AlphaBeta(usize),
    /// Monte Carlo tree search within a budget.
    Mcts(Budget),
}

impl Player {
    /// The player that suits `game`: alpha-beta where its pieces are worth different amounts
    /// (material means something), else MCTS, which needs nothing but the rules.
    pub fn default_for(game: &Game) -> Player {
        let worths = game.kinds.iter().map(|k| k.worth);
        let material = worths.clone().min() != worths.max();
        if material {
            Player::AlphaBeta(DEFAULT_DEPTH)
        } else {
            Player::Mcts(Budget::Time(DEFAULT_MCTS_TIME))
        }
    }

    /// The move this player chooses for the player to move at `pos`; `None` when the game is
    /// over there. `progress` hears how far a long search has got (MCTS iterations).
    pub fn choose(
        &self,
        pos: &Position,
        rng: &mut Rng,
        progress: &mut dyn FnMut(u64),
    ) -> Option<Move> {
        self.choose_within(pos, &mcts::Limits::default(), rng, progress)
    }

    /// [`Player::choose`] held to `limits`: an MCTS player to its tree size, and MCTS and
    /// alpha-beta players end their search with the best move found so far once
    /// `limits.stop` is raised.
    pub fn choose_within(
        &self,
        pos: &Position,
        limits: &mcts::Limits,
        rng: &mut Rng,
        progress: &mut dyn FnMut(u64),
    ) -> Option<Move> {
        match *self {
            Player::Random => {
                if pos.is_over() {
                    return None;
                }
                let mut moves = Vec::new();
                pos.legal_moves(&mut moves);
                (!moves.is_empty()).then(|| moves.swap_remove(rng.below(moves.len())))
            }
            Player::AlphaBeta(depth) => {
                let mut searcher = Searcher::new(pos.game, depth);
                if let Some(stop) = &limits.stop {
                    searcher.stop_when(stop.clone());
                }
                searcher.search(pos, rng).map(|c| c.mv)
            }
            Player::Mcts(budget) => {
                mcts::search_within(pos, budget, limits, rng, progress).map(|r| r.mv)
            }
        }
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Random => write!(f, "random"),
            Player::AlphaBeta(d) => write!(f, "alphabeta:{d}"),
            Player::Mcts(Budget::Iterations(n)) => write!(f, "mcts:{n}"),
            Player::Mcts(Budget::Time(t)) => {
                let ms = t.as_millis();
                if ms % 1000 == 0 {
                    write!(f, "mcts:{}s", ms / 1000)
                } else {
                    write!(f, "mcts:{ms}ms")
                }
            }
        }
    }
}

impl std::str::FromStr for Player {
    type Err = String;

    fn from_str(s: &str) -> Result<Player, String> {
        let (name, arg) = match s.split_once(':') {
            Some((n, a)) => (n, Some(a)),
            None => (s, None),
        };
        match (name, arg) {
            ("random", None) => Ok(Player::Random),
            ("alphabeta", None) => Ok(Player::AlphaBeta(DEFAULT_DEPTH)),
            ("alphabeta", Some(d)) => match d.parse::<usize>() {
                Ok(d) if (1..=8).contains(&d) => Ok(Player::AlphaBeta(d)),
                _ => Err(format!("`{d}` is not a depth from 1 to 8 (alphabeta:3)")),
            },
            ("mcts", None) => Ok(Player::Mcts(Budget::Time(DEFAULT_MCTS_TIME))),
            ("mcts", Some(b)) => budget(b).map(Player::Mcts),
            _ => Err(format!(
                "unknown player `{s}`; players are random, alphabeta[:DEPTH] and \
                 mcts[:TIME or ITERATIONS] (mcts:1s, mcts:200ms, mcts:5000)"
            )),
        }
    }
}

/// `1s`, `0.5s`, `200ms` (at most an hour) or a number of iterations (at least 1).
fn budget(b: &str) -> Result<Budget, String> {
    let bad = || format!("`{b}` is not an MCTS budget: a time (1s, 200ms) or iterations (5000)");
    let secs = if let Some(ms) = b.strip_suffix("ms") {
        ms.parse::<f64>().map_err(|_| bad())? / 1000.0
    } else if let Some(s) = b.strip_suffix('s') {
        s.parse::<f64>().map_err(|_| bad())?
    } else {
        return match b.parse::<u64>() {
            Ok(n) if n >= 1 => Ok(Budget::Iterations(n)),
            _ => Err(bad()),
        };
    };
    if secs.is_finite() && secs > 0.0 && secs <= 3600.0 {
        Ok(Budget::Time(Duration::from_secs_f64(secs)))
    } else {
        Err(bad())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_read_and_print_alike() {
        for s in [
            "random",
            "alphabeta:2",
            "mcts:5000",
            "mcts:1s",
            "mcts:200ms",
        ] {
            let p: Player = s.parse().unwrap();
            assert_eq!(p.to_string(), s);
        }
        assert_eq!("alphabeta".parse::<Player>(), Ok(Player::AlphaBeta(3)));
        for bad in ["mcts:0", "mcts:-1s", "alphabeta:9", "minimax", "mcts:fast"] {
            assert!(bad.parse::<Player>().is_err(), "{bad}");
        }
    }

    #[test]
    fn mcts_takes_a_win_in_one_and_blocks_a_loss_in_one() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/games/tic-tac-toe.game");
        let g = crate::load_file(path).expect("tic-tac-toe");
        let mcts = Player::Mcts(Budget::Iterations(2000));
        // X to move with a1 and b1 taken: c1 wins at once.
        let pos = Position::from_text(&g, "O2/O2/XX1 x").unwrap();
        let m = mcts.choose(&pos, &mut Rng::new(7), &mut |_| {}).unwrap();
        assert_eq!(pos.move_text(&m), "c1");
        // O (a3, c2) to move has no win; X threatens c1: only c1 does not lose.
        let pos = Position::from_text(&g, "O2/2O/XX1 o").unwrap();
        let m = mcts.choose(&pos, &mut Rng::new(7), &mut |_| {}).unwrap();
        assert_eq!(pos.move_text(&m), "c1");
    }
}
