//! Players: names, forward directions and the letters of their pieces.

use super::*;

impl Checker {
    pub(super) fn players(&mut self, scope: &mut Scope, decls: &[PlayerDecl], span: Span) {
        if !(2..=MAX_PLAYERS).contains(&decls.len()) {
            self.invalid(
                span,
                format!(
                    "a game has 2 to {MAX_PLAYERS} players, found {}",
                    decls.len()
                ),
                "name each player, in turn order: `players white (forward north), black (forward south)`",
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

    /// Every piece letter is one ASCII letter, and no two pieces (nor a piece's two players)
    /// share one: a letter names one piece of one player in diagrams and position strings.
    /// A neutral piece (`neutral`: the names of the relocated pieces) has one letter for
    /// every player, which may be a sign (Duck chess's `*`).
    pub(super) fn letters(&mut self, scope: &Scope, neutral: &[&str]) {
        let mut seen: IndexMap<char, (Span, &str)> = IndexMap::new();
        for p in scope.kinds.values() {
            let mut valid = true;
            let neutral = neutral.contains(&p.name.text.as_str());
            for (text, span) in std::iter::once((&p.letter, p.letter_span))
                .chain(p.more_letters.iter().map(|(t, s)| (t, *s)))
            {
                let mut chars = text.chars();
                if !matches!((chars.next(), chars.next()), (Some(c), None)
                    if c.is_ascii_alphabetic() || (neutral && c.is_ascii_punctuation()))
                {
                    valid = false;
                    self.invalid(
                        span,
                        format!("piece letter \"{text}\" must be a single letter"),
                        "write one letter, e.g. \"Q\"; the second player's pieces use its lower case \
                         unless a second letter follows (`piece mark \"X\" \"O\"`)",
                    );
                }
            }
            if !valid {
                continue;
            }
            let np = scope.players.len();
            let named = p.more_letters.len() + 1;
            if named > np || (named > 1 && named < np) || (named == 1 && np > 2) {
                let span = p.more_letters.last().map_or(p.letter_span, |(_, s)| *s);
                self.invalid(
                    span,
                    format!(
                        "piece `{}` has {named} letter{} for {np} players",
                        p.name.text,
                        if named == 1 { "" } else { "s" }
                    ),
                    if np > 2 {
                        "give one letter for every player, in the order of `players`: \
                         `piece man \"R\" \"G\" \"B\"`"
                    } else {
                        "give one letter (upper case for the first player, lower case for the \
                         second) or two"
                    },
                );
                continue;
            }
            let letters = piece_letters(p, np);
            let spans: Vec<Span> = std::iter::once(p.letter_span)
                .chain(p.more_letters.iter().map(|(_, s)| *s))
                .chain(std::iter::repeat(p.letter_span))
                .take(np)
                .collect();
            let shared = (1..np).find(|&i| letters[..i].contains(&letters[i]));
            if let Some(i) = shared.filter(|_| !neutral) {
                self.invalid(
                    spans[i],
                    format!(
                        "piece `{}` has the letter \"{}\" for {} players",
                        p.name.text,
                        letters[i],
                        if np == 2 { "both" } else { "two" }
                    ),
                    if np == 2 {
                        "give the second player's pieces another letter, e.g. its lower case"
                    } else {
                        "give each player's pieces their own letter"
                    },
                );
                continue;
            }
            for (i, &l) in letters.iter().enumerate().take(np) {
                if let Some(&(first, owner)) = seen.get(&l) {
                    let shown = if p.more_letters.is_empty() && i == 1 {
                        format!("\"{}\" (\"{}\")", p.letter, l)
                    } else {
                        format!("\"{l}\"")
                    };
                    self.err(CheckError::Duplicate {
                        message: format!(
                            "pieces `{owner}` and `{}` have the same letter {shown}",
                            p.name.text
                        ),
                        span: spans[i],
                        first,
                        labels: (
                            format!("letter of `{}`", p.name.text),
                            format!("letter of `{owner}`"),
                        ),
                        hint: "give each piece its own letter: it names the piece in \
                               diagrams, positions and moves (upper case for the first \
                               player, lower case for the second, unless the piece names both)"
                            .into(),
                    });
                    break;
                }
            }
            for (i, &l) in letters.iter().enumerate().take(np) {
                seen.entry(l).or_insert((spans[i], p.name.text.as_str()));
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

/// A piece's letter for each of `np` players: as written when the description names them,
/// else (two players) the letter in upper case for the first player and lower case for the
/// second. Slots past the players hold `\0`.
pub(super) fn piece_letters(p: &PieceDecl, np: usize) -> PerPlayer<char> {
    let first = p.letter.chars().next().unwrap_or('?');
    let mut letters = ['\0'; MAX_PLAYERS];
    if p.more_letters.is_empty() {
        letters[0] = first.to_ascii_uppercase();
        letters[1] = first.to_ascii_lowercase();
    } else {
        letters[0] = first;
        for (slot, (text, _)) in letters[1..np].iter_mut().zip(&p.more_letters) {
            *slot = text.chars().next().unwrap_or('?');
        }
    }
    letters
}
