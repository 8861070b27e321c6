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
