//! Races moved by each die on its own (Backgammon): a turn plays the dice one by one, each
//! die moving one piece along its owner's track by its value, and the whole turn is one
//! move. Orders of play that reach the same position are one move. Pieces may share cells
//! (a stack of one player's pieces), enough of them close a cell to the enemy, a lone enemy
//! piece landed on goes to its owner's hand, and pieces in hand re-enter first. Bearing off
//! may wait until all of a player's pieces are home, and a higher die than needed may bear
//! off the rearmost piece. Where the rules say so, a double is played twice and a turn must
//! play as many dice as it can (else the higher die).

use super::super::{Move, MoveKind, Position};
use super::race::Track;
use crate::geometry::{Cell, NONE};

pub use crate::model::MAX_LANE;
/// A step's place for the hand (before the track) and for off (after it).
const HAND: u8 = MAX_LANE as u8;
const OFF: u8 = MAX_LANE as u8 + 1;

/// The mover's view of the board along their track, for trying orders of play.
struct Lane {
    /// The mover's pieces at each place of their track.
    mine: [u16; MAX_LANE],
    /// The enemy's pieces on those cells.
    enemy: [u16; MAX_LANE],
    /// The mover's pieces in hand.
    hand: u16,
    len: usize,
}

/// One die played: the places it moves a piece from and to, and whether it hits.
#[derive(Clone, Copy, Default)]
struct Step {
    from: u8,
    to: u8,
    hit: bool,
}

/// A complete order of play: its steps, and the net change it makes (for merging orders
/// that reach the same position).
#[derive(Clone, Copy)]
struct Play {
    key: u128,
    steps: [Step; 4],
    n: u8,
    /// The value of the die played, for plays of one die.
    die: u8,
    /// Its place in the listing order ([`order`]).
    order: u64,
}

thread_local! {
    /// The plays of the turn being generated (kept between calls: no allocation per move).
    static PLAYS: std::cell::RefCell<Vec<Play>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// One search for the plays of a throw: the mover, the dice, the steps so far, the plays
/// found and the part-way positions seen.
struct Walk<'a> {
    p: usize,
    dice: &'a [u8],
    seq: &'a mut [Step; 4],
    plays: &'a mut Vec<Play>,
    seen: &'a mut Seen,
}

/// The positions reached part way through a turn of equal dice, by their net change: a
/// small open-addressed table whose slots belong to the search that stamped them, so that
/// nothing is cleared between searches (when it fills up, positions are no longer
/// remembered, and the search only does more work).
struct Seen {
    keys: [u128; SEEN],
    stamps: [u32; SEEN],
    stamp: u32,
    on: bool,
    len: usize,
}

const SEEN: usize = 512;

thread_local! {
    static SEEN_TABLE: std::cell::RefCell<Box<Seen>> = std::cell::RefCell::new(Box::new(Seen {
        keys: [0; SEEN],
        stamps: [0; SEEN],
        stamp: 0,
        on: false,
        len: 0,
    }));
}

impl Seen {
    /// Starts a search (remembering positions only where `on`).
    fn start(&mut self, on: bool) {
        self.on = on;
        self.len = 0;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.stamps = [0; SEEN];
            self.stamp = 1;
        }
    }

    /// Whether the position the steps reach is new (and now remembered).
    fn first_visit(&mut self, steps: &[Step]) -> bool {
        if !self.on || self.len >= SEEN / 2 {
            return true;
        }
        let key = net_change(steps) << 3 | steps.len() as u128;
        let mut i = (key as u64 ^ (key >> 64) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) as usize
            >> 7
            & (SEEN - 1);
        loop {
            if self.stamps[i] != self.stamp {
                self.stamps[i] = self.stamp;
                self.keys[i] = key;
                self.len += 1;
                return true;
            }
            if self.keys[i] == key {
                return false;
            }
            i = (i + 1) & (SEEN - 1);
        }
    }
}

impl Track {
    /// The turns of the player to move for the dice thrown, one per distinct result.
    pub fn turns(&self, pos: &Position, out: &mut Vec<Move>) {
        PLAYS.with_borrow_mut(|plays| {
            self.plays(pos, plays);
            let track = self.track(pos.turn as usize);
            out.extend(plays.iter().map(|pl| self.turn_move(track, pl)));
        });
    }

