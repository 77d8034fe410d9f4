"""The parsed scenario: what a scenario file says, validated (`load.loads_scenario` builds it)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from hoplostat.catalog.model import Catalog, Tactic, Unit
from hoplostat.engine.mode import Mode

WHOLE = ("turn", "round")
"""Step names that play whole turns from their start: the cursor troop's turn, or the turns left in the round."""
DICE_THEN = ("error", "all", "none", "random")
HARMFUL_TERMS = frozenset({"stun", "movement-set", "damage", "damage-adjacent"})
"""A tactic written on a unit as a plain id is played by the opposing troop when it has one of these terms."""

ARG_KINDS: dict[str, tuple[str, ...]] = {
    # What the args tuple of an ability / special option holds (engine/skills.py option builders).
    "hurl": ("unit", "hex"),
    "swap": ("unit",),
    "impel": ("unit",),
    "shove": ("unit",),
    "long-shot": ("unit",),
    "reposition": ("hex",),
    "regen": (),
    "fury-aura": (),
    "whirlwind": (),
    "savage": (),
}

SCRIPT_KINDS = {
    # entry key -> decision asked by the engine
    "deploy": "deploy",
    "tactic": "tactic",
    "move": "move",
    "ability": "ability",
    "attack": "engage",
    "special": "engage",
    "intercept": "intercept",
    "catch-up": "catch-up",
    "return-unit": "return-unit",
    "pass": None,
}
PASSABLE = ("deploy", "tactic", "move", "ability", "engage", "intercept", "catch-up")

TOP_KEYS = ("title", "source", "note", "arena", "mode", "round", "active", "first", "steps", "seed", "supply", "dice",
            "troop", "unit")
TROOP_KEYS = ("faction", "name", "side", "favor", "favor_total", "hero_active", "camp", "bag", "discard", "track",
              "tactics", "tactics_discard", "policy", "script")
UNIT_KEYS = ("id", "troop", "ref", "hex", "hp", "dazed", "fatigued", "active", "primary", "moved", "engaged", "tactics")
DICE_KEYS = ("hits", "then")


# --------------------------------------------------------------------------- the parsed scenario


@dataclass(frozen=True)
class ScriptEntry:
    where: str
    """e.g. "troop 'kunlun', script entry 3" for messages."""
    kind: str
    """Entry key: deploy, tactic, move, ability, attack, special, intercept, catch-up, return-unit, pass."""
    decision: str
    """The engine decision it answers ("engage" for attack and special)."""
    name: str | None = None
    """Unit ref / tactic id / skill id named by the entry key."""
    unit: str | None = None
    target: str | None = None
    hex: int | None = None
    args: tuple | None = None
    text: str = ""


@dataclass(frozen=True)
class TroopSpec:
    label: str
    faction: str
    side: str
    favor: int
    favor_total: int
    hero_active: bool
    camp: tuple[Unit, ...]
    bag: tuple[Unit, ...]
    discard: tuple[Unit, ...]
    track: tuple[Unit, ...]
    tactics: tuple[Tactic, ...] | None
    """In camp; None: those the mode's own set-up gives (`Mode.scenario_tactics`)."""
    tactics_discard: tuple[Tactic, ...]
    policy: str
    script: tuple[ScriptEntry, ...]


@dataclass(frozen=True)
class UnitSpec:
    ref: str
    unit: Unit
    troop: int
    hex: int
    hp: int
    dazed: bool
    active: bool
    primary: bool | None
    moved: bool
    engaged: bool
    tactics: tuple[tuple[Tactic, int], ...]
    """(tactic, troop index that played it)."""


@dataclass(frozen=True)
class Scenario:
    path: str
    title: str
    source: str | None
    note: str | None
    catalog: Catalog = field(repr=False)
    arena: str
    mode: str
    """The mode named by the file (`mode`), or "none" for the bare board."""
    round: int
    active: int
    order: tuple[int, ...]
    steps: tuple[str, ...]
    seed: int
    supply: Mapping[str, int] | None
    dice: tuple[int, ...]
    dice_then: str
    troops: tuple[TroopSpec, ...]
    units: tuple[UnitSpec, ...]
    mode_class: type[Mode] = Mode
    """The class that sets the position up: the mode's own, or the default mode's for the bare board."""

    @property
    def bare(self) -> bool:
        """A bare board (`mode = "none"`): the default mode's steps with no crowd favor and no win."""
        return self.mode == "none"


