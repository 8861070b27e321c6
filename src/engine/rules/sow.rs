//! Sowing (the mancala family): seeds in pits, moved by lifting every seed of a pit and
//! dropping them one by one along the pits. One move is a whole turn: the sowings it chains
//! (`play again` after the last seed falls in the mover's store) are its `path`, in order,
//! and its captures the pits it emptied by capture.
//!
//! Generation simulates each sowing on a copy of the counts kept on the stack, so that it
//! allocates nothing; playing a move sows again on the position itself.

use super::super::{Move, MoveKind, Position};
use crate::geometry::{Board, Cell, Shape, NONE};
use crate::model::{EndCond, EndModel, Sowing};

/// The most pits a board of pits has (26 pits a row, 4 rows): counts being sown are kept in
/// an array of this size on the stack.
pub const MAX_PITS: usize = 104;

/// The most counts a sowing keeps: the pits and the two stores, which follow the pits (the
/// first player's store at index `n`, the second's at `n + 1`, on a board of `n` pits).
const MAX_COUNTS: usize = MAX_PITS + 2;

/// How a sowing ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sown {
    /// The last seed fell in this pit.
    Pit(Cell),
    /// The last seed fell in the mover's store.
    Store,
    /// Its first lap left the opponent without seeds (`every sowing must leave the opponent
    /// some seeds`): not a move.
    Starves,
    /// A relay lap would have left the opponent without seeds: the sowing stopped before it
    /// and the mover is stuck.
    Stuck,
    /// The relay came back to a state it had been in: it would go on forever.
    Endless,
    /// The relay went on for more laps than `a relay of more than N laps is a draw` allows.
    TooLong,
}

/// Why a sowing game ended inside a turn (kept in the position: it has no moves then).
pub const STUCK: u8 = 1;
/// See [`STUCK`]: a relay that would never end.
pub const ENDLESS: u8 = 2;
/// See [`STUCK`]: a relay longer than the game allows.
pub const TOO_LONG: u8 = 3;

/// A sowing game's tables: each player's sowing order each way, the owner, opposite and
/// facing pits of each pit.
#[derive(Clone, Debug)]
pub struct Sow {
    pub rule: Sowing,
    /// The number of pits; the stores are counted after them (see [`MAX_COUNTS`]).
    n: usize,
    /// A sowing is a single lap: no relay, no lap-by-lap feeding ([`Sow::sow_single`]).
    single: bool,
    /// Per player: the cells of their pits, `lo..hi` (a player owns whole rows, and cells
    /// are numbered row by row).
    span: [(usize, usize); 2],
    /// Per direction (0 anticlockwise, 1 clockwise), per player, per pit or store: where the
    /// next seed of their sowing goes (a pit, or their store: `n + player`).
    next: [[Vec<Cell>; 2]; 2],
    /// Per direction, per player: where sowing goes on after their store.
    after_store: [[Cell; 2]; 2],
    /// Per direction, per player: the pits (and store) their sowing goes round, in order,
    /// and where each pit or store is in it (`u16::MAX` for one it passes by): where the last
    /// seed of a sowing falls is read from them ([`Sow::landing`]).
    ring: [[Vec<Cell>; 2]; 2],
    ring_at: [[Vec<u16>; 2]; 2],
    /// Per direction, per player, per pit: how many seeds from it their store is along the
    /// ring (`u16::MAX` where sowing passes no store): whether a single lap's last seed falls
    /// in the store is read from it ([`Sow::reaches_store`]).
    to_store: [[Vec<u16>; 2]; 2],
    /// Per direction, per player, per cell: the pit before it in their sowing (for captures
    /// going back).
    prev: [[Vec<Cell>; 2]; 2],
    /// Per cell: the player who owns the pit.
    pub owner: Vec<u8>,
    /// Per cell: the pit opposite (the facing pit of the other side's nearest row), or
    /// `NONE` for a pit of a four-row board's outer rows.
    opposite: Vec<Cell>,
    /// Per cell: the enemy pits facing it, in its column (the opposite pit; on four rows,
    /// for a pit of an inner row, the enemy's inner and outer pit), `NONE` where fewer.
    facing: Vec<[Cell; 2]>,
    /// Per player: their pits, in the order moves are listed (along the first way's sowing).
    pub pits: [Vec<Cell>; 2],
    /// Per way (`sow` line), per player: the pits it may start from, in listing order.
    starts: Vec<[Vec<Cell>; 2]>,
    /// The end lines that stop a turn's extra sowings ([`Sow::ended`]): a player's pits
    /// empty; a store holding more than this (the least such line); both stores holding
    /// exactly one of these.
    ends_when_pits_empty: bool,
    ends_when_a_store_holds: Option<u32>,
    ends_when_both_stores_hold: Vec<u32>,
    /// Per pit or store, the hash keys of its counts below [`KEYED`] ([`Sow::key`]): a turn
    /// changes several counts, each twice keyed.
    keys: Vec<[u64; KEYED]>,
}

/// Counts below this have their hash key in [`Sow::keys`]; larger ones are computed.
const KEYED: usize = 64;

/// One sowing tried while counting a player's turns: the turns it starts, and how many
/// entries of the tree it and the sowings that may follow it take (1 where the turn ends
/// with it). The tree lists them depth first, in the order of the listed turns.
#[derive(Clone, Copy)]
struct TurnNode {
    turns: u64,
    size: u32,
    way: u8,
    pit: Cell,
}

