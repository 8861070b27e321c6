//! Go, beyond the published perft (which stops before the first capture): games/go9.game is
//! compared along seeded random games with a second, naive implementation written here from
//! the rules at the top of that file (liberties found by flood fill, no incremental state),
//! and named positions pin down captures, suicide, ko and scoring.

mod common;

use tabula::engine::{Game, Outcome, Position};
use tabula::rng::Rng;

const N: usize = 9;

/// A naive Go position: `b[y * N + x]` is 0 empty, 1 black, 2 white.
#[derive(Clone)]
struct NaiveGo {
    b: [u8; N * N],
    to_move: u8,
    ko: Option<usize>,
    passes: u32,
}

fn neighbours(c: usize) -> impl Iterator<Item = usize> {
    let (x, y) = ((c % N) as i32, (c / N) as i32);
    [(0, 1), (1, 0), (0, -1), (-1, 0)]
        .into_iter()
        .map(move |(dx, dy)| (x + dx, y + dy))
        .filter(|&(x, y)| (0..N as i32).contains(&x) && (0..N as i32).contains(&y))
        .map(|(x, y)| y as usize * N + x as usize)
}

fn name(c: usize) -> String {
    format!("{}{}", (b'a' + (c % N) as u8) as char, c / N + 1)
}

impl NaiveGo {
    fn new() -> NaiveGo {
        NaiveGo {
            b: [0; N * N],
            to_move: 1,
            ko: None,
            passes: 0,
        }
    }

    /// The group of the stone on `c` and whether it has a liberty, by flood fill.
    fn group(b: &[u8; N * N], c: usize) -> (Vec<usize>, bool) {
        let colour = b[c];
        let (mut seen, mut stack, mut free) = (vec![c], vec![c], false);
        while let Some(s) = stack.pop() {
            for t in neighbours(s) {
                if b[t] == 0 {
                    free = true;
                } else if b[t] == colour && !seen.contains(&t) {
                    seen.push(t);
                    stack.push(t);
                }
            }
        }
        (seen, free)
    }

    /// The board after placing on `c`, the stones taken, or `None` when illegal.
    fn place(&self, c: usize) -> Option<([u8; N * N], usize)> {
        if self.b[c] != 0 || self.ko == Some(c) {
            return None;
        }
        let mut b = self.b;
        b[c] = self.to_move;
        let enemy = 3 - self.to_move;
        let mut taken = 0;
        for t in neighbours(c) {
            if b[t] == enemy {
                let (stones, free) = Self::group(&b, t);
                if !free {
                    taken += stones.len();
                    for s in stones {
                        b[s] = 0;
                    }
                }
            }
        }
        let (_, free) = Self::group(&b, c);
        free.then_some((b, taken))
    }

    fn moves(&self) -> Vec<String> {
        let mut out: Vec<String> = (0..N * N)
            .filter(|&c| self.place(c).is_some())
            .map(name)
            .collect();
        out.push("pass".into());
        out.sort();
        out
    }

    fn play(&mut self, m: &str) {
        if m == "pass" {
            self.passes += 1;
            self.ko = None;
        } else {
            let c = (0..N * N).find(|&c| name(c) == m).expect("a point");
            let (b, taken) = self.place(c).expect("a legal placement");
            let before = self.b;
            self.b = b;
            self.passes = 0;
            // Ko: exactly one stone taken, and the new stone alone with one liberty (the
            // point it emptied).
            let (group, _) = Self::group(&self.b, c);
            let libs = neighbours(c).filter(|&t| self.b[t] == 0).count();
            self.ko = (taken == 1 && group.len() == 1 && libs == 1)
                .then(|| (0..N * N).find(|&t| before[t] != 0 && self.b[t] == 0 && t != c))
                .flatten();
        }
        self.to_move = 3 - self.to_move;
    }

