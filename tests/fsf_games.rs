//! Random games of Fairy-Stockfish replayed in Tabula: its `ataxx` in games/ataxx.game, its
//! `horde`, `makruk`, `asean`, `ai-wok`, `loop`, `chessgi`, `seirawan`, `shouse`, `grand`,
//! `opulent`, `sortofalmost`, `chigorin`, `coregal`, `placement`, `sittuyin`, `spartan`,
//! `koedem` and `duck` in
//! games/variants/NAME.game, and its `atomic` and
//! `extinction` from Chess960 set-ups (UCI_Chess960) in games/variants/ (tests/fsf/VARIANT.fsf,
//! written by tests/fsf/games.py from Fairy-Stockfish's own move lists). Before every turn
//! Tabula's legal moves must be
//! Fairy-Stockfish's (their number and digest, and for the first turns the list); where
//! Fairy-Stockfish's rules end the game Tabula's must have ended too, with the same result.
//! Minishogi, Dobutsu, Jeson Mor and Tori shogi's games are written by tests/fsf/shogi_games.py;
//! the counted variants' games toward the endgame (`VARIANT-counting.fsf`) by
//! tests/fsf/counting.py, and Janggi's by tests/fsf/janggi.py, both with pyffish.
//! Perft counts are in tests/perft/ataxx.perft and tests/perft/variants/NAME.perft.

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

/// What a replay covered: games, turns, turns listed in full, passes, and the results
/// (`white`, `black`, `draw`) with how many games ended so.
struct Replayed {
    games: usize,
    turns: usize,
    listed: usize,
    passes: usize,
    results: std::collections::BTreeMap<String, usize>,
    /// Ataxx: games won by taking the loser's last stone.
    wiped: usize,
    /// Castling moves played (a second piece moves).
    castles: usize,
    /// Drops played (`Q@e4`), and pawn drops on a back rank (`P@f1`, Chessgi's first rank).
    drops: usize,
    back_rank_pawns: usize,
    /// Gating moves played (`b1c3h`, `h1e1h`: a move from a back rank with a letter after it).
    gated: usize,
    /// Promotions played, and moves that took a royal piece (Spartan chess's kings).
    promotions: usize,
    royals_taken: usize,
    /// Fairy-Stockfish FENs read and compared (`fen`), those with a count running, and games
    /// ended by the count (`ended counting`).
    fens: usize,
    counted: usize,
    count_ends: usize,
}

