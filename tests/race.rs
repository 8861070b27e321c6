//! Race games against Ludii: the Royal Game of Ur's and Senet's random games replayed step by
//! step (each throw and move, the position before it, and the result must agree) with, in the
//! first games, Ludii's complete legal moves for every throw compared with Tabula's. The data
//! is written by tests/race/ludii_traces.py and tests/race/ludii_senet.py from the Ludii
//! oracle's dumps; the counts from the start are in tests/perft/ur.perft and senet.perft.
mod common;
use tabula::engine::{MatchState, Move, MoveKind, Outcome, Position};

/// A move in the replay's notation: `a1-a2`, `@-d1` (entering), `g1-off`, `pass`.
fn text(pos: &Position, m: &Move) -> String {
    let name = |c| pos.game.board.names[c as usize].clone();
    match m.kind {
        MoveKind::Pass => "pass".into(),
        MoveKind::Place => format!("@-{}", name(m.to)),
        MoveKind::Off => format!("{}-off", name(m.from)),
        _ => format!("{}-{}", name(m.from), name(m.to)),
    }
}

/// The occupied cells (`a2=1`), the men in hand (`6,7`) and the player to move (1 or 2), as
/// the data writes a position.
fn described(pos: &Position) -> String {
    let g = pos.game;
    let mut cells: Vec<(usize, String)> = Vec::new();
    for (c, &code) in pos.cells().iter().enumerate() {
        if code != 0 {
            let owner = g.owner(code) + 1;
            // Ludii lists its sites row by row from the first player's side.
            let (x, y) = g.board.coords[c];
            cells.push((
                y as usize * 100 + x as usize,
                format!("{}={owner}", g.board.names[c]),
            ));
        }
    }
    cells.sort();
    let occupied: Vec<String> = cells.into_iter().map(|(_, t)| t).collect();
    let occupied = if occupied.is_empty() {
        "-".to_string()
    } else {
        occupied.join(" ")
    };
    let hands: Vec<String> = (0..g.players.len())
        .map(|p| pos.hand_count(p, None).to_string())
        .collect();
    format!("{occupied} {} {}", hands.join(","), pos.turn() + 1)
}

/// Tabula's moves after throw `t` in `pos`, in the data's notation, `+` after a move that
/// throws again, sorted.
fn moves_after(pos: &Position, t: usize) -> Vec<String> {
    let mut thrown = pos.clone();
    thrown.play_unchecked(&tabula::engine::rules::chance::throw_move(t));
    let mut moves = Vec::new();
    thrown.legal_moves(&mut moves);
    let mut out: Vec<String> = moves
        .iter()
        .map(|m| {
            let mut after = thrown.clone();
            after.play_unchecked(m);
            let again = after.turn() == pos.turn() && after.static_outcome().is_none();
            format!("{}{}", text(&thrown, m), if again { "+" } else { "" })
        })
        .collect();
    out.sort();
    out
}

/// Plays a step of the data, `THROW:MOVE`: the throw, then the move named.
fn play_step(st: &mut MatchState, at: &str, step: &str) {
    let (throw, mv) = step.split_once(':').expect("THROW:MOVE");
    st.play_text(&format!("throw-{throw}"))
        .unwrap_or_else(|e| panic!("{at}: throw {throw}: {e}"));
    let i = st
        .moves()
        .iter()
        .position(|m| text(&st.pos, m) == mv)
        .unwrap_or_else(|| panic!("{at}: {mv} is not among Tabula's moves"));
    st.play_index(i);
}

/// The result of a finished game as the data writes it: `1 -1`, `-1 1` or `0 0`.
fn result(st: &MatchState, at: &str) -> String {
    let n = st.pos.game.players.len();
    let returns: Vec<String> = (0..n)
        .map(|p| match st.outcome() {
            Some(Outcome::Win { player, .. }) if *player == p => (n as i32 - 1).to_string(),
            Some(Outcome::Win { .. }) => "-1".into(),
            Some(Outcome::Draw { .. }) => "0".into(),
            None => panic!("{at}: the game goes on"),
        })
        .collect();
    returns.join(" ")
}

