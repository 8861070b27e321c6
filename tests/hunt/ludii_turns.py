#!/usr/bin/env python3
"""Turns the Ludii oracle's whole-turn dump into the replay data of tests/hunt.rs.

The oracle (Ludii 1.3.13, built outside this repository, see the header of each data file)
prints, for seeded random games, every position before a turn and every whole turn Ludii allows
there: its Ludii moves (`Move(a->b)`, `Add(s)`, `Remove(s)`, `Pass`) and the owners of the
board's sites after it. This script names Ludii's sites as Tabula names the cells (Ludii numbers
a W x H grid's sites row by row from the bottom left: site = row * W + column; the sites after
the board's are the players' hands; a hexagon of side N's sites row by row from the bottom, each row from the
left, as Tabula's `board hex N` names them; a triangle of side N's sites row by row from the
long side at the bottom, each row from the left, as Tabula's `board triangle N` names them)
and writes, per position:

    pos <owner of every cell in Ludii's site order: . 1 2> <mover 1|2> <pieces in hand, per player>
    turns <n> <turn> <turn> ...      (sorted)
    play <turn>                      (the turn the random game played)

and per game `game <g>` before and `end <winner 0|1|2>` after. A turn is written
`PATH:CAPTURED`: a placement is `@c3` (from the hand or from nowhere); a move is the cells its
piece stands on in order (`a1-c3`); a pass is empty. After the colon come, sorted as strings,
the enemy cells the turn emptied (found from the board before and after it, so a turn is told
apart by what it takes, whatever Ludii move took it).

usage: ludii_turns.py square WIDTH HEIGHT PLAYERS < dump > data
       ludii_turns.py hex SIDE PLAYERS < dump > data
       ludii_turns.py triangle SIDE PLAYERS < dump > data
"""
import sys

LETTERS = "abcdefghijklmnopqrstuvwxyz"
if sys.argv[1] == "square":
    width, height, players = (int(x) for x in sys.argv[2:5])
    NAMES = [LETTERS[s % width] + str(s // width + 1) for s in range(width * height)]
elif sys.argv[1] == "triangle":
    side, players = int(sys.argv[2]), int(sys.argv[3])
    # Row r (from 0) holds the columns 0 .. side - r - 1, from the left.
    NAMES = [LETTERS[c] + str(r + 1) for r in range(side) for c in range(side - r)]
else:
    side, players = int(sys.argv[2]), int(sys.argv[3])
    # Row r (from 0) holds the columns c with |r - c| < side, from the left.
    NAMES = [
        LETTERS[c] + str(r + 1)
        for r in range(2 * side - 1)
        for c in range(2 * side - 1)
        if abs(r - c) < side
    ]
cells = len(NAMES)


def name(site):
    return NAMES[site]


def owners(field):
    return [int(x) for x in field.split("=", 1)[1].split(",")]


def hands(fields):
    """The pieces in each player's hand (`c1=Hand1:20`: player 1 holds 20)."""
    held = [0] * players
    for f in fields:
        if "=Hand" in f:
            who, count = f.split("=Hand", 1)[1].split(":")
            held[int(who) - 1] = int(count)
    return held


def turn_text(moves, before, after, mover):
    path = []
    for m in moves.split(";"):
        if m in ("Pass", ""):
            continue
        kind, arg = m.split("(", 1)
        arg = arg.split(")", 1)[0]
        if kind == "Remove":
            continue  # a capture: read from the boards below
        if "->" in arg:
            a, b = (int(x) for x in arg.split("->"))
        else:
            a = b = int(arg)
        if kind == "Add" or a >= cells:
            path = ["@" + name(b)]
            continue
        if not path:
            path.append(name(a))
        if name(b) != path[-1]:
            path.append(name(b))
    caps = sorted(
        name(s) for s in range(len(before)) if before[s] not in (0, mover) and after[s] == 0
    )
    return "-".join(path) + ":" + ",".join(caps)


def convert(lines):
    """Yields the data lines of the dump's lines."""
    board = mover = None
    for line in lines:
        f = line.split()
        if not f:
            continue
        if line.startswith("#"):
            yield line.rstrip()
        elif f[0] == "GAME":
            yield f"game {f[1]}"
        elif f[0] == "POS":
            mover = int(f[2].split("=")[1])
            board = owners([x for x in f if x.startswith("owner=")][0])
            held = " ".join(str(h) for h in hands(f))
            yield "pos " + "".join("." if o == 0 else str(o) for o in board) + f" {mover} {held}"
        elif f[0] == "TURNS":
            ts = []
            for t in f[2:]:
                moves, after = t.split("=>")
                ts.append(turn_text(moves, board, [int(x) for x in after.split(",")], mover))
            ts.sort()
            yield f"turns {len(ts)} " + " ".join(ts)
        elif f[0] == "PLAY":
            moves, after = f[1].split("=>")
            yield "play " + turn_text(moves, board, [int(x) for x in after.split(",")], mover)
        elif f[0] == "END":
            yield "end " + f[3].split("=")[1]


print("# Whole turns of Ludii's random games, written by tests/hunt/ludii_turns.py.")
for out in convert(sys.stdin):
    print(out)
