"""Tabula from Python: board games from declarative descriptions.

``load_game(name_or_path)`` gives a :class:`Game` (OpenSpiel-shaped: ``num_players()``,
``num_distinct_actions()``, ``observation_tensor_shape()``, ``max_game_length()``,
``new_initial_state()``); a :class:`State` is a game in progress played with integer ids
from the game's fixed action space (see python/README.md for the layout). :class:`VectorEnv`
steps many games at once in Rust; :class:`Player` is a random, MCTS or alpha-beta player.
"""

from ._tabula import (  # noqa: F401
    TERMINAL,
    Game,
    Player,
    State,
    VectorEnv,
    load_game,
    shipped_games,
)

__all__ = [
    "TERMINAL",
    "Game",
    "Player",
    "State",
    "VectorEnv",
    "load_game",
    "shipped_games",
]
