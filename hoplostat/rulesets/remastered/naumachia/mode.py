"""Naumachia Mode (Pandora's Wake, "Naumachia Mode"): solo against the Sailors of the Dead, or competitive,
on the Flooded Colosseum. Each troop sails two ships crewed by eight non-elite units of its faction; damage
to a ship costs its troop crowd favor on a descending multi-track meter (NAU-31, NAU-32), each track's
event dislodges a captain into the water (NAU-33) and the fourth brings the hero into combat (NAU-34); a
troop wins at once when the opposing hero is defeated (NAU-2).

Troops (`NaumachiaState`), six, on three teams: 0 and 1 the seats' units in the water (seat a red, seat b
blue; solo, the rival is blue), 2 and 3 their ships (same teams as their seats), 4 and 5 the crocodiles
with red and with blue HP (one team against everyone, NAU-22). A ship is a piece in combat whose chip is
built from its captain (`ship_chip`, NAU-18, NAU-19); it holds one chip of its own supply ("ships"), never
loses it (`ignores_damage`: the damage becomes favor loss, NAU-17) and its crewmembers are out of combat
(zone `crew`: no HP, no skills, NAU-15).

Rounds (NAU-46): player 1's turn (solo: the rival's), the crocodiles of player 1's colour, player 2's turn,
the crocodiles of player 2's colour. A player turn (NAU-47): tactic placement, movement (ships, then units),
abilities, engage (ships and units, with Pivot skills after an attack whose roll had a miss, NAU-37), check
platforms. Stand-ins and rulings: data/README.md ("Pandora's Wake: Naumachia"), docs/rulings.md R-PW-15..
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, cast

import numpy as np

from hoplostat.catalog.model import Catalog, Unit
from hoplostat.dice import COLOURS, Pool
from hoplostat.engine import rules
from hoplostat.engine.hexgrid import HexGrid
from hoplostat.engine.loop import (
    DRAW,
    LOST,
    WON,
    GameResult,
    GameSpec,
    TroopResult,
    Turn,
    default_roller,
    player_units,
    register_mode,
)
from hoplostat.engine.mode import Heuristics, per_side
from hoplostat.engine.registry import grant, printed_chip, register, unimplemented_in_game, unit_hooks
from hoplostat.engine.rules import Controller, Game, Roller, plays
from hoplostat.engine.state import CAMP, COMBAT, DISCARD, GameState, TeamGameState, TroopState, UnitState
from hoplostat.engine.steps import each_once, engage_options, movement_step
from hoplostat.rulesets.remastered import rival, turn
from hoplostat.rulesets.remastered.base import RULESET
from hoplostat.rulesets.remastered.rival_or_versus import RIVAL, RivalOrVersus
from hoplostat.rulesets.remastered.troops import unit_value

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
    """Six troops on three teams (module docstring) and the Naumachia bookkeeping, per seat (0 red, 1 blue)."""

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


# --------------------------------------------------------------------------- Sailors of the Dead skills


def _guide_dice(g, holder, param, attacker, target):
    # NAU-44, Guide: the holder's allies (units in the water, not ships: ships are not units, NAU-16) add one
    # yellow die to their Attack (their +3 Movement is given by `refresh`).
    if attacker is not holder and attacker.unit.kind != "ship" and rules.same_team(g.state, attacker.troop,
                                                                                   holder.troop):
        return YELLOW
    return None


def _elude_options(g, holder, param):
    """NAU-44, Elude (Special): only while within an opposing ship's Range; any hex up to 5 away by free path."""
    s = g.state
    row = s.grid.dist[holder.hex]
    if not any(is_ship(o) and row[o.hex] <= rules.range_of(s, o) for o in s.opponents_of(holder.troop)):
        return []
    reach = s.grid.reachable(holder.hex, ELUDE, s.blocked_for_move(holder.troop), set())
    return [(h,) for h in sorted(reach)]


def _elude(g, holder, param, args):
    rules.move(g, holder, args[0])


def _leech_options(g, holder, param):
    s = g.state
    row = s.grid.dist[holder.hex]
    return [(o.uid,) for o in s.opponents_of(holder.troop) if not is_ship(o) and row[o.hex] == 1]


def _leech(g, holder, param, args):
    # Stand-in (the printed text is cut off, NAU-44): 1 HP from an adjacent opponent in the water, heal 1.
    s = g.state
    rules.damage(g, s.units[args[0]], 1, source=holder, what="Leech")
    if holder.zone == COMBAT:
        rules.heal(g, holder, 1)


register("absolve", "innate", ruleset=RULESET)  # NAU-44: read by `lose_favor`
register("animalistic", "innate", ruleset=RULESET)  # NAU-44: read by `may_target`
register("exploit", "innate", ruleset=RULESET)  # NAU-44: read by `Naumachia.after_damage`
register("frenzied", "innate", ruleset=RULESET)  # NAU-25: Movement set by `refresh`
register("guide", "innate", ruleset=RULESET, attack_dice=_guide_dice)
register("elude", "special", ruleset=RULESET, special_options=_elude_options, special=_elude)
register("leech", "ability", ruleset=RULESET, ability_options=_leech_options, ability=_leech, ruling="R-PW-21")
register("salvage", "pivot", ruleset=RULESET, ruling="R-PW-21")  # NAU-37: resolved by `pivot`
rival.RIVAL_SPECIAL_CONDITIONS.setdefault("elude", lambda g, u, param, opts: bool(opts))

PIVOTS = {"salvage"}
"""Skill ids of type Pivot (NAU-37) that `pivot` resolves."""


