"""Greedy games per second of one Origins challenge (`origins --arena ...`: the draft of two lineups of eight,
then one challenge, the three arenas in turn), one core, beside Remastered Skirmish on Pozzuoli in the same run
as the reference (issue target: at least 50 games/s); and of the whole match of three challenges.

Prints `name value` lines: `origins_challenge_games_per_s`, `origins_match_games_per_s`,
`skirmish_pozzuoli_games_per_s` and `origins_challenge_vs_skirmish` (ratio). `python -m bench origins`, or
`python bench/bench_origins.py [N]`. CPU time of the games only (the faster of three alternating rounds of each),
seeds 0..N-1.
"""

from __future__ import annotations

import sys
import time

import numpy as np

from hoplostat.catalog import load
from hoplostat.engine.loop import GameSpec, play
from hoplostat.policies import make

HOUSES = ("red-house", "blue-house")
ARENAS = ("xanadu", "el-dorado", "atlantis")


def _rate(cat, specs, n: int) -> float:
    for i in range(3):  # warm the caches
        rng = np.random.default_rng(10_000 + i)
        play(cat, specs(i), [make("greedy", rng=rng), make("greedy", rng=rng)], rng=rng)
    t0 = time.process_time()
    for i in range(n):
        rng = np.random.default_rng(i)
        play(cat, specs(i), [make("greedy", rng=rng), make("greedy", rng=rng)], rng=rng)
    return n / (time.process_time() - t0)


def main(n: int = 150) -> None:
    ori = load((), use_env=False, ruleset="origins")
    rem = load((), use_env=False)
    facs = sorted(rem.factions)
    pairs = [(a, b) for i, a in enumerate(facs) for b in facs[i + 1:]]
    best_c = best_m = best_s = 0.0
    for _ in range(3):
        best_c = max(best_c, _rate(ori, lambda i: GameSpec("origins", HOUSES, ARENAS[i % 3], first=(i // 3) % 2), n))
        best_m = max(best_m, _rate(ori, lambda i: GameSpec("origins", HOUSES, "match", first=i % 2), n // 3))
        best_s = max(best_s, _rate(rem, lambda i: GameSpec("skirmish", pairs[i % len(pairs)], "pozzuoli", first=i % 2), n))
    print(f"origins_challenge_games_per_s {best_c:.1f}")
    print(f"origins_match_games_per_s {best_m:.1f}")
    print(f"skirmish_pozzuoli_games_per_s {best_s:.1f}")
    print(f"origins_challenge_vs_skirmish {best_c / best_s:.3f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 150)
