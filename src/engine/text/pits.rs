//! Text forms of sowing games: seed counts in position strings and drawings, sowings in
//! notation (`c1`, and `c1+f1` for a turn that sows again).

use super::*;

impl Position<'_> {
    /// A sowing move's text: the pits sown, in order, joined by `+`, the first followed by
    /// its direction where the game gives a choice and it is the second `sow` line's
    /// (`a1cw`); a seed placed from the hand: `@a1`.
    pub(super) fn sow_text(&self, m: &Move) -> String {
        let names = &self.game.board.names;
        if m.npath == 0 {
            return format!("@{}", names[m.to as usize]);
        }
        let suffix = self
            .game
            .sowing
            .as_ref()
            .map_or("", |s| s.way_suffix(s.way_of(self.turn as usize, m)));
        let pits: Vec<&str> = m
            .landings()
            .iter()
            .map(|&c| names[c as usize].as_str())
            .collect();
        format!("{}{suffix}", pits.join("+"))
    }

    /// The board field and the stores field of a sowing game's position string: the rows
    /// from the top, each pit's count separated by `,`, rows by `/`; then the first and the
    /// second player's stores, `0,0`.
    pub(super) fn pits_text(&self) -> String {
        let b = &self.game.board;
        let rows: Vec<String> = (0..b.rows as i32)
            .rev()
            .map(|y| {
                let counts: Vec<String> = (0..b.cols as i32)
                    .map(|x| self.seeds[b.at(x, y) as usize].to_string())
                    .collect();
                counts.join(",")
            })
            .collect();
        let hands = if self.game.sowing.as_ref().is_some_and(|s| s.rule.hand > 0) {
            format!("[{},{}]", self.sow_hand[0], self.sow_hand[1])
        } else {
            String::new()
        };
        format!(
            "{}{hands} {},{}",
            rows.join("/"),
            self.stores[0],
            self.stores[1]
        )
    }

    /// Reads the fields of [`Position::pits_text`] into this position (fresh from the start).
    pub(super) fn read_pits(&mut self, board: &str, stores: &str) -> Result<(), PositionError> {
        let err = |s: String| PositionError(s);
        let b = &self.game.board;
        // Games with a placement phase write the seeds in hand after the pits: `[32,32]`.
        let hands = self.game.sowing.as_ref().is_some_and(|s| s.rule.hand > 0);
        let (board, held) = match board.strip_suffix(']').and_then(|r| r.rsplit_once('[')) {
            Some((pits, held)) if hands => (pits, Some(held)),
            Some(_) => {
                return Err(err(
                    "this game has no seeds in hand: write the pits alone".into()
                ))
            }
            None if hands => {
                return Err(err(
                    "expected the seeds in hand after the pits, as `[32,32]`".into(),
                ))
            }
            None => (board, None),
        };
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != b.rows as usize {
            return Err(err(format!(
                "expected {} rows of pits separated by `/`, found {}",
                b.rows,
                rows.len()
            )));
        }
        let limit = u32::from(crate::model::MAX_SEEDS);
        let count = |t: &str, what: &str| -> Result<u16, PositionError> {
            t.parse::<u32>()
                .ok()
                .filter(|&n| n <= limit)
                .map(|n| n as u16)
                .ok_or_else(|| {
                    err(format!(
                        "{what}: `{t}` is not a number of seeds from 0 to {limit}"
                    ))
                })
        };
        let mut total = 0u32;
        for (i, row) in rows.iter().enumerate() {
            let y = b.rows as i32 - 1 - i as i32;
            let counts: Vec<&str> = row.split(',').collect();
            if counts.len() != b.cols as usize {
                return Err(err(format!(
                    "row {} has {} pits, the board has {} a row",
                    y + 1,
                    counts.len(),
                    b.cols
                )));
            }
            for (x, t) in counts.iter().enumerate() {
                let c = b.at(x as i32, y);
                let n = count(t, &format!("pit {}", b.names[c as usize]))?;
                self.seeds[c as usize] = n;
                total += u32::from(n);
            }
        }
        let Some((a, z)) = stores.split_once(',') else {
            return Err(err(format!(
                "expected the two stores as `N,N`, found `{stores}`"
            )));
        };
        self.stores = [count(a, "first store")?, count(z, "second store")?];
        total += u32::from(self.stores[0]) + u32::from(self.stores[1]);
        if let Some(held) = held {
            let Some((a, z)) = held.split_once(',') else {
                return Err(err(format!(
                    "expected the seeds in hand as `[N,N]`, found `[{held}]`"
                )));
            };
            self.sow_hand = [count(a, "first hand")?, count(z, "second hand")?];
            total += u32::from(self.sow_hand[0]) + u32::from(self.sow_hand[1]);
        }
        if total > limit {
            return Err(err(format!(
                "{total} seeds in all, more than the {limit} a game may hold"
            )));
        }
        Ok(())
    }

    /// The board with each pit's seeds, the second player's row on top, then the stores
    /// (where the rules put seeds in them) and the seeds in hand (where there are).
    pub(super) fn render_pits(&self) -> String {
        let g = self.game;
        let widest = self
            .seeds
            .iter()
            .max()
            .copied()
            .unwrap_or(0)
            .to_string()
            .len();
        let mut out =
            super::drawing::draw(g, widest.max(1), |c| self.seeds[c as usize].to_string());
        if g.sowing.as_ref().is_some_and(|s| s.has_stores()) {
            out.push_str(&format!(
                "stores: {} {}, {} {}\n",
                g.players[0].name, self.stores[0], g.players[1].name, self.stores[1]
            ));
        }
        if g.sowing.as_ref().is_some_and(|s| s.rule.hand > 0) {
            out.push_str(&format!(
                "in hand: {} {}, {} {}\n",
                g.players[0].name, self.sow_hand[0], g.players[1].name, self.sow_hand[1]
            ));
        }
        out.push_str(&format!("{} to move\n", g.players[self.turn as usize].name));
        out
    }
}
