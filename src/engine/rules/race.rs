//! Races: pieces running along each player's track by the value thrown (Ur, Senet). A piece
//! in hand enters the track (a throw of 1 reaches its first cell); a piece goes on by exactly
//! the throw, onto an empty cell or, where hits are allowed, an enemy piece not on a safe
//! cell, which goes back to its owner's hand; with `then off`, the exact throw past the last
//! cell bears it off. Landing on a cell that gives another throw keeps the turn.

use super::super::{Game, Move, MoveKind, Position};
use crate::geometry::{Cell, NONE};
use crate::model::{PerPlayer, Race, MAX_PLAYERS};
use crate::rng::Rng;

/// One race move before it is built: a piece entering (`from` is `NONE`, `code` its piece),
/// moving (`code` 0) or bearing off (`to` is `NONE`), hitting what is on `to`.
#[derive(Clone, Copy)]
struct Step {
    from: Cell,
    to: Cell,
    code: u8,
    hit: bool,
}

/// Race moves [`Track::random_move`] keeps on the stack.
const RANDOM_ROOM: usize = 16;

impl Step {
    fn pack(self) -> u64 {
        u64::from(self.from)
            | u64::from(self.to) << 16
            | u64::from(self.code) << 32
            | u64::from(self.hit) << 40
    }

    fn unpack(v: u64) -> Step {
        Step {
            from: v as Cell,
            to: (v >> 16) as Cell,
            code: (v >> 32) as u8,
            hit: v >> 40 & 1 != 0,
        }
    }

    fn to_move(self) -> Move {
        let mut m = Move::new(self.from, self.to);
        if self.to == NONE {
            m.kind = MoveKind::Off;
        } else if self.from == NONE {
            m.kind = MoveKind::Place;
            m.promote = self.code;
        }
        if self.hit {
            m.push_capture(self.to);
        }
        m
    }
}

/// A race's tables: each player's track and where each cell is on it.
#[derive(Clone, Debug)]
pub struct Track {
    pub rule: Race,
    /// Per player, per cell: the cell's place on the player's track, or `u16::MAX` off it.
    at: Vec<Vec<u16>>,
    /// Per player: the pieces they start with, on the board and in hand.
    start: PerPlayer<usize>,
}

impl Track {
    pub fn new(rule: &Race, cells: usize) -> Track {
        let mut at = vec![vec![u16::MAX; cells]; rule.tracks.len()];
        for (p, track) in rule.tracks.iter().enumerate() {
            for (i, &c) in track.iter().enumerate() {
                at[p][c as usize] = i as u16;
            }
        }
        Track {
            rule: rule.clone(),
            at,
            start: [0; MAX_PLAYERS],
        }
    }

    /// Counts each player's pieces at the start (the start position's cells, stacks and
    /// hands), for [`Position::borne_off`].
    pub fn count_start(
        &mut self,
        players: usize,
        shift: u8,
        initial: &[u8],
        heights: &[(Cell, u16)],
        hand: &[u16],
    ) {
        for p in 0..players {
            let mine = |c: u8| c != 0 && usize::from(c - 1) & ((1 << shift) - 1) == p;
            self.start[p] = initial.iter().filter(|&&c| mine(c)).count()
                + heights
                    .iter()
                    .filter(|&&(c, _)| mine(initial[c as usize]))
                    .map(|&(_, n)| usize::from(n) - 1)
                    .sum::<usize>()
                + (1 + p..hand.len())
                    .step_by(1 << shift)
                    .map(|c| usize::from(hand[c]))
                    .sum::<usize>();
        }
    }

    /// The player's track, cell by cell.
    pub fn track(&self, player: usize) -> &[Cell] {
        &self.rule.tracks[player]
    }

    /// The moves of the player to move for the value thrown: pieces on the track in track
    /// order, then pieces entering from the hand. None for a throw of 0 (the caller passes).
    pub fn moves(&self, pos: &Position, out: &mut Vec<Move>) {
        self.steps(pos, |s| out.push(s.to_move()));
    }

