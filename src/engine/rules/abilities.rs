//! Abilities: actions of a piece that stays where it is. `push DIRS` moves an adjacent piece one
//! cell directly away (or, if the top piece cannot be pushed, the piece it keeps); `sleep DIRS`
//! puts one adjacent piece to sleep; `heal DIRS` wakes every slept adjacent piece; `swap`
//! trades places with any other piece on the board.

use crate::engine::{Move, MoveKind, Position};
use crate::geometry::{Cell, NONE};
use crate::model::effect;

impl Position<'_> {
    /// `push DIRS` for the piece on `c`.
    pub(in crate::engine) fn push_moves(&self, c: Cell, dirs: &[u8], out: &mut Vec<Move>) {
        let b = &self.game.board;
        for &d in dirs {
            let t = b.step(c, d);
            if t == NONE || self.cells[t as usize] == 0 {
                continue;
            }
            let dest = b.step(t, d);
            if dest == NONE || self.cells[dest as usize] != 0 {
                continue;
            }
            // The top piece if it can be pushed, else the piece it keeps.
            let (kind, pushed) = if !self.immune(t, false, effect::PUSH) {
                (MoveKind::Push, self.cells[t as usize])
            } else if self.under_at(t) != 0 && !self.immune(t, true, effect::PUSH) {
                (MoveKind::PushKept, self.under_at(t))
            } else {
                continue;
            };
            if self.barred(pushed, dest) {
                continue;
            }
            for p in self.arrivals(pushed, dest) {
                let mut m = Move::new(c, c);
                m.kind = kind;
                m.extra_from = t;
                m.extra_to = dest;
                m.extra_promote = p;
                out.push(m);
            }
        }
    }

    /// `sleep DIRS` for the piece on `c`.
    pub(in crate::engine) fn sleep_moves(&self, c: Cell, dirs: &[u8], out: &mut Vec<Move>) {
        let b = &self.game.board;
        for &d in dirs {
            let t = b.step(c, d);
            if t == NONE || self.cells[t as usize] == 0 {
                continue;
            }
            let kind = if !self.is_slept(t, false) && !self.immune(t, false, effect::SLEEP) {
                MoveKind::Sleep
            } else if self.under_at(t) != 0
                && !self.is_slept(t, true)
                && !self.immune(t, true, effect::SLEEP)
            {
                MoveKind::SleepKept
            } else {
                continue;
            };
            let mut m = Move::new(c, c);
            m.kind = kind;
            m.extra_from = t;
            out.push(m);
        }
    }

    /// `heal DIRS` for the piece on `c`: one move waking every slept neighbour.
    pub(in crate::engine) fn heal_moves(&self, c: Cell, dirs: &[u8], out: &mut Vec<Move>) {
        let b = &self.game.board;
        let mut m = Move::new(c, c);
        m.kind = MoveKind::Heal;
        for &d in dirs {
            let t = b.step(c, d);
            if t != NONE && (self.is_slept(t, false) || self.is_slept(t, true)) {
                m.push_landing(t);
            }
        }
        if m.npath > 0 {
            out.push(m);
        }
    }

    /// `swap` for the piece `code` on `c`.
    pub(in crate::engine) fn swap_moves(&self, c: Cell, code: u8, out: &mut Vec<Move>) {
        for t in 0..self.cells.len() as Cell {
            let theirs = self.cells[t as usize];
            if t == c || theirs == 0 || self.immune(t, false, effect::STEAL) {
                continue;
            }
            if self.under_at(t) != 0 && self.immune(t, true, effect::STEAL) {
                continue;
            }
            if self.barred(theirs, c) || self.barred(code, t) {
                continue;
            }
            for p in self.arrivals(theirs, c) {
                let mut m = Move::new(c, t);
                m.kind = MoveKind::Swap;
                m.extra_promote = p;
                out.push(m);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{at, game, moves};

    #[test]
    fn abilities_act_on_neighbours_and_the_actor_stays() {
        let g = game(
            "square 3 x 3",
            "doer \"D\"",
            &["sleep all", "push all", "swap with any piece"],
        );
        // c3 is no neighbour of b1: only the swap reaches it.
        assert_eq!(moves(&g, "2d/3/1D1 w -"), ["b1-c3"]);
        let m = moves(&g, "3/1Dd/3 w -");
        // c2 can be put to sleep or swapped with; a push would leave the board.
        assert_eq!(m, ["b2*c2", "b2-c2"]);
        let m = moves(&g, "3/Dd1/3 w -");
        assert!(m.contains(&"a2^b2".to_string()), "{m:?}");
        // After the push the pusher is still on a2 and the pushed piece on c2.
        let mut pos = at(&g, "3/Dd1/3 w -");
        let push = pos.parse_move("a2^b2").unwrap();
        pos.play_unchecked(&push);
        assert_eq!(pos.to_text().split(' ').next(), Some("3/D1d/3"));
    }
}
