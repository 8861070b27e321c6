//! Reproducers of rule constructs that once did less than documented (issue 27), kept as
//! regression tests. Each `tests/repro/NAME.game` is a description whose comment lines starting
//! `// KEY:` say what must hold; a `tests/repro/NAME.cases` file holds the same lines for a
//! shipped game named by `// game: PATH`. Lines run in order, each on the position reached so
//! far:
//! ```text
//! // position: STRING        the position to start from (default: the start position)
//! // play: MOVE ...          moves played from there, in notation
//! // moves: MOVE ...         the exact legal moves (none when empty)
//! // includes: MOVE ...      moves that must be legal
//! // excludes: MOVE ...      moves that must not be legal
//! // board: STRING           the position string reached
//! // perft: DEPTH NODES      move sequences of DEPTH turns from the position reached
//! // draws: N                N random legal moves drawn (one seed each) are all listed
//! // playouts: N             N random games: every move played is listed, and the quiet
//! //                         playout (bitboard kernels) ends them the same way
//! // refused: STRING => MESSAGE   the position string is refused with this message
//! ```

mod common;

use tabula::engine::{Game, MatchState, Playout, Position, Scratch};
use tabula::rng::Rng;

/// The `// KEY: REST` lines of a file, with their line numbers.
fn directives(text: &str) -> Vec<(usize, String, String)> {
    const KEYS: [&str; 11] = [
        "game", "position", "play", "moves", "includes", "excludes", "board", "perft", "draws",
        "playouts", "refused",
    ];
    text.lines()
        .enumerate()
        .filter_map(|(n, line)| {
            let (key, rest) = line.strip_prefix("// ")?.split_once(':')?;
            KEYS.contains(&key)
                .then(|| (n + 1, key.to_string(), rest.trim().to_string()))
        })
        .collect()
}

/// Moves separated by spaces, in order; ` x CELL` (a removal appended to a walk) stays with
/// its move.
fn move_list(rest: &str) -> Vec<String> {
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

/// [`move_list`], sorted as legal move lists are.
fn words(rest: &str) -> Vec<String> {
    let mut out = move_list(rest);
    out.sort();
    out
}

/// Whether `m` is among the legal moves of `pos`, compared by notation.
fn listed(pos: &Position, m: &tabula::engine::Move) -> bool {
    pos.legal_move_texts().contains(&pos.move_text(m))
}

fn run_checks(game: &Game, file: &str, checks: &[(usize, String, String)]) {
    let mut state = MatchState::new(game.start());
    for (line, key, rest) in checks {
        let ctx = format!("{file}:{line}");
        let legal = state.pos.legal_move_texts();
        match key.as_str() {
            "game" => {}
            "position" => {
                let pos = Position::from_text(game, rest).unwrap_or_else(|e| panic!("{ctx}: {e}"));
                state = MatchState::new(pos);
            }
            "play" => {
                for m in move_list(rest) {
                    state
                        .play_text(&m)
                        .unwrap_or_else(|e| panic!("{ctx}: `{m}`: {e}"));
                }
            }
            "moves" => assert_eq!(legal, words(rest), "{ctx}: legal moves"),
            "includes" => {
                for m in words(rest) {
                    assert!(
                        legal.contains(&m),
                        "{ctx}: `{m}` should be legal: {legal:?}"
                    );
                }
            }
            "excludes" => {
                for m in words(rest) {
                    assert!(!legal.contains(&m), "{ctx}: `{m}` should not be legal");
                }
            }
            "board" => assert_eq!(state.pos.to_text(), *rest, "{ctx}: position"),
            "perft" => {
                let (d, n) = rest.split_once(' ').expect("perft DEPTH NODES");
                let d: usize = d.parse().expect("depth");
                let n: u64 = n.trim().parse().expect("nodes");
                let got = tabula::engine::perft(&state.pos, d, &mut |_| {})
                    .expect("within the move budget");
                assert_eq!(got, n, "{ctx}: perft {d}");
            }
            "draws" => {
                let n: u64 = rest.parse().expect("draws N");
                let mut buf = Vec::new();
                let mut scratch = Scratch::new(&state.pos);
                for seed in 0..n {
                    let mut rng = Rng::new(seed);
                    let m = state
                        .pos
                        .random_legal_move(&mut rng, &mut buf, &mut scratch);
                    if let Some(m) = m {
                        let text = state.pos.move_text(&m);
                        assert!(listed(&state.pos, &m), "{ctx}: drew `{text}`, not listed");
                    } else {
                        assert!(legal.is_empty(), "{ctx}: drew nothing from {legal:?}");
                    }
                }
            }
            "playouts" => {
                let n: u64 = rest.parse().expect("playouts N");
                let mut playout = Playout::new(state.pos.clone());
                playout.max_plies = 200;
                for seed in 0..n {
                    let mut unlisted = None;
                    let played = playout.run(&mut Rng::new(seed), &mut |pos, m| {
                        if unlisted.is_none() && !listed(pos, m) {
                            unlisted = Some(format!("{} in {}", pos.move_text(m), pos.to_text()));
                        }
                    });
                    assert_eq!(unlisted, None, "{ctx}: seed {seed} played an unlisted move");
                    let quiet = playout.run_quiet(&mut Rng::new(seed));
                    assert_eq!(
                        (quiet.plies, quiet.outcome.describe(game)),
                        (played.plies, played.outcome.describe(game)),
                        "{ctx}: seed {seed}: the quiet playout ends differently"
                    );
                }
            }
            "refused" => {
                let (pos, message) = rest.split_once(" => ").expect("refused: STRING => MESSAGE");
                match Position::from_text(game, pos) {
                    Ok(p) => panic!("{ctx}: accepted as {}", p.to_text()),
                    Err(e) => assert_eq!(e.to_string(), message, "{ctx}"),
                }
            }
            _ => unreachable!("keys are filtered when read"),
        }
    }
}

#[test]
fn reproducers_hold() {
    let mut files: Vec<String> = std::fs::read_dir(common::root("tests/repro"))
        .expect("tests/repro")
        .map(|e| {
            e.expect("directory entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|n| n.ends_with(".game") || n.ends_with(".cases"))
        .map(|n| format!("tests/repro/{n}"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no reproducers in tests/repro");
    for file in files {
        let text = std::fs::read_to_string(common::root(&file)).expect("a readable file");
        let checks = directives(&text);
        assert!(
            checks.iter().any(|(_, k, _)| k != "game"),
            "{file}: no `// KEY:` check"
        );
        let game = match checks.iter().find(|(_, k, _)| k == "game") {
            Some((_, _, path)) => common::game(path),
            None => tabula::compile_source(&text).unwrap_or_else(|d| {
                panic!(
                    "{file} does not compile:\n{}",
                    tabula::diagnostic::render(&file, &text, &d)
                )
            }),
        };
        run_checks(&game, &file, &checks);
    }
}
