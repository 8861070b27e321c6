//! Position strings: writing a position as one line of fields and reading one back, with
//! a plain message for every field that is wrong.

use super::*;
use crate::engine::rules::castle::castle_steps;

/// The largest move number a position string may give: the plies before it (two per move)
/// must fit the engine's 32-bit count with room to play on.
pub const MAX_MOVE_NUMBER: u32 = 1 << 30;

/// The largest no-progress count a position string may give (plies since the last capture or
/// progress move).
pub const MAX_NO_PROGRESS: u32 = 1 << 30;

/// A position string that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad position: {0}")]
pub struct PositionError(pub String);

impl Position<'_> {
    // ------------------------------------------------------------ position strings

    // ------------------------------------------------------------ drawings
}

impl Position<'_> {
    /// The position string: rows from the top separated by `/`, piece letters (upper case for
    /// the first player), digit runs for empty cells; then the side to move, the castling
    /// rights and en-passant cell where the game has them, the no-progress count and the move
    /// number.
    pub fn to_text(&self) -> String {
        let g = self.game;
        let b = &g.board;
        if g.sowing.is_some() {
            return format!(
                "{} {} {} {}",
                self.pits_text(),
                g.side_letters[self.turn as usize],
                self.quiet,
                self.ply / 2 + 1
            );
        }
        let mut rows = Vec::new();
        for y in (0..b.rows as i32).rev() {
            let mut s = String::new();
            let mut run = 0;
            for x in 0..b.cols as i32 {
                let c = b.at(x, y);
                if c == NONE {
                    continue;
                }
                let code = self.cells[c as usize];
                if code == 0 {
                    run += 1;
                } else {
                    if run > 0 {
                        s.push_str(&run.to_string());
                        run = 0;
                    }
                    s.push_str(&self.cell_token(c));
                }
            }
            if run > 0 {
                s.push_str(&run.to_string());
            }
            rows.push(s);
        }
        let mut out = rows.join("/");
        if let Some(lines) = &g.lines {
            out.push(' ');
            out.push_str(&self.lines_text(lines));
        }
        out.push_str(&format!(" {}", g.side_letters[self.turn as usize]));
        if g.has_layers {
            out.push(' ');
            match self.fresh_cell() {
                Some(c) => out.push_str(&b.names[c as usize]),
                None => out.push('-'),
            }
        }
        if !g.castles.is_empty() {
            let rights: String = g
                .castles
                .iter()
                .filter_map(|r| self.castle_right_letter(r))
                .collect();
            out.push(' ');
            out.push_str(if rights.is_empty() { "-" } else { &rights });
        }
        if g.has_en_passant {
            out.push(' ');
            if self.ep_targets.is_empty() {
                out.push('-');
            } else {
                let cells: Vec<&str> = self
                    .ep_targets
                    .iter()
                    .map(|c| b.names[c as usize].as_str())
                    .collect();
                out.push_str(&cells.join(","));
            }
        }
        if let Some(goal) = g.check_goal() {
            // The checks each player still has to give, as Fairy-Stockfish writes them: `3+3`.
            let left = |p: usize| goal.saturating_sub(self.checks[p]);
            out.push_str(&format!(" {}+{}", left(0), left(1)));
        }
        if g.has_ko() {
            out.push(' ');
            match self.chains.ko {
                NONE => out.push('-'),
                c => out.push_str(&b.names[c as usize]),
            }
        }
        if g.right_name().is_some() {
            // The players whose once-per-game right is still unused.
            let open: String = (0..g.players.len())
                .filter(|&p| !self.right_spent(p))
                .map(|p| g.side_letters[p])
                .collect();
            out.push(' ');
            out.push_str(if open.is_empty() { "-" } else { &open });
        }
        if !g.initial_hand.is_empty() {
            out.push(' ');
            out.push_str(&self.hand_text());
        }
        if let Some(c) = &g.chance {
            // The throw of this turn, `-` while it is still to come.
            out.push(' ');
            match self.throw() {
                Some(i) => out.push_str(&c.name(i)),
                None => out.push('-'),
            }
        }
        if g.race_holds() {
            // A race's held piece (`-` for none), or `begin` before the race has begun.
            out.push(' ');
            match self.held_cell() {
                Some(c) => out.push_str(&g.board.names[c as usize]),
                None if self.race_not_begun() => out.push_str("begin"),
                None => out.push('-'),
            }
        }
        if g.counts_passes() {
            out.push_str(&format!(" {}", self.passes));
        }
        out.push_str(&format!(
            " {} {}",
            self.quiet,
            self.ply / g.players.len() as u32 + 1
        ));
        out
    }

    /// The pieces in hand as a position-string field: each kind's letter (upper case for the
    /// first player) after its count when more than one, `9S9s`; `-` for none.
    pub fn hand_text(&self) -> String {
        let g = self.game;
        let mut s = String::new();
        for (code, &n) in self.hand.iter().enumerate().skip(1) {
            if n > 1 {
                s.push_str(&n.to_string());
            }
            if n > 0 {
                s.push(g.letter(code as u8));
            }
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }

    /// The piece holding castling right `r` and its partner, with the partner's distance
    /// from it: the first partner met from the piece in the right's direction (the one
    /// castling uses once the cells between are empty), both unmoved with `need_unmoved`.
    pub(in crate::engine) fn castle_partner_cell(
        &self,
        r: &CastleRight,
        need_unmoved: bool,
    ) -> Option<(Cell, Cell, usize)> {
        let b = &self.game.board;
        let king = (0..self.cells.len()).find(|&c| {
            self.cells[c] == r.king && (!need_unmoved || self.unmoved.contains(c as Cell))
        })? as Cell;
        let mut t = king;
        let mut dist = 0;
        loop {
            t = b.step(t, r.dir);
            if t == NONE {
                return None;
            }
            dist += 1;
            if self.cells[t as usize] == r.partner && (!need_unmoved || self.unmoved.contains(t)) {
                return Some((king, t, dist));
            }
        }
    }

    /// How right `r` is written, if the position has it: its letter; for Chess960 castling
    /// (X-FEN) the partner's file letter instead where the partner is not the outermost one.
    fn castle_right_letter(&self, r: &CastleRight) -> Option<char> {
        let (king, rook, _) = self.castle_partner_cell(r, true)?;
        if !r.free || self.outermost_partner(r, king) == Some(rook) {
            return Some(r.letter);
        }
        let b = &self.game.board;
        let file = b.file_label(b.coords[rook as usize].0 as u32);
        let mut chars = file.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if r.player == 0 => Some(c.to_ascii_uppercase()),
            (Some(c), None) => Some(c.to_ascii_lowercase()),
            _ => Some(r.letter),
        }
    }

    /// The last partner of right `r` along its direction from the piece on `king`.
    fn outermost_partner(&self, r: &CastleRight, king: Cell) -> Option<Cell> {
        let b = &self.game.board;
        let (mut t, mut last) = (king, None);
        loop {
            t = b.step(t, r.dir);
            if t == NONE {
                return last;
            }
            if self.cells[t as usize] == r.partner {
                last = Some(t);
            }
        }
    }

    /// Reads a Chess960 right written as its partner's file (X-FEN, Shredder-FEN): `A` to
    /// `H` for the first player, `a` to `h` for the second. The piece holding the right and
    /// the partner on that file of its rank.
    fn castle_file_right(&self, ch: char) -> Option<(Cell, Cell)> {
        let g = self.game;
        let b = &g.board;
        let player = usize::from(!ch.is_ascii_uppercase());
        let file = b.file_of_label(&ch.to_ascii_lowercase().to_string())?;
        g.castles
            .iter()
            .filter(|r| r.free && r.player == player)
            .find_map(|r| {
                let king = (0..self.cells.len()).find(|&c| self.cells[c] == r.king)? as Cell;
                let rook = b.at(file as i32, b.coords[king as usize].1);
                let mut t = king;
                while t != NONE {
                    t = b.step(t, r.dir);
                    if t == rook && self.cells[t as usize] == r.partner {
                        return Some((king, rook));
                    }
                }
                None
            })
    }

    /// Reads a position string (see [`Position::to_text`]); trailing counters may be left out.
    ///
    /// # Errors
    /// A plain message saying what is wrong.
    pub fn from_text<'g>(game: &'g Game, text: &str) -> Result<Position<'g>, PositionError> {
        let err = |s: String| PositionError(s);
        let b = &game.board;
        let mut fields = text.split_whitespace();
        let board_field = fields
            .next()
            .ok_or_else(|| err("the position is empty".into()))?;
        // A sowing game writes seed counts where pieces go, then the stores: the counts are
        // read once the rest is, and the pieces' board is empty.
        let no_pieces = vec![b.cols.to_string(); b.rows as usize].join("/");
        let (board_field, pits) = if game.sowing.is_some() {
            let stores = fields
                .next()
                .ok_or_else(|| err("missing the stores (`0,0`)".into()))?;
            (no_pieces.as_str(), Some((board_field, stores)))
        } else {
            (board_field, None)
        };
        // Crazyhouse FEN writes the hands after the board: `.../RNBQKBNR[Qn]`, or as a row of
        // their own (below).
        let (board_field, bracket_hand) = match board_field.strip_suffix(']') {
            Some(rest) if !game.has_layers && !game.initial_hand.is_empty() => {
                match rest.rsplit_once('[') {
                    Some((board, hand)) => (board, Some(hand)),
                    None => (board_field, None),
                }
            }
            // Fairy-Stockfish also writes them as one row more: `.../4K3/Qn`.
            _ if !game.has_layers
                && !game.initial_hand.is_empty()
                && board_field.matches('/').count() == b.rows as usize =>
            {
                match board_field.rsplit_once('/') {
                    Some((board, hand)) if hand.chars().all(|c| c.is_ascii_alphabetic()) => {
                        (board, Some(hand))
                    }
                    _ => (board_field, None),
                }
            }
            _ => (board_field, None),
        };
        let mut promoted = CellSet::EMPTY;
        let rows: Vec<&str> = board_field.split('/').collect();
        if rows.len() != b.rows as usize {
            return Err(err(format!(
                "expected {} rows separated by `/`, found {}",
                b.rows,
                rows.len()
            )));
        }
        let mut cells = vec![0u8; b.len()];
        // Per cell: kept piece, slept bits (only with layers).
        let mut under = vec![0u8; b.len()];
        let mut slept = vec![0u8; b.len()];
        // Per cell: the height of a stack of like pieces, `(5C)` (races whose pieces share
        // cells).
        let mut heights: Vec<(Cell, u16)> = Vec::new();
        let stacks = game.race.as_ref().is_some_and(|r| r.rule.stack);
        let piece = |ch: char, y: i32| -> Result<u8, PositionError> {
            game.code_of_letter(ch)
                .ok_or_else(|| err(format!("unknown piece letter `{ch}` in rank {}", y + 1)))
        };
        for (i, row) in rows.iter().enumerate() {
            let y = b.rows as i32 - 1 - i as i32;
            let row_cells: Vec<Cell> = (0..b.cols as i32)
                .map(|x| b.at(x, y))
                .filter(|&c| c != NONE)
                .collect();
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
                let cell = cell as usize;
                let layered = |what: &str| {
                    if game.has_layers {
                        Ok(())
                    } else {
                        Err(err(format!(
                            "{what} in rank {}: this game has no {what}s",
                            y + 1
                        )))
                    }
                };
                if ch == '(' {
                    let bad = || {
                        err(format!(
                            "a stack is written `(5C)`: how many pieces, then their letter \
                             (rank {})",
                            y + 1
                        ))
                    };
                    if !stacks {
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
                    cells[cell] = piece(letter, y)?;
                    heights.push((cell as Cell, n));
                } else if ch == '[' {
                    layered("stack")?;
                    // [TOP'KEPT']: a stack, top piece first.
                    let mut layer = 0;
                    for c2 in chars.by_ref() {
                        match c2 {
                            ']' => break,
                            '\'' if layer > 0 => slept[cell] |= 1 << (layer - 1),
                            _ if layer < 2 => {
                                let code = piece(c2, y)?;
                                if layer == 0 {
                                    cells[cell] = code;
                                } else {
                                    under[cell] = code;
                                }
                                layer += 1;
                            }
                            _ => {
                                return Err(err(format!(
                                    "a stack holds two pieces (rank {})",
                                    y + 1
                                )))
                            }
                        }
                    }
                    if layer != 2 {
                        return Err(err(format!(
                            "a stack `[..]` needs two pieces (rank {})",
                            y + 1
                        )));
                    }
                } else if ch == '+' {
                    // SFEN's promoted piece: `+P` is what a pawn promotes to.
                    let base = chars.next().map_or(Ok(0), |c2| piece(c2, y))?;
                    cells[cell] = (1..game.promotion.len() as u8)
                        .find(|&t| base != 0 && game.promoted_from(t) == Some(base))
                        .ok_or_else(|| {
                            err(format!(
                                "`+` must come before a piece that promotes to one kind (rank {})",
                                y + 1
                            ))
                        })?;
                    if game.to_hand {
                        promoted.insert(cell as Cell);
                    }
                } else {
                    cells[cell] = piece(ch, y)?;
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
                        promoted.insert(cell as Cell);
                    }
                    if chars.peek() == Some(&'\'') {
                        layered("slept piece")?;
                        chars.next();
                        slept[cell] |= 1;
                    }
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
        }
        let drawn = match &game.lines {
            Some(lines) => Some(super::dots::read_lines(
                lines,
                fields.next(),
                &cells,
                &b.names,
            )?),
            None => None,
        };
        let side = fields
            .next()
            .ok_or_else(|| err("missing the side to move".into()))?;
        // FEN's `w` stands for the first player where no player's letter is `w` (Xiangqi's
        // red).
        let np = game.players.len();
        let letters = &game.side_letters[..np];
        let fen_first = side == "w" && !letters.contains(&'w');
        let turn = if fen_first {
            0
        } else {
            letters
                .iter()
                .position(|&l| side.len() == 1 && side.starts_with(l))
                .ok_or_else(|| {
                    let named: Vec<String> = letters.iter().map(|l| format!("`{l}`")).collect();
                    let (last, first) = named.split_last().expect("two players or more");
                    err(format!(
                        "side to move must be {} or {last}, found `{side}`",
                        first.join(", ")
                    ))
                })? as u8
        };
        let mut fresh = NONE;
        if game.has_layers {
            let f = fields
                .next()
                .ok_or_else(|| err("missing the fresh-piece field (`-` for none)".into()))?;
            if f != "-" {
                fresh = b
                    .cell(f)
                    .filter(|&c| cells[c as usize] != 0)
                    .ok_or_else(|| err(format!("fresh cell `{f}` holds no piece")))?;
                let code = cells[fresh as usize];
                let can_be_fresh = game.rules[code as usize].iter().any(|r| {
                    matches!(
                        r,
                        Rule::Leap {
                            then_fresh: true,
                            ..
                        }
                    )
                });
                if !can_be_fresh {
                    return Err(err(format!(
                        "the piece on the fresh cell `{f}` ({}) never becomes fresh",
                        game.kinds[game.kind_of(code)].name
                    )));
                }
            }
            // A stack's top piece must be one that keeps.
            for c in 0..b.len() {
                let top = cells[c];
                if under[c] != 0 && !game.hooks[top as usize].iter().any(|h| h.keeps) {
                    return Err(err(format!(
                        "a {} on {} keeps a piece, but it cannot keep",
                        game.kinds[game.kind_of(top)].name,
                        b.names[c]
                    )));
                }
            }
        }
        let mut unmoved = CellSet::EMPTY;
        let mut pos = Position::from_parts(
            game,
            cells,
            CellSet::EMPTY,
            turn,
            CellSet::EMPTY,
            NONE,
            0,
            0,
        );
        for &(c, n) in &heights {
            pos.set_height(c, n);
        }
        if let Some(d) = drawn {
            pos.set_drawn(d);
        }
        if game.has_layers {
            for c in 0..b.len() as Cell {
                pos.set_under(c, under[c as usize]);
                pos.set_slept(c, slept[c as usize]);
            }
            pos.set_fresh(fresh);
        }
        if !game.castles.is_empty() {
            let f = fields
                .next()
                .ok_or_else(|| err("missing the castling field (`-` for none)".into()))?;
            if f != "-" {
                for ch in f.chars() {
                    let r = game.castles.iter().find(|r| r.letter == ch);
                    // Chess960 castling: a right's letter names the outermost partner (X-FEN),
                    // a file letter the partner on that file.
                    if r.is_none_or(|r| r.free) {
                        let found = match r {
                            Some(r) => pos.castle_partner_cell(r, false).and_then(|(k, _, _)| {
                                pos.outermost_partner(r, k).map(|rook| (k, rook))
                            }),
                            None if game.castles.iter().any(|r| r.free) => {
                                pos.castle_file_right(ch)
                            }
                            None => {
                                return Err(err(format!("unknown castling letter `{ch}`")));
                            }
                        };
                        let (king, rook) = found.ok_or_else(|| {
                            err(format!(
                                "castling right `{ch}` has no king and partner in place"
                            ))
                        })?;
                        unmoved.insert(king);
                        unmoved.insert(rook);
                        continue;
                    }
                    let r = r.ok_or_else(|| err(format!("unknown castling letter `{ch}`")))?;
                    let (king, rook, dist) =
                        pos.castle_partner_cell(r, false).ok_or_else(|| {
                            err(format!(
                                "castling right `{ch}` has no king and partner in place"
                            ))
                        })?;
                    // Castling takes the first partner met, beyond the cell the piece lands on
                    // (three cells away for the two-cell move): a nearer one could never
                    // castle.
                    let name = |c: u8| &game.kinds[game.kind_of(c)].name;
                    let steps = castle_steps(b, king, r.dir, r.to_file).ok_or_else(|| {
                        err(format!(
                            "castling right `{ch}`: the {} on {} is not before file {}, \
                             where it castles to",
                            name(r.king),
                            b.names[king as usize],
                            b.file_label(u32::from(r.to_file))
                        ))
                    })?;
                    if dist <= steps as usize {
                        let need = match steps + 1 {
                            3 => "three".to_string(),
                            n => n.to_string(),
                        };
                        return Err(err(format!(
                            "castling right `{ch}`: the first {} met from the {} on {} is on \
                             {}, too near to castle with (castling needs it at least {need} \
                             cells away)",
                            name(r.partner),
                            name(r.king),
                            b.names[king as usize],
                            b.names[rook as usize]
                        )));
                    }
                    unmoved.insert(king);
                    unmoved.insert(rook);
                }
            }
        }
        let (mut ep_targets, mut ep_victim) = (CellSet::EMPTY, NONE);
        if game.has_en_passant {
            let f = fields
                .next()
                .ok_or_else(|| err("missing the en-passant field (`-` for none)".into()))?;
            if f != "-" {
                // One cell, or several separated by commas (a double step through several
                // directions could have passed any of them), or written one after the other
                // as Fairy-Stockfish does (`c5d6`), which may also name the cell the pawn
                // stands on: an occupied cell of such a run is passed over.
                let run = !f.contains(',');
                for name in ep_cell_names(b, f) {
                    let t = b.cell(name).ok_or_else(|| {
                        err(format!("en-passant cell `{name}` is not on the board"))
                    })?;
                    if run && pos.cells[t as usize] != 0 {
                        continue;
                    }
                    let last = game.previous_player(turn as usize);
                    ep_victim = find_ep_victim(game, &pos.cells, t, last)
                        .ok_or_else(|| err(format!("no piece could have passed over `{name}`")))?;
                    ep_targets.insert(t);
                }
            }
        }
        let mut ko = NONE;
        if game.has_ko() {
            let f = fields
                .next()
                .ok_or_else(|| err("missing the ko field (`-` for none)".into()))?;
            if f != "-" {
                ko = b
                    .cell(f)
                    .ok_or_else(|| err(format!("ko cell `{f}` is not on the board")))?;
                if pos.cells[ko as usize] != 0 {
                    return Err(err(format!("the ko cell `{f}` is not empty")));
                }
            }
        }
        let mut spent = 0u8;
        if let Some(right) = game.right_name() {
            let f = fields
                .next()
                .ok_or_else(|| err(format!("missing the {right}-rights field (`-` for none)")))?;
            spent = 0b11;
            if f != "-" {
                for ch in f.chars() {
                    let p = game
                        .side_letters
                        .iter()
                        .position(|&l| l == ch)
                        .ok_or_else(|| err(format!("unknown side `{ch}` in the rights field")))?;
                    spent &= !(1 << p);
                }
            }
        }
        let mut hand = game.initial_hand.clone();
        if let Some(letters) = bracket_hand {
            // One letter per piece: `[QRBNPqrbnp]`, `[PPn]`.
            hand.fill(0);
            for ch in letters.chars() {
                let code = (1..hand.len())
                    .find(|&c| game.letter(c as u8) == ch)
                    .ok_or_else(|| {
                        err(format!("unknown piece letter `{ch}` in the hands `[..]`"))
                    })?;
                if hand[code] == 255 {
                    return Err(err(format!("more than 255 `{ch}` in the hands `[..]`")));
                }
                hand[code] += 1;
            }
        } else if !hand.is_empty() {
            let f = fields
                .next()
                .ok_or_else(|| err("missing the pieces-in-hand field (`-` for none)".into()))?;
            hand.fill(0);
            if f != "-" {
                read_hand(game, f, &mut hand).map_err(err)?;
            }
        }
        let mut throw = super::super::rules::chance::PENDING;
        if let Some(c) = &game.chance {
            let f = fields
                .next()
                .ok_or_else(|| err("missing the throw field (`-` while it is to come)".into()))?;
            if f != "-" {
                let i = c.outcome_named(f).ok_or_else(|| {
                    let names: Vec<String> = (0..c.len()).map(|i| c.name(i)).collect();
                    err(format!(
                        "`{f}` is not a throw of these dice ({}): one of {}, or `-`",
                        c.text,
                        names.join(", ")
                    ))
                })?;
                throw = i as u8;
            }
        }
        let mut held = NONE;
        if game.race_holds() {
            let f = fields.next().ok_or_else(|| {
                err(
                    "missing the held-piece field (`-` for none, `begin` before the race begins)"
                        .into(),
                )
            })?;
            match f {
                "-" => {}
                "begin" if game.race.as_ref().is_some_and(|r| r.rule.begin.is_some()) => {
                    held = crate::engine::position::NOT_BEGUN
                }
                _ => {
                    let c = game
                        .board
                        .cell(f)
                        .filter(|_| game.race.as_ref().is_some_and(|r| r.rule.trap.is_some()))
                        .ok_or_else(|| {
                            err(format!("`{f}` is not a held piece's cell, `-` or `begin`"))
                        })?;
                    if pos.cells[c as usize] == 0 {
                        return Err(err(format!("held cell `{f}` holds no piece")));
                    }
                    held = c;
                }
            }
        }
        // FEN as other programs write it has castling and en-passant fields even for games
        // without them: `-` placeholders before the two counters are accepted.
        let mut rest: Vec<&str> = fields.collect();
        // Checks: those still to give, `1+3` (Fairy-Stockfish, before the counters), or those
        // given, `+2+0` (lichess, after them); none given without either.
        let mut checks = [0u8; 2];
        if let Some(goal) = game.check_goal() {
            let pair = |f: &str| -> Option<[u8; 2]> {
                let (a, b) = f.split_once('+')?;
                Some([a.parse().ok()?, b.parse().ok()?])
            };
            if let Some(i) = rest
                .iter()
                .position(|f| !f.starts_with('+') && pair(f).is_some())
            {
                let [a, b] = pair(rest.remove(i)).unwrap_or([goal; 2]);
                if a > goal || b > goal {
                    return Err(err(format!(
                        "checks still to give `{a}+{b}`: this game needs {goal}"
                    )));
                }
                checks = [goal - a, goal - b];
            } else if let Some(i) = rest
                .iter()
                .position(|f| f.strip_prefix('+').and_then(pair).is_some())
            {
                let f = rest.remove(i);
                checks = f.strip_prefix('+').and_then(pair).unwrap_or([0; 2]);
                if checks.iter().any(|&n| n > goal) {
                    return Err(err(format!("checks given `{f}`: this game needs {goal}")));
                }
            }
        }
        let placeholders =
            if game.castles.is_empty() { 1 } else { 0 } + if game.has_en_passant { 0 } else { 1 };
        let mut dropped = 0;
        while rest.len() > 2 && dropped < placeholders && rest[0] == "-" {
            rest.remove(0);
            dropped += 1;
        }
        let expected = || format!("this game's position fields are: {}", position_fields(game));
        // Passes in a row, where an end rule counts them; strings written before the field
        // existed (two counters only) mean none.
        let mut passes = 0u8;
        if game.counts_passes() && rest.len() == 3 {
            let f = rest.remove(0);
            passes = f
                .parse()
                .map_err(|_| err(format!("bad count of passes `{f}`; {}", expected())))?;
        }
        let mut rest = rest.into_iter();
        let quiet: u32 = match rest.next() {
            Some(f) => {
                let n: u64 = f
                    .parse()
                    .map_err(|_| err(format!("bad no-progress count `{f}`; {}", expected())))?;
                u32::try_from(n)
                    .ok()
                    .filter(|&n| n <= MAX_NO_PROGRESS)
                    .ok_or_else(|| {
                        err(format!(
                            "no-progress count {n} is too large (at most {MAX_NO_PROGRESS})"
                        ))
                    })?
            }
            None => 0,
        };
        let movenum: u32 = match rest.next() {
            Some(f) => {
                let n: u64 = f
                    .parse()
                    .ok()
                    .filter(|&n| n >= 1)
                    .ok_or_else(|| err(format!("bad move number `{f}`; {}", expected())))?;
                // The plies played so far must fit the engine's count.
                u32::try_from(n)
                    .ok()
                    .filter(|&n| n <= MAX_MOVE_NUMBER)
                    .ok_or_else(|| {
                        err(format!(
                            "move number {n} is too large (at most {MAX_MOVE_NUMBER})"
                        ))
                    })?
            }
            None => 1,
        };
        if let Some(extra) = rest.next() {
            return Err(err(format!("unexpected field `{extra}`; {}", expected())));
        }
        pos.unmoved = unmoved;
        pos.ep_targets = ep_targets;
        pos.ep_victim = ep_victim;
        pos.ply = (movenum - 1) * np as u32 + turn as u32;
        pos.quiet = quiet;
        pos.spent = spent;
        pos.hand = hand;
        pos.passes = passes;
        pos.chains.ko = ko;
        pos.promoted = promoted;
        if let Some((board, stores)) = pits {
            pos.read_pits(board, stores)?;
        }
        // A throw is made only in a game that goes on.
        if throw != super::super::rules::chance::PENDING {
            if let Some(o) = pos.static_outcome() {
                return Err(err(format!(
                    "the game is over ({}): no throw is due, write `-` for the throw",
                    o.describe(game)
                )));
            }
        }
        pos.throw = throw;
        pos.checks = checks;
        pos.held = held;
        pos.rehash();
        // A player who starts with a royal piece always has one where the rules never take
        // one away (royal safety keeps it, and checkmate relies on it).
        if game.royals_stay {
            for p in 0..2 {
                let royal_kinds: Vec<usize> = (0..game.kinds.len())
                    .filter(|&k| game.kinds[k].royal && game.start_kinds[p] >> k & 1 != 0)
                    .collect();
                let has = |k: &usize| {
                    let c = game.code(*k, p);
                    // On the board (kept under another piece counts), or in hand.
                    pos.cells.contains(&c)
                        || pos.under.contains(&c)
                        || pos.hand.get(c as usize).is_some_and(|&n| n > 0)
                };
                if !royal_kinds.is_empty() && !royal_kinds.iter().any(has) {
                    let what = match royal_kinds.as_slice() {
                        [k] => game.kinds[*k].name.as_str(),
                        _ => "royal piece",
                    };
                    return Err(err(format!(
                        "{} has no {what}: a player who starts with a royal piece always has one",
                        game.players[p].name
                    )));
                }
            }
        }
        // The player who has just moved cannot have left a royal piece attacked.
        if game.has_royal {
            let mut other = pos.clone();
            other.pass_turn();
            if other.in_check() {
                let (who, mover) = (game.previous_player(turn as usize), turn as usize);
                return Err(err(format!(
                    "{} is in check although it is {}'s turn: the position cannot arise",
                    game.players[who].name, game.players[mover].name
                )));
            }
        }
        Ok(pos)
    }
}

