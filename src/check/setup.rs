//! Setup: placements and diagrams, pieces set up twice, pieces never in play.

use super::*;

impl Checker {
    /// Puts a piece on a cell at the start; when the cell is taken already, returns where it
    /// was first set up.
    pub(super) fn place(
        &mut self,
        setup: &mut Vec<(Cell, PlayerId, KindId)>,
        cell: Cell,
        (p, k): (PlayerId, KindId),
        span: Span,
    ) -> Result<(), Span> {
        if let Some(&first) = self.placed_at.get(&cell) {
            return Err(first);
        }
        self.placed_at.insert(cell, span);
        setup.push((cell, p, k));
        Ok(())
    }

    /// Reports cells of one placement that were set up already.
    pub(super) fn set_up_twice(&mut self, scope: &Scope, cells: &[Cell], span: Span, first: Span) {
        let names: Vec<String> = cells
            .iter()
            .map(|&c| format!("`{}`", scope.board.names[c as usize]))
            .collect();
        const SHOWN: usize = 4;
        let message = match names.len() {
            1 => format!("cell {} is set up twice", names[0]),
            n if n <= SHOWN => format!("cells {} are set up twice", names.join(", ")),
            n => format!(
                "{n} cells are set up twice: {} and {} more",
                names[..SHOWN].join(", "),
                n - SHOWN
            ),
        };
        self.err(CheckError::Duplicate {
            message,
            span,
            first,
            labels: ("set up again here".into(), "first set up here".into()),
            hint: "each cell holds at most one piece at the start; regions in a placement \
                   add up, so `dark rank 1` is every dark cell and all of rank 1"
                .into(),
        });
    }

    /// Placements; `PLAYER has N PIECES on REGION` ones also give each cell's stack height
    /// (with the count's span, for races whose pieces cannot share a cell).
    pub(super) fn placements(
        &mut self,
        scope: &Scope,
        pl: &[Placement],
        setup: &mut Vec<(Cell, PlayerId, KindId)>,
        heights: &mut Vec<(Cell, u16, Span)>,
    ) {
        for p in pl {
            if let Some(n) = &p.count {
                if n.value == 0 || n.value > MAX_IN_HAND {
                    self.err(CheckError::OutOfRange {
                        what: "number of pieces on a cell",
                        value: n.value.to_string(),
                        span: n.span,
                        range: format!("from 1 to {MAX_IN_HAND}"),
                    });
                    continue;
                }
            }
            let player = self.player(scope, &p.player);
            let kind = self.kind(scope, &p.piece);
            let (Some(player), Some(kind)) = (player, kind) else {
                self.uncertain_placements = true;
                continue;
            };
            let Some(cells) = self.region(scope, &p.region, Some(player)) else {
                self.uncertain_placements = true;
                continue;
            };
            let mut taken = Vec::new();
            let mut first = None;
            for c in cells.iter() {
                if let Err(f) = self.place(setup, c, (player, kind), p.region.span) {
                    taken.push(c);
                    first.get_or_insert(f);
                } else if let Some(n) = p.count.as_ref().filter(|n| n.value > 1) {
                    heights.push((c, n.value as u16, n.span));
                }
            }
            if let Some(first) = first {
                self.set_up_twice(scope, &taken, p.region.span, first);
            }
        }
    }

    /// `PLAYER has N PIECES in hand` lines: each player and kind at most once, N from 1 to
    /// [`MAX_IN_HAND`].
    pub(super) fn hands(
        &mut self,
        scope: &Scope,
        lines: &[InHand],
        hands: &mut Vec<(PlayerId, KindId, u32)>,
    ) {
        let mut seen: Vec<(PlayerId, KindId, Span)> = Vec::new();
        for h in lines {
            let player = self.player(scope, &h.player);
            let kind = self.kind(scope, &h.piece);
            let (Some(player), Some(kind)) = (player, kind) else {
                self.uncertain_placements = true;
                continue;
            };
            if h.count.value == 0 || h.count.value > MAX_IN_HAND {
                self.err(CheckError::OutOfRange {
                    what: "number of pieces in hand",
                    value: h.count.value.to_string(),
                    span: h.count.span,
                    range: format!("from 1 to {MAX_IN_HAND}"),
                });
                continue;
            }
            if let Some(&(_, _, first)) = seen.iter().find(|&&(p, k, _)| p == player && k == kind) {
                self.repeated(
                    format!("{} is given {} in hand twice", h.player.text, h.piece.text),
                    h.span,
                    first,
                    "give each player's pieces of a kind in one line",
                );
                continue;
            }
            seen.push((player, kind, h.span));
            hands.push((player, kind, h.count.value));
        }
    }

