//! `hypnotize(directions)`: Bucky's hypnosis (rules B6, B7).
//!
//! A hypnotizer hypnotizes the first piece along each of its rays if that piece is an enemy.
//! A hypnotized piece cannot act. After every move the **cascade** runs: every piece hypnotized
//! from two distinct sources (hypnotizer cell and ray) is marked; marked pieces stop blocking
//! rays but keep hypnotizing, so further pieces may qualify, wave after wave; when no new piece
//! qualifies, all marked pieces are removed, whatever their colour. The engine calls
//! [`frozen`] when generating moves and [`cascade`] after every move, and rejects a move whose
//! piece, or whose player's royal piece, the cascade removes.

use super::{ArgValue, CompiledHook};
use crate::engine::{Game, Hypnosis, Position};
use crate::geometry::{Board, Cell, CellSet, NONE};

pub fn compile(args: &[ArgValue], _board: &Board) -> CompiledHook {
    let ArgValue::Dirs(dirs) = args[0] else {
        unreachable!("checker guarantees directions")
    };
    CompiledHook {
        hypnotizes: Some(dirs),
        ..CompiledHook::default()
    }
}

/// Counts, per cell, the distinct sources hypnotizing the piece there. Cells in `marked` do
/// not block rays and are not hypnotized again, but their pieces still hypnotize.
fn count_sources(pos: &Position, h: &Hypnosis, marked: &CellSet, counts: &mut [u8]) {
    let b = &pos.game.board;
    counts.fill(0);
    for s in 0..b.len() as Cell {
        let code = pos.at(s);
        if code == 0 {
            continue;
        }
        let owner = Game::owner(code);
        for &d in &h.rays[code as usize] {
            let mut t = s;
            loop {
                t = b.step(t, d);
                if t == NONE {
                    break;
                }
                let target = pos.at(t);
                if target == 0 || marked.contains(t) {
                    continue;
                }
                if Game::owner(target) != owner {
                    counts[t as usize] = counts[t as usize].saturating_add(1);
                }
                break;
            }
        }
    }
}

/// The cells whose pieces are hypnotized (and so cannot act).
pub fn frozen(pos: &Position, h: &Hypnosis) -> CellSet {
    let mut counts = [0u8; 256];
    count_sources(pos, h, &CellSet::EMPTY, &mut counts);
    let mut out = CellSet::EMPTY;
    for (c, &n) in counts[..pos.game.board.len()].iter().enumerate() {
        if n > 0 {
            out.insert(c as Cell);
        }
    }
    out
}

/// The cells the cascade empties: waves of doubly hypnotized pieces until none is new.
pub fn cascade(pos: &Position, h: &Hypnosis) -> CellSet {
    let n = pos.game.board.len();
    let mut counts = [0u8; 256];
    let mut marked = CellSet::EMPTY;
    loop {
        count_sources(pos, h, &marked, &mut counts);
        let mut new = false;
        for (c, &k) in counts[..n].iter().enumerate() {
            if k >= 2 && !marked.contains(c as Cell) {
                marked.insert(c as Cell);
                new = true;
            }
        }
        if !new {
            return marked;
        }
    }
}
