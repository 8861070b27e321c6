//! `sowing { ... }` and `board pits`: the rules of a game of seeds in pits.

use super::*;
use crate::geometry::{CellSet, Shape};
use crate::model::{SowWay, Sowing};

const MAX_SEEDS: u32 = crate::model::MAX_SEEDS as u32;

impl Checker {
    /// The sowing rules, if the game has a `sowing` block; a block without a pits board, a
    /// pits board without a block, or a sowing game with pieces is reported.
    pub(super) fn sowing(&mut self, scope: &Scope, d: &Description) -> Option<Sowing> {
        let (lines, span) = self.sowing_block(scope, d)?;
        let mut s = Sowing::default();
        let (mut start, mut sow): (Option<Span>, Option<Span>) = (None, None);
        let mut seen: Vec<(std::mem::Discriminant<SowLineKind>, Span)> = Vec::new();
        for line in lines {
            let key = std::mem::discriminant(&line.kind);
            if let Some(&(_, first)) = seen.iter().find(|(k, _)| *k == key) {
                if self.sow_line_repeated(line, first, &s) {
                    continue;
                }
            } else {
                seen.push((key, line.span));
            }
            match &line.kind {
                SowLineKind::Start(_) | SowLineKind::Hand(_) => {
                    self.seeds_line(scope, line, &mut s, &mut start);
                }
                SowLineKind::Sow {
                    clockwise,
                    within,
                    least,
                    toward_seeds,
                } => {
                    sow = Some(line.span);
                    let way = self.sow_way(scope, *clockwise, within.as_ref(), least.as_ref());
                    s.ways.push(SowWay {
                        toward_seeds: *toward_seeds,
                        ..way
                    });
                }
                SowLineKind::PassesStore => s.passes_store = true,
                SowLineKind::SkipsOrigin => s.skips_origin = true,
                SowLineKind::Again => s.again = true,
                SowLineKind::Opposite {
                    if_seeds,
                    with_last,
                } => s.opposite = Some((*if_seeds, *with_last)),
                SowLineKind::Counts { counts, back } => {
                    let first = self.seed_counts(counts);
                    let back = back.as_ref().map(|b| self.seed_counts(b));
                    s.counts = Some((first, back));
                }
                SowLineKind::Relay { mine } => s.relay = Some(*mine),
                SowLineKind::Facing { all, sow_back } => s.facing = Some((*all, *sow_back)),
                SowLineKind::NoSlam => s.no_grand_slam = true,
                SowLineKind::Feed => s.must_feed = true,
                SowLineKind::LapFeed => s.lap_feed = true,
                SowLineKind::LapLimit(n) => {
                    if n.value == 0 {
                        self.err(CheckError::OutOfRange {
                            what: "laps",
                            value: n.value.to_string(),
                            span: n.span,
                            range: "1 or more".into(),
                        });
                    }
                    s.lap_limit = n.value.max(1);
                }
            }
        }
        self.sowing_complete(scope, &s, span, start.is_some(), sow.is_some());
        self.sowing_lines_alone(&s, span, &seen);
        Some(s)
    }

