"""A Tabula game registered with OpenSpiel and played by OpenSpiel's own algorithms."""

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts, minimax

import tabula
import tabula.openspiel


def test_openspiel_solves_tic_tac_toe_as_a_draw():
    game = tabula.openspiel.load_game("tic-tac-toe")
    assert game.get_type().short_name == "tabula_tic_tac_toe"
    assert game.num_distinct_actions() == tabula.load_game("tic-tac-toe").num_distinct_actions()
    value, _ = minimax.alpha_beta_search(game, maximizing_player_id=0)
    assert value == 0
    # A win in one is found from a position OpenSpiel reached by its own actions.
    state = game.new_initial_state()
    for move in ["a1", "a3", "b1", "b3"]:
        state.apply_action(state.tabula.string_to_action(move))
    value, action = minimax.alpha_beta_search(game, state=state, maximizing_player_id=0)
    assert value == 1 and state.action_to_string(0, action) == "c1"


def test_openspiel_random_simulation_and_mcts_on_multi_id_moves():
    for name in ["breakthrough", "amazons", "english-draughts"]:
        game = tabula.openspiel.load_game(name)
        pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    game = tabula.openspiel.load_game("amazons")
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=20,
                       evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                       random_state=np.random.RandomState(0))
    state = game.new_initial_state()
    for _ in range(4):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    # Four actions: two Amazons moves of two ids each (queen, then arrow), or fewer moves
    # where an arrow had one cell.
    assert state.tabula.move_number() >= 2


def test_openspiel_observation_and_clone():
    game = tabula.openspiel.load_game("chess")
    state = game.new_initial_state()
    state.apply_action(state.tabula.string_to_action("e2e4"))
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert str(state).endswith("b KQkq e3 0 1")
    obs = np.array(state.observation_tensor(0))
    assert obs.shape == (int(np.prod(game.observation_tensor_shape())),)
    assert (obs.reshape(game.observation_tensor_shape()) == state.tabula.observation_tensor()).all()
    assert tabula.openspiel.load_game("chess") is not None  # a second load reuses the type


def test_dice_are_openspiel_chance_nodes():
    """Ur through pyspiel: an explicitly stochastic game whose throws are chance outcomes with
    their probabilities; a game sampled through them finishes."""
    import random

    g = tabula.openspiel.load_game("ur")
    assert g.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert g.max_chance_outcomes() == 5
    s = g.new_initial_state()
    assert s.is_chance_node() and s.current_player() == pyspiel.PlayerId.CHANCE
    assert sum(p for _, p in s.chance_outcomes()) == 1.0
    rng = random.Random(1)
    while not s.is_terminal():
        if s.is_chance_node():
            ids, probs = zip(*s.chance_outcomes())
            s.apply_action(rng.choices(ids, probs)[0])
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    assert sorted(s.returns()) == [-1.0, 1.0]
