//! Movement rules: each rule of a piece resolved for one player, with the mistakes that make a
//! rule impossible. [`Checker::rule`] dispatches on the rule's kind; the larger mechanics sit
//! in rooms of their own (`place.rs`, `jumps.rs`, `castle.rs`).

use super::*;
use crate::model::{FlyRule, LineCountRule, WalkRule};

/// The longest walk (friends counted at most) whose every route is a move of its own.
pub(super) const MAX_EFFECT_WALK: u32 = 8;

impl Checker {
    /// Resolves movement rule `r` for player `p`; `report` is false on a second player's
    /// quiet pass, whose mistakes were reported from the first.
    pub(super) fn rule(
        &mut self,
        scope: &Scope,
        r: &RuleDecl,
        p: PlayerId,
        report: bool,
        castle_letters: &mut IndexMap<char, Span>,
    ) -> Option<RuleModel> {
        match r {
            RuleDecl::Step { .. } => self.step_rule(scope, r, p, report),
            RuleDecl::Slide {
                until_blocked,
                target,
                within: Some(_),
                span,
                ..
            } if *until_blocked || matches!(target, Some(TargetDecl::Smash)) => self.reject(
                report,
                *span,
                "a slide `within` a region cannot go `until blocked` or smash",
                "leave out `until blocked` or `smashing enemy`, or the `within` clause",
            ),
            RuleDecl::Slide {
                dirs,
                until_blocked,
                target,
                within,
                ..
            } => Some(RuleModel::Slide {
                dirs: self.dirs(scope, dirs, p, report)?,
                until_blocked: *until_blocked,
                target: Self::target(*target, Target::EmptyOrEnemy),
                within: self.within(scope, within.as_ref(), p, report)?,
            }),
            RuleDecl::Leap { .. } => self.leap_rule(scope, r, p, report),
            RuleDecl::Ride { .. } => self.ride_rule(scope, r, p, report),
            RuleDecl::Hop { dirs, target, span } => Some(RuleModel::Hop {
                dirs: self.dirs(scope, dirs, p, report)?,
                target: self.unsmashing(*target, "a hop", *span, report)?,
            }),
            RuleDecl::Fly { dirs, then, .. } => self.fly_rule(scope, dirs, then, p, report),
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
            RuleDecl::SlideShoot { .. } => self.slide_shoot_rule(scope, r, p, report),
            RuleDecl::LineCount { .. } => self.line_count_rule(scope, r, p, report),
            RuleDecl::Place { .. } => self.place_rule(scope, r, p, report),
            RuleDecl::Jump { .. } => self.jump_rule(scope, r, p, report),
            RuleDecl::Approach { .. } => self.approach_rule(scope, r, p, report),
            RuleDecl::Circuits { circuits, .. } => self.circuits_rule(scope, circuits, report),
            RuleDecl::Walk { .. } => self.walk_rule(scope, r, p, report),
            RuleDecl::EnPassant { dirs, smash, .. } => Some(RuleModel::EnPassant {
                smash: *smash,
                dirs: self.dirs(scope, dirs, p, report)?,
            }),
            RuleDecl::Castle { .. } => self.castle_rule(scope, r, report, castle_letters),
            RuleDecl::Screen {
                dirs,
                quiet,
                within,
                sparing,
                ..
            } => {
                let mut spared = 0u128;
                for n in sparing {
                    spared |= 1u128 << self.reported(report, |c| c.kind(scope, n))?;
                }
                Some(RuleModel::Screen {
                    dirs: self.dirs(scope, dirs, p, report)?,
                    quiet: *quiet,
                    within: self.within(scope, within.as_ref(), p, report)?,
                    sparing: spared,
                })
            }
            RuleDecl::Drop { .. } => self.drop_rule(scope, r, p, report),
            RuleDecl::PromoteMove { .. } => self.promote_move_rule(scope, r, p, report),
            RuleDecl::FlyAnywhere { pieces, .. } => Some(RuleModel::FlyAnywhere {
                when_pieces: pieces.map(|n| n.value),
            }),
            // Lines about the piece rather than its moves: read by `Checker::piece`.
            RuleDecl::Bar { .. }
            | RuleDecl::StepEffect { .. }
            | RuleDecl::Promote { .. }
            | RuleDecl::NoCapture { .. }
            | RuleDecl::Streak { .. }
            | RuleDecl::Surrounded { .. }
            | RuleDecl::Convert { .. }
            | RuleDecl::Meet { .. }
            | RuleDecl::Confined { .. }
            | RuleDecl::Drawn { .. }
            | RuleDecl::Native(_) => None,
        }
    }

    /// Runs `f` on this checker when `report` is set, else on a throwaway one: a quiet pass
    /// resolves the same names without reporting.
    pub(super) fn reported<T>(&mut self, report: bool, f: impl FnOnce(&mut Checker) -> T) -> T {
        if report {
            f(self)
        } else {
            f(&mut Checker::default())
        }
    }

