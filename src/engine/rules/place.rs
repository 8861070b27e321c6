//! Pieces that enter the board (`place ...`) and the end conditions of placement games:
//! lines (`N in a row`) and connections (`my pieces connect A and B`).
//!
//! A placement is made by no piece on the board, so it is generated once per position for each
//! kind the player to move can place. With `the second player may swap`, the second player's
//! first turn also has the swap (the pie rule): the first player's stone becomes theirs. Lines and connections are tested from the cell of the
//! last placement where there is one (a placement can only make lines through its own cell),
//! else on the whole board.

use crate::engine::bits::Bits;
use crate::engine::{Bitboards, Move, MoveKind, Position};
use crate::geometry::{Cell, CellSet, NONE};

/// How a kind enters the board (compiled from `place on empty ...`).
#[derive(Clone, Debug)]
pub struct Place {
    /// The piece code whose hand a placement from the hand takes (`code` itself, but for a
    /// drop `either side up` of the kind a piece promotes to: the piece's own code).
    pub hand: u8,
    /// The piece code placed.
    pub code: u8,
    /// It falls in this direction while the next cell is empty.
    pub falling: Option<u8>,
    /// Enemy lines bracketed between it and a friend along these directions change owner.
    pub flipping: Vec<u8>,
    /// Only cells where it flips something.
    pub only_flips: bool,
    /// Only cells with a piece of the mover next to them along one of these directions (none:
    /// any cell).
    pub next_to: Vec<u8>,
    /// The player has these pieces in hand: each placement takes one, and none is possible
    /// when the hand is empty (else the supply is unlimited).
    pub from_hand: bool,
    /// `then rotate a B x B block either way`: each block's cells, row by row from its
    /// lower-left cell (B * B of them); empty when nothing rotates.
    pub blocks: Vec<Vec<Cell>>,
    /// `capturing groups without liberties` (Go): see [`crate::engine::Game::groups`] for how.
    pub groups: bool,
    /// `drop on empty`: only from the hand (written `P@e4`).
    pub drop: bool,
    /// Cells it may not enter (`drop on empty, not on ...`).
    pub not_on: CellSet,
    /// `not on a file with [N of] my PIECE`: the piece code that may not share a file with
    /// it, and how many of that code on the file keep it out.
    pub not_file_with: Option<(u8, u8)>,
    /// `not giving checkmate`: a drop that leaves the opponent checkmated is illegal.
    pub not_mating: bool,
    /// `next to exactly 1 enemy and no friend`: the enemies and friends among the cell's
    /// neighbours (Gopher).
    pub touching: Option<crate::model::Touching>,
    /// `not making N in a row`: the length no line of the player's through the cell may
    /// reach, and the axes (pairs of opposite directions) it is counted along (Wali).
    pub not_making: Option<(u8, Vec<(u8, u8)>)>,
    /// `not next to the last piece placed`: no cell next to `Position::last_placed` (Tabu Y).
    pub not_by_last: bool,
}

/// The B x B blocks that tile a square-grid board, each as its cells row by row from the
/// lower-left one; blocks in the same order (by rank, then file).
pub fn blocks(board: &crate::geometry::Board, b: u8) -> Vec<Vec<Cell>> {
    let crate::geometry::Shape::Square { width, height } = board.shape else {
        return Vec::new();
    };
    if !board.is_full_grid() {
        return Vec::new();
    }
    let b = i32::from(b);
    let mut out = Vec::new();
    for by in (0..height as i32).step_by(b as usize) {
        for bx in (0..width as i32).step_by(b as usize) {
            let mut cells = Vec::new();
            for y in 0..b {
                for x in 0..b {
                    cells.push(board.at(bx + x, by + y));
                }
            }
            out.push(cells);
        }
    }
    out
}

/// For an `N in a row` rule on a board of at most 64 cells: per cell, every window of N
/// cells along an axis that holds it, as bits, with the cells just outside its two ends
/// (for `exactly`). A line through the last placement is then a few masks to test.
#[derive(Clone, Debug)]
pub struct LineWindows {
    per_cell: Vec<Vec<(u64, u64)>>,
    exactly: bool,
}

