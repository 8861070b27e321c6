//! Checked [`Model`] → [`Game`]: the tables the engine runs on.
//!
//! Movement rules become per-piece-code rule lists with absolute direction ids, leaps become
//! per-cell target tables, capture rules become reverse attack patterns (so check detection
//! never generates the opponent's moves), hooks become function pointers, and Zobrist keys are
//! drawn from a fixed seed. Nothing after this layer looks up a name.

use crate::engine::rules::{leap, slide, step};
use crate::engine::{Attack, Game, Rule};
use crate::geometry::{Cell, CellSet, NONE};
use crate::model::*;
use crate::native::{self, PieceHook};
use crate::rng::Rng;

use crate::engine::code;

/// Builds the engine tables for a checked model.
pub fn compile(m: Model) -> Game {
    let board = m.board;
    let ncodes = 1 + 2 * m.kinds.len();
    let mut rules: Vec<Vec<Rule>> = vec![Vec::new(); ncodes];
    let mut promotion: Vec<Option<(Vec<u8>, CellSet)>> = vec![None; ncodes];
    let mut hooks: Vec<Vec<PieceHook>> = vec![Vec::new(); ncodes];
    let mut step_effect: Vec<Option<Threshold>> = vec![None; ncodes];
    let mut attacks: [Vec<Attack>; 2] = [Vec::new(), Vec::new()];
    let mut tracks_moved = vec![false; ncodes];
    let mut castles = Vec::new();
    let mut has_en_passant = false;
    let mut places: [Vec<crate::engine::Place>; 2] = [Vec::new(), Vec::new()];

    for (k, kind) in m.kinds.iter().enumerate() {
        for p in 0..2 {
            let c = code(k, p);
            for r in &kind.rules[p] {
                let rule = match r {
                    RuleModel::Place {
                        falling,
                        flipping,
                        only_flips,
                    } => {
                        // Made by no piece on the board: generated once per position.
                        places[p].push(crate::engine::Place {
                            code: c,
                            falling: *falling,
                            flipping: flipping.clone().unwrap_or_default(),
                            only_flips: *only_flips,
                        });
                        continue;
                    }
                    RuleModel::Step {
                        dirs,
                        twice,
                        target,
                        from,
                        en_passant,
                    } => {
                        if target.captures() && !twice {
                            step::attacks(&board, c, dirs, *from, &mut attacks[p]);
                        }
                        Rule::Step {
                            dirs: dirs.clone(),
                            twice: *twice,
                            target: *target,
                            from: *from,
                            en_passant: *en_passant,
                        }
                    }
                    RuleModel::Slide {
                        dirs,
                        until_blocked,
                        target,
                    } => {
                        if target.captures() {
                            slide::attacks(&board, c, dirs, &mut attacks[p]);
                        }
                        Rule::Slide {
                            dirs: dirs.clone(),
                            until_blocked: *until_blocked,
                            target: *target,
                        }
                    }
                    RuleModel::Leap {
                        offsets,
                        target,
                        then_fresh,
                        ..
                    } => leap::compile(&board, c, offsets, *target, *then_fresh, &mut attacks[p]),
                    RuleModel::Jump {
                        dirs,
                        hurdle,
                        gap,
                        beyond,
                        landing,
                        repeatedly,
                    } => Rule::Jump {
                        dirs: dirs.clone(),
                        hurdle: *hurdle,
                        gap: *gap,
                        beyond: *beyond,
                        landing: *landing,
                        repeatedly: *repeatedly,
                    },
                    RuleModel::Walk {
                        dirs,
                        friends,
                        steps,
                        no_revisit,
                    } => Rule::Walk {
                        dirs: dirs.clone(),
                        friends: *friends,
                        steps: *steps,
                        no_revisit: *no_revisit,
                    },
                    RuleModel::Fly { dirs, then } => Rule::Fly {
                        dirs: dirs.clone(),
                        then: then.clone(),
                    },
                    RuleModel::Push { dirs } => Rule::Push { dirs: dirs.clone() },
                    RuleModel::Sleep { dirs } => Rule::Sleep { dirs: dirs.clone() },
                    RuleModel::Heal { dirs } => Rule::Heal { dirs: dirs.clone() },
                    RuleModel::Swap => Rule::Swap,
                    RuleModel::SlideShoot { dirs, piece, shoot } => Rule::SlideShoot {
                        dirs: dirs.clone(),
                        piece: code(*piece, p),
                        shoot: shoot.clone(),
                    },
                    // Not an attack pattern: royal safety does not see these moves.
                    RuleModel::LineCount {
                        dirs,
                        over_friends,
                        target,
                    } => Rule::LineCount {
                        dirs: dirs.clone(),
                        over_friends: *over_friends,
                        target: *target,
                    },
                    RuleModel::EnPassant { dirs, smash } => {
                        has_en_passant = true;
                        Rule::EnPassant {
                            dirs: dirs.clone(),
                            smash: *smash,
                        }
                    }
                    RuleModel::Castle {
                        dir,
                        partner,
                        letter,
                    } => {
                        tracks_moved[c as usize] = true;
                        tracks_moved[code(*partner, p) as usize] = true;
                        let right = castles.len();
                        castles.push(crate::engine::CastleRight {
                            player: p,
                            king: c,
                            partner: code(*partner, p),
                            dir: *dir,
                            letter: if p == 0 {
                                *letter
                            } else {
                                letter.to_ascii_lowercase()
                            },
                        });
                        Rule::Castle {
                            dir: *dir,
                            partner: code(*partner, p),
                            right,
                        }
                    }
                };
                rules[c as usize].push(rule);
            }
            if let Some(pr) = &kind.promotion {
                promotion[c as usize] =
                    Some((pr.to.iter().map(|&t| code(t, p)).collect(), pr.region[p]));
            }
            step_effect[c as usize] = kind.step_effect;
            for h in &kind.hooks {
                let spec = &native::REGISTRY[h.hook];
                let mut compiled = (spec.compile)(&h.args, &board, k);
                compiled.name = spec.name;
                hooks[c as usize].push(compiled);
            }
        }
    }

    let mut initial = vec![0u8; board.len()];
    let mut unmoved = CellSet::EMPTY;
    for &(cell, p, k) in &m.setup {
        let c = code(k, p);
        initial[cell as usize] = c;
        if tracks_moved[c as usize] {
            unmoved.insert(cell);
        }
    }

    let mut rng = Rng::new(0x7AB0_1A5E_ED00_0001);
    let zobrist_piece = (0..ncodes * board.len()).map(|_| rng.next_u64()).collect();
    let zobrist_unmoved = (0..board.len()).map(|_| rng.next_u64()).collect();
    let zobrist_ep = (0..board.len()).map(|_| rng.next_u64()).collect();
    let zobrist_turn = rng.next_u64();
    let zobrist_pass = (0..8).map(|_| rng.next_u64()).collect();
    let zobrist_spent = [rng.next_u64(), rng.next_u64()];
    let has_layers = m.uses_layers;
    let layer_keys = |rng: &mut Rng, k: usize| -> Vec<u64> {
        if has_layers {
            (0..k).map(|_| rng.next_u64()).collect()
        } else {
            Vec::new()
        }
    };
    let zobrist_under = layer_keys(&mut rng, ncodes * board.len());
    let zobrist_slept = layer_keys(&mut rng, 2 * board.len());
    let zobrist_fresh = layer_keys(&mut rng, board.len());
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
                        if k == (c - 1) / 2)
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
    let bitboards = bitboards(&board, has_layers || piece_hooks);
    let pass_when_stuck = m.end.iter().any(|e| e.verdict == Verdict::Pass);
    let sole_place = [0, 1].map(|p| {
        let moves_otherwise = (0..m.kinds.len()).any(|k| {
            let c = code(k, p) as usize;
            !rules[c].is_empty() || hooks[c].iter().any(|h| h.generate.is_some())
        });
        let filtered = m.compulsory_capture
            || m.majority_capture
            || m.identity_by_captures
            || m.kinds.iter().any(|k| k.royal)
            || !board_rule_hooks.is_empty()
            || m.may_pass;
        (places[p].len() == 1 && !moves_otherwise && !filtered).then_some(0)
    });

    let royal: Vec<bool> = (0..ncodes)
        .map(|c| c > 0 && m.kinds[(c - 1) / 2].royal)
        .collect();
    let side_letters = side_letters(&m.players);
    let has_royal = royal.iter().any(|&r| r);
    let levels = m.levels.map(|c| board.distances(c));
    let immune: Vec<u8> = (0..ncodes)
        .map(|c| {
            if c == 0 {
                0
            } else {
                m.kinds[(c - 1) / 2].immune
            }
        })
        .collect();
    let bar: Vec<Option<(usize, Vec<u8>)>> = (0..ncodes)
        .map(|c| {
            if c == 0 {
                None
            } else {
                m.kinds[(c - 1) / 2].bar.clone()
            }
        })
        .collect();
    let end = m
        .end
        .into_iter()
        .map(|mut e| {
            e.text = describe_end(&e, &m.kinds);
            e
        })
        .collect();

    let mut game = Game {
        title: m.title,
        board,
        players: m.players,
        kinds: m.kinds,
        rules,
        promotion,
        hooks,
        step_effect,
        levels,
        immune,
        bar,
        states: m.states,
        attacks,
        royal,
        has_royal,
        tracks_moved,
        castles,
        has_en_passant,
        initial,
        initial_unmoved: unmoved,
        compulsory_capture: m.compulsory_capture,
        majority_capture: m.majority_capture,
        identity_by_captures: m.identity_by_captures,
        notation: m.notation,
        end,
        zobrist_piece,
        zobrist_unmoved,
        zobrist_ep,
        zobrist_turn,
        zobrist_pass,
        zobrist_under,
        zobrist_slept,
        zobrist_fresh,
        has_layers,
        zobrist_spent,
        board_rules: Vec::new(),
        legality_by_play: false,
        bitboards,
        borrows_moves,
        progress,
        pass_when_stuck,
        may_pass: m.may_pass,
        side_letters,
        sole_place,
        places,
    };
    game.board_rules = board_rule_hooks
        .iter()
        .filter_map(|&i| native::REGISTRY[i].board_rule)
        .map(|build| build(&game))
        .collect();
    game.legality_by_play = game.board_rules.iter().any(|r| r.changes_threats());
    game
}

