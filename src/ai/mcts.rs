//! Monte Carlo tree search (UCT): a player that knows nothing of a game but its rules. Each
//! iteration walks down the tree by the UCT rule, adds one child, finishes the game with
//! uniformly random moves (the engine's own playout moves) and credits the result to every
//! node on the way. The move played is the root's most visited child.
//!
//! With RAVE ([`Style::Rave`]) each node also keeps all-moves-as-first statistics: how the
//! playouts went in which the player to move there made the same move later on (a move known
//! by its cells, landings and kind, as `ai::fingerprint` reads it). A child's value mixes its
//! own average with that one, leaning on the shared one while the child has few visits of
//! its own ("rapid action value estimation", Gelly and Silver), so that a few hundred
//! playouts already tell the moves apart. Where nothing is left to chance and two play, it
//! also proves what it can (score-bounded MCTS, Cazenave and Saffidine): each node keeps
//! bounds on its value with best play, set where a game ends (a win, a draw or a loss) and
//! carried up; a child that cannot beat what a sibling guarantees is no longer visited.
//!
//! The tree lives in one vector of nodes; a search allocates the tree and two move buffers,
//! nothing per playout ply. The tree holds at most [`Limits::max_nodes`] nodes: once full, it
//! stops growing and later iterations play out from its leaves, so memory stays bounded
//! whatever the budget. With an iteration budget the choice is the same for the same seed;
//! with a time budget, or a stop flag raised by another thread, it depends on the machine.

use super::clock::Deadline;
use super::{fingerprint, race_progress};
use crate::engine::{Game, Move, Outcome, Position, Scratch};
use crate::model::MAX_PLAYERS;
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

/// Plies the default's playouts in a race play before the race's progress judges them.
const RACE_PLAYOUT_PLIES: usize = 40;

/// The scale of a judged race's lead, in cells ([`race_rewards`]).
const RACE_LEAD: f64 = 20.0;

/// The exploration constant of UCT with RAVE: the shared statistics already explore.
const RAVE_EXPLORATION: f64 = 0.4;

/// Visits of its own at which a child's value leans on its own average and the shared one
/// alike, three times over (the β = √(k / (3n + k)) schedule).
const RAVE_EQUIVALENCE: f64 = 300.0;

/// What an unvisited child is worth to the selection beyond its shared average: enough that
/// it is tried before a visited sibling of about the same promise.
const FIRST_PLAY_BONUS: f64 = 1.0;

/// Entries of the table of moves made in one playout, per player (by move fingerprint).
const AMAF_TABLE: usize = 1 << 16;

/// How the tree chooses among children.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Plain UCT: each child's own average.
    Uct,
    /// UCT with rapid action value estimation.
    Rave,
}

/// How long a search may run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// This many iterations (playouts).
    Iterations(u64),
    /// This much wall time.
    Time(Duration),
    /// This much CPU time of the searching thread ([`Deadline`]).
    Cpu(Duration),
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
    /// The player who made `mv` (the player to move at the parent; at a chance node, the
    /// player who throws).
    mover: u8,
    /// With RAVE: playouts through the parent in which the player who made `mv` made it later,
    /// and their summed rewards for that player.
    amaf_visits: u32,
    amaf_reward: f32,
    /// With RAVE, the bounds the search has proven on the value with best play for the
    /// player who made `mv`: 1 a win, 0 a draw, -1 a loss; `lo == hi` is proven exactly,
    /// -1 and 1 know nothing.
    lo: i8,
    hi: i8,
}

impl Node {
    fn new(mv: Move, parent: usize, mover: usize) -> Node {
        Node {
            mv,
            parent,
            mover: mover as u8,
            first: 0,
            count: 0,
            expanded: false,
            visits: 0,
            reward: 0.0,
            amaf_visits: 0,
            amaf_reward: 0.0,
            lo: -1,
            hi: 1,
        }
    }
}

