//! `steps { ... }`: turns of several steps shared among a player's pieces (Arimaa): how many
//! steps a turn may take, the kinds' strengths, pushing and pulling, freezing and traps.

use super::*;
use crate::model::{KindModel, RuleModel, Steps, Target, MAX_TURN_STEPS};

impl Checker {
    /// The rules of turns of steps, if the game has a `steps` block. A block without its
    /// `a turn is up to N steps`, pushing or freezing without strengths, a board other than
    /// a square grid and pieces that do anything but step to empty cells are reported.
    pub(super) fn steps(
        &mut self,
        scope: &Scope,
        d: &Description,
        kinds: &[KindModel],
    ) -> Option<Steps> {
        let mut blocks = d.items.iter().filter_map(|i| match i {
            Item::Steps(lines, span) => Some((lines, *span)),
            _ => None,
        });
        let (lines, span) = blocks.next()?;
        if let Some((_, again)) = blocks.next() {
            self.repeated(
                "the game has more than one `steps` block".to_string(),
                again,
                span,
                "keep one `steps` block and put every rule of steps in it",
            );
        }
        if !matches!(scope.board.shape, crate::geometry::Shape::Square { .. }) {
            self.invalid(
                span,
                "turns of steps need a square board (`next to` means the four orthogonal \
                 neighbours)",
                "write the board as `board square 8 x 8`",
            );
            return None;
        }
        self.only_steps(d, kinds);
        let mut model = Steps {
            strength: vec![0; kinds.len()],
            ..Steps::default()
        };
        let mut turn = None;
        let mut strength = None;
        let mut needs_strength = None;
        let mut seen: Vec<(std::mem::Discriminant<StepsLineKind>, Span)> = Vec::new();
        for l in lines {
            let key = std::mem::discriminant(&l.kind);
            if let Some(&(_, first)) = seen.iter().find(|(k, _)| *k == key) {
                self.repeated(
                    "this rule of steps is given twice".to_string(),
                    l.span,
                    first,
                    "keep one of the two lines (name every trap in one region)",
                );
                continue;
            }
            seen.push((key, l.span));
            match &l.kind {
                StepsLineKind::Turn(n) => {
                    turn = Some(l.span);
                    if n.value < 1 || n.value > MAX_TURN_STEPS {
                        self.err(CheckError::OutOfRange {
                            what: "number of steps",
                            value: n.value.to_string(),
                            span: n.span,
                            range: format!("1 to {MAX_TURN_STEPS}"),
                        });
                    }
                    model.max = n.value.clamp(1, MAX_TURN_STEPS) as u8;
                }
                StepsLineKind::Strength(names) => {
                    strength = Some(l.span);
                    self.strengths(scope, names, &mut model.strength);
                }
                StepsLineKind::Push => {
                    model.push = true;
                    needs_strength.get_or_insert(l.span);
                }
                StepsLineKind::Freeze => {
                    model.freeze = true;
                    needs_strength.get_or_insert(l.span);
                }
                StepsLineKind::Trap(n) => match scope.regions.get(&n.text) {
                    Some(r) => {
                        model.traps = r
                            .sets
                            .iter()
                            .flatten()
                            .fold(CellSet::EMPTY, |a, s| a.union(s))
                    }
                    None => {
                        let known: Vec<String> = scope.regions.keys().cloned().collect();
                        self.unknown("region", n, &known);
                    }
                },
            }
        }
        if turn.is_none() {
            self.invalid(
                span,
                "the `steps` block does not say how many steps a turn takes",
                "add the line `a turn is up to 4 steps`",
            );
        }
        if let (Some(s), None) = (needs_strength, strength) {
            self.invalid(
                s,
                "stronger and weaker need the kinds' strengths",
                "add the line `strength KIND, KIND, ...` (strongest first) to the `steps` block",
            );
        }
        Some(model)
    }

    /// In a game of turns of steps, pieces only step to empty cells and no other rule of
    /// moves or turns applies (the `steps` block says what a turn does).
    fn only_steps(&mut self, d: &Description, kinds: &[KindModel]) {
        for k in kinds {
            let ok = k.rules.iter().flatten().all(|r| {
                matches!(
                    r,
                    RuleModel::Step {
                        target: Target::Empty,
                        twice: false,
                        from: None,
                        en_passant: false,
                        ..
                    }
                )
            });
            if !ok {
                self.invalid(
                    k.span,
                    "in a game of turns of steps a piece only steps to empty cells",
                    "give the piece rules of the form `step orthogonal to empty`; pushes, \
                     pulls and removals on traps come from the `steps` block",
                );
            }
        }
        for item in &d.items {
            let other = match item {
                Item::Sowing(_, s) | Item::Race(_, s) | Item::Lines(_, s) => Some(*s),
                Item::MayPass(s, _) | Item::PieRule(s) | Item::ToHand(s, _) => Some(*s),
                Item::FromPartner(s) => Some(*s),
                Item::Capture { span, .. }
                | Item::Explode { span, .. }
                | Item::Mill { span, .. }
                | Item::TurnPlaces { span, .. }
                | Item::Opening { span, .. } => Some(*span),
                Item::Custody(c) => Some(c.span),
                Item::Dice(dd) => Some(dd.span),
                Item::Native(call) => Some(call.span),
                _ => None,
            };
            if let Some(s) = other {
                self.invalid(
                    s,
                    "in a game of turns of steps this rule is not in the language yet",
                    "remove this line; the `steps` block says what a turn does",
                );
            }
        }
    }

    /// `strength KIND, KIND, ...`: strongest first, each kind ranked once.
    fn strengths(&mut self, scope: &Scope, names: &[Name], strength: &mut [u8]) {
        let top = names.len();
        for (i, n) in names.iter().enumerate() {
            if let Some(k) = self.kind(scope, n) {
                if strength[k] != 0 {
                    self.invalid(
                        n.span,
                        format!("`{}` is ranked twice", n.text),
                        "name each kind once, strongest first",
                    );
                }
                strength[k] = (top - i) as u8;
            }
        }
    }
}
