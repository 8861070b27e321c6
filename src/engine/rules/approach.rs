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
        let Rule::Approach {
            dirs,
            repeatedly,
            not_first_turn,
            may_stop,
            no_revisit,
            no_same_dir,
        } = rule
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
            if first == NONE {
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