    /// A uniformly random move of [`Track::moves`] (the one at the index the generator draws,
    /// as from the list), built alone: the moves are counted, then walked to the one drawn.
    /// `None` where there is none.
    pub fn random_move(&self, pos: &Position, rng: &mut Rng) -> Option<Move> {
        if self.rule.each_die {
            return self.turn_at(pos, |n| rng.below(n));
        }
        // Most positions have few moves: they are kept, packed, as they are found; past
        // that room they are counted and walked again.
        let mut kept = [0u64; RANDOM_ROOM];
        let mut n = 0;
        self.steps(pos, |s| {
            if n < RANDOM_ROOM {
                kept[n] = s.pack();
            }
            n += 1;
        });
        if n == 0 {
            return None;
        }
        if n <= RANDOM_ROOM {
            return Some(Step::unpack(kept[rng.below(n)]).to_move());
        }
        let mut k = rng.below(n);
        let mut drawn = None;
        self.steps(pos, |s| {
            if k == 0 && drawn.is_none() {
                drawn = Some(s);
            }
            k = k.wrapping_sub(1);
        });
        drawn.map(Step::to_move)
    }

    /// Calls `f` with each move of the player to move, in [`Track::moves`] order.
    #[inline]
    fn steps(&self, pos: &Position, mut f: impl FnMut(Step)) {
        let Some(v) = pos.thrown_value() else {
            return;
        };
        let v = usize::from(v);
        if v == 0 {
            return;
        }
        let p = pos.turn as usize;
        let track = &self.rule.tracks[p];
        let Some(&first) = track.first() else {
            return;
        };
        let waiting = pos.hand_count(p, None) > 0;
        // The cell a piece from the hand enters, if this throw enters one.
        let entry = match self.rule.enter_with {
            Some(w) => (usize::from(w) == v).then_some(first),
            None => track.get(v - 1).copied(),
        };
        if self.rule.clear_start && waiting {
            // A piece of the mover's on the first cell moves on, where it can.
            let code = pos.cells[first as usize];
            if code != 0 && pos.game.owner(code) == p && v < track.len() {
                let mut moved = false;
                self.land(pos, first, track[v], 0, &mut |s| {
                    moved = true;
                    f(s);
                });
                if moved {
                    return;
                }
            }
        }
        if self.rule.must_enter && waiting {
            if let Some(e) = entry {
                let mut entered = false;
                self.enter(pos, e, &mut |s| {
                    entered = true;
                    f(s);
                });
                if entered {
                    return;
                }
            }
        }
        for (i, &c) in track.iter().enumerate() {
            let code = pos.cells[c as usize];
            if code == 0 || pos.game.owner(code) != p {
                continue;
            }
            let j = i + v;
            if j == track.len() && self.rule.off[p] {
                f(Step {
                    from: c,
                    to: NONE,
                    code: 0,
                    hit: false,
                });
            } else if j < track.len() {
                self.land(pos, c, track[j], 0, &mut f);
            }
        }
        if let Some(e) = entry {
            self.enter(pos, e, &mut f);
        }
    }

    /// The steps of the mover's pieces in hand entering on `e`, one per kind they hold.
    #[inline]
    fn enter(&self, pos: &Position, e: Cell, f: &mut impl FnMut(Step)) {
        let p = pos.turn as usize;
        for code in (1 + p as u8..pos.hand.len() as u8).step_by(1 << pos.game.player_shift) {
            if pos.hand[code as usize] > 0 {
                self.land(pos, NONE, e, code, f);
            }
        }
    }

    /// The step onto `to` if that cell is empty, or holds an enemy piece it may hit.
    #[inline]
    fn land(&self, pos: &Position, from: Cell, to: Cell, code: u8, f: &mut impl FnMut(Step)) {
        let there = pos.cells[to as usize];
        let hit = there != 0;
        if hit
            && (pos.game.owner(there) == pos.turn as usize
                || !self.rule.hit
                || self.rule.safe.contains(to))
        {
            return;
        }
        f(Step {
            from,
            to,
            code,
            hit,
        });
    }

