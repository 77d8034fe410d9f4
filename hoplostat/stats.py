"""Polars tables of results, with 95% intervals wherever a number is an estimate.

Win rates use the Wilson score interval (scipy.stats) and always carry the
number of games; draws are counted apart, never hidden. Bradley-Terry
strengths come with intervals from the observed information.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import polars as pl
from scipy import optimize
from scipy import stats as st

Z95 = float(st.norm.ppf(0.975))

Frame = pl.DataFrame | pl.LazyFrame
"""Every function here takes eager or lazy tables (`sweep.scan_tables`): rows are selected, combined and
aggregated lazily and only the aggregated results are collected (with the streaming engine), so a sweep of
millions of games is summarised without holding its rows in memory."""


def _collect(lf: Frame) -> pl.DataFrame:
    return lf if isinstance(lf, pl.DataFrame) else lf.collect(engine="streaming")


def _like(games: Frame, lf: pl.LazyFrame) -> Frame:
    """Row-level results in the kind of the input: eager tables give an eager frame, lazy ones a lazy one."""
    return lf if isinstance(games, pl.LazyFrame) else lf.collect()


def _columns(frame: Frame) -> list[str]:
    return frame.collect_schema().names()


def wilson_interval(successes, n, confidence: float = 0.95):
    """Wilson score interval for a binomial proportion (vectorised; NaN where n == 0)."""
    successes = np.asarray(successes, dtype=float)
    n = np.asarray(n, dtype=float)
    z = float(st.norm.ppf(0.5 + confidence / 2))
    with np.errstate(invalid="ignore", divide="ignore"):
        p = successes / n
        denom = 1 + z**2 / n
        centre = (p + z**2 / (2 * n)) / denom
        half = z * np.sqrt(p * (1 - p) / n + z**2 / (4 * n**2)) / denom
    # the interval lies in [0, 1] by construction; the clip only removes rounding (0 wins can give -1e-17)
    return np.clip(centre - half, 0.0, 1.0), np.clip(centre + half, 0.0, 1.0)


def rate_interval(frame: pl.DataFrame, wins: str, n: str, prefix: str) -> pl.DataFrame:
    lo, hi = wilson_interval(frame[wins].to_numpy(), frame[n].to_numpy())
    return frame.with_columns(
        (pl.col(wins) / pl.col(n)).alias(prefix),
        pl.Series(f"{prefix}_lo", lo),
        pl.Series(f"{prefix}_hi", hi),
    )


# --- duels --------------------------------------------------------------------------------


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


# --- games --------------------------------------------------------------------------------


def faction_games(games: Frame) -> Frame:
    """One row per (game, faction): the game seen from each side, with won/lost/draw and seat (lazy for lazy
    tables)."""
    cols = ["matchup", "arena", "game", "rounds"]
    lz = games.lazy()
    sides = []
    for side, other in (("a", "b"), ("b", "a")):
        sides.append(
            lz.select(
                *cols,
                pl.col(f"faction_{side}").alias("faction"),
                pl.col(f"faction_{other}").alias("opponent"),
                (pl.col("first") == side).alias("went_first"),
                (pl.col("winner") == side).fill_null(False).alias("won"),
                (pl.col("winner") == other).fill_null(False).alias("lost"),
                pl.col("winner").is_null().alias("draw"),
                pl.col(f"{side}_damage_dealt").alias("damage_dealt"),
                pl.col(f"{side}_kills").alias("kills"),
                pl.col(f"{side}_crowd_favor").alias("crowd_favor"),
            )
        )
    return _like(games, pl.concat(sides))


def win_rates(games: Frame, *, by_arena: bool = False) -> pl.DataFrame:
    """Win rate per faction (optionally per arena) with its 95% interval; draws apart."""
    keys = ["faction", "arena"] if by_arena else ["faction"]
    agg = _collect(
        faction_games(games)
        .group_by(keys)
        .agg(
            pl.len().alias("games"),
            pl.col("won").sum().alias("wins"),
            pl.col("lost").sum().alias("losses"),
            pl.col("draw").sum().alias("draws"),
        )
    )
    agg = rate_interval(agg, "wins", "games", "win_rate")
    return agg.with_columns((pl.col("draws") / pl.col("games")).alias("draw_rate")).sort(
        [*keys[1:], "win_rate"], descending=[False] * (len(keys) - 1) + [True]
    )


def _verdict(lo: str, hi: str, ref: float | str = 0.0) -> pl.Expr:
    r = pl.lit(ref) if isinstance(ref, float) else pl.col(ref)
    return (pl.when(pl.col(lo) > r).then(pl.lit("stronger")).when(pl.col(hi) < r).then(pl.lit("weaker"))
            .otherwise(pl.lit("within")).alias("verdict"))


def field_average(games: Frame) -> tuple[float, float]:
    """(average, its standard error): the share of games an average seat wins in two-seat games, which is
    (1 - draw rate) / 2, not 50%, since a draw is won by nobody."""
    return _average_seat(*_seat_counts(games))


def _seat_counts(games: Frame) -> tuple[int, int]:
    """(games, draws) of two-seat games."""
    n, draws = _collect(games.lazy().select(pl.len(), pl.col("winner").is_null().sum())).row(0)
    return int(n), int(draws)


def _average_seat(n: int, draws: int) -> tuple[float, float]:
    """`field_average` of `n` two-seat games of which `draws` were won by nobody."""
    if n == 0:
        return float("nan"), float("nan")
    decided = 1.0 - draws / n
    return decided / 2, float(np.sqrt(decided * (1 - decided) / n)) / 2


def _average_seat_interval(n: int, draws: int) -> tuple[float, float]:
    """The 95% interval of `_average_seat`: the Wilson interval of the share of games with a winner, halved (within
    [0, 0.5], and not a single point when no game was drawn: a few more games might have been)."""
    lo, hi = wilson_interval(n - draws, n)
    return float(lo) / 2, float(hi) / 2


def _arenas(games: Frame) -> list[str]:
    return sorted(_collect(games.lazy().select(pl.col("arena").unique()))["arena"].to_list())


def against_average(rows: pl.DataFrame, avg: float, avg_lo: float, avg_hi: float, *,
                    rate: str = "win_rate") -> pl.DataFrame:
    """`rows` (a rate per row with its Wilson interval `<rate>_lo`, `<rate>_hi`) against an average `avg` with its
    own 95% interval (`avg_lo`, `avg_hi`): `field_average`, `diff` = rate - avg, and its 95% interval `diff_lo`,
    `diff_hi` by Newcombe's method (MOVER, as `compare_rates`): the distances from each estimate to the ends of
    its interval, combined in quadrature, the rate's lower one with the average's upper one for `diff_lo` and the
    other way round for `diff_hi`.

    Both intervals lie in [0, 1], so the difference's lies in [rate_lo - avg_hi, rate_hi - avg_lo], within
    [-1, 1], however few the games (a symmetric standard error for the average, as before, let the interval of
    a wave won the one time it was faced reach +112 points, and gave an average of 0 or 1 no width at all).
    The rate's games are part of the average too; treating the two as independent makes the interval a little
    wider, never narrower."""
    r = pl.col(rate)
    return rows.with_columns(
        pl.lit(avg).alias("field_average"),
        (r - avg).alias("diff"),
        (r - avg - ((r - pl.col(f"{rate}_lo")) ** 2 + (avg_hi - avg) ** 2).sqrt()).alias("diff_lo"),
        (r - avg + ((pl.col(f"{rate}_hi") - r) ** 2 + (avg - avg_lo) ** 2).sqrt()).alias("diff_hi"),
    )


def field_differences(games: Frame, *, by_arena: bool = False, rates: pl.DataFrame | None = None) -> pl.DataFrame:
    """Each faction's win rate minus the field average (`field_average`, per arena with `by_arena`), in
    points of win rate: `diff` with a 95% interval (`against_average`: the faction's Wilson interval and the
    average's, that of the share of games with a winner halved, combined by Newcombe's method), and `verdict`
    "stronger" / "weaker" where the interval excludes 0, "within" otherwise. Draws count as not won on both
    sides, so a faction at the average has diff 0.
    `rates`: `win_rates(games, by_arena=by_arena)` when the caller has it already (one pass over the games less)."""
    wr = win_rates(games, by_arena=by_arena) if rates is None else rates
    parts = []
    lz = games.lazy()
    for arena, sub in ([(None, lz)] if not by_arena else [(a, lz.filter(pl.col("arena") == a)) for a in _arenas(lz)]):
        n, draws = _seat_counts(sub)
        parts.append(against_average(wr if arena is None else wr.filter(pl.col("arena") == arena),
                                     _average_seat(n, draws)[0], *_average_seat_interval(n, draws)))
    out = pl.concat(parts).with_columns(_verdict("diff_lo", "diff_hi"))
    cols = ["faction", *(["arena"] if by_arena else []), "games", "wins", "draws", "win_rate", "field_average", "diff",
            "diff_lo", "diff_hi", "verdict"]
    return out.select(cols).sort([*(["arena"] if by_arena else []), "diff"],
                                 descending=[*([False] if by_arena else []), True])


def field_average_interval(games: Frame) -> tuple[float, float, float]:
    """(average, low, high): `field_average` of two-seat games with its 95% interval (the Wilson interval of the
    share of games with a winner, halved), the line `against_average` measures a rate from."""
    n, draws = _seat_counts(games)
    return (_average_seat(n, draws)[0], *_average_seat_interval(n, draws))


def arena_effects(by_arena: pl.DataFrame) -> pl.DataFrame:
    """Per faction and pair of arenas (`field_differences(..., by_arena=True)`): how many points better the faction
    does on `arena` than on `other`, each measured against its own arena's average: `diff` = its `diff` there
    minus its `diff` on `other`, with a 95% interval by Newcombe's method (MOVER, as `against_average`: the
    distances from each arena's difference to the ends of its interval, combined in quadrature), and `verdict`
    "stronger" (better on `arena`), "weaker" or "within" (the interval holds 0). Each pair once, `arena` the one
    the faction does better on; the largest effects first."""
    arenas = sorted(by_arena["arena"].unique().to_list())
    rows = []
    for i, a in enumerate(arenas):
        for b in arenas[i + 1:]:
            x = by_arena.filter(pl.col("arena") == a).select("faction", "diff", "diff_lo", "diff_hi")
            y = by_arena.filter(pl.col("arena") == b).select("faction", "diff", "diff_lo", "diff_hi")
            for r in x.join(y, on="faction", suffix="_o").iter_rows(named=True):
                d = r["diff"] - r["diff_o"]
                lo = d - ((r["diff"] - r["diff_lo"]) ** 2 + (r["diff_hi_o"] - r["diff_o"]) ** 2) ** 0.5
                hi = d + ((r["diff_hi"] - r["diff"]) ** 2 + (r["diff_o"] - r["diff_lo_o"]) ** 2) ** 0.5
                better = d >= 0
                rows.append({"faction": r["faction"], "arena": a if better else b, "other": b if better else a,
                             "diff": d if better else -d, "diff_lo": lo if better else -hi,
                             "diff_hi": hi if better else -lo})
    schema = {"faction": pl.String, "arena": pl.String, "other": pl.String, "diff": pl.Float64,
              "diff_lo": pl.Float64, "diff_hi": pl.Float64}
    out = pl.DataFrame(rows, schema=schema)
    return out.with_columns(_verdict("diff_lo", "diff_hi")).sort("diff", "faction", descending=[True, False])


_SEAT_COLUMNS = ("win_rate_first", "win_rate_second", "games_first", "games_second")


def matchup_matrix(games: Frame) -> pl.DataFrame:
    """Win rate of ``faction`` against ``opponent``, overall and by seat (first/second), with intervals."""
    fg = faction_games(games)
    overall = _collect(fg.group_by("faction", "opponent").agg(
        pl.len().alias("games"), pl.col("won").sum().alias("wins"), pl.col("draw").sum().alias("draws")))
    overall = rate_interval(overall, "wins", "games", "win_rate")
    seat = (
        _collect(fg.group_by("faction", "opponent", "went_first")
                 .agg(pl.col("won").mean().alias("rate"), pl.len().alias("n")))
        .pivot(on="went_first", index=["faction", "opponent"], values=["rate", "n"])
    )
    rename = {c: c.replace("rate_true", "win_rate_first").replace("rate_false", "win_rate_second")
              .replace("n_true", "games_first").replace("n_false", "games_second") for c in seat.columns}
    # the pivot's columns come in the order the groups happen to come out: put them in one order
    seat = seat.rename(rename).select("faction", "opponent", *[c for c in _SEAT_COLUMNS if c in rename.values()])
    return overall.join(seat, on=["faction", "opponent"], how="left").sort("faction", "opponent")


def first_player_advantage(games: Frame) -> pl.DataFrame:
    """P(the first player wins) per arena and overall, among decided and all games."""
    frame = games.lazy().with_columns(
        (pl.col("winner") == pl.col("first")).fill_null(False).alias("first_won"),
        pl.col("winner").is_null().alias("draw"),
    )
    per = _collect(frame.group_by("arena").agg(pl.len().alias("games"), pl.col("first_won").sum().alias("first_wins"),
                                               pl.col("draw").sum().alias("draws"))).sort("arena")
    parts: list[dict[str, Any]] = [{"arena": "all", "games": int(per["games"].sum()),
                                    "first_wins": int(per["first_wins"].sum()),
              "draws": int(per["draws"].sum())}]
    parts += [{"arena": a, "games": int(n), "first_wins": int(w), "draws": int(d)}
              for a, n, w, d in per.select("arena", "games", "first_wins", "draws").iter_rows()]
    out = rate_interval(pl.DataFrame(parts), "first_wins", "games", "first_win_rate")
    avgs = [_average_seat(r["games"], r["draws"])[0] for r in parts]
    return out.with_columns(pl.Series("field_average", avgs)).with_columns(
        (pl.col("first_win_rate") - pl.col("field_average")).alias("diff"),
        (pl.col("first_win_rate_lo") - pl.col("field_average")).alias("diff_lo"),
        (pl.col("first_win_rate_hi") - pl.col("field_average")).alias("diff_hi"),
    ).with_columns(_verdict("diff_lo", "diff_hi"))


def bradley_terry(games: Frame, *, draw_weight: float = 0.5, prior: float = 0.01) -> pl.DataFrame:
    """Bradley-Terry strengths of factions (log scale, mean 0) with 95% intervals.

    P(i beats j) = 1 / (1 + exp(s_j - s_i)). Draws count as ``draw_weight`` of a
    win for each side. A tiny Gaussian prior (``prior``) keeps strengths finite
    when a faction never lost. Intervals from the inverse observed information
    on the sum-zero subspace.
    """
    counts = _collect(games.lazy().group_by("faction_a", "faction_b", "winner").agg(pl.len().alias("n")))
    names = sorted(set(counts["faction_a"].to_list()) | set(counts["faction_b"].to_list()))
    idx = {f: i for i, f in enumerate(names)}
    k = len(names)
    w = np.zeros((k, k))
    for a, b, winner, c in counts.select("faction_a", "faction_b", "winner", "n").iter_rows():
        i, j = idx[a], idx[b]
        if winner == "a":
            w[i, j] += c
        elif winner == "b":
            w[j, i] += c
        else:
            w[i, j] += draw_weight * c
            w[j, i] += draw_weight * c
    n = w + w.T

    def nll(s):
        d = s[:, None] - s[None, :]
        ll = -(w * np.logaddexp(0.0, -d)).sum()
        return -ll + prior * (s @ s) / 2

    def grad(s):
        d = s[:, None] - s[None, :]
        p = 1 / (1 + np.exp(-d))
        g = (w * (1 - p)).sum(axis=1) - (w.T * (1 - p.T)).sum(axis=1)
        return -g + prior * s

    res = optimize.minimize(nll, np.zeros(k), jac=grad, method="BFGS")
    s = res.x - res.x.mean()
    d = s[:, None] - s[None, :]
    p = 1 / (1 + np.exp(-d))
    info = n * p * (1 - p)
    hess = np.diag(info.sum(axis=1)) - info + prior * np.eye(k)
    centre = np.eye(k) - np.ones((k, k)) / k
    cov = centre @ np.linalg.pinv(centre @ hess @ centre) @ centre
    se = np.sqrt(np.clip(np.diag(cov), 0, None))
    return pl.DataFrame({
        "faction": names, "strength": s, "strength_lo": s - Z95 * se, "strength_hi": s + Z95 * se,
        "se": se, "games": np.rint(n.sum(axis=1)).astype(np.int64),
    }).sort("strength", descending=True)


def unit_stats(units: Frame | None) -> pl.DataFrame | None:
    """Per unit: games in its troop, deployments, damage and kills per deployment, survival, HP held (damage
    taken) and tactics enabled per deployment, and a z-score of damage per deployment against the other units
    of its faction and kind (heroes are compared with heroes, units with units), which points at over- and
    under-performers. A chip with several copies in one game (sentinels) counts once per game: its copies'
    numbers are added up first."""
    if units is None:
        return None
    lz = units.lazy()
    cols = _columns(lz)
    if "kind" not in cols:
        lz = lz.with_columns(pl.lit("unit").alias("kind"))
    for col in ("damage_taken", "tactics_enabled"):  # sweeps made before these columns
        if col not in cols:
            lz = lz.with_columns(pl.lit(None, dtype=pl.Int64).alias(col))
    fields = ["deployed", "damage_dealt", "kills", "defeated", "won", "damage_taken", "tactics_enabled"]
    one = lz.with_columns(pl.col("damage_taken").is_null().alias("no_taken"))
    # a chip with several copies in one game (sentinels): its copies added up first (only those chips are
    # grouped per game: every other chip has one row per game already)
    per_game_keys = [c for c in ("matchup", "game", "side") if c in cols]  # absent in hand-made tables
    many = one.filter(pl.col("kind") == "sentinel").group_by(*per_game_keys, "faction", "kind", "unit").agg(
        pl.col("deployed").any(), pl.col("damage_dealt").sum(), pl.col("kills").sum(), pl.col("defeated").any(),
        pl.col("won").first(), pl.col("damage_taken").sum(), pl.col("tactics_enabled").sum(),
        pl.col("no_taken").all())
    per_game = pl.concat([one.filter(pl.col("kind") != "sentinel").select("faction", "kind", "unit", *fields,
                                                                          "no_taken"),
                          many.select("faction", "kind", "unit", *fields, "no_taken")], how="vertical_relaxed")
    lazy = per_game.group_by("faction", "kind", "unit").agg(
        pl.len().alias("games"),
        pl.col("deployed").sum().alias("deployed"),
        pl.col("damage_dealt").sum().alias("damage"),
        pl.col("kills").sum().alias("kills"),
        (pl.col("deployed") & ~pl.col("defeated")).sum().alias("survived"),
        pl.col("won").filter(pl.col("deployed")).mean().alias("win_rate_when_deployed"),
        pl.when(pl.col("no_taken").all()).then(None).otherwise(pl.col("damage_taken").sum()).alias("damage_taken"),
        pl.when(pl.col("no_taken").all()).then(None).otherwise(pl.col("tactics_enabled").sum()).alias("tactics_enabled"),
    )
    per = _collect(lazy)
    if per.height == 0:
        return None
    per = per.with_columns(
        (pl.col("deployed") / pl.col("games")).alias("deploy_rate"),
        (pl.col("damage") / pl.col("deployed")).alias("damage_per_deploy"),
        (pl.col("kills") / pl.col("deployed")).alias("kills_per_deploy"),
        (pl.col("survived") / pl.col("deployed")).alias("survival"),
        (pl.col("damage_taken") / pl.col("deployed")).alias("damage_taken_per_deploy"),
        (pl.col("tactics_enabled") / pl.col("deployed")).alias("tactics_enabled_per_deploy"),
    )
    per = per.with_columns(
        ((pl.col("damage_per_deploy") - pl.col("damage_per_deploy").mean().over("faction", "kind"))
         / pl.col("damage_per_deploy").std().over("faction", "kind")).alias("damage_z")
    )
    return per.sort("damage_z", descending=True, nulls_last=True)


MEASURES = {"defender": ("HP held per deployment", "damage_taken_per_deploy"),
            "tactician": ("tactics enabled per deployment", "tactics_enabled_per_deploy")}
"""What each unit class is measured by (`unit_measures`); every other class by damage per deployment."""


def unit_measures(units: Frame | None, role_of: dict[str, str]) -> pl.DataFrame | None:
    """Per unit, the measure that fits its class (`MEASURES`: defenders by HP held, tacticians by tactics
    only their reach allowed, the others by damage per deployment), and its z-score against the faction's
    other units of the same class and kind (heroes apart). `units` is the raw units table or `unit_stats`;
    `role_of` maps a unit id to its class. Sweeps made before HP held was recorded fall back to survival."""
    got = units if units is None or "damage_per_deploy" in _columns(units) else unit_stats(units)
    if got is None:
        return None
    assert isinstance(got, pl.DataFrame)  # unit_stats' table, or one given with its measures (eager)
    per = got
    per = per.with_columns(pl.col("unit").replace_strict(role_of, default="attacker").alias("role"))
    old = per["damage_taken_per_deploy"].null_count() == per.height
    value = pl.col("damage_per_deploy")
    name = pl.lit("damage per deployment")
    for role, (label, col) in MEASURES.items():
        use, lab = (("survival", "share of deployments survived") if old and role == "defender" else (col, label))
        value = pl.when(pl.col("role") == role).then(pl.col(use)).otherwise(value)
        name = pl.when(pl.col("role") == role).then(pl.lit(lab)).otherwise(name)
    per = per.with_columns(value.alias("value"), name.alias("measure"))
    group = ["faction", "kind", "role"]
    per = per.with_columns(((pl.col("value") - pl.col("value").mean().over(group))
                            / pl.col("value").std().over(group)).alias("z"))
    return per.sort("faction", "role", "value", descending=[False, False, True], nulls_last=True)


def summary(games: Frame, units: Frame | None = None) -> dict[str, pl.DataFrame | None]:
    """Every table `hoplostat summarize` prints."""
    rates, by_arena = win_rates(games), win_rates(games, by_arena=True)
    return {
        "win_rates": rates,
        "win_rates_by_arena": by_arena,
        "field": field_differences(games, rates=rates),
        "field_by_arena": field_differences(games, by_arena=True, rates=by_arena),
        "matchups": matchup_matrix(games),
        "first_player": first_player_advantage(games),
        "ratings": bradley_terry(games),
        "units": unit_stats(units),
    }


# --- waves of immortals: solo and co-op teams ----------------------------------------------


def _team(frame: Frame) -> pl.Expr:
    team = (pl.when(pl.col("faction_b") == "").then(pl.col("faction_a"))
            .otherwise(pl.col("faction_a") + " + " + pl.col("faction_b")))
    if "faction_c" in _columns(frame):  # a co-op of three (a board of bosses)
        team = (pl.when(pl.col("faction_c").is_null() | (pl.col("faction_c") == "")).then(team)
                .otherwise(team + " + " + pl.col("faction_c")))
    return team.alias("team")


def wave_teams(games: Frame) -> pl.DataFrame:
    """Per team (a faction solo, or a co-op pair): immortals defeated (0-6) as a distribution, its mean
    with a 95% t-interval, waves reached and games that hit the round cap."""
    g = games.lazy().with_columns(_team(games))
    agg = _collect(g.group_by("team", "coop").agg(
        pl.len().alias("games"),
        pl.col("immortals_defeated").mean().alias("mean_defeated"),
        pl.col("immortals_defeated").std().alias("sd"),
        pl.col("waves_reached").mean().alias("mean_waves"),
        pl.col("capped").sum().alias("capped"),
        *[(pl.col("immortals_defeated") == k).mean().alias(f"p{k}") for k in range(7)],
    ))
    n = agg["games"].to_numpy().astype(float)
    t = st.t.ppf(0.975, np.maximum(n - 1, 1))
    half = t * np.nan_to_num(agg["sd"].to_numpy()) / np.sqrt(n)
    mean = agg["mean_defeated"].to_numpy()
    return agg.with_columns(
        pl.Series("mean_defeated_lo", np.clip(mean - half, 0, 6)),
        pl.Series("mean_defeated_hi", np.clip(mean + half, 0, 6)),
    ).sort(["coop", "mean_defeated"], descending=[False, True])


def immortal_waves(waves: Frame | None) -> pl.DataFrame | None:
    """Per immortal, solo and co-op: how often its wave is won when faced, with a 95% interval."""
    if waves is None:
        return None
    agg = _collect(waves.lazy().group_by("immortal", "coop").agg(
        pl.len().alias("faced"), pl.col("won").sum().alias("won_waves"), pl.col("rounds").mean().alias("mean_rounds")))
    if agg.height == 0:
        return None
    return rate_interval(agg, "won_waves", "faced", "wave_win_rate").sort(["coop", "wave_win_rate"])


def waves_summary(tables: dict[str, pl.DataFrame]) -> dict[str, pl.DataFrame | None]:
    """Every table `hoplostat summarize` prints for a sweep against waves (the `waves` analysis)."""
    return {
        "teams": wave_teams(tables["games"]),
        "immortals": immortal_waves(tables.get("waves")),
        "units": unit_stats(tables.get("units")),
    }


# --- one titan or boss: solo and co-op teams ----------------------------------------------


def boss_matrix(games: Frame) -> pl.DataFrame:
    """Win rate (titan defeated) per titan and team, solo and co-op, with 95% intervals and mean rounds."""
    g = games.lazy().with_columns(_team(games))
    agg = _collect(g.group_by("titan", "team", "coop").agg(
        pl.len().alias("games"), pl.col("won").sum().alias("wins"), pl.col("rounds").mean().alias("mean_rounds"),
        pl.col("capped").sum().alias("capped")))
    return rate_interval(agg, "wins", "games", "win_rate").sort("titan", "coop", "team")


def titan_difficulty(games: Frame) -> pl.DataFrame:
    """Per titan, solo and co-op: the share of games the players win, hardest titan first."""
    agg = _collect(games.lazy().group_by("titan", "coop").agg(
        pl.len().alias("games"), pl.col("won").sum().alias("wins"), pl.col("rounds").mean().alias("mean_rounds")))
    return rate_interval(agg, "wins", "games", "win_rate").sort("coop", "win_rate")


def boss_summary(tables: dict[str, pl.DataFrame]) -> dict[str, pl.DataFrame | None]:
    """Every table `hoplostat summarize` prints for a sweep against one titan (the `boss` analysis)."""
    return {
        "titans": titan_difficulty(tables["games"]),
        "matrix": boss_matrix(tables["games"]),
        "units": unit_stats(tables.get("units")),
    }


# --- free-for-all pods ----------------------------------------------------------------------

_SEATS = "abcd"


def _seat_count(games: Frame) -> int:
    cols = _columns(games)
    return sum(1 for s in _SEATS if f"faction_{s}" in cols)


def seat_games(games: Frame) -> Frame:
    """One row per (game, seat) of a free-for-all game: faction, players, turn position (1 = played first),
    won, draw (the round cap: nobody won), eliminated, and the seat's damage and kills."""
    parts = []
    for k, seat in enumerate(_SEATS[:_seat_count(games)]):
        first = pl.col("first_seat").replace_strict({s: i for i, s in enumerate(_SEATS)}, default=0,
                                                    return_dtype=pl.Int64)
        parts.append(games.lazy().filter(pl.col(f"faction_{seat}").is_not_null()).select(
            "matchup", "game", "players", "rounds",
            pl.col(f"faction_{seat}").alias("faction"),
            ((k - first) % pl.col("players") + 1).alias("position"),
            (pl.col("winner") == seat).fill_null(False).alias("won"),
            pl.col("winner").is_null().alias("draw"),
            pl.col(f"{seat}_out_round").is_not_null().alias("eliminated"),
            pl.col(f"{seat}_damage_dealt").alias("damage_dealt"),
            pl.col(f"{seat}_kills").alias("kills"),
        ))
    return _like(games, pl.concat(parts))