thread_local! {
    /// The tree of the turn being counted (kept between calls: no allocation per move).
    static TREE: std::cell::RefCell<Vec<TurnNode>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Where a sowing writes down the pits it sows from and the pits it captures: the move
/// being built, or nowhere (a sowing made only to count turns or to play a turn).
trait Record {
    fn sown_from(&mut self, pit: Cell);
    fn captured(&mut self, pit: Cell);
}

impl Record for Move {
    #[inline]
    fn sown_from(&mut self, pit: Cell) {
        self.push_landing(pit);
    }
    #[inline]
    fn captured(&mut self, pit: Cell) {
        self.push_capture(pit);
    }
}

/// Sowings not written down.
struct Unrecorded;

impl Record for Unrecorded {
    #[inline]
    fn sown_from(&mut self, _: Cell) {}
    #[inline]
    fn captured(&mut self, _: Cell) {}
}

/// Seed counts being sown: the pits, then the two stores (see [`MAX_COUNTS`]).
#[derive(Clone, Copy)]
struct Counts<const N: usize> {
    seeds: [u16; N],
}

impl<const N: usize> Counts<N> {
    /// The counts of `pos` (whose board has at most `N - 2` pits).
    fn of(pos: &Position) -> Self {
        let n = pos.seeds.len();
        let mut c = Counts { seeds: [0; N] };
        c.seeds[..n].copy_from_slice(&pos.seeds);
        c.seeds[n..n + 2].copy_from_slice(&pos.stores);
        c
    }
}

/// Calls `$obj.$f::<N>(...)` with the smallest array size `N` that holds the counts of `$n`
/// pits and the stores: counts are copied at every sowing tried.
macro_rules! sized {
    ($n:expr, $obj:ident . $f:ident ( $($arg:expr),* )) => {
        match $n {
            0..=14 => $obj.$f::<16>($($arg),*),
            15..=38 => $obj.$f::<40>($($arg),*),
            _ => $obj.$f::<MAX_COUNTS>($($arg),*),
        }
    };
}

impl Sow {
    /// The tables for `board` (a `board pits`), sowing as `rule` says, in a game ending as
    /// `end` says.
    pub fn new(board: &Board, rule: &Sowing, end: &[EndModel]) -> Sow {
        let Shape::Pits { width, height } = board.shape else {
            unreachable!("the checker gives sowing only to pits boards")
        };
        let (w, h) = (width as i32, height as i32);
        let at = |x: i32, y: i32| board.at(x, y);
        // Anticlockwise seen with the first player at the bottom: along a lower row to the
        // right, along the row above it to the left. Two rows make one ring for both players;
        // four rows one ring per player, each round their own two rows.
        let ring = |rows: [i32; 2]| -> Vec<Cell> {
            let mut r: Vec<Cell> = (0..w).map(|x| at(x, rows[0])).collect();
            r.extend((0..w).rev().map(|x| at(x, rows[1])));
            r
        };
        let rings: [Vec<Cell>; 2] = if h == 2 {
            [ring([0, 1]), ring([0, 1])]
        } else {
            [ring([0, 1]), ring([2, 3])]
        };
        let n = board.len();
        let owner: Vec<u8> = (0..n)
            .map(|c| u8::from(board.coords[c].1 >= h / 2))
            .collect();
        let Rings {
            next,
            prev,
            after_store,
            orders,
            ring,
            ring_at,
            to_store,
        } = Rings::new(&rings, &owner, rule.passes_store);
        let first = usize::from(rule.ways.first().is_some_and(|w| w.clockwise));
        let pits = orders[first].clone();
        let starts = rule
            .ways
            .iter()
            .map(|way| {
                let mut s = pits.clone();
                if let Some(within) = &way.within {
                    for (p, list) in s.iter_mut().enumerate() {
                        list.retain(|&c| within[p].contains(c));
                    }
                }
                s
            })
            .collect();
        let (opposite, facing) = across(board, h);
        let span = [0, 1].map(|p: u8| {
            let lo = owner.iter().position(|&o| o == p).unwrap_or(0);
            let hi = owner.iter().rposition(|&o| o == p).map_or(0, |i| i + 1);
            debug_assert!(owner[lo..hi].iter().all(|&o| o == p), "rows of pits");
            (lo, hi)
        });
        let keys = (0..n + 2)
            .map(|c| std::array::from_fn(|k| crate::engine::count_key(c, k as u16)))
            .collect();
        Sow {
            keys,
            rule: rule.clone(),
            n,
            span,
            single: rule.relay.is_none() && !rule.lap_feed && rule.lap_limit == 0,
            next,
            after_store,
            ring,
            ring_at,
            to_store,
            prev,
            owner,
            opposite,
            facing,
            pits,
            starts,
            ends_when_pits_empty: end
                .iter()
                .any(|e| matches!(e.cond, EndCond::PitsEmpty { .. })),
            ends_when_a_store_holds: end
                .iter()
                .filter_map(|e| match e.cond {
                    EndCond::StoreHolds(n) => Some(n),
                    _ => None,
                })
                .min(),
            ends_when_both_stores_hold: end
                .iter()
                .filter_map(|e| match e.cond {
                    EndCond::StoresHold(n) => Some(n),
                    _ => None,
                })
                .collect(),
        }
    }

    /// Whether any rule puts seeds in a store (else the stores stay empty, and drawings
    /// leave them out; position strings still write them, `0,0`).
    pub fn has_stores(&self) -> bool {
        let r = &self.rule;
        r.passes_store
            || r.opposite.is_some()
            || r.counts.is_some()
            || r.facing.is_some_and(|(_, back)| back.is_none())
    }

    /// Whether the game gives a choice of direction (two `sow` lines).
    pub fn has_choice(&self) -> bool {
        self.rule.ways.len() > 1
    }

    /// The direction of way `w` (0 anticlockwise, 1 clockwise).
    fn dir(&self, way: u8) -> usize {
        usize::from(self.rule.ways[usize::from(way)].clockwise)
    }

    /// A sowing move's direction written after its pit where there is a choice: `""` for the
    /// first `sow` line's way, `cw` or `acw` for the other.
    pub fn way_suffix(&self, way: u8) -> &'static str {
        match (self.has_choice() && way > 0, self.dir(way)) {
            (false, _) => "",
            (true, 1) => "cw",
            (true, _) => "acw",
        }
    }

    /// The pit that `me`'s sowing the way `way` goes would drop the first seed of `pit` in:
    /// where there is a choice of direction, a move keeps it in `extra_to` (it tells the
    /// two ways apart in action ids and on a board with a pointer).
    fn first_sown(&self, me: usize, way: u8, pit: Cell) -> Cell {
        let d = self.dir(way);
        match self.next[d][me][pit as usize] {
            c if c as usize >= self.n => self.after_store[d][me],
            c => c,
        }
    }

    /// The rules as the description writes them, one line each, for summaries (`names`:
    /// the board's cell names, for the pits a `sow` line may start from).
    pub fn rule_lines(&self, names: &[String]) -> Vec<String> {
        let r = &self.rule;
        let counts = |mask: u64| {
            (1..64)
                .filter(|n| mask >> n & 1 == 1)
                .map(|n: u32| n.to_string())
                .collect::<Vec<_>>()
                .join(" or ")
        };
        let mut l = Vec::new();
        if r.start > 0 || r.hand == 0 {
            l.push(format!("each pit starts with {} seeds", r.start));
        }
        if r.hand > 0 {
            l.push(format!(
                "each player starts with {} seeds in hand, placing one a turn in a pit of mine",
                r.hand
            ));
        }
        for way in &r.ways {
            let mut sow = format!(
                "sow {} from a pit of mine",
                if way.clockwise {
                    "clockwise"
                } else {
                    "anticlockwise"
                }
            );
            if let Some(within) = &way.within {
                let list = |p: usize| {
                    within[p]
                        .iter()
                        .map(|c| names[c as usize].as_str())
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                sow.push_str(&format!(
                    " in {} for the first player, {} for the second",
                    list(0),
                    list(1)
                ));
            }
            if way.least > 1 {
                sow.push_str(&format!(", holding at least {} seeds", way.least));
            }
            if way.toward_seeds {
                sow.push_str(", only when the last seed falls facing enemy seeds");
            }
            l.push(sow);
        }
        if r.passes_store {
            l.push("sowing passes my store".into());
        }
        if r.skips_origin {
            l.push("sowing skips the pit it started from".into());
        }
        if r.again {
            l.push("when the last seed falls in my store, play again".into());
        }
        if let Some((if_seeds, with_last)) = r.opposite {
            l.push(format!(
                "when the last seed falls in an empty pit of mine, capture {}the opposite pit{}",
                if with_last { "it and " } else { "" },
                if if_seeds { " if that holds seeds" } else { "" }
            ));
        }
        if let Some((first, back)) = r.counts {
            let mut t = format!(
                "when the last seed makes {} in an enemy pit, capture it",
                counts(first)
            );
            if let Some(b) = back {
                t.push_str(&format!(" and the pits before it that make {}", counts(b)));
            }
            l.push(t);
        }
        if let Some((all, back)) = r.facing {
            let mut t =
                "when the last seed falls in an occupied pit of mine, capture the pits facing it"
                    .to_string();
            if all {
                t.push_str(" if they all hold seeds");
            }
            if let Some(cw) = back {
                t.push_str(&format!(
                    ", and sow them {} from the pit the lap started from",
                    if cw { "clockwise" } else { "anticlockwise" }
                ));
            }
            l.push(t);
        }
        if let Some(mine) = r.relay {
            l.push(format!(
                "when the last seed falls in an occupied pit{}, sow on from it",
                if mine { " of mine" } else { "" }
            ));
        }
        if r.no_grand_slam {
            l.push("a capture of every enemy seed captures nothing".into());
        }
        if r.must_feed {
            l.push("when the opponent has no seeds, my move must give them some".into());
        }
        if r.lap_feed {
            l.push("every sowing must leave the opponent some seeds".into());
        }
        if r.lap_limit > 0 {
            l.push(format!(
                "a relay of more than {} laps is a draw",
                r.lap_limit
            ));
        }
        l
    }

    /// Seeds in `p`'s pits.
    #[inline]
    pub fn seeds_of(&self, seeds: &[u16], p: usize) -> u32 {
        let (lo, hi) = self.span[p];
        seeds[lo..hi].iter().map(|&n| u32::from(n)).sum()
    }

    /// The hash key of `n` seeds in pit or store `c` (`Game::seed_key`), read from the
    /// table where it holds it.
    #[inline]
    fn key(&self, c: usize, n: u16) -> u64 {
        match self.keys.get(c) {
            Some(row) if usize::from(n) < KEYED => row[usize::from(n)],
            _ => crate::engine::count_key(c, n),
        }
    }

    /// Whether a player's pits are all empty (either player's): the first seed found ends
    /// the search, where [`Sow::seeds_of`] would add up both rows.
    #[inline]
    pub fn a_row_is_empty(&self, seeds: &[u16]) -> bool {
        self.span
            .iter()
            .any(|&(lo, hi)| seeds[lo..hi].iter().all(|&n| n == 0))
    }

    /// The moves of the player to move, appended to `out`.
    pub(in crate::engine) fn moves(&self, pos: &Position, out: &mut Vec<Move>) {
        if pos.sow_ended != 0 {
            return;
        }
        let me = pos.turn as usize;
        if pos.sow_hand[me] > 0 {
            // The placement phase: a seed from the hand into any pit of the mover's.
            for &pit in &self.pits[me] {
                let mut m = Move::new(pit, pit);
                m.kind = MoveKind::Sow;
                out.push(m);
            }
            return;
        }
        // Counts are copied at every sowing tried: an array no larger than the board needs.
        sized!(pos.seeds.len(), self.moves_in(pos, out))
    }

    fn moves_in<const N: usize>(&self, pos: &Position, out: &mut Vec<Move>) {
        let me = pos.turn as usize;
        let counts = Counts::<N>::of(pos);
        let hungry = self.hungry(&pos.seeds, me);
        let mut m = Move::new(NONE, NONE);
        m.kind = MoveKind::Sow;
        for way in 0..self.rule.ways.len() as u8 {
            self.turns(me, way, &counts, &mut m, hungry, out);
        }
    }

    /// The number of legal moves of the player to move (perft's last ply), counted without
    /// building them: a sowing is made only where it decides how many turns a pit starts
    /// ([`Sow::turns_from`]).
    pub(in crate::engine) fn count_moves(&self, pos: &Position) -> u64 {
        if pos.sow_ended != 0 {
            return 0;
        }
        if pos.sow_hand[pos.turn as usize] > 0 {
            return self.pits[pos.turn as usize].len() as u64;
        }
        sized!(pos.seeds.len(), self.count_in(pos))
    }

    fn count_in<const N: usize>(&self, pos: &Position) -> u64 {
        let counts = Counts::<N>::of(pos);
        TREE.with_borrow_mut(|tree| self.count_turns(pos, &counts, tree))
    }

    /// A uniformly random legal move of the player to move: the very move the full list
    /// would give at the index drawn (one draw of `rng`), built alone: the turns are counted
    /// pit by pit ([`Sow::count_turns`]), and only the turn drawn is sown out. `None` where
    /// the player has no sowing (the list decides what then happens).
    pub(in crate::engine) fn random_move(
        &self,
        pos: &Position,
        rng: &mut crate::rng::Rng,
    ) -> Option<Option<Move>> {
        if pos.sow_ended != 0 {
            return None;
        }
        let me = pos.turn as usize;
        if pos.sow_hand[me] > 0 {
            // The placement phase: a seed from the hand into any pit of the mover's.
            let pit = self.pits[me][rng.below(self.pits[me].len())];
            let mut m = Move::new(pit, pit);
            m.kind = MoveKind::Sow;
            return Some(Some(m));
        }
        sized!(pos.seeds.len(), self.random_in(pos, rng)).map(Some)
    }

    fn random_in<const N: usize>(&self, pos: &Position, rng: &mut crate::rng::Rng) -> Option<Move> {
        let counts = Counts::<N>::of(pos);
        TREE.with_borrow_mut(|tree| {
            let total = self.count_turns(pos, &counts, tree);
            if total == 0 {
                return None;
            }
            let k = rng.below(total as usize) as u64;
            Some(self.pick(pos, &counts, tree, k))
        })
    }

    /// The `k`-th legal move of the player to move in list order, built alone.
    #[cfg(test)]
    fn nth_move(&self, pos: &Position, k: u64) -> Move {
        let me = pos.turn as usize;
        if pos.sow_hand[me] > 0 {
            let pit = self.pits[me][k as usize];
            let mut m = Move::new(pit, pit);
            m.kind = MoveKind::Sow;
            return m;
        }
        sized!(pos.seeds.len(), self.nth_in(pos, k))
    }

    #[cfg(test)]
    fn nth_in<const N: usize>(&self, pos: &Position, k: u64) -> Move {
        let counts = Counts::<N>::of(pos);
        let mut tree = Vec::new();
        self.count_turns(pos, &counts, &mut tree);
        self.pick(pos, &counts, &tree, k)
    }

    /// Counts the turns of the player to move on `c` (the counts of `pos`), recording in
    /// `tree` how many each sowing tried starts ([`TurnNode`]); returns their sum.
    fn count_turns<const N: usize>(
        &self,
        pos: &Position,
        c: &Counts<N>,
        tree: &mut Vec<TurnNode>,
    ) -> u64 {
        tree.clear();
        let me = pos.turn as usize;
        let hungry = self.hungry(&pos.seeds, me);
        let mut total = 0;
        for way in 0..self.rule.ways.len() as u8 {
            total += self.turns_from(me, way, c, hungry, tree).0;
        }
        total
    }

    /// The `k`-th turn in list order, read from the turns counted under each sowing
    /// (`tree`, from [`Sow::count_turns`] on `c`): only the sowings of that turn are made.
    fn pick<const N: usize>(
        &self,
        pos: &Position,
        c: &Counts<N>,
        tree: &[TurnNode],
        mut k: u64,
    ) -> Move {
        let me = pos.turn as usize;
        let mut m = Move::new(NONE, NONE);
        m.kind = MoveKind::Sow;
        let mut after = *c;
        // The sowing at `i` and those after it at its level: find the one the turn goes on
        // with, sow it, and go down to its continuations until the turn ends.
        let mut i = 0;
        loop {
            while k >= tree[i].turns {
                k -= tree[i].turns;
                i += tree[i].size as usize;
            }
            let node = tree[i];
            self.sow(me, self.dir(node.way), node.pit, &mut after, &mut m, false);
            if node.size == 1 {
                self.finish(me, node.way, node.pit, &mut m);
                return m;
            }
            i += 1;
        }
    }

    /// Whether `me` must feed an opponent who has no seeds (`when the opponent has no
    /// seeds, my move must give them some`).
    fn hungry(&self, seeds: &[u16], me: usize) -> bool {
        self.rule.must_feed && self.seeds_of(seeds, me ^ 1) == 0
    }

    /// The number of turns that start with a sowing the way `way` goes from `c`, each pit
    /// `me` may sow in list order: the count [`Sow::turns`] lists, recorded in `tree` with
    /// the counts under each sowing that may follow; and whether there was a pit to sow.
    /// A pit counts one, with no sowing made, where the turn cannot go on and no rule looks
    /// at where the seeds went: no `play again` and no lap-by-lap feeding, or a single lap
    /// whose last seed does not reach the store.
    #[inline]
    fn turns_from<const N: usize>(
        &self,
        me: usize,
        way: u8,
        c: &Counts<N>,
        hungry: bool,
        tree: &mut Vec<TurnNode>,
    ) -> (u64, bool) {
        let dir = self.dir(way);
        let w = &self.rule.ways[usize::from(way)];
        let least = w.least.max(1);
        let looks = hungry || self.rule.again || self.rule.lap_feed;
        let mut total = 0;
        let mut any = false;
        for &pit in &self.starts[usize::from(way)][me] {
            // [`Sow::may_sow`], its first test here.
            if c.seeds[pit as usize] < least || w.toward_seeds && !self.may_sow(me, way, pit, c) {
                continue;
            }
            any = true;
            tree.push(TurnNode {
                turns: 1,
                size: 1,
                way,
                pit,
            });
            let ends = !looks
                || !hungry
                    && self.single
                    && !self.reaches_store(me, dir, pit, c.seeds[pit as usize]);
            total += if ends {
                1
            } else {
                self.turns_sown(me, way, pit, c, hungry, tree)
            };
        }
        (total, any)
    }

    /// The turns that start by sowing `pit` the way `way` goes from `c`, where the sowing
    /// must be made to tell ([`Sow::turns_from`]): its node is the last in `tree`.
    #[inline(never)]
    fn turns_sown<const N: usize>(
        &self,
        me: usize,
        way: u8,
        pit: Cell,
        c: &Counts<N>,
        hungry: bool,
        tree: &mut Vec<TurnNode>,
    ) -> u64 {
        let at = tree.len() - 1;
        let mut after = *c;
        // Without `play again`, only the first lap decides (whether it starves the opponent).
        let first_only = !self.rule.again && !hungry;
        let last = self.sow(
            me,
            self.dir(way),
            pit,
            &mut after,
            &mut Unrecorded,
            first_only,
        );
        let mut turns = None;
        if last == Sown::Starves {
            turns = Some(0);
        } else if self.may_go_on(last, &after) {
            // The turn goes on where there is a pit to sow ([`Sow::again`]).
            let (total, any) = self.turns_from(me, way, &after, hungry, tree);
            if any {
                tree[at].size = (tree.len() - at) as u32;
                turns = Some(total);
            }
        }
        let turns =
            turns.unwrap_or_else(|| u64::from(!hungry || self.seeds_of(&after.seeds, me ^ 1) > 0));
        tree[at].turns = turns;
        turns
    }

    /// Whether `me`'s turn goes on after a sowing the way `way` goes ended as `last` on
    /// `after`: the last seed fell in the store, the game plays again, the sowing did not
    /// end the game, and there is a pit to sow.
    fn again<const N: usize>(&self, me: usize, way: u8, last: Sown, after: &Counts<N>) -> bool {
        self.may_go_on(last, after)
            && self.starts[usize::from(way)][me]
                .iter()
                .any(|&c| self.may_sow(me, way, c, after))
    }

    /// [`Sow::again`] but for a pit to sow: the last seed fell in the store, the game plays
    /// again and the sowing did not end the game.
    #[inline]
    fn may_go_on<const N: usize>(&self, last: Sown, after: &Counts<N>) -> bool {
        last == Sown::Store && self.rule.again && !self.ended(&after.seeds)
    }

    /// Completes turn `m` whose last sowing started from `pit`: a move goes from its first
    /// pit to its last.
    fn finish(&self, me: usize, way: u8, pit: Cell, m: &mut Move) {
        m.from = m.landings()[0];
        m.to = pit;
        if self.has_choice() {
            m.extra_to = self.first_sown(me, way, m.from);
        }
    }

    /// The way (the `sow` line) move `m` of `me` goes: where there is a choice, the one whose
    /// first seed goes where the move's does (`extra_to`).
    pub fn way_of(&self, me: usize, m: &Move) -> u8 {
        u8::from(self.has_choice() && m.extra_to == self.first_sown(me, 1, m.from))
    }

    /// Whether `me` may sow `pit` of `c` the way `way` goes: it holds enough seeds, and
    /// where the way asks for it, its last seed would fall facing enemy seeds.
    #[inline]
    fn may_sow<const N: usize>(&self, me: usize, way: u8, pit: Cell, c: &Counts<N>) -> bool {
        let w = &self.rule.ways[usize::from(way)];
        let n = c.seeds[pit as usize];
        if n < w.least.max(1) {
            return false;
        }
        if !w.toward_seeds {
            return true;
        }
        let last = self.landing(me, self.dir(way), pit, n);
        (last as usize) < self.n
            && self.owner[last as usize] as usize == me
            && self.facing_all(last, c)
    }

    /// Where the last of `n` seeds sown by `me` from `pit` going `dir` falls, read from the
    /// ring of their sowing without sowing them.
    #[inline]
    fn landing(&self, me: usize, dir: usize, pit: Cell, n: u16) -> Cell {
        let ring = &self.ring[dir][me];
        let len = ring.len();
        let start = usize::from(self.ring_at[dir][me][pit as usize]);
        // Where laps skip the pit they started from, a lap drops one seed fewer.
        let step = if self.rule.skips_origin {
            1 + (usize::from(n) - 1) % (len - 1)
        } else if usize::from(n) < len {
            usize::from(n)
        } else {
            usize::from(n) % len
        };
        let at = start + step;
        ring[if at >= len { at - len } else { at }]
    }

    /// Whether the last of `n` seeds sown by `me` from `pit` going `dir` falls in their
    /// store: [`Sow::landing`] without reading the ring.
    #[inline]
    fn reaches_store(&self, me: usize, dir: usize, pit: Cell, n: u16) -> bool {
        let d = self.to_store[dir][me][pit as usize];
        if d == u16::MAX {
            return false;
        }
        let len = self.ring[dir][me].len() as u16;
        if n < len {
            // Less than a lap: the origin is not passed, skipped or not.
            return n == d;
        }
        if self.rule.skips_origin {
            1 + (n - 1) % (len - 1) == d
        } else {
            n % len == d
        }
    }

    /// Whether pit `at` has enemy pits facing it and they all hold seeds.
    #[inline]
    fn facing_all<const N: usize>(&self, at: Cell, c: &Counts<N>) -> bool {
        let f = self.facing[at as usize];
        f[0] != NONE && f.iter().all(|&p| p == NONE || c.seeds[p as usize] > 0)
    }

    /// Every turn that starts with a sowing the way `way` goes from `counts`, continuing
    /// `m` (the sowings made so far this turn).
    #[allow(clippy::too_many_arguments)]
    fn turns<const N: usize>(
        &self,
        me: usize,
        way: u8,
        counts: &Counts<N>,
        m: &mut Move,
        hungry: bool,
        out: &mut Vec<Move>,
    ) {
        let dir = self.dir(way);
        let w = &self.rule.ways[usize::from(way)];
        let least = w.least.max(1);
        for &pit in &self.starts[usize::from(way)][me] {
            if counts.seeds[pit as usize] < least
                || w.toward_seeds && !self.may_sow(me, way, pit, counts)
            {
                continue;
            }
            let mut after = *counts;
            let (ncap, npath) = (m.ncap, m.npath);
            let last = self.sow(me, dir, pit, &mut after, m, false);
            if last == Sown::Starves {
                m.truncate_lists(ncap, npath);
                continue;
            }
            if self.again(me, way, last, &after) {
                self.turns(me, way, &after, m, hungry, out);
            } else if !hungry || self.seeds_of(&after.seeds, me ^ 1) > 0 {
                out.push(m.clone());
                let done = out.last_mut().expect("just pushed");
                self.finish(me, way, pit, done);
            }
            m.truncate_lists(ncap, npath);
        }
    }

    /// One sowing by `me` from `pit` going `dir` on `c`, lap after lap where it relays,
    /// with its captures, recorded in `m` (the pit in its path, captured pits in its
    /// captures).
    fn sow<const N: usize, R: Record>(
        &self,
        me: usize,
        dir: usize,
        pit: Cell,
        c: &mut Counts<N>,
        m: &mut R,
        first_only: bool,
    ) -> Sown {
        if self.single {
            return self.sow_single(me, dir, pit, c, m);
        }
        m.sown_from(pit);
        let rule = &self.rule;
        let next = &self.next[dir][me];
        let mut origin = pit;
        let mut at = pit;
        let mut lifts: u32 = 0;
        // Brent's cycle detection over the relay: the counts and the pit lifted at the last
        // power of two lifts (none before the first relay lap).
        let mut seen: Option<(Counts<N>, Cell)> = None;
        let mut power = 1;
        let mut before = None;
        loop {
            if rule.lap_feed && lifts > 0 {
                before = Some(*c);
            }
            let hand = std::mem::take(&mut c.seeds[at as usize]);
            let skip = if rule.skips_origin { origin } else { NONE };
            at = drop_seeds(next, &mut c.seeds, at, hand, skip);
            let in_pit = (at as usize) < self.n;
            let occupied = in_pit && c.seeds[at as usize] > 1;
            if occupied && rule.facing.is_some() && self.owner[at as usize] as usize == me {
                self.capture_facing(me, origin, at, c, m);
            }
            let relay = match rule.relay {
                Some(mine) => occupied && (!mine || self.owner[at as usize] as usize == me),
                None => false,
            };
            if !relay && in_pit {
                self.capture(me, dir, at, c, m);
            }
            // `every sowing must leave the opponent some seeds`, lap by lap: a first lap that
            // does not is no move; a relay lap that does not is not made, and the mover is
            // stuck where the turn stopped.
            if rule.lap_feed && self.seeds_of(&c.seeds, me ^ 1) == 0 {
                return match before.take() {
                    None => Sown::Starves,
                    Some(b) => {
                        *c = b;
                        Sown::Stuck
                    }
                };
            }
            if !relay || first_only {
                return if in_pit { Sown::Pit(at) } else { Sown::Store };
            }
            lifts += 1;
            if lifts > rule.lap_limit.wrapping_sub(1) {
                return Sown::TooLong;
            }
            if let Some((s, p)) = &seen {
                if at == *p && c.seeds == s.seeds {
                    return Sown::Endless;
                }
            }
            if lifts == power {
                seen = Some((*c, at));
                power *= 2;
            }
            origin = at;
        }
    }

    /// [`Sow::sow`] where a sowing is one lap (no relay, no lap-by-lap feeding): the seeds
    /// dropped, then the captures of the pit where the last one fell.
    #[inline]
    fn sow_single<const N: usize, R: Record>(
        &self,
        me: usize,
        dir: usize,
        pit: Cell,
        c: &mut Counts<N>,
        m: &mut R,
    ) -> Sown {
        m.sown_from(pit);
        let next = &self.next[dir][me];
        let hand = std::mem::take(&mut c.seeds[pit as usize]);
        let skip = if self.rule.skips_origin { pit } else { NONE };
        let at = drop_seeds(next, &mut c.seeds, pit, hand, skip);
        if (at as usize) >= self.n {
            return Sown::Store;
        }
        if self.rule.facing.is_some()
            && c.seeds[at as usize] > 1
            && self.owner[at as usize] as usize == me
        {
            self.capture_facing(me, pit, at, c, m);
        }
        self.capture(me, dir, at, c, m);
        Sown::Pit(at)
    }

    /// The capture of the enemy pits facing `at`, where the last seed of the lap sown from
    /// `origin` fell in an occupied pit of the mover's.
    fn capture_facing<const N: usize, R: Record>(
        &self,
        me: usize,
        origin: Cell,
        at: Cell,
        c: &mut Counts<N>,
        m: &mut R,
    ) {
        let Some((all, back)) = self.rule.facing else {
            return;
        };
        if all && !self.facing_all(at, c) {
            return;
        }
        let mut taken = 0u16;
        for p in self.facing[at as usize] {
            if p != NONE && c.seeds[p as usize] > 0 {
                taken += std::mem::take(&mut c.seeds[p as usize]);
                m.captured(p);
            }
        }
        match back {
            None => c.seeds[self.n + me] += taken,
            // Sown one by one from the pit the lap started from, with no effect of their own.
            Some(cw) => {
                drop_seeds(
                    &self.next[usize::from(cw)][me],
                    &mut c.seeds,
                    origin,
                    taken,
                    NONE,
                );
            }
        }
    }

    /// The captures after the last seed fell on `at`.
    fn capture<const N: usize, R: Record>(
        &self,
        me: usize,
        dir: usize,
        at: Cell,
        c: &mut Counts<N>,
        m: &mut R,
    ) {
        let rule = &self.rule;
        let mine = self.owner[at as usize] as usize == me;
        if let Some((if_seeds, with_last)) = rule.opposite {
            let opp = self.opposite[at as usize];
            if mine && c.seeds[at as usize] == 1 && opp != NONE {
                let taken = c.seeds[opp as usize];
                if taken > 0 || !if_seeds {
                    c.seeds[self.n + me] += taken;
                    c.seeds[opp as usize] = 0;
                    if with_last {
                        c.seeds[self.n + me] += 1;
                        c.seeds[at as usize] = 0;
                        m.captured(at);
                    }
                    if taken > 0 {
                        m.captured(opp);
                    }
                }
            }
        }
        if let Some((first, back)) = rule.counts {
            let holds = |mask: u64, n: u16| n < 64 && mask >> n & 1 == 1;
            if mine || !holds(first, c.seeds[at as usize]) {
                return;
            }
            // The pits taken: the landing pit, then back along the sowing while each is an
            // enemy pit making one of the counts.
            let mut taken = [NONE; N];
            let mut n = 0;
            let mut sum = 0u32;
            let mut p = at;
            loop {
                taken[n] = p;
                n += 1;
                sum += u32::from(c.seeds[p as usize]);
                let Some(back) = back else { break };
                p = self.prev[dir][me][p as usize];
                if p == NONE
                    || self.owner[p as usize] as usize == me
                    || !holds(back, c.seeds[p as usize])
                    || n == taken.len()
                {
                    break;
                }
            }
            if rule.no_grand_slam && sum == self.seeds_of(&c.seeds, me ^ 1) {
                return;
            }
            for &p in &taken[..n] {
                c.seeds[p as usize] = 0;
                m.captured(p);
            }
            c.seeds[self.n + me] += sum as u16;
        }
    }

    /// Whether a sowing end rule (a player's pits empty, a store holding enough) ends the
    /// game on these counts: a turn's extra sowings stop there.
    fn ended(&self, seeds: &[u16]) -> bool {
        let stores = &seeds[self.n..self.n + 2];
        self.ends_when_pits_empty && self.a_row_is_empty(seeds)
            || self
                .ends_when_a_store_holds
                .is_some_and(|n| stores.iter().any(|&s| u32::from(s) > n))
            || self
                .ends_when_both_stores_hold
                .iter()
                .any(|&n| stores.iter().all(|&s| u32::from(s) == n))
    }
}

impl Position<'_> {
    /// Plays a sowing move: each of its sowings in turn, with their captures; or, in the
    /// placement phase (a move with no sowings), a seed from the mover's hand into its pit.
    pub(in crate::engine) fn play_sowing(&mut self, sow: &Sow, m: &Move) {
        if m.npath == 0 {
            let (me, n, g) = (self.turn as usize, self.seeds.len(), self.game);
            let (pit, held) = (m.to as usize, self.sow_hand[me]);
            // The pit's count is keyed when the hash is asked for ([`Position::counts_hash`]).
            self.hash ^= g.seed_key(n + 3 + me, held) ^ g.seed_key(n + 3 + me, held - 1);
            self.seeds[pit] += 1;
            self.sow_hand[me] = held - 1;
            return;
        }
        sized!(self.seeds.len(), self.play_sowing_in(sow, m))
    }

    fn play_sowing_in<const N: usize>(&mut self, sow: &Sow, m: &Move) {
        let me = self.turn as usize;
        let g = self.game;
        let mut counts = Counts::<N>::of(self);
        let n = self.seeds.len();
        let mut last = Sown::Store;
        let dir = sow.dir(sow.way_of(me, m));
        for &pit in m.landings() {
            last = sow.sow(me, dir, pit, &mut counts, &mut Unrecorded, false);
        }
        let ended = match last {
            Sown::Stuck => STUCK,
            Sown::Endless => ENDLESS,
            Sown::TooLong => TOO_LONG,
            _ => 0,
        };
        if ended != self.sow_ended {
            self.hash ^=
                g.seed_key(n + 2, u16::from(self.sow_ended)) ^ g.seed_key(n + 2, u16::from(ended));
            self.sow_ended = ended;
        }
        // The counts are keyed when the hash is asked for ([`Position::counts_hash`]).
        self.seeds.copy_from_slice(&counts.seeds[..n]);
        self.stores.copy_from_slice(&counts.seeds[n..n + 2]);
    }

    /// The part of [`Position::hash`] the pits' and stores' counts make, keyed when asked
    /// rather than kept up to date: a turn changes many counts, and a random playout never
    /// asks (0 in games without pits).
    #[inline]
    pub(in crate::engine) fn counts_hash(&self) -> u64 {
        let Some(sow) = &self.game.sowing else {
            return 0;
        };
        let n = self.seeds.len();
        let pits = self.seeds.iter().enumerate().map(|(c, &k)| sow.key(c, k));
        let stores = self
            .stores
            .iter()
            .enumerate()
            .map(|(p, &k)| sow.key(n + p, k));
        pits.chain(stores).fold(0, |h, k| h ^ k)
    }

    /// The hash of the seed counts in the pits and stores.
    pub(in crate::engine) fn seeds_hash(&self) -> u64 {
        let g = self.game;
        let mut h = 0;
        for (c, &n) in self.seeds.iter().enumerate() {
            h ^= g.seed_key(c, n);
        }
        let n = self.seeds.len();
        h ^ g.seed_key(n, self.stores[0])
            ^ g.seed_key(n + 1, self.stores[1])
            ^ g.seed_key(n + 2, u16::from(self.sow_ended))
            ^ g.seed_key(n + 3, self.sow_hand[0])
            ^ g.seed_key(n + 4, self.sow_hand[1])
    }

    /// How a sowing game ended inside the last turn: [`STUCK`], [`ENDLESS`], or 0.
    pub fn sow_ended(&self) -> u8 {
        self.sow_ended
    }

    /// Seeds in pit `c` (0 in games without pits).
    pub fn seeds_in(&self, c: Cell) -> u16 {
        self.seeds.get(c as usize).copied().unwrap_or(0)
    }

    /// Seeds in player `p`'s store.
    pub fn store(&self, p: usize) -> u16 {
        self.stores[p]
    }

    /// Seeds a player counts at the end: their store, their pits and their hand.
    pub fn seeds_of(&self, p: usize) -> u32 {
        let Some(sow) = &self.game.sowing else {
            return 0;
        };
        u32::from(self.stores[p]) + u32::from(self.sow_hand[p]) + sow.seeds_of(&self.seeds, p)
    }

    /// Seeds in player `p`'s hand (games with a placement phase).
    pub fn seeds_in_hand(&self, p: usize) -> u16 {
        self.sow_hand[p]
    }
}

