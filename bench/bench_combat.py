"""Combat speed: simple duels per second per core; the full non-elite duel matrix.

Targets (issue 4): >= 3e6 simple duels/s per core (a plain numpy sketch does
about 3.5e6 here); all non-elite default units, 10,000 trials per pair and
order, under 60 s with 2 jobs.
"""

from __future__ import annotations

import time

import numpy as np

from hoplostat.combat import exact_duel, fighter_from_unit, parse_fighter_spec, simulate_duel


def _sketch(n: int, rng: np.random.Generator) -> None:
    """The reference: a straightforward numpy duel loop (532 with 5 HP vs 2black with 5 HP)."""
    from hoplostat.dice import hit_pmf, parse_pool

    ca = np.cumsum(hit_pmf(parse_pool("532")))[:-1]
    cb = np.cumsum(hit_pmf(parse_pool("2black")))[:-1]
    ha = np.full(n, 5)
    hb = np.full(n, 5)
    alive = np.ones(n, dtype=bool)
    while alive.any():
        hb -= np.where(alive, np.searchsorted(ca, rng.random(n), side="right"), 0)
        alive &= hb > 0
        ha -= np.where(alive, np.searchsorted(cb, rng.random(n), side="right"), 0)
        alive &= ha > 0


def main() -> None:
    a, b = parse_fighter_spec("hp=5,attack=532"), parse_fighter_spec("hp=5,attack=2black")
    rng = np.random.default_rng(0)
    n = 2_000_000
    simulate_duel(a, b, 1000, rng=rng)
    best = min(_timed(lambda: simulate_duel(a, b, n, rng=rng)) for _ in range(3))
    print(f"simple_duels_per_s {n / best:.3g}")
    ref = min(_timed(lambda: _sketch(n, rng)) for _ in range(3))
    print(f"sketch_duels_per_s_reference {n / ref:.3g}")
    print(f"simple_duels_ratio_to_sketch {ref / best:.2f}")
    c = parse_fighter_spec("hp=6,attack=blue+yellow,skills=bloodlust|retaliate|regen 1")
    d = parse_fighter_spec("hp=6,attack=green+blue,skills=absorb|parry")
    best = min(_timed(lambda: simulate_duel(c, d, n, rng=rng)) for _ in range(3))
    print(f"skilled_duels_per_s {n / best:.3g}")
    print(f"exact_duel_ms {min(_timed(lambda: exact_duel(a, b)) for _ in range(5)) * 1e3:.2f}")

    from hoplostat import sweep
    from hoplostat.catalog import load

    cat = load()
    units = [u for f in cat.factions for u in cat.faction_units(f, include_hero=False)]
    fighters = [fighter_from_unit(u, catalog=cat) for u in units]
    for jobs in (1, 2):
        t0 = time.perf_counter()
        sweep.duel_matrix(fighters, trials=10_000, seed=0, jobs=jobs)
        print(f"duel_matrix_{len(units)}units_10k_jobs{jobs}_s {time.perf_counter() - t0:.1f}")


def _timed(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


if __name__ == "__main__":
    main()
