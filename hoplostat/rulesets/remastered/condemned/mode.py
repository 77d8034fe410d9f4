"""Condemned Mode (Pandora's Wake, "Condemned Mode"): solo against the rival troop, or competitive, on the
Fa Mel Prison. Each player troop has a Wretch and wins at once when it reaches the escape hex on the far
side (CON-3); the guardians Scylla and Charybdis are a third party opposing everyone (CON-27).

Troops (`CondemnedState`): seat a is red, seat b blue (solo: the rival is blue), then one troop per
guardian, each drawing its 12 HP from the colour of its guardian hex (CON-12), all three parties on their
own teams. Rounds (CON-52): player 1's turn (solo: the rival's), player 2's, then the arena turn (the
guardians' Engage step only, CON-31). A player turn (CON-53): check key hexes (favor), deployment (the
unit limit, CON-22), movement (escape hexes open to Wretches only, CON-8), abilities, engage, and the
optional pay-2-HP die step (CON-26).

The arena die is game state (`CondemnedState.die`); its face's effects are applied by `apply_die`: skills
granted to the guardians (Absorb; Blasphemous and Retaliate) and stat changes (+1 Range, +2 Wretch Movement)
through the registry's granted-skill chips (`engine.registry.grant`); the key-hex faces act in
`key_favor`. Rewards (CON-41..CON-43) re-roll it.

The solo rival (`CondemnedRival`) marks and targets by the reference sheet's lists, which switch with the
alert state (CON-46, CON-47, CON-49); the champion has its own marking and targeting lists (CON-37) and is
inactive (off the board's units, its hex closed) until the Wretch crosses the alert line or a bead reaches
the last reward (CON-35).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from hoplostat.catalog.model import Catalog, Unit
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
from hoplostat.engine.mode import per_side
from hoplostat.engine.registry import grant, register, unimplemented_in_game
from hoplostat.engine.rules import Controller, Game, Roller, plays
from hoplostat.engine.state import CAMP, COMBAT, DISCARD, GameState, TeamGameState, TroopState, UnitState
from hoplostat.rulesets.remastered import rival, turn
from hoplostat.rulesets.remastered.base import RULESET
from hoplostat.rulesets.remastered.rival_or_versus import RIVAL, RivalOrVersus

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


# --------------------------------------------------------------------------- rival priorities

def _hp_matching(s, o) -> bool:
    # CON-46: "HP-matching guardian": the guardian whose HP has the rival's colour (as in CON-36; R-PW-9).
    return o.unit.kind == "guardian" and s.rival_troop >= 0 and s.supply_of(o.troop) == s.supply_of(s.rival_troop)


register(GUARDIAN_HOLD, "innate", ruleset=RULESET, stationary=True)
"""CON-28 as a granted skill: the guardians never move and cannot be displaced (`rules.can_be_displaced`)."""

rival.SETS.setdefault("wretch", lambda s, o: o.unit.kind == "wretch")
rival.SETS.setdefault("guardian", lambda s, o: o.unit.kind == "guardian")
rival.SETS.setdefault("hp-guardian", _hp_matching)
rival.SETS.setdefault("player-elite", lambda s, o: o.unit.elite and o.troop in getattr(s, "players", ()))


class CondemnedRival(rival.RivalController):
    """The solo rival (CON-45..CON-50): marking and targeting lists by unit (champion or not) and alert state;
    otherwise Remastered's rival rules (RIV-1..RIV-9), ties to the players (CON-48)."""

    def lists(self, g: Game[CondemnedState], u: UnitState) -> tuple[tuple[str, ...], tuple[str, ...]]:
        s = g.state
        if on_alert(s):
            return RIVALS_ALERT, RIVALS_ALERT  # CON-47: the champion too
        if u.uid == s.champion:
            return CHAMPION_MARK, CHAMPION_TARGET  # CON-37
        return RIVALS_CALM, RIVALS_CALM  # CON-46

    def _cands(self, g: Game, u: UnitState, p: str, opps: Sequence[UnitState]) -> list[UnitState]:
        s = g.state
        if p == "weakest-elite":
            els = [o for o in opps if o.unit.elite]
            if not els:
                return []
            low = min(o.hp for o in els)
            return [o for o in els if o.hp == low]
        pred = rival.SETS[p]
        return [o for o in opps if pred(s, o)]

    def hex_marks(self, g: Game[CondemnedState], u: UnitState, p: str, spots: Sequence[int], r: int) -> list[int]:
        """The hexes of a hex priority among `spots` (the unit's hex and its reachable hexes), best first kept."""
        s = g.state
        dist = s.grid.dist
        if p == "escape-adjacent":
            goal = s.goal[0]
            return [h for h in spots if goal >= 0 and dist[h][goal] == 1]
        opps = s.opponents_of(u.troop) if p == "key-in-range" else ()
        best, out = 0, []
        for h in spots:
            v = key_value(s, h)
            if not v or (p == "key-in-range" and not any(dist[h][o.hex] <= r for o in opps)):
                continue
            if v > best:
                best, out = v, [h]
            elif v == best:
                out.append(h)
        return out

    def plan_move(self, g: Game, u: UnitState, blocked: Sequence[bool], locked: set[int]) -> list[int]:
        """RIV-3..RIV-6 over the unit's marking list: unit priorities as Remastered's; hex priorities reached by
        moving onto the hex (RIV-6), the highest value first, staying if it already stands on one."""
        assert plays(g, CondemnedState)
        s = g.state
        grid = s.grid
        dist = grid.dist
        marking, _ = self.lists(g, u)
        m = rules.movement_of(s, u)
        r = rules.range_of(s, u)
        reach = grid.reachable(u.hex, m, blocked, locked) if m > 0 else {}
        spots = [u.hex, *reach]
        opps = s.opponents_of(u.troop)
        for p in marking:
            if p in HEX_PRIORITIES:
                got = self.hex_marks(g, u, p, spots, r)
                if not got:
                    continue
                if u.hex in got:
                    self.why[u.uid] = f"stands on its {p} priority: does not move"
                    return []
                near = min(reach[h] for h in got)
                self.why[u.uid] = f"marks a hex ({p})"
                return [h for h in got if reach[h] == near]
            # Remastered, "Identify a Mark": "the rival assesses only the units within reach", so a superlative
            # (the weakest opposing elite, CON-47) is taken among the opponents it can reach (RIV-3).
            cands = self._cands(g, u, p, [o for o in opps if rival._can_reach(dist, spots, o.hex, r)])
            if cands:
                return self.toward_mark(g, u, cands, reach, r, f" ({p})")
        # RIV-5: back-up movement toward the list's unit priorities and the key hexes.
        backup = []
        for p in marking:
            q = "hex:key" if p in ("key", "key-in-range") else "player-elite" if p == "weakest-elite" else p
            if q not in HEX_PRIORITIES and q not in backup:
                backup.append(q)
        return self.backup_toward(g, u, reach, blocked, r, backup)

    def top(self, g: Game[CondemnedState], u: UnitState, cands: Sequence[UnitState]) -> list[UnitState]:
        _, targeting = self.lists(g, u)
        for p in targeting:
            if p in HEX_PRIORITIES:
                continue
            got = self._cands(g, u, p, cands)
            if got:
                return got
        return []

    def plan_engage(self, g: Game, u: UnitState) -> list[tuple]:
        """RIV-9 with the unit's targeting list: a Special whose rival condition holds, else an attack."""
        assert plays(g, CondemnedState)
        s = g.state
        from hoplostat.engine.registry import unit_hooks

        for sid, param, fn in unit_hooks(u.unit, "special_options"):
            opts = fn(g, u, param)
            if not opts or not rival.RIVAL_SPECIAL_CONDITIONS.get(sid, rival._never)(g, u, param, opts):
                continue
            targeted = [a for a in opts if a and isinstance(a[0], int)]
            if targeted and len(targeted) == len(opts):
                best = {o.uid for o in self.top(g, u, [s.units[a[0]] for a in opts])}
                opts = [a for a in opts if a[0] in best] or opts
            return [("special", u.uid, sid, a) for a in opts]
        return [("attack", u.uid, t.uid) for t in self.top(g, u, rules.targets_in_range(s, u))]


