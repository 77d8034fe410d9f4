"""Sweep machinery: scaling from 1 to 2 jobs, and its overhead over bare playouts.

Targets (issue 6): two jobs play at least 1.7x the games per second of one;
the machinery (seeding, chunking, parquet writes, manifest) costs under 5% of
the playout time.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from hoplostat import sweep as sw
from hoplostat.catalog import load


def main() -> None:
    cat = load()
    config = sw.SweepConfig(factions=("kunlun", "amazons", "lamosians"), arenas=("pozzuoli",), games=40, seed=1,
                            chunk=20, catalog_hash=cat.hash)
    n_games = len(config.matchups()) * config.games
    # bare playouts: the same games, no machinery
    t0 = time.perf_counter()
    for m in config.matchups():
        for g in range(config.games):
            sw.play_one(cat, config, m, g)
    bare = time.perf_counter() - t0
    print(f"bare_playouts_games_per_s {n_games / bare:.1f}")
    times = {}
    for jobs in (1, 2):
        with tempfile.TemporaryDirectory() as d:
            t0 = time.perf_counter()
            sw.run(config, Path(d) / "out", jobs=jobs)
            times[jobs] = time.perf_counter() - t0
        print(f"sweep_jobs{jobs}_games_per_s {n_games / times[jobs]:.1f}")
    print(f"sweep_speedup_2_jobs {times[1] / times[2]:.2f}")
    print(f"sweep_overhead_jobs1_pct {100 * (times[1] - bare) / bare:.1f}")


if __name__ == "__main__":
    main()
