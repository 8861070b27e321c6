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

    /// The pass a player may choose (a piece stuck in a trap staying there).
    const PASS: Step = Step {
        from: NONE,
        to: NONE,
        code: 0,
        hit: false,
    };

    fn to_move(self) -> Move {
        if self.from == NONE && self.to == NONE {
            return Move::pass();
        }
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
    /// Per cell: the cells whose friend protects a piece there (`pieces next to a friend
    /// cannot be taken`): beside it in its row, and in its column where a track turns there;
    /// `NONE` for none.
    guards: Vec<[Cell; 4]>,
    /// Per player: the place of the cell no move goes past (`pieces must stop on CELL`).
    stop: PerPlayer<usize>,
}

impl Track {
    pub fn new(rule: &Race, board: &crate::geometry::Board) -> Track {
        let cells = board.len();
        let mut at = vec![vec![u16::MAX; cells]; rule.tracks.len()];
        for (p, track) in rule.tracks.iter().enumerate() {
            for (i, &c) in track.iter().enumerate() {
                at[p][c as usize] = i as u16;
            }
        }
        // A track turns on a cell where it comes from, or goes on to, another row.
        let row = |c: Cell| board.coords[c as usize].1;
        let turns = |c: Cell| {
            rule.tracks.iter().any(|t| {
                t.iter().position(|&x| x == c).is_some_and(|i| {
                    (i > 0 && row(t[i - 1]) != row(c))
                        || t.get(i + 1).is_some_and(|&n| row(n) != row(c))
                })
            })
        };
        let mut guards = Vec::new();
        if rule.guard {
            guards = vec![[NONE; 4]; cells];
            for c in 0..cells as Cell {
                let (x, y) = board.coords[c as usize];
                let mut near = vec![(x - 1, y), (x + 1, y)];
                if turns(c) {
                    near.extend([(x, y - 1), (x, y + 1)]);
                }
                let mut k = 0;
                for (nx, ny) in near {
                    let n = (0..cells as Cell).find(|&n| board.coords[n as usize] == (nx, ny));
                    if let Some(n) = n {
                        guards[c as usize][k] = n;
                        k += 1;
                    }
                }
            }
        }
        let stop = std::array::from_fn(|p| {
            rule.stop
                .and_then(|s| rule.tracks[p].iter().position(|&c| c == s))
                .unwrap_or(usize::MAX)
        });
        Track {
            rule: rule.clone(),
            at,
            start: [0; MAX_PLAYERS],
            guards,
            stop,
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
        if self.whole_throw_first(pos, v, &mut f) {
            return;
        }
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
        let mut forward = false;
        for (i, &c) in track.iter().enumerate() {
            let code = pos.cells[c as usize];
            if code == 0 || pos.game.owner(code) != p {
                continue;
            }
            let off = Step {
                from: c,
                to: NONE,
                code: 0,
                hit: false,
            };
            if self.rule.any_off.contains(c) {
                forward = true;
                f(off);
                continue;
            }
            let j = i + v;
            if self.rule.only_off.contains(c) || (i < self.stop[p] && j > self.stop[p]) {
                if j == track.len() && self.rule.off[p] && i >= self.stop[p] {
                    forward = true;
                    f(off);
                }
                continue;
            }
            if j == track.len() && self.rule.off[p] {
                forward = true;
                f(off);
            } else if j < track.len() {
                self.land(pos, c, track[j], 0, &mut |s| {
                    forward = true;
                    f(s);
                });
            }
        }
        if let Some(e) = entry {
            self.enter(pos, e, &mut f);
        }
        if self.rule.back && !forward {
            // No piece can move forward: any may move back by the throw.
            for (i, &c) in track.iter().enumerate() {
                let code = pos.cells[c as usize];
                if code == 0
                    || pos.game.owner(code) != p
                    || i < v
                    || self.rule.only_off.contains(c)
                    || self.rule.any_off.contains(c)
                {
                    continue;
                }
                self.land(pos, c, track[i - v], 0, &mut f);
            }
        }
    }

    /// The rules that come before any other in races played by the whole throw: the throw
    /// that begins the race, a piece stuck in a trap, a piece held to move. Whether they
    /// decided the moves (`f` then has them all).
    #[inline]
    fn whole_throw_first(&self, pos: &Position, v: usize, f: &mut impl FnMut(Step)) -> bool {
        if let Some(b) = self.rule.begin {
            if pos.race_not_begun() {
                // (Where the piece is not there, or its cell is taken, the throw passes.)
                if usize::from(b.value) == v
                    && pos.cells[b.from as usize] != 0
                    && pos.cells[b.to as usize] == 0
                {
                    f(Step {
                        from: b.from,
                        to: b.to,
                        code: 0,
                        hit: false,
                    });
                }
                return true;
            }
        }
        let p = pos.turn as usize;
        let mine = |c: Cell| {
            let code = pos.cells[c as usize];
            code != 0 && pos.game.owner(code) == p
        };
        if let Some(t) = self.rule.trap {
            if mine(t.cell) {
                if usize::from(t.release) == v {
                    f(Step {
                        from: t.cell,
                        to: NONE,
                        code: 0,
                        hit: false,
                    });
                } else {
                    if pos.cells[t.back as usize] == 0 {
                        f(Step {
                            from: t.cell,
                            to: t.back,
                            code: 0,
                            hit: false,
                        });
                    }
                    f(Step::PASS);
                }
                return true;
            }
        }
        if let Some(h) = pos.held_cell().filter(|&h| mine(h)) {
            // The piece sent back moves on, or else back; nothing else moves.
            let track = &self.rule.tracks[p];
            if let Some(i) = self.place(p, h) {
                let mut moved = false;
                if i + v < track.len() {
                    self.land(pos, h, track[i + v], 0, &mut |s| {
                        moved = true;
                        f(s);
                    });
                }
                if !moved && i >= v {
                    self.land(pos, h, track[i - v], 0, f);
                }
            }
            return true;
        }
        false
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
                || self.rule.safe.contains(to)
                || self.guarded(pos, to, there))
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

    /// Whether the piece `code` on `c` has a friend that protects it (`pieces next to a
    /// friend cannot be taken`).
    #[inline]
    fn guarded(&self, pos: &Position, c: Cell, code: u8) -> bool {
        let Some(near) = self.guards.get(c as usize) else {
            return false;
        };
        let owner = pos.game.owner(code);
        near.iter().any(|&n| {
            n != NONE && {
                let there = pos.cells[n as usize];
                there != 0 && pos.game.owner(there) == owner
            }
        })
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
        if self.rule.hit && !self.rule.swap {
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
        let name = |c: Cell| g.board.names[c as usize].clone();
        if self.rule.swap {
            lines.push("a piece that lands on an enemy piece changes places with it".into());
        }
        if self.rule.guard {
            lines.push("pieces next to a friend cannot be taken".into());
        }
        if self.rule.back {
            lines.push("a piece moves back only when no piece can move forward".into());
        }
        if let Some(c) = self.rule.stop {
            lines.push(format!("pieces must stop on {}", name(c)));
        }
        if !self.rule.only_off.is_empty() {
            lines.push(format!(
                "pieces on {} move only off the board",
                cells(&self.rule.only_off)
            ));
        }
        if !self.rule.any_off.is_empty() {
            lines.push(format!(
                "a piece on {} bears off with any throw",
                cells(&self.rule.any_off)
            ));
        }
        if let Some(t) = self.rule.trap {
            lines.push(format!(
                "a piece on {} is stuck until a throw of {} bears it off or another sends it \
                 back to {}, where it must move next",
                name(t.cell),
                t.release,
                name(t.back)
            ));
        }
        if let Some(b) = self.rule.begin {
            lines.push(format!(
                "nothing moves until a throw of {}, which moves {} to {} and gives {} the turn",
                b.value,
                name(b.from),
                name(b.to),
                g.players[b.player as usize].name
            ));
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
        let mut again = self.throw_again(race);
        // The rules of races played by the whole throw: the move that begins the race gives
        // its player the turn; the moves of a stuck or held piece give no other throw.
        if self.held == super::super::position::NOT_BEGUN {
            self.set_held(NONE);
            again = race
                .rule
                .begin
                .is_some_and(|b| usize::from(b.player) == self.turn as usize);
        } else if let Some(t) = race.rule.trap.filter(|t| t.cell == m.from) {
            again = false;
            if m.to == t.back {
                self.set_held(t.back);
            }
        } else if self.held != NONE && (self.held == m.from || self.held == m.to) {
            if self.held == m.from {
                again = false;
            }
            self.set_held(NONE);
        }
        if m.kind == MoveKind::Off {
            return again;
        }
        if m.ncap > 0 {
            let hit = self.cells[m.to as usize];
            self.set(m.to, 0);
            if race.rule.swap {
                self.set(m.from, hit);
            } else {
                let n = self.hand[hit as usize];
                self.set_hand(hit, n + 1);
            }
        }
        self.set(m.to, code);
        again || race.rule.again.contains(m.to)
    }

    /// Whether a pass (no move for the throw, or a stuck piece staying) keeps the turn: as
    /// the throw would, except before the race begins and for a stuck piece.
    pub(in crate::engine) fn pass_keeps_turn(&self, race: &Track) -> bool {
        if self.race_not_begun() {
            return false;
        }
        if let Some(t) = race.rule.trap {
            let code = self.cells[t.cell as usize];
            if code != 0 && self.game.owner(code) == self.turn as usize {
                return false;
            }
        }
        self.throw_again(race)
    }

    /// Whether the value thrown this turn gives another throw (`a throw of N gives another
    /// throw`), whatever the move made with it.
    pub(in crate::engine) fn throw_again(&self, race: &Track) -> bool {
        self.thrown_value()
            .is_some_and(|v| v < 128 && race.rule.again_on >> v & 1 != 0)
    }
}