#[test]
fn ur_replays_ludii_games() {
    let game = common::game("games/ur.game");
    let data = std::fs::read_to_string(common::root("tests/race/ur.ludii")).expect("data");
    let mut state: Option<MatchState> = None;
    let mut legal: Option<Vec<Vec<String>>> = None;
    let (mut games, mut steps, mut lists) = (0, 0, 0);
    for (i, line) in data.lines().enumerate() {
        let at = format!("ur.ludii:{}", i + 1);
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "game" => state = Some(MatchState::new(game.start())),
            "legal" => {
                legal = Some(
                    rest.split(" | ")
                        .map(|l| {
                            let mut v: Vec<String> = l.split(',').map(str::to_string).collect();
                            v.sort();
                            v
                        })
                        .collect(),
                )
            }
            "step" => {
                let st = state.as_mut().expect("a game first");
                let (step, pos) = rest.split_once(" / ").expect("step / position");
                assert!(st.outcome().is_none(), "{at}: the game is already over");
                assert!(st.pos.is_chance(), "{at}: a throw is due");
                assert_eq!(described(&st.pos), pos, "{at}: the position");
                if let Some(listed) = legal.take() {
                    for (t, want) in listed.iter().enumerate() {
                        assert_eq!(&moves_after(&st.pos, t), want, "{at}: moves after {t}");
                    }
                    lists += 1;
                }
                play_step(st, &at, step);
                steps += 1;
            }
            "result" => {
                let st = state.take().expect("a game first");
                assert_eq!(result(&st, &at), rest, "{at}: the result");
                games += 1;
            }
            _ => {}
        }
    }
    assert_eq!(games, 20, "games replayed");
    assert!(steps > 3000, "only {steps} steps");
    assert!(lists > 500, "only {lists} positions' legal moves compared");
}

/// A Senet position as tests/race/senet.ludii writes it: the occupied cells (`a2=1`, row by
/// row from the bottom), the player to move (1 or 2) and the held piece (`begin` before the
/// race has begun, the cell of a piece that must move, or `-`).
fn senet_described(pos: &Position) -> String {
    let g = pos.game;
    let mut cells: Vec<(i32, String)> = Vec::new();
    for (c, &code) in pos.cells().iter().enumerate() {
        if code != 0 {
            let (x, y) = g.board.coords[c];
            cells.push((
                y * 100 + x,
                format!("{}={}", g.board.names[c], g.owner(code) + 1),
            ));
        }
    }
    cells.sort();
    let occupied: Vec<String> = cells.into_iter().map(|(_, t)| t).collect();
    let held = match pos.held_cell() {
        Some(c) => g.board.names[c as usize].clone(),
        None if pos.race_not_begun() => "begin".into(),
        None => "-".into(),
    };
    format!("{} {} {held}", occupied.join(" "), pos.turn() + 1)
}

/// Senet (Kendall's rules) against Ludii's: 20 random games replayed step by step, with
/// Ludii's legal moves for each of the five throws compared in every position of the first
/// ten (exchanges, moves back, the Water, the piece sent back, protection, the opening).
#[test]
fn senet_replays_ludii_games() {
    let game = common::game("games/senet.game");
    let data = std::fs::read_to_string(common::root("tests/race/senet.ludii")).expect("data");
    let chance = game.chance.as_ref().expect("dice");
    let mut state: Option<MatchState> = None;
    let mut legal: Option<Vec<Vec<String>>> = None;
    let (mut games, mut steps, mut lists) = (0, 0, 0);
    for (i, line) in data.lines().enumerate() {
        let at = format!("senet.ludii:{}", i + 1);
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "game" => state = Some(MatchState::new(game.start())),
            "legal" => {
                legal = Some(
                    rest.split(" | ")
                        .map(|l| {
                            let mut v: Vec<String> = l.split(',').map(str::to_string).collect();
                            v.sort();
                            v
                        })
                        .collect(),
                )
            }
            "step" => {
                let st = state.as_mut().expect("a game first");
                let (step, pos) = rest.split_once(" / ").expect("step / position");
                assert!(st.outcome().is_none(), "{at}: the game is already over");
                assert!(st.pos.is_chance(), "{at}: a throw is due");
                assert_eq!(senet_described(&st.pos), pos, "{at}: the position");
                if let Some(listed) = legal.take() {
                    for (k, want) in listed.iter().enumerate() {
                        let t = chance
                            .outcome_named(&(k + 1).to_string())
                            .expect("throws 1 to 5");
                        assert_eq!(
                            &moves_after(&st.pos, t),
                            want,
                            "{at}: moves after {}",
                            k + 1
                        );
                    }
                    lists += 1;
                }
                play_step(st, &at, step);
                steps += 1;
            }
            "result" => {
                let st = state.take().expect("a game first");
                assert_eq!(result(&st, &at), rest, "{at}: the result");
                games += 1;
            }
            _ => {}
        }
    }
    assert_eq!(games, 20, "games replayed");
    assert!(steps > 4000, "only {steps} steps");
    assert!(lists > 2000, "only {lists} positions' legal moves compared");
}

/// Mensch ärgere dich nicht against OpenSpiel's `maedn` (two players, opposite): random games
/// replayed step by step, OpenSpiel's legal moves for each throw compared with Tabula's, the
/// position before each step and the result.
#[test]
fn maedn_replays_openspiel_games() {
    let steps = replay_maedn("games/maedn.game", "maedn.openspiel");
    assert!(steps > 1000, "only {steps} steps");
}

/// The same with four players, each at their own side of the cross.
#[test]
fn maedn_four_players_replays_openspiel_games() {
    let steps = replay_maedn("games/maedn-4.game", "maedn-4.openspiel");
    assert!(steps > 3000, "only {steps} steps");
}

