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
from hoplostat.engine.registry import unimplemented_in_game
from hoplostat.engine.rules import Controller, Game, Roller
from hoplostat.engine.state import CAMP, COMBAT, DISCARD, GameState, TroopState, UnitState
from hoplostat.rulesets.remastered import rival, turn
from hoplostat.rulesets.remastered.base import RULESET
from hoplostat.rulesets.remastered.condemned.arena import (
    activate_champion,
    apply_die,
    guardian_damage,
    movement_step,
    roll_die,
    set_die,
    upgrade,
)
from hoplostat.rulesets.remastered.condemned.controllers import CondemnedRival, GuardianController
from hoplostat.rulesets.remastered.condemned.draft import draft
from hoplostat.rulesets.remastered.condemned.state import (
    ARENA,
    DEFAULT_MAX_ROUNDS,
    FACE_TEXT,
    GUARDIANS,
    PAY_HP,
    REWARDS,
    TOP,
    WRETCH,
    CondemnedState,
    is_guardian,
    is_wretch,
    key_favor,
    on_alert,
)
from hoplostat.rulesets.remastered.rival_or_versus import RIVAL, RivalOrVersus

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


# --------------------------------------------------------------------------- set-up


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
