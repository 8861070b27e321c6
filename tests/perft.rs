//! Perft against published counts. The data lives in tests/perft/NAME.perft (copied from the
//! published oracles) and runs against games/NAME.game; tests/perft/variants/NAME.perft (from
//! Fairy-Stockfish's perft suite) against games/variants/NAME.game. Entries above the node budget are
//! skipped so the suite stays fast; `TABULA_PERFT_BUDGET=200000000 cargo test --release
//! --test perft` runs deeper, `TABULA_PERFT_ONLY=variants/grand` only the files whose name holds
//! that text, and `tabula perft` runs any depth.

mod common;

use tabula::engine::{perft, Position};

struct Case {
    id: String,
    fen: Option<String>,
    depth: usize,
    nodes: u64,
}

fn cases(text: &str) -> Vec<Case> {
    let mut out = Vec::new();
    let (mut id, mut fen) = (String::from("startpos"), None);
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "id" => {
                id = rest.to_string();
                fen = None;
            }
            "fen" => fen = Some(rest.to_string()),
            "perft" => {
                let mut it = rest.split_whitespace();
                let depth = it.next().and_then(|d| d.parse().ok()).expect("perft depth");
                let nodes = it.next().and_then(|n| n.parse().ok()).expect("perft nodes");
                out.push(Case {
                    id: id.clone(),
                    fen: fen.clone(),
                    depth,
                    nodes,
                });
            }
            other => panic!("unknown perft line `{other}`"),
        }
    }
    out
}

fn budget() -> u64 {
    std::env::var("TABULA_PERFT_BUDGET")
        .ok()
        .and_then(|b| b.parse().ok())
        .unwrap_or(7_000_000)
}

fn run(name: &str) -> usize {
    let game = common::game(&format!("games/{name}.game"));
    let text = std::fs::read_to_string(common::root(&format!("tests/perft/{name}.perft")))
        .expect("perft data");
    let cases = cases(&text);
    assert!(!cases.is_empty(), "no perft cases for {name}");
    let mut ran = 0;
    for c in cases.iter().filter(|c| c.nodes <= budget()) {
        let pos = match &c.fen {
            Some(f) => Position::from_text(&game, f).unwrap_or_else(|e| panic!("{}: {e}", c.id)),
            None => game.start(),
        };
        let n = perft(&pos, c.depth, &mut |_| {}).expect("within the move budget");
        assert_eq!(n, c.nodes, "{name} {} perft {}", c.id, c.depth);
        ran += 1;
    }
    assert!(ran > 0, "{name}: no perft case within the budget");
    ran
}

/// Every tests/perft/NAME.perft runs against games/NAME.game (and tests/perft/variants/NAME.perft
/// against games/variants/NAME.game).
#[test]
fn published_counts() {
    let mut files: Vec<String> = common::files("tests/perft", "perft")
        .iter()
        .map(|f| common::stem(f))
        .collect();
    files.extend(
        common::files("tests/perft/variants", "perft")
            .iter()
            .map(|f| format!("variants/{}", common::stem(f))),
    );
    // `TABULA_PERFT_ONLY=variants/grand` runs the files whose name holds that text.
    let only = std::env::var("TABULA_PERFT_ONLY").ok();
    let ran: Vec<(String, usize)> = files
        .iter()
        .filter(|f| only.as_ref().is_none_or(|o| f.contains(o.as_str())))
        .map(|f| (f.clone(), run(f)))
        .collect();
    // The classic games prove the engine at depth: keep at least four entries each.
    for (name, n) in &ran {
        if [
            "chess",
            "breakthrough",
            "english-draughts",
            "international-draughts",
        ]
        .contains(&name.as_str())
        {
            assert!(*n >= 4, "{name}: only {n} perft cases within the budget");
        }
    }
    assert!(ran.len() >= 6 || only.is_some(), "perft files: {files:?}");
    assert!(!ran.is_empty(), "no perft file matches {only:?}");
    // Every chess variant ships with Fairy-Stockfish's counts, and every count file has a game.
    let variants = common::files("games/variants", "game");
    for v in &variants {
        let name = format!("variants/{}", common::stem(v));
        assert!(files.contains(&name), "{v} has no tests/perft/{name}.perft");
    }
}
