//! Monte Carlo tree search (UCT): a player that knows nothing of a game but its rules. Each
//! iteration walks down the tree by the UCT rule, adds one child, finishes the game with
//! uniformly random moves (the engine's own playout moves) and credits the result to every
//! node on the way. The move played is the root's most visited child.
//!
//! The tree lives in one vector of nodes; a search allocates the tree and two move buffers,
//! nothing per playout ply. The tree holds at most [`Limits::max_nodes`] nodes: once full, it
//! stops growing and later iterations play out from its leaves, so memory stays bounded
//! whatever the budget. With an iteration budget the choice is the same for the same seed;
//! with a time budget, or a stop flag raised by another thread, it depends on the machine.

use crate::engine::{Move, Outcome, Position, Scratch};
use crate::rng::Rng;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The most nodes a search tree holds unless told otherwise ([`Limits::default`]): about
/// 330 MB on Go 9 x 9, whose nodes take about 160 bytes each (a move is most of it).
pub const MAX_TREE_NODES: usize = 2_000_000;

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

/// Bounds on one search besides its [`Budget`]. The root's children are always added,
/// whatever `max_nodes`, so that a move can be chosen.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The most nodes the tree may hold; a node whose children would not fit stays a leaf.
    pub max_nodes: usize,
    /// Raised by another thread to end the search now; it then answers with the best move
    /// found so far.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_nodes: MAX_TREE_NODES,
            stop: None,
        }
    }
}

/// What a search did.
#[derive(Clone, Debug)]
pub struct Report {
    pub mv: Move,
    pub iterations: u64,
    /// The nodes of the tree at the end.
    pub nodes: usize,
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
/// over there. `progress` is called now and then with the iterations done so far. The tree
/// holds at most [`MAX_TREE_NODES`] nodes.
pub fn search(
    root: &Position,
    budget: Budget,
    rng: &mut Rng,
    progress: &mut dyn FnMut(u64),
) -> Option<Report> {
    search_within(root, budget, &Limits::default(), rng, progress)
}

/// [`search`] within `limits` too: a tree of at most `limits.max_nodes` nodes, and an end as
/// soon as `limits.stop` is raised (with the best move found by then).
pub fn search_within(
    root: &Position,
    budget: Budget,
    limits: &Limits,
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
            nodes: 0,
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
        // The first iteration is always made: it adds the root's children, so that there is
        // a move to answer with.
        let stopped = iterations > 0
            && limits
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed));
        if done || stopped {
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
        // Expansion, then the playout's result for each player. A full tree plays out from
        // the leaf reached instead of growing.
        let outcome = match decided(&pos, &mut moves) {
            Some(o) => {
                tree[node].expanded = true;
                o
            }
            None if node != 0 && tree.len() + moves.len() > limits.max_nodes => {
                playout(&mut pos, rng, &mut buf, &mut scratch)
            }
            None => {
                // Grow no further than the cap, not by doubling past it.
                let needed = tree.len() + moves.len();
                if needed > tree.capacity() {
                    let want = (tree.capacity() * 2).clamp(needed, limits.max_nodes.max(needed));
                    tree.reserve_exact(want - tree.len());
                }
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
        nodes: tree.len(),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn go9() -> crate::engine::Game {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/games/go9.game");
        crate::load_file(path).expect("go 9 x 9 compiles")
    }

    fn legal(pos: &Position, m: &Move) -> bool {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        moves.iter().any(|l| l.same_as(m))
    }

    #[test]
    fn a_full_tree_stops_growing_and_the_search_goes_on() {
        let g = go9();
        let pos = g.start();
        let budget = Budget::Iterations(200);
        let free = search(&pos, budget, &mut Rng::new(3), &mut |_| {}).unwrap();
        assert!(free.nodes > 2000, "{} nodes", free.nodes);
        let limits = Limits {
            max_nodes: 1000,
            stop: None,
        };
        let capped = search_within(&pos, budget, &limits, &mut Rng::new(3), &mut |_| {}).unwrap();
        assert!(capped.nodes <= 1000, "{} nodes", capped.nodes);
        assert_eq!(capped.iterations, 200);
        assert!(legal(&pos, &capped.mv));
        // The root's children are added whatever the cap.
        let tiny = Limits {
            max_nodes: 1,
            stop: None,
        };
        let r = search_within(&pos, budget, &tiny, &mut Rng::new(3), &mut |_| {}).unwrap();
        assert!(legal(&pos, &r.mv));
    }

    #[test]
    fn a_raised_stop_flag_ends_the_search_with_a_move() {
        let g = go9();
        let pos = g.start();
        let limits = Limits {
            max_nodes: MAX_TREE_NODES,
            stop: Some(Arc::new(AtomicBool::new(true))),
        };
        let budget = Budget::Time(Duration::from_secs(3600));
        let r = search_within(&pos, budget, &limits, &mut Rng::new(1), &mut |_| {}).unwrap();
        assert_eq!(r.iterations, 1);
        assert!(legal(&pos, &r.mv));
    }
}
