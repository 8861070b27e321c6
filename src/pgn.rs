//! PGN, the record format of the chess family: standard algebraic notation (SAN) for the moves
//! of games written with coordinate notation (`e2e4`), and whole games as PGN text; and PDN,
//! its draughts sibling, with numbered squares (`32-28`, `19x28`) in games that say how their
//! squares are numbered (`notation path, numbered from black`).
//!
//! SAN is made from the description, not from a table of chess pieces: a piece that promotes
//! is a pawn (no letter; a capture names its file), every other piece is its letter; a move is
//! told apart from the same piece's other moves to that cell by its file, its rank or both;
//! castling is `O-O` toward the king's nearer side and `O-O-O` the other way; `+` marks check
//! and `#` mate. Reading a SAN move compares it with the SAN of every legal move, so anything
//! this module writes reads back, and ordinary PGN from other programs reads too (annotations
//! such as `!?` and a missing `+` are forgiven).

use crate::engine::{Game, MatchState, Move, MoveKind, Outcome, Position};
use crate::geometry::NONE;

/// The move `m` (legal at `pos`) in standard algebraic notation.
pub fn san(pos: &Position, m: &Move) -> String {
    let g = pos.game;
    // A move with no piece that moves (a pass, a placement) has no SAN of its own: the
    // game's notation writes it.
    if m.from == NONE || pos.at(m.from) == 0 {
        return pos.move_text(m);
    }
    let name = |c: crate::geometry::Cell| g.board.names[c as usize].as_str();
    let mut s = if m.extra_from != NONE && m.extra_to != NONE && m.kind == MoveKind::Normal {
        // Castling: the partner lands between; the longer way is queen side.
        // In Chess960 castling, queen side is where the king lands on the board's first half.
        let long = if g.castles.iter().any(|r| r.free) {
            g.board.coords[m.to as usize].0 * 2 < g.board.cols as i32
        } else {
            (i32::from(m.extra_from) - i32::from(m.from)).abs()
                > (i32::from(m.to) - i32::from(m.from)).abs() + 1
        };
        if long { "O-O-O" } else { "O-O" }.to_string()
    } else {
        let mover = pos.at(m.from);
        let pawn = g.promotion[mover as usize].is_some();
        let capture = m.ncap > 0;
        let mut s = String::new();
        if pawn {
            if capture {
                s.push_str(&name(m.from)[..1]);
            }
        } else {
            s.push(g.kinds[pos.game.kind_of(mover)].letter);
            // Other pieces of the same code that can reach the same cell.
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            let rivals: Vec<&Move> = moves
                .iter()
                .filter(|o| {
                    o.to == m.to && o.from != m.from && o.from != NONE && pos.at(o.from) == mover
                })
                .collect();
            if !rivals.is_empty() {
                let (file, rank) = split(name(m.from));
                let same_file = rivals.iter().any(|o| split(name(o.from)).0 == file);
                let same_rank = rivals.iter().any(|o| split(name(o.from)).1 == rank);
                if !same_file {
                    s.push_str(file);
                } else if !same_rank {
                    s.push_str(rank);
                } else {
                    s.push_str(name(m.from));
                }
            }
        }
        if capture {
            s.push('x');
        }
        s.push_str(name(m.to));
        if m.promote != 0 && pawn {
            s.push('=');
            s.push(g.kinds[pos.game.kind_of(m.promote)].letter);
        }
        s
    };
    let mut after = pos.clone();
    after.play_unchecked(m);
    if after.in_check() {
        let mut replies = Vec::new();
        after.legal_moves(&mut replies);
        s.push(if replies.is_empty() { '#' } else { '+' });
    }
    s
}

/// A cell name's file letters and rank digits (`e4` → `e`, `4`).
fn split(cell: &str) -> (&str, &str) {
    let i = cell
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or(cell.len());
    cell.split_at(i)
}

