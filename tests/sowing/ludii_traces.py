"""Turns Ludii's random-game traces of a two-row sowing game into the replay data that
tests/sowing.rs reads (Ludii itself is built outside this repository: the oracle's
`random GAME SEED COUNT` writes the traces).

    python3 tests/sowing/ludii_traces.py TRACE > tests/sowing/ayoayo.ludii

Ludii's sites for J'odu: 0 the first player's store, 1..6 the first player's pits from the
left (a1..f1), 7..12 the second player's pits from the left (a2..f2), 13 the second player's
store. A turn is the pit chosen (its relay laps follow by rule); `Pass` is Ludii's forced
pass of a player with no legal move (the game is over there).
"""
import re
import sys


def pit(site):
    return "abcdef"[(site - 1) % 6] + ("1" if site <= 6 else "2")


def text(board):
    b = [int(v) for v in board.split(",")]
    return f"{','.join(map(str, b[7:13]))}/{','.join(map(str, b[1:7]))} {b[0]},{b[13]}"


def main(path):
    print(f"# Ludii's J'odu, random games from {path.split('/')[-1]}, converted by")
    print("# tests/sowing/ludii_traces.py: `turn PIT POSITION` is the pit chosen and the pits and")
    print("# stores after the turn; `pass` a forced pass (the game is over); `result` the returns,")
    print("# `limit` where Ludii stopped a relay that never ends at its move limit (a draw).")
    for line in open(path):
        f = line.split()
        if not f:
            continue
        if f[0] == "GAME":
            print("game")
        elif f[0] == "TURN":
            moves = line.split("moves=")[1].strip().split(";")
            if moves[0] == "Pass":
                print("pass")
                turn = None
                continue
            first = int(re.match(r"Select\((\d+)\)", moves[0]).group(1))
            turn = pit(first)
        elif f[0] == "STATE" and turn is not None:
            board = line.split("board=")[1].split()[0]
            print(f"turn {turn} {text(board)}")
        elif f[0] == "END":
            winner = int(line.split("winner=")[1].split()[0])
            limit = "MoveLimit" in line or "TurnLimit" in line
            result = {1: "1 -1", 2: "-1 1", 0: "0 0"}[winner]
            print(f"result {result}{' limit' if limit else ''}")


if __name__ == "__main__":
    main(sys.argv[1])
