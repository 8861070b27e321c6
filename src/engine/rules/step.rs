//! `step DIRS [twice] [to TARGET] [from REGION]`: one cell in a direction, or two through an
//! empty cell (`twice`, which may mark the passed cell for en passant). Steps that capture are
//! also an attack pattern (royal safety asks "could a piece step onto this cell?").

use crate::engine::movegen::Sides;
use crate::engine::{Attack, Move, MoveKind, Position};
use crate::geometry::{Board, Cell, CellSet, NONE};
use crate::model::Target;

impl Position<'_> {
    /// The moves of one step rule for the piece on `c` (`from` is tested on `region_cell`).
    #[allow(clippy::too_many_arguments)]
    pub(in crate::engine) fn step_moves(
        &self,
        c: Cell,
        region_cell: Cell,
        code: u8,
        dirs: &[u8],
        twice: bool,
        target: Target,
        from: Option<CellSet>,
        en_passant: bool,
        out: &mut Vec<Move>,
    ) {
        if from.is_some_and(|f| !f.contains(region_cell)) {
            return;
        }
        if twice {
            self.double_steps(c, code, dirs, en_passant, out);
            return;
        }
        let b = &self.game.board;
        for &d in dirs {
            let t = b.step(c, d);
            if t != NONE {
                self.emit_onto(c, t, target, code, out);
            }
        }
    }

    /// Two successive steps in any of `dirs` through an empty cell to an empty cell: one move
    /// per landing cell, listing every cell it could have passed through.
    pub(in crate::engine) fn double_steps(
        &self,
        c: Cell,
        code: u8,
        dirs: &[u8],
        en_passant: bool,
        out: &mut Vec<Move>,
    ) {
        let b = &self.game.board;
        let empty = |x: Cell| x != NONE && self.cells[x as usize] == 0;
        // An intermediate cell must be empty, and one every board rule lets the piece pass.
        let passable =
            |x: Cell| empty(x) && self.game.board_rules.iter().all(|r| r.may_pass(self, x, c));
        // Whether the step in `dirs[i]` can be passed through, found once per direction.
        let mut through = [false; 16];
        for (i, &d) in dirs.iter().enumerate().take(16) {
            through[i] = passable(b.step(c, d));
        }
        let mut landed = CellSet::EMPTY;
        for (i1, &d1) in dirs.iter().enumerate().take(16) {
            let t1 = b.step(c, d1);
            if !through[i1] {
                continue;
            }
            for &d2 in dirs {
                let t2 = b.step(t1, d2);
                if !empty(t2) || t2 == c || landed.contains(t2) {
                    continue;
                }
                landed.insert(t2);
                let mut m = Move::new(c, t2);
                m.kind = MoveKind::DoubleStep;
                for (j, &e1) in dirs.iter().enumerate().take(16) {
                    let i = b.step(c, e1);
                    if through[j] && dirs.iter().any(|&e2| b.step(i, e2) == t2) {
                        m.path[m.npath as usize] = i;
                        m.npath += 1;
                    }
                }
                if en_passant {
                    m.ep_mark = m.path[0];
                }
                self.emit(m, code, out);
            }
        }
    }
}

/// The attack patterns of a capturing single step of piece `code` (bit set), merged into
/// `attacks`.
pub fn attacks(board: &Board, code: u8, dirs: &[u8], from: Option<CellSet>, out: &mut Vec<Attack>) {
    for &d in dirs {
        super::add_attack(
            out,
            Attack::Step {
                codes: 1 << code,
                back: board.opposite[d as usize],
                from,
            },
        );
    }
}

/// Whether a piece of `codes` one step `back` from `target` attacks it.
#[inline]
pub(in crate::engine) fn attacked(
    board: &Board,
    cells: &[u8],
    target: Cell,
    codes: u128,
    back: u8,
    from: Option<CellSet>,
) -> bool {
    let s = board.step(target, back);
    s != NONE && codes >> cells[s as usize] & 1 != 0 && from.is_none_or(|f| f.contains(s))
}

