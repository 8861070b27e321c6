//! Checked [`Model`] → [`Game`]: the tables the engine runs on.
//!
//! Movement rules become per-piece-code rule lists with absolute direction ids, leaps become
//! per-cell target tables, capture rules become reverse attack patterns (so check detection
//! never generates the opponent's moves), hooks become function pointers, and Zobrist keys are
//! drawn from a fixed seed. Nothing after this layer looks up a name.

use crate::engine::Game;
use crate::geometry::CellSet;
use crate::model::*;
use crate::native;

use pieces::Pieces;

mod end;
mod pieces;
mod tables;

/// Builds the engine tables for a checked model.
pub fn compile(m: Model) -> Game {
    let sowing = m
        .sowing
        .as_ref()
        .map(|s| crate::engine::rules::sow::Sow::new(&m.board, s, &m.end));
    let chance = m
        .dice
        .as_ref()
        .map(crate::engine::rules::chance::Chance::new);
    let race = m
        .race
        .as_ref()
        .map(|r| crate::engine::rules::race::Track::new(r, &m.board));
    let lines = m.lines.as_ref().map(|l| {
        let mut rng = crate::rng::Rng::new(0x7AB0_1A5E_0000_D075);
        crate::engine::rules::lines::Lines::new(&m.board, l, || rng.next_u64())
    });
    let steps = m.steps.clone();
    let board = m.board;
    let np = m.players.len();
    let shift = crate::engine::player_shift(np);
    let code = |k: usize, p: usize| crate::engine::code_in(shift, k, p);
    let ncodes = 1 + (m.kinds.len() << shift);
    let kind_of = |c: usize| (c - 1) >> shift;
    let chase = m.end.iter().find_map(|e| match &e.cond {
        EndCond::PerpetualChase(c) => Some(end::chase_tables(c, &m.kinds, shift)),
        _ => None,
    });
    let owner_of = |c: usize| (c - 1) & ((1 << shift) - 1);
    let Pieces {
        rules,
        promotion,
        hooks,
        step_effect,
        attacks,
        tracks_moved,
        first_movers,
        lost_rights,
        castles,
        has_en_passant,
        places,
    } = pieces::compile(&m.kinds, &board, np, shift);

    // Pieces in hand: the players' placements of those kinds draw from them.
    let mut places = places;
    let mut initial_hand = Vec::new();
    // Hands exist where the setup fills them, or where captures or drops use them.
    let drops = places.iter().flatten().any(|pl| pl.drop);
    let race_hits = m.race.as_ref().is_some_and(|r| r.hit && !r.swap);
    if !m.hands.is_empty() || m.to_hand || drops || race_hits {
        initial_hand = vec![0u16; ncodes];
        for &(p, k, n) in &m.hands {
            let c = code(k, p);
            initial_hand[c as usize] = n as u16;
            for pl in places[p].iter_mut().filter(|pl| pl.code == c) {
                pl.from_hand = true;
            }
        }
    }
    let mut initial = vec![0u8; board.len()];
    let mut unmoved = CellSet::EMPTY;
    // Gating: every piece on its owner's region starts with the right to leave a piece behind.
    let gate_region = per_player(np, |p| m.gating.as_ref().map_or(CellSet::EMPTY, |g| g[p]));
    for &(cell, p, k) in &m.setup {
        let c = code(k, p);
        initial[cell as usize] = c;
        if tracks_moved[c as usize] || gate_region[p].contains(cell) {
            unmoved.insert(cell);
        }
    }

    let has_layers = m.uses_layers;
    let keys = tables::Keys::draw(ncodes, board.len(), np, has_layers);
    // The hooks with a board-wide mechanic that some piece declares, each built once below.
    let mut board_rule_hooks: Vec<usize> = m
        .kinds
        .iter()
        .flat_map(|k| &k.hooks)
        .map(|h| h.hook)
        .filter(|&i| native::REGISTRY[i].board_rule.is_some())
        .collect();
    board_rule_hooks.sort_unstable();
    board_rule_hooks.dedup();
    let borrows_moves: Vec<bool> = hooks
        .iter()
        .map(|hs| hs.iter().any(|h| h.borrows_moves))
        .collect();
    let progress: Vec<bool> = (0..ncodes)
        .map(|c| {
            c > 0
                && m.end.iter().any(|e| {
                    matches!(e.cond, EndCond::PlyLimit { no_progress: Some(Some(k)), .. }
                        if k == kind_of(c))
                })
        })
        .collect();
    // Hooks that generate moves or forbid acting run per piece, and board rules see the whole
    // board: keep the general path.
    let piece_hooks = !board_rule_hooks.is_empty()
        || hooks
            .iter()
            .flatten()
            .any(|h| h.generate.is_some() || h.may_act.is_some() || h.borrows_moves);
    // Flying anywhere replaces a piece's other moves and placing first forbids them for a
    // while: both are decided per piece, on the general path.
    let per_piece_phases = m.hand_first
        || m.kinds
            .iter()
            .flat_map(|k| &k.rules)
            .flatten()
            .any(|r| matches!(r, RuleModel::FlyAnywhere { .. }));
    // Pieces immune to kill are tested one by one at every capture, on the general path.
    let kill_immunity = m.kinds.iter().any(|k| k.immune & effect::KILL != 0)
        || m.states.immune.iter().any(|&i| i & effect::KILL != 0);
    let bitboards = tables::bitboards(
        &board,
        // A race moves its pieces along its tracks, not by the generators bitboards serve.
        has_layers
            || piece_hooks
            || per_piece_phases
            || kill_immunity
            || m.race.is_some()
            || m.steps.is_some(),
    );
    // A throw that gives no move passes the turn.
    let pass_stuck_players = if m.race.is_some() {
        u8::MAX
    } else {
        m.end
            .iter()
            .filter(|e| e.verdict == Verdict::Pass)
            .fold(0u8, |mask, e| {
                mask | if e.side == 0 { u8::MAX } else { e.side }
            })
    };
    let pass_when_stuck = pass_stuck_players != 0;
    // Something filters or expands the generated moves: playouts may not draw one directly.
    let filtered = m.compulsory_capture
        || m.majority_capture
        || m.identity_by_captures
        || m.kinds.iter().any(|k| k.royal)
        || !board_rule_hooks.is_empty()
        || m.mill.is_some();
    let sole_place = per_player(np, |p| {
        let moves_otherwise = (0..m.kinds.len()).any(|k| {
            let c = code(k, p) as usize;
            !rules[c].is_empty() || hooks[c].iter().any(|h| h.generate.is_some())
        });
        // Placing first decides per position which placements are possible.
        (places[p].len() == 1 && !moves_otherwise && !filtered && !m.hand_first).then_some(0)
    });

    let shoots_only = per_player(np, |p| {
        let kinds = 0..m.kinds.len();
        let shoots = kinds
            .clone()
            .any(|k| !rules[code(k, p) as usize].is_empty());
        let only = kinds.into_iter().all(|k| {
            let c = code(k, p) as usize;
            rules[c]
                .iter()
                .all(|r| matches!(r, crate::engine::Rule::SlideShoot { .. }))
                && hooks[c].is_empty()
        });
        shoots && only && places[p].is_empty() && !filtered && !m.hand_first
    });
    let rays128 = if shoots_only.iter().any(|&s| s) {
        crate::engine::rules::shoot::Rays128::build(&board)
    } else {
        None
    };
    // `confined to REGION [once there]`, by piece code.
    let by_code = |region: fn(&crate::model::KindModel) -> Option<PerPlayer<CellSet>>| {
        (0..ncodes)
            .map(|c| {
                (c > 0)
                    .then(|| region(&m.kinds[kind_of(c)]).map(|r| r[owner_of(c)]))
                    .flatten()
            })
            .collect::<Vec<Option<CellSet>>>()
    };
    let confine = by_code(|k| k.confined);
    let stay = by_code(|k| k.stays);
    // `royal pieces may not face each other`: each side's royal pieces attack the other's
    // along those lines, for royal safety only.
    let mut attacks = attacks;
    for (p, side) in attacks.iter_mut().enumerate().take(np) {
        for (k, kind) in m.kinds.iter().enumerate() {
            if !kind.royal {
                continue;
            }
            for &d in &m.face {
                crate::engine::add_attack(
                    side,
                    crate::engine::Attack::Slide {
                        codes: 1 << code(k, p),
                        back: d,
                    },
                );
            }
        }
    }
    // Screens, hops and blocked leaps make attacks that a move can create by adding or
    // moving a piece anywhere on their lines: royal safety then tests every move.
    let royal_shortcuts = !rules.iter().flatten().any(|r| {
        matches!(
            r,
            crate::engine::Rule::Screen { .. }
                | crate::engine::Rule::Hop { .. }
                | crate::engine::Rule::Leap { legs: Some(_), .. }
        )
    });
    // `also from there` and `forced on REGION`, by piece code.
    let promotion_of = |c: usize| {
        (c > 0)
            .then(|| m.kinds[kind_of(c)].promotion.as_ref())
            .flatten()
    };
    let promotion_from: Vec<bool> = (0..ncodes)
        .map(|c| promotion_of(c).is_some_and(|p| p.from_too[owner_of(c)]))
        .collect();
    let promotion_on_capture: Vec<bool> = (0..ncodes)
        .map(|c| promotion_of(c).is_some_and(|p| p.on_capture[owner_of(c)]))
        .collect();
    let promotion_forced: Vec<CellSet> = (0..ncodes)
        .map(|c| promotion_of(c).map_or(CellSet::EMPTY, |p| p.forced[owner_of(c)]))
        .collect();
    let promotion_limit = promotion_limits(&m.kinds, &m.setup, shift, ncodes);
    let royal: Vec<bool> = (0..ncodes)
        .map(|c| c > 0 && m.kinds[kind_of(c)].royal)
        .collect();
    let side_letters = tables::side_letters(&m.players);
    let has_royal = royal.iter().any(|&r| r);
    let royal_last = m.kinds.iter().any(|k| k.royal_last);
    let levels = m.levels.map(|c| board.distances(c));
    let immune: Vec<u8> = (0..ncodes)
        .map(|c| {
            if c == 0 {
                0
            } else {
                m.kinds[kind_of(c)].immune
            }
        })
        .collect();
    let bar: Vec<Option<(usize, Vec<u8>)>> = (0..ncodes)
        .map(|c| {
            if c == 0 {
                None
            } else {
                m.kinds[kind_of(c)].bar.clone()
            }
        })
        .collect();
    let converts: Vec<Vec<u8>> = (0..ncodes)
        .map(|c| {
            if c == 0 {
                return Vec::new();
            }
            m.kinds[kind_of(c)]
                .converts
                .as_ref()
                .map_or_else(Vec::new, |per| per[owner_of(c)].clone())
        })
        .collect();
    let keep_out = (!m.entry.is_empty()).then(|| {
        (0..ncodes)
            .map(|c| {
                let mut out = CellSet::EMPTY;
                for (allowed, cells) in &m.entry {
                    if c > 0 && !allowed.contains(&(kind_of(c))) {
                        out = out.union(cells);
                    }
                }
                out
            })
            .collect()
    });
    let custody = m
        .custody
        .as_ref()
        .map(|cu| crate::engine::rules::custody::Custody::compile(cu, &m.kinds, shift));
    let groups = m
        .kinds
        .iter()
        .flat_map(|k| &k.rules)
        .flatten()
        .find_map(|r| match r {
            RuleModel::Place {
                groups: Some(g), ..
            } => Some(g.clone()),
            _ => None,
        });
    // A promoted piece that is captured goes to the hand as the kind it was promoted from
    // (as itself where captured pieces keep their kind).
    let demote: Vec<u8> = (0..m.kinds.len())
        .map(|k| {
            m.kinds
                .iter()
                .position(|j| j.promotion.as_ref().is_some_and(|p| p.reaches(k)))
                .filter(|_| !m.keep_kind)
                .unwrap_or(k) as u8
        })
        .collect();
    // Kinds that exist only by promotion (in no setup or hand, never dropped): captured, they
    // always go to the hand demoted, marked or not (Shogi's tokin, dragon, horse).
    let dropped: Vec<usize> = places
        .iter()
        .flatten()
        .filter(|pl| pl.drop)
        .map(|pl| (pl.code as usize - 1) >> shift)
        .collect();
    let mut always_demote: Vec<bool> = (0..m.kinds.len())
        .map(|k| {
            usize::from(demote[k]) != k
                && !m.setup.iter().any(|&(_, _, j)| j == k)
                && !m.hands.iter().any(|&(_, j, _)| j == k)
                && !dropped.contains(&k)
        })
        .collect();
    // `drop on empty, either side up`: the two kinds are two sides of one piece, which goes
    // to a hand as the kind that drops, whichever side is up (promotions both ways make no
    // cycle of demotions).
    let mut demote = demote;
    let mut drop_hand = vec![0u8; ncodes];
    for pl in places.iter().flatten().filter(|pl| pl.hand != pl.code) {
        let (base, flipped) = (kind_of(pl.hand as usize), kind_of(pl.code as usize));
        demote[base] = base as u8;
        demote[flipped] = base as u8;
        always_demote[base] = false;
        always_demote[flipped] = true;
        drop_hand[pl.code as usize] = pl.hand;
    }
    let mut start_kinds = [0u128; MAX_PLAYERS];
    for &(_, p, k) in &m.setup {
        start_kinds[p] |= 1 << k;
    }
    for &(p, k, _) in &m.hands {
        start_kinds[p] |= 1 << k;
    }
    let counts_checks = m
        .end
        .iter()
        .any(|e| matches!(e.cond, crate::model::EndCond::ChecksGiven(_)));
    let end: Vec<EndModel> = m
        .end
        .into_iter()
        .map(|mut e| {
            e.text = end::describe_end(&e, &m.kinds, &m.players);
            e
        })
        .collect();

    let line_windows = end
        .iter()
        .map(|e| match &e.cond {
            EndCond::InARow {
                both: false,
                length,
                exactly,
                axes,
                ..
            } if bitboards.is_some() => {
                crate::engine::rules::place::LineWindows::build(&board, *length, *exactly, axes)
            }
            _ => None,
        })
        .collect();
    let no_capture: Vec<u128> = (0..ncodes)
        .map(|c| {
            if c == 0 {
                0
            } else {
                m.kinds[kind_of(c)].no_capture
            }
        })
        .collect();
    let streaks: Vec<Option<crate::model::Streak>> = if m.kinds.iter().any(|k| k.streak.is_some()) {
        (0..ncodes)
            .map(|c| (c != 0).then(|| m.kinds[kind_of(c)].streak).flatten())
            .collect()
    } else {
        Vec::new()
    };
    let checks_only_stay_and_promotion = |c: usize| {
        m.explosion.is_none()
            && no_capture[c] == 0
            && bar[c].is_none()
            && keep_out
                .as_ref()
                .is_none_or(|k: &Vec<CellSet>| k[c] == CellSet::EMPTY)
            && confine[c].is_none()
            && custody.is_none()
    };
    let checks_only_promotion = |c: usize| checks_only_stay_and_promotion(c) && stay[c].is_none();
    let plain_emit = (0..ncodes)
        .map(|c| checks_only_promotion(c) && promotion[c].is_none())
        .collect();
    let plain_but_stay = (0..ncodes)
        .map(|c| checks_only_stay_and_promotion(c) && promotion[c].is_none())
        .collect();
    let sole_promotion = (0..ncodes)
        .map(|c| match &promotion[c] {
            Some((to, _))
                if checks_only_promotion(c)
                    && !promotion_from[c]
                    && !promotion_on_capture[c]
                    && promotion_limit[c].is_empty()
                    && to.len() == 1
                    && usize::from(to[0]) != c =>
            {
                Some(to[0])
            }
            _ => None,
        })
        .collect();
    // A royal piece promoted or placed is tested on its landing cell too.
    let royal_entries = promotion
        .iter()
        .flatten()
        .flat_map(|(to, _)| to)
        .chain(places.iter().flatten().map(|pl| &pl.code))
        .any(|&c| royal[c as usize])
        && !royal_last;
    // Pieces crowned during a capture go on by their new kind's chain rules.
    let in_chain: Vec<bool> = (0..ncodes)
        .map(|c| promotion_of(c).is_some_and(|p| p.in_chain[owner_of(c)]))
        .collect();
    let chains =
        crate::engine::rules::jump::Chains::build(&rules, &promotion, &in_chain, m.removed_at_once);
    let edge_marks = if end
        .iter()
        .any(|e| matches!(e.cond, EndCond::ConnectsEdges { .. } | EndCond::Ring { .. }))
    {
        crate::engine::rules::connection::edge_marks(&board)
    } else {
        Vec::new()
    };
    let colour_split = m
        .colour_split
        .map(|kind| crate::engine::rules::colours::ColourSplit {
            kind,
            dark: board.select(|x, y| (x + y) % 2 == 0),
            drop_cells: crate::model::per_player(np, |p| {
                places[p]
                    .iter()
                    .filter(|pl| pl.drop && pl.code == code(kind, p))
                    .fold(CellSet::EMPTY, |s, pl| {
                        s.union(&board.all().difference(&pl.not_on))
                    })
            }),
        });
    let mut game = Game {
        title: m.title,
        board,
        players: m.players,
        player_shift: shift,
        owner_mask: (1 << shift) - 1,
        kinds: m.kinds,
        rules,
        promotion,
        promotion_from,
        promotion_forced,
        promotion_on_capture,
        promotion_limit,
        hooks,
        step_effect,
        levels,
        immune,
        kill_immunity,
        bar,
        converts,
        keep_out,
        custody,
        groups,
        edge_marks,
        mill: m.mill.clone(),
        confines: confine.iter().chain(&stay).any(Option::is_some),
        confine,
        stay,
        plain_emit,
        plain_but_stay,
        sole_promotion,
        royal_shortcuts,
        royal_entries,
        face_dirs: m.face.clone(),
        hand_first: m.hand_first,
        colour_split,
        drop_castle: m.drop_castle,
        to_hand: m.to_hand,
        marks_promoted: m.to_hand && !m.keep_kind,
        gate_cells: if m.gating.is_some() {
            (0..ncodes)
                .map(|c| {
                    if c == 0 {
                        return CellSet::EMPTY;
                    }
                    let p = owner_of(c);
                    let not_on = places[p]
                        .iter()
                        .filter(|pl| pl.drop && pl.code as usize == c)
                        .fold(CellSet::EMPTY, |s, pl| s.union(&pl.not_on));
                    gate_region[p].difference(&not_on)
                })
                .collect()
        } else {
            Vec::new()
        },
        gate_region,
        always_demote,
        drop_hand,
        no_mating_drops: places.iter().flatten().any(|pl| pl.not_mating),
        watches_checks: end
            .iter()
            .any(|e| matches!(e.cond, EndCond::PerpetualCheck)),
        chase,
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
        counts_repetitions: end
            .iter()
            .any(|e| e.cond.is_limit() && !matches!(e.cond, EndCond::PlyLimit { .. })),
        demote,
        start_kinds,
        states: m.states,
        attacks,
        royal,
        has_royal,
        royal_last,
        royals_stay: false,
        tracks_moved,
        first_movers,
        lost_rights,
        lone_checker: m.lone_checker,
        castles,
        has_en_passant,
        initial,
        initial_unmoved: unmoved,
        compulsory_capture: m.compulsory_capture,
        majority_capture: m.majority_capture,
        capture_order: m.capture_order.clone(),
        chains,
        identity_by_captures: m.identity_by_captures,
        notation: m.notation,
        numbered_from: m.numbered_from,
        end,
        line_windows,
        zobrist_piece: keys.piece,
        zobrist_unmoved: keys.unmoved,
        zobrist_ep: keys.ep,
        zobrist_turns: keys.turns,
        zobrist_pass: keys.pass,
        zobrist_under: keys.under,
        zobrist_slept: keys.slept,
        zobrist_fresh: keys.fresh,
        has_layers,
        zobrist_spent: keys.spent,
        zobrist_hand: keys.hand,
        zobrist_promoted: keys.promoted,
        initial_hand,
        initial_heights: m.heights.clone(),
        counts_checks,
        explosion: m.explosion.clone(),
        no_checks: m.no_checks,
        no_capture,
        streaks,
        board_rules: Vec::new(),
        legality_by_play: false,
        bitboards,
        borrows_moves,
        progress,
        pass_when_stuck,
        pass_stuck_players,
        may_pass: m.may_pass,
        pie_rule: m.pie_rule,
        turn_places: m.turn_places.map(|t| (t.first, t.each)),
        openings: m
            .openings
            .iter()
            .map(|o| crate::engine::rules::opening::Opening {
                player: o.player,
                code: code(o.kind, o.player),
                cells: o.cells,
                next_to_empty: o.next_to_empty.clone(),
            })
            .collect(),
        side_letters,
        sole_place,
        shoots_only,
        draw_plans: Default::default(),
        reach_draw: false,
        approach_masks: None,
        rays128,
        sowing,
        chance,
        race,
        lines,
        places,
        steps: None,
    };
    if let Some(st) = &steps {
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
            &game.zobrist_piece,
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
        .map(|build| build(&game))
        .collect();
    // Custody takes pieces that no attack pattern describes: royal safety plays the replies.
    game.legality_by_play = game.board_rules.iter().any(|r| r.changes_threats())
        || (game.custody.is_some() && game.has_royal);
    game.draw_plans = per_player(np, |p| crate::engine::DrawPlan::new(&game, p));
    game.reach_draw = game.draws_by_reach();
    game.approach_masks = game.approach_on_masks();
    game.royals_stay = royals_stay(&game);
    game
}

/// By piece code, parallel to its promotion choices: the most pieces of each choice its owner
/// may have on the board for the choice to be open (`, each only if I have lost one`: fewer
/// than the setup gave them), `u16::MAX` for an open choice; empty where no choice waits.
fn promotion_limits(
    kinds: &[KindModel],
    setup: &[(crate::geometry::Cell, PlayerId, KindId)],
    shift: u8,
    ncodes: usize,
) -> Vec<Vec<u16>> {
    (0..ncodes)
        .map(|c| {
            let Some(pr) = (c > 0)
                .then(|| kinds[(c - 1) >> shift].promotion.as_ref())
                .flatten()
                .filter(|pr| pr.lost.iter().flatten().any(|&l| l))
            else {
                return Vec::new();
            };
            let owner = (c - 1) & ((1 << shift) - 1);
            if !pr.lost[owner].contains(&true) {
                return Vec::new();
            }
            let at_start = |k: KindId| {
                let n = setup.iter().filter(|&&(_, p, kk)| p == owner && kk == k);
                n.count().min(usize::from(u16::MAX - 1)) as u16
            };
            pr.to[owner]
                .iter()
                .zip(&pr.lost[owner])
                .map(|(&k, &lost)| if lost { at_start(k) } else { u16::MAX })
                .collect()
        })
        .collect()
}

/// Whether no rule of `g` can take a royal piece off the board or from its player (see
/// [`Game::royals_stay`]): royal safety sees every capture (attack patterns, or every reply
/// played), and nothing it does not see removes, flips or demotes a piece.
fn royals_stay(g: &Game) -> bool {
    use crate::engine::Rule;
    let unseen_removal = g.has_layers
        || g.explosion.is_some()
        || (!g.board_rules.is_empty() && !g.legality_by_play)
        || g.mill.is_some()
        || g.groups.is_some()
        || g.step_effect.iter().any(Option::is_some)
        || g.places.iter().flatten().any(|pl| !pl.flipping.is_empty())
        || !g.openings.is_empty()
        || g.rules.iter().flatten().any(|r| {
            matches!(
                r,
                Rule::Jump {
                    hurdle: Hurdle::Enemy,
                    ..
                } | Rule::Approach { .. }
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
                    | Rule::LineCount {
                        target: Target::EmptyOrAny,
                        ..
                    }
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
    // `royal when last`: a royal piece beside another may be taken.
    g.has_royal && !g.royal_last && !unseen_removal && !royal_leaves
}
