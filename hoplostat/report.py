"""Figures (polars frame in, matplotlib Figure out) and the HTML report.

Figures use the non-interactive Agg backend and never call ``plt.show``; the
caller saves or embeds them.
"""

from __future__ import annotations

import polars as pl
from matplotlib.figure import Figure


def odds_frame(summary: dict) -> pl.DataFrame:
    """Long table of an odds summary (from `hoplostat.odds.summarize`): one row per damage value."""
    n = len(summary["pmf"])
    return pl.DataFrame(
        {
            "damage": list(range(n)),
            "p": summary["pmf"],
            "p_at_least": summary["at_least"],
        }
    )


def odds_figure(frame: pl.DataFrame, *, hp: int | None = None, title: str = "") -> Figure:
    """Bars of P(damage = k) with the curve of P(damage >= k); a marker at the target's HP."""
    fig = Figure(figsize=(7, 4), layout="constrained")
    ax = fig.add_subplot()
    k = frame["damage"].to_list()
    ax.bar(k, frame["p"].to_list(), color="#4c72b0", label="P(damage = k)")
    ax.plot(k, frame["p_at_least"].to_list(), color="#dd8452", marker="o", label="P(damage ≥ k)")
    if hp is not None:
        ax.axvline(hp - 0.5, color="#c44e52", linestyle="--", label=f"target HP {hp}")
    ax.set_xlabel("damage dealt")
    ax.set_ylabel("probability")
    ax.set_ylim(0, 1.02)
    ax.set_xticks(k)
    ax.set_title(title, fontsize=10)
    ax.legend(frameon=False)
    ax.grid(axis="y", alpha=0.3)
    return fig
