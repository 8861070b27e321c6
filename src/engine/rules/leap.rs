//! `leap (DX, DY), ... [to TARGET] [then fresh]`: straight to a cell at a fixed offset,
//! whatever lies between. Compiled into a per-cell target table; a capturing leap is also an
//! attack pattern (the table of cells a leap could come from).

use crate::engine::{Attack, Move, Position, Rule};
use crate::geometry::{Board, Cell, CellSet, NONE};
use crate::model::Target;

/// `blocked in between`: the cells on the way of each leap, any of which, occupied, stops it.
/// The way goes along the longer side until the sides left are equal, then diagonally (so the
/// Xiangqi horse's way is its one leg, the Janggi elephant's an orthogonal then a diagonal
/// cell). `cells[(cell * stride + i) * depth + k]`: the k-th cell on the way of the i-th leap
/// from `cell`, `NONE` past its end.
#[derive(Clone, Debug, PartialEq)]
pub struct Legs {
    pub depth: usize,
    pub cells: Box<[Cell]>,
}

impl Legs {
    /// Whether a piece stands on the way of leap `at` (`cell * stride + i`).
    #[inline]
    fn blocked(&self, cells: &[u8], at: usize) -> bool {
        self.cells[at * self.depth..(at + 1) * self.depth]
            .iter()
            .any(|&l| l != NONE && cells[l as usize] != 0)
    }
}

/// The cells on the way of a leap by (`dx`, `dy`), in order, the landing left out.
fn way(dx: i32, dy: i32) -> Vec<(i32, i32)> {
    let (mut x, mut y) = (0, 0);
    let mut cells = Vec::new();
    loop {
        let (rx, ry) = ((dx - x).abs(), (dy - y).abs());
        if rx >= ry {
            x += (dx - x).signum();
        }
        if ry >= rx {
            y += (dy - y).signum();
        }
        if (x, y) == (dx, dy) {
            return cells;
        }
        cells.push((x, y));
    }
}

impl Position<'_> {
    /// The moves of one leap rule for the piece on `c`.
    #[allow(clippy::too_many_arguments)]
    pub(in crate::engine) fn leap_moves(
        &self,
        c: Cell,
        code: u8,
        stride: usize,
        table: &[Cell],
        legs: Option<&Legs>,
        target: Target,
        then_fresh: bool,
        out: &mut Vec<Move>,
    ) {
        let base = c as usize * stride;
        let first = out.len();
        let targets = table[base..base + stride].iter().enumerate();
        match legs {
            None => {
                for (_, &t) in targets.filter(|&(_, &t)| t != NONE) {
                    self.emit_onto(c, t, target, code, out);
                }
            }
            // `blocked in between`: a piece on the leap's way stops it.
            Some(l) => {
                for (i, &t) in targets.filter(|&(_, &t)| t != NONE) {
                    if !l.blocked(&self.cells, base + i) {
                        self.emit_onto(c, t, target, code, out);
                    }
                }
            }
        }
        if then_fresh {
            for m in &mut out[first..] {
                m.mark_fresh = true;
            }
        }
    }
}

