//! `a move may not repeat a position for the third time`, on a game so small that every turn
//! is forced: two kings walking to and fro on their own ranks bring the start back twice,
//! and the move that would bring it a third time is not legal, so its player, left without a
//! legal move, loses. Played games (a match state, a seeded playout, `tabula moves --moves`)
//! read the history; perft, from the position alone, does not.

use tabula::engine::{perft, MatchState, Outcome, Playout};

mod common;

const WALK: &str = r#"
game "Walk" {
  players white (forward north), black (forward south)
  board square 2 x 2
  piece king "K" {
    step east, west to empty
  }
  setup {
    white king on a1
    black king on a2
  }
  end {
    lose when I have no legal move
    a move may not repeat a position for the third time
  }
}
"#;

/// The forced walk: white's and black's only moves, in turn, for two rounds.
const MOVES: [&str; 7] = ["a1b1", "a2b2", "b1a1", "b2a2", "a1b1", "a2b2", "b1a1"];

fn walk() -> tabula::engine::Game {
    tabula::compile_source(WALK).expect("the walk compiles")
}

#[test]
fn the_move_that_would_repeat_the_start_a_third_time_is_not_legal() {
    let game = walk();
    let mut state = MatchState::new(game.start());
    for m in MOVES {
        assert_eq!(state.moves().len(), 1, "before {m}");
        state.play_text(m).expect("the only move");
    }
    // Black's only move, b2a2, would bring the start about a third time.
    assert!(state.moves().is_empty());
    assert_eq!(state.forbidden_moves().len(), 1);
    match state.outcome() {
        Some(Outcome::Win { player: 0, reason }) => {
            assert_eq!(reason, "lose when I have no legal move");
        }
        other => panic!("{other:?}"),
    }
    // From the position alone there is no history: the move is listed.
    assert_eq!(perft(&state.pos, 1, &mut |_| {}).unwrap(), 1);
    assert_eq!(perft(&game.start(), 8, &mut |_| {}).unwrap(), 1);
}

#[test]
fn a_playout_reads_the_history_too() {
    let game = walk();
    let mut playout = Playout::new(game.start());
    let r = playout.run_quiet(&mut tabula::rng::Rng::new(1));
    assert_eq!(r.plies, 7);
    assert!(matches!(r.outcome, Outcome::Win { player: 0, .. }));
}

#[test]
fn moves_after_a_sequence_leave_out_the_forbidden_one() {
    let (dir, file) = common::scratch_file("no-repeat", "walk.game");
    std::fs::write(&file, WALK).unwrap();
    let played = MOVES.join(" ");
    let (code, out, _) = common::run_tabula(&["moves", &file, "--moves", &played], "");
    let (code6, out6, _) =
        common::run_tabula(&["moves", &file, "--moves", &MOVES[..6].join(" ")], "");
    std::fs::remove_dir_all(dir).unwrap();
    assert_eq!((code, out.as_str()), (0, ""));
    assert_eq!((code6, out6.as_str()), (0, "b1-a1\n"));
}
