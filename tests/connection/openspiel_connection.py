"""Writes the OpenSpiel data of tests/connection.rs: random games of OpenSpiel's `havannah` and
`y` with OpenSpiel's legal moves and result at every step, and perft counts from positions
close to the end of such games.

    python3 tests/connection/openspiel_connection.py games > tests/connection/games.openspiel
    python3 tests/connection/openspiel_connection.py perft havannah4 > tests/perft/havannah4.perft
    (likewise havannah, y, y19)

OpenSpiel 2.0.2 (pip install open_spiel) is the oracle. Games data: per game a `cells NAME
FILE CELL...` line (the description replaying it, and OpenSpiel's cells in action order), then
per game a `game NAME SEED` line, one `MOVE MASK` line per move (the move OpenSpiel played, a
cell or `swap`, and the legal moves before it as a hexadecimal bit mask over the cells, the
first cell the lowest bit, with `+swap` where the pie rule's swap is one of them), then `over
MASK` (the legal moves after the last move: none) and `result R0 R1` (OpenSpiel's returns). Perft data: positions written as Tabula's position strings (rows from
the top, `S` for the first player's stone, `s` for the second's), with OpenSpiel's counts.
"""
import random
import sys

import pyspiel

GAMES = {
    # name: (OpenSpiel game, games to replay, Tabula's description)
    "havannah4": ("havannah(board_size=4)", 300, "games/havannah4.game"),
    "havannah": ("havannah(board_size=8)", 12, "games/havannah.game"),
    "y": ("y(board_size=7)", 300, "games/y.game"),
    "y19": ("y(board_size=19)", 6, "games/y19.game"),
    # With the pie rule; the second move is the swap in every other game.
    "havannah4-swap": ("havannah(board_size=4,swap=True)", 100,
                       "tests/language/havannah4-swap.game"),
}


def cells(game):
    """OpenSpiel's cells (its action ids) with their names, in action order."""
    state = game.new_initial_state()
    return [(a, state.action_to_string(a)) for a in state.legal_actions()]


def swap_of(state):
    """The swap's action where it is legal (OpenSpiel lists the first stone's cell again)."""
    history = state.history()
    if len(history) == 1 and history[0] in state.legal_actions():
        return history[0]
    return None


def mask(state, index):
    """The legal moves: the cells to place on as a mask, then `+swap` where swapping is one."""
    m = 0
    swap = swap_of(state)
    for a in state.legal_actions():
        if a != swap:
            m |= 1 << index[a]
    return format(m, "x") + ("+swap" if swap is not None else "")


def write_games():
    print("# OpenSpiel 2.0.2's havannah and y: random games with its legal moves and returns,")
    print("# written by tests/connection/openspiel_connection.py (see there for the format).")
    for name, (spec, count, path) in GAMES.items():
        game = pyspiel.load_game(spec)
        cs = cells(game)
        index = {a: i for i, (a, _) in enumerate(cs)}
        print(f"cells {name} {path} " + " ".join(n for _, n in cs))
        for seed in range(count):
            rng = random.Random(seed)
            state = game.new_initial_state()
            print(f"game {name} {seed}")
            while not state.is_terminal():
                legal = state.legal_actions()
                a = rng.choice(legal)
                swap = swap_of(state)
                if swap is not None and seed % 2 == 0:
                    a = swap
                text = "swap" if a == swap else state.action_to_string(a)
                print(f"{text} {mask(state, index)}")
                state.apply_action(a)
            print(f"over {mask(state, index)}")
            r = state.returns()
            print(f"result {r[0]:g} {r[1]:g}")


def position(state, spec):
    """The position as Tabula writes it: rows from the top, runs of empty cells as numbers."""
    game = state.get_game()
    n = game.get_parameters()["board_size"]
    hexagon = spec.startswith("havannah")
    width = 2 * n - 1 if hexagon else n
    on = (lambda x, y: abs(y - x) < n) if hexagon else (lambda x, y: x + y < n)
    stones = {}
    for i, a in enumerate(state.history()):
        stones[(a % width, a // width)] = "Ss"[i % 2]
    rows = []
    for y in reversed(range(width)):
        row, run = "", 0
        for x in range(width):
            if not on(x, y):
                continue
            if (x, y) in stones:
                row += (str(run) if run else "") + stones[(x, y)]
                run = 0
            else:
                run += 1
        rows.append(row + (str(run) if run else ""))
    side = "wb"[state.current_player()]
    return f"{'/'.join(rows)} {side} 0 {len(state.history()) // 2 + 1}"


def perft(state, depth):
    if state.is_terminal():
        return 0
    legal = state.legal_actions()
    if depth == 1:
        return len(legal)
    total = 0
    for a in legal:
        child = state.clone()
        child.apply_action(a)
        total += perft(child, depth - 1)
    return total


def write_perft(name, positions=4, budget=3_000_000):
    spec, _, _ = GAMES[name]
    game = pyspiel.load_game(spec)
    print(f"# {name}: OpenSpiel 2.0.2's `{spec}`, counts from OpenSpiel (written by")
    print("# tests/connection/openspiel_connection.py): the start, then positions a few moves")
    print("# before the end of random games, where wins cut lines short.")
    print("id startpos")
    start = game.new_initial_state()
    # From the start, as deep as the test's default node budget (7 million) allows.
    cells = len(start.legal_actions())
    depth = 1
    while depth <= 4 and cells ** depth <= 7_000_000:
        print(f"perft {depth} {perft(start, depth)}")
        depth += 1
    rng = random.Random(1)
    found = 0
    while found < positions:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        history = state.history()
        back = 4 + found % 3
        if len(history) <= back:
            continue
        state = game.new_initial_state()
        for a in history[:-back]:
            state.apply_action(a)
        found += 1
        print()
        print(f"id random game {found}, {back} plies before its end")
        print(f"fen {position(state, spec)}")
        for depth in (1, 2, 3):
            n = perft(state, depth)
            if n > budget:
                break
            print(f"perft {depth} {n}")


if __name__ == "__main__":
    if sys.argv[1] == "games":
        write_games()
    else:
        write_perft(sys.argv[2])
