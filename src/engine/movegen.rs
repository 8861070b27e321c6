//! Move generation: pseudo-legal moves per rule, then the game's filters (compulsory and
//! majority capture, move identity, royal safety).

use super::hooks::Watch;
use super::{Game, Move, MoveKind, Position, Rule, MAX_CAPTURES};
use crate::geometry::{Cell, CellSet, NONE};
use crate::model::{effect, Hurdle, Target, Threshold};
use crate::rng::Rng;

/// The board split for bitboard generation.
struct Sides {
    mine: u64,
    theirs: u64,
    empty: u64,
}

/// State threaded through a walk.
struct Walker<'a> {
    code: u8,
    dirs: &'a [u8],
    no_revisit: bool,
    effect: Option<Threshold>,
    /// The board as the walk changes it (the walker moved, enemies removed).
    cells: [u8; 256],
    visited: CellSet,
}

/// State threaded through a jump chain.
pub(super) struct Chain<'a> {
    pub(super) start: Cell,
    pub(super) code: u8,
    dirs: &'a [u8],
    hurdle: Hurdle,
    gap: (u8, u8),
    beyond: (u8, u8),
    landing: Option<CellSet>,
    pub(super) repeatedly: bool,
    captured: CellSet,
    pub(super) visited: CellSet,
}

