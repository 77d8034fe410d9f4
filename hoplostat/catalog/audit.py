"""How much of the catalog is stand-in: counts per faction and per kind.

A "value" is one provenance field (a unit's Movement, a tactic's effects, a
titan's priority list, one row of a titan's effects table...). A chip counts as
a stand-in chip when any of its values is a stand-in.
"""

from __future__ import annotations

from typing import Any

from hoplostat.catalog import vocab

Catalog = Any
"""A `catalog.model.Catalog` (not imported: the model does not depend on its audit, nor the audit on it)."""


def value_counts(catalog: Catalog, kind: str, entry_id: str) -> tuple[int, int]:
    """(values, stand-in values) of one entry; `kind` is a unit kind or skill/tactic/faction/arena."""
    if kind in vocab.kinds():
        u = catalog.units[entry_id]
        n, s = len(u.provenance), len(u.stand_in_fields)
        if kind == "immortal":
            im = catalog.immortals[entry_id]
            n += len(im.triggers)
            s += sum(t.provenance == "stand-in" for t in im.triggers)
        elif kind == "titan":
            ti = catalog.titans[entry_id]
            n += len(ti.provenance) + len(ti.effects) + len(ti.arena_die)
            s += ti.stand_in_count - len(u.stand_in_fields)
        return n, s
    obj = {"skill": catalog.skills, "tactic": catalog.tactics, "faction": catalog.factions,
           "arena": catalog.arenas}[kind][entry_id]
    return len(obj.provenance), len(obj.stand_in_fields)


def _entries(catalog: Catalog) -> list[tuple[str, str, str | None]]:
    """(kind, id, faction) for every entry."""
    out: list[tuple[str, str, str | None]] = [(u.kind, u.id, u.faction) for u in catalog.units.values()]
    out += [("skill", s, None) for s in catalog.skills]
    out += [("tactic", t.id, t.faction) for t in catalog.tactics.values()]
    out += [("faction", f, f) for f in catalog.factions]
    out += [("arena", a, None) for a in catalog.arenas]
    return out


def audit(catalog: Catalog) -> dict[str, Any]:
    """Stand-in counts: `by_faction` and `by_kind` rows, `total`, and the catalog hash."""
    by_kind: dict[str, list[int]] = {}
    by_faction: dict[str, list[int]] = {f: [0, 0, 0, 0] for f in catalog.factions}
    total = [0, 0, 0, 0]
    for kind, eid, faction in _entries(catalog):
        n, s = value_counts(catalog, kind, eid)
        row = [1, int(s > 0), n, s]
        groups = [by_kind.setdefault(kind, [0, 0, 0, 0]), total]
        if faction is not None and faction in by_faction:
            groups.append(by_faction[faction])
        for g in groups:
            for i, x in enumerate(row):
                g[i] += x

    def rows(d: dict[str, list[int]]) -> list[dict[str, Any]]:
        return [
            {"group": k, "entries": v[0], "stand_in_entries": v[1], "values": v[2], "stand_in_values": v[3]}
            for k, v in d.items()
        ]

    order = [k for k in (*vocab.kinds(), "skill", "tactic", "faction", "arena") if k in by_kind]
    return {
        "by_faction": rows(by_faction),
        "by_kind": rows({k: by_kind[k] for k in order}),
        "total": rows({"total": total})[0],
        "hash": catalog.hash,
    }
