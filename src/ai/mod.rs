//! The computer players: a negamax search with alpha-beta pruning for any compiled game
//! (here), Monte Carlo tree search ([`mcts`]) and the players by name ([`Player`]).
//!
//! The search looks a fixed number of plies ahead ([`DEFAULT_DEPTH`]) and then follows
//! captures a few plies further ([`CAPTURE_PLIES`]) so that it does not stop in the middle of
//! an exchange. It deepens one ply at a time and keeps the deepest search finished within
//! [`NODE_BUDGET`] positions. A position is worth the summed `worth` of the mover's pieces minus the
//! opponent's; where all pieces are worth the same (material means nothing), 16 times the
//! piece count difference plus mobility (the mover's legal moves minus the opponent's). A
//! decided position is worth a win or a loss, a win sooner being worth more.
//! Moves that score the same are told apart by the caller's seeded [`Rng`], so games vary
//! with the seed and repeat exactly for the same seed.
//!
//! Like the engine it drives, this module does no I/O. Positions are copy-make and every
//! ply has its own position and move buffer, reused from node to node: the search allocates
//! only when a [`Searcher`] is built. It cannot see repetitions (a position does not know
//! its history), so it may walk into a repetition draw, unless its caller scores the root
//! moves that the game's history decides ([`Searcher::set_root_scores`], as the default
//! player does through [`Player::choose_in`]).

pub mod clock;
pub mod mcts;
mod player;

pub use player::{Player, DEFAULT_MCTS_TIME, DEFAULT_THINK};

use crate::engine::{Game, Move, Outcome, Position};
use crate::model::{EndCond, Tiebreak};
use crate::rng::Rng;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Plies searched in full by [`choose`] and by `tabula play`: quick on chess, enough to see
/// a mate in two.
pub const DEFAULT_DEPTH: usize = 3;

/// Plies of captures searched below the full-width plies.
pub const CAPTURE_PLIES: usize = 6;

/// The most positions one search visits. The search deepens one ply at a time up to its depth
/// and keeps the last depth it finished within this budget, so that a move comes in about a
/// second even where moves are many and captures everywhere (Rascals, Amazons); counting
/// positions, not time, keeps the choice the same for the same seed on any machine.
pub const NODE_BUDGET: u64 = 250_000;

/// Move lists longer than this count toward the node budget by their length
/// ([`Searcher::charge`]); no shipped game but Connect6 lists so many.
const WIDE_LIST: usize = 10_000;

/// The score of a position already won, before the bonus for winning sooner is taken off.
pub const WIN: i32 = 1_000_000;

/// Scores at or beyond this are wins or losses, not material.
const DECIDED: i32 = WIN - 10_000;

/// The deepest full-width search a time-limited search tries (it runs out of time long before
/// in any real game; a game tree this shallow is searched to its end).
pub const MAX_TIMED_DEPTH: usize = 32;

/// Entries of the table of best moves, indexed by the position's hash (16 bytes each).
const BEST_MOVES: usize = 1 << 16;

/// What each step a piece still has to go to its goal region costs in the general
/// evaluation ([`goal_distances`]), in sixteenths of the cheapest piece.
const GOAL_STEP: i32 = 16;

/// Where a player whose pieces are all connected wins, what each step a piece stands apart
/// from its side's centre (beyond the fewest its count could stand) costs in the general
/// evaluation ([`Searcher::scatter`]): a unit of material, as a step to a goal region does.
const GATHER_STEP: i32 = 16;

/// What each move fewer left to a lone royal piece is worth to the side against it
/// ([`Searcher::cornering`]), in sixteenths of the cheapest piece, up to [`MAX_ROOM`] moves.
const CORNER_ROOM: i32 = 8;
const MAX_ROOM: i32 = 8;

/// What each step closer the royal pieces of the two sides stand is worth to the side
/// against a lone royal piece, from [`MAX_APART`] steps apart.
const CORNER_NEAR: i32 = 4;
const MAX_APART: i32 = 8;

/// How many times its worth a piece of a vital kind ([`vital_kinds`]) is worth to the
/// general evaluation.
const VITAL_FACTOR: i32 = 3;

/// By kind: whether the end rules count that kind on its own, so that losing those pieces
/// loses the game (`lose when I have no sweepers`, `draw when nobody has sweepers`) or the
/// tie-break at the ply limit (`decided by more sweepers`), whatever they are worth in a
/// fight.
fn vital_kinds(game: &Game) -> Vec<bool> {
    let mut vital = vec![false; game.kinds.len()];
    for e in &game.end {
        match &e.cond {
            EndCond::NoPieces(Some(k))
            | EndCond::NobodyHas(Some(k))
            | EndCond::FewerThan(_, Some(k))
            | EndCond::Monopoly(_, k) => vital[*k] = true,
            EndCond::PlyLimit { tiebreak, .. } => {
                for t in tiebreak {
                    if let Tiebreak::Pieces(Some(k)) = t {
                        vital[*k] = true;
                    }
                }
            }
            _ => {}
        }
    }
    vital
}

/// How a search scores a position at its horizon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// Material on the board (`worth`); where every piece is worth the same, 16 times the piece
    /// count difference plus mobility.
    Material,
    /// Material on the board and in hand, 16 a unit of the cheapest piece's worth (three
    /// times that for a kind the end rules count on its own; in a game of seeds, 16 a seed
    /// in the stores), less 16 a step each piece still has to go where all of a player's
    /// pieces on a region win, plus mobility (moves counted before royal safety where pieces
    /// are royal), minus a quarter of the opponent's best capture (in a game of seeds, what
    /// a sowing would put in its store, estimated from the counts before it); where
    /// one side has nothing left but royal pieces, plus how hemmed in they are and how near
    /// the other side's royal piece stands; where connecting all one's pieces wins, less 16
    /// a step each piece stands apart from its side's centre (the opponent's counted the
    /// other way). Below the horizon, where capturing is compulsory, a mover with a capture
    /// must take rather than stand on this score.
    General,
}

