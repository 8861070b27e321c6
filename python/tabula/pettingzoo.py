"""PettingZoo's AEC API over a Tabula game: ``tabula.pettingzoo.env("chess")``.

Agents are ``player_0`` (the first player), ``player_1`` and so on, one per player. An agent's observation is a dict of ``observation``
(the game's observation tensor, float32) and ``action_mask`` (int8, the legal ids for the
agent to move, all zero for the other). A move that takes several ids (see python/README.md)
is several steps of the same agent. Rewards come at the end: 1 for a win (with more than two
players, the number of other players; with teams, shared by the winning team), -1 for a
loss, 0 for a draw. Needs ``pip install pettingzoo``.
"""

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from . import Game, load_game

# The observation's largest value (pieces in hand are counted; the rest are 0 or 1).
OBSERVATION_HIGH = 255.0


class TabulaEnv(AECEnv):
    """One game of a Tabula description as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["ansi"], "name": "tabula_v0", "is_parallelizable": False}

    def __init__(self, game, render_mode=None):
        super().__init__()
        self.game = game if isinstance(game, Game) else load_game(game)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players())]
        self.agents = self.possible_agents[:]
        n = self.game.num_distinct_actions()
        shape = tuple(self.game.observation_tensor_shape())
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, OBSERVATION_HIGH, shape, np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            })
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        self.state = self.game.new_initial_state()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[self.state.current_player()]

    def observe(self, agent):
        if agent == self.agent_selection and not self.state.is_terminal():
            mask = self.state.legal_actions_mask().astype(np.int8)
        else:
            mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        return {"observation": self.state.observation_tensor(), "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.state.apply_action(int(action))
        if self.state.is_terminal():
            for a, r in zip(self.possible_agents, self.state.returns()):
                self.rewards[a] = float(r)
                self.terminations[a] = True
                self.infos[a] = {"outcome": self.state.outcome()}
            # Each agent then takes its dead step, in turn order after the last mover.
            me = self.possible_agents.index(agent)
            self.agent_selection = self.possible_agents[(me + 1) % len(self.possible_agents)]
        else:
            self.agent_selection = self.possible_agents[self.state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    def render(self):
        if self.render_mode is None:
            return None
        return self.state.board()

    def close(self):
        pass


def env(game, render_mode=None):
    """A PettingZoo AEC environment of `game` (a shipped name, a path or a `tabula.Game`)."""
    return TabulaEnv(game, render_mode=render_mode)
