//! AST building: the grammar has already guaranteed the shape, so the builders only walk the
//! parse tree, giving every node its span.

use super::common::*;
use super::rules::build_rule;
use super::*;

pub(super) fn build_game(p: Pair<Rule>) -> Description {
    let mut it = parts(p).into_iter();
    let (title, title_span) = string(it.next().expect("game title"));
    let items = it.map(build_item).collect();
    Description {
        title,
        title_span,
        items,
    }
}

pub(super) fn build_item(p: Pair<Rule>) -> Item {
    let sp = span(&p);
    match p.as_rule() {
        Rule::players => Item::Players(parts(p).into_iter().map(build_player).collect(), sp),
        Rule::teams => Item::Teams(
            parts(p)
                .into_iter()
                .map(|t| {
                    let s = span(&t);
                    (parts(t).into_iter().map(name).collect(), s)
                })
                .collect(),
            sp,
        ),
        Rule::board => build_board(p, sp),
        Rule::piece => Item::Piece(build_piece(p)),
        Rule::sowing_block => Item::Sowing(parts(p).into_iter().map(build_sow_line).collect(), sp),
        Rule::lines_block => Item::Lines(parts(p).into_iter().map(build_line_rule).collect(), sp),
        Rule::steps_block => Item::Steps(parts(p).into_iter().map(build_steps_line).collect(), sp),
        Rule::dice_decl => build_dice(p, sp),
        Rule::race_block => Item::Race(parts(p).into_iter().map(build_race_line).collect(), sp),
        Rule::region_decl => build_region_decl(p, sp),
        Rule::setup => build_setup(p, sp),
        Rule::setup_diagram => Item::Diagram(build_diagram(p)),
        Rule::end_block => Item::End(parts(p).into_iter().map(build_end_rule).collect(), sp),
        Rule::capture_rule => build_capture_rule(p, sp),
        Rule::removal_rule => Item::RemovedAtOnce(sp),
        Rule::identity_rule => Item::Identity(sp),
        Rule::no_check_rule => Item::NoCheck(sp),
        Rule::lone_checker_rule => Item::LoneChecker(sp),
        Rule::custody_rule => build_custody(p, sp),
        Rule::hand_first => build_hand_first(p, sp),
        Rule::drop_castle => {
            let mut it = parts(p)
                .into_iter()
                .map(|on| parts(on).into_iter().map(build_region).collect());
            let pieces = it.next().expect("grammar: the castling pieces' cells");
            let partners = it.next().expect("grammar: the partners' cells");
            Item::DropCastle(pieces, partners, sp)
        }
        Rule::opening_rule => build_opening(p, sp),
        Rule::to_hand => Item::ToHand(
            sp,
            p.into_inner()
                .find(|c| c.as_rule() == Rule::keep_kind)
                .map(|c| span(&c)),
        ),
        Rule::from_partner => Item::FromPartner(sp),
        Rule::gate_rule => Item::Gate(build_region(parts(p).remove(0)), sp),
        Rule::relocate_rule => Item::Relocate(name(parts(p).remove(0)), sp),
        Rule::explode_rule => {
            let mut it = parts(p).into_iter();
            let ds = dirs(it.next().expect("grammar: blast directions"));
            let sparing = it
                .next()
                .map(|s| parts(parts(s).remove(0)).into_iter().map(name).collect())
                .unwrap_or_default();
            Item::Explode {
                dirs: ds,
                sparing,
                span: sp,
            }
        }
        Rule::face_rule => {
            let kids = parts(p);
            let part = kids.iter().any(|k| k.as_rule() == Rule::face_part);
            let ds = kids
                .into_iter()
                .find(|k| k.as_rule() == Rule::dirs)
                .expect("grammar: directions");
            Item::Face(dirs(ds), part, sp)
        }
        Rule::mill_rule => build_mill(p, sp),
        Rule::entry_rule => {
            let mut it = parts(p).into_iter();
            let pieces = parts(it.next().expect("grammar: piece list"))
                .into_iter()
                .map(name)
                .collect();
            Item::Entry {
                pieces,
                regions: it.map(build_region).collect(),
                span: sp,
            }
        }
        Rule::may_pass => Item::MayPass(sp, None),
        Rule::sided_item => build_sided(p),
        Rule::pie_rule => Item::PieRule(sp),
        Rule::turn_places => {
            let mut it = parts(p).into_iter();
            Item::TurnPlaces {
                count: number(it.next().expect("grammar: a count")),
                piece: name(it.next().expect("grammar: a piece")),
                first: it.next().map(number),
                span: sp,
            }
        }
        Rule::notation => {
            let mut it = parts(p).into_iter();
            let n = name(it.next().expect("grammar: a notation"));
            Item::Notation(n, it.next().map(name))
        }
        Rule::levels => Item::Levels(name(parts(p).remove(0))),
        Rule::state_rule => build_state_rule(p, sp),
        Rule::native => Item::Native(build_native(p)),
        r => unreachable!("grammar: unexpected game item {r:?}"),
    }
}

