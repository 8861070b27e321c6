"""The OpenSpiel-shaped Game/State API."""

import copy

import numpy as np
import pytest

import tabula
from conftest import ROOT, game_path


def test_shipped_games_are_the_repository_games():
    names = sorted(
        [p.stem for p in (ROOT / "games").glob("*.game")]
        + [f"variants/{p.stem}" for p in (ROOT / "games" / "variants").glob("*.game")]
    )
    assert tabula.shipped_games() == names
    for name in names:
        g = tabula.load_game(name)
        # The description's own `players a, b, ...` line says how many.
        text = (ROOT / "games" / f"{name}.game").read_text(encoding="utf-8")
        line = next(l for l in text.splitlines() if l.strip().startswith("players "))
        players = len(line.strip()[len("players "):].split(","))
        assert g.num_players() == players
        assert g.num_distinct_actions() > 0
        planes, h, w = g.observation_tensor_shape()
        assert planes >= 3 and h * w >= len(g.cell_names())


def test_load_by_path_and_by_name_alike():
    a = tabula.load_game(game_path("chess"))
    b = tabula.load_game("chess")
    assert a.title == b.title == "Chess"
    assert a.num_distinct_actions() == b.num_distinct_actions() == 64 * 64 + 64 + 6 + 11 + 2
    assert str(a.new_initial_state()) == str(b.new_initial_state())


def test_load_errors(tmp_path):
    with pytest.raises(FileNotFoundError, match="shipped games: amazons"):
        tabula.load_game("no-such-game")
    bad = tmp_path / "bad.game"
    bad.write_text("game \"Bad\"\nboard 3 x 3\nnonsense\n")
    with pytest.raises(ValueError, match=r"bad\.game:\d+:\d+"):
        tabula.load_game(str(bad))
    g = tabula.load_game("chess")
    with pytest.raises(ValueError):
        g.new_initial_state("not a position")


def test_state_basics_on_tic_tac_toe():
    g = tabula.load_game("tic-tac-toe")
    s = g.new_initial_state()
    assert s.current_player() == 0
    assert len(s.legal_actions()) == 9
    mask = s.legal_actions_mask()
    assert mask.dtype == np.bool_ and mask.shape == (g.num_distinct_actions(),)
    assert list(np.flatnonzero(mask)) == s.legal_actions()
    # X: a1 b1 c1 in a row; O plays a3, b3 between.
    for move in ["a1", "a3", "b1", "b3"]:
        s.apply_action(s.string_to_action(move))
    assert not s.is_terminal() and s.returns() == [0.0, 0.0]
    win = s.string_to_action("c1")
    assert s.action_to_string(win) == "c1"
    assert s.action_to_string(0, win) == "c1"  # OpenSpiel's (player, action)
    before = s.clone()
    s.apply_action(win)
    assert s.is_terminal()
    assert s.current_player() == tabula.TERMINAL == -4
    assert s.returns() == [1.0, -1.0]
    assert s.winner() == 0 and "wins" in s.outcome()
    assert s.legal_actions() == []
    with pytest.raises(ValueError, match="over"):
        s.apply_action(win)
    # The clone did not move.
    assert not before.is_terminal() and before.current_player() == 0


def test_illegal_action_changes_nothing():
    s = tabula.load_game("chess").new_initial_state()
    text = str(s)
    with pytest.raises(ValueError, match="not legal"):
        s.apply_action(s.string_to_action("e2e4") + 1)  # e2e5
    with pytest.raises(ValueError):
        s.string_to_action("e2e5")
    assert str(s) == text and s.pending_actions() == []


def test_position_strings_round_trip():
    g = tabula.load_game("chess")
    s = g.new_initial_state()
    for m in ["e2e4", "c7c5", "g1f3"]:
        s.apply_move(m)
    t = g.new_initial_state(str(s))
    assert str(t) == str(s)
    assert t.legal_actions() == s.legal_actions()
    assert copy.deepcopy(s).legal_moves() == s.legal_moves()