impl Position<'_> {
    /// All legal moves of the player to move, appended to `out` after clearing it.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        self.pseudo_moves_for(out, true);
        self.filter(out);
        if out.is_empty() && self.game.pass_when_stuck && self.nobody_can_move().is_none() {
            out.push(Move::pass());
        }
    }

    /// The pseudo-legal moves from the general, per-piece generator even where the game has a
    /// bitboard fast path: for tests that compare the two.
    #[doc(hidden)]
    pub fn pseudo_legal_moves_general(&self, out: &mut Vec<Move>) {
        out.clear();
        self.pseudo_moves_general(out, None);
    }

    /// Moves before the game's filters (compulsory capture, identity, royal safety): for
    /// tests that check the filters independently.
    pub fn pseudo_legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        self.pseudo_moves(out);
    }

    #[inline]
    fn enemy_of(&self, code: u8) -> bool {
        code != 0 && Game::owner(code) != self.turn as usize
    }

    fn pseudo_moves(&self, out: &mut Vec<Move>) {
        self.pseudo_moves_for(out, false);
    }

    /// With `legal`, moves the game's filters would drop anyway may be left out.
    pub(super) fn pseudo_moves_for(&self, out: &mut Vec<Move>, legal: bool) {
        if let Some(bits) = &self.game.bitboards {
            self.pseudo_moves_bitboard(bits, out, legal);
        } else {
            self.pseudo_moves_general(out, None);
        }
        if self.game.may_pass {
            out.push(Move::pass());
        }
    }

    /// The general generator. With `deferred`, the moves of frozen pieces that a board rule
    /// lets act are kept unchecked and their index ranges in `out` recorded there, for a
    /// caller that plays them anyway and asks the rule about the result.
    fn pseudo_moves_general(&self, out: &mut Vec<Move>, mut deferred: Option<&mut Deferred>) {
        let me = self.turn as usize;
        let g = self.game;
        let frozen = self.frozen;
        for c in 0..self.cells.len() {
            let code = self.cells[c];
            if code == 0 || Game::owner(code) != me {
                continue;
            }
            let cell = c as Cell;
            // A frozen piece acts only if a board rule lets it, and then as that rule says.
            let mut unfreezes = None;
            if frozen.contains(cell) {
                unfreezes = g.board_rules.iter().find(|r| r.frozen_may_act(self, cell));
                if unfreezes.is_none() {
                    continue;
                }
            }
            let start = out.len();
            if g.states.slept_cannot_act && self.is_slept(cell, false) {
                continue;
            }
            let hooks = &g.hooks[code as usize];
            if hooks
                .iter()
                .any(|h| h.may_act.is_some_and(|f| !f(self, cell, &h.data)))
            {
                continue;
            }
            for rule in &g.rules[code as usize] {
                self.gen_rule(rule, cell, code, out);
            }
            for h in hooks {
                if let Some(generate) = h.generate {
                    generate(self, cell, code, &h.data, out);
                }
            }
            if let Some(rule) = unfreezes {
                match deferred.as_deref_mut() {
                    Some(d) if d.n < d.ranges.len() => {
                        d.ranges[d.n] = (start, out.len());
                        d.n += 1;
                    }
                    _ => rule.keep_frozen_moves(self, cell, start, out),
                }
            }
        }
        for r in &g.board_rules {
            r.moves(self, out);
        }
        self.place_moves(out);
    }

    /// The same moves as the general generator, piece kind by piece kind: plain steps are
    /// generated for all pieces of a kind at once by shifting their bitboard; every other rule
    /// runs per piece. Only for games without layers, hooks or bars (see [`Game::bitboards`]).
    fn pseudo_moves_bitboard(&self, bits: &super::Bitboards, out: &mut Vec<Move>, legal: bool) {
        let g = self.game;
        let me = self.turn as usize;
        let (mut mine, mut theirs) = (0u64, 0u64);
        for (code, &b) in self.bb.iter().enumerate().skip(1) {
            if Game::owner(code as u8) == me {
                mine |= b;
            } else {
                theirs |= b;
            }
        }
        let occupied = mine | theirs;
        let sides = Sides {
            mine,
            theirs,
            empty: !occupied,
        };
        // The pieces that may start a jump, per jump rule met (in loop order), and whether a
        // capture certainly exists: then, where capturing is compulsory, moves to empty cells
        // need not be generated for a legal move list.
        let mut starts = [0u64; 32];
        let mut certain = false;
        let mut k = 0;
        for code in (1 + me..self.bb.len()).step_by(2) {
            if self.bb[code] == 0 {
                continue;
            }
            for rule in &g.rules[code] {
                if let Rule::Jump { .. } = rule {
                    if k < starts.len() {
                        let (from, exact) = self.jump_starts(bits, rule, self.bb[code], &sides);
                        starts[k] = from;
                        certain |= exact && from != 0;
                        k += 1;
                    }
                }
            }
        }
        let skip_quiet = legal && certain && g.compulsory_capture;
        let mut k = 0;
        for code in (1 + me..self.bb.len()).step_by(2) {
            let pieces = self.bb[code];
            if pieces == 0 {
                continue;
            }
            let code = code as u8;
            for rule in &g.rules[code as usize] {
                if let Rule::Step {
                    dirs,
                    twice: false,
                    target,
                    from,
                    en_passant: false,
                } = rule
                {
                    if skip_quiet && *target == Target::Empty {
                        continue;
                    }
                    let allowed = match target {
                        Target::Empty => !occupied,
                        Target::Enemy => theirs,
                        Target::EmptyOrEnemy => !mine,
                        Target::EmptyOrAny => !0,
                        Target::Smash => 0,
                    };
                    if *target != Target::Smash {
                        let src = from.map_or(pieces, |f| pieces & f.low_word());
                        for &d in dirs {
                            let mut dst = bits.step(src, d) & allowed;
                            let shift = bits.shift[d as usize];
                            while dst != 0 {
                                let to = dst.trailing_zeros() as i32;
                                dst &= dst - 1;
                                let mut m = Move::new((to - shift) as Cell, to as Cell);
                                if occupied >> to & 1 != 0 {
                                    m.ncap = 1;
                                    m.caps[0] = to as Cell;
                                }
                                self.emit(m, code, out);
                            }
                        }
                        continue;
                    }
                }
                if skip_quiet
                    && matches!(
                        rule,
                        Rule::Slide {
                            target: Target::Empty,
                            ..
                        }
                    )
                {
                    continue;
                }
                let mut p = pieces;
                if let Rule::Jump { .. } = rule {
                    if k < starts.len() {
                        p = starts[k];
                    }
                    k += 1;
                }
                while p != 0 {
                    let c = p.trailing_zeros() as Cell;
                    p &= p - 1;
                    self.gen_rule(rule, c, code, out);
                }
            }
        }
        self.place_moves(out);
    }

    /// Of `pieces`, those that may start the jump `rule`: in some direction, after an allowed
    /// number of empty cells, a hurdle and then an empty cell. A superset of the pieces that
    /// can jump; `exact` when it is exactly those (a capturing jump with no landing region,
    /// where the first cell behind the hurdle may be a landing).
    fn jump_starts(
        &self,
        bits: &super::Bitboards,
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
        let hurdles = match hurdle {
            Hurdle::Enemy => sides.theirs,
            Hurdle::Friend => sides.mine,
            Hurdle::Any => sides.mine | sides.theirs,
        };
        let b = &self.game.board;
        let mut found = 0;
        for &d in dirs {
            let back = b.opposite[d as usize];
            // `run`: pieces with `k` empty cells ahead; `h`, `e`: cells whose (k+1)-th and
            // (k+2)-th cells ahead are a hurdle and empty.
            let mut run = pieces;
            let mut h = bits.step(hurdles, back);
            let mut e = bits.step(bits.step(sides.empty, back), back);
            let mut ahead_empty = bits.step(sides.empty, back);
            let mut k = 0u8;
            while run != 0 && k <= gap.1 {
                if k >= gap.0 {
                    found |= run & h & e;
                }
                run &= ahead_empty;
                h = bits.step(h, back);
                e = bits.step(e, back);
                ahead_empty = bits.step(ahead_empty, back);
                k += 1;
            }
        }
        let exact = *hurdle == Hurdle::Enemy && landing.is_none() && beyond.0 <= 1;
        (found & pieces, exact)
    }

    /// Whether a piece of `code` is barred from `cell` (`never beside KIND DIRS`).
    fn barred(&self, code: u8, cell: Cell) -> bool {
        let Some((kind, dirs)) = &self.game.bar[code as usize] else {
            return false;
        };
        let b = &self.game.board;
        dirs.iter().any(|&d| {
            let n = b.step(cell, d);
            n != NONE
                && self.cells[n as usize] != 0
                && Game::kind_of(self.cells[n as usize]) == *kind
        })
    }

    /// The promotions of a piece of `code` arriving on `cell`: its choices, or just itself
    /// (as 0, "no change").
    fn arrivals(&self, code: u8, cell: Cell) -> &[u8] {
        match &self.game.promotion[code as usize] {
            Some((to, region)) if region.contains(cell) => to,
            _ => &[0],
        }
    }

    /// Pushes `m`, once per promotion choice where the piece ends in its promotion region.
    pub(super) fn emit(&self, mut m: Move, code: u8, out: &mut Vec<Move>) {
        let moves_piece = matches!(
            m.kind,
            MoveKind::Normal | MoveKind::Walk | MoveKind::DoubleStep
        );
        if moves_piece && self.barred(code, m.to) {
            return;
        }
        if let Some((to, region)) = &self.game.promotion[code as usize] {
            if moves_piece && region.contains(m.to) {
                for &t in to {
                    m.promote = t;
                    out.push(m);
                }
                return;
            }
        }
        out.push(m);
    }

    fn target_ok(&self, t: Target, cell: Cell) -> bool {
        let c = self.cells[cell as usize];
        if c != 0 && self.game.has_layers && self.immune(cell, false, effect::KILL) {
            return false;
        }
        match t {
            Target::Empty => c == 0,
            Target::Enemy | Target::Smash => self.enemy_of(c),
            Target::EmptyOrEnemy => c == 0 || self.enemy_of(c),
            Target::EmptyOrAny => true,
        }
    }

    /// A one-cell move or capture onto `to` (for steps and leaps).
    pub(super) fn emit_onto(
        &self,
        from: Cell,
        to: Cell,
        target: Target,
        code: u8,
        out: &mut Vec<Move>,
    ) {
        if !self.target_ok(target, to) {
            return;
        }
        let mut m = Move::new(from, to);
        if self.cells[to as usize] != 0 {
            m.ncap = 1;
            m.caps[0] = to;
            if target == Target::Smash {
                m.kind = MoveKind::Smash;
                m.to = from;
            }
        }
        self.emit(m, code, out);
    }

    fn gen_rule(&self, rule: &Rule, c: Cell, code: u8, out: &mut Vec<Move>) {
        self.gen_rule_at(rule, c, c, code, out);
    }

    /// The pseudo-legal moves the piece on `origin` would have with the rules of piece code
    /// `rules_of` (its directions, promotions), `from` regions being tested on `region_cell`:
    /// for pieces that borrow another piece's moves (see
    /// [`super::hooks::PieceHook::borrows_moves`]).
    pub fn moves_with_rules_of(
        &self,
        rules_of: u8,
        origin: Cell,
        region_cell: Cell,
        out: &mut Vec<Move>,
    ) {
        for rule in &self.game.rules[rules_of as usize] {
            self.gen_rule_at(rule, origin, region_cell, rules_of, out);
        }
    }

    fn gen_rule_at(&self, rule: &Rule, c: Cell, region_cell: Cell, code: u8, out: &mut Vec<Move>) {
        let b = &self.game.board;
        match rule {
            Rule::Step {
                dirs,
                twice,
                target,
                from,
                en_passant,
            } => {
                if from.is_some_and(|f| !f.contains(region_cell)) {
                    return;
                }
                if *twice {
                    self.double_steps(c, code, dirs, *en_passant, out);
                    return;
                }
                for &d in dirs {
                    let t = b.step(c, d);
                    if t != NONE {
                        self.emit_onto(c, t, *target, code, out);
                    }
                }
            }
            Rule::Slide {
                dirs,
                until_blocked,
                target,
            } => {
                for &d in dirs {
                    let mut t = c;
                    let mut last_empty = NONE;
                    loop {
                        let n = b.step(t, d);
                        if n == NONE {
                            break;
                        }
                        let occ = self.cells[n as usize];
                        if occ == 0 {
                            if !until_blocked
                                && *target != Target::Enemy
                                && *target != Target::Smash
                            {
                                self.emit(Move::new(c, n), code, out);
                            }
                            last_empty = n;
                            t = n;
                            continue;
                        }
                        if self.enemy_of(occ) && target.captures() {
                            let mut m = Move::new(c, n);
                            m.ncap = 1;
                            m.caps[0] = n;
                            if *target == Target::Smash {
                                m.kind = MoveKind::Smash;
                                m.to = if last_empty == NONE { c } else { last_empty };
                            }
                            self.emit(m, code, out);
                        }
                        break;
                    }
                    if *until_blocked && last_empty != NONE && *target != Target::Enemy {
                        self.emit(Move::new(c, last_empty), code, out);
                    }
                }
            }
            Rule::Leap {
                stride,
                table,
                target,
                then_fresh,
            } => {
                let base = c as usize * stride;
                let first = out.len();
                for &t in &table[base..base + stride] {
                    if t != NONE {
                        self.emit_onto(c, t, *target, code, out);
                    }
                }
                if *then_fresh {
                    for m in &mut out[first..] {
                        m.mark_fresh = true;
                    }
                }
            }
            Rule::Fly { dirs, then } => self.fly(c, code, dirs, then.as_deref(), out),
            Rule::Push { dirs } => {
                for &d in dirs {
                    let t = b.step(c, d);
                    if t == NONE || self.cells[t as usize] == 0 {
                        continue;
                    }
                    let dest = b.step(t, d);
                    if dest == NONE || self.cells[dest as usize] != 0 {
                        continue;
                    }
                    // The top piece if it can be pushed, else the piece it keeps.
                    let (kind, pushed) = if !self.immune(t, false, effect::PUSH) {
                        (MoveKind::Push, self.cells[t as usize])
                    } else if self.under_at(t) != 0 && !self.immune(t, true, effect::PUSH) {
                        (MoveKind::PushKept, self.under_at(t))
                    } else {
                        continue;
                    };
                    if self.barred(pushed, dest) {
                        continue;
                    }
                    for &p in self.arrivals(pushed, dest) {
                        let mut m = Move::new(c, c);
                        m.kind = kind;
                        m.extra_from = t;
                        m.extra_to = dest;
                        m.extra_promote = p;
                        out.push(m);
                    }
                }
            }
            Rule::Sleep { dirs } => {
                for &d in dirs {
                    let t = b.step(c, d);
                    if t == NONE || self.cells[t as usize] == 0 {
                        continue;
                    }
                    let kind = if !self.is_slept(t, false) && !self.immune(t, false, effect::SLEEP)
                    {
                        MoveKind::Sleep
                    } else if self.under_at(t) != 0
                        && !self.is_slept(t, true)
                        && !self.immune(t, true, effect::SLEEP)
                    {
                        MoveKind::SleepKept
                    } else {
                        continue;
                    };
                    let mut m = Move::new(c, c);
                    m.kind = kind;
                    m.extra_from = t;
                    out.push(m);
                }
            }
            Rule::Heal { dirs } => {
                let mut m = Move::new(c, c);
                m.kind = MoveKind::Heal;
                for &d in dirs {
                    let t = b.step(c, d);
                    if t != NONE
                        && (self.is_slept(t, false) || self.is_slept(t, true))
                        && (m.npath as usize) < MAX_CAPTURES
                    {
                        m.path[m.npath as usize] = t;
                        m.npath += 1;
                    }
                }
                if m.npath > 0 {
                    out.push(m);
                }
            }
            Rule::SlideShoot { dirs, piece, shoot } => {
                self.slide_then_shoot(c, code, dirs, *piece, shoot, out)
            }
            Rule::LineCount {
                dirs,
                over_friends,
                target,
            } => self.line_count_moves(c, code, dirs, *over_friends, *target, out),
            Rule::Swap => {
                for t in 0..self.cells.len() as Cell {
                    let theirs = self.cells[t as usize];
                    if t == c || theirs == 0 || self.immune(t, false, effect::STEAL) {
                        continue;
                    }
                    if self.under_at(t) != 0 && self.immune(t, true, effect::STEAL) {
                        continue;
                    }
                    if self.barred(theirs, c) || self.barred(code, t) {
                        continue;
                    }
                    for &p in self.arrivals(theirs, c) {
                        let mut m = Move::new(c, t);
                        m.kind = MoveKind::Swap;
                        m.extra_promote = p;
                        out.push(m);
                    }
                }
            }
            Rule::Jump {
                dirs,
                hurdle,
                gap,
                beyond,
                landing,
                repeatedly,
            } => {
                // Most pieces have no jump at all: look for a possible first jump (a hurdle of
                // the right side within the gap, an empty cell right behind it) before setting
                // up a chain.
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
                    hurdle: *hurdle,
                    gap: *gap,
                    beyond: *beyond,
                    landing: *landing,
                    repeatedly: *repeatedly,
                    captured: CellSet::EMPTY,
                    visited: CellSet::EMPTY,
                };
                chain.visited.insert(c);
                if *repeatedly && *hurdle != Hurdle::Enemy {
                    // Nothing is taken, so only where a chain ends matters: one move per cell.
                    self.jump_ends(&mut chain, out);
                    return;
                }
                let mut m = Move::new(c, c);
                self.jump(&mut chain, c, &mut m, out);
            }
            Rule::Walk {
                dirs,
                friends,
                steps,
                no_revisit,
            } => {
                let mut budget = *steps;
                if *friends {
                    let me = Game::owner(code);
                    for d in 0..b.dirs.len() as u8 {
                        let n = b.step(c, d);
                        if n != NONE
                            && self.cells[n as usize] != 0
                            && Game::owner(self.cells[n as usize]) == me
                        {
                            budget += 1;
                        }
                    }
                }
                if self.game.step_effect[code as usize].is_none() {
                    // Nothing happens along the way, so only where a walk ends matters.
                    self.walk_ends(c, code, dirs, budget, out);
                    return;
                }
                let mut w = Walker {
                    code,
                    dirs,
                    no_revisit: *no_revisit,
                    effect: self.game.step_effect[code as usize],
                    cells: [0; 256],
                    visited: CellSet::EMPTY,
                };
                w.cells[..self.cells.len()].copy_from_slice(&self.cells);
                w.visited.insert(c);
                let mut m = Move::new(c, c);
                m.kind = MoveKind::Walk;
                self.walk(&mut w, c, budget, &mut m, out);
            }
            Rule::EnPassant { dirs, smash } => {
                if self.ep_targets.is_empty() || !self.enemy_of(self.cells[self.ep_victim as usize])
                {
                    return;
                }
                for &d in dirs {
                    let t = b.step(c, d);
                    if t == NONE || !self.ep_targets.contains(t) || self.cells[t as usize] != 0 {
                        continue;
                    }
                    let mut m = Move::new(c, t);
                    m.ncap = 1;
                    m.caps[0] = self.ep_victim;
                    if *smash {
                        // The smasher stays; the cell it aimed at is kept for the notation.
                        m.kind = MoveKind::Smash;
                        m.to = c;
                        m.path[0] = t;
                        m.npath = 1;
                    }
                    self.emit(m, code, out);
                }
            }
            Rule::Castle { dir, partner, .. } => self.castle(c, *dir, *partner, out),
        }
    }

    /// Two successive steps in any of `dirs` through an empty cell to an empty cell: one move
    /// per landing cell, listing every cell it could have passed through.
    fn double_steps(&self, c: Cell, code: u8, dirs: &[u8], en_passant: bool, out: &mut Vec<Move>) {
        let b = &self.game.board;
        let empty = |x: Cell| x != NONE && self.cells[x as usize] == 0;
        // An intermediate cell must be empty, and one every board rule lets the piece pass.
        let passable =
            |x: Cell| empty(x) && self.game.board_rules.iter().all(|r| r.may_pass(self, x, c));
        // Whether the step in `dirs[i]` can be passed through, found once per direction.
        let mut through = [false; 16];
        for (i, &d) in dirs.iter().enumerate().take(16) {
            through[i] = passable(b.step(c, d));
        }
        let mut landed = CellSet::EMPTY;
        for (i1, &d1) in dirs.iter().enumerate().take(16) {
            let t1 = b.step(c, d1);
            if !through[i1] {
                continue;
            }
            for &d2 in dirs {
                let t2 = b.step(t1, d2);
                if !empty(t2) || t2 == c || landed.contains(t2) {
                    continue;
                }
                landed.insert(t2);
                let mut m = Move::new(c, t2);
                m.kind = MoveKind::DoubleStep;
                for (j, &e1) in dirs.iter().enumerate().take(16) {
                    let i = b.step(c, e1);
                    if through[j] && dirs.iter().any(|&e2| b.step(i, e2) == t2) {
                        m.path[m.npath as usize] = i;
                        m.npath += 1;
                    }
                }
                if en_passant {
                    m.ep_mark = m.path[0];
                }
                self.emit(m, code, out);
            }
        }
    }

    /// A fly: over pieces (not those immune to leap-over) to an empty cell, then optionally a
    /// slide through empty cells; one move per final cell, never back to the start.
    fn fly(&self, c: Cell, code: u8, dirs: &[u8], then: Option<&[u8]>, out: &mut Vec<Move>) {
        let b = &self.game.board;
        let mut finals = CellSet::EMPTY;
        let empty = |x: Cell| x == c || self.cells[x as usize] == 0;
        let add = |to: Cell, out: &mut Vec<Move>, finals: &mut CellSet| {
            if to != c && !finals.contains(to) {
                finals.insert(to);
                self.emit(Move::new(c, to), code, out);
            }
        };
        for &d in dirs {
            let mut t = c;
            loop {
                t = b.step(t, d);
                if t == NONE {
                    break;
                }
                if self.cells[t as usize] != 0 {
                    if self.immune(t, false, effect::LEAP_OVER) {
                        break;
                    }
                    continue;
                }
                add(t, out, &mut finals);
                for &d2 in then.unwrap_or(&[]) {
                    let mut u = t;
                    loop {
                        u = b.step(u, d2);
                        if u == NONE || !empty(u) {
                            break;
                        }
                        add(u, out, &mut finals);
                    }
                }
            }
        }
    }

    /// Extends a walk from `at` with `left` steps still available; every step taken is a move.
    fn walk(&self, w: &mut Walker, at: Cell, left: u8, m: &mut Move, out: &mut Vec<Move>) {
        if left == 0 || m.npath as usize >= MAX_CAPTURES {
            return;
        }
        let b = &self.game.board;
        let me = Game::owner(w.code);
        let nd = b.dirs.len() as u8;
        for &d in w.dirs {
            let n = b.step(at, d);
            if n == NONE || w.cells[n as usize] != 0 || (w.no_revisit && w.visited.contains(n)) {
                continue;
            }
            w.cells[at as usize] = 0;
            w.cells[n as usize] = w.code;
            let was_visited = w.visited.contains(n);
            w.visited.insert(n);
            m.path[m.npath as usize] = n;
            m.npath += 1;
            // The step's effect, all at once: liberties are counted with the walker on its
            // new cell and the removals of earlier steps gone.
            let caps_before = m.ncap;
            if let Some(t) = w.effect {
                let limit = match t {
                    Threshold::Power => left,
                    Threshold::Fixed(k) => k,
                };
                let mut doomed = [NONE; 12];
                let mut nd_doomed = 0;
                for e in 0..nd {
                    let v = b.step(n, e);
                    if v == NONE {
                        continue;
                    }
                    let vc = w.cells[v as usize];
                    if vc == 0 || Game::owner(vc) == me {
                        continue;
                    }
                    let liberties = (0..nd)
                        .filter(|&f| {
                            let x = b.step(v, f);
                            x != NONE && w.cells[x as usize] == 0
                        })
                        .count();
                    if liberties <= limit as usize {
                        doomed[nd_doomed] = v;
                        nd_doomed += 1;
                    }
                }
                for &v in &doomed[..nd_doomed] {
                    if (m.ncap as usize) < MAX_CAPTURES {
                        m.caps[m.ncap as usize] = v;
                        m.ncap += 1;
                    }
                }
                for &v in &doomed[..nd_doomed] {
                    w.cells[v as usize] = 0;
                }
            }
            m.to = n;
            self.emit(*m, w.code, out);
            self.walk(w, n, left - 1, m, out);
            // Undo the step.
            for i in caps_before..m.ncap {
                let v = m.caps[i as usize];
                w.cells[v as usize] = self.cells[v as usize];
                m.caps[i as usize] = NONE;
            }
            m.ncap = caps_before;
            m.npath -= 1;
            m.path[m.npath as usize] = NONE;
            if !was_visited {
                w.visited.remove(n);
            }
            w.cells[n as usize] = 0;
            w.cells[at as usize] = w.code;
        }
    }

    /// Extends a jump chain from `at`; returns whether any jump was possible.
    pub(super) fn jump(&self, ch: &mut Chain, at: Cell, m: &mut Move, out: &mut Vec<Move>) -> bool {
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
                Hurdle::Enemy if enemy => true,
                Hurdle::Friend if !enemy => false,
                Hurdle::Any => false,
                _ => continue,
            };
            if (m.npath as usize) >= MAX_CAPTURES {
                continue;
            }
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
                let (nc, np) = (m.ncap as usize, m.npath as usize);
                if capturing {
                    m.caps[nc] = hurdle;
                    m.ncap += 1;
                    ch.captured.insert(hurdle);
                }
                m.path[np] = l;
                m.npath += 1;
                let was_visited = ch.visited.contains(l);
                ch.visited.insert(l);
                let continued = ch.repeatedly && self.jump(ch, l, m, out);
                if !continued {
                    m.to = l;
                    self.emit(*m, ch.code, out);
                }
                if !was_visited {
                    ch.visited.remove(l);
                }
                m.npath -= 1;
                m.path[np] = NONE;
                if capturing {
                    m.ncap -= 1;
                    m.caps[nc] = NONE;
                    ch.captured.remove(hurdle);
                }
            }
        }
        any
    }

    fn castle(&self, king: Cell, dir: u8, partner: u8, out: &mut Vec<Move>) {
        let b = &self.game.board;
        if !self.unmoved.contains(king) {
            return;
        }
        let cross = b.step(king, dir);
        if cross == NONE {
            return;
        }
        let land = b.step(cross, dir);
        if land == NONE {
            return;
        }
        let mut t = king;
        let mut dist = 0;
        let rook = loop {
            t = b.step(t, dir);
            if t == NONE {
                return;
            }
            dist += 1;
            if self.cells[t as usize] != 0 {
                break t;
            }
        };
        if dist < 3 || self.cells[rook as usize] != partner || !self.unmoved.contains(rook) {
            return;
        }
        let enemy = self.turn as usize ^ 1;
        if [king, cross, land]
            .iter()
            .any(|&x| self.attacked_on(&self.cells, x, enemy))
        {
            return;
        }
        let mut m = Move::new(king, land);
        m.extra_from = rook;
        m.extra_to = cross;
        out.push(m);
    }

    pub(super) fn filter(&self, out: &mut Vec<Move>) {
        let g = self.game;
        // Royal safety first: a capture that exposes the royal piece is no capture at all,
        // so it must not make capturing compulsory.
        if g.legality_by_play {
            // Board rules change threats: moves are tested by playing them and the replies.
            self.retain_play_safe(out);
        } else if g.has_royal {
            self.retain_royal_safe(out);
        }
        if g.compulsory_capture && out.iter().any(|m| m.ncap > 0) {
            out.retain(|m| m.ncap > 0);
        }
        if g.majority_capture {
            let max = out.iter().map(|m| m.ncap).max().unwrap_or(0);
            out.retain(|m| m.ncap == max);
        }
        if g.identity_by_captures {
            let mut i = 0;
            while i < out.len() {
                if out[..i].iter().any(|p| p.same_by_captures(&out[i])) {
                    out.remove(i);
                } else {
                    i += 1;
                }
            }
        }
    }
}

