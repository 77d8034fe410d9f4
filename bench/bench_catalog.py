"""Benchmark: uncached load + validation of the whole default catalog.

Prints one line `catalog_load_s <seconds>` (best of several runs; target < 0.3 s).
Run as `python bench/bench_catalog.py`.
"""

from __future__ import annotations

import time


def main(repeats: int = 7) -> float:
    from hoplostat.catalog import default_data_dir, load_dirs

    load_dirs([default_data_dir()])  # warm imports (numpy via dice) outside the timing
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        load_dirs([default_data_dir()])
        best = min(best, time.perf_counter() - t0)
    print(f"catalog_load_s {best:.4f}")
    return best


if __name__ == "__main__":
    main()
