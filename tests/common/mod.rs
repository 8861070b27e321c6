//! Shared test helpers: snapshots live in the top-level `snapshots/` folder.

#![allow(dead_code)]

/// Runs `f` with insta writing snapshots to `snapshots/` (not `tests/snapshots/`).
pub fn in_snapshots<R>(f: impl FnOnce() -> R) -> R {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(f)
}

/// The path of a file relative to the crate root.
pub fn root(path: &str) -> String {
    format!("{}/{}", env!("CARGO_MANIFEST_DIR"), path)
}

/// The files of `dir` (relative to the crate root) ending in `.ext`, sorted, as paths
/// relative to the crate root (`games/chess.game`). Fails the test when there are none.
pub fn files(dir: &str, ext: &str) -> Vec<String> {
    let full = root(dir);
    let mut out: Vec<String> = std::fs::read_dir(&full)
        .unwrap_or_else(|e| panic!("cannot read {full}: {e}"))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .map(|p| format!("{dir}/{}", p.file_name().unwrap().to_string_lossy()))
        .collect();
    out.sort();
    assert!(!out.is_empty(), "no .{ext} files in {dir}");
    out
}

/// Every shipped description: `games/*.game`, then the chess variants of
/// `games/variants/*.game`, as paths relative to the crate root.
pub fn shipped_games() -> Vec<String> {
    let mut out = files("games", "game");
    out.extend(files("games/variants", "game"));
    out
}

/// A shipped description's name: its path under `games/` without the extension
/// (`chess`, `variants/horde`).
pub fn game_name(path: &str) -> String {
    let under = path.strip_prefix("games/").unwrap_or(path);
    under.strip_suffix(".game").unwrap_or(under).to_string()
}

/// The name of a file without its folder and extension.
pub fn stem(path: &str) -> String {
    let name = path.rsplit('/').next().unwrap_or(path);
    name.split_once('.').map_or(name, |(s, _)| s).to_string()
}

/// Loads a shipped game or fails the test with its rendered diagnostics.
pub fn game(path: &str) -> tabula::engine::Game {
    match tabula::load_file(&root(path)) {
        Ok(g) => g,
        Err(e) => panic!("{path} does not compile:\n{e}"),
    }
}

/// Starts the `tabula` binary from the crate root with `args`, writes `input` to its standard
/// input and closes it; standard output and error are pipes for the caller to read.
fn spawn_tabula(args: &[&str], input: &str) -> std::process::Child {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tabula runs");
    child
        .stdin
        .take()
        .expect("a pipe")
        .write_all(input.as_bytes())
        .expect("input written");
    child
}

