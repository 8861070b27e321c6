"""`tabula.ray` on a Ray cluster of two worker nodes of one CPU each, started here on the
loopback address (conftest.py) with ray.cluster_utils.Cluster: a head node and a second
node, each its own raylet, as `ray start --head` and `ray start --address` make them. The
calls reach it by its address, as they would a remote cluster. With RAY_ADDRESS set, the
tests use that cluster instead."""

import faulthandler
import os

import numpy as np
import pytest

import tabula
from test_selfplay import replay

ray = pytest.importorskip("ray", reason="tabula.ray needs Ray: pip install ray")
import tabula.ray  # noqa: E402  (after the check that Ray is there)


@pytest.fixture(scope="module")
def address():
    # A cluster that never answers fails the run (with every thread's traceback) instead of
    # holding CI until its time runs out.
    faulthandler.dump_traceback_later(600, exit=True)
    yield from _cluster()
    faulthandler.cancel_dump_traceback_later()


def _cluster():
    if os.environ.get("RAY_ADDRESS"):
        yield os.environ["RAY_ADDRESS"]
        ray.shutdown()
        return
    from ray.cluster_utils import Cluster

    cluster = Cluster(initialize_head=True,
                      head_node_args={"num_cpus": 1, "include_dashboard": False})
    cluster.add_node(num_cpus=1)
    cluster.wait_for_nodes()
    try:
        yield cluster.address
    finally:
        ray.shutdown()
        cluster.shutdown()


def test_selfplay_on_two_workers_replays_and_the_seed_reproduces_it(address):
    t = tabula.ray.selfplay("breakthrough", 60, workers=2, seed=5, games_per_task=7,
                            address=address)
    assert len([n for n in ray.nodes() if n["Alive"]]) == 2
    assert int(ray.cluster_resources()["CPU"]) == 2
    assert t.num_games == 60 and len(t) == t.lengths.sum()
    assert t.observations.shape[0] == t.masks.shape[0] == len(t)
    replay("breakthrough", t)
    # The same seed gives the same data however the games are cut into tasks, and the
    # same as one call here.
    again = tabula.ray.selfplay("breakthrough", 60, workers=2, seed=5, games_per_task=60,
                                address=address)
    here = tabula.play_games("breakthrough", 60, seed=5)
    for f in ("observations", "masks", "actions", "players", "returns", "lengths",
              "game_returns"):
        assert (getattr(t, f) == getattr(again, f)).all(), f
        assert (getattr(t, f) == getattr(here, f)).all(), f
    other = tabula.ray.selfplay("breakthrough", 60, workers=2, seed=6, address=address)
    assert len(other) != len(t) or (other.actions != t.actions).any()


def test_selfplay_with_moves_of_several_ids_and_searching_players(address):
    t = tabula.ray.selfplay("amazons", 4, players=("mcts:100", "random"), seed=1,
                            games_per_task=1, masks=False, address=address)
    assert t.masks is None
    replay("amazons", t)
    # The queen's move and the arrow are two ids where several arrows are legal.
    assert (t.plies < t.lengths).all()


def test_tournament_scores_add_up_and_mcts_rates_above_random(address):
    players = ["random", "mcts:300", "alphabeta:2"]
    t = tabula.ray.tournament("connect-four", players, games_per_pair=8, seed=3,
                              games_per_task=3, address=address)
    assert (t.games == 8 * (1 - np.eye(3))).all()
    assert (t.score + t.score.T == t.games).all()
    assert t.score.sum() == 3 * 8
    assert (t.wins == t.losses.T).all() and (t.draws == t.draws.T).all()
    rows = t.rows()
    assert rows[-1]["player"] == "random"
    assert t.elo[1] - t.elo[0] > t.elo_error[1]
    assert sum(r["games"] for r in rows) == 2 * 3 * 8
    # The same tournament played here, in tasks of another size, gives the same table.
    here = tabula.tournament("connect-four", players, games_per_pair=8, seed=3)
    assert (here.wins == t.wins).all() and (here.draws == t.draws).all()
    assert np.allclose(here.elo, t.elo)