fn replay(game: &str, data: &str) -> Replayed {
    let text = std::fs::read_to_string(common::root(&format!("tests/fsf/{data}"))).expect("data");
    let game = common::game(game);
    let mut current: Option<MatchState> = None;
    let mut r = Replayed {
        games: 0,
        turns: 0,
        listed: 0,
        passes: 0,
        results: Default::default(),
        wiped: 0,
        castles: 0,
        drops: 0,
        back_rank_pawns: 0,
        gated: 0,
        promotions: 0,
        royals_taken: 0,
        fens: 0,
        counted: 0,
        count_ends: 0,
    };
    for (i, line) in text.lines().enumerate() {
        let at = format!("{data}:{}", i + 1);
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let mut words = line.split(' ');
        match words.next().expect("a key") {
            "game" => {
                // `game FEN`: a Chess960 set-up to start from.
                let fen: Vec<&str> = words.collect();
                let start = if fen.is_empty() {
                    game.start()
                } else {
                    tabula::engine::Position::from_text(&game, &fen.join(" "))
                        .unwrap_or_else(|e| panic!("{at}: {e:?}"))
                };
                current = Some(MatchState::new(start));
            }
            "fen" => {
                // Fairy-Stockfish's FEN here (counted variants): Tabula reads it as the
                // position the replay reached, count included; without hands, Tabula writes
                // the same string.
                let st = current.as_ref().expect("a game first");
                let fen: Vec<&str> = words.collect();
                let fen = fen.join(" ");
                let read = tabula::engine::Position::from_text(&game, &fen)
                    .unwrap_or_else(|e| panic!("{at}: {e:?}"));
                // While no count runs, the no-progress field is Fairy-Stockfish's fifty-move
                // count, which Makruk's descriptions, without that rule, keep otherwise.
                let running = st.pos.move_count().limit != 0;
                let shown = |text: &str| -> Vec<String> {
                    let mut f: Vec<String> = text.split(' ').map(str::to_string).collect();
                    let n = f.len();
                    if !running && n >= 2 {
                        f[n - 2] = "-".into();
                    }
                    f
                };
                let ours = st.pos.to_text();
                assert_eq!(
                    shown(&read.to_text()),
                    shown(&ours),
                    "{at}: the position read from the FEN"
                );
                if game.initial_hand.is_empty() {
                    assert_eq!(shown(&ours), shown(&fen), "{at}: Tabula's position string");
                }
                r.fens += 1;
                r.counted += usize::from(st.pos.move_count().limit != 0);
            }
            "ended" => {
                // `ended counting`: the count ran out.
                let st = current.as_ref().expect("a game first");
                let why = match st.outcome().expect("over") {
                    Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
                };
                assert!(why.contains("after counting"), "{at}: ended by `{why}`");
                r.count_ends += 1;
            }
            "over" => {
                let st = current.as_ref().expect("a game first");
                assert!(st.outcome().is_some(), "{at}: the game is not over");
            }
            "stop" => {
                let st = current.take().expect("a game first");
                assert!(st.outcome().is_none(), "{at}: the game is over");
            }
            "result" => {
                let st = current.take().expect("a game first");
                let result = words.next().expect("a result");
                let counts: Vec<usize> = words.map(|w| w.parse().expect("a count")).collect();
                let ours = match st.outcome().expect("over") {
                    Outcome::Win { player: 0, .. } => "white",
                    Outcome::Win { .. } => "black",
                    Outcome::Draw { .. } => "draw",
                };
                assert_eq!(ours, result, "{at}: the result");
                if counts.contains(&0) {
                    r.wiped += 1;
                }
                *r.results.entry(result.to_string()).or_default() += 1;
                r.games += 1;
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
                    r.listed += 1;
                }
                assert_eq!(
                    (ours.len(), digest(&ours).as_str()),
                    (count, sum),
                    "{at}: the legal moves, Tabula's being {ours:?}"
                );
                r.passes += usize::from(pick == "pass");
                let b = pick.as_bytes();
                r.gated += usize::from(
                    b.len() == 5 && matches!(b[1], b'1' | b'8') && b[4].is_ascii_lowercase(),
                );
                if let Some((kind, to)) = pick.split_once('@') {
                    r.drops += 1;
                    r.back_rank_pawns +=
                        usize::from(kind == "P" && (to.ends_with('1') || to.ends_with('8')));
                }
                let played = st.moves().iter().find(|m| st.pos.move_text(m) == pick);
                if let Some(m) = &played {
                    r.castles += usize::from(m.extra_from != tabula::geometry::NONE);
                    r.promotions += usize::from(m.promote != 0 && m.from != tabula::geometry::NONE);
                    r.royals_taken += usize::from(m.captures().iter().any(|&c| {
                        let code = st.pos.at(c);
                        code != 0 && game.royal[code as usize]
                    }));
                }
                st.play_text(pick)
                    .unwrap_or_else(|e| panic!("{at}: `{pick}`: {e}"));
                r.turns += 1;
            }
        }
    }
    println!(
        "{data}: {} games, {} turns ({} listed in full), {} passes, {} castlings, {} drops ({} pawns \
         on a back rank), {} gatings, {} promotions, {} royal pieces taken, {} FENs ({} counted), \
         {} ended by the count, results {:?}",
        r.games,
        r.turns,
        r.listed,
        r.passes,
        r.castles,
        r.drops,
        r.back_rank_pawns,
        r.gated,
        r.promotions,
        r.royals_taken,
        r.fens,
        r.counted,
        r.count_ends,
        r.results
    );
    r
}

#[test]
fn ataxx_replays_fairy_stockfish_games() {
    let r = replay("games/ataxx.game", "ataxx.fsf");
    assert_eq!(r.games, 40);
    assert!(r.turns > 4000 && r.listed >= 100);
    // Passes, and games ended both by a full board and by a player's last stone.
    assert!(r.passes > 0 && r.wiped > 0 && r.wiped < r.games);
}

#[test]
fn horde_replays_fairy_stockfish_games() {
    let r = replay("games/variants/horde.game", "horde.fsf");
    assert!(r.games >= 25 && r.turns > 5000);
    // White mates, Black takes every pawn, and games are drawn.
    assert!(r.results.len() == 3, "results {:?}", r.results);
}

