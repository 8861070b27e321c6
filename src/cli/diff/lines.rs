//! The summary part of `tabula diff`: a line diff (longest common subsequence) of the two
//! summaries, and the lines of it worth printing.

/// The most cells of the line-diff table (lines of the old summary times lines of the new):
/// beyond it, the differing middle of the summaries is shown as removed and then added.
const MAX_DIFF_CELLS: usize = 4_000_000;

/// One line of a line diff.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Op {
    /// In both summaries.
    Same,
    /// In the old summary only.
    Removed,
    /// In the new summary only.
    Added,
}

/// `old` turned into `new` by keeping a longest common subsequence of lines, removals before
/// additions where they meet. The common head and tail are set aside first, so the table
/// covers only the part that changed.
pub(super) fn line_diff<'a>(old: &[&'a str], new: &[&'a str]) -> Vec<(Op, &'a str)> {
    let head = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let tail = old[head..]
        .iter()
        .rev()
        .zip(new[head..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let a = &old[head..old.len() - tail];
    let b = &new[head..new.len() - tail];
    let mut out: Vec<(Op, &str)> = old[..head].iter().map(|l| (Op::Same, *l)).collect();
    let (mut i, mut j) = (0, 0);
    if a.len().saturating_mul(b.len()) <= MAX_DIFF_CELLS {
        // lcs[i * w + j]: the length of a longest common subsequence of a[i..] and b[j..].
        let w = b.len() + 1;
        let mut lcs = vec![0u32; (a.len() + 1) * w];
        for i in (0..a.len()).rev() {
            for j in (0..b.len()).rev() {
                lcs[i * w + j] = if a[i] == b[j] {
                    lcs[(i + 1) * w + j + 1] + 1
                } else {
                    lcs[(i + 1) * w + j].max(lcs[i * w + j + 1])
                };
            }
        }
        while i < a.len() && j < b.len() {
            if a[i] == b[j] {
                out.push((Op::Same, a[i]));
                (i, j) = (i + 1, j + 1);
            } else if lcs[(i + 1) * w + j] >= lcs[i * w + j + 1] {
                out.push((Op::Removed, a[i]));
                i += 1;
            } else {
                out.push((Op::Added, b[j]));
                j += 1;
            }
        }
    }
    out.extend(a[i..].iter().map(|l| (Op::Removed, *l)));
    out.extend(b[j..].iter().map(|l| (Op::Added, *l)));
    out.extend(old[old.len() - tail..].iter().map(|l| (Op::Same, *l)));
    out
}

/// Leading spaces: summaries nest a piece's rules under the piece, the pieces under `pieces:`.
fn indent(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// The lines of a summary diff worth printing: each run of changes, after the unchanged
/// lines that enclose it (the section and the piece a rule belongs to, found by indentation)
/// and before one unchanged line; `None` where lines are skipped.
pub(super) fn hunks<'a>(ops: &[(Op, &'a str)]) -> Vec<Option<(Op, &'a str)>> {
    let mut out = Vec::new();
    let mut shown: Option<usize> = None;
    let mut i = 0;
    while i < ops.len() {
        if ops[i].0 == Op::Same {
            i += 1;
            continue;
        }
        let mut enclosing = Vec::new();
        let mut level = indent(ops[i].1);
        for k in (0..i).rev() {
            if level == 0 || shown.is_some_and(|s| k <= s) {
                break;
            }
            if ops[k].0 == Op::Same && indent(ops[k].1) < level {
                level = indent(ops[k].1);
                enclosing.push(k);
            }
        }
        let first = enclosing.last().copied().unwrap_or(i);
        if shown.map_or(first > 0, |s| first > s + 1) {
            out.push(None);
        }
        out.extend(enclosing.iter().rev().map(|&k| Some(ops[k])));
        while i < ops.len() && ops[i].0 != Op::Same {
            out.push(Some(ops[i]));
            i += 1;
        }
        if i < ops.len() {
            out.push(Some(ops[i]));
            i += 1;
        }
        shown = Some(i - 1);
    }
    if shown.is_some_and(|s| s + 1 < ops.len()) {
        out.push(None);
    }
    out
}

/// The mark of a line in the report: `-` removed, `+` added, a space for context.
pub(super) fn op_mark(op: Op) -> &'static str {
    match op {
        Op::Same => " ",
        Op::Removed => "-",
        Op::Added => "+",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diff(a: &str, b: &str) -> Vec<(Op, String)> {
        let a: Vec<&str> = a.lines().collect();
        let b: Vec<&str> = b.lines().collect();
        line_diff(&a, &b)
            .into_iter()
            .map(|(op, l)| (op, l.to_string()))
            .collect()
    }

    #[test]
    fn a_changed_line_is_removed_then_added_between_kept_ones() {
        use Op::*;
        let got = diff("a\nb\nc\nd", "a\nB\nc\nd\ne");
        let want = [
            (Same, "a"),
            (Removed, "b"),
            (Added, "B"),
            (Same, "c"),
            (Same, "d"),
            (Added, "e"),
        ];
        assert_eq!(got, want.map(|(o, l)| (o, l.to_string())));
    }

    #[test]
    fn a_hunk_shows_the_lines_that_enclose_it() {
        let old = "t\npieces:\n  pawn\n    step n\n    step ne\nend:\n  win";
        let new = "t\npieces:\n  pawn\n    step n, s\n    step ne\nend:\n  win";
        let ops = line_diff(
            &old.lines().collect::<Vec<_>>(),
            &new.lines().collect::<Vec<_>>(),
        );
        let shown: Vec<String> = hunks(&ops)
            .into_iter()
            .map(|l| l.map_or("...".to_string(), |(op, t)| format!("{}{t}", op_mark(op))))
            .collect();
        assert_eq!(
            shown,
            [
                "...",
                " pieces:",
                "   pawn",
                "-    step n",
                "+    step n, s",
                "     step ne",
                "..."
            ]
        );
    }
}