def _shares(frame: Frame, key: str) -> pl.DataFrame:
    """Win share per `key` with its 95% Wilson interval against the fair share: what an average seat wins,
    (share of games with a winner) / players, so games won by nobody (the round cap) do not make every
    faction look weak. `diff` in points (share - fair) and `verdict` "stronger" / "weaker" where the
    interval excludes the fair share."""
    n, draws = _collect(frame.select(pl.len(), pl.col("draw").sum())).row(0)
    decided = 1.0 - draws / n if n else 1.0
    agg = _collect(frame.group_by(key).agg(
        pl.len().alias("games"), pl.col("won").sum().alias("wins"), pl.col("draw").sum().alias("draws"),
        pl.col("eliminated").sum().alias("eliminated"), ((1 / pl.col("players")).mean() * decided).alias("fair_share"),
        pl.col("damage_dealt").mean().alias("mean_damage")))
    agg = rate_interval(agg, "wins", "games", "win_share")
    return agg.with_columns(
        (pl.col("win_share") - pl.col("fair_share")).alias("diff"),
        pl.when(pl.col("win_share_lo") > pl.col("fair_share")).then(pl.lit("stronger"))
        .when(pl.col("win_share_hi") < pl.col("fair_share")).then(pl.lit("weaker"))
        .otherwise(pl.lit("within")).alias("verdict"),
    ).sort("win_share", descending=True)


