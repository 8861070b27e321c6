//! Syntax errors in the author's words: pest's expectations translated into tokens and
//! phrases (`` `to` ``, `end of line`), with the special cases a reader meets most (a word not
//! yet in the language, a rule split over lines, an unclosed or stray brace).

use super::describe::describe;
use super::*;

/// Game-design words the language does not have yet, and what to say about them.
pub(super) const NOT_YET: [(&str, &str); 1] =
    [("sow", "sowing (mancala games) is not in the language yet")];

/// Game-design words for things the language writes another way, and how.
pub(super) const WRITTEN_OTHERWISE: [(&str, &str); 6] = [
    ("cannon", "a capture over a screen (the Xiangqi cannon) is the piece rule `capture orthogonal over a screen`"),
    ("graph", "a board of points joined by lines, where pieces stand on the points (Nine Men's Morris), is written `board lines W x H { a1-d1-g1, ... }`; moves that draw the lines themselves (Dots and Boxes) are not yet in the language"),
    ("custodial", "custodial capture is the game rule `capture by custody orthogonal`"),
    ("rotate", "a block's quarter turn follows a placement: `place on empty, then rotate a 3 x 3 block either way`"),
    ("territory", "Go's scoring is a tiebreak: `draw after 2 passes in a row, decided by more area with komi 7.5 for white`"),
    ("hand", "pieces in hand are given in the setup: `white has 9 stones in hand`"),
];

/// Words that continue a rule and cannot start a line.
pub(super) const CONTINUATIONS: [&str; 14] = [
    "to",
    "from",
    "smashing",
    "over",
    "then",
    "and",
    "or",
    "twice",
    "until",
    "repeatedly",
    "gap",
    "beyond",
    "landing",
    ",",
];

/// Whether only white space and comments follow `pos`.
pub(super) fn at_end_of(source: &str, pos: usize) -> bool {
    source[pos..]
        .lines()
        .all(|l| l.trim().is_empty() || l.trim_start().starts_with("//"))
}

