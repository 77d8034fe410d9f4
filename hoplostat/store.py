"""A sweep's results on disk: chunk files as they arrive, compacted into few files, read eagerly or lazily.

Layout of a results directory (the manifest is `hoplostat.sweep`'s):

    <table>/<m>-<g0>.parquet     a finished chunk: matchup index m, first game g0 (loose, as written)
    <table>/part-<n>.parquet     compacted chunks of that table, each row tagged with its chunk (`_chunk`)
    compacted.json               the index: which chunks each part holds, and which are set aside
    unused/<table>/...           loose chunks no longer counted (played past a --ci-width stop)

Every file is written to a temporary name and renamed, and the index is written after its part files and
before the loose files it replaces are deleted, so a process killed at any moment leaves either the loose
chunk or its indexed copy (the loose one is then ignored): nothing is lost or counted twice. A chunk is
finished when its `games` file (or its indexed copy) exists; the other tables' files are written first.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

INDEX = "compacted.json"
UNUSED = "unused"
CHUNK = "_chunk"
"""Column of compacted part files naming each row's chunk."""


def chunk_name(m: int, g0: int) -> str:
    return f"{m:04d}-{g0:06d}.parquet"


def is_chunk(name: str) -> bool:
    stem = name.removesuffix(".parquet")
    return name.endswith(".parquet") and "-" in stem and all(p.isdigit() for p in stem.split("-"))


def write_atomic(frame, path: Path) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    frame.write_parquet(tmp)
    os.replace(tmp, path)


def _write_json_atomic(path: Path, obj: Any) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(obj, indent=1, sort_keys=True))
    os.replace(tmp, path)


def table_dirs(out: Path) -> list[Path]:
    """The table folders of a results directory (not `unused/`)."""
    return sorted(p for p in Path(out).iterdir() if p.is_dir() and p.name != UNUSED)


# --- the compaction index ---------------------------------------------------------------------


def read_index(out: Path) -> dict:
    """{"parts": [part file names], "chunks": {chunk: part}, "unused": [chunks set aside]} (empty when the
    directory was never compacted). A damaged index is an error: the sweep's `--resume` cannot tell which
    rows the parts hold without it."""
    path = Path(out) / INDEX
    if not path.is_file():
        return {"parts": [], "chunks": {}, "unused": []}
    try:
        got = json.loads(path.read_text())
    except json.JSONDecodeError as exc:
        from hoplostat.errors import InputError

        raise InputError(f"{path}: damaged compaction index ({exc.msg}, line {exc.lineno})") from None
    got.setdefault("unused", [])
    return got


def chunk_starts(out: Path) -> dict[int, list[int]]:
    """matchup index -> first game of each finished chunk (loose or compacted, not set aside)."""
    idx = read_index(out)
    names = {p.name for p in (Path(out) / "games").glob("*.parquet") if is_chunk(p.name)} | set(idx["chunks"])
    starts: dict[int, list[int]] = {}
    for name in names - set(idx["unused"]):
        m, g = name.removesuffix(".parquet").split("-")
        starts.setdefault(int(m), []).append(int(g))
    return starts


_PART_CACHE: dict[tuple[str, int], Any] = {}


def _part_games(path: Path):
    """A part's games rows (cached per file and modification time: resume reads each part once)."""
    import polars as pl

    key = (str(path), path.stat().st_mtime_ns)
    got = _PART_CACHE.get(key)
    if got is None:
        if len(_PART_CACHE) > 8:
            _PART_CACHE.clear()
        got = _PART_CACHE[key] = pl.read_parquet(path)
    return got


def _footer_reads(path: Path) -> None:
    """Raise unless the parquet file's footer reads (checked once per file and modification time)."""
    import polars as pl

    key = (str(path), path.stat().st_mtime_ns)
    if key not in _FOOTERS_READ:
        pl.read_parquet_schema(path)
        _FOOTERS_READ.add(key)


_FOOTERS_READ: set[tuple[str, int]] = set()