/// `board SHAPE[, naming...]`: the board and how its cells are named.
fn build_board(p: Pair<Rule>, sp: Span) -> Item {
    let mut kids = parts(p).into_iter();
    let inner = kids.next().expect("grammar: a board shape");
    let mut naming = BoardNaming::default();
    for opt in kids {
        let osp = span(&opt);
        match opt.as_rule() {
            Rule::rank_base => naming.rank_base = Some(number(parts(opt).remove(0))),
            Rule::files_numbered => {
                let right = opt.as_str().trim_end().ends_with("right");
                naming.files_numbered.get_or_insert((right, osp));
            }
            _ => {
                let top = opt.as_str().trim_end().ends_with("top");
                naming.ranks_lettered.get_or_insert((top, osp));
            }
        }
    }
    let decl = match inner.as_rule() {
        Rule::board_square | Rule::board_rhombus => {
            let square = inner.as_rule() == Rule::board_square;
            let mut kids = parts(inner).into_iter();
            let width = number(kids.next().expect("width"));
            let height = number(kids.next().expect("height"));
            if square {
                let holes = kids
                    .flat_map(parts)
                    .map(|hole| {
                        let mut ends = parts(hole).into_iter().map(name);
                        let first = ends.next().expect("grammar: a cell");
                        (first, ends.next())
                    })
                    .collect();
                BoardDecl::Square {
                    width,
                    height,
                    holes,
                }
            } else {
                BoardDecl::Rhombus { width, height }
            }
        }
        Rule::board_lines => {
            let bsp = span(&inner);
            let mut it = parts(inner).into_iter();
            let width = number(it.next().expect("grammar: width"));
            let height = number(it.next().expect("grammar: height"));
            let lines = it
                .flat_map(parts)
                .map(|chain| {
                    // `a1-d1-g1` is one name to the grammar: split it at the dashes.
                    let start = span(&chain).start;
                    let mut at = start;
                    chain
                        .as_str()
                        .split('-')
                        .map(|cell| {
                            let n = Name {
                                text: cell.to_string(),
                                span: Span::new(at, at + cell.len()),
                            };
                            at += cell.len() + 1;
                            n
                        })
                        .collect()
                })
                .collect();
            BoardDecl::Lines {
                width,
                height,
                lines,
                span: bsp,
            }
        }
        Rule::board_round => {
            let mut n = parts(inner).into_iter().map(number);
            let rings = n.next().expect("grammar: rings");
            let cells = n.next().expect("grammar: cells");
            BoardDecl::Round { rings, cells }
        }
        Rule::board_pits => {
            let mut n = parts(inner).into_iter().map(number);
            let width = n.next().expect("grammar: width");
            let height = n.next().expect("grammar: height");
            BoardDecl::Pits { width, height }
        }
        Rule::board_dots => {
            let mut n = parts(inner).into_iter().map(number);
            let width = n.next().expect("grammar: width");
            let height = n.next().expect("grammar: height");
            BoardDecl::Dots { width, height }
        }
        Rule::board_star => BoardDecl::Star,
        Rule::board_triangle => BoardDecl::Triangle {
            side: number(parts(inner).remove(0)),
        },
        _ => BoardDecl::Hex {
            side: number(parts(inner).remove(0)),
        },
    };
    Item::Board(decl, naming, sp)
}

/// `dice ...`: the dice thrown and how they are read.
fn build_dice(p: Pair<Rule>, sp: Span) -> Item {
    let mut it = parts(p).into_iter();
    let count = number(it.next().expect("grammar: N"));
    let kind = name(it.next().expect("grammar: a kind of die"));
    let mut d = DiceDecl {
        count,
        kind,
        summed: false,
        counts_as: Vec::new(),
        span: sp,
    };
    for o in it {
        if o.as_rule() == Rule::dice_summed {
            d.summed = true;
        } else {
            let mut n = parts(o).into_iter().map(number);
            let a = n.next().expect("grammar: A");
            d.counts_as.push((a, n.next().expect("grammar: B")));
        }
    }
    Item::Dice(d)
}

