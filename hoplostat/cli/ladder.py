"""`hoplostat ladder MODE`: players of several strengths against each other or alone (parsing and printing)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from hoplostat.cli._common import EngineOpt, seed_option

HELP_LADDER = """Play random, greedy and the lookahead player at two budgets against each other
(competitive modes: every pair, in pairs of games with the seats swapped on the same set-up and
seed) or each alone (solo and co-op modes: the same seeds for every player), and print each
pairing's score (a draw counts half) or each player's success rate with 95% intervals.

A balance verdict is worth more when it holds for stronger players: the ladder shows how far apart
the players are. `--policies` chooses them (lookahead:N and search:N: N continuations per decision;
search is the native core's); `--rungs` plays the named rungs greedy, lookahead:8, search:64 and
search:512, each against the one below only (with --policies: those players in that order);
`--mirror` gives both seats the same faction; `--plot FILE.png` draws the score matrix.
"""


def ladder(
    mode: Annotated[str, typer.Argument(help="Game mode (hoplostat modes lists them).")],
    policies: Annotated[str, typer.Option(
        "--policies", help="The players, comma-separated (random, greedy, lookahead, lookahead:N, search, "
                           "search:N).")] = "random,greedy,lookahead:2,lookahead",
    games: Annotated[int, typer.Option("--games", "-n", help="Games per pairing (competitive; made even) or per player "
                                                             "(solo, co-op).")] = 20,
    faction: Annotated[list[str] | None, typer.Option("--faction", "-f", help="Draw the factions from these "
                                                                              "(repeatable; default all).")] = None,
    arena: Annotated[list[str] | None, typer.Option("--arena", "-a", help="Alternate between these arenas (repeatable; "
                                                                          "default every arena of the mode).")] = None,
    titan: Annotated[list[str] | None, typer.Option("--titan", "-t", help="Modes against a titan: cycle through these "
                                                                          "titans (repeatable; default all).")] = None,
    mirror: Annotated[bool, typer.Option("--mirror",
                                         help="Two-player modes: both seats play the same faction.")] = False,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Parallel workers.")] = 1,
    seed: Annotated[int, seed_option("Ladder seed.")] = 0,
    max_rounds: Annotated[int | None, typer.Option("--max-rounds", help="Round cap (default: the mode's).")] = None,
    data: Annotated[list[Path] | None, typer.Option("--data", help="Overlay data directory (repeatable).")] = None,
    plot: Annotated[Path | None, typer.Option("--plot", help="Write the score matrix (or success rates) as a PNG "
                                                             "figure.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    rungs: Annotated[bool, typer.Option(
        "--rungs", help="Each player against the next one only (the named rungs greedy, lookahead:8, search:64, "
                        "search:512 unless --policies).")] = False,
    engine: EngineOpt = "auto",
) -> None:
    import os

    from hoplostat.analysis import for_mode
    from hoplostat.catalog.standin import stand_in_share
    from hoplostat.cli._common import (
        Progress,
        emit_json,
        interrupted,
        one_interrupt,
        quiet_workers,
        write_figure,
    )
    from hoplostat.engine import native
    from hoplostat.engine.loop import mode_class
    from hoplostat.ladder import ladder_by_titan, ladder_figure, ladder_table, run_ladder

    os.environ[native.ENGINE_ENV] = native.check_choice(engine)  # this process and its workers
    cls = mode_class(mode)
    an = for_mode(mode)  # the mode's analysis: who plays whom, what is faced
    cfg, pols, dirs, catalog = _checked_config(mode, policies, games, faction, arena, titan, mirror, seed, max_rounds,
                                               data, plot, rungs, jobs)
    competitive = cfg.competitive()
    total = len(cfg.tasks())
    with one_interrupt(), quiet_workers("loky", jobs):
        try:
            with Progress(f"ladder {mode}", total) as bar:
                games_frame = run_ladder(cfg, jobs=jobs, data=dirs,
                                         progress=lambda done, n: bar.update(done) if done < n else None)
                bar.finish(total)
        except KeyboardInterrupt:
            interrupted("the ladder was stopped; nothing is stored (rerun it, fewer --games is quicker)")
    table = ladder_table(games_frame)
    by_titan = ladder_by_titan(games_frame)
    factions = sorted({f for fs in games_frame["factions"].to_list() for f in fs.split(",")})
    titans = sorted({t for t in games_frame["titan"].to_list() if t}) if "titan" in games_frame.columns else []
    immortals = an.faced_immortals(catalog)
    stand_ins = stand_in_share(catalog, factions=factions, immortals=immortals, titans=titans,
                               chips=cls.own_chips(catalog, factions))  # the mode's own (`Mode.own_chips`)
    if plot is not None:
        write_figure(ladder_figure(table, mode=mode, competitive=competitive), plot, as_json=as_json)
    if as_json:
        emit_json({"mode": mode, "competitive": competitive, "policies": list(pols),
                   "games_per_pairing": cfg.games_per_pairing(),
                   "seed": seed, "mirror": mirror, "stand_ins": stand_ins, "table": table.to_dicts(),
                   "by_titan": None if by_titan is None else by_titan.to_dicts(),
                   "games": games_frame.to_dicts()})
        return
    _print_ladder(mode, cfg, games, table, by_titan, stand_ins, competitive)


def _checked_config(mode: str, policies: str, games: int, faction, arena, titan, mirror: bool, seed: int,
                    max_rounds: int | None, data, plot: Path | None, rungs: bool, jobs: int):
    """The ladder's `LadderConfig` from the command's flags, each checked (an InputError naming the flag), with
    its players, its overlay folders and its catalog."""
    from hoplostat.analysis import for_mode
    from hoplostat.catalog import load
    from hoplostat.catalog.loader import overlay_dirs
    from hoplostat.engine.loop import mode_class
    from hoplostat.errors import InputError
    from hoplostat.ladder import RUNGS, LadderConfig
    from hoplostat.policies import check

    cls = mode_class(mode)
    an = for_mode(mode)  # the mode's analysis: who plays whom, what is faced
    if rungs and policies == "random,greedy,lookahead:2,lookahead":
        policies = ",".join(RUNGS)
    pols = tuple(p.strip() for p in policies.split(",") if p.strip())
    for p in pols:
        check(p)
    if len(set(pols)) != len(pols) or not pols:
        raise InputError(f"--policies {policies!r}: name each player once")
    if games < 1:
        raise InputError(f"--games {games}: must be 1 or more")
    if jobs < 1:
        raise InputError(f"--jobs {jobs}: must be 1 or more")
    if max_rounds is not None and max_rounds < 1:
        raise InputError(f"--max-rounds {max_rounds}: must be 1 or more")
    dirs = tuple(str(Path(d).resolve()) for d in overlay_dirs([Path(d) for d in data or ()], use_env=True))
    catalog = load(dirs, use_env=False, ruleset=cls.ruleset)
    chosen = tuple(faction or ())
    for f in chosen:
        catalog.faction(f)
    for a in arena or ():
        if a not in cls.arenas:
            raise InputError(f"--arena {a!r}: {mode} is played on {', '.join(cls.arenas)}")
    if titan and not cls.opponents:
        raise InputError(f"--titan: {mode} is not played against a titan")
    for tid in titan or ():
        catalog.titan(tid)
    cfg = LadderConfig(mode, pols, games, seed, chosen, tuple(arena or ()), tuple(titan or ()), mirror, max_rounds,
                       adjacent=rungs)
    competitive = cfg.competitive()
    if rungs and not competitive:
        raise InputError(f"--rungs: only for competitive modes ({mode}'s players play alone: the ladder gives each "
                         "one's success rate on the same seeds)")
    if competitive and len(pols) < 2:
        raise InputError(f"--policies {policies!r}: a competitive mode's ladder needs two players or more")
    if mirror and (not competitive or not an.head_to_head):
        raise InputError("--mirror: only for two-player modes")
    if not competitive and len(chosen or catalog.factions) < min(cls.seats):
        raise InputError(f"--faction: {mode} needs {min(cls.seats)} factions")
    if competitive and not mirror and chosen and len(chosen) < min(cls.seats):  # (none chosen: the mode draws them)
        raise InputError(f"--faction: {mode} needs {min(cls.seats)} different factions"
                         + (" (or --mirror)" if an.head_to_head else ""))
    if plot is not None:
        from hoplostat.outpaths import figure_file

        figure_file(plot, "--plot")  # checked before the games are played
    cfg.check_size()
    return cfg, pols, dirs, catalog


def _print_ladder(mode: str, cfg, games: int, table, by_titan, stand_ins: dict, competitive: bool) -> None:
    """The ladder's tables as `hoplostat ladder` prints them."""
    import polars as pl

    from hoplostat.cli._common import frame_table, stand_in_line, stdout_console

    con = stdout_console()
    pct = lambda c: (pl.col(c) * 100).round(0).cast(pl.Int64)  # noqa: E731
    score = pl.format("{}% [{}, {}]", (pl.col("score") * 100).round(1), pct("score_lo"), pct("score_hi"))
    if competitive:
        con.print(f"{mode}: {cfg.games_per_pairing()} games per pairing, seats swapped on each set-up; "
                  "score of the first player named (wins + half the draws)")
        con.print(frame_table("Policy ladder", table.select(
            pl.col("p").alias("player"), pl.col("q").alias("against"), "games", "wins", "draws", "losses",
            score.alias("score (95%)"), pl.format("{}", pl.col("mean_rounds").round(1)).alias("rounds"))))
    else:
        extra = [c for c in table.columns if c not in ("pairing", "p", "q", "games", "wins", "draws", "losses",
                                                       "score", "score_lo", "score_hi", "mean_rounds")]
        con.print(f"{mode}: each player alone, {games} games on the same seeds")
        con.print(frame_table("Policy ladder", table.select(
            pl.col("p").alias("player"), "games", "wins", score.alias("won (95%)"),
            pl.format("{}", pl.col("mean_rounds").round(1)).alias("rounds"),
            *[pl.format("{}", pl.col(c).round(2)).alias(c.replace("_", " ")) for c in extra])))
    if by_titan is not None:
        con.print(frame_table("Against each titan", by_titan.select(
            "titan", pl.col("p").alias("player"), "games", "wins",
            pl.format("{}% [{}, {}]", (pl.col("rate") * 100).round(1), pct("rate_lo"),
                      pct("rate_hi")).alias("won (95%)"))))
    con.print(stand_in_line(stand_ins, "in these games"), markup=False)
