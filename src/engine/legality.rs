//! Legality: the game's filters over pseudo-legal moves (royal safety, compulsory and majority
//! capture, moves told apart by their captures only), legality by play where board rules change
//! threats, and drawing one random legal move.

use super::hooks::Watch;
use super::movegen::Deferred;
use super::rules::ride;
use super::rules::slide::first_along;
use super::{Game, Move, MoveKind, Position, MAX_CAPTURES};
use crate::geometry::{Cell, CellSet, NONE};
use crate::model::{effect, Priority};
use crate::rng::Rng;

impl Position<'_> {
    pub(super) fn filter(&self, out: &mut Vec<Move>) {
        let g = self.game;
        // Royal safety first: a capture that exposes the royal piece is no capture at all,
        // so it must not make capturing compulsory.
        if g.legality_by_play {
            // Board rules change threats: moves are tested by playing them and the replies.
            self.retain_play_safe(out);
        } else if g.has_royal && g.explosion.is_some() {
            self.retain_blast_safe(out);
        } else if g.has_royal && !self.royals_unguarded() {
            self.retain_royal_safe(out);
        }
        if !g.part_dirs.is_empty() {
            self.retain_parting(out);
        }
        if g.no_checks {
            self.retain_no_check(out);
        }
        if g.lone_checker {
            self.retain_lone_checker_captures(out);
        }
        if g.no_mating_drops {
            out.retain(|m| !self.drop_mates(m));
        }
        let me = self.turn as usize;
        if g.compulsory_for(me) && out.iter().any(|m| m.ncap > 0) {
            out.retain(|m| m.ncap > 0);
        }
        if g.majority_for(me) {
            let max = out.iter().map(|m| m.ncap).max().unwrap_or(0);
            if max > 0 {
                for &p in &g.capture_order {
                    self.keep_best(p, out);
                }
            }
        }
        if !g.streaks.is_empty() {
            self.retain_streak(out);
        }
        if g.identity_by_captures {
            dedup_by_captures(out);
        }
    }

    /// Keeps, of the captures `out`, those best by the priority `p`.
    fn keep_best(&self, p: Priority, out: &mut Vec<Move>) {
        let g = self.game;
        // The kind on a cell; none off the board (a placement's start) or on an empty cell.
        let kind = |c: Cell| match self.cells.get(c as usize) {
            Some(&code) if code != 0 => self.game.kind_of(code),
            _ => usize::MAX,
        };
        let score = |m: &Move| -> i64 {
            match p {
                Priority::Pieces => i64::from(m.ncap),
                Priority::Worth => m
                    .captures()
                    .iter()
                    .map(|&c| g.kinds.get(kind(c)).map_or(0, |k| i64::from(k.worth)))
                    .sum(),
                Priority::By(k) => i64::from(kind(m.from) == k),
                Priority::Most(k) => m.captures().iter().filter(|&&c| kind(c) == k).count() as i64,
                // The earlier the first one, the better; none is worst.
                Priority::Earliest(k) => m
                    .captures()
                    .iter()
                    .position(|&c| kind(c) == k)
                    .map_or(i64::MIN, |i| -(i as i64)),
            }
        };
        let best = out.iter().map(score).max().unwrap_or(0);
        out.retain(|m| score(m) == best);
    }

    /// `moves may not give check`: keeps the moves after which no enemy royal piece is
    /// attacked.
    fn retain_no_check(&self, out: &mut Vec<Move>) {
        let n = self.cells.len();
        let enemy = self.turn as usize ^ 1;
        let mut scratch = [0u8; crate::geometry::MAX_CELLS];
        scratch[..n].copy_from_slice(&self.cells);
        out.retain(|m| {
            let undo = Undo::apply(self.game, &mut scratch[..n], m);
            let checks = self.royal_attacked_on(&scratch[..n], enemy);
            undo.restore(&mut scratch[..n]);
            !checks
        });
    }

    /// `in check, a royal piece moves only to take a lone checking piece` (Makpong): in check,
    /// keeps a royal piece's moves only where they capture the one piece giving check.
    fn retain_lone_checker_captures(&self, out: &mut Vec<Move>) {
        if !self.in_check() {
            return;
        }
        let g = self.game;
        let me = self.turn as usize;
        let n = self.cells.len();
        let mut scratch = [0u8; crate::geometry::MAX_CELLS];
        scratch[..n].copy_from_slice(&self.cells);
        out.retain(|m| {
            let Some(&mover) = self.cells.get(m.from as usize) else {
                return true;
            };
            if mover == 0 || !g.royal[mover as usize] {
                return true;
            }
            let taken = self.cells.get(m.to as usize).copied().unwrap_or(0);
            if !self.enemy_of(taken) {
                return false;
            }
            // The taken piece is the only one giving check when, with a piece of the
            // mover's standing on its cell instead (blocking the same lines), the royal
            // piece's cell is attacked no more.
            scratch[m.to as usize] = mover;
            let other_checker = self.attacked_on(&scratch[..n], m.from, g.opponent(me));
            scratch[m.to as usize] = taken;
            !other_checker
        });
    }

    /// `royal when last`: the player to move has two royal pieces or more, so that none is
    /// royal during this move (a move that gives the last one company, promoting a piece
    /// to a royal kind, leaves it no less royal: as Fairy-Stockfish judges it).
    fn royals_unguarded(&self) -> bool {
        self.game.royal_last && self.royal_count(self.turn as usize) >= 2
    }

    /// Whether `player` is in check on `cells`: a royal piece of theirs is attacked (with
    /// `royal together`, every one of them is).
    pub(super) fn royal_attacked_on(&self, cells: &[u8], player: usize) -> bool {
        let g = self.game;
        let royal_of = |code: u8| code != 0 && g.owner(code) == player && g.royal[code as usize];
        if g.royal_last && cells.iter().filter(|&&code| royal_of(code)).count() >= 2 {
            // `royal when last`: two or more, and none is royal.
            return false;
        }
        let mut royals = cells
            .iter()
            .enumerate()
            .filter(|&(_, &code)| royal_of(code));
        let exposed = |(c, &code): (usize, &u8)| {
            g.immune[code as usize] & effect::KILL == 0
                && self.royal_exposed(cells, c as Cell, g.opponent(player))
        };
        if g.royal_together {
            // Some royal piece, and all of them exposed.
            return royals.clone().next().is_some() && royals.all(exposed);
        }
        royals.any(exposed)
    }
    /// Whether the player to move has a royal piece under attack.
    pub fn in_check(&self) -> bool {
        if !self.game.has_royal {
            return false;
        }
        if self.game.legality_by_play {
            return self.royal_threatened_by_moves();
        }
        if self.game.has_layers {
            // Slept and kept pieces cannot act: ask the opponent's moves.
            let mut other = self.clone();
            other.turn ^= 1;
            return other.royal_capturable(self.turn as usize, &mut Vec::new());
        }
        self.royal_attacked_on(&self.cells, self.turn as usize)
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
            self.pseudo_moves_general(replies, Some(&mut deferred), None);
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
        // Two copies of the test, so that games without screens, hops or blocked leaps
        // (chess) never look at the landing cells.
        if guard.watch_landing {
            out.retain(|m| self.royal_safe::<true>(m, &mut guard));
        } else {
            out.retain(|m| self.royal_safe::<false>(m, &mut guard));
        }
    }

    /// Whether the player to move here has a move (pseudo-legal) that captures a royal piece
    /// of `victim`: royal safety where attack patterns cannot tell (games with layers).
    pub(super) fn royal_capturable(&self, victim: usize, replies: &mut Vec<Move>) -> bool {
        let g = self.game;
        replies.clear();
        if g.bitboards.is_none() && g.mills.is_empty() && g.custody.is_none() {
            // Only captures matter here, and a walk's only captures are its steps' effects
            // (no custody captures after it, no mill removals): the walks that cannot reach
            // the royal pieces are left out, the paths of a walk being many.
            let mut targets = CellSet::EMPTY;
            for (c, &code) in self.cells.iter().enumerate() {
                if code != 0 && g.royal[code as usize] && self.game.owner(code) == victim {
                    targets.insert(c as Cell);
                }
            }
            self.pseudo_moves_general(replies, None, Some(targets));
        } else {
            self.pseudo_moves(replies);
        }
        replies.iter().any(|r| {
            r.captures().iter().any(|&c| {
                let code = self.cells[c as usize];
                code != 0 && g.royal[code as usize] && self.game.owner(code) == victim
            })
        })
    }

    /// Whether no royal piece of the mover is attacked after `m`. The move is applied to the
    /// guard's scratch board and taken back.
    /// `WATCH`: the guard's `watch_landing`.
    #[inline(always)]
    fn royal_safe<const WATCH: bool>(&self, m: &Move, guard: &mut RoyalGuard<'g>) -> bool {
        // The common case first (see [`RoyalGuard::quick`]).
        (guard.quick
            && m.turn == 0
            && m.from != NONE
            && !guard.tested.contains(m.from)
            && m.extra_from == NONE
            && m.captures().iter().all(|&c| c == m.to)
            && (m.promote == 0 || !self.game.royal_entries)
            && !(WATCH && guard.landing.contains(m.to)))
            || self.royal_safe_tested(m, guard)
    }

    /// [`Position::royal_safe`] for a move that may expose a royal piece: tested on the board.
    fn royal_safe_tested(&self, m: &Move, guard: &mut RoyalGuard<'g>) -> bool {
        let me = self.turn as usize;
        if m.shot != NONE && !self.game.gate_cells.is_empty() {
            // Gating, as Fairy-Stockfish judges it: a move is legal as it would be without
            // the piece it leaves behind, which shields the royal piece from nothing (a piece
            // that uncovers an attack on it may not move even where the one entering its cell
            // would block the line).
            let mut plain = m.clone();
            plain.shot = NONE;
            return self.royal_safe_tested(&plain, guard);
        }
        if self.game.has_layers || m.turn != 0 {
            // Stacks, sleep and keeping change more than the top cells, slept or kept pieces
            // cannot act, and a block's turn moves pieces no cell list describes: play the
            // move itself on a copy, as the game will, and ask the opponent's moves there.
            let child = guard.child.get_or_insert_with(|| self.clone());
            child.clone_from(self);
            child.play_unchecked(m);
            return !child.royal_capturable(me, &mut guard.replies);
        }
        let n = self.cells.len();
        if !guard.ready {
            guard.scratch[..n].copy_from_slice(&self.cells);
            guard.ready = true;
        }
        let scratch = &mut guard.scratch;
        if guard.overflow {
            // Too many royal pieces to track: test the slow, general way.
            scratch[..n].copy_from_slice(&self.cells);
            apply_cells(self.game, &mut scratch[..n], m);
            return !self.royal_attacked_on(&scratch[..n], me);
        }
        // A piece entering the board adds a blocker and never frees an attacker (unless it
        // lands where an attack needs a piece); a pass changes nothing.
        if matches!(m.kind, MoveKind::Place | MoveKind::Pass)
            && !guard.in_check
            && (m.kind == MoveKind::Pass || !guard.watch_landing || !guard.landing.contains(m.to))
            && !self.game.enters_royal(m)
        {
            return true;
        }
        if m.kind == MoveKind::Pass {
            // A pass changes nothing: safe exactly when no royal piece is attacked now.
            return !guard.in_check;
        }
        let undo = Undo::apply(self.game, &mut scratch[..n], m);
        let royals = &guard.royals[..guard.nr];
        let foe = self.game.opponent(me);
        let attacked = |cell: Cell| self.attacked_on(&scratch[..n], cell, foe);
        let enters = self.game.enters_royal(m);
        let safe = if self.game.royal_together {
            // Duple check: some royal piece, one entering included, is left unattacked (or
            // there is none).
            (royals.is_empty() && !enters)
                || royals.iter().any(|&r| !attacked(moved(m, r)))
                || (enters && !attacked(m.to))
        } else {
            royals.iter().all(|&r| !attacked(moved(m, r))) && !(enters && attacked(m.to))
        };
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
    if g.bitboards.is_some() {
        let mut bits = 0u64;
        for code in (1 + player..pos.bb.len()).step_by(1 << pos.game.player_shift) {
            if g.royal[code] {
                bits |= pos.bb[code];
            }
        }
        if bits.count_ones() as usize > MAX_ROYALS {
            return None;
        }
        while bits != 0 {
            royals[nr] = bits.trailing_zeros() as Cell;
            bits &= bits - 1;
            nr += 1;
        }
        return Some((royals, nr));
    }
    for (c, &code) in pos.cells.iter().enumerate() {
        // A royal piece immune to kill cannot be taken: nothing to guard.
        if code != 0
            && pos.game.owner(code) == player
            && g.royal[code as usize]
            && g.immune[code as usize] & effect::KILL == 0
        {
            if nr == MAX_ROYALS {
                return None;
            }
            royals[nr] = c as Cell;
            nr += 1;
        }
    }
    Some((royals, nr))
}

