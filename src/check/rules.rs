//! Movement rules: each rule of a piece resolved for one player, with the mistakes that make a
//! rule impossible.

use super::*;

/// The longest walk (friends counted at most) whose every route is a move of its own.
pub(super) const MAX_EFFECT_WALK: u32 = 8;

impl Checker {
    pub(super) fn rule(
        &mut self,
        scope: &Scope,
        r: &RuleDecl,
        p: PlayerId,
        report: bool,
        castle_letters: &mut IndexMap<char, Span>,
    ) -> Option<RuleModel> {
        let b = &scope.board;
        match r {
            RuleDecl::Step {
                dirs,
                twice,
                target,
                from,
                en_passant,
                span,
            } => {
                let ds = self.dirs(scope, dirs, p, report)?;
                let from_decl = from;
                let from = match from {
                    Some(reg) if report => Some(self.region(scope, reg, Some(p))?),
                    Some(reg) => {
                        let mut quiet = Checker::default();
                        Some(quiet.region(scope, reg, Some(p))?)
                    }
                    None => None,
                };
                if let (Some(f), Some(reg)) = (from, from_decl) {
                    if !Self::step_stays_on_board(scope, &ds, f, *twice) {
                        // Report once: from the first player's pass when the rule is dead for
                        // both players, else from the pass of the player it is dead for.
                        let other = 1 - p;
                        let other_dead =
                            Self::quiet_step_stays(scope, dirs, reg, *twice, other) == Some(false);
                        if report || !other_dead {
                            let who = if other_dead {
                                String::new()
                            } else {
                                format!(" for {}", scope.player_names[p])
                            };
                            let (steps, verb) = if *twice {
                                ("two steps", "leave")
                            } else {
                                ("a step", "leaves")
                            };
                            let words: Vec<String> =
                                dirs.iter().map(|d| format!("`{}`", d.text)).collect();
                            self.err(CheckError::Unreachable {
                                span: *span,
                                reason: format!(
                                    "{steps} {} from `{}` always {verb} the board{who}",
                                    words.join(", "),
                                    region_text(reg)
                                ),
                                hint: "change the direction or the `from` region".into(),
                            });
                        }
                        return None;
                    }
                }
                let target = Self::target(*target, Target::EmptyOrEnemy);
                if *en_passant && (!twice || target != Target::Empty) {
                    if report {
                        self.invalid(
                            *span,
                            "only a double step to an empty cell may be taken en passant",
                            "write `step forward twice to empty ..., may be taken en passant`",
                        );
                    }
                    return None;
                }
                if *twice && target != Target::Empty {
                    if report {
                        self.invalid(
                            *span,
                            "a step `twice` must go `to empty`",
                            "add `to empty`; captures take single steps",
                        );
                    }
                    return None;
                }
                Some(RuleModel::Step {
                    dirs: ds,
                    twice: *twice,
                    target,
                    from,
                    en_passant: *en_passant,
                })
            }
            RuleDecl::Slide {
                dirs,
                until_blocked,
                target,
                ..
            } => Some(RuleModel::Slide {
                dirs: self.dirs(scope, dirs, p, report)?,
                until_blocked: *until_blocked,
                target: Self::target(*target, Target::EmptyOrEnemy),
            }),
            RuleDecl::Leap {
                a,
                b: bb,
                target,
                blocked,
                toward,
                then_fresh,
                span,
            } => {
                let offsets = self.leap_offsets(scope, a, bb, toward, *span, p, report)?;
                Some(RuleModel::Leap {
                    offsets,
                    target: Self::target(*target, Target::EmptyOrEnemy),
                    label: (a.value, bb.value),
                    blocked: *blocked,
                    then_fresh: *then_fresh,
                })
            }
            RuleDecl::Ride {
                a,
                b: bb,
                target,
                toward,
                span,
            } => {
                let offsets = self.leap_offsets(scope, a, bb, toward, *span, p, report)?;
                let target = Self::target(*target, Target::EmptyOrEnemy);
                if target == Target::Smash {
                    if report {
                        self.invalid(
                            *span,
                            "a ride cannot smash",
                            "end it with `to empty`, `to enemy` or `to empty or enemy`",
                        );
                    }
                    return None;
                }
                Some(RuleModel::Ride {
                    offsets,
                    target,
                    label: (a.value, bb.value),
                })
            }
            RuleDecl::Hop { dirs, target, span } => {
                let ds = self.dirs(scope, dirs, p, report)?;
                let target = Self::target(*target, Target::EmptyOrEnemy);
                if target == Target::Smash {
                    if report {
                        self.invalid(
                            *span,
                            "a hop cannot smash",
                            "end it with `to empty`, `to enemy` or `to empty or enemy`",
                        );
                    }
                    return None;
                }
                Some(RuleModel::Hop { dirs: ds, target })
            }
            RuleDecl::Fly { dirs, then, .. } => {
                let ds = self.dirs(scope, dirs, p, report)?;
                let then = match then {
                    Some(t) => Some(self.dirs(scope, t, p, report)?),
                    None => None,
                };
                Some(RuleModel::Fly { dirs: ds, then })
            }
            RuleDecl::Push { dirs, .. } => Some(RuleModel::Push {
                dirs: self.dirs(scope, dirs, p, report)?,
            }),
            RuleDecl::Sleep { dirs, .. } => Some(RuleModel::Sleep {
                dirs: self.dirs(scope, dirs, p, report)?,
            }),
            RuleDecl::Heal { dirs, .. } => Some(RuleModel::Heal {
                dirs: self.dirs(scope, dirs, p, report)?,
            }),
            RuleDecl::Swap { .. } => Some(RuleModel::Swap),
            RuleDecl::SlideShoot {
                dirs, piece, shoot, ..
            } => {
                let ds = self.dirs(scope, dirs, p, report);
                let kind = if report {
                    self.kind(scope, piece)
                } else {
                    Checker::default().kind(scope, piece)
                };
                let shoot = self.dirs(scope, shoot, p, report);
                Some(RuleModel::SlideShoot {
                    dirs: ds?,
                    piece: kind?,
                    shoot: shoot?,
                })
            }
            RuleDecl::LineCount {
                dirs,
                over_friends,
                target,
                span,
            } => {
                let ds = self.dirs(scope, dirs, p, report)?;
                let target = Self::target(*target, Target::EmptyOrEnemy);
                if target == Target::Smash {
                    if report {
                        self.invalid(
                            *span,
                            "a move by the pieces on its line cannot smash",
                            "end it with `to empty`, `to enemy` or `to empty or enemy`",
                        );
                    }
                    return None;
                }
                Some(RuleModel::LineCount {
                    dirs: ds,
                    over_friends: *over_friends,
                    target,
                })
            }
            RuleDecl::Place {
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
                ..
            } => {
                let not_making = match not_making {
                    Some((n, ds, sp)) => {
                        Some(self.not_making(scope, n, ds.as_deref(), *sp, p, report)?)
                    }
                    None => None,
                };
                let touching = match touching {
                    Some(t) => Some(self.touching(scope, t, report)?),
                    None => None,
                };
                // `no suicide` and `simple ko` refine the capture of groups.
                for (sp, what) in [(no_suicide, "no suicide"), (simple_ko, "simple ko")] {
                    if let (Some(sp), None) = (sp, capturing) {
                        if report {
                            self.invalid(
                                *sp,
                                format!("`{what}` needs `capturing groups without liberties` before it"),
                                "write `place on empty, capturing groups without liberties, no suicide, simple ko`",
                            );
                        }
                        return None;
                    }
                }
                let groups = capturing.map(|_| GroupCapture {
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
                });
                let rotating = match rotating {
                    Some((w, h, sp)) => Some(self.rotation_block(scope, w, h, *sp, report)?),
                    None => None,
                };
                let falling = match falling {
                    Some(n) => {
                        let ds = self.dirs(scope, std::slice::from_ref(n), p, report)?;
                        if ds.len() != 1 {
                            if report {
                                self.invalid(
                                    n.span,
                                    format!("a piece falls in one direction, not `{}`", n.text),
                                    "name one direction, e.g. `falling south`",
                                );
                            }
                            return None;
                        }
                        Some(ds[0])
                    }
                    None => None,
                };
                let flipping_names = flipping;
                let flipping = match flipping {
                    Some(ds) => Some(self.dirs(scope, ds, p, report)?),
                    None => None,
                };
                if let (Some(dirs), Some(names)) = (&flipping, flipping_names) {
                    // A move lists the pieces it flips in a fixed-size path.
                    let most = most_flips(&scope.board, dirs);
                    if most > crate::engine::MAX_CAPTURES {
                        if report {
                            let span =
                                Span::new(names[0].span.start, names[names.len() - 1].span.end);
                            self.invalid(
                                span,
                                format!(
                                    "a placement here could flip {most} pieces at once; at most {} can be flipped in one move",
                                    crate::engine::MAX_CAPTURES
                                ),
                                "flip along fewer directions, or use a smaller board",
                            );
                        }
                        return None;
                    }
                }
                if let (Some(sp), None) = (only_flips, &flipping) {
                    if report {
                        self.invalid(
                            *sp,
                            "`only where it flips` needs a `flipping` clause before it",
                            "write `place on empty, flipping bracketed enemies along all, only where it flips`",
                        );
                    }
                    return None;
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
                })
            }
            RuleDecl::Bar { .. } => None,
            RuleDecl::Jump {
                far,
                dirs,
                hurdle,
                gap,
                beyond,
                landing,
                repeatedly,
                kinds,
                no_turning_back,
                straight,
                may_stop,
                ..
            } => {
                let ds = self.dirs(scope, dirs, p, report)?;
                let mut kind_bits = None;
                for n in kinds {
                    let k = if report {
                        self.kind(scope, n)?
                    } else {
                        Checker::default().kind(scope, n)?
                    };
                    *kind_bits.get_or_insert(0u128) |= 1 << k;
                }
                for (sp, what) in [
                    (no_turning_back, "without turning back"),
                    (straight, "in a straight line"),
                    (may_stop, "may stop after any jump"),
                ] {
                    if let (Some(sp), false) = (sp, repeatedly) {
                        if report {
                            self.invalid(
                                *sp,
                                format!("`{what}` is about the jumps of a chain"),
                                format!("add `repeatedly`, or leave `{what}` out"),
                            );
                        }
                        return None;
                    }
                }
                let takes = matches!(hurdle, HurdleDecl::Enemy);
                if let (Some(sp), false) = (may_stop, takes) {
                    if report {
                        self.invalid(
                            *sp,
                            "a chain that takes nothing may already stop after any jump",
                            "leave `, may stop after any jump` out, or jump `over enemy`",
                        );
                    }
                    return None;
                }
                if let (Some(sp), false) = (straight, takes) {
                    if report {
                        self.invalid(
                            *sp,
                            "`in a straight line` is for chains that capture",
                            "jump `over enemy`, or leave `in a straight line` out",
                        );
                    }
                    return None;
                }
                let (dg, db) = if *far {
                    ((0, 254), (1, 254))
                } else {
                    ((0, 0), (1, 1))
                };
                let gap = if report {
                    self.range(gap, dg)?
                } else {
                    Checker::default().range(gap, dg)?
                };
                let beyond_span = beyond.as_ref().map_or(Span::default(), |(lo, hi)| {
                    Span::new(lo.span.start, hi.span.end)
                });
                let beyond = if report {
                    self.range(beyond, db)?
                } else {
                    Checker::default().range(beyond, db)?
                };
                if beyond.0 == 0 {
                    if report {
                        self.invalid_labelled(
                            beyond_span,
                            "a jump must land at least 1 cell beyond the piece it jumps",
                            "0 cells beyond would land on the jumped piece",
                            "start the range at 1, e.g. `beyond 1..3`",
                        );
                    }
                    return None;
                }
                let landing = match landing {
                    Some(reg) => Some(if report {
                        self.region(scope, reg, Some(p))?
                    } else {
                        Checker::default().region(scope, reg, Some(p))?
                    }),
                    None => None,
                };
                Some(RuleModel::Jump {
                    dirs: ds,
                    hurdle: match hurdle {
                        HurdleDecl::Enemy => Hurdle::Enemy,
                        HurdleDecl::Friend => Hurdle::Friend,
                        HurdleDecl::Any => Hurdle::Any,
                    },
                    gap,
                    beyond,
                    landing,
                    repeatedly: *repeatedly,
                    kinds: kind_bits,
                    no_turning_back: no_turning_back.is_some(),
                    straight: straight.is_some(),
                    may_stop: may_stop.is_some(),
                })
            }
            RuleDecl::Approach {
                dirs,
                repeatedly,
                not_first_turn,
                may_stop,
                no_revisit,
                no_same_dir,
                ..
            } => {
                let ds = self.dirs(scope, dirs, p, report)?;
                for (sp, what) in [
                    (may_stop, "may stop after any capture"),
                    (no_revisit, "without revisiting"),
                    (no_same_dir, "never twice in the same direction"),
                ] {
                    if let (Some(sp), false) = (sp, repeatedly) {
                        if report {
                            self.invalid(
                                *sp,
                                format!("`{what}` is about the steps of a chain"),
                                "add `, repeatedly` before it, or leave it out",
                            );
                        }
                        return None;
                    }
                }
                Some(RuleModel::Approach {
                    dirs: ds,
                    repeatedly: *repeatedly,
                    not_first_turn: *not_first_turn,
                    may_stop: may_stop.is_some(),
                    no_revisit: no_revisit.is_some(),
                    no_same_dir: no_same_dir.is_some(),
                })
            }
            RuleDecl::Circuits { circuits, .. } => {
                let mut out = Vec::new();
                let mut ok = true;
                for runs in circuits {
                    let mut cells: Vec<(Cell, bool)> = Vec::new();
                    for run in runs {
                        let mut prev = None;
                        for part in run.text.split('-') {
                            let Some(c) = b.cell(part) else {
                                if report {
                                    self.invalid(
                                        run.span,
                                        format!("`{part}` is not a cell of the board"),
                                        "write each run of a circuit as its cells joined by `-`, as `a2-b2-c2`",
                                    );
                                }
                                ok = false;
                                break;
                            };
                            if let Some(q) = prev {
                                if !(0..b.dirs.len() as u8).any(|d| b.step(q, d) == c) {
                                    if report {
                                        self.invalid(
                                            run.span,
                                            format!("`{part}` is not next to the cell before it"),
                                            "a run of a circuit goes from cell to neighbouring cell; a loop joins one run to the next",
                                        );
                                    }
                                    ok = false;
                                    break;
                                }
                            }
                            prev = Some(c);
                            cells.push((c, false));
                        }
                        if let Some(last) = cells.last_mut() {
                            last.1 = true;
                        }
                    }
                    out.push(cells);
                }
                ok.then_some(RuleModel::Circuits { circuits: out })
            }
            RuleDecl::Walk {
                dirs,
                friends,
                steps,
                target,
                no_revisit,
                span,
            } => {
                let ds = match dirs {
                    Some(d) => self.dirs(scope, d, p, report)?,
                    None => (0..b.dirs.len() as u8).collect(),
                };
                if !matches!(target, None | Some(TargetDecl::Empty)) {
                    if report {
                        self.invalid(
                            *span,
                            "a walk steps to empty cells only",
                            "write `to empty` or leave the target out; captures happen `after each step`",
                        );
                    }
                    return None;
                }
                if steps.value > 30 || (!friends && steps.value == 0) {
                    if report {
                        self.err(CheckError::OutOfRange {
                            what: "step budget",
                            value: steps.value.to_string(),
                            span: steps.span,
                            range: "1 to 30 steps".into(),
                        });
                    }
                    return None;
                }
                Some(RuleModel::Walk {
                    dirs: ds,
                    friends: *friends,
                    steps: steps.value as u8,
                    no_revisit: *no_revisit,
                })
            }
            RuleDecl::StepEffect { .. } => None,
            RuleDecl::EnPassant { dirs, smash, .. } => Some(RuleModel::EnPassant {
                smash: *smash,
                dirs: self.dirs(scope, dirs, p, report)?,
            }),
            RuleDecl::Castle {
                dir,
                to_file,
                partner,
                letter,
                letter_span,
                free,
                ..
            } => {
                // Chess960 castling needs the file the piece lands on, whatever its start.
                if let (Some(f), None, true) = (free, to_file, report) {
                    self.invalid(
                        *f,
                        "castling wherever the pieces stand needs the file the piece lands on"
                            .to_string(),
                        "add `to file F` after the direction, e.g. `castle east to file g with \
                         rook as \"K\", wherever they stand`",
                    );
                }
                let d = b.dir_named(&dir.text);
                if d.is_none() && report {
                    let known: Vec<String> = b.dir_names().map(String::from).collect();
                    self.unknown("direction", dir, &known);
                }
                // `to file F`: the piece lands on that file of its rank, so it moves along
                // the rank.
                let file = match to_file {
                    None => Some(None),
                    Some(f) => {
                        let x = if report {
                            self.file_number(scope, f)
                        } else {
                            b.file_of_label(&f.text).map(|x| x as i32)
                        };
                        let along_rank = d.is_some_and(|d| {
                            let v = &b.dirs[d as usize];
                            v.dy == 0 && v.dx != 0
                        });
                        if d.is_some() && !along_rank && report {
                            self.invalid(
                                dir.span,
                                format!(
                                    "castling to a file moves along the rank, not `{}`",
                                    dir.text
                                ),
                                "castle `east` or `west` to a file, or leave out `to file`",
                            );
                        }
                        x.filter(|_| along_rank).map(|x| Some(x as u8))
                    }
                };
                let k = if report {
                    self.kind(scope, partner)
                } else {
                    scope.kinds.get_index_of(&partner.text)
                };
                let mut chars = letter.chars();
                let l = match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_ascii_alphabetic() => Some(c.to_ascii_uppercase()),
                    _ => {
                        if report {
                            self.invalid(
                                *letter_span,
                                format!("castling letter \"{letter}\" must be a single letter"),
                                "write one letter, e.g. \"K\"",
                            );
                        }
                        None
                    }
                };
                if let (Some(l), true) = (l, report) {
                    if let Some(first) = castle_letters.get(&l) {
                        let first = *first;
                        self.repeated(
                            format!("castling letter \"{letter}\" is used twice"),
                            *letter_span,
                            first,
                            "each castling right needs its own letter",
                        );
                    } else {
                        castle_letters.insert(l, *letter_span);
                    }
                }
                if free.is_some() && to_file.is_none() {
                    return None;
                }
                Some(RuleModel::Castle {
                    dir: d?,
                    to_file: file?,
                    partner: k?,
                    letter: l?,
                    free: free.is_some(),
                })
            }
            RuleDecl::Promote { .. }
            | RuleDecl::NoCapture { .. }
            | RuleDecl::Surrounded { .. }
            | RuleDecl::Convert { .. }
            | RuleDecl::Confined { .. }
            | RuleDecl::Drawn { .. }
            | RuleDecl::Native(_) => None,
            RuleDecl::Screen { dirs, .. } => Some(RuleModel::Screen {
                dirs: self.dirs(scope, dirs, p, report)?,
            }),
            RuleDecl::Drop {
                not_on,
                not_file_with,
                not_mating,
                ..
            } => {
                let not_file_with = match not_file_with {
                    Some(n) if report => Some(self.kind(scope, n)?),
                    Some(n) => Some(Checker::default().kind(scope, n)?),
                    None => None,
                };
                let mut cells = CellSet::EMPTY;
                for r in not_on {
                    let set = if report {
                        self.region(scope, r, Some(p))?
                    } else {
                        Checker::default().region(scope, r, Some(p))?
                    };
                    cells = cells.union(&set);
                }
                Some(RuleModel::Drop {
                    not_on: cells,
                    not_file_with,
                    not_mating: *not_mating,
                })
            }
            RuleDecl::FlyAnywhere { pieces, .. } => Some(RuleModel::FlyAnywhere {
                when_pieces: pieces.map(|n| n.value),
            }),
        }
    }
}

