"""Condemned's state: its constants (rewards, the arena die's faces, the reference sheet's priority lists), the
three parties' bookkeeping (`CondemnedState`), and the key hexes' favor."""

from __future__ import annotations

from dataclasses import dataclass, field

from hoplostat.engine.state import COMBAT, GameState, TeamGameState, UnitState

ARENA = "fa-mel-prison"
REWARDS = (5, 10, 15, 20)
"""Crowd favor meter: four rewards (CON-42, CON-43); their spacing is a stand-in (CON-40, ruling R-PW-6)."""
TOP = REWARDS[-1]
"""The top of the meter: no more favor once reached (CON-44)."""
HEROES = 5
"""Heroes per troop (CON-16)."""
PAY_HP = 2
"""CON-26: HP a player removes from its Wretch to set the arena die."""
WRETCH = ("wretch-1", "wretch-2", "wretch-3", "wretch-4")
"""Catalog ids of the Wretch's faces, levels I..IV (CON-32)."""
GUARDIANS = ("scylla", "charybdis")
DEFAULT_MAX_ROUNDS = 40

# CON-24, reference sheet "Arena Die": what each face grants.
GUARDIAN_SKILLS = {1: ("absorb",), 5: ("blasphemous", "retaliate")}
GUARDIAN_RANGE = {3: 1}
WRETCH_MOVEMENT = {6: 2}
FACE_TEXT = {1: "guardians have Absorb", 2: "key hexes grant 1 less crowd favor", 3: "guardians have +1 Range",
             4: "key hexes grant double crowd favor", 5: "guardians have Blasphemous and Retaliate",
             6: "Wretches have +2 Movement"}
GUARDIAN_HOLD = "guardian-hold"
"""The granted skill that keeps a guardian on its hex (CON-28: it never moves and cannot be displaced)."""

# The reference sheet's priority lists (CON-37, CON-46, CON-47). Hex priorities: "key-in-range" (the
# highest-value key hex from which an opponent is within the unit's Range), "key" (the highest-value free
# key hex), "escape-adjacent" (a hex next to the player's goal escape hex); ruling R-PW-9.
CHAMPION_MARK = ("wretch", "escape-adjacent")
CHAMPION_TARGET = ("wretch", "player-elite", "hp-guardian", "guardian")
RIVALS_CALM = ("wretch", "key-in-range", "key", "player-elite", "hp-guardian", "guardian")
RIVALS_ALERT = ("wretch", "weakest-elite", "hp-guardian", "escape-adjacent")
HEX_PRIORITIES = frozenset({"key-in-range", "key", "escape-adjacent"})


# --------------------------------------------------------------------------- state


@dataclass(slots=True)
class CondemnedState(TeamGameState):
    """A GameState with three parties (players or rival, and the guardians) and the Condemned bookkeeping."""

    solo: bool = True
    rival_troop: int = -1
    """The solo rival's troop (-1 in a competitive game)."""
    guardian_troops: list[int] = field(default_factory=list)
    guardians: list[int] = field(default_factory=list)
    wretch: list[int] = field(default_factory=list)
    """Per troop: uid of its Wretch (-1: the rival, or a guardian troop)."""
    level: list[int] = field(default_factory=list)
    """Per troop: its Wretch's level 1..4 (0: none)."""
    goal: list[int] = field(default_factory=list)
    """Per troop: the escape hex its Wretch must reach (CON-3; -1: none)."""
    limit: list[int] = field(default_factory=list)
    """Per troop: the unit limit, not counting the Wretch or champion (CON-22, CON-23)."""
    closed: list[int] = field(default_factory=list)
    """Hexes no unit may enter by movement, displacement or deployment: the guardian hexes (CON-7), the escape
    hexes (CON-8: open to a Wretch's own move only, `movement_step`) and the inactive champion's hex (CON-34)."""
    die: int = 1
    die_rolls: int = 0
    lineup: list[int] = field(default_factory=list)
    """The solo rival's heroes in draft order (CON-17, CON-45)."""
    champion: int = -1
    champion_hex: int = -1
    champion_active: bool = False
    champion_round: int = 0
    fallen: list[int] = field(default_factory=list)
    """Troops whose Wretch was defeated, in order (CON-5)."""
    favor_earned: list[int] = field(default_factory=list)
    key_favor: list[int] = field(default_factory=list)
    rewards_claimed: list[int] = field(default_factory=list)
    die_paid: list[int] = field(default_factory=list)
    escaped: int = -1
    guardian_hp: list[int] = field(default_factory=list)
    """Per troop: HP its units removed from the guardians."""
    drafted: list[str] = field(default_factory=list)

    def blocked_for_move(self, troop: int | None = None) -> list[bool]:
        b = GameState.blocked_for_move(self, troop)
        for h in self.closed:
            b[h] = True
        return b

    def can_occupy(self, troop: int, h: int, *, sentinel: bool = False) -> bool:
        if h in self.closed:
            return False
        return GameState.can_occupy(self, troop, h, sentinel=sentinel)


def is_wretch(u: UnitState) -> bool:
    return u.unit.kind == "wretch"


def is_guardian(u: UnitState) -> bool:
    return u.unit.kind == "guardian"


def on_alert(s: CondemnedState) -> bool:
    """CON-11, CON-49: solo, the rivals are on alert exactly while the player's Wretch stands past the line
    (Pandora's Wake, "Arena Mat": Alert Line); read wherever the rivals choose, so it is always current
    (ruling R-PW-13)."""
    if not s.solo:
        return False
    w = s.wretch[0]
    return w >= 0 and s.units[w].zone == COMBAT and "alert" in s.grid.tags[s.units[w].hex]


def key_value(s: GameState, h: int) -> int:
    tags = s.grid.tags[h]
    for v in (3, 2, 1):
        if f"key-{v}" in tags:
            return v
    return 0


def key_favor(s: CondemnedState, h: int) -> int:
    """CON-38 with the die's faces 2 and 4 (CON-24): face 2, one less than the hex's value, never below 0
    (a one-icon hex gives nothing; ruling R-PW-1); face 4, twice the value."""
    v = key_value(s, h)
    if s.die == 2:
        return max(0, v - 1)
    if s.die == 4:
        return 2 * v
    return v