/// A move told apart from the others of its position well enough to order moves by and to
/// share RAVE statistics by: its cells (with its landings in order, which are the whole move
/// where it has no cell of its own: the lines of a Dots and Boxes turn, the parts of an
/// earned turn), the piece it becomes and its kind.
pub(crate) fn fingerprint(m: &Move) -> u64 {
    let first_capture = u64::from(m.captures().first().copied().unwrap_or(0));
    let landings = m.landings().iter().fold(0u64, |h, &c| {
        (h ^ u64::from(c)).wrapping_mul(0x0000_0100_0000_01B3)
    });
    (u64::from(m.from)
        | u64::from(m.to) << 16
        | u64::from(m.shot) << 32
        | u64::from(m.promote) << 48
        | (m.kind as u64) << 56)
        ^ first_capture.rotate_left(40)
        ^ landings.rotate_left(24)
}

/// The move chosen and what the search thinks of it, for the player to move.
#[derive(Clone, Debug)]
pub struct Choice {
    pub mv: Move,
    /// Material balance after best play to the search horizon, or `WIN - plies` (a win
    /// `plies` plies from now) or `-(WIN - plies)` (a loss).
    pub score: i32,
}

impl Choice {
    /// Plies until the search's forced win (positive) or loss (negative), if it sees one.
    pub fn decided_in(&self) -> Option<i32> {
        if self.score >= DECIDED {
            Some(WIN - self.score)
        } else if self.score <= -DECIDED {
            Some(-(WIN + self.score))
        } else {
            None
        }
    }
}

/// A reusable search: one position and one move buffer per ply, and the piece values.
pub struct Searcher<'g> {
    depth: usize,
    pos: Vec<Position<'g>>,
    moves: Vec<Vec<Move>>,
    /// `worth[code]`: the value of a piece code (0 for the empty code); with
    /// [`Eval::General`], in sixteenths of the cheapest piece.
    worth: Vec<i32>,
    /// Every piece is worth the same: material means nothing, and positions are scored by
    /// mobility (legal moves of the mover minus the opponent's) on top of the piece count.
    material_free: bool,
    eval: Eval,
    /// Per position hash (masked), the hash and the fingerprint of the best move found there.
    best_moves: Vec<(u64, u64)>,
    /// Per ply, the last two moves that caused a cutoff there.
    killers: Vec<[u64; 2]>,
    /// The most positions one search may visit.
    node_limit: u64,
    deadline: Option<clock::Deadline>,
    /// A position and a move buffer for the opponent's mobility (reused, never reallocated).
    null: Position<'g>,
    spare: Vec<Move>,
    nodes: u64,
    /// Positions this search may still visit before it gives up the depth it is on.
    limit: u64,
    /// Raised by another thread to end the search: it then answers as if out of positions.
    stop: Option<Arc<AtomicBool>>,
    /// Root moves whose score the game's history already decides (a repetition, a
    /// perpetual check), for the next search only.
    root_scores: Vec<(Move, i32)>,
    /// With more than two players the search is paranoid: the player to move at the root
    /// against all the others as one side (`None` with two players).
    root_player: Option<usize>,
    /// With [`Eval::General`] where all of a player's pieces on a region win (Chinese
    /// checkers, Halma): per player, each cell's distance in steps to that player's region
    /// ([`goal_distances`]); empty elsewhere.
    goal: Vec<Vec<u16>>,
    /// The steps between any two cells (`steps[a * cells + b]`, along every direction of
    /// the board), filled the first time one side is down to a lone royal piece
    /// ([`Searcher::cornering`]) or pieces to be joined are counted
    /// ([`Searcher::scatter`]); empty until then.
    steps: Vec<u8>,
    /// With [`Eval::General`] where a player whose pieces are all connected wins: the worth
    /// of a step a piece stands apart from its side's centre; 0 elsewhere.
    gather: i32,
}

/// In a race, how far player `q`'s pieces have come along `q`'s track: the cells each has
/// come, every piece of a stack counted (a piece borne off has come one cell past the end);
/// 0 where there is no race.
pub(crate) fn race_progress(p: &Position, q: usize) -> i32 {
    let Some(race) = &p.game.race else {
        return 0;
    };
    let track = race.track(q);
    let on: usize = track
        .iter()
        .enumerate()
        .filter(|&(_, &c)| p.at(c) != 0 && p.game.owner(p.at(c)) == q)
        .map(|(i, &c)| (i + 1) * usize::from(p.height(c)))
        .sum();
    (on + p.borne_off(q) * (track.len() + 1)) as i32
}

/// Each cell's distance in steps (along every direction of `board`) from the nearest of
/// `sources`; `u16::MAX` where none can reach it.
fn steps_from(
    board: &crate::geometry::Board,
    sources: impl IntoIterator<Item = crate::geometry::Cell>,
) -> Vec<u16> {
    let mut dist = vec![u16::MAX; board.len()];
    let mut queue: Vec<crate::geometry::Cell> = Vec::new();
    for c in sources {
        dist[c as usize] = 0;
        queue.push(c);
    }
    let mut i = 0;
    while i < queue.len() {
        let c = queue[i];
        i += 1;
        for n in board.neighbours(c) {
            if dist[n as usize] == u16::MAX {
                dist[n as usize] = dist[c as usize] + 1;
                queue.push(n);
            }
        }
    }
    dist
}

/// The steps between any two cells of `board` along every direction (`[a * cells + b]`),
/// at most 255; cells that cannot reach each other are 255 apart.
fn step_distances(board: &crate::geometry::Board) -> Vec<u8> {
    let n = board.len();
    let mut steps = Vec::with_capacity(n * n);
    for a in 0..n {
        let row = steps_from(board, [a as crate::geometry::Cell]);
        steps.extend(row.iter().map(|&d| d.min(u16::from(u8::MAX)) as u8));
    }
    steps
}

/// Per player, each cell's distance in steps (along every direction of the board) to the
/// region on which all of that player's pieces win, where the end rules have such a goal;
/// cells that cannot reach it count as far as the farthest that can, plus one.
fn goal_distances(game: &Game) -> Vec<Vec<u16>> {
    let Some(regions) = game.end.iter().find_map(|e| match &e.cond {
        EndCond::AllOn(r) => Some(r),
        _ => None,
    }) else {
        return Vec::new();
    };
    let board = &game.board;
    (0..game.players.len())
        .map(|q| {
            let cells = (0..board.len()).map(|c| c as crate::geometry::Cell);
            let mut dist = steps_from(board, cells.filter(|&c| regions[q].contains(c)));
            let far = dist
                .iter()
                .filter(|&&d| d != u16::MAX)
                .max()
                .map_or(0, |&d| d + 1);
            for d in &mut dist {
                if *d == u16::MAX {
                    *d = far;
                }
            }
            dist
        })
        .collect()
}