impl<'g> Position<'g> {
    /// Where board rules change threats: drops the moves a board rule forbids once played
    /// ([`super::hooks::BoardRule::move_ok`]) and those after which the mover has lost a royal
    /// piece or the opponent has a reply that removes one.
    fn retain_play_safe(&self, out: &mut Vec<Move>) {
        let mut scratch = Scratch::new(self);
        out.retain(|m| self.play_safe(m, &mut scratch));
    }

    /// Whether `m` is legal, tested by playing it (see [`Position::retain_play_safe`]).
    fn play_safe(&self, m: &Move, s: &mut Scratch<'g>) -> bool {
        let g = self.game;
        let me = self.turn as usize;
        let before = self.royal_count(me);
        s.child.clone_from(self);
        s.child.play_unchecked(m);
        let child = &s.child;
        g.board_rules.iter().all(|r| r.move_ok(self, m, child))
            && child.royal_count(me) == before
            && !(g.has_royal && child.royal_threatened(me, &mut s.replies, &mut s.other))
    }

    /// Whether the player to move here has a move, legal apart from the rule about their own
    /// royal piece (board rules accept it once played), that removes a royal piece of
    /// `victim`: a capture, a smash, en passant or a board rule's effects. Frozen pieces
    /// threaten nothing unless a board rule lets them act.
    fn royal_threatened(&self, victim: usize, replies: &mut Vec<Move>, scratch: &mut Self) -> bool {
        let before = self.royal_count(victim);
        replies.clear();
        let mut deferred = Deferred::default();
        if self.game.bitboards.is_some() {
            self.pseudo_moves(replies);
        } else {
            self.pseudo_moves_general(replies, Some(&mut deferred));
        }
        let mut guard = FallGuard::new(self, victim);
        let rules = &self.game.board_rules;
        replies.iter().enumerate().any(|(i, r)| {
            if !guard.may_remove_royal(self, r) {
                return false;
            }
            scratch.clone_from(self);
            scratch.play_unchecked(r);
            let accepted = rules.iter().all(|b| b.move_ok(self, r, scratch));
            // A frozen piece's move counts only if a board rule accepts it as such.
            let unfrozen = !deferred.contains(i)
                || rules
                    .iter()
                    .any(|b| b.frozen_move_ok(self, scratch, r.from));
            accepted && unfrozen && scratch.royal_count(victim) < before
        })
    }

