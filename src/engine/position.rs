//! A position: the cells, the side to move and the game-specific memory (unmoved pieces for
//! castling, the en-passant cell, counters), with an incrementally updated Zobrist hash.

use super::Game;
use crate::geometry::{Cell, CellSet, NONE};
use crate::model::{state, PerPlayer};

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
    /// Pieces in hand by piece code (empty in games without hands).
    pub(super) hand: Vec<u16>,
    /// With [`Game::bitboards`]: the cells of each piece code as bits (index 0 unused).
    pub(super) bb: Vec<u64>,
    /// With [`Game::wide_bitboards`]: the same, 128 bits a code (boards of 65 to 128 cells).
    pub(super) wide_bb: Vec<u128>,
    /// The cells of the pieces the game's board rules freeze (they cannot act), found after
    /// every move (a cache of
    /// the board, so not hashed).
    pub(super) frozen: CellSet,
    /// The cell of the last move if it was a placement that flipped nothing (lines and
    /// connections are then tested through it alone), else `NONE`.
    pub(super) placed: Cell,
    /// After a turn of several placements (`placed` is then its first cell): its other cells,
    /// then `NONE`s.
    pub(super) also_placed: [Cell; crate::model::MAX_TURN_PLACES as usize - 1],
    /// Games with `not next to the last piece placed`: the cell the last move placed a piece
    /// on, else `NONE` (part of the position: hashed, and written in position strings).
    pub(super) last_placed: Cell,
    /// Groups of stones with their liberties, and the ko cell (games with group capture).
    pub(super) chains: super::rules::groups::Chains,
    /// Chains for connection goals (see `rules/connection.rs`), in games that have them.
    pub(super) links: super::rules::connection::Links,
    /// Pieces that got their kind by promotion (games where captures go to a hand: such a
    /// piece goes there demoted).
    pub(super) promoted: CellSet,
    /// Sowing games: the seeds in each pit (empty in other games).
    pub(super) seeds: Vec<u16>,
    /// Sowing games: the seeds in each player's store.
    pub(super) stores: [u16; 2],
    /// Sowing games: the seeds in each player's hand, still to be placed.
    pub(super) sow_hand: [u16; 2],
    /// Sowing games: the last turn ended the game inside it (`rules::sow::STUCK`, `ENDLESS`).
    pub(super) sow_ended: u8,
    /// Games with dice: the outcome thrown for this turn, or `rules::chance::PENDING` while
    /// the throw is still to come.
    pub(super) throw: u8,
    /// Races whose pieces share cells: how many pieces each cell holds, all alike (empty in
    /// other games).
    pub(super) heights: Vec<u16>,
    /// Games that count checks (`win when I have given check N times`): the checks each
    /// player has given.
    pub(super) checks: [u8; 2],
    /// Games of lines between dots: the lines drawn, as bits by line number (see
    /// `rules/lines.rs`).
    pub(super) drawn: u128,
    /// Races played by the whole throw: the cell of a piece sent back from a trap, which must
    /// move on its owner's next throw; [`NOT_BEGUN`] while nothing has moved yet (`nothing
    /// moves until a throw of N, ...`); `NONE` otherwise.
    pub(super) held: Cell,
    /// Games with a limit on a piece's moves in a row (`moves at most N times in a row
    /// without capturing`): per player, the cell of the piece that made the player's last
    /// moves in a row without capturing, and how many (0: none).
    pub(super) streak: PerPlayer<(Cell, u8)>,
    /// Games with counting rules: the count (see `rules/counting.rs`). Not hashed, as the
    /// no-progress count is not: a position repeats whatever the count says.
    pub(super) count: super::rules::counting::Count,
    pub(super) hash: u64,
}

