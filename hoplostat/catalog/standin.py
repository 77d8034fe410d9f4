"""The stand-in method (data/README.md) as code: class templates and the stat budget.

Stand-in values are checked against these so they stay plausible for their class;
values with provenance rulebook/public are never checked (they are what they are).
"""

from __future__ import annotations

from dataclasses import dataclass

from hoplostat.catalog.model import Unit

PIPS = {"yellow": 2, "blue": 3, "green": 4, "black": 5, "red": 6}
"""Hit faces per die colour (Remastered, "Attack")."""


@dataclass(frozen=True)
class Template:
    """Allowed ranges (inclusive) for stand-in values of one class or kind."""

    movement: tuple[int, int]
    range: tuple[int, int]
    health: tuple[int, int]
    dice: tuple[int, int]
    pips: tuple[int, int]


CLASS_TEMPLATES: dict[str, Template] = {
    "attacker": Template((2, 3), (1, 1), (3, 5), (2, 3), (7, 12)),
    "defender": Template((1, 2), (1, 1), (5, 7), (1, 2), (3, 8)),
    "archer": Template((1, 2), (2, 4), (2, 4), (1, 2), (4, 8)),
    "beast": Template((2, 4), (1, 1), (4, 6), (1, 2), (5, 9)),
    "tactician": Template((2, 3), (1, 2), (3, 4), (1, 2), (3, 7)),
}
"""Non-elite faction units, by their first class."""

KIND_TEMPLATES: dict[str, Template] = {
    "hero": Template((2, 3), (1, 3), (7, 10), (3, 4), (11, 17)),
    "neutral-hero": Template((2, 3), (1, 3), (7, 10), (3, 4), (11, 17)),
    "arena-unit": Template((1, 4), (1, 3), (3, 7), (1, 3), (3, 10)),
    "immortal": Template((1, 3), (1, 2), (6, 10), (3, 4), (10, 18)),
    "titan": Template((0, 2), (1, 3), (14, 24), (2, 4), (10, 18)),
    "titan-ally": Template((0, 2), (1, 2), (3, 8), (1, 3), (4, 10)),
    "sentinel": Template((0, 0), (4, 4), (3, 5), (1, 2), (4, 10)),
}
"""Elite and arena chips, by kind (rule sets add theirs: `register_kind_templates`)."""


def register_kind_templates(templates: dict[str, Template]) -> None:
    """Stand-in templates of the kinds a rule set registered (`vocab.register`), from its `vocab.py`."""
    KIND_TEMPLATES.update(templates)


BUDGETS: dict[str, tuple[int, int]] = {"unit": (20, 26), "hero": (36, 46), "neutral-hero": (36, 46),
                                       "arena-unit": (17, 26)}
"""Stat budget window per kind (kinds not listed have no budget, only templates)."""


def pips(unit: Unit) -> int:
    return sum(n * h for n, h in zip(unit.attack.counts, PIPS.values()))


def budget(unit: Unit) -> int:
    """Stat budget: 2*Health + attack pips + 2*Movement + 3*(Range-1) + 2 per skill."""
    return 2 * unit.health + pips(unit) + 2 * unit.movement + 3 * (unit.range - 1) + 2 * len(unit.skills)


def template_for(unit: Unit) -> Template:
    if unit.kind == "unit":
        return CLASS_TEMPLATES[unit.classes[0]]
    if unit.kind not in KIND_TEMPLATES:
        from hoplostat.catalog import vocab

        vocab.kinds()  # imports the rule sets, which register their kinds' templates
    return KIND_TEMPLATES[unit.kind]


