"""Naumachia's state: its constants, the troops' bookkeeping (`NaumachiaState`), what a piece is (ship,
crocodile, in the water), and the ships built from their captains (`ship_chip`, `refresh`)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from hoplostat.catalog.model import Unit
from hoplostat.dice import COLOURS, Pool
from hoplostat.engine.registry import grant, printed_chip
from hoplostat.engine.state import COMBAT, GameState, TeamGameState, UnitState

ARENA = "flooded-colosseum"
TRACKS = (6, 5, 4, 3)
"""Crowd favor meter: the tracks from the leftmost (the longest, NAU-11) to the rightmost, each ending in its
event space; their number and lengths are stand-ins (NAU-36, ruling R-PW-18)."""
HERO_EVENT = 4
"""NAU-34: the fourth event brings the hero into combat."""
CREW = 8
"""NAU-13: eight non-elite units per troop."""
CAPACITY = 2
"""NAU-28: Tactic Capacity."""
TACTICS = ("anchor", "rupture", "bait", "netted", "befriended", "foul-wind")
"""NAU-30: the six tactic chips (the rival sheet names them; their effects are stand-ins, ruling R-PW-20)."""
TACTIC_TEXT = {
    "anchor": "an opposing ship has Movement 0",
    "rupture": "one of the troop's own ships adds a blue die to its Attack",
    "bait": "a crocodile has +2 Movement",
    "netted": "an opponent in the water has Movement 0",
    "befriended": "a crocodile neither marks nor targets the troop's units and ships",
    "foul-wind": "an opposing ship is blown up to 2 hexes toward the nearest ship starting hex",
}
WIND = 2
"""Foul Wind (stand-in): how far the ship is blown."""
ELUDE = 5
"""NAU-44, Elude: up to 5 hexes."""
GUIDE_MOVEMENT = 3
"""NAU-44, Guide: allies have +3 Movement (and one yellow die)."""
BAIT_MOVEMENT = 2
CREW_ZONE = "crew"
"""Zone of a unit on a ship: out of combat, no HP, skills ignored (NAU-15)."""
SHIPS = "ships"
"""Health-chip supply of the ships: one chip each while afloat (a marker: a ship has no HP, NAU-17)."""
CHARON = "charon"
DEFAULT_MAX_ROUNDS = 40
YELLOW = Pool.of(yellow=1)

# Rival priority lists of the reference sheet's back (NAU-41, NAU-42) and of the crocodiles (NAU-24): entries
# (superlative, set) among opponents, or hex priorities ("here-platform", "free-platform").
SHIP_LIST = (("", "unit-on-platform"), ("", "hero"), ("farthest", "ship"), ("weakest", "player-unit"),
             ("", "croc"))
UNIT_MARK = ("here-platform", "free-platform", ("", "hero"), ("weakest", "player-unit"))
UNIT_TARGET = (("", "hero"), ("weakest", "player-unit"), ("weakest", "croc"))
CROC_LIST = (("", "hero"), ("weakest", "water-unit"), ("", "player-ship"), ("", "ship"))


# --------------------------------------------------------------------------- state


@dataclass(slots=True)
class NaumachiaState(TeamGameState):
    """Six troops on three teams (`mode.py`'s docstring) and the Naumachia bookkeeping, per seat (0 red, 1 blue)."""

    solo: bool = True
    rival_troop: int = -1
    crew: dict[int, list[int]] = field(default_factory=dict)
    """Ship uid -> uids of its crewmembers, frontmost (the captain, NAU-18) first."""
    ships: list[list[int]] = field(default_factory=list)
    """Per seat: its ships afloat (uids)."""
    hero: list[int] = field(default_factory=list)
    track: list[int] = field(default_factory=list)
    """Per seat: index of the track its bead is on (NAU-32)."""
    left: list[int] = field(default_factory=list)
    """Per seat: spaces left before the current track's event (the track's length when the bead is above it)."""
    events: list[int] = field(default_factory=list)
    favor_lost: list[int] = field(default_factory=list)
    favor_gained: list[int] = field(default_factory=list)
    ship_damage: list[int] = field(default_factory=list)
    """Per seat: damage its units and ships dealt to the other seat's ships."""
    tactic_supply: list[str] = field(default_factory=list)
    camp: list[list[str]] = field(default_factory=list)
    """Per seat: tactics held, in the order gained (NAU-39)."""
    tactics_gained: list[int] = field(default_factory=list)
    tactics_played: list[int] = field(default_factory=list)
    effects: list[tuple[str, int, int, int]] = field(default_factory=list)
    """Tactics in play: (tactic, target uid, seat that placed it, turn placed); they end at the start of that
    seat's next turn (ruling R-PW-20)."""
    pivots: list[int] = field(default_factory=list)
    last_roll: tuple[int, int, int] = (-1, -1, 0)
    """(attacker uid, turn, misses) of the last attack roll of a unit with a Pivot skill (NAU-37)."""
    dislodged: list[int] = field(default_factory=list)
    platform_hexes: frozenset[int] = frozenset()

    def blocked_for_move(self, troop: int | None = None) -> list[bool]:
        b = GameState.blocked_for_move(self, troop)
        if troop is not None and troop >= 2:  # NAU-6: platforms are blocked for ships and crocodiles
            for h in self.platform_hexes:
                b[h] = True
        return b

    def can_occupy(self, troop: int, h: int, *, sentinel: bool = False) -> bool:
        if troop >= 2 and h in self.platform_hexes:
            return False
        return GameState.can_occupy(self, troop, h, sentinel=sentinel)


def seat_of(troop: int) -> int:
    """The seat (0 red, 1 blue) a troop belongs to: its water units (0, 1) or its ships (2, 3); -1 crocodiles."""
    return troop if troop < 2 else troop - 2 if troop < 4 else -1


def is_ship(u: UnitState) -> bool:
    return u.unit.kind == "ship"


def is_croc(u: UnitState) -> bool:
    return u.unit.kind == "crocodile"


def in_water(u: UnitState) -> bool:
    """NAU-15: a unit in the water (a crocodile, a dislodged crewmember, a hero): not a ship, not crew."""
    return u.zone == COMBAT and u.unit.kind != "ship"


def class_of(chip: Unit) -> str:
    """NAU-19: the top class printed on the chip."""
    return chip.classes[0] if chip.classes else ""


# --------------------------------------------------------------------------- ships and captains


_SHIP_CHIPS: dict[tuple, Unit] = {}


def ship_chip(captain: Unit, others: int, *, attacker: bool = False, extra_range: int = 0, anchored: bool = False,
              rupture: bool = False, side: str = "", index: int = 0) -> Unit:
    """NAU-18, NAU-19: a ship's stats from its captain's chip: Movement 3 x the captain's, Range the captain's
    (an Archer captain adds `extra_range`, the other captain's Range), Attack the captain's plus one yellow die
    per other crewmember (an Attacker captain: blue dice instead, ruling R-PW-16). Anchor sets its Movement
    to 0, Rupture adds a blue die (stand-ins, R-PW-20). No skills (crewmembers' skills are ignored, NAU-15);
    one Health (a marker, `SHIPS`). Cached per combination, so chip identity is stable."""
    key = (id(captain), others, attacker, extra_range, anchored, rupture, side, index)
    got = _SHIP_CHIPS.get(key)
    if got is not None:
        return got
    counts = list(captain.attack.counts)
    counts[COLOURS.index("blue" if attacker else "yellow")] += others
    if rupture:
        counts[COLOURS.index("blue")] += 1
    chip = replace(captain, id=f"ship-{side}-{index}", name=f"{side.capitalize()} ship {index} ({captain.name})",
                   kind="ship", elite=False, movement=0 if anchored else 3 * captain.movement,
                   range=captain.range + extra_range, health=1, attack=Pool(tuple(counts)), skills=())
    _SHIP_CHIPS[key] = chip
    return chip


def captain_of(s: NaumachiaState, ship: int) -> UnitState | None:
    crew = s.crew.get(ship, [])
    return s.units[crew[0]] if crew else None


def troop_classes(s: NaumachiaState, seat: int) -> set[str]:
    """NAU-19, NAU-20: the classes of the seat's current captains (a troop-wide bonus counts once)."""
    out = set()
    for sh in s.ships[seat]:
        c = captain_of(s, sh)
        if c is not None:
            out.add(class_of(printed_chip(c.unit)))
    return out


def has_effect(s: NaumachiaState, name: str, uid: int) -> bool:
    return any(e[0] == name and e[1] == uid for e in s.effects)


def refresh(s: NaumachiaState) -> None:
    """Every derived chip, recomputed from the state: each ship's from its captain and crew (NAU-18, NAU-19,
    Anchor, Rupture); Guide's +3 Movement on the Guide holder's allies in the water (NAU-44); Frenzied's
    Movement (NAU-25); Netted and Bait (stand-ins). Called at every step and after every change of crew."""
    for seat in (0, 1):
        ships = s.ships[seat]
        for sh in ships:
            u = s.units[sh]
            crew = s.crew[sh]
            cap = printed_chip(s.units[crew[0]].unit)
            cls = class_of(cap)
            extra = 0
            if cls == "archer":
                other = [x for x in ships if x != sh]
                if other:  # ruling R-PW-16: no other ship, nothing added
                    extra = printed_chip(s.units[s.crew[other[0]][0]].unit).range
            chip = ship_chip(cap, len(crew) - 1, attacker=cls == "attacker", extra_range=extra,
                             anchored=has_effect(s, "anchor", sh), rupture=has_effect(s, "rupture", sh),
                             side=s.troops[seat].side, index=int(u.unit.id.rsplit("-", 1)[1]))
            if chip is not u.unit:
                u.unit = chip
                s.combat_version += 1
    water = [u for u in s.in_combat() if u.unit.kind != "ship"]
    nonarena = sum(1 for u in water if not is_croc(u))
    guides = [u for u in water if printed_chip(u.unit).has_skill("guide") and s.skills_work(u)]
    for u in water:
        base = printed_chip(u.unit)
        m = 0
        if base.has_skill("frenzied") and nonarena >= 1:
            m = nonarena - base.movement  # NAU-25: Movement equals the count
        if any(gd is not u and s.teams[gd.troop] == s.teams[u.troop] for gd in guides):
            m += GUIDE_MOVEMENT
        if has_effect(s, "bait", u.uid):
            m += BAIT_MOVEMENT
        if has_effect(s, "netted", u.uid):
            m = -99
        grant(s, u, (), movement=m)