/// The legal move at `pos` whose SAN is `text` (check marks and annotations aside).
///
/// # Errors
/// The text is no legal move here.
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, String> {
    let bare = |t: &str| {
        t.trim_end_matches(['+', '#', '!', '?'])
            .replace("0-0-0", "O-O-O")
            .replace("0-0", "O-O")
    };
    let want = bare(text);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .find(|m| bare(&san(pos, m)) == want)
        .cloned()
        .ok_or_else(|| {
            let legal: Vec<String> = moves.iter().map(|m| san(pos, m)).collect();
            format!(
                "`{text}` is not a legal move; legal moves: {}",
                legal.join(" ")
            )
        })
}

/// The square numbers of a game that declares them (`numbered from PLAYER`), by cell (0 for a
/// cell without one): the squares of the colour the pieces start on, from that player's back
/// rank forward, each rank read from that player's right to left (square 1 is on its back
/// rank at its right hand, as PDN numbers English and international draughts).
pub fn square_numbers(game: &Game) -> Option<Vec<u16>> {
    let from = game.numbered_from?;
    let b = &game.board;
    let crate::geometry::Shape::Square { width, height } = b.shape else {
        return None;
    };
    let first = game.initial.iter().position(|&c| c != 0)?;
    let parity = {
        let (x, y) = b.coords[first];
        (x + y).rem_euclid(2)
    };
    let north = game.players[from]
        .forward
        .is_none_or(|d| b.dirs[d as usize].dy > 0);
    let (w, h) = (width as i32, height as i32);
    let mut numbers = vec![0u16; b.len()];
    let mut n = 0;
    for row in 0..h {
        let y = if north { row } else { h - 1 - row };
        for col in 0..w {
            // Facing north the right hand is east: read east to west; facing south, west to
            // east.
            let x = if north { w - 1 - col } else { col };
            let c = b.at(x, y);
            if c != NONE && (x + y).rem_euclid(2) == parity {
                n += 1;
                numbers[c as usize] = n;
            }
        }
    }
    Some(numbers)
}

/// The move `m` (legal at `pos`) in PDN: `32-28`, a capture `19x28`, with the landings between
/// (`19x28x37`) only where another capture has the same start and end.
pub fn pdn(pos: &Position, numbers: &[u16], m: &Move) -> String {
    let num = |c: crate::geometry::Cell| numbers[c as usize].to_string();
    if m.ncap == 0 {
        return format!("{}-{}", num(m.from), num(m.to));
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let twins = moves
        .iter()
        .filter(|o| o.from == m.from && o.to == m.to && o.ncap > 0)
        .count();
    if twins <= 1 {
        return format!("{}x{}", num(m.from), num(m.to));
    }
    let mut s = num(m.from);
    for &l in m.landings() {
        s.push('x');
        s.push_str(&num(l));
    }
    s
}

/// The legal move at `pos` whose PDN is `text` (the short form of a capture, start and end,
/// also matches a longer one when only one capture fits).
///
/// # Errors
/// The text is no legal move here.
pub fn parse_pdn(pos: &Position, numbers: &[u16], text: &str) -> Result<Move, String> {
    let text = text.trim_end_matches(['!', '?', '*']);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    if let Some(m) = moves.iter().find(|m| pdn(pos, numbers, m) == text) {
        return Ok(m.clone());
    }
    let parts: Vec<&str> = text.split(['x', '-']).collect();
    let (Some(a), Some(b)) = (parts.first(), parts.last()) else {
        return Err(format!("`{text}` is not a move"));
    };
    let fits: Vec<&Move> = moves
        .iter()
        .filter(|m| {
            numbers[m.from as usize].to_string() == *a && numbers[m.to as usize].to_string() == *b
        })
        .collect();
    match fits.as_slice() {
        [m] => Ok((*m).clone()),
        _ => {
            let legal: Vec<String> = moves.iter().map(|m| pdn(pos, numbers, m)).collect();
            Err(format!(
                "`{text}` is not a legal move; legal moves: {}",
                legal.join(" ")
            ))
        }
    }
}

/// The notation of a record file: SAN for PGN, numbered squares for PDN.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Pgn,
    Pdn,
}

