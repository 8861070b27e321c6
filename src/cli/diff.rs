//! `tabula diff OLD NEW`: what a rules change did. The two descriptions' summaries are
//! compared line by line; then at the start and at each named position of a `--positions`
//! file, the legal moves, the outcome and perft per depth, with the first branch where the
//! counts part. Exit code 0 when nothing changed, 1 when something did.
//!
//! It only reads the engine's public interface (summary, positions, moves, perft), so it
//! works for every game the language can describe and knows none by name.

mod lines;
mod named;

use super::{load, Fail};
use lines::{hunks, line_diff, op_mark, Op};
use named::{read_entries, Entry};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use tabula::engine::{perft, perft_divide, Game, MatchState, Move, Position};

/// Moves listed inline in a divergence line of the text report; `--json` lists them all.
const SHOWN_MOVES: usize = 8;

/// Runs `tabula diff`: prints the report (text or `--json`) and fails with exit code 1 when
/// anything changed, so that a script can tell.
///
/// # Errors
/// A description that does not load (exit 1, or 2 when it cannot be read), a positions file
/// that cannot be read or has a bad line (exit 2), or a change (exit 1, nothing more to say).
pub fn run(
    old_path: &str,
    new_path: &str,
    positions: Option<&str>,
    depth: usize,
    json: bool,
) -> Result<(), Fail> {
    let old = load(old_path)?;
    let new = load(new_path)?;
    let mut entries = vec![Entry {
        name: "start".to_string(),
        position: None,
        moves: Vec::new(),
    }];
    if let Some(path) = positions {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Fail(format!("error: cannot read {path}: {e}"), 2))?;
        entries.extend(read_entries(path, &text).map_err(|m| Fail(format!("error: {m}"), 2))?);
    }
    let old_summary = old.summary();
    let new_summary = new.summary();
    let old_lines: Vec<&str> = old_summary.lines().collect();
    let new_lines: Vec<&str> = new_summary.lines().collect();
    let summary = line_diff(&old_lines, &new_lines);
    let compared: Vec<Compared> = entries
        .iter()
        .map(|e| compare(&old, &new, e, depth))
        .collect();
    let summary_changed = summary.iter().any(|(op, _)| *op != Op::Same);
    let changed = summary_changed || compared.iter().any(Compared::changed);
    if json {
        print_json(old_path, new_path, depth, changed, &summary, &compared);
    } else {
        print_text(old_path, new_path, &summary, &compared);
    }
    if changed {
        Err(Fail(String::new(), 1))
    } else {
        Ok(())
    }
}

/// What one set of rules gives at one position.
struct Side<'g> {
    pos: Position<'g>,
    /// The position string (it differs when the setup or the board does).
    text: String,
    /// The legal moves as `tabula moves` lists them; none once the game is over.
    moves: Vec<String>,
    outcome: Option<String>,
    /// Perft at depths 1, 2, ...
    perft: Vec<u64>,
}

/// Where the perft counts of the two sides first part: the moves played to get there, and
/// at that node the counts `depth` plies deep and the moves one side has and the other not
/// (none where the same moves lead to different counts further down).
struct Divergence {
    line: Vec<String>,
    depth: usize,
    old: u64,
    new: u64,
    added: Vec<String>,
    removed: Vec<String>,
}

/// One position under both sets of rules.
struct Compared<'o, 'n> {
    name: String,
    /// A side is an error where its rules reject the position string or a move: legitimate
    /// when a rules change makes a move illegal.
    old: Result<Side<'o>, String>,
    new: Result<Side<'n>, String>,
    added: Vec<String>,
    removed: Vec<String>,
    divergence: Option<Divergence>,
}

impl Compared<'_, '_> {
    fn changed(&self) -> bool {
        match (&self.old, &self.new) {
            (Ok(a), Ok(b)) => {
                a.text != b.text
                    || a.moves != b.moves
                    || a.outcome != b.outcome
                    || a.perft != b.perft
            }
            (Err(a), Err(b)) => a != b,
            _ => true,
        }
    }
}

