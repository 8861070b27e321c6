//! `dice ...` and `race { ... }`: the throw of a turn and the tracks pieces run along.

use super::*;
use crate::model::{Dice, Outcome, PerPlayer, Race, MAX_OUTCOMES, MAX_PLAYERS};

/// The most dice a throw may have.
const MAX_DICE: u32 = 4;

impl Checker {
    /// The dice, if the game declares them: every distinct outcome of one throw with its
    /// weight.
    pub(super) fn dice(&mut self, d: &Description) -> Option<Dice> {
        let mut decls = d.items.iter().filter_map(|i| match i {
            Item::Dice(x) => Some(x),
            _ => None,
        });
        let decl = decls.next()?;
        if let Some(again) = decls.next() {
            self.repeated(
                "the game has more than one `dice` line".to_string(),
                again.span,
                decl.span,
                "keep one `dice` line",
            );
        }
        let n = decl.count.value;
        if !(1..=MAX_DICE).contains(&n) {
            self.err(CheckError::OutOfRange {
                what: "number of dice",
                value: n.to_string(),
                span: decl.count.span,
                range: format!("1 to {MAX_DICE}"),
            });
            return None;
        }
        // Each die's faces, as the values they show.
        let faces: Vec<u8> = match decl.kind.text.as_str() {
            "binary" => vec![0, 1],
            k => match k.strip_prefix('d').and_then(|f| f.parse::<u8>().ok()) {
                Some(f @ 2..=20) => (1..=f).collect(),
                _ => {
                    self.invalid(
                        decl.kind.span,
                        format!("`{k}` is not a kind of die"),
                        "write `d6` (faces 1 to 6; any of d2 to d20) or `binary` (each die \
                         shows 0 or 1, as stick dice and Ur's marked pyramids)",
                    );
                    return None;
                }
            },
        };
        // Every equally likely throw, then merged into distinct outcomes.
        let mut throws: Vec<Vec<u8>> = vec![vec![]];
        for _ in 0..n {
            throws = throws
                .into_iter()
                .flat_map(|t| {
                    faces.iter().map(move |&f| {
                        let mut t = t.clone();
                        t.push(f);
                        t
                    })
                })
                .collect();
        }
        let ways = throws.len() as u32;
        let mut outcomes: Vec<Outcome> = Vec::new();
        for t in throws {
            let mut values = if decl.summed {
                vec![t.iter().sum::<u8>()]
            } else {
                t
            };
            for v in &mut values {
                if let Some((_, b)) = decl
                    .counts_as
                    .iter()
                    .find(|(a, _)| a.value == u32::from(*v))
                {
                    *v = b.value.min(255) as u8;
                }
            }
            match outcomes.iter_mut().find(|o| o.values == values) {
                Some(o) => o.weight += 1,
                None => outcomes.push(Outcome { values, weight: 1 }),
            }
        }
        outcomes.sort_by(|a, b| a.values.cmp(&b.values));
        let highest = if decl.summed {
            n * u32::from(*faces.last().unwrap_or(&0))
        } else {
            u32::from(*faces.last().unwrap_or(&0))
        };
        let lowest = if decl.summed {
            n * u32::from(faces[0])
        } else {
            u32::from(faces[0])
        };
        for (a, b) in &decl.counts_as {
            if !(lowest..=highest).contains(&a.value) {
                self.err(CheckError::OutOfRange {
                    what: "value thrown",
                    value: a.value.to_string(),
                    span: a.span,
                    range: format!("{lowest} to {highest} with these dice"),
                });
            }
            if b.value > 99 {
                self.err(CheckError::OutOfRange {
                    what: "value played",
                    value: b.value.to_string(),
                    span: b.span,
                    range: "0 to 99".into(),
                });
            }
        }
        if outcomes.len() > MAX_OUTCOMES {
            self.invalid(
                decl.span,
                format!(
                    "a throw of these dice has {} distinct outcomes, more than the {MAX_OUTCOMES} \
                     a position can tell apart",
                    outcomes.len()
                ),
                "throw fewer dice, or add `, summed` to play their total",
            );
            return None;
        }
        let mut text = format!("dice {n} {}", decl.kind.text);
        if decl.summed {
            text.push_str(", summed");
        }
        for (a, b) in &decl.counts_as {
            text.push_str(&format!(", {} counts as {}", a.value, b.value));
        }
        Some(Dice {
            text,
            outcomes,
            ways,
        })
    }

