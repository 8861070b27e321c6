//! `sowing { ... }` and `board pits`: the rules of a game of seeds in pits.

use super::*;
use crate::model::Sowing;

const MAX_SEEDS: u32 = crate::model::MAX_SEEDS as u32;

impl Checker {
    /// The sowing rules, if the game has a `sowing` block; a block without a pits board, a
    /// pits board without a block, or a sowing game with pieces is reported.
    pub(super) fn sowing(&mut self, scope: &Scope, d: &Description) -> Option<Sowing> {
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
        let mut s = Sowing {
            least: 1,
            ..Sowing::default()
        };
        let (mut start, mut sow): (Option<Span>, Option<Span>) = (None, None);
        let mut seen: Vec<(std::mem::Discriminant<SowLineKind>, Span)> = Vec::new();
        for line in lines {
            let key = std::mem::discriminant(&line.kind);
            if let Some(&(_, first)) = seen.iter().find(|(k, _)| *k == key) {
                self.repeated(
                    "this sowing rule is given twice".to_string(),
                    line.span,
                    first,
                    "keep one of them",
                );
                continue;
            }
            seen.push((key, line.span));
            match &line.kind {
                SowLineKind::Start(n) => {
                    start = Some(line.span);
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
                SowLineKind::Sow { clockwise, least } => {
                    sow = Some(line.span);
                    s.clockwise = *clockwise;
                    if let Some(n) = least {
                        if n.value == 0 || n.value > MAX_SEEDS {
                            self.err(CheckError::OutOfRange {
                                what: "seeds",
                                value: n.value.to_string(),
                                span: n.span,
                                range: format!("1 to {MAX_SEEDS}"),
                            });
                        }
                        s.least = n.value.clamp(1, MAX_SEEDS) as u16;
                    }
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
                SowLineKind::NoSlam => s.no_grand_slam = true,
                SowLineKind::Feed => s.must_feed = true,
                SowLineKind::LapFeed => s.lap_feed = true,
            }
        }
        if start.is_none() {
            self.err(CheckError::Missing {
                what: "number of seeds",
                span,
                hint: "each pit starts with 4 seeds",
            });
        }
        if sow.is_none() {
            self.err(CheckError::Missing {
                what: "sowing direction",
                span,
                hint: "sow anticlockwise from a pit of mine",
            });
        }
        // A line that another line must come with: reported where it is written.
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
        if s.no_grand_slam && s.counts.is_none() {
            lonely(
                SowLineKind::NoSlam,
                "no rule captures enemy pits",
                "add a `when the last seed makes 2 or 3 in an enemy pit` line, or remove this one",
            );
        }
        Some(s)
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
