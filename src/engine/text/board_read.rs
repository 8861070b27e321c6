//! Reading a position string's board field: rows of piece letters and runs of empty cells,
//! with stacks (`[Kp]`, `(5C)`), promoted pieces (`+P`, `Q~`) and slept marks (`'`).

use super::position_string::PositionError;
use super::*;
use std::iter::Peekable;
use std::str::Chars;

/// The pieces a board field describes, cell by cell.
pub(super) struct BoardCells {
    pub(super) cells: Vec<u8>,
    /// Per cell: the kept piece under the top one (only with layers).
    pub(super) under: Vec<u8>,
    /// Per cell: slept bits (only with layers).
    pub(super) slept: Vec<u8>,
    /// The height of each stack of like pieces, `(5C)` (races whose pieces share cells).
    pub(super) heights: Vec<(Cell, u16)>,
    /// Pieces marked as promoted (they go to a hand demoted).
    pub(super) promoted: CellSet,
}

fn err(s: String) -> PositionError {
    PositionError(s)
}

/// Splits the board field from the hands Crazyhouse FEN writes after it, `.../RNBQKBNR[Qn]`,
/// or as a row of their own, `.../4K3/Qn`.
pub(super) fn split_hands<'a>(game: &Game, board_field: &'a str) -> (&'a str, Option<&'a str>) {
    let hands = !game.has_layers && !game.initial_hand.is_empty();
    match board_field.strip_suffix(']') {
        Some(rest) if hands => match rest.rsplit_once('[') {
            Some((board, hand)) => (board, Some(hand)),
            None => (board_field, None),
        },
        // Fairy-Stockfish also writes them as one row more: `.../4K3/Qn`.
        _ if hands && board_field.matches('/').count() == game.board.rows as usize => {
            match board_field.rsplit_once('/') {
                Some((board, hand)) if hand.chars().all(|c| c.is_ascii_alphabetic()) => {
                    (board, Some(hand))
                }
                _ => (board_field, None),
            }
        }
        // A game whose pieces come from an unlimited supply: Fairy-Stockfish writes the
        // supply as a hand (`[PPP...ppp]` in Flipello); it says nothing the game keeps.
        Some(rest) if supply_only(game, rest) => match rest.rsplit_once('[') {
            Some((board, _)) => (board, None),
            None => (board_field, None),
        },
        _ => (board_field, None),
    }
}

/// Whether `rest` ends in `[LETTERS` naming only pieces that are placed from an unlimited
/// supply.
fn supply_only(game: &Game, rest: &str) -> bool {
    let Some((_, letters)) = rest.rsplit_once('[') else {
        return false;
    };
    letters.chars().all(|ch| {
        game.code_of_letter(ch).is_some_and(|code| {
            game.places
                .iter()
                .flatten()
                .any(|pl| pl.code == code && !pl.from_hand && !pl.drop)
        })
    })
}

/// The code of piece letter `ch`, met in rank `y` (from 0).
fn piece(game: &Game, ch: char, y: i32) -> Result<u8, PositionError> {
    game.code_of_letter(ch)
        .ok_or_else(|| err(format!("unknown piece letter `{ch}` in rank {}", y + 1)))
}

impl BoardCells {
    /// Reads a board field: one row per rank from the top, separated by `/`.
    pub(super) fn read(game: &Game, board_field: &str) -> Result<BoardCells, PositionError> {
        let b = &game.board;
        let rows: Vec<&str> = board_field.split('/').collect();
        if rows.len() != b.rows as usize {
            return Err(err(format!(
                "expected {} rows separated by `/`, found {}",
                b.rows,
                rows.len()
            )));
        }
        let mut board = BoardCells {
            cells: vec![0u8; b.len()],
            under: vec![0u8; b.len()],
            slept: vec![0u8; b.len()],
            heights: Vec::new(),
            promoted: CellSet::EMPTY,
        };
        for (i, row) in rows.iter().enumerate() {
            board.read_row(game, row, b.rows as i32 - 1 - i as i32)?;
        }
        Ok(board)
    }

