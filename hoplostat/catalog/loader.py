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

import hashlib
import json
import os
import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from hoplostat.catalog import vocab
from hoplostat.catalog.arena import Arena, ArtError, Hex, is_connected, parse_art
from hoplostat.catalog.model import (
    ArenaDieTable,
    Card,
    Catalog,
    Effect,
    Faction,
    FrozenMap,
    GameFacts,
    Immortal,
    RorTitan,
    ShardSetup,
    Skill,
    SkillRef,
    Tactic,
    Tier,
    Titan,
    TitanAction,
    TitanAlly,
    TitanDice,
    TitanEffect,
    Trigger,
    Unit,
)
from hoplostat.errors import InputError
from hoplostat.infiles import read_utf8

ENV_VAR = "HOPLOSTAT_DATA"

ENTRY_TABLES: tuple[str, ...] = ("faction", "unit", "skill", "tactic", "immortal", "titan", "arena", "ror_titan")
"""Arrays of tables a data file may hold (`[[unit]]` ...), plus `[game]` (default only) and `remove`."""

CARD_TABLES: tuple[str, ...] = ("trial", "challenger")
"""Arrays of tables the catalog keeps as written for the mode that reads them (`Catalog.cards`): Origins' Solo
Trials cards (`rulesets.origins.trials.cards` parses and checks them). Merged and overridden like chips."""

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

_SLUG = r"[a-z0-9]+(?:-[a-z0-9]+)*"
_SLUG_RE = re.compile(rf"^{_SLUG}$")
_UNIT_ID_RE = re.compile(rf"^{_SLUG}/{_SLUG}$")
_MISSING = object()


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
class _Raw:
    table: str
    id: str
    data: dict[str, Any]
    file: str  # display path
    text: str  # the file's text, for line numbers

    @property
    def label(self) -> str:
        return f"{self.file}: {self.table} {self.id!r}"


def _line_of(text: str, entry_id: str | None, key: str | None) -> int | None:
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


def _show(value: Any) -> str:
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


class _Fields:
    """Typed access to one TOML table with errors that name file, entry, field and line."""

    def __init__(self, raw: _Raw, table: Mapping[str, Any] | None = None, prefix: str = "") -> None:
        self.raw = raw
        self.t = dict(raw.data if table is None else table)
        self.prefix = prefix
        self.used: set[str] = set()

    def err(self, key: str | None, msg: str) -> InputError:
        where = f": field '{self.prefix}{key}'" if key is not None else (f": field '{self.prefix.rstrip('.')}'"
                                                                         if self.prefix else "")
        line = _line_of(self.raw.text, self.raw.id, key if not self.prefix else self.prefix)
        suffix = f" (line {line})" if line else ""
        return InputError(f"{self.raw.label}{where}: {msg}{suffix}")

    def get(self, key: str, default: Any = _MISSING) -> Any:
        self.used.add(key)
        if key in self.t:
            return self.t[key]
        if default is _MISSING:
            raise self.err(key, "missing (required)")
        return default

    def str_(self, key: str, default: Any = _MISSING, *, choices: Iterable[str] | None = None,
             pattern: re.Pattern[str] | None = None, what: str = "a string") -> Any:
        if key not in self.t and default is not _MISSING:
            self.used.add(key)
            return default
        v = self.get(key)
        if not isinstance(v, str) or not v.strip():
            raise self.err(key, f"expected {what}, got {_show(v)}")
        if choices is not None:
            choices = tuple(choices)
            if v not in choices:
                raise self.err(key, f"expected one of {', '.join(choices)}, got {_show(v)}")
        if pattern is not None and not pattern.match(v):
            raise self.err(key, f"expected {what}, got {_show(v)}")
        return v

    def int_(self, key: str, lo: int, hi: int, default: Any = _MISSING) -> int:
        v = self.get(key, default)
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise self.err(key, f"expected an integer {lo}..{hi}, got {_show(v)}")
        return v

    def bool_(self, key: str, default: Any = _MISSING) -> bool:
        v = self.get(key, default)
        if not isinstance(v, bool):
            raise self.err(key, f"expected true or false, got {_show(v)}")
        return v

    def list_(self, key: str, default: Any = _MISSING, *, item: str = "a string", lo: int = 0,
              hi: int = 99) -> list[Any]:
        v = self.get(key, default)
        if not isinstance(v, list):
            raise self.err(key, f"expected a list of {item}s, got {_show(v)}")
        if not lo <= len(v) <= hi:
            n = f"{lo}" if lo == hi else f"{lo}..{hi}"
            raise self.err(key, f"expected {n} items, got {len(v)}")
        return v

    def str_list(self, key: str, default: Any = _MISSING, *, choices: Iterable[str] | None = None, lo: int = 0,
                 hi: int = 99, unique: bool = True) -> tuple[str, ...]:
        v = self.list_(key, default, lo=lo, hi=hi)
        allowed = tuple(choices) if choices is not None else None
        for x in v:
            if not isinstance(x, str):
                raise self.err(key, f"expected a list of strings, got item {_show(x)}")
            if allowed is not None and x not in allowed:
                raise self.err(key, f"unknown value {_show(x)}; allowed: {', '.join(allowed)}")
        if unique and len(set(v)) != len(v):
            dup = next(x for x in v if v.count(x) > 1)
            raise self.err(key, f"{_show(dup)} is listed twice")
        return tuple(v)

    def tables(self, key: str, default: Any = _MISSING, *, lo: int = 0, hi: int = 99) -> list[_Fields]:
        v = self.list_(key, default, item="table", lo=lo, hi=hi)
        out = []
        for i, x in enumerate(v):
            if not isinstance(x, dict):
                raise self.err(key, f"item {i + 1}: expected a table, got {_show(x)}")
            out.append(_Fields(self.raw, x, f"{self.prefix}{key}[{i + 1}]."))
        return out

    def table(self, key: str) -> _Fields:
        v = self.get(key)
        if not isinstance(v, dict):
            raise self.err(key, f"expected a table, got {_show(v)}")
        return _Fields(self.raw, v, f"{self.prefix}{key}.")

    def finish(self) -> None:
        extra = [k for k in self.t if k not in self.used]
        if extra:
            allowed = ", ".join(sorted(self.used))
            raise self.err(extra[0], f"unknown field; allowed here: {allowed}")


