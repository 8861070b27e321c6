"""Writes tests/race/maedn.openspiel and maedn-4.openspiel: random games of OpenSpiel's `maedn`
(2 players on opposite sides, or 4) with OpenSpiel's legal moves at every step, for
tests/race.rs to replay.

    python3 tests/race/openspiel_maedn.py > tests/race/maedn.openspiel
    python3 tests/race/openspiel_maedn.py 4 > tests/race/maedn-4.openspiel

OpenSpiel (pip install open_spiel) is the oracle; its board is read from its drawing
(`str(state)`): the 40 ring and 16 home fields at their places on an 11 x 11 cross, named as
games/maedn.game names them (column a..k from the left, row 11 at the top). With two players,
player 1 ("2" on OpenSpiel's board) sits at position 2; with four, player p at position p.

Output: `game`; then per step `step THROW:MOVE / BOARD HANDS MOVER` and before it `legal M,M,...`
(OpenSpiel's moves for that throw): a move is `@-CELL` (a piece enters), `A-B` or `pass`; BOARD
lists the occupied cells as `CELL=PLAYER` (1 to 4), HANDS each player's pieces in hand `R,B`,
MOVER the player to move (from 1); `result` with OpenSpiel's returns (`1 -1`, `-1 3 -1 -1`)
ends a game.
"""
import random

import pyspiel

COORDS = [(0, 4), (2, 4), (4, 4), (6, 4), (8, 4), (8, 3), (8, 2), (8, 1), (8, 0), (10, 0),
          (12, 0), (12, 1), (12, 2), (12, 3), (12, 4), (14, 4), (16, 4), (18, 4), (20, 4),
          (20, 5), (20, 6), (18, 6), (16, 6), (14, 6), (12, 6), (12, 7), (12, 8), (12, 9),
          (12, 10), (10, 10), (8, 10), (8, 9), (8, 8), (8, 7), (8, 6), (6, 6), (4, 6), (2, 6),
          (0, 6), (0, 5), (2, 5), (4, 5), (6, 5), (8, 5), (10, 1), (10, 2), (10, 3), (10, 4),
          (18, 5), (16, 5), (14, 5), (12, 5), (10, 9), (10, 8), (10, 7), (10, 6)]
POSITION = [0, 2]  # player -> board position (two players opposite; four: 0 1 2 3)


def name(c):
    return "abcdefghijk"[c[0] // 2] + str(11 - c[1])


def track(player):
    p = POSITION[player]
    return [name(COORDS[(i + 10 * p) % 40]) for i in range(40)] + [
        name(COORDS[40 + 4 * p + i]) for i in range(4)]


def move(state, player, dice, action):
    if action == 0:
        return "pass"
    t = track(player)
    if action == 1:
        return f"@-{t[0]}"
    s = action - 2
    return f"{t[s]}-{t[s + dice]}"


def board(state):
    rows = str(state).split("\n")
    occupied = []
    for (x, y) in sorted(COORDS, key=lambda c: (10 - c[1], c[0])):
        ch = rows[y][x]
        if ch in "1234":
            occupied.append(f"{name((x, y))}={ch}")
    return occupied


def main(players=2, games=8, seed=11):
    global POSITION
    POSITION = [0, 2] if players == 2 else list(range(players))
    rng = random.Random(seed)
    kind = "opposite" if players == 2 else "clockwise"
    print(f"# OpenSpiel 2.0.2's maedn (players={players}, {kind}): random games with its legal")
    print("# moves, written by tests/race/openspiel_maedn.py (see there for the format).")
    game = pyspiel.load_game("maedn", {"players": players})
    for _ in range(games):
        state = game.new_initial_state()
        print("game")
        on_board = 0
        while not state.is_terminal():
            ids, probs = zip(*state.chance_outcomes())
            chance = rng.choices(ids, probs)[0]
            dice = chance + 1
            occupied = board(state)
            pieces = [sum(1 for o in occupied if o.endswith(f"={p + 1}")) for p in range(players)]
            state.apply_action(chance)
            player = state.current_player()
            # Pieces in hand: four less those on the board.
            hands = ",".join(str(4 - n) for n in pieces)
            legal = state.legal_actions()
            print("legal " + ",".join(sorted(move(state, player, dice, a) for a in legal)))
            action = rng.choice(legal)
            print(f"step {dice}:{move(state, player, dice, action)} / "
                  f"{' '.join(occupied) or '-'} {hands} {player + 1}")
            state.apply_action(action)
        print("result " + " ".join(str(int(r)) for r in state.returns()))


if __name__ == "__main__":
    import sys

    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2)
