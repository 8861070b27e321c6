//! The board: its shape and size, and cells named off it.

use super::*;

impl Checker {
    pub(super) fn off_board(&mut self, b: &Board, n: &Name) {
        self.err(CheckError::OffBoard {
            name: n.text.clone(),
            span: n.span,
            board: b.describe(),
            cells: format!(
                "files run from {} to {}, ranks from {} to {}",
                b.file_label(0),
                b.file_label(b.cols - 1),
                b.rank_label(0),
                b.rank_label(b.rows - 1)
            ),
        });
    }

    /// Applies `, files numbered from the right` and `, ranks lettered from the top`: either
    /// both or neither, so that a cell's name reads as one label of each kind (`7g`).
    pub(super) fn board_naming(&mut self, board: &mut Board, n: &BoardNaming) -> Option<()> {
        match (n.files_numbered, n.ranks_lettered) {
            (None, None) => return Some(()),
            (Some((_, sp)), None) | (None, Some((_, sp))) => {
                let files = n.files_numbered.is_some();
                self.invalid(
                    sp,
                    if files {
                        "numbered files need lettered ranks".to_string()
                    } else {
                        "lettered ranks need numbered files".to_string()
                    },
                    format!(
                        "a cell's name is its file's label, then its rank's: add `, {}` so \
                         that the two labels do not run together",
                        if files {
                            "ranks lettered from the top"
                        } else {
                            "files numbered from the right"
                        }
                    ),
                );
                return None;
            }
            (Some((right, _)), Some((top, _))) => {
                if let Some(base) = &n.rank_base {
                    self.invalid(
                        base.span,
                        "`ranks from` numbers the ranks, but they are lettered".to_string(),
                        format!(
                            "leave out `, ranks from {}`: lettered ranks start at `a`",
                            base.value
                        ),
                    );
                    return None;
                }
                board.set_naming(crate::geometry::Naming {
                    files_numbered: true,
                    files_from_right: right,
                    ranks_lettered: true,
                    ranks_from_top: top,
                });
            }
        }
        Some(())
    }

    /// Whether a board's width or height is from 1 to 26 (one letter per file), reporting it
    /// when not.
    pub(super) fn board_side(&mut self, n: &Number) -> bool {
        let ok = (1..=26).contains(&n.value);
        if !ok {
            self.err(CheckError::OutOfRange {
                what: "board size",
                value: n.value.to_string(),
                span: n.span,
                range: "a size from 1 to 26".into(),
            });
        }
        ok
    }

    /// Takes a square board's holes (`without a2..a7, j2`) out of it, once its cells are named:
    /// each a cell or the rectangle between two corner cells. A hole named twice is no
    /// mistake; a board left without cells is.
    pub(super) fn board_holes(&mut self, board: &mut Board, b: &BoardDecl) -> Option<()> {
        let BoardDecl::Square { holes, .. } = b else {
            return Some(());
        };
        if holes.is_empty() {
            return Some(());
        }
        let mut coords = Vec::new();
        let mut ok = true;
        for (first, last) in holes {
            let ends: Vec<Option<(i32, i32)>> = std::iter::once(first)
                .chain(last)
                .map(|n| {
                    let c = board.cell(&n.text).map(|c| board.coords[c as usize]);
                    if c.is_none() {
                        self.off_board(board, n);
                    }
                    c
                })
                .collect();
            let (Some(a), Some(z)) = (ends[0], *ends.last().expect("one end")) else {
                ok = false;
                continue;
            };
            for x in a.0.min(z.0)..=a.0.max(z.0) {
                for y in a.1.min(z.1)..=a.1.max(z.1) {
                    coords.push((x, y));
                }
            }
        }
        if !ok {
            return None;
        }
        let holed = board.without(&coords);
        if holed.is_empty() {
            let (first, last) = (&holes[0].0, holes.last().expect("a hole"));
            let end = last.1.as_ref().unwrap_or(&last.0);
            self.invalid(
                Span::new(first.span.start, end.span.end),
                "the holes leave no cell on the board",
                "name only the cells that are missing from the board",
            );
            return None;
        }
        *board = holed;
        Some(())
    }