impl<'g> Searcher<'g> {
    /// A searcher over material ([`Eval::Material`]) that looks `depth` plies ahead (at least
    /// one) in `game`.
    pub fn new(game: &'g Game, depth: usize) -> Self {
        Searcher::with_eval(game, depth, Eval::Material)
    }

    /// A searcher scoring positions by `eval` that looks `depth` plies ahead (at least one).
    pub fn with_eval(game: &'g Game, depth: usize, eval: Eval) -> Self {
        let depth = depth.max(1);
        // Where there is chance, a throw comes before each move, on a level of its own.
        let levels = (depth + CAPTURE_PLIES + 1) * if game.chance.is_some() { 2 } else { 1 };
        let start = game.start();
        // The cheapest piece that is worth something is the unit of the general evaluation.
        let unit = game
            .kinds
            .iter()
            .map(|k| k.worth)
            .filter(|&w| w > 0)
            .min()
            .unwrap_or(1);
        let vital = vital_kinds(game);
        let mut worth = vec![0; game.codes()];
        for (code, w) in worth.iter_mut().enumerate().skip(1) {
            let kind = game.kind_of(code as u8);
            let mut raw = game.kinds[kind].worth;
            if eval == Eval::General && vital[kind] {
                raw = raw.saturating_mul(VITAL_FACTOR);
            }
            *w = match eval {
                Eval::Material => raw,
                Eval::General => raw.saturating_mul(16) / unit,
            };
        }
        Searcher {
            depth,
            pos: (0..levels).map(|_| start.clone()).collect(),
            moves: (0..levels).map(|_| Vec::with_capacity(64)).collect(),
            material_free: game.kinds.iter().all(|k| k.worth == game.kinds[0].worth),
            eval,
            best_moves: match eval {
                Eval::Material => Vec::new(),
                Eval::General => vec![(0, 0); BEST_MOVES],
            },
            killers: vec![[0; 2]; levels],
            root_player: None,
            node_limit: NODE_BUDGET,
            deadline: None,
            null: start.clone(),
            spare: Vec::with_capacity(64),
            worth,
            nodes: 0,
            limit: NODE_BUDGET,
            stop: None,
            root_scores: Vec::new(),
            goal: match eval {
                Eval::Material => Vec::new(),
                Eval::General => goal_distances(game),
            },
            steps: Vec::new(),
            gather: if eval == Eval::General
                && game.players.len() == 2
                && game
                    .end
                    .iter()
                    .any(|e| matches!(e.cond, EndCond::Connected))
            {
                GATHER_STEP
            } else {
                0
            },
        }
    }

    /// Each later search visits at most `nodes` positions (by default [`NODE_BUDGET`]).
    pub fn set_node_limit(&mut self, nodes: u64) {
        self.node_limit = nodes.max(1);
    }

    /// The next search ends once `deadline` has passed, with the move of the deepest search
    /// finished by then.
    pub fn set_deadline(&mut self, deadline: clock::Deadline) {
        self.deadline = Some(deadline);
    }

    /// The next search scores each of these root moves as given instead of searching it:
    /// what the rules of a played game make of it (a draw or a loss by repetition), which
    /// a position without its history cannot tell.
    pub fn set_root_scores(&mut self, scores: Vec<(Move, i32)>) {
        self.root_scores = scores;
    }

    /// Ends each later search as soon as `flag` is raised (looked at every 1024 positions),
    /// with the move of the deepest search finished by then, as when out of positions.
    pub fn stop_when(&mut self, flag: Arc<AtomicBool>) {
        self.stop = Some(flag);
    }

    /// Counts a list of `listed` moves toward the node budget where it is very long (more
    /// than [`WIDE_LIST`]: Connect6's pairs), one node per 64 moves, so that a search of such
    /// a game takes about as long as elsewhere; shorter lists cost nothing extra.
    fn charge(&mut self, listed: usize) {
        if listed <= WIDE_LIST {
            return;
        }
        self.nodes += (listed / 64) as u64;
        if self.deadline.as_mut().is_some_and(|d| d.passed())
            || self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
        {
            self.limit = 0;
        }
    }