# --- parsing entries ---------------------------------------------------------------------


def _provenance(f: _Fields, field_names: Sequence[str]) -> FrozenMap[str]:
    v = f.get("provenance")
    if isinstance(v, str):
        if v not in vocab.PROVENANCES:
            raise f.err("provenance", f"expected one of {', '.join(vocab.PROVENANCES)}, got {_show(v)}")
        prov = dict.fromkeys(field_names, v)
    elif isinstance(v, dict):
        prov = {}
        rest = v.get("rest")
        for k, p in v.items():
            if k != "rest" and k not in field_names:
                raise f.err("provenance", f"unknown field {k!r}; fields: {', '.join(field_names)} (or rest)")
            if p not in vocab.PROVENANCES:
                raise f.err("provenance", f"{k}: expected one of {', '.join(vocab.PROVENANCES)}, got {_show(p)}")
        for k in field_names:
            p = v.get(k, rest)
            if p is None:
                raise f.err("provenance", f"no provenance for {k!r}; give it or add rest = \"stand-in\"")
            prov[k] = p
    else:
        raise f.err("provenance", f'expected "rulebook", "public", "stand-in" or a table per field, got {_show(v)}')
    return FrozenMap(prov)


def _source(f: _Fields, needed: bool) -> str | None:
    src = f.get("source", None)
    if src is not None and (not isinstance(src, str) or not src.strip()):
        raise f.err("source", f"expected a citation string, got {_show(src)}")
    if needed and src is None:
        raise f.err("source", 'required when a value is "rulebook" or "public" (e.g. "Remastered, Engage Example")')
    return src


def _note(f: _Fields) -> str | None:
    n = f.get("note", None)
    if n is not None and not isinstance(n, str):
        raise f.err("note", f"expected a string, got {_show(n)}")
    return n


def _needs_source(prov: Mapping[str, str]) -> bool:
    return any(p != "stand-in" for p in prov.values())


def _pool(f: _Fields, key: str, lo: int = vocab.UNIT_DICE[0], hi: int = vocab.UNIT_DICE[1]):
    from hoplostat.dice import parse_pool

    v = f.get(key)
    if not isinstance(v, str):
        raise f.err(key, f"expected a dice pool like \"black+blue+yellow\", got {_show(v)}")
    try:
        pool = parse_pool(v)
    except InputError as exc:
        raise f.err(key, str(exc)) from None
    if not lo <= pool.size <= hi:
        raise f.err(key, f"expected {lo}..{hi} dice, got {pool.size}")
    return pool


def _effects(f: _Fields, key: str, *, lo: int = 1, hi: int = 6) -> tuple[Effect, ...]:
    out = []
    for text in f.str_list(key, lo=lo, hi=hi, unique=False):
        out.append(_effect(f, key, text))
    return tuple(out)


def _effect(f: _Fields, key: str, text: str) -> Effect:
    parts = text.split()
    if not parts or parts[0] not in vocab.EFFECT_TERMS:
        raise f.err(key, f"unknown effect {_show(text)}; terms: {', '.join(vocab.EFFECT_TERMS)}")
    term = vocab.EFFECT_TERMS[parts[0]]
    args = parts[1:]
    if term.arg is None:
        if args:
            raise f.err(key, f"effect {term.name!r} takes no argument, got {_show(text)}")
        return Effect(term.name)
    if len(args) != 1:
        raise f.err(key, f"effect {term.name!r} takes one {'number' if term.arg == 'int' else 'colour'}, got "
                         f"{_show(text)}")
    if term.arg == "int":
        if not args[0].isdigit() or not term.lo <= int(args[0]) <= 20:
            raise f.err(key, f"effect {term.name!r}: expected a number {term.lo}..20, got {_show(args[0])}")
        return Effect(term.name, int(args[0]))
    if args[0] not in vocab.COLOURS:
        raise f.err(key, f"effect {term.name!r}: unknown colour {_show(args[0])}; allowed: {', '.join(vocab.COLOURS)}")
    return Effect(term.name, args[0])


