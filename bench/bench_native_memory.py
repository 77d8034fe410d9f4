"""Memory of a process playing many games with the native core (issue 44: flat over a million games): greedy
Skirmish games in chunks of 500 through the core's batch call (what a sweep worker does), the resident set size
(RSS) after the first chunk and after every tenth of the run. Prints `name value` lines: the games played, the RSS
at the start and the end in MB, the largest growth after the start, and the games per second.
`python -m bench native_memory`, or `python bench/bench_native_memory.py [GAMES]` (default 100,000; the issue's
figure is a million: about five minutes on one core).
"""

from __future__ import annotations

import os
import sys
import time

import numpy as np


def _rss_mb() -> float:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def main(games: int = 100_000) -> None:
    from hoplostat.catalog import load
    from hoplostat.engine import native
    from hoplostat.engine.loop import GameSpec, mode_class
    from hoplostat.policies import make

    if not native.available():
        print(f"# the native core is not available: {native.why_unavailable()}", flush=True)
        return
    cat = load()
    facs = sorted(cat.factions)
    cls = mode_class("skirmish")
    handle = native.export_catalog(cat)
    chunk = 500
    marks = []
    t0 = time.perf_counter()
    for k in range(0, games, chunk):
        batch = []
        for i in range(k, min(games, k + chunk)):
            rng = np.random.default_rng(i)
            spec = cls.validate(cat, GameSpec("skirmish", (facs[i % len(facs)], facs[(i // 8 + 1) % len(facs)]),
                                              ("pozzuoli", "colosseum")[i % 2]))
            batch.append(native._game_args(spec, rng, [make("greedy", rng=rng), make("greedy", rng=rng)]))
        native.module().play(handle, batch)
        if k == 0 or (k // chunk) % max(1, games // chunk // 10) == 0:
            marks.append(_rss_mb())
    marks.append(_rss_mb())
    dt = time.perf_counter() - t0
    print(f"native_memory_games {games}", flush=True)
    print(f"native_memory_rss_start_mb {marks[0]:.1f}", flush=True)
    print(f"native_memory_rss_end_mb {marks[-1]:.1f}", flush=True)
    print(f"native_memory_growth_mb {max(marks) - marks[0]:.1f}", flush=True)
    print(f"native_memory_games_per_s {games / dt:.0f}", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000)