/// Replays the eight OpenSpiel games of `tests/race/FILE` in `game`; returns the steps played.
fn replay_maedn(game: &str, file: &str) -> usize {
    let game = common::game(game);
    let data = std::fs::read_to_string(common::root(&format!("tests/race/{file}"))).expect("data");
    let mut state: Option<MatchState> = None;
    let mut legal: Option<Vec<String>> = None;
    let (mut games, mut steps) = (0, 0);
    for (i, line) in data.lines().enumerate() {
        let at = format!("{file}:{}", i + 1);
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "game" => state = Some(MatchState::new(game.start())),
            "legal" => legal = Some(rest.split(',').map(str::to_string).collect()),
            "step" => {
                let st = state.as_mut().expect("a game first");
                let (step, pos) = rest.split_once(" / ").expect("step / position");
                assert!(st.outcome().is_none(), "{at}: the game is already over");
                assert_eq!(described(&st.pos), pos, "{at}: the position");
                let throw = step.split_once(':').expect("THROW:MOVE").0;
                let t: usize = throw.parse().expect("a throw");
                let want = legal.take().expect("the legal moves first");
                let mut got = moves_after(&st.pos, t - 1);
                for m in &mut got {
                    // OpenSpiel does not tell which moves throw again: every 6 does.
                    m.truncate(m.trim_end_matches('+').len());
                }
                assert_eq!(got, want, "{at}: moves after {throw}");
                play_step(st, &at, step);
                steps += 1;
            }
            "result" => {
                let st = state.take().expect("a game first");
                assert_eq!(result(&st, &at), rest, "{at}: the result");
                games += 1;
            }
            _ => {}
        }
    }
    assert_eq!(games, 8, "games replayed");
    steps
}

/// A position's board and hand as the Backgammon data writes them: the first and third
/// fields of its position string.
fn board_and_hand(pos: &Position) -> String {
    let text = pos.to_text();
    let f: Vec<&str> = text.split(' ').collect();
    format!("{} {}", f[0], f[2])
}

/// Backgammon against OpenSpiel: each turn's distinct results (all of them in the first
/// turns of each game, their number in every turn) and the result played, the throws as
/// OpenSpiel threw them, and the winner. Written by tests/race/openspiel_backgammon.py.
#[test]
fn backgammon_replays_openspiel_games() {
    let game = common::game("games/backgammon.game");
    let data =
        std::fs::read_to_string(common::root("tests/race/backgammon.openspiel")).expect("data");
    let mut state: Option<MatchState> = None;
    // Tabula's results of the turn being replayed, each with the index of its move.
    let mut results: Vec<(String, usize)> = Vec::new();
    let mut want: Vec<String> = Vec::new();
    let (mut games, mut turns, mut lists) = (0, 0, 0);
    for (i, line) in data.lines().enumerate() {
        let at = format!("backgammon.openspiel:{}", i + 1);
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "game" => state = Some(MatchState::new(game.start())),
            "throw" => {
                let st = state.as_mut().expect("a game first");
                assert!(st.outcome().is_none(), "{at}: the game is already over");
                st.play_text(&format!("throw-{rest}"))
                    .unwrap_or_else(|e| panic!("{at}: throw {rest}: {e}"));
                results = st
                    .moves()
                    .iter()
                    .enumerate()
                    .map(|(k, m)| {
                        let mut after = st.pos.clone();
                        after.play_unchecked(m);
                        (board_and_hand(&after), k)
                    })
                    .collect();
                results.sort();
                want.clear();
            }
            "turn" => {
                let n: usize = rest
                    .split(' ')
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("N");
                assert_eq!(results.len(), n, "{at}: the number of distinct results");
            }
            "result" => want.push(rest.to_string()),
            "play" => {
                let st = state.as_mut().expect("a game first");
                if !want.is_empty() {
                    let got: Vec<&str> = results.iter().map(|(r, _)| r.as_str()).collect();
                    assert_eq!(got, want, "{at}: the results of the turn");
                    lists += 1;
                }
                let k = results
                    .iter()
                    .find(|(r, _)| r == rest)
                    .unwrap_or_else(|| panic!("{at}: {rest} is not among Tabula's results"))
                    .1;
                st.play_index(k);
                turns += 1;
            }
            "winner" => {
                let st = state.take().expect("a game first");
                let winner = match st.outcome() {
                    Some(Outcome::Win { player: 0, .. }) => "white",
                    Some(Outcome::Win { .. }) => "black",
                    other => panic!("{at}: the game ends with {other:?}"),
                };
                assert_eq!(winner, rest, "{at}: the winner");
                games += 1;
            }
            _ => {}
        }
    }
    assert_eq!(games, 6, "games replayed");
    assert!(turns > 400, "only {turns} turns");
    assert!(lists >= 60, "only {lists} turns with every result compared");
}
