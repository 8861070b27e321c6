#!/usr/bin/env python3
"""Turns the Ludii oracle's whole-turn dump into the replay data of tests/capture.rs.

The oracle (Ludii 1.3.13, built outside this repository, see the header of each data file)
prints, for seeded random games, every position before a turn and every whole turn Ludii allows
there: its Ludii moves (`Move(a->b)`, `Remove(s)`, `Pass`, ...) and the board it leads to.
This script names Ludii's sites as Tabula names the cells (Ludii numbers a W x H grid's sites
row by row from the bottom left: site = row * W + column) and writes, per position:

    pos <owner of every cell in Ludii's site order: . 1 2> <mover 1|2>
    turns <n> <turn> <turn> ...      (sorted)
    play <turn>                      (the turn the random game played)

and per game `game <g>` before and `end <winner 0|1|2>` after. A turn is written
`PATH:CAPTURED`: the cells the piece stands on in order (`e6-e4-e2`; a removal is `d5-off`)
and, sorted as strings, the enemy cells the turn emptied (found from the board before and after
it, so a turn is told apart by what it takes, whatever order Ludii took it in).

usage: ludii_turns.py WIDTH < dump > data
"""
import sys

width = int(sys.argv[1])


def name(site):
    return "abcdefghijklmnopqrstuvwxyz"[site % width] + str(site // width + 1)


def owners(field):
    return [int(x) for x in field.split("=", 1)[1].split(",")]


def turn_text(moves, before, after, mover):
    path = []
    for m in moves.split(";"):
        if m in ("Pass", ""):
            continue
        kind, arg = m.split("(", 1)
        arg = arg.split(")", 1)[0]
        if kind == "Remove":
            return f"{name(int(arg))}-off:"
        if "->" in arg:
            a, b = (int(x) for x in arg.split("->"))
        else:
            a = b = int(arg)
        if not path:
            path.append(a)
        if b != path[-1]:
            path.append(b)
    caps = sorted(
        name(s) for s in range(len(before)) if before[s] not in (0, mover) and after[s] == 0
    )
    return "-".join(name(s) for s in path) + ":" + ",".join(caps)


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
            yield "pos " + "".join("." if o == 0 else str(o) for o in board) + f" {mover}"
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


def without_last_passes(lines):
    """Leaves out a position whose only turn is a pass when the game ends right after it."""
    held = []
    for line in lines:
        if line.startswith("pos "):
            yield from held
            held = [line]
        elif held and line.startswith(("turns ", "play ")):
            held.append(line)
        else:
            if not (line.startswith("end ") and held and held[-1] == "play :"):
                yield from held
            held = []
            yield line
    yield from held


print("# Whole turns of Ludii's random games, written by tests/capture/ludii_turns.py.")
print("# Left out: a position whose only turn is Ludii's forced pass right before the end (a")
print("# player left without pieces passes, then Ludii's end test finds them without pieces);")
print("# in Tabula the game is over as soon as a player has no pieces.")
for out in without_last_passes(convert(sys.stdin)):
    print(out)