def may_target(s: NaumachiaState, u: UnitState, o: UnitState) -> bool:
    """Whom a piece may never mark or target: a Beast-class unit never an Animalistic one (NAU-44); a crocodile
    never a ship whose captain is a Beast (NAU-19) nor, while Befriended, the placing troop's pieces."""
    if is_ship(o):
        if is_croc(u):
            cap = captain_of(s, o.uid)
            if cap is not None and class_of(printed_chip(cap.unit)) == "beast":
                return False
    elif "beast" in u.unit.classes and not is_ship(u) and o.unit.has_skill("animalistic") and s.skills_work(o):
        return False
    if is_croc(u):
        for e in s.effects:
            if e[0] == "befriended" and e[1] == u.uid and seat_of(o.troop) == e[2]:
                return False
    return True


# --------------------------------------------------------------------------- rival and crocodile controllers


def _member(s: NaumachiaState, name: str, o: UnitState) -> bool:
    k = o.unit.kind
    if name == "hero":
        return o.unit.elite and k != "ship"
    if name == "ship":
        return k == "ship"
    if name == "player-ship":
        return k == "ship" and seat_of(o.troop) in s.players
    if name == "croc":
        return k == "crocodile"
    if name == "water-unit":
        return k not in ("ship", "crocodile")
    if name == "player-unit":
        return k not in ("ship", "crocodile") and o.troop in s.players
    if name == "unit-on-platform":
        return k not in ("ship", "crocodile") and o.hex in s.platform_hexes
    raise KeyError(name)


def _member_of(name: str) -> Callable[[GameState, UnitState], bool]:
    """The rival set `nau-<name>` (`rival.SETS` holds sets of every mode: its states are typed by their base)."""
    return lambda s, o: _member(cast(NaumachiaState, s), name, o)


for _n in ("hero", "ship", "player-ship", "croc", "water-unit", "player-unit", "unit-on-platform"):
    rival.SETS.setdefault("nau-" + _n, _member_of(_n))


class NaumachiaRival(rival.RivalController):
    """A rival piece's marking and targeting lists (NAU-24, NAU-41, NAU-42): entries (superlative, set) or the
    hex priorities "here-platform" and "free-platform" (RIV-6: reached by moving onto them); otherwise
    Remastered's rival rules (RIV-1..RIV-9), the players choosing among equals. Never marks or targets what
    `may_target` forbids."""

    def __init__(self, marking, targeting, *, players: Any = None, players_troop: int = 0) -> None:
        super().__init__(("opponent",), players=players, players_troop=players_troop)
        self.marking = tuple(marking)
        self.targeting = tuple(targeting)
        self.movement: int | None = None

    def _cands(self, g: Game[NaumachiaState], u: UnitState, entry, opps) -> list[UnitState]:
        s = g.state
        sup, name = entry
        got = [o for o in opps if _member(s, name, o) and may_target(s, u, o)]
        if not got or not sup:
            return got
        row = s.grid.dist[u.hex]
        key = (lambda o: o.hp) if sup in ("weakest", "strongest") else (lambda o: row[o.hex])
        vals = [key(o) for o in got]
        best = min(vals) if sup == "weakest" else max(vals)
        return [o for o, v in zip(got, vals) if v == best]

    def plan_move(self, g: Game, u: UnitState, blocked: Sequence[bool], locked: set[int]) -> list[int]:
        assert plays(g, NaumachiaState)
        s = g.state
        dist = s.grid.dist
        m = rules.movement_of(s, u) if self.movement is None else self.movement
        r = rules.range_of(s, u)
        reach = s.grid.reachable(u.hex, m, blocked, locked) if m > 0 else {}
        spots = [u.hex, *reach]
        opps = s.opponents_of(u.troop)
        for p in self.marking:
            if p == "here-platform":
                if u.hex in s.platform_hexes:
                    self.why[u.uid] = "stands on a platform: does not move"
                    return []
                continue
            if p == "free-platform":
                got = [h for h in reach if h in s.platform_hexes]
                if not got:
                    continue
                near = min(reach[h] for h in got)
                self.why[u.uid] = "marks an unoccupied platform"
                return [h for h in got if reach[h] == near]
            cands = self._cands(g, u, p, [o for o in opps if rival._can_reach(dist, spots, o.hex, r)])
            if cands:
                return self.toward_mark(g, u, cands, reach, r)
        backup: list[str] = []
        for p in self.marking:
            q = "hex:platform" if p == "free-platform" else None if p == "here-platform" else "nau-" + p[1]
            if q is not None and q not in backup:
                backup.append(q)
        return self.backup_toward(g, u, reach, blocked, r, backup)

    def top(self, g: Game[NaumachiaState], u: UnitState, cands: Sequence[UnitState]) -> list[UnitState]:
        for p in self.targeting:
            got = self._cands(g, u, p, cands)
            if got:
                return got
        return []

    def plan_engage(self, g: Game, u: UnitState) -> list[tuple]:
        """RIV-9: a Special whose rival condition holds (Elude: within an opposing ship's Range, moving by the
        unit's marking list with Movement 5, NAU-44), else an attack by the targeting list."""
        assert plays(g, NaumachiaState)
        s = g.state
        for sid, param, fn in unit_hooks(u.unit, "special_options"):
            opts = fn(g, u, param)
            if not opts or not rival.RIVAL_SPECIAL_CONDITIONS.get(sid, rival._never)(g, u, param, opts):
                continue
            if sid == "elude":
                self.movement = ELUDE
                try:
                    dests = set(self.plan_move(g, u, s.blocked_for_move(u.troop), set()))
                finally:
                    self.movement = None
                opts = [a for a in opts if a[0] in dests]
                if not opts:
                    continue
            else:
                targeted = [a for a in opts if a and isinstance(a[0], int)]
                if targeted and len(targeted) == len(opts):
                    best = {o.uid for o in self.top(g, u, [s.units[a[0]] for a in opts])}
                    opts = [a for a in opts if a[0] in best] or opts
            return [("special", u.uid, sid, a) for a in opts]
        return [("attack", u.uid, t.uid) for t in self.top(g, u, rules.targets_in_range(s, u))]


