//! `jump DIRS over HURDLE [gap A..B] [beyond A..B] [landing REGION] [repeatedly]`: over one
//! piece to a cell beyond it, capturing it if it is an enemy; repeatedly, a chain of jumps
//! (draughts). A chain that takes nothing matters only by where it ends: one move per end,
//! found breadth-first. The bitboard generator asks `Position::jump_starts` which pieces
//! can jump at all.

use super::walk::route;
use crate::engine::movegen::Sides;
use crate::engine::{Bitboards, Move, Position, Rule, MAX_MOVES};
use crate::geometry::{Cell, CellSet, NONE};
use crate::model::Hurdle;

/// State threaded through a jump chain.
pub(in crate::engine) struct Chain<'a> {
    pub(in crate::engine) start: Cell,
    pub(in crate::engine) code: u8,
    dirs: &'a [u8],
    hurdle: Hurdle,
    gap: (u8, u8),
    beyond: (u8, u8),
    landing: Option<CellSet>,
    pub(in crate::engine) repeatedly: bool,
    captured: CellSet,
    pub(in crate::engine) visited: CellSet,
}

impl Position<'_> {
    /// The moves of one jump rule for the piece on `c`.
    #[allow(clippy::too_many_arguments)]
    pub(in crate::engine) fn jump_moves(
        &self,
        c: Cell,
        code: u8,
        dirs: &[u8],
        hurdle: Hurdle,
        gap: (u8, u8),
        beyond: (u8, u8),
        landing: Option<CellSet>,
        repeatedly: bool,
        out: &mut Vec<Move>,
    ) {
        let b = &self.game.board;
        // Most pieces have no jump at all: look for a possible first jump (a hurdle of the
        // right side within the gap, an empty cell right behind it) before setting up a
        // chain.
        let possible = dirs.iter().any(|&d| {
            let mut t = c;
            let mut gap_len = 0u8;
            loop {
                t = b.step(t, d);
                if t == NONE {
                    return false;
                }
                if self.cells[t as usize] != 0 {
                    break;
                }
                gap_len += 1;
                if gap_len > gap.1 {
                    return false;
                }
            }
            let enemy = self.enemy_of(self.cells[t as usize]);
            let right_side = match hurdle {
                Hurdle::Enemy => enemy,
                Hurdle::Friend => !enemy,
                Hurdle::Any => true,
            };
            let behind = b.step(t, d);
            gap_len >= gap.0
                && right_side
                && behind != NONE
                && (behind == c || self.cells[behind as usize] == 0)
        });
        if !possible {
            return;
        }
        let mut chain = Chain {
            start: c,
            code,
            dirs,
            hurdle,
            gap,
            beyond,
            landing,
            repeatedly,
            captured: CellSet::EMPTY,
            visited: CellSet::EMPTY,
        };
        chain.visited.insert(c);
        if repeatedly && hurdle != Hurdle::Enemy {
            // Nothing is taken, so only where a chain ends matters: one move per cell.
            self.jump_ends(&mut chain, out);
            return;
        }
        let mut m = Move::new(c, c);
        self.jump(&mut chain, c, &mut m, out);
    }

    /// Extends a jump chain from `at`; returns whether any jump was possible. The chain's
    /// captures and landings have no cap ([`Move::push_capture`]); the number of moves has:
    /// once `out` holds more than [`MAX_MOVES`], the search stops (answering that the chain
    /// went on, so that nothing more is listed) and the caller reports the excess.
    pub(in crate::engine) fn jump(
        &self,
        ch: &mut Chain,
        at: Cell,
        m: &mut Move,
        out: &mut Vec<Move>,
    ) -> bool {
        if out.len() > MAX_MOVES {
            return true;
        }
        let b = &self.game.board;
        let start = ch.start;
        let occupied = |x: Cell| x != start && self.cells[x as usize] != 0;
        let mut any = false;
        for &d in ch.dirs {
            // Find the hurdle: the first occupied cell, after `gap` empty ones.
            let mut t = at;
            let mut gap = 0u8;
            let hurdle = loop {
                t = b.step(t, d);
                if t == NONE || occupied(t) {
                    break t;
                }
                gap += 1;
                if gap > ch.gap.1 {
                    break NONE;
                }
            };
            if hurdle == NONE || gap < ch.gap.0 || ch.captured.contains(hurdle) {
                continue;
            }
            let enemy = self.enemy_of(self.cells[hurdle as usize]);
            let capturing = match ch.hurdle {
                Hurdle::Enemy if enemy && !self.unkillable(hurdle) => true,
                Hurdle::Friend if !enemy => false,
                Hurdle::Any => false,
                _ => continue,
            };
            let mut l = hurdle;
            let mut dist = 0u8;
            loop {
                l = b.step(l, d);
                if l == NONE || occupied(l) {
                    break;
                }
                dist += 1;
                if dist > ch.beyond.1 {
                    break;
                }
                if dist < ch.beyond.0
                    || ch.landing.is_some_and(|r| !r.contains(l))
                    || (!capturing && ch.visited.contains(l))
                {
                    continue;
                }
                any = true;
                if capturing {
                    m.push_capture(hurdle);
                    ch.captured.insert(hurdle);
                }
                m.push_landing(l);
                let was_visited = ch.visited.contains(l);
                ch.visited.insert(l);
                let continued = ch.repeatedly && self.jump(ch, l, m, out);
                if !continued {
                    m.to = l;
                    self.emit(m.clone(), ch.code, out);
                }
                if !was_visited {
                    ch.visited.remove(l);
                }
                m.pop_landing();
                if capturing {
                    m.pop_capture();
                    ch.captured.remove(hurdle);
                }
            }
        }
        any
    }

    /// A chain of jumps over friends or any pieces that takes nothing (`repeatedly`): every
    /// cell some chain of one or more jumps reaches is one move; the chain may stop anywhere.
    pub(in crate::engine) fn jump_ends(&self, ch: &mut Chain, out: &mut Vec<Move>) {
        let c = ch.start;
        let mut parent = [NONE; crate::geometry::MAX_CELLS];
        let mut queue = [NONE; crate::geometry::MAX_CELLS];
        queue[0] = c;
        let (mut head, mut tail) = (0, 1);
        ch.repeatedly = false;
        while head < tail {
            let at = queue[head];
            head += 1;
            // The single jumps from `at`, generated by the chain itself (landings already
            // reached are skipped there), then taken back off the list.
            let before = out.len();
            let mut probe = Move::new(c, c);
            self.jump(ch, at, &mut probe, out);
            for m in &out[before..] {
                let l = m.to;
                if !ch.visited.contains(l) {
                    ch.visited.insert(l);
                    parent[l as usize] = at;
                    queue[tail] = l;
                    tail += 1;
                }
            }
            out.truncate(before);
        }
        for &l in &queue[1..tail] {
            let mut m = Move::new(c, l);
            route(&parent, c, l, &mut m);
            self.emit(m, ch.code, out);
        }
    }

    /// The moves of a jump rule without `repeatedly` for the piece on `c`, found on ray
    /// masks: in each direction the first piece met is the hurdle where the empty cells
    /// before it number within the gap, and the landings are the empty cells beyond it at a
    /// distance within `beyond`, in the landing region. The very moves, in the very order,
    /// of [`Position::jump_moves`].
    #[allow(clippy::too_many_arguments)]
    pub(in crate::engine) fn single_jumps(
        &self,
        bits: &Bitboards,
        sides: &Sides,
        c: Cell,
        code: u8,
        dirs: &[u8],
        hurdle: Hurdle,
        gap: (u8, u8),
        beyond: (u8, u8),
        landing: Option<CellSet>,
        out: &mut Vec<Move>,
    ) {
        let occupied = !sides.empty;
        let hurdles = hurdle_cells(hurdle, sides);
        let region = landing.map_or(!0, |r| r.low_word());
        for &d in dirs {
            let (before, first) = bits.run(c, d, occupied);
            let Some(h) = first else { continue };
            let gap_len = before.count_ones();
            if hurdles >> h & 1 == 0 || gap_len < u32::from(gap.0) || gap_len > u32::from(gap.1) {
                continue;
            }
            let (mut beyond_cells, _) = bits.run(h, d, occupied);
            let ascending = bits.shift[d as usize & 7] > 0;
            let mut dist = 0u8;
            while beyond_cells != 0 && dist < beyond.1 {
                let l = if ascending {
                    beyond_cells.trailing_zeros()
                } else {
                    63 - beyond_cells.leading_zeros()
                };
                beyond_cells &= !(1u64 << l);
                dist += 1;
                if dist < beyond.0 || region >> l & 1 == 0 {
                    continue;
                }
                let mut m = Move::new(c, l as Cell);
                if hurdle == Hurdle::Enemy {
                    m.caps[0] = h;
                    m.ncap = 1;
                }
                m.path[0] = l as Cell;
                m.npath = 1;
                self.emit(m, code, out);
            }
        }
    }

    /// Of `pieces`, those worth trying for the jump `rule` piece by piece: all of them where
    /// a single jump ([`Position::single_jumps`], a few mask operations per direction) costs
    /// less for so few pieces than the shifts of [`Position::jump_starts`] over every
    /// distance of the gap, else those it finds.
    pub(in crate::engine) fn jump_candidates(
        &self,
        bits: &Bitboards,
        rule: &Rule,
        pieces: u64,
        sides: &Sides,
    ) -> u64 {
        match rule {
            Rule::Jump {
                gap,
                repeatedly: false,
                ..
            } if pieces.count_ones() <= u32::from(gap.1.min(7)) + 1 => pieces,
            _ => self.jump_starts(bits, rule, pieces, sides).0,
        }
    }

    /// Of `pieces`, those that may start the jump `rule`: in some direction, after an allowed
    /// number of empty cells, a hurdle and then an empty cell. A superset of the pieces that
    /// can jump; `exact` when it is exactly those (a capturing jump with no landing region,
    /// where the first cell behind the hurdle may be a landing).
    pub(in crate::engine) fn jump_starts(
        &self,
        bits: &Bitboards,
        rule: &Rule,
        pieces: u64,
        sides: &Sides,
    ) -> (u64, bool) {
        let Rule::Jump {
            dirs,
            hurdle,
            gap,
            beyond,
            landing,
            ..
        } = rule
        else {
            return (pieces, false);
        };
        let hurdles = hurdle_cells(*hurdle, sides);
        let b = &self.game.board;
        let mut found = 0;
        for &d in dirs {
            let back = b.opposite[d as usize];
            // `run`: pieces with `k` empty cells ahead; `h`, `e`: cells whose (k+1)-th and
            // (k+2)-th cells ahead are a hurdle and empty.
            let mut run = pieces;
            let mut h = bits.step(hurdles, back);
            let mut ahead_empty = bits.step(sides.empty, back);
            let mut e = bits.step(ahead_empty, back);
            let mut k = 0u8;
            loop {
                if k >= gap.0 {
                    found |= run & h & e;
                }
                // The next distance's masks only where there is one to read.
                run &= ahead_empty;
                if run == 0 || k == gap.1 {
                    break;
                }
                h = bits.step(h, back);
                e = bits.step(e, back);
                ahead_empty = bits.step(ahead_empty, back);
                k += 1;
            }
        }
        let exact = *hurdle == Hurdle::Enemy && landing.is_none() && beyond.0 <= 1;
        (found & pieces, exact)
    }
}