/// Sows `hand` seeds one by one from `at` along `next`, passing `skip` by (the pit a lap
/// started from, where laps skip it; `NONE` for none); returns the pit of the last seed.
#[inline]
fn drop_seeds(next: &[Cell], seeds: &mut [u16], mut at: Cell, mut hand: u16, skip: Cell) -> Cell {
    if skip == NONE {
        // The common case, without the test in the loop.
        for _ in 0..hand {
            at = next[at as usize];
            seeds[at as usize] += 1;
        }
        return at;
    }
    while hand > 0 {
        at = next[at as usize];
        if at != skip {
            seeds[at as usize] += 1;
            hand -= 1;
        }
    }
    at
}

/// The order of sowing for each way round (`[anticlockwise, clockwise]`) and player, built
/// from the two rings of pits.
struct Rings {
    next: [[Vec<Cell>; 2]; 2],
    prev: [[Vec<Cell>; 2]; 2],
    after_store: [[Cell; 2]; 2],
    /// The player's own pits in the order of sowing.
    orders: [[Vec<Cell>; 2]; 2],
    ring: [[Vec<Cell>; 2]; 2],
    ring_at: [[Vec<u16>; 2]; 2],
    to_store: [[Vec<u16>; 2]; 2],
}

impl Rings {
    /// `rings`: each player's ring of pits anticlockwise; `owner`: each pit's owner;
    /// `passes_store`: whether sowing passes the sower's store.
    fn new(rings: &[Vec<Cell>; 2], owner: &[u8], passes_store: bool) -> Rings {
        let n = owner.len();
        let mut next = [
            [vec![NONE; n + 2], vec![NONE; n + 2]],
            [vec![NONE; n + 2], vec![NONE; n + 2]],
        ];
        let mut prev = [
            [vec![NONE; n], vec![NONE; n]],
            [vec![NONE; n], vec![NONE; n]],
        ];
        let mut after_store = [[NONE; 2]; 2];
        let mut orders: [[Vec<Cell>; 2]; 2] = Default::default();
        for dir in 0..2 {
            for p in 0..2 {
                let mut order = rings[p].clone();
                if dir == 1 {
                    order.reverse();
                }
                for (i, &c) in order.iter().enumerate() {
                    let after = order[(i + 1) % order.len()];
                    next[dir][p][c as usize] = after;
                    prev[dir][p][after as usize] = c;
                }
                let mine: Vec<Cell> = order
                    .iter()
                    .copied()
                    .filter(|&c| owner[c as usize] as usize == p)
                    .collect();
                if passes_store {
                    // The store comes after the player's last pit along their sowing.
                    let last = *mine.last().expect("a player owns pits");
                    after_store[dir][p] = next[dir][p][last as usize];
                    next[dir][p][last as usize] = (n + p) as Cell;
                    next[dir][p][n + p] = after_store[dir][p];
                }
                orders[dir][p] = mine;
            }
        }
        let mut ring: [[Vec<Cell>; 2]; 2] = Default::default();
        let mut ring_at = [
            [vec![u16::MAX; n + 2], vec![u16::MAX; n + 2]],
            [vec![u16::MAX; n + 2], vec![u16::MAX; n + 2]],
        ];
        for dir in 0..2 {
            for p in 0..2 {
                let begin = orders[dir][p][0];
                let mut at = begin;
                loop {
                    ring_at[dir][p][at as usize] = ring[dir][p].len() as u16;
                    ring[dir][p].push(at);
                    at = next[dir][p][at as usize];
                    if at == begin {
                        break;
                    }
                }
            }
        }
        let to_store = [0, 1].map(|dir| {
            [0, 1].map(|p| {
                let len = ring[dir][p].len();
                (0..n)
                    .map(|c| match (ring_at[dir][p][c], ring_at[dir][p][n + p]) {
                        (u16::MAX, _) | (_, u16::MAX) => u16::MAX,
                        (from, store) => {
                            ((usize::from(store) + len - usize::from(from)) % len) as u16
                        }
                    })
                    .collect()
            })
        });
        Rings {
            next,
            prev,
            after_store,
            orders,
            ring,
            ring_at,
            to_store,
        }
    }
}