class GuardianController(rival.RivalController):
    """Scylla and Charybdis (CON-29, CON-30): priority "opponent", Savage when two or more opponents are in
    Range (the Remastered rival condition of Savage). Solo, the player breaks their ties (Remastered's rival
    rules); competitive, neither player may, so ties are drawn at random (ruling R-PW-3)."""

    def __init__(self, *, players: Any = None, players_troop: int = 0, neutral: bool = False) -> None:
        super().__init__(("opponent",), players=players, players_troop=players_troop)
        self.neutral = neutral

    def tie(self, g: Game, decision: str, options: Sequence[Any]) -> Any:
        if len(options) == 1:
            return options[0]
        if self.neutral:
            return options[int(g.rng.integers(len(options)))]
        return super().tie(g, decision, options)


# --------------------------------------------------------------------------- the mode


@register_mode
class Condemned(RivalOrVersus):
    name = "condemned"
    ruleset = RULESET
    summary = ("Pandora's Wake: Wretches escape the Fa Mel Prison past Scylla and Charybdis; solo against the "
               "rival troop, or competitive")
    arenas = (ARENA,)
    teams = "each troop alone; the guardians against everyone (solo: the rival troop is seat b)"
    default_max_rounds = DEFAULT_MAX_ROUNDS
    success = "faction a wins (solo: its Wretch escapes)"
    columns = {"games": {"winner": "str", "winner_faction": "str", "rounds": "int", "end_reason": "str",
                         "solo": "bool", "capped": "bool", "die_rolls": "int", "champion_active": "bool",
                         **per_side("units_deployed", "damage_dealt", "kills", "units_lost", "crowd_favor",
                                    "rewards", "wretch_level", "guardian_damage")}}

    @classmethod
    def greedy(cls) -> type:
        from hoplostat.rulesets.remastered.condemned.players import CondemnedGreedy

        return CondemnedGreedy

    game_extras = ("die_rolls", "champion_active")
    side_extras = ("rewards", "wretch_level", "guardian_damage")

    def __init__(self, solo: bool, chips: dict[str, Unit], bag: Sequence[Unit] = (),
                 faction_hero: dict[str, Unit] | None = None) -> None:
        self.solo = solo
        self.chips = chips
        self.bag = tuple(bag)
        """Every hero of the catalog, faction and neutral (CON-16), in id order."""
        self.faction_hero = dict(faction_hero or {})

    # --- sweeps: solo games are a versus row against the rival ------------------------------
    @classmethod
    def own_chips(cls, catalog, factions) -> tuple[str, ...]:
        """The arena guardians, in every game (CON-12)."""
        return GUARDIANS

    # --- set-up ---------------------------------------------------------------------------
    @classmethod
    def new_game(cls, catalog: Catalog, spec: GameSpec, controllers: Sequence[Controller], *,
                 rng: np.random.Generator, log: bool = False, roller: Roller | None = None) -> Game:
        s = setup(catalog, spec, rng=rng, log=log)
        n = len(spec.factions)
        ctrls = cls.player_controllers(controllers, n, cls.name)
        if s.solo:
            rc = CondemnedRival(("opponent",), players=ctrls[0], players_troop=0)
            gc = GuardianController(players=ctrls[0], players_troop=0)
            all_ctrls = [ctrls[0], rc, gc, gc]
        else:
            gc = GuardianController(neutral=True)
            all_ctrls = [*ctrls, gc, gc]
        return Game(s, default_roller(rng, roller), all_ctrls, rng)

    def begin(self, g: Game[CondemnedState]) -> None:
        draft(g)
        apply_die(g)

    # --- the round (CON-52) ------------------------------------------------------------------
    def round_turns(self, g: Game[CondemnedState]):
        s = g.state
        for t in s.order:
            yield self.turn_of(g, t)
        yield self.arena_turn(g)

    def turn_of(self, g: Game[CondemnedState], troop: int) -> Turn:
        s = g.state
        t = s.troops[troop]
        if troop == s.rival_troop:
            rc = rival.controller_of(g, troop)
            steps = self.steps_for(g, ("rival", troop), lambda: (
                ("start", lambda: self.start(g, troop)),
                ("deployment", lambda: self.rival_deploy(g)),
                ("movement", lambda: rival.movement_step(g, troop, rc)),
                ("abilities", lambda: rival.abilities_step(g, troop, rc)),
                ("engage", lambda: rival.engage_step(g, troop, rc)),
            ))
            return Turn(troop, f"-- Round {s.round}, rival ({t.side}) turn", steps)
        steps = self.steps_for(g, troop, lambda: (
            ("start", lambda: self.start(g, troop)),
            ("deployment", lambda: self.deployment(g, troop)),
            ("movement", lambda: movement_step(g, troop)),
            ("abilities", lambda: turn.abilities_step(g, troop)),
            ("engage", lambda: turn.engage_step(g, troop)),
            ("die", lambda: self.pay_for_face(g, troop)),
        ))
        return Turn(troop, f"-- Round {s.round}, {t.faction} ({t.side}) turn", steps)

    def arena_turn(self, g: Game[CondemnedState]) -> Turn:
        """CON-31, CON-54: the guardians' Engage step only."""
        s = g.state

        def engage() -> None:
            for gt in s.guardian_troops:
                rival.engage_step(g, gt, rival.controller_of(g, gt))
                if s.end_reason is not None:
                    return
        steps = self.steps_for(g, "arena", lambda: (("engage", engage),))
        return Turn(s.guardian_troops[0], f"-- Round {s.round}, arena turn", steps)

    # --- player and rival turn steps ----------------------------------------------------------
    def start(self, g: Game[CondemnedState], troop: int) -> None:
        """Start of turn (temporary effects), the alert check (CON-49: a displaced Wretch too), then the
        check key hexes step (CON-38)."""
        s = g.state
        turn.start_of_turn(g, troop)
        self.check_alert(g)
        if s.end_reason is not None:
            return
        gained = 0
        for u in s.in_combat(troop):
            if "key" in s.grid.tags[u.hex]:
                gained += key_favor(s, u.hex)
        if gained:
            s.key_favor[troop] += gained
            self.gain_favor(g, troop, gained, "units on key hexes")

    def in_limit(self, s: CondemnedState, troop: int) -> int:
        """Units counted against the unit limit: not the Wretch, not the champion (CON-22)."""
        return sum(1 for u in s.in_combat(troop) if not is_wretch(u) and u.uid != s.champion)

    def deployment(self, g: Game[CondemnedState], troop: int) -> None:
        """CON-20, CON-22: a troop at its unit limit cannot deploy; the four hexes of its colour."""
        s = g.state
        if self.in_limit(s, troop) >= s.limit[troop]:
            return
        turn.deployment_step(g, troop, self.deployment_hexes(s, troop))

    def rival_deploy(self, g: Game[CondemnedState]) -> None:
        """CON-45: the first hero of the lineup still in camp, unless at the limit or the supply lacks its
        full Health (then no deployment that turn: ruling R-PW-10), on the free deployment hex closest to the
        player's Wretch (CON-21; ties: the player)."""
        s = g.state
        troop = s.rival_troop
        if self.in_limit(s, troop) >= s.limit[troop]:
            return
        camp = [s.units[i] for i in s.lineup if s.units[i].zone == CAMP]
        if not camp:
            return
        u = camp[0]
        free = [h for h in self.deployment_hexes(s, troop) if s.board[h] < 0 and s.can_occupy(troop, h)]
        if not free or s.supply[s.supply_of(troop)] < u.unit.health:
            s.say(f"{u.name} cannot be deployed (no available deployment hex or health chips)")
            return
        w = s.wretch[0]
        if w >= 0 and s.units[w].zone == COMBAT:
            row = s.grid.dist[s.units[w].hex]
            near = min(row[h] for h in free)
            free = [h for h in free if row[h] == near]
        rules.deploy(g, u, rival.controller_of(g, troop).tie(g, "rival-deploy", free))

    def deployment_hexes(self, s: GameState, troop: int) -> tuple[int, ...]:
        return s.grid.tagged(f"deploy-{s.troops[troop].side}")

    def pay_for_face(self, g: Game[CondemnedState], troop: int) -> None:
        """CON-26: a player may remove 2 HP from its own Wretch to set the die to the face it chooses (ruling
        R-PW-2: any other face; not damage; only while the Wretch keeps at least 1 HP)."""
        s = g.state
        w = s.wretch[troop]
        if w < 0 or s.units[w].zone != COMBAT or s.units[w].hp <= PAY_HP:
            return
        faces = [f for f in range(1, 7) if f != s.die]
        face = g.ask(troop, "die-face", faces, optional=True, step=True)
        if face is None:
            return
        u = s.units[w]
        u.hp -= PAY_HP
        s.supply[s.supply_of(troop)] += PAY_HP
        s.die_paid[troop] += 1
        s.say(f"{s.troops[troop].faction} ({s.troops[troop].side}) removes {PAY_HP} HP from {u.name} "
              f"({u.hp} left) to set the arena die")
        set_die(g, face, "chosen")

    # --- rules hooks -------------------------------------------------------------------------
    def after_move(self, g: Game[CondemnedState], u: UnitState, src: int, dest: int) -> None:
        s = g.state
        if is_wretch(u):
            if dest == s.goal[u.troop]:
                # CON-3: a troop wins at once when its own Wretch arrives on its goal escape hex.
                s.escaped = u.troop
                self.end(g, "Wretch escaped", u.troop)
                return
            self.check_alert(g)

    def check_alert(self, g: Game[CondemnedState]) -> None:
        """CON-35: the champion activates the first time the player's Wretch is past the alert line; checked
        after the Wretch's moves and at the start of every turn (a displaced Wretch: ruling R-PW-13)."""
        s = g.state
        if s.solo and not s.champion_active and on_alert(s):
            activate_champion(g, "the Wretch crossed the alert line")

    def after_damage(self, g: Game[CondemnedState], target: UnitState, removed: int, *, source: UnitState | None,
                     source_troop: int | None) -> None:
        """CON-39, CON-50: HP removed from an opponent (guardians included) earns its troop that much favor."""
        s = g.state
        if removed <= 0 or source_troop is None or source_troop in s.guardian_troops:
            return
        if s.teams[source_troop] == s.teams[target.troop]:
            return
        if is_guardian(target):
            s.guardian_hp[source_troop] += removed
        self.gain_favor(g, source_troop, removed, f"{removed} HP removed from {target.name}")

    def after_defeat(self, g: Game[CondemnedState], u: UnitState, *, source: UnitState | None,
                     source_troop: int | None) -> None:
        s = g.state
        if not is_wretch(u):
            return
        troop = u.troop
        if s.solo:
            self.end(g, "Wretch defeated", s.rival_troop)  # CON-4
            return
        s.fallen.append(troop)
        other = 1 - troop
        if len(s.fallen) >= 2:
            # CON-5: both Wretches defeated: the troop whose Wretch fell first wins.
            self.end(g, "both Wretches defeated", s.fallen[0])
        else:
            s.say(f"{s.troops[troop].faction} ({s.troops[troop].side}) can now only win by defeating "
                  f"{s.units[s.wretch[other]].name} ({s.troops[other].side}) before it escapes")

    def end_text(self, g: Game, reason: str, winner: int | None) -> str:
        s = g.state
        if winner is None:
            return f"Game over: {reason}"
        t = s.troops[winner]
        return f"Game over: {reason}; {t.faction} ({t.side}) wins"

    # --- crowd favor (CON-38..CON-44) -----------------------------------------------------------
    def gain_favor(self, g: Game[CondemnedState], troop: int, n: int, why: str) -> None:
        s = g.state
        if n <= 0 or troop not in s.order:
            return
        t = s.troops[troop]
        if t.favor >= TOP:
            return  # CON-44: the top reached, no more favor
        old = t.favor
        t.favor = min(TOP, old + n)
        t.favor_total += t.favor - old
        s.favor_earned[troop] += t.favor - old
        s.say(f"{t.faction} ({t.side}) earns {n} crowd favor ({why}), bead on {t.favor}")
        for k, space in enumerate(REWARDS, start=1):
            if old < space <= t.favor:
                self.reward(g, troop, k)
                if s.end_reason is not None:
                    return

    def reward(self, g: Game[CondemnedState], troop: int, k: int) -> None:
        """CON-41: the Wretch gains 2 HP (not the rival), the die is rolled again; CON-42: rewards 1-3 upgrade
        the Wretch and raise the unit limit to its new level; CON-43: the fourth returns a defeated elite
        to camp and, solo, activates the champion."""
        s = g.state
        t = s.troops[troop]
        t.rewards += 1
        s.rewards_claimed[troop] += 1
        s.say(f"{t.faction} ({t.side}) reaches crowd favor reward {k}")
        w = s.wretch[troop]
        wretch = s.units[w] if w >= 0 and s.units[w].zone == COMBAT else None
        if wretch is not None:
            rules.gain_hp(g, wretch, 2)
        roll_die(g, "a crowd favor reward")
        if k <= 3:
            # CON-23: the limit rises to the Wretch's new level, 2, 3 then 4 (also the rival's and a troop's
            # whose Wretch fell: +1 with each of its first three rewards, ruling R-PW-7).
            s.limit[troop] = k + 1
            if wretch is not None:
                upgrade(g, wretch, k + 1)
            return
        back = [u for u in s.units if u.troop == troop and u.zone == DISCARD and u.unit.elite]
        if back:
            if troop == s.rival_troop:
                best = max((u.unit.health, u.unit.attack.size) for u in back)
                cands = [u.uid for u in back if (u.unit.health, u.unit.attack.size) == best]
                uid = rival.controller_of(g, troop).tie(g, "rival-return", cands)
            else:
                uid = g.ask(troop, "return-unit", [u.uid for u in back], optional=False)
            u = s.units[uid]
            u.zone = CAMP
            s.say(f"{u.name} returns to the camp of {t.faction} ({t.side})")
            if troop == s.rival_troop:
                # "to be deployed as normal" (Pandora's Wake, "Crowd Favor Rewards"): the rival deploys from its
                # lineup, so the unit goes to the end of it, a defeated champion too (ruling R-PW-10)
                if uid in s.lineup:
                    s.lineup.remove(uid)
                s.lineup.append(uid)
        if s.solo and not s.champion_active:
            activate_champion(g, f"{t.faction} reached the last reward")

    # --- the result ------------------------------------------------------------------------------
    def result(self, g: Game[CondemnedState], spec: GameSpec) -> GameResult:
        s = g.state
        n = len(s.players)
        if s.winner is None:
            out = [DRAW] * n
        else:
            out = [WON if p == s.winner else LOST for p in range(n)]
        gd = guardian_damage(s)

        def troop_result(t: TroopState, outcome: str) -> TroopResult:
            return TroopResult(t.index, t.faction, t.side, t.index, outcome, t.deployed, t.damage_dealt, t.kills,
                               t.units_lost, s.favor_earned[t.index], s.rewards_claimed[t.index],
                               extras={"wretch_level": s.level[t.index], "guardian_damage": gd[t.index],
                                       "key_favor": s.key_favor[t.index], "die_paid": s.die_paid[t.index]})
        troops = [troop_result(s.troops[p], out[p]) for p in range(n)]
        extras: dict[str, Any] = {"die": s.die, "die_rolls": s.die_rolls, "champion_active": s.champion_active,
                                  "heroes": list(s.drafted)}
        if s.solo:
            rt = s.troops[s.rival_troop]
            extras["rival"] = troop_result(rt, DRAW if s.winner is None else WON if s.winner == rt.index else LOST)
            extras["champion"] = s.units[s.champion].unit.id if s.champion >= 0 else ""
        return GameResult(mode=self.name, ruleset=RULESET, arena=ARENA,
                          factions=tuple(s.troops[p].faction for p in range(n)),
                          rounds=s.round, end_reason=s.end_reason or "unfinished",
                          first_player=s.order[0] if not s.solo else 0,
                          troops=troops, units=player_units(s, range(n)), unimplemented=unimplemented_in_game(s),
                          extras=extras, log=s.log)

    def objective(self, g: Game[CondemnedState], troop: int) -> float:
        """How close the troop's Wretch is to its goal, against the other's (in Health points: 3 per hex)."""
        s = g.state

        def left(t: int) -> float:
            w = s.wretch[t] if 0 <= t < len(s.wretch) else -1
            if w < 0 or s.units[w].zone != COMBAT:
                return 0.0
            return 3.0 * (12 - min(12, s.grid.dist[s.units[w].hex][s.goal[t]]))
        mine = left(troop)
        others = sum(left(p) for p in s.players if p != troop)
        return mine - others