def pod_win_shares(games: Frame) -> pl.DataFrame:
    """Per faction: the share of its games it wins, with a 95% interval, against the fair share."""
    return _shares(seat_games(games), "faction")


def seat_position_shares(games: Frame) -> pl.DataFrame:
    """Per turn position (1 = played first): the share of games won, against the fair share."""
    return _shares(seat_games(games), "position").sort("position")


def pods_summary(tables: dict[str, pl.DataFrame]) -> dict[str, pl.DataFrame | None]:
    """Every table `hoplostat summarize` prints for a free-for-all sweep."""
    games = tables["games"]
    draws = _collect(games.lazy().select(
        pl.len().alias("games"), pl.col("winner").is_null().sum().alias("draws"),
        pl.col("rounds").mean().alias("mean_rounds"), pl.col("matchup").n_unique().alias("pods")))
    return {
        "win_shares": pod_win_shares(games),
        "positions": seat_position_shares(games),
        "games": draws,
        "units": unit_stats(tables.get("units")),
    }


# --- two teams of two -----------------------------------------------------------------------


def team_games(games: Frame) -> Frame:
    """One row per (game, team) of a two-against-two game: team a is seats a and c, team b seats b and d;
    the teammates as a sorted pair (`mate_1`, `mate_2`), won, draw, and whether the team played first."""
    parts = []
    for team, (x, y), other in (("a", ("a", "c"), "b"), ("b", ("b", "d"), "a")):
        fx, fy = pl.col(f"faction_{x}"), pl.col(f"faction_{y}")
        parts.append(games.lazy().select(
            "matchup", "game", "rounds", pl.lit(team).alias("team"),
            pl.min_horizontal(fx, fy).alias("mate_1"), pl.max_horizontal(fx, fy).alias("mate_2"),
            fx.alias("seat_1"), fy.alias("seat_2"),
            (pl.col("winner") == team).fill_null(False).alias("won"),
            (pl.col("winner") == other).fill_null(False).alias("lost"),
            pl.col("winner").is_null().alias("draw"),
            pl.col("first_seat").is_in([x, y]).alias("went_first"),
        ))
    return _like(games, pl.concat(parts))


