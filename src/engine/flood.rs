//! Hop chains for the draw by reach (`reach.rs`) on a bit layout of the board: the cells
//! laid out in the bits of a 256-bit set so that every direction is one shift (a cell's
//! neighbour in direction `d` is the bit [`Flood::step`]`[d]` places further on), found from
//! the cells' coordinates once per game. The star of Chinese checkers takes 201 bits, Halma's
//! 16 x 16 all 256. Once a turn, the hops of the whole board are found by shifting the sets of
//! pieces and empty cells, every direction at once for every cell ([`Hops`]); each piece's
//! chains are then a breadth-first search that reads, at each cell, a byte of the directions
//! it may hop in, instead of looking at two neighbours in every direction. A shift may carry
//! a bit past a row's end onto an unrelated cell: every shift is therefore taken only from
//! the cells whose neighbours in that direction exist ([`Flood::hop_from`]), and lands on
//! those very neighbours.
//!
//! It must not know a rule beyond the hop the draw by reach asks for: over a piece right
//! beside to the empty cell right behind it, never out of a region a piece stays in.

use std::ops::{BitAnd, BitOr, BitOrAssign, Not};

use super::{Game, Move, Position, Rule};
use crate::geometry::{Board, Cell, NONE};
use crate::model::{Hurdle, JumpRule};

/// The most directions a board laid out for floods has (a square board's eight).
const MAX_DIRS: usize = 8;

/// A set of at most 256 cells of a [`Flood`] layout, one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bits256([u64; 4]);

impl Bits256 {
    pub const EMPTY: Bits256 = Bits256([0; 4]);

    #[inline]
    pub fn insert(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }

    #[inline]
    pub fn contains(self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }

    #[inline]
    pub fn remove(&mut self, i: usize) {
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    #[inline]
    pub fn len(self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Adds `flag` to `by_bit[i]` for every bit `i` of the set.
    #[inline]
    pub fn mark(self, by_bit: &mut [u8; 256], flag: u8) {
        for (i, &w) in self.0.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                by_bit[i * 64 + w.trailing_zeros() as usize] |= flag;
                w &= w - 1;
            }
        }
    }

    /// The set with every bit moved `k` places up (down where `k` is negative), bits moved
    /// past either end dropped; `0 < |k| < 64`.
    #[inline]
    pub fn moved(self, k: i32) -> Bits256 {
        let w = self.0;
        if k > 0 {
            let (s, t) = (k as u32, 64 - k as u32);
            Bits256([
                w[0] << s,
                w[1] << s | w[0] >> t,
                w[2] << s | w[1] >> t,
                w[3] << s | w[2] >> t,
            ])
        } else {
            let (s, t) = ((-k) as u32, 64 - (-k) as u32);
            Bits256([
                w[0] >> s | w[1] << t,
                w[1] >> s | w[2] << t,
                w[2] >> s | w[3] << t,
                w[3] >> s,
            ])
        }
    }
}

impl BitAnd for Bits256 {
    type Output = Bits256;
    #[inline]
    fn bitand(self, o: Bits256) -> Bits256 {
        Bits256([
            self.0[0] & o.0[0],
            self.0[1] & o.0[1],
            self.0[2] & o.0[2],
            self.0[3] & o.0[3],
        ])
    }
}

impl BitOr for Bits256 {
    type Output = Bits256;
    #[inline]
    fn bitor(self, o: Bits256) -> Bits256 {
        Bits256([
            self.0[0] | o.0[0],
            self.0[1] | o.0[1],
            self.0[2] | o.0[2],
            self.0[3] | o.0[3],
        ])
    }
}

impl BitOrAssign for Bits256 {
    #[inline]
    fn bitor_assign(&mut self, o: Bits256) {
        *self = *self | o;
    }
}

impl Not for Bits256 {
    type Output = Bits256;
    #[inline]
    fn not(self) -> Bits256 {
        Bits256(self.0.map(|w| !w))
    }
}