    /// Whether a royal piece of the player to move is threatened by a move of the opponent
    /// (games whose board rules change threats, where attack patterns cannot tell).
    pub(super) fn royal_threatened_by_moves(&self) -> bool {
        let mut other = self.clone();
        other.turn ^= 1;
        let mut replies = Vec::new();
        let mut scratch = other.clone();
        other.royal_threatened(self.turn as usize, &mut replies, &mut scratch)
    }

    /// Keeps the moves after which no royal piece of the mover is attacked.
    fn retain_royal_safe(&self, out: &mut Vec<Move>) {
        let mut guard = RoyalGuard::new(self);
        out.retain(|m| self.royal_safe(m, &mut guard));
    }

    /// Whether the player to move here has a move (pseudo-legal) that captures a royal piece
    /// of `victim`: royal safety where attack patterns cannot tell (games with layers).
    pub(super) fn royal_capturable(&self, victim: usize, replies: &mut Vec<Move>) -> bool {
        let g = self.game;
        replies.clear();
        self.pseudo_moves(replies);
        replies.iter().any(|r| {
            r.captures().iter().any(|&c| {
                let code = self.cells[c as usize];
                code != 0 && g.royal[code as usize] && Game::owner(code) == victim
            })
        })
    }

    /// Whether no royal piece of the mover is attacked after `m`. The move is applied to the
    /// guard's scratch board and taken back.
    fn royal_safe(&self, m: &Move, guard: &mut RoyalGuard<'g>) -> bool {
        let me = self.turn as usize;
        if self.game.has_layers {
            // Stacks, sleep and keeping change more than the top cells, and slept or kept
            // pieces cannot act: play the move itself on a copy, as the game will, and ask
            // the opponent's moves there.
            let child = guard.child.get_or_insert_with(|| self.clone());
            child.clone_from(self);
            child.play_unchecked(m);
            return !child.royal_capturable(me, &mut guard.replies);
        }
        let n = self.cells.len();
        let scratch = &mut guard.scratch;
        if guard.overflow {
            // Too many royal pieces to track: test the slow, general way.
            scratch[..n].copy_from_slice(&self.cells);
            apply_cells(&mut scratch[..n], m);
            return !self.royal_attacked_on(&scratch[..n], me);
        }
        // A piece entering the board adds a blocker and never frees an attacker; a pass
        // changes nothing.
        if matches!(m.kind, MoveKind::Place | MoveKind::Pass) && !guard.in_check {
            return true;
        }
        if m.kind == MoveKind::Pass {
            return false;
        }
        if !guard.in_check
            && m.from != NONE
            && !self.game.royal[self.cells[m.from as usize] as usize]
            && !guard.pinnable.contains(m.from)
            && m.extra_from == NONE
            && m.captures().iter().all(|&c| c == m.to)
        {
            return true;
        }
        let undo = Undo::apply(&mut scratch[..n], m);
        let safe = guard.royals[..guard.nr].iter().all(|&r| {
            let cell = moved(m, r);
            !self.attacked_on(&scratch[..n], cell, me ^ 1)
        });
        undo.restore(&mut scratch[..n]);
        safe
    }
}

