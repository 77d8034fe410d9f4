"""Figures (polars frame in, matplotlib Figure out) and the self-contained HTML report.

Figures use matplotlib's object API (no pyplot state, no ``show``); the caller
saves or embeds them. Every name that comes from data is HTML-escaped.
"""

from __future__ import annotations

import base64
import datetime as _dt
import html
import io
from pathlib import Path

import numpy as np
import polars as pl
from matplotlib.figure import Figure

BLUE, ORANGE, RED, GREY = "#4c72b0", "#dd8452", "#c44e52", "#8c8c8c"


def _whiskers(mid, lo, hi) -> np.ndarray:
    """Error-bar lengths (2, n) from an interval, never negative (Wilson bounds can sit a hair off)."""
    mid, lo, hi = (np.asarray(x, dtype=float) for x in (mid, lo, hi))
    return np.clip(np.vstack([mid - lo, hi - mid]), 0, None)


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


def kill_chance_frame(catalog, factions, *, max_hp: int = 8) -> pl.DataFrame:
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
    cols = min(4, len(factions))
    rows = -(-len(factions) // cols)
    fig = Figure(figsize=(3.2 * cols, 2.6 * rows), layout="constrained")
    axes = fig.subplots(rows, cols, squeeze=False, sharex=True, sharey=True)
    for ax, f in zip(axes.flat, factions):
        sub = frame.filter(pl.col("faction") == f)
        for unit in dict.fromkeys(sub["unit"].to_list()):
            s = sub.filter(pl.col("unit") == unit)
            ax.plot(s["hp"].to_list(), s["p_kill"].to_list(), alpha=0.7, lw=1.2)
        ax.set_title(f, fontsize=9)
        ax.grid(alpha=0.3)
    for ax in axes.flat[len(factions):]:
        ax.set_visible(False)
    fig.supxlabel("target HP")
    fig.supylabel("P(one attack defeats it)")
    return fig


# --- sweeps ------------------------------------------------------------------------------


def win_rate_figure(frame: pl.DataFrame, *, title: str = "Win rate per faction (95% interval)",
                    reference: float = 0.5, reference_label: str = "") -> Figure:
    """Horizontal bars of win rates with interval whiskers; a dashed reference line (50% by default)."""
    f = frame.sort("win_rate")
    fig = Figure(figsize=(7, 0.45 * f.height + 1.5), layout="constrained")
    ax = fig.add_subplot()
    y = np.arange(f.height)
    rate = f["win_rate"].to_numpy()
    err = _whiskers(rate, f["win_rate_lo"], f["win_rate_hi"])
    ax.barh(y, rate, color=BLUE, alpha=0.85)
    ax.errorbar(rate, y, xerr=err, fmt="none", ecolor="black", capsize=3, lw=1)
    ax.axvline(reference, color=GREY, ls="--", lw=1)
    if reference_label:
        ax.text(reference, f.height - 0.4, f" {reference_label}", fontsize=8, va="bottom")
    ax.set_yticks(y, f["faction"].to_list())
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of games won (draws count as not won)")
    ax.set_title(title, fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    return fig


def matchup_figure(frame: pl.DataFrame) -> Figure:
    """Heatmaps of the row faction's win rate against each opponent: going first, going second."""
    factions = sorted(set(frame["faction"].to_list()) | set(frame["opponent"].to_list()))
    pos = {f: i for i, f in enumerate(factions)}
    panels = [("win_rate_first", "row faction plays first"), ("win_rate_second", "row faction plays second")]
    panels = [(c, t) for c, t in panels if c in frame.columns] or [("win_rate", "both seat orders")]
    size = 0.55 * len(factions) + 2.5
    fig = Figure(figsize=(size * len(panels) + 1, size), layout="constrained")
    axes = fig.subplots(1, len(panels), squeeze=False)[0]
    im = None
    for ax, (col, title) in zip(axes, panels):
        grid = np.full((len(factions), len(factions)), np.nan)
        for f, o, v in frame.select("faction", "opponent", col).iter_rows():
            if v is not None:
                grid[pos[f], pos[o]] = v
        im = ax.imshow(grid, vmin=0, vmax=1, cmap="RdBu_r")
        for i in range(len(factions)):
            for j in range(len(factions)):
                if not np.isnan(grid[i, j]):
                    ax.text(j, i, f"{grid[i, j]:.0%}", ha="center", va="center", fontsize=7,
                            color="white" if abs(grid[i, j] - 0.5) > 0.3 else "black")
        ax.set_xticks(range(len(factions)), factions, rotation=60, ha="right", fontsize=8)
        ax.set_yticks(range(len(factions)), factions, fontsize=8)
        ax.set_title(title, fontsize=9)
        ax.set_xlabel("opponent")
    fig.colorbar(im, ax=list(axes), shrink=0.8, label="row faction's win rate")
    return fig


def first_player_figure(frame: pl.DataFrame) -> Figure:
    """P(the first player wins) per arena with 95% intervals."""
    fig = Figure(figsize=(5, 3.2), layout="constrained")
    ax = fig.add_subplot()
    x = np.arange(frame.height)
    rate = frame["first_win_rate"].to_numpy()
    err = _whiskers(rate, frame["first_win_rate_lo"], frame["first_win_rate_hi"])
    ax.bar(x, rate, color=ORANGE)
    ax.errorbar(x, rate, yerr=err, fmt="none", ecolor="black", capsize=4)
    ax.axhline(0.5, color=GREY, ls="--", lw=1)
    ax.set_xticks(x, frame["arena"].to_list())
    ax.set_ylim(0, 1)
    ax.set_ylabel("P(first player wins)")
    ax.set_title("First-player advantage (draws count as not won)", fontsize=10)
    return fig


def ratings_figure(frame: pl.DataFrame) -> Figure:
    """Bradley-Terry strengths (log-odds scale, mean 0) with 95% intervals."""
    f = frame.sort("strength")
    fig = Figure(figsize=(6, 0.45 * f.height + 1.5), layout="constrained")
    ax = fig.add_subplot()
    y = np.arange(f.height)
    s = f["strength"].to_numpy()
    err = _whiskers(s, f["strength_lo"], f["strength_hi"])
    ax.errorbar(s, y, xerr=err, fmt="o", color=BLUE, ecolor="black", capsize=3)
    ax.axvline(0, color=GREY, ls="--", lw=1)
    ax.set_yticks(y, f["faction"].to_list())
    ax.set_xlabel("strength (log-odds; +0.4 ≈ 60% against an average faction)")
    ax.set_title("Bradley-Terry ratings (95% interval)", fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    return fig


def unit_figure(frame: pl.DataFrame, *, n: int = 10) -> Figure:
    """Units whose damage per deployment stands out within their faction (z-score), top and bottom."""
    f = frame.drop_nulls("damage_z").sort("damage_z")
    pick = pl.concat([f.head(n), f.tail(n)]).unique(maintain_order=True) if f.height > 2 * n else f
    fig = Figure(figsize=(7, 0.3 * pick.height + 1.5), layout="constrained")
    ax = fig.add_subplot()
    y = np.arange(pick.height)
    z = pick["damage_z"].to_numpy()
    ax.barh(y, z, color=[RED if v < 0 else BLUE for v in z])
    ax.set_yticks(y, [f"{u} ({f})" if not u.startswith(f + "/") else u
                      for u, f in pick.select("unit", "faction").iter_rows()], fontsize=7)
    ax.axvline(0, color=GREY, lw=1)
    ax.set_xlabel("damage per deployment, standard deviations from its faction's mean")
    ax.set_title("Over- and under-performing units", fontsize=10)
    return fig


def rounds_figure(games: pl.DataFrame) -> Figure:
    """Distribution of game length in rounds per arena; games that hit the round cap are draws."""
    fig = Figure(figsize=(7, 3.2), layout="constrained")
    ax = fig.add_subplot()
    arenas = sorted(games["arena"].unique().to_list())
    top = int(games["rounds"].max())
    bins = np.arange(0.5, top + 1.5)
    for arena, colour in zip(arenas, (BLUE, ORANGE, RED)):
        r = games.filter(pl.col("arena") == arena)["rounds"].to_numpy()
        ax.hist(r, bins=bins, alpha=0.6, color=colour, label=f"{arena} (median {np.median(r):.0f})")
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

SECTIONS = ("summary", "win-rates", "matchups", "first-player", "ratings", "units", "rounds", "odds")
"""Sections of a Skirmish report."""
ONSLAUGHT_SECTIONS = ("summary", "onslaught-teams", "onslaught-immortals", "units", "rounds", "odds")
ASCENSION_SECTIONS = ("summary", "ascension-titans", "ascension-matrix", "units", "rounds", "odds")

_CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0;color:#222;background:#fafafa}
main{max-width:980px;margin:0 auto;padding:1rem}
h1{font-size:1.6rem;margin:.5rem 0}h2{font-size:1.2rem;margin-top:2rem;border-bottom:1px solid #ddd}
.banner{background:#fff3cd;border:1px solid #e0c36a;padding:.75rem 1rem;border-radius:6px}
figure{margin:1rem 0}img{max-width:100%;height:auto;background:#fff;border:1px solid #eee}
table{border-collapse:collapse;font-size:.9rem;display:block;overflow-x:auto;max-width:100%}
td,th{padding:.25rem .6rem;border-bottom:1px solid #e5e5e5;text-align:right}td:first-child,th:first-child{text-align:left}
.meta td{text-align:left}
@media (max-width:600px){body{font-size:15px}h1{font-size:1.3rem}}
"""


def _png(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110)
    return buf.getvalue()


def _table_html(frame: pl.DataFrame, *, digits: int = 3) -> str:
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in frame.columns)
    body = []
    for row in frame.iter_rows():
        cells = []
        for v in row:
            if isinstance(v, float):
                text = "–" if v != v else f"{v:.{digits}f}"
            else:
                text = "–" if v is None else str(v)
            cells.append(f"<td>{html.escape(text)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def summary_sentences(tables: dict, names: dict[str, str]) -> list[str]:
    """Plain-language lines such as "Kunlun wins 57% [55, 59] of its 800 games"."""
    out = []
    for r in tables["win_rates"].iter_rows(named=True):
        out.append(f"{names.get(r['faction'], r['faction'])} wins {_pct(r['win_rate'])} "
                   f"[{_pct(r['win_rate_lo'])}, {_pct(r['win_rate_hi'])}] of its {r['games']:,} games"
                   + (f" ({r['draws']:,} draws)" if r["draws"] else "") + ".")
    fp = tables["first_player"].row(0, named=True)
    out.append(f"The first player wins {_pct(fp['first_win_rate'])} [{_pct(fp['first_win_rate_lo'])}, "
               f"{_pct(fp['first_win_rate_hi'])}] of all {fp['games']:,} games.")
    return out


def _unit_table(units: pl.DataFrame | None, catalog) -> pl.DataFrame | None:
    """Every unit of the run with its name, best damage per deployment (within faction and kind) first."""
    if units is None:
        return None
    names = {uid: c.name for uid, c in catalog.units.items()}
    return units.select(
        "faction", "kind", pl.col("unit").replace_strict(names, default=None).alias("name"), "unit", "games",
        "deployed", "damage_per_deploy", "kills_per_deploy", "survival", "damage_z")


_UNITS_TEXT = ("Units whose damage per deployment stands out among their faction's units of the same kind "
               "(heroes against heroes); the table lists every unit of the run.")

# A section: (key, title, figure, explanation, table or None)
Section = tuple[str, str, Figure, str, "pl.DataFrame | None"]


def _skirmish_sections(tables: dict, catalog, factions, cfg) -> tuple[list[Section], list[str]]:
    from hoplostat import stats

    t = stats.summary(tables["games"], tables.get("units"))
    names = _faction_names(catalog, factions)
    sections: list[Section] = [
        ("win-rates", "Win rates", win_rate_figure(t["win_rates"]),
         "Bars are each faction's share of games won over every opponent, seat and arena; whiskers are 95% "
         "Wilson intervals. Factions whose whiskers stay clear of the dashed 50% line are stronger or weaker "
         "than average with this catalog and these players.", t["win_rates"]),
        ("matchups", "Matchups", matchup_figure(t["matchups"]),
         "Each cell is the row faction's win rate against the column faction, split by who plays first.", None),
        ("first-player", "First-player advantage", first_player_figure(t["first_player"]),
         "How often the player who goes first wins, per arena.", t["first_player"]),
        ("ratings", "Ratings", ratings_figure(t["ratings"]),
         "Bradley-Terry strengths fitted to every game: one number per faction that best explains the "
         "matchup results.", t["ratings"]),
    ]
    if t["units"] is not None:
        sections.append(("units", "Units", unit_figure(t["units"]), _UNITS_TEXT, _unit_table(t["units"], catalog)))
    sections.append(("rounds", "Game length", rounds_figure(tables["games"]),
                     f"Rounds per game; a game reaching the round cap ({cfg.get('max_rounds')}) is a draw.", None))
    return sections, summary_sentences(t, names)


def _onslaught_sections(tables: dict, catalog, factions, cfg) -> tuple[list[Section], list[str]]:
    from hoplostat import stats

    t = stats.onslaught_summary(tables)
    teams = t["teams"]
    sections: list[Section] = [
        ("onslaught-teams", "Immortals defeated", onslaught_teams_figure(teams),
         "Mean number of the six immortals defeated per game, solo and co-op, with 95% intervals; the table "
         "gives the whole distribution (p0 = no immortal defeated ... p6 = all six).", teams),
    ]
    if t["immortals"] is not None:
        sections.append(("onslaught-immortals", "Immortals", immortal_figure(t["immortals"]),
                         "How often a wave is won when that immortal is faced: the hardest immortals have the "
                         "lowest bars.", t["immortals"]))
    if t["units"] is not None:
        sections.append(("units", "Units", unit_figure(t["units"]), _UNITS_TEXT, _unit_table(t["units"], catalog)))
    sections.append(("rounds", "Game length", rounds_figure(tables["games"]),
                     f"Rounds per game; a game reaching the round cap ({cfg.get('max_rounds')}) ends there and is "
                     "counted.", None))
    sentences = []
    for r in teams.iter_rows(named=True):
        sentences.append(f"{r['team']} ({'co-op' if r['coop'] else 'solo'}) defeats {r['mean_defeated']:.2f} "
                         f"[{r['mean_defeated_lo']:.2f}, {r['mean_defeated_hi']:.2f}] immortals per game over "
                         f"{r['games']:,} games.")
    return sections, sentences


def onslaught_teams_figure(frame: pl.DataFrame) -> Figure:
    """Mean immortals defeated per team with 95% intervals; co-op teams in orange."""
    f = frame.sort("mean_defeated")
    fig = Figure(figsize=(7, 0.32 * f.height + 1.6), layout="constrained")
    ax = fig.add_subplot()
    y = np.arange(f.height)
    m = f["mean_defeated"].to_numpy()
    err = _whiskers(m, f["mean_defeated_lo"], f["mean_defeated_hi"])
    ax.barh(y, m, color=[ORANGE if c else BLUE for c in f["coop"].to_list()])
    ax.errorbar(m, y, xerr=err, fmt="none", ecolor="black", capsize=2, lw=1)
    ax.set_yticks(y, f["team"].to_list(), fontsize=7)
    ax.set_xlim(0, 6)
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
    ax.set_xlim(0, 1)
    ax.set_xlabel(xlabel)
    ax.legend(frameon=False)
    ax.set_title(title, fontsize=10)
    return fig


def immortal_figure(frame: pl.DataFrame) -> Figure:
    """Wave win rate per immortal, solo and co-op side by side, with 95% intervals."""
    return _solo_coop_rate_figure(frame, "immortal", "wave_win_rate",
                                  xlabel="share of waves won when this immortal is faced",
                                  title="Immortals: difficulty")


def titan_figure(frame: pl.DataFrame) -> Figure:
    """Share of games won against each titan, solo and co-op, with 95% intervals (hardest lowest)."""
    return _solo_coop_rate_figure(frame, "titan", "win_rate", xlabel="share of games in which the titan is defeated",
                                  title="Titans: difficulty")


def ascension_matrix_figure(frame: pl.DataFrame) -> Figure:
    """Heatmap of the players' win rate per titan (rows) and solo faction (columns)."""
    solo = frame.filter(~pl.col("coop"))
    titans = sorted(set(solo["titan"].to_list()))
    teams = sorted(set(solo["team"].to_list()))
    grid = np.full((len(titans), len(teams)), np.nan)
    for t, team, v in solo.select("titan", "team", "win_rate").iter_rows():
        grid[titans.index(t), teams.index(team)] = v
    fig = Figure(figsize=(0.7 * len(teams) + 3, 0.55 * len(titans) + 2), layout="constrained")
    ax = fig.add_subplot()
    im = ax.imshow(grid, vmin=0, vmax=1, cmap="RdBu")
    for i in range(len(titans)):
        for j in range(len(teams)):
            if not np.isnan(grid[i, j]):
                ax.text(j, i, f"{grid[i, j]:.0%}", ha="center", va="center", fontsize=7,
                        color="white" if abs(grid[i, j] - 0.5) > 0.3 else "black")
    ax.set_xticks(range(len(teams)), teams, rotation=60, ha="right", fontsize=8)
    ax.set_yticks(range(len(titans)), titans, fontsize=8)
    ax.set_title("Ascension (solo): share of games the faction defeats the titan", fontsize=9)
    fig.colorbar(im, ax=ax, shrink=0.8, label="players' win rate")
    return fig


def _ascension_sections(tables: dict, catalog, factions, cfg) -> tuple[list[Section], list[str]]:
    from hoplostat import stats

    t = stats.ascension_summary(tables)
    sections: list[Section] = [
        ("ascension-titans", "Titans", titan_figure(t["titans"]),
         "How often the players defeat each titan, solo and co-op; the hardest titans have the lowest bars.",
         t["titans"]),
        ("ascension-matrix", "Titan by faction", ascension_matrix_figure(t["matrix"]),
         "Each cell is a faction's solo win rate against a titan; the table also lists the co-op pairs.",
         t["matrix"]),
    ]
    if t["units"] is not None:
        sections.append(("units", "Units", unit_figure(t["units"]), _UNITS_TEXT, _unit_table(t["units"], catalog)))
    sections.append(("rounds", "Game length", rounds_figure(tables["games"]),
                     f"Rounds per game; a game reaching the round cap ({cfg.get('max_rounds')}) ends there and is "
                     "counted.", None))
    sentences = [f"Players defeat {r['titan']} ({'co-op' if r['coop'] else 'solo'}) in {_pct(r['win_rate'])} "
                 f"[{_pct(r['win_rate_lo'])}, {_pct(r['win_rate_hi'])}] of {r['games']:,} games, in "
                 f"{r['mean_rounds']:.1f} rounds on average." for r in t["titans"].iter_rows(named=True)]
    return sections, sentences


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
    fair = float(f["fair_share"].mean())
    ax.axvline(fair, color="black", ls="--", lw=1)
    ax.text(fair, f.height - 0.4, f" fair share {fair:.0%}", fontsize=8, va="bottom")
    labels = [f"{v}{'st' if v == 1 else 'nd' if v == 2 else 'rd' if v == 3 else 'th'} to play" if key == "position"
              else str(v) for v in f[key].to_list()]
    ax.set_yticks(y, labels)
    ax.set_xlim(0, max(0.6, float(np.nanmax(f["win_share_hi"].to_numpy())) + 0.05))
    ax.set_xlabel("share of games won (orange: above the fair share, blue: below, grey: within its interval)")
    if ylabel:
        ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    return fig


def _pods_sections(tables: dict, catalog, factions, cfg) -> tuple[list[Section], list[str]]:
    from hoplostat import stats

    t = stats.pods_summary(tables)
    names = _faction_names(catalog, factions)
    g = t["games"].row(0, named=True)
    players = int(cfg.get("players") or 3)
    sections: list[Section] = [
        ("pods-shares", "Win share per faction", share_figure(t["win_shares"], "faction",
                                                             title="Free-for-all: share of games won (95% interval)"),
         f"Each faction's share of the games it played that it won, over {g['pods']} pods of {players} players "
         f"sampled from the seed (every faction in about as many pods as the others, each pod seated at random). "
         f"The dashed line is the fair share: the share of games that have a winner, split evenly among the "
         f"{players} players (games that reach the round cap are won by nobody: {g['draws']:,} of "
         f"{g['games']:,}).", t["win_shares"]),
        ("pods-positions", "Turn position", share_figure(t["positions"], "position",
                                                        title="Share of games won by turn position"),
         "Does playing first (or last) in the round pay? The same measure per position in the turn order.",
         t["positions"]),
    ]
    if t["units"] is not None:
        sections.append(("units", "Units", unit_figure(t["units"]), _UNITS_TEXT, _unit_table(t["units"], catalog)))
    sections.append(("rounds", "Game length", rounds_figure(tables["games"]),
                     f"Rounds per game; a game reaching the round cap ({cfg.get('max_rounds')}) is won by nobody.",
                     None))
    sentences = []
    for r in t["win_shares"].iter_rows(named=True):
        diff = 100 * r["diff"]
        what = (f"{abs(diff):.0f} points {'more' if diff > 0 else 'less'} than its fair share"
                if r["verdict"] != "within" else "within its interval of the fair share")
        sentences.append(f"{names.get(r['faction'], r['faction'])} wins {_pct(r['win_share'])} "
                         f"[{_pct(r['win_share_lo'])}, {_pct(r['win_share_hi'])}] of its {r['games']:,} games: {what}.")
    return sections, sentences


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
    size = 0.95 * n + 2.5
    fig = Figure(figsize=(size + 1, size), layout="constrained")
    ax = fig.add_subplot()
    im = ax.imshow(grid, vmin=0, vmax=1, cmap="RdBu_r")
    for (i, j), s in text.items():
        ax.text(j, i, s, ha="center", va="center", fontsize=6.5,
                color="white" if abs(grid[i, j] - 0.5) > 0.3 else "black")
    ax.set_xticks(range(n), factions, rotation=60, ha="right", fontsize=8)
    ax.set_yticks(range(n), factions, fontsize=8)
    ax.set_title("Alliance: team win rate of each pair of teammates (95% interval, games)", fontsize=9)
    fig.colorbar(im, ax=ax, shrink=0.8, label="team win rate")
    return fig


def _teams_sections(tables: dict, catalog, factions, cfg) -> tuple[list[Section], list[str]]:
    from hoplostat import stats

    t = stats.teams_summary(tables)
    names = _faction_names(catalog, factions)
    games = tables["games"]
    average = (1 - games["winner"].is_null().mean()) / 2 if games.height else 0.5
    sections: list[Section] = [
        ("teams-factions", "Team win rate per faction",
         win_rate_figure(t["win_rates"], title="Alliance: share of games the faction's team wins (95% interval)",
                         reference=average, reference_label=f"average team {average:.0%}"),
         "Each faction's team win rate over every teammate and opponent it met; draws (the round cap) count as "
         f"not won, so the average team wins {average:.0%} (the dashed line), not 50%.", t["win_rates"]),
        ("teams-pairings", "Pairings", pairing_figure(t["pairings"]),
         "Which two factions make the strongest team: each cell is the win rate of that pair as teammates, with "
         "its interval and number of games. Pods are sampled, so some pairs have few games or none.",
         t["pairings"]),
        ("teams-first", "First player's team", first_player_figure(t["first_team"].rename(
            {"first_team_win_rate": "first_win_rate", "first_team_win_rate_lo": "first_win_rate_lo",
             "first_team_win_rate_hi": "first_win_rate_hi", "first_team_wins": "first_wins"}).with_columns(
            pl.lit("pozzuoli").alias("arena"))),
         "How often the team of the player who goes first wins.", t["first_team"]),
    ]
    if t["units"] is not None:
        sections.append(("units", "Units", unit_figure(t["units"]), _UNITS_TEXT, _unit_table(t["units"], catalog)))
    sections.append(("rounds", "Game length", rounds_figure(tables["games"]),
                     f"Rounds per game; a game reaching the round cap ({cfg.get('max_rounds')}) is a draw.", None))
    sentences = []
    top = t["pairings"].filter(pl.col("games") > 0).head(1)
    for r in t["win_rates"].iter_rows(named=True):
        sentences.append(f"{names.get(r['faction'], r['faction'])}'s team wins {_pct(r['win_rate'])} "
                         f"[{_pct(r['win_rate_lo'])}, {_pct(r['win_rate_hi'])}] of its {r['games']:,} games.")
    for r in top.iter_rows(named=True):
        sentences.append(f"The strongest pairing seen is {names.get(r['mate_1'], r['mate_1'])} with "
                         f"{names.get(r['mate_2'], r['mate_2'])}: {_pct(r['win_rate'])} [{_pct(r['win_rate_lo'])}, "
                         f"{_pct(r['win_rate_hi'])}] of {r['games']:,} games.")
    return sections, sentences


def _faction_names(catalog, factions) -> dict[str, str]:
    return {f: catalog.faction(f).name if f in catalog.factions else f for f in factions}


def report_sections(manifest: dict, tables: dict, catalog) -> tuple[list[Section], list[str], dict]:
    """The report of a sweep's tables as data: its sections (key, title, Figure, explanation, table or
    None) in page order, its summary sentences, and the stand-in share of the chips used
    (`catalog.standin.stand_in_share`). Sections follow the mode's analysis kind."""
    from hoplostat.catalog.standin import stand_in_share
    from hoplostat.engine.loop import mode_class
    from hoplostat.sweep import chips_used

    games = tables["games"]
    cfg = manifest["config"]
    factions = chips_used(tables)["factions"]
    kind = mode_class(str(cfg.get("mode"))).analysis
    build = {"waves": _onslaught_sections, "boss": _ascension_sections, "pods": _pods_sections,
             "teams": _teams_sections}.get(kind, _skirmish_sections)
    sections, sentences = build(tables, catalog, factions, cfg)
    sections.append(("odds", "Attack odds per unit", kill_chance_figure(kill_chance_frame(catalog, factions)),
                     "For every unit (heroes included): the chance that one attack defeats a target of the given HP.",
                     None))
    return sections, sentences, stand_in_share(catalog, **chips_used(tables))


def build_report(results: Path, out_dir: Path, catalog) -> Path:
    """Write ``index.html`` (figures embedded, viewable offline) and the PNGs into ``out_dir``.

    Sections follow what the results directory holds: Skirmish sweeps get win rates, matchups,
    first player, ratings; Onslaught sweeps get immortals defeated per team and per immortal.
    """
    from hoplostat.sweep import load_tables

    manifest, tables = load_tables(results)
    games = tables["games"]
    cfg = manifest["config"]
    factions = sorted(f for f in set(games["faction_a"].to_list()) | set(games["faction_b"].to_list()) if f)
    names = _faction_names(catalog, factions)
    sections, sentences, share = report_sections(manifest, tables, catalog)
    stand_in, n_chips = share["stand_in"], share["chips"]
    plural = {"hero": "heroes", "neutral-hero": "neutral heroes", "titan-ally": "titan allies"}
    kinds = ", ".join(f"{v['stand_in']} of {v['chips']} {plural.get(k, k + 's') if v['chips'] != 1 else k}"
                      for k, v in sorted(share["by_kind"].items()))
    from hoplostat.outpaths import output_dir, writing

    out_dir = output_dir(out_dir, "--out")
    output_dir(out_dir / "figures", "--out")
    parts = []
    for key, title, fig, text, table in sections:
        png = _png(fig)
        with writing(out_dir / "figures" / f"{key}.png", "--out"):
            (out_dir / "figures" / f"{key}.png").write_bytes(png)
        img = base64.b64encode(png).decode()
        parts.append(f'<section id="{key}"><h2>{html.escape(title)}</h2><p>{html.escape(text)}</p>'
                     f'<figure><img alt="{html.escape(title)}" src="data:image/png;base64,{img}"></figure>')
        if table is not None:
            parts.append(_table_html(table))
        parts.append("</section>")
    meta = {
        "results": str(results), "mode": cfg.get("mode"), "arenas": ", ".join(cfg.get("arenas", [])),
        "factions": ", ".join(names[f] for f in factions), "games": f"{games.height:,}",
        "games per matchup": cfg.get("games"), "policies": " vs ".join(cfg.get("policies", [])),
        "seed": cfg.get("seed"), "catalog hash": manifest.get("catalog_hash", "")[:16],
        "hoplostat version": manifest.get("version"), "sweep created": manifest.get("created"),
        "report written": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
    }
    meta_html = "".join(f"<tr><th>{html.escape(str(k))}</th><td>{html.escape(str(v))}</td></tr>" for k, v in meta.items())
    items = "".join(f"<li>{html.escape(s)}</li>" for s in sentences)
    banner = (f'<p class="banner"><strong>{stand_in} of the {n_chips} chips in this run carry stand-in values</strong>'
              f" ({html.escape(kinds)}; chosen by hoplostat, not printed on the real chips; see data/README.md)."
              " Results describe the embedded catalog, not the published game, until you load your own chips"
              " with --data.</p>")
    page = (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>hoplostat balance report</title><style>{_CSS}</style></head><body><main>"
        f"<h1>Balance report: {html.escape(str(cfg.get('mode', '')).title())}</h1>{banner}"
        f"<section id='summary'><h2>Summary</h2><ul>{items}</ul>"
        f"<p>Intervals are 95%; to tighten them run more games (<code>--games</code>, or <code>--ci-width 0.05</code>)"
        " and resume the same directory.</p>"
        f"<table class='meta'>{meta_html}</table></section>{''.join(parts)}</main></body></html>"
    )
    index = out_dir / "index.html"
    tmp = out_dir / ".index.html.tmp"
    with writing(index, "--out"):
        tmp.write_text(page, encoding="utf-8")
        tmp.replace(index)
    return index
