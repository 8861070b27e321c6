//! Reading a position string back (see [`Position::to_text`]): the board field, then one
//! reader per field the game has, in the order they are written, each with a plain message
//! for what is wrong; last, the checks that the position can arise.

use super::board_read::{split_hands, BoardCells};
use super::position_string::PositionError;
use super::*;
use crate::engine::rules::castle::castle_steps;

/// The largest move number a position string may give: the plies before it (two per move)
/// must fit the engine's 32-bit count with room to play on.
pub const MAX_MOVE_NUMBER: u32 = 1 << 30;

/// The largest no-progress count a position string may give (plies since the last capture or
/// progress move).
pub const MAX_NO_PROGRESS: u32 = 1 << 30;

fn err(s: String) -> PositionError {
    PositionError(s)
}

/// A field that must be there: `missing` says which it is when it is not.
fn field<'a>(f: Option<&'a str>, missing: &str) -> Result<&'a str, PositionError> {
    f.ok_or_else(|| err(format!("missing the {missing}")))
}

/// The counters that end a position string, with the checks that may sit among them.
struct Counters {
    checks: [u8; 2],
    passes: u8,
    quiet: u32,
    movenum: u32,
}

impl Position<'_> {
    /// Reads a position string (see [`Position::to_text`]); trailing counters may be left out.
    ///
    /// # Errors
    /// A plain message saying what is wrong.
    pub fn from_text<'g>(game: &'g Game, text: &str) -> Result<Position<'g>, PositionError> {
        let b = &game.board;
        let mut fields = text.split_whitespace();
        let board_field = fields
            .next()
            .ok_or_else(|| err("the position is empty".into()))?;
        // A sowing game writes seed counts where pieces go, then the stores: the counts are
        // read once the rest is, and the pieces' board is empty.
        let no_pieces = vec![b.cols.to_string(); b.rows as usize].join("/");
        let (board_field, pits) = if game.sowing.is_some() {
            let stores = field(fields.next(), "stores (`0,0`)")?;
            (no_pieces.as_str(), Some((board_field, stores)))
        } else {
            (board_field, None)
        };
        let (board_field, bracket_hand) = split_hands(game, board_field);
        let board = BoardCells::read(game, board_field)?;
        let drawn = match &game.lines {
            Some(lines) => Some(super::dots::read_lines(
                lines,
                fields.next(),
                &board.cells,
                &b.names,
            )?),
            None => None,
        };
        let turn = read_side(game, fields.next())?;
        let fresh = if game.has_layers {
            read_fresh(game, &board, fields.next())?
        } else {
            NONE
        };
        let BoardCells {
            cells,
            under,
            slept,
            heights,
            promoted,
        } = board;
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
        if let Some(kind) = game.relocated {
            read_neutral(&mut pos, kind)?;
        }
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
        let unmoved = if !game.has_rights_field() {
            CellSet::EMPTY
        } else {
            pos.read_castling(field(fields.next(), "castling field (`-` for none)")?)?
        };
        skip_castling_placeholder(game, &mut fields);
        let count_limit = read_count_limit(game, &mut fields, bracket_hand.is_none())?;
        let (ep_targets, ep_victim) = if game.has_en_passant {
            pos.read_en_passant(field(fields.next(), "en-passant field (`-` for none)")?)?
        } else {
            (CellSet::EMPTY, NONE)
        };
        let ko = pos.read_cell_field(game.has_ko(), &mut fields, "ko", false)?;
        let last_placed =
            pos.read_cell_field(game.tracks_last_placed, &mut fields, "last-placed", true)?;
        let spent = match game.right_name() {
            Some(right) => read_rights(
                game,
                field(
                    fields.next(),
                    &format!("{right}-rights field (`-` for none)"),
                )?,
            )?,
            None => 0,
        };
        let hand = read_hands(game, bracket_hand, &mut fields)?;
        let throw = match &game.chance {
            Some(c) => read_throw(
                c,
                field(fields.next(), "throw field (`-` while it is to come)")?,
            )?,
            None => super::super::rules::chance::PENDING,
        };
        let held = if game.race_holds() {
            pos.read_held(field(
                fields.next(),
                "held-piece field (`-` for none, `begin` before the race begins)",
            )?)?
        } else {
            NONE
        };
        let mut rest: Vec<&str> = fields.collect();
        // The runs of moves without capturing (games with a limit on them): optional, a
        // string without them (as other programs write draughts positions) has none.
        let streak = if !game.streaks.is_empty() && rest.first().is_some_and(|f| f.contains(',')) {
            pos.read_streaks(rest.remove(0))?
        } else {
            [(NONE, 0); crate::model::MAX_PLAYERS]
        };
        let counters = read_counters(game, rest)?;
        pos.unmoved = unmoved;
        pos.ep_targets = ep_targets;
        pos.ep_victim = ep_victim;
        pos.ply = (counters.movenum - 1) * game.players.len() as u32 + turn as u32;
        pos.quiet = counters.quiet;
        pos.take_count(count_limit);
        pos.spent = spent;
        pos.hand = hand;
        pos.passes = counters.passes;
        pos.chains.ko = ko;
        pos.last_placed = last_placed;
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
        pos.checks = counters.checks;
        pos.held = held;
        pos.streak = streak;
        pos.rehash();
        pos.check_royals()?;
        Ok(pos)
    }

    /// A count's limit read (0: none): the no-progress field read holds the count's plies
    /// (Fairy-Stockfish's reading), and the no-progress count is 0.
    fn take_count(&mut self, limit: u16) {
        if limit != 0 {
            self.count = crate::engine::rules::counting::Count {
                limit,
                ply: self.quiet.min(u32::from(u16::MAX)) as u16,
            };
            self.quiet = 0;
        }
    }

    /// A position read must keep the royal pieces the game never lets go, and may not leave
    /// the player who has just moved with a royal piece attacked.
    fn check_royals(&self) -> Result<(), PositionError> {
        if self.game.royals_stay {
            self.check_royals_kept()?;
        }
        if self.game.has_royal {
            self.check_mover_safe()?;
        }
        Ok(())
    }

    /// Reads the castling field: the unmoved pieces its rights name (each right's piece and
    /// partner).
    fn read_castling(&self, f: &str) -> Result<CellSet, PositionError> {
        let game = self.game;
        let mut unmoved = CellSet::EMPTY;
        if f == "-" {
            return Ok(unmoved);
        }
        for ch in f.chars() {
            let r = game.castles.iter().find(|r| r.letter == ch);
            // A first-move right: the file letter of the piece's cell.
            if r.is_none() && game.first_movers.iter().any(|&f| f) {
                let c = self.first_move_cell(ch).ok_or_else(|| {
                    err(format!(
                        "right `{ch}`: no piece with a first move on that file"
                    ))
                })?;
                unmoved.insert(c);
                continue;
            }
            // Gating: a file letter names a piece of the region that may still leave a piece
            // behind (Fairy-Stockfish ignores one on an empty cell, and so does Tabula).
            if r.is_none() && !game.gate_cells.is_empty() {
                let cell = self
                    .gate_file_cell(ch)
                    .ok_or_else(|| err(format!("unknown castling or gating letter `{ch}`")))?;
                if let Some(c) = cell {
                    unmoved.insert(c);
                }
                continue;
            }
            // Chess960 castling: a right's letter names the outermost partner (X-FEN),
            // a file letter the partner on that file.
            let (king, rook) = if r.is_none_or(|r| r.free) {
                self.free_castle_right(ch, r)?
            } else {
                let r = r.ok_or_else(|| err(format!("unknown castling letter `{ch}`")))?;
                self.fixed_castle_right(ch, r)?
            };
            unmoved.insert(king);
            unmoved.insert(rook);
        }
        Ok(unmoved)
    }

    /// The cell of the piece whose first-move right file letter `ch` names (upper case for
    /// the first player): the player's piece with a rule `, only as its first move` on that
    /// file, the one nearest the player's own side where there are several.
    fn first_move_cell(&self, ch: char) -> Option<Cell> {
        let g = self.game;
        let b = &g.board;
        let player = usize::from(!ch.is_ascii_uppercase());
        let file = b.file_of_label(&ch.to_ascii_lowercase().to_string())?;
        // How far a cell is from the player's own side: the steps forward it has left.
        let ahead = |c: Cell| {
            let Some(d) = g.players.get(player).and_then(|p| p.forward) else {
                return 0;
            };
            let (mut t, mut n) = (b.step(c, d), 0);
            while t != NONE {
                n += 1;
                t = b.step(t, d);
            }
            n
        };
        (0..b.len() as Cell)
            .filter(|&c| {
                let code = self.cells[c as usize];
                b.coords[c as usize].0 as u32 == file
                    && code != 0
                    && g.owner(code) == player
                    && g.first_movers[code as usize]
            })
            .max_by_key(|&c| ahead(c))
    }

    /// Gating: the cell of the region on the file letter `ch` names (`B` for the first
    /// player, `b` for the second), `None` inside where no piece of that player stands there;
    /// `None` for a letter that names no file.
    fn gate_file_cell(&self, ch: char) -> Option<Option<Cell>> {
        let g = self.game;
        let b = &g.board;
        let player = usize::from(!ch.is_ascii_uppercase());
        let file = b.file_of_label(&ch.to_ascii_lowercase().to_string())?;
        let cell = g.gate_region[player]
            .iter()
            .find(|&c| b.coords[c as usize].0 == file as i32)?;
        let code = self.cells[cell as usize];
        Some((code != 0 && g.owner(code) == player).then_some(cell))
    }

    /// The piece and partner of Chess960 castling right `ch` (`r` where it is a right's own
    /// letter): the outermost partner, or the one on the file it names.
    fn free_castle_right(
        &self,
        ch: char,
        r: Option<&CastleRight>,
    ) -> Result<(Cell, Cell), PositionError> {
        let found = match r {
            Some(r) => self
                .castle_partner_cell(r, false)
                .and_then(|(k, _, _)| self.outermost_partner(r, k).map(|rook| (k, rook))),
            None if self.game.castles.iter().any(|r| r.free) => self.castle_file_right(ch),
            None => {
                return Err(err(format!("unknown castling letter `{ch}`")));
            }
        };
        found.ok_or_else(|| {
            err(format!(
                "castling right `{ch}` has no king and partner in place"
            ))
        })
    }

    /// The piece and partner of castling right `r` (written `ch`) where they stand fixed: the
    /// first partner met, far enough to castle with; where rights come from drops (`pieces
    /// dropped on ... may castle with partners on ...`), the first standing on a partner cell.
    fn fixed_castle_right(&self, ch: char, r: &CastleRight) -> Result<(Cell, Cell), PositionError> {
        let game = self.game;
        let b = &game.board;
        let (king, mut rook, mut dist) = self.castle_partner_cell(r, false).ok_or_else(|| {
            err(format!(
                "castling right `{ch}` has no king and partner in place"
            ))
        })?;
        if let Some(cells) = &game.drop_castle {
            let (mut t, mut d) = (rook, dist);
            while t != NONE
                && !(self.cells[t as usize] == r.partner && cells[r.player].1.contains(t))
            {
                t = b.step(t, r.dir);
                d += 1;
            }
            if t != NONE {
                (rook, dist) = (t, d);
            }
        }
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
        Ok((king, rook))
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

    /// Reads the en-passant field: the cells a double step passed and the piece that made it.
    fn read_en_passant(&self, f: &str) -> Result<(CellSet, Cell), PositionError> {
        let game = self.game;
        let b = &game.board;
        let (mut ep_targets, mut ep_victim) = (CellSet::EMPTY, NONE);
        if f == "-" {
            return Ok((ep_targets, ep_victim));
        }
        // One cell, or several separated by commas (a double step through several
        // directions could have passed any of them), or written one after the other
        // as Fairy-Stockfish does (`c5d6`), which may also name the cell the pawn
        // stands on: an occupied cell of such a run is passed over.
        let run = !f.contains(',');
        for name in ep_cell_names(b, f) {
            let t = b
                .cell(name)
                .ok_or_else(|| err(format!("en-passant cell `{name}` is not on the board")))?;
            if run && self.cells[t as usize] != 0 {
                continue;
            }
            let last = game.previous_player(self.turn as usize);
            ep_victim = find_ep_victim(game, &self.cells, t, last)
                .ok_or_else(|| err(format!("no piece could have passed over `{name}`")))?;
            ep_targets.insert(t);
        }
        Ok((ep_targets, ep_victim))
    }

    /// Reads a field naming one cell, or `-`, where the game has it (`has`): the ko cell (an
    /// empty cell) or the last piece placed (`holding`: a cell with a piece).
    fn read_cell_field<'t>(
        &self,
        has: bool,
        fields: &mut impl Iterator<Item = &'t str>,
        what: &str,
        holding: bool,
    ) -> Result<Cell, PositionError> {
        if !has {
            return Ok(NONE);
        }
        let f = field(fields.next(), &format!("{what} field (`-` for none)"))?;
        if f == "-" {
            return Ok(NONE);
        }
        let c = self
            .game
            .board
            .cell(f)
            .ok_or_else(|| err(format!("{what} cell `{f}` is not on the board")))?;
        match (self.cells[c as usize] != 0, holding) {
            (true, false) => Err(err(format!("the {what} cell `{f}` is not empty"))),
            (false, true) => Err(err(format!("the {what} cell `{f}` is empty"))),
            _ => Ok(c),
        }
    }

    /// Reads the held-piece field of a race: a cell holding a piece, `-` or `begin`.
    fn read_held(&self, f: &str) -> Result<Cell, PositionError> {
        let game = self.game;
        match f {
            "-" => Ok(NONE),
            "begin" if game.race.as_ref().is_some_and(|r| r.rule.begin.is_some()) => {
                Ok(crate::engine::position::NOT_BEGUN)
            }
            _ => {
                let c = game
                    .board
                    .cell(f)
                    .filter(|_| game.race.as_ref().is_some_and(|r| r.rule.trap.is_some()))
                    .ok_or_else(|| {
                        err(format!("`{f}` is not a held piece's cell, `-` or `begin`"))
                    })?;
                if self.cells[c as usize] == 0 {
                    return Err(err(format!("held cell `{f}` holds no piece")));
                }
                Ok(c)
            }
        }
    }

    /// Reads the runs of moves without capturing: for each player in order, the cell of the
    /// piece (one of theirs with a limit on such runs) and the moves in a row, `d4:2`, or `-`.
    fn read_streaks(&self, f: &str) -> Result<crate::model::PerPlayer<(Cell, u8)>, PositionError> {
        let game = self.game;
        let mut runs = [(NONE, 0u8); crate::model::MAX_PLAYERS];
        let items: Vec<&str> = f.split(',').collect();
        if items.len() != game.players.len() {
            return Err(err(format!(
                "the moves-in-a-row field `{f}` names {} players, not {}: write each \
                 player's as `CELL:N` or `-`, joined by commas",
                items.len(),
                game.players.len()
            )));
        }
        for (p, item) in items.into_iter().enumerate() {
            if item == "-" {
                continue;
            }
            let bad = || {
                err(format!(
                    "bad moves-in-a-row entry `{item}`: write the piece's cell and the \
                     number, `d4:2`, or `-`"
                ))
            };
            let (cell, n) = item.split_once(':').ok_or_else(bad)?;
            let c = game.board.cell(cell).ok_or_else(bad)?;
            let n: u8 = n.parse().ok().filter(|&n| n >= 1).ok_or_else(bad)?;
            if !self.limited_piece_of(p, c) {
                return Err(err(format!(
                    "`{cell}` does not hold a piece of {} with a limit on its moves in a row",
                    game.players[p].name
                )));
            }
            runs[p] = (c, n);
        }
        Ok(runs)
    }

    /// A player who starts with a royal piece always has one where the rules never take
    /// one away (royal safety keeps it, and checkmate relies on it).
    fn check_royals_kept(&self) -> Result<(), PositionError> {
        let game = self.game;
        for p in 0..2 {
            let royal_kinds: Vec<usize> = (0..game.kinds.len())
                .filter(|&k| game.kinds[k].royal && game.start_kinds[p] >> k & 1 != 0)
                .collect();
            let has = |k: &usize| {
                let c = game.code(*k, p);
                // On the board (kept under another piece counts), or in hand.
                self.cells.contains(&c)
                    || self.under.contains(&c)
                    || self.hand.get(c as usize).is_some_and(|&n| n > 0)
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
        Ok(())
    }

    /// The player who has just moved cannot have left a royal piece attacked.
    fn check_mover_safe(&self) -> Result<(), PositionError> {
        let game = self.game;
        if game.has_teams {
            // With teams the others may stand in check (left so by an enemy since their own
            // move): only the mover may not.
            let who = self.last_mover();
            if game.has_royal && self.royal_attacked_on(&self.cells, who) {
                return Err(err(format!(
                    "{} is in check although they have just moved: the position cannot arise",
                    game.players[who].name
                )));
            }
            return Ok(());
        }
        let mut other = self.clone();
        other.pass_turn();
        if other.in_check() {
            let turn = self.turn as usize;
            let who = game.previous_player(turn);
            return Err(err(format!(
                "{} is in check although it is {}'s turn: the position cannot arise",
                game.players[who].name, game.players[turn].name
            )));
        }
        Ok(())
    }
}

/// Reads the side to move: a player's letter, or FEN's `w` for the first player where no
/// player's letter is `w` (Xiangqi's red).
fn read_side(game: &Game, side: Option<&str>) -> Result<u8, PositionError> {
    let side = side.ok_or_else(|| err("missing the side to move".into()))?;
    let letters = &game.side_letters[..game.players.len()];
    if side == "w" && !letters.contains(&'w') {
        return Ok(0);
    }
    letters
        .iter()
        .position(|&l| side.len() == 1 && side.starts_with(l))
        .map(|p| p as u8)
        .ok_or_else(|| {
            let named: Vec<String> = letters.iter().map(|l| format!("`{l}`")).collect();
            let (last, first) = named.split_last().expect("two players or more");
            err(format!(
                "side to move must be {} or {last}, found `{side}`",
                first.join(", ")
            ))
        })
}

/// Reads the fresh-piece field of a game with layers (a cell whose piece can become fresh,
/// or `-`), and checks that every stack's top piece is one that keeps.
fn read_fresh(game: &Game, board: &BoardCells, f: Option<&str>) -> Result<Cell, PositionError> {
    let b = &game.board;
    let cells = &board.cells;
    let f = field(f, "fresh-piece field (`-` for none)")?;
    let mut fresh = NONE;
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
    for ((&top, &kept), name) in cells.iter().zip(&board.under).zip(&b.names) {
        if kept != 0 && !game.hooks[top as usize].iter().any(|h| h.keeps) {
            return Err(err(format!(
                "a {} on {} keeps a piece, but it cannot keep",
                game.kinds[game.kind_of(top)].name,
                name
            )));
        }
    }
    Ok(fresh)
}

/// Reads the field of players whose once-per-game right is unused: the bits of those who
/// have spent it.
fn read_rights(game: &Game, f: &str) -> Result<u8, PositionError> {
    let mut spent = 0b11;
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
    Ok(spent)
}

/// Reads the pieces in hand: from the board field's `[..]` (one letter per piece) where it
/// had one, else from their own field in games with hands.
fn read_hands<'a>(
    game: &Game,
    bracket_hand: Option<&str>,
    fields: &mut impl Iterator<Item = &'a str>,
) -> Result<Vec<u16>, PositionError> {
    let mut hand = game.initial_hand.clone();
    if let Some(letters) = bracket_hand {
        // One letter per piece: `[QRBNPqrbnp]`, `[PPn]`; Fairy-Stockfish writes empty hands
        // as `[-]`.
        hand.fill(0);
        for ch in letters.chars().filter(|_| letters != "-") {
            let code = (1..hand.len())
                .find(|&c| game.letter(c as u8) == ch)
                .ok_or_else(|| err(format!("unknown piece letter `{ch}` in the hands `[..]`")))?;
            if hand[code] == 255 {
                return Err(err(format!("more than 255 `{ch}` in the hands `[..]`")));
            }
            hand[code] += 1;
        }
    } else if !hand.is_empty() {
        let f = field(fields.next(), "pieces-in-hand field (`-` for none)")?;
        hand.fill(0);
        if f != "-" {
            read_hand(game, f, &mut hand).map_err(err)?;
        }
    }
    Ok(hand)
}

