#!/usr/bin/env python3
"""Random games of Fairy-Stockfish's counted variants, played toward the endgame, written for
tests/fsf_games.rs to replay in Tabula's description of each (Tabula's counting rules against
Fairy-Stockfish's).

Usage: counting.py VARIANT GAMES SEED [FEN ...] > tests/fsf/VARIANT-counting.fsf
(needs pyffish, Fairy-Stockfish's Python module).

VARIANT is one of Fairy-Stockfish's variants with a counting rule: `makruk`, `makpong`,
`ai-wok` (Makruk's counting), `cambodian`, `karouk` (Cambodian counting), `asean`,
`sittuyin` (ASEAN counting). The games start from the start position and then from the FENs
given, in turn (`game FEN`: made-up endgames, some with a count already running). A move is
drawn at random, a capture (where there is one) nine times in ten, so that the pawns and
pieces go and the counts begin.

Before every turn the file holds the turn's line as tests/fsf/games.py writes it (the number
of legal moves, the FNV-1a digest of their sorted texts, the move played, and for the first
turns the moves in full), and, where Fairy-Stockfish's FEN has a count running (its limit in
the en-passant field) or had one the turn before, and every tenth ply, a line `fen FEN` with
Fairy-Stockfish's FEN: Tabula's position must read it as the position the replay reached.

A game stops where Fairy-Stockfish's rules end it: `over`, then `ended counting` where the
count ran out (pyffish's `is_optional_game_end` with the FEN's count past its limit), then
`result R` (`white`, `black` or `draw`). The ends read: no legal move (checkmate loses,
stalemate draws), Kar Ouk's first check (`is_immediate_game_end`), and the optional ends
(`is_optional_game_end`: the count, threefold repetition, ASEAN's and Sittuyin's fifty-move
rule), which a player of these games takes: the count's end is a draw. Sittuyin's draw when a
player's only moves are a lone pawn's promotions, which Tabula's description leaves out,
stops a game with `stop`; so does a game longer than 500 plies.
"""
import random
import sys

import pyffish as sf

from common import turn_line



def board_cells(board):
    """The pieces of a FEN's board field by cell (`e4`)."""
    cells, ranks = {}, board.split("[")[0].split("/")
    for i, row in enumerate(ranks):
        f, digits = 0, ""
        for ch in row + " ":
            if ch.isdigit():
                digits += ch
                continue
            if digits:
                f += int(digits)
                digits = ""
            if ch.isalpha():
                cells[f"{chr(97 + f)}{len(ranks) - i}"] = ch
                f += 1
    return cells


def count_ran_out(fields):
    """Whether a FEN's count (limit in the en-passant field, plies in the no-progress field)
    is past its limit."""
    return fields[3].isdigit() and int(fields[-2]) > int(fields[3])


def main():
    variant, games, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    fens = [sf.start_fen(variant)] + sys.argv[4:]
    makruk_text = variant in ("makruk", "ai-wok", "cambodian", "karouk", "makpong")
    text = (lambda m: m[:4]) if makruk_text else (lambda m: m)
    rng = random.Random(seed)
    print(f"# {games} random games of Fairy-Stockfish's {variant} toward the endgame, seed "
          f"{seed} (written by tests/fsf/counting.py)")
    for i in range(games):
        start = fens[i % len(fens)]
        print("game" if i % len(fens) == 0 else f"game {start}")
        played, counted_before = [], False
        while True:
            fen = sf.get_fen(variant, start, played)
            fields = fen.split()
            counted = fields[3].isdigit()
            if counted or counted_before or len(played) % 10 == 0:
                print(f"fen {fen}")
            counted_before = counted
            moves = sf.legal_moves(variant, start, played)
            end, reason = None, None
            immediate, value = sf.is_immediate_game_end(variant, start, played)
            if immediate:
                end = value
            elif not moves:
                end = sf.game_result(variant, start, played)
            else:
                optional, value = sf.is_optional_game_end(variant, start, played)
                if optional:
                    if count_ran_out(fields):
                        reason = "counting"
                    elif variant == "sittuyin" and value == 0 and int(fields[-2]) < 100 and \
                            all(len(m) == 5 for m in moves):
                        # A lone pawn's promotions only (possibly also a repetition: too
                        # rare to tell apart here).
                        print("stop")
                        break
                    end = value
            if end is not None:
                side = fields[1]
                result = "draw" if end == 0 else \
                    ("white" if (end > 0) == (side == "w") else "black")
                print("over")
                if reason:
                    print(f"ended {reason}")
                print(f"result {result}")
                break
            if len(played) >= 500:
                print("stop")
                break
            cells = board_cells(fields[0])
            mover_white = fields[1] == "w"
            captures = [m for m in moves if "@" not in m and m[2:4] in cells
                        and cells[m[2:4]].isupper() != mover_white]
            pick = rng.choice(captures) if captures and rng.random() < 0.9 else rng.choice(moves)
            texts = sorted(text(m) for m in moves)
            print(turn_line(texts, text(pick), len(played) < 4))
            played.append(pick)


if __name__ == "__main__":
    main()