def read_finished(out: Path, name: str, index: dict | None = None):
    """The games frame of chunk `name` if it is finished and every table file of it reads; None for a damaged
    or missing chunk, which `--resume` plays again. `index`: the directory's `read_index`, when the caller
    has it already (a resume reads every chunk: the index and each part are then read once, not per chunk)."""
    import polars as pl

    out = Path(out)
    idx = read_index(out) if index is None else index
    try:
        part = idx["chunks"].get(name)
        if part is not None:
            for folder in table_dirs(out):
                if (folder / part).exists() and folder.name != "games":
                    _footer_reads(folder / part)
            games = _part_games(out / "games" / part)
            return games.filter(pl.col(CHUNK) == name).drop(CHUNK)
        frame = pl.read_parquet(out / "games" / name)
        for folder in table_dirs(out):
            if folder.name != "games" and (folder / name).exists():
                pl.read_parquet(folder / name)
    except (OSError, pl.exceptions.PolarsError):
        return None
    return frame


def write_chunk(root: Path, frames: dict[str, Any], name: str) -> None:
    """One finished chunk under `root` (the results directory, or its `unused/`): each table's frame
    atomically, the games file last: it marks the chunk as done."""
    for table, frame in frames.items():
        if table != "games":
            (root / table).mkdir(parents=True, exist_ok=True)
            write_atomic(frame, root / table / name)
    (root / "games").mkdir(parents=True, exist_ok=True)
    write_atomic(frames["games"], root / "games" / name)


def set_aside(out: Path, m: int, g_stop: int, starts) -> int:
    """Matchup `m`'s chunks from game `g_stop` on stop counting (played past the stop the current --ci-width
    decides): loose files move into `unused/`, compacted ones are listed as unused in the index; nothing is
    deleted. Returns how many chunks were set aside."""
    out = Path(out)
    idx = read_index(out)
    moved = 0
    for start in starts:
        if start < g_stop:
            continue
        name = chunk_name(m, start)
        if name in idx["chunks"]:
            if name not in idx["unused"]:
                idx["unused"].append(name)
                moved += 1
            continue
        moved += (out / "games" / name).exists()
        for folder in table_dirs(out):
            if (folder / name).exists():
                dest = out / UNUSED / folder.name
                dest.mkdir(parents=True, exist_ok=True)
                os.replace(folder / name, dest / name)
    if idx["chunks"]:
        _write_json_atomic(out / INDEX, idx)
    return moved


def revive(out: Path) -> None:
    """Count every compacted chunk again (a resumed sweep decides its --ci-width stops afresh and sets aside
    again what falls past them)."""
    idx = read_index(out)
    if idx["unused"]:
        idx["unused"] = []
        _write_json_atomic(Path(out) / INDEX, idx)


def drop_damaged_parts(out: Path) -> list[str]:
    """Take parts that no longer read out of the index (moved to `unused/damaged/`), so their chunks are
    played again by `--resume`; returns their names."""
    import polars as pl

    out = Path(out)
    idx = read_index(out)
    bad = []
    for part in idx["parts"]:
        for folder in table_dirs(out):
            path = folder / part
            if not path.exists():
                continue
            try:
                pl.read_parquet(path, columns=[CHUNK])
            except (OSError, pl.exceptions.PolarsError):
                bad.append(part)
                break
    if not bad:
        return []
    for part in bad:
        _set_aside_damaged(out, part)
    idx["parts"] = [p for p in idx["parts"] if p not in bad]
    idx["chunks"] = {c: p for c, p in idx["chunks"].items() if p not in bad}
    _write_json_atomic(out / INDEX, idx)
    return bad


def _set_aside_damaged(out: Path, name: str) -> list[Path]:
    """Move every table's file called `name` (a part or a loose chunk) into `unused/damaged/<table>/`, under a
    numbered name when an earlier copy is there: its chunks no longer count, and `--resume` plays them again.
    Returns where the files went."""
    moved = []
    for folder in table_dirs(out):
        if (folder / name).exists():
            dest = out / UNUSED / "damaged" / folder.name
            dest.mkdir(parents=True, exist_ok=True)
            target, k = dest / name, 1
            while target.exists():  # a copy kept by an earlier drop (a directory written before 2026-12-03)
                target, k = dest / f"{name}.{k}", k + 1
            os.replace(folder / name, target)
            moved.append(target)
    return moved


# --- compaction ---------------------------------------------------------------------------


