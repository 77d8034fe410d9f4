"""Figures (polars frame in, matplotlib Figure out) and the self-contained HTML report.

Figures use matplotlib's object API (no pyplot state, no ``show``); the caller
saves or embeds them. Every name that comes from data is HTML-escaped.
"""

from __future__ import annotations

import datetime as _dt
import html
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.ticker import PercentFormatter

from hoplostat import page
from hoplostat.words import plural, verdict_words

BLUE, ORANGE, RED, GREY = "#4c72b0", "#dd8452", "#c44e52", "#8c8c8c"


def _whiskers(mid, lo, hi) -> np.ndarray:
    """Error-bar lengths (2, n) from an interval, never negative (Wilson bounds can sit a hair off)."""
    mid, lo, hi = (np.asarray(x, dtype=float) for x in (mid, lo, hi))
    return np.clip(np.vstack([mid - lo, hi - mid]), 0, None)


def _span(lo, hi, *also: float, pad: float = 0.02, floor: float | None = None,
          ceiling: float | None = None) -> tuple[float, float]:
    """Axis limits scaled to the data: the intervals' ends `lo`..`hi` and the reference values `also`, with a
    margin (`pad`, and a tenth of the span), clipped to [`floor`, `ceiling`] when given (so 47% and 53% look
    apart)."""
    vals = np.concatenate([np.asarray(lo, dtype=float).ravel(), np.asarray(hi, dtype=float).ravel(),
                           np.asarray(also, dtype=float)])
    vals = vals[np.isfinite(vals)]
    if vals.size == 0:
        return (floor or 0.0, ceiling if ceiling is not None else 1.0)
    a, b = float(vals.min()), float(vals.max())
    m = pad + 0.1 * (b - a)
    a, b = a - m, b + m
    return (a if floor is None else max(floor, a), b if ceiling is None else min(ceiling, b))


def _percent_axis(axis) -> None:
    """Ticks of a 0..1 rate axis in percent."""
    axis.set_major_formatter(PercentFormatter(xmax=1, decimals=0))


def _rate_limits(values, centre: float = 0.5) -> tuple[float, float]:
    """A heatmap's colour range scaled to its data: symmetric about `centre`, as far as the furthest cell
    (rounded up to 5 points, at least 5)."""
    v = np.asarray(values, dtype=float)
    v = v[np.isfinite(v)]
    half = float(np.max(np.abs(v - centre))) if v.size else 0.5
    half = min(0.5, max(0.05, np.ceil(half * 20 - 1e-9) / 20))
    return centre - half, centre + half


def _ink(value: float, lo: float, hi: float) -> str:
    """Text colour on a cell of a diverging map: white on its darkest third either way."""
    return "white" if abs(value - (lo + hi) / 2) > 0.3 * (hi - lo) else "black"


# --- odds --------------------------------------------------------------------------------


def odds_frame(summary: dict) -> pl.DataFrame:
    """Long table of an odds summary (from `hoplostat.odds.summarize`): one row per damage value."""
    n = len(summary["pmf"])
    return pl.DataFrame({"damage": list(range(n)), "p": summary["pmf"], "p_at_least": summary["at_least"]})


def odds_figure(frame: pl.DataFrame, *, hp: int | None = None, title: str = "") -> Figure:
    """Bars of P(damage = k) with the curve of P(damage >= k); a marker at the target's HP."""
    fig = Figure(figsize=(7, 4), layout="constrained")
    ax = fig.add_subplot()
    k = frame["damage"].to_list()
    ax.bar(k, frame["p"].to_list(), color=BLUE, label="P(damage = k)")
    ax.plot(k, frame["p_at_least"].to_list(), color=ORANGE, marker="o", label="P(damage ≥ k)")
    if hp is not None:
        ax.axvline(hp - 0.5, color=RED, linestyle="--", label=f"target HP {hp}")
    ax.set_xlabel("damage dealt")
    ax.set_ylabel("probability")
    ax.set_ylim(0, 1.02)
    ax.set_xticks(k)
    ax.set_title(title, fontsize=10)
    ax.legend(frameon=False)
    ax.grid(axis="y", alpha=0.3)
    return fig


def kill_chance_frame(catalog, factions, *, max_hp: int = 6) -> pl.DataFrame:
    """P(one attack defeats a target of h HP) for every non-elite unit of the factions."""
    from hoplostat.odds import Attack, odds

    rows = []
    for f in factions:
        for u in catalog.faction_units(f, include_hero=True):
            o = odds(Attack(u.attack))
            for hp in range(1, max_hp + 1):
                rows.append({"faction": f, "unit": u.id, "name": u.name, "hp": hp, "p_kill": o.kill(hp),
                             "stand_in": u.is_stand_in})
    return pl.DataFrame(rows)


