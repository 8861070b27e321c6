//! Perft, whole games (with repetition and ply limits) and seeded random playouts.

use super::placement_playout::PlacementPlayout;
use super::{Move, Outcome, Perpetual, Position, Scratch, TooManyMoves, MAX_MOVES};
use crate::rng::Rng;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

/// A flag never raised, for counts that run to the end.
static NEVER: AtomicBool = AtomicBool::new(false);

/// One position and one move buffer per depth, reused across the whole search.
struct Frames<'g> {
    pos: Vec<Position<'g>>,
    moves: Vec<Vec<Move>>,
    /// A position on the way had more than [`MAX_MOVES`] moves: its list is cut short, so
    /// the count stops and is not an answer.
    too_many: bool,
}

impl<'g> Frames<'g> {
    fn new(root: &Position<'g>, depth: usize) -> Self {
        Frames {
            pos: (0..=depth).map(|_| root.clone()).collect(),
            moves: (0..=depth).map(|_| Vec::with_capacity(64)).collect(),
            too_many: false,
        }
    }

    /// Leaves `depth` plies below `pos[level]`, counting the last ply in bulk. Once `stop`
    /// is raised, or a position has more moves than the budget, it counts nothing more (the
    /// caller must not trust the total).
    fn count(
        &mut self,
        level: usize,
        depth: usize,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(u64),
    ) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.pos[level].is_over() || self.too_many || stop.load(Ordering::Relaxed) {
            return 0;
        }
        let pos = &self.pos[level];
        if let Some(sow) = pos.game.sowing.as_ref().filter(|_| depth == 1) {
            // A sowing game's last ply: its turns counted, sown out only where they go on.
            return sow.count_moves(pos);
        }
        if let Some(steps) = pos.game.steps.as_ref().filter(|_| depth == 1) {
            // A game of turns of steps' last ply: its turns counted, not built.
            return steps.count_moves(pos);
        }
        if let Some(lines) = pos.game.lines.as_ref().filter(|_| depth == 1) {
            // A game of lines' last ply: its turns counted, not built.
            return lines.count_moves(pos);
        }
        let mut moves = std::mem::take(&mut self.moves[level]);
        if depth == 1 && pos.game.draw_plans[pos.turn()].is_some() {
            // The last ply is counted without being listed where the moves allow it.
            if let Some(n) = pos.count_moves(&mut moves) {
                self.moves[level] = moves;
                return n;
            }
        }
        self.pos[level].legal_moves(&mut moves);
        if moves.len() > MAX_MOVES {
            self.too_many = true;
            self.moves[level] = moves;
            return 0;
        }
        let n = if depth == 1 {
            moves.len() as u64
        } else {
            let mut sum = 0;
            for m in &moves {
                let (parents, children) = self.pos.split_at_mut(level + 1);
                children[0].clone_from(&parents[level]);
                children[0].play_unchecked(m);
                sum += self.count(level + 1, depth - 1, stop, progress);
            }
            sum
        };
        self.moves[level] = moves;
        if depth == 2 {
            progress(n);
        }
        n
    }
}

/// The number of move sequences of length `depth` from `pos` (a finished game has none).
/// `progress` is called now and then with leaves counted since its last call.
///
/// # Errors
/// [`TooManyMoves`] when a position on the way has more moves than the budget
/// ([`MAX_MOVES`]): a count over a list cut short would be wrong.
pub fn perft(
    pos: &Position,
    depth: usize,
    progress: &mut dyn FnMut(u64),
) -> Result<u64, TooManyMoves> {
    perft_until(pos, depth, &NEVER, progress).map(|n| n.unwrap_or_default())
}

/// [`perft`] that gives up as soon as another thread raises `stop` (a deadline passed, the
/// one who asked went away): `Ok(None)` then.
///
/// # Errors
/// As [`perft`].
pub fn perft_until(
    pos: &Position,
    depth: usize,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(u64),
) -> Result<Option<u64>, TooManyMoves> {
    let mut frames = Frames::new(pos, depth);
    let n = frames.count(0, depth, stop, progress);
    if frames.too_many {
        return Err(TooManyMoves);
    }
    Ok((!stop.load(Ordering::Relaxed)).then_some(n))
}

