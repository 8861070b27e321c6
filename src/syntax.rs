//! Text → AST. The only module that knows pest.
//!
//! It turns a description into [`ast::Description`] or one [`SyntaxError`] that names the tokens
//! that would have been accepted, in the author's words (`` `to` ``, `end of line`), never pest
//! rule names. It resolves nothing: names stay names for [`crate::check`].

use crate::ast::*;
use pest::iterators::Pair;
use pest::Parser;
use pest_derive::Parser;

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

/// Game-design words the language does not have yet, and what to say about them.
const NOT_YET: [(&str, &str); 9] = [
    ("drop", "dropping a piece from a hand (Shogi, Crazyhouse) is not in the language yet; `place on empty` brings pieces from an unlimited supply"),
    ("sow", "sowing (mancala games) is not in the language yet"),
    ("graph", "boards given as graphs are not in the language yet: boards are `square W x H`, `hex N` or `rhombus W x H`"),
    ("cannon", "capturing over a screen (the Xiangqi cannon) is not in the language yet"),
    ("screen", "capturing over a screen (the Xiangqi cannon) is not in the language yet"),
    ("custodial", "custodial capture (tafl, Hasami Shogi) is not in the language yet"),
    ("rotate", "rotating part of the board (Pentago) is not in the language yet"),
    ("territory", "territory scoring (Go) is not in the language yet"),
    ("hand", "pieces in hand (Shogi) are not in the language yet"),
];

/// Words that continue a rule and cannot start a line.
const CONTINUATIONS: [&str; 14] = [
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
fn at_end_of(source: &str, pos: usize) -> bool {
    source[pos..]
        .lines()
        .all(|l| l.trim().is_empty() || l.trim_start().starts_with("//"))
}

/// The `}` that closed the `game` block before `pos`, if one did.
fn game_close(source: &str, pos: usize) -> Option<usize> {
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

/// The longest line a description may have, in characters.
pub const MAX_LINE_CHARS: usize = 4096;

/// Keywords that start a statement of the game itself (not of a piece, setup or end block).
const GAME_STATEMENTS: [&str; 9] = [
    "players", "board", "piece", "region", "setup", "end", "moves", "notation", "capture",
];

/// At most this many alternatives are repeated in the label under the caret.
const LABEL_ALTERNATIVES: usize = 3;

fn translate(source: &str, err: pest::error::Error<Rule>) -> SyntaxError {
    use pest::error::{ErrorVariant, InputLocation};
    let pos = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let mut expected: Vec<String> = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => positives
            .iter()
            .flat_map(|r| describe(*r))
            .map(|s| s.to_string())
            .collect(),
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
                return error;
            }
        }
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

/// The one expected token (`to`, `,`, ...) whose insertion at `pos` lets the line parse: the
/// author most likely left it out. A token after which the next word reads as a keyword (as
/// `empty` does after `to`) wins over one after which it is only a name.
fn missing_token<'e>(source: &str, pos: usize, expected: &'e [String]) -> Option<&'e str> {
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

