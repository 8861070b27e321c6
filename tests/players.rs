//! Games of more than two players: turn order, results, position strings and the commands.
//! `tests/players/three-in-a-row-3p.game` is checked against a second implementation written
//! here from the rules in its comment (a plain array of cells, its own turn order and its own
//! line scan, sharing no code with the engine); every count below is computed by both, as no
//! outside program plays this game.

mod common;

use tabula::engine::{perft, Outcome, Position};
use tabula::rng::Rng;

const GAME: &str = "tests/players/three-in-a-row-3p.game";

/// Three in a row on 4 x 4 for three players: cells 0 (empty) or 1 + the player.
#[derive(Clone)]
struct Three {
    cells: [u8; 16],
    to_move: usize,
}

impl Three {
    fn new() -> Three {
        Three {
            cells: [0; 16],
            to_move: 0,
        }
    }

    /// Whether `player` has three in a line.
    fn three(&self, player: usize) -> bool {
        let mark = 1 + player as u8;
        let at = |x: i32, y: i32| {
            (0..4).contains(&x) && (0..4).contains(&y) && {
                self.cells[(y * 4 + x) as usize] == mark
            }
        };
        (0..4).any(|y| {
            (0..4).any(|x| {
                [(1, 0), (0, 1), (1, 1), (1, -1)]
                    .iter()
                    .any(|&(dx, dy)| (0..3).all(|k| at(x + k * dx, y + k * dy)))
            })
        })
    }

    /// The winner, `Some(None)` for a draw, `None` while the game goes on. Only the player
    /// who just moved can have made a line.
    fn result(&self) -> Option<Option<usize>> {
        let mover = (self.to_move + 2) % 3;
        if self.three(mover) {
            return Some(Some(mover));
        }
        self.cells.iter().all(|&c| c != 0).then_some(None)
    }

    fn moves(&self) -> Vec<usize> {
        if self.result().is_some() {
            return Vec::new();
        }
        (0..16).filter(|&c| self.cells[c] == 0).collect()
    }

    fn play(&mut self, c: usize) {
        self.cells[c] = 1 + self.to_move as u8;
        self.to_move = (self.to_move + 1) % 3;
    }

    fn perft(&self, depth: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves()
            .into_iter()
            .map(|c| {
                let mut next = self.clone();
                next.play(c);
                next.perft(depth - 1)
            })
            .sum()
    }

    /// The engine's cell name of `c` (file a..d, rank 1..4).
    fn name(c: usize) -> String {
        format!("{}{}", (b'a' + (c % 4) as u8) as char, c / 4 + 1)
    }
}

#[test]
fn three_players_count_as_an_independent_implementation_does() {
    let g = common::game(GAME);
    assert_eq!(g.players.len(), 3);
    let start = g.start();
    let reference = Three::new();
    // Lines first appear at ply 7 (x's third mark), so depths 7 and 8 test the end rule too.
    for depth in 1..=8 {
        assert_eq!(
            perft(&start, depth, &mut |_| {}).expect("within the move budget"),
            reference.perft(depth),
            "perft {depth} of {GAME}"
        );
    }
}

#[test]
fn random_three_player_games_end_as_the_independent_implementation_says() {
    let g = common::game(GAME);
    let mut rng = Rng::new(7);
    let mut winners = [0usize; 4];
    for game in 0..300 {
        let mut pos = g.start();
        let mut reference = Three::new();
        let mut moves = Vec::new();
        loop {
            assert_eq!(pos.turn(), reference.to_move, "game {game}");
            // The position string names the player to move and reads back to the same place.
            let text = pos.to_text();
            let back = Position::from_text(&g, &text).expect("a position string reads back");
            assert_eq!(back.to_text(), text);
            assert_eq!(back.hash(), pos.hash(), "the hash of {text}");
            let over = pos.static_outcome();
            let want = reference.result();
            match (&over, want) {
                (None, None) => {}
                (Some(Outcome::Win { player, .. }), Some(Some(w))) => {
                    assert_eq!(*player, w, "game {game} at {text}");
                    winners[w] += 1;
                    break;
                }
                (Some(Outcome::Draw { .. }), Some(None)) => {
                    winners[3] += 1;
                    break;
                }
                _ => panic!("game {game} at {text}: engine {over:?}, reference {want:?}"),
            }
            pos.legal_moves(&mut moves);
            let mut names: Vec<String> = moves.iter().map(|m| pos.move_text(m)).collect();
            names.sort();
            let mut want: Vec<String> = reference.moves().into_iter().map(Three::name).collect();
            want.sort();
            assert_eq!(names, want, "game {game} at {text}");
            let m = moves[rng.below(moves.len())].clone();
            let cell = Three::name_index(&pos.move_text(&m));
            pos.play(&m);
            reference.play(cell);
        }
    }
    // Every player wins some games, and some are drawn.
    assert!(winners.iter().all(|&n| n > 0), "{winners:?}");
}

