//! Which of the engine's paths a game may take: the general generator or bitboards, the
//! shortcuts of royal safety, playouts that draw a move without listing them, passing when
//! stuck.

use super::pieces::Pieces;
use crate::engine::{Bitboards, Rule};
use crate::model::{per_player, EndCond, Model, PerPlayer, RuleModel, Verdict};
use crate::native;

pub(super) struct Paths {
    /// The hooks with a board-wide mechanic that some piece declares, each built once.
    pub board_rule_hooks: Vec<usize>,
    /// By piece code: a hook of it borrows other pieces' moves.
    pub borrows_moves: Vec<bool>,
    /// By piece code: its moves count as progress for a no-progress limit.
    pub progress: Vec<bool>,
    pub kill_immunity: bool,
    pub bitboards: Option<Bitboards>,
    pub wide_bitboards: Option<Bitboards<u128>>,
    /// The players (a bit each) who pass when they have no move.
    pub pass_stuck_players: u8,
    pub sole_place: PerPlayer<Option<usize>>,
    pub shoots_only: PerPlayer<bool>,
    pub rays128: Option<crate::engine::rules::shoot::Rays128>,
    pub royal_shortcuts: bool,
}

impl Paths {
    pub(super) fn new(m: &Model, pieces: &Pieces, shift: u8) -> Paths {
        let np = m.players.len();
        let code = |k: usize, p: usize| crate::engine::code_in(shift, k, p);
        let ncodes = 1 + (m.kinds.len() << shift);
        let Pieces {
            rules,
            hooks,
            places,
            ..
        } = pieces;
        let mut board_rule_hooks: Vec<usize> = m
            .kinds
            .iter()
            .flat_map(|k| &k.hooks)
            .map(|h| h.hook)
            .filter(|&i| native::REGISTRY[i].board_rule.is_some())
            .collect();
        board_rule_hooks.sort_unstable();
        board_rule_hooks.dedup();
        let progress: Vec<bool> = (0..ncodes)
            .map(|c| {
                c > 0
                    && m.end.iter().any(|e| {
                        matches!(e.cond, EndCond::PlyLimit { no_progress: Some(Some(k)), .. }
                            if k == (c - 1) >> shift)
                    })
            })
            .collect();
        // Hooks that generate moves or forbid acting run per piece, and board rules see the
        // whole board: keep the general path.
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
        let kill_immunity = super::codes::kill_immunity(m);
        // A race moves its pieces along its tracks, not by the generators bitboards serve.
        let general_only = m.uses_layers
            || piece_hooks
            || per_piece_phases
            || kill_immunity
            || m.race.is_some()
            || m.steps.is_some()
            // Partners' pieces are friends: the sides are not the players.
            || !m.teams.is_empty();
        let bitboards = super::tables::bitboards(&m.board, general_only);
        // Jumps are found on 64-bit sets only (`rules/jump.rs`): larger boards with jumps
        // (international draughts) keep the general generator.
        let jumps = rules.iter().flatten().any(|r| matches!(r, Rule::Jump(_)));
        let wide_bitboards = super::tables::bitboards(&m.board, general_only || jumps);
        // Something filters or expands the generated moves: playouts may not draw one
        // directly.
        let filtered = m.compulsory_capture
            || m.majority_capture
            || m.identity_by_captures
            || m.kinds.iter().any(|k| k.royal)
            || !board_rule_hooks.is_empty()
            || !m.mills.is_empty();
        let moves_otherwise = |p: usize| {
            (0..m.kinds.len()).any(|k| {
                let c = code(k, p) as usize;
                !rules[c].is_empty() || hooks[c].iter().any(|h| h.generate.is_some())
            })
        };
        // Placing first decides per position which placements are possible.
        let sole_place = per_player(np, |p| {
            (places[p].len() == 1 && !moves_otherwise(p) && !filtered && !m.hand_first).then_some(0)
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
                    .all(|r| matches!(r, Rule::SlideShoot { .. }))
                    && hooks[c].is_empty()
            });
            shoots && only && places[p].is_empty() && !filtered && !m.hand_first
        });
        let rays128 = if shoots_only.iter().any(|&s| s) {
            crate::engine::rules::shoot::Rays128::build(&m.board)
        } else {
            None
        };
        Paths {
            borrows_moves: hooks
                .iter()
                .map(|hs| hs.iter().any(|h| h.borrows_moves))
                .collect(),
            board_rule_hooks,
            progress,
            kill_immunity,
            bitboards,
            wide_bitboards,
            pass_stuck_players: pass_stuck_players(m),
            sole_place,
            shoots_only,
            rays128,
            // Screens, hops and blocked leaps make attacks that a move can create by adding
            // or moving a piece anywhere on their lines: royal safety then tests every move.
            royal_shortcuts: !rules.iter().flatten().any(|r| {
                matches!(
                    r,
                    Rule::Screen { .. } | Rule::Hop { .. } | Rule::Leap { legs: Some(_), .. }
                )
            }),
        }
    }
}

/// The players (a bit each; `u8::MAX` for all) who pass the turn when they have no move: all
/// in a race (a throw that gives no move passes), else those an end rule `pass ...` names.
fn pass_stuck_players(m: &Model) -> u8 {
    if m.race.is_some() {
        return u8::MAX;
    }
    m.end
        .iter()
        .filter(|e| e.verdict == Verdict::Pass)
        .fold(0u8, |mask, e| {
            mask | if e.side == 0 { u8::MAX } else { e.side }
        })
}