/// The compiled leap of piece `code`, with its attack pattern merged into `attacks` if it
/// captures. With `from`, only the leaps from those cells are in the tables.
#[allow(clippy::too_many_arguments)]
pub fn compile(
    board: &Board,
    code: u8,
    offsets: &[(i32, i32)],
    from: Option<CellSet>,
    target: Target,
    blocked: bool,
    then_fresh: bool,
    attacks: &mut Vec<Attack>,
) -> Rule {
    let stride = offsets.len();
    let mut table = vec![NONE; board.len() * stride];
    let mut back = vec![NONE; board.len() * stride];
    // The cells on each leap's way; for attacks, those of the leap from each source.
    let ways: Vec<Vec<(i32, i32)>> = offsets.iter().map(|&(dx, dy)| way(dx, dy)).collect();
    let depth = ways.iter().map(Vec::len).max().unwrap_or(0).max(1);
    let mut legs = vec![NONE; board.len() * stride * depth];
    let mut back_legs = vec![NONE; board.len() * stride * depth];
    for cell in 0..board.len() {
        let (x, y) = board.coords[cell];
        for (i, &(dx, dy)) in offsets.iter().enumerate() {
            let source = board.around(x - dx, y - dy);
            let allowed = |c: Cell| c != NONE && from.is_none_or(|f| f.contains(c));
            if allowed(cell as Cell) {
                table[cell * stride + i] = board.around(x + dx, y + dy);
            }
            if allowed(source) {
                back[cell * stride + i] = source;
            }
            for (k, &(lx, ly)) in ways[i].iter().enumerate() {
                legs[(cell * stride + i) * depth + k] = board.around(x + lx, y + ly);
                back_legs[(cell * stride + i) * depth + k] = board.around(x - dx + lx, y - dy + ly);
            }
        }
    }
    let legs = Legs {
        depth,
        cells: legs.into(),
    };
    let back_legs = Legs {
        depth,
        cells: back_legs.into(),
    };
    if target.captures() {
        super::add_attack(
            attacks,
            Attack::Leap {
                codes: 1 << code,
                stride,
                sources: back,
                legs: blocked.then_some(back_legs),
            },
        );
    }
    Rule::Leap {
        stride,
        table,
        legs: blocked.then_some(legs),
        target,
        then_fresh,
        first: None,
        from,
    }
}

/// `lost once an enemy PIECE lands in line along DIRS`: the first-move right of the piece
/// `holder` goes once a piece `by` ends a move on a line from it along `dirs`, whatever
/// stands between (Fairy-Stockfish's Cambodian king loses its leap to an enemy rook so).
#[derive(Clone, Debug)]
pub struct LostRight {
    pub holder: u8,
    pub by: u8,
    pub dirs: Vec<u8>,
}

impl Position<'_> {
    /// Whether the piece on `c` may use a rule marked `, only as its first move`: it has not
    /// moved, and with `not_in_check` its player is not in check.
    pub(in crate::engine) fn may_make_first_move(&self, c: Cell, not_in_check: bool) -> bool {
        self.unmoved.contains(c) && !(not_in_check && self.in_check())
    }

    /// After a move that ended on `to` with the piece `code`: the first-move rights it takes
    /// away (see [`LostRight`]).
    pub(in crate::engine) fn lose_rights(&mut self, to: Cell, code: u8) {
        let g = self.game;
        let b = &g.board;
        for r in g.lost_rights.iter().filter(|r| r.by == code) {
            for &d in &r.dirs {
                let mut t = b.step(to, d);
                while t != NONE {
                    if self.cells[t as usize] == r.holder && self.unmoved.contains(t) {
                        self.clear_unmoved(t);
                    }
                    t = b.step(t, d);
                }
            }
        }
    }
}

/// Whether a piece of `codes` stands on a cell a leap onto `target` could come from.
#[inline]
pub(in crate::engine) fn attacked(
    cells: &[u8],
    target: Cell,
    codes: u128,
    stride: usize,
    sources: &[Cell],
    legs: Option<&Legs>,
) -> bool {
    let base = target as usize * stride;
    sources[base..base + stride]
        .iter()
        .enumerate()
        .any(|(i, &s)| {
            s != NONE
                && codes >> cells[s as usize] & 1 != 0
                && legs.is_none_or(|l| !l.blocked(cells, base + i))
        })
}

#[cfg(test)]
mod tests {
    use super::super::testing::{at, attacked, game, game_of, moves};

    #[test]
    fn a_leap_jumps_to_its_offsets_whatever_lies_between() {
        let g = game("square 4 x 4", "knight \"N\"", &["leap (1, 2)"]);
        // From a2, over the enemies around it: b4, c3 and c1 (b0 is off the board); the
        // enemy on c3 is captured.
        assert_eq!(moves(&g, "4/nnn1/Nn2/4 w"), ["a2-b4", "a2-c1", "a2xc3"]);
        assert!(attacked(&g, "4/4/4/N3 w", "c2", 0));
        assert!(attacked(&g, "4/4/4/N3 w", "b3", 0));
        assert!(!attacked(&g, "4/4/4/N3 w", "b2", 0));
    }

