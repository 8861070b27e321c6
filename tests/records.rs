//! Game records round-trip: a game written as a record, read back and replayed, gives the same
//! positions and the same result, for every shipped game.

mod common;

use tabula::engine::{Game, MatchState};
use tabula::record::{digest, Record, ReplayError};
use tabula::rng::Rng;

/// A seeded random game of at most `cap` plies, as a record, with its position strings.
fn random_game(g: &Game, path: &str, seed: u64, cap: usize) -> (Record, Vec<String>) {
    let source = std::fs::read_to_string(common::root(path)).unwrap();
    let start = g.start();
    let mut record = Record::new(g, path, &source, &start);
    record.players[0].1 = "random".into();
    record.players[1].1 = "random".into();
    let mut state = MatchState::new(start);
    let mut positions = vec![state.pos.to_text()];
    let mut rng = Rng::new(seed);
    while state.outcome().is_none() && record.moves.len() < cap {
        let i = rng.below(state.moves().len());
        record.moves.push(state.pos.move_text(&state.moves()[i]));
        state.play_index(i);
        positions.push(state.pos.to_text());
    }
    record.result = state.outcome().map(|o| o.describe(g));
    (record, positions)
}

fn round_trip(g: &Game, record: &Record, positions: &[String]) {
    let names: Vec<String> = g.players.iter().map(|p| p.name.clone()).collect();
    let back = Record::parse(&record.to_text(), &names).unwrap();
    assert_eq!(&back, record);
    let replay = back
        .replay(g)
        .unwrap_or_else(|e| panic!("{}: {e}", g.title));
    let replayed: Vec<String> = replay.positions().map(|p| p.to_text()).collect();
    assert_eq!(replayed, positions, "{}", g.title);
    let end = replay.end.outcome().map(|o| o.describe(g));
    assert_eq!(end, record.result, "{}", g.title);
}

#[test]
fn every_shipped_game_round_trips_through_a_record() {
    for path in common::files("games", "game") {
        let g = common::game(&path);
        // Games whose every move is played to be checked get shorter games.
        let cap = if g.legality_by_play { 60 } else { 400 };
        let (record, positions) = random_game(&g, &path, 5, cap);
        round_trip(&g, &record, &positions);
    }
}

#[test]
fn a_game_ended_by_repetition_round_trips_and_replays_to_the_same_draw() {
    let g = common::game("games/chess.game");
    let source = std::fs::read_to_string(common::root("games/chess.game")).unwrap();
    let mut record = Record::new(&g, "games/chess.game", &source, &g.start());
    record.moves = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8"
        .split(' ')
        .map(str::to_string)
        .collect();
    let replay = record.replay(&g).unwrap();
    let end = replay.end.outcome().expect("a draw by repetition");
    assert_eq!(end.describe(&g), "draw (draw on threefold repetition)");
    record.result = Some(end.describe(&g));
    let positions: Vec<String> = replay.positions().map(|p| p.to_text()).collect();
    round_trip(&g, &record, &positions);
}

#[test]
fn a_record_that_breaks_the_rules_says_where() {
    let g = common::game("games/chess.game");
    let source = std::fs::read_to_string(common::root("games/chess.game")).unwrap();
    let mut record = Record::new(&g, "games/chess.game", &source, &g.start());
    record.moves = vec!["e2e4".into(), "e7e5".into(), "e1e3".into()];
    let e = record.replay(&g).unwrap_err();
    assert!(
        matches!(&e, ReplayError::Move { number: 3, text, .. } if text == "e1e3"),
        "{e}"
    );
    // A result the moves do not lead to.
    record.moves.truncate(2);
    record.result = Some("white wins (lose when I have no legal move and I am in check)".into());
    assert_eq!(
        record.replay(&g).unwrap_err().to_string(),
        "the record says `white wins (lose when I have no legal move and I am in check)`, \
         but the moves end in `unfinished`"
    );
    // The digest tells a changed description.
    assert_ne!(
        record.description,
        digest(&source.replace("worth 9", "worth 8"))
    );
}

fn tabula(args: &[&str], input: &str) -> (i32, String, String) {
    common::run_tabula(args, input)
}

#[test]
fn play_saves_a_record_that_replay_steps_through_and_play_takes_up_again() {
    let (dir, file) = common::scratch_file("records", "game.record");
    let file = file.as_str();
    // A game of tic-tac-toe between two people, won by x.
    let args = [
        "play",
        "games/tic-tac-toe.game",
        "--white",
        "human",
        "--black",
        "human",
        "--save",
        file,
    ];
    let (code, out, err) = tabula(&args, "a1\nb1\na2\nb2\na3\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with(&format!("saved to {file}\n")), "{out}");
    let text = std::fs::read_to_string(file).unwrap();
    assert!(
        text.contains("\nmoves: a1; b1; a2; b2; a3\nresult: x wins (win when I have 3 in a row)\n"),
        "{text}"
    );

    // Replayed: each move and its board, then the result.
    let (code, out, err) = tabula(&["replay", file, "--json"], "");
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["moves"].as_array().unwrap().len(), 5);
    // x on a1 a2 a3 (upper case), o on b1 b2 (lower case); five quiet plies, move 3.
    assert_eq!(v["moves"][4]["position"], "X2/XO1/XO1 o 5 3");
    assert_eq!(v["result"], "x wins (win when I have 3 in a row)");

    // An unfinished game saved on quitting, then taken up again: its moves are there to undo.
    let (code, out, err) = tabula(&args, "a1\nb1\na2\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with(&format!("saved to {file}\n")), "{out}");
    let unfinished = std::fs::read_to_string(file).unwrap();
    assert!(unfinished.contains("\nmoves: a1; b1; a2\n") && !unfinished.contains("result:"));
    let (code, out, err) = tabula(
        &[
            "play",
            "games/tic-tac-toe.game",
            "--white",
            "human",
            "--black",
            "human",
            "--load",
            file,
        ],
        "undo\nmoves\nquit\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("legal moves: a2 a3 b2 b3 c1 c2 c3\n"), "{out}");

    // A record whose moves no longer fit the rules says which move.
    std::fs::write(file, text.replace("a1; b1", "a1; a1")).unwrap();
    let (code, _, err) = tabula(&["replay", file], "");
    assert_eq!(code, 1);
    assert!(err.contains("move 2 `a1` cannot be played"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A record written by hand needs only its game and moves: it replays from the start with a
/// note that no digest was given; a digest that differs names both digests.
#[test]
fn a_hand_written_record_replays_and_a_changed_digest_is_named() {
    let (dir, file) = common::scratch_file("records-by-hand", "hand.record");
    std::fs::write(&file, "game: games/tic-tac-toe.game\nmoves: b2; a1; c3\n").expect("written");
    let (code, out, err) = tabula(&["replay", &file], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("o to move\nresult: unfinished\n"), "{out}");
    assert!(
        err.contains("note: the record has no `description` line (written by hand?)"),
        "{err}"
    );
    std::fs::write(
        &file,
        "game: games/tic-tac-toe.game\ndescription: 0123456789abcdef\nmoves: b2\n",
    )
    .expect("written");
    let (code, _, err) = tabula(&["replay", &file], "");
    std::fs::remove_dir_all(dir).expect("scratch folder removed");
    assert_eq!(code, 0, "{err}");
    let now = digest(&std::fs::read_to_string(common::root("games/tic-tac-toe.game")).unwrap());
    assert!(
        err.contains(&format!(
            "saved with a description whose digest is 0123456789abcdef, and \
             games/tic-tac-toe.game's is {now}"
        )),
        "{err}"
    );
}
