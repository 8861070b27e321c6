//! PGN: standard algebraic notation written and read, whole games exported and imported.

mod common;

use tabula::engine::Position;
use tabula::pgn;

#[test]
fn a_game_written_by_hand_is_read_to_its_mate() {
    // Morphy's Opera game, as a PGN from elsewhere: tags, a comment, a variation, a NAG,
    // annotations and a move number glued to its move are all read past.
    let g = common::game("games/chess.game");
    let text = std::fs::read_to_string(common::root("tests/pgn/opera-game.pgn")).unwrap();
    let game = pgn::read(&g, &text).unwrap();
    assert_eq!(game.moves.len(), 33);
    assert_eq!(game.result, "1-0");
    let end = &game.end;
    assert_eq!(
        end.outcome().map(|o| o.describe(&g)).as_deref(),
        Some("white wins (lose when I have no legal move and I am in check)")
    );
    assert_eq!(
        end.pos.to_text(),
        "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17"
    );
    let tag = |k: &str| {
        game.tags
            .iter()
            .find(|(t, _)| t == k)
            .map(|(_, v)| v.as_str())
    };
    assert_eq!(tag("White"), Some("Paul Morphy"));
}

#[test]
fn san_tells_pieces_apart_and_marks_castling_checks_and_promotions() {
    let g = common::game("games/chess.game");
    let san_of = |fen: &str, coord: &str| {
        let pos = Position::from_text(&g, fen).unwrap();
        let m = pos.parse_move(coord).unwrap();
        pgn::san(&pos, &m)
    };
    // Two knights reach d2: the file tells them apart; two rooks on a file: the rank.
    let fen = "4k3/8/8/R7/8/8/8/RN2KN2 w - - 0 1";
    assert_eq!(san_of(fen, "b1d2"), "Nbd2");
    assert_eq!(san_of(fen, "f1d2"), "Nfd2");
    assert_eq!(san_of(fen, "a1a3"), "R1a3");
    assert_eq!(san_of(fen, "a5a3"), "R5a3");
    // Castling both ways, a pawn capture, a promotion with check.
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(san_of(fen, "e1g1"), "O-O");
    assert_eq!(san_of(fen, "e1c1"), "O-O-O");
    assert_eq!(san_of("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5"), "exd5");
    assert_eq!(san_of("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q"), "b8=Q+");
}

