//! Position strings: writing a position as one line of fields (reading one back is
//! `position_read.rs`).

use super::*;

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
        let mut out = self.board_text();
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
        if g.has_rights_field() {
            let mut rights: String = (0..g.players.len())
                .flat_map(|p| {
                    let mut s: String = g
                        .castles
                        .iter()
                        .filter(|r| r.player == p)
                        .filter_map(|r| self.castle_right_letter(r))
                        .collect();
                    s.push_str(&self.gate_letters(p));
                    s.chars().collect::<Vec<_>>()
                })
                .collect();
            rights.push_str(&self.first_move_rights());
            out.push(' ');
            out.push_str(if rights.is_empty() { "-" } else { &rights });
        }
        if !g.counting.is_empty() {
            // The count's limit in plies, where Fairy-Stockfish writes it: in its en-passant
            // field, after a castling field that is `-` where nothing castles.
            if !g.has_rights_field() {
                out.push_str(" -");
            }
            match self.count.limit {
                0 => out.push_str(" -"),
                n => out.push_str(&format!(" {n}")),
            }
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
        for (has, cell) in [
            (g.has_ko(), self.chains.ko),
            (g.tracks_last_placed, self.last_placed),
        ] {
            if has {
                out.push(' ');
                match cell {
                    NONE => out.push('-'),
                    c => out.push_str(&b.names[c as usize]),
                }
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
        if !g.streaks.is_empty() {
            out.push(' ');
            out.push_str(&self.streaks_text());
        }
        if g.counts_passes() {
            out.push_str(&format!(" {}", self.passes));
        }
        // While a count runs, its plies take the no-progress count's place (as
        // Fairy-Stockfish writes them).
        let quiet = match self.count.limit {
            0 => self.quiet,
            _ => u32::from(self.count.ply),
        };
        out.push_str(&format!(
            " {} {}",
            quiet,
            self.ply / g.players.len() as u32 + 1
        ));
        out
    }

    /// The board's part of the position string: the ranks from the top, joined by `/`.
    fn board_text(&self) -> String {
        let b = &self.game.board;
        let mut rows = Vec::new();
        let holes = b.has_holes();
        for y in (0..b.rows as i32).rev() {
            let mut s = String::new();
            let mut run = 0;
            for x in 0..b.cols as i32 {
                let c = b.at(x, y);
                if c == NONE {
                    // A square board's hole is written `*`, as Fairy-Stockfish writes its
                    // walls; other shapes list only their cells.
                    if holes {
                        if run > 0 {
                            s.push_str(&run.to_string());
                            run = 0;
                        }
                        s.push('*');
                    }
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
        rows.join("/")
    }

    /// Each player's run of moves without capturing by one piece (games with a limit on
    /// them), joined by commas: the piece's cell and the number, `d4:2`, or `-`.
    fn streaks_text(&self) -> String {
        let g = self.game;
        let runs: Vec<String> = (0..g.players.len())
            .map(|p| match self.streak[p] {
                (_, 0) => "-".to_string(),
                (c, n) => format!("{}:{n}", g.board.names[c as usize]),
            })
            .collect();
        runs.join(",")
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
        // A player may have several such pieces (Koedem's kings, one dropped from the hand):
        // the first that has a partner along the direction.
        (0..self.cells.len() as Cell).find_map(|king| {
            if self.cells[king as usize] != r.king || need_unmoved && !self.unmoved.contains(king) {
                return None;
            }
            let mut t = king;
            let mut dist = 0;
            loop {
                t = b.step(t, r.dir);
                if t == NONE {
                    return None;
                }
                dist += 1;
                if self.cells[t as usize] == r.partner
                    && (!need_unmoved || self.unmoved.contains(t))
                {
                    return Some((king, t, dist));
                }
            }
        })
    }

    /// The first-move rights still open, as the file letters of the pieces' cells (upper case
    /// for the first player), player by player and file by file, as Fairy-Stockfish writes
    /// Cambodian chess's.
    fn first_move_rights(&self) -> String {
        let g = self.game;
        let b = &g.board;
        let mut s = String::new();
        for p in 0..g.players.len() {
            let mut files: Vec<u32> = self
                .unmoved
                .iter()
                .filter(|&c| {
                    let code = self.cells[c as usize];
                    code != 0 && g.owner(code) == p && g.first_movers[code as usize]
                })
                .map(|c| b.coords[c as usize].0 as u32)
                .collect();
            files.sort_unstable();
            for x in files {
                let label = b.file_label(x);
                if p == 0 {
                    s.push_str(&label.to_ascii_uppercase());
                } else {
                    s.push_str(&label.to_ascii_lowercase());
                }
            }
        }
        s
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

    /// Gating: the file letters of player `p`'s pieces that may still leave a piece behind,
    /// as Fairy-Stockfish writes them after the castling rights (those rights' pieces are not
    /// written again); none where nothing can ever be in the hand again (an empty hand in a
    /// game where captures do not go to one).
    fn gate_letters(&self, p: usize) -> String {
        let g = self.game;
        let b = &g.board;
        if g.gate_cells.is_empty() || (!g.to_hand && self.hand_count(p, None) == 0) {
            return String::new();
        }
        let mut written = CellSet::EMPTY;
        for r in g.castles.iter().filter(|r| r.player == p) {
            if let Some((king, rook, _)) = self.castle_partner_cell(r, true) {
                written.insert(king);
                written.insert(rook);
            }
        }
        let mut cells: Vec<Cell> = g.gate_region[p]
            .iter()
            .filter(|&c| {
                let code = self.cells[c as usize];
                self.unmoved.contains(c) && !written.contains(c) && code != 0 && g.owner(code) == p
            })
            .collect();
        cells.sort_by_key(|&c| b.coords[c as usize].0);
        cells
            .iter()
            .map(|&c| {
                let l = b.file_label(b.coords[c as usize].0 as u32);
                let ch = l.chars().next().unwrap_or('?');
                if p == 0 {
                    ch.to_ascii_uppercase()
                } else {
                    ch.to_ascii_lowercase()
                }
            })
            .collect()
    }

    /// The last partner of right `r` along its direction from the piece on `king`.
    pub(super) fn outermost_partner(&self, r: &CastleRight, king: Cell) -> Option<Cell> {
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
}