/// The most pieces one placement could flip along `dirs` on `board`: over every cell, the sum
/// of its rays' lengths, less the bracketing piece at each ray's end.
fn most_flips(board: &Board, dirs: &[u8]) -> usize {
    (0..board.len() as Cell)
        .map(|c| {
            dirs.iter()
                .map(|&d| {
                    let (mut t, mut n) = (board.step(c, d), 0usize);
                    while t != crate::geometry::NONE {
                        n += 1;
                        t = board.step(t, d);
                    }
                    n.saturating_sub(1)
                })
                .sum::<usize>()
        })
        .max()
        .unwrap_or(0)
}

impl Checker {
    /// `then rotate a W x H block either way`: square blocks that tile a square-grid board.
    fn rotation_block(
        &mut self,
        scope: &Scope,
        w: &Number,
        h: &Number,
        span: Span,
        report: bool,
    ) -> Option<u8> {
        let fail = |c: &mut Self, message: String, hint: &str| {
            if report {
                c.invalid(span, message, hint);
            }
            None
        };
        if w.value != h.value {
            return fail(
                self,
                format!(
                    "a {} x {} block cannot turn a quarter onto itself",
                    w.value, h.value
                ),
                "rotate square blocks, e.g. `then rotate a 3 x 3 block either way`",
            );
        }
        let crate::geometry::Shape::Square { width, height } = scope.board.shape else {
            return fail(
                self,
                "blocks rotate on square-grid boards only".into(),
                "use `board square W x H`",
            );
        };
        let b = w.value;
        if b < 2 || !width.is_multiple_of(b) || !height.is_multiple_of(b) {
            return fail(
                self,
                format!("{b} x {b} blocks do not tile the {width} x {height} board"),
                "choose a block size of at least 2 that divides both sides of the board",
            );
        }
        Some(b as u8)
    }