/// A board laid out for hop floods, with the regions pieces stay in; built by
/// [`Flood::new`] for games that draw by reach.
#[derive(Clone, Debug)]
pub struct Flood {
    /// By cell: its bit.
    pub bit: Vec<u8>,
    /// By bit: its cell, or `NONE`.
    pub cell_of: Vec<Cell>,
    /// By direction: how far one step moves a cell's bit.
    pub step: Vec<i32>,
    /// By direction: the cells with a cell two steps on, where a hop may start.
    pub hop_from: Vec<Bits256>,
    /// Every cell of the board.
    pub cells: Bits256,
    /// By piece code and direction (`code * directions + d`): the cells of the region the
    /// piece stays in (`confined to REGION once there`) from which a hop leaves it; empty
    /// for pieces without one.
    pub stay_exits: Vec<Bits256>,
    /// Some piece hops over the mover's pieces only (`jump ... over friend`).
    pub own_hops: bool,
}

impl Flood {
    /// The layout of `g`'s board, or `None` where its cells and directions fit none: rows of
    /// the coordinates' grid `w` bits apart, for the narrowest `w` that gives every cell its
    /// own bit below 256 and every direction one shift of less than 32 bits.
    pub fn new(g: &Game) -> Option<Flood> {
        let b = &g.board;
        let nd = b.dirs.len();
        if nd > MAX_DIRS {
            return None;
        }
        let (bit, step) = (1..=b.cols as i32).find_map(|w| layout(b, w))?;
        let mut cells = Bits256::EMPTY;
        let mut cell_of = vec![NONE; 256];
        let mut hop_from = vec![Bits256::EMPTY; nd];
        for c in 0..b.len() {
            cells.insert(bit[c] as usize);
            cell_of[bit[c] as usize] = c as Cell;
            for (d, from) in hop_from.iter_mut().enumerate() {
                let h = b.step(c as Cell, d as u8);
                if h != NONE && b.step(h, d as u8) != NONE {
                    from.insert(bit[c] as usize);
                }
            }
        }
        let mut stay_exits = vec![Bits256::EMPTY; g.stay.len() * nd];
        for (code, region) in g.stay.iter().enumerate() {
            let Some(region) = region.filter(|_| g.confines) else {
                continue;
            };
            for c in region.iter() {
                for d in 0..nd {
                    let h = b.step(c, d as u8);
                    let l = if h == NONE { NONE } else { b.step(h, d as u8) };
                    if l != NONE && !region.contains(l) {
                        stay_exits[code * nd + d].insert(bit[c as usize] as usize);
                    }
                }
            }
        }
        Some(Flood {
            bit,
            cell_of,
            step,
            hop_from,
            cells,
            stay_exits,
            own_hops: g.rules.iter().flatten().any(|r| {
                matches!(
                    r,
                    Rule::Jump(JumpRule {
                        hurdle: Hurdle::Friend,
                        ..
                    })
                )
            }),
        })
    }

    /// The piece `code`'s [`Flood::stay_exits`] by direction, where it has a region it stays
    /// in.
    #[inline]
    fn exits(&self, g: &Game, code: u8) -> Option<&[Bits256]> {
        let nd = self.step.len();
        (g.confines && g.stay[code as usize].is_some())
            .then(|| &self.stay_exits[code as usize * nd..(code as usize + 1) * nd])
    }
}

/// Where the hops of one turn may go: by cell (its bit), the directions in which a hop over
/// the piece beside (any piece, or one of the mover's) lands on the empty cell behind it.
/// Found once a turn for every piece of the mover; the moving piece's own cell, which it
/// leaves, is corrected for in [`Position::hop_flood`].
pub struct Hops {
    /// By bit: the directions (bit `d`) a hop over any piece may take from it.
    at_any: [u8; 256],
    /// The same for hops over the mover's pieces, in games that have them.
    at_own: [u8; 256],
}

