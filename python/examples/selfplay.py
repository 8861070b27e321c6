"""Random self-play collecting (observation, mask, action, return) for every move: the data
a learner trains on. Two ways: a Python loop over a batched environment (`VectorEnv`, a
learner's own policy would go where `sample_actions` is), and whole games in one call
inside Rust (`tabula.play_games`, for built-in players).

    python python/examples/selfplay.py [GAME] [GAMES] [BATCH]
"""

import sys
import time

import numpy as np

import tabula


def self_play(game, games, batch, seed=0):
    """Plays until `games` games have finished. Returns per step of the batch the arrays
    (observations, masks, actions, players, returns) and which of its rows belong to a
    finished game (rows of games still going at the end have no return yet)."""
    g = tabula.load_game(game)
    env = tabula.VectorEnv(g, batch, seed)
    obs, _, _, masks = env.reset()
    steps = []
    # Per game of the batch: the step at which its current game started.
    started = np.zeros(batch, int)
    finished = 0
    while finished < games:
        acts = env.sample_actions()
        who = env.current_players()
        steps.append((obs, masks, acts, who, np.zeros(batch, np.float32)))
        obs, rewards, terminated, masks = env.step(acts)
        for i in np.flatnonzero(terminated):
            for t in range(started[i], len(steps)):
                step = steps[t]
                step[4][i] = rewards[i, step[3][i]]
            started[i] = len(steps)
            finished += 1
    done = [started > t for t in range(len(steps))]
    return steps, done, finished


if __name__ == "__main__":
    game = sys.argv[1] if len(sys.argv) > 1 else "breakthrough"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    batch = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    wall, cpu = time.perf_counter(), time.process_time()
    steps, done, finished = self_play(game, games, batch)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    moves = sum(int(d.sum()) for d in done)
    print(f"{finished} {game} games, {moves} moves collected (observation {steps[0][0].shape[1:]}, "
          f"mask of {steps[0][1].shape[1]}): {wall:.2f} s wall, {cpu:.2f} s CPU")
    for (obs, masks, acts, who, rets), d in zip(steps, done):
        assert masks[np.arange(batch), acts].all()
        assert (np.abs(rets[d]) == 1).all() or game != "breakthrough"

    cpu = time.process_time()
    t = tabula.play_games(game, games, seed=0)
    cpu = time.process_time() - cpu
    print(f"tabula.play_games: {t.num_games} games, {len(t)} steps collected "
          f"(observations {t.observations.shape}, masks {t.masks.shape}, actions, returns): "
          f"{cpu:.2f} s CPU")
    assert t.masks[np.arange(len(t)), t.actions].all()
