//! Building a piece's movement rules from the parse tree.

use super::common::*;
use super::*;

pub(super) fn build_rule(p: Pair<Rule>) -> RuleDecl {
    let sp = span(&p);
    let rule = p.as_rule();
    let kids = parts(p);
    match rule {
        Rule::place_rule => build_place(kids, sp),
        Rule::step_rule => build_step(kids, sp),
        Rule::slide_rule => build_slide(kids, sp),
        Rule::leap_rule => build_leap(kids, sp),
        Rule::ride_rule => build_ride(kids, sp),
        Rule::hop_rule => {
            let mut it = kids.into_iter();
            let d = dirs(it.next().expect("hop dirs"));
            RuleDecl::Hop {
                dirs: d,
                target: it.next().map(target),
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
        Rule::count_rule => build_count(kids, sp),
        Rule::convert_rule => RuleDecl::Convert {
            dirs: dirs(kids.into_iter().next().expect("grammar: dirs")),
            span: sp,
        },
        Rule::meet_rule => build_meet(kids, sp),
        Rule::bar_rule => {
            let mut it = kids.into_iter();
            RuleDecl::Bar {
                piece: name(it.next().expect("piece")),
                dirs: dirs(it.next().expect("dirs")),
                span: sp,
            }
        }
        Rule::jump_rule => build_jump(kids, sp),
        Rule::walk_rule => build_walk(kids, sp),
        Rule::approach_rule => build_approach(kids, sp),
        Rule::circuit_rule => RuleDecl::Circuits {
            circuits: kids
                .into_iter()
                .map(|c| parts(c).into_iter().map(|r| name(r)).collect())
                .collect(),
            span: sp,
        },
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
        Rule::castle_rule => build_castle(kids, sp),
        Rule::promote_rule => build_promote(kids, sp),
        Rule::promote_move => build_promote_move(kids, sp),
        Rule::drawn_rule => RuleDecl::Drawn {
            glyphs: kids.into_iter().map(super::common::string).collect(),
            span: sp,
        },
        Rule::no_capture_rule => RuleDecl::NoCapture {
            pieces: parts(kids.into_iter().next().expect("grammar: piece list"))
                .into_iter()
                .map(name)
                .collect(),
            span: sp,
        },
        Rule::streak_rule => {
            let mut kids = kids.into_iter();
            RuleDecl::Streak {
                limit: number(kids.next().expect("grammar: a count")),
                while_has: kids
                    .next()
                    .and_then(|w| parts(w).into_iter().last())
                    .map(name),
                span: sp,
            }
        }
        Rule::confine_rule => RuleDecl::Confined {
            once: kids.iter().any(|k| k.as_rule() == Rule::once_there),
            region: build_region(kids.into_iter().next().expect("grammar: a region")),
            span: sp,
        },
        Rule::screen_rule => build_screen(kids, sp),
        Rule::drop_rule => build_drop(kids, sp),
        Rule::fly_anywhere => RuleDecl::FlyAnywhere {
            pieces: kids.into_iter().next().map(number),
            span: sp,
        },
        Rule::surround_rule => RuleDecl::Surrounded {
            on: build_region(kids.into_iter().next().expect("grammar: a region")),
            span: sp,
        },
        Rule::native => RuleDecl::Native(build_native_parts(kids, sp)),
        r => unreachable!("grammar: unexpected piece item {r:?}"),
    }
}

/// `step DIRS [twice] [to TARGET][, from REGION][, within REGION][, may be taken en passant]`.
fn build_step(kids: Vec<Pair<Rule>>, sp: Span) -> RuleDecl {
    let mut d = Vec::new();
    let (mut twice, mut tgt, mut from, mut ep) = (false, None, None, false);
    let mut within = None;
    for c in kids {
        match c.as_rule() {
            Rule::dirs => d = dirs(c),
            Rule::twice => twice = true,
            Rule::target => tgt = Some(target(c)),
            Rule::from_clause => from = Some(build_region(parts(c).remove(0))),
            Rule::within_clause => within = Some(build_region(parts(c).remove(0))),
            Rule::en_passant_mark => ep = true,
            r => unreachable!("grammar: step part {r:?}"),
        }
    }
    RuleDecl::Step {
        dirs: d,
        twice,
        target: tgt,
        from,
        within,
        en_passant: ep,
        span: sp,
    }
}

/// `slide DIRS [to TARGET] ...` and its clauses.
fn build_slide(kids: Vec<Pair<Rule>>, sp: Span) -> RuleDecl {
    let mut d = Vec::new();
    let (mut until, mut tgt, mut within) = (false, None, None);
    for c in kids {
        match c.as_rule() {
            Rule::dirs => d = dirs(c),
            Rule::until_blocked => until = true,
            Rule::target => tgt = Some(target(c)),
            Rule::within_clause => within = Some(build_region(parts(c).remove(0))),
            r => unreachable!("grammar: slide part {r:?}"),
        }
    }
    RuleDecl::Slide {
        dirs: d,
        until_blocked: until,
        target: tgt,
        within,
        span: sp,
    }
}

/// `leap (DX, DY) [toward DIRS] [to TARGET] ...` and its clauses (first move only, blocked legs).
fn build_leap(kids: Vec<Pair<Rule>>, sp: Span) -> RuleDecl {
    let mut it = kids.into_iter();
    let a = number(it.next().expect("leap a"));
    let b = number(it.next().expect("leap b"));
    let (mut tgt, mut then_fresh, mut blocked) = (None, false, false);
    let (mut toward, mut first_move, mut from) = (None, None, None);
    for c in it {
        match c.as_rule() {
            Rule::then_fresh => then_fresh = true,
            Rule::from_clause => from = Some(build_region(parts(c).remove(0))),
            Rule::first_move => first_move = Some(first_move_clause(c)),
            Rule::leap_blocked => blocked = true,
            Rule::leap_toward => toward = Some(dirs(parts(c).remove(0))),
            _ => tgt = Some(target(c)),
        }
    }
    RuleDecl::Leap {
        a,
        b,
        target: tgt,
        blocked,
        toward,
        from,
        then_fresh,
        first_move,
        span: sp,
    }
}

/// `ride (DX, DY) ...`: repeated leaps along one line.
fn build_ride(kids: Vec<Pair<Rule>>, sp: Span) -> RuleDecl {
    let mut it = kids.into_iter();
    let a = number(it.next().expect("ride a"));
    let b = number(it.next().expect("ride b"));
    let (mut tgt, mut toward) = (None, None);
    for c in it {
        match c.as_rule() {
            Rule::leap_toward => toward = Some(dirs(parts(c).remove(0))),
            _ => tgt = Some(target(c)),
        }
    }
    RuleDecl::Ride {
        a,
        b,
        target: tgt,
        toward,
        span: sp,
    }
}

/// `jump [far] DIRS over HURDLE[, OPTION]...` (captures, chains: repeatedly, may stop, ...).
fn build_jump(kids: Vec<Pair<Rule>>, sp: Span) -> RuleDecl {
    let mut far = false;
    let mut d = Vec::new();
    let mut hurdle = HurdleDecl::Enemy;
    let (mut gap, mut beyond, mut landing, mut rep) = (None, None, None, false);
    let (mut kinds, mut no_turning_back) = (Vec::new(), None);
    let (mut straight, mut may_stop) = (None, None);
    for c in kids {
        match c.as_rule() {
            Rule::far => far = true,
            Rule::dirs => d = dirs(c),
            Rule::hurdle => {
                let mut it = parts(c).into_iter();
                hurdle = match it.next().expect("grammar: a hurdle").as_rule() {
                    Rule::enemy => HurdleDecl::Enemy,
                    Rule::friend => HurdleDecl::Friend,
                    _ => HurdleDecl::Any,
                };
                if let Some(k) = it.next() {
                    kinds = parts(k)
                        .into_iter()
                        .filter(|x| x.as_rule() == Rule::ident)
                        .map(name)
                        .collect();
                }
            }
            Rule::no_turning_back => no_turning_back = Some(span(&c)),
            Rule::straight_on => straight = Some(span(&c)),
            Rule::may_stop => may_stop = Some(span(&c)),
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
        kinds,
        no_turning_back,
        straight,
        may_stop,
        span: sp,
    }
}

/// `walk [DIRS] up to N steps [to TARGET][, ...]`: a path of steps taken as one move.
/// `meeting an enemy PIECES DIR removes both`.
fn build_meet(kids: Vec<Pair<Rule>>, sp: Span) -> RuleDecl {
    let mut it = kids.into_iter();
    RuleDecl::Meet {
        pieces: parts(it.next().expect("grammar: piece list"))
            .into_iter()
            .map(name)
            .collect(),
        dirs: dirs(it.next().expect("grammar: dirs")),
        span: sp,
    }
}

fn build_walk(kids: Vec<Pair<Rule>>, sp: Span) -> RuleDecl {
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

/// `capture by approach or withdrawal ...` (Fanorona).
fn build_approach(kids: Vec<Pair<Rule>>, sp: Span) -> RuleDecl {
    let mut d = Vec::new();
    let (mut repeatedly, mut not_first_turn) = (false, false);
    let (mut may_stop, mut no_revisit, mut no_same_dir) = (None, None, None);
    for c in kids {
        match c.as_rule() {
            Rule::dirs => d = dirs(c),
            Rule::approach_again => {
                repeatedly = true;
                not_first_turn = !parts(c).is_empty();
            }
            Rule::approach_may_stop => may_stop = Some(span(&c)),
            Rule::no_revisit => no_revisit = Some(span(&c)),
            Rule::approach_turn => no_same_dir = Some(span(&c)),
            r => unreachable!("grammar: approach part {r:?}"),
        }
    }
    RuleDecl::Approach {
        dirs: d,
        repeatedly,
        not_first_turn,
        may_stop,
        no_revisit,
        no_same_dir,
        span: sp,
    }
}

/// `castle DIR ... with PARTNER as "LETTER"[, wherever they stand]`.
fn build_castle(kids: Vec<Pair<Rule>>, sp: Span) -> RuleDecl {
    let mut it = kids.into_iter();
    let dir = name(it.next().expect("castle dir"));
    let mut next = it.next().expect("castle partner");
    let to_file = if next.as_rule() == Rule::castle_to {
        let file = parts(next).remove(0);
        next = it.next().expect("castle partner");
        Some(name(parts(file).remove(0)))
    } else {
        None
    };
    let partner = name(next);
    let (letter, letter_span) = string(it.next().expect("castle letter"));
    let free = it.next().map(|c| span(&c));
    RuleDecl::Castle {
        dir,
        to_file,
        partner,
        letter,
        letter_span,
        free,
        span: sp,
    }
}

/// `promote to PIECES on REGION` and its conditions.
fn build_promote(kids: Vec<Pair<Rule>>, sp: Span) -> RuleDecl {
    let mut it = kids.into_iter();
    let to = parts(it.next().expect("piece list"))
        .into_iter()
        .map(name)
        .collect();
    let on = build_region(it.next().expect("promotion region"));
    let (mut from_too, mut forced, mut in_chain, mut lost) = (false, None, None, None);
    let mut on_capture = false;
    for c in it {
        match c.as_rule() {
            Rule::promote_from => from_too = true,
            Rule::promote_in_chain => in_chain = Some(span(&c)),
            Rule::promote_capturing => on_capture = true,
            Rule::promote_lost => {
                let at = span(&c);
                let kinds = c
                    .into_inner()
                    .find(|k| k.as_rule() == Rule::piece_list)
                    .map(|l| parts(l).into_iter().map(name).collect());
                lost = Some(crate::ast::PromoteLost { kinds, span: at });
            }
            _ => forced = Some(build_region(parts(c).remove(0))),
        }
    }
    RuleDecl::Promote {
        to,
        on,
        from_too,
        forced,
        lost,
        in_chain,
        on_capture,
        span: sp,
    }
}

/// `capture over a screen ...` / `move DIRS over a screen` (Xiangqi's cannon, Janggi's).
fn build_screen(kids: Vec<Pair<Rule>>, sp: Span) -> RuleDecl {
    let (mut d, mut quiet, mut within, mut sparing) = (Vec::new(), false, None, Vec::new());
    for c in kids {
        match c.as_rule() {
            Rule::screen_move => quiet = true,
            Rule::dirs => d = dirs(c),
            Rule::within_clause => within = Some(build_region(parts(c).remove(0))),
            Rule::screen_sparing => {
                let list = parts(c).into_iter().last().expect("grammar: piece list");
                sparing = parts(list).into_iter().map(name).collect();
            }
            r => unreachable!("grammar: screen part {r:?}"),
        }
    }
    RuleDecl::Screen {
        dirs: d,
        quiet,
        within,
        sparing,
        span: sp,
    }
}

/// `drop on empty[, not on REGION][, not on a file with ...][, not giving checkmate]...`.
fn build_drop(kids: Vec<Pair<Rule>>, sp: Span) -> RuleDecl {
    let (mut not_on, mut not_file_with, mut not_mating) = (Vec::new(), None, false);
    let mut either_side = None;
    let mut only_on = Vec::new();
    for c in kids {
        match c.as_rule() {
            Rule::drop_only => only_on.extend(parts(c).into_iter().map(build_region)),
            Rule::drop_not => not_on.extend(parts(c).into_iter().map(build_region)),
            Rule::drop_file => {
                let mut it = parts(c).into_iter();
                let first = it.next().expect("grammar: a count or a piece");
                not_file_with = Some(if first.as_rule() == Rule::drop_file_count {
                    let count = number(parts(first).remove(0));
                    (name(it.next().expect("grammar: a piece")), Some(count))
                } else {
                    (name(first), None)
                });
            }
            Rule::drop_flip => either_side = Some(span(&c)),
            _ => not_mating = true,
        }
    }
    RuleDecl::Drop {
        only_on,
        not_on,
        not_file_with,
        not_mating,
        either_side,
        span: sp,
    }
}

/// `move DIRS as far as there are pieces on its line` (Lines of Action).
fn build_count(kids: Vec<Pair<Rule>>, sp: Span) -> RuleDecl {
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

/// `place on empty[, CLAUSE]...`.
fn build_place(kids: Vec<Pair<Rule>>, sp: Span) -> RuleDecl {
    let (mut falling, mut flipping, mut only_flips, mut next_to) = (None, None, None, None);
    let (mut rotating, mut capturing, mut no_suicide, mut simple_ko) = (None, None, None, None);
    let mut touching = None;
    let mut not_making = None;
    let mut not_by_last = None;
    for c in kids {
        match c.as_rule() {
            Rule::capturing_groups => capturing = Some(span(&c)),
            Rule::no_suicide => no_suicide = Some(span(&c)),
            Rule::simple_ko => simple_ko = Some(span(&c)),
            Rule::falling => falling = Some(name(parts(c).remove(0))),
            Rule::flipping => flipping = Some(dirs(parts(c).remove(0))),
            Rule::only_flips => only_flips = Some(span(&c)),
            Rule::next_to_friend => next_to = Some(dirs(parts(c).remove(0))),
            Rule::touching => touching = Some(build_touching(c)),
            Rule::not_making => {
                let sp = span(&c);
                let mut it = parts(c).into_iter();
                let n = number(it.next().expect("grammar: length"));
                not_making = Some((n, it.next().map(dirs), sp));
            }
            Rule::not_by_last => not_by_last = Some(span(&c)),
            Rule::rotating => {
                let sp = span(&c);
                let mut it = parts(c).into_iter();
                let w = number(it.next().expect("width"));
                let h = number(it.next().expect("height"));
                rotating = Some((w, h, sp));
            }
            r => unreachable!("grammar: place part {r:?}"),
        }
    }
    RuleDecl::Place {
        falling,
        flipping,
        only_flips,
        next_to,
        rotating,
        capturing,
        no_suicide,
        simple_ko,
        touching,
        not_making,
        not_by_last,
        span: sp,
    }
}

/// `promote to PIECES in place[ or by a step DIRS][, from REGION[ or anywhere when it is my last
/// PIECE]][, only while I have no PIECES][, not attacking an enemy][, not giving check]`.
fn build_promote_move(kids: Vec<Pair<Rule>>, sp: crate::ast::Span) -> RuleDecl {
    let mut it = kids.into_iter();
    let to = parts(it.next().expect("grammar: a piece list"))
        .into_iter()
        .map(name)
        .collect();
    let (mut steps, mut from, mut last, mut none_of) = (Vec::new(), None, None, Vec::new());
    let (mut no_attack, mut no_check) = (false, false);
    for c in it {
        match c.as_rule() {
            Rule::promote_step => {
                steps = parts(parts(c).remove(0)).into_iter().map(name).collect();
            }
            Rule::promote_start => {
                let mut p = parts(c).into_iter();
                from = Some(build_region(p.next().expect("grammar: a region")));
                last = p.next().map(|l| name(parts(l).remove(0)));
            }
            Rule::promote_none => {
                none_of = parts(parts(c).remove(0)).into_iter().map(name).collect();
            }
            Rule::promote_no_attack => no_attack = true,
            _ => no_check = true,
        }
    }
    RuleDecl::PromoteMove {
        to,
        steps,
        from,
        last,
        none_of,
        no_attack,
        no_check,
        span: sp,
    }
}

/// `, next to exactly 1 enemy and no friend[, except on the first turn]`.
fn build_touching(p: Pair<Rule>) -> TouchDecl {
    let sp = span(&p);
    let mut counts = Vec::new();
    let mut except_first_turn = false;
    for c in parts(p) {
        match c.as_rule() {
            Rule::touch => {
                let tsp = span(&c);
                let enemies = c.as_str().trim_end().ends_with("enemy")
                    || c.as_str().trim_end().ends_with("enemies");
                let how = parts(c).remove(0);
                let how = parts(how).remove(0);
                let count = match how.as_rule() {
                    Rule::touch_no => TouchCount::No,
                    Rule::touch_exactly => TouchCount::Exactly(number(parts(how).remove(0))),
                    _ => TouchCount::AtLeast(number(parts(how).remove(0))),
                };
                counts.push((enemies, count, tsp));
            }
            Rule::not_first_turn => except_first_turn = true,
            r => unreachable!("grammar: touching part {r:?}"),
        }
    }
    TouchDecl {
        counts,
        except_first_turn,
        span: sp,
    }
}

/// `, only as its first move[, not while in check][, lost once an enemy PIECE lands in line
/// along DIRS]`.
fn first_move_clause(p: Pair<Rule>) -> FirstMoveDecl {
    let span = span(&p);
    let (mut not_in_check, mut lost) = (false, None);
    for c in parts(p) {
        match c.as_rule() {
            Rule::not_in_check => not_in_check = true,
            Rule::lost_in_line => {
                let mut it = parts(c).into_iter();
                let piece = name(it.next().expect("grammar: the piece of a lost right"));
                let ds = dirs(it.next().expect("grammar: the lines of a lost right"));
                lost = Some((piece, ds));
            }
            _ => {}
        }
    }
    FirstMoveDecl {
        not_in_check,
        lost,
        span,
    }
}