/// Perft below each legal move, in move-generation order.
///
/// # Errors
/// As [`perft`].
pub fn perft_divide(pos: &Position, depth: usize) -> Result<Vec<(Move, u64)>, TooManyMoves> {
    perft_divide_until(pos, depth, &NEVER).map(Option::unwrap_or_default)
}

/// [`perft_divide`] that gives up as soon as `stop` is raised: `Ok(None)` then.
///
/// # Errors
/// As [`perft`].
pub fn perft_divide_until(
    pos: &Position,
    depth: usize,
    stop: &AtomicBool,
) -> Result<Option<Vec<(Move, u64)>>, TooManyMoves> {
    let mut moves = Vec::new();
    if depth == 0 || pos.is_over() {
        return Ok(Some(Vec::new()));
    }
    pos.try_legal_moves(&mut moves)?;
    let mut frames = Frames::new(pos, depth);
    let split = moves
        .into_iter()
        .map(|m| {
            frames.pos[1].clone_from(pos);
            frames.pos[1].play_unchecked(&m);
            (m, frames.count(1, depth - 1, stop, &mut |_| {}))
        })
        .collect();
    if frames.too_many {
        return Err(TooManyMoves);
    }
    Ok((!stop.load(Ordering::Relaxed)).then_some(split))
}

/// A game in progress: the position, the hashes of earlier positions (for repetition) and the
/// outcome once it is decided.
#[derive(Clone, Debug)]
pub struct MatchState<'g> {
    pub pos: Position<'g>,
    history: Vec<u64>,
    /// Per position hash of `history`: how often it occurs there and where first, so that a
    /// long game is replayed in time linear in its length (no rescan of the history per move).
    seen: super::HashMapOfHashes<Seen>,
    /// Per position of `history`, whether its player to move was in check (games with
    /// `on perpetual check` only).
    checks: Vec<bool>,
    /// The position the game started from and the moves played since (games with `on
    /// perpetual chase` only: a chase is read by replaying them).
    start: Position<'g>,
    line: Vec<Move>,
    moves: Vec<Move>,
    outcome: Option<Outcome>,
    /// The most times any position has occurred (games with `a move may not repeat ...`
    /// read the moves' positions only once some position may be repeated too often).
    most: usize,
}

/// How often a position occurs in a game's history, and the index of its first occurrence.
#[derive(Clone, Copy, Debug)]
struct Seen {
    count: usize,
    first: usize,
}

impl<'g> MatchState<'g> {
    pub fn new(pos: Position<'g>) -> Self {
        let mut checks = Vec::new();
        note_check(&mut checks, &pos);
        let mut s = MatchState {
            history: Vec::new(),
            seen: HashMap::default(),
            checks,
            start: pos.clone(),
            line: Vec::new(),
            pos,
            moves: Vec::with_capacity(64),
            outcome: None,
            most: 0,
        };
        s.remember();
        s.settle();
        s
    }

    /// Adds the current position to the history and its count (in games whose rules count
    /// repetitions: elsewhere nothing reads them).
    fn remember(&mut self) {
        if !self.pos.game.counts_repetitions {
            return;
        }
        let h = self.pos.hash();
        let first = self.history.len();
        self.history.push(h);
        let seen = self
            .seen
            .entry(h)
            .and_modify(|s| s.count += 1)
            .or_insert(Seen { count: 1, first });
        self.most = self.most.max(seen.count);
    }

    /// Starts again from `pos`, keeping the buffers.
    pub fn reset(&mut self, pos: &Position<'g>) {
        self.pos.clone_from(pos);
        self.start.clone_from(pos);
        self.line.clear();
        self.history.clear();
        self.seen.clear();
        self.most = 0;
        self.remember();
        self.checks.clear();
        note_check(&mut self.checks, &self.pos);
        self.settle();
    }

