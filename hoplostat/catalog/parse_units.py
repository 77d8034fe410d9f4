"""Parse the chip tables of a data file: `[[unit]]`, `[[skill]]`, `[[tactic]]`, `[[faction]]`,
`[[immortal]]`, and the unit stats every unit-like table shares (`unit`)."""

from __future__ import annotations

from collections.abc import Sequence

from hoplostat.catalog import vocab
from hoplostat.catalog.fields import MISSING as _MISSING
from hoplostat.catalog.fields import SLUG_RE as _SLUG_RE
from hoplostat.catalog.fields import UNIT_ID_RE as _UNIT_ID_RE
from hoplostat.catalog.fields import Fields as _Fields
from hoplostat.catalog.fields import effects as _effects
from hoplostat.catalog.fields import needs_source as _needs_source
from hoplostat.catalog.fields import note as _note
from hoplostat.catalog.fields import pool as _pool
from hoplostat.catalog.fields import provenance as _provenance
from hoplostat.catalog.fields import show as _show
from hoplostat.catalog.fields import source as _source
from hoplostat.catalog.model import Faction, FrozenMap, Immortal, Skill, SkillRef, Tactic, Trigger, Unit


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


def unit_stats(f: _Fields, kind: str | None = None, extra_prov: Sequence[str] = ()) -> tuple[Unit, FrozenMap[str]]:
    raw = f.raw
    if kind is None:
        kind = f.str_("kind", choices=vocab.kinds())
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
    classes = f.str_list("classes", choices=vocab.classes(), lo=1, hi=3)
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
        elite=kind in vocab.elite_kinds(),
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
        type=f.str_("type", choices=vocab.skill_types()),
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
        # A faction without a hero is a house: a seat of a game whose chips are drafted from a shared pool;
        # it owns no chip. A city may list up to 8 tactics (The Lost Cities).
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
    unit, _ = unit_stats(f)
    if unit.kind in ("immortal", "titan"):
        raise f.err("kind", f"write {unit.kind}s as [[{unit.kind}]] entries (they carry their rules)")
    f.finish()
    return unit


def _parse_immortal(f: _Fields) -> Immortal:
    unit, _ = unit_stats(f, "immortal")
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
