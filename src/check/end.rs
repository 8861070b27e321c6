//! End rules: verdicts, conditions, tiebreaks and the rules about passing.

use super::*;

impl Checker {
    /// Passing and the pass limit only make sense together, and passing when stuck leaves no
    /// room for another `when I have no legal move` line (nor does passing at will, unless a
    /// royal piece in check keeps a player from passing).
    pub(super) fn pass_rules(
        &mut self,
        scope: &Scope,
        rules: &[EndRule],
        may_pass: Option<(Span, u8)>,
        royal: bool,
    ) {
        // The players each line is read for (its `for ...:` was reported by `end_rule`).
        let all = (1u8 << scope.players.len()) - 1;
        let players = |r: &EndRule| match &r.side {
            Some(s) => Checker::default().side(scope, s).unwrap_or(all),
            None => all,
        };
        let passing: Vec<&EndRule> = rules
            .iter()
            .filter(|r| r.result == ResultDecl::Pass)
            .collect();
        let line = passing.first().map(|r| r.span);
        // The players who may pass whenever they like (`[for PLAYER:] players may pass`).
        let at_will = may_pass.map_or(0, |(_, m)| m);
        let passers = passing.iter().fold(at_will, |m, r| m | players(r));
        // `players may pass` makes passing a move as a `pass when ...` line does.
        let pass = line.or(may_pass.map(|(s, _)| s));
        let limit = rules
            .iter()
            .find(|r| matches!(r.cond, EndCondDecl::PassLimit { .. }));
        // `nobody can move` also ends a game where both players are stuck, unless they may
        // pass whenever they like; where only some players pass, a stuck player who does not
        // pass ends the game.
        let stuck_ends = at_will != all
            && (passers != all
                || rules
                    .iter()
                    .any(|r| matches!(r.cond, EndCondDecl::NobodyCanMove { .. })));
        match (pass, limit) {
            (Some(p), None) if !stuck_ends => self.invalid(
                p,
                "players pass but no number of passes ends the game",
                if at_will == all {
                    "add `draw after 2 passes in a row`, or two players passing in turn never end \
                     the game"
                } else {
                    "add `draw after 2 passes in a row` or `draw when nobody can move`, or a game \
                     stuck for both players never ends"
                },
            ),
            (None, Some(l)) => self.err(CheckError::Unreachable {
                span: l.span,
                reason: "no player ever passes".into(),
                hint: "add `pass when I have no legal move`, or remove this line".into(),
            }),
            _ => {}
        }
        for r in rules {
            // With teams a `lose` line puts another player out after each move, whoever's
            // turn it is: it is not read when the player to move is stuck.
            if !matches!(r.cond, EndCondDecl::NoLegalMove { .. })
                || (scope.has_teams && r.result == ResultDecl::Lose)
            {
                continue;
            }
            if royal && players(r) & at_will != 0 {
                // A player in check may not pass: checkmate leaves no legal move.
            } else if players(r) & !at_will == 0 {
                self.err(CheckError::Unreachable {
                    span: r.span,
                    reason: "players may pass, so a player always has a legal move".into(),
                    hint: "remove this line".into(),
                });
            } else if royal && matches!(r.cond, EndCondDecl::NoLegalMove { in_check: true, .. }) {
                // Checkmate ends the game; a player stuck out of check passes (Ludii's rule
                // in its chess games).
            } else if line.is_some() && r.result != ResultDecl::Pass && players(r) & !passers == 0 {
                self.err(CheckError::Unreachable {
                    span: r.span,
                    reason: if passers == all {
                        "a player with no legal move passes instead".into()
                    } else {
                        "the players this line is for pass when they have no legal move".into()
                    },
                    hint: format!(
                        "remove this line: `{}` decides what happens",
                        "pass when I have no legal move"
                    ),
                });
            }
        }
    }