def test_chess_promotion_takes_two_ids():
    g = tabula.load_game("chess")
    s = g.new_initial_state("7k/P7/8/8/8/8/8/2K5 w - - 0 1")
    ids = s.move_to_actions("a7a8n")
    assert len(ids) == 2
    assert g.action_to_string(ids[0]) == "a7a8" and g.action_to_string(ids[1]) == "=N"
    s.apply_action(ids[0])
    assert s.current_player() == 0 and s.pending_actions() == ids[:1]
    assert sorted(g.action_to_string(a) for a in s.legal_actions()) == ["=B", "=N", "=Q", "=R"]
    # The pending cells are marked in the last plane.
    obs = s.observation_tensor()
    assert obs[-1].sum() == 2
    s.apply_action(ids[1])
    assert s.current_player() == 1
    assert str(s).startswith("N6k/")


def test_a_state_in_the_middle_of_a_turn_prints_the_ids_chosen():
    g = tabula.load_game("chess")
    s = g.new_initial_state("7k/P7/8/8/8/8/8/2K5 w - - 0 1")
    before = str(s)
    s.apply_action(s.move_to_actions("a7a8n")[0])
    # The promotion's piece is still to choose: not the position before the first id.
    assert str(s) == before + " | a7a8"
    assert repr(s) == f"<tabula.State {str(s)!r}>".replace("'", '"')
    t = g.new_initial_state(str(s))
    assert str(t) == str(s) and t.pending_actions() == s.pending_actions()
    assert t.legal_actions() == s.legal_actions()
    with pytest.raises(ValueError, match="no id legal"):
        g.new_initial_state(before + " | b7b8")
    # Dots and Boxes: every state met in the middle of a turn of several lines prints its
    # lines and is read back from the string.
    g = tabula.load_game("dots-and-boxes")
    player = tabula.Player("random", 3)
    s, seen = g.new_initial_state(), 0
    for _ in range(3000):
        if s.is_terminal():
            s = g.new_initial_state()
        if s.pending_actions():
            seen += 1
            t = g.new_initial_state(str(s))
            assert " | " in str(s) and str(t) == str(s)
            assert t.legal_actions() == s.legal_actions()
        s.apply_action(player.step(s))
    assert seen > 10


def test_draughts_chain_asks_for_each_landing_where_chains_part():
    g = tabula.load_game("international-draughts")
    s = g.new_initial_state()
    seen = 0
    player = tabula.Player("random", 5)
    # Random games until a position with a chain whose landings part after the first jump.
    for _ in range(4000):
        if s.is_terminal():
            s = g.new_initial_state()
        for m in s.legal_moves():
            ids = s.move_to_actions(m)
            if len(ids) > 1:
                seen += 1
                t = s.clone()
                for a in ids[:-1]:
                    t.apply_action(a)
                    assert t.current_player() == s.current_player()
                t.apply_action(ids[-1])
                assert t.current_player() != s.current_player() or t.is_terminal()
        s.apply_actions(player.choose(s))
        if seen >= 3:
            break
    assert seen >= 3


def test_amazons_move_then_arrow():
    g = tabula.load_game("amazons")
    s = g.new_initial_state()
    ids = s.move_to_actions(s.legal_moves()[0])
    assert len(ids) == 2
    assert g.action_to_string(ids[1]).startswith("x")  # the arrow's cell
    s.apply_action(ids[0])
    assert s.current_player() == 0
    assert all(g.action_to_string(a).startswith("x") for a in s.legal_actions())


