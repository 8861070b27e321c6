"""Tabula from Python: board games from declarative descriptions.

``load_game(name_or_path)`` gives a :class:`Game` (OpenSpiel-shaped: ``num_players()``,
``num_distinct_actions()``, ``observation_tensor_shape()``, ``max_game_length()``,
``new_initial_state()``); a :class:`State` is a game in progress played with integer ids
from the game's fixed action space (see python/README.md for the layout). :class:`VectorEnv`
steps many games at once in Rust; :class:`Player` is a random, MCTS or alpha-beta player.
``play_games`` plays whole games between players in Rust and records them
(:class:`Trajectories`); ``tournament`` plays a round robin and rates the players.
``tabula.ray`` (``pip install ray``) runs both as Ray tasks.
"""

import functools

from ._tabula import (  # noqa: F401
    CHANCE,
    TERMINAL,
    Game,
    Player,
    State,
    VectorEnv,
    load_game,
    shipped_games,
)
from ._tabula import _game_from_source as _compile
from .selfplay import Trajectories, play_games
from .tournament import Tournament, tournament


@functools.lru_cache(maxsize=16)
def _game_from_source(source, name):
    """Unpickles a `Game`: compiled once per process for each description (a Ray worker
    gets the same game for task after task)."""
    return _compile(source, name)


__all__ = [
    "TERMINAL",
    "Game",
    "Player",
    "State",
    "Trajectories",
    "Tournament",
    "VectorEnv",
    "load_game",
    "play_games",
    "shipped_games",
    "tournament",
]
