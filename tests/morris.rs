//! Nine Men's Morris beyond the published perft (which ends inside the placing phase):
//! games/nine-mens-morris.game is compared along seeded random games with a second
//! implementation written here from the rules at the top of that file (its own list of the 16
//! mills, no engine code), through placing, moving, flying and removals.

mod common;

use tabula::engine::{Game, Position};
use tabula::rng::Rng;

/// The 16 lines of three points.
const MILLS: [[&str; 3]; 16] = [
    ["a7", "d7", "g7"],
    ["b6", "d6", "f6"],
    ["c5", "d5", "e5"],
    ["a4", "b4", "c4"],
    ["e4", "f4", "g4"],
    ["c3", "d3", "e3"],
    ["b2", "d2", "f2"],
    ["a1", "d1", "g1"],
    ["a1", "a4", "a7"],
    ["b2", "b4", "b6"],
    ["c3", "c4", "c5"],
    ["d5", "d6", "d7"],
    ["d1", "d2", "d3"],
    ["e3", "e4", "e5"],
    ["f2", "f4", "f6"],
    ["g1", "g4", "g7"],
];

#[derive(Clone)]
struct Morris {
    points: Vec<&'static str>,
    /// Per point: 0 empty, 1 white, 2 black.
    owner: Vec<u8>,
    hand: [u32; 2],
    to_move: u8,
}

impl Morris {
    fn new() -> Morris {
        let mut points: Vec<&str> = MILLS.iter().flatten().copied().collect();
        points.sort_unstable();
        points.dedup();
        assert_eq!(points.len(), 24);
        Morris {
            owner: vec![0; points.len()],
            points,
            hand: [9, 9],
            to_move: 1,
        }
    }

    fn index(&self, p: &str) -> usize {
        self.points.iter().position(|&q| q == p).expect("a point")
    }

    /// Points next to `i` along a line.
    fn adjacent(&self, i: usize) -> Vec<usize> {
        let p = self.points[i];
        let mut out = Vec::new();
        for mill in MILLS {
            if let Some(k) = mill.iter().position(|&q| q == p) {
                for j in [k.wrapping_sub(1), k + 1] {
                    if j < 3 {
                        out.push(self.index(mill[j]));
                    }
                }
            }
        }
        out
    }

    fn men(&self, side: u8) -> u32 {
        self.owner.iter().filter(|&&o| o == side).count() as u32 + self.hand[side as usize - 1]
    }

    fn in_mill(owner: &[u8], points: &[&str], i: usize) -> bool {
        let side = owner[i];
        MILLS.iter().any(|mill| {
            mill.contains(&points[i])
                && mill
                    .iter()
                    .all(|q| owner[points.iter().position(|p| p == q).unwrap()] == side)
        })
    }

    /// The legal moves as texts, sorted (none once the game is over).
    fn moves(&self) -> Vec<String> {
        if self.men(1) < 3 || self.men(2) < 3 {
            return Vec::new();
        }
        let me = self.to_move;
        let mut plain: Vec<(Option<usize>, usize)> = Vec::new();
        let empty: Vec<usize> = (0..24).filter(|&i| self.owner[i] == 0).collect();
        if self.hand[me as usize - 1] > 0 {
            plain.extend(empty.iter().map(|&t| (None, t)));
        } else {
            let flying = self.men(me) == 3;
            for from in (0..24).filter(|&i| self.owner[i] == me) {
                let targets = if flying {
                    empty.clone()
                } else {
                    self.adjacent(from)
                        .into_iter()
                        .filter(|&t| self.owner[t] == 0)
                        .collect()
                };
                plain.extend(targets.into_iter().map(|t| (Some(from), t)));
            }
        }
        let mut out = Vec::new();
        for (from, to) in plain {
            let mut after = self.owner.clone();
            if let Some(f) = from {
                after[f] = 0;
            }
            after[to] = me;
            let text = match from {
                Some(f) => format!("{}-{}", self.points[f], self.points[to]),
                None => self.points[to].to_string(),
            };
            if !Self::in_mill(&after, &self.points, to) {
                out.push(text);
                continue;
            }
            let enemy: Vec<usize> = (0..24).filter(|&i| after[i] == 3 - me).collect();
            let free: Vec<usize> = enemy
                .iter()
                .copied()
                .filter(|&i| !Self::in_mill(&after, &self.points, i))
                .collect();
            let victims = if free.is_empty() { enemy } else { free };
            for &v in &victims {
                out.push(format!("{text}x{}", self.points[v]));
            }
            if victims.is_empty() {
                out.push(text);
            }
        }
        out.sort();
        out
    }

