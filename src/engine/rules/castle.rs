//! `castle DIR [to file F] with PIECE`: the unmoved castling piece moves toward an unmoved
//! partner, the first piece met along `DIR`, and the partner lands on the cell beside it on
//! the side it came from. Without `to file` the piece moves two cells (the chess pattern);
//! with it, to that file of its rank. The partner must stand beyond the landing cell, and a
//! royal piece is never moved out of, through or into an attacked cell (a piece that is not
//! royal may be, as Fairy-Stockfish lets Koedem's kings). With `, wherever they
//! stand` (Chess960 castling, [`Position::castle_free`]) the two may stand anywhere on the
//! rank and land on the file and beside it whatever their starts.

use crate::engine::{Move, Position, NO_FILE};
use crate::geometry::{Board, Cell, CellSet, NONE};

/// How many cells a castling piece on `king` moves along `dir`: two without `to file`, else
/// as many as bring it to column `to_file`; `None` when that file is not ahead of it.
pub(in crate::engine) fn castle_steps(b: &Board, king: Cell, dir: u8, to_file: u8) -> Option<u32> {
    if to_file == NO_FILE {
        return Some(2);
    }
    let dx = b.dirs[dir as usize].dx;
    let gap = i32::from(to_file) - b.coords[king as usize].0;
    (dx != 0 && gap % dx == 0 && gap / dx >= 1).then(|| (gap / dx) as u32)
}

