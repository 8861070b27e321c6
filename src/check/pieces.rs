//! Pieces: declarations, targets, ranges, immunity and states.

use super::*;
use crate::model::JumpRule;

/// The longest figure a piece may be drawn with, in characters.
const MAX_GLYPH_CHARS: usize = 4;

/// What a piece's lines about itself say (the first of each kept), and where the lines that
/// may appear once were first written.
#[derive(Default)]
struct PieceLines {
    promotion: Option<Promotion>,
    /// Where each player's `promote` line was written.
    promotion_spans: PerPlayer<Option<Span>>,
    step_effect: Option<(Threshold, Span)>,
    bar: Option<(KindId, Vec<u8>)>,
    bar_span: Option<Span>,
    hooks: Vec<HookCall>,
    surrounded: Option<(CellSet, Span)>,
    confined: Option<(PerPlayer<CellSet>, Span)>,
    stays: Option<(PerPlayer<CellSet>, Span)>,
    drawn: Option<(PerPlayer<String>, Span)>,
    no_capture: u128,
    streak: Option<Streak>,
    streak_span: Option<Span>,
    converts: Option<PerPlayer<Vec<u8>>>,
    convert_span: Option<Span>,
    meets: Option<Meeting>,
    meet_span: Option<Span>,
}

impl Checker {
    pub(super) fn kind(&mut self, scope: &Scope, n: &Name) -> Option<KindId> {
        let k = scope.kinds.get_index_of(&n.text).or_else(|| {
            // "no kings" reads better than "no king", and "9 men" than "9 man".
            n.text
                .strip_suffix('s')
                .and_then(|s| scope.kinds.get_index_of(s))
                .or_else(|| {
                    // "more boxes" than "more boxs".
                    n.text
                        .strip_suffix("es")
                        .and_then(|s| scope.kinds.get_index_of(s))
                })
                .or_else(|| {
                    let stem = n.text.strip_suffix("men")?;
                    scope.kinds.get_index_of(&format!("{stem}man"))
                })
        });
        if k.is_none() {
            let known: Vec<String> = scope.kinds.keys().cloned().collect();
            self.unknown("piece", n, &known);
        }
        k
    }

