//! `tabula play`: a game in the terminal between people (typing moves on standard input), a
//! uniformly random player and the built-in AI ([`tabula::ai`]).
//!
//! The board is drawn before every turn with the last move and the player to move. A person
//! types a move in the game's notation or one of the commands in [`HELP`]. After the end of
//! the game a person may still `undo`. Quitting, or the end of the input, prints the moves
//! played so far and the position string (and saves the record, with `--save`), so no game is
//! lost.
//! Everything printed depends only on the description, the options, the seed and the input:
//! when the input is not a terminal it is echoed after the prompt, so a transcript reads like
//! a session.

use super::{Fail, Side};
use std::io::{self, BufRead, IsTerminal, Write};
use tabula::ai::mcts::Limits;
use tabula::ai::Player;
use tabula::engine::{Game, MatchState, Position};
use tabula::record::Record;
use tabula::rng::Rng;

/// The commands a person may type instead of a move.
const HELP: &str = "\
commands:
  MOVE    play a move in the game's notation
  moves   list the legal moves
  levels  draw each cell's level (games that declare levels)
  undo    take back your last move (and the computer's replies to it)
  quit    stop and print the moves played so far
  help    show this list";

/// Plays one game on standard input and output.
///
/// # Errors
/// Exit code 2 when standard input or output fails.
/// `ai`: the computer player for `ai` sides (see [`Player::default_for`]). `record`: where the
/// game is saved when it ends or the person quits (the file and a record holding its start
/// and description), and `resume`: a record whose moves are played first (`--load`).
pub fn run(
    g: &Game,
    pos: Position,
    sides: Vec<Side>,
    seed: u64,
    ai: Player,
    record: Option<(String, Record)>,
    resume: Option<&Record>,
) -> Result<(), Fail> {
    let stdin = io::stdin();
    let echo = !stdin.is_terminal();
    let mut session = Session::new(g, pos, sides, seed, ai);
    if let Some(r) = resume {
        session
            .resume(r)
            .map_err(|e| Fail(format!("error: {e}"), 1))?;
    }
    session.save_to = record;
    session
        .play(&mut stdin.lock(), &mut io::stdout().lock(), echo)
        .map_err(|e| Fail(format!("error: {e}"), 2))
}

/// What a person's line asked for.
enum Step {
    /// Ask the same player again without redrawing (a listing, an illegal move).
    Ask,
    /// The position changed without a move (an undo): draw the board and ask again.
    Redraw,
    /// Play the legal move at this index of the match's moves.
    Play(usize),
    Quit,
}

struct Session<'g> {
    game: &'g Game,
    sides: Vec<Side>,
    /// Where the game began, printed with the moves when it is not the game's own start.
    from: Option<String>,
    state: MatchState<'g>,
    /// The match state before the first move of `past`: `undo` plays the moves it keeps
    /// again from here, so that a long game costs memory for its moves only, not a match state
    /// (with the whole history) per move.
    start: MatchState<'g>,
    /// Each move played so far: who played it, and its text.
    past: Vec<Played>,
    rng: Rng,
    /// The session's seed: a throw of the dice is drawn from it and the number of moves
    /// played, so that taking moves back and playing on meets the same throws.
    seed: u64,
    ai: Player,
    /// Where the game is saved at its end, with the record to fill in.
    save_to: Option<(String, Record)>,
}

/// A move of the game, as `undo` and the record need it.
struct Played {
    /// The player who made it.
    player: usize,
    text: String,
}

impl<'g> Session<'g> {
    fn new(game: &'g Game, pos: Position<'g>, sides: Vec<Side>, seed: u64, ai: Player) -> Self {
        let text = pos.to_text();
        Session {
            game,
            sides,
            from: (text != game.start().to_text()).then_some(text),
            start: MatchState::new(pos.clone()),
            state: MatchState::new(pos),
            past: Vec::new(),
            rng: Rng::new(seed),
            seed,
            ai,
            save_to: None,
        }
    }