def _skill_refs(f: _Fields) -> tuple[SkillRef, ...]:
    out = []
    for text in f.str_list("skills", default=[], unique=True, hi=vocab.UNIT_MAX_SKILLS):
        parts = text.split()
        if not parts or len(parts) > 2 or not _SLUG_RE.match(parts[0]):
            raise f.err("skills", f'expected "<skill-id>" or "<skill-id> <N>" (e.g. "hurl 1"), got {_show(text)}')
        if len(parts) == 2:
            if not parts[1].isdigit() or not 1 <= int(parts[1]) <= 20:
                raise f.err("skills", f"skill {parts[0]!r}: expected a number 1..20, got {_show(parts[1])}")
            out.append(SkillRef(parts[0], int(parts[1])))
        else:
            out.append(SkillRef(parts[0]))
    if len({s.id for s in out}) != len(out):
        raise f.err("skills", "a skill is listed twice")
    return tuple(out)


def _unit(f: _Fields, kind: str | None = None, extra_prov: Sequence[str] = ()) -> tuple[Unit, FrozenMap[str]]:
    raw = f.raw
    if kind is None:
        kind = f.str_("kind", choices=vocab.KINDS)
    faction = f.str_("faction", None, pattern=_SLUG_RE, what="a faction id")
    if kind == "unit":
        if not _UNIT_ID_RE.match(raw.id):
            raise f.err("id", f'a faction unit id is "<faction>/<slug>" (e.g. "kunlun/marksman"), got {_show(raw.id)}')
        if faction is None:
            raise f.err("faction", "missing (required for faction units and heroes)")
        if raw.id.split("/")[0] != faction:
            raise f.err("id", f"the id's prefix must be the faction {faction!r}, got {_show(raw.id)}")
    else:
        if not _SLUG_RE.match(raw.id):
            raise f.err("id", f'expected a lowercase slug like "antony-blackbird", got {_show(raw.id)}')
        if kind == "hero" and faction is None:
            raise f.err("faction", "missing (required for faction heroes)")
        if kind not in ("unit", "hero") and faction is not None:
            raise f.err("faction", f"a {kind} belongs to no faction; remove the field")
    name = f.str_("name")
    classes = f.str_list("classes", choices=vocab.CLASSES, lo=1, hi=3)
    movement = f.int_("movement", *vocab.UNIT_STAT_BOUNDS["movement"])
    rng = f.int_("range", *vocab.UNIT_STAT_BOUNDS["range"])
    health = f.int_("health", *vocab.UNIT_STAT_BOUNDS["health"])
    attack = _pool(f, "attack")
    skills = _skill_refs(f)
    # Rise of Rome, "Unit Chip Glossary": Tactical Range, a stat of the older games' chips only.
    tactical = f.int_("tactical_range", 0, 8) if "tactical_range" in raw.data else None
    stat_fields = tuple(vocab.UNIT_FIELDS) + (("tactical_range",) if tactical is not None else ())
    all_prov = _provenance(f, stat_fields + tuple(extra_prov))
    src = _source(f, _needs_source(all_prov))
    note = _note(f)
    prov: FrozenMap[str] = FrozenMap({k: all_prov[k] for k in stat_fields})
    extra: FrozenMap[str] = FrozenMap({k: all_prov[k] for k in extra_prov})
    unit = Unit(
        id=raw.id,
        name=name,
        kind=kind,
        faction=faction,
        classes=classes,
        elite=kind in vocab.ELITE_KINDS,
        movement=movement,
        range=rng,
        health=health,
        attack=attack,
        skills=skills,
        provenance=prov,
        source=src,
        note=note,
        tactical_range=tactical,
    )
    return unit, extra


def _parse_skill(f: _Fields) -> Skill:
    if not _SLUG_RE.match(f.raw.id):
        raise f.err("id", f"expected a lowercase slug, got {_show(f.raw.id)}")
    prov = _provenance(f, vocab.SKILL_FIELDS)
    s = Skill(
        id=f.raw.id,
        name=f.str_("name"),
        type=f.str_("type", choices=vocab.SKILL_TYPES),
        has_param=f.bool_("has_param"),
        definition=f.str_("definition"),
        map_free=f.bool_("map_free"),
        provenance=prov,
        source=_source(f, _needs_source(prov)),
        note=_note(f),
    )
    f.finish()
    return s


def _parse_tactic(f: _Fields) -> Tactic:
    rid = f.raw.id
    if not (_SLUG_RE.match(rid) or _UNIT_ID_RE.match(rid)):
        raise f.err("id", f'expected a slug ("stun") or "<faction>/<slug>" ("kunlun/blitz"), got {_show(rid)}')
    faction = f.str_("faction", None, pattern=_SLUG_RE, what="a faction id")
    if "/" in rid and rid.split("/")[0] != faction:
        raise f.err("faction", f"a tactic id with a prefix belongs to that faction ({rid.split('/')[0]!r})")
    if "/" not in rid and faction is not None:
        raise f.err("id", f'a faction\'s unique tactic id is "<faction>/<slug>", e.g. "{faction}/{rid}"')
    prov = _provenance(f, vocab.TACTIC_FIELDS)
    t = Tactic(
        id=rid,
        name=f.str_("name"),
        type=f.str_("type", choices=vocab.TACTIC_TYPES),
        effects=_effects(f, "effects"),
        definition=f.str_("definition"),
        faction=faction,
        provenance=prov,
        source=_source(f, _needs_source(prov)),
        note=_note(f),
    )
    f.finish()
    return t


