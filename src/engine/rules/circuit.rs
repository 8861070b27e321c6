//! `capture along circuit RUN loop RUN loop ... [and circuit ...]` (Surakarta): the piece
//! slides along a circuit, either way round, over empty cells (the cell it starts from counts
//! as empty, so a slide may pass through it), and captures the first piece it meets if that
//! piece is an enemy and the slide has gone round at least one loop on the way. A cell may lie
//! on a circuit more than once (where the circuit crosses itself) and on several circuits: a
//! slide starts from every place the cell has on every circuit, either way, and each capture
//! (from, to) is one move however many slides reach it. The move is a plain capture by
//! replacement. Each way round a circuit is compiled as its own list, written twice over, so a
//! slide is a straight walk along it.
//!
//! A random playout counts these captures instead of listing them ([`CircuitBits`]): each
//! way's occupied places are one word, found once per position, so a piece's slide from a
//! place is a shift to the next occupied place and a mask of the loops passed on the way.

use crate::engine::{Move, Position};
use crate::geometry::Cell;

/// The most ways (each circuit twice, once each way round) a counted circuits rule may have:
/// Surakarta's two circuits. A rule of more circuits is listed.
const MAX_WAYS: usize = 4;

/// The most places one way round a circuit may have to be counted: kept twice over, the
/// places fill one word.
const MAX_PLACES: usize = 32;

/// The most places a cell may have on all the ways of a counted circuits rule.
const MAX_AT: usize = 8;

/// A circuits rule's ways as bits, for counting its captures on bitboards: built once per
/// game, for boards of at most 64 cells.
#[derive(Debug)]
pub(in crate::engine) struct CircuitBits {
    /// Per way, bit `k` where a loop leads from place `k` to place `k + 1` (both rounds).
    loops: [u64; MAX_WAYS],
    /// Per way, the cell at each place (both rounds).
    cells: [[Cell; 2 * MAX_PLACES]; MAX_WAYS],
    /// Per cell and way, the places the cell has on the way (both rounds).
    places: Box<[[u64; MAX_WAYS]; 64]>,
    /// Per cell, its places in the order of the rule's `at`, and how many.
    starts: Box<[([Start; MAX_AT], u8); 64]>,
    /// The cells on some circuit.
    on: u64,
}

/// A place a slide may start from.
#[derive(Clone, Copy, Debug, Default)]
struct Start {
    way: u8,
    /// The place's own bit.
    bit: u64,
    /// The places after it, up to the same place a round later, other than those of its
    /// own cell (which a slide passes through).
    ahead: u64,
}

impl CircuitBits {
    /// The tables of a circuits rule's `ways` and `at` (see [`crate::engine::Rule`]) on a
    /// board of `cells` cells, or `None` where they do not fit in words.
    pub(in crate::engine) fn new(
        ways: &[Vec<(Cell, bool)>],
        at: &[Vec<(u8, u8)>],
        cells: usize,
    ) -> Option<Self> {
        if ways.len() > MAX_WAYS || cells > 64 || at.len() != cells {
            return None;
        }
        let mut bits = CircuitBits {
            loops: [0; MAX_WAYS],
            cells: [[0; 2 * MAX_PLACES]; MAX_WAYS],
            places: Box::new([[0; MAX_WAYS]; 64]),
            starts: Box::new([([Start::default(); MAX_AT], 0); 64]),
            on: 0,
        };
        for (w, way) in ways.iter().enumerate() {
            if way.len() > 2 * MAX_PLACES {
                return None;
            }
            for (k, &(c, looped)) in way.iter().enumerate() {
                bits.loops[w] |= u64::from(looped) << k;
                bits.cells[w][k] = c;
                *bits.places.get_mut(c as usize)?.get_mut(w)? |= 1 << k;
                bits.on |= 1 << c;
            }
        }
        for (c, places) in at.iter().enumerate() {
            if places.len() > MAX_AT {
                return None;
            }
            let (starts, n) = &mut bits.starts[c];
            for (s, &(w, i)) in starts.iter_mut().zip(places) {
                let round = 1u64.checked_shl(u32::from(i) + 1)?;
                let own = bits.places[c].get(w as usize)?;
                // Places i + 1 .. i + n (n places a round): the whole way once round.
                let n = (ways.get(w as usize)?.len() / 2) as u32;
                let end = 1u64.checked_shl(u32::from(i) + n)?;
                *s = Start {
                    way: w,
                    bit: round >> 1,
                    ahead: (end - 1) & !(round - 1) & !own,
                };
            }
            *n = places.len() as u8;
        }
        Some(bits)
    }

    /// Per way, its places where a piece stands (`occupied`: the board's pieces as bits).
    #[inline]
    pub(in crate::engine) fn occupancy(&self, occupied: u64) -> [u64; MAX_WAYS] {
        let mut occ = [0; MAX_WAYS];
        let mut o = occupied & self.on;
        while o != 0 {
            let c = o.trailing_zeros() as usize;
            o &= o - 1;
            // Every way, used or not: a fixed loop the compiler unrolls.
            let places = &self.places[c & 63];
            for w in 0..MAX_WAYS {
                occ[w] |= places[w];
            }
        }
        occ
    }

    /// The cells the piece on `c` captures on, given the ways' occupied places `occ` and the
    /// enemy pieces `theirs`: from each of its places, the next occupied place other than its
    /// own, if an enemy stands there and a loop lies between. As [`Position::circuit_moves`]
    /// finds them, for pieces none of which is immune to capture.
    #[inline]
    pub(in crate::engine) fn targets(&self, c: Cell, occ: &[u64; MAX_WAYS], theirs: u64) -> u64 {
        let mut targets = 0;
        let (starts, n) = &self.starts[c as usize & 63];
        for s in &starts[..usize::from(*n).min(MAX_AT)] {
            let w = s.way as usize & (MAX_WAYS - 1);
            let ahead = occ[w] & s.ahead;
            if ahead == 0 {
                continue;
            }
            let p = ahead.trailing_zeros() as usize;
            // The loops from this place up to the one before the piece met.
            let passed = (1u64 << p) - s.bit;
            if self.loops[w] & passed == 0 {
                continue;
            }
            let t = self.cells[w][p & (2 * MAX_PLACES - 1)];
            targets |= (theirs >> t & 1) << t;
        }
        targets
    }
}

impl Position<'_> {
    pub(in crate::engine) fn circuit_moves(
        &self,
        ways: &[Vec<(Cell, bool)>],
        at: &[(u8, u8)],
        c: Cell,
        code: u8,
        out: &mut Vec<Move>,
    ) {
        let start = out.len();
        for &(w, i) in at {
            let way = &ways[w as usize];
            let n = way.len() / 2;
            let i = i as usize;
            let mut looped = false;
            for k in i + 1..i + n {
                looped |= way[k - 1].1;
                let t = way[k].0;
                if t == c {
                    continue;
                }
                let occ = self.cells[t as usize];
                if occ == 0 {
                    continue;
                }
                if looped
                    && self.enemy_of(occ)
                    && !self.unkillable(t)
                    && !out[start..].iter().any(|m| m.to == t)
                {
                    let mut m = Move::new(c, t);
                    m.ncap = 1;
                    m.caps[0] = t;
                    self.emit(m, code, out);
                }
                break;
            }
        }
    }
}
