//! `coward(toward)`: Rascals' rule R5. After a move that captured nothing and did not end
//! strictly closer to `toward` than it started, the moved piece is removed.

use super::{ArgValue, MoveFacts, PieceHook};
use crate::geometry::Board;
use crate::model::KindId;

/// Precomputes every cell's distance from `toward`.
pub fn compile(args: &[ArgValue], board: &Board, _kind: KindId) -> PieceHook {
    let ArgValue::Cell(center) = args[0] else {
        unreachable!("checker guarantees a cell argument")
    };
    PieceHook {
        after_move: Some(after_move),
        data: board.distances(center),
        ..PieceHook::default()
    }
}

/// R5 judges a rascal that walked: one placed on the board came from nowhere, so it is no
/// coward.
fn after_move(m: &MoveFacts, dist: &[u8]) -> bool {
    m.from
        .is_some_and(|from| m.captured == 0 && dist[m.to as usize] >= dist[from as usize])
}

#[cfg(test)]
mod tests {
    use crate::geometry::Board;

    #[test]
    fn hex_levels_from_the_castle() {
        let b = Board::hex(6);
        let d = b.distances(b.cell("f6").unwrap());
        assert_eq!(d[b.cell("f6").unwrap() as usize], 0);
        assert_eq!(d[b.cell("a1").unwrap() as usize], 5);
        assert_eq!(d[b.cell("k11").unwrap() as usize], 5);
        assert_eq!(d[b.cell("g6").unwrap() as usize], 1);
    }
}