    /// A piece declaration: its movement rules resolved for each player, and the lines about
    /// the piece itself (its figure, promotion, confinement, ...).
    pub(super) fn piece(
        &mut self,
        scope: &Scope,
        p: &PieceDecl,
        castle_letters: &mut IndexMap<char, Span>,
    ) -> KindModel {
        let np = scope.players.len();
        let mut rules: PerPlayer<Vec<RuleModel>> = Default::default();
        let mut sides: PerPlayer<Vec<u8>> = Default::default();
        let mut lines = PieceLines::default();
        for (i, r) in p.rules.iter().enumerate() {
            let side = p.sides.get(i).and_then(Option::as_ref);
            let players = self.rule_players(scope, r, side);
            match r {
                RuleDecl::Convert { dirs, span } => {
                    self.convert_line(scope, dirs, *span, &mut lines)
                }
                RuleDecl::Meet { pieces, dirs, span } => {
                    self.meet_line(scope, pieces, dirs, *span, &mut lines)
                }
                RuleDecl::NoCapture { pieces, .. } => {
                    for n in pieces {
                        if let Some(k) = self.kind(scope, n) {
                            lines.no_capture |= 1 << k;
                        }
                    }
                }
                RuleDecl::Drawn { glyphs, span } => self.drawn_line(glyphs, *span, np, &mut lines),
                RuleDecl::Streak {
                    limit,
                    while_has,
                    span,
                } => self.streak_line(scope, limit, while_has.as_ref(), *span, &mut lines),
                RuleDecl::Confined { region, once, span } => {
                    self.confined_line(scope, region, *once, *span, &mut lines);
                }
                RuleDecl::Surrounded { on, span } => {
                    let mut seen = lines.surrounded.map(|(_, s)| s);
                    self.once(
                        &mut seen,
                        *span,
                        "captured only when surrounded",
                        "a piece has one such line: name all its cells in one region",
                    );
                    if let Some(cells) = self.region(scope, on, None) {
                        lines.surrounded.get_or_insert((cells, *span));
                    }
                }
                RuleDecl::Bar { piece, dirs, span } => {
                    self.once(
                        &mut lines.bar_span,
                        *span,
                        "never beside",
                        "a piece has one `never beside` line: list all directions in it",
                    );
                    let k = self.kind(scope, piece);
                    let ds = self.dirs(scope, dirs, 0, true);
                    if let (Some(k), Some(ds)) = (k, ds) {
                        lines.bar.get_or_insert((k, ds));
                    }
                }
                RuleDecl::StepEffect { threshold, span } => {
                    self.step_effect_line(threshold.as_ref(), *span, &mut lines);
                }
                RuleDecl::Promote { .. } => {
                    self.promote_line(scope, &p.name, r, &players, &mut lines)
                }
                RuleDecl::Native(call) => lines.hooks.extend(self.hook(scope, call)),
                _ => {
                    self.promote_move_piece(scope, &p.name, r);
                    let mask = if side.is_some() {
                        players.iter().fold(0u8, |m, &p| m | 1 << p)
                    } else {
                        0
                    };
                    for (pl, rule) in self.movement_rule(scope, r, &players, castle_letters) {
                        rules[pl].push(rule);
                        sides[pl].push(mask);
                    }
                }
            }
        }
        if let Some((_, span)) = lines.step_effect {
            self.effect_walks(scope, p, span);
        }
        self.crowning_in_chain(p, &rules, lines.promotion.as_ref());
        self.either_side_up(p, lines.promotion.as_ref());
        KindModel {
            name: p.name.text.clone(),
            span: p.name.span,
            letter: p.letter.chars().next().unwrap_or('?').to_ascii_uppercase(),
            letters: piece_letters(p, np),
            glyphs: lines.drawn.map(|(g, _)| g),
            royal: p.royal,
            royal_last: p.royal_last.is_some(),
            royal_together: p.royal_together.is_some(),
            worth: p.worth.map_or(1, |w| w.value as i32),
            step_effect: lines.step_effect.map(|(t, _)| t),
            streak: lines.streak,
            surrounded_on: lines.surrounded.map(|(c, _)| c),
            confined: lines.confined.map(|(c, _)| c),
            stays: lines.stays.map(|(c, _)| c),
            immune: self.effects(&p.immune),
            bar: lines.bar,
            no_capture: lines.no_capture,
            converts: lines.converts,
            meets: lines.meets,
            rules,
            sides,
            promotion: lines.promotion,
            hooks: lines.hooks,
        }
    }

    /// `drop on empty, either side up`: the other side is the one kind the piece promotes to.
    fn either_side_up(&mut self, p: &PieceDecl, promotion: Option<&Promotion>) {
        // Each side's choices (a side without any has none to count).
        let one_each = promotion.is_some_and(|pr| {
            let sides = pr.to.iter().filter(|to| !to.is_empty());
            sides.clone().count() > 0 && sides.into_iter().all(|to| to.len() == 1)
        });
        for r in &p.rules {
            if let RuleDecl::Drop {
                either_side: Some(span),
                ..
            } = r
            {
                if !one_each {
                    self.invalid(
                        *span,
                        "a piece dropped either side up must promote to exactly one kind, its other side",
                        "give the piece a `promote to KIND on REGION` line naming that kind alone",
                    );
                }
            }
        }
    }

    /// A movement rule resolved for each of `players` (those it is written for), in order.
    ///
    /// Errors are reported once, from the first player's pass; the other players' rule
    /// resolves alike unless it names something of its own (a region declared for one player
    /// only), which is then reported too.
    fn movement_rule(
        &mut self,
        scope: &Scope,
        r: &RuleDecl,
        players: &[PlayerId],
        castle_letters: &mut IndexMap<char, Span>,
    ) -> Vec<(PlayerId, RuleModel)> {
        let mut out = Vec::new();
        let Some((&lead, rest)) = players.split_first() else {
            return out;
        };
        let first = self.rule(scope, r, lead, true, castle_letters);
        let resolved = first.is_some();
        out.extend(first.map(|m| (lead, m)));
        for &pl in rest {
            let other = self.rule(scope, r, pl, false, castle_letters);
            if resolved && other.is_none() {
                let mut again = Checker::default();
                let mut letters = castle_letters.clone();
                again.rule(scope, r, pl, true, &mut letters);
                self.errors.extend(again.errors.into_iter().filter(|e| {
                    !matches!(
                        e,
                        CheckError::Unreachable { .. } | CheckError::Duplicate { .. }
                    )
                }));
            }
            out.extend(other.map(|m| (pl, m)));
        }
        out
    }

