//! The `tabula` command as a user runs it.

mod common;

use std::process::Command;

fn tabula(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .current_dir(common::root(""))
        .output()
        .expect("run tabula");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Ducarte D14: from the start White has 73 actions, Sweepers 22, Keepers 4, Creepers 6,
/// Sleepers 10, Healer 0, Stealer 31.
#[test]
fn ducart_start_moves_grouped_by_piece() {
    let (code, out, err) = tabula(&["moves", "games/ducart.game", "--by-piece", "--json"]);
    assert_eq!(code, 0, "{err}");
    let groups: serde_json::Value = serde_json::from_str(&out).expect("json");
    let count = |k: &str| groups[k].as_array().map_or(usize::MAX, Vec::len);
    assert_eq!(
        [
            count("sweeper"),
            count("keeper"),
            count("creeper"),
            count("sleeper"),
            count("healer"),
            count("stealer")
        ],
        [22, 4, 6, 10, 0, 31]
    );
}

#[test]
fn moves_of_a_finished_game_are_none_and_say_why() {
    let (code, out, err) = tabula(&[
        "moves",
        "games/breakthrough.game",
        "--position",
        "P7/8/8/8/8/8/8/7p b",
    ]);
    assert_eq!(code, 0);
    assert_eq!(out, "");
    assert!(err.contains("game over: white wins"), "{err}");
}

/// Checkmate ends the game only once the moves are listed: the listing says so too.
#[test]
fn moves_after_checkmate_are_none_and_say_why() {
    let (code, out, err) = tabula(&[
        "moves",
        "games/chess.game",
        "--moves",
        "f2f3 e7e5 g2g4 d8h4",
    ]);
    assert_eq!(code, 0);
    assert_eq!(out, "");
    assert!(err.contains("game over: black wins"), "{err}");
}

#[test]
fn a_bad_position_is_a_plain_error_with_exit_code_1() {
    let (code, _, err) = tabula(&["moves", "games/chess.game", "--position", "8/8/8 w"]);
    assert_eq!(code, 1);
    assert!(err.contains("expected 8 rows"), "{err}");
}

#[test]
fn usage_errors_exit_with_code_2() {
    let (code, _, _) = tabula(&["perft", "games/chess.game", "deep"]);
    assert_eq!(code, 2);
    let (code, _, err) = tabula(&["show", "no/such/file.game"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
}

// ---------------------------------------------------------------- hardening (issue 12)

#[test]
fn out_of_range_arguments_are_usage_errors() {
    for args in [
        &["perft", "games/chess.game", "18446744073709551615"][..],
        &["perft", "games/chess.game", "100000"],
        &["perft", "games/chess.game", "1", "--runs", "0"],
        &["bench", "games/chess.game", "--seconds", "NaN"],
        &["bench", "games/chess.game", "--seconds", "inf"],
        &["bench", "games/chess.game", "--seconds", "1e30"],
        &["bench", "games/chess.game", "--seconds=-1"],
        &["bench", "games/chess.game", "--seconds", "0"],
    ] {
        let (code, _, err) = tabula(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains("invalid value"), "{args:?}: {err}");
    }
}

#[test]
fn an_endless_or_huge_input_is_refused_with_a_message() {
    let (code, _, err) = tabula(&["validate", "/dev/zero"]);
    assert_eq!(code, 2);
    assert!(err.contains("larger than 4 MiB"), "{err}");
}

#[test]
fn validate_checks_every_description_in_a_folder() {
    let (code, out, err) = tabula(&["validate", "games"]);
    assert_eq!(code, 0, "{err}");
    let shipped = common::files("games", "game");
    assert_eq!(out.lines().count(), shipped.len(), "{out}");
    assert!(out.contains("games/chess.game: ok"), "{out}");
    // The chess variants have a folder of their own; two folders are read in turn.
    let (code, out, err) = tabula(&["validate", "games", "games/variants"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), common::shipped_games().len(), "{out}");
    assert!(out.contains("games/variants/horde.game: ok"), "{out}");
    // A folder with invalid descriptions reports each of them.
    let (code, out, err) = tabula(&["validate", "tests/invalid"]);
    assert_eq!(code, 1);
    assert!(out.is_empty(), "{out}");
    assert_eq!(
        err.matches(": 1 error").count() + err.matches(" errors\n").count(),
        common::files("tests/invalid", "game").len(),
        "{err}"
    );
    // A folder without descriptions is a usage error.
    let (code, _, err) = tabula(&["validate", "src"]);
    assert_eq!(code, 2);
    assert!(err.contains("holds no `.game` files"), "{err}");
}

#[test]
fn perft_divide_json_includes_the_split() {
    let (code, out, err) = tabula(&["perft", "games/tic-tac-toe.game", "2", "--divide", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["nodes"], 72);
    let split = v["divide"].as_object().expect("a divide object");
    assert_eq!(split.len(), 9);
    assert!(split.values().all(|n| n == 8), "{split:?}");
}

/// Position strings the rules could never reach, in ways that break the engine's assumptions,
/// are refused with a plain message (issue 12 item 10).
#[test]
fn impossible_positions_are_refused() {
    for (game, fen, says) in [
        (
            "games/chess.game",
            "4k3/4R3/8/8/8/8/8/4K2r w - - 0 1",
            "black is in check although it is white's turn",
        ),
        (
            "games/chess.game",
            "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
            "castling right `K` has no king and partner in place",
        ),
        (
            "games/ducart.game",
            "kcsthsck/wwwwwwww/8/8/8/8/[LW]WWWWWWW/1CSHTSCK w - 0 1",
            "a leaper on a2 keeps a piece, but it cannot keep",
        ),
        (
            "games/ducart.game",
            "kcsthsck/wwwwwwww/8/8/8/8/[TK]WWWWWWW/1CSHTSCK w - 0 1",
            "a stealer on a2 keeps a piece, but it cannot keep",
        ),
        (
            "games/ducart.game",
            "kcsthsck/wwwwwwww/8/8/8/8/WWWWWWWW/KCSHTSCK w a2 0 1",
            "the piece on the fresh cell `a2` (sweeper) never becomes fresh",
        ),
    ] {
        let (code, _, err) = tabula(&["moves", game, "--position", fen]);
        assert_eq!(code, 1, "{fen}: {err}");
        assert!(err.contains(says), "{fen}: {err}");
    }
}

/// FEN as other programs write it (`-` for castling and en passant) is read for any game, and
/// a bad field names the fields the game expects (issue 20 item 1).
#[test]
fn fen_placeholders_are_accepted_and_bad_fields_name_the_expected_ones() {
    let board = "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP";
    let plain = tabula(&[
        "perft",
        "games/breakthrough.game",
        "2",
        "--json",
        "--position",
        &format!("{board} w 0 1"),
    ]);
    let fen = tabula(&[
        "perft",
        "games/breakthrough.game",
        "2",
        "--json",
        "--position",
        &format!("{board} w - - 0 1"),
    ]);
    assert_eq!(plain.0, 0, "{}", plain.2);
    assert_eq!(fen.0, 0, "{}", fen.2);
    let nodes =
        |out: &str| serde_json::from_str::<serde_json::Value>(out).expect("json")["nodes"].clone();
    assert_eq!(nodes(&plain.1), nodes(&fen.1));
    let (code, _, err) = tabula(&[
        "moves",
        "games/breakthrough.game",
        "--position",
        &format!("{board} w x 0 1"),
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "this game's position fields are: board, side to move, no-progress count, move number"
        ),
        "{err}"
    );
}

#[test]
fn moves_given_on_the_command_line_are_played_first() {
    // Tic-tac-toe after b2 a1: seven empty cells, 7 * 6 sequences of two more placements.
    let (code, out, err) = tabula(&[
        "perft",
        "games/tic-tac-toe.game",
        "2",
        "--moves",
        "b2 a1",
        "--runs",
        "1",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["nodes"], 42, "{v}");
    // From a given position too: after 1. e4 e5 2. Nf3 the position string says so.
    let (code, out, _) = tabula(&["show", "games/chess.game", "--moves", "e2e4 e7e5 g1f3"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("position: rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n"),
        "{out}"
    );
    // An illegal move is named by its number, with the legal choices.
    let (code, _, err) = tabula(&["moves", "games/chess.game", "--moves", "e2e4 e7e9"]);
    assert_eq!(code, 1);
    assert!(
        err.starts_with("error: move 2 `e7e9`: `e7e9` is not a legal move; legal moves: a7a5"),
        "{err}"
    );
    // A playout starts there too: x has b2, so three more placements can win.
    let (code, out, _) = tabula(&[
        "playout",
        "games/tic-tac-toe.game",
        "--moves",
        "b2 a1",
        "--seed",
        "3",
    ]);
    assert_eq!(code, 0);
    assert!(out.starts_with("game 1: 3 plies, x wins"), "{out}");
    // So is a move after the end of the game.
    let (code, _, err) = tabula(&[
        "moves",
        "games/tic-tac-toe.game",
        "--moves",
        "a1 b1 a2 b2 a3 c3",
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains("move 6 `c3`: the game is over (x wins (win when I have 3 in a row))"),
        "{err}"
    );
}

/// A board of points draws every link: a row between two ranks holds the file and diagonal
/// links, and crossing diagonals meet in an `X`.
#[test]
fn lines_boards_draw_vertical_and_diagonal_links() {
    let (code, out, err) = tabula(&["show", "tests/language/lines-diagonals.game"]);
    assert_eq!(code, 0, "{err}");
    let drawing = "3  .---.\n   |\\ /|\n2  | X |\n   |/ \\|\n1  .---.\n   a b c\n";
    assert!(out.contains(drawing), "{out}");
}

/// `board` names every cell: a piece confined to it may go anywhere.
#[test]
fn the_whole_board_is_a_region() {
    let (code, out, err) = tabula(&["show", "tests/language/whole-board.game"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("confined to a1 b1 c1 a2 b2 c2\n"), "{out}");
}

/// A PGN file names no description: `replay` says so in words and how to give one.
#[test]
fn replaying_a_pgn_without_its_game_asks_for_one() {
    let (dir, file) = common::scratch_file("replay-pgn", "game.pgn");
    std::fs::write(&file, "1. e4 e5 *\n").expect("written");
    let (code, _, err) = tabula(&["replay", &file]);
    std::fs::remove_dir_all(dir).expect("scratch folder removed");
    assert_eq!(code, 2);
    assert!(
        err.contains("is a PGN file, which does not say which game it records: add `--game FILE`"),
        "{err}"
    );
}

/// Where a draughts game numbers its squares, moves may be typed as its players write them
/// (`21-18`, PDN), as well as in the game's own notation (`b3-c4`).
#[test]
fn numbered_draughts_moves_may_be_typed_as_pdn() {
    let by = |moves: &str| tabula(&["moves", "games/italian-draughts.game", "--moves", moves]);
    let (code, numbered, _) = by("21-18 12-16");
    assert_eq!(code, 0);
    let (_, named, _) = by("b3-c4 g6-h5");
    assert_eq!(numbered, named);
    assert!(numbered.lines().count() > 1);
    // A wrong number is an illegal move, answered with the legal ones in PDN.
    let (code, _, err) = by("21-16");
    assert_eq!(code, 1);
    assert!(
        err.contains("`21-16` is not a legal move; legal moves: "),
        "{err}"
    );
    assert!(err.contains("21-18"), "{err}");
}