/// Per pit: the enemy pit across from it (`NONE` for a four-row board's outer rows), and the
/// enemy's pits facing it (inner then outer, `NONE` where fewer).
fn across(board: &Board, h: i32) -> (Vec<Cell>, Vec<[Cell; 2]>) {
    let n = board.len();
    let at = |x: i32, y: i32| board.at(x, y);
    let opposite = (0..n)
        .map(|c| {
            let (x, y) = board.coords[c];
            let facing = if h == 2 {
                Some(1 - y)
            } else {
                match y {
                    1 => Some(2),
                    2 => Some(1),
                    _ => None,
                }
            };
            facing.map_or(NONE, |y| at(x, y))
        })
        .collect();
    let facing = (0..n)
        .map(|c| {
            let (x, y) = board.coords[c];
            match (h, y) {
                (2, _) => [at(x, 1 - y), NONE],
                (_, 1) => [at(x, 2), at(x, 3)],
                (_, 2) => [at(x, 1), at(x, 0)],
                _ => [NONE, NONE],
            }
        })
        .collect();
    (opposite, facing)
}

#[cfg(test)]
mod tests {
    use crate::engine::Move;
    use crate::rng::Rng;

    /// In seeded random games of each description, at every position: the count is the
    /// length of the list, and the move built alone for an index is the listed one.
    fn counts_and_draws_are_listed(source: &str, games: u64) {
        let g = crate::compile_source(source).expect("a valid description");
        let sow = g.sowing.as_ref().expect("a sowing game");
        let mut list: Vec<Move> = Vec::new();
        let mut positions = 0;
        for seed in 0..games {
            let mut rng = Rng::new(seed);
            let mut pos = g.start();
            while !pos.is_over() {
                pos.legal_moves(&mut list);
                let text = pos.to_text();
                assert_eq!(sow.count_moves(&pos), list.len() as u64, "{text}");
                // Every move of short lists; of long ones (relays that sow again), 40 spread
                // over the list.
                let step = list.len().div_ceil(40).max(1);
                for (k, listed) in list.iter().enumerate().step_by(step) {
                    let built = sow.nth_move(&pos, k as u64);
                    assert!(built.same_as(listed), "{text}: move {k}");
                }
                positions += 1;
                if list.is_empty() {
                    break;
                }
                pos.play_unchecked(&list[rng.below(list.len())]);
            }
        }
        assert!(positions > 5 * games, "{positions} positions");
    }