    /// `enemies next to where it lands along DIRS become mine`: the directions read for each
    /// player (`forward` differs), errors reported from the first player's reading.
    fn convert_line(&mut self, scope: &Scope, dirs: &[Name], span: Span, lines: &mut PieceLines) {
        self.once(
            &mut lines.convert_span,
            span,
            "enemies next to where it lands",
            "a piece has one such line: list all directions in it",
        );
        let mut sets: PerPlayer<Vec<u8>> = Default::default();
        let mut ok = true;
        for (pl, set) in sets.iter_mut().enumerate().take(scope.players.len()) {
            match self.dirs(scope, dirs, pl, pl == 0) {
                Some(ds) => *set = ds,
                None => ok = false,
            }
        }
        if ok && lines.converts.is_none() {
            lines.converts = Some(sets);
        }
    }

    /// `meeting an enemy PIECES DIR removes both`: one direction, read for each player, and
    /// the kinds met; errors reported from the first player's reading.
    fn meet_line(
        &mut self,
        scope: &Scope,
        pieces: &[Name],
        dirs: &[Name],
        span: Span,
        lines: &mut PieceLines,
    ) {
        self.once(
            &mut lines.meet_span,
            span,
            "meeting an enemy",
            "a piece has one such line: list all the kinds it meets in it",
        );
        let mut kinds = 0u128;
        let mut ok = true;
        for n in pieces {
            match self.kind(scope, n) {
                Some(k) => kinds |= 1 << k,
                None => ok = false,
            }
        }
        let mut per: PerPlayer<u8> = Default::default();
        for (pl, d) in per.iter_mut().enumerate().take(scope.players.len()) {
            match self.dirs(scope, dirs, pl, pl == 0) {
                Some(ds) if ds.len() == 1 => *d = ds[0],
                Some(_) => {
                    if pl == 0 {
                        let first = dirs[0].span.start;
                        let last = dirs.last().map_or(first, |n| n.span.end);
                        self.invalid(
                            Span::new(first, last),
                            "a piece meets another in one direction",
                            "name the one direction its moves face: `clockwise`",
                        );
                    }
                    ok = false;
                }
                None => ok = false,
            }
        }
        if ok && lines.meets.is_none() {
            lines.meets = Some(Meeting { dir: per, kinds });
        }
    }

    /// `moves at most N times in a row without capturing [while I have a PIECE]`: once per
    /// piece, N from 1 to 255.
    fn streak_line(
        &mut self,
        scope: &Scope,
        limit: &Number,
        while_has: Option<&Name>,
        span: Span,
        lines: &mut PieceLines,
    ) {
        self.once(
            &mut lines.streak_span,
            span,
            "moves at most",
            "a piece has one `moves at most N times in a row` line",
        );
        if !(1..=255).contains(&limit.value) {
            self.invalid(
                limit.span,
                format!("a limit of {} moves in a row", limit.value),
                "write a number of moves from 1 to 255",
            );
            return;
        }
        let while_has = match while_has {
            Some(n) => match self.kind(scope, n) {
                Some(k) => Some(k),
                None => return,
            },
            None => None,
        };
        let streak = Streak {
            limit: limit.value as u8,
            while_has,
        };
        lines.streak.get_or_insert(streak);
    }

