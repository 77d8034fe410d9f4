"""The strongest rung against the rungs below it, per Skirmish arena (issue 45 targets: at least 85% against
greedy and 65% against lookahead:8 on each arena, at no more than 2 s per game on one core).

For each arena, plays the ladder pairings RUNG against greedy and RUNG against lookahead:8 (paired games, seats
swapped on the same seed, factions drawn from all) on one core, and greedy against greedy as the reference of
the same run, and prints `name value` lines: each pairing's score with its 95% Wilson interval, seconds per
game, and the seconds per game as a ratio to greedy's. Needs the native core (search:N is played by it only).
`python -m bench search`, or `python bench/bench_search.py [GAMES] [RUNG]` (GAMES per pairing and arena,
default 100; RUNG default search:512).
"""

from __future__ import annotations

import sys
import time


def _pairing(arena: str, players: tuple[str, str], games: int, seed: int):
    """(score row, seconds per game) of `players` (weaker first) on one core."""
    from hoplostat.ladder import LadderConfig, ladder_table, run_ladder

    cfg = LadderConfig("skirmish", players, games=games, seed=seed, arenas=(arena,), adjacent=True)
    t0 = time.perf_counter()
    frame = run_ladder(cfg, jobs=1)
    took = time.perf_counter() - t0
    (row,) = ladder_table(frame).to_dicts()
    return row, took / frame.height


def main(games: int = 100, rung: str = "search:512") -> None:
    from hoplostat.engine import native

    if not native.available():
        print(f"# skipped: {native.why_unavailable()}", flush=True)
        return
    games += games % 2
    _pairing("pozzuoli", ("greedy", "greedy"), 10, 1)  # load the catalog and the core's once, outside the timing
    for arena in ("pozzuoli", "colosseum"):
        _, ref = _pairing(arena, ("greedy", "greedy"), max(games, 200), 11)
        print(f"{arena}_greedy_vs_greedy_s_per_game {ref:.5f}", flush=True)
        for below in ("greedy", "lookahead:8"):
            row, per_game = _pairing(arena, (below, rung), games, 45)
            name = f"{arena}_{rung}_vs_{below}".replace(":", "_")
            print(f"{name}_score {row['score']:.3f} [{row['score_lo']:.3f}, {row['score_hi']:.3f}] "
                  f"({row['games']} games)", flush=True)
            print(f"{name}_s_per_game {per_game:.3f}", flush=True)
            print(f"{name}_time_ratio_to_greedy {per_game / ref:.1f}", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100, sys.argv[2] if len(sys.argv) > 2 else "search:512")
