//! Ataxx against Fairy-Stockfish: random games of its `ataxx` (tests/ataxx/ataxx.fsf, written
//! by tests/ataxx/fsf_games.py) replayed in games/ataxx.game. Before every turn Tabula's legal
//! moves must be Fairy-Stockfish's (their number and digest, and for the first turns the list);
//! where Fairy-Stockfish's rules end the game Tabula's must have ended too, won by the player
//! with more stones. Perft counts from the start and from the suite's position are in
//! tests/perft/ataxx.perft.

mod common;

use tabula::engine::{MatchState, Outcome};

/// FNV-1a, 64 bits, of the texts joined by spaces (the script's digest).
fn digest(texts: &[String]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in texts.join(" ").bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

#[test]
fn ataxx_replays_fairy_stockfish_games() {
    let data = std::fs::read_to_string(common::root("tests/ataxx/ataxx.fsf")).expect("data");
    let game = common::game("games/ataxx.game");
    let mut current: Option<MatchState> = None;
    let (mut games, mut turns, mut listed, mut passes, mut wiped) = (0, 0, 0, 0, 0);
    for (i, line) in data.lines().enumerate() {
        let at = format!("ataxx.fsf:{}", i + 1);
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let mut words = line.split(' ');
        match words.next().expect("a key") {
            "game" => current = Some(MatchState::new(game.start())),
            "over" => {
                let st = current.as_ref().expect("a game first");
                assert!(st.outcome().is_some(), "{at}: the game is not over");
            }
            "result" => {
                let st = current.take().expect("a game first");
                let counts: Vec<usize> = words.map(|w| w.parse().expect("a count")).collect();
                let winner = match counts[0].cmp(&counts[1]) {
                    std::cmp::Ordering::Greater => Some(0),
                    std::cmp::Ordering::Less => Some(1),
                    std::cmp::Ordering::Equal => None,
                };
                let ours = match st.outcome().expect("over") {
                    Outcome::Win { player, .. } => Some(*player),
                    Outcome::Draw { .. } => None,
                };
                assert_eq!(ours, winner, "{at}: the winner");
                if counts.contains(&0) {
                    wiped += 1;
                }
                games += 1;
            }
            count => {
                let st = current.as_mut().expect("a game first");
                assert!(st.outcome().is_none(), "{at}: the game is already over");
                let count: usize = count.parse().expect("N");
                let sum = words.next().expect("a digest");
                let pick = words.next().expect("a move");
                let listed_here: Vec<String> = words.map(str::to_string).collect();
                let mut ours: Vec<String> =
                    st.moves().iter().map(|m| st.pos.move_text(m)).collect();
                ours.sort();
                if !listed_here.is_empty() {
                    assert_eq!(ours, listed_here, "{at}: the legal moves");
                    listed += 1;
                }
                assert_eq!(
                    (ours.len(), digest(&ours).as_str()),
                    (count, sum),
                    "{at}: the legal moves, Tabula's being {ours:?}"
                );
                passes += usize::from(pick == "pass");
                st.play_text(pick)
                    .unwrap_or_else(|e| panic!("{at}: `{pick}`: {e}"));
                turns += 1;
            }
        }
    }
    println!("{games} games, {turns} turns ({listed} listed in full), {passes} passes, {wiped} won by taking every stone");
    assert_eq!(games, 40);
    assert!(turns > 4000 && listed >= 100);
    // The replay covers passes, and games ended both by a full board and by a side's last stone.
    assert!(passes > 0 && wiped > 0 && wiped < games);
}
