"""`hoplostat duel` and `hoplostat duel-matrix`: map-free combat between units."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from hoplostat.cli._common import seed_option

HELP_DUEL = """Duel between two units without a map: P(A wins), P(B wins), draws, rounds.

A and B are catalog ids (kunlun/warrior, bandit) or inline specs such as
hp=6,attack=2black+blue,skills=absorb|retaliate (also reduce=, bonus=,
regen=, reroll=, health=, name=). Skills that need a map are ignored and
listed. By default the duel is simulated (--trials); --exact adds the exact
Markov-chain answer.
"""

HELP_DUEL_MATRIX = """Every unit against every unit (both orders of first attack) as a table and a heatmap.

Writes the table to --out (.parquet or .csv) and a heatmap PNG beside it.
"""

DataOpt = Annotated[list[Path] | None, typer.Option("--data", help="Overlay data directory (repeatable).")]


def _fighter(text: str, catalog, tactics: list[str], flag: str):
    from hoplostat.combat import fighter_from_unit, parse_fighter_spec
    from hoplostat.errors import InputError

    if "=" in text:
        if tactics:
            raise InputError("tactics apply to catalog units; put modifiers in the inline spec instead")
        return parse_fighter_spec(text, known_skills=catalog.skills)
    unit = catalog.unit(text)
    try:
        return fighter_from_unit(unit, catalog=catalog, tactics=tactics)
    except InputError as exc:
        raise InputError(f"{flag}: {exc}") from None


def duel(
    a: Annotated[str, typer.Argument(help="Unit A: catalog id or inline spec.")],
    b: Annotated[str, typer.Argument(help="Unit B: catalog id or inline spec.")],
    first: Annotated[str, typer.Option("--first", help="Who attacks first: a or b.")] = "a",
    exact: Annotated[bool, typer.Option("--exact", help="Also solve the duel exactly (Markov chain; up to 200 HP "
                                                        "against 200).")] = False,
    trials: Annotated[int, typer.Option("--trials", help="Simulated duels.")] = 100_000,
    seed: Annotated[int, seed_option("Random seed.")] = 0,
    tactic_a: Annotated[list[str] | None, typer.Option("--tactic-a", help="Tactic id on A (repeatable).")] = None,
    tactic_b: Annotated[list[str] | None, typer.Option("--tactic-b", help="Tactic id on B (repeatable).")] = None,
    data: DataOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    import numpy as np

    from hoplostat.catalog import load
    from hoplostat.catalog.standin import stand_in_share
    from hoplostat.cli._common import emit_json, stdout_console
    from hoplostat.combat import check_exact, exact_duel, simulate_duel
    from hoplostat.errors import InputError

    if first not in ("a", "b"):
        raise InputError(f"--first {first!r}: must be 'a' or 'b'")
    if trials < 1 or trials > 50_000_000:
        raise InputError(f"--trials {trials}: must be between 1 and 50000000")
    catalog = load(data or ())
    fa, fb = _fighter(a, catalog, tactic_a or [], "--tactic-a"), _fighter(b, catalog, tactic_b or [], "--tactic-b")
    if exact:
        check_exact(fa, fb)  # before the simulation: refused at once, not after it
    sim = simulate_duel(fa, fb, trials, rng=np.random.default_rng(seed), first=first)
    out = {"a": fa.unit_id or fa.name, "b": fb.unit_id or fb.name, "first": first, "seed": seed,
           **_clean(sim.as_dict())}
    if exact:
        out["exact"] = _clean(exact_duel(fa, fb, first=first).as_dict())
    out["stand_ins"] = stand_in_share(catalog, chips=[f.unit_id for f in (fa, fb) if f.unit_id])  # inline: no chip
    if as_json:
        emit_json(out)
        return
    stdout_console().print(*_render(out, fa, fb), sep="\n")


def _clean(d):
    if isinstance(d, dict):
        return {k: _clean(v) for k, v in d.items()}
    if isinstance(d, list):
        return [_clean(v) for v in d]
    if hasattr(d, "item"):
        return d.item()
    if isinstance(d, float) and d != d:
        return None
    return d


def _render(out: dict, fa, fb) -> list:
    from hoplostat.cli._common import stand_in_line
    from hoplostat.cli._common import table as Table

    t = Table(title=f"Duel: {fa.name} (A) vs {fb.name} (B), {out['first'].upper()} attacks first",
              title_justify="left")
    t.add_column("")
    t.add_column(f"simulated ({out['trials']:,} duels)", justify="right")
    if "exact" in out:
        t.add_column("exact", justify="right")
    for key, label in (("p_a_wins", "A wins"), ("p_b_wins", "B wins"), ("p_draw", "draw (both defeated or round cap)")):
        row = [label, f"{out[key] * 100:.2f}% ± {out['se'][key] * 100:.2g}%"]
        if "exact" in out:
            row.append(f"{out['exact'][key] * 100:.2f}%")
        t.add_row(*row)
    mean = out["mean_rounds"]
    row = ["mean rounds", f"{mean:.2f}" if mean is not None else "-"]
    if "exact" in out:
        em = out["exact"]["mean_rounds"]
        row.append(f"{em:.2f}" if em is not None else "-")
    t.add_row(*row)
    lines = [t]
    for f in (fa, fb):
        if f.ignored:
            lines.append(f"ignored for {f.name} (needs a map or not modelled): {', '.join(f.ignored)}")
    lines.append(stand_in_line(out["stand_ins"], "in this duel"))
    return lines


def duel_matrix(
    faction: Annotated[list[str] | None, typer.Option("--faction",
                                                      help="Only units of this faction (repeatable).")] = None,
    trials: Annotated[int, typer.Option("--trials", help="Simulated duels per pair and order.")] = 10_000,
    exact: Annotated[bool, typer.Option("--exact", help="Solve every duel exactly instead of simulating.")] = False,
    seed: Annotated[int, seed_option("Random seed.")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Parallel worker processes.")] = 1,
    out: Annotated[Path, typer.Option("--out", help="Table file (.parquet or .csv); heatmap PNG beside it.")] = Path(
        "reports/duel-matrix.parquet"),
    data: DataOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON summary.")] = False,
) -> None:
    from hoplostat import report, stats, sweep
    from hoplostat.catalog import load
    from hoplostat.catalog.standin import stand_in_share
    from hoplostat.cli._common import (
        Interrupted,
        Progress,
        emit_json,
        one_interrupt,
        quiet_workers,
        stand_in_line,
        stdout_console,
        wrote,
    )
    from hoplostat.combat import fighter_from_unit
    from hoplostat.errors import InputError

    if out.suffix.lower() not in (".parquet", ".csv"):
        raise InputError(f"--out {out}: the table is written as .parquet or .csv")
    if trials < 1:
        raise InputError(f"--trials {trials}: must be 1 or more")
    if jobs < 1:
        raise InputError(f"--jobs {jobs}: must be 1 or more")
    from hoplostat.outpaths import output_file, writing

    output_file(out, "--out")
    catalog = load(data or ())
    factions = faction or list(catalog.factions)
    for f in factions:
        catalog.faction(f)
    units = [u for f in factions for u in catalog.faction_units(f, include_hero=False)]
    fighters = [fighter_from_unit(u, catalog=catalog) for u in units]
    n_duels = len(fighters) ** 2 * 2
    with Progress("duel-matrix", n_duels, unit="duels") as bar, one_interrupt(), quiet_workers("loky", jobs):
        try:
            rows = sweep.duel_matrix(fighters, trials=trials, seed=seed, jobs=jobs, exact=exact,
                                     progress=bar.update)
        except KeyboardInterrupt:
            raise Interrupted(f"nothing was kept: the table ({out}) is written only once every duel is played; "
                              "run the command again") from None
        bar.finish()
    frame = stats.duel_matrix_frame(rows, {u.id: u for u in units})
    tmp = out.with_name(out.name + ".tmp")
    png = out.with_suffix(".png")
    with writing(out, "--out"):
        if out.suffix.lower() == ".csv":
            frame.write_csv(tmp)
        else:
            frame.write_parquet(tmp)
        tmp.replace(out)
        report.duel_heatmap(frame).savefig(png, dpi=110)
    summary: dict[str, Any] = {"table": str(out), "heatmap": str(png), "units": len(units), "duels": n_duels,
               "trials": None if exact else trials, "seed": seed,
               "stand_ins": stand_in_share(catalog, chips=[u.id for u in units])}
    wrote(out, as_json=as_json, what=f"{len(units)} units, {n_duels:,} duels")
    wrote(png, as_json=as_json, what="heatmap")
    if as_json:
        emit_json(summary)
        return
    import polars as pl

    ranking = (frame.group_by("a", "a_name").agg(pl.col("p_a_wins").mean().alias("mean P(win)"))
               .sort("mean P(win)", descending=True))
    con = stdout_console()
    con.print(f"{len(units)} units, {n_duels:,} duels")
    con.print(stand_in_line(summary["stand_ins"], "in this table"), markup=False)
    con.print("strongest in duels: " + ", ".join(f"{a} {p:.0%}" for a, _, p in ranking.head(5).iter_rows()))
    con.print("weakest in duels: " + ", ".join(f"{a} {p:.0%}" for a, _, p in ranking.tail(5).iter_rows()))