def _parse_faction(f: _Fields) -> Faction:
    if not _SLUG_RE.match(f.raw.id):
        raise f.err("id", f"expected a lowercase slug, got {_show(f.raw.id)}")
    prov = _provenance(f, vocab.FACTION_FIELDS)
    fac = Faction(
        id=f.raw.id,
        name=f.str_("name"),
        # A faction without a hero is a house: a seat of a game whose chips are drafted from a shared pool
        # (Origins, "The Draft"); it owns no chip. A city may list up to 8 tactics (The Lost Cities).
        hero=f.str_("hero", "", pattern=_SLUG_RE, what="a hero id"),
        tactics=f.str_list("tactics", [] if "hero" not in f.t else _MISSING, lo=0 if "hero" not in f.t else 1, hi=8),
        style=f.str_("style"),
        box=f.str_("box"),
        provenance=prov,
        source=_source(f, _needs_source(prov)),
        note=_note(f),
    )
    f.finish()
    return fac


def _parse_unit_entry(f: _Fields) -> Unit:
    unit, _ = _unit(f)
    if unit.kind in ("immortal", "titan"):
        raise f.err("kind", f"write {unit.kind}s as [[{unit.kind}]] entries (they carry their rules)")
    f.finish()
    return unit


def _parse_immortal(f: _Fields) -> Immortal:
    unit, _ = _unit(f, "immortal")
    trig = []
    colours: set[str] = set()
    for tf in f.tables("triggers", lo=1, hi=5):
        colour = tf.str_("colour", choices=vocab.COLOURS)
        if colour in colours:
            raise tf.err("colour", f"{colour} already has a trigger")
        colours.add(colour)
        prov = tf.str_("provenance", choices=vocab.PROVENANCES)
        trig.append(Trigger(colour, _effects(tf, "effects"), prov, _source(tf, prov != "stand-in")))
        tf.finish()
    note = unit.note
    f.finish()
    return Immortal(id=unit.id, unit=unit, triggers=tuple(trig), note=note)


def _parse_titan(f: _Fields) -> Titan:
    unit, tprov = _unit(f, "titan", vocab.TITAN_FIELDS)
    df = f.table("dice")
    start = _pool(df, "start", 1, 10)
    grow = df.str_list("grow", default=[], choices=vocab.COLOURS, hi=6, unique=False)
    grow_when = df.str_("grow_when", choices=vocab.DICE_GROWTH)
    if (grow_when == "never") != (not grow):
        raise df.err("grow_when", 'use "never" exactly when `grow` is empty')
    df.finish()
    dice = TitanDice(start, grow, grow_when)
    full = dice.full
    effects = []
    seen: set[str] = set()
    for ef in f.tables("effects", lo=1, hi=5):
        colour = ef.str_("colour", choices=vocab.COLOURS)
        if colour in seen:
            raise ef.err("colour", f"{colour} already has a row")
        seen.add(colour)
        n = full.counts[vocab.COLOURS.index(colour)]
        if n == 0:
            raise ef.err("colour", f"the titan dice ({full}) have no {colour} die")
        tiers: list[Tier] = []
        for tf in ef.tables("tiers", lo=1, hi=n):
            hits = tf.int_("hits", 1, n)
            if tiers and hits <= tiers[-1].hits:
                raise tf.err("hits", "tiers must be listed by increasing hits")
            tiers.append(Tier(hits, _effects(tf, "effects")))
            tf.finish()
        if n == 1 and tiers[0].hits != 1:
            raise ef.err("tiers", "a single-die effect has one tier with hits = 1")
        prov = ef.str_("provenance", choices=vocab.PROVENANCES)
        effects.append(TitanEffect(colour, tuple(tiers), prov, _source(ef, prov != "stand-in"), _note(ef)))
        ef.finish()
    priority = f.str_list("priority", choices=vocab.PRIORITIES, lo=1, hi=6)
    allies = []
    for af in f.tables("allies", default=[], hi=4):
        allies.append(
            TitanAlly(
                unit=af.str_("unit", pattern=_SLUG_RE, what="a unit id"),
                count=af.int_("count", 1, 4),
                troop=af.str_("troop", choices=("titan", "arena")),
            )
        )
        af.finish()
    sf = f.table("shards")
    hp = sf.int_("hp", 0, 12)
    hp_colour = sf.str_("hp_colour", None, choices=("red", "blue"))
    if (hp == 0) != (hp_colour is None):
        raise sf.err("hp_colour", "give hp_colour (red or blue) exactly when hp > 0")
    shards = ShardSetup(
        start=sf.str_("start", choices=("active", "inactive")),
        hp=hp,
        hp_colour=hp_colour,
        equip=sf.bool_("equip"),
        holder=_effects(sf, "holder", lo=0) if "holder" in sf.t else (),
        on_defeat=_effects(sf, "on_defeat", lo=0) if "on_defeat" in sf.t else (),
    )
    if shards.holder and not shards.equip:
        raise sf.err("holder", "holder effects need equip = true")
    if shards.on_defeat and hp == 0:
        raise sf.err("on_defeat", "a shard without HP cannot be defeated")
    sf.finish()
    tables = {}
    for tf in f.tables("arena_die", default=[], hi=4):
        eff = tf.str_("effect", choices=("advance", "smite"))
        faces = tf.list_("faces", lo=6, hi=6, item="integer")
        if any(isinstance(x, bool) or not isinstance(x, int) or not 0 <= x <= 8 for x in faces):
            raise tf.err("faces", f"expected six integers 0..8, got {_show(faces)}")
        known = tf.list_("rulebook_faces", default=[], item="integer")
        if any(isinstance(x, bool) or not isinstance(x, int) or not 1 <= x <= 6 for x in known):
            raise tf.err("rulebook_faces", f"expected die faces 1..6, got {_show(known)}")
        src = _source(tf, bool(known))
        if eff in tables:
            raise tf.err("effect", f"{eff} already has a table")
        tables[eff] = ArenaDieTable(eff, tuple(faces), tuple(sorted(known)), src)
        tf.finish()
    used_terms = {e.term for row in effects for t in row.tiers for e in t.effects}
    for term in ("advance", "smite"):
        if term in used_terms and term not in tables:
            raise f.err("arena_die", f"the effects use {term!r}; give its arena die table")
    note = unit.note
    f.finish()
    return Titan(
        id=unit.id,
        unit=unit,
        dice=dice,
        effects=tuple(effects),
        priority=priority,
        allies=tuple(allies),
        shards=shards,
        arena_die=FrozenMap(tables),
        provenance=tprov,
        source=unit.source,
        note=note,
    )


