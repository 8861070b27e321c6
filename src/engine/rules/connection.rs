//! Connection goals read from the board's own sides and corners: `my pieces connect three
//! sides[, not counting corners]` and `my pieces connect two corners` (Y; Havannah's fork and
//! bridge), `my pieces form a ring` (Havannah), and a game's one `my pieces connect REGION and
//! REGION` (Hex), whose regions are marked as the sides are.
//!
//! A placement only joins chains, so positions of games with these goals keep their chains
//! incrementally, by union-find ([`Links`]): each stone's parent toward its chain's root, and
//! per root the sides and corners the chain touches (the union of its cells' marks, one bit
//! per side or corner, precomputed by [`edge_marks`]). A placement links the new stone to its
//! own neighbours' chains, and a side goal is then one look at the new stone's root. Any other
//! move (and a position read from a string) finds the chains again; without a last placement
//! the goals are read for every chain.
//!
//! A ring is a chain of the player's pieces around at least one cell, whatever that cell
//! holds. On a board of hexagons that is the same as a cell *enclosed* by the player: a cell
//! from which the outside of the board (the rim, cells with fewer than six neighbours) cannot
//! be reached through cells that are not the player's, the cell itself apart. A stone closes a
//! new ring only if two of its own neighbours that are not neighbours of each other were one
//! chain already (else a chain through it could go round it); only then are the cells it may
//! have cut off looked at: the regions of other cells beside it, and its own neighbours whose
//! every neighbour is the player's.

use crate::engine::Position;
use crate::geometry::{Board, Cell, CellSet, MAX_CELLS, NONE};
use crate::model::Edges;

/// Where a cell's edge marks hold the regions of a `connect REGION and REGION` goal: bit
/// `REGIONS + 2p` for player `p`'s first region, the next bit for their second (four players
/// at most).
pub const REGIONS: u32 = 24;

/// Per cell, the sides and corners it lies on: bit `Edges::shift() + i` for side (or corner)
/// `i` of each kind of [`Edges`].
pub fn edge_marks(board: &Board) -> Vec<u32> {
    let mut marks = vec![0u32; board.len()];
    let corners = board.corners();
    for (i, side) in board.sides().iter().enumerate().take(8) {
        for c in side.iter() {
            marks[c as usize] |= 1 << (Edges::Sides.shift() + i as u32);
            if !corners.contains(&c) {
                marks[c as usize] |= 1 << (Edges::SidesNotCorners.shift() + i as u32);
            }
        }
    }
    for (i, &c) in corners.iter().enumerate().take(8) {
        marks[c as usize] |= 1 << (Edges::Corners.shift() + i as u32);
    }
    marks
}

/// The chains of a position for connection goals (empty vectors in other games).
#[derive(Debug, Default)]
pub struct Links {
    /// Per cell: the next stone toward the root of its chain (the root itself at the root),
    /// `NONE` on an empty cell.
    parent: Vec<Cell>,
    /// Per root: the chain's stones.
    size: Vec<u16>,
    /// Per root: the sides and corners the chain touches (see [`edge_marks`]).
    touches: Vec<u32>,
    /// Whether the last placement joined two of its own neighbours that are not neighbours of
    /// each other and were one chain already: only then can it have closed a ring.
    closes: bool,
}

impl Clone for Links {
    fn clone(&self) -> Self {
        Links {
            parent: self.parent.clone(),
            size: self.size.clone(),
            touches: self.touches.clone(),
            closes: self.closes,
        }
    }

    /// Reuses the buffers: no allocation in copy-make.
    fn clone_from(&mut self, o: &Self) {
        self.parent.clone_from(&o.parent);
        self.size.clone_from(&o.size);
        self.touches.clone_from(&o.touches);
        self.closes = o.closes;
    }
}

impl Links {
    /// The root of the chain of the stone on `c`.
    #[inline]
    fn root(&self, mut c: Cell) -> Cell {
        while self.parent[c as usize] != c {
            c = self.parent[c as usize];
        }
        c
    }

    /// The root of the chain of the stone on `c`, halving the path on the way.
    #[inline]
    fn root_halving(&mut self, mut c: Cell) -> Cell {
        while self.parent[c as usize] != c {
            let up = self.parent[self.parent[c as usize] as usize];
            self.parent[c as usize] = up;
            c = up;
        }
        c
    }

