"""Random playouts per CPU-second of OpenSpiel's C++ `dots_and_boxes`, driven from Python as
its users drive it: a loop of `legal_actions()`, a uniformly random choice and `apply_action`,
timed with `time.process_time` (the process's CPU time). BENCHMARKS.md ("Dots and Boxes")
sets these beside `tabula bench games/dots-and-boxes.game` (3 x 3) and
`games/dots-and-boxes-2x2.game`.

    python3 tests/dots/openspiel_bench.py [SECONDS] [RUNS]

Prints, for 2 x 2 and 3 x 3 boxes, the median playouts per CPU-second of RUNS runs of SECONDS
each, and the average actions (lines) and turns a game.
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


def turns(game, rng, games=200):
    """Turns a random game (a turn ends where the player changes), counted apart from the
    timed loop."""
    total = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            state.apply_action(rng.choice(state.legal_actions()))
            total += state.is_terminal() or state.current_player() != player
    return total / games


def main(seconds=3.0, runs=3):
    rng = random.Random(1)
    for rows in (2, 3):
        game = pyspiel.load_game("dots_and_boxes", {"num_rows": rows, "num_cols": rows})
        rates, actions = zip(*(run(game, seconds, rng) for _ in range(runs)))
        print(f"Dots and Boxes {rows} x {rows}: {statistics.median(rates):,.0f} playouts per "
              f"CPU-second (runs: {', '.join(f'{r:,.0f}' for r in rates)}), "
              f"{statistics.mean(actions):.1f} lines and {turns(game, rng):.1f} turns a game")


if __name__ == "__main__":
    main(*(float(a) if i == 0 else int(a) for i, a in enumerate(sys.argv[1:])))
