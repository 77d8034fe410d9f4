"""Read data directories (TOML), merge overlays, validate everything, build a `Catalog`.

Every problem is an `InputError` naming the file, the entry and the field (and
the TOML line when it can be found), so the CLI prints one `error:` line.

Merging: the default directory first, then `HOPLOSTAT_DATA` directories, then
explicit overlays. An overlay entry with an existing id replaces that entry
whole (fields are not merged); a new id adds an entry; `remove = [ids]` at the
top of an overlay file drops entries first. Within one directory an id may be
defined once.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from hoplostat.catalog.build import CARD_TABLES, ENTRY_TABLES, _build, _OverlayChanges
from hoplostat.catalog.canonical import canonical_json, to_jsonable
from hoplostat.catalog.fields import Raw as _Raw
from hoplostat.catalog.fields import line_of as _line_of
from hoplostat.catalog.fields import show as _show
from hoplostat.catalog.model import Catalog
from hoplostat.catalog.parse_board import _parse_game
from hoplostat.errors import InputError
from hoplostat.infiles import read_utf8

__all__ = ["CARD_TABLES", "ENTRY_TABLES", "ENV_VAR", "canonical_json", "clear_cache", "default_data_dir", "load",
           "load_dirs", "overlay_dirs", "to_jsonable"]

ENV_VAR = "HOPLOSTAT_DATA"

_NAMESPACE = {
    "trial": "trials",
    "challenger": "challengers",
    "faction": "factions",
    "unit": "units",
    "immortal": "units",
    "titan": "units",
    "ror_titan": "units",
    "skill": "skills",
    "tactic": "tactics",
    "arena": "arenas",
}

def default_data_dir(ruleset: str = "remastered") -> Path:
    """A rule set's embedded catalog: `data/<ruleset>/` of a source checkout, else `hoplostat/_data/<ruleset>`
    of a wheel (data/ holds one folder per rule set)."""
    here = Path(__file__).resolve()
    checkout = here.parents[2] / "data" / ruleset
    if (checkout / "game.toml").is_file():
        return checkout
    return here.parents[1] / "_data" / ruleset


# --- raw entries -------------------------------------------------------------------------


@dataclass(slots=True)
class _DirContent:
    entries: list[_Raw]
    removes: list[tuple[str, str, str]]  # (id, file, text)
    game: _Raw | None


def _display(base: Path, path: Path, is_default: bool) -> str:
    rel = path.relative_to(base).as_posix()
    return f"data/{rel}" if is_default else str(base / rel)


def _read_dir(base: Path, is_default: bool) -> _DirContent:
    if not base.is_dir():
        raise InputError(f"data directory {str(base)!r} does not exist or is not a directory")
    files = sorted(base.rglob("*.toml"))
    if not files and not is_default:
        raise InputError(f"data directory {str(base)!r} has no .toml files")
    entries: list[_Raw] = []
    removes: list[tuple[str, str, str]] = []
    game: _Raw | None = None
    seen: dict[tuple[str, str], str] = {}
    for path in files:
        shown = _display(base, path, is_default)
        text = read_utf8(path, "data file", shown=shown)
        try:
            doc = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise InputError(f"{shown}: malformed TOML: {exc}") from None
        for key, value in doc.items():
            if key == "game":
                if not is_default:
                    raise InputError(f"{shown}: table 'game' holds box facts and cannot be overridden by an overlay")
                if not isinstance(value, dict):
                    raise InputError(f"{shown}: 'game' must be a table")
                game = _Raw("game", "game", value, shown, text)
                continue
            if key == "remove":
                if is_default:
                    raise InputError(f"{shown}: 'remove' is only for overlay directories")
                if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
                    raise InputError(f"{shown}: 'remove' must be a list of ids, got {_show(value)}")
                removes.extend((x, shown, text) for x in value)
                continue
            if key not in ENTRY_TABLES and key not in CARD_TABLES:
                tables = (*ENTRY_TABLES, *CARD_TABLES)
                close = [t for t in tables if t.startswith(key[:3])]
                hint = f"; did you mean [[{close[0]}]]?" if close else ""
                raise InputError(f"{shown}: unknown table {key!r}{hint} (allowed: "
                                 f"{', '.join(f'[[{t}]]' for t in tables)}, remove)")
            if not isinstance(value, list) or not all(isinstance(x, dict) for x in value):
                raise InputError(f"{shown}: {key!r} must be an array of tables, written [[{key}]]")
            for i, table in enumerate(value):
                eid = table.get("id")
                if not isinstance(eid, str) or not eid:
                    line = _nth_header_line(text, key, i)
                    where = f" (line {line})" if line else ""
                    raise InputError(f"{shown}: {key} #{i + 1}: field 'id': missing or not a string{where}")
                ns = (_NAMESPACE[key], eid)
                if ns in seen:
                    raise InputError(
                        f"{shown}: {key} {eid!r}: duplicate id (already defined in {seen[ns]})"
                        f" (line {_line_of(text, eid, None)})"
                    )
                seen[ns] = shown
                data = dict(table)
                data.pop("id")
                entries.append(_Raw(key, eid, data, shown, text))
    return _DirContent(entries, removes, game)


def _nth_header_line(text: str, table: str, n: int) -> int | None:
    count = -1
    for i, ln in enumerate(text.splitlines()):
        if re.match(r"^\s*\[\[\s*" + re.escape(table) + r"\s*\]\]", ln):
            count += 1
            if count == n:
                return i + 1
    return None


def overlay_dirs(overlays: Sequence[str | Path] = (), *, use_env: bool = True) -> list[Path]:
    """Overlay directories in merge order: `HOPLOSTAT_DATA` entries, then `overlays`."""
    dirs: list[Path] = []
    if use_env:
        env = os.environ.get(ENV_VAR, "")
        dirs.extend(Path(p) for p in env.split(os.pathsep) if p.strip())
    dirs.extend(Path(p) for p in overlays)
    return dirs


def load(overlays: Sequence[str | Path] = (), *, use_env: bool = True, ruleset: str = "remastered") -> Catalog:
    """A rule set's embedded catalog (`data/<ruleset>/`) merged with overlays (`HOPLOSTAT_DATA` first, then
    `overlays`; later wins). Overlays given with a rule set's mode hold that rule set's chips.

    Without overlays the result is cached, so repeated calls are cheap.
    """
    dirs = overlay_dirs(overlays, use_env=use_env)
    if not dirs:
        return _load_default(ruleset)
    return load_dirs([_ruleset_dir(ruleset), *dirs])


def _ruleset_dir(ruleset: str) -> Path:
    d = default_data_dir(ruleset)
    if not d.is_dir():
        raise InputError(f"rule set {ruleset!r} has no embedded catalog (data/{ruleset}/)")
    return d


@lru_cache(maxsize=8)
def _load_default(ruleset: str = "remastered") -> Catalog:
    return load_dirs([_ruleset_dir(ruleset)])


def clear_cache() -> None:
    _load_default.cache_clear()


def load_dirs(dirs: Sequence[str | Path]) -> Catalog:
    """Uncached: read `dirs` (the first is the default, the rest overlays), merge, validate."""
    paths = [Path(d) for d in dirs]
    if not paths:
        raise InputError("no data directory given")
    merged: dict[tuple[str, str], _Raw] = {}
    game_raw: _Raw | None = None
    changes = _OverlayChanges()
    for i, d in enumerate(paths):
        content = _read_dir(d, is_default=(i == 0))
        if i == 0:
            game_raw = content.game
            if game_raw is None:
                raise InputError(f"{d}: the default data directory has no [game] table (game.toml)")
        for rid, shown, text in content.removes:
            keys = [k for k in merged if k[1] == rid]
            if not keys:
                raise InputError(f"{shown}: remove: no entry with id {rid!r} to remove (line "
                                 f"{_line_of(text, None, 'remove')})")
            for k in keys:
                changes.removed.append((merged[k], shown, text))
                del merged[k]
        for raw in content.entries:
            key = (_NAMESPACE[raw.table], raw.id)
            old = merged.get(key)
            if old is not None and old.table != raw.table:
                raise InputError(
                    f"{raw.label}: replaces {old.table} {raw.id!r} from {old.file}; write it as [[{old.table}]]"
                    f" (line {_line_of(raw.text, raw.id, None)})"
                )
            if i > 0:
                changes.added.append((raw, old))
            merged[key] = raw
    assert game_raw is not None
    return _build(list(merged.values()), _parse_game(game_raw), tuple(str(d) for d in paths), changes)
