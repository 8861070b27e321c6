//! `slide DIRS [until blocked] [to TARGET]`: any distance through empty cells, capturing the
//! first piece met if the target allows (a smash stops short). Slides that capture are also an
//! attack pattern.

use crate::engine::movegen::Sides;
use crate::engine::{Attack, Bitboards, Move, MoveKind, Position};
use crate::geometry::{Board, Cell, NONE};
use crate::model::Target;

impl Position<'_> {
    /// The moves of one slide rule for the piece on `c`.
    pub(in crate::engine) fn slide_moves(
        &self,
        c: Cell,
        code: u8,
        dirs: &[u8],
        until_blocked: bool,
        target: Target,
        out: &mut Vec<Move>,
    ) {
        if self.game.board.wraps() {
            self.ring_slide_moves(c, code, dirs, until_blocked, target, out);
            return;
        }
        for &d in dirs {
            let (_, last_empty) = self.slide_ray(c, code, d, until_blocked, target, NONE, out);
            if until_blocked && last_empty != NONE && target != Target::Enemy {
                self.emit(Move::new(c, last_empty), code, out);
            }
        }
    }

    /// [`Position::slide_moves`] on a board whose rings wrap round: a slide along a ring one
    /// way and the other may reach the same cell, so the second of two opposite directions
    /// leaves out what the first listed: everything when the first came round to the piece
    /// itself (the ring was empty), else the capture of the one piece both met.
    #[inline(never)]
    fn ring_slide_moves(
        &self,
        c: Cell,
        code: u8,
        dirs: &[u8],
        until_blocked: bool,
        target: Target,
        out: &mut Vec<Move>,
    ) {
        let b = &self.game.board;
        // The first piece each direction met (`NONE` at the edge), by direction.
        let mut met = [NONE; 8];
        let first = out.len();
        for (i, &d) in dirs.iter().enumerate() {
            let back = b.opposite[d as usize];
            let before = dirs[..i].contains(&back).then(|| met[back as usize & 7]);
            if before == Some(c) {
                continue;
            }
            let start = out.len();
            let skip = before.unwrap_or(NONE);
            let (piece, last_empty) = self.slide_ray(c, code, d, until_blocked, target, skip, out);
            met[d as usize & 7] = piece;
            if until_blocked && last_empty != NONE && target != Target::Enemy {
                let dup = out[first..start].iter().any(|m| m.to == last_empty);
                if !dup {
                    self.emit(Move::new(c, last_empty), code, out);
                }
            }
        }
    }

    /// One direction of a slide from `c`: lists the steps through empty cells (unless the
    /// slide goes until blocked or only takes) and the capture of the first piece met (unless
    /// it stands on `skip`); returns that piece's cell and the last empty cell passed (`NONE`
    /// for none).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn slide_ray(
        &self,
        c: Cell,
        code: u8,
        d: u8,
        until_blocked: bool,
        target: Target,
        skip: Cell,
        out: &mut Vec<Move>,
    ) -> (Cell, Cell) {
        let b = &self.game.board;
        let mut t = c;
        let mut last_empty = NONE;
        loop {
            let n = b.step(t, d);
            if n == NONE {
                return (NONE, last_empty);
            }
            let occ = self.cells[n as usize];
            if occ == 0 && self.kept_out(code, n) {
                return (NONE, last_empty);
            }
            if occ == 0 {
                if !until_blocked && target != Target::Enemy && target != Target::Smash {
                    self.emit(Move::new(c, n), code, out);
                }
                last_empty = n;
                t = n;
                continue;
            }
            if n != skip && self.enemy_of(occ) && target.captures() && !self.unkillable(n) {
                let mut m = Move::new(c, n);
                m.ncap = 1;
                m.caps[0] = n;
                if target == Target::Smash {
                    m.kind = MoveKind::Smash;
                    m.to = if last_empty == NONE { c } else { last_empty };
                }
                self.emit(m, code, out);
            }
            return (n, last_empty);
        }
    }
}

/// The moves of a slide in one direction on bitboards: the empty cells before the first
/// piece met, and that piece's cell where it is an enemy the slide may take (`None`
/// otherwise), in the order [`Position::slide_moves`] lists them.
#[inline]
fn slide_run(
    bits: &Bitboards,
    c: Cell,
    d: u8,
    target: Target,
    sides: &Sides,
) -> (u64, Option<Cell>) {
    let (run, first) = bits.run(c, d, !sides.empty);
    let quiet = if matches!(target, Target::Enemy) {
        0
    } else {
        run
    };
    let taken = first.filter(|&b| target.captures() && sides.theirs >> b & 1 != 0);
    (quiet, taken)
}