/// The cells of `player`'s royal pieces (at most [`MAX_ROYALS`] of them).
pub(super) fn royal_list(pos: &Position, player: usize) -> Vec<Cell> {
    match royal_cells(pos, player) {
        Some((royals, nr)) => royals[..nr].to_vec(),
        None => pos
            .cells
            .iter()
            .enumerate()
            .filter(|&(_, &code)| {
                code != 0 && pos.game.owner(code) == player && pos.game.royal[code as usize]
            })
            .map(|(c, _)| c as Cell)
            .collect(),
    }
}

/// What testing moves for royal safety needs from a position, found once: the mover's royal
/// pieces, whether one is attacked now, and the cells whose pieces may be pinned. When no
/// royal piece is attacked, a move can only expose one by leaving a cell on a sliding line
/// from it or by removing a piece off its landing cell (en passant), or, where screens, hops
/// and blocked leaps attack, by leaving or entering a cell such an attack needs: other moves
/// need no test.
struct RoyalGuard<'g> {
    /// A copy of the position to play moves on, and a buffer for the replies there (games
    /// with layers), made once.
    child: Option<Position<'g>>,
    replies: Vec<Move>,
    royals: [Cell; MAX_ROYALS],
    nr: usize,
    overflow: bool,
    in_check: bool,
    /// No royal piece is attacked and none is hidden in a stack: a move needs a test only
    /// when it starts on one of the `tested` cells (the royal pieces, the pinned ones and
    /// those whose leaving can make an attack), lands on one of the `landing` cells, moves a
    /// second piece or captures off its landing cell.
    quick: bool,
    tested: CellSet,
    /// Where screens, hops or blocked leaps attack (not [`Game::royal_shortcuts`]), a piece
    /// arriving can make an attack too: a move needs a test when it lands on one of the
    /// `landing` cells (before an enemy cannon's screen, on a hopper's hurdle).
    watch_landing: bool,
    landing: CellSet,
    /// The position's cells, changed by a move under test and restored after it (copied
    /// in when `ready`, at the first test).
    scratch: [u8; crate::geometry::MAX_CELLS],
    ready: bool,
}

