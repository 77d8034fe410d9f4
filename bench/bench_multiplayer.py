"""Pandemonium and Alliance speed beside two-player Skirmish in the same run (issue aim: at least 30 greedy
games per second per core for 4-player Pandemonium).

Prints `name value` lines, and the ratio of each mode's games per second to Skirmish's on Pozzuoli measured
in this run. Games cycle through seeded draws of factions (the same games every run). `python -m bench
multiplayer`, or `python bench/bench_multiplayer.py [N]`.
"""

from __future__ import annotations

import sys
import time

import numpy as np


def _games_per_s(cat, mode: str, players: int, n: int) -> tuple[float, float]:
    from hoplostat.engine.loop import GameSpec, play
    from hoplostat.policies import make

    facs = sorted(cat.factions)
    rounds = 0
    t0 = time.perf_counter()
    for i in range(n):
        rng = np.random.default_rng(i)
        pod = tuple(facs[j] for j in rng.choice(len(facs), players, replace=False))
        r = play(cat, GameSpec(mode, pod, "pozzuoli"), [make("greedy", rng=rng) for _ in pod], rng=rng)
        rounds += r.rounds
    return n / (time.perf_counter() - t0), rounds / n


def main(n: int = 200) -> None:
    from hoplostat.catalog import load

    cat = load()
    for mode, players in (("skirmish", 2), ("pandemonium", 3)):
        _games_per_s(cat, mode, players, 10)  # warm the odds and PMF caches
    ref, ref_rounds = _games_per_s(cat, "skirmish", 2, n)
    print(f"skirmish_pozzuoli_greedy_games_per_s {ref:.1f}", flush=True)
    print(f"skirmish_pozzuoli_greedy_mean_rounds {ref_rounds:.1f}", flush=True)
    for mode, players in (("pandemonium", 3), ("pandemonium", 4), ("alliance", 4)):
        gps, rounds = _games_per_s(cat, mode, players, n)
        print(f"{mode}_{players}p_greedy_games_per_s {gps:.1f}", flush=True)
        print(f"{mode}_{players}p_greedy_mean_rounds {rounds:.1f}", flush=True)
        print(f"{mode}_{players}p_vs_skirmish_ratio {gps / ref:.2f}", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
