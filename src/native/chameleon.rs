//! `chameleon()`: Bucky's chameleon (rule B8).
//!
//! A chameleon holds the roles of every non-chameleon piece, of either colour, touching it or
//! touching a chain of touching chameleons that includes it, and moves with those pieces'
//! rules: a copied jedi keeps its colour's direction, and its `from` region (the double step
//! from the second rank) is tested on the jedi's own cell. A promotion through a role offers
//! the role's choices in the chameleon's own colour, the role's own piece replacing the
//! chameleon among them. An isolated chameleon cannot move. [`super::hypnosis`] also uses
//! [`chain`]: a chameleon touching a hypnotizer hypnotizes, and one whose copied piece
//! or one of whose chain is hypnotized, is hypnotized through it (B13.5).

use super::{ArgValue, PieceHook};
use crate::engine::{Game, Move, MoveKind, Position};
use crate::geometry::{Board, Cell, CellSet, NONE};
use crate::model::KindId;

/// The most role sources one chameleon tracks (a chain touches at most a few dozen pieces).
pub const MAX_SOURCES: usize = 64;

pub fn compile(_args: &[ArgValue], _board: &Board, _kind: KindId) -> PieceHook {
    PieceHook {
        generate: Some(moves),
        borrows_moves: true,
        ..PieceHook::default()
    }
}

/// A chameleon's chain (B8): itself and the chameleons touching it, and so on, of either
/// colour (the members); and the non-chameleon pieces touching any member (the sources), whose
/// roles every member holds.
pub struct Chain {
    members: [Cell; MAX_SOURCES],
    nm: usize,
    sources: [Cell; MAX_SOURCES],
    ns: usize,
}

impl Chain {
    /// The chameleons of the chain, the one it was found from first.
    pub fn members(&self) -> &[Cell] {
        &self.members[..self.nm]
    }

    /// The cells of the pieces whose roles the chain's chameleons hold.
    pub fn sources(&self) -> &[Cell] {
        &self.sources[..self.ns]
    }
}

/// The chain of the chameleon on `cell`.
pub fn chain(pos: &Position, cell: Cell) -> Chain {
    chain_on(pos.game, pos.cells(), cell)
}

/// [`chain`] on a board given as its cells.
pub fn chain_on(g: &Game, cells: &[u8], cell: Cell) -> Chain {
    let b = &g.board;
    let mut chain = Chain {
        members: [NONE; MAX_SOURCES],
        nm: 1,
        sources: [NONE; MAX_SOURCES],
        ns: 0,
    };
    let mut seen = CellSet::EMPTY;
    seen.insert(cell);
    chain.members[0] = cell;
    // The members found so far are the queue: a chain is at most as long as the pieces on
    // the board.
    let mut head = 0;
    while head < chain.nm {
        let c = chain.members[head];
        head += 1;
        for t in b.neighbours(c) {
            let code = cells[t as usize];
            if code == 0 || seen.contains(t) {
                continue;
            }
            seen.insert(t);
            if g.borrows_moves[code as usize] {
                if chain.nm < MAX_SOURCES {
                    chain.members[chain.nm] = t;
                    chain.nm += 1;
                }
            } else if chain.ns < MAX_SOURCES {
                chain.sources[chain.ns] = t;
                chain.ns += 1;
            }
        }
    }
    chain
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
    let me = pos.game.owner(code);
    let chain = chain(pos, cell);
    let sources = chain.sources();
    let first = out.len();
    for &s in sources {
        pos.moves_with_rules_of(pos.at(s), cell, s, out);
    }
    // Forget the roles' own promotions and merge moves that do the same thing, in place.
    let mut kept = first;
    for i in first..out.len() {
        let mut m = out[i].clone();
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
            && sources.iter().any(|&s| {
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
            for &s in sources {
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
                    let kind = if g.borrows_moves[choice as usize] {
                        pos.game.kind_of(role)
                    } else {
                        pos.game.kind_of(choice)
                    };
                    let mut p = m.clone();
                    p.promote = pos.game.code(kind, me);
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
