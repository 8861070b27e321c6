"""Batched games stepped in Rust, and the players."""

import numpy as np
import pytest

import tabula


def test_shapes_and_reset():
    g = tabula.load_game("breakthrough")
    env = tabula.VectorEnv(g, 5, seed=1)
    obs, rewards, terminated, masks = env.reset()
    assert obs.shape == (5, *g.observation_tensor_shape()) and obs.dtype == np.float32
    assert rewards.shape == (5, 2) and not rewards.any()
    assert terminated.shape == (5,) and not terminated.any()
    assert masks.shape == (5, g.num_distinct_actions()) and masks.dtype == np.bool_
    start = g.new_initial_state()
    assert (masks == start.legal_actions_mask()).all()
    assert (obs == start.observation_tensor()).all()
    assert list(env.current_players()) == [0] * 5
    assert len(env) == 5


@pytest.mark.parametrize("game", ["breakthrough", "english-draughts", "amazons", "tic-tac-toe"])
def test_batched_games_agree_with_single_states(game):
    """Each game of the batch is followed by a State fed the same ids; many games on more
    threads than one."""
    g = tabula.load_game(game)
    n = 96
    env = tabula.VectorEnv(g, n, seed=3)
    env.reset()
    states = [g.new_initial_state() for _ in range(n)]
    finished = 0
    for _ in range(150):
        actions = env.sample_actions()
        obs, rewards, terminated, masks = env.step(actions)
        for i, (s, a) in enumerate(zip(states, actions)):
            s.apply_action(int(a))
            if s.is_terminal():
                assert terminated[i]
                assert list(rewards[i]) == s.returns()
                finished += 1
                states[i] = s = g.new_initial_state()
            else:
                assert not terminated[i] and not rewards[i].any()
            assert (masks[i] == s.legal_actions_mask()).all()
            assert (obs[i] == s.observation_tensor()).all()
            assert env.current_players()[i] == s.current_player()
    assert finished > 0


def test_same_seed_same_games_and_illegal_ids_move_nothing():
    g = tabula.load_game("breakthrough")
    runs = []
    for _ in range(2):
        env = tabula.VectorEnv(g, 4, seed=11)
        env.reset()
        acts = [env.sample_actions() for _ in range(30) if env.step(env.sample_actions())]
        runs.append(np.array(acts))
    assert (runs[0] == runs[1]).all()
    env = tabula.VectorEnv(g, 2, seed=0)
    _, _, _, masks = env.reset()
    bad = int(np.flatnonzero(~masks[1])[0])
    good = int(np.flatnonzero(masks[0])[0])
    with pytest.raises(ValueError, match="game 1"):
        env.step(np.array([good, bad]))
    with pytest.raises(ValueError, match="2 games"):
        env.step([good])
    assert str(env.state(0)) == str(g.new_initial_state())
    env.step([good, good])  # a plain list is accepted too


def test_self_play_collects_a_thousand_games():
    """1,000 random Breakthrough games, collecting (observation, mask, action, return)."""
    g = tabula.load_game("breakthrough")
    env = tabula.VectorEnv(g, 100, seed=0)
    obs, _, _, masks = env.reset()
    games, samples = 0, 0
    while games < 1000:
        actions = env.sample_actions()
        assert masks[np.arange(100), actions].all()
        obs, rewards, terminated, masks = env.step(actions)
        samples += 100
        games += int(terminated.sum())
        assert (rewards[terminated].sum(axis=1) == 0).all()
        assert (np.abs(rewards[terminated]) == 1).all()
    assert samples > 1000 * 20


def test_players():
    g = tabula.load_game("tic-tac-toe")
    # X holds a1 and b1: c1 wins at once; MCTS finds it.
    s = g.new_initial_state()
    for m in ["a1", "a3", "b1", "b3"]:
        s.apply_move(m)
    mcts = tabula.Player("mcts:2000", seed=7)
    assert s.action_to_string(mcts.step(s)) == "c1"
    rnd = tabula.Player("random", seed=1)
    for _ in range(20):
        assert rnd.step(s) in s.legal_actions()
    with pytest.raises(ValueError, match="unknown player"):
        tabula.Player("nonsense")
    # A multi-id move chosen by a player is finished consistently after its first id.
    c = tabula.load_game("chess").new_initial_state("7k/P7/8/8/8/8/8/2K5 w - - 0 1")
    c.apply_action(c.move_to_actions("a7a8q")[0])
    assert rnd.step(c) in c.legal_actions()


def test_vector_env_plays_the_same_games_on_any_number_of_threads():
    g = tabula.load_game("connect-four")
    runs = []
    for threads in (None, 1, 3):
        env = tabula.VectorEnv(g, 96, seed=5, threads=threads)
        env.reset()
        steps = [env.step(env.sample_actions()) for _ in range(40)]
        runs.append([np.concatenate([a.ravel().astype(np.float64) for a in s]) for s in steps])
    for other in runs[1:]:
        assert all(np.array_equal(a, b) for a, b in zip(runs[0], other))
    with pytest.raises(ValueError, match="threads"):
        tabula.VectorEnv(g, 4, threads=0)