    pub(super) fn diagram(
        &mut self,
        scope: &Scope,
        dg: &Diagram,
        setup: &mut Vec<(Cell, PlayerId, KindId)>,
    ) {
        let mut legend: IndexMap<char, (PlayerId, KindId)> = IndexMap::new();
        for e in &dg.legend {
            let p = self.player(scope, &e.player);
            let k = self.kind(scope, &e.piece);
            if let (Some(p), Some(k)) = (p, k) {
                legend.insert(e.symbol, (p, k));
            } else {
                self.uncertain_placements = true;
            }
        }
        let mut seen_rows: IndexMap<i32, Span> = IndexMap::new();
        for (i, row) in dg.rows.iter().enumerate() {
            let last = i + 1 == dg.rows.len();
            let y = match self.diagram_rank(scope, &row.rank, last) {
                Ok(y) => y,
                // The line of file letters under the diagram.
                Err(true) => continue,
                Err(false) => {
                    self.uncertain_placements = true;
                    continue;
                }
            };
            if let Some(&first) = seen_rows.get(&y) {
                self.repeated(
                    format!("the diagram has two rows for rank {}", row.rank.text),
                    row.rank.span,
                    first,
                    "give each rank one row",
                );
                continue;
            }
            seen_rows.insert(y, row.rank.span);
            let b = &scope.board;
            // A square board with holes draws its rows whole, `*` for a hole.
            let whole_rows = b.has_holes();
            let cells: Vec<Cell> = if whole_rows {
                (0..b.cols as i32).map(|x| b.at(x, y)).collect()
            } else {
                (0..b.len() as Cell)
                    .filter(|&c| b.coords[c as usize].1 == y)
                    .collect()
            };
            if cells.len() != row.cells.len() {
                self.uncertain_placements = true;
                let given = match (row.cells.first(), row.cells.last()) {
                    (Some(a), Some(z)) => Span::new(a.1.start, z.1.end),
                    _ => row.rank.span,
                };
                let plural = |n: usize| if n == 1 { "" } else { "s" };
                self.invalid_labelled(
                    given,
                    format!(
                        "the diagram row for rank {} has {} cell{}, the rank has {}",
                        row.rank.text,
                        row.cells.len(),
                        plural(row.cells.len()),
                        cells.len()
                    ),
                    format!("{} cell{}", row.cells.len(), plural(row.cells.len())),
                    format!(
                        "give one letter or `.` for each of the {} cells of rank {}",
                        cells.len(),
                        row.rank.text
                    ),
                );
                continue;
            }
            for (&cell, &(sym, span)) in cells.iter().zip(&row.cells) {
                if (cell == NONE) != (sym == '*') {
                    self.uncertain_placements = true;
                    self.invalid(
                        span,
                        if cell == NONE {
                            "a hole of the board is drawn `*`"
                        } else {
                            "`*` marks a hole, but this cell is on the board"
                        },
                        if cell == NONE {
                            "write `*` for each cell the board is without"
                        } else {
                            "write `.` for an empty cell"
                        },
                    );
                    continue;
                }
                if sym == '.' || sym == '*' {
                    continue;
                }
                let found = legend.get(&sym).copied().or_else(|| {
                    scope.kinds.values().enumerate().find_map(|(k, p)| {
                        let np = scope.players.len();
                        let owner = piece_letters(p, np)[..np].iter().position(|&l| l == sym)?;
                        Some((owner, k))
                    })
                });
                match found {
                    Some(pk) => {
                        if let Err(first) = self.place(setup, cell, pk, span) {
                            self.set_up_twice(scope, &[cell], span, first);
                        }
                    }
                    None => {
                        self.uncertain_placements = true;
                        let known: Vec<String> = legend
                            .keys()
                            .map(|c| c.to_string())
                            .chain(scope.kinds.values().flat_map(|p| {
                                let np = scope.players.len();
                                piece_letters(p, np)[..np]
                                    .iter()
                                    .map(|l| l.to_string())
                                    .collect::<Vec<_>>()
                            }))
                            .collect();
                        self.unknown(
                            "diagram letter",
                            &Name {
                                text: sym.to_string(),
                                span,
                            },
                            &known,
                        );
                    }
                }
            }
        }
    }

