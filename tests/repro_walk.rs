//! Issue 27, the follow-up on walks: `tabula play --load` of a long record kept a match state
//! (with the whole history) per move for `undo`, memory quadratic in the record's length; it
//! now keeps the moves and plays them again from the start to take some back. (The walks'
//! long removals, long jump routes and the slow royal walk are `tests/repro/*.game`.)

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A record of `n` moves (a multiple of 4) of the shuffle game: the kings go out and back.
fn shuffle_record(n: usize) -> String {
    let mut s = String::from(
        "# Tabula game record\ngame: tests/repro/capacity/shuffle.game\ndescription: 0\n\
         start: 2k/3/K2 w 0 1\n",
    );
    for _ in 0..n / 40 {
        s.push_str("moves: ");
        s.push_str(&["a1-a2; c3-c2; a2-a1; c2-c3"; 10].join("; "));
        s.push('\n');
    }
    s
}

/// Runs `tabula` with `args` from the crate root, `input` on its standard input, watching its
/// peak resident memory (`VmHWM`, Linux): the child is killed as soon as it passes `limit_kb`,
/// so a defect that would take gigabytes fails the test instead of the machine. Gives the
/// exit code, the standard output and the peak seen.
fn run_watching_memory(args: &[&str], input: &str, limit_kb: u64) -> (Option<i32>, String, u64) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("tabula runs");
    child
        .stdin
        .take()
        .expect("a pipe")
        .write_all(input.as_bytes())
        .expect("the input is written");
    // Read the output on a thread, so that a full pipe never stalls the child.
    let mut stdout = child.stdout.take().expect("a pipe");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stdout.read_to_string(&mut s);
        s
    });
    let status_file = format!("/proc/{}/status", child.id());
    let started = Instant::now();
    let mut peak = 0;
    let status = loop {
        if let Ok(s) = std::fs::read_to_string(&status_file) {
            if let Some(kb) = s
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            {
                peak = peak.max(kb);
            }
        }
        if let Some(status) = child.try_wait().expect("waits") {
            break status;
        }
        if peak > limit_kb || started.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "tabula {} took {peak} kB (limit {limit_kb} kB) after {:?}",
                args.join(" "),
                started.elapsed()
            );
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    (status.code(), reader.join().expect("the reader"), peak)
}

/// A record of 40,000 moves taken up in `play`: two moves taken back, one played instead;
/// the game goes on from the right position, in a few megabytes (a match state per move was
/// some 6 GB).
#[test]
fn a_long_record_loads_for_play_in_linear_memory() {
    let dir = std::env::temp_dir().join(format!("tabula-play-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("shuffle-record.txt");
    std::fs::File::create(&record)
        .unwrap()
        .write_all(shuffle_record(40_000).as_bytes())
        .unwrap();
    let saved = dir.join("saved.record");
    let (record, saved_path) = (
        record.to_string_lossy().to_string(),
        saved.to_string_lossy().to_string(),
    );
    let (code, out, peak) = run_watching_memory(
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
    let saved = std::fs::read_to_string(&saved).unwrap_or_default();
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
