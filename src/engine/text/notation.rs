//! Move notation: a move's text in the game's notation, the legal moves as texts, and reading
//! a typed move back.

use super::*;

impl Position<'_> {
    /// A turn of steps in Arimaa's notation: each step as the piece's letter (its owner's
    /// case), its cell and the way it goes (`n`, `e`, `s`, `w`), each removal from a trap
    /// as the piece, its cell and `x`, separated by spaces (`Ed2n Ed3n ra7s ra6x`).
    fn steps_text(&self, m: &Move) -> String {
        let g = self.game;
        let mut cells = self.cells().to_vec();
        let letter = |code: u8| g.kinds[g.kind_of(code)].letters[g.owner(code)];
        let parts: Vec<String> = m
            .landings()
            .chunks(2)
            .map(|s| {
                let (a, b) = (s[0], s[1]);
                let code = cells[a as usize];
                cells[a as usize] = 0;
                let way = if b == NONE {
                    "x".to_string()
                } else {
                    cells[b as usize] = code;
                    (0..g.board.dirs.len() as u8)
                        .find(|&d| g.board.step(a, d) == b)
                        .map_or(String::new(), |d| g.board.dirs[d as usize].name.to_string())
                };
                format!("{}{}{}", letter(code), g.board.names[a as usize], way)
            })
            .collect();
        parts.join(" ")
    }

    /// The move in the game's notation (`e2e4`, `e7e8q`, `c3-d4`, `c3xe5xg3`).
    pub fn move_text(&self, m: &Move) -> String {
        let g = self.game;
        let name = |c: Cell| g.board.names[c as usize].as_str();
        if let (MoveKind::Lines, Some(lines)) = (m.kind, &g.lines) {
            return lines_move_text(lines, m);
        }
        match m.kind {
            MoveKind::Pass => return "pass".to_string(),
            MoveKind::Sow => return self.sow_text(m),
            MoveKind::Steps => return self.steps_text(m),
            MoveKind::Parts => {
                // A turn of parts earned by lines: each part as the move it is, joined
                // (`a1-a4xd7,d1-d2`).
                let parts: Vec<String> = self
                    .turn_parts(m)
                    .iter()
                    .map(|(at, p)| at.move_text(p))
                    .collect();
                return parts.join(",");
            }
            MoveKind::Places => {
                // A turn of several placements: its cells in increasing order, joined
                // (`j10,k11`).
                let cells: Vec<&str> = m.landings().iter().map(|&c| name(c)).collect();
                return cells.join(",");
            }
            // Bearing off, or an opening removal: `g1-off`.
            MoveKind::Off => return format!("{}-off", name(m.from)),
            _ => {}
        }
        if let Some(t) = self.chance_move_text(m) {
            return t;
        }
        if m.shot != NONE && !self.game.gate_cells.is_empty() {
            // Gating, as Fairy-Stockfish writes it: the move, then the entering piece's letter
            // (`b1c3h`); where a castling move leaves it on the partner's cell, that cell
            // first (`h1e1h`).
            let mut plain = m.clone();
            plain.shot = NONE;
            let letter = self.game.letter(m.shot_code).to_ascii_lowercase();
            if m.shot == m.from {
                return format!("{}{letter}", self.move_text(&plain));
            }
            return format!("{}{}{letter}", name(m.shot), name(m.from));
        }
        if m.shot != NONE {
            // The move, then where its shot lands: `d1-d6/d8`.
            let mut plain = m.clone();
            plain.shot = NONE;
            let plain = self.move_text(&plain);
            return format!("{plain}/{}", name(m.shot));
        }
        if m.kind == MoveKind::Place && m.captures() == [m.to] {
            // The pie rule's swap: a placement that replaces the piece on its cell.
            return "swap".to_string();
        }
        if m.kind == MoveKind::Place {
            return self.place_move_text(m);
        }
        self.piece_move_text(m)
    }

    /// The moves of a game with dice that are written their own way: a throw, `throw-3`,
    /// `throw-5-2`; a turn of dice played one by one; in a race, a piece entering from the
    /// hand (`@d1`, with its letter where a player has several kinds).
    fn chance_move_text(&self, m: &Move) -> Option<String> {
        let g = self.game;
        let c = g.chance.as_ref()?;
        let name = |c: Cell| g.board.names[c as usize].as_str();
        match m.kind {
            MoveKind::Throw => Some(format!("throw-{}", c.name(m.promote as usize))),
            // A turn of dice played one by one: each die's step, `a2-c1,@j2,g1-off`.
            MoveKind::Turn => {
                let steps: Vec<String> = m.path[..m.npath as usize]
                    .chunks(2)
                    .map(|s| match (s[0], s[1]) {
                        (NONE, to) => format!("@{}", name(to)),
                        (from, NONE) => format!("{}-off", name(from)),
                        (from, to) => format!("{}-{}", name(from), name(to)),
                    })
                    .collect();
                Some(steps.join(","))
            }
            MoveKind::Place if g.race.is_some() => {
                let mut t = if g.kinds.len() == 1 {
                    format!("@{}", name(m.to))
                } else {
                    format!("{}@{}", g.kinds[g.kind_of(m.promote)].letter, name(m.to))
                };
                push_captures(&mut t, g, m);
                Some(t)
            }
            _ => None,
        }
    }

    /// A placement: the cell alone (`e5`), or with the piece's letter (`S*e5`) where the
    /// player can place several kinds, a drop from the hand (`P@e4`, USI's `P*5e`); then a
    /// block's quarter turn and what it removes.
    fn place_move_text(&self, m: &Move) -> String {
        let g = self.game;
        let name = |c: Cell| g.board.names[c as usize].as_str();
        let owner = g.owner(m.promote);
        let one_kind = g.places[owner].len() == 1;
        let drop = g.places[owner]
            .iter()
            .any(|pl| pl.code == m.promote && pl.drop);
        let letter = g.kinds[g.kind_of(m.promote)].letter;
        let mut t = if drop {
            let at = if g.notation == Notation::Usi {
                '*'
            } else {
                '@'
            };
            format!("{letter}{at}{}", name(m.to))
        } else if one_kind {
            name(m.to).to_string()
        } else {
            format!("{letter}*{}", name(m.to))
        };
        // A block's quarter turn after it: its lower-left cell, `>` clockwise, `<` the
        // other way (`b2/d4>`).
        if m.turn != 0 {
            let pl = g.places[owner]
                .iter()
                .find(|p| p.code == m.promote && !p.blocks.is_empty());
            if let Some(pl) = pl {
                let k = (m.turn - 1) as usize;
                let way = if k.is_multiple_of(2) { '>' } else { '<' };
                t.push_str(&format!("/{}{way}", name(pl.blocks[k / 2][0])));
            }
        }
        // What it removes (a mill): `d7xa1`.
        push_captures(&mut t, g, m);
        t
    }

    /// A move of a piece on the board, in the game's notation.
    fn piece_move_text(&self, m: &Move) -> String {
        let g = self.game;
        let name = |c: Cell| g.board.names[c as usize].as_str();
        let mover = self.cells[m.from as usize];
        let promo = if m.promote != 0 && mover != 0 {
            // Shown unless it is the piece's only choice (a draughts man's crown); always
            // for a piece whose promotion may be a move of its own (`d5d5f`, `d5c4f`).
            let choices = g.promotion[mover as usize]
                .as_ref()
                .map_or(0, |p| p.0.len());
            let own_move = g.rules[mover as usize]
                .iter()
                .any(|r| matches!(r, crate::engine::Rule::PromoteMove(_)));
            (choices != 1 || own_move).then(|| g.letter(m.promote))
        } else {
            None
        };
        match g.notation {
            Notation::Pieces => pieces_notation_text(g, m, mover),
            // An ability is written as in `notation pieces`, without the letter: `b2*c3`.
            _ if ability(g, m).is_some() => {
                format!("{}{}", name(m.from), ability(g, m).unwrap_or_default())
            }
            Notation::Usi => {
                // `+` for a promotion; staying unpromoted is written as a plain move.
                let mut s = format!("{}{}", name(m.from), name(m.to));
                if m.promote != 0 && g.kind_of(m.promote) != g.kind_of(mover) {
                    s.push('+');
                }
                s
            }
            Notation::Coordinates => {
                let mut s = if m.kind == MoveKind::Smash {
                    format!("{}y{}", name(m.from), name(smash_target(m)))
                } else if free_castle(g, m) {
                    // Chess960 castling is written as the king taking its own rook (as UCI
                    // writes it in Chess960): the king's landing cell alone could be a
                    // king's step too, or its own start.
                    format!("{}{}", name(m.from), name(m.extra_from))
                } else {
                    format!("{}{}", name(m.from), name(m.to))
                };
                if let Some(p) = promo {
                    s.push(p.to_ascii_lowercase());
                }
                s
            }
            Notation::Path => path_notation_text(g, m, promo),
        }
    }

    /// The cells a player points at to make the move, in order, as a board with a pointer
    /// takes it: the piece, then where it lands (each landing of a jump chain or walk), the
    /// cell its shot lands on, the pieces a mill removes. A placement starts at its cell, a
    /// drop at the hand (not a cell: `drop` is then true). Moves that share all their cells
    /// (promotion choices, a block's turn) are told apart some other way.
    pub fn move_cells(&self, m: &Move) -> (bool, Vec<Cell>) {
        let g = self.game;
        let mut cells = Vec::new();
        let mut drop = false;
        match m.kind {
            MoveKind::Pass => {}
            MoveKind::Place => {
                drop = g.places[self.game.owner(m.promote)]
                    .iter()
                    .any(|pl| pl.code == m.promote && pl.drop);
                cells.push(m.to);
            }
            MoveKind::Places => cells.extend_from_slice(m.landings()),
            MoveKind::Smash => cells.extend([m.from, smash_target(m)]),
            MoveKind::Push | MoveKind::PushKept | MoveKind::Sleep | MoveKind::SleepKept => {
                cells.extend([m.from, m.extra_from]);
            }
            MoveKind::Heal => cells.push(m.from),
            MoveKind::Sow if m.npath == 0 => cells.push(m.to),
            MoveKind::Sow => {
                cells.extend_from_slice(m.landings());
                // Where there is a choice of direction: the pit its first seed goes to.
                if m.extra_to != NONE {
                    cells.insert(1, m.extra_to);
                }
            }
            MoveKind::Throw | MoveKind::Lines => {}
            MoveKind::Off => cells.push(m.from),
            MoveKind::Turn => cells.extend(m.landings().iter().filter(|&&c| c != NONE)),
            // Each part's cells: where from (a placement starts at its cell), where to, what it
            // removes.
            MoveKind::Parts => {
                for part in m.landings().chunks(4) {
                    cells.extend(part[..3].iter().filter(|&&c| c != NONE));
                }
                return (m.from == NONE && drop_first(g, m), cells);
            }
            _ if m.npath > 0 && m.kind != MoveKind::DoubleStep && !captures_elsewhere(g, m) => {
                cells.push(m.from);
                cells.extend_from_slice(m.landings());
            }
            _ => cells.extend([m.from, m.to]),
        }
        if m.shot != NONE {
            cells.push(m.shot);
        }
        if !g.mills.is_empty() {
            cells.extend_from_slice(m.captures());
        }
        (drop, cells)
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
        groups.push(("throw".to_string(), Vec::new()));
        for m in &moves {
            let i = match m.kind {
                MoveKind::Pass => g.kinds.len(),
                MoveKind::Throw => g.kinds.len() + 1,
                MoveKind::Place => self.game.kind_of(m.promote),
                MoveKind::Turn if m.from == NONE => 0,
                MoveKind::Parts if m.from == NONE => self.game.kind_of(m.promote),
                _ => self.game.kind_of(self.cells[m.from as usize]),
            };
            groups[i].1.push(self.move_text(m));
        }
        for (_, g) in &mut groups {
            g.sort();
        }
        let n = g.kinds.len();
        let mut i = 0;
        groups.retain(|(_, g)| {
            i += 1;
            !g.is_empty() || i <= n
        });
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
        let want = norm(text);
        let found = self
            .find_steps_turn(&moves, text)
            .or_else(|| self.find_lines_turn(&moves, text))
            .or_else(|| self.find_places_turn(&moves, text))
            .or_else(|| moves.iter().find(|m| norm(&self.move_text(m)) == want));
        if let Some(m) = found {
            return Ok(m.clone());
        }
        // A throw may be typed as its outcome alone: `3`, `5-2`.
        if let Some(c) = self.game.chance.as_ref().filter(|_| self.is_chance()) {
            if let Some(i) = c.outcome_named(text.trim()) {
                return Ok(super::super::rules::chance::throw_move(i));
            }
        }
        if let Some(m) = self.find_loosely(&moves, text) {
            return Ok(m.clone());
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

    /// A turn of steps (`Ed2n Ed3n`): found by its steps, without writing out every turn
    /// (there may be tens of thousands); removals follow from the steps.
    fn find_steps_turn<'m>(&self, moves: &'m [Move], text: &str) -> Option<&'m Move> {
        self.game.steps.as_ref()?;
        let b = &self.game.board;
        let steps: Vec<(Cell, Cell)> = text
            .split_whitespace()
            .filter(|t| !t.ends_with('x'))
            .map(|t| {
                let t = t.get(1..)?;
                let (cell, way) = t.split_at(t.len().checked_sub(1)?);
                let from = b.cell(cell)?;
                let to = b.step(from, b.dir_named(way)?);
                (to != NONE).then_some((from, to))
            })
            .collect::<Option<_>>()?;
        moves.iter().find(|m| {
            m.landings()
                .chunks(2)
                .filter(|s| s[1] != NONE)
                .map(|s| (s[0], s[1]))
                .eq(steps.iter().copied())
        })
    }

    /// A turn of lines may name them in any order: found by its set of lines.
    fn find_lines_turn<'m>(&self, moves: &'m [Move], text: &str) -> Option<&'m Move> {
        let lines = self.game.lines.as_ref()?;
        let mut set = 0u128;
        for part in text.split(',') {
            match lines.line_named(part) {
                Some(l) => set |= 1 << l,
                None => set = 0,
            }
            if set == 0 {
                break;
            }
        }
        moves
            .iter()
            .find(|m| set != 0 && m.landings().iter().fold(0u128, |s, &l| s | 1 << l) == set)
    }

    /// A turn of several placements may name its cells in any order (`k11,j10`): found by
    /// its cells, without writing out every move.
    fn find_places_turn<'m>(&self, moves: &'m [Move], text: &str) -> Option<&'m Move> {
        self.game.turn_places?;
        let mut cells: Vec<Cell> = Vec::new();
        for part in text.split(',') {
            if let Some(c) = self.game.board.cell(&norm(part)) {
                cells.push(c);
            }
        }
        cells.sort_unstable();
        if cells.len() != text.split(',').count() {
            return None;
        }
        moves
            .iter()
            .find(|m| m.kind == MoveKind::Places && m.landings() == cells)
    }

    /// A move typed in a looser form than its text: a dice turn's steps in another order,
    /// without what it leads to, a swap's pieces the other way round, a falling piece's
    /// column, a custodial capture or a walk without what it takes.
    fn find_loosely<'m>(&self, moves: &'m [Move], text: &str) -> Option<&'m Move> {
        let want = norm(text);
        // A turn of dice may give its steps in any order (`e2-f2,a1-c2` is `a1-c2,e2-f2`), and
        // so may a turn of parts earned by lines (`d7,a7` is `a7,d7`).
        if text.contains(',') {
            let steps = |t: &str| {
                let mut v: Vec<String> = t.split(',').map(norm).collect();
                v.sort();
                v
            };
            let typed = steps(text);
            if let Some(m) = moves.iter().find(|m| {
                matches!(m.kind, MoveKind::Turn | MoveKind::Parts)
                    && steps(&self.move_text(m)) == typed
            }) {
                return Some(m);
            }
        }
        // What a move leads to (`(xa1 xb2)`, `+`, `++`) may be typed or left out; a `+` that
        // is part of the move (a heal, `Hd1+`) matched before.
        let bare = norm(
            text.split('(')
                .next()
                .unwrap_or(text)
                .trim_end()
                .trim_end_matches('+'),
        );
        if let Some(m) = moves.iter().find(|m| norm(&self.move_text(m)) == bare) {
            return Some(m);
        }
        // A swap is one move whichever of its two pieces is named first (`e1-d1` is `d1-e1`).
        let reversed = |m: &Move| {
            let mut r = m.clone();
            (r.from, r.to) = (m.to, m.from);
            norm(&self.move_text(&r))
        };
        if let Some(m) = moves
            .iter()
            .find(|m| m.kind == MoveKind::Swap && reversed(m) == bare)
        {
            return Some(m);
        }
        self.find_in_column(moves, &bare)
            .or_else(|| self.find_without_captures(moves, &want))
    }

    /// A piece that falls into place may be given by its column alone (`d` in Connect
    /// Four), where one placement ends in that column.
    fn find_in_column<'m>(&self, moves: &'m [Move], bare: &str) -> Option<&'m Move> {
        let b = &self.game.board;
        let in_column: Vec<&Move> = moves
            .iter()
            .filter(|m| {
                m.kind == MoveKind::Place
                    && falls(self, m)
                    && b.file_label(b.coords[m.to as usize].0 as u32) == bare
            })
            .collect();
        match in_column[..] {
            [m] => Some(m),
            _ => None,
        }
    }

    /// A custodial capture may be typed without what it takes: `d1-d3` (not a mill's
    /// removal, which is a choice); a walk without the removals it causes: `d4-e5-e6`.
    fn find_without_captures<'m>(&self, moves: &'m [Move], want: &str) -> Option<&'m Move> {
        let names = &self.game.board.names;
        if let Some(m) = moves
            .iter()
            .filter(|_| self.game.custody.is_some())
            .find(|m| {
                captures_elsewhere(self.game, m)
                    && norm(&format!(
                        "{}{}",
                        names[m.from as usize], names[m.to as usize]
                    )) == want
            })
        {
            return Some(m);
        }
        let path_only = |m: &Move| {
            let t = self.move_text(m);
            norm(t.split(" x ").next().unwrap_or(&t))
        };
        moves
            .iter()
            .find(|m| m.kind == MoveKind::Walk && path_only(m) == want)
    }
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

