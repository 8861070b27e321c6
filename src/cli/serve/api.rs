//! The page's requests: the games offered, checking a description, the state of a game after
//! some moves (its drawing and legal moves), a computer player's move, perft, and game
//! records. Each takes the description's text and the moves so far, as JSON.

use super::{Library, Reply};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;
use tabula::ai::mcts::{Budget, Limits};
use tabula::ai::Player;
use tabula::diagnostic::{self, Diagnostic};
use tabula::engine::{Game, MatchState, Move, Outcome, Position};
use tabula::record::{digest, Record};
use tabula::rng::Rng;
use tabula::svg::{self, SvgOptions};

/// The longest a computer player may be asked to think per move (`mcts:30s`, `default:30s`,
/// `baseline:30s`), and the wall time after which any search is stopped and answers with its
/// best move so far.
pub const MAX_THINK: Duration = Duration::from_secs(30);

/// The most work a computer player may be asked for per move: MCTS iterations
/// (`mcts:1000000`), or the default player's positions or playouts (`default:1000000`).
pub const MAX_ITERATIONS: u64 = 1_000_000;

/// The most nodes an MCTS tree holds here (about 85 MB on Go 9 x 9); past it the tree
/// stops growing and the search goes on from its leaves.
pub const MCTS_MAX_NODES: usize = 500_000;

/// The deepest perft asked for from the page (the command line has no such limit).
pub const MAX_PERFT_DEPTH: u64 = 8;

/// The longest a perft count runs here; then it is given up with a 400 answer.
pub const MAX_PERFT_TIME: Duration = Duration::from_secs(20);

/// The most moves a request's game may have.
pub const MAX_MOVES: usize = 10_000;

/// The most legal moves a position may have here. The page gets each with its text and
/// cells (a few KB for a long capture chain), so a position with more is refused rather
/// than answered with hundreds of megabytes; the engine lists at most its own budget.
pub const MAX_LISTED_MOVES: usize = 10_000;

/// What the page sends: the description, the game so far and what the request needs.
#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct Request {
    /// The description's text.
    source: String,
    /// The description's file name (for records).
    file: String,
    /// The start position string (default: the game's start).
    position: Option<String>,
    moves: Vec<String>,
    /// `ai`: the computer player (`mcts:1s`, `alphabeta:3`, `random`).
    player: Option<String>,
    seed: u64,
    /// `perft`: the depth, and whether to count below each move.
    depth: u64,
    divide: bool,
    /// `record`: who played each side; `load`: the record's text.
    sides: Vec<String>,
    record: String,
}

/// Reads the request body and answers it with `f`.
pub fn with_request(body: &[u8], f: impl FnOnce(&Request) -> Reply) -> Reply {
    match serde_json::from_slice::<Request>(body) {
        Ok(r) => f(&r),
        Err(e) => Reply::error(400, format!("the request is not understood: {e}")),
    }
}

/// `GET /api/games`: the offered descriptions, by file name, with their titles.
pub fn games(library: &Library) -> Reply {
    let list: Vec<Value> = library
        .files
        .iter()
        .map(|(name, path)| {
            let title = tabula::load_file(&path.to_string_lossy())
                .map_or_else(|_| name.clone(), |g| g.title.clone());
            json!({ "file": name, "title": title })
        })
        .collect();
    Reply::json(200, &json!({ "games": list }))
}

/// `GET /api/source?file=NAME`: an offered description's text.
pub fn source(library: &Library, query: &str) -> Reply {
    let name = query
        .split('&')
        .find_map(|kv| kv.strip_prefix("file="))
        .map(percent_decode)
        .unwrap_or_default();
    let Some(path) = library.path_of(&name) else {
        return Reply::error(404, format!("`{name}` is not one of the games served"));
    };
    match std::fs::read_to_string(path) {
        Ok(text) => Reply {
            status: 200,
            content_type: "text/plain; charset=utf-8",
            body: text,
        },
        Err(e) => Reply::error(500, format!("cannot read {name}: {e}")),
    }
}

