#!/usr/bin/env python3
"""Turns the Ludii oracle's whole-turn dump into the replay data of tests/hunt.rs and others.

The oracle (a scratch harness over Ludii 1.3.12, built outside this repository, see the first
line of each data file) prints, for seeded random games, every position before a turn and every
whole turn Ludii allows there: its Ludii moves (`Move(a->b)`, `Add(s)`, `Pass`; the older
`oracle.sh turndump` also `Remove(s)`) and the owners of the board's sites after it. This script
names Ludii's sites as Tabula names the cells (Ludii numbers a W x H grid's sites row by row
from the bottom left: site = row * W + column, and a move from a site after the board's is a
placement from the hand; a hexagon of side N's sites row by row from the bottom, each row from
the left, as Tabula's `board hex N` names them; a triangle of side N's sites row by row from the
long side at the bottom, each row from the left, as Tabula's `board triangle N` names them;
`round R C`, the concentric board of Byzantine chess with its centre removed, ring by ring from
the innermost, each ring's first site Tabula's file a, its second the last file, then files b
onward, as `board round R x C` names them, ring 1 the innermost) and writes, per position:

    pos <owner of every cell in Ludii's site order: . 1 2> <mover 1|2> <pieces in hand, per player>
    turns <n> <turn> <turn> ...      (sorted)
    play <turn>                      (the turn the random game played)

and per game `game <g>` before and `end <winner 0|1|2>` after. A turn is written
`PATH:CAPTURED`: a placement is `@c3` (from the hand or from nowhere); a move is the cells its
piece stands on in order (`a1-c3`); a pass is empty. After the colon come, sorted as strings,
the enemy cells the turn emptied (found from the board before and after it, so a turn is told
apart by what it takes, whatever Ludii move took it).

Boards of points joined by lines (`points`) name their sites as given, in Ludii's order (row
by row from the bottom, each row from the left, as tests/common's ludii_site_order sorts
Tabula's cells). Their turns may have several parts (a placement or move that earns another,
Nerenchi Keliya), so a turn is written by what it changes, the same whatever order of parts
reached it: a placement turn as `@` and each cell it fills, joined by `,` (`@a7,@d7`); a move
turn as the cells the mover left, `-`, the cells the mover came to (`a1,d2-a4,d1`; a single step
is `a1-a4`, a piece moved out and back nothing), then as above `:` and the enemy cells emptied.

The pieces in hand are read from the `c1=Hand1:20` fields of the older `oracle.sh turndump`
positions (Bagh-Chal, Wali). The current Oracle prints no such field (the counts it appends to
the owners after `;` are not read), so there they are 0, unless `--hand N` starts each player
with N and takes away what each played turn places.

usage: ludii_turns.py square WIDTH HEIGHT PLAYERS < dump > data
       ludii_turns.py hex SIDE PLAYERS < dump > data
       ludii_turns.py triangle SIDE PLAYERS < dump > data
       ludii_turns.py round RINGS CELLS PLAYERS < dump > data
       ludii_turns.py points "CELL CELL ..." PLAYERS --hand N < dump > data
"""
import sys

LETTERS = "abcdefghijklmnopqrstuvwxyz"
by_change = False
start_hand = None
if sys.argv[1] == "points":
    NAMES = sys.argv[2].split()
    players = int(sys.argv[3])
    by_change = True
    start_hand = int(sys.argv[sys.argv.index("--hand") + 1])
elif sys.argv[1] == "square":
    width, height, players = (int(x) for x in sys.argv[2:5])
    NAMES = [LETTERS[s % width] + str(s // width + 1) for s in range(width * height)]
elif sys.argv[1] == "round":
    rings, around, players = (int(x) for x in sys.argv[2:5])
    # Ring r (from 0, the innermost) holds sites r * C to r * C + C - 1: the first is file a,
    # the second the last file, then files b onward (Ludii's seam runs between them).
    files = [LETTERS[0], LETTERS[around - 1]] + list(LETTERS[1 : around - 1])
    NAMES = [f + str(r + 1) for r in range(rings) for f in files]
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


def changed_text(moves, before, after, mover):
    """A turn of several parts, by what it changes (see the header)."""
    placing = any(
        "->" in m and int(m.split("(", 1)[1].split("->")[0]) >= cells for m in moves.split(";")
    )
    left = sorted(name(s) for s in range(cells) if before[s] == mover and after[s] != mover)
    came = sorted(name(s) for s in range(cells) if before[s] != mover and after[s] == mover)
    caps = sorted(
        name(s) for s in range(cells) if before[s] not in (0, mover) and after[s] == 0
    )
    if placing:
        path = ",".join("@" + c for c in came)
    elif left or came:
        path = ",".join(left) + "-" + ",".join(came)
    else:
        path = "-" if caps else ""
    return path + ":" + ",".join(caps)


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
            in_hand = [start_hand] * players
            yield f"game {f[1]}"
        elif f[0] == "POS":
            mover = int(f[2].split("=")[1])
            board = owners([x for x in f if x.startswith("owner=")][0].split(";")[0])
            if start_hand is None:
                held = " ".join(str(h) for h in hands(f))
            else:
                held = " ".join(str(h) for h in in_hand)
            yield "pos " + "".join("." if o == 0 else str(o) for o in board) + f" {mover} {held}"
        elif f[0] == "TURNS":
            ts = []
            for t in f[2:]:
                moves, after = t.split("=>")
                ts.append(text(moves, board, after_owners(after), mover))
            ts.sort()
            yield f"turns {len(ts)} " + " ".join(ts)
        elif f[0] == "PLAY":
            moves, after = f[1].split("=>")
            played = text(moves, board, after_owners(after), mover)
            if start_hand is not None and played.startswith("@"):
                in_hand[mover - 1] -= played.split(":")[0].count("@")
            yield "play " + played
        elif f[0] == "END":
            yield "end " + f[3].split("=")[1]


def after_owners(after):
    """The owners of the board's sites after a turn (what follows `;`, the hands, left out)."""
    return [int(x) for x in after.split(";")[0].split(",")]


text = changed_text if by_change else turn_text
in_hand = []
print("# Whole turns of Ludii's random games, written by tests/hunt/ludii_turns.py.")
for out in convert(sys.stdin):
    print(out)