impl Format {
    /// The format a file name asks for (`.pgn`, `.pdn`).
    pub fn of_path(path: &str) -> Option<Format> {
        if path.ends_with(".pgn") {
            Some(Format::Pgn)
        } else if path.ends_with(".pdn") {
            Some(Format::Pdn)
        } else {
            None
        }
    }

    /// The format's name as its users write it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Pgn => "PGN",
            Format::Pdn => "PDN",
        }
    }

    /// Why `game` cannot be written in this format, if it cannot.
    pub fn unsupported(self, game: &Game) -> Option<String> {
        match self {
            Format::Pgn if game.notation != crate::model::Notation::Coordinates => {
                Some("PGN is for games with coordinate notation (`e2e4`); use a record file".into())
            }
            Format::Pdn if square_numbers(game).is_none() => Some(
                "PDN needs numbered squares: add `, numbered from PLAYER` to the game's \
                 `notation` line"
                    .into(),
            ),
            _ => None,
        }
    }

    fn move_text(self, pos: &Position, numbers: &[u16], m: &Move) -> String {
        match self {
            Format::Pgn => san(pos, m),
            Format::Pdn => pdn(pos, numbers, m),
        }
    }

    fn parse(self, pos: &Position, numbers: &[u16], text: &str) -> Result<Move, String> {
        match self {
            Format::Pgn => parse_san(pos, text),
            Format::Pdn => parse_pdn(pos, numbers, text),
        }
    }
}

/// The PGN result token of an outcome (`*` while unfinished).
pub fn result_token(outcome: Option<&Outcome>) -> &'static str {
    match outcome {
        Some(Outcome::Win { player: 0, .. }) => "1-0",
        Some(Outcome::Win { .. }) => "0-1",
        Some(Outcome::Draw { .. }) => "1/2-1/2",
        None => "*",
    }
}

/// A game as PGN: the seven standard tags (unknowns as `?`), a `FEN` tag when it does not
/// start from the start position, and the moves in SAN, numbered, with the result.
pub fn write(
    game: &Game,
    start: &Position,
    moves: &[Move],
    players: [&str; 2],
    outcome: Option<&Outcome>,
) -> String {
    write_as(Format::Pgn, game, start, moves, players, outcome)
}

/// A game as PGN or PDN (see [`write()`]); a PDN names the draughts variant by its board
/// (`GameType` 20 on 10 x 10, 21 on 8 x 8).
pub fn write_as(
    format: Format,
    game: &Game,
    start: &Position,
    moves: &[Move],
    players: [&str; 2],
    outcome: Option<&Outcome>,
) -> String {
    let numbers = square_numbers(game).unwrap_or_default();
    let result = result_token(outcome);
    let mut s = String::new();
    for (tag, value) in [
        ("Event", game.title.as_str()),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", "?"),
        ("White", players[0]),
        ("Black", players[1]),
        ("Result", result),
    ] {
        s.push_str(&format!("[{tag} \"{value}\"]\n"));
    }
    if format == Format::Pdn {
        let kind = if game.board.len() == 100 { "20" } else { "21" };
        s.push_str(&format!("[GameType \"{kind}\"]\n"));
    }
    let start_text = start.to_text();
    if start_text != game.start().to_text() {
        s.push_str(&format!("[SetUp \"1\"]\n[FEN \"{start_text}\"]\n"));
    }
    s.push('\n');
    let mut pos = start.clone();
    let mut line = String::new();
    let mut words = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let number = (pos.ply() / 2 + 1) as usize;
        if pos.turn() == 0 {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        words.push(format.move_text(&pos, &numbers, m));
        pos.play_unchecked(m);
    }
    words.push(result.to_string());
    // Lines of at most 79 characters, as PGN's export format asks.
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            s.push_str(&line);
            s.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    s.push_str(&line);
    s.push('\n');
    s
}

