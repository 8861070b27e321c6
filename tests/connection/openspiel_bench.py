"""Random playouts per CPU-second of OpenSpiel's C++ `havannah` and `y`, driven from Python
as its users drive them: a loop of `legal_actions()`, a uniformly random choice and
`apply_action`, timed with `time.process_time` (the process's CPU time). BENCHMARKS.md
("Connection games") sets these beside `tabula bench`.

    python3 tests/connection/openspiel_bench.py [SECONDS] [RUNS]

Prints, per game, the median playouts per CPU-second of RUNS runs of SECONDS each, and the
average plies a game.
"""
import random
import statistics
import sys
import time

import pyspiel

GAMES = [
    ("Y (side 7)", "y(board_size=7)"),
    ("Havannah (base 4)", "havannah(board_size=4)"),
    ("Havannah (base 8)", "havannah(board_size=8)"),
    ("Y (side 19)", "y(board_size=19)"),
]


def run(game, seconds, rng):
    games = plies = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
        games += 1
    return games / (time.process_time() - start), plies / games


def main(seconds=3.0, runs=3):
    rng = random.Random(1)
    for name, spec in GAMES:
        game = pyspiel.load_game(spec)
        rates, lengths = zip(*(run(game, seconds, rng) for _ in range(runs)))
        print(f"{name}: {statistics.median(rates):,.0f} playouts per CPU-second "
              f"(runs: {', '.join(f'{r:,.0f}' for r in rates)}), "
              f"{statistics.mean(lengths):.1f} plies a game")


if __name__ == "__main__":
    main(*(float(a) for a in sys.argv[1:2]), *(int(a) for a in sys.argv[2:3]))
