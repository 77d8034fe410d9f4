"""The fair lookahead against greedy (issue 49 goals: at least as strong as greedy in every mode and titan, no
titan where it loses significantly, and at least 75% against greedy in Skirmish without seeing hidden camps).

Plays, in one run, lookahead:8 against greedy (Python engine for every mode but Skirmish):
- Skirmish, each arena: paired games (seats swapped on the same seed), its score with the 95% Wilson interval
  (the native core plays them when it is built, else the Python engine, the same games);
- Ascension solo, each titan, and Onslaught solo: greedy and the lookahead on the same seeds (the ladder's solo
  games), each one's success rate with its interval, the paired difference with a 95% interval (normal
  approximation over the per-seed differences), the seeds only one of them won and the sign test's p on them,
  and the mean rounds of each; where the mode scores more than a win (Onslaught's immortals defeated), each
  one's mean score and the paired difference;
- every other mode: its score against greedy in paired games (competitive modes; those also played solo
  against a rival AI, both players' success against it on the same seeds too), or both players' success on the
  same seeds (solo modes).
Prints `name value` lines. `python -m bench lookahead_fair`, or `python bench/bench_lookahead_fair.py
[SKIRMISH_GAMES] [SOLO_GAMES] [JOBS] [OTHER_GAMES]` (per arena; per titan and for Onslaught; workers; per other
mode; defaults 1000, 60, 2, 40).
"""

from __future__ import annotations

import sys
import time

import numpy as np

PLAYER = "lookahead:8"


def _versus(label: str, mode: str, games: int, jobs: int, arenas: tuple[str, ...] = ()) -> None:
    """A competitive mode: lookahead:8 against greedy in paired games (seats swapped on the same seed)."""
    from hoplostat.ladder import LadderConfig, ladder_table, run_ladder

    cfg = LadderConfig(mode, ("greedy", PLAYER), games=games, seed=49, arenas=arenas, adjacent=True)
    t0 = time.perf_counter()
    frame = run_ladder(cfg, jobs=jobs)
    took = time.perf_counter() - t0
    (row,) = ladder_table(frame).to_dicts()
    print(f"{label}_lookahead_vs_greedy_score {row['score']:.3f} [{row['score_lo']:.3f}, {row['score_hi']:.3f}] "
          f"({row['games']} games, {took / frame.height * 1000:.1f} ms per game)", flush=True)


def _paired(label: str, mode: str, games: int, jobs: int, titans: tuple[str, ...] = ()) -> None:
    """A solo or co-op mode: greedy and the lookahead each alone on the same seeds (the ladder's solo games)."""
    from hoplostat.ladder import LadderConfig, run_ladder

    cfg = LadderConfig(mode, ("greedy", PLAYER), games=games, seed=49, titans=titans)
    t0 = time.perf_counter()
    frame = run_ladder(cfg, jobs=jobs)
    _report(label, frame, time.perf_counter() - t0)


def _against_rival(label: str, mode: str, games: int) -> None:
    """A competitive mode also played solo against a rival AI (Condemned, Naumachia: `--players 1`, the default
    set-up): greedy and the lookahead each against the rival on the same seeds (one core)."""
    import polars as pl

    from hoplostat.catalog import load
    from hoplostat.engine.loop import mode_class, play
    from hoplostat.policies import make
    from hoplostat.sweep import mode_catalog

    cls = mode_class(mode)
    catalog = mode_catalog(mode, load((), use_env=False, ruleset=cls.ruleset))
    rows = []
    t0 = time.perf_counter()
    for p in ("greedy", PLAYER):
        for k in range(games):
            ss = np.random.SeedSequence(49, spawn_key=(0x1ADD, k))
            spec = cls.default_spec(catalog, np.random.default_rng(ss))
            rng = np.random.default_rng(np.random.SeedSequence(49, spawn_key=(0x1ADE, k)))
            res = play(catalog, spec, [make(p, rng=rng)], rng=rng)
            rows.append({"p": p, "game": k, "won": res.troops[0].outcome == "won", "rounds": res.rounds})
    _report(label, pl.DataFrame(rows), time.perf_counter() - t0)


def _report(label: str, frame, took: float) -> None:
    """Each player's success rate, the paired difference, the sign test on the seeds only one won, the means of
    the mode's own scores (`x_*` columns)."""
    from scipy.stats import binomtest

    from hoplostat.stats import wilson_interval

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


def main(skirmish_games: int = 1000, solo_games: int = 60, jobs: int = 2, other_games: int = 40) -> None:
    from hoplostat.catalog import load
    from hoplostat.engine import native
    from hoplostat.engine.loop import mode_class, modes
    from hoplostat.engine.mode import COMPETITIVE

    print(f"engine {'native core' if native.available() else 'Python'} (Skirmish)", flush=True)
    for arena in ("pozzuoli", "colosseum"):
        _versus(f"skirmish_{arena}", "skirmish", skirmish_games, jobs, (arena,))
    for titan in sorted(load((), use_env=False).titans):
        _paired(f"ascension_{titan}", "ascension", solo_games, jobs, (titan,))
    _paired("onslaught", "onslaught", solo_games, jobs)
    for mode in modes():  # every other mode: at least as strong as greedy?
        if mode in ("skirmish", "ascension", "onslaught") or not mode_class(mode).__module__.startswith("hoplostat."):
            continue
        if mode_class(mode).analysis in COMPETITIVE:
            _versus(mode, mode, other_games, jobs)
            if min(mode_class(mode).seats) == 1:
                _against_rival(f"{mode}_solo", mode, other_games)
        else:
            _paired(mode, mode, other_games, jobs)


if __name__ == "__main__":
    a = [int(x) for x in sys.argv[1:5]]
    main(*a)
