//! Counting moves instead of listing them. Where nothing filters a player's moves, a random
//! playout draws one index among the counted moves and builds only that move, and perft
//! counts its last ply without a list. The list is cut into segments, in the bitboard
//! generator's order: each plain step rule's direction is counted for all pieces of a kind
//! at once, each slide rule per piece on ray masks, each circuits rule's captures per piece
//! on its ways' occupied places, and every other rule (jumps, double steps, ...) is listed as
//! the generator lists it. The move drawn is the very move the full
//! list would give at the index drawn; `tests/games.rs` checks it game by game.

use super::movegen::Sides;
use super::rules::circuit::CircuitBits;
use super::rules::{jump, slide};
use super::{Bitboards, Game, Move, Position, Rule};
use crate::geometry::Cell;
use crate::model::{Hurdle, JumpRule, Target};

/// The most segments a plan may have (a fixed array of counts is kept per position).
const MAX_SEGMENTS: usize = 16;

/// One part of a player's move list, in generator order.
#[derive(Clone, Copy, Debug)]
enum Segment {
    /// Plain steps: the plan's `steps[first..end]`, one rule direction each.
    Steps { first: u8, end: u8 },
    /// A slide rule's moves (`rule`, an index into the piece's rules), piece by piece.
    Slide { code: u8, rule: u8 },
    /// A circuits rule's captures, piece by piece, on the plan's `circuits[table]`.
    Circuit { code: u8, rule: u8, table: u8 },
    /// Any other rule's moves, listed.
    Listed { code: u8, rule: u8 },
}

/// The moves of a plain step rule in one direction for every piece of `code` on `from`, as
/// one rotation of a bitboard: `from` holds only the cells whose step stays on the board,
/// `rotate` is the direction's rotation, and `target` indexes the cells the step may end on
/// ([`Targets`]).
#[derive(Clone, Copy, Debug)]
struct StepDir {
    code: u8,
    rotate: u8,
    target: u8,
    shift: i8,
    from: u64,
}

/// The cells a step may end on ([`Sides::allowed`]), for each target a counted step may
/// have, in the order [`StepDir::target`] indexes them.
struct Targets([u64; 4]);

/// The targets of [`Targets`], by index.
const TARGETS: [Target; 4] = [
    Target::Empty,
    Target::Enemy,
    Target::EmptyOrEnemy,
    Target::EmptyOrAny,
];

impl Targets {
    fn new(sides: &Sides) -> Targets {
        Targets(TARGETS.map(|t| sides.allowed(t)))
    }

    /// The index of `target`'s cells (a counted step is never a smash).
    fn index(target: Target) -> u8 {
        TARGETS.iter().position(|&t| t == target).unwrap_or(0) as u8
    }
}

impl StepDir {
    #[inline]
    fn targets(&self, pos: &Position, targets: &Targets) -> u64 {
        (pos.bb[self.code as usize] & self.from).rotate_left(u32::from(self.rotate))
            & targets.0[self.target as usize & 3]
    }
}

/// How a player's moves are counted, found once per game ([`DrawPlan::new`]).
#[derive(Debug)]
pub struct DrawPlan {
    segments: Vec<Segment>,
    steps: Vec<StepDir>,
    circuits: Vec<CircuitBits>,
    /// Capturing is compulsory (or the most must be taken): the counts stand only where no
    /// capture exists. Only jumps capture then (these rules, by piece code and index), and
    /// where one may start the list decides.
    rule_out: Vec<RuleOut>,
}

/// A jump rule that must have no start for the counts to stand (see [`DrawPlan`]).
#[derive(Clone, Copy, Debug)]
struct RuleOut {
    code: u8,
    rule: u8,
    /// For a jump over a hurdle right beside the piece (no gap): what the hurdle may be, and
    /// the directions back from a hurdle to the jumper (`n` of them), so that the starts are
    /// one shift per direction.
    adjacent: Option<(Hurdle, [u8; 8], u8)>,
}

