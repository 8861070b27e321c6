//! Hunt and placement games against Ludii: seeded random games of Ludii 1.3.13 replayed turn
//! by turn. At every position the board, the player to move and the pieces in hand must agree,
//! and so must the whole set of legal turns: the data lists Ludii's whole turns, each as the
//! cells its piece stands on (a placement `@c3`) and the enemy cells it leaves empty
//! (`a1-c3:b2`), and Tabula's moves are written the same way. The data is written by
//! tests/hunt/ludii_turns.py from the oracle's dump (see the header of each data file); the
//! counts from the start are in tests/perft/.
mod common;
use tabula::engine::{MatchState, Move, MoveKind, Outcome, Position};
use tabula::geometry::NONE;

/// A move as the data writes a turn: a placement's cell after `@`, or the cells the piece
/// stands on; then the captured cells.
fn turn_text(pos: &Position, m: &Move) -> String {
    let name = |c: tabula::geometry::Cell| pos.game.board.names[c as usize].clone();
    let path = match m.kind {
        MoveKind::Pass => String::new(),
        MoveKind::Place => format!("@{}", name(m.to)),
        _ => {
            let mut path = vec![name(m.from)];
            for &l in m.landings() {
                if path.last() != Some(&name(l)) {
                    path.push(name(l));
                }
            }
            if path.last() != Some(&name(m.to)) {
                path.push(name(m.to));
            }
            path.join("-")
        }
    };
    let mut caps: Vec<String> = m
        .captures()
        .iter()
        .filter(|&&c| c != m.to)
        .map(|&c| name(c))
        .collect();
    caps.sort();
    format!("{path}:{}", caps.join(","))
}

/// Replays `tests/hunt/NAME.ludii` on the description `game` (a path from the repository's
/// root); returns the games and positions compared.
fn replay(name: &str, game: &str) -> (usize, usize) {
    let (games, positions, _) = common::replay_ludii_turns(
        &format!("tests/hunt/{name}.ludii"),
        game,
        common::ludii_position,
        turn_text,
    );
    (games, positions)
}

/// Bagh-Chal as Ludii's "Baghachal (Observed)" plays it: goats placed from a hand of 20, then
/// moved; only tigers capture; five goats taken, or a side that cannot move, loses.
#[test]
fn bagh_chal_replays_ludii_games() {
    let (games, positions) = replay("bagh-chal", "games/bagh-chal.game");
    assert_eq!(
        (games, positions),
        (15, 785),
        "games and positions replayed"
    );
}

/// Bagh-Chal's goats win by blocking: tigers with no move lose, at once.
#[test]
fn bagh_chal_goats_win_by_blocking() {
    let game = common::game("games/bagh-chal.game");
    // The tiger on a1 can neither step (a2, b1, b2 taken) nor jump (a3, c1, c3 taken).
    let pos = Position::from_text(&game, "5/5/G1G2/GG3/tGG2 t 10G 0 1").expect("position");
    match MatchState::new(pos).outcome() {
        Some(Outcome::Win { player: 0, reason }) => {
            assert_eq!(reason, "lose when I have no legal move");
        }
        other => panic!("goats should win: {other:?}"),
    }
    // With one goat fewer (five taken of 20) the tigers have won already.
    let pos = Position::from_text(&game, "5/5/G1G2/GG3/tGG2 t 9G 0 1").expect("position");
    match MatchState::new(pos).outcome() {
        Some(Outcome::Win { player: 1, reason }) => {
            assert_eq!(reason, "for goats: lose when I have fewer than 16 pieces");
        }
        other => panic!("tigers should win: {other:?}"),
    }
}

/// A line for one side: White passes when stuck, Black loses when stuck.
#[test]
fn a_stuck_side_passes_where_its_line_says_so() {
    let game = tabula::compile_source(
        "game \"Side pass\" {\n  players white, black\n  board square 4 x 1\n  piece man \"M\" {\n    \
         step east, west to empty\n  }\n  setup {\n    white man on a1\n    black man on b1 d1\n  }\n  \
         end {\n    for white: pass when I have no legal move\n    lose when I have no legal move\n  \
         }\n}\n",
    )
    .unwrap_or_else(|e| panic!("{e:?}"));
    let st = MatchState::new(game.start());
    assert!(st.outcome().is_none());
    let moves: Vec<MoveKind> = st.moves().iter().map(|m| m.kind).collect();
    assert_eq!(moves, [MoveKind::Pass], "White is stuck and passes");
    let pos = Position::from_text(&game, "MmM1 b 0 1").expect("position");
    match MatchState::new(pos).outcome() {
        Some(Outcome::Win { player: 0, .. }) => {}
        other => panic!("Black is stuck and loses: {other:?}"),
    }
}

