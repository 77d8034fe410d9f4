"""Frozen dataclasses of the catalog: units, skills, tactics, factions, titans, immortals, arenas.

Everything here is immutable and picklable (workers of a sweep receive it), and
carries per-field provenance so reports can say how much of a result rests on
stand-in values.
"""

from __future__ import annotations

import difflib
import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from hoplostat.catalog.frozen import FrozenMap
from hoplostat.errors import InputError

V = TypeVar("V")

if TYPE_CHECKING:
    from hoplostat.catalog.arena import Arena
    from hoplostat.dice import Pool

@dataclass(frozen=True, slots=True)
class SkillRef:
    """A skill on a chip: `hurl 1` is SkillRef("hurl", 1), `retaliate` is SkillRef("retaliate", None)."""

    id: str
    param: int | None = None

    def __str__(self) -> str:
        return self.id if self.param is None else f"{self.id} {self.param}"


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect term from `vocab.EFFECT_TERMS` with its argument (`smite 1`, `extra-dice green`, `toss`)."""

    term: str
    arg: int | str | None = None

    def __str__(self) -> str:
        return self.term if self.arg is None else f"{self.term} {self.arg}"

    @property
    def number(self) -> int:
        """`int(arg)`: the argument of a term that takes a number (`vocab.Term.arg == "int"`, the loader checks)."""
        return int(self.arg)  # type: ignore[arg-type]  # None only for a term without an argument


def _lookup(kind: str, table: Mapping[str, V], key: str) -> V:
    """``table[key]``, or an InputError naming the kind with close matches."""
    try:
        return table[key]
    except KeyError:
        raise _unknown(kind, key, table) from None


def _stand_in_fields(provenance: Mapping[str, str]) -> tuple[str, ...]:
    return tuple(f for f, p in provenance.items() if p == "stand-in")


class HasProvenance:
    """Per-field provenance helpers for catalog entries with a ``provenance`` mapping."""

    __slots__ = ()
    provenance: FrozenMap[str]

    @property
    def stand_in_fields(self) -> tuple[str, ...]:
        """Fields whose value is a stand-in, in the entry's field order."""
        return _stand_in_fields(self.provenance)

    @property
    def is_stand_in(self) -> bool:
        return bool(self.stand_in_fields)


@dataclass(frozen=True, slots=True)
class Unit(HasProvenance):
    """A unit-like chip: faction unit, hero, neutral hero, arena unit, immortal, titan, titan ally, sentinel."""

    id: str
    name: str
    kind: str
    faction: str | None
    classes: tuple[str, ...]
    elite: bool
    movement: int
    range: int
    health: int
    attack: Pool
    skills: tuple[SkillRef, ...]
    provenance: FrozenMap[str]
    source: str | None = None
    note: str | None = None
    ruleset: str = "remastered"
    """The rule set whose rules (skill texts) the chip is played by."""
    tactical_range: int | None = None
    """Rise of Rome (and the older games): how far from the unit its player may play a tactic ("Unit Chip
    Glossary"); None for Remastered chips, whose tactics go on adjacent units (TAC-2)."""

    def has_skill(self, skill_id: str) -> bool:
        return any(s.id == skill_id for s in self.skills)

    def skill_param(self, skill_id: str) -> int | None:
        """The number of a skill on this chip (`long-shot 4` -> 4); None if absent or unnumbered."""
        for s in self.skills:
            if s.id == skill_id:
                return s.param
        return None


@dataclass(frozen=True, slots=True)
class Skill(HasProvenance):
    """A skill definition (Unit Skills reference): type, whether it takes a number, our own wording."""

    id: str
    name: str
    type: str
    has_param: bool
    definition: str
    map_free: bool
    provenance: FrozenMap[str]
    source: str | None = None
    note: str | None = None


@dataclass(frozen=True, slots=True)
class Tactic(HasProvenance):
    """A tactic chip: a common tactic (faction None) or a faction's unique tactic."""

    id: str
    name: str
    type: str
    effects: tuple[Effect, ...]
    definition: str
    faction: str | None
    provenance: FrozenMap[str]
    source: str | None = None
    note: str | None = None


