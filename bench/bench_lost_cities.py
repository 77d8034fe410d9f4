"""Greedy games per second of The Lost Cities (`lost-cities`, player against player), one core, beside
Remastered Skirmish on Pozzuoli in the same run as the reference (issue target: at least 50 games/s).

Prints `name value` lines: `lost_cities_games_per_s`, `skirmish_pozzuoli_games_per_s`,
`lost_cities_vs_skirmish` (ratio), `lost_cities_mean_rounds`, and the board game's
`lost_cities_board_<n>p_games_per_s` for one, two and three players (one greedy player plays every seat). `python -m bench lost_cities`, or
`python bench/bench_lost_cities.py [N]`. CPU time of the games only (the faster of three alternating rounds of
each), seeds 0..N-1.
"""

from __future__ import annotations

import sys
import time

import numpy as np

from hoplostat.catalog import load
from hoplostat.engine.loop import GameSpec, play
from hoplostat.policies import make


def _rate(cat, specs, n: int, rounds: list[int] | None = None) -> float:
    for i in range(3):  # warm the caches
        rng = np.random.default_rng(10_000 + i)
        play(cat, specs(i), [make("greedy", rng=rng), make("greedy", rng=rng)], rng=rng)
    t0 = time.process_time()
    for i in range(n):
        rng = np.random.default_rng(i)
        res = play(cat, specs(i), [make("greedy", rng=rng), make("greedy", rng=rng)], rng=rng)
        if rounds is not None:
            rounds.append(res.rounds)
    return n / (time.process_time() - t0)


def main(n: int = 200) -> None:
    tlc = load((), use_env=False, ruleset="lost-cities")
    rem = load((), use_env=False)
    facs = sorted(rem.factions)
    pairs = [(a, b) for i, a in enumerate(facs) for b in facs[i + 1:]]
    cities = sorted(tlc.factions)
    city_pairs = [(a, b) for a in cities for b in cities if a != b]
    best_t = best_s = 0.0
    rounds: list[int] = []
    for k in range(3):
        best_t = max(best_t, _rate(tlc, lambda i: GameSpec("lost-cities", city_pairs[i % len(city_pairs)]), n,
                                   rounds if k == 0 else None))
        best_s = max(best_s, _rate(rem, lambda i: GameSpec("skirmish", pairs[i % len(pairs)], "pozzuoli", first=i % 2), n))
    print(f"lost_cities_games_per_s {best_t:.1f}")
    print(f"skirmish_pozzuoli_games_per_s {best_s:.1f}")
    print(f"lost_cities_vs_skirmish {best_t / best_s:.3f}")
    print(f"lost_cities_mean_rounds {sum(rounds) / len(rounds):.1f}")
    from itertools import combinations

    for n_players in (1, 2, 3):
        teams = list(combinations(cities, n_players))
        best = 0.0
        for _ in range(3):
            t0 = time.process_time()
            for i in range(n // 4):
                rng = np.random.default_rng(i)
                play(tlc, GameSpec("lost-cities-board", teams[i % len(teams)]), [make("greedy", rng=rng)], rng=rng)
            best = max(best, (n // 4) / (time.process_time() - t0))
        print(f"lost_cities_board_{n_players}p_games_per_s {best:.1f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
