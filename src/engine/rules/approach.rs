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

#[cfg(test)]
mod tests {
    use super::super::testing::{game, moves};

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
