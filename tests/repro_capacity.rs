//! Regression tests for the capacity reproducers of `shared/repro/` (copied to
//! `tests/repro/capacity/`): jump chains longer than a move's inline room, positions with more moves
//! than the move budget, and records replayed in memory linear in their length.

mod common;

/// `replay-memory.sh`: a record of 40,000 moves kept a match state (with its whole history)
/// per move, some 6 GB; replayed now in a few megabytes.
#[test]
fn a_long_record_replays_in_linear_memory() {
    let (dir, path) = common::scratch_file("replay", "shuffle-record.txt");
    std::fs::write(&path, common::shuffle_record(40_000)).expect("written");
    let common::Watched {
        code,
        stderr: err,
        peak_kb: peak,
        ..
    } = common::run_watching_memory(
        &[
            "replay",
            &path,
            "--game",
            "tests/repro/capacity/shuffle.game",
            "--json",
        ],
        "",
        150_000,
    );
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, Some(0), "{err}");
    // Well under the limit: the quadratic replay passed it before a tenth of the moves.
    assert!(peak < 150_000, "peak {peak} kB");
}

/// The library's replay keeps the moves and the end, and gives every position again.
#[test]
fn a_replay_holds_its_moves_and_gives_each_position() {
    let g = common::game("tests/repro/capacity/shuffle.game");
    let names: Vec<String> = g.players.iter().map(|p| p.name.clone()).collect();
    let record = tabula::record::Record::parse(&common::shuffle_record(4_000), &names).unwrap();
    let replay = record.replay(&g).unwrap();
    assert_eq!(replay.moves.len(), 4_000);
    assert_eq!(replay.end.pos.ply(), 4_000);
    let positions: Vec<String> = replay.positions().map(|p| p.to_text()).collect();
    assert_eq!(positions.len(), 4_001);
    // Out and back every four moves: the start comes back, the counters on.
    assert_eq!(positions[0], "2k/3/K2 w 0 1");
    assert_eq!(positions[1], "2k/K2/3 b 1 1");
    assert_eq!(positions[4_000], "2k/3/K2 w 4000 2001");
}

/// The description of `jump-chain-over-24.game` with `edit` applied to its text.
fn long_chain_source(edit: impl Fn(&str) -> String) -> String {
    let source =
        std::fs::read_to_string(common::root("tests/repro/capacity/jump-chain-over-24.game"))
            .expect("the reproducer is in the repository");
    edit(&source)
}

/// The one move of the long chain: over all 25 black men, and back to a3.
const WHOLE_CHAIN: &str =
    "a1xc1xe1xg1xi1xk1xm1xo1xq1xs1xu1xw1xy1xy3xw3xu3xs3xq3xo3xm3xk3xi3xg3xe3xc3xa3";

/// `jump-chain-over-24.game`: the chain stopped at 24 captures (b3 left standing) and that
/// shortened move was listed as legal. A move now holds any chain the board allows.
#[test]
fn a_jump_chain_longer_than_a_move_holds_inline_is_whole() {
    let (code, out, err) = common::run_tabula(
        &["moves", "tests/repro/capacity/jump-chain-over-24.game"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), WHOLE_CHAIN);
    let g = common::game("tests/repro/capacity/jump-chain-over-24.game");
    let start = g.start();
    let mut moves = Vec::new();
    start.try_legal_moves(&mut moves).unwrap();
    assert_eq!(moves.len(), 1);
    let m = &moves[0];
    assert_eq!(m.captures().len(), 25);
    assert_eq!(m.landings().len(), 25);
    // A copy holds the whole chain too, and reads back from its text.
    let copy = m.clone();
    assert!(copy.same_as(m));
    assert!(start.parse_move(WHOLE_CHAIN).unwrap().same_as(m));
    // Played, it leaves black nothing.
    let mut after = start.clone();
    after.play(m);
    assert_eq!(after.count(1, None), 0);
    assert_eq!(after.count(0, None), 1);
    assert_eq!(after.at(m.to), g.start().at(m.from));
}