@dataclass(frozen=True, slots=True)
class Faction(HasProvenance):
    """A faction: its hero, its four tactics (three common + its unique one) and its stand-in style."""

    id: str
    name: str
    hero: str
    tactics: tuple[str, ...]
    style: str
    box: str
    """The product the faction comes in ("Remastered" core box, "Pandora's Wake")."""
    provenance: FrozenMap[str]
    source: str | None = None
    note: str | None = None


@dataclass(frozen=True, slots=True)
class Trigger:
    """An immortal trigger: if at least one die of `colour` hit, resolve `effects` (Remastered, ONS-6)."""

    colour: str
    effects: tuple[Effect, ...]
    provenance: str
    source: str | None = None


@dataclass(frozen=True, slots=True)
class Immortal:
    """An immortal's rules; its stats are `unit` (also in `Catalog.units`). Triggers resolve top to bottom."""

    id: str
    unit: Unit
    triggers: tuple[Trigger, ...]
    note: str | None = None

    @property
    def stand_in_count(self) -> int:
        return len(self.unit.stand_in_fields) + sum(t.provenance == "stand-in" for t in self.triggers)


@dataclass(frozen=True, slots=True)
class Tier:
    """A row of a titan effect: with exactly this many hits (the highest reached), resolve `effects`."""

    hits: int
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class TitanEffect:
    """A row of the titan's effects table for one die colour (Remastered, "Titan Activity Step").

    A colour with one titan die is a single-die effect (one tier, hits 1); with several
    dice, only the highest tier reached resolves.
    """

    colour: str
    tiers: tuple[Tier, ...]
    provenance: str
    source: str | None = None
    note: str | None = None


@dataclass(frozen=True, slots=True)
class TitanDice:
    """Titan dice: the starting pool, the dice added later (in order) and when they are added."""

    start: Pool
    grow: tuple[str, ...]
    grow_when: str

    @property
    def full(self) -> Pool:
        """The pool once every `grow` die has been added."""
        from hoplostat.catalog.vocab import COLOURS
        from hoplostat.dice import Pool as _Pool

        counts = list(self.start.counts)
        for c in self.grow:
            counts[COLOURS.index(c)] += 1
        return _Pool(tuple(counts))


@dataclass(frozen=True, slots=True)
class TitanAlly:
    """Units a titan brings: `count` copies of `unit`, acting with the titan's troop or the arena's."""

    unit: str
    count: int
    troop: str  # "titan" | "arena"


@dataclass(frozen=True, slots=True)
class ShardSetup:
    """How the titan uses the four shards (set on the pedestals at set-up, Remastered ASC-1)."""

    start: str  # "active" | "inactive"
    hp: int
    hp_colour: str | None  # "red" | "blue" | None when hp == 0
    equip: bool
    holder: tuple[Effect, ...]
    on_defeat: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class ArenaDieTable:
    """Arena die faces 1..6 -> a number for an effect (`advance` hexes, `smite` range).

    `rulebook_faces` lists the faces whose values a source fixes; the others are stand-ins.
    """

    effect: str
    faces: tuple[int, int, int, int, int, int]
    rulebook_faces: tuple[int, ...]
    source: str | None = None

    def value(self, face: int) -> int:
        return self.faces[face - 1]


@dataclass(frozen=True, slots=True)
class Titan:
    """A titan's reference card as data; its stats are `unit` (also in `Catalog.units`)."""

    id: str
    unit: Unit
    dice: TitanDice
    effects: tuple[TitanEffect, ...]
    priority: tuple[str, ...]
    allies: tuple[TitanAlly, ...]
    shards: ShardSetup
    arena_die: FrozenMap[ArenaDieTable]
    provenance: FrozenMap[str]
    source: str | None = None
    note: str | None = None

    @property
    def stand_in_count(self) -> int:
        n = len(self.unit.stand_in_fields) + sum(p == "stand-in" for p in self.provenance.values())
        n += sum(e.provenance == "stand-in" for e in self.effects)
        n += sum(len(t.rulebook_faces) < 6 for t in self.arena_die.values())
        return n