/// The position `e` names under `game`, reached as a game is played (so that repetitions
/// count toward the outcome).
fn reach<'g>(game: &'g Game, e: &Entry) -> Result<MatchState<'g>, String> {
    let start = match &e.position {
        Some(t) => Position::from_text(game, t).map_err(|err| err.to_string())?,
        None => game.start(),
    };
    let mut state = MatchState::new(start);
    for (i, m) in e.moves.iter().enumerate() {
        state
            .play_text(m)
            .map_err(|why| format!("move {} `{m}`: {why}", i + 1))?;
    }
    Ok(state)
}

/// What `game`'s rules give at the position `e` names, or why they cannot reach it.
fn side<'g>(game: &'g Game, e: &Entry, depth: usize) -> Result<Side<'g>, String> {
    let state = reach(game, e)?;
    let outcome = state.outcome().map(|o| o.describe(game));
    let moves = if outcome.is_some() {
        Vec::new()
    } else {
        state.pos.legal_move_list()
    };
    let pos = state.pos;
    let perft = (1..=depth)
        .map(|d| perft(&pos, d, &mut |_| {}).map_err(|e| format!("perft {d}: {e}")))
        .collect::<Result<_, _>>()?;
    Ok(Side {
        text: pos.to_text(),
        pos,
        moves,
        outcome,
        perft,
    })
}

/// The position `e` names under the old and the new rules, side by side.
fn compare<'o, 'n>(
    old_game: &'o Game,
    new_game: &'n Game,
    e: &Entry,
    depth: usize,
) -> Compared<'o, 'n> {
    let old = side(old_game, e, depth);
    let new = side(new_game, e, depth);
    let (mut added, mut removed, mut divergence) = (Vec::new(), Vec::new(), None);
    if let (Ok(a), Ok(b)) = (&old, &new) {
        (added, removed) = set_difference(&a.moves, &b.moves);
        if let Some(d) = a.perft.iter().zip(&b.perft).position(|(x, y)| x != y) {
            divergence = Some(diverge(&a.pos, &b.pos, d + 1));
        }
    }
    Compared {
        name: e.name.clone(),
        old,
        new,
        added,
        removed,
        divergence,
    }
}

/// The texts only in `new` (added) and only in `old` (removed), each sorted.
fn set_difference(old: &[String], new: &[String]) -> (Vec<String>, Vec<String>) {
    let only = |a: &[String], b: &[String]| {
        let mut v: Vec<String> = a.iter().filter(|m| !b.contains(m)).cloned().collect();
        v.sort();
        v
    };
    (only(new, old), only(old, new))
}

/// The legal moves of `pos` by their text, each with a move of that text and the perft
/// `depth - 1` plies below the moves so written (summed, should two moves read alike).
fn divide(pos: &Position, depth: usize) -> BTreeMap<String, (Move, u64)> {
    let mut out: BTreeMap<String, (Move, u64)> = BTreeMap::new();
    // The divergence walk only visits positions whose perft to this depth has already been
    // counted (both sides' `side` succeeded), so no list there is past the move budget.
    for (m, n) in perft_divide(pos, depth).unwrap_or_default() {
        out.entry(pos.move_text(&m)).or_insert((m, 0)).1 += n;
    }
    out
}

/// Walks down from two positions whose perft at `depth` differs: while both sides have the
/// same moves, into the first move (in text order) whose counts differ, one ply shallower
/// each time, so that the walk costs at most one more perft of `depth` per side.
fn diverge(old: &Position, new: &Position, depth: usize) -> Divergence {
    let (mut old, mut new) = (old.clone(), new.clone());
    let mut line = Vec::new();
    let mut depth = depth;
    loop {
        let a = divide(&old, depth);
        let b = divide(&new, depth);
        let keys = |d: &BTreeMap<String, (Move, u64)>| d.keys().cloned().collect::<Vec<_>>();
        let (added, removed) = set_difference(&keys(&a), &keys(&b));
        let next = if added.is_empty() && removed.is_empty() && depth > 1 {
            a.iter().find_map(|(text, (ma, na))| {
                b.get(text)
                    .filter(|(_, nb)| nb != na)
                    .map(|(mb, _)| (text.clone(), ma.clone(), mb.clone()))
            })
        } else {
            None
        };
        match next {
            Some((text, ma, mb)) => {
                old.play_unchecked(&ma);
                new.play_unchecked(&mb);
                line.push(text);
                depth -= 1;
            }
            None => {
                let total = |d: &BTreeMap<String, (Move, u64)>| d.values().map(|v| v.1).sum();
                return Divergence {
                    line,
                    depth,
                    old: total(&a),
                    new: total(&b),
                    added,
                    removed,
                };
            }
        }
    }
}

