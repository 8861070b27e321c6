#!/usr/bin/env python3
"""Random games of Fairy-Stockfish's `minishogi`, `dobutsu`, `jesonmor` and `torishogi`, written
for tests/fsf_games.rs to replay in Tabula's descriptions of them
(games/variants/VARIANT.game).

Usage: shogi_games.py STOCKFISH VARIANT GAMES SEED > tests/fsf/VARIANT.fsf

The format is games.py's: each turn a line `N DIGEST MOVE` (the number of legal moves, the
FNV-1a digest of their sorted texts joined by spaces, the move played; the first turns list the
moves in full after it), each game ending with `over` and `result R` (`white`, `black` or
`draw`), or `stop` after 300 plies. Fairy-Stockfish lists each position's legal moves (`go
perft 1`, which lists none where its rules have ended the game); a seeded random one is played
(a pawn's or swallow's drop that mates is left out, see without_drop_mate), except that in
every third game, after the tenth ply, a player takes back their last move where that is legal,
and in every third game one player (White and Black in turn) gives check where it can, so that
repetitions and perpetual checks, rare at random, are played; in Jeson Mor a knight that has
just arrived on e5 is taken where it can be. Moves are written as Tabula writes them: a drop as
`P@b3`, a move as its two squares; where a piece may promote or not (minishogi), the move is
followed by the letter of the kind it ends as (`c4b5v` promotes a silver, `c4b5s` leaves it
one), and a forced promotion (a pawn on the last rank, Dobutsu's chick) has no letter (Fairy-
Stockfish's `e4e5+` is `e4e5`).

How the games end, as Fairy-Stockfish's definitions say (src/variant.cpp):
- minishogi: a player with no legal move loses. The fourth occurrence of a position (board,
  hands and side to move) ends the game: the player who gave check with every move since its
  first occurrence loses; else White loses, whoever is to move.
- torishogi: as minishogi, but the fourth occurrence without a perpetual check loses for the
  player who made it occur (the player to move wins).
- dobutsu: a player without a lion loses (the player who just moved looked at first); then a
  lion on its owner's last rank that no enemy piece attacks wins for its owner, the player to
  move looked at first, both such lions drawing; the fourth occurrence of a position draws.
- jesonmor: a player whose knight stands on e5 when their turn comes wins (the opponent did
  not take it in reply); a player with no legal move loses; the third occurrence of a position,
  or 100 plies without a capture, draw (the chess rules of Fairy-Stockfish's base).
"""
import random
import re
import subprocess
import sys

from common import turn_line


class Engine:
    def __init__(self, path, variant):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        self.until("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise EOFError("the engine stopped")
            lines.append(line.rstrip("\n"))
            if lines[-1].startswith(prefix):
                return lines

    def position(self, played):
        self.send("position startpos" + (" moves " + " ".join(played) if played else ""))

    def moves(self, played):
        self.position(played)
        self.send("go perft 1")
        return [l.split(":")[0] for l in self.until("Nodes searched")
                if re.match(r"^\S+: \d+$", l)]

    def board(self, played):
        """The FEN and whether the side to move is in check."""
        self.position(played)
        self.send("d")
        fen, check = None, False
        for l in self.until("Checkers"):
            if l.startswith("Fen: "):
                fen = l[5:]
            if l.startswith("Checkers:"):
                check = bool(l[len("Checkers:"):].strip())
        return fen, check



def squares(fen):
    """The board of a FEN as {square: letter}, promoted pieces as `+P`."""
    rows = fen.split("[")[0].split()[0].split("/")
    board = {}
    for r, row in enumerate(rows):
        rank = len(rows) - r
        f, i = 0, 0
        while i < len(row):
            ch = row[i]
            if ch.isdigit():
                j = i
                while j < len(row) and row[j].isdigit():
                    j += 1
                f += int(row[i:j])
                i = j
                continue
            if ch == "+":
                ch, i = "+" + row[i + 1], i + 1
            board[f"{chr(97 + f)}{rank}"] = ch
            f, i = f + 1, i + 1
    return board


# Minishogi: the letter of each kind that may promote, and of what it promotes to.
MINI_PROMOTES = {"p": "t", "s": "v", "b": "h", "r": "d"}


def texts_of(variant, fen, moves):
    """Fairy-Stockfish's moves as Tabula writes them."""
    if variant != "minishogi":
        return {m: m.rstrip("+") for m in moves}
    board = squares(fen)
    out = {}
    for m in moves:
        base = m.rstrip("+")
        if "@" in m or (base not in moves and base + "+" in moves) or \
                (m == base and base + "+" not in moves):
            out[m] = base
            continue
        kind = board[base[:2]].lower()
        out[m] = base + (MINI_PROMOTES[kind] if m.endswith("+") else kind)
    return out


def without_drop_mate(engine, played, fen, moves, pawn):
    """The moves without a pawn drop that mates: Fairy-Stockfish lists it and scores the mate
    as a loss for the player who dropped (its shogiPawnDropMateIllegal), where Tabula's
    `not giving checkmate` makes it no legal move; the one square a pawn may give check from
    is the one in front of the enemy king."""
    white = fen.split()[1] == "w"
    king = next((sq for sq, p in squares(fen).items() if p == ("k" if white else "K")), None)
    if king is None:
        return moves
    rank = int(king[1]) + (-1 if white else 1)
    drop = f"{pawn}@{king[0]}{rank}"
    if drop in moves and not engine.moves(played + [drop]):
        return [m for m in moves if m != drop]
    return moves


def dobutsu_attacked(board, square, by_white):
    """Whether a piece of the side (`by_white`) attacks the square (3 x 4 board)."""
    f, r = ord(square[0]) - 97, int(square[1])
    fwd = 1 if by_white else -1
    steps = {
        "c": [(0, fwd)],
        "h": [(0, 1), (0, -1), (1, 0), (-1, 0), (1, fwd), (-1, fwd)],
        "e": [(1, 1), (1, -1), (-1, 1), (-1, -1)],
        "g": [(0, 1), (0, -1), (1, 0), (-1, 0)],
        "l": [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0)],
    }
    for sq, p in board.items():
        kind = p.lstrip("+").lower()
        if p.lstrip("+").isupper() != by_white:
            continue
        if p.startswith("+"):
            kind = "h"
        pf, pr = ord(sq[0]) - 97, int(sq[1])
        if any((pf + a, pr + b) == (f, r) for a, b in steps[kind]):
            return True
    return False