@dataclass(frozen=True, slots=True)
class TitanAction:
    """One row of a Rise of Rome titan card's action order: in `block`, when the titan dice rolled at least
    the hits of `hits` (per colour: "black+2green" is 1 black and 2 green hits), do `action` (with `arg`)."""

    block: str
    hits: Pool
    action: str
    arg: int | None
    provenance: str
    source: str | None = None
    note: str | None = None

    @property
    def label(self) -> str:
        return f"{self.hits} -> {self.action}" + ("" if self.arg is None else f" {self.arg}")


@dataclass(frozen=True, slots=True)
class RorTitan:
    """A Rise of Rome titan card (`[[ror_titan]]`): stats as `unit` (Attack Range is the "1" of "1 + X",
    `attack` the Basic Attack dice), the titan dice, the action order. Kept in `Catalog.titans` of the Rise of
    Rome catalog, so the commands that list, show and sweep titans serve it; `effects` (the action rows),
    `allies` (none) and `arena_die` (none) are the fields they read of any titan."""

    id: str
    unit: Unit
    difficulty: int
    titan_dice: Pool
    range_per_shard: int
    returns: bool
    summons: str
    pillar_health: int
    actions: tuple[TitanAction, ...]
    provenance: FrozenMap[str]
    source: str | None = None
    note: str | None = None
    allies: tuple = ()
    arena_die: FrozenMap = field(default_factory=lambda: FrozenMap({}))

    @property
    def effects(self) -> tuple[TitanAction, ...]:
        return self.actions

    @property
    def stand_in_count(self) -> int:
        n = len(self.unit.stand_in_fields) + sum(p == "stand-in" for p in self.provenance.values())
        return n + sum(a.provenance == "stand-in" for a in self.actions)

    def card_rows(self) -> list[tuple[str, str, str]]:
        """Readable rows of the card (`hoplostat data show`)."""
        p = self.provenance
        rows = [("difficulty", f"{self.difficulty} of 3", p["difficulty"]),
                ("titan dice", str(self.titan_dice), p["titan_dice"]),
                ("attack range", f"{self.unit.range} + {self.range_per_shard} per active shard", p["range_per_shard"]),
                ("returns to the titan hex", "yes" if self.returns else "no", p["returns"]),
                ("summons from", self.summons, p["summons"]),
                ("pillars", f"4, {self.pillar_health} Health each", p["pillar_health"])]
        rows += [(f"{a.block}", a.label, a.provenance) for a in self.actions]
        return rows


@dataclass(frozen=True, slots=True)
class GameFacts:
    """Box facts (Remastered, "Components"): dice stock, health chips, chip counts, mode constants."""

    dice_stock: FrozenMap[int]
    health_chips: FrozenMap[int]
    box: FrozenMap[int]
    source: str
    ruleset: str = "remastered"
    """The rule set this catalog is the box of (its chips are played by its rules)."""
    faction_units: int = 10
    """Non-elite units per faction (a Remastered faction, a Rise of Rome city: ten)."""
    faction_tactics: tuple[int, int] = (3, 1)
    """(common, unique) tactics per faction: Remastered three common and one unique; Rise of Rome's cities
    each have four of their own."""
    components: str = "Remastered, Components"
    """The rulebook section that gives the faction make-up (cited by validation errors)."""
    lists: FrozenMap[tuple[str, ...]] = field(default_factory=lambda: FrozenMap({}))
    """The term lists of `[game]` rule sets registered (`vocab.register_game_list`), key -> terms (empty
    when the box gives none); also readable as attributes (`game.<key>`)."""

    def __getattr__(self, name: str) -> tuple[str, ...]:
        """A registered `[game]` list by its key, as an attribute."""
        try:
            lists = object.__getattribute__(self, "lists")
        except AttributeError:
            raise AttributeError(name) from None
        if name in lists:
            return lists[name]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")


