//! `promote to PIECES in place[ or by a step DIRS][, from REGION[ or anywhere when it is my last
//! PIECE]][, only while I have no PIECES][, not attacking an enemy][, not giving check]`
//! (Sittuyin): a promotion that is a move of its own. The piece turns into one of the kinds
//! where it stands, or on an empty cell one step away, as a plain move whose `promote` is the
//! new kind (`from == to` in place). Its conditions are read on the board as it would be after
//! the move, on a copy of the cells kept on the stack.

use super::{Attack, Move, Position};
use crate::geometry::{Cell, CellSet, MAX_CELLS, NONE};

/// The compiled line, for one player's piece.
#[derive(Clone, Debug)]
pub struct PromoteMove {
    /// The codes the piece may become.
    pub to: Vec<u8>,
    /// `or by a step DIRS`.
    pub dirs: Vec<u8>,
    /// `, from REGION`: only from these cells (`None`: anywhere)...
    pub from: Option<CellSet>,
    /// ...or anywhere while it is its player's last piece of its kind.
    pub when_last: bool,
    /// Per choice: closed while the player has one of it on the board.
    pub closed: Vec<bool>,
    pub no_attack: bool,
    pub no_check: bool,
}

impl Position<'_> {
    /// The promotions of the piece `code` on `c` by `rule`.
    pub(super) fn promote_moves(&self, rule: &PromoteMove, c: Cell, code: u8, out: &mut Vec<Move>) {
        let starts = rule.from.is_none_or(|region| region.contains(c))
            || (rule.when_last && self.counts[code as usize] == 1);
        if !starts {
            return;
        }
        for (i, &t) in rule.to.iter().enumerate() {
            if rule.closed[i] && self.counts[t as usize] > 0 {
                continue;
            }
            self.promote_onto(rule, c, c, code, t, out);
            for &d in &rule.dirs {
                let n = self.game.board.step(c, d);
                if n != NONE && self.cells[n as usize] == 0 {
                    self.promote_onto(rule, c, n, code, t, out);
                }
            }
        }
    }

    /// The promotion of the piece `code` on `from` into `t` on `to`, if its conditions hold.
    fn promote_onto(
        &self,
        rule: &PromoteMove,
        from: Cell,
        to: Cell,
        code: u8,
        t: u8,
        out: &mut Vec<Move>,
    ) {
        if rule.no_attack || rule.no_check {
            let n = self.cells.len();
            let mut after = [0u8; MAX_CELLS];
            after[..n].copy_from_slice(&self.cells);
            after[from as usize] = 0;
            after[to as usize] = t;
            if rule.no_check && self.checks_after(&after[..n]) {
                return;
            }
            if rule.no_attack && self.attacks_enemy(&mut after[..n], to, code, t) {
                return;
            }
        }
        let mut m = Move::new(from, to);
        m.promote = t;
        out.push(m);
    }

    /// Whether some enemy royal piece is attacked on `cells`.
    fn checks_after(&self, cells: &[u8]) -> bool {
        let me = self.turn as usize;
        (0..self.game.players.len())
            .filter(|&p| p != me)
            .any(|p| self.royal_attacked_on(cells, p))
    }

    /// Whether the new piece `t` on `at` could take an enemy piece on `cells` (by the attack
    /// patterns royal safety reads). Other pieces of its kind stand aside for the test as
    /// pieces of `stand_in` (the promoting kind), blocking the same lines; `cells` is left
    /// as it was.
    fn attacks_enemy(&self, cells: &mut [u8], at: Cell, stand_in: u8, t: u8) -> bool {
        let me = self.turn as usize;
        let mut others = CellSet::EMPTY;
        for (c, v) in cells.iter_mut().enumerate() {
            if *v == t && c != at as usize {
                *v = stand_in;
                others.insert(c as Cell);
            }
        }
        let patterns: &[Attack] = &self.game.attacks[me];
        let bit = 1u128 << t;
        let attacked = (0..cells.len()).any(|e| {
            let v = cells[e];
            v != 0 && self.game.owner(v) != me && self.attacked_by(cells, e as Cell, patterns, bit)
        });
        for c in others.iter() {
            cells[c as usize] = t;
        }
        attacked
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{game_of, moves};

    const PIECES: &str = "  piece king \"K\" royal {\n    step all\n  }\n  \
        piece rook \"R\" {\n    slide orthogonal\n  }\n  \
        piece pawn \"P\" {\n    step forward to empty\n    \
        promote to rook in place or by a step east, only while I have no rook, not attacking \
        an enemy\n  }";
    const SETUP: &str = "    white pawn on b2\n    white king on d1\n    black king on a4";

    #[test]
    fn a_promotion_in_place_or_by_a_step_is_a_move_of_its_own() {
        let g = game_of("square 4 x 4", PIECES, SETUP);
        let pawn = |ms: Vec<String>| -> Vec<String> {
            ms.into_iter().filter(|m| m.starts_with("b2")).collect()
        };
        // In place, or a rook on c2: neither attacks the king on a4.
        assert_eq!(
            pawn(moves(&g, "k3/4/1P2/3K w")),
            ["b2-b2=R", "b2-b3", "b2-c2=R"]
        );
        // Not while white has a rook.
        assert_eq!(pawn(moves(&g, "k3/4/1P2/2RK w")), ["b2-b3"]);
    }

    #[test]
    fn the_new_piece_attacks_through_the_cell_it_left() {
        let g = game_of("square 4 x 4", PIECES, SETUP);
        // On b2 the rook would attack the pawn on a2, and on c2 too, along the row the pawn
        // has left.
        let ms = moves(&g, "k3/4/pP2/3K w");
        assert!(!ms.iter().any(|m| m.contains("=R")), "{ms:?}");
    }
}