/// Grand and Opulent chess: 400 plies a game, so that pawns reach the far ranks and promote to
/// the kinds their side has lost (and not to the others).
#[test]
fn grand_and_opulent_replay_fairy_stockfish_games() {
    for (game, data) in [
        ("games/variants/grand.game", "grand.fsf"),
        ("games/variants/opulent.game", "opulent.fsf"),
    ] {
        let r = replay(game, data);
        let text =
            std::fs::read_to_string(common::root(&format!("tests/fsf/{data}"))).expect("data");
        // Twelve games, most stopped after 400 plies, some ended by checkmate.
        let started = text.lines().filter(|l| *l == "game").count();
        assert!(
            started == 12 && r.games >= 2 && r.turns > 3000,
            "{data}: {} games",
            r.games
        );
        // Moves played that promote (UCI: a letter after the two cells).
        let promotions = text
            .lines()
            .filter_map(|l| l.split(' ').nth(2))
            .filter(|m| m.ends_with(|c: char| c.is_ascii_lowercase()))
            .count();
        assert!(promotions >= 20, "{data}: {promotions} promotions");
    }
}

/// Makruk, ASEAN and Ai-wok: games stop where Fairy-Stockfish's counting rules (not in the
/// descriptions) could begin, so their results are checkmates and stalemates only.
/// How many games of a data file ended by repetition, and with a perpetual check (the
/// script's comments before `over`).
fn repetitions(data: &str) -> (usize, usize) {
    let text = std::fs::read_to_string(common::root(&format!("tests/fsf/{data}"))).expect("data");
    let folds: Vec<&str> = text.lines().filter(|l| l.starts_with("# fold")).collect();
    let perpetual = folds.iter().filter(|l| !l.ends_with("by nobody")).count();
    (folds.len(), perpetual)
}

#[test]
fn minishogi_replays_fairy_stockfish_games() {
    // Its fourth repetition loses for White unless a player checked perpetually.
    let r = replay("games/variants/minishogi.game", "minishogi.fsf");
    assert!(r.games >= 50 && r.turns > 2000);
    let (folds, perpetual) = repetitions("minishogi.fsf");
    assert!(
        folds >= 20 && perpetual >= 3,
        "{folds} repetitions, {perpetual} perpetual"
    );
    assert!(r.results.len() >= 2, "results {:?}", r.results);
}

/// How many of a data file's comment lines (the script's notes on how a game went) are `comment`.
fn ended_by(data: &str, comment: &str) -> usize {
    let text = std::fs::read_to_string(common::root(&format!("tests/fsf/{data}"))).expect("data");
    text.lines().filter(|l| *l == comment).count()
}

#[test]
fn dobutsu_replays_fairy_stockfish_games() {
    // The try: a lion on the last rank wins only where it cannot be taken.
    let r = replay("games/variants/dobutsu.game", "dobutsu.fsf");
    assert!(r.games >= 100 && r.turns > 1500);
    assert_eq!(r.results.len(), 3, "results {:?}", r.results);
    let (tries, taken) = (
        ended_by("dobutsu.fsf", "# try"),
        ended_by("dobutsu.fsf", "# lion taken"),
    );
    assert!(
        tries >= 10 && taken >= 10,
        "{tries} tries, {taken} lions taken"
    );
}

#[test]
fn jesonmor_replays_fairy_stockfish_games() {
    // A knight on e5 wins when its owner's turn comes, not when it arrives.
    let r = replay("games/variants/jesonmor.game", "jesonmor.fsf");
    assert!(r.games >= 100 && r.turns > 2000);
    assert_eq!(r.results.len(), 3, "results {:?}", r.results);
    let (held, taken) = (
        ended_by("jesonmor.fsf", "# held the centre"),
        ended_by("jesonmor.fsf", "# taken on the centre"),
    );
    assert!(held >= 20 && taken >= 10, "{held} held, {taken} taken");
}

#[test]
fn torishogi_replays_fairy_stockfish_games() {
    // Its fourth repetition wins for the player to move, unless a player checked perpetually.
    let r = replay("games/variants/torishogi.game", "torishogi.fsf");
    assert!(r.games >= 40 && r.turns > 5000);
    let (folds, _) = repetitions("torishogi.fsf");
    assert!(folds >= 20, "{folds} repetitions");
    assert!(r.results.len() >= 2, "results {:?}", r.results);
}

