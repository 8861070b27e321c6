//! Board drawings: square and hexagonal boards as text, stacks, slept and frozen pieces
//! marked.

use super::*;
use crate::geometry::Board;

impl Position<'_> {
    /// One cell of a position string: the piece's letter, `'` when slept, a stack as
    /// `[TOP KEPT]` (each with its own `'`).
    pub(in crate::engine) fn cell_token(&self, c: Cell) -> String {
        let g = self.game;
        let mut s = String::new();
        let kept = self.under_at(c);
        if kept != 0 {
            s.push('[');
        }
        let code = self.cells[c as usize];
        // A stack of like pieces (races whose pieces share cells): `(5C)`.
        let height = self.height(c);
        if height > 1 {
            return format!("({height}{})", g.letter(code));
        }
        // USI's position strings (SFEN) write a promoted piece as `+` and its base: `+P`
        // (which says all `~` would).
        let sfen = g
            .promoted_from(code)
            .filter(|_| g.notation == Notation::Usi);
        match sfen {
            Some(base) => {
                s.push('+');
                s.push(g.letter(base));
            }
            None => s.push(g.letter(code)),
        }
        if g.marks_promoted && self.promoted.contains(c) && sfen.is_none() {
            s.push('~');
        }
        if self.is_slept(c, false) {
            s.push('\'');
        }
        if kept != 0 {
            s.push(g.letter(kept));
            if self.is_slept(c, true) {
                s.push('\'');
            }
            s.push(']');
        }
        s
    }

    /// The board as text: rank labels on the left, file letters below; hexagons drawn with
    /// offset rows.
    pub fn render(&self) -> String {
        let g = self.game;
        if g.sowing.is_some() {
            return self.render_pits();
        }
        if let Some(lines) = &g.lines {
            return self.render_dots(lines);
        }
        let mut out = if let Some(word) = g.frozen_word() {
            // Frozen pieces carry a star: `*J`.
            let held = self.frozen;
            let mut s = draw(g, 2, |c| {
                let code = self.cells[c as usize];
                if held.contains(c) {
                    format!("*{}", g.letter(code))
                } else {
                    g.letter(code).to_string()
                }
            });
            if !held.is_empty() {
                s.push_str(&format!("(*: {word})\n"));
            }
            s
        } else if g.has_layers {
            // Stacks and slept pieces need wider cells: `W'`, `[KW]`.
            draw(g, 5, |c| match self.cells[c as usize] {
                0 => ".".to_string(),
                _ => self.cell_token(c),
            })
        } else if let Some(race) = &g.race {
            // Cells on no track are left blank; a stack shows its height, `5C`.
            let wide = if race.rule.stack { 3 } else { 1 };
            draw(g, wide, |c| {
                let n = self.height(c);
                if (0..2).all(|p| race.place(p, c).is_none()) {
                    " ".to_string()
                } else if n > 1 {
                    format!("{n}{}", g.letter(self.cells[c as usize]))
                } else {
                    g.letter(self.cells[c as usize]).to_string()
                }
            })
        } else {
            draw(g, 1, |c| g.letter(self.cells[c as usize]).to_string())
        };
        if g.has_layers {
            out.push_str("(' slept, [Kw] K keeping w");
            if let Some(f) = self.fresh_cell() {
                out.push_str(&format!("; fresh: {}", g.board.names[f as usize]));
            }
            out.push_str(")\n");
        }
        if !g.initial_hand.is_empty() {
            // Each player's pieces in hand: `in hand: white 2S, black -`.
            let side = |p: usize| {
                let mut t = String::new();
                for (code, &n) in self
                    .hand
                    .iter()
                    .enumerate()
                    .skip(1 + p)
                    .step_by(1 << g.player_shift)
                {
                    if n > 0 {
                        t.push_str(&format!("{n}{}", g.letter(code as u8)));
                    }
                }
                if t.is_empty() {
                    t.push('-');
                }
                format!("{} {t}", g.players[p].name)
            };
            let sides: Vec<String> = (0..g.players.len()).map(side).collect();
            out.push_str(&format!("in hand: {}\n", sides.join(", ")));
        }
        if g.race
            .as_ref()
            .is_some_and(|r| r.rule.off.iter().any(|&o| o))
        {
            let each: Vec<String> = (0..g.players.len())
                .map(|p| format!("{} {}", g.players[p].name, self.borne_off(p)))
                .collect();
            out.push_str(&format!("borne off: {}\n", each.join(", ")));
        }
        let name = &g.players[self.turn as usize].name;
        match (&g.chance, self.throw()) {
            (Some(_), None) if !self.is_over() => out.push_str(&format!("{name} to throw\n")),
            (Some(c), Some(i)) => {
                out.push_str(&format!("{name} to move, with a throw of {}\n", c.name(i)))
            }
            _ => out.push_str(&format!("{name} to move\n")),
        }
        out
    }

    /// The board's levels (`levels from CELL`), drawn like the board; `None` when the game
    /// declares none.
    pub fn render_levels(&self) -> Option<String> {
        let levels = self.game.levels.as_ref()?;
        Some(draw(self.game, 1, |c| {
            char::from_digit(u32::from(levels[c as usize]).min(35), 36)
                .unwrap_or('?')
                .to_string()
        }))
    }
}