impl Position<'_> {
    /// `pieces dropped on REGION may castle with partners on REGION`: a castling piece
    /// dropped on `to`, one of its `cells`, gains each right it has with a partner standing
    /// on a partner cell beyond it along the castling direction; a partner dropped on one of
    /// `partner_cells` gains the right with the castling piece standing on one of `cells`
    /// behind it. Both then count as unmoved, as Fairy-Stockfish's `castlingDroppedPiece`.
    pub(in crate::engine) fn castle_on_drop(
        &mut self,
        cells: &(CellSet, CellSet),
        to: Cell,
        code: u8,
    ) {
        let g = self.game;
        let b = &g.board;
        for r in &g.castles {
            let (dir, wanted, there) = if r.king == code && cells.0.contains(to) {
                (r.dir, r.partner, &cells.1)
            } else if r.partner == code && cells.1.contains(to) {
                (b.opposite[r.dir as usize], r.king, &cells.0)
            } else {
                continue;
            };
            let mut t = to;
            loop {
                t = b.step(t, dir);
                if t == NONE {
                    break;
                }
                if there.contains(t) && self.cells[t as usize] == wanted {
                    self.set_unmoved(to);
                    self.set_unmoved(t);
                }
            }
        }
    }

    pub(in crate::engine) fn castle(
        &self,
        king: Cell,
        dir: u8,
        partner: u8,
        to_file: u8,
        out: &mut Vec<Move>,
    ) {
        let b = &self.game.board;
        if !self.unmoved.contains(king) {
            return;
        }
        let Some(steps) = castle_steps(b, king, dir, to_file) else {
            return;
        };
        // The partner is the first piece met; every cell before it is empty.
        let mut t = king;
        let mut dist = 0;
        let rook = loop {
            t = b.step(t, dir);
            if t == NONE {
                return;
            }
            dist += 1;
            if self.cells[t as usize] != 0 {
                break t;
            }
        };
        if dist <= steps || self.cells[rook as usize] != partner || !self.unmoved.contains(rook) {
            return;
        }
        let enemy = self.turn as usize ^ 1;
        // The start, every cell crossed and the landing cell must be safe, for a royal piece
        // (one that is not may castle out of, through and into attack). Where captures
        // explode, a cell next to an enemy royal piece is safe, and the king's own cell does
        // not shield the cells behind it.
        let mut scratch = [0u8; crate::geometry::MAX_CELLS];
        let cells = if self.game.explosion.is_some() {
            let n = self.cells.len();
            scratch[..n].copy_from_slice(&self.cells);
            scratch[king as usize] = 0;
            &scratch[..n]
        } else {
            &self.cells[..]
        };
        // A piece that is not royal may castle out of, through and into attack (Koedem).
        let safe_only = self.game.royal[self.cells[king as usize] as usize];
        let mut land = king;
        for i in 0..=steps {
            if safe_only && self.royal_exposed(cells, land, enemy) {
                return;
            }
            if i < steps {
                land = b.step(land, dir);
            }
        }
        let mut m = Move::new(king, land);
        m.extra_from = rook;
        m.extra_to = b.step(land, b.opposite[dir as usize]);
        out.push(m);
    }

    /// `castle DIR to file F with PIECE, wherever they stand`: Chess960 castling. The unmoved
    /// piece on `king` and the first unmoved `partner` met along `dir` (on the same rank,
    /// at any distance) end on file `to_file` and on the cell beside it toward the king's
    /// side, whatever their start cells: the piece may move either way or stay, and the
    /// partner may be nearer than the landing file. Every cell from the leftmost to the
    /// rightmost of the four (two starts, two landings) is empty but for the two pieces, and
    /// the piece is never on an attacked cell from its start to its landing, judged with
    /// both pieces lifted (the partner must not be the one shielding it).
    pub(in crate::engine) fn castle_free(
        &self,
        king: Cell,
        dir: u8,
        partner: u8,
        to_file: u8,
        out: &mut Vec<Move>,
    ) {
        let b = &self.game.board;
        if !self.unmoved.contains(king) {
            return;
        }
        let (kx, y) = b.coords[king as usize];
        let land = b.at(i32::from(to_file), y);
        if land == NONE {
            return;
        }
        let beside = b.step(land, b.opposite[dir as usize]);
        if beside == NONE {
            return;
        }
        let mut t = king;
        let rook = loop {
            t = b.step(t, dir);
            if t == NONE {
                return;
            }
            if self.cells[t as usize] == partner && self.unmoved.contains(t) {
                break t;
            }
        };
        let xs = [
            kx,
            b.coords[rook as usize].0,
            i32::from(to_file),
            b.coords[beside as usize].0,
        ];
        let (lo, hi) = (
            *xs.iter().min().unwrap_or(&kx),
            *xs.iter().max().unwrap_or(&kx),
        );
        for x in lo..=hi {
            let c = b.at(x, y);
            if c == NONE || (c != king && c != rook && self.cells[c as usize] != 0) {
                return;
            }
        }
        let g = self.game;
        // A piece that is not royal may castle out of, through and into attack.
        if g.royal[self.cells[king as usize] as usize] {
            let n = self.cells.len();
            let mut scratch = [0u8; crate::geometry::MAX_CELLS];
            scratch[..n].copy_from_slice(&self.cells);
            let enemy = self.turn as usize ^ 1;
            let lx = i32::from(to_file);
            let (a, z) = (kx.min(lx), kx.max(lx));
            if g.explosion.is_some() {
                // Where captures explode, the cells from the start to the landing, not the
                // landing itself unless the piece stays, are judged without the piece (the
                // move's legality judges the landing once both have moved).
                scratch[king as usize] = 0;
                let way = (a..=z).filter(|&x| x != lx || x == kx);
                if way
                    .map(|x| b.at(x, y))
                    .any(|c| self.royal_exposed(&scratch[..n], c, enemy))
                {
                    return;
                }
            } else {
                // Every cell from the start to the landing, as the board stands; the landing
                // also without the partner, which must not be what shields it.
                if (a..=z).any(|x| self.royal_exposed(&self.cells, b.at(x, y), enemy)) {
                    return;
                }
                scratch[rook as usize] = 0;
                if self.royal_exposed(&scratch[..n], land, enemy) {
                    return;
                }
            }
        }
        let mut m = Move::new(king, land);
        m.extra_from = rook;
        m.extra_to = beside;
        out.push(m);
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{game_of, moves};

    const PIECES: &str = "  piece king \"K\" royal {\n    castle east with rook as \"K\"\n  }\n  \
                          piece rook \"R\" {\n    slide orthogonal to enemy\n  }";

    #[test]
    fn castling_needs_unmoved_pieces_an_empty_path_and_no_attacked_cell() {
        let g = game_of(
            "square 6 x 2",
            PIECES,
            "    white king on a1\n    white rook on f1",
        );
        // King a1 to c1, the rook from f1 to b1; the right is in the position (`K`).
        assert_eq!(moves(&g, "6/K4R w K - 0 1"), ["a1-c1"]);
        // Without the right, or with a piece between, no castling.
        assert!(moves(&g, "6/K4R w - - 0 1").is_empty());
        assert!(moves(&g, "6/K1r2R w K - 0 1").iter().all(|m| m != "a1-c1"));
        // A black rook attacking b1 (the cell crossed) forbids it.
        assert!(moves(&g, "1r4/K4R w K - 0 1").iter().all(|m| m != "a1-c1"));
    }

    #[test]
    fn castling_to_a_file_lands_there_with_the_partner_beside_it() {
        let pieces = "  piece king \"K\" royal {\n    castle east to file g with rook as \"K\"\n  \
                      }\n  piece rook \"R\" {\n    slide orthogonal to enemy\n  }";
        let g = game_of(
            "square 8 x 2",
            pieces,
            "    white king on b1\n    white rook on h1",
        );
        // Five cells to the g-file, the rook from h1 to f1, shown by the position after it.
        assert_eq!(moves(&g, "8/1K5R w K - 0 1"), ["b1-g1"]);
        let pos = crate::engine::Position::from_text(&g, "8/1K5R w K - 0 1").expect("a position");
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        let mut after = pos.clone();
        after.play_unchecked(&legal[0]);
        assert_eq!(after.to_text(), "8/5RK1 b - 1 1");
        // A piece between, or an attacked cell anywhere on the king's way, forbids it.
        assert!(moves(&g, "8/1K1r3R w K - 0 1").iter().all(|m| m != "b1-g1"));
        assert!(moves(&g, "5r2/1K5R w K - 0 1").iter().all(|m| m != "b1-g1"));
        // A partner on the landing file or nearer could never castle: the position is refused.
        assert!(crate::engine::Position::from_text(&g, "8/1K4R1 w K - 0 1").is_err());
    }

    #[test]
    fn chess960_castling_lands_on_the_file_from_anywhere() {
        let pieces = "  piece king \"K\" royal {\n    step all\n    castle east to file g with rook as \"K\", \
                      wherever they stand\n    castle west to file c with rook as \"Q\", \
                      wherever they stand\n  }\n  piece rook \"R\" {\n    slide orthogonal \
                      to enemy\n  }";
        let g = game_of(
            "square 8 x 2",
            pieces,
            "    white king on f1\n    white rook on g1",
        );
        let after = |text: &str, mv: &str| {
            let pos = crate::engine::Position::from_text(&g, text).expect("a position");
            let m = pos.parse_move(mv).expect("a legal move");
            let mut next = pos.clone();
            next.play_unchecked(&m);
            next.to_text()
        };
        // King and rook swap (f1 and g1): written as the king taking its rook.
        assert!(moves(&g, "8/5KR1 w K - 0 1").contains(&"f1-g1".to_string()));
        assert_eq!(after("8/5KR1 w K - 0 1", "f1-g1"), "8/5RK1 b - 1 1");
        // The king stays on g1, the rook comes from h1; a king's step f1-g1 stays a step.
        assert_eq!(after("8/6KR w K - 0 1", "g1-h1"), "8/5RK1 b - 1 1");
        let with_step = moves(&g, "8/5K1R w K - 0 1");
        assert!(with_step.contains(&"f1-g1".to_string()));
        assert!(with_step.contains(&"f1-h1".to_string()));
        // West: the king from b1 moves east to c1, the rook from a1 over it to d1.
        assert_eq!(after("8/RK6 w Q - 0 1", "b1-a1"), "8/2KR4 b - 1 1");
        // A piece on a landing cell beyond both (d1) forbids it.
        assert!(moves(&g, "8/RK1r4 w Q - 0 1").iter().all(|m| m != "b1-a1"));
        // Rights by file: `B` is the inner rook on b1 (so written), `Q` the outermost (a1).
        let pos = crate::engine::Position::from_text(&g, "8/RR3K2 w B - 0 1").expect("a position");
        assert_eq!(pos.to_text(), "8/RR3K2 w B 0 1");
        let pos = crate::engine::Position::from_text(&g, "8/RR3K2 w Q - 0 1").expect("a position");
        assert_eq!(pos.to_text(), "8/RR3K2 w Q 0 1");
        // The rook on b1 shields the landing c1 from the black rook on a1: refused.
        assert!(moves(&g, "8/rR3K2 w B - 0 1").iter().all(|m| m != "f1-b1"));
    }
}
