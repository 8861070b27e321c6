"""Writes the OpenSpiel data of tests/star.rs: games of OpenSpiel's `chinese_checkers` for two,
three, four or six players with every whole turn's results, and perft counts from positions of
such games.

    python3 tests/star/openspiel_chinese_checkers.py games > tests/star/chinese-checkers.openspiel
    python3 tests/star/openspiel_chinese_checkers.py perft > tests/perft/chinese-checkers.perft
    python3 tests/star/openspiel_chinese_checkers.py games 3 > tests/star/chinese-checkers-3.openspiel
    python3 tests/star/openspiel_chinese_checkers.py perft 3 > tests/perft/chinese-checkers-3.perft

(and 4 and 6 alike, for games/chinese-checkers-N.game).

OpenSpiel 2.0.2 (pip install open_spiel) is the oracle. It plays a hop chain as several
actions (each hop one action, then its Pass, or the chain ends by itself where no hop goes on);
a turn here is the whole chain, and its result is the marble's start and the hole it ends on:
every result a turn can reach is found by trying every sequence of actions to the end of the
turn. Holes are named as games/chinese-checkers.game names them: OpenSpiel numbers them from
the top row down, left to right; here rows are numbered 1 (the south point's apex) to 17 from
the bottom and lettered by axial column, so a row is one letter left of the row below it.

Games data: per game a `game SEED` line, then one line per turn, `MOVE N DIGEST`: the turn
OpenSpiel's player chose (`e4-e6`, start and end hole, or `pass`), the number N of distinct
results of the turn (`pass` where the player is stuck) and their FNV-1a 64-bit digest, in
hexadecimal, of the results sorted and joined by spaces; the first turns of the first game
list the results themselves after the digest. Then `over` and `result R0 R1 ...` (OpenSpiel's
returns). The players
move toward their targets by preference, so that games end in wins (see `choose`).

Perft data: the start and positions of such games, written as Tabula's position strings
(rows from the top, `M` North's marble, `m` South's, or with more players each player's letter
in the order of the description's `players`, runs of empty holes as numbers), with OpenSpiel's
counts of whole turns.
"""
import random
import sys

import pyspiel

PLAYERS = 2
GAMES = 30
# More players: fewer, longer games (the data stays small).
GAMES_OF = {2: 30, 3: 8, 4: 6, 6: 4}
# Each player's marble letter and side letter in Tabula's position strings, by player count.
LETTERS = {2: ("Mm", "ns"), 3: ("RYB", "ryb"), 4: ("ROGB", "rogb"), 6: ("ROYGBP", "roygbp")}
# The triangle (OpenSpiel's 0 north, 1 north-east, ... 5 north-west) each player's marbles
# start in, by player count (OpenSpiel's seats); the target is the opposite one.
SEATS = {2: [0, 3], 3: [0, 2, 4], 4: [0, 1, 3, 4], 6: [0, 1, 2, 3, 4, 5]}
# The apex hole of each triangle, as Tabula names it.
APEX = ["m17", "q13", "m5", "e1", "a5", "e13"]
# Turns of the first game whose results are listed in full.
FULL_TURNS = 40
PASS = 726


def holes():
    """Tabula's hole names in OpenSpiel's order: rows from the top, each from the left."""
    out = []
    for r in reversed(range(17)):
        for c in range(17):
            dc, dr = c - 8, r - 8
            de = dr - dc
            if (dc <= 4 and dr >= -4 and de <= 4) or (dc >= -4 and dr <= 4 and de >= -4):
                out.append(f"{chr(ord('a') + c)}{r + 1}")
    assert len(out) == 121
    return out


HOLES = holes()


def board(state):
    """OpenSpiel's holes in its order: -1 empty, else the owner."""
    cells = []
    for line in str(state).split("\n"):
        if line.startswith("Player"):
            break
        for ch in line:
            if ch == ".":
                cells.append(-1)
            elif ch.isdigit():
                cells.append(int(ch) - 1)
    assert len(cells) == 121, str(state)
    return cells


def turns(state):
    """The distinct results of the whole turn to play, each `start-end` with one sequence of
    OpenSpiel's actions reaching it; `pass` where the player is stuck."""
    mover = state.current_player()
    before = board(state)
    results = {}

    def result_of(st):
        after = board(st)
        start = [i for i in range(121) if before[i] == mover and after[i] != mover]
        end = [i for i in range(121) if after[i] == mover and before[i] != mover]
        assert len(start) == 1 and len(end) == 1
        return f"{HOLES[start[0]]}-{HOLES[end[0]]}"

    def explore(st, path):
        for a in st.legal_actions():
            if a == PASS:
                continue
            child = st.clone()
            child.apply_action(a)
            here = path + [a]
            if child.is_terminal() or child.current_player() != mover:
                results.setdefault(result_of(child), here)
            else:
                # In a hop chain: stopping here (Pass) is a result, and so is going on.
                results.setdefault(result_of(child), here + [PASS])
                explore(child, here)

    if state.legal_actions() == [PASS]:
        return {"pass": [PASS]}
    explore(state, [])
    return results


def digest(results):
    """FNV-1a, 64 bits, of the sorted results joined by spaces."""
    h = 0xCBF29CE484222325
    for b in " ".join(sorted(results)).encode():
        h ^= b
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return format(h, "016x")


