"""Sweep machinery: scaling from 1 to 2 jobs, and its overhead over bare playouts.

Targets (issue 6): two jobs play at least 1.7x the games per second of one;
the machinery (seeding, chunking, parquet writes, manifest) costs under 5% of
the playout time. Bare and sweep runs alternate and the best of three counts,
so load from other processes skews both alike; the jobs=1 overhead is measured
in CPU time of this process.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from hoplostat import sweep as sw
from hoplostat.catalog import load


def _bare(cat, config) -> None:
    for m in config.matchups():
        for g in range(config.games):
            sw.play_one(cat, config, m, g)


def _sweep(config, jobs: int) -> None:
    with tempfile.TemporaryDirectory() as d:
        sw.run(config, Path(d) / "out", jobs=jobs)


def main() -> None:
    import polars  # noqa: F401  (one-time import cost is not per-game overhead)

    cat = load()
    config = sw.SweepConfig(factions=("kunlun", "amazons", "lamosians"), arenas=("pozzuoli",), games=100, seed=1,
                            chunk=50, catalog_hash=cat.hash)
    n_games = len(config.matchups()) * config.games
    _bare(cat, sw.SweepConfig(factions=config.factions, arenas=config.arenas, games=2))  # warm caches
    cpu = {"bare": [], "sweep1": []}
    wall = {"sweep1": [], "sweep2": []}
    for _ in range(3):
        c0 = time.process_time()
        _bare(cat, config)
        cpu["bare"].append(time.process_time() - c0)
        c0, w0 = time.process_time(), time.perf_counter()
        _sweep(config, 1)
        cpu["sweep1"].append(time.process_time() - c0)
        wall["sweep1"].append(time.perf_counter() - w0)
        w0 = time.perf_counter()
        _sweep(config, 2)
        wall["sweep2"].append(time.perf_counter() - w0)
    bare, s1 = min(cpu["bare"]), min(cpu["sweep1"])
    print(f"bare_playouts_games_per_cpu_s {n_games / bare:.1f}")
    print(f"sweep_jobs1_games_per_s {n_games / min(wall['sweep1']):.1f}")
    print(f"sweep_jobs2_games_per_s {n_games / min(wall['sweep2']):.1f}")
    print(f"sweep_speedup_2_jobs {min(wall['sweep1']) / min(wall['sweep2']):.2f}")
    print(f"sweep_overhead_jobs1_pct {100 * (s1 - bare) / bare:.1f}")


if __name__ == "__main__":
    main()