impl Three {
    fn name_index(name: &str) -> usize {
        let b = name.as_bytes();
        (b[1] - b'1') as usize * 4 + (b[0] - b'a') as usize
    }
}

#[test]
fn the_player_to_move_is_one_of_three_in_position_strings() {
    let g = common::game(GAME);
    let pos = Position::from_text(&g, "X3/4/4/4 o 0 1").expect("o to move");
    assert_eq!(pos.turn(), 1);
    let pos = Position::from_text(&g, "XO2/4/4/4 z 0 1").expect("z to move");
    assert_eq!(pos.turn(), 2);
    let err = Position::from_text(&g, "4/4/4/4 q 0 1").expect_err("no player q");
    assert!(err.to_string().contains("`x`, `o` or `z`"), "{err}");
}

#[test]
fn a_hop_race_of_three_players_finishes_with_each_winner() {
    let g = common::game("tests/players/hop-race-3p.game");
    let mut rng = Rng::new(3);
    let mut wins = [0usize; 3];
    for _ in 0..200 {
        let mut pos = g.start();
        let mut moves = Vec::new();
        let outcome = loop {
            if let Some(o) = pos.static_outcome() {
                break o;
            }
            pos.legal_moves(&mut moves);
            assert!(!moves.is_empty(), "a stuck player passes");
            let m = moves[rng.below(moves.len())].clone();
            pos.play(&m);
            if pos.ply() >= 200 {
                break Outcome::Draw {
                    reason: "cap".into(),
                };
            }
        };
        if let Outcome::Win { player, .. } = outcome {
            // The winner's man is on its goal.
            let goal = ["e5", "a5", "e1"][player];
            let cell = g.board.cell(goal).expect("a goal cell");
            assert_eq!(g.owner(pos.at(cell)), player);
            wins[player] += 1;
        }
    }
    assert!(wins.iter().all(|&n| n > 0), "{wins:?}");
}

#[test]
fn a_match_seats_the_first_player_in_each_seat_and_reports_each() {
    let (code, out, err) = common::run_tabula(
        &[
            "match",
            "tests/players/three-in-a-row-3p.game",
            "--first",
            "mcts:300",
            "--second",
            "random",
            "--games",
            "9",
            "--threads",
            "1",
            "--json",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(v["games"], 9);
    // Three games in each of the three seats.
    for seat in ["x", "o", "z"] {
        let s = &v["first_as"][seat];
        let n = |k: &str| s[k].as_u64().expect("a count");
        assert_eq!(n("wins") + n("draws") + n("losses"), 3, "{v}");
    }
    // No two-player Elo against a field of two opponents.
    assert!(v["elo"].is_null(), "{v}");
    let played: Vec<&str> = v["results"]
        .as_array()
        .expect("per game")
        .iter()
        .map(|r| r["first_plays"].as_str().expect("a seat"))
        .collect();
    assert_eq!(played, ["x", "o", "z", "x", "o", "z", "x", "o", "z"]);
}

/// Alpha-beta with more than two players is paranoid: the player to move against all the
/// others. x takes a win in one; with none, x blocks the next player's win in one (o's a4 b4,
/// c4 open), whatever the seed.
#[test]
fn paranoid_alpha_beta_takes_a_win_and_blocks_the_next_players() {
    let g = common::game(GAME);
    let chosen = |position: &str, seed: u64| {
        let pos = Position::from_text(&g, position).expect("a position");
        let m = tabula::ai::Player::AlphaBeta(2)
            .choose(&pos, &mut Rng::new(seed), &mut |_| {})
            .expect("a move");
        pos.move_text(&m)
    };
    for seed in 1..=5 {
        assert_eq!(chosen("OO2/ZZ2/4/XX2 x 0 1", seed), "c1", "seed {seed}");
        assert_eq!(chosen("OO2/2XZ/Z3/3X x 0 1", seed), "c4", "seed {seed}");
    }
    // And a match runs with it, each player's result reported.
    let (code, out, err) = common::run_tabula(
        &[
            "match",
            GAME,
            "--first",
            "alphabeta:2",
            "--second",
            "random",
            "--games",
            "6",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("alphabeta:2: "), "{out}");
}

#[test]
fn play_takes_a_side_for_each_player_by_name() {
    // x and o play at random; z is the person, who types z's moves as asked.
    let mut input = String::new();
    for c in [
        "a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2", "a3", "b3", "c3", "d3", "a4",
    ] {
        input.push_str(c);
        input.push('\n');
    }
    let (code, out, err) = common::run_tabula(
        &[
            "play",
            "tests/players/three-in-a-row-3p.game",
            "--x",
            "random",
            "--o",
            "random",
            "--z",
            "human",
            "--seed",
            "4",
        ],
        &input,
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("x (random) vs o (random) vs z (human)"),
        "{out}"
    );
    assert!(out.contains("z to move"), "{out}");
}