#[test]
fn makruk_family_replays_fairy_stockfish_games() {
    for (game, data) in [
        ("games/variants/makruk.game", "makruk.fsf"),
        ("games/variants/asean.game", "asean.fsf"),
        ("games/variants/ai-wok.game", "ai-wok.fsf"),
    ] {
        let r = replay(game, data);
        assert!(r.turns > 2500 && r.listed >= 80, "{data}");
    }
}

/// Cambodian chess (the king's and the met's first moves, the king's right lost to a rook),
/// Kar Ouk (the first check wins) and Makpong (a king in check moves only to take a lone
/// checker); their games stop where counting could begin, as Makruk's do.
#[test]
fn cambodian_karouk_and_makpong_replay_fairy_stockfish_games() {
    for (game, data, turns) in [
        ("games/variants/cambodian.game", "cambodian.fsf", 2500),
        ("games/variants/karouk.game", "karouk.fsf", 500),
        ("games/variants/makpong.game", "makpong.fsf", 2000),
    ] {
        let r = replay(game, data);
        assert!(r.turns > turns, "{data}: {} turns", r.turns);
    }
}

/// The counting rules (Makruk's in Makruk, Makpong and Ai-wok; Cambodian's in Cambodian chess
/// and Kar Ouk; ASEAN's in ASEAN and Sittuyin) against Fairy-Stockfish's: random games that
/// capture eagerly, from the start and from made-up endgames, with Fairy-Stockfish's FEN (its
/// count) compared wherever a count runs, and games ended by the count
/// (tests/fsf/counting.py).
#[test]
fn counting_rules_replay_fairy_stockfish_games() {
    for (variant, min_ends) in [
        ("makruk", 5),
        ("makpong", 5),
        ("ai-wok", 5),
        ("cambodian", 5),
        ("karouk", 1),
        ("asean", 5),
        ("sittuyin", 1),
    ] {
        let data = format!("{variant}-counting.fsf");
        let r = replay(&format!("games/variants/{variant}.game"), &data);
        assert!(r.counted >= 100, "{data}: {} FENs with a count", r.counted);
        assert!(
            r.count_ends >= min_ends,
            "{data}: {} ended by the count",
            r.count_ends
        );
    }
}

/// Janggi (tests/fsf/janggi.py: pyffish's random games, a pass one time in twenty): the
/// palace lines, the cannon's screen, passes, bikjang and counting by points.
#[test]
fn janggi_replays_fairy_stockfish_games() {
    let r = replay("games/variants/janggi.game", "janggi.fsf");
    assert!(
        r.games >= 30 && r.turns > 6000,
        "{} games, {} turns",
        r.games,
        r.turns
    );
    assert!(r.passes >= 300, "{} passes", r.passes);
}

#[test]
fn atomic_replays_fairy_stockfish_chess960_games() {
    let r = replay("games/variants/atomic.game", "atomic.fsf");
    assert!(r.games >= 20 && r.turns > 1000);
    assert!(r.results.len() >= 2, "results {:?}", r.results);
    assert!(r.castles > 0);
}

#[test]
fn extinction_replays_fairy_stockfish_chess960_games() {
    let r = replay("games/variants/extinction.game", "extinction.fsf");
    assert!(r.games >= 20 && r.turns > 1000);
    assert!(r.results.len() >= 2, "results {:?}", r.results);
    assert!(r.castles > 0);
}

/// Duck chess: every move with the duck's new square (`e2e4/e5`, Fairy-Stockfish's
/// `e2e4,e4e5`), some 600 a turn; games end when a king is taken (or by stalemate, which the
/// stalemated player wins).
#[test]
fn duck_replays_fairy_stockfish_games() {
    let r = replay("games/variants/duck.game", "duck.fsf");
    assert!(r.games >= 30 && r.turns > 1000);
    assert!(r.results.len() >= 2, "results {:?}", r.results);
    assert!(r.promotions > 0);
    assert!(r.castles > 0);
}

