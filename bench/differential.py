"""A larger differential run than CI's (docs/native.md): N seeded Skirmish games per arena for a pair of players,
each played by the Python engine and by the native core and compared whole (result, statistics, the generator
after). `python bench/differential.py N [PLAYERS] [--jobs J] [--first SEED] [--log]`, e.g.
`python bench/differential.py 1000 lookahead,greedy --jobs 2`. Prints the games compared, the seconds taken and
the first difference (exit status 1) if any.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _chunk(seeds: list[int], arena: str, players: tuple[str, ...], log: bool) -> str | None:
    from hoplostat.catalog import load
    from tests.native.test_native_games import _game, first_difference

    cat = load((), use_env=False)
    for seed in seeds:
        a, sa = _game(cat, "python", seed, arena, players, log=log)
        b, sb = _game(cat, "native", seed, arena, players, log=log)
        diff = first_difference(a, b, seed, arena)
        if diff is None and sa != sb:
            diff = f"seed {seed} {arena}: the generator is left at another position"
        if diff is not None:
            return diff
    return None


def main(argv: list[str]) -> int:
    from joblib import Parallel, delayed

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("n", type=int)
    p.add_argument("players", nargs="?", default="greedy,greedy")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--first", type=int, default=100_000)
    p.add_argument("--log", action="store_true", help="compare the narration too")
    a = p.parse_args(argv)
    players = tuple(a.players.split(","))
    t0 = time.perf_counter()
    size = max(1, a.n // (8 * a.jobs))
    tasks = [(list(range(s, min(a.first + a.n, s + size))), arena) for arena in ("pozzuoli", "colosseum")
             for s in range(a.first, a.first + a.n, size)]
    found = Parallel(n_jobs=a.jobs)(delayed(_chunk)(seeds, arena, players, a.log) for seeds, arena in tasks)
    bad = [d for d in found if d]
    print(f"differential {','.join(players)}: {2 * a.n} games compared (seeds {a.first}..{a.first + a.n - 1} on "
          f"each arena) in {time.perf_counter() - t0:.0f} s; {len(bad)} chunk(s) differ")
    for d in bad[:3]:
        print(d)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
