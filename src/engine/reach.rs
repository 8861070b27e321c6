//! Drawing a random move by the cells each piece reaches, without listing the moves: for games
//! whose pieces only step to empty cells and hop over pieces right beside them (Halma, Chinese
//! checkers), on boards too large for bitboards, where moves are told apart by start and end.
//! A piece's moves are then one per cell its steps and hop chains reach (of a step and a chain
//! ending on one cell, the filter keeps the first listed), so its count is the size of a union
//! of cell sets; only the drawn piece's moves are listed. The move drawn is the very move the
//! full list gives at the index drawn (`tests/games.rs` checks it game by game). On boards
//! that `flood.rs` lays out in bits (the star, Halma's), the turn's hops are found once for
//! all pieces, and the drawn piece's move is built from its search, without listing.

use super::flood::{Bits256, Flood, Hops};
use super::{Game, Move, Position, Rule, MAX_MOVES};
use crate::geometry::{Cell, CellSet, NONE};
use crate::model::{Hurdle, JumpRule, Target};

impl Game {
    /// Whether random moves are drawn by reach (`Position::random_reach_move`; found once, at
    /// compile time, as [`Game::reach_draw`]): every rule of
    /// every piece is a plain step to an empty cell or a chain of hops over any piece (or a
    /// friend) right beside to the cell right behind it, moves are told apart by start and end,
    /// the general generator lists them piece by piece, and nothing else adds or filters moves.
    pub fn draws_by_reach(&self) -> bool {
        let plain_rules = self.rules.iter().flatten().all(|r| match r {
            Rule::Step {
                twice,
                target,
                from,
                en_passant,
                ..
            } => !twice && *target == Target::Empty && from.is_none() && !en_passant,
            Rule::Jump(JumpRule {
                hurdle,
                gap,
                beyond,
                landing,
                repeatedly,
                ..
            }) => {
                *hurdle != Hurdle::Enemy
                    && *repeatedly
                    && *gap == (0, 0)
                    && *beyond == (1, 1)
                    && landing.is_none()
            }
            _ => false,
        });
        plain_rules
            && self.identity_by_captures
            && self.rules.iter().any(|r| !r.is_empty())
            && self.plain_but_stay.iter().all(|&p| p)
            && self.hooks.iter().all(Vec::is_empty)
            && self.bitboards.is_none()
            && self.wide_bitboards.is_none()
            && self.race.is_none()
            && self.steps.is_none()
            && self.sowing.is_none()
            && self.mills.is_empty()
            && self.board_rules.is_empty()
            && self.relocated.is_none()
            && self.places.iter().all(Vec::is_empty)
            && self.initial_hand.iter().all(|&n| n == 0)
            && !(self.has_royal
                || self.legality_by_play
                || self.no_mating_drops
                || self.compulsory_capture
                || self.majority_capture
                || self.may_pass
                || self.hand_first
                || self.states.slept_cannot_act)
    }
}