    /// Reads the row of rank `y` (from 0).
    fn read_row(&mut self, game: &Game, row: &str, y: i32) -> Result<(), PositionError> {
        let b = &game.board;
        // A square board with holes writes its rows whole, `*` for a hole.
        let holes = b.has_holes();
        let row_cells: Vec<Cell> = (0..b.cols as i32)
            .map(|x| b.at(x, y))
            .filter(|&c| holes || c != NONE)
            .collect();
        // Only the rank's own cells are looked at: a run may claim far more.
        let hole_in = |from: u128, n: u128| {
            let end = from.saturating_add(n).min(row_cells.len() as u128);
            (from.min(end)..end).any(|i| row_cells[i as usize] == NONE)
        };
        // The cells described so far, counted past the rank's end (runs of empty cells
        // are checked to fit in u64, their sum is kept in u128) so that a message gives
        // the true count.
        let mut k: u128 = 0;
        let mut chars = row.chars().peekable();
        while let Some(ch) = chars.next() {
            if ch.is_ascii_digit() {
                let mut digits = String::from(ch);
                while let Some(&d2) = chars.peek().filter(|c| c.is_ascii_digit()) {
                    digits.push(d2);
                    chars.next();
                }
                let n: u64 = digits.parse().map_err(|_| {
                    err(format!(
                        "rank {} has a run of {digits} empty cells, the board has {}",
                        y + 1,
                        row_cells.len()
                    ))
                })?;
                if hole_in(k, u128::from(n)) {
                    return Err(err(format!(
                        "rank {} counts a hole among {n} empty cells: a hole is written `*`",
                        y + 1
                    )));
                }
                k = k.saturating_add(u128::from(n));
                continue;
            }
            let Some(&cell) = usize::try_from(k).ok().and_then(|i| row_cells.get(i)) else {
                // Past the rank's end: one more cell for the message below, whatever
                // the piece is written as (`[..]`, `+P`, marks).
                match ch {
                    '[' => while chars.next().is_some_and(|c| c != ']') {},
                    '+' => _ = chars.next(),
                    _ => {}
                }
                while chars.next_if(|&c| c == '~' || c == '\'').is_some() {}
                k = k.saturating_add(1);
                continue;
            };
            // `*` is a hole, unless a piece has it for its letter (Duck chess's duck).
            let hole = ch == '*' && game.code_of_letter(ch).is_none();
            if (cell == NONE) != hole {
                return Err(err(if cell == NONE {
                    format!(
                        "rank {} has a hole where `{ch}` stands: a hole is written `*`",
                        y + 1
                    )
                } else {
                    format!(
                        "rank {}: `*` marks a hole, but the cell is on the board",
                        y + 1
                    )
                }));
            }
            if hole {
                k += 1;
                continue;
            }
            let cell = cell as usize;
            match ch {
                '(' => self.read_height(game, &mut chars, cell, y)?,
                '[' => self.read_layers(game, &mut chars, cell, y)?,
                '+' => self.read_promoted(game, &mut chars, cell, y)?,
                _ => self.read_piece(game, ch, &mut chars, cell, y)?,
            }
            k += 1;
        }
        if k != row_cells.len() as u128 {
            let more = if k == u128::MAX { "at least " } else { "" };
            return Err(err(format!(
                "rank {} describes {more}{} cells, the board has {}",
                y + 1,
                k,
                row_cells.len()
            )));
        }
        Ok(())
    }

