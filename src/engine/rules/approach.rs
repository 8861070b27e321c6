//! `step DIRS to empty, capturing by approach or withdrawal [, repeatedly] [, may stop after
//! any capture] [, without revisiting] [, never twice in the same direction]` (Fanorona): a
//! step to an empty neighbour that takes the unbroken line of enemy pieces right ahead of the
//! cell it reaches (approach) or right behind the cell it leaves (withdrawal). Where a step
//! could do both, each is a move of its own: the player chooses. A step that takes nothing is a
//! plain step (the game's `capture is compulsory` keeps it for when no capture exists).
//!
//! `repeatedly`: after a capture the same piece goes on capturing, step by step, while it can
//! (or, with `may stop after any capture`, as far as the player likes: each length of the
//! chain is a move); only capturing steps continue a chain. Pieces taken leave the board at
//! once, so later steps may pass through their cells, and the cell the piece started from is
//! empty for the whole turn. `without revisiting`: no step lands where the piece has stood
//! this turn, its start included; `never twice in the same direction`: no step goes the way of
//! the one before it. A capturing move is a `MoveKind::Walk` (its landings, then what it
//! took: `d3-e3 x f3`). `repeatedly except on the first turn`: the game's first turn is one
//! capturing step (Fanorona's opening move). A move lists its landings and every piece it takes.

use crate::engine::{Move, MoveKind, Position, Rule, MAX_MOVES};
use crate::geometry::{Cell, CellSet, NONE};
use crate::model::ApproachRule;

/// The state of a chain of capturing steps.
struct Chain<'a> {
    dirs: &'a [u8],
    start: Cell,
    code: u8,
    repeatedly: bool,
    may_stop: bool,
    no_revisit: bool,
    no_same_dir: bool,
    /// Pieces taken so far this turn (their cells are empty now).
    taken: CellSet,
    /// Cells the piece has stood on this turn.
    visited: CellSet,
    /// The direction of the last step.
    last_dir: u8,
}

impl Position<'_> {
    /// The moves of an approach rule for the piece `code` on `c`.
    pub(super) fn approach_moves(&self, rule: &Rule, c: Cell, code: u8, out: &mut Vec<Move>) {
        let Rule::Approach(ApproachRule {
            dirs,
            repeatedly,
            not_first_turn,
            may_stop,
            no_revisit,
            no_same_dir,
        }) = rule
        else {
            return;
        };
        let b = &self.game.board;
        let mut ch = Chain {
            dirs,
            start: c,
            code,
            // The game's first turn is a single capture.
            repeatedly: *repeatedly && !(*not_first_turn && self.ply == 0),
            may_stop: *may_stop,
            no_revisit: *no_revisit,
            no_same_dir: *no_same_dir,
            taken: CellSet::EMPTY,
            visited: CellSet::EMPTY,
            last_dir: u8::MAX,
        };
        ch.visited.insert(c);
        // Written as a walk: its landings, then what it took (`d3-e3 x f3`), so that an
        // approach and a withdrawal along the same step read differently.
        let mut m = Move::new(c, c);
        m.kind = MoveKind::Walk;
        for &d in dirs.iter() {
            let to = b.step(c, d);
            if to == NONE || self.cells[to as usize] != 0 {
                continue;
            }
            if !self.capturing_steps(&mut ch, c, d, to, &mut m, out) {
                self.emit(Move::new(c, to), code, out);
            }
        }
    }

    /// Whether `x` is empty this turn (the piece's start and the pieces taken are).
    #[inline]
    fn empty_now(&self, ch: &Chain, x: Cell) -> bool {
        x == ch.start || self.cells[x as usize] == 0 || ch.taken.contains(x)
    }

    /// The number of enemy pieces in an unbroken line from `first` going `d` (not counting
    /// those taken already this turn).
    fn enemy_line(&self, ch: &Chain, first: Cell, d: u8) -> usize {
        let b = &self.game.board;
        let mut n = 0;
        let mut x = first;
        while x != NONE
            && !self.empty_now(ch, x)
            && self.enemy_of(self.cells[x as usize])
            && !self.unkillable(x)
        {
            n += 1;
            x = b.step(x, d);
        }
        n
    }

    /// The capturing steps from `at` going `d` to the empty `to`: by approach, then by
    /// withdrawal, each followed by what the chain may do after it. Returns whether there
    /// was any.
    fn capturing_steps(
        &self,
        ch: &mut Chain,
        at: Cell,
        d: u8,
        to: Cell,
        m: &mut Move,
        out: &mut Vec<Move>,
    ) -> bool {
        let b = &self.game.board;
        let back = b.opposite[d as usize];
        let mut any = false;
        for (first, way) in [(b.step(to, d), d), (b.step(at, back), back)] {
            // Most steps take nothing: no enemy right there (an empty cell, a friend, the
            // piece's own start), told without walking the line.
            if first == NONE || !self.enemy_of(self.cells[first as usize]) {
                continue;
            }
            let n = self.enemy_line(ch, first, way);
            if n == 0 {
                continue;
            }
            any = true;
            let mut x = first;
            for _ in 0..n {
                m.push_capture(x);
                ch.taken.insert(x);
                x = b.step(x, way);
            }
            m.push_landing(to);
            self.after_capture(ch, to, d, m, out);
            m.pop_landing();
            let mut x = first;
            for _ in 0..n {
                m.pop_capture();
                ch.taken.remove(x);
                x = b.step(x, way);
            }
        }
        any
    }

    /// The chain has captured by a step `d` onto `at`: the move ends here, or goes on.
    fn after_capture(&self, ch: &mut Chain, at: Cell, d: u8, m: &mut Move, out: &mut Vec<Move>) {
        if !ch.repeatedly || out.len() > MAX_MOVES {
            m.to = at;
            self.emit(m.clone(), ch.code, out);
            return;
        }
        if ch.may_stop {
            m.to = at;
            self.emit(m.clone(), ch.code, out);
        }
        let was_visited = ch.visited.contains(at);
        ch.visited.insert(at);
        let last = ch.last_dir;
        ch.last_dir = d;
        let mut went_on = false;
        let b = &self.game.board;
        for &e in ch.dirs {
            if ch.no_same_dir && e == d {
                continue;
            }
            let to = b.step(at, e);
            if to == NONE || !self.empty_now(ch, to) || (ch.no_revisit && ch.visited.contains(to)) {
                continue;
            }
            went_on |= self.capturing_steps(ch, at, e, to, m, out);
        }
        ch.last_dir = last;
        if !was_visited {
            ch.visited.remove(at);
        }
        if !went_on && !ch.may_stop {
            m.to = at;
            self.emit(m.clone(), ch.code, out);
        }
    }
}

