"""A sweep's results directory read back: table schemas, the catalogs it played, its manifest, its tables
(lazily scanned, completeness checked), the chips it used and the command that resumes it."""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path
from typing import Any

from hoplostat import store
from hoplostat.engine.loop import default_mode
from hoplostat.errors import InputError

MANIFEST = "manifest.json"

# --- result table schemas -----------------------------------------------------------------
# Explicit column types, declared by each mode (`Mode.columns`, `Mode.schema`), so that a chunk whose games
# are all draws (winner all null), with no kill or no immortal defeated reads like any other chunk instead
# of leaving polars to guess `Null` columns. Type names, not polars objects: polars is imported only when
# a table is built.


def schema(mode: str, table: str) -> dict:
    """The polars schema of a result table of `mode` (``games``, ``units``, ``waves``)."""
    import polars as pl

    from hoplostat.engine.loop import mode_class

    types = {"str": pl.String, "int": pl.Int64, "bool": pl.Boolean}
    return {c: types[t] for c, t in mode_class(mode).schema(table).items()}


def result_frame(mode: str, table: str, rows: list[dict]):
    """Rows of a result table as a frame with the table's explicit schema (any rows, even none)."""
    import polars as pl

    sch = schema(mode, table)
    extra = sorted({k for r in rows for k in r} - set(sch))
    if extra:  # a new column must be declared by the mode, never dropped silently
        raise ValueError(f"{mode} {table} rows have columns missing from the mode's declared SCHEMAS "
                         f"(Mode.columns): {', '.join(extra)}")
    return pl.DataFrame(rows, schema=sch)


def _declared_tables(mode: str | None) -> tuple[str, ...]:
    from hoplostat.engine.loop import modes

    cls = modes().get(str(mode))
    return () if cls is None else cls.tables


def _successes(mode: str, frame) -> tuple[int, int]:
    """(games, successes) of a chunk for --ci-width: the mode's success measure (`Mode.is_success`) per row."""
    from hoplostat.engine.loop import mode_class

    ok = mode_class(mode).is_success
    return frame.height, sum(1 for row in frame.iter_rows(named=True) if ok(row))


@functools.lru_cache(maxsize=4)
def _catalog(data: tuple[str, ...], ruleset: str = "remastered"):
    """The sweep's catalog (its mode's rule set, `Mode.ruleset`), loaded once per worker process (the default
    one is cached by the loader too)."""
    from hoplostat.catalog import load

    return load(data, use_env=False, ruleset=ruleset)


def ruleset_of(mode: str) -> str:
    """The rule set whose catalog a mode plays with."""
    from hoplostat.engine.loop import mode_class

    return mode_class(mode).ruleset


def mode_catalog(mode: str, catalog, options=()):
    """The catalog a mode's games are played with: what the mode makes of its rule set's with the game's mode
    options (`Mode.catalog_of`, e.g. a mode's pool of other boxes' chips, or one a mode option
    widens); the hash stays the loaded catalog's."""
    from hoplostat.engine.loop import mode_class

    return mode_class(mode).catalog_of(catalog, tuple(tuple(o) for o in options or ()))


def _write_manifest(out: Path, manifest: dict) -> None:
    tmp = out / f".{MANIFEST}.tmp"
    tmp.write_text(json.dumps(manifest, indent=2, sort_keys=True))
    os.replace(tmp, out / MANIFEST)


def read_manifest(out: Path) -> dict:
    path = Path(out) / MANIFEST
    if not Path(out).exists():
        raise InputError(f"{out}: no such directory (give a sweep result directory, made by hoplostat sweep)")
    if not Path(out).is_dir():
        raise InputError(f"{out}: is a file, not a sweep result directory")
    if not path.is_file():
        raise InputError(f"{out}: not a sweep result directory (no {MANIFEST})")
    from hoplostat.infiles import read_utf8

    try:
        got = json.loads(read_utf8(path, "manifest"))
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}: damaged manifest ({exc.msg}, line {exc.lineno})") from None
    if not isinstance(got, dict):
        raise InputError(f"{path}: damaged manifest (a JSON {type(got).__name__}, not the object a sweep writes)")
    return got


