//! Players out of a game of teams. After every move (not a pass), each player other than the
//! mover who is still in, in the order of `players`, is read by the game's `lose` lines (`lose
//! when I have no legal move and I am in check`, `lose when I have no king`); a player who loses
//! is out: their pieces leave the board at once, and [`Position::pass_turn`] passes them by
//! (a player without pieces is out). The game's end lines read the board after that.

use crate::engine::{Move, MoveKind, Position};
use crate::geometry::Cell;
use crate::model::EndCond;

thread_local! {
    /// The moves of a player read for `I have no legal move` (no allocation per move once it
    /// has grown).
    static MOVES: std::cell::Cell<Vec<Move>> = const { std::cell::Cell::new(Vec::new()) };
}

impl Position<'_> {
    /// The player who made the last move: the one before the player to move, passing by the
    /// players who are out.
    #[inline]
    pub(in crate::engine) fn last_mover(&self) -> usize {
        let g = self.game;
        let turn = self.turn as usize;
        let p = g.previous_player(turn);
        if g.has_teams {
            self.last_mover_in_team_game(p)
        } else {
            p
        }
    }

    /// [`Position::last_mover`] with teams, from the player before the player to move.
    #[inline(never)]
    fn last_mover_in_team_game(&self, mut p: usize) -> usize {
        let (g, turn) = (self.game, self.turn as usize);
        while p != turn && self.count(p, None) == 0 {
            p = g.previous_player(p);
        }
        p
    }

    /// Puts out every other player a `lose` line reads as lost (see the module's header).
    pub(in crate::engine) fn put_out_losers(&mut self) {
        let g = self.game;
        let mover = self.turn as usize;
        for p in 0..g.players.len() {
            if p == mover || self.count(p, None) == 0 {
                continue;
            }
            if g.outs.iter().any(|e| e.is_for(p) && self.loses(&e.cond, p)) {
                for c in 0..self.cells.len() as Cell {
                    let code = self.cells[c as usize];
                    if code != 0 && g.owner(code) == p {
                        self.set(c, 0);
                    }
                }
            }
        }
    }

    /// Whether player `p` (not the player to move) meets the condition of a `lose` line.
    fn loses(&mut self, cond: &EndCond, p: usize) -> bool {
        let g = self.game;
        match cond {
            EndCond::NoPieces(Some(k)) => {
                g.start_kinds[p] >> k & 1 != 0 && self.count(p, Some(*k)) == 0
            }
            EndCond::NoPieces(None) => self.count(p, None) == 0,
            EndCond::NoLegalMove { in_check, .. } => {
                if *in_check && !self.royal_attacked_on(&self.cells, p) {
                    return false;
                }
                // The player's moves as if it were their turn.
                let saved = self.turn;
                self.turn = p as u8;
                let mut moves = MOVES.take();
                self.legal_moves(&mut moves);
                // A pass when stuck is no move.
                let none = moves.iter().all(|m| m.kind == MoveKind::Pass);
                MOVES.set(moves);
                self.turn = saved;
                none
            }
            _ => false,
        }
    }
}
