"""Closed vocabularies of the catalog: kinds, classes, provenance, effect terms, priorities, hex tags.

The engine implements exactly these lists; the loader rejects anything else, so a
data file can never ask for behaviour that does not exist. Keep them as small as
the chips need (a new term is a new rule to implement and to write in docs/rulings.md).
"""

from __future__ import annotations

from typing import NamedTuple

COLOURS: tuple[str, ...] = ("yellow", "blue", "green", "black", "red")
"""Attack die colours, weakest first (Remastered, "Attack")."""

CLASSES: tuple[str, ...] = ("archer", "attacker", "beast", "defender", "tactician", "city-gladiator", "brawler",
                             "criminal", "special-gladiator", "spearman")
"""Remastered, "Class": the five unit classes; Rise of Rome's unit types add City Gladiator ("Unit Chip
Glossary": Champion, City Gladiator, Archer, Attacker, Defender, Tactician; a champion is its `kind`). The Lost
Cities adds the Brawler (its "Move and Attack Examples"), `special-gladiator` for a city's three special
gladiators ("Setup": "3 special gladiators, 12 basic gladiators") and `criminal` for arena criminals and
criminal bosses (beasts and beast bosses are `beast`). Origins adds Spearman ("Unit Chip Glossary")."""

KINDS: tuple[str, ...] = (
    "unit",
    "hero",
    "neutral-hero",
    "arena-unit",
    "immortal",
    "titan",
    "titan-ally",
    "sentinel",
    "cf-gladiator",
    "fa-archer",
    "beast",
    "criminal",
    "boss",
    "gladiator",
    "special-gladiator",
    "sea-monster",
    "champion",
    "guardian",
    "wretch",
    # Pandora's Wake, Naumachia (NAU-3, NAU-13, NAU-22): the Sailors of the Dead (solo rival only, NAU-45)
    # and the crocodiles; kinds of their own so that no other mode drafts or fields them.
    "sailor",
    "sailor-hero",
    "crocodile",
)
"""What a unit-like chip is. Heroes, neutral heroes, immortals and titans are elite. Rise of Rome: a city's
champion is its `hero` (not elite there: the older games have no elite rule), `cf-gladiator` the crowd favor
gladiator, `fa-archer` the archer side of a foothold/archer chip. The Lost Cities: `beast`, `criminal` (arena
chips that enter from players' bags, TLC-49) and `boss` (solo and co-op, TLC-63); its CF gladiators are
`cf-gladiator`. Origins: `gladiator` and `special-gladiator` (star icon) chips of the shared draft pool,
`sea-monster` the Atlantis arena's summoned units, `champion` a solo challenger's champion (no faction: the
pool is drafted, not owned). Pandora's Wake, Condemned:
`guardian` (Scylla and Charybdis, arena units fixed on their guardian hexes), `wretch` (a player troop's
Wretch, one chip face per level I-IV)."""

ELITE_KINDS: frozenset[str] = frozenset({"hero", "neutral-hero", "immortal", "titan", "sailor-hero"})
"""Remastered, "Elite": heroes, titans and immortals (a titan's allies are not elite)."""

PROVENANCES: tuple[str, ...] = ("rulebook", "public", "stand-in")
"""Where a value comes from; `rulebook` and `public` need a `source`."""

UNIT_FIELDS: tuple[str, ...] = ("name", "classes", "movement", "range", "health", "attack", "skills")
UNIT_STAT_BOUNDS: dict[str, tuple[int, int]] = {"movement": (0, 8), "range": (1, 8), "health": (1, 40)}
"""The values a chip's Movement, Range and Health may take (inclusive)."""
UNIT_DICE: tuple[int, int] = (1, 12)
"""How many attack dice a chip may have (inclusive)."""
UNIT_MAX_SKILLS = 6
"""The most skills one chip may list."""
SKILL_FIELDS: tuple[str, ...] = ("name", "type", "has_param", "definition")
TACTIC_FIELDS: tuple[str, ...] = ("name", "type", "effects")
FACTION_FIELDS: tuple[str, ...] = ("name", "tactics")
TITAN_FIELDS: tuple[str, ...] = ("dice", "growth", "priority", "allies", "shards", "shard_defeat")
"""Titan card values with provenance: the full titan dice, how they grow (start pool and timing),
the priority list, allies, shard set-up and what a defeated shard does. Effects rows carry their own."""
ARENA_FIELDS: tuple[str, ...] = ("geometry", "tags", "compass")
ROR_TITAN_FIELDS: tuple[str, ...] = ("difficulty", "titan_dice", "range_per_shard", "returns", "summons",
                                     "pillar_health")
