"""Side by side, in one run: environment steps per CPU-second with a uniformly random policy,
for Tabula's VectorEnv, OpenSpiel's C++ games through pyspiel, and pgx on the CPU.

    pip install ./python open_spiel pgx          # pgx brings jax (CPU)
    python python/bench/bench_envs.py [--runs 5] [--seconds 2] [--games chess,go9,...] [--threads 1]

A step is one action applied to one game. Rates are per CPU-second of the whole process
(`time.process_time`: every thread, user and system), so engines that use several threads
(VectorEnv's worker threads, XLA's thread pool) pay for all of them. Each run measures every
column of a game in turn (interleaved), for at least --seconds of CPU each; the table shows
the median of --runs runs. Columns:

- Tabula VectorEnv: `env.step(env.sample_actions())` in a Python loop over --batch games;
  every step returns the observations, rewards, terminations and legal-action masks.
- Tabula in Rust: the same steps (sample, step, the same arrays written) in one call
  (`VectorEnv.step_random`); the difference is the Python overhead per step.
- OpenSpiel: one pyspiel state at a time: `legal_actions()`, a random choice in Python,
  `apply_action` (throws of the dice, drawn by their probabilities, are not counted as
  steps: VectorEnv throws for its caller); "+obs" also reads `observation_tensor()` and `legal_actions_mask()` each
  step, the arrays VectorEnv returns.
- pgx: `jax.jit` of a batched (`jax.vmap`, --pgx-batch games) random step with auto-reset,
  observations included (pgx computes them in every step). Compilation is excluded: the
  function is compiled and run once before the clock starts.
"""

import argparse
import json
import os
import platform
import random
import statistics
import time

# numpy's BLAS threads are not used here; one thread keeps them from spinning on the clock.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

# Tabula's shipped name, OpenSpiel's (name, parameters), pgx's id.
GAMES = {
    "chess": ("chess", ("chess", {}), "chess"),
    "go9": ("go9", ("go", {"board_size": 9}), "go_9x9"),
    "connect-four": ("connect-four", ("connect_four", {}), "connect_four"),
    "othello": ("reversi", ("othello", {}), "othello"),
    "backgammon": ("backgammon", ("backgammon", {}), "backgammon"),
}


def cpu_loop(seconds, body):
    """Calls `body()` (which returns steps and finished games) until `seconds` of process
    CPU time have passed; returns (steps per CPU-second, steps per finished game)."""
    steps = games = 0
    start = time.process_time()
    while True:
        s, g = body()
        steps += s
        games += g
        spent = time.process_time() - start
        if spent >= seconds:
            return steps / spent, (steps / games if games else float("nan"))


def tabula_vector(name, batch, seconds, seed, threads=None):
    import tabula
    env = tabula.VectorEnv(tabula.load_game(name), batch, seed=seed, threads=threads)
    env.reset()

    def body():
        done = 0
        for _ in range(10):
            _, _, terminated, _ = env.step(env.sample_actions())
            done += int(terminated.sum())
        return 10 * batch, done
    return cpu_loop(seconds, body)


def tabula_rust(name, batch, seconds, seed, threads=None):
    import tabula
    env = tabula.VectorEnv(tabula.load_game(name), batch, seed=seed, threads=threads)
    env.reset()

    def body():
        env.step_random(50)
        return 50 * batch, 0
    rate, _ = cpu_loop(seconds, body)
    return rate, float("nan")


def openspiel(spec, seconds, seed, observe):
    import pyspiel
    game = pyspiel.load_game(spec[0], spec[1])
    rng = random.Random(seed)
    state = [game.new_initial_state()]

    def body():
        s = state[0]
        done = 0
        for _ in range(1000):
            if s.is_terminal():
                s = game.new_initial_state()
                done += 1
            # Throws are not steps (VectorEnv throws for its caller): drawn by probability.
            while s.is_chance_node():
                outcomes = s.chance_outcomes()
                s.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            if observe:
                s.observation_tensor()
                s.legal_actions_mask()
            s.apply_action(rng.choice(s.legal_actions()))
        state[0] = s
        return 1000, done
    return cpu_loop(seconds, body)


