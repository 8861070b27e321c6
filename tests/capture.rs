//! Capture games against Ludii: seeded random games of Ludii 1.3.13 replayed turn by turn. At
//! every position the board and the player to move must agree, and so must the whole set of
//! legal turns: Ludii plays a turn as several moves (each jump of a chain, a pass to stop it),
//! so the data lists Ludii's whole turns, each as the cells its piece stands on and the enemy
//! cells it leaves empty (`e6-e4-e2:e3,e5`, a removal `d5-off:`), and Tabula's moves are written
//! the same way. The data is written by tests/capture/ludii_turns.py from the oracle's dump (see
//! the header of each data file); the counts from the start are in tests/perft/.
mod common;
use tabula::engine::{Move, MoveKind, Position};

/// The owners of the cells in Ludii's order (`.`, `1`, `2`) and the player to move, as the
/// data writes a position.
fn described(pos: &Position, order: &[usize]) -> String {
    let cells = pos.cells();
    let board: String = order
        .iter()
        .map(|&c| match cells[c] {
            0 => '.',
            code if pos.game.owner(code) == 0 => '1',
            _ => '2',
        })
        .collect();
    format!("{board} {}", pos.turn() + 1)
}

/// A move as the data writes a turn: the cells the piece stands on, then the captured cells.
fn turn_text(pos: &Position, m: &Move) -> String {
    let name = |c: tabula::geometry::Cell| pos.game.board.names[c as usize].clone();
    if m.kind == MoveKind::Off {
        return format!("{}-off:", name(m.from));
    }
    let mut path = vec![name(m.from)];
    for &l in m.landings() {
        if path.last() != Some(&name(l)) {
            path.push(name(l));
        }
    }
    if m.landings().is_empty() && m.to != m.from {
        path.push(name(m.to));
    }
    // The enemy cells emptied: a chain may take a piece and later stop on its cell.
    let mut caps: Vec<String> = m
        .captures()
        .iter()
        .filter(|&&c| c != m.to)
        .map(|&c| name(c))
        .collect();
    caps.sort();
    format!("{}:{}", path.join("-"), caps.join(","))
}

/// Replays `tests/capture/NAME.ludii` on the description `game` (a path from the repository's
/// root); returns the games and positions compared.
fn replay(name: &str, game: &str) -> (usize, usize) {
    let (games, positions, _) = common::replay_ludii_turns(
        &format!("tests/capture/{name}.ludii"),
        game,
        described,
        turn_text,
    );
    (games, positions)
}

#[test]
fn konane_replays_ludii_games() {
    let (games, positions) = replay("konane", "games/konane.game");
    assert_eq!(
        (games, positions),
        (10, 476),
        "games and positions replayed"
    );
}

/// Fanorona's standard rules, against Ludii's Fanorona with the two rules it leaves out
/// applied by the oracle's harness to its move lists (`--fanorona-standard`: no two steps of a
/// sequence the same way in a row; the game's first turn one capture).
#[test]
fn fanorona_replays_ludii_games_with_the_standard_rules() {
    let (games, positions) = replay("fanorona", "games/fanorona.game");
    assert_eq!(
        (games, positions),
        (10, 344),
        "games and positions replayed"
    );
}

/// Fanorona as Ludii plays it (tests/capture/fanorona-ludii.game): its own random games, and
/// its perft counts (`./oracle.sh perft Fanorona 5`).
#[test]
fn fanorona_as_ludii_plays_it() {
    let (games, positions) = replay("fanorona-ludii", "tests/capture/fanorona-ludii.game");
    assert_eq!(
        (games, positions),
        (10, 402),
        "games and positions replayed"
    );
    let game = common::game("tests/capture/fanorona-ludii.game");
    let counts: Vec<u64> = (1..=5)
        .map(|d| tabula::engine::perft(&game.start(), d, &mut |_| {}).expect("perft"))
        .collect();
    assert_eq!(counts, [5, 39, 738, 19_828, 530_873]);
}

