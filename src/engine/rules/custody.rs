//! `capture by custody DIRS, against REGION [when empty]`: after a piece moves, each enemy next
//! to its landing cell along one of the directions is removed when the cell beyond that enemy
//! holds a friend of the mover or is hostile (tafl's custodial capture). A piece that is
//! `captured only when surrounded` on some cells needs friends of the mover or hostile cells on
//! every side there. The captures are part of the move (its `caps`), so notation, play and
//! filters see them like any other capture.

use crate::engine::{Move, MoveKind, Position};
use crate::geometry::{Cell, CellSet, NONE};
use crate::model::KindModel;

/// The compiled custody rule.
#[derive(Clone, Debug)]
pub struct Custody {
    /// The directions from the landing cell to a possible victim.
    pub dirs: Vec<u8>,
    /// Cells hostile to every piece.
    pub hostile: CellSet,
    /// Cells hostile while empty.
    pub hostile_when_empty: CellSet,
    /// By piece code: the cells where that piece is captured only when surrounded.
    pub surrounded_on: Vec<CellSet>,
}

impl Custody {
    pub fn compile(m: &crate::model::Custody, kinds: &[KindModel], shift: u8) -> Custody {
        let mut surrounded_on = vec![CellSet::EMPTY; 1 + (kinds.len() << shift)];
        for (k, kind) in kinds.iter().enumerate() {
            for p in 0..2 {
                surrounded_on[crate::engine::code_in(shift, k, p) as usize] =
                    kind.surrounded_on.unwrap_or(CellSet::EMPTY);
            }
        }
        Custody {
            dirs: m.dirs.clone(),
            hostile: m.hostile,
            hostile_when_empty: m.hostile_when_empty,
            surrounded_on,
        }
    }
}