impl<'g> RoyalGuard<'g> {
    fn new(pos: &Position<'g>) -> RoyalGuard<'g> {
        let g = pos.game;
        let me = pos.turn as usize;
        let mut guard = RoyalGuard {
            child: None,
            replies: Vec::new(),
            royals: [NONE; MAX_ROYALS],
            nr: 0,
            overflow: false,
            in_check: false,
            quick: false,
            tested: CellSet::EMPTY,
            watch_landing: !g.royal_shortcuts,
            landing: CellSet::EMPTY,
            scratch: [0; crate::geometry::MAX_CELLS],
            ready: false,
        };
        match royal_cells(pos, me) {
            Some((royals, nr)) => (guard.royals, guard.nr) = (royals, nr),
            None => {
                guard.overflow = true;
                return guard;
            }
        }
        let enemy = g.opponent(me);
        let (royals, nr) = (guard.royals, guard.nr);
        let royals = &royals[..nr];
        guard.in_check = royals
            .iter()
            .any(|&r| pos.attacked_on(&pos.cells, r, enemy));
        if !guard.in_check {
            // A piece is pinned when it is the mover's first piece along a sliding line from
            // a royal piece and the next piece beyond it is an enemy that slides along it.
            let b = &g.board;
            let cells = &pos.cells;
            for &r in royals {
                for a in &g.attacks[enemy] {
                    match a {
                        super::Attack::Slide { back, codes } => {
                            let t = first_along(b, cells, r, *back);
                            if t == NONE || pos.game.owner(cells[t as usize]) != me {
                                continue;
                            }
                            let x = first_along(b, cells, t, *back);
                            if x != NONE && codes >> cells[x as usize] & 1 != 0 {
                                guard.tested.insert(t);
                            }
                        }
                        // The same along the lines of a ride.
                        super::Attack::Ride {
                            codes,
                            stride,
                            back,
                        } => {
                            for i in 0..*stride {
                                let t = ride::first_along(cells, r, *stride, back, i);
                                if t == NONE || pos.game.owner(cells[t as usize]) != me {
                                    continue;
                                }
                                let x = ride::first_along(cells, t, *stride, back, i);
                                if x != NONE && codes >> cells[x as usize] & 1 != 0 {
                                    guard.tested.insert(t);
                                }
                            }
                        }
                        _ if guard.watch_landing => guard.watch_made_attack(pos, r, a),
                        _ => {}
                    }
                }
                guard.tested.insert(r);
            }
            guard.quick = !g.has_layers;
        }
        guard
    }
}

impl RoyalGuard<'_> {
    /// Where a move can make the attack `a` on the royal piece on `r` (a screen, a hop's
    /// hurdle or a leap's empty leg it needs), the cells whose piece leaving, or a piece
    /// arriving on, could: marked `tested` and `landing`.
    fn watch_made_attack(&mut self, pos: &Position, r: Cell, a: &super::Attack) {
        let (b, cells) = (&pos.game.board, &pos.cells);
        match a {
            // The second piece along the line attacks: either of the first two leaving
            // brings the next into the attack, and a piece arriving before an enemy cannon
            // first along the line makes it a screen.
            super::Attack::Screen {
                codes,
                back,
                spared,
                ..
            } => {
                let first = first_along(b, cells, r, *back);
                if first == NONE {
                    return;
                }
                self.tested.insert(first);
                // A spared piece (the Janggi cannon) is no screen: a piece taking its place
                // can make one.
                if spared >> cells[first as usize] & 1 != 0 {
                    self.landing.insert(first);
                }
                let second = first_along(b, cells, first, *back);
                if second != NONE {
                    self.tested.insert(second);
                }
                if codes >> cells[first as usize] & 1 != 0 {
                    let mut s = b.step(r, *back);
                    while s != first {
                        self.landing.insert(s);
                        s = b.step(s, *back);
                    }
                }
            }
            // Over the neighbour along the line (the hurdle), the first piece beyond attacks:
            // a piece arriving on the hurdle's cell, or the first beyond it leaving, can
            // make the attack.
            super::Attack::Hop { back, .. } => {
                let hurdle = b.step(r, *back);
                if hurdle == NONE {
                    return;
                }
                self.landing.insert(hurdle);
                let s = first_along(b, cells, hurdle, *back);
                if s != NONE {
                    self.tested.insert(s);
                }
            }
            // A blocked leap attacks once its way is empty: a piece on the way of an enemy
            // leaper leaving makes the attack.
            super::Attack::Leap {
                codes,
                stride,
                sources,
                legs: Some(legs),
            } => {
                let base = r as usize * stride;
                for (i, &s) in sources.iter().enumerate().skip(base).take(*stride) {
                    if s == NONE || codes >> cells[s as usize] & 1 == 0 {
                        continue;
                    }
                    // Every cell of its way (the Janggi elephant's two).
                    for &leg in &legs.cells[i * legs.depth..(i + 1) * legs.depth] {
                        if leg != NONE {
                            self.tested.insert(leg);
                        }
                    }
                }
            }
            _ => {}
        }
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
    scratch: [u8; crate::geometry::MAX_CELLS],
}

impl FallGuard {
    fn new(pos: &Position, victim: usize) -> FallGuard {
        let g = pos.game;
        let n = pos.cells.len();
        let mut guard = FallGuard {
            royals: [NONE; MAX_ROYALS],
            nr: 0,
            watch: Watch::Cells(CellSet::EMPTY),
            scratch: [0; crate::geometry::MAX_CELLS],
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
        let undo = Undo::apply(pos.game, &mut cells[..n], r);
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

/// Reusable buffers for testing moves one at a time (see [`Position::random_legal_move`]).
pub struct Scratch<'g> {
    pub(super) child: Position<'g>,
    pub(super) other: Position<'g>,
    pub(super) replies: Vec<Move>,
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
        if self.is_chance() {
            return self.random_throw(rng);
        }
        if let Some(race) = g.race.as_ref().filter(|_| !g.has_royal) {
            return race.random_move(self, rng).or_else(|| {
                (self.passes_when_stuck() && self.nobody_can_move().is_none()).then(Move::pass)
            });
        }
        if let Some(drawn) = g.sowing.as_ref().and_then(|s| s.random_move(self, rng)) {
            return drawn;
        }
        if g.steps.is_some() {
            // Turns of steps: every distinct turn listed, one drawn.
            self.legal_moves(buf);
            return (!buf.is_empty()).then(|| buf.swap_remove(rng.below(buf.len())));
        }
        // The swap is one more move than the placements: drawn from the whole list below.
        if let Some(i) = g.sole_place[self.turn as usize].filter(|_| !self.swap_open()) {
            let pl = &g.places[self.turn as usize][i];
            if let Some(m) = self.random_placement(pl, g.may_pass_for(self.turn as usize), rng) {
                return Some(m);
            }
            return (self.passes_when_stuck() && self.nobody_can_move().is_none()).then(Move::pass);
        }
        if g.shoots_only[self.turn as usize] {
            // `None`: the counts did not fit; list the moves instead.
            if let Some(m) = self.random_shot_move(rng, g.may_pass_for(self.turn as usize)) {
                return m.or_else(|| {
                    (self.passes_when_stuck() && self.nobody_can_move().is_none()).then(Move::pass)
                });
            }
        }
        if g.draw_plans[self.turn as usize].is_some() {
            if let Some(m) = self.random_counted_move(rng, buf) {
                return Some(m);
            }
        }
        if g.reach_draw {
            if let Some(m) = self.random_reach_move(rng, buf) {
                return Some(m);
            }
        }
        if !g.per_move_legality() {
            self.legal_moves(buf);
            return (!buf.is_empty()).then(|| buf.swap_remove(rng.below(buf.len())));
        }
        buf.clear();
        self.pseudo_moves(buf);
        let mut guard = None;
        let mut n = buf.len();
        while n > 0 {
            let i = rng.below(n);
            let m = buf[i].clone();
            let legal = if g.legality_by_play {
                self.play_safe(&m, scratch)
            } else if g.has_royal && !self.royals_unguarded() {
                let guard = guard.get_or_insert_with(|| RoyalGuard::new(self));
                if guard.watch_landing {
                    self.royal_safe::<true>(&m, guard)
                } else {
                    self.royal_safe::<false>(&m, guard)
                }
            } else {
                true
            };
            if legal && !(g.no_mating_drops && self.drop_mates(&m)) {
                return Some(m);
            }
            buf.swap(i, n - 1);
            n -= 1;
        }
        (self.passes_when_stuck() && self.nobody_can_move().is_none()).then(Move::pass)
    }
}

/// Keeps the first of the moves that are the same by their captures ([`Move::same_by_captures`]),
/// in order: pairwise for a short list (no allocation), by sorting for a long one, whose
/// pairwise test would take quadratic time (up to [`super::MAX_MOVES`] moves).
fn dedup_by_captures(out: &mut Vec<Move>) {
    if dedup_quiet_runs(out) {
        return;
    }
    if out.len() <= 64 {
        let mut i = 0;
        while i < out.len() {
            if out[..i].iter().any(|p| p.same_by_captures(&out[i])) {
                out.remove(i);
            } else {
                i += 1;
            }
        }
        return;
    }
    let keys: Vec<(Cell, Cell, u8, Vec<Cell>)> = out
        .iter()
        .map(|m| {
            let mut caps = m.captures().to_vec();
            caps.sort_unstable();
            (m.from, m.to, m.promote, caps)
        })
        .collect();
    let mut order: Vec<usize> = (0..out.len()).collect();
    order.sort_by(|&a, &b| keys[a].cmp(&keys[b]).then(a.cmp(&b)));
    let mut drop = vec![false; out.len()];
    for w in order.windows(2) {
        if keys[w[0]] == keys[w[1]] {
            drop[w[1]] = true;
        }
    }
    let mut i = 0;
    out.retain(|_| {
        i += 1;
        !drop[i - 1]
    });
}

/// [`dedup_by_captures`] in a pass or two where no move captures or promotes and the moves of
/// each start come together (as the generator lists them, piece by piece): two moves are then
/// the same when they end on the same cell, a set per start; the second pass only where the
/// first found the same move twice. Returns `false`, leaving `out` as it is, where that does
/// not hold.
fn dedup_quiet_runs(out: &mut Vec<Move>) -> bool {
    let mut done = CellSet::EMPTY;
    let mut seen = CellSet::EMPTY;
    let mut from = NONE;
    let mut twice = false;
    for m in out.iter() {
        if m.ncap != 0 || m.promote != 0 || (m.to as usize) >= crate::geometry::MAX_CELLS {
            return false;
        }
        if m.from != from {
            if (m.from as usize) >= crate::geometry::MAX_CELLS || done.contains(m.from) {
                return false;
            }
            done.insert(m.from);
            from = m.from;
            seen = CellSet::EMPTY;
        }
        twice |= seen.contains(m.to);
        seen.insert(m.to);
    }
    if !twice {
        return true;
    }
    let mut from = NONE;
    out.retain(|m| {
        if m.from != from {
            from = m.from;
            seen = CellSet::EMPTY;
        }
        let new = !seen.contains(m.to);
        seen.insert(m.to);
        new
    });
    true
}

/// The cells a move changed on a scratch board, with their contents before it: inline, and
/// for a chain of more captures than a move holds inline, in `more` (which only such a move
/// allocates).
pub(super) struct Undo {
    saved: [(Cell, u8); MAX_CAPTURES + 4],
    n: usize,
    more: Vec<(Cell, u8)>,
}

impl Undo {
    /// Applies `m` to `cells` (see [`apply_cells`]), remembering what it changes.
    pub(super) fn apply(g: &Game, cells: &mut [u8], m: &Move) -> Undo {
        let mut undo = Undo {
            saved: [(NONE, 0); MAX_CAPTURES + 4],
            n: 0,
            more: Vec::new(),
        };
        for c in [m.from, m.to, m.extra_from, m.extra_to]
            .into_iter()
            .chain(m.captures().iter().copied())
        {
            if c == NONE {
                continue;
            }
            if undo.n < undo.saved.len() {
                undo.saved[undo.n] = (c, cells[c as usize]);
                undo.n += 1;
            } else {
                undo.more.push((c, cells[c as usize]));
            }
        }
        apply_cells(g, cells, m);
        undo
    }

