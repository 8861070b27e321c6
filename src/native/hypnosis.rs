//! `hypnotize(directions)`: Bucky's hypnosis (rules B6, B7).
//!
//! A hypnotizer hypnotizes the first piece along each of its rays if that piece is an enemy.
//! A hypnotized piece cannot act. After every move the **cascade** runs: every piece hypnotized
//! from two distinct sources (hypnotizer cell and ray) is marked; marked pieces stop blocking
//! rays but keep hypnotizing, so further pieces may qualify, wave after wave; when no new piece
//! qualifies, all marked pieces are removed, whatever their colour.
//!
//! The piece hook only records the directions; the mechanic is a [`BoardRule`] built once per
//! game ([`board_rule`]): the hypnotized pieces are the frozen ones, the cascade runs after
//! every move, a move whose piece, or whose player's royal piece, the cascade removes is
//! illegal, and a hypnotized piece with `revenge` may still act ([`super::revenge`]).

use super::{chameleon, Aftermath, ArgValue, BoardRule, PieceHook, Watch};
use crate::engine::{Game, Move, MoveKind, Position};
use crate::geometry::{Board, Cell, CellSet, NONE};
use crate::model::KindId;

pub fn compile(args: &[ArgValue], _board: &Board, _kind: KindId) -> PieceHook {
    let ArgValue::Dirs(dirs) = args[0] else {
        unreachable!("checker guarantees directions")
    };
    PieceHook {
        data: dirs.to_le_bytes().to_vec(),
        ..PieceHook::default()
    }
}

/// Hypnosis in one game: per piece code, the directions along which it hypnotizes (as bits),
/// and whether it may take revenge when hypnotized.
#[derive(Debug)]
pub struct Hypnosis {
    pub mask: Vec<u16>,
    /// Every direction some piece hypnotizes along, as bits.
    pub any: u16,
    pub revenge: Vec<bool>,
}

/// The game's hypnosis as a board rule.
pub fn board_rule(g: &Game) -> Box<dyn BoardRule> {
    Box::new(of(g))
}

/// The game's hypnosis, from the pieces that declare `hypnotize` and `revenge`.
pub fn of(g: &Game) -> Hypnosis {
    let mask: Vec<u16> = g
        .hooks
        .iter()
        .map(|hs| {
            hs.iter()
                .filter(|h| h.name == "hypnotize")
                .fold(0, |m, h| m | u16::from_le_bytes([h.data[0], h.data[1]]))
        })
        .collect();
    let revenge = g
        .hooks
        .iter()
        .map(|hs| hs.iter().any(|h| h.name == "revenge"))
        .collect();
    Hypnosis {
        any: mask.iter().fold(0, |a, &m| a | m),
        mask,
        revenge,
    }
}

impl BoardRule for Hypnosis {
    fn frozen(&self, pos: &Position) -> CellSet {
        find_hypnotized(pos, self)
    }

    fn after_move(&self, pos: &Position) -> Aftermath {
        let (removed, held) = cascade(pos, self);
        Aftermath {
            removed,
            frozen: removed.is_empty().then_some(held),
        }
    }

    fn changes_threats(&self) -> bool {
        true
    }

    /// B3, B13.6: a double step may not pass a cell where the piece would stand hypnotized.
    fn may_pass(&self, pos: &Position, cell: Cell, from: Cell) -> bool {
        !would_be_held(pos, self, cell, from)
    }

    fn frozen_may_act(&self, pos: &Position, cell: Cell) -> bool {
        may_take_revenge(pos, self, cell)
    }

    fn keep_frozen_moves(&self, pos: &Position, from: Cell, start: usize, out: &mut Vec<Move>) {
        retain_revenge(pos, self, from, start, out);
    }

    fn frozen_move_ok(&self, before: &Position, after: &Position, from: Cell) -> bool {
        let mover = before.turn();
        took_revenge(after, self, from, mover, before.count(mover ^ 1, None))
    }

    /// The moving piece must survive the cascade.
    fn move_ok(&self, before: &Position, m: &Move, after: &Position) -> bool {
        m.kind == MoveKind::Pass
            || (after.at(m.to) != 0 && before.game.owner(after.at(m.to)) == before.turn())
    }

    fn reply_watch(&self, pos: &Position, royal: Cell) -> Watch {
        // A royal piece that borrows roles can be held through other pieces: play everything.
        if pos.game.borrows_moves[pos.at(royal) as usize] {
            return Watch::All;
        }
        match fall_watch(pos.game, self, pos.cells(), royal) {
            Some(cells) => Watch::Cells(cells),
            None => Watch::Test,
        }
    }

    fn could_remove(&self, pos: &Position, cells: &[u8], at: Cell) -> bool {
        could_fall(pos.game, self, cells, at)
    }