    /// `drawn as "G" ["G2"]`: one figure for all players or one for each, each a few
    /// characters.
    fn drawn_line(
        &mut self,
        glyphs: &[(String, Span)],
        span: Span,
        np: usize,
        lines: &mut PieceLines,
    ) {
        let mut seen = lines.drawn.as_ref().map(|(_, s)| *s);
        self.once(
            &mut seen,
            span,
            "drawn as",
            "a piece has one `drawn as` line: the first player's figure, then the second's",
        );
        for (g, sp) in glyphs {
            if g.is_empty() || g.chars().count() > MAX_GLYPH_CHARS {
                self.invalid(
                    *sp,
                    format!(
                        "a figure is 1 to {MAX_GLYPH_CHARS} characters, not {}",
                        g.chars().count()
                    ),
                    "write one character, e.g. \"♔\", or a few (\"10\")",
                );
            }
        }
        if glyphs.len() > 1 && glyphs.len() != np {
            self.invalid(
                glyphs.last().map_or(span, |g| g.1),
                format!("{} figures for {np} players", glyphs.len()),
                "write one figure for every player, in the order of `players`, \
                 or one for all",
            );
        }
        let mut figures: PerPlayer<String> = Default::default();
        for (p, f) in figures.iter_mut().enumerate().take(np) {
            *f = glyphs.get(p).unwrap_or(&glyphs[0]).0.clone();
        }
        lines.drawn.get_or_insert((figures, span));
    }

    /// `confined to REGION[, once there]`: one such line per piece, whichever form.
    fn confined_line(
        &mut self,
        scope: &Scope,
        region: &Region,
        once: bool,
        span: Span,
        lines: &mut PieceLines,
    ) {
        let mut seen = lines.confined.or(lines.stays).map(|(_, s)| s);
        self.once(
            &mut seen,
            span,
            "confined to",
            "a piece has one such line: name all its cells in one region",
        );
        if let Some(sets) = self.player_regions(scope, region) {
            let slot = if once {
                &mut lines.stays
            } else {
                &mut lines.confined
            };
            if seen == Some(span) {
                slot.get_or_insert((sets, span));
            }
        }
    }

    /// `after each step ...`: the step's power, or a fixed number of liberties up to 12.
    fn step_effect_line(&mut self, threshold: Option<&Number>, span: Span, lines: &mut PieceLines) {
        let mut seen = lines.step_effect.map(|(_, s)| s);
        self.once(
            &mut seen,
            span,
            "after each step",
            "a piece has one effect after each step: merge the two lines",
        );
        let t = match threshold {
            None => Threshold::Power,
            Some(n) if n.value <= 12 => Threshold::Fixed(n.value as u8),
            Some(n) => {
                self.err(CheckError::OutOfRange {
                    what: "liberty count",
                    value: n.value.to_string(),
                    span: n.span,
                    range: "0 to 12 liberties".into(),
                });
                return;
            }
        };
        lines.step_effect.get_or_insert((t, span));
    }

    /// `promote to KINDS on REGION[, also from there][, forced on REGION][, each only if I
    /// have lost one][, even during a capture]`: one such rule per piece and player, listing
    /// every choice (`for white: promote ...`: for the players named).
    fn promote_line(
        &mut self,
        scope: &Scope,
        me: &Name,
        r: &RuleDecl,
        players: &[PlayerId],
        lines: &mut PieceLines,
    ) {
        let RuleDecl::Promote {
            to,
            on,
            from_too,
            forced,
            lost,
            in_chain,
            on_capture,
            span,
        } = r
        else {
            return;
        };
        // One line a player: every player's (without `for`), or one for each side.
        if let Some(&pl) = players
            .iter()
            .find(|&&pl| lines.promotion_spans[pl].is_some())
        {
            let mut seen = lines.promotion_spans[pl];
            self.once(
                &mut seen,
                *span,
                "promote",
                "list every choice in one rule: `promote to queen, rook on my far rank` (or \
                 one rule for each side: `for white: promote to ...`)",
            );
            return;
        }
        for &pl in players {
            lines.promotion_spans[pl] = Some(*span);
        }
        let kinds: Vec<KindId> = to.iter().filter_map(|n| self.kind(scope, n)).collect();
        let mut region = [CellSet::EMPTY; MAX_PLAYERS];
        let mut ok = kinds.len() == to.len();
        for &pl in players {
            match self.region(scope, on, Some(pl)) {
                Some(s) => region[pl] = s,
                None => {
                    ok = false;
                    break;
                }
            }
        }
        if ok && region.iter().all(CellSet::is_empty) {
            self.err(CheckError::Unreachable {
                span: on.span,
                reason: "this region has no cells".into(),
                hint: String::new(),
            });
        }
        if kinds.len() != to.len() {
            self.uncertain_placements = true;
        }
        let forced = match forced {
            Some(f) => match self.player_regions(scope, f) {
                Some(sets) => sets,
                None => return,
            },
            None => [CellSet::EMPTY; MAX_PLAYERS],
        };
        let lost_flags = self.promote_lost(scope, me, &kinds, lost.as_ref());
        if let (Some(l), Some(_)) = (lost, in_chain) {
            self.invalid(
                l.span,
                "a piece crowned during a capture cannot wait for a lost piece",
                "leave out `even during a capture` or `only if I have lost one`",
            );
        }
        if ok {
            let promotion = lines.promotion.get_or_insert_with(Promotion::default);
            for &pl in players {
                promotion.to[pl] = kinds.clone();
                promotion.region[pl] = region[pl];
                promotion.from_too[pl] = *from_too;
                promotion.forced[pl] = forced[pl];
                promotion.lost[pl] = lost_flags.clone();
                promotion.in_chain[pl] = in_chain.is_some();
                promotion.on_capture[pl] = *on_capture;
            }
        }
    }

