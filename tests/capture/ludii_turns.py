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


print("# Whole turns of Ludii's random games, written by tests/capture/ludii_turns.py.")
board = mover = None
for line in sys.stdin:
    f = line.split()
    if not f:
        continue
    if line.startswith("#"):
        print(line.rstrip())
    elif f[0] == "GAME":
        print(f"game {f[1]}")
    elif f[0] == "POS":
        mover = int(f[2].split("=")[1])
        board = owners([x for x in f if x.startswith("owner=")][0])
        print("pos " + "".join("." if o == 0 else str(o) for o in board) + f" {mover}")
    elif f[0] == "TURNS":
        by_moves = {}
        for t in f[2:]:
            moves, after = t.split("=>")
            by_moves[moves] = turn_text(moves, board, [int(x) for x in after.split(",")], mover)
        ts = sorted(by_moves.values())
        print(f"turns {len(ts)} " + " ".join(ts))
    elif f[0] == "PLAY":
        print("play " + by_moves[f[1] if len(f) > 1 else ""])
    elif f[0] == "END":
        print("end " + f[3].split("=")[1])
