//! The start of a game (the board, the hands, the pieces that have not moved) and where
//! pieces go when captured into a hand.

use super::pieces::Pieces;
use crate::geometry::CellSet;
use crate::model::{per_player, Model, PerPlayer, MAX_PLAYERS};

/// The position a game starts from, and the rights its pieces start with.
pub(super) struct Start {
    /// By cell, the piece code standing there.
    pub initial: Vec<u8>,
    /// The cells whose pieces have not moved (castling, first moves, gating).
    pub unmoved: CellSet,
    /// By piece code, how many are in hand; empty where the game has no hands.
    pub initial_hand: Vec<u16>,
    /// Gating: each player's region where a leaving piece may leave a piece from hand behind.
    pub gate_region: PerPlayer<CellSet>,
    /// By piece code: the cells a piece of that code may be gated onto (empty without
    /// gating).
    pub gate_cells: Vec<CellSet>,
    /// Per player, the kinds (a bit each) in their setup or hand.
    pub start_kinds: PerPlayer<u128>,
}

impl Start {
    /// Also marks the placements that draw from a hand the setup fills.
    pub(super) fn new(m: &Model, pieces: &mut Pieces, shift: u8) -> Start {
        let np = m.players.len();
        let code = |k: usize, p: usize| crate::engine::code_in(shift, k, p);
        let ncodes = 1 + (m.kinds.len() << shift);
        let Pieces {
            places,
            tracks_moved,
            ..
        } = pieces;
        // Hands exist where the setup fills them, or where captures or drops use them.
        let mut initial_hand = Vec::new();
        let drops = places.iter().flatten().any(|pl| pl.drop);
        let race_hits = m.race.as_ref().is_some_and(|r| r.hit && !r.swap);
        if !m.hands.is_empty() || m.to_hand || drops || race_hits {
            initial_hand = vec![0u16; ncodes];
            for &(p, k, n) in &m.hands {
                let c = code(k, p);
                initial_hand[c as usize] = n as u16;
                for pl in places[p].iter_mut().filter(|pl| pl.code == c) {
                    pl.from_hand = true;
                }
            }
        }
        let mut initial = vec![0u8; m.board.len()];
        let mut unmoved = CellSet::EMPTY;
        // Gating: every piece on its owner's region starts with the right to leave a piece
        // behind.
        let gate_region = per_player(np, |p| m.gating.as_ref().map_or(CellSet::EMPTY, |g| g[p]));
        for &(cell, p, k) in &m.setup {
            let c = code(k, p);
            initial[cell as usize] = c;
            if tracks_moved[c as usize] || gate_region[p].contains(cell) {
                unmoved.insert(cell);
            }
        }
        let gate_cells = if m.gating.is_some() {
            (0..ncodes)
                .map(|c| {
                    if c == 0 {
                        return CellSet::EMPTY;
                    }
                    let p = (c - 1) & ((1 << shift) - 1);
                    let not_on = places[p]
                        .iter()
                        .filter(|pl| pl.drop && pl.code as usize == c)
                        .fold(CellSet::EMPTY, |s, pl| s.union(&pl.not_on));
                    gate_region[p].difference(&not_on)
                })
                .collect()
        } else {
            Vec::new()
        };
        let mut start_kinds = [0u128; MAX_PLAYERS];
        for &(_, p, k) in &m.setup {
            start_kinds[p] |= 1 << k;
        }
        for &(p, k, _) in &m.hands {
            start_kinds[p] |= 1 << k;
        }
        Start {
            initial,
            unmoved,
            initial_hand,
            gate_region,
            gate_cells,
            start_kinds,
        }
    }
}

/// Where a captured piece goes in its captor's hand.
pub(super) struct Demotion {
    /// By kind: the kind it goes to a hand as.
    pub demote: Vec<u8>,
    /// By kind: it always goes demoted, marked or not.
    pub always_demote: Vec<bool>,
    /// By piece code: the code whose hand a drop of it draws from (0 where the same).
    pub drop_hand: Vec<u8>,
}

impl Demotion {
    pub(super) fn new(m: &Model, pieces: &Pieces, shift: u8) -> Demotion {
        let ncodes = 1 + (m.kinds.len() << shift);
        let kind_of = |c: usize| (c - 1) >> shift;
        let places = &pieces.places;
        // A promoted piece that is captured goes to the hand as the kind it was promoted
        // from (as itself where captured pieces keep their kind).
        let mut demote: Vec<u8> = (0..m.kinds.len())
            .map(|k| {
                m.kinds
                    .iter()
                    .position(|j| j.promotion.as_ref().is_some_and(|p| p.reaches(k)))
                    .filter(|_| !m.keep_kind)
                    .unwrap_or(k) as u8
            })
            .collect();
        // Kinds that exist only by promotion (in no setup or hand, never dropped): captured,
        // they always go to the hand demoted, marked or not (Shogi's tokin, dragon, horse).
        let dropped: Vec<usize> = places
            .iter()
            .flatten()
            .filter(|pl| pl.drop)
            .map(|pl| kind_of(pl.code as usize))
            .collect();
        let mut always_demote: Vec<bool> = (0..m.kinds.len())
            .map(|k| {
                usize::from(demote[k]) != k
                    && !m.setup.iter().any(|&(_, _, j)| j == k)
                    && !m.hands.iter().any(|&(_, j, _)| j == k)
                    && !dropped.contains(&k)
            })
            .collect();
        // `drop on empty, either side up`: the two kinds are two sides of one piece, which
        // goes to a hand as the kind that drops, whichever side is up (promotions both ways
        // make no cycle of demotions).
        let mut drop_hand = vec![0u8; ncodes];
        for pl in places.iter().flatten().filter(|pl| pl.hand != pl.code) {
            let (base, flipped) = (kind_of(pl.hand as usize), kind_of(pl.code as usize));
            demote[base] = base as u8;
            demote[flipped] = base as u8;
            always_demote[base] = false;
            always_demote[flipped] = true;
            drop_hand[pl.code as usize] = pl.hand;
        }
        Demotion {
            demote,
            always_demote,
            drop_hand,
        }
    }
}