/// `POST /api/check`: the description's diagnostics (errors, or a valid game's warnings), each
/// with its line and column, and the same text `tabula validate` prints.
pub fn check(r: &Request) -> Reply {
    let (ok, found) = match tabula::compile_source(&r.source) {
        Ok(game) => (true, tabula::warnings(&game)),
        Err(ds) => (false, ds),
    };
    Reply::json(200, &diagnostics_json(ok, &r.source, &found, &r.file))
}

/// `POST /api/state`: the game after the moves: its drawing, whose turn it is, the outcome,
/// and each legal move with the cells to click for it.
pub fn state(r: &Request) -> Reply {
    with_game(r, |game, state, last| {
        let pos = &state.pos;
        let names = |cells: &[u16]| -> Vec<String> {
            cells
                .iter()
                .map(|&c| game.board.names[c as usize].clone())
                .collect()
        };
        let moves: Vec<Value> = if state.outcome().is_some() {
            Vec::new()
        } else {
            let mut list: Vec<(String, Value)> = state
                .moves()
                .iter()
                .map(|m| {
                    let text = pos.move_text(m);
                    let (drop, cells) = pos.move_cells(m);
                    let hand = drop.then(|| game.letter(m.promote).to_string());
                    let v = json!({ "text": text, "cells": names(&cells), "hand": hand });
                    (text, v)
                })
                .collect();
            list.sort_by(|a, b| a.0.cmp(&b.0));
            list.into_iter().map(|(_, v)| v).collect()
        };
        // The last move's cells are drawn tinted.
        let highlight = last.map_or_else(Vec::new, |m| pos.move_cells(&m).1);
        let drawing = svg::render(
            pos,
            &SvgOptions {
                highlight,
                coordinates: true,
            },
        );
        let outcome = state.outcome().map(|o| {
            let winner = match o {
                Outcome::Win { player, .. } => Some(*player),
                Outcome::Draw { .. } => None,
            };
            json!({ "text": o.describe(game), "winner": winner })
        });
        Reply::json(
            200,
            &json!({
                "title": game.title,
                "players": game.players.iter().map(|p| p.name.clone()).collect::<Vec<_>>(),
                "turn": pos.turn(),
                // Games with dice: whether the throw is due (the page throws for everyone),
                // and the outcome thrown for this turn.
                "chance": pos.is_chance(),
                "throw": game.chance.as_ref().zip(pos.throw()).map(|(c, i)| c.name(i)),
                "position": pos.to_text(),
                "outcome": outcome,
                "svg": drawing,
                "moves": moves,
            }),
        )
    })
}

/// `POST /api/ai`: the move a computer player chooses; a search stops with its best move so
/// far once `stop` is raised.
pub fn ai(r: &Request, stop: &Arc<AtomicBool>) -> Reply {
    with_game(r, |game, state, _| {
        let player: Player = match r.player.as_deref() {
            None | Some("default") => Player::default_for(game),
            Some(text) => match text.parse() {
                Ok(p) => p,
                Err(e) => return Reply::error(400, e),
            },
        };
        let too_long = match player {
            Player::Mcts(b) | Player::Default(b) | Player::Baseline(b) => match b {
                Budget::Time(t) | Budget::Cpu(t) => t > MAX_THINK,
                Budget::Iterations(n) => n > MAX_ITERATIONS,
            },
            Player::Random | Player::AlphaBeta(_) => false,
        };
        if too_long {
            return Reply::error(
                400,
                "a computer player may think at most 30 s or 1,000,000 iterations a move here",
            );
        }
        if let Some(o) = state.outcome() {
            return Reply::error(400, format!("the game is over: {}", o.describe(game)));
        }
        let mut rng = Rng::new(r.seed);
        let limits = Limits {
            max_nodes: MCTS_MAX_NODES,
            stop: Some(stop.clone()),
        };
        match player.choose_in(&state, &limits, &mut rng, &mut |_| {}) {
            Some(m) => Reply::json(200, &json!({ "move": state.pos.move_text(&m) })),
            None => Reply::error(400, "there is no legal move to choose"),
        }
    })
}

