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

from collections.abc import Sequence
from typing import Any

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
from hoplostat.engine.registry import unimplemented_in_game
from hoplostat.engine.rules import Controller, Game, Roller
from hoplostat.engine.state import CAMP, TroopState, UnitState
from hoplostat.engine.steps import each_once, engage_options, movement_step
from hoplostat.rulesets.remastered import rival, turn
from hoplostat.rulesets.remastered.base import RULESET
from hoplostat.rulesets.remastered.naumachia.controllers import NaumachiaRival
from hoplostat.rulesets.remastered.naumachia.favor import lose_favor, pivot
from hoplostat.rulesets.remastered.naumachia.skills import PIVOTS, may_target
from hoplostat.rulesets.remastered.naumachia.state import (
    ARENA,
    CAPACITY,
    CHARON,
    CREW,
    CREW_ZONE,
    CROC_LIST,
    DEFAULT_MAX_ROUNDS,
    SHIP_LIST,
    SHIPS,
    TACTIC_TEXT,
    TACTICS,
    TRACKS,
    UNIT_MARK,
    UNIT_TARGET,
    NaumachiaState,
    is_croc,
    is_ship,
    refresh,
    seat_of,
    ship_chip,
    troop_classes,
)
from hoplostat.rulesets.remastered.naumachia.tactics import blow, rival_tactic_targets
from hoplostat.rulesets.remastered.rival_or_versus import RIVAL, RivalOrVersus
from hoplostat.rulesets.remastered.troops import unit_value

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