# --------------------------------------------------------------------------- the mode


@register_mode
class Naumachia(RivalOrVersus):
    name = "naumachia"
    ruleset = RULESET
    summary = ("Pandora's Wake: ships crewed by a faction's units fight in the Flooded Colosseum among "
               "crocodiles; solo against the Sailors of the Dead, or competitive")
    arenas = (ARENA,)
    teams = "each troop (units and ships) alone; the crocodiles against everyone (solo: the rival is seat b)"
    default_max_rounds = DEFAULT_MAX_ROUNDS
    success = "faction a wins (solo: it defeats Charon)"
    columns = {"games": {"winner": "str", "winner_faction": "str", "rounds": "int", "end_reason": "str",
                         "solo": "bool", "capped": "bool",
                         **per_side("units_deployed", "damage_dealt", "kills", "units_lost", "crowd_favor",
                                    "events", "favor_lost", "ship_damage", "tactics_played", "hero_in")}}
    heuristics = Heuristics(trust=1.0)
    """Greedy's naval scoring (`policies.naval`); the lookahead keeps greedy's choice unless another beats it by
    a standard error (`trust`), as in the other modes where greedy plays the mode's own goals (measured,
    lookahead:8 on the same 60 seeds: solo against the rival 16 games won without, 28 with, greedy 26; head to
    head against greedy 39% without, 43% with)."""

    @classmethod
    def analysis_class(cls) -> type:
        from hoplostat.rulesets.remastered.naumachia.analysis import NaumachiaAnalysis

        return NaumachiaAnalysis

    @classmethod
    def greedy(cls) -> type:
        from hoplostat.rulesets.remastered.naumachia.players import NaumachiaGreedy

        return NaumachiaGreedy
    damage_only_kinds = frozenset({"ship"})
    """Pandora's Wake, "Ships and Captains": ships are not units or opponents, and "any effect applied to a ship
    other than damage is ignored" (NAU-16, NAU-17): no Hurl, Swap, Impel, Combat Lock, aura or Cover touches one
    (`rules.ignores_effects`; ruling R-PW-22)."""
    game_extras = ()
    side_extras = ("events", "favor_lost", "ship_damage", "tactics_played", "hero_in")

    def __init__(self, solo: bool, chips: dict[str, Unit]) -> None:
        self.solo = solo
        self.chips = chips

    # --- sweeps -------------------------------------------------------------------------------
    @classmethod
    def own_chips(cls, catalog, factions) -> tuple[str, ...]:
        """The crocodiles, in every game (NAU-3), and solo the Sailors of the Dead with Charon (NAU-13)."""
        crocs = tuple(sorted(u.id for u in catalog.units.values() if u.kind == "crocodile"))
        if RIVAL not in factions:
            return crocs
        hero, sailors = troop_chips(catalog, None)
        return (*crocs, hero.id, *(u.id for u in sailors))

    # --- set-up ---------------------------------------------------------------------------------
    @classmethod
    def new_game(cls, catalog: Catalog, spec: GameSpec, controllers: Sequence[Controller], *,
                 rng: np.random.Generator, log: bool = False, roller: Roller | None = None) -> Game:
        s = setup(catalog, spec, rng=rng, log=log)
        n = len(spec.factions)
        ctrls = cls.player_controllers(controllers, n, cls.name)
        if s.solo:
            units = NaumachiaRival(UNIT_MARK, UNIT_TARGET, players=ctrls[0], players_troop=0)
            ships = NaumachiaRival(SHIP_LIST, SHIP_LIST, players=ctrls[0], players_troop=0)
            croc = NaumachiaRival(CROC_LIST, CROC_LIST, players=ctrls[0], players_troop=0)
            all_ctrls = [ctrls[0], units, ctrls[0], ships, croc, croc]
        else:
            # NAU-26: a crocodile's choices are made by the player whose HP colour it has.
            all_ctrls = [ctrls[0], ctrls[1], ctrls[0], ctrls[1],
                         NaumachiaRival(CROC_LIST, CROC_LIST, players=ctrls[0], players_troop=0),
                         NaumachiaRival(CROC_LIST, CROC_LIST, players=ctrls[1], players_troop=1)]
        return Game(s, default_roller(rng, roller), all_ctrls, rng)

    def begin(self, g: Game[NaumachiaState]) -> None:
        refresh(g.state)

    # --- the round (NAU-46) ---------------------------------------------------------------------
    def round_turns(self, g: Game[NaumachiaState]):
        s = g.state
        for t in s.order:
            yield self.turn_of(g, t)
            yield self.croc_turn(g, 4 + t)

    def turn_of(self, g: Game[NaumachiaState], troop: int) -> Turn:
        """NAU-47: tactic placement, movement, abilities, engage, check platforms (no deployment step)."""
        s = g.state
        t = s.troops[troop]
        ships = troop + 2
        if troop == s.rival_troop:
            uc, sc = rival.controller_of(g, troop), rival.controller_of(g, ships)

            def rival_movement() -> None:
                refresh(s)
                rival.movement_step(g, ships, sc)
                refresh(s)
                rival.movement_step(g, troop, uc)

            def rival_abilities() -> None:
                refresh(s)
                rival.abilities_step(g, troop, uc)

            steps = self.steps_for(g, ("rival", troop), lambda: (
                ("start", lambda: self.start(g, troop)),
                ("tactic", lambda: self.rival_tactic(g, troop)),
                ("movement", rival_movement),
                ("abilities", rival_abilities),
                ("engage", lambda: self.rival_engage(g, (ships, troop))),
                ("platforms", lambda: self.check_platforms(g, troop)),
            ))
            return Turn(troop, f"-- Round {s.round}, rival ({t.side}) turn", steps)

        def movement() -> None:
            refresh(s)
            movement_step(g, ships)
            refresh(s)
            movement_step(g, troop)

        def abilities() -> None:
            refresh(s)
            turn.abilities_step(g, troop)

        steps = self.steps_for(g, troop, lambda: (
            ("start", lambda: self.start(g, troop)),
            ("tactic", lambda: self.tactic_step(g, troop)),
            ("movement", movement),
            ("abilities", abilities),
            ("engage", lambda: self.player_engage(g, troop)),
            ("platforms", lambda: self.check_platforms(g, troop)),
        ))
        return Turn(troop, f"-- Round {s.round}, {t.faction} ({t.side}) turn", steps)

    def croc_turn(self, g: Game[NaumachiaState], croc_troop: int) -> Turn:
        """NAU-23, NAU-48: the crocodiles of one HP colour: movement, abilities, engage, by Remastered's rival
        rules and the crocodile list (NAU-24)."""
        s = g.state
        rc = rival.controller_of(g, croc_troop)

        def movement() -> None:
            refresh(s)
            rival.movement_step(g, croc_troop, rc)

        def abilities() -> None:
            refresh(s)
            rival.abilities_step(g, croc_troop, rc)

        steps = self.steps_for(g, ("croc", croc_troop), lambda: (
            ("movement", movement),
            ("abilities", abilities),
            ("engage", lambda: self.rival_engage(g, (croc_troop,))),
        ))
        return Turn(croc_troop, f"-- Round {s.round}, crocodiles ({s.troops[croc_troop].side} HP) turn", steps)

    # --- turn steps -----------------------------------------------------------------------------
    def start(self, g: Game[NaumachiaState], troop: int) -> None:
        """Start of turn: the troop's tactics in play end (ruling R-PW-20), temporary effects, skill hooks."""
        s = g.state
        s.effects = [e for e in s.effects if e[2] != troop]
        turn.start_of_turn(g, troop)
        refresh(s)

    def tactic_targets(self, s: NaumachiaState, seat: int, tactic: str) -> list[UnitState]:
        """Valid targets of a tactic anywhere in the arena (NAU-29), by its stand-in text (R-PW-20)."""
        pieces = s.in_combat()
        if tactic in ("anchor", "foul-wind"):
            return [u for u in pieces if is_ship(u) and seat_of(u.troop) == 1 - seat]
        if tactic == "rupture":
            return [u for u in pieces if is_ship(u) and seat_of(u.troop) == seat]
        if tactic in ("bait", "befriended"):
            return [u for u in pieces if is_croc(u)]
        if tactic == "netted":
            return [u for u in pieces if not is_ship(u) and s.teams[u.troop] != s.teams[seat]]
        raise KeyError(tactic)

    def tactic_step(self, g: Game[NaumachiaState], troop: int) -> None:
        """NAU-29: at most one tactic (TAC-1), on any valid target anywhere; optional."""
        s = g.state
        camp = s.camp[troop]
        if not camp:
            return
        opts = [(i, u.uid) for i, name in enumerate(camp) for u in self.tactic_targets(s, troop, name)]
        choice = g.ask(troop, "sea-tactic", opts, optional=True, step=True)
        if choice is not None:
            self.play_tactic(g, troop, choice[0], s.units[choice[1]])

    def rival_tactic(self, g: Game[NaumachiaState], troop: int) -> None:
        """NAU-39, NAU-40: the oldest tactic that has a target by the sheet's table, then the next; one per turn;
        equal targets: the player chooses."""
        s = g.state
        rc = rival.controller_of(g, troop)
        for i, name in enumerate(s.camp[troop]):
            cands = rival_tactic_targets(s, troop, name)
            if not cands:
                continue
            uid = cands[0].uid if len(cands) == 1 else rc.tie(g, "rival-tactic", [u.uid for u in cands])
            self.play_tactic(g, troop, i, s.units[uid])
            return

    def play_tactic(self, g: Game[NaumachiaState], seat: int, i: int, target: UnitState) -> None:
        s = g.state
        name = s.camp[seat].pop(i)
        s.tactics_played[seat] += 1
        s.tactic_supply.append(name)  # ruling R-PW-19: a played tactic goes back to the supply
        t = s.troops[seat]
        s.say(f"{t.faction} ({t.side}) plays {name} on {target.name}: {TACTIC_TEXT[name]}")
        if name == "foul-wind":
            blow(g, target)
        else:
            s.effects.append((name, target.uid, seat, s.turn))
        refresh(s)

    def player_engage(self, g: Game[NaumachiaState], troop: int) -> None:
        """Remastered, "Engage" for the seat's ships and units together (each once, in the player's order), a
        Beast never targeting an Animalistic unit (NAU-44); a Pivot skill after its attack (NAU-37)."""
        s = g.state
        refresh(s)
        mine = (troop + 2, troop)

        def build() -> list:
            opts: list[tuple] = []
            for t in mine:
                for u in s.in_combat(t):
                    if u.engaged_turn != s.turn and rules.can_engage(s, u):
                        opts.extend(o for o in engage_options(g, u) if o[0] != "attack"
                                    or may_target(s, u, s.units[o[2]]))
            return opts

        def act(choice: tuple) -> None:
            self.act(g, choice)
        each_once(g, troop, "engage", build, act)

    def rival_engage(self, g: Game[NaumachiaState], troops: Sequence[int]) -> None:
        """RIV-9 for the rival's ships and units (or the crocodiles), with Pivot skills after an attack."""
        s = g.state
        refresh(s)
        for troop in troops:
            rc = rival.controller_of(g, troop)
            while True:
                opts: list[tuple] = []
                for u in s.in_combat(troop):
                    if u.engaged_turn == s.turn or not rules.can_engage(s, u):
                        continue
                    opts.extend(rc.plan_engage(g, u))
                if not opts:
                    break
                self.act(g, rc.tie(g, "rival-engage", opts))
                if s.end_reason is not None:
                    return

    def act(self, g: Game[NaumachiaState], choice: tuple) -> None:
        s = g.state
        u = s.units[choice[1]]
        rival.act(g, choice)
        if choice[0] == "attack" and s.end_reason is None:
            pivot(g, u)

    def check_platforms(self, g: Game[NaumachiaState], troop: int) -> None:
        """NAU-27, NAU-28: one random tactic from the supply per unit of the troop on a platform, into its camp,
        never above the Tactic Capacity; a Tactician captain brings one more each time (NAU-19; the capacity
        still holds: ruling R-PW-19)."""
        s = g.state
        n = sum(1 for u in s.in_combat(troop) if u.hex in s.platform_hexes)
        extra = "tactician" in troop_classes(s, troop)
        for _ in range(n):
            for _k in range(2 if extra else 1):
                if len(s.camp[troop]) >= CAPACITY or not s.tactic_supply:
                    return
                name = s.tactic_supply.pop(int(g.rng.integers(len(s.tactic_supply))))
                s.camp[troop].append(name)
                s.tactics_gained[troop] += 1
                s.say(f"{s.troops[troop].faction} ({s.troops[troop].side}) gains the tactic {name}")

    # --- rules hooks -----------------------------------------------------------------------------
    def roll_attack(self, g: Game[NaumachiaState], attacker: UnitState, pool: Any) -> int:
        """NAU-37: an attacker with a Pivot skill rolls die by die, so the roll reports its misses (a die with
        no hit); every other roll is the pool's at once (the same distribution)."""
        s = g.state
        if attacker.unit.kind == "ship" or not any(r.id in PIVOTS for r in attacker.unit.skills):
            return g.roller.hits(pool)
        hits = misses = 0
        for i, n in enumerate(pool.counts):
            one = [0] * len(COLOURS)
            one[i] = 1
            die = Pool(tuple(one))
            for _ in range(n):
                h = g.roller.hits(die)
                hits += h
                misses += h == 0
        s.last_roll = (attacker.uid, s.turn, misses)
        return hits

    def ignores_damage(self, g: Game[NaumachiaState], target: UnitState, amount: int, *, source: UnitState | None,
                       source_troop: int | None, what: str) -> bool:
        """NAU-17, NAU-31: damage dealt to a ship removes no HP; its troop loses that much favor (Defender: 1
        less, NAU-19)."""
        if target.unit.kind != "ship":
            return False
        s = g.state
        seat = seat_of(target.troop)
        n = amount
        if "defender" in troop_classes(s, seat):
            n = max(0, n - 1)
        if source_troop is not None and 0 <= seat_of(source_troop) != seat:
            s.ship_damage[seat_of(source_troop)] += n
        s.say(f"{target.name} ({s.troops[seat].side}) is dealt {amount} damage"
              + (" (Defender: 1 less)" if n != amount else ""))
        lose_favor(g, seat, n, f"damage to {target.name}")
        return True

    def after_damage(self, g: Game[NaumachiaState], target: UnitState, removed: int, *, source: UnitState | None,
                     source_troop: int | None) -> None:
        """NAU-44, Exploit: the other troop that damaged it (even fatally) loses as much favor as the HP it lost
        (ruling R-PW-21)."""
        if removed <= 0 or source_troop is None or not target.unit.has_skill("exploit"):
            return
        seat, mine = seat_of(source_troop), seat_of(target.troop)
        if seat >= 0 and mine >= 0 and seat != mine:
            lose_favor(g, seat, removed, f"Exploit of {target.name}")

    def after_defeat(self, g: Game[NaumachiaState], u: UnitState, *, source: UnitState | None,
                     source_troop: int | None) -> None:
        """NAU-2: a troop wins at once when the opposing hero is defeated."""
        s = g.state
        seat = seat_of(u.troop)
        if seat >= 0 and u.uid == s.hero[seat]:
            self.end(g, "hero defeated", 1 - seat)

    def end_text(self, g: Game, reason: str, winner: int | None) -> str:
        s = g.state
        if winner is None:
            return f"Game over: {reason}"
        t = s.troops[winner]
        return f"Game over: {reason}; {t.faction} ({t.side}) wins"

    def gain_favor(self, g: Game[NaumachiaState], troop: int, n: int, why: str) -> None:
        """NAU-35: favor gained moves the bead up its current track, never above its top, never back a track."""
        s = g.state
        seat = seat_of(troop)
        if n <= 0 or seat < 0:
            return
        top = TRACKS[s.track[seat]]
        k = min(n, top - s.left[seat])
        s.left[seat] += k
        s.favor_gained[seat] += k
        s.troops[seat].favor_total += k
        t = s.troops[seat]
        s.say(f"{t.faction} ({t.side}) gains {k} crowd favor ({why}), {s.left[seat]} space(s) above the event")

    # --- the result ------------------------------------------------------------------------------
    def result(self, g: Game[NaumachiaState], spec: GameSpec) -> GameResult:
        s = g.state
        n = len(s.players)
        out = [DRAW] * n if s.winner is None else [WON if p == s.winner else LOST for p in range(n)]

        def troop_result(t: TroopState, outcome: str) -> TroopResult:
            i = t.index
            ships = s.troops[i + 2]
            hero_in = s.units[s.hero[i]].entered if s.hero[i] >= 0 else False
            return TroopResult(i, t.faction, t.side, i, outcome, s.dislodged[i] + int(hero_in),
                               t.damage_dealt + ships.damage_dealt + s.ship_damage[i], t.kills + ships.kills,
                               t.units_lost, s.favor_gained[i], 0,  # no rewards in Naumachia: its events are extras
                               extras={"events": s.events[i], "favor_lost": s.favor_lost[i],
                                       "ship_damage": s.ship_damage[i], "tactics_played": s.tactics_played[i],
                                       "tactics_gained": s.tactics_gained[i], "hero_in": hero_in,
                                       "pivots": s.pivots[i]})
        troops = [troop_result(s.troops[p], out[p]) for p in range(n)]
        extras: dict[str, Any] = {}
        if s.solo:
            rt = s.troops[s.rival_troop]
            extras["rival"] = troop_result(rt, DRAW if s.winner is None else WON if s.winner == rt.index else LOST)
        return GameResult(mode=self.name, ruleset=RULESET, arena=ARENA,
                          factions=tuple(s.troops[p].faction for p in range(n)),
                          rounds=s.round, end_reason=s.end_reason or "unfinished",
                          first_player=s.order[0] if not s.solo else 0,
                          troops=troops, units=player_units(s, range(n), skip_zones=()),
                          unimplemented=unimplemented_in_game(s),
                          extras=extras, log=s.log)

    def objective(self, g: Game[NaumachiaState], troop: int) -> float:
        """Favor standing in Health points: each event the opponent has suffered is worth a captain (4), each
        space left above one's own next event 1, against the other seat's."""
        s = g.state
        seat = seat_of(troop)
        if seat < 0:
            return 0.0

        def standing(p: int) -> float:
            return -4.0 * s.events[p] + s.left[p]
        return standing(seat) - standing(1 - seat)


