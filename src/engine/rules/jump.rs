//! `jump DIRS over HURDLE [gap A..B] [beyond A..B] [landing REGION] [repeatedly]`: over one
//! piece to a cell beyond it, capturing it if it is an enemy; repeatedly, a chain of jumps
//! (draughts). A chain that takes nothing matters only by where it ends: one move per end,
//! found breadth-first. The bitboard generator asks `Position::jump_starts` which pieces
//! can jump at all.
//!
//! A chain that captures goes on by any of the piece's capturing chain rules ([`Chains`]):
//! a man of Frisian draughts mixes its diagonal and orthogonal jumps, a Russian man crowned
//! on the way (`even during a capture`) goes on by the king's. It must go on while it can,
//! and where one jump has several landings (a flying king), it must land where it can go on
//! if any landing allows it. Captured pieces stay on the board until the move ends (they
//! block and cannot be jumped twice), or with `captured pieces are removed at once` leave
//! their cells empty at once (Turkish draughts).

use super::walk::route;
use crate::engine::movegen::Sides;
use crate::engine::{Bitboards, Move, Position, Rule, MAX_MOVES};
use crate::geometry::{Cell, CellSet, NONE};
use crate::model::{Hurdle, JumpRule};

/// How the game's capturing chains go on, built once per game.
#[derive(Clone, Debug, Default)]
pub struct Chains {
    /// `captured pieces are removed at once`.
    pub at_once: bool,
    /// Indexed by piece code: the indices in the piece's rules of its capturing chain rules
    /// (`jump ... over enemy repeatedly`), by any of which a chain goes on after each jump.
    pub links: Vec<Vec<u8>>,
    /// Indexed by piece code: the code the piece becomes where a chain lands in its
    /// promotion region (`even during a capture`), or 0, and that region.
    pub crown: Vec<(u8, CellSet)>,
}

impl Chains {
    /// The chain rules of a game's compiled `rules` and promotions; `in_chain[c]`: piece code
    /// `c` is crowned during a capture.
    pub fn build(
        rules: &[Vec<Rule>],
        promotion: &[Option<(Vec<u8>, CellSet)>],
        in_chain: &[bool],
        at_once: bool,
    ) -> Chains {
        let links = rules
            .iter()
            .map(|rs| {
                (0..rs.len() as u8)
                    .filter(|&i| {
                        matches!(
                            rs[i as usize],
                            Rule::Jump(JumpRule {
                                hurdle: Hurdle::Enemy,
                                repeatedly: true,
                                ..
                            })
                        )
                    })
                    .collect()
            })
            .collect();
        let crown = promotion
            .iter()
            .zip(in_chain)
            .map(|(p, &crowned)| match p {
                Some((to, region)) if crowned && to.len() == 1 => (to[0], *region),
                _ => (0, CellSet::EMPTY),
            })
            .collect();
        Chains {
            at_once,
            links,
            crown,
        }
    }
}

/// One jump rule's parameters, borrowed from its [`Rule::Jump`].
#[derive(Clone, Copy)]
struct Spec<'a> {
    dirs: &'a [u8],
    hurdle: Hurdle,
    kinds: &'a Option<u128>,
    gap: (u8, u8),
    beyond: (u8, u8),
    landing: &'a Option<CellSet>,
    no_turning_back: bool,
    straight: bool,
    may_stop: bool,
}

