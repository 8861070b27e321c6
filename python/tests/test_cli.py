"""Python against the command-line tool: perft counted through action ids, and the CLI's
seeded random games replayed move by move."""

import pytest

import tabula
from conftest import ROOT, game_path

# Largest perft count checked per position (Python walks every id).
NODE_BUDGET = 3000


def perft(state, depth):
    """Whole moves of `depth` plies below `state`, counted through the ids: an id that does
    not complete a move stays at the same depth."""
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    total = 0
    plies = state.move_number()
    for a in state.legal_actions():
        child = state.clone()
        child.apply_action(a)
        total += perft(child, depth - 1 if child.move_number() > plies else depth)
    return total


def perft_cases():
    """(game, position or None, depth, count) from the repository's perft files, the
    deepest count within the budget for each position."""
    cases = []
    for path in sorted((ROOT / "tests" / "perft").glob("*.perft")):
        fen, best, block = None, None, None
        for line in path.read_text().splitlines() + ["id end"]:
            word, _, rest = line.partition(" ")
            if word == "id":
                if best:
                    cases.append(pytest.param(path.stem, fen, *best, id=f"{path.stem}-{block}"))
                fen, best, block = None, None, rest
            elif word == "fen":
                fen = rest
            elif word == "perft":
                depth, count = map(int, rest.split())
                if count <= NODE_BUDGET:
                    best = (depth, count)
    return cases


@pytest.mark.parametrize("game,fen,depth,count", perft_cases())
def test_perft_through_ids_matches_the_cli(cli, game, fen, depth, count):
    args = [game_path(game), depth] + (["--position", fen] if fen else [])
    assert cli.json("perft", *args)["nodes"] == count
    g = tabula.load_game(game)
    s = g.new_initial_state(fen) if fen else g.new_initial_state()
    assert perft(s, depth) == count


PLAYOUT_GAMES = ["chess", "breakthrough", "english-draughts", "tic-tac-toe", "connect-four",
                 "amazons", "go9", "international-draughts", "shogi", "nine-mens-morris",
                 "pentago", "rascals"]


@pytest.mark.parametrize("game", PLAYOUT_GAMES)
def test_cli_playouts_replay_through_ids(cli, game):
    g = tabula.load_game(game)
    names = g.player_names()
    for record in cli.json("playout", game_path(game), "--seed", 7, "--count", 2):
        s = g.new_initial_state()
        for i, move in enumerate(record["moves"]):
            assert not s.is_terminal(), f"over before move {i + 1} {move}"
            player = s.current_player()
            ids = s.move_to_actions(move)
            for a in ids[:-1]:
                s.apply_action(a)
                assert s.current_player() == player
            assert s.action_to_string(ids[-1]) == move
            s.apply_action(ids[-1])
        assert s.is_terminal(), record["reason"]
        assert s.move_number() == record["plies"]
        assert s.outcome() == record["reason"]
        winner = s.winner()
        assert (names[winner] if winner >= 0 else "draw") == record["result"]
        r = s.returns()
        assert r == ([0.0, 0.0] if winner < 0 else [1.0 if p == winner else -1.0 for p in (0, 1)])
