//! `after every move, the mover moves PIECE to another empty cell` (Duck chess): the kind of
//! the neutral piece, which belongs to nobody, has no moves of its own and starts off the
//! board.

use super::*;

impl Checker {
    /// The relocated kind (at most one such line).
    pub(super) fn relocated(
        &mut self,
        scope: &Scope,
        d: &Description,
        kinds: &mut [KindModel],
        setup: &[(Cell, PlayerId, KindId)],
        hands: &[(PlayerId, KindId, u32)],
    ) -> Option<KindId> {
        let mut out = None;
        for item in &d.items {
            let Item::Relocate(n, span) = item else {
                continue;
            };
            if out.is_some() {
                self.invalid(*span, "a second piece moved after every move", "keep one");
                continue;
            }
            let k = self.kind(scope, n)?;
            let kind = &kinds[k].name;
            if kinds[k].rules.iter().any(|r| !r.is_empty()) || kinds[k].royal {
                self.invalid(
                    n.span,
                    format!("the {kind} belongs to nobody and moves only after every move"),
                    format!("give the {kind} no movement rules and no `royal`"),
                );
            }
            if setup.iter().any(|&(_, _, sk)| sk == k) || hands.iter().any(|&(_, hk, _)| hk == k) {
                self.invalid(
                    n.span,
                    format!("the {kind} starts off the board: the first move places it"),
                    format!("leave the {kind} out of the setup"),
                );
            }
            // One letter for every player, as written.
            let letter = kinds[k].letters[0];
            if letter == '*' && scope.board.has_holes() {
                self.invalid(
                    n.span,
                    format!("the {kind}'s letter `*` is how positions write a hole of this board"),
                    format!("give the {kind} another letter"),
                );
            }
            kinds[k].letters = [letter; crate::model::MAX_PLAYERS];
            out = Some(k);
        }
        out
    }
}
