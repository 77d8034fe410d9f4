"""`hoplostat sweep MODE` and `hoplostat summarize DIR`: balance sweeps and their statistics."""

from __future__ import annotations

import contextlib
import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from hoplostat.cli._common import EngineOpt, seed_option

HELP_SWEEP = """Play many seeded games per matchup in parallel and store one row per game.

Two-player modes play every faction pair in both seat orders on every
arena (filter with --faction and --arena); solo and co-op modes every
faction and co-op pair; modes of three or more players sample --pods
groups of factions. Results go to --out chunk by chunk as they complete,
merged into one file per table at the end. An interrupted sweep continues
with --resume and loses no game (Ctrl-C keeps every finished chunk and
prints the exact command that resumes it); --resume with a larger --games
grows the sweep, playing only the new games. Same --seed, same games,
whatever --jobs or --backend is.
"""

HELP_SUMMARIZE = """The statistics of a sweep directory, by the mode's kind: win rates with
95% intervals and each faction against the field average, the matchup
matrix, first-player advantage, Bradley-Terry ratings and the units that
stand out (two-player modes); win shares against the fair share (free-for-
all); team win rates and pairings (teams); immortals and titans (solo and
co-op)."""


ModeArg = Annotated[str, typer.Argument(help="Game mode (hoplostat modes lists them).")]
FactionArg = Annotated[list[str] | None, typer.Option("--faction", "-f", help="Only these factions (repeatable; "
                                                                              "default all).")]
ArenaArg = Annotated[list[str] | None, typer.Option("--arena", "-a", help="Only these arenas (repeatable; default "
                                                                          "both).")]
GamesArg = Annotated[int, typer.Option("--games", "-n", help="Games per matchup and seat order.")]
JobsArg = Annotated[int, typer.Option("--jobs", "-j", help="Parallel workers.")]
PoliciesArg = Annotated[str, typer.Option("--policies", help="Players of faction A and B, comma-separated: random, "
                                                             "greedy, lookahead or lookahead:N (N continuations per "
                                                             "decision); one for both.")]
OutArg = Annotated[Path, typer.Option("--out", "-o", help="Results directory.")]
ResumeArg = Annotated[bool, typer.Option("--resume", help="Continue the sweep in --out.")]
CiWidthArg = Annotated[float | None, typer.Option("--ci-width", help="Stop a matchup once its 95% interval is "
                                                                     "narrower.")]
MaxRoundsArg = Annotated[int | None, typer.Option("--max-rounds", help="Round cap (default: the mode's, see hoplostat "
                                                                       "modes); a stalled game ends there and is "
                                                                       "counted.")]
CoopArg = Annotated[bool, typer.Option("--coop/--no-coop", help="Solo and co-op modes: also every co-op pair of "
                                                                "factions.")]
TitanArg = Annotated[list[str] | None, typer.Option("--titan", "-t", help="Modes against a titan: only these titans "
                                                                          "(repeatable; default all).")]
ChunkArg = Annotated[int, typer.Option("--chunk", help="Games per work unit (about a second of work).")]
BackendArg = Annotated[str, typer.Option("--backend", help="loky (this machine), dask or ray.")]
SchedulerArg = Annotated[str | None, typer.Option("--scheduler",
                                                  help="Dask scheduler address, e.g. tcp://host:8786.")]
DataArg = Annotated[list[Path] | None, typer.Option("--data", help="Overlay data directory (repeatable).")]
PlayersArg = Annotated[int | None, typer.Option("--players", help="Modes of three or more players: players per game "
                                                                  "(default: the fewest the mode allows).")]
PodsArg = Annotated[int | None, typer.Option("--pods", help="Modes of three or more players: groups of factions to "
                                                            "sample from the seed, each seated at random (default 24; "
                                                            "every group once if there are fewer).")]
RulingArg = Annotated[list[str] | None, typer.Option("--ruling", help="A ruling switch NAME=VALUE (repeatable; "
                                                                      "hoplostat rulings lists them); recorded in the "
                                                                      "manifest.")]
OptionArg = Annotated[list[str] | None, typer.Option("--option", "-O", help="A mode option NAME=VALUE (repeatable; "
                                                                            "hoplostat modes lists each "
                                                                            "mode's options); recorded in "
                                                                            "the manifest.")]
FocusArg = Annotated[str | None, typer.Option("--focus", help="Two-player modes: only the matchups of this faction (it "
                                                              "against the field).")]
CompactArg = Annotated[bool, typer.Option("--compact/--no-compact", help="At the end, merge the chunk files into one "
                                                                         "file per table (see hoplostat "
                                                                         "compact).")]
AsJsonArg = Annotated[bool, typer.Option("--json", help="Print a JSON summary when done.")]