# --------------------------------------------------------------------------- the die, Wretches, the champion


def apply_die(g: Game[CondemnedState]) -> None:
    """CON-24: the current face's effects on the guardians and Wretches, as granted skills and stat changes
    (`engine.registry.grant`); the key-hex faces act in `key_favor`. Guardians always hold their hex
    (CON-28: the granted `guardian-hold`)."""
    s = g.state
    face = s.die
    for uid in s.guardians:
        u = s.units[uid]
        grant(s, u, (GUARDIAN_HOLD, *GUARDIAN_SKILLS.get(face, ())), range_=GUARDIAN_RANGE.get(face, 0))
    for uid in s.wretch:
        if uid >= 0:
            u = s.units[uid]
            grant(s, u, (), movement=WRETCH_MOVEMENT.get(face, 0))


def set_die(g: Game[CondemnedState], face: int, how: str) -> None:
    s = g.state
    s.die = face
    s.say(f"The arena die shows {face} ({how}): {FACE_TEXT[face]}")
    apply_die(g)


def roll_die(g: Game[CondemnedState], why: str) -> None:
    """CON-25: rolled again whenever either troop earns a reward."""
    s = g.state
    s.die_rolls += 1
    set_die(g, int(g.rng.integers(1, 7)), f"rolled for {why}")