/// Runs the `tabula` binary from the crate root with `input` on standard input: its exit code,
/// standard output and standard error.
pub fn run_tabula(args: &[&str], input: &str) -> (i32, String, String) {
    let out = spawn_tabula(args, input)
        .wait_with_output()
        .expect("tabula ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A fresh folder for one test's files, and the path of `name` in it; remove the folder at
/// the end of the test.
pub fn scratch_file(test: &str, name: &str) -> (std::path::PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("tabula-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let file = dir.join(name).to_str().expect("a UTF-8 path").to_string();
    (dir, file)
}

/// A seeded game of uniformly random legal moves from the start, at most `cap` moves: the
/// moves, the position string before each and at the end, and the final match state.
pub fn random_game(
    g: &tabula::engine::Game,
    seed: u64,
    cap: usize,
) -> (
    Vec<tabula::engine::Move>,
    Vec<String>,
    tabula::engine::MatchState<'_>,
) {
    let mut state = tabula::engine::MatchState::new(g.start());
    let mut rng = tabula::rng::Rng::new(seed);
    let mut moves = Vec::new();
    let mut positions = vec![state.pos.to_text()];
    while state.outcome().is_none() && moves.len() < cap {
        let i = rng.below(state.moves().len());
        moves.push(state.moves()[i].clone());
        state.play_index(i);
        positions.push(state.pos.to_text());
    }
    (moves, positions, state)
}

/// `tabula serve PATH` on a free port for one test, stopped when dropped.
pub struct Server {
    child: std::process::Child,
    /// `http://127.0.0.1:PORT` (no trailing slash).
    pub url: String,
}

impl Server {
    pub fn start(path: &str) -> Server {
        use std::io::BufRead;
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["serve", &root(path), "--port", "0"])
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("tabula serve starts");
        let mut line = String::new();
        let stdout = child.stdout.take().expect("its output");
        std::io::BufReader::new(stdout)
            .read_line(&mut line)
            .expect("tabula serve prints its address");
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in `{line}`"))
            .trim_end_matches('/')
            .to_string();
        Server { child, url }
    }

    /// The server's process id (for its memory in `/proc/PID/status`).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What [`run_watching_memory`] saw: the exit code, both outputs and the peak resident
/// memory in kB.
pub struct Watched {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub peak_kb: u64,
}

/// Runs `tabula` with `args` from the crate root, `input` on its standard input, watching its
/// peak resident memory (`VmHWM`, Linux): the child is killed as soon as it passes `limit_kb`
/// (or runs two minutes), so a defect that would take gigabytes fails the test instead of the
/// machine.
pub fn run_watching_memory(args: &[&str], input: &str, limit_kb: u64) -> Watched {
    use std::io::Read;
    use std::time::{Duration, Instant};
    let mut child = spawn_tabula(args, input);
    // Read the outputs on threads, so that a full pipe never stalls the child.
    let read = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut s = String::new();
            let _ = pipe.read_to_string(&mut s);
            s
        })
    };
    let stdout = read(Box::new(child.stdout.take().expect("a pipe")));
    let stderr = read(Box::new(child.stderr.take().expect("a pipe")));
    let status_file = format!("/proc/{}/status", child.id());
    let started = Instant::now();
    let mut peak_kb = 0;
    let status = loop {
        if let Ok(s) = std::fs::read_to_string(&status_file) {
            if let Some(kb) = s
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            {
                peak_kb = peak_kb.max(kb);
            }
        }
        if let Some(status) = child.try_wait().expect("waits") {
            break status;
        }
        if peak_kb > limit_kb || started.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "tabula {} took {peak_kb} kB (limit {limit_kb} kB) after {:?}",
                args.join(" "),
                started.elapsed()
            );
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Watched {
        code: status.code(),
        stdout: stdout.join().expect("the reader"),
        stderr: stderr.join().expect("the reader"),
        peak_kb,
    }
}

