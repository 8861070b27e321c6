//! Argument parsing, output formats (text and `--json`) and exit codes:
//! 0 ok, 1 invalid description or illegal input, 2 usage or I/O error.

mod bench;
mod diff;
mod duel;
mod play;
mod serve;

use clap::{Parser, Subcommand, ValueEnum};
use std::io::IsTerminal;
use tabula::ai::Player;
use tabula::engine::{Game, MatchState, Outcome, Playout, Position};
use tabula::pgn::Format;
use tabula::record::Record;
use tabula::rng::Rng;
use tabula::LoadError;

/// Tabula runs board games from declarative description files.
///
/// A description (`games/*.game`) says what the board, pieces, moves and end of the game are;
/// Tabula checks it, compiles it and can then list moves, count perft, play random games,
/// benchmark, play in the terminal or in the browser (`serve`), and show what a change to
/// the rules did (`diff`). See grammar/README.md for the language.
#[derive(Parser)]
#[command(name = "tabula", version, about, long_about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Where a command starts: a position and moves played from it (the same two options for
/// every command that takes a game).
#[derive(clap::Args)]
struct Start {
    /// A position string to start from instead of the start position: FEN for chess, SFEN for
    /// Shogi, the same shape for every game (ranks from the top separated by `/`, piece
    /// letters, digit runs for empty cells, then the side to move and the game's own fields;
    /// `tabula show FILE` prints the start position's string).
    #[arg(long, value_name = "STRING")]
    position: Option<String>,
    /// Moves played first, from the start or from `--position`, in the game's notation
    /// (`--moves "e2e4 e7e5"`; separated by `;` where moves hold spaces).
    #[arg(long)]
    moves: Option<String>,
    /// Games with dice: the throw to play after `--position` and `--moves`, where the throw
    /// is still to come (`--throw 3`; `5-2` for two dice read one by one). Without it the
    /// moves listed there are the throw's outcomes.
    #[arg(long, value_name = "OUTCOME")]
    throw: Option<String>,
}

/// `--moves` with `--throw` played after them.
fn with_throw(moves: Option<String>, throw: Option<String>) -> Option<String> {
    match (moves, throw) {
        (m, None) => m,
        (None, Some(t)) => Some(format!("throw-{t}")),
        (Some(m), Some(t)) if m.contains(';') => Some(format!("{m};throw-{t}")),
        (Some(m), Some(t)) => Some(format!("{m} throw-{t}")),
    }
}

