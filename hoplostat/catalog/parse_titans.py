"""Parse a Remastered titan's reference card (`[[titan]]`): its dice and their growth, effect rows by die
colour and hits, priority list, allies, shard set-up and arena die tables."""

from __future__ import annotations

from hoplostat.catalog import vocab
from hoplostat.catalog.fields import SLUG_RE as _SLUG_RE
from hoplostat.catalog.fields import Fields as _Fields
from hoplostat.catalog.fields import effects as _effects
from hoplostat.catalog.fields import note as _note
from hoplostat.catalog.fields import pool as _pool
from hoplostat.catalog.fields import show as _show
from hoplostat.catalog.fields import source as _source
from hoplostat.catalog.model import (
    ArenaDieTable,
    FrozenMap,
    ShardSetup,
    Tier,
    Titan,
    TitanAlly,
    TitanDice,
    TitanEffect,
)
from hoplostat.catalog.parse_units import unit_stats


def _parse_titan(f: _Fields) -> Titan:
    unit, tprov = unit_stats(f, "titan", vocab.TITAN_FIELDS)
    dice = _titan_dice(f)
    effects = _titan_effects(f, dice)
    priority = f.str_list("priority", choices=vocab.PRIORITIES, lo=1, hi=6)
    allies = _titan_allies(f)
    shards = _titan_shards(f)
    tables = _arena_die_tables(f)
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
        effects=effects,
        priority=priority,
        allies=allies,
        shards=shards,
        arena_die=FrozenMap(tables),
        provenance=tprov,
        source=unit.source,
        note=note,
    )


def _titan_dice(f: _Fields) -> TitanDice:
    """`[titan.dice]`: the start pool, the dice it grows by and when."""
    df = f.table("dice")
    start = _pool(df, "start", 1, 10)
    grow = df.str_list("grow", default=[], choices=vocab.COLOURS, hi=6, unique=False)
    grow_when = df.str_("grow_when", choices=vocab.DICE_GROWTH)
    if (grow_when == "never") != (not grow):
        raise df.err("grow_when", 'use "never" exactly when `grow` is empty')
    df.finish()
    return TitanDice(start, grow, grow_when)


def _titan_effects(f: _Fields, dice: TitanDice) -> tuple[TitanEffect, ...]:
    """`[[titan.effects]]`: one row per die colour of the full titan dice, its tiers by increasing hits."""
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
    return tuple(effects)


def _titan_allies(f: _Fields) -> tuple[TitanAlly, ...]:
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
    return tuple(allies)


def _titan_shards(f: _Fields) -> ShardSetup:
    """`[titan.shards]`: how the shards start, their HP, whether they are equipped and their effects."""
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
    return shards


def _arena_die_tables(f: _Fields) -> dict[str, ArenaDieTable]:
    """`[[titan.arena_die]]`: the advance and smite tables (arena die face -> value)."""
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
    return tables
