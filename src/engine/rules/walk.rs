//! `walk DIRS up to N steps [plus friends] [without revisiting]`: a path of single steps to
//! empty cells, every prefix a move; with a step effect (`after each step remove adjacent
//! enemies with at most ... liberties`) each path is its own move, else only where a walk ends
//! matters and each end cell is one move, found breadth-first.

use crate::engine::{Move, MoveKind, Position};
use crate::geometry::{Cell, CellSet, NONE};
use crate::model::Threshold;

/// State threaded through a walk.
struct Walker<'a> {
    code: u8,
    dirs: &'a [u8],
    no_revisit: bool,
    effect: Option<Threshold>,
    /// The board as the walk changes it (the walker moved, enemies removed).
    cells: [u8; crate::geometry::MAX_CELLS],
    visited: CellSet,
}

impl Position<'_> {
    /// The moves of one walk rule for the piece on `c`.
    #[allow(clippy::too_many_arguments)]
    pub(in crate::engine) fn walk_moves(
        &self,
        c: Cell,
        code: u8,
        dirs: &[u8],
        friends: bool,
        steps: u8,
        no_revisit: bool,
        out: &mut Vec<Move>,
    ) {
        let budget = self.walk_budget(c, code, friends, steps);
        if self.game.step_effect[code as usize].is_none() {
            // Nothing happens along the way, so only where a walk ends matters.
            self.walk_ends(c, code, dirs, budget, out);
            return;
        }
        let mut w = Walker {
            code,
            dirs,
            no_revisit,
            effect: self.game.step_effect[code as usize],
            cells: [0; crate::geometry::MAX_CELLS],
            visited: CellSet::EMPTY,
        };
        w.cells[..self.cells.len()].copy_from_slice(&self.cells);
        w.visited.insert(c);
        let mut m = Move::new(c, c);
        m.kind = MoveKind::Walk;
        self.walk(&mut w, c, budget, &mut m, out);
    }

    /// The steps a walk of `steps` (`plus friends`: one more per friendly neighbour) allows
    /// the piece `code` on `c`.
    #[inline]
    fn walk_budget(&self, c: Cell, code: u8, friends: bool, steps: u8) -> u8 {
        let b = &self.game.board;
        let mut budget = steps;
        if friends {
            let me = self.game.owner(code);
            for d in 0..b.dirs.len() as u8 {
                let n = b.step(c, d);
                if n != NONE
                    && self.cells[n as usize] != 0
                    && self.game.owner(self.cells[n as usize]) == me
                {
                    budget += 1;
                }
            }
        }
        budget
    }

    /// Whether a walk rule of the piece `code` on `c` could remove a piece on one of the
    /// `targets` cells: only a walk with a step effect removes anything, and only next to a
    /// cell it steps on, so a target further than the budget plus one step (along the walk's
    /// directions, then any) is out of its reach. Nor can it remove a piece with more
    /// liberties than the effect allows: a walk empties cells but fills only the one it
    /// stands on, so a target keeps at least the empty neighbours it has now but one. For the
    /// royal-capture test, which asks about captures only and would otherwise list every path
    /// of every walker.
    #[allow(clippy::too_many_arguments)]
    pub(in crate::engine) fn walk_may_take(
        &self,
        c: Cell,
        code: u8,
        dirs: &[u8],
        friends: bool,
        steps: u8,
        targets: CellSet,
    ) -> bool {
        let Some(effect) = self.game.step_effect[code as usize] else {
            return false;
        };
        let b = &self.game.board;
        let nd = b.dirs.len() as u8;
        let budget = self.walk_budget(c, code, friends, steps);
        let limit = match effect {
            Threshold::Power => budget,
            Threshold::Fixed(k) => k,
        };
        let all = targets;
        let mut targets = targets;
        for t in all.iter() {
            // The fewest liberties `t` can have with the walker on one of its neighbours.
            let fewest = (0..nd)
                .map(|f0| {
                    let stand = b.step(t, f0);
                    (0..nd)
                        .filter(|&f| {
                            let x = b.step(t, f);
                            x != NONE && x != stand && self.cells[x as usize] == 0
                        })
                        .count()
                })
                .min()
                .unwrap_or(0);
            if fewest > limit as usize {
                targets.remove(t);
            }
        }
        if targets.is_empty() {
            return false;
        }
        let near = |at: Cell| {
            (0..nd).any(|e| {
                let v = b.step(at, e);
                v != NONE && targets.contains(v)
            })
        };
        // Breadth-first over the cells the walker could stand on, whatever is on them (a
        // step may enter a cell an earlier step emptied).
        let mut queue = [NONE; crate::geometry::MAX_CELLS];
        let mut dist = [0u8; crate::geometry::MAX_CELLS];
        let mut seen = CellSet::EMPTY;
        seen.insert(c);
        queue[0] = c;
        let (mut head, mut tail) = (0, 1);
        while head < tail {
            let at = queue[head];
            head += 1;
            if at != c && near(at) {
                return true;
            }
            if dist[at as usize] >= budget {
                continue;
            }
            for &d in dirs {
                let n = b.step(at, d);
                if n == NONE || seen.contains(n) {
                    continue;
                }
                seen.insert(n);
                dist[n as usize] = dist[at as usize] + 1;
                queue[tail] = n;
                tail += 1;
            }
        }
        false
    }

    /// Extends a walk from `at` with `left` steps still available; every step taken is a move.
    fn walk(&self, w: &mut Walker, at: Cell, left: u8, m: &mut Move, out: &mut Vec<Move>) {
        // Walks branch at every step: past the move budget the caller reports the excess.
        if left == 0 || out.len() > crate::engine::MAX_MOVES {
            return;
        }
        let b = &self.game.board;
        let me = self.game.owner(w.code);
        let nd = b.dirs.len() as u8;
        for &d in w.dirs {
            let n = b.step(at, d);
            if n == NONE || w.cells[n as usize] != 0 || (w.no_revisit && w.visited.contains(n)) {
                continue;
            }
            w.cells[at as usize] = 0;
            w.cells[n as usize] = w.code;
            let was_visited = w.visited.contains(n);
            w.visited.insert(n);
            m.push_landing(n);
            // The step's effect, all at once: liberties are counted with the walker on its
            // new cell and the removals of earlier steps gone.
            let caps_before = m.ncap;
            if let Some(t) = w.effect {
                let limit = match t {
                    Threshold::Power => left,
                    Threshold::Fixed(k) => k,
                };
                let mut doomed = [NONE; 12];
                let mut nd_doomed = 0;
                for e in 0..nd {
                    let v = b.step(n, e);
                    if v == NONE {
                        continue;
                    }
                    let vc = w.cells[v as usize];
                    if vc == 0 || self.game.owner(vc) == me || self.unkillable(v) {
                        continue;
                    }
                    let liberties = (0..nd)
                        .filter(|&f| {
                            let x = b.step(v, f);
                            x != NONE && w.cells[x as usize] == 0
                        })
                        .count();
                    if liberties <= limit as usize {
                        doomed[nd_doomed] = v;
                        nd_doomed += 1;
                    }
                }
                for &v in &doomed[..nd_doomed] {
                    m.push_capture(v);
                    w.cells[v as usize] = 0;
                }
            }
            m.to = n;
            self.emit(m.clone(), w.code, out);
            self.walk(w, n, left - 1, m, out);
            // Undo the step.
            while m.ncap > caps_before {
                let v = m.captures()[m.ncap as usize - 1];
                w.cells[v as usize] = self.cells[v as usize];
                m.pop_capture();
            }
            m.pop_landing();
            if !was_visited {
                w.visited.remove(n);
            }
            w.cells[n as usize] = 0;
            w.cells[at as usize] = w.code;
        }
    }

    /// `walk ... up to N steps` with no effect after each step: every empty cell within
    /// `budget` steps along `dirs` through empty cells (the start left empty) is one move.
    pub(in crate::engine) fn walk_ends(
        &self,
        c: Cell,
        code: u8,
        dirs: &[u8],
        budget: u8,
        out: &mut Vec<Move>,
    ) {
        let b = &self.game.board;
        let mut queue = [NONE; crate::geometry::MAX_CELLS];
        let mut dist = [0u8; crate::geometry::MAX_CELLS];
        let mut seen = CellSet::EMPTY;
        seen.insert(c);
        queue[0] = c;
        let (mut head, mut tail) = (0, 1);
        while head < tail {
            let at = queue[head];
            head += 1;
            if dist[at as usize] >= budget {
                continue;
            }
            for &d in dirs {
                let n = b.step(at, d);
                if n == NONE || seen.contains(n) || self.cells[n as usize] != 0 {
                    continue;
                }
                seen.insert(n);
                dist[n as usize] = dist[at as usize] + 1;
                queue[tail] = n;
                tail += 1;
                // Written from start to end (`d4-f6`): the route does not matter.
                self.emit(Move::new(c, n), code, out);
            }
        }
    }
}