    /// Plays a record's moves first, so that `undo` can take them back and repetitions
    /// count them.
    fn resume(&mut self, r: &Record) -> Result<(), tabula::record::ReplayError> {
        let replay = r.replay(self.game)?;
        let text = replay.start.to_text();
        self.from = (text != self.game.start().to_text()).then_some(text);
        // Undo needs who played each move: the positions again, one at a time (the replay
        // keeps only its end).
        self.start = MatchState::new(replay.start.clone());
        self.past.clear();
        for (m, pos) in r.moves.iter().zip(replay.positions()) {
            self.past.push(Played {
                player: pos.turn(),
                text: m.clone(),
            });
        }
        self.state = replay.end;
        Ok(())
    }

    /// The game as PGN or PDN (for a save file ending in `.pgn` or `.pdn`).
    fn pgn(&self, format: tabula::pgn::Format, r: &Record) -> String {
        let start = self.start.pos.clone();
        let mut state = self.start.clone();
        let moves: Vec<tabula::engine::Move> = self
            .past
            .iter()
            .filter_map(|p| state.play_text(&p.text).ok())
            .collect();
        let players = [r.players[0].1.as_str(), r.players[1].1.as_str()];
        tabula::pgn::write_as(
            format,
            self.game,
            &start,
            &moves,
            players,
            self.state.outcome(),
        )
    }

    /// The name of who plays a side, as records give it.
    fn side_label(&self, side: Side) -> String {
        match side {
            Side::Ai => self.ai.to_string(),
            s => Self::side_name(s).to_string(),
        }
    }

