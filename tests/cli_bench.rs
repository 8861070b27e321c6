//! `tabula bench --json` and `tabula perft --json` end to end: the keys the benchmark table is
//! built from, and counts that do not depend on the machine. No timing is asserted.

mod common;

use serde_json::Value;
use std::process::Command;

/// Runs `tabula ARGS...` and parses its standard output as one JSON value.
fn json(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .expect("the binary starts");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "tabula {args:?} failed:\n{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {stdout}"))
}

fn number(v: &Value, key: &str) -> f64 {
    v[key]
        .as_f64()
        .unwrap_or_else(|| panic!("`{key}` is not a number in {v}"))
}

#[test]
fn bench_json_reports_median_rates_results_and_end_rules() {
    let game = common::root("games/breakthrough.game");
    let v = json(&["bench", &game, "--seconds", "0.2", "--runs", "2", "--json"]);
    for key in [
        "playouts_per_sec",
        "plies_per_sec",
        "wall_playouts_per_sec",
        "wall_plies_per_sec",
        "cpu_seconds",
        "seconds",
        "bytes_per_state",
    ] {
        assert!(number(&v, key) > 0.0, "`{key}` is not positive in {v}");
    }
    assert_eq!(v["runs"], 2);
    assert_eq!(v["per_run"].as_array().map(Vec::len), Some(2));

    let games = v["games"].as_u64().expect("games is a count");
    let results = v["results"].as_object().expect("results is an object");
    for key in ["white", "black", "draw"] {
        assert!(results.contains_key(key), "no `{key}` in {results:?}");
    }
    let decided: u64 = results.values().map(|n| n.as_u64().expect("a count")).sum();
    assert_eq!(decided, games);
    let by_reason: u64 = v["reasons"]
        .as_object()
        .expect("reasons is an object")
        .values()
        .map(|n| n.as_u64().expect("a count"))
        .sum();
    assert_eq!(by_reason, games);

    // Random Breakthrough games last about 64 plies.
    let avg = number(&v, "avg_plies");
    assert!((40.0..90.0).contains(&avg), "avg_plies {avg}");
    assert!(number(&v, "longest_playout") >= avg);

    let rules = v["end_rules"].as_array().expect("end_rules is an array");
    assert!(!rules.is_empty());
    assert!(rules.iter().all(Value::is_string), "{rules:?}");
}

#[test]
fn perft_json_reports_nodes_and_both_rates() {
    let game = common::root("games/chess.game");
    let v = json(&["perft", &game, "3", "--json"]);
    assert_eq!(v["depth"], 3);
    assert_eq!(v["nodes"], 8902);
    for key in ["seconds", "nps", "cpu_seconds", "cpu_nps"] {
        assert!(v[key].is_number(), "`{key}` is missing in {v}");
    }
}

#[test]
fn perft_runs_repeat_the_same_count() {
    let game = common::root("games/chess.game");
    let v = json(&["perft", &game, "2", "--runs", "3", "--json"]);
    assert_eq!(v["nodes"], 400);
    assert_eq!(v["runs"], 3);
}
