//! A position: the cells, the side to move and the game-specific memory (unmoved pieces for
//! castling, the en-passant cell, counters), with an incrementally updated Zobrist hash.

use super::hooks::MoveFacts;
use super::{Attack, Game, Move, MoveKind, Outcome};
use crate::geometry::{Cell, CellSet, NONE};
use crate::model::{state, EndCond, Verdict};

#[derive(Debug)]
pub struct Position<'g> {
    pub game: &'g Game,
    pub(super) cells: Vec<u8>,
    pub(super) unmoved: CellSet,
    pub(super) turn: u8,
    /// The cells a double step just passed over (or could have), and the piece that made it.
    pub(super) ep_targets: CellSet,
    pub(super) ep_victim: Cell,
    /// Plies since the start of the game.
    pub(super) ply: u32,
    /// Plies since the last capture or progress move (for no-progress draws).
    pub(super) quiet: u32,
    /// Consecutive passes just made.
    pub(super) passes: u8,
    /// Once-per-game rights already used, as bits per player (see
    /// [`super::hooks::BoardRule::right_name`]).
    pub(super) spent: u8,
    /// Stacks: the piece kept under each cell's top piece (0: none). Empty in games without
    /// layers, so that copying a position costs nothing there.
    pub(super) under: Vec<u8>,
    /// Per cell: bit 0, the top piece is slept; bit 1, the kept piece is slept. Empty in games
    /// without layers.
    pub(super) slept: Vec<u8>,
    /// The cell of the piece that is fresh (protected during the opponent's next action).
    pub(super) fresh: Cell,
    /// Pieces on the board (kept ones included) by piece code, kept up to date by every change.
    pub(super) counts: Vec<u16>,
    /// With [`Game::bitboards`]: the cells of each piece code as bits (index 0 unused).
    pub(super) bb: Vec<u64>,
    /// The cells of the pieces the game's board rules freeze (they cannot act), found after
    /// every move (a cache of
    /// the board, so not hashed).
    pub(super) frozen: CellSet,
    /// The cell of the last move if it was a placement that flipped nothing (lines and
    /// connections are then tested through it alone), else `NONE`.
    pub(super) placed: Cell,
    pub(super) hash: u64,
}

/// Bit of [`Position::slept`] for the top piece of a cell.
pub(super) const TOP: u8 = 1;
/// Bit of [`Position::slept`] for the kept piece of a cell.
pub(super) const KEPT: u8 = 2;

impl Clone for Position<'_> {
    fn clone(&self) -> Self {
        Position {
            game: self.game,
            cells: self.cells.clone(),
            unmoved: self.unmoved,
            turn: self.turn,
            ep_targets: self.ep_targets,
            ep_victim: self.ep_victim,
            ply: self.ply,
            quiet: self.quiet,
            passes: self.passes,
            spent: self.spent,
            under: self.under.clone(),
            slept: self.slept.clone(),
            fresh: self.fresh,
            counts: self.counts.clone(),
            bb: self.bb.clone(),
            frozen: self.frozen,
            placed: self.placed,
            hash: self.hash,
        }
    }

    /// Reuses the cell buffer: no allocation.
    fn clone_from(&mut self, o: &Self) {
        self.game = o.game;
        self.cells.clone_from(&o.cells);
        self.unmoved = o.unmoved;
        self.turn = o.turn;
        self.ep_targets = o.ep_targets;
        self.ep_victim = o.ep_victim;
        self.ply = o.ply;
        self.quiet = o.quiet;
        self.passes = o.passes;
        self.spent = o.spent;
        self.under.clone_from(&o.under);
        self.slept.clone_from(&o.slept);
        self.fresh = o.fresh;
        self.counts.clone_from(&o.counts);
        self.bb.clone_from(&o.bb);
        self.frozen = o.frozen;
        self.placed = o.placed;
        self.hash = o.hash;
    }
}

/// Why a move could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal move `{text}`")]
pub struct IllegalMove {
    pub text: String,
}

