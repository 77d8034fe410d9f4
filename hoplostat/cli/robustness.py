"""`hoplostat robustness A B [C ...]`: which balance verdicts survive a change of player (parsing and printing only)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from hoplostat.cli._common import seed_option

HELP_ROBUSTNESS = """Do the balance verdicts hold under other players (--policies)?

Sweeps of the same matchups played by different players (e.g. random,
greedy, lookahead) set side by side.

Per faction (a wave mode: per immortal, a mode against a titan: per
titan, solo and co-op) the rate under each player with its 95% interval and a verdict
against an average faction (stronger, weaker, or not distinguishable
from average, as summarize gives it); the Spearman rank correlation of
the factions between each pair of sweeps, with a bootstrap 95% interval
(games resampled within each sweep: --bootstrap resamples drawn from
--seed, which seeds only this resampling, so the same seed gives the
same interval; the games themselves were seeded by each sweep's own
--seed); and every verdict that flips with the player. A flip to or from
"not distinguishable" can be an interval that just touches the average;
a reversal (stronger under one player, weaker under another) is the
strong signal.

The sweeps must be of one mode and the same matchups (--faction,
--arena, --titan, --coop, --players, --pods) with the same chips,
--max-rounds and --ruling; only --policies, --games, --seed, --ci-width
and --chunk may differ. Each sweep is named by its policies, or by its
directory when two have the same. `--plot FILE.png` draws the rates;
`hoplostat report A --robustness B` adds the same as a report section.
"""


def robustness(
    sweeps: Annotated[list[Path], typer.Argument(
        metavar="SWEEP_A SWEEP_B [SWEEP ...]", help="Sweep directories of the same matchups under different players.")],
    bootstrap: Annotated[int, typer.Option("--bootstrap", min=0, help="Bootstrap resamples for the correlations' "
                                                                      "intervals (0: none).")] = 1000,
    seed: Annotated[int, seed_option("Seed of the bootstrap resamples of the correlations' intervals (this "
                                     "command plays no games: each sweep's games keep the seed they were "
                                     "played with).")] = 0,
    plot: Annotated[Path | None, typer.Option(
        "--plot", help="Write the rates under each player as a PNG figure.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    import polars as pl

    from hoplostat.analysis import for_manifest
    from hoplostat.cli._common import emit_json, frame_table, stand_in_line, stdout_console, write_figure
    from hoplostat.robustness import WORDS, open_sweeps, robustness_sweeps, wide_table
    from hoplostat.words import plural

    opened = open_sweeps(sweeps)  # the sweeps checked first, then the figure's path: nothing done for a bad one
    if plot is not None:
        from hoplostat.outpaths import figure_file

        figure_file(plot, "--plot")
    result = robustness_sweeps(sweeps, analysis=for_manifest(opened[0][1]), bootstrap=bootstrap, seed=seed,
                               opened=opened)
    labels, subject = result["labels"], result["subject"]
    if plot is not None:
        from hoplostat.report import robustness_figure

        write_figure(robustness_figure(result["table"], labels, subject=subject), plot, as_json=as_json)
    if as_json:
        emit_json({**{k: v for k, v in result.items() if k not in ("table", "correlations", "games")},
                   "table": result["table"].to_dicts(), "correlations": result["correlations"].to_dicts()})
        return
    con = stdout_console()
    where = "; ".join(f"{s['label']}: {s['path']}, {plural(s['games'], 'game')}" for s in result["sweeps"])
    con.print(f"{result['mode']}: {result['what']} under {len(labels)} players ({where}); 95% intervals, "
              f"verdicts against an average {subject}")
    wide = wide_table(result["table"], labels)

    def pct(c: str) -> pl.Expr:
        return pl.when(pl.col(c).is_null()).then(pl.lit("-")).otherwise(pl.format(
            "{}% [{}, {}]", *[(pl.col(x) * 100).round(0).cast(pl.Int64) for x in (c, f"{c}_lo", f"{c}_hi")]))

    cols = [pl.col("key").alias(subject)]
    for label in labels:
        words = pl.col(f"verdict_{label}").replace_strict(WORDS, default=None).fill_null("-")
        cols += [pct(f"rate_{label}").alias(f"{label} (95%)"), words.alias(f"verdict, {label}")]
    con.print(frame_table(f"{result['what'].capitalize()} under each player", wide.select(cols)))
    corr = result["correlations"]

    def num(c: str) -> pl.Expr:
        return pl.col(c).round(2).cast(pl.String)

    interval = pl.format(" [{}, {}]", num("spearman_lo"), num("spearman_hi"))
    shown = (pl.when(pl.col("spearman").is_null()).then(pl.lit("-")).otherwise(num("spearman"))
             + pl.when(pl.col("spearman_lo").is_null()).then(pl.lit("")).otherwise(interval)
             + pl.when(pl.col("note").is_null()).then(pl.lit("")).otherwise(pl.format(" ({})", "note")))
    con.print(frame_table(
        f"Rank correlation of the {subject}s (Spearman; 95% bootstrap interval, "
        f"{plural(result['bootstrap'], 'resample')} of the games, seed {result['seed']})",
        corr.select("a", "b", pl.col("subjects").alias(f"{subject}s"), shown.alias("Spearman (95%)"),
                    pl.col("replicates").alias("resamples used"))))
    if result["flips"]:
        con.print(f"Verdicts that flip with the player ({len(result['flips'])} of {plural(wide.height, subject)}):")
        for f in result["flips"]:
            con.print(f"  {f['sentence']}" + ("  (reversed)" if f["reversed"] else ""))
    else:
        con.print(f"No verdict flips with the player ({plural(wide.height, subject)}).")
    con.print(stand_in_line(result["stand_ins"], "in these runs"), markup=False)
