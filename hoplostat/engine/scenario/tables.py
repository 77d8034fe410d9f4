"""Reading a scenario's TOML tables with errors that name the file, the table and the field."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hoplostat.engine.hexgrid import HexGrid
from hoplostat.errors import InputError


class Table:
    """One TOML table with errors naming file, table and field."""

    def __init__(self, file: str, where: str, data: Any, allowed: Sequence[str]) -> None:
        self.file, self.where = file, where
        if not isinstance(data, dict):
            raise self.err(None, f"must be a table, got {show(data)}")
        self.d = data
        unknown = [k for k in data if k not in allowed]
        if unknown:
            import difflib

            k = unknown[0]
            close = difflib.get_close_matches(k, allowed, n=1, cutoff=0.6)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise self.err(k, f"unknown field{hint} (allowed: {', '.join(allowed)})")

    def err(self, key: str | None, msg: str) -> InputError:
        loc = f"{self.file}: {self.where}" if self.where else self.file
        return InputError(f"{loc}: field {key!r}: {msg}" if key else f"{loc}: {msg}")

    def has(self, key: str) -> bool:
        return key in self.d

    def str_(self, key: str, default: Any = ..., choices: Sequence[str] | None = None) -> Any:
        if key not in self.d:
            if default is ...:
                raise self.err(key, "missing (required)")
            return default
        v = self.d[key]
        if not isinstance(v, str) or not v:
            raise self.err(key, f"must be a non-empty string, got {show(v)}")
        if choices is not None and v not in choices:
            raise self.err(key, f"{v!r} is not one of: {', '.join(choices)}")
        return v

    def int_(self, key: str, default: Any = ..., lo: int | None = None, hi: int | None = None) -> Any:
        if key not in self.d:
            if default is ...:
                raise self.err(key, "missing (required)")
            return default
        v = self.d[key]
        if type(v) is not int:
            raise self.err(key, f"must be an integer, got {show(v)}")
        if lo is not None and v < lo:
            raise self.err(key, f"{v} is below the minimum {lo}")
        if hi is not None and v > hi:
            raise self.err(key, f"{v} is above the maximum {hi}")
        return v

    def bool_(self, key: str, default: bool | None) -> Any:
        if key not in self.d:
            return default
        v = self.d[key]
        if not isinstance(v, bool):
            raise self.err(key, f"must be true or false, got {show(v)}")
        return v

    def list_(self, key: str, default: Any = ()) -> list:
        if key not in self.d:
            return list(default)
        v = self.d[key]
        if not isinstance(v, list):
            raise self.err(key, f"must be a list, got {show(v)}")
        return v


def show(v: Any) -> str:
    import json

    try:
        return json.dumps(v)
    except (TypeError, ValueError):
        return repr(v)


def lookup(t: Table, key: str, getter: Callable[[str], Any], value: str, what: str = "") -> Any:
    try:
        return getter(value)
    except InputError as exc:
        raise t.err(key, f"{what}{exc}") from None


def parse_hex(t: Table, key: str, value: Any, grid: HexGrid) -> int:
    """A hex as its index (int) or axial coordinates "q,r" (docs/catalog.md, arena maps)."""
    arena = grid.arena
    if type(value) is int:
        if not 0 <= value < grid.n:
            raise t.err(key, f"hex {value} is outside arena {arena.id!r} (hexes 0..{grid.n - 1})")
        return value
    if isinstance(value, str):
        parts = value.replace(" ", "").split(",")
        if len(parts) == 2:
            try:
                q, r = int(parts[0]), int(parts[1])
            except ValueError:
                pass
            else:
                idx = arena.index_of(q, r)
                if idx is None:
                    raise t.err(key, f"no hex at axial q,r = {q},{r} in arena {arena.id!r}")
                return idx
    raise t.err(key, f"must be a hex index (0..{grid.n - 1}) or axial coordinates \"q,r\", got {show(value)}")


def id_hint(raw: Any, *keys: str) -> str:
    """" (id)" for messages about a table whose other fields are wrong."""
    if isinstance(raw, dict):
        for k in keys:
            if isinstance(raw.get(k), str):
                return f" ({raw[k]})"
    return ""


def fresh_ref(uid: str, refs: dict[str, str], register: str | None = None) -> str:
    """A unit's default ref: its catalog id, then id#2, id#3... for further copies."""
    ref, k = uid, 1
    while ref in refs:
        k += 1
        ref = f"{uid}#{k}"
    if register is not None:
        refs[ref] = register
    return ref