/// Writes the route from `from` to `to` (the cells after `from`, in order) as the landings of
/// `m`, out of line where it is longer than the inline room.
pub(in crate::engine) fn route(
    parent: &[Cell; crate::geometry::MAX_CELLS],
    from: Cell,
    to: Cell,
    m: &mut Move,
) {
    let mut cells = [NONE; crate::geometry::MAX_CELLS];
    let mut n = 0;
    let mut at = to;
    while at != from && at != NONE {
        cells[n] = at;
        n += 1;
        at = parent[at as usize];
    }
    while m.npath > 0 {
        m.pop_landing();
    }
    for &x in cells[..n].iter().rev() {
        m.push_landing(x);
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{at, game, game_of, moves};
    use crate::engine::Move;
    use crate::rng::Rng;

    /// The royal-capture test leaves out the walks that cannot reach or remove a royal piece:
    /// on random positions of games whose royal pieces walk with step effects (the threshold
    /// fixed or the walk's power, with stones that cut liberties), it answers as listing every
    /// reply does.
    #[test]
    fn the_royal_capture_test_skips_only_walks_that_cannot_take() {
        for effect in ["at most 3 liberties", "at most power liberties"] {
            let pieces = format!(
                "  piece king \"K\" royal {{\n    after each step remove adjacent enemies with \
                 {effect}\n    walk up to 3 steps\n    step all\n  }}\n  piece stone \"S\" {{\n    \
                 step orthogonal to empty\n  }}\n  fresh pieces are immune to sleep"
            );
            let g = game_of(
                "square 7 x 7",
                &pieces,
                "    white king on b2 f2\n    black king on d6\n    white stone on c3 e3\n    \
                 black stone on c5 d5 e5 b6 f6",
            );
            assert!(g.has_layers, "the test needs the general royal test");
            let mut rng = Rng::new(7);
            let (mut legal, mut replies, mut all) = (Vec::new(), Vec::new(), Vec::new());
            let (mut taken, mut tested) = (0, 0);
            for _ in 0..40 {
                let mut pos = at(&g, &g.start().to_text());
                for _ in 0..12 {
                    for victim in 0..2 {
                        let mut by = pos.clone();
                        by.turn = (victim ^ 1) as u8;
                        all.clear();
                        by.pseudo_moves(&mut all);
                        let takes = |m: &Move| {
                            m.captures().iter().any(|&c| {
                                let code = by.cells[c as usize];
                                code != 0 && g.royal[code as usize] && g.owner(code) == victim
                            })
                        };
                        let want = all.iter().any(takes);
                        assert_eq!(
                            by.royal_capturable(victim, &mut replies),
                            want,
                            "{}",
                            by.to_text()
                        );
                        tested += 1;
                        taken += usize::from(want);
                    }
                    pos.legal_moves(&mut legal);
                    if legal.is_empty() {
                        break;
                    }
                    let m = legal[rng.below(legal.len())].clone();
                    pos.play_unchecked(&m);
                }
            }
            // Both answers occur, so the comparison is not vacuous.
            assert!(taken > 0 && taken < tested, "{effect}: {taken} of {tested}");
        }
    }

    #[test]
    fn a_walk_without_effects_is_one_move_per_end_cell() {
        let g = game(
            "square 5 x 5",
            "walker \"W\"",
            &["walk orthogonal up to 2 steps to empty"],
        );
        // From c3 on an empty board: 4 cells one step away, 8 two steps away (the start
        // itself is not an end).
        assert_eq!(moves(&g, "5/5/2W2/5/5 w").len(), 12);
        // A friend on c4 blocks the way north and the cells beyond it.
        let m = moves(&g, "5/2W2/2W2/5/5 w");
        assert!(!m.iter().any(|t| t.starts_with("c3-c5")), "{m:?}");
    }
}
