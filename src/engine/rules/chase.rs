//! `on perpetual chase` (Xiangqi): when a position occurs for the third time, a player whose
//! every move since its first occurrence, and the move that made it occur, chased one and the
//! same enemy piece is read the line (Fairy-Stockfish's simplified form of the Asian rules).
//!
//! A move chases an enemy piece when, after it, one of the mover's chasing pieces could
//! capture that piece (a pseudo-legal capture, as a check is an attack) and could not before
//! the move (the moved piece counted from where it stood: a piece moving along a line keeps
//! its attacks along it), and either the piece is worth more than the chaser, or it is not
//! protected: once the chaser has taken it, its owner has no legal move that captures on its
//! cell. An attack on a piece of the chaser's own kind that could legally take the chaser in
//! return is mutual, no chase. Royal pieces neither chase nor are chased (their attacks are
//! checks, which `on perpetual check` reads), nor are the kinds the line spares where it
//! spares them (Xiangqi's soldiers before they cross the river).
//!
//! The chase is read only when a position has occurred the third time, by replaying the
//! moves since its first occurrence: nothing is kept or computed move by move, so perft and
//! playouts pay nothing until a repetition.

use crate::engine::{Move, Position};
use crate::geometry::{Cell, CellSet, NONE};

/// `on perpetual chase` compiled, by piece code.
#[derive(Clone, Debug, Default)]
pub struct ChaseTables {
    /// Whether a piece of this code chases (never a royal piece).
    pub chases: Vec<bool>,
    /// The cells where a piece of this code is not chased (every cell for a royal piece).
    pub spared: Vec<CellSet>,
    /// The piece's worth: a piece worth more than its chaser is chased even if protected.
    pub worth: Vec<i32>,
}

/// Buffers for [`Position::chased_by`].
#[derive(Default)]
struct Lists {
    after: Vec<Move>,
    before: Vec<Move>,
    replies: Vec<Move>,
}

impl Position<'_> {
    /// The pieces of the player to move here that the move `m`, played at `before` to reach
    /// this position, chased (two players; empty in a game without the rule).
    fn chased_by(&self, before: &Position, m: &Move, lists: &mut Lists) -> CellSet {
        let mut chased = CellSet::EMPTY;
        let Some(t) = self.game.chase.as_ref() else {
            return chased;
        };
        // The mover's captures here, as if it were to move again.
        let mut threat = self.clone();
        threat.pass_turn();
        threat.pseudo_legal_moves(&mut lists.after);
        before.pseudo_legal_moves(&mut lists.before);
        let now = |c: Cell| if c == m.from { m.to } else { c };
        for c in &lists.after {
            let (a, code) = (c.from, self.at(c.from));
            if c.ncap == 0 || a == NONE || !t.chases[code as usize] {
                continue;
            }
            for &v in c.captures() {
                let victim = self.at(v);
                if chased.contains(v)
                    || victim == 0
                    || t.spared[victim as usize].contains(v)
                    || lists
                        .before
                        .iter()
                        .any(|o| o.from != NONE && now(o.from) == a && o.captures().contains(&v))
                {
                    continue;
                }
                if t.worth[victim as usize] > t.worth[code as usize]
                    || (!self.takes_back(a, code, v, victim, &mut lists.replies)
                        && !threat.protected(c, v, &mut lists.replies))
                {
                    chased.insert(v);
                }
            }
        }
        chased
    }

    /// Whether the piece `victim` on `v`, attacked by a piece of its own kind (`code` on `a`),
    /// could legally take it in return (a mutual attack, no chase).
    fn takes_back(&self, a: Cell, code: u8, v: Cell, victim: u8, replies: &mut Vec<Move>) -> bool {
        if self.game.kind_of(code) != self.game.kind_of(victim) {
            return false;
        }
        self.legal_moves(replies);
        replies
            .iter()
            .any(|r| r.from == v && r.captures().contains(&a))
    }

    /// Whether, once the capture `c` (by the player to move here) has taken the piece on `v`,
    /// its owner has a legal move that captures on `v`.
    fn protected(&self, c: &Move, v: Cell, replies: &mut Vec<Move>) -> bool {
        let mut taken = self.clone();
        taken.play_unchecked(c);
        taken.legal_moves(replies);
        replies.iter().any(|r| r.captures().contains(&v))
    }
}

/// For `on perpetual chase`: the player who chased the same enemy piece with every move from
/// the one that made the position at `first` occur (none at the game's start) to the last of
/// `line` (the moves played from `start`), if exactly one did.
pub fn perpetual_chaser(start: &Position, line: &[Move], first: usize) -> Option<usize> {
    start.game.chase.as_ref()?;
    let mut lists = Lists::default();
    let mut pos = start.clone();
    for m in &line[..first.saturating_sub(1)] {
        pos.play_unchecked(m);
    }
    // Per player: the enemy pieces chased by all of its moves so far, followed as they move.
    let mut chasing: [Option<CellSet>; 2] = [None, None];
    for m in &line[first.saturating_sub(1)..] {
        let mover = pos.turn() & 1;
        let before = pos.clone();
        pos.play_unchecked(m);
        let chased = pos.chased_by(&before, m, &mut lists);
        chasing[mover] = Some(match chasing[mover] {
            Some(s) => s.difference(&s.difference(&chased)),
            None => chased,
        });
        // The chased player's pieces that moved are the same pieces where they stand now.
        if let Some(s) = chasing[mover ^ 1].as_mut() {
            if m.from != NONE && s.contains(m.from) {
                s.remove(m.from);
                s.insert(m.to);
            }
        }
    }
    let chases = chasing.map(|s| s.is_some_and(|s| !s.is_empty()));
    match chases {
        [true, false] => Some(0),
        [false, true] => Some(1),
        _ => None,
    }
}
