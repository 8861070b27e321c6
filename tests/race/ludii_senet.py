"""Turns the Ludii oracle's legal-move dump of random Senet games into the replay data that
tests/race.rs reads (Ludii itself is built outside this repository; the oracle's
`legaldump Senet SEED COUNT` writes the dump: every position met in the games, Ludii's
complete legal moves there for each throw, and the move played).

    python3 tests/race/ludii_senet.py DUMP [GAMES] [GAMES_WITH_LISTS] > tests/race/senet.ludii

tests/race/senet.ludii is this script's output (defaults: 20 games, lists in the first 10) for
the dump of `oracle.sh legaldump Senet 1 20` (seed 1, 20 games; the dump is reproducible).

Ludii's sites for Senet: site = 10 * row + column, row 0 the bottom (a1..j1), so site s is the
cell `"abcdefghij"[s % 10]` + `s // 10 + 1`. The dump's outcome keys are the number of sticks
up, 0 meaning a throw of 5. `Move(A->B)` moves a piece (onto an enemy piece: the two change
places), `Remove(A)` bears one off, `Pass` passes; `=>again` marks a move after which the same
player throws again. In Ludii's opening phase (`phase=0`) every throw is a `Pass`, and a throw
of 1 moves the piece on g2 to f2 as the pass's consequence: Tabula lists that as the move
`g2-f2`, so the script writes it so. `sitestate=15:1` marks the piece on f2 (site 15) that came
back from the Water and must move next.

Output: `game`; then per step `step THROW:MOVE / POSITION` (`@`-free: the occupied cells as
`CELL=PLAYER`, the player to move 1 or 2, and the held piece: `begin` in the opening phase,
`f2` for a piece that must move, `-` otherwise); a `legal` line before each step gives Ludii's
moves for the throws 1 to 5 (in the first GAMES_WITH_LISTS games, default 10), `|` between throws, `+` after a move that throws again;
`result 1 -1` (or `-1 1`) ends a game.
"""
import re
import sys


def cell(site):
    return "abcdefghij"[site % 10] + str(site // 10 + 1)


def move(text, opening_one):
    """A Ludii move (without its throw) in the replay's notation."""
    if text == "Pass":
        return "g2-f2" if opening_one else "pass"
    sites = list(map(int, re.findall(r"\d+", text)))
    if text.startswith("Remove"):
        return f"{cell(sites[0])}-off"
    return f"{cell(sites[0])}-{cell(sites[1])}"


def position(line):
    owner = line.split("owner=")[1].split()[0].split(",")
    occupied = [f"{cell(i)}={o}" for i, o in enumerate(owner) if o != "0"]
    # Listed as the Ur replay lists them: row by row from the bottom, left to right.
    mover = line.split("mover=")[1].split()[0]
    phase = line.split("phase=")[1].split()[0]
    m = re.search(r"sitestate=([\d:,]+)", line)
    states = dict(x.split(":") for x in m.group(1).split(",")) if m else {}
    if phase == "0":
        held = "begin"
    elif states.get("15") == "1" and owner[15] != "0":
        held = "f2"
    else:
        held = "-"
    return f"{' '.join(occupied) or '-'} {mover} {held}"


def main(path, games, with_lists):
    print("# Ludii's Senet (Kendall's rules, its default ruleset): random games and Ludii's legal")
    print(f"# moves in them, from {path.split('/')[-1]}, converted by tests/race/ludii_senet.py.")
    game, pos, phase, outs = -1, None, "1", {}
    for line in open(path):
        f = line.split()
        if not f or f[0].startswith("#"):
            continue
        if f[0] == "GAME":
            game = int(f[1])
            if game >= games:
                break
            print("game")
        elif f[0] == "POS":
            pos, outs = position(line), {}
            phase = line.split("phase=")[1].split()[0]
        elif f[0] == "OUT":
            throw = int(f[1]) or 5
            listed = line.split(None, 2)[2].strip() if len(f) > 2 else ""
            moves = []
            for m in filter(None, listed.split(";")):
                text, after = m.split("=>")
                moves.append(move(text, phase == "0" and throw == 1)
                             + ("+" if after == "again" else ""))
            outs[throw] = ",".join(sorted(moves))
        elif f[0] == "PLAY":
            throw = int(re.match(r"roll\[[^=]*=(\d+)\]", f[1]).group(1)) or 5
            if game < with_lists:
                print("legal " + " | ".join(outs[t] for t in range(1, 6)))
            played = move(f[1].split("]", 1)[1], phase == "0" and throw == 1)
            print(f"step {throw}:{played} / {pos}")
        elif f[0] == "END":
            winner = int(line.split("winner=")[1].split()[0])
            print("result " + {1: "1 -1", 2: "-1 1"}[winner])


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 20,
         int(sys.argv[3]) if len(sys.argv) > 3 else 10)
