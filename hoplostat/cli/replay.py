"""`hoplostat replay DIR GAME`: narrate one game of a sweep from its row, with nothing else to type.

Wiring only: the row and the manifest give the mode, seats, arena, first seat, titan, policies and
round cap; `hoplostat.api.play` plays the game (the code path of `hoplostat play`) with the log on.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Annotated, Any

import typer

from hoplostat.cli._common import SEED_MAX, EngineOpt, JsonOpt
from hoplostat.errors import InputError

HELP_REPLAY = """Replay one game of a sweep, narrated turn by turn, from its row in the games table.

GAME is the row's `game` (its index within its matchup) and --matchup KEY the row's `matchup`
(e.g. MODE/pozzuoli/amazons/kunlun/a; not needed when the sweep has one matchup). Or give
--game-seed SEED, the row's `game_seed`, instead of both. Mode, factions, arena, first seat,
titan, policies and round cap come from the row and the sweep's manifest; the game is played as
`hoplostat play` plays it, and its rounds and end reason are checked against the row.

Example: hoplostat replay reports/sweep 17 --matchup MODE/colosseum/amazons/kunlun/b
"""

SEATS = "abcdefgh"


def replay(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="A sweep results directory.")],
    game: Annotated[int | None, typer.Argument(metavar="[GAME]", help="The row's `game`: the game's index within its "
                                                                      "matchup.", min=0)] = None,
    matchup: Annotated[str | None, typer.Option("--matchup", "-m", help="The row's `matchup` key (needed when the "
                                                                        "sweep has several).")] = None,
    game_seed: Annotated[int | None, typer.Option("--game-seed", help="The row's `game_seed`, instead of GAME and "
                                                                      "--matchup.", min=0, max=SEED_MAX)] = None,
    as_json: JsonOpt = False,
    engine: EngineOpt = "auto",
) -> None:
    from hoplostat import api
    from hoplostat.cli._common import emit_json, game_json, print_game

    manifest, row = find_row(directory, game=game, matchup=matchup, game_seed=game_seed)
    cfg = manifest["config"]
    mode, spec_first, factions, arena, titan, policies, max_rounds = game_setup(row, cfg)
    data = tuple(cfg.get("data") or ())
    _check_catalog(directory, manifest, data)
    with _without_env("HOPLOSTAT_DATA"):  # the manifest's overlays already include what it held then
        played = api.play(mode, factions, arena=arena, titan=titan or None, policies=policies, seed=row["game_seed"],
                          first=spec_first, max_rounds=max_rounds, log=True, data=data,
                          rulings=[f"{k}={v}" for k, v in cfg.get("rulings", ())],
                          options=spec_options(row, cfg), engine=engine)
    r = played.result
    if (r.rounds, r.end_reason) != (row["rounds"], row["end_reason"]):
        raise InputError(
            f"{directory}: game {row['game']} of {row['matchup']} replays differently from its row "
            f"({r.rounds} rounds, {r.end_reason!r}; the row says {row['rounds']} rounds, {row['end_reason']!r}): "
            f"the rules changed since hoplostat {manifest.get('version', '?')} played the sweep")
    out = game_json(r, catalog=played.catalog, spec=played.spec, policies=list(played.policies),
                    seed=row["game_seed"], log=True, engine_note=played.engine_note)
    out["replay"] = {"sweep": str(directory), "matchup": row["matchup"], "game": row["game"],
                     "game_seed": row["game_seed"], "rounds": row["rounds"], "end_reason": row["end_reason"]}
    if as_json:
        emit_json(out)
        return
    print_game(out)
    from hoplostat.cli._common import stdout_console

    stdout_console().print(f"game {row['game']} of {row['matchup']} in {directory}: same rounds and end reason as "
                           f"its row; the same game with `hoplostat play {_play_args(row, cfg)}`",
                           markup=False)


def find_row(directory: Path, *, game: int | None, matchup: str | None, game_seed: int | None) -> tuple[dict, dict]:
    """(manifest, the games row) the arguments name; every miss is an InputError naming what and where."""
    import difflib

    import polars as pl

    from hoplostat.sweep import load_tables, read_manifest

    manifest = read_manifest(Path(directory))  # says whether the path is missing, a file or not a sweep
    cfg = manifest.get("config") if isinstance(manifest, dict) else None
    if not isinstance(cfg, dict) or not cfg.get("mode") or not cfg.get("policies"):
        raise InputError(f"{Path(directory) / 'manifest.json'}: damaged manifest (no config with a mode and policies)")
    manifest, tables = load_tables(Path(directory))
    games = tables["games"]
    if game_seed is not None:
        if game is not None or matchup is not None:
            raise InputError("--game-seed names the game alone; leave out GAME and --matchup")
        hit = games.filter(pl.col("game_seed") == game_seed)
        if hit.is_empty():
            raise InputError(f"{directory}: no game with game_seed {game_seed} among its {games.height:,} games")
        return manifest, hit.row(0, named=True)
    if game is None:
        raise InputError("name the game: GAME (the row's `game`) with --matchup KEY, or --game-seed SEED")
    keys = games["matchup"].unique(maintain_order=True).to_list()
    if matchup is None:
        if len(keys) > 1:
            raise InputError(f"{directory} holds {len(keys)} matchups; name one with --matchup KEY "
                             f"(the row's `matchup`, e.g. --matchup {keys[0]})")
        matchup = keys[0]
    if matchup not in keys:
        near = difflib.get_close_matches(matchup, keys, n=3, cutoff=0.6)
        hint = f"; did you mean {', '.join(near)}?" if near else f" (e.g. {keys[0]})"
        raise InputError(f"--matchup {matchup}: no such matchup in {directory}{hint}")
    rows = games.filter(pl.col("matchup") == matchup)
    hit = rows.filter(pl.col("game") == game)
    if hit.is_empty():
        raise InputError(f"{directory}: no game {game} in matchup {matchup} (its games: {rows['game'].min()} "
                         f"to {rows['game'].max()})")
    return manifest, hit.row(0, named=True)


def _spec_of_row(row: dict[str, Any], cfg: dict[str, Any]):
    """The spec the sweep gave the row's game (`Mode.spec_of` of its matchup): the matchup rebuilt from the row's
    columns, or, for a mode whose matchups hold more than its rows' columns (a campaign's: the drafting
    policy), the sweep's own matchup of that key."""
    from hoplostat.engine.loop import mode_class
    from hoplostat.engine.mode import Matchup

    mode = row.get("mode") or cfg["mode"]
    cls = mode_class(mode)
    more = tuple(row[c] for c in ("faction_c", "faction_d") if row.get(c))
    m = Matchup(mode, row["arena"], row["faction_a"], row.get("faction_b") or "", row["first"],
                row.get("titan") or "", more)
    if m.key != row["matchup"]:
        built, m = m.key, _planned_matchup(cfg, row["matchup"])
        if m is None:
            raise InputError(f"row of game {row['game']}: its columns make matchup {built}, not {row['matchup']}")
    max_rounds = int(cfg.get("max_rounds") or cls.default_max_rounds)
    return cls.spec_of(m, max_rounds)