    /// A piece with an effect after each step (written at `span`) needs a walk, whose routes
    /// (each a move of its own, Rascals R3) grow exponentially with its steps.
    fn effect_walks(&mut self, scope: &Scope, p: &PieceDecl, span: Span) {
        let walks = p.rules.iter().any(|r| matches!(r, RuleDecl::Walk { .. }));
        for r in &p.rules {
            if let RuleDecl::Walk { friends, steps, .. } = r {
                let most = steps.value
                    + if *friends {
                        scope.board.dirs.len() as u32
                    } else {
                        0
                    };
                if most > MAX_EFFECT_WALK {
                    self.err(CheckError::OutOfRange {
                        what: "walk length",
                        value: most.to_string(),
                        span: steps.span,
                        range: format!(
                            "at most {MAX_EFFECT_WALK} steps (friends counted) with `after each \
                             step`: every route is a move, and routes multiply with each step"
                        ),
                    });
                }
            }
        }
        if !walks {
            self.err(CheckError::Unreachable {
                span,
                reason: "this piece has no `walk`, so it never takes steps".into(),
                hint: "`after each step ...` applies to the steps of a `walk`".into(),
            });
        }
    }

    /// `promote ..., even during a capture` needs a chain that captures and one kind to
    /// become: the chain goes on by that kind's jumps.
    fn crowning_in_chain(
        &mut self,
        p: &PieceDecl,
        rules: &[Vec<RuleModel>],
        promotion: Option<&Promotion>,
    ) {
        let Some(span) = p.rules.iter().find_map(|r| match r {
            RuleDecl::Promote {
                in_chain: Some(s), ..
            } => Some(*s),
            _ => None,
        }) else {
            return;
        };
        let chains = rules.iter().flatten().any(|r| {
            matches!(
                r,
                RuleModel::Jump(JumpRule {
                    hurdle: Hurdle::Enemy,
                    repeatedly: true,
                    ..
                })
            )
        });
        if !chains {
            self.invalid(
                span,
                "`even during a capture` needs a chain of captures",
                "give the piece a `jump ... over enemy repeatedly` rule, or leave this out",
            );
        } else if promotion.is_some_and(|pr| pr.to.iter().any(|to| to.len() > 1)) {
            self.invalid(
                span,
                "a piece crowned during a capture must become one kind",
                "promote to a single kind: the chain goes on by that kind's jumps",
            );
        }
    }

    pub(super) fn target(t: Option<TargetDecl>, default: Target) -> Target {
        match t {
            None => default,
            Some(TargetDecl::Empty) => Target::Empty,
            Some(TargetDecl::Enemy) => Target::Enemy,
            Some(TargetDecl::EmptyOrEnemy) => Target::EmptyOrEnemy,
            Some(TargetDecl::EmptyOrAny) => Target::EmptyOrAny,
            Some(TargetDecl::Smash) => Target::Smash,
        }
    }