    fn shipped(name: &str) -> String {
        let path = format!("{}/games/{name}.game", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).expect("a shipped game")
    }

    #[test]
    fn every_shipped_sowing_game_counts_and_draws_its_listed_turns() {
        for name in ["kalah", "oware", "ayoayo", "omweso"] {
            counts_and_draws_are_listed(&shipped(name), 3);
        }
    }

    /// Where the last seed falls, read from the ring (and whether it is the store), is
    /// where dropping the seeds one by one leaves it: for every pit, both ways, up to several laps (Oware skips the pit a
    /// lap started from; Omweso sows round each player's own two rows).
    #[test]
    fn the_landing_read_from_the_ring_is_where_the_last_seed_falls() {
        for name in ["kalah", "oware", "ayoayo", "omweso"] {
            let g = crate::compile_source(&shipped(name)).expect("a valid description");
            let sow = g.sowing.as_ref().expect("a sowing game");
            for me in 0..2 {
                for dir in 0..2 {
                    for &pit in &sow.pits[me] {
                        for n in 1..60u16 {
                            let mut seeds = vec![0u16; sow.n + 2];
                            let skip = if sow.rule.skips_origin {
                                pit
                            } else {
                                super::NONE
                            };
                            let last =
                                super::drop_seeds(&sow.next[dir][me], &mut seeds, pit, n, skip);
                            assert_eq!(sow.landing(me, dir, pit, n), last, "{name} {pit} {n}");
                            assert_eq!(
                                sow.reaches_store(me, dir, pit, n),
                                last as usize == sow.n + me,
                                "{name} {pit} {n}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// Turns that sow again, with a choice of direction (two ways) and with relays.
    #[test]
    fn turns_with_a_choice_of_way_and_relays_count_and_draw_their_listed_turns() {
        let kalah = shipped("kalah");
        let both_ways = kalah.replace(
            "    sow anticlockwise from a pit of mine\n",
            "    sow anticlockwise from a pit of mine\n    sow clockwise from a pit of mine\n",
        );
        assert_ne!(both_ways, kalah);
        counts_and_draws_are_listed(&both_ways, 6);
        let relay = kalah.replace(
            "    when the last seed falls in an empty pit",
            "    when the last seed falls in an occupied pit, sow on from it\n    \
             a relay of more than 20 laps is a draw\n    \
             when the last seed falls in an empty pit",
        );
        assert_ne!(relay, kalah);
        counts_and_draws_are_listed(&relay, 3);
    }
}