def problems(unit: Unit) -> list[str]:
    """Ways a chip's stand-in values break the method; empty if it respects it (or has no stand-ins)."""
    if not unit.is_stand_in:
        return []
    out: list[str] = []
    t = template_for(unit)
    stand_in = set(unit.stand_in_fields)
    checks = {
        "movement": (unit.movement, t.movement),
        "range": (unit.range, t.range),
        "health": (unit.health, t.health),
    }
    for fld, (value, (lo, hi)) in checks.items():
        if fld in stand_in and not lo <= value <= hi:
            out.append(f"{fld} {value} outside {lo}..{hi}")
    if "attack" in stand_in:
        if not t.dice[0] <= unit.attack.size <= t.dice[1]:
            out.append(f"attack has {unit.attack.size} dice, outside {t.dice[0]}..{t.dice[1]}")
        if not t.pips[0] <= pips(unit) <= t.pips[1]:
            out.append(f"attack pips {pips(unit)} outside {t.pips[0]}..{t.pips[1]}")
        if unit.kind in ("unit", "hero") and unit.attack.counts[4]:
            out.append("stand-in faction chips do not use the single red die")
    if "skills" in stand_in and "tactician" in unit.classes and unit.kind == "unit" and not unit.has_skill("tactical"):
        out.append("a stand-in Tactician has the skill Tactical (Remastered, Class)")
    if unit.kind in BUDGETS:
        lo, hi = BUDGETS[unit.kind]
        b = budget(unit)
        if not lo <= b <= hi:
            out.append(f"budget {b} outside {lo}..{hi}")
    return out


def chip_flags(catalog, factions=(), immortals=(), titans=(), chips=()) -> dict[str, tuple[str, bool]]:
    """The chips a result used, as id -> (kind, carries a stand-in value): each faction's units and hero,
    the immortals faced, the titans faced with the allies they bring, and `chips`, ids of single chips
    (a unit, hero, immortal or titan on its own, or a card of `Catalog.cards`, kind "<table> card"; ids the
    catalog does not hold, such as inline duel specs, are no chips). A titan or immortal counts as stand-in when
    any of its values is one (stats, dice,
    effects, triggers)."""
    flags: dict[str, tuple[str, bool]] = {}

    def add(cid: str) -> None:
        if cid in catalog.titans:
            flags[cid] = ("titan", catalog.titans[cid].stand_in_count > 0)
        elif cid in catalog.immortals:
            flags[cid] = ("immortal", catalog.immortals[cid].stand_in_count > 0)
        elif cid in catalog.units:
            u = catalog.units[cid]
            flags[cid] = (u.kind, u.is_stand_in)
        else:  # a card a mode plays (`Catalog.cards`: a solo mode's trial cards), counted like a chip
            for table, entries in getattr(catalog, "cards", {}).items():
                if cid in entries:
                    flags[cid] = (f"{table} card", entries[cid].is_stand_in)
                    break

    for f in factions:
        if f in catalog.factions:
            for u in catalog.faction_units(f, include_hero=True):
                add(u.id)
    for i in immortals:
        if i in catalog.immortals:
            add(i)
    for t in titans:
        if t in catalog.titans:
            add(t)
            for a in catalog.titans[t].allies:
                add(a.unit)
    for c in chips:
        add(c)
    return flags


def share_of(*flags: dict[str, tuple[str, bool]]) -> dict:
    """The stand-in share of chips given by `chip_flags` (of one result, or of several read with their own
    catalogs: a chip then counts as stand-in when it carries a stand-in value in any of them): `chips`,
    `stand_in`, `share` (0..1, None without chips), `by_kind` ({kind: {chips, stand_in}}) and the
    `stand_in_ids` (sorted). Every `stand_ins` object of the CLI's JSON has this shape."""
    merged: dict[str, tuple[str, bool]] = {}
    for f in flags:
        for cid, (kind, stand_in) in f.items():
            merged[cid] = (kind, stand_in or merged.get(cid, (kind, False))[1])
    by_kind: dict[str, dict[str, int]] = {}
    for kind, stand_in in merged.values():
        k = by_kind.setdefault(kind, {"chips": 0, "stand_in": 0})
        k["chips"] += 1
        k["stand_in"] += stand_in
    n = len(merged)
    m = sum(s for _, s in merged.values())
    return {"chips": n, "stand_in": m, "share": m / n if n else None, "by_kind": by_kind,
            "stand_in_ids": sorted(c for c, (_, s) in merged.items() if s)}


def stand_in_share(catalog, factions=(), immortals=(), titans=(), chips=()) -> dict:
    """How much of a result rests on stand-ins: `share_of` the chips it used (`chip_flags`: each faction's
    units and hero, the immortals faced, the titans faced with the allies they bring, single `chips`)."""
    return share_of(chip_flags(catalog, factions, immortals, titans, chips))
