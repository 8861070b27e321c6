//! The end rules: their texts, as the engine prints them in reasons and summaries (`lose when
//! I have no legal move and I am in check`), and what the engine reads of them at a glance.

use crate::ast::ReachReply;
use crate::model::{plural, EndCond, EndModel, KindModel, PlayerModel, Tiebreak, Verdict};

/// `for PLAYER, ...: ` before an end line read for some players only, else nothing.
fn side_text(e: &EndModel, players: &[PlayerModel]) -> String {
    if e.side == 0 {
        return String::new();
    }
    let names: Vec<&str> = (0..players.len())
        .filter(|&p| e.is_for(p))
        .map(|p| players[p].name.as_str())
        .collect();
    format!("for {}: ", names.join(", "))
}

/// An end line's first word.
fn verdict_word(v: Verdict) -> &'static str {
    match v {
        Verdict::Win => "win",
        Verdict::Lose => "lose",
        Verdict::Draw => "draw",
        Verdict::Pass => "pass",
    }
}

pub(super) fn describe_end(e: &EndModel, kinds: &[KindModel], players: &[PlayerModel]) -> String {
    let (side, verdict) = (side_text(e, players), verdict_word(e.verdict));
    let cond = match &e.cond {
        EndCond::NoLegalMove { in_check, tiebreak } => format!(
            "when I have no legal move{}{}",
            if *in_check { " and I am in check" } else { "" },
            tiebreak_text(tiebreak, kinds, players)
        ),
        EndCond::PitsEmpty { tiebreak } => format!(
            "when a player's pits are empty{}",
            tiebreak_text(tiebreak, kinds, players)
        ),
        EndCond::StoreHolds(n) => format!("when my store holds more than {n} seeds"),
        EndCond::StoresHold(n) => format!("when both stores hold {n} seeds"),
        EndCond::NoPieces(None) => "when I have no pieces".to_string(),
        EndCond::FewerThan(n, None) => format!("when I have fewer than {n} pieces"),
        EndCond::FewerThan(n, Some(k)) => {
            format!("when I have fewer than {n} {}", plural(&kinds[*k].name))
        }
        EndCond::NoPieces(Some(k)) => format!("when I have no {}", plural(&kinds[*k].name)),
        EndCond::Monopoly(1, k) => {
            format!("when I have 1 {} and the opponent has none", kinds[*k].name)
        }
        EndCond::Monopoly(n, k) => format!(
            "when I have {n} {} and the opponent has none",
            plural(&kinds[*k].name)
        ),
        EndCond::OpponentHasNo(None) => "when the opponent has no pieces".to_string(),
        EndCond::OpponentHasNo(Some(k)) => {
            format!("when the opponent has no {}", plural(&kinds[*k].name))
        }
        EndCond::Bare(k) => format!("when my {} is bare", kinds[*k].name),
        EndCond::OpponentHasOnly(k) => {
            format!("when the opponent has only {}", plural(&kinds[*k].name))
        }
        EndCond::ChecksGiven(1) => "when I have given check 1 time".to_string(),
        EndCond::ChecksGiven(n) => format!("when I have given check {n} times"),
        EndCond::Reaches { kind, reply, .. } => format!(
            "when my {} reaches its goal{}",
            kinds[*kind].name,
            match reply {
                ReachReply::None => "",
                ReachReply::Equal => ", which the second player may equal",
                ReachReply::CannotBeTaken => ", unless it can be taken",
                ReachReply::NotTakenInReply => ", unless it is taken in reply",
            }
        ),
        EndCond::Repetition(n, tiebreak) => format!(
            "on {} repetition{}",
            match n {
                2 => "twofold",
                3 => "threefold",
                _ => "fourfold",
            },
            tiebreak_text(tiebreak, kinds, players)
        ),
        EndCond::PerpetualCheck => "on perpetual check".to_string(),
        EndCond::PerpetualChase(chase) => chase_text(chase, kinds),
        EndCond::PassLimit {
            passes,
            facing,
            tiebreak,
        } => format!(
            "after {passes} {} in a row{}{}",
            if *passes == 1 { "pass" } else { "passes" },
            if *facing {
                " while royal pieces face each other"
            } else {
                ""
            },
            tiebreak_text(tiebreak, kinds, players)
        ),
        EndCond::InARow {
            both,
            length,
            exactly,
            along,
            ..
        } => format!(
            "when {} {}{length} in a row{}",
            if *both { "both players have" } else { "I have" },
            if *exactly { "exactly " } else { "" },
            if along.is_empty() {
                String::new()
            } else {
                format!(" along {along}")
            }
        ),
        EndCond::Connects { label, .. } => format!("when my pieces connect {label}"),
        EndCond::Connected => "when my pieces are connected".to_string(),
        EndCond::ConnectsEdges { label, .. } => format!("when my pieces connect {label}"),
        EndCond::Ring { .. } => "when my pieces form a ring".to_string(),
        EndCond::AllOn(_) => "when all my pieces are on their goal".to_string(),
        EndCond::BoardFull { tiebreak } => {
            format!(
                "when the board is full{}",
                tiebreak_text(tiebreak, kinds, players)
            )
        }
        EndCond::NobodyCanMove { tiebreak } => {
            format!(
                "when nobody can move{}",
                tiebreak_text(tiebreak, kinds, players)
            )
        }
        EndCond::NobodyHas(None) => "when nobody has pieces".to_string(),
        EndCond::NobodyHas(Some(k)) => format!("when nobody has {}", plural(&kinds[*k].name)),
        EndCond::Counting(rule) => count_text(rule, kinds),
        EndCond::PlyLimit {
            plies,
            no_progress,
            material,
            tiebreak,
        } => {
            let progress = match no_progress {
                None => String::new(),
                Some(None) => " without a capture".to_string(),
                Some(Some(k)) => format!(" without a capture or a {} move", kinds[*k].name),
            };
            let material = material.as_ref().map_or(String::new(), |sides| {
                let side = |counts: &[u16]| {
                    let named: Vec<String> = counts
                        .iter()
                        .enumerate()
                        .filter(|&(_, &n)| n > 0)
                        .map(|(k, &n)| {
                            let name = &kinds[k].name;
                            if n == 1 {
                                format!("1 {name}")
                            } else {
                                format!("{n} {}", plural(name))
                            }
                        })
                        .collect();
                    named.join(" and ")
                };
                format!(
                    " when the pieces are {} against {}",
                    side(&sides[0]),
                    side(&sides[1])
                )
            });
            format!(
                "after {plies} plies{progress}{material}{}",
                tiebreak_text(tiebreak, kinds, players)
            )
        }
    };
    format!("{side}{verdict} {cond}")
}

