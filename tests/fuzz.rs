//! Seeded fuzzing: mutated descriptions, position strings, game records and PGN/PDN games
//! must never make Tabula panic or hang.
//!
//! Every shipped description is mutated many times (lines dropped, doubled or swapped, words
//! and numbers replaced, characters inserted); each mutant must either be refused with
//! diagnostics that render, or compile into a game whose start position, legal moves, move
//! texts and a short random game all work. Position strings taken from random games are
//! mutated the same way and must be refused with a message or read into a working position.
//! Records and PGN/PDN texts of random games are mutated too and must be refused with a
//! message or replayed (the paths of `tabula replay`, `play --resume` and `/api/load`).
//!
//! Each case runs under a wall-time guard (`TABULA_FUZZ_CASE_SECONDS`, 30 by default): a
//! case that takes longer is reported with its input and the run fails. CI also runs this
//! file in the `fuzz` profile (`cargo test --profile fuzz --test fuzz`), with overflow checks
//! and debug assertions on.
//!
//! The default campaign takes a few seconds; `TABULA_FUZZ_CASES=N` runs N mutants per game
//! (and N position strings, records and PGN texts) instead, for a longer campaign. The seed
//! is fixed, so a failure names a mutant that can be replayed.

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tabula::engine::{Game, Move, Position};
use tabula::record::Record;
use tabula::rng::Rng;

/// A wall-time guard over a series of cases: a thread that watches the case under way and,
/// should one take longer than the limit, prints its input and ends the test process with a
/// failure (a hang cannot be caught like a panic).
struct Watchdog {
    case: Arc<Mutex<Option<(Instant, String)>>>,
}

impl Watchdog {
    fn new() -> Watchdog {
        let limit = Duration::from_secs(
            std::env::var("TABULA_FUZZ_CASE_SECONDS")
                .ok()
                .and_then(|n| n.parse().ok())
                .unwrap_or(30),
        );
        let case: Arc<Mutex<Option<(Instant, String)>>> = Arc::new(Mutex::new(None));
        let watched = Arc::downgrade(&case);
        std::thread::spawn(move || loop {
            std::thread::sleep(Duration::from_millis(200));
            let Some(case) = watched.upgrade() else {
                return;
            };
            let late = case
                .lock()
                .map(|c| {
                    c.as_ref()
                        .filter(|(start, _)| start.elapsed() > limit)
                        .map(|(_, what)| what.clone())
                })
                .unwrap_or(None);
            if let Some(what) = late {
                eprintln!("fuzz case took more than {limit:?} (a hang?): {what}");
                std::process::exit(101);
            }
        });
        Watchdog { case }
    }

    /// Runs one case, named `what` (with its input) should it hang.
    fn run<R>(&self, what: impl FnOnce() -> String, f: impl FnOnce() -> R) -> R {
        if let Ok(mut c) = self.case.lock() {
            *c = Some((Instant::now(), what()));
        }
        let r = f();
        if let Ok(mut c) = self.case.lock() {
            *c = None;
        }
        r
    }
}

fn cases() -> usize {
    std::env::var("TABULA_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(150)
}

/// Words a mutation may put in place of another: keywords, names and numbers of the language.
const WORDS: [&str; 40] = [
    "step",
    "slide",
    "jump",
    "walk",
    "place",
    "move",
    "leap",
    "to",
    "empty",
    "enemy",
    "any",
    "over",
    "repeatedly",
    "all",
    "forward",
    "far",
    "0",
    "1",
    "2",
    "9",
    "30",
    "255",
    "256",
    "4294967296",
    "royal",
    "native",
    "win",
    "lose",
    "draw",
    "pass",
    "{",
    "}",
    "drop",
    "custody",
    "confined",
    "screen",
    "capturing",
    "area",
    "against",
    "making",
];

/// One random change to a text made of lines and words.
fn mutate(text: &str, rng: &mut Rng) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    if lines.is_empty() {
        return "x".into();
    }
    let i = rng.below(lines.len());
    match rng.below(7) {
        0 => {
            lines.remove(i);
        }
        1 => {
            let l = lines[i].clone();
            lines.insert(i, l);
        }
        2 => {
            let j = rng.below(lines.len());
            lines.swap(i, j);
        }
        3 | 4 => {
            let mut words: Vec<String> = lines[i].split(' ').map(String::from).collect();
            let w = rng.below(words.len());
            words[w] = WORDS[rng.below(WORDS.len())].to_string();
            lines[i] = words.join(" ");
        }
        5 => {
            let line = &lines[i];
            let at = line
                .char_indices()
                .map(|(k, _)| k)
                .nth(rng.below(line.chars().count() + 1))
                .unwrap_or(line.len());
            let ch = [
                '{', '}', '(', ')', ',', '"', '/', '.', '-', '[', ']', '\'', '9', 'é',
            ];
            lines[i].insert(at, ch[rng.below(ch.len())]);
        }
        _ => {
            let j = rng.below(lines.len());
            let l = lines[j].clone();
            lines[i].push(' ');
            lines[i].push_str(&l);
        }
    }
    lines.join("\n") + "\n"
}