    /// Recomputes the legal moves and the outcome of the current position.
    fn settle(&mut self) {
        self.outcome = self.pos.static_outcome();
        if self.outcome.is_some() {
            self.moves.clear();
            return;
        }
        self.pos.legal_moves(&mut self.moves);
        if self.may_repeat() {
            // `a move may not repeat a position ...`: the moves that would are not legal.
            let mut after = self.pos.clone();
            let seen = &self.seen;
            super::rules::repeat::drop_repeats(&self.pos, &mut self.moves, &mut after, |h| {
                seen.get(&h).map_or(0, |s| s.count)
            });
        }
        if self.moves.is_empty() {
            self.outcome = Some(self.pos.no_move_outcome());
            return;
        }
        let here = self.seen.get(&self.pos.hash()).copied();
        let (seen, first) = here.map_or((0, None), |s| (s.count, Some(s.first)));
        let perpetual = perpetual(
            (&self.start, &self.line),
            self.history.len(),
            &self.checks,
            self.pos.turn(),
            seen,
            first,
        );
        self.outcome = self.pos.limit_outcome(seen, perpetual);
        if self.outcome.is_some() {
            self.moves.clear();
        }
    }

    /// Whether a move here might be forbidden by `a move may not repeat a position for the
    /// Nth time`: some position has occurred `N - 1` times.
    fn may_repeat(&self) -> bool {
        let n = self.pos.game.no_repeat as usize;
        n > 0 && self.most + 1 >= n
    }

    /// The legal moves (empty once the game is over).
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves that would be legal here but for `a move may not repeat a position ...`
    /// (empty in games without the line, and where the board has ended the game).
    pub fn forbidden_moves(&self) -> Vec<Move> {
        if self.pos.is_over() || !self.may_repeat() {
            return Vec::new();
        }
        let mut all = Vec::new();
        self.pos.legal_moves(&mut all);
        let mut after = self.pos.clone();
        all.retain(|m| {
            super::rules::repeat::repeats(&self.pos, m, &mut after, |h| self.occurrences(h))
        });
        all
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// How often the position of hash `hash` has occurred in this game (0 in games whose
    /// rules count no repetitions).
    pub fn occurrences(&self, hash: u64) -> usize {
        self.seen.get(&hash).map_or(0, |s| s.count)
    }

    /// Plays the move written `text` in the game's notation, if it is one of the legal moves
    /// here, and returns it as read.
    ///
    /// # Errors
    /// Why it cannot be played: the game is over, the text is no move, or the move is not
    /// among the legal moves. The state is then unchanged.
    pub fn play_text(&mut self, text: &str) -> Result<Move, String> {
        if let Some(o) = self.outcome() {
            return Err(format!("the game is over ({})", o.describe(self.pos.game)));
        }
        let mv = self.pos.parse_move(text)?;
        let index = self
            .moves()
            .iter()
            .position(|m| m.same_as(&mv))
            .ok_or_else(|| "it is not among the legal moves".to_string())?;
        self.play_index(index);
        Ok(mv)
    }

    /// Plays the legal move at `index` of [`MatchState::moves`].
    pub fn play_index(&mut self, index: usize) {
        self.pos.play_unchecked(&self.moves[index]);
        if self.pos.game.chase.is_some() {
            self.line.push(self.moves[index].clone());
        }
        self.remember();
        note_check(&mut self.checks, &self.pos);
        self.settle();
    }
}

/// The result of one random game.
#[derive(Clone, Debug)]
pub struct PlayoutResult {
    pub plies: u32,
    pub outcome: Outcome,
}

/// Uniformly random games from a fixed start, reusing all buffers between games, so that a
/// playout runs in constant memory. Each move is drawn with [`Position::random_legal_move`].
pub struct Playout<'g> {
    start: Position<'g>,
    pos: Position<'g>,
    history: Vec<u64>,
    /// Per position of `history`, whether its player to move was in check (games with
    /// `on perpetual check` only).
    checks: Vec<bool>,
    /// The moves played (games with `on perpetual chase` only).
    line: Vec<Move>,
    /// How many positions of `history` fall in each bucket of hash values: a position whose
    /// bucket holds fewer than three cannot have occurred three times, so the history is
    /// scanned only when it might have.
    buckets: Vec<u8>,
    moves: Vec<Move>,
    scratch: Scratch<'g>,
    /// The position after a drawn move, where a move may not repeat a position too often.
    after: Position<'g>,
    /// Games of plain placements only, played on bitboards (see [`Playout::run_quiet`]).
    kernel: Option<PlacementPlayout>,
    /// Safety net for descriptions without a ply limit.
    pub max_plies: u32,
}

