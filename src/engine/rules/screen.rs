//! `capture DIRS over a screen` (the Xiangqi cannon): along each direction, past empty cells
//! to a first piece of either side (the screen), past empty cells again to the next piece,
//! which is captured if it is an enemy. No move otherwise; the piece's other rules say how it
//! moves without capturing. Also an attack pattern.

use crate::engine::{Attack, Move, Position};
use crate::geometry::{Board, Cell};
use crate::model::Target;

impl Position<'_> {
    /// The captures over a screen of the piece on `c`.
    pub(in crate::engine) fn screen_moves(
        &self,
        c: Cell,
        code: u8,
        dirs: &[u8],
        out: &mut Vec<Move>,
    ) {
        let b = &self.game.board;
        for &d in dirs {
            let mut screened = false;
            for &t in b.ray(c, d) {
                if self.cells[t as usize] == 0 {
                    continue;
                }
                if !screened {
                    screened = true;
                    continue;
                }
                self.emit_onto(c, t, Target::Enemy, code, out);
                break;
            }
        }
    }
}

/// The attack pattern of a capture over a screen by piece `code`, merged into `attacks`.
pub fn attacks(board: &Board, code: u8, dirs: &[u8], out: &mut Vec<Attack>) {
    super::slide::line_attacks(board, dirs, out, |back| Attack::Screen {
        codes: 1 << code,
        back,
    });
}

/// Whether the second piece along `back` from `target` is one of `codes`.
#[inline]
pub(in crate::engine) fn attacked(
    board: &Board,
    cells: &[u8],
    target: Cell,
    codes: u128,
    back: u8,
) -> bool {
    let code = super::slide::piece_along(board, cells, target, back, 1);
    code != 0 && codes >> code & 1 != 0
}

#[cfg(test)]
mod tests {
    use super::super::testing::{attacked, game, moves};

    #[test]
    fn a_cannon_captures_over_exactly_one_piece() {
        let g = game(
            "square 5 x 1",
            "cannon \"C\"",
            &[
                "slide orthogonal to empty",
                "capture orthogonal over a screen",
            ],
        );
        // a1 over its own screen on b1 takes the enemy on d1; b1 slides to c1 only.
        assert_eq!(moves(&g, "CC1c1 w"), ["a1xd1", "b1-c1"]);
        // Over the enemy screen on b1, the first piece beyond (d1) is taken, not e1.
        assert_eq!(moves(&g, "Cc1cc w"), ["a1xd1"]);
        assert!(attacked(&g, "C1c1c w", "e1", 0));
        assert!(!attacked(&g, "C1c1c w", "c1", 0));
    }
}