def team_faction_rates(games: Frame) -> pl.DataFrame:
    """Per faction: its team's win rate over the games it played, with a 95% interval; draws apart."""
    tg = team_games(games)
    long = pl.concat([tg.rename({"mate_1": "faction"}).drop("mate_2"),  # type: ignore[type-var]  # both of tg's kind
                      tg.rename({"mate_2": "faction"}).drop("mate_1")])
    agg = _collect(long.group_by("faction").agg(pl.len().alias("games"), pl.col("won").sum().alias("wins"),
                                                pl.col("lost").sum().alias("losses"),
                                                pl.col("draw").sum().alias("draws")))
    return rate_interval(agg, "wins", "games", "win_rate").with_columns(
        (pl.col("draws") / pl.col("games")).alias("draw_rate")).sort("win_rate", descending=True)


def team_pairings(games: Frame) -> pl.DataFrame:
    """Per pair of teammates (an unordered pair of factions): games, wins and the team win rate with a 95%
    interval, strongest pairing first."""
    agg = _collect(team_games(games).group_by("mate_1", "mate_2").agg(
        pl.len().alias("games"), pl.col("won").sum().alias("wins"), pl.col("draw").sum().alias("draws")))
    return rate_interval(agg, "wins", "games", "win_rate").sort("win_rate", descending=True)