def _parse_arena(f: _Fields) -> Arena:
    if not _SLUG_RE.match(f.raw.id):
        raise f.err("id", f"expected a lowercase slug, got {_show(f.raw.id)}")
    name = f.str_("name")
    lf = f.get("legend")
    if not isinstance(lf, dict) or not lf:
        raise f.err("legend", f"expected a table symbol -> list of tags, got {_show(lf)}")
    legend: dict[str, tuple[str, ...]] = {}
    for sym, tags in lf.items():
        if len(sym) != 1 or sym.isspace():
            raise f.err("legend", f"symbols are single visible characters, got {_show(sym)}")
        if not isinstance(tags, list) or any(t not in vocab.HEX_TAGS for t in tags):
            raise f.err("legend", f"symbol {sym!r}: expected a list of tags from {', '.join(vocab.HEX_TAGS)}, got "
                                  f"{_show(tags)}")
        legend[sym] = tuple(tags)
    art = f.str_("map", what="ASCII hex art")
    try:
        cells = parse_art(art, legend)
    except ArtError as exc:
        raise f.err("map", str(exc)) from None
    if not is_connected([(q, r) for q, r, _ in cells]):
        raise f.err("map", "the hexes do not form one connected arena")
    hexes = tuple(Hex(i, q, r, tags) for i, (q, r, tags) in enumerate(cells))
    compass = f.str_list("compass", choices=vocab.COMPASS_DIRECTIONS, lo=6, hi=6)
    prov = _provenance(f, vocab.ARENA_FIELDS)
    arena = Arena(
        id=f.raw.id,
        name=name,
        hexes=hexes,
        art=art,
        compass=compass,
        provenance=prov,
        source=_source(f, _needs_source(prov)),
        note=_note(f),
    )
    f.finish()
    for h in hexes:
        if "deploy-red" in h.tags and "deploy-blue" in h.tags or "outer-red" in h.tags and "outer-blue" in h.tags:
            raise f.err("legend", "a hex cannot be a deployment hex of both sides")
    return arena


def _check_arena_counts(f: _Fields, arena: Arena, ruleset: str) -> None:
    """The hex counts the rule set's rulebook fixes for this arena (`vocab.ARENA_RULE_COUNTS`)."""
    counts = arena.tag_counts()
    expected = vocab.ARENA_RULE_COUNTS.get(ruleset, {}).get(arena.id)
    if expected is None:
        return
    for tag, n in expected.items():
        if counts.get(tag, 0) != n:
            raise f.err("map", f"the rulebook gives {arena.name} {n} hex(es) tagged {tag!r}, the map has "
                               f"{counts.get(tag, 0)}")
    if arena.id == "colosseum" and counts.get("inner", 0) < 1:
        raise f.err("map", "the Colosseum needs inner deployment hexes (tag 'inner')")