fn found_at(source: &str, pos: usize) -> String {
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
fn word_at(source: &str, pos: usize) -> &str {
    let rest = &source[pos..];
    let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
    &rest[..end]
}

/// The byte range of a number like `2.5` when the parser stopped at its `.`.
fn fractional_number(source: &str, pos: usize) -> Option<std::ops::Range<usize>> {
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
fn unclosed_brace(source: &str, pos: usize) -> Option<(usize, &str)> {
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

fn join_alternatives(items: &[String]) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} or {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// How a grammar rule is named to the author: the tokens it can start with, or nothing for
/// rules that never start with a token of their own.
fn describe(rule: Rule) -> &'static [&'static str] {
    match rule {
        Rule::k_a => &["`a`"],
        Rule::k_after | Rule::ply_limit => &["`after`"],
        Rule::k_am => &["`am`"],
        Rule::k_and | Rule::majority | Rule::in_check => &["`and`"],
        Rule::k_any | Rule::any_piece => &["`any`"],
        Rule::k_are => &["`are`"],
        Rule::k_as => &["`as`"],
        Rule::k_be => &["`be`"],
        Rule::k_beyond | Rule::beyond => &["`beyond`"],
        Rule::k_blocked => &["`blocked`"],
        Rule::k_board | Rule::board => &["`board`"],
        Rule::k_by => &["`by`"],
        Rule::k_capture | Rule::capture_rule | Rule::en_passant_rule => &["`capture`"],
        Rule::k_captures => &["`captures`"],
        Rule::k_castle | Rule::castle_rule => &["`castle`"],
        Rule::k_check => &["`check`"],
        Rule::k_compulsory => &["`compulsory`"],
        Rule::k_diagram => &["`diagram`"],
        Rule::k_draw | Rule::draw => &["`draw`"],
        Rule::k_empty | Rule::empty => &["`empty`"],
        Rule::empty_or_enemy => &["`empty or enemy`"],
        Rule::k_en => &["`en`"],
        Rule::k_end | Rule::end_block => &["`end`"],
        Rule::k_enemy | Rule::enemy => &["`enemy`"],
        Rule::k_far | Rule::far | Rule::my_far => &["`far`"],
        Rule::k_file | Rule::file => &["`file`"],
        Rule::k_files | Rule::files => &["`files`"],
        Rule::k_for => &["`for`"],
        Rule::k_forward => &["`forward`"],
        Rule::k_friend | Rule::friend => &["`friend`"],
        Rule::k_from | Rule::from_clause => &["`from`"],
        Rule::k_game | Rule::game => &["`game`"],
        Rule::k_gap | Rule::gap => &["`gap`"],
        Rule::k_have => &["`have`"],
        Rule::k_hex | Rule::board_hex => &["`hex`"],
        Rule::k_rhombus | Rule::board_rhombus => &["`rhombus`"],
        Rule::k_i | Rule::no_legal_move | Rule::no_pieces => &["`I`"],
        Rule::k_identified => &["`identified`"],
        Rule::k_in => &["`in`"],
        Rule::k_is => &["`is`"],
        Rule::k_jump | Rule::jump_rule => &["`jump`"],
        Rule::k_landing | Rule::landing => &["`landing`"],
        Rule::k_leap | Rule::leap_rule => &["`leap`"],
        Rule::k_legal => &["`legal`"],
        Rule::k_lose | Rule::lose => &["`lose`"],
        Rule::k_may => &["`may`"],
        Rule::k_most => &["`most`"],
        Rule::k_move => &["`move`"],
        Rule::k_moves | Rule::identity_rule => &["`moves`"],
        Rule::k_must => &["`must`"],
        Rule::k_my | Rule::my_region | Rule::reaches => &["`my`"],
        Rule::k_native | Rule::native => &["`native`"],
        Rule::k_no => &["`no`"],
        Rule::k_notation | Rule::notation => &["`notation`"],
        Rule::k_on | Rule::repetition => &["`on`"],
        Rule::k_or => &["`or`"],
        Rule::k_over => &["`over`"],
        Rule::k_passant => &["`passant`"],
        Rule::k_piece | Rule::piece => &["`piece`"],
        Rule::k_pieces | Rule::all_pieces => &["`pieces`"],
        Rule::k_players | Rule::players | Rule::may_pass => &["`players`"],
        Rule::k_plies => &["`plies`"],
        Rule::k_promote | Rule::promote_rule => &["`promote`"],
        Rule::k_rank | Rule::rank | Rule::my_rank => &["`rank`"],
        Rule::k_ranks | Rule::ranks | Rule::my_ranks => &["`ranks`"],
        Rule::k_reaches => &["`reaches`"],
        Rule::k_region | Rule::region_decl => &["`region`"],
        Rule::k_repeatedly | Rule::repeatedly => &["`repeatedly`"],
        Rule::k_repetition => &["`repetition`"],
        Rule::k_right => &["`right`"],
        Rule::k_royal | Rule::royal => &["`royal`"],
        Rule::k_setup | Rule::setup | Rule::setup_diagram => &["`setup`"],
        Rule::k_slide | Rule::slide_rule => &["`slide`"],
        Rule::k_smashing | Rule::smashing => &["`smashing`"],
        Rule::k_square | Rule::board_square => &["`square`"],
        Rule::k_start => &["`start`"],
        Rule::k_step | Rule::step_rule => &["`step`"],
        Rule::k_take => &["`take`"],
        Rule::k_taken => &["`taken`"],
        Rule::k_the => &["`the`"],
        Rule::k_threefold => &["`threefold`"],
        Rule::k_to | Rule::to_target => &["`to`"],
        Rule::k_twice | Rule::twice => &["`twice`"],
        Rule::k_until | Rule::until_blocked => &["`until`"],
        Rule::k_when | Rule::when_clause => &["`when`"],
        Rule::k_where | Rule::legend => &["`where`"],
        Rule::k_win | Rule::win => &["`win`"],
        Rule::k_with => &["`with`"],
        Rule::k_without | Rule::no_progress => &["`without`"],
        Rule::k_worth | Rule::worth => &["`worth`"],
        Rule::k_x => &["`x`"],
        Rule::lbrace => &["`{`"],
        Rule::rbrace => &["`}`"],
        Rule::lparen => &["`(`"],
        Rule::rparen => &["`)`"],
        Rule::comma | Rule::en_passant_mark => &["`,`"],
        Rule::equals => &["`=`"],
        Rule::dotdot => &["`..`"],
        Rule::eol => &["end of line"],
        Rule::EOI => &["end of file"],
        Rule::ident | Rule::named => &["a name"],
        Rule::player | Rule::placement => &["a player name"],
        Rule::dirs => &["a direction"],
        Rule::piece_list => &["a piece name"],
        Rule::int => &["a number"],
        Rule::string => &["a quoted string"],
        Rule::native_arg => &["a number", "a name", "a quoted string"],
        Rule::region => &["a region (a cell, `rank 8`, `file a`, `my far rank`, ...)"],
        Rule::diagram_cell | Rule::legend_entry => &["a diagram cell (a letter or `.`)"],
        Rule::diagram_row => &["a diagram row (a rank number, then cells)"],
        Rule::diagram_files => &["a line of file letters"],
        Rule::target => &["`to`", "`smashing`"],
        Rule::hurdle => &["`enemy`", "`friend`", "`any`"],
        Rule::result | Rule::end_rule => &["`win`", "`lose`", "`draw`", "`pass`"],
        Rule::k_pass | Rule::pass => &["`pass`"],
        Rule::pass_limit => &["`after`"],
        Rule::k_passes => &["`passes`"],
        Rule::k_row => &["`row`"],
        Rule::k_adjacent => &["`adjacent`"],
        Rule::k_at => &["`at`"],
        Rule::k_colour | Rule::colour => &["`colour`"],
        Rule::k_each => &["`each`"],
        Rule::k_enemies => &["`enemies`"],
        Rule::k_friends | Rule::friends_plus => &["`friends`"],
        Rule::k_levels | Rule::levels => &["`levels`"],
        Rule::k_liberties => &["`liberties`"],
        Rule::k_of => &["`of`"],
        Rule::k_power | Rule::power => &["`power`"],
        Rule::k_remove => &["`remove`"],
        Rule::k_revisiting => &["`revisiting`"],
        Rule::k_steps => &["`steps`"],
        Rule::k_up => &["`up`"],
        Rule::k_walk | Rule::walk_rule => &["`walk`"],
        Rule::step_effect => &["`after`"],
        Rule::budget => &["`friends`", "a number"],
        Rule::threshold => &["`power`", "a number"],
        Rule::no_revisit => &["`, without revisiting`"],
        Rule::plus => &["`+`"],
        Rule::k_act | Rule::cannot_act => &["`act`"],
        Rule::k_beside => &["`beside`"],
        Rule::k_cannot => &["`cannot`"],
        Rule::k_decided => &["`decided`"],
        Rule::k_fly | Rule::fly_rule => &["`fly`"],
        Rule::k_fresh => &["`fresh`"],
        Rule::k_has => &["`has`"],
        Rule::k_heal | Rule::heal_rule => &["`heal`"],
        Rule::k_immune | Rule::immune => &["`immune`"],
        Rule::k_keeping => &["`keeping`"],
        Rule::k_kept => &["`kept`"],
        Rule::k_more | Rule::more => &["`more`"],
        Rule::k_never | Rule::bar_rule => &["`never`"],
        Rule::k_nobody | Rule::nobody_has => &["`nobody`"],
        Rule::k_push | Rule::push_rule => &["`push`"],
        Rule::k_sleep | Rule::sleep_rule => &["`sleep`"],
        Rule::k_slept => &["`slept`"],
        Rule::k_swap | Rule::swap_rule => &["`swap`"],
        Rule::k_then | Rule::then_fresh | Rule::fly_then | Rule::tiebreak => &["`, then`"],
        Rule::state_rule | Rule::state_name => &["`slept`", "`kept`", "`keeping`", "`fresh`"],
        Rule::immune_clause => &["`are`"],
        Rule::effects => &["an effect (kill, keep, push, sleep, steal, leap-over)"],
        Rule::empty_or_any => &["`empty or any`"],
        Rule::k_smash | Rule::smash_word => &["`smash`"],
        Rule::k_place | Rule::place_rule => &["`place`"],
        Rule::count_rule => &["`move`"],
        Rule::shoot_rule => &["`slide`"],
        Rule::k_shoot => &["`shoot`"],
        Rule::over_friends => &["`,`"],
        Rule::k_its => &["`its`"],
        Rule::k_line => &["`line`"],
        Rule::k_there => &["`there`"],
        Rule::falling | Rule::flipping | Rule::only_flips => &["`,`"],
        Rule::k_falling => &["`falling`"],
        Rule::k_flipping => &["`flipping`"],
        Rule::k_bracketed => &["`bracketed`"],
        Rule::k_along => &["`along`"],
        Rule::k_only => &["`only`"],
        Rule::k_it => &["`it`"],
        Rule::k_flips => &["`flips`"],
        Rule::in_a_row => &["`I`"],
        Rule::k_exactly | Rule::exactly => &["`exactly`"],
        Rule::or_more => &["`or more`"],
        Rule::connects | Rule::connected => &["`my`"],
        Rule::k_connected => &["`connected`"],
        Rule::k_connect => &["`connect`"],
        Rule::board_full => &["`the`"],
        Rule::k_full => &["`full`"],
        Rule::nobody_can_move => &["`nobody`"],
        Rule::k_can => &["`can`"],
        _ => &[],
    }
}

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

// ---------------------------------------------------------------- AST building
//
// The grammar has already guaranteed the shape, so the builders below only walk it.

fn span(p: &Pair<Rule>) -> Span {
    let s = p.as_span();
    Span::new(s.start(), s.end())
}

fn name(p: Pair<Rule>) -> Name {
    Name {
        span: span(&p),
        text: p.as_str().to_string(),
    }
}

fn number(p: Pair<Rule>) -> Number {
    Number {
        span: span(&p),
        // The grammar only admits digits; absurdly long numbers saturate and are rejected by
        // the checker's range checks.
        value: p.as_str().parse().unwrap_or(u32::MAX),
    }
}

fn string(p: Pair<Rule>) -> (String, Span) {
    let sp = span(&p);
    let text = p
        .into_inner()
        .next()
        .map_or(String::new(), |t| t.as_str().to_string());
    (text, sp)
}

/// The meaningful children of a pair: punctuation, keywords and line ends are dropped.
fn parts(p: Pair<Rule>) -> Vec<Pair<Rule>> {
    p.into_inner()
        .filter(|c| {
            let r = c.as_rule();
            !matches!(
                r,
                Rule::lbrace
                    | Rule::rbrace
                    | Rule::lparen
                    | Rule::rparen
                    | Rule::comma
                    | Rule::equals
                    | Rule::dotdot
                    | Rule::eol
            ) && !format!("{r:?}").starts_with("k_")
        })
        .collect()
}

fn build_game(p: Pair<Rule>) -> Description {
    let mut it = parts(p).into_iter();
    let (title, title_span) = string(it.next().expect("game title"));
    let items = it.map(build_item).collect();
    Description {
        title,
        title_span,
        items,
    }
}

fn build_item(p: Pair<Rule>) -> Item {
    let sp = span(&p);
    match p.as_rule() {
        Rule::players => Item::Players(parts(p).into_iter().map(build_player).collect(), sp),
        Rule::board => {
            let inner = parts(p).remove(0);
            let decl = match inner.as_rule() {
                Rule::board_square | Rule::board_rhombus => {
                    let square = inner.as_rule() == Rule::board_square;
                    let mut n = parts(inner).into_iter().map(number);
                    let width = n.next().expect("width");
                    let height = n.next().expect("height");
                    if square {
                        BoardDecl::Square { width, height }
                    } else {
                        BoardDecl::Rhombus { width, height }
                    }
                }
                _ => BoardDecl::Hex {
                    side: number(parts(inner).remove(0)),
                },
            };
            Item::Board(decl, sp)
        }
        Rule::piece => Item::Piece(build_piece(p)),
        Rule::region_decl => {
            let mut it = parts(p).into_iter().peekable();
            let n = name(it.next().expect("region name"));
            let mut player = None;
            let mut region = None;
            for c in it {
                match c.as_rule() {
                    Rule::ident => player = Some(name(c)),
                    _ => region = Some(build_region(c)),
                }
            }
            Item::Region(RegionDecl {
                name: n,
                player,
                region: region.expect("region body"),
                span: sp,
            })
        }
        Rule::setup => Item::Setup(
            parts(p)
                .into_iter()
                .map(|pl| {
                    let mut it = parts(pl).into_iter();
                    Placement {
                        player: name(it.next().expect("player")),
                        piece: name(it.next().expect("piece")),
                        region: build_region(it.next().expect("region")),
                    }
                })
                .collect(),
            sp,
        ),
        Rule::setup_diagram => Item::Diagram(build_diagram(p)),
        Rule::end_block => Item::End(parts(p).into_iter().map(build_end_rule).collect(), sp),
        Rule::capture_rule => Item::Capture {
            majority: parts(p).iter().any(|c| c.as_rule() == Rule::majority),
            span: sp,
        },
        Rule::identity_rule => Item::Identity(sp),
        Rule::may_pass => Item::MayPass(sp),
        Rule::notation => Item::Notation(name(parts(p).remove(0))),
        Rule::levels => Item::Levels(name(parts(p).remove(0))),
        Rule::state_rule => {
            let mut it = parts(p).into_iter();
            let state = name(it.next().expect("state name"));
            let (mut cannot_act, mut immune) = (false, Vec::new());
            for c in it {
                match c.as_rule() {
                    Rule::cannot_act => cannot_act = true,
                    _ => immune.extend(parts(parts(c).remove(0)).into_iter().map(name)),
                }
            }
            Item::State(StateDecl {
                state,
                cannot_act,
                immune,
                span: sp,
            })
        }
        Rule::native => Item::Native(build_native(p)),
        r => unreachable!("grammar: unexpected game item {r:?}"),
    }
}

fn build_player(p: Pair<Rule>) -> PlayerDecl {
    let mut it = parts(p).into_iter().map(name);
    PlayerDecl {
        name: it.next().expect("player name"),
        forward: it.next(),
        right: it.next(),
    }
}

fn build_region(p: Pair<Rule>) -> Region {
    let sp = span(&p);
    let terms = parts(p)
        .into_iter()
        .map(|t| match t.as_rule() {
            Rule::my_region => {
                let inner = parts(t).remove(0);
                match inner.as_rule() {
                    Rule::my_far => RegionTerm::MyFarRank(span(&inner)),
                    Rule::my_rank => RegionTerm::MyRank(number(parts(inner).remove(0))),
                    Rule::my_ranks => {
                        let mut n = parts(inner).into_iter().map(number);
                        RegionTerm::MyRanks(n.next().expect("from"), n.next().expect("to"))
                    }
                    _ => RegionTerm::MyNamed(name(inner)),
                }
            }
            Rule::rank => RegionTerm::Rank(number(parts(t).remove(0))),
            Rule::ranks => {
                let mut n = parts(t).into_iter().map(number);
                RegionTerm::Ranks(n.next().expect("from"), n.next().expect("to"))
            }
            Rule::file => RegionTerm::File(name(parts(t).remove(0))),
            Rule::files => {
                let mut n = parts(t).into_iter().map(name);
                RegionTerm::Files(n.next().expect("from"), n.next().expect("to"))
            }
            Rule::colour => {
                let mut n = parts(t).into_iter().map(number);
                RegionTerm::Colour(n.next().expect("colour"), n.next().expect("count"))
            }
            Rule::named => RegionTerm::Named(name(parts(t).remove(0))),
            r => unreachable!("grammar: unexpected region term {r:?}"),
        })
        .collect();
    Region { terms, span: sp }
}

fn build_piece(p: Pair<Rule>) -> PieceDecl {
    let sp = span(&p);
    let mut it = parts(p).into_iter();
    let n = name(it.next().expect("piece name"));
    let (letter, letter_span) = string(it.next().expect("piece letter"));
    let mut decl = PieceDecl {
        name: n,
        letter,
        letter_span,
        royal: false,
        worth: None,
        immune: Vec::new(),
        rules: Vec::new(),
        span: sp,
    };
    for c in it {
        match c.as_rule() {
            Rule::royal => decl.royal = true,
            Rule::worth => decl.worth = Some(number(parts(c).remove(0))),
            Rule::immune => decl
                .immune
                .extend(parts(parts(c).remove(0)).into_iter().map(name)),
            _ => decl.rules.push(build_rule(c)),
        }
    }
    decl
}

fn dirs(p: Pair<Rule>) -> Vec<Name> {
    parts(p).into_iter().map(name).collect()
}

fn target(p: Pair<Rule>) -> TargetDecl {
    let inner = parts(p).remove(0);
    match inner.as_rule() {
        Rule::smashing => TargetDecl::Smash,
        _ => match parts(inner).remove(0).as_rule() {
            Rule::empty_or_enemy => TargetDecl::EmptyOrEnemy,
            Rule::empty_or_any => TargetDecl::EmptyOrAny,
            Rule::empty => TargetDecl::Empty,
            _ => TargetDecl::Enemy,
        },
    }
}

fn range(p: Pair<Rule>) -> (Number, Number) {
    let mut n = parts(p).into_iter().map(number);
    (n.next().expect("low"), n.next().expect("high"))
}

fn build_rule(p: Pair<Rule>) -> RuleDecl {
    let sp = span(&p);
    let rule = p.as_rule();
    let kids = parts(p);
    match rule {
        Rule::place_rule => {
            let (mut falling, mut flipping, mut only_flips) = (None, None, None);
            for c in kids {
                match c.as_rule() {
                    Rule::falling => falling = Some(name(parts(c).remove(0))),
                    Rule::flipping => flipping = Some(dirs(parts(c).remove(0))),
                    Rule::only_flips => only_flips = Some(span(&c)),
                    r => unreachable!("grammar: place part {r:?}"),
                }
            }
            RuleDecl::Place {
                falling,
                flipping,
                only_flips,
                span: sp,
            }
        }
        Rule::step_rule => {
            let mut d = Vec::new();
            let (mut twice, mut tgt, mut from, mut ep) = (false, None, None, false);
            for c in kids {
                match c.as_rule() {
                    Rule::dirs => d = dirs(c),
                    Rule::twice => twice = true,
                    Rule::target => tgt = Some(target(c)),
                    Rule::from_clause => from = Some(build_region(parts(c).remove(0))),
                    Rule::en_passant_mark => ep = true,
                    r => unreachable!("grammar: step part {r:?}"),
                }
            }
            RuleDecl::Step {
                dirs: d,
                twice,
                target: tgt,
                from,
                en_passant: ep,
                span: sp,
            }
        }
        Rule::slide_rule => {
            let mut d = Vec::new();
            let (mut until, mut tgt) = (false, None);
            for c in kids {
                match c.as_rule() {
                    Rule::dirs => d = dirs(c),
                    Rule::until_blocked => until = true,
                    Rule::target => tgt = Some(target(c)),
                    r => unreachable!("grammar: slide part {r:?}"),
                }
            }
            RuleDecl::Slide {
                dirs: d,
                until_blocked: until,
                target: tgt,
                span: sp,
            }
        }
        Rule::leap_rule => {
            let mut it = kids.into_iter();
            let a = number(it.next().expect("leap a"));
            let b = number(it.next().expect("leap b"));
            let (mut tgt, mut then_fresh) = (None, false);
            for c in it {
                match c.as_rule() {
                    Rule::then_fresh => then_fresh = true,
                    _ => tgt = Some(target(c)),
                }
            }
            RuleDecl::Leap {
                a,
                b,
                target: tgt,
                then_fresh,
                span: sp,
            }
        }
        Rule::fly_rule => {
            let mut it = kids.into_iter();
            let d = dirs(it.next().expect("fly dirs"));
            let then = it.next().map(|t| dirs(parts(t).remove(0)));
            RuleDecl::Fly {
                dirs: d,
                then,
                span: sp,
            }
        }
        Rule::push_rule => RuleDecl::Push {
            dirs: dirs(kids.into_iter().next().expect("dirs")),
            span: sp,
        },
        Rule::sleep_rule => RuleDecl::Sleep {
            dirs: dirs(kids.into_iter().next().expect("dirs")),
            span: sp,
        },
        Rule::heal_rule => RuleDecl::Heal {
            dirs: dirs(kids.into_iter().next().expect("dirs")),
            span: sp,
        },
        Rule::swap_rule => RuleDecl::Swap { span: sp },
        Rule::shoot_rule => {
            let mut it = kids.into_iter();
            let d = dirs(it.next().expect("grammar: directions"));
            let piece = name(it.next().expect("grammar: a piece"));
            RuleDecl::SlideShoot {
                dirs: d,
                piece,
                shoot: dirs(it.next().expect("grammar: directions")),
                span: sp,
            }
        }
        Rule::count_rule => {
            let (mut d, mut over_friends, mut tgt) = (Vec::new(), false, None);
            for c in kids {
                match c.as_rule() {
                    Rule::dirs => d = dirs(c),
                    Rule::over_friends => over_friends = true,
                    Rule::target => tgt = Some(target(c)),
                    r => unreachable!("grammar: move part {r:?}"),
                }
            }
            RuleDecl::LineCount {
                dirs: d,
                over_friends,
                target: tgt,
                span: sp,
            }
        }
        Rule::bar_rule => {
            let mut it = kids.into_iter();
            RuleDecl::Bar {
                piece: name(it.next().expect("piece")),
                dirs: dirs(it.next().expect("dirs")),
                span: sp,
            }
        }
        Rule::jump_rule => {
            let mut far = false;
            let mut d = Vec::new();
            let mut hurdle = HurdleDecl::Enemy;
            let (mut gap, mut beyond, mut landing, mut rep) = (None, None, None, false);
            for c in kids {
                match c.as_rule() {
                    Rule::far => far = true,
                    Rule::dirs => d = dirs(c),
                    Rule::hurdle => {
                        hurdle = match parts(c).remove(0).as_rule() {
                            Rule::enemy => HurdleDecl::Enemy,
                            Rule::friend => HurdleDecl::Friend,
                            _ => HurdleDecl::Any,
                        }
                    }
                    Rule::gap => gap = Some(range(c)),
                    Rule::beyond => beyond = Some(range(c)),
                    Rule::landing => landing = Some(build_region(parts(c).remove(0))),
                    Rule::repeatedly => rep = true,
                    r => unreachable!("grammar: jump part {r:?}"),
                }
            }
            RuleDecl::Jump {
                far,
                dirs: d,
                hurdle,
                gap,
                beyond,
                landing,
                repeatedly: rep,
                span: sp,
            }
        }
        Rule::walk_rule => {
            let mut d = None;
            let (mut friends, mut steps, mut tgt, mut no_revisit) = (false, None, None, false);
            for c in kids {
                match c.as_rule() {
                    Rule::dirs => d = Some(dirs(c)),
                    Rule::budget => {
                        let inner = parts(c).remove(0);
                        match inner.as_rule() {
                            Rule::friends_plus => {
                                friends = true;
                                let sp = span(&inner);
                                steps = Some(
                                    parts(inner)
                                        .into_iter()
                                        .find(|x| x.as_rule() == Rule::int)
                                        .map_or(Number { value: 0, span: sp }, number),
                                );
                            }
                            _ => steps = Some(number(inner)),
                        }
                    }
                    Rule::to_target => {
                        tgt = Some(match parts(c).remove(0).as_rule() {
                            Rule::empty_or_enemy => TargetDecl::EmptyOrEnemy,
                            Rule::empty => TargetDecl::Empty,
                            _ => TargetDecl::Enemy,
                        })
                    }
                    Rule::no_revisit => no_revisit = true,
                    r => unreachable!("grammar: walk part {r:?}"),
                }
            }
            RuleDecl::Walk {
                dirs: d,
                friends,
                steps: steps.expect("grammar: walk budget"),
                target: tgt,
                no_revisit,
                span: sp,
            }
        }
        Rule::step_effect => {
            let t = kids.into_iter().next().expect("threshold");
            let inner = parts(t).remove(0);
            RuleDecl::StepEffect {
                threshold: (inner.as_rule() == Rule::int).then(|| number(inner)),
                span: sp,
            }
        }
        Rule::en_passant_rule => {
            let smash = kids.iter().any(|k| k.as_rule() == Rule::smash_word);
            RuleDecl::EnPassant {
                dirs: dirs(
                    kids.into_iter()
                        .find(|k| k.as_rule() == Rule::dirs)
                        .expect("dirs"),
                ),
                smash,
                span: sp,
            }
        }
        Rule::castle_rule => {
            let mut it = kids.into_iter();
            let dir = name(it.next().expect("castle dir"));
            let partner = name(it.next().expect("castle partner"));
            let (letter, letter_span) = string(it.next().expect("castle letter"));
            RuleDecl::Castle {
                dir,
                partner,
                letter,
                letter_span,
                span: sp,
            }
        }
        Rule::promote_rule => {
            let mut it = kids.into_iter();
            let to = parts(it.next().expect("piece list"))
                .into_iter()
                .map(name)
                .collect();
            let on = build_region(it.next().expect("promotion region"));
            RuleDecl::Promote { to, on, span: sp }
        }
        Rule::native => RuleDecl::Native(build_native_parts(kids, sp)),
        r => unreachable!("grammar: unexpected piece item {r:?}"),
    }
}

fn build_native(p: Pair<Rule>) -> NativeCall {
    let sp = span(&p);
    build_native_parts(parts(p), sp)
}

fn build_native_parts(kids: Vec<Pair<Rule>>, sp: Span) -> NativeCall {
    let mut it = kids.into_iter();
    let n = name(it.next().expect("native name"));
    let args = it
        .map(|a| {
            let inner = a.into_inner().next().expect("native arg");
            match inner.as_rule() {
                Rule::int => {
                    NativeArg::Int(inner.as_str().parse().unwrap_or(i64::MAX), span(&inner))
                }
                Rule::string => {
                    let (s, sp) = string(inner);
                    NativeArg::Str(s, sp)
                }
                _ => NativeArg::Ident(name(inner)),
            }
        })
        .collect();
    NativeCall {
        name: n,
        args,
        span: sp,
    }
}

fn build_diagram(p: Pair<Rule>) -> Diagram {
    let sp = span(&p);
    let mut rows = Vec::new();
    let mut legend = Vec::new();
    for c in parts(p) {
        match c.as_rule() {
            Rule::diagram_row => {
                let rsp = span(&c);
                let mut it = parts(c).into_iter();
                let rank = number(it.next().expect("rank label"));
                let cells = it
                    .map(|cell| (cell.as_str().chars().next().unwrap_or('.'), span(&cell)))
                    .collect();
                rows.push(DiagramRow {
                    rank,
                    cells,
                    span: rsp,
                });
            }
            Rule::diagram_files => {}
            Rule::legend => {
                for e in parts(c) {
                    let mut it = parts(e).into_iter();
                    let sym = it.next().expect("symbol");
                    legend.push(LegendEntry {
                        symbol: sym.as_str().chars().next().unwrap_or('?'),
                        symbol_span: span(&sym),
                        player: name(it.next().expect("player")),
                        piece: name(it.next().expect("piece")),
                    });
                }
            }
            r => unreachable!("grammar: diagram part {r:?}"),
        }
    }
    Diagram {
        rows,
        legend,
        span: sp,
    }
}

/// `, decided by more X, then more Y`: the kinds compared (`None`: pieces of any kind).
fn tiebreak(p: Pair<Rule>) -> Vec<Option<Name>> {
    if p.as_rule() != Rule::tiebreak {
        return Vec::new();
    }
    parts(p)
        .into_iter()
        .map(|more| {
            let what = parts(more).remove(0);
            match what.as_rule() {
                Rule::all_pieces => None,
                _ => Some(name(what)),
            }
        })
        .collect()
}

fn build_end_rule(p: Pair<Rule>) -> EndRule {
    let sp = span(&p);
    let mut it = parts(p).into_iter();
    let result = match parts(it.next().expect("result")).remove(0).as_rule() {
        Rule::win => ResultDecl::Win,
        Rule::lose => ResultDecl::Lose,
        Rule::pass => ResultDecl::Pass,
        _ => ResultDecl::Draw,
    };
    let c = it.next().expect("condition");
    let cond = match c.as_rule() {
        Rule::when_clause => {
            let inner = parts(c).remove(0);
            match inner.as_rule() {
                Rule::no_legal_move => EndCondDecl::NoLegalMove {
                    in_check: !parts(inner).is_empty(),
                },
                Rule::no_pieces => {
                    let what = parts(inner).remove(0);
                    EndCondDecl::NoPieces(match what.as_rule() {
                        Rule::all_pieces => None,
                        _ => Some(name(what)),
                    })
                }
                Rule::nobody_has => {
                    let what = parts(inner).remove(0);
                    EndCondDecl::NobodyHas(match what.as_rule() {
                        Rule::all_pieces => None,
                        _ => Some(name(what)),
                    })
                }
                Rule::in_a_row => {
                    let (mut exactly, mut length, mut d) = (false, None, None);
                    for part in parts(inner) {
                        match part.as_rule() {
                            Rule::exactly => exactly = true,
                            Rule::int => length = Some(number(part)),
                            Rule::dirs => d = Some(dirs(part)),
                            _ => {}
                        }
                    }
                    EndCondDecl::InARow {
                        exactly,
                        length: length.expect("grammar: a length"),
                        dirs: d,
                    }
                }
                Rule::connected => EndCondDecl::Connected,
                Rule::connects => {
                    let mut it = parts(inner).into_iter().map(build_region);
                    let a = it.next().expect("grammar: a region");
                    EndCondDecl::Connects(a, it.next().expect("grammar: a second region"))
                }
                Rule::board_full => EndCondDecl::BoardFull {
                    tiebreak: parts(inner).into_iter().flat_map(tiebreak).collect(),
                },
                Rule::nobody_can_move => EndCondDecl::NobodyCanMove {
                    tiebreak: parts(inner).into_iter().flat_map(tiebreak).collect(),
                },
                _ => {
                    let mut it = parts(inner).into_iter();
                    EndCondDecl::Reaches {
                        piece: name(it.next().expect("piece")),
                        region: build_region(it.next().expect("region")),
                    }
                }
            }
        }
        Rule::repetition => EndCondDecl::Repetition,
        Rule::pass_limit => EndCondDecl::PassLimit(number(parts(c).remove(0))),
        _ => {
            let mut it = parts(c).into_iter();
            let plies = number(it.next().expect("plies"));
            let (mut no_progress, mut tiebreak) = (None, Vec::new());
            for part in it {
                match part.as_rule() {
                    Rule::no_progress => {
                        no_progress = Some(parts(part).into_iter().next().map(name));
                    }
                    _ => tiebreak = self::tiebreak(part),
                }
            }
            EndCondDecl::PlyLimit {
                plies,
                no_progress,
                tiebreak,
            }
        }
    };
    EndRule {
        result,
        cond,
        span: sp,
    }
}