    /// The grid row a diagram row's label names; `Err(true)` for the line of file letters
    /// under a diagram whose ranks are numbered, `Err(false)` after reporting a bad label.
    fn diagram_rank(&mut self, scope: &Scope, label: &Name, last: bool) -> Result<i32, bool> {
        let b = &scope.board;
        let numeral = label.text.bytes().all(|c| c.is_ascii_digit());
        if !b.naming.ranks_lettered {
            if !numeral {
                if last {
                    return Err(true);
                }
                self.invalid(
                    label.span,
                    format!("`{}` is not a rank number", label.text),
                    "start each row of the diagram with its rank's number (`8 r n b q k b n r`)",
                );
                return Err(false);
            }
            let n = Number {
                value: label.text.parse().unwrap_or(u32::MAX),
                span: label.span,
            };
            return self.rank_number(scope, &n).ok_or(false);
        }
        match b.rank_of_label(&label.text) {
            Some(y) if !numeral => Ok(y as i32),
            _ => {
                self.err(CheckError::OutOfRange {
                    what: "rank",
                    value: format!("`{}`", label.text),
                    span: label.span,
                    range: format!(
                        "a rank letter from {} to {}",
                        b.rank_label(b.rows - 1),
                        b.rank_label(0)
                    ),
                });
                Err(false)
            }
        }
    }

    pub(super) fn unplaced_pieces(
        &mut self,
        scope: &Scope,
        kinds: &[KindModel],
        setup: &[(Cell, PlayerId, KindId)],
        hands: &[(PlayerId, KindId, u32)],
        relocated: Option<KindId>,
    ) {
        for (k, decl) in scope.kinds.values().enumerate() {
            // The relocated piece enters with the first move.
            let placed = relocated == Some(k)
                || setup.iter().any(|&(_, _, kk)| kk == k)
                || hands.iter().any(|&(_, kk, _)| kk == k);
            let promoted = kinds
                .iter()
                .any(|m| m.promotion.as_ref().is_some_and(|p| p.reaches(k)))
                || kinds.iter().any(|m| {
                    m.rules
                        .iter()
                        .flatten()
                        .any(|r| matches!(r, RuleModel::PromoteMove { to, .. } if to.contains(&k)))
                });
            if !placed && !promoted && !enters(decl) && !shot(scope, &decl.name.text) {
                self.err(CheckError::NeverPlaced {
                    name: decl.name.text.clone(),
                    span: decl.name.span,
                });
            }
        }
    }
}

/// The most pieces of one kind a player may start with in hand.
pub(super) const MAX_IN_HAND: u32 = 255;

/// How the game starts: the pieces set up on the board, the stacks' heights, the pieces in
/// hand, and where the setup was written (`None` without one).
pub(super) struct Start {
    pub(super) setup: Vec<(Cell, PlayerId, KindId)>,
    pub(super) heights: Vec<(Cell, u16, Span)>,
    pub(super) hands: Vec<(PlayerId, KindId, u32)>,
    pub(super) span: Option<Span>,
}

impl Checker {
    /// The `setup` block and the `setup diagram`, which may be combined (a cell set up by
    /// both is an error), and a missing setup where the game needs one.
    pub(super) fn start(&mut self, scope: &Scope, d: &Description) -> Start {
        let mut start = Start {
            setup: Vec::new(),
            heights: Vec::new(),
            hands: Vec::new(),
            span: None,
        };
        let (mut placement_span, mut diagram_span) = (None, None);
        for item in &d.items {
            match item {
                Item::Setup(pl, inh, s) => {
                    self.once(&mut placement_span, *s, "setup", SETUP_ONCE);
                    self.placements(scope, pl, &mut start.setup, &mut start.heights);
                    self.hands(scope, inh, &mut start.hands);
                }
                Item::Diagram(dg) => {
                    self.once(&mut diagram_span, dg.span, "setup", SETUP_ONCE);
                    self.diagram(scope, dg, &mut start.setup);
                }
                _ => {}
            }
        }
        start.span = placement_span.or(diagram_span);
        // A game whose pieces enter the board may start with an empty one; a game of pits
        // starts with its seeds, a board of dots with no line drawn.
        let pits = matches!(
            scope.board.shape,
            crate::geometry::Shape::Pits { .. } | crate::geometry::Shape::Dots { .. }
        );
        if start.span.is_none() && !pits && !scope.kinds.values().any(|k| enters(k)) {
            self.err(CheckError::Missing {
                what: "setup",
                span: d.title_span,
                hint: "setup { white pawn on rank 2 }",
            });
        }
        start
    }
}