def _parse_game(raw: _Raw) -> GameFacts:
    f = _Fields(raw)

    def counts(key: str, keys: Sequence[str]) -> FrozenMap[int]:
        sub = f.table(key)
        out = {k: sub.int_(k, 0, 200) for k in keys}
        sub.finish()
        return FrozenMap(out)

    g = GameFacts(
        dice_stock=counts("dice_stock", vocab.COLOURS),
        health_chips=counts("health_chips", ("red", "blue")),
        box=counts(
            "box",
            (
                "faction_heroes",
                "faction_units",
                "faction_tactics",
                "arena_units",
                "shards",
                "support_chips",
                "immortals",
                "neutral_heroes",
                "titans",
                "titan_chips",
            ),
        ),
        onslaught_priority=f.str_list("onslaught_priority", [], choices=vocab.PRIORITIES, lo=0, hi=6),
        source=f.str_("source"),
        ruleset=f.str_("ruleset", "remastered", pattern=_SLUG_RE, what="a rule set id"),
        faction_units=f.int_("faction_units", 1, 20, 10),
        faction_tactics=_faction_tactics(f),
        components=f.str_("components", "Remastered, Components"),
    )
    f.get("provenance", None)
    f.finish()
    return g


def _faction_tactics(f: _Fields) -> tuple[int, int]:
    """[game.faction_tactics]: how many common and unique tactics a faction lists (default 3 and 1)."""
    if "faction_tactics" not in f.t:
        f.used.add("faction_tactics")
        return (3, 1)
    sub = f.table("faction_tactics")
    out = (sub.int_("common", 0, 8), sub.int_("unique", 0, 8))
    sub.finish()
    # Remastered and Rise of Rome: four tactics a faction; The Lost Cities: eight a city (TLC-1).
    if sum(out) not in (4, 8):
        raise f.err("faction_tactics", "a faction lists four tactics (eight in The Lost Cities); common + unique is "
                                       f"{sum(out)}")
    return out


def _parse_ror_titan(f: _Fields) -> RorTitan:
    """A Rise of Rome titan card (Rise of Rome, "Example Titan Card: Oceanus"): the unit stats (`range` is
    the base Attack Range, `attack` the Basic Attack dice), `difficulty`, `titan_dice`, `range_per_shard`,
    `returns`, `summons`, `pillar_health` and the `[[ror_titan.actions]]` rows (block, hits, action, arg,
    provenance). Rows of a block are listed as the card lists them."""
    unit, tprov = _unit(f, "titan", vocab.ROR_TITAN_FIELDS)
    dice = _pool(f, "titan_dice", 1, 8)
    actions: list[TitanAction] = []
    for af in f.tables("actions", lo=1, hi=12):
        block = af.str_("block", choices=vocab.ROR_TITAN_BLOCKS)
        if actions and vocab.ROR_TITAN_BLOCKS.index(block) < vocab.ROR_TITAN_BLOCKS.index(actions[-1].block):
            raise af.err("block", f"blocks come in card order ({', '.join(vocab.ROR_TITAN_BLOCKS)})")
        hits = _pool(af, "hits", 1, 8)
        action = af.str_("action", choices=vocab.ROR_TITAN_ACTIONS)
        arg = af.int_("arg", 1, 6) if "arg" in af.t else None
        prov = af.str_("provenance", choices=vocab.PROVENANCES)
        actions.append(TitanAction(block, hits, action, arg, prov, _source(af, False), _note(af)))
        af.finish()
    t = RorTitan(
        id=unit.id, unit=unit, difficulty=f.int_("difficulty", 1, 3), titan_dice=dice,
        range_per_shard=f.int_("range_per_shard", 0, 3), returns=f.bool_("returns"),
        summons=f.str_("summons", choices=vocab.ROR_TITAN_SUMMONS), pillar_health=f.int_("pillar_health", 1, 12),
        actions=tuple(actions), provenance=tprov, source=unit.source, note=unit.note)
    f.finish()
    return t


_PARSERS = {
    "faction": _parse_faction,
    "unit": _parse_unit_entry,
    "skill": _parse_skill,
    "tactic": _parse_tactic,
    "immortal": _parse_immortal,
    "titan": _parse_titan,
    "arena": _parse_arena,
    "ror_titan": _parse_ror_titan,
}


# --- reading directories -----------------------------------------------------------------


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


@dataclass(slots=True)
class _OverlayChanges:
    """What overlays did to the merged entries, so that an error they cause names the overlay file rather
    than the embedded entry it broke: removed entries (the entry, the overlay file, its text) and entries
    added or replaced (the overlay's entry, the one it replaced or None)."""

    removed: list[tuple[_Raw, str, str]] = field(default_factory=list)
    added: list[tuple[_Raw, _Raw | None]] = field(default_factory=list)

    def removal_of(self, entry_id: str) -> str | None:
        """'FILE: remove 'id' (line N)' when an overlay removed `entry_id`."""
        for raw, shown, text in self.removed:
            if raw.id == entry_id:
                return f"{shown}: remove {entry_id!r} (line {_line_of(text, None, 'remove')})"
        return None

    def faction_units(self, faction: str) -> list[str]:
        """The overlay changes to faction `faction`'s non-elite units, each as 'FILE: what (line N)'."""
        def of(raw: _Raw | None) -> bool:
            return raw is not None and raw.table == "unit" and raw.data.get("faction") == faction and \
                raw.data.get("kind", "unit") == "unit"

        out = [f"{shown}: remove {raw.id!r} (line {_line_of(text, None, 'remove')})"
               for raw, shown, text in self.removed if of(raw)]
        for raw, old in self.added:
            if of(raw) != of(old):
                what = "adds" if of(raw) else "moves out of the faction"
                out.append(f"{raw.file}: unit {raw.id!r} {what} (line {_line_of(raw.text, raw.id, None)})")
        return out


