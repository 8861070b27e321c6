//! Invalid descriptions and their rendered diagnostics.
//!
//! Every `tests/invalid/*.game` holds one mistake (or, in `several-mistakes.game`, a few) and
//! a leading comment saying what it is. Each must fail to compile; its rendered diagnostics are
//! the snapshot `snapshots/invalid-NAME.snap`, so the wording is reviewed like code. Adding a
//! fixture adds a test case.

mod common;

use std::path::PathBuf;
use std::process::Command;

/// The fixtures, sorted by name.
fn fixtures() -> Vec<PathBuf> {
    common::files("tests/invalid", "game")
        .iter()
        .map(|f| PathBuf::from(common::root(f)))
        .collect()
}

fn stem(path: &std::path::Path) -> String {
    path.file_stem()
        .expect("fixture file name")
        .to_string_lossy()
        .into_owned()
}

/// The path as shown in diagnostics and passed to the binary: relative to the crate root.
fn relative(path: &std::path::Path) -> String {
    format!("tests/invalid/{}.game", stem(path))
}

#[test]
fn invalid_descriptions_render_their_diagnostics() {
    for path in fixtures() {
        let stem = stem(&path);
        let source = std::fs::read_to_string(&path).expect("fixture is readable");
        assert!(
            source.starts_with("//"),
            "{stem}: a fixture starts with a comment saying what its mistake is"
        );
        let diags = match tabula::compile_source(&source) {
            Ok(_) => panic!("{stem}: an invalid description compiled"),
            Err(d) => d,
        };
        assert!(!diags.is_empty(), "{stem}: failed without a diagnostic");
        let rendered = tabula::diagnostic::render(&relative(&path), &source, &diags);
        common::in_snapshots(|| insta::assert_snapshot!(format!("invalid-{stem}"), rendered));
    }
}

#[test]
fn every_invalid_snapshot_has_its_fixture() {
    let fixtures: Vec<String> = fixtures().iter().map(|p| stem(p)).collect();
    let dir = common::root("snapshots");
    for entry in std::fs::read_dir(&dir).expect("snapshots folder") {
        let name = entry.expect("directory entry").file_name();
        let name = name.to_string_lossy();
        if let Some(stem) = name
            .strip_prefix("invalid-")
            .and_then(|n| n.strip_suffix(".snap"))
        {
            assert!(
                fixtures.iter().any(|f| f == stem),
                "snapshots/{name} has no tests/invalid/{stem}.game: remove the snapshot"
            );
        }
    }
}

#[test]
fn several_mistakes_are_all_reported() {
    let path = common::root("tests/invalid/several-mistakes.game");
    let source = std::fs::read_to_string(path).expect("fixture is readable");
    let Err(diags) = tabula::compile_source(&source) else {
        panic!("several-mistakes.game compiled");
    };
    assert_eq!(diags.len(), 4, "one diagnostic per mistake");
}

fn validate(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .arg("validate")
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the tabula binary runs")
}

#[test]
fn validate_exits_1_on_each_invalid_description() {
    for path in fixtures() {
        let file = relative(&path);
        let out = validate(&[&file]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{file}:\n{stderr}");
        assert!(
            stderr.contains(&format!("{file}:")),
            "{file}: diagnostics name the file:\n{stderr}"
        );
    }
}

#[test]
fn validate_exits_0_on_the_shipped_games() {
    let games = common::files("games", "game");
    let args: Vec<&str> = games.iter().map(String::as_str).collect();
    let out = validate(&args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn validate_exits_2_on_a_missing_file() {
    let out = validate(&["tests/invalid/no-such-file.game"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no-such-file.game"), "{stderr}");
}

/// A generated line of almost 4 MB (the largest file read) ending in a syntax error is refused
/// at once with a short report: parsing such a line used to take many seconds, and its
/// report repeated the whole line.
#[test]
fn a_huge_line_is_refused_before_parsing_with_a_short_report() {
    let terms = "a1 ".repeat(1_300_000);
    let source = format!(
        "game \"T\" {{\n  players white, black\n  board square 3 x 3\n  region r = {terms};\n}}\n"
    );
    let ds = tabula::compile_source(&source).expect_err("a line this long is refused");
    assert_eq!(ds.len(), 1);
    let shown = tabula::diagnostic::render("huge.game", &source, &ds);
    assert!(
        shown.starts_with(
            "error: this line is 3900014 characters long; a line holds at most 4096\n\
             \u{20} ┌─ huge.game:4:1\n"
        ),
        "{shown}"
    );
    assert!(shown.len() < 1_000, "{} bytes of report", shown.len());
}

/// Valid descriptions with a likely mistake (tests/warnings): each compiles, and its rendered
/// warnings are the snapshot `snapshots/warning-NAME.snap`; `validate` still succeeds.
#[test]
fn warnings_are_rendered_and_validate_succeeds() {
    for file in common::files("tests/warnings", "game") {
        let (game, rendered, n) =
            tabula::load_with_warnings(&common::root(&file)).expect("a warning is no error");
        assert!(n >= 1, "{file}: no warning");
        assert_eq!(tabula::warnings(&game).len(), n);
        let rendered = rendered.replace(&common::root(""), "");
        let stem = common::stem(&file);
        common::in_snapshots(|| insta::assert_snapshot!(format!("warning-{stem}"), rendered));
        let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["validate", &file])
            .current_dir(common::root(""))
            .output()
            .expect("run tabula");
        assert_eq!(out.status.code(), Some(0), "{file}");
        assert!(String::from_utf8_lossy(&out.stdout).contains(": ok, 1 warning"));
        assert!(String::from_utf8_lossy(&out.stderr).starts_with("warning: "));
    }
}