    /// A mistake that makes a rule impossible: reported on the reporting pass only, and the
    /// rule dropped either way.
    pub(super) fn reject<T>(
        &mut self,
        report: bool,
        span: Span,
        message: impl Into<String>,
        hint: impl Into<String>,
    ) -> Option<T> {
        if report {
            self.invalid(span, message, hint);
        }
        None
    }

    /// A rule's target (any but `smash`, which only steps and slides may do); `who` names the
    /// rule in the message.
    pub(super) fn unsmashing(
        &mut self,
        target: Option<TargetDecl>,
        who: &str,
        span: Span,
        report: bool,
    ) -> Option<Target> {
        match Self::target(target, Target::EmptyOrEnemy) {
            Target::Smash => self.reject(
                report,
                span,
                format!("{who} cannot smash"),
                "end it with `to empty`, `to enemy` or `to empty or enemy`",
            ),
            t => Some(t),
        }
    }

    /// `step DIRS [twice] [TARGET] [from REGION][, may be taken en passant]`.
    fn step_rule(
        &mut self,
        scope: &Scope,
        r: &RuleDecl,
        p: PlayerId,
        report: bool,
    ) -> Option<RuleModel> {
        let RuleDecl::Step {
            dirs,
            twice,
            target,
            from,
            within,
            en_passant,
            span,
        } = r
        else {
            return None;
        };
        let ds = self.dirs(scope, dirs, p, report)?;
        if *twice && within.is_some() {
            return self.reject(
                report,
                *span,
                "a step `twice` cannot keep `within` a region",
                "write the two steps as a `leap` or a `slide`, which may keep within it",
            );
        }
        let within = self.within(scope, within.as_ref(), p, report)?;
        let from_cells = match from {
            Some(reg) => Some(self.reported(report, |c| c.region(scope, reg, Some(p)))?),
            None => None,
        };
        if let (Some(f), Some(reg)) = (from_cells, from) {
            if !Self::step_stays_on_board(scope, &ds, f, *twice) {
                self.step_off_board(scope, r, reg, p, report);
                return None;
            }
        }
        let target = Self::target(*target, Target::EmptyOrEnemy);
        if *en_passant && (!twice || target != Target::Empty) {
            return self.reject(
                report,
                *span,
                "only a double step to an empty cell may be taken en passant",
                "write `step forward twice to empty ..., may be taken en passant`",
            );
        }
        if *twice && target != Target::Empty {
            return self.reject(
                report,
                *span,
                "a step `twice` must go `to empty`",
                "add `to empty`; captures take single steps",
            );
        }
        Some(RuleModel::Step {
            dirs: ds,
            twice: *twice,
            target,
            from: from_cells,
            within,
            en_passant: *en_passant,
        })
    }

    /// The cells of a `within REGION` clause for player `p`: `Some(None)` without one, `None`
    /// where the region has a mistake (reported).
    fn within(
        &mut self,
        scope: &Scope,
        within: Option<&Region>,
        p: PlayerId,
        report: bool,
    ) -> Option<Option<CellSet>> {
        match within {
            Some(reg) => Some(Some(
                self.reported(report, |c| c.region(scope, reg, Some(p)))?,
            )),
            None => Some(None),
        }
    }

    /// A step (`r`) from region `from` that always leaves the board. Reported once: from the
    /// first player's pass when the rule is dead for both players, else from the pass of the
    /// player it is dead for.
    fn step_off_board(
        &mut self,
        scope: &Scope,
        r: &RuleDecl,
        from: &Region,
        p: PlayerId,
        report: bool,
    ) {
        let RuleDecl::Step {
            dirs, twice, span, ..
        } = r
        else {
            return;
        };
        let other = 1 - p;
        let other_dead = Self::quiet_step_stays(scope, dirs, from, *twice, other) == Some(false);
        if !report && other_dead {
            return;
        }
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
        let words: Vec<String> = dirs.iter().map(|d| format!("`{}`", d.text)).collect();
        self.err(CheckError::Unreachable {
            span: *span,
            reason: format!(
                "{steps} {} from `{}` always {verb} the board{who}",
                words.join(", "),
                region_text(from)
            ),
            hint: "change the direction or the `from` region".into(),
        });
    }

    /// `fly DIRS[, then may slide DIRS]`.
    fn fly_rule(
        &mut self,
        scope: &Scope,
        dirs: &[Name],
        then: &Option<Vec<Name>>,
        p: PlayerId,
        report: bool,
    ) -> Option<RuleModel> {
        let ds = self.dirs(scope, dirs, p, report)?;
        let then = match then {
            Some(t) => Some(self.dirs(scope, t, p, report)?),
            None => None,
        };
        Some(RuleModel::Fly(FlyRule { dirs: ds, then }))
    }