def _build(raws: list[_Raw], game: GameFacts, sources: tuple[str, ...],
           changes: _OverlayChanges | None = None) -> Catalog:
    by_table: dict[str, list[Any]] = {t: [] for t in ENTRY_TABLES}
    where: dict[tuple[str, str], _Raw] = {}
    cards: dict[str, dict[str, Card]] = {}
    for raw in raws:
        if raw.table in CARD_TABLES:  # kept as written; the mode that plays them checks them
            cards.setdefault(raw.table, {})[raw.id] = Card(raw.table, raw.id, FrozenMap(dict(raw.data)), raw.file,
                                                           _line_of(raw.text, raw.id, None))
            continue
        obj = _PARSERS[raw.table](_Fields(raw))
        by_table[raw.table].append(obj)
        where[(raw.table, raw.id)] = raw

    units: dict[str, Unit] = {}
    for u in by_table["unit"]:
        # A chip is played by the rules of the box it comes in ([game] ruleset); champions of the older
        # games are not elite (they have no elite rule: tactics may go on them).
        if game.ruleset != "remastered":
            u = replace(u, ruleset=game.ruleset, elite=False)
        units[u.id] = u
    for im in by_table["immortal"]:
        units[im.id] = im.unit
    for ti in by_table["titan"]:
        units[ti.id] = ti.unit
    for ti in by_table["ror_titan"]:
        units[ti.id] = replace(ti.unit, ruleset=game.ruleset, elite=False)
    skills = {s.id: s for s in by_table["skill"]}
    tactics = {t.id: t for t in by_table["tactic"]}
    factions = {fa.id: fa for fa in by_table["faction"]}
    immortals = {im.id: im for im in by_table["immortal"]}
    titans = {ti.id: ti for ti in by_table["titan"]}
    # Rise of Rome's titan cards stand where a catalog's titans stand (one rule set has one kind of card).
    titans.update({ti.id: replace(ti, unit=units[ti.id]) for ti in by_table["ror_titan"]})
    arenas = {a.id: a for a in by_table["arena"]}
    for a in arenas.values():
        _check_arena_counts(_Fields(where[("arena", a.id)]), a, game.ruleset)

    changes = changes or _OverlayChanges()

    def err(table: str, eid: str, fld: str, msg: str, *, ref: str | None = None) -> InputError:
        """The error at the entry; when an overlay removed `ref`, the entry refers to, at that overlay."""
        raw = where[(table, eid)]
        removal = changes.removal_of(ref) if ref is not None else None
        if removal is not None:
            return InputError(f"{removal}: {raw.label} still refers to it: field '{fld}': {msg}")
        return _Fields(raw).err(fld, msg)

    ror_titans = {x.id for x in by_table["ror_titan"]}
    unit_table = {u.id: "unit" for u in by_table["unit"]} | dict.fromkeys(immortals, "immortal") \
        | {t: "titan" if t not in ror_titans else "ror_titan" for t in titans}

    # Units: skills exist, numbers given iff the skill takes one; factions exist.
    for u in units.values():
        table = unit_table[u.id]
        for ref in u.skills:
            sk = skills.get(ref.id)
            if sk is None:
                close = _close(ref.id, skills)
                raise err(table, u.id, "skills", f"unknown skill {ref.id!r}{close} (skills are defined in [[skill]] "
                                                 "entries)",
                          ref=ref.id)
            if sk.has_param and ref.param is None:
                raise err(table, u.id, "skills", f"skill {ref.id!r} takes a number (e.g. \"{ref.id} 1\")")
            if not sk.has_param and ref.param is not None:
                raise err(table, u.id, "skills", f"skill {ref.id!r} takes no number, got \"{ref}\"")
        if u.faction is not None and u.faction not in factions:
            raise err(table, u.id, "faction", f"unknown faction {u.faction!r}{_close(u.faction, factions)}",
                      ref=u.faction)

    sentinels = [u.id for u in units.values() if u.kind == "sentinel"]
    if len(sentinels) > 1:
        raise err("unit", sentinels[1], "kind", f"all sentinels share one stat line; {sentinels[0]!r} is already the "
                                                "sentinel")

    # Factions: one hero, ten units, three common tactics and the unique one.
    for fa in factions.values():
        if not fa.hero:  # a house (Origins): owns no chip, so it has nothing to check
            continue
        hero = units.get(fa.hero)
        if hero is None:
            raise err("faction", fa.id, "hero", f"unknown unit {fa.hero!r}{_close(fa.hero, units)}", ref=fa.hero)
        if hero.kind != "hero" or hero.faction != fa.id:
            raise err("faction", fa.id, "hero", f"{fa.hero!r} is not a hero of faction {fa.id!r}")
        others = [u.id for u in units.values() if u.kind == "hero" and u.faction == fa.id and u.id != fa.hero]
        if others:
            raise err("unit", others[0], "kind", f"faction {fa.id!r} already has hero {fa.hero!r}")
        members = [u for u in units.values() if u.kind == "unit" and u.faction == fa.id]
        want = game.faction_units
        if len(members) != want and changes.faction_units(fa.id):
            causes = changes.faction_units(fa.id)
            raise InputError(f"{causes[0]}: faction {fa.id!r} must keep {want} non-elite units ({game.components});"
                             f" found {len(members)} after this overlay"
                             + (f" (also {'; '.join(causes[1:])})" if len(causes) > 1 else "")
                             + "; replace a unit by reusing its id, or drop one with remove = [\"<id>\"]")
        if len(members) != want:
            raise err(
                "faction",
                fa.id,
                "units",
                f"a faction has {want} non-elite units ({game.components}); found {len(members)}"
                " (replace a unit by reusing its id, or drop one with remove = [\"<id>\"] in your overlay)",
            )
        common = 0
        unique = 0
        for tid in fa.tactics:
            t = tactics.get(tid)
            if t is None:
                raise err("faction", fa.id, "tactics", f"unknown tactic {tid!r}{_close(tid, tactics)}", ref=tid)
            if t.faction is None:
                common += 1
            elif t.faction == fa.id:
                unique += 1
            else:
                raise err("faction", fa.id, "tactics", f"{tid!r} is unique to faction {t.faction!r}")
        if (common, unique) != game.faction_tactics:
            want_c, want_u = game.faction_tactics
            raise err("faction", fa.id, "tactics", f"expected {_count_word(want_c)} common tactics and "
                      f"{_count_word(want_u)} unique tactic{'s' if want_u != 1 else ''}, got {common} and {unique}")
    for t in tactics.values():
        if t.faction is not None:
            if t.faction not in factions:
                raise err("tactic", t.id, "faction", f"unknown faction {t.faction!r}{_close(t.faction, factions)}")
            if t.id not in factions[t.faction].tactics:
                raise err("tactic", t.id, "faction", f"faction {t.faction!r} does not list this tactic in its tactics")

    # Titans: allies exist and have the right kind.
    for ti in titans.values():
        if isinstance(ti, RorTitan):
            continue
        for a in ti.allies:
            au = units.get(a.unit)
            if au is None:
                raise err("titan", ti.id, "allies", f"unknown unit {a.unit!r}{_close(a.unit, units)}")
            kind = "titan-ally" if a.troop == "titan" else "arena-unit"
            if au.kind != kind:
                raise err("titan", ti.id, "allies", f"{a.unit!r} is a {au.kind}; troop {a.troop!r} allies are {kind}s")
        terms = {e.term for row in ti.effects for t in row.tiers for e in t.effects}
        if terms & {"deploy-allies", "allies-act"} and not any(a.troop == "titan" for a in ti.allies):
            raise err("titan", ti.id, "effects", "deploy-allies/allies-act need allies with troop = \"titan\"")

    catalog_dict = {
        "factions": factions,
        "units": units,
        "skills": skills,
        "tactics": tactics,
        "arenas": arenas,
        "titans": titans,
        "immortals": immortals,
        "game": game,
    }
    if cards:  # only catalogs with cards (Origins' Solo Trials) hash them: the others' hashes are unchanged
        catalog_dict["cards"] = {t: {k: dict(c.data) for k, c in sorted(v.items())} for t, v in sorted(cards.items())}
    digest = hashlib.sha256(canonical_json(catalog_dict).encode()).hexdigest()
    return Catalog(
        factions=FrozenMap(factions),
        units=FrozenMap(units),
        skills=FrozenMap(skills),
        tactics=FrozenMap(tactics),
        arenas=FrozenMap(arenas),
        titans=FrozenMap(titans),
        immortals=FrozenMap(immortals),
        game=game,
        hash=digest,
        sources=sources,
        cards=FrozenMap({t: FrozenMap(dict(sorted(v.items()))) for t, v in sorted(cards.items())}),
    )