impl Hops {
    /// The hops on a board where `occupied` holds the pieces and `own` the mover's.
    pub fn new(f: &Flood, occupied: Bits256, own: Bits256) -> Hops {
        let empty = f.cells & !occupied;
        let mut hops = Hops {
            at_any: [0; 256],
            at_own: [0; 256],
        };
        for (d, &k) in f.step.iter().enumerate() {
            let open = f.hop_from[d] & empty.moved(-2 * k);
            (open & occupied.moved(-k)).mark(&mut hops.at_any, 1 << d);
            if f.own_hops {
                (open & own.moved(-k)).mark(&mut hops.at_own, 1 << d);
            }
        }
        hops
    }
}

impl Position<'_> {
    /// The cells chains of hops in `dirs` from cell `c` (the piece `code`'s) reach, as
    /// `reach.rs`'s search finds them: over a piece right beside (one of the mover's, with
    /// `own_only`) to the empty cell right behind, never landing twice on a cell, never out
    /// of a region the piece stays in; the start, which the piece has left, is no hurdle.
    /// Breadth-first over bits, each cell's hops read from the turn's [`Hops`]; `queue` is
    /// the caller's, so that nothing is set up for each piece.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn hop_flood(
        &self,
        f: &Flood,
        hops: &Hops,
        c: Cell,
        code: u8,
        dirs: &[u8],
        own_only: bool,
        queue: &mut [u8; 256],
    ) -> Bits256 {
        let exits = f.exits(self.game, code);
        let at_dirs = if own_only { &hops.at_own } else { &hops.at_any };
        let mask = if dirs.len() == f.step.len() {
            u8::MAX
        } else {
            dirs.iter().fold(0u8, |m, &d| m | 1 << d)
        };
        let start = f.bit[c as usize];
        let mut reached = Bits256::EMPTY;
        reached.insert(start as usize);
        queue[0] = start;
        let (mut head, mut tail) = (0, 1);
        while head < tail {
            let at = queue[head];
            head += 1;
            let mut ways = at_dirs[at as usize] & mask;
            while ways != 0 {
                let d = ways.trailing_zeros() as usize;
                ways &= ways - 1;
                if exits.is_some_and(|e| e[d].contains(at as usize)) {
                    continue;
                }
                let k = f.step[d];
                let over = (i32::from(at) + k) as u8;
                let l = (i32::from(at) + 2 * k) as u8;
                // Not over the start, which is empty now.
                if over != start && !reached.contains(l as usize) {
                    reached.insert(l as usize);
                    queue[tail] = l;
                    tail += 1;
                }
            }
        }
        reached.remove(start as usize);
        reached
    }
}

impl Position<'_> {
    /// The move of the `k`th cell (from 0) that the hop chains of [`Position::hop_flood`]
    /// end on and `seen` does not hold, in the order the generator lists them
    /// (breadth-first, each chain by the hop that first reached its end); the cells passed
    /// are added to `seen` and taken off `k`, where there are not that many.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn hop_move(
        &self,
        f: &Flood,
        hops: &Hops,
        c: Cell,
        code: u8,
        dirs: &[u8],
        own_only: bool,
        seen: &mut Bits256,
        k: &mut usize,
    ) -> Option<Move> {
        let exits = f.exits(self.game, code);
        let at_dirs = if own_only { &hops.at_own } else { &hops.at_any };
        let start = f.bit[c as usize];
        let mut reached = Bits256::EMPTY;
        reached.insert(start as usize);
        let mut queue = [0u8; 256];
        let mut parent = [0u8; 256];
        queue[0] = start;
        let (mut head, mut tail) = (0, 1);
        while head < tail {
            let at = queue[head];
            head += 1;
            for &d in dirs {
                let d = d as usize;
                if at_dirs[at as usize] >> d & 1 == 0
                    || exits.is_some_and(|e| e[d].contains(at as usize))
                {
                    continue;
                }
                let step = f.step[d];
                let over = (i32::from(at) + step) as u8;
                let l = (i32::from(at) + 2 * step) as u8;
                if over == start || reached.contains(l as usize) {
                    continue;
                }
                reached.insert(l as usize);
                parent[l as usize] = at;
                queue[tail] = l;
                tail += 1;
                if seen.contains(l as usize) {
                    continue;
                }
                seen.insert(l as usize);
                if *k > 0 {
                    *k -= 1;
                    continue;
                }
                // The landings from the start to `l`, found backwards.
                let mut back = [0u8; 256];
                let mut n = 0;
                let mut x = l;
                while x != start {
                    back[n] = x;
                    n += 1;
                    x = parent[x as usize];
                }
                let mut m = Move::new(c, c);
                for &x in back[..n].iter().rev() {
                    m.push_landing(f.cell_of[x as usize]);
                }
                m.to = f.cell_of[l as usize];
                return Some(m);
            }
        }
        None
    }
}

