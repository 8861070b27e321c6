//! `hop DIRS [to TARGET]` (the grasshopper): along each direction past empty cells to the
//! first piece of either side (the hurdle), landing on the cell just behind it, which the
//! target allows (by default empty, or an enemy that is captured). Also an attack pattern.

use crate::engine::{Attack, Move, Position};
use crate::geometry::{Board, Cell, NONE};
use crate::model::Target;

impl Position<'_> {
    /// The hops of the piece on `c`.
    pub(in crate::engine) fn hop_moves(
        &self,
        c: Cell,
        code: u8,
        dirs: &[u8],
        target: Target,
        out: &mut Vec<Move>,
    ) {
        let b = &self.game.board;
        for &d in dirs {
            let mut t = c;
            loop {
                t = b.step(t, d);
                if t == NONE || (self.cells[t as usize] == 0 && self.kept_out(code, t)) {
                    break;
                }
                if self.cells[t as usize] != 0 {
                    let landing = b.step(t, d);
                    if landing != NONE {
                        self.emit_onto(c, landing, target, code, out);
                    }
                    break;
                }
            }
        }
    }
}

/// The attack pattern of a capturing hop by piece `code`, merged into `attacks`.
pub fn attacks(board: &Board, code: u8, dirs: &[u8], out: &mut Vec<Attack>) {
    super::slide::line_attacks(board, dirs, out, |back| Attack::Hop {
        codes: 1 << code,
        back,
    });
}

/// Whether a piece of `codes` hops onto `target` along `back`: a piece stands next to it that
/// way (the hurdle), and the first piece beyond the hurdle is one of `codes`.
#[inline]
pub(in crate::engine) fn attacked(
    board: &Board,
    cells: &[u8],
    target: Cell,
    codes: u128,
    back: u8,
) -> bool {
    let hurdle = board.step(target, back);
    if hurdle == NONE || cells[hurdle as usize] == 0 {
        return false;
    }
    let s = super::slide::first_along(board, cells, hurdle, back);
    s != NONE && codes >> cells[s as usize] & 1 != 0
}

#[cfg(test)]
mod tests {
    use super::super::testing::{attacked, game, moves};

    #[test]
    fn a_hop_lands_just_behind_the_first_piece() {
        let g = game("square 5 x 1", "grasshopper \"G\"", &["hop orthogonal"]);
        // a1 over the friend on c1 to d1; c1 finds no hurdle east, and lands off the board
        // west.
        assert_eq!(moves(&g, "G1G2 w"), ["a1-d1"]);
        // Over the enemy on b1 onto the enemy on c1, which is taken; not over two pieces.
        assert_eq!(moves(&g, "Gggg1 w"), ["a1xc1"]);
        // A hurdle on the last cell gives no move.
        assert_eq!(moves(&g, "G3g w"), Vec::<String>::new());
        assert!(attacked(&g, "G2g1 w", "e1", 0));
        assert!(!attacked(&g, "G2g1 w", "d1", 0));
        assert!(!attacked(&g, "G1gg1 w", "e1", 0));
    }
}