impl Position<'_> {
    /// A uniformly random legal move, drawn by counting the cells each piece of the player to
    /// move reaches, for games that [draw by reach](Game::draws_by_reach); `None` where the
    /// player has no move (the general path decides then) or the position is one the count
    /// does not cover. `buf` holds the drawn piece's moves.
    pub(super) fn random_reach_move(
        &self,
        rng: &mut crate::rng::Rng,
        buf: &mut Vec<Move>,
    ) -> Option<Move> {
        if !self.frozen.is_empty() {
            return None;
        }
        // Each piece's cell, code and count; more pieces than that are left to the list.
        let mut pieces = [(NONE, 0u8, 0usize); 64];
        let (n, hops) = match &self.game.reach_flood {
            Some(f) => {
                let (n, hops) = self.count_by_flood(f, &mut pieces)?;
                (n, Some((f, hops)))
            }
            None => (self.count_by_search(&mut pieces)?, None),
        };
        let total: usize = pieces[..n].iter().map(|p| p.2).sum();
        if total == 0 || total > MAX_MOVES {
            return None;
        }
        let mut k = rng.below(total);
        for &(cell, code, here) in &pieces[..n] {
            if k >= here {
                k -= here;
                continue;
            }
            if let Some((f, hops)) = hops
                .as_ref()
                .filter(|_| self.game.plain_emit[code as usize])
            {
                return self.flood_move(f, hops, cell, code, k);
            }
            // This piece's moves, as the generator lists them and the filter keeps them.
            buf.clear();
            for rule in &self.game.rules[code as usize] {
                self.gen_rule(rule, cell, code, buf);
            }
            let mut seen = CellSet::EMPTY;
            for m in buf.iter() {
                if seen.contains(m.to) {
                    continue;
                }
                seen.insert(m.to);
                if k == 0 {
                    return Some(m.clone());
                }
                k -= 1;
            }
            return None;
        }
        None
    }

    /// Fills `pieces` with the mover's pieces and their counts, found by [`Position::reach`];
    /// their number, or `None` where they are too many.
    fn count_by_search(&self, pieces: &mut [(Cell, u8, usize); 64]) -> Option<usize> {
        let me = self.turn as usize;
        let mut n = 0;
        for c in 0..self.cells.len() {
            let code = self.cells[c];
            if code != 0 && self.game.owner(code) == me {
                *pieces.get_mut(n)? = (c as Cell, code, self.reach(c as Cell, code).len());
                n += 1;
            }
        }
        Some(n)
    }

    /// [`Position::count_by_search`] on a board laid out for floods: the turn's hops found
    /// once for all the mover's pieces, each piece's chains flooded a frontier at a time.
    fn count_by_flood(
        &self,
        f: &Flood,
        pieces: &mut [(Cell, u8, usize); 64],
    ) -> Option<(usize, Hops)> {
        let me = self.turn as usize;
        let (mut occupied, mut own) = (Bits256::EMPTY, Bits256::EMPTY);
        let mut n = 0;
        for (c, &code) in self.cells.iter().enumerate() {
            if code != 0 {
                let bit = f.bit[c] as usize;
                occupied.insert(bit);
                if self.game.owner(code) == me {
                    own.insert(bit);
                    *pieces.get_mut(n)? = (c as Cell, code, 0);
                    n += 1;
                }
            }
        }
        let hops = Hops::new(f, occupied, own);
        let mut queue = [0u8; 256];
        for p in &mut pieces[..n] {
            p.2 = self.flood_reach(f, &hops, &mut queue, p.0, p.1).len();
        }
        Some((n, hops))
    }

    /// The `k`th move (from 0) of the piece `code` on `c` that the filter keeps, built as the
    /// generator builds it, for pieces whose moves go out as generated
    /// ([`Game::plain_emit`]): without listing the others.
    fn flood_move(&self, f: &Flood, hops: &Hops, c: Cell, code: u8, mut k: usize) -> Option<Move> {
        let b = &self.game.board;
        let mut seen = Bits256::EMPTY;
        for rule in &self.game.rules[code as usize] {
            match rule {
                Rule::Step { dirs, .. } => {
                    for &d in dirs.iter() {
                        let t = b.step(c, d);
                        if t == NONE
                            || self.cells[t as usize] != 0
                            || self.game.leaves_stay(code, c, t)
                            || seen.contains(f.bit[t as usize] as usize)
                        {
                            continue;
                        }
                        if k == 0 {
                            return Some(Move::new(c, t));
                        }
                        seen.insert(f.bit[t as usize] as usize);
                        k -= 1;
                    }
                }
                Rule::Jump(JumpRule { dirs, hurdle, .. }) => {
                    let own_only = *hurdle == Hurdle::Friend;
                    let m = self.hop_move(f, hops, c, code, dirs, own_only, &mut seen, &mut k);
                    if m.is_some() {
                        return m;
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// [`Position::reach`] as a set of [`Flood`] bits.
    fn flood_reach(
        &self,
        f: &Flood,
        hops: &Hops,
        queue: &mut [u8; 256],
        c: Cell,
        code: u8,
    ) -> Bits256 {
        let mut to = Bits256::EMPTY;
        for rule in &self.game.rules[code as usize] {
            match rule {
                Rule::Step { dirs, .. } => {
                    self.step_reach(c, code, dirs, |t| to.insert(f.bit[t as usize] as usize));
                }
                Rule::Jump(JumpRule { dirs, hurdle, .. }) => {
                    let own_only = *hurdle == Hurdle::Friend;
                    to |= self.hop_flood(f, hops, c, code, dirs, own_only, queue);
                }
                _ => {}
            }
        }
        to
    }

    /// Calls `put` with each empty cell one step from `c` in `dirs` that the piece `code`
    /// may step to (not out of a region it stays in).
    #[inline]
    fn step_reach(&self, c: Cell, code: u8, dirs: &[u8], mut put: impl FnMut(Cell)) {
        for &d in dirs {
            let t = self.game.board.step(c, d);
            if t != NONE && self.cells[t as usize] == 0 && !self.game.leaves_stay(code, c, t) {
                put(t);
            }
        }
    }

    /// The cells the piece `code` on `c` may move to by its rules.
    fn reach(&self, c: Cell, code: u8) -> CellSet {
        let mut to = CellSet::EMPTY;
        for rule in &self.game.rules[code as usize] {
            match rule {
                Rule::Step { dirs, .. } => self.step_reach(c, code, dirs, |t| to.insert(t)),
                Rule::Jump(JumpRule { dirs, hurdle, .. }) => {
                    to = to.union(&self.hop_reach(c, code, dirs, *hurdle == Hurdle::Friend));
                }
                _ => {}
            }
        }
        to
    }

    /// The cells chains of hops from `c` reach: over a piece right beside (a friend, with
    /// `friends_only`) to the empty cell right behind it, never landing twice on a cell, the
    /// start (which counts as empty) included.
    fn hop_reach(&self, c: Cell, code: u8, dirs: &[u8], friends_only: bool) -> CellSet {
        // A queue as long as the board: short for most boards, so cheap to set up.
        if self.cells.len() <= 128 {
            self.hop_reach_in::<128>(c, code, dirs, friends_only)
        } else {
            self.hop_reach_in::<{ crate::geometry::MAX_CELLS }>(c, code, dirs, friends_only)
        }
    }

    fn hop_reach_in<const N: usize>(
        &self,
        c: Cell,
        code: u8,
        dirs: &[u8],
        friends_only: bool,
    ) -> CellSet {
        let b = &self.game.board;
        let occupied = |x: Cell| x != c && self.cells[x as usize] != 0;
        let mut reached = CellSet::EMPTY;
        reached.insert(c);
        let mut queue = [NONE; N];
        queue[0] = c;
        let (mut head, mut tail) = (0, 1);
        while head < tail {
            let at = queue[head];
            head += 1;
            for &d in dirs {
                let h = b.step(at, d);
                if h == NONE || !occupied(h) {
                    continue;
                }
                if friends_only && self.enemy_of(self.cells[h as usize]) {
                    continue;
                }
                let l = b.step(h, d);
                if l != NONE
                    && !reached.contains(l)
                    && !occupied(l)
                    && !self.game.leaves_stay(code, at, l)
                    && tail < N
                {
                    reached.insert(l);
                    queue[tail] = l;
                    tail += 1;
                }
            }
        }
        reached.remove(c);
        reached
    }
}

#[cfg(test)]
mod tests {
    use super::super::Scratch;
    use crate::rng::Rng;

    const HALMA: &str = "  piece man \"M\" {\n    step all to empty\n    \
                         jump all over any repeatedly\n  }";

    fn star_game(pieces: &str) -> crate::engine::Game {
        let src = format!(
            "game \"T\" {{\n  players white, black\n  board star\n{pieces}\n  setup {{\n    \
             white man on north point\n    black man on south point\n  }}\n}}\n"
        );
        crate::compile_source(&src).unwrap_or_else(|e| panic!("{src}\n{e:?}"))
    }

    fn halma(extra: &str) -> crate::engine::Game {
        star_game(&format!("{HALMA}\n{extra}"))
    }

    /// Only games whose pieces step and hop, with a step and a chain to one cell merged, draw
    /// by reach; a capture, or moves not merged, send the draw to the list.
    #[test]
    fn only_step_and_hop_games_with_merged_moves_draw_by_reach() {
        let merged = "  moves are identified by start, end and captures";
        assert!(halma(merged).reach_draw);
        assert!(!halma("").reach_draw);
        let capture = star_game(&format!(
            "  piece man \"M\" {{\n    step all to empty\n    jump all over enemy\n  }}\n{merged}"
        ));
        assert!(!capture.reach_draw);
    }

    /// Along a random game, the move drawn by reach is the move the legal list gives at the
    /// index drawn from the same generator.
    #[test]
    fn a_draw_by_reach_is_the_listed_move() {
        let g = halma("  moves are identified by start, end and captures");
        assert!(g.reach_flood.is_some(), "the star is laid out in bits");
        draws_are_listed_moves(&g);
        // A board of 289 cells has no bit layout: the draw searches cell by cell.
        let rows: String = (1..=4)
            .map(|r| {
                format!(
                    "    white man on a{r}\n    white man on b{r}\n    black man on q{}\n",
                    18 - r
                )
            })
            .collect();
        let src = format!(
            "game \"T\" {{\n  players white, black\n  board square 17 x 17\n{HALMA}\n  moves are \
             identified by start, end and captures\n  setup {{\n{rows}  }}\n}}\n"
        );
        let g = crate::compile_source(&src).unwrap_or_else(|e| panic!("{src}\n{e:?}"));
        assert!(g.reach_draw && g.reach_flood.is_none());
        draws_are_listed_moves(&g);
    }

    fn draws_are_listed_moves(g: &crate::engine::Game) {
        let mut pos = g.start();
        let mut rng = Rng::new(3);
        for ply in 0..120 {
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            let (mut a, mut b) = (Rng::new(ply), Rng::new(ply));
            let (mut buf, mut scratch) = (Vec::new(), Scratch::new(&pos));
            let m = pos
                .random_legal_move(&mut a, &mut buf, &mut scratch)
                .expect("a move");
            let listed = &legal[b.below(legal.len())];
            assert!(m.same_as(listed), "ply {ply}: {}", pos.move_text(&m));
            let next = legal[rng.below(legal.len())].clone();
            pos.play_unchecked(&next);
        }
    }
}