impl<'a> Spec<'a> {
    #[inline]
    fn of(rule: &'a Rule) -> Option<Spec<'a>> {
        match rule {
            Rule::Jump(JumpRule {
                dirs,
                hurdle,
                gap,
                beyond,
                landing,
                kinds,
                no_turning_back,
                straight,
                may_stop,
                ..
            }) => Some(Spec {
                dirs,
                hurdle: *hurdle,
                kinds,
                gap: *gap,
                beyond: *beyond,
                landing,
                no_turning_back: *no_turning_back,
                straight: *straight,
                may_stop: *may_stop,
            }),
            _ => None,
        }
    }
}

/// No direction: the chain has not jumped yet.
const NO_DIR: u8 = u8::MAX;

/// State threaded through a jump chain.
pub(in crate::engine) struct Chain<'a> {
    /// The rule the chain started by, where it is the piece's only chain rule: then the
    /// chain goes on by it alone until the piece is crowned.
    sole: Option<Spec<'a>>,
    start: Cell,
    /// The moving piece's code.
    code: u8,
    /// The code whose rules the chain jumps by: `code`, or what it was crowned to.
    now: u8,
    repeatedly: bool,
    captured: CellSet,
    visited: CellSet,
    /// The direction of the last jump, or [`NO_DIR`].
    last_dir: u8,
    /// The chain may end after any jump (`may stop after any jump` on its first rule).
    may_stop: bool,
}