/// The most royal pieces [`RoyalGuard`] tracks one by one.
const MAX_ROYALS: usize = 16;

/// The cells of `player`'s royal pieces, or `None` when there are more than [`MAX_ROYALS`].
fn royal_cells(pos: &Position, player: usize) -> Option<([Cell; MAX_ROYALS], usize)> {
    let g = pos.game;
    let mut royals = [NONE; MAX_ROYALS];
    let mut nr = 0;
    for (c, &code) in pos.cells.iter().enumerate() {
        if code != 0 && Game::owner(code) == player && g.royal[code as usize] {
            if nr == MAX_ROYALS {
                return None;
            }
            royals[nr] = c as Cell;
            nr += 1;
        }
    }
    Some((royals, nr))
}

/// What testing moves for royal safety needs from a position, found once: the mover's royal
/// pieces, whether one is attacked now, and the cells whose pieces may be pinned. When no
/// royal piece is attacked, a move can only expose one by leaving a cell on a sliding line
/// from it or by removing a piece off its landing cell (en passant): other moves need no test.
struct RoyalGuard<'g> {
    /// A copy of the position to play moves on, and a buffer for the replies there (games
    /// with layers), made once.
    child: Option<Position<'g>>,
    replies: Vec<Move>,
    royals: [Cell; MAX_ROYALS],
    nr: usize,
    overflow: bool,
    in_check: bool,
    pinnable: CellSet,
    /// The position's cells, changed by a move under test and restored after it.
    scratch: [u8; 256],
}