#[derive(Subcommand)]
enum Command {
    /// Check descriptions; print every problem with file:line:col.
    Validate {
        /// Description files, or folders whose `.game` files are all checked.
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Summarise a game (players, board, pieces, rules) and draw a position.
    Show {
        /// The game: its description file (`games/chess.game`).
        file: String,
        #[command(flatten)]
        start: Start,
        /// Also draw each cell's level (games that declare `levels from CELL`).
        #[arg(long)]
        levels: bool,
        /// Draw the position as SVG into this file instead (`-` for standard output): the
        /// board with its coordinates, the pieces, hands, and the last of `--moves` tinted.
        #[arg(long, value_name = "OUT.svg", conflicts_with = "levels")]
        svg: Option<String>,
    },
    /// List the legal moves, sorted, in the game's notation.
    Moves {
        /// The game: its description file (`games/chess.game`).
        file: String,
        #[command(flatten)]
        start: Start,
        /// Print a JSON array instead of one move per line.
        #[arg(long)]
        json: bool,
        /// Group the moves by the kind of the acting piece, with counts.
        #[arg(long)]
        by_piece: bool,
    },
    /// Count move sequences of DEPTH plies (one move = one whole turn).
    Perft {
        /// The game: its description file (`games/chess.game`).
        file: String,
        /// Plies to count, at most 64.
        #[arg(value_parser = clap::value_parser!(u64).range(0..=MAX_PERFT_DEPTH))]
        depth: u64,
        #[command(flatten)]
        start: Start,
        /// Show the count below each legal move.
        #[arg(long)]
        divide: bool,
        /// Print {"depth","nodes","seconds","nps","cpu_seconds","cpu_nps",...}.
        #[arg(long)]
        json: bool,
        /// Count this many times and report the median times and rates.
        #[arg(long, default_value_t = 1, conflicts_with = "divide",
              value_parser = clap::value_parser!(u32).range(1..))]
        runs: u32,
    },
    /// Play uniformly random games and print their moves and results.
    Playout {
        /// The game: its description file (`games/chess.game`).
        file: String,
        #[command(flatten)]
        start: Start,
        /// Seed of the portable random generator.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Number of games.
        #[arg(long, default_value_t = 1)]
        count: u32,
        #[arg(long)]
        json: bool,
    },
    /// Random playouts per CPU-second on one thread (the median of several runs).
    ///
    /// Also plies per second, wall-clock rates, average plies, the results, bytes per state and
    /// the end rules that decide how long a random game lasts.
    Bench {
        /// The game: its description file (`games/chess.game`).
        file: String,
        /// How long each run lasts (wall time), more than 0 and at most a day.
        #[arg(long, default_value_t = 5.0, value_parser = parse_seconds)]
        seconds: f64,
        /// Number of timed runs; rates are their medians.
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
        runs: u32,
        /// Play exactly this many games per run instead of timing it (fixed work, for
        /// profiling with instruction counts).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        games: Option<u64>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print {"playouts_per_sec","plies_per_sec","avg_plies","results",...}.
        #[arg(long)]
        json: bool,
    },
    /// Two computer players play a series of games, alternating sides, on all cores; prints
    /// wins, draws and losses per player and side, and the Elo difference with a 95% interval.
    Match {
        /// The game: its description file (`games/chess.game`).
        file: String,
        /// The first player: `default[:BUDGET]`, `random`, `alphabeta[:DEPTH]`,
        /// `mcts[:BUDGET]` (a time such as `200ms` or `1s`, or iterations such as `5000`) or
        /// `baseline[:BUDGET]` (the default player before issue 35, to measure against).
        #[arg(long)]
        first: Player,
        /// The second player, written the same way.
        #[arg(long)]
        second: Player,
        /// Games to play; the first player takes the first side in even-numbered games.
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=MAX_MATCH_GAMES))]
        games: u64,
        /// Each pair of games (one with each player on each side) opens with this many
        /// uniformly random plies, the same for both games of the pair, so that games differ.
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=20))]
        opening: u64,
        /// Threads playing games at once (default: one per core).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
        threads: Option<u64>,
        #[command(flatten)]
        start: Start,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print {"first","second","games","first_wins","draws","first_losses","elo",...}.
        #[arg(long)]
        json: bool,
    },
    /// Step through a saved game record (`play --save`): each move and the board after it,
    /// then the result; every move is checked against the description.
    Replay {
        record: String,
        /// The description to replay on (default: the one the record names; needed for PGN
        /// and PDN files, `.pgn` and `.pdn`).
        #[arg(long)]
        game: Option<String>,
        /// Print [{"move","position"}...] and the result as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Play and edit games in the browser, on a local page this command serves.
    ///
    /// The board is drawn from the description; moves are made by clicking, against a person
    /// or a computer player, with undo, records and perft; the description's editor beside it
    /// shows its diagnostics as you type. Open the address it prints; Ctrl-C stops it.
    #[command(after_help = serve::LIMITS)]
    Serve {
        /// A description, or a folder whose `.game` files are all offered.
        #[arg(default_value = "games")]
        path: String,
        /// The port on 127.0.0.1 (0 takes any free port; the address is printed).
        #[arg(long, default_value_t = 8080)]
        port: u16,
    },
    /// What a rules change did: the summary, moves and perft of OLD against NEW.
    ///
    /// The summary lines changed, and at the start and each named position the moves added
    /// and removed, the outcome, perft per depth on both sides and the first line of play
    /// where the counts part. Exit code 0 when nothing changed, 1 when something did.
    Diff {
        /// The description before the change.
        old: String,
        /// The description after the change.
        new: String,
        /// Named positions to compare too, in the format of `tests/positions/*.positions`
        /// (`== NAME`, then `position STRING` and `play MOVE ...` lines).
        #[arg(long)]
        positions: Option<String>,
        /// Perft is compared at depths 1 to DEPTH (at most 8).
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..=8))]
        depth: u64,
        /// Print {"changed","summary":[{"op","line"}],"positions":[{"name","added",...}]}.
        #[arg(long)]
        json: bool,
    },
    /// Play in the terminal: type moves in the game's notation, or `moves`, `undo`, `quit`.
    Play {
        /// The game: its description file (`games/chess.game`).
        file: String,
        /// Who plays the first player's side (also `--NAME` with the game's own name for
        /// that player: `--red`, `--x`).
        #[arg(long, value_enum, default_value_t = Side::Human)]
        white: Side,
        /// Who plays the second player's side (also `--NAME`: `--yellow`, `--o`). In a game
        /// of more than two players the others are `ai` unless named: `--blue human`.
        #[arg(long, value_enum, default_value_t = Side::Ai)]
        black: Side,
        /// The third and later players' sides, as `--NAME` rewrites them (`3=human`).
        #[arg(long = "seat", hide = true)]
        seats: Vec<String>,
        #[command(flatten)]
        start: Start,
        /// Seed for the random and AI players.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The computer player of `ai` sides: `default[:BUDGET]`, `alphabeta[:DEPTH]`,
        /// `mcts[:BUDGET]` (a time such as `1s` or `200ms`, or iterations such as `5000`) or
        /// `random`. Default: `default`, 1 s of CPU time a move (alpha-beta over material,
        /// mobility and threats where pieces are worth different amounts, else MCTS with RAVE).
        #[arg(long)]
        ai: Option<Player>,
        /// Save the game to this record file when it ends or you quit (PGN if it ends in
        /// `.pgn`, PDN if `.pdn`; an interactive game is saved to `last-game.record` without
        /// it).
        #[arg(long)]
        save: Option<String>,
        /// Take up a game from a record file (`--save`), a PGN (`.pgn`) or a PDN (`.pdn`): its
        /// moves are played first, and `undo` can take them back.
        #[arg(long, conflicts_with_all = ["position", "moves"])]
        load: Option<String>,
        /// Plies the alpha-beta player looks ahead (sets `--ai alphabeta:DEPTH`).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=8), conflicts_with = "ai")]
        depth: Option<u64>,
    },
}

