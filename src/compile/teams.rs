//! Teams: each player's team and the player who stands for "the opponent", the attack
//! patterns merged by team (a royal piece is in check when any enemy piece attacks it), and
//! the `lose` lines of a game of teams, which put a player out instead of ending the game.

use super::end::describe_end;
use crate::engine::Attack;
use crate::model::{EndModel, Model, PerPlayer, Verdict};

pub(super) struct Teams {
    /// Each player's team (each player their own without a `teams` line).
    pub team: PerPlayer<u8>,
    /// For each player, the first player of another team: "the opponent" where there are
    /// two teams.
    pub foe: PerPlayer<u8>,
    pub has_teams: bool,
    /// The `lose` lines of a game of teams, with their texts.
    pub outs: Vec<EndModel>,
}

impl Teams {
    /// The teams of the model. Where the game has teams, takes the `lose` lines out of `m`'s
    /// end rules and makes each player's attacks their whole team's.
    pub(super) fn new(m: &mut Model, attacks: &mut PerPlayer<Vec<Attack>>) -> Teams {
        let np = m.players.len();
        let mut team = PerPlayer::default();
        for (p, t) in team.iter_mut().enumerate().take(np) {
            *t = m.teams.get(p).copied().unwrap_or(p) as u8;
        }
        let mut foe = PerPlayer::default();
        for (p, f) in foe.iter_mut().enumerate().take(np) {
            *f = (0..np).find(|&q| team[q] != team[p]).unwrap_or(p ^ 1) as u8;
        }
        let has_teams = !m.teams.is_empty();
        let mut outs = Vec::new();
        if has_teams {
            let (lose, keep): (Vec<EndModel>, Vec<EndModel>) = std::mem::take(&mut m.end)
                .into_iter()
                .partition(|e| e.verdict == Verdict::Lose);
            m.end = keep;
            outs = lose
                .into_iter()
                .map(|mut e| {
                    e.text = describe_end(&e, &m.kinds, &m.players);
                    e
                })
                .collect();
        }
        let teams = Teams {
            team,
            foe,
            has_teams,
            outs,
        };
        teams.merge_attacks(attacks, np);
        teams
    }

    /// Each player's enemies, a bit per player: every player of another team.
    pub(super) fn enemies(&self, np: usize) -> PerPlayer<u8> {
        let mut e = PerPlayer::default();
        for (p, bits) in e.iter_mut().enumerate().take(np) {
            *bits = (0..np)
                .filter(|&q| self.team[q] != self.team[p])
                .fold(0, |b, q| b | 1 << q);
        }
        e
    }

    /// Each player's attack patterns joined with their partners': `attacks[p]` is then how
    /// p's team captures.
    fn merge_attacks(&self, attacks: &mut PerPlayer<Vec<Attack>>, np: usize) {
        if !self.has_teams {
            return;
        }
        let own = attacks.clone();
        for (p, side) in attacks.iter_mut().enumerate().take(np) {
            *side = (0..np)
                .filter(|&q| self.team[q] == self.team[p])
                .flat_map(|q| own[q].iter().cloned())
                .collect();
        }
    }
}
