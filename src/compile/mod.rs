//! Checked [`Model`] → [`Game`]: the tables the engine runs on.
//!
//! Movement rules become per-piece-code rule lists with absolute direction ids, leaps become
//! per-cell target tables, capture rules become reverse attack patterns (so check detection
//! never generates the opponent's moves), hooks become function pointers, and Zobrist keys are
//! drawn from a fixed seed. Nothing after this layer looks up a name.

use crate::engine::rules::custody::Custody;
use crate::engine::Game;
use crate::geometry::CellSet;
use crate::model::*;
use crate::native;

use codes::{Codes, Emits};
use paths::Paths;
use start::{Demotion, Start};

mod codes;
mod end;
mod paths;
mod pieces;
mod start;
mod tables;
mod teams;

/// Builds the engine tables for a checked model.
pub fn compile(mut m: Model) -> Game {
    let mechanics = Mechanics::new(&m);
    let np = m.players.len();
    let shift = crate::engine::player_shift(np);
    let mut pieces = pieces::compile(&m.kinds, &m.board, np, shift);
    let start = Start::new(&m, &mut pieces, shift);
    let paths = Paths::new(&m, &pieces, shift);
    let codes = Codes::new(&m, shift);
    let demotion = Demotion::new(&m, &pieces, shift);
    let zobrist = tables::zobrist(pieces.promotion.len(), m.board.len(), np, m.uses_layers);
    face_attacks(&mut pieces.attacks, &m, shift);
    let teams = teams::Teams::new(&mut m, &mut pieces.attacks);
    let custody = custody(&m, shift);
    let emits = Emits::new(
        &codes,
        &pieces.promotion,
        custody.is_some() || m.explosion.is_some(),
    );
    let mated_players = mated_players(&m);
    let ends = end::Ends::new(&mut m, paths.bitboards.is_some(), shift);
    let mut game = Game {
        // First what reads the model and the pieces, before their parts move into the game.
        chains: pieces.chains(&codes.in_chain, m.removed_at_once),
        groups: group_capture(&m),
        colour_split: colour_split(&m, &pieces.places, shift),
        side_letters: tables::side_letters(&m.players),
        royal_entries: !codes.royal_last && enters_royal(&pieces, &codes.royal),
        title: m.title,
        players: m.players,
        player_shift: shift,
        owner_mask: (1 << shift) - 1,
        rules: pieces.rules,
        promotion: pieces.promotion,
        promotion_from: codes.promotion_from,
        promotion_forced: codes.promotion_forced,
        promotion_on_capture: codes.promotion_on_capture,
        promotion_limit: codes.promotion_limit,
        hooks: pieces.hooks,
        step_effect: pieces.step_effect,
        levels: m.levels.map(|c| m.board.distances(c)),
        immune: codes.immune,
        kill_immunity: paths.kill_immunity,
        bar: codes.bar,
        converts: codes.converts,
        removes_after_moves: custody.is_some() || !codes.meets.is_empty(),
        meets: codes.meets,
        keep_out: codes.keep_out,
        custody,
        edge_marks: ends.edge_marks,
        earns_parts: m.mills.iter().any(|l| l.earns.is_some()),
        mills: m.mills,
        confines: codes.confine.iter().chain(&codes.stay).any(Option::is_some),
        confine: codes.confine,
        stay: codes.stay,
        plain_emit: emits.plain_emit,
        plain_but_stay: emits.plain_but_stay,
        sole_promotion: emits.sole_promotion,
        royal_shortcuts: paths.royal_shortcuts,
        face_dirs: m.face,
        part_dirs: m.part,
        hand_first: m.hand_first,
        hand_first_kind: m.hand_first_kind,
        hand_first_all: m.hand_first_all,
        kinds: m.kinds,
        drop_castle: m.drop_castle,
        to_hand: m.to_hand,
        from_partner: m.from_partner,
        marks_promoted: m.to_hand && !m.keep_kind,
        gate_cells: start.gate_cells,
        gate_region: start.gate_region,
        relocated: m.relocated,
        always_demote: demotion.always_demote,
        drop_hand: demotion.drop_hand,
        no_mating_drops: pieces.places.iter().flatten().any(|pl| pl.not_mating),
        watches_checks: ends.watches_checks,
        chase: ends.chase,
        limit_ends: ends.limit_ends,
        limit_floor: ends.limit_floor,
        static_ends: ends.static_ends,
        counts_repetitions: ends.counts_repetitions,
        no_repeat: m.no_repeat.unwrap_or(0),
        demote: demotion.demote,
        start_kinds: start.start_kinds,
        states: m.states,
        attacks: pieces.attacks,
        team: teams.team,
        foe: teams.foe,
        has_teams: teams.has_teams,
        enemies: teams.enemies(np),
        outs: teams.outs,
        has_royal: codes.royal.iter().any(|&r| r),
        royal: codes.royal,
        royal_last: codes.royal_last,
        royal_together: codes.royal_together,
        royals_stay: false,
        tracks_moved: pieces.tracks_moved,
        first_movers: pieces.first_movers,
        lost_rights: pieces.lost_rights,
        lone_checker: m.lone_checker,
        castles: pieces.castles,
        has_en_passant: pieces.has_en_passant,
        initial: start.initial,
        initial_unmoved: start.unmoved,
        compulsory_capture: m.compulsory_capture,
        majority_capture: m.majority_capture,
        capture_order: m.capture_order,
        identity_by_captures: m.identity_by_captures,
        notation: m.notation,
        numbered_from: m.numbered_from,
        end: ends.end,
        line_windows: ends.line_windows,
        zobrist,
        has_layers: m.uses_layers,
        initial_hand: start.initial_hand,
        initial_heights: m.heights,
        counts_checks: ends.counts_checks,
        counting: ends.counting,
        explosion: m.explosion,
        no_checks: m.no_checks,
        no_capture: codes.no_capture,
        streaks: codes.streaks,
        board_rules: Vec::new(),
        legality_by_play: false,
        bitboards: paths.bitboards,
        wide_bitboards: paths.wide_bitboards,
        borrows_moves: paths.borrows_moves,
        progress: paths.progress,
        pass_when_stuck: paths.pass_stuck_players != 0,
        pass_stuck_players: paths.pass_stuck_players,
        mated_players,
        may_pass: m.may_pass,
        rule_players: m.rule_players,
        pie_rule: m.pie_rule,
        turn_places: m.turn_places.map(|t| (t.first, t.each)),
        openings: openings(&m.openings, shift),
        sole_place: paths.sole_place,
        shoots_only: paths.shoots_only,
        draw_plans: Default::default(),
        reach_draw: false,
        reach_flood: None,
        approach_masks: None,
        rays128: paths.rays128,
        sowing: mechanics.sowing,
        chance: mechanics.chance,
        race: mechanics.race,
        lines: mechanics.lines,
        places: pieces.places,
        tracks_last_placed: false,
        steps: None,
        board: m.board,
    };
    finish(&mut game, m.steps.as_ref(), &paths.board_rule_hooks);
    game
}

