//! Move generation on boards of 65 to 128 cells (full square grids: Capablanca's 10 x 8,
//! Grand chess's 10 x 10, Janggi's 9 x 10, Shogi's 9 x 9) with a 128-bit set per piece code:
//! the bitboard generator of `movegen.rs`, plain steps for all pieces of a kind at once and
//! every other rule piece by piece, in the same order. Games with jumps stay on the general
//! generator (jumps are found on 64-bit sets only).
//!
//! It lives apart from `movegen.rs` so that the 64-bit generator chess runs is compiled as it
//! was (sharing one generic copy cost chess perft 1.1% more instructions, measured).

use super::movegen::Sides;
use super::{Bitboards, Bits, Move, MoveKind, Position, Rule};
use crate::geometry::Cell;
use crate::model::Target;

impl Position<'_> {
    /// `Position::pseudo_moves_bitboard` on a board of 65 to 128 cells, whose games have no
    /// jumps (see [`Game::wide_bitboards`]): the same moves in the same order, on 128-bit sets.
    ///
    /// [`Game::wide_bitboards`]: super::Game::wide_bitboards
    #[inline(never)]
    pub(super) fn pseudo_moves_wide(&self, bits: &Bitboards<u128>, out: &mut Vec<Move>) {
        let g = self.game;
        let sides = self.sides_of(&self.wide_bb);
        let step = 1usize << g.player_shift;
        let mut code = (1 + self.turn as usize).wrapping_sub(step);
        while code.wrapping_add(step) < self.wide_bb.len() {
            code = code.wrapping_add(step);
            let pieces = self.wide_bb[code];
            if pieces == 0 {
                continue;
            }
            for rule in &g.rules[code] {
                self.rule_moves_on(bits, &sides, pieces, code as u8, rule, out);
            }
        }
        self.place_moves(out);
    }

    /// `Position::bitboard_rule_moves` on sets of any width, for games without jumps: the
    /// same moves in the same order. (The 64-bit generator keeps its own copy, with the
    /// jumps.)
    #[inline(always)]
    fn rule_moves_on<B: Bits>(
        &self,
        bits: &Bitboards<B>,
        sides: &Sides<B>,
        pieces: B,
        code: u8,
        rule: &Rule,
        out: &mut Vec<Move>,
    ) {
        let occupied = sides.mine | sides.theirs;
        if let Rule::Step {
            dirs,
            twice: false,
            target,
            from,
            en_passant: false,
        } = rule
        {
            let allowed = sides.allowed(*target);
            if *target != Target::Smash {
                let src = from.map_or(pieces, |f| pieces & B::of(&f));
                for &d in dirs {
                    let mut dst = bits.step(src, d) & allowed;
                    let shift = bits.shift[d as usize];
                    while dst != B::ZERO {
                        let to = dst.trailing_zeros() as i32;
                        dst &= dst - B::ONE;
                        let mut m = Move::new((to - shift) as Cell, to as Cell);
                        if occupied.has(to as u32) {
                            m.ncap = 1;
                            m.caps[0] = to as Cell;
                        }
                        self.emit(m, code, out);
                    }
                }
                return;
            }
        }
        let mut p = pieces;
        match rule {
            // Only pieces that may start here, and en passant only after a double step.
            Rule::Step {
                dirs,
                twice: true,
                from,
                en_passant,
                ..
            } if dirs.len() == 1 && self.game.board_rules.is_empty() => {
                // A double step in one direction, for all pieces at once, in the order of
                // their cells as the per-piece generator has it.
                let d = dirs[0];
                let src = from.map_or(pieces, |f| pieces & B::of(&f));
                let mid = bits.step(src, d) & sides.empty;
                let mut dst = bits.step(mid, d) & sides.empty;
                let shift = bits.shift[d as usize];
                while dst != B::ZERO {
                    let to = dst.trailing_zeros() as i32;
                    dst &= dst - B::ONE;
                    let mut m = Move::new((to - 2 * shift) as Cell, to as Cell);
                    m.kind = MoveKind::DoubleStep;
                    m.path[0] = (to - shift) as Cell;
                    m.npath = 1;
                    if *en_passant {
                        m.ep_mark = m.path[0];
                    }
                    self.emit(m, code, out);
                }
                return;
            }
            Rule::Step { from: Some(f), .. } => p &= B::of(f),
            Rule::EnPassant { .. } if self.ep_targets.is_empty() => return,
            _ => {}
        }
        while p != B::ZERO {
            let c = p.trailing_zeros() as Cell;
            p &= p - B::ONE;
            self.gen_rule(rule, c, code, out);
        }
    }
}
