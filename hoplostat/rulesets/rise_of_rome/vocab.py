"""Rise of Rome's catalog terms: City Gladiator, the Alternate Attack skill type, the crowd favor gladiator
and foothold archer kinds, the champion hexes and the Colosseum's hex counts, and its titan cards
(`[[ror_titan]]`: the vocabulary of their action order and their parser), registered into `catalog.vocab`."""

from __future__ import annotations

from hoplostat.catalog import vocab
from hoplostat.catalog.fields import Fields, note, pool, source
from hoplostat.catalog.model import RorTitan, TitanAction
from hoplostat.catalog.parse_units import unit_stats
from hoplostat.rulesets.rise_of_rome.base import RULESET

TITAN_FIELDS: tuple[str, ...] = ("difficulty", "titan_dice", "range_per_shard", "returns", "summons",
                                     "pillar_health")
"""Rise of Rome titan card values with provenance beyond the unit stats (`[[ror_titan]]`; action rows carry
their own): difficulty stars, titan dice, Attack Range gained per active shard ("1 + X"), whether the titan
goes back to the titan hex when its action order begins, what it summons from, its pillars' Health."""
TITAN_BLOCKS: tuple[str, ...] = ("movement", "special", "attack")
"""The blocks of a Rise of Rome titan card's action order, in the order they resolve (Oceanus's card:
Movement, Special, Attack; ruling R-ROR-12)."""
TITAN_ACTIONS: dict[str, str] = {
    "move-d6": "move up to N hexes (arg, default 1) in the direction of a d6 roll (Die Legend), if possible",
    "move-toward": "move up to N hexes (arg) toward the closest > weakest opposing unit (shortest route)",
    "call-forth": "summon a gladiator from the pile onto the titan hex (occupied: the first free inner hex "
                  "clockwise from a d6)",
    "greater-call-forth": "summon a CF gladiator onto the titan hex if one is available, otherwise two gladiators",
    "basic-attack": "a Basic Attack with the card's attack dice on the closest > weakest opposing unit in Attack Range",
    "tidal-wave": "roll a d6: units on that line are drawn toward the titan; then 1 damage to every opposing "
                  "unit within 1 + X hexes",
    "quake": "N damage (arg, default 1) to every opposing unit within Attack Range",
    "trident-stun": "stun the closest unit holding a titan shard (anywhere)",
    "trident-storm": "stun every unit holding a titan shard",
}
"""What a Rise of Rome titan's action order rows may do (`rulesets.rise_of_rome.titan`)."""
TITAN_SUMMONS: tuple[str, ...] = ("none", "other-city")
"""Where a Rise of Rome titan's summoned gladiators come from: nowhere, or a city the players do not play
(Oceanus: "another City ... in a random, face-down, pile"; ROR-59)."""


def parse_titan_card(f: Fields) -> RorTitan:
    """A Rise of Rome titan card (Rise of Rome, "Example Titan Card: Oceanus"): the unit stats (`range` is
    the base Attack Range, `attack` the Basic Attack dice), `difficulty`, `titan_dice`, `range_per_shard`,
    `returns`, `summons`, `pillar_health` and the `[[ror_titan.actions]]` rows (block, hits, action, arg,
    provenance). Rows of a block are listed as the card lists them."""
    unit, tprov = unit_stats(f, "titan", TITAN_FIELDS)
    dice = pool(f, "titan_dice", 1, 8)
    actions: list[TitanAction] = []
    for af in f.tables("actions", lo=1, hi=12):
        block = af.str_("block", choices=TITAN_BLOCKS)
        if actions and TITAN_BLOCKS.index(block) < TITAN_BLOCKS.index(actions[-1].block):
            raise af.err("block", f"blocks come in card order ({', '.join(TITAN_BLOCKS)})")
        hits = pool(af, "hits", 1, 8)
        action = af.str_("action", choices=TITAN_ACTIONS)
        arg = af.int_("arg", 1, 6) if "arg" in af.t else None
        prov = af.str_("provenance", choices=vocab.PROVENANCES)
        actions.append(TitanAction(block, hits, action, arg, prov, source(af, False), note(af)))
        af.finish()
    t = RorTitan(
        id=unit.id, unit=unit, difficulty=f.int_("difficulty", 1, 3), titan_dice=dice,
        range_per_shard=f.int_("range_per_shard", 0, 3), returns=f.bool_("returns"),
        summons=f.str_("summons", choices=TITAN_SUMMONS), pillar_health=f.int_("pillar_health", 1, 12),
        actions=tuple(actions), provenance=tprov, source=unit.source, note=unit.note)
    f.finish()
    return t


vocab.register(
    RULESET,
    classes={
        "city-gladiator": 'Rise of Rome, "Unit Chip Glossary": City Gladiator (a champion is its `kind`)',
    },
    skill_types={
        "alternate": 'an Alternate Attack, used instead of the Basic Attack (Rise of Rome, "Unit Chip Glossary")',
    },
    kinds={
        "cf-gladiator": "the crowd favor gladiator of a city",
        "fa-archer": "the archer side of a foothold/archer chip",
    },
    hex_tags={
        "champion-red": "a starting hex of the red champion (Rise of Rome: two per side)",
        "champion-blue": "a starting hex of the blue champion (Rise of Rome: two per side)",
    },
    arena_counts={
        # "Board Glossary": 4 champion hexes (2 a side), 4 pedestals, 2 outer deployment hexes a side, the
        # titan hex (tag "center": any troop deploys there, 1 damage at the start of its turn), 6 inner.
        "colosseum": {
            "center": 1,
            "inner": 6,
            "outer-red": 2,
            "outer-blue": 2,
            "champion-red": 2,
            "champion-blue": 2,
            "pedestal": 4,
        },
    },
)
vocab.register_table("ror_titan", parse_titan_card)
