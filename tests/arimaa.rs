//! Arimaa (games/arimaa.game) against a second implementation written here from the rules
//! alone (arimaa.com's rules of play), sharing nothing with the engine: a board of 64 bytes,
//! turns found by trying every order of steps and kept as the set of boards they reach.
//! Every turn (as the board it leaves) must agree from the start, from positions with frozen
//! pieces, pieces on and next to traps, pushes, pulls and rabbits one step from their goal, and
//! along seeded random games; perft to depth 2 from positions of few pieces.

use std::collections::{HashMap, HashSet};
use tabula::engine::{perft, Position};

mod common;

/// A piece: 0 empty, else side * 8 + rank (rabbit 1, cat 2, dog 3, horse 4, camel 5, elephant
/// 6; gold is side 0 and moves north).
type Board = [u8; 64];

const TRAPS: [usize; 4] = [18, 21, 42, 45];

fn side(p: u8) -> u8 {
    p >> 3
}

fn rank(p: u8) -> u8 {
    p & 7
}

fn around(i: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / 8, i % 8);
    [
        (r < 7).then(|| i + 8),
        (r > 0).then(|| i - 8),
        (c < 7).then(|| i + 1),
        (c > 0).then(|| i - 1),
    ]
    .into_iter()
    .flatten()
}

fn has_friend(b: &Board, i: usize) -> bool {
    around(i).any(|j| b[j] != 0 && side(b[j]) == side(b[i]))
}

fn frozen(b: &Board, i: usize) -> bool {
    around(i).any(|j| b[j] != 0 && side(b[j]) != side(b[i]) && rank(b[j]) > rank(b[i]))
        && !has_friend(b, i)
}

/// One step, then every piece on a trap without a friend beside it is taken.
fn step(b: &Board, from: usize, to: usize) -> Board {
    let mut n = *b;
    n[to] = n[from];
    n[from] = 0;
    for t in TRAPS {
        if n[t] != 0 && !has_friend(&n, t) {
            n[t] = 0;
        }
    }
    n
}

/// Every board one action (a step, a push or a pull) of `me` reaches, with the steps it costs.
fn actions(b: &Board, me: u8, left: u8) -> Vec<(Board, u8)> {
    let mut out = Vec::new();
    for i in 0..64 {
        let p = b[i];
        if p == 0 || side(p) != me || frozen(b, i) {
            continue;
        }
        for j in around(i) {
            if b[j] == 0 {
                // Rabbits never step back toward their own side.
                let back = if me == 0 { j + 8 == i } else { j == i + 8 };
                if !(rank(p) == 1 && back) {
                    out.push((step(b, i, j), 1));
                }
            }
        }
        if left < 2 {
            continue;
        }
        for j in around(i) {
            let e = b[j];
            if e == 0 || side(e) == me || rank(e) >= rank(p) {
                continue;
            }
            // Push: the enemy to a free square beside it, then this piece into its square.
            for k in around(j) {
                if b[k] == 0 {
                    out.push((step(&step(b, j, k), i, j), 2));
                }
            }
            // Pull: this piece to a free square, then the enemy into the square it left.
            for k in around(i) {
                if b[k] == 0 {
                    out.push((step(&step(b, i, k), j, i), 2));
                }
            }
        }
    }
    out
}

/// The distinct boards a whole turn of `me` (one to four steps) can leave, the start excluded.
fn turns(b: &Board, me: u8) -> HashSet<Board> {
    let mut found = HashSet::new();
    let mut best: HashMap<Board, u8> = HashMap::new();
    let mut todo = vec![(*b, 4u8)];
    while let Some((pos, left)) = todo.pop() {
        for (next, cost) in actions(&pos, me, left) {
            let rest = left - cost;
            if best.get(&next).is_some_and(|&r| r >= rest) {
                continue;
            }
            best.insert(next, rest);
            if next != *b {
                found.insert(next);
            }
            if rest > 0 {
                todo.push((next, rest));
            }
        }
    }
    found
}

/// A rabbit on its goal rank, or a side without rabbits.
fn over(b: &Board) -> bool {
    let goal = (0..8).any(|c| b[56 + c] == 1) || (0..8).any(|c| b[c] == 9);
    let rabbits = |s: u8| b.iter().any(|&p| p == s * 8 + 1);
    goal || !rabbits(0) || !rabbits(1)
}

fn reference_perft(b: &Board, me: u8, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if over(b) {
        return 0;
    }
    let next = turns(b, me);
    if depth == 1 {
        return next.len() as u64;
    }
    next.iter()
        .map(|n| reference_perft(n, 1 - me, depth - 1))
        .sum()
}

