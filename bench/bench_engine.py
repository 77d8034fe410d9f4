"""Engine speed: full Skirmish games per second on one core (issue 5 target: greedy >= 50/s, aim 200).

Prints `name value` lines per arena and policy. Games cycle through the faction pairs with seeds
0..n-1 (the same games every run). `python -m bench engine`, or `python bench/bench_engine.py [N]`.
"""

from __future__ import annotations

import sys
import time

import numpy as np

ARENAS = ("pozzuoli", "colosseum")


def _pairs(cat) -> list[tuple[str, str]]:
    f = list(cat.factions)
    return [(a, b) for i, a in enumerate(f) for b in f[i + 1 :]]


def _games_per_s(cat, policy: str, arena: str, n: int) -> tuple[float, float]:
    from hoplostat.rulesets.remastered.skirmish import play_game
    from hoplostat.policies import make

    pairs = _pairs(cat)
    rounds = 0
    t0 = time.perf_counter()
    for i in range(n):
        rng = np.random.default_rng(i)
        pair = list(pairs[i % len(pairs)])
        r = play_game(cat, "skirmish", pair, arena, [make(policy, rng=rng), make(policy, rng=rng)], rng=rng)
        rounds += r.rounds
    dt = time.perf_counter() - t0
    return n / dt, rounds / n


def main(n: int = 200) -> None:
    from hoplostat.catalog import load

    cat = load()
    for arena in ARENAS:
        _games_per_s(cat, "greedy", arena, 10)  # warm the odds and PMF caches
    for arena in ARENAS:
        for policy in ("random", "greedy"):
            gps, rounds = _games_per_s(cat, policy, arena, n)
            print(f"skirmish_{arena}_{policy}_games_per_s {gps:.1f}", flush=True)
            print(f"skirmish_{arena}_{policy}_mean_rounds {rounds:.1f}", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
