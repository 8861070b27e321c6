//! `tabula diff OLD NEW` as a user runs it, on the description pairs of `tests/diff/` (each
//! variant differs from its base by one rule). Expected counts are worked out by hand or
//! asked of `tabula perft` and `tabula moves` on each file alone, never taken from diff.

mod common;

use serde_json::Value;

const BREAKTHROUGH: &str = "tests/diff/breakthrough.game";
const BACKWARD: &str = "tests/diff/breakthrough-backward.game";
const STRAIGHT: &str = "tests/diff/breakthrough-straight-capture.game";
const TIC_TAC_TOE: &str = "tests/diff/tic-tac-toe.game";
const POSITIONS: &str = "tests/diff/breakthrough.positions";

fn tabula(args: &[&str]) -> (i32, String, String) {
    common::run_tabula(args, "")
}

/// `tabula diff ... --json`, which must exit `code`, parsed.
fn diff_json(args: &[&str], code: i32) -> Value {
    let mut all = vec!["diff"];
    all.extend(args);
    all.push("--json");
    let (got, out, err) = tabula(&all);
    assert_eq!(got, code, "{err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

/// `tabula perft FILE DEPTH`'s count, from the file alone.
fn perft(file: &str, depth: u32) -> u64 {
    let (code, out, err) = tabula(&["perft", file, &depth.to_string(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).expect("json");
    v["nodes"].as_u64().expect("nodes")
}

/// `tabula moves FILE --moves MOVES`, from the file alone.
fn moves(file: &str, played: &str) -> Vec<String> {
    let (code, out, err) = tabula(&["moves", file, "--moves", played, "--json"]);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).expect("json")
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap_or_else(|| panic!("not an array: {v}"))
        .iter()
        .map(|x| x.as_str().expect("a string").to_string())
        .collect()
}

/// The perft rows of a position as (depth, old, new).
fn perft_rows(p: &Value) -> Vec<(u64, Option<u64>, Option<u64>)> {
    p["perft"]
        .as_array()
        .expect("perft rows")
        .iter()
        .map(|r| {
            (
                r["depth"].as_u64().unwrap(),
                r["old"].as_u64(),
                r["new"].as_u64(),
            )
        })
        .collect()
}

#[test]
fn descriptions_that_differ_only_in_comments_and_spacing_exit_0() {
    let (code, out, err) = tabula(&[
        "diff",
        BREAKTHROUGH,
        "tests/diff/breakthrough-reworded.game",
        "--positions",
        POSITIONS,
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("summary: unchanged"), "{out}");
    assert!(out.ends_with("no change\n"), "{out}");
    let v = diff_json(&[TIC_TAC_TOE, "games/tic-tac-toe.game"], 0);
    assert_eq!(v["changed"], false);
    assert_eq!(v["summary"], serde_json::json!([]));
    assert_eq!(
        perft_rows(&v["positions"][0]),
        [
            (1, Some(9), Some(9)),
            (2, Some(72), Some(72)),
            (3, Some(504), Some(504))
        ]
    );
}

/// 3 x 3 to 4 x 4: seven cells more; with no line of three possible before the fifth ply,
/// perft is 16 * 15 * ... on the new side against 9 * 8 * ... on the old.
#[test]
fn a_bigger_board_adds_its_cells_as_moves() {
    let (code, out, _) = tabula(&["diff", TIC_TAC_TOE, "tests/diff/tic-tac-toe-4x4.game"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("- board: square 3 x 3 (9 cells)\n+ board: square 4 x 4 (16 cells)\n"),
        "{out}"
    );
    assert!(
        out.contains("position: old 3/3/3 x 0 1\n          new 4/4/4/4 x 0 1\n"),
        "{out}"
    );
    assert!(
        out.contains("moves: 9 old, 16 new\n+ a4\n+ b4\n+ c4\n+ d1\n+ d2\n+ d3\n+ d4\nperft:"),
        "{out}"
    );
    let v = diff_json(&[TIC_TAC_TOE, "tests/diff/tic-tac-toe-4x4.game"], 1);
    assert_eq!(v["changed"], true);
    let start = &v["positions"][0];
    assert_eq!(start["name"], "start");
    assert_eq!(
        strings(&start["added"]),
        ["a4", "b4", "c4", "d1", "d2", "d3", "d4"]
    );
    assert!(strings(&start["removed"]).is_empty());
    assert_eq!(
        perft_rows(start),
        [
            (1, Some(9), Some(16)),
            (2, Some(9 * 8), Some(16 * 15)),
            (3, Some(9 * 8 * 7), Some(16 * 15 * 14))
        ]
    );
    // The moves differ at the start itself: the divergence is there, at depth 1.
    let d = &start["divergence"];
    assert!(strings(&d["line"]).is_empty());
    assert_eq!(
        (&d["depth"], &d["old"], &d["new"]),
        (&1.into(), &9.into(), &16.into())
    );
    assert!(out.contains("first divergence: at the position itself (old 9, new 16 at depth 1)\n"));
}

/// Two in a row wins: X wins on ply 3 whenever its two marks touch. Of the 36 pairs of cells,
/// 20 touch (6 across, 6 down, 8 diagonally), so 16 pairs, 32 ordered, go on; with O's mark on
/// one of the 7 other cells and 6 cells left, perft 4 is 32 * 7 * 6 = 1344 (9 * 8 * 7 * 6 =
/// 3024 before). The first branch in move order: X a1, O a2, then X b1 touches a1 and wins,
/// where the old rules leave 6 moves.
#[test]
fn a_shorter_winning_line_cuts_perft_and_names_the_branch() {
    let (code, out, _) = tabula(&[
        "diff",
        TIC_TAC_TOE,
        "tests/diff/tic-tac-toe-two.game",
        "--depth",
        "4",
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(
            "  end:\n-   win when I have 3 in a row\n+   win when I have 2 in a row\n    draw when"
        ),
        "{out}"
    );
    assert!(out.contains("moves: 9 under both\n"), "{out}");
    assert!(out.contains("      4  3024  1344  differs\n"), "{out}");
    assert!(
        out.contains("first divergence: a1 a2 b1 (old 6, new 0 at depth 1; - a3 b2 b3 c1 c2 c3)"),
        "{out}"
    );
    let v = diff_json(
        &[
            TIC_TAC_TOE,
            "tests/diff/tic-tac-toe-two.game",
            "--depth",
            "4",
        ],
        1,
    );
    let start = &v["positions"][0];
    assert_eq!(
        perft_rows(start),
        [
            (1, Some(9), Some(9)),
            (2, Some(72), Some(72)),
            (3, Some(504), Some(504)),
            (4, Some(3024), Some(32 * 7 * 6))
        ]
    );
    assert_eq!(strings(&start["divergence"]["line"]), ["a1", "a2", "b1"]);
    assert_eq!(
        v["summary"],
        serde_json::json!([
            {"op": "-", "line": "  win when I have 3 in a row"},
            {"op": "+", "line": "  win when I have 2 in a row"}
        ])
    );
}

/// A backward step changes nothing at the start until a pawn has room to step back: depth 3.
#[test]
fn a_backward_step_shows_at_depth_3_with_the_line_that_allows_it() {
    let (code, out, _) = tabula(&["diff", BREAKTHROUGH, BACKWARD]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(
            "  pieces:\n    pawn \"P\" worth 1\n-     step n, nw, ne to empty\n\
             +     step n, nw, ne, s to empty\n      step nw, ne to enemy\n"
        ),
        "{out}"
    );
    let v = diff_json(&[BREAKTHROUGH, BACKWARD], 1);
    let start = &v["positions"][0];
    assert!(strings(&start["added"]).is_empty() && strings(&start["removed"]).is_empty());
    let want: Vec<_> = (1..=3)
        .map(|d| {
            (
                d as u64,
                Some(perft(BREAKTHROUGH, d)),
                Some(perft(BACKWARD, d)),
            )
        })
        .collect();
    assert_eq!(perft_rows(start), want);
    assert_eq!(want[1].1, want[1].2, "the same at depth 2");
    assert_ne!(want[2].1, want[2].2, "different at depth 3");
    // After a2-a3 a7-a6 the a3 pawn may step back to a2 under the new rules only.
    let old = moves(BREAKTHROUGH, "a2-a3 a7-a6");
    let new = moves(BACKWARD, "a2-a3 a7-a6");
    let extra: Vec<&String> = new.iter().filter(|m| !old.contains(m)).collect();
    assert_eq!(extra, ["a3-a2"]);
    let d = &start["divergence"];
    assert_eq!(strings(&d["line"]), ["a2-a3", "a7-a6"]);
    assert_eq!(d["depth"], 1);
    assert_eq!(d["old"].as_u64(), Some(old.len() as u64));
    assert_eq!(d["new"].as_u64(), Some(new.len() as u64));
    assert_eq!(strings(&d["added"]), ["a3-a2"]);
    assert!(out.contains(&format!(
        "first divergence: a2-a3 a7-a6 (old {}, new {} at depth 1; + a3-a2)",
        old.len(),
        new.len()
    )));
}

/// Named positions: a straight capture shows where pawns face each other, not at the start;
/// a move line that steps back is legal under the new rules only, and reported for that side.
#[test]
fn named_positions_show_changes_the_start_does_not() {
    let (code, out, _) = tabula(&["diff", BREAKTHROUGH, STRAIGHT, "--positions", POSITIONS]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("+     step n to enemy\n"), "{out}");
    let v = diff_json(&[BREAKTHROUGH, STRAIGHT, "--positions", POSITIONS], 1);
    let p = v["positions"].as_array().expect("positions");
    let names: Vec<&str> = p.iter().map(|x| x["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "start",
            "two pawns face each other on the e file",
            "white steps forward and back"
        ]
    );
    assert_eq!(p[0]["changed"], false);
    assert_eq!(p[1]["changed"], true);
    assert_eq!(strings(&p[1]["added"]), ["e4xe5"]);
    assert_eq!(
        (p[1]["moves_old"].as_u64(), p[1]["moves_new"].as_u64()),
        (Some(2), Some(3))
    );
    // The step back is illegal under both: the same error on both sides is no change.
    assert_eq!(p[2]["changed"], false);
    assert_eq!(p[2]["error_old"], p[2]["error_new"]);
    assert!(out.contains("changed: the summary; two pawns face each other on the e file\n"));

    let v = diff_json(&[BREAKTHROUGH, BACKWARD, "--positions", POSITIONS], 1);
    let back = &v["positions"][2];
    assert_eq!(back["changed"], true);
    let err = back["error_old"]
        .as_str()
        .expect("an error on the old side");
    assert!(
        err.starts_with("move 3 `a3-a2`: `a3-a2` is not a legal move"),
        "{err}"
    );
    assert_eq!(back["error_new"], Value::Null);
    assert_eq!(
        back["position_new"],
        "pppppppp/1ppppppp/p7/8/8/8/PPPPPPPP/PPPPPPPP b 3 2"
    );
    let (_, out, _) = tabula(&["diff", BREAKTHROUGH, BACKWARD, "--positions", POSITIONS]);
    assert!(out.contains("== white steps forward and back\nold: error: move 3 `a3-a2`"));
}

#[test]
fn an_invalid_new_description_prints_its_diagnostic_and_exits_1() {
    let (code, out, err) = tabula(&["diff", BREAKTHROUGH, "tests/diff/invalid.game"]);
    assert_eq!(code, 1);
    assert_eq!(out, "");
    assert!(err.contains("error: unknown piece `pown`"), "{err}");
    assert!(err.contains("tests/diff/invalid.game:21:17"), "{err}");
}

#[test]
fn unreadable_files_bad_lines_and_bad_depths_exit_2() {
    let (code, _, err) = tabula(&["diff", BREAKTHROUGH, "tests/diff/missing.game"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read tests/diff/missing.game"), "{err}");

    let (code, _, err) = tabula(&[
        "diff",
        BREAKTHROUGH,
        BACKWARD,
        "--positions",
        "tests/diff/missing.positions",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("error: cannot read tests/diff/missing.positions"),
        "{err}"
    );

    let (dir, file) = common::scratch_file("diff-bad-positions", "bad.positions");
    let cases = [
        (
            "# fine\n== a\nposition 8/8 w\nplya a2-a3\n",
            ":4: unknown line `plya`",
        ),
        ("play a2-a3\n", ":1: `play` comes before the first position"),
        (
            "== a\nplay a2-a3\nposition 8/8 w\n",
            ":3: `position` must come once, before `play`",
        ),
        ("== \n", ":1: `==` needs a name after it"),
    ];
    for (text, want) in cases {
        std::fs::write(&file, text).expect("a scratch file");
        let (code, out, err) = tabula(&["diff", BREAKTHROUGH, BACKWARD, "--positions", &file]);
        assert_eq!(code, 2, "{text}");
        assert_eq!(out, "");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with(&format!("error: {file}{want}")), "{err}");
    }
    std::fs::remove_dir_all(dir).expect("scratch folder removed");

    for depth in ["0", "9"] {
        let (code, _, err) = tabula(&["diff", BREAKTHROUGH, BACKWARD, "--depth", depth]);
        assert_eq!(code, 2, "{err}");
    }
}

/// A position string one side rejects is reported for that side, never a crash.
#[test]
fn a_position_string_the_new_board_rejects_is_reported_for_that_side() {
    let (dir, file) = common::scratch_file("diff-board-size", "small.positions");
    std::fs::write(&file, "== full 3 x 3 board\nposition XOX/OXO/OXO x 0 1\n").expect("written");
    let v = diff_json(
        &[
            TIC_TAC_TOE,
            "tests/diff/tic-tac-toe-4x4.game",
            "--positions",
            &file,
        ],
        1,
    );
    std::fs::remove_dir_all(dir).expect("scratch folder removed");
    let p = &v["positions"][1];
    assert_eq!(p["error_old"], Value::Null);
    assert!(
        p["error_new"].as_str().is_some_and(|e| e.contains("rows")),
        "{p}"
    );
    assert_eq!(p["outcome_old"], "draw (draw when the board is full)");
    assert_eq!(
        perft_rows(p),
        [(1, Some(0), None), (2, Some(0), None), (3, Some(0), None)]
    );
}