/// Duck chess's stalemate, made up (Fairy-Stockfish's `go perft 1` lists no move there): the
/// player who cannot move wins, and one who has lost their king loses.
#[test]
fn duck_stalemate_wins_and_a_taken_king_loses() {
    let game = common::game("games/variants/duck.game");
    for (fen, winner) in [
        ("kb6/p*p5/P1P5/8/8/8/8/7K b - - 0 1", 1),
        ("8/p*p5/P1P5/8/8/8/8/7K b - - 0 1", 0),
    ] {
        let pos = tabula::engine::Position::from_text(&game, fen).expect("a position");
        let st = MatchState::new(pos);
        assert!(
            matches!(st.outcome(), Some(Outcome::Win { player, .. }) if *player == winner),
            "{fen}: {:?}",
            st.outcome()
        );
    }
}

/// Loop chess and Chessgi (Crazyhouse where a captured promoted piece keeps its kind; Chessgi
/// also drops pawns on the first rank): games stop after 200 plies, so their results are
/// checkmates and stalemates only.
#[test]
fn loop_and_chessgi_replay_fairy_stockfish_games() {
    let r = replay("games/variants/loop.game", "loop.fsf");
    assert!(r.games >= 5 && r.turns > 3000 && r.drops > 500, "loop");
    assert_eq!(r.back_rank_pawns, 0, "loop");
    let r = replay("games/variants/chessgi.game", "chessgi.fsf");
    assert!(
        r.games >= 5 && r.turns > 3000 && r.back_rank_pawns > 0,
        "chessgi"
    );
}

/// Seirawan chess and S-House (gating: a piece from the hand enters the square a back-rank
/// piece leaves on its first move; S-House also drops and takes captures in hand), from the
/// start with Chess960 castling notation (castling as the king taking its rook, gating on the
/// rook's square as `h1e1h`): games stop after 200 plies.
#[test]
fn seirawan_and_shouse_replay_fairy_stockfish_games() {
    let r = replay("games/variants/seirawan.game", "seirawan.fsf");
    assert!(r.turns > 3000 && r.gated > 20, "seirawan");
    let r = replay("games/variants/shouse.game", "shouse.fsf");
    assert!(r.turns > 3000 && r.gated > 20 && r.drops > 100, "shouse");
}

/// Sort of almost chess and Chigorin (each side promotes to its own army's pieces) and Coregal
/// (queens royal too: checkmate of a queen, and no promotion to a queen on an attacked square):
/// games stop after 200 plies, so their results are checkmates and stalemates only.
#[test]
fn promotion_per_side_and_coregal_replay_fairy_stockfish_games() {
    for (game, data) in [
        ("games/variants/sortofalmost.game", "sortofalmost.fsf"),
        ("games/variants/chigorin.game", "chigorin.fsf"),
        ("games/variants/coregal.game", "coregal.fsf"),
    ] {
        let r = replay(game, data);
        assert!(r.turns > 3000, "{data}");
    }
    let r = replay("games/variants/coregal.game", "coregal.fsf");
    assert!(r.games >= 5, "coregal: {} games over", r.games);
}

/// Spartan chess: while Black has two kings a move may leave one attacked, and White may then
/// take it; hoplites promote, to a king only while Black has one. Games stop after 200 plies.
#[test]
fn spartan_replays_fairy_stockfish_games() {
    let r = replay("games/variants/spartan.game", "spartan.fsf");
    assert!(
        r.turns > 5000 && r.promotions >= 20 && r.royals_taken >= 5,
        "spartan: {} turns, {} promotions, {} kings taken",
        r.turns,
        r.promotions,
        r.royals_taken
    );
}

/// Placement chess: every piece but the pawns starts in hand and is dropped on the player's
/// first rank before anything moves (the bishops on both colours), then chess; games stop
/// after 200 plies. (Random drops seldom give castling rights: the suite's perft positions
/// test those.)
#[test]
fn placement_replays_fairy_stockfish_games() {
    let r = replay("games/variants/placement.game", "placement.fsf");
    // 30 games of 16 drops each.
    assert!(
        r.drops == 30 * 16 && r.turns > 5000 && r.games >= 5,
        "placement: {} drops, {} turns, {} ended",
        r.drops,
        r.turns,
        r.games
    );
}

