"""Writes tests/capture/frisian.pydraughts: seeded random games of Frisian draughts played by
pydraughts (`pip install pydraughts==0.6.7`), every position's legal moves listed.

Each move is written `FROM-TO:CAPTURED` with Tabula's cell names (`a1` .. `j10`; pydraughts'
square 1 is b10, 46 is a1) and the captured cells sorted, comma-separated; pydraughts lists a
capture once per path, the data once per start, end and set of captured pieces (the game's
`moves are identified by start, end and captures`). The games are random but lean towards
moving the piece that moved last (three times in four where it can), so that the Frisian
limit on a king's moves in a row comes up often. A game stops where pydraughts ends it (its
result written: a player's win, or a draw by its Frisian endgame counts), or after 300 plies.

    python3 tests/capture/frisian_pydraughts.py > tests/capture/frisian.pydraughts
"""
import random
import sys

from draughts.core.game import Game
from draughts.core.variant import WHITE

GAMES = 40
MAX_PLIES = 300
# Endings of kings alone, from random squares: one against one, two against one, each this
# many games (the Frisian endgame counts decide them unless a king is taken).
ENDINGS = 12


def name(n):
    r, i = divmod(n - 1, 5)
    col = 2 * i + (1 if r % 2 == 0 else 0)
    return f"{'abcdefghij'[col]}{10 - r}"


def text(move, captures):
    caps = sorted(name(c) for c in captures if c is not None)
    return f"{name(move[0][0])}-{name(move[-1][1])}:{','.join(caps)}"


def position(white, black):
    """Tabula's position string of kings on pydraughts' squares, White to move."""
    board = {name(n): "K" for n in white}
    board.update({name(n): "k" for n in black})
    rows = []
    for rank in range(10, 0, -1):
        row, run = "", 0
        for f in "abcdefghij":
            piece = board.get(f"{f}{rank}")
            if piece is None:
                run += 1
                continue
            row += (str(run) if run else "") + piece
            run = 0
        rows.append(row + (str(run) if run else ""))
    return "/".join(rows) + " w"


def play(g, rng, last):
    """Plays `g` on at random to its end, printing each position's moves."""
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
    if g.is_over():
        winner = g.get_winner()
        print(f"end over {'draw' if winner == 0 else 'white' if winner == WHITE else 'black'}")
    else:
        print("end cut")


def main():
    print("# Frisian draughts: seeded random games played by pydraughts 0.6.7 (`frisian`),")
    print("# written by tests/capture/frisian_pydraughts.py; each line the move played, `|`,")
    print("# then every legal move (start-end:captured cells) in that position.")
    rng = random.Random(20261127)
    for gi in range(1, GAMES + 1):
        print(f"game {gi}")
        play(Game(variant="frisian"), rng, {})
    for gi in range(GAMES + 1, GAMES + 2 * ENDINGS + 1):
        squares = rng.sample(range(1, 51), 3)
        white = squares[:1] if gi <= GAMES + ENDINGS else squares[:2]
        black = squares[2:]
        fen = "W:W" + ",".join(f"K{n}" for n in white) + ":B" + ",".join(f"K{n}" for n in black)
        print(f"game {gi} from {position(white, black)}")
        play(Game(variant="frisian", fen=fen), rng, {})

if __name__ == "__main__":
    sys.exit(main())
