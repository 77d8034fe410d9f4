"""Statistics: interval coverage, win-rate bookkeeping, Bradley-Terry recovery."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from hoplostat import stats


def test_wilson_interval_covers_about_95_percent():
    """A synthetic coin with known p: the 95% interval covers p in about 95% of experiments."""
    rng = np.random.default_rng(12)
    for p, n in ((0.5, 200), (0.2, 100), (0.05, 400)):
        wins = rng.binomial(n, p, size=4000)
        lo, hi = stats.wilson_interval(wins, np.full(4000, n))
        coverage = np.mean((lo <= p) & (p <= hi))
        assert 0.93 <= coverage <= 0.97, (p, n, coverage)


def test_wilson_matches_scipy():
    from scipy.stats import binomtest

    lo, hi = stats.wilson_interval(37, 120)
    ci = binomtest(37, 120).proportion_ci(confidence_level=0.95, method="wilson")
    assert lo == pytest.approx(ci.low) and hi == pytest.approx(ci.high)


def _games(rows):
    cols = ["matchup", "arena", "faction_a", "faction_b", "first", "game", "winner", "rounds"]
    frame = pl.DataFrame([dict(zip(cols, r)) for r in rows], schema_overrides={"winner": pl.Utf8})
    extra = {f"{s}_{c}": 0 for s in "ab" for c in ("damage_dealt", "kills", "crowd_favor")}
    return frame.with_columns(*[pl.lit(v).alias(k) for k, v in extra.items()])


def test_win_rates_count_wins_losses_and_draws():
    g = _games([
        ("m", "pozzuoli", "x", "y", "a", 0, "a", 5),
        ("m", "pozzuoli", "x", "y", "b", 1, "b", 5),
        ("m", "colosseum", "x", "y", "a", 2, None, 60),
        ("m", "colosseum", "x", "y", "b", 3, "a", 7),
    ])
    wr = {r["faction"]: r for r in stats.win_rates(g).iter_rows(named=True)}
    assert (wr["x"]["games"], wr["x"]["wins"], wr["x"]["losses"], wr["x"]["draws"]) == (4, 2, 1, 1)
    assert (wr["y"]["wins"], wr["y"]["losses"], wr["y"]["draws"]) == (1, 2, 1)
    assert wr["x"]["win_rate_lo"] < 0.5 < wr["x"]["win_rate_hi"]
    fp = {r["arena"]: r for r in stats.first_player_advantage(g).iter_rows(named=True)}
    # first player won games 0 (a first, a won) and 1 (b first, b won); game 3: b first, a won
    assert fp["all"]["first_wins"] == 2 and fp["all"]["draws"] == 1 and fp["all"]["games"] == 4
    mm = stats.matchup_matrix(g)
    row = mm.filter((pl.col("faction") == "x") & (pl.col("opponent") == "y")).row(0, named=True)
    assert row["games"] == 4 and row["wins"] == 2
    assert row["win_rate_first"] == pytest.approx(0.5) and row["win_rate_second"] == pytest.approx(0.5)


def test_bradley_terry_recovers_known_strengths():
    rng = np.random.default_rng(3)
    truth = {"p": 0.8, "q": 0.2, "r": -0.3, "s": -0.7}
    names = list(truth)
    rows = []
    g = 0
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            p = 1 / (1 + np.exp(truth[b] - truth[a]))
            for _ in range(1500):
                rows.append(("m", "pozzuoli", a, b, "a", g, "a" if rng.random() < p else "b", 5))
                g += 1
    bt = {r["faction"]: r for r in stats.bradley_terry(_games(rows)).iter_rows(named=True)}
    for f, s in truth.items():
        assert bt[f]["strength_lo"] <= s <= bt[f]["strength_hi"], (f, s, bt[f])
    assert sum(r["strength"] for r in bt.values()) == pytest.approx(0, abs=1e-9)
