//! Move generation: pseudo-legal moves per rule, then the game's filters (compulsory and
//! majority capture, move identity, royal safety).

use super::{Bits, Move, MoveKind, Position, Rule, TooManyMoves, MAX_MOVES};
use crate::geometry::{Cell, CellSet, NONE};
use crate::model::{JumpRule, Target, WalkRule};

/// A move list past the budget: cut to one more than [`MAX_MOVES`], the sign that it is
/// incomplete (out of the way of the common path).
#[cold]
#[inline(never)]
fn over_budget(out: &mut Vec<Move>) {
    out.truncate(MAX_MOVES + 1);
}

/// Index ranges of generated moves of frozen pieces whose board-rule conditions are still to
/// be checked.
#[derive(Default)]
pub(super) struct Deferred {
    pub(in crate::engine) ranges: [(usize, usize); 16],
    pub(in crate::engine) n: usize,
}

impl Deferred {
    pub(super) fn contains(&self, i: usize) -> bool {
        self.ranges[..self.n]
            .iter()
            .any(|&(a, b)| (a..b).contains(&i))
    }
}

/// The board split for bitboard generation.
pub(super) struct Sides<B = u64> {
    pub(super) mine: B,
    pub(super) theirs: B,
    pub(super) empty: B,
}

impl<B: Bits> Sides<B> {
    /// The cells a plain step to `target` may end on (none for a smash, which is not a
    /// plain step).
    #[inline]
    pub(super) fn allowed(&self, target: Target) -> B {
        match target {
            Target::Empty => self.empty,
            Target::Enemy => self.theirs,
            Target::EmptyOrEnemy => !self.mine,
            Target::EmptyOrAny => !B::ZERO,
            Target::Smash => B::ZERO,
        }
    }
}