    fn side_name(side: Side) -> &'static str {
        match side {
            Side::Human => "human",
            Side::Random => "random",
            Side::Ai => "ai",
        }
    }

    fn player(&self, p: usize) -> &str {
        &self.game.players[p].name
    }

    fn play(&mut self, input: &mut dyn BufRead, out: &mut dyn Write, echo: bool) -> io::Result<()> {
        let g = self.game;
        let versus: Vec<String> = (0..g.players.len())
            .map(|p| format!("{} ({})", self.player(p), Self::side_name(self.sides[p])))
            .collect();
        writeln!(out, "{}: {}", g.title, versus.join(" vs "))?;
        if self.sides.contains(&Side::Human) {
            writeln!(out, "type a move, or `help` for the commands")?;
        }
        let mut draw = true;
        loop {
            if draw {
                self.draw(out)?;
            }
            draw = true;
            if let Some(o) = self.state.outcome() {
                writeln!(out, "game over: {}", o.describe(g))?;
                // A person may still take moves back, or look, before leaving.
                if !self.sides.contains(&Side::Human) || !self.after_the_end(input, out, echo)? {
                    return self.record(out);
                }
                continue;
            }
            let turn = self.state.pos.turn();
            let chance = self.state.pos.is_chance();
            let mut dice = Rng::new(
                self.seed ^ (self.past.len() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            );
            if let Some(throw) = self.state.pos.random_throw(&mut dice).filter(|_| chance) {
                // The dice decide, whoever plays: the throw is shown and recorded.
                let pos = &self.state.pos;
                let text = pos.move_text(&throw);
                let index = self
                    .state
                    .moves()
                    .iter()
                    .position(|m| m.same_as(&throw))
                    .unwrap_or(0);
                let outcome = g
                    .chance
                    .as_ref()
                    .map_or(String::new(), |c| c.name(usize::from(throw.promote)));
                writeln!(out, "{} throws {outcome}", self.player(turn))?;
                self.past.push(Played { player: turn, text });
                self.state.play_index(index);
                draw = self.sides[turn] == Side::Human;
                continue;
            }
            let side = self.sides[turn];
            let index = match side {
                Side::Human => {
                    write!(out, "{} to move> ", self.player(turn))?;
                    out.flush()?;
                    let Some(line) = read_line(input)? else {
                        writeln!(out)?;
                        writeln!(out, "end of input: quitting")?;
                        return self.record(out);
                    };
                    let line = match line {
                        Line::Text(t) => t,
                        Line::Bad(why) => {
                            if echo {
                                writeln!(out)?;
                            }
                            writeln!(out, "not a move: {why}")?;
                            draw = false;
                            continue;
                        }
                    };
                    if echo {
                        writeln!(out, "{}", line.trim_end())?;
                    }
                    match self.human(line.trim(), out)? {
                        Step::Ask => {
                            draw = false;
                            continue;
                        }
                        Step::Redraw => continue,
                        Step::Play(i) => i,
                        Step::Quit => return self.record(out),
                    }
                }
                Side::Random => self.rng.below(self.state.moves().len()),
                Side::Ai => self.ai_index(),
            };
            let text = self.state.pos.move_text(&self.state.moves()[index]);
            if side != Side::Human {
                writeln!(
                    out,
                    "{} ({}) plays {text}",
                    self.player(turn),
                    Self::side_name(side)
                )?;
            }
            self.past.push(Played { player: turn, text });
            self.state.play_index(index);
        }
    }

    /// The board, the last move and (while the game goes on) nothing else: the prompt or the
    /// computer's move says who is to move.
    fn draw(&self, out: &mut dyn Write) -> io::Result<()> {
        let board = self.state.pos.render();
        let mover = format!("{} to move\n", self.player(self.state.pos.turn()));
        writeln!(out)?;
        write!(out, "{}", board.strip_suffix(&mover).unwrap_or(&board))?;
        if let Some(last) = self.past.last() {
            writeln!(out, "last move: {} {}", self.player(last.player), last.text)?;
        }
        out.flush()
    }

    /// After the end of a game with a person in it: `undo` goes back into the game (returns
    /// `true`), `help` answers, and `quit` or the end of the input leave (`false`).
    fn after_the_end(
        &mut self,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
        echo: bool,
    ) -> io::Result<bool> {
        loop {
            write!(out, "game over (undo or quit)> ")?;
            out.flush()?;
            let line = match read_line(input)? {
                None => {
                    writeln!(out)?;
                    return Ok(false);
                }
                Some(Line::Bad(why)) => {
                    if echo {
                        writeln!(out)?;
                    }
                    writeln!(out, "not a command: {why}")?;
                    continue;
                }
                Some(Line::Text(t)) => t,
            };
            if echo {
                writeln!(out, "{}", line.trim_end())?;
            }
            match line.trim().to_ascii_lowercase().as_str() {
                "" => {}
                "quit" => return Ok(false),
                "undo" => {
                    if let Step::Redraw = self.undo(out)? {
                        return Ok(true);
                    }
                }
                "help" => writeln!(out, "{HELP}")?,
                _ => writeln!(
                    out,
                    "the game is over: `undo` takes moves back, `quit` leaves"
                )?,
            }
        }
    }

    /// Reads one line from a person: a command, or a move (the index of it in the legal moves).
    fn human(&mut self, line: &str, out: &mut dyn Write) -> io::Result<Step> {
        match line.to_ascii_lowercase().as_str() {
            "" => Ok(Step::Ask),
            "help" => {
                writeln!(out, "{HELP}")?;
                Ok(Step::Ask)
            }
            "moves" => {
                writeln!(
                    out,
                    "legal moves: {}",
                    self.state.pos.legal_move_list().join(" ")
                )?;
                Ok(Step::Ask)
            }
            "levels" => {
                match self.state.pos.render_levels() {
                    Some(l) => write!(out, "{l}")?,
                    None => writeln!(out, "this game declares no levels")?,
                }
                Ok(Step::Ask)
            }
            "quit" => Ok(Step::Quit),
            "undo" => self.undo(out),
            _ => {
                let pos = &self.state.pos;
                let found = super::typed_move(pos, line).and_then(|m| {
                    let text = pos.move_text(&m);
                    self.state
                        .moves()
                        .iter()
                        .position(|l| pos.move_text(l) == text)
                        .ok_or_else(|| format!("`{text}` is not a legal move here"))
                });
                match found {
                    Ok(i) => Ok(Step::Play(i)),
                    Err(message) => {
                        writeln!(out, "{message}")?;
                        Ok(Step::Ask)
                    }
                }
            }
        }
    }

    /// Takes back moves up to the last time a person was to move.
    fn undo(&mut self, out: &mut dyn Write) -> io::Result<Step> {
        let back = self
            .past
            .iter()
            .rposition(|p| self.sides[p.player] == Side::Human);
        let Some(k) = back else {
            writeln!(out, "nothing to undo")?;
            return Ok(Step::Ask);
        };
        // The state before move `k`: the moves before it played again from the start (each
        // was legal where it was played).
        let mut state = self.start.clone();
        for p in &self.past[..k] {
            let _ = state.play_text(&p.text);
        }
        self.state = state;
        let taken: Vec<String> = self.past.drain(k..).map(|p| p.text).collect();
        writeln!(
            out,
            "took back {} move{}: {}",
            taken.len(),
            if taken.len() == 1 { "" } else { "s" },
            taken.join(" ")
        )?;
        Ok(Step::Redraw)
    }

    /// The computer's move, as an index into the legal moves.
    fn ai_index(&mut self) -> usize {
        // A long search shows that it is thinking, on a terminal only.
        let spinner = std::io::stdout().is_terminal().then(|| {
            let s = indicatif::ProgressBar::new_spinner();
            s.set_message(format!("{} thinking", self.ai));
            s.enable_steady_tick(std::time::Duration::from_millis(120));
            s
        });
        let limits = Limits::default();
        let choice = self
            .ai
            .choose_in(&self.state, &limits, &mut self.rng, &mut |n| {
                if let Some(s) = &spinner {
                    s.set_message(format!("thinking: {n} playouts"));
                }
            });
        if let Some(s) = spinner {
            s.finish_and_clear();
        }
        let pos = &self.state.pos;
        choice
            .and_then(|mv| {
                let text = pos.move_text(&mv);
                self.state
                    .moves()
                    .iter()
                    .position(|m| pos.move_text(m) == text)
            })
            // The search and the match see the same legal moves; a random one is a safe
            // fallback should a description ever make them differ.
            .unwrap_or_else(|| self.rng.below(self.state.moves().len()))
    }

    /// The moves played so far and where they lead, enough to take the game up again.
    fn record(&self, out: &mut dyn Write) -> io::Result<()> {
        if let Some(from) = &self.from {
            writeln!(out, "from: {from}")?;
        }
        write!(out, "moves ({}):", self.past.len())?;
        for p in &self.past {
            write!(out, " {}", p.text)?;
        }
        writeln!(out)?;
        writeln!(out, "position: {}", self.state.pos.to_text())?;
        if let Some((path, template)) = &self.save_to {
            let mut r = template.clone();
            r.moves = self.past.iter().map(|p| p.text.clone()).collect();
            for (p, &side) in r.players.iter_mut().zip(&self.sides) {
                p.1 = self.side_label(side);
            }
            r.result = self.state.outcome().map(|o| o.describe(self.game));
            let format = tabula::pgn::Format::of_path(path);
            let text = match format {
                Some(f) => match f.unsupported(self.game) {
                    None => self.pgn(f, &r),
                    Some(why) => {
                        writeln!(out, "could not save to {path}: {why}")?;
                        return out.flush();
                    }
                },
                None => r.to_text(),
            };
            match std::fs::write(path, text) {
                Ok(()) => writeln!(out, "saved to {path}")?,
                Err(e) => writeln!(out, "could not save to {path}: {e}")?,
            }
        }
        out.flush()
    }
}