/// The most directions a board found on masks has (the per-direction masks of
/// [`Position::approach_side_moves`] are arrays of this size).
const MAX_SHIFT_DIRS: usize = 16;

/// The board's directions as shifts of a 64-bit mask of cells, where every direction is one
/// fixed difference of cell numbers (a grid of rows, as Fanorona's lines board is) and the
/// neighbour relation is symmetric: per direction, the cells that have a neighbour that way
/// and the difference.
#[derive(Clone, Debug)]
pub struct Shifts {
    ways: Vec<(u64, i32)>,
}

impl Shifts {
    /// The shifts of `board`, or `None` where some direction is no fixed difference or the
    /// board has more than [`MAX_SHIFT_DIRS`] directions.
    fn of(board: &crate::geometry::Board) -> Option<Shifts> {
        if board.dirs.len() > MAX_SHIFT_DIRS {
            return None;
        }
        let n = board.len();
        let mut ways = Vec::new();
        for d in 0..board.dirs.len() as u8 {
            let back = board.opposite[d as usize];
            let (mut has, mut diff) = (0u64, None);
            for c in 0..n as Cell {
                let to = board.step(c, d);
                if to == NONE {
                    continue;
                }
                let k = i32::from(to) - i32::from(c);
                if *diff.get_or_insert(k) != k || board.step(to, back) != c {
                    return None;
                }
                has |= bit(c);
            }
            ways.push((has, diff.unwrap_or(0)));
        }
        Some(Shifts { ways })
    }

    /// The cells reached from `cells` by one step `d`.
    #[inline(always)]
    fn step(&self, cells: u64, d: u8) -> u64 {
        let (has, k) = self.ways[d as usize];
        let from = cells & has;
        if k >= 0 {
            from << k
        } else {
            from >> -k
        }
    }
}

impl crate::engine::Game {
    /// The shifts for finding the side's moves on bit masks
    /// ([`Position::approach_side_moves`]): a board of at most 64 cells whose directions are
    /// shifts, every piece moving by one capture-by-approach rule and nothing else (no
    /// hooks, board rules, immunity, states, promotion, placing first).
    pub(crate) fn approach_on_masks(&self) -> Option<Shifts> {
        let only_approach = self.board.len() <= 64
            && self.players.len() == 2
            && self.owner_mask == 1
            && self.bitboards.is_none()
            && self.board_rules.is_empty()
            && !self.kill_immunity
            && !self.states.slept_cannot_act
            && !self.hand_first
            && (1..self.rules.len()).all(|code| {
                matches!(self.rules[code].as_slice(), [Rule::Approach(_)])
                    && self.hooks[code].is_empty()
                    && self.plain_emit[code]
            });
        if only_approach {
            Shifts::of(&self.board)
        } else {
            None
        }
    }
}

