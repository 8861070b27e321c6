//! Directions: absolute and relative direction words, resolved per player.

use super::*;

impl Checker {
    /// An unknown direction word: the closest known word if one is close, else every word the
    /// board accepts, in its three groups (however many there are: a hex board's names are
    /// not the square's, so the list is the help).
    fn unknown_direction(&mut self, scope: &Scope, name: &Name) {
        let board: Vec<&str> = scope.board.dir_names().collect();
        // `orthogonal` and `diagonal` mean something on square grids only.
        let sets = if scope.board.dirs.len() == 8 {
            &DIRECTION_SETS[..]
        } else {
            &["all"][..]
        };
        let all = board
            .iter()
            .copied()
            .chain(RELATIVE)
            .chain(sets.iter().copied());
        let suggestion = suggest(&name.text, all);
        let known = if suggestion.is_some() {
            vec![]
        } else {
            vec![
                format!("{} (on this board)", board.join(", ")),
                format!("{} (relative to the player)", RELATIVE.join(", ")),
                sets.join(", "),
            ]
        };
        self.err(CheckError::Unknown {
            what: "direction",
            name: name.text.clone(),
            span: name.span,
            suggestion,
            known,
        });
    }

    /// Resolves direction words for player `p` into absolute direction ids.
    pub(super) fn dirs(
        &mut self,
        scope: &Scope,
        names: &[Name],
        p: PlayerId,
        report: bool,
    ) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        let mut ok = true;
        for n in names {
            match self.dir_word(scope, &n.text, p) {
                Ok(ds) => {
                    for d in ds {
                        if !out.contains(&d) {
                            out.push(d);
                        }
                    }
                }
                Err(msg) => {
                    ok = false;
                    if report {
                        match msg {
                            None => self.unknown_direction(scope, n),
                            Some(m) if m.is_empty() => {}
                            Some(m) => self.invalid(n.span, m, ""),
                        }
                    }
                }
            }
        }
        ok.then_some(out)
    }

    pub(super) fn dir_word(
        &self,
        scope: &Scope,
        w: &str,
        p: PlayerId,
    ) -> Result<Vec<u8>, Option<String>> {
        let b = &scope.board;
        if let Some(d) = b.dir_named(w) {
            return Ok(vec![d]);
        }
        let square = b.dirs.len() == 8;
        match w {
            "all" => return Ok((0..b.dirs.len() as u8).collect()),
            "orthogonal" | "diagonal" if square => {
                let diag = w == "diagonal";
                return Ok((0..8u8)
                    .filter(|&d| {
                        let v = &b.dirs[d as usize];
                        (v.dx != 0 && v.dy != 0) == diag
                    })
                    .collect());
            }
            "orthogonal" | "diagonal" => {
                return Err(Some(format!(
                    "`{w}` has no meaning on a hexagonal board; use `all` or named directions"
                )))
            }
            _ => {}
        }
        if !RELATIVE.contains(&w) {
            return Err(None);
        }
        let Some(fwd) = scope.players[p].forward else {
            return Err(Some(if scope.forward_declared[p] {
                // Already reported at the player's declaration.
                String::new()
            } else {
                format!(
                    "`{w}` needs the player's forward direction: write `{} (forward <direction>)` in `players`",
                    scope.player_names[p]
                )
            }));
        };
        let f = &b.dirs[fwd as usize];
        let (fx, fy) = (f.dx, f.dy);
        let Some(r) = scope.right[p] else {
            return Err(Some(format!(
                "`{w}` needs the player's right-hand direction: add `right <direction>` to `players`"
            )));
        };
        let (rx, ry) = (b.dirs[r as usize].dx, b.dirs[r as usize].dy);
        let (dx, dy) = match w {
            "forward" => (fx, fy),
            "backward" => (-fx, -fy),
            "right" => (rx, ry),
            "left" => (-rx, -ry),
            "forward-right" => (fx + rx, fy + ry),
            "forward-left" => (fx - rx, fy - ry),
            "backward-right" => (-fx + rx, -fy + ry),
            _ => (-fx - rx, -fy - ry),
        };
        b.dir_of(dx, dy)
            .map(|d| vec![d])
            .ok_or_else(|| Some(format!("`{w}` is not a direction of this board")))
    }
}
