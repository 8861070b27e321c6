//! Brandubh has no published perft counts, so games/brandubh.game is checked against a second,
//! independent implementation written here straight from the rules at the top of that file:
//! a plain 7 x 7 array, no tables, no shared code with the engine. Perft from the start and the
//! move lists (with their captures) and game ends along seeded random games must agree.

mod common;

use tabula::engine::{perft, Game, Position};
use tabula::rng::Rng;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Sq {
    Empty,
    Attacker,
    Defender,
    King,
}

/// A position: `b[x][y]` with x the file (a = 0) and y the rank (1 = 0).
#[derive(Clone)]
struct Tafl {
    b: [[Sq; 7]; 7],
    attackers_to_move: bool,
}

#[derive(Clone, Debug)]
struct Mv {
    from: (i32, i32),
    to: (i32, i32),
    caps: Vec<(i32, i32)>,
}

const DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

fn on_board((x, y): (i32, i32)) -> bool {
    (0..7).contains(&x) && (0..7).contains(&y)
}
fn is_throne((x, y): (i32, i32)) -> bool {
    x == 3 && y == 3
}
fn is_corner((x, y): (i32, i32)) -> bool {
    (x == 0 || x == 6) && (y == 0 || y == 6)
}
fn attacking(s: Sq) -> bool {
    s == Sq::Attacker
}
fn defending(s: Sq) -> bool {
    s == Sq::Defender || s == Sq::King
}
fn name((x, y): (i32, i32)) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

impl Tafl {
    fn start() -> Tafl {
        let mut b = [[Sq::Empty; 7]; 7];
        for (x, y) in [
            (0, 3),
            (1, 3),
            (5, 3),
            (6, 3),
            (3, 0),
            (3, 1),
            (3, 5),
            (3, 6),
        ] {
            b[x][y] = Sq::Attacker;
        }
        for (x, y) in [(2, 3), (4, 3), (3, 2), (3, 4)] {
            b[x][y] = Sq::Defender;
        }
        b[3][3] = Sq::King;
        Tafl {
            b,
            attackers_to_move: true,
        }
    }

    fn at(&self, (x, y): (i32, i32)) -> Sq {
        self.b[x as usize][y as usize]
    }

    fn mine(&self, s: Sq) -> bool {
        if self.attackers_to_move {
            attacking(s)
        } else {
            defending(s)
        }
    }

    /// Whether the game is over before the player to move moves: the king on a corner, or
    /// no king at all.
    fn decided(&self) -> bool {
        let mut king = None;
        for x in 0..7 {
            for y in 0..7 {
                if self.b[x as usize][y as usize] == Sq::King {
                    king = Some((x, y));
                }
            }
        }
        king.is_none_or(is_corner)
    }

    fn moves(&self) -> Vec<Mv> {
        let mut out = Vec::new();
        for x in 0..7 {
            for y in 0..7 {
                let piece = self.at((x, y));
                if piece == Sq::Empty || !self.mine(piece) {
                    continue;
                }
                for (dx, dy) in DIRS {
                    let mut to = (x + dx, y + dy);
                    while on_board(to) && self.at(to) == Sq::Empty {
                        // Only the king stops on or passes the throne and the corners.
                        if piece != Sq::King && (is_throne(to) || is_corner(to)) {
                            break;
                        }
                        let caps = self.captures((x, y), to, piece);
                        out.push(Mv {
                            from: (x, y),
                            to,
                            caps,
                        });
                        to = (to.0 + dx, to.1 + dy);
                    }
                }
            }
        }
        out
    }