def first_team_advantage(games: Frame) -> pl.DataFrame:
    """P(the team of the first player wins), with a 95% interval."""
    n, wins, draws = _collect(team_games(games).filter(pl.col("went_first")).select(
        pl.len(), pl.col("won").sum(), pl.col("draw").sum())).row(0)
    out = pl.DataFrame({"games": [n], "first_team_wins": [int(wins)], "draws": [int(draws)]})
    return rate_interval(out, "first_team_wins", "games", "first_team_win_rate")


def teams_summary(tables: dict[str, pl.DataFrame]) -> dict[str, pl.DataFrame | None]:
    """Every table `hoplostat summarize` prints for a team sweep."""
    games = tables["games"]
    return {
        "win_rates": team_faction_rates(games),
        "pairings": team_pairings(games),
        "first_team": first_team_advantage(games),
        "units": unit_stats(tables.get("units")),
    }


# --- comparing two sweeps -------------------------------------------------------------------


def _solo_or_coop(name: str) -> pl.Expr:
    """A titan's or an immortal's key: its id with " (solo)" or " (co-op)"."""
    return pl.col(name) + pl.when(pl.col("coop")).then(pl.lit(" (co-op)")).otherwise(pl.lit(" (solo)"))


_TRIALS_SCHEMA = {"matchup": pl.String, "game": pl.Int64, "key": pl.String, "group": pl.String, "won": pl.Boolean}