/// [`Position::held`] while a race waits for the throw that begins it.
pub const NOT_BEGUN: Cell = NONE - 1;

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
            hand: self.hand.clone(),
            bb: self.bb.clone(),
            wide_bb: self.wide_bb.clone(),
            frozen: self.frozen,
            placed: self.placed,
            also_placed: self.also_placed,
            last_placed: self.last_placed,
            chains: self.chains.clone(),
            links: self.links.clone(),
            promoted: self.promoted,
            seeds: self.seeds.clone(),
            stores: self.stores,
            sow_hand: self.sow_hand,
            sow_ended: self.sow_ended,
            throw: self.throw,
            heights: self.heights.clone(),
            checks: self.checks,
            drawn: self.drawn,
            held: self.held,
            streak: self.streak,
            count: self.count,
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
        self.hand.clone_from(&o.hand);
        self.bb.clone_from(&o.bb);
        self.wide_bb.clone_from(&o.wide_bb);
        self.frozen = o.frozen;
        self.placed = o.placed;
        self.also_placed = o.also_placed;
        self.last_placed = o.last_placed;
        self.chains.clone_from(&o.chains);
        self.links.clone_from(&o.links);
        self.promoted = o.promoted;
        self.seeds.clone_from(&o.seeds);
        self.stores = o.stores;
        self.sow_hand = o.sow_hand;
        self.sow_ended = o.sow_ended;
        self.throw = o.throw;
        self.heights.clone_from(&o.heights);
        self.checks = o.checks;
        self.drawn = o.drawn;
        self.held = o.held;
        self.streak = o.streak;
        self.count = o.count;
        self.hash = o.hash;
    }
}