# --------------------------------------------------------------------------- crowd favor and events


def absolved(s: NaumachiaState, seat: int) -> bool:
    """NAU-44, Absolve: the troop cannot lose crowd favor while a unit of its with Absolve is in the water."""
    return any(u.unit.has_skill("absolve") and s.skills_work(u) for u in s.in_combat(seat))


def lose_favor(g: Game[NaumachiaState], seat: int, n: int, why: str) -> None:
    """NAU-31, NAU-32: the bead moves n spaces down its current track (a Tactician captain of the other troop:
    1 more, NAU-19); arriving on the event space resolves the event, the rest of the loss is ignored and the
    bead goes above the next track (after the rightmost, that track again)."""
    s = g.state
    if n <= 0 or s.end_reason is not None:
        return
    t = s.troops[seat]
    if absolved(s, seat):
        s.say(f"{t.faction} ({t.side}) cannot lose crowd favor (Absolve)")
        return
    if "tactician" in troop_classes(s, 1 - seat):
        n += 1
    if n < s.left[seat]:
        s.left[seat] -= n
        s.favor_lost[seat] += n
        s.say(f"{t.faction} ({t.side}) loses {n} crowd favor ({why}), {s.left[seat]} space(s) above the event")
        return
    s.favor_lost[seat] += s.left[seat]
    s.track[seat] = min(s.track[seat] + 1, len(TRACKS) - 1)
    s.left[seat] = TRACKS[s.track[seat]]
    s.events[seat] += 1
    s.say(f"{t.faction} ({t.side}) loses crowd favor ({why}) to crowd favor event {s.events[seat]}")
    event(g, seat)


