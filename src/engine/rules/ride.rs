//! `ride (DX, DY) [toward DIRS] [to TARGET]`: a leap repeated in the same direction, each
//! leap landing on an empty cell, until the piece stops or meets a piece, which it may
//! capture (the nightrider). Compiled into the leap's per-cell target table, followed leap by
//! leap; a capturing ride is also an attack pattern (the table followed backwards).

use crate::engine::{Attack, Move, Position, Rule};
use crate::geometry::{Board, Cell, NONE};
use crate::model::Target;

impl Position<'_> {
    /// The moves of one ride rule for the piece on `c`.
    pub(in crate::engine) fn ride_moves(
        &self,
        c: Cell,
        code: u8,
        stride: usize,
        table: &[Cell],
        target: Target,
        out: &mut Vec<Move>,
    ) {
        for i in 0..stride {
            let mut t = c;
            loop {
                t = table[t as usize * stride + i];
                if t == NONE {
                    break;
                }
                let occupied = self.cells[t as usize] != 0;
                if !occupied && self.kept_out(code, t) {
                    break;
                }
                if occupied || target != Target::Enemy {
                    self.emit_onto(c, t, target, code, out);
                }
                if occupied {
                    break;
                }
            }
        }
    }
}

/// The compiled ride of piece `code`, with its attack pattern merged into `attacks` if it
/// captures.
pub fn compile(
    board: &Board,
    code: u8,
    offsets: &[(i32, i32)],
    target: Target,
    attacks: &mut Vec<Attack>,
) -> Rule {
    let stride = offsets.len();
    let mut table = vec![NONE; board.len() * stride];
    let mut back = vec![NONE; board.len() * stride];
    for cell in 0..board.len() {
        let (x, y) = board.coords[cell];
        for (i, &(dx, dy)) in offsets.iter().enumerate() {
            table[cell * stride + i] = board.around(x + dx, y + dy);
            back[cell * stride + i] = board.around(x - dx, y - dy);
        }
    }
    rule(code, stride, table, back, target, attacks)
}

/// The rule of a ride of piece `code` from its tables (`table[cell * stride + i]`: the i-th
/// line's next cell, `back` the same backward), its attack pattern merged into `attacks` if
/// it captures.
pub(super) fn rule(
    code: u8,
    stride: usize,
    table: Vec<Cell>,
    back: Vec<Cell>,
    target: Target,
    attacks: &mut Vec<Attack>,
) -> Rule {
    if target.captures() {
        super::add_attack(
            attacks,
            Attack::Ride {
                codes: 1 << code,
                stride,
                back,
            },
        );
    }
    Rule::Ride {
        stride,
        table,
        target,
    }
}

/// The first occupied cell met following the table `back` (offset `i`) from `from`, or
/// `NONE` where the line leaves the board first.
#[inline]
pub(in crate::engine) fn first_along(
    cells: &[u8],
    from: Cell,
    stride: usize,
    back: &[Cell],
    i: usize,
) -> Cell {
    let mut s = from;
    loop {
        s = back[s as usize * stride + i];
        if s == NONE || cells[s as usize] != 0 {
            return s;
        }
    }
}

/// Whether a piece of `codes` is the first piece met along some ride line back from `target`.
#[inline]
pub(in crate::engine) fn attacked(
    cells: &[u8],
    target: Cell,
    codes: u128,
    stride: usize,
    back: &[Cell],
) -> bool {
    (0..stride).any(|i| {
        let s = first_along(cells, target, stride, back, i);
        s != NONE && codes >> cells[s as usize] & 1 != 0
    })
}

#[cfg(test)]
mod tests {
    use super::super::testing::{attacked, game, moves};

    #[test]
    fn a_ride_repeats_its_leap_until_a_piece_stops_it() {
        let g = game("square 5 x 5", "nightrider \"N\"", &["ride (1, 2)"]);
        // From a1: b3, c5 along one line; c2, e3 along the other, where an enemy on e3 is
        // taken.
        assert_eq!(
            moves(&g, "5/5/4n/5/N4 w"),
            ["a1-b3", "a1-c2", "a1-c5", "a1xe3"]
        );
        // A piece on c2 blocks the line to e3.
        assert_eq!(moves(&g, "5/5/4n/2n2/N4 w"), ["a1-b3", "a1-c5", "a1xc2"]);
        assert!(attacked(&g, "5/5/5/5/N4 w", "e3", 0));
        assert!(!attacked(&g, "5/5/5/2n2/N4 w", "e3", 0));
        assert!(!attacked(&g, "5/5/5/5/N4 w", "b2", 0));
    }

    #[test]
    fn a_ride_to_empty_never_captures() {
        let g = game(
            "square 5 x 5",
            "nightrider \"N\"",
            &["ride (1, 2) to empty"],
        );
        assert_eq!(moves(&g, "5/5/4n/5/N4 w"), ["a1-b3", "a1-c2", "a1-c5"]);
        assert!(!attacked(&g, "5/5/5/5/N4 w", "e3", 0));
    }
}
