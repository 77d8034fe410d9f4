"""What a sweep of `origins-solo-trials` says (ORI-TR-9, ORI-TR-10): each trial's pass rate per drafting policy with
its Wilson 95% interval, and the campaign those rates make: the exact distribution of the games needed to clear all
twenty trials (`campaign`: mean, median, quantiles, the chance to clear within 20, 40 or 100 games), an interval for
the mean from the rates' uncertainty, and where campaigns stall (expected games, failures and step-backs per trial).

`TrialsAnalysis` is the mode's analysis object (`OriginsSoloTrials.analysis_class`, `hoplostat.analysis`):
`summary_tables` is what `hoplostat summarize` prints and `--json` gives, `report_content` the report's sections,
`subject_trials` what `compare` and `robustness` count. The shared modules' generic tools (Wilson intervals,
figures) are imported where used: this module is the mode's own analysis (docs/engine.md, "A mode owns what it needs").
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hoplostat.analysis import Analysis
from hoplostat.rulesets.origins.trials import campaign
from hoplostat.rulesets.origins.trials.cards import TRIALS

BOOTSTRAP = 200
"""Draws of pass rates from their posteriors for the interval of the expected games (`campaign.bootstrap_means`)."""
FIGURE_MASS = 0.99
"""The campaign figure shows the distribution up to this cumulative probability."""


def _pl():
    import polars as pl

    return pl


def trial_rates(games) -> Any:
    """Per drafting policy and trial: games, passes, draws (round cap), mean rounds and the pass rate with its Wilson
    95% interval (`pass_rate`, `pass_rate_lo`, `pass_rate_hi`), sorted by policy and trial number."""
    pl = _pl()
    from hoplostat.stats import wilson_interval

    lz = games.lazy()
    t = lz.group_by("draft", "trial", "trial_id", "arena", "challenger", "champion").agg(
        pl.len().alias("games"), pl.col("passed").sum().cast(pl.Int64).alias("passes"),
        (pl.col("outcome") == "draw").sum().cast(pl.Int64).alias("draws"),
        pl.col("rounds").mean().alias("mean_rounds")).collect().sort("draft", "trial")
    lo, hi = wilson_interval(t["passes"].to_numpy(), t["games"].to_numpy())
    return t.with_columns((pl.col("passes") / pl.col("games")).alias("pass_rate"), pl.Series("pass_rate_lo", lo),
                          pl.Series("pass_rate_hi", hi))


def _seed(games) -> int:
    pl = _pl()
    got = games.lazy().select(pl.col("seed").first()).collect()
    return int(got.item()) if got.height and got.item() is not None else 0


def campaign_tables(rates, seed: int) -> dict[str, Any]:
    """From `trial_rates`: per drafting policy the exact campaign (`campaign`: one row; `incomplete` when the sweep
    did not play all twenty trials), where it stalls (`stalls`: one row per trial) and its distribution (`distribution`:
    games, probability, cumulative, up to `FIGURE_MASS`)."""
    pl = _pl()
    rows, stall_rows, dist_rows = [], [], []
    for k, draft in enumerate(sorted(set(rates["draft"].to_list()))):
        sub = rates.filter(pl.col("draft") == draft).sort("trial")
        measured = sub["trial"].to_list()
        row: dict[str, Any] = {"draft": draft, "trials_measured": len(measured), "games": int(sub["games"].sum())}
        keys = ("mean", "mean_lo", "mean_hi", "q10", "q25", "median", "q75", "q90", "q95", "within_20", "within_40",
                "within_100")
        if measured != list(range(1, TRIALS + 1)):
            rows.append({**row, **dict.fromkeys(keys), "clears": None,
                         "note": f"incomplete: {len(measured)} of the {TRIALS} trials were played"})
            continue
        p = sub["pass_rate"].to_numpy()
        s = campaign.summary(p)
        rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(0xCA3, k)))
        boot = campaign.bootstrap_means(sub["passes"].to_numpy(), sub["games"].to_numpy(), draws=BOOTSTRAP, rng=rng)
        lo, hi = np.quantile(boot, [0.025, 0.975])
        clears = campaign.clears(p)
        note = "" if clears else "a trial was never passed: at these rates the campaign never ends"
        rows.append({**row, **s, "mean_lo": float(lo), "mean_hi": float(hi), "clears": clears, "note": note})
        if clears:
            st = campaign.stalls(p)
            for i in range(TRIALS):
                stall_rows.append({"draft": draft, "trial": i + 1, "pass_rate": float(p[i]),
                                   "expected_games": float(st["games"][i]),
                                   "expected_failures": float(st["failures"][i]),
                                   "expected_step_backs": float(st["step_backs"][i])})
            d = campaign.distribution(p, mass=FIGURE_MASS)
            cum = np.cumsum(d)
            dist_rows += [{"draft": draft, "games": t, "probability": float(d[t]), "cumulative": float(cum[t])}
                          for t in range(len(d)) if d[t] > 0]
    schema = {"draft": pl.String, "trial": pl.Int64, "pass_rate": pl.Float64, "expected_games": pl.Float64,
              "expected_failures": pl.Float64, "expected_step_backs": pl.Float64}
    dist_schema = {"draft": pl.String, "games": pl.Int64, "probability": pl.Float64, "cumulative": pl.Float64}
    return {"campaign": pl.DataFrame(rows, infer_schema_length=None),
            "stalls": pl.DataFrame(stall_rows, schema=schema),
            "distribution": pl.DataFrame(dist_rows, schema=dist_schema)}


def summary_tables(tables: dict) -> dict[str, Any]:
    """Every table of a trials sweep: `trials` (pass rates), `campaign`, `stalls`, `distribution`."""
    rates = trial_rates(tables["games"])
    return {"trials": rates, **campaign_tables(rates, _seed(tables["games"]))}


def _fmt(x) -> str:
    if x is None:
        return "-"
    if isinstance(x, float) and not np.isfinite(x):
        return "never"
    return f"{x:,.0f}"


def sentences(t: dict) -> list[str]:
    """The findings in words: the campaign per drafting policy, and the hardest trial."""
    out = []
    for r in t["campaign"].iter_rows(named=True):
        if r["mean"] is None:
            out.append(f"Drafting {r['draft']}: {r['note']}; no campaign estimate.")
            continue
        if not r["clears"]:
            out.append(f"Drafting {r['draft']}: {r['note']}.")
            continue
        out.append(f"Drafting {r['draft']}: clearing all {TRIALS} trials takes {r['mean']:,.1f} games on average "
                   f"(95% interval from the pass rates' uncertainty {r['mean_lo']:,.0f} to {r['mean_hi']:,.0f}), "
                   f"median {_fmt(r['median'])}, 90% of campaigns within {_fmt(r['q90'])}; "
                   f"{r['within_40']:.1%} clear within 40 games.")
    st = t["stalls"]
    if st.height:
        for draft in sorted(set(st["draft"].to_list())):
            sub = st.filter(_pl().col("draft") == draft).sort("expected_games", descending=True)
            top = sub.row(0, named=True)
            out.append(f"Drafting {draft}: campaigns stall at trial {top['trial']} (pass rate {top['pass_rate']:.0%}): "
                       f"{top['expected_games']:,.1f} games expected there, "
                       f"{top['expected_step_backs']:,.1f} step-backs.")
    return out


def printed(t: dict) -> list[tuple[str, Any]]:
    """(title, frame) pairs `hoplostat summarize` prints."""
    pl = _pl()
    rates = t["trials"].select(
        "draft", "trial", "arena", "games", "passes", "draws",
        pl.format("{} [{}, {}]", *[(pl.col(c) * 100).round(1) for c in ("pass_rate", "pass_rate_lo", "pass_rate_hi")])
        .alias("pass % (95%)"), pl.col("mean_rounds").round(1).alias("rounds"))
    rows = []
    for r in t["campaign"].iter_rows(named=True):
        done = r["mean"] is not None
        rows.append({"draft": r["draft"], "trials": r["trials_measured"],
                     "mean games [95%]": (f"{_fmt(r['mean'])} [{_fmt(r['mean_lo'])}, {_fmt(r['mean_hi'])}]"
                                          if done else "-"),
                     "median": _fmt(r["median"]), "10%-90%": f"{_fmt(r['q10'])}-{_fmt(r['q90'])}" if done else "-",
                     "% within 20/40/100": ("/".join(f"{100 * r[f'within_{n}']:.1f}" for n in (20, 40, 100))
                                            if done else "-"),
                     "note": r["note"] or ""})
    camp = pl.DataFrame(rows)
    out = [("Pass rate per trial and drafting policy (Wilson 95% intervals; a drawn trial is not passed)", rates),
           ("The campaign: games to clear all 20 trials (exact, from the pass rates as an absorbing Markov chain; "
            "mean_lo/mean_hi: 95% interval from the rates' uncertainty)", camp)]
    if t["stalls"].height:
        out.append(("Where campaigns stall: expected games, failures and step-backs per trial",
                    t["stalls"].select("draft", "trial", pl.col("pass_rate").round(3),
                                       *[pl.col(c).round(2) for c in ("expected_games", "expected_failures",
                                                                      "expected_step_backs")])))
    return out


# --------------------------------------------------------------------------- figures and the report


def pass_rate_figure(rates):
    """Each trial's pass rate per drafting policy with Wilson 95% whiskers, trials 1..20 left to right."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(7.2, 3.6), layout="constrained")
    ax = fig.add_subplot()
    drafts = sorted(set(rates["draft"].to_list()))
    width = 0.8 / max(1, len(drafts))
    for k, draft in enumerate(drafts):
        sub = rates.filter(_pl().col("draft") == draft).sort("trial")
        x = sub["trial"].to_numpy() + (k - (len(drafts) - 1) / 2) * width
        mid = sub["pass_rate"].to_numpy()
        err = np.vstack([np.maximum(mid - sub["pass_rate_lo"].to_numpy(), 0),
                         np.maximum(sub["pass_rate_hi"].to_numpy() - mid, 0)])
        ax.errorbar(x, mid, yerr=err, fmt="o", capsize=2, lw=1, markersize=4, label=draft)
    ax.set_xticks(range(1, TRIALS + 1))
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlabel("trial (stand-in cards)")
    ax.set_ylabel("pass rate")
    ax.legend(frameon=False, title="drafting", fontsize=8)
    ax.grid(axis="y", alpha=0.3)
    ax.set_title("Pass rate per trial (95% interval)", fontsize=10)
    return fig


