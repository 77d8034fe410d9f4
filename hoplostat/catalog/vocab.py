"""Vocabularies of the catalog: what the format itself needs, and registries the rule sets fill.

The format's own terms live here: die colours, provenances, field lists and bounds, the core kinds the
loader's checks rely on (faction units and heroes, immortals, titans and their allies, sentinels), and the
Remastered effect terms, rival priorities and titan dice growth the `[[tactic]]`, `[[immortal]]` and
`[[titan]]` tables are written in. Every other term -- a rule set's unit kinds, classes, skill types, hex
tags, the hex counts its rulebook fixes per arena, the tables and `[game]` lists only it reads -- is
registered by that rule set (`rulesets/<book>/vocab.py` calls `register`, `register_table`,
`register_game_list`) when it is imported. Readers ask the getters (`kinds()`, `hex_tags()` ...) or the old
names (`vocab.KINDS`, `vocab.HEX_TAGS` ...), which load the installed rule sets first, so the loader sees
every term before it validates. The engine implements exactly these terms; the loader rejects anything else,
so a data file can never ask for behaviour that does not exist. Keep them as small as the chips need (a new
term is a new rule to implement and to write in docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

COLOURS: tuple[str, ...] = ("yellow", "blue", "green", "black", "red")
"""Attack die colours, weakest first (Remastered, "Attack")."""

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

COMPASS_DIRECTIONS: tuple[str, ...] = ("e", "ne", "nw", "w", "sw", "se")
"""Hex directions for the compass (pointy-top hexes, rows left to right)."""


# --- core kinds: the ones the loader's own checks name ------------------------------------

CORE_KINDS: dict[str, str] = {
    "unit": "a faction's non-elite unit (id \"<faction>/<slug>\")",
    "hero": "a faction's hero (elite in Remastered)",
    "neutral-hero": "a hero of no faction (elite)",
    "arena-unit": "a unit of the arena's troop (a titan's arena allies)",
    "immortal": "an immortal, written as an [[immortal]] entry with its triggers (elite)",
    "titan": "a titan, written as a [[titan]] entry with its reference card (elite)",
    "titan-ally": "a unit of a titan's own troop",
    "sentinel": "the sentinel stat line (one per catalog)",
}
"""What a unit-like chip is, as far as the catalog format itself goes (Remastered, "Elite": heroes,
titans and immortals are elite; a titan's allies are not). Rule sets register more (`register`)."""

CORE_ELITE_KINDS: frozenset[str] = frozenset({"hero", "neutral-hero", "immortal", "titan"})
"""Remastered, "Elite": heroes, titans and immortals (a titan's allies are not elite)."""


# --- registries ---------------------------------------------------------------------------

_KINDS: dict[str, str] = dict(CORE_KINDS)
_ELITE: set[str] = set(CORE_ELITE_KINDS)
_CLASSES: dict[str, str] = {}
_SKILL_TYPES: dict[str, str] = {}
_HEX_TAGS: dict[str, str] = {}
_ARENA_COUNTS: dict[str, dict[str, dict[str, int]]] = {}
_TABLES: dict[str, Callable[[Any], Any]] = {}
_GAME_LISTS: dict[str, tuple[tuple[str, ...], int]] = {}
_OWNERS: dict[tuple[str, str], set[str]] = {}
"""(registry, term) -> the rule sets that registered it."""
_ORDER: dict[str, dict[str, str]] = {}
"""Registry -> its terms in their fixed order (`_ordered`), until a rule set adds a term to it."""


def _add(registry: str, target: dict[str, str], ruleset: str, terms: Mapping[str, str] | None) -> None:
    """Add `terms` (term -> its meaning) to `target`; a term another rule set gave already keeps its place
    and its meaning (rule sets that share a term, as the older games share their crowd favor gladiators,
    may each register it)."""
    _ORDER.pop(registry, None)
    for name, meaning in (terms or {}).items():
        target.setdefault(name, meaning)
        if name not in CORE_KINDS or registry != "kinds":
            _OWNERS.setdefault((registry, name), set()).add(ruleset)


def register(ruleset: str, *, kinds: Mapping[str, str] | None = None, elite_kinds: tuple[str, ...] = (),
             classes: Mapping[str, str] | None = None, skill_types: Mapping[str, str] | None = None,
             hex_tags: Mapping[str, str] | None = None,
             arena_counts: Mapping[str, Mapping[str, int]] | None = None) -> None:
    """A rule set's terms, each with its meaning (rule ids in the text): unit kinds (`elite_kinds` among
    them are elite), unit classes, skill types, hex tags, and the hex counts its rulebook fixes per arena
    id (checked on load for catalogs of that rule set). Registering a term again is harmless."""
    _add("kinds", _KINDS, ruleset, kinds)
    unknown = set(elite_kinds) - set(_KINDS)
    if unknown:
        raise ValueError(f"elite kinds {sorted(unknown)} are not registered kinds")
    _ELITE.update(elite_kinds)
    _add("classes", _CLASSES, ruleset, classes)
    _add("skill types", _SKILL_TYPES, ruleset, skill_types)
    _add("hex tags", _HEX_TAGS, ruleset, hex_tags)
    for arena, counts in (arena_counts or {}).items():
        _ARENA_COUNTS.setdefault(ruleset, {})[arena] = dict(counts)


def register_table(table: str, parser: Callable[[Any], Any]) -> None:
    """The parser of an entry table a rule set owns (one of `loader.ENTRY_TABLES`): it takes the entry's
    `fields.Fields` and returns the entry (the loader validates and merges it like the others)."""
    _TABLES[table] = parser


def register_game_list(key: str, choices: tuple[str, ...], hi: int) -> None:
    """A list of terms (from `choices`, at most `hi`) that `[game]` may give under `key`, read by a rule
    set's mode as `GameFacts.lists[key]` (an empty list when the box does not give it)."""
    _GAME_LISTS[key] = (tuple(choices), hi)


def _ordered(registry: str, target: dict[str, str]) -> dict[str, str]:
    """`target` in a fixed order whatever order the rule sets were imported in: the format's own terms,
    then Remastered's (the base game), then the other rule sets' by id, each in the order it gave them (a
    term several rule sets registered goes with the first of them by id)."""
    def rank(item: tuple[int, str]) -> tuple[int, str, int]:
        i, term = item
        who = _OWNERS.get((registry, term))
        if not who:
            return (0, "", i)
        first = "remastered" if "remastered" in who else min(who)
        return (1 if first == "remastered" else 2, first, i)

    got = _ORDER.get(registry)
    if got is None:  # sorted once per registration, not at every read (the loader reads per chip)
        got = _ORDER[registry] = {term: target[term] for _, term in sorted(enumerate(target), key=rank)}
    return got


def _discover() -> None:
    """Import the installed rule sets (once), so every registry is full before it is read."""
    from hoplostat.engine.registry import discover

    discover()


def kinds() -> tuple[str, ...]:
    """Every unit kind: the core ones, then Remastered's, then the other rule sets' (by id)."""
    _discover()
    return tuple(_ordered("kinds", _KINDS))


def kind_meanings() -> dict[str, str]:
    """Unit kind -> its meaning."""
    _discover()
    return dict(_ordered("kinds", _KINDS))


def elite_kinds() -> frozenset[str]:
    """The kinds that are elite (Remastered, "Elite", plus the ones rule sets add)."""
    _discover()
    return frozenset(_ELITE)


def classes() -> tuple[str, ...]:
    """Every unit class (`classes = [...]`), Remastered's first."""
    _discover()
    return tuple(_ordered("classes", _CLASSES))


def skill_types() -> tuple[str, ...]:
    """Every skill type (`[[skill]] type`), Remastered's first."""
    _discover()
    return tuple(_ordered("skill types", _SKILL_TYPES))


def hex_tags() -> dict[str, str]:
    """Hex tag -> its meaning (arena legends)."""
    _discover()
    return dict(_ordered("hex tags", _HEX_TAGS))


def arena_rule_counts(ruleset: str | None = None) -> dict[str, Any]:
    """The hex counts rulebooks fix: of one rule set (arena id -> tag -> count), or of all (rule set -> ...)."""
    _discover()
    if ruleset is None:
        return {r: {a: dict(c) for a, c in arenas.items()} for r, arenas in _ARENA_COUNTS.items()}
    return {a: dict(c) for a, c in _ARENA_COUNTS.get(ruleset, {}).items()}


def table_parser(table: str) -> Callable[[Any], Any] | None:
    """The registered parser of a rule set's entry table, or None."""
    _discover()
    return _TABLES.get(table)


def game_lists() -> dict[str, tuple[tuple[str, ...], int]]:
    """`[game]` key -> (allowed terms, most items) of the lists rule sets registered."""
    _discover()
    return dict(_GAME_LISTS)


def owners(registry: str, term: str) -> frozenset[str]:
    """The rule sets that registered `term` in `registry` ("kinds", "classes", "skill types", "hex tags");
    none for the format's own terms."""
    _discover()
    return frozenset(_OWNERS.get((registry, term), ()))


_VIEWS: dict[str, Callable[[], Any]] = {
    "KINDS": kinds,
    "ELITE_KINDS": elite_kinds,
    "CLASSES": classes,
    "SKILL_TYPES": skill_types,
    "HEX_TAGS": hex_tags,
    "ARENA_RULE_COUNTS": arena_rule_counts,
}


def __getattr__(name: str) -> Any:
    """The registries under their former names (`vocab.KINDS`, `vocab.HEX_TAGS` ...), read when asked."""
    view = _VIEWS.get(name)
    if view is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return view()
