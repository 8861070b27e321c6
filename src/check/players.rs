//! Players: names, forward directions and the letters of their pieces.

use super::*;

impl Checker {
    pub(super) fn players(&mut self, scope: &mut Scope, decls: &[PlayerDecl], span: Span) {
        if decls.len() != 2 {
            self.invalid(
                span,
                format!("a game needs exactly two players, found {}", decls.len()),
                "Tabula plays two-player games: `players white (forward north), black (forward south)`",
            );
            return;
        }
        let abs: Vec<String> = scope.board.dir_names().map(String::from).collect();
        for p in decls {
            if scope.player_names.contains(&p.name.text) {
                let first = decls.iter().find(|q| q.name.text == p.name.text).unwrap();
                self.declared_twice(
                    "player",
                    &p.name.text,
                    p.name.span,
                    first.name.span,
                    "give the two players different names",
                );
            }
            let fwd = p.forward.as_ref().and_then(|f| {
                let d = scope.board.dir_named(&f.text);
                if d.is_none() {
                    self.unknown("direction", f, &abs);
                }
                d
            });
            let right = match &p.right {
                // Forward turned a quarter clockwise; hexagons have no quarter turn, so there
                // `right` must be written out.
                None if scope.board.dirs.len() == 8 => fwd.and_then(|f| {
                    let d = &scope.board.dirs[f as usize];
                    scope.board.dir_of(d.dy, -d.dx)
                }),
                None => None,
                Some(r) => {
                    let rd = scope.board.dir_named(&r.text);
                    if rd.is_none() {
                        self.unknown("direction", r, &abs);
                    }
                    rd
                }
            };
            scope.player_names.push(p.name.text.clone());
            scope.players.push(PlayerModel {
                name: p.name.text.clone(),
                forward: fwd,
            });
            scope.right.push(right);
            scope.forward_ok.push(fwd.is_some());
            scope.forward_declared.push(p.forward.is_some());
        }
    }

    pub(super) fn letters(&mut self, scope: &Scope) {
        let mut seen: IndexMap<char, (Span, &str)> = IndexMap::new();
        for p in scope.kinds.values() {
            let mut chars = p.letter.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_alphabetic() => {
                    let up = c.to_ascii_uppercase();
                    if let Some(&(first, owner)) = seen.get(&up) {
                        let letters = if c == up {
                            format!("\"{up}\"")
                        } else {
                            format!("\"{c}\" (\"{up}\")")
                        };
                        self.err(CheckError::Duplicate {
                            message: format!(
                                "pieces `{owner}` and `{}` have the same letter {letters}",
                                p.name.text
                            ),
                            span: p.letter_span,
                            first,
                            labels: (
                                format!("letter of `{}`", p.name.text),
                                format!("letter of `{owner}`"),
                            ),
                            hint: "give each piece its own letter: it names the piece in \
                                   diagrams, positions and moves (upper case for the first \
                                   player, lower case for the second)"
                                .into(),
                        });
                    } else {
                        seen.insert(up, (p.letter_span, p.name.text.as_str()));
                    }
                }
                _ => self.invalid(
                    p.letter_span,
                    format!("piece letter \"{}\" must be a single letter", p.letter),
                    "write one letter, e.g. \"Q\"; the second player's pieces use its lower case",
                ),
            }
        }
    }

    pub(super) fn player(&mut self, scope: &Scope, n: &Name) -> Option<PlayerId> {
        let p = scope.player_names.iter().position(|x| *x == n.text);
        if p.is_none() {
            self.unknown("player", n, &scope.player_names);
        }
        p
    }

    /// The player's forward direction, reporting its absence (but not an already reported
    /// unknown direction).
    pub(super) fn forward_of(&mut self, scope: &Scope, p: PlayerId, span: Span) -> Option<u8> {
        let f = scope.players[p].forward;
        if f.is_none() && !scope.forward_declared[p] {
            self.invalid(
                span,
                format!(
                    "`my` ranks need the player's forward direction: write `{} (forward <direction>)` in `players`",
                    scope.player_names[p]
                ),
                "",
            );
        }
        f
    }

    pub(super) fn my_player(&mut self, player: Option<PlayerId>, span: Span) -> Option<PlayerId> {
        if player.is_none() {
            self.invalid(
                span,
                "`my` has no meaning here",
                "name the cells directly, or declare the region `for` a player",
            );
        }
        player
    }
}