def event(g: Game[NaumachiaState], seat: int) -> None:
    """NAU-33, NAU-34: every event dislodges a captain (the fourth too: ruling R-PW-17); the fourth also brings
    the troop's hero into combat."""
    s = g.state
    if s.ships[seat]:
        dislodge(g, seat)
    if s.events[seat] == HERO_EVENT:
        hero_enters(g, seat)
    refresh(s)


def dislodge(g: Game[NaumachiaState], seat: int) -> None:
    """NAU-33, NAU-43: the troop removes the captain of one of its ships (the player's choice; the rival: the
    ship with the most crewmembers, ties the player's) and places it on the free hex closest to that ship
    (ties: the controlling player; solo, the player also for the rival); the next crewmember becomes captain;
    a ship without crew leaves at once (NAU-21). The unit takes its full Health from its troop's colour,
    or what the supply holds (none: it goes to the discard), and is not dazed (ruling R-PW-17)."""
    s = g.state
    ships = s.ships[seat]
    if seat == s.rival_troop:
        most = max(len(s.crew[sh]) for sh in ships)
        cands = [sh for sh in ships if len(s.crew[sh]) == most]
        ship = cands[0] if len(cands) == 1 else g.ask(0, "rival-dislodge", cands, optional=False)
    else:
        ship = ships[0] if len(ships) == 1 else g.ask(seat, "dislodge", list(ships), optional=False)
    sh = s.units[ship]
    uid = s.crew[ship].pop(0)
    u = s.units[uid]
    row = s.grid.dist[sh.hex]
    free = [h for h in range(s.grid.n) if s.board[h] < 0 and s.can_occupy(seat, h)]
    s.dislodged[seat] += 1
    if free:
        near = min(row[h] for h in free)
        free = [h for h in free if row[h] == near]
        if len(free) > 1:
            h = g.ask(0 if s.solo else seat, "rival-dislodge-hex" if seat == s.rival_troop else "dislodge-hex",
                      free, optional=False)
        else:
            h = free[0]
        put_in_water(g, u, h, f"is dislodged from {sh.name}")
    else:
        u.zone = DISCARD
    if not s.crew[ship]:
        s.say(f"{sh.name} has no crew left and leaves the arena")
        s.board[sh.hex] = -1
        s.leave_combat(sh)
        s.supply[SHIPS] += sh.hp
        sh.hp = 0
        sh.hex = -1
        sh.zone = DISCARD
        ships.remove(ship)
    refresh(s)


