//! `moves at most N times in a row without capturing [while I have a PIECE]`: one piece may
//! make only so many of its player's moves in a row that capture nothing (Frisian draughts:
//! a king, while its player still has a man, at most three). The position keeps, per
//! player, the cell of the piece that made the player's last moves and how many in a row;
//! once that piece has made its N, its moves that capture nothing are not legal.

use crate::engine::{Move, Position};
use crate::geometry::{Cell, NONE};

impl Position<'_> {
    /// After `player`'s move `m` by a piece of `code` (its code before the move): a move
    /// that captures nothing by a piece with a limit extends the run when that piece made
    /// the player's previous move too, else starts one; any other move ends it.
    pub(in crate::engine) fn note_streak(&mut self, m: &Move, code: u8, player: usize) {
        let g = self.game;
        let (cell, n) = self.streak[player];
        let limited = g.streaks.get(code as usize).is_some_and(Option::is_some);
        let next = if limited && m.ncap == 0 && m.from != NONE {
            let n = if cell == m.from && n > 0 {
                n.saturating_add(1)
            } else {
                1
            };
            (m.to, n)
        } else {
            (NONE, 0)
        };
        self.set_streak(player, next);
        // A run ends with its piece: the other players' runs whose piece this move took.
        for q in 0..g.players.len() {
            let (c, n) = self.streak[q];
            if q != player && n > 0 && !self.limited_piece_of(q, c) {
                self.set_streak(q, (NONE, 0));
            }
        }
    }

    /// Whether `c` holds a piece of `player` whose kind has a limit on its moves in a row.
    pub(in crate::engine) fn limited_piece_of(&self, player: usize, c: Cell) -> bool {
        let g = self.game;
        let code = self.cells[c as usize];
        code != 0
            && g.owner(code) == player
            && g.streaks.get(code as usize).is_some_and(Option::is_some)
    }

    /// Sets `player`'s run, keeping the hash.
    fn set_streak(&mut self, player: usize, run: (Cell, u8)) {
        let (c, n) = self.streak[player];
        if run != (c, n) {
            let g = self.game;
            self.hash ^= g.streak_key(player, c, n) ^ g.streak_key(player, run.0, run.1);
            self.streak[player] = run;
        }
    }

    /// The cell of the player to move's piece that has made its limit of moves in a row
    /// without capturing (and may now only capture), or `NONE`.
    pub(in crate::engine) fn streak_barred(&self) -> Cell {
        let g = self.game;
        let me = self.turn as usize;
        let (cell, n) = self.streak[me];
        if n == 0 {
            return NONE;
        }
        let code = self.cells[cell as usize];
        if code == 0 || g.owner(code) != me {
            return NONE;
        }
        match g.streaks.get(code as usize).copied().flatten() {
            Some(s)
                if n >= s.limit
                    && s.while_has
                        .is_none_or(|k| self.counts[g.code(k, me) as usize] > 0) =>
            {
                cell
            }
            _ => NONE,
        }
    }

    /// Drops from `out` the moves that capture nothing of the piece that has made its limit.
    pub(in crate::engine) fn retain_streak(&self, out: &mut Vec<Move>) {
        let barred = self.streak_barred();
        if barred != NONE {
            out.retain(|m| m.from != barred || m.ncap > 0);
        }
    }

    /// `player`'s run: the cell of the piece and its moves in a row (0: none).
    pub fn streak(&self, player: usize) -> (Cell, u8) {
        self.streak[player]
    }
}
