//! `lines { ... }` and `board dots`: the rules of a game of lines drawn between dots.

use super::*;
use crate::geometry::Shape;
use crate::model::{Lines, MAX_LINES};

impl Checker {
    /// The rules of drawing lines, if the game has a `lines` block; a block without a board
    /// of dots, a board of dots without a block, a block without its move and pieces that
    /// move on their own are reported.
    pub(super) fn lines(&mut self, scope: &Scope, d: &Description) -> Option<Lines> {
        let dots = matches!(scope.board.shape, Shape::Dots { .. });
        let mut blocks = d.items.iter().filter_map(|i| match i {
            Item::Lines(rules, span) => Some((rules, *span)),
            _ => None,
        });
        let Some((rules, span)) = blocks.next() else {
            if dots {
                let board = d.items.iter().find_map(|i| match i {
                    Item::Board(_, _, s) => Some(*s),
                    _ => None,
                });
                self.invalid(
                    board.unwrap_or(d.title_span),
                    "a board of dots needs a `lines` block to say what a move draws",
                    "add `lines { ... }` with the line `draw a line between two neighbouring dots`",
                );
            }
            return None;
        };
        if let Some((_, again)) = blocks.next() {
            self.repeated(
                "the game has more than one `lines` block".to_string(),
                again,
                span,
                "keep one `lines` block and put every rule of drawing lines in it",
            );
        }
        if !dots {
            self.invalid(
                span,
                "drawing lines needs a board of dots",
                "write the board as `board dots 3 x 3` (boxes across and down)",
            );
            return None;
        }
        for item in &d.items {
            // What moves, captures or guards pieces has nothing to act on: a move draws a
            // line, and pieces only mark boxes.
            let other = match item {
                Item::Piece(p) if !p.rules.is_empty() || p.royal => {
                    self.invalid(
                        p.name.span,
                        "on a board of dots a move draws a line: pieces only mark boxes",
                        "remove the piece's rules (and `royal`); `completing a box puts my \
                         PIECE in it` places it",
                    );
                    None
                }
                Item::Sowing(_, s) | Item::Race(_, s) => Some(*s),
                Item::MayPass(s, _) | Item::PieRule(s) => Some(*s),
                Item::RemovedAtOnce(s) | Item::Identity(s) | Item::HandFirst { span: s, .. } => {
                    Some(*s)
                }
                Item::ToHand(s, _) | Item::Face(_, _, s) | Item::NoCheck(s) => Some(*s),
                Item::FromPartner(s) => Some(*s),
                Item::Capture { span, .. }
                | Item::Explode { span, .. }
                | Item::Mill { span, .. }
                | Item::Entry { span, .. }
                | Item::TurnPlaces { span, .. }
                | Item::Opening { span, .. } => Some(*span),
                Item::Custody(c) => Some(c.span),
                Item::State(s) => Some(s.span),
                Item::Dice(dd) => Some(dd.span),
                Item::Native(call) => Some(call.span),
                _ => None,
            };
            if let Some(span) = other {
                self.invalid(
                    span,
                    "on a board of dots a move draws a line: this rule is not in the language \
                     there yet",
                    "remove this line; the `lines` block says what a turn draws",
                );
            }
        }
        let mut model = Lines::default();
        let mut draw = None;
        let mut seen: Vec<(std::mem::Discriminant<LineRuleKind>, Span)> = Vec::new();
        for r in rules {
            let key = std::mem::discriminant(&r.kind);
            if let Some(&(_, first)) = seen.iter().find(|(k, _)| *k == key) {
                self.repeated(
                    "this rule of drawing lines is given twice".to_string(),
                    r.span,
                    first,
                    "keep one of the two lines",
                );
                continue;
            }
            seen.push((key, r.span));
            match &r.kind {
                LineRuleKind::Draw => draw = Some(r.span),
                LineRuleKind::Again => model.again = true,
                LineRuleKind::Claim(n) => model.claim = self.kind(scope, n),
            }
        }
        if draw.is_none() {
            self.invalid(
                span,
                "the `lines` block does not say what a move draws",
                "add the line `draw a line between two neighbouring dots`",
            );
        }
        Some(model)
    }

    /// `board dots W x H`: W x H boxes, whose lines must fit in a position's [`MAX_LINES`].
    pub(super) fn dots_board(&mut self, width: &Number, height: &Number) -> Option<Board> {
        let ok = self.board_side(width) & self.board_side(height);
        if !ok {
            return None;
        }
        let (w, h) = (width.value, height.value);
        let lines = w * (h + 1) + h * (w + 1);
        if lines > MAX_LINES {
            self.err(CheckError::OutOfRange {
                what: "board of dots",
                value: format!("{w} x {h} ({lines} lines)"),
                span: Span::new(width.span.start, height.span.end),
                range: format!("at most {MAX_LINES} lines (7 x 7 boxes fit)"),
            });
            return None;
        }
        Some(Board::dots(w, h))
    }
}
