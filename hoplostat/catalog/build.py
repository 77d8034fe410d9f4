"""Build a `Catalog` from merged entries: parse each entry, then check what refers to what (skills,
factions and their make-up, tactics, titan allies), with errors at the overlay that caused them; hash it."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from hoplostat.catalog import vocab
from hoplostat.catalog.canonical import canonical_json
from hoplostat.catalog.fields import Fields as _Fields
from hoplostat.catalog.fields import Raw as _Raw
from hoplostat.catalog.fields import line_of as _line_of
from hoplostat.catalog.model import Card, Catalog, Faction, FrozenMap, GameFacts, RorTitan, Tactic, Titan, Unit
from hoplostat.catalog.parse_board import _check_arena_counts, _parse_arena
from hoplostat.catalog.parse_titans import _parse_titan
from hoplostat.catalog.parse_units import (
    _parse_faction,
    _parse_immortal,
    _parse_skill,
    _parse_tactic,
    _parse_unit_entry,
)
from hoplostat.errors import InputError

ENTRY_TABLES: tuple[str, ...] = ("faction", "unit", "skill", "tactic", "immortal", "titan", "arena", "ror_titan")
"""Arrays of tables a data file may hold (`[[unit]]` ...), plus `[game]` (default only) and `remove`.
`ror_titan` is parsed by the rule set that registers it (`vocab.register_table`)."""

CARD_TABLES: tuple[str, ...] = ("trial", "challenger")
"""Arrays of tables the catalog keeps as written for the mode that reads them (`Catalog.cards`): a solo
mode's trial cards and challengers (the mode parses and checks them). Merged and overridden like chips."""

_PARSERS: dict[str, Callable[[_Fields], Any]] = {
    "faction": _parse_faction,
    "unit": _parse_unit_entry,
    "skill": _parse_skill,
    "tactic": _parse_tactic,
    "immortal": _parse_immortal,
    "titan": _parse_titan,
    "arena": _parse_arena,
}


def _parse(raw: _Raw) -> Any:
    """The entry `raw` parsed by its table's parser (the catalog's own, or the one a rule set registered)."""
    parser = _PARSERS.get(raw.table) or vocab.table_parser(raw.table)
    if parser is None:
        raise InputError(f"{raw.label}: no installed rule set reads [[{raw.table}]] entries")
    return parser(_Fields(raw))


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




class _Errors:
    """Errors at an entry: when an overlay removed the entry `ref` it refers to, at that overlay instead."""

    def __init__(self, where: Mapping[tuple[str, str], _Raw], changes: _OverlayChanges) -> None:
        self.where = where
        self.changes = changes

    def at(self, table: str, eid: str, fld: str, msg: str, *, ref: str | None = None) -> InputError:
        raw = self.where[(table, eid)]
        removal = self.changes.removal_of(ref) if ref is not None else None
        if removal is not None:
            return InputError(f"{removal}: {raw.label} still refers to it: field '{fld}': {msg}")
        return _Fields(raw).err(fld, msg)


@dataclass(slots=True)
class _Parsed:
    """The merged entries parsed, by table; where each came from; the cards kept as written."""

    by_table: dict[str, list[Any]]
    where: dict[tuple[str, str], _Raw]
    cards: dict[str, dict[str, Card]]


def _parse_all(raws: list[_Raw]) -> _Parsed:
    out = _Parsed({t: [] for t in ENTRY_TABLES}, {}, {})
    for raw in raws:
        if raw.table in CARD_TABLES:  # kept as written; the mode that plays them checks them
            out.cards.setdefault(raw.table, {})[raw.id] = Card(raw.table, raw.id, FrozenMap(dict(raw.data)),
                                                               raw.file, _line_of(raw.text, raw.id, None))
            continue
        out.by_table[raw.table].append(_parse(raw))
        out.where[(raw.table, raw.id)] = raw
    return out


