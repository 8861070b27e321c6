//! Tabula: a general game system. A board game is described once in a declarative file;
//! Tabula parses it, checks it, compiles it into a move generator and runs it.
//!
//! # Architecture
//! Data flows syntax → check → compile → engine: text becomes an AST ([`syntax`], the only
//! module that knows pest, spans on every node), the AST a checked [`model`] with names
//! resolved to ids and every error collected ([`check`]), the model flat tables
//! ([`compile`]; nothing after it looks up a name), and the tables run in the [`engine`]
//! (positions, move generation, legality, outcome, perft, playouts; no I/O, no allocation per
//! move). [`diagnostic`] is the one place that renders errors.
//!
//! Imports run the other way round from the engine's point of view: the engine is a runtime
//! that knows only the model's plain data and its own extension points
//! ([`engine::hooks`]); native hooks ([`native`]) are written against those, and the checker
//! and compiler reach hooks through the registry. So each module uses only the layers listed
//! before it here (`tests/layers.rs` checks it on the source):
//! 1. [`geometry`], [`rng`], [`ast`] — boards and cells, the seeded generator, the AST types;
//! 2. [`syntax`];
//! 3. [`model`];
//! 4. [`engine`] — never names a hook;
//! 5. [`native`] — one file per hook, one registry entry each;
//! 6. [`check`];
//! 7. [`compile`];
//! 8. [`diagnostic`], [`ai`], [`record`], [`pgn`], [`svg`];
//! 9. [`api`] — the program-facing API (action space, observations, batched games) that
//!    the Python package wraps.
//!
//! The command-line tool (`src/main.rs`, `src/cli/`) sits on top.
//!
//! # Using the library
//!
//! Load a game, list its moves, play, count perft, play random games and ask a computer
//! player for a move; the command-line tool does nothing more than this:
//!
//! ```
//! use tabula::ai::Player;
//! use tabula::engine::{perft, MatchState, Playout};
//! use tabula::rng::Rng;
//!
//! let game = tabula::load_file(concat!(env!("CARGO_MANIFEST_DIR"), "/games/chess.game"))
//!     .expect("a valid description");
//! let start = game.start();
//!
//! // The legal moves, in the game's notation.
//! let mut moves = Vec::new();
//! start.legal_moves(&mut moves);
//! assert_eq!(moves.len(), 20);
//! assert!(moves.iter().any(|m| start.move_text(m) == "e2e4"));
//!
//! // A game in progress: moves played by their text, repetition and the outcome kept.
//! let mut state = MatchState::new(start.clone());
//! state.play_text("e2e4").expect("a legal move");
//! state.play_text("e7e5").expect("a legal move");
//! assert_eq!(
//!     state.pos.to_text(),
//!     "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
//! );
//!
//! // Perft: move sequences of 3 plies from the start (published: 8,902).
//! assert_eq!(perft(&start, 3, &mut |_| {}), Ok(8902));
//!
//! // A seeded random game, the same on every machine.
//! let mut playout = Playout::new(start.clone());
//! let result = playout.run_quiet(&mut Rng::new(7));
//! assert!(result.plies > 0);
//!
//! // The computer player's move (alpha-beta, 2 plies).
//! let ai: Player = "alphabeta:2".parse().expect("a player");
//! let choice = ai.choose(&state.pos, &mut Rng::new(1), &mut |_| {});
//! assert!(choice.is_some());
//!
//! // A description with a mistake gives every diagnostic, with its line and column.
//! let errors = tabula::compile_source("game \"x\" {\n  board square 0 x 3\n}\n").unwrap_err();
//! assert!(!errors.is_empty());
//! ```

pub mod ai;
pub mod api;
pub mod ast;
pub mod check;
pub mod compile;
pub mod diagnostic;
pub mod engine;
pub mod geometry;
pub mod model;
pub mod native;
pub mod pgn;
pub mod record;
pub mod rng;
pub mod svg;
pub mod syntax;

use diagnostic::Diagnostic;
use engine::Game;

/// Parses, checks and compiles a description.
///
/// # Errors
/// Every diagnostic found: a syntax error stops at once; check errors are all collected.
pub fn compile_source(source: &str) -> Result<Game, Vec<Diagnostic>> {
    let ast = syntax::parse(source).map_err(|e| vec![Diagnostic::from(&e)])?;
    let model =
        check::check(&ast).map_err(|es| es.iter().map(Diagnostic::from).collect::<Vec<_>>())?;
    Ok(compile::compile(model))
}

