"""The report's figures: polars frame in, matplotlib Figure out (object API, no pyplot state, no ``show``; the
caller saves or embeds them)."""

from __future__ import annotations

from typing import Any

import numpy as np
import polars as pl
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.ticker import PercentFormatter

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


def team_depth_figure(frame: pl.DataFrame, mode: str = "Waves") -> Figure:
    """Mean immortals defeated per team with 95% intervals; co-op teams in orange; `mode`: the wave mode's title."""
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
    ax.set_title(f"{mode}: how deep each team goes (95% interval)", fontsize=10)
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


def boss_matrix_figure(frame: pl.DataFrame, noun: str = "titan") -> Figure:
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


def pairing_figure(frame: pl.DataFrame, mode: str = "Teams") -> Figure:
    """Heatmap of the team win rate of each pair of teammates (symmetric), the 95% interval in the cell; `mode`:
    the team mode's title."""
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
    ax.set_title(f"{mode}: team win rate of each pair of teammates\n(95% interval, games)", fontsize=10)
    _percent_axis(fig.colorbar(im, ax=ax, shrink=0.8, label="team win rate").ax.yaxis)
    return fig


