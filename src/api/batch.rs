//! Many games of one description stepped together, spread over the cores: what a learning
//! program's vectorised environment runs. A finished game starts again at once (its last
//! step reports its rewards and that it ended; the observation is then the new game's).

use super::actions::NotLegal;
use super::env::{Env, Spec};
use crate::engine::Position;
use crate::model::{PerPlayer, MAX_PLAYERS};
use crate::rng::Rng;

/// Games below this many per thread are stepped on fewer threads (a thread costs more than
/// a few moves).
const MIN_GAMES_PER_THREAD: usize = 32;

/// Where a step writes, per game: its observation (`spec.layout.size()` values), its legal
/// ids (`spec.space.len()` flags), each player's reward (one per player), whether the game ended, and the
/// player to move next.
pub struct Outputs<'a> {
    pub obs: &'a mut [f32],
    pub masks: &'a mut [bool],
    pub rewards: &'a mut [f32],
    pub terminated: &'a mut [bool],
    pub players: &'a mut [i32],
}

/// `n` games from one start position.
pub struct Batch<'g> {
    start: Position<'g>,
    spec: Spec,
    envs: Vec<Env<'g>>,
    rngs: Vec<Rng>,
    threads: usize,
}

impl<'g> Batch<'g> {
    /// `n` games from `start`; `seed` seeds [`Batch::sample`] (game `i` draws from its own
    /// generator, seeded `seed + i`).
    ///
    /// # Errors
    /// As [`Env::new`].
    pub fn new(start: Position<'g>, spec: Spec, n: usize, seed: u64) -> Result<Self, String> {
        let env = Env::new(start.clone(), &spec)?;
        let threads = std::thread::available_parallelism().map_or(1, |t| t.get());
        Ok(Batch {
            envs: vec![env; n],
            rngs: (0..n as u64)
                .map(|i| Rng::new(seed.wrapping_add(i)))
                .collect(),
            start,
            spec,
            threads,
        })
    }

    pub fn len(&self) -> usize {
        self.envs.len()
    }