    /// The enemies trapped by `piece` arriving on `to` from `from`.
    fn captures(&self, from: (i32, i32), to: (i32, i32), piece: Sq) -> Vec<(i32, i32)> {
        let mut after = self.clone();
        after.b[from.0 as usize][from.1 as usize] = Sq::Empty;
        after.b[to.0 as usize][to.1 as usize] = piece;
        let friend = |s: Sq| {
            if attacking(piece) {
                attacking(s)
            } else {
                defending(s)
            }
        };
        let mut caps = Vec::new();
        for (dx, dy) in DIRS {
            let v = (to.0 + dx, to.1 + dy);
            if !on_board(v) {
                continue;
            }
            let victim = after.at(v);
            if victim == Sq::Empty || friend(victim) {
                continue;
            }
            let near_throne =
                is_throne(v) || DIRS.iter().any(|&(a, b)| is_throne((v.0 + a, v.1 + b)));
            if victim == Sq::King && near_throne {
                // All four sides attackers, the empty throne counting as one.
                let all = DIRS.iter().all(|&(a, b)| {
                    let n = (v.0 + a, v.1 + b);
                    on_board(n)
                        && (after.at(n) == Sq::Attacker
                            || (is_throne(n) && after.at(n) == Sq::Empty))
                });
                if all {
                    caps.push(v);
                }
                continue;
            }
            let beyond = (v.0 + dx, v.1 + dy);
            if !on_board(beyond) {
                continue;
            }
            let hostile = friend(after.at(beyond))
                || is_corner(beyond)
                || (is_throne(beyond) && after.at(beyond) == Sq::Empty);
            if hostile {
                caps.push(v);
            }
        }
        caps
    }

    fn play(&self, m: &Mv) -> Tafl {
        let mut next = self.clone();
        let piece = self.at(m.from);
        next.b[m.from.0 as usize][m.from.1 as usize] = Sq::Empty;
        next.b[m.to.0 as usize][m.to.1 as usize] = piece;
        for &(x, y) in &m.caps {
            next.b[x as usize][y as usize] = Sq::Empty;
        }
        next.attackers_to_move = !self.attackers_to_move;
        next
    }

    fn perft(&self, depth: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.decided() {
            return 0;
        }
        self.moves()
            .iter()
            .map(|m| self.play(m).perft(depth - 1))
            .sum()
    }

    /// The moves as sorted texts, captures sorted: `d1-b1xb2xc1`.
    fn texts(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .moves()
            .iter()
            .map(|m| {
                let mut caps: Vec<String> = m.caps.iter().map(|&c| name(c)).collect();
                caps.sort();
                let mut t = format!("{}-{}", name(m.from), name(m.to));
                for c in caps {
                    t.push('x');
                    t.push_str(&c);
                }
                t
            })
            .collect();
        out.sort();
        out
    }
}

/// The engine's move texts with each move's captures sorted, the list sorted.
fn engine_texts(pos: &Position) -> Vec<String> {
    let mut out: Vec<String> = pos
        .legal_move_texts()
        .into_iter()
        .map(|t| {
            let mut parts: Vec<&str> = t.split('x').collect();
            let head = parts.remove(0).to_string();
            parts.sort_unstable();
            parts.iter().fold(head, |acc, c| format!("{acc}x{c}"))
        })
        .collect();
    out.sort();
    out
}

fn brandubh() -> Game {
    common::game("games/brandubh.game")
}

#[test]
fn perft_agrees_with_an_independent_implementation() {
    let game = brandubh();
    let start = game.start();
    let reference = Tafl::start();
    for depth in 1..=5 {
        assert_eq!(
            perft(&start, depth, &mut |_| {}).expect("within the move budget"),
            reference.perft(depth),
            "perft {depth}"
        );
    }
}

#[test]
fn random_games_agree_move_by_move() {
    let game = brandubh();
    let mut rng = Rng::new(0x7AF1);
    let (mut plies, mut captures, mut ends) = (0, 0, [0usize; 2]);
    for _ in 0..150 {
        let mut pos = game.start();
        let mut reference = Tafl::start();
        for _ in 0..300 {
            let over = pos.static_outcome().is_some();
            assert_eq!(over, reference.decided(), "{}", pos.to_text());
            if over {
                ends[0] += 1;
                break;
            }
            let texts = engine_texts(&pos);
            assert_eq!(texts, reference.texts(), "{}", pos.to_text());
            if texts.is_empty() {
                ends[1] += 1;
                break;
            }
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            let m = legal[rng.below(legal.len())].clone();
            let pick = pos.move_text(&m);
            captures += usize::from(pick.contains('x'));
            let mv = reference
                .moves()
                .into_iter()
                .find(|r| name(r.from) == pick[..2] && name(r.to) == pick[3..5])
                .expect("the same move in the reference");
            pos.play_unchecked(&m);
            reference = reference.play(&mv);
            plies += 1;
        }
    }
    // The comparison saw real play: many captures, and games decided by the king.
    assert!(plies > 5_000, "{plies} plies");
    assert!(captures > 300, "{captures} captures");
    assert!(ends[0] > 50, "{ends:?}");
}