    /// `(5C)`: a stack of like pieces, how many then their letter (races whose pieces share
    /// cells).
    fn read_height(
        &mut self,
        game: &Game,
        chars: &mut Peekable<Chars>,
        cell: usize,
        y: i32,
    ) -> Result<(), PositionError> {
        let bad = || {
            err(format!(
                "a stack is written `(5C)`: how many pieces, then their letter \
                 (rank {})",
                y + 1
            ))
        };
        if !game.race.as_ref().is_some_and(|r| r.rule.stack) {
            return Err(err(format!(
                "stack in rank {}: in this game a cell holds one piece",
                y + 1
            )));
        }
        let mut digits = String::new();
        while let Some(d) = chars.next_if(char::is_ascii_digit) {
            digits.push(d);
        }
        let n: u16 = digits.parse().map_err(|_| bad())?;
        let letter = chars.next().ok_or_else(bad)?;
        if chars.next() != Some(')') || !(2..=255).contains(&n) {
            return Err(bad());
        }
        self.cells[cell] = piece(game, letter, y)?;
        self.heights.push((cell as Cell, n));
        Ok(())
    }

    /// `[TOP'KEPT']`: a piece keeping another, top piece first, each maybe slept.
    fn read_layers(
        &mut self,
        game: &Game,
        chars: &mut Peekable<Chars>,
        cell: usize,
        y: i32,
    ) -> Result<(), PositionError> {
        layered(game, "stack", y)?;
        let mut layer = 0;
        for c2 in chars.by_ref() {
            match c2 {
                ']' => break,
                '\'' if layer > 0 => self.slept[cell] |= 1 << (layer - 1),
                _ if layer < 2 => {
                    let code = piece(game, c2, y)?;
                    if layer == 0 {
                        self.cells[cell] = code;
                    } else {
                        self.under[cell] = code;
                    }
                    layer += 1;
                }
                _ => return Err(err(format!("a stack holds two pieces (rank {})", y + 1))),
            }
        }
        if layer != 2 {
            return Err(err(format!(
                "a stack `[..]` needs two pieces (rank {})",
                y + 1
            )));
        }
        Ok(())
    }

    /// SFEN's promoted piece: `+P` is what a pawn promotes to.
    fn read_promoted(
        &mut self,
        game: &Game,
        chars: &mut Peekable<Chars>,
        cell: usize,
        y: i32,
    ) -> Result<(), PositionError> {
        let base = chars.next().map_or(Ok(0), |c2| piece(game, c2, y))?;
        self.cells[cell] = (1..game.promotion.len() as u8)
            .find(|&t| base != 0 && game.promoted_from(t) == Some(base))
            .ok_or_else(|| {
                err(format!(
                    "`+` must come before a piece that promotes to one kind (rank {})",
                    y + 1
                ))
            })?;
        if game.marks_promoted {
            self.promoted.insert(cell as Cell);
        }
        Ok(())
    }

    /// A piece letter, maybe marked promoted (`Q~`) or slept (`N'`).
    fn read_piece(
        &mut self,
        game: &Game,
        ch: char,
        chars: &mut Peekable<Chars>,
        cell: usize,
        y: i32,
    ) -> Result<(), PositionError> {
        self.cells[cell] = piece(game, ch, y)?;
        // `Q~`: a piece that was promoted (it goes to a hand demoted).
        if chars.peek() == Some(&'~') {
            if !game.to_hand {
                return Err(err(format!(
                    "`~` marks a promoted piece going to a hand when captured; this \
                     game has no hands for captures (rank {})",
                    y + 1
                )));
            }
            chars.next();
            // Where captured pieces keep their kind the mark says nothing: read and dropped.
            if game.marks_promoted {
                self.promoted.insert(cell as Cell);
            }
        }
        if chars.peek() == Some(&'\'') {
            layered(game, "slept piece", y)?;
            chars.next();
            self.slept[cell] |= 1;
        }
        Ok(())
    }
}

/// `what` (a stack, a slept piece) may be written only in a game with layers.
fn layered(game: &Game, what: &str, y: i32) -> Result<(), PositionError> {
    if game.has_layers {
        Ok(())
    } else {
        Err(err(format!(
            "{what} in rank {}: this game has no {what}s",
            y + 1
        )))
    }
}
