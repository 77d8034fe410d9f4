"""Ascension speed: greedy solo games per second on one core (issue 9 aim: 100).

Prints `ascension_solo_greedy_games_per_s N` (games over the six titans, round cap 60).
"""

from __future__ import annotations

import time


def main(games: int = 60) -> float:
    import numpy as np

    from hoplostat.catalog import load
    from hoplostat.rulesets.remastered.ascension import play_ascension
    from hoplostat.policies import GreedyController

    cat = load()
    titans = list(cat.titans)
    factions = list(cat.factions)
    play_ascension(cat, titans[0], [factions[0]], [GreedyController(np.random.default_rng(0))],
                   rng=np.random.default_rng(0))  # warm caches
    rounds = 0
    t0 = time.perf_counter()
    for i in range(games):
        rng = np.random.default_rng(i)
        r = play_ascension(cat, titans[i % len(titans)], [factions[i % len(factions)]], [GreedyController(rng)],
                           rng=rng)
        rounds += r.rounds
    rate = games / (time.perf_counter() - t0)
    print(f"ascension_solo_greedy_games_per_s {rate:.1f}")
    print(f"ascension_solo_greedy_mean_rounds {rounds / games:.1f}")
    return rate


if __name__ == "__main__":
    main()