/// Draws one character per cell: rank labels on the left, file letters below a square board,
/// hexagons with offset rows.
/// Each cell's symbol is right-aligned in `cell` columns.
pub(super) fn draw(g: &Game, cell: usize, symbol: impl Fn(Cell) -> String) -> String {
    let b = &g.board;
    match b.shape {
        // A round board is drawn unrolled: each ring a row, the outermost at the top.
        Shape::Square { .. } | Shape::Pits { .. } | Shape::Dots { .. } | Shape::Round { .. } => {
            draw_grid(b, cell, &symbol)
        }
        Shape::Lines { .. } => draw_lines(b, cell, &symbol),
        Shape::Rhombus { .. } | Shape::Triangle { .. } | Shape::Star | Shape::Hex { .. } => {
            draw_offset_rows(b, cell, &symbol)
        }
    }
}

/// The width of the rank labels on the left.
fn label_width(b: &Board) -> usize {
    b.rows.to_string().len()
}

/// The file letters under the board.
fn push_file_labels(out: &mut String, b: &Board, cell: usize) {
    out.push_str(&" ".repeat(label_width(b) + 1));
    for x in 0..b.cols {
        out.push_str(&format!(" {:>cell$}", b.file_label(x)));
    }
    out.push('\n');
}

/// A grid of ranks and files, one symbol per cell.
fn draw_grid(b: &Board, cell: usize, symbol: &dyn Fn(Cell) -> String) -> String {
    let width = label_width(b);
    let mut out = String::new();
    for y in (0..b.rows as i32).rev() {
        out.push_str(&format!("{:>width$} ", b.rank_label(y as u32)));
        for x in 0..b.cols as i32 {
            let c = b.at(x, y);
            // A hole of the board is left blank.
            let s = if c == NONE { String::new() } else { symbol(c) };
            out.push_str(&format!(" {s:>cell$}"));
        }
        if b.has_holes() {
            out.truncate(out.trim_end().len());
        }
        out.push('\n');
    }
    push_file_labels(&mut out, b, cell);
    out
}

/// A board of points and the lines joining them: the points' symbols with the lines' marks
/// between them (see [`line_marks`]).
fn draw_lines(b: &Board, cell: usize, symbol: &dyn Fn(Cell) -> String) -> String {
    let width = label_width(b);
    let mut out = String::new();
    let (w, h) = (2 * b.cols as usize - 1, 2 * b.rows as usize - 1);
    let marks = line_marks(b, w, h);
    for py in (0..h).rev() {
        if py % 2 == 0 {
            out.push_str(&format!("{:>width$}  ", b.rank_label(py as u32 / 2)));
        } else {
            out.push_str(&" ".repeat(width + 2));
        }
        for px in 0..w {
            let m = marks[py * w + px];
            let c = if px % 2 == 0 && py % 2 == 0 {
                b.at(px as i32 / 2, py as i32 / 2)
            } else {
                NONE
            };
            if px % 2 == 1 {
                // The gap between two columns: one character.
                out.push(m);
            } else if c != NONE {
                out.push_str(&format!("{:>cell$}", symbol(c)));
            } else {
                let fill = if m == '-' { '-' } else { ' ' };
                out.push_str(&fill.to_string().repeat(cell - 1));
                out.push(m);
            }
        }
        out.push('\n');
    }
    push_file_labels(&mut out, b, cell);
    out
}

