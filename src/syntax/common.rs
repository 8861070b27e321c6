//! The small builders every part of the AST uses: spans, names, numbers, strings, the
//! children of a node, regions, directions, targets, ranges and native calls.

use super::*;

pub(super) fn span(p: &Pair<Rule>) -> Span {
    let s = p.as_span();
    Span::new(s.start(), s.end())
}

pub(super) fn name(p: Pair<Rule>) -> Name {
    Name {
        span: span(&p),
        text: p.as_str().to_string(),
    }
}

pub(super) fn number(p: Pair<Rule>) -> Number {
    Number {
        span: span(&p),
        // The grammar only admits digits; absurdly long numbers saturate and are rejected by
        // the checker's range checks.
        value: p.as_str().parse().unwrap_or(u32::MAX),
    }
}

pub(super) fn string(p: Pair<Rule>) -> (String, Span) {
    let sp = span(&p);
    let text = p
        .into_inner()
        .next()
        .map_or(String::new(), |t| t.as_str().to_string());
    (text, sp)
}

/// The meaningful children of a pair: punctuation, keywords and line ends are dropped.
pub(super) fn parts(p: Pair<Rule>) -> Vec<Pair<Rule>> {
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
                    | Rule::colon
                    | Rule::equals
                    | Rule::dotdot
                    | Rule::eol
            ) && !format!("{r:?}").starts_with("k_")
        })
        .collect()
}

pub(super) fn build_region(p: Pair<Rule>) -> Region {
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
            Rule::star_point => RegionTerm::StarPoint(name(parts(t).remove(0))),
            Rule::named => RegionTerm::Named(name(parts(t).remove(0))),
            r => unreachable!("grammar: unexpected region term {r:?}"),
        })
        .collect();
    Region { terms, span: sp }
}

pub(super) fn dirs(p: Pair<Rule>) -> Vec<Name> {
    parts(p).into_iter().map(name).collect()
}

pub(super) fn target(p: Pair<Rule>) -> TargetDecl {
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

pub(super) fn range(p: Pair<Rule>) -> (Number, Number) {
    let mut n = parts(p).into_iter().map(number);
    (n.next().expect("low"), n.next().expect("high"))
}

pub(super) fn build_native_parts(kids: Vec<Pair<Rule>>, sp: Span) -> NativeCall {
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