    pub(super) fn board(&mut self, b: &BoardDecl) -> Option<Board> {
        match b {
            BoardDecl::Square { width, height, .. } | BoardDecl::Rhombus { width, height } => {
                let mut ok = true;
                for n in [width, height] {
                    ok &= self.board_side(n);
                }
                if ok && width.value * height.value > crate::geometry::MAX_CELLS as u32 {
                    self.err(CheckError::OutOfRange {
                        what: "board size",
                        value: format!("{} x {}", width.value, height.value),
                        span: Span::new(width.span.start, height.span.end),
                        range: format!("at most {} cells", crate::geometry::MAX_CELLS),
                    });
                    ok = false;
                }
                ok.then(|| match b {
                    BoardDecl::Square { .. } => Board::square(width.value, height.value),
                    _ => Board::rhombus(width.value, height.value),
                })
            }
            BoardDecl::Pits { width, height } => self.pits_board(width, height),
            BoardDecl::Dots { width, height } => self.dots_board(width, height),
            BoardDecl::Lines {
                width,
                height,
                lines,
                span,
            } => {
                if ![width, height]
                    .map(|n| self.board_side(n))
                    .iter()
                    .all(|&ok| ok)
                {
                    return None;
                }
                // Cells are named on the grid the lines are drawn on.
                let grid = Board::square(width.value, height.value);
                let mut points = Vec::new();
                let mut ok = true;
                for line in lines {
                    if line.len() < 2 {
                        self.invalid(
                            line[0].span,
                            "a line joins at least two points",
                            "write it as a chain of cells: `a1-d1-g1`",
                        );
                        ok = false;
                    }
                    let mut coords = Vec::new();
                    for n in line {
                        match grid.cell(&n.text) {
                            Some(c) => coords.push(grid.coords[c as usize]),
                            None => {
                                self.off_board(&grid, n);
                                ok = false;
                            }
                        }
                    }
                    points.push(coords);
                }
                if !ok {
                    return None;
                }
                if lines.is_empty() {
                    self.invalid(
                        *span,
                        "the board has no lines",
                        "list its lines: `a1-d1-g1`",
                    );
                    return None;
                }
                match Board::lines(width.value, height.value, &points) {
                    Ok(b) => Some(b),
                    Err((i, j, problem)) => {
                        let n = &lines[i][j];
                        self.invalid(n.span, format!("`{}` {problem}", n.text), "");
                        None
                    }
                }
            }
            BoardDecl::Hex { side } => {
                if side.value < 2 || side.value > 13 {
                    self.err(CheckError::OutOfRange {
                        what: "hexagon side",
                        value: side.value.to_string(),
                        span: side.span,
                        range: "a side from 2 to 13".into(),
                    });
                    return None;
                }
                Some(Board::hex(side.value))
            }
            BoardDecl::Star => Some(Board::star()),
            BoardDecl::Round { rings, cells } => self.round_board(rings, cells),
            BoardDecl::Triangle { side } => {
                if side.value < 2 || side.value > 31 {
                    self.err(CheckError::OutOfRange {
                        what: "triangle side",
                        value: side.value.to_string(),
                        span: side.span,
                        range: "a side from 2 to 31".into(),
                    });
                    return None;
                }
                Some(Board::triangle(side.value))
            }
        }
    }

    /// `board round R x C`: from 1 to 26 rings (numbered) of 3 to 26 cells (lettered); fewer
    /// than three cells would make a step clockwise and one anticlockwise the same step.
    fn round_board(&mut self, rings: &Number, cells: &Number) -> Option<Board> {
        let mut ok = true;
        for (n, what, range) in [
            (rings, "rings of a round board", 1..=26),
            (cells, "cells per ring", 3..=26),
        ] {
            if !range.contains(&n.value) {
                self.err(CheckError::OutOfRange {
                    what,
                    value: n.value.to_string(),
                    span: n.span,
                    range: format!("from {} to {}", range.start(), range.end()),
                });
                ok = false;
            }
        }
        if ok && rings.value * cells.value > crate::geometry::MAX_CELLS as u32 {
            self.err(CheckError::OutOfRange {
                what: "board size",
                value: format!("{} x {}", rings.value, cells.value),
                span: Span::new(rings.span.start, cells.span.end),
                range: format!("at most {} cells", crate::geometry::MAX_CELLS),
            });
            ok = false;
        }
        ok.then(|| Board::round(rings.value, cells.value))
    }
}