/// Shift tables when the board is a square grid of at most 64 cells (cell = y * width + x) and
/// the game has no layers (stacks and states need the general path).
fn bitboards(board: &crate::geometry::Board, has_layers: bool) -> Option<crate::engine::Bitboards> {
    let crate::geometry::Shape::Square { width, .. } = board.shape else {
        return None;
    };
    if has_layers || board.len() > 64 {
        return None;
    }
    let shift: Vec<i32> = board
        .dirs
        .iter()
        .map(|d| d.dy * width as i32 + d.dx)
        .collect();
    let can_step = (0..board.dirs.len())
        .map(|d| {
            (0..board.len())
                .filter(|&c| board.step(c as Cell, d as u8) != NONE)
                .fold(0u64, |m, c| m | 1 << c)
        })
        .collect();
    let rotate = shift.iter().map(|&s| s.rem_euclid(64) as u32).collect();
    Some(crate::engine::Bitboards {
        shift,
        rotate,
        can_step,
    })
}

/// One letter per player for position strings: the first letter of each name, or 1 and 2
/// when both names start alike.
fn side_letters(players: &[PlayerModel]) -> [char; 2] {
    let a = players[0]
        .name
        .chars()
        .next()
        .unwrap_or('1')
        .to_ascii_lowercase();
    let b = players[1]
        .name
        .chars()
        .next()
        .unwrap_or('2')
        .to_ascii_lowercase();
    if a == b {
        ['1', '2']
    } else {
        [a, b]
    }
}