/// The most games one `match` plays.
const MAX_MATCH_GAMES: u64 = 100_000;

/// The deepest perft asked for: deeper counts could not finish, and each ply keeps a position.
const MAX_PERFT_DEPTH: u64 = 64;

/// A duration in seconds: a finite number above 0, at most a day.
fn parse_seconds(s: &str) -> Result<f64, String> {
    let x: f64 = s
        .parse()
        .map_err(|_| format!("`{s}` is not a number of seconds"))?;
    if x.is_finite() && x > 0.0 && x <= 86_400.0 {
        Ok(x)
    } else {
        Err(format!(
            "`{s}` is not a duration from above 0 to 86400 seconds"
        ))
    }
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
pub enum Side {
    Human,
    Random,
    Ai,
}

/// An error that ends the command: the message and the exit code.
pub struct Fail(pub String, pub i32);

fn load(path: &str) -> Result<Game, Fail> {
    tabula::load_file(path).map_err(|e| match e {
        LoadError::Io { .. } => Fail(format!("error: {e}"), 2),
        LoadError::Invalid { rendered, .. } => Fail(rendered, 1),
    })
}

/// The moves of a `--moves` option: separated by spaces, or by `;` where a move's text holds
/// spaces (Rascals' `i8-j8 x k8`).
fn move_list(moves: &Option<String>) -> Vec<String> {
    match moves {
        Some(m) if m.contains(';') => m
            .split(';')
            .map(str::trim)
            .filter(|x| !x.is_empty())
            .map(str::to_string)
            .collect(),
        Some(m) => m.split_whitespace().map(str::to_string).collect(),
        None => Vec::new(),
    }
}

/// The position `--position` names (the start by default), after the `--moves` played from
/// it; an illegal move is reported with its number and the legal choices.
fn position<'g>(
    game: &'g Game,
    text: &Option<String>,
    moves: &Option<String>,
) -> Result<Position<'g>, Fail> {
    position_and_last(game, text, moves).map(|(pos, _)| pos)
}

/// [`position`], and the last of the moves played to reach it.
fn position_and_last<'g>(
    game: &'g Game,
    text: &Option<String>,
    moves: &Option<String>,
) -> Result<(Position<'g>, Option<tabula::engine::Move>), Fail> {
    let mut last = None;
    let mut pos = match text {
        None => game.start(),
        Some(t) => Position::from_text(game, t).map_err(|e| Fail(format!("error: {e}"), 1))?,
    };
    for (i, m) in move_list(moves).iter().enumerate() {
        if let Some(o) = pos.static_outcome() {
            return Err(Fail(
                format!(
                    "error: move {} `{m}`: the game is over ({})",
                    i + 1,
                    o.describe(game)
                ),
                1,
            ));
        }
        let mv = typed_move(&pos, m)
            .map_err(|e| Fail(format!("error: move {} `{m}`: {e}", i + 1), 1))?;
        pos.play_unchecked(&mv);
        last = Some(mv);
    }
    Ok((pos, last))
}

