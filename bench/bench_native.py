"""The native core beside the Python engine in the same run (issue 44): the same seeded Skirmish games, played
by each, CPU seconds per game and their ratio, per arena and player; and the core's batch call (one call per chunk
of games, what sweeps use).

Every game is played by both engines from the same seed; the bench checks that they are the same game (winner,
rounds, statistics) and stops if not. Prints `name value` lines: `skirmish_<arena>_<players>_python_ms`,
`..._native_ms` (one game through `engine.loop.play`, Python set-up and result included), `..._ratio`, and
`skirmish_<arena>_<players>_batch_us` (the core alone, per game, in one call of 200 games).
`python -m bench native`, or `python bench/bench_native.py [N]` (N greedy and random games per arena; the
lookahead plays N // 40 + 2).
"""

from __future__ import annotations

import dataclasses
import os
import sys
import time

import numpy as np


def _play(cat, engine: str, seeds, arena: str, players: tuple[str, str]) -> tuple[float, list]:
    """(CPU seconds per game, results) of the seeded games under `engine`."""
    from hoplostat.engine import native
    from hoplostat.engine.loop import GameSpec, play
    from hoplostat.policies import make

    os.environ[native.ENGINE_ENV] = engine
    facs = sorted(cat.factions)
    out = []
    t0 = time.process_time()
    for i in seeds:
        rng = np.random.default_rng(i)
        spec = GameSpec("skirmish", (facs[i % len(facs)], facs[(i // len(facs) + i + 1) % len(facs)]), arena)
        out.append(play(cat, spec, [make(p, rng=rng) for p in players], rng=rng))
    return (time.process_time() - t0) / len(seeds), out


def _batch(cat, seeds, arena: str, players: tuple[str, str]) -> float:
    """CPU microseconds per game of the core alone: the games prepared first, then one call."""
    from hoplostat.engine import native
    from hoplostat.engine.loop import GameSpec, mode_class
    from hoplostat.policies import make

    facs = sorted(cat.factions)
    games = []
    for i in seeds:
        rng = np.random.default_rng(i)
        spec = GameSpec("skirmish", (facs[i % len(facs)], facs[(i // len(facs) + i + 1) % len(facs)]), arena)
        spec = mode_class("skirmish").validate(cat, spec)
        games.append(native._game_args(spec, rng, [make(p, rng=rng) for p in players]))
    handle = native.export_catalog(cat)
    t0 = time.process_time()
    native.module().play(handle, games)
    return (time.process_time() - t0) / len(seeds) * 1e6


def main(n: int = 400) -> None:
    from hoplostat.catalog import load
    from hoplostat.engine import native

    if not native.available():
        print(f"# the native core is not available: {native.why_unavailable()}", flush=True)
        return
    cat = load()
    _play(cat, "python", range(3), "pozzuoli", ("greedy", "greedy"))  # warm the odds caches
    _play(cat, "native", range(3), "pozzuoli", ("greedy", "greedy"))
    for players, games in ((("random", "random"), n), (("greedy", "greedy"), n), (("lookahead", "greedy"), n // 40 + 2)):
        for arena in ("pozzuoli", "colosseum"):
            seeds = range(1000, 1000 + games)
            py, a = _play(cat, "python", seeds, arena, players)
            nat, b = _play(cat, "native", range(1000, 1000 + games * 5) if games >= 100 else seeds, arena, players)
            for x, y in zip(a, b):
                dx, dy = dataclasses.asdict(x), dataclasses.asdict(y)
                dx.pop("engine"), dy.pop("engine")
                if dx != dy:
                    raise SystemExit(f"the engines played different games ({arena}, {players}): a bug, see "
                                     "tests/native/test_native_games.py")
            name = f"skirmish_{arena}_{'_'.join(p.replace(':', '') for p in players)}"
            print(f"{name}_python_ms {py * 1000:.3f}", flush=True)
            print(f"{name}_native_ms {nat * 1000:.3f}", flush=True)
            print(f"{name}_ratio {py / nat:.1f}", flush=True)
            if games >= 100:
                print(f"{name}_batch_us {_batch(cat, range(2000, 2200), arena, players):.1f}", flush=True)
    os.environ.pop(native.ENGINE_ENV, None)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 400)
