"""Engine speed: full Skirmish games per second on one core (issue 5 target: greedy >= 50/s, aim 200).

Prints `name value` lines. Games cycle through faction pairs with seeds 0..n-1.
"""

from __future__ import annotations

import time

import numpy as np


def _games_per_s(cat, policy: str, arena: str, n: int) -> tuple[float, float]:
    from hoplostat.engine.modes.skirmish import play_game
    from hoplostat.policies import make

    factions = list(cat.factions)
    rounds = 0
    t0 = time.perf_counter()
    for i in range(n):
        rng = np.random.default_rng(i)
        pair = [factions[i % len(factions)], factions[(i * 3 + 1) % len(factions)]]
        r = play_game(cat, "skirmish", pair, arena, [make(policy, rng=rng), make(policy, rng=rng)], rng=rng)
        rounds += r.rounds
    dt = time.perf_counter() - t0
    return n / dt, rounds / n


def main() -> None:
    import hoplostat.engine  # noqa: F401
    from hoplostat.catalog import load

    cat = load()
    _games_per_s(cat, "greedy", "pozzuoli", 10)  # warm the odds and PMF caches
    for policy, n in (("random", 200), ("greedy", 200)):
        gps, rounds = _games_per_s(cat, policy, "pozzuoli", n)
        print(f"skirmish_pozzuoli_{policy}_games_per_s {gps:.1f}")
        print(f"skirmish_pozzuoli_{policy}_mean_rounds {rounds:.1f}")


if __name__ == "__main__":
    main()