    /// Joins the chains whose roots are `a` and `b` (different), the smaller under the larger.
    #[inline]
    fn join(&mut self, a: Cell, b: Cell) {
        let (big, small) = if self.size[a as usize] >= self.size[b as usize] {
            (a, b)
        } else {
            (b, a)
        };
        self.parent[small as usize] = big;
        self.size[big as usize] += self.size[small as usize];
        self.touches[big as usize] |= self.touches[small as usize];
    }
}

impl Position<'_> {
    #[inline]
    fn owns(&self, player: usize, c: Cell) -> bool {
        let code = self.cells[c as usize];
        code != 0 && self.game.owner(code) == player
    }

    /// Finds every chain again (at the start, after reading a position string, and after any
    /// move that is not a plain placement).
    pub(in crate::engine) fn build_links(&mut self) {
        let n = self.cells.len();
        if self.game.edge_marks.is_empty() {
            return;
        }
        let l = &mut self.links;
        l.parent.clear();
        l.parent.resize(n, NONE);
        l.size.clear();
        l.size.resize(n, 0);
        l.touches.clear();
        l.touches.resize(n, 0);
        for c in 0..n as Cell {
            if self.cells[c as usize] != 0 {
                self.place_in_links(c);
            }
        }
        self.links.closes = false;
    }

    /// Links the stone just placed on `c` to the chains of its own neighbours.
    pub(in crate::engine) fn place_in_links(&mut self, c: Cell) {
        let game = self.game;
        let board = &game.board;
        let me = self.game.owner(self.cells[c as usize]);
        let ci = c as usize;
        let l = &mut self.links;
        l.parent[ci] = c;
        l.size[ci] = 1;
        l.touches[ci] = game.edge_marks[ci];
        // The roots of the own neighbours, by direction; on a board of hexagons the directions
        // go round the cell, so neighbours of each other are next to each other in this circle.
        let nd = board.dirs.len();
        let mut roots = [NONE; 8];
        for (d, root) in roots.iter_mut().enumerate().take(nd) {
            let t = board.step(c, d as u8);
            if t != NONE && l.parent[t as usize] != NONE {
                let code = self.cells[t as usize];
                if self.game.owner(code) == me {
                    *root = l.root_halving(t);
                }
            }
        }
        let mut closes = false;
        for i in 0..nd {
            if roots[i] == NONE {
                continue;
            }
            for j in i + 2..nd {
                // Not neighbours of each other: not next in the circle (nor first and last).
                closes |= roots[j] == roots[i] && !(i == 0 && j == nd - 1);
            }
        }
        for &r in &roots[..nd] {
            if r != NONE {
                let (a, b) = (l.root(r), l.root(c));
                if a != b {
                    l.join(a, b);
                }
            }
        }
        l.closes = closes;
    }

    /// Whether a chain of `player`'s pieces touches `count` of the sides or corners `what`:
    /// the chain through `through` only when it is a cell.
    pub(in crate::engine) fn connects_edges(
        &self,
        player: usize,
        what: Edges,
        count: u8,
        through: Cell,
    ) -> bool {
        self.chain_touching(player, through, |t| {
            (t >> what.shift() & 0xff).count_ones() >= u32::from(count)
        })
    }

    /// Whether a chain of `player`'s pieces joins the two regions of the game's linked
    /// `connect REGION and REGION` goal: the chain through `through` only when it is a cell.
    pub(in crate::engine) fn connects_linked(&self, player: usize, through: Cell) -> bool {
        let both = 3 << (REGIONS + 2 * player as u32);
        self.chain_touching(player, through, |t| t & both == both)
    }

    /// Whether some chain of `player`'s pieces (the one through `through` only, when it is a
    /// cell) touches what `enough` asks of the marks its root holds.
    #[inline]
    fn chain_touching(&self, player: usize, through: Cell, enough: impl Fn(u32) -> bool) -> bool {
        let l = &self.links;
        if through != NONE {
            return self.owns(player, through) && enough(l.touches[l.root(through) as usize]);
        }
        (0..self.cells.len() as Cell).any(|c| {
            self.owns(player, c) && l.parent[c as usize] == c && enough(l.touches[c as usize])
        })
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
        if !self.links.closes {
            return false;
        }
        let board = &self.game.board;
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
