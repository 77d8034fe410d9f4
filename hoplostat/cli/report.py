"""`hoplostat report DIR`: the HTML balance report of a sweep."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

HELP_REPORT = """Write a self-contained HTML balance report (figures embedded) and its PNGs.

DIR is a sweep results directory (from `hoplostat sweep`). Open OUT/index.html
in any browser; it needs no network. The page opens with its headline: the
largest effects of the run ranked by size and certainty, each with its 95%
interval and the tune or compare command to run next, beside the figure a
designer reads first (a two-player mode: each faction by arena, in points from
the field average); then the sections under their headings, every table sortable.
"""


def report(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="A sweep results directory.")],
    out: Annotated[Path, typer.Option("--out", "-o",
                                      help="Where index.html and figures/ are written.")] = Path("reports"),
    data: Annotated[list[Path] | None, typer.Option("--data", help="Overlay data directory (repeatable).")] = None,
    compare: Annotated[Path | None, typer.Option("--compare", help="Another sweep of the same matchups: add a section "
                                                                   "with the change from it (see hoplostat "
                                                                   "compare).")] = None,
    robustness: Annotated[list[Path] | None, typer.Option("--robustness", help="Another sweep of the same matchups "
                                                                               "under other players (repeatable): add "
                                                                               "a section with the verdicts under each "
                                                                               "(see hoplostat robustness).")] = None,
    stronger: Annotated[Path | None, typer.Option("--stronger", help="A sweep of the same matchups by a stronger "
                                                                     "player (e.g. --policies search:64): add the "
                                                                     "section \"Do these verdicts hold for stronger "
                                                                     "players?\", each verdict marked holds, changes "
                                                                     "or reverses.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON summary.")] = False,
) -> None:
    import time

    from hoplostat import report as rep
    from hoplostat.analysis import for_manifest
    from hoplostat.cli._common import emit_json, wrote
    from hoplostat.outpaths import output_dir
    from hoplostat.sweep import read_manifest, sweep_catalog

    manifest = read_manifest(directory)
    others = list(robustness or ())
    checked = rep.check_inputs(directory, compare_with=compare, robustness_with=others, stronger=stronger)
    import sys

    import polars as pl

    from hoplostat.sweep import completeness

    scanned_manifest, scanned = checked["results"]
    complete = completeness(directory, scanned_manifest, scanned, scanned["games"].select(pl.len()).collect().item())
    for line in complete["warnings"]:  # an unfinished sweep or a lost table is said, not reported as if whole
        sys.stderr.write(f"warning: {line}\n")
    catalog = sweep_catalog(manifest, [str(d) for d in data] if data else None)
    output_dir(out, "--out")  # created once every input is known to be good: a bad one leaves nothing behind
    started = time.time() - 1  # file times can be a second coarse
    index = rep.build_report(directory, out, catalog, for_manifest(scanned_manifest), compare_with=compare,
                             robustness_with=others, checked=checked, stronger=stronger)
    figures = sorted(p for p in (out / "figures").glob("*.png") if p.stat().st_mtime >= started)
    wrote(index, as_json=as_json)
    for fig in figures:
        wrote(fig, as_json=as_json)
    if as_json:
        from hoplostat.sweep import scan_tables, stand_ins

        # what the page's banner counts: the chips of this sweep, read with the report's catalog
        emit_json({"report": str(index), "figures": [str(p) for p in figures], "warnings": complete["warnings"],
                   "stand_ins": stand_ins((scan_tables(directory)[1], catalog))})
