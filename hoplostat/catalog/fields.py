"""Typed access to the tables of a data file: values checked one by one, every error naming the file, the
entry, the field and the TOML line (`Fields.err`), and the small value grammars every table shares
(provenance, source, note, dice pools, effect terms). Rule sets parse the tables they own with these too."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hoplostat.catalog import vocab
from hoplostat.catalog.model import Effect, FrozenMap
from hoplostat.errors import InputError

SLUG = r"[a-z0-9]+(?:-[a-z0-9]+)*"
SLUG_RE = re.compile(rf"^{SLUG}$")
UNIT_ID_RE = re.compile(rf"^{SLUG}/{SLUG}$")
MISSING = object()


@dataclass(slots=True)
class Raw:
    """One entry as read: its table, id, fields, the file it came from (as shown) and that file's text."""

    table: str
    id: str
    data: dict[str, Any]
    file: str  # display path
    text: str  # the file's text, for line numbers

    @property
    def label(self) -> str:
        return f"{self.file}: {self.table} {self.id!r}"


def line_of(text: str, entry_id: str | None, key: str | None) -> int | None:
    """Best-effort TOML line of `key` inside the entry whose `id = "entry_id"` (1-based)."""
    lines = text.splitlines()
    start = 0
    if entry_id is not None:
        pat = re.compile(r'^\s*id\s*=\s*["\']' + re.escape(entry_id) + r'["\']')
        for i, ln in enumerate(lines):
            if pat.match(ln):
                start = i
                break
        else:
            return None
    if key is None:
        return start + 1
    top = key.split(".")[0].split("[")[0]
    kpat = re.compile(r"^\s*" + re.escape(top) + r"\s*=")
    lo = start
    while lo > 0 and not lines[lo].lstrip().startswith("[["):
        lo -= 1
    for i in range(lo + 1, len(lines)):
        if i > start and _TOP_HEADER.match(lines[i]):
            break
        if kpat.match(lines[i]):
            return i + 1
    return start + 1


_TOP_HEADER = re.compile(r"^\s*\[\[\s*[a-z_]+\s*\]\]")


def show(value: Any) -> str:
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


class Fields:
    """Typed access to one TOML table with errors that name file, entry, field and line."""

    def __init__(self, raw: Raw, table: Mapping[str, Any] | None = None, prefix: str = "") -> None:
        self.raw = raw
        self.t = dict(raw.data if table is None else table)
        self.prefix = prefix
        self.used: set[str] = set()

    def err(self, key: str | None, msg: str) -> InputError:
        where = f": field '{self.prefix}{key}'" if key is not None else (f": field '{self.prefix.rstrip('.')}'"
                                                                         if self.prefix else "")
        line = line_of(self.raw.text, self.raw.id, key if not self.prefix else self.prefix)
        suffix = f" (line {line})" if line else ""
        return InputError(f"{self.raw.label}{where}: {msg}{suffix}")

    def get(self, key: str, default: Any = MISSING) -> Any:
        self.used.add(key)
        if key in self.t:
            return self.t[key]
        if default is MISSING:
            raise self.err(key, "missing (required)")
        return default

    def str_(self, key: str, default: Any = MISSING, *, choices: Iterable[str] | None = None,
             pattern: re.Pattern[str] | None = None, what: str = "a string") -> Any:
        if key not in self.t and default is not MISSING:
            self.used.add(key)
            return default
        v = self.get(key)
        if not isinstance(v, str) or not v.strip():
            raise self.err(key, f"expected {what}, got {show(v)}")
        if choices is not None:
            choices = tuple(choices)
            if v not in choices:
                raise self.err(key, f"expected one of {', '.join(choices)}, got {show(v)}")
        if pattern is not None and not pattern.match(v):
            raise self.err(key, f"expected {what}, got {show(v)}")
        return v

    def int_(self, key: str, lo: int, hi: int, default: Any = MISSING) -> int:
        v = self.get(key, default)
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise self.err(key, f"expected an integer {lo}..{hi}, got {show(v)}")
        return v

    def bool_(self, key: str, default: Any = MISSING) -> bool:
        v = self.get(key, default)
        if not isinstance(v, bool):
            raise self.err(key, f"expected true or false, got {show(v)}")
        return v

    def list_(self, key: str, default: Any = MISSING, *, item: str = "a string", lo: int = 0,
              hi: int = 99) -> list[Any]:
        v = self.get(key, default)
        if not isinstance(v, list):
            raise self.err(key, f"expected a list of {item}s, got {show(v)}")
        if not lo <= len(v) <= hi:
            n = f"{lo}" if lo == hi else f"{lo}..{hi}"
            raise self.err(key, f"expected {n} items, got {len(v)}")
        return v

    def str_list(self, key: str, default: Any = MISSING, *, choices: Iterable[str] | None = None, lo: int = 0,
                 hi: int = 99, unique: bool = True) -> tuple[str, ...]:
        v = self.list_(key, default, lo=lo, hi=hi)
        allowed = tuple(choices) if choices is not None else None
        for x in v:
            if not isinstance(x, str):
                raise self.err(key, f"expected a list of strings, got item {show(x)}")
            if allowed is not None and x not in allowed:
                raise self.err(key, f"unknown value {show(x)}; allowed: {', '.join(allowed)}")
        if unique and len(set(v)) != len(v):
            dup = next(x for x in v if v.count(x) > 1)
            raise self.err(key, f"{show(dup)} is listed twice")
        return tuple(v)

    def tables(self, key: str, default: Any = MISSING, *, lo: int = 0, hi: int = 99) -> list[Fields]:
        v = self.list_(key, default, item="table", lo=lo, hi=hi)
        out = []
        for i, x in enumerate(v):
            if not isinstance(x, dict):
                raise self.err(key, f"item {i + 1}: expected a table, got {show(x)}")
            out.append(Fields(self.raw, x, f"{self.prefix}{key}[{i + 1}]."))
        return out

    def table(self, key: str) -> Fields:
        v = self.get(key)
        if not isinstance(v, dict):
            raise self.err(key, f"expected a table, got {show(v)}")
        return Fields(self.raw, v, f"{self.prefix}{key}.")

    def finish(self) -> None:
        extra = [k for k in self.t if k not in self.used]
        if extra:
            allowed = ", ".join(sorted(self.used))
            raise self.err(extra[0], f"unknown field; allowed here: {allowed}")