def campaign_figure(t: dict):
    """The distribution of games to clear all twenty trials per drafting policy (exact), the mean marked."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(7.2, 3.4), layout="constrained")
    ax = fig.add_subplot()
    dist = t["distribution"]
    pl = _pl()
    for draft in sorted(set(dist["draft"].to_list())):
        sub = dist.filter(pl.col("draft") == draft)
        line = ax.plot(sub["games"].to_numpy(), sub["cumulative"].to_numpy(), lw=1.5, label=draft)
        mean = t["campaign"].filter(pl.col("draft") == draft)["mean"].item()
        if mean is not None and np.isfinite(mean):
            ax.axvline(mean, color=line[0].get_color(), ls="--", lw=1)
    if dist.height and dist["games"].max() > 20 * max(1, dist["games"].min()):
        ax.set_xscale("log")  # campaigns of a hundred games and of tens of thousands side by side
    ax.set_xlabel("games to clear all 20 trials (dashed: the mean)")
    ax.set_ylabel("P(cleared within)")
    ax.set_ylim(0, 1)
    if dist.height:
        ax.legend(frameon=False, title="drafting", fontsize=8)
    else:
        ax.text(0.5, 0.5, "no complete campaign: every trial must be played and passed at least once",
                ha="center", va="center", transform=ax.transAxes, fontsize=9)
    ax.set_title("Games to clear the Solo Trials (exact, from the pass rates)", fontsize=10)
    ax.grid(alpha=0.3)
    return fig


def stalls_figure(t: dict):
    """Expected games played at each trial over a campaign, per drafting policy."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(7.2, 3.2), layout="constrained")
    ax = fig.add_subplot()
    st = t["stalls"]
    drafts = sorted(set(st["draft"].to_list()))
    width = 0.8 / max(1, len(drafts))
    for k, draft in enumerate(drafts):
        sub = st.filter(_pl().col("draft") == draft).sort("trial")
        ax.bar(sub["trial"].to_numpy() + (k - (len(drafts) - 1) / 2) * width, sub["expected_games"].to_numpy(),
               width=width, label=draft)
    ax.set_xticks(range(1, TRIALS + 1))
    ax.set_yscale("log")
    ax.set_xlabel("trial")
    ax.set_ylabel("expected games there")
    if drafts:
        ax.legend(frameon=False, title="drafting", fontsize=8)
    ax.set_title("Where campaigns stall", fontsize=10)
    return fig