/// FEN as Fairy-Stockfish writes it has a castling field even where no piece castles: `- e3`
/// is that placeholder, then the en-passant cell; skips the placeholder.
fn skip_castling_placeholder<'a>(
    game: &Game,
    fields: &mut (impl Iterator<Item = &'a str> + Clone),
) {
    if game.castles.is_empty() && game.has_en_passant && !game.has_ko() {
        let mut look = fields.clone();
        if look.next() == Some("-") && look.next().is_some_and(|f| game.board.cell(f).is_some()) {
            fields.next();
        }
    }
}

/// Games with counting rules: the count's limit in plies, where Fairy-Stockfish writes it (in
/// its en-passant field: a number, or `-` for no count), after a `-` castling placeholder in
/// games without castling rights. A string with no fields before the two counters (and the
/// hand, where it is a field) has no count.
fn read_count_limit<'a>(
    game: &Game,
    fields: &mut (impl Iterator<Item = &'a str> + Clone),
    no_bracket_hand: bool,
) -> Result<u16, PositionError> {
    if game.counting.is_empty() {
        return Ok(0);
    }
    let hand_field = !game.initial_hand.is_empty() && no_bracket_hand;
    let checks = |f: &str| f.contains('+');
    let left: Vec<&str> = fields.clone().filter(|f| !checks(f)).collect();
    let extra = left.len().saturating_sub(2 + usize::from(hand_field));
    if extra == 0 {
        return Ok(0);
    }
    if !game.has_rights_field() && extra >= 2 && left[0] == "-" {
        fields.next();
    }
    match fields.next() {
        None | Some("-") => Ok(0),
        Some(f) => f.parse::<u16>().map_err(|_| {
            err(format!(
                "bad count `{f}`: the count's limit in plies, or `-` while no count runs"
            ))
        }),
    }
}