/// `capture by custody ...`, compiled.
fn custody(m: &Model, shift: u8) -> Option<Custody> {
    let cu = m.custody.as_ref()?;
    Some(Custody::compile(cu, &m.kinds, shift))
}

/// Whether a promotion or a placement can bring a royal piece onto the board (its landing
/// cell is then tested for royal safety too).
fn enters_royal(pieces: &pieces::Pieces, royal: &[bool]) -> bool {
    pieces
        .promotion
        .iter()
        .flatten()
        .flat_map(|(to, _)| to)
        .chain(pieces.places.iter().flatten().map(|pl| &pl.code))
        .any(|&c| royal[c as usize])
}

/// The board-wide mechanics a game may have, each with tables of its own.
struct Mechanics {
    sowing: Option<crate::engine::rules::sow::Sow>,
    chance: Option<crate::engine::rules::chance::Chance>,
    race: Option<crate::engine::rules::race::Track>,
    lines: Option<crate::engine::rules::lines::Lines>,
}

impl Mechanics {
    fn new(m: &Model) -> Mechanics {
        use crate::engine::rules::{chance, lines, race, sow};
        Mechanics {
            sowing: m
                .sowing
                .as_ref()
                .map(|s| sow::Sow::new(&m.board, s, &m.end)),
            chance: m.dice.as_ref().map(chance::Chance::new),
            race: m.race.as_ref().map(|r| race::Track::new(r, &m.board)),
            lines: m.lines.as_ref().map(|l| {
                let mut rng = crate::rng::Rng::new(0x7AB0_1A5E_0000_D075);
                lines::Lines::new(&m.board, l, || rng.next_u64())
            }),
        }
    }
}

