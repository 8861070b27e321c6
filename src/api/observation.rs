//! The observation tensor: a position as planes of numbers over the board's grid.
//!
//! The tensor has shape `(planes, height, width)`, where `height` and `width` span the cells'
//! coordinates (rank and file on square boards; axial coordinates on hexagonal ones, whose
//! grid then has corners off the board). With `K` piece kinds and `P` players the planes are,
//! in order:
//! 1. `PK` planes, one per piece (kind `k` of player `p` is plane `Pk + p`: with two players
//!    the first player's is `2k`, the second's `2k + 1`): 1 where that piece is on top of the
//!    cell (in races whose pieces share cells, the number of pieces of the cell's stack);
//! 2. in games with stacks, `PK` planes: 1 where that piece is kept under the top one;
//! 3. in games with hands, `PK` planes: the number of that piece in hand, on every cell;
//!    in sowing games, 3 planes: the seeds in each pit, then the first and the second
//!    player's store, on every cell;
//!    in games with dice, one plane per outcome of a throw: 1 everywhere for the outcome
//!    thrown this turn (all 0 while the throw is to come);
//!    in games of lines between dots (whose cells are the boxes), 8 planes: 1 on each box
//!    whose lower, right, upper, left side is drawn (four planes, in that order), then the
//!    same four for the lines chosen so far this turn (a turn of several lines);
//!    in games with `not next to the last piece placed`, one plane: 1 on the cell of the
//!    last piece placed (Tabu Y), all 0 when the last move placed nothing;
//! 4. one plane: the number of the player to move over `P - 1` everywhere (with two players,
//!    1 when the second player is to move, else 0);
//! 5. one plane: 1 on the cells of the board (the grid's corners off the board are 0);
//! 6. one plane: 1 on the cells named by the ids already chosen this turn (a move that takes
//!    several ids).

use super::actions::{Action, ActionSpace};
use crate::engine::{Game, Position};

/// Where each cell sits in the tensor and how many planes there are.
#[derive(Clone, Debug)]
pub struct Layout {
    pub planes: usize,
    pub height: usize,
    pub width: usize,
    /// Per cell: its index within one plane.
    at: Vec<usize>,
    layers: bool,
    hands: bool,
    pieces: usize,
    /// The game's players and [`Game::player_shift`], to find a piece code's plane.
    players: usize,
    shift: u8,
    seeds: bool,
    /// Games with dice: the number of outcomes of a throw (one plane each).
    outcomes: usize,
    /// Games of lines: per line, the boxes it is a side of with the side's plane (0 lower,
    /// 1 right, 2 upper, 3 left), `None` where the line has no box on that side.
    sides: Vec<[Option<(usize, usize)>; 2]>,
    /// Games with `not next to the last piece placed`: a plane for that cell.
    last_placed: bool,
    /// What every observation starts from: zero but for the plane of the board's cells.
    base: Vec<f32>,
}

impl Layout {
    pub fn new(game: &Game) -> Layout {
        let coords = &game.board.coords;
        let (minx, maxx) = coords
            .iter()
            .fold((i32::MAX, i32::MIN), |(lo, hi), &(x, _)| {
                (lo.min(x), hi.max(x))
            });
        let (miny, maxy) = coords
            .iter()
            .fold((i32::MAX, i32::MIN), |(lo, hi), &(_, y)| {
                (lo.min(y), hi.max(y))
            });
        let (width, height) = if coords.is_empty() {
            (0, 0)
        } else {
            ((maxx - minx + 1) as usize, (maxy - miny + 1) as usize)
        };
        let at = coords
            .iter()
            .map(|&(x, y)| (y - miny) as usize * width + (x - minx) as usize)
            .collect();
        let players = game.players.len();
        let pieces = players * game.kinds.len();
        let layers = game.has_layers;
        let hands = !game.initial_hand.is_empty() || game.to_hand;
        let seeds = game.sowing.is_some();
        let outcomes = game.chance.as_ref().map_or(0, |c| c.len());
        let sides: Vec<[Option<(usize, usize)>; 2]> =
            game.lines.as_ref().map_or(Vec::new(), |ls| {
                (0..ls.len())
                    .map(|l| {
                        let [(x0, y0), (x1, _)] = ls.ends[l];
                        let across = x1 != x0;
                        ls.boxes[l].map(|b| {
                            (b != crate::geometry::NONE).then(|| {
                                let (bx, by) = game.board.coords[b as usize];
                                let side = match (across, by as u32 == y0, bx as u32 == x0) {
                                    (true, true, _) => 0,
                                    (true, false, _) => 2,
                                    (false, _, true) => 3,
                                    (false, _, false) => 1,
                                };
                                (b as usize, side)
                            })
                        })
                    })
                    .collect()
            });
        let planes = pieces * (1 + usize::from(layers) + usize::from(hands))
            + if seeds { 3 } else { 0 }
            + if sides.is_empty() { 0 } else { 8 }
            + outcomes
            + usize::from(game.tracks_last_placed)
            + 3;
        let plane = width * height;
        let board = planes - 2;
        let mut base = vec![0.0; planes * plane];
        for &a in &at {
            base[board * plane + a] = 1.0;
        }
        Layout {
            planes,
            height,
            width,
            at,
            layers,
            hands,
            pieces,
            players,
            shift: game.player_shift,
            seeds,
            outcomes,
            sides,
            last_placed: game.tracks_last_placed,
            base,
        }
    }