def _units_and_titans(by_table: Mapping[str, list[Any]], game: GameFacts) -> tuple[dict[str, Unit], dict[str, Any]]:
    """Every unit-like chip by id, and the titans (a rule set's own titan cards stand where a catalog's
    titans stand: one rule set has one kind of card)."""
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
    titans: dict[str, Any] = {ti.id: ti for ti in by_table["titan"]}
    titans.update({ti.id: replace(ti, unit=units[ti.id]) for ti in by_table["ror_titan"]})
    return units, titans


def _build(raws: list[_Raw], game: GameFacts, sources: tuple[str, ...],
           changes: _OverlayChanges | None = None) -> Catalog:
    parsed = _parse_all(raws)
    by_table, where = parsed.by_table, parsed.where
    units, titans = _units_and_titans(by_table, game)
    skills = {s.id: s for s in by_table["skill"]}
    tactics = {t.id: t for t in by_table["tactic"]}
    factions = {fa.id: fa for fa in by_table["faction"]}
    immortals = {im.id: im for im in by_table["immortal"]}
    arenas = {a.id: a for a in by_table["arena"]}
    for a in arenas.values():
        _check_arena_counts(_Fields(where[("arena", a.id)]), a, game.ruleset)
    err = _Errors(where, changes or _OverlayChanges())
    own_cards = {x.id for x in by_table["ror_titan"]}
    unit_table = {u.id: "unit" for u in by_table["unit"]} | dict.fromkeys(immortals, "immortal") \
        | {t: "titan" if t not in own_cards else "ror_titan" for t in titans}
    _check_units(units, unit_table, skills, factions, err)
    for fa in factions.values():
        _check_faction(fa, units, tactics, game, err)
    _check_tactics(tactics, factions, err)
    _check_titans(titans, units, err)
    return _catalog(factions, units, skills, tactics, arenas, titans, immortals, game, sources, parsed.cards)


def _check_units(units: Mapping[str, Unit], unit_table: Mapping[str, str], skills: Mapping[str, Any],
                 factions: Mapping[str, Faction], err: _Errors) -> None:
    """Units: skills exist, numbers given iff the skill takes one; factions exist; one sentinel."""
    for u in units.values():
        table = unit_table[u.id]
        for ref in u.skills:
            sk = skills.get(ref.id)
            if sk is None:
                close = _close(ref.id, skills)
                raise err.at(table, u.id, "skills", f"unknown skill {ref.id!r}{close} (skills are defined in "
                                                    "[[skill]] entries)", ref=ref.id)
            if sk.has_param and ref.param is None:
                raise err.at(table, u.id, "skills", f"skill {ref.id!r} takes a number (e.g. \"{ref.id} 1\")")
            if not sk.has_param and ref.param is not None:
                raise err.at(table, u.id, "skills", f"skill {ref.id!r} takes no number, got \"{ref}\"")
        if u.faction is not None and u.faction not in factions:
            raise err.at(table, u.id, "faction", f"unknown faction {u.faction!r}{_close(u.faction, factions)}",
                         ref=u.faction)
    sentinels = [u.id for u in units.values() if u.kind == "sentinel"]
    if len(sentinels) > 1:
        raise err.at("unit", sentinels[1], "kind", f"all sentinels share one stat line; {sentinels[0]!r} is "
                                                   "already the sentinel")


def _check_faction(fa: Faction, units: Mapping[str, Unit], tactics: Mapping[str, Tactic], game: GameFacts,
                   err: _Errors) -> None:
    """A faction: one hero, its non-elite units, its common tactics and its unique ones."""
    if not fa.hero:  # a house: owns no chip (its game drafts from a shared pool), so it has nothing to check
        return
    hero = units.get(fa.hero)
    if hero is None:
        raise err.at("faction", fa.id, "hero", f"unknown unit {fa.hero!r}{_close(fa.hero, units)}", ref=fa.hero)
    if hero.kind != "hero" or hero.faction != fa.id:
        raise err.at("faction", fa.id, "hero", f"{fa.hero!r} is not a hero of faction {fa.id!r}")
    others = [u.id for u in units.values() if u.kind == "hero" and u.faction == fa.id and u.id != fa.hero]
    if others:
        raise err.at("unit", others[0], "kind", f"faction {fa.id!r} already has hero {fa.hero!r}")
    members = [u for u in units.values() if u.kind == "unit" and u.faction == fa.id]
    want = game.faction_units
    causes = err.changes.faction_units(fa.id) if len(members) != want else []
    if causes:
        raise InputError(f"{causes[0]}: faction {fa.id!r} must keep {want} non-elite units ({game.components});"
                         f" found {len(members)} after this overlay"
                         + (f" (also {'; '.join(causes[1:])})" if len(causes) > 1 else "")
                         + "; replace a unit by reusing its id, or drop one with remove = [\"<id>\"]")
    if len(members) != want:
        raise err.at(
            "faction",
            fa.id,
            "units",
            f"a faction has {want} non-elite units ({game.components}); found {len(members)}"
            " (replace a unit by reusing its id, or drop one with remove = [\"<id>\"] in your overlay)",
        )
    _check_faction_tactics(fa, tactics, game, err)


