"""Greedy games per second of Rise of Rome (`rise-of-rome`, player against player; `rise-of-rome-titan`, solo
and co-op against each titan in turn), one core, beside Remastered Skirmish on Pozzuoli in the same run as the
reference (issue target: at least 50 games/s for `rise-of-rome`).

Prints `name value` lines: `rise_of_rome_games_per_s`, `rise_of_rome_titan_games_per_s`,
`skirmish_pozzuoli_games_per_s`, `rise_of_rome_vs_skirmish` and `rise_of_rome_titan_vs_skirmish` (ratios). `python -m bench rise_of_rome`, or `python bench/bench_rise_of_rome.py [N]`.
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
    def one(seed: int, spec: GameSpec) -> None:
        rng = np.random.default_rng(seed)
        play(cat, spec, [make("greedy", rng=rng) for _ in spec.factions], rng=rng)

    for i in range(3):  # warm the caches
        one(10_000 + i, specs(i))
    t0 = time.process_time()
    for i in range(n):
        one(i, specs(i))
    return n / (time.process_time() - t0)


def main(n: int = 200) -> None:
    ror = load((), use_env=False, ruleset="rise-of-rome")
    rem = load((), use_env=False)
    facs = sorted(rem.factions)
    pairs = [(a, b) for i, a in enumerate(facs) for b in facs[i + 1:]]
    cities = [("rome", "pompeii"), ("pompeii", "rome")]
    titans = sorted(ror.titans)
    teams = [("rome",), ("pompeii",), ("rome", "pompeii")]

    def titan_spec(i: int) -> GameSpec:
        return GameSpec("rise-of-rome-titan", teams[i % 3], titan=titans[(i // 3) % len(titans)])

    best_r = best_t = best_s = 0.0
    for _ in range(3):
        best_r = max(best_r, _rate(ror, lambda i: GameSpec("rise-of-rome", cities[i % 2]), n))
        best_t = max(best_t, _rate(ror, titan_spec, n))
        best_s = max(best_s, _rate(rem, lambda i: GameSpec("skirmish", pairs[i % len(pairs)], "pozzuoli", first=i % 2), n))
    print(f"rise_of_rome_games_per_s {best_r:.1f}")
    print(f"rise_of_rome_titan_games_per_s {best_t:.1f}")
    print(f"skirmish_pozzuoli_games_per_s {best_s:.1f}")
    print(f"rise_of_rome_vs_skirmish {best_r / best_s:.3f}")
    print(f"rise_of_rome_titan_vs_skirmish {best_t / best_s:.3f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