    /// The plane (among a group of `PK`) of a non-empty piece code.
    fn plane_of(&self, code: u8) -> usize {
        let c = usize::from(code - 1);
        (c >> self.shift) * self.players + (c & ((1 << self.shift) - 1))
    }

    /// The number of values in one observation.
    pub fn size(&self) -> usize {
        self.planes * self.height * self.width
    }

    /// Writes the observation of `pos`, with `pending` the ids chosen so far this turn, into
    /// `out` (of [`Layout::size`] values).
    pub fn fill(&self, pos: &Position, space: &ActionSpace, pending: &[u32], out: &mut [f32]) {
        out.copy_from_slice(&self.base);
        let plane = self.height * self.width;
        let mut next = 0;
        for (c, &at) in self.at.iter().enumerate() {
            let code = pos.at(c as u16);
            if code != 0 {
                // A stack of like pieces (a race's) counts its pieces.
                out[self.plane_of(code) * plane + at] = f32::from(pos.height(c as u16));
            }
        }
        next += self.pieces;
        if self.layers {
            for (c, &at) in self.at.iter().enumerate() {
                let code = pos.under_at(c as u16);
                if code != 0 {
                    out[(next + self.plane_of(code)) * plane + at] = 1.0;
                }
            }
            next += self.pieces;
        }
        if self.hands {
            for code in 1..=self.pieces {
                let n = pos.in_hand(code as u8) as f32;
                if n > 0.0 {
                    for &at in &self.at {
                        out[(next + code - 1) * plane + at] = n;
                    }
                }
            }
            next += self.pieces;
        }
        if self.seeds {
            for (c, &at) in self.at.iter().enumerate() {
                out[next * plane + at] = f32::from(pos.seeds_in(c as u16));
            }
            for p in 0..2 {
                let n = f32::from(pos.store(p));
                for &at in &self.at {
                    out[(next + 1 + p) * plane + at] = n;
                }
            }
            next += 3;
        }
        if !self.sides.is_empty() {
            let drawn = pos.drawn_lines();
            let mark = |out: &mut [f32], l: usize, first: usize| {
                for &(b, side) in self.sides[l].iter().flatten() {
                    out[(first + side) * plane + self.at[b]] = 1.0;
                }
            };
            for l in 0..self.sides.len() {
                if drawn >> l & 1 != 0 {
                    mark(out, l, next);
                }
            }
            for &id in pending {
                if let Some(Action::Line(l)) = space.action(id) {
                    mark(out, usize::from(l), next + 4);
                }
            }
            next += 8;
        }
        let fill_plane = |out: &mut [f32], p: usize| {
            for &at in &self.at {
                out[p * plane + at] = 1.0;
            }
        };
        if self.outcomes > 0 {
            if let Some(t) = pos.throw() {
                fill_plane(out, next + t);
            }
            next += self.outcomes;
        }
        if self.last_placed {
            if let Some(c) = pos.last_placed() {
                out[next * plane + self.at[c as usize]] = 1.0;
            }
            next += 1;
        }
        if pos.turn() > 0 {
            let share = pos.turn() as f32 / (self.players - 1) as f32;
            for &at in &self.at {
                out[next * plane + at] = share;
            }
        }
        // The board's plane (`next + 1`) is in `base`.
        let named = next + 2;
        for &id in pending {
            let cells = match space.action(id) {
                Some(Action::Pair(f, t)) => [Some(f), Some(t)],
                Some(Action::Place(c, _)) | Some(Action::Cell(c)) => [Some(c), None],
                _ => [None, None],
            };
            for c in cells.into_iter().flatten() {
                out[named * plane + self.at[c as usize]] = 1.0;
            }
        }
    }
}
