"""Dice and odds speed: exact PMFs, inverse-CDF sampling, CLI start-up.

Targets (issue 2): 10-die PMF <= 20 us/call; >= 2e7 sampled attacks/s per core;
`hoplostat --help` and `hoplostat odds 532` under 1 s.
"""

from __future__ import annotations

import subprocess
import sys
import time
import timeit

import numpy as np

from hoplostat import dice, odds
from hoplostat.dice import parse_pool


def _best_us(fn, number: int, repeat: int = 5) -> float:
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number * 1e6


def main() -> None:
    pool10 = parse_pool("2red+2black+2green+2blue+2yellow")
    print(f"pmf_10dice_uncached_us {_best_us(lambda: dice._hit_pmf_uncached(pool10), 2000):.2f}")
    print(f"pmf_10dice_cached_us {_best_us(lambda: dice.hit_pmf(pool10), 20000):.3f}")
    print(f"exact_weights_10dice_uncached_us {_best_us(lambda: dice.hit_weights.__wrapped__(pool10), 500):.1f}")
    att = odds.Attack(pool10, reroll=2, bonus=1, reduce=1)
    print(f"exact_damage_reroll2_10dice_uncached_us {_best_us(lambda: odds.damage_weights.__wrapped__(att), 50):.0f}")

    rng = np.random.default_rng(0)
    n = 10_000_000
    for label, text in (("1die", "yellow"), ("3dice", "532"), ("10dice", str(pool10)), ("60dice", "60blue")):
        pmf = dice.hit_pmf(parse_pool(text))
        table = dice.inverse_cdf_table(pmf)
        dice.sample_pmf(pmf, 1000, rng=rng, table=table)
        best = min(timeit.repeat(lambda: dice.sample_pmf(pmf, n, rng=rng, table=table), number=1, repeat=3))
        print(f"sample_attacks_per_s_{label} {n / best:.3g}")
    best = min(timeit.repeat(lambda: rng.random(n), number=1, repeat=3))
    print(f"numpy_uniforms_per_s_reference {n / best:.3g}")

    for label, args in (("help", ["--help"]), ("odds_532", ["odds", "532"])):
        times = []
        for _ in range(3):
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-c", "from hoplostat.cli import main; main()", *args],
                           check=True, capture_output=True)
            times.append(time.perf_counter() - t0)
        print(f"cli_{label}_s {min(times):.3f}")


if __name__ == "__main__":
    main()