impl LineWindows {
    /// The windows of `length` cells along `axes`, or `None` where the board has more than 64
    /// cells.
    pub fn build(
        board: &crate::geometry::Board,
        length: u8,
        exactly: bool,
        axes: &[u8],
    ) -> Option<LineWindows> {
        if board.len() > 64 || length == 0 {
            return None;
        }
        let mut per_cell = vec![Vec::new(); board.len()];
        for start in 0..board.len() as Cell {
            for &a in axes {
                let mut cells = [NONE; 64];
                let mut at = start;
                let mut ok = true;
                for (i, slot) in cells.iter_mut().enumerate().take(length as usize) {
                    if i > 0 {
                        at = board.step(at, a);
                    }
                    if at == NONE {
                        ok = false;
                        break;
                    }
                    *slot = at;
                }
                if !ok {
                    continue;
                }
                let window = cells[..length as usize]
                    .iter()
                    .fold(0u64, |m, &c| m | 1 << c);
                let before = board.step(start, board.opposite[a as usize]);
                let after = board.step(at, a);
                let outside = [before, after]
                    .iter()
                    .filter(|&&c| c != NONE)
                    .fold(0u64, |m, &c| m | 1 << c);
                for &c in &cells[..length as usize] {
                    per_cell[c as usize].push((window, outside));
                }
            }
        }
        Some(LineWindows { per_cell, exactly })
    }

    /// Whether `mine` (a player's pieces as bits) fills a window through `cell`.
    #[inline]
    pub fn through(&self, mine: u64, cell: Cell) -> bool {
        self.per_cell[cell as usize]
            .iter()
            .any(|&(w, o)| mine & w == w && (!self.exactly || mine & o == 0))
    }
}

/// Every cell of a board that fits the set `B` (64 or 128 cells), as bits.
pub(in crate::engine) fn board_bits<B: Bits>(board: &crate::geometry::Board) -> B {
    let n = board.len() as u32;
    if n == B::BITS {
        !B::ZERO
    } else {
        (B::ONE << n) - B::ONE
    }
}

/// The cells where a piece placed with `falling` comes to rest, on a board whose cells fit
/// the set `B` (`on_board`, its [`board_bits`]) and whose `occupied` cells are given: the
/// empty ones, and with `falling` only those whose next cell that way is taken or off the
/// board.
pub(in crate::engine) fn resting_cells<B: Bits>(
    board: &crate::geometry::Board,
    bits: &Bitboards<B>,
    on_board: B,
    occupied: B,
    falling: Option<u8>,
) -> B {
    let empty = !occupied & on_board;
    match falling {
        None => empty,
        Some(d) => {
            let up = board.opposite[d as usize];
            empty & (!bits.can_step[d as usize] | bits.step(occupied, up))
        }
    }
}

/// The empty cells where a piece placed would flip something along `dirs` (see
/// [`Position::flips`]), where the mover holds `mine` of the `occupied` cells: walking back
/// along each direction from the mover's pieces over a run of enemies, every empty cell
/// reached just after the run.
fn flipping_cells<B: Bits>(
    board: &crate::geometry::Board,
    bits: &Bitboards<B>,
    dirs: &[u8],
    mine: B,
    occupied: B,
) -> B {
    let (theirs, empty) = (occupied & !mine, !occupied & board_bits::<B>(board));
    let mut found = B::ZERO;
    for &d in dirs {
        let back = board.opposite[d as usize];
        let mut run = bits.step(mine, back) & theirs;
        while run != B::ZERO {
            found |= bits.step(run, back) & empty;
            run = bits.step(run, back) & theirs;
        }
    }
    found
}

/// The empty cells with an empty neighbour along one of `dirs`: a stone placed there has a
/// liberty, so it is never suicide.
fn breathing_cells<B: Bits>(
    board: &crate::geometry::Board,
    bits: &Bitboards<B>,
    dirs: &[u8],
    occupied: B,
) -> B {
    let empty = !occupied & board_bits::<B>(board);
    dirs.iter().fold(B::ZERO, |a, &d| {
        a | bits.step(empty, board.opposite[d as usize])
    }) & empty
}

/// The cells of a block after a quarter turn: piece on block index `i` moves to the returned
/// index (clockwise with ranks going up, else anticlockwise).
#[inline]
pub fn turned(i: usize, b: usize, clockwise: bool) -> usize {
    let (x, y) = (i % b, i / b);
    let (nx, ny) = if clockwise {
        (y, b - 1 - x)
    } else {
        (b - 1 - y, x)
    };
    ny * b + nx
}