    /// The turn at index `k` of [`Track::turns`], built alone, and how many there are.
    pub fn turn_at(&self, pos: &Position, pick: impl FnOnce(usize) -> usize) -> Option<Move> {
        PLAYS.with_borrow_mut(|plays| {
            self.plays(pos, plays);
            if plays.is_empty() {
                return None;
            }
            let k = pick(plays.len());
            Some(self.turn_move(self.track(pos.turn as usize), &plays[k]))
        })
    }

    /// The plays of the dice thrown, one per distinct result, in listing order.
    fn plays(&self, pos: &Position, plays: &mut Vec<Play>) {
        plays.clear();
        let Some(i) = pos.throw() else {
            return;
        };
        let Some(chance) = &pos.game.chance else {
            return;
        };
        let values = &chance.values[i];
        let mut dice = [0u8; 4];
        let double = values.len() == 2 && values[0] == values[1];
        let n = if self.rule.double && double {
            dice = [values[0]; 4];
            4
        } else {
            for (d, &v) in dice.iter_mut().zip(values.iter()) {
                *d = v;
            }
            values.len().min(4)
        };
        let p = pos.turn as usize;
        let mut lane = self.lane(pos, p);
        let mut seq = [Step::default(); 4];
        // With equal dice, a position reached again part way through the turn has the
        // same dice left: its plays were found the first time (in listing order, first).
        SEEN_TABLE.with_borrow_mut(|seen| {
            seen.start(dice[..n].iter().all(|&d| d == dice[0]) && n > 2);
            let mut walk = Walk {
                p,
                dice: &dice[..n],
                seq: &mut seq,
                plays,
                seen,
            };
            self.explore(&mut walk, &mut lane, 0, 0);
        });
        // The most dice played; of one die where two differ, the higher where it can.
        if self.rule.most {
            let most = plays.iter().map(|pl| pl.n).max().unwrap_or(0);
            plays.retain(|pl| pl.n == most);
            if most == 1 {
                let high = plays.iter().map(|pl| pl.die).max().unwrap_or(0);
                plays.retain(|pl| pl.die == high);
            }
        }
        plays.retain(|pl| pl.n > 0);
        // Each result once, written as its first order of play in listing order.
        for pl in plays.iter_mut() {
            pl.order = order(pl);
        }
        plays.sort_unstable_by_key(|pl| (pl.key, pl.order));
        plays.dedup_by_key(|pl| pl.key);
        plays.sort_unstable_by_key(|pl| pl.order);
    }

    /// The mover's pieces and the enemy's along the mover's track.
    fn lane(&self, pos: &Position, p: usize) -> Lane {
        let track = self.track(p);
        let mut lane = Lane {
            mine: [0; MAX_LANE],
            enemy: [0; MAX_LANE],
            hand: pos.hand_count(p, None) as u16,
            len: track.len().min(MAX_LANE),
        };
        for (i, &c) in track.iter().take(MAX_LANE).enumerate() {
            let code = pos.cells[c as usize];
            if code == 0 {
                continue;
            }
            let n = pos.height(c);
            if pos.game.owner(code) == p {
                lane.mine[i] = n;
            } else {
                lane.enemy[i] = n;
            }
        }
        lane
    }

    /// Tries every order of play of the dice left (`used` marks those played), recording
    /// each complete one in the walk's plays.
    fn explore(&self, w: &mut Walk, lane: &mut Lane, used: u8, depth: usize) {
        if depth > 0 && depth < w.dice.len() && !w.seen.first_visit(&w.seq[..depth]) {
            return;
        }
        let mut any = false;
        for k in 0..w.dice.len() {
            let v = w.dice[k];
            // A die already played, or one of the same value as an earlier unplayed die
            // (tried with that one), is skipped.
            let same_earlier = (0..k).any(|j| used >> j & 1 == 0 && w.dice[j] == v);
            if used >> k & 1 != 0 || same_earlier {
                continue;
            }
            if v == 0 {
                continue;
            }
            // The candidates are tried one by one on the lane as it stands (each step is
            // undone before the next is tried): the hand first, then the places in order.
            let hand_only = lane.hand > 0 && self.rule.hand_first;
            let ctx = (
                self.all_home(w.p, lane),
                (0..lane.len).find(|&i| lane.mine[i] > 0),
            );
            let last = if hand_only { 0 } else { lane.len };
            for cand in 0..=last {
                let Some(s) = self.die_step(w.p, lane, usize::from(v), cand, ctx) else {
                    continue;
                };
                any = true;
                let hit = self.apply(lane, s);
                w.seq[depth] = s;
                self.explore(w, lane, used | 1 << k, depth + 1);
                self.undo(lane, s, hit);
            }
        }
        if !any {
            let die = if depth == 1 {
                (0..w.dice.len())
                    .find(|&k| used >> k & 1 != 0)
                    .map_or(0, |k| w.dice[k])
            } else {
                0
            };
            w.plays.push(Play {
                key: net_change(&w.seq[..depth]),
                steps: *w.seq,
                n: depth as u8,
                die,
                order: 0,
            });
        }
    }