impl<'g> RoyalGuard<'g> {
    fn new(pos: &Position<'g>) -> RoyalGuard<'g> {
        let g = pos.game;
        let me = pos.turn as usize;
        let n = pos.cells.len();
        let mut guard = RoyalGuard {
            child: None,
            replies: Vec::new(),
            royals: [NONE; MAX_ROYALS],
            nr: 0,
            overflow: false,
            in_check: false,
            pinnable: CellSet::EMPTY,
            scratch: [0; 256],
        };
        guard.scratch[..n].copy_from_slice(&pos.cells);
        match royal_cells(pos, me) {
            Some((royals, nr)) => (guard.royals, guard.nr) = (royals, nr),
            None => {
                guard.overflow = true;
                return guard;
            }
        }
        let enemy = me ^ 1;
        let royals = &guard.royals[..guard.nr];
        guard.in_check = royals
            .iter()
            .any(|&r| pos.attacked_on(&pos.cells, r, enemy));
        if !guard.in_check {
            let b = &g.board;
            for &r in royals {
                for a in &g.attacks[enemy] {
                    if let super::Attack::Slide { back, .. } = a {
                        let mut t = r;
                        loop {
                            t = b.step(t, *back);
                            if t == NONE {
                                break;
                            }
                            if pos.cells[t as usize] != 0 {
                                guard.pinnable.insert(t);
                                break;
                            }
                        }
                    }
                }
            }
        }
        guard
    }
}

/// A quick test of which replies could remove a royal piece of `victim` (games whose board
/// rules change threats), so that only those are played: a reply that does not take the royal
/// piece itself can remove it only through a board rule's effects, which the rule tests
/// quickly on the cells alone ([`super::hooks::BoardRule::could_remove`]), for the replies
/// that touch the cells it watches ([`super::hooks::BoardRule::reply_watch`]).
struct FallGuard {
    royals: [Cell; MAX_ROYALS],
    nr: usize,
    watch: Watch,
    scratch: [u8; 256],
}

impl FallGuard {
    fn new(pos: &Position, victim: usize) -> FallGuard {
        let g = pos.game;
        let n = pos.cells.len();
        let mut guard = FallGuard {
            royals: [NONE; MAX_ROYALS],
            nr: 0,
            watch: Watch::Cells(CellSet::EMPTY),
            scratch: [0; 256],
        };
        guard.scratch[..n].copy_from_slice(&pos.cells);
        match royal_cells(pos, victim) {
            Some((royals, nr)) => (guard.royals, guard.nr) = (royals, nr),
            None => guard.watch = Watch::All,
        }
        for &k in &guard.royals[..guard.nr] {
            for r in g.board_rules.iter().filter(|r| r.changes_threats()) {
                if guard.watch == Watch::All {
                    return guard;
                }
                guard.watch = guard.watch.union(r.reply_watch(pos, k));
            }
        }
        guard
    }