impl Position<'_> {
    /// Whether the second player may swap now (`the second player may swap`): it is their
    /// first turn, and the first player's one piece is the only piece on the board.
    pub(in crate::engine) fn swap_open(&self) -> bool {
        self.game.pie_rule
            && self.turn == 1
            && self.ply == 1
            && self.count(1, None) == 0
            && self.count(0, None) == 1
    }

    /// The swap: the first player's piece becomes the mover's, on its cell. It is written as
    /// a placement there that first removes the piece it replaces (`swap` in notation).
    fn swap_move(&self) -> Move {
        let c = (0..self.cells.len())
            .find(|&c| self.cells[c] != 0)
            .expect("swap_open: one piece on the board") as Cell;
        let mut m = Move::new(NONE, c);
        m.kind = MoveKind::Place;
        m.promote = self.game.code(self.game.kind_of(self.cells[c as usize]), 1);
        m.push_capture(c);
        m
    }

    /// The placements of the player to move, appended to `out`.
    pub(in crate::engine) fn place_moves(&self, out: &mut Vec<Move>) {
        if self.swap_open() {
            out.push(self.swap_move());
        }
        let g = self.game;
        // `pieces in hand must be placed first`: while any is left, no piece comes from an
        // unlimited supply either; `KINDS in hand must be placed first`: while one of the kind
        // is left, no other piece is placed.
        let hand_only = g.hand_first_for(self.turn as usize)
            && self.hand_count(self.turn as usize, g.hand_first_kind) > 0;
        let only_kind = if hand_only { g.hand_first_kind } else { None };
        let count = self.turn_place_count();
        for pl in &g.places[self.turn as usize] {
            if count > 1 {
                self.place_sets(pl, count, out);
                continue;
            }
            if (pl.from_hand || hand_only) && self.in_hand(pl.hand) == 0
                || only_kind.is_some_and(|k| g.kind_of(pl.hand) != k)
            {
                continue;
            }
            if let Some(bits) = &g.bitboards {
                self.place_on(bits, pl, out);
                continue;
            }
            if let Some(bits) = &g.wide_bitboards {
                self.place_on(bits, pl, out);
                continue;
            }
            for c in 0..self.cells.len() as Cell {
                if !self.rests(pl.falling, c)
                    || !self.drop_allowed(pl, c)
                    || pl.groups && !self.group_placement_ok(c)
                {
                    continue;
                }
                let m = self.placement(pl, c);
                if pl.only_flips && m.npath == 0 {
                    continue;
                }
                push_turns(pl, m, out);
            }
        }
    }

    /// How many placements the player to move makes this turn (`each turn places N ...`):
    /// the first turn's number at the game's first ply, else every turn's.
    #[inline]
    pub(in crate::engine) fn turn_place_count(&self) -> usize {
        match self.game.turn_places {
            None => 1,
            Some((first, _)) if self.ply == 0 => first as usize,
            Some((_, each)) => each as usize,
        }
    }

    /// The empty cells `pl` may take, in cell order, into `cells`; how many.
    fn open_cells(&self, pl: &Place, cells: &mut [Cell; crate::geometry::MAX_CELLS]) -> usize {
        let mut n = 0;
        for c in 0..self.cells.len() as Cell {
            if self.cells[c as usize] == 0 && self.drop_allowed(pl, c) {
                cells[n] = c;
                n += 1;
            }
        }
        n
    }

    /// A turn of placements of `pl` on `cells` (in increasing order).
    fn placement_set(pl: &Place, cells: &[Cell]) -> Move {
        let mut m = Move::new(NONE, cells[0]);
        m.kind = MoveKind::Places;
        m.promote = pl.code;
        m.path[..cells.len()].copy_from_slice(cells);
        m.npath = cells.len() as u16;
        m
    }

    /// The turns of `count` placements of `pl` (`each turn places N ...`): every set of that
    /// many open cells once, its cells in increasing order, the sets in lexicographic order;
    /// with fewer open cells left, the one turn that fills them all. Stops once `out` holds
    /// more than [`crate::engine::MAX_MOVES`] (the caller refuses such a list).
    fn place_sets(&self, pl: &Place, count: usize, out: &mut Vec<Move>) {
        let mut open = [NONE; crate::geometry::MAX_CELLS];
        let n = self.open_cells(pl, &mut open);
        let k = count.min(n);
        if k == 0 {
            return;
        }
        // The chosen positions in `open`, increasing.
        let mut at = [0usize; crate::model::MAX_TURN_PLACES as usize];
        for (i, a) in at.iter_mut().enumerate().take(k) {
            *a = i;
        }
        let mut cells = [NONE; crate::model::MAX_TURN_PLACES as usize];
        loop {
            for i in 0..k {
                cells[i] = open[at[i]];
            }
            out.push(Self::placement_set(pl, &cells[..k]));
            if out.len() > crate::engine::MAX_MOVES {
                return;
            }
            // The next set: raise the last position that can rise, and reset those after it.
            let Some(i) = (0..k).rev().find(|&i| at[i] < n - k + i) else {
                return;
            };
            at[i] += 1;
            for j in i + 1..k {
                at[j] = at[j - 1] + 1;
            }
        }
    }

    /// A uniformly random turn of `count` placements of `pl` (every set of cells equally
    /// likely), or a pass when `with_pass` (as likely as each set); `None` when there is
    /// none. The cells are drawn one by one, each uniform among the open cells not drawn yet:
    /// by rejection (a random cell, again while it is taken or drawn) for a few tries, else
    /// from the open cells found in one pass into a stack array. Every ordered draw, so
    /// every set, is equally likely, and no list of moves is built.
    fn random_place_set(
        &self,
        pl: &Place,
        count: usize,
        with_pass: bool,
        rng: &mut crate::rng::Rng,
    ) -> Option<Move> {
        let open = |c: Cell| self.cells[c as usize] == 0 && self.drop_allowed(pl, c);
        if with_pass {
            // One pass against C(n, k) sets (saturating: the pass is then never drawn).
            let n = (0..self.cells.len() as Cell).filter(|&c| open(c)).count();
            let k = count.min(n);
            if k == 0 {
                return Some(Move::pass());
            }
            let mut sets: u64 = 1;
            for i in 0..k as u64 {
                sets = sets.saturating_mul(n as u64 - i) / (i + 1);
            }
            if sets < 1 << 40 && rng.below(sets as usize + 1) == sets as usize {
                return Some(Move::pass());
            }
        }
        let mut cells = [NONE; crate::model::MAX_TURN_PLACES as usize];
        let mut k = 0;
        'draw: while k < count {
            for _ in 0..32 {
                let c = rng.below(self.cells.len()) as Cell;
                if open(c) && !cells[..k].contains(&c) {
                    cells[k] = c;
                    k += 1;
                    continue 'draw;
                }
            }
            // Many misses: the open cells not drawn yet, counted, and one of them drawn.
            let mut left = [NONE; crate::geometry::MAX_CELLS];
            let mut n = 0;
            for c in 0..self.cells.len() as Cell {
                if open(c) && !cells[..k].contains(&c) {
                    left[n] = c;
                    n += 1;
                }
            }
            if n == 0 {
                // Fewer open cells than the turn's count: the turn fills them all.
                break;
            }
            cells[k] = left[rng.below(n)];
            k += 1;
        }
        if k == 0 {
            return None;
        }
        cells[..k].sort_unstable();
        Some(Self::placement_set(pl, &cells[..k]))
    }

    /// The placements of `pl` on a board with bitboards, appended to `out` in cell order (as
    /// [`Position::place_moves`] lists them).
    fn place_on<B: Bits>(&self, bits: &Bitboards<B>, pl: &Place, out: &mut Vec<Move>) {
        let (mut cells, exact) = self.placeable_on(bits, pl);
        // Go: a cell with a liberty is never suicide, so only ko can bar it.
        let breathing = match &self.game.groups {
            Some(gr) if pl.groups => {
                breathing_cells(&self.game.board, bits, &gr.dirs, self.occupied_on::<B>())
            }
            _ => B::ZERO,
        };
        while cells != B::ZERO {
            let c = cells.trailing_zeros() as Cell;
            cells &= cells - B::ONE;
            if !exact && !self.drop_allowed(pl, c)
                || pl.groups
                    && !(breathing.has(u32::from(c)) && c != self.chains.ko)
                    && !self.group_placement_ok(c)
            {
                continue;
            }
            let m = self.placement(pl, c);
            if !(pl.only_flips && m.npath == 0) {
                push_turns(pl, m, out);
            }
        }
    }

    /// The occupied cells, as a set of width `B`.
    fn occupied_on<B: Bits>(&self) -> B {
        B::planes(self).iter().skip(1).fold(B::ZERO, |a, &b| a | b)
    }

    /// The pieces of `player`, as a set of width `B`.
    fn player_on<B: Bits>(&self, player: usize) -> B {
        let planes = B::planes(self);
        (1 + player..planes.len())
            .step_by(1 << self.game.player_shift)
            .fold(B::ZERO, |m, code| m | planes[code])
    }

    /// The cells `pl` may take, as bits: where it comes to rest, next to a friend where it
    /// must be, flipping something where it must, and not on the cells `not on`, kept out or
    /// next to the last piece placed. With it, whether that is exactly where
    /// [`Position::drop_allowed`] allows it (else each cell still needs the test).
    fn placeable_on<B: Bits>(&self, bits: &Bitboards<B>, pl: &Place) -> (B, bool) {
        let occupied = self.occupied_on::<B>();
        let board = &self.game.board;
        let mut cells = resting_cells(board, bits, board_bits(board), occupied, pl.falling);
        if !pl.next_to.is_empty() || pl.only_flips {
            let mine = self.player_on::<B>(self.turn as usize);
            if !pl.next_to.is_empty() {
                // `next to a friend`: the cells one step back from the mover's pieces.
                cells &= pl.next_to.iter().fold(B::ZERO, |a, &d| {
                    a | bits.step(mine, board.opposite[d as usize])
                });
            }
            if pl.only_flips {
                cells &= flipping_cells(board, bits, &pl.flipping, mine, occupied);
            }
        }
        let kept_out = self
            .game
            .keep_out
            .as_ref()
            .map_or(B::ZERO, |k| B::of(&k[pl.code as usize]));
        let tabu = if pl.not_by_last && self.last_placed != NONE {
            board
                .neighbours(self.last_placed)
                .filter(|&n| u32::from(n) < B::BITS)
                .fold(B::ZERO, |m, n| m | B::ONE << u32::from(n))
        } else {
            B::ZERO
        };
        let exact = pl.not_file_with.is_none()
            && pl.touching.is_none()
            && pl.not_making.is_none()
            && (self.game.colour_split.is_none() || !pl.drop);
        (cells & !(B::of(&pl.not_on) | kept_out | tabu), exact)
    }

    /// Whether a piece placed with `falling` can come to rest on `c`: an empty cell, and with
    /// `falling` one whose next cell that way is taken or off the board.
    fn rests(&self, falling: Option<u8>, c: Cell) -> bool {
        if self.cells[c as usize] != 0 {
            return false;
        }
        falling.is_none_or(|d| {
            let below = self.game.board.step(c, d);
            below == NONE || self.cells[below as usize] != 0
        })
    }

    /// The placement of `pl` on `c`, with the pieces it flips.
    fn placement(&self, pl: &Place, c: Cell) -> Move {
        let mut m = Move::new(NONE, c);
        m.kind = MoveKind::Place;
        m.promote = pl.code;
        if !pl.flipping.is_empty() {
            self.flips(c, &pl.flipping, &mut m);
        }
        m
    }

    /// A uniformly random move for a player whose only moves are the placements of
    /// [`Game::sole_place`], and a pass when `with_pass` (`players may pass`); `None` when
    /// there is none. Only the chosen move is built.
    pub(in crate::engine) fn random_placement(
        &self,
        pl: &Place,
        with_pass: bool,
        rng: &mut crate::rng::Rng,
    ) -> Option<Move> {
        if pl.from_hand && self.in_hand(pl.hand) == 0 {
            return with_pass.then(Move::pass);
        }
        let count = self.turn_place_count();
        if count > 1 {
            return self.random_place_set(pl, count, with_pass, rng);
        }
        // With rotations every cell has 2 * blocks moves, in the order they are listed.
        let turns = (2 * pl.blocks.len()).max(1);
        let pass = usize::from(with_pass);
        if let Some((bits, _)) = (self.game.bitboards.as_ref())
            .map(|bits| self.placeable_on(bits, pl))
            .filter(|&(_, exact)| exact && !pl.groups && self.game.colour_split.is_none())
        {
            // Every placeable cell is a move: draw the k-th, in cell order (the same draw as
            // picking from the generated list).
            let n = bits.count_ones() as usize;
            if n + pass == 0 {
                return None;
            }
            let k = rng.below(n * turns + pass);
            if k == n * turns {
                return Some(Move::pass());
            }
            let mut b = bits;
            for _ in 0..k / turns {
                b &= b - 1;
            }
            let m = self.placement(pl, b.trailing_zeros() as Cell);
            return Some(with_turn(pl, m, k % turns));
        }
        // Otherwise draw candidates (every cell's moves, and the pass) in random order without
        // replacement until one is legal: the first legal one is uniform among the legal
        // moves. The order is a Fisher–Yates shuffle kept sparse (only the swapped slots are
        // stored), as a few draws usually suffice; after many misses every legal move is
        // listed, all of them still in the pool, and one is drawn from the list.
        let n = self.cells.len() * turns;
        let mut remaining = n + pass;
        let mut swapped = [(0u32, 0u32); 32];
        let mut nswapped = 0;
        let slot = |swapped: &[(u32, u32)], i: usize| -> usize {
            swapped
                .iter()
                .rev()
                .find(|&&(k, _)| k as usize == i)
                .map_or(i, |&(_, v)| v as usize)
        };
        while nswapped < swapped.len() && remaining > 0 {
            let k = rng.below(remaining);
            let item = slot(&swapped[..nswapped], k);
            let last = slot(&swapped[..nswapped], remaining - 1);
            swapped[nswapped] = (k as u32, last as u32);
            nswapped += 1;
            remaining -= 1;
            if item == n {
                return Some(Move::pass());
            }
            let c = (item / turns) as Cell;
            if self.place_ok(pl, c) {
                return Some(with_turn(pl, self.placement(pl, c), item % turns));
            }
        }
        let mut cells = [NONE; crate::geometry::MAX_CELLS];
        let mut count = 0;
        for c in 0..self.cells.len() as Cell {
            if self.place_ok(pl, c) {
                cells[count] = c;
                count += 1;
            }
        }
        if count * turns + pass == 0 {
            return None;
        }
        let k = rng.below(count * turns + pass);
        if k == count * turns {
            return Some(Move::pass());
        }
        Some(with_turn(
            pl,
            self.placement(pl, cells[k / turns]),
            k % turns,
        ))
    }

    /// Whether the placement's restrictions let it land on `c`: not a cell its kind is kept
    /// out of (`only PIECES may enter REGION`), not a cell of `not on`, and not a file already
    /// holding the player's piece of `not on a file with` (nifu), or as many of it as the
    /// clause says (Torishogi's two swallows).
    #[inline]
    fn drop_allowed(&self, pl: &Place, c: Cell) -> bool {
        if pl.not_on.contains(c) || self.kept_out(pl.code, c) || !self.beside_friend(pl, c) {
            return false;
        }
        if self.game.colour_split.is_some() && pl.drop && !self.colours_allow(pl.code, c) {
            return false;
        }
        if let Some(t) = &pl.touching {
            if !self.touches(t, c) {
                return false;
            }
        }
        if let Some((n, axes)) = &pl.not_making {
            if self.would_make(*n, axes, c) {
                return false;
            }
        }
        if pl.not_by_last && self.next_to_last_placed(c) {
            return false;
        }
        let Some((twin, limit)) = pl.not_file_with else {
            return true;
        };
        let b = &self.game.board;
        let x = b.coords[c as usize].0;
        let mut found = 0;
        for y in 0..b.rows as i32 {
            let t = b.at(x, y);
            if t != NONE && self.cells[t as usize] == twin {
                found += 1;
                if found == limit {
                    return false;
                }
            }
        }
        true
    }

    /// Whether `c` is a neighbour of the last piece placed (`not next to the last piece
    /// placed`; never when the last move placed nothing).
    #[inline]
    fn next_to_last_placed(&self, c: Cell) -> bool {
        self.last_placed != NONE && self.game.board.neighbours(self.last_placed).any(|n| n == c)
    }

    /// The cell of the last piece placed, in games with `not next to the last piece placed`
    /// (`None` when the last move placed nothing).
    pub fn last_placed(&self) -> Option<Cell> {
        (self.last_placed != NONE).then_some(self.last_placed)
    }

    /// Sets the cell of the last piece placed (`NONE`: the last move placed nothing), keeping
    /// the hash.
    pub(in crate::engine) fn set_last_placed(&mut self, c: Cell) {
        let old = self.last_placed;
        if old == c {
            return;
        }
        if old != NONE {
            self.hash ^= self.game.last_placed_key(old);
        }
        if c != NONE {
            self.hash ^= self.game.last_placed_key(c);
        }
        self.last_placed = c;
    }

    /// Whether `c` has a piece of the mover next to it along the placement's `next to a
    /// friend` directions (always, without the clause).
    #[inline]
    fn beside_friend(&self, pl: &Place, c: Cell) -> bool {
        if pl.next_to.is_empty() {
            return true;
        }
        let g = self.game;
        let me = self.turn as usize;
        pl.next_to.iter().any(|&d| {
            let t = g.board.step(c, d);
            t != NONE && self.cells[t as usize] != 0 && g.owner(self.cells[t as usize]) == me
        })
    }

    /// Whether the neighbours of `c` hold as many enemies and friends of the player to move as
    /// `t` asks (any number on the game's first turn where it says so).
    fn touches(&self, t: &crate::model::Touching, c: Cell) -> bool {
        if t.except_first_turn && self.ply == 0 {
            return true;
        }
        let (mut enemies, mut friends) = (0u8, 0u8);
        for n in self.game.board.neighbours(c) {
            let code = self.cells[n as usize];
            if code == 0 {
                continue;
            }
            if self.game.owner(code) == self.turn as usize {
                friends += 1;
            } else {
                enemies += 1;
            }
        }
        (t.enemies.0..=t.enemies.1).contains(&enemies)
            && (t.friends.0..=t.friends.1).contains(&friends)
    }

    /// Whether a piece of the player to move placed on `c` would stand in a line of `n` or
    /// more of their pieces along one of `axes`.
    fn would_make(&self, n: u8, axes: &[(u8, u8)], c: Cell) -> bool {
        let b = &self.game.board;
        let mine = |x: Cell| {
            let code = self.cells[x as usize];
            code != 0 && self.game.owner(code) == self.turn as usize
        };
        axes.iter().any(|&(d, back)| {
            let mut len = 1u8;
            for dir in [d, back] {
                let mut x = b.step(c, dir);
                while x != NONE && mine(x) {
                    len += 1;
                    x = b.step(x, dir);
                }
            }
            len >= n
        })
    }

    /// Whether the placement `m` is a drop that may not give checkmate and does (uchifuzume).
    pub fn drop_mates(&self, m: &Move) -> bool {
        if m.kind != MoveKind::Place {
            return false;
        }
        let g = self.game;
        let restricted = g.places[self.game.owner(m.promote)]
            .iter()
            .any(|pl| pl.code == m.promote && pl.not_mating);
        if !restricted {
            return false;
        }
        let mut child = self.clone();
        child.play_unchecked(m);
        if !child.in_check() {
            return false;
        }
        let mut replies = Vec::new();
        child.legal_moves(&mut replies);
        replies.is_empty()
    }

    /// Whether `pl` may place on `c`: an empty cell where it comes to rest, legal for its
    /// groups, and flipping something where it must.
    fn place_ok(&self, pl: &Place, c: Cell) -> bool {
        self.rests(pl.falling, c)
            && self.drop_allowed(pl, c)
            && (!pl.groups || self.group_placement_ok(c))
            && (!pl.only_flips || self.flips_any(c, &pl.flipping))
    }

    /// Whether a piece placed on `c` would flip something along `dirs`.
    fn flips_any(&self, c: Cell, dirs: &[u8]) -> bool {
        let b = &self.game.board;
        let me = self.turn as usize;
        dirs.iter().any(|&d| {
            let mut t = b.step(c, d);
            let mut enemies = 0;
            while t != NONE {
                let code = self.cells[t as usize];
                if code == 0 {
                    return false;
                }
                if self.game.owner(code) == me {
                    return enemies > 0;
                }
                enemies += 1;
                t = b.step(t, d);
            }
            false
        })
    }

    /// Lists in the move's landings the enemy pieces bracketed along `dirs` between `c` and a
    /// piece of the player to move.
    fn flips(&self, c: Cell, dirs: &[u8], m: &mut Move) {
        let b = &self.game.board;
        let me = self.turn as usize;
        for &d in dirs {
            let start = m.npath;
            let mut t = b.step(c, d);
            while t != NONE {
                let code = self.cells[t as usize];
                if code == 0 {
                    break;
                }
                if self.game.owner(code) == me {
                    if m.npath > start {
                        // Bracketed: keep this line.
                        break;
                    }
                    t = NONE;
                    break;
                }
                let n = m.npath as usize;
                if n == crate::engine::MAX_CAPTURES {
                    // More than the inline room: list them all again, out of line.
                    return self.many_flips(c, dirs, m);
                }
                m.path[n] = t;
                m.npath += 1;
                t = b.step(t, d);
            }
            if t == NONE || self.cells[t as usize] == 0 {
                m.npath = start;
            }
        }
    }

    /// [`Position::flips`] for a placement that flips more pieces than a move holds inline.
    #[cold]
    #[inline(never)]
    fn many_flips(&self, c: Cell, dirs: &[u8], m: &mut Move) {
        let b = &self.game.board;
        let me = self.turn as usize;
        m.truncate_lists(m.ncap, 0);
        for &d in dirs {
            let start = m.npath;
            let mut t = b.step(c, d);
            while t != NONE && self.cells[t as usize] != 0 {
                if self.game.owner(self.cells[t as usize]) == me {
                    break;
                }
                m.push_landing(t);
                t = b.step(t, d);
            }
            if t == NONE || self.cells[t as usize] == 0 {
                m.truncate_lists(m.ncap, start);
            }
        }
    }

    /// Whether `player` has `length` pieces (exactly, or at least) in a line along one of
    /// `axes`: through `through` only when it is a cell, else anywhere on the board.
    #[allow(clippy::too_many_arguments)]
    pub(in crate::engine) fn in_a_row(
        &self,
        player: usize,
        length: u8,
        exactly: bool,
        axes: &[u8],
        through: Cell,
        windows: Option<&LineWindows>,
    ) -> bool {
        let b = &self.game.board;
        if let Some(bits) = &self.game.bitboards {
            // Through the last placement, by its windows where the rule has them.
            if let (Some(w), true) = (windows, through != NONE) {
                return w.through(self.player_bits(player), through);
            }
            return self.in_a_row_bits(bits, player, length, exactly, axes);
        }
        let mine = |c: Cell| {
            c != NONE
                && self.cells[c as usize] != 0
                && self.game.owner(self.cells[c as usize]) == player
        };
        let run = |mut c: Cell, d: u8| {
            let mut n = 0usize;
            loop {
                c = b.step(c, d);
                if !mine(c) {
                    return n;
                }
                n += 1;
            }
        };
        let fits = |n: usize| {
            if exactly {
                n == length as usize
            } else {
                n >= length as usize
            }
        };
        if through != NONE {
            return mine(through)
                && axes
                    .iter()
                    .any(|&a| fits(1 + run(through, a) + run(through, b.opposite[a as usize])));
        }
        // Every line counted once, from its first cell.
        (0..self.cells.len() as Cell).filter(|&c| mine(c)).any(|c| {
            axes.iter().any(|&a| {
                let back = b.opposite[a as usize];
                !mine(b.step(c, back)) && fits(1 + run(c, a))
            })
        })
    }

    /// The cells of `player`'s pieces as bits (games with bitboards).
    pub(in crate::engine) fn player_bits(&self, player: usize) -> u64 {
        self.player_on::<u64>(player)
    }

    /// [`Position::in_a_row`] on bitboards, for the whole board: the cells starting a run of
    /// `length` along an axis are found with `length - 1` shifts.
    fn in_a_row_bits(
        &self,
        bits: &crate::engine::Bitboards,
        player: usize,
        length: u8,
        exactly: bool,
        axes: &[u8],
    ) -> bool {
        let b = &self.game.board;
        let mine = self.player_bits(player);
        axes.iter().any(|&a| {
            let back = b.opposite[a as usize];
            // `ahead`: the cells whose cell k steps on along `a` is mine.
            let mut ahead = bits.step(mine, back);
            let mut starts = mine;
            for _ in 1..length {
                starts &= ahead;
                ahead = bits.step(ahead, back);
            }
            if exactly {
                // No piece of mine just before the run, nor just after it.
                starts &= !bits.step(mine, a) & !ahead;
            }
            starts != 0
        })
    }

    /// Whether all of `player`'s pieces (at least one) form one group of neighbours.
    pub(in crate::engine) fn connected(&self, player: usize) -> bool {
        let total = self.count(player, None);
        let Some(first) = (0..self.cells.len())
            .find(|&c| self.cells[c] != 0 && self.game.owner(self.cells[c]) == player)
        else {
            return false;
        };
        let board = &self.game.board;
        let mut seen = CellSet::EMPTY;
        let mut stack = [NONE; crate::geometry::MAX_CELLS];
        seen.insert(first as Cell);
        stack[0] = first as Cell;
        let (mut n, mut found) = (1, 1);
        while n > 0 {
            n -= 1;
            for t in board.neighbours(stack[n]) {
                let code = self.cells[t as usize];
                if code != 0 && self.game.owner(code) == player && !seen.contains(t) {
                    seen.insert(t);
                    stack[n] = t;
                    n += 1;
                    found += 1;
                }
            }
        }
        found == total
    }

    /// Whether `player`'s pieces form a chain of neighbours joining `a` and `b`: the chain
    /// through `through` only when it is a cell, else any.
    pub(in crate::engine) fn connects(
        &self,
        player: usize,
        a: &CellSet,
        b: &CellSet,
        through: Cell,
    ) -> bool {
        let board = &self.game.board;
        let mine = |c: Cell| {
            self.cells[c as usize] != 0 && self.game.owner(self.cells[c as usize]) == player
        };
        let mut seen = CellSet::EMPTY;
        let mut stack = [NONE; crate::geometry::MAX_CELLS];
        // The chain from `s`, if not seen yet: whether it touches both regions.
        let mut chain = |s: Cell| {
            if seen.contains(s) {
                return false;
            }
            let (mut at_a, mut at_b) = (false, false);
            seen.insert(s);
            stack[0] = s;
            let mut n = 1;
            while n > 0 {
                n -= 1;
                let c = stack[n];
                at_a |= a.contains(c);
                at_b |= b.contains(c);
                for t in board.neighbours(c) {
                    if mine(t) && !seen.contains(t) {
                        seen.insert(t);
                        stack[n] = t;
                        n += 1;
                    }
                }
            }
            at_a && at_b
        };
        if through != NONE {
            return mine(through) && chain(through);
        }
        for s in a.iter() {
            if mine(s) && chain(s) {
                return true;
            }
        }
        false
    }
}

