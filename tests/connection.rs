//! Connection games against OpenSpiel: random games of its `havannah` (base 4 and 8, and base 4
//! with `swap=True`) and `y` (sides 7 and 19) replayed move by move in games/havannah4.game,
//! games/havannah.game, games/y.game, games/y19.game and tests/language/havannah4-swap.game. Before every move OpenSpiel's legal moves must be
//! Tabula's, after the last one neither may have a move left, and the result must agree.
//! The data is written by tests/connection/openspiel_connection.py; the perft counts (from
//! the start and from positions a few moves before the end of random games) are in
//! tests/perft/NAME.perft.

mod common;

use std::collections::HashMap;
use tabula::engine::{Game, MatchState, Outcome};

/// A hexadecimal mask (the first cell the lowest bit) as the names of its cells in `cells`,
/// with `swap` where it ends in `+swap`.
fn named(mask: &str, cells: &[String]) -> Vec<String> {
    let (mask, swap) = match mask.strip_suffix("+swap") {
        Some(m) => (m, true),
        None => (mask, false),
    };
    let mut out = Vec::new();
    if swap {
        out.push("swap".to_string());
    }
    for (i, ch) in mask.chars().rev().enumerate() {
        let v = ch.to_digit(16).expect("a hexadecimal digit");
        for b in 0..4 {
            if v >> b & 1 == 1 {
                out.push(cells[i * 4 + b].clone());
            }
        }
    }
    out.sort();
    out
}

fn legal(state: &MatchState) -> Vec<String> {
    let mut out: Vec<String> = state
        .moves()
        .iter()
        .map(|m| state.pos.move_text(m))
        .collect();
    out.sort();
    out
}

/// OpenSpiel's returns for an outcome, and the end rule that decided it.
fn returns(o: &Outcome) -> (&'static str, String) {
    match o {
        Outcome::Win { player: 0, reason } => ("1 -1", reason.clone()),
        Outcome::Win { reason, .. } => ("-1 1", reason.clone()),
        Outcome::Draw { reason } => ("0 0", reason.clone()),
    }
}

#[test]
fn havannah_and_y_replay_openspiel_games() {
    let data =
        std::fs::read_to_string(common::root("tests/connection/games.openspiel")).expect("data");
    // Each game's description, and OpenSpiel's cells in the order of its masks.
    let mut games: HashMap<String, Game> = HashMap::new();
    let mut cells: HashMap<String, Vec<String>> = HashMap::new();
    for line in data.lines() {
        if let Some(rest) = line.strip_prefix("cells ") {
            let mut it = rest.split(' ');
            let name = it.next().expect("a game").to_string();
            let path = it.next().expect("a description");
            cells.insert(name.clone(), it.map(str::to_string).collect());
            games.insert(name.clone(), common::game(path));
        }
    }
    // Per game file: games replayed, moves compared, and how the games were won.
    let mut replayed: HashMap<String, (usize, usize)> = HashMap::new();
    let mut endings: HashMap<String, usize> = HashMap::new();
    let mut current: Option<(String, MatchState)> = None;
    for (i, line) in data.lines().enumerate() {
        let at = format!("games.openspiel:{}", i + 1);
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let (key, rest) = line.split_once(' ').expect("a key and its data");
        match key {
            "cells" => {}
            "game" => {
                let name = rest.split(' ').next().expect("a game").to_string();
                current = Some((name.clone(), MatchState::new(games[&name].start())));
            }
            "over" => {
                let (name, st) = current.as_ref().expect("a game first");
                assert_eq!(named(rest, &cells[name]), Vec::<String>::new(), "{at}");
                assert!(legal(st).is_empty(), "{at}: Tabula still has moves");
            }
            "result" => {
                let (name, st) = current.take().expect("a game first");
                let o = st
                    .outcome()
                    .unwrap_or_else(|| panic!("{at}: the game is not over"));
                let (r, reason) = returns(o);
                assert_eq!(r, rest, "{at}: the result ({reason})");
                *endings.entry(format!("{name}: {reason}")).or_default() += 1;
                replayed.entry(name).or_default().0 += 1;
            }
            mv => {
                let (name, st) = current.as_mut().expect("a game first");
                assert!(st.outcome().is_none(), "{at}: the game is already over");
                assert_eq!(
                    legal(st),
                    named(rest, &cells[name.as_str()]),
                    "{at}: legal moves"
                );
                st.play_text(mv)
                    .unwrap_or_else(|e| panic!("{at}: `{mv}`: {e}"));
                replayed.entry(name.clone()).or_default().1 += 1;
            }
        }
    }
    let mut tally: Vec<_> = endings.iter().collect();
    tally.sort();
    for (how, n) in tally {
        println!("{n:4} {how}");
    }
    let count = |name: &str| replayed.get(name).copied().unwrap_or_default();
    assert_eq!(count("havannah4").0, 300);
    assert_eq!(count("y").0, 300);
    assert_eq!(count("havannah").0, 12);
    assert_eq!(count("y19").0, 6);
    assert_eq!(count("havannah4-swap").0, 100);
    // Every kind of win occurs in the replayed games.
    for (game, goal) in [
        ("havannah4", "form a ring"),
        ("havannah4", "connect two corners"),
        ("havannah4", "connect three sides, not counting corners"),
        ("havannah", "form a ring"),
        ("y", "connect three sides"),
        ("y19", "connect three sides"),
    ] {
        let n: usize = endings
            .iter()
            .filter(|(k, _)| k.starts_with(&format!("{game}: ")) && k.ends_with(goal))
            .map(|(_, n)| n)
            .sum();
        assert!(
            n >= 5,
            "{game}: only {n} games won by `{goal}`: {endings:?}"
        );
    }
}
