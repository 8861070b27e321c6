//! Game records: a plain-text account of one game, enough to replay it or take it up again.
//!
//! ```text
//! # Tabula game record
//! game: games/chess.game
//! description: 5f3a9c0d12e4b7a1
//! start: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
//! white: human
//! black: mcts:1s
//! moves: e2e4; e7e5; g1f3
//! result: white wins (lose when I have no legal move and I am in check)
//! ```
//!
//! One `key: value` line each; `#` lines are comments. `description` is a digest of the
//! description's text, so a record replayed on a changed description says so; `start` is the
//! position the game began from; one line per player, named by the game's players; `moves`
//! are separated by `;` (a move's text may hold spaces: Rascals' `i8-j8 x k8`) and may be split
//! over several lines; `result` is absent while the game is unfinished. Only `game` is
//! required: a record written by hand may leave out `description` (replayed with a note) and
//! `start` (the game's start position).
//! Replaying plays every move through a [`MatchState`], so repetitions count as in the game,
//! and keeps only the start, the moves and the state at the end ([`Replay`]): memory grows
//! with the number of moves, not with its square.

use crate::engine::{Game, MatchState, Move, Position};

/// The header line every record starts with.
pub const HEADER: &str = "# Tabula game record";

/// A digest of a description's text (64-bit FNV-1a, in hex): equal texts, equal digests.
pub fn digest(source: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in source.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// One game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The description file, as given when the game was played.
    pub game: String,
    /// [`digest`] of the description's text.
    pub description: String,
    /// The position string of the start.
    pub start: String,
    /// Who played each side (`human`, `mcts:1s`, ...), by the game's player names.
    pub players: Vec<(String, String)>,
    pub moves: Vec<String>,
    /// The outcome as [`crate::engine::Outcome::describe`] gives it, once the game is over.
    pub result: Option<String>,
    /// Comment lines (without their `#`), kept in order.
    pub comments: Vec<String>,
}

/// Why a record could not be replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("the start position cannot be read: {0}")]
    Start(String),
    #[error("move {number} `{text}` cannot be played: {why}")]
    Move {
        number: usize,
        text: String,
        why: String,
    },
    #[error("the record says `{recorded}`, but the moves end in `{actual}`")]
    Result { recorded: String, actual: String },
}

/// A game played through: where it started, its moves as played and the match state at the
/// end. The positions in between are played again when asked for ([`Replay::positions`]), so
/// that a replay holds one position per move at most while it is read, never a match state
/// (with its whole history) per move.
#[derive(Clone, Debug)]
pub struct Replay<'g> {
    pub start: Position<'g>,
    pub moves: Vec<Move>,
    /// The match state after the last move (repetitions and the outcome counted).
    pub end: MatchState<'g>,
}

impl<'g> Replay<'g> {
    /// The position before the first move, then after each move (one more than there are
    /// moves), played again one at a time.
    pub fn positions(&self) -> impl Iterator<Item = Position<'g>> + '_ {
        positions(&self.start, &self.moves)
    }
}

/// The positions of a game from `start` through `moves` (legal moves, each played where the
/// one before it ends): `start` first, then the position after each move.
pub fn positions<'a, 'g>(
    start: &Position<'g>,
    moves: &'a [Move],
) -> impl Iterator<Item = Position<'g>> + 'a
where
    'g: 'a,
{
    let first = start.clone();
    std::iter::once(first.clone()).chain(moves.iter().scan(first, |pos, m| {
        pos.play_unchecked(m);
        Some(pos.clone())
    }))
}

impl Record {
    /// A record of a game in `game` (read from `path`, with text `source`) from `start`.
    pub fn new(game: &Game, path: &str, source: &str, start: &Position) -> Record {
        Record {
            game: path.to_string(),
            description: digest(source),
            start: start.to_text(),
            players: game
                .players
                .iter()
                .map(|p| (p.name.clone(), String::new()))
                .collect(),
            moves: Vec::new(),
            result: None,
            comments: Vec::new(),
        }
    }

    /// The record as text (see the module header).
    pub fn to_text(&self) -> String {
        let mut s = format!("{HEADER}\n");
        for c in &self.comments {
            s.push_str(&format!("#{c}\n"));
        }
        s.push_str(&format!("game: {}\n", self.game));
        s.push_str(&format!("description: {}\n", self.description));
        s.push_str(&format!("start: {}\n", self.start));
        for (name, who) in &self.players {
            if !who.is_empty() {
                s.push_str(&format!("{name}: {who}\n"));
            }
        }
        // Ten moves a line, so that long games stay readable.
        if self.moves.is_empty() {
            s.push_str("moves:\n");
        }
        for chunk in self.moves.chunks(10) {
            s.push_str(&format!("moves: {}\n", chunk.join("; ")));
        }
        if let Some(r) = &self.result {
            s.push_str(&format!("result: {r}\n"));
        }
        s
    }

