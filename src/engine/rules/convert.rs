//! Conversion by landing (`enemies next to where it lands along DIRS become mine`, Ataxx):
//! after a move or placement of a piece that converts, every enemy piece on a cell next to
//! the cell where it landed, along those directions, changes owner and keeps its kind. This is
//! not a capture: the move lists nothing, and the pieces are found when it is played
//! (positions are copied before a move, so nothing is undone). Moves are written as usual.

use crate::engine::{MoveKind, Position};
use crate::geometry::{Cell, NONE};

impl Position<'_> {
    /// Whether a move of this kind lands a piece on its `to` cell (a move, a placement, a
    /// swap), so that a converting piece converts around it there.
    #[inline]
    pub(in crate::engine) fn lands(kind: MoveKind) -> bool {
        matches!(
            kind,
            MoveKind::Normal
                | MoveKind::DoubleStep
                | MoveKind::Walk
                | MoveKind::Place
                | MoveKind::Keep
                | MoveKind::Swap
        )
    }

    /// The enemy pieces next to `at` along the converting directions of the piece standing
    /// there become its owner's (the top piece of a stack; what it keeps stays); how many did.
    pub(in crate::engine) fn convert_around(&mut self, at: Cell) -> usize {
        let g = self.game;
        let code = self.cells[at as usize];
        if code == 0 || g.converts[code as usize].is_empty() {
            return 0;
        }
        let me = g.owner(code);
        let mut n = 0;
        for &d in &g.converts[code as usize] {
            let t = g.board.step(at, d);
            if t == NONE {
                continue;
            }
            let v = self.cells[t as usize];
            if v == 0 || g.owner(v) == me {
                continue;
            }
            self.set(t, g.code(g.kind_of(v), me));
            n += 1;
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{at, game_of, moves};

    const STONE: &str =
        "  piece stone \"S\" {\n    place on empty, next to a friend along all\n    \
                         leap (0, 2) to empty\n    \
                         enemies next to where it lands along all become mine\n  }";

    /// The position after `mv` is played in `position`.
    fn after(position: &str, mv: &str) -> String {
        let g = game_of("square 4 x 3", STONE, "    white stone on a1");
        let mut pos = at(&g, position);
        let m = pos.parse_move(mv).expect("a legal move");
        pos.play(&m);
        pos.to_text()
    }

    #[test]
    fn a_clone_is_one_move_per_empty_cell_next_to_a_friend() {
        let g = game_of("square 4 x 3", STONE, "    white stone on a1");
        // Two white stones share the neighbour b2: it is listed once; the leaps from a1 and
        // a3 go two cells east (c1, c3) or north/south when empty.
        assert_eq!(
            moves(&g, "S3/4/S3 w"),
            ["a1-c1", "a2", "a3-c3", "b1", "b2", "b3"]
        );
    }

    #[test]
    fn enemies_next_to_the_landing_cell_change_owner() {
        // A placement on b2 turns the black stones on c1, c2 and c3; the one on d2 stays.
        assert_eq!(after("S1s1/2ss/S1s1 w", "b2"), "S1S1/1SSs/S1S1 b 1 1");
        // A leap from a1 to c1 turns b2 and d2 (next to c1), leaving a1 empty.
        assert_eq!(after("4/1s1s/S3 w", "a1-c1"), "4/1S1S/2S1 b 1 1");
    }
}