def test_kalah_turn_of_two_sowings_takes_a_pit_each():
    """A sowing is its pit; a turn that sows again asks for the next pit (c1 ends in the
    store, then f1), and the position is the one the CLI reaches with `c1+f1`."""
    g = tabula.load_game("kalah")
    s = g.new_initial_state()
    names = [g.action_to_string(a) for a in s.legal_actions()]
    assert names == ["a1", "b1", "c1", "d1", "e1", "f1"]
    s.apply_action(s.legal_actions()[names.index("c1")])
    assert s.current_player() == 0  # the turn goes on
    again = {g.action_to_string(a): a for a in s.legal_actions()}
    assert sorted(again) == ["a1", "b1", "d1", "e1", "f1"]
    s.apply_action(again["f1"])
    assert s.current_player() == 1
    assert str(s) == "4,4,5,5,5,5/4,4,0,5,5,0 2,0 n 1 1"
    planes, h, w = g.observation_tensor_shape()
    obs = np.asarray(s.observation_tensor()).reshape(planes, h, w)
    # The seeds plane, rows from the bottom, and the two stores' planes.
    assert obs[0, 0].tolist() == [4, 4, 0, 5, 5, 0]
    assert obs[1].min() == obs[1].max() == 2 and obs[2].max() == 0


def test_ur_throws_are_chance_nodes():
    """A throw is due at the start: the chance player, the five outcomes with their
    probabilities; after a throw of 4 the first player enters on the rosette a1 and throws
    again."""
    g = tabula.load_game("ur")
    assert g.max_chance_outcomes() == 5
    s = g.new_initial_state()
    assert s.is_chance_node() and s.current_player() == tabula.CHANCE
    outcomes = s.chance_outcomes()
    assert [g.action_to_string(a) for a, _ in outcomes] == [f"throw-{i}" for i in range(5)]
    assert [p * 16 for _, p in outcomes] == [1, 4, 6, 4, 1]
    assert sorted(a for a, _ in outcomes) == s.legal_actions()
    planes, h, w = g.observation_tensor_shape()
    before = np.asarray(s.observation_tensor()).reshape(planes, h, w)
    s.apply_action(outcomes[4][0])
    assert not s.is_chance_node() and s.current_player() == 0
    # One plane per outcome, after the pieces and hands: the throw of 4 is lit everywhere.
    after = np.asarray(s.observation_tensor()).reshape(planes, h, w)
    throws = slice(planes - 3 - 5, planes - 3)
    assert before[throws].max() == 0
    assert after[throws][4].min() == 1 and after[throws][:4].max() == 0
    assert s.legal_moves() == ["@a1"]
    s.apply_move("@a1")
    assert s.is_chance_node() and s.chance_outcomes()  # the rosette: light throws again
    assert str(s) == "8/8/M7 l 6M7m - 1 1"


def test_vector_env_throws_the_dice_itself():
    """A batch of Ur games never stops at a chance node, and its seeded games finish."""
    g = tabula.load_game("ur")
    env = tabula.VectorEnv(g, 8, seed=3)
    obs, rewards, terminated, masks = env.reset()
    ended = 0
    for _ in range(400):
        assert all(env.state(i).current_player() in (0, 1) for i in range(len(env)))
        obs, rewards, terminated, masks = env.step(env.sample_actions())
        ended += int(terminated.sum())
    assert ended > 0


def first_position_with(game, seed, wanted):
    """Random play (a seeded player) until some legal move satisfies wanted(state, move)."""
    g = tabula.load_game(game)
    s = g.new_initial_state()
    player = tabula.Player("random", seed)
    for _ in range(3000):
        if s.is_terminal():
            s = g.new_initial_state()
        hits = [m for m in s.legal_moves() if wanted(s, m)]
        if hits:
            return g, s, hits[0]
        s.apply_actions(player.choose(s))
    pytest.fail(f"{game}: no such move met")


def test_shogi_optional_promotion_asks_for_the_kind():
    g, s, move = first_position_with("shogi", 2, lambda s, m: m.endswith("+"))
    plain = move[:-1]
    a, b = s.move_to_actions(move), s.move_to_actions(plain)
    assert len(a) == len(b) == 2 and a[0] == b[0]
    assert {g.action_to_string(a[1]), g.action_to_string(b[1])} <= {
        "=" + k for k in "PLNSBRGKTMOUHD"}
    s.apply_action(a[0])
    assert sorted(s.legal_actions()) == sorted([a[1], b[1]])