def _unknown(what: str, key: str, known: Mapping[str, Any]) -> InputError:
    close = difflib.get_close_matches(key, list(known), n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
    return InputError(f"unknown {what} {key!r}{hint} (`hoplostat data list` shows the ids)")


_MEMO: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
"""Catalog -> its answers of `faction_units` and `units_of_kind`, asked at every game's set-up (a catalog is
frozen, so they never change; kept outside its fields, which `to_jsonable` and the catalog hash read)."""


def _memo(cat: Catalog) -> dict:
    got = _MEMO.get(cat)
    if got is None:
        got = _MEMO[cat] = {}
    return got


@dataclass(frozen=True, eq=False)
class Card:
    """One entry of a card table (`Catalog.cards`) as written: its fields (`data`, TOML values), the file it
    came from and its line there, so that the mode reading it names the place of a bad field."""

    table: str
    id: str
    data: FrozenMap[Any]
    file: str
    line: int | None = None

    @property
    def is_stand_in(self) -> bool:
        """The card carries a stand-in value: its `provenance` is "stand-in" (the default) or names one per field."""
        prov = self.data.get("provenance", "stand-in")
        return prov == "stand-in" if isinstance(prov, str) else any(v == "stand-in" for v in dict(prov).values())


@dataclass(frozen=True, eq=False)
class Catalog:
    """The merged, validated catalog. Look things up with `unit()`, `faction()`, `arena()`."""

    factions: FrozenMap[Faction]
    units: FrozenMap[Unit]
    skills: FrozenMap[Skill]
    tactics: FrozenMap[Tactic]
    arenas: FrozenMap[Arena]
    titans: FrozenMap[Titan]
    immortals: FrozenMap[Immortal]
    game: GameFacts
    hash: str
    sources: tuple[str, ...] = field(default=())
    """Data directories merged into this catalog, default first."""
    cards: FrozenMap[FrozenMap[Card]] = field(default_factory=lambda: FrozenMap({}))
    """Cards a rule set's modes read themselves (`loader.CARD_TABLES`: a solo mode's trial cards `[[trial]]` and
    `[[challenger]]`): table -> id -> `Card`, merged from the default data and overlays like chips (an overlay
    entry with the same id replaces the card, `remove` drops it); the mode parses and checks them."""

    @property
    def ruleset(self) -> str:
        return self.game.ruleset

    def unit(self, unit_id: str) -> Unit:
        """The unit-like chip with this id; InputError with close matches if unknown."""
        return _lookup("unit", self.units, unit_id)

    def faction(self, faction_id: str) -> Faction:
        return _lookup("faction", self.factions, faction_id)

    def arena(self, arena_id: str) -> Arena:
        return _lookup("arena", self.arenas, arena_id)

    def skill(self, skill_id: str) -> Skill:
        return _lookup("skill", self.skills, skill_id)

    def tactic(self, tactic_id: str) -> Tactic:
        return _lookup("tactic", self.tactics, tactic_id)

    def titan(self, titan_id: str) -> Titan:
        return _lookup("titan", self.titans, titan_id)

    def immortal(self, immortal_id: str) -> Immortal:
        return _lookup("immortal", self.immortals, immortal_id)

    def faction_units(self, faction_id: str, *, include_hero: bool = False) -> tuple[Unit, ...]:
        """The faction's ten non-elite units in file order, its hero first if `include_hero`."""
        memo = _memo(self)
        key = ("faction_units", faction_id, include_hero)
        got = memo.get(key)
        if got is None:
            fac = self.faction(faction_id)
            units = tuple(u for u in self.units.values() if u.faction == faction_id and u.kind == "unit")
            got = ((self.units[fac.hero],) + units) if include_hero and fac.hero else units  # a house has no hero
            memo[key] = got
        return got

    def faction_tactics(self, faction_id: str) -> tuple[Tactic, ...]:
        return tuple(self.tactics[t] for t in self.faction(faction_id).tactics)

    def units_of_kind(self, kind: str) -> tuple[Unit, ...]:
        memo = _memo(self)
        key = ("units_of_kind", kind)
        got = memo.get(key)
        if got is None:
            got = memo[key] = tuple(u for u in self.units.values() if u.kind == kind)
        return got