def pgx_setup(env_id, batch, seed):
    """A compiled batched random step of pgx's `env_id`, already run once."""
    import jax
    import jax.numpy as jnp
    import pgx
    from pgx.experimental import auto_reset

    env = pgx.make(env_id)
    step = jax.vmap(auto_reset(env.step, env.init))

    def run(state, key, n):
        def one(carry, _):
            state, key = carry
            key, k1, k2 = jax.random.split(key, 3)
            logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
            action = jax.random.categorical(k1, logits, axis=-1)
            state = step(state, action, jax.random.split(k2, batch))
            return (state, key), (state.terminated | state.truncated).sum()
        (state, key), done = jax.lax.scan(one, (state, key), None, length=n)
        return state, key, done.sum()

    run = jax.jit(run, static_argnums=2)
    key = jax.random.PRNGKey(seed)
    key, sub = jax.random.split(key)
    state = jax.jit(jax.vmap(env.init))(jax.random.split(sub, batch))
    state, key, done = run(state, key, 10)  # compiles
    done.block_until_ready()
    return run, [state, key]


def pgx_measure(compiled, batch, seconds):
    run, carry = compiled

    def body():
        state, key, done = run(carry[0], carry[1], 10)
        done = int(done)  # waits for the result
        carry[0], carry[1] = state, key
        return 10 * batch, done
    return cpu_loop(seconds, body)


def machine():
    model = "?"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{platform.platform()}, {os.cpu_count()} CPUs ({model}), Python {platform.python_version()}"


def main():
    ap = argparse.ArgumentParser(description="steps per CPU-second, side by side")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--batch", type=int, default=256, help="VectorEnv's games")
    ap.add_argument("--threads", type=int, default=None,
                    help="VectorEnv's threads (default: one per core)")
    ap.add_argument("--pgx-batch", type=int, default=1024, help="pgx's batch")
    ap.add_argument("--skip", default="", help="columns to leave out: openspiel,pgx")
    ap.add_argument("--json", help="also write the medians here")
    args = ap.parse_args()
    skip = set(filter(None, args.skip.split(",")))
    print(f"# {machine()}")
    print(f"# runs {args.runs}, at least {args.seconds} CPU-s a cell, VectorEnv batch "
          f"{args.batch} on {args.threads or 'one per core'} threads, pgx batch "
          f"{args.pgx_batch}; medians")
    results = {}
    for key in args.games.split(","):
        tname, ospec, pid = GAMES[key]
        compiled = None
        if "pgx" not in skip:
            t = time.process_time()
            compiled = pgx_setup(pid, args.pgx_batch, 0)
            print(f"# pgx {pid}: compiled in {time.process_time() - t:.1f} CPU-s (excluded)")
        cols = {}
        for r in range(args.runs):
            row = {
                "tabula": tabula_vector(tname, args.batch, args.seconds, r, args.threads),
                "tabula_rust": tabula_rust(tname, args.batch, args.seconds, r, args.threads),
            }
            if "openspiel" not in skip:
                row["openspiel"] = openspiel(ospec, args.seconds, r, False)
                row["openspiel_obs"] = openspiel(ospec, args.seconds, r, True)
            if compiled is not None:
                row["pgx"] = pgx_measure(compiled, args.pgx_batch, args.seconds)
            for c, v in row.items():
                cols.setdefault(c, []).append(v)
        med = {c: statistics.median(v[0] for v in vs) for c, vs in cols.items()}
        length = {c: statistics.median(v[1] for v in vs) for c, vs in cols.items()}
        # Python overhead per step: VectorEnv's time per game-step less the same in Rust.
        overhead_ns = (1 / med["tabula"] - 1 / med["tabula_rust"]) * 1e9
        results[key] = {"steps_per_cpu_s": med, "steps_per_game": length,
                        "python_overhead_ns_per_step": overhead_ns,
                        "python_overhead_us_per_call":
                            overhead_ns * args.batch / 1000}
        line = [f"{key:<13}", f"tabula {med['tabula']:>12,.0f}",
                f"in Rust {med['tabula_rust']:>12,.0f}",
                f"overhead {overhead_ns:>7.0f} ns/step"]
        for c in ("openspiel", "openspiel_obs", "pgx"):
            if c in med:
                line.append(f"{c} {med[c]:>10,.0f} (x{med['tabula'] / med[c]:.1f})")
        print("  ".join(line), flush=True)
        print(f"{'':<13}  steps a game: " + ", ".join(
            f"{c} {v:.1f}" for c, v in length.items() if v == v), flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"machine": machine(), "args": vars(args), "results": results}, f,
                      indent=1)


if __name__ == "__main__":
    np.seterr(all="ignore")
    main()
