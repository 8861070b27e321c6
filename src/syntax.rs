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
}

/// Parses a whole description.
///
/// # Errors
/// The first place where the text stops following the grammar, with the tokens expected there.
pub fn parse(source: &str) -> Result<Description, SyntaxError> {
    let mut pairs =
        DescriptionParser::parse(Rule::description, source).map_err(|e| translate(source, e))?;
    let file = pairs.next().expect("file rule always yields one pair");
    let game = file
        .into_inner()
        .find(|p| p.as_rule() == Rule::game)
        .expect("grammar: file contains game");
    Ok(build_game(game))
}

fn translate(source: &str, err: pest::error::Error<Rule>) -> SyntaxError {
    use pest::error::{ErrorVariant, InputLocation};
    let pos = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let mut expected: Vec<String> = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            positives.iter().filter_map(|r| describe(*r)).collect()
        }
        ErrorVariant::CustomError { message } => vec![message.clone()],
    };
    expected.sort();
    expected.dedup();
    // Put "end of line" last: it is the least informative alternative.
    if let Some(i) = expected.iter().position(|e| e == "end of line") {
        let e = expected.remove(i);
        expected.push(e);
    }
    let found = found_at(source, pos);
    let list = join_alternatives(&expected);
    let message = if list.is_empty() {
        format!("unexpected {found}")
    } else {
        format!("expected {list}, found {found}")
    };
    let end = source[pos..]
        .char_indices()
        .find(|(_, c)| c.is_whitespace())
        .map(|(i, _)| pos + i)
        .unwrap_or(source.len());
    let end = if end == pos {
        (pos + source[pos..].chars().next().map_or(0, char::len_utf8)).min(source.len())
    } else {
        end
    };
    SyntaxError {
        label: if list.is_empty() {
            "not understood here".to_string()
        } else {
            format!("expected {list}")
        },
        message,
        span: Span::new(pos, end),
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

fn join_alternatives(items: &[String]) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} or {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// How a grammar rule is named to the author, or `None` for rules that never start with a
/// token of their own.
fn describe(rule: Rule) -> Option<String> {
    let name = format!("{rule:?}");
    if let Some(word) = name.strip_prefix("k_") {
        let word = if word == "i" { "I" } else { word };
        return Some(format!("`{word}`"));
    }
    let text = match rule {
        Rule::lbrace => "`{`",
        Rule::rbrace => "`}`",
        Rule::lparen => "`(`",
        Rule::rparen => "`)`",
        Rule::comma => "`,`",
        Rule::equals => "`=`",
        Rule::dotdot => "`..`",
        Rule::eol => "end of line",
        Rule::EOI => "end of file",
        Rule::ident | Rule::named => "a name",
        Rule::int => "a number",
        Rule::string => "a quoted string",
        Rule::diagram_cell => "a diagram cell (a letter or `.`)",
        Rule::players => "`players`",
        Rule::board => "`board`",
        Rule::piece => "`piece`",
        Rule::region_decl => "`region`",
        Rule::setup | Rule::setup_diagram => "`setup`",
        Rule::end_block => "`end`",
        Rule::capture_rule | Rule::en_passant_rule => "`capture`",
        Rule::identity_rule => "`moves`",
        Rule::notation => "`notation`",
        Rule::native => "`native`",
        Rule::step_rule => "`step`",
        Rule::slide_rule => "`slide`",
        Rule::leap_rule => "`leap`",
        Rule::jump_rule => "`jump`",
        Rule::castle_rule => "`castle`",
        Rule::promote_rule => "`promote`",
        Rule::royal => "`royal`",
        Rule::worth => "`worth`",
        Rule::twice => "`twice`",
        Rule::target | Rule::to_target => "`to`",
        Rule::smashing => "`smashing`",
        Rule::from_clause => "`from`",
        Rule::en_passant_mark => "`, may be taken en passant`",
        Rule::until_blocked => "`until`",
        Rule::far => "`far`",
        Rule::gap => "`gap`",
        Rule::beyond => "`beyond`",
        Rule::landing => "`landing`",
        Rule::repeatedly => "`repeatedly`",
        Rule::majority => "`and`",
        Rule::in_check => "`and`",
        Rule::legend => "`where`",
        Rule::diagram_row => "a diagram row (a rank number, then cells)",
        Rule::diagram_files => "a line of file letters",
        Rule::my_region | Rule::my_far | Rule::my_rank | Rule::my_ranks => "`my`",
        Rule::rank | Rule::ranks => "`rank`",
        Rule::file | Rule::files => "`file`",
        Rule::result | Rule::end_rule => "`win`, `lose` or `draw`",
        Rule::when_clause => "`when`",
        Rule::repetition => "`on`",
        Rule::ply_limit => "`after`",
        Rule::no_progress => "`without`",
        Rule::empty_or_enemy | Rule::empty => "`empty`",
        Rule::enemy => "`enemy`",
        Rule::friend => "`friend`",
        Rule::any_piece => "`any`",
        Rule::all_pieces => "`pieces`",
        Rule::hurdle => "`enemy`, `friend` or `any`",
        Rule::no_legal_move | Rule::no_pieces => "`I`",
        Rule::reaches => "`my`",
        _ => return None,
    };
    Some(text.to_string())
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
                Rule::board_square => {
                    let mut n = parts(inner).into_iter().map(number);
                    let width = n.next().expect("width");
                    let height = n.next().expect("height");
                    BoardDecl::Square { width, height }
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
        Rule::notation => Item::Notation(name(parts(p).remove(0))),
        Rule::native => Item::Native(build_native(p)),
        r => unreachable!("grammar: unexpected game item {r:?}"),
    }
}

fn build_player(p: Pair<Rule>) -> PlayerDecl {
    let mut it = parts(p).into_iter().map(name);
    PlayerDecl {
        name: it.next().expect("player name"),
        forward: it.next().expect("forward"),
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
        rules: Vec::new(),
        span: sp,
    };
    for c in it {
        match c.as_rule() {
            Rule::royal => decl.royal = true,
            Rule::worth => decl.worth = Some(number(parts(c).remove(0))),
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
            RuleDecl::Leap {
                a,
                b,
                target: it.next().map(target),
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
        Rule::en_passant_rule => RuleDecl::EnPassant {
            dirs: dirs(kids.into_iter().next().expect("dirs")),
            span: sp,
        },
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

fn build_end_rule(p: Pair<Rule>) -> EndRule {
    let sp = span(&p);
    let mut it = parts(p).into_iter();
    let result = match parts(it.next().expect("result")).remove(0).as_rule() {
        Rule::win => ResultDecl::Win,
        Rule::lose => ResultDecl::Lose,
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
        _ => {
            let mut it = parts(c).into_iter();
            let plies = number(it.next().expect("plies"));
            let no_progress = it.next().map(|np| parts(np).into_iter().next().map(name));
            EndCondDecl::PlyLimit { plies, no_progress }
        }
    };
    EndRule {
        result,
        cond,
        span: sp,
    }
}
