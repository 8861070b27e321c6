//! Teams: `teams red and yellow, blue and green`. Each player is in exactly one team, there are
//! at least two teams, and a game of two players has no teams to speak of. A partner's pieces
//! are friendly, "enemy" and "the opponent" mean the other teams, and a win is the team's.

use super::*;

impl Checker {
    /// The team of each player, in the order of `players` (empty without a `teams` line).
    pub(super) fn teams(&mut self, scope: &Scope, d: &Description) -> Vec<usize> {
        let mut lines = d.items.iter().filter_map(|i| match i {
            Item::Teams(t, s) => Some((t, *s)),
            _ => None,
        });
        let Some((teams, span)) = lines.next() else {
            return Vec::new();
        };
        if let Some((_, again)) = lines.next() {
            self.invalid(
                again,
                "a game has one `teams` line",
                "list every team on one line: `teams red and yellow, blue and green`",
            );
        }
        let np = scope.players.len();
        if np <= 2 {
            self.invalid(
                span,
                format!("teams need three or more players, this game has {np}"),
                "with two players each is their own side: leave the `teams` line out",
            );
            return Vec::new();
        }
        let mut team: Vec<Option<usize>> = vec![None; np];
        let mut ok = true;
        for (t, (names, _)) in teams.iter().enumerate() {
            for n in names {
                let Some(p) = self.player(scope, n) else {
                    ok = false;
                    continue;
                };
                if team[p].is_some() {
                    self.invalid(
                        n.span,
                        format!("`{}` is in two teams", n.text),
                        "name each player in one team only",
                    );
                    ok = false;
                }
                team[p] = Some(t);
            }
        }
        if !ok {
            return Vec::new();
        }
        let missing: Vec<&str> = (0..np)
            .filter(|&p| team[p].is_none())
            .map(|p| scope.player_names[p].as_str())
            .collect();
        if !missing.is_empty() {
            self.invalid(
                span,
                format!("`{}` is in no team", missing.join("`, `")),
                "name every player in a team (a team may be one player)",
            );
            return Vec::new();
        }
        if teams.len() < 2 {
            self.invalid(
                span,
                "every player is in one team: there is nobody to play against",
                "split the players into two teams or more: `teams red and yellow, blue and green`",
            );
            return Vec::new();
        }
        team.into_iter().flatten().collect()
    }
}