impl<'g> Playout<'g> {
    pub fn new(start: Position<'g>) -> Self {
        let kernel = PlacementPlayout::new(&start);
        Playout {
            pos: start.clone(),
            scratch: Scratch::new(&start),
            after: start.clone(),
            start,
            history: Vec::with_capacity(512),
            checks: Vec::new(),
            line: Vec::new(),
            buckets: vec![0; BUCKETS],
            moves: Vec::with_capacity(64),
            kernel,
            max_plies: 100_000,
        }
    }

    /// Whether [`Playout::run_quiet`] plays this game on bitboards alone.
    #[cfg(test)]
    fn plays_on_bitboards(&self) -> bool {
        self.kernel.is_some()
    }

    /// Plays one game as [`Playout::run`] does, the same game from the same draws, without
    /// showing its moves: a game of plain placements is then played on bitboards alone.
    pub fn run_quiet(&mut self, rng: &mut Rng) -> PlayoutResult {
        if let Some(k) = &self.kernel {
            let (plies, outcome) = k.run(&self.start, rng, self.max_plies);
            return PlayoutResult { plies, outcome };
        }
        self.run(rng, &mut |_, _| {})
    }

    /// Plays one game; calls `on_move` with each position before its move is played. The
    /// outcome is read as [`MatchState`] reads it: the board first, then the lack of a legal
    /// move, then repetition and ply limits.
    pub fn run(
        &mut self,
        rng: &mut Rng,
        on_move: &mut dyn FnMut(&Position, &Move),
    ) -> PlayoutResult {
        self.pos.clone_from(&self.start);
        // Only the buckets the last game touched are reset: a short game does not pay for
        // clearing them all.
        for &h in &self.history {
            self.buckets[h as usize % BUCKETS] = 0;
        }
        self.history.clear();
        self.checks.clear();
        self.line.clear();
        self.remember();
        let mut plies = 0;
        let outcome = loop {
            if let Some(o) = self.pos.static_outcome() {
                break o;
            }
            let Some(m) = self.random_move(rng) else {
                break self.pos.no_move_outcome();
            };
            if self.pos.game.has_limits() {
                let seen = self.occurrences();
                let first = if seen >= 3 {
                    let h = self.pos.hash();
                    self.history.iter().position(|&x| x == h)
                } else {
                    None
                };
                let perpetual = perpetual(
                    (&self.start, &self.line),
                    self.history.len(),
                    &self.checks,
                    self.pos.turn(),
                    seen,
                    first,
                );
                if let Some(o) = self.pos.limit_outcome(seen, perpetual) {
                    break o;
                }
            }
            if plies >= self.max_plies {
                break Outcome::cap(self.max_plies);
            }
            on_move(&self.pos, &m);
            self.pos.play_unchecked(&m);
            if self.pos.game.chase.is_some() {
                self.line.push(m);
            }
            self.remember();
            plies += 1;
        };
        PlayoutResult { plies, outcome }
    }

    /// A move drawn uniformly from the legal moves ([`Position::random_legal_move`]); where a
    /// move may not repeat a position too often and the one drawn would, a second draw
    /// among the moves that would not.
    fn random_move(&mut self, rng: &mut Rng) -> Option<Move> {
        let m = self
            .pos
            .random_legal_move(rng, &mut self.moves, &mut self.scratch)?;
        let n = self.pos.game.no_repeat as usize;
        if n == 0 {
            return Some(m);
        }
        let (history, buckets) = (&self.history, &self.buckets);
        let occurred = |h: u64| {
            if (buckets[h as usize % BUCKETS] as usize) + 1 < n {
                0
            } else {
                history.iter().filter(|&&x| x == h).count()
            }
        };
        use super::rules::repeat;
        if !repeat::repeats(&self.pos, &m, &mut self.after, occurred) {
            return Some(m);
        }
        self.pos.legal_moves(&mut self.moves);
        repeat::drop_repeats(&self.pos, &mut self.moves, &mut self.after, occurred);
        (!self.moves.is_empty()).then(|| self.moves.swap_remove(rng.below(self.moves.len())))
    }

    /// Keeps the position for repetition counts (only in games that count them).
    fn remember(&mut self) {
        if !self.pos.game.counts_repetitions {
            return;
        }
        let h = self.pos.hash();
        self.history.push(h);
        note_check(&mut self.checks, &self.pos);
        let b = &mut self.buckets[h as usize % BUCKETS];
        *b = b.saturating_add(1);
    }