def faction_trials(games: Frame) -> pl.LazyFrame:
    """A faction's game as a trial (versus): (`matchup`, `game`, `key` the faction, `group` "", `won`)."""
    return faction_games(games).lazy().select("matchup", "game", pl.col("faction").alias("key"),
                                              pl.lit("").alias("group"), "won")


def seat_trials(games: Frame) -> pl.LazyFrame:
    """A seat's game as a trial (pods): (`matchup`, `game`, `key` the seat's faction, `group` "", `won`)."""
    return seat_games(games).lazy().select("matchup", "game", pl.col("faction").alias("key"),
                                           pl.lit("").alias("group"), "won")


def teammate_trials(games: Frame) -> pl.LazyFrame:
    """A teammate's game as a trial (teams: its team's outcome): (`matchup`, `game`, `key`, `group` "", `won`)."""
    tg = team_games(games).lazy()
    return pl.concat([tg.select("matchup", "game", pl.col(m).alias("key"), pl.lit("").alias("group"), "won")
                      for m in ("mate_1", "mate_2")])


def opponent_trials(rows: Frame | None, name: str) -> pl.LazyFrame:
    """The players' game against a titan (boss: `rows` the games, `name` "titan") or a wave faced (waves: the
    waves, "immortal") as a trial: `key` the titan or immortal with " (solo)"/" (co-op)", `group` "solo"/"co-op"."""
    if rows is None:
        return pl.LazyFrame(schema=_TRIALS_SCHEMA)
    return rows.lazy().select("matchup", "game", _solo_or_coop(name).alias("key"),
                              pl.when(pl.col("coop")).then(pl.lit("co-op")).otherwise(pl.lit("solo")).alias("group"),
                              pl.col("won").cast(pl.Boolean))


