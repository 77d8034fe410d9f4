"""What every Origins module shares: the rule set's name, the chip colours, the arenas, the challenge state."""

from __future__ import annotations

from dataclasses import dataclass, field

from hoplostat.engine.state import GameState, UnitState
from hoplostat.rulesets.classic.state import ClassicTroop

RULESET = "origins"
CHIP_COLOURS = ("green", "blue", "yellow", "orange", "purple")
"""Origins, "Setup": the pool's five chip colours (ORI-22)."""
XANADU, EL_DORADO, ATLANTIS = "xanadu", "el-dorado", "atlantis"
ARENAS = (XANADU, EL_DORADO, ATLANTIS)
"""Origins, "Origins Arenas": the three arenas, one challenge each (ORI-1)."""
MATCH = "match"
"""The `--arena` of the whole game: the three challenges in random arena order (ORI-28)."""
LINEUP = 8
"""Origins, "The Draft": each lineup has eight chips (ORI-23)."""
BRING = 6
"""Origins, "The Draft": six of the eight chips go to each challenge (ORI-24)."""
XANADU_POINTS = 6
"""Origins, "Xanadu Objective": six arena points win (ORI-33)."""
GLADIATOR_KINDS = frozenset({"gladiator", "special-gladiator", "cf-gladiator"})
WIN_REP, LOSS_REP = 10, -5
"""Origins, "House Reputation": +10 per challenge won, -5 per challenge lost (ORI-32)."""


def colour_of(chip_id: str) -> str:
    """The chip colour of a pool chip: the first word of its id (data/origins/pool.toml); Korykos is green
    (stand-in)."""
    if ":" in chip_id:  # a chip of another box (`rulesets.origins.royale`, `--option pool`): no Origins colour
        box, own = chip_id.split(":", 1)
        return "crowd-favor" if own.startswith("cf-") else box
    head = chip_id.split("-", 1)[0]
    return head if head in CHIP_COLOURS else "green"


def is_gladiator(u: UnitState) -> bool:
    """A drafted gladiator (not a Sea Monster, not a champion)."""
    return u.unit.kind in GLADIATOR_KINDS


@dataclass(slots=True)
class OriginsTroop(ClassicTroop):
    """A house: its lineup (drafted chip ids, in draft order), the chips cut from it (ORI-26), and what it
    brought to the current challenge; its challenge wins and its objective progress."""

    lineup: list[str] = field(default_factory=list)
    cut: list[str] = field(default_factory=list)
    brought: list[str] = field(default_factory=list)
    wins: int = 0
    losses: int = 0
    points: int = 0
    """Xanadu arena points in the current challenge (ORI-36)."""
    leader: int = -1
    """Atlantis: uid of the Leader (the first gladiator deployed, ORI-47); -1 before."""
    special_deployed: bool = False
    """A Special Gladiator of this house has been deployed in the current challenge (ORI-25)."""
    tribute_hex: int = -1
    """El Dorado: the hex of this house's Tribute (its holder's hex while held)."""
    tribute_holder: int = -1


@dataclass(slots=True)
class OriginsState(GameState[OriginsTroop]):
    """A game of Origins: the challenges played on their arenas one after the other (ORI-26..ORI-30)."""

    arena_id: str = ""
    """The arena of the current challenge."""
    arena_order: list[str] = field(default_factory=list)
    challenge: int = 0
    """Index of the current challenge in `arena_order`."""
    challenge_round0: int = 0
    """The round counter when the current challenge began (each challenge has its own round cap)."""
    challenge_winners: list[int] = field(default_factory=list)
    """Per challenge played: the winning troop, -1 for a drawn challenge."""
    challenge_rounds: list[int] = field(default_factory=list)
    first_pick: int = -1
    """The troop that drafted first (ORI-23)."""
    picks: list[str] = field(default_factory=list)
    """Every drafted chip id in draft order (troops alternate, `first_pick` first)."""
    spear_hex: int = -1
    spear_holder: int = -1
    monsters_left: list[str] = field(default_factory=list)
    """Atlantis: the Sea Monster chips not yet summoned (face down: drawn at random, ORI-87)."""


def is_stunned(s: GameState, u: UnitState) -> bool:
    """Stun (ORI-84): flipped face down, the unit "ignores all stats and effects but its health": nothing an ally
    or the arena gives reaches it (Elevated, Embolden's Retaliate, Pervasive Absorb)."""
    return bool(u.tactics) and s.is_fatigued(u)


def is_elevated(s: GameState, u: UnitState) -> bool:
    """Elevated (ORI-35, ORI-41, ORI-49), granted by the arena only: on a Xanadu arena hex; holding its Tribute in
    El Dorado; holding the Spear in Atlantis. Never while stunned (ORI-84)."""
    if is_stunned(s, u):
        return False
    arena = getattr(s, "arena_id", "")
    if arena == XANADU:
        return u.hex >= 0 and "arena" in s.grid.tags[u.hex]
    if arena == EL_DORADO:
        assert isinstance(s, OriginsState)  # only Origins has the arena
        return s.troops[u.troop].tribute_holder == u.uid
    if arena == ATLANTIS:
        assert isinstance(s, OriginsState)
        return s.spear_holder == u.uid
    return False


def full_health(s: GameState, u: UnitState) -> int:
    """The unit's starting health in this challenge: double Health for the Atlantis Leader (ORI-47)."""
    t = s.troops[u.troop]
    return u.unit.health * (2 if getattr(t, "leader", -1) == u.uid else 1)