    /// The rules as lines of the description, for summaries.
    pub fn rule_lines(&self, g: &Game) -> Vec<String> {
        let names = |cells: &[Cell]| -> String {
            let v: Vec<&str> = cells
                .iter()
                .map(|&c| g.board.names[c as usize].as_str())
                .collect();
            v.join(" ")
        };
        let mut lines = Vec::new();
        for p in 0..g.players.len() {
            let off = if self.rule.off[p] { ", then off" } else { "" };
            lines.push(format!(
                "{} runs {}{off}",
                g.players[p].name,
                names(&self.rule.tracks[p])
            ));
        }
        if self.rule.hit {
            lines.push(
                "a piece that lands on an enemy piece sends it back to its owner's hand".into(),
            );
        }
        let cells = |s: &crate::geometry::CellSet| names(&s.iter().collect::<Vec<_>>());
        if !self.rule.again.is_empty() {
            lines.push(format!(
                "landing on {} gives another throw",
                cells(&self.rule.again)
            ));
        }
        if !self.rule.safe.is_empty() {
            lines.push(format!(
                "pieces on {} cannot be taken",
                cells(&self.rule.safe)
            ));
        }
        if let Some(w) = self.rule.enter_with {
            lines.push(format!(
                "pieces enter on the first cell with a throw of {w}"
            ));
        }
        for v in (0..100).filter(|v| self.rule.again_on >> v & 1 != 0) {
            lines.push(format!("a throw of {v} gives another throw"));
        }
        if self.rule.clear_start {
            lines.push(
                "a piece on the first cell must move on while pieces wait in the hand".into(),
            );
        }
        if self.rule.must_enter {
            lines.push("a piece that can enter must enter".into());
        }
        if self.rule.stack {
            lines.push("pieces of one player may share a cell".into());
        }
        if self.rule.close > 0 {
            lines.push(format!(
                "{} or more pieces close a cell to the enemy",
                self.rule.close
            ));
        }
        if self.rule.hand_first {
            lines.push("pieces in the hand enter before any other piece moves".into());
        }
        if let Some(home) = &self.rule.home {
            let each: Vec<String> = home[..g.players.len()].iter().map(cells).collect();
            lines.push(format!(
                "pieces bear off only when all are on {}",
                each.join(" / ")
            ));
        }
        if self.rule.higher {
            lines.push("a throw higher than needed bears off the rearmost piece".into());
        }
        if self.rule.double {
            lines.push("a double is played twice".into());
        }
        if self.rule.most {
            lines.push("as many dice as possible must be played, else the higher die".into());
        }
        if self.rule.opening {
            lines.push("each player throws one die to start, and the higher plays both".into());
        }
        lines
    }

    /// Where on the player's track a cell is.
    pub fn place(&self, player: usize, c: Cell) -> Option<usize> {
        let i = self.at[player][c as usize];
        (i != u16::MAX).then_some(usize::from(i))
    }
}

impl Position<'_> {
    /// The pieces a player has borne off: those they started with (on the board and in
    /// hand) that are neither on the board nor in hand now.
    pub fn borne_off(&self, player: usize) -> usize {
        let start = self.game.race.as_ref().map_or(0, |r| r.start[player]);
        start.saturating_sub(self.count(player, None) + self.hand_count(player, None))
    }

    /// Plays a race move: the piece enters, moves or bears off; a piece hit goes back to its
    /// owner's hand. Returns whether the mover throws again.
    pub(in crate::engine) fn play_race(&mut self, race: &Track, m: &Move) -> bool {
        if m.kind == MoveKind::Turn {
            self.play_turn(m);
            return false;
        }
        let code = if m.kind == MoveKind::Place {
            let n = self.hand[m.promote as usize];
            self.set_hand(m.promote, n - 1);
            m.promote
        } else {
            let code = self.cells[m.from as usize];
            self.set(m.from, 0);
            code
        };
        let again = self.throw_again(race);
        if m.kind == MoveKind::Off {
            return again;
        }
        if m.ncap > 0 {
            let hit = self.cells[m.to as usize];
            self.set(m.to, 0);
            let n = self.hand[hit as usize];
            self.set_hand(hit, n + 1);
        }
        self.set(m.to, code);
        again || race.rule.again.contains(m.to)
    }

    /// Whether the value thrown this turn gives another throw (`a throw of N gives another
    /// throw`), whatever the move made with it.
    pub(in crate::engine) fn throw_again(&self, race: &Track) -> bool {
        self.thrown_value()
            .is_some_and(|v| v < 128 && race.rule.again_on >> v & 1 != 0)
    }
}