/// Whether a plain move captures, but not on its landing cell, in a game with custodial
/// capture or mills (elsewhere such moves have notations of their own: en passant, jumps).
fn captures_elsewhere(g: &Game, m: &Move) -> bool {
    (g.custody.is_some() || !g.mills.is_empty())
        && m.kind == MoveKind::Normal
        && m.npath == 0
        && m.ncap > 0
        && !m.captures().contains(&m.to)
}

/// `x` and the cell of each capture, appended to a move's text.
fn push_captures(s: &mut String, g: &Game, m: &Move) {
    for &c in m.captures() {
        s.push('x');
        s.push_str(&g.board.names[c as usize]);
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

/// Whether `m` is a castling move of a game with Chess960 castling (`wherever they stand`).
fn free_castle(g: &Game, m: &Move) -> bool {
    m.kind == MoveKind::Normal
        && m.extra_from != NONE
        && m.extra_to != NONE
        && g.castles.iter().any(|r| r.free)
}

/// A move of `mover` in `notation pieces`: its letter and cell, then the ability, swap,
/// capture or step it makes, then what it promotes to (`Ne2-e4`, `Qd1xd7=K`).
fn pieces_notation_text(g: &Game, m: &Move, mover: u8) -> String {
    let name = |c: Cell| g.board.names[c as usize].as_str();
    let letter = g.kinds[g.kind_of(mover)].letter;
    let mut s = format!("{letter}{}", name(m.from));
    match ability(g, m) {
        Some(a) => s.push_str(&a),
        None if m.kind == MoveKind::Swap => {
            s.push_str("<>");
            s.push_str(name(m.to));
        }
        None if captures_elsewhere(g, m) => {
            s.push('-');
            s.push_str(name(m.to));
            push_captures(&mut s, g, m);
        }
        None => {
            let capture = m.ncap > 0 && m.kind != MoveKind::Keep;
            s.push(if capture { 'x' } else { '-' });
            s.push_str(name(if free_castle(g, m) {
                m.extra_from
            } else {
                m.to
            }));
        }
    }
    for p in [m.promote, m.extra_promote] {
        if p != 0 {
            s.push('=');
            s.push(g.kinds[g.kind_of(p)].letter);
        }
    }
    s
}

/// A move in `notation path`: the start, then each landing (`c3xe5xg3`), a walk's path and
/// what it removed, or a custody capture's arrival and what it took; then the promotion.
fn path_notation_text(g: &Game, m: &Move, promo: Option<char>) -> String {
    let name = |c: Cell| g.board.names[c as usize].as_str();
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
    } else if captures_elsewhere(g, m) {
        // Custody: the move, then what its arrival took (`d1-d3xd4`).
        s.push('-');
        s.push_str(name(m.to));
        push_captures(&mut s, g, m);
    } else if m.npath > 0 && m.kind != MoveKind::DoubleStep {
        let sep = if m.ncap > 0 { 'x' } else { '-' };
        for &l in m.landings() {
            s.push(sep);
            s.push_str(name(l));
        }
    } else {
        s.push(if m.ncap > 0 { 'x' } else { '-' });
        // Chess960 castling: the king taking its rook (see `Coordinates`).
        s.push_str(name(if free_castle(g, m) {
            m.extra_from
        } else {
            m.to
        }));
    }
    if let Some(p) = promo {
        s.push('=');
        s.push(p.to_ascii_uppercase());
    }
    s
}

/// A turn of lines: each line by its dots, in the order drawn (`a1-b1,b2-b3`).
fn lines_move_text(lines: &crate::engine::rules::lines::Lines, m: &Move) -> String {
    let names: Vec<&str> = m
        .landings()
        .iter()
        .map(|&l| lines.names[l as usize].as_str())
        .collect();
    names.join(",")
}

/// A typed move as it is compared: lower case, without dashes or spaces.
fn norm(s: &str) -> String {
    s.to_ascii_lowercase()
        .chars()
        .filter(|c| *c != '-' && !c.is_whitespace())
        .collect::<String>()
}

/// Whether a turn of parts begins with a drop from the hand (not a placement from an unlimited
/// supply).
fn drop_first(g: &Game, m: &Move) -> bool {
    g.places[g.owner(m.promote)]
        .iter()
        .any(|pl| pl.code == m.promote && pl.drop)
}