    /// The step die `v` allows for candidate `cand`: 0 a piece from the hand, `i + 1` the
    /// piece on place `i` (`home`: all the mover's pieces are home; `rear`: the place of their
    /// rearmost piece).
    fn die_step(
        &self,
        p: usize,
        lane: &Lane,
        v: usize,
        cand: usize,
        (home, rear): (bool, Option<usize>),
    ) -> Option<Step> {
        if cand == 0 {
            if lane.hand == 0 || v > lane.len {
                return None;
            }
            let hit = self.may_land(p, lane, v - 1)?;
            return Some(Step {
                from: HAND,
                to: (v - 1) as u8,
                hit,
            });
        }
        let i = cand - 1;
        if lane.mine[i] == 0 {
            return None;
        }
        let j = i + v;
        if j < lane.len {
            let hit = self.may_land(p, lane, j)?;
            Some(Step {
                from: i as u8,
                to: j as u8,
                hit,
            })
        } else if self.rule.off[p] && home && (j == lane.len || self.rule.higher && rear == Some(i))
        {
            Some(Step {
                from: i as u8,
                to: OFF,
                hit: false,
            })
        } else {
            None
        }
    }

    /// Whether a piece of the mover's may land on place `j`, and if so whether it hits.
    fn may_land(&self, p: usize, lane: &Lane, j: usize) -> Option<bool> {
        if lane.mine[j] > 0 && !self.rule.stack {
            return None;
        }
        match lane.enemy[j] {
            0 => Some(false),
            e if self.rule.close > 0 && e >= u16::from(self.rule.close) => None,
            1 if self.rule.hit && !self.rule.safe.contains(self.track(p)[j]) => Some(true),
            _ => None,
        }
    }

    /// Whether every piece of the mover's is home (none in hand), so that pieces may bear
    /// off; true where the game has no home.
    fn all_home(&self, p: usize, lane: &Lane) -> bool {
        let Some(home) = &self.rule.home else {
            return true;
        };
        lane.hand == 0
            && (0..lane.len).all(|i| lane.mine[i] == 0 || home[p].contains(self.track(p)[i]))
    }

    /// Plays a step on the lane; returns whether it hit.
    fn apply(&self, lane: &mut Lane, s: Step) -> bool {
        if s.from == HAND {
            lane.hand -= 1;
        } else {
            lane.mine[s.from as usize] -= 1;
        }
        if s.to != OFF {
            lane.mine[s.to as usize] += 1;
            if s.hit {
                lane.enemy[s.to as usize] -= 1;
            }
        }
        s.hit
    }

    fn undo(&self, lane: &mut Lane, s: Step, hit: bool) {
        if s.to != OFF {
            lane.mine[s.to as usize] -= 1;
            if hit {
                lane.enemy[s.to as usize] += 1;
            }
        }
        if s.from == HAND {
            lane.hand += 1;
        } else {
            lane.mine[s.from as usize] += 1;
        }
    }

    /// The move for a play: each step's from and to cells in `path` (`NONE` for the hand
    /// and for off), the cells hit in `caps`.
    fn turn_move(&self, track: &[Cell], pl: &Play) -> Move {
        let cell = |place: u8| {
            if place >= HAND {
                NONE
            } else {
                track[place as usize]
            }
        };
        let steps = &pl.steps[..pl.n as usize];
        let mut m = Move::new(cell(steps[0].from), cell(steps[steps.len() - 1].to));
        m.kind = MoveKind::Turn;
        for s in steps {
            m.path[m.npath as usize] = cell(s.from);
            m.path[m.npath as usize + 1] = cell(s.to);
            m.npath += 2;
            if s.hit {
                m.push_capture(cell(s.to));
            }
        }
        m
    }
}

