//! Seeded fuzzing: mutated descriptions and position strings must never make Tabula panic.
//!
//! Every shipped description is mutated many times (lines dropped, doubled or swapped, words
//! and numbers replaced, characters inserted); each mutant must either be refused with
//! diagnostics that render, or compile into a game whose start position, legal moves, move
//! texts and a short random game all work. Position strings taken from random games are
//! mutated the same way and must be refused with a message or read into a working position.
//!
//! The default campaign takes a few seconds; `TABULA_FUZZ_CASES=N` runs N mutants per game
//! (and N position strings) instead, for a longer campaign. The seed is fixed, so a failure
//! names a mutant that can be replayed.

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};
use tabula::engine::{Game, Move, Position};
use tabula::rng::Rng;

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
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            let _ = pos.no_move_outcome();
            break;
        }
        for m in moves.iter().take(50) {
            let text = pos.move_text(m);
            let _ = pos.parse_move(&text);
        }
        let m = moves[rng.below(moves.len())].clone();
        pos.play_unchecked(&m);
    }
}

#[test]
fn mutated_descriptions_never_panic() {
    let mut rng = Rng::new(2026);
    let (mut compiled, mut refused) = (0, 0);
    for file in common::files("games", "game") {
        let source = std::fs::read_to_string(common::root(&file)).expect("shipped game");
        for case in 0..cases() {
            let mutant = mutate(&source, &mut rng);
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                match tabula::compile_source(&mutant) {
                    Ok(game) => {
                        // Games whose moves are costly to test get a single position.
                        let mut local = Rng::new(case as u64);
                        if !game.legality_by_play {
                            exercise(&game, &mut local);
                        } else {
                            let mut moves = Vec::new();
                            game.start().legal_moves(&mut moves);
                        }
                        true
                    }
                    Err(ds) => {
                        assert!(!ds.is_empty());
                        let _ = tabula::diagnostic::render("mutant.game", &mutant, &ds);
                        false
                    }
                }
            }));
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
            let m = moves[rng.below(moves.len())].clone();
            pos.play_unchecked(&m);
        }
        for case in 0..cases() {
            let base = &texts[rng.below(texts.len())];
            let mutant = mutate_position(base, &mut rng);
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                match Position::from_text(&game, &mutant) {
                    Ok(p) => {
                        let mut moves = Vec::new();
                        if p.static_outcome().is_none() {
                            p.legal_moves(&mut moves);
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
            }));
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
