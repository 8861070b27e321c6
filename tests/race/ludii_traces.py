"""Turns the Ludii oracle's legal-move dump of random Royal Game of Ur games into the replay
data that tests/race.rs reads (Ludii itself is built outside this repository: the oracle's
`legaldump "Royal Game of Ur" SEED COUNT` writes the dump: every position met in the games,
Ludii's complete legal moves there for each of the five throws, and the move played).

    python3 tests/race/ludii_traces.py DUMP [GAMES_WITH_LISTS] > tests/race/ur.ludii

Ludii's sites for Ur: 0..5 the first player's row (a1 b1 c1 d1 g1 h1), 6..13 the middle row
(a2..h2), 14..19 the second player's row (a3 b3 c3 d3 g3 h3); 20 and 21 the players' hands.
`roll[...=N]` is the throw (the number of marked tips up), `Move(A->B)` a man moved (from a
hand: entering), `Remove(A)` a man borne off, `Pass` a throw with no move; `=>again` marks a
move after which the same player throws again.

Output: `game`; then per step `step N:MOVE / BOARD HANDS MOVER`: the throw and the move
played (`@` for the hand, `off` for bearing off, `pass`), then the position it is played in
(the occupied cells as `CELL=PLAYER`, the men in hand `L,D`, the player to move 1 or 2); in
the first GAMES_WITH_LISTS games (default 5) a `legal` line before each step gives Ludii's
moves for the throws 0 to 4, `|` between throws, `+` after a move that throws again;
`result 1 -1` (or `-1 1`) ends a game.
"""
import re
import sys

CELLS = ["a1", "b1", "c1", "d1", "g1", "h1"] + [f"{f}2" for f in "abcdefgh"] + [
    "a3", "b3", "c3", "d3", "g3", "h3"]


def cell(site):
    return "@" if site >= 20 else CELLS[site]


def move(text):
    """A Ludii move (without its throw) in the replay's notation."""
    if text == "Pass":
        return "pass"
    sites = list(map(int, re.findall(r"\d+", text)))
    if text.startswith("Remove"):
        return f"{cell(sites[0])}-off"
    return f"{cell(sites[0])}-{cell(sites[1])}"


def board(line):
    b = line.split("board=")[1].split()[0].split(",")
    owner = line.split("owner=")[1].split()[0].split(",")
    hands = re.findall(r"Hand\d:(\d+)", line)
    occupied = [f"{CELLS[i]}={owner[i]}" for i in range(20) if b[i] != "0"]
    return f"{' '.join(occupied) or '-'} {','.join(hands)}"


def main(path, with_lists):
    print("# Ludii's Royal Game of Ur (Finkel's rules): random games and Ludii's legal moves in")
    print(f"# them, from {path.split('/')[-1]}, converted by tests/race/ludii_traces.py (see there).")
    game, pos, outs = -1, None, []
    for line in open(path):
        f = line.split()
        if not f or f[0].startswith("#"):
            continue
        if f[0] == "GAME":
            game = int(f[1])
            print("game")
        elif f[0] == "POS":
            mover = line.split("mover=")[1].split()[0]
            pos, outs = f"{board(line)} {mover}", []
        elif f[0] == "OUT":
            listed = line.split(None, 2)[2].strip() if len(f) > 2 else ""
            moves = []
            for m in filter(None, listed.split(";")):
                text, after = m.split("=>")
                moves.append(move(text) + ("+" if after == "again" else ""))
            outs.append(",".join(moves))
        elif f[0] == "PLAY":
            throw = re.match(r"roll\[[^=]*=(\d+)\]", f[1]).group(1)
            if game < with_lists:
                print("legal " + " | ".join(outs))
            print(f"step {throw}:{move(f[1].split(']', 1)[1])} / {pos}")
        elif f[0] == "END":
            winner = int(line.split("winner=")[1].split()[0])
            print("result " + {1: "1 -1", 2: "-1 1"}[winner])


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 5)