/// `royal pieces may not face each other`: each side's royal pieces attack the other's along
/// those lines, for royal safety only.
fn face_attacks(attacks: &mut PerPlayer<Vec<crate::engine::Attack>>, m: &Model, shift: u8) {
    for (p, side) in attacks.iter_mut().enumerate().take(m.players.len()) {
        for (k, kind) in m.kinds.iter().enumerate() {
            if !kind.royal {
                continue;
            }
            for &d in &m.face {
                crate::engine::add_attack(
                    side,
                    crate::engine::Attack::Slide {
                        codes: 1 << crate::engine::code_in(shift, k, p),
                        back: d,
                    },
                );
            }
        }
    }
}

/// The group capture a placement makes (Go's), if any.
fn group_capture(m: &Model) -> Option<GroupCapture> {
    m.kinds
        .iter()
        .flat_map(|k| &k.rules)
        .flatten()
        .find_map(|r| match r {
            RuleModel::Place {
                groups: Some(g), ..
            } => Some(g.clone()),
            _ => None,
        })
}

/// `bishops on both colours`: the kind, the dark cells, and the cells each player may drop
/// it on.
fn colour_split(
    m: &Model,
    places: &PerPlayer<Vec<crate::engine::Place>>,
    shift: u8,
) -> Option<crate::engine::rules::colours::ColourSplit> {
    let board = &m.board;
    m.colour_split
        .map(|kind| crate::engine::rules::colours::ColourSplit {
            kind,
            dark: board.select(|x, y| (x + y) % 2 == 0),
            drop_cells: per_player(m.players.len(), |p| {
                let code = crate::engine::code_in(shift, kind, p);
                places[p]
                    .iter()
                    .filter(|pl| pl.drop && pl.code == code)
                    .fold(CellSet::EMPTY, |s, pl| {
                        s.union(&board.all().difference(&pl.not_on))
                    })
            }),
        })
}

/// The opening placements (`first placement ...`) with piece codes.
fn openings(openings: &[Opening], shift: u8) -> Vec<crate::engine::rules::opening::Opening> {
    openings
        .iter()
        .map(|o| crate::engine::rules::opening::Opening {
            player: o.player,
            code: crate::engine::code_in(shift, o.kind, o.player),
            cells: o.cells,
            next_to_empty: o.next_to_empty.clone(),
        })
        .collect()
}

