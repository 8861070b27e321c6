//! `teleport(partner)`: Bucky's madam-dude exchange (rule B9).
//!
//! Declared in the dude: `native teleport(madam)`. Once per game for each colour X, a piece
//! holding X's dude half and one holding X's madam half swap squares. A half is held by the
//! piece itself (any madam of colour X, promoted ones too) or by a chameleon touching it, of
//! either colour, so a player can use up the opponent's exchange. Both swapped pieces belong to
//! the player to move; the one who starts it must not be hypnotized (the partner may be). The
//! two orders of a pair are one move; the move spends X's right.

use super::{ArgValue, CompiledHook};
use crate::engine::{Game, Move, MoveKind, Position};
use crate::geometry::{Board, Cell, CellSet, NONE};
use crate::model::KindId;

pub fn compile(args: &[ArgValue], _board: &Board, kind: KindId) -> CompiledHook {
    let ArgValue::Kind(partner) = args[0] else {
        unreachable!("checker guarantees a piece")
    };
    CompiledHook {
        game_moves: Some(moves),
        data: vec![kind as u8, partner as u8],
        ..CompiledHook::default()
    }
}

/// The mover's pieces holding colour `x`'s half of kind `kind`: the piece itself, or a
/// chameleon touching one.
fn holders(pos: &Position, kind: usize, x: usize, out: &mut [Cell; 64]) -> usize {
    let g = pos.game;
    let me = pos.turn();
    let target = crate::compile::code(kind, x);
    if pos.count(x, Some(kind)) == 0 {
        return 0;
    }
    let mine = |c: Cell| pos.at(c) != 0 && Game::owner(pos.at(c)) == me;
    let mut found = CellSet::EMPTY;
    for (c, &code) in pos.cells().iter().enumerate() {
        if code != target {
            continue;
        }
        let c = c as Cell;
        if mine(c) {
            found.insert(c);
        }
        for t in g.board.neighbours(c) {
            if mine(t) && g.borrows_roles[pos.at(t) as usize] {
                found.insert(t);
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

fn moves(pos: &Position, data: &[u8], out: &mut Vec<Move>) {
    let (dude, madam) = (data[0] as usize, data[1] as usize);
    let held = |c: Cell| pos.hypnotized().contains(c);
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
                if a == b || (held(a) && held(b)) {
                    continue;
                }
                let (lo, hi) = (a.min(b), a.max(b));
                if out[first..].iter().any(|m| m.from == lo && m.to == hi) {
                    continue;
                }
                let mut m = Move::new(lo, hi);
                m.kind = MoveKind::Swap;
                m.spends = x as u8 + 1;
                out.push(m);
            }
        }
    }
}