/// Reads the throw field: one of the dice's outcomes by name, or `-` while it is to come.
fn read_throw(c: &crate::engine::rules::chance::Chance, f: &str) -> Result<u8, PositionError> {
    if f == "-" {
        return Ok(super::super::rules::chance::PENDING);
    }
    let i = c.outcome_named(f).ok_or_else(|| {
        let names: Vec<String> = (0..c.len()).map(|i| c.name(i)).collect();
        err(format!(
            "`{f}` is not a throw of these dice ({}): one of {}, or `-`",
            c.text,
            names.join(", ")
        ))
    })?;
    Ok(i as u8)
}

/// Reads the fields after the game's own ones: the checks where the game counts them, `-`
/// placeholders, the passes in a row, the no-progress count and the move number.
fn read_counters(game: &Game, mut rest: Vec<&str>) -> Result<Counters, PositionError> {
    // FEN as other programs write it has castling and en-passant fields even for games
    // without them: `-` placeholders before the two counters are accepted.
    let checks = match game.check_goal() {
        Some(goal) => take_checks(goal, &mut rest)?,
        None => [0u8; 2],
    };
    let placeholders =
        if game.has_rights_field() { 0 } else { 1 } + if game.has_en_passant { 0 } else { 1 };
    // Fairy-Stockfish reads any field that names no cell as no en-passant cell, and its
    // perft suite writes one Cambodian position with `0` there (`b DEe 0 0 5`): where no
    // count of passes could be meant, `0` is taken for a placeholder too.
    let placeholder = |f: &str| f == "-" || (f == "0" && !game.counts_passes());
    let mut dropped = 0;
    while rest.len() > 2 && dropped < placeholders && placeholder(rest[0]) {
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
    Ok(Counters {
        checks,
        passes,
        quiet,
        movenum,
    })
}

/// Takes the checks field out of `rest`: those still to give, `1+3` (Fairy-Stockfish, before
/// the counters), or those given, `+2+0` (lichess, after them); none given without either.
fn take_checks(goal: u8, rest: &mut Vec<&str>) -> Result<[u8; 2], PositionError> {
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
        return Ok([goal - a, goal - b]);
    }
    if let Some(i) = rest
        .iter()
        .position(|f| f.strip_prefix('+').and_then(pair).is_some())
    {
        let f = rest.remove(i);
        let checks = f.strip_prefix('+').and_then(pair).unwrap_or([0; 2]);
        if checks.iter().any(|&n| n > goal) {
            return Err(err(format!("checks given `{f}`: this game needs {goal}")));
        }
        return Ok(checks);
    }
    Ok([0; 2])
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
    if game.has_rights_field() {
        f.push("castling rights (`-` for none)");
    }
    if !game.counting.is_empty() {
        if !game.has_rights_field() {
            f.push("`-` (no castling)");
        }
        f.push("the count's limit in plies (`-` while no count runs)");
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
    if !game.streaks.is_empty() {
        f.push("each player's moves in a row by one piece without capturing (`d4:2,-`; optional)");
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

/// The neutral piece (`after every move, the mover moves PIECE ...`), written with either
/// player's letter: at most one, given the code of the player to move.
fn read_neutral(pos: &mut Position, kind: usize) -> Result<(), PositionError> {
    let g = pos.game;
    let n = pos
        .cells()
        .iter()
        .filter(|&&v| v != 0 && g.kind_of(v) == kind)
        .count();
    if n > 1 {
        return Err(err(format!(
            "{n} pieces of the {}, which is one piece: write it once",
            g.kinds[kind].name
        )));
    }
    pos.neutral_to_turn();
    Ok(())
}
