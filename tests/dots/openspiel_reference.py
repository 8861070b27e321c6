"""Reference data for Dots and Boxes from OpenSpiel (pip install open_spiel).

Writes, for 2 x 2 and 3 x 3 boxes, seeded random games as OpenSpiel plays them (a uniformly
random legal line at every step), with the legal lines before every step, the position after
every whole turn (a turn is every line of one player until the other is to move, as Tabula's
moves are), each game's returns, and turn-level perft counts from positions met in those
games (lines drawn in another order within a turn that reach the same position counted once).
Run from the repository root:

    python3 tests/dots/openspiel_reference.py

The files it writes are tests/dots/dots-and-boxes-2x2.openspiel and
tests/dots/dots-and-boxes.openspiel (3 x 3); tests/dots.rs replays them in Tabula.

Lines are written by their two dots as Tabula names them: dots are named as a square board's
cells, `a1` the bottom-left dot, so OpenSpiel's row 0 (the top) of R rows of boxes is dot rank
R + 1. Boxes are written as a position string's board field: rows from the top, `B` for a box
of the first player, `b` for the second's, digit runs for boxes not yet claimed.
"""
import random

import pyspiel

FILES = "abcdefghijklmnopqrstuvwxyz"


def line_name(a, rows, cols):
    across = (rows + 1) * cols
    if a < across:
        r, c = divmod(a, cols)
        y = rows - r + 1
        return f"{FILES[c]}{y}-{FILES[c + 1]}{y}"
    r, c = divmod(a - across, cols + 1)
    y = rows - r
    return f"{FILES[c]}{y}-{FILES[c]}{y + 1}"


def boxes(state, rows, cols):
    t = state.observation_tensor(0)
    cells = (rows + 1) * (cols + 1)
    # Tensor (cell state, cell, part): part 2 is the box whose top-left dot is the cell.
    def owner(cell):
        for s in (1, 2):
            if t[(s * cells + cell) * 3 + 2] == 1.0:
                return "Bb"[s - 1]
        return None

    out = []
    for r in range(rows):
        row, run = "", 0
        for c in range(cols):
            o = owner(r * (cols + 1) + c)
            if o is None:
                run += 1
            else:
                if run:
                    row += str(run)
                    run = 0
                row += o
        if run:
            row += str(run)
        out.append(row)
    return "/".join(out)


def position(state, rows, cols):
    side = "-" if state.is_terminal() else "fs"[state.current_player()]
    return f"{boxes(state, rows, cols)} {state.dbn_string()} {side}"


def turns(state):
    """Every whole turn from `state`: (lines, state after)."""
    p = state.current_player()
    for a in state.legal_actions():
        c = state.child(a)
        if not c.is_terminal() and c.current_player() == p:
            for rest, end in turns(c):
                yield [a] + rest, end
        else:
            yield [a], c


def perft(state, depth, rows, cols):
    """Turn-level perft, turns that reach the same position counted once."""
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    ends = {}
    for _, end in turns(state):
        ends.setdefault(position(end, rows, cols), end)
    return sum(perft(e, depth - 1, rows, cols) for e in ends.values())


def main():
    for name, rows, cols in (("dots-and-boxes-2x2", 2, 2), ("dots-and-boxes", 3, 3)):
        game = pyspiel.load_game("dots_and_boxes", {"num_rows": rows, "num_cols": cols})
        rng = random.Random(2026)
        out = [
            f"# {name}: OpenSpiel 2.0.2 `dots_and_boxes` (num_rows={rows}, num_cols={cols}),"
            " written by tests/dots/openspiel_reference.py.",
            "# game: a seeded random game, a uniformly random legal line at every step;",
            "# step LINE LEGAL: the line drawn, and the legal lines before it (sorted);",
            "# turn BOXES LINES SIDE: the position after a whole turn (boxes as a position string's",
            "# board field, the lines drawn in OpenSpiel's action order, the side to move, `-` when",
            "# over); result: OpenSpiel's returns.",
            "# perft BOXES LINES SIDE DEPTH NODES: turn-level perft from a position met in those",
            "# games (turns that reach the same position counted once).",
        ]
        met = []
        for g in range(10):
            state = game.new_initial_state()
            out.append("game")
            while not state.is_terminal():
                p = state.current_player()
                legal = sorted(line_name(a, rows, cols) for a in state.legal_actions())
                a = rng.choice(state.legal_actions())
                out.append(f"step {line_name(a, rows, cols)} {','.join(legal)}")
                state.apply_action(a)
                if state.is_terminal() or state.current_player() != p:
                    out.append(f"turn {position(state, rows, cols)}")
                    if not state.is_terminal() and rng.random() < 0.15 and len(met) < 12:
                        met.append(state.clone())
            out.append("result " + " ".join(str(int(r)) for r in state.returns()))
        for st in met:
            for depth in (1, 2, 3):
                out.append(f"perft {position(st, rows, cols)} {depth} {perft(st, depth, rows, cols)}")
        with open(f"tests/dots/{name}.openspiel", "w") as f:
            f.write("\n".join(out) + "\n")
        print(name, len(met), "perft positions")


if __name__ == "__main__":
    main()