#[test]
fn a_random_game_written_as_pgn_reads_back_move_for_move() {
    let g = common::game("games/chess.game");
    for seed in 1..=3 {
        let (moves, positions, state) = common::random_game(&g, seed, 300);
        let text = pgn::write(&g, &g.start(), &moves, ["A", "B"], state.outcome());
        assert!(text.lines().all(|l| l.len() <= 79), "{text}");
        let back = pgn::read(&g, &text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
        let read: Vec<String> = back.positions().map(|p| p.to_text()).collect();
        assert_eq!(read, positions, "seed {seed}");
        assert_eq!(back.result, pgn::result_token(state.outcome()));
    }
}

#[test]
fn an_illegal_move_in_a_pgn_is_named_by_its_number() {
    let g = common::game("games/chess.game");
    let e = pgn::read(&g, "1. e4 e5 2. Ke3 *").err().unwrap();
    assert!(
        e.starts_with("move 3: `Ke3` is not a legal move; legal moves: "),
        "{e}"
    );
}

#[test]
fn play_saves_pgn_and_replay_and_load_read_it() {
    let (dir, file) = common::scratch_file("pgn", "game.pgn");
    let file = file.as_str();
    let args = [
        "play",
        "games/chess.game",
        "--white",
        "human",
        "--black",
        "human",
        "--save",
        file,
    ];
    let (code, out, err) = common::run_tabula(&args, "e2e4\ne7e5\ng1f3\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with(&format!("saved to {file}\n")), "{out}");
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.ends_with("\n\n1. e4 e5 2. Nf3 *\n"), "{text}");
    // Replayed with the description named.
    let (code, out, err) = common::run_tabula(
        &["replay", file, "--game", "games/chess.game", "--json"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["moves"][2]["move"], "g1f3");
    // Without it, the command says what is missing.
    let (code, _, err) = common::run_tabula(&["replay", file], "");
    assert_eq!(code, 2);
    assert!(err.contains("add `--game FILE`"), "{err}");
    // Taken up again from the PGN.
    let load = [
        "play",
        "games/chess.game",
        "--white",
        "human",
        "--black",
        "human",
        "--load",
        file,
    ];
    let (code, out, err) = common::run_tabula(&load, "quit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("moves (3): e2e4 e7e5 g1f3\n"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn draughts_squares_are_numbered_as_pdn_numbers_them() {
    let pdn_moves = |path: &str| {
        let g = common::game(path);
        let numbers = pgn::square_numbers(&g).expect("numbered");
        let pos = g.start();
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut t: Vec<String> = moves.iter().map(|m| pgn::pdn(&pos, &numbers, m)).collect();
        t.sort_by_key(|s| {
            let (a, b) = s.split_once('-').unwrap();
            (a.parse::<u32>().unwrap(), b.parse::<u32>().unwrap())
        });
        t.join(" ")
    };
    // English draughts: Black (first) on 1-12, White on 21-32.
    assert_eq!(
        pdn_moves("games/english-draughts.game"),
        "9-13 9-14 10-14 10-15 11-15 11-16 12-16"
    );
    // International: Black on 1-20, White (first) on 31-50.
    assert_eq!(
        pdn_moves("games/international-draughts.game"),
        "31-26 31-27 32-27 32-28 33-28 33-29 34-29 34-30 35-30"
    );
}

#[test]
fn pdn_games_are_read_and_random_ones_round_trip() {
    let g = common::game("games/english-draughts.game");
    let text = std::fs::read_to_string(common::root("tests/pgn/old-fourteenth.pdn")).unwrap();
    let game = pgn::read_as(pgn::Format::Pdn, &g, &text).unwrap();
    assert_eq!(game.moves.len(), 8);
    // Black's men (the first player's, upper case) on 8, 11 and 18; White's on 13 and 20.
    let pos = &game.positions().nth(8).unwrap();
    let numbers = pgn::square_numbers(&g).unwrap();
    let on = |n: u16| {
        let cell = numbers.iter().position(|&k| k == n).unwrap();
        g.letter(pos.at(cell as tabula::geometry::Cell))
    };
    assert_eq!(
        [on(8), on(11), on(18), on(13), on(20)],
        ['M', 'M', 'M', 'm', 'm']
    );
    assert_eq!([on(4), on(15), on(17), on(22), on(23), on(24)], ['.'; 6]);

    for path in [
        "games/english-draughts.game",
        "games/international-draughts.game",
    ] {
        let g = common::game(path);
        for seed in 1..=2 {
            let (moves, positions, state) = common::random_game(&g, seed, 200);
            let text = pgn::write_as(
                pgn::Format::Pdn,
                &g,
                &g.start(),
                &moves,
                ["A", "B"],
                state.outcome(),
            );
            let back = pgn::read_as(pgn::Format::Pdn, &g, &text)
                .unwrap_or_else(|e| panic!("{path} seed {seed}: {e}\n{text}"));
            let read: Vec<String> = back.positions().map(|p| p.to_text()).collect();
            assert_eq!(read, positions, "{path} seed {seed}");
        }
    }
}

#[test]
fn play_saves_pdn_for_numbered_draughts_and_says_why_not_elsewhere() {
    let (dir, file) = common::scratch_file("pdn", "game.pdn");
    let file = file.as_str();
    let draughts = [
        "play",
        "games/english-draughts.game",
        "--black",
        "human",
        "--white",
        "human",
        "--save",
        file,
    ];
    let (code, out, err) = common::run_tabula(&draughts, "c3-d4\nf6-e5\nquit\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with(&format!("saved to {file}\n")), "{out}");
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.contains("[GameType \"21\"]\n"), "{text}");
    assert!(text.ends_with("\n\n1. 11-15 22-18 *\n"), "{text}");
    // Chess has no numbered squares: the save says so and the game is not lost.
    let chess = [
        "play",
        "games/chess.game",
        "--white",
        "human",
        "--black",
        "human",
        "--save",
        file,
    ];
    let (code, out, _) = common::run_tabula(&chess, "e2e4\nquit\n");
    assert_eq!(code, 0);
    assert!(out.contains("moves (1): e2e4\n"), "{out}");
    assert!(out.contains("PDN needs numbered squares"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}