impl Position<'_> {
    /// The moves of the jump `rule` for the piece `code` on `c`.
    pub(in crate::engine) fn jump_moves(
        &self,
        rule: &Rule,
        c: Cell,
        code: u8,
        out: &mut Vec<Move>,
    ) {
        let (Some(spec), Rule::Jump(JumpRule { repeatedly, .. })) = (Spec::of(rule), rule) else {
            return;
        };
        let b = &self.game.board;
        // Most pieces have no jump at all: look for a possible first jump (a hurdle of the
        // right side within the gap, an empty cell right behind it) before setting up a
        // chain.
        let possible = spec.dirs.iter().any(|&d| {
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
                if gap_len > spec.gap.1 {
                    return false;
                }
            }
            let enemy = self.enemy_of(self.cells[t as usize]);
            let right_side = match spec.hurdle {
                Hurdle::Enemy => enemy,
                Hurdle::Friend => !enemy,
                Hurdle::Any => true,
            };
            let behind = b.step(t, d);
            gap_len >= spec.gap.0
                && right_side
                && behind != NONE
                && (behind == c || self.cells[behind as usize] == 0)
        });
        if !possible {
            return;
        }
        let links = &self.game.chains.links[code as usize];
        let sole = (links.len() == 1
            && std::ptr::eq(&self.game.rules[code as usize][links[0] as usize], rule))
        .then_some(spec);
        let mut chain = Chain {
            sole,
            start: c,
            code,
            now: code,
            repeatedly: *repeatedly,
            captured: CellSet::EMPTY,
            visited: CellSet::EMPTY,
            last_dir: NO_DIR,
            may_stop: spec.may_stop,
        };
        chain.visited.insert(c);
        if *repeatedly && spec.hurdle != Hurdle::Enemy {
            // Nothing is taken, so only where a chain ends matters: one move per cell.
            self.jump_ends(&mut chain, &spec, out);
            return;
        }
        let mut m = Move::new(c, c);
        let g = self.game;
        let lean = chain.sole.is_some()
            && g.chains.crown[code as usize].0 == 0
            && !g.chains.at_once
            && !spec.no_turning_back
            && !spec.straight
            && !spec.may_stop
            && spec.kinds.is_none()
            && spec.beyond.1 <= 1;
        if lean {
            self.jump_by::<false>(&mut chain, &spec, c, &mut m, out);
        } else {
            self.jump_by::<true>(&mut chain, &spec, c, &mut m, out);
        }
    }

    /// Extends a capturing chain from `at` by every chain rule of the piece it now is;
    /// returns whether any jump was possible.
    fn jump_on(&self, ch: &mut Chain, at: Cell, m: &mut Move, out: &mut Vec<Move>) -> bool {
        if let (Some(spec), true) = (ch.sole, ch.now == ch.code) {
            return self.jump_by::<true>(ch, &spec, at, m, out);
        }
        let g = self.game;
        let rules = &g.rules[ch.now as usize];
        let mut any = false;
        for &i in &g.chains.links[ch.now as usize] {
            if let Some(spec) = Spec::of(&rules[i as usize]) {
                any |= self.jump_by::<true>(ch, &spec, at, m, out);
            }
        }
        any
    }

    /// Extends a jump chain from `at` by the jump `spec`; returns whether any jump was
    /// possible. Without `FULL`, the lean form for a chain by one rule alone, with one
    /// landing per jump, no crowning, no condition on direction or kind and captured pieces
    /// kept to the end (draughts men): it goes on by that rule directly. The chain's captures and landings have no cap ([`Move::push_capture`]); the
    /// number of moves has: once `out` holds more than [`MAX_MOVES`], the search stops
    /// (answering that the chain went on, so that nothing more is listed) and the caller
    /// reports the excess.
    fn jump_by<const FULL: bool>(
        &self,
        ch: &mut Chain,
        spec: &Spec,
        at: Cell,
        m: &mut Move,
        out: &mut Vec<Move>,
    ) -> bool {
        if out.len() > MAX_MOVES {
            return true;
        }
        let g = self.game;
        let b = &g.board;
        let start = ch.start;
        let at_once = g.chains.at_once;
        let occupied = |ch: &Chain, x: Cell| {
            x != start
                && self.cells[x as usize] != 0
                && !(FULL && at_once && ch.captured.contains(x))
        };
        let back = if FULL && spec.no_turning_back && ch.last_dir != NO_DIR {
            b.opposite[ch.last_dir as usize]
        } else {
            NO_DIR
        };
        let mut any = false;
        for &d in spec.dirs {
            if d == back || (FULL && spec.straight && ch.last_dir != NO_DIR && d != ch.last_dir) {
                continue;
            }
            // Find the hurdle: the first occupied cell, after `gap` empty ones.
            let mut t = at;
            let mut gap = 0u8;
            let hurdle = loop {
                t = b.step(t, d);
                if t == NONE || occupied(ch, t) {
                    break t;
                }
                gap += 1;
                if gap > spec.gap.1 {
                    break NONE;
                }
            };
            if hurdle == NONE || gap < spec.gap.0 || ch.captured.contains(hurdle) {
                continue;
            }
            let piece = self.cells[hurdle as usize];
            let enemy = self.enemy_of(piece);
            let capturing = match spec.hurdle {
                Hurdle::Enemy
                    if enemy
                        && !self.unkillable(hurdle)
                        && (!FULL
                            || spec
                                .kinds
                                .is_none_or(|k| k >> self.game.kind_of(piece) & 1 != 0)) =>
                {
                    true
                }
                Hurdle::Friend if !enemy => false,
                Hurdle::Any => false,
                _ => continue,
            };
            // A capturing chain must land where it can go on if any landing allows it: the
            // landings that end it are kept (by distance) until every landing is tried.
            let chained = capturing && ch.repeatedly;
            let mut ends = 0u64;
            let mut went_on = false;
            let mut l = hurdle;
            let mut dist = 0u8;
            loop {
                l = b.step(l, d);
                if l == NONE || occupied(ch, l) {
                    break;
                }
                dist += 1;
                if dist > spec.beyond.1 {
                    break;
                }
                if dist < spec.beyond.0
                    || spec.landing.is_some_and(|r| !r.contains(l))
                    || (!capturing && ch.visited.contains(l))
                    || g.leaves_stay(ch.code, at, l)
                {
                    continue;
                }
                any = true;
                if !chained {
                    m.push_landing(l);
                    if capturing {
                        m.push_capture(hurdle);
                    }
                    m.to = l;
                    self.emit(m.clone(), ch.code, out);
                    if capturing {
                        m.pop_capture();
                    }
                    m.pop_landing();
                    continue;
                }
                if !FULL {
                    m.push_capture(hurdle);
                    ch.captured.insert(hurdle);
                    m.push_landing(l);
                    if !self.jump_by::<false>(ch, spec, l, m, out) {
                        m.to = l;
                        self.emit(m.clone(), ch.code, out);
                    }
                    m.pop_landing();
                    ch.captured.remove(hurdle);
                    m.pop_capture();
                    continue;
                }
                // With one landing at most (a man's jump), or where the chain may stop
                // anywhere, an end is listed at once.
                let single = spec.beyond.1 <= 1 || ch.may_stop;
                if self.jump_from_landing(ch, d, hurdle, l, m, out, single) {
                    went_on = true;
                } else if single {
                } else if dist < 64 {
                    ends |= 1 << dist;
                } else {
                    self.end_chain(ch, hurdle, l, m, out);
                }
            }
            if !went_on && ends != 0 {
                let mut l = hurdle;
                let mut dist = 0u8;
                while dist < 63 && ends >> (dist + 1) != 0 {
                    l = b.step(l, d);
                    dist += 1;
                    if ends >> dist & 1 != 0 {
                        self.end_chain(ch, hurdle, l, m, out);
                    }
                }
            }
        }
        any
    }

    /// A capturing chain lands on `l` over `hurdle` (jumping in direction `d`) and goes on
    /// from there if it can (crowned first where the piece is crowned during a capture);
    /// returns whether it went on. Where it cannot and `end_here`, the chain ending there is
    /// listed. The chain's state is as it was on return.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn jump_from_landing(
        &self,
        ch: &mut Chain,
        d: u8,
        hurdle: Cell,
        l: Cell,
        m: &mut Move,
        out: &mut Vec<Move>,
        end_here: bool,
    ) -> bool {
        m.push_capture(hurdle);
        ch.captured.insert(hurdle);
        m.push_landing(l);
        let was_visited = ch.visited.contains(l);
        ch.visited.insert(l);
        let (now, last_dir) = (ch.now, ch.last_dir);
        let (crown, region) = &self.game.chains.crown[now as usize];
        if *crown != 0 && region.contains(l) {
            ch.now = *crown;
        }
        ch.last_dir = d;
        if end_here && ch.may_stop {
            // Stopping here is a move whether or not the chain could go on.
            m.to = l;
            self.list_chain(m, ch.code, ch.now, out);
        }
        let went_on = self.jump_on(ch, l, m, out);
        if !went_on && end_here && !ch.may_stop {
            m.to = l;
            self.list_chain(m, ch.code, ch.now, out);
        }
        ch.now = now;
        ch.last_dir = last_dir;
        if !was_visited {
            ch.visited.remove(l);
        }
        m.pop_landing();
        ch.captured.remove(hurdle);
        m.pop_capture();
        went_on
    }

    /// Lists the chain ending on `l` over `hurdle`: promoted to what it was crowned to on the
    /// way, else as its promotion rule says where it ends.
    fn end_chain(&self, ch: &Chain, hurdle: Cell, l: Cell, m: &mut Move, out: &mut Vec<Move>) {
        m.push_capture(hurdle);
        m.push_landing(l);
        m.to = l;
        let mut now = ch.now;
        let (crown, region) = &self.game.chains.crown[now as usize];
        if *crown != 0 && region.contains(l) {
            now = *crown;
        }
        self.list_chain(m, ch.code, now, out);
        m.pop_landing();
        m.pop_capture();
    }

    /// Lists the finished chain `m` of the piece `code`, which is `now` at its end: promoted
    /// to it if it was crowned on the way, else as its promotion rule says.
    #[inline]
    fn list_chain(&self, m: &Move, code: u8, now: u8, out: &mut Vec<Move>) {
        if now == code {
            self.emit(m.clone(), code, out);
        } else {
            let mut done = m.clone();
            done.promote = now;
            self.emit(done, now, out);
        }
    }

    /// A chain of jumps over friends or any pieces that takes nothing (`repeatedly`): every
    /// cell some chain of one or more jumps reaches is one move; the chain may stop anywhere.
    fn jump_ends(&self, ch: &mut Chain, spec: &Spec, out: &mut Vec<Move>) {
        if self.game.plain_emit[ch.code as usize]
            && spec.gap == (0, 0)
            && spec.beyond == (1, 1)
            && spec.landing.is_none()
        {
            self.hop_ends(ch, spec, out);
            return;
        }
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
            self.jump_by::<true>(ch, spec, at, &mut probe, out);
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

    /// [`Position::jump_ends`] for hops over a piece right beside to the cell right behind it,
    /// where every end is listed as it is (Halma, Chinese checkers): breadth-first over the
    /// moves themselves, each new end the move of the end it was first reached from, one hop
    /// longer, so that nothing is set up but the set of cells reached. The very moves, in the
    /// very order, of the general search.
    fn hop_ends(&self, ch: &mut Chain, spec: &Spec, out: &mut Vec<Move>) {
        let b = &self.game.board;
        let c = ch.start;
        let friends_only = spec.hurdle == Hurdle::Friend;
        // The start counts as empty: it is no hurdle, and (visited) no landing either.
        let occupied = |x: Cell| x != c && self.cells[x as usize] != 0;
        let mut next = out.len();
        let mut at = c;
        // The move that reached `at`, or none for the start.
        let mut reached_by = None;
        loop {
            for &d in spec.dirs {
                let h = b.step(at, d);
                if h == NONE || !occupied(h) {
                    continue;
                }
                if friends_only && self.enemy_of(self.cells[h as usize]) {
                    continue;
                }
                let l = b.step(h, d);
                if l == NONE
                    || ch.visited.contains(l)
                    || occupied(l)
                    || self.game.leaves_stay(ch.code, at, l)
                {
                    continue;
                }
                ch.visited.insert(l);
                let mut m = match reached_by {
                    Some(i) => {
                        let m: &Move = &out[i];
                        m.clone()
                    }
                    None => Move::new(c, c),
                };
                m.push_landing(l);
                m.to = l;
                out.push(m);
            }
            if next == out.len() || out.len() > MAX_MOVES {
                return;
            }
            at = out[next].to;
            reached_by = Some(next);
            next += 1;
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
        kinds: Option<u128>,
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
            if kinds.is_some_and(|k| k >> self.game.kind_of(self.cells[h as usize]) & 1 == 0) {
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

    /// The moves of a straight capturing chain that may stop after any jump (`jump DIRS over
    /// enemy repeatedly in a straight line, may stop after any jump`, Konane) for the pieces
    /// `pieces` of `code`, found on bitboards: in each direction, the pieces that can make k
    /// jumps are those that could make k - 1 with an enemy 2k - 1 cells ahead and an empty
    /// cell 2k cells ahead, every k a move. A chain in one direction never meets its start or
    /// a piece it took, so this is exact. The general generator's moves, in another order.
    /// Only for a piece's sole chain rule, adjacent hurdles, landing right behind them, no
    /// kinds, landing region, crowning or immunity ([`Position::straight_chains_apply`]).
    pub(in crate::engine) fn straight_chains(
        &self,
        bits: &Bitboards,
        sides: &Sides,
        code: u8,
        dirs: &[u8],
        pieces: u64,
        out: &mut Vec<Move>,
    ) {
        let b = &self.game.board;
        for &d in dirs {
            let back = b.opposite[d as usize];
            // Cells whose next cell along `d` is an enemy, and whose next but one is empty;
            // shifted back two cells per jump.
            let mut enemy_ahead = bits.step(sides.theirs, back);
            let mut empty_after = bits.step(bits.step(sides.empty, back), back);
            let mut can = pieces;
            let mut k = 0usize;
            loop {
                can &= enemy_ahead & empty_after;
                if can == 0 {
                    break;
                }
                k += 1;
                let mut each = can;
                while each != 0 {
                    let c = each.trailing_zeros() as Cell;
                    each &= each - 1;
                    let mut m = Move::new(c, c);
                    let mut at = c;
                    for _ in 0..k {
                        let hurdle = b.step(at, d);
                        at = b.step(hurdle, d);
                        m.push_capture(hurdle);
                        m.push_landing(at);
                    }
                    m.to = at;
                    self.emit(m, code, out);
                }
                enemy_ahead = bits.step(bits.step(enemy_ahead, back), back);
                empty_after = bits.step(bits.step(empty_after, back), back);
            }
        }
    }

    /// Whether the jump `rule` of the piece `code` is one [`Position::straight_chains`]
    /// generates.
    pub(in crate::engine) fn straight_chains_apply(&self, rule: &Rule, code: u8) -> bool {
        let g = self.game;
        matches!(
            rule,
            Rule::Jump(JumpRule {
                hurdle: Hurdle::Enemy,
                gap: (0, 0),
                beyond: (1, 1),
                landing: None,
                repeatedly: true,
                kinds: None,
                straight: true,
                may_stop: true,
                ..
            })
        ) && g.chains.links[code as usize].len() == 1
            && g.chains.crown[code as usize].0 == 0
            && !g.kill_immunity
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
            Rule::Jump(JumpRule {
                gap,
                repeatedly: false,
                ..
            }) if pieces.count_ones() <= u32::from(gap.1.min(7)) + 1 => pieces,
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
        let Rule::Jump(JumpRule {
            dirs,
            hurdle,
            gap,
            beyond,
            landing,
            kinds,
            ..
        }) = rule
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
        let exact =
            *hurdle == Hurdle::Enemy && kinds.is_none() && landing.is_none() && beyond.0 <= 1;
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

    /// A man that captures in all four diagonals and a flying king, with `promote_line` for
    /// the man.
    fn draughts(promote_line: &str) -> crate::engine::Game {
        super::super::testing::game_of(
            "square 8 x 8",
            &format!(
                "piece man \"M\" {{\n jump diagonal over enemy repeatedly\n {promote_line}\n }}\n\
                 piece king \"K\" {{\n jump far diagonal over enemy repeatedly\n }}"
            ),
            "white man on a1\nblack king on h8",
        )
    }

    #[test]
    fn a_man_crowned_during_a_capture_goes_on_as_a_king() {
        // b6 over c7 to d8, the far rank; only a king can go on, flying over e7 and f6 to
        // take g5 and land on h4.
        let pos = "8/2m5/1M6/6m1/8/8/8/8 w";
        let g = draughts("promote to king on my far rank, even during a capture");
        assert_eq!(moves(&g, pos), ["b6xd8xh4"]);
        let at = super::super::testing::at(&g, pos);
        let mut ms = Vec::new();
        at.legal_moves(&mut ms);
        let mut after = at.clone();
        after.play_unchecked(&ms[0]);
        assert_eq!(after.to_text(), "8/8/8/8/7K/8/8/8 b 0 1");
        // Crowned only where the move ends, the man stops on d8 and is crowned there.
        let g = draughts("promote to king on my far rank");
        assert_eq!(moves(&g, pos), ["b6xd8"]);
    }

    #[test]
    fn a_flying_king_lands_where_it_can_go_on() {
        // a1 over c3: of the landings d4 to h8, only e5 lets it take f4 next, so it must land
        // there; where no landing goes on, each is a move.
        let g = draughts("promote to king on my far rank");
        assert_eq!(
            moves(&g, "8/8/8/8/5m2/2m5/8/K7 w"),
            ["a1xe5xg3", "a1xe5xh2"]
        );
        assert_eq!(
            moves(&g, "8/8/8/8/8/2m5/8/K7 w"),
            ["a1xd4", "a1xe5", "a1xf6", "a1xg7", "a1xh8"]
        );
    }

    /// A flying rook-like king alone, with `extra` game lines after its piece.
    fn rook_king(rule: &str, extra: &str) -> crate::engine::Game {
        super::super::testing::game_of(
            "square 8 x 8",
            &format!("piece king \"K\" {{\n {rule}\n }}\n piece man \"M\" {{\n }}\n {extra}"),
            "white king on a1\nblack man on h8",
        )
    }

    #[test]
    fn captured_pieces_removed_at_once_free_their_cells() {
        // d1 over d3 lands on d6 (the only landing that goes on), over b6 to a6, over a4 to
        // a3; then east along rank 3 the cell of d3 is empty at once, so f3 is the next
        // hurdle. Kept until the end, d3 blocks, and the chain ends on a3, a2 or a1.
        let pos = "8/8/1m6/8/m7/3m1m2/8/3K4 w";
        let rule = "jump far orthogonal over enemy repeatedly";
        let g = rook_king(rule, "captured pieces are removed at once");
        assert_eq!(moves(&g, pos), ["d1xd6xa6xa3xg3", "d1xd6xa6xa3xh3"]);
        let g = rook_king(rule, "");
        assert_eq!(
            moves(&g, pos),
            ["d1xd6xa6xa1", "d1xd6xa6xa2", "d1xd6xa6xa3"]
        );
    }

    #[test]
    fn a_chain_without_turning_back_never_reverses() {
        // c1 between b1 and e1, captured pieces removed at once: turning back, the king would
        // take the other one too.
        let pos = "8/8/8/8/8/8/8/1mK1m3 w";
        let once = "captured pieces are removed at once";
        let g = rook_king("jump far orthogonal over enemy repeatedly", once);
        assert_eq!(
            moves(&g, pos),
            ["c1xa1xf1", "c1xa1xg1", "c1xa1xh1", "c1xf1xa1", "c1xg1xa1", "c1xh1xa1"]
        );
        let g = rook_king(
            "jump far orthogonal over enemy repeatedly without turning back",
            once,
        );
        assert_eq!(moves(&g, pos), ["c1xa1", "c1xf1", "c1xg1", "c1xh1"]);
    }

    #[test]
    fn a_straight_chain_that_may_stop_lists_every_length_in_one_direction() {
        // a1 over a2, a4, a6 north, and over b1 east; from a3 the chain may not turn east
        // over b3. On 8 x 8 the moves come from the bitboard generator, on 9 x 9 (no
        // bitboards) from the general one: the same moves.
        let rule =
            "jump orthogonal over enemy repeatedly in a straight line, may stop after any jump";
        let want = ["a1xa3", "a1xa3xa5", "a1xa3xa5xa7", "a1xc1"];
        let g = game("square 8 x 8", "man \"M\"", &[rule]);
        assert!(g.bitboards.is_some());
        assert_eq!(moves(&g, "8/8/m7/8/m7/1m6/m7/Mm6 w"), want);
        let g = game("square 9 x 9", "man \"M\"", &[rule]);
        assert!(g.bitboards.is_none());
        assert_eq!(moves(&g, "9/9/9/m8/9/m8/1m7/m8/Mm7 w"), want);
        // Without `may stop`, only the longest chain; without `in a straight line`, the
        // chain turns east at a3 too.
        let g = game(
            "square 8 x 8",
            "man \"M\"",
            &["jump orthogonal over enemy repeatedly in a straight line"],
        );
        assert_eq!(
            moves(&g, "8/8/m7/8/m7/1m6/m7/Mm6 w"),
            ["a1xa3xa5xa7", "a1xc1"]
        );
        let g = game(
            "square 8 x 8",
            "man \"M\"",
            &["jump orthogonal over enemy repeatedly, may stop after any jump"],
        );
        assert_eq!(
            moves(&g, "8/8/m7/8/m7/1m6/m7/Mm6 w"),
            ["a1xa3", "a1xa3xa5", "a1xa3xa5xa7", "a1xa3xc3", "a1xc1"]
        );
    }

    #[test]
    fn a_jump_over_enemy_men_leaves_kings_alone() {
        let g = super::super::testing::game_of(
            "square 8 x 8",
            "piece man \"M\" {\n jump diagonal over enemy men repeatedly\n }\n\
             piece king \"K\" {\n }",
            "white man on a1\nblack king on h8",
        );
        // c3 may take the man on d4 (and on over f6), not the king on b4.
        assert_eq!(moves(&g, "8/8/5m2/8/1k1m4/2M5/8/8 w"), ["c3xe5xg7"]);
        assert!(moves(&g, "8/8/8/8/1k6/2M5/8/8 w").is_empty());
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
