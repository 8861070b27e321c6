//! The pieces: each kind's movement rules become per-piece-code rule lists (with the attack
//! patterns of capturing rules, built by each rule's room in `engine::rules`), promotions,
//! step effects, castling rights, placements and the piece hooks of the native registry.

use crate::engine::rules::jump::Chains;
use crate::engine::rules::{leap, screen, slide, step, within};
use crate::engine::{code_in, Attack, CastleRight, Place, Rule, NO_FILE};
use crate::geometry::{Board, Cell, CellSet};
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
fn kinds_to_codes(kinds: u128, players: usize, code: &impl Fn(usize, usize) -> u8) -> u128 {
    let mut codes = 0u128;
    for k in (0..128).filter(|&k| kinds >> k & 1 != 0) {
        for p in 0..players {
            codes |= 1 << code(k, p);
        }
    }
    codes
}

/// Compiles every kind's rules, promotions and hooks, for both players.
pub(super) fn compile(kinds: &[KindModel], board: &Board, players: usize, shift: u8) -> Pieces {
    let code = |k: usize, p: usize| code_in(shift, k, p);
    let ncodes = 1 + (kinds.len() << shift);
    let mut out = Pieces {
        rules: vec![Vec::new(); ncodes],
        promotion: vec![None; ncodes],
        hooks: vec![Vec::new(); ncodes],
        step_effect: vec![None; ncodes],
        attacks: Default::default(),
        tracks_moved: vec![false; ncodes],
        first_movers: vec![false; ncodes],
        lost_rights: Vec::new(),
        castles: Vec::new(),
        has_en_passant: false,
        places: Default::default(),
    };
    for (k, kind) in kinds.iter().enumerate() {
        for p in 0..players {
            let c = code(k, p);
            for r in &kind.rules[p] {
                if let Some(rule) = out.rule(r, kind, k, p, board, players, &code) {
                    out.rules[c as usize].push(rule);
                }
            }
            if let Some(pr) = kind.promotion.as_ref().filter(|pr| !pr.to[p].is_empty()) {
                out.promotion[c as usize] =
                    Some((pr.to[p].iter().map(|&t| code(t, p)).collect(), pr.region[p]));
            }
            out.step_effect[c as usize] = kind.step_effect;
            for h in &kind.hooks {
                let spec = &native::REGISTRY[h.hook];
                let mut compiled = (spec.compile)(&h.args, board, k);
                compiled.name = spec.name;
                out.hooks[c as usize].push(compiled);
            }
        }
    }

    out
}

impl Pieces {
    /// The capture chains of the pieces' jumps (`in_chain`: by piece code, crowned during a
    /// capture, the chain goes on by the new kind's rules).
    pub(super) fn chains(&self, in_chain: &[bool], removed_at_once: bool) -> Chains {
        Chains::build(&self.rules, &self.promotion, in_chain, removed_at_once)
    }

    /// The engine's rule for `r`, a rule of kind `k` (code `c`) of player `p`, with its attack
    /// patterns, rights and placements recorded; `None` for rules made by no piece on the
    /// board (placements, drops).
    #[allow(clippy::too_many_arguments)]
    fn rule(
        &mut self,
        r: &RuleModel,
        kind: &KindModel,
        k: usize,
        p: usize,
        board: &Board,
        players: usize,
        code: &impl Fn(usize, usize) -> u8,
    ) -> Option<Rule> {
        let c = code(k, p);
        Some(match r {
            RuleModel::Place { .. } => {
                // Made by no piece on the board: generated once per position.
                self.places[p].push(place(r, c, board));
                return None;
            }
            RuleModel::Drop { .. } => {
                self.places[p].extend(drops(r, kind, k, p, code));
                return None;
            }
            RuleModel::Step {
                dirs,
                target,
                from,
                within: Some(w),
                ..
            } => within::step(board, c, dirs, *target, *from, *w, &mut self.attacks[p]),
            RuleModel::Slide {
                dirs,
                target,
                within: Some(w),
                ..
            } => within::slide(board, c, dirs, *target, *w, &mut self.attacks[p]),
            RuleModel::Step {
                dirs,
                twice,
                target,
                from,
                en_passant,
                within: None,
            } => {
                if target.captures() && !twice {
                    step::attacks(board, c, dirs, *from, &mut self.attacks[p]);
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
                    slide::attacks(board, c, dirs, &mut self.attacks[p]);
                }
                Rule::Slide {
                    dirs: dirs.clone(),
                    until_blocked: *until_blocked,
                    target: *target,
                }
            }
            RuleModel::Leap { .. } => self.leap(r, c, p, board, players, &code),
            RuleModel::Ride {
                offsets, target, ..
            } => crate::engine::rules::ride::compile(
                board,
                c,
                offsets,
                *target,
                &mut self.attacks[p],
            ),
            RuleModel::Hop { dirs, target } => {
                if target.captures() {
                    crate::engine::rules::hop::attacks(board, c, dirs, &mut self.attacks[p]);
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
                    spared: kinds_to_codes(*sparing, players, code),
                };
                screen::attacks(board, c, dirs, &opts, &mut self.attacks[p]);
                Rule::Screen {
                    dirs: dirs.clone(),
                    opts,
                }
            }
            RuleModel::Circuits { circuits } => circuit_ways(circuits, board),
            RuleModel::EnPassant { dirs, smash } => {
                self.has_en_passant = true;
                Rule::EnPassant {
                    dirs: dirs.clone(),
                    smash: *smash,
                }
            }
            RuleModel::Castle { .. } => self.castle(r, c, p, &code),
            _ => same(r, p, code),
        })
    }

