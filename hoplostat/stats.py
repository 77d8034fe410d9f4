"""Polars tables of results, with intervals where they are estimates."""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl
from scipy import stats as st


def wilson_interval(successes, n, confidence: float = 0.95):
    """Wilson score interval for a binomial proportion (vectorised over numpy arrays)."""
    import numpy as np

    successes = np.asarray(successes, dtype=float)
    n = np.asarray(n, dtype=float)
    z = st.norm.ppf(0.5 + confidence / 2)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = successes / n
        denom = 1 + z**2 / n
        centre = (p + z**2 / (2 * n)) / denom
        half = z * np.sqrt(p * (1 - p) / n + z**2 / (4 * n**2)) / denom
    return centre - half, centre + half


def duel_matrix_frame(rows: Sequence[dict], units: dict) -> pl.DataFrame:
    """Duel-matrix rows as a table with names, provenance and 95% intervals for P(A wins)."""
    frame = pl.DataFrame(rows)
    names = {uid: u.name for uid, u in units.items()}
    stand_in = {uid: u.is_stand_in for uid, u in units.items()}
    frame = frame.with_columns(
        pl.col("a").replace_strict(names, default=None).alias("a_name"),
        pl.col("b").replace_strict(names, default=None).alias("b_name"),
        pl.col("a").replace_strict(stand_in, default=None).alias("a_stand_in"),
        pl.col("b").replace_strict(stand_in, default=None).alias("b_stand_in"),
    )
    if frame["trials"].null_count() == 0:
        lo, hi = wilson_interval((frame["p_a_wins"] * frame["trials"]).round().to_numpy(), frame["trials"].to_numpy())
        frame = frame.with_columns(pl.Series("p_a_wins_lo", lo), pl.Series("p_a_wins_hi", hi))
    return frame