/// Whether every move `player` can make is a plain step, each step one move, and nothing
/// else adds or filters moves, so that playouts may count the steps instead of listing them
/// ([`Position::random_step_move`]). Jump rules are allowed: the count is used only when no
/// jump can start. Where a filter compares moves (compulsory capture), steps must not
/// capture, so that without jumps the filter keeps every move.
pub fn counts_steps(g: &crate::engine::Game, player: usize) -> bool {
    use crate::engine::{code, Rule};
    let one_per_cell = |c: usize| {
        g.bar[c].is_none()
            && g.confine[c].is_none()
            && !g.promotion_from[c]
            && g.promotion[c]
                .as_ref()
                .is_none_or(|(to, _)| to.len() == 1 && usize::from(to[0]) != c)
    };
    let plain = |c: usize| {
        g.hooks[c].is_empty()
            && one_per_cell(c)
            && g.rules[c].iter().all(|r| match r {
                Rule::Step {
                    twice: false,
                    en_passant: false,
                    target,
                    ..
                } => {
                    *target != Target::Smash && (g.per_move_legality() || *target == Target::Empty)
                }
                Rule::Jump { .. } => true,
                _ => false,
            })
    };
    let codes = (0..g.kinds.len()).map(|k| code(k, player) as usize);
    g.bitboards.is_some()
        && codes.clone().any(|c| !g.rules[c].is_empty())
        && codes.into_iter().all(plain)
        && g.places[player].is_empty()
        && !g.has_royal
        && !g.legality_by_play
        && !g.may_pass
        && g.mill.is_none()
        && g.custody.is_none()
        && g.keep_out.is_none()
        && g.board_rules.is_empty()
}

/// A player's step and jump rules as [`Position::random_step_move`] reads them, found once: the
/// jump rules (by piece code and rule index), which must have no start for the steps to be
/// the moves, and every step rule's direction with its piece code, target and starting
/// cells, in the generator's order (piece code, rule, direction).
#[derive(Debug, Default)]
pub struct StepPlan {
    jumps: Vec<(u8, usize, Option<Adjacent>)>,
    steps: Vec<(u8, u8, Target, u64)>,
}

/// A jump over a hurdle right beside the piece (no gap): it may start where a hurdle is one
/// step away in one of the directions (read back, `backs`) and the cell beyond it is empty.
#[derive(Debug)]
struct Adjacent {
    hurdle: crate::model::Hurdle,
    backs: Vec<u8>,
}

impl StepPlan {
    /// The plan of `player`'s rules (empty where the player does not count steps).
    pub fn new(g: &crate::engine::Game, player: usize) -> StepPlan {
        let mut plan = StepPlan::default();
        if !g.counts_steps[player] {
            return plan;
        }
        for code in (1 + player..g.rules.len()).step_by(2) {
            for (i, rule) in g.rules[code].iter().enumerate() {
                match rule {
                    crate::engine::Rule::Jump {
                        dirs, hurdle, gap, ..
                    } => {
                        let adjacent = (*gap == (0, 0)).then(|| Adjacent {
                            hurdle: *hurdle,
                            backs: dirs.iter().map(|&d| g.board.opposite[d as usize]).collect(),
                        });
                        plan.jumps.push((code as u8, i, adjacent));
                    }
                    crate::engine::Rule::Step {
                        dirs, target, from, ..
                    } => {
                        let mask = from.map_or(!0, |f| f.low_word());
                        for &d in dirs {
                            plan.steps.push((code as u8, d, *target, mask));
                        }
                    }
                    _ => {}
                }
            }
        }
        plan
    }
}