/// `POST /api/perft`: move sequences of `depth` turns, and with `divide` below each move;
/// given up once `stop` is raised.
pub fn perft(r: &Request, stop: &Arc<AtomicBool>) -> Reply {
    if r.depth > MAX_PERFT_DEPTH {
        return Reply::error(
            400,
            format!(
                "depth {} is too deep here (at most {MAX_PERFT_DEPTH}; use `tabula perft`)",
                r.depth
            ),
        );
    }
    with_game(r, |_, state, _| {
        let depth = r.depth as usize;
        let clock = std::time::Instant::now();
        let unfinished = || {
            Reply::error(
                400,
                format!(
                    "perft to depth {depth} did not finish within {} s here; use `tabula perft`",
                    MAX_PERFT_TIME.as_secs()
                ),
            )
        };
        let (nodes, divide) = if r.divide {
            let split = match tabula::engine::perft_divide_until(&state.pos, depth, stop) {
                Ok(Some(split)) => split,
                Ok(None) => return unfinished(),
                Err(e) => return Reply::error(400, format!("perft to depth {depth}: {e}")),
            };
            let mut split: Vec<(String, u64)> = split
                .iter()
                .map(|(m, n)| (state.pos.move_text(m), *n))
                .collect();
            split.sort();
            let total = split.iter().map(|(_, n)| n).sum();
            let list: Vec<Value> = split
                .into_iter()
                .map(|(m, n)| json!({ "move": m, "nodes": n }))
                .collect();
            (total, Some(list))
        } else {
            match tabula::engine::perft_until(&state.pos, depth, stop, &mut |_| {}) {
                Ok(Some(n)) => (n, None),
                Ok(None) => return unfinished(),
                Err(e) => return Reply::error(400, format!("perft to depth {depth}: {e}")),
            }
        };
        let seconds = clock.elapsed().as_secs_f64();
        Reply::json(
            200,
            &json!({ "depth": depth, "nodes": nodes, "seconds": seconds, "divide": divide }),
        )
    })
}

/// `POST /api/record`: the game as a record file's text (`tabula replay` reads it).
pub fn record(r: &Request) -> Reply {
    with_game(r, |game, state, _| {
        let start = match start(game, r) {
            Ok(p) => p,
            Err(reply) => return reply,
        };
        let file = if r.file.is_empty() {
            "description.game"
        } else {
            &r.file
        };
        let mut rec = Record::new(game, file, &r.source, &start);
        for (slot, who) in rec.players.iter_mut().zip(&r.sides) {
            slot.1.clone_from(who);
        }
        rec.moves.clone_from(&r.moves);
        rec.result = state.outcome().map(|o| o.describe(game));
        rec.comments.push(" saved from tabula serve".to_string());
        Reply::json(200, &json!({ "text": rec.to_text() }))
    })
}

/// `POST /api/load`: the start and moves of a record, checked against the description.
pub fn load(r: &Request) -> Reply {
    let game = match compiled(r) {
        Ok(g) => g,
        Err(reply) => return reply,
    };
    let names: Vec<String> = game.players.iter().map(|p| p.name.clone()).collect();
    let rec = match Record::parse(&r.record, &names) {
        Ok(rec) => rec,
        Err(e) => return Reply::error(400, format!("the record cannot be read: {e}")),
    };
    if rec.moves.len() > MAX_MOVES {
        return too_long(rec.moves.len());
    }
    if let Err(e) = rec.replay(&game) {
        return Reply::error(
            400,
            format!("the record does not fit this description: {e}"),
        );
    }
    let note = (rec.description != digest(&r.source)).then(|| {
        format!(
            "the record was played on another version of the description ({}); its moves are \
             legal under this one",
            rec.game
        )
    });
    Reply::json(
        200,
        &json!({ "position": rec.start, "moves": rec.moves, "note": note }),
    )
}

/// Answers with `f` given the compiled description and the game after the request's moves
/// (and the last move played), or with the answer that says why there is no such game.
fn with_game(r: &Request, f: impl FnOnce(&Game, MatchState, Option<Move>) -> Reply) -> Reply {
    let game = match compiled(r) {
        Ok(g) => g,
        Err(reply) => return reply,
    };
    match played(&game, r) {
        Ok((state, last)) => f(&game, state, last),
        Err(reply) => reply,
    }
}