    fn play(&mut self, text: &str) {
        let me = self.to_move;
        let (mv, removed) = match text.split_once('x') {
            Some((m, r)) => (m, Some(r)),
            None => (text, None),
        };
        match mv.split_once('-') {
            Some((f, t)) => {
                let (f, t) = (self.index(f), self.index(t));
                self.owner[f] = 0;
                self.owner[t] = me;
            }
            None => {
                let t = self.index(mv);
                self.owner[t] = me;
                self.hand[me as usize - 1] -= 1;
            }
        }
        if let Some(r) = removed {
            let r = self.index(r);
            self.owner[r] = 0;
        }
        self.to_move = 3 - me;
    }
}

fn morris() -> Game {
    common::game("games/nine-mens-morris.game")
}

#[test]
fn random_games_agree_with_an_independent_implementation() {
    let game = morris();
    let mut rng = Rng::new(0x9);
    let (mut plies, mut removals, mut flights, mut ends) = (0, 0, 0, 0);
    for _ in 0..200 {
        let mut pos = game.start();
        let mut reference = Morris::new();
        for _ in 0..300 {
            let engine: Vec<String> = if pos.static_outcome().is_some() {
                Vec::new()
            } else {
                pos.legal_move_texts()
            };
            assert_eq!(engine, reference.moves(), "{}", pos.to_text());
            if engine.is_empty() {
                ends += 1;
                break;
            }
            let pick = &engine[rng.below(engine.len())];
            removals += usize::from(pick.contains('x'));
            flights += usize::from(pick.contains('-') && reference.men(reference.to_move) == 3);
            let m = pos.parse_move(pick).expect("legal");
            pos.play_unchecked(&m);
            reference.play(pick);
            plies += 1;
        }
    }
    // The games reached the moving and flying phases and ended.
    assert!(plies > 10_000, "{plies}");
    assert!(removals > 1_000, "{removals}");
    assert!(flights > 100, "{flights}");
    assert!(ends > 100, "{ends}");
}

#[test]
fn a_mill_removes_a_man_not_in_a_mill_unless_all_are() {
    let game = morris();
    // White to move (none in hand): a1-a4? No: white d2 to d1 closes a1-d1-g1; black has a
    // mill on a7-d7-g7 and a man on b4: only b4 may go.
    let pos = Position::from_text(&game, "mmm/3/3/1m4/3/1M1/M1M w -").expect("position");
    let moves = pos.legal_move_texts();
    assert!(moves.contains(&"d2-d1xb4".to_string()), "{moves:?}");
    assert!(!moves
        .iter()
        .any(|m| m.starts_with("d2-d1") && m != "d2-d1xb4"));
    // With every black man in the mill, any of them may go.
    let pos = Position::from_text(&game, "mmm/3/3/6/3/1M1/M1M w -").expect("position");
    let moves: Vec<String> = pos
        .legal_move_texts()
        .into_iter()
        .filter(|m| m.starts_with("d2-d1"))
        .collect();
    assert_eq!(moves, ["d2-d1xa7", "d2-d1xd7", "d2-d1xg7"]);
}

#[test]
fn three_men_fly() {
    let game = morris();
    // White has three men (a1, g1, d2), Black four (a7, g7, b6, d6): 17 points are empty.
    // Each white man may fly to any of them (51 moves), and d2 to d1 makes a mill, with the
    // four black men to choose from (3 more).
    let pos = Position::from_text(&game, "m1m/mm1/3/6/3/1M1/M1M w -").expect("position");
    assert_eq!(pos.legal_move_texts().len(), 3 * 17 + 3);
    // Black, with four, only steps along the lines; d6-d7 closes a7-d7-g7 and may take any
    // of the three white men (none is in a mill).
    let pos = Position::from_text(&game, "m1m/mm1/3/6/3/1M1/M1M b -").expect("position");
    let moves = pos.legal_move_texts();
    assert_eq!(
        moves,
        [
            "a7-a4", "a7-d7", "b6-b4", "d6-d5", "d6-d7xa1", "d6-d7xd2", "d6-d7xg1", "d6-f6",
            "g7-d7", "g7-g4"
        ]
    );
}
