//! The pieces: each kind's movement rules become per-piece-code rule lists (with the attack
//! patterns of capturing rules, built by each rule's room in `engine::rules`), promotions,
//! step effects, castling rights, placements and the piece hooks of the native registry.

use crate::engine::rules::{leap, screen, slide, step, within};
use crate::engine::{code_in, Attack, CastleRight, Place, Rule, NO_FILE};
use crate::geometry::{Board, CellSet};
use crate::model::{KindModel, PerPlayer, RuleModel, Threshold};
use crate::native::{self, PieceHook};

/// The per-piece-code tables of a game.
pub(super) struct Pieces {
    pub rules: Vec<Vec<Rule>>,
    pub promotion: Vec<Option<(Vec<u8>, CellSet)>>,
    pub hooks: Vec<Vec<PieceHook>>,
    pub step_effect: Vec<Option<Threshold>>,
    /// `attacks[p]`: how player p's pieces capture.
    pub attacks: PerPlayer<Vec<Attack>>,
    pub tracks_moved: Vec<bool>,
    /// By piece code: whether it has a rule it may use only as its first move.
    pub first_movers: Vec<bool>,
    pub lost_rights: Vec<leap::LostRight>,
    pub castles: Vec<CastleRight>,
    pub has_en_passant: bool,
    pub places: PerPlayer<Vec<Place>>,
}

/// The piece codes, of every player, of the kinds set in `kinds` (bits by kind).
fn kinds_to_codes(kinds: u128, players: usize, shift: u8) -> u128 {
    let mut codes = 0u128;
    for k in (0..128).filter(|&k| kinds >> k & 1 != 0) {
        for p in 0..players {
            codes |= 1 << code_in(shift, k, p);
        }
    }
    codes
}