    /// The race rules, if the game has a `race` block: one track per player, the cells that
    /// give another throw and the cells where pieces are safe.
    pub(super) fn race(
        &mut self,
        scope: &Scope,
        d: &Description,
        dice: Option<&Dice>,
    ) -> Option<Race> {
        let (lines, span) = self.race_block(d, dice)?;
        // Dice read one by one: a turn plays them one by one.
        let each_die = dice.is_some_and(|dc| dc.outcomes.iter().any(|o| o.values.len() > 1));
        let mut race = Race::default();
        let mut tracks: PerPlayer<Option<Span>> = [None; MAX_PLAYERS];
        let mut seen: Vec<(std::mem::Discriminant<RaceLineKind>, Span)> = Vec::new();
        for line in lines {
            match &line.kind {
                RaceLineKind::Track { player, cells, off } => {
                    let Some(p) = self.player(scope, player) else {
                        continue;
                    };
                    if let Some(first) = tracks[p] {
                        self.repeated(
                            format!("{}'s track is given twice", player.text),
                            line.span,
                            first,
                            "keep one track for each player",
                        );
                        continue;
                    }
                    tracks[p] = Some(line.span);
                    race.tracks[p] = self.track(scope, cells);
                    race.off[p] = *off;
                }
                RaceLineKind::ThrowAgain(n) => race.again_on |= 1 << self.race_value(n),
                kind => {
                    let key = std::mem::discriminant(kind);
                    if let Some(&(_, first)) = seen.iter().find(|(k, _)| *k == key) {
                        self.repeated(
                            "this race rule is given twice".to_string(),
                            line.span,
                            first,
                            "keep one of them",
                        );
                        continue;
                    }
                    seen.push((key, line.span));
                    self.race_line(scope, kind, &mut race);
                }
            }
        }
        self.dice_lines(lines, &race, each_die, dice);
        self.whole_throw_lines(lines, &race);
        let lane = crate::model::MAX_LANE;
        if each_die && race.tracks.iter().any(|t| t.len() > lane) {
            self.invalid(
                span,
                format!("a track longer than {lane} cells is not in the language yet with dice played one by one"),
                format!("keep each track to {lane} cells, or sum the dice"),
            );
        }
        race.each_die = each_die;
        for (p, t) in tracks.iter().enumerate() {
            if t.is_none() && p < scope.player_names.len() {
                self.invalid(
                    span,
                    format!("{} has no track", scope.player_names[p]),
                    format!(
                        "add `{} runs CELL CELL ..., then off`",
                        scope.player_names[p]
                    ),
                );
            }
        }
        Some(race)
    }

