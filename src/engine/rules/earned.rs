//! Turns earned by lines (`making N in a row ... earns another placement|move`, Nerenchi
//! Keliya): a placement or move whose piece ends in such a line (after what the line removes)
//! is followed, in the same turn, by another placement or another move of the same player,
//! and so on, until a part makes no such line, the player has no such part to make, or the
//! game is decided (read after every part, as the end rules read a position: a removal that
//! leaves the opponent beaten ends the turn there).
//!
//! A move is the whole turn. Where some legal move earns another part, the turns are found by
//! a depth-first search that plays each part on a copy of the position (one copy per part of
//! the turn, reused); turns that reach the same position are one move (the first found is
//! listed), and a position reached part way that was searched before is not searched again,
//! so that parts that earn more parts without end (a piece moved back and forth between two
//! lines, with nothing removed) still make finitely many turns. A turn of one part stays the
//! plain move it is; a longer one is a [`MoveKind::Parts`] move, each part written as its own
//! move and joined by `,` (`a7,d7,g4` for three placements, `a1-a4xd7,d1-d2` for a move that
//! removes and the move it earns).

use super::super::{Move, MoveKind, Position};
use crate::ast::MillPart;
use crate::geometry::{Cell, NONE};
use std::collections::HashSet;

/// The search's working state, for one position's moves.
struct Search<'g> {
    /// The player whose turn it is.
    me: u8,
    /// Per part of the turn: the position after it (out while in use).
    after: Vec<Option<Position<'g>>>,
    /// Per part of the turn: the next parts.
    parts: Vec<Vec<Move>>,
    /// The turn so far.
    turn: Vec<Move>,
    /// Positions reached part way and searched, by hash.
    searched: HashSet<u64>,
    /// Whole turns listed, by the hash of the position they reach.
    listed: HashSet<u64>,
}

impl<'g> Position<'g> {
    /// Replaces the moves of `out` (each a single legal part) by the whole turns they begin:
    /// a move that earns no other part stays as it is.
    pub(in crate::engine) fn add_earned_turns(&self, out: &mut Vec<Move>) {
        if !out.iter().any(|m| self.earning_mill(m).is_some()) {
            return;
        }
        let mut s = Search {
            me: self.turn,
            after: Vec::new(),
            parts: Vec::new(),
            turn: Vec::new(),
            searched: HashSet::new(),
            listed: HashSet::new(),
        };
        let first = std::mem::take(out);
        for m in &first {
            s.part(self, m, 0, out);
        }
    }

    /// The turn takes its player back after a part (`play_unchecked` handed it on): the same
    /// player moves again, in the same ply.
    fn resume_turn(&mut self, me: u8) {
        let g = self.game;
        self.hash ^= g.zobrist.turns[self.turn as usize] ^ g.zobrist.turns[me as usize];
        self.turn = me;
        self.ply = self.ply.saturating_sub(1);
    }

    /// Plays a turn of parts: each part in order, the same player moving again after each but
    /// the last; the whole turn is one ply, and lines are then read on the whole board.
    pub(in crate::engine) fn play_parts(&mut self, m: &Move) {
        let me = self.turn;
        let path = m.landings();
        let n = path.len() / 4;
        for (i, part) in path.chunks(4).enumerate() {
            self.play_unchecked(&part_move(part));
            if i + 1 < n {
                self.resume_turn(me);
            }
        }
        if m.ncap > 0 {
            self.quiet = 0;
        }
        self.placed = NONE;
    }

    /// The parts of a turn, each as the move it is (see [`MoveKind::Parts`]), with the
    /// position before each.
    pub fn turn_parts(&self, m: &Move) -> Vec<(Position<'g>, Move)> {
        let me = self.turn;
        let mut at = self.clone();
        let mut out = Vec::new();
        for part in m.landings().chunks(4) {
            let p = part_move(part);
            let before = at.clone();
            at.play_unchecked(&p);
            at.resume_turn(me);
            out.push((before, p));
        }
        out
    }
}

/// One part of a [`MoveKind::Parts`] move as the move it is.
fn part_move(part: &[Cell]) -> Move {
    let (from, to, removed, code) = (part[0], part[1], part[2], part[3]);
    let mut m = Move::new(from, to);
    m.promote = code as u8;
    if from == NONE {
        m.kind = MoveKind::Place;
    }
    if removed != NONE {
        m.push_capture(removed);
    }
    m
}

impl<'g> Search<'g> {
    /// The turns that go on from `at` (reached after `depth` parts) with part `m`.
    fn part(&mut self, at: &Position<'g>, m: &Move, depth: usize, out: &mut Vec<Move>) {
        let earned = at.earning_mill(m).and_then(|mill| mill.earns);
        if self.after.len() <= depth {
            self.after.push(None);
            self.parts.push(Vec::new());
        }
        let mut next = match self.after[depth].take() {
            Some(mut p) => {
                p.clone_from(at);
                p
            }
            None => at.clone(),
        };
        next.play_unchecked(m);
        self.turn.push(m.clone());
        let reached = next.hash;
        match earned {
            Some(kind) if !next.is_over() => {
                next.resume_turn(self.me);
                if self.searched.insert(next.hash) {
                    let mut parts = std::mem::take(&mut self.parts[depth]);
                    next.legal_parts(&mut parts);
                    parts.retain(|p| match kind {
                        MillPart::Placement => p.kind == MoveKind::Place,
                        MillPart::Move => p.kind != MoveKind::Pass,
                    });
                    if parts.is_empty() {
                        // Nothing to make: the turn ends here.
                        self.list(reached, out);
                    }
                    for p in &parts {
                        self.part(&next, p, depth + 1, out);
                    }
                    self.parts[depth] = parts;
                }
            }
            _ => self.list(reached, out),
        }
        self.turn.pop();
        self.after[depth] = Some(next);
    }

    /// Lists the turn so far, which reaches the position of hash `reached`, unless a turn
    /// listed before reaches it.
    fn list(&mut self, reached: u64, out: &mut Vec<Move>) {
        if !self.listed.insert(reached) {
            return;
        }
        if let [only] = &self.turn[..] {
            out.push(only.clone());
            return;
        }
        let first = &self.turn[0];
        let last = &self.turn[self.turn.len() - 1];
        let mut m = Move::new(first.from, last.to);
        m.kind = MoveKind::Parts;
        m.promote = first.promote;
        for p in &self.turn {
            let removed = p.captures().first().copied().unwrap_or(NONE);
            for c in [p.from, p.to, removed, Cell::from(p.promote)] {
                m.push_landing(c);
            }
            if removed != NONE {
                m.push_capture(removed);
            }
        }
        out.push(m);
    }
}