    #[test]
    fn a_leap_toward_a_direction_keeps_the_leaps_whose_long_side_points_there() {
        // The Shogi knight: two forward and one sideways, for each side its own forward.
        let g = game(
            "square 4 x 4",
            "knight \"N\"",
            &["leap (1, 2) toward forward"],
        );
        assert_eq!(moves(&g, "4/4/4/1N2 w"), ["b1-a3", "b1-c3"]);
        assert_eq!(moves(&g, "1n2/4/4/4 b"), ["b4-a2", "b4-c2"]);
    }

    #[test]
    fn a_blocked_leap_stops_at_a_piece_on_its_first_cell() {
        // The Xiangqi horse on b1: b2 holds a piece, so a3 and c3 are out; c1 empty, so d2
        // is in.
        let g = game(
            "square 4 x 4",
            "horse \"H\"",
            &["leap (1, 2), blocked in between"],
        );
        assert_eq!(moves(&g, "4/4/1h2/1H2 w"), ["b1-d2"]);
        assert!(!attacked(&g, "4/4/1h2/1H2 w", "a3", 0));
        assert!(attacked(&g, "4/4/4/1H2 w", "a3", 0));
    }

    /// A king whose leap two files aside is its first move only, never in check, and lost
    /// to an enemy rook stopping on its rank or file (Cambodian chess's, on 5 x 5).
    fn first_leap() -> crate::engine::Game {
        game_of(
            "square 5 x 5",
            "  piece king \"K\" royal {\n    step all\n    leap (1, 2) toward east, west to \
             empty, only as its first move, not while in check, lost once an enemy rook lands \
             in line along orthogonal\n  }\n  piece rook \"R\" {\n    slide orthogonal\n  }",
            "    white king on c1\n    black king on c5\n    black rook on a4",
        )
    }

    #[test]
    fn a_first_move_leap_needs_its_right_and_no_check() {
        let g = first_leap();
        let leaps = |pos: &str| {
            moves(&g, pos)
                .into_iter()
                .filter(|m| m.ends_with("a2") || m.ends_with("e2"))
                .collect::<Vec<_>>()
        };
        assert_eq!(leaps("1rk2/5/5/5/2K2 w C"), ["c1-a2", "c1-e2"]);
        // Without the right (the field's `-`), and in check from the rook on c4.
        assert!(leaps("1rk2/5/5/5/2K2 w -").is_empty());
        assert!(leaps("2k2/2r2/5/5/2K2 w C").is_empty());
        // The right is written back as the file letter of the king's cell.
        assert!(at(&g, "2k2/r4/5/5/2K2 w C").to_text().contains(" w C "));
    }

    fn play(pos: &mut crate::engine::Position, text: &str) {
        let m = pos.parse_move(text).expect(text);
        pos.play_unchecked(&m);
    }

    #[test]
    fn a_first_move_right_is_lost_by_moving_or_to_a_rook_in_line() {
        let g = first_leap();
        // The rook stops on the king's file, a wall of its own king between or not: the
        // right is gone, and stays gone once the rook leaves.
        let mut pos = at(&g, "2k2/r4/5/5/2K2 b C");
        play(&mut pos, "a4-b4");
        assert!(pos.to_text().contains(" w C "), "{}", pos.to_text());
        let mut pos = at(&g, "2k2/r4/5/5/2K2 b C");
        play(&mut pos, "a4-a1");
        assert!(pos.to_text().contains(" w - "), "{}", pos.to_text());
        // The king's own step spends it.
        let mut pos = at(&g, "2k2/r4/5/5/2K2 w C");
        play(&mut pos, "c1-d1");
        play(&mut pos, "a4-b4");
        play(&mut pos, "d1-c1");
        assert!(pos.to_text().contains(" b - "), "{}", pos.to_text());
    }
}