/// The legal move typed as `text`: in the game's notation, or where the game numbers its
/// squares (draughts with `numbered from PLAYER`) in PDN too (`32-28`, `19x28`), as players
/// of those games write them.
fn typed_move(pos: &Position, text: &str) -> Result<tabula::engine::Move, String> {
    pos.parse_move(text)
        .or_else(|e| match tabula::pgn::square_numbers(pos.game) {
            Some(numbers) if text.trim_start().starts_with(|c: char| c.is_ascii_digit()) => {
                tabula::pgn::parse_pdn(pos, &numbers, text.trim())
            }
            _ => Err(e),
        })
}

/// Fails (exit 1) where `pos` has more moves than the engine lists from one position
/// ([`tabula::engine::MAX_MOVES`]): a plain message instead of an incomplete list.
fn within_move_budget(pos: &Position) -> Result<(), Fail> {
    if pos.is_over() {
        return Ok(());
    }
    pos.try_legal_moves(&mut Vec::new())
        .map_err(|e| Fail(format!("error: {e}"), 1))
}

/// A closed pipe (`tabula playout ... | head`) ends the program quietly instead of panicking.
fn quiet_broken_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let msg = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if msg.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}

/// `tabula play FILE --red human --yellow ai`: the players' own names stand for `--white`
/// (the first player) and `--black` (the second), and later players' names for `--seat`. The
/// description is read to learn them;
/// anything else is left for the argument parser to judge.
fn side_options_by_name(mut args: Vec<String>) -> Vec<String> {
    if args.get(1).map(String::as_str) != Some("play") {
        return args;
    }
    let Some(file) = args.iter().skip(2).find(|a| !a.starts_with('-')) else {
        return args;
    };
    let Ok(g) = tabula::load_file(file) else {
        return args;
    };
    const OWN: [&str; 10] = [
        "white", "black", "position", "moves", "seed", "ai", "save", "load", "depth", "help",
    ];
    let mut out: Vec<String> = args.drain(..2).collect();
    let mut rest = args.into_iter();
    while let Some(a) = rest.next() {
        let Some(name) = a.strip_prefix("--") else {
            out.push(a);
            continue;
        };
        let (name, value) = match name.split_once('=') {
            Some((n, v)) => (n.to_string(), Some(v.to_string())),
            None => (name.to_string(), None),
        };
        let seat = g.players.iter().position(|pl| pl.name == name);
        let Some(p) = seat.filter(|_| !OWN.contains(&name.as_str())) else {
            out.push(a);
            continue;
        };
        out.push(match (p, value) {
            (0, Some(v)) => format!("--white={v}"),
            (0, None) => "--white".to_string(),
            (1, Some(v)) => format!("--black={v}"),
            (1, None) => "--black".to_string(),
            (p, Some(v)) => format!("--seat={p}={v}"),
            // `--blue human`: the value is the next argument.
            (p, None) => format!("--seat={p}={}", rest.next().unwrap_or_default()),
        });
    }
    out
}

pub fn run() -> i32 {
    quiet_broken_pipe();
    let args = side_options_by_name(std::env::args().collect());
    let cli = match Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return code;
        }
    };
    match dispatch(cli.command) {
        Ok(()) => 0,
        Err(Fail(msg, code)) => {
            eprint!("{msg}");
            if !msg.ends_with('\n') {
                eprintln!();
            }
            code
        }
    }
}

