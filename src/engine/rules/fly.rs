//! `fly DIRS [then slide DIRS]`: any distance over pieces (not those immune to leap-over) to an
//! empty cell, then optionally a slide through empty cells; one move per final cell.

use crate::engine::{Move, Position};
use crate::geometry::{Cell, CellSet, NONE};
use crate::model::effect;

impl Position<'_> {
    /// A fly: over pieces (not those immune to leap-over) to an empty cell, then optionally a
    /// slide through empty cells; one move per final cell, never back to the start.
    pub(in crate::engine) fn fly(
        &self,
        c: Cell,
        code: u8,
        dirs: &[u8],
        then: Option<&[u8]>,
        out: &mut Vec<Move>,
    ) {
        let b = &self.game.board;
        let mut finals = CellSet::EMPTY;
        let empty = |x: Cell| x == c || self.cells[x as usize] == 0;
        let add = |to: Cell, out: &mut Vec<Move>, finals: &mut CellSet| {
            if to != c && !finals.contains(to) {
                finals.insert(to);
                self.emit(Move::new(c, to), code, out);
            }
        };
        for &d in dirs {
            let mut t = c;
            loop {
                t = b.step(t, d);
                if t == NONE {
                    break;
                }
                if self.cells[t as usize] != 0 {
                    if self.immune(t, false, effect::LEAP_OVER) {
                        break;
                    }
                    continue;
                }
                add(t, out, &mut finals);
                for &d2 in then.unwrap_or(&[]) {
                    let mut u = t;
                    loop {
                        u = b.step(u, d2);
                        if u == NONE || !empty(u) {
                            break;
                        }
                        add(u, out, &mut finals);
                    }
                }
            }
        }
    }
}

impl Position<'_> {
    /// Whether a `fly to any empty cell [when I have N pieces]` rule applies to `player` now:
    /// always without a count, else when they have exactly N pieces (board and hand).
    #[inline]
    pub(in crate::engine) fn flies_anywhere(&self, player: usize, when: Option<u32>) -> bool {
        when.is_none_or(|n| self.count(player, None) + self.hand_count(player, None) == n as usize)
    }

    /// `fly to any empty cell`: a move to every empty cell of the board.
    pub(in crate::engine) fn fly_anywhere(&self, c: Cell, code: u8, out: &mut Vec<Move>) {
        for t in 0..self.cells.len() as Cell {
            if self.cells[t as usize] == 0 {
                self.emit(Move::new(c, t), code, out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{game, moves};

    #[test]
    fn a_fly_passes_over_pieces_to_empty_cells() {
        let g = game("square 4 x 1", "flyer \"F\"", &["fly east"]);
        // Over b1 to c1, and over c1... d1 is empty: both ends; never onto a piece.
        assert_eq!(moves(&g, "Ff2 w"), ["a1-c1", "a1-d1"]);
    }
}