def compact(out: Path) -> dict:
    """Merge every loose finished chunk into one new part file per table (rows tagged with their chunk), write
    the index, then delete the loose files. Safe to interrupt at any point (see the module docstring);
    running it again on a compact directory changes nothing. A loose chunk any of whose files does not read
    is merged nowhere: its files are set aside in `unused/damaged/` (`--resume` plays it again). Returns
    {"chunks": n merged, "part": name, "damaged": [{"file": path that did not read, "error": why}]} (JSON-ready:
    a finishing sweep records it in its manifest)."""
    import polars as pl

    out = Path(out)
    idx = read_index(out)
    games_dir = out / "games"
    loose = sorted(p.name for p in games_dir.glob("*.parquet") if is_chunk(p.name) and p.name not in idx["chunks"])
    if not loose:
        _remove_indexed_loose(out, idx)
        return {"chunks": 0, "part": None, "damaged": []}
    frames: dict[Path, dict[str, Any]] = {}
    damaged: dict[str, dict[str, str]] = {}
    for folder in table_dirs(out):  # every file read before any is written: a damaged chunk is left out of all
        frames[folder] = {}
        for n in loose:
            if (folder / n).exists():
                try:
                    frames[folder][n] = pl.read_parquet(folder / n).with_columns(pl.lit(n).alias(CHUNK))
                except (OSError, pl.exceptions.PolarsError) as exc:
                    why = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
                    damaged.setdefault(n, {"file": str(folder / n), "error": why[:120]})
    good = [n for n in loose if n not in damaged]
    part = _next_part(out, idx) if good else None
    for folder, got in frames.items():
        kept = [got[n] for n in good if n in got]
        if kept:
            assert part is not None  # kept only holds frames of good files
            write_atomic(pl.concat(kept, how="diagonal_relaxed"), folder / part)
    del frames
    if part is not None:
        idx["parts"].append(part)
        idx["chunks"].update(dict.fromkeys(good, part))
        _write_json_atomic(out / INDEX, idx)
    _remove_indexed_loose(out, idx)
    for n in damaged:  # after the index: a process killed before this leaves them loose, as they were
        _set_aside_damaged(out, n)
    return {"chunks": len(good), "part": part, "damaged": list(damaged.values())}


_PART = re.compile(r"part-(\d+)\.parquet")


def _next_part(out: Path, idx: dict) -> str:
    """The name of the next part: one past the highest part number in the index or among the dropped damaged
    parts in `unused/damaged/`. Counting the index's parts alone would give a dropped part's successor the
    name of a part still in use, and overwrite it. (An orphan part, written by an interrupted compaction and
    never indexed, may be overwritten: its rows are still in the loose files.)"""
    used = [0]
    damaged = [p for p in (out / UNUSED / "damaged").glob("*") if p.is_dir()]
    for name in [*idx["parts"], *(p.name for f in damaged for p in f.glob("part-*.parquet"))]:
        m = _PART.fullmatch(name)
        if m:
            used.append(int(m.group(1)))
    return f"part-{max(used) + 1:04d}.parquet"


def _remove_indexed_loose(out: Path, idx: dict) -> None:
    """Delete loose chunk files whose rows are already in an indexed part (left by an interrupted compaction)."""
    for folder in table_dirs(out):
        for name in idx["chunks"]:
            p = folder / name
            if p.exists():
                p.unlink()


# --- reading ------------------------------------------------------------------------------


def scan_table(out: Path, table: str, *, on_damaged=None):
    """A LazyFrame of one table: loose chunks (not compacted, not set aside) and the indexed parts without their
    set-aside rows; None when the table has no rows. `on_damaged(path, exc)` is raised for a file that does not
    read (checked from its footer, without reading its rows)."""
    import polars as pl

    out = Path(out)
    idx = read_index(out)
    folder = out / table
    if not folder.is_dir():
        return None
    frames = []
    unused = list(idx["unused"])
    for p in sorted(folder.glob("*.parquet")):
        is_part = p.name in idx["parts"]
        if not is_part and (not is_chunk(p.name) or p.name in idx["chunks"]):
            continue  # an orphan part (never indexed) or a loose copy of a compacted chunk
        try:
            pl.read_parquet_schema(p)
        except (OSError, pl.exceptions.PolarsError) as exc:
            if on_damaged is not None:
                raise on_damaged(p, exc) from None
            raise
        lf = pl.scan_parquet(p)
        if is_part:
            if unused:
                lf = lf.filter(~pl.col(CHUNK).is_in(unused))
            lf = lf.drop(CHUNK)
        frames.append(lf)
    if not frames:
        return None
    return pl.concat(frames, how="diagonal_relaxed")