/// Reads a pieces-in-hand field (`9S9s`, `2Pp`) into counts by piece code.
fn read_hand(game: &Game, f: &str, hand: &mut [u16]) -> Result<(), String> {
    let mut count = String::new();
    for ch in f.chars() {
        if ch.is_ascii_digit() {
            count.push(ch);
            continue;
        }
        let code = (1..hand.len())
            .find(|&c| game.letter(c as u8) == ch)
            .ok_or_else(|| format!("unknown piece letter `{ch}` in the pieces-in-hand field"))?;
        let n: u16 = if count.is_empty() {
            1
        } else {
            count
                .parse()
                .ok()
                .filter(|&n| (1..=255).contains(&n))
                .ok_or_else(|| format!("bad count `{count}` in the pieces-in-hand field"))?
        };
        if hand[code] != 0 {
            return Err(format!(
                "`{ch}` is listed twice in the pieces-in-hand field"
            ));
        }
        hand[code] = n;
        count.clear();
    }
    if !count.is_empty() {
        return Err(format!(
            "the pieces-in-hand field ends with a count, `{count}`, and no piece letter"
        ));
    }
    Ok(())
}

/// The fields of a game's position strings, in order, for messages.
fn position_fields(game: &Game) -> String {
    let mut f = vec!["board", "side to move"];
    if game.has_layers {
        f.push("fresh piece (`-` for none)");
    }
    if !game.castles.is_empty() {
        f.push("castling rights (`-` for none)");
    }
    if game.has_en_passant {
        f.push("en-passant cells (`-` for none)");
    }
    if game.check_goal().is_some() {
        f.push("checks each player still has to give (`3+3`)");
    }
    if game.has_ko() {
        f.push("ko cell (`-` for none)");
    }
    let right = game
        .right_name()
        .map(|r| format!("players with an unused {r} (`-` for none)"));
    if let Some(r) = &right {
        f.push(r);
    }
    if !game.initial_hand.is_empty() {
        f.push("pieces in hand (`-` for none)");
    }
    if game.chance.is_some() {
        f.push("throw (`-` while it is to come)");
    }
    if game.race_holds() {
        f.push("held piece (`-` for none, `begin` before the race begins)");
    }
    if game.counts_passes() {
        f.push("passes in a row");
    }
    f.push("no-progress count");
    f.push("move number");
    f.join(", ")
}