/// Surakarta against Ludii's Surakarta (its default options: the official 6 x 6 board, slides
/// only to capture): every position of 10 random games, each slide round a loop onto an enemy.
#[test]
fn surakarta_replays_ludii_games() {
    let (games, positions) = replay("surakarta", "games/surakarta.game");
    assert_eq!(
        (games, positions),
        (10, 2200),
        "games and positions replayed"
    );
}

/// A draughts move as tests/capture/frisian.pydraughts writes it: start, end and the captured
/// cells, sorted.
fn draughts_move(pos: &Position, m: &Move) -> String {
    let name = |c: tabula::geometry::Cell| pos.game.board.names[c as usize].clone();
    let mut caps: Vec<String> = m.captures().iter().map(|&c| name(c)).collect();
    caps.sort();
    format!("{}-{}:{}", name(m.from), name(m.to), caps.join(","))
}

/// Frisian draughts against pydraughts 0.6.7: every position of its seeded random games
/// (tests/capture/frisian_pydraughts.py), the whole set of legal moves compared, the limit on
/// a king's moves in a row without capturing included, and every game's result; the games
/// lean towards moving the same piece again, and the test checks that the limit was in force
/// in some of the positions. The last games start from kings alone (one against one, two
/// against one), where the Frisian endgame counts draw some of them.
#[test]
fn frisian_draughts_replays_pydraughts_games() {
    let game = common::game("games/frisian-draughts.game");
    let data = std::fs::read_to_string(common::root("tests/capture/frisian.pydraughts"))
        .expect("data file");
    let (mut games, mut positions, mut limited, mut draws) = (0, 0, 0, 0);
    let mut pos = game.start();
    let mut buf = Vec::new();
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        if let Some(header) = line.strip_prefix("game ") {
            pos = match header.split_once(" from ") {
                Some((_, text)) => Position::from_text(&game, text).expect("a start position"),
                None => game.start(),
            };
            games += 1;
            continue;
        }
        if let Some(result) = line.strip_prefix("end over ") {
            // Each game ends where pydraughts ends it, with its result.
            let outcome = pos
                .static_outcome()
                .or_else(|| pos.limit_outcome(1, tabula::engine::Perpetual::NONE))
                .or_else(|| {
                    pos.legal_moves(&mut buf);
                    buf.is_empty().then(|| tabula::engine::Outcome::Win {
                        player: 1 - pos.turn(),
                        reason: "no legal move".into(),
                    })
                });
            let got = match outcome {
                Some(tabula::engine::Outcome::Win { player: 0, .. }) => "white",
                Some(tabula::engine::Outcome::Win { .. }) => "black",
                Some(tabula::engine::Outcome::Draw { .. }) => "draw",
                None => "none",
            };
            assert_eq!(got, result, "game {games}: the result");
            draws += usize::from(result == "draw");
            continue;
        }
        if line.starts_with("end ") {
            continue;
        }
        let (played, legal) = line
            .split_once(" | ")
            .expect("a move, `|`, the legal moves");
        let mut want: Vec<&str> = legal.split(' ').collect();
        want.sort_unstable();
        pos.legal_moves(&mut buf);
        let mut got: Vec<String> = buf.iter().map(|m| draughts_move(&pos, m)).collect();
        got.sort();
        assert_eq!(
            got,
            want,
            "game {games}, ply {}, position {}",
            pos.ply(),
            pos.to_text()
        );
        let (cell, n) = pos.streak(pos.turn());
        if n >= 3 && pos.cells()[cell as usize] != 0 {
            limited += 1;
        }
        let m = buf
            .iter()
            .find(|m| draughts_move(&pos, m) == played)
            .expect("the played move is legal")
            .clone();
        pos.play(&m);
        positions += 1;
    }
    assert_eq!(
        (games, positions),
        (64, 3278),
        "games and positions replayed"
    );
    assert!(limited > 0, "no position had the limit in force");
    assert!(draws > 0, "no game drawn by the endgame counts");
    eprintln!("{limited} positions with a king at its limit");
}