    /// `my pieces connect N sides[, not counting corners]` or `... N corners`, for a board
    /// that has that many.
    fn connects_edges(
        &mut self,
        scope: &Scope,
        count: &Number,
        corners: bool,
        not_counting_corners: bool,
        span: Span,
    ) -> Option<EndCond> {
        let b = &scope.board;
        let what = if corners { "corners" } else { "sides" };
        let have = if corners {
            b.corners().len()
        } else {
            b.sides().len()
        };
        if have == 0 {
            self.invalid(
                span,
                format!("this board has no {what}"),
                "connect regions instead: `my pieces connect my top and my bottom`",
            );
            return None;
        }
        if count.value < 2 || count.value as usize > have {
            self.err(CheckError::OutOfRange {
                what: if corners {
                    "number of corners"
                } else {
                    "number of sides"
                },
                value: count.value.to_string(),
                span: count.span,
                range: format!("from 2 to {have}, as the board has {have} {what}"),
            });
            return None;
        }
        let n = count.value;
        let word = match n {
            2 => "two".to_string(),
            3 => "three".to_string(),
            4 => "four".to_string(),
            5 => "five".to_string(),
            6 => "six".to_string(),
            _ => n.to_string(),
        };
        Some(EndCond::ConnectsEdges {
            count: n as u8,
            what: match (corners, not_counting_corners) {
                (true, _) => Edges::Corners,
                (false, true) => Edges::SidesNotCorners,
                (false, false) => Edges::Sides,
            },
            label: format!(
                "{word} {what}{}",
                if not_counting_corners {
                    ", not counting corners"
                } else {
                    ""
                }
            ),
        })
    }

    /// Seeds and stores are words of sowing games only (`board pits`).
    fn sowing_only(&mut self, scope: &Scope, span: Span) -> Option<()> {
        if matches!(scope.board.shape, crate::geometry::Shape::Pits { .. }) {
            return Some(());
        }
        self.invalid(
            span,
            "seeds and stores belong to games of pits",
            "write the board as `board pits 6 x 2` with a `sowing` block, or count pieces",
        );
        None
    }

    /// A komi (`with komi 7.5 for white`) in half points and its player; none: 0 for the
    /// second player.
    fn komi(
        &mut self,
        scope: &Scope,
        komi: Option<&(String, Name, Span)>,
    ) -> Option<(u32, PlayerId)> {
        let Some((text, player, span)) = komi else {
            return Some((0, 1));
        };
        let to = self.player(scope, player)?;
        let Some(half) = half_points(text).filter(|&h| h <= 2 * 1000) else {
            self.err(CheckError::OutOfRange {
                what: "komi",
                value: text.clone(),
                span: *span,
                range: "whole or half points from 0 to 1000, such as 7.5".into(),
            });
            return None;
        };
        Some((half, to))
    }

    /// What a `decided by more ...` clause compares.
    pub(super) fn tiebreak(
        &mut self,
        scope: &Scope,
        decls: &[TiebreakDecl],
    ) -> Option<Vec<Tiebreak>> {
        let mut tb = Vec::new();
        for t in decls {
            tb.push(match t {
                TiebreakDecl::Pieces(None) => Tiebreak::Pieces(None),
                TiebreakDecl::Seeds(span) => {
                    self.sowing_only(scope, *span)?;
                    Tiebreak::Seeds
                }
                TiebreakDecl::Pieces(Some(n)) => Tiebreak::Pieces(Some(self.kind(scope, n)?)),
                TiebreakDecl::Area { komi, .. } => {
                    let (komi, to) = self.komi(scope, komi.as_ref())?;
                    Tiebreak::Area { komi, to }
                }
                TiebreakDecl::Worth { komi, .. } => {
                    let (komi, to) = self.komi(scope, komi.as_ref())?;
                    Tiebreak::Worth { komi, to }
                }
            });
        }
        Some(tb)
    }