    /// The one `race` block and where it is written: dice need one, it needs dice, and in a
    /// race pieces have no rules of their own nor seeds to sow.
    fn race_block<'d>(
        &mut self,
        d: &'d Description,
        dice: Option<&Dice>,
    ) -> Option<(&'d [RaceLine], Span)> {
        let mut blocks = d.items.iter().filter_map(|i| match i {
            Item::Race(lines, span) => Some((lines, *span)),
            _ => None,
        });
        let Some((lines, span)) = blocks.next() else {
            if let Some(Item::Dice(decl)) = d.items.iter().find(|i| matches!(i, Item::Dice(_))) {
                self.invalid(
                    decl.span,
                    "nothing in the game uses the dice",
                    "add a `race { ... }` block: the throw moves pieces along their tracks",
                );
            }
            return None;
        };
        if let Some((_, again)) = blocks.next() {
            self.repeated(
                "the game has more than one `race` block".to_string(),
                again,
                span,
                "keep one `race` block and put every race rule in it",
            );
        }
        if dice.is_none() && !d.items.iter().any(|i| matches!(i, Item::Dice(_))) {
            self.err(CheckError::Missing {
                what: "dice",
                span,
                hint: "dice 4 binary, summed",
            });
        }
        if d.items.iter().any(|i| matches!(i, Item::Sowing(..))) {
            self.invalid(
                span,
                "a game is either a race or a game of seeds",
                "keep the `race` block or the `sowing` block",
            );
        }
        for item in &d.items {
            if let Item::Piece(p) = item {
                if !p.rules.is_empty() {
                    self.invalid(
                        p.name.span,
                        "in a race, pieces move by the race, not by rules of their own",
                        "remove the piece's rules: the throw moves it along its owner's track",
                    );
                }
            }
        }
        Some((lines, span))
    }

    /// A player's track: its cells in order, each on the board and on the track once.
    fn track(&mut self, scope: &Scope, cells: &[Name]) -> Vec<Cell> {
        let mut track = Vec::new();
        for n in cells {
            let Some(c) = scope.board.cell(&n.text) else {
                self.off_board(&scope.board, n);
                continue;
            };
            if track.contains(&c) {
                self.invalid(
                    n.span,
                    format!("`{}` is on the track twice", n.text),
                    "a track passes each cell once",
                );
            }
            track.push(c);
        }
        track
    }

    /// A race line that may appear once (tracks and extra throws are read by
    /// [`Self::race`]).
    fn race_line(&mut self, scope: &Scope, kind: &RaceLineKind, race: &mut Race) {
        match kind {
            RaceLineKind::Hit => race.hit = true,
            RaceLineKind::Again(r) => race.again = self.race_region(scope, r),
            RaceLineKind::Safe(r) => race.safe = self.race_region(scope, r),
            RaceLineKind::Enter(n) => race.enter_with = Some(self.race_value(n)),
            RaceLineKind::ThrowAgain(n) => race.again_on |= 1 << self.race_value(n),
            RaceLineKind::ClearStart => race.clear_start = true,
            RaceLineKind::MustEnter => race.must_enter = true,
            RaceLineKind::Stack => race.stack = true,
            RaceLineKind::Close(n) => {
                if !(2..=u32::from(u8::MAX)).contains(&n.value) {
                    self.err(CheckError::OutOfRange {
                        what: "number of pieces that close a cell",
                        value: n.value.to_string(),
                        span: n.span,
                        range: "2 to 255 (one enemy piece is hit, or blocks \
                                where no line says pieces are hit)"
                            .into(),
                    });
                }
                race.close = n.value.clamp(2, 255) as u8;
            }
            RaceLineKind::HandFirst => race.hand_first = true,
            RaceLineKind::Home(r) => race.home = self.home_region(scope, r),
            RaceLineKind::Higher => race.higher = true,
            RaceLineKind::Double => race.double = true,
            RaceLineKind::Most => race.most = true,
            RaceLineKind::Opening => race.opening = true,
            RaceLineKind::Swap => {
                race.hit = true;
                race.swap = true;
            }
            RaceLineKind::Guard => race.guard = true,
            RaceLineKind::Back => race.back = true,
            RaceLineKind::Stop(n) => race.stop = self.race_cell(scope, n),
            RaceLineKind::OnlyOff(r) => race.only_off = self.race_region(scope, r),
            RaceLineKind::AnyOff(r) => race.any_off = self.race_region(scope, r),
            RaceLineKind::Trap {
                cell,
                release,
                back,
            } => {
                let release = self.race_value(release);
                if let (Some(cell), Some(back)) =
                    (self.race_cell(scope, cell), self.race_cell(scope, back))
                {
                    race.trap = Some(crate::model::Trap {
                        cell,
                        release,
                        back,
                    });
                }
            }
            RaceLineKind::Begin {
                value,
                from,
                to,
                player,
            } => {
                let value = self.race_value(value);
                let p = self.player(scope, player);
                if let (Some(f), Some(t), Some(p)) =
                    (self.race_cell(scope, from), self.race_cell(scope, to), p)
                {
                    race.begin = Some(crate::model::Begin {
                        value,
                        from: f,
                        to: t,
                        player: p as u8,
                    });
                }
            }
            RaceLineKind::Track { .. } => {}
        }
    }

    /// The lines that need a turn of dice read one by one, or stacks, where the game has
    /// neither.
    fn dice_lines(&mut self, lines: &[RaceLine], race: &Race, each_die: bool, dice: Option<&Dice>) {
        for line in lines {
            let (needs_dice, needs_stack) = match line.kind {
                RaceLineKind::Double | RaceLineKind::Most | RaceLineKind::Opening => (true, false),
                RaceLineKind::Close(_) => (false, true),
                _ => (false, false),
            };
            if needs_dice && !each_die && dice.is_some() {
                self.invalid(
                    line.span,
                    "this rule is about dice played one by one, and the game's dice are summed",
                    "remove `, summed` from the dice line: a turn then plays each die on its own",
                );
            }
            if needs_stack && !race.stack {
                self.invalid(
                    line.span,
                    "only pieces that share a cell can close it",
                    "add `pieces of one player may share a cell` to the race block",
                );
            }
            // The rules each way of reading the dice does not know yet.
            let one_throw_only = matches!(
                line.kind,
                RaceLineKind::Swap
                    | RaceLineKind::Guard
                    | RaceLineKind::Back
                    | RaceLineKind::Stop(_)
                    | RaceLineKind::OnlyOff(_)
                    | RaceLineKind::AnyOff(_)
                    | RaceLineKind::Trap { .. }
                    | RaceLineKind::Begin { .. }
                    | RaceLineKind::Again(_)
                    | RaceLineKind::Enter(_)
                    | RaceLineKind::ThrowAgain(_)
                    | RaceLineKind::ClearStart
                    | RaceLineKind::MustEnter
            );
            let each_die_only = matches!(
                line.kind,
                RaceLineKind::Stack
                    | RaceLineKind::HandFirst
                    | RaceLineKind::Home(_)
                    | RaceLineKind::Higher
            );
            if one_throw_only && each_die {
                self.invalid(
                    line.span,
                    "this rule with dice played one by one is not in the language yet",
                    "it works with summed dice (`, summed` on the dice line), where a turn \
                     moves one piece by the total",
                );
            }
            if each_die_only && !each_die && dice.is_some() {
                self.invalid(
                    line.span,
                    "this rule with summed dice is not in the language yet",
                    "it works with dice played one by one (remove `, summed`), as in \
                     Backgammon",
                );
            }
            let two = dice.is_some_and(|d| d.outcomes.iter().all(|o| o.values.len() == 2));
            if matches!(line.kind, RaceLineKind::Opening) && each_die && !two {
                self.invalid(
                    line.span,
                    "an opening throw of one die each needs a game of two dice",
                    "throw two dice (`dice 2 d6`), or remove this line",
                );
            }
        }
    }

    /// The lines of races played by the whole throw that need something else in the block:
    /// a way to take (for protection, changing places), one way only, cells on the tracks.
    fn whole_throw_lines(&mut self, lines: &[RaceLine], race: &Race) {
        let on_track = |c: Cell| race.tracks.iter().any(|t| t.contains(&c));
        let hit_line = lines.iter().find(|l| matches!(l.kind, RaceLineKind::Hit));
        for line in lines {
            match &line.kind {
                RaceLineKind::Swap => {
                    if let Some(h) = hit_line {
                        self.repeated(
                            "a piece landing on an enemy piece is given two outcomes".to_string(),
                            line.span,
                            h.span,
                            "keep one: the enemy piece goes back to its owner's hand, or the \
                             two change places",
                        );
                    }
                }
                RaceLineKind::Guard if !race.hit => self.invalid(
                    line.span,
                    "nothing is taken in this race, so nothing needs protecting",
                    "add `a piece that lands on an enemy piece changes places with it` (or \
                     `... sends it back to its owner's hand`)",
                ),
                RaceLineKind::Stop(n) if race.stop.is_some_and(|c| !on_track(c)) => {
                    self.invalid(
                        n.span,
                        format!("`{}` is on no track: no piece passes it", n.text),
                        "name a cell of the tracks",
                    );
                }
                RaceLineKind::Trap { cell, back, .. } => {
                    if let Some(t) = race.trap {
                        if !on_track(t.cell) {
                            self.invalid(
                                cell.span,
                                format!("`{}` is on no track: no piece lands there", cell.text),
                                "name a cell of the tracks",
                            );
                        }
                        if t.back == t.cell {
                            self.invalid(
                                back.span,
                                "a stuck piece is sent back to the cell it is stuck on",
                                "name another cell of the tracks",
                            );
                        } else if !on_track(t.back) {
                            self.invalid(
                                back.span,
                                format!(
                                    "`{}` is on no track: a piece sent there could not go on",
                                    back.text
                                ),
                                "name a cell of the tracks",
                            );
                        }
                    }
                }
                RaceLineKind::Begin { from, to, .. } => {
                    if let Some(b) = race.begin {
                        if b.from == b.to {
                            self.invalid(
                                to.span,
                                "the first throw moves a piece to the cell it is on",
                                "name the cell the piece goes to",
                            );
                        } else if !on_track(b.from) || !on_track(b.to) {
                            let n = if on_track(b.from) { to } else { from };
                            self.invalid(
                                n.span,
                                format!("`{}` is on no track", n.text),
                                "name cells of the tracks",
                            );
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// A cell named in a race rule.
    fn race_cell(&mut self, scope: &Scope, n: &Name) -> Option<Cell> {
        let c = scope.board.cell(&n.text);
        if c.is_none() {
            self.off_board(&scope.board, n);
        }
        c
    }

    /// The region a race's pieces must all be on to bear off, for each player.
    fn home_region(&mut self, scope: &Scope, n: &Name) -> Option<PerPlayer<CellSet>> {
        let Some(r) = scope.regions.get(&n.text) else {
            let known: Vec<String> = scope.regions.keys().cloned().collect();
            self.unknown("region", n, &known);
            return None;
        };
        // A region given for one player only is everyone's.
        let any = r.sets.iter().flatten().next().copied();
        Some(std::array::from_fn(|p| {
            r.sets[p].or(any).unwrap_or(CellSet::EMPTY)
        }))
    }

    /// Start stacks, where the game lets pieces share cells.
    pub(super) fn heights(
        &mut self,
        race: Option<&Race>,
        heights: Vec<(Cell, u16, Span)>,
    ) -> Vec<(Cell, u16)> {
        if let Some(&(_, _, span)) = heights.first() {
            if !race.is_some_and(|r| r.stack) {
                self.invalid(
                    span,
                    "a cell holds one piece in this game",
                    "write `PLAYER PIECE on CELLS` for one piece a cell; stacks need a race \
                     whose block says `pieces of one player may share a cell`",
                );
                return Vec::new();
            }
        }
        heights.into_iter().map(|(c, n, _)| (c, n)).collect()
    }

    /// A value thrown, as a race rule names it (0 to 99).
    fn race_value(&mut self, n: &Number) -> u8 {
        if n.value > 99 {
            self.err(CheckError::OutOfRange {
                what: "value thrown",
                value: n.value.to_string(),
                span: n.span,
                range: "0 to 99".into(),
            });
        }
        n.value.min(99) as u8
    }

    /// A region named in a race rule (either player's cells of it).
    fn race_region(&mut self, scope: &Scope, n: &Name) -> CellSet {
        match scope.regions.get(&n.text) {
            Some(r) => r
                .sets
                .iter()
                .flatten()
                .fold(CellSet::EMPTY, |a, s| a.union(s)),
            None => {
                let known: Vec<String> = scope.regions.keys().cloned().collect();
                self.unknown("region", n, &known);
                CellSet::EMPTY
            }
        }
    }
}
