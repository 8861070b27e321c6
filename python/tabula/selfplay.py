"""Whole games played in Rust by computer players, recorded as numpy arrays.

``play_games`` plays a series of games in one call (the GIL released, no Python per move)
and returns :class:`Trajectories`; ``tabula.ray.selfplay`` runs many such calls as Ray
tasks and joins their results with :meth:`Trajectories.concatenate`.
"""

from dataclasses import dataclass
from typing import Optional, Sequence

import numpy as np

from . import _tabula

# Per-step arrays, then per-game arrays, as the Rust side names them.
STEP_FIELDS = ("observations", "masks", "actions", "players", "returns")
GAME_FIELDS = ("lengths", "plies", "game_returns")


@dataclass
class Trajectories:
    """Games recorded step by step (a step is one id chosen; most moves are one id), the
    steps of each game after those of the one before.

    Per step: ``observations`` float32 ``(steps, planes, height, width)`` and ``masks`` bool
    ``(steps, num_distinct_actions)`` (None where not recorded), ``actions`` int32,
    ``players`` int8 (who chose the id), ``returns`` float32 (what the game finally gave
    that player: 1 win, -1 loss, 0 draw). Per game: ``lengths`` (its steps), ``plies``
    (its moves) and ``game_returns`` float32 ``(games, 2)``.
    """

    observations: Optional[np.ndarray]
    masks: Optional[np.ndarray]
    actions: np.ndarray
    players: np.ndarray
    returns: np.ndarray
    lengths: np.ndarray
    plies: np.ndarray
    game_returns: np.ndarray

    @classmethod
    def from_arrays(cls, arrays):
        """From the dict that ``tabula._tabula.play_games`` returns."""
        return cls(**{f: arrays.get(f) for f in STEP_FIELDS + GAME_FIELDS})

    @classmethod
    def concatenate(cls, parts: Sequence["Trajectories"]) -> "Trajectories":
        """The games of ``parts``, in order, as one record."""
        if not parts:
            raise ValueError("no trajectories to join")

        def join(field):
            arrays = [getattr(p, field) for p in parts]
            if any(a is None for a in arrays):
                return None
            return np.concatenate(arrays)

        return cls(**{f: join(f) for f in STEP_FIELDS + GAME_FIELDS})

    @property
    def num_games(self) -> int:
        return len(self.lengths)

    def __len__(self) -> int:
        """The number of steps."""
        return len(self.actions)

    @property
    def starts(self) -> np.ndarray:
        """Where each game's steps start (``num_games + 1`` entries, the last the total)."""
        return np.concatenate([[0], np.cumsum(self.lengths)])

    def game(self, i: int) -> dict:
        """Game ``i``'s per-step arrays (a dict of views) and its ``game_returns``."""
        if not 0 <= i < self.num_games:
            raise IndexError(f"game {i} of {self.num_games}")
        a, b = self.starts[i], self.starts[i + 1]
        out = {f: getattr(self, f)[a:b] for f in STEP_FIELDS if getattr(self, f) is not None}
        out["game_returns"] = self.game_returns[i]
        return out

    def winners(self) -> np.ndarray:
        """Per game the winner's index, or -1 for a draw."""
        w = np.argmax(self.game_returns, axis=1)
        return np.where(self.game_returns.max(axis=1) > 0, w, -1)


def play_games(game, games: int = 1, players=("random", "random"), seed: int = 0,
               first: int = 0, observations: bool = True, masks: bool = True) -> Trajectories:
    """Plays ``games`` games of ``game`` (a ``Game``, or a shipped name or a path) in Rust
    between ``players`` (two texts as ``Player`` takes them: ``"random"``, ``"mcts:400"``,
    ``"alphabeta:2"``; the first moves first) and records every step.

    Game ``k`` is game ``first + k`` of a series and draws from a generator seeded
    ``seed + first + k``: the same series split over calls (or Ray tasks) gives the same
    games. With an iteration or depth budget (not a time) the games depend only on the seed.
    ``observations`` and ``masks`` may be turned off where they would be too large (chess:
    960 values and 4,179 flags a step)."""
    if isinstance(game, str):
        game = _tabula.load_game(game)
    players = _player_pair(players)
    if games < 0 or first < 0 or seed < 0:
        raise ValueError("games, first and seed must not be negative")
    arrays = _tabula.play_games(game, players, games, seed, first, observations, masks)
    return Trajectories.from_arrays(arrays)


def _player_pair(players):
    if isinstance(players, str):
        players = (players, players)
    players = tuple(players)
    if len(players) != 2 or not all(isinstance(p, str) for p in players):
        raise ValueError("players: two player texts, such as (\"random\", \"mcts:400\")")
    for p in players:
        _tabula.Player(p)  # raises ValueError with the known players for a wrong text
    return players
