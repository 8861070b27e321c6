"""Whole games played in Rust (`play_games`), round robins (`tournament`) and Elo, without
Ray (test_ray.py runs the same on a Ray cluster)."""

import pickle
import subprocess
import sys

import numpy as np
import pytest

import tabula
from conftest import ROOT
from tabula.tournament import elo, schedule


def replay(game, t):
    """Plays every recorded game again through the State API, checking each step's
    observation, mask and player, and the result."""
    g = tabula.load_game(game) if isinstance(game, str) else game
    starts = t.starts
    for i in range(t.num_games):
        s = g.new_initial_state()
        for k in range(starts[i], starts[i + 1]):
            assert s.current_player() == t.players[k]
            if t.observations is not None:
                assert (t.observations[k] == s.observation_tensor()).all()
            if t.masks is not None:
                assert (t.masks[k] == s.legal_actions_mask()).all()
            s.apply_action(int(t.actions[k]))
        assert s.is_terminal()
        assert list(t.game_returns[i]) == s.returns()
        assert t.plies[i] == s.move_number()
        mover = t.players[starts[i]:starts[i + 1]]
        assert (t.returns[starts[i]:starts[i + 1]] == t.game_returns[i][mover]).all()


@pytest.mark.parametrize("game", ["breakthrough", "amazons", "english-draughts"])
def test_recorded_games_replay_through_the_state_api(game):
    t = tabula.play_games(game, 3, seed=4)
    assert t.num_games == 3 and len(t) == t.lengths.sum()
    assert t.observations.shape == (len(t), *tabula.load_game(game).observation_tensor_shape())
    replay(game, t)


def test_a_series_split_into_calls_is_the_same_series():
    whole = tabula.play_games("breakthrough", 10, seed=21)
    parts = tabula.Trajectories.concatenate(
        [tabula.play_games("breakthrough", n, seed=21, first=f) for f, n in [(0, 3), (3, 7)]])
    for f in ("observations", "masks", "actions", "players", "returns", "lengths",
              "game_returns"):
        assert (getattr(whole, f) == getattr(parts, f)).all(), f
    other = tabula.play_games("breakthrough", 10, seed=22)
    assert len(other) != len(whole) or (other.actions != whole.actions).any()
    # Game k of seed s is game 0 of seed s + k.
    alone = tabula.play_games("breakthrough", 1, seed=24)
    assert (alone.actions == whole.game(3)["actions"]).all()


def test_without_observations_and_masks_and_bad_players():
    t = tabula.play_games("tic-tac-toe", 5, ("mcts:200", "random"), seed=1,
                          observations=False, masks=False)
    assert t.observations is None and t.masks is None
    replay("tic-tac-toe", t)
    assert set(t.winners()) <= {-1, 0, 1}
    with pytest.raises(ValueError, match="unknown player"):
        tabula.play_games("tic-tac-toe", 1, ("random", "nonsense"))
    with pytest.raises(ValueError, match="two player texts"):
        tabula.play_games("tic-tac-toe", 1, ("random",))


def test_a_game_pickles_as_its_description(tmp_path):
    path = tmp_path / "mine.game"
    path.write_text((ROOT / "games" / "tic-tac-toe.game").read_text())
    g = tabula.load_game(str(path))
    data = pickle.dumps(g)
    path.unlink()  # the copy does not need the file
    h = pickle.loads(data)
    assert h.name == str(path) and h.num_distinct_actions() == g.num_distinct_actions()
    assert str(h.new_initial_state()) == str(g.new_initial_state())
    chess = pickle.loads(pickle.dumps(tabula.load_game("chess")))
    assert chess.name == "chess" and chess.num_distinct_actions() == 4179


def test_schedule_gives_every_pair_its_games_half_moving_first():
    tasks = schedule(3, 5, 2)
    firsts = [t.first for t in tasks]
    assert firsts == sorted(firsts) and len(set(firsts)) == len(firsts)
    assert sum(t.count for t in tasks) == 3 * 5
    for a, b in [(0, 1), (0, 2), (1, 2)]:
        first_a = sum(t.count for t in tasks if (t.a, t.b) == (a, b))
        first_b = sum(t.count for t in tasks if (t.a, t.b) == (b, a))
        assert (first_a, first_b) == (3, 2)
    assert all(t.count <= 2 for t in tasks)


def test_elo_from_known_results():
    # Even results: equal ratings, and the interval narrows with more games.
    r, e = elo([[0, 50], [50, 0]], [[0, 100], [100, 0]])
    assert np.allclose(r, 0) and 0 < e[0] < 100
    _, e4 = elo([[0, 200], [200, 0]], [[0, 400], [400, 0]])
    assert e4[0] < e[0]
    # 3 points of 4: odds of 3, 400 log10(3) = 190.8 points apart without the prior.
    r, _ = elo([[0, 300], [100, 0]], [[0, 400], [400, 0]], prior=0)
    assert r[0] - r[1] == pytest.approx(400 * np.log10(3), abs=0.01)
    # A clean sweep is finite with the prior; ratings have mean 0.
    r, _ = elo([[0, 10, 10], [0, 0, 5], [0, 5, 0]],
               [[0, 10, 10], [10, 0, 10], [10, 10, 0]])
    assert r[0] > 0 > r[1] and r[1] == pytest.approx(r[2]) and abs(r.sum()) < 1e-9


def test_local_tournament_adds_up():
    t = tabula.tournament("tic-tac-toe", ["random", "mcts:300"], games_per_pair=6, seed=2)
    assert (t.games == [[0, 6], [6, 0]]).all()
    assert (t.score + t.score.T == t.games).all()
    assert (t.wins == t.losses.T).all() and (t.draws == t.draws.T).all()
    assert t.elo[1] > t.elo[0]
    assert [r["player"] for r in t.rows()] == ["mcts:300", "random"]
    assert "mcts:300" in t.table()
    with pytest.raises(ValueError, match="once"):
        tabula.tournament("tic-tac-toe", ["random", "random"])


def test_tabula_ray_without_ray_says_what_to_install():
    code = "import sys; sys.modules['ray'] = None; import tabula.ray"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode != 0 and "pip install ray" in out.stderr