    /// The rules of every `end` block (a repeated block was reported; its rules are still
    /// read), and what they say about passing.
    pub(super) fn end_rules(
        &mut self,
        scope: &Scope,
        d: &Description,
        may_pass: Option<(Span, u8)>,
    ) -> (Vec<EndModel>, Option<u32>) {
        let mut end = Vec::new();
        let mut no_repeat = None;
        let royal = d
            .items
            .iter()
            .any(|i| matches!(i, Item::Piece(p) if p.royal));
        let parting = d.items.iter().any(|i| matches!(i, Item::Face(_, true, _)));
        for item in &d.items {
            if let Item::End(rules, _) = item {
                no_repeat = self.no_repeat(rules, no_repeat);
                for r in rules.iter().filter(|r| r.result != ResultDecl::Forbid) {
                    if !parting && matches!(r.cond, EndCondDecl::PassLimit { facing: true, .. }) {
                        self.invalid(
                            r.span,
                            "royal pieces face each other only along the lines of a `must part` rule, and this game has none",
                            "add `royal pieces that face each other along north, south must part`",
                        );
                    }
                    if let Some(m) = self.end_rule(scope, r) {
                        end.push(m);
                    }
                }
                self.pass_rules(scope, rules, may_pass, royal);
            }
        }
        (end, no_repeat)
    }

    /// One end rule: its verdict, its condition and the players it is read for.
    pub(super) fn end_rule(&mut self, scope: &Scope, r: &EndRule) -> Option<EndModel> {
        let verdict = match r.result {
            ResultDecl::Win => Verdict::Win,
            ResultDecl::Lose => Verdict::Lose,
            ResultDecl::Draw => Verdict::Draw,
            ResultDecl::Pass => Verdict::Pass,
            // Read by `Checker::no_repeat`, never an end rule.
            ResultDecl::Forbid => return None,
        };
        if verdict == Verdict::Pass
            && !matches!(
                r.cond,
                EndCondDecl::NoLegalMove {
                    in_check: false,
                    ..
                }
            )
        {
            self.invalid(
                r.span,
                "a player can only pass when they have no legal move",
                "write `pass when I have no legal move`",
            );
            return None;
        }
        if let EndCondDecl::Counting(d) = &r.cond {
            let cond = self.counting_line(scope, r, d, verdict)?;
            return Some(EndModel {
                verdict,
                cond,
                side: 0,
                text: String::new(),
                span: r.span,
            });
        }
        let cond = self.end_cond(scope, &r.cond, r.span)?;
        let side = match &r.side {
            Some(s) => self.side(scope, s)?,
            None => 0,
        };
        Some(EndModel {
            verdict,
            cond,
            side,
            text: String::new(),
            span: r.span,
        })
    }