    /// The one `sowing` block and where it is written: a board of pits needs one, it needs a
    /// board of pits, and a game of seeds has no pieces.
    fn sowing_block<'d>(
        &mut self,
        scope: &Scope,
        d: &'d Description,
    ) -> Option<(&'d [SowLine], Span)> {
        let pits = matches!(scope.board.shape, crate::geometry::Shape::Pits { .. });
        let mut blocks = d.items.iter().filter_map(|i| match i {
            Item::Sowing(lines, span) => Some((lines, *span)),
            _ => None,
        });
        let Some((lines, span)) = blocks.next() else {
            if pits {
                let board = d.items.iter().find_map(|i| match i {
                    Item::Board(_, _, s) => Some(*s),
                    _ => None,
                });
                self.invalid(
                    board.unwrap_or(d.title_span),
                    "a board of pits needs a `sowing` block to say how seeds move",
                    "add `sowing { ... }` with lines such as `each pit starts with 4 seeds` and \
                     `sow anticlockwise from a pit of mine`",
                );
            }
            return None;
        };
        if let Some((_, again)) = blocks.next() {
            self.repeated(
                "the game has more than one `sowing` block".to_string(),
                again,
                span,
                "keep one `sowing` block and put every sowing rule in it",
            );
        }
        if !pits {
            self.invalid(
                span,
                "sowing needs a board of pits",
                "write the board as `board pits 6 x 2`",
            );
            return None;
        }
        for item in &d.items {
            if let Item::Piece(p) = item {
                self.invalid(
                    p.name.span,
                    "a game of seeds in pits has no pieces",
                    "remove the piece: seeds are all alike, and `sowing` says how they move",
                );
            }
        }
        Some((lines, span))
    }

    /// A sowing line of a kind already written (first at `first`): reported, and true, unless
    /// it is a second `sow` line going the other way (a choice of direction).
    fn sow_line_repeated(&mut self, line: &SowLine, first: Span, s: &Sowing) -> bool {
        let other_way = match (&line.kind, s.ways.first()) {
            (SowLineKind::Sow { clockwise, .. }, Some(w)) => {
                *clockwise != w.clockwise && s.ways.len() == 1
            }
            _ => false,
        };
        if other_way {
            return false;
        }
        let (message, hint) = match (&line.kind, s.ways.len()) {
            (SowLineKind::Sow { .. }, 2) => (
                "a game sows at most two ways, one `sow` line each",
                "keep one anticlockwise and one clockwise `sow` line",
            ),
            (SowLineKind::Sow { .. }, _) => (
                "a second `sow` line must go the other way",
                "keep one of them; two `sow` lines, one anticlockwise and one \
                 clockwise, give a choice of direction",
            ),
            _ => ("this sowing rule is given twice", "keep one of them"),
        };
        self.repeated(message.to_string(), line.span, first, hint);
        true
    }

    /// `each pit starts with N seeds` and `each player has N seeds in hand`, within the seeds
    /// a game may hold; `start` is where the game's seeds were first given.
    fn seeds_line(
        &mut self,
        scope: &Scope,
        line: &SowLine,
        s: &mut Sowing,
        start: &mut Option<Span>,
    ) {
        match &line.kind {
            SowLineKind::Start(n) => {
                *start = Some(line.span);
                let cells = scope.board.len() as u32;
                if n.value == 0 || n.value.saturating_mul(cells) > MAX_SEEDS {
                    self.err(CheckError::OutOfRange {
                        what: "seeds per pit",
                        value: n.value.to_string(),
                        span: n.span,
                        range: format!("1 to {} on this board", MAX_SEEDS / cells.max(1)),
                    });
                }
                s.start = n.value.min(MAX_SEEDS) as u16;
            }
            SowLineKind::Hand(n) => {
                *start = start.or(Some(line.span));
                if n.value == 0 || n.value > MAX_SEEDS / 2 {
                    self.err(CheckError::OutOfRange {
                        what: "seeds in hand",
                        value: n.value.to_string(),
                        span: n.span,
                        range: format!("1 to {} a player", MAX_SEEDS / 2),
                    });
                }
                s.hand = n.value.min(MAX_SEEDS / 2) as u16;
            }
            _ => {}
        }
    }

    /// `sow clockwise|anticlockwise [from a pit of mine with at least N seeds] [within
    /// REGION]`: one way of sowing.
    fn sow_way(
        &mut self,
        scope: &Scope,
        clockwise: bool,
        within: Option<&Region>,
        least: Option<&Number>,
    ) -> SowWay {
        let mut way = SowWay {
            clockwise,
            least: 1,
            within: None,
            toward_seeds: false,
        };
        if let Some(n) = least {
            if n.value == 0 || n.value > MAX_SEEDS {
                self.err(CheckError::OutOfRange {
                    what: "seeds",
                    value: n.value.to_string(),
                    span: n.span,
                    range: format!("1 to {MAX_SEEDS}"),
                });
            }
            way.least = n.value.clamp(1, MAX_SEEDS) as u16;
        }
        if let Some(r) = within {
            way.within = self.sow_within(scope, r);
        }
        way
    }

    /// What every sowing needs: its seeds (within the game's most) and a way to sow.
    fn sowing_complete(&mut self, scope: &Scope, s: &Sowing, span: Span, start: bool, sow: bool) {
        if !start {
            self.err(CheckError::Missing {
                what: "number of seeds",
                span,
                hint: "each pit starts with 4 seeds",
            });
        }
        let total = u32::from(s.start) * scope.board.len() as u32 + 2 * u32::from(s.hand);
        if total > MAX_SEEDS {
            self.invalid(
                span,
                "the game would hold more seeds than the 10000 a game may hold",
                "put fewer seeds in the pits or in the hands",
            );
        }
        if !sow {
            self.err(CheckError::Missing {
                what: "sowing direction",
                span,
                hint: "sow anticlockwise from a pit of mine",
            });
        }
    }

    /// A line that another line must come with, reported where it is written (`seen`: each
    /// kind of line and where it first is).
    fn sowing_lines_alone(
        &mut self,
        s: &Sowing,
        span: Span,
        seen: &[(std::mem::Discriminant<SowLineKind>, Span)],
    ) {
        let mut lonely = |line: SowLineKind, reason: &str, hint: &str| {
            let at = seen
                .iter()
                .find(|(k, _)| *k == std::mem::discriminant(&line))
                .map_or(span, |&(_, sp)| sp);
            self.err(CheckError::Unreachable {
                span: at,
                reason: reason.into(),
                hint: hint.into(),
            });
        };
        if s.again && !s.passes_store {
            lonely(
                SowLineKind::Again,
                "sowing never reaches a store",
                "add `sowing passes my store`, or remove this line",
            );
        }
        if s.lap_limit > 0 && s.relay.is_none() {
            lonely(
                SowLineKind::LapLimit(Number { value: 0, span }),
                "no rule relays a sowing",
                "add `when the last seed falls in an occupied pit, sow on from it`, or remove \
                 this line",
            );
        }
        if s.no_grand_slam && s.counts.is_none() {
            lonely(
                SowLineKind::NoSlam,
                "no rule captures enemy pits",
                "add a `when the last seed makes 2 or 3 in an enemy pit` line, or remove this one",
            );
        }
    }

    /// `in REGION` of a `sow` line, for each player: the pits of theirs it holds. A region
    /// that holds none of a player's pits is reported.
    fn sow_within(&mut self, scope: &Scope, r: &Region) -> Option<[CellSet; 2]> {
        let Shape::Pits { height, .. } = scope.board.shape else {
            return None;
        };
        let mut sets = [CellSet::EMPTY; 2];
        for (p, set) in sets.iter_mut().enumerate() {
            let cells = self.region(scope, r, Some(p))?;
            for c in cells.iter() {
                let mine = scope.board.coords[c as usize].1 >= height as i32 / 2;
                if usize::from(mine) == p {
                    set.insert(c);
                }
            }
            if set.iter().next().is_none() {
                self.invalid(
                    r.span,
                    format!(
                        "this region holds none of {}'s pits",
                        scope
                            .player_names
                            .get(p)
                            .map_or("the player", |n| n.as_str())
                    ),
                    "name pits of the player's own rows; for pits that differ by player, \
                     declare `region NAME for PLAYER = ...` for each player and write `in my NAME`",
                );
                return None;
            }
        }
        Some(sets)
    }

    /// `2 or 3` as bits, each count from 1 to 63.
    fn seed_counts(&mut self, counts: &[Number]) -> u64 {
        let mut bits = 0u64;
        for n in counts {
            if (1..64).contains(&n.value) {
                bits |= 1 << n.value;
            } else {
                self.err(CheckError::OutOfRange {
                    what: "seed count",
                    value: n.value.to_string(),
                    span: n.span,
                    range: "1 to 63".into(),
                });
            }
        }
        bits
    }

    /// `board pits W x H`: 2 or 4 rows (each player owns half of them) of at most 26 pits.
    pub(super) fn pits_board(&mut self, width: &Number, height: &Number) -> Option<Board> {
        let ok = self.board_side(width);
        if ![2, 4].contains(&height.value) {
            self.err(CheckError::OutOfRange {
                what: "rows of pits",
                value: height.value.to_string(),
                span: height.span,
                range: "2 or 4 rows (3-row boards are not yet in the language)".into(),
            });
        }
        // The rest is still checked on a board of the rows given (nothing is compiled).
        ok.then(|| Board::pits(width.value, height.value.clamp(1, 26)))
    }
}