/// The moves of `pos`, in the game's notation, sorted.
fn move_texts(pos: &Position) -> Vec<String> {
    let mut texts: Vec<String> = MatchState::new(pos.clone())
        .moves()
        .iter()
        .map(|m| pos.move_text(m))
        .collect();
    texts.sort();
    texts
}

/// Game rules for one side: capturing is compulsory for White only; Black, who can capture
/// too, may still make a quiet move.
#[test]
fn capture_is_compulsory_for_the_side_named_only() {
    let game = tabula::compile_source(
        "game \"Side capture\" {\n  players white, black\n  board square 5 x 5\n  \
         piece man \"M\" {\n    step orthogonal to empty\n    jump orthogonal over enemy\n  }\n  \
         for white: capture is compulsory\n  setup {\n    white man on a1 c3\n    black man on c4\n  }\n  \
         end {\n    lose when I have no legal move\n    draw after 40 plies\n  }\n}\n",
    )
    .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(move_texts(&game.start()), ["c3xc5"], "White must take");
    let black = Position::from_text(&game, "5/2m2/2M2/5/M4 b 0 1").expect("position");
    assert_eq!(
        move_texts(&black),
        ["c4-b4", "c4-c5", "c4-d4", "c4xc2"],
        "Black may take or not"
    );
}

/// `for black: pieces in hand must be placed first` and `for white: players may pass`: White
/// may move, place or pass; Black, with a man in hand, only places, and never passes.
#[test]
fn placing_first_and_passing_for_one_side() {
    let game = tabula::compile_source(
        "game \"Side hand\" {\n  players white, black\n  board square 4 x 1\n  \
         piece man \"M\" {\n    place on empty\n    step east, west to empty\n  }\n  \
         for white: players may pass\n  for black: pieces in hand must be placed first\n  \
         setup {\n    white man on a1\n    black man on d1\n    white has 1 man in hand\n    \
         black has 1 man in hand\n  }\n  end {\n    lose when I have no legal move\n  }\n}\n",
    )
    .unwrap_or_else(|e| panic!("{e:?}"));
    let start = game.start();
    assert_eq!(move_texts(&start), ["a1-b1", "b1", "c1", "pass"]);
    let mut st = MatchState::new(start);
    st.play_text("pass").expect("White may pass");
    assert_eq!(move_texts(&st.pos), ["b1", "c1"], "Black places first");
    // Black's last man placed on b1 leaves Black stuck after White's pass: Black loses.
    let stuck = Position::from_text(&game, "MmMm w - 0 1").expect("position");
    assert_eq!(move_texts(&stuck), ["pass"], "White, stuck, passes");
    let mut st = MatchState::new(stuck);
    st.play_text("pass").expect("White passes");
    match st.outcome() {
        Some(Outcome::Win { player: 0, .. }) => {}
        other => panic!("Black is stuck and loses: {other:?}"),
    }
}

/// Gopher as Ludii plays it: the first stone anywhere, then each stone next to exactly one
/// enemy stone and no friendly one; a player who cannot place loses.
#[test]
fn gopher_replays_ludii_games() {
    let (games, positions) = replay("gopher", "games/gopher.game");
    assert_eq!(
        (games, positions),
        (15, 598),
        "games and positions replayed"
    );
}

/// Wali as Ludii plays it: pieces placed from the hand, never three in an orthogonal row; then
/// moved, a row of three through the moved piece removing any enemy piece.
#[test]
fn wali_replays_ludii_games() {
    let (games, positions) = replay("wali", "games/wali.game");
    assert_eq!(
        (games, positions),
        (12, 1976),
        "games and positions replayed"
    );
}

/// Tabu Y as Ludii plays it (board size 11): no stone next to the last stone placed.
#[test]
fn tabu_y_replays_ludii_games() {
    let (games, positions) = replay("tabu-y", "games/tabu-y.game");
    assert_eq!(
        (games, positions),
        (20, 1255),
        "games and positions replayed"
    );
}

