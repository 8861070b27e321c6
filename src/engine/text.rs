//! Text forms: move notation, position strings, board drawings and game summaries.

use super::{Game, Move, MoveKind, Position, Rule};
use crate::geometry::{Cell, CellSet, Shape, NONE};
use crate::model::{Hurdle, Notation, Target};

/// A position string that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad position: {0}")]
pub struct PositionError(pub String);

impl Position<'_> {
    /// The move in the game's notation (`e2e4`, `e7e8q`, `c3-d4`, `c3xe5xg3`).
    pub fn move_text(&self, m: &Move) -> String {
        let g = self.game;
        if m.kind == MoveKind::Pass {
            return "pass".to_string();
        }
        let name = |c: u8| g.board.names[c as usize].as_str();
        if m.shot != NONE {
            // The move, then where its shot lands: `d1-d6/d8`.
            let plain = self.move_text(&Move { shot: NONE, ..*m });
            return format!("{plain}/{}", name(m.shot));
        }
        if m.kind == MoveKind::Place {
            // The cell alone (`e5`), or with the piece's letter (`S*e5`) where the player can
            // place several kinds.
            let one_kind = g.places[Game::owner(m.promote)].len() == 1;
            return if one_kind {
                name(m.to).to_string()
            } else {
                format!(
                    "{}*{}",
                    g.kinds[Game::kind_of(m.promote)].letter,
                    name(m.to)
                )
            };
        }
        let mover = self.cells[m.from as usize];
        let promo = if m.promote != 0 && mover != 0 {
            // Shown unless it is the piece's only choice (a draughts man's crown).
            let choices = g.promotion[mover as usize]
                .as_ref()
                .map_or(0, |p| p.0.len());
            (choices != 1).then(|| g.letter(m.promote))
        } else {
            None
        };
        match g.notation {
            Notation::Pieces => {
                let letter = g.kinds[Game::kind_of(mover)].letter;
                let mut s = format!("{letter}{}", name(m.from));
                match ability(g, m) {
                    Some(a) => s.push_str(&a),
                    None if m.kind == MoveKind::Swap => {
                        s.push_str("<>");
                        s.push_str(name(m.to));
                    }
                    None => {
                        let capture = m.ncap > 0 && m.kind != MoveKind::Keep;
                        s.push(if capture { 'x' } else { '-' });
                        s.push_str(name(m.to));
                    }
                }
                for p in [m.promote, m.extra_promote] {
                    if p != 0 {
                        s.push('=');
                        s.push(g.kinds[Game::kind_of(p)].letter);
                    }
                }
                s
            }
            // An ability is written as in `notation pieces`, without the letter: `b2*c3`.
            _ if ability(g, m).is_some() => {
                format!("{}{}", name(m.from), ability(g, m).unwrap_or_default())
            }
            Notation::Coordinates => {
                let mut s = if m.kind == MoveKind::Smash {
                    format!("{}y{}", name(m.from), name(smash_target(m)))
                } else {
                    format!("{}{}", name(m.from), name(m.to))
                };
                if let Some(p) = promo {
                    s.push(p.to_ascii_lowercase());
                }
                s
            }
            Notation::Path => {
                let mut s = name(m.from).to_string();
                if m.kind == MoveKind::Walk {
                    // The whole path, then what its steps removed: `d4-e5-e6 x f7 x d5`.
                    for &l in m.landings() {
                        s.push('-');
                        s.push_str(name(l));
                    }
                    for &c in m.captures() {
                        s.push_str(" x ");
                        s.push_str(name(c));
                    }
                    return s;
                }
                if m.kind == MoveKind::Smash {
                    s.push('y');
                    s.push_str(name(smash_target(m)));
                } else if m.npath > 0 && m.kind != MoveKind::DoubleStep {
                    let sep = if m.ncap > 0 { 'x' } else { '-' };
                    for &l in m.landings() {
                        s.push(sep);
                        s.push_str(name(l));
                    }
                } else {
                    s.push(if m.ncap > 0 { 'x' } else { '-' });
                    s.push_str(name(m.to));
                }
                if let Some(p) = promo {
                    s.push('=');
                    s.push(p.to_ascii_uppercase());
                }
                s
            }
        }
    }

    /// The legal moves grouped by the kind of the acting piece, in declaration order, each
    /// group sorted; a pass is its own group.
    pub fn legal_moves_by_piece(&self) -> Vec<(String, Vec<String>)> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        let g = self.game;
        let mut groups: Vec<(String, Vec<String>)> = g
            .kinds
            .iter()
            .map(|k| (k.name.clone(), Vec::new()))
            .collect();
        groups.push(("pass".to_string(), Vec::new()));
        for m in &moves {
            let i = match m.kind {
                MoveKind::Pass => g.kinds.len(),
                MoveKind::Place => Game::kind_of(m.promote),
                _ => Game::kind_of(self.cells[m.from as usize]),
            };
            groups[i].1.push(self.move_text(m));
        }
        for (_, g) in &mut groups {
            g.sort();
        }
        groups.retain(|(name, g)| !g.is_empty() || name != "pass");
        groups
    }

    /// The move's text with what follows from it, in games whose board rules change threats
    /// (and whose notation marks it): the pieces the rules' effects remove, `(xa1 xb2)`, and
    /// `+` when it leaves the opponent's royal piece threatened, `++` when that is also mate.
    /// Plain [`Position::move_text`] elsewhere; [`Position::parse_move`] accepts both.
    pub fn move_text_annotated(&self, m: &Move) -> String {
        let mut s = self.move_text(m);
        let g = self.game;
        if !g.legality_by_play || m.kind == MoveKind::Pass {
            return s;
        }
        let mut child = self.clone();
        child.play_unchecked(m);
        let removed: Vec<&str> = (0..self.cells.len() as Cell)
            .filter(|&c| {
                c != m.from
                    && self.cells[c as usize] != 0
                    && child.cells[c as usize] == 0
                    && !m.captures().contains(&c)
            })
            .map(|c| g.board.names[c as usize].as_str())
            .collect();
        if !removed.is_empty() {
            let list: Vec<String> = removed.iter().map(|c| format!("x{c}")).collect();
            s.push_str(&format!(" ({})", list.join(" ")));
        }
        if g.has_royal && child.in_check() {
            let mut replies = Vec::new();
            child.legal_moves(&mut replies);
            s.push_str(if replies.is_empty() { "++" } else { "+" });
        }
        s
    }

    /// The legal moves in notation, sorted.
    pub fn legal_move_texts(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        let mut t: Vec<String> = moves.iter().map(|m| self.move_text(m)).collect();
        t.sort();
        t
    }

    /// The legal moves as `tabula moves` and `play`'s `moves` list them: sorted, each with
    /// what it leads to where the game shows it (`(xa1)`, `+`, `++`).
    pub fn legal_move_list(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        let mut t: Vec<String> = moves.iter().map(|m| self.move_text_annotated(m)).collect();
        t.sort();
        t
    }

    /// Finds the legal move written `text` (case does not matter; `-` may be left out).
    ///
    /// # Errors
    /// When no legal move is written so; the error lists what is legal.
    pub fn parse_move(&self, text: &str) -> Result<Move, String> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        let norm = |s: &str| {
            s.to_ascii_lowercase()
                .chars()
                .filter(|c| *c != '-' && !c.is_whitespace())
                .collect::<String>()
        };
        let want = norm(text);
        if let Some(m) = moves.iter().find(|m| norm(&self.move_text(m)) == want) {
            return Ok(*m);
        }
        // What a move leads to (`(xa1 xb2)`, `+`, `++`) may be typed or left out; a `+` that
        // is part of the move (a heal, `Hd1+`) matched above.
        let bare = norm(
            text.split('(')
                .next()
                .unwrap_or(text)
                .trim_end()
                .trim_end_matches('+'),
        );
        if let Some(m) = moves.iter().find(|m| norm(&self.move_text(m)) == bare) {
            return Ok(*m);
        }
        // A swap is one move whichever of its two pieces is named first (`e1-d1` is `d1-e1`).
        let reversed = |m: &Move| {
            let mut r = *m;
            (r.from, r.to) = (m.to, m.from);
            norm(&self.move_text(&r))
        };
        if let Some(m) = moves
            .iter()
            .find(|m| m.kind == MoveKind::Swap && reversed(m) == bare)
        {
            return Ok(*m);
        }
        // A piece that falls into place may be given by its column alone (`d` in Connect
        // Four), where one placement ends in that column.
        let in_column: Vec<&Move> = moves
            .iter()
            .filter(|m| {
                m.kind == MoveKind::Place
                    && falls(self, m)
                    && crate::geometry::file_name(self.game.board.coords[m.to as usize].0 as u32)
                        == bare
            })
            .collect();
        if let [m] = in_column[..] {
            return Ok(*m);
        }
        // A walk may be typed without the removals it causes: `d4-e5-e6`.
        let path_only = |m: &Move| {
            let t = self.move_text(m);
            norm(t.split(" x ").next().unwrap_or(&t))
        };
        if let Some(m) = moves
            .iter()
            .find(|m| m.kind == MoveKind::Walk && path_only(m) == want)
        {
            return Ok(*m);
        }
        let mut legal: Vec<String> = moves.iter().map(|m| self.move_text(m)).collect();
        legal.sort();
        if legal.is_empty() {
            Err(format!(
                "`{}` is not legal: there are no legal moves",
                text.trim()
            ))
        } else {
            Err(format!(
                "`{}` is not a legal move; legal moves: {}",
                text.trim(),
                legal.join(" ")
            ))
        }
    }

    // ------------------------------------------------------------ position strings

    /// The position string: rows from the top separated by `/`, piece letters (upper case for
    /// the first player), digit runs for empty cells; then the side to move, the castling
    /// rights and en-passant cell where the game has them, the no-progress count and the move
    /// number.
    pub fn to_text(&self) -> String {
        let g = self.game;
        let b = &g.board;
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
        let mut out = format!("{} {}", rows.join("/"), g.side_letters[self.turn as usize]);
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
                .filter(|r| self.has_castle_right(r))
                .map(|r| r.letter)
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
        if g.right_name().is_some() {
            // The players whose once-per-game right is still unused.
            let open: String = (0..2)
                .filter(|&p| !self.right_spent(p))
                .map(|p| g.side_letters[p])
                .collect();
            out.push(' ');
            out.push_str(if open.is_empty() { "-" } else { &open });
        }
        out.push_str(&format!(" {} {}", self.quiet, self.ply / 2 + 1));
        out
    }

    fn castle_partner_cell(&self, r: &super::CastleRight, need_unmoved: bool) -> Option<u8> {
        let b = &self.game.board;
        let king = (0..self.cells.len()).find(|&c| {
            self.cells[c] == r.king && (!need_unmoved || self.unmoved.contains(c as u8))
        })? as u8;
        let mut t = king;
        let mut found = None;
        loop {
            t = b.step(t, r.dir);
            if t == NONE {
                break;
            }
            if self.cells[t as usize] == r.partner && (!need_unmoved || self.unmoved.contains(t)) {
                found = Some(t);
            }
        }
        found
    }

    fn has_castle_right(&self, r: &super::CastleRight) -> bool {
        self.castle_partner_cell(r, true).is_some()
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
        let piece = |ch: char, y: i32| -> Result<u8, PositionError> {
            let kind = game
                .kinds
                .iter()
                .position(|kd| kd.letter == ch.to_ascii_uppercase())
                .ok_or_else(|| err(format!("unknown piece letter `{ch}` in rank {}", y + 1)))?;
            Ok(super::code(kind, usize::from(!ch.is_ascii_uppercase())))
        };
        for (i, row) in rows.iter().enumerate() {
            let y = b.rows as i32 - 1 - i as i32;
            let row_cells: Vec<u8> = (0..b.cols as i32)
                .map(|x| b.at(x, y))
                .filter(|&c| c != NONE)
                .collect();
            let mut k = 0;
            let mut chars = row.chars().peekable();
            while let Some(ch) = chars.next() {
                if let Some(d) = ch.to_digit(10) {
                    let mut n = d as usize;
                    while let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                        n = n * 10 + d2 as usize;
                        chars.next();
                    }
                    k += n;
                    continue;
                }
                if k >= row_cells.len() {
                    break;
                }
                let cell = row_cells[k] as usize;
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
                if ch == '[' {
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
                } else {
                    cells[cell] = piece(ch, y)?;
                    if chars.peek() == Some(&'\'') {
                        layered("slept piece")?;
                        chars.next();
                        slept[cell] |= 1;
                    }
                }
                k += 1;
            }
            if k != row_cells.len() {
                return Err(err(format!(
                    "rank {} describes {} cells, the board has {}",
                    y + 1,
                    k,
                    row_cells.len()
                )));
            }
        }
        let side = fields
            .next()
            .ok_or_else(|| err("missing the side to move".into()))?;
        let turn = game
            .side_letters
            .iter()
            .position(|&l| side.len() == 1 && side.starts_with(l))
            .ok_or_else(|| {
                err(format!(
                    "side to move must be `{}` or `{}`, found `{side}`",
                    game.side_letters[0], game.side_letters[1]
                ))
            })? as u8;
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
                        game.kinds[Game::kind_of(code)].name
                    )));
                }
            }
            // A stack's top piece must be one that keeps.
            for c in 0..b.len() {
                let top = cells[c];
                if under[c] != 0 && !game.hooks[top as usize].iter().any(|h| h.keeps) {
                    return Err(err(format!(
                        "a {} on {} keeps a piece, but it cannot keep",
                        game.kinds[Game::kind_of(top)].name,
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
                    let r = game
                        .castles
                        .iter()
                        .find(|r| r.letter == ch)
                        .ok_or_else(|| err(format!("unknown castling letter `{ch}`")))?;
                    let rook = pos.castle_partner_cell(r, false).ok_or_else(|| {
                        err(format!(
                            "castling right `{ch}` has no king and partner in place"
                        ))
                    })?;
                    let king = (0..pos.cells.len())
                        .find(|&c| pos.cells[c] == r.king)
                        .expect("found with the partner") as u8;
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
                // directions could have passed any of them).
                for name in f.split(',') {
                    let t = b.cell(name).ok_or_else(|| {
                        err(format!("en-passant cell `{name}` is not on the board"))
                    })?;
                    let last = turn as usize ^ 1;
                    ep_victim = find_ep_victim(game, &pos.cells, t, last)
                        .ok_or_else(|| err(format!("no piece could have passed over `{name}`")))?;
                    ep_targets.insert(t);
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
        // FEN as other programs write it has castling and en-passant fields even for games
        // without them: `-` placeholders before the two counters are accepted.
        let mut rest: Vec<&str> = fields.collect();
        let placeholders =
            if game.castles.is_empty() { 1 } else { 0 } + if game.has_en_passant { 0 } else { 1 };
        let mut dropped = 0;
        while rest.len() > 2 && dropped < placeholders && rest[0] == "-" {
            rest.remove(0);
            dropped += 1;
        }
        let expected = || format!("this game's position fields are: {}", position_fields(game));
        let mut rest = rest.into_iter();
        let quiet: u32 = match rest.next() {
            Some(f) => f
                .parse()
                .map_err(|_| err(format!("bad no-progress count `{f}`; {}", expected())))?,
            None => 0,
        };
        let movenum: u32 = match rest.next() {
            Some(f) => f
                .parse()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| err(format!("bad move number `{f}`; {}", expected())))?,
            None => 1,
        };
        if let Some(extra) = rest.next() {
            return Err(err(format!("unexpected field `{extra}`; {}", expected())));
        }
        pos.unmoved = unmoved;
        pos.ep_targets = ep_targets;
        pos.ep_victim = ep_victim;
        pos.ply = (movenum - 1) * 2 + turn as u32;
        pos.quiet = quiet;
        pos.spent = spent;
        pos.hash = pos.compute_hash();
        // The player who has just moved cannot have left a royal piece attacked.
        if game.has_royal {
            let mut other = pos.clone();
            other.turn ^= 1;
            if other.in_check() {
                let (who, mover) = (turn as usize ^ 1, turn as usize);
                return Err(err(format!(
                    "{} is in check although it is {}'s turn: the position cannot arise",
                    game.players[who].name, game.players[mover].name
                )));
            }
        }
        Ok(pos)
    }

    /// One cell of a position string: the piece's letter, `'` when slept, a stack as
    /// `[TOP KEPT]` (each with its own `'`).
    fn cell_token(&self, c: Cell) -> String {
        let g = self.game;
        let mut s = String::new();
        let kept = self.under_at(c);
        if kept != 0 {
            s.push('[');
        }
        s.push(g.letter(self.cells[c as usize]));
        if self.is_slept(c, false) {
            s.push('\'');
        }
        if kept != 0 {
            s.push(g.letter(kept));
            if self.is_slept(c, true) {
                s.push('\'');
            }
            s.push(']');
        }
        s
    }

    // ------------------------------------------------------------ drawings

    /// The board as text: rank labels on the left, file letters below; hexagons drawn with
    /// offset rows.
    pub fn render(&self) -> String {
        let g = self.game;
        let mut out = if let Some(word) = g.frozen_word() {
            // Frozen pieces carry a star: `*J`.
            let held = self.frozen;
            let mut s = draw(g, 2, |c| {
                let code = self.cells[c as usize];
                if held.contains(c) {
                    format!("*{}", g.letter(code))
                } else {
                    g.letter(code).to_string()
                }
            });
            if !held.is_empty() {
                s.push_str(&format!("(*: {word})\n"));
            }
            s
        } else if g.has_layers {
            // Stacks and slept pieces need wider cells: `W'`, `[KW]`.
            draw(g, 5, |c| match self.cells[c as usize] {
                0 => ".".to_string(),
                _ => self.cell_token(c),
            })
        } else {
            draw(g, 1, |c| g.letter(self.cells[c as usize]).to_string())
        };
        if g.has_layers {
            out.push_str("(' slept, [Kw] K keeping w");
            if let Some(f) = self.fresh_cell() {
                out.push_str(&format!("; fresh: {}", g.board.names[f as usize]));
            }
            out.push_str(")\n");
        }
        out.push_str(&format!("{} to move\n", g.players[self.turn as usize].name));
        out
    }

    /// The board's levels (`levels from CELL`), drawn like the board; `None` when the game
    /// declares none.
    pub fn render_levels(&self) -> Option<String> {
        let levels = self.game.levels.as_ref()?;
        Some(draw(self.game, 1, |c| {
            char::from_digit(u32::from(levels[c as usize]).min(35), 36)
                .unwrap_or('?')
                .to_string()
        }))
    }
}

/// Draws one character per cell: rank labels on the left, file letters below a square board,
/// hexagons with offset rows.
/// Each cell's symbol is right-aligned in `cell` columns.
fn draw(g: &Game, cell: usize, symbol: impl Fn(u8) -> String) -> String {
    let b = &g.board;
    let width = b.rows.to_string().len();
    let mut out = String::new();
    match b.shape {
        Shape::Square { .. } => {
            for y in (0..b.rows as i32).rev() {
                out.push_str(&format!("{:>width$} ", y + 1));
                for x in 0..b.cols as i32 {
                    let c = b.at(x, y);
                    out.push_str(&format!(" {:>cell$}", symbol(c)));
                }
                out.push('\n');
            }
            out.push_str(&" ".repeat(width + 1));
            for x in 0..b.cols {
                out.push_str(&format!(" {:>cell$}", crate::geometry::file_name(x)));
            }
            out.push('\n');
        }
        Shape::Rhombus { .. } => {
            // Each row half a cell right of the one above, so that a cell's north-east
            // neighbour is drawn up and to its right.
            for y in (0..b.rows as i32).rev() {
                out.push_str(&format!("{:>width$} ", y + 1));
                out.push_str(&" ".repeat((b.rows as i32 - 1 - y) as usize * (cell + 1) / 2));
                for x in 0..b.cols as i32 {
                    if x > 0 {
                        out.push(' ');
                    }
                    out.push_str(&format!("{:>cell$}", symbol(b.at(x, y))));
                }
                out.push('\n');
            }
        }
        Shape::Hex { side } => {
            for y in (0..b.rows as i32).rev() {
                let cells: Vec<(i32, u8)> = (0..b.cols as i32)
                    .map(|x| (x, b.at(x, y)))
                    .filter(|&(_, c)| c != NONE)
                    .collect();
                let first = cells.first().map_or(0, |&(x, _)| x);
                let indent = (2 * first - y + side as i32 - 1).max(0) as usize;
                out.push_str(&format!("{:>width$} ", y + 1));
                out.push_str(&" ".repeat(indent));
                for (i, &(_, c)) in cells.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    out.push_str(&format!("{:>cell$}", symbol(c)));
                }
                out.push('\n');
            }
        }
    }
    out
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
    let right = game
        .right_name()
        .map(|r| format!("players with an unused {r} (`-` for none)"));
    if let Some(r) = &right {
        f.push(r);
    }
    f.push("no-progress count");
    f.push("move number");
    f.join(", ")
}

/// What an ability does, after the acting piece's cell: `^b3` a push, `*b3` a sleep, `+` a
/// heal, `@b3` a transfer; `None` for other moves (and swaps, written per notation).
fn ability(g: &Game, m: &Move) -> Option<String> {
    let name = |c: Cell| g.board.names[c as usize].as_str();
    match m.kind {
        MoveKind::Push | MoveKind::PushKept => Some(format!("^{}", name(m.extra_from))),
        MoveKind::Sleep | MoveKind::SleepKept => Some(format!("*{}", name(m.extra_from))),
        MoveKind::Heal => Some("+".to_string()),
        MoveKind::Transfer => Some(format!("@{}", name(m.to))),
        _ => None,
    }
}

/// Whether the placement `m` is of a kind that falls into place.
fn falls(pos: &Position, m: &Move) -> bool {
    pos.game.places[pos.turn()]
        .iter()
        .any(|p| p.code == m.promote && p.falling.is_some())
}

/// The cell a smash aimed at: its victim's, or for en passant the empty cell it smashed.
fn smash_target(m: &Move) -> Cell {
    if m.npath > 0 {
        m.path[0]
    } else {
        m.caps[0]
    }
}

fn find_ep_victim(game: &Game, cells: &[u8], target: u8, last: usize) -> Option<u8> {
    for (code, rules) in game.rules.iter().enumerate().skip(1) {
        if Game::owner(code as u8) != last {
            continue;
        }
        for r in rules {
            if let Rule::Step {
                dirs,
                en_passant: true,
                ..
            } = r
            {
                for &d in dirs {
                    let v = game.board.step(target, d);
                    if v != NONE && cells[v as usize] == code as u8 {
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
                && Game::owner(cells[v as usize]) == last
                && game.borrows_moves[cells[v as usize] as usize]
        })
}

// ---------------------------------------------------------------- summaries

fn dirs_text(game: &Game, dirs: &[u8]) -> String {
    dirs.iter()
        .map(|&d| game.board.dirs[d as usize].name)
        .collect::<Vec<_>>()
        .join(", ")
}

fn target_text(t: Target) -> &'static str {
    match t {
        Target::Empty => " to empty",
        Target::Enemy => " to enemy",
        Target::EmptyOrEnemy => "",
        Target::EmptyOrAny => " to empty or any",
        Target::Smash => " smashing enemy",
    }
}

fn region_text(game: &Game, s: &CellSet) -> String {
    s.iter()
        .map(|c: Cell| game.board.names[c as usize].as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// One line per rule, as the compiler understood it, for the first player.
fn rule_text(game: &Game, r: &Rule) -> String {
    match r {
        Rule::Step {
            dirs,
            twice,
            target,
            from,
            en_passant,
        } => {
            let mut s = format!("step {}", dirs_text(game, dirs));
            if *twice {
                s.push_str(" twice");
            }
            s.push_str(target_text(*target));
            if let Some(f) = from {
                s.push_str(&format!(" from {}", region_text(game, f)));
            }
            if *en_passant {
                s.push_str(", may be taken en passant");
            }
            s
        }
        Rule::Slide {
            dirs,
            until_blocked,
            target,
        } => format!(
            "slide {}{}{}",
            dirs_text(game, dirs),
            if *until_blocked { " until blocked" } else { "" },
            target_text(*target)
        ),
        Rule::Leap {
            stride,
            target,
            then_fresh,
            ..
        } => format!(
            "leap ({stride} targets){}{}",
            target_text(*target),
            if *then_fresh { ", then fresh" } else { "" }
        ),
        Rule::Fly { dirs, then } => match then {
            Some(t) => format!(
                "fly {}, then may slide {}",
                dirs_text(game, dirs),
                dirs_text(game, t)
            ),
            None => format!("fly {}", dirs_text(game, dirs)),
        },
        Rule::Push { dirs } => format!("push {}", dirs_text(game, dirs)),
        Rule::Sleep { dirs } => format!("sleep {}", dirs_text(game, dirs)),
        Rule::Heal { dirs } => format!("heal {}", dirs_text(game, dirs)),
        Rule::Swap => "swap with any piece".to_string(),
        Rule::SlideShoot { dirs, piece, shoot } => format!(
            "slide {} to empty, then shoot {} along {}",
            dirs_text(game, dirs),
            game.kinds[Game::kind_of(*piece)].name,
            dirs_text(game, shoot)
        ),
        Rule::LineCount {
            dirs,
            over_friends,
            target,
        } => format!(
            "move {} as far as there are pieces on its line{} {}",
            dirs_text(game, dirs),
            if *over_friends { ", over friends" } else { "" },
            target_text(*target)
        ),
        Rule::Jump {
            dirs,
            hurdle,
            gap,
            beyond,
            landing,
            repeatedly,
        } => {
            let mut s = format!(
                "jump {} over {}",
                dirs_text(game, dirs),
                match hurdle {
                    Hurdle::Enemy => "enemy",
                    Hurdle::Friend => "friend",
                    Hurdle::Any => "any",
                }
            );
            let range = |(a, b): (u8, u8)| {
                if b >= 254 {
                    format!("{a}..")
                } else {
                    format!("{a}..{b}")
                }
            };
            s.push_str(&format!(" gap {} beyond {}", range(*gap), range(*beyond)));
            if let Some(l) = landing {
                s.push_str(&format!(" landing on {}", region_text(game, l)));
            }
            if *repeatedly {
                s.push_str(" repeatedly");
            }
            s
        }
        Rule::Walk {
            dirs,
            friends,
            steps,
            no_revisit,
        } => format!(
            "walk {} up to {}{} steps to empty{}",
            dirs_text(game, dirs),
            if *friends { "friends + " } else { "" },
            steps,
            if *no_revisit {
                ", without revisiting"
            } else {
                ""
            }
        ),
        Rule::EnPassant { dirs, smash } => format!(
            "{} en passant {}",
            if *smash { "smash" } else { "capture" },
            dirs_text(game, dirs)
        ),
        Rule::Castle {
            dir,
            partner,
            right,
        } => format!(
            "castle {} with {} as \"{}\"",
            game.board.dirs[*dir as usize].name,
            game.kinds[Game::kind_of(*partner)].name,
            game.castles[*right].letter
        ),
    }
}

impl Game {
    /// A readable summary of what the description compiled to.
    pub fn summary(&self) -> String {
        let mut s = String::new();
        s.push_str(&format!("{}\n", self.title));
        let players: Vec<String> = self
            .players
            .iter()
            .map(|p| match p.forward {
                Some(f) => format!("{} (forward {})", p.name, self.board.dirs[f as usize].name),
                None => p.name.clone(),
            })
            .collect();
        s.push_str(&format!(
            "players: {}; {} moves first\n",
            players.join(", "),
            self.players[0].name
        ));
        s.push_str(&format!("board: {}\n", self.board.describe()));
        s.push_str("pieces:\n");
        for (k, kind) in self.kinds.iter().enumerate() {
            let code = super::code(k, 0);
            let mut flags = String::new();
            if kind.royal {
                flags.push_str(" royal");
            }
            s.push_str(&format!(
                "  {} \"{}\"{} worth {}\n",
                kind.name, kind.letter, flags, kind.worth
            ));
            for pl in self.places[0].iter().filter(|pl| pl.code == code) {
                let mut t = "place on empty".to_string();
                if let Some(d) = pl.falling {
                    t.push_str(&format!(", falling {}", self.board.dirs[d as usize].name));
                }
                if !pl.flipping.is_empty() {
                    t.push_str(&format!(
                        ", flipping bracketed enemies along {}",
                        dirs_text(self, &pl.flipping)
                    ));
                }
                if pl.only_flips {
                    t.push_str(", only where it flips");
                }
                s.push_str(&format!("    {t}\n"));
            }
            for r in &self.rules[code as usize] {
                s.push_str(&format!("    {}\n", rule_text(self, r)));
            }
            if let Some((to, region)) = &self.promotion[code as usize] {
                let names: Vec<&str> = to
                    .iter()
                    .map(|&c| self.kinds[Game::kind_of(c)].name.as_str())
                    .collect();
                s.push_str(&format!(
                    "    promote to {} on {}\n",
                    names.join(", "),
                    region_text(self, region)
                ));
            }
            for h in &self.hooks[code as usize] {
                s.push_str(&format!("    native {}\n", h.name));
            }
        }
        let mut rules = Vec::new();
        if self.compulsory_capture {
            rules.push("capture is compulsory");
        }
        if self.majority_capture {
            rules.push("capture must take the most pieces");
        }
        if self.identity_by_captures {
            rules.push("moves are identified by start, end and captures");
        }
        if self.may_pass {
            rules.push("players may pass");
        }
        if !rules.is_empty() {
            s.push_str(&format!("rules: {}\n", rules.join("; ")));
        }
        s.push_str("end:\n");
        for e in &self.end {
            s.push_str(&format!("  {}\n", e.text));
            if let crate::model::EndCond::Reaches { region, .. } = &e.cond {
                for (p, r) in region.iter().enumerate() {
                    s.push_str(&format!(
                        "    goal of {}: {}\n",
                        self.players[p].name,
                        region_text(self, r)
                    ));
                }
            }
        }
        s
    }
}