def upgrade(g: Game[CondemnedState], u: UnitState, level: int) -> None:
    """CON-32: the Wretch flips to the next level at once, never above IV; it keeps its HP (the chips stay
    on it, ruling R-PW-5) and its gained HP; the die's grants stay on the new face."""
    s = g.state
    level = min(level, len(WRETCH))
    if level <= s.level[u.troop]:
        return
    s.level[u.troop] = level
    chip = s.mode.chips[WRETCH[level - 1]]
    grant(s, u, (), movement=WRETCH_MOVEMENT.get(s.die, 0), printed=chip)
    s.say(f"{s.troops[u.troop].faction} ({s.troops[u.troop].side})'s Wretch becomes {chip.name}")


def activate_champion(g: Game[CondemnedState], why: str) -> None:
    """CON-35, CON-36: the champion flips and gains its full HP (not a deployment, so not dazed: ruling
    R-PW-8); missing chips come from the guardian with the rival's colour, then from the strongest rival
    unit; one left with 0 HP is defeated, which is not damage (no favor, ruling R-PW-8)."""
    s = g.state
    if s.champion < 0 or s.champion_active:
        return
    c = s.units[s.champion]
    key = s.supply_of(s.rival_troop)
    need = c.unit.health - s.supply[key]
    donors = [s.units[i] for i in s.guardians if s.units[i].zone == COMBAT and s.supply_of(s.units[i].troop) == key]
    rivals = sorted((u for u in s.in_combat(s.rival_troop)), key=lambda u: (-u.hp, u.uid))
    for d in [*donors, *rivals[:1]]:
        if need <= 0:
            break
        k = min(need, d.hp)
        d.hp -= k
        s.supply[key] += k
        need -= k
        s.say(f"{k} health chip(s) are taken from {d.name} for the champion")
        if d.hp <= 0:
            rules.defeat(g, d)
    s.closed.remove(s.champion_hex)
    c.active = True
    s.champion_active = True
    s.champion_round = s.round
    hp = min(c.unit.health, s.supply[key])
    s.supply[key] -= hp
    c.hp = hp
    c.zone = COMBAT
    c.hex = s.champion_hex
    c.entered = True
    s.board[c.hex] = c.uid
    s.enter_combat(c)
    s.say(f"The rival's champion {c.name} activates ({why}) with {hp} HP")


