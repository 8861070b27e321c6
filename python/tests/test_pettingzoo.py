"""The PettingZoo adapter passes PettingZoo's own API test."""

import numpy as np
import pytest
from pettingzoo.test import api_test

import tabula.pettingzoo


@pytest.mark.parametrize("game", ["tic-tac-toe", "breakthrough", "amazons", "english-draughts"])
def test_pettingzoo_api(game):
    api_test(tabula.pettingzoo.env(game), num_cycles=300)


def test_pettingzoo_game_to_the_end():
    env = tabula.pettingzoo.env("tic-tac-toe")
    env.reset()
    rng = np.random.default_rng(0)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(100):
        obs, reward, terminated, truncated, info = env.last()
        total[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert obs["action_mask"].any()
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.agents == []
    assert sum(total.values()) == 0
    assert env.state.is_terminal()