def findings(t: dict) -> list:
    """The headline's candidates (`headline.Finding`): each trial's pass rate against the average trial of its
    drafting policy ("harder trial", "easier trial"), and each drafting policy's pass rate over all trials against the
    policies' average ("drafting policy"), each difference with its Newcombe 95% interval."""
    pl = _pl()
    from hoplostat import headline
    from hoplostat.stats import against_average, wilson_interval

    rates = t["trials"].with_columns(pl.format("trial {} ({})", "trial", "draft").alias("subject"),
                                     pl.col("passes").alias("wins"))
    out = []
    for draft in sorted(set(rates["draft"].to_list())):
        sub = rates.filter(pl.col("draft") == draft)

        def say(r):
            return (f"Trial {r['trial']} ({r['arena']}, {r['challenger']}) is passed in "
                    f"{headline.percent(r['pass_rate'])} [{headline.percent(r['pass_rate_lo'])}, "
                    f"{headline.percent(r['pass_rate_hi'])}] of {r['games']:,} games drafting {r['draft']}: "
                    f"{headline.size_words(r['diff'])} {'more' if r['diff'] > 0 else 'less'} than its average trial "
                    f"{headline.interval(r['diff_lo'], r['diff_hi'])}.")
        out += headline.rate_findings(sub, "subject", "pass_rate", "trial", say)
    per = rates.group_by("draft").agg(pl.col("games").sum(), pl.col("wins").sum()).sort("draft")
    if per.height > 1:
        lo, hi = wilson_interval(per["wins"].to_numpy(), per["games"].to_numpy())
        per = per.with_columns((pl.col("wins") / pl.col("games")).alias("pass_rate"), pl.Series("pass_rate_lo", lo),
                               pl.Series("pass_rate_hi", hi))
        n, x = int(per["games"].sum()), int(per["wins"].sum())
        alo, ahi = (float(v) for v in wilson_interval(x, n))
        for r in against_average(per, x / n, alo, ahi, rate="pass_rate").iter_rows(named=True):
            out.append(headline.Finding(
                "drafting policy", r["draft"], r["diff"], r["diff_lo"], r["diff_hi"],
                f"Drafting {r['draft']}, the house passes {headline.percent(r['pass_rate'])} of its trials "
                f"({r['games']:,} games, all twenty trials): {headline.size_words(r['diff'])} "
                f"{'more' if r['diff'] > 0 else 'less'} than the policies' average "
                f"{headline.interval(r['diff_lo'], r['diff_hi'])}."))
    return out