/// Marks `node` proven (`value` for the player who moved into it: 1 a win, 0 a draw, -1 a
/// loss) and carries the bounds up: the player to move at a node gets the best of its
/// children, so its value lies between the best of their lower bounds and the best of their
/// upper ones (negated for the player who moved into it, where that is the other player).
fn prove(tree: &mut [Node], mut node: usize, value: i8) {
    tree[node].lo = value;
    tree[node].hi = value;
    loop {
        let parent = tree[node].parent;
        if parent == usize::MAX {
            return;
        }
        let (first, count) = (tree[parent].first, tree[parent].count);
        let children = &tree[first..first + count];
        let lo = children.iter().map(|c| c.lo).max().unwrap_or(-1);
        let hi = children.iter().map(|c| c.hi).max().unwrap_or(1);
        let (lo, hi) = if tree[node].mover == tree[parent].mover {
            (lo, hi)
        } else {
            (-hi, -lo)
        };
        if (lo, hi) == (tree[parent].lo, tree[parent].hi) {
            return;
        }
        tree[parent].lo = lo;
        tree[parent].hi = hi;
        node = parent;
    }
}

/// The moves each player made in one iteration below the root: per player, by move
/// fingerprint, the iteration that last saw it and the first depth it was made at.
struct Amaf {
    seen: Vec<Vec<(u32, u32)>>,
    stamp: u32,
    /// The fingerprints and movers of the moves made, in order, from the root down.
    line: Vec<(u64, usize)>,
}

impl Amaf {
    fn new(players: usize) -> Amaf {
        Amaf {
            seen: vec![vec![(0, 0); AMAF_TABLE]; players],
            stamp: 0,
            line: Vec::new(),
        }
    }

    fn slot(fp: u64) -> usize {
        (fp.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 48) as usize & (AMAF_TABLE - 1)
    }

    /// Records the line of this iteration, each move at the first depth its player made it.
    fn index(&mut self) {
        self.stamp = self.stamp.wrapping_add(1).max(1);
        for (depth, &(fp, player)) in self.line.iter().enumerate() {
            let e = &mut self.seen[player][Amaf::slot(fp)];
            if e.0 != self.stamp {
                *e = (self.stamp, depth as u32);
            }
        }
    }

