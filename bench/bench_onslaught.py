"""Onslaught speed: whole solo games per second on one core with the greedy policy (issue 8 aim: 100).

Prints `name value` lines. Games cycle through the factions with seeds 0..n-1 (the same games every
run). `python -m bench onslaught`, or `python bench/bench_onslaught.py [N]`.
"""

from __future__ import annotations

import sys
import time

import numpy as np


def _games_per_s(cat, n: int, coop: bool = False) -> tuple[float, float]:
    from hoplostat.rulesets.remastered.onslaught import play_onslaught
    from hoplostat.policies import make

    facs = list(cat.factions)
    rounds = 0
    t0 = time.perf_counter()
    for i in range(n):
        rng = np.random.default_rng(i)
        factions = [facs[i % len(facs)]] + ([facs[(i + 1) % len(facs)]] if coop else [])
        r = play_onslaught(cat, factions, [make("greedy", rng=rng) for _ in factions], rng=rng)
        rounds += r.rounds
    return n / (time.perf_counter() - t0), rounds / n


def main(n: int = 200) -> None:
    from hoplostat.catalog import load

    cat = load()
    _games_per_s(cat, 10)  # warm the odds and PMF caches
    gps, rounds = _games_per_s(cat, n)
    print(f"onslaught_solo_greedy_games_per_s {gps:.1f}", flush=True)
    print(f"onslaught_solo_greedy_mean_rounds {rounds:.1f}", flush=True)
    gps, rounds = _games_per_s(cat, n // 2, coop=True)
    print(f"onslaught_coop_greedy_games_per_s {gps:.1f}", flush=True)
    print(f"onslaught_coop_greedy_mean_rounds {rounds:.1f}", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