/// What a user can do with a compiled game, briefly: nothing of it may panic.
fn exercise(game: &Game, rng: &mut Rng) {
    let mut pos = game.start();
    let _ = pos.to_text();
    let _ = pos.render();
    let _ = game.summary();
    let mut moves: Vec<Move> = Vec::new();
    for _ in 0..12 {
        if pos.static_outcome().is_some() {
            break;
        }
        if pos.try_legal_moves(&mut moves).is_err() {
            break;
        }
        if moves.is_empty() {
            let _ = pos.no_move_outcome();
            break;
        }
        for m in moves.iter().take(50) {
            let text = pos.move_text(m);
            let _ = pos.parse_move(&text);
        }
        let m = &moves[rng.below(moves.len())];
        pos.play_unchecked(m);
    }
}

#[test]
fn mutated_descriptions_never_panic() {
    let mut rng = Rng::new(2026);
    let (mut compiled, mut refused) = (0, 0);
    let watchdog = Watchdog::new();
    for file in common::files("games", "game") {
        let source = std::fs::read_to_string(common::root(&file)).expect("shipped game");
        for case in 0..cases() {
            let mutant = mutate(&source, &mut rng);
            let what = || format!("{file}, mutant {case}:\n{mutant}");
            let outcome = watchdog.run(what, || {
                catch_unwind(AssertUnwindSafe(|| {
                    match tabula::compile_source(&mutant) {
                        Ok(game) => {
                            // Games whose moves are costly to test get a single position.
                            let mut local = Rng::new(case as u64);
                            if !game.legality_by_play {
                                exercise(&game, &mut local);
                            } else {
                                let mut moves = Vec::new();
                                let _ = game.start().try_legal_moves(&mut moves);
                            }
                            true
                        }
                        Err(ds) => {
                            assert!(!ds.is_empty());
                            let _ = tabula::diagnostic::render("mutant.game", &mutant, &ds);
                            false
                        }
                    }
                }))
            });
            match outcome {
                Ok(true) => compiled += 1,
                Ok(false) => refused += 1,
                Err(_) => panic!("{file}, mutant {case} panicked:\n{mutant}"),
            }
        }
    }
    // The mutations must reach both sides: descriptions that still compile and ones refused.
    assert!(
        compiled > 0 && refused > 0,
        "{compiled} compiled, {refused} refused"
    );
}

#[test]
fn mutated_position_strings_never_panic() {
    let mut rng = Rng::new(7);
    let (mut read, mut refused) = (0, 0);
    let watchdog = Watchdog::new();
    for file in common::files("games", "game") {
        let game = common::game(&file);
        // Position strings from a random game, then mutated.
        let mut texts = Vec::new();
        let mut pos = game.start();
        let mut moves = Vec::new();
        for _ in 0..8 {
            texts.push(pos.to_text());
            if pos.static_outcome().is_some() {
                break;
            }
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let m = &moves[rng.below(moves.len())];
            pos.play_unchecked(m);
        }
        for case in 0..cases() {
            let base = &texts[rng.below(texts.len())];
            let mutant = mutate_position(base, &mut rng);
            let what = || format!("{file}, position mutant {case}: {mutant}");
            let outcome = watchdog.run(what, || {
                catch_unwind(AssertUnwindSafe(|| {
                    match Position::from_text(&game, &mutant) {
                        Ok(p) => {
                            let mut moves = Vec::new();
                            if p.static_outcome().is_none() && p.try_legal_moves(&mut moves).is_ok()
                            {
                                for m in moves.iter().take(20) {
                                    let _ = p.move_text(m);
                                }
                            }
                            let _ = p.render();
                            true
                        }
                        Err(e) => {
                            assert!(!e.to_string().is_empty());
                            false
                        }
                    }
                }))
            });
            match outcome {
                Ok(true) => read += 1,
                Ok(false) => refused += 1,
                Err(_) => panic!("{file}, position mutant {case} panicked: {mutant}"),
            }
        }
    }
    assert!(read > 0 && refused > 0, "{read} read, {refused} refused");
}

