//! `place on empty, capturing groups without liberties[, no suicide][, simple ko]` (Go).
//!
//! Stones of one owner that touch along the group directions form a group (a chain); a cell
//! next to a group and empty is a liberty. Positions keep every chain incrementally: each
//! stone's chain head, a circular list through the chain's stones, and per head the chain's
//! size and **pseudo-liberties** (the number of stone–empty-neighbour pairs, a liberty shared by
//! two stones counting twice). A chain has no liberty exactly when that number is 0, so a
//! placement only touches its four neighbours' chains, and a capture only the removed stones'
//! neighbours: nothing floods the board per move.

use crate::engine::Position;
use crate::geometry::{Cell, NONE};

/// The chains of a position (empty vectors in games without group capture).
#[derive(Debug, Default)]
pub struct Chains {
    /// Per cell: the head of the stone's chain, `NONE` on an empty cell.
    head: Vec<Cell>,
    /// Per cell: the next stone of the same chain (a circular list).
    next: Vec<Cell>,
    /// Per head: the chain's pseudo-liberties.
    libs: Vec<u16>,
    /// Per head: the chain's stones.
    size: Vec<u16>,
    /// The cell the player to move may not place on (simple ko), or `NONE`.
    pub(in crate::engine) ko: Cell,
}

impl Clone for Chains {
    fn clone(&self) -> Self {
        Chains {
            head: self.head.clone(),
            next: self.next.clone(),
            libs: self.libs.clone(),
            size: self.size.clone(),
            ko: self.ko,
        }
    }

    /// Reuses the buffers: no allocation in copy-make.
    fn clone_from(&mut self, o: &Self) {
        self.head.clone_from(&o.head);
        self.next.clone_from(&o.next);
        self.libs.clone_from(&o.libs);
        self.size.clone_from(&o.size);
        self.ko = o.ko;
    }
}

impl Chains {
    /// No chains (games without group capture).
    pub fn none() -> Chains {
        Chains {
            ko: NONE,
            ..Chains::default()
        }
    }
}

