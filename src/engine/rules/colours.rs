//! `pieces in hand must be placed first, PIECES on both colours` (Placement chess, as Fairy-Stockfish plays
//! it): a player's pieces of the kind, on the board and in hand, must end split between the
//! two colours of cells as evenly as can be. A drop of the kind is illegal where it would put
//! more than half of them (rounded up) on one colour; a drop of another kind is illegal where
//! it would leave, on either colour, fewer cells for them (those they stand on and the empty
//! cells their drops may still reach) than half of them (rounded down).

use crate::engine::Position;
use crate::geometry::{Cell, CellSet};
use crate::model::PerPlayer;

/// The kind, the cells of one colour, and per player the cells its drops may land on.
#[derive(Clone, Debug)]
pub struct ColourSplit {
    pub kind: usize,
    pub dark: CellSet,
    pub drop_cells: PerPlayer<CellSet>,
}

impl Position<'_> {
    /// Whether dropping a piece of `code` on `c` keeps the split possible (out of line: the
    /// drops of other games only test that there is no split).
    #[cold]
    #[inline(never)]
    pub(in crate::engine) fn colours_allow(&self, code: u8, c: Cell) -> bool {
        let g = self.game;
        let Some(split) = &g.colour_split else {
            return true;
        };
        let p = g.owner(code);
        let kind = g.code(split.kind, p);
        let n = self.count(p, Some(split.kind)) + self.hand_count(p, Some(split.kind));
        // [light, dark]: the kind's pieces standing on each colour.
        let mut on = [0usize; 2];
        for (i, &x) in self.cells.iter().enumerate() {
            if x == kind {
                on[usize::from(split.dark.contains(i as Cell))] += 1;
            }
        }
        if code == kind {
            return on[usize::from(split.dark.contains(c))] < n.div_ceil(2);
        }
        for e in split.drop_cells[p].iter() {
            if e != c && self.cells[e as usize] == 0 {
                on[usize::from(split.dark.contains(e))] += 1;
            }
        }
        on[0] >= n / 2 && on[1] >= n / 2
    }
}