def _check_faction_tactics(fa: Faction, tactics: Mapping[str, Tactic], game: GameFacts, err: _Errors) -> None:
    common = 0
    unique = 0
    for tid in fa.tactics:
        t = tactics.get(tid)
        if t is None:
            raise err.at("faction", fa.id, "tactics", f"unknown tactic {tid!r}{_close(tid, tactics)}", ref=tid)
        if t.faction is None:
            common += 1
        elif t.faction == fa.id:
            unique += 1
        else:
            raise err.at("faction", fa.id, "tactics", f"{tid!r} is unique to faction {t.faction!r}")
    if (common, unique) != game.faction_tactics:
        want_c, want_u = game.faction_tactics
        raise err.at("faction", fa.id, "tactics", f"expected {_count_word(want_c)} common tactics and "
                     f"{_count_word(want_u)} unique tactic{'s' if want_u != 1 else ''}, got {common} and {unique}")


def _check_tactics(tactics: Mapping[str, Tactic], factions: Mapping[str, Faction], err: _Errors) -> None:
    for t in tactics.values():
        if t.faction is not None:
            if t.faction not in factions:
                raise err.at("tactic", t.id, "faction", f"unknown faction {t.faction!r}{_close(t.faction, factions)}")
            if t.id not in factions[t.faction].tactics:
                raise err.at("tactic", t.id, "faction", f"faction {t.faction!r} does not list this tactic in its "
                                                        "tactics")


def _check_titans(titans: Mapping[str, Any], units: Mapping[str, Unit], err: _Errors) -> None:
    """Titans: allies exist and have the right kind."""
    for ti in titans.values():
        if isinstance(ti, RorTitan):
            continue
        assert isinstance(ti, Titan)
        for a in ti.allies:
            au = units.get(a.unit)
            if au is None:
                raise err.at("titan", ti.id, "allies", f"unknown unit {a.unit!r}{_close(a.unit, units)}")
            kind = "titan-ally" if a.troop == "titan" else "arena-unit"
            if au.kind != kind:
                raise err.at("titan", ti.id, "allies", f"{a.unit!r} is a {au.kind}; troop {a.troop!r} allies are "
                                                       f"{kind}s")
        terms = {e.term for row in ti.effects for t in row.tiers for e in t.effects}
        if terms & {"deploy-allies", "allies-act"} and not any(a.troop == "titan" for a in ti.allies):
            raise err.at("titan", ti.id, "effects", "deploy-allies/allies-act need allies with troop = \"titan\"")


def _catalog(factions: dict[str, Any], units: dict[str, Unit], skills: dict[str, Any], tactics: dict[str, Any],
             arenas: dict[str, Any], titans: dict[str, Any], immortals: dict[str, Any], game: GameFacts,
             sources: tuple[str, ...], cards: dict[str, dict[str, Card]]) -> Catalog:
    """The frozen catalog and its hash (of its canonical JSON)."""
    catalog_dict: dict[str, Any] = {
        "factions": factions,
        "units": units,
        "skills": skills,
        "tactics": tactics,
        "arenas": arenas,
        "titans": titans,
        "immortals": immortals,
        "game": game,
    }
    if cards:  # only catalogs with cards hash them: the others' hashes are unchanged
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