/// `after counting 8 moves against 2 rooks, ..., else 64, from the pieces on the board, when
/// nobody has pawns and my king is bare`.
fn count_text(rule: &crate::model::CountRule, kinds: &[KindModel]) -> String {
    use crate::model::CountCond;
    let pieces = |n: u16, k: usize| {
        if n == 1 {
            format!("1 {}", kinds[k].name)
        } else {
            format!("{n} {}", plural(&kinds[k].name))
        }
    };
    let mut limits: Vec<String> = rule
        .against
        .iter()
        .enumerate()
        .map(|(i, &(m, n, k))| {
            let moves = if i == 0 { " moves" } else { "" };
            format!("{m}{moves} against {}", pieces(n, k))
        })
        .collect();
    match (rule.otherwise, limits.is_empty()) {
        (Some(m), true) => limits.push(format!("{m} moves")),
        (Some(m), false) => limits.push(format!("else {m}")),
        (None, _) => {}
    }
    let conds: Vec<String> = rule
        .conds
        .iter()
        .map(|c| match *c {
            CountCond::NobodyHas(k) => format!("nobody has {}", plural(&kinds[k].name)),
            CountCond::Bare(k) => format!("my {} is bare", kinds[k].name),
            CountCond::MoreThan(k) => format!("I have more than my {}", kinds[k].name),
            CountCond::AtMost(n) => format!("I have at most {n} pieces"),
        })
        .collect();
    let from = if rule.from_pieces {
        ", from the pieces on the board,"
    } else {
        ""
    };
    format!(
        "after counting {}{from} when {}",
        limits.join(", "),
        conds.join(" and ")
    )
}

