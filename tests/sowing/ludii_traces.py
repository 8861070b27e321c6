"""Turns Ludii's random-game traces of a sowing game into the replay data that
tests/sowing.rs reads (Ludii itself is built outside this repository: the oracle's
`random GAME SEED COUNT` writes the traces).

    python3 tests/sowing/ludii_traces.py ayoayo TRACE > tests/sowing/ayoayo.ludii
    python3 tests/sowing/ludii_traces.py omweso TRACE... > tests/sowing/omweso.ludii

Ayoayo is Ludii's J'odu: site 0 the first player's store, 1..6 the first player's pits from
the left (a1..f1), 7..12 the second player's pits from the left (a2..f2), 13 the second
player's store. Omweso is Ludii's Mweso: 32 pits, site 8 * row + column (a1 = 0, h4 = 31),
no stores, and the hands after the board. A turn is the pit chosen (its relay laps follow
by rule; in Omweso `cw` after it where its first seed goes clockwise, and a placement from
the hand is `@PIT`); `Pass` is Ludii's forced pass of a player with no legal move (the game
is over there).
"""
import re
import sys


def ayoayo_pit(site):
    return "abcdef"[(site - 1) % 6] + ("1" if site <= 6 else "2")


def ayoayo_text(state):
    b = [int(v) for v in state.split("board=")[1].split()[0].split(",")]
    return f"{','.join(map(str, b[7:13]))}/{','.join(map(str, b[1:7]))} {b[0]},{b[13]}"


def omweso_pit(site):
    return "abcdefgh"[site % 8] + str(site // 8 + 1)


# Each player's anticlockwise ring round their own two rows (Ludii's sites).
OMWESO_RING = {
    1: list(range(0, 8)) + list(range(15, 7, -1)),
    2: list(range(16, 24)) + list(range(31, 23, -1)),
}


def omweso_turn(mover, moves):
    first = moves[0]
    m = re.match(r"MoveN?\((\d+)->(\d+)\)", first)
    if m:
        return "@" + omweso_pit(int(m.group(2)))
    m = re.match(r"Select\((\d+)\)>(\d+)", first)
    site, sown = int(m.group(1)), int(m.group(2))
    ring = OMWESO_RING[mover]
    anticlockwise = ring[(ring.index(site) + 1) % 16] == sown
    return omweso_pit(site) + ("" if anticlockwise else "cw")


def omweso_text(state):
    b = state.split("board=")[1].split()[0].split(",")
    rows = "/".join(",".join(b[8 * r:8 * r + 8]) for r in range(3, -1, -1))
    hands = [re.search(rf"c{p}=Hand{p}:(\d+)", state).group(1) for p in (1, 2)]
    return f"{rows}[{hands[0]},{hands[1]}] 0,0"


GAMES = {
    "ayoayo": ("J'odu", lambda mover, moves: ayoayo_pit(
        int(re.match(r"Select\((\d+)\)", moves[0]).group(1))), ayoayo_text),
    "omweso": ("Mweso", omweso_turn, omweso_text),
}


def main(name, paths):
    ludii, turn_of, text = GAMES[name]
    names = ", ".join(p.split("/")[-1] for p in paths)
    print(f"# Ludii's {ludii}, random games from {names}, converted by")
    print("# tests/sowing/ludii_traces.py: `turn PIT POSITION` is the pit chosen and the pits and")
    print("# stores after the turn; `pass` a forced pass (the game is over); `result` the returns,")
    print("# `limit` where Ludii stopped a relay that never ends at its move limit (a draw).")
    for path in paths:
        turn = None
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
                mover = int(line.split("mover=")[1].split()[0])
                turn = turn_of(mover, moves)
            elif f[0] == "STATE" and turn is not None:
                print(f"turn {turn} {text(line)}")
            elif f[0] == "END":
                winner = int(line.split("winner=")[1].split()[0])
                limit = "MoveLimit" in line or "TurnLimit" in line
                result = {1: "1 -1", 2: "-1 1", 0: "0 0"}[winner]
                print(f"result {result}{' limit' if limit else ''}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
