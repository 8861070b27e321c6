//! The bit sets of bitboard move generation: `u64` for square boards of at most 64 cells,
//! `u128` for those of 65 to 128 (Capablanca's 10 x 8, Grand chess's 10 x 10, Janggi's and
//! Xiangqi's 9 x 10, Shogi's 9 x 9). The generators are written once over [`Bits`] and
//! compiled for each width, so a game of 64 cells runs the very 64-bit code it always did.
//!
//! It must not know a rule: only the operations on a set of cells, and where a position keeps
//! its sets of each width.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Shl, Shr, Sub};

use super::Position;
use crate::geometry::CellSet;

/// A set of up to [`Bits::BITS`] cells, one bit each (cell `c` is bit `c`).
pub trait Bits:
    Copy
    + Eq
    + std::fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + Sub<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// How many cells a set can hold.
    const BITS: u32;
    const ZERO: Self;
    const ONE: Self;

    fn trailing_zeros(self) -> u32;
    fn leading_zeros(self) -> u32;
    fn count_ones(self) -> u32;
    fn rotate_left(self, n: u32) -> Self;
    /// The cells of `set` this width can hold (the lowest [`Bits::BITS`]).
    fn of(set: &CellSet) -> Self;
    /// The position's sets of this width, by piece code (empty where the game keeps none).
    fn planes<'a>(pos: &'a Position<'_>) -> &'a [Self];

    /// Whether cell `c` is in the set.
    #[inline(always)]
    fn has(self, c: u32) -> bool {
        (self >> c) & Self::ONE != Self::ZERO
    }
}

macro_rules! bits {
    ($t:ty, $field:ident, $of:ident) => {
        impl Bits for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: Self = 0;
            const ONE: Self = 1;

            #[inline(always)]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline(always)]
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            #[inline(always)]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            #[inline(always)]
            fn rotate_left(self, n: u32) -> Self {
                <$t>::rotate_left(self, n)
            }
            #[inline(always)]
            fn of(set: &CellSet) -> Self {
                set.$of()
            }
            #[inline(always)]
            fn planes<'a>(pos: &'a Position<'_>) -> &'a [Self] {
                &pos.$field
            }
        }
    };
}

bits!(u64, bb, low_word);
bits!(u128, wide_bb, low_words128);

#[cfg(test)]
mod tests {
    use crate::engine::{Game, Move};
    use crate::rng::Rng;

    fn load(path: &str) -> Game {
        let text = std::fs::read_to_string(path).expect("a shipped game");
        crate::compile_source(&text).expect("a valid game")
    }

    /// Sorted, so that two generators' lists compare as sets of moves with their order.
    fn texts(moves: &[Move]) -> Vec<String> {
        let mut t: Vec<String> = moves.iter().map(|m| format!("{m:?}")).collect();
        t.sort();
        t
    }

    #[test]
    fn a_128_bit_ray_is_the_boards_ray_on_every_cell_and_direction_of_10_x_10() {
        let g = load("games/variants/grand.game");
        let bits = g.wide_bitboards.as_ref().expect("10 x 10 has 128-bit sets");
        assert_eq!(g.board.len(), 100);
        for c in 0..g.board.len() {
            for d in 0..g.board.dirs.len() {
                let ray = bits.rays[c * 8 + d];
                let want = g.board.ray(c as u16, d as u8);
                assert_eq!(
                    ray.count_ones() as usize,
                    want.len(),
                    "cell {c} direction {d}"
                );
                assert!(
                    want.iter().all(|&t| ray >> t & 1 == 1),
                    "cell {c} direction {d}"
                );
                // A step is one rotation of the set, where the board has a neighbour.
                let one = bits.step(1u128 << c, d as u8);
                match want.first() {
                    Some(&n) => assert_eq!(one, 1u128 << n, "cell {c} direction {d}"),
                    None => assert_eq!(one, 0, "cell {c} direction {d}"),
                }
            }
        }
    }

    #[test]
    fn boards_of_65_to_128_cells_take_128_bit_sets_and_64_cells_keep_64() {
        let chess = load("games/chess.game");
        assert!(chess.bitboards.is_some() && chess.wide_bitboards.is_none());
        for name in ["capablanca", "janus", "grand", "janggi", "shako"] {
            let g = load(&format!("games/variants/{name}.game"));
            assert!(g.bitboards.is_none(), "{name}");
            assert!(g.wide_bitboards.is_some(), "{name}");
        }
    }

    #[test]
    fn the_128_bit_generator_lists_the_general_generators_moves() {
        // Seeded random games: at every position the same pseudo-legal moves, in every
        // game of more than 64 cells that takes the 128-bit path.
        for name in ["capablanca", "grand", "janggi", "shako", "manchu"] {
            let g = load(&format!("games/variants/{name}.game"));
            let mut rng = Rng::new(34);
            for _ in 0..4 {
                let mut pos = g.start();
                let (mut wide, mut general) = (Vec::new(), Vec::new());
                for _ in 0..120 {
                    pos.pseudo_legal_moves(&mut wide);
                    // The general generator's list leaves out the pass (`players may pass`).
                    wide.retain(|m| m.kind != crate::engine::MoveKind::Pass);
                    pos.pseudo_legal_moves_general(&mut general);
                    assert_eq!(texts(&wide), texts(&general), "{name}");
                    let mut legal = Vec::new();
                    pos.legal_moves(&mut legal);
                    if legal.is_empty() {
                        break;
                    }
                    let m = legal[rng.below(legal.len())].clone();
                    pos.play_unchecked(&m);
                }
            }
        }
    }
}
