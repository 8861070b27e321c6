//! Issue 27, the follow-up on walks: `tabula play --load` of a long record kept a match state
//! (with the whole history) per move for `undo`, memory quadratic in the record's length; it
//! now keeps the moves and plays them again from the start to take some back. (The walks'
//! long removals, long jump routes and the slow royal walk are `tests/repro/*.game`.)

mod common;

/// A record of 40,000 moves taken up in `play`: two moves taken back, one played instead;
/// the game goes on from the right position, in a few megabytes (a match state per move was
/// some 6 GB).
#[test]
fn a_long_record_loads_for_play_in_linear_memory() {
    let (dir, record) = common::scratch_file("play-load", "shuffle-record.txt");
    std::fs::write(&record, common::shuffle_record(40_000)).expect("written");
    let saved_path = dir.join("saved.record").to_string_lossy().to_string();
    let common::Watched {
        code,
        stdout: out,
        peak_kb: peak,
        ..
    } = common::run_watching_memory(
        &[
            "play",
            "tests/repro/capacity/shuffle.game",
            "--load",
            &record,
            "--white",
            "human",
            "--black",
            "human",
            "--save",
            &saved_path,
        ],
        "undo\nundo\na2-b1\nquit\n",
        150_000,
    );
    let saved = std::fs::read_to_string(&saved_path).unwrap_or_default();
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, Some(0), "{out}");
    assert!(peak < 150_000, "peak {peak} kB");
    // Each undo takes back the last move (both sides are people), and the board is the one
    // before it: after the second, white's king is back on a2 with white to move, and goes
    // to b1 instead.
    assert!(out.contains("took back 1 move: c2-c3"), "{out}");
    assert!(out.contains("took back 1 move: a2-a1"), "{out}");
    assert!(out.contains("moves (39999):"), "{out}");
    assert!(out.contains("position: 3/2k/1K1 b"), "{out}");
    // The record saved holds the moves kept, the new one last.
    let moves: Vec<&str> = saved
        .lines()
        .filter_map(|l| l.strip_prefix("moves: "))
        .flat_map(|l| l.split("; "))
        .collect();
    assert_eq!(moves.len(), 39_999, "{saved}");
    assert_eq!(moves[39_996..], ["a1-a2", "c3-c2", "a2-b1"]);
}
