//! Tables drawn or derived once per game: Zobrist keys (from a fixed seed, so hashes are the
//! same on every run), bitboard shift tables, and the players' letters in position strings.

use crate::engine::{Bitboards, Bits, Zobrist};
use crate::geometry::{Board, Cell, Shape, NONE};
use crate::model::{per_player, PerPlayer, PlayerModel, MAX_PLAYERS};
use crate::rng::Rng;

/// Draws a game's Zobrist keys, always in the same order from the same seed.
pub(super) fn zobrist(ncodes: usize, cells: usize, players: usize, has_layers: bool) -> Zobrist {
    let mut rng = Rng::new(0x7AB0_1A5E_ED00_0001);
    let piece = (0..ncodes * cells).map(|_| rng.next_u64()).collect();
    let unmoved = (0..cells).map(|_| rng.next_u64()).collect();
    let ep = (0..cells).map(|_| rng.next_u64()).collect();
    let mut turns = [0; MAX_PLAYERS];
    turns[1] = rng.next_u64();
    let pass = (0..8).map(|_| rng.next_u64()).collect();
    let mut spent = [0; MAX_PLAYERS];
    spent[0] = rng.next_u64();
    spent[1] = rng.next_u64();
    let layer_keys = |rng: &mut Rng, k: usize| -> Vec<u64> {
        if has_layers {
            (0..k).map(|_| rng.next_u64()).collect()
        } else {
            Vec::new()
        }
    };
    let under = layer_keys(&mut rng, ncodes * cells);
    let slept = layer_keys(&mut rng, 2 * cells);
    let fresh = layer_keys(&mut rng, cells);
    // Drawn last, so that games without hands keep their hashes.
    let hand = (0..ncodes).map(|_| rng.next_u64()).collect();
    // After the hands', so that games without promoted marks keep their hashes.
    let promoted = (0..cells).map(|_| rng.next_u64()).collect();
    // The third and later players' keys last, so that two-player games keep their hashes.
    for p in 2..players {
        turns[p] = rng.next_u64();
        spent[p] = rng.next_u64();
    }
    Zobrist {
        piece,
        unmoved,
        ep,
        turns,
        pass,
        spent,
        under,
        slept,
        fresh,
        hand,
        promoted,
    }
}

/// Shift tables when the board is a full square grid of more than `B::BITS / 2` and at most
/// `B::BITS` cells (cell = y * width + x; `u64` from one cell) and the game has no layers
/// (stacks and states need the general path).
pub(super) fn bitboards<B: Bits>(board: &Board, has_layers: bool) -> Option<Bitboards<B>> {
    let Shape::Square { width, .. } = board.shape else {
        return None;
    };
    let least = if B::BITS > 64 {
        B::BITS as usize / 2 + 1
    } else {
        0
    };
    if has_layers || !(least..=B::BITS as usize).contains(&board.len()) || !board.is_full_grid() {
        return None;
    }
    if board.dirs.len() > 8 {
        return None;
    }
    let cells = |cells: &mut dyn Iterator<Item = Cell>| {
        cells.fold(B::ZERO, |m, c| m | B::ONE << u32::from(c))
    };
    let (mut shift, mut rotate, mut can_step) = ([0i32; 8], [0u32; 8], [B::ZERO; 8]);
    for (d, dir) in board.dirs.iter().enumerate() {
        shift[d] = dir.dy * width as i32 + dir.dx;
        rotate[d] = shift[d].rem_euclid(B::BITS as i32) as u32;
        can_step[d] =
            cells(&mut (0..board.len() as Cell).filter(|&c| board.step(c, d as u8) != NONE));
    }
    let mut rays = vec![B::ZERO; board.len() * 8];
    for c in 0..board.len() {
        for d in 0..board.dirs.len() {
            rays[c * 8 + d] = cells(&mut board.ray(c as Cell, d as u8).iter().copied());
        }
    }
    Some(Bitboards {
        shift,
        rotate,
        can_step,
        rays,
    })
}

/// One letter per player for position strings: the first letter of each name, or 1, 2, ...
/// when two names start alike.
pub(super) fn side_letters(players: &[PlayerModel]) -> PerPlayer<char> {
    let initial = |p: usize| {
        players[p]
            .name
            .chars()
            .next()
            .map_or('?', |c| c.to_ascii_lowercase())
    };
    let distinct = (0..players.len()).all(|p| (0..p).all(|q| initial(q) != initial(p)));
    per_player(players.len(), |p| {
        if distinct {
            initial(p)
        } else {
            char::from(b'1' + p as u8)
        }
    })
}
