//! `a piece in hand may enter the cell a piece leaves on its first move from REGION`: gating
//! (Seirawan chess). A piece of the region that has not left its cell yet (kept as unmoved,
//! like castling's pieces) may, on its move, leave a piece from the mover's hand behind on
//! the cell it leaves; a castling move may leave it on either piece's cell. The move is the
//! plain move with the entering piece as its shot ([`Move::shot`]), which the legality test
//! and the play already place after the move; playing it also takes it from the hand.

use crate::engine::{Move, MoveKind, Position};
use crate::geometry::NONE;

impl Position<'_> {
    /// After the moves `out[start..]` of the player to move: each one again for every piece
    /// in hand that may enter a cell it leaves with the right of gating.
    pub(in crate::engine) fn add_gatings(&self, out: &mut Vec<Move>, start: usize) {
        let g = self.game;
        let me = self.turn as usize;
        if self.hand_count(me, None) == 0 {
            return;
        }
        let end = out.len();
        for i in start..end {
            if matches!(
                out[i].kind,
                MoveKind::Place | MoveKind::Places | MoveKind::Pass
            ) || out[i].shot != NONE
            {
                continue;
            }
            for gate in [out[i].from, out[i].extra_from] {
                let m = &out[i];
                // The cell must be left empty by the move (a castling piece may land on the
                // other's cell) and still carry the right.
                if gate == NONE
                    || gate == m.to
                    || gate == m.extra_to
                    || !self.unmoved.contains(gate)
                    || !g.gate_region[me].contains(gate)
                {
                    continue;
                }
                for code in (1 + me..self.hand.len()).step_by(1 << g.player_shift) {
                    if self.hand[code] == 0 || !g.gate_cells[code].contains(gate) {
                        continue;
                    }
                    let mut gated = out[i].clone();
                    gated.shot = gate;
                    gated.shot_code = code as u8;
                    out.push(gated);
                }
            }
        }
    }
}