    /// Whether the reply `r` could remove one of the royal pieces: it takes one, or a board
    /// rule's effects after it could (see [`FallGuard`]). Moves that change more than cells,
    /// captures and swaps are always played.
    fn may_remove_royal(&mut self, pos: &Position, r: &Move) -> bool {
        let plain = matches!(
            r.kind,
            MoveKind::Normal | MoveKind::Smash | MoveKind::DoubleStep | MoveKind::Swap
        );
        let watched = match self.watch {
            Watch::All => return true,
            Watch::Test => None,
            Watch::Cells(w) => Some(w),
        };
        if !plain {
            return true;
        }
        let touched = |c: Cell| c != NONE && watched.is_none_or(|w| w.contains(c));
        if !(touched(r.from)
            || touched(r.to)
            || touched(r.extra_from)
            || touched(r.extra_to)
            || r.captures().iter().any(|&c| touched(c)))
        {
            return false;
        }
        let n = pos.cells.len();
        let cells = &mut self.scratch;
        let undo = Undo::apply(&mut cells[..n], r);
        let rules = &pos.game.board_rules;
        let may = self.royals[..self.nr].iter().any(|&k| {
            let at = moved(r, k);
            cells[at as usize] != pos.cells[k as usize]
                || rules
                    .iter()
                    .any(|b| b.changes_threats() && b.could_remove(pos, &cells[..n], at))
        });
        undo.restore(&mut cells[..n]);
        may
    }
}

/// Index ranges of generated moves of frozen pieces whose board-rule conditions are still to
/// be checked.
#[derive(Default)]
struct Deferred {
    ranges: [(usize, usize); 16],
    n: usize,
}

impl Deferred {
    fn contains(&self, i: usize) -> bool {
        self.ranges[..self.n]
            .iter()
            .any(|&(a, b)| (a..b).contains(&i))
    }
}

/// Reusable buffers for testing moves one at a time (see [`Position::random_legal_move`]).
pub struct Scratch<'g> {
    child: Position<'g>,
    other: Position<'g>,
    replies: Vec<Move>,
}