    fn frozen_word(&self) -> Option<&'static str> {
        Some("hypnotized")
    }
}

/// The directions (as bits) along which a piece of `code` hypnotizes: its own, or for a
/// chameleon also those of the pieces on `sources` whose roles it holds.
fn rays_with(h: &Hypnosis, cells: &[u8], code: u8, sources: &[Cell]) -> u16 {
    sources.iter().fold(h.mask[code as usize], |m, &r| {
        m | h.mask[cells[r as usize] as usize]
    })
}

/// The directions (as bits) along which the piece on `s` of `cells` hypnotizes.
fn rays_on(g: &Game, h: &Hypnosis, cells: &[u8], s: Cell) -> u16 {
    let code = cells[s as usize];
    if !g.borrows_moves[code as usize] {
        return h.mask[code as usize];
    }
    rays_with(h, cells, code, chameleon::chain_on(g, cells, s).sources())
}

/// The chain rule (B8, B13.5), the one definition of how many sources hold a piece: given
/// `direct`, the sources holding a piece directly (by that piece's enemy), a piece that does
/// not borrow roles is held directly only, and a chameleon through every member of its chain,
/// itself included, and every piece it copies. One ray holds one piece, so no source is
/// counted twice.
fn held_through(g: &Game, cells: &[u8], cell: Cell, direct: impl Fn(Cell) -> u8) -> u8 {
    if !g.borrows_moves[cells[cell as usize] as usize] {
        return direct(cell);
    }
    chain_total(&chameleon::chain_on(g, cells, cell), direct)
}

/// [`held_through`] for a chameleon whose chain is known.
fn chain_total(chain: &chameleon::Chain, direct: impl Fn(Cell) -> u8) -> u8 {
    chain
        .members()
        .iter()
        .chain(chain.sources())
        .fold(0u8, |k, &c| k.saturating_add(direct(c)))
}

/// Counts, per cell, the distinct sources hypnotizing the piece there ([`held_through`]).
/// Cells in `marked` do not block rays and are not hypnotized again, but their pieces still
/// hypnotize.
fn count_sources(g: &Game, h: &Hypnosis, cells: &[u8], marked: &CellSet, counts: &mut [u8]) {
    let b = &g.board;
    counts.fill(0);
    // The chameleons, whose counts follow from the direct ones.
    let mut chameleons = [NONE; 32];
    let mut nch = 0;
    for (s, &code) in cells.iter().enumerate() {
        if code == 0 {
            continue;
        }
        let s = s as Cell;
        let rays = if g.borrows_moves[code as usize] {
            if nch < chameleons.len() {
                chameleons[nch] = s;
                nch += 1;
            }
            rays_on(g, h, cells, s)
        } else {
            h.mask[code as usize]
        };
        let owner = g.owner(code);
        let mut r = rays;
        while r != 0 {
            let d = r.trailing_zeros() as u8;
            r &= r - 1;
            let mut t = s;
            loop {
                t = b.step(t, d);
                if t == NONE {
                    break;
                }
                let target = cells[t as usize];
                if target == 0 || marked.contains(t) {
                    continue;
                }
                if g.owner(target) != owner {
                    counts[t as usize] = counts[t as usize].saturating_add(1);
                }
                break;
            }
        }
    }
    // Every chameleon's count from the direct counts, written once all are found.
    let mut totals = [0u8; 32];
    for (i, &ch) in chameleons[..nch].iter().enumerate() {
        totals[i] = held_through(g, cells, ch, |c| counts[c as usize]);
    }
    for (i, &ch) in chameleons[..nch].iter().enumerate() {
        if !marked.contains(ch) {
            counts[ch as usize] = totals[i];
        }
    }
}

/// Whether a cascade starting on the board `cells` could remove the piece on `target`: at
/// least two pieces hostile to it stand on lines through it, whatever lies between, and
/// hypnotize back along their line. A hold reaches through empty or marked cells only and
/// roles do not change during a cascade, so with fewer than two such pieces the piece stays.
/// (For a piece that does not borrow roles: those are also held through the pieces they copy.)
pub fn could_fall(g: &Game, h: &Hypnosis, cells: &[u8], target: Cell) -> bool {
    let b = &g.board;
    let owner = g.owner(cells[target as usize]);
    let mut holders = 0;
    for d in 0..b.dirs.len() as u8 {
        let back = b.opposite[d as usize];
        if h.any >> back & 1 == 0 {
            continue;
        }
        let mut t = target;
        loop {
            t = b.step(t, d);
            if t == NONE {
                break;
            }
            let code = cells[t as usize];
            if code == 0 || g.owner(code) == owner {
                continue;
            }
            if rays_on(g, h, cells, t) >> back & 1 != 0 {
                holders += 1;
                if holders == 2 {
                    return true;
                }
            }
        }
    }
    false
}