def report_content(tables: dict, catalog: Any, cfg: dict) -> tuple[list, list[str], Any, str, list]:
    """(sections, sentences, lead figure, its text, the headline's findings) of a trials sweep's report: the
    campaign first."""
    t = summary_tables(tables)
    n_cards = len(catalog.cards.get("trial", {}))
    stand = sum(1 for c in catalog.cards.get("trial", {}).values() if c.is_stand_in)
    cards = (f" {stand} of the {n_cards} trial cards carry stand-in values (data/origins/trials.toml; load the real "
             "cards with --data).")
    sections = [
        ("trials-campaign", "The campaign", campaign_figure(t),
         "The chance to have cleared all twenty trials within a number of games, per drafting policy: exact, from the "
         "measured pass rates as an absorbing Markov chain (two attempts per trial, two failures send the house back "
         "one trial, R-ORI-TR-8). mean_lo and mean_hi are a 95% interval for the mean from the pass rates' "
         "uncertainty." + cards, t["campaign"]),
        ("trials-pass", "Pass rate per trial", pass_rate_figure(t["trials"]),
         "Each trial's pass rate per drafting policy (a trial drawn at the round cap is not passed), both houses "
         "together; whiskers are Wilson 95% intervals." + cards, t["trials"]),
    ]
    if t["stalls"].height:
        sections.append(("trials-stalls", "Where campaigns stall", stalls_figure(t),
                         "Expected games played at each trial before the campaign is cleared (log scale), with the "
                         "expected failures and step-backs there.", t["stalls"]))
    return (sections, sentences(t), campaign_figure(t),
            "Games to clear all twenty Solo Trials, per drafting policy (exact, from the measured pass rates)." + cards,
            findings(t))