/// What is built from the game itself: the moves of a turn of several steps, the race's
/// counts, the board rules of hooks, and the plans and shortcuts read off the whole game.
fn finish(game: &mut Game, steps: Option<&Steps>, board_rule_hooks: &[usize]) {
    if let Some(st) = steps {
        let rules = &game.rules;
        let compiled = crate::engine::rules::steps::Steps::new(
            st,
            &game.board,
            game.codes(),
            game.player_shift,
            |c| game.kind_of(c),
            |c| {
                rules[c as usize]
                    .iter()
                    .flat_map(|r| match r {
                        crate::engine::rules::Rule::Step { dirs, .. } => dirs.clone(),
                        _ => Vec::new(),
                    })
                    .collect()
            },
            &game.zobrist.piece,
        );
        game.steps = Some(compiled);
    }
    if let Some(race) = &mut game.race {
        race.count_start(
            game.players.len(),
            game.player_shift,
            &game.initial,
            &game.initial_heights,
            &game.initial_hand,
        );
    }
    game.board_rules = board_rule_hooks
        .iter()
        .filter_map(|&i| native::REGISTRY[i].board_rule)
        .map(|build| build(game))
        .collect();
    // Custody takes pieces that no attack pattern describes: royal safety plays the replies.
    game.legality_by_play = game.board_rules.iter().any(|r| r.changes_threats())
        || (game.custody.is_some() && game.has_royal);
    game.draw_plans = per_player(game.players.len(), |p| {
        crate::engine::DrawPlan::new(game, p)
    });
    game.reach_draw = game.draws_by_reach();
    game.reach_flood = if game.reach_draw {
        crate::engine::Flood::new(game).map(Box::new)
    } else {
        None
    };
    game.approach_masks = game.approach_on_masks();
    game.royals_stay = royals_stay(game);
    game.tracks_last_placed = game.places.iter().flatten().any(|pl| pl.not_by_last);
}

/// Whether no rule of `g` can take a royal piece off the board or from its player (see
/// [`Game::royals_stay`]): royal safety sees every capture (attack patterns, or every reply
/// played), and nothing it does not see removes, flips or demotes a piece.
fn royals_stay(g: &Game) -> bool {
    use crate::engine::Rule;
    // With teams a king left in check by another's move may be taken, and a player who is
    // out has no pieces at all.
    let unseen_removal = g.has_layers
        || !g.outs.is_empty()
        || g.explosion.is_some()
        || !g.meets.is_empty()
        || (!g.board_rules.is_empty() && !g.legality_by_play)
        || !g.mills.is_empty()
        || g.groups.is_some()
        || g.step_effect.iter().any(Option::is_some)
        || g.places.iter().flatten().any(|pl| !pl.flipping.is_empty())
        || !g.openings.is_empty()
        || g.rules.iter().flatten().any(|r| {
            matches!(
                r,
                Rule::Jump(JumpRule {
                    hurdle: Hurdle::Enemy,
                    ..
                }) | Rule::Approach(_)
                    | Rule::Step {
                        target: Target::EmptyOrAny,
                        ..
                    }
                    | Rule::Slide {
                        target: Target::EmptyOrAny,
                        ..
                    }
                    | Rule::Leap {
                        target: Target::EmptyOrAny,
                        ..
                    }
                    | Rule::LineCount(LineCountRule {
                        target: Target::EmptyOrAny,
                        ..
                    })
                    | Rule::Ride {
                        target: Target::EmptyOrAny,
                        ..
                    }
                    | Rule::Hop {
                        target: Target::EmptyOrAny,
                        ..
                    }
            )
        });
    // A royal piece that removes itself, may be taken en passant or promotes to a piece that
    // is not royal.
    let royal_leaves = (1..g.royal.len()).filter(|&c| g.royal[c]).any(|c| {
        g.hooks[c].iter().any(|h| h.after_move.is_some())
            || g.rules[c].iter().any(|r| {
                matches!(
                    r,
                    Rule::Step {
                        en_passant: true,
                        ..
                    }
                )
            })
            || g.promotion[c]
                .as_ref()
                .is_some_and(|(to, _)| to.iter().any(|&t| t != 0 && !g.royal[t as usize]))
    });
    // `royal when last`, `royal together`: a royal piece beside another may be taken.
    g.has_royal && !g.royal_last && !g.royal_together && !unseen_removal && !royal_leaves
}

/// The players (a bit each) whose game a line `... when I have no legal move and I am in check`
/// ends, so that where they would pass when stuck, they pass only when not in check.
fn mated_players(m: &Model) -> u8 {
    m.end
        .iter()
        .filter(|e| {
            e.verdict != crate::model::Verdict::Pass
                && matches!(e.cond, EndCond::NoLegalMove { in_check: true, .. })
        })
        .fold(0u8, |mask, e| {
            mask | if e.side == 0 { u8::MAX } else { e.side }
        })
}