    /// Stones plus the empty regions bordered by one colour only, per colour.
    fn area(&self) -> [usize; 2] {
        let mut score = [0; 2];
        let mut seen = [false; N * N];
        for c in 0..N * N {
            if self.b[c] != 0 {
                score[self.b[c] as usize - 1] += 1;
                continue;
            }
            if seen[c] {
                continue;
            }
            let (mut region, mut stack, mut borders) = (0, vec![c], [false; 2]);
            seen[c] = true;
            while let Some(s) = stack.pop() {
                region += 1;
                for t in neighbours(s) {
                    if self.b[t] != 0 {
                        borders[self.b[t] as usize - 1] = true;
                    } else if !seen[t] {
                        seen[t] = true;
                        stack.push(t);
                    }
                }
            }
            match borders {
                [true, false] => score[0] += region,
                [false, true] => score[1] += region,
                _ => {}
            }
        }
        score
    }

    /// The board as the engine's position string writes it (ranks from the top).
    fn board_text(&self) -> String {
        let mut rows = Vec::new();
        for y in (0..N).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for x in 0..N {
                match self.b[y * N + x] {
                    0 => empty += 1,
                    s => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(if s == 1 { 'S' } else { 's' });
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        rows.join("/")
    }
}

fn go9() -> Game {
    common::game("games/go9.game")
}

#[test]
fn random_games_agree_with_a_naive_implementation() {
    let game = go9();
    let mut rng = Rng::new(0x60);
    let (mut plies, mut captures, mut kos, mut scored) = (0, 0, 0, 0);
    for _ in 0..60 {
        let mut pos = game.start();
        let mut naive = NaiveGo::new();
        loop {
            if let Some(outcome) = pos.static_outcome() {
                // Two passes: the scores decide (7.5 komi for White).
                assert_eq!(naive.passes, 2);
                let [b, w] = naive.area();
                let white_wins = 2 * w + 15 > 2 * b;
                match outcome {
                    Outcome::Win { player, .. } => assert_eq!(player, usize::from(white_wins)),
                    Outcome::Draw { .. } => panic!("komi 7.5 leaves no draw"),
                }
                scored += 1;
                break;
            }
            if pos.ply() >= 400 {
                break;
            }
            let text = pos.to_text();
            assert!(text.starts_with(&naive.board_text()), "{text}");
            assert_eq!(pos.hash(), pos.compute_hash(), "{text}");
            let moves = pos.legal_move_texts();
            assert_eq!(moves, naive.moves(), "{text}");
            kos += usize::from(naive.ko.is_some());
            let pick = &moves[rng.below(moves.len())];
            let before = naive.b.iter().filter(|&&s| s != 0).count();
            let m = pos.parse_move(pick).expect("legal");
            pos.play_unchecked(&m);
            naive.play(pick);
            let after = naive.b.iter().filter(|&&s| s != 0).count();
            captures += usize::from(after + usize::from(pick != "pass") < before + 1);
            plies += 1;
        }
    }
    // The games went deep: captures, kos and scored ends were all compared.
    assert!(plies > 5_000, "{plies}");
    assert!(captures > 100, "{captures}");
    assert!(kos > 5, "{kos}");
    assert!(scored > 30, "{scored}");
}

/// The legal placements in a position, without passes.
fn placements(game: &Game, position: &str) -> Vec<String> {
    let pos = Position::from_text(game, position).expect("a position");
    pos.legal_move_texts()
        .into_iter()
        .filter(|m| m != "pass")
        .collect()
}

#[test]
fn a_placement_takes_groups_left_without_liberties() {
    let game = go9();
    // Two white stones on a1 b1 under black a2 b2; black c1 takes both.
    let pos = Position::from_text(&game, "9/9/9/9/9/9/9/SS7/ss7 b -").expect("position");
    let mut after = pos.clone();
    after.play_unchecked(&pos.parse_move("c1").expect("legal"));
    assert_eq!(
        after.to_text().split(' ').next(),
        Some("9/9/9/9/9/9/9/SS7/2S6")
    );
}

#[test]
fn suicide_is_illegal_unless_it_takes() {
    let game = go9();
    // a1 is surrounded by black on a2 and b1: white may not play there...
    assert!(!placements(&game, "9/9/9/9/9/9/9/S8/1S7 w -").contains(&"a1".to_string()));
    // ...but black may (its own group keeps liberties).
    assert!(placements(&game, "9/9/9/9/9/9/9/S8/1S7 b -").contains(&"a1".to_string()));
    // White a1 is legal when it takes: black b1 has its last liberty there.
    assert!(placements(&game, "9/9/9/9/9/9/9/Ss7/1Ss6 w -").contains(&"a1".to_string()));
}

#[test]
fn simple_ko_forbids_the_immediate_retake() {
    let game = go9();
    // Black a1, b2, c1; White c2, d1. The black stone on c1 has one liberty, b1.
    let pos = Position::from_text(&game, "9/9/9/9/9/9/9/1Ss6/S1Ss5 w -").expect("position");
    let mut after = pos.clone();
    // White b1 takes it and stands alone with one liberty, c1: a ko.
    after.play_unchecked(&pos.parse_move("b1").expect("legal"));
    assert_eq!(
        after.to_text().split(' ').next(),
        Some("9/9/9/9/9/9/9/1Ss6/Ss1s5")
    );
    // The position string carries the ko cell, and black may not take back on c1 at once...
    assert_eq!(after.to_text().split(' ').nth(2), Some("c1"));
    assert!(!after.legal_move_texts().contains(&"c1".to_string()));
    // ...but after an exchange elsewhere it may, and takes the white stone on b1.
    let mut later = after.clone();
    for m in ["i9", "h9", "c1"] {
        let mv = later.parse_move(m).expect("legal");
        later.play_unchecked(&mv);
    }
    assert_eq!(
        later.to_text().split(' ').next(),
        Some("7sS/9/9/9/9/9/9/1Ss6/S1Ss5")
    );
}

#[test]
fn two_passes_end_the_game_by_area_and_komi() {
    let game = go9();
    // Black owns the left five files, White the right four: 45 to 36 + 7.5, Black wins.
    let mut pos = Position::from_text(&game, "4Ss3/4Ss3/4Ss3/4Ss3/4Ss3/4Ss3/4Ss3/4Ss3/4Ss3 b -")
        .expect("pos");
    for m in ["pass", "pass"] {
        let mv = pos.parse_move(m).expect("legal");
        pos.play_unchecked(&mv);
    }
    match pos.static_outcome() {
        Some(Outcome::Win { player: 0, reason }) => assert!(reason.ends_with("area 45 to 43.5")),
        other => panic!("{other:?}"),
    }
    // Black owns four files only: 36 to 45 + 7.5.
    let mut pos = Position::from_text(&game, "3Ss4/3Ss4/3Ss4/3Ss4/3Ss4/3Ss4/3Ss4/3Ss4/3Ss4 b -")
        .expect("pos");
    for m in ["pass", "pass"] {
        let mv = pos.parse_move(m).expect("legal");
        pos.play_unchecked(&mv);
    }
    match pos.static_outcome() {
        Some(Outcome::Win { player: 1, reason }) => assert!(reason.ends_with("area 36 to 52.5")),
        other => panic!("{other:?}"),
    }
}

/// Random playouts draw a placement by testing cells in random order instead of listing the
/// moves: every legal move (the pass included) must come out equally often, also where most
/// cells are taken or illegal (White's eyes are suicide for Black) and a ko is on.
#[test]
fn random_moves_are_uniform() {
    use std::collections::HashMap;
    let game = go9();
    let cases = [
        "s1s1s1s1s/sssssssss/s1sssss1s/sssssssss/sssssssss/sssssssss/sssssssss/SSSSSSSSS/1S1S1S1S1 b -",
        "9/9/9/9/9/9/9/1Ss6/Ss1s5 b c1",
    ];
    for text in cases {
        let pos = Position::from_text(&game, text).expect("position");
        let legal = pos.legal_move_texts();
        let per_move = 400;
        let mut rng = Rng::new(5);
        let (mut buf, mut scratch) = (Vec::new(), tabula::engine::Scratch::new(&pos));
        let mut seen: HashMap<String, usize> = HashMap::new();
        for _ in 0..per_move * legal.len() {
            let m = pos
                .random_legal_move(&mut rng, &mut buf, &mut scratch)
                .expect("a move");
            *seen.entry(pos.move_text(&m)).or_default() += 1;
        }
        let mut drawn: Vec<String> = seen.keys().cloned().collect();
        drawn.sort();
        assert_eq!(drawn, legal, "{text}");
        for (m, n) in &seen {
            // About five standard deviations either way.
            assert!(
                n.abs_diff(per_move) < per_move / 4,
                "{text}: {m} drawn {n} times, expected about {per_move}"
            );
        }
    }
}
