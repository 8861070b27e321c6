"""Reference data for Kalah and Oware from OpenSpiel (pip install open_spiel).

Writes, for each game, seeded random games played turn by turn (a turn is every sowing of
one player until the other is to move, as Tabula's moves are) with the position after each
turn, and perft counts (turn-level) from positions met in those games. Run from the
repository root:

    python3 tests/sowing/openspiel_reference.py

The files it writes are tests/sowing/kalah.openspiel and tests/sowing/oware.openspiel;
tests/sowing.rs replays them in Tabula.
"""
import random

import pyspiel


def kalah_pit(action):
    # OpenSpiel's mancala: 0 is the second player's store, 1..6 the first player's pits from
    # the left, 7 the first player's store, 8..13 the second player's pits from the right.
    if 1 <= action <= 6:
        return "abcdef"[action - 1] + "1"
    return "abcdef"[13 - action] + "2"


def kalah_text(state):
    b = [int(v) for v in state.observation_tensor(0)[:14]]
    top = ",".join(str(b[i]) for i in range(13, 7, -1))
    bottom = ",".join(str(b[i]) for i in range(1, 7))
    return f"{top}/{bottom} {b[7]},{b[0]}"


def oware_pit(player, action):
    # OpenSpiel's oware: houses 0..5 are the first player's from the left, 6..11 the
    # second player's from the right; an action is a house of the player to move.
    house = action + 6 * player
    if house < 6:
        return "abcdef"[house] + "1"
    return "abcdef"[11 - house] + "2"


def oware_text(state):
    total = 48
    v = [round(x * total) for x in state.observation_tensor(0)]
    seeds, score = v[:12], v[12:]
    top = ",".join(str(seeds[i]) for i in range(11, 5, -1))
    bottom = ",".join(str(seeds[i]) for i in range(0, 6))
    return f"{top}/{bottom} {score[0]},{score[1]}"


GAMES = {
    "kalah": ("mancala", lambda s, a: kalah_pit(a), kalah_text),
    "oware": ("oware", lambda s, a: oware_pit(s.current_player(), a), oware_text),
}


def turns(state):
    """Every whole turn from `state`: (pits sown, state after)."""
    p = state.current_player()
    for a in state.legal_actions():
        c = state.child(a)
        if not c.is_terminal() and c.current_player() == p:
            for rest, end in turns(c):
                yield [a] + rest, end
        else:
            yield [a], c


def perft(state, depth):
    """Turn-level perft, and whether a game ended inside the tree. OpenSpiel's Oware ends a
    game when a position repeats, which depends on the history before the root; Tabula's
    perft reads no repetition, so only counts whose tree holds no ended game are kept."""
    if depth == 0:
        return 1, False
    if state.is_terminal():
        return 0, True
    total, ended = 0, False
    for _, end in turns(state):
        n, e = perft(end, depth - 1)
        total += n
        ended = ended or e
    return total, ended


def side(state, letters="sn"):
    return letters[state.current_player()] if not state.is_terminal() else "-"


def main():
    for name, (short, pit, text) in GAMES.items():
        game = pyspiel.load_game(short)
        rng = random.Random(2026)
        lines = [
            f"# {name}: OpenSpiel {pyspiel.__version__ if hasattr(pyspiel, '__version__') else ''} `{short}`,"
            " written by tests/sowing/openspiel_reference.py.",
            "# game: a seeded random game; turn MOVE POSITION: the turn in Tabula's notation and the",
            "# pits and stores after it (then the side to move, `-` when over); result: returns.",
            "# perft POSITION SIDE DEPTH NODES: turn-level perft from a position met in those games",
            "# (only where no game ends inside the counted tree).",
        ]
        perfts = []
        for g in range(30):
            state = game.new_initial_state()
            lines.append("game")
            while not state.is_terminal():
                options = list(turns(state))
                sown, end = rng.choice(options)
                names, s = [], state
                for a in sown:
                    names.append(pit(s, a))
                    s = s.child(a)
                state = end
                lines.append(f"turn {'+'.join(names)} {text(state)} {side(state)}")
                if not state.is_terminal() and rng.random() < 0.04 and len(perfts) < 24:
                    perfts.append((text(state), side(state), state.clone()))
            lines.append("result " + " ".join(str(int(r)) for r in state.returns()))
        for t, sd, st in perfts:
            for depth in (1, 2, 3, 4):
                nodes, ended = perft(st, depth)
                if not ended:
                    lines.append(f"perft {t} {sd} {depth} {nodes}")
        with open(f"tests/sowing/{name}.openspiel", "w") as f:
            f.write("\n".join(lines) + "\n")
        print(name, len(perfts), "perft positions")


if __name__ == "__main__":
    main()