/// Pushes `m`, or with rotations one move per block and way.
fn push_turns(pl: &Place, m: Move, out: &mut Vec<Move>) {
    if pl.blocks.is_empty() {
        out.push(m);
        return;
    }
    for t in 0..2 * pl.blocks.len() {
        out.push(with_turn(pl, m.clone(), t));
    }
}

/// `m` with the `t`-th turn of `pl` (block `t / 2`, clockwise when `t` is even).
fn with_turn(pl: &Place, mut m: Move, t: usize) -> Move {
    if !pl.blocks.is_empty() {
        m.turn = 1 + t as u8;
    }
    m
}

#[cfg(test)]
mod tests {
    use super::super::testing::{game, moves};

    #[test]
    fn a_falling_placement_rests_on_the_lowest_empty_cell() {
        let g = game(
            "square 2 x 3",
            "disc \"D\"",
            &["place on empty, falling south"],
        );
        // Column a holds one disc: a new one rests on a2; column b is empty: b1.
        assert_eq!(moves(&g, "2/2/D1 w"), ["a2", "b1"]);
        // A full column takes none.
        assert_eq!(moves(&g, "D1/d1/D1 w"), ["b1"]);
    }

    #[test]
    fn a_flipping_placement_must_flip_where_the_rule_says_so() {
        let g = game(
            "square 4 x 1",
            "disc \"D\"",
            &["place on empty, flipping bracketed enemies along all, only where it flips"],
        );
        // D d d . : only d1 brackets the two black discs.
        assert_eq!(moves(&g, "Ddd1 w"), ["d1"]);
    }
}