/// The board of a position string's first field (ranks 8 to 1) and the side to move.
fn board_of(text: &str) -> (Board, u8) {
    let mut b = [0u8; 64];
    let mut fields = text.split(' ');
    for (k, row) in fields.next().unwrap().split('/').enumerate() {
        let r = 7 - k;
        let mut c = 0;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                c += d as usize;
                continue;
            }
            let rk = "RCDHME".find(ch.to_ascii_uppercase()).unwrap() as u8 + 1;
            b[r * 8 + c] = if ch.is_ascii_uppercase() { rk } else { 8 + rk };
            c += 1;
        }
    }
    let me = u8::from(fields.next() != Some("g"));
    (b, me)
}

const POSITIONS: [&str; 3] = [
    "rrrrrrrr/cdhemhdc/8/8/8/8/CDHEMHDC/RRRRRRRR g 0 1",
    // Frozen pieces, pieces on traps with a friend beside them, pushes and pulls both ways.
    "r1r2r1r/1d1e1m2/1c1E1h2/2R1D3/1r2H1c1/2M3d1/R1C2R2/4R3 g 0 1",
    // Rabbits one step from their goal, a lone elephant by a trap, silver to move.
    "8/R1e5/1r2HM2/3d4/2E2c2/8/1r6/7R s 0 1",
];

/// Few pieces, so that depth 2 stays quick: pushes and pulls onto and off traps, a frozen
/// rabbit, a rabbit that may be pushed back.
const SPARSE: [&str; 2] = [
    "8/3r4/1c1r4/2E5/4d3/5R2/5R2/8 g 0 1",
    "8/2r5/1R1m4/8/2h5/2D1r3/8/8 s 0 1",
];

/// The boards Tabula's legal turns reach from `pos`, each once (a repeated board fails).
fn our_turns(pos: &Position) -> HashSet<Board> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut boards = HashSet::new();
    for m in &moves {
        let mut next = pos.clone();
        next.play_unchecked(m);
        let text = next.to_text();
        assert!(
            boards.insert(board_of(&text).0),
            "two turns reach {text} from {}",
            pos.to_text()
        );
    }
    boards
}

fn agree(pos: &Position) {
    let text = pos.to_text();
    let (b, me) = board_of(&text);
    let ours = our_turns(pos);
    let theirs = turns(&b, me);
    let missing = theirs.difference(&ours).count();
    let extra = ours.difference(&theirs).count();
    assert!(
        missing == 0 && extra == 0,
        "from {text}: {missing} turns missing, {extra} too many (of {})",
        theirs.len()
    );
}

#[test]
fn every_turn_agrees_with_a_second_implementation() {
    let game = common::game("games/arimaa.game");
    for text in POSITIONS.iter().chain(&SPARSE) {
        agree(&Position::from_text(&game, text).expect("a position"));
    }
}

#[test]
fn every_turn_agrees_along_random_games() {
    let game = common::game("games/arimaa.game");
    let mut seen = 0;
    for seed in 1..=2 {
        let (_, positions, _) = common::random_game(&game, seed, 30);
        for text in &positions {
            let pos = Position::from_text(&game, text).expect("a position");
            if !pos.is_over() {
                agree(&pos);
                seen += 1;
            }
        }
    }
    assert!(seen > 40, "{seen} positions");
}

#[test]
fn perft_agrees_with_a_second_implementation() {
    let game = common::game("games/arimaa.game");
    let depth_of = |text: &str| if SPARSE.contains(&text) { 2 } else { 1 };
    for text in POSITIONS.iter().chain(&SPARSE) {
        let pos = Position::from_text(&game, text).expect("a position");
        let (b, me) = board_of(text);
        for depth in 1..=depth_of(text) {
            let ours = perft(&pos, depth, &mut |_| {}).expect("within the move limit");
            let theirs = reference_perft(&b, me, depth as u32);
            assert_eq!(ours, theirs, "perft {depth} from {text}");
        }
    }
}

/// The second implementation's turns in a played game: those of [`turns`] but the boards that
/// already stood twice with the opponent to move (`history`: each board with its player to
/// move, from the first position on). The official rule: a turn may not bring about the same
/// position, the same player to move, for the third time.
fn turns_in_game(b: &Board, me: u8, history: &[(Board, u8)]) -> HashSet<Board> {
    let mut out = turns(b, me);
    out.retain(|n| history.iter().filter(|&&h| h == (*n, 1 - me)).count() < 2);
    out
}

