"""Writes tests/capture/frisian.pydraughts: seeded random games of Frisian draughts played by
pydraughts (`pip install pydraughts==0.6.7`), every position's legal moves listed.

Each move is written `FROM-TO:CAPTURED` with Tabula's cell names (`a1` .. `j10`; pydraughts'
square 1 is b10, 46 is a1) and the captured cells sorted, comma-separated; pydraughts lists a
capture once per path, the data once per start, end and set of captured pieces (the game's
`moves are identified by start, end and captures`). The games are random but lean towards
moving the piece that moved last (three times in four where it can), so that the Frisian
limit on a king's moves in a row comes up often. A game stops where pydraughts ends it, or
after 300 plies.

    python3 tests/capture/frisian_pydraughts.py > tests/capture/frisian.pydraughts
"""
import random
import sys

from draughts.core.game import Game

GAMES = 40
MAX_PLIES = 300


def name(n):
    r, i = divmod(n - 1, 5)
    col = 2 * i + (1 if r % 2 == 0 else 0)
    return f"{'abcdefghij'[col]}{10 - r}"


def text(move, captures):
    caps = sorted(name(c) for c in captures if c is not None)
    return f"{name(move[0][0])}-{name(move[-1][1])}:{','.join(caps)}"


def main():
    print("# Frisian draughts: seeded random games played by pydraughts 0.6.7 (`frisian`),")
    print("# written by tests/capture/frisian_pydraughts.py; each line the move played, `|`,")
    print("# then every legal move (start-end:captured cells) in that position.")
    rng = random.Random(20261127)
    for gi in range(1, GAMES + 1):
        g = Game(variant="frisian")
        print(f"game {gi}")
        last = {}
        for _ in range(MAX_PLIES):
            moves, captures = g.legal_moves()
            if not moves or g.is_over():
                break
            turn = g.whose_turn()
            texts = [text(m, c) for m, c in zip(moves, captures)]
            mine = [i for i, m in enumerate(moves) if m[0][0] == last.get(turn)]
            if mine and rng.random() < 0.75:
                i = rng.choice(mine)
            else:
                i = rng.randrange(len(moves))
            print(f"{texts[i]} | {' '.join(sorted(set(texts)))}")
            last[turn] = moves[i][-1][1]
            g.push(moves[i])
        print(f"end {'over' if g.is_over() else 'cut'}")


if __name__ == "__main__":
    sys.exit(main())