/// The cell names of an en-passant field: separated by commas, or one after the other
/// (`c5d6`, as Fairy-Stockfish writes several cells). A run that does not split into cell
/// names is returned whole, for the caller to report.
fn ep_cell_names<'a>(b: &crate::geometry::Board, field: &'a str) -> Vec<&'a str> {
    if field.contains(',') {
        return field.split(',').collect();
    }
    let mut out = Vec::new();
    let mut rest = field;
    while !rest.is_empty() {
        // The shortest prefix that names a cell and is followed by another name or nothing:
        // names are a letter part and a digit part, so the first switch back ends one.
        let bytes = rest.as_bytes();
        let mut end = 1;
        while end < bytes.len() && bytes[end].is_ascii_digit() == bytes[end - 1].is_ascii_digit() {
            end += 1;
        }
        while end < bytes.len() && bytes[end].is_ascii_digit() != bytes[0].is_ascii_digit() {
            end += 1;
        }
        if b.cell(&rest[..end]).is_none() {
            return vec![field];
        }
        out.push(&rest[..end]);
        rest = &rest[end..];
    }
    out
}

fn find_ep_victim(game: &Game, cells: &[u8], target: Cell, last: usize) -> Option<Cell> {
    for (code, rules) in game.rules.iter().enumerate().skip(1) {
        if game.owner(code as u8) != last {
            continue;
        }
        for r in rules {
            if let Rule::Step {
                dirs,
                en_passant: true,
                ..
            } = r
            {
                // The stepper itself, or what it promoted to on landing (a double step may
                // end on the far rank, as Torpedo's pawns' may).
                let landed = |c: u8| {
                    c == code as u8
                        || game.promotion[code]
                            .as_ref()
                            .is_some_and(|(to, _)| to.contains(&c))
                };
                for &d in dirs {
                    let v = game.board.step(target, d);
                    if v != NONE && landed(cells[v as usize]) {
                        return Some(v);
                    }
                }
            }
        }
    }
    // A piece that borrows another's double step: any of its pieces next to the cell.
    (0..game.board.dirs.len() as u8)
        .map(|d| game.board.step(target, d))
        .find(|&v| {
            v != NONE
                && cells[v as usize] != 0
                && game.owner(cells[v as usize]) == last
                && game.borrows_moves[cells[v as usize] as usize]
        })
}
