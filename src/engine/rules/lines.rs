//! Lines drawn between dots (`board dots` with a `lines` block, Dots and Boxes): the board's
//! cells are its boxes; its lines, the sides of the boxes, are kept as the bits of
//! `Position::drawn`. A move is a whole turn: a line, and where a line completes a box and the
//! rules say that earns another line, the lines drawn after it, until one completes no box or
//! every line is drawn. Lines drawn in another order that reach the same position are one
//! move.
//!
//! Lines are numbered as OpenSpiel's `dots_and_boxes` numbers its actions: first the lines
//! across, row by row from the top, left to right; then the lines down, row by row from the
//! top, left to right. Dots are named as a square board's cells (`a1` the bottom-left dot), a
//! line by its two dots (`a1-b1`).
//!
//! Turns are found by a search over the lines drawn so far (a `u128`, nothing allocated): the
//! lines that complete a box only ever gain that power as lines are drawn, so the sets of lines
//! a turn may draw before its last are enumerated once each by trying the lines in order and
//! leaving out, in later branches, a line an earlier branch drew; and the last line of a turn
//! (one that completes no box) tells its whole set apart, so no set is listed twice.

use super::super::{Move, MoveKind, Position};
use crate::geometry::{Board, Cell, Shape, NONE};

/// The compiled rules and tables of a game of lines.
#[derive(Clone, Debug)]
pub struct Lines {
    pub rule: crate::model::Lines,
    /// Boxes across and down.
    pub width: u32,
    pub height: u32,
    /// Per line: the boxes (cells) it is a side of, `NONE` for none.
    pub boxes: Vec<[Cell; 2]>,
    /// Per box (cell): its four sides as bits.
    pub sides: Vec<u128>,
    /// Every line.
    pub all: u128,
    /// Per line: its two dots, as (column, row) from the bottom-left dot.
    pub ends: Vec<[(u32, u32); 2]>,
    /// Per line: its name, `a1-b1`.
    pub names: Vec<String>,
    /// Per line: its hash key.
    pub keys: Vec<u64>,
}

/// Where a turn's search stands: the lines drawn this turn so far, in order.
struct Walk {
    order: [Cell; 128],
}

impl Lines {
    /// The tables of `board` (a `board dots`), drawing as `rule` says; `key` draws each
    /// line's hash key.
    pub fn new(board: &Board, rule: &crate::model::Lines, mut key: impl FnMut() -> u64) -> Lines {
        let Shape::Dots { width, height } = board.shape else {
            unreachable!("the checker gives lines only to boards of dots")
        };
        let (w, h) = (width as i32, height as i32);
        let cell = |x: i32, y: i32| -> Cell {
            if x < 0 || y < 0 || x >= w || y >= h {
                NONE
            } else {
                board.at(x, y)
            }
        };
        let mut boxes = Vec::new();
        let mut ends = Vec::new();
        // OpenSpiel's rows count from the top: row r of dots is our row h - r.
        for r in 0..=h {
            for c in 0..w {
                let y = h - r;
                ends.push([(c as u32, y as u32), (c as u32 + 1, y as u32)]);
                boxes.push([cell(c, y), cell(c, y - 1)]);
            }
        }
        for r in 0..h {
            for c in 0..=w {
                let y = h - r;
                ends.push([(c as u32, y as u32 - 1), (c as u32, y as u32)]);
                boxes.push([cell(c - 1, y - 1), cell(c, y - 1)]);
            }
        }
        let mut sides = vec![0u128; board.len()];
        for (l, bs) in boxes.iter().enumerate() {
            for &b in bs.iter().filter(|&&b| b != NONE) {
                sides[b as usize] |= 1 << l;
            }
        }
        let n = boxes.len();
        let all = if n == 128 { !0 } else { (1u128 << n) - 1 };
        let dots = Board::square(width + 1, height + 1);
        let dot = |(x, y): (u32, u32)| dots.names[dots.at(x as i32, y as i32) as usize].clone();
        let names = ends
            .iter()
            .map(|&[a, b]| format!("{}-{}", dot(a), dot(b)))
            .collect();
        Lines {
            rule: rule.clone(),
            width,
            height,
            boxes,
            sides,
            all,
            ends,
            names,
            keys: (0..n).map(|_| key()).collect(),
        }
    }

    /// The line from dot `(x, y)` to the dot right of it (counted from the bottom-left dot).
    pub fn across(&self, x: u32, y: u32) -> usize {
        ((self.height - y) * self.width + x) as usize
    }

    /// The line from dot `(x, y)` to the dot below it.
    pub fn down(&self, x: u32, y: u32) -> usize {
        ((self.height + 1) * self.width + (self.height - y) * (self.width + 1) + x) as usize
    }

    /// The rules as the summary lists them, one a line.
    pub fn rule_lines(&self, kinds: &[crate::model::KindModel]) -> Vec<String> {
        let mut out = vec![format!(
            "draw a line between two neighbouring dots ({} lines)",
            self.len()
        )];
        if let Some(k) = self.rule.claim {
            out.push(format!("completing a box puts my {} in it", kinds[k].name));
        }
        if self.rule.again {
            out.push("completing a box earns another line".into());
        }
        out
    }