impl DrawPlan {
    /// The plan of `player`'s moves, or `None` where something filters or adds to them
    /// (royal safety, board rules, mills, placements, passing by choice, moves told apart by
    /// their captures where the counted ones could repeat), where the board has no
    /// bitboards, or where nothing would be counted.
    pub fn new(g: &Game, player: usize) -> Option<DrawPlan> {
        let bits = g.bitboards.as_ref()?;
        let captures_filter = g.compulsory_capture || g.majority_capture;
        // Moves told apart by start, end and captures: with a capture filter, the counted
        // moves are quiet ones, which are all different where each piece has one counted
        // rule with different directions (checked below); without one, they may not be.
        if g.has_royal
            || g.legality_by_play
            || g.no_mating_drops
            || (g.identity_by_captures && !captures_filter)
            || !g.mills.is_empty()
            || !g.board_rules.is_empty()
            || !g.places[player].is_empty()
            || g.may_pass
            || !g.openings.is_empty()
            || g.explosion.is_some()
            || !g.meets.is_empty()
            || g.relocated.is_some()
        {
            return None;
        }
        let mut plan = DrawPlan {
            segments: Vec::new(),
            steps: Vec::new(),
            circuits: Vec::new(),
            rule_out: Vec::new(),
        };
        // With a capture filter, a counted move must not capture.
        let quiet = |t: Target| !captures_filter || t == Target::Empty;
        let has_repeats = |dirs: &[u8]| dirs.iter().enumerate().any(|(i, d)| dirs[..i].contains(d));
        for code in (1 + player..g.rules.len()).step_by(1 << g.player_shift) {
            if !g.hooks[code].is_empty() {
                return None;
            }
            // Counted moves are built as `emit` pushes them: as they are, or promoted on
            // arrival to the one kind the piece becomes.
            let one_per_cell = g.plain_emit[code] || g.sole_promotion[code].is_some();
            // The counted rules of this piece, and whether their directions repeat.
            let (mut counted_rules, mut repeats) = (0, false);
            for (i, rule) in g.rules[code].iter().enumerate() {
                let (code, rule_index) = (code as u8, i as u8);
                match rule {
                    Rule::Step {
                        dirs,
                        twice: false,
                        en_passant: false,
                        target,
                        from,
                    } if one_per_cell && *target != Target::Smash && quiet(*target) => {
                        counted_rules += 1;
                        repeats |= has_repeats(dirs);
                        let first = plan.steps.len() as u8;
                        for &d in dirs {
                            let d = d as usize & 7;
                            plan.steps.push(StepDir {
                                code,
                                rotate: bits.rotate[d] as u8,
                                target: Targets::index(*target),
                                shift: bits.shift[d] as i8,
                                from: from.map_or(!0, |f| f.low_word()) & bits.can_step[d],
                            });
                        }
                        let end = plan.steps.len() as u8;
                        // Consecutive step rules make one segment.
                        match plan.segments.last_mut() {
                            Some(Segment::Steps { end: e, .. }) if *e == first => *e = end,
                            _ => plan.segments.push(Segment::Steps { first, end }),
                        }
                    }
                    Rule::Slide {
                        dirs,
                        until_blocked,
                        target,
                    } if one_per_cell
                        && slide::counted(*until_blocked, *target)
                        && quiet(*target) =>
                    {
                        counted_rules += 1;
                        repeats |= has_repeats(dirs);
                        plan.segments.push(Segment::Slide {
                            code,
                            rule: rule_index,
                        });
                    }
                    // Captures only: counted where no capture filter decides.
                    Rule::Circuits { ways, at, .. }
                        if one_per_cell && !captures_filter && !g.kill_immunity =>
                    {
                        let bits = CircuitBits::new(ways, at, g.board.len());
                        plan.segments.push(match bits {
                            Some(bits) if plan.circuits.len() < 256 => {
                                plan.circuits.push(bits);
                                Segment::Circuit {
                                    code,
                                    rule: rule_index,
                                    table: (plan.circuits.len() - 1) as u8,
                                }
                            }
                            _ => Segment::Listed {
                                code,
                                rule: rule_index,
                            },
                        });
                    }
                    Rule::Jump(JumpRule {
                        dirs, hurdle, gap, ..
                    }) if captures_filter => {
                        let mut backs = [0u8; 8];
                        for (b, &d) in backs.iter_mut().zip(dirs) {
                            *b = g.board.opposite[d as usize];
                        }
                        let adjacent = (*gap == (0, 0) && dirs.len() <= 8).then_some((
                            *hurdle,
                            backs,
                            dirs.len() as u8,
                        ));
                        plan.rule_out.push(RuleOut {
                            code,
                            rule: rule_index,
                            adjacent,
                        });
                    }
                    _ if captures_filter => return None,
                    _ => plan.segments.push(Segment::Listed {
                        code,
                        rule: rule_index,
                    }),
                }
            }
            if g.identity_by_captures && (counted_rules > 1 || repeats) {
                return None;
            }
        }
        let counted = plan
            .segments
            .iter()
            .any(|s| !matches!(s, Segment::Listed { .. }));
        (counted && plan.segments.len() <= MAX_SEGMENTS && plan.steps.len() < 256).then_some(plan)
    }
}

