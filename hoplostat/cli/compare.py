"""`hoplostat compare A B`: what changed between two sweeps of the same matchups (parsing and printing only)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

HELP_COMPARE = """Set two sweeps of the same matchups side by side: per faction (titan, immortal) the rate in
each, the difference B - A in points with its 95% interval, and whether it is significant after
Holm's correction for the number of factions compared; and how many of the chips of the two
sweeps carry stand-in values (each sweep read with the chips it was played with).

Typical use: the same sweep with and without an overlay (--data) or with two players, e.g.
`hoplostat compare reports/before reports/after`. `--plot FILE.png` draws the differences with
their whiskers; `hoplostat report A --compare B` adds the same as a report section.
"""


def compare(
    a: Annotated[Path, typer.Argument(metavar="A", help="The first sweep directory (the reference).")],
    b: Annotated[Path, typer.Argument(metavar="B", help="The second sweep directory (the change).")],
    plot: Annotated[Path | None, typer.Option("--plot", help="Write the differences as a PNG figure.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    import polars as pl

    from hoplostat.analysis import for_manifest
    from hoplostat.cli._common import emit_json, frame_table, stand_in_line, stdout_console, write_figure
    from hoplostat.comparison import compare_sweeps, open_pair
    from hoplostat.words import plural

    opened = open_pair(a, b)  # the sweeps checked first, then the figure's path: nothing done for a bad one
    if plot is not None:
        from hoplostat.outpaths import figure_file

        figure_file(plot, "--plot")
    result = compare_sweeps(a, b, analysis=for_manifest(opened[0][0]), opened=opened)
    frame = result["table"]
    if plot is not None:
        from hoplostat.report import compare_figure

        write_figure(compare_figure(frame, a_name=str(a), b_name=str(b)), plot, as_json=as_json)
    if as_json:
        emit_json({**{k: v for k, v in result.items() if k != "table"}, "table": frame.to_dicts()})
        return
    con = stdout_console()
    con.print(f"{result['mode']}: {result['what']} in {a} (A, {plural(result['games_a'], 'game')}) and {b} "
              f"(B, {plural(result['games_b'], 'game')}) over {plural(result['matchups'], 'matchup')}; "
              f"differences B - A, Holm-corrected over {frame.height}")
    si, each = result["stand_ins"], result["stand_ins_by_sweep"]
    apart = (f"; A: {each['a']['stand_in']} of {each['a']['chips']}, B: {each['b']['stand_in']} of "
             f"{each['b']['chips']}" if each["a"]["stand_in_ids"] != each["b"]["stand_in_ids"] else "")
    con.print(stand_in_line(si, "in these two sweeps") + apart, markup=False)
    pct = [(pl.col(c) * 100).round(0).cast(pl.Int64) for c in ("diff_lo", "diff_hi")]
    con.print(frame_table("Change from A to B", frame.select(
        "key", "games_a", "games_b",
        pl.format("{}%", (pl.col("rate_a") * 100).round(1)).alias("A"),
        pl.format("{}%", (pl.col("rate_b") * 100).round(1)).alias("B"),
        pl.format("{} [{}, {}]", (pl.col("diff") * 100).round(1), *pct).alias("B - A, points (95%)"),
        pl.col("p_holm").round(4).alias("p (Holm)"),
        pl.when(pl.col("significant")).then(pl.lit("yes")).otherwise(pl.lit("no")).alias("significant"))))
