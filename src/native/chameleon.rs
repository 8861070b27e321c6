//! `chameleon()`: Bucky's chameleon (rule B8).
//!
//! A chameleon holds the roles of every non-chameleon piece, of either colour, touching it or
//! touching a chain of touching chameleons that includes it, and moves with those pieces'
//! rules: a copied jedi keeps its colour's direction, and its `from` region (the double step
//! from the second rank) is tested on the jedi's own cell. A promotion through a role offers
//! the role's choices in the chameleon's own colour, the role's own piece replacing the
//! chameleon among them. An isolated chameleon cannot move. [`super::hypnosis`] also uses
//! [`role_sources`]: a chameleon touching a hypnotizer hypnotizes, and one whose copied piece
//! is hypnotized is hypnotized through it.

use super::{ArgValue, CompiledHook};
use crate::engine::{Game, Move, MoveKind, Position};
use crate::geometry::{Board, Cell, CellSet, NONE};
use crate::model::KindId;

/// The most role sources one chameleon tracks (a chain touches at most a few dozen pieces).
pub const MAX_SOURCES: usize = 64;

pub fn compile(_args: &[ArgValue], _board: &Board, _kind: KindId) -> CompiledHook {
    CompiledHook {
        generate: Some(moves),
        borrows_roles: true,
        ..CompiledHook::default()
    }
}

/// The cells of the pieces whose roles the chameleon on `cell` holds, and how many there are.
pub fn role_sources(pos: &Position, cell: Cell) -> ([Cell; MAX_SOURCES], usize) {
    role_sources_on(pos.game, pos.cells(), cell)
}

/// [`role_sources`] on a board given as its cells.
pub fn role_sources_on(g: &Game, cells: &[u8], cell: Cell) -> ([Cell; MAX_SOURCES], usize) {
    let b = &g.board;
    let mut sources = [NONE; MAX_SOURCES];
    let mut n = 0;
    let mut seen = CellSet::EMPTY;
    // The queue holds chameleons only: a chain is at most as long as the sources it can touch.
    let mut queue = [NONE; MAX_SOURCES];
    let (mut head, mut tail) = (0, 0);
    seen.insert(cell);
    queue[tail] = cell;
    tail += 1;
    while head < tail {
        let c = queue[head];
        head += 1;
        for t in b.neighbours(c) {
            let code = cells[t as usize];
            if code == 0 || seen.contains(t) {
                continue;
            }
            seen.insert(t);
            if g.borrows_roles[code as usize] {
                if tail < queue.len() {
                    queue[tail] = t;
                    tail += 1;
                }
            } else if n < MAX_SOURCES {
                sources[n] = t;
                n += 1;
            }
        }
    }
    (sources, n)
}

/// Moves that do the same thing on the board: same cells, same removals, same promotion.
fn same_squares(a: &Move, b: &Move) -> bool {
    let plain = |m: &Move| matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep);
    a.from == b.from
        && a.to == b.to
        && a.promote == b.promote
        && a.captures() == b.captures()
        && (a.kind == b.kind || (plain(a) && plain(b)))
}

/// The chameleon's moves: every role's moves, each move once; a move that moves the chameleon
/// onto the last rank of a jedi role it holds must promote (B8), whichever role it came from.
fn moves(pos: &Position, cell: Cell, code: u8, _data: &[u8], out: &mut Vec<Move>) {
    let g = pos.game;
    let me = Game::owner(code);
    let (sources, n) = role_sources(pos, cell);
    let first = out.len();
    for &s in &sources[..n] {
        pos.moves_with_rules_of(pos.at(s), cell, s, out);
    }
    // Forget the roles' own promotions and merge moves that do the same thing, in place.
    let mut kept = first;
    for i in first..out.len() {
        let mut m = out[i];
        m.promote = 0;
        match out[first..kept].iter().position(|p| same_squares(p, &m)) {
            Some(j) => {
                if out[first + j].ep_mark != NONE && m.ep_mark == NONE {
                    out[first + j] = m;
                }
            }
            None => {
                out[kept] = m;
                kept += 1;
            }
        }
    }
    out.truncate(kept);
    // Promotions through a jedi role (rare): rebuild the list with each such move replaced
    // by its choices.
    let promotes = |m: &Move| {
        matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep)
            && sources[..n].iter().any(|&s| {
                g.promotion[pos.at(s) as usize]
                    .as_ref()
                    .is_some_and(|(_, region)| region.contains(m.to))
            })
    };
    if !out[first..].iter().any(promotes) {
        return;
    }
    let raw: Vec<Move> = out.drain(first..).collect();
    for m in raw {
        let moves_piece = matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep);
        let mut promoted = false;
        if moves_piece {
            for &s in &sources[..n] {
                let role = pos.at(s);
                let Some((choices, region)) = &g.promotion[role as usize] else {
                    continue;
                };
                if !region.contains(m.to) {
                    continue;
                }
                for &choice in choices {
                    // The role's choices in the chameleon's colour; the role's own piece
                    // takes the place of the chameleon.
                    let kind = if g.borrows_roles[choice as usize] {
                        Game::kind_of(role)
                    } else {
                        Game::kind_of(choice)
                    };
                    let mut p = m;
                    p.promote = crate::compile::code(kind, me);
                    if !out[first..].iter().any(|o| o.same_as(&p)) {
                        out.push(p);
                    }
                }
                promoted = true;
            }
        }
        if !promoted {
            out.push(m);
        }
    }
}