/// A record of `n` moves (a multiple of 4) of `tests/repro/capacity/shuffle.game`: the kings go out and back.
pub fn shuffle_record(n: usize) -> String {
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

/// The cells of a board in Ludii's site order (row by row from the bottom left), for the
/// replays of Ludii's games.
pub fn ludii_site_order(g: &tabula::engine::Game) -> Vec<usize> {
    let mut cells: Vec<usize> = (0..g.board.len()).collect();
    cells.sort_by_key(|&c| {
        let (x, y) = g.board.coords[c];
        (y, x)
    });
    cells
}

/// The owners of the cells in Ludii's site `order` (`.`, `1` to the number of players), the
/// player to move and each player's pieces in hand, as tests/hunt/ludii_turns.py writes a
/// position.
pub fn ludii_position(pos: &tabula::engine::Position, order: &[usize]) -> String {
    let cells = pos.cells();
    let board: String = order
        .iter()
        .map(|&c| match cells[c] {
            0 => '.',
            code => char::from(b'1' + pos.game.owner(code) as u8),
        })
        .collect();
    let hands: Vec<String> = (0..pos.game.players.len())
        .map(|p| pos.hand_count(p, None).to_string())
        .collect();
    format!("{board} {} {}", pos.turn() + 1, hands.join(" "))
}

/// A piece's move as tests/hunt/ludii_turns.py writes a turn: the cells its piece leaves and
/// reaches, then the other players' cells it empties (found by playing it: captures, and
/// pieces removed with it, as meeting pawns are); a pass is `:`.
pub fn ludii_emptying_turn(pos: &tabula::engine::Position, m: &tabula::engine::Move) -> String {
    let name = |c: usize| pos.game.board.names[c].clone();
    let path = match m.kind {
        tabula::engine::MoveKind::Pass => String::new(),
        _ => format!("{}-{}", name(m.from as usize), name(m.to as usize)),
    };
    let mut after = pos.clone();
    after.play_unchecked(m);
    let me = pos.turn();
    let mut emptied: Vec<String> = (0..pos.cells().len())
        .filter(|&c| {
            let code = pos.cells()[c];
            code != 0 && pos.game.owner(code) != me && after.cells()[c] == 0
        })
        .map(name)
        .collect();
    emptied.sort();
    format!("{path}:{}", emptied.join(","))
}

/// Replays a file of seeded Ludii games written turn by turn (`game`; before each turn `pos
/// POSITION` and `turns N TURN...`, every whole turn Ludii allows; `play TURN`; at the end `end
/// WINNER`, 0 for a draw; with teams, any player of the winning team) on the description
/// `game`: at every position Tabula's position, as `described` writes it from the cells in
/// Ludii's site order, and its whole set of moves, as `turn_text` writes each, must be the
/// data's. Returns the games and positions compared, and the turns that put a player out (left
/// them no piece on the board).
pub fn replay_ludii_turns(
    file: &str,
    game: &str,
    described: fn(&tabula::engine::Position, &[usize]) -> String,
    turn_text: fn(&tabula::engine::Position, &tabula::engine::Move) -> String,
) -> (usize, usize, usize) {
    use tabula::engine::{MatchState, Outcome};
    let game = self::game(game);
    let order = ludii_site_order(&game);
    let data = std::fs::read_to_string(root(file)).expect("reference data");
    let name = file.rsplit('/').next().unwrap_or(file);
    let mut state: Option<MatchState> = None;
    let (mut games, mut positions, mut outs) = (0, 0, 0);
    let players = game.players.len();
    for (i, line) in data.lines().enumerate() {
        let at = format!("{name}:{}", i + 1);
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "game" => state = Some(MatchState::new(game.start())),
            "pos" => {
                let st = state.as_ref().expect("a game first");
                assert!(st.outcome().is_none(), "{at}: Tabula's game is over");
                assert_eq!(described(&st.pos, &order), rest, "{at}: the position");
                positions += 1;
            }
            "turns" => {
                let st = state.as_ref().expect("a game first");
                let mut want: Vec<&str> = rest.split(' ').skip(1).collect();
                want.sort_unstable();
                let mut got: Vec<String> =
                    st.moves().iter().map(|m| turn_text(&st.pos, m)).collect();
                got.sort();
                assert_eq!(got, want, "{at}: the legal turns");
            }
            "play" => {
                let st = state.as_mut().expect("a game first");
                let i = st
                    .moves()
                    .iter()
                    .position(|m| turn_text(&st.pos, m) == rest)
                    .unwrap_or_else(|| panic!("{at}: {rest} is not among Tabula's moves"));
                let before = (0..players).filter(|&p| st.pos.count(p, None) > 0).count();
                st.play_index(i);
                let after = (0..players).filter(|&p| st.pos.count(p, None) > 0).count();
                outs += before - after;
            }
            "end" => {
                let st = state.take().expect("a game first");
                let ludii: usize = rest.parse().expect("the winner");
                match st.outcome() {
                    // Ludii names a winning team by one of its players.
                    Some(Outcome::Win { player, .. }) => assert!(
                        ludii > 0 && game.same_side(*player, ludii - 1),
                        "{at}: Tabula's winner {} is not Ludii's {ludii}",
                        player + 1
                    ),
                    Some(Outcome::Draw { .. }) => assert_eq!(ludii, 0, "{at}: a draw"),
                    None => panic!("{at}: Tabula's game goes on"),
                }
                games += 1;
            }
            _ => {}
        }
    }
    (games, positions, outs)
}
