//! Chinese checkers against OpenSpiel: games of its `chinese_checkers(players=N)` replayed turn
//! by turn in games/chinese-checkers.game (two players) and games/chinese-checkers-N.game (three,
//! four and six). OpenSpiel plays a hop chain as several actions; the
//! data (written by tests/star/openspiel_chinese_checkers.py) gives each turn's distinct
//! results, a marble's start and end hole, as their number and digest (and, for the first turns,
//! the list). Before every turn they must be Tabula's moves, read by start and end; after the
//! last one neither side may have a move, and the result must agree. Perft counts from the
//! start and from positions of such games are in tests/perft/chinese-checkers.perft.

mod common;

use tabula::engine::{MatchState, Outcome};

/// A move as OpenSpiel's turn results are written: `start-end` (a hop chain's route cut to
/// its ends), or `pass`.
fn result_of(text: &str) -> String {
    match text.split_once('-') {
        Some((start, _)) => format!("{start}-{}", text.rsplit('-').next().expect("an end")),
        None => text.to_string(),
    }
}

/// FNV-1a, 64 bits, of the results joined by spaces (the script's digest).
fn digest(results: &[String]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in results.join(" ").bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

fn results(state: &MatchState) -> Vec<String> {
    let mut out: Vec<String> = state
        .moves()
        .iter()
        .map(|m| result_of(&state.pos.move_text(m)))
        .collect();
    out.sort();
    out
}

/// What a replay covered: games, turns, turns listed in full, and each player's wins.
struct Replayed {
    games: usize,
    turns: usize,
    listed: usize,
    wins: Vec<usize>,
}

/// Replays the OpenSpiel games of `data` (under tests/star/) in `game`.
fn replay(game: &str, data: &str) -> Replayed {
    let name = data;
    let data = std::fs::read_to_string(common::root(&format!("tests/star/{data}"))).expect("data");
    let game = common::game(game);
    let players = game.players.len();
    let mut current: Option<MatchState> = None;
    let (mut games, mut turns, mut listed, mut wins) = (0, 0, 0, vec![0; players]);
    for (i, line) in data.lines().enumerate() {
        let at = format!("{name}:{}", i + 1);
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let mut words = line.split(' ');
        match words.next().expect("a key") {
            "game" => current = Some(MatchState::new(game.start())),
            "over" => {
                let st = current.as_ref().expect("a game first");
                assert!(st.moves().is_empty(), "{at}: Tabula still has moves");
            }
            "result" => {
                let st = current.take().expect("a game first");
                let o = st
                    .outcome()
                    .unwrap_or_else(|| panic!("{at}: the game is not over"));
                // OpenSpiel's returns: the winner's is the number of other players, every
                // other player's -1; all 0 in a draw.
                let winner = match o {
                    Outcome::Win { player, .. } => Some(*player),
                    Outcome::Draw { .. } => None,
                };
                let r: Vec<String> = (0..players)
                    .map(|q| match winner {
                        Some(w) if w == q => (players - 1).to_string(),
                        Some(_) => "-1".to_string(),
                        None => "0".to_string(),
                    })
                    .collect();
                assert_eq!(r.join(" "), &line["result ".len()..], "{at}: the result");
                if let Some(p) = winner {
                    wins[p] += 1;
                }
                games += 1;
            }
            pick => {
                let st = current.as_mut().expect("a game first");
                assert!(st.outcome().is_none(), "{at}: the game is already over");
                let count: usize = words.next().and_then(|n| n.parse().ok()).expect("N");
                let sum = words.next().expect("a digest");
                let listed_here: Vec<String> = words.map(str::to_string).collect();
                let ours = results(st);
                if !listed_here.is_empty() {
                    assert_eq!(ours, listed_here, "{at}: the turn's results");
                    listed += 1;
                }
                assert_eq!(
                    (ours.len(), digest(&ours).as_str()),
                    (count, sum),
                    "{at}: the turn's results, Tabula's being {ours:?}"
                );
                let index = st
                    .moves()
                    .iter()
                    .position(|m| result_of(&st.pos.move_text(m)) == pick)
                    .unwrap_or_else(|| panic!("{at}: `{pick}` is not a move"));
                st.play_index(index);
                turns += 1;
            }
        }
    }
    println!("{name}: {games} games, {turns} turns ({listed} listed in full); wins {wins:?}");
    Replayed {
        games,
        turns,
        listed,
        wins,
    }
}

#[test]
fn chinese_checkers_replays_openspiel_games() {
    let r = replay("games/chinese-checkers.game", "chinese-checkers.openspiel");
    assert_eq!(r.games, 30);
    assert!(r.listed >= 40 && r.turns > 3000);
    // Both players win some: the goal is read for each of them.
    assert!(r.wins[0] >= 5 && r.wins[1] >= 5, "wins {:?}", r.wins);
}

#[test]
fn chinese_checkers_for_more_players_replays_openspiel_games() {
    for (players, games) in [(3, 8), (4, 6), (6, 4)] {
        let r = replay(
            &format!("games/chinese-checkers-{players}.game"),
            &format!("chinese-checkers-{players}.openspiel"),
        );
        assert_eq!(r.games, games);
        assert!(
            r.listed >= 40,
            "{players} players: {} turns listed",
            r.listed
        );
        // Several players win: the goal is read for each of them, in turn order.
        let winners = r.wins.iter().filter(|&&n| n > 0).count();
        assert!(winners >= 2, "{players} players: wins {:?}", r.wins);
    }
}