/// The boards the legal moves of a game in progress reach.
fn state_turns(state: &tabula::engine::MatchState) -> HashSet<Board> {
    state
        .moves()
        .iter()
        .map(|m| {
            let mut next = state.pos.clone();
            next.play_unchecked(m);
            board_of(&next.to_text()).0
        })
        .collect()
}

/// Elephants walk back and forth: the start comes back twice, and silver's turn that would
/// bring it a third time is no longer legal (the move list from the position alone still has
/// it, as perft does); every other turn stays. At every position on the way the legal turns
/// are the second implementation's, given the same history.
#[test]
fn a_turn_may_not_repeat_a_position_for_the_third_time() {
    let game = common::game("games/arimaa.game");
    let start = "8/7e/8/8/8/8/r7/E6R g 0 1";
    let mut state = tabula::engine::MatchState::new(Position::from_text(&game, start).unwrap());
    let mut history = vec![board_of(start)];
    for m in ["Ea1e", "eh7s", "Eb1w", "eh6n", "Ea1e", "eh7s", "Eb1w"] {
        let (b, me) = board_of(&state.pos.to_text());
        assert_eq!(
            state_turns(&state),
            turns_in_game(&b, me, &history),
            "before {m}"
        );
        state.play_text(m).expect("a legal turn");
        history.push(board_of(&state.pos.to_text()));
    }
    let (b, me) = board_of(&state.pos.to_text());
    assert_eq!(state_turns(&state), turns_in_game(&b, me, &history));
    let legal = state.moves().len();
    let mut listed = Vec::new();
    state.pos.legal_moves(&mut listed);
    assert_eq!((legal, listed.len()), (18, 19), "one turn, eh6n, forbidden");
    let back = state
        .pos
        .parse_move("eh6n")
        .expect("listed from the position alone");
    assert!(!state.moves().iter().any(|m| m.same_as(&back)));
    assert!(state.play_text("eh6n").is_err());
    assert_eq!(
        perft(&state.pos, 1, &mut |_| {}).unwrap(),
        19,
        "perft has no history"
    );
}

/// The official order of the end checks after gold's or silver's turn (`mover`): (a) a
/// rabbit of the mover's on its goal, the mover wins; (b) one of the opponent's, the opponent
/// wins; (c) the opponent has no rabbits, the mover wins; (d) the mover has none, the opponent
/// wins. The winner, if one of these decides.
fn reference_winner(b: &Board, mover: u8) -> Option<u8> {
    let on_goal = |s: u8| {
        let row = if s == 0 { 56 } else { 0 };
        (0..8).any(|c| b[row + c] == s * 8 + 1)
    };
    let rabbits = |s: u8| b.iter().any(|&p| p == s * 8 + 1);
    let other = 1 - mover;
    if on_goal(mover) {
        Some(mover)
    } else if on_goal(other) {
        Some(other)
    } else if !rabbits(other) {
        Some(mover)
    } else if !rabbits(mover) {
        Some(other)
    } else {
        None
    }
}

/// A turn whose traps take both players' last rabbits wins for the mover: gold's cat leaves
/// c3, where gold's last rabbit falls, and gold's elephant pushes silver's last rabbit onto
/// f3. Played by either side (the board turned round for silver), as the second
/// implementation reads the official order of the end checks.
#[test]
fn a_turn_that_takes_both_last_rabbits_wins_for_the_mover() {
    let game = common::game("games/arimaa.game");
    for (start, turn, mover) in [
        (
            "7m/8/8/5E2/2C2r2/2R5/8/8 g 0 1",
            "Cc4e Rc3x rf4s rf3x Ef5s",
            0,
        ),
        (
            "8/8/2r5/2c2R2/5e2/8/8/7M s 0 1",
            "Rf5n Rf6x ef4n cc5e rc6x",
            1,
        ),
    ] {
        let mut state = tabula::engine::MatchState::new(Position::from_text(&game, start).unwrap());
        assert!(state.outcome().is_none(), "{start}");
        state.play_text(turn).expect("a legal turn");
        let (b, _) = board_of(&state.pos.to_text());
        assert!(b.iter().all(|&p| rank(p) != 1), "no rabbit left");
        assert_eq!(reference_winner(&b, mover), Some(mover));
        match state.outcome() {
            Some(tabula::engine::Outcome::Win { player, reason }) => {
                assert_eq!(
                    (*player, reason.as_str()),
                    (usize::from(mover), "win when the opponent has no rabbits")
                );
            }
            other => panic!("after {turn} from {start}: {other:?}"),
        }
    }
}