fn tiebreak_text(tiebreak: &[Tiebreak], kinds: &[KindModel], players: &[PlayerModel]) -> String {
    let parts: Vec<String> = tiebreak
        .iter()
        .map(|t| match t {
            Tiebreak::Pieces(None) => "more pieces".to_string(),
            Tiebreak::Seeds => "more seeds".to_string(),
            Tiebreak::Pieces(Some(k)) => format!("more {}", plural(&kinds[*k].name)),
            Tiebreak::Area { komi: 0, .. } => "more area".to_string(),
            Tiebreak::Area { komi, to } => format!(
                "more area with komi {} for {}",
                crate::model::half_points_text(*komi),
                players[*to].name
            ),
            Tiebreak::Worth { komi: 0, .. } => "more worth".to_string(),
            Tiebreak::Worth { komi, to } => format!(
                "more worth with komi {} for {}",
                crate::model::half_points_text(*komi),
                players[*to].name
            ),
        })
        .collect();
    if parts.is_empty() {
        String::new()
    } else {
        format!(", decided by {}", parts.join(", then "))
    }
}

/// The end rules with their texts, and what the engine reads of them at a glance.
pub(super) struct Ends {
    pub end: Vec<EndModel>,
    pub counts_checks: bool,
    /// The counting rules, in order.
    pub counting: Vec<crate::model::CountRule>,
    pub watches_checks: bool,
    pub counts_repetitions: bool,
    pub line_windows: Vec<Option<crate::engine::rules::place::LineWindows>>,
    pub edge_marks: Vec<u32>,
    pub limit_ends: Vec<usize>,
    /// The fewest repetitions, plies, and plies without progress after which a limit can end
    /// the game.
    pub limit_floor: [u32; 3],
    pub static_ends: Vec<usize>,
    /// `on perpetual chase`: who chases, where each is spared, what each is worth.
    pub chase: Option<crate::engine::rules::chase::ChaseTables>,
}

/// Where the game has one `connect REGION and REGION` goal and at most four players, marks
/// it linked and returns each cell's marks of the regions it lies in (see
/// `connection::REGIONS`); else marks nothing.
fn link_regions(end: &mut [EndModel], board: &crate::geometry::Board, np: usize) -> Vec<u32> {
    use crate::engine::rules::connection::REGIONS;
    let mut connects = end
        .iter_mut()
        .filter(|e| matches!(e.cond, EndCond::Connects { .. }));
    let (Some(e), None) = (connects.next(), connects.next()) else {
        return Vec::new();
    };
    let EndCond::Connects { a, b, linked, .. } = &mut e.cond else {
        return Vec::new();
    };
    if np > 4 {
        return Vec::new();
    }
    *linked = true;
    let mut marks = vec![0u32; board.len()];
    for p in 0..np {
        for c in a[p].iter() {
            marks[c as usize] |= 1 << (REGIONS + 2 * p as u32);
        }
        for c in b[p].iter() {
            marks[c as usize] |= 2 << (REGIONS + 2 * p as u32);
        }
    }
    marks
}