/// One random change to a position string: a character replaced, inserted or removed, or a
/// field dropped or doubled.
fn mutate_position(text: &str, rng: &mut Rng) -> String {
    let chars: Vec<char> = text.chars().collect();
    let pool: Vec<char> = "0123456789/-[]'kKqQpPjJdDwWsScCmMxX abh".chars().collect();
    let i = rng.below(chars.len().max(1));
    let mut out: Vec<char> = chars.clone();
    match rng.below(5) {
        0 if !out.is_empty() => {
            out[i] = pool[rng.below(pool.len())];
        }
        1 => out.insert(i.min(out.len()), pool[rng.below(pool.len())]),
        2 if !out.is_empty() => {
            out.remove(i);
        }
        3 => {
            let fields: Vec<&str> = text.split(' ').collect();
            let drop = rng.below(fields.len());
            return fields
                .iter()
                .enumerate()
                .filter(|&(k, _)| k != drop)
                .map(|(_, f)| *f)
                .collect::<Vec<_>>()
                .join(" ");
        }
        _ => {
            let fields: Vec<&str> = text.split(' ').collect();
            let twice = fields[rng.below(fields.len())];
            return format!("{text} {twice}");
        }
    }
    out.into_iter().collect()
}

/// A random game of `game` (at most `plies` moves) as a record and, where the game can be
/// written so, as PGN and PDN texts.
fn random_texts(file: &str, game: &Game, seed: u64, plies: usize) -> Vec<(&'static str, String)> {
    let (moves, _, state) = common::random_game(game, seed, plies);
    let start = game.start();
    let mut record = Record::new(game, file, "", &start);
    record.moves = tabula::record::positions(&start, &moves)
        .zip(&moves)
        .map(|(pos, m)| pos.move_text(m))
        .collect();
    record.result = state.outcome().map(|o| o.describe(game));
    let mut texts = vec![("record", record.to_text())];
    for (name, format) in [
        ("pgn", tabula::pgn::Format::Pgn),
        ("pdn", tabula::pgn::Format::Pdn),
    ] {
        if format.unsupported(game).is_none() {
            let text =
                tabula::pgn::write_as(format, game, &start, &moves, ["A", "B"], state.outcome());
            texts.push((name, text));
        }
    }
    texts
}

/// Reads a (mutated) record or PGN/PDN text of `game` as `tabula replay` does and plays it
/// through: refused with a message, or replayed into positions that print.
fn replay_text(game: &Game, kind: &str, text: &str) -> bool {
    let played = match kind {
        "record" => {
            let names: Vec<String> = game.players.iter().map(|p| p.name.clone()).collect();
            match Record::parse(text, &names) {
                Ok(r) => r.replay(game).map(|rep| {
                    let _ = rep.end.outcome();
                    rep.positions().map(|p| p.to_text().len()).sum::<usize>()
                }),
                Err(e) => {
                    assert!(!e.is_empty());
                    return false;
                }
            }
            .map_err(|e| e.to_string())
        }
        _ => {
            let format = if kind == "pgn" {
                tabula::pgn::Format::Pgn
            } else {
                tabula::pgn::Format::Pdn
            };
            tabula::pgn::read_as(format, game, text)
                .map(|g| g.positions().map(|p| p.to_text().len()).sum::<usize>())
        }
    };
    match played {
        Ok(_) => true,
        Err(e) => {
            assert!(!e.is_empty());
            false
        }
    }
}

#[test]
fn mutated_records_and_pgn_never_panic() {
    let mut rng = Rng::new(27);
    let (mut replayed, mut refused) = (0, 0);
    let watchdog = Watchdog::new();
    for file in common::files("games", "game") {
        let game = common::game(&file);
        let plies = if game.legality_by_play { 12 } else { 40 };
        let texts = random_texts(&file, &game, 3, plies);
        for case in 0..cases() {
            let (kind, base) = &texts[rng.below(texts.len())];
            // One to three changes: a move's text, a line, a character, a number.
            let mut mutant = base.clone();
            for _ in 0..=rng.below(3) {
                mutant = if rng.below(3) == 0 {
                    mutate_position(&mutant, &mut rng)
                } else {
                    mutate(&mutant, &mut rng)
                };
            }
            let what = || format!("{file}, {kind} mutant {case}:\n{mutant}");
            let outcome = watchdog.run(what, || {
                catch_unwind(AssertUnwindSafe(|| replay_text(&game, kind, &mutant)))
            });
            match outcome {
                Ok(true) => replayed += 1,
                Ok(false) => refused += 1,
                Err(_) => panic!("{file}, {kind} mutant {case} panicked:\n{mutant}"),
            }
        }
    }
    assert!(
        replayed > 0 && refused > 0,
        "{replayed} replayed, {refused} refused"
    );
}
