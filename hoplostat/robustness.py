"""Verdicts against skill (`hoplostat robustness A B [C ...]`, `hoplostat report A --robustness B`).

Sweeps of the same mode and matchups played by different players (``--policies``) set side by side: per
subject (faction; titan or immortal, solo and co-op, in the solo modes: what the mode's analysis object
counts, `Analysis.subject_trials`) its rate under each player with a 95% interval and a verdict against an
average subject; the Spearman rank correlation of the subjects between each pair of sweeps with a bootstrap 95% interval
(games resampled within each sweep); and every subject whose verdict changes with the player (a flip).

A balance verdict that holds under one player and not another is about the player as much as the game.
The functions over frames (`subject_verdicts`, `game_cells`, `bootstrap_diffs`, `robustness`) take a sweep's
tables (`sweep.scan_tables` or `load_tables`; all but `bootstrap_diffs` with the mode's analysis object,
`hoplostat.analysis.for_mode`) and work in notebooks; `open_sweeps` reads the directories and checks they can be
compared, `robustness_sweeps` does both.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from hoplostat.errors import InputError
from hoplostat.words import VERDICT_WORDS, plural

MAY_DIFFER = ("policies", "games", "seed", "ci_width", "chunk", "data")
"""Config keys that may differ between the sweeps: the players (the point), how many games and from which
seed, the early-stop width and the work unit. `data` (overlay paths) only while the catalog hash, which is
compared, says the chips are the same."""
MATCHUP_KEYS = ("factions", "arenas", "titans", "coop", "players", "pods")
"""Config keys compared through the matchups they make (the same matchups in any order pass)."""


WORDS = VERDICT_WORDS
"""A verdict in words (`words.VERDICT_WORDS`, as every command and the report print it)."""

REVERSALS = ({"stronger", "weaker"}, {"easier", "harder"})

DEFAULT_BOOTSTRAP = 1000
DEFAULT_SEED = 0
MIN_SUBJECTS = 3
"""A rank correlation of fewer subjects says nothing (two subjects are always +1 or -1)."""

_KEY_SEP, _TRIAL_SEP = "\x1f", "\x1e"


# --- one sweep ---------------------------------------------------------------------------------


VERDICT_SCHEMA = {"key": pl.String, "group": pl.String, "games": pl.Int64, "wins": pl.Int64, "rate": pl.Float64,
                  "rate_lo": pl.Float64, "rate_hi": pl.Float64, "reference": pl.Float64, "diff": pl.Float64,
                  "diff_lo": pl.Float64, "diff_hi": pl.Float64, "verdict": pl.String}
"""The columns of `subject_verdicts`."""


def verdict_change(a: str, b: str) -> str:
    """How a verdict moves from a weaker player (`a`) to a stronger one (`b`): holds, changes or reverses
    (`REVERSALS`; the converge rungs and the report's stronger-player section)."""
    if a == b:
        return "holds"
    return "reverses" if {a, b} in REVERSALS else "changes"


def subject_verdicts(analysis: Any, tables: dict) -> pl.DataFrame:
    """Per subject of one sweep: `key`, `group`, `games`, `wins`, `rate` with its Wilson 95% interval
    (`rate_lo`, `rate_hi`), `reference` (what an average subject gets), `diff` = rate - reference with its
    interval (`diff_lo`, `diff_hi`) and `verdict`: `analysis.subject_verdicts` (`hoplostat.analysis`), one of
    `field_verdicts`, `pod_verdicts` or `group_verdicts`, sorted by key.

    The reference and the verdict are those the sweep's own summary gives: the field average of a two-seat
    game for factions (`stats.field_differences`; in teams: the average team), the fair share of a pod
    (`stats.pod_win_shares`). Titans and immortals are held against the pooled rate of their group (solo or
    co-op: the players' success against an average titan or immortal), the pooled rate's Wilson interval
    combined with the subject's (`stats.against_average`, within [-1, 1]); their verdict is "easier" or
    "harder"."""
    out = analysis.subject_verdicts(tables)
    return out.with_columns(pl.col("games").cast(pl.Int64), pl.col("wins").cast(pl.Int64)).sort("key")


def field_verdicts(games: Any, rates: pl.DataFrame) -> pl.DataFrame:
    """Factions against the field average (versus: `stats.win_rates`; teams: `stats.team_faction_rates`)."""
    from hoplostat import stats

    fd = stats.field_differences(games, rates=rates).join(
        rates.select("faction", "win_rate_lo", "win_rate_hi"), on="faction")
    return fd.select(pl.col("faction").alias("key"), pl.lit("").alias("group"), "games", "wins",
                     pl.col("win_rate").alias("rate"), pl.col("win_rate_lo").alias("rate_lo"),
                     pl.col("win_rate_hi").alias("rate_hi"), pl.col("field_average").alias("reference"),
                     "diff", "diff_lo", "diff_hi", "verdict")


def pod_verdicts(games: Any) -> pl.DataFrame:
    """Factions against the fair share of a pod (`stats.pod_win_shares`)."""
    from hoplostat import stats

    ps = stats.pod_win_shares(games)
    return ps.select(pl.col("faction").alias("key"), pl.lit("").alias("group"), "games", "wins",
                     pl.col("win_share").alias("rate"), pl.col("win_share_lo").alias("rate_lo"),
                     pl.col("win_share_hi").alias("rate_hi"), pl.col("fair_share").alias("reference"), "diff",
                     (pl.col("win_share_lo") - pl.col("fair_share")).alias("diff_lo"),
                     (pl.col("win_share_hi") - pl.col("fair_share")).alias("diff_hi"), "verdict")


def group_verdicts(trials: pl.LazyFrame) -> pl.DataFrame:
    """Subjects (titans, immortals; a mode's own: its trials) against the pooled rate of their group, from one row
    per trial (`Analysis.subject_trials`); "easier" or "harder"."""
    from hoplostat import stats

    counts = trials.group_by("key", "group").agg(
        pl.len().cast(pl.Int64).alias("games"), pl.col("won").sum().cast(pl.Int64).alias("wins")).collect()
    parts = []
    for group in sorted(counts["group"].unique().to_list()):
        rows = counts.filter(pl.col("group") == group)
        lo, hi = stats.wilson_interval(rows["wins"].to_numpy(), rows["games"].to_numpy())
        rows = rows.with_columns((pl.col("wins") / pl.col("games")).alias("rate"), pl.Series("rate_lo", lo),
                                 pl.Series("rate_hi", hi))
        n, x = int(rows["games"].sum()), int(rows["wins"].sum())
        avg_lo, avg_hi = (float(v) for v in stats.wilson_interval(x, n))
        parts.append(stats.against_average(rows, x / n, avg_lo, avg_hi, rate="rate"))
    if not parts:
        return pl.DataFrame(schema=VERDICT_SCHEMA)
    return pl.concat(parts).rename({"field_average": "reference"}).with_columns(
        pl.when(pl.col("diff_lo") > 0).then(pl.lit("easier")).when(pl.col("diff_hi") < 0).then(pl.lit("harder"))
        .otherwise(pl.lit("within")).alias("verdict")).select(list(VERDICT_SCHEMA))


def game_cells(analysis: Any, tables: dict) -> dict[str, Any]:
    """A sweep's games grouped by what they contribute (the same subjects with the same outcomes), so that
    resampling games is resampling cells: `counts` (K,) int64 games per cell, `games` and `wins` (K, S) float64
    trials and successes of each subject per game of the cell, `keys` (S,) sorted, `groups` (S,) the group of
    each subject, `n_games` the number of games. `counts @ wins` are the sweep's wins per subject."""
    trials = analysis.subject_trials(tables).with_columns(
        (pl.col("key") + _KEY_SEP + pl.col("won").cast(pl.UInt8).cast(pl.String)).alias("token"))
    per_game = trials.group_by("matchup", "game").agg(pl.col("token").sort()).with_columns(
        pl.col("token").list.join(_TRIAL_SEP).alias("pattern")).select("matchup", "game", "pattern")
    every = tables["games"].lazy().select("matchup", "game").join(per_game, on=["matchup", "game"], how="left")
    cells = every.group_by(pl.col("pattern").fill_null("")).agg(pl.len().alias("n")).sort("pattern").collect()
    subjects = trials.select("key", "group").unique().sort("key").collect()
    keys, groups = subjects["key"].to_list(), subjects["group"].to_list()
    if len(set(keys)) != len(keys):
        raise ValueError("a subject in two groups")  # a key names its group (" (solo)", " (co-op)")
    col = {k: i for i, k in enumerate(keys)}
    n = np.zeros((cells.height, len(keys)))
    x = np.zeros((cells.height, len(keys)))
    for i, pattern in enumerate(cells["pattern"].to_list()):
        for token in filter(None, pattern.split(_TRIAL_SEP)):
            key, won = token.rsplit(_KEY_SEP, 1)
            n[i, col[key]] += 1
            x[i, col[key]] += won == "1"
    counts = cells["n"].to_numpy().astype(np.int64)
    return {"counts": counts, "games": n, "wins": x, "keys": keys, "groups": groups, "n_games": int(counts.sum())}


def _diffs(games: np.ndarray, wins: np.ndarray, member: np.ndarray) -> np.ndarray:
    """Rate minus its group's pooled rate, (B, S), from trials and successes (B, S) and the (S, G) membership of
    subjects in groups; NaN for a subject without a trial."""
    with np.errstate(invalid="ignore", divide="ignore"):
        rate = wins / games
        pooled = (wins @ member) / (games @ member)
    return rate - pooled @ member.T


def _membership(groups: Sequence[str]) -> np.ndarray:
    names = sorted(set(groups))
    return np.array([[g == name for name in names] for g in groups], dtype=float).reshape(len(groups), len(names))


def point_diffs(cells: dict[str, Any]) -> np.ndarray:
    """(S,) each subject's rate minus its group's pooled rate over the whole sweep (for factions the field
    average or the fair share: a constant, so these rank the subjects as their rates do)."""
    c = cells["counts"].astype(float)[None, :]
    return _diffs(c @ cells["games"], c @ cells["wins"], _membership(cells["groups"]))[0]


def bootstrap_diffs(cells: dict[str, Any], *, n: int, rng: np.random.Generator, block: int = 4_000_000) -> np.ndarray:
    """(n, S) `point_diffs` of `n` bootstrap resamples of the sweep's games (as many games, drawn with
    replacement: multinomial counts over the cells), in blocks of about `block` cell counts at a time."""
    counts = cells["counts"]
    total = int(counts.sum())
    member = _membership(cells["groups"])
    out = np.empty((n, len(cells["keys"])))
    if total == 0:
        out.fill(np.nan)
        return out
    p = counts / total
    step = max(1, block // max(1, len(counts)))
    for start in range(0, n, step):
        c = rng.multinomial(total, p, size=min(step, n - start)).astype(float)
        out[start:start + len(c)] = _diffs(c @ cells["games"], c @ cells["wins"], member)
    return out


def row_spearman(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Spearman's rank correlation of each row of `a` with the same row of `b` (both (B, S)): the Pearson
    correlation of their average ranks, as `scipy.stats.spearmanr`; NaN for a row with a NaN or constant ranks."""
    from scipy import stats as st

    ra = st.rankdata(a, axis=1, nan_policy="propagate")
    rb = st.rankdata(b, axis=1, nan_policy="propagate")
    ra = ra - ra.mean(axis=1, keepdims=True)
    rb = rb - rb.mean(axis=1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        return (ra * rb).sum(axis=1) / np.sqrt((ra * ra).sum(axis=1) * (rb * rb).sum(axis=1))


# --- several sweeps -----------------------------------------------------------------------------


def policy_label(policies: Sequence[str]) -> str:
    """A sweep's players in a word: `greedy` when every seat has the same, else `random/greedy`."""
    ps = [str(p) for p in policies] or ["?"]
    return ps[0] if len(set(ps)) == 1 else "/".join(ps)


def sweep_labels(policies: Sequence[Sequence[str]], paths: Sequence[str | Path]) -> list[str]:
    """One label per sweep: its players (`policy_label`); sweeps whose players are the same are named by their
    directory (then by their path, then numbered) instead."""
    labels = [policy_label(p) for p in policies]
    for name in (lambda i: Path(paths[i]).name or str(paths[i]), lambda i: str(paths[i]),
                 lambda i: f"{paths[i]} #{i + 1}"):
        dup = {x for x in labels if labels.count(x) > 1}
        labels = [name(i) if x in dup else x for i, x in enumerate(labels)]
    return labels


def _and(items: Sequence[str]) -> str:
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def flip_sentence(key: str, verdicts: dict[str, str]) -> str:
    """`parthians: weaker than average under greedy, not distinguishable from average under random`: the sweeps
    grouped by verdict, in the order given."""
    by: dict[str, list[str]] = {}
    for label, v in verdicts.items():
        by.setdefault(v, []).append(label)
    return f"{key}: " + ", ".join(f"{WORDS.get(v, v)} under {_and(labels)}" for v, labels in by.items())


def flips(table: pl.DataFrame, labels: Sequence[str]) -> list[dict[str, Any]]:
    """Every subject whose verdict differs between the sweeps (among those where it was played): `key`,
    `verdicts` {label: verdict}, `reversed` (stronger under one player, weaker under another) and `sentence`."""
    out = []
    for key in sorted(table["key"].unique().to_list()):
        rows = {r["sweep"]: r["verdict"] for r in table.filter(pl.col("key") == key).iter_rows(named=True)}
        verdicts = {label: rows[label] for label in labels if rows.get(label) is not None}
        seen = set(verdicts.values())
        if len(seen) > 1:
            out.append({"key": key, "verdicts": verdicts, "reversed": any(r <= seen for r in REVERSALS),
                        "sentence": flip_sentence(key, verdicts)})
    return out


def robustness(analysis: Any, sweeps: Sequence[dict], labels: Sequence[str], *, bootstrap: int = DEFAULT_BOOTSTRAP,
               seed: int = DEFAULT_SEED) -> dict[str, Any]:
    """The robustness of one mode's verdicts across sweeps (each a tables dict, the same matchups under
    different players), as frames: `table` (one row per subject and sweep: `subject_verdicts` with `sweep` =
    its label), `correlations` (one row per pair of sweeps: `a`, `b`, `subjects`, `spearman` with its
    percentile bootstrap 95% interval `spearman_lo`, `spearman_hi` and `replicates`, the resamples where it
    was defined, and `note`, why the correlation or its interval is missing: fewer than `MIN_SUBJECTS`
    subjects in both sweeps, every rate equal under one player, no resamples), `flips` (`flips`) and `games`
    per sweep.

    The rank correlation is of the subjects' rates minus their reference (for factions, whose reference is
    one number per sweep, exactly the ranks of the rates), over the subjects played in both sweeps. Resamples
    are drawn with `numpy.random.SeedSequence(seed)` spawned once per sweep in the order given: the same
    sweeps, `seed` and `bootstrap` give the same intervals."""
    if len(sweeps) != len(labels) or len(set(labels)) != len(labels):
        raise ValueError("one distinct label per sweep")
    rngs = [np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(len(sweeps))]
    verdicts, diffs, rates, boots, keys, n_games = [], [], [], [], [], []
    for tables, label, rng in zip(sweeps, labels, rngs):
        verdicts.append(subject_verdicts(analysis, tables).with_columns(pl.lit(label).alias("sweep")))
        cells = game_cells(analysis, tables)
        keys.append(cells["keys"])
        n_games.append(cells["n_games"])
        diffs.append(point_diffs(cells))
        rates.append((cells["counts"] @ cells["wins"]) / (cells["counts"] @ cells["games"]))
        boots.append(bootstrap_diffs(cells, n=bootstrap, rng=rng))
    rows = []
    for i in range(len(sweeps)):
        for j in range(i + 1, len(sweeps)):
            common = sorted(set(keys[i]) & set(keys[j]))
            ci = [keys[i].index(k) for k in common]
            cj = [keys[j].index(k) for k in common]
            rho = lo = hi = None
            defined = 0
            note = None
            if len(common) < MIN_SUBJECTS:
                note = (f"{plural(len(common), analysis.subject)} in both sweeps, fewer than {MIN_SUBJECTS}: a rank "
                        "correlation of so few says nothing")
            else:
                r = float(row_spearman(diffs[i][None, ci], diffs[j][None, cj])[0])  # the replicates' arithmetic
                rho = r if np.isfinite(r) else None
                if rho is None:
                    level = [k for k, c in ((i, ci), (j, cj)) if np.ptp(diffs[k][c]) == 0] or [i]
                    same = all(np.ptp(rates[k][c]) == 0 for k, c in ((i, ci), (j, cj)) if k in level)
                    equal = "rates all equal" if same else f"every {analysis.subject} at its group's average"
                    note = f"{equal} under {_and([labels[k] for k in level])}: no ranks to correlate"
                elif bootstrap == 0:
                    note = "no interval: no bootstrap resamples asked for (--bootstrap 0)"
                else:
                    reps = row_spearman(boots[i][:, ci], boots[j][:, cj])
                    ok = reps[np.isfinite(reps)]
                    defined = int(ok.size)
                    if defined:
                        lo, hi = (float(v) for v in np.percentile(ok, [2.5, 97.5]))
                    else:
                        note = "no interval: in every resample the rates were all equal under one player"
            rows.append({"a": labels[i], "b": labels[j], "subjects": len(common), "spearman": rho,
                         "spearman_lo": lo, "spearman_hi": hi, "replicates": defined, "note": note})
    table = pl.concat(verdicts).select("key", "sweep", *[c for c in verdicts[0].columns if c not in ("key", "sweep")])
    order = {label: i for i, label in enumerate(labels)}
    table = table.sort([pl.col("key"), pl.col("sweep").replace_strict(order, return_dtype=pl.Int64)])
    corr = pl.DataFrame(rows, schema={"a": pl.String, "b": pl.String, "subjects": pl.Int64, "spearman": pl.Float64,
                                      "spearman_lo": pl.Float64, "spearman_hi": pl.Float64, "replicates": pl.Int64,
                                      "note": pl.String})
    return {"kind": analysis.kind, "subject": analysis.subject, "labels": list(labels), "games": n_games,
            "table": table, "correlations": corr, "flips": flips(table, labels), "bootstrap": bootstrap, "seed": seed}


def wide_table(table: pl.DataFrame, labels: Sequence[str]) -> pl.DataFrame:
    """`robustness`'s long table as one row per subject: `key`, then per sweep `rate_<label>` with its interval
    (`rate_<label>_lo`, `rate_<label>_hi`) and `verdict_<label>`, the subject most above its average (mean over
    the sweeps) first."""
    out = table.select("key").unique()
    for label in labels:
        sub = table.filter(pl.col("sweep") == label).select(
            "key", *[pl.col(c).alias(f"{c}_{label}") for c in ("rate", "rate_lo", "rate_hi")],
            pl.col("verdict").alias(f"verdict_{label}"),
            pl.col("diff").alias(f"diff_{label}"))
        out = out.join(sub, on="key", how="left")
        out = out.rename({f"rate_lo_{label}": f"rate_{label}_lo", f"rate_hi_{label}": f"rate_{label}_hi"})
    mean = pl.mean_horizontal([f"diff_{label}" for label in labels])
    return out.sort(mean, "key", descending=[True, False], nulls_last=True).drop(
        [f"diff_{label}" for label in labels])


# --- sweep directories --------------------------------------------------------------------------


def _config_differences(ca: dict, cb: dict) -> list[str]:
    skip = set(MAY_DIFFER) | set(MATCHUP_KEYS)
    if not (ca.get("catalog_hash") and cb.get("catalog_hash")):
        skip.discard("data")  # no hash to say the chips are the same: the overlays must be
    return sorted(k for k in set(ca) | set(cb) if k not in skip and ca.get(k) != cb.get(k))


def open_sweeps(paths: Sequence[str | Path]) -> list[tuple[Path, dict, dict]]:
    """(path, manifest, tables) of each sweep directory (`sweep.scan_tables`), once checked that they can be set
    side by side: two or more different directories of one mode and the same matchups, differing in nothing
    but `MAY_DIFFER`. Otherwise an InputError, naming the first pair and what differs, before any work."""
    from hoplostat.comparison import check_same_sweeps, distinct_sweeps
    from hoplostat.sweep import scan_tables, sweep_config

    dirs = [Path(p) for p in paths]
    if len(dirs) < 2:
        raise InputError("robustness: give two sweep directories or more (the same matchups under other players)")
    distinct_sweeps(dirs, command="robustness")
    loaded = [scan_tables(p) for p in dirs]
    for p, (m, _t) in zip(dirs, loaded):
        sweep_config(p, m)  # a damaged manifest is named, not read as a sweep of no mode
    for p, (m, t) in zip(dirs[1:], loaded[1:]):
        check_same_sweeps(dirs[0], p, loaded[0], (m, t), command="robustness")
        ca, cb = loaded[0][0].get("config", {}), m.get("config", {})
        diff = _config_differences(ca, cb)
        if diff:
            k = diff[0]
            raise InputError(f"robustness: {dirs[0]} and {p} differ in {', '.join(diff)} ({k}: {ca.get(k)!r} and "
                             f"{cb.get(k)!r}); sweeps set side by side across players may differ only in --policies, "
                             "--games, --seed, --ci-width and --chunk")
    return [(p, m, t) for p, (m, t) in zip(dirs, loaded)]


def robustness_sweeps(paths: Sequence[str | Path], *, analysis: Any, bootstrap: int = DEFAULT_BOOTSTRAP,
                      seed: int = DEFAULT_SEED, opened: list[tuple[Path, dict, dict]] | None = None) -> dict[str, Any]:
    """`robustness` of sweep directories, with what the command prints around it: `mode`, `what`, `sweeps`
    (path, label, policies, games, seed of each) and `stand_ins` (the share of the chips used that carry
    stand-in values). The sweeps are checked by `open_sweeps` (`opened`: its result, when the caller checked
    them already); `analysis`: the mode's (`hoplostat.analysis.for_mode`), what is counted and judged."""
    from hoplostat.sweep import stand_ins, sweep_catalog

    opened = open_sweeps(paths) if opened is None else opened
    paths = [p for p, _, _ in opened]
    configs = [m.get("config", {}) for _, m, _ in opened]
    mode = configs[0].get("mode")
    labels = sweep_labels([c.get("policies", []) for c in configs], paths)
    result = robustness(analysis, [t for _, _, t in opened], labels, bootstrap=bootstrap, seed=seed)
    catalog = sweep_catalog(opened[0][1])  # the sweeps have the same chips (or an error said they differ)
    sweeps = [{"path": str(p), "label": label, "policies": list(c.get("policies", [])), "games": g,
               "games_per_matchup": c.get("games"), "seed": c.get("seed")}
              for p, label, c, g in zip(paths, labels, configs, result["games"])]
    return {"mode": mode, "what": analysis.what, **result, "sweeps": sweeps,
            "stand_ins": stand_ins(*((t, catalog) for _, _, t in opened))}