    pub(super) fn range(
        &mut self,
        r: &Option<(Number, Number)>,
        default: (u8, u8),
    ) -> Option<(u8, u8)> {
        match r {
            None => Some(default),
            Some((lo, hi)) => {
                if lo.value > hi.value {
                    self.empty_range(lo.span, hi.span, lo.value, hi.value);
                    return None;
                }
                Some((lo.value.min(254) as u8, hi.value.min(254) as u8))
            }
        }
    }

    /// Whether a step (or a double step) in one of `dirs` from some cell of `from` stays on
    /// the board.
    pub(super) fn step_stays_on_board(
        scope: &Scope,
        dirs: &[u8],
        from: CellSet,
        twice: bool,
    ) -> bool {
        let b = &scope.board;
        let n = if twice { 2 } else { 1 };
        from.iter().any(|c| {
            dirs.iter().any(|&d| {
                let mut x = c;
                for _ in 0..n {
                    if x != NONE {
                        x = b.step(x, d);
                    }
                }
                x != NONE
            })
        })
    }

    /// [`Self::step_stays_on_board`] for player `p`, resolving names without reporting;
    /// `None` when they do not resolve.
    pub(super) fn quiet_step_stays(
        scope: &Scope,
        dirs: &[Name],
        from: &Region,
        twice: bool,
        p: PlayerId,
    ) -> Option<bool> {
        let mut quiet = Checker::default();
        let ds = quiet.dirs(scope, dirs, p, false)?;
        let f = quiet.region(scope, from, Some(p))?;
        Some(Self::step_stays_on_board(scope, &ds, f, twice))
    }

    /// The effect bits named in an `immune to ...` list.
    pub(super) fn effects(&mut self, names: &[Name]) -> u8 {
        let mut bits = 0;
        for n in names {
            match effect::NAMES.iter().find(|(e, _)| *e == n.text) {
                Some((_, b)) => bits |= b,
                None => {
                    let known: Vec<String> =
                        effect::NAMES.iter().map(|(e, _)| e.to_string()).collect();
                    self.unknown("effect", n, &known);
                }
            }
        }
        bits
    }

    /// `slept pieces cannot act`, `fresh pieces are immune to ...`.
    pub(super) fn states(&mut self, d: &Description) -> States {
        let mut states = States::default();
        let mut seen: IndexMap<String, Span> = IndexMap::new();
        for item in &d.items {
            let Item::State(st) = item else { continue };
            if let Some(first) = seen.get(&st.state.text) {
                self.declared_twice(
                    "state",
                    &st.state.text,
                    st.state.span,
                    *first,
                    "describe a state on one line: `fresh pieces cannot act and are immune to ...`",
                );
                continue;
            }
            seen.insert(st.state.text.clone(), st.state.span);
            let i = state::NAMES
                .iter()
                .position(|n| *n == st.state.text)
                .expect("grammar admits only the four states");
            if st.cannot_act {
                match i {
                    state::SLEPT => states.slept_cannot_act = true,
                    // Kept pieces never act (they are under another piece); saying so is fine.
                    state::KEPT => {}
                    _ => self.invalid(
                        st.span,
                        format!("{} pieces cannot be barred from acting", st.state.text),
                        "only slept (and kept) pieces can be kept from acting",
                    ),
                }
            }
            states.immune[i] = self.effects(&st.immune);
        }
        states
    }
}

/// Whether pieces of this kind can enter the board: it has a `place ...` rule (as written, so
/// that a mistake inside the rule does not also report the piece as never in play).
pub(super) fn enters(k: &PieceDecl) -> bool {
    k.rules.iter().any(|r| matches!(r, RuleDecl::Place { .. }))
}

/// Whether some piece's rule brings pieces of `kind` onto the board (`then shoot KIND`).
pub(super) fn shot(scope: &Scope, kind: &str) -> bool {
    scope.kinds.values().any(|k| {
        k.rules
            .iter()
            .any(|r| matches!(r, RuleDecl::SlideShoot { piece, .. } if piece.text == kind))
    })
}