/// The longest line read as a command or a move; a longer one is answered, not echoed.
const MAX_LINE: usize = 1024;

/// A line a person typed: text, or why it cannot be a move.
enum Line {
    Text(String),
    Bad(String),
}

/// Reads one line (`None` at the end of input) without keeping more than [`MAX_LINE`] bytes
/// of it, so that a huge line costs no memory, and without failing on bytes that are not
/// UTF-8 text.
fn read_line(input: &mut dyn BufRead) -> io::Result<Option<Line>> {
    let mut kept = Vec::new();
    let (mut total, mut ended) = (0usize, false);
    while !ended {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            break;
        }
        let (chunk, used) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => {
                ended = true;
                (&buf[..i], i + 1)
            }
            None => (buf, buf.len()),
        };
        let room = MAX_LINE.saturating_sub(kept.len());
        kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
        total += chunk.len();
        input.consume(used);
    }
    if total == 0 && !ended {
        return Ok(None);
    }
    if total > MAX_LINE {
        return Ok(Some(Line::Bad(format!(
            "the line is {total} bytes long; a move is a few characters"
        ))));
    }
    Ok(Some(match String::from_utf8(kept) {
        Ok(t) => Line::Text(t),
        Err(_) => Line::Bad("the line is not UTF-8 text".into()),
    }))
}