def sweep(
    mode: ModeArg,
    faction: FactionArg = None,
    arena: ArenaArg = None,
    games: GamesArg = 100,
    jobs: JobsArg = 1,
    seed: Annotated[int, seed_option("Sweep seed.")] = 0,
    policies: PoliciesArg = "greedy,greedy",
    out: OutArg = Path("reports/sweep"),
    resume: ResumeArg = False,
    ci_width: CiWidthArg = None,
    max_rounds: MaxRoundsArg = None,
    coop: CoopArg = True,
    titan: TitanArg = None,
    chunk: ChunkArg = 50,
    backend: BackendArg = "loky",
    scheduler: SchedulerArg = None,
    data: DataArg = None,
    players: PlayersArg = None,
    pods: PodsArg = None,
    ruling: RulingArg = None,
    option: OptionArg = None,
    focus: FocusArg = None,
    compact: CompactArg = True,
    as_json: AsJsonArg = False,
    engine: EngineOpt = "auto",
) -> None:
    from hoplostat import api
    from hoplostat import sweep as sw
    from hoplostat.cli._common import Progress, emit_json, one_interrupt, stand_in_line, stdout_console, wrote
    from hoplostat.words import plural

    config = api._sweep_config(mode, factions=faction, arenas=arena, games=games, jobs=jobs, seed=seed,
                               policies=policies, ci_width=ci_width, max_rounds=max_rounds, coop=coop,
                               titans=titan, chunk=chunk, data=tuple(data or ()), players=players, pods=pods,
                               rulings=ruling, focus=focus, options=option, engine=engine)
    n_matchups = len(config.matchups())
    sw.check_out(out, config, resume=resume)  # before any output: errors stay one line
    from hoplostat.outpaths import output_dir

    output_dir(out, "--out")
    with Progress(f"sweep {mode}", n_matchups * games) as bar:
        with interrupt_kept(out, config, bar), one_interrupt():
            with sw.backend(backend, jobs=jobs, scheduler=scheduler):  # its workers ignore Ctrl-C (executors)
                report = sw.run(config, out, jobs=jobs, resume=resume, compact=compact, progress=bar.update)
        bar.finish(report.games_played, stopped_note(report, ci_width))
    manifest, tables = sw.scan_tables(out)
    stand_ins = sw.stand_ins((tables, sw.sweep_catalog(manifest)))
    result = {"out": str(out), "games_played": report.games_played, "games_total": report.games_total,
              "chunks_resumed": report.chunks_skipped, "stopped_early": report.stopped_early,
              "matchups": n_matchups, "seed": seed, "stand_ins": stand_ins, "engine": manifest.get("engine")}
    kept = f"; {plural(report.chunks_skipped, 'chunk')} kept from before" if report.chunks_skipped else ""
    early = (f"; {plural(len(report.stopped_early), 'matchup')} stopped early at --ci-width {ci_width}"
             if report.stopped_early else "")
    wrote(out, as_json=as_json, what=f"{plural(report.games_played, 'game')}{kept}{early}")
    if as_json:
        emit_json(result)
        return
    con = stdout_console()
    con.print(stand_in_line(stand_ins, "in this run"), markup=False)
    con.print(sweep_engine_line(manifest.get("engine"), manifest.get("config", {}).get("policies", ())), markup=False)
    con.print(f"next: hoplostat summarize {out}")


def sweep_engine_line(plan: dict | None, policies=()) -> str:
    """Which engine played a sweep's games (`sweep.engine_plan`), in a line (with the search player, which only
    the core plays, without the promise of the same games on the Python engine)."""
    if not plan:
        return "played by the Python engine"
    if plan["played_by"] == "native" and any(str(p).split(":")[0] == "search" for p in policies):
        return "played by the native core (the search player is the core's alone)"
    if plan["played_by"] == "native":
        return "played by the native core (the same games as the Python engine)"
    if plan["played_by"] == "both":
        return (f"played by the native core, but {plan['python_matchups']} matchup(s) by the Python engine: "
                f"{plan['why']}")
    return f"played by the Python engine: {plan['why']}"


def stopped_note(report, ci_width) -> str:
    """What the progress line says of a sweep that played fewer games than planned (--ci-width)."""
    if report.games_played >= report.games_total:
        return ""
    return f"stopped early by --ci-width {ci_width}; {report.games_total:,} games planned"