impl Position<'_> {
    /// The plan of the player to move, with the bitboards and the board's sides, where it
    /// decides here: not where a capture filter may apply because a jump may start.
    #[inline(always)]
    fn plan_here(&self) -> Option<(&DrawPlan, &Bitboards, Sides)> {
        let g = self.game;
        let plan = g.draw_plans[self.turn as usize].as_ref()?;
        let bits = g.bitboards.as_ref()?;
        // A piece at its limit of moves in a row may not make the quiet moves counted here.
        if !g.streaks.is_empty() && self.streak_barred() != crate::geometry::NONE {
            return None;
        }
        let sides = self.sides();
        for r in &plan.rule_out {
            let pieces = self.bb[r.code as usize];
            if pieces == 0 {
                continue;
            }
            let may_start = match &r.adjacent {
                Some((hurdle, backs, n)) => {
                    let backs = &backs[..usize::from(*n).min(8)];
                    jump::adjacent_jump_may_start(bits, *hurdle, backs, pieces, &sides)
                }
                None => {
                    let rule = &g.rules[r.code as usize][r.rule as usize];
                    self.jump_starts(bits, rule, pieces, &sides).0 != 0
                }
            };
            if may_start {
                return None;
            }
        }
        Some((plan, bits, sides))
    }

    /// Counts the moves of each segment of `plan` into `n` and returns their sum; the listed
    /// segments' moves go to `buf`, one segment after the other.
    #[inline(always)]
    fn count_segments(
        &self,
        plan: &DrawPlan,
        bits: &Bitboards,
        sides: &Sides,
        buf: &mut Vec<Move>,
        n: &mut [u32; MAX_SEGMENTS],
    ) -> u32 {
        let g = self.game;
        buf.clear();
        let targets = Targets::new(sides);
        let mut total = 0;
        for (i, s) in plan.segments.iter().enumerate() {
            let k = match *s {
                Segment::Steps { first, end } => {
                    let mut k = 0;
                    for s in &plan.steps[first as usize..end as usize] {
                        k += s.targets(self, &targets).count_ones();
                    }
                    k
                }
                Segment::Slide { code, rule } => {
                    let Rule::Slide { dirs, target, .. } = &g.rules[code as usize][rule as usize]
                    else {
                        unreachable!("a slide segment names a slide rule")
                    };
                    let mut k = 0;
                    let mut p = self.bb[code as usize];
                    while p != 0 {
                        let c = p.trailing_zeros() as Cell;
                        p &= p - 1;
                        k += slide::count_slides(bits, c, dirs, *target, sides);
                    }
                    k
                }
                Segment::Circuit { code, table, .. } => {
                    let bits = &plan.circuits[table as usize];
                    let occ = bits.occupancy(!sides.empty);
                    let mut k = 0;
                    let mut p = self.bb[code as usize];
                    while p != 0 {
                        let c = p.trailing_zeros() as Cell;
                        p &= p - 1;
                        k += bits.targets(c, &occ, sides.theirs).count_ones();
                    }
                    k
                }
                Segment::Listed { code, rule } => {
                    let pieces = self.bb[code as usize];
                    if pieces == 0 {
                        0
                    } else {
                        self.list_segment(bits, sides, code, rule, buf)
                    }
                }
            };
            n[i] = k;
            total += k;
        }
        total
    }

    /// Lists the moves of rule `rule` of the pieces of `code` onto `buf`, as the generator
    /// does, and returns how many there are. Out of line: the counting loop stays small.
    #[inline(never)]
    fn list_segment(
        &self,
        bits: &Bitboards,
        sides: &Sides,
        code: u8,
        rule: u8,
        buf: &mut Vec<Move>,
    ) -> u32 {
        let rule = &self.game.rules[code as usize][rule as usize];
        let from = self.jump_candidates(bits, rule, self.bb[code as usize], sides);
        let before = buf.len();
        self.bitboard_rule_moves(bits, sides, code, rule, from, false, buf);
        (buf.len() - before) as u32
    }

    /// The number of legal moves of the player to move, counted by their plan (perft's last
    /// ply); `None` where the list must decide (there is no move: a pass may then be the
    /// move). `buf` is scratch.
    pub(in crate::engine) fn count_moves(&self, buf: &mut Vec<Move>) -> Option<u64> {
        let (plan, bits, sides) = self.plan_here()?;
        let mut n = [0; MAX_SEGMENTS];
        let total = self.count_segments(plan, bits, &sides, buf, &mut n);
        (total > 0).then_some(u64::from(total))
    }

    /// A uniformly random legal move, drawn by counting: one index among the counted moves,
    /// and only that move built — the move the full list would give at that index. `None`,
    /// drawing nothing, where the list must decide. `buf` is scratch.
    pub(in crate::engine) fn random_counted_move(
        &self,
        rng: &mut crate::rng::Rng,
        buf: &mut Vec<Move>,
    ) -> Option<Move> {
        let (plan, bits, sides) = self.plan_here()?;
        let mut n = [0; MAX_SEGMENTS];
        let total = self.count_segments(plan, bits, &sides, buf, &mut n);
        if total == 0 {
            return None;
        }
        let g = self.game;
        let mut k = rng.below(total as usize) as u32;
        let mut listed = 0;
        for (i, s) in plan.segments.iter().enumerate() {
            if k >= n[i] {
                k -= n[i];
                if let Segment::Listed { .. } = s {
                    listed += n[i] as usize;
                }
                continue;
            }
            // The drawn move's piece, cell and destination; the move is built once.
            let (code, from, to) = match *s {
                Segment::Steps { first, end } => {
                    let targets = Targets::new(&sides);
                    let mut found = None;
                    for s in &plan.steps[first as usize..end as usize] {
                        let mut dst = s.targets(self, &targets);
                        let here = dst.count_ones();
                        if k >= here {
                            k -= here;
                            continue;
                        }
                        for _ in 0..k {
                            dst &= dst - 1;
                        }
                        let to = dst.trailing_zeros() as i32;
                        found = Some((s.code, (to - i32::from(s.shift)) as Cell, to as Cell));
                        break;
                    }
                    found?
                }
                Segment::Slide { code, rule } => {
                    let Rule::Slide { dirs, target, .. } = &g.rules[code as usize][rule as usize]
                    else {
                        unreachable!("a slide segment names a slide rule")
                    };
                    let mut p = self.bb[code as usize];
                    loop {
                        let c = p.trailing_zeros() as Cell;
                        p &= p - 1;
                        let here = slide::count_slides(bits, c, dirs, *target, &sides);
                        if k < here {
                            break (
                                code,
                                c,
                                slide::nth_slide(bits, c, dirs, *target, &sides, k)?,
                            );
                        }
                        k -= here;
                    }
                }
                Segment::Circuit { code, rule, table } => {
                    let Rule::Circuits { ways, at, .. } = &g.rules[code as usize][rule as usize]
                    else {
                        unreachable!("a circuit segment names a circuits rule")
                    };
                    let bits = &plan.circuits[table as usize];
                    let occ = bits.occupancy(!sides.empty);
                    let mut p = self.bb[code as usize];
                    while p != 0 {
                        let c = p.trailing_zeros() as Cell;
                        p &= p - 1;
                        let here = bits.targets(c, &occ, sides.theirs).count_ones();
                        if k < here {
                            // The piece's captures listed as the generator lists them.
                            let start = buf.len();
                            self.circuit_moves(ways, &at[c as usize], c, code, buf);
                            return buf.get(start + k as usize).cloned();
                        }
                        k -= here;
                    }
                    return None;
                }
                Segment::Listed { .. } => return Some(buf[listed + k as usize].clone()),
            };
            return Some(self.counted_move(from, to, code));
        }
        None
    }

    /// A counted move of a piece of `code` from `from` to `to`, as the generator builds it: a
    /// capture of what stands there, the promotion where it arrives in its region.
    #[inline]
    fn counted_move(&self, from: Cell, to: Cell, code: u8) -> Move {
        let mut m = Move::new(from, to);
        if self.cells[to as usize] != 0 {
            m.ncap = 1;
            m.caps[0] = to;
        }
        if let (Some(into), Some((_, region))) = (
            self.game.sole_promotion[code as usize],
            &self.game.promotion[code as usize],
        ) {
            if region.contains(to) {
                m.promote = into;
            }
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::super::rules::testing::{at, game_of};
    use super::super::Scratch;
    use crate::rng::Rng;

    /// From 40 seeds, the random move is the one the legal list gives at the index drawn
    /// from the same generator, which both leave in the same state.
    fn draws_are_listed(pos: &crate::engine::Position, legal: &[crate::engine::Move], text: &str) {
        for seed in 0..40 {
            let (mut a, mut b) = (Rng::new(seed), Rng::new(seed));
            let (mut buf, mut scratch) = (Vec::new(), Scratch::new(pos));
            let m = pos
                .random_legal_move(&mut a, &mut buf, &mut scratch)
                .expect("a move");
            let listed = legal[b.below(legal.len())].clone();
            assert_eq!(pos.move_text(&m), pos.move_text(&listed), "{text}");
            assert!(m.same_as(&listed), "{text}");
            assert_eq!(a.next_u64(), b.next_u64(), "{text}");
        }
    }

    /// The draw by counting is the move the legal list gives at the index drawn, leaves the
    /// generator as drawing from the list does, and the count is the list's length: here for
    /// slides that take (the first enemy met), steps that take or promote, and a jump.
    #[test]
    fn a_counted_draw_is_the_listed_move() {
        let g = game_of(
            "square 6 x 6",
            "  piece rook \"R\" {\n    slide orthogonal to empty or enemy\n  }\n  \
             piece man \"M\" {\n    step forward, forward-left to empty or enemy\n    \
             jump forward-right over any\n    promote to rook on my far rank\n  }",
            "    white rook on a1\n    white man on b2\n    black rook on f6",
        );
        let plan = g.draw_plans[0].as_ref().expect("white counts its moves");
        assert_eq!(plan.segments.len(), 3, "{plan:?}");
        for text in [
            "6/6/2r3/6/1m4/R5 w",
            "r2m2/1M4/6/2r3/MM4/R5 w",
            "6/1M1m2/2R1r1/3m2/4m1/6 w",
        ] {
            let pos = at(&g, text);
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            assert!(legal.len() > 3, "{text}");
            assert_eq!(
                pos.count_moves(&mut Vec::new()),
                Some(legal.len() as u64),
                "{text}"
            );
            draws_are_listed(&pos, &legal, text);
        }
    }

    /// Captures along circuits are counted piece by piece on the ways' occupied places: the
    /// count is the list's length and the draw the listed move, where a slide passes through
    /// its own start (b2 lies twice on the inner circuit), where two ways reach the same
    /// enemy (one move), where a friend blocks and where no loop is passed (no capture).
    #[test]
    fn circuit_captures_are_counted_as_listed() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/games/surakarta.game");
        let g = crate::load_file(path).expect("Surakarta compiles");
        assert!(g.draw_plans[0].is_some() && g.draw_plans[1].is_some());
        for text in [
            "6/4m1/6/6/1M4/6 w",
            "6/4m1/6/6/1M4/6 b",
            "6/1m4/6/6/1M2m1/6 w",
            "1m4/1M2m1/2m3/3M2/mM2M1/6 w",
            "1m4/1M2m1/2m3/3M2/mM2M1/6 b",
            "mmmmmm/mmmmmm/6/6/MMMMMM/MMMMMM w",
        ] {
            let pos = at(&g, text);
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            assert_eq!(
                pos.count_moves(&mut Vec::new()),
                Some(legal.len() as u64),
                "{text}"
            );
            draws_are_listed(&pos, &legal, text);
        }
        // The first position has a capture, the lone pieces' slides meeting round a loop.
        let pos = at(&g, "6/4m1/6/6/1M4/6 w");
        assert!(pos.legal_move_texts().iter().any(|m| m.contains('x')));
    }

    /// Where moves are told apart by their captures, a piece whose counted rules could give
    /// the same quiet move twice (a step and a slide along one line) is listed, so that the
    /// filter keeps deciding; one counted rule per piece is counted.
    #[test]
    fn moves_told_apart_by_captures_are_counted_only_where_they_cannot_repeat() {
        let plan = |rules: &str| {
            let g = game_of(
                "square 6 x 6",
                &format!(
                    "  piece rook \"R\" {{\n{rules}\n    jump orthogonal over enemy\n  }}\n  \
                     capture is compulsory\n  moves are identified by start, end and captures"
                ),
                "    white rook on a1\n    black rook on f6",
            );
            g.draw_plans[0].is_some()
        };
        assert!(plan("    slide orthogonal to empty"));
        assert!(!plan(
            "    slide orthogonal to empty\n    step orthogonal to empty"
        ));
    }

    /// With compulsory capture, the counts stand only where no jump can start: a capture in
    /// any of eight directions sends the draw to the list, which keeps only the captures.
    #[test]
    fn a_compulsory_capture_in_any_direction_is_the_move() {
        let g = game_of(
            "square 6 x 6",
            "  piece king \"K\" {\n    step all to empty\n    jump all over enemy\n  }\n  \
             capture is compulsory",
            "    white king on a1\n    black king on f6",
        );
        assert!(g.draw_plans[0].is_some());
        // An enemy north-west, then north-east, of the king on c3; then none.
        for text in ["6/6/6/1k4/2K3/6 w", "6/6/6/3k2/2K3/6 w", "6/6/6/6/2K3/6 w"] {
            let pos = at(&g, text);
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            // Where a capture exists the list decides; elsewhere the count is its length.
            let captures = legal.iter().any(|m| m.ncap > 0);
            let expected = (!captures).then_some(legal.len() as u64);
            assert_eq!(pos.count_moves(&mut Vec::new()), expected, "{text}");
            draws_are_listed(&pos, &legal, text);
        }
    }
}
