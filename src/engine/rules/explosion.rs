//! `captures explode along DIRS[, sparing PIECES]` (atomic chess): a capture also removes the
//! capturing piece, where it lands, and every piece on the landing cell's neighbours along the
//! directions, of either side, except the spared kinds; pieces immune to `blast` stay
//! (Atomar's kings). The removals are captures of the move, added as it is generated, so
//! playing, hashing, castling rights and undoing need nothing of their own; the capturer's
//! removal is the move's `vanishes` mark.
//!
//! Royal safety changes with it (Fairy-Stockfish's rules for atomic chess): a move may not
//! remove one of the mover's own royal pieces; a move that removes an enemy royal piece is
//! legal whatever else it leaves attacked; and a royal piece next to an enemy royal piece is
//! never attacked (taking it would blow up the taker's own).

use crate::engine::{Move, Position};
use crate::geometry::{Cell, NONE};
use crate::model::{effect, Explosion};

impl Position<'_> {
    /// Adds the explosion of the capture `m` by a piece of `code`: the pieces around its
    /// landing cell as captures, and the capturer's own removal.
    pub(in crate::engine) fn add_blast(&self, ex: &Explosion, m: &mut Move, code: u8) {
        let g = self.game;
        let b = &g.board;
        for &d in &ex.dirs {
            let n = b.step(m.to, d);
            if n == NONE || n == m.from {
                continue;
            }
            let c = self.cells[n as usize];
            if c == 0
                || ex.spared >> g.kind_of(c) & 1 != 0
                || g.immune[c as usize] & effect::BLAST != 0
                || m.captures().contains(&n)
            {
                continue;
            }
            m.push_capture(n);
        }
        m.vanishes = g.immune[code as usize] & effect::BLAST == 0;
    }

    /// Whether the royal piece on `cell` (after a move, on `cells`) is exposed to `enemy`: it
    /// is attacked, and no enemy royal piece stands next to it along the blast directions.
    #[inline]
    pub(in crate::engine) fn royal_exposed(&self, cells: &[u8], cell: Cell, enemy: usize) -> bool {
        if let Some(ex) = &self.game.explosion {
            let g = self.game;
            let touching = ex.dirs.iter().any(|&d| {
                let n = g.board.step(cell, d);
                n != NONE && {
                    let c = cells[n as usize];
                    c != 0 && g.owner(c) == enemy && g.royal[c as usize]
                }
            });
            if touching {
                return false;
            }
        }
        self.attacked_on(cells, cell, enemy)
    }

    /// Keeps the moves that are legal where captures explode and there are royal pieces (see
    /// the module's header).
    pub(in crate::engine) fn retain_blast_safe(&self, out: &mut Vec<Move>) {
        let me = self.turn as usize;
        let n = self.cells.len();
        let mine = super::super::legality::royal_list(self, me);
        let theirs = super::super::legality::royal_list(self, me ^ 1);
        let mut scratch = [0u8; crate::geometry::MAX_CELLS];
        scratch[..n].copy_from_slice(&self.cells);
        out.retain(|m| {
            let undo = super::super::legality::Undo::apply(self.game, &mut scratch[..n], m);
            let cells = &scratch[..n];
            let after = |r: Cell| if r == m.from { m.to } else { r };
            let legal = mine.iter().all(|&r| cells[after(r) as usize] != 0)
                && (theirs.iter().any(|&t| cells[t as usize] == 0)
                    || mine
                        .iter()
                        .all(|&r| !self.royal_exposed(cells, after(r), me ^ 1)));
            undo.restore(&mut scratch[..n]);
            legal
        });
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{game_of, moves};

    const PIECES: &str = "  captures explode along all, sparing pawn\n  \
                          piece king \"K\" royal {\n    step all\n  }\n  \
                          piece rook \"R\" {\n    slide orthogonal\n  }\n  \
                          piece pawn \"P\" {\n    step forward to empty\n  }";

    fn board(position: &str) -> Vec<String> {
        let g = game_of(
            "square 6 x 6",
            PIECES,
            "    white king on a1\n    black king on f6\n    white rook on b1\n    white pawn on c1",
        );
        moves(&g, position)
    }

    #[test]
    fn a_capture_blows_up_the_capturer_and_its_neighbours_but_pawns() {
        let g = game_of(
            "square 6 x 6",
            PIECES,
            "    white king on a1\n    black king on f6\n    white rook on b1\n    white pawn on c1",
        );
        let pos = crate::engine::Position::from_text(&g, "5k/6/2rp2/2r3/6/K1R3 w - - 0 1")
            .expect("a position");
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        let m = legal
            .iter()
            .find(|m| pos.move_text(m) == "c1xc3")
            .expect("the capture")
            .clone();
        let mut after = pos.clone();
        after.play_unchecked(&m);
        // The rook on c3, its capturer and the rook on c4 go; the pawn on d4 stays.
        assert_eq!(after.to_text(), "5k/6/3p2/6/6/K5 b 0 1");
    }

    #[test]
    fn kings_never_capture_and_touching_kings_are_safe() {
        // The king cannot take the rook next to it (it would explode itself).
        assert!(board("5k/6/6/6/1r4/K5 w - - 0 1")
            .iter()
            .all(|m| m != "a1xb2"));
        // Next to the black king, the white king is safe from the rook on a6: it may step to
        // a2 on the rook's file or to b1 beside the king, but not take the king.
        assert_eq!(board("r5/6/6/6/1k4/K5 w - - 0 1"), ["a1-a2", "a1-b1"]);
    }
}