impl Position<'_> {
    /// Finds every chain of the position from scratch (at the start, after reading a position
    /// string, and after any move that is not a placement).
    pub(in crate::engine) fn build_chains(&mut self) {
        let game = self.game;
        let Some(gr) = &game.groups else {
            return;
        };
        let b = &game.board;
        let n = self.cells.len();
        let ch = &mut self.chains;
        ch.head.clear();
        ch.head.resize(n, NONE);
        ch.next.clear();
        ch.next.resize(n, NONE);
        ch.libs.clear();
        ch.libs.resize(n, 0);
        ch.size.clear();
        ch.size.resize(n, 0);
        let mut stack = Vec::new();
        for start in 0..n as Cell {
            let owner_code = self.cells[start as usize];
            if owner_code == 0 || ch.head[start as usize] != NONE {
                continue;
            }
            let owner = self.game.owner(owner_code);
            ch.head[start as usize] = start;
            let mut last = start;
            stack.push(start);
            while let Some(s) = stack.pop() {
                ch.size[start as usize] += 1;
                for &d in &gr.dirs {
                    let t = b.step(s, d);
                    if t == NONE {
                        continue;
                    }
                    let v = self.cells[t as usize];
                    if v == 0 {
                        ch.libs[start as usize] += 1;
                    } else if self.game.owner(v) == owner && ch.head[t as usize] == NONE {
                        ch.head[t as usize] = start;
                        ch.next[last as usize] = t;
                        last = t;
                        stack.push(t);
                    }
                }
            }
            ch.next[last as usize] = start;
        }
    }

    /// Whether the player to move may place on the empty cell `c`: not the ko cell, and (with
    /// `no suicide`) not where the new stone's group would be left without a liberty after
    /// the enemy groups it takes are gone.
    #[inline]
    pub(in crate::engine) fn group_placement_ok(&self, c: Cell) -> bool {
        let Some(gr) = &self.game.groups else {
            return true;
        };
        if c == self.chains.ko {
            return false;
        }
        if !gr.no_suicide {
            return true;
        }
        let b = &self.game.board;
        let me = self.turn as usize;
        // The neighbouring chains, each with the number of its stones that touch `c`.
        let mut heads = [NONE; 8];
        let mut edges = [0u16; 8];
        let mut k = 0;
        for &d in &gr.dirs {
            let t = b.step(c, d);
            if t == NONE {
                continue;
            }
            if self.cells[t as usize] == 0 {
                return true;
            }
            let h = self.chains.head[t as usize];
            match heads[..k].iter().position(|&x| x == h) {
                Some(i) => edges[i] += 1,
                None if k < heads.len() => {
                    heads[k] = h;
                    edges[k] = 1;
                    k += 1;
                }
                None => {}
            }
        }
        (0..k).any(|i| {
            let h = heads[i];
            let libs = self.chains.libs[h as usize];
            if self.game.owner(self.cells[h as usize]) == me {
                // A friendly chain with a liberty elsewhere.
                libs > edges[i]
            } else {
                // An enemy chain whose last liberty is `c`: it is taken.
                libs == edges[i]
            }
        })
    }

    /// After a stone of `code` was put on `c`: joins it to its friends' chains, removes the
    /// enemy chains left without liberties (and, without `no suicide`, its own), and sets the
    /// ko cell where it took exactly one stone and stands alone with one liberty.
    pub(in crate::engine) fn place_in_chains(&mut self, c: Cell, code: u8) {
        let game = self.game;
        let Some(gr) = &game.groups else {
            return;
        };
        let b = &game.board;
        let me = self.game.owner(code);
        let ci = c as usize;
        self.chains.head[ci] = c;
        self.chains.next[ci] = c;
        self.chains.size[ci] = 1;
        self.chains.libs[ci] = 0;
        for &d in &gr.dirs {
            let t = b.step(c, d);
            if t == NONE {
                continue;
            }
            if self.cells[t as usize] == 0 {
                self.chains.libs[ci] += 1;
            } else {
                // `c` was an empty neighbour of this stone.
                let h = self.chains.head[t as usize] as usize;
                self.chains.libs[h] -= 1;
            }
        }
        for &d in &gr.dirs {
            let t = b.step(c, d);
            if t != NONE
                && self.cells[t as usize] != 0
                && self.game.owner(self.cells[t as usize]) == me
            {
                let (a, h) = (self.chains.head[ci], self.chains.head[t as usize]);
                if a != h {
                    self.merge_chains(a, h);
                }
            }
        }
        let (mut taken, mut last) = (0u32, NONE);
        for &d in &gr.dirs {
            let t = b.step(c, d);
            if t == NONE
                || self.cells[t as usize] == 0
                || self.game.owner(self.cells[t as usize]) == me
            {
                continue;
            }
            let h = self.chains.head[t as usize];
            if self.chains.libs[h as usize] == 0 {
                taken += u32::from(self.chains.size[h as usize]);
                last = t;
                self.remove_chain(h);
            }
        }
        let own = self.chains.head[ci];
        if !gr.no_suicide && self.chains.libs[own as usize] == 0 {
            self.remove_chain(own);
        }
        let ko = if gr.simple_ko
            && taken == 1
            && self.chains.size[own as usize] == 1
            && self.chains.libs[own as usize] == 1
        {
            last
        } else {
            NONE
        };
        self.set_ko(ko);
    }

    /// Sets the ko cell, keeping the hash (the ko cell is part of a position).
    pub(in crate::engine) fn set_ko(&mut self, ko: Cell) {
        let old = self.chains.ko;
        if old == ko {
            return;
        }
        let keys = &self.game.zobrist.ep;
        if old != NONE {
            self.hash ^= keys[old as usize];
        }
        if ko != NONE {
            self.hash ^= keys[ko as usize];
        }
        self.chains.ko = ko;
    }

    /// Joins the chains with heads `a` and `b`: the smaller takes the larger one's head.
    fn merge_chains(&mut self, a: Cell, b: Cell) {
        let ch = &mut self.chains;
        let (big, small) = if ch.size[a as usize] >= ch.size[b as usize] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            ch.head[s as usize] = big;
            s = ch.next[s as usize];
            if s == small {
                break;
            }
        }
        ch.libs[big as usize] += ch.libs[small as usize];
        ch.size[big as usize] += ch.size[small as usize];
        // Splice the two circular lists.
        ch.next.swap(big as usize, small as usize);
    }

    /// Removes every stone of the chain with head `h`; their neighbours in other chains gain
    /// the freed cells as liberties.
    fn remove_chain(&mut self, h: Cell) {
        let game = self.game;
        let Some(gr) = &game.groups else {
            return;
        };
        let b = &game.board;
        let mut s = h;
        loop {
            let next = self.chains.next[s as usize];
            self.lift(s);
            self.chains.head[s as usize] = NONE;
            for &d in &gr.dirs {
                let t = b.step(s, d);
                if t == NONE || self.cells[t as usize] == 0 {
                    continue;
                }
                let th = self.chains.head[t as usize];
                if th != h {
                    self.chains.libs[th as usize] += 1;
                }
            }
            s = next;
            if s == h {
                break;
            }
        }
    }

    /// Area scores (Go): each player's stones, plus every empty region (cells joined along the
    /// group directions, or the board's directions without group capture) whose neighbours
    /// are all that player's stones. Read once, when a game ends.
    pub fn area(&self) -> [u32; 2] {
        let g = self.game;
        let b = &g.board;
        let all: Vec<u8> = (0..b.dirs.len() as u8).collect();
        let dirs = g.groups.as_ref().map_or(&all[..], |gr| &gr.dirs[..]);
        let mut score = [0u32; 2];
        let mut seen = vec![false; self.cells.len()];
        let mut stack = Vec::new();
        for start in 0..self.cells.len() {
            let v = self.cells[start];
            if v != 0 {
                score[self.game.owner(v)] += 1;
                continue;
            }
            if seen[start] {
                continue;
            }
            // One empty region: its size, and which players' stones border it.
            let (mut size, mut borders) = (0u32, [false; 2]);
            seen[start] = true;
            stack.push(start as Cell);
            while let Some(c) = stack.pop() {
                size += 1;
                for &d in dirs {
                    let t = b.step(c, d);
                    if t == NONE {
                        continue;
                    }
                    let v = self.cells[t as usize];
                    if v != 0 {
                        borders[self.game.owner(v)] = true;
                    } else if !seen[t as usize] {
                        seen[t as usize] = true;
                        stack.push(t);
                    }
                }
            }
            match borders {
                [true, false] => score[0] += size,
                [false, true] => score[1] += size,
                _ => {}
            }
        }
        score
    }

    /// Whether the chains kept incrementally equal the chains found from scratch.
    #[cfg(test)]
    fn chains_consistent(&self) -> bool {
        let mut fresh = self.clone();
        fresh.build_chains();
        (0..self.cells.len()).all(|c| {
            let (h1, h2) = (self.chains.head[c], fresh.chains.head[c]);
            if (h1 == NONE) != (h2 == NONE) {
                return false;
            }
            if h1 == NONE {
                return true;
            }
            // Same chain partition: a stone's head is in the fresh chain of the same head.
            fresh.chains.head[h1 as usize] == h2
                && self.chains.libs[h1 as usize] == fresh.chains.libs[h2 as usize]
                && self.chains.size[h1 as usize] == fresh.chains.size[h2 as usize]
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::Position;

    /// The chains and liberty counts kept move by move are those found from scratch, at every
    /// position of seeded random games of Go 9 x 9 (captures, ko and passes included).
    #[test]
    fn chains_kept_move_by_move_are_the_chains_found_afresh() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/games/go9.game");
        let g = crate::load_file(path).expect("Go compiles");
        let mut rng = crate::rng::Rng::new(0x60);
        let mut captures = 0;
        for _ in 0..30 {
            let mut state = crate::engine::MatchState::new(g.start());
            while state.outcome().is_none() && state.pos.ply() < 400 {
                let pos = &state.pos;
                assert!(pos.chains_consistent(), "{}", pos.to_text());
                let stones = |p: &Position| p.cells().iter().filter(|&&c| c != 0).count();
                let before = stones(pos);
                state.play_index(rng.below(state.moves().len()));
                captures += usize::from(stones(&state.pos) < before);
            }
        }
        assert!(captures > 30, "only {captures} captures");
    }
}