/// A canvas of twice the grid, less one (`w` by `h`): points on even places, and between
/// them the lines joining them: `-` along a rank, `|` along a file, `/` and `\` on the
/// diagonals, `X` where two diagonals cross. Rows between ranks show the links between
/// neighbouring ranks.
fn line_marks(b: &Board, w: usize, h: usize) -> Vec<char> {
    let mut marks = vec![' '; w * h];
    for c in 0..b.len() as Cell {
        let (x, y) = b.coords[c as usize];
        for (d, dir) in b.dirs.iter().enumerate() {
            let n = b.step(c, d as u8);
            // Each line once: from its left end (or lower end on a file).
            if n == NONE || !(dir.dx > 0 || dir.dx == 0 && dir.dy > 0) {
                continue;
            }
            let mark = match (dir.dx, dir.dy) {
                (0, _) => '|',
                (_, 0) => '-',
                (dx, dy) if dx == dy => '/',
                _ => '\\',
            };
            let (nx, ny) = b.coords[n as usize];
            let (mut px, mut py) = (2 * x, 2 * y);
            loop {
                px += dir.dx;
                py += dir.dy;
                if (px, py) == (2 * nx, 2 * ny) {
                    break;
                }
                let m = &mut marks[py as usize * w + px as usize];
                *m = match (*m, mark) {
                    ('/', '\\') | ('\\', '/') => 'X',
                    _ => mark,
                };
            }
        }
    }
    marks
}

/// A board whose rows are drawn offset from each other (rhombus, triangle, star, hexagon):
/// each rank's label, its indent, then its cells.
fn draw_offset_rows(b: &Board, cell: usize, symbol: &dyn Fn(Cell) -> String) -> String {
    let width = label_width(b);
    let mut out = String::new();
    for y in (0..b.rows as i32).rev() {
        let (indent, cells) = row_layout(b, y, cell);
        out.push_str(&format!("{:>width$} ", b.rank_label(y as u32)));
        out.push_str(&" ".repeat(indent));
        for (i, &c) in cells.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(&format!("{:>cell$}", symbol(c)));
        }
        out.push('\n');
    }
    out
}

/// The indent of rank `y` and the cells drawn on it, for cells `cell` columns wide.
fn row_layout(b: &Board, y: i32, cell: usize) -> (usize, Vec<Cell>) {
    let present = || -> Vec<Cell> {
        (0..b.cols as i32)
            .map(|x| b.at(x, y))
            .filter(|&c| c != NONE)
            .collect()
    };
    match b.shape {
        // Each row half a cell right of the one above, so that a cell's north-east
        // neighbour is drawn up and to its right.
        Shape::Rhombus { .. } => (
            (b.rows as i32 - 1 - y) as usize * (cell + 1) / 2,
            (0..b.cols as i32).map(|x| b.at(x, y)).collect(),
        ),
        // Each row half a cell right of the one below, so that a cell's north-east
        // neighbour is drawn up and to its right and the apex sits over the middle.
        Shape::Triangle { .. } => (
            y as usize * (cell + 1) / 2,
            (0..b.cols as i32 - y).map(|x| b.at(x, y)).collect(),
        ),
        // As a hex board, each row half a cell left of the row below; the star's widest
        // reach to the left (its west points' apexes, a5 and e13) is at 2c - r = -4.
        Shape::Star => {
            let cells = present();
            let first = b.coords[cells[0] as usize].0;
            (((2 * first - y + 4) as usize * (cell + 1)) / 2, cells)
        }
        Shape::Hex { side } => {
            let cells = present();
            let first = (0..b.cols as i32)
                .find(|&x| b.at(x, y) != NONE)
                .unwrap_or(0);
            ((2 * first - y + side as i32 - 1).max(0) as usize, cells)
        }
        Shape::Square { .. }
        | Shape::Pits { .. }
        | Shape::Dots { .. }
        | Shape::Lines { .. }
        | Shape::Round { .. } => (0, present()),
    }
}
