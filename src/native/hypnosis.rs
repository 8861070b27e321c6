//! `hypnotize(directions)`: Bucky's hypnosis (rules B6, B7).
//!
//! A hypnotizer hypnotizes the first piece along each of its rays if that piece is an enemy.
//! A hypnotized piece cannot act. After every move the **cascade** runs: every piece hypnotized
//! from two distinct sources (hypnotizer cell and ray) is marked; marked pieces stop blocking
//! rays but keep hypnotizing, so further pieces may qualify, wave after wave; when no new piece
//! qualifies, all marked pieces are removed, whatever their colour. The engine calls
//! [`cascade`] after every move (which also finds the hypnotized pieces, which cannot act)
//! and rejects a move whose piece, or whose player's royal piece, the cascade removes.

use super::{chameleon, ArgValue, CompiledHook};
use crate::engine::{Game, Hypnosis, Position};
use crate::geometry::{Board, Cell, CellSet, NONE};
use crate::model::KindId;

pub fn compile(args: &[ArgValue], _board: &Board, _kind: KindId) -> CompiledHook {
    let ArgValue::Dirs(dirs) = args[0] else {
        unreachable!("checker guarantees directions")
    };
    CompiledHook {
        hypnotizes: Some(dirs),
        ..CompiledHook::default()
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
    if !g.borrows_roles[code as usize] {
        return h.mask[code as usize];
    }
    let (src, n) = chameleon::role_sources_on(g, cells, s);
    rays_with(h, cells, code, &src[..n])
}

/// Counts, per cell, the distinct sources hypnotizing the piece there. Cells in `marked` do
/// not block rays and are not hypnotized again, but their pieces still hypnotize. A chameleon
/// also counts the sources holding the pieces whose roles it holds.
fn count_sources(g: &Game, h: &Hypnosis, cells: &[u8], marked: &CellSet, counts: &mut [u8]) {
    let b = &g.board;
    counts.fill(0);
    // Chameleons and their role sources (kept in one flat buffer), found once.
    let mut chameleons = [(NONE, 0u8, 0u8); 16];
    let mut nch = 0;
    let mut flat = [NONE; 128];
    let mut used = 0;
    for (s, &code) in cells.iter().enumerate() {
        if code == 0 {
            continue;
        }
        let s = s as Cell;
        let rays = if g.borrows_roles[code as usize] {
            let (src, n) = chameleon::role_sources_on(g, cells, s);
            if nch < chameleons.len() && used + n <= flat.len() {
                flat[used..used + n].copy_from_slice(&src[..n]);
                chameleons[nch] = (s, used as u8, (used + n) as u8);
                nch += 1;
                used += n;
            }
            rays_with(h, cells, code, &src[..n])
        } else {
            h.mask[code as usize]
        };
        let owner = Game::owner(code);
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
                if Game::owner(target) != owner {
                    counts[t as usize] = counts[t as usize].saturating_add(1);
                }
                break;
            }
        }
    }
    // A chameleon is also held through the pieces it copies (never chameleons themselves, so
    // their counts are still the direct ones).
    for &(ch, from, to) in &chameleons[..nch] {
        for &s in &flat[from as usize..to as usize] {
            counts[ch as usize] = counts[ch as usize].saturating_add(counts[s as usize]);
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
    let owner = Game::owner(cells[target as usize]);
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
            if code == 0 || Game::owner(code) == owner {
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
    let owner = Game::owner(cells[target as usize]);
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
                code != 0 && Game::owner(code) != owner && g.borrows_roles[code as usize];
        }
    }
    if chameleon_on_line {
        for (c, &code) in cells.iter().enumerate() {
            if code != 0 && g.borrows_roles[code as usize] {
                watch.insert(c as Cell);
                for t in b.neighbours(c as Cell) {
                    watch.insert(t);
                }
            }
        }
    }
    Some(watch)
}

/// Whether a piece of `colour` standing on the empty `cell`, with `vacated` emptied, would be
/// hypnotized there: a hostile hypnotizer's line reaches it (B3's double-step condition).
pub fn would_be_held(
    pos: &Position,
    h: &Hypnosis,
    cell: Cell,
    colour: usize,
    vacated: Cell,
) -> bool {
    covers_except(pos, h, cell, colour, vacated)
}

/// Whether a hypnotizer hostile to `colour` has a line reaching `cell` (through empty cells).
pub fn covers(pos: &Position, h: &Hypnosis, cell: Cell, colour: usize) -> bool {
    covers_except(pos, h, cell, colour, NONE)
}

/// [`covers`], with the piece on `vacated` (if any) taken away: looks outward from `cell`
/// along every line for the first piece, and asks whether it is a hostile hypnotizer with a
/// ray back along that line.
fn covers_except(pos: &Position, h: &Hypnosis, cell: Cell, colour: usize, vacated: Cell) -> bool {
    let b = &pos.game.board;
    (0..b.dirs.len() as u8).any(|d| {
        let mut t = cell;
        loop {
            t = b.step(t, d);
            if t == NONE {
                return false;
            }
            let code = pos.at(t);
            if code == 0 || t == vacated {
                continue;
            }
            if Game::owner(code) == colour {
                return false;
            }
            let back = b.opposite[d as usize];
            return rays_on(pos.game, h, pos.cells(), t) >> back & 1 != 0;
        }
    })
}

/// The cells whose pieces are hypnotized (and so cannot act). The engine keeps this in the
/// position ([`Position::hypnotized`]); this finds it afresh.
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