/// Tabu Y's rule read from a position string: the last stone placed is its own field, and
/// the cells next to it (six inside the board, fewer on a side) are closed to the next stone.
#[test]
fn tabu_y_keeps_away_from_the_last_stone() {
    let game = common::game("games/tabu-y.game");
    let count = |text: &str| {
        let pos = Position::from_text(&game, text).expect("position");
        assert_eq!(pos.to_text(), text, "the position string reads back");
        MatchState::new(pos).moves().len()
    };
    // White's stone on c3 (inside: six neighbours) just placed; 65 empty cells.
    assert_eq!(count("1/2/3/4/5/6/7/8/2S6/10/11 b c3 0 1 1"), 59);
    // The same board without a last stone (as after a pass): every empty cell.
    assert_eq!(count("1/2/3/4/5/6/7/8/2S6/10/11 b - 0 1 1"), 65);
    // A corner stone (a1) has two neighbours.
    assert_eq!(count("1/2/3/4/5/6/7/8/9/10/S10 b a1 0 1 1"), 63);
    // The field must name a stone.
    assert!(Position::from_text(&game, "1/2/3/4/5/6/7/8/2S6/10/11 b d3 0 1 1").is_err());
    // The observation has a plane for the last stone (after the two piece planes): 1 on c3.
    use tabula::api::{actions::ActionSpace, observation::Layout};
    let pos = Position::from_text(&game, "1/2/3/4/5/6/7/8/2S6/10/11 b c3 0 1 1").expect("position");
    let layout = Layout::new(&game);
    assert_eq!((layout.planes, layout.height, layout.width), (6, 11, 11));
    let mut obs = vec![0.0; layout.size()];
    let space = ActionSpace::new(&game).expect("a space");
    layout.fill(&pos, &space, &[], &mut obs);
    let plane: Vec<f32> = obs[2 * 121..3 * 121].to_vec();
    let c3 = game.board.cell("c3").expect("c3") as usize;
    let (x, y) = game.board.coords[c3];
    assert_eq!(plane.iter().sum::<f32>(), 1.0);
    assert_eq!(plane[y as usize * 11 + x as usize], 1.0);
}

/// A turn as the data writes a turn of several parts: by what it changes (the placements it
/// makes, `@a7,@d7`, or the cells the mover left and came to, `a1,d2-a4,d1`), then the enemy
/// cells it empties, whatever order of parts reached it.
fn changed_text(pos: &Position, m: &Move) -> String {
    let mut after = pos.clone();
    after.play_unchecked(m);
    let me = pos.turn();
    let name = |c: usize| pos.game.board.names[c].clone();
    let owner = |p: &Position, c: usize| match p.cells()[c] {
        0 => None,
        code => Some(p.game.owner(code)),
    };
    let cells = 0..pos.cells().len();
    let mut left: Vec<String> = cells
        .clone()
        .filter(|&c| owner(pos, c) == Some(me) && owner(&after, c) != Some(me))
        .map(name)
        .collect();
    let mut came: Vec<String> = cells
        .clone()
        .filter(|&c| owner(pos, c) != Some(me) && owner(&after, c) == Some(me))
        .map(name)
        .collect();
    let mut caps: Vec<String> = cells
        .filter(|&c| owner(pos, c).is_some_and(|o| o != me) && owner(&after, c).is_none())
        .map(name)
        .collect();
    for v in [&mut left, &mut came, &mut caps] {
        v.sort();
    }
    let placing = m.kind == MoveKind::Place || (m.kind == MoveKind::Parts && m.from == NONE);
    let path = if placing {
        came.iter()
            .map(|c| format!("@{c}"))
            .collect::<Vec<_>>()
            .join(",")
    } else if !left.is_empty() || !came.is_empty() {
        format!("{}-{}", left.join(","), came.join(","))
    } else if caps.is_empty() {
        String::new()
    } else {
        "-".to_string()
    };
    format!("{path}:{}", caps.join(","))
}

/// Nerenchi Keliya as Ludii plays it: a line made while placing earns another placement, a line
/// made by a move removes any enemy man and earns another move; whole turns of several parts
/// compared by what they change.
#[test]
fn nerenchi_keliya_replays_ludii_games() {
    let (games, positions, _) = common::replay_ludii_turns(
        "tests/hunt/nerenchi-keliya.ludii",
        "games/nerenchi-keliya.game",
        common::ludii_position,
        changed_text,
    );
    assert_eq!(
        (games, positions),
        (20, 972),
        "games and positions replayed"
    );
}
