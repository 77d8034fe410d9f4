"""Polars tables of results, with 95% intervals wherever a number is an estimate.

Win rates use the Wilson score interval (scipy.stats) and always carry the
number of games; draws are counted apart, never hidden. Bradley-Terry
strengths come with intervals from the observed information.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import polars as pl
from scipy import optimize
from scipy import stats as st

Z95 = float(st.norm.ppf(0.975))


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
    return centre - half, centre + half


def _with_interval(frame: pl.DataFrame, wins: str, n: str, prefix: str) -> pl.DataFrame:
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


def faction_games(games: pl.DataFrame) -> pl.DataFrame:
    """One row per (game, faction): the game seen from each side, with won/lost/draw and seat."""
    cols = ["matchup", "arena", "game", "rounds"]
    sides = []
    for side, other in (("a", "b"), ("b", "a")):
        sides.append(
            games.select(
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
    return pl.concat(sides)


def win_rates(games: pl.DataFrame, *, by_arena: bool = False) -> pl.DataFrame:
    """Win rate per faction (optionally per arena) with its 95% interval; draws apart."""
    keys = ["faction", "arena"] if by_arena else ["faction"]
    agg = (
        faction_games(games)
        .group_by(keys)
        .agg(
            pl.len().alias("games"),
            pl.col("won").sum().alias("wins"),
            pl.col("lost").sum().alias("losses"),
            pl.col("draw").sum().alias("draws"),
        )
    )
    agg = _with_interval(agg, "wins", "games", "win_rate")
    return agg.with_columns((pl.col("draws") / pl.col("games")).alias("draw_rate")).sort(
        [*keys[1:], "win_rate"], descending=[False] * (len(keys) - 1) + [True]
    )


_SEAT_COLUMNS = ("win_rate_first", "win_rate_second", "games_first", "games_second")


def matchup_matrix(games: pl.DataFrame) -> pl.DataFrame:
    """Win rate of ``faction`` against ``opponent``, overall and by seat (first/second), with intervals."""
    fg = faction_games(games)
    overall = fg.group_by("faction", "opponent").agg(pl.len().alias("games"), pl.col("won").sum().alias("wins"),
                                                     pl.col("draw").sum().alias("draws"))
    overall = _with_interval(overall, "wins", "games", "win_rate")
    seat = (
        fg.group_by("faction", "opponent", "went_first")
        .agg(pl.col("won").mean().alias("rate"), pl.len().alias("n"))
        .pivot(on="went_first", index=["faction", "opponent"], values=["rate", "n"])
    )
    rename = {c: c.replace("rate_true", "win_rate_first").replace("rate_false", "win_rate_second")
              .replace("n_true", "games_first").replace("n_false", "games_second") for c in seat.columns}
    # the pivot's columns come in the order the groups happen to come out: put them in one order
    seat = seat.rename(rename).select("faction", "opponent", *[c for c in _SEAT_COLUMNS if c in rename.values()])
    return overall.join(seat, on=["faction", "opponent"], how="left").sort("faction", "opponent")


def first_player_advantage(games: pl.DataFrame) -> pl.DataFrame:
    """P(the first player wins) per arena and overall, among decided and all games."""
    frame = games.with_columns(
        (pl.col("winner") == pl.col("first")).fill_null(False).alias("first_won"),
        pl.col("winner").is_null().alias("draw"),
    )
    parts = []
    for arena, sub in [("all", frame), *[(a, frame.filter(pl.col("arena") == a))
                                          for a in sorted(frame["arena"].unique().to_list())]]:
        parts.append({"arena": arena, "games": sub.height, "first_wins": int(sub["first_won"].sum()),
                      "draws": int(sub["draw"].sum())})
    out = pl.DataFrame(parts)
    return _with_interval(out, "first_wins", "games", "first_win_rate")


def bradley_terry(games: pl.DataFrame, *, draw_weight: float = 0.5, prior: float = 0.01) -> pl.DataFrame:
    """Bradley-Terry strengths of factions (log scale, mean 0) with 95% intervals.

    P(i beats j) = 1 / (1 + exp(s_j - s_i)). Draws count as ``draw_weight`` of a
    win for each side. A tiny Gaussian prior (``prior``) keeps strengths finite
    when a faction never lost. Intervals from the inverse observed information
    on the sum-zero subspace.
    """
    names = sorted(set(games["faction_a"].to_list()) | set(games["faction_b"].to_list()))
    idx = {f: i for i, f in enumerate(names)}
    k = len(names)
    w = np.zeros((k, k))
    for a, b, winner in games.select("faction_a", "faction_b", "winner").iter_rows():
        i, j = idx[a], idx[b]
        if winner == "a":
            w[i, j] += 1
        elif winner == "b":
            w[j, i] += 1
        else:
            w[i, j] += draw_weight
            w[j, i] += draw_weight
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
        "se": se, "games": n.sum(axis=1),
    }).sort("strength", descending=True)


def unit_stats(units: pl.DataFrame | None) -> pl.DataFrame | None:
    """Per unit: games in its troop, deployments, damage and kills per deployment, survival, and a
    z-score of damage per deployment against the other units of its faction and kind (heroes are
    compared with heroes, units with units), which points at over- and under-performers."""
    if units is None or units.height == 0:
        return None
    if "kind" not in units.columns:
        units = units.with_columns(pl.lit("unit").alias("kind"))
    per = units.group_by("faction", "kind", "unit").agg(
        pl.len().alias("games"),
        pl.col("deployed").sum().alias("deployed"),
        pl.col("damage_dealt").sum().alias("damage"),
        pl.col("kills").sum().alias("kills"),
        (pl.col("deployed") & ~pl.col("defeated")).sum().alias("survived"),
        pl.col("won").filter(pl.col("deployed")).mean().alias("win_rate_when_deployed"),
    )
    per = per.with_columns(
        (pl.col("deployed") / pl.col("games")).alias("deploy_rate"),
        (pl.col("damage") / pl.col("deployed")).alias("damage_per_deploy"),
        (pl.col("kills") / pl.col("deployed")).alias("kills_per_deploy"),
        (pl.col("survived") / pl.col("deployed")).alias("survival"),
    )
    per = per.with_columns(
        ((pl.col("damage_per_deploy") - pl.col("damage_per_deploy").mean().over("faction", "kind"))
         / pl.col("damage_per_deploy").std().over("faction", "kind")).alias("damage_z")
    )
    return per.sort("damage_z", descending=True, nulls_last=True)


def summary(games: pl.DataFrame, units: pl.DataFrame | None = None) -> dict[str, pl.DataFrame | None]:
    """Every table `hoplostat summarize` prints."""
    return {
        "win_rates": win_rates(games),
        "win_rates_by_arena": win_rates(games, by_arena=True),
        "matchups": matchup_matrix(games),
        "first_player": first_player_advantage(games),
        "ratings": bradley_terry(games),
        "units": unit_stats(units),
    }


# --- Onslaught -------------------------------------------------------------------------------


def _team(frame: pl.DataFrame) -> pl.Expr:
    return (pl.when(pl.col("faction_b") == "").then(pl.col("faction_a"))
            .otherwise(pl.col("faction_a") + " + " + pl.col("faction_b"))).alias("team")


def onslaught_teams(games: pl.DataFrame) -> pl.DataFrame:
    """Per team (a faction solo, or a co-op pair): immortals defeated (0-6) as a distribution, its mean
    with a 95% t-interval, waves reached and games that hit the round cap."""
    g = games.with_columns(_team(games))
    agg = g.group_by("team", "coop").agg(
        pl.len().alias("games"),
        pl.col("immortals_defeated").mean().alias("mean_defeated"),
        pl.col("immortals_defeated").std().alias("sd"),
        pl.col("waves_reached").mean().alias("mean_waves"),
        pl.col("capped").sum().alias("capped"),
        *[(pl.col("immortals_defeated") == k).mean().alias(f"p{k}") for k in range(7)],
    )
    n = agg["games"].to_numpy().astype(float)
    t = st.t.ppf(0.975, np.maximum(n - 1, 1))
    half = t * np.nan_to_num(agg["sd"].to_numpy()) / np.sqrt(n)
    mean = agg["mean_defeated"].to_numpy()
    return agg.with_columns(
        pl.Series("mean_defeated_lo", np.clip(mean - half, 0, 6)),
        pl.Series("mean_defeated_hi", np.clip(mean + half, 0, 6)),
    ).sort(["coop", "mean_defeated"], descending=[False, True])


def immortal_waves(waves: pl.DataFrame | None) -> pl.DataFrame | None:
    """Per immortal, solo and co-op: how often its wave is won when faced, with a 95% interval."""
    if waves is None or waves.height == 0:
        return None
    agg = waves.group_by("immortal", "coop").agg(
        pl.len().alias("faced"), pl.col("won").sum().alias("won_waves"), pl.col("rounds").mean().alias("mean_rounds"))
    return _with_interval(agg, "won_waves", "faced", "wave_win_rate").sort(["coop", "wave_win_rate"])


def onslaught_summary(tables: dict[str, pl.DataFrame]) -> dict[str, pl.DataFrame | None]:
    """Every table `hoplostat summarize` prints for an Onslaught sweep."""
    return {
        "teams": onslaught_teams(tables["games"]),
        "immortals": immortal_waves(tables.get("waves")),
        "units": unit_stats(tables.get("units")),
    }


# --- Ascension -------------------------------------------------------------------------------


def ascension_matrix(games: pl.DataFrame) -> pl.DataFrame:
    """Win rate (titan defeated) per titan and team, solo and co-op, with 95% intervals and mean rounds."""
    g = games.with_columns(_team(games))
    agg = g.group_by("titan", "team", "coop").agg(
        pl.len().alias("games"), pl.col("won").sum().alias("wins"), pl.col("rounds").mean().alias("mean_rounds"),
        pl.col("capped").sum().alias("capped"))
    return _with_interval(agg, "wins", "games", "win_rate").sort("titan", "coop", "team")


def titan_difficulty(games: pl.DataFrame) -> pl.DataFrame:
    """Per titan, solo and co-op: the share of games the players win, hardest titan first."""
    agg = games.group_by("titan", "coop").agg(
        pl.len().alias("games"), pl.col("won").sum().alias("wins"), pl.col("rounds").mean().alias("mean_rounds"))
    return _with_interval(agg, "wins", "games", "win_rate").sort("coop", "win_rate")


def ascension_summary(tables: dict[str, pl.DataFrame]) -> dict[str, pl.DataFrame | None]:
    """Every table `hoplostat summarize` prints for an Ascension sweep."""
    return {
        "titans": titan_difficulty(tables["games"]),
        "matrix": ascension_matrix(tables["games"]),
        "units": unit_stats(tables.get("units")),
    }


# --- by analysis kind ------------------------------------------------------------------------


def summarize(mode: str, tables: dict[str, pl.DataFrame]) -> dict[str, pl.DataFrame | None]:
    """Every table `hoplostat summarize` prints for a sweep of `mode`, chosen by the mode's declared
    analysis kind (`Mode.analysis`: versus, waves or boss), never by its name."""
    from hoplostat.engine.loop import mode_class

    kind = mode_class(mode).analysis
    if kind == "waves":
        return onslaught_summary(tables)
    if kind == "boss":
        return ascension_summary(tables)
    return summary(tables["games"], tables.get("units"))