    /// Reads a record; `player_names` are the keys taken as players (the game's names).
    ///
    /// # Errors
    /// A line that is neither a comment nor `key: value`, an unknown key, or a missing
    /// `game`, with its line number. `description` and `start` may be missing (a record
    /// written by hand): see [`Record::description_note`].
    pub fn parse(text: &str, player_names: &[String]) -> Result<Record, String> {
        let mut r = Record {
            game: String::new(),
            description: String::new(),
            start: String::new(),
            players: player_names
                .iter()
                .map(|n| (n.clone(), String::new()))
                .collect(),
            moves: Vec::new(),
            result: None,
            comments: Vec::new(),
        };
        for (i, line) in text.lines().enumerate() {
            let line = line.trim_end();
            if line.is_empty() || line == HEADER {
                continue;
            }
            if let Some(c) = line.strip_prefix('#') {
                r.comments.push(c.to_string());
                continue;
            }
            let Some((key, value)) = line.split_once(':') else {
                return Err(format!(
                    "line {}: expected `key: value`, found `{line}`",
                    i + 1
                ));
            };
            let value = value.trim();
            match key.trim() {
                "game" => r.game = value.to_string(),
                "description" => r.description = value.to_string(),
                "start" => r.start = value.to_string(),
                "moves" => r.moves.extend(
                    value
                        .split(';')
                        .map(str::trim)
                        .filter(|m| !m.is_empty())
                        .map(str::to_string),
                ),
                "result" => r.result = Some(value.to_string()),
                k => match r.players.iter_mut().find(|(n, _)| n == k) {
                    Some(p) => p.1 = value.to_string(),
                    None => {
                        return Err(format!(
                            "line {}: unknown key `{k}` (keys: game, description, start, {}, \
                             moves, result)",
                            i + 1,
                            player_names.join(", ")
                        ))
                    }
                },
            }
        }
        // `description` and `start` may be left out of a record written by hand: the game is
        // then replayed from its start position on the description as it is now.
        if r.game.is_empty() {
            return Err("the record has no `game` line".into());
        }
        Ok(r)
    }

    /// What a reader should know about the description this record is replayed on (`source`,
    /// the text of the file `file`): nothing when it is the one the record was saved with;
    /// else a note when the record names no digest (written by hand), or a warning naming
    /// both digests when the description has changed since, or is another one.
    pub fn description_note(&self, file: &str, source: &str) -> Option<String> {
        let now = digest(source);
        if self.description.is_empty() {
            Some(format!(
                "note: the record has no `description` line (written by hand?): its moves are \
                 checked against {file} as it is now"
            ))
        } else if self.description != now {
            Some(format!(
                "warning: the record was saved with a description whose digest is {}, and \
                 {file}'s is {now}: the description has changed since (or is another one), so \
                 its moves are checked against the rules as they are now",
                self.description
            ))
        } else {
            None
        }
    }

    /// The game replayed (see [`Replay`]). Checks each move, and the result if one is
    /// recorded.
    ///
    /// # Errors
    /// The first move that is not legal where it is played (a rules change, a damaged
    /// record), or a recorded result the moves do not lead to.
    pub fn replay<'g>(&self, game: &'g Game) -> Result<Replay<'g>, ReplayError> {
        let start = if self.start.is_empty() {
            game.start()
        } else {
            Position::from_text(game, &self.start).map_err(|e| ReplayError::Start(e.0))?
        };
        let mut state = MatchState::new(start.clone());
        let mut moves = Vec::with_capacity(self.moves.len());
        for (i, text) in self.moves.iter().enumerate() {
            let err = |why: String| ReplayError::Move {
                number: i + 1,
                text: text.clone(),
                why,
            };
            moves.push(state.play_text(text).map_err(err)?);
        }
        if let Some(recorded) = &self.result {
            let actual = state
                .outcome()
                .map_or_else(|| "unfinished".to_string(), |o| o.describe(game));
            if &actual != recorded {
                return Err(ReplayError::Result {
                    recorded: recorded.clone(),
                    actual,
                });
            }
        }
        Ok(Replay {
            start,
            moves,
            end: state,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_back_as_written() {
        let r = Record {
            game: "games/chess.game".into(),
            description: digest("game"),
            start: "8/8/8/8/8/8/8/K6k w - - 0 1".into(),
            players: vec![
                ("white".into(), "human".into()),
                ("black".into(), "mcts:1s".into()),
            ],
            moves: (0..23).map(|i| format!("m{i}")).collect(),
            result: Some("draw (draw on threefold repetition)".into()),
            comments: vec![" a note".into()],
        };
        let names = ["white".to_string(), "black".to_string()];
        assert_eq!(Record::parse(&r.to_text(), &names), Ok(r));
    }

    #[test]
    fn mistakes_in_a_record_name_their_line() {
        let names = ["white".to_string(), "black".to_string()];
        let e = Record::parse("game: x\nnonsense\n", &names).unwrap_err();
        assert_eq!(e, "line 2: expected `key: value`, found `nonsense`");
        let e = Record::parse("game: x\nred: human\n", &names).unwrap_err();
        assert!(e.starts_with("line 2: unknown key `red`"), "{e}");
        let e = Record::parse("description: 0\nmoves: e2e4\n", &names).unwrap_err();
        assert_eq!(e, "the record has no `game` line");
    }

    #[test]
    fn digests_tell_texts_apart() {
        assert_eq!(digest("abc"), digest("abc"));
        assert_ne!(digest("abc"), digest("abd"));
        assert_eq!(digest("").len(), 16);
    }
}