impl<'g> Scratch<'g> {
    pub fn new(pos: &Position<'g>) -> Self {
        Scratch {
            child: pos.clone(),
            other: pos.clone(),
            replies: Vec::with_capacity(64),
        }
    }
}

impl<'g> Position<'g> {
    /// A uniformly random legal move, or `None` when there is none (a pass where the game
    /// passes when stuck). Where legality is a test of each move on its own
    /// ([`Game::per_move_legality`]), pseudo-legal moves are drawn in random order, each at most
    /// once, and the first that passes is played: every legal move is equally likely, as when
    /// drawing from [`Position::legal_moves`], but only the drawn moves are tested. `buf` holds
    /// the candidates.
    pub fn random_legal_move(
        &self,
        rng: &mut Rng,
        buf: &mut Vec<Move>,
        scratch: &mut Scratch<'g>,
    ) -> Option<Move> {
        let g = self.game;
        if let Some(i) = g.sole_place[self.turn as usize] {
            if let Some(m) = self.random_placement(&g.places[self.turn as usize][i], rng) {
                return Some(m);
            }
            return (g.pass_when_stuck && self.nobody_can_move().is_none()).then(Move::pass);
        }
        if !g.per_move_legality() {
            self.legal_moves(buf);
            return (!buf.is_empty()).then(|| buf[rng.below(buf.len())]);
        }
        buf.clear();
        self.pseudo_moves(buf);
        let mut guard = None;
        let mut n = buf.len();
        while n > 0 {
            let i = rng.below(n);
            let m = buf[i];
            let legal = if g.legality_by_play {
                self.play_safe(&m, scratch)
            } else if g.has_royal {
                let guard = guard.get_or_insert_with(|| RoyalGuard::new(self));
                self.royal_safe(&m, guard)
            } else {
                true
            };
            if legal {
                return Some(m);
            }
            buf.swap(i, n - 1);
            n -= 1;
        }
        (g.pass_when_stuck && self.nobody_can_move().is_none()).then(Move::pass)
    }
}

/// The cells a move changed on a scratch board, with their contents before it.
struct Undo {
    saved: [(Cell, u8); MAX_CAPTURES + 4],
    n: usize,
}

impl Undo {
    /// Applies `m` to `cells` (see [`apply_cells`]), remembering what it changes.
    fn apply(cells: &mut [u8], m: &Move) -> Undo {
        let mut undo = Undo {
            saved: [(NONE, 0); MAX_CAPTURES + 4],
            n: 0,
        };
        for c in [m.from, m.to, m.extra_from, m.extra_to]
            .into_iter()
            .chain(m.captures().iter().copied())
        {
            if c != NONE && undo.n < undo.saved.len() {
                undo.saved[undo.n] = (c, cells[c as usize]);
                undo.n += 1;
            }
        }
        apply_cells(cells, m);
        undo
    }

    /// Takes the move back.
    fn restore(&self, cells: &mut [u8]) {
        for &(c, v) in self.saved[..self.n].iter().rev() {
            cells[c as usize] = v;
        }
    }
}

/// Where the piece on `cell` stands after `m` (if `m` leaves it on the board).
fn moved(m: &Move, cell: Cell) -> Cell {
    if cell == m.from {
        m.to
    } else if cell == m.to && m.kind == MoveKind::Swap {
        m.from
    } else if cell == m.extra_from {
        m.extra_to
    } else {
        cell
    }
}

/// The cell changes of a move, without counters or hashing (for legality tests). Exact for
/// moves of the kinds that move one piece (and a partner) and remove captured pieces, and for
/// swaps.
pub fn apply_cells(cells: &mut [u8], m: &Move) {
    if m.kind == MoveKind::Place {
        cells[m.to as usize] = m.promote;
        let me = Game::owner(m.promote);
        for &c in m.landings() {
            cells[c as usize] = super::code(Game::kind_of(cells[c as usize]), me);
        }
        return;
    }
    if m.shot != NONE {
        // The move, then the shot (which may land where the piece started).
        apply_cells(cells, &Move { shot: NONE, ..*m });
        cells[m.shot as usize] = m.shot_code;
        return;
    }
    let code = cells[m.from as usize];
    if m.kind == MoveKind::Swap {
        let other = cells[m.to as usize];
        cells[m.from as usize] = if m.extra_promote != 0 {
            m.extra_promote
        } else {
            other
        };
        cells[m.to as usize] = if m.promote != 0 { m.promote } else { code };
        return;
    }
    for &c in m.captures() {
        cells[c as usize] = 0;
    }
    cells[m.from as usize] = 0;
    cells[m.to as usize] = if m.promote != 0 { m.promote } else { code };
    // A second piece that moves (castling); abilities acting on one cell name no `extra_to`.
    if m.extra_from != NONE && m.extra_to != NONE {
        let p = cells[m.extra_from as usize];
        cells[m.extra_from as usize] = 0;
        cells[m.extra_to as usize] = p;
    }
}