    /// `slide DIRS to empty, then shoot PIECE along DIRS`: every name resolved (and reported)
    /// before the rule is dropped for any of them.
    fn slide_shoot_rule(
        &mut self,
        scope: &Scope,
        r: &RuleDecl,
        p: PlayerId,
        report: bool,
    ) -> Option<RuleModel> {
        let RuleDecl::SlideShoot {
            dirs, piece, shoot, ..
        } = r
        else {
            return None;
        };
        let ds = self.dirs(scope, dirs, p, report);
        let kind = self.reported(report, |c| c.kind(scope, piece));
        let shoot = self.dirs(scope, shoot, p, report);
        Some(RuleModel::SlideShoot {
            dirs: ds?,
            piece: kind?,
            shoot: shoot?,
        })
    }

    /// `move DIRS as far as there are pieces on its line[, over friends] [TARGET]`.
    fn line_count_rule(
        &mut self,
        scope: &Scope,
        r: &RuleDecl,
        p: PlayerId,
        report: bool,
    ) -> Option<RuleModel> {
        let RuleDecl::LineCount {
            dirs,
            over_friends,
            target,
            span,
        } = r
        else {
            return None;
        };
        let ds = self.dirs(scope, dirs, p, report)?;
        let target = self.unsmashing(*target, "a move by the pieces on its line", *span, report)?;
        Some(RuleModel::LineCount(LineCountRule {
            dirs: ds,
            over_friends: *over_friends,
            target,
        }))
    }

    /// `capture along circuit RUN loop RUN loop ...`: each run's cells, each cell next to the
    /// one before it, the last of a run marked as entering a loop.
    fn circuits_rule(
        &mut self,
        scope: &Scope,
        circuits: &[Vec<Name>],
        report: bool,
    ) -> Option<RuleModel> {
        let b = &scope.board;
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

    /// `walk [DIRS] [friends +] N [to empty][, without revisiting]`: a route of steps to empty
    /// cells, its budget 1 to 30 (0 only when friends add to it).
    fn walk_rule(
        &mut self,
        scope: &Scope,
        r: &RuleDecl,
        p: PlayerId,
        report: bool,
    ) -> Option<RuleModel> {
        let RuleDecl::Walk {
            dirs,
            friends,
            steps,
            target,
            no_revisit,
            span,
        } = r
        else {
            return None;
        };
        let ds = match dirs {
            Some(d) => self.dirs(scope, d, p, report)?,
            None => (0..scope.board.dirs.len() as u8).collect(),
        };
        if !matches!(target, None | Some(TargetDecl::Empty)) {
            return self.reject(
                report,
                *span,
                "a walk steps to empty cells only",
                "write `to empty` or leave the target out; captures happen `after each step`",
            );
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
        Some(RuleModel::Walk(WalkRule {
            dirs: ds,
            friends: *friends,
            steps: steps.value as u8,
            no_revisit: *no_revisit,
        }))
    }

    /// `not on a file with N of my PIECE`: from 1 to the number of ranks (a file never holds
    /// more).
    fn file_limit(&mut self, scope: &Scope, n: &Number) -> Option<u8> {
        let ranks = scope.board.rows;
        if n.value == 0 || n.value > ranks {
            self.err(CheckError::OutOfRange {
                what: "drop limit per file",
                value: n.value.to_string(),
                span: n.span,
                range: format!("from 1 to {ranks}, the ranks of the board (1 is the same as no count: `not on a file with my pawn`)"),
            });
            return None;
        }
        Some(n.value as u8)
    }

    /// `drop on empty[, not on REGION ...][, not on a file with [N of] my PIECE][, not giving
    /// checkmate]`.
    fn drop_rule(
        &mut self,
        scope: &Scope,
        r: &RuleDecl,
        p: PlayerId,
        report: bool,
    ) -> Option<RuleModel> {
        let RuleDecl::Drop {
            only_on,
            not_on,
            not_file_with,
            not_mating,
            either_side,
            span,
            ..
        } = r
        else {
            return None;
        };
        let not_file_with = match not_file_with {
            Some((n, count)) => {
                let kind = self.reported(report, |c| c.kind(scope, n))?;
                let limit = match count {
                    None => 1,
                    Some(k) => self.reported(report, |c| c.file_limit(scope, k))?,
                };
                Some((kind, limit))
            }
            None => None,
        };
        let mut cells = CellSet::EMPTY;
        for r in not_on {
            let set = self.reported(report, |c| c.region(scope, r, Some(p)))?;
            cells = cells.union(&set);
        }
        // `, only on ...`: every other cell is one it may not land on.
        if !only_on.is_empty() {
            let mut allowed = CellSet::EMPTY;
            for r in only_on {
                let set = self.reported(report, |c| c.region(scope, r, Some(p)))?;
                allowed = allowed.union(&set);
            }
            cells = cells.union(&scope.board.all().difference(&allowed));
        }
        if report && scope.board.all().difference(&cells).is_empty() {
            self.invalid(
                *span,
                "this drop may land on no cell",
                "leave out cells with `, not on`, or name the cells it may land on with \
                 `, only on`, so that some are left",
            );
        }
        Some(RuleModel::Drop {
            not_on: cells,
            not_file_with,
            not_mating: *not_mating,
            either_side: either_side.is_some(),
        })
    }
}
