"""A Tabula game as an OpenSpiel game: ``tabula.openspiel.load_game("chess")`` registers the
description with pyspiel (as ``tabula_<name>``) and returns the ``pyspiel.Game``, which
OpenSpiel's algorithms (minimax, MCTS, CFR, ...) then play. States use the same action ids as
``tabula.State``; a move of several ids is several actions of the same player. Needs
``pip install open_spiel``.
"""

import re

import numpy as np
import pyspiel

from . import Game, load_game as _load


def _short_name(game):
    base = game.name.rsplit("/", 1)[-1]
    base = base[:-5] if base.endswith(".game") else base
    return "tabula_" + re.sub(r"[^a-z0-9_]", "_", base.lower())


def load_game(game):
    """Registers `game` (a shipped name, a path or a `tabula.Game`) with pyspiel, if no game
    of its short name is registered yet, and returns it as a `pyspiel.Game`."""
    tg = game if isinstance(game, Game) else _load(game)
    short = _short_name(tg)
    if short not in pyspiel.registered_names():
        _register(tg, short)
    return pyspiel.load_game(short)


def _register(tg, short):
    game_type = pyspiel.GameType(
        short_name=short,
        long_name=f"Tabula {tg.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if tg.max_chance_outcomes() > 0
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=tg.num_players(),
        min_num_players=tg.num_players(),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={},
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=tg.num_distinct_actions(),
        max_chance_outcomes=tg.max_chance_outcomes(),
        num_players=tg.num_players(),
        min_utility=-1.0,
        max_utility=float(tg.num_players() - 1),
        utility_sum=0.0,
        max_game_length=tg.max_game_length() * tg.max_actions_per_move(),
    )

    class TabulaGame(pyspiel.Game):
        def __init__(self, params=None):
            super().__init__(game_type, info, params or {})
            self.tabula = tg

        def new_initial_state(self):
            return TabulaState(self, tg.new_initial_state())

        def make_py_observer(self, iig_obs_type=None, params=None):
            return _Observer(tg, params)

    pyspiel.register_game(game_type, TabulaGame)


class TabulaState(pyspiel.State):
    """A `tabula.State` behind pyspiel's state interface."""

    def __init__(self, game, state):
        super().__init__(game)
        self.tabula = state

    def current_player(self):
        p = self.tabula.current_player()
        if self.tabula.is_chance_node():
            return pyspiel.PlayerId.CHANCE
        return pyspiel.PlayerId.TERMINAL if p < 0 else p

    def chance_outcomes(self):
        return self.tabula.chance_outcomes()

    def _legal_actions(self, player):
        return self.tabula.legal_actions(player)

    def _apply_action(self, action):
        self.tabula.apply_action(action)

    def _action_to_string(self, player, action):
        return self.tabula.action_to_string(action)

    def is_terminal(self):
        return self.tabula.is_terminal()

    def returns(self):
        return self.tabula.returns()

    def __str__(self):
        return str(self.tabula)


class _Observer:
    """The game's observation tensor (see python/README.md), the same for both players."""

    def __init__(self, tg, params):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        shape = tuple(tg.observation_tensor_shape())
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": np.reshape(self.tensor, shape)}

    def set_from(self, state, player):
        self.dict["observation"][...] = state.tabula.observation_tensor()

    def string_from(self, state, player):
        return str(state.tabula)
