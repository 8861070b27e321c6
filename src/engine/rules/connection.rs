//! Connection goals read from the board's own sides and corners: `my pieces connect three
//! sides[, not counting corners]` and `my pieces connect two corners` (Y; Havannah's fork and
//! bridge), and `my pieces form a ring` (Havannah).
//!
//! A placement only joins chains, so after one only the mover's chain through the new stone
//! can meet a goal, and both tests start from that cell: the sides a chain touches are the
//! union of its cells' marks (one bit per side or corner, precomputed), and a new ring must
//! pass through the new stone. Without a last placement (a position read from a string, or
//! after a move that is not a placement) the whole board is read.
//!
//! A ring is a chain of the player's pieces around at least one cell, whatever that cell
//! holds. On a board of hexagons that is the same as a cell *enclosed* by the player: a cell
//! from which the outside of the board (the rim, cells with fewer than six neighbours) cannot
//! be reached through cells that are not the player's, the cell itself apart. A stone closes
//! a ring only if two of its own neighbours are not neighbours of each other (else any chain
//! through it could skip it); then the cells it may have cut off are the regions of other
//! cells beside it, and its own neighbours whose every neighbour is the player's.

use crate::engine::{Game, Position};
use crate::geometry::{Cell, CellSet, MAX_CELLS, NONE};

impl Position<'_> {
    #[inline]
    fn owns(&self, player: usize, c: Cell) -> bool {
        let code = self.cells[c as usize];
        code != 0 && Game::owner(code) == player
    }

    /// Whether a chain of `player`'s pieces touches `count` of the sides (or corners) whose
    /// bits `marks` gives per cell: the chain through `through` only when it is a cell.
    pub(in crate::engine) fn connects_edges(
        &self,
        player: usize,
        marks: &[u8],
        count: u8,
        through: Cell,
    ) -> bool {
        let board = &self.game.board;
        let mut seen = CellSet::EMPTY;
        let mut stack = [NONE; MAX_CELLS];
        // The chain from `s`, if not seen yet: whether it touches enough of them.
        let mut chain = |s: Cell| {
            if seen.contains(s) {
                return false;
            }
            let mut touched = 0u8;
            seen.insert(s);
            stack[0] = s;
            let mut n = 1;
            while n > 0 {
                n -= 1;
                let c = stack[n];
                touched |= marks[c as usize];
                if touched.count_ones() >= u32::from(count) {
                    return true;
                }
                for t in board.neighbours(c) {
                    if !seen.contains(t) && self.owns(player, t) {
                        seen.insert(t);
                        stack[n] = t;
                        n += 1;
                    }
                }
            }
            false
        };
        if through != NONE {
            return self.owns(player, through) && chain(through);
        }
        (0..self.cells.len() as Cell)
            .any(|s| self.owns(player, s) && marks[s as usize] != 0 && chain(s))
    }

    /// Whether `player`'s pieces form a ring (see the module's header): one through `through`
    /// only when it is a cell. `rim` holds the cells beside the outside of the board.
    pub(in crate::engine) fn forms_ring(
        &self,
        player: usize,
        rim: &CellSet,
        through: Cell,
    ) -> bool {
        if through == NONE {
            return self.any_ring(player, rim);
        }
        if !self.owns(player, through) {
            return false;
        }
        let board = &self.game.board;
        // The player's neighbours of the stone, one bit per direction; the directions of a
        // board of hexagons go round the cell, so neighbours of each other are next to each
        // other in this circle of six bits.
        let nd = board.dirs.len() as u32;
        let mut own = 0u32;
        for d in 0..nd {
            let t = board.step(through, d as u8);
            if t != NONE && self.owns(player, t) {
                own |= 1 << d;
            }
        }
        let circle = (1u32 << nd) - 1;
        let close_pair = own.count_ones() == 2
            && (0..nd).any(|k| own == ((0b11 << k) | (0b11 >> (nd - k))) & circle);
        if own.count_ones() < 2 || close_pair {
            return false;
        }
        // Each other region beside the stone must still reach the rim. `done` holds the cells
        // of the regions found to reach it so far, `seen` those of the region being filled.
        let mut done = CellSet::EMPTY;
        let mut stack = [NONE; MAX_CELLS];
        for start in board.neighbours(through) {
            if self.owns(player, start) || done.contains(start) {
                continue;
            }
            let mut seen = CellSet::EMPTY;
            seen.insert(start);
            stack[0] = start;
            let mut n = 1;
            let mut escapes = false;
            'fill: while n > 0 {
                n -= 1;
                let c = stack[n];
                if rim.contains(c) {
                    escapes = true;
                    break;
                }
                for t in board.neighbours(c) {
                    if self.owns(player, t) || seen.contains(t) {
                        continue;
                    }
                    if done.contains(t) {
                        escapes = true;
                        break 'fill;
                    }
                    seen.insert(t);
                    stack[n] = t;
                    n += 1;
                }
            }
            if !escapes {
                return true;
            }
            done = done.union(&seen);
        }
        // An own neighbour away from the rim whose every neighbour is the player's.
        board.neighbours(through).any(|c| {
            self.owns(player, c)
                && !rim.contains(c)
                && board.neighbours(c).all(|t| self.owns(player, t))
        })
    }

    /// Whether any cell is enclosed by `player`: the cells reached from the rim through cells
    /// not the player's, and then any cell left out (or the player's cell, off the rim, with
    /// no neighbour reached).
    fn any_ring(&self, player: usize, rim: &CellSet) -> bool {
        let board = &self.game.board;
        let mut reached = CellSet::EMPTY;
        let mut stack = [NONE; MAX_CELLS];
        let mut n = 0;
        for c in rim.iter() {
            if !self.owns(player, c) {
                reached.insert(c);
                stack[n] = c;
                n += 1;
            }
        }
        while n > 0 {
            n -= 1;
            for t in board.neighbours(stack[n]) {
                if !reached.contains(t) && !self.owns(player, t) {
                    reached.insert(t);
                    stack[n] = t;
                    n += 1;
                }
            }
        }
        (0..self.cells.len() as Cell).any(|c| {
            if self.owns(player, c) {
                !rim.contains(c) && board.neighbours(c).all(|t| !reached.contains(t))
            } else {
                !reached.contains(c)
            }
        })
    }
}