/// A game read from PGN: its tags, its start, its moves and the match state at the end (the
/// positions between are played again when asked for: memory linear in the moves).
pub struct PgnGame<'g> {
    pub tags: Vec<(String, String)>,
    pub start: Position<'g>,
    pub moves: Vec<Move>,
    /// The match state after the last move.
    pub end: MatchState<'g>,
    /// The result token the PGN gives (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub result: String,
}

/// Reads the first game of a PGN text: tags, then moves in SAN; comments (`{...}`, `;` to the
/// end of the line), variations (`(...)`), move numbers and `$n` annotations are skipped.
///
/// # Errors
/// A tag or FEN that cannot be read, or the first move that is not legal, by its number.
pub fn read<'g>(game: &'g Game, text: &str) -> Result<PgnGame<'g>, String> {
    read_as(Format::Pgn, game, text)
}

/// A game read from PGN or PDN (see [`read`]).
///
/// # Errors
/// As [`read`].
pub fn read_as<'g>(format: Format, game: &'g Game, text: &str) -> Result<PgnGame<'g>, String> {
    let numbers = square_numbers(game).unwrap_or_default();
    let mut tags = Vec::new();
    let mut body = String::new();
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with('[') && body.trim().is_empty() {
            let inner = t.trim_start_matches('[').trim_end_matches(']');
            let (key, value) = inner
                .split_once(' ')
                .ok_or_else(|| format!("bad tag `{t}`"))?;
            tags.push((key.to_string(), value.trim().trim_matches('"').to_string()));
        } else if !t.starts_with('%') {
            body.push_str(line);
            body.push('\n');
        }
    }
    let fen = tags
        .iter()
        .find(|(k, _)| k == "FEN")
        .map(|(_, v)| v.clone());
    let start = match &fen {
        Some(f) => Position::from_text(game, f).map_err(|e| format!("FEN tag: {e}"))?,
        None => game.start(),
    };
    // Tokens outside comments and variations.
    let mut tokens = Vec::new();
    let (mut depth, mut in_brace, mut in_line_comment) = (0, false, false);
    let mut word = String::new();
    for ch in body.chars() {
        if in_line_comment {
            in_line_comment = ch != '\n';
            continue;
        }
        if in_brace {
            in_brace = ch != '}';
            continue;
        }
        match ch {
            '{' => in_brace = true,
            ';' => in_line_comment = true,
            '(' => depth += 1,
            ')' => depth -= 1,
            c if c.is_whitespace() && !word.is_empty() => {
                tokens.push(std::mem::take(&mut word));
            }
            c if c.is_whitespace() => {}
            c if depth == 0 => word.push(c),
            _ => {}
        }
    }
    if !word.is_empty() {
        tokens.push(word);
    }
    let mut state = MatchState::new(start.clone());
    let mut moves = Vec::new();
    let mut result = "*".to_string();
    for t in tokens {
        // Results, also PDN's (`2-0`, `0-2`, `1-1`).
        if ["1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1"].contains(&t.as_str()) {
            result = t;
            break;
        }
        // Move numbers (`12.`, `12...`, or glued to the move: `12.e4`) and `$n` annotations.
        let t = match t.rfind('.') {
            Some(i) => &t[i + 1..],
            None => t.as_str(),
        };
        if t.is_empty() || t.starts_with('$') {
            continue;
        }
        let number = moves.len() + 1;
        let m = format
            .parse(&state.pos, &numbers, t)
            .map_err(|e| format!("move {number}: {e}"))?;
        let i = state
            .moves()
            .iter()
            .position(|x| x.same_as(&m))
            .ok_or_else(|| format!("move {number}: `{t}` is not legal here"))?;
        state.play_index(i);
        moves.push(m);
    }
    Ok(PgnGame {
        tags,
        start,
        moves,
        end: state,
        result,
    })
}

impl<'g> PgnGame<'g> {
    /// The position before the first move, then after each move, played again one at a time.
    pub fn positions(&self) -> impl Iterator<Item = Position<'g>> + '_ {
        crate::record::positions(&self.start, &self.moves)
    }
}
