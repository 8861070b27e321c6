//! `leap (DX, DY), ... [to TARGET] [then fresh]`: straight to a cell at a fixed offset,
//! whatever lies between. Compiled into a per-cell target table; a capturing leap is also an
//! attack pattern (the table of cells a leap could come from).

use crate::engine::{Attack, Move, Position, Rule};
use crate::geometry::{Board, Cell, NONE};
use crate::model::Target;

impl Position<'_> {
    /// The moves of one leap rule for the piece on `c`.
    #[allow(clippy::too_many_arguments)]
    pub(in crate::engine) fn leap_moves(
        &self,
        c: Cell,
        code: u8,
        stride: usize,
        table: &[Cell],
        target: Target,
        then_fresh: bool,
        out: &mut Vec<Move>,
    ) {
        let base = c as usize * stride;
        let first = out.len();
        for &t in &table[base..base + stride] {
            if t != NONE {
                self.emit_onto(c, t, target, code, out);
            }
        }
        if then_fresh {
            for m in &mut out[first..] {
                m.mark_fresh = true;
            }
        }
    }
}

/// The compiled leap of piece `code`, with its attack pattern merged into `attacks` if it
/// captures.
pub fn compile(
    board: &Board,
    code: u8,
    offsets: &[(i32, i32)],
    target: Target,
    then_fresh: bool,
    attacks: &mut Vec<Attack>,
) -> Rule {
    let stride = offsets.len();
    let mut table = vec![NONE; board.len() * stride];
    let mut back = vec![NONE; board.len() * stride];
    for cell in 0..board.len() {
        let (x, y) = board.coords[cell];
        for (i, &(dx, dy)) in offsets.iter().enumerate() {
            table[cell * stride + i] = board.at(x + dx, y + dy);
            back[cell * stride + i] = board.at(x - dx, y - dy);
        }
    }
    if target.captures() {
        super::add_attack(
            attacks,
            Attack::Leap {
                codes: 1 << code,
                stride,
                sources: back,
            },
        );
    }
    Rule::Leap {
        stride,
        table,
        target,
        then_fresh,
    }
}

/// Whether a piece of `codes` stands on a cell a leap onto `target` could come from.
#[inline]
pub(in crate::engine) fn attacked(
    cells: &[u8],
    target: Cell,
    codes: u128,
    stride: usize,
    sources: &[Cell],
) -> bool {
    let base = target as usize * stride;
    sources[base..base + stride]
        .iter()
        .any(|&s| s != NONE && codes >> cells[s as usize] & 1 != 0)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{attacked, game, moves};

    #[test]
    fn a_leap_jumps_to_its_offsets_whatever_lies_between() {
        let g = game("square 4 x 4", "knight \"N\"", &["leap (1, 2)"]);
        // From a2, over the enemies around it: b4, c3 and c1 (b0 is off the board); the
        // enemy on c3 is captured.
        assert_eq!(moves(&g, "4/nnn1/Nn2/4 w"), ["a2-b4", "a2-c1", "a2xc3"]);
        assert!(attacked(&g, "4/4/4/N3 w", "c2", 0));
        assert!(attacked(&g, "4/4/4/N3 w", "b3", 0));
        assert!(!attacked(&g, "4/4/4/N3 w", "b2", 0));
    }
}