/// The compiled description, or a 422 answer with its diagnostics.
fn compiled(r: &Request) -> Result<Game, Reply> {
    tabula::compile_source(&r.source)
        .map_err(|ds| Reply::json(422, &diagnostics_json(false, &r.source, &ds, &r.file)))
}

/// The start position the request names (the game's own by default).
fn start<'g>(game: &'g Game, r: &Request) -> Result<Position<'g>, Reply> {
    match &r.position {
        None => Ok(game.start()),
        Some(text) => Position::from_text(game, text)
            .map_err(|e| Reply::error(400, format!("the position cannot be read: {e}"))),
    }
}

/// The game after the request's moves, and the last move played; refused where the game has
/// more than [`MAX_MOVES`] moves or its position more than [`MAX_LISTED_MOVES`] legal moves.
fn played<'g>(game: &'g Game, r: &Request) -> Result<(MatchState<'g>, Option<Move>), Reply> {
    if r.moves.len() > MAX_MOVES {
        return Err(too_long(r.moves.len()));
    }
    let mut state = MatchState::new(start(game, r)?);
    let mut last = None;
    for (i, text) in r.moves.iter().enumerate() {
        let fail = |why: String| Reply::error(400, format!("move {} `{text}`: {why}", i + 1));
        last = Some(state.play_text(text).map_err(fail)?);
    }
    let n = state.moves().len();
    if n > MAX_LISTED_MOVES {
        return Err(Reply::error(
            400,
            format!(
                "the position has {n} moves, more than the {MAX_LISTED_MOVES} listed here; \
                 use `tabula moves`"
            ),
        ));
    }
    Ok((state, last))
}

/// The answer to a game of `n` moves, more than [`MAX_MOVES`].
fn too_long(n: usize) -> Reply {
    Reply::error(
        400,
        format!("a game of {n} moves is too long here (at most {MAX_MOVES})"),
    )
}

/// Diagnostics as the page shows them: each with its line and column (from 1) and its end,
/// and all of them rendered as `tabula validate` prints them.
fn diagnostics_json(ok: bool, source: &str, found: &[Diagnostic], file: &str) -> Value {
    let list: Vec<Value> = found
        .iter()
        .map(|d| {
            let (line, column) = line_col(source, d.span.start);
            let (end_line, end_column) = line_col(source, d.span.end.max(d.span.start));
            json!({
                "severity": if d.warning { "warning" } else { "error" },
                "message": d.message,
                "label": d.label,
                "notes": d.notes,
                "line": line,
                "column": column,
                "end_line": end_line,
                "end_column": end_column,
            })
        })
        .collect();
    let name = if file.is_empty() { "description" } else { file };
    json!({
        "ok": ok,
        "diagnostics": list,
        "rendered": diagnostic::render(name, source, found),
    })
}

/// The line and column (both from 1, the column in characters) of a byte offset.
fn line_col(source: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(source.len());
    let before = source.get(..offset).unwrap_or(source);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// `%2F` and `+` in a query value.
fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => {
                match u8::from_str_radix(s.get(i + 1..i + 3).unwrap_or(""), 16) {
                    Ok(b) => {
                        out.push(b);
                        i += 3;
                    }
                    Err(_) => {
                        out.push(b'%');
                        i += 1;
                    }
                }
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_become_lines_and_columns() {
        let s = "ab\ncdé\nf";
        assert_eq!(line_col(s, 0), (1, 1));
        assert_eq!(line_col(s, 3), (2, 1));
        assert_eq!(line_col(s, 7), (2, 4));
        assert_eq!(line_col(s, 8), (3, 1));
        assert_eq!(line_col(s, 99), (3, 2));
    }

    #[test]
    fn query_values_are_decoded() {
        assert_eq!(percent_decode("chess.game"), "chess.game");
        assert_eq!(percent_decode("a%20b+c"), "a b c");
        assert_eq!(percent_decode("bad%zz%"), "bad%zz%");
    }
}
