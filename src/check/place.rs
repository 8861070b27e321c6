//! Placements: `place on empty` and its clauses (falling, flipping, groups without liberties,
//! rotating blocks, the neighbours a cell must have, lines it may not make).

use super::*;

impl Checker {
    /// `place on empty[, CLAUSE]...`: each clause resolved in the order the rule reads.
    pub(super) fn place_rule(
        &mut self,
        scope: &Scope,
        r: &RuleDecl,
        p: PlayerId,
        report: bool,
    ) -> Option<RuleModel> {
        let RuleDecl::Place {
            falling,
            flipping,
            only_flips,
            next_to,
            rotating,
            capturing,
            no_suicide,
            simple_ko,
            touching,
            not_making,
            not_by_last,
            ..
        } = r
        else {
            return None;
        };
        let not_making = match not_making {
            Some((n, ds, sp)) => Some(self.not_making(scope, n, ds.as_deref(), *sp, p, report)?),
            None => None,
        };
        let touching = match touching {
            Some(t) => Some(self.touching(scope, t, report)?),
            None => None,
        };
        let groups =
            self.group_capture(&scope.board, *capturing, *no_suicide, *simple_ko, report)?;
        let rotating = match rotating {
            Some((w, h, sp)) => Some(self.rotation_block(scope, w, h, *sp, report)?),
            None => None,
        };
        let falling = match falling {
            Some(n) => Some(self.falling(scope, n, p, report)?),
            None => None,
        };
        let flipping = match flipping {
            Some(names) => Some(self.dirs(scope, names, p, report)?),
            None => None,
        };
        if let (Some(sp), None) = (only_flips, &flipping) {
            return self.reject(
                report,
                *sp,
                "`only where it flips` needs a `flipping` clause before it",
                "write `place on empty, flipping bracketed enemies along all, only where it flips`",
            );
        }
        let next_to = match next_to {
            Some(ds) => Some(self.dirs(scope, ds, p, report)?),
            None => None,
        };
        Some(RuleModel::Place {
            falling,
            flipping,
            only_flips: only_flips.is_some(),
            next_to,
            rotating,
            groups,
            touching,
            not_making,
            not_by_last: not_by_last.is_some(),
        })
    }

    /// `capturing groups without liberties[, no suicide][, simple ko]`: the last two refine the
    /// first and need it. `Some(None)` when the placement captures no groups.
    fn group_capture(
        &mut self,
        b: &Board,
        capturing: Option<Span>,
        no_suicide: Option<Span>,
        simple_ko: Option<Span>,
        report: bool,
    ) -> Option<Option<GroupCapture>> {
        for (sp, what) in [(no_suicide, "no suicide"), (simple_ko, "simple ko")] {
            if let (Some(sp), None) = (sp, capturing) {
                return self.reject(
                    report,
                    sp,
                    format!("`{what}` needs `capturing groups without liberties` before it"),
                    "write `place on empty, capturing groups without liberties, no suicide, simple ko`",
                );
            }
        }
        Some(capturing.map(|_| GroupCapture {
            dirs: if b.dirs.len() == 8 {
                // Orthogonal neighbours on a square board.
                (0..8u8)
                    .filter(|&d| {
                        let dir = &b.dirs[d as usize];
                        dir.dx == 0 || dir.dy == 0
                    })
                    .collect()
            } else {
                (0..b.dirs.len() as u8).collect()
            },
            no_suicide: no_suicide.is_some(),
            simple_ko: simple_ko.is_some(),
        }))
    }

    /// `falling DIR`: the one direction a placed piece falls.
    fn falling(&mut self, scope: &Scope, n: &Name, p: PlayerId, report: bool) -> Option<u8> {
        let ds = self.dirs(scope, std::slice::from_ref(n), p, report)?;
        if ds.len() != 1 {
            return self.reject(
                report,
                n.span,
                format!("a piece falls in one direction, not `{}`", n.text),
                "name one direction, e.g. `falling south`",
            );
        }
        Some(ds[0])
    }