    /// The offsets of a leap (or a ride) of `(a, b)`, in all eight combinations of signs and
    /// order, kept to those whose longer side points one of the `toward` directions.
    #[allow(clippy::too_many_arguments)]
    fn leap_offsets(
        &mut self,
        scope: &Scope,
        a: &Number,
        bb: &Number,
        toward: &Option<Vec<Name>>,
        span: Span,
        p: PlayerId,
        report: bool,
    ) -> Option<Vec<(i32, i32)>> {
        let b = &scope.board;
        if b.dirs.len() != 8 {
            if report {
                self.invalid(span, "leaps are defined on square boards only", "");
            }
            return None;
        }
        let (x, y) = (a.value as i32, bb.value as i32);
        if x == 0 && y == 0 {
            if report {
                self.err(CheckError::Unreachable {
                    span,
                    reason: "a leap of (0, 0) goes nowhere".into(),
                    hint: "a knight leaps (1, 2), a camel (1, 3)".into(),
                });
            }
            return None;
        }
        let mut offsets = Vec::new();
        for (dx, dy) in [(x, y), (y, x)] {
            for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let o = (dx * sx, dy * sy);
                if !offsets.contains(&o) {
                    offsets.push(o);
                }
            }
        }
        if let Some(names) = toward {
            // Keep the leaps whose longer side points one of those ways: the part
            // along the direction is positive and at least the part across it.
            let ds = self.dirs(scope, names, p, report)?;
            offsets.retain(|&(ox, oy)| {
                ds.iter().any(|&d| {
                    let dir = &b.dirs[d as usize];
                    let along = ox * dir.dx + oy * dir.dy;
                    let across = ox * dir.dy - oy * dir.dx;
                    along > 0 && along.abs() >= across.abs()
                })
            });
        }
        Some(offsets)
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
