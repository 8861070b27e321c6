#!/usr/bin/env python3
"""Random games of Ataxx played by Fairy-Stockfish (`UCI_Variant ataxx`), written for
tests/ataxx.rs to replay in games/ataxx.game.

Usage: fsf_games.py STOCKFISH GAMES SEED > tests/ataxx/ataxx.fsf

Fairy-Stockfish lists each position's legal moves (`go perft 1`); a seeded random one is
played. Moves are written as Tabula writes them: a clone (Fairy-Stockfish's drop `P@b6`) as
the cell `b6`, a jump `a7a5` as `a7-a5`, a pass (Fairy-Stockfish's move from a square to
itself) as `pass`. Each turn is a line `N DIGEST MOVE`: the number of legal moves, the FNV-1a
digest (64 bits) of their sorted texts joined by spaces, and the move played; the first
turns of each game list the moves in full after the move played.

A game stops where Fairy-Stockfish's rules end it: the player to move has no stones (no
move at all), the board is full, or a position occurs for the third time (`over`); where
both players would only pass, Fairy-Stockfish ends it after the two passes, and Tabula
before them, so the line `over` is written before the passes. `result W B` gives the stones
each player has then. Games longer than 400 plies stop with `stop` (none did when written).
"""
import random
import re
import subprocess
import sys


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")
        self.send("setoption name UCI_Variant value ataxx")
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

    def moves(self, played):
        self.send("position startpos" + (" moves " + " ".join(played) if played else ""))
        self.send("go perft 1")
        return [l.split(":")[0] for l in self.until("Nodes searched")
                if re.match(r"^\S+: \d+$", l)]

    def board(self, played):
        self.send("position startpos" + (" moves " + " ".join(played) if played else ""))
        self.send("d")
        for l in self.until("Checkers"):
            if l.startswith("Fen: "):
                return l[5:]
        raise ValueError("no Fen line")


def tabula(move):
    if "@" in move:
        return move.split("@")[1]
    a, b = move[:2], move[2:4]
    return "pass" if a == b else f"{a}-{b}"


def digest(texts):
    h = 0xCBF29CE484222325
    for b in " ".join(texts).encode():
        h ^= b
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


def main():
    engine, games, seed = Engine(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    print(f"# {games} random games of Fairy-Stockfish's ataxx, seed {seed} "
          "(written by tests/ataxx/fsf_games.py)")
    for _ in range(games):
        print("game")
        played, seen = [], {}
        while True:
            fen = engine.board(played)
            board, side = fen.split()[0], fen.split()[1]
            key = board + " " + side
            seen[key] = seen.get(key, 0) + 1
            white, black = board.count("P"), board.count("p")
            moves = engine.moves(played)
            full = not re.search(r"\d", board)
            stuck = [tabula(m) for m in moves] == ["pass"] and \
                [tabula(m) for m in engine.moves(played + moves)] == ["pass"]
            if not moves or full or stuck or seen[key] == 3:
                print("over")
                print(f"result {white} {black}")
                break
            if len(played) >= 400:
                print("stop")
                break
            pick = rng.choice(moves)
            texts = sorted(tabula(m) for m in moves)
            line = f"{len(texts)} {digest(texts)} {tabula(pick)}"
            if len(played) < 4:
                line += " " + " ".join(texts)
            print(line)
            played.append(pick)
    engine.send("quit")


main()
