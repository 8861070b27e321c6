//! Named positions, as data: `tests/positions/GAME.positions` lists positions of
//! `games/GAME.game`, each with what the rules say must hold there. The board and sorted move
//! list of every entry are snapshotted (`snapshots/positions-GAME.snap`), so a rules change
//! shows up as a readable diff.
//!
//! Format: an optional `game PATH` line first (default `games/GAME.game`), then one entry per
//! `==` header; its lines run in order, each check on the position reached so far:
//! ```text
//! == the name of the position (the rule it illustrates)
//! position FEN-LIKE STRING      (default: the start position)
//! play MOVE MOVE ...            (moves played from there, in notation)
//! count N                       (the number of legal moves the rules give)
//! moves MOVE MOVE ...           (the exact legal moves, any order)
//! includes MOVE ...             (moves that must be legal)
//! excludes MOVE ...             (moves that must not be legal)
//! board FEN-LIKE STRING         (the position string after the moves are played)
//! outcome TEXT                  (how the game stands: `none` or the outcome's description)
//! perft DEPTH NODES             (move sequences of DEPTH turns from the position reached)
//! ```

mod common;

use tabula::engine::{MatchState, Position};

/// One named position: where it starts and the lines to run on it, in order.
#[derive(Default)]
struct Entry {
    name: String,
    position: Option<String>,
    steps: Vec<(String, String)>,
}

/// Moves separated by spaces; ` x CELL` (a removal appended to a walk) stays with its move.
fn move_words(rest: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut it = rest.split_whitespace();
    while let Some(w) = it.next() {
        match (w, out.last_mut()) {
            ("x", Some(last)) => {
                last.push_str(" x ");
                last.push_str(it.next().unwrap_or_default());
            }
            _ => out.push(w.to_string()),
        }
    }
    out
}

/// The description a positions file is about: `game PATH` before the first entry, if given.
fn game_path(stem: &str, text: &str) -> String {
    text.lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("=="))
        .find_map(|l| l.strip_prefix("game ").map(|p| p.trim().to_string()))
        .unwrap_or_else(|| format!("games/{stem}.game"))
}

fn entries(text: &str) -> Vec<Entry> {
    let mut out: Vec<Entry> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') || (out.is_empty() && line.starts_with("game "))
        {
            continue;
        }
        if let Some(name) = line.strip_prefix("==") {
            out.push(Entry {
                name: name.trim().to_string(),
                ..Entry::default()
            });
            continue;
        }
        let e = out
            .last_mut()
            .unwrap_or_else(|| panic!("line {}: data before the first `==`", n + 1));
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "position" => e.position = Some(rest.to_string()),
            "play" | "count" | "moves" | "includes" | "excludes" | "board" | "outcome"
            | "perft" => e.steps.push((key.to_string(), rest.to_string())),
            other => panic!("line {}: unknown key `{other}`", n + 1),
        }
    }
    out
}

fn run(game_name: &str, text: &str) -> String {
    let game = common::game(&game_path(game_name, text));
    let mut report = String::new();
    for e in entries(text) {
        let ctx = format!("{game_name} / {}", e.name);
        let start = match &e.position {
            Some(p) => Position::from_text(&game, p).unwrap_or_else(|err| panic!("{ctx}: {err}")),
            None => game.start(),
        };
        let mut state = MatchState::new(start);
        let mut played = Vec::new();
        let legal_now = |state: &MatchState| {
            if state.outcome().is_some() {
                Vec::new()
            } else {
                state.pos.legal_move_texts()
            }
        };
        for (key, rest) in &e.steps {
            let legal = legal_now(&state);
            match key.as_str() {
                "play" => {
                    for m in move_words(rest) {
                        let mv = state
                            .pos
                            .parse_move(&m)
                            .unwrap_or_else(|err| panic!("{ctx}: {err}"));
                        let text = state.pos.move_text(&mv);
                        let i = state
                            .moves()
                            .iter()
                            .position(|x| state.pos.move_text(x) == text)
                            .unwrap_or_else(|| panic!("{ctx}: `{m}` is not legal here"));
                        state.play_index(i);
                        played.push(m);
                    }
                }
                "perft" => {
                    let (d, n) = rest.split_once(' ').expect("perft DEPTH NODES");
                    let d: usize = d.parse().expect("depth");
                    let n: u64 = n.parse().expect("nodes");
                    let got = tabula::engine::perft(&state.pos, d, &mut |_| {})
                        .expect("within the move budget");
                    assert_eq!(got, n, "{ctx}: perft {d}");
                }
                "count" => {
                    let n: usize = rest.parse().expect("count");
                    assert_eq!(legal.len(), n, "{ctx}: legal moves {legal:?}");
                }
                "moves" => {
                    let mut want = move_words(rest);
                    want.sort();
                    assert_eq!(legal, want, "{ctx}");
                }
                "includes" => {
                    for m in move_words(rest) {
                        assert!(
                            legal.contains(&m),
                            "{ctx}: `{m}` should be legal; legal: {legal:?}"
                        );
                    }
                }
                "excludes" => {
                    for m in move_words(rest) {
                        assert!(!legal.contains(&m), "{ctx}: `{m}` should not be legal");
                    }
                }
                "board" => assert_eq!(state.pos.to_text(), *rest, "{ctx}: position"),
                "outcome" => {
                    let o = state
                        .outcome()
                        .map_or("none".to_string(), |o| o.describe(&game));
                    assert_eq!(o, *rest, "{ctx}: outcome");
                }
                _ => unreachable!("keys are checked when reading"),
            }
        }
        let pos = &state.pos;
        let legal = legal_now(&state);
        let outcome = state
            .outcome()
            .map_or("none".to_string(), |o| o.describe(&game));
        report.push_str(&format!("== {}\n", e.name));
        if !played.is_empty() {
            report.push_str(&format!("played: {}\n", played.join(" ")));
        }
        report.push_str(&format!("position: {}\n", pos.to_text()));
        report.push_str(&pos.render());
        report.push_str(&format!("outcome: {outcome}\n"));
        report.push_str(&format!("moves ({}): {}\n\n", legal.len(), legal.join(" ")));
    }
    report
}

#[test]
fn named_positions() {
    for f in common::files("tests/positions", "positions") {
        let stem = common::stem(&f);
        let text = std::fs::read_to_string(common::root(&f)).expect("positions file");
        let report = run(&stem, &text);
        common::in_snapshots(|| insta::assert_snapshot!(format!("positions-{stem}"), report));
    }
}