    /// Whether `player` made the move `fp` at depth `depth` or deeper in this iteration.
    fn made(&self, player: usize, fp: u64, depth: usize) -> bool {
        let e = self.seen[player][Amaf::slot(fp)];
        e.0 == self.stamp && e.1 as usize >= depth
    }
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

/// The rewards of `outcome`, by player.
fn rewards(game: &Game, outcome: &Outcome) -> Rewards {
    std::array::from_fn(|p| reward(game, outcome, p))
}

/// Each player's reward of one iteration, from 0 (lost) to 1 (won).
pub(crate) type Rewards = [f64; MAX_PLAYERS];

/// The reward of `outcome` for `player`: 1 a win (their team's), 0 a loss, ½ a draw.
fn reward(game: &Game, outcome: &Outcome, player: usize) -> f64 {
    match outcome {
        Outcome::Win { player: w, .. } => {
            if game.same_side(*w, player) {
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
    pos.limit_outcome(1, crate::engine::Perpetual::NONE)
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
    search_styled(root, budget, limits, Style::Uct, rng, progress)
}

/// [`search_within`] choosing children in `style`.
pub fn search_styled(
    root: &Position,
    budget: Budget,
    limits: &Limits,
    style: Style,
    rng: &mut Rng,
    progress: &mut dyn FnMut(u64),
) -> Option<Report> {
    let mut moves = Vec::new();
    if decided(root, &mut moves).is_some() {
        return None;
    }
    if root.is_chance() {
        // Nobody chooses a throw: the dice decide.
        return Some(Report {
            mv: root.random_throw(rng)?,
            iterations: 0,
            nodes: 0,
            value: 0.5,
        });
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
    let mut deadline = match budget {
        Budget::Cpu(t) => Some(Deadline::cpu(t)),
        _ => None,
    };
    let rave = style == Style::Rave;
    // The default's playouts in a race stop early and are judged by the race's progress.
    let cutoff = (rave && root.game.race.is_some()).then_some(RACE_PLAYOUT_PLIES);
    let mut amaf = rave.then(|| Amaf::new(root.game.players.len()));
    let mut tree = vec![Node::new(
        Move::pass(),
        usize::MAX,
        root.game.previous_player(root.turn()),
    )];
    // Proofs carry the values of ended games up the tree as bounds (a won child makes its
    // parent lost, a parent whose children are all proven is proven, draws included), so
    // that a small game or a decided ending is solved rather than sampled: only where
    // nothing is left to chance. With more than two players a lost position says nothing
    // of who wins it: no proofs.
    let proofs = rave && root.game.chance.is_none() && root.game.players.len() == 2;
    let mut pos = root.clone();
    let mut scratch = Scratch::new(root);
    let mut buf = Vec::new();
    let mut iterations = 0u64;
    loop {
        if finished(budget, limits, iterations, start, &mut deadline) {
            break;
        }
        iterations += 1;
        if iterations.is_multiple_of(1024) {
            progress(iterations);
        }
        pos.clone_from(root);
        if let Some(a) = &mut amaf {
            a.line.clear();
        }
        let mut node = select(&tree, &mut amaf, &mut pos, rave, proofs, rng);
        // Expansion, then the playout's result for each player. A full tree plays out from
        // the leaf reached instead of growing.
        let rewards = match decided(&pos, &mut moves) {
            Some(o) => {
                tree[node].expanded = true;
                if proofs && node != 0 {
                    let mover = tree[node].mover as usize;
                    let value = match &o {
                        Outcome::Win { player, .. } if *player == mover => 1,
                        Outcome::Win { .. } => -1,
                        Outcome::Draw { .. } => 0,
                    };
                    prove(&mut tree, node, value);
                }
                rewards(pos.game, &o)
            }
            None if node != 0 && tree.len() + moves.len() > limits.max_nodes => {
                playout(&mut pos, rng, &mut buf, &mut scratch, amaf.as_mut(), cutoff)
            }
            None => {
                node = expand(&mut tree, node, &moves, limits.max_nodes, &pos, rng);
                if let Some(a) = &mut amaf {
                    a.line.push((fingerprint(&tree[node].mv), pos.turn()));
                }
                pos.play_unchecked(&tree[node].mv);
                playout(&mut pos, rng, &mut buf, &mut scratch, amaf.as_mut(), cutoff)
            }
        };
        backpropagate(&mut tree, amaf.as_mut(), node, &rewards);
    }
    best_child(&tree, iterations)
}

/// Whether a search that has made `iterations` iterations ends here: its budget is spent or
/// it has been told to stop.
fn finished(
    budget: Budget,
    limits: &Limits,
    iterations: u64,
    start: Instant,
    deadline: &mut Option<Deadline>,
) -> bool {
    let done = match budget {
        Budget::Iterations(n) => iterations >= n,
        Budget::Time(t) => iterations > 0 && iterations.is_multiple_of(16) && start.elapsed() >= t,
        Budget::Cpu(_) => iterations > 0 && deadline.as_mut().is_some_and(|d| d.passed()),
    };
    // The first iteration is always made: it adds the root's children, so that there is
    // a move to answer with.
    let stopped = iterations > 0
        && limits
            .stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed));
    done || stopped
}

/// Selection: down the expanded nodes from the root by UCT, playing their moves on `pos`
/// (which starts at the root); at a chance node, the throw is drawn with its probability
/// (its children are the outcomes in order). Returns the node reached.
fn select(
    tree: &[Node],
    amaf: &mut Option<Amaf>,
    pos: &mut Position,
    rave: bool,
    proofs: bool,
    rng: &mut Rng,
) -> usize {
    let mut node = 0;
    while tree[node].expanded && tree[node].count > 0 {
        node = if pos.is_chance() {
            tree[node].first + pos.random_throw_index(rng)
        } else {
            best_by_score(tree, node, rave, proofs, rng)
        };
        if let Some(a) = amaf {
            a.line.push((fingerprint(&tree[node].mv), pos.turn()));
        }
        pos.play_unchecked(&tree[node].mv);
    }
    node
}

/// The child of `node` with the best UCT (or RAVE) score, the first of equals. With
/// `proofs`, a child proven won is taken, and otherwise only the children still open are
/// scored: not proven, and able to beat what another child already guarantees (once none
/// is open, the node is proven, and a child that guarantees its value is taken).
#[inline]
fn best_by_score(tree: &[Node], node: usize, rave: bool, proofs: bool, rng: &mut Rng) -> usize {
    let parent_visits = f64::from(tree[node].visits.max(1)).ln();
    let (first, count) = (tree[node].first, tree[node].count);
    let children = &tree[first..first + count];
    let (mut floor, mut open) = (-1, false);
    if proofs {
        floor = children.iter().map(|c| c.lo).max().unwrap_or(-1);
        if floor == 1 {
            if let Some(won) = children.iter().position(|c| c.lo == 1) {
                return first + won;
            }
        }
        open = children.iter().any(|c| c.lo != c.hi && c.hi > floor);
    }
    let mut best = first;
    let mut best_score = f64::NEG_INFINITY;
    for (c, n) in tree.iter().enumerate().skip(first).take(count) {
        if proofs
            && (if open {
                n.lo == n.hi || n.hi <= floor
            } else {
                n.lo != floor
            })
        {
            continue;
        }
        let score = if rave {
            rave_score(n, parent_visits, rng)
        } else {
            uct_score(n, parent_visits, rng)
        };
        if score > best_score {
            best_score = score;
            best = c;
        }
    }
    best
}

/// A child's plain UCT score: its average and the exploration term.
#[inline]
fn uct_score(n: &Node, parent_visits: f64, rng: &mut Rng) -> f64 {
    if n.visits == 0 {
        // Unvisited children first, in a random order.
        1e9 + rng.below(1 << 16) as f64
    } else {
        n.reward / f64::from(n.visits) + EXPLORATION * (parent_visits / f64::from(n.visits)).sqrt()
    }
}

/// A child's score with RAVE: its own average leaning on the shared one while it has few
/// visits.
#[inline]
fn rave_score(n: &Node, parent_visits: f64, rng: &mut Rng) -> f64 {
    let shared = if n.amaf_visits == 0 {
        0.5
    } else {
        f64::from(n.amaf_reward) / f64::from(n.amaf_visits)
    };
    let noise = rng.below(1 << 16) as f64 * 1e-9;
    if n.visits == 0 {
        shared + FIRST_PLAY_BONUS + noise
    } else {
        let visits = f64::from(n.visits);
        let beta = (RAVE_EQUIVALENCE / (3.0 * visits + RAVE_EQUIVALENCE)).sqrt();
        (1.0 - beta) * (n.reward / visits)
            + beta * shared
            + RAVE_EXPLORATION * (parent_visits / visits).sqrt()
            + noise
    }
}

/// Expansion: adds the children of `node` (one per move of `moves`, legal at `pos`) and
/// returns the one to play out from, drawn at random (a throw with its probability).
fn expand(
    tree: &mut Vec<Node>,
    node: usize,
    moves: &[Move],
    max_nodes: usize,
    pos: &Position,
    rng: &mut Rng,
) -> usize {
    // Grow no further than the cap, not by doubling past it.
    let needed = tree.len() + moves.len();
    if needed > tree.capacity() {
        let want = (tree.capacity() * 2).clamp(needed, max_nodes.max(needed));
        tree.reserve_exact(want - tree.len());
    }
    let first = tree.len();
    for m in moves {
        tree.push(Node::new(m.clone(), node, pos.turn()));
    }
    tree[node].first = first;
    tree[node].count = moves.len();
    tree[node].expanded = true;
    first
        + if pos.is_chance() {
            pos.random_throw_index(rng)
        } else {
            rng.below(moves.len())
        }
}

/// Backpropagation: each node from `node` up is credited for the player who moved into it,
/// and with RAVE each of their children whose move its player made later in the iteration.
fn backpropagate(tree: &mut [Node], mut amaf: Option<&mut Amaf>, node: usize, rewards: &Rewards) {
    let mut depth = 0;
    let mut n = node;
    while tree[n].parent != usize::MAX {
        depth += 1;
        n = tree[n].parent;
    }
    if let Some(a) = &mut amaf {
        a.index();
    }
    let mut n = node;
    while n != usize::MAX {
        tree[n].visits += 1;
        tree[n].reward += rewards[tree[n].mover as usize];
        // The children of `n` whose move its player made at this depth or later.
        if let Some(a) = &amaf {
            let (first, count) = (tree[n].first, tree[n].count);
            for child in &mut tree[first..first + count] {
                let p = child.mover as usize;
                if a.made(p, fingerprint(&child.mv), depth) {
                    child.amaf_visits += 1;
                    child.amaf_reward += rewards[p] as f32;
                }
            }
        }
        n = tree[n].parent;
        depth = depth.wrapping_sub(1);
    }
}

/// The answer of a search: a proven win first; else the most visited of the root's children
/// still open (not proven, and able to beat what the best proven child guarantees), unless
/// its average is no better than that guarantee, when the child that gives it is chosen;
/// else (everything proven lost) the most visited child.
fn best_child(tree: &[Node], iterations: u64) -> Option<Report> {
    let root_node = &tree[0];
    let children = root_node.first..root_node.first + root_node.count;
    let most_visited = |keep: &dyn Fn(&Node) -> bool| {
        children
            .clone()
            .filter(|&c| keep(&tree[c]))
            .max_by_key(|&c| tree[c].visits)
    };
    let floor = children.clone().map(|c| tree[c].lo).max()?;
    let won = most_visited(&|n| n.lo == 1);
    let open = most_visited(&|n| n.lo != n.hi && n.hi > floor);
    let safe = (floor > -1)
        .then(|| most_visited(&|n| n.lo == floor))
        .flatten();
    let average = |c: usize| tree[c].reward / f64::from(tree[c].visits.max(1));
    let best = match (won, open, safe) {
        (Some(w), _, _) => w,
        (None, Some(o), Some(s)) => {
            if average(o) > (f64::from(floor) + 1.0) / 2.0 {
                o
            } else {
                s
            }
        }
        (None, Some(o), None) => o,
        (None, None, Some(s)) => s,
        (None, None, None) => most_visited(&|_| true)?,
    };
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

/// Finishes the game from `pos` with uniformly random legal moves, or, given a `cutoff`,
/// plays at most that many plies and judges the position reached by the race's progress
/// ([`race_rewards`]).
fn playout<'g>(
    pos: &mut Position<'g>,
    rng: &mut Rng,
    buf: &mut Vec<Move>,
    scratch: &mut Scratch<'g>,
    mut amaf: Option<&mut Amaf>,
    cutoff: Option<usize>,
) -> Rewards {
    for _ in 0..cutoff.unwrap_or(MAX_PLAYOUT_PLIES) {
        if let Some(o) = pos.static_outcome() {
            return rewards(pos.game, &o);
        }
        let Some(m) = pos.random_legal_move(rng, buf, scratch) else {
            return rewards(pos.game, &pos.no_move_outcome());
        };
        if let Some(o) = pos.limit_outcome(1, crate::engine::Perpetual::NONE) {
            return rewards(pos.game, &o);
        }
        if let Some(a) = amaf.as_deref_mut() {
            a.line.push((fingerprint(&m), pos.turn()));
        }
        pos.play_unchecked(&m);
    }
    if cutoff.is_some() {
        return race_rewards(pos);
    }
    rewards(
        pos.game,
        &Outcome::Draw {
            reason: "playout too long".into(),
        },
    )
}

/// Each player's reward where a race is judged unfinished: ½ shifted by how far the
/// player's pieces have come beyond the average of the others': ½ + ½·tanh(lead /
/// [`RACE_LEAD`]), so a lead of that many cells gives 0.88.
pub(crate) fn race_rewards(pos: &Position) -> Rewards {
    let players = pos.game.players.len();
    let progress: [i32; MAX_PLAYERS] = std::array::from_fn(|q| {
        if q < players {
            race_progress(pos, q)
        } else {
            0
        }
    });
    let total: i32 = progress.iter().sum();
    std::array::from_fn(|q| {
        if q >= players {
            return 0.5;
        }
        let others = f64::from(total - progress[q]) / (players - 1).max(1) as f64;
        let lead = (f64::from(progress[q]) - others) / RACE_LEAD;
        0.5 + 0.5 * lead.tanh()
    })
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
