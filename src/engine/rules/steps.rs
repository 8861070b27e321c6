//! Turns of several steps shared among the mover's pieces (`steps { ... }`, Arimaa). A step
//! is one of a piece's own steps to an empty cell; a piece may instead push or pull a weaker
//! enemy next to it (two steps: in a push the enemy steps first, to any empty cell next to
//! it, and the pusher takes its cell; in a pull the puller steps first, to an empty cell next
//! to it, and the enemy takes the cell it left). A piece next to a stronger enemy with no
//! friend next to it is frozen: it may not step, push or pull. After every step (each half
//! of a push or pull too), a piece on a trap with no friend next to it is removed. A turn
//! takes from one step up to the block's number, and must change the position.
//!
//! The whole turn is one move: the turns are found by a depth-first search over steps on a
//! copy of the cells, and turns that reach the same position are one move (the first order
//! found is the one listed). A position reached part way with at least as many steps left as
//! an earlier visit is not searched again. Positions are told apart by the XOR of the
//! game's Zobrist keys of the cells changed, so that the search keeps no boards.

use super::super::{Move, MoveKind, Position};
use crate::geometry::{Board, Cell, NONE};

/// The compiled rules of turns of steps.
#[derive(Clone, Debug)]
pub struct Steps {
    pub rule: crate::model::Steps,
    /// By piece code: its strength (0: none) and the directions it steps in.
    strength: Vec<u8>,
    dirs: Vec<Vec<u8>>,
    /// By cell: its orthogonal neighbours (`NONE` past the edge).
    adj: Vec<[Cell; 4]>,
    traps: Vec<Cell>,
    /// The game's Zobrist keys of pieces, `code * cells + cell`.
    keys: Vec<u64>,
    cells: usize,
    player_bits: u8,
    /// The board's neighbour table, `cell * ndirs + direction`.
    nbr: Vec<Cell>,
    ndirs: usize,
}

type KeyMap = crate::engine::HashMapOfHashes<u8>;

/// The search's working state, kept between calls (no allocation per move once warm).
#[derive(Default)]
struct Scratch {
    cells: Vec<u8>,
    /// Changes made, to undo: cell and its code before.
    undo: Vec<(Cell, u8)>,
    /// The turn so far: steps as (from, to), removals as (cell, `NONE`).
    seq: Vec<(Cell, Cell)>,
    /// Part-way positions by key: the most steps left they were searched with.
    seen: KeyMap,
    /// Whole turns listed, by key.
    done: KeyMap,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

impl Steps {
    pub fn new(
        rule: &crate::model::Steps,
        board: &Board,
        codes: usize,
        player_bits: u8,
        kind_of: impl Fn(u8) -> usize,
        step_dirs: impl Fn(u8) -> Vec<u8>,
        keys: &[u64],
    ) -> Steps {
        let orth: Vec<u8> = (0..board.dirs.len() as u8)
            .filter(|&d| {
                let dir = &board.dirs[d as usize];
                (dir.dx == 0) != (dir.dy == 0)
            })
            .collect();
        let adj = (0..board.len() as Cell)
            .map(|c| {
                let mut a = [NONE; 4];
                for (i, &d) in orth.iter().take(4).enumerate() {
                    a[i] = board.step(c, d);
                }
                a
            })
            .collect();
        let mut strength = vec![0; codes];
        let mut dirs = vec![Vec::new(); codes];
        for code in 1..codes as u8 {
            strength[code as usize] = rule.strength.get(kind_of(code)).copied().unwrap_or(0);
            dirs[code as usize] = step_dirs(code);
        }
        Steps {
            rule: rule.clone(),
            strength,
            dirs,
            adj,
            traps: rule.traps.iter().collect(),
            keys: keys.to_vec(),
            cells: board.len(),
            player_bits,
            nbr: board.nbr.clone(),
            ndirs: board.dirs.len(),
        }
    }

    #[inline]
    fn owner(&self, code: u8) -> u8 {
        code.wrapping_sub(1) & ((1 << self.player_bits) - 1)
    }

    #[inline]
    fn key(&self, c: Cell, code: u8) -> u64 {
        if code == 0 {
            0
        } else {
            self.keys[code as usize * self.cells + c as usize]
        }
    }

    /// Whether the piece on `c` has a friend next to it.
    #[inline]
    fn befriended(&self, cells: &[u8], c: Cell) -> bool {
        let me = self.owner(cells[c as usize]);
        self.adj[c as usize]
            .iter()
            .any(|&n| n != NONE && cells[n as usize] != 0 && self.owner(cells[n as usize]) == me)
    }

    /// Whether the piece on `c` is frozen: a stronger enemy next to it and no friend.
    #[inline]
    fn frozen(&self, cells: &[u8], c: Cell) -> bool {
        if !self.rule.freeze {
            return false;
        }
        let code = cells[c as usize];
        let (me, s) = (self.owner(code), self.strength[code as usize]);
        let threatened = self.adj[c as usize].iter().any(|&n| {
            n != NONE && {
                let e = cells[n as usize];
                e != 0 && self.owner(e) != me && self.strength[e as usize] > s
            }
        });
        threatened && !self.befriended(cells, c)
    }

    /// Every distinct whole turn of the player to move.
    pub fn moves(&self, pos: &Position, out: &mut Vec<Move>) {
        self.search(pos, &mut |m| out.push(m));
    }

    /// How many distinct whole turns the player to move has.
    pub fn count_moves(&self, pos: &Position) -> u64 {
        let mut n = 0;
        self.search(pos, &mut |_| n += 1);
        n
    }

