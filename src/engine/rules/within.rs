//! `within REGION` on a step or a slide (Janggi's palace diagonals: `slide diagonal within
//! palace-lines`): the move starts on a cell of the region, and every cell it passes over or
//! lands on is in it. Compiled into the tables of a leap (a step) or a ride (a slide) whose
//! entries outside the region are left out, so generation and attacks are those rooms' own
//! and cost nothing more.

use crate::engine::{Attack, Rule};
use crate::geometry::{Board, Cell, CellSet, NONE};
use crate::model::Target;

/// The neighbour of `cell` along `d` where both are in `within`, else `NONE`.
fn inside(board: &Board, cell: usize, d: u8, within: CellSet) -> Cell {
    let t = board.step(cell as Cell, d);
    if t != NONE && within.contains(cell as Cell) && within.contains(t) {
        t
    } else {
        NONE
    }
}

/// The tables of one step along each of `dirs` kept inside `within`: forward (from each cell)
/// and backward (onto each cell), `stride` entries a cell.
fn tables(board: &Board, dirs: &[u8], within: CellSet) -> (Vec<Cell>, Vec<Cell>) {
    let stride = dirs.len();
    let mut table = vec![NONE; board.len() * stride];
    let mut back = vec![NONE; board.len() * stride];
    for cell in 0..board.len() {
        for (i, &d) in dirs.iter().enumerate() {
            table[cell * stride + i] = inside(board, cell, d, within);
            back[cell * stride + i] = inside(board, cell, board.opposite[d as usize], within);
        }
    }
    (table, back)
}

/// `step DIRS [TARGET] [from REGION] within REGION` of piece `code`, as a leap; its attack
/// pattern merged into `attacks` if it captures.
pub fn step(
    board: &Board,
    code: u8,
    dirs: &[u8],
    target: Target,
    from: Option<CellSet>,
    within: CellSet,
    attacks: &mut Vec<Attack>,
) -> Rule {
    let stride = dirs.len();
    let (mut table, mut back) = tables(board, dirs, within);
    if let Some(f) = from {
        for cell in 0..board.len() {
            for i in 0..stride {
                if !f.contains(cell as Cell) {
                    table[cell * stride + i] = NONE;
                }
                let s = back[cell * stride + i];
                if s != NONE && !f.contains(s) {
                    back[cell * stride + i] = NONE;
                }
            }
        }
    }
    if target.captures() {
        super::add_attack(
            attacks,
            Attack::Leap {
                codes: 1 << code,
                stride,
                sources: back,
                legs: None,
            },
        );
    }
    Rule::Leap {
        stride,
        table,
        legs: None,
        target,
        then_fresh: false,
        first: None,
        from: None,
    }
}

/// `slide DIRS [TARGET] within REGION` of piece `code`, as a ride of single steps; its attack
/// pattern merged into `attacks` if it captures.
pub fn slide(
    board: &Board,
    code: u8,
    dirs: &[u8],
    target: Target,
    within: CellSet,
    attacks: &mut Vec<Attack>,
) -> Rule {
    let stride = dirs.len();
    let (table, back) = tables(board, dirs, within);
    super::ride::rule(code, stride, table, back, target, attacks)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{attacked, game_of, moves};

    const PALACE: &str = "  region lines = a1 c1 b2 a3 c3\n";

    #[test]
    fn a_slide_within_a_region_keeps_to_its_cells() {
        let pieces =
            format!("{PALACE}  piece chariot \"R\" {{\n    slide diagonal within lines\n  }}\n");
        let g = game_of("square 4 x 4", &pieces, "    white chariot on a1");
        // From a1 along the line to b2 and c3, not on to d4 (outside the region).
        assert_eq!(moves(&g, "4/4/4/R3 w"), ["a1-b2", "a1-c3"]);
        // A piece on b2 blocks; an enemy there is taken.
        assert_eq!(moves(&g, "4/4/1r2/R3 w"), ["a1xb2"]);
        // b1 is not on the lines: no diagonal move.
        assert_eq!(moves(&g, "4/4/4/1R2 w"), Vec::<String>::new());
        assert!(attacked(&g, "4/2r1/4/R3 w", "c3", 0));
        assert!(!attacked(&g, "r3/4/4/R3 w", "d4", 0));
    }

    #[test]
    fn a_step_within_a_region_starts_and_lands_in_it() {
        let pieces =
            format!("{PALACE}  piece guard \"G\" {{\n    step diagonal within lines\n  }}\n");
        let g = game_of("square 4 x 4", &pieces, "    white guard on b2");
        assert_eq!(
            moves(&g, "4/4/1G2/4 w"),
            ["b2-a1", "b2-a3", "b2-c1", "b2-c3"]
        );
        // From c3 only back to b2: d4 and d2 are outside.
        assert_eq!(moves(&g, "4/2G1/4/4 w"), ["c3-b2"]);
        assert!(attacked(&g, "4/2G1/4/4 b", "b2", 0));
        assert!(!attacked(&g, "4/2G1/4/4 b", "d4", 0));
    }
}