    /// `then rotate a W x H block either way`: square blocks that tile a square-grid board.
    fn rotation_block(
        &mut self,
        scope: &Scope,
        w: &Number,
        h: &Number,
        span: Span,
        report: bool,
    ) -> Option<u8> {
        if w.value != h.value {
            return self.reject(
                report,
                span,
                format!(
                    "a {} x {} block cannot turn a quarter onto itself",
                    w.value, h.value
                ),
                "rotate square blocks, e.g. `then rotate a 3 x 3 block either way`",
            );
        }
        let (crate::geometry::Shape::Square { width, height }, true) =
            (scope.board.shape, scope.board.is_full_grid())
        else {
            return self.reject(
                report,
                span,
                "blocks rotate on square-grid boards without holes only",
                "use `board square W x H`",
            );
        };
        let b = w.value;
        if b < 2 || !width.is_multiple_of(b) || !height.is_multiple_of(b) {
            return self.reject(
                report,
                span,
                format!("{b} x {b} blocks do not tile the {width} x {height} board"),
                "choose a block size of at least 2 that divides both sides of the board",
            );
        }
        Some(b as u8)
    }
}

impl Checker {
    /// `next to exactly 1 enemy and no friend`: each side counted once, no count beyond a
    /// cell's neighbours.
    fn touching(&mut self, scope: &Scope, t: &TouchDecl, report: bool) -> Option<Touching> {
        let most = scope.board.dirs.len() as u32;
        let mut out = Touching {
            enemies: (0, most as u8),
            friends: (0, most as u8),
            except_first_turn: t.except_first_turn,
        };
        let mut seen: [Option<Span>; 2] = [None, None];
        let mut ok = true;
        for (enemies, count, span) in &t.counts {
            let side = usize::from(*enemies);
            if let Some(first) = seen[side] {
                if report {
                    self.err(CheckError::Duplicate {
                        message: format!(
                            "the {} next to the cell are counted twice",
                            if *enemies { "enemies" } else { "friends" }
                        ),
                        span: *span,
                        first,
                        labels: ("counted again".into(), "first counted here".into()),
                        hint: "say it once: `next to exactly 1 enemy and no friend`".into(),
                    });
                }
                ok = false;
                continue;
            }
            seen[side] = Some(*span);
            let range = match count {
                TouchCount::No => (0, 0),
                TouchCount::Exactly(n) => (n.value, n.value),
                TouchCount::AtLeast(n) => (n.value, most),
            };
            if range.0 > most {
                if report {
                    self.err(CheckError::Unreachable {
                        span: *span,
                        reason: format!("a cell of this board has at most {most} neighbours"),
                        hint: format!("ask for {most} or fewer"),
                    });
                }
                ok = false;
                continue;
            }
            let r = (range.0 as u8, range.1 as u8);
            if *enemies {
                out.enemies = r;
            } else {
                out.friends = r;
            }
        }
        ok.then_some(out)
    }
}

impl Checker {
    /// `not making N in a row [along DIRS]`: a length from 2 up, along axes of the board
    /// (every direction by default), each axis as its two opposite directions.
    fn not_making(
        &mut self,
        scope: &Scope,
        n: &Number,
        dirs: Option<&[Name]>,
        span: Span,
        p: PlayerId,
        report: bool,
    ) -> Option<(u8, Vec<(u8, u8)>)> {
        let b = &scope.board;
        if n.value < 2 || n.value > 26 {
            if report {
                self.err(CheckError::OutOfRange {
                    what: "line length",
                    value: n.value.to_string(),
                    span: n.span,
                    range: "from 2 to 26 pieces".into(),
                });
            }
            return None;
        }
        let ds = match dirs {
            Some(names) => self.dirs(scope, names, p, report)?,
            None => (0..b.dirs.len() as u8).collect(),
        };
        let mut axes: Vec<(u8, u8)> = Vec::new();
        for d in ds {
            let dir = &b.dirs[d as usize];
            let Some(back) = b.dir_of(-dir.dx, -dir.dy) else {
                continue;
            };
            let axis = (d.min(back), d.max(back));
            if !axes.contains(&axis) {
                axes.push(axis);
            }
        }
        if axes.is_empty() {
            if report {
                self.invalid(span, "these directions have no opposites on this board", "");
            }
            return None;
        }
        Some((n.value as u8, axes))
    }
}