    /// How often the current position has occurred, or a smaller count below three when it
    /// cannot have occurred three times (all the end rules ask).
    fn occurrences(&self) -> usize {
        if !self.pos.game.counts_repetitions {
            return 0;
        }
        let h = self.pos.hash();
        let bucket = self.buckets[h as usize % BUCKETS] as usize;
        if bucket < 3 {
            return bucket.min(1);
        }
        self.history.iter().filter(|&&x| x == h).count()
    }
}

/// Records whether the player to move at `pos` is in check, in games that ask for perpetual
/// check (elsewhere `checks` stays empty).
fn note_check(checks: &mut Vec<bool>, pos: &Position) {
    if pos.game.watches_checks {
        checks.push(pos.in_check());
    }
}

/// Who repeated the current position by force: the player who gave check with every move
/// since it first occurred, at index `first` of the game's positions, and where neither
/// player did, the one who chased throughout (replaying `line`, the moves played from
/// `start`; `n` positions in all). `checks[k]` says whether the player to move at position `k` was in check
/// (empty where the game does not ask); `turn` is the player to move now; `seen`, how often
/// the position has occurred. Nobody before a third occurrence.
fn perpetual(
    (start, line): (&Position, &[Move]),
    n: usize,
    checks: &[bool],
    turn: usize,
    seen: usize,
    first: Option<usize>,
) -> Perpetual {
    let Some(first) = first.filter(|_| seen >= 3) else {
        return Perpetual::NONE;
    };
    let checking = perpetual_checks(n, checks, turn, first);
    let chase = (checking == [false, false] && start.game.chase.is_some())
        .then(|| super::rules::chase::perpetual_chaser(start, line, first))
        .flatten();
    let check = match checking {
        [true, false] => Some(0),
        [false, true] => Some(1),
        _ => None,
    };
    Perpetual { check, chase }
}

/// For `on perpetual check`: per player, whether they gave check with every one of their
/// moves since the current position (the last of a history of `n` positions) first
/// occurred, at index `first` (never where checks are not kept).
fn perpetual_checks(n: usize, checks: &[bool], turn: usize, first: usize) -> [bool; 2] {
    if n == 0 || checks.len() != n {
        return [false, false];
    }
    let (mut made, mut all) = ([false; 2], [true; 2]);
    for (j, &check) in checks.iter().enumerate().skip(first + 1) {
        // The move that led to position j was made by the player not to move there.
        let mover = turn ^ ((n - 1 - j) & 1) ^ 1;
        made[mover] = true;
        all[mover] &= check;
    }
    [made[0] && all[0], made[1] && all[1]]
}

/// Buckets of [`Playout`]'s repetition filter.
const BUCKETS: usize = 4096;

#[cfg(test)]
mod tests {
    use super::*;

    /// The games of plain placements take the bitboard path of quiet playouts (tests/games.rs
    /// checks that it plays the same games as the general one); chess does not.
    #[test]
    fn plain_placement_games_play_on_bitboards() {
        for (name, bits) in [
            ("tic-tac-toe", true),
            ("connect-four", true),
            ("chess", false),
        ] {
            let path = format!("{}/games/{name}.game", env!("CARGO_MANIFEST_DIR"));
            let g = crate::load_file(&path).expect("a shipped game compiles");
            assert_eq!(Playout::new(g.start()).plays_on_bitboards(), bits, "{name}");
        }
    }

    #[test]
    fn a_raised_stop_flag_gives_up_a_count() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/games/chess.game");
        let g = crate::load_file(path).expect("chess compiles");
        let pos = g.start();
        let go = AtomicBool::new(false);
        assert_eq!(perft_until(&pos, 3, &go, &mut |_| {}), Ok(Some(8902)));
        let split = perft_divide_until(&pos, 2, &go)
            .expect("within the budget")
            .expect("not stopped");
        assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 400);
        let stop = AtomicBool::new(true);
        assert_eq!(perft_until(&pos, 3, &stop, &mut |_| {}), Ok(None));
        assert_eq!(
            perft_divide_until(&pos, 2, &stop).map(|s| s.is_none()),
            Ok(true)
        );
    }
}
