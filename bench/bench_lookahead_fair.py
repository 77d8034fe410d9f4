"""The fair lookahead against greedy (issue 49 goals: at least as strong as greedy in every mode and titan, no
titan where it loses significantly, and at least 75% against greedy in Skirmish without seeing hidden camps).

Plays, in one run, lookahead:8 against greedy:
- Skirmish, each arena: paired games (seats swapped on the same seed), its score with the 95% Wilson interval
  (the native core plays them when it is built, else the Python engine, the same games);
- Ascension solo, each titan, and Onslaught solo: greedy and the lookahead on the same seeds (the ladder's solo
  games), each one's success rate with its interval, the paired difference with a 95% interval (normal
  approximation over the per-seed differences), the seeds only one of them won and the sign test's p on them,
  and the mean rounds of each; where the mode scores more than a win (Onslaught's immortals defeated), each
  one's mean score and the paired difference.
Prints `name value` lines. `python -m bench lookahead_fair`, or `python bench/bench_lookahead_fair.py
[SKIRMISH_GAMES] [SOLO_GAMES] [JOBS]` (per arena; per titan and for Onslaught; defaults 1000, 60, 2).
"""

from __future__ import annotations

import sys
import time

import numpy as np

PLAYER = "lookahead:8"


def _skirmish(arena: str, games: int, jobs: int) -> None:
    from hoplostat.ladder import LadderConfig, ladder_table, run_ladder

    cfg = LadderConfig("skirmish", ("greedy", PLAYER), games=games, seed=49, arenas=(arena,), adjacent=True)
    t0 = time.perf_counter()
    frame = run_ladder(cfg, jobs=jobs)
    took = time.perf_counter() - t0
    (row,) = ladder_table(frame).to_dicts()
    print(f"skirmish_{arena}_lookahead_vs_greedy_score {row['score']:.3f} [{row['score_lo']:.3f}, "
          f"{row['score_hi']:.3f}] ({row['games']} games, {took / frame.height * 1000:.1f} ms per game)", flush=True)


def _paired(label: str, mode: str, games: int, jobs: int, titans: tuple[str, ...] = ()) -> None:
    from scipy.stats import binomtest

    from hoplostat.ladder import LadderConfig, run_ladder
    from hoplostat.stats import wilson_interval

    cfg = LadderConfig(mode, ("greedy", PLAYER), games=games, seed=49, titans=titans)
    t0 = time.perf_counter()
    frame = run_ladder(cfg, jobs=jobs)
    took = time.perf_counter() - t0
    g = frame.filter(frame["p"] == "greedy").sort("game")
    la = frame.filter(frame["p"] == PLAYER).sort("game")
    gw, lw = g["won"].to_numpy().astype(int), la["won"].to_numpy().astype(int)
    n = len(gw)
    (glo, llo), (ghi, lhi) = wilson_interval(np.array([gw.sum(), lw.sum()]), np.array([n, n]))
    d = lw - gw
    se = d.std(ddof=1) / np.sqrt(n) if n > 1 else 0.0
    only_la, only_g = int((d > 0).sum()), int((d < 0).sum())
    p = binomtest(only_la, only_la + only_g).pvalue if only_la + only_g else 1.0
    print(f"{label}_greedy_rate {gw.mean():.3f} [{glo:.3f}, {ghi:.3f}] ({n} games, {g['rounds'].mean():.1f} rounds)")
    print(f"{label}_lookahead_rate {lw.mean():.3f} [{llo:.3f}, {lhi:.3f}] ({n} games, {la['rounds'].mean():.1f} rounds)")
    print(f"{label}_difference {d.mean():+.3f} [{d.mean() - 1.96 * se:+.3f}, {d.mean() + 1.96 * se:+.3f}] "
          f"(lookahead only {only_la}, greedy only {only_g}, sign test p={p:.3f}; {took / frame.height:.2f} s per game)",
          flush=True)
    for col in (c for c in frame.columns if c.startswith("x_")):  # the mode's score (Onslaught: immortals defeated)
        dx = la[col].to_numpy() - g[col].to_numpy()
        sx = dx.std(ddof=1) / np.sqrt(n) if n > 1 else 0.0
        print(f"{label}_{col[2:]} greedy {g[col].mean():.2f}, lookahead {la[col].mean():.2f}, difference "
              f"{dx.mean():+.2f} [{dx.mean() - 1.96 * sx:+.2f}, {dx.mean() + 1.96 * sx:+.2f}]", flush=True)


def main(skirmish_games: int = 1000, solo_games: int = 60, jobs: int = 2) -> None:
    from hoplostat.catalog import load
    from hoplostat.engine import native

    print(f"engine {'native core' if native.available() else 'Python'} (Skirmish)", flush=True)
    for arena in ("pozzuoli", "colosseum"):
        _skirmish(arena, skirmish_games, jobs)
    for titan in sorted(load((), use_env=False).titans):
        _paired(f"ascension_{titan}", "ascension", solo_games, jobs, (titan,))
    _paired("onslaught", "onslaught", solo_games, jobs)


if __name__ == "__main__":
    a = [int(x) for x in sys.argv[1:4]]
    main(*a)