impl Ends {
    /// The end rules of `m` (taken out of it); `bitboards`: whether the game has them (lines
    /// in a row are then counted on windows of bits).
    pub(super) fn new(m: &mut crate::model::Model, bitboards: bool, shift: u8) -> Ends {
        let mut end = std::mem::take(&mut m.end);
        let m = &*m;
        let (kinds, players, board) = (&m.kinds, &m.players, &m.board);
        let region_marks = link_regions(&mut end, board, players.len());
        let end: Vec<EndModel> = end
            .into_iter()
            .map(|mut e| {
                e.text = describe_end(&e, kinds, players);
                e
            })
            .collect();
        let any = |f: fn(&EndCond) -> bool| end.iter().any(|e| f(&e.cond));
        Ends {
            counts_checks: any(|c| matches!(c, EndCond::ChecksGiven(_))),
            counting: end
                .iter()
                .filter_map(|e| match &e.cond {
                    EndCond::Counting(rule) => Some((**rule).clone()),
                    _ => None,
                })
                .collect(),
            watches_checks: any(|c| matches!(c, EndCond::PerpetualCheck)),
            counts_repetitions: m.no_repeat.is_some()
                || any(|c| {
                    matches!(
                        c,
                        EndCond::Repetition(..)
                            | EndCond::PerpetualCheck
                            | EndCond::PerpetualChase(_)
                    )
                }),
            chase: end.iter().find_map(|e| match &e.cond {
                EndCond::PerpetualChase(c) => Some(chase_tables(c, kinds, shift)),
                _ => None,
            }),
            line_windows: end
                .iter()
                .map(|e| match &e.cond {
                    EndCond::InARow {
                        both: false,
                        length,
                        exactly,
                        axes,
                        ..
                    } if bitboards => crate::engine::rules::place::LineWindows::build(
                        board, *length, *exactly, axes,
                    ),
                    _ => None,
                })
                .collect(),
            edge_marks: if any(|c| {
                matches!(
                    c,
                    EndCond::ConnectsEdges { .. }
                        | EndCond::Ring { .. }
                        | EndCond::Connects { linked: true, .. }
                )
            }) {
                let mut marks = crate::engine::rules::connection::edge_marks(board);
                for (m, r) in marks.iter_mut().zip(&region_marks) {
                    *m |= r;
                }
                marks
            } else {
                Vec::new()
            },
            limit_ends: (0..end.len()).filter(|&i| end[i].cond.is_limit()).collect(),
            limit_floor: end
                .iter()
                .fold([u32::MAX; 3], |[rep, ply, quiet], e| match &e.cond {
                    EndCond::Repetition(n, _) => [rep.min(*n), ply, quiet],
                    EndCond::PlyLimit {
                        plies,
                        no_progress: None,
                        ..
                    } => [rep, ply.min(*plies), quiet],
                    EndCond::PlyLimit { plies, .. } => [rep, ply, quiet.min(*plies)],
                    _ => [rep, ply, quiet],
                }),
            static_ends: (0..end.len())
                .filter(|&i| !end[i].cond.read_only_at_the_end())
                .collect(),
            end,
        }
    }
}

/// `on perpetual chase, not by soldier, not of soldier in a region` (the region is a set of
/// cells per player by now, so it is only said to be one, as a goal is).
fn chase_text(chase: &crate::model::Chase, kinds: &[KindModel]) -> String {
    let not_by: Vec<&str> = (0..kinds.len())
        .filter(|&k| !chase.chasers[k] && !kinds[k].royal)
        .map(|k| kinds[k].name.as_str())
        .collect();
    let mut text = "on perpetual chase".to_string();
    if !not_by.is_empty() {
        text += &format!(", not by {}", not_by.join(", "));
    }
    for (k, spared) in chase.spared.iter().enumerate() {
        if kinds[k].royal || spared.iter().all(|s| s.is_empty()) {
            continue;
        }
        text += &format!(", not of {}", kinds[k].name);
        if chase.in_region[k] {
            text += " in a region";
        }
    }
    text
}

/// `on perpetual chase` by piece code: who chases, where each is spared, what each is worth.
pub(super) fn chase_tables(
    chase: &crate::model::Chase,
    kinds: &[KindModel],
    shift: u8,
) -> crate::engine::rules::chase::ChaseTables {
    let ncodes = 1 + (kinds.len() << shift);
    let of = |c: usize| ((c - 1) >> shift, (c - 1) & ((1 << shift) - 1));
    let mut t = crate::engine::rules::chase::ChaseTables {
        chases: vec![false; ncodes],
        spared: vec![crate::geometry::CellSet::EMPTY; ncodes],
        worth: vec![0; ncodes],
    };
    let mut every = crate::geometry::CellSet::EMPTY;
    (0..crate::geometry::MAX_CELLS).for_each(|c| every.insert(c as crate::geometry::Cell));
    for c in 1..ncodes {
        let (k, p) = of(c);
        t.chases[c] = chase.chasers[k] && !kinds[k].royal;
        t.spared[c] = if kinds[k].royal {
            every
        } else {
            chase.spared[k][p]
        };
        t.worth[c] = kinds[k].worth;
    }
    t
}
