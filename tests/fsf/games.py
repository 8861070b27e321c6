#!/usr/bin/env python3
"""Random games of a Fairy-Stockfish variant, written for tests/fsf_games.rs to replay in
Tabula's description of it.

Usage: games.py STOCKFISH VARIANT GAMES SEED [FEN ...] > tests/fsf/VARIANT.fsf

VARIANT is `ataxx`, `horde`, `makruk`, `cambodian`, `karouk`, `makpong`, `asean`, `ai-wok`,
`atomic`, `extinction`, `loop`, `chessgi`, `seirawan`, `shouse`, `grand`, `opulent`,
`sortofalmost`, `chigorin`, `coregal`, `placement`, `sittuyin`, `spartan`, `koedem` or
`duck`. With FENs (Chess960 set-ups), the games start from them in turn (each game's first line
is `game FEN`) and Fairy-Stockfish plays with UCI_Chess960 (not for Koedem, whose FENs give
hands), which writes castling as the king taking its rook
(`b1a1`), as Tabula does. Fairy-Stockfish lists each position's legal moves (`go perft
1`); a seeded random one is played. Moves are written as Tabula writes them: UCI as it is
(`e2e4`, `b7b8q`) for Horde and ASEAN; for the Makruk family and Ai-wok the same without the
promotion's letter (a pawn promotes to one kind only: Fairy-Stockfish's `b5b6m` is `b5b6`); for Ataxx a clone (Fairy-Stockfish's drop `P@b6`) as the cell
`b6`, a jump `a7a5` as `a7-a5`, and a pass (Fairy-Stockfish's move from a square to itself)
as `pass`. Each turn is a line `N DIGEST MOVE`: the number of legal moves, the FNV-1a digest
(64 bits) of their sorted texts joined by spaces, and the move played; the first turns of each
game list the moves in full after the move played.

A game stops where Fairy-Stockfish's rules end it, with a line `over`, then `result R`:
`white`, `black` or `draw`, and for Ataxx the stones each player has (`result white 30 19`).
Both: no legal move at all (Horde: checkmate loses, stalemate draws, and White without pieces
loses; Ataxx: a player without stones loses), a position occurring for the third time (a
draw). Ataxx: a full board; where both players could only pass, Fairy-Stockfish ends the game
after the two passes and Tabula before them, so `over` is written before the passes; more
stones win. Horde and ASEAN: 100 plies without a capture or a pawn move draw. The Makruk
family (Makruk, Cambodian, Kar Ouk, Makpong), ASEAN and Ai-wok: checkmate loses and stalemate
draws as in Horde (in Kar Ouk the first check wins: Fairy-Stockfish then lists no move, and the
player in check has lost); their counting rules, which Tabula's descriptions do not have, only
end games, so a game stops with `stop` at the first position where Fairy-Stockfish's counting
has begun (no pawns left on the board) or after 200 plies. Sittuyin as ASEAN (UCI as it is:
drops `F@e3`, promotions `d5d5f`, `d5c4f`), also stopping with `stop` where Fairy-Stockfish
would call a draw because a player with a king and one pawn, not in check, has only the
pawn's promotions to play (a rule the description leaves out).
Atomic: a player whose king is gone loses. Extinction: a player with no piece of some kind
(king, queen, rook, bishop, knight or pawn) loses, the player who just moved looked at first (a
pawn's promotion may take its own kind's last). Loop, Chessgi, Seirawan, S-House and Placement (drops written
`Q@e4`, gating `b1c3h` and `h1e1h` by both; Seirawan and S-House with UCI_Chess960, whose
castling Tabula's descriptions have): checkmate loses, stalemate draws, 100 plies without a capture or a pawn move draw, and a
game stops with `stop` after 200 plies. Sort of almost chess, Chigorin, Coregal and Spartan the
same (Coregal's checkmate is of the king or a queen, Spartan's of both kings while Black has
two: with no legal move, Fairy-Stockfish's `go depth 1` says `score mate 0` for a checkmate,
`score cp 0` for a stalemate). Grand and Opulent
(UCI moves, `e9e10q`; a pawn's move onto its eighth or ninth rank that stays a pawn with the
pawn's letter, `e7e8p`, as Tabula writes it): the same, stopping after 400 plies, so that
pawns reach the far ranks and promote to the kinds their side has lost. Koedem (from FENs
that give kings and other pieces in hand; drops `K@e4`): a player who has no king, on the
board or in hand, while the opponent has two or more loses (the player who just moved looked
at first), a player with no legal move loses, 100 plies without a capture or a pawn move draw,
and a game stops with `stop` after 200 plies. Duck chess: a move and the duck's new square
(`e2e4,e4e5`) written as Tabula writes it (`e2e4/e5`), the moves listed in full on the first
turn only (some 600 of them); a player whose king was taken loses, a player with no legal move
wins, 100 plies without a capture or a pawn move draw, and a game stops after 300 plies. Games
longer than 600
plies stop with `stop`
(none did when written).
"""
import random
import re
import subprocess
import sys