    /// The number of lines.
    pub fn len(&self) -> usize {
        self.boxes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.boxes.is_empty()
    }

    /// The line named `text` (its two dots in either order, `a1-b1`, `b1a1`; case and
    /// spaces do not matter), if any.
    pub fn line_named(&self, text: &str) -> Option<usize> {
        let t: String = text
            .to_ascii_lowercase()
            .chars()
            .filter(|c| *c != '-' && !c.is_whitespace())
            .collect();
        self.names.iter().position(|n| {
            let (a, b) = n.split_once('-').unwrap_or((n, ""));
            t == format!("{a}{b}") || t == format!("{b}{a}")
        })
    }

    /// Whether drawing line `l` now (with `drawn` drawn) completes a box.
    #[inline]
    pub fn completes(&self, drawn: u128, l: usize) -> bool {
        let bit = 1u128 << l;
        self.boxes[l]
            .iter()
            .any(|&b| b != NONE && self.sides[b as usize] & !drawn == bit)
    }

    /// Calls `emit` with the lines of every turn from `drawn` (in the order drawn), each set
    /// of lines once.
    fn turns(&self, drawn: u128, emit: &mut impl FnMut(&[Cell])) {
        if drawn & self.all == self.all {
            return;
        }
        let mut walk = Walk { order: [0; 128] };
        self.extend(&mut walk, 0, drawn, 0, emit);
    }

    /// The turns that go on from `drawn` after the `n` lines of `walk`, leaving out the lines
    /// of `skip` as lines that earn another (an earlier branch drew them).
    fn extend(
        &self,
        walk: &mut Walk,
        n: usize,
        drawn: u128,
        mut skip: u128,
        emit: &mut impl FnMut(&[Cell]),
    ) {
        let mut free = self.all & !drawn;
        while free != 0 {
            let l = free.trailing_zeros() as usize;
            free &= free - 1;
            let bit = 1u128 << l;
            walk.order[n] = l as Cell;
            let after = drawn | bit;
            if self.rule.again && self.completes(drawn, l) {
                if skip & bit != 0 {
                    continue;
                }
                if after == self.all {
                    // The board is full: the turn ends with the game.
                    emit(&walk.order[..=n]);
                } else {
                    self.extend(walk, n + 1, after, skip, emit);
                }
                skip |= bit;
            } else {
                emit(&walk.order[..=n]);
            }
        }
    }

    /// The moves of `pos`, appended to `out`.
    pub fn moves(&self, pos: &Position, out: &mut Vec<Move>) {
        self.turns(pos.drawn, &mut |lines| {
            let mut m = Move::new(NONE, NONE);
            m.kind = MoveKind::Lines;
            for &l in lines {
                m.push_landing(l);
            }
            out.push(m);
        });
    }

    /// The number of moves of `pos`, without building them.
    pub fn count_moves(&self, pos: &Position) -> u64 {
        let mut n = 0;
        self.turns(pos.drawn, &mut |_| n += 1);
        n
    }

    /// Whether box `b` has all four sides drawn in `drawn`.
    #[inline]
    pub fn complete(&self, drawn: u128, b: Cell) -> bool {
        self.sides[b as usize] & !drawn == 0
    }
}

impl Position<'_> {
    /// Plays a turn of lines: each line drawn, each box it completes marked as the mover's
    /// (`completing a box puts my PIECE in it`), and the turn passes.
    pub(in crate::engine) fn play_lines(&mut self, lines: &Lines, m: &Move) {
        let g = self.game;
        let mover = self.turn as usize;
        for &l in m.landings() {
            let bit = 1u128 << l;
            if self.drawn & bit == 0 {
                self.drawn |= bit;
                self.hash ^= lines.keys[l as usize];
            }
        }
        if let Some(k) = lines.rule.claim {
            let code = g.code(k, mover);
            for &l in m.landings() {
                for &b in &lines.boxes[l as usize] {
                    if b != NONE && self.cells[b as usize] == 0 && lines.complete(self.drawn, b) {
                        self.set(b, code);
                    }
                }
            }
        }
        self.ply = self.ply.saturating_add(1);
        self.quiet = self.quiet.saturating_add(1);
        self.pass_turn();
    }

    /// The lines drawn, as bits by line number (games of lines; 0 in others).
    pub fn drawn_lines(&self) -> u128 {
        self.drawn
    }

    /// Sets the lines drawn (reading a position string), keeping the hash up to date.
    pub(in crate::engine) fn set_drawn(&mut self, drawn: u128) {
        if let Some(lines) = &self.game.lines {
            let change = self.drawn ^ drawn;
            for (l, &k) in lines.keys.iter().enumerate() {
                if change >> l & 1 != 0 {
                    self.hash ^= k;
                }
            }
        }
        self.drawn = drawn;
    }
}