fn dispatch(cmd: Command) -> Result<(), Fail> {
    match cmd {
        Command::Validate { files } => validate(&files),
        Command::Show {
            file,
            start,
            levels,
            svg,
        } => show(&file, start, levels, svg),
        Command::Moves {
            file,
            start,
            json,
            by_piece,
        } => list_moves(&file, start, json, by_piece),
        Command::Perft {
            file,
            depth,
            start,
            divide,
            json,
            runs,
        } => {
            let g = load(&file)?;
            let pos = start.position(&g)?;
            within_move_budget(&pos)?;
            bench::run_perft(&pos, depth as usize, divide, runs, json).map_err(|e| {
                Fail(
                    format!("error: perft {depth}: {e}, reached in the count"),
                    1,
                )
            })
        }
        Command::Playout {
            file,
            start,
            seed,
            count,
            json,
        } => {
            let g = load(&file)?;
            let pos = start.position(&g)?;
            playouts(&g, pos, seed, count, json);
            Ok(())
        }
        Command::Bench {
            file,
            seconds,
            runs,
            games,
            seed,
            json,
        } => {
            let g = load(&file)?;
            bench::bench(&g, seconds, games, runs, seed, json);
            Ok(())
        }
        Command::Match {
            file,
            first,
            second,
            games,
            opening,
            threads,
            start,
            seed,
            json,
        } => {
            let g = load(&file)?;
            let pos = start.position(&g)?;
            let plan = duel::Plan {
                games: games as usize,
                opening: opening as usize,
                threads: threads.map(|t| t as usize),
                seed,
            };
            duel::run(&g, pos, [first, second], &plan, json)
        }
        Command::Replay { record, game, json } => replay(&record, game, json),
        Command::Serve { path, port } => serve::serve(&path, port),
        Command::Diff {
            old,
            new,
            positions,
            depth,
            json,
        } => diff::run(&old, &new, positions.as_deref(), depth as usize, json),
        Command::Play {
            file,
            white,
            black,
            seats,
            start,
            seed,
            ai,
            save,
            load: resume,
            depth,
        } => {
            let g = load(&file)?;
            let source = std::fs::read_to_string(&file)
                .map_err(|e| Fail(format!("error: cannot read {file}: {e}"), 2))?;
            let earlier = earlier_record(&g, &file, &source, resume.as_deref(), start)?;
            let start = Position::from_text(&g, &earlier.start)
                .map_err(|e| Fail(format!("error: {e}"), 1))?;
            let mut template = Record::new(&g, &file, &source, &start);
            template.comments = earlier.comments.clone();
            let save = save.or_else(|| {
                std::io::stdin()
                    .is_terminal()
                    .then(|| "last-game.record".to_string())
            });
            // The computer player: as given, or alpha-beta to `--depth`, or the game's default.
            let ai = ai.unwrap_or_else(|| match depth {
                Some(d) => Player::AlphaBeta(d as usize),
                None => Player::default_for(&g),
            });
            play::run(
                &g,
                start,
                play_sides(&g, white, black, &seats)?,
                seed,
                ai,
                save.map(|path| (path, template)),
                Some(&earlier),
            )
        }
    }
}

impl Start {
    /// The position string and the moves to play from it (with the throw after them).
    fn parts(self) -> (Option<String>, Option<String>) {
        (self.position, with_throw(self.moves, self.throw))
    }

    /// The position these options give in game `g`.
    fn position<'g>(self, g: &'g Game) -> Result<Position<'g>, Fail> {
        let (p, mv) = self.parts();
        position(g, &p, &mv)
    }
}

/// The moves, in the game's notation, that `a move may not repeat a position ...` forbids
/// after `moves` played from `text` (the game's history starts at that position): none in
/// games without the line.
/// The game from the position given (or the start), with the moves given played: the
/// history that repetition and perpetual rules read.
fn replayed<'g>(
    game: &'g Game,
    text: &Option<String>,
    moves: &Option<String>,
) -> Result<MatchState<'g>, Fail> {
    let mut state = MatchState::new(position(game, text, &None)?);
    for (i, m) in move_list(moves).iter().enumerate() {
        state
            .play_text(m)
            .map_err(|e| Fail(format!("error: move {} `{m}`: {e}", i + 1), 1))?;
    }
    Ok(state)
}

fn forbidden_by_history(
    game: &Game,
    text: &Option<String>,
    moves: &Option<String>,
) -> Result<Vec<String>, Fail> {
    if game.no_repeat == 0 {
        return Ok(Vec::new());
    }
    let state = replayed(game, text, moves)?;
    Ok(state
        .forbidden_moves()
        .iter()
        .map(|m| state.pos.move_text_annotated(m))
        .collect())
}