def guardian_damage(s: CondemnedState) -> list[int]:
    """Per troop: HP it removed from the guardians (`UnitState.damage_taken` of the guardians is by anyone)."""
    return list(s.guardian_hp)


# --------------------------------------------------------------------------- movement


def movement_step(g: Game[CondemnedState], troop: int) -> None:
    """Remastered, "Movement" (MOV-1..MOV-3) with Condemned's hex access: the escape hexes are open to a
    Wretch's own move only (CON-8: either escape hex, ruling R-PW-11), the guardian hexes to nobody (CON-7)."""
    s = g.state
    grid = s.grid
    escapes = (grid.tagged("escape-red")[0], grid.tagged("escape-blue")[0])
    while True:
        locked = rules.locked_hexes(s, troop)
        blocked = s.blocked_for_move(troop)
        opts: list[tuple[int, int]] = []
        for u in s.in_combat(troop):
            if not rules.can_move(s, u) or u.hex in locked:
                continue
            b = blocked
            if is_wretch(u):
                b = list(blocked)
                for h in escapes:
                    b[h] = s.board[h] >= 0
            opts.extend((u.uid, h) for h in grid.reachable(u.hex, rules.movement_of(s, u), b, locked))
        choice = g.ask(troop, "move", opts, optional=True, step=True)
        if choice is None:
            return
        rules.move(g, s.units[choice[0]], choice[1])
        if s.end_reason is not None:
            return