/// The `}` that closed the `game` block before `pos`, if one did.
pub(super) fn game_close(source: &str, pos: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut comment = false;
    for (i, c) in source[..pos].char_indices() {
        match c {
            '\n' => comment = false,
            _ if comment => {}
            '"' => in_string = !in_string,
            '/' if !in_string && source[i..].starts_with("//") => comment = true,
            '{' if !in_string => depth += 1,
            '}' if !in_string => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Keywords that start a statement of the game itself (not of a piece, setup or end block).
pub(super) const GAME_STATEMENTS: [&str; 9] = [
    "players", "board", "piece", "region", "setup", "end", "moves", "notation", "capture",
];

/// At most this many alternatives are repeated in the label under the caret.
pub(super) const LABEL_ALTERNATIVES: usize = 3;

pub(super) fn translate(source: &str, err: pest::error::Error<Rule>) -> SyntaxError {
    use pest::error::InputLocation;
    let pos = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let expected = expected_alternatives(&err.variant);
    let found = found_at(source, pos);
    let word = word_at(source, pos);
    let list = join_alternatives(&expected);
    let mut error = SyntaxError {
        message: if list.is_empty() {
            format!("unexpected {found}")
        } else {
            format!("expected {list}, found {found}")
        },
        span: Span::new(pos, pos + word.len()),
        label: if list.is_empty() {
            "not understood here".to_string()
        } else if list == "end of line" {
            "the line should end before this".to_string()
        } else if expected.len() <= LABEL_ALTERNATIVES {
            format!("expected {list}")
        } else {
            "not expected here".to_string()
        },
        secondary: None,
        notes: vec![],
    };

    // No `game` block at all (an empty file, or only comments).
    if expected.iter().any(|e| e == "`game`") || at_end_of(source, 0) {
        error.message = format!("expected a `game \"Name\" {{ ... }}` block, found {found}");
        error.label = "the description starts here".to_string();
        error.notes.push(
            "a description is one block: `game \"Name\" {`, then `players ...`, `board ...`, \
             the pieces, the setup and the end, each on its own line, then `}`"
                .to_string(),
        );
        return error;
    }

    // A game-design word the language does not have yet.
    if let Some((_, what)) = NOT_YET.iter().find(|(w, _)| *w == word) {
        error.label = "not yet in the language".to_string();
        error.notes.push(format!(
            "{what}; see \"Not yet in the language\" in grammar/README.md"
        ));
        return error;
    }

    // A word for something the language writes another way.
    if let Some((_, how)) = WRITTEN_OTHERWISE.iter().find(|(w, _)| *w == word) {
        error.label = "written another way".to_string();
        error.notes.push(format!("{how}; see grammar/README.md"));
        return error;
    }

    // A rule split over two lines: the second line starts with a word that only continues one.
    let line_start = source[..pos].rfind('\n').map_or(0, |i| i + 1);
    if CONTINUATIONS.contains(&word) && source[line_start..pos].trim().is_empty() {
        error.notes.push(format!(
            "a rule is written on one line: `{word} ...` continues the line above; join them"
        ));
        return error;
    }

    // Text after the end of the game: a `}` too many closed it early.
    if expected
        .iter()
        .all(|e| e == "end of line" || e == "end of file")
        && !at_end_of(source, pos)
    {
        if let Some(close) = game_close(source, pos) {
            error.message = format!("the game ended before {found}");
            error.label = "outside the game".to_string();
            error.secondary = Some((Span::new(close, close + 1), "this `}` closes the game"));
            error.notes.push(
                "a `}` too many closes the `game` block early: remove the extra `}`".to_string(),
            );
            return error;
        }
    }

    if let Some(number) = fractional_number(source, pos) {
        // `worth 2.5`: the parser stops at `.5`; blame the whole number instead.
        error.message = format!(
            "expected a whole number, found `{}`",
            &source[number.clone()]
        );
        error.span = Span::new(number.start, number.end);
        error.label = "not a whole number".to_string();
        return error;
    }

    if unclosed_block(source, pos, word, &found, &expected, &mut error) {
        return error;
    }

    if !word.is_empty() {
        let keywords = expected
            .iter()
            .filter_map(|e| e.strip_prefix('`')?.strip_suffix('`'))
            .filter(|k| k.chars().all(|c| c.is_ascii_alphabetic()));
        if let Some(k) = suggest(word, keywords) {
            error.label = format!("did you mean `{k}`?");
            return error;
        }
    }

    if let Some(missing) = missing_token(source, pos, &expected) {
        error.label = format!("insert `{missing}` before this");
        return error;
    }
    error
}

/// The alternatives pest expected, named for the author, sorted, with line and file ends last.
fn expected_alternatives(variant: &pest::error::ErrorVariant<Rule>) -> Vec<String> {
    use pest::error::ErrorVariant;
    let mut expected: Vec<String> = match variant {
        ErrorVariant::ParsingError { positives, .. } => {
            positives.iter().flat_map(|r| describe(*r)).collect()
        }
        ErrorVariant::CustomError { message } => vec![message.clone()],
    };
    // After `to`, pest names only the first word of each target: list them whole.
    if expected.iter().any(|e| e == "`empty`") && expected.iter().any(|e| e == "`enemy`") {
        expected.push("`empty or any`".into());
        expected.push("`empty or enemy`".into());
    }
    expected.sort();
    expected.dedup();
    // Put line and file ends last: they are the least informative alternatives.
    for tail in ["end of line", "end of file"] {
        if let Some(i) = expected.iter().position(|e| e == tail) {
            let e = expected.remove(i);
            expected.push(e);
        }
    }
    expected
}

/// A block left open: a game statement (or the file's end) where only its `}` could stand.
/// Rewrites `error` to blame the open `{` and returns true when that is the mistake.
fn unclosed_block(
    source: &str,
    pos: usize,
    word: &str,
    found: &str,
    expected: &[String],
    error: &mut SyntaxError,
) -> bool {
    let closes_block = expected.iter().any(|e| e == "`}`");
    let at_end = pos >= source.len();
    let misplaced_statement = at_end
        || (GAME_STATEMENTS.contains(&word) && !expected.iter().any(|e| *e == format!("`{word}`")));
    if closes_block && misplaced_statement {
        if let Some((brace, block)) = unclosed_brace(source, pos) {
            let statement_elsewhere = !at_end && block != "game";
            if at_end || statement_elsewhere {
                error.message =
                    format!("expected `}}` to close the `{block}` block, found {found}");
                if at_end {
                    // Point after the last token rather than at the empty last line.
                    let last = source.trim_end().len();
                    error.span = Span::new(last, last);
                    error.label = "expected `}` after this".to_string();
                } else {
                    error.label = "expected `}` before this".to_string();
                }
                error.secondary = Some((Span::new(brace, brace + 1), "this `{` is never closed"));
                if statement_elsewhere {
                    error.notes.push(format!(
                        "`{word}` is a statement of the game, it cannot stand inside a `{block}` block"
                    ));
                }
                return true;
            }
        }
    }
    false
}

/// The one expected token (`to`, `,`, ...) whose insertion at `pos` lets the line parse: the
/// author most likely left it out. A token after which the next word reads as a keyword (as
/// `empty` does after `to`) wins over one after which it is only a name.
pub(super) fn missing_token<'e>(
    source: &str,
    pos: usize,
    expected: &'e [String],
) -> Option<&'e str> {
    let line_end = source[pos..].find('\n').map_or(source.len(), |i| pos + i);
    let mut keyword_fits = Vec::new();
    let mut line_fits = Vec::new();
    for token in expected
        .iter()
        .filter_map(|e| e.strip_prefix('`')?.strip_suffix('`'))
        .filter(|t| !t.contains(' '))
    {
        let patched = format!("{}{token} {}", &source[..pos], &source[pos..]);
        let shift = token.len() + 1;
        match DescriptionParser::parse(Rule::description, &patched) {
            Ok(pairs) => {
                let as_keyword = pairs.flatten().any(|p| {
                    p.as_span().start() == pos + shift
                        && format!("{:?}", p.as_rule()).starts_with("k_")
                });
                if as_keyword {
                    keyword_fits.push(token);
                }
                line_fits.push(token);
            }
            Err(e) => {
                let at = match e.location {
                    pest::error::InputLocation::Pos(p) => p,
                    pest::error::InputLocation::Span((p, _)) => p,
                };
                if at > line_end + shift {
                    line_fits.push(token);
                }
            }
        }
    }
    match (keyword_fits.as_slice(), line_fits.as_slice()) {
        ([only], _) | ([], [only]) => Some(only),
        _ => None,
    }
}

pub(super) fn found_at(source: &str, pos: usize) -> String {
    let rest = &source[pos..];
    match rest.chars().next() {
        None => "end of file".to_string(),
        Some('\n') | Some('\r') => "end of line".to_string(),
        Some(_) => {
            let word: String = rest
                .chars()
                .take_while(|c| !c.is_whitespace())
                .take(24)
                .collect();
            format!("`{word}`")
        }
    }
}

/// The text from `pos` to the next white space (empty at a line or file end).
pub(super) fn word_at(source: &str, pos: usize) -> &str {
    let rest = &source[pos..];
    let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
    &rest[..end]
}

/// The byte range of a number like `2.5` when the parser stopped at its `.`.
pub(super) fn fractional_number(source: &str, pos: usize) -> Option<std::ops::Range<usize>> {
    let bytes = source.as_bytes();
    let digit = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_digit);
    if bytes.get(pos) != Some(&b'.') || !digit(pos + 1) || pos == 0 || !digit(pos - 1) {
        return None;
    }
    let start = (0..pos).rev().find(|&i| !digit(i)).map_or(0, |i| i + 1);
    let end = (pos + 1..bytes.len())
        .find(|&i| !digit(i) && bytes[i] != b'.')
        .unwrap_or(bytes.len());
    Some(start..end)
}

/// The innermost `{` still open at `pos`, and the first word of its line (`piece`, `setup`, ...).
pub(super) fn unclosed_brace(source: &str, pos: usize) -> Option<(usize, &str)> {
    let mut open = Vec::new();
    for line in source[..pos].split_inclusive('\n') {
        let offset = line.as_ptr() as usize - source.as_ptr() as usize;
        let mut in_string = false;
        for (i, c) in line.char_indices() {
            match c {
                '"' => in_string = !in_string,
                '/' if !in_string && line[i..].starts_with("//") => break,
                '{' if !in_string => open.push(offset + i),
                '}' if !in_string => {
                    open.pop();
                }
                _ => {}
            }
        }
    }
    let brace = *open.last()?;
    let line_start = source[..brace].rfind('\n').map_or(0, |i| i + 1);
    let block = source[line_start..brace].split_whitespace().next()?;
    Some((brace, block))
}

pub(super) fn join_alternatives(items: &[String]) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} or {}", items[..n - 1].join(", "), items[n - 1]),
    }
}
