//! Whole games played inside the library by two computer players, every id of every move
//! recorded: what self-play data generation and tournaments run, many games per call, so that
//! a caller in another language pays its own overhead once per batch, not once per move.
//!
//! Game `g` of a call draws from its own generator, seeded `seed + g` (`g` counted from the
//! caller's `first`), so the same games come out however they are split between calls.

use super::env::{Env, Spec};
use crate::ai::Player;
use crate::engine::Position;
use crate::rng::Rng;

/// What [`play_games`] records beyond the ids: the per-step arrays that can be large
/// (chess: 960 observation values and 4,179 mask flags a step).
#[derive(Clone, Copy, Debug)]
pub struct Record {
    pub observations: bool,
    pub masks: bool,
}

/// The games of one call, step by step (a step is one id chosen; most moves are one id)
/// and game by game. The steps of game `g` follow those of game `g - 1`.
#[derive(Clone, Debug, Default)]
pub struct Trajectories {
    /// Per step, the observation before the id is chosen ([`super::Layout::size`] values
    /// each), where recorded.
    pub observations: Vec<f32>,
    /// Per step, the legal ids ([`super::ActionSpace::len`] flags each), where recorded.
    pub masks: Vec<bool>,
    /// Per step, the id chosen.
    pub actions: Vec<u32>,
    /// Per step, the player who chose it.
    pub players: Vec<u8>,
    /// Per step, what the game finally gave the player who chose it (1 win, -1 loss, 0 draw).
    pub returns: Vec<f32>,
    /// Per game, its steps.
    pub lengths: Vec<u32>,
    /// Per game, its moves (plies).
    pub plies: Vec<u32>,
    /// Per game, each player's return.
    pub game_returns: Vec<crate::model::PerPlayer<f32>>,
}

/// The index in `env.moves()` of the move `player` chooses for the turn in progress: a
/// uniformly random one of the moves the ids chosen so far allow, or the search's choice
/// (a random one of those where the search's move is not among them).
///
/// `env` must not be over.
pub fn choose(env: &Env, player: &Player, rng: &mut Rng) -> usize {
    let cands = env.candidates();
    if *player != Player::Random {
        let chosen = player.choose(env.position(), rng, &mut |_| {});
        if let Some(i) = chosen.and_then(|m| {
            cands
                .iter()
                .map(|&i| i as usize)
                .find(|&i| env.moves()[i].same_as(&m))
        }) {
            return i;
        }
    }
    cands[rng.below(cands.len())] as usize
}

/// Plays `games` games from `start`, `players[0]` moving first (and `players[1]` every other
/// seat, with more than two players), and records them. Game `k`
/// of the call is game `first + k` of the caller's series and draws from a generator seeded
/// `seed + first + k`.
///
/// # Errors
/// A position whose moves the action space cannot write (no shipped game has one).
pub fn play_games<'g>(
    start: &Position<'g>,
    spec: &Spec,
    players: &[Player; 2],
    first: u64,
    games: usize,
    seed: u64,
    record: Record,
) -> Result<Trajectories, String> {
    let mut out = Trajectories::default();
    let mut env = Env::new(start.clone(), spec)?;
    let (osize, msize) = (spec.layout.size(), spec.space.len());
    for k in 0..games as u64 {
        if k > 0 {
            env.reset(start)?;
        }
        let mut rng = Rng::new(seed.wrapping_add(first).wrapping_add(k));
        let begin = out.actions.len();
        while let Some(p) = env.current_player() {
            let index = choose(&env, &players[p.min(1)], &mut rng);
            let ids = env.encode(index);
            for &id in &ids[env.pending().len()..] {
                if record.observations {
                    let at = out.observations.len();
                    out.observations.resize(at + osize, 0.0);
                    spec.layout.fill(
                        env.position(),
                        &spec.space,
                        env.pending(),
                        &mut out.observations[at..],
                    );
                }
                if record.masks {
                    let at = out.masks.len();
                    out.masks.resize(at + msize, false);
                    env.mask(&mut out.masks[at..]);
                }
                out.actions.push(id);
                out.players.push(p as u8);
                // The ids come from the move's own sequence: each is legal in turn.
                env.apply(id).map_err(|e| e.to_string())?;
            }
        }
        let r = env.returns();
        out.returns
            .extend(out.players[begin..].iter().map(|&p| r[p as usize]));
        out.lengths.push((out.actions.len() - begin) as u32);
        out.plies.push(env.plies());
        out.game_returns.push(r);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn breakthrough() -> crate::engine::Game {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/games/breakthrough.game"
        ))
        .unwrap();
        crate::compile_source(&text).unwrap()
    }

    #[test]
    fn games_replay_and_do_not_depend_on_how_they_are_split() {
        let game = breakthrough();
        let spec = Spec::new(&game).unwrap();
        let record = Record {
            observations: true,
            masks: true,
        };
        let random = [Player::Random, Player::Random];
        let all = play_games(&game.start(), &spec, &random, 0, 6, 9, record).unwrap();
        let tail = play_games(&game.start(), &spec, &random, 4, 2, 9, record).unwrap();
        assert_eq!(all.lengths.len(), 6);
        let skip: usize = all.lengths[..4].iter().map(|&l| l as usize).sum();
        assert_eq!(all.actions[skip..], tail.actions[..]);
        assert_eq!(all.game_returns[4..], tail.game_returns[..]);

        // Each game replays id by id with the same observations, masks and result.
        let (osize, msize) = (spec.layout.size(), spec.space.len());
        let mut step = 0;
        for (g, &len) in all.lengths.iter().enumerate() {
            let mut env = Env::new(game.start(), &spec).unwrap();
            let mut obs = vec![0.0; osize];
            let mut mask = vec![false; msize];
            for _ in 0..len {
                spec.layout
                    .fill(env.position(), &spec.space, env.pending(), &mut obs);
                env.mask(&mut mask);
                assert_eq!(obs, all.observations[step * osize..(step + 1) * osize]);
                assert_eq!(mask, all.masks[step * msize..(step + 1) * msize]);
                let p = all.players[step] as usize;
                assert_eq!(env.current_player(), Some(p));
                assert_eq!(all.returns[step], all.game_returns[g][p]);
                env.apply(all.actions[step]).unwrap();
                step += 1;
            }
            assert!(env.is_terminal());
            assert_eq!(env.returns(), all.game_returns[g]);
            assert_eq!(env.plies(), all.plies[g]);
        }
        assert_eq!(step, all.actions.len());
        assert!(
            all.returns.iter().all(|r| r.abs() == 1.0),
            "breakthrough has no draws"
        );
    }
}