impl Position<'_> {
    /// All legal moves of the player to move, appended to `out` after clearing it.
    ///
    /// A position with more than [`MAX_MOVES`] moves leaves `out` holding `MAX_MOVES + 1`
    /// of them, unfiltered: the list is incomplete, and its length says so. Memory stays
    /// bounded either way; callers that report to a user ask
    /// [`Position::try_legal_moves`] instead.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        if !self.legal_parts(out) {
            return;
        }
        if self.game.earns_parts {
            self.add_earned_turns(out);
        }
        if out.is_empty() && self.passes_when_stuck() && self.nobody_can_move().is_none() {
            out.push(Move::pass());
        }
    }

    /// Whether the player to move, with no legal move, passes: a player whose game checkmate
    /// ends passes only when not in check.
    #[inline]
    pub(in crate::engine) fn passes_when_stuck(&self) -> bool {
        let me = self.turn as usize;
        self.game.passes_when_stuck(me)
            && (self.game.mated_players >> me & 1 == 0 || !self.in_check())
    }

    /// The legal moves of the player to move, each on its own (before a line makes a turn
    /// of several: see `rules/earned.rs`), appended to `out` after clearing it; false where
    /// there are more than [`MAX_MOVES`] (`out` is then cut as [`Position::legal_moves`]
    /// says).
    #[inline]
    pub(in crate::engine) fn legal_parts(&self, out: &mut Vec<Move>) -> bool {
        out.clear();
        self.pseudo_moves_for(out, true);
        if out.len() > MAX_MOVES {
            over_budget(out);
            return false;
        }
        self.filter(out);
        true
    }

    /// [`Position::legal_moves`], or an error where there are more than [`MAX_MOVES`] (then
    /// `out` is left empty).
    ///
    /// # Errors
    /// [`TooManyMoves`] for a position with more than [`MAX_MOVES`] moves.
    pub fn try_legal_moves(&self, out: &mut Vec<Move>) -> Result<(), TooManyMoves> {
        self.legal_moves(out);
        if out.len() > MAX_MOVES {
            out.clear();
            return Err(TooManyMoves);
        }
        Ok(())
    }

    /// The pseudo-legal moves from the general, per-piece generator even where the game has a
    /// bitboard fast path: for tests that compare the two.
    #[doc(hidden)]
    pub fn pseudo_legal_moves_general(&self, out: &mut Vec<Move>) {
        out.clear();
        self.pseudo_moves_general(out, None, None);
        if !self.game.gate_cells.is_empty() {
            self.add_gatings(out, 0);
        }
        if let Some(kind) = self.game.relocated {
            self.add_relocations(kind, out, 0);
        }
    }

    /// Moves before the game's filters (compulsory capture, identity, royal safety): for
    /// tests that check the filters independently.
    pub fn pseudo_legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        self.pseudo_moves(out);
    }

    #[inline]
    pub(in crate::engine) fn enemy_of(&self, code: u8) -> bool {
        // A player's enemies by bit: the other players, or with teams the other teams'.
        code != 0 && self.game.enemies[self.turn as usize] >> self.game.owner(code) & 1 != 0
    }

    pub(in crate::engine) fn pseudo_moves(&self, out: &mut Vec<Move>) {
        self.pseudo_moves_for(out, false);
    }

    /// With `legal`, moves the game's filters would drop anyway may be left out.
    pub(super) fn pseudo_moves_for(&self, out: &mut Vec<Move>, legal: bool) {
        let start = out.len();
        if self.is_chance() {
            self.throws(out);
            return;
        }
        if let Some(race) = &self.game.race {
            if race.rule.each_die {
                race.turns(self, out);
            } else {
                race.moves(self, out);
            }
            return;
        }
        if let Some(sow) = &self.game.sowing {
            sow.moves(self, out);
            return;
        }
        if let Some(lines) = &self.game.lines {
            lines.moves(self, out);
            return;
        }
        if let Some(steps) = &self.game.steps {
            steps.moves(self, out);
            return;
        }
        if !self.game.openings.is_empty() && self.opening_moves(out) {
            return;
        }
        if let Some(bits) = &self.game.bitboards {
            self.pseudo_moves_bitboard(bits, out, legal);
        } else if let Some(bits) = &self.game.wide_bitboards {
            self.pseudo_moves_wide(bits, out);
        } else if let Some(shifts) = &self.game.approach_masks {
            self.approach_side_moves(
                shifts,
                out,
                legal && self.game.compulsory_for(self.turn as usize),
            );
        } else {
            self.pseudo_moves_general(out, None, None);
        }
        if !self.game.gate_cells.is_empty() {
            self.add_gatings(out, start);
        }
        if let Some(kind) = self.game.relocated {
            self.add_relocations(kind, out, start);
        }
        if !self.game.mills.is_empty() {
            self.add_mill_removals(out, start);
        }
        if self.game.may_pass_for(self.turn as usize) {
            out.push(Move::pass());
        }
    }

    /// The general generator. With `deferred`, the moves of frozen pieces that a board rule
    /// lets act are kept unchecked and their index ranges in `out` recorded there, for a
    /// caller that plays them anyway and asks the rule about the result. With `targets`, a
    /// caller that asks only whether a move captures on one of those cells: walks that
    /// cannot reach them are left out.
    pub(in crate::engine) fn pseudo_moves_general(
        &self,
        out: &mut Vec<Move>,
        mut deferred: Option<&mut Deferred>,
        targets: Option<CellSet>,
    ) {
        let me = self.turn as usize;
        let g = self.game;
        if !g.openings.is_empty() && self.opening_moves(out) {
            return;
        }
        let frozen = self.frozen;
        // `pieces in hand must be placed first`: only placements while any is left.
        let placing_only = g.hand_first_for(me)
            && if g.hand_first_all {
                (0..g.players.len()).any(|p| self.hand_count(p, g.hand_first_kind) > 0)
            } else {
                self.hand_count(me, g.hand_first_kind) > 0
            };
        for c in 0..self.cells.len() {
            if placing_only {
                break;
            }
            let code = self.cells[c];
            if code == 0 || self.game.owner(code) != me {
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
            let rules = &g.rules[code as usize];
            let flying = rules.iter().any(|r| {
                matches!(r, Rule::FlyAnywhere { when_pieces } if self.flies_anywhere(me, *when_pieces))
            });
            for rule in rules {
                if flying && !matches!(rule, Rule::FlyAnywhere { .. }) {
                    continue;
                }
                if let (
                    Some(t),
                    Rule::Walk(WalkRule {
                        dirs,
                        friends,
                        steps,
                        ..
                    }),
                ) = (targets, rule)
                {
                    if !self.walk_may_take(cell, code, dirs, *friends, *steps, t) {
                        continue;
                    }
                }
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
        if !placing_only {
            for r in &g.board_rules {
                r.moves(self, out);
            }
        }
        self.place_moves(out);
    }

    /// The same moves as the general generator, piece kind by piece kind: plain steps are
    /// generated for all pieces of a kind at once by shifting their bitboard; every other rule
    /// runs per piece. Only for games without layers, hooks or bars (see [`Game::bitboards`]).
    fn pseudo_moves_bitboard(&self, bits: &super::Bitboards, out: &mut Vec<Move>, legal: bool) {
        let g = self.game;
        let me = self.turn as usize;
        let sides = self.sides();
        // The pieces that may start a jump, per jump rule met (in loop order), and whether a
        // capture certainly exists: then, where capturing is compulsory, moves to empty cells
        // need not be generated for a legal move list.
        let mut starts = [0u64; 32];
        let mut certain = false;
        let mut k = 0;
        // The mover's piece codes: every `1 << player_shift`-th from `1 + me` (a plain loop:
        // a stepped range divides to count its steps).
        let step = 1usize << g.player_shift;
        let mut code = (1 + me).wrapping_sub(step);
        while code.wrapping_add(step) < self.bb.len() {
            code = code.wrapping_add(step);
            if self.bb[code] == 0 {
                continue;
            }
            for rule in &g.rules[code] {
                if let Rule::Jump(_) = rule {
                    if k < starts.len() {
                        let (from, exact) = self.jump_starts(bits, rule, self.bb[code], &sides);
                        starts[k] = from;
                        certain |= exact && from != 0;
                        k += 1;
                    }
                }
            }
        }
        let skip_quiet = legal && certain && g.compulsory_for(me);
        let mut k = 0;
        let mut code = (1 + me).wrapping_sub(step);
        while code.wrapping_add(step) < self.bb.len() {
            code = code.wrapping_add(step);
            let pieces = self.bb[code];
            if pieces == 0 {
                continue;
            }
            for rule in &g.rules[code] {
                let mut jump_from = pieces;
                if let Rule::Jump(_) = rule {
                    if k < starts.len() {
                        jump_from = starts[k];
                    }
                    k += 1;
                }
                self.bitboard_rule_moves(
                    bits, &sides, code as u8, rule, jump_from, skip_quiet, out,
                );
            }
        }
        self.place_moves(out);
    }

    /// The moves of `rule` for the pieces of `code`, in the bitboard generator's order: plain
    /// steps for all pieces at once, direction by direction; every other rule piece by piece
    /// (a jump only for the pieces of `jump_from`, a superset of those that can jump). With
    /// `skip_quiet`, moves to empty cells are left out (a capture certainly exists and is
    /// compulsory).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn bitboard_rule_moves(
        &self,
        bits: &super::Bitboards,
        sides: &Sides,
        code: u8,
        rule: &Rule,
        jump_from: u64,
        skip_quiet: bool,
        out: &mut Vec<Move>,
    ) {
        let pieces = self.bb[code as usize];
        let occupied = sides.mine | sides.theirs;
        if let Rule::Step {
            dirs,
            twice: false,
            target,
            from,
            en_passant: false,
        } = rule
        {
            if skip_quiet && *target == Target::Empty {
                return;
            }
            let allowed = sides.allowed(*target);
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
                return;
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
            return;
        }
        let mut p = pieces;
        match rule {
            // Only pieces that may start here, and en passant only after a double step.
            Rule::Step {
                dirs,
                twice: true,
                from,
                en_passant,
                ..
            } if dirs.len() == 1 && self.game.board_rules.is_empty() => {
                // A double step in one direction, for all pieces at once, in the order of
                // their cells as the per-piece generator has it.
                let d = dirs[0];
                let src = from.map_or(pieces, |f| pieces & f.low_word());
                let mid = bits.step(src, d) & sides.empty;
                let mut dst = bits.step(mid, d) & sides.empty;
                let shift = bits.shift[d as usize];
                while dst != 0 {
                    let to = dst.trailing_zeros() as i32;
                    dst &= dst - 1;
                    let mut m = Move::new((to - 2 * shift) as Cell, to as Cell);
                    m.kind = MoveKind::DoubleStep;
                    m.path[0] = (to - shift) as Cell;
                    m.npath = 1;
                    if *en_passant {
                        m.ep_mark = m.path[0];
                    }
                    self.emit(m, code, out);
                }
                return;
            }
            Rule::Step { from: Some(f), .. } => p &= f.low_word(),
            Rule::EnPassant { .. } if self.ep_targets.is_empty() => return,
            Rule::Jump(JumpRule {
                dirs,
                hurdle,
                gap,
                beyond,
                landing,
                repeatedly: false,
                kinds,
                ..
            }) => {
                let mut p = jump_from;
                while p != 0 {
                    let c = p.trailing_zeros() as Cell;
                    p &= p - 1;
                    self.single_jumps(
                        bits, sides, c, code, dirs, *hurdle, *gap, *beyond, *landing, *kinds, out,
                    );
                }
                return;
            }
            Rule::Jump(JumpRule { dirs, .. }) if self.straight_chains_apply(rule, code) => {
                self.straight_chains(bits, sides, code, dirs, jump_from, out);
                return;
            }
            Rule::Jump(_) => p = jump_from,
            _ => {}
        }
        while p != 0 {
            let c = p.trailing_zeros() as Cell;
            p &= p - 1;
            self.gen_rule(rule, c, code, out);
        }
    }

    /// The player to move's pieces, the opponent's and the empty cells, as bits (games with
    /// bitboards).
    pub(in crate::engine) fn sides(&self) -> Sides {
        self.sides_of(&self.bb)
    }

    /// [`Position::sides`] from the sets `planes` by piece code, of either width.
    #[inline]
    pub(in crate::engine) fn sides_of<B: Bits>(&self, planes: &[B]) -> Sides<B> {
        let me = self.turn as usize;
        let (mut mine, mut theirs) = (B::ZERO, B::ZERO);
        // Piece codes alternate between the players, the first player's first, after the
        // empty code 0: with two players 1 + 2k is the first player's, 2 + 2k the second's.
        let shift = self.game.player_shift;
        if shift == 1 {
            let pairs = planes.len() / 2;
            let bb = &planes[1..1 + 2 * pairs];
            for k in 0..pairs {
                mine |= bb[2 * k + me];
                theirs |= bb[2 * k + (me ^ 1)];
            }
        } else {
            for (i, &b) in planes.iter().enumerate().skip(1) {
                if (i - 1) & ((1 << shift) - 1) == me {
                    mine |= b;
                } else {
                    theirs |= b;
                }
            }
        }
        Sides {
            mine,
            theirs,
            empty: !(mine | theirs),
        }
    }

    /// Whether `cell` is one a piece of `code` may not enter (`only PIECES may enter ...`).
    #[inline]
    pub(in crate::engine) fn kept_out(&self, code: u8, cell: Cell) -> bool {
        self.game
            .keep_out
            .as_ref()
            .is_some_and(|k| k[code as usize].contains(cell))
    }

    /// Whether a piece of `code` is barred from `cell` (`never beside KIND DIRS`).
    #[inline]
    pub(in crate::engine) fn barred(&self, code: u8, cell: Cell) -> bool {
        let Some((kind, dirs)) = &self.game.bar[code as usize] else {
            return false;
        };
        let b = &self.game.board;
        dirs.iter().any(|&d| {
            let n = b.step(cell, d);
            n != NONE
                && self.cells[n as usize] != 0
                && self.game.kind_of(self.cells[n as usize]) == *kind
        })
    }

    /// The promotions of a piece of `code` arriving on `cell`: its choices, or just itself
    /// (as 0, "no change").
    pub(in crate::engine) fn arrivals(
        &self,
        code: u8,
        cell: Cell,
    ) -> impl Iterator<Item = u8> + '_ {
        let to: &[u8] = match &self.game.promotion[code as usize] {
            Some((to, region)) if region.contains(cell) => to,
            _ => &[0],
        };
        (0..to.len())
            .filter(move |&i| to[i] == 0 || self.promotion_open(code, i, to[i]))
            .map(move |i| to[i])
    }

    /// Whether the `i`th promotion choice of a piece of `code`, `t`, is open: always, unless
    /// it waits for a lost piece (`, each only if I have lost one`) and none is lost.
    #[inline]
    fn promotion_open(&self, code: u8, i: usize, t: u8) -> bool {
        let limit = &self.game.promotion_limit[code as usize];
        limit.is_empty() || self.counts[t as usize] < limit[i]
    }

    /// Pushes `m`, once per promotion choice where the piece ends in its promotion region.
    #[inline(always)]
    pub(super) fn emit(&self, m: Move, code: u8, out: &mut Vec<Move>) {
        let g = self.game;
        if g.plain_emit[code as usize] {
            out.push(m);
        } else if let (Some(to), Some((_, region))) =
            (g.sole_promotion[code as usize], &g.promotion[code as usize])
        {
            let mut m = m;
            if m.kind.moves_piece() && region.contains(m.to) {
                m.promote = to;
            }
            out.push(m);
        } else {
            self.emit_checked(m, code, out);
        }
    }

    /// [`Position::emit`] for pieces whose moves are barred, kept out, confined, capture by
    /// custody or promote.
    #[inline(never)]
    #[allow(clippy::if_same_then_else)] // the two pushes below, on purpose
    fn emit_checked(&self, mut m: Move, code: u8, out: &mut Vec<Move>) {
        let moves_piece = m.kind.moves_piece();
        if moves_piece && self.barred(code, m.to) {
            return;
        }
        if moves_piece && self.kept_out(code, m.to) {
            return;
        }
        if self.game.confines && moves_piece {
            if let Some(region) = &self.game.confine[code as usize] {
                if !region.contains(m.to) {
                    return;
                }
            }
            if self.game.leaves_stay(code, m.from, m.to) {
                return;
            }
        }
        if moves_piece && m.ncap > 0 {
            // `may not capture PIECES`: the piece taken where it lands (or en passant).
            let taken = self.cells[m.caps[0] as usize];
            if taken != 0
                && self.game.no_capture[code as usize] >> self.game.kind_of(taken) & 1 != 0
            {
                return;
            }
            if let Some(ex) = &self.game.explosion {
                self.add_blast(ex, &mut m, code);
            }
        }
        // Custody and meetings: one test for the games that have neither.
        if self.game.removes_after_moves {
            if moves_piece && !self.game.meets.is_empty() {
                self.add_meeting(&mut m, code);
            }
            if let Some(cu) = &self.game.custody {
                self.add_custody_captures(cu, &mut m, code);
            }
        }
        if let Some((to, region)) = &self.game.promotion[code as usize] {
            let g = self.game;
            // `also from there`: leaving the region promotes as entering it does.
            let leaving =
                g.promotion_from[code as usize] && m.from != NONE && region.contains(m.from);
            if moves_piece
                && (region.contains(m.to) || leaving)
                && (m.ncap > 0 || !g.promotion_on_capture[code as usize])
            {
                // `forced on ...`: there the piece itself is no choice.
                let forced = g.promotion_forced[code as usize].contains(m.to);
                for (i, &t) in to.iter().enumerate() {
                    if forced && t == code || !self.promotion_open(code, i, t) {
                        continue;
                    }
                    m.promote = t;
                    out.push(m.clone());
                }
                return;
            }
        }
        // Two pushes, so that the one with room left copies the move straight into the
        // buffer: with a single push the compiler may keep a copy of the move across the
        // buffer's possible growth, made every time (5% of chess perft's time).
        if out.len() < out.capacity() {
            out.push(m);
        } else {
            out.push(m);
        }
    }

    fn target_ok(&self, t: Target, cell: Cell) -> bool {
        let c = self.cells[cell as usize];
        if c != 0 && self.unkillable(cell) {
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
}