def axial(hole):
    return ord(hole[0]) - ord("a"), int(hole[1:]) - 1


def distance(a, b):
    """Steps between two holes on the hexagonal grid (columns and rows as Tabula names them)."""
    (ca, ra), (cb, rb) = axial(a), axial(b)
    dc, dr = cb - ca, rb - ra
    return max(abs(dc), abs(dr)) if dc * dr >= 0 else abs(dc) + abs(dr)


def progress(state, result):
    """How far a result takes the mover toward the apex of its target."""
    if result == "pass":
        return 0
    a, b = result.split("-")
    if PLAYERS == 2:
        # Rows gained (the stored two-player games were played so).
        rows = int(b[1:]) - int(a[1:])
        return -rows if state.current_player() == 0 else rows
    apex = APEX[(SEATS[PLAYERS][state.current_player()] + 3) % 6]
    return distance(a, apex) - distance(b, apex)


def choose(rng, state, results):
    """Mostly the turn that gains the most rows (ties broken at random), sometimes any turn:
    random play alone wanders for a thousand turns and ends drawn."""
    keys = sorted(results)
    if rng.random() < 0.25:
        return rng.choice(keys)
    best = max(progress(state, k) for k in keys)
    return rng.choice([k for k in keys if progress(state, k) == best])


def load():
    return pyspiel.load_game(f"chinese_checkers(players={PLAYERS})")


def play(game, seed, on_turn):
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        results = turns(state)
        pick = choose(rng, state, results)
        on_turn(state, results, pick)
        for a in results[pick]:
            state.apply_action(a)
    return state


def write_games():
    print(f"# OpenSpiel 2.0.2's chinese_checkers(players={PLAYERS}): games with every turn's results")
    print("# and the returns, written by tests/star/openspiel_chinese_checkers.py (see there).")
    game = load()
    for seed in range(GAMES_OF[PLAYERS]):
        print(f"game {seed}")
        played = [0]

        def on_turn(state, results, pick):
            line = f"{pick} {len(results)} {digest(results)}"
            if seed == 0 and played[0] < FULL_TURNS:
                line += " " + " ".join(sorted(results))
            played[0] += 1
            print(line)

        state = play(game, seed, on_turn)
        print("over")
        r = state.returns()
        print("result " + " ".join(f"{x:g}" for x in r))


def position(state):
    """The position as Tabula writes it."""
    cells = board(state)
    rows, i = [], 0
    for width in [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]:
        row, run = "", 0
        for v in cells[i:i + width]:
            if v < 0:
                run += 1
            else:
                row += (str(run) if run else "") + LETTERS[PLAYERS][0][v]
                run = 0
        rows.append(row + (str(run) if run else ""))
        i += width
    side = LETTERS[PLAYERS][1][state.current_player()]
    return f"{'/'.join(rows)} {side} 0 0 1"


def perft(state, depth):
    if state.is_terminal():
        return 0
    results = turns(state)
    if depth == 1:
        return len(results)
    total = 0
    for path in results.values():
        child = state.clone()
        for a in path:
            child.apply_action(a)
        total += perft(child, depth - 1)
    return total


# OpenSpiel's published counts from the start (shared/perft), merged by result.
START = {
    2: [14, 196, 4760, 115600, 3188520],
    3: [14, 196, 2744, 66640, 1618400],
    4: [14, 199, 2786, 39601, 958384],
    6: [14, 199, 2828, 40189, 571130],
}
# Positions from the games: in the middle game, and close to the end, where a win cuts lines
# short. `at` counts turns from the start, or from the end when negative.
PICKS = {2: [(1, 30), (4, 70), (2, -3), (3, -2)]}


def write_perft():
    game = load()
    print(f"# Chinese checkers, {PLAYERS} players: OpenSpiel 2.0.2's `chinese_checkers(players={PLAYERS})`, counts")
    print("# from OpenSpiel, one move a whole turn (a hop chain merged by the hole it ends on).")
    print("# The start's counts are those of OpenSpiel's published file (shared/perft); the")
    print("# positions from games OpenSpiel played were counted by")
    print("# tests/star/openspiel_chinese_checkers.py, as were the start's to depth 3.")
    print("id startpos")
    for d, n in enumerate(START[PLAYERS], 1):
        if d <= 3:
            assert perft(game.new_initial_state(), d) == n
        print(f"perft {d} {n}")
    for seed, at in PICKS.get(PLAYERS, [(1, 60), (2, -2)]):
        history = []
        play(game, seed, lambda st, res, pick: history.append(st.clone()))
        state = history[at]
        when = f"after {at} turns" if at >= 0 else f"{-at} turns before its end"
        print()
        print(f"id game {seed}, {when}")
        print(f"fen {position(state)}")
        for d in (1, 2, 3):
            print(f"perft {d} {perft(state, d)}")


if __name__ == "__main__":
    if len(sys.argv) == 3:
        PLAYERS = int(sys.argv[2])
    if sys.argv[1:2] == ["games"]:
        write_games()
    elif sys.argv[1:2] == ["perft"]:
        write_perft()
    else:
        sys.exit(__doc__)