    /// A leap, with the rights of a first-move leap (and who takes them away).
    fn leap(
        &mut self,
        r: &RuleModel,
        c: u8,
        p: usize,
        board: &Board,
        players: usize,
        code: &impl Fn(usize, usize) -> u8,
    ) -> Rule {
        match r {
            RuleModel::Leap {
                offsets,
                target,
                blocked,
                from,
                then_fresh,
                first_move,
                ..
            } => {
                if let Some(f) = first_move {
                    self.tracks_moved[c as usize] = true;
                    self.first_movers[c as usize] = true;
                    if let Some((by, dirs)) = &f.lost {
                        for q in (0..players).filter(|&q| q != p) {
                            self.lost_rights.push(leap::LostRight {
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
                    *from,
                    *target,
                    *blocked,
                    *then_fresh,
                    &mut self.attacks[p],
                );
                if let Rule::Leap { first, .. } = &mut rule {
                    *first = first_move.as_ref().map(|f| f.not_in_check);
                }
                rule
            }
            _ => unreachable!("called for leaps"),
        }
    }

    /// A castling rule, with its right.
    fn castle(
        &mut self,
        r: &RuleModel,
        c: u8,
        p: usize,
        code: &impl Fn(usize, usize) -> u8,
    ) -> Rule {
        match r {
            RuleModel::Castle {
                dir,
                to_file,
                partner,
                letter,
                free,
            } => {
                let to_file = to_file.unwrap_or(NO_FILE);
                self.tracks_moved[c as usize] = true;
                self.tracks_moved[code(*partner, p) as usize] = true;
                let right = self.castles.len();
                self.castles.push(CastleRight {
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
            _ => unreachable!("called for castling"),
        }
    }
}

/// The rules that the engine takes field for field from the model (with the piece codes of
/// player `p` where they name a kind).
fn same(r: &RuleModel, p: usize, code: &impl Fn(usize, usize) -> u8) -> Rule {
    match r {
        RuleModel::FlyAnywhere { when_pieces } => Rule::FlyAnywhere {
            when_pieces: *when_pieces,
        },
        RuleModel::Jump(r) => Rule::Jump(r.clone()),
        RuleModel::Approach(r) => Rule::Approach(r.clone()),
        RuleModel::Walk(r) => Rule::Walk(r.clone()),
        RuleModel::Fly(r) => Rule::Fly(r.clone()),
        RuleModel::PromoteMove {
            to,
            dirs,
            from,
            when_last,
            closed,
            no_attack,
            no_check,
        } => Rule::PromoteMove(crate::engine::rules::promote_move::PromoteMove {
            to: to.iter().map(|&t| code(t, p)).collect(),
            dirs: dirs.clone(),
            from: *from,
            when_last: *when_last,
            closed: closed.clone(),
            no_attack: *no_attack,
            no_check: *no_check,
        }),
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
        RuleModel::LineCount(r) => Rule::LineCount(r.clone()),
        _ => unreachable!("called for the rules the engine takes as they are"),
    }
}

/// A placement (`place`): made by no piece on the board, generated once per position.
fn place(r: &RuleModel, c: u8, board: &Board) -> Place {
    let RuleModel::Place {
        falling,
        flipping,
        only_flips,
        next_to,
        rotating,
        groups,
        touching,
        not_making,
        not_by_last,
    } = r
    else {
        unreachable!("called for placements")
    };
    Place {
        code: c,
        hand: c,
        falling: *falling,
        flipping: flipping.clone().unwrap_or_default(),
        only_flips: *only_flips,
        next_to: next_to.clone().unwrap_or_default(),
        from_hand: false,
        groups: groups.is_some(),
        drop: false,
        not_on: CellSet::EMPTY,
        not_file_with: None,
        not_mating: false,
        touching: *touching,
        not_making: not_making.clone(),
        not_by_last: *not_by_last,
        blocks: rotating.map_or_else(Vec::new, |b| crate::engine::rules::place::blocks(board, b)),
    }
}

/// The drops of kind `k` (code `code(k, p)`) from player `p`'s hand: one, or two where it
/// drops either side up (its flipped side first).
fn drops(
    r: &RuleModel,
    kind: &KindModel,
    k: usize,
    p: usize,
    code: &impl Fn(usize, usize) -> u8,
) -> Vec<Place> {
    let RuleModel::Drop {
        not_on,
        not_file_with,
        not_mating,
        either_side,
    } = r
    else {
        unreachable!("called for drops")
    };
    let c = code(k, p);
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
        not_by_last: false,
    };
    // `either side up`: the kind it promotes to, from this kind's hand (the checker made sure
    // there is one).
    let flipped = either_side
        .then(|| kind.promotion.as_ref())
        .flatten()
        .and_then(|pr| pr.to[p].iter().find(|&&t| t != k));
    flipped
        .map(|&t| drop(code(t, p)))
        .into_iter()
        .chain([drop(c)])
        .collect()
}

/// `move around CIRCUITS`: each circuit both ways round (twice over, so that a run never
/// wraps), and per cell the ways through it with the cell's index on each.
fn circuit_ways(circuits: &[Vec<(Cell, bool)>], board: &Board) -> Rule {
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
        circuits: circuits.to_vec(),
        ways,
        at,
    }
}
