"""Random playouts per CPU-second of OpenSpiel's C++ `chinese_checkers` (two players), driven
from Python as its users drive it: a loop of `legal_actions()`, a uniformly random choice and
`apply_action`, timed with `time.process_time` (the process's CPU time). BENCHMARKS.md
("Chinese checkers") sets these beside `tabula bench games/chinese-checkers.game`.

    python3 tests/star/openspiel_bench.py [SECONDS] [RUNS] [PLAYERS]

Prints the median playouts per CPU-second of RUNS runs of SECONDS each, the average turns a
game (a turn ends where the player changes: a hop chain is several actions) and the average
actions a game. Random games do not finish: they stop at OpenSpiel's cap of 1000 turns, as
Tabula's stop at `draw after 1000 plies`.
"""
import random
import statistics
import sys
import time

import pyspiel


def run(game, seconds, rng):
    games = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        games += 1
    return games / (time.process_time() - start), actions / games


def turns(game, rng, games=20):
    """Turns a random game, counted apart from the timed loop."""
    total = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            state.apply_action(rng.choice(state.legal_actions()))
            total += state.is_terminal() or state.current_player() != player
    return total / games


def main(seconds=3.0, runs=3, players=2):
    rng = random.Random(1)
    game = pyspiel.load_game(f"chinese_checkers(players={players})")
    rates, actions = zip(*(run(game, seconds, rng) for _ in range(runs)))
    print(f"Chinese checkers ({players} players): {statistics.median(rates):,.0f} playouts per "
          f"CPU-second (runs: {', '.join(f'{r:,.0f}' for r in rates)}), "
          f"{turns(game, rng):.1f} turns and {statistics.mean(actions):.1f} actions a game")


if __name__ == "__main__":
    main(*(float(a) for a in sys.argv[1:2]), *(int(a) for a in sys.argv[2:4]))