    fn search(&self, pos: &Position, emit: &mut dyn FnMut(Move)) {
        SCRATCH.with(|s| {
            let mut s = s.borrow_mut();
            let s = &mut *s;
            s.cells.clear();
            s.cells.extend_from_slice(pos.cells());
            s.undo.clear();
            s.seq.clear();
            s.seen.clear();
            s.done.clear();
            s.seen.insert(0, self.rule.max);
            self.walk(s, pos.turn() as u8, self.rule.max, 0, emit);
        });
    }

    /// Moves the piece on `from` to `to`, then removes the pieces left alone on traps.
    fn step(&self, s: &mut Scratch, from: Cell, to: Cell, key: &mut u64) {
        let code = s.cells[from as usize];
        s.undo.push((from, code));
        s.undo.push((to, 0));
        s.cells[from as usize] = 0;
        s.cells[to as usize] = code;
        *key ^= self.key(from, code) ^ self.key(to, code);
        s.seq.push((from, to));
        for &t in &self.traps {
            let code = s.cells[t as usize];
            if code != 0 && !self.befriended(&s.cells, t) {
                s.undo.push((t, code));
                s.cells[t as usize] = 0;
                *key ^= self.key(t, code);
                s.seq.push((t, NONE));
            }
        }
    }

    fn rewind(&self, s: &mut Scratch, undo: usize, seq: usize) {
        while s.undo.len() > undo {
            let (c, code) = s.undo.pop().expect("an undo entry");
            s.cells[c as usize] = code;
        }
        s.seq.truncate(seq);
    }

    /// After a step: lists the position reached (once) and searches on with `left` steps.
    fn arrive(&self, s: &mut Scratch, me: u8, left: u8, key: u64, emit: &mut dyn FnMut(Move)) {
        if let Some(&had) = s.seen.get(&key) {
            if had >= left {
                return;
            }
        }
        s.seen.insert(key, left);
        if key != 0 && s.done.insert(key, 0).is_none() {
            emit(self.turn_move(&s.seq));
        }
        if left > 0 {
            self.walk(s, me, left, key, emit);
        }
    }

    fn walk(&self, s: &mut Scratch, me: u8, left: u8, key: u64, emit: &mut dyn FnMut(Move)) {
        for c in 0..self.cells as Cell {
            let code = s.cells[c as usize];
            if code == 0 || self.owner(code) != me || self.frozen(&s.cells, c) {
                continue;
            }
            for i in 0..self.dirs[code as usize].len() {
                let t = self.nbr[c as usize * self.ndirs + self.dirs[code as usize][i] as usize];
                if t == NONE || s.cells[t as usize] != 0 {
                    continue;
                }
                let (u, q) = (s.undo.len(), s.seq.len());
                let mut k = key;
                self.step(s, c, t, &mut k);
                self.arrive(s, me, left - 1, k, emit);
                self.rewind(s, u, q);
            }
            let strong = self.strength[code as usize];
            if !self.rule.push || left < 2 || strong == 0 {
                continue;
            }
            for b in self.adj[c as usize] {
                if b == NONE {
                    continue;
                }
                let e = s.cells[b as usize];
                if e == 0 || self.owner(e) == me || self.strength[e as usize] >= strong {
                    continue;
                }
                if self.strength[e as usize] == 0 {
                    continue;
                }
                // Pushes: the enemy steps on, the pusher takes its cell.
                for x in self.adj[b as usize] {
                    if x == NONE || s.cells[x as usize] != 0 {
                        continue;
                    }
                    let (u, q) = (s.undo.len(), s.seq.len());
                    let mut k = key;
                    self.step(s, b, x, &mut k);
                    if s.cells[c as usize] == code {
                        self.step(s, c, b, &mut k);
                        self.arrive(s, me, left - 2, k, emit);
                    }
                    self.rewind(s, u, q);
                }
                // Pulls: the puller steps away, the enemy takes the cell it left.
                for t in self.adj[c as usize] {
                    if t == NONE || s.cells[t as usize] != 0 {
                        continue;
                    }
                    let (u, q) = (s.undo.len(), s.seq.len());
                    let mut k = key;
                    self.step(s, c, t, &mut k);
                    if s.cells[b as usize] == e {
                        self.step(s, b, c, &mut k);
                        self.arrive(s, me, left - 2, k, emit);
                    }
                    self.rewind(s, u, q);
                }
            }
        }
    }

    fn turn_move(&self, seq: &[(Cell, Cell)]) -> Move {
        let mut m = Move::new(seq[0].0, NONE);
        m.kind = MoveKind::Steps;
        for &(a, b) in seq {
            m.push_landing(a);
            m.push_landing(b);
            if b == NONE {
                m.push_capture(a);
            } else {
                m.to = b;
            }
        }
        m
    }
}

impl Position<'_> {
    /// Plays a turn of steps: each step and removal of its path in order.
    pub(in crate::engine) fn play_steps(&mut self, m: &Move) {
        let path = m.landings();
        for pair in path.chunks(2) {
            let (a, b) = (pair[0], pair[1]);
            let code = self.cells[a as usize];
            self.set(a, 0);
            if b != NONE {
                self.set(b, code);
            }
        }
        self.ply = self.ply.saturating_add(1);
        self.quiet = if m.ncap > 0 {
            0
        } else {
            self.quiet.saturating_add(1)
        };
        self.pass_turn();
    }
}