/// `tabula show`: the summary, the position string and the drawing (or an SVG file).
fn show(file: &str, start: Start, levels: bool, svg: Option<String>) -> Result<(), Fail> {
    let (p, mv) = start.parts();
    let g = load(file)?;
    let (pos, last) = position_and_last(&g, &p, &mv)?;
    if let Some(out) = svg {
        return write_svg(&pos, last, &out);
    }
    print!("{}", g.summary());
    println!("position: {}", pos.to_text());
    print!("{}", pos.render());
    if levels {
        match pos.render_levels() {
            Some(l) => print!("levels (0 is the top):\n{l}"),
            None => {
                return Err(Fail(
                    format!("error: {file} declares no levels (`levels from CELL`)"),
                    1,
                ))
            }
        }
    }
    Ok(())
}

/// `tabula moves`: the legal moves, sorted, or grouped by the piece that makes them.
fn list_moves(file: &str, start: Start, json: bool, by_piece: bool) -> Result<(), Fail> {
    let g = load(file)?;
    let (text, played) = start.parts();
    let pos = position(&g, &text, &played)?;
    within_move_budget(&pos)?;
    let forbidden = forbidden_by_history(&g, &text, &played)?;
    if by_piece && !pos.is_over() {
        let mut groups = pos.legal_moves_by_piece();
        for (_, moves) in &mut groups {
            moves.retain(|m| !forbidden.contains(m));
        }
        if json {
            let map: indexmap::IndexMap<_, _> = groups.into_iter().collect();
            println!(
                "{}",
                serde_json::to_string(&map).expect("strings serialise")
            );
        } else {
            let total: usize = groups.iter().map(|(_, m)| m.len()).sum();
            println!("{total} moves");
            for (name, moves) in groups {
                println!("{name} ({}): {}", moves.len(), moves.join(" "));
            }
        }
        return Ok(());
    }
    // A finished game has no moves (as in perft); say why on stderr.
    let moves = match pos.static_outcome() {
        Some(o) => {
            eprintln!("game over: {}", o.describe(&g));
            Vec::new()
        }
        None => {
            let mut moves = pos.legal_move_list();
            moves.retain(|m| !forbidden.contains(m));
            if moves.is_empty() {
                // Checkmate, a stuck player, or every move forbidden by the history: the
                // game as played says which.
                let state = replayed(&g, &text, &played)?;
                match state.outcome() {
                    Some(o) => eprintln!("game over: {}", o.describe(&g)),
                    None if !forbidden.is_empty() => eprintln!(
                        "no move: each of the {} moves would repeat a position too often",
                        forbidden.len()
                    ),
                    None => {}
                }
            }
            moves
        }
    };
    if json {
        println!(
            "{}",
            serde_json::to_string(&moves).expect("strings serialise")
        );
    } else {
        for m in moves {
            println!("{m}");
        }
    }
    Ok(())
}

/// The game `play` takes up: a saved record (`--load`), or the position and moves given.
fn earlier_record(
    g: &Game,
    file: &str,
    source: &str,
    resume: Option<&str>,
    start: Start,
) -> Result<Record, Fail> {
    if let Some(path) = resume {
        return saved_record(g, file, source, path);
    }
    let (p, mv) = start.parts();
    let start = position(g, &p, &None)?;
    let mut r = Record::new(g, file, source, &start);
    r.moves = move_list(&mv);
    Ok(r)
}

/// A game record to take up (`play --load`): a record file, or a PGN or PDN by its
/// extension.
fn saved_record(g: &Game, file: &str, source: &str, path: &str) -> Result<Record, Fail> {
    let names: Vec<String> = g.players.iter().map(|p| p.name.clone()).collect();
    let text = std::fs::read_to_string(path)
        .map_err(|e| Fail(format!("error: cannot read {path}: {e}"), 2))?;
    let r = if let Some(format) = Format::of_path(path) {
        record_from_pgn(format, g, file, source, &text)
            .map_err(|e| Fail(format!("error: {path}: {e}"), 1))?
    } else {
        Record::parse(&text, &names).map_err(|e| Fail(format!("error: {path}: {e}"), 1))?
    };
    if let Some(note) = r.description_note(file, source) {
        eprintln!("{path}: {note}");
    }
    Ok(r)
}

/// Who plays each player's side in `play`: `--white` and `--black` (or their names) for the
/// first two, `--seat` (the later players' names rewritten) for the others, `ai` by default.
fn play_sides(g: &Game, white: Side, black: Side, seats: &[String]) -> Result<Vec<Side>, Fail> {
    let mut sides = vec![Side::Ai; g.players.len()];
    sides[0] = white;
    sides[1] = black;
    for s in seats {
        let (p, v) = s.split_once('=').unwrap_or((s, ""));
        let p: usize = p
            .parse()
            .map_err(|_| Fail(format!("error: unknown side `{s}`"), 2))?;
        let side = Side::from_str(v, true).map_err(|_| {
            Fail(
                format!(
                    "error: `--{} {v}`: a side is `human`, `random` or `ai`",
                    g.players.get(p).map_or("?", |pl| pl.name.as_str())
                ),
                2,
            )
        })?;
        if let Some(slot) = sides.get_mut(p) {
            *slot = side;
        }
    }
    Ok(sides)
}