/// The filters that compare moves or play them on a scratch board (majority capture and
/// identity by captures, royal safety) keep the whole chain as well.
#[test]
fn the_filters_keep_a_long_chain_whole() {
    let variants =
        [
            long_chain_source(|s| {
                s.replace(
                    "capture is compulsory",
                    "capture is compulsory and must take the most pieces",
                )
            }),
            long_chain_source(|s| {
                s.replace(
                "  capture is compulsory",
                "  piece king \"K\" royal {\n    step all to empty\n  }\n\n  capture is compulsory",
            )
            .replace("    white man on a1", "    white man on a1\n    white king on z5")
            }),
        ];
    for source in variants {
        let g = tabula::compile_source(&source).unwrap_or_else(|e| panic!("{e:?}\n{source}"));
        let start = g.start();
        let mut moves = Vec::new();
        start.try_legal_moves(&mut moves).unwrap();
        let texts: Vec<String> = moves.iter().map(|m| start.move_text(m)).collect();
        assert_eq!(texts, [WHOLE_CHAIN], "{source}");
        // The scratch board is put back: the position still lists the same move.
        start.try_legal_moves(&mut moves).unwrap();
        assert_eq!(moves[0].captures().len(), 25);
    }
}

/// `move-list-explosion.game`: every maximal capture chain through a lattice of 121 men was
/// listed, some 8 GB, and the process aborted. The library now answers with an error past
/// `MAX_MOVES` moves, and the CLI prints it and exits 1, in bounded memory.
#[test]
fn a_position_with_too_many_moves_is_refused() {
    let g = common::game("tests/repro/capacity/move-list-explosion.game");
    let start = g.start();
    let mut moves = Vec::new();
    let e = start.try_legal_moves(&mut moves).unwrap_err();
    assert_eq!(e.to_string(), "more than 100000 moves from this position");
    assert!(moves.is_empty());
    // The infallible list stops one past the budget: bounded, and visibly incomplete.
    start.legal_moves(&mut moves);
    assert_eq!(moves.len(), tabula::engine::MAX_MOVES + 1);
    let file = "tests/repro/capacity/move-list-explosion.game";
    for (args, message) in [
        (
            vec!["validate", file],
            format!("error: {file}: more than 100000 moves from the start position"),
        ),
        (
            vec!["moves", file],
            "error: more than 100000 moves from this position".to_string(),
        ),
        (
            vec!["perft", file, "1"],
            "error: more than 100000 moves from this position".to_string(),
        ),
    ] {
        let common::Watched {
            code, stderr: err, ..
        } = common::run_watching_memory(&args, "", 400_000);
        assert_eq!(code, Some(1), "{args:?}: {err}");
        assert_eq!(err.lines().next(), Some(message.as_str()), "{args:?}");
    }
}

/// A count deeper than the first ply meets the budget too: a position reached in the count
/// with more moves than the budget is an error, never a count over a list cut short. Black
/// moves first with one pawn step; below it, White's man has millions of capture chains.
#[test]
fn a_position_past_the_budget_inside_a_count_is_an_error() {
    let source = std::fs::read_to_string(common::root(
        "tests/repro/capacity/move-list-explosion.game",
    ))
    .expect("the reproducer");
    let source = source
        .replace(
            "players white (forward north), black (forward south)",
            "players black (forward south), white (forward north)",
        )
        .replace(
            "  setup {\n",
            "  piece pawn \"P\" {\n    step forward to empty\n  }\n\n  setup {\n    black pawn on a22\n",
        );
    let (dir, file) = common::scratch_file("perft-past-budget", "explode-later.game");
    std::fs::write(&file, &source).expect("written");
    let g = tabula::compile_source(&source).unwrap_or_else(|_| panic!("{source}"));
    assert_eq!(tabula::engine::perft(&g.start(), 1, &mut |_| {}), Ok(1));
    assert_eq!(
        tabula::engine::perft(&g.start(), 2, &mut |_| {}),
        Err(tabula::engine::TooManyMoves)
    );
    assert!(tabula::engine::perft_divide(&g.start(), 2).is_err());
    let common::Watched {
        code, stderr: err, ..
    } = common::run_watching_memory(&["perft", &file, "2"], "", 400_000);
    std::fs::remove_dir_all(dir).expect("scratch folder removed");
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(
        err.lines().next(),
        Some("error: perft 2: more than 100000 moves from this position, reached in the count")
    );
}