/// Whether any of `pieces` may start a jump over a `hurdle` right beside it (no gap), the
/// directions given back from the hurdle to the jumper (`backs`): what
/// [`Position::jump_starts`] finds for such a jump, in one shift per direction, stopping at
/// the first direction with a start.
#[inline]
pub(in crate::engine) fn adjacent_jump_may_start(
    bits: &Bitboards,
    hurdle: Hurdle,
    backs: &[u8],
    pieces: u64,
    sides: &Sides,
) -> bool {
    let hurdles = hurdle_cells(hurdle, sides);
    backs.iter().any(|&back| {
        let beyond_empty = bits.step(bits.step(sides.empty, back), back);
        pieces & bits.step(hurdles, back) & beyond_empty != 0
    })
}

/// The cells whose pieces may be a hurdle of a jump over `hurdle`.
#[inline]
pub(in crate::engine) fn hurdle_cells(hurdle: Hurdle, sides: &Sides) -> u64 {
    match hurdle {
        Hurdle::Enemy => sides.theirs,
        Hurdle::Friend => sides.mine,
        Hurdle::Any => sides.mine | sides.theirs,
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{game, moves};

    #[test]
    fn a_capturing_chain_jumps_on_while_it_can() {
        let g = game(
            "square 5 x 5",
            "man \"M\"",
            &["jump diagonal over enemy repeatedly"],
        );
        // a1 over b2 to c3, then over d4 to e5: one move, both taken.
        assert_eq!(moves(&g, "5/3m1/5/1m3/M4 w"), ["a1xc3xe5"]);
        // Without `repeatedly` the jump stops at c3.
        let g = game("square 5 x 5", "man \"M\"", &["jump diagonal over enemy"]);
        assert_eq!(moves(&g, "5/3m1/5/1m3/M4 w"), ["a1xc3"]);
    }

    #[test]
    fn a_single_jump_keeps_to_its_gap_distances_and_landing_cells() {
        // Over an enemy after one or two empty cells, landing two or three cells beyond it,
        // on the a1 colour only; 6 x 6 boards have bitboards, so the jumps are found on ray
        // masks (`single_jumps`), and must be what the per-piece walk finds.
        let g = game(
            "square 6 x 6",
            "hopper \"H\"",
            &["jump orthogonal over enemy gap 1..2 beyond 2..3 landing on dark"],
        );
        assert!(g.bitboards.is_some());
        // North: gap 1 (a2), hurdle a3, a5 (dark) at distance 2, a6 at 3 (light). East: gap
        // 0 to b1: too close. Nothing else.
        let pos = "6/6/6/h5/6/Hh4 w";
        assert_eq!(moves(&g, pos), ["a1xa5"]);
        let at = super::super::testing::at(&g, pos);
        let (mut general, mut listed) = (Vec::new(), Vec::new());
        at.pseudo_legal_moves_general(&mut general);
        at.pseudo_legal_moves(&mut listed);
        let text =
            |ms: &[crate::engine::Move]| ms.iter().map(|m| at.move_text(m)).collect::<Vec<_>>();
        assert_eq!(text(&general), text(&listed));
        // A gap of three is too long; a friend is no hurdle.
        assert!(moves(&g, "h5/6/6/6/6/H5 w").is_empty());
        assert!(moves(&g, "6/6/6/H5/6/H5 w").is_empty());
        // Without a landing region, every empty cell two or three beyond the hurdle: never
        // the cell right behind it.
        let g = game(
            "square 6 x 6",
            "hopper \"H\"",
            &["jump north over enemy gap 0..1 beyond 2..3"],
        );
        assert_eq!(moves(&g, "6/6/6/6/h5/H5 w"), ["a1xa4", "a1xa5"]);
        assert_eq!(moves(&g, "6/6/6/h5/6/H5 w"), ["a1xa5", "a1xa6"]);
    }

    #[test]
    fn a_chain_over_friends_is_one_move_per_end() {
        let g = game(
            "square 5 x 5",
            "hopper \"H\"",
            &["jump orthogonal over any repeatedly"],
        );
        // a1 over a2 to a3 (and on over b3 to c3, written by its route) or over b1 to c1;
        // no other hopper has a piece next to it with an empty cell behind.
        assert_eq!(
            moves(&g, "5/5/1H3/H4/HH3 w"),
            ["a1-a3", "a1-a3-c3", "a1-c1"]
        );
    }
}
