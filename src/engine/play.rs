//! Playing a move: the move's own changes (pieces moved, captured, placed, flipped, kept,
//! slept, swapped), then the piece hooks' after-move effects and the board rules' effects, with
//! the hash, counts and bitboards kept up to date. Copy-make: the caller keeps the position
//! before the move if it needs it.

use super::hooks::MoveFacts;
use super::position::{KEPT, TOP};
use super::{Move, MoveKind, Position};
use crate::geometry::{CellSet, NONE};

/// Why a move could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal move `{text}`")]
pub struct IllegalMove {
    pub text: String,
}

impl Position<'_> {
    /// The quarter turn of a block after a placement (`then rotate ...`).
    fn turn_block(&mut self, m: &Move) {
        let g = self.game;
        let Some(pl) = g.places[self.game.owner(m.promote)]
            .iter()
            .find(|p| p.code == m.promote && !p.blocks.is_empty())
        else {
            return;
        };
        let t = (m.turn - 1) as usize;
        let block = &pl.blocks[t / 2];
        let b = (block.len() as f64).sqrt() as usize;
        let mut before = [0u8; crate::geometry::MAX_CELLS];
        for (i, &c) in block.iter().enumerate() {
            before[i] = self.cells[c as usize];
        }
        for (i, &code) in before[..block.len()].iter().enumerate() {
            let to = block[super::rules::place::turned(i, b, t.is_multiple_of(2))];
            if self.cells[to as usize] != code {
                self.set(to, code);
            }
        }
    }

    /// Plays a move known to be legal (from [`Position::legal_moves`]).
    pub fn play_unchecked(&mut self, m: &Move) {
        let g = self.game;
        if m.kind == MoveKind::Throw {
            // A chance event: the throw is all that changes (and, for an opening throw,
            // who moves).
            self.play_throw(m.promote);
            return;
        }
        if self.passes > 0 {
            self.hash ^= g.zobrist.pass[self.passes.min(7) as usize];
        }
        self.note_placed(m);
        if g.tracks_last_placed {
            self.set_last_placed(if m.kind == MoveKind::Place {
                m.to
            } else {
                NONE
            });
        }
        if g.groups.is_some() {
            self.set_ko(NONE);
        }
        if m.kind == MoveKind::Pass {
            self.play_pass();
            return;
        }
        self.passes = 0;
        if let Some(race) = &g.race {
            let again = self.play_race(race, m);
            self.count_ply(m.ncap > 0);
            if !again {
                self.pass_turn();
            }
            self.set_throw(super::rules::chance::PENDING);
            return;
        }
        if let (MoveKind::Lines, Some(lines)) = (m.kind, &g.lines) {
            self.play_lines(lines, m);
            return;
        }
        if m.kind == MoveKind::Steps {
            self.play_steps(m);
            return;
        }
        if m.kind == MoveKind::Parts {
            // A turn of parts earned by lines: each played as the move it is.
            self.play_parts(m);
            return;
        }
        if let (MoveKind::Sow, Some(sow)) = (m.kind, &g.sowing) {
            self.play_sowing(sow, m);
            self.count_ply(m.ncap > 0);
            self.pass_turn();
            return;
        }
        self.play_piece_move(m);
    }

    /// Notes the cells a placement filled, through which lines are then tested (a turn of
    /// several placements lists the others in `also_placed`).
    #[inline]
    fn note_placed(&mut self, m: &Move) {
        self.placed = if m.kind == MoveKind::Place && m.npath == 0 && m.turn == 0 {
            m.to
        } else if m.kind == MoveKind::Places {
            // Lines are then tested through each of the turn's cells.
            for (i, slot) in self.also_placed.iter_mut().enumerate() {
                *slot = m.landings().get(i + 1).copied().unwrap_or(NONE);
            }
            m.to
        } else {
            NONE
        };
        if m.kind != MoveKind::Places && self.also_placed[0] != NONE {
            self.also_placed = [NONE; crate::model::MAX_TURN_PLACES as usize - 1];
        }
    }

    /// A pass: counted (where passes in a row end the game), and the turn goes on unless a
    /// race keeps it.
    fn play_pass(&mut self) {
        let g = self.game;
        self.passes = self.passes.saturating_add(1);
        self.hash ^= g.zobrist.pass[self.passes.min(7) as usize];
        self.clear_en_passant();
        self.quiet = self.quiet.saturating_add(1);
        self.ply = self.ply.saturating_add(1);
        if !g.race.as_ref().is_some_and(|r| self.pass_keeps_turn(r)) {
            self.pass_turn();
        }
        if g.chance.is_some() {
            self.set_throw(super::rules::chance::PENDING);
        }
    }

    /// Counts a ply, and restarts the no-progress count after a `progress` move.
    #[inline]
    fn count_ply(&mut self, progress: bool) {
        self.quiet = if progress {
            0
        } else {
            self.quiet.saturating_add(1)
        };
        self.ply = self.ply.saturating_add(1);
    }

    /// A move of pieces on the board (steps, slides, leaps, captures, placements): the move's
    /// own changes, then what follows from them, then the turn passes.
    #[inline]
    fn play_piece_move(&mut self, m: &Move) {
        let g = self.game;
        if self.fresh != NONE {
            self.set_fresh(NONE);
        }
        let code = if matches!(m.kind, MoveKind::Place | MoveKind::Places) {
            m.promote
        } else {
            self.cells[m.from as usize]
        };
        // Counting rules read the kind a move took.
        let took = if g.counting.is_empty() || m.ncap == 0 {
            0
        } else {
            self.cells[m.captures()[0] as usize]
        };
        if g.to_hand {
            self.captures_to_hand(m, code);
        }
        self.apply_action(m, code);
        if m.vanishes {
            self.lift(m.to);
        }
        if m.shot != NONE {
            if let Some(kind) = g.relocated {
                let old = self.neutral_cell(kind);
                if old != NONE {
                    self.lift(old);
                }
            }
            self.put(m.shot, m.shot_code, false);
            // Gating: the piece left behind comes from the hand.
            if !g.gate_cells.is_empty() {
                let n = self.hand[m.shot_code as usize];
                self.set_hand(m.shot_code, n - 1);
            }
        }
        let converted = if Self::lands(m.kind) {
            self.convert_around(m.to)
        } else {
            0
        };
        if g.groups.is_some() || !g.edge_marks.is_empty() {
            self.update_chains(m, converted);
        }
        if m.spends != 0 {
            let p = (m.spends - 1) as usize;
            self.spent |= 1 << p;
            self.hash ^= g.zobrist.spent[p];
        }
        for c in [m.from, m.to, m.extra_from] {
            self.clear_unmoved(c);
        }
        for &c in m.captures() {
            self.clear_unmoved(c);
        }
        if m.kind == MoveKind::Place {
            if let Some(cells) = &g.drop_castle {
                self.castle_on_drop(&cells[self.turn as usize], m.to, code);
            }
        }
        if !g.lost_rights.is_empty() && m.to != NONE {
            self.lose_rights(m.to, self.cells[m.to as usize]);
        }
        if !g.hooks[code as usize].is_empty() {
            self.run_after_move_hooks(m, code);
        }
        if m.mark_fresh {
            self.set_fresh(m.to);
        }
        if !g.board_rules.is_empty() {
            self.apply_board_rules();
        }
        self.clear_en_passant();
        if m.ep_mark != NONE {
            self.mark_en_passant(m);
        }
        if !g.streaks.is_empty() {
            self.note_streak(m, code, self.turn as usize);
        }
        self.count_ply(m.ncap > 0 || g.progress[code as usize]);
        if !g.outs.is_empty() {
            self.put_out_losers();
        }
        self.pass_turn();
        if !g.counting.is_empty() {
            let promoted = m.promote != 0 && !matches!(m.kind, MoveKind::Place | MoveKind::Places);
            self.note_count(took, promoted, g.previous_player(self.turn as usize));
        }
        // `win when I have given check N times`: the move counts if it leaves the opponent
        // in check.
        if g.counts_checks && self.in_check() {
            let mover = g.previous_player(self.turn as usize);
            self.set_checks(mover, self.checks[mover].saturating_add(1));
        }
    }

    /// Keeps the groups (Go's chains) and the chains of connection goals up to date after
    /// move `m`, which converted `converted` pieces.
    fn update_chains(&mut self, m: &Move, converted: usize) {
        let g = self.game;
        if g.groups.is_some() {
            // A plain placement updates the groups around it; anything else (flips, turns,
            // conversions, moves) finds them again.
            if self.placed == m.to && m.kind == MoveKind::Place && m.shot == NONE && converted == 0
            {
                self.place_in_chains(m.to, m.promote);
            } else {
                self.build_chains();
            }
        }
        if !g.edge_marks.is_empty() {
            // The same for the chains of connection goals (a swap replaces a stone: found
            // again).
            if self.placed == m.to
                && m.kind == MoveKind::Place
                && m.shot == NONE
                && m.ncap == 0
                && converted == 0
            {
                self.place_in_links(m.to);
            } else {
                self.build_links();
            }
        }
    }

    /// The after-move effects of the moving piece's hooks: each may lift the piece that
    /// has just landed.
    fn run_after_move_hooks(&mut self, m: &Move, code: u8) {
        let g = self.game;
        for h in &g.hooks[code as usize] {
            let Some(after_move) = h.after_move else {
                continue;
            };
            let facts = MoveFacts {
                from: (m.kind != MoveKind::Place && m.from != NONE).then_some(m.from),
                to: m.to,
                captured: m.ncap as usize,
            };
            if after_move(&facts, &h.data) && self.cells[m.to as usize] != 0 {
                self.lift(m.to);
            }
        }
    }

    /// The board rules' effects after a move: the pieces they remove, and the cells they
    /// freeze.
    fn apply_board_rules(&mut self) {
        let g = self.game;
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

    /// After a double step, marks every cell it could have passed through (listed in `path`
    /// for a step through several directions, else `ep_mark`) and the piece that made it.
    fn mark_en_passant(&mut self, m: &Move) {
        let g = self.game;
        let mut targets = CellSet::EMPTY;
        if m.kind == MoveKind::DoubleStep {
            for &c in m.landings() {
                targets.insert(c);
            }
        } else {
            targets.insert(m.ep_mark);
        }
        for c in targets.iter() {
            self.hash ^= g.zobrist.ep[c as usize];
        }
        self.ep_targets = targets;
        self.ep_victim = m.to;
    }

    /// Sets the checks `player` has given (games that count them), keeping the hash.
    pub(super) fn set_checks(&mut self, player: usize, n: u8) {
        let g = self.game;
        self.hash ^= g.checks_key(player, self.checks[player]) ^ g.checks_key(player, n);
        self.checks[player] = n;
    }

    /// `captured pieces go to the hand of their captor`: each piece `m` captures joins the
    /// mover's hand, as the kind it was promoted from if it was promoted; the moving piece's
    /// promoted mark goes with it, and a promotion marks it.
    fn captures_to_hand(&mut self, m: &Move, code: u8) {
        let g = self.game;
        let me = self.turn as usize;
        for &c in m.captures() {
            let v = self.cells[c as usize];
            if v == 0 {
                continue;
            }
            let mut kind = self.game.kind_of(v);
            if self.promoted.contains(c) {
                self.promoted.remove(c);
                self.hash ^= g.zobrist.promoted[c as usize];
                kind = usize::from(g.demote[kind]);
            } else if g.always_demote[kind] {
                kind = usize::from(g.demote[kind]);
            }
            let into = self.game.code(kind, me);
            let n = self.hand[into as usize];
            self.set_hand(into, n + 1);
        }
        if !g.marks_promoted || matches!(m.kind, MoveKind::Place | MoveKind::Places) {
            return;
        }
        let carried = self.promoted.contains(m.from);
        if carried {
            self.promoted.remove(m.from);
            self.hash ^= g.zobrist.promoted[m.from as usize];
        }
        if carried || (m.promote != 0 && m.promote != code) {
            // The cell was emptied of marks above: a captured piece's mark went with it.
            self.promoted.insert(m.to);
            self.hash ^= g.zobrist.promoted[m.to as usize];
        }
    }

    /// The board changes of one action (everything but counters, memory and hooks).
    fn apply_action(&mut self, m: &Move, code: u8) {
        let placed = if m.promote != 0 { m.promote } else { code };
        match m.kind {
            // Played by `play_sowing` before any of this.
            MoveKind::Sow
            | MoveKind::Throw
            | MoveKind::Turn
            | MoveKind::Lines
            | MoveKind::Steps
            | MoveKind::Parts => {}
            // An opening removal (races bear off in `play_race`).
            MoveKind::Off => {
                self.lift(m.from);
            }
            MoveKind::Normal | MoveKind::Smash | MoveKind::Walk | MoveKind::DoubleStep => {
                for &c in m.captures() {
                    self.lift(c);
                }
                // A smash ends on `to` too: the piece's own cell, or the cell before its
                // victim.
                self.lift(m.from);
                // The partner (castling) leaves before the piece lands: in Chess960 castling
                // one may land where the other stood.
                let partner = (m.extra_from != NONE).then(|| self.lift(m.extra_from));
                self.put(m.to, placed, false);
                if let Some((partner, slept)) = partner {
                    self.put(m.extra_to, partner, slept);
                }
            }
            MoveKind::Place => {
                // What the placement removes (a mill's removal).
                for &c in m.captures() {
                    self.lift(c);
                }
                // A kind the player has in hand is placed from the hand (a drop either side
                // up from the hand of the piece's other side).
                let hand = match self.game.drop_hand[m.promote as usize] {
                    0 => m.promote,
                    other => other,
                };
                let left = self.in_hand(hand);
                if left > 0 {
                    self.set_hand(hand, left as u16 - 1);
                }
                self.put(m.to, m.promote, false);
                let me = self.game.owner(m.promote);
                for &c in m.landings() {
                    let (flipped, _) = self.lift(c);
                    self.put(c, self.game.code(self.game.kind_of(flipped), me), false);
                }
                if m.turn != 0 {
                    self.turn_block(m);
                }
            }
            MoveKind::Places => {
                for &c in m.landings() {
                    self.put(c, m.promote, false);
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
    fn clear_en_passant(&mut self) {
        // Targets always come with their victim (a double step, or a position string's
        // field): without one there is nothing to clear.
        if self.ep_victim == NONE {
            return;
        }
        for c in self.ep_targets.iter() {
            self.hash ^= self.game.zobrist.ep[c as usize];
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
