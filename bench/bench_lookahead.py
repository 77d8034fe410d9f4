"""The lookahead player's speed beside greedy's in the same run (issue 14 aim: at least 2 Skirmish games per
second per core, greedy against lookahead at its default budget).

Plays the same seeded Skirmish games (factions mirrored, both arenas, the lookahead's seat alternating)
greedy against greedy, then greedy against lookahead, and prints `name value` lines: games per second of
each, their ratio, and the decisions searched per game. `python -m bench lookahead`, or
`python bench/bench_lookahead.py [N] [POLICY]` (POLICY e.g. lookahead:24).
"""

from __future__ import annotations

import sys
import time

import numpy as np


def _games(cat, policy: str, n: int) -> tuple[float, float, float]:
    """(games per second, mean rounds, decisions searched per game) of n games policy against greedy."""
    from hoplostat.engine.loop import GameSpec, play
    from hoplostat.policies import make

    facs = sorted(cat.factions)
    rounds = searched = 0
    t0 = time.perf_counter()
    for i in range(n):
        rng = np.random.default_rng(1000 + i)
        f = facs[(i // 2) % len(facs)]
        seat = (i // 2) % 2
        pols = ["greedy", "greedy"]
        pols[seat] = policy
        ctrls = [make(p, rng=rng) for p in pols]
        r = play(cat, GameSpec("skirmish", (f, f), ("pozzuoli", "colosseum")[i % 2]), ctrls, rng=rng)
        rounds += r.rounds
        searched += getattr(ctrls[seat], "searched", 0)
    return n / (time.perf_counter() - t0), rounds / n, searched / n


def main(n: int = 40, policy: str = "lookahead") -> None:
    from hoplostat.catalog import load

    cat = load()
    _games(cat, "greedy", 10)  # warm the odds and PMF caches
    ref, ref_rounds, _ = _games(cat, "greedy", max(n, 100))
    print(f"skirmish_greedy_vs_greedy_games_per_s {ref:.1f}", flush=True)
    print(f"skirmish_greedy_vs_greedy_mean_rounds {ref_rounds:.1f}", flush=True)
    gps, rounds, searched = _games(cat, policy, n)
    name = policy.replace(":", "_")
    print(f"skirmish_{name}_vs_greedy_games_per_s {gps:.2f}", flush=True)
    print(f"skirmish_{name}_vs_greedy_mean_rounds {rounds:.1f}", flush=True)
    print(f"skirmish_{name}_decisions_searched_per_game {searched:.0f}", flush=True)
    print(f"skirmish_{name}_vs_greedy_ratio {gps / ref:.4f}", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40, sys.argv[2] if len(sys.argv) > 2 else "lookahead")