/// Cell `(x, y)` on bit `(y - y0) * w + (x - x0)`: each cell's bit and each direction's
/// shift, if the bits are distinct and below 256 and every step of a direction moves a bit
/// by the same amount, less than 32.
fn layout(b: &Board, w: i32) -> Option<(Vec<u8>, Vec<i32>)> {
    if b.is_empty() || b.len() > 256 || b.dirs.is_empty() {
        return None;
    }
    let x0 = b.coords.iter().map(|c| c.0).min()?;
    let y0 = b.coords.iter().map(|c| c.1).min()?;
    let mut taken = [false; 256];
    let mut bit = Vec::with_capacity(b.len());
    for &(x, y) in &b.coords {
        let i = usize::try_from((y - y0) * w + (x - x0)).ok()?;
        if i >= 256 || std::mem::replace(&mut taken[i], true) {
            return None;
        }
        bit.push(i as u8);
    }
    let nd = b.dirs.len();
    let mut step = vec![0i32; nd];
    for (d, s) in step.iter_mut().enumerate() {
        let mut seen = None;
        for c in 0..b.len() {
            let n = b.step(c as Cell, d as u8);
            if n == NONE {
                continue;
            }
            let k = i32::from(bit[n as usize]) - i32::from(bit[c]);
            if k == 0 || k.abs() >= 32 || seen.is_some_and(|s| s != k) {
                return None;
            }
            seen = Some(k);
        }
        // A direction no cell can step in never moves a bit.
        *s = seen.unwrap_or(1);
    }
    Some((bit, step))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_moves_across_words_and_drops_bits_past_the_ends() {
        let mut s = Bits256::EMPTY;
        s.insert(0);
        s.insert(63);
        s.insert(200);
        s.insert(255);
        let mut up = Bits256::EMPTY;
        for i in [26, 89, 226] {
            up.insert(i);
        }
        assert_eq!(s.moved(26), up);
        let mut down = Bits256::EMPTY;
        for i in [37, 174, 229] {
            down.insert(i);
        }
        assert_eq!(s.moved(-26), down);
        assert_eq!(s.len(), 4);
    }

    fn board_of(src_board: &str, cell: &str) -> Game {
        let src = format!(
            "game \"T\" {{\n  players white, black\n  board {src_board}\n  piece man \"M\" {{\n    \
             step all to empty\n    jump all over any repeatedly\n  }}\n  moves are identified \
             by start, end and captures\n  setup {{\n    white man on {cell}\n  }}\n}}\n"
        );
        crate::compile_source(&src).unwrap_or_else(|e| panic!("{src}\n{e:?}"))
    }

    /// The star in 201 bits (rows 12 apart), a 16 x 16 board in 256; every step of every
    /// direction is its shift.
    #[test]
    fn the_star_and_halma_s_board_have_layouts() {
        for (board, cell, span) in [("star", "north point", 201), ("square 16 x 16", "a1", 256)] {
            let g = board_of(board, cell);
            let f = g.reach_flood.as_ref().expect("a layout");
            let top = f.bit.iter().max().copied().unwrap_or(0) as usize;
            let low = f.bit.iter().min().copied().unwrap_or(0) as usize;
            assert_eq!(top - low + 1, span, "{board}");
            for c in 0..g.board.len() {
                for d in 0..g.board.dirs.len() {
                    let n = g.board.step(c as Cell, d as u8);
                    if n != NONE {
                        let k = i32::from(f.bit[n as usize]) - i32::from(f.bit[c]);
                        assert_eq!(k, f.step[d], "{board}");
                    }
                }
            }
        }
    }
}