/// `region NAME [for PLAYER] = CELLS...`.
fn build_region_decl(p: Pair<Rule>, sp: Span) -> Item {
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

/// `setup { ... }`: pieces on cells and in hand.
fn build_setup(p: Pair<Rule>, sp: Span) -> Item {
    let (mut cells, mut hands) = (Vec::new(), Vec::new());
    for line in parts(p) {
        let line_span = span(&line);
        let rule = line.as_rule();
        let mut it = parts(line).into_iter();
        if rule == Rule::in_hand {
            hands.push(InHand {
                player: name(it.next().expect("player")),
                count: number(it.next().expect("count")),
                piece: name(it.next().expect("piece")),
                span: line_span,
            });
        } else if rule == Rule::stacked {
            let player = name(it.next().expect("player"));
            let count = Some(number(it.next().expect("count")));
            cells.push(Placement {
                player,
                piece: name(it.next().expect("piece")),
                region: build_region(it.next().expect("region")),
                count,
            });
        } else {
            cells.push(Placement {
                player: name(it.next().expect("player")),
                piece: name(it.next().expect("piece")),
                region: build_region(it.next().expect("region")),
                count: None,
            });
        }
    }
    Item::Setup(cells, hands, sp)
}

/// `capture is compulsory[ and must take ...][, then ...]`.
fn build_capture_rule(p: Pair<Rule>, sp: Span) -> Item {
    let mut order = Vec::new();
    if let Some(m) = parts(p).into_iter().find(|c| c.as_rule() == Rule::majority) {
        for c in parts(m) {
            let kind = || name(parts(c.clone()).remove(0));
            order.push(match c.as_rule() {
                Rule::greatest_worth => PriorityDecl::Worth(span(&c)),
                Rule::by_kind => PriorityDecl::By(kind()),
                Rule::most_kind => PriorityDecl::Most(kind()),
                Rule::earliest_kind => PriorityDecl::Earliest(kind()),
                _ => PriorityDecl::Pieces,
            });
        }
    }
    Item::Capture {
        majority: !order.is_empty(),
        order,
        span: sp,
        side: None,
    }
}

/// `for PLAYER[, PLAYER]: RULE`: the game rule with its players, where the rule may be for
/// one side; any other rule is kept whole for the checker to report.
fn build_sided(p: Pair<Rule>) -> Item {
    let mut kids = parts(p).into_iter();
    let side = build_side(kids.next().expect("grammar: side"));
    let mut item = build_item(kids.next().expect("grammar: a game rule"));
    let slot = match &mut item {
        Item::Capture { side, .. } | Item::HandFirst { side, .. } | Item::MayPass(_, side) => {
            Some(side)
        }
        _ => None,
    };
    match slot {
        Some(slot) => {
            *slot = Some(side);
            item
        }
        None => Item::NotSided(side, Box::new(item)),
    }
}

/// `capture by custody DIRS[, against REGION [when empty]]...`.
fn build_custody(p: Pair<Rule>, sp: Span) -> Item {
    let mut it = parts(p).into_iter();
    let ds = dirs(it.next().expect("grammar: custody directions"));
    let against = it
        .map(|a| {
            let mut a = parts(a).into_iter();
            let region = build_region(a.next().expect("grammar: a hostile region"));
            (region, a.next().is_some())
        })
        .collect();
    Item::Custody(CustodyDecl {
        dirs: ds,
        against,
        span: sp,
    })
}

/// `[KIND|pieces] in hand must be placed first[, PIECES on both colours][, by every player]`.
fn build_hand_first(p: Pair<Rule>, sp: Span) -> Item {
    let (mut kind, mut split, mut all) = (None, None, None);
    for c in parts(p) {
        if c.as_rule() == Rule::hand_kind {
            kind = Some(name(c));
        } else if c.as_rule() == Rule::hand_first_all {
            all = Some(span(&c));
        } else {
            let span = c.as_span();
            split = Some((
                name(parts(c).remove(0)),
                Span::new(span.start(), span.end()),
            ));
        }
    }
    Item::HandFirst {
        span: sp,
        kind,
        split,
        all,
        side: None,
    }
}

/// `to open, PLAYER removes a PIECE on REGION | next to an empty cell`.
fn build_opening(p: Pair<Rule>, sp: Span) -> Item {
    let mut it = parts(p).into_iter();
    let player = name(it.next().expect("grammar: a player"));
    let piece = name(it.next().expect("grammar: a piece"));
    let place = it.next().expect("grammar: where");
    let (mut on, mut next_to_empty) = (None, None);
    if place.as_rule() == Rule::opening_on {
        on = Some(build_region(parts(place).remove(0)));
    } else {
        next_to_empty = Some(parts(place).into_iter().next().map(dirs));
    }
    Item::Opening {
        player,
        piece,
        on,
        next_to_empty,
        span: sp,
    }
}

/// `making N in a row [along DIRS] [by a PART] removes an enemy piece[, ...][ and earns
/// another PART]`, or `... earns another PART`.
fn build_mill(p: Pair<Rule>, sp: Span) -> Item {
    let (mut length, mut ds, mut protect, mut removes) = (None, None, false, false);
    let (mut by, mut earns) = (None, None);
    // `placement` or `move`, inside `by a ...` or `earns another ...`.
    let part = |p: Pair<Rule>| {
        let found = parts(p)
            .into_iter()
            .find(|c| c.as_rule() == Rule::mill_part);
        found.map(|c| {
            let kind = if c.as_str() == "placement" {
                MillPart::Placement
            } else {
                MillPart::Move
            };
            (kind, span(&c))
        })
    };
    for c in parts(p) {
        match c.as_rule() {
            Rule::int => length = Some(number(c)),
            Rule::dirs => ds = Some(dirs(c)),
            Rule::mill_by => by = part(c),
            Rule::mill_remove => {
                removes = true;
                for r in parts(c) {
                    match r.as_rule() {
                        Rule::mill_protect => protect = true,
                        Rule::mill_again => earns = part(r),
                        _ => {}
                    }
                }
            }
            Rule::mill_again => earns = part(c),
            _ => {}
        }
    }
    Item::Mill {
        length: length.expect("grammar: a length"),
        dirs: ds,
        by,
        removes,
        protect,
        earns,
        span: sp,
    }
}

/// `slept|kept|keeping|fresh pieces cannot act | are immune to ...`.
fn build_state_rule(p: Pair<Rule>, sp: Span) -> Item {
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

pub(super) fn build_player(p: Pair<Rule>) -> PlayerDecl {
    let mut it = parts(p).into_iter().map(name);
    PlayerDecl {
        name: it.next().expect("player name"),
        forward: it.next(),
        right: it.next(),
    }
}

pub(super) fn build_piece(p: Pair<Rule>) -> PieceDecl {
    let sp = span(&p);
    let mut it = parts(p).into_iter();
    let n = name(it.next().expect("piece name"));
    let (letter, letter_span) = string(it.next().expect("piece letter"));
    let mut decl = PieceDecl {
        name: n,
        letter,
        letter_span,
        more_letters: Vec::new(),
        royal: false,
        royal_last: None,
        royal_together: None,
        worth: None,
        immune: Vec::new(),
        rules: Vec::new(),
        sides: Vec::new(),
        span: sp,
    };
    for c in it {
        match c.as_rule() {
            Rule::string => decl.more_letters.push(string(c)),
            Rule::royal => {
                decl.royal = true;
                for q in parts(c) {
                    match q.as_rule() {
                        Rule::royal_together => decl.royal_together = Some(span(&q)),
                        _ => decl.royal_last = Some(span(&q)),
                    }
                }
            }
            Rule::worth => decl.worth = Some(number(parts(c).remove(0))),
            Rule::immune => decl
                .immune
                .extend(parts(parts(c).remove(0)).into_iter().map(name)),
            Rule::side_rule => {
                let mut kids = parts(c).into_iter();
                let side = build_side(kids.next().expect("grammar: side"));
                decl.rules
                    .push(build_rule(kids.next().expect("grammar: rule")));
                decl.sides.push(Some(side));
            }
            _ => {
                decl.rules.push(build_rule(c));
                decl.sides.push(None);
            }
        }
    }
    decl
}

/// `for goats, tigers:` — the players a rule or an end line is for.
pub(super) fn build_side(p: Pair<Rule>) -> SideDecl {
    let sp = span(&p);
    SideDecl {
        players: parts(p).into_iter().map(name).collect(),
        span: sp,
    }
}

pub(super) fn build_native(p: Pair<Rule>) -> NativeCall {
    let sp = span(&p);
    build_native_parts(parts(p), sp)
}

pub(super) fn build_diagram(p: Pair<Rule>) -> Diagram {
    let sp = span(&p);
    let mut rows = Vec::new();
    let mut legend = Vec::new();
    for c in parts(p) {
        match c.as_rule() {
            Rule::diagram_row => {
                let rsp = span(&c);
                let mut it = parts(c).into_iter();
                let rank = name(it.next().expect("rank label"));
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

/// The `with komi K for PLAYER` of a tie-break by area or worth: its text, the player, and
/// where the value stands.
fn komi(what: Pair<Rule>) -> Option<(String, Name, Span)> {
    parts(what).into_iter().next().map(|k| {
        let mut it = parts(k).into_iter();
        let value = it.next().expect("grammar: a komi");
        let (text, vsp) = (value.as_str().to_string(), span(&value));
        (text, name(it.next().expect("grammar: a player")), vsp)
    })
}

/// `, decided by more X, then more Y`: what is compared, in order.
pub(super) fn tiebreak(p: Pair<Rule>) -> Vec<TiebreakDecl> {
    if p.as_rule() != Rule::tiebreak {
        return Vec::new();
    }
    parts(p)
        .into_iter()
        .map(|more| {
            let what = parts(more).remove(0);
            match what.as_rule() {
                Rule::all_pieces => TiebreakDecl::Pieces(None),
                Rule::seeds => TiebreakDecl::Seeds(span(&what)),
                Rule::area => TiebreakDecl::Area {
                    span: span(&what),
                    komi: komi(what),
                },
                Rule::worth_sum => TiebreakDecl::Worth {
                    span: span(&what),
                    komi: komi(what),
                },
                _ => TiebreakDecl::Pieces(Some(name(what))),
            }
        })
        .collect()
}

/// `chase, not by PIECES, not of PIECES in REGION`.
fn build_chase(p: Pair<Rule>) -> ChaseDecl {
    let mut d = ChaseDecl {
        span: span(&p),
        ..ChaseDecl::default()
    };
    for clause in parts(p) {
        let rule = clause.as_rule();
        let mut it = parts(clause).into_iter();
        let kinds: Vec<Name> = it
            .next()
            .map(parts)
            .unwrap_or_default()
            .into_iter()
            .map(name)
            .collect();
        if rule == Rule::chase_not_by {
            d.not_by.extend(kinds);
        } else {
            d.not_of.push((kinds, it.next().map(build_region)));
        }
    }
    d
}

pub(super) fn build_end_rule(p: Pair<Rule>) -> EndRule {
    let sp = span(&p);
    let mut it = parts(p).into_iter().peekable();
    if let Some(no_repeat) = it.next_if(|c| c.as_rule() == Rule::no_repeat) {
        let times = match parts(no_repeat).first().map(|k| k.as_rule()) {
            Some(Rule::second) => 2,
            Some(Rule::fourth) => 4,
            _ => 3,
        };
        return EndRule {
            side: None,
            result: ResultDecl::Forbid,
            cond: EndCondDecl::Repetition(times, Vec::new()),
            span: sp,
        };
    }
    let side = it.next_if(|c| c.as_rule() == Rule::side).map(build_side);
    let result = match parts(it.next().expect("result")).remove(0).as_rule() {
        Rule::win => ResultDecl::Win,
        Rule::lose => ResultDecl::Lose,
        Rule::pass => ResultDecl::Pass,
        _ => ResultDecl::Draw,
    };
    let c = it.next().expect("condition");
    let cond = match c.as_rule() {
        Rule::when_clause => build_when(parts(c).remove(0)),
        Rule::repetition => {
            let kids = parts(c);
            let times = match kids.first().map(|k| k.as_rule()) {
                Some(Rule::twofold) => 2,
                Some(Rule::fourfold) => 4,
                _ => 3,
            };
            EndCondDecl::Repetition(times, kids.into_iter().flat_map(tiebreak).collect())
        }
        Rule::perpetual => match parts(c).into_iter().find(|k| k.as_rule() == Rule::chase) {
            Some(chase) => EndCondDecl::PerpetualChase(build_chase(chase)),
            None => EndCondDecl::PerpetualCheck,
        },
        Rule::pass_limit => {
            let mut it = parts(c).into_iter().peekable();
            let passes = number(it.next().expect("grammar: a count"));
            let facing = it.next_if(|k| k.as_rule() == Rule::pass_facing).is_some();
            EndCondDecl::PassLimit {
                passes,
                facing,
                tiebreak: it.next().map(tiebreak).unwrap_or_default(),
            }
        }
        Rule::count_limit => EndCondDecl::Counting(Box::new(build_count(c))),
        _ => {
            let mut it = parts(c).into_iter();
            let plies = number(it.next().expect("plies"));
            let (mut no_progress, mut tiebreak, mut material) = (None, Vec::new(), None);
            for part in it {
                match part.as_rule() {
                    Rule::no_progress => {
                        no_progress = Some(parts(part).into_iter().next().map(name));
                    }
                    Rule::material => {
                        let side = |p: Pair<Rule>| -> Vec<(Number, Name)> {
                            let items = parts(p);
                            items
                                .chunks(2)
                                .map(|pair| (number(pair[0].clone()), name(pair[1].clone())))
                                .collect()
                        };
                        let mut sides = parts(part).into_iter().map(side);
                        material = Some([
                            sides.next().unwrap_or_default(),
                            sides.next().unwrap_or_default(),
                        ]);
                    }
                    _ => tiebreak = self::tiebreak(part),
                }
            }
            EndCondDecl::PlyLimit {
                plies,
                no_progress,
                material,
                tiebreak,
            }
        }
    };
    EndRule {
        side,
        result,
        cond,
        span: sp,
    }
}

/// `after counting N moves [against ...][, else N][, from the pieces on the board], when ...`.
fn build_count(c: Pair<Rule>) -> crate::ast::CountDecl {
    use crate::ast::{CountCondDecl, CountDecl};
    let span = span(&c);
    let mut d = CountDecl {
        limits: Vec::new(),
        otherwise: None,
        from_pieces: false,
        conds: Vec::new(),
        span,
    };
    for part in parts(c) {
        match part.as_rule() {
            Rule::count_first | Rule::count_entry => {
                let mut kids = parts(part).into_iter();
                let moves = number(kids.next().expect("grammar: a limit"));
                let against = kids.next().map(|n| {
                    let piece = name(kids.next().expect("grammar: a piece"));
                    (number(n), piece)
                });
                d.limits.push((moves, against));
            }
            Rule::count_else => d.otherwise = Some(number(parts(part).remove(0))),
            Rule::count_from => d.from_pieces = true,
            Rule::count_cond => {
                let inner = parts(part).remove(0);
                let rule = inner.as_rule();
                let mut kids = parts(inner);
                let last = kids.pop().expect("grammar: a name or count");
                d.conds.push(match rule {
                    Rule::count_nobody => CountCondDecl::NobodyHas(name(last)),
                    Rule::count_bare => CountCondDecl::Bare(name(last)),
                    Rule::count_more => CountCondDecl::MoreThan(name(last)),
                    _ => CountCondDecl::AtMost(number(last)),
                });
            }
            _ => {}
        }
    }
    d
}

/// The condition of a `when ...` end line.
fn build_when(inner: Pair<Rule>) -> EndCondDecl {
    match inner.as_rule() {
        Rule::no_legal_move => {
            let kids = parts(inner);
            EndCondDecl::NoLegalMove {
                in_check: kids.iter().any(|k| k.as_rule() == Rule::in_check),
                tiebreak: kids.into_iter().flat_map(tiebreak).collect(),
            }
        }
        Rule::pits_empty => EndCondDecl::PitsEmpty {
            tiebreak: parts(inner).into_iter().flat_map(tiebreak).collect(),
        },
        Rule::store_holds => EndCondDecl::StoreHolds(number(parts(inner).remove(0))),
        Rule::stores_hold => EndCondDecl::StoresHold(number(parts(inner).remove(0))),
        Rule::no_pieces => {
            let mut kids = parts(inner);
            let opponent = kids[0].as_rule() == Rule::opponent_has;
            let what = match kids.pop().expect("grammar: what they have none of") {
                w if w.as_rule() == Rule::all_pieces => None,
                w => Some(name(w)),
            };
            if opponent {
                EndCondDecl::OpponentHasNo(what)
            } else {
                EndCondDecl::NoPieces(what)
            }
        }
        Rule::only_kind => {
            EndCondDecl::OpponentHasOnly(name(parts(inner).pop().expect("grammar: the kind")))
        }
        Rule::fewer_pieces => {
            let mut it = parts(inner).into_iter();
            let n = number(it.next().expect("count"));
            let what = it.next().expect("what");
            EndCondDecl::FewerThan(n, (what.as_rule() == Rule::ident).then(|| name(what)))
        }
        Rule::monopoly => {
            let mut it = parts(inner).into_iter();
            let n = number(it.next().expect("count"));
            EndCondDecl::Monopoly(n, name(it.next().expect("kind")))
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
            let mut both = false;
            for part in parts(inner) {
                match part.as_rule() {
                    Rule::both_players => both = true,
                    Rule::exactly => exactly = true,
                    Rule::int => length = Some(number(part)),
                    Rule::dirs => d = Some(dirs(part)),
                    _ => {}
                }
            }
            EndCondDecl::InARow {
                both,
                exactly,
                length: length.expect("grammar: a length"),
                dirs: d,
            }
        }
        Rule::connected => EndCondDecl::Connected,
        Rule::ring => EndCondDecl::Ring(span(&inner)),
        Rule::connects_edges => {
            let sp = span(&inner);
            let mut it = parts(inner).into_iter();
            let count = it.next().expect("grammar: a count").into_inner().next();
            let count = count.expect("grammar: a number");
            let count = if count.as_rule() == Rule::int {
                number(count)
            } else {
                let value = match count.as_str() {
                    "two" => 2,
                    "three" => 3,
                    "four" => 4,
                    "five" => 5,
                    _ => 6,
                };
                Number {
                    value,
                    span: span(&count),
                }
            };
            let what = it.next().expect("grammar: sides or corners");
            EndCondDecl::ConnectsEdges {
                count,
                corners: what.as_rule() == Rule::edge_corners,
                not_counting_corners: !parts(what).is_empty(),
                span: sp,
            }
        }
        Rule::all_on => EndCondDecl::AllOn(build_region(parts(inner).remove(0))),
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
        Rule::bare => EndCondDecl::Bare(name(parts(inner).remove(0))),
        Rule::checks_given => EndCondDecl::ChecksGiven(number(parts(inner).remove(0))),
        _ => {
            let mut it = parts(inner).into_iter();
            EndCondDecl::Reaches {
                piece: name(it.next().expect("piece")),
                region: build_region(it.next().expect("region")),
                reply: match it.next().map(|p| p.as_rule()) {
                    None => ReachReply::None,
                    Some(Rule::reach_equal) => ReachReply::Equal,
                    Some(Rule::reach_untaken) => ReachReply::CannotBeTaken,
                    Some(_) => ReachReply::NotTakenInReply,
                },
            }
        }
    }
}

/// One line of a `race` block.
fn build_race_line(p: Pair<Rule>) -> RaceLine {
    let sp = span(&p);
    let rule = p.as_rule();
    let kids = parts(p);
    let kind = match rule {
        Rule::race_track => {
            let off = kids.iter().any(|k| k.as_rule() == Rule::race_off);
            let mut names = kids
                .into_iter()
                .filter(|k| k.as_rule() == Rule::ident)
                .map(name);
            RaceLineKind::Track {
                player: names.next().expect("grammar: a player"),
                cells: names.collect(),
                off,
            }
        }
        Rule::race_again => {
            RaceLineKind::Again(name(kids.into_iter().next().expect("grammar: a region")))
        }
        Rule::race_safe => {
            RaceLineKind::Safe(name(kids.into_iter().next().expect("grammar: a region")))
        }
        Rule::race_enter => {
            RaceLineKind::Enter(number(kids.into_iter().next().expect("grammar: N")))
        }
        Rule::race_throw_again => {
            RaceLineKind::ThrowAgain(number(kids.into_iter().next().expect("grammar: N")))
        }
        Rule::race_clear => RaceLineKind::ClearStart,
        Rule::race_must_enter => RaceLineKind::MustEnter,
        Rule::race_stack => RaceLineKind::Stack,
        Rule::race_close => {
            RaceLineKind::Close(number(kids.into_iter().next().expect("grammar: N")))
        }
        Rule::race_hand_first => RaceLineKind::HandFirst,
        Rule::race_home => {
            RaceLineKind::Home(name(kids.into_iter().next().expect("grammar: a region")))
        }
        Rule::race_higher => RaceLineKind::Higher,
        Rule::race_double => RaceLineKind::Double,
        Rule::race_most => RaceLineKind::Most,
        Rule::race_opening => RaceLineKind::Opening,
        Rule::race_swap => RaceLineKind::Swap,
        Rule::race_guard => RaceLineKind::Guard,
        Rule::race_back => RaceLineKind::Back,
        Rule::race_stop => {
            RaceLineKind::Stop(name(kids.into_iter().next().expect("grammar: a cell")))
        }
        Rule::race_only_off => {
            RaceLineKind::OnlyOff(name(kids.into_iter().next().expect("grammar: a region")))
        }
        Rule::race_any_off => {
            RaceLineKind::AnyOff(name(kids.into_iter().next().expect("grammar: a region")))
        }
        Rule::race_trap => {
            let mut k = kids.into_iter();
            let cell = name(k.next().expect("grammar: a cell"));
            let release = number(k.next().expect("grammar: N"));
            let back = name(k.next().expect("grammar: a cell"));
            RaceLineKind::Trap {
                cell,
                release,
                back,
            }
        }
        Rule::race_begin => {
            let mut k = kids.into_iter();
            let value = number(k.next().expect("grammar: N"));
            let from = name(k.next().expect("grammar: a cell"));
            let to = name(k.next().expect("grammar: a cell"));
            let player = name(k.next().expect("grammar: a player"));
            RaceLineKind::Begin {
                value,
                from,
                to,
                player,
            }
        }
        _ => RaceLineKind::Hit,
    };
    RaceLine { kind, span: sp }
}

/// One line of a `lines` block.
fn build_line_rule(p: Pair<Rule>) -> LineRuleDecl {
    let sp = span(&p);
    let kind = match p.as_rule() {
        Rule::line_claim => LineRuleKind::Claim(name(
            parts(p)
                .into_iter()
                .find(|q| q.as_rule() == Rule::ident)
                .expect("grammar: a piece"),
        )),
        Rule::line_again => LineRuleKind::Again,
        _ => LineRuleKind::Draw,
    };
    LineRuleDecl { kind, span: sp }
}

/// One line of a `steps` block.
fn build_steps_line(p: Pair<Rule>) -> StepsLine {
    let sp = span(&p);
    let rule = p.as_rule();
    let kids = parts(p);
    let mut names = kids
        .iter()
        .filter(|q| q.as_rule() == Rule::ident)
        .map(|q| name(q.clone()));
    let kind = match rule {
        Rule::steps_turn => StepsLineKind::Turn(number(
            kids.iter()
                .find(|q| q.as_rule() == Rule::int)
                .cloned()
                .expect("grammar: N"),
        )),
        Rule::steps_strength => StepsLineKind::Strength(names.collect()),
        Rule::steps_push => StepsLineKind::Push,
        Rule::steps_freeze => StepsLineKind::Freeze,
        _ => StepsLineKind::Trap(names.next().expect("grammar: a region")),
    };
    StepsLine { kind, span: sp }
}

/// One line of a `sowing` block.
fn build_sow_line(p: Pair<Rule>) -> SowLine {
    let sp = span(&p);
    let rule = p.as_rule();
    let text = p.as_str().to_string();
    let kids = parts(p);
    let counts = |p: Pair<Rule>| parts(p).into_iter().map(number).collect::<Vec<_>>();
    let kind = match rule {
        Rule::sow_start => SowLineKind::Start(number(kids.into_iter().next().expect("grammar: N"))),
        Rule::sow_hand => SowLineKind::Hand(number(kids.into_iter().next().expect("grammar: N"))),
        Rule::sow_rule => {
            let mut s = SowLineKind::Sow {
                clockwise: false,
                within: None,
                least: None,
                toward_seeds: false,
            };
            if let SowLineKind::Sow {
                clockwise,
                within,
                least,
                toward_seeds,
            } = &mut s
            {
                for k in kids {
                    match k.as_rule() {
                        Rule::sow_dir => *clockwise = k.as_str().starts_with("clockwise"),
                        Rule::sow_in => {
                            *within = Some(build_region(parts(k).remove(0)));
                        }
                        Rule::sow_least => *least = Some(number(parts(k).remove(0))),
                        _ => *toward_seeds = true,
                    }
                }
            }
            s
        }
        Rule::sow_facing => SowLineKind::Facing {
            all: kids.iter().any(|k| k.as_rule() == Rule::facing_all),
            sow_back: kids
                .iter()
                .find(|k| k.as_rule() == Rule::facing_sow)
                .map(|k| {
                    parts(k.clone()).iter().any(|d| {
                        d.as_rule() == Rule::sow_dir && d.as_str().starts_with("clockwise")
                    })
                }),
        },
        Rule::sow_store => SowLineKind::PassesStore,
        Rule::sow_skip => SowLineKind::SkipsOrigin,
        Rule::sow_again => SowLineKind::Again,
        Rule::sow_opposite => SowLineKind::Opposite {
            if_seeds: kids.iter().any(|k| k.as_rule() == Rule::if_seeds),
            with_last: kids.iter().any(|k| k.as_rule() == Rule::with_last),
        },
        Rule::sow_lap_feed => SowLineKind::LapFeed,
        Rule::sow_lap_limit => {
            SowLineKind::LapLimit(number(kids.into_iter().next().expect("grammar: N")))
        }
        Rule::sow_counts => {
            let mut it = kids.into_iter();
            SowLineKind::Counts {
                counts: counts(it.next().expect("grammar: counts")),
                back: it.next().map(|b| counts(parts(b).remove(0))),
            }
        }
        Rule::sow_relay => SowLineKind::Relay {
            mine: text.split_whitespace().any(|w| w == "mine,"),
        },
        Rule::sow_no_slam => SowLineKind::NoSlam,
        _ => SowLineKind::Feed,
    };
    SowLine { kind, span: sp }
}
