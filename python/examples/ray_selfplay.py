"""Self-play data and a round-robin tournament on a Ray cluster (needs `pip install ray`).

On one machine, with a Ray started for this run:

    python python/examples/ray_selfplay.py --workers 2

On a cluster (every node with `pip install ./python` in the Python that runs Ray):

    ray start --head --num-cpus 2                # on the head node; it prints its address
    ray start --address HEAD:6379                # on every other node
    python python/examples/ray_selfplay.py --address auto     # on the head node

Each Ray task plays --games-per-task games inside Rust and sends back numpy arrays; the
games come out in order and the same for the same seed, however they are cut into tasks.
"""

import argparse
import time

import numpy as np

import tabula
import tabula.ray


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="breakthrough")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--workers", type=int, help="tasks at once (default: the cluster's CPUs)")
    ap.add_argument("--games-per-task", type=int,
                    help="games one task plays (default: about four tasks per worker)")
    ap.add_argument("--address", help="a running cluster: auto or HOST:6379")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--tournament", default="random,mcts:200,alphabeta:2",
                    help="players of the round robin, comma-separated ('' for none)")
    ap.add_argument("--games-per-pair", type=int, default=10)
    args = ap.parse_args()

    wall = time.perf_counter()
    t = tabula.ray.selfplay(args.game, args.games, workers=args.workers, seed=args.seed,
                            games_per_task=args.games_per_task, address=args.address)
    wall = time.perf_counter() - wall
    wins = np.bincount(t.winners() + 1, minlength=3)
    print(f"{t.num_games} random {args.game} games on {len(ray_nodes())} node(s), "
          f"{len(t)} steps in {wall:.2f} s: observations {t.observations.shape}, "
          f"masks {t.masks.shape}, actions {t.actions.shape}, returns {t.returns.shape}")
    print(f"first player won {wins[1]}, second {wins[2]}, draws {wins[0]}; "
          f"{t.lengths.mean():.1f} steps a game")

    players = [p for p in args.tournament.split(",") if p]
    if len(players) >= 2:
        wall = time.perf_counter()
        table = tabula.ray.tournament(args.game, players, games_per_pair=args.games_per_pair,
                                      workers=args.workers, seed=args.seed)
        print(f"\nround robin, {args.games_per_pair} games a pair "
              f"({time.perf_counter() - wall:.1f} s); Elo with 95% intervals:")
        print(table)


def ray_nodes():
    import ray
    return [n for n in ray.nodes() if n["Alive"]]


if __name__ == "__main__":
    main()
