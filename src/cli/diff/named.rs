//! The named positions `tabula diff --positions FILE` compares: a reader for the format of
//! `tests/positions/*.positions`, keeping only where each position starts and the moves
//! played from there.

/// One named position of a `--positions` file: where it starts and the moves played from
/// there. The file's checks (`count`, `moves`, ...) belong to the positions tests, not here.
pub(super) struct Entry {
    /// The name after `==`.
    pub name: String,
    /// A position string; the start position when absent.
    pub position: Option<String>,
    /// The moves of its `play` lines, in order, in the game's notation.
    pub moves: Vec<String>,
}

/// The entries of a named-positions file (the format of `tests/positions/*.positions`).
///
/// # Errors
/// A line that is not part of the format, named `PATH:LINE`.
pub(super) fn read_entries(path: &str, text: &str) -> Result<Vec<Entry>, String> {
    let mut out: Vec<Entry> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let at = format!("{path}:{}", i + 1);
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix("==") {
            let name = name.trim();
            if name.is_empty() {
                return Err(format!("{at}: `==` needs a name after it (`== NAME`)"));
            }
            out.push(Entry {
                name: name.to_string(),
                position: None,
                moves: Vec::new(),
            });
            continue;
        }
        let (key, rest) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(k, r)| (k, r.trim()));
        let Some(e) = out.last_mut() else {
            // The positions tests name their description first; diff is given both.
            if key == "game" {
                continue;
            }
            return Err(format!(
                "{at}: `{key}` comes before the first position: start each position with \
                 `== NAME`"
            ));
        };
        match key {
            "position" if rest.is_empty() => {
                return Err(format!("{at}: `position` needs a position string after it"))
            }
            "position" if e.position.is_some() || !e.moves.is_empty() => {
                return Err(format!(
                    "{at}: `position` must come once, before `play`: start another position \
                     with `== NAME`"
                ))
            }
            "position" => e.position = Some(rest.to_string()),
            "play" => e.moves.extend(move_words(rest)),
            "count" | "moves" | "includes" | "excludes" | "board" | "outcome" | "perft" => {}
            _ => {
                return Err(format!(
                    "{at}: unknown line `{key}`: expected `== NAME`, `position`, `play` or a \
                     check (`count`, `moves`, `includes`, `excludes`, `board`, `outcome`, \
                     `perft`)"
                ))
            }
        }
    }
    Ok(out)
}

/// Moves separated by spaces, where ` x CELL` (a removal a walk causes, Rascals' `i8-j8 x
/// k8`) belongs to the move before it.
fn move_words(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut words = text.split_whitespace();
    while let Some(w) = words.next() {
        match (w, out.last_mut(), words.clone().next()) {
            ("x", Some(last), Some(cell)) => {
                last.push_str(" x ");
                last.push_str(cell);
                words.next();
            }
            _ => out.push(w.to_string()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removals_stay_with_their_move() {
        assert_eq!(move_words("a1-b1 x c1 d2"), ["a1-b1 x c1", "d2"]);
    }

    #[test]
    fn a_bad_line_names_the_file_and_line() {
        let err = read_entries("p.positions", "# c\nplay e2e4\n").err();
        assert_eq!(
            err.as_deref(),
            Some(
                "p.positions:2: `play` comes before the first position: start each position \
                 with `== NAME`"
            )
        );
    }
}
