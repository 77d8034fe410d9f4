"""`hoplostat tune TARGET`: the smallest change to a faction's, a titan's or an immortal's stand-in chips that
brings it to a goal (parsing and printing only; the search is `hoplostat.tune`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from hoplostat.cli._common import seed_option

HELP_TUNE = (
    "Find the smallest change to a target's stand-in chips that brings its rate to --goal, and prove it with 95% "
    "intervals. TARGET is a faction, a titan or an immortal (faction:ID, titan:ID or immortal:ID when an id is two "
    "of them).\n"
    "\n"
    "The rate, by kind of target:\n"
    "\n"
    "- a faction: its win rate against the field in the two-player mode that tunes factions (every other faction, "
    "both seat orders, both arenas; draws are won by nobody and counted apart, as in summarize); --goal 0.5 unless "
    "given;\n"
    "- a titan: the field's success rate against it in the mode played against a titan (every faction solo, or "
    "every co-op pair with --players 2), as summarize counts it; --goal required;\n"
    "- an immortal: the share of waves the field wins against it when it is faced, in the wave mode (solo, or "
    "co-op with --players 2); --goal required.\n"
    "\n"
    "Candidates, per chip (a faction's hero and units; a titan and the allies it brings; an immortal): +/-1 Health, "
    "Movement or Range, one attack die a colour up or down, one skill added or removed (skills the engine "
    "implements); then pairs of the best singles (--max-changes for larger sets). Only stand-in values change: "
    "rulebook and public values are skipped and listed; a titan's card and an immortal's triggers are left as they "
    "are. For a faction, exact map-free duels against the field screen the changes a duel can see; short sweeps "
    "(--games per matchup, by successive halving) screen the rest with them; the best few are confirmed on fresh "
    "games, doubling until the interval lies inside or outside goal +/- tolerance (or --max-games). --out DIR "
    "writes the best change set as an overlay directory for --data DIR. Same --seed, same result, whatever --jobs "
    "is.\n"
)


TargetArg = Annotated[str, typer.Argument(metavar="TARGET", help="The faction, titan or immortal to tune (hoplostat "
                                                                 "data list faction|titan|immortal; faction:ID, "
                                                                 "titan:ID, immortal:ID to say which).")]
GoalArg = Annotated[float | None, typer.Option("--goal", help="The rate to reach, 0..1: a faction's win rate against "
                                                              "the field (default 0.5); the field's success rate "
                                                              "against a titan or an immortal (required).")]
ToleranceArg = Annotated[float, typer.Option("--tolerance",
                                             help="How close to the goal counts as reaching it.")]
GamesArg = Annotated[int, typer.Option("--games", "-n", help="Games per matchup in the screen's last round (earlier "
                                                             "rounds play fewer).")]
MaxGamesArg = Annotated[int, typer.Option("--max-games", help="Games per matchup at most when a change set is "
                                                              "confirmed.")]
ConfirmArg = Annotated[int, typer.Option("--confirm", help="How many change sets to confirm (besides the catalog as it "
                                                           "is).")]
MaxChangesArg = Annotated[int, typer.Option("--max-changes",
                                            help="The most changes in one set (2: singles and pairs).")]
PairsOfArg = Annotated[int, typer.Option("--pairs-of", help="How many of the best singles are paired.")]
AgainstArg = Annotated[list[str] | None, typer.Option("--against", help="The field: only these factions (repeatable; "
                                                                        "default every faction, every other one for a "
                                                                        "faction).")]
ArenaArg = Annotated[list[str] | None, typer.Option("--arena", "-a", help="Only these arenas (repeatable; default the "
                                                                          "mode's: both for a faction).")]
UnitArg = Annotated[list[str] | None, typer.Option("--unit", "-u", help="Change only these chips of the target "
                                                                        "(repeatable; default all).")]
PlayersArg = Annotated[int | None, typer.Option("--players", help="A titan or an immortal: 1 (the field solo, default) "
                                                                  "or 2 (every co-op pair of the field).")]
MethodArg = Annotated[bool, typer.Option("--method", help="Keep stand-in values within the stand-in method "
                                                          "(data/README.md: class templates, stat budget).")]
PoliciesArg = Annotated[str, typer.Option("--policies", help="Players of the faction and its opponent (one for both; "
                                                             "the field's players against a titan or an "
                                                             "immortal).")]
MaxRoundsArg = Annotated[int | None, typer.Option("--max-rounds", help="Round cap (default: the mode's).")]
JobsArg = Annotated[int, typer.Option("--jobs", "-j", help="Parallel workers.")]
DataArg = Annotated[list[Path] | None, typer.Option("--data", help="Start from this overlay data directory "
                                                                   "(repeatable).")]
OutArg = Annotated[Path | None, typer.Option("--out", "-o", help="Write the best change set here as an overlay "
                                                                 "directory (for --data).")]
WorkArg = Annotated[Path | None, typer.Option("--work", help="Keep every overlay and sweep played in this new or empty "
                                                             "folder (default: a temporary one).")]
AsJsonArg = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]


def tune(
    target: TargetArg,
    goal: GoalArg = None,
    tolerance: ToleranceArg = 0.05,
    games: GamesArg = 16,
    max_games: MaxGamesArg = 128,
    confirm: ConfirmArg = 3,
    max_changes: MaxChangesArg = 2,
    pairs_of: PairsOfArg = 6,
    against: AgainstArg = None,
    arena: ArenaArg = None,
    unit: UnitArg = None,
    players: PlayersArg = None,
    method: MethodArg = False,
    policies: PoliciesArg = "greedy",
    max_rounds: MaxRoundsArg = None,
    jobs: JobsArg = 1,
    seed: Annotated[int, seed_option("Tuner seed.")] = 0,
    data: DataArg = None,
    out: OutArg = None,
    work: WorkArg = None,
    as_json: AsJsonArg = False,
) -> None:
    import time

    from hoplostat.cli._common import (
        Progress,
        emit_json,
        interrupted,
        one_interrupt,
        wrote,
    )
    from hoplostat.errors import InputError
    from hoplostat.tune import tune as run_tune

    dirs, catalog, tgt, pols, config = _config(target, goal, tolerance, games, max_games, confirm, max_changes,
                                               pairs_of, against, arena, unit, method, seed, policies, max_rounds,
                                               data, players, jobs)
    goal = config.goal
    assert goal is not None  # resolved: a faction's default, else checked to be given
    fld = config.field()
    if out is not None:
        _check_out(out, dirs)
    if work is not None:
        from hoplostat.outpaths import output_dir

        if work.exists() and work.is_dir() and any(work.iterdir()):
            raise InputError(f"--work {work}: exists and is not empty; give a new or empty folder")
        output_dir(work, "--work")
    start = time.monotonic()
    with one_interrupt():
        try:
            with Progress(f"tune {target}", 1) as bar:
                def progress(stage: str, done: int, planned: int) -> None:
                    bar.relabel(f"tune {target}: {stage}")
                    bar.update(done, planned)

                result = run_tune(config, jobs=jobs, workdir=work, progress=progress)
                bar.finish(result.games_played)
        except KeyboardInterrupt:
            kept = f"; the sweeps played so far are in {work}" if work is not None else ""
            interrupted(f"the tuner was stopped; nothing was written{kept}")
    seconds = time.monotonic() - start
    written, what = _write_best(catalog, result, out, dirs, target, goal, tolerance, seed, tgt.trials)
    summary = _summary(catalog, config, result, fld, tgt, goal, tolerance, pols, seed, games, max_games,
                       seconds, None if written is None else out)
    if as_json:
        if written is not None:
            wrote(out, as_json=True, what=what)
        emit_json(summary)
        return
    _print_result(catalog, result, fld, tgt, target, goal, tolerance, out, seconds)
    if written is not None:
        wrote(out, what=what)


def _config(target: str, goal, tolerance, games, max_games, confirm, max_changes, pairs_of, against, arena, unit,
            method, seed, policies, max_rounds, data, players, jobs):
    """The tuner's `TuneConfig` from the command's flags, resolved and checked (an InputError naming the flag),
    with the overlay folders, the catalog, the target and its players."""
    from hoplostat.catalog import load
    from hoplostat.catalog.loader import overlay_dirs
    from hoplostat.errors import InputError
    from hoplostat.policies import seat_pair
    from hoplostat.tune import TuneConfig, resolve_target

    dirs = tuple(str(Path(d).resolve()) for d in overlay_dirs([Path(d) for d in data or ()], use_env=True))
    catalog = load(dirs, use_env=False)
    tgt = resolve_target(catalog, target)
    pols = seat_pair(policies)
    if max_rounds is not None and max_rounds < 1:
        raise InputError(f"--max-rounds {max_rounds}: must be 1 or more")
    if jobs < 1:
        raise InputError(f"--jobs {jobs}: must be 1 or more")
    config = TuneConfig(target=tgt, goal=goal, tolerance=tolerance, games=games, max_games=max_games,
                        confirm=confirm, max_changes=max_changes, pairs_of=pairs_of, against=tuple(against or ()),
                        arenas=tuple(arena or ()), units=tuple(unit or ()), method=method, seed=seed,
                        policies=pols, max_rounds=max_rounds, data=dirs, players=1 if players is None else players)
    config = config.resolved(catalog)
    return dirs, catalog, tgt, pols, config


def _write_best(catalog, result, out: Path | None, dirs: tuple[str, ...], target: str, goal: float,
                tolerance: float, seed: int, trials: str) -> tuple[Path | None, str]:
    """The best change set written to --out as an overlay (checked to load), with what `wrote` says of it; None
    when there is no --out or no change set."""
    from hoplostat.catalog import load
    from hoplostat.tune import describe, write_overlay

    best = result.best
    if out is None or best is None:
        return None, ""
    row = result.ranked[0]
    header = (f"# Written by hoplostat tune {target} (goal {goal:.0%} +/- {tolerance:.0%}, seed {seed}): "
              f"{describe(catalog, best)}\n"
              f"# Measured: {row['rate']:.1%} [{row['rate_lo']:.1%}, {row['rate_hi']:.1%}] over {row['games']:,} "
              f"{trials} against the field ({row['verdict']}).\n"
              + ("# Use it after the folders it was tuned from: " if dirs else "# Use it with: ")
              + " ".join(f"--data {d}" for d in (*dirs, str(out))) + "\n")
    written = write_overlay(catalog, best, out, header=header)
    load([*dirs, str(out)], use_env=False)  # valid for --data at once, or an error line now
    return written, f"change set 1, {row['verdict']}; use it with " + " ".join(f"--data {d}" for d in (*dirs, str(out)))


def _summary(catalog, config, result, fld, tgt, goal: float, tolerance: float, pols, seed: int, games: int,
             max_games: int, seconds: float, out: Path | None) -> dict:
    """The JSON object of `hoplostat tune --json`."""
    from hoplostat.engine.loop import mode_class
    from hoplostat.tune import band

    cands = result.candidates
    blind = sum(1 for d in result.duel if d["delta"] is None)
    title = mode_class(tgt.mode).title()
    return {
        "target": tgt.id, "kind": tgt.kind, "mode": tgt.mode, "goal": goal, "tolerance": tolerance,
        "band": list(band(goal, tolerance)),
        "measure": (f"the faction's share of its {title} games won against the field, both seat orders, every "
                    "arena; a draw is won by nobody (as summarize counts it)") if tgt.kind == "faction" else
                   fld.words(catalog),
        "trials": tgt.trials, "players": config.players if tgt.against_it else None,
        "against": list(fld.opponents(catalog)),
        "arenas": list(config.arenas or mode_class(tgt.mode).arenas), "policies": list(pols), "seed": seed,
        "games": games, "max_games": max_games,
        "direction": result.direction, "baseline": result.baseline,
        "candidates": {"singles": len(cands.singles), "skipped": list(cands.skipped),
                       "outside_method": cands.outside_method, "duel_seen": len(result.duel) - blind,
                       "duel_blind": blind},
        "ranked": result.ranked, "chosen": result.ranked[0] if result.ranked else None,
        "out": str(out) if out is not None else None, "games_played": result.games_played,
        "seconds": round(seconds, 1), "screened": result.screened, "duel": result.duel,
        "stand_ins": result.stand_ins,
    }


def _print_result(catalog, result, fld, tgt, target: str, goal: float, tolerance: float, out: Path | None,
                  seconds: float) -> None:
    """What `hoplostat tune` prints: what is measured, the catalog as it is, the candidates, the change sets
    ranked, the games played and the stand-in share."""
    import polars as pl

    from hoplostat.cli._common import frame_table, stand_in_line, stdout_console
    from hoplostat.tune import band

    cands = result.candidates
    blind = sum(1 for d in result.duel if d["delta"] is None)
    con = stdout_console()
    pct = lambda c: (pl.col(c) * 100).round(1)  # noqa: E731
    lo, hi = band(goal, tolerance)
    con.print(f"tune {target}: {fld.words(catalog)}; goal {goal:.1%} (reached inside {lo:.1%}..{hi:.1%})"
              + ("; draws are won by nobody" if tgt.kind == "faction" else ""), markup=False)
    b = result.baseline
    con.print(f"as it is: {b['rate']:.1%} [{b['rate_lo']:.1%}, {b['rate_hi']:.1%}] over {b['games']:,} {tgt.trials} "
              f"({b['verdict']})", markup=False)
    if result.duel:
        con.print(f"candidates: {len(cands.singles)} single changes; {len(result.duel) - blind} seen by exact duels, "
                  f"{blind} need a map; {len(result.screened)} change sets screened in games", markup=False)
    elif result.screened:
        con.print(f"candidates: {len(cands.singles)} single changes (no duel screen for "
                  f"{'a titan' if tgt.kind == 'titan' else 'an immortal'}: it plays by its "
                  f"{'card' if tgt.kind == 'titan' else 'triggers'}); {len(result.screened)} change sets screened in "
                  f"games", markup=False)
    if cands.skipped:
        con.print("not changed (not stand-in values): " + "; ".join(cands.skipped), markup=False)
    if cands.outside_method:
        con.print(f"{cands.outside_method} changes left out: they break the stand-in method (--method)", markup=False)
    if not result.ranked:
        why = ("it reaches the goal as it is: no change needed" if b["verdict"] == "reaches goal" else
               f"no candidate change moves it the way it must go ({result.direction})")
        con.print(why + ("; nothing written" if out is not None else ""), markup=False)
    else:
        frame = pl.DataFrame(result.ranked).with_row_index("rank", offset=1)
        con.print(frame_table("Change sets, best first (confirmed on fresh games)", frame.select(
            "rank", pl.col("changes").list.join("; ").alias("changes"), pl.col("games").alias(tgt.trials),
            pl.format("{}% [{}, {}]", pct("rate"), pct("rate_lo"), pct("rate_hi")).alias(
                "win rate (95%)" if tgt.kind == "faction" else "success rate (95%)"),
            pl.format("{}", ((pl.col("rate") - goal) * 100).round(1)).alias("vs goal (points)"), "verdict")))
    con.print(f"{result.games_played:,} games played in {seconds:.0f} s", markup=False)
    con.print(stand_in_line(result.stand_ins, {"faction": "of the faction and the field",
                                               "titan": "of the titan, its allies and the field",
                                               "immortal": "of the immortals and the field"}[tgt.kind]), markup=False)


def _check_out(out: Path, dirs: tuple[str, ...]) -> None:
    """--out: a folder that can be written, not one of the catalog's own overlays, holding no data file but
    the one the tuner writes (so that it loads as an overlay alone)."""
    from hoplostat.errors import InputError
    from hoplostat.outpaths import output_dir
    from hoplostat.tune import OVERLAY_FILE

    if str(out.resolve()) in dirs:
        raise InputError(f"--out {out}: is one of the --data folders tuned from; give a new folder")
    if out.is_dir():
        others = [p for p in out.rglob("*.toml") if p != out / OVERLAY_FILE]
        if others:
            raise InputError(f"--out {out}: holds other data files ({others[0].name}); give a new or empty folder")
    output_dir(out, "--out")