def rates_to_compare(trials: pl.LazyFrame) -> pl.DataFrame:
    """The rates a comparison sets side by side: (`key`, `games`, `wins`), the count per key of one row per trial
    of what the analysis counts (`matchup`, `game`, `key`, `group`, `won`; `Analysis.subject_trials`): a faction's
    wins (versus; pods: its win share; teams: its team's wins), the players' wins against a titan (boss, per titan
    solo and co-op), waves won against an immortal (waves)."""
    return _collect(trials.group_by("key").agg(
        pl.len().cast(pl.Int64).alias("games"), pl.col("won").sum().cast(pl.Int64).alias("wins")))


def holm(p_values) -> np.ndarray:
    """Holm-Bonferroni adjusted p-values (step-down, monotone, at most 1), in the order given."""
    p = np.asarray(p_values, dtype=float)
    m = len(p)
    order = np.argsort(p)
    adjusted = np.empty(m)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p[i]))
        adjusted[i] = running
    return adjusted


def compare_rates(a: pl.DataFrame, b: pl.DataFrame, *, alpha: float = 0.05) -> pl.DataFrame:
    """Rates of two sweeps side by side (`rates_to_compare` of each): per key the rate in A and in B, the
    difference B - A with Newcombe's 95% interval (the hybrid score interval from both Wilson intervals), the
    two-sided p-value of the pooled two-proportion z-test, the Holm-adjusted p-value over all keys compared,
    and `significant` where the adjusted p-value is below `alpha`. Keys in only one sweep are left out."""
    j = a.join(b, on="key", suffix="_b").rename({"games": "games_a", "wins": "wins_a"})
    if j.height == 0:
        return j
    na, xa = j["games_a"].to_numpy().astype(float), j["wins_a"].to_numpy().astype(float)
    nb, xb = j["games_b"].to_numpy().astype(float), j["wins_b"].to_numpy().astype(float)
    pa, pb = xa / na, xb / nb
    la, ua = wilson_interval(xa, na)
    lb, ub = wilson_interval(xb, nb)
    d = pb - pa
    lo = d - np.sqrt((pb - lb) ** 2 + (ua - pa) ** 2)
    hi = d + np.sqrt((ub - pb) ** 2 + (pa - la) ** 2)
    pooled = (xa + xb) / (na + nb)
    se = np.sqrt(pooled * (1 - pooled) * (1 / na + 1 / nb))
    with np.errstate(invalid="ignore", divide="ignore"):
        z = np.where(se > 0, d / se, 0.0)
    p = 2 * st.norm.sf(np.abs(z))
    adj = holm(p)
    return j.with_columns(
        pl.Series("rate_a", pa), pl.Series("rate_b", pb), pl.Series("diff", d), pl.Series("diff_lo", lo),
        pl.Series("diff_hi", hi), pl.Series("p_value", p), pl.Series("p_holm", adj),
        pl.Series("significant", adj < alpha),
    ).sort("diff", descending=True)
