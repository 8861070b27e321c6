//! Byzantine chess (games/byzantine.game) on its round board: the mating move wins, pawns that
//! meet are both removed, a rook on a ring lists each cell once, and the counts from the start
//! agree with Ludii's beyond the depths of tests/perft/byzantine.perft once the moves across
//! Ludii's seam are left out.
mod common;
use tabula::engine::{MatchState, Move, Outcome, Position};

fn game() -> tabula::engine::Game {
    common::game("games/byzantine.game")
}

/// White's rook on h2 holds the second ring; g3-g1 checks along the innermost ring, both ways
/// round, and the black king on a1 has nowhere to go: White wins.
#[test]
fn the_mating_move_wins_for_white() {
    let g = game();
    let mut st = MatchState::new(Position::from_text(&g, "8K7/6R9/7R8/k15 w 0 1").unwrap());
    assert!(st.outcome().is_none());
    st.play_text("g3g1").unwrap();
    match st.outcome() {
        Some(Outcome::Win { player: 0, .. }) => {}
        other => panic!("g3g1 mates: {other:?}"),
    }
}

/// A pawn that steps up to an enemy pawn straight ahead is removed with it (Ludii's reading).
#[test]
fn pawns_that_meet_are_both_removed() {
    let g = game();
    let mut st = MatchState::new(Position::from_text(&g, "8K7/16/16/1p1P8k3 w 0 1").unwrap());
    st.play_text("d1c1").unwrap();
    assert_eq!(st.pos.to_text(), "8K7/16/16/12k3 b 0 0 1");
}

/// A rook alone on its ring reaches each of the other fifteen cells once, not once each way.
#[test]
fn a_rook_lists_each_cell_of_its_ring_once() {
    let g = game();
    let pos = Position::from_text(&g, "R15/16/16/K7k7 w 0 1").unwrap();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let a4 = g.board.cell("a4").unwrap();
    let rook: Vec<&Move> = moves.iter().filter(|m| m.from == a4).collect();
    assert_eq!(rook.len(), 15 + 2, "the ring and a3, a2");
}

/// Whether Ludii 1.3.12's board has move `m`: its rings stop at a seam, its `CW` and `CCW`
/// steps joining only files b to o (Ludii's sites 2 to 15 of each ring), so that no pawn steps
/// or captures forward from a cell with no such step and no rook slides along a ring across
/// the seam or from files a and p.
fn ludii_has(pos: &Position, m: &Move) -> bool {
    let g = pos.game;
    let code = pos.cells()[m.from as usize];
    let name = g.kinds[g.kind_of(code)].name.as_str();
    let (fx, fy) = g.board.coords[m.from as usize];
    let (tx, ty) = g.board.coords[m.to as usize];
    match name {
        "left-pawn" => (2..=14).contains(&fx),
        "right-pawn" => (1..=13).contains(&fx),
        "rook" if fy == ty => {
            let inner = 1..=14;
            inner.contains(&fx)
                && inner.contains(&tx)
                && (fx.min(tx) + 1..fx.max(tx))
                    .all(|x| pos.cells()[g.board.at(x, fy) as usize] == 0)
        }
        _ => true,
    }
}

fn perft_as_ludii(pos: &Position, depth: usize) -> u64 {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.retain(|m| ludii_has(pos, m));
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            perft_as_ludii(&next, depth - 1)
        })
        .sum()
}

/// Ludii's counts at depths 3 and 4 (`java Oracle perft "Shatranj ar-Rumiya" 4`: 2,856 and
/// 41,616) are Tabula's without the moves Ludii's seam leaves out (Tabula's own full counts
/// are 2,912 and 43,267: the 56 more at depth 3 are the four pawns on file b stepping on to
/// file a, after each of Black's 14 replies).
#[test]
fn deeper_counts_agree_with_ludii_without_its_seam() {
    let g = game();
    let start = g.start();
    assert_eq!(perft_as_ludii(&start, 3), 2856);
    assert_eq!(perft_as_ludii(&start, 4), 41616);
}