/// `show --svg OUT`: the position drawn, its last move tinted, to a file or standard output.
fn write_svg(pos: &Position, last: Option<tabula::engine::Move>, out: &str) -> Result<(), Fail> {
    let options = tabula::svg::SvgOptions {
        highlight: last.map_or_else(Vec::new, |m| pos.move_cells(&m).1),
        coordinates: true,
    };
    let drawing = tabula::svg::render(pos, &options);
    if out == "-" {
        print!("{drawing}");
        return Ok(());
    }
    std::fs::write(out, drawing).map_err(|e| Fail(format!("error: cannot write {out}: {e}"), 2))
}

/// The files a `validate` argument names: the file itself, or a folder's `.game` files, sorted.
fn descriptions(arg: &str) -> Result<Vec<String>, Fail> {
    let path = std::path::Path::new(arg);
    if !path.is_dir() {
        return Ok(vec![arg.to_string()]);
    }
    let entries =
        std::fs::read_dir(path).map_err(|e| Fail(format!("error: cannot read {arg}: {e}"), 2))?;
    let mut files: Vec<String> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "game") && p.is_file())
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(Fail(format!("error: {arg} holds no `.game` files"), 2));
    }
    Ok(files)
}

fn validate(args: &[String]) -> Result<(), Fail> {
    let mut worst = 0;
    let mut files = Vec::new();
    for a in args {
        match descriptions(a) {
            Ok(fs) => files.extend(fs),
            Err(Fail(msg, code)) => {
                eprintln!("{msg}");
                worst = worst.max(code);
            }
        }
    }
    for f in &files {
        match tabula::load_with_warnings(f) {
            Ok((g, _, _)) if within_move_budget(&g.start()).is_err() => {
                eprintln!(
                    "error: {f}: more than {} moves from the start position",
                    tabula::engine::MAX_MOVES
                );
                worst = worst.max(1);
            }
            Ok((_, _, 0)) => println!("{f}: ok"),
            Ok((_, rendered, n)) => {
                eprint!("{rendered}");
                println!("{f}: ok, {n} warning{}", if n == 1 { "" } else { "s" });
            }
            Err(e @ LoadError::Io { .. }) => {
                eprintln!("error: {e}");
                worst = 2;
            }
            Err(LoadError::Invalid { rendered, count }) => {
                eprint!("{rendered}");
                eprintln!("{f}: {count} error{}", if count == 1 { "" } else { "s" });
                worst = worst.max(1);
            }
        }
    }
    if worst == 0 {
        Ok(())
    } else {
        Err(Fail(String::new(), worst))
    }
}

fn spinner(total_hint: &str) -> Option<indicatif::ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let pb = indicatif::ProgressBar::new_spinner();
    pb.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {elapsed} {msg}")
            .expect("static template"),
    );
    pb.set_message(total_hint.to_string());
    pb.enable_steady_tick(std::time::Duration::from_millis(120));
    Some(pb)
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// A PGN or PDN game as a record of `game` (read from `file` with text `source`), its moves in the
/// game's own notation.
fn record_from_pgn(
    format: Format,
    g: &Game,
    file: &str,
    source: &str,
    text: &str,
) -> Result<Record, String> {
    if let Some(why) = format.unsupported(g) {
        return Err(why);
    }
    let p = tabula::pgn::read_as(format, g, text)?;
    let mut r = Record::new(g, file, source, &p.start);
    r.moves = p
        .positions()
        .zip(&p.moves)
        .map(|(pos, m)| pos.move_text(m))
        .collect();
    for (i, side) in ["White", "Black"].into_iter().enumerate() {
        if let (Some(player), Some((_, v))) =
            (r.players.get_mut(i), p.tags.iter().find(|(k, _)| k == side))
        {
            player.1 = v.clone();
        }
    }
    Ok(r)
}

