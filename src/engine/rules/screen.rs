//! `capture DIRS over a screen` (the Xiangqi cannon): along each direction, past empty cells
//! to a first piece of either side (the screen), past empty cells again to the next piece,
//! which is captured if it is an enemy. `move DIRS over a screen` (the Janggi cannon) also
//! moves to the empty cells between the screen and that piece. `within REGION` keeps the line
//! to the region's cells; `, not over or onto PIECES` makes pieces of those kinds neither
//! screens nor prey (a line reaching one first ends there). Also an attack pattern.

use crate::engine::{Attack, Move, Position};
use crate::geometry::{Board, Cell, CellSet};
use crate::model::Target;

/// The compiled screen rule's options beyond its directions.
#[derive(Clone, Debug, PartialEq)]
pub struct Screen {
    /// `move`: also to the empty cells beyond the screen.
    pub quiet: bool,
    /// `within REGION`: the cells the line may start on, pass and reach (boxed: rules and
    /// attacks stay small for the games that have none).
    pub within: Option<Box<CellSet>>,
    /// Piece codes (as bits) that are no screen and are never taken.
    pub spared: u128,
}

impl Position<'_> {
    /// The moves over a screen of the piece on `c`.
    pub(in crate::engine) fn screen_moves(
        &self,
        c: Cell,
        code: u8,
        dirs: &[u8],
        opts: &Screen,
        out: &mut Vec<Move>,
    ) {
        let within = opts.within.as_deref();
        if within.is_some_and(|w| !w.contains(c)) {
            return;
        }
        let b = &self.game.board;
        for &d in dirs {
            let mut screened = false;
            for &t in b.ray(c, d) {
                if within.is_some_and(|w| !w.contains(t)) {
                    break;
                }
                let here = self.cells[t as usize];
                if here == 0 {
                    if screened && opts.quiet {
                        self.emit_onto(c, t, Target::Empty, code, out);
                    }
                    continue;
                }
                if opts.spared >> here & 1 != 0 {
                    break;
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
pub fn attacks(board: &Board, code: u8, dirs: &[u8], opts: &Screen, out: &mut Vec<Attack>) {
    super::slide::line_attacks(board, dirs, out, |back| Attack::Screen {
        codes: 1 << code,
        back,
        within: opts.within.clone(),
        spared: opts.spared,
    });
}

/// Whether the second piece along `back` from `target` is one of `codes` (the first, the
/// screen, and the piece on `target` not `spared`; every cell up to it `within`).
#[inline]
pub(in crate::engine) fn attacked(
    board: &Board,
    cells: &[u8],
    target: Cell,
    codes: u128,
    back: u8,
    within: Option<&CellSet>,
    spared: u128,
) -> bool {
    if within.is_none() && spared == 0 {
        let code = super::slide::piece_along(board, cells, target, back, 1);
        return code != 0 && codes >> code & 1 != 0;
    }
    if within.is_some_and(|w| !w.contains(target)) || spared >> cells[target as usize] & 1 != 0 {
        return false;
    }
    let mut screened = false;
    for &s in board.ray(target, back) {
        if within.is_some_and(|w| !w.contains(s)) {
            return false;
        }
        let code = cells[s as usize];
        if code == 0 {
            continue;
        }
        if screened {
            return codes >> code & 1 != 0;
        }
        if spared >> code & 1 != 0 {
            return false;
        }
        screened = true;
    }
    false
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
