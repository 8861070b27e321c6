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