def put_in_water(g: Game[NaumachiaState], u: UnitState, h: int, why: str) -> None:
    s = g.state
    key = s.supply_of(u.troop)
    hp = min(u.unit.health, s.supply[key])
    if hp <= 0:
        u.zone = DISCARD
        s.say(f"{u.name} {why} but no health chip is left: it is discarded")
        return
    s.supply[key] -= hp
    u.hp = hp
    u.hp_gained = 0
    u.zone = COMBAT
    u.hex = h
    u.entered = True
    u.times_deployed += 1
    s.board[h] = u.uid
    s.enter_combat(u)
    s.troops[u.troop].deployed += 1
    s.say(f"{u.name} ({s.troops[u.troop].side}) {why}: on hex {h} with {hp} HP")


def hero_enters(g: Game[NaumachiaState], seat: int) -> None:
    """NAU-34: the hero on its troop's deployment hex with full HP, or on the closest free hex if that one is
    blocked (ties: the controlling player; solo, the player for the rival)."""
    s = g.state
    u = s.units[s.hero[seat]]
    if u.zone == COMBAT:
        return
    home = s.grid.tagged(f"deploy-{s.troops[seat].side}")[0]
    if s.board[home] < 0:
        h = home
    else:
        row = s.grid.dist[home]
        free = [x for x in range(s.grid.n) if s.board[x] < 0 and s.can_occupy(seat, x)]
        if not free:
            s.mode.end(g, "hero defeated", 1 - seat)  # no hex to enter on (R-PW-17: it cannot enter)
            return
        near = min(row[x] for x in free)
        free = [x for x in free if row[x] == near]
        h = free[0] if len(free) == 1 else g.ask(0 if s.solo else seat, "rival-hero-hex" if seat == s.rival_troop
                                                 else "hero-hex", free, optional=False)
    put_in_water(g, u, h, "enters combat (the fourth crowd favor event)")
    refresh(s)
    if u.zone != COMBAT:
        s.mode.end(g, "hero defeated", 1 - seat)