/// [`Chain`] on bit masks (boards of at most 64 cells).
struct MaskChain<'a> {
    dirs: &'a [u8],
    code: u8,
    repeatedly: bool,
    may_stop: bool,
    no_revisit: bool,
    no_same_dir: bool,
    /// The enemy pieces not taken yet this turn.
    theirs: u64,
    /// The cells empty now: the empty ones, the piece's start and the pieces taken.
    empty: u64,
    visited: u64,
}

#[inline]
fn bit(c: Cell) -> u64 {
    1u64 << c
}

impl Position<'_> {
    /// The moves of the side to move where [`crate::engine::Game::approach_masks`] holds:
    /// the same moves in the same order as the per-piece generator. The pieces with a
    /// capturing first step are found at once, a shift per direction; only their steps are
    /// searched. With `captures_only` (compulsory capture, for a caller that filters), the
    /// plain steps are listed only where no piece can capture.
    pub(in crate::engine) fn approach_side_moves(
        &self,
        shifts: &Shifts,
        out: &mut Vec<Move>,
        captures_only: bool,
    ) {
        let g = self.game;
        let b = &g.board;
        let me = self.turn as usize;
        let (occupied, first) = self.occupied_masks();
        let mine = if me == 0 { first } else { occupied & !first };
        let theirs = occupied & !mine;
        let all = if b.len() == 64 {
            !0
        } else {
            (1u64 << b.len()) - 1
        };
        let empty = all & !occupied;
        // Per direction, the pieces whose step that way captures (by approach: an enemy
        // beyond the empty cell reached; by withdrawal: an enemy right behind).
        let mut takes = [0u64; MAX_SHIFT_DIRS];
        let mut steps = [0u64; MAX_SHIFT_DIRS];
        let mut any = 0u64;
        for d in 0..b.dirs.len() as u8 {
            let back = b.opposite[d as usize];
            steps[d as usize] = mine & shifts.step(empty, back);
            let approach = shifts.step(shifts.step(theirs, back) & empty, back);
            let withdraw = shifts.step(theirs, d);
            takes[d as usize] = steps[d as usize] & (approach | withdraw);
            any |= takes[d as usize];
        }
        let pieces_of = |set: u64| {
            std::iter::successors((set != 0).then_some(set), |s| {
                let s = s & (s - 1);
                (s != 0).then_some(s)
            })
            .map(|s| s.trailing_zeros() as Cell)
        };
        // Plain steps count unless a capture is compulsory and some piece can capture: then
        // only the capturing pieces are visited.
        let plain = any == 0 || !captures_only;
        for c in pieces_of(if plain { mine } else { any }) {
            let code = self.cells[c as usize];
            let Rule::Approach(ApproachRule { dirs, .. }) = &g.rules[code as usize][0] else {
                continue;
            };
            for &d in dirs.iter() {
                if takes[d as usize] & bit(c) != 0 {
                    self.approach_captures_from(c, d, theirs, empty, out);
                } else if plain && steps[d as usize] & bit(c) != 0 {
                    self.emit(Move::new(c, b.step(c, d)), code, out);
                }
            }
        }
    }

    /// The occupied cells and those of the first player's pieces, as masks (two players:
    /// the first player's piece codes are the odd ones), read eight cells at a time.
    #[inline]
    fn occupied_masks(&self) -> (u64, u64) {
        const LOW: u64 = 0x0101_0101_0101_0101;
        /// Gathers bit 0 of each byte into the byte's place in one byte.
        fn gather(x: u64) -> u64 {
            x.wrapping_mul(0x0102_0408_1020_4080) >> 56
        }
        let (mut occupied, mut first) = (0u64, 0u64);
        for (i, chunk) in self.cells.chunks(8).enumerate() {
            let mut bytes = [0u8; 8];
            bytes[..chunk.len()].copy_from_slice(chunk);
            let x = u64::from_le_bytes(bytes);
            // Bit 7 of each non-zero byte, moved to bit 0.
            let nonzero = (((x & !(LOW << 7)) + !(LOW << 7)) | x) >> 7 & LOW;
            occupied |= gather(nonzero) << (8 * i);
            first |= gather(x & LOW) << (8 * i);
        }
        (occupied, first & occupied)
    }

    /// The capturing moves of the piece on `c` that begin with a step `d`.
    fn approach_captures_from(&self, c: Cell, d: u8, theirs: u64, empty: u64, out: &mut Vec<Move>) {
        let g = self.game;
        let code = self.cells[c as usize];
        let Rule::Approach(ApproachRule {
            dirs,
            repeatedly,
            not_first_turn,
            may_stop,
            no_revisit,
            no_same_dir,
        }) = &g.rules[code as usize][0]
        else {
            return;
        };
        let mut ch = MaskChain {
            dirs,
            code,
            repeatedly: *repeatedly && !(*not_first_turn && self.ply == 0),
            may_stop: *may_stop,
            no_revisit: *no_revisit,
            no_same_dir: *no_same_dir,
            theirs,
            empty: empty | bit(c),
            visited: bit(c),
        };
        let mut m = Move::new(c, c);
        m.kind = MoveKind::Walk;
        let to = g.board.step(c, d);
        let firsts = self.capture_firsts(&ch, c, d, to);
        self.mask_capturing_steps(&mut ch, firsts, d, to, &mut m, out);
    }

    /// The first enemy a step `d` from `at` to `to` would take by approach and by
    /// withdrawal, `NONE` for none.
    #[inline(always)]
    fn capture_firsts(&self, ch: &MaskChain, at: Cell, d: u8, to: Cell) -> (Cell, Cell) {
        let b = &self.game.board;
        let enemy = |x: Cell| {
            if x != NONE && ch.theirs & bit(x) != 0 {
                x
            } else {
                NONE
            }
        };
        (
            enemy(b.step(to, d)),
            enemy(b.step(at, b.opposite[d as usize])),
        )
    }

    /// [`Position::capturing_steps`] on masks, for a step `d` to `to` whose first enemies
    /// by approach and withdrawal are `firsts` (one at least).
    fn mask_capturing_steps(
        &self,
        ch: &mut MaskChain,
        firsts: (Cell, Cell),
        d: u8,
        to: Cell,
        m: &mut Move,
        out: &mut Vec<Move>,
    ) {
        let b = &self.game.board;
        let back = b.opposite[d as usize];
        for (first, way) in [(firsts.0, d), (firsts.1, back)] {
            if first == NONE {
                continue;
            }
            // The unbroken line of enemies from `first`.
            let mut line = 0u64;
            let mut x = first;
            while x != NONE && ch.theirs & bit(x) != 0 {
                line |= bit(x);
                m.push_capture(x);
                x = b.step(x, way);
            }
            ch.theirs &= !line;
            ch.empty |= line;
            m.push_landing(to);
            self.mask_after_capture(ch, to, d, m, out);
            m.pop_landing();
            for _ in 0..line.count_ones() {
                m.pop_capture();
            }
            ch.theirs |= line;
            ch.empty &= !line;
        }
    }

    /// [`Position::after_capture`] on masks.
    fn mask_after_capture(
        &self,
        ch: &mut MaskChain,
        at: Cell,
        d: u8,
        m: &mut Move,
        out: &mut Vec<Move>,
    ) {
        if !ch.repeatedly || out.len() > MAX_MOVES {
            m.to = at;
            self.emit(m.clone(), ch.code, out);
            return;
        }
        if ch.may_stop {
            m.to = at;
            self.emit(m.clone(), ch.code, out);
        }
        let visited = ch.visited;
        ch.visited |= bit(at);
        let mut went_on = false;
        let b = &self.game.board;
        for &e in ch.dirs {
            if ch.no_same_dir && e == d {
                continue;
            }
            let to = b.step(at, e);
            if to == NONE || ch.empty & bit(to) == 0 || (ch.no_revisit && ch.visited & bit(to) != 0)
            {
                continue;
            }
            let firsts = self.capture_firsts(ch, at, e, to);
            if firsts != (NONE, NONE) {
                self.mask_capturing_steps(ch, firsts, e, to, m, out);
                went_on = true;
            }
        }
        ch.visited = visited;
        if !went_on && !ch.may_stop {
            m.to = at;
            self.emit(m.clone(), ch.code, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{game, moves};

    /// On Fanorona's lines board the side's moves are found on masks: at every position of
    /// seeded random games (both rule sets), the same moves in the same order as the
    /// per-piece generator, and with compulsory capture the same as its filtered list.
    #[test]
    fn moves_on_masks_are_the_per_piece_moves() {
        use crate::engine::Move;
        for name in ["games/fanorona.game", "tests/capture/fanorona-ludii.game"] {
            let path = format!("{}/{name}", env!("CARGO_MANIFEST_DIR"));
            let g = crate::load_file(&path).expect("Fanorona compiles");
            let shifts = g
                .approach_masks
                .as_ref()
                .expect("Fanorona's board is shifts");
            let mut rng = crate::rng::Rng::new(7);
            let (mut captures, mut positions) = (0, 0);
            for _ in 0..20 {
                let mut pos = g.start();
                while !pos.is_over() {
                    let (mut general, mut masks) = (Vec::new(), Vec::new());
                    pos.pseudo_moves_general(&mut general, None, None);
                    pos.approach_side_moves(shifts, &mut masks, false);
                    let text = |ms: &[Move]| -> Vec<String> {
                        ms.iter().map(|m| pos.move_text(m)).collect()
                    };
                    assert_eq!(text(&general), text(&masks), "{}", pos.to_text());
                    if general.iter().any(|m| m.ncap > 0) {
                        general.retain(|m| m.ncap > 0);
                        captures += 1;
                    }
                    masks.clear();
                    pos.approach_side_moves(shifts, &mut masks, true);
                    assert_eq!(text(&general), text(&masks), "{}", pos.to_text());
                    positions += 1;
                    let mut legal = Vec::new();
                    pos.legal_moves(&mut legal);
                    let m = legal[rng.below(legal.len())].clone();
                    pos.play(&m);
                }
            }
            assert!(
                captures > 100 && positions > captures,
                "{name}: {captures} of {positions}"
            );
        }
    }

    const STEP: &str = "step orthogonal to empty, capturing by approach or withdrawal";

    #[test]
    fn a_step_takes_the_line_it_approaches_or_the_line_it_leaves() {
        // b2 to c2 approaches d2 and e2 (the line stops at the friend on f2), or withdraws
        // from a2: two moves. Up and down it takes nothing.
        let g = game("square 6 x 6", "man \"M\"", &[STEP]);
        assert_eq!(
            moves(&g, "6/6/6/6/mM1mmM/6 w"),
            [
                "b2-b1",
                "b2-b3",
                "b2-c2 x a2",
                "b2-c2 x d2 x e2",
                "f2-f1",
                "f2-f3"
            ]
        );
    }

    #[test]
    fn a_chain_goes_on_while_it_captures() {
        // a1 to b1 approaches c1; then b1 to b2 approaches b3.
        let pos = "6/6/6/1m4/6/M1m3 w";
        let g = game(
            "square 6 x 6",
            "man \"M\"",
            &[&format!("{STEP}, repeatedly")],
        );
        assert_eq!(moves(&g, pos), ["a1-a2", "a1-b1-b2 x c1 x b3"]);
        let may_stop = format!("{STEP}, repeatedly, may stop after any capture");
        let g = game("square 6 x 6", "man \"M\"", &[&may_stop]);
        assert_eq!(
            moves(&g, pos),
            ["a1-a2", "a1-b1 x c1", "a1-b1-b2 x c1 x b3"]
        );
        // The game's first turn is a single capture (move 1, White to move: ply 0).
        let first = format!("{STEP}, repeatedly except on the first turn");
        let g = game("square 6 x 6", "man \"M\"", &[&first]);
        assert_eq!(moves(&g, "6/6/6/1m4/6/M1m3 w 0 1"), ["a1-a2", "a1-b1 x c1"]);
        assert_eq!(
            moves(&g, "6/6/6/1m4/6/M1m3 w 0 2"),
            ["a1-a2", "a1-b1-b2 x c1 x b3"]
        );
    }

    #[test]
    fn a_chain_may_be_kept_from_going_the_same_way_twice() {
        // b1 to c1 withdraws from a1; on east to d1 it approaches e1.
        let pos = "6/6/6/6/6/mM2m1 w";
        let may_stop = format!("{STEP}, repeatedly, may stop after any capture");
        let g = game("square 6 x 6", "man \"M\"", &[&may_stop]);
        assert_eq!(
            moves(&g, pos),
            ["b1-b2", "b1-c1 x a1", "b1-c1-d1 x a1 x e1"]
        );
        let turning = format!("{may_stop}, never twice in the same direction");
        let g = game("square 6 x 6", "man \"M\"", &[&turning]);
        assert_eq!(moves(&g, pos), ["b1-b2", "b1-c1 x a1"]);
    }
}