/// The text report: the summary's changed lines, then each position, then what changed.
fn print_text(old_path: &str, new_path: &str, summary: &[(Op, &str)], compared: &[Compared]) {
    println!("--- {old_path}");
    println!("+++ {new_path}");
    let shown = hunks(summary);
    if shown.is_empty() {
        println!("summary: unchanged");
    } else {
        println!("summary:");
        for line in shown {
            match line {
                Some((op, text)) => println!("{} {text}", op_mark(op)),
                None => println!("  ..."),
            }
        }
    }
    for c in compared {
        println!();
        print_position(c);
    }
    let mut changed: Vec<&str> = Vec::new();
    if summary.iter().any(|(op, _)| *op != Op::Same) {
        changed.push("the summary");
    }
    changed.extend(
        compared
            .iter()
            .filter(|c| c.changed())
            .map(|c| c.name.as_str()),
    );
    println!();
    if changed.is_empty() {
        println!("no change");
    } else {
        println!("changed: {}", changed.join("; "));
    }
}

/// One position's part of the text report.
fn print_position(c: &Compared) {
    println!("== {}", c.name);
    let (a, b) = match (&c.old, &c.new) {
        (Ok(a), Ok(b)) => (a, b),
        (old, new) => {
            for (name, s) in [("old", old.as_ref()), ("new", new.as_ref())] {
                match s {
                    Err(e) => println!("{name}: error: {e}"),
                    Ok(s) => println!("{name}: {}", side_text(s)),
                }
            }
            return;
        }
    };
    if a.text == b.text {
        println!("position: {}", a.text);
    } else {
        println!("position: old {}", a.text);
        println!("          new {}", b.text);
    }
    let none = || "none".to_string();
    let (oa, ob) = (
        a.outcome.clone().unwrap_or_else(none),
        b.outcome.clone().unwrap_or_else(none),
    );
    if oa != ob {
        println!("outcome: old {oa}; new {ob}");
    } else if a.outcome.is_some() {
        println!("outcome: {oa}");
    }
    if c.added.is_empty() && c.removed.is_empty() {
        println!("moves: {} under both", a.moves.len());
    } else {
        println!("moves: {} old, {} new", a.moves.len(), b.moves.len());
        for m in &c.added {
            println!("+ {m}");
        }
        for m in &c.removed {
            println!("- {m}");
        }
    }
    let width = a
        .perft
        .iter()
        .chain(&b.perft)
        .map(|n| n.to_string().len())
        .max()
        .unwrap_or(0)
        .max(3);
    println!("perft:");
    println!("  depth  {:>width$}  {:>width$}", "old", "new");
    for (d, (x, y)) in a.perft.iter().zip(&b.perft).enumerate() {
        let mark = if x == y { "" } else { "  differs" };
        println!("  {:>5}  {x:>width$}  {y:>width$}{mark}", d + 1);
    }
    if let Some(d) = &c.divergence {
        println!("first divergence: {}", divergence_text(d));
    }
}

/// A side shown alone (the other rejected the position): `POSITION, 24 moves, perft 24 528`.
fn side_text(s: &Side) -> String {
    let perft: Vec<String> = s.perft.iter().map(u64::to_string).collect();
    let mut t = format!("{}, {} moves", s.text, s.moves.len());
    if let Some(o) = &s.outcome {
        t.push_str(&format!(", {o}"));
    }
    format!("{t}, perft {}", perft.join(" "))
}

