#!/usr/bin/env python3
"""Random games of Fairy-Stockfish's `janggi` (pyffish), written for tests/fsf_games.rs to
replay in games/variants/janggi.game.

Usage: janggi.py GAMES SEED > tests/fsf/janggi.fsf

Each turn is a line as tests/fsf/games.py writes it (the number of legal moves, the FNV-1a
digest of their sorted texts, the move played, and for the first turns the moves in full),
with Fairy-Stockfish's pass (the general's square to itself, `e2e2`) written `pass`, as Tabula
writes it; a pass is played one time in twenty where the player may pass, so that games meet
bikjang and two passes in a row. A game stops where Fairy-Stockfish's rules end it (`over`,
then `result R`: `white`, `black` or `draw`): a player with no legal move loses; then
`is_immediate_game_end` and `is_optional_game_end` (bikjang or two passes in a row, decided by
counting the pieces' points with 1.5 for Han; repetition, decided the same way, or lost by the
player who checked throughout); or with `stop` after 300 plies.
"""
import random
import re
import sys

import pyffish as sf

from common import turn_line


def text(move):
    cells = re.match(r"^([a-i]\d+)([a-i]\d+)$", move)
    return "pass" if cells and cells[1] == cells[2] else move


def main():
    games, seed = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    start = sf.start_fen("janggi")
    print(f"# {games} random games of Fairy-Stockfish's janggi, seed {seed} "
          "(written by tests/fsf/janggi.py)")
    for _ in range(games):
        print("game")
        played = []
        while True:
            fen = sf.get_fen("janggi", start, played)
            side = fen.split()[1]
            moves = sf.legal_moves("janggi", start, played)
            end = None
            immediate, value = sf.is_immediate_game_end("janggi", start, played)
            if immediate:
                end = value
            elif not moves:
                end = sf.game_result("janggi", start, played)
            else:
                optional, value = sf.is_optional_game_end("janggi", start, played)
                if optional:
                    end = value
            if end is not None:
                result = "draw" if end == 0 else \
                    ("white" if (end > 0) == (side == "w") else "black")
                print("over")
                print(f"result {result}")
                break
            if len(played) >= 300:
                print("stop")
                break
            passes = [m for m in moves if text(m) == "pass"]
            others = [m for m in moves if text(m) != "pass"]
            pick = rng.choice(passes) if passes and (not others or rng.random() < 0.05) \
                else rng.choice(others)
            texts = sorted(text(m) for m in moves)
            print(turn_line(texts, text(pick), len(played) < 4))
            played.append(pick)


main()