@contextlib.contextmanager
def interrupt_kept(out: Path, config, bar):
    """Ctrl-C while a sweep plays: one line saying which games were kept on disk and the exact command
    that resumes the sweep (`hoplostat.cli._common.Interrupted`, exit status 130)."""
    from hoplostat import sweep as sw
    from hoplostat.cli._common import Interrupted

    try:
        yield
    except KeyboardInterrupt:
        chunks, kept = _finished_chunks(Path(out))
        if not chunks:
            raise Interrupted(f"no chunk of the sweep had finished; nothing was kept in {out}") from None
        command = sw.resume_command(Path(out), json.loads(json.dumps(config.identity())))
        raise Interrupted(f"{kept:,} of {bar.total:,} games kept in {out} ({chunks} finished "
                          f"chunk{'s' if chunks > 1 else ''}); "
                          f"resume with: {command}") from None


def _finished_chunks(out: Path) -> tuple[int, int]:
    """(finished chunks, games in them) of a sweep directory, loose or compacted (`store`); files that do not
    read count for nothing."""
    import polars as pl

    from hoplostat import store

    if not (out / "games").is_dir():
        return 0, 0
    chunks = sum(len(v) for v in store.chunk_starts(out).values())
    try:
        lf = store.scan_table(out, "games")
        games = 0 if lf is None else lf.select(pl.len()).collect().item()
    except (OSError, pl.exceptions.PolarsError):
        games = 0
    return chunks, games


def summarize(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="A sweep results directory.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    import polars as pl

    from hoplostat import analysis
    from hoplostat import sweep as sw
    from hoplostat.cli._common import emit_json, stand_in_line, stdout_console

    manifest, raw = sw.scan_tables(directory)  # lazily: the statistics aggregate without holding every row
    cfg = sw.sweep_config(directory, manifest)
    n_games = raw["games"].select(pl.len()).collect().item()
    complete = sw.completeness(directory, manifest, raw, n_games)  # an unfinished sweep or a lost table is said
    mode = cfg["mode"]
    an = analysis.for_mode(mode)  # what the mode's sweeps say (`Mode.analysis_class`)
    tables = an.summarize(raw)
    catalog = sw.sweep_catalog(manifest)
    stand_ins = sw.stand_ins((raw, catalog))
    if as_json:
        emit_json({"manifest": manifest, "games": n_games, "stand_ins": stand_ins,
                   **{k: complete[k] for k in ("finished", "games_planned", "missing_tables", "resume", "warnings")},
                   **{k: (v.to_dicts() if v is not None else None) for k, v in tables.items()}})
        return
    for line in complete["warnings"]:
        sys.stderr.write(f"warning: {line}\n")
    con = stdout_console()
    con.print(f"{directory}: {n_games:,} games, mode {cfg['mode']}, policies {'/'.join(cfg['policies'])},"
              f" seed {cfg['seed']}, catalog {manifest.get('catalog_hash', '')[:12]}")
    if cfg.get("rulings"):
        con.print("ruling switches: " + ", ".join(f"{k}={v}" for k, v in cfg["rulings"]))
    if cfg.get("options"):
        con.print("mode options: " + ", ".join(f"{k}={v}" for k, v in cfg["options"]), markup=False)
    con.print(stand_in_line(stand_ins, "in this run"), markup=False)
    an.print_summary(con, tables, cfg, catalog)


HELP_COMPACT = """Merge a sweep directory's chunk files into one file per table (and an index), so that a big
sweep keeps a few files instead of one per chunk and table.

A sweep does this by itself when it finishes (unless --no-compact); run it on a directory a sweep
left unfinished or made before. Safe to interrupt; --resume, growing a sweep (--resume --games N)
and the repair of damaged files work on a compacted directory as on any other.
"""


def compact(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="A sweep results directory.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    from hoplostat import store
    from hoplostat.cli._common import emit_json, stdout_console
    from hoplostat.errors import InputError
    from hoplostat.sweep import read_manifest, resume_command

    manifest = read_manifest(directory)  # an error line if it is not a sweep directory
    done = store.compact(directory)
    if done["damaged"]:  # the good chunks are merged; the damaged ones were set aside for --resume to replay
        first, more = done["damaged"][0], len(done["damaged"]) - 1
        raise InputError(f"{first['file']}: damaged result file ({first['error']})"
                         + (f" and {more} more damaged chunk(s)" if more else "")
                         + f"; set aside in {Path(directory) / store.UNUSED / 'damaged'}, the other "
                         f"{done['chunks']} chunk(s) merged; replay it with "
                         f"`{resume_command(Path(directory), manifest.get('config', {}))}`")
    idx = store.read_index(directory)
    result = {"out": str(directory), "chunks_merged": done["chunks"], "part": done["part"],
              "parts": len(idx["parts"]), "chunks": len(idx["chunks"])}
    if as_json:
        emit_json(result)
        return
    stdout_console().print(f"{directory}: {done['chunks']} chunk(s) merged"
                           + (f" into {done['part']}" if done["part"] else "")
                           + f"; {len(idx['chunks'])} chunks in {len(idx['parts'])} part file(s) per table")
