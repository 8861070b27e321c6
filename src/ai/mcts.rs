//! Monte Carlo tree search (UCT): a player that knows nothing of a game but its rules. Each
//! iteration walks down the tree by the UCT rule, adds one child, finishes the game with
//! uniformly random moves (the engine's own playout moves) and credits the result to every
//! node on the way. The move played is the root's most visited child.
//!
//! The tree lives in one vector of nodes; a search allocates the tree and two move buffers,
//! nothing per playout ply. With an iteration budget the choice is the same for the same seed;
//! with a time budget it depends on the machine.

use crate::engine::{Move, Outcome, Position, Scratch};
use crate::rng::Rng;
use std::time::{Duration, Instant};

/// The exploration constant of UCT (√2, for rewards between 0 and 1).
const EXPLORATION: f64 = std::f64::consts::SQRT_2;

/// Random playouts that go on this long are scored as draws.
const MAX_PLAYOUT_PLIES: usize = 1000;

/// How long a search may run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// This many iterations (playouts).
    Iterations(u64),
    /// This much wall time.
    Time(Duration),
}

struct Node {
    /// The move that leads here from the parent (unused at the root).
    mv: Move,
    parent: usize,
    /// Children, once expanded: `first..first + count` in the tree.
    first: usize,
    count: usize,
    expanded: bool,
    visits: u32,
    /// The summed rewards of the player who made `mv` (1 a win, ½ a draw).
    reward: f64,
}

/// What a search did.
#[derive(Clone, Debug)]
pub struct Report {
    pub mv: Move,
    pub iterations: u64,
    /// The chosen move's average reward for the player to move, from 0 (lost) to 1 (won).
    pub value: f64,
}

/// The reward of `outcome` for `player`: 1 a win, 0 a loss, ½ a draw.
fn reward(outcome: &Outcome, player: usize) -> f64 {
    match outcome {
        Outcome::Win { player: w, .. } => {
            if *w == player {
                1.0
            } else {
                0.0
            }
        }
        Outcome::Draw { .. } => 0.5,
    }
}

/// How the game stands at `pos` with no history: over by its end rules, or by having no move.
fn decided(pos: &Position, moves: &mut Vec<Move>) -> Option<Outcome> {
    if let Some(o) = pos.static_outcome() {
        return Some(o);
    }
    pos.legal_moves(moves);
    if moves.is_empty() {
        return Some(pos.no_move_outcome());
    }
    pos.limit_outcome(1, None)
}

/// Searches `root` within `budget` and returns the move to play, or `None` when the game is
/// over there. `progress` is called now and then with the iterations done so far.
pub fn search(
    root: &Position,
    budget: Budget,
    rng: &mut Rng,
    progress: &mut dyn FnMut(u64),
) -> Option<Report> {
    let mut moves = Vec::new();
    if decided(root, &mut moves).is_some() {
        return None;
    }
    if moves.len() == 1 {
        return Some(Report {
            mv: moves[0].clone(),
            iterations: 0,
            value: 0.5,
        });
    }
    let start = Instant::now();
    let mut tree = vec![Node {
        mv: Move::pass(),
        parent: usize::MAX,
        first: 0,
        count: 0,
        expanded: false,
        visits: 0,
        reward: 0.0,
    }];
    let mut pos = root.clone();
    let mut scratch = Scratch::new(root);
    let mut buf = Vec::new();
    let mut iterations = 0u64;
    loop {
        let done = match budget {
            Budget::Iterations(n) => iterations >= n,
            Budget::Time(t) => {
                iterations > 0 && iterations.is_multiple_of(16) && start.elapsed() >= t
            }
        };
        if done {
            break;
        }
        iterations += 1;
        if iterations.is_multiple_of(1024) {
            progress(iterations);
        }
        pos.clone_from(root);
        // Selection: down the expanded nodes by UCT.
        let mut node = 0;
        while tree[node].expanded && tree[node].count > 0 {
            let parent_visits = f64::from(tree[node].visits.max(1)).ln();
            let (first, count) = (tree[node].first, tree[node].count);
            let mut best = first;
            let mut best_score = f64::NEG_INFINITY;
            for (c, n) in tree.iter().enumerate().skip(first).take(count) {
                let score = if n.visits == 0 {
                    // Unvisited children first, in a random order.
                    1e9 + rng.below(1 << 16) as f64
                } else {
                    n.reward / f64::from(n.visits)
                        + EXPLORATION * (parent_visits / f64::from(n.visits)).sqrt()
                };
                if score > best_score {
                    best_score = score;
                    best = c;
                }
            }
            node = best;
            pos.play_unchecked(&tree[node].mv);
        }
        // Expansion, then the playout's result for each player.
        let outcome = match decided(&pos, &mut moves) {
            Some(o) => {
                tree[node].expanded = true;
                o
            }
            None => {
                let first = tree.len();
                for m in &moves {
                    tree.push(Node {
                        mv: m.clone(),
                        parent: node,
                        first: 0,
                        count: 0,
                        expanded: false,
                        visits: 0,
                        reward: 0.0,
                    });
                }
                tree[node].first = first;
                tree[node].count = moves.len();
                tree[node].expanded = true;
                node = first + rng.below(moves.len());
                pos.play_unchecked(&tree[node].mv);
                playout(&mut pos, rng, &mut buf, &mut scratch)
            }
        };
        // Backpropagation: each node is credited for the player who moved into it. Every
        // move passes the turn, so the player to move alternates with the depth.
        let rewards = [reward(&outcome, 0), reward(&outcome, 1)];
        let mut depth = 0;
        let mut n = node;
        while tree[n].parent != usize::MAX {
            depth += 1;
            n = tree[n].parent;
        }
        let mut n = node;
        while n != usize::MAX {
            let to_move = (root.turn() + depth) % 2;
            tree[n].visits += 1;
            tree[n].reward += rewards[to_move ^ 1];
            n = tree[n].parent;
            depth = depth.wrapping_sub(1);
        }
    }
    let root_node = &tree[0];
    let best =
        (root_node.first..root_node.first + root_node.count).max_by_key(|&c| tree[c].visits)?;
    let b = &tree[best];
    Some(Report {
        mv: b.mv.clone(),
        iterations,
        value: if b.visits == 0 {
            0.5
        } else {
            b.reward / f64::from(b.visits)
        },
    })
}

/// Finishes the game from `pos` with uniformly random legal moves.
fn playout<'g>(
    pos: &mut Position<'g>,
    rng: &mut Rng,
    buf: &mut Vec<Move>,
    scratch: &mut Scratch<'g>,
) -> Outcome {
    for _ in 0..MAX_PLAYOUT_PLIES {
        if let Some(o) = pos.static_outcome() {
            return o;
        }
        let Some(m) = pos.random_legal_move(rng, buf, scratch) else {
            return pos.no_move_outcome();
        };
        if let Some(o) = pos.limit_outcome(1, None) {
            return o;
        }
        pos.play_unchecked(&m);
    }
    Outcome::Draw {
        reason: "playout too long".into(),
    }
}