/// Whether `count_slides` and `nth_slide` give what `Position::slide_moves` lists for
/// a slide rule (not `until blocked`, no smash) of a piece with no kept-out cells.
pub fn counted(until_blocked: bool, target: Target) -> bool {
    !until_blocked && target != Target::Smash
}

/// The number of moves of a slide rule ([`counted`]) for the piece on `c`, counted on ray
/// masks without visiting the cells.
pub(in crate::engine) fn count_slides(
    bits: &Bitboards,
    c: Cell,
    dirs: &[u8],
    target: Target,
    sides: &Sides,
) -> u32 {
    dirs.iter()
        .map(|&d| {
            let (quiet, taken) = slide_run(bits, c, d, target, sides);
            quiet.count_ones() + u32::from(taken.is_some())
        })
        .sum()
}

/// Where the `k`-th move of a slide rule ([`counted`]) for the piece on `c` ends, in the
/// order [`Position::slide_moves`] lists them (`k` below [`count_slides`]).
pub(in crate::engine) fn nth_slide(
    bits: &Bitboards,
    c: Cell,
    dirs: &[u8],
    target: Target,
    sides: &Sides,
    mut k: u32,
) -> Option<Cell> {
    for &d in dirs {
        let (quiet, taken) = slide_run(bits, c, d, target, sides);
        let n = quiet.count_ones();
        if k < n {
            return Some((i32::from(c) + (k as i32 + 1) * bits.shift[d as usize & 7]) as Cell);
        }
        k -= n;
        if let Some(t) = taken {
            if k == 0 {
                return Some(t);
            }
            k -= 1;
        }
    }
    None
}

/// The attack patterns of a capturing slide of piece `code`, merged into `attacks`.
pub fn attacks(board: &Board, code: u8, dirs: &[u8], out: &mut Vec<Attack>) {
    line_attacks(board, dirs, out, |back| Attack::Slide {
        codes: 1 << code,
        back,
    });
}

/// One attack pattern per direction of a line-moving capture, made by `make` from the
/// direction back from the attacked cell, merged into `out`.
pub(super) fn line_attacks(
    board: &Board,
    dirs: &[u8],
    out: &mut Vec<Attack>,
    make: impl Fn(u8) -> Attack,
) {
    for &d in dirs {
        super::add_attack(out, make(board.opposite[d as usize]));
    }
}

/// Whether the first piece along `back` from `target` is one of `codes`.
#[inline]
pub(in crate::engine) fn attacked(
    board: &Board,
    cells: &[u8],
    target: Cell,
    codes: u128,
    back: u8,
) -> bool {
    // The hot path of royal safety in chess: one step at a time, no slice bounds.
    let mut s = target;
    loop {
        s = board.step(s, back);
        if s == NONE {
            return false;
        }
        let c = cells[s as usize];
        if c != 0 {
            return codes >> c & 1 != 0;
        }
    }
}

/// The first occupied cell along `dir` from `from`, or `NONE` when the line ends first.
#[inline]
pub(in crate::engine) fn first_along(board: &Board, cells: &[u8], from: Cell, dir: u8) -> Cell {
    let mut s = from;
    loop {
        s = board.step(s, dir);
        if s == NONE || cells[s as usize] != 0 {
            return s;
        }
    }
}

/// The piece code met along `dir` from `from` after passing `skip` pieces, or 0 when the line
/// ends first.
#[inline]
pub(in crate::engine) fn piece_along(
    board: &Board,
    cells: &[u8],
    from: Cell,
    dir: u8,
    mut skip: usize,
) -> u8 {
    for &s in board.ray(from, dir) {
        let c = cells[s as usize];
        if c != 0 {
            if skip == 0 {
                return c;
            }
            skip -= 1;
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::super::testing::{attacked, game, moves};

    #[test]
    fn a_slide_stops_at_the_first_piece_and_captures_an_enemy() {
        let g = game("square 4 x 4", "rook \"R\"", &["slide orthogonal"]);
        // North to a2 only (a friend... here an enemy on a3 is captured); east to d1.
        assert_eq!(
            moves(&g, "4/r3/4/R3 w"),
            ["a1-a2", "a1-b1", "a1-c1", "a1-d1", "a1xa3"]
        );
        // The attack pattern sees through empty cells and stops at the first piece.
        assert!(attacked(&g, "4/r3/4/R3 w", "a3", 0));
        assert!(!attacked(&g, "r3/r3/4/R3 w", "a4", 0));
        assert!(attacked(&g, "4/r3/4/R3 w", "d1", 0));
    }

    #[test]
    fn until_blocked_slides_as_far_as_it_can() {
        let g = game(
            "square 4 x 4",
            "pusher \"P\"",
            &["slide east until blocked to empty"],
        );
        assert_eq!(moves(&g, "4/4/4/P2p w"), ["a1-c1"]);
    }
}