def sweep_config(out: Path, manifest: dict) -> dict:
    """The `config` of a sweep's manifest, checked to name what summaries and reports read (mode, policies,
    seed, games); an InputError naming the manifest otherwise. (Reading the tables needs none of it.)"""
    cfg = manifest.get("config")
    want = {"mode": str, "policies": list, "seed": int, "games": int}
    missing = [k for k, t in want.items() if not isinstance(cfg, dict) or not isinstance(cfg.get(k), t)]
    if missing:
        what = "no \"config\" object" if not isinstance(cfg, dict) else \
            "its config has no valid " + ", ".join(f'"{k}"' for k in missing)
        raise InputError(f"{Path(out) / MANIFEST}: damaged manifest ({what}; hoplostat sweep writes the mode, "
                         "policies, seed and games there)")
    assert isinstance(cfg, dict)  # else every field is missing (above)
    return cfg


def resume_command(out: Path, config: dict) -> str:
    """The `hoplostat sweep ... --resume` command line that continues (or repairs) the sweep in `out`,
    from its manifest's config."""
    import shlex

    from hoplostat.engine.loop import modes

    mode = str(config.get("mode", default_mode()))
    cls = modes().get(mode)
    parts = ["hoplostat", "sweep", mode]
    for f in config.get("factions", ()):
        parts += ["-f", f]
    if cls is None or len(cls.arenas) > 1:
        for a in config.get("arenas", ()):
            parts += ["-a", a]
    for t in config.get("titans", ()):
        parts += ["-t", t]
    parts += ["--games", str(config.get("games")), "--seed", str(config.get("seed")),
              "--policies", ",".join(config.get("policies", ())), "--max-rounds", str(config.get("max_rounds")),
              "--chunk", str(config.get("chunk"))]
    if config.get("ci_width") is not None:
        parts += ["--ci-width", str(config["ci_width"])]
    if cls is not None and cls.coop_teams() and not config.get("coop", True):
        parts.append("--no-coop")
    if config.get("players"):
        parts += ["--players", str(config["players"])]
    if config.get("pods"):
        parts += ["--pods", str(config["pods"])]
    for name, value in config.get("rulings", ()):
        parts += ["--ruling", f"{name}={value}"]
    for name, value in config.get("options", ()):
        parts += ["--option", f"{name}={value}"]
    if config.get("focus"):
        parts += ["--focus", config["focus"]]
    for d in config.get("data", ()):
        parts += ["--data", d]
    parts += ["--out", str(out), "--resume"]
    return shlex.join(parts)


def _damaged(out: Path, manifest: dict):
    """The error for a result file that does not read: names it and the command that replays it."""

    def err(path: Path, exc: BaseException) -> InputError:
        why = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        return InputError(f"{path}: damaged result file ({why[:120]}); replay it with "
                          f"`{resume_command(out, manifest.get('config', {}))}`")

    return err


def scan_tables(out: Path):
    """(manifest, {table name: LazyFrame}) of a results directory, read lazily (`store.scan_table`): statistics
    aggregate without holding every row. ``games`` is always there."""
    import polars as pl

    out = Path(out)
    manifest = read_manifest(out)
    mode = manifest.get("config", {}).get("mode")
    tables = {}
    for folder in store.table_dirs(out):
        lf = store.scan_table(out, folder.name, on_damaged=_damaged(out, manifest))
        if lf is None:
            continue
        if folder.name in _declared_tables(mode):  # chunks written before the schemas
            sch = schema(mode, folder.name)
            have = lf.collect_schema()
            lf = lf.with_columns(pl.col(c).cast(t) for c, t in sch.items() if c in have and have[c] == pl.Null)
        tables[folder.name] = lf
    if "games" not in tables:
        raise InputError(f"{out}: the sweep has no finished games yet")
    return manifest, tables


def completeness(out: Path, manifest: dict, tables: dict, games: int) -> dict[str, Any]:
    """What a results directory lacks, for the commands that read it to say so rather than show less:
    ``finished`` (False while the sweep is still to play: its manifest not marked complete, or fewer than the
    planned games on disk without --ci-width, whose stops play fewer), ``games``, ``games_planned`` (matchups
    times --games; None when the config no longer plans, e.g. a retired mode), ``missing_tables`` (tables the
    mode writes that the directory lacks, e.g. a deleted ``units/``), ``resume`` (the command that finishes
    the sweep, when it is unfinished) and ``warnings`` (each as one sentence)."""
    from dataclasses import fields

    from hoplostat.sweep import SweepConfig

    def tuples(v):  # JSON lists back to the config's tuples (pairs of rulings and options included)
        return tuple(tuples(x) for x in v) if isinstance(v, list) else v

    cfg = manifest.get("config") or {}
    known = {f.name for f in fields(SweepConfig)}
    try:
        config = SweepConfig(**{k: tuples(v) for k, v in cfg.items() if k in known})
        planned = len(config.matchups()) * int(config.games)
    except Exception:
        planned = None
    short = planned is not None and games < planned and cfg.get("ci_width") is None
    finished = manifest.get("status") == "complete" and not short
    missing = [t for t in _declared_tables(cfg.get("mode")) if t not in tables]
    out = Path(out)
    resume = None if finished else resume_command(out, cfg)
    warnings = []
    if not finished:
        of = f" of {planned:,} planned" if planned is not None else ""
        warnings.append(f"{out}: the sweep is unfinished ({games:,}{of} games on disk); these results cover only "
                        f"them; finish it with `{resume}`")
    for t in missing:
        warnings.append(f"{out}: no {t}/ table ({cfg.get('mode')} sweeps write one): what it holds is left out; "
                        f"only a new sweep (another --out, same --seed: the same games) writes it again")
    return {"finished": finished, "games": games, "games_planned": planned, "missing_tables": missing,
            "resume": resume, "warnings": warnings}