# --------------------------------------------------------------------------- set-up


def draft(g: Game[CondemnedState]) -> None:
    """CON-16, CON-17: every hero in one bag; each troop first takes its own faction's hero (the seat's
    faction, ruling R-PW-12), then the drafter draws two, keeps one and the other troop takes the other,
    the troops taking turns as drafter from player 1, until each has five; solo, the rival keeps the higher
    Health, then the deadliest (the player breaks a tie), its heroes a lineup in draft order, and one more
    hero drawn at random from those left in the bag is its champion (`draw_champion`)."""
    s = g.state
    m: Condemned = s.mode
    bag: list[Unit] = list(m.bag)
    order = [int(i) for i in g.rng.permutation(len(bag))]
    bag = [bag[i] for i in order]
    troops = list(s.order)  # player 1 first
    have = dict.fromkeys(troops, 0)

    def take(t: int, chip: Unit) -> None:
        u = UnitState(len(s.units), chip, t, zone=CAMP)
        s.units.append(u)
        have[t] += 1
        if t == s.rival_troop:
            s.lineup.append(u.uid)
        s.drafted.append(chip.id)
        s.say(f"{s.troops[t].faction} ({s.troops[t].side}) drafts {chip.name}")

    for t in troops:
        if t == s.rival_troop:
            continue
        hero = m.faction_hero.get(s.troops[t].faction)
        if hero is not None and hero in bag:
            bag.remove(hero)
            take(t, hero)
    k = 0
    while any(have[t] < HEROES for t in troops) and bag:
        if s.solo and s.champion < 0 and have[s.players[0]] >= HEROES and len(bag) > HEROES - have[s.rival_troop]:
            draw_champion(g, bag)  # ruling R-PW-12: before the rival drafts alone
            continue
        drafter = troops[k % len(troops)]
        other = troops[(k + 1) % len(troops)]
        k += 1
        if have[drafter] >= HEROES:
            drafter, other = other, drafter
        pair = bag[:2]
        del bag[:2]
        if len(pair) == 1:
            take(drafter, pair[0])
            continue
        if drafter == s.rival_troop:
            best = max((c.health, c.attack.size) for c in pair)
            cands = [i for i, c in enumerate(pair) if (c.health, c.attack.size) == best]
            i = cands[0] if len(cands) == 1 else rival.controller_of(g, drafter).tie(g, "rival-draft", cands)
        else:
            pick = g.ask(drafter, "draft", [c.id for c in pair], optional=False)
            i = 0 if pick == pair[0].id else 1
        take(drafter, pair[i])
        rest = pair[1 - i]
        if have[other] < HEROES:
            take(other, rest)
        else:
            bag.append(rest)
    if s.solo and s.champion < 0 and bag:
        draw_champion(g, bag)


