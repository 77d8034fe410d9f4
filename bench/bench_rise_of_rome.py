"""Greedy games per second of Rise of Rome (`rise-of-rome`, player against player), one core, beside
Remastered Skirmish on Pozzuoli in the same run as the reference (issue target: at least 50 games/s).

Prints `name value` lines: `rise_of_rome_games_per_s`, `skirmish_pozzuoli_games_per_s` and
`rise_of_rome_vs_skirmish` (ratio). `python -m bench rise_of_rome`, or `python bench/bench_rise_of_rome.py [N]`.
CPU time of the games only (the faster of three alternating rounds of each), seeds 0..N-1.
"""

from __future__ import annotations

import sys
import time

import numpy as np

from hoplostat.catalog import load
from hoplostat.engine.loop import GameSpec, play
from hoplostat.policies import make


def _rate(cat, specs, n: int) -> float:
    for i in range(3):  # warm the caches
        rng = np.random.default_rng(10_000 + i)
        play(cat, specs(i), [make("greedy", rng=rng), make("greedy", rng=rng)], rng=rng)
    t0 = time.process_time()
    for i in range(n):
        rng = np.random.default_rng(i)
        play(cat, specs(i), [make("greedy", rng=rng), make("greedy", rng=rng)], rng=rng)
    return n / (time.process_time() - t0)


def main(n: int = 200) -> None:
    ror = load((), use_env=False, ruleset="rise-of-rome")
    rem = load((), use_env=False)
    facs = sorted(rem.factions)
    pairs = [(a, b) for i, a in enumerate(facs) for b in facs[i + 1:]]
    cities = [("rome", "pompeii"), ("pompeii", "rome")]
    best_r = best_s = 0.0
    for _ in range(3):
        best_r = max(best_r, _rate(ror, lambda i: GameSpec("rise-of-rome", cities[i % 2]), n))
        best_s = max(best_s, _rate(rem, lambda i: GameSpec("skirmish", pairs[i % len(pairs)], "pozzuoli", first=i % 2), n))
    print(f"rise_of_rome_games_per_s {best_r:.1f}")
    print(f"skirmish_pozzuoli_games_per_s {best_s:.1f}")
    print(f"rise_of_rome_vs_skirmish {best_r / best_s:.3f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