    /// The condition of an end rule written at `span`.
    fn end_cond(&mut self, scope: &Scope, cond: &EndCondDecl, span: Span) -> Option<EndCond> {
        Some(match cond {
            EndCondDecl::NoLegalMove { in_check, tiebreak } => EndCond::NoLegalMove {
                in_check: *in_check,
                tiebreak: self.tiebreak(scope, tiebreak)?,
            },
            EndCondDecl::PitsEmpty { tiebreak } => {
                self.sowing_only(scope, span)?;
                EndCond::PitsEmpty {
                    tiebreak: self.tiebreak(scope, tiebreak)?,
                }
            }
            EndCondDecl::StoreHolds(n) => {
                self.sowing_only(scope, span)?;
                EndCond::StoreHolds(n.value)
            }
            EndCondDecl::StoresHold(n) => {
                self.sowing_only(scope, span)?;
                EndCond::StoresHold(n.value)
            }
            EndCondDecl::NoPieces(None) => EndCond::NoPieces(None),
            EndCondDecl::FewerThan(n, kind) => {
                let kind = match kind {
                    Some(k) => Some(self.kind(scope, k)?),
                    None => None,
                };
                let n = self.at_least_one(
                    n,
                    "piece count",
                    "at least 1 (`fewer than 1 piece` is `no pieces`)",
                )?;
                EndCond::FewerThan(n, kind)
            }
            EndCondDecl::NoPieces(Some(n)) => EndCond::NoPieces(Some(self.kind(scope, n)?)),
            EndCondDecl::Monopoly(n, k) => {
                let kind = self.kind(scope, k);
                let n = self.at_least_one(n, "piece count", "at least 1")?;
                EndCond::Monopoly(n, kind?)
            }
            EndCondDecl::OpponentHasNo(n) => EndCond::OpponentHasNo(match n {
                Some(n) => Some(self.kind(scope, n)?),
                None => None,
            }),
            EndCondDecl::Bare(piece) => EndCond::Bare(self.kind(scope, piece)?),
            EndCondDecl::OpponentHasOnly(piece) => {
                EndCond::OpponentHasOnly(self.kind(scope, piece)?)
            }
            EndCondDecl::ChecksGiven(n) => self.checks_given(scope, n)?,
            EndCondDecl::Reaches {
                piece,
                region,
                reply,
            } => {
                let kind = self.kind(scope, piece);
                let region = self.player_regions(scope, region);
                EndCond::Reaches {
                    kind: kind?,
                    region: region?,
                    reply: *reply,
                }
            }
            EndCondDecl::Repetition(n, tiebreak) => {
                EndCond::Repetition(*n, self.tiebreak(scope, tiebreak)?)
            }
            EndCondDecl::PerpetualCheck => EndCond::PerpetualCheck,
            EndCondDecl::PerpetualChase(d) => EndCond::PerpetualChase(self.chase(scope, d)?),
            EndCondDecl::PassLimit {
                passes: n,
                facing,
                tiebreak,
            } => EndCond::PassLimit {
                passes: self.at_least_one(n, "pass count", "at least 1 pass")?,
                facing: *facing,
                tiebreak: self.tiebreak(scope, tiebreak)?,
            },
            EndCondDecl::InARow {
                both,
                exactly,
                length,
                dirs,
            } => self.in_a_row(scope, *both, *exactly, length, dirs.as_deref())?,
            EndCondDecl::Connected => EndCond::Connected,
            EndCondDecl::ConnectsEdges {
                count,
                corners,
                not_counting_corners,
                span,
            } => self.connects_edges(scope, count, *corners, *not_counting_corners, *span)?,
            EndCondDecl::Ring(span) => self.ring(scope, *span)?,
            EndCondDecl::AllOn(region) => EndCond::AllOn(self.player_regions(scope, region)?),
            EndCondDecl::Connects(a, b) => {
                let sa = self.player_regions(scope, a);
                let sb = self.player_regions(scope, b);
                EndCond::Connects {
                    a: Box::new(sa?),
                    b: Box::new(sb?),
                    label: format!("{} and {}", region_text(a), region_text(b)),
                    linked: false,
                }
            }
            EndCondDecl::BoardFull { tiebreak } => EndCond::BoardFull {
                tiebreak: self.tiebreak(scope, tiebreak)?,
            },
            EndCondDecl::NobodyCanMove { tiebreak } => EndCond::NobodyCanMove {
                tiebreak: self.tiebreak(scope, tiebreak)?,
            },
            // Read by `Checker::counting_line`.
            EndCondDecl::Counting(_) => return None,
            EndCondDecl::NobodyHas(None) => EndCond::NobodyHas(None),
            EndCondDecl::NobodyHas(Some(n)) => EndCond::NobodyHas(Some(self.kind(scope, n)?)),
            EndCondDecl::PlyLimit {
                plies,
                no_progress,
                material,
                tiebreak,
            } => {
                let plies = self.at_least_one(plies, "ply limit", "at least 1 ply")?;
                let np = match no_progress {
                    None => None,
                    Some(None) => Some(None),
                    Some(Some(n)) => Some(Some(self.kind(scope, n)?)),
                };
                let material = match material {
                    Some(sides) => Some(Box::new(self.material(scope, sides)?)),
                    None => None,
                };
                EndCond::PlyLimit {
                    plies,
                    no_progress: np,
                    material,
                    tiebreak: self.tiebreak(scope, tiebreak)?,
                }
            }
        })
    }

