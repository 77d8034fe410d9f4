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


def duel_heatmap(frame: pl.DataFrame, *, title: str = "P(row unit wins the duel)") -> Figure:
    """Heatmap of P(A wins) for every pair, averaged over who attacks first; stand-ins marked '*'."""
    import numpy as np

    avg = frame.group_by(["a", "b"], maintain_order=True).agg(pl.col("p_a_wins").mean())
    ids = list(dict.fromkeys(frame["a"].to_list()))
    pos = {u: i for i, u in enumerate(ids)}
    grid = np.full((len(ids), len(ids)), np.nan)
    for a, b, p in avg.iter_rows():
        grid[pos[a], pos[b]] = p
    label = {}
    for row in frame.select("a", "a_name", "a_stand_in").unique(maintain_order=True).iter_rows():
        a, name, stand_in = row
        label[a] = f"{a}{' *' if stand_in else ''}"
    size = max(5.0, 0.16 * len(ids) + 2)
    fig = Figure(figsize=(size + 1.5, size), layout="constrained")
    ax = fig.add_subplot()
    im = ax.imshow(grid, vmin=0, vmax=1, cmap="RdBu_r")
    ax.set_xticks(range(len(ids)), [label[u] for u in ids], rotation=90, fontsize=6)
    ax.set_yticks(range(len(ids)), [label[u] for u in ids], fontsize=6)
    ax.set_xlabel("opponent (B)")
    ax.set_ylabel("unit (A)")
    ax.set_title(title + "\n(mean of both orders of first attack; * = stand-in values)", fontsize=9)
    fig.colorbar(im, ax=ax, shrink=0.8, label="P(A wins)")
    return fig
