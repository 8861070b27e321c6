"""Writes tests/race/backgammon.openspiel: random games of OpenSpiel's `backgammon`, with
every distinct result of each turn, for tests/race.rs to replay.

    python3 tests/race/openspiel_backgammon.py > tests/race/backgammon.openspiel

OpenSpiel (pip install open_spiel) is the oracle. It splits a turn with a double into two
actions of two dice each; a turn here is both joined, and its results are the distinct
positions the player's actions reach (OpenSpiel lists a play once per order of the dice).
A position is written as games/backgammon.game's position string writes its board and hand:
ranks from the top (a2..l2, then a1..l1), `C` a White checker, `c` a Black one, `(5C)` a
stack, digits for runs of empty points; the hand (the bar) as `2Cc` or `-`. OpenSpiel's X is
White, moving from its point 0 (l2) to 23 (l1); O is Black, from 23 (l1) to 0 (l2).

Output: `game`; per turn `throw D-D` (the first throw: White's die, then Black's), then
`turn N BOARD HAND` (N distinct results; with `all`, each result follows on a `result` line;
the first turns of each game list them) and `play BOARD HAND` (the result OpenSpiel's random
player chose); `winner white|black` ends a game.
"""
import random
import sys

import pyspiel

WHITE_TRACK = [f"{f}2" for f in "lkjihgfedcba"] + [f"{f}1" for f in "abcdefghijkl"]
ROWS = [[f"{f}2" for f in "abcdefghijkl"], [f"{f}1" for f in "abcdefghijkl"]]
GAMES = 6
FULL_TURNS = 12


def position(state):
    """The board and hand of OpenSpiel's state, as Tabula's position string writes them."""
    counts = {}
    for p in range(2):
        for i in range(24):
            n = state.board(p, i)
            if n:
                counts[WHITE_TRACK[i]] = (p, n)
    bar_line = [l for l in str(state).split("\n") if l.startswith("Bar:")][0]
    counts[("bar", 0)] = bar_line.count("x")
    counts[("bar", 1)] = bar_line.count("o")
    rows = []
    for row in ROWS:
        s, run = "", 0
        for cell in row:
            if cell not in counts:
                run += 1
                continue
            if run:
                s += str(run)
                run = 0
            p, n = counts[cell]
            letter = "C" if p == 0 else "c"
            s += letter if n == 1 else f"({n}{letter})"
        if run:
            s += str(run)
        rows.append(s)
    bar = [counts[("bar", 0)], counts[("bar", 1)]]
    hand = ""
    for n, letter in zip(bar, "Cc"):
        if n:
            hand += (str(n) if n > 1 else "") + letter
    return "/".join(rows) + " " + (hand or "-")


def results(state):
    """The distinct results of the player's whole turn: position text -> state."""
    out = {}
    player = state.current_player()
    for a in state.legal_actions():
        child = state.child(a)
        if not child.is_terminal() and child.current_player() == player:
            out.update(results(child))
        else:
            out[position(child)] = child
    return out


def main():
    rng = random.Random(2026)
    game = pyspiel.load_game("backgammon")
    print("# OpenSpiel 2.0.2's backgammon: random games with every distinct result of each turn,")
    print("# written by tests/race/openspiel_backgammon.py (see there for the format).")
    for _ in range(GAMES):
        state = game.new_initial_state()
        print("game")
        turn = 0
        while not state.is_terminal():
            assert state.is_chance_node()
            outcomes = [a for a, _ in state.chance_outcomes()]
            a = rng.choice(outcomes)
            first = len(outcomes) == 30
            state.apply_action(a)
            text = str(state)
            line = [l for l in text.split("\n") if l.startswith("Dice: ")][0]
            d = line[len("Dice: "):].strip()
            d0, d1 = int(d[0]), int(d[1])
            if first:
                # OpenSpiel's first throw names the starter apart from the dice; in Tabula's
                # the higher die is the starter's, the first die White's.
                lo, hi = min(d0, d1), max(d0, d1)
                d0, d1 = (hi, lo) if state.current_player() == 0 else (lo, hi)
            print(f"throw {d0}-{d1}")
            res = results(state)
            keys = sorted(res)
            full = turn < FULL_TURNS
            print(f"turn {len(keys)}" + (" all" if full else ""))
            if full:
                for k in keys:
                    print(f"result {k}")
            choice = rng.choice(keys)
            print(f"play {choice}")
            state = res[choice]
            turn += 1
        r = state.returns()
        print("winner " + ("white" if r[0] > 0 else "black"))


if __name__ == "__main__":
    sys.exit(main())