    /// `when the pieces are ... against ...`: each side's count of every kind (the kinds it
    /// does not name: none); each count 1 or more, each kind named once a side, and a side
    /// for each of two players.
    fn material(
        &mut self,
        scope: &Scope,
        sides: &[Vec<(Number, Name)>; 2],
    ) -> Option<[Vec<u16>; 2]> {
        if scope.players.len() != 2 {
            let span = sides[0].first().map(|(n, _)| n.span)?;
            self.invalid(
                span,
                "`when the pieces are ... against ...` is for games of two players",
                "name the pieces of each of the two sides",
            );
            return None;
        }
        let mut out = [vec![0u16; scope.kinds.len()], vec![0u16; scope.kinds.len()]];
        let mut ok = true;
        for (side, items) in sides.iter().enumerate() {
            for (n, piece) in items {
                let Some(k) = self.kind(scope, piece) else {
                    ok = false;
                    continue;
                };
                if n.value == 0 || n.value > u32::from(u16::MAX) {
                    self.invalid(
                        n.span,
                        format!("{} pieces of a kind on one side", n.value),
                        "write a count of 1 or more; leave out a kind the side has none of",
                    );
                    ok = false;
                } else if out[side][k] != 0 {
                    self.invalid(
                        piece.span,
                        format!("`{}` named twice for one side", piece.text),
                        "name each kind once a side, with its count",
                    );
                    ok = false;
                } else {
                    out[side][k] = n.value as u16;
                }
            }
        }
        ok.then_some(out)
    }

    /// A count that must be at least 1 (`what` and `range` name it in the message).
    pub(super) fn at_least_one(
        &mut self,
        n: &Number,
        what: &'static str,
        range: &str,
    ) -> Option<u32> {
        if n.value == 0 {
            self.err(CheckError::OutOfRange {
                what,
                value: "0".into(),
                span: n.span,
                range: range.into(),
            });
            return None;
        }
        Some(n.value)
    }

    /// `N checks given`: 1 to 100 checks, in a game with a royal piece.
    fn checks_given(&mut self, scope: &Scope, n: &Number) -> Option<EndCond> {
        if !scope.kinds.values().any(|k| k.royal) {
            self.invalid(
                n.span,
                "only a royal piece can be in check, and this game has none",
                "mark the piece that is checked `royal` (`piece king \"K\" royal`)",
            );
            return None;
        }
        if !(1..=100).contains(&n.value) {
            self.err(CheckError::OutOfRange {
                what: "number of checks",
                value: n.value.to_string(),
                span: n.span,
                range: "1 to 100".into(),
            });
            return None;
        }
        Some(EndCond::ChecksGiven(n.value as u8))
    }

    /// `[both] [exactly] N in a row [along DIRS]`: the line's axes, one direction of each
    /// opposite pair.
    fn in_a_row(
        &mut self,
        scope: &Scope,
        both: bool,
        exactly: bool,
        length: &Number,
        dirs: Option<&[Name]>,
    ) -> Option<EndCond> {
        if length.value == 0 || length.value > 255 {
            self.err(CheckError::OutOfRange {
                what: "line length",
                value: length.value.to_string(),
                span: length.span,
                range: "1 to 255 pieces".into(),
            });
            return None;
        }
        let b = &scope.board;
        let ds = match dirs {
            Some(ds) => self.dirs(scope, ds, 0, true)?,
            None => (0..b.dirs.len() as u8).collect(),
        };
        // A line runs both ways: keep one direction of each opposite pair.
        let mut axes: Vec<u8> = Vec::new();
        for d in ds {
            let a = d.min(b.opposite[d as usize]);
            if !axes.contains(&a) {
                axes.push(a);
            }
        }
        Some(EndCond::InARow {
            both,
            length: length.value as u8,
            exactly,
            axes,
            along: dirs.map_or(String::new(), |ds| {
                ds.iter()
                    .map(|d| d.text.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            }),
        })
    }

    /// `a ring`: a chain of hexagons, so on boards of hexagons only.
    fn ring(&mut self, scope: &Scope, span: Span) -> Option<EndCond> {
        if scope.board.hex_slant().is_none() {
            self.invalid(
                span,
                "a ring is a chain of hexagons, and this board's cells are not hexagons",
                "write the board as `board hex 8` or `board triangle 7`",
            );
            return None;
        }
        Some(EndCond::Ring {
            rim: scope.board.rim(),
        })
    }
}

/// A komi in half points (`7.5` is 15), if it is a whole or half number.
fn half_points(text: &str) -> Option<u32> {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    let half = match frac.trim_end_matches('0') {
        "" => 0,
        "5" => 1,
        _ => return None,
    };
    whole.parse::<u32>().ok()?.checked_mul(2)?.checked_add(half)
}