    /// Counts a position visited; once the stop flag is raised or the deadline passed, no
    /// more may be visited.
    fn visit(&mut self) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(256) && self.deadline.as_mut().is_some_and(|d| d.passed()) {
            self.limit = 0;
        }
        if self.nodes.is_multiple_of(1024)
            && self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
        {
            self.limit = 0;
        }
    }

    /// Positions visited by the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The best move for the player to move, ties broken with `rng`; `None` when the game is
    /// over on the board or there is no legal move.
    pub fn search(&mut self, root: &Position<'g>, rng: &mut Rng) -> Option<Choice> {
        self.nodes = 1;
        self.limit = self.node_limit;
        for k in &mut self.killers {
            *k = [0; 2];
        }
        let best = self.search_root(root, rng);
        self.deadline = None;
        self.root_scores.clear();
        best
    }

    fn search_root(&mut self, root: &Position<'g>, rng: &mut Rng) -> Option<Choice> {
        if root.is_over() {
            return None;
        }
        self.pos[0].clone_from(root);
        self.root_player = (root.game.players.len() > 2).then(|| root.turn());
        let mut moves = std::mem::take(&mut self.moves[0]);
        root.legal_moves(&mut moves);
        if moves.is_empty() {
            self.moves[0] = moves;
            return None;
        }
        // A uniform shuffle, then a stable sort: among moves of equal promise the order is
        // random, and the first of the best-scoring moves wins, so ties go to the seed.
        for i in (1..moves.len()).rev() {
            moves.swap(i, rng.below(i + 1));
        }
        moves.sort_by_key(|m| std::cmp::Reverse(self.promise(0, m)));
        // One ply deeper at a time; a depth that runs out of nodes is not used.
        let mut best: Option<Choice> = None;
        for depth in 1..=self.depth {
            let mut found: Option<Choice> = None;
            let mut alpha = -WIN - 1;
            for m in &moves {
                let known = self.root_scores.iter().find(|(k, _)| k.same_as(m));
                let score = match known {
                    Some(&(_, s)) => s,
                    None => self.child(0, m, depth - 1, alpha, WIN + 1),
                };
                if self.nodes > self.limit {
                    break;
                }
                if found.as_ref().is_none_or(|b| score > b.score) {
                    found = Some(Choice {
                        mv: m.clone(),
                        score,
                    });
                    alpha = score;
                }
            }
            let out_of_nodes = self.nodes > self.limit;
            if out_of_nodes && best.is_some() {
                break;
            }
            best = found.or(best);
            if out_of_nodes {
                break;
            }
            // The next iteration tries this one's best move first.
            if let Some(b) = &best {
                if let Some(i) = moves.iter().position(|m| m.same_as(&b.mv)) {
                    moves[..=i].rotate_right(1);
                }
            }
            if best
                .as_ref()
                .is_some_and(|b| b.decided_in().is_some_and(|n| n > 0))
            {
                break;
            }
        }
        self.moves[0] = moves;
        best
    }

    /// Plays `m` from `pos[level]` into `pos[level + 1]` and searches the result: its score
    /// for the player to move at `level`, within that player's window. A move after which
    /// the same player moves again (a throw, another throw earned) keeps the perspective.
    fn child(&mut self, level: usize, m: &Move, depth: usize, alpha: i32, beta: i32) -> i32 {
        let (parents, children) = self.pos.split_at_mut(level + 1);
        children[0].clone_from(&parents[level]);
        children[0].play_unchecked(m);
        let (now, next) = (parents[level].turn(), children[0].turn());
        let same = self.side(next) == self.side(now);
        let (a, b) = if same { (alpha, beta) } else { (-beta, -alpha) };
        let s = if depth == 0 {
            self.captures(level + 1, CAPTURE_PLIES, a, b)
        } else {
            self.negamax(level + 1, depth, a, b)
        };
        if same {
            s
        } else {
            -s
        }
    }

    /// A chance node's score: each outcome's, weighted by its probability (expectimax). A
    /// throw takes no depth; below the horizon (`depth` 0) the outcomes are scored as they
    /// stand.
    fn expectation(&mut self, level: usize, depth: usize) -> i32 {
        let Some(c) = self.pos[level].game.chance.as_ref() else {
            return 0;
        };
        let mut sum = 0i64;
        let mut ways = 0i64;
        let opening = self.pos[level].is_opening();
        for i in 0..c.len() {
            if opening && c.is_double(i) {
                continue;
            }
            ways += i64::from(c.weights[i]);
            let throw = crate::engine::rules::chance::throw_move(i);
            let s = if level + 2 >= self.pos.len() {
                self.material(level)
            } else {
                self.child(level, &throw, depth, -WIN - 1, WIN + 1)
            };
            sum += i64::from(c.weights[i]) * i64::from(s);
        }
        (sum / ways.max(1)) as i32
    }

    /// Full-width search of `pos[level]`, `depth` (≥ 1) plies deep, for the player to move.
    fn negamax(&mut self, level: usize, depth: usize, mut alpha: i32, beta: i32) -> i32 {
        self.visit();
        if self.nodes > self.limit {
            return 0;
        }
        if let Some(score) = self.decided(level) {
            return score;
        }
        if self.pos[level].is_chance() {
            return self.expectation(level, depth);
        }
        let mut moves = std::mem::take(&mut self.moves[level]);
        self.pos[level].legal_moves(&mut moves);
        self.charge(moves.len());
        let score = if moves.is_empty() {
            self.outcome_score(level, &self.pos[level].no_move_outcome())
        } else if let Some(o) = self.pos[level].limit_outcome(1, crate::engine::Perpetual::NONE) {
            self.outcome_score(level, &o)
        } else {
            self.order(level, &mut moves);
            let mut best = -WIN - 1;
            let mut best_move = 0;
            for m in &moves {
                let s = self.child(level, m, depth - 1, alpha, beta);
                // Out of positions: the rest of a wide list (Arimaa's thousands of turns)
                // would each count one more.
                if self.nodes > self.limit {
                    break;
                }
                if s > best {
                    best = s;
                    best_move = fingerprint(m);
                    alpha = alpha.max(s);
                    if alpha >= beta {
                        if m.ncap == 0 {
                            let k = &mut self.killers[level];
                            if k[0] != best_move {
                                k[1] = k[0];
                                k[0] = best_move;
                            }
                        }
                        break;
                    }
                }
            }
            if !self.best_moves.is_empty() && self.nodes <= self.limit {
                let hash = self.pos[level].hash();
                self.best_moves[hash as usize & (BEST_MOVES - 1)] = (hash, best_move);
            }
            best
        };
        self.moves[level] = moves;
        score
    }

    /// Captures-only search below the horizon: the player to move may stand on the material
    /// count or capture, for at most `plies` more plies.
    fn captures(&mut self, level: usize, plies: usize, mut alpha: i32, beta: i32) -> i32 {
        self.visit();
        if self.nodes > self.limit {
            return 0;
        }
        if let Some(score) = self.decided(level) {
            return score;
        }
        let mut moves = std::mem::take(&mut self.moves[level]);
        self.pos[level].legal_moves(&mut moves);
        self.charge(moves.len());
        // Where capturing is compulsory and the mover has a capture, it cannot stand on the
        // count: it must take, and what it takes decides.
        let me = self.pos[level].turn();
        let game = self.pos[level].game;
        let forced = self.eval == Eval::General
            && plies > 0
            && (game.compulsory_for(me) || game.majority_for(me))
            && moves.first().is_some_and(|m| m.ncap > 0)
            && moves.iter().all(|m| m.ncap > 0);
        let score = if moves.is_empty() {
            self.outcome_score(level, &self.pos[level].no_move_outcome())
        } else if forced {
            self.best_capture(level, plies, &mut moves, -WIN - 1, alpha, beta)
        } else {
            let mut best = self.material(level);
            if self.eval == Eval::General || self.material_free {
                self.null.clone_from(&self.pos[level]);
                self.null.pass_turn();
                self.null.neutral_to_turn();
                // Where pieces are royal, both sides' moves are counted before royal safety:
                // it is the costly part of listing moves, a move that would leave one's royal
                // piece attacked still shows a piece's reach, and a player in check keeps its
                // count, so that checking for its own sake earns nothing (it led the search
                // into checking again and again, which some games lose).
                let royal = self.eval == Eval::General && self.pos[level].game.has_royal;
                // A side down to its royal pieces alone is to be mated: its royal moves are
                // counted after royal safety, as the room it has left.
                let lone = if royal { self.lone_side(level) } else { None };
                let mine = if royal && lone != Some(me) {
                    self.pos[level].pseudo_legal_moves(&mut self.spare);
                    self.spare.len() as i32
                } else {
                    moves.len() as i32
                };
                if royal && lone != Some(self.null.turn()) {
                    self.null.pseudo_legal_moves(&mut self.spare);
                } else {
                    self.null.legal_moves(&mut self.spare);
                    self.charge(self.spare.len());
                }
                let theirs = self.spare.len() as i32;
                let mobility = mine - theirs;
                best = if self.eval == Eval::General {
                    // What the opponent could take at once if it were its turn: the mover
                    // stands to lose some of it.
                    let threat = self
                        .spare
                        .iter()
                        .map(|m| self.taken(level, m))
                        .max()
                        .unwrap_or(0);
                    let cornering = match lone {
                        Some(q) => {
                            let room = if q == me { mine } else { theirs };
                            let c = self.cornering(level, q, room);
                            if q == me {
                                -c
                            } else {
                                c
                            }
                        }
                        None => 0,
                    };
                    let gathering = if self.gather != 0 {
                        self.gather * (self.scatter(level, me ^ 1) - self.scatter(level, me))
                    } else {
                        0
                    };
                    best + self.hand_material(level) + mobility - threat / 4 + cornering + gathering
                } else {
                    best * 16 + mobility
                };
            }
            if plies > 0 && best < beta {
                alpha = alpha.max(best);
                best = self.best_capture(level, plies, &mut moves, best, alpha, beta);
            }
            best
        };
        self.moves[level] = moves;
        score
    }

    /// The better of `best` and the captures among `moves` (legal at `pos[level]`), each
    /// scored by [`Searcher::captures`] with one ply fewer, most promising first, within the
    /// window.
    fn best_capture(
        &mut self,
        level: usize,
        plies: usize,
        moves: &mut Vec<Move>,
        mut best: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        moves.retain(|m| m.ncap > 0);
        moves.sort_unstable_by_key(|m| std::cmp::Reverse(self.promise(level, m)));
        for m in moves.iter() {
            let (parents, children) = self.pos.split_at_mut(level + 1);
            children[0].clone_from(&parents[level]);
            children[0].play_unchecked(m);
            let (now, next) = (parents[level].turn(), children[0].turn());
            let s = if self.side(next) == self.side(now) {
                self.captures(level + 1, plies - 1, alpha, beta)
            } else {
                -self.captures(level + 1, plies - 1, -beta, -alpha)
            };
            if self.nodes > self.limit {
                break;
            }
            if s > best {
                best = s;
                alpha = alpha.max(s);
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    /// The side player `p` is on: the player itself with two players; with more (a paranoid
    /// search), 0 for the player to move at the root and their partners, 1 for every other
    /// player.
    #[inline]
    fn side(&self, p: usize) -> usize {
        match self.root_player {
            None => p,
            Some(r) => usize::from(!self.pos[0].game.same_side(p, r)),
        }
    }

    /// The score of `pos[level]` if the pieces on the board already decide the game.
    fn decided(&self, level: usize) -> Option<i32> {
        let o = self.pos[level].static_outcome()?;
        Some(self.outcome_score(level, &o))
    }

    /// An outcome scored for the player to move at `level`: a win sooner is worth more.
    fn outcome_score(&self, level: usize, o: &Outcome) -> i32 {
        match o {
            Outcome::Draw { .. } => 0,
            Outcome::Win { player, .. } => {
                let s = WIN - level as i32;
                if self.side(*player) == self.side(self.pos[level].turn()) {
                    s
                } else {
                    -s
                }
            }
        }
    }

    /// The mover's material minus the opponent's; with [`Eval::General`] in a game of seeds,
    /// the seeds in the mover's store minus the opponent's (16 each).
    fn material(&self, level: usize) -> i32 {
        let p = &self.pos[level];
        let me = p.turn();
        if self.eval == Eval::General && p.game.sowing.is_some() {
            return 16 * (i32::from(p.store(me)) - i32::from(p.store(me ^ 1)));
        }
        if p.game.race.is_some() {
            // A race: how far each player's pieces have come along their tracks, 4 a cell.
            return (0..p.game.players.len())
                .map(|q| {
                    let sign = if self.side(q) == self.side(me) { 4 } else { -4 };
                    sign * race_progress(p, q)
                })
                .sum();
        }
        (0..p.game.board.len())
            .map(|c| {
                let code = p.at(c as crate::geometry::Cell);
                if code == 0 {
                    return 0;
                }
                let q = p.game.owner(code);
                // Where all one's pieces on a region win, each step a piece still has to go
                // costs as much as a unit of material.
                let value = self.worth[code as usize]
                    - self.goal.get(q).map_or(0, |d| GOAL_STEP * i32::from(d[c]));
                if self.side(q) == self.side(me) {
                    value
                } else {
                    value / self.opponents()
                }
            })
            .sum()
    }

    /// How many players the opponents' side holds: their material is averaged, so that in a
    /// paranoid search of more than two players the mover is not weighed against the sum of
    /// all the others.
    fn opponents(&self) -> i32 {
        match self.root_player {
            None => -1,
            Some(_) => -(self.pos[0].game.players.len() as i32 - 1),
        }
    }

    /// With two players, the one who has nothing left but royal pieces (on the board and in
    /// hand) while the other has more: a side that can only be mated, never mate.
    fn lone_side(&self, level: usize) -> Option<usize> {
        let p = &self.pos[level];
        if p.game.players.len() != 2 {
            return None;
        }
        let bare = |q: usize| p.count(q, None) == p.royal_count(q) && p.hand_count(q, None) == 0;
        match (bare(0), bare(1)) {
            (true, false) => Some(0),
            (false, true) => Some(1),
            _ => None,
        }
    }

    /// What the side against a lone royal (`lone`, with `room` legal moves) has achieved
    /// toward a mate, which material and mobility cannot tell: the lone side hemmed in
    /// (fewer moves left to it) and the two sides' royal pieces close together (a mate
    /// against a royal piece alone needs the mating side's own royal piece near it), both
    /// in sixteenths of the cheapest piece.
    fn cornering(&mut self, level: usize, lone: usize, room: i32) -> i32 {
        let p = &self.pos[level];
        let game = p.game;
        let board = &game.board;
        let n = board.len();
        let (mut theirs, mut ours) = (None, None);
        for c in 0..n {
            let code = p.at(c as crate::geometry::Cell);
            if code != 0 && game.royal[code as usize] {
                if game.owner(code) == lone {
                    theirs = theirs.or(Some(c));
                } else {
                    ours = ours.or(Some(c));
                }
            }
        }
        let hemmed = CORNER_ROOM * (MAX_ROOM - room.min(MAX_ROOM));
        let (Some(a), Some(b)) = (theirs, ours) else {
            return hemmed;
        };
        if self.steps.is_empty() {
            self.steps = step_distances(board);
        }
        let apart = i32::from(self.steps[a * n + b]);
        hemmed + CORNER_NEAR * (MAX_APART - apart.min(MAX_APART))
    }

    /// How far player `q`'s pieces stand apart: the steps from each to the piece nearest
    /// all the others, beyond the fewest that many pieces could stand where a cell has
    /// eight neighbours (a square board with diagonals; elsewhere the same count, which only
    /// shifts the score by the two sides' difference in pieces).
    fn scatter(&mut self, level: usize, q: usize) -> i32 {
        let p = &self.pos[level];
        let board = &p.game.board;
        let n = board.len();
        if self.steps.is_empty() {
            self.steps = step_distances(board);
        }
        let mut cells = [0usize; crate::geometry::MAX_CELLS];
        let mut k = 0;
        for c in 0..n {
            let code = p.at(c as crate::geometry::Cell);
            if code != 0 && p.game.owner(code) == q {
                cells[k] = c;
                k += 1;
            }
        }
        if k <= 1 {
            return 0;
        }
        let cells = &cells[..k];
        let total = cells
            .iter()
            .map(|&a| {
                cells
                    .iter()
                    .map(|&b| i32::from(self.steps[a * n + b]))
                    .sum::<i32>()
            })
            .min()
            .unwrap_or(0);
        let ideal = (k as i32 - 1).min(8) + 2 * (k as i32 - 9).max(0);
        total - ideal
    }

    /// The mover's pieces in hand minus the opponent's, by worth.
    fn hand_material(&self, level: usize) -> i32 {
        let p = &self.pos[level];
        if !p.game.to_hand && p.game.initial_hand.iter().all(|&n| n == 0) {
            return 0;
        }
        let me = p.turn();
        (1..self.worth.len())
            .map(|code| {
                let n = p.in_hand(code as u8) as i32;
                let w = self.worth[code] * n;
                if self.side(p.game.owner(code as u8)) == self.side(me) {
                    w
                } else {
                    -w
                }
            })
            .sum()
    }

    /// Sorts the moves of `pos[level]` best first: the best move found there before, then by
    /// [`Searcher::promise`], then the ply's killer moves.
    fn order(&self, level: usize, moves: &mut [Move]) {
        let remembered = if self.best_moves.is_empty() {
            None
        } else {
            let hash = self.pos[level].hash();
            let (h, fp) = self.best_moves[hash as usize & (BEST_MOVES - 1)];
            (h == hash).then_some(fp)
        };
        let killers = self.killers[level];
        moves.sort_unstable_by_key(|m| {
            let fp = fingerprint(m);
            let bonus = if Some(fp) == remembered {
                1 << 28
            } else if fp == killers[0] || fp == killers[1] {
                1
            } else {
                0
            };
            std::cmp::Reverse(
                self.promise(level, m)
                    .saturating_mul(2)
                    .saturating_add(bonus),
            )
        });
    }

    /// The worth of what `m` captures. In a game of seeds, 16 a seed it puts in the mover's
    /// store (the material there), estimated from the counts before it, as if no sowing
    /// went a whole lap: each captured pit's seeds, with the seed the sowing dropped into
    /// it (an enemy pit taken for the count its last seed made, or the mover's own empty
    /// pit where the last seed fell); nothing where captured seeds are sown again (Omweso);
    /// and a seed for each sowing the turn chains after its first (each was earned by a
    /// last seed in the store).
    fn taken(&self, level: usize, m: &Move) -> i32 {
        let p = &self.pos[level];
        if let Some(sowing) = &p.game.sowing {
            let rule = &sowing.rule;
            let stored = !matches!(rule.facing, Some((_, Some(_))));
            // The player making `m` (the opponent's moves are scored too, as threats): the
            // owner of the pit its first sowing lifts.
            let me = m
                .landings()
                .first()
                .map_or(p.turn(), |&c| usize::from(sowing.owner[c as usize]));
            let captured: i32 = if stored {
                m.captures()
                    .iter()
                    .map(|&c| {
                        let seeds = i32::from(p.seeds_in(c));
                        if usize::from(sowing.owner[c as usize]) == me {
                            seeds.max(1)
                        } else if rule.counts.is_some() {
                            seeds + 1
                        } else {
                            seeds
                        }
                    })
                    .sum()
            } else {
                0
            };
            let chained = if rule.again {
                i32::from(m.npath.saturating_sub(1))
            } else {
                0
            };
            return 16 * (captured + chained);
        }
        m.captures()
            .iter()
            .map(|&c| self.worth[p.at(c) as usize])
            .sum()
    }

    /// How promising a move looks before searching it: the value it captures, weighted above
    /// the value a promotion gains, so that winning material is tried first.
    fn promise(&self, level: usize, m: &Move) -> i32 {
        let p = &self.pos[level];
        let taken = self.taken(level, m);
        // A piece entering the board (`from` is no cell) gains nothing by promotion.
        let promoted = if m.promote != 0 && m.from != crate::geometry::NONE {
            self.worth[m.promote as usize] - self.worth[p.at(m.from) as usize]
        } else {
            0
        };
        taken * 16 + promoted
    }
}

/// The move a [`Searcher`] of `depth` plies chooses for the player to move; `None` when the
/// game is over. Builds a fresh searcher: keep a [`Searcher`] to search many positions.
pub fn choose(pos: &Position, rng: &mut Rng, depth: usize) -> Option<Move> {
    Searcher::new(pos.game, depth)
        .search(pos, rng)
        .map(|c| c.mv)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess() -> Game {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/games/chess.game");
        crate::load_file(path).expect("chess compiles")
    }

    #[test]
    fn material_counts_for_the_player_to_move() {
        let g = chess();
        let mut s = Searcher::new(&g, 1);
        let pos = Position::from_text(&g, "4k3/8/8/8/8/8/8/QR2K3 b - - 0 1").unwrap();
        s.pos[0].clone_from(&pos);
        assert_eq!(s.material(0), -14);
    }

    #[test]
    fn a_compulsory_capture_is_taken_below_the_horizon_not_stood_on() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/games/english-draughts.game");
        let g = crate::load_file(path).expect("english draughts compiles");
        // White (three men) must take one of Black's five, and either capture lets Black
        // jump two men back: one man for two.
        let pos = Position::from_text(&g, "7m/8/8/2m1m3/3M4/8/1M3M2/M5M1 w 0 1").unwrap();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        assert_eq!(moves.len(), 2);
        assert!(moves.iter().all(|m| m.ncap == 1));
        let below = |eval| {
            let mut s = Searcher::with_eval(&g, 1, eval);
            s.pos[0].clone_from(&pos);
            s.captures(0, CAPTURE_PLIES, -WIN - 1, WIN + 1)
        };
        // A man is 16. Standing on the count would say two men down (-32, give or take
        // mobility); the capture White must make leaves it three down.
        let general = below(Eval::General);
        assert!((-56..=-40).contains(&general), "{general}");
        // The material evaluation (the baseline's) still stands on the count: -2 men.
        assert_eq!(below(Eval::Material), -2);
    }

    #[test]
    fn a_race_counts_every_piece_of_a_stack() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/games/hypergammon.game");
        let g = crate::load_file(path).expect("hypergammon compiles");
        let progress = |text: &str| {
            let pos = Position::from_text(&g, text).unwrap();
            (race_progress(&pos, 0), race_progress(&pos, 1))
        };
        // White's track starts at l2: its checkers on l2, k2 and j2 have come 1, 2 and 3
        // cells; Black's likewise from l1.
        assert_eq!(progress("9CCC/9ccc w - - 0 1"), (6, 6));
        // The same three checkers stacked on j2 have come 3 cells each.
        assert_eq!(progress("9(3C)2/9ccc w - - 0 1"), (9, 6));
    }

    #[test]
    fn a_sowing_is_worth_the_seeds_it_stores() {
        let taken = |game: &str, text: &str| {
            let path = format!("{}/games/{game}.game", env!("CARGO_MANIFEST_DIR"));
            let g = crate::load_file(&path).expect("a shipped game");
            let pos = Position::from_text(&g, text).unwrap();
            let mut s = Searcher::with_eval(&g, 1, Eval::General);
            s.pos[0].clone_from(&pos);
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            let mut out: Vec<(String, i32)> = moves
                .iter()
                .map(|m| (pos.move_text(m), s.taken(0, m)))
                .collect();
            out.sort();
            out
        };
        // Kalah: a1's last seed falls in empty c1 and takes it (1) with the 5 opposite; f1's
        // falls in the store, for another sowing (1), then a1 takes the same 6; d1 reaches the
        // store, then e1 captures nothing. (d1+f1 stores 2: f1's seeds pass the store, which
        // the estimate leaves out.)
        let kalah = taken("kalah", "1,1,5,1,1,1/2,0,0,3,0,1 0,0 s 0 1");
        let seeds = |m: &str| kalah.iter().find(|(t, _)| t == m).map(|&(_, v)| v / 16);
        assert_eq!(seeds("a1"), Some(6), "{kalah:?}");
        assert_eq!(seeds("f1+a1"), Some(7), "{kalah:?}");
        assert_eq!(seeds("d1+e1"), Some(1), "{kalah:?}");
        assert_eq!(seeds("d1+f1"), Some(1), "{kalah:?}");
        // Oware: f1's two seeds make 2 in f2 and e2, both taken: each pit's seed and the
        // one sown into it.
        let oware = taken("oware", "1,1,1,1,1,1/0,0,0,0,0,2 0,0 s 0 1");
        assert_eq!(oware, vec![("f1".to_string(), 4 * 16)]);
    }

    #[test]
    fn kinds_the_end_rules_count_weigh_more_in_the_general_evaluation() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/games/ducart.game");
        let g = crate::load_file(path).expect("ducart compiles");
        // `lose when I have no sweepers`, `decided by more sweepers`: only sweepers.
        let vital = vital_kinds(&g);
        let names: Vec<&str> = g
            .kinds
            .iter()
            .zip(&vital)
            .filter(|(_, &v)| v)
            .map(|(k, _)| k.name.as_str())
            .collect();
        assert_eq!(names, ["sweeper"]);
        // A sweeper (worth 1, the unit) counts 3 units; a keeper (worth 3) 3 units too.
        let s = Searcher::with_eval(&g, 1, Eval::General);
        let code = |name: &str| 1 + 2 * g.kinds.iter().position(|k| k.name == name).unwrap();
        assert_eq!(s.worth[code("sweeper")], 48);
        assert_eq!(s.worth[code("keeper")], 48);
        // Material alone keeps the description's worth.
        let m = Searcher::new(&g, 1);
        assert_eq!(m.worth[code("sweeper")], 1);
        // Checkmate counts no kind on its own.
        assert!(vital_kinds(&chess()).iter().all(|&v| !v));
    }

    #[test]
    fn the_general_evaluation_counts_the_steps_to_a_goal_region() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/games/chinese-checkers.game");
        let g = crate::load_file(path).expect("chinese checkers compiles");
        let s = Searcher::with_eval(&g, 1, Eval::General);
        let pos = g.start();
        let total = |q: usize| -> i32 {
            (0..g.board.len())
                .filter(|&c| pos.at(c as crate::geometry::Cell) != 0)
                .filter(|&c| g.owner(pos.at(c as crate::geometry::Cell)) == q)
                .map(|c| i32::from(s.goal[q][c]))
                .sum()
        };
        // Both players' ten marbles start on the point opposite their target: the tip of
        // the star is 16 steps from the tip across, and the point's ten holes add up alike.
        assert_eq!(total(0), total(1));
        assert!(total(0) > 100, "{}", total(0));
        // Each hole of a target is 0 steps from it; the material evaluation has no goal.
        for q in 0..2 {
            let EndCond::AllOn(r) = &g
                .end
                .iter()
                .find(|e| matches!(e.cond, EndCond::AllOn(_)))
                .unwrap()
                .cond
            else {
                unreachable!()
            };
            for c in 0..g.board.len() {
                assert_eq!(s.goal[q][c] == 0, r[q].contains(c as crate::geometry::Cell));
            }
        }
        assert!(Searcher::new(&g, 1).goal.is_empty());
        // One ply deep, the default's search moves a marble toward its target: the mover's
        // steps to go after its choice are fewer than before.
        let mut searcher = Searcher::with_eval(&g, 1, Eval::General);
        let choice = searcher.search(&pos, &mut Rng::new(1)).expect("a move");
        let me = pos.turn();
        let m = &choice.mv;
        assert!(
            s.goal[me][m.to as usize] < s.goal[me][m.from as usize],
            "{m:?}"
        );
    }

    #[test]
    fn the_general_evaluation_counts_how_far_apart_pieces_to_be_joined_stand() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/games/lines-of-action.game");
        let g = crate::load_file(path).expect("lines of action compiles");
        let mut s = Searcher::with_eval(&g, 1, Eval::General);
        assert_eq!(s.gather, GATHER_STEP);
        assert_eq!(Searcher::new(&g, 1).gather, 0);
        // At the start both sides stand alike, far apart (two rows of six, seven steps
        // between the rows).
        s.pos[0].clone_from(&g.start());
        let (black, white) = (s.scatter(0, 0), s.scatter(0, 1));
        assert_eq!(black, white);
        assert!(black > 30, "{black}");
        // Black's twelve in a block of 4 x 3: each stands a step or two from the centre,
        // as near as twelve can (8 at one step, 3 at two).
        let block = Position::from_text(&g, "8/8/2SSSS2/2SSSS2/2SSSS2/8/s7/8 w 0 1").unwrap();
        s.pos[0].clone_from(&block);
        assert_eq!(s.scatter(0, 0), 0);
        // A lone piece is joined already.
        assert_eq!(s.scatter(0, 1), 0);
    }

    #[test]
    fn a_race_judged_unfinished_favours_the_player_ahead() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/games/ur.game");
        let g = crate::load_file(path).expect("ur compiles");
        let start = g.start();
        assert_eq!(race_progress(&start, 0), race_progress(&start, 1));
        // Play until one player has come further than the other.
        let mut rng = Rng::new(3);
        let mut pos = start.clone();
        let mut moves = Vec::new();
        while race_progress(&pos, 0) == race_progress(&pos, 1) {
            if pos.is_chance() {
                let t = pos.random_throw(&mut rng).expect("a throw");
                pos.play_unchecked(&t);
                continue;
            }
            pos.legal_moves(&mut moves);
            let m = moves[rng.below(moves.len())].clone();
            pos.play_unchecked(&m);
        }
        let ahead = usize::from(race_progress(&pos, 1) > race_progress(&pos, 0));
        let r = mcts::race_rewards(&pos);
        assert!(r[ahead] > 0.5 && r[ahead ^ 1] < 0.5, "{r:?}");
        assert!((r[0] + r[1] - 1.0).abs() < 1e-9, "{r:?}");
    }

    #[test]
    fn a_raised_stop_flag_ends_a_search_with_a_move() {
        let g = chess();
        let pos = g.start();
        let mut s = Searcher::new(&g, 8);
        s.stop_when(Arc::new(AtomicBool::new(true)));
        let choice = s.search(&pos, &mut Rng::new(1)).expect("a move");
        assert!(s.nodes() <= 2048, "{} positions", s.nodes());
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        assert!(moves.iter().any(|m| m.same_as(&choice.mv)));
        // Without the flag the same search goes on to its budget.
        let mut free = Searcher::new(&g, 8);
        free.search(&pos, &mut Rng::new(1));
        assert!(free.nodes() > NODE_BUDGET / 2, "{} positions", free.nodes());
    }

    #[test]
    fn the_moves_of_a_position_have_fingerprints_of_their_own() {
        // Dots and Boxes' turns are only their lines (no cell of their own): RAVE had shared
        // one value among all of them.
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/games/dots-and-boxes.game");
        let g = crate::load_file(path).expect("dots and boxes compiles");
        let mut pos = g.start();
        let mut moves = Vec::new();
        let mut rng = Rng::new(5);
        // Through the middle of a game, where some turns draw more than one line.
        for _ in 0..12 {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mut seen: Vec<u64> = moves.iter().map(fingerprint).collect();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), moves.len());
            let m = moves[rng.below(moves.len())].clone();
            pos.play_unchecked(&m);
        }
    }

    #[test]
    fn decided_in_reads_the_score() {
        let mv = Move::new(0, 1);
        let win = Choice {
            mv: mv.clone(),
            score: WIN - 3,
        };
        let loss = Choice {
            mv: mv.clone(),
            score: -(WIN - 2),
        };
        let even = Choice { mv, score: 4 };
        assert_eq!(win.decided_in(), Some(3));
        assert_eq!(loss.decided_in(), Some(-2));
        assert_eq!(even.decided_in(), None);
    }
}
