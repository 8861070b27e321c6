//! Games of more than two players: what the language can say for them so far. Movement,
//! placement, regions, setups and goals that one player reaches are read for every player;
//! rules that speak of "the opponent" (royal safety, custody, mills, hands outside races,
//! sowing, an opening throw, tie-breaks, a loss that does not say who wins) are refused here,
//! each with its span, as not in the language yet for more than two players. Dice and races
//! (Ludo) are read for every player.

use super::*;

/// Why a construct is refused with more than two players (the message's end).
const NOT_YET: &str = "is not in the language yet for more than two players";

impl Checker {
    /// Refuses what more than two players cannot use yet.
    /// `teams`: each player's team (empty without teams). With two teams, "the opponent" is
    /// the other team: royal pieces, check and the `lose` lines that put a player out are
    /// read so.
    pub(super) fn beyond_two_players(&mut self, d: &Description, players: usize, teams: &[usize]) {
        if players <= 2 {
            return;
        }
        // A `teams` line already reported as wrong is taken as two teams, so that its mistake
        // is not reported again at every line that reads it.
        let two_teams = if teams.is_empty() {
            d.items.iter().any(|i| matches!(i, Item::Teams(..)))
        } else {
            teams.iter().all(|&t| t < 2)
        };
        let mut refuse = |cx: &mut Checker, span: Span, what: &str| {
            cx.invalid(
                span,
                format!("{what} {NOT_YET}"),
                "games of three or more players may move, jump, place and win by a goal; \
                 see \"More than two players\" in the language reference",
            );
        };
        // Pieces in hand are the race's own: those waiting to enter its tracks.
        let race = d.items.iter().any(|i| matches!(i, Item::Race(..)));
        for item in &d.items {
            match item {
                Item::Capture { span, .. } => refuse(self, *span, "compulsory capture"),
                Item::RemovedAtOnce(s) => refuse(self, *s, "removing captures at once"),
                Item::Custody(c) => refuse(self, c.span, "capture by custody"),
                Item::HandFirst { span: s, .. } | Item::ToHand(s, _) | Item::FromPartner(s) => {
                    refuse(self, *s, "a hand of pieces")
                }
                Item::Face(_, _, s) => refuse(self, *s, "royal pieces"),
                Item::Mill { span, .. } => refuse(self, *span, "a mill"),
                Item::PieRule(s) => refuse(self, *s, "the swap rule"),
                Item::State(s) => refuse(self, s.span, "a piece state"),
                Item::Sowing(_, s) => refuse(self, *s, "sowing"),
                Item::Race(lines, _) => {
                    for l in lines
                        .iter()
                        .filter(|l| matches!(l.kind, RaceLineKind::Opening))
                    {
                        refuse(self, l.span, "an opening throw of one die each");
                    }
                }
                Item::Lines(_, s) => refuse(self, *s, "drawing lines between dots"),
                Item::Steps(_, s) => refuse(self, *s, "turns of several steps"),
                Item::Native(call) => refuse(self, call.span, "a native hook"),
                Item::Setup(_, hands, _) if !race => {
                    for h in hands {
                        refuse(self, h.span, "a hand of pieces");
                    }
                }
                Item::Piece(p) => {
                    if p.royal && !two_teams {
                        refuse(self, p.name.span, "a royal piece");
                    }
                    for r in &p.rules {
                        match r {
                            RuleDecl::EnPassant { span, .. } => {
                                refuse(self, *span, "capture en passant");
                            }
                            RuleDecl::Castle { span, .. } => refuse(self, *span, "castling"),
                            RuleDecl::Drop { span, .. } => refuse(self, *span, "a drop"),
                            RuleDecl::Native(call) => refuse(self, call.span, "a native hook"),
                            _ => {}
                        }
                    }
                }
                Item::End(rules, _) => {
                    for e in rules {
                        if !(two_teams && Self::team_end(e)) {
                            self.end_beyond_two(e, &mut refuse);
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// An end line that two teams may use: a `lose` line that puts a player out (no legal
    /// move, in check or not; no pieces, of a kind or all), and a win when the other team has
    /// only pieces of a kind.
    fn team_end(e: &EndRule) -> bool {
        match (&e.result, &e.cond) {
            (ResultDecl::Lose, EndCondDecl::NoLegalMove { tiebreak, .. }) => tiebreak.is_empty(),
            (ResultDecl::Lose, EndCondDecl::NoPieces(_)) => true,
            (ResultDecl::Win, EndCondDecl::OpponentHasOnly(_)) => true,
            _ => false,
        }
    }

    /// An end line of a game of more than two players: a goal one player reaches, or a draw.
    fn end_beyond_two(&mut self, e: &EndRule, refuse: &mut impl FnMut(&mut Checker, Span, &str)) {
        if matches!(e.result, ResultDecl::Lose) {
            self.invalid(
                e.span,
                format!("a loss {NOT_YET}: it does not say who wins"),
                "write the line as a win for the player who reaches the goal, or as a draw",
            );
            return;
        }
        let tiebreak = match &e.cond {
            EndCondDecl::NoLegalMove { tiebreak, .. }
            | EndCondDecl::Repetition(_, tiebreak)
            | EndCondDecl::BoardFull { tiebreak }
            | EndCondDecl::NobodyCanMove { tiebreak }
            | EndCondDecl::PassLimit { tiebreak, .. }
            | EndCondDecl::PlyLimit { tiebreak, .. } => !tiebreak.is_empty(),
            _ => false,
        };
        if tiebreak {
            refuse(self, e.span, "a tie-break (`decided by ...`)");
            return;
        }
        let ok = match &e.cond {
            EndCondDecl::NoLegalMove { in_check, tiebreak } => !in_check && tiebreak.is_empty(),
            EndCondDecl::Repetition(_, tiebreak)
            | EndCondDecl::BoardFull { tiebreak }
            | EndCondDecl::NobodyCanMove { tiebreak }
            | EndCondDecl::PassLimit { tiebreak, .. } => tiebreak.is_empty(),
            EndCondDecl::PlyLimit { tiebreak, .. } => {
                tiebreak.is_empty() && matches!(e.result, ResultDecl::Draw)
            }
            EndCondDecl::NoPieces(_)
            | EndCondDecl::FewerThan(..)
            | EndCondDecl::Reaches {
                reply: crate::ast::ReachReply::None,
                ..
            }
            | EndCondDecl::InARow { .. }
            | EndCondDecl::Connected
            | EndCondDecl::AllOn(_)
            | EndCondDecl::Connects(..) => true,
            _ => false,
        };
        if !ok {
            refuse(self, e.span, "this end rule");
        }
    }
}