def kill_chance_figure(frame: pl.DataFrame) -> Figure:
    """Small multiples per faction: P(kill) against target HP, one line per unit."""
    factions = list(dict.fromkeys(frame["faction"].to_list()))
    cols = min(2, len(factions))
    rows = -(-len(factions) // cols)
    most = max(frame.filter(pl.col("faction") == f)["unit"].n_unique() for f in factions)
    fig = Figure(figsize=(4.3 * cols, max(2.8, 0.2 * most + 0.9) * rows), layout="constrained")
    axes = fig.subplots(rows, cols, squeeze=False, sharex=True, sharey=True)
    for ax, f in zip(axes.flat, factions):
        sub = frame.filter(pl.col("faction") == f)
        for i, unit in enumerate(dict.fromkeys(sub["unit"].to_list())):
            s = sub.filter(pl.col("unit") == unit)
            name = s["name"][0] if "name" in s.columns else unit
            mark = " *" if "stand_in" in s.columns and s["stand_in"][0] else ""
            ax.plot(s["hp"].to_list(), s["p_kill"].to_list(), alpha=0.8, lw=1.2, label=f"{name}{mark}",
                    ls=("-", "--", ":")[i // 10 % 3])
        ax.set_title(f, fontsize=10)
        ax.grid(alpha=0.3)
        _percent_axis(ax.yaxis)
        ax.legend(fontsize=9, frameon=False, loc="center left", bbox_to_anchor=(1.0, 0.5), handlelength=1.2,
                  labelspacing=0.25)
    for ax in axes.flat[len(factions):]:
        ax.set_visible(False)
    for ax in axes.flat:
        ax.set_xticks(sorted(set(frame["hp"].to_list())))
    fig.supxlabel("target HP")
    fig.supylabel("P(one attack defeats it)")
    if "stand_in" in frame.columns and frame["stand_in"].any():
        fig.suptitle("* = stand-in values, not official chips", fontsize=10)
    return fig


# --- sweeps ------------------------------------------------------------------------------


def win_rate_figure(frame: pl.DataFrame, *, title: str = "Win rate per faction (95% interval)",
                    reference: float = 0.5, reference_label: str = "") -> Figure:
    """Horizontal bars of win rates with interval whiskers; a dashed reference line (50% by default)."""
    f = frame.sort("win_rate")
    fig = Figure(figsize=(5.4, 0.42 * f.height + 1.6), layout="constrained")
    ax = fig.add_subplot()
    y = np.arange(f.height)
    rate = f["win_rate"].to_numpy()
    err = _whiskers(rate, f["win_rate_lo"], f["win_rate_hi"])
    ax.errorbar(rate, y, xerr=err, fmt="o", color=BLUE, ecolor="black", capsize=3, lw=1, markersize=7)
    ax.axvline(reference, color=GREY, ls="--", lw=1)
    if reference_label:
        ax.text(reference, f.height - 0.4, f" {reference_label}", fontsize=10, va="bottom")
    ax.set_yticks(y, f["faction"].to_list())
    ax.set_ylim(-0.6, f.height + 0.2)
    ax.set_xlim(*_span(f["win_rate_lo"], f["win_rate_hi"], reference, floor=0, ceiling=1))
    _percent_axis(ax.xaxis)
    ax.set_xlabel("share of games won (draws count as not won)")
    ax.set_title(title, fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    return fig


def field_figure(frame: pl.DataFrame, by_arena: pl.DataFrame | None = None) -> Figure:
    """Each faction's win rate minus the field average, in points, with 95% whiskers (orange: stronger,
    blue: weaker, grey: not distinguishable from average); per arena as small markers when given."""
    f = frame.sort("diff")
    fig = Figure(figsize=(5.4, 0.42 * f.height + 1.9), layout="constrained")
    ax = fig.add_subplot()
    y = np.arange(f.height)
    d = 100 * f["diff"].to_numpy()
    colours = [ORANGE if v == "stronger" else BLUE if v == "weaker" else GREY for v in f["verdict"].to_list()]
    ax.errorbar(d, y, xerr=_whiskers(d, 100 * f["diff_lo"].to_numpy(), 100 * f["diff_hi"].to_numpy()), fmt="none",
                ecolor="black", capsize=3, lw=1)
    ax.scatter(d, y, color=colours, s=60, zorder=3)
    ax.scatter([], [], color=GREY, s=60, label="all arenas (colour: verdict)")
    if by_arena is not None and by_arena["arena"].n_unique() > 1:
        pos = {fa: i for i, fa in enumerate(f["faction"].to_list())}
        for arena, marker in zip(sorted(by_arena["arena"].unique().to_list()), ("^", "v", "s")):
            sub = by_arena.filter(pl.col("arena") == arena)
            ax.scatter(100 * sub["diff"].to_numpy(), [pos[x] + 0.22 for x in sub["faction"].to_list()], marker=marker,
                       s=18, color="black", alpha=0.6, label=arena, zorder=2)
        ax.legend(frameon=False, fontsize=10, loc="lower right")
    ax.axvline(0, color="black", lw=1, ls="--")
    ax.set_yticks(y, f["faction"].to_list())
    avg = float(f["field_average"][0])
    ax.set_xlabel(f"points of win rate above (+) or below (-)\nan average faction (which wins {avg:.1%})")
    ax.set_title("How far each faction is from the field\n(95% interval)", fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    return fig


_VERDICT_COLOURS = {"stronger": ORANGE, "weaker": BLUE, "within": GREY}
_ARENA_MARKERS = ("o", "s", "D", "^")


def arena_figure(field: pl.DataFrame, by_arena: pl.DataFrame | None = None,
                 names: dict[str, str] | None = None) -> Figure:
    """The figure a designer reads first: each faction on each arena, in points above or below that arena's
    average faction, with 95% whiskers; colour: the verdict (orange stronger, blue weaker, grey not
    distinguishable), marker: the arena. Factions sorted by their distance over all arenas, the strongest on top;
    one arena (or `by_arena` None): the distance over all arenas. Sized to be read on a phone (all text 10 pt,
    5.2 inches wide)."""
    order = field.sort("diff")["faction"].to_list()
    rows = by_arena if by_arena is not None and by_arena["arena"].n_unique() > 1 else field.with_columns(
        pl.lit("all arenas").alias("arena"))
    arenas = sorted(rows["arena"].unique().to_list())
    fig = Figure(figsize=(5.2, 0.25 * len(order) * max(len(arenas), 2) + 1.9), layout="constrained")
    ax = fig.add_subplot()
    offsets = np.linspace(0.18, -0.18, len(arenas)) if len(arenas) > 1 else np.zeros(1)
    pos = {f: i for i, f in enumerate(order)}
    for k in range(1, len(order)):
        ax.axhline(k - 0.5, color="#e5e5e5", lw=0.8)
    for arena, off, marker in zip(arenas, offsets, _ARENA_MARKERS):
        sub = rows.filter(pl.col("arena") == arena)
        y = np.array([pos[f] for f in sub["faction"].to_list()]) + off
        d = 100 * sub["diff"].to_numpy()
        colours = [_VERDICT_COLOURS.get(v, GREY) for v in sub["verdict"].to_list()]
        err = _whiskers(d, 100 * sub["diff_lo"].to_numpy(), 100 * sub["diff_hi"].to_numpy())
        for yi, di, ci, lo, hi in zip(y, d, colours, err[0], err[1]):
            ax.errorbar([di], [yi], xerr=[[lo], [hi]], fmt="none", ecolor=ci, capsize=2, lw=1.4)
        ax.scatter(d, y, color=colours, marker=marker, s=42, zorder=3, edgecolors="black", linewidths=0.5)
    ax.axvline(0, color="black", lw=1, ls="--")
    ax.set_yticks(range(len(order)), [(names or {}).get(f, f) for f in order], fontsize=10)
    ax.tick_params(axis="x", labelsize=10)
    ax.xaxis.set_major_formatter(lambda v, _pos: f"{v:+.0f}" if round(v) else "0")
    ax.set_xlabel("points from the average faction\non that arena (95% interval)", fontsize=10)
    ax.set_title("Factions by arena", fontsize=11)
    handles = [Line2D([], [], color="black", marker=m, linestyle="none", markersize=6, label=a.title())
               for a, m in zip(arenas, _ARENA_MARKERS)] if len(arenas) > 1 else []
    handles += [Line2D([], [], color=c, marker="o", linestyle="none", markersize=6, label=w)
                for w, c in (("stronger", ORANGE), ("weaker", BLUE), ("not distinguishable", GREY))]
    fig.legend(handles=handles, loc="outside lower center", ncol=3 if len(handles) > 4 else len(handles),
               frameon=False, fontsize=10, handletextpad=0.2, columnspacing=0.8)
    ax.grid(axis="x", alpha=0.3)
    return fig


def compare_figure(frame: pl.DataFrame, *, a_name: str = "A", b_name: str = "B") -> Figure:
    """The change from sweep A to sweep B per key (`stats.compare_rates`): B - A in points with 95% whiskers;
    orange where the difference is significant after Holm's correction, grey otherwise."""
    f = frame.sort("diff")
    fig = Figure(figsize=(7.5, 0.42 * max(f.height, 1) + 1.8), layout="constrained")
    ax = fig.add_subplot()
    y = np.arange(f.height)
    d = 100 * f["diff"].to_numpy()
    ax.errorbar(d, y, xerr=_whiskers(d, 100 * f["diff_lo"].to_numpy(), 100 * f["diff_hi"].to_numpy()), fmt="none",
                ecolor="black", capsize=3, lw=1)
    ax.scatter(d, y, s=60, zorder=3, color=[ORANGE if s else GREY for s in f["significant"].to_list()])
    ax.axvline(0, color="black", lw=1, ls="--")
    ax.set_yticks(y, f["key"].to_list())
    ax.set_xlabel("B - A, points (orange: significant after Holm's correction)")
    ax.set_title(f"Change from A ({a_name}) to B ({b_name}), 95% intervals", fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    return fig


_SWEEP_COLOURS = (BLUE, ORANGE, "#55a868", RED, "#8172b3", "#937860")
_SWEEP_MARKERS = ("o", "s", "D", "^", "v", "P")


def robustness_figure(table: pl.DataFrame, labels: list[str], *, subject: str = "faction") -> Figure:
    """Each subject's rate against its average under each player (`robustness.robustness`'s long table): points
    above or below the average with 95% whiskers, one colour and marker per sweep (one legend entry each),
    filled where the verdict is not "within"; subjects sorted by their mean over the sweeps, the highest on top."""
    keys = (table.group_by("key").agg(pl.col("diff").mean()).sort("diff", "key", descending=[False, True],
                                                                   nulls_last=False)["key"].to_list())
    pos = {k: i for i, k in enumerate(keys)}
    fig = Figure(figsize=(5.6, 0.32 * max(len(keys), 1) * max(len(labels), 2) + 2.1), layout="constrained")
    ax = fig.add_subplot()
    offsets = np.linspace(0.2, -0.2, len(labels)) if len(labels) > 1 else np.zeros(1)  # the first sweep on top
    shown: list = []  # one legend entry per sweep, whatever its verdicts (filled or hollow points)
    for k in range(1, len(keys)):
        ax.axhline(k - 0.5, color="#e5e5e5", lw=0.8)
    for i, label in enumerate(labels):
        sub = table.filter((pl.col("sweep") == label) & pl.col("diff").is_not_nan())
        if sub.height == 0:
            continue
        y = np.array([pos[k] for k in sub["key"].to_list()]) + offsets[i]
        d = 100 * sub["diff"].to_numpy()
        colour, marker = _SWEEP_COLOURS[i % len(_SWEEP_COLOURS)], _SWEEP_MARKERS[i % len(_SWEEP_MARKERS)]
        ax.errorbar(d, y, xerr=_whiskers(d, 100 * sub["diff_lo"].to_numpy(), 100 * sub["diff_hi"].to_numpy()),
                    fmt="none", ecolor=colour, capsize=2, lw=1)
        decided = np.array([v != "within" for v in sub["verdict"].to_list()])
        ax.scatter(d[decided], y[decided], color=colour, marker=marker, s=40, zorder=3)
        ax.scatter(d[~decided], y[~decided], facecolors="white", edgecolors=colour, marker=marker, s=40, zorder=3)
        shown.append(Line2D([], [], color=colour, marker=marker, linestyle="none", markersize=6, label=label))
    ax.axvline(0, color="black", lw=1, ls="--")
    ax.set_yticks(range(len(keys)), keys)
    ax.set_xlabel(f"points above (+) or below (-) an average {subject}\n(filled: the interval excludes 0)")
    ax.set_title(f"The {subject}s under each player (95% intervals)", fontsize=10)
    ax.legend(handles=shown, frameon=False, fontsize=10, loc="best")
    ax.grid(axis="x", alpha=0.3)
    return fig


def _heatmap(ax, factions, cells: dict, *, fontsize: float) -> Any:
    """One win-rate heatmap: `cells[(row, col)] = (rate, lo, hi, games)`; the interval in every cell."""
    pos = {f: i for i, f in enumerate(factions)}
    grid = np.full((len(factions), len(factions)), np.nan)
    for (f, o), (v, *_rest) in cells.items():
        grid[pos[f], pos[o]] = v
    vmin, vmax = _rate_limits(grid)
    im = ax.imshow(grid, vmin=vmin, vmax=vmax, cmap="RdBu_r")
    for (f, o), (v, lo, hi, _n) in cells.items():
        i, j = pos[f], pos[o]
        ax.text(j, i, f"{v:.0%}\n{lo:.0%}-{hi:.0%}", ha="center", va="center", fontsize=fontsize,
                color=_ink(v, vmin, vmax))
    ax.set_xticks(range(len(factions)), factions, rotation=60, ha="right", fontsize=9)
    ax.set_yticks(range(len(factions)), factions, fontsize=9)
    ax.set_xlabel("opponent")
    return im


def matchup_overall_figure(frame: pl.DataFrame) -> Figure:
    """The row faction's win rate against each opponent over both seat orders, its 95% interval in the
    cell (large cells: readable when the page is narrow)."""
    factions = sorted(set(frame["faction"].to_list()) | set(frame["opponent"].to_list()))
    cells = {(f, o): (v, lo, hi, n) for f, o, v, lo, hi, n in
             frame.select("faction", "opponent", "win_rate", "win_rate_lo", "win_rate_hi", "games").iter_rows()}
    size = 0.9 * len(factions) + 2.5
    fig = Figure(figsize=(size + 1.2, size), layout="constrained")
    ax = fig.add_subplot()
    im = _heatmap(ax, factions, cells, fontsize=9)
    ax.set_title("Row faction's win rate against the column faction\n(both seats; 95% interval below)", fontsize=10)
    _percent_axis(fig.colorbar(im, ax=ax, shrink=0.8, label="row faction's win rate").ax.yaxis)
    return fig


def matchup_figure(frame: pl.DataFrame) -> Figure:
    """Heatmaps of the row faction's win rate against each opponent: going first, going second."""
    factions = sorted(set(frame["faction"].to_list()) | set(frame["opponent"].to_list()))
    pos = {f: i for i, f in enumerate(factions)}
    panels = [("win_rate_first", "row faction plays first"), ("win_rate_second", "row faction plays second")]
    panels = [(c, t) for c, t in panels if c in frame.columns] or [("win_rate", "both seat orders")]
    size = 0.55 * len(factions) + 2.5
    fig = Figure(figsize=(size + 1.5, size * len(panels)), layout="constrained")
    axes = fig.subplots(len(panels), 1, squeeze=False)[:, 0]
    vmin, vmax = _rate_limits(frame.select([c for c, _ in panels]).to_numpy())
    im = None
    for ax, (col, title) in zip(axes, panels):
        grid = np.full((len(factions), len(factions)), np.nan)
        for f, o, v in frame.select("faction", "opponent", col).iter_rows():
            if v is not None:
                grid[pos[f], pos[o]] = v
        im = ax.imshow(grid, vmin=vmin, vmax=vmax, cmap="RdBu_r")
        for i in range(len(factions)):
            for j in range(len(factions)):
                if not np.isnan(grid[i, j]):
                    ax.text(j, i, f"{grid[i, j]:.0%}", ha="center", va="center", fontsize=9,
                            color=_ink(grid[i, j], vmin, vmax))
        ax.set_xticks(range(len(factions)), factions, rotation=60, ha="right", fontsize=9)
        ax.set_yticks(range(len(factions)), factions, fontsize=9)
        ax.set_title(title, fontsize=10)
        ax.set_xlabel("opponent")
    assert im is not None  # one panel at least
    _percent_axis(fig.colorbar(im, ax=list(axes), shrink=0.6, label="row faction's win rate").ax.yaxis)
    return fig


def first_player_figure(frame: pl.DataFrame) -> Figure:
    """P(the first player wins) per arena with 95% intervals."""
    fig = Figure(figsize=(5, 3.2), layout="constrained")
    ax = fig.add_subplot()
    x = np.arange(frame.height)
    rate = frame["first_win_rate"].to_numpy()
    err = _whiskers(rate, frame["first_win_rate_lo"], frame["first_win_rate_hi"])
    ax.errorbar(x, rate, yerr=err, fmt="o", color=ORANGE, ecolor="black", capsize=4, markersize=8)
    average = frame["field_average"].to_list() if "field_average" in frame.columns else [0.5] * frame.height
    ax.scatter(x, average, marker="_", s=400, color=GREY, zorder=1, label="an average seat")
    ax.set_xticks(x, frame["arena"].to_list())
    ax.set_xlim(-0.6, frame.height - 0.4)
    ax.set_ylim(*_span(frame["first_win_rate_lo"], frame["first_win_rate_hi"], *average, floor=0, ceiling=1))
    _percent_axis(ax.yaxis)
    ax.legend(frameon=False, loc="best")
    ax.set_ylabel("P(first player wins)")
    ax.set_title("First-player advantage (draws count as not won)", fontsize=10)
    return fig


def ratings_figure(frame: pl.DataFrame) -> Figure:
    """Bradley-Terry strengths (log-odds scale, mean 0) with 95% intervals."""
    f = frame.sort("strength")
    fig = Figure(figsize=(5.4, 0.45 * f.height + 1.6), layout="constrained")
    ax = fig.add_subplot()
    y = np.arange(f.height)
    s = f["strength"].to_numpy()
    err = _whiskers(s, f["strength_lo"], f["strength_hi"])
    ax.errorbar(s, y, xerr=err, fmt="o", color=BLUE, ecolor="black", capsize=3)
    ax.axvline(0, color=GREY, ls="--", lw=1)
    ax.set_yticks(y, f["faction"].to_list())
    ax.set_xlabel("strength (log-odds;\n+0.4 ≈ 60% against an average faction)")
    ax.set_title("Bradley-Terry ratings (95% interval)", fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    return fig


def _standouts(table: pl.DataFrame, n: int) -> pl.DataFrame:
    """The `n` units with the highest and the `n` with the lowest z (their measure against the faction's
    other units of the same class), highest first."""
    f = table.drop_nulls("z").sort("z", descending=True)
    return pl.concat([f.head(n), f.tail(n)]).unique(subset=["unit"], maintain_order=True) if f.height > 2 * n else f


def unit_figure(table: pl.DataFrame, *, n: int = 8, stand_in: set[str] | None = None) -> Figure:
    """The units that stand out most within their faction and class (z of the measure that fits the class),
    top and bottom; `*` marks stand-in chips."""
    pick = _standouts(table, n).sort("z")
    fig = Figure(figsize=(7.5, 0.5 * pick.height + 1.6), layout="constrained")
    ax = fig.add_subplot()
    y = np.arange(pick.height)
    z = pick["z"].to_numpy()
    ax.barh(y, z, color=[RED if v < 0 else BLUE for v in z])
    marks = stand_in or set()
    labels = [f"{name or unit}{' *' if unit in marks else ''} ({faction})\n{role}: {measure}"
              for name, unit, faction, role, measure in pick.select("name", "unit", "faction", "role",
                                                                    "measure").iter_rows()]
    ax.set_yticks(y, labels, fontsize=9)
    ax.axvline(0, color=GREY, lw=1)
    ax.set_xlabel("z: standard deviations from its faction's\nunits of the same class")
    ax.set_title("Units that stand out (* = stand-in values)" if marks & set(pick["unit"].to_list())
                 else "Units that stand out", fontsize=10)
    return fig


def rounds_figure(games: pl.DataFrame | pl.LazyFrame) -> Figure:
    """Distribution of game length in rounds per arena; games that hit the round cap are draws. Drawn from
    the counts per arena and length (aggregated lazily: the games' rows are never all in memory)."""
    counts = games.lazy().group_by("arena", "rounds").agg(pl.len().alias("n")).collect(engine="streaming")
    fig = Figure(figsize=(5.4, 3.2), layout="constrained")
    ax = fig.add_subplot()
    arenas = sorted(counts["arena"].unique().to_list())
    for arena, colour in zip(arenas, (BLUE, ORANGE, RED)):
        sub = counts.filter(pl.col("arena") == arena).sort("rounds")
        r, n = sub["rounds"].to_numpy(), sub["n"].to_numpy()
        median = r[np.searchsorted(np.cumsum(n), n.sum() / 2)]
        ax.bar(r, n, width=1.0, alpha=0.6, color=colour, label=f"{arena} (median {median:.0f})")
    ax.set_xlabel("rounds")
    ax.set_ylabel("games")
    ax.legend(frameon=False)
    ax.set_title("Game length", fontsize=10)
    return fig


def duel_heatmap(frame: pl.DataFrame, *, title: str = "P(row unit wins the duel)") -> Figure:
    """Heatmap of P(A wins) for every pair, averaged over who attacks first; stand-ins marked '*'."""
    avg = frame.group_by(["a", "b"], maintain_order=True).agg(pl.col("p_a_wins").mean())
    ids = list(dict.fromkeys(frame["a"].to_list()))
    pos = {u: i for i, u in enumerate(ids)}
    grid = np.full((len(ids), len(ids)), np.nan)
    for a, b, p in avg.iter_rows():
        grid[pos[a], pos[b]] = p
    label = {a: f"{a}{' *' if s else ''}" for a, s in frame.select("a", "a_stand_in").unique().iter_rows()}
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


# --- the HTML report ---------------------------------------------------------------------

SECTIONS = ("headline", "field", "win-rates", "ratings", "matchups", "matchups-by-seat", "first-player", "rounds",
            "units", "odds", "summary")
"""Sections of a Skirmish report, in page order: the headline (its figure: the factions by arena) first, the
summary (every finding in words, and the run) last."""
OPTIONAL_SECTIONS = ("compare", "robustness", "stronger")
"""Sections of any mode's report that are there only when asked for (`--compare`, `--robustness`, `--stronger`)."""
ONSLAUGHT_SECTIONS = ("headline", "onslaught-teams", "onslaught-immortals", "rounds", "units", "odds", "summary")
ASCENSION_SECTIONS = ("headline", "ascension-titans", "ascension-matrix", "rounds", "units", "odds", "summary")
NAUMACHIA_SECTIONS = (*SECTIONS[:3], "naval-events", *SECTIONS[3:])
"""Sections of a Naumachia report (Pandora's Wake): Skirmish's, its crowd favor events with the factions."""

_LABELS = {
    "faction": "Faction", "opponent": "Opponent", "arena": "Arena", "games": "Games", "wins": "Wins",
    "losses": "Losses", "draws": "Draws", "win_rate": "Win rate (95%)", "draw_rate": "Draw rate",
    "diff": "vs average, points (95%)", "field_average": "Field average", "verdict": "Verdict",
    "first_wins": "First player wins", "first_win_rate": "First player's win rate (95%)",
    "strength": "Strength, log-odds (95%)", "unit": "Unit id", "name": "Unit", "kind": "Kind", "deployed": "Deployed",
    "damage_per_deploy": "Damage per deployment", "kills_per_deploy": "Kills per deployment",
    "survival": "Survived", "damage_z": "Damage z", "measure": "Measure", "value": "Value", "z": "z (faction)",
    "stand_in": "Stand-in", "win_share": "Win share (95%)", "fair_share": "Fair share", "position": "Turn position",
    "eliminated": "Eliminated", "mean_damage": "Mean damage", "mate_1": "Teammate", "mate_2": "Teammate",
    "first_team_wins": "First player's team wins", "first_team_win_rate": "First player's team win rate (95%)",
    "team": "Team", "coop": "Co-op", "titan": "Titan", "immortal": "Immortal", "mean_rounds": "Mean rounds",
    "capped": "Round cap", "mean_defeated": "Immortals defeated (95%)", "faced": "Faced", "won_waves": "Waves won",
    "wave_win_rate": "Wave win rate (95%)", "mean_waves": "Waves", "damage_taken_per_deploy": "HP held per deployment",
    "tactics_enabled": "Tactics enabled", "key": "Compared", "games_a": "Games in A", "games_b": "Games in B",
    "wins_a": "Wins in A", "wins_b": "Wins in B", "rate_a": "Rate in A", "rate_b": "Rate in B",
    "p_holm": "p (Holm)", "significant": "Significant",
}
_COUNTS = {"games_a", "games_b", "wins_a", "wins_b", "games", "wins", "losses", "draws", "first_wins", "deployed",
           "eliminated", "faced", "won_waves", "capped",
           "first_team_wins", "tactics_enabled"}


def _cell(col: str, v: Any, lo: Any = None, hi: Any = None) -> str:
    """One table cell: rates and shares as percentages, `diff` in signed points, counts as integers, the
    95% interval in brackets when the frame has `<col>_lo` and `<col>_hi`."""
    if v is None or (isinstance(v, float) and v != v):
        return "–"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if col == "verdict":
        return verdict_words(v)
    if col == "diff":
        from hoplostat.headline import interval, points

        return f"{points(v)} {interval(lo, hi)}" if lo is not None and hi is not None else points(v)
    if isinstance(v, float) and any(k in col for k in ("rate", "share", "average", "survival")) or col == "p_kill":
        body = f"{100 * v:.0f}%"
        return f"{body} [{100 * lo:.0f}, {100 * hi:.0f}]" if lo is not None and hi is not None else body
    if col in _COUNTS:
        return f"{int(v):,}"
    if isinstance(v, float):
        body = f"{v:.2f}"
        return f"{body} [{lo:.2f}, {hi:.2f}]" if lo is not None and hi is not None else body
    if isinstance(v, int):
        return f"{v:,}"
    return str(v)


def _columns_in_order(frame: pl.DataFrame) -> list[str]:
    """The columns a table shows: not the `_lo`/`_hi` of a value (they go in its cell), and the verdicts right
    after the first column (and an arena, when there is one), so a narrow screen shows them unscrolled."""
    cols = [c for c in frame.columns if not c.endswith(("_lo", "_hi")) or c[:-3] not in frame.columns]
    verdicts = [c for c in cols if "verdict" in c]
    if not verdicts or not cols:
        return cols
    lead = [c for c in cols[:2] if c not in verdicts and (c == cols[0] or c == "arena")]
    if "diff" in cols:
        verdicts.append("diff")
    return lead + verdicts + [c for c in cols if c not in lead and c not in verdicts]


def _sort_value(v: Any) -> str:
    """A number cell's `data-v` (what a click on its header sorts by): its value."""
    if isinstance(v, bool) or not isinstance(v, (int, float)) or v != v:
        return ""
    return f" data-v='{v:.6g}'"


def _table_html(frame: pl.DataFrame, *, digits: int = 3, caption: str = "") -> str:
    """A table with human headers (`_LABELS`), intervals merged into their value's cell, integer counts, the
    verdicts near the left, sortable by a click on a header (`page.SORT_JS`), in a box that scrolls sideways on a
    narrow screen instead of widening the page."""
    cols = _columns_in_order(frame)
    head = "".join(f"<th>{html.escape(_LABELS.get(c, c.replace('_', ' ').capitalize()))}</th>" for c in cols)
    body = []
    for row in frame.iter_rows(named=True):
        cells = [(_cell(c, row[c], row.get(f"{c}_lo"), row.get(f"{c}_hi")), _sort_value(row[c])) for c in cols]
        body.append("<tr>" + "".join(f"<td{v}>{html.escape(x)}</td>" for x, v in cells) + "</tr>")
    cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return (f"<div class='scroll'><table class='sortable'>{cap}<thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(body)}</tbody></table></div>")


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _points(x: float) -> str:
    return f"{100 * abs(x):.0f} point{'s' if round(100 * abs(x)) != 1 else ''}"


def _interval_points(lo: float, hi: float) -> str:
    from hoplostat.headline import interval

    return interval(lo, hi)


def _average_words(avg: float, who: str, *, line: str = "") -> str:
    """What an average `who` (faction, team) wins in a two-sided game, where a draw is won by nobody: 50% when no
    game was drawn; else less, and then that, not 50%, is the line to compare with (`line`: where it is drawn)."""
    at = f" ({line})" if line else ""
    if avg >= 0.5:
        return f"No game was drawn, so an average {who} wins 50% of its games{at}."
    return (f"Draws (the round cap) are won by nobody, so an average {who} wins {avg:.1%} of its games{at}, not "
            "50%: that is the line to compare with.")


def summary_sentences(tables: dict, names: dict[str, str]) -> list[str]:
    """Plain-language lines: each faction against the field average ("Atlanteans win 27 points more than
    an average faction [+25, +29]", only where the interval excludes 0), its win rate ("Kunlun wins 57%
    [55, 59] of its 800 games"), and the first-player and arena effects stated the same way."""
    out = []
    field = tables.get("field")
    avg = float(field["field_average"][0]) if field is not None and field.height else None
    if field is not None and avg is not None:
        out.append(_average_words(avg, "faction"))
        for r in field.iter_rows(named=True):
            if r["verdict"] == "within":
                continue
            more = "more" if r["diff"] > 0 else "less"
            out.append(f"{names.get(r['faction'], r['faction'])} win {_points(r['diff'])} {more} than an average "
                       f"faction {_interval_points(r['diff_lo'], r['diff_hi'])}.")
        level = [names.get(r["faction"], r["faction"]) for r in field.iter_rows(named=True) if r["verdict"] == "within"]
        if level:
            out.append("Not distinguishable from an average faction: " + ", ".join(level) + ".")
    for r in tables["win_rates"].iter_rows(named=True):
        out.append(f"{names.get(r['faction'], r['faction'])} wins {_pct(r['win_rate'])} "
                   f"[{_pct(r['win_rate_lo'])}, {_pct(r['win_rate_hi'])}] of its {r['games']:,} games"
                   + (f" ({r['draws']:,} draws)" if r["draws"] else "") + ".")
    for r in tables["first_player"].iter_rows(named=True):
        where = "over all arenas" if r["arena"] == "all" else f"on {r['arena'].title()}"
        line = (f"The first player wins {_pct(r['first_win_rate'])} [{_pct(r['first_win_rate_lo'])}, "
                f"{_pct(r['first_win_rate_hi'])}] of {r['games']:,} games {where}")
        if "diff" in r and r["verdict"] != "within":
            line += (f": {_points(r['diff'])} {'more' if r['diff'] > 0 else 'less'} than an average seat "
                     f"{_interval_points(r['diff_lo'], r['diff_hi'])}")
        out.append(line + ".")
    by_arena = tables.get("field_by_arena")
    if by_arena is not None and by_arena["arena"].n_unique() > 1:
        wide = by_arena.pivot(on="arena", index="faction", values="diff")
        arenas = [c for c in wide.columns if c != "faction"]
        for r in wide.iter_rows(named=True):
            a, b = arenas[0], arenas[1]
            gap = (r[a] or 0) - (r[b] or 0)
            if abs(gap) >= 0.1:
                better = a if gap > 0 else b
                out.append(f"{names.get(r['faction'], r['faction'])} do {_points(gap)} better on {better.title()} than "
                           f"on {(b if better == a else a).title()} (against each arena's average).")
    return out


def _stand_in_ids(catalog) -> set[str]:
    return {uid for uid, u in catalog.units.items() if u.is_stand_in}


def _unit_table(units: pl.DataFrame | None, catalog) -> pl.DataFrame | None:
    """Every unit of the run with its name (stand-ins marked), its class and the measure that fits it
    (`stats.unit_measures`), best within faction and class first."""
    if units is None:
        return None
    from hoplostat import stats

    names = {uid: c.name for uid, c in catalog.units.items()}
    stand = _stand_in_ids(catalog)
    m = stats.unit_measures(units, {uid: (c.classes[0] if c.classes else c.kind) for uid, c in catalog.units.items()})
    assert m is not None  # a units table with rows
    return m.select(
        "faction", pl.col("unit").replace_strict(names, default=None).alias("name"), "role", "games", "deployed",
        "measure", "value", "z", pl.col("unit").is_in(list(stand)).alias("stand_in"), "unit")


_UNITS_TEXT = ("Each unit is measured by what its class is for: attackers by damage per deployment, defenders by the "
               "HP they held (damage taken per deployment, while surviving counts too), tacticians by the tactics "
               "only their reach allowed, heroes by damage; z compares it with the faction's other units of the same "
               "class. The figure shows the few that stand out most either way; the full table is below it. "
               "Sentinel copies count once per game. * = stand-in values.")

# A section: (key, title, figure, explanation, table or None)
Section = tuple[str, str, Figure, str, "pl.DataFrame | None"]


@dataclass
class Lead:
    """A report's headline, as its builder finds it: every candidate finding (`headline.Finding`), the figure a
    designer reads first (or None: the first section's comes next), what a finding is about (said when none
    leaves its interval) and the figure's explanation."""

    findings: list = field(default_factory=list)
    figure: Figure | None = None
    what: str = "effect"
    text: str = ""


HEADLINE_TEXT = ("Each faction on each arena against that arena's average faction, in points of win rate with its "
                 "95% interval; orange: stronger, blue: weaker, grey: not distinguishable from average.")


def _need(t: Mapping[str, pl.DataFrame | None], key: str) -> pl.DataFrame:
    """A table every summary of the report's kind has (`stats.summary` and its siblings give None only for
    the optional ones: units, immortals)."""
    got = t[key]
    assert got is not None, key
    return got


def _units_section(t: dict, catalog) -> Section:
    table = _unit_table(t["units"], catalog)
    assert table is not None  # called when the summary has a units table
    return ("units", "Units", unit_figure(table, stand_in=_stand_in_ids(catalog)), _UNITS_TEXT, table)


def skirmish_sections(tables: dict, catalog, factions, cfg, sweep) -> tuple[list[Section], list[str], Lead]:
    from hoplostat import headline, stats

    t = stats.summary(tables["games"], tables.get("units"))
    names = _faction_names(catalog, factions)
    avg = float(_need(t, "field")["field_average"][0])
    lead = Lead(headline.skirmish_findings(t, stats.field_average_interval(tables["games"]), names, sweep),
                arena_figure(_need(t, "field"), _need(t, "field_by_arena"), names), "faction, matchup, arena or seat",
                HEADLINE_TEXT)
    sections: list[Section] = [
        ("field", "Against the field", field_figure(_need(t, "field")),
         "How many points of win rate each faction is above or below an average faction over every arena, with "
         "95% intervals (the faction's and the average's uncertainty combined); the headline's figure and the "
         "table give it per arena, each against its own arena's average. Orange: stronger, blue: weaker, grey: "
         "not distinguishable from average.",
         pl.concat([_need(t, "field").with_columns(pl.lit("all").alias("arena")), _need(t, "field_by_arena")],
                   how="diagonal")
         .select("faction", "arena", "games", "wins", "draws", "win_rate", "field_average", "diff", "diff_lo",
                 "diff_hi", "verdict")),
        ("win-rates", "Win rates", win_rate_figure(_need(t, "win_rates"), reference=avg,
                                                   reference_label=f"average faction {avg:.1%}"),
         "Bars are each faction's share of games won over every opponent, seat and arena; whiskers are 95% "
         f"Wilson intervals. {_average_words(avg, 'faction', line='the dashed line')}", _need(t, "win_rates")),
        ("matchups", "Matchups", matchup_overall_figure(_need(t, "matchups")),
         "Each cell is the row faction's win rate against the column faction over both seat orders, with its 95% "
         "interval below it; the next figure splits it by who plays first.", None),
        ("matchups-by-seat", "Matchups by seat", matchup_figure(_need(t, "matchups")),
         "The same win rates, split by whether the row faction plays first or second.", None),
        ("first-player", "First-player advantage", first_player_figure(_need(t, "first_player")),
         "How often the player who goes first wins, per arena, against an average seat (dashed): the share of "
         "games with a winner, halved.", _need(t, "first_player")),
        ("ratings", "Ratings", ratings_figure(_need(t, "ratings")),
         "Bradley-Terry strengths fitted to every game: one number per faction that best explains the "
         "matchup results.", _need(t, "ratings")),
    ]
    if t["units"] is not None:
        sections.append(_units_section(t, catalog))
    sections.append(("rounds", "Game length", rounds_figure(tables["games"]),
                     f"Rounds per game; a game reaching the round cap ({cfg.get('max_rounds')}) is a draw.", None))
    return sections, summary_sentences(t, names), lead


def onslaught_sections(tables: dict, catalog, factions, cfg, sweep) -> tuple[list[Section], list[str], Lead]:
    from hoplostat import headline, stats

    t = stats.waves_summary(tables)
    if t["immortals"] is not None:
        t["immortals"] = _mark_stand_ins(t["immortals"], "immortal", _opponent_stand_ins(catalog, "immortals"))
    teams = _need(t, "teams")
    sections: list[Section] = [
        ("onslaught-teams", "Immortals defeated", onslaught_teams_figure(teams),
         "Mean number of the six immortals defeated per game, solo and co-op, with 95% intervals; the table "
         "gives the whole distribution (p0 = no immortal defeated ... p6 = all six).", teams),
    ]
    if t["immortals"] is not None:
        sections.append(("onslaught-immortals", "Immortals", immortal_figure(t["immortals"]),
                         "How often a wave is won when that immortal is faced (* = stand-in values): the hardest "
                         "immortals have the "
                         "lowest bars.", t["immortals"]))
    if t["units"] is not None:
        sections.append(_units_section(t, catalog))
    sections.append(("rounds", "Game length", rounds_figure(tables["games"]),
                     f"Rounds per game; a game reaching the round cap ({cfg.get('max_rounds')}) ends there and is "
                     "counted.", None))
    sentences = []
    for r in teams.iter_rows(named=True):
        sentences.append(f"{r['team']} ({'co-op' if r['coop'] else 'solo'}) defeats {r['mean_defeated']:.2f} "
                         f"[{r['mean_defeated_lo']:.2f}, {r['mean_defeated_hi']:.2f}] immortals per game over "
                         f"{r['games']:,} games.")
    found = headline.team_depth_findings(teams)
    if t["immortals"] is not None:
        found += headline.opponent_findings(t["immortals"], "immortal", "wave_win_rate", "immortal", sweep,
                                            trials="faced", trial="wave", what="win")
    return sections, sentences, Lead(found, what="immortal or team")


def onslaught_teams_figure(frame: pl.DataFrame) -> Figure:
    """Mean immortals defeated per team with 95% intervals; co-op teams in orange."""
    f = frame.sort("mean_defeated")
    fig = Figure(figsize=(7, 0.36 * f.height + 1.6), layout="constrained")
    ax = fig.add_subplot()
    y = np.arange(f.height)
    m = f["mean_defeated"].to_numpy()
    err = _whiskers(m, f["mean_defeated_lo"], f["mean_defeated_hi"])
    ax.barh(y, m, color=[ORANGE if c else BLUE for c in f["coop"].to_list()])
    ax.errorbar(m, y, xerr=err, fmt="none", ecolor="black", capsize=2, lw=1)
    ax.set_yticks(y, f["team"].to_list(), fontsize=9)
    ax.set_xlim(0, _span(f["mean_defeated_lo"], f["mean_defeated_hi"], pad=0.1, floor=0, ceiling=6.2)[1])
    ax.set_xlabel("immortals defeated per game (blue: solo, orange: co-op)")
    ax.set_title("Onslaught: how deep each team goes (95% interval)", fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    return fig


def _solo_coop_rate_figure(frame: pl.DataFrame, key: str, rate: str, *, xlabel: str, title: str) -> Figure:
    """A rate per ``key`` with 95% intervals, solo (blue) and co-op (orange) side by side."""
    ids = sorted(set(frame[key].to_list()))
    fig = Figure(figsize=(7, 0.5 * len(ids) + 1.6), layout="constrained")
    ax = fig.add_subplot()
    for coop, colour in ((False, BLUE), (True, ORANGE)):
        sub = {r[key]: r for r in frame.filter(pl.col("coop") == coop).iter_rows(named=True)}
        if not sub:
            continue
        y = np.arange(len(ids)) + (0.2 if coop else -0.2)
        mid, lo, hi = ([sub[i][c] if i in sub else np.nan for i in ids] for c in (rate, f"{rate}_lo", f"{rate}_hi"))
        ax.barh(y, mid, height=0.4, color=colour, label="co-op" if coop else "solo")
        ax.errorbar(mid, y, xerr=_whiskers(mid, lo, hi), fmt="none", ecolor="black", capsize=2, lw=1)
    ax.set_yticks(np.arange(len(ids)), ids)
    ax.set_xlim(0, _span(frame[f"{rate}_lo"], frame[f"{rate}_hi"], floor=0, ceiling=1)[1])
    _percent_axis(ax.xaxis)
    ax.set_xlabel(xlabel)
    ax.legend(frameon=False)
    ax.set_title(title, fontsize=10)
    return fig


def immortal_figure(frame: pl.DataFrame) -> Figure:
    """Wave win rate per immortal, solo and co-op side by side, with 95% intervals."""
    return _solo_coop_rate_figure(frame, "immortal", "wave_win_rate",
                                  xlabel="share of waves won when this immortal is faced",
                                  title="Immortals: difficulty")


def titan_figure(frame: pl.DataFrame, noun: str = "titan", nouns: str = "titans") -> Figure:
    """Share of games won against each titan (or what the mode's players face: `Mode.opponent`), solo and
    co-op, with 95% intervals (hardest lowest)."""
    return _solo_coop_rate_figure(frame, "titan", "win_rate", xlabel=f"share of games in which the {noun} is defeated",
                                  title=f"{nouns.capitalize()}: difficulty")


def ascension_matrix_figure(frame: pl.DataFrame, noun: str = "titan") -> Figure:
    """Heatmap of the players' win rate per titan (rows) and solo faction (columns)."""
    solo = frame.filter(~pl.col("coop"))
    titans = sorted(set(solo["titan"].to_list()))
    teams = sorted(set(solo["team"].to_list()))
    grid = np.full((len(titans), len(teams)), np.nan)
    for t, team, v in solo.select("titan", "team", "win_rate").iter_rows():
        grid[titans.index(t), teams.index(team)] = v
    fig = Figure(figsize=(0.8 * len(teams) + 3, 0.6 * len(titans) + 2.2), layout="constrained")
    ax = fig.add_subplot()
    vmin, vmax = _rate_limits(grid)
    im = ax.imshow(grid, vmin=vmin, vmax=vmax, cmap="RdBu")
    for i in range(len(titans)):
        for j in range(len(teams)):
            if not np.isnan(grid[i, j]):
                ax.text(j, i, f"{grid[i, j]:.0%}", ha="center", va="center", fontsize=9,
                        color=_ink(grid[i, j], vmin, vmax))
    ax.set_xticks(range(len(teams)), teams, rotation=60, ha="right", fontsize=9)
    ax.set_yticks(range(len(titans)), titans, fontsize=9)
    ax.set_title(f"Solo: share of games the faction defeats the {noun}", fontsize=10)
    _percent_axis(fig.colorbar(im, ax=ax, shrink=0.8, label="players' win rate").ax.yaxis)
    return fig


def ascension_sections(tables: dict, catalog, factions, cfg, sweep) -> tuple[list[Section], list[str], Lead]:
    from hoplostat import headline, stats
    from hoplostat.engine.loop import mode_class

    noun, nouns = mode_class(str(cfg.get("mode"))).opponent
    t = stats.boss_summary(tables)
    marks = _opponent_stand_ins(catalog, "titans")
    t["titans"] = _mark_stand_ins(_need(t, "titans"), "titan", marks)
    t["matrix"] = _mark_stand_ins(_need(t, "matrix"), "titan", marks)
    sections: list[Section] = [
        ("ascension-titans", nouns.capitalize(), titan_figure(_need(t, "titans"), noun, nouns),
         f"How often the players defeat each {noun}, solo and co-op; the hardest have the lowest bars "
         "(* = stand-in values).",
         _need(t, "titans")),
        ("ascension-matrix", f"{noun.capitalize()} by faction", ascension_matrix_figure(_need(t, "matrix"), noun),
         f"Each cell is a faction's solo win rate against a {noun}; the table also lists the co-op teams.",
         _need(t, "matrix")),
    ]
    if t["units"] is not None:
        sections.append(_units_section(t, catalog))
    sections.append(("rounds", "Game length", rounds_figure(tables["games"]),
                     f"Rounds per game; a game reaching the round cap ({cfg.get('max_rounds')}) ends there and is "
                     "counted.", None))
    sentences = [f"Players defeat {r['titan']} ({'co-op' if r['coop'] else 'solo'}) in {_pct(r['win_rate'])} "
                 f"[{_pct(r['win_rate_lo'])}, {_pct(r['win_rate_hi'])}] of {r['games']:,} games, in "
                 f"{r['mean_rounds']:.1f} rounds on average." for r in _need(t, "titans").iter_rows(named=True)]
    found = headline.opponent_findings(_need(t, "titans"), "titan", "win_rate", noun, sweep)
    return sections, sentences, Lead(found, what=noun)


def share_figure(frame: pl.DataFrame, key: str, *, title: str, ylabel: str = "") -> Figure:
    """Horizontal bars of each row's win share with 95% whiskers, and the fair share (1 / players) as
    the reference line: a bar clear of it is a faction (or seat) that wins more or less than its share."""
    f = frame.sort("win_share") if key != "position" else frame.sort("position", descending=True)
    fig = Figure(figsize=(7, 0.45 * f.height + 1.6), layout="constrained")
    ax = fig.add_subplot()
    y = np.arange(f.height)
    rate = f["win_share"].to_numpy()
    colours = [ORANGE if v == "stronger" else (GREY if v == "within" else BLUE) for v in f["verdict"].to_list()]
    ax.barh(y, rate, color=colours, alpha=0.9)
    ax.errorbar(rate, y, xerr=_whiskers(rate, f["win_share_lo"], f["win_share_hi"]), fmt="none", ecolor="black",
                capsize=3, lw=1)
    fair = float(f["fair_share"].mean())  # type: ignore[arg-type]  # the mean of a column of floats
    ax.axvline(fair, color="black", ls="--", lw=1)
    ax.text(fair, f.height - 0.4, f" fair share {fair:.0%}", fontsize=10, va="bottom")
    labels = [f"{v}{'st' if v == 1 else 'nd' if v == 2 else 'rd' if v == 3 else 'th'} to play" if key == "position"
              else str(v) for v in f[key].to_list()]
    ax.set_yticks(y, labels)
    ax.set_xlim(0, _span(f["win_share_lo"], f["win_share_hi"], fair, floor=0, ceiling=1)[1])
    _percent_axis(ax.xaxis)
    ax.set_xlabel("share of games won (orange: above the fair share,\nblue: below, grey: not distinguishable from it)")
    if ylabel:
        ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    return fig


def pods_sections(tables: dict, catalog, factions, cfg, sweep) -> tuple[list[Section], list[str], Lead]:
    from hoplostat import headline, stats

    t = stats.pods_summary(tables)
    names = _faction_names(catalog, factions)
    g = _need(t, "games").row(0, named=True)
    players = int(cfg.get("players") or 3)
    sections: list[Section] = [
        ("pods-shares", "Win share per faction", share_figure(_need(t, "win_shares"), "faction",
                                                             title="Free-for-all: share of games won (95% interval)"),
         f"Each faction's share of the games it played that it won, over {g['pods']} pods of {players} players "
         f"sampled from the seed (every faction in about as many pods as the others, each pod seated at random). "
         f"The dashed line is the fair share: the share of games that have a winner, split evenly among the "
         f"{players} players (games that reach the round cap are won by nobody: {g['draws']:,} of "
         f"{g['games']:,}).", _need(t, "win_shares")),
        ("pods-positions", "Turn position", share_figure(_need(t, "positions"), "position",
                                                        title="Share of games won by turn position"),
         "Does playing first (or last) in the round pay? The same measure per position in the turn order.",
         _need(t, "positions")),
    ]
    if t["units"] is not None:
        sections.append(_units_section(t, catalog))
    sections.append(("rounds", "Game length", rounds_figure(tables["games"]),
                     f"Rounds per game; a game reaching the round cap ({cfg.get('max_rounds')}) is won by nobody.",
                     None))
    sentences = []
    for r in _need(t, "win_shares").iter_rows(named=True):
        diff = 100 * r["diff"]
        what = (f"{abs(diff):.0f} points {'more' if diff > 0 else 'less'} than its fair share"
                if r["verdict"] != "within" else "not distinguishable from its fair share")
        sentences.append(f"{names.get(r['faction'], r['faction'])} wins {_pct(r['win_share'])} "
                         f"[{_pct(r['win_share_lo'])}, {_pct(r['win_share_hi'])}] of its {r['games']:,} games: {what}.")
    found = headline.share_findings(_need(t, "win_shares"), "faction", "faction", names)
    found += headline.share_findings(_need(t, "positions"), "position", "seat", names,
                                     label=lambda p: f"The player {_ordinal(int(p))} in turn order")
    return sections, sentences, Lead(found, what="faction or seat")


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def pairing_figure(frame: pl.DataFrame) -> Figure:
    """Heatmap of the team win rate of each pair of teammates (symmetric), the 95% interval in the cell."""
    factions = sorted(set(frame["mate_1"].to_list()) | set(frame["mate_2"].to_list()))
    pos = {f: i for i, f in enumerate(factions)}
    n = len(factions)
    grid = np.full((n, n), np.nan)
    text = {}
    for r in frame.iter_rows(named=True):
        i, j = pos[r["mate_1"]], pos[r["mate_2"]]
        grid[i, j] = grid[j, i] = r["win_rate"]
        text[(i, j)] = text[(j, i)] = (f"{r['win_rate']:.0%}\n[{r['win_rate_lo']:.0%}, {r['win_rate_hi']:.0%}]\n"
                                       f"n={r['games']}")
    size = 1.05 * n + 2.5
    fig = Figure(figsize=(size + 1, size), layout="constrained")
    ax = fig.add_subplot()
    vmin, vmax = _rate_limits(grid)
    im = ax.imshow(grid, vmin=vmin, vmax=vmax, cmap="RdBu_r")
    for (i, j), s in text.items():
        ax.text(j, i, s, ha="center", va="center", fontsize=9, color=_ink(grid[i, j], vmin, vmax))
    ax.set_xticks(range(n), factions, rotation=60, ha="right", fontsize=9)
    ax.set_yticks(range(n), factions, fontsize=9)
    ax.set_title("Alliance: team win rate of each pair of teammates\n(95% interval, games)", fontsize=10)
    _percent_axis(fig.colorbar(im, ax=ax, shrink=0.8, label="team win rate").ax.yaxis)
    return fig


def teams_sections(tables: dict, catalog, factions, cfg, sweep) -> tuple[list[Section], list[str], Lead]:
    from hoplostat import headline, stats

    t = stats.teams_summary(tables)
    names = _faction_names(catalog, factions)
    average = stats.field_average(tables["games"])[0]  # the average team, as for two seats
    sections: list[Section] = [
        ("teams-factions", "Team win rate per faction",
         win_rate_figure(_need(t, "win_rates"), title="Alliance: share of games the faction's team wins (95% interval)",
                         reference=average, reference_label=f"average team {average:.0%}"),
         "Each faction's team win rate over every teammate and opponent it met. "
         f"{_average_words(average, 'team', line='the dashed line')}", _need(t, "win_rates")),
        ("teams-pairings", "Pairings", pairing_figure(_need(t, "pairings")),
         "Which two factions make the strongest team: each cell is the win rate of that pair as teammates, with "
         "its interval and number of games. Pods are sampled, so some pairs have few games or none.",
         _need(t, "pairings")),
        ("teams-first", "First player's team", first_player_figure(_need(t, "first_team").rename(
            {"first_team_win_rate": "first_win_rate", "first_team_win_rate_lo": "first_win_rate_lo",
             "first_team_win_rate_hi": "first_win_rate_hi", "first_team_wins": "first_wins"}).with_columns(
            pl.lit("pozzuoli").alias("arena"))),
         "How often the team of the player who goes first wins.", _need(t, "first_team")),
    ]
    if t["units"] is not None:
        sections.append(_units_section(t, catalog))
    sections.append(("rounds", "Game length", rounds_figure(tables["games"]),
                     f"Rounds per game; a game reaching the round cap ({cfg.get('max_rounds')}) is a draw.", None))
    sentences = []
    top = _need(t, "pairings").filter(pl.col("games") > 0).head(1)
    for r in _need(t, "win_rates").iter_rows(named=True):
        sentences.append(f"{names.get(r['faction'], r['faction'])}'s team wins {_pct(r['win_rate'])} "
                         f"[{_pct(r['win_rate_lo'])}, {_pct(r['win_rate_hi'])}] of its {r['games']:,} games.")
    for r in top.iter_rows(named=True):
        sentences.append(f"The strongest pairing seen is {names.get(r['mate_1'], r['mate_1'])} with "
                         f"{names.get(r['mate_2'], r['mate_2'])}: {_pct(r['win_rate'])} [{_pct(r['win_rate_lo'])}, "
                         f"{_pct(r['win_rate_hi'])}] of {r['games']:,} games.")
    found = headline.teams_findings(t, stats.field_average_interval(tables["games"]), names, sweep)
    return sections, sentences, Lead(found, what="faction, pairing or seat")


def _opponent_stand_ins(catalog, kind: str) -> set[str]:
    """Ids of the immortals or titans of the catalog whose card carries any stand-in value."""
    if kind == "titans":
        return {tid for tid, x in catalog.titans.items() if x.stand_in_count}
    return {uid for uid, u in catalog.units.items() if u.kind == "immortal" and u.is_stand_in}


def _mark_stand_ins(frame: pl.DataFrame, col: str, ids: set[str]) -> pl.DataFrame:
    """`col` ids of stand-in chips get " *" (figures and tables that name a chip say which are ours), and a
    `stand_in` column says so in words."""
    flag = pl.col(col).is_in(list(ids))
    return frame.with_columns(flag.alias("stand_in"),
                              pl.when(flag).then(pl.col(col) + " *").otherwise(pl.col(col)).alias(col))


def _faction_names(catalog, factions) -> dict[str, str]:
    return {f: catalog.faction(f).name if f in catalog.factions else f for f in factions}


GROUPS = {
    "compare": "Against other sweeps", "stronger": "Against other sweeps", "robustness": "Against other sweeps",
    "trials-campaign": "The campaign", "trials-pass": "The campaign", "trials-stalls": "The campaign",
    "field": "Factions", "win-rates": "Factions", "ratings": "Factions", "naval-events": "Factions",
    "pods-shares": "Factions and seats", "pods-positions": "Factions and seats",
    "teams-factions": "Teams", "teams-pairings": "Teams", "teams-first": "Teams",
    "onslaught-teams": "Teams and immortals", "onslaught-immortals": "Teams and immortals",
    "ascension-titans": "{opponents}", "ascension-matrix": "{opponents}",
    "matchups": "Matchups", "matchups-by-seat": "Matchups", "draft-colours": "The draft", "draft-chips": "The draft",
    "first-player": "Seats and game length", "rounds": "Seats and game length",
    "units": "Units and their odds", "odds": "Units and their odds",
}
"""The heading each section goes under on the page, in page order (a section not named here: "More");
`{opponents}`: what the mode's players face, in its own word (`Mode.opponent`: titans, bosses)."""


def _grouped(sections: list[Section]) -> list[Section]:
    """The sections in the order of their headings (`GROUPS`), in their own order within one."""
    order = list(dict.fromkeys(GROUPS.values()))
    return sorted(sections, key=lambda x: order.index(GROUPS[x[0]]) if x[0] in GROUPS else len(order))


def report_content(manifest: dict, tables: dict, catalog, analysis: Any, *, path: str = "SWEEP") -> dict[str, Any]:
    """The report of a sweep's tables as data: `sections` (key, title, Figure, explanation, table or None) in page
    order, the summary `sentences`, the stand-in `share` of the chips used (`sweep.stand_ins`) and the `lead`
    (`Lead`: the headline's candidates and figure). The sections, sentences and lead are the mode's analysis's
    (`analysis`: `hoplostat.analysis.for_mode(mode)`, its `report_sections`), then the attack odds of the chips it
    names (`Analysis.odds_frame`). `path`: the sweep's directory, as the next-step commands name it."""
    from hoplostat.engine.loop import mode_class
    from hoplostat.headline import Sweep
    from hoplostat.sweep import chips_used, stand_ins

    cfg = manifest["config"]
    factions = chips_used(tables)["factions"]
    cls = mode_class(str(cfg.get("mode")))
    sweep = Sweep(path, cfg, getattr(cls, "default_max_rounds", None))
    sections, sentences, lead = analysis.report_sections(tables, catalog, factions, cfg, sweep)
    odds_frame = analysis.odds_frame(tables, catalog, factions)
    sections.append(("odds", "Attack odds per unit", kill_chance_figure(odds_frame),
                     "For every unit (heroes included): the chance that one attack defeats a target of the given HP.",
                     None))
    return {"sections": _grouped(sections), "sentences": sentences, "share": stand_ins((tables, catalog)),
            "lead": lead}


def report_sections(manifest: dict, tables: dict, catalog, analysis: Any) -> tuple[list[Section], list[str], dict]:
    """The report of a sweep's tables as data (`report_content`): its sections in page order, the headline's
    figure first as section "headline" when there is one, its summary sentences, and the stand-in share of the
    chips used (`sweep.stand_ins`)."""
    c = report_content(manifest, tables, catalog, analysis)
    lead = c["lead"]
    head = [("headline", "Headline", lead.figure, lead.text, None)] if lead.figure is not None else []
    return head + c["sections"], c["sentences"], c["share"]


def chips_kill_chance_frame(catalog, chips, *, max_hp: int = 6) -> pl.DataFrame:
    """`kill_chance_frame` of single chips (a drafted pool's, grouped by their first class in the "faction"
    column)."""
    from hoplostat.odds import Attack, odds

    rows = []
    for cid in chips:
        u = catalog.units.get(cid)
        if u is None:
            continue
        o = odds(Attack(u.attack))
        for hp in range(1, max_hp + 1):
            rows.append({"faction": u.classes[0] if u.classes else u.kind, "unit": u.id, "name": u.name, "hp": hp,
                         "p_kill": o.kill(hp), "stand_in": u.is_stand_in})
    return pl.DataFrame(rows)


def draft_sections(tables: dict) -> list[Section]:
    """The sections of a mode with a draft (Origins): the drafting house's win rate per colour and per chip."""
    from hoplostat import stats

    d = stats.draft_summary(tables["draft"])
    colours = d["draft_colours"].rename({"colour": "faction"})
    chips = d["draft_chips"].rename({"chip": "faction"})
    return [
        ("draft-colours", "Drafted colours", win_rate_figure(colours, title="Win rate of the house drafting a colour "
                                                                            "(95% interval)"),
         "The share of games won by the house that drafted at least one chip of the colour (a colour counts once per "
         "lineup and game); whiskers are 95% Wilson intervals. Both houses draft, so a colour in both lineups "
         "counts a win and a loss.", d["draft_colours"]),
        ("draft-chips", "Drafted chips", win_rate_figure(chips, title="Win rate of the house drafting a chip (95% "
                                                                      "interval)"),
         "The same per chip, with how often and how early (mean pick, 1 = first) it was drafted.", d["draft_chips"]),
    ]


def naval_sections(tables: dict) -> list[Section]:
    """Pandora's Wake, Naumachia: how often each faction brings the opposing hero into combat (the opposing
    troop's fourth crowd favor event, NAU-34), the way to victory, with the events and favor behind it."""
    from hoplostat import stats

    t = stats.naval_summary(tables["games"])
    fig = win_rate_figure(t.rename({"hero_in_rate": "win_rate", "hero_in_rate_lo": "win_rate_lo",
                                    "hero_in_rate_hi": "win_rate_hi"}),
                          title="Share of games in which the faction brings the opposing hero in (95% interval)")
    return [("naval-events", "Crowd favor events", fig,
             "Damage to a troop's ships costs it crowd favor; each track's last space is an event that dislodges a "
             "captain, and the fourth brings its hero into combat, where it can be defeated. Bars: the share of a "
             "faction's games in which the other troop's hero came in (Wilson 95% whiskers); the table adds the "
             "mean events caused, the mean favor the other troop lost and the mean damage dealt to its ships.", t)]


def robustness_section(results: Path, others: list[Path], *, analysis: Any,
                       opened: list | None = None) -> tuple[Section, list[str]]:
    """The "robustness" section (this sweep and `others`, the same matchups under other players:
    `robustness.robustness_sweeps`; `opened`: their `robustness.open_sweeps`, when checked already) and its
    summary sentences: the rank correlations and every flipped verdict."""
    from hoplostat.robustness import WORDS, robustness_sweeps, wide_table

    r = robustness_sweeps([results, *others], analysis=analysis, opened=opened)
    labels, subject = r["labels"], r["subject"]
    wide = wide_table(r["table"], labels).with_columns(
        pl.col(f"verdict_{x}").replace_strict(WORDS, default=None) for x in labels)
    wide = wide.rename({"key": subject, **{c: c.replace(f"_{x}", f" under {x}", 1) for x in labels
                                           for c in (f"rate_{x}", f"rate_{x}_lo", f"rate_{x}_hi", f"verdict_{x}")}})
    corr = []
    for c in r["correlations"].iter_rows(named=True):
        if c["spearman"] is None:
            corr.append(f"{c['a']} and {c['b']}: no rank correlation ({c['note']})")
            continue
        ci = (f" [{c['spearman_lo']:.2f}, {c['spearman_hi']:.2f}]" if c["spearman_lo"] is not None
              else f" ({c['note']})")
        corr.append(f"{c['a']} and {c['b']} rank the {plural(c['subjects'], subject)} with a Spearman correlation of "
                    f"{c['spearman']:.2f}{ci}")
    flips = [f["sentence"] + (" (reversed)" if f["reversed"] else "") for f in r["flips"]]
    where = ", ".join(f"{s['label']} ({s['path']}, {plural(s['games'], 'game')})" for s in r["sweeps"])
    text = (f"{r['what'].capitalize()} of the same matchups played by different players: {where}. Each rate "
            f"with its 95% interval and its verdict against an average {subject} of its own sweep. "
            + "; ".join(corr) + f" (95% bootstrap intervals, {plural(r['bootstrap'], 'resample')} of the games, "
            f"seed {r['seed']}). " + (f"Verdicts that change with the player: {'; '.join(flips)}." if flips else
                                 "No verdict changes with the player."))
    section = ("robustness", "Verdicts under other players", robustness_figure(r["table"], labels, subject=subject),
               text, wide)
    sentences = [f"Under other players ({', '.join(labels[1:])}): "
                 + (f"{len(flips)} of {plural(wide.height, 'verdict')} {'changes' if len(flips) == 1 else 'change'}: "
                    + "; ".join(flips) if flips
                    else f"none of the {plural(wide.height, 'verdict')} changes") + "."]
    return section, sentences


def stronger_section(results: Path, stronger: Path, *, analysis: Any, opened: list | None = None,
                     names: dict[str, str] | None = None) -> tuple[Section, list[str]]:
    """"Do these verdicts hold for stronger players?": this sweep's verdicts beside a sweep of the same matchups by a
    stronger player (`stronger`), each marked holds, changes (to or from "not distinguishable") or reverses
    (`robustness.verdict_change`), with the rank correlation; and the summary sentence (naming each by `names`)."""
    from hoplostat.robustness import WORDS, robustness_sweeps, verdict_change

    r = robustness_sweeps([results, stronger], analysis=analysis, opened=opened)
    (a, b), subject = r["labels"], r["subject"]
    t = r["table"]
    rows = []
    for key in sorted(set(t["key"].to_list())):
        got = {row["sweep"]: row for row in t.filter(pl.col("key") == key).iter_rows(named=True)}
        if a in got and b in got:
            x, y = got[a], got[b]
            rows.append({subject: key, f"rate under {a}": x["rate"], f"verdict under {a}": WORDS.get(x["verdict"]),
                         f"rate under {b}": y["rate"], f"verdict under {b}": WORDS.get(y["verdict"]),
                         "the stronger player's verdict": verdict_change(x["verdict"], y["verdict"])})
    table = pl.DataFrame(rows)
    counts = {k: sum(1 for row in rows if row["the stronger player's verdict"] == k)
              for k in ("holds", "changes", "reverses")}
    c = r["correlations"].row(0, named=True)
    corr = (f"they rank the {plural(c['subjects'], subject)} with a Spearman correlation of {c['spearman']:.2f}"
            + (f" [{c['spearman_lo']:.2f}, {c['spearman_hi']:.2f}] (95% bootstrap interval)"
               if c["spearman_lo"] is not None else "")
            if c["spearman"] is not None else f"no rank correlation ({c['note']})")
    games = {s["label"]: s["games"] for s in r["sweeps"]}
    text = (f"The same matchups played by a stronger player: {b} ({stronger}, {games[b]:,} games) beside this sweep's "
            f"{a} ({games[a]:,} games). A verdict that holds under the stronger player is about the game; one that "
            f"changes or reverses was partly about the player (README, \"Players\"). {counts['holds']} hold, "
            f"{counts['changes']} change (to or from not distinguishable), {counts['reverses']} reverse; {corr}.")
    section = ("stronger", "Do these verdicts hold for stronger players?",
               robustness_figure(r["table"], [a, b], subject=subject), text, table)
    named = (names or {}).get
    reversed_ = [named(row[subject], row[subject]) for row in rows
                 if row["the stronger player's verdict"] == "reverses"]
    changed = [named(row[subject], row[subject]) for row in rows if row["the stronger player's verdict"] == "changes"]
    sentence = (f"Under a stronger player ({b}): {counts['holds']} of {plural(len(rows), 'verdict')} hold"
                + (f"; {', '.join(changed)} change" if changed else "")
                + (f"; {', '.join(reversed_)} reverse" if reversed_ else "") + ".")
    return section, [sentence]


def check_inputs(results: Path, *, compare_with: Path | None = None,
                 robustness_with: list[Path] | tuple[Path, ...] = (), stronger: Path | None = None) -> dict[str, Any]:
    """Check the sweeps a report reads before anything is written (an InputError otherwise): `results` is a
    sweep directory, `compare_with` a different sweep of the same matchups (`comparison.open_pair`),
    `robustness_with` different sweeps of the same matchups under other players (`robustness.open_sweeps`).
    The sweeps as read, for `build_report(checked=...)`."""
    from hoplostat.comparison import open_pair
    from hoplostat.robustness import open_sweeps
    from hoplostat.sweep import scan_tables, sweep_config

    scanned = scan_tables(results)
    sweep_config(results, scanned[0])
    return {"results": scanned,
            "compare": None if compare_with is None else open_pair(Path(compare_with), Path(results)),
            "robustness": (open_sweeps([Path(results), *(Path(p) for p in robustness_with)]) if robustness_with
                           else None),
            "stronger": None if stronger is None else open_sweeps([Path(results), Path(stronger)])}


def _compare_section(results: Path, compare_with: Path, opened, analysis: Any) -> tuple[Section, str]:
    """The "compare" section (this sweep against `compare_with`) and its summary sentence."""
    from hoplostat.comparison import compare_sweeps

    cmp = compare_sweeps(Path(compare_with), results, analysis=analysis, opened=opened)
    frame = cmp["table"]
    section = ("compare", "Change against another sweep", compare_figure(
        frame, a_name=str(compare_with), b_name=str(results)),
        f"{cmp['what'].capitalize()} of this sweep (B) minus those of {compare_with} (A), the same matchups: "
        "the difference in points with its 95% interval (Newcombe), and whether it is significant after Holm's "
        f"correction over the {frame.height} compared.", frame.drop("p_value"))
    n_sig = int(frame["significant"].sum())
    sentence = (f"Against {compare_with}: {n_sig} of {plural(frame.height, 'difference')} "
                f"{'is' if n_sig == 1 else 'are'} significant"
                + (": " + ", ".join(f"{r['key']} {100 * r['diff']:+.0f} points" for r in
                                    frame.filter(pl.col("significant")).iter_rows(named=True)) if n_sig else "") + ".")
    return section, sentence


def _headline_html(lead: Lead, extra: list[str], grow: str, figure: str) -> str:
    """The headline block: the best finding of each kind, ranked (`headline.headline`), with `extra` sentences
    (the stronger player's verdicts, a comparison) after them, and what to do next."""
    from hoplostat.headline import headline, none_found

    top = headline(lead.findings)
    fine = ("Ranked by size and certainty: by how far each 95% interval's nearer end lies from no effect (the size "
            "this run is sure of); the best of each kind. Every finding is in the tables below and in words at the "
            "end." + (f" To tighten every interval, grow this sweep (only the new games are played): {grow}" if top
                      else ""))
    return page.headline_html(top, figure=figure, none=none_found(lead.what, grow), fine=fine, also=extra)


def _section_html(section: Section, png: bytes, *, level: str = "h3") -> str:
    key, title, fig, text, table = section
    out = [f'<section id="{key}"><{level}>{html.escape(title)}</{level}><p>{html.escape(text)}</p>',
           page.figure_html(fig, png, title)]
    if table is not None and key == "units":
        few = _standouts(table, 5)
        out.append(_table_html(few, caption="The five highest and five lowest within their faction and class"))
        out.append(f"<details><summary>All {table.height} units (a long table)</summary>{_table_html(table)}</details>")
    elif table is not None and table.height > 40:
        out.append(f"<details><summary>The table ({table.height} rows)</summary>{_table_html(table)}</details>")
    elif table is not None:
        out.append(_table_html(table))
    out.append("</section>")
    return "".join(out)


def build_report(results: Path, out_dir: Path, catalog, analysis: Any, *, compare_with: Path | None = None,
                 robustness_with: list[Path] | tuple[Path, ...] = (), checked: dict[str, Any] | None = None,
                 stronger: Path | None = None) -> Path:
    """Write ``index.html`` (figures embedded, viewable offline) and the PNGs into ``out_dir``.

    The page opens with its headline (`headline`: the largest effects of the run by size and certainty, each
    with its interval and the command to run next) and the figure a designer reads first (Skirmish: the factions
    by arena), then the sections under their headings (`GROUPS`). Sections follow what the results directory
    holds: Skirmish sweeps get win rates, matchups, first player, ratings; Onslaught sweeps get immortals
    defeated per team and per immortal. ``stronger`` adds whether the verdicts hold for a stronger player
    ("stronger", right after the headline), ``compare_with`` the change from another sweep ("compare"),
    ``robustness_with`` the verdicts under the players of other sweeps of the same matchups ("robustness").
    Every sweep is checked (`check_inputs`; ``checked``: its result, when the caller checked them already)
    before any work, and ``out_dir`` is created only once the report is ready to be written. ``analysis``: the
    mode's (`hoplostat.analysis.for_mode`), whose sections the page shows (`report_content`).
    """
    from hoplostat import headline
    from hoplostat.sweep import chips_used, resume_command

    if checked is None:
        checked = check_inputs(results, compare_with=compare_with, robustness_with=robustness_with, stronger=stronger)
    manifest, tables = checked["results"]

    games = tables["games"]
    cfg = manifest["config"]
    factions = chips_used(tables)["factions"]
    names = _faction_names(catalog, factions)
    content = report_content(manifest, tables, catalog, analysis, path=str(results))
    sections, sentences, share, lead = content["sections"], content["sentences"], content["share"], content["lead"]
    extra: list[str] = []
    front: list[Section] = []
    if stronger is not None:
        section, lines = stronger_section(Path(results), Path(stronger), analysis=analysis,
                                          opened=checked.get("stronger"), names=names)
        front.append(section)
        sentences[0:0] = lines
        extra += lines
        label, verdicts = _stronger_verdicts(section)
        lead.findings = headline.with_stronger(lead.findings, verdicts, label)
    if compare_with is not None:
        section, line = _compare_section(Path(results), Path(compare_with), checked["compare"], analysis)
        front.append(section)
        sentences.insert(len(front) - 1, line)
        extra.append(line)
    if robustness_with:
        section, lines = robustness_section(Path(results), [Path(p) for p in robustness_with], analysis=analysis,
                                            opened=checked["robustness"])
        front.append(section)
        sentences[len(front) - 1:len(front) - 1] = lines
    grow = resume_command(results, {**cfg, "games": 2 * int(cfg.get("games") or 1)})
    stand_in, n_chips = share["stand_in"], share["chips"]
    many = {"hero": "heroes", "neutral-hero": "neutral heroes", "titan-ally": "titan allies"}
    kinds = ", ".join(f"{v['stand_in']} of {plural(v['chips'], k, many.get(k))}"
                      for k, v in sorted(share["by_kind"].items()))
    from hoplostat.outpaths import output_dir, writing

    out_dir = output_dir(out_dir, "--out")
    output_dir(out_dir / "figures", "--out")

    def drawn(key: str, fig: Figure) -> bytes:
        data = page.png(fig)
        with writing(out_dir / "figures" / f"{key}.png", "--out"):
            (out_dir / "figures" / f"{key}.png").write_bytes(data)
        return data

    lead_figure = ""
    if lead.figure is not None:
        lead_figure = page.figure_html(lead.figure, drawn("headline", lead.figure), "Headline: " + lead.text)
    parts, group = [], None
    from hoplostat.engine.loop import mode_class

    opponents = mode_class(str(cfg.get("mode"))).opponent[1].capitalize()
    for section in [*front, *sections]:
        heading = GROUPS.get(section[0], "More").format(opponents=opponents)
        if heading != group:
            parts.append(f"<h2 class='group'>{html.escape(heading)}</h2>")
            group = heading
        parts.append(_section_html(section, drawn(section[0], section[2])))
    meta = {
        "results": str(results), "mode": cfg.get("mode"), "arenas": ", ".join(cfg.get("arenas", [])),
        "factions": ", ".join(names[f] for f in factions),
        "games": f"{games.lazy().select(pl.len()).collect().item():,}",
        "games per matchup": cfg.get("games"), "policies": " vs ".join(cfg.get("policies", [])),
        "seed": cfg.get("seed"), "catalog hash": manifest.get("catalog_hash", "")[:16],
        "hoplostat version": manifest.get("version"), "sweep created": manifest.get("created"),
        "report written": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
        "stand-in chips": f"{stand_in} of {n_chips}",
        "rulings": ", ".join(f"{k}={v}" for k, v in cfg.get("rulings", ())) or "as written (docs/rulings.md)",
        "mode options": ", ".join(f"{k}={v}" for k, v in cfg.get("options", ())) or "the mode's defaults",
    }
    meta_html = "".join(f"<tr><th>{html.escape(str(k))}</th><td>{html.escape(str(v))}</td></tr>"
                        for k, v in meta.items())
    items = "".join(f"<li>{html.escape(s)}</li>" for s in sentences)
    banner = (f'<p class="banner"><strong>{stand_in} of the {n_chips} chips in this run carry stand-in values</strong>'
              f" ({html.escape(kinds)}; chosen by hoplostat, not printed on the real chips): results describe the "
              "embedded catalog, not the published game, until you load your own chips with --data "
              "(data/README.md).</p>")
    summary = (f"<h2 class='group'>Every finding, and this run</h2><section id='summary'><h3>Every finding in "
               f"words</h3><details><summary>{plural(len(sentences), 'sentence')}</summary><ul>{items}</ul></details>"
               f"<p>Intervals are 95%. To tighten them, grow this sweep in its own directory (only the new games are "
               f"played, and the result equals a sweep run that long from the start): <code>{html.escape(grow)}"
               f"</code></p><h3>This run</h3><table class='meta'>{meta_html}</table></section>")
    doc = (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>hoplostat balance report</title><style>{page.CSS}</style></head><body><main>"
        f"<h1>Balance report: {html.escape(str(cfg.get('mode', '')).title())}</h1>{banner}"
        f"{_headline_html(lead, extra, grow, lead_figure)}{''.join(parts)}{summary}</main>"
        f"<script>{page.SORT_JS}</script></body></html>"
    )
    index = out_dir / "index.html"
    tmp = out_dir / ".index.html.tmp"
    with writing(index, "--out"):
        tmp.write_text(doc, encoding="utf-8")
        tmp.replace(index)
    return index


def _stronger_verdicts(section: Section) -> tuple[str, dict[str, str]]:
    """The stronger player's label and its verdict change per subject, from the "stronger" section's table."""
    table = section[4]
    col = next((c for c in table.columns if c.startswith("verdict under ")), None) if table is not None else None
    if table is None or table.height == 0 or col is None:
        return "", {}
    label = [c for c in table.columns if c.startswith("verdict under ")][-1][len("verdict under "):]
    return label, dict(zip(table[table.columns[0]].to_list(), table["the stronger player's verdict"].to_list()))