/// Compiles every kind's rules, promotions and hooks, for both players.
pub(super) fn compile(kinds: &[KindModel], board: &Board, players: usize, shift: u8) -> Pieces {
    let code = |k: usize, p: usize| code_in(shift, k, p);
    let ncodes = 1 + (kinds.len() << shift);
    let mut rules: Vec<Vec<Rule>> = vec![Vec::new(); ncodes];
    let mut promotion: Vec<Option<(Vec<u8>, CellSet)>> = vec![None; ncodes];
    let mut hooks: Vec<Vec<PieceHook>> = vec![Vec::new(); ncodes];
    let mut step_effect: Vec<Option<Threshold>> = vec![None; ncodes];
    let mut attacks: PerPlayer<Vec<Attack>> = Default::default();
    let mut tracks_moved = vec![false; ncodes];
    let mut first_movers = vec![false; ncodes];
    let mut lost_rights = Vec::new();
    let mut castles = Vec::new();
    let mut has_en_passant = false;
    let mut places: PerPlayer<Vec<Place>> = Default::default();

    for (k, kind) in kinds.iter().enumerate() {
        for p in 0..players {
            let c = code(k, p);
            for r in &kind.rules[p] {
                let rule = match r {
                    RuleModel::Place {
                        falling,
                        flipping,
                        only_flips,
                        next_to,
                        rotating,
                        groups,
                        touching,
                        not_making,
                    } => {
                        // Made by no piece on the board: generated once per position.
                        places[p].push(Place {
                            code: c,
                            hand: c,
                            falling: *falling,
                            flipping: flipping.clone().unwrap_or_default(),
                            only_flips: *only_flips,
                            next_to: next_to.clone().unwrap_or_default(),
                            from_hand: false,
                            groups: groups.is_some(),
                            drop: false,
                            not_on: crate::geometry::CellSet::EMPTY,
                            not_file_with: None,
                            not_mating: false,
                            touching: *touching,
                            not_making: not_making.clone(),
                            blocks: rotating.map_or_else(Vec::new, |b| {
                                crate::engine::rules::place::blocks(board, b)
                            }),
                        });
                        continue;
                    }
                    RuleModel::Drop {
                        not_on,
                        not_file_with,
                        not_mating,
                        either_side,
                    } => {
                        let drop = |placed: u8| Place {
                            code: placed,
                            hand: c,
                            falling: None,
                            flipping: Vec::new(),
                            only_flips: false,
                            next_to: Vec::new(),
                            from_hand: true,
                            groups: false,
                            blocks: Vec::new(),
                            drop: true,
                            not_on: *not_on,
                            not_file_with: not_file_with.map(|(k, n)| (code(k, p), n)),
                            not_mating: *not_mating,
                            touching: None,
                            not_making: None,
                        };
                        // `either side up`: the kind it promotes to, from this kind's hand
                        // (the checker made sure there is one).
                        let flipped = either_side
                            .then(|| kind.promotion.as_ref())
                            .flatten()
                            .and_then(|pr| pr.to[p].iter().find(|&&t| t != k));
                        if let Some(&t) = flipped {
                            places[p].push(drop(code(t, p)));
                        }
                        places[p].push(drop(c));
                        continue;
                    }
                    RuleModel::FlyAnywhere { when_pieces } => Rule::FlyAnywhere {
                        when_pieces: *when_pieces,
                    },
                    RuleModel::Step {
                        dirs,
                        target,
                        from,
                        within: Some(w),
                        ..
                    } => within::step(board, c, dirs, *target, *from, *w, &mut attacks[p]),
                    RuleModel::Slide {
                        dirs,
                        target,
                        within: Some(w),
                        ..
                    } => within::slide(board, c, dirs, *target, *w, &mut attacks[p]),
                    RuleModel::Step {
                        dirs,
                        twice,
                        target,
                        from,
                        en_passant,
                        within: None,
                    } => {
                        if target.captures() && !twice {
                            step::attacks(board, c, dirs, *from, &mut attacks[p]);
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
                        within: None,
                    } => {
                        if target.captures() {
                            slide::attacks(board, c, dirs, &mut attacks[p]);
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
                        blocked,
                        then_fresh,
                        first_move,
                        ..
                    } => {
                        if let Some(f) = first_move {
                            tracks_moved[c as usize] = true;
                            first_movers[c as usize] = true;
                            if let Some((by, dirs)) = &f.lost {
                                for q in (0..players).filter(|&q| q != p) {
                                    lost_rights.push(leap::LostRight {
                                        holder: c,
                                        by: code(*by, q),
                                        dirs: dirs.clone(),
                                    });
                                }
                            }
                        }
                        let mut rule = leap::compile(
                            board,
                            c,
                            offsets,
                            *target,
                            *blocked,
                            *then_fresh,
                            &mut attacks[p],
                        );
                        if let Rule::Leap { first, .. } = &mut rule {
                            *first = first_move.as_ref().map(|f| f.not_in_check);
                        }
                        rule
                    }
                    RuleModel::Ride {
                        offsets, target, ..
                    } => crate::engine::rules::ride::compile(
                        board,
                        c,
                        offsets,
                        *target,
                        &mut attacks[p],
                    ),
                    RuleModel::Hop { dirs, target } => {
                        if target.captures() {
                            crate::engine::rules::hop::attacks(board, c, dirs, &mut attacks[p]);
                        }
                        Rule::Hop {
                            dirs: dirs.clone(),
                            target: *target,
                        }
                    }
                    RuleModel::Screen {
                        dirs,
                        quiet,
                        within,
                        sparing,
                    } => {
                        let opts = screen::Screen {
                            quiet: *quiet,
                            within: within.map(Box::new),
                            spared: kinds_to_codes(*sparing, players, shift),
                        };
                        screen::attacks(board, c, dirs, &opts, &mut attacks[p]);
                        Rule::Screen {
                            dirs: dirs.clone(),
                            opts,
                        }
                    }
                    RuleModel::Jump {
                        dirs,
                        hurdle,
                        gap,
                        beyond,
                        landing,
                        repeatedly,
                        kinds,
                        no_turning_back,
                        straight,
                        may_stop,
                    } => Rule::Jump {
                        dirs: dirs.clone(),
                        hurdle: *hurdle,
                        gap: *gap,
                        beyond: *beyond,
                        landing: *landing,
                        repeatedly: *repeatedly,
                        kinds: *kinds,
                        no_turning_back: *no_turning_back,
                        straight: *straight,
                        may_stop: *may_stop,
                    },
                    RuleModel::Approach {
                        dirs,
                        repeatedly,
                        not_first_turn,
                        may_stop,
                        no_revisit,
                        no_same_dir,
                    } => Rule::Approach {
                        dirs: dirs.clone(),
                        repeatedly: *repeatedly,
                        not_first_turn: *not_first_turn,
                        may_stop: *may_stop,
                        no_revisit: *no_revisit,
                        no_same_dir: *no_same_dir,
                    },
                    RuleModel::Circuits { circuits } => {
                        let mut ways = Vec::new();
                        for circuit in circuits {
                            let n = circuit.len();
                            ways.push(circuit.clone());
                            // Backward: the loop between cells k + 1 and k is the one after k.
                            ways.push(
                                (0..n)
                                    .map(|m| (circuit[n - 1 - m].0, circuit[(2 * n - 2 - m) % n].1))
                                    .collect(),
                            );
                        }
                        let mut at = vec![Vec::new(); board.len()];
                        for (w, way) in ways.iter_mut().enumerate() {
                            for (i, &(c, _)) in way.iter().enumerate() {
                                at[c as usize].push((w as u8, i as u8));
                            }
                            way.extend_from_within(..);
                        }
                        Rule::Circuits {
                            circuits: circuits.clone(),
                            ways,
                            at,
                        }
                    }
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
                        to_file,
                        partner,
                        letter,
                        free,
                    } => {
                        let to_file = to_file.unwrap_or(NO_FILE);
                        tracks_moved[c as usize] = true;
                        tracks_moved[code(*partner, p) as usize] = true;
                        let right = castles.len();
                        castles.push(CastleRight {
                            player: p,
                            king: c,
                            partner: code(*partner, p),
                            dir: *dir,
                            to_file,
                            letter: if p == 0 {
                                *letter
                            } else {
                                letter.to_ascii_lowercase()
                            },
                            free: *free,
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
            if let Some(pr) = kind.promotion.as_ref().filter(|pr| !pr.to[p].is_empty()) {
                promotion[c as usize] =
                    Some((pr.to[p].iter().map(|&t| code(t, p)).collect(), pr.region[p]));
            }
            step_effect[c as usize] = kind.step_effect;
            for h in &kind.hooks {
                let spec = &native::REGISTRY[h.hook];
                let mut compiled = (spec.compile)(&h.args, board, k);
                compiled.name = spec.name;
                hooks[c as usize].push(compiled);
            }
        }
    }

    Pieces {
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
    }
}
