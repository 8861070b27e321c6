//! Jumps and capturing chains: `jump DIRS over ...` (single jumps, far jumps and chains of
//! them) and `step DIRS to empty, capturing by approach or withdrawal[, repeatedly]`.

use super::*;
use crate::model::{ApproachRule, JumpRule};

impl Checker {
    /// `[far] jump DIRS over HURDLE [KIND...] [gap A..B] [beyond A..B] [onto REGION]
    /// [repeatedly[, CHAIN CLAUSE]...]`.
    pub(super) fn jump_rule(
        &mut self,
        scope: &Scope,
        r: &RuleDecl,
        p: PlayerId,
        report: bool,
    ) -> Option<RuleModel> {
        let RuleDecl::Jump {
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
        } = r
        else {
            return None;
        };
        let ds = self.dirs(scope, dirs, p, report)?;
        let mut kind_bits = None;
        for n in kinds {
            let k = self.reported(report, |c| c.kind(scope, n))?;
            *kind_bits.get_or_insert(0u128) |= 1 << k;
        }
        self.jump_chain_clauses(r, report)?;
        let (dg, db) = if *far {
            ((0, 254), (1, 254))
        } else {
            ((0, 0), (1, 1))
        };
        let gap = self.reported(report, |c| c.range(gap, dg))?;
        let beyond_span = beyond.as_ref().map_or(Span::default(), |(lo, hi)| {
            Span::new(lo.span.start, hi.span.end)
        });
        let beyond = self.reported(report, |c| c.range(beyond, db))?;
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
            Some(reg) => Some(self.reported(report, |c| c.region(scope, reg, Some(p)))?),
            None => None,
        };
        Some(RuleModel::Jump(JumpRule {
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
        }))
    }

    /// The clauses of a jump (`r`) about its chain: each needs `repeatedly`, and stopping
    /// early or going straight only mean something for a chain that captures.
    fn jump_chain_clauses(&mut self, r: &RuleDecl, report: bool) -> Option<()> {
        let RuleDecl::Jump {
            hurdle,
            repeatedly,
            no_turning_back,
            straight,
            may_stop,
            ..
        } = r
        else {
            return None;
        };
        let clauses = [
            (*no_turning_back, "without turning back"),
            (*straight, "in a straight line"),
            (*may_stop, "may stop after any jump"),
        ];
        self.chain_only(&clauses, *repeatedly, "jumps", report, |what| {
            format!("add `repeatedly`, or leave `{what}` out")
        })?;
        let takes = matches!(hurdle, HurdleDecl::Enemy);
        if let (Some(sp), false) = (may_stop, takes) {
            return self.reject(
                report,
                *sp,
                "a chain that takes nothing may already stop after any jump",
                "leave `, may stop after any jump` out, or jump `over enemy`",
            );
        }
        if let (Some(sp), false) = (straight, takes) {
            return self.reject(
                report,
                *sp,
                "`in a straight line` is for chains that capture",
                "jump `over enemy`, or leave `in a straight line` out",
            );
        }
        Some(())
    }

    /// `step DIRS to empty, capturing by approach or withdrawal[, repeatedly[ except on the
    /// first turn]][, CHAIN CLAUSE]...`: the chain's clauses need `repeatedly`.
    pub(super) fn approach_rule(
        &mut self,
        scope: &Scope,
        r: &RuleDecl,
        p: PlayerId,
        report: bool,
    ) -> Option<RuleModel> {
        let RuleDecl::Approach {
            dirs,
            repeatedly,
            not_first_turn,
            may_stop,
            no_revisit,
            no_same_dir,
            ..
        } = r
        else {
            return None;
        };
        let ds = self.dirs(scope, dirs, p, report)?;
        let clauses = [
            (*may_stop, "may stop after any capture"),
            (*no_revisit, "without revisiting"),
            (*no_same_dir, "never twice in the same direction"),
        ];
        self.chain_only(&clauses, *repeatedly, "steps", report, |_| {
            "add `, repeatedly` before it, or leave it out".into()
        })?;
        Some(RuleModel::Approach(ApproachRule {
            dirs: ds,
            repeatedly: *repeatedly,
            not_first_turn: *not_first_turn,
            may_stop: may_stop.is_some(),
            no_revisit: no_revisit.is_some(),
            no_same_dir: no_same_dir.is_some(),
        }))
    }

    /// Clauses about the `jumps` or `steps` of a chain (each written at its span, if at all)
    /// need `repeatedly`: the first without it is reported and the rule dropped.
    fn chain_only(
        &mut self,
        clauses: &[(Option<Span>, &str)],
        repeatedly: bool,
        of: &str,
        report: bool,
        hint: impl Fn(&str) -> String,
    ) -> Option<()> {
        if repeatedly {
            return Some(());
        }
        match clauses.iter().find_map(|&(sp, what)| Some((sp?, what))) {
            Some((sp, what)) => self.reject(
                report,
                sp,
                format!("`{what}` is about the {of} of a chain"),
                hint(what),
            ),
            None => Some(()),
        }
    }
}
