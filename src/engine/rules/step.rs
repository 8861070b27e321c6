//! `step DIRS [twice] [to TARGET] [from REGION]`: one cell in a direction, or two through an
//! empty cell (`twice`, which may mark the passed cell for en passant). Steps that capture are
//! also an attack pattern (royal safety asks "could a piece step onto this cell?").

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