/// The cells a move must touch to turn [`could_fall`] for `target` from `false` to `true`:
/// the target, the lines through it and, where a hostile chameleon stands on one, every
/// chameleon and its neighbours (its roles may change). `None` when it is `true` already.
pub fn fall_watch(g: &Game, h: &Hypnosis, cells: &[u8], target: Cell) -> Option<CellSet> {
    if could_fall(g, h, cells, target) {
        return None;
    }
    let b = &g.board;
    let owner = g.owner(cells[target as usize]);
    let mut watch = CellSet::EMPTY;
    watch.insert(target);
    let mut chameleon_on_line = false;
    for d in 0..b.dirs.len() as u8 {
        if h.any >> b.opposite[d as usize] & 1 == 0 {
            continue;
        }
        let mut t = target;
        loop {
            t = b.step(t, d);
            if t == NONE {
                break;
            }
            watch.insert(t);
            let code = cells[t as usize];
            chameleon_on_line |=
                code != 0 && g.owner(code) != owner && g.borrows_moves[code as usize];
        }
    }
    if chameleon_on_line {
        for (c, &code) in cells.iter().enumerate() {
            if code != 0 && g.borrows_moves[code as usize] {
                watch.insert(c as Cell);
                for t in b.neighbours(c as Cell) {
                    watch.insert(t);
                }
            }
        }
    }
    Some(watch)
}

/// Whether the piece on `from`, moved to the empty `cell`, would stand hypnotized there by
/// the chain rule (`held_through`), judged with it on that cell (B3's double-step condition,
/// B13.6).
pub fn would_be_held(pos: &Position, h: &Hypnosis, cell: Cell, from: Cell) -> bool {
    let g = pos.game;
    let n = pos.cells().len();
    let mut cells = [0u8; 256];
    cells[..n].copy_from_slice(pos.cells());
    cells[cell as usize] = cells[from as usize];
    cells[from as usize] = 0;
    held_on(g, h, &cells[..n], cell)
}

/// Whether the piece on `cell` is hypnotized, found from that cell alone: `held_through`
/// with direct holds found by looking outward from each piece concerned. Agrees with the
/// whole-board count ([`find_hypnotized`]), which a test checks over many positions.
#[cfg(test)]
fn is_held(pos: &Position, h: &Hypnosis, cell: Cell) -> bool {
    held_on(pos.game, h, pos.cells(), cell)
}

fn held_on(g: &Game, h: &Hypnosis, cells: &[u8], cell: Cell) -> bool {
    held_through(g, cells, cell, |c| {
        direct_holds(g, h, cells, c, g.owner(cells[c as usize]))
    }) > 0
}

/// Whether a hypnotizer hostile to `colour` has a line reaching `cell` (through empty cells).
pub fn covers(pos: &Position, h: &Hypnosis, cell: Cell, colour: usize) -> bool {
    direct_holds(pos.game, h, pos.cells(), cell, colour) > 0
}

/// How many hypnotizers hostile to `colour` hold `cell` directly: looks outward from `cell`
/// along every line for the first piece, and asks whether it is a hostile hypnotizer with a
/// ray back along that line.
fn direct_holds(g: &Game, h: &Hypnosis, cells: &[u8], cell: Cell, colour: usize) -> u8 {
    let b = &g.board;
    let mut k = 0;
    for d in 0..b.dirs.len() as u8 {
        let back = b.opposite[d as usize];
        if h.any >> back & 1 == 0 {
            continue;
        }
        let mut t = cell;
        loop {
            t = b.step(t, d);
            if t == NONE {
                break;
            }
            let code = cells[t as usize];
            if code == 0 {
                continue;
            }
            if g.owner(code) != colour && rays_on(g, h, cells, t) >> back & 1 != 0 {
                k += 1;
            }
            break;
        }
    }
    k
}

/// The cells whose pieces are hypnotized (and so cannot act). The engine keeps this in the
/// position ([`Position::frozen`]); this finds it afresh.
pub fn find_hypnotized(pos: &Position, h: &Hypnosis) -> CellSet {
    let mut counts = [0u8; 256];
    let n = pos.game.board.len();
    count_sources(pos.game, h, pos.cells(), &CellSet::EMPTY, &mut counts[..n]);
    held_cells(&counts[..n])
}

fn held_cells(counts: &[u8]) -> CellSet {
    let mut out = CellSet::EMPTY;
    for (c, &k) in counts.iter().enumerate() {
        if k > 0 {
            out.insert(c as Cell);
        }
    }
    out
}

