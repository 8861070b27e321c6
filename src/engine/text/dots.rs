//! Text forms of games of lines between dots: the drawing (dots, the lines drawn, the boxes'
//! marks) and the lines field of position strings (a `0` or `1` per line, in line order, as
//! OpenSpiel's `dbn` string has them).

use super::*;
use crate::engine::rules::lines::Lines;

impl Position<'_> {
    /// The board as text: dots `+`, lines drawn `---` and `|`, each box's mark inside it;
    /// rank labels on the dots' rows, file letters below.
    pub(super) fn render_dots(&self, lines: &Lines) -> String {
        let g = self.game;
        let (w, h) = (lines.width, lines.height);
        let label = (h + 1).to_string().len();
        let drawn = |l: usize| self.drawn >> l & 1 != 0;
        let mut out = String::new();
        for y in (0..=h).rev() {
            out.push_str(&format!("{:>label$}  ", y + 1));
            for x in 0..=w {
                out.push('+');
                if x < w {
                    out.push_str(if drawn(lines.across(x, y)) {
                        "---"
                    } else {
                        "   "
                    });
                }
            }
            out.push('\n');
            if y == 0 {
                break;
            }
            out.push_str(&" ".repeat(label + 2));
            for x in 0..=w {
                out.push(if drawn(lines.down(x, y)) { '|' } else { ' ' });
                if x < w {
                    let code = self.cells[g.board.at(x as i32, y as i32 - 1) as usize];
                    if code == 0 {
                        out.push_str("   ");
                    } else {
                        out.push_str(&format!(" {} ", g.letter(code)));
                    }
                }
            }
            let trimmed = out.trim_end_matches(' ').len();
            out.truncate(trimmed);
            out.push('\n');
        }
        out.push_str(&" ".repeat(label + 2));
        let dots = crate::geometry::Board::square(w + 1, h + 1);
        for x in 0..=w {
            out.push_str(&format!("{:<4}", dots.file_label(x)));
        }
        let trimmed = out.trim_end_matches(' ').len();
        out.truncate(trimmed);
        out.push('\n');
        out
    }

    /// The lines field of a position string: `1` for each line drawn, `0` for the others, in
    /// line order.
    pub(super) fn lines_text(&self, lines: &Lines) -> String {
        (0..lines.len())
            .map(|l| if self.drawn >> l & 1 != 0 { '1' } else { '0' })
            .collect()
    }
}

/// Reads the lines field of a position string (see [`Position::lines_text`]) for the boxes
/// `cells` holds: a box marked must have its four sides drawn, and where completing a box
/// marks it, a box with four sides drawn must be marked.
pub(super) fn read_lines(
    lines: &Lines,
    field: Option<&str>,
    cells: &[u8],
    names: &[String],
) -> Result<u128, PositionError> {
    let err = |s: String| PositionError(s);
    let field = field.ok_or_else(|| {
        err(format!(
            "missing the lines drawn (a `0` or `1` for each of the {} lines)",
            lines.len()
        ))
    })?;
    if field.len() != lines.len() || !field.chars().all(|c| c == '0' || c == '1') {
        return Err(err(format!(
            "the lines drawn are a `0` or `1` for each of the {} lines, found `{field}`",
            lines.len()
        )));
    }
    let drawn = field
        .chars()
        .enumerate()
        .fold(0u128, |d, (l, c)| if c == '1' { d | 1 << l } else { d });
    for (b, &code) in cells.iter().enumerate() {
        let complete = lines.complete(drawn, b as Cell);
        if code != 0 && !complete {
            return Err(err(format!(
                "the box {} is marked, but not all its sides are drawn",
                names[b]
            )));
        }
        if code == 0 && complete && lines.rule.claim.is_some() {
            return Err(err(format!(
                "the box {} has all its sides drawn, but no mark",
                names[b]
            )));
        }
    }
    Ok(drawn)
}
