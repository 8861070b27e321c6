//! Native hooks, exercised through a small description that uses each registered hook.

mod common;

use tabula::engine::Position;

fn play(pos: &mut Position, text: &str) {
    let m = pos.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
    pos.play_unchecked(&m);
}

#[test]
fn coward_removes_a_piece_that_neither_captures_nor_climbs() {
    let g = common::game("tests/hooks/hill.game");
    let start = g.start();
    insta::assert_snapshot!(start.render(), @r"
    5   r . .
    4  . . . .
    3 . . . . R
    2  . r . .
    1   R . .
    white to move
    ");

    // e3 -> d3 climbs from distance 2 to 1: the rascal stays.
    let mut pos = start.clone();
    play(&mut pos, "e3-d3");
    assert_eq!(g.letter(pos.at(g.board.cell("d3").unwrap())), 'R');

    // e3 -> e4 stays on the rim (distance 2 to 2): a coward, removed.
    let mut pos = start.clone();
    play(&mut pos, "e3-e4");
    assert_eq!(pos.at(g.board.cell("e4").unwrap()), 0);
    assert_eq!(pos.count(0, None), 1);

    // a1 x b2 captures, so it stays; then black's c5 -> b4 (rim to rim) is a coward and
    // black's last rascal is gone.
    let mut pos = start.clone();
    play(&mut pos, "a1xb2");
    assert_eq!(g.letter(pos.at(g.board.cell("b2").unwrap())), 'R');
    assert_eq!(pos.count(1, None), 1);
    play(&mut pos, "c5-b4");
    assert_eq!(pos.count(1, None), 0);
    let outcome = pos.static_outcome().expect("black has no pieces");
    assert_eq!(
        outcome.describe(&g),
        "white wins (lose when I have no pieces)"
    );
}

#[test]
fn a_capture_from_the_top_downhill_is_not_cowardly() {
    let g = common::game("tests/hooks/hill.game");
    // White on c3 (the top) captures downhill onto b2: it captured, so it stays.
    let mut pos = Position::from_text(&g, "3/4/2R2/1r2/3 w").expect("position");
    play(&mut pos, "c3xb2");
    assert_eq!(g.letter(pos.at(g.board.cell("b2").unwrap())), 'R');
    // The same rascal stepping downhill without capturing is removed.
    let mut pos = Position::from_text(&g, "3/4/2R2/4/3 w").expect("position");
    play(&mut pos, "c3-b2");
    assert_eq!(pos.count(0, None), 0);
}

#[test]
fn kamikaze_removes_a_piece_that_captures() {
    let g = common::game("tests/hooks/kamikaze.game");
    let start = g.start();
    // The hook changes no move: the captures are listed like any other.
    let moves = start.legal_move_texts();
    assert!(moves.contains(&"a1xb2".to_string()), "{moves:?}");
    assert!(moves.contains(&"a1-a2".to_string()), "{moves:?}");

    // A capture removes the victim and the bomber.
    let mut pos = start.clone();
    play(&mut pos, "a1xb2");
    assert_eq!(pos.at(g.board.cell("b2").unwrap()), 0);
    assert_eq!((pos.count(0, None), pos.count(1, None)), (1, 1));

    // A quiet move keeps it.
    let mut pos = start.clone();
    play(&mut pos, "a1-a2");
    assert_eq!(g.letter(pos.at(g.board.cell("a2").unwrap())), 'B');
    assert_eq!((pos.count(0, None), pos.count(1, None)), (2, 2));

    // The last bomber capturing the last enemy takes itself off too: neither side has a
    // piece, and end lines are read first for the player who has just moved (white), who
    // loses.
    let mut pos = Position::from_text(&g, "4/4/1b2/B3 w").expect("position");
    play(&mut pos, "a1xb2");
    assert_eq!((pos.count(0, None), pos.count(1, None)), (0, 0));
    assert_eq!(
        pos.static_outcome().expect("over").describe(&g),
        "black wins (lose when I have no pieces)"
    );
}