/// Warnings about a valid game: rules that make it over before the first move. The game
/// still runs; `tabula validate` prints these and still succeeds.
pub fn warnings(game: &Game) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let start = game.start();
    let over = start.static_outcome().or_else(|| {
        let mut moves = Vec::new();
        start.legal_moves(&mut moves);
        moves.is_empty().then(|| start.no_move_outcome())
    });
    // A piece on the board at the start that nothing can ever move: no rule, no hook that
    // makes moves (pieces brought in by placements or shots, like Amazons' arrows, are not
    // on the board at the start).
    for (k, kind) in game.kinds.iter().enumerate() {
        let codes = [game.code(k, 0), game.code(k, 1)];
        let on_board = codes
            .iter()
            .any(|&c| start.count(game.owner(c), Some(k)) > 0);
        let moves = codes.iter().any(|&c| {
            !game.rules[c as usize].is_empty()
                || game.hooks[c as usize].iter().any(|h| h.generate.is_some())
                || game.board_rules.iter().any(|r| r.moves_kind(k))
                || game.places.iter().flatten().any(|p| p.code == c)
                // In a race, the throw moves every piece along its owner's track.
                || game.race.is_some()
        });
        // A piece that may borrow moves (a chameleon) or promote is left alone.
        let borrowed = codes.iter().any(|&c| game.borrows_moves[c as usize]);
        if on_board && !moves && !borrowed && game.promotion[codes[0] as usize].is_none() {
            out.push(Diagnostic {
                message: format!("piece `{}` can never move", kind.name),
                span: kind.span,
                label: "no rule of this piece makes a move".into(),
                notes: vec![
                    "it stays where the setup puts it for the whole game; give it a rule \
                     such as `step all` if it should move"
                        .into(),
                ],
                secondary: None,
                warning: true,
            });
        }
    }
    out.sort_by_key(|d| d.span.start);
    if let Some(o) = over {
        let reason = match &o {
            engine::Outcome::Win { reason, .. } | engine::Outcome::Draw { reason } => reason,
        };
        // Blame the end rule that decides (its text starts the reason), else the whole game.
        let rule = game.end.iter().find(|e| reason.starts_with(&e.text));
        out.push(Diagnostic {
            message: format!(
                "the game is over before the first move: {}",
                o.describe(game)
            ),
            span: rule.map_or(ast::Span::new(0, 0), |e| e.span),
            label: "this decides the start position".into(),
            notes: vec![
                "perft counts nothing and a playout ends at once; check the setup against this \
                 rule"
                    .into(),
            ],
            secondary: None,
            warning: true,
        });
    }
    out
}

/// Why a description file could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    /// The rendered diagnostics.
    #[error("{rendered}")]
    Invalid { rendered: String, count: usize },
}

/// The largest description file read (the largest shipped game is a few kilobytes).
pub const MAX_DESCRIPTION_BYTES: u64 = 4 << 20;

/// Reads a description as UTF-8 text of at most [`MAX_DESCRIPTION_BYTES`] (a device such as
/// `/dev/zero` is cut off there, not read forever); a directory or a larger file is an error.
fn read_limited(path: &str) -> std::io::Result<String> {
    use std::io::Read;
    let file = std::fs::File::open(path)?;
    if file.metadata()?.is_dir() {
        return Err(std::io::Error::other("it is a directory"));
    }
    let mut bytes = Vec::new();
    file.take(MAX_DESCRIPTION_BYTES + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_DESCRIPTION_BYTES {
        return Err(std::io::Error::other(format!(
            "it is larger than {} MiB, too large for a description",
            MAX_DESCRIPTION_BYTES >> 20
        )));
    }
    String::from_utf8(bytes).map_err(|_| std::io::Error::other("it is not UTF-8 text"))
}

/// Reads and compiles a description file.
///
/// # Errors
/// [`LoadError::Io`] when the file cannot be read, [`LoadError::Invalid`] with rendered
/// diagnostics when the description is wrong.
pub fn load_file(path: &str) -> Result<Game, LoadError> {
    load_with_warnings(path).map(|(game, _, _)| game)
}

/// [`load_file`], also rendering the game's [`warnings`] (and counting them).
///
/// # Errors
/// As [`load_file`].
pub fn load_with_warnings(path: &str) -> Result<(Game, String, usize), LoadError> {
    let source = read_limited(path).map_err(|source| LoadError::Io {
        path: path.to_string(),
        source,
    })?;
    let game = compile_source(&source).map_err(|ds| LoadError::Invalid {
        rendered: diagnostic::render(path, &source, &ds),
        count: ds.len(),
    })?;
    let ws = warnings(&game);
    let rendered = diagnostic::render(path, &source, &ws);
    Ok((game, rendered, ws.len()))
}