def draw_champion(g: Game[CondemnedState], bag: list[Unit]) -> None:
    """Pandora's Wake, "Setup" 6, solo: "draw one more hero from the draw bag": a hero at random (the game's rng)
    among those left in `bag`, which becomes the rival's inactive champion. The draft draws it once the player's
    troop is full, before the rival's last picks, which no one shares (ruling R-PW-12): so the rival's choice
    never leaves it the hero the rival passed over, as the book's draft, where no hero goes back, never does."""
    s = g.state
    chip = bag.pop(int(g.rng.integers(len(bag))))
    c = UnitState(len(s.units), chip, s.rival_troop, zone=CAMP, active=False)
    s.units.append(c)
    s.champion = c.uid
    s.drafted.append(chip.id)
    s.say(f"The rival's champion is {chip.name}, inactive on hex {s.champion_hex}")


def setup(catalog: Catalog, spec: GameSpec, *, rng: np.random.Generator, log: bool = False) -> CondemnedState:
    """CON-1, CON-12..CON-19: the Fa Mel Prison; the guardians at random on the guardian hexes with 12 HP of
    their hex's colour; the die rolled; each player troop's Wretch I on its chain hex (HP from its colour,
    not a deployment: ruling R-PW-5); solo, the rival plays first on blue; competitive, the first player is
    drawn (seat a red, seat b blue). The draft is `draft` (at `begin`, where the troops' controllers choose)."""
    factions = tuple(spec.factions)
    solo = len(factions) == 1
    chips = {cid: catalog.unit(cid) for cid in (*WRETCH, *GUARDIANS)}
    grid = HexGrid.of(catalog.arena(ARENA))
    units: list[UnitState] = []
    # Ruling R-PW-14: seat a red, seat b blue; solo the player is red, the rival blue.
    troops: list[TroopState] = [TroopState(index=0, side="red", faction=factions[0])]
    troops.append(TroopState(index=1, side="blue", faction=RIVAL if solo else factions[1]))
    troops.append(TroopState(index=2, side="red", faction="guardian", health="red"))
    troops.append(TroopState(index=3, side="blue", faction="guardian", health="blue"))
    for t in troops:
        t.tactics_camp = []  # CON-19: no tactics
    players = [0] if solo else [0, 1]
    if solo:
        order = [1, 0]  # CON-15: the rival is player 1
    elif spec.first is not None:
        order = [spec.first, 1 - spec.first]
    else:
        first = int(rng.integers(2))
        order = [first, 1 - first]
    supply = dict(catalog.game.health_chips)
    heroes = sorted((u for u in catalog.units.values() if u.kind in ("hero", "neutral-hero")), key=lambda u: u.id)
    mode = Condemned(solo, chips, heroes, {f: catalog.unit(catalog.faction(f).hero) for f in factions})
    s = CondemnedState(
        grid=grid, units=units, troops=troops, board=[-1] * grid.n, supply=dict(supply), supply_start=dict(supply),
        order=order, log=[] if log else None, mode=mode, teams=[0, 1, 2, 2], players=players, solo=solo,
        rival_troop=1 if solo else -1, guardian_troops=[2, 3], wretch=[-1] * 4, level=[0] * 4, goal=[-1] * 4,
        limit=[1] * 4, guardian_hp=[0] * 4, favor_earned=[0] * 4, key_favor=[0] * 4, rewards_claimed=[0] * 4,
        die_paid=[0] * 4,
    )
    s.closed = [*grid.tagged("guardian-red"), *grid.tagged("guardian-blue"), *grid.tagged("escape-red"),
                *grid.tagged("escape-blue")]
    # CON-12: Scylla and Charybdis at random, one on each guardian hex, 12 HP of that hex's colour.
    names = list(GUARDIANS)
    if int(rng.integers(2)):
        names.reverse()
    for gt, colour, cid in ((2, "red", names[0]), (3, "blue", names[1])):
        u = UnitState(len(units), chips[cid], gt)
        units.append(u)
        rules.place_at_setup(s, u, grid.tagged(f"guardian-{colour}")[0])
        s.guardians.append(u.uid)
    # CON-13: the arena die rolled at set-up.
    s.die = int(rng.integers(1, 7))
    # CON-18: each player troop's Wretch I on its chain hex; CON-3 its goal is the other side's escape hex.
    for p in players:
        side = troops[p].side
        other = "blue" if side == "red" else "red"
        u = UnitState(len(units), chips[WRETCH[0]], p)
        units.append(u)
        rules.place_at_setup(s, u, grid.tagged(f"chain-{side}")[0])
        s.wretch[p] = u.uid
        s.level[p] = 1
        s.goal[p] = grid.tagged(f"escape-{other}")[0]
    if solo:
        s.champion_hex = grid.tagged("chain-blue")[0]
        s.closed.append(s.champion_hex)  # CON-34: the inactive champion blocks its hex
    s.say("Set-up: Condemned on the Fa Mel Prison, " + ("solo: " + factions[0] + " (red) against the rival (blue)"
          if solo else f"{factions[0]} (red) against {factions[1]} (blue)")
          + f"; {chips[names[0]].name} on the red guardian hex, {chips[names[1]].name} on the blue; "
          f"the arena die shows {s.die} ({FACE_TEXT[s.die]})")
    return s


__all__ = ["ARENA", "Condemned", "CondemnedRival", "CondemnedState", "GuardianController", "REWARDS",
           "activate_champion",
           "apply_die", "key_favor", "on_alert", "roll_die", "set_die", "setup", "upgrade"]