def _count_word(n: int) -> str:
    return ("no", "one", "two", "three", "four")[n] if 0 <= n <= 4 else str(n)


def _close(key: str, known: Mapping[str, Any]) -> str:
    import difflib

    c = difflib.get_close_matches(key, list(known), n=2, cutoff=0.6)
    return f" (did you mean {' or '.join(repr(x) for x in c)}?)" if c else ""


# --- canonical form ----------------------------------------------------------------------


def to_jsonable(obj: Any) -> Any:
    """Plain JSON data for a catalog object (pools and skill refs as their strings)."""
    from hoplostat.dice import Pool

    if isinstance(obj, (SkillRef, Effect, Pool)):
        return str(obj)
    if isinstance(obj, Arena):
        return {
            "id": obj.id,
            "name": obj.name,
            "hexes": [{"index": h.index, "q": h.q, "r": h.r, "tags": list(h.tags)} for h in obj.hexes],
            "compass": list(obj.compass),
            "provenance": dict(obj.provenance),
            "source": obj.source,
            "note": obj.note,
        }
    if is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_jsonable(getattr(obj, f.name)) for f in fields(obj)}
    if isinstance(obj, Mapping):
        return {str(k): to_jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (tuple, list)):
        return [to_jsonable(x) for x in obj]
    return obj


def canonical_json(obj: Any) -> str:
    return json.dumps(to_jsonable(obj), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