/// `e2e4 e7e5 (old 30, new 31 at depth 1; + d1h5)`.
fn divergence_text(d: &Divergence) -> String {
    if d.line.is_empty() {
        // The moves added and removed are listed just above.
        return format!(
            "at the position itself (old {}, new {} at depth {})",
            d.old, d.new, d.depth
        );
    }
    let line = d.line.join(" ");
    let mut moves = Vec::new();
    for (mark, list) in [("+", &d.added), ("-", &d.removed)] {
        if list.is_empty() {
            continue;
        }
        let mut s = format!("{mark} {}", list[..list.len().min(SHOWN_MOVES)].join(" "));
        if list.len() > SHOWN_MOVES {
            s.push_str(&format!(" and {} more", list.len() - SHOWN_MOVES));
        }
        moves.push(s);
    }
    let moves = if moves.is_empty() {
        String::new()
    } else {
        format!("; {}", moves.join(", "))
    };
    format!(
        "{line} (old {}, new {} at depth {}{moves})",
        d.old, d.new, d.depth
    )
}

/// The `--json` report: one object, the summary's changed lines only.
fn print_json(
    old_path: &str,
    new_path: &str,
    depth: usize,
    changed: bool,
    summary: &[(Op, &str)],
    compared: &[Compared],
) {
    let summary: Vec<Value> = summary
        .iter()
        .filter(|(op, _)| *op != Op::Same)
        .map(|(op, line)| json!({"op": op_mark(*op), "line": line}))
        .collect();
    let positions: Vec<Value> = compared.iter().map(position_json).collect();
    let v = json!({
        "old": old_path,
        "new": new_path,
        "depth": depth,
        "changed": changed,
        "summary": summary,
        "positions": positions,
    });
    println!("{v}");
}

/// One position's part of the `--json` report; a side that failed has nulls and an error.
fn position_json(c: &Compared) -> Value {
    let field = |s: Result<&Side, &String>, f: &dyn Fn(&Side) -> Value| match s {
        Ok(s) => f(s),
        Err(_) => Value::Null,
    };
    let (old, new) = (c.old.as_ref(), c.new.as_ref());
    let perft: Vec<Value> = match (old, new) {
        (Ok(a), Ok(b)) => a
            .perft
            .iter()
            .zip(&b.perft)
            .enumerate()
            .map(|(d, (x, y))| json!({"depth": d + 1, "old": x, "new": y}))
            .collect(),
        (Ok(s), Err(_)) => side_perft(s, "old"),
        (Err(_), Ok(s)) => side_perft(s, "new"),
        (Err(_), Err(_)) => Vec::new(),
    };
    let divergence = c.divergence.as_ref().map(|d| {
        json!({
            "line": d.line,
            "depth": d.depth,
            "old": d.old,
            "new": d.new,
            "added": d.added,
            "removed": d.removed,
        })
    });
    json!({
        "name": c.name,
        "changed": c.changed(),
        "error_old": old.err(),
        "error_new": new.err(),
        "position_old": field(old, &|s| json!(s.text)),
        "position_new": field(new, &|s| json!(s.text)),
        "moves_old": field(old, &|s| json!(s.moves.len())),
        "moves_new": field(new, &|s| json!(s.moves.len())),
        "added": c.added,
        "removed": c.removed,
        "outcome_old": field(old, &|s| json!(s.outcome)),
        "outcome_new": field(new, &|s| json!(s.outcome)),
        "perft": perft,
        "divergence": divergence,
    })
}

/// Perft rows where only one side reached the position (the other is null).
fn side_perft(s: &Side, which: &str) -> Vec<Value> {
    s.perft
        .iter()
        .enumerate()
        .map(|(d, n)| {
            let (old, new) = if which == "old" {
                (json!(n), Value::Null)
            } else {
                (Value::Null, json!(n))
            };
            json!({"depth": d + 1, "old": old, "new": new})
        })
        .collect()
}