def pivot(g: Game[NaumachiaState], u: UnitState) -> None:
    """NAU-37: right after a unit attacks an opposing unit or ship, its Pivot skills if the roll had a miss."""
    s = g.state
    uid, t, misses = s.last_roll
    if uid != u.uid or t != s.turn or misses <= 0:
        return
    s.last_roll = (-1, -1, 0)
    if u.zone != COMBAT or not s.skills_work(u):
        return
    for r in u.unit.skills:
        if r.id == "salvage":
            seat = seat_of(u.troop)
            s.pivots[seat] += 1
            s.say(f"{u.name} ({s.troops[u.troop].side}) uses Salvage (Pivot: {misses} miss(es))")
            s.mode.gain_favor(g, u.troop, 1, "Salvage")


# --------------------------------------------------------------------------- tactics


def rival_tactic_targets(s: NaumachiaState, seat: int, name: str) -> list[UnitState]:
    """NAU-40, the rival's Tactic Targeting table (any range); every equal target is returned."""
    pieces = s.in_combat()
    dist = s.grid.dist

    def best(cands: list[UnitState], key, largest: bool) -> list[UnitState]:
        if not cands:
            return []
        vals = [key(u) for u in cands]
        b = max(vals) if largest else min(vals)
        return [u for u, v in zip(cands, vals) if v == b]
    opp_ships = [u for u in pieces if is_ship(u) and seat_of(u.troop) == 1 - seat]
    crocs = [u for u in pieces if is_croc(u)]
    player_units = [u for u in pieces if not is_croc(u) and seat_of(u.troop) == 1 - seat]
    if name == "anchor":
        return best(opp_ships, lambda u: rules.movement_of(s, u), False)
    if name == "rupture":
        return best([u for u in pieces if is_ship(u) and seat_of(u.troop) == seat], lambda u: len(s.crew[u.uid]), False)
    if name == "bait":  # nearest to any player unit or ship
        return best(crocs, lambda c: min((dist[c.hex][p.hex] for p in player_units), default=99),
                    False) if player_units else []
    if name == "befriended":  # nearest to any player unit (not a ship)
        water = [p for p in player_units if not is_ship(p)]
        return best(crocs, lambda c: min(dist[c.hex][p.hex] for p in water), False) if water else []
    if name == "netted":  # the opponent in the water with the most HP
        return best([u for u in pieces if not is_ship(u) and s.teams[u.troop] != s.teams[seat]], lambda u: u.hp, True)
    if name == "foul-wind":
        starts = s.grid.tagged("ship-start")
        return best(opp_ships, lambda u: min(dist[u.hex][h] for h in starts), True)
    raise KeyError(name)


def blow(g: Game[NaumachiaState], ship: UnitState) -> None:
    """Foul Wind (stand-in, R-PW-20): the ship moves up to 2 hexes, each step to a free neighbour closer to the
    nearest ship starting hex (the lowest hex id among equals); not a move of its own."""
    s = g.state
    starts = s.grid.tagged("ship-start")
    dist = s.grid.dist
    blocked = s.blocked_for_move(ship.troop)
    for _ in range(WIND):
        here = min(dist[ship.hex][h] for h in starts)
        steps = [n for n in s.grid.neighbours[ship.hex] if not blocked[n] and min(dist[n][h] for h in starts) < here]
        if not steps:
            return
        dest = min(steps)
        src = ship.hex
        s.board[src] = -1
        s.board[dest] = ship.uid
        ship.hex = dest
        blocked[src], blocked[dest] = False, True
        s.say(f"{ship.name} is blown from hex {src} to hex {dest}")


