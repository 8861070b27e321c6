"""Round-robin tournaments between computer players, and Elo ratings from their results.

A tournament is cut into tasks: each plays a run of games of one pairing with the same
player moving first, in Rust (``tabula.play_games``). ``tournament`` runs the tasks here, one
after the other; ``tabula.ray.tournament`` runs the same tasks as Ray tasks. Both give the
same :class:`Tournament` for the same seed.
"""

import math
from dataclasses import dataclass, field
from typing import List, NamedTuple, Sequence

import numpy as np

from . import _tabula
from .selfplay import _player_pair, play_games

# Elo's scale: a difference of 400 points is odds of 10 to 1.
ELO_SCALE = 400 / math.log(10)


class Task(NamedTuple):
    """Games ``first .. first + count`` of the tournament: player ``a`` moves first, ``b``
    second."""

    a: int
    b: int
    first: int
    count: int


def schedule(num_players: int, games_per_pair: int, games_per_task: int) -> List[Task]:
    """Every pair plays ``games_per_pair`` games, each player moving first in half of them
    (the first of the pair in the odd one out), in tasks of at most ``games_per_task``."""
    if num_players < 2:
        raise ValueError("a tournament needs at least two players")
    if games_per_pair < 1 or games_per_task < 1:
        raise ValueError("games_per_pair and games_per_task must be at least 1")
    tasks, first = [], 0
    for i in range(num_players):
        for j in range(i + 1, num_players):
            half = (games_per_pair + 1) // 2
            for a, b, n in ((i, j, half), (j, i, games_per_pair - half)):
                for start in range(0, n, games_per_task):
                    count = min(games_per_task, n - start)
                    tasks.append(Task(a, b, first, count))
                    first += count
    return tasks


def run_task(game, players: Sequence[str], task: Task, seed: int) -> np.ndarray:
    """Plays one task's games; returns their ``game_returns`` (``(count, 2)``, first player
    first)."""
    t = play_games(game, task.count, (players[task.a], players[task.b]), seed=seed,
                   first=task.first, observations=False, masks=False)
    return t.game_returns


@dataclass
class Tournament:
    """The results of a round robin. Matrices are ``(players, players)``, from the row
    player's side: ``games`` played against the column player, ``wins``, ``draws``,
    ``losses``, and ``score`` (a win 1, a draw 1/2). ``elo`` are ratings with mean 0 and
    ``elo_error`` the half-width of their 95% confidence intervals (see :func:`elo`)."""

    players: List[str]
    wins: np.ndarray
    draws: np.ndarray
    losses: np.ndarray
    elo: np.ndarray = field(init=False)
    elo_error: np.ndarray = field(init=False)

    def __post_init__(self):
        self.elo, self.elo_error = elo(self.score, self.games)

    @property
    def games(self) -> np.ndarray:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> np.ndarray:
        return self.wins + 0.5 * self.draws

    def rows(self) -> List[dict]:
        """One dict per player, best rating first: ``player``, ``games``, ``wins``,
        ``draws``, ``losses``, ``score``, ``elo``, ``elo_error``."""
        order = np.argsort(-self.elo, kind="stable")
        return [dict(player=self.players[i], games=int(self.games[i].sum()),
                     wins=int(self.wins[i].sum()), draws=int(self.draws[i].sum()),
                     losses=int(self.losses[i].sum()), score=float(self.score[i].sum()),
                     elo=float(self.elo[i]), elo_error=float(self.elo_error[i]))
                for i in order]

    def table(self) -> str:
        """The rows as a plain-text table."""
        head = f"{'player':<20} {'games':>6} {'W':>5} {'D':>5} {'L':>5} {'score':>7} {'Elo':>12}"
        lines = [head]
        for r in self.rows():
            lines.append(f"{r['player']:<20} {r['games']:>6} {r['wins']:>5} {r['draws']:>5} "
                         f"{r['losses']:>5} {r['score']:>7.1f} "
                         f"{r['elo']:>+6.0f} ± {r['elo_error']:<4.0f}")
        return "\n".join(lines)

    def __str__(self):
        return self.table()


def collect(players: Sequence[str], tasks: Sequence[Task], results) -> Tournament:
    """The tournament from each task's ``game_returns``."""
    n = len(players)
    wins, draws, losses = (np.zeros((n, n), np.int64) for _ in range(3))
    for task, returns in zip(tasks, results):
        for ra, rb in np.asarray(returns).reshape(-1, 2):
            a, b = task.a, task.b
            if ra > rb:
                wins[a, b] += 1
                losses[b, a] += 1
            elif rb > ra:
                wins[b, a] += 1
                losses[a, b] += 1
            else:
                draws[a, b] += 1
                draws[b, a] += 1
    return Tournament(list(players), wins, draws, losses)


def elo(score: np.ndarray, games: np.ndarray, prior: float = 1.0):
    """Ratings from a round robin's results by maximum likelihood (the Bradley-Terry model
    on Elo's scale: a draw counts half a win), with mean 0, and the half-widths of their 95%
    confidence intervals from the likelihood's curvature.

    ``prior`` virtual draws are added to every pair that played, so that a player who won
    every game has a finite rating (about +400 log10(2 n / prior) points above its opponent
    after n wins)."""
    score = np.asarray(score, float)
    games = np.asarray(games, float)
    n = len(games)
    played = (games > 0).astype(float)
    s = score + prior * 0.5 * played
    g = games + prior * played
    r = np.zeros(n)
    centre = np.eye(n) - 1.0 / n
    for _ in range(100):
        p = 1 / (1 + np.exp(r[None, :] - r[:, None]))
        grad = (s - g * p).sum(axis=1)
        w = g * p * (1 - p)
        info = np.diag(w.sum(axis=1)) - w
        step = centre @ np.linalg.pinv(info) @ grad
        r = r + step
        r -= r.mean()
        if np.abs(step).max() < 1e-10:
            break
    p = 1 / (1 + np.exp(r[None, :] - r[:, None]))
    w = g * p * (1 - p)
    cov = np.linalg.pinv(np.diag(w.sum(axis=1)) - w)
    err = 1.96 * np.sqrt(np.clip(np.diag(cov), 0, None))
    return r * ELO_SCALE, err * ELO_SCALE


def default_games_per_task(total: int, workers: int) -> int:
    """About four tasks per worker, so that workers finishing early find more."""
    return max(1, math.ceil(total / (4 * max(1, workers))))


def tournament(game, players: Sequence[str], games_per_pair: int = 10, seed: int = 0,
               games_per_task: int = None) -> Tournament:
    """A round robin of ``players`` (texts as ``Player`` takes them, a name may appear once)
    played here, task after task (``tabula.ray.tournament`` plays the same tasks on a Ray
    cluster)."""
    game, players = _check_players(game, players)
    per = games_per_task or games_per_pair
    tasks = schedule(len(players), games_per_pair, per)
    return collect(players, tasks, [run_task(game, players, t, seed) for t in tasks])


def _check_players(game, players):
    if isinstance(game, str):
        game = _tabula.load_game(game)
    players = list(players)
    if len(set(players)) != len(players):
        raise ValueError("each player may appear once in a tournament")
    for p in players:
        _player_pair((p, p))
    return game, players