def test_walk_that_could_go_on_ends_with_end():
    def ends(s, m):
        return s.action_to_string(s.move_to_actions(m)[-1]) == "end"
    g, s, move = first_position_with("rascals", 2, ends)
    ids = s.move_to_actions(move)
    s.apply_actions(ids[:-1])
    assert g.num_distinct_actions() - 1 == ids[-1]  # `end` is the last id
    assert ids[-1] in s.legal_actions() and len(s.legal_actions()) > 1
    player = s.current_player()
    s.apply_action(ids[-1])
    assert s.current_player() != player


def test_observation_planes_count_the_pieces():
    g = tabula.load_game("chess")
    s = g.new_initial_state()
    obs = s.observation_tensor()
    assert obs.shape == tuple(g.observation_tensor_shape()) and obs.dtype == np.float32
    kinds = 6
    # Every kind of each side, then the side to move, the board, the pending cells.
    counts = obs[: 2 * kinds].sum(axis=(1, 2))
    assert counts.sum() == 32 and sorted(counts)[-2:] == [8, 8]
    assert obs[2 * kinds].sum() == 0 and obs[2 * kinds + 1].sum() == 64
    s.apply_move("e2e4")
    assert s.observation_tensor()[2 * kinds].sum() == 64


def test_backgammon_turn_is_one_move_of_its_steps():
    """Backgammon's opening throw has no doubles and decides who starts (30 outcomes, 1/30
    each); a turn plays both dice as one move, written as its steps, and orders of play that
    reach the same position are one move (a 3-1 from the start: 16 plays)."""
    g = tabula.load_game("backgammon")
    s = g.new_initial_state()
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 30
    assert all(abs(p - 1 / 30) < 1e-12 for _, p in outcomes)
    named = {g.action_to_string(a): a for a, _ in outcomes}
    assert "throw-3-3" not in named
    s.apply_action(named["throw-1-3"])  # Black's die is the higher: Black starts
    assert s.current_player() == 1
    moves = s.legal_moves()
    assert len(moves) == 16 and "a1-c2,e2-f2" in moves
    # Each step of a play is an id; the ids of the legal plays tell them apart.
    assert len(s.legal_actions()) < 16
    planes, h, w = g.observation_tensor_shape()
    obs = np.asarray(s.observation_tensor()).reshape(planes, h, w)
    # The checkers' planes count each point's stack: White's five on a2, Black's on a1.
    assert obs[0, 1, 0] == 5 and obs[1, 0, 0] == 5
    s.apply_move("a1-c2,e2-f2")
    assert s.is_chance_node()
    assert str(s) == "(5C)1c1(2c)c(5c)4(2C)/(4c)3(3C)1(5C)4(2c) w - - 1 2"


def test_a_connect6_turn_is_two_placement_ids_in_cell_order():
    g = tabula.load_game("connect6")
    s = g.new_initial_state()
    # The first turn places one stone: one id, and White moves next.
    assert len(s.legal_actions()) == 361
    s.apply_action(s.legal_actions()[180])
    assert s.current_player() == 1
    # Then a turn of two: the first id (the lower cell) keeps White to move, the second ends it.
    first = s.legal_actions()
    assert len(first) == 359  # any open cell but the last can be the lower of a pair
    s.apply_action(first[0])
    assert s.current_player() == 1
    second = s.legal_actions()
    assert len(second) == 359  # every open cell after it
    s.apply_action(second[-1])
    assert s.current_player() == 0


def test_three_players_take_turns_and_the_winner_takes_the_others_returns():
    g = tabula.load_game(str(ROOT / "tests" / "players" / "three-in-a-row-3p.game"))
    assert g.num_players() == 3
    s = g.new_initial_state()
    # x takes the bottom rank's first three cells while o and z play elsewhere.
    for k, move in enumerate(["a1", "a4", "d4", "b1", "b4", "d3", "c1"]):
        assert s.current_player() == k % 3
        s.apply_action(s.string_to_action(move))
    assert s.is_terminal()
    assert s.returns() == [2.0, -1.0, -1.0]
    assert s.winner() == 0
    v = tabula.VectorEnv(g, 2, seed=1)
    obs, rewards, terminated, masks = v.reset()
    assert rewards.shape == (2, 3)
