//! `teleport(partner)`: Bucky's madam-dude exchange (rule B9).
//!
//! Declared in the dude: `native teleport(madam)`. Once per game for each colour X, a piece
//! holding X's dude half and one holding X's madam half swap squares. A half is held by the
//! piece itself (any madam of colour X, promoted ones too) or by a chameleon of either colour
//! holding its role: touching it, or through a chain of touching chameleons. The move is
//! started by one of the mover's own pieces, which must not be hypnotized; the partner may be
//! hypnotized and may be the opponent's, so a player can use up the opponent's exchange (B9,
//! B13.7). The two orders of a pair are one move; the move spends X's right.

use super::{chameleon, ArgValue, BoardRule, PieceHook};
use crate::engine::{Game, Move, MoveKind, Position};
use crate::geometry::{Board, Cell, CellSet, NONE};
use crate::model::KindId;

pub fn compile(args: &[ArgValue], _board: &Board, kind: KindId) -> PieceHook {
    let ArgValue::Kind(partner) = args[0] else {
        unreachable!("checker guarantees a piece")
    };
    PieceHook {
        data: vec![kind as u8, partner as u8],
        ..PieceHook::default()
    }
}

/// The exchanges of one game: (dude kind, madam kind) per declaring piece kind.
#[derive(Debug)]
struct Teleport {
    pairs: Vec<(usize, usize)>,
}

/// Builds the game's exchanges from the pieces that declare `teleport`.
pub fn board_rule(g: &Game) -> Box<dyn BoardRule> {
    // Both codes of a kind carry the same data: read the first player's.
    let pairs = g
        .hooks
        .iter()
        .skip(1)
        .step_by(1 << g.player_shift)
        .flatten()
        .filter(|h| h.name == "teleport")
        .map(|h| (h.data[0] as usize, h.data[1] as usize))
        .collect();
    Box::new(Teleport { pairs })
}

impl BoardRule for Teleport {
    fn moves(&self, pos: &Position, out: &mut Vec<Move>) {
        for &(dude, madam) in &self.pairs {
            moves(pos, dude, madam, out);
        }
    }

    fn moves_kind(&self, kind: usize) -> bool {
        self.pairs.iter().any(|&(d, m)| d == kind || m == kind)
    }

    fn right_name(&self) -> Option<&'static str> {
        Some("teleport")
    }
}

/// The pieces holding colour `x`'s half of kind `kind`: the piece itself, or a chameleon of
/// either colour holding its role, by touching it or through a chain of touching chameleons
/// (B8's roles; the designer's engine counts agree only so).
fn holders(pos: &Position, kind: usize, x: usize, out: &mut [Cell; 64]) -> usize {
    let g = pos.game;
    let target = pos.game.code(kind, x);
    if pos.count(x, Some(kind)) == 0 {
        return 0;
    }
    let mut found = CellSet::EMPTY;
    for (c, &code) in pos.cells().iter().enumerate() {
        if code != target {
            continue;
        }
        let c = c as Cell;
        found.insert(c);
        for t in g.board.neighbours(c) {
            if g.borrows_moves[pos.at(t) as usize] && !found.contains(t) {
                for &m in chameleon::chain(pos, t).members() {
                    found.insert(m);
                }
            }
        }
    }
    let mut n = 0;
    for c in found.iter().take(out.len()) {
        out[n] = c;
        n += 1;
    }
    n
}

fn moves(pos: &Position, dude: usize, madam: usize, out: &mut Vec<Move>) {
    let me = pos.turn();
    let mine = |c: Cell| pos.game.owner(pos.at(c)) == me;
    // A piece that may start the exchange: the mover's own, not hypnotized.
    let starts = |c: Cell| mine(c) && !pos.frozen().contains(c);
    let (mut dudes, mut madams) = ([NONE; 64], [NONE; 64]);
    for x in 0..2 {
        if pos.right_spent(x) {
            continue;
        }
        let nd = holders(pos, dude, x, &mut dudes);
        let nm = holders(pos, madam, x, &mut madams);
        let first = out.len();
        for &a in &madams[..nm] {
            for &b in &dudes[..nd] {
                if a == b || !(starts(a) || starts(b)) {
                    continue;
                }
                // Written from the mover's piece when only one is the mover's (`g6-b4`: the
                // mover's chameleon takes the opponent's dude's place), else in board order.
                let (from, to) = match (mine(a), mine(b)) {
                    (true, false) => (a, b),
                    (false, true) => (b, a),
                    _ => (a.min(b), a.max(b)),
                };
                if out[first..]
                    .iter()
                    .any(|m| (m.from, m.to) == (from, to) || (m.from, m.to) == (to, from))
                {
                    continue;
                }
                let mut m = Move::new(from, to);
                m.kind = MoveKind::Swap;
                m.spends = x as u8 + 1;
                out.push(m);
            }
        }
    }
}
