"""Self-play and tournaments on a Ray cluster (``pip install ray``).

Each Ray task plays many games inside Rust (``tabula.play_games``) and returns numpy arrays,
so a task's overhead is paid once per run of games, not once per move. The same code runs on
one machine and on a cluster:

- with no ``address`` and no Ray running, ``ray.init`` starts a local Ray on this machine
  with ``workers`` CPUs;
- with ``address="auto"`` (or ``RAY_ADDRESS`` set) it joins the cluster that ``ray start``
  made here; with ``address="ray://HEAD:10001"`` a remote one;
- where Ray is already initialised, the calls use it as it is.

Every node needs the ``tabula`` package (``pip install ./python`` in the Python environment
the workers run). A ``Game`` travels to the workers as its description's text, so a game
loaded from a path does not need the file on the workers.
"""

import os

try:
    import ray
except ImportError as e:  # pragma: no cover - exercised in a subprocess by the tests
    raise ImportError("tabula.ray needs Ray: pip install ray") from e

from . import _tabula
from .selfplay import Trajectories, _player_pair
from .tournament import Tournament, _check_players, collect, default_games_per_task, schedule


def _load(game):
    return _tabula.load_game(game) if isinstance(game, str) else game


def connect(address=None, workers=None):
    """Initialises Ray unless it is already: joins ``address`` (or ``RAY_ADDRESS``), else
    starts a local Ray with ``workers`` CPUs (all of them when None). Returns the number of
    CPUs the cluster has."""
    if not ray.is_initialized():
        address = address or os.environ.get("RAY_ADDRESS")
        if address is None:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    return int(ray.cluster_resources().get("CPU", 1))


@ray.remote(num_cpus=1)
def _play(game, players, games, seed, first, observations, masks):
    return _tabula.play_games(game, players, games, seed, first, observations, masks)


def _run(calls, workers):
    """Runs ``_play`` on each argument tuple of ``calls``, at most ``workers`` at once, and
    returns the results in order."""
    results = [None] * len(calls)
    pending = {}
    for i, args in enumerate(calls):
        if len(pending) >= workers:
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                results[pending.pop(ref)] = ray.get(ref)
        pending[_play.remote(*args)] = i
    for ref, i in pending.items():
        results[i] = ray.get(ref)
    return results


def selfplay(game, games, workers=None, players=("random", "random"), seed=0,
             games_per_task=None, observations=True, masks=True,
             address=None) -> Trajectories:
    """Plays ``games`` games of ``game`` (a ``Game``, or a shipped name or a path) between
    ``players`` (two ``Player`` texts, or one for both sides) as Ray tasks of
    ``games_per_task`` games each (about four tasks per worker when None), at most
    ``workers`` tasks at once (the cluster's CPUs when None). Returns the games in order,
    as one :class:`~tabula.selfplay.Trajectories`.

    Game ``g`` draws from a generator seeded ``seed + g``, so the data depends on the seed
    and the players only, not on ``workers`` or ``games_per_task`` (for players with an
    iteration or depth budget, not a time)."""
    game = _load(game)
    players = _player_pair(players)
    if games < 1:
        raise ValueError("games must be at least 1")
    cpus = connect(address, workers)
    workers = workers or cpus
    per = games_per_task or default_games_per_task(games, workers)
    if per < 1:
        raise ValueError("games_per_task must be at least 1")
    game_ref = ray.put(game)
    calls = [(game_ref, players, min(per, games - first), seed, first, observations, masks)
             for first in range(0, games, per)]
    parts = _run(calls, workers)
    return Trajectories.concatenate([Trajectories.from_arrays(p) for p in parts])


def tournament(game, players, games_per_pair=10, workers=None, seed=0,
               games_per_task=None, address=None) -> Tournament:
    """A round robin of ``players`` (``Player`` texts, each once): every pair plays
    ``games_per_pair`` games, each player moving first in half of them, as Ray tasks of at
    most ``games_per_task`` games of one pairing. Returns a
    :class:`~tabula.tournament.Tournament` (wins, draws, losses, Elo with 95% intervals),
    the same as ``tabula.tournament`` gives for the same arguments."""
    game, players = _check_players(game, players)
    cpus = connect(address, workers)
    workers = workers or cpus
    pairs = len(players) * (len(players) - 1) // 2
    per = games_per_task or default_games_per_task(pairs * games_per_pair, workers)
    tasks = schedule(len(players), games_per_pair, per)
    game_ref = ray.put(game)
    calls = [(game_ref, (players[t.a], players[t.b]), t.count, seed, t.first, False, False)
             for t in tasks]
    results = [r["game_returns"] for r in _run(calls, workers)]
    return collect(players, tasks, results)