def subject_trials(tables: dict) -> Any:
    """What `compare` and `robustness` count: each game a trial of its trial card and drafting policy (`key`
    "trial-NN (POLICY)", `group` the policy), won when passed."""
    pl = _pl()
    return tables["games"].lazy().select(
        "matchup", "game", pl.format("{} ({})", "trial_id", "draft").alias("key"), pl.col("draft").alias("group"),
        pl.col("passed").cast(pl.Boolean).alias("won"))


class TrialsAnalysis(Analysis):
    """The Solo Trials' campaign (kind "campaign"): pass rates per trial and drafting policy, the games to clear all
    twenty, where campaigns stall (`summary_tables`, `printed`, `sentences`, `report_content`); compare and robustness
    count each trial and policy as a subject (`subject_trials`), held against its policy's pooled pass rate."""

    kind = "campaign"

    def subject_trials(self, tables: dict[str, Any]) -> Any:
        return subject_trials(tables)

    def summarize(self, tables: dict[str, Any]) -> dict[str, Any]:
        return summary_tables(tables)

    def print_summary(self, con: Any, tables: dict[str, Any], cfg: dict[str, Any], catalog: Any) -> None:
        from hoplostat.tables import frame_table

        for title, frame in [*printed(tables), *((line, None) for line in sentences(tables))]:
            con.print(title, markup=False) if frame is None else con.print(frame_table(title, frame))

    def report_sections(self, tables, catalog, factions, cfg, sweep):
        from hoplostat.report import Lead

        sections, lines, figure, text, found = report_content(tables, catalog, cfg)
        return sections, lines, Lead(found, figure=figure, what="trial", text=text)

    def odds_frame(self, tables: dict[str, Any], catalog: Any, factions: list[str]) -> Any:
        """The drafted chips' attack odds (`report.chips_kill_chance_frame`), the catalog's kinds read."""
        from hoplostat.report import chips_kill_chance_frame
        from hoplostat.sweep import chips_used

        return chips_kill_chance_frame(catalog, chips_used(tables, catalog).get("chips", []))