/// What a play changes, as a number: each place's net change of the mover's pieces and the
/// places hit, in order. Two orders of play reach the same position exactly when their
/// numbers are equal (a cell is hit at most once in a turn: its enemy piece is gone).
fn net_change(steps: &[Step]) -> u128 {
    // Places 0..=OFF, their change from -4 to 4.
    let mut change: [(u8, i8); 8] = [(0, 0); 8];
    let mut n = 0;
    let mut add = |place: u8, d: i8| {
        if let Some(e) = change[..n].iter_mut().find(|e| e.0 == place) {
            e.1 += d;
        } else {
            change[n] = (place, d);
            n += 1;
        }
    };
    let mut hits = [0u8; 4];
    let mut nh = 0;
    for s in steps {
        add(s.from, -1);
        add(s.to, 1);
        if s.hit {
            hits[nh] = s.to;
            nh += 1;
        }
    }
    let change = &mut change[..n];
    change.sort_unstable();
    hits[..nh].sort_unstable();
    let mut key: u128 = 0;
    for &(place, d) in change.iter().filter(|e| e.1 != 0) {
        key = key << 11 | u128::from(place) << 4 | (d + 8) as u128;
    }
    for &h in &hits[..nh] {
        key = key << 7 | u128::from(h) | 1 << 6;
    }
    key
}

/// The order moves are listed in: by their steps, first step first.
fn order(pl: &Play) -> u64 {
    pl.steps[..pl.n as usize].iter().fold(0u64, |k, s| {
        k << 16 | u64::from(s.from) << 8 | u64::from(s.to)
    }) << (16 * (4 - u32::from(pl.n)))
}

impl Position<'_> {
    /// How many pieces cell `c` holds.
    #[inline]
    pub fn height(&self, c: Cell) -> u16 {
        match self.heights.get(c as usize) {
            Some(&n) => n,
            None => u16::from(self.cells[c as usize] != 0),
        }
    }

    /// Sets the height of the stack on `c` (which holds a piece), keeping counts and hash.
    pub(in crate::engine) fn set_height(&mut self, c: Cell, n: u16) {
        let old = self.heights[c as usize];
        let code = self.cells[c as usize] as usize;
        self.counts[code] = self.counts[code] + n - old;
        self.hash ^= self.game.height_key(c as usize, old) ^ self.game.height_key(c as usize, n);
        self.heights[c as usize] = n;
    }

    /// Puts a piece of `code` on `c` (empty, or holding pieces of that code).
    fn add_piece(&mut self, c: Cell, code: u8) {
        match self.heights[c as usize] {
            0 => {
                self.set(c, code);
                self.heights[c as usize] = 1;
            }
            h => self.set_height(c, h + 1),
        }
    }

    /// Takes one piece off `c`; returns its code.
    fn remove_piece(&mut self, c: Cell) -> u8 {
        let code = self.cells[c as usize];
        match self.heights[c as usize] {
            1 => {
                self.set(c, 0);
                self.heights[c as usize] = 0;
            }
            h => self.set_height(c, h - 1),
        }
        code
    }

    /// Plays a turn of dice: each step in order, a lone enemy piece landed on going to its
    /// owner's hand.
    pub(in crate::engine) fn play_turn(&mut self, m: &Move) {
        let p = self.turn as usize;
        for k in (0..m.npath as usize).step_by(2) {
            let (from, to) = (m.path[k], m.path[k + 1]);
            let code = if from == NONE {
                let code = (1 + p as u8..self.hand.len() as u8)
                    .step_by(1 << self.game.player_shift)
                    .find(|&c| self.hand[c as usize] > 0)
                    .unwrap_or(0);
                let n = self.hand[code as usize];
                self.set_hand(code, n - 1);
                code
            } else {
                self.remove_piece(from)
            };
            if to == NONE {
                continue;
            }
            let there = self.cells[to as usize];
            if there != 0 && self.game.owner(there) != p {
                let hit = self.remove_piece(to);
                let n = self.hand[hit as usize];
                self.set_hand(hit, n + 1);
            }
            self.add_piece(to, code);
        }
    }
}