    /// Takes the move back.
    pub(super) fn restore(&self, cells: &mut [u8]) {
        for &(c, v) in self.saved[..self.n].iter().chain(&self.more).rev() {
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
pub fn apply_cells(g: &Game, cells: &mut [u8], m: &Move) {
    if m.kind == MoveKind::Places {
        for &c in m.landings() {
            cells[c as usize] = m.promote;
        }
        return;
    }
    if m.kind == MoveKind::Place {
        cells[m.to as usize] = m.promote;
        let me = g.owner(m.promote);
        for &c in m.landings() {
            cells[c as usize] = g.code(g.kind_of(cells[c as usize]), me);
        }
        return;
    }
    if m.shot != NONE {
        // The move, then the shot (which may land where the piece started).
        let mut without = m.clone();
        without.shot = NONE;
        apply_cells(g, cells, &without);
        if let Some(kind) = g.relocated {
            // The neutral piece leaves its cell.
            for v in cells.iter_mut() {
                if *v != 0 && g.kind_of(*v) == kind {
                    *v = 0;
                }
            }
        }
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
    // A second piece that moves (castling); abilities acting on one cell name no `extra_to`.
    // Both pieces leave before either lands: in Chess960 castling one may land where the
    // other stood.
    let partner = (m.extra_from != NONE && m.extra_to != NONE).then(|| {
        let p = cells[m.extra_from as usize];
        cells[m.extra_from as usize] = 0;
        p
    });
    cells[m.from as usize] = 0;
    cells[m.to as usize] = if m.vanishes {
        0
    } else if m.promote != 0 {
        m.promote
    } else {
        code
    };
    if let Some(p) = partner {
        cells[m.extra_to as usize] = p;
    }
}

#[cfg(test)]
mod tests {
    use super::super::rules::testing::{game_of, moves};

    /// Men and kings that step and capture one square diagonally (`worth` 2 and 3), under
    /// the capture rule `capture`.
    fn draughts(capture: &str) -> crate::engine::Game {
        game_of(
            "square 8 x 8",
            &format!(
                "piece man \"M\" worth 2 {{\n jump diagonal over enemy repeatedly\n }}\n\
                 piece king \"K\" worth 3 {{\n jump diagonal over enemy repeatedly\n }}\n\
                 {capture}"
            ),
            "white man on a1\nblack king on h8",
        )
    }

    #[test]
    fn a_capture_by_a_king_comes_first() {
        // The man on a1 and the king on h1 can each take one man.
        let pos = "8/8/8/8/8/8/1m4m1/M6K w";
        let most = "capture is compulsory and must take the most pieces";
        assert_eq!(moves(&draughts(most), pos), ["a1xc3", "h1xf3"]);
        let by_king = format!("{most}, then by a king");
        assert_eq!(moves(&draughts(&by_king), pos), ["h1xf3"]);
    }

    /// A royal king and a rook on 5 x 5, with `enemy`, a piece block, for the other side.
    fn king_rook_and(enemy: &str) -> crate::engine::Game {
        let name = enemy.split_whitespace().nth(1).expect("a piece name");
        game_of(
            "square 5 x 5",
            &format!(
                "piece king \"K\" royal {{\n step orthogonal\n }}\n\
                 piece rook \"R\" {{\n slide orthogonal\n }}\n{enemy}"
            ),
            &format!("white king on a1\nwhite rook on b1\nblack {name} on e5"),
        )
    }

    #[test]
    fn a_move_that_makes_a_screen_hurdle_or_open_leg_for_an_attack_is_refused() {
        // Landing before a cannon makes a screen; leaving one of the first two pieces
        // before it brings the next into the attack.
        let cannon = king_rook_and(
            "piece cannon \"C\" {\n slide orthogonal to empty\n \
             capture orthogonal over a screen\n }",
        );
        assert_eq!(
            moves(&cannon, "c4/5/2R2/5/K4 w"),
            ["a1-a2", "a1-b1", "c3-b3", "c3-c1", "c3-c2", "c3-c4", "c3-c5", "c3-d3", "c3-e3"]
        );
        assert_eq!(
            moves(&cannon, "c4/R4/R4/5/K4 w"),
            ["a1-a2", "a1-b1", "a3-a2", "a4xa5"]
        );
        // Landing on the cell beside the king gives a grasshopper its hurdle; the first piece
        // beyond a hurdle leaving brings the next into the attack.
        let hopper = king_rook_and("piece grasshopper \"G\" {\n hop all\n }");
        assert_eq!(
            moves(&hopper, "5/g4/5/2R2/K4 w"),
            ["a1-a2", "a1-b1", "c2-b2", "c2-c1", "c2-c3", "c2-c4", "c2-c5", "c2-d2", "c2-e2"]
        );
        assert_eq!(
            moves(&hopper, "g4/5/R4/R4/K4 w"),
            ["a1-b1", "a2-b2", "a2-c2", "a2-d2", "a2-e2", "a3-a4", "a3xa5"]
        );
        // A blocked leap attacks once its leg is empty.
        let horse = king_rook_and("piece horse \"N\" {\n leap (1, 2), blocked in between\n }");
        assert_eq!(
            moves(&horse, "5/5/1n3/1R3/K4 w"),
            ["a1-a2", "a1-b1", "b2xb3"]
        );
    }

    #[test]
    fn the_most_kings_then_the_earliest_king() {
        let rule = "capture is compulsory and must take the most pieces, then by a king, \
                    then the most kings, then the earliest king";
        let g = draughts(rule);
        // From d4, a man on c5 or a king on e5: the king.
        assert_eq!(moves(&g, "8/8/8/2m1k3/3K4/8/8/8 w"), ["d4xf6"]);
        // Both chains take a man and a king; a1's takes the king first.
        assert_eq!(moves(&g, "8/8/8/8/3mk3/8/1k4m1/K6K w"), ["a1xc3xe5"]);
    }

    #[test]
    fn the_greatest_worth_then_the_most_kings() {
        // a1 takes three men (worth 6), h1 two kings (worth 6): more pieces, or more kings.
        let pos = "8/8/5m2/8/3mk3/8/1m4k1/K6K w";
        let most = draughts("capture is compulsory and must take the most pieces");
        assert_eq!(moves(&most, pos), ["a1xc3xe5xg7"]);
        let worth = draughts("capture is compulsory and must take the greatest worth");
        assert_eq!(moves(&worth, pos), ["a1xc3xe5xg7", "h1xf3xd5"]);
        let kings =
            draughts("capture is compulsory and must take the greatest worth, then the most kings");
        assert_eq!(moves(&kings, pos), ["h1xf3xd5"]);
        // Two men (4) outweigh one king (3).
        assert_eq!(moves(&kings, "8/8/8/8/4m3/8/1k4m1/K6K w"), ["h1xf3xd5"]);
    }
}