def provenance(f: Fields, field_names: Sequence[str]) -> FrozenMap[str]:
    v = f.get("provenance")
    if isinstance(v, str):
        if v not in vocab.PROVENANCES:
            raise f.err("provenance", f"expected one of {', '.join(vocab.PROVENANCES)}, got {show(v)}")
        prov = dict.fromkeys(field_names, v)
    elif isinstance(v, dict):
        prov = {}
        rest = v.get("rest")
        for k, p in v.items():
            if k != "rest" and k not in field_names:
                raise f.err("provenance", f"unknown field {k!r}; fields: {', '.join(field_names)} (or rest)")
            if p not in vocab.PROVENANCES:
                raise f.err("provenance", f"{k}: expected one of {', '.join(vocab.PROVENANCES)}, got {show(p)}")
        for k in field_names:
            p = v.get(k, rest)
            if p is None:
                raise f.err("provenance", f"no provenance for {k!r}; give it or add rest = \"stand-in\"")
            prov[k] = p
    else:
        raise f.err("provenance", f'expected "rulebook", "public", "stand-in" or a table per field, got {show(v)}')
    return FrozenMap(prov)


def source(f: Fields, needed: bool) -> str | None:
    src = f.get("source", None)
    if src is not None and (not isinstance(src, str) or not src.strip()):
        raise f.err("source", f"expected a citation string, got {show(src)}")
    if needed and src is None:
        raise f.err("source", 'required when a value is "rulebook" or "public" (e.g. "Remastered, Engage Example")')
    return src


def note(f: Fields) -> str | None:
    n = f.get("note", None)
    if n is not None and not isinstance(n, str):
        raise f.err("note", f"expected a string, got {show(n)}")
    return n


def needs_source(prov: Mapping[str, str]) -> bool:
    return any(p != "stand-in" for p in prov.values())


def pool(f: Fields, key: str, lo: int = vocab.UNIT_DICE[0], hi: int = vocab.UNIT_DICE[1]):
    from hoplostat.dice import parse_pool

    v = f.get(key)
    if not isinstance(v, str):
        raise f.err(key, f"expected a dice pool like \"black+blue+yellow\", got {show(v)}")
    try:
        pool = parse_pool(v)
    except InputError as exc:
        raise f.err(key, str(exc)) from None
    if not lo <= pool.size <= hi:
        raise f.err(key, f"expected {lo}..{hi} dice, got {pool.size}")
    return pool


def effects(f: Fields, key: str, *, lo: int = 1, hi: int = 6) -> tuple[Effect, ...]:
    out = []
    for text in f.str_list(key, lo=lo, hi=hi, unique=False):
        out.append(effect(f, key, text))
    return tuple(out)


def effect(f: Fields, key: str, text: str) -> Effect:
    parts = text.split()
    if not parts or parts[0] not in vocab.EFFECT_TERMS:
        raise f.err(key, f"unknown effect {show(text)}; terms: {', '.join(vocab.EFFECT_TERMS)}")
    term = vocab.EFFECT_TERMS[parts[0]]
    args = parts[1:]
    if term.arg is None:
        if args:
            raise f.err(key, f"effect {term.name!r} takes no argument, got {show(text)}")
        return Effect(term.name)
    if len(args) != 1:
        raise f.err(key, f"effect {term.name!r} takes one {'number' if term.arg == 'int' else 'colour'}, got "
                         f"{show(text)}")
    if term.arg == "int":
        if not args[0].isdigit() or not term.lo <= int(args[0]) <= 20:
            raise f.err(key, f"effect {term.name!r}: expected a number {term.lo}..20, got {show(args[0])}")
        return Effect(term.name, int(args[0]))
    if args[0] not in vocab.COLOURS:
        raise f.err(key, f"effect {term.name!r}: unknown colour {show(args[0])}; allowed: {', '.join(vocab.COLOURS)}")
    return Effect(term.name, args[0])