from common import turn_line


class Engine:
    def __init__(self, path, variant, chess960=False):
        self.variant = variant
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.start = "startpos"
        self.send("uci")
        self.until("uciok")
        if chess960:
            self.send("setoption name UCI_Chess960 value true")
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
        self.send(f"position {self.start}" + (" moves " + " ".join(played) if played else ""))

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

    def mated(self, played):
        """With no legal move: whether the engine scores it as checkmate (Coregal's queens
        are royal too, which the `d` command's checkers leave out)."""
        self.position(played)
        self.send("go depth 1")
        return any("score mate 0" in l for l in self.until("bestmove"))


def ataxx_text(move):
    if "@" in move:
        return move.split("@")[1]
    a, b = move[:2], move[2:4]
    return "pass" if a == b else f"{a}-{b}"



def pawn_cells(board):
    """The cells of the pawns of a FEN's board field (`e8`, `j10`)."""
    cells, ranks = set(), board.split("/")
    for i, row in enumerate(ranks):
        f = 0
        for n, ch in re.findall(r"(\d+)|(.)", row):
            if n:
                f += int(n)
                continue
            if ch in "Pp":
                cells.add(f"{chr(97 + f)}{len(ranks) - i}")
            f += 1
    return cells


def grand_text(board):
    """Grand and Opulent: a pawn's move onto its eighth or ninth rank that stays a pawn,
    written by Tabula with the pawn's letter (`e7e8p`: the pawn is one of its choices)."""
    pawns = pawn_cells(board)

    def text(m):
        cells = re.match(r"([a-j])(\d+)([a-j])(\d+)$", m)
        if not cells or f"{cells[1]}{cells[2]}" not in pawns:
            return m
        rank = int(cells[4])
        white = int(cells[4]) > int(cells[2])
        return m + "p" if (rank >= 8 if white else rank <= 3) else m
    return text


def ataxx_end(engine, played, moves, fields):
    board = fields[0]
    white, black = board.count("P"), board.count("p")
    full = not re.search(r"\d", board)
    stuck = [ataxx_text(m) for m in moves] == ["pass"] and \
        [ataxx_text(m) for m in engine.moves(played + moves)] == ["pass"]
    if moves and not full and not stuck:
        return None
    winner = "white" if white > black else "black" if black > white else "draw"
    return f"{winner} {white} {black}"


def horde_end(engine, played, moves, fields, check):
    side = fields[1]
    if not moves:
        if not re.search("[PNBRQK]", fields[0]):
            return "black"
        if check:
            return "black" if side == "w" else "white"
        return "draw"
    if int(fields[4]) >= 100:
        return "draw"
    return None


def makruk_end(engine, played, moves, fields, check):
    if not moves:
        if check:
            return "black" if fields[1] == "w" else "white"
        return "draw"
    if fields[0].count("P") + fields[0].count("p") == 0:
        return "stop"
    if engine.variant in ("asean", "sittuyin") and int(fields[4]) >= 100:
        return "draw"
    if engine.variant == "sittuyin" and not check and lone_pawn_promotions(fields, moves):
        return "stop"
    return None


def lone_pawn_promotions(fields, moves):
    """Sittuyin: the player to move has a king and one pawn, and only its promotions (a move
    with a letter after the cells) to play."""
    mine = [ch for ch in fields[0].split("[")[0] if ch.isalpha() and ch.isupper() == (fields[1] == "w")]
    return sorted(mine, key=str.lower) in (["K", "P"], ["k", "p"]) and all(
        re.match(r"^[a-h][1-8][a-h][1-8][a-z]$", m) for m in moves)


def chess_end(variant, moves, fields, check):
    """Atomic and extinction: a king gone (atomic) or a kind gone (extinction), the player
    who just moved first; then checkmate (atomic), stalemate, 100 plies."""
    board, side = fields[0], fields[1]
    kinds = "K" if variant == "atomic" else "KQRBNP"
    mover = "black" if side == "w" else "white"
    to_move = "white" if side == "w" else "black"
    for player, other in ((mover, to_move), (to_move, mover)):
        letters = kinds if player == "white" else kinds.lower()
        if any(k not in board for k in letters):
            return other
    if not moves:
        return mover if check and variant == "atomic" else "draw"
    if int(fields[4]) >= 100:
        return "draw"
    return None