/// Sittuyin: the placing phase (every piece but the pawns dropped on the player's own three
/// ranks, rooks on the first), then Makruk's moves, with pawns promoting by a move of their
/// own (in place or a step diagonally, `d5d5f`, `d5c4f`); games stop where Fairy-Stockfish's
/// counting could begin (no pawns left) or after 200 plies.
#[test]
fn sittuyin_replays_fairy_stockfish_games() {
    let r = replay("games/variants/sittuyin.game", "sittuyin.fsf");
    let text = std::fs::read_to_string(common::root("tests/fsf/sittuyin.fsf")).expect("data");
    let promotions: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split(' ').nth(2))
        .filter(|m| m.len() == 5 && m.ends_with('f') && !m.contains('@'))
        .collect();
    let in_place = promotions.iter().filter(|m| m[..2] == m[2..4]).count();
    assert!(
        r.drops == 40 * 16 && r.turns > 5000,
        "sittuyin: {} drops, {} turns",
        r.drops,
        r.turns
    );
    assert!(
        promotions.len() >= 20 && in_place > 0 && in_place < promotions.len(),
        "sittuyin: {} promotions, {in_place} in place",
        promotions.len()
    );
}

/// How many of a data file's repetitions were decided by a perpetual chase (the script's
/// comments before `over`).
fn chases(data: &str) -> usize {
    let text = std::fs::read_to_string(common::root(&format!("tests/fsf/{data}"))).expect("data");
    text.lines()
        .filter(|l| l.starts_with("# fold 3, perpetual chase"))
        .count()
}

#[test]
fn xiangqi_replays_fairy_stockfish_games() {
    // Third occurrences decided as Fairy-Stockfish decides them: perpetual check, then
    // perpetual chase, else a draw (tests/fsf/xiangqi_games.py, from pyffish).
    let r = replay("games/xiangqi.game", "xiangqi.fsf");
    let (folds, _) = repetitions("xiangqi.fsf");
    println!(
        "{folds} repetitions, {} decided by a chase",
        chases("xiangqi.fsf")
    );
    assert!(r.games >= 30, "{} games", r.games);
}

/// Made-up Xiangqi positions, with Fairy-Stockfish's verdicts (pyffish 0.0.90's
/// `is_optional_game_end` after the same moves): Red's chariot follows an unprotected horse
/// between two squares, a perpetual chase that Red loses; where a black chariot stands behind
/// the horse, the same moves are a draw.
#[test]
fn xiangqi_made_up_chases() {
    let game = common::game("games/xiangqi.game");
    let moves = ["i0g0", "g7i6", "g0i0", "i6g7"];
    for (fen, expected) in [
        ("4k4/9/6n2/9/9/9/9/9/9/3K4R w - - 0 1", Some(1)),
        ("4k4/9/6n1r/9/9/9/9/9/9/3K4R w - - 0 1", None),
    ] {
        let start = tabula::engine::Position::from_text(&game, fen).expect("a position");
        let mut st = MatchState::new(start);
        for (i, m) in moves.iter().cycle().take(8).enumerate() {
            assert!(st.outcome().is_none(), "{fen}: over after {i} moves");
            st.play_text(m).expect("a legal move");
        }
        let winner = match st.outcome().expect("the third occurrence ends the game") {
            Outcome::Win { player, .. } => Some(*player),
            Outcome::Draw { .. } => None,
        };
        assert_eq!(winner, expected, "{fen}: {:?}", st.outcome());
    }
}

/// Koedem (Bughouse on one board with kings that are no royal pieces), from positions that
/// give kings and other pieces in hand: a king in hand is placed before anything else, kings
/// are taken and castle through attack, and a player without a king while the opponent owns
/// two loses; games stop after 200 plies.
#[test]
fn koedem_replays_fairy_stockfish_games() {
    let r = replay("games/variants/koedem.game", "koedem.fsf");
    let text = std::fs::read_to_string(common::root("tests/fsf/koedem.fsf")).expect("data");
    let king_drops = text.lines().filter(|l| l.contains(" K@")).count();
    assert!(
        r.games >= 5 && r.turns > 5000 && r.drops > 100 && king_drops >= 20 && r.castles > 0,
        "koedem: {} games, {} turns, {} drops ({king_drops} of kings), {} castlings",
        r.games,
        r.turns,
        r.drops,
        r.castles
    );
    assert!(r.results.len() >= 2, "results {:?}", r.results);
}