def dobutsu_end(fen):
    board = squares(fen)
    side = fen.split()[1]
    mover_white = side == "b"
    for white in (mover_white, not mover_white):
        if ("L" if white else "l") not in board.values():
            print("# lion taken")
            return "black" if white else "white"
    safe = {}
    for white in (True, False):
        safe[white] = any(p == ("L" if white else "l") and sq[1] == ("4" if white else "1")
                          and not dobutsu_attacked(board, sq, not white)
                          for sq, p in board.items())
    if safe[True] or safe[False]:
        print("# try")
    if safe[True] and safe[False]:
        return "draw"
    if safe[not mover_white]:
        return "black" if mover_white else "white"
    if safe[mover_white]:
        return "white" if mover_white else "black"
    return None


def choose(engine, rng, style, checker, played, moves):
    """The move to play: at random (style 0); else, after the tenth ply, the mover's last move
    taken back where that is legal (style 1), and in style 2 the checker (0 for White, 1 for
    Black) gives check where it can, taking back its last move first where that checks, so
    that repetitions and perpetual checks, rare at random, are played."""
    if style == 0 or len(played) < 10:
        return rng.choice(moves)
    last = played[-2]
    back = last[2:4] + last[:2] if "@" not in last else None
    if style == 2 and len(played) % 2 == checker:
        if back in moves and engine.board(played + [back])[1]:
            return back
        checks = [m for m in moves if engine.board(played + [m])[1]]
        if checks:
            return rng.choice(checks)
    if back in moves and rng.random() < 0.9:
        return back
    return rng.choice(moves)


def main():
    path, variant, games, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    engine = Engine(path, variant)
    rng = random.Random(seed)
    folds = 3 if variant == "jesonmor" else 4
    print(f"# {games} random games of Fairy-Stockfish's {variant}, seed {seed} "
          "(written by tests/fsf/shogi_games.py)")
    for i in range(games):
        print("game")
        played, history = [], []
        while True:
            fen, check = engine.board(played)
            fields = fen.split()
            side = fields[1]
            key = " ".join(fields[:2])
            history.append((key, check))
            moves = engine.moves(played)
            if variant in ("minishogi", "torishogi"):
                moves = without_drop_mate(engine, played, fen, moves,
                                          "S" if variant == "torishogi" else "P")
            end = None
            if variant == "dobutsu":
                end = dobutsu_end(fen)
            elif variant == "jesonmor":
                # The knight that arrived on e5 a ply ago, taken in reply.
                mine = "N" if side == "w" else "n"
                if len(history) > 1 and squares(history[-2][0]).get("e5") == mine and \
                        squares(fen).get("e5") != mine:
                    print("# taken on the centre")
                if squares(fen).get("e5") == mine:
                    print("# held the centre")
                    end = "white" if side == "w" else "black"
            if end is None and not moves:
                # No legal move (checkmate or stalemate) loses.
                end = "black" if side == "w" else "white"
            if end is None and variant == "jesonmor" and int(fields[4]) >= 100:
                print("# 100 plies without a capture")
                end = "draw"
            if end is None and sum(k == key for k, _ in history) >= folds:
                first = next(i for i, (k, _) in enumerate(history) if k == key)
                n = len(history) - 1
                # Positions with this side to move in check, every one since the first
                # occurrence: the opponent checked perpetually; and the other way round.
                shogi = variant in ("minishogi", "torishogi")
                them = shogi and all(c for _, c in history[first::2])
                us = shogi and all(c for _, c in history[first + 1:n:2])
                to_move = "white" if side == "w" else "black"
                other = "black" if side == "w" else "white"
                print(f"# fold {folds}, perpetual check by {'both' if them and us else other if them else to_move if us else 'nobody'}")
                if them and not us:
                    end = to_move
                elif us and not them:
                    end = other
                elif variant == "minishogi" and not (them and us):
                    end = "black"
                elif variant == "torishogi" and not (them and us):
                    end = to_move
                else:
                    end = "draw"
            if end is not None:
                print("over")
                print(f"result {end}")
                break
            if len(played) >= 300:
                print("stop")
                break
            names = texts_of(variant, fen, moves)
            pick = choose(engine, rng, i % 3, i // 3 % 2, played, moves)
            takes = [m for m in moves if m.endswith("e5")]
            if variant == "jesonmor" and squares(fen).get("e5") and takes:
                # A knight that has just arrived on e5 is taken where it can be.
                pick = rng.choice(takes)
            texts = sorted(names.values())
            print(turn_line(texts, names[pick], len(played) < 4))
            played.append(pick)
    engine.send("quit")


main()
