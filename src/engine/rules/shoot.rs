//! `slide DIRS to empty, then shoot PIECE along DIRS` (Amazons): the piece slides through
//! empty cells to an empty cell, then a new piece of the named kind (the mover's) is placed on
//! an empty cell that a slide along the shooting directions from the landing cell reaches; the
//! cell the piece left is empty by then. One move per (landing, target) pair.

use crate::engine::{Move, Position};
use crate::geometry::Cell;

impl Position<'_> {
    pub(super) fn slide_then_shoot(
        &self,
        c: Cell,
        code: u8,
        dirs: &[u8],
        piece: u8,
        shoot: &[u8],
        out: &mut Vec<Move>,
    ) {
        let piece = shot_code(self.game, piece, code);
        self.shots(c, dirs, shoot, |to, at| {
            out.push(shot_move(c, to, at, piece));
            true
        });
    }

    /// Visits every (landing, target) pair of the piece on `c`, in move-list order, while
    /// `visit` returns true; false if it stopped.
    #[inline]
    fn shots(
        &self,
        c: Cell,
        dirs: &[u8],
        shoot: &[u8],
        mut visit: impl FnMut(Cell, Cell) -> bool,
    ) -> bool {
        let b = &self.game.board;
        // Empty for the shot: every empty cell, and the cell the piece has left.
        let empty = |t: Cell| t == c || self.cells[t as usize] == 0;
        for &d in dirs {
            for &to in b.ray(c, d) {
                if self.cells[to as usize] != 0 {
                    break;
                }
                for &e in shoot {
                    for &at in b.ray(to, e) {
                        if !empty(at) {
                            break;
                        }
                        if !visit(to, at) {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }

    /// A uniformly random move for a player whose every move is a slide and a shot
    /// ([`crate::engine::Game::shoots_only`]), without listing the moves: the moves of each
    /// piece are counted, one index is drawn among them all (the pass last, with `with_pass`),
    /// and only that move is built — the same move the list would give at that index.
    pub(in crate::engine) fn random_shot_move(
        &self,
        rng: &mut crate::rng::Rng,
        with_pass: bool,
    ) -> Option<Option<Move>> {
        let g = self.game;
        let me = self.turn as usize;
        // (cell, rule index, count) per piece and rule, in generation order.
        let mut counts = [(0 as Cell, 0u8, 0u32); 64];
        let mut n = 0;
        let mut total = 0u32;
        let occupied = if g.rays128.is_some() {
            self.cells
                .iter()
                .enumerate()
                .fold(0u128, |m, (c, &v)| if v != 0 { m | 1 << c } else { m })
        } else {
            0
        };
        for c in 0..self.cells.len() as Cell {
            let code = self.cells[c as usize];
            if code == 0 || self.game.owner(code) != me {
                continue;
            }
            for (i, rule) in g.rules[code as usize].iter().enumerate() {
                let super::Rule::SlideShoot { dirs, shoot, .. } = rule else {
                    return None;
                };
                if n == counts.len() {
                    return None;
                }
                let k = match &g.rays128 {
                    Some(rays) => rays.count_shots(c, dirs, shoot, occupied),
                    None => {
                        let mut k = 0u32;
                        self.shots(c, dirs, shoot, |_, _| {
                            k += 1;
                            true
                        });
                        k
                    }
                };
                counts[n] = (c, i as u8, k);
                n += 1;
                total += k;
            }
        }
        let all = total + u32::from(with_pass);
        if all == 0 {
            return Some(None);
        }
        let mut k = rng.below(all as usize) as u32;
        if k == total {
            return Some(Some(Move::pass()));
        }
        for &(c, i, count) in &counts[..n] {
            if k >= count {
                k -= count;
                continue;
            }
            let code = self.cells[c as usize];
            let super::Rule::SlideShoot {
                dirs, piece, shoot, ..
            } = &g.rules[code as usize][i as usize]
            else {
                return None;
            };
            let piece = shot_code(g, *piece, code);
            let mut chosen = None;
            self.shots(c, dirs, shoot, |to, at| {
                if k == 0 {
                    chosen = Some(shot_move(c, to, at, piece));
                    return false;
                }
                k -= 1;
                true
            });
            return chosen.map(Some);
        }
        None
    }
}

/// Rays as 128-bit masks on square boards of at most 128 cells (Amazons' 10 x 10): the run of
/// empty cells from a cell in a direction is one mask and one bit scan, so that random
/// playouts count a position's slides and shots without visiting their cells.
#[derive(Clone, Debug)]
pub struct Rays128 {
    /// Per `cell * dirs + dir`: the ray's cells as bits, and its length.
    mask: Vec<u128>,
    len: Vec<u8>,
    /// Per direction: how far a step moves a cell index.
    stride: Vec<i32>,
    ndirs: usize,
}

impl Rays128 {
    pub fn build(board: &crate::geometry::Board) -> Option<Rays128> {
        let crate::geometry::Shape::Square { width, .. } = board.shape else {
            return None;
        };
        if board.len() > 128 || !board.is_full_grid() {
            return None;
        }
        let nd = board.dirs.len();
        let (mut mask, mut len) = (Vec::new(), Vec::new());
        for c in 0..board.len() as Cell {
            for d in 0..nd as u8 {
                let ray = board.ray(c, d);
                mask.push(ray.iter().fold(0u128, |m, &t| m | 1 << t));
                len.push(ray.len() as u8);
            }
        }
        let stride = board
            .dirs
            .iter()
            .map(|d| d.dy * width as i32 + d.dx)
            .collect();
        Some(Rays128 {
            mask,
            len,
            stride,
            ndirs: nd,
        })
    }

    /// The empty cells from `c` in direction `d` before the first of `occupied`.
    #[inline]
    fn run(&self, c: Cell, d: u8, occupied: u128) -> u32 {
        let i = c as usize * self.ndirs + d as usize;
        let blockers = occupied & self.mask[i];
        if blockers == 0 {
            return u32::from(self.len[i]);
        }
        let s = self.stride[d as usize];
        let b = if s > 0 {
            blockers.trailing_zeros() as i32
        } else {
            127 - blockers.leading_zeros() as i32
        };
        ((b - i32::from(c)) / s) as u32 - 1
    }

    /// The slides and shots of the piece on `c`: every landing cell's shots, counted with the
    /// piece's own cell empty.
    fn count_shots(&self, c: Cell, dirs: &[u8], shoot: &[u8], occupied: u128) -> u32 {
        let without = occupied & !(1u128 << c);
        let mut total = 0;
        for &d in dirs {
            let mut to = i32::from(c);
            for _ in 0..self.run(c, d, occupied) {
                to += self.stride[d as usize];
                for &e in shoot {
                    total += self.run(to as Cell, e, without);
                }
            }
        }
        total
    }
}

/// The code of the shot piece for the mover `code`.
fn shot_code(g: &crate::engine::Game, piece: u8, code: u8) -> u8 {
    g.code(g.kind_of(piece), g.owner(code))
}

fn shot_move(c: Cell, to: Cell, at: Cell, piece: u8) -> Move {
    let mut m = Move::new(c, to);
    m.shot = at;
    m.shot_code = piece;
    m
}

#[cfg(test)]
mod tests {
    use super::super::testing::{game_of, moves};

    /// Amazons' pieces on `board`: an amazon sliding along `slide`, then shooting an arrow
    /// along all directions; `setup` as in a description.
    fn amazons(board: &str, slide: &str, setup: &str) -> crate::engine::Game {
        let pieces = format!(
            "  piece amazon \"Q\" {{\n    slide {slide} to empty, then shoot arrow along all\n  }}\n  \
             piece arrow \"X\" {{\n  }}"
        );
        game_of(board, &pieces, setup)
    }

    #[test]
    fn counted_shots_match_the_listed_moves() {
        use crate::rng::Rng;
        let g = amazons(
            "square 10 x 10",
            "all",
            "    white amazon on a4 d1 g1 j4\n    black amazon on a7 d10 g10 j7",
        );
        assert!(g.rays128.is_some());
        let mut pos = g.start();
        let mut rng = Rng::new(3);
        let mut moves = Vec::new();
        for _ in 0..40 {
            pos.pseudo_legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            // The drawn move is the one the list holds at the drawn index.
            let (mut a, mut b) = (Rng::new(7), Rng::new(7));
            let drawn = pos
                .random_shot_move(&mut a, false)
                .flatten()
                .expect("a move");
            let listed = moves[b.below(moves.len())].clone();
            assert!(drawn.same_as(&listed), "{}", pos.to_text());
            let m = moves[rng.below(moves.len())].clone();
            pos.play_unchecked(&m);
        }
    }

    #[test]
    fn a_slide_then_a_shot_from_the_landing_cell() {
        let g = amazons("square 3 x 1", "east", "    white amazon on a1");
        // a1 to b1, then an arrow on a1 (the cell it left) or c1; a1 to c1, then b1 or a1.
        assert_eq!(
            moves(&g, "Q2 w"),
            ["a1-b1/a1", "a1-b1/c1", "a1-c1/a1", "a1-c1/b1"]
        );
    }
}
