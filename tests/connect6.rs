//! Connect6 has no published perft counts, so games/connect6.game (19 x 19) and its 7 x 7
//! twin tests/language/connect6-7x7.game are checked against a second, independent
//! implementation written here from the rules at the top of games/connect6.game: a plain array
//! of cells, its own move lists (every set of empty cells once) and its own six-in-a-row scan
//! of the whole board, sharing no code with the engine. Every count below is computed by both
//! (Tabula and this implementation); no outside program exists to compare with.

mod common;

use tabula::engine::{perft, Game, Outcome, Position, Scratch};
use tabula::rng::Rng;

/// A Connect6 position: `cells[y * size + x]` is 0 (empty), 1 (black) or 2 (white), with x
/// the file (a = 0) and y the rank (1 = 0).
#[derive(Clone)]
struct C6 {
    size: usize,
    cells: Vec<u8>,
    /// 0 while Black is to move, 1 for White.
    to_move: usize,
    /// Turns played: the first places one stone, every other two.
    turns: usize,
}

impl C6 {
    fn new(size: usize) -> C6 {
        C6 {
            size,
            cells: vec![0; size * size],
            to_move: 0,
            turns: 0,
        }
    }

    fn name(&self, i: usize) -> String {
        format!(
            "{}{}",
            (b'a' + (i % self.size) as u8) as char,
            i / self.size + 1
        )
    }

    fn index(&self, name: &str) -> usize {
        let x = (name.as_bytes()[0] - b'a') as usize;
        let y: usize = name[1..].parse().expect("a rank");
        (y - 1) * self.size + x
    }

