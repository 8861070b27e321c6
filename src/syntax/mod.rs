//! Text → AST. The only module that knows pest.
//!
//! It turns a description into [`crate::ast::Description`] or one [`SyntaxError`] that names the tokens
//! that would have been accepted, in the author's words (`` `to` ``, `end of line`), never pest
//! rule names. It resolves nothing: names stay names for [`crate::check`].

use crate::ast::*;
use pest::iterators::Pair;
use pest::Parser;
use pest_derive::Parser;

mod build;
mod common;
mod describe;
mod errors;
mod rules;

use build::build_game;
use common::span;
use errors::translate;

#[derive(Parser)]
#[grammar = "../grammar/tabula.pest"]
struct DescriptionParser;

/// A description that does not follow the grammar.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{message}")]
pub struct SyntaxError {
    pub message: String,
    pub span: Span,
    pub label: String,
    /// A second place worth showing, e.g. the `{` that is never closed.
    pub secondary: Option<(Span, &'static str)>,
    /// What would be right, as notes under the snippet.
    pub notes: Vec<String>,
}

/// Parses a whole description.
///
/// # Errors
/// The first place where the text stops following the grammar, with the tokens expected there.
pub fn parse(source: &str) -> Result<Description, SyntaxError> {
    // A description is read line by line by people; a line far longer than any statement
    // (generated or corrupted text) is refused before the parser spends its time on it.
    let mut start = 0;
    for line in source.split_inclusive('\n') {
        let len = line.trim_end_matches(['\n', '\r']).chars().count();
        if len > MAX_LINE_CHARS {
            return Err(SyntaxError {
                message: format!(
                    "this line is {len} characters long; a line holds at most {MAX_LINE_CHARS}"
                ),
                span: Span::new(start, start + line.chars().next().map_or(0, char::len_utf8)),
                label: "this line".into(),
                secondary: None,
                notes: vec!["write one statement per line".into()],
            });
        }
        start += line.len();
    }
    let mut pairs =
        DescriptionParser::parse(Rule::description, source).map_err(|e| translate(source, e))?;
    let file = pairs.next().expect("file rule always yields one pair");
    // Every number must fit the checker's range (u32): a larger one is reported, not clamped.
    if let Some(big) = file
        .clone()
        .into_inner()
        .flatten()
        .find(|p| p.as_rule() == Rule::int && p.as_str().parse::<u32>().is_err())
    {
        return Err(SyntaxError {
            message: format!("number `{}` is too large", big.as_str()),
            span: span(&big),
            label: "at most 4294967295".into(),
            secondary: None,
            notes: vec!["every count, size and limit in a description is below 2^32".into()],
        });
    }
    let game = file
        .into_inner()
        .find(|p| p.as_rule() == Rule::game)
        .expect("grammar: file contains game");
    Ok(build_game(game))
}

/// The longest line a description may have, in characters.
pub const MAX_LINE_CHARS: usize = 4096;

/// The closest known name, if it is close enough to be a likely typo.
///
/// Shared by syntax errors (a misspelt keyword) and [`crate::check`] (a misspelt name).
pub fn suggest<'a>(word: &str, known: impl Iterator<Item = &'a str>) -> Option<String> {
    let mut best: Option<(usize, &str)> = None;
    for k in known {
        let d = edit_distance(word, k);
        if best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, k));
        }
    }
    let (d, k) = best?;
    let limit = (word.len().max(k.len()) / 3).max(1);
    (d <= limit && d > 0).then(|| k.to_string())
}

/// Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`: `stpe` is one
/// edit from `step`.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // d[i][j]: distance between the first i chars of a and the first j chars of b.
    let mut d = vec![vec![0; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let sub = d[i - 1][j - 1] + usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = sub.min(d[i - 1][j] + 1).min(d[i][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}