impl Position<'_> {
    /// Adds to `m` (a piece of `code` moving `from` → `to`) the enemies its arrival catches.
    pub(in crate::engine) fn add_custody_captures(&self, cu: &Custody, m: &mut Move, code: u8) {
        if m.kind != MoveKind::Normal {
            return;
        }
        let b = &self.game.board;
        let me = self.game.owner(code);
        let (from, to) = (m.from, m.to);
        // The board as it stands after the move itself.
        let at = |c: Cell| -> u8 {
            if c == to {
                code
            } else if c == from {
                0
            } else {
                self.cells[c as usize]
            }
        };
        // Whether `c` closes the trap: a friend of the mover, or a hostile cell.
        let closes = |c: Cell| -> bool {
            if c == NONE {
                return false;
            }
            let v = at(c);
            (v != 0 && self.game.owner(v) == me)
                || cu.hostile.contains(c)
                || (v == 0 && cu.hostile_when_empty.contains(c))
        };
        for &d in &cu.dirs {
            let n = b.step(to, d);
            if n == NONE || m.captures().contains(&n) {
                continue;
            }
            let victim = at(n);
            if victim == 0 || self.game.owner(victim) == me {
                continue;
            }
            if self.unkillable(n) {
                continue;
            }
            let caught = if cu.surrounded_on[victim as usize].contains(n) {
                cu.dirs.iter().all(|&e| closes(b.step(n, e)))
            } else {
                closes(b.step(n, d))
            };
            if caught {
                m.push_capture(n);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::moves;

    /// Tafl-like pieces: rook moves, custody along orthogonal lines, a throne in the middle
    /// hostile while empty, corners hostile always, and a king that only dies surrounded on
    /// or next to the throne.
    fn tafl() -> crate::engine::Game {
        let src = "game \"T\" {\n  players white, black\n  board square 5 x 5\n  \
             region throne = c3\n  region corners = a1 a5 e1 e5\n  \
             region near-throne = c3 b3 d3 c2 c4\n  \
             piece soldier \"S\" {\n    slide orthogonal to empty\n  }\n  \
             piece king \"K\" {\n    slide orthogonal to empty\n    \
             on near-throne, captured only when surrounded\n  }\n  \
             capture by custody orthogonal, against corners, against throne when empty\n  \
             only king may enter throne or corners\n  \
             setup {\n    white soldier on a2\n    black king on c3\n  }\n}\n";
        crate::compile_source(src).unwrap_or_else(|e| panic!("{e:?}"))
    }

    /// The moves in `position` that capture.
    fn captures(g: &crate::engine::Game, position: &str) -> Vec<String> {
        moves(g, position)
            .into_iter()
            .filter(|m| m.contains('x'))
            .collect()
    }

    #[test]
    fn an_enemy_between_the_mover_and_a_friend_is_taken() {
        let g = tafl();
        // White b3-b2 catches the black soldier on c2 against the white one on d2.
        assert_eq!(captures(&g, "5/5/1S3/2sS1/5 w"), ["b3-b2xc2"]);
        // Typed without its capture, the move is still found.
        let pos = super::super::testing::at(&g, "5/5/1S3/2sS1/5 w");
        let m = pos.parse_move("b3-b2").expect("legal");
        assert_eq!(pos.move_text(&m), "b3-b2xc2");
        let mut after = pos.clone();
        after.play_unchecked(&m);
        assert_eq!(after.to_text(), "5/5/5/1S1S1/5 b 0 1");
    }

    #[test]
    fn a_piece_may_move_between_two_enemies() {
        let g = tafl();
        // Black b5-b4 lands between the white soldiers on a4 and c4 and survives; it takes
        // nothing, as no black piece stands beyond them.
        let pos = super::super::testing::at(&g, "1s3/S1S2/5/5/5 b");
        let mut after = pos.clone();
        after.play_unchecked(&pos.parse_move("b5-b4").expect("legal"));
        assert_eq!(after.to_text(), "5/SsS2/5/5/5 w 1 2");
    }

    #[test]
    fn corners_and_the_empty_throne_are_hostile() {
        let g = tafl();
        // The black soldier on b1 is caught against the corner a1 by white arriving on c1.
        assert_eq!(captures(&g, "5/5/5/2S2/1s3 w"), ["c2-c1xb1"]);
        // The black soldier on c4 is caught against the empty throne c3 from c5.
        assert_eq!(captures(&g, "1S3/2s2/5/5/5 w"), ["b5-c5xc4"]);
        // With a white king on the throne the king itself closes the trap; with the black
        // king there, c4 is safe.
        assert_eq!(captures(&g, "1S3/2s2/2K2/5/5 w"), ["b5-c5xc4"]);
        assert!(captures(&g, "1S3/2s2/2k2/5/5 w").is_empty());
    }

    #[test]
    fn only_the_king_enters_the_throne_and_the_corners() {
        let g = tafl();
        // The soldier on a3 can neither pass the throne c3 nor stop on it, nor on a corner.
        assert_eq!(moves(&g, "5/5/S4/5/5 w"), ["a3-a2", "a3-a4", "a3-b3"]);
        // The king passes and stops where it likes.
        assert_eq!(
            moves(&g, "5/5/K4/5/5 w"),
            ["a3-a1", "a3-a2", "a3-a4", "a3-a5", "a3-b3", "a3-c3", "a3-d3", "a3-e3"]
        );
    }

    #[test]
    fn the_king_near_the_throne_dies_only_surrounded() {
        let g = tafl();
        // The black king on the throne, white on b3, d3 and c2: white arriving on c4 (from
        // a4) surrounds it. Without c2, three sides are not enough.
        assert_eq!(captures(&g, "5/S4/1SkS1/2S2/5 w"), ["a4-c4xc3"]);
        assert!(captures(&g, "5/S4/1SkS1/5/5 w").is_empty());
        // Next to the throne the empty throne fills a side: the king on c4 with white on b4
        // and d4 falls when white arrives on c5; without d4 it does not.
        assert_eq!(captures(&g, "1S3/1SkS1/5/5/5 w"), ["b5-c5xc4"]);
        assert!(captures(&g, "1S3/1Sk2/5/5/5 w").is_empty());
        // Away from the throne two are enough: the king on b2 between a white soldier on a2
        // and one arriving on c2.
        assert_eq!(captures(&g, "5/5/5/Sk3/2S2 w"), ["c1-c2xb2"]);
    }
}