/// `tabula replay`: reads a record (or a PGN game, with `--game`), loads its description and
/// plays it through.
fn replay(path: &str, game: Option<String>, json: bool) -> Result<(), Fail> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Fail(format!("error: cannot read {path}: {e}"), 2))?;
    if let Some(format) = Format::of_path(path) {
        let file = game.ok_or_else(|| {
            Fail(
                format!(
                    "error: {path} is a {} file, which does not say which game it records: \
                     add `--game FILE` (e.g. `--game games/chess.game`)",
                    format.name()
                ),
                2,
            )
        })?;
        let g = load(&file)?;
        let source = std::fs::read_to_string(&file)
            .map_err(|e| Fail(format!("error: cannot read {file}: {e}"), 2))?;
        let r = record_from_pgn(format, &g, &file, &source, &text)
            .map_err(|e| Fail(format!("error: {path}: {e}"), 1))?;
        return show_replay(&g, path, &r, json);
    }
    // The game line first, to know the description and so the players' names.
    let named = text
        .lines()
        .find_map(|l| l.strip_prefix("game:").map(|g| g.trim().to_string()))
        .ok_or_else(|| Fail(format!("error: {path}: the record has no `game` line"), 1))?;
    let file = game.unwrap_or(named);
    let g = load(&file)?;
    let names: Vec<String> = g.players.iter().map(|p| p.name.clone()).collect();
    let r = Record::parse(&text, &names).map_err(|e| Fail(format!("error: {path}: {e}"), 1))?;
    if let Ok(source) = std::fs::read_to_string(&file) {
        if let Some(note) = r.description_note(&file, &source) {
            eprintln!("{path}: {note}");
        }
    }
    show_replay(&g, path, &r, json)
}

/// Each player's return (`Outcome::returns`: partners share a team's), by name.
fn returns_json(g: &Game, o: &Outcome) -> serde_json::Value {
    let r = o.returns(g);
    g.players
        .iter()
        .zip(r)
        .map(|(p, x)| (p.name.clone(), serde_json::json!(x)))
        .collect::<serde_json::Map<_, _>>()
        .into()
}

/// Prints a record played through: each move and the board after it, then the result.
fn show_replay(g: &Game, path: &str, r: &Record, json: bool) -> Result<(), Fail> {
    let replay = r
        .replay(g)
        .map_err(|e| Fail(format!("error: {path}: {e}"), 1))?;
    let result = replay
        .end
        .outcome()
        .map_or_else(|| "unfinished".to_string(), |o| o.describe(g));
    if json {
        let steps: Vec<serde_json::Value> = replay
            .positions()
            .skip(1)
            .zip(&r.moves)
            .map(|(pos, m)| serde_json::json!({"move": m, "position": pos.to_text()}))
            .collect();
        let v = serde_json::json!({
            "game": g.title,
            "start": r.start,
            "moves": steps,
            "result": result,
            "returns": replay.end.outcome().map(|o| returns_json(g, o)),
        });
        println!("{v}");
        return Ok(());
    }
    let who: Vec<String> = r
        .players
        .iter()
        .filter(|(_, w)| !w.is_empty())
        .map(|(n, w)| format!("{n}: {w}"))
        .collect();
    println!("{} ({})", g.title, who.join(", "));
    print!("{}", replay.start.render());
    for (i, (pos, m)) in replay.positions().skip(1).zip(&r.moves).enumerate() {
        println!();
        println!("{}. {m}", i + 1);
        print!("{}", pos.render());
    }
    println!("result: {result}");
    Ok(())
}

fn playouts(g: &Game, start: Position, seed: u64, count: u32, json: bool) {
    let mut rng = Rng::new(seed);
    let mut runner = Playout::new(start);
    let mut all = Vec::new();
    for i in 0..count {
        let mut moves = Vec::new();
        let r = runner.run(&mut rng, &mut |pos, m| moves.push(pos.move_text(m)));
        if json {
            all.push(serde_json::json!({
                "game": i + 1,
                "plies": r.plies,
                "result": r.outcome.key(g),
                "reason": r.outcome.describe(g),
                "returns": returns_json(g, &r.outcome),
                "moves": moves,
            }));
        } else {
            println!(
                "game {}: {} plies, {}",
                i + 1,
                r.plies,
                r.outcome.describe(g)
            );
            for chunk in moves.chunks(10) {
                println!("  {}", chunk.join(" "));
            }
        }
    }
    if json {
        println!("{}", serde_json::Value::Array(all));
    }
}