impl<'g> Position<'g> {
    pub fn start(game: &'g Game) -> Position<'g> {
        let mut p = Self::from_parts(
            game,
            game.initial.clone(),
            game.initial_unmoved,
            0,
            CellSet::EMPTY,
            NONE,
            0,
            0,
        );
        for &(c, n) in &game.initial_heights {
            p.set_height(c, n);
        }
        p
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
            hand: game.initial_hand.clone(),
            bb: if game.bitboards.is_some() {
                vec![0; game.rules.len()]
            } else {
                Vec::new()
            },
            wide_bb: if game.wide_bitboards.is_some() {
                vec![0; game.rules.len()]
            } else {
                Vec::new()
            },
            frozen: CellSet::EMPTY,
            placed: NONE,
            also_placed: [NONE; crate::model::MAX_TURN_PLACES as usize - 1],
            last_placed: NONE,
            chains: super::rules::groups::Chains::none(),
            links: super::rules::connection::Links::default(),
            promoted: CellSet::EMPTY,
            seeds: match &game.sowing {
                Some(s) => vec![s.rule.start; game.board.len()],
                None => Vec::new(),
            },
            stores: [0; 2],
            sow_hand: match &game.sowing {
                Some(s) => [s.rule.hand; 2],
                None => [0; 2],
            },
            sow_ended: 0,
            throw: super::rules::chance::PENDING,
            heights: Vec::new(),
            checks: [0; 2],
            drawn: 0,
            held: if game.race.as_ref().is_some_and(|r| r.rule.begin.is_some()) {
                NOT_BEGUN
            } else {
                NONE
            },
            streak: [(NONE, 0); crate::model::MAX_PLAYERS],
            count: Default::default(),
            hash: 0,
        };
        if game
            .race
            .as_ref()
            .is_some_and(|r| r.rule.stack || r.rule.each_die)
        {
            p.heights = p.cells.iter().map(|&c| u16::from(c != 0)).collect();
        }
        for (c, &code) in p.cells.iter().enumerate() {
            p.counts[code as usize] += 1;
            if !p.bb.is_empty() && code != 0 {
                p.bb[code as usize] |= 1 << c;
            }
            if !p.wide_bb.is_empty() && code != 0 {
                p.wide_bb[code as usize] |= 1 << c;
            }
        }
        p.build_chains();
        p.build_links();
        p.rehash();
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
                h ^= g.zobrist.piece[code as usize * n + c];
            }
        }
        for c in self.unmoved.iter() {
            h ^= g.zobrist.unmoved[c as usize];
        }
        for c in self.ep_targets.iter() {
            h ^= g.zobrist.ep[c as usize];
        }
        for c in self.promoted.iter() {
            h ^= g.zobrist.promoted[c as usize];
        }
        h ^= g.zobrist.turns[self.turn as usize];
        for (code, &n) in self.hand.iter().enumerate() {
            h ^= g.hand_key(code as u8, n);
        }
        if self.passes > 0 {
            h ^= g.zobrist.pass[self.passes.min(7) as usize];
        }
        for p in 0..g.players.len() {
            if self.spent >> p & 1 != 0 {
                h ^= g.zobrist.spent[p];
            }
        }
        if self.chains.ko != NONE {
            h ^= g.zobrist.ep[self.chains.ko as usize];
        }
        if self.last_placed != NONE {
            h ^= g.last_placed_key(self.last_placed);
        }
        let n = g.board.len();
        for (c, &code) in self.under.iter().enumerate() {
            if code != 0 {
                h ^= g.zobrist.under[code as usize * n + c];
            }
        }
        for (c, &bits) in self.slept.iter().enumerate() {
            for layer in 0..2 {
                if bits >> layer & 1 != 0 {
                    h ^= g.zobrist.slept[layer * n + c];
                }
            }
        }
        if self.fresh != NONE {
            h ^= g.zobrist.fresh[self.fresh as usize];
        }
        if g.sowing.is_some() {
            h ^= self.seeds_hash();
        }
        if let Some(c) = &g.chance {
            h ^= c.key(self.throw);
        }
        for (c, &n) in self.heights.iter().enumerate() {
            h ^= g.height_key(c, n);
        }
        for (p, &n) in self.checks.iter().enumerate() {
            h ^= g.checks_key(p, n);
        }
        for (p, &(c, n)) in self.streak.iter().enumerate() {
            h ^= g.streak_key(p, c, n);
        }
        if let Some(lines) = &g.lines {
            for (l, &k) in lines.keys.iter().enumerate() {
                if self.drawn >> l & 1 != 0 {
                    h ^= k;
                }
            }
        }
        h ^ self.held_key()
    }

    /// The hash key of [`Position::held`]: a race's cells have no en-passant keys in use, and
    /// the pass keys' first is never used for passes.
    pub(super) fn held_key(&self) -> u64 {
        match self.held {
            NONE => 0,
            NOT_BEGUN => self.game.zobrist.pass[0],
            c => self.game.zobrist.ep[c as usize],
        }
    }

    /// Sets [`Position::held`], keeping the hash.
    pub(super) fn set_held(&mut self, c: Cell) {
        self.hash ^= self.held_key();
        self.held = c;
        self.hash ^= self.held_key();
    }

    /// A race's held cell: the piece there must move on its owner's next throw (`None` for
    /// none, and while the race has not begun).
    pub fn held_cell(&self) -> Option<Cell> {
        (self.held != NONE && self.held != NOT_BEGUN).then_some(self.held)
    }

    /// Whether a race waits for the throw that begins it.
    pub fn race_not_begun(&self) -> bool {
        self.held == NOT_BEGUN
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
            .step_by(1 << g.player_shift)
            .filter(|&code| g.royal[code])
            .map(|code| self.counts[code] as usize)
            .sum()
    }

    pub(super) fn set_under(&mut self, c: Cell, code: u8) {
        let old = self.under[c as usize];
        self.hash ^= self.key_change(&self.game.zobrist.under, c, old, code);
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
                self.hash ^= self.game.zobrist.slept[layer * n + c as usize];
            }
        }
        self.slept[c as usize] = bits;
    }

    pub(super) fn set_fresh(&mut self, c: Cell) {
        if self.fresh != NONE {
            self.hash ^= self.game.zobrist.fresh[self.fresh as usize];
        }
        if c != NONE {
            self.hash ^= self.game.zobrist.fresh[c as usize];
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

    /// Gives the turn to the next player and changes nothing else (a null move, for
    /// evaluations: how many moves the opponent would have here; and the end of every move).
    #[inline]
    pub fn pass_turn(&mut self) {
        let g = self.game;
        if g.players.len() == 2 {
            // The first player's key is 0: the second's toggles the turn.
            self.turn ^= 1;
            self.hash ^= g.zobrist.turns[1];
            return;
        }
        self.pass_turn_many();
    }

    /// [`Position::pass_turn`] with more than two players: a player who is out (with teams,
    /// a player with no pieces left) is skipped.
    #[inline(never)]
    fn pass_turn_many(&mut self) {
        let g = self.game;
        let mut next = g.next_player(self.turn as usize);
        if g.has_teams {
            while next != self.turn as usize && self.count(next, None) == 0 {
                next = g.next_player(next);
            }
        }
        self.hash ^= g.zobrist.turns[self.turn as usize] ^ g.zobrist.turns[next];
        self.turn = next as u8;
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

    /// The position's hash: equal positions have equal hashes.
    pub fn hash(&self) -> u64 {
        // Kept up to date move by move, but for a sowing game's counts.
        self.hash ^ self.counts_hash()
    }

    /// Sets the hash kept move by move from scratch: [`Position::compute_hash`] less what
    /// [`Position::hash`] adds when asked.
    pub(crate) fn rehash(&mut self) {
        self.hash = self.compute_hash() ^ self.counts_hash();
    }

    pub fn ply(&self) -> u32 {
        self.ply
    }

    pub fn quiet_plies(&self) -> u32 {
        self.quiet
    }

    /// Pieces of code `code` in its owner's hand.
    #[inline]
    pub fn in_hand(&self, code: u8) -> usize {
        self.hand.get(code as usize).map_or(0, |&n| usize::from(n))
    }

    /// Pieces a player has in hand (of one kind, or of any kind).
    pub fn hand_count(&self, player: usize, kind: Option<usize>) -> usize {
        match kind {
            Some(k) => self.in_hand(self.game.code(k, player)),
            None => (1 + player..self.hand.len())
                .step_by(1 << self.game.player_shift)
                .map(|c| usize::from(self.hand[c]))
                .sum(),
        }
    }

    /// Changes the number of pieces of `code` in hand, keeping the hash up to date.
    pub(super) fn set_hand(&mut self, code: u8, n: u16) {
        let old = self.hand[code as usize];
        self.hash ^= self.game.hand_key(code, old) ^ self.game.hand_key(code, n);
        self.hand[code as usize] = n;
    }

    /// Number of pieces a player has on the board (of one kind, or of any kind).
    pub fn count(&self, player: usize, kind: Option<usize>) -> usize {
        match kind {
            Some(k) => self.counts[self.game.code(k, player) as usize] as usize,
            None => self
                .counts
                .iter()
                .skip(1 + player)
                .step_by(1 << self.game.player_shift)
                .map(|&n| n as usize)
                .sum(),
        }
    }

    #[inline]
    pub(super) fn set(&mut self, c: Cell, code: u8) {
        let old = self.cells[c as usize];
        self.hash ^= self.key_change(&self.game.zobrist.piece, c, old, code);
        self.counts[old as usize] -= 1;
        self.counts[code as usize] += 1;
        if !self.bb.is_empty() {
            self.bb[old as usize] &= !(1 << c);
            self.bb[code as usize] |= 1 << c;
        } else if !self.wide_bb.is_empty() {
            self.wide_bb[old as usize] &= !(1 << c);
            self.wide_bb[code as usize] |= 1 << c;
        }
        self.cells[c as usize] = code;
    }

    /// Marks the piece on `c` as unmoved (a castling right gained by a drop).
    pub(super) fn set_unmoved(&mut self, c: Cell) {
        if !self.unmoved.contains(c) {
            self.unmoved.insert(c);
            self.hash ^= self.game.zobrist.unmoved[c as usize];
        }
    }

    pub(super) fn clear_unmoved(&mut self, c: Cell) {
        if c != NONE && self.unmoved.contains(c) {
            self.unmoved.remove(c);
            self.hash ^= self.game.zobrist.unmoved[c as usize];
        }
    }

    /// Whether the piece on `c` may not be captured or removed (`immune to kill`, by its kind
    /// or by a state it is in).
    #[inline]
    pub fn unkillable(&self, c: Cell) -> bool {
        self.game.kill_immunity && self.immune(c, false, crate::model::effect::KILL)
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
}
