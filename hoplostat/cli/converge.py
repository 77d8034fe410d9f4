"""`hoplostat converge MODE`: sweep the same matchups at rising player strength until the verdicts stop changing
(parsing and printing; the work is `hoplostat.converge`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from hoplostat.cli._common import EngineOpt, seed_option

HELP_CONVERGE = """Sweep the same matchups at rising player strength until the balance verdicts stop changing.

One sweep per rung (--rungs, weakest first; default greedy, lookahead:8, search:64, search:512), each
in its own folder of --out and resumable. After each rung the two strongest swept so far are set side
by side: the verdicts have converged when their ranking of the factions agrees (Spearman 95% lower
bound at least 0.9) and no verdict reverses. It stops there, when --minutes have passed before the
next rung would start, or after the last rung, and prints at which rung the verdicts stopped
changing, or that they did not. A verdict "at rung X" is what sweeps played by X say once a stronger
player no longer changes it (README, "Players").
"""


ModeArg = Annotated[str, typer.Argument(help="Game mode (hoplostat modes lists them).")]
RungsArg = Annotated[str, typer.Option(
        "--rungs", help="The players, weakest first, comma-separated.")]
GamesArg = Annotated[int, typer.Option("--games", "-n", help="Games per matchup and seat order at every rung.")]
FactionArg = Annotated[list[str] | None, typer.Option("--faction", "-f", help="Only these factions (repeatable; "
                                                                              "default all).")]
ArenaArg = Annotated[list[str] | None, typer.Option("--arena", "-a", help="Only these arenas (repeatable; default "
                                                                          "every arena).")]
MinutesArg = Annotated[float, typer.Option("--minutes",
                                           help="Time budget: no rung starts after this many minutes.")]
JobsArg = Annotated[int, typer.Option("--jobs", "-j", help="Parallel workers.")]
SeedArg = Annotated[int, seed_option("Sweep seed (every rung plays the same set-ups and seeds).")]
OutArg = Annotated[Path, typer.Option(
        "--out", "-o", help="Folder of the rungs' sweeps and converge.json.")]
DataArg = Annotated[list[Path] | None, typer.Option("--data", help="Overlay data directory (repeatable).")]
AsJsonArg = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]


def converge(
    mode: ModeArg,
    rungs: RungsArg = "greedy,lookahead:8,search:64,search:512",
    games: GamesArg = 20,
    faction: FactionArg = None,
    arena: ArenaArg = None,
    minutes: MinutesArg = 30.0,
    jobs: JobsArg = 1,
    seed: SeedArg = 0,
    out: OutArg = Path("reports/converge"),
    data: DataArg = None,
    as_json: AsJsonArg = False,
    engine: EngineOpt = "auto",
) -> None:
    import json

    from hoplostat import api
    from hoplostat.cli._common import Progress, emit_json, stand_in_line, stderr_console, stdout_console, wrote
    from hoplostat.converge import ConvergeConfig, run_converge
    from hoplostat.errors import InputError
    from hoplostat.outpaths import output_dir, writing
    from hoplostat.policies import check
    from hoplostat.words import VERDICT_WORDS, plural

    names = tuple(r.strip() for r in rungs.split(",") if r.strip())
    for r in names:
        check(r, option="--rungs")
    if len(set(names)) != len(names) or len(names) < 2:
        raise InputError(f"--rungs {rungs!r}: two players or more, each once, weakest first")
    if minutes <= 0:
        raise InputError(f"--minutes {minutes:g}: must be more than 0")
    # every flag checked as `hoplostat sweep` checks it, before any game
    first = api._sweep_config(mode, factions=faction, arenas=arena, games=games, jobs=jobs, seed=seed,
                              policies=f"{names[0]},{names[0]}", ci_width=None, max_rounds=None, coop=True, titans=None,
                              chunk=50, data=tuple(data or ()), engine=engine)
    output_dir(out, "--out")
    cfg = ConvergeConfig(mode, names, games, seed, first.factions, first.arenas, minutes, jobs, first.data)

    def sweep(rung: str, where: Path, resume: bool) -> None:
        n = len(first.matchups()) * games
        with Progress(f"converge {mode}: {rung}", n) as bar:
            api.run_sweep(mode, list(first.factions), arenas=list(first.arenas), games=games, jobs=jobs, seed=seed,
                          policies=f"{rung},{rung}", out=where, resume=resume,
                          data=[str(d) for d in data or ()] or None,
                          progress=bar.update, engine=engine)
            bar.finish(n)

    from hoplostat.catalog import load
    from hoplostat.catalog.standin import stand_in_share
    from hoplostat.engine.loop import mode_class

    catalog = load(tuple(first.data), use_env=False, ruleset=mode_class(mode).ruleset)  # the overlays as swept
    err = stderr_console()
    result = run_converge(cfg, out, sweep=sweep, say=lambda line: err.print(line, markup=False))
    result["stand_ins"] = stand_in_share(catalog, factions=list(first.factions))
    with writing(out / "converge.json", "--out"):
        (out / "converge.json").write_text(json.dumps(result, indent=2) + "\n")
    wrote(out / "converge.json", as_json=as_json, what="the steps")
    if as_json:
        emit_json(result)
        return
    con = stdout_console()
    for s in result["steps"]:
        lo = "-" if s["spearman_lo"] is None else f"{s['spearman_lo']:.2f}"
        rho = "-" if s["spearman"] is None else f"{s['spearman']:.2f}"
        con.print(f"{s['weaker']} -> {s['stronger']}: Spearman {rho} (95% lower bound {lo}); "
                  f"{plural(len(s['changed']), 'verdict')} changed, {len(s['reversed'])} reversed", markup=False)
        for v in s["verdicts"]:
            if v["change"] != "holds":
                con.print(f"  {v['key']}: {VERDICT_WORDS.get(v['weaker'], v['weaker'])} -> "
                          f"{VERDICT_WORDS.get(v['stronger'], v['stronger'])} ({v['change']})", markup=False)
    if result["converged_at"] is not None:
        con.print(f"The verdicts stopped changing at {result['converged_at']}: {result['why']}.", markup=False)
    else:
        con.print(f"The verdicts did not converge: {result['why']}.", markup=False)
    con.print(stand_in_line(result["stand_ins"], "in these runs"), markup=False)
