//! `after every move, the mover moves PIECE to another empty cell` (Duck chess): a neutral
//! piece that every move relocates. Each move generated for the player to move is copied
//! once for every cell empty after it, other than the cell the neutral piece stands on (while
//! it is off the board, every cell empty after the move), with that cell as the move's shot
//! ([`Move::shot`]); playing the move takes the piece off its old cell and puts it there.
//!
//! The piece belongs to nobody. On the board it carries the code of the player to move (a
//! move's shot is the next player's code, and a position string's `*` is read as the mover's),
//! so that the engine's one rule for pieces, "a player's own piece is neither taken nor
//! passed through", is the duck's rule for every player, and the piece has no moves since
//! its kind has no rules.

use crate::engine::{Move, MoveKind, Position};
use crate::geometry::{Cell, NONE};

impl Position<'_> {
    /// After the moves `out[start..]` of the player to move: in their place, each one once
    /// for every cell the neutral piece `kind` may be moved to after it.
    pub(in crate::engine) fn add_relocations(
        &self,
        kind: usize,
        out: &mut Vec<Move>,
        start: usize,
    ) {
        let g = self.game;
        let code = g.code(kind, g.next_player(self.turn as usize));
        let end = out.len();
        for i in start..end {
            if matches!(out[i].kind, MoveKind::Pass) {
                continue;
            }
            for c in 0..self.cells.len() as Cell {
                if !self.empty_after(&out[i], c) {
                    continue;
                }
                let mut moved = out[i].clone();
                moved.shot = c;
                moved.shot_code = code;
                // A double step's passed cell under the duck cannot be taken en passant.
                if moved.ep_mark == c {
                    moved.ep_mark = NONE;
                }
                out.push(moved);
            }
        }
        // The moves without a relocation go (a pass stays, first).
        let mut kept = start;
        for i in start..end {
            if out[i].kind == MoveKind::Pass {
                out.swap(kept, i);
                kept += 1;
            }
        }
        out.drain(kept..end);
    }

    /// Whether cell `c` is empty once `m` is played: empty now or left by the move (its
    /// piece's, a partner's or a captured piece's cell), and not landed on.
    #[inline]
    fn empty_after(&self, m: &Move, c: Cell) -> bool {
        if c == m.to || c == m.extra_to {
            return false;
        }
        self.cells[c as usize] == 0 || c == m.from || c == m.extra_from || m.captures().contains(&c)
    }

    /// The cell of the neutral piece `kind`, or `NONE` while it is off the board.
    pub(in crate::engine) fn neutral_cell(&self, kind: usize) -> Cell {
        let g = self.game;
        self.cells
            .iter()
            .position(|&v| v != 0 && g.kind_of(v) == kind)
            .map_or(NONE, |c| c as Cell)
    }

    /// Gives the neutral piece the code of the player to move (after a null move, or a
    /// position string read), keeping its cell.
    pub fn neutral_to_turn(&mut self) {
        let g = self.game;
        let Some(kind) = g.relocated else {
            return;
        };
        let c = self.neutral_cell(kind);
        if c != NONE {
            self.set(c, g.code(kind, self.turn as usize));
        }
    }
}