# --------------------------------------------------------------------------- set-up


def crew_order(chips: Sequence[Unit]) -> tuple[list[Unit], list[Unit]]:
    """Ruling R-PW-15: the eight units by value (`troops.unit_value`, highest first, then id) dealt alternately
    to the two ships, so each ship's captain is one of the two strongest."""
    ranked = sorted(chips, key=lambda c: (-unit_value(c), c.id))
    return ranked[0::2], ranked[1::2]


def troop_chips(catalog: Catalog, faction: str | None) -> tuple[Unit, list[Unit]]:
    """NAU-13: the hero and eight non-elite units of a faction (the eight of highest value: ruling R-PW-15);
    `None`: the Sailors of the Dead, Charon and their eight units."""
    if faction is None:
        return catalog.unit(CHARON), sorted((u for u in catalog.units.values() if u.kind == "sailor"),
                                            key=lambda u: u.id)
    fa = catalog.faction(faction)
    units = sorted((u for u in catalog.units.values() if u.kind == "unit" and u.faction == faction),
                   key=lambda c: (-unit_value(c), c.id))
    return catalog.unit(fa.hero), units[:CREW]


def setup(catalog: Catalog, spec: GameSpec, *, rng: np.random.Generator, log: bool = False) -> NaumachiaState:
    """NAU-1, NAU-9..NAU-14: the Flooded Colosseum; seat a red, seat b blue (solo: the rival blue, playing
    first); each troop's eight units split over its two ships on its side's ship starting hexes (R-PW-15); the
    four crocodiles at random on their starting hexes, two with red HP and two with blue; beads above the
    leftmost track; the six tactics in the supply."""
    factions = tuple(spec.factions)
    solo = len(factions) == 1
    grid = HexGrid.of(catalog.arena(ARENA))
    crocs = sorted((u for u in catalog.units.values() if u.kind == "crocodile"), key=lambda u: u.id)
    troops = [TroopState(index=0, side="red", faction=factions[0]),
              TroopState(index=1, side="blue", faction=RIVAL if solo else factions[1]),
              TroopState(index=2, side="red", faction=factions[0], health=SHIPS),
              TroopState(index=3, side="blue", faction=RIVAL if solo else factions[1], health=SHIPS),
              TroopState(index=4, side="red", faction="crocodile", health="red"),
              TroopState(index=5, side="blue", faction="crocodile", health="blue")]
    for t in troops:
        t.tactics_camp = []
    if solo:
        order = [1, 0]  # NAU-12: the rival is player 1
    elif spec.first is not None:
        order = [spec.first, 1 - spec.first]
    else:
        first = int(rng.integers(2))
        order = [first, 1 - first]
    supply = {**catalog.game.health_chips, SHIPS: 4}
    mode = Naumachia(solo, {c.id: c for c in crocs})
    s = NaumachiaState(
        grid=grid, units=[], troops=troops, board=[-1] * grid.n, supply=dict(supply), supply_start=dict(supply),
        order=order, log=[] if log else None, mode=mode, teams=[0, 1, 0, 1, 2, 2], players=[0] if solo else [0, 1],
        solo=solo, rival_troop=1 if solo else -1, ships=[[], []], hero=[-1, -1], track=[0, 0],
        left=[TRACKS[0], TRACKS[0]], events=[0, 0], favor_lost=[0, 0], favor_gained=[0, 0], ship_damage=[0, 0],
        tactic_supply=list(TACTICS), camp=[[], []], tactics_gained=[0, 0], tactics_played=[0, 0], pivots=[0, 0],
        dislodged=[0, 0], platform_hexes=frozenset(grid.tagged("platform")),
    )
    units = s.units
    for seat in (0, 1):
        hero, crew = troop_chips(catalog, None if (solo and seat == 1) else factions[seat])
        h = UnitState(len(units), hero, seat, zone=CAMP)
        h.is_primary_hero = True
        units.append(h)
        s.hero[seat] = h.uid
        side = troops[seat].side
        for k, (part, hx) in enumerate(zip(crew_order(crew), grid.tagged(f"ship-start-{side}")), start=1):
            members = []
            for chip in part:
                u = UnitState(len(units), chip, seat, zone=CREW_ZONE)
                units.append(u)
                members.append(u.uid)
            ship = UnitState(len(units), ship_chip(part[0], len(part) - 1, side=side, index=k), seat + 2)
            units.append(ship)
            rules.place_at_setup(s, ship, hx)
            s.crew[ship.uid] = members
            s.ships[seat].append(ship.uid)
    # NAU-14 (ruling R-PW-15): the four crocodiles at random, two with red HP and two with blue.
    hexes = list(grid.tagged("croc-start"))
    perm = [int(i) for i in rng.permutation(len(crocs))]
    for k, i in enumerate(perm):
        u = UnitState(len(units), crocs[i], 4 if k < 2 else 5)
        units.append(u)
        rules.place_at_setup(s, u, hexes[k])
    s.say("Set-up: Naumachia on the Flooded Colosseum, " + ("solo: " + factions[0] + " (red) against the Sailors "
          "of the Dead (blue)" if solo else f"{factions[0]} (red) against {factions[1]} (blue)"))
    for seat in (0, 1):
        for sh in s.ships[seat]:
            s.say(f"{s.units[sh].name}: crew " + ", ".join(s.units[c].name for c in s.crew[sh]))
    return s


__all__ = ["ARENA", "CAPACITY", "HERO_EVENT", "Naumachia", "NaumachiaRival", "NaumachiaState", "TACTICS", "TRACKS",
           "crew_order", "dislodge", "event", "lose_favor", "may_target", "refresh", "rival_tactic_targets", "setup",
           "ship_chip", "troop_chips"]