impl<'g> Position<'g> {
    pub fn start(game: &'g Game) -> Position<'g> {
        Self::from_parts(
            game,
            game.initial.clone(),
            game.initial_unmoved,
            0,
            CellSet::EMPTY,
            NONE,
            0,
            0,
        )
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn from_parts(
        game: &'g Game,
        cells: Vec<u8>,
        unmoved: CellSet,
        turn: u8,
        ep_targets: CellSet,
        ep_victim: Cell,
        ply: u32,
        quiet: u32,
    ) -> Position<'g> {
        let mut p = Position {
            game,
            cells,
            unmoved,
            turn,
            ep_targets,
            ep_victim,
            ply,
            quiet,
            passes: 0,
            spent: 0,
            under: if game.has_layers {
                vec![0; game.board.len()]
            } else {
                Vec::new()
            },
            slept: if game.has_layers {
                vec![0; game.board.len()]
            } else {
                Vec::new()
            },
            fresh: NONE,
            counts: vec![0; game.rules.len()],
            bb: if game.bitboards.is_some() {
                vec![0; game.rules.len()]
            } else {
                Vec::new()
            },
            frozen: CellSet::EMPTY,
            placed: NONE,
            hash: 0,
        };
        for (c, &code) in p.cells.iter().enumerate() {
            p.counts[code as usize] += 1;
            if !p.bb.is_empty() && code != 0 {
                p.bb[code as usize] |= 1 << c;
            }
        }
        p.hash = p.compute_hash();
        for r in &game.board_rules {
            p.frozen = p.frozen.union(&r.frozen(&p));
        }
        p
    }

    /// The hash computed from scratch (the incremental [`Position::hash`] must equal it).
    pub fn compute_hash(&self) -> u64 {
        let g = self.game;
        let n = g.board.len();
        let mut h = 0;
        for (c, &code) in self.cells.iter().enumerate() {
            if code != 0 {
                h ^= g.zobrist_piece[code as usize * n + c];
            }
        }
        for c in self.unmoved.iter() {
            h ^= g.zobrist_unmoved[c as usize];
        }
        for c in self.ep_targets.iter() {
            h ^= g.zobrist_ep[c as usize];
        }
        if self.turn == 1 {
            h ^= g.zobrist_turn;
        }
        if self.passes > 0 {
            h ^= g.zobrist_pass[self.passes.min(7) as usize];
        }
        for p in 0..2 {
            if self.spent >> p & 1 != 0 {
                h ^= g.zobrist_spent[p];
            }
        }
        let n = g.board.len();
        for (c, &code) in self.under.iter().enumerate() {
            if code != 0 {
                h ^= g.zobrist_under[code as usize * n + c];
            }
        }
        for (c, &bits) in self.slept.iter().enumerate() {
            for layer in 0..2 {
                if bits >> layer & 1 != 0 {
                    h ^= g.zobrist_slept[layer * n + c];
                }
            }
        }
        if self.fresh != NONE {
            h ^= g.zobrist_fresh[self.fresh as usize];
        }
        h
    }

    /// The piece kept under the top piece of `c` (0: none).
    pub fn under_at(&self, c: Cell) -> u8 {
        self.under.get(c as usize).copied().unwrap_or(0)
    }

    /// Whether the top piece (or, with `kept`, the kept piece) of `c` is slept.
    pub fn is_slept(&self, c: Cell, kept: bool) -> bool {
        let bit = if kept { KEPT } else { TOP };
        self.slept.get(c as usize).is_some_and(|b| b & bit != 0)
    }

    /// Whether `player`'s once-per-game right has been used.
    pub fn right_spent(&self, player: usize) -> bool {
        self.spent >> player & 1 != 0
    }

    /// The cell of the fresh piece, if any.
    pub fn fresh_cell(&self) -> Option<Cell> {
        (self.fresh != NONE).then_some(self.fresh)
    }

    /// The change of hash when the piece on a layer of `c` goes from `old` to `new` (0 for
    /// none), with that layer's key table.
    #[inline]
    fn key_change(&self, table: &[u64], c: Cell, old: u8, new: u8) -> u64 {
        let n = self.game.board.len();
        let key = |code: u8| {
            if code == 0 {
                0
            } else {
                table[code as usize * n + c as usize]
            }
        };
        key(old) ^ key(new)
    }

    /// Number of royal pieces `player` has.
    pub fn royal_count(&self, player: usize) -> usize {
        let g = self.game;
        (1 + player..self.counts.len())
            .step_by(2)
            .filter(|&code| g.royal[code])
            .map(|code| self.counts[code] as usize)
            .sum()
    }

    pub(super) fn set_under(&mut self, c: Cell, code: u8) {
        let old = self.under[c as usize];
        self.hash ^= self.key_change(&self.game.zobrist_under, c, old, code);
        // Code 0 counts empty layers; only the piece codes matter.
        if old != 0 {
            self.counts[old as usize] -= 1;
        }
        if code != 0 {
            self.counts[code as usize] += 1;
        }
        self.under[c as usize] = code;
    }

    /// Sets the slept bits of `c` (both layers) to `bits`.
    pub(super) fn set_slept(&mut self, c: Cell, bits: u8) {
        if self.slept.is_empty() {
            return;
        }
        let n = self.game.board.len();
        let diff = self.slept[c as usize] ^ bits;
        for layer in 0..2 {
            if diff >> layer & 1 != 0 {
                self.hash ^= self.game.zobrist_slept[layer * n + c as usize];
            }
        }
        self.slept[c as usize] = bits;
    }

    pub(super) fn set_fresh(&mut self, c: Cell) {
        if self.fresh != NONE {
            self.hash ^= self.game.zobrist_fresh[self.fresh as usize];
        }
        if c != NONE {
            self.hash ^= self.game.zobrist_fresh[c as usize];
        }
        self.fresh = c;
    }

    /// Takes the top piece off `c` (with whether it was slept); a kept piece underneath
    /// becomes the top piece.
    pub(super) fn lift(&mut self, c: Cell) -> (u8, bool) {
        let code = self.cells[c as usize];
        if self.under.is_empty() {
            self.set(c, 0);
            return (code, false);
        }
        let bits = self.slept[c as usize];
        let kept = self.under[c as usize];
        self.set(c, kept);
        self.set_under(c, 0);
        self.set_slept(c, if kept != 0 { (bits & KEPT) >> 1 } else { 0 });
        (code, bits & TOP != 0)
    }

    /// Puts `code` on the empty cell `c`.
    pub(super) fn put(&mut self, c: Cell, code: u8, slept: bool) {
        self.set(c, code);
        if !self.slept.is_empty() {
            let bits = self.slept[c as usize] & KEPT;
            self.set_slept(c, bits | u8::from(slept));
        }
    }

    /// The player to move.
    pub fn turn(&self) -> usize {
        self.turn as usize
    }

    /// The cells of the pieces a board rule freezes (they cannot act; see
    /// [`super::hooks::BoardRule::frozen`]).
    pub fn frozen(&self) -> &CellSet {
        &self.frozen
    }

    /// Every cell's piece code (0 = empty), by cell.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The piece code on a cell (0 = empty).
    pub fn at(&self, c: Cell) -> u8 {
        self.cells[c as usize]
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    pub fn ply(&self) -> u32 {
        self.ply
    }

    pub fn quiet_plies(&self) -> u32 {
        self.quiet
    }

    /// Number of pieces a player has (of one kind, or of any kind).
    pub fn count(&self, player: usize, kind: Option<usize>) -> usize {
        match kind {
            Some(k) => self.counts[super::code(k, player) as usize] as usize,
            None => self
                .counts
                .iter()
                .skip(1 + player)
                .step_by(2)
                .map(|&n| n as usize)
                .sum(),
        }
    }

    #[inline]
    fn set(&mut self, c: Cell, code: u8) {
        let old = self.cells[c as usize];
        self.hash ^= self.key_change(&self.game.zobrist_piece, c, old, code);
        self.counts[old as usize] -= 1;
        self.counts[code as usize] += 1;
        if !self.bb.is_empty() {
            self.bb[old as usize] &= !(1 << c);
            self.bb[code as usize] |= 1 << c;
        }
        self.cells[c as usize] = code;
    }

    fn clear_unmoved(&mut self, c: Cell) {
        if c != NONE && self.unmoved.contains(c) {
            self.unmoved.remove(c);
            self.hash ^= self.game.zobrist_unmoved[c as usize];
        }
    }

    /// Plays a move known to be legal (from [`Position::legal_moves`]).
    pub fn play_unchecked(&mut self, m: &Move) {
        let g = self.game;
        if self.passes > 0 {
            self.hash ^= g.zobrist_pass[self.passes.min(7) as usize];
        }
        self.placed = if m.kind == MoveKind::Place && m.npath == 0 {
            m.to
        } else {
            NONE
        };
        if m.kind == MoveKind::Pass {
            self.passes = self.passes.saturating_add(1);
            self.hash ^= g.zobrist_pass[self.passes.min(7) as usize];
            self.clear_en_passant();
            self.quiet += 1;
            self.ply += 1;
            self.turn ^= 1;
            self.hash ^= g.zobrist_turn;
            return;
        }
        self.passes = 0;
        if self.fresh != NONE {
            self.set_fresh(NONE);
        }
        let code = if m.kind == MoveKind::Place {
            m.promote
        } else {
            self.cells[m.from as usize]
        };
        self.apply_action(m, code);
        if m.shot != NONE {
            self.put(m.shot, m.shot_code, false);
        }
        if m.spends != 0 {
            let p = (m.spends - 1) as usize;
            self.spent |= 1 << p;
            self.hash ^= g.zobrist_spent[p];
        }
        for c in [m.from, m.to, m.extra_from] {
            self.clear_unmoved(c);
        }
        for &c in m.captures() {
            self.clear_unmoved(c);
        }
        for h in &g.hooks[code as usize] {
            let Some(after_move) = h.after_move else {
                continue;
            };
            let facts = MoveFacts {
                from: m.from,
                to: m.to,
                captured: m.ncap as usize,
            };
            if after_move(&facts, &h.data) && self.cells[m.to as usize] != 0 {
                self.lift(m.to);
            }
        }
        if m.mark_fresh {
            self.set_fresh(m.to);
        }
        if !g.board_rules.is_empty() {
            self.frozen = CellSet::EMPTY;
            for r in &g.board_rules {
                let after = r.after_move(self);
                for c in after.removed.iter() {
                    self.lift(c);
                }
                let frozen = after.frozen.unwrap_or_else(|| r.frozen(self));
                self.frozen = self.frozen.union(&frozen);
            }
        }
        self.clear_en_passant();
        if m.ep_mark != NONE {
            // A double step marks every cell it could have passed through (listed in `path`
            // for a step through several directions, else `ep_mark`).
            let mut targets = CellSet::EMPTY;
            if m.kind == MoveKind::DoubleStep {
                for &c in m.landings() {
                    targets.insert(c);
                }
            } else {
                targets.insert(m.ep_mark);
            }
            for c in targets.iter() {
                self.hash ^= g.zobrist_ep[c as usize];
            }
            self.ep_targets = targets;
            self.ep_victim = m.to;
        }
        if m.ncap > 0 || g.progress[code as usize] {
            self.quiet = 0;
        } else {
            self.quiet += 1;
        }
        self.ply += 1;
        self.turn ^= 1;
        self.hash ^= g.zobrist_turn;
    }

    /// The board changes of one action (everything but counters, memory and hooks).
    fn apply_action(&mut self, m: &Move, code: u8) {
        let placed = if m.promote != 0 { m.promote } else { code };
        match m.kind {
            MoveKind::Normal | MoveKind::Smash | MoveKind::Walk | MoveKind::DoubleStep => {
                for &c in m.captures() {
                    self.lift(c);
                }
                // A smash ends on `to` too: the piece's own cell, or the cell before its
                // victim.
                self.lift(m.from);
                self.put(m.to, placed, false);
                if m.extra_from != NONE {
                    let (partner, slept) = self.lift(m.extra_from);
                    self.put(m.extra_to, partner, slept);
                }
            }
            MoveKind::Place => {
                self.put(m.to, m.promote, false);
                let me = Game::owner(m.promote);
                for &c in m.landings() {
                    let (flipped, _) = self.lift(c);
                    self.put(c, super::code(Game::kind_of(flipped), me), false);
                }
            }
            MoveKind::Keep => {
                self.lift(m.from);
                let kept = self.cells[m.to as usize];
                let slept = self.is_slept(m.to, false);
                self.set(m.to, placed);
                self.set_under(m.to, kept);
                self.set_slept(m.to, if slept { KEPT } else { 0 });
            }
            MoveKind::Push => {
                let (pushed, slept) = self.lift(m.extra_from);
                let (arrived, slept) = displaced_arrival(m, pushed, slept);
                self.put(m.extra_to, arrived, slept);
            }
            MoveKind::PushKept => {
                // The kept piece moves; its keeper stays, no longer keeping, and is slept.
                let t = m.extra_from;
                let pushed = self.under[t as usize];
                let slept = self.is_slept(t, true);
                self.set_under(t, 0);
                self.set_slept(t, TOP);
                let (arrived, slept) = displaced_arrival(m, pushed, slept);
                self.put(m.extra_to, arrived, slept);
            }
            MoveKind::Sleep | MoveKind::SleepKept => {
                let bit = if m.kind == MoveKind::Sleep { TOP } else { KEPT };
                let bits = self.slept[m.extra_from as usize] | bit;
                self.set_slept(m.extra_from, bits);
            }
            MoveKind::Heal => {
                for &c in m.landings() {
                    self.set_slept(c, 0);
                }
            }
            MoveKind::Swap => {
                let (mine, my_slept) = self.lift(m.from);
                let (theirs, their_slept) = self.lift(m.to);
                let (arrived, slept) = displaced_arrival(m, theirs, their_slept);
                self.put(m.from, arrived, slept);
                self.put(
                    m.to,
                    if m.promote != 0 { m.promote } else { mine },
                    my_slept,
                );
            }
            MoveKind::Transfer => {
                let keeper = self.cells[m.to as usize];
                let (freed, freed_slept) = (self.under[m.to as usize], self.is_slept(m.to, true));
                self.set(m.to, freed);
                self.set_under(m.to, 0);
                self.set_slept(m.to, if freed_slept { TOP } else { 0 });
                let taken = self.cells[m.from as usize];
                self.set(m.from, keeper);
                self.set_under(m.from, taken);
                self.set_slept(m.from, 0);
            }
            MoveKind::Pass => {}
        }
    }

    /// Whether the piece on `c` (the kept one with `kept`) is immune to `effect` (bits of
    /// [`crate::model::effect`]), by its kind or by the states it is in.
    pub fn immune(&self, c: Cell, kept: bool, effect: u8) -> bool {
        let g = self.game;
        let code = if kept {
            self.under_at(c)
        } else {
            self.cells[c as usize]
        };
        if code == 0 {
            return false;
        }
        let mut mask = g.immune[code as usize];
        if kept {
            mask |= g.states.immune[state::KEPT];
        } else {
            if self.under_at(c) != 0 {
                mask |= g.states.immune[state::KEEPING];
            }
            if c == self.fresh {
                mask |= g.states.immune[state::FRESH];
            }
        }
        if self.is_slept(c, kept) {
            mask |= g.states.immune[state::SLEPT];
        }
        mask & effect != 0
    }

    fn clear_en_passant(&mut self) {
        for c in self.ep_targets.iter() {
            self.hash ^= self.game.zobrist_ep[c as usize];
        }
        self.ep_targets = CellSet::EMPTY;
        self.ep_victim = NONE;
    }

    /// Plays `m` if it is one of the legal moves.
    ///
    /// # Errors
    /// [`IllegalMove`] when it is not; the position is unchanged.
    pub fn try_play(&mut self, m: &Move) -> Result<(), IllegalMove> {
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let found = legal.iter().any(|l| {
            l.from == m.from
                && l.to == m.to
                && l.promote == m.promote
                && l.captures() == m.captures()
                && l.landings() == m.landings()
                && l.kind == m.kind
        });
        if found {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(IllegalMove {
                text: self.move_text(m),
            })
        }
    }

    /// Plays a legal move.
    ///
    /// # Panics
    /// If `m` is not legal here.
    pub fn play(&mut self, m: &Move) {
        if let Err(e) = self.try_play(m) {
            panic!("{e}");
        }
    }

    // ------------------------------------------------------------ attacks

    /// Whether `by` could capture onto `target`, on the cells `cells`.
    pub(super) fn attacked_on(&self, cells: &[u8], target: Cell, by: usize) -> bool {
        let b = &self.game.board;
        for a in &self.game.attacks[by] {
            match a {
                Attack::Step { codes, back, from } => {
                    let s = b.step(target, *back);
                    if s != NONE
                        && codes >> cells[s as usize] & 1 != 0
                        && from.is_none_or(|f| f.contains(s))
                    {
                        return true;
                    }
                }
                Attack::Slide { codes, back } => {
                    let mut s = target;
                    loop {
                        s = b.step(s, *back);
                        if s == NONE {
                            break;
                        }
                        let c = cells[s as usize];
                        if c != 0 {
                            if codes >> c & 1 != 0 {
                                return true;
                            }
                            break;
                        }
                    }
                }
                Attack::Leap {
                    codes,
                    stride,
                    sources,
                } => {
                    let base = target as usize * stride;
                    if sources[base..base + stride]
                        .iter()
                        .any(|&s| s != NONE && codes >> cells[s as usize] & 1 != 0)
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether any royal piece of `player` is attacked on `cells`.
    pub(super) fn royal_attacked_on(&self, cells: &[u8], player: usize) -> bool {
        let g = self.game;
        cells.iter().enumerate().any(|(c, &code)| {
            code != 0
                && Game::owner(code) == player
                && g.royal[code as usize]
                && self.attacked_on(cells, c as Cell, player ^ 1)
        })
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

    // ------------------------------------------------------------ outcome

    fn verdict(v: Verdict, player: usize, reason: &str) -> Outcome {
        match v {
            Verdict::Win => Outcome::Win {
                player,
                reason: reason.to_string(),
            },
            Verdict::Lose => Outcome::Win {
                player: player ^ 1,
                reason: reason.to_string(),
            },
            Verdict::Draw | Verdict::Pass => Outcome::Draw {
                reason: reason.to_string(),
            },
        }
    }

    /// End conditions that depend only on the pieces on the board (no pieces, a piece on its
    /// goal), read for the player who just moved first.
    pub fn static_outcome(&self) -> Option<Outcome> {
        let g = self.game;
        let mover = self.turn as usize ^ 1;
        for e in &g.end {
            for p in [mover, mover ^ 1] {
                let hit = match &e.cond {
                    EndCond::NoPieces(k) => self.count(p, *k) == 0,
                    EndCond::NobodyHas(k) => {
                        p == mover && self.count(0, *k) == 0 && self.count(1, *k) == 0
                    }
                    EndCond::PassLimit(n) => p == mover && u32::from(self.passes) >= *n,
                    EndCond::Reaches { kind, region } => {
                        let code = super::code(*kind, p);
                        region[p].iter().any(|c| self.cells[c as usize] == code)
                    }
                    // After a placement only the mover's lines through it can be new.
                    EndCond::InARow {
                        length,
                        exactly,
                        axes,
                        ..
                    } => {
                        (p == mover || self.placed == NONE)
                            && self.in_a_row(p, *length, *exactly, axes, self.placed)
                    }
                    EndCond::Connects { a, b, .. } => {
                        (p == mover || self.placed == NONE)
                            && self.connects(p, &a[p], &b[p], self.placed)
                    }
                    EndCond::Connected => self.connected(p),
                    EndCond::BoardFull { tiebreak } => {
                        if p == mover && self.board_full() {
                            return Some(self.decide(tiebreak, e.verdict, p, &e.text));
                        }
                        false
                    }
                    _ => false,
                };
                if hit {
                    return Some(Self::verdict(e.verdict, p, &e.text));
                }
            }
        }
        None
    }

    /// Whether no cell is empty.
    fn board_full(&self) -> bool {
        if self.under.is_empty() {
            self.counts[0] == 0
        } else {
            self.cells.iter().all(|&c| c != 0)
        }
    }

    /// The verdict of a line for `player`, unless a tie-break decides first: the player with
    /// more pieces (of a kind) wins.
    fn decide(
        &self,
        tiebreak: &[Option<usize>],
        verdict: Verdict,
        player: usize,
        text: &str,
    ) -> Outcome {
        for t in tiebreak {
            let (a, b) = (self.count(0, *t), self.count(1, *t));
            if a != b {
                let what = t.map_or("pieces".to_string(), |k| {
                    format!("{}s", self.game.kinds[k].name)
                });
                return Outcome::Win {
                    player: usize::from(b > a),
                    reason: format!("{text}: more {what}"),
                };
            }
        }
        Self::verdict(verdict, player, text)
    }

    /// Whether the game has a `nobody can move` line and the opponent of the player to move
    /// (who has no legal move) has none either.
    pub(super) fn nobody_can_move(&self) -> Option<&crate::model::EndModel> {
        let e = self
            .game
            .end
            .iter()
            .find(|e| matches!(e.cond, EndCond::NobodyCanMove { .. }))?;
        let mut other = self.clone();
        other.turn ^= 1;
        let mut moves = Vec::new();
        other.pseudo_moves_for(&mut moves, true);
        other.filter(&mut moves);
        moves.is_empty().then_some(e)
    }

    /// The result when the player to move has no legal move.
    pub fn no_move_outcome(&self) -> Outcome {
        let me = self.turn as usize;
        if let Some(e) = self.nobody_can_move() {
            if let EndCond::NobodyCanMove { tiebreak } = &e.cond {
                return self.decide(tiebreak, e.verdict, me, &e.text);
            }
        }
        for e in &self.game.end {
            if let EndCond::NoLegalMove { in_check } = e.cond {
                if e.verdict == Verdict::Pass {
                    continue;
                }
                if !in_check || self.in_check() {
                    return Self::verdict(e.verdict, me, &e.text);
                }
            }
        }
        Outcome::Draw {
            reason: "no legal move".into(),
        }
    }

    /// The game's play-only draws and limits (repetition, ply limits), given how often this
    /// position has occurred.
    pub fn limit_outcome(&self, occurrences: usize) -> Option<Outcome> {
        let me = self.turn as usize;
        for e in &self.game.end {
            let hit = match &e.cond {
                EndCond::Repetition => occurrences >= 3,
                EndCond::PlyLimit {
                    plies,
                    no_progress: None,
                    ..
                } => self.ply >= *plies,
                EndCond::PlyLimit { plies, .. } => self.quiet >= *plies,
                _ => false,
            };
            if !hit {
                continue;
            }
            // A tie-break decides first: the player with more pieces (of a kind) wins.
            let tiebreak = match &e.cond {
                EndCond::PlyLimit { tiebreak, .. } => &tiebreak[..],
                _ => &[],
            };
            return Some(self.decide(tiebreak, e.verdict, me, &e.text));
        }
        None
    }
}

/// What a piece displaced by a move (pushed, swapped) arrives as: promoted if the move says
/// so, and then never slept.
fn displaced_arrival(m: &Move, piece: u8, slept: bool) -> (u8, bool) {
    if m.extra_promote != 0 {
        (m.extra_promote, false)
    } else {
        (piece, slept)
    }
}
