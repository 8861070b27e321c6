#!/usr/bin/env python3
"""Random games of Fairy-Stockfish's `xiangqi`, written for tests/fsf_games.rs to replay in
games/xiangqi.game, to compare how repetitions end: perpetual check, perpetual chase, a draw.

Usage: xiangqi_games.py GAMES SEED > tests/fsf/xiangqi.fsf
(needs pyffish, Fairy-Stockfish's Python binding: `pip install pyffish`)

The format is games.py's: each turn a line `N DIGEST MOVE` (the number of legal moves, the
FNV-1a digest of their sorted texts joined by spaces, the move played; the first turns list
the moves in full after it), each game ending with `over` and `result R` (`white` for Red,
`black` or `draw`), or `stop`. Moves are written as Tabula writes them: ICCS squares, ranks
counted from 0 (Fairy-Stockfish's `h3e3` is `h2e2`).

At each position, Fairy-Stockfish's rules are asked first whether the player to move has no
legal move (`legal_moves`; that player loses, whether in check or not), then whether the
game may end there (`is_optional_game_end`: its third occurrence, decided by perpetual check,
then perpetual chase, else a draw; its value is for the player to move). Its 50-move rule,
which Tabula's description does not have, only ends games: a game stops with `stop` at the
first position 100 plies after the last capture, or after 300 plies. Before `over`, a comment
says how the repetition was decided: `# fold 3, perpetual check by red|black`, `# fold 3,
perpetual chase by red|black` (a win for the other player with nobody checking throughout),
or `# fold 3, draw`.

Random play repeats positions only in long games, so most games are played so that they
repeat (seeded, one style per game in turn): uniform random moves; after the tenth ply a
player takes back their last move (plays it in reverse) where that is legal, with chance 4/5;
or one player (Red and Black in turn) plays, with chance 4/5, a move after which the moved
piece could capture something (were it to move again), the other taking back its last move
where it can with chance 4/5.
"""
import random
import sys

import pyffish as sf

from common import turn_line

VARIANT = "xiangqi"


def tabula(move):
    """Fairy-Stockfish's `h3e3` (ranks from 1) as Tabula's `h2e2` (ranks from 0)."""
    out, i = "", 0
    while i < len(move):
        out += move[i]
        j = i + 1
        while j < len(move) and move[j].isdigit():
            j += 1
        out += str(int(move[i + 1:j]) - 1)
        i = j
    return out


def reverse(move):
    """`h3e3` played back: `e3h3`."""
    squares, i = [], 0
    while i < len(move):
        j = i + 1
        while j < len(move) and move[j].isdigit():
            j += 1
        squares.append(move[i:j])
        i = j
    return squares[1] + squares[0]


def key(fen):
    """The position of a FEN without its move counters."""
    return " ".join(fen.split()[:2])


def how_repeated(history, checks, value):
    """The comment on a repetition: the player to move is last in `history`."""
    n = len(history)
    first = history.index(history[-1])
    # The player who moved into position j is the one not to move there.
    made, every = [False, False], [True, True]
    for j in range(first + 1, n):
        mover = (n - 1 - j) % 2 ^ 1  # 0: the player to move now
        made[mover] = True
        every[mover] &= checks[j]
    to_move = "red" if n % 2 == 1 else "black"
    other = "black" if to_move == "red" else "red"
    checking = [made[0] and every[0], made[1] and every[1]]
    if checking == [True, False]:
        return f"perpetual check by {to_move}"
    if checking == [False, True]:
        return f"perpetual check by {other}"
    if value > 0:
        return f"perpetual chase by {other}"
    if value < 0:
        return f"perpetual chase by {to_move}"
    return "draw"


def origin(move):
    """The square a move leaves: `h3e3` -> `h3`."""
    i = 1
    while move[i].isdigit():
        i += 1
    return move[:i]


def destination(move):
    """The square a move lands on: `h3e3` -> `e3`."""
    return move[len(origin(move)):]


def choose(rng, style, red_to_move, played, legal, piece, now_fen):
    """The move to play and the square of the chaser's piece (styles 2 and 3)."""
    if style == 0 or len(played) < 10:
        return rng.choice(legal), piece
    back = reverse(played[-2]) if len(played) >= 2 else None
    if style == 1:
        if back in legal and rng.random() < 0.8:
            return back, piece
        return rng.choice(legal), piece
    # Styles 2 and 3: Red chases in style 2, Black in style 3, with moves after which the
    # moved piece could capture; the other player takes back its last move where it can.
    chaser = red_to_move == (style == 2)
    if chaser and rng.random() < 0.8:
        attacking = [m for m in legal if attacks_after(now_fen, m)]
        if attacking:
            return rng.choice(attacking), piece
    if back in legal and rng.random() < 0.8:
        return back, piece
    return rng.choice(legal), piece


def attacks_after(fen, move):
    """Whether the piece `move` moves could capture something from where it lands, were its
    player to move again (a chase's first half)."""
    after = sf.get_fen(VARIANT, fen, [move]).split()
    after[1] = "w" if after[1] == "b" else "b"
    to = destination(move)
    try:
        again = sf.legal_moves(VARIANT, " ".join(after), [])
    except Exception:  # the other general is in check: no such position
        return False
    return any(origin(m) == to and sf.is_capture(VARIANT, " ".join(after), [], m) for m in again)


def main():
    games, seed = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    fen = sf.start_fen(VARIANT)
    print(f"# {games} random games of Fairy-Stockfish's xiangqi (pyffish {'.'.join(map(str, sf.version()))}), "
          f"seed {seed} (written by tests/fsf/xiangqi_games.py)")
    for g in range(games):
        style = g % 4
        print("game")
        played, history, checks, piece = [], [], [], None
        while True:
            now = sf.get_fen(VARIANT, fen, played)
            history.append(key(now))
            checks.append(sf.gives_check(VARIANT, fen, played))
            legal = sf.legal_moves(VARIANT, fen, played)
            if not legal:
                value = sf.game_result(VARIANT, fen, played)
                print("over")
                red = len(played) % 2 == 0
                winner = ("black" if red else "white") if value < 0 else ("white" if red else "black")
                print(f"result {winner if value != 0 else 'draw'}")
                break
            if int(now.split()[4]) >= 100 or len(played) >= 300:
                print("stop")
                break
            end, value = sf.is_optional_game_end(VARIANT, fen, played)
            if end:
                assert history.count(history[-1]) >= 3, (played, now)
                red = len(played) % 2 == 0
                print(f"# fold 3, {how_repeated(history, checks, value)}")
                print("over")
                if value == 0:
                    print("result draw")
                else:
                    print(f"result {('white' if red else 'black') if value > 0 else ('black' if red else 'white')}")
                break
            texts = sorted(tabula(m) for m in legal)
            move, piece = choose(rng, style, len(played) % 2 == 0, played, legal, piece, now)
            print(turn_line(texts, tabula(move), len(played) < 2))
            played.append(move)


if __name__ == "__main__":
    main()