/// Whether a cascade would start on the board `cells`: some piece is hypnotized from two
/// sources.
pub fn cascade_starts(g: &Game, h: &Hypnosis, cells: &[u8]) -> bool {
    let mut counts = [0u8; 256];
    count_sources(g, h, cells, &CellSet::EMPTY, &mut counts[..cells.len()]);
    counts[..cells.len()].iter().any(|&k| k >= 2)
}

/// The cells the cascade empties: waves of doubly hypnotized pieces until none is new. Also
/// the hypnotized cells, valid when the cascade empties none.
pub fn cascade(pos: &Position, h: &Hypnosis) -> (CellSet, CellSet) {
    let n = pos.game.board.len();
    let mut counts = [0u8; 256];
    let mut marked = CellSet::EMPTY;
    loop {
        count_sources(pos.game, h, pos.cells(), &marked, &mut counts[..n]);
        let mut new = false;
        for (c, &k) in counts[..n].iter().enumerate() {
            if k >= 2 && !marked.contains(c as Cell) {
                marked.insert(c as Cell);
                new = true;
            }
        }
        if !new {
            let held = if marked.is_empty() {
                held_cells(&counts[..n])
            } else {
                CellSet::EMPTY
            };
            return (marked, held);
        }
    }
}

// ---------------------------------------------------------------- revenge (B4, B8)

/// Whether the (hypnotized) piece on `cell` may take revenge: it has the hook, or it is a
/// chameleon holding the role of a piece that has it.
pub fn may_take_revenge(pos: &Position, h: &Hypnosis, cell: Cell) -> bool {
    let code = pos.at(cell);
    if h.revenge[code as usize] {
        return true;
    }
    if !pos.game.borrows_moves[code as usize] {
        return false;
    }
    chameleon::chain(pos, cell)
        .sources()
        .iter()
        .any(|&s| h.revenge[pos.at(s) as usize])
}

/// Whether `after`, the position after a move from `from` by `mover`'s hypnotized piece, shows
/// revenge: the opponent, who had `foes` pieces, lost one, and no enemy hypnotizer's line
/// reaches `from`.
pub fn took_revenge(after: &Position, h: &Hypnosis, from: Cell, mover: usize, foes: usize) -> bool {
    after.count(mover ^ 1, None) < foes && !covers(after, h, from, mover)
}

/// Keeps, of the moves the piece on `from` generated (from index `start`), those that remove
/// an opponent piece and leave `from` out of every enemy hypnotizer's line.
pub fn retain_revenge(pos: &Position, h: &Hypnosis, from: Cell, start: usize, out: &mut Vec<Move>) {
    let g = pos.game;
    let me = pos.game.owner(pos.at(from));
    let before = pos.count(me ^ 1, None);
    // Copied only if some move gets past the quick test.
    let mut child: Option<Position> = None;
    let n = pos.cells().len();
    let mut cells = [0u8; 256];
    let mut i = start;
    while i < out.len() {
        // A move that takes nothing removes an opponent piece only through the cascade:
        // without one it is no revenge (tested on the cells alone).
        if out[i].ncap == 0 && matches!(out[i].kind, MoveKind::Normal | MoveKind::DoubleStep) {
            cells[..n].copy_from_slice(pos.cells());
            crate::engine::apply_cells(g, &mut cells[..n], &out[i]);
            if !cascade_starts(g, h, &cells[..n]) {
                out.remove(i);
                continue;
            }
        }
        let child = child.get_or_insert_with(|| pos.clone());
        child.clone_from(pos);
        child.play_unchecked(&out[i]);
        if took_revenge(child, h, from, me, before) {
            i += 1;
        } else {
            out.remove(i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one-cell test of hypnosis (used for double steps) agrees with the frozen cells the
    /// position keeps (the whole-board count after each move), at every position of seeded
    /// random games of Bucky and of the hypnosis fixture.
    #[test]
    fn the_one_cell_test_agrees_with_the_whole_board() {
        for name in ["games/bucky.game", "tests/language/hypnosis.game"] {
            let path = format!("{}/{name}", env!("CARGO_MANIFEST_DIR"));
            let g = crate::load_file(&path).expect("compiles");
            let h = of(&g);
            let mut rng = crate::rng::Rng::new(2024);
            let (mut positions, mut held) = (0, 0);
            while positions < 600 {
                let mut state = crate::engine::MatchState::new(g.start());
                while state.outcome().is_none() && positions < 600 {
                    let pos = &state.pos;
                    for c in 0..pos.cells().len() as Cell {
                        if pos.at(c) != 0 {
                            let frozen = pos.frozen().contains(c);
                            assert_eq!(is_held(pos, &h, c), frozen, "{c} at {}", pos.to_text());
                            held += usize::from(frozen);
                        }
                    }
                    positions += 1;
                    state.play_index(rng.below(state.moves().len()));
                }
            }
            assert!(held > 50, "{name}: only {held} hypnotized pieces met");
        }
    }
}