    /// Whether `colour` (1 or 2) has six or more stones in a line anywhere.
    fn six(&self, colour: u8) -> bool {
        let n = self.size as i32;
        let at = |x: i32, y: i32| {
            (0..n).contains(&x) && (0..n).contains(&y) && {
                self.cells[(y * n + x) as usize] == colour
            }
        };
        for y in 0..n {
            for x in 0..n {
                for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    if (0..6).all(|k| at(x + k * dx, y + k * dy)) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// `Some(Some(player))` for a win, `Some(None)` for a draw, `None` while the game goes on.
    fn result(&self) -> Option<Option<usize>> {
        for p in 0..2 {
            if self.six(p as u8 + 1) {
                return Some(Some(p));
            }
        }
        if self.cells.iter().all(|&c| c != 0) {
            return Some(None);
        }
        None
    }

    /// Every move: each set of empty cells of the turn's size (fewer where fewer are left),
    /// as increasing indices.
    fn moves(&self) -> Vec<Vec<usize>> {
        if self.result().is_some() {
            return Vec::new();
        }
        let empty: Vec<usize> = (0..self.cells.len())
            .filter(|&i| self.cells[i] == 0)
            .collect();
        let want = if self.turns == 0 { 1 } else { 2 }.min(empty.len());
        let mut out = Vec::new();
        if want == 1 {
            out.extend(empty.iter().map(|&i| vec![i]));
        } else {
            for (a, &i) in empty.iter().enumerate() {
                for &j in &empty[a + 1..] {
                    out.push(vec![i, j]);
                }
            }
        }
        out
    }

    fn play(&self, m: &[usize]) -> C6 {
        let mut next = self.clone();
        for &i in m {
            assert_eq!(next.cells[i], 0, "a stone on a taken cell");
            next.cells[i] = self.to_move as u8 + 1;
        }
        next.to_move ^= 1;
        next.turns += 1;
        next
    }

    fn perft(&self, depth: usize, cut: &mut u64) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.result().is_some() {
            *cut += 1;
            return 0;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|m| self.play(m).perft(depth - 1, cut))
            .sum()
    }

    /// A move as sorted cell names joined by commas (the order the engine's text is compared
    /// in).
    fn text(&self, m: &[usize]) -> String {
        let mut names: Vec<String> = m.iter().map(|&i| self.name(i)).collect();
        names.sort();
        names.join(",")
    }

    /// The board part of a position string: ranks from the top, runs of empty cells as
    /// numbers, `S` black and `s` white.
    fn board_text(&self) -> String {
        let mut ranks = Vec::new();
        for y in (0..self.size).rev() {
            let mut r = String::new();
            let mut run = 0;
            for x in 0..self.size {
                match self.cells[y * self.size + x] {
                    0 => run += 1,
                    c => {
                        if run > 0 {
                            r.push_str(&run.to_string());
                            run = 0;
                        }
                        r.push(if c == 1 { 'S' } else { 's' });
                    }
                }
            }
            if run > 0 {
                r.push_str(&run.to_string());
            }
            ranks.push(r);
        }
        ranks.join("/")
    }
}

fn sorted_parts(text: &str) -> String {
    let mut parts: Vec<&str> = text.split(',').collect();
    parts.sort_unstable();
    parts.join(",")
}

fn engine_result(pos: &Position) -> Option<Option<usize>> {
    pos.static_outcome().map(|o| match o {
        Outcome::Win { player, .. } => Some(player),
        Outcome::Draw { .. } => None,
    })
}

fn connect6() -> Game {
    common::game("games/connect6.game")
}

fn small() -> Game {
    common::game("tests/language/connect6-7x7.game")
}

/// Plays `moves` (engine texts) from the start on both.
fn both_after<'g>(g: &'g Game, size: usize, moves: &[&str]) -> (Position<'g>, C6) {
    let mut pos = g.start();
    let mut reference = C6::new(size);
    for t in moves {
        let m = pos.parse_move(t).unwrap_or_else(|e| panic!("{t}: {e}"));
        pos.play_unchecked(&m);
        let cells: Vec<usize> = t.split(',').map(|n| reference.index(n)).collect();
        reference = reference.play(&cells);
    }
    (pos, reference)
}

#[test]
fn perft_on_19_x_19_agrees_with_an_independent_implementation() {
    let g = connect6();
    let start = g.start();
    let reference = C6::new(19);
    let mut cut = 0;
    // Tabula and the implementation above both count 361, then 361 x C(360, 2).
    for (depth, expected) in [(1, 361), (2, 23_327_820)] {
        let engine = perft(&start, depth, &mut |_| {}).expect("within the move budget");
        assert_eq!(engine, expected, "Tabula's perft {depth}");
        assert_eq!(
            reference.perft(depth, &mut cut),
            expected,
            "reference perft {depth}"
        );
    }
}

#[test]
fn perft_on_7_x_7_agrees_from_the_start_and_from_mid_game_positions() {
    let g = small();
    let start = g.start();
    let reference = C6::new(7);
    let mut cut = 0;
    for depth in 1..=3 {
        assert_eq!(
            perft(&start, depth, &mut |_| {}).expect("within the move budget"),
            reference.perft(depth, &mut cut),
            "perft {depth} from the start"
        );
    }
    // Positions from seeded random games, a few turns before their end, where wins cut lines
    // short within the counted depth.
    let mut rng = Rng::new(0xC6);
    let mut compared = 0;
    for i in 0..12 {
        let (moves, _, _) = common::random_game(&g, rng.below(1 << 30) as u64, 100);
        let texts: Vec<String> = {
            let mut pos = g.start();
            moves
                .iter()
                .map(|m| {
                    let t = pos.move_text(m);
                    pos.play_unchecked(m);
                    t
                })
                .collect()
        };
        let at = texts.len().saturating_sub(if i % 2 == 0 { 3 } else { 5 });
        let refs: Vec<&str> = texts[..at].iter().map(String::as_str).collect();
        let (pos, reference) = both_after(&g, 7, &refs);
        let depth = if reference.moves().len() > 200 { 2 } else { 3 };
        let engine = perft(&pos, depth, &mut |_| {}).expect("within the move budget");
        assert_eq!(
            engine,
            reference.perft(depth, &mut cut),
            "perft {depth} at {}",
            pos.to_text()
        );
        eprintln!("7 x 7 perft {depth} at {}: {engine} (both)", pos.to_text());
        compared += 1;
    }
    assert_eq!(compared, 12);
    eprintln!("{cut} lines cut short by a finished game (reference)");
    assert!(cut > 100, "only {cut} lines cut short by a finished game");
}

/// Random games played by the engine's own playout draw (the fast path that never lists the
/// pairs), replayed on the reference: the same boards, moves and results throughout.
fn replay(g: &Game, size: usize, seed: u64, games: usize, list_every: usize) -> [usize; 3] {
    let mut rng = Rng::new(seed);
    let mut ends = [0usize; 3];
    for _ in 0..games {
        let mut pos = g.start();
        let mut reference = C6::new(size);
        let (mut buf, mut scratch) = (Vec::new(), Scratch::new(&pos));
        for ply in 0.. {
            assert_eq!(
                pos.to_text().split(' ').next().unwrap(),
                reference.board_text()
            );
            let result = engine_result(&pos);
            assert_eq!(result, reference.result(), "{}", pos.to_text());
            if let Some(r) = result {
                ends[r.map_or(2, |p| p)] += 1;
                break;
            }
            let expected = reference.moves();
            if ply % list_every == 0 {
                let mut engine: Vec<String> = pos
                    .legal_move_texts()
                    .iter()
                    .map(|t| sorted_parts(t))
                    .collect();
                engine.sort();
                let mut mine: Vec<String> = expected.iter().map(|m| reference.text(m)).collect();
                mine.sort();
                assert_eq!(engine, mine, "{}", pos.to_text());
            }
            let m = pos
                .random_legal_move(&mut rng, &mut buf, &mut scratch)
                .expect("a move while the game goes on");
            let text = sorted_parts(&pos.move_text(&m));
            let cells = expected
                .iter()
                .find(|c| reference.text(c) == text)
                .unwrap_or_else(|| panic!("{text} is no move of the reference"));
            reference = reference.play(cells);
            pos.play_unchecked(&m);
        }
    }
    ends
}

#[test]
fn random_games_on_7_x_7_agree_move_by_move() {
    let ends = replay(&small(), 7, 0x7C6, 300, 1);
    eprintln!("7 x 7: black, white, draws {ends:?}");
    // Both wins and full boards happen.
    assert!(ends[0] > 20 && ends[1] > 20 && ends[2] > 20, "{ends:?}");
}

#[test]
fn random_games_on_19_x_19_agree_move_by_move() {
    let ends = replay(&connect6(), 19, 0x19C6, 20, 25);
    eprintln!("19 x 19: black, white, draws {ends:?}");
    assert_eq!(ends.iter().sum::<usize>(), 20);
    assert!(ends[0] + ends[1] > 10, "{ends:?}");
}

/// Black has stones in a row on rank 1; the turn's two stones win by the first of them in
/// cell order, by the second, or only together.
#[test]
fn a_win_by_the_first_stone_the_second_or_both() {
    let g = connect6();
    // Black: h1 to l1 (five in a row); White has stones elsewhere; Black to move.
    let five = "19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/ssss15/s18/7SSSSS7 b 0 5";
    // Black: h1 to k1 (four in a row).
    let four = "19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/ssss15/19/7SSSS8 b 0 4";
    let cases = [
        // m1 is the first cell of the pair (s1 follows it on rank 1).
        (five, "m1,s1", "m1", true),
        // m1 is the second (a1 comes before it).
        (five, "a1,m1", "m1", true),
        // Typed in the other order, the same move.
        (five, "m1,a1", "m1", true),
        // Neither stone extends the line.
        (five, "a1,s1", "", false),
        // Together: l1 and m1 make six from four; either alone makes five.
        (four, "l1,m1", "", true),
        (four, "l1,s19", "", false),
    ];
    for (position, text, winning, wins) in cases {
        let mut pos = Position::from_text(&g, position).expect("a position");
        let before = pos.clone();
        let m = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(m.landings().len(), 2);
        if text == "m1,s1" {
            assert_eq!(pos.move_text(&m), "m1,s1");
            assert_eq!(m.landings()[0], g.board.cell(winning).unwrap());
        }
        if text == "a1,m1" {
            assert_eq!(m.landings()[1], g.board.cell(winning).unwrap());
        }
        pos.play_unchecked(&m);
        let result = engine_result(&pos);
        assert_eq!(result, wins.then_some(Some(0)), "{text} from {position}");
        // The same through the whole-board scan of the reference.
        let mut reference = C6::new(19);
        reference.turns = 5;
        for i in 0..361 {
            let c = g.board.cell(&reference.name(i)).expect("a cell");
            reference.cells[i] = match before.at(c) {
                0 => 0,
                c => 1 + g.owner(c) as u8,
            };
        }
        let cells: Vec<usize> = text.split(',').map(|n| reference.index(n)).collect();
        assert_eq!(reference.play(&cells).result(), result);
    }
}

#[test]
fn the_first_turn_places_one_stone_and_every_later_turn_two() {
    let g = connect6();
    let start = g.start();
    assert_eq!(start.legal_move_texts().len(), 361);
    assert!(start.parse_move("j10,k11").is_err());
    let (pos, _) = both_after(&g, 19, &["j10"]);
    let texts = pos.legal_move_texts();
    assert_eq!(texts.len(), 360 * 359 / 2);
    assert!(texts.iter().all(|t| t.split(',').count() == 2));
    // A pair is one move, typed in either order; a cell twice or a taken cell is no move.
    assert_eq!(
        pos.move_text(&pos.parse_move("k11,a1").unwrap()),
        pos.move_text(&pos.parse_move("a1,k11").unwrap())
    );
    for bad in ["k11,k11", "j10,k11", "k11", "a1,b1,c1"] {
        assert!(pos.parse_move(bad).is_err(), "{bad}");
    }
    // A position string keeps the turn: White, after Black's one stone, places two.
    let again = Position::from_text(&g, &pos.to_text()).unwrap();
    assert_eq!(again.legal_move_texts().len(), texts.len());
}

/// The playout draw is uniform over the unordered pairs: on a board with four empty cells,
/// each of the six pairs is drawn about equally often.
#[test]
fn random_pairs_are_uniform() {
    let g = small();
    let pos = Position::from_text(
        &g,
        "SSssSSs/ssSSssS/SSssSSs/ssSSssS/SSssSSs/ssSSssS/SS4s w 0 23",
    )
    .expect("a position");
    assert_eq!(pos.legal_move_texts().len(), 6);
    let mut rng = Rng::new(5);
    let (mut buf, mut scratch) = (Vec::new(), Scratch::new(&pos));
    let mut seen = std::collections::HashMap::<String, usize>::new();
    for _ in 0..6000 {
        let m = pos
            .random_legal_move(&mut rng, &mut buf, &mut scratch)
            .unwrap();
        *seen.entry(pos.move_text(&m)).or_default() += 1;
    }
    assert_eq!(seen.len(), 6, "{seen:?}");
    for (m, n) in &seen {
        assert!(n.abs_diff(1000) < 200, "{m} drawn {n} times");
    }
}