def _planned_matchup(cfg: dict[str, Any], key: str):
    """The matchup of `key` among those the sweep's config plans, or None."""
    from dataclasses import fields

    from hoplostat.sweep import SweepConfig

    def tuples(v):
        return tuple(tuples(x) for x in v) if isinstance(v, list) else v

    known = {f.name for f in fields(SweepConfig)}
    try:
        config = SweepConfig(**{k: tuples(v) for k, v in cfg.items() if k in known})
        return next((m for m in config.matchups() if m.key == key), None)
    except Exception:
        return None


def spec_options(row: dict[str, Any], cfg: dict[str, Any]) -> list[str]:
    """The mode options of the row's game as `--option` values: those its matchup gives (`Mode.spec_of`, e.g. the
    Solo Trials' trial and drafting policy), then the sweep's own (`--option` on `sweep`, which the games took)."""
    opts = {**dict(_spec_of_row(row, cfg).options), **dict(cfg.get("options", ()))}
    return [f"{k}={v}" for k, v in opts.items()]


def game_setup(row: dict[str, Any], cfg: dict[str, Any]):
    """What `api.play` needs to play the row's game again: (mode, first seat letter or None, factions in seat
    order, arena, titan, policy per seat, round cap), as the sweep set the game up (`Mode.spec_of`)."""
    from hoplostat.engine.loop import mode_class

    mode = row.get("mode") or cfg["mode"]
    cls = mode_class(mode)
    spec = _spec_of_row(row, cfg)
    pols = [row.get("policy_a") or cfg["policies"][0], row.get("policy_b") or cfg["policies"][-1]]
    seat_pols = cls.seat_policies(pols, len(spec.factions))
    first = None if spec.first is None else SEATS[spec.first]
    return mode, first, list(spec.factions), spec.arena, spec.titan, seat_pols, spec.max_rounds


def _check_catalog(directory: Path, manifest: dict, data: tuple[str, ...]) -> None:
    from hoplostat.catalog import load
    from hoplostat.engine.loop import default_mode
    from hoplostat.sweep import ruleset_of

    want = manifest.get("catalog_hash") or manifest.get("config", {}).get("catalog_hash")
    have = load(data, use_env=False, ruleset=ruleset_of(manifest.get("config", {}).get("mode") or default_mode())).hash
    if want and have != want:
        where = f" (overlays: {', '.join(data)})" if data else ""
        raise InputError(f"{directory}: the catalog changed since the sweep was played (hash {have[:12]}, the sweep's "
                         f"{want[:12]}){where}; the replay would not be the same game")


@contextlib.contextmanager
def _without_env(name: str):
    saved = os.environ.pop(name, None)
    try:
        yield
    finally:
        if saved is not None:
            os.environ[name] = saved


def _play_args(row: dict, cfg: dict) -> str:
    """The `hoplostat play` arguments of the same game (what the README used to ask users to type)."""
    import shlex

    mode, first, factions, arena, titan, pols, max_rounds = game_setup(row, cfg)
    parts = [mode]
    for f in factions:
        parts += ["-f", f]
    if arena:
        parts += ["--arena", arena]
    if titan:
        parts += ["--titan", titan]
    if first is not None:
        parts += ["--first", first]
    parts += ["--policies", ",".join(pols), "--max-rounds", str(max_rounds), "--seed", str(row["game_seed"])]
    for d in cfg.get("data") or ():
        parts += ["--data", d]
    for o in spec_options(row, cfg):
        parts += ["--option", o]
    return shlex.join(parts) + " --log"