"""Rise of Rome titan card values with provenance beyond the unit stats (`[[ror_titan]]`; action rows carry
their own): difficulty stars, titan dice, Attack Range gained per active shard ("1 + X"), whether the titan
goes back to the titan hex when its action order begins, what it summons from, its pillars' Health."""
ROR_TITAN_BLOCKS: tuple[str, ...] = ("movement", "special", "attack")
"""The blocks of a Rise of Rome titan card's action order, in the order they resolve (Oceanus's card:
Movement, Special, Attack; ruling R-ROR-12)."""
ROR_TITAN_ACTIONS: dict[str, str] = {
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
ROR_TITAN_SUMMONS: tuple[str, ...] = ("none", "other-city")
"""Where a Rise of Rome titan's summoned gladiators come from: nowhere, or a city the players do not play
(Oceanus: "another City ... in a random, face-down, pile"; ROR-59)."""

SKILL_TYPES: tuple[str, ...] = ("innate", "ability", "special", "alternate", "pivot")
"""Remastered: innate, ability, special. The older games: innate, ability, alternate (an Alternate Attack,
used instead of the Basic Attack; Rise of Rome, "Unit Chip Glossary"). Pandora's Wake, Naumachia: pivot
(used right after an attack whose roll had a miss, NAU-37)."""
TACTIC_TYPES: tuple[str, ...] = ("permanent", "instant", "temporary")


class Term(NamedTuple):
    """One effect term: its name, what argument it takes (None, "int" or "colour"), its meaning."""

    name: str
    arg: str | None
    meaning: str
    lo: int = 1
    """Smallest number an "int" argument may take."""


EFFECT_TERMS: dict[str, Term] = {
    t.name: t
    for t in (
        # -- tactics (applied to the unit the tactic is played on) --
        Term("extra-dice", "colour", "add one die of the colour to the unit's Attack (Blitz: green)"),
        Term("movement-add", "int", "+N Movement; after movement-set it raises the set value (Rise of Rome note)"),
        Term("movement-set", "int", "Movement becomes N and removes earlier movement-add tactics (Hamstring)", lo=0),
        Term("range-add", "int", "+N Range"),
        Term("reduce-damage", "int", "attack damage the unit is dealt is reduced by N per attack"),
        Term("gain-hp", "int", "the unit gains N HP; gaining may exceed Health"),
        Term("heal", "int", "the unit heals N HP, never above its Health"),
        Term("stun", None, "the unit is fatigued until the start of the acting troop's next turn (one round)"),
        Term("damage", "int", "the unit (tactic) or the target (trigger) is dealt N damage; not attack damage"),
        Term("damage-adjacent", "int",
             "each opponent adjacent to the unit (tactic) or to this rival is dealt N damage"),
        # -- immortal triggers and titan effects --
        Term("displace-target", None, "displace the target to an adjacent hex of the players' choice"),
        Term("allies-gain-hp", "int", "each ally of this rival in combat gains N HP (may exceed Health)"),
        Term("deploy-arena-unit", None, "the arena deploys a random unit from its camp if under its unit limit"),
        Term("attack", None, "the titan attacks its highest-priority target in Range with its Attack"),
        Term("advance", None, "roll an arena die; move up to the titan's advance table value, marking by priority"),
        Term("smite", "int", "N times: roll an arena die; attack the highest-priority target within the smite table "
                             "value"),
        Term("toss", None, "deal 1 damage to an adjacent target and displace it to a hex exactly 3 hexes away"),
        Term("arena-turn", None, "an arena turn follows the player turn this round (the titan's sentinels act)"),
        Term("deploy-allies", None, "deploy one titan-troop ally not in combat on an available hex adjacent to the "
                                    "titan"),
        Term("allies-act", None, "each titan-troop ally in combat that is not dazed moves and attacks by the priority "
                                 "list"),
        # -- shard events --
        Term("become-sentinel", None, "the defeated shard is replaced by a sentinel of the titan's troop on its "
                                      "pedestal"),
        Term("shard-flip", "int", "the shard flips and gains N HP of the opposite colour (none in supply: defeated, "
                                  "reverts)"),
        Term("titan-lose-hp", "int", "the titan loses N HP"),
    )
}

PRIORITIES: dict[str, str] = {
    "opponent-on-stone": "an opponent on a stone hex",
    "hero": "a hero (faction or neutral)",
    "strongest": "the opponent with the most HP",
    "weakest": "the opponent with the fewest HP",
    "closest": "the closest opponent",
    "farthest": "the farthest opponent",
    "deadliest": "the opponent with the most attack dice after modifiers",
    "least-deadly": "the opponent with the fewest attack dice after modifiers",
    "fastest": "the opponent with the highest Movement after modifiers",
    "slowest": "the opponent with the lowest Movement after modifiers",
    "shardholder": "an opposing unit with a shard equipped",
    "shard": "a shard with red HP (rivals mark and target those)",
    "sentinel": "an opposing sentinel",
    "opponent": "any opponent",
}
"""Rival priority list entries (Remastered, "Rival Turns", UNIT-9)."""

DICE_GROWTH: dict[str, str] = {
    "never": "the titan dice never change",
    "round": "one die from `grow` is added, in order, at the start of each titan turn after the first",
    "shard-defeated": "one die from `grow` is added, in order, whenever a shard is defeated",
}

HEX_TAGS: dict[str, str] = {
    "deploy-red": "deployment hex of the red side (Pozzuoli)",
    "deploy-blue": "deployment hex of the blue side (Pozzuoli)",
    "stone": "stone hex (Pozzuoli)",
    "center": "center deployment hex, any troop; 1 damage at the start of its troop's turn (Colosseum)",
    "inner": "inner deployment hex, any troop; units there cannot attack, skills ignored (Colosseum)",
    "outer-red": "outer deployment hex of the red side (Colosseum)",
    "outer-blue": "outer deployment hex of the blue side (Colosseum)",
    "pedestal": "pedestal: only sentinels may occupy it (Colosseum)",
    "chained-hero-red": "hex where the red hero is chained in Skirmish (Colosseum)",
    "chained-hero-blue": "hex where the blue hero is chained in Skirmish (Colosseum)",
    "blocked": "a hex no unit may enter",
    "champion-red": "a starting hex of the red champion (Rise of Rome: two per side)",
    "champion-blue": "a starting hex of the blue champion (Rise of Rome: two per side)",
    "champion-start": "a starting hex any champion may choose (The Lost Cities: nine)",
    **{f"trapdoor-{n}": f"trapdoor hex number {n}, where beasts and criminals enter (The Lost Cities)"
       for n in range(1, 7)},
    "arena": "an arena hex (Origins: Xanadu's summit hexes, Elevated and points; Atlantis's, where the Spear starts)",
    "arena-red": "El Dorado: the red player's arena hex (the blue player delivers its Tribute there)",
    "arena-blue": "El Dorado: the blue player's arena hex (the red player delivers its Tribute there)",
    "tribute-red": "El Dorado: where the red player's Tribute starts",
    "tribute-blue": "El Dorado: where the blue player's Tribute starts",
    # Pandora's Wake, Condemned Mode, "Arena Mat" (Fa Mel Prison)
    "guardian-red": "the red guardian hex: only a guardian may stand there (Fa Mel Prison)",
    "guardian-blue": "the blue guardian hex: only a guardian may stand there (Fa Mel Prison)",
    "escape-red": "the escape hex on the red side, blue's goal: only Wretches may enter (Fa Mel Prison)",
    "escape-blue": "the escape hex on the blue side, red's goal: only Wretches may enter (Fa Mel Prison)",
    "chain-red": "where the red Wretch (or champion) starts; otherwise a plain hex (Fa Mel Prison)",
    "chain-blue": "where the blue Wretch (or the solo champion) starts; otherwise a plain hex (Fa Mel Prison)",
    "key": "a key hex (Fa Mel Prison); its value is its key-1, key-2 or key-3 tag",
    "key-1": "key hex value 1 (one icon)",
    "key-2": "key hex value 2 (two icons)",
    "key-3": "key hex value 3 (three icons)",
    "alert": "past the alert line, on the red solo player's escape side (Fa Mel Prison, CON-11)",
    # Pandora's Wake, Naumachia Mode, "Arena Mat" (Flooded Colosseum)
    "platform": "a platform: units may stand there, ships and crocodiles never (Flooded Colosseum, NAU-6)",
    "ship-start": "a ship starting hex (Flooded Colosseum, NAU-5)",
    "ship-start-red": "a starting hex of a red ship (Flooded Colosseum; the split by side is ruling R-PW-15)",
    "ship-start-blue": "a starting hex of a blue ship (Flooded Colosseum; the split by side is ruling R-PW-15)",
    "croc-start": "a crocodile starting hex (Flooded Colosseum, NAU-4)",
}

ARENA_RULE_COUNTS: dict[str, dict[str, dict[str, int]]] = {
    "remastered": {
        # Remastered, "Arenas": POZZUOLI ARENA.
        "pozzuoli": {"deploy-red": 6, "deploy-blue": 6, "stone": 2},
        # Remastered, "Arenas": THE COLOSSEUM (inner hexes: at least one, count not given).
        "colosseum": {
            "center": 1,
            "outer-red": 2,
            "outer-blue": 2,
            "chained-hero-red": 1,
            "chained-hero-blue": 1,
            "pedestal": 4,
        },
        # Pandora's Wake, Condemned Mode, "Arena Mat" and "Deployment Hexes": FA MEL PRISON (the split of the
        # six key hexes by value is not given).
        "fa-mel-prison": {
            "guardian-red": 1,
            "guardian-blue": 1,
            "escape-red": 1,
            "escape-blue": 1,
            "chain-red": 1,
            "chain-blue": 1,
            "key": 6,
            "deploy-red": 4,
            "deploy-blue": 4,
        },
        # Pandora's Wake, Naumachia Mode, "Arena Mat": FLOODED COLOSSEUM (four crocodile starting hexes, four
        # ship starting hexes; platforms and deployment hexes are not counted in the book).
        "flooded-colosseum": {
            "croc-start": 4,
            "ship-start": 4,
        },
    },
    "rise-of-rome": {
        # Rise of Rome, "Board Glossary": 4 champion hexes (2 a side), 4 pedestals, 2 outer deployment hexes a
        # side, the titan hex (tag "center": any troop deploys there, 1 damage at the start of its turn), 6 inner.
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
    "lost-cities": {
        # The Lost Cities, "Board Glossary": 9 champion start hexes, 2 crowd favor stones, 6 deployment hexes
        # per player at the start (12 in all), 6 numbered trapdoors.
        "pozzuoli": {
            "champion-start": 9,
            "stone": 2,
            "deploy-red": 6,
            "deploy-blue": 6,
            **{f"trapdoor-{n}": 1 for n in range(1, 7)},
        },
    },
    "origins": {
        # Origins, "Board Glossary" and the arena objectives: each player uses the four (Xanadu) or three
        # (Atlantis) deployment hexes nearest it; El Dorado has four a side, one arena hex and one Tribute each.
        "xanadu": {"deploy-red": 4, "deploy-blue": 4},
        "el-dorado": {"deploy-red": 4, "deploy-blue": 4, "arena-red": 1, "arena-blue": 1, "tribute-red": 1,
                      "tribute-blue": 1},
        "atlantis": {"deploy-red": 3, "deploy-blue": 3},
    },
}
"""Hex counts the rulebooks fix, per rule set and arena id (checked on load)."""


COMPASS_DIRECTIONS: tuple[str, ...] = ("e", "ne", "nw", "w", "sw", "se")
"""Hex directions for the compass (pointy-top hexes, rows left to right)."""