fn describe_end(e: &EndModel, kinds: &[KindModel]) -> String {
    let verdict = match e.verdict {
        Verdict::Win => "win",
        Verdict::Lose => "lose",
        Verdict::Draw => "draw",
        Verdict::Pass => "pass",
    };
    let cond = match &e.cond {
        EndCond::NoLegalMove { in_check: false } => "when I have no legal move".to_string(),
        EndCond::NoLegalMove { in_check: true } => {
            "when I have no legal move and I am in check".to_string()
        }
        EndCond::NoPieces(None) => "when I have no pieces".to_string(),
        EndCond::NoPieces(Some(k)) => format!("when I have no {}s", kinds[*k].name),
        EndCond::Reaches { kind, .. } => format!("when my {} reaches its goal", kinds[*kind].name),
        EndCond::Repetition => "on threefold repetition".to_string(),
        EndCond::PassLimit(n) => format!("after {n} passes in a row"),
        EndCond::InARow {
            length,
            exactly,
            along,
            ..
        } => format!(
            "when I have {}{length} in a row{}",
            if *exactly { "exactly " } else { "" },
            if along.is_empty() {
                String::new()
            } else {
                format!(" along {along}")
            }
        ),
        EndCond::Connects { label, .. } => format!("when my pieces connect {label}"),
        EndCond::Connected => "when my pieces are connected".to_string(),
        EndCond::BoardFull { tiebreak } => {
            format!("when the board is full{}", tiebreak_text(tiebreak, kinds))
        }
        EndCond::NobodyCanMove { tiebreak } => {
            format!("when nobody can move{}", tiebreak_text(tiebreak, kinds))
        }
        EndCond::NobodyHas(None) => "when nobody has pieces".to_string(),
        EndCond::NobodyHas(Some(k)) => format!("when nobody has {}s", kinds[*k].name),
        EndCond::PlyLimit {
            plies,
            no_progress: None,
            tiebreak,
        } => format!("after {plies} plies{}", tiebreak_text(tiebreak, kinds)),
        EndCond::PlyLimit {
            plies,
            no_progress: Some(None),
            ..
        } => format!("after {plies} plies without a capture"),
        EndCond::PlyLimit {
            plies,
            no_progress: Some(Some(k)),
            ..
        } => format!(
            "after {plies} plies without a capture or a {} move",
            kinds[*k].name
        ),
    };
    format!("{verdict} {cond}")
}

fn tiebreak_text(tiebreak: &[Option<KindId>], kinds: &[KindModel]) -> String {
    let parts: Vec<String> = tiebreak
        .iter()
        .map(|t| match t {
            None => "more pieces".to_string(),
            Some(k) => format!("more {}s", kinds[*k].name),
        })
        .collect();
    if parts.is_empty() {
        String::new()
    } else {
        format!(", decided by {}", parts.join(", then "))
    }
}