    /// Steps on at most `threads` threads (at least one; by default as many as the cores).
    /// The games played do not depend on it: each game draws from its own generator.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    pub fn is_empty(&self) -> bool {
        self.envs.is_empty()
    }

    pub fn envs(&self) -> &[Env<'g>] {
        &self.envs
    }

    /// How many threads a step uses.
    fn threads(&self) -> usize {
        (self.envs.len() / MIN_GAMES_PER_THREAD).clamp(1, self.threads)
    }

    /// Starts every game again and writes what [`Batch::step`] writes (no rewards, none
    /// ended).
    pub fn reset(&mut self, out: Outputs) {
        let start = &self.start.clone();
        self.run(&[], out, &|env, _| {
            // The start position's moves were written once in `new`: this cannot fail.
            let _ = env.reset(start);
            ([0.0; MAX_PLAYERS], false)
        });
    }

    /// Plays `actions[i]` in game `i` (one id each, as the game's mask allows), restarting
    /// the games that end.
    ///
    /// # Errors
    /// The first game whose id is not legal, before any game moves.
    pub fn step(&mut self, actions: &[u32], out: Outputs) -> Result<(), (usize, NotLegal)> {
        if let Some(i) = (0..self.envs.len()).find(|&i| !self.envs[i].is_legal(actions[i])) {
            return Err((i, NotLegal(actions[i])));
        }
        let start = &self.start.clone();
        self.run(actions, out, &|env, a| {
            // Checked legal above.
            let _ = env.advance(a);
            if env.is_terminal() {
                let r = env.returns();
                let _ = env.reset(start);
                (r, true)
            } else {
                ([0.0; MAX_PLAYERS], false)
            }
        });
        Ok(())
    }

    /// Runs `f` on every game (with its action, where `actions` has them) on the threads,
    /// then writes each game's outputs (`f` returns the game's rewards and whether it ended).
    fn run<F: Fn(&mut Env<'g>, u32) -> (PerPlayer<f32>, bool) + Sync>(
        &mut self,
        actions: &[u32],
        out: Outputs,
        f: &F,
    ) {
        let n = self.envs.len();
        if n == 0 {
            return;
        }
        let per = n.div_ceil(self.threads());
        let np = self.envs[0].position().game.players.len();
        let (osize, msize) = (self.spec.layout.size(), self.spec.space.len());
        let spec = &self.spec;
        let work = |envs: &mut [Env<'g>],
                    rngs: &mut [Rng],
                    first: usize,
                    obs: &mut [f32],
                    masks: &mut [bool],
                    rewards: &mut [f32],
                    terminated: &mut [bool],
                    players: &mut [i32]| {
            for (j, env) in envs.iter_mut().enumerate() {
                let a = actions.get(first + j).copied().unwrap_or(0);
                let (r, t) = f(env, a);
                // Throws are made here: a batch's caller sees only players' turns.
                env.throw_dice(&mut rngs[j]);
                rewards[np * j..np * j + np].copy_from_slice(&r[..np]);
                terminated[j] = t;
                players[j] = env.current_player().map_or(-1, |p| p as i32);
                spec.layout.fill(
                    env.position(),
                    &spec.space,
                    env.pending(),
                    &mut obs[j * osize..(j + 1) * osize],
                );
                env.mask(&mut masks[j * msize..(j + 1) * msize]);
            }
        };
        std::thread::scope(|s| {
            let chunks = self
                .envs
                .chunks_mut(per)
                .zip(self.rngs.chunks_mut(per))
                .zip(out.obs.chunks_mut(per * osize))
                .zip(out.masks.chunks_mut(per * msize))
                .zip(out.rewards.chunks_mut(per * np))
                .zip(out.terminated.chunks_mut(per))
                .zip(out.players.chunks_mut(per))
                .enumerate();
            // The first chunk is stepped here: a step spawns one thread fewer.
            let mut here = None;
            for (k, ((((((envs, rngs), obs), masks), rewards), terminated), players)) in chunks {
                let work = &work;
                let job = move || {
                    work(
                        envs,
                        rngs,
                        k * per,
                        obs,
                        masks,
                        rewards,
                        terminated,
                        players,
                    )
                };
                if k == 0 {
                    here = Some(job);
                } else {
                    s.spawn(job);
                }
            }
            if let Some(mut job) = here {
                job();
            }
        });
    }

    /// Plays `steps` steps of uniformly random legal ids ([`Batch::sample`], then
    /// [`Batch::step`]) without leaving the library, `out` holding the last step's outputs:
    /// what stepping costs without a caller in another language.
    pub fn random_steps(&mut self, steps: usize, out: Outputs) {
        let mut actions = vec![0; self.envs.len()];
        for _ in 0..steps {
            self.sample(&mut actions);
            let out = Outputs {
                obs: &mut *out.obs,
                masks: &mut *out.masks,
                rewards: &mut *out.rewards,
                terminated: &mut *out.terminated,
                players: &mut *out.players,
            };
            // The ids were sampled among the legal ones.
            let _ = self.step(&actions, out);
        }
    }

    /// A uniformly random legal id for each game, from the game's own generator.
    pub fn sample(&mut self, out: &mut [u32]) {
        for ((env, rng), o) in self.envs.iter().zip(&mut self.rngs).zip(out.iter_mut()) {
            let legal = env.legal_ids();
            *o = if legal.is_empty() {
                0
            } else {
                legal[rng.below(legal.len())]
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Steps a batch of random games for profiling the step on its own (`valgrind
    /// --tool=callgrind` on the test binary): `TABULA_STEP_GAME` (a shipped game's file
    /// name, chess by default), `TABULA_STEP_GAMES` games (256) for `TABULA_STEP_COUNT`
    /// steps (100), on one thread.
    #[test]
    #[ignore = "a profiling harness, run by hand"]
    fn random_steps_for_profiling() {
        let var = |k: &str, d: &str| std::env::var(k).unwrap_or_else(|_| d.to_string());
        let name = var("TABULA_STEP_GAME", "chess");
        let n: usize = var("TABULA_STEP_GAMES", "256").parse().expect("a count");
        let steps: usize = var("TABULA_STEP_COUNT", "100").parse().expect("a count");
        let path = format!("{}/games/{name}.game", env!("CARGO_MANIFEST_DIR"));
        let g = crate::load_file(&path).expect("a shipped game compiles");
        let spec = Spec::new(&g).expect("an action space");
        let (osize, msize, np) = (spec.layout.size(), spec.space.len(), g.players.len());
        let mut b = Batch::new(g.start(), spec, n, 1).expect("a batch");
        b.set_threads(1);
        let (mut obs, mut masks) = (vec![0.0; n * osize], vec![false; n * msize]);
        let (mut rewards, mut terminated, mut players) =
            (vec![0.0; n * np], vec![false; n], vec![0; n]);
        let out = Outputs {
            obs: &mut obs,
            masks: &mut masks,
            rewards: &mut rewards,
            terminated: &mut terminated,
            players: &mut players,
        };
        b.random_steps(steps, out);
        let digest = obs.iter().fold(0u64, |h, &x| {
            h.wrapping_mul(0x100_0000_01b3) ^ u64::from(x.to_bits())
        }) ^ masks.iter().filter(|&&m| m).count() as u64;
        println!(
            "{name}: {n} games x {steps} steps, digest {digest:016x}, players {:?}",
            &players[..8.min(n)]
        );
    }
}