def koedem_end(moves, fields):
    """Koedem: both kings owned (the player who just moved looked at first), no legal move
    (a loss), 100 plies."""
    owned = {"white": fields[0].count("K"), "black": fields[0].count("k")}
    mover = "black" if fields[1] == "w" else "white"
    to_move = "white" if fields[1] == "w" else "black"
    for player, other in ((mover, to_move), (to_move, mover)):
        if owned[player] == 0 and owned[other] >= 2:
            return other
    if not moves:
        return mover
    if int(fields[4]) >= 100:
        return "draw"
    return None


def duck_end(moves, fields):
    """Duck chess: a player whose king was taken loses; a player with no legal move wins;
    100 plies without a capture or a pawn move draw."""
    board, side = fields[0], fields[1]
    to_move = "white" if side == "w" else "black"
    mover = "black" if side == "w" else "white"
    if ("K" if side == "w" else "k") not in board:
        return mover
    if not moves:
        return to_move
    if int(fields[4]) >= 100:
        return "draw"
    return None


def duck_text(move):
    """Fairy-Stockfish's `e2e4,e4e5` (the move, then the duck from the landing square to its
    new one) as Tabula writes it: `e2e4/e5`."""
    played, duck = move.split(",")
    return f"{played}/{duck[2:]}"


def drops_end(moves, fields, check):
    """Loop and Chessgi: checkmate, stalemate, 100 plies."""
    if not moves:
        if check:
            return "black" if fields[1] == "w" else "white"
        return "draw"
    if int(fields[4]) >= 100:
        return "draw"
    return None


def main():
    path, variant, games, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    fens = sys.argv[5:]
    chess960 = (bool(fens) and variant != "koedem") or variant in ("seirawan", "shouse")
    engine = Engine(path, variant, chess960=chess960)
    text = ataxx_text if variant == "ataxx" else (lambda m: m)
    if variant == "duck":
        text = duck_text
    if variant in ("makruk", "ai-wok", "cambodian", "karouk", "makpong"):
        text = lambda m: m[:4]
    rng = random.Random(seed)
    print(f"# {games} random games of Fairy-Stockfish's {variant}, seed {seed} "
          "(written by tests/fsf/games.py)")
    for i in range(games):
        if fens:
            engine.start = "fen " + fens[i % len(fens)]
            print("game " + fens[i % len(fens)])
        else:
            print("game")
        played, seen = [], {}
        while True:
            fen, check = engine.board(played)
            fields = fen.split()
            # Board, side to move, castling rights and en-passant square.
            key = " ".join(fields[:4])
            seen[key] = seen.get(key, 0) + 1
            moves = engine.moves(played)
            if variant == "ataxx":
                end = ataxx_end(engine, played, moves, fields)
            elif variant == "horde":
                end = horde_end(engine, played, moves, fields, check)
            elif variant in ("atomic", "extinction"):
                end = chess_end(variant, moves, fields, check)
            elif variant == "duck":
                end = duck_end(moves, fields)
                if end is None and len(played) >= 300:
                    end = "stop"
            elif variant in ("loop", "chessgi", "seirawan", "shouse", "sortofalmost",
                             "chigorin", "coregal", "spartan", "placement"):
                if variant in ("coregal", "spartan") and not moves:
                    check = engine.mated(played)
                end = drops_end(moves, fields, check)
                if end is None and len(played) >= 200:
                    end = "stop"
            elif variant == "koedem":
                end = koedem_end(moves, fields)
                if end is None and len(played) >= 200:
                    end = "stop"
            elif variant in ("grand", "opulent"):
                end = drops_end(moves, fields, check)
                if end is None and len(played) >= 400:
                    end = "stop"
            else:
                end = makruk_end(engine, played, moves, fields, check)
                if end is None and len(played) >= 200:
                    end = "stop"
            if end == "stop":
                print("stop")
                break
            if end is None and seen[key] == 3:
                end = "draw"
                if variant == "ataxx":
                    end += f" {fields[0].count('P')} {fields[0].count('p')}"

            if end is not None:
                print("over")
                print(f"result {end}")
                break
            if variant in ("grand", "opulent"):
                text = grand_text(fields[0])
            if len(played) >= 600:
                print("stop")
                break
            pick = rng.choice(moves)
            texts = sorted(text(m) for m in moves)
            # Duck chess lists some 600 moves a turn: its first turn only.
            print(turn_line(texts, text(pick), len(played) < (1 if variant == "duck" else 4)))
            played.append(pick)
    engine.send("quit")


main()