def load_tables(out: Path):
    """(manifest, {table name: frame}) of a results directory, sorted by matchup and game; ``games`` is
    always there. A damaged file is an InputError naming it and the command that replays it."""
    import polars as pl

    manifest, lazy = scan_tables(out)
    tables = {}
    for name, lf in lazy.items():
        try:
            frame = lf.collect()
        except (OSError, pl.exceptions.PolarsError) as exc:
            raise _damaged(Path(out), manifest)(Path(out) / name, exc) from None
        # stable: rows of one game keep the order they were written in, whatever the files' layout
        tables[name] = frame.sort([c for c in ("matchup", "game") if c in frame.columns], maintain_order=True)
    return manifest, tables


def chips_used(tables: dict, catalog=None) -> dict[str, list[str]]:
    """The factions, immortals and titans a sweep's tables show were played or faced (for the stand-in
    counts of summarize and the report); eager or lazy tables. With the `catalog`, also the chips the
    sweep's modes bring themselves (`Mode.own_chips`)."""
    import polars as pl

    def distinct(frame, cols) -> list[str]:
        have = [c for c in cols if c in frame.collect_schema().names()]
        if not have:
            return []
        got = frame.lazy().select(pl.concat_list(have).explode().unique().alias("x")).collect()["x"]
        return sorted(x for x in got.drop_nulls().to_list() if x)

    games = tables["games"]
    factions = distinct(games, ["faction_a", "faction_b", "faction_c", "faction_d"])
    titans = distinct(games, ["titan"])
    waves = tables.get("waves")
    immortals = distinct(waves, ["immortal"]) if waves is not None else []
    out = {"factions": factions, "immortals": immortals, "titans": titans}
    draft = tables.get("draft")
    if draft is not None:  # the drafted chips of a mode whose houses own none (a draft mode)
        out["chips"] = distinct(draft, ["chip"])
    if catalog is not None:  # the chips each mode brings itself: guardians, a rival troop (`Mode.own_chips`)
        from hoplostat.engine.loop import mode_class

        own = {c for mode in distinct(games, ["mode"]) for c in mode_class(mode).own_chips(catalog, factions)}
        if own:
            out["chips"] = sorted(set(out.get("chips", [])) | own)
    return out


def sweep_catalog(manifest: dict, overlays=None):
    """The catalog a sweep was played with: its mode's rule set and the overlays its manifest records
    (HOPLOSTAT_DATA included, as it was then), not those of the environment now; `overlays` instead of them
    when given (non-empty)."""
    from hoplostat.catalog import load

    config = manifest.get("config", {})
    mode = config.get("mode") or default_mode()
    dirs = list(overlays) if overlays else list(config.get("data", []))
    return mode_catalog(mode, load(dirs, use_env=False, ruleset=ruleset_of(mode)), config.get("options", ()))


def stand_ins(*runs) -> dict:
    """How much of one or more sweeps rests on stand-ins: `catalog.standin.share_of` the chips each run's
    tables used (`chips_used`), each run given as (tables, catalog). A chip used by several runs counts
    once, as stand-in when it carries a stand-in value in any of their catalogs."""
    from hoplostat.catalog.standin import chip_flags, share_of

    return share_of(*(chip_flags(catalog, **chips_used(tables, catalog)) for tables, catalog in runs))


def load_results(out: Path):
    """(manifest, games frame, units frame or None) of a results directory."""
    manifest, tables = load_tables(out)
    return manifest, tables["games"], tables.get("units")

