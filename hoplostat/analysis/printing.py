"""Columns that `hoplostat summarize` prints in words and numbers (each analysis's `print_summary`)."""

from __future__ import annotations

import polars as pl

from hoplostat.words import VERDICT_WORDS


def verdict() -> pl.Expr:
    """The `verdict` column in words (`words.VERDICT_WORDS`; `--json` keeps the short values)."""
    return pl.col("verdict").replace_strict(VERDICT_WORDS, default=pl.col("verdict")).alias("verdict")


def ci(col: str) -> pl.Expr:
    """A rate and its 95% interval in percent, one column: "48% [40, 56]"."""
    return pl.format("{}% [{}, {}]", *[(pl.col(c) * 100).round(0).cast(pl.Int64)
                                       for c in (col, f"{col}_lo", f"{col}_hi")]).alias(f"{col} (95%)")


def points(col: str = "diff") -> pl.Expr:
    """A difference in points with its sign (against the fair share)."""
    return pl.format("{}{}", pl.when(pl.col(col) > 0).then(pl.lit("+")).otherwise(pl.lit("")),
                     (pl.col(col) * 100).round(1)).alias("vs fair (points)")