impl Position<'_> {
    /// Whether a jump may start for the player to move (then the list decides, not the
    /// steps), read from the jump rules of their [`StepPlan`].
    fn a_jump_may_start(&self, bits: &crate::engine::Bitboards, sides: &Sides) -> bool {
        let g = self.game;
        g.step_plans[self.turn as usize]
            .jumps
            .iter()
            .any(|(code, i, adjacent)| {
                let pieces = self.bb[*code as usize];
                if pieces == 0 {
                    return false;
                }
                let Some(a) = adjacent else {
                    return self
                        .jump_starts(bits, &g.rules[*code as usize][*i], pieces, sides)
                        .0
                        != 0;
                };
                // What `jump_starts` finds for a jump with no gap, in one shift per cell.
                let hurdles = match a.hurdle {
                    crate::model::Hurdle::Enemy => sides.theirs,
                    crate::model::Hurdle::Friend => sides.mine,
                    crate::model::Hurdle::Any => sides.mine | sides.theirs,
                };
                a.backs.iter().any(|&back| {
                    let beyond_empty = bits.step(bits.step(sides.empty, back), back);
                    pieces & bits.step(hurdles, back) & beyond_empty != 0
                })
            })
    }

    /// The destinations of each step rule and direction of the player to move, in the
    /// generator's order, for a player whose every move is a plain step
    /// ([`crate::engine::Game::counts_steps`]), with their piece code and direction; read
    /// twice by [`Position::random_step_move`] (to count, then to find the one drawn) instead
    /// of being kept.
    #[inline]
    fn steps<'a>(
        &'a self,
        bits: &'a crate::engine::Bitboards,
        sides: &'a Sides,
    ) -> impl Iterator<Item = (u64, u8, u8)> + 'a {
        self.game.step_plans[self.turn as usize].steps.iter().map(
            move |&(code, d, target, mask)| {
                let src = self.bb[code as usize] & mask;
                (bits.step(src, d) & sides.allowed(target), code, d)
            },
        )
    }

    /// The bitboards, the board's sides and the number of steps of a player whose every move
    /// is a plain step; `None` where the list must decide (a jump may start, or there is no
    /// step: a pass may then be the move).
    fn step_count(&self) -> Option<(&crate::engine::Bitboards, Sides, u32)> {
        let bits = self.game.bitboards.as_ref()?;
        let sides = self.sides();
        if self.a_jump_may_start(bits, &sides) {
            return None;
        }
        let total: u32 = self.steps(bits, &sides).map(|s| s.0.count_ones()).sum();
        (total > 0).then_some((bits, sides, total))
    }

    /// The number of legal moves of a player whose every move is a plain step, counted
    /// without listing them (perft's last ply); `None` where the list must decide.
    pub(in crate::engine) fn count_steps(&self) -> Option<u64> {
        self.step_count().map(|(_, _, total)| u64::from(total))
    }

    /// A uniformly random move for a player whose every move is a plain step, without
    /// listing the moves: one index is drawn among the steps and only that move is built —
    /// the move the list would give at that index. `None`, drawing nothing, where the list
    /// must decide.
    pub(in crate::engine) fn random_step_move(&self, rng: &mut crate::rng::Rng) -> Option<Move> {
        let (bits, sides, total) = self.step_count()?;
        let mut k = rng.below(total as usize) as u32;
        for (dst, code, d) in self.steps(bits, &sides) {
            let here = dst.count_ones();
            if k >= here {
                k -= here;
                continue;
            }
            let mut b = dst;
            for _ in 0..k {
                b &= b - 1;
            }
            let to = b.trailing_zeros() as i32;
            let from = (to - bits.shift[d as usize]) as Cell;
            return Some(self.counted_step(from, to as Cell, code));
        }
        None
    }

    /// The step of a piece of `code` from `from` to `to`, as the generator builds it: a
    /// capture of what stands there, the promotion where it arrives in its region.
    fn counted_step(&self, from: Cell, to: Cell, code: u8) -> Move {
        let mut m = Move::new(from, to);
        if self.cells[to as usize] != 0 {
            m.ncap = 1;
            m.caps[0] = to;
        }
        if let Some((choices, region)) = &self.game.promotion[code as usize] {
            if region.contains(to) {
                m.promote = choices[0];
            }
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{attacked, game, moves};

    #[test]
    fn a_step_goes_one_cell_and_captures_only_where_allowed() {
        let g = game(
            "square 4 x 4",
            "king \"K\"",
            &["step all to empty or enemy"],
        );
        // From a1 in the corner: a2, b1, b2; b2 holds an enemy, captured.
        assert_eq!(moves(&g, "4/4/1k2/K3 w"), ["a1-a2", "a1-b1", "a1xb2"]);
        // The capturing step is also an attack pattern: white attacks b2, not c3.
        assert!(attacked(&g, "4/4/1k2/K3 w", "b2", 0));
        assert!(!attacked(&g, "4/4/1k2/K3 w", "c3", 0));
    }

    #[test]
    fn a_double_step_goes_through_an_empty_cell_from_its_region_only() {
        let g = game(
            "square 4 x 4",
            "pawn \"P\"",
            &["step forward twice to empty from my rank 1"],
        );
        assert_eq!(moves(&g, "4/4/4/P3 w"), ["a1-a3"]);
        assert!(moves(&g, "4/4/p3/P3 w").is_empty(), "blocked on a2");
        assert!(moves(&g, "4/4/P3/4 w").is_empty(), "not on rank 1");
    }
}
