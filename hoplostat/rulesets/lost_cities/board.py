"""The Lost Cities against the board (mode `lost-cities-board`): solo, or co-op of two or three players, against
the arena's beasts, criminals and bosses ("Game Modes and Setup": Player vs Board, Co-op (2) and Co-op (3) vs
Board, basic difficulty).

Set-up (TLC-63..TLC-65): four random beasts on trapdoors 1-4, the other beasts on the meter's levels (R-TLC-19);
one of the four criminals on trapdoor 6, the others waiting; one boss per player drawn from the six. Each
defeated criminal is replaced at once by the next one on a d6 trapdoor; once all four are defeated the first boss
enters the same way, and each further boss when the one before it falls (R-TLC-20). Solo: the main rules. Co-op:
each player brings its champion and at most two gladiators of each kind (R-TLC-22) and one of each tactic (two
players) or none (three); the players share the six red deployment hexes, one crowd favor meter and its rewards;
each plays one chip a turn; a player whose champion fell plays no more chips, its gladiators fight on.
Win: every boss defeated while a champion lives (TLC-14); loss: every champion defeated.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

import numpy as np

from hoplostat.catalog.model import Catalog
from hoplostat.engine import rules
from hoplostat.engine.hexgrid import HexGrid
from hoplostat.engine.loop import GameResult, GameSpec, Matchup, default_roller, player_units, register_mode
from hoplostat.engine.mode import DRAW, LOST, WON, Heuristics, TroopResult, per_seat
from hoplostat.engine.registry import unimplemented_in_game
from hoplostat.engine.rules import Controller, Game, Roller, plays
from hoplostat.engine.state import BAG, CAMP, COMBAT, TRACK, GameState, TeamGameState, TroopState, UnitState
from hoplostat.errors import InputError
from hoplostat.rulesets.classic.goals import taken
from hoplostat.rulesets.lost_cities import arena, bosses
from hoplostat.rulesets.lost_cities.base import ARENA_CHIPS, ARENA_POOL, HAND, LEVELS, POOL, RULESET
from hoplostat.rulesets.lost_cities.favor import LEVEL_EFFECTS, LostTroop, lost_troop
from hoplostat.rulesets.lost_cities.mode import ARENA, LostCities, champion_hexes
from hoplostat.rulesets.lost_cities.skills import lift_stuns

SIDE = "red"
"""All players start at the red end and share its six deployment hexes (TLC-64)."""


@dataclass(slots=True)
class BoardState(TeamGameState):
    """A game against the board: players on team 0, the arena's troop (the last) on team 1."""

    trapdoor_kills: int = 0
    arena_troop: int = -1
    criminals: list[int] = field(default_factory=list)
    """uids of the criminals still to enter, in order (TLC-63)."""
    bosses: list[int] = field(default_factory=list)
    """uids of the bosses drawn, in the order drawn (TLC-64: they deploy in that order)."""
    boss_next: int = 0
    """Index in `bosses` of the next boss to enter."""
    bosses_defeated: int = 0
    criminals_defeated: int = 0


@register_mode
class LostCitiesBoard(LostCities):
    """Solo and co-op against the board (hooks and turns; stateless, shared by clones)."""

    name = "lost-cities-board"
    summary = "The Lost Cities, solo or co-op (2-3) against the board: criminals, then one boss per player"
    seats = (1, 2, 3)
    teams = "the players against the arena's beasts, criminals and bosses"
    first_player_random = False
    default_max_rounds = 60
    analysis = "boss"
    opponent = ("boss", "bosses")
    success = "every boss defeated"
    columns = {"games": {"titan": "str", "bosses": "str", "coop": "bool", "won": "bool", "rounds": "int",
                         "end_reason": "str",
                         "capped": "bool", "players": "int", "faction_c": "str", "bosses_defeated": "int",
                         "criminals_defeated": "int", "arena_entered": "int", "trapdoor_kills": "int",
                         "level": "int",
                         **per_seat("abc", "units_deployed", "damage_dealt", "kills", "units_lost")}}
    """`titan` holds the first boss drawn (the one every team meets once the criminals fall), so that the boss
    tables of `summarize` and `report` rank the bosses; `bosses` all of them in the order drawn, joined by "+"."""
    heuristics = Heuristics(wakes=False, trust=1.0)
    """The champion wakes through its meter (TLC-43). The lookahead keeps greedy's choice unless another beats
    it by a standard error (`trust`): a round of continuation does not see the bag running dry (TLC-24) or
    the boss to come, and without it the lookahead exposed its champion and spent its chips (measured,
    lookahead:8 solo on the same seeds as greedy: 9 of 60 and 4 of 40 games won without, 23 and 13 with;
    greedy 18 and 11)."""

    # --- set-up ---------------------------------------------------------------------------------
    @classmethod
    def new_game(cls, catalog: Catalog, spec: GameSpec, controllers: Sequence[Controller], *,
                 rng: np.random.Generator, log: bool = False, roller: Roller | None = None) -> Game:
        s = board_setup(catalog, spec.factions, rng=rng, log=log, mode=cls())
        ctrls = cls.player_controllers(controllers, len(spec.factions), cls.name)
        return Game(s, default_roller(rng, roller), ctrls, rng)

    @classmethod
    def matchups(cls, factions: Sequence[str], *, arenas: Sequence[str], titans: Sequence[str], coop: bool,
                 players: int = 0, pods: int = 0, seed: int = 0) -> list[Matchup]:
        """Every team of `players` different cities (default: solo, and with co-op every pair and trio)."""
        sizes = [players] if players else ([1, 2, 3] if coop else [1])
        out = []
        for n in sizes:
            if n not in cls.seats:
                raise InputError(f"{cls.name}: --players must be 1, 2 or 3, got {n}")
            for team in combinations(factions, n):
                out.append(Matchup(cls.name, arenas[0] if arenas else ARENA, team[0], team[1] if n > 1 else "",
                                   "a", "", tuple(team[2:])))
        return out

    def begin(self, g: Game) -> None:
        """Each player, in turn order, sets its inactive champion on a free champion start hex (at the red
        end first: TLC-64 "start on one end")."""
        s = g.state
        for p in s.order:
            h = g.ask(p, "champion-hex", champion_hexes(s, p), optional=False)
            rules.place_at_setup(s, s.units[s.troops[p].primary_hero], h)
            s.say(f"{s.troops[p].faction} sets its inactive champion on hex {h}")

    arena_header = "beasts, criminals and bosses"

    def arena_troop(self, s: GameState) -> int:
        assert isinstance(s, BoardState)
        return s.arena_troop

    def arena_steps(self, g: Game) -> tuple:
        assert plays(g, BoardState)
        return (("waiting-foe", lambda: self.waiting_foe(g)),)

    def end_turn(self, g: Game, troop: int) -> None:
        lift_stuns(g, troop)
        bosses.lift_snares(g, troop)

    # --- the phases -----------------------------------------------------------------------------
    def draw_phase(self, g: Game, troop: int) -> None:
        bosses.drain(g, troop)  # TLC-92
        if g.state.end_reason is None:
            LostCities.draw_phase(self, g, troop)

    def chip_limit(self, s, troop: int) -> int:
        """TLC-64, TLC-65: co-op players play one chip a turn, and none once their champion fell; solo the main
        rules (one on the first turn, then two)."""
        t = s.troops[troop]
        if s.units[t.primary_hero].zone != COMBAT and s.units[t.primary_hero].entered:
            return 0
        if len(s.order) > 1:
            return 1
        return 1 if s.round == 1 else 2

    def gladiator_options(self, s, troop: int) -> list[tuple[int, int]]:
        """As in player against player, the team's CF gladiator (level 4) deployable by any of its players."""
        t0 = lost_troop(s, s.order[0])
        hexes = [h for h in self.deployment_hexes(s, troop) if s.board[h] < 0]
        if not hexes:
            return []
        left = s.supply[s.supply_of(troop)]
        units = [u for u in s.units if u.troop == troop and u.zone == CAMP and u.active]
        if t0.cf_unlocked and t0.cf_gladiator >= 0 and s.units[t0.cf_gladiator].zone == TRACK:
            units.append(s.units[t0.cf_gladiator])
        return [(u.uid, h) for u in units if u.unit.health <= left for h in hexes]

    def place(self, g: Game, uid: int, h: int) -> None:
        s = g.state
        u = s.units[uid]
        if u.zone == TRACK:  # the team's CF gladiator joins the deploying player's troop
            u.troop = s.active
        rules.deploy(g, u, h)

    # --- hooks ----------------------------------------------------------------------------------
    def after_defeat(self, g: Game, u: UnitState, *, source: UnitState | None, source_troop: int | None) -> None:
        assert plays(g, BoardState)
        s = g.state
        if u.is_primary_hero:
            if all(s.units[s.troops[p].primary_hero].zone != COMBAT for p in s.order):
                self.end(g, "every champion defeated", None)
            return
        if source_troop is not None and source_troop in s.order:
            gain(g, source_troop, 2, f"defeating {u.name}")  # TLC-39, shared favor (TLC-64)
            if s.end_reason is not None:
                return
        kind = u.unit.kind
        if kind == "criminal":
            s.criminals_defeated += 1
            self.next_foe(g)
        elif kind == "boss":
            s.bosses_defeated += 1
            if s.bosses_defeated >= len(s.bosses):
                self.end(g, "every boss defeated", s.order[0])
            else:
                self.next_foe(g)

    def next_foe(self, g: Game[BoardState]) -> None:
        """TLC-63, TLC-64: the next criminal, or once all four fell the next boss, enters on a d6 trapdoor (as a
        drawn chip enters, TLC-49..TLC-51); each further boss when the one before it falls (R-TLC-20)."""
        s = g.state
        if s.criminals:
            u = s.units[s.criminals.pop(0)]
            arena.enter(g, u)
            if u.zone != COMBAT and s.end_reason is None:  # no trapdoor or no health chips: it waits (R-TLC-20)
                u.zone = TRACK
                s.criminals.insert(0, u.uid)
        elif s.boss_next < len(s.bosses) and not any(u.unit.kind == "boss" for u in s.in_combat(s.arena_troop)):
            b = s.units[s.bosses[s.boss_next]]
            s.boss_next += 1
            s.say(f"{b.name} comes into the arena")
            arena.enter(g, b)
            if b.zone != COMBAT and s.end_reason is None:
                b.zone = TRACK
                s.boss_next -= 1

    def waiting_foe(self, g: Game[BoardState]) -> None:
        """The start of the arena's turn: a criminal or boss that could not enter when its turn came (no free
        trapdoor, or the pool short of its Health) tries again while no criminal or boss is in the arena."""
        s = g.state
        if not any(u.unit.kind in ("criminal", "boss") for u in s.in_combat(s.arena_troop)) and \
                (s.criminals or s.boss_next < len(s.bosses)):
            self.next_foe(g)

    def gain_favor(self, g: Game, troop: int, n: int, why: str) -> None:
        gain(g, troop, n, why)

    def end_text(self, g: Game, reason: str, winner: int | None) -> str:
        return f"Game over: {reason}; " + ("the players win" if winner is not None else
                                            "draw" if reason.startswith("round cap") else "the board wins")

    # --- the result -----------------------------------------------------------------------------
    def result(self, g: Game, spec: GameSpec) -> GameResult:
        assert plays(g, BoardState)
        s = g.state
        won = s.end_reason == "every boss defeated"
        out = WON if won else (DRAW if s.end_reason and s.end_reason.startswith("round cap") else LOST)
        players = [s.troops[p] for p in range(len(s.order))]
        meter = lost_troop(s, s.order[0])
        arena_units = [u for u in s.units if u.troop == s.arena_troop]
        return GameResult(
            mode=self.name, ruleset=RULESET, arena=ARENA, factions=tuple(t.faction for t in players),
            rounds=s.round, end_reason=s.end_reason or "unfinished", first_player=s.order[0],
            troops=[TroopResult(t.index, t.faction, t.side, 0, out, t.deployed, t.damage_dealt, t.kills,
                                t.units_lost, meter.favor_total, meter.rewards, t.tactic_damage, t.tactic_kills)
                    for t in players],
            units=player_units(s, range(len(players))),
            unimplemented=unimplemented_in_game(s),
            extras={"bosses": "+".join(s.units[b].unit.id for b in s.bosses), "bosses_defeated": s.bosses_defeated,
                    "criminals_defeated": s.criminals_defeated, "level": meter.level,
                    "arena_entered": sum(1 for u in arena_units if u.entered), "trapdoor_kills": s.trapdoor_kills},
            log=s.log,
        )

    @classmethod
    def rows(cls, res: GameResult, head: dict, unit_kind) -> dict[str, list[dict]]:
        x = res.extras
        row = {**head, "titan": x["bosses"].split("+")[0], "bosses": x["bosses"], "coop": res.coop, "won": res.won,
               "rounds": res.rounds,
               "end_reason": res.end_reason, "capped": res.capped, "players": len(res.troops),
               "faction_c": res.factions[2] if len(res.factions) > 2 else None,
               "bosses_defeated": x["bosses_defeated"], "criminals_defeated": x["criminals_defeated"],
               "arena_entered": x["arena_entered"], "trapdoor_kills": x["trapdoor_kills"], "level": x["level"]}
        for side, t in zip("abc", res.troops):
            row.update({f"{side}_units_deployed": t.units_deployed, f"{side}_damage_dealt": t.damage_dealt,
                        f"{side}_kills": t.kills, f"{side}_units_lost": t.units_lost})
        units = cls.unit_rows(head, res, unit_kind, lambda seat: res.won)
        return {"games": [row], "units": units}

    @classmethod
    def is_success(cls, row: dict) -> bool:
        return bool(row["won"])

    CRIMINAL_WORTH = 6.0
    """What a criminal defeated is worth to a heuristic player, in Health: about the Health of the criminal (or,
    after the fourth, the boss) that enters in its place (TLC-63), which the players' own Health count
    does not repay."""
    BOSS_TROPHY = 40.0
    """What a boss defeated is worth, in Health, spread over its Health (as `Onslaught.TROPHY`)."""

    def objective(self, g: Game, troop: int) -> float:
        """TLC-14, TLC-63..TLC-65 (defeat the boss or bosses, which enter once the four criminals are defeated):
        `CRIMINAL_WORTH` per criminal defeated, plus `BOSS_TROPHY` per boss defeated and times the share of
        the Health taken of each boss in the arena (`classic.goals.taken`). From the players' side; the
        arena's troop counts the opposite. Reads only the board and the counts of defeats."""
        assert plays(g, BoardState)
        s = g.state
        v = self.CRIMINAL_WORTH * s.criminals_defeated + self.BOSS_TROPHY * s.bosses_defeated
        if 0 <= s.arena_troop < len(s.troops):
            for u in s.in_combat(s.arena_troop):
                if u.unit.kind == "boss":
                    v += self.BOSS_TROPHY * taken(u)
        return v if s.teams[troop] == 0 else -v


# --------------------------------------------------------------------------- shared favor


def gain(g: Game, troop: int, n: int, why: str) -> None:
    """TLC-64: crowd favor and its rewards are shared: one meter (the first player's troop holds it), every
    level's arena effect for every player, its CF tactic to the player whose turn it is, the beast lying on the
    level into that player's bag."""
    s = g.state
    meter = lost_troop(s, s.order[0])
    if n <= 0:
        return
    meter.favor_total += n
    meter.favor = min(meter.favor_total, LEVELS[-1])
    s.say(f"the players earn {n} crowd favor ({why}), {meter.favor_total} in all")
    while meter.level < len(LEVELS) and meter.favor_total >= LEVELS[meter.level]:
        meter.level += 1
        reach_team(g, meter.level)
        if s.end_reason is not None:
            return


def reach_team(g: Game, level: int) -> None:
    s = g.state
    meter = lost_troop(s, s.order[0])
    current = s.active if s.active in s.order else s.order[0]
    cur = lost_troop(s, current)
    meter.rewards += 1
    s.say(f"the players reach crowd favor level {level}: {LEVEL_EFFECTS[level]}")
    for p in s.order:
        t = lost_troop(s, p)
        t.level = max(t.level, level) if p != s.order[0] else t.level
        if level == 1:
            hero = s.units[t.primary_hero]
            if not hero.active and hero.zone == COMBAT:
                hero.active = True
                if s.active == p:
                    hero.deployed_turn = s.turn
                s.say(f"{hero.name} is activated")
        elif level == 2:
            t.all_deploy = True
        elif level == 3:
            t.initiative = True
        elif level == 4:
            t.cf_unlocked = meter.cf_gladiator >= 0
    if level <= len(meter.reward_tactics):
        tac = meter.reward_tactics[level - 1]
        cur.tactics_camp.append(tac)
        cur.cf_hand.append(tac)
    chip = meter.meter_chips[level - 1]
    if chip >= 0:
        meter.meter_chips[level - 1] = -1
        s.units[chip].zone = BAG
        cur.arena_bag.append(chip)
        s.say(f"{s.units[chip].name} goes from the meter into the bag of {cur.faction}")


# --------------------------------------------------------------------------- set-up


def coop_gladiators(catalog: Catalog, fid: str) -> list:
    """TLC-64, TLC-65 (ruling R-TLC-22): "two of each gladiator": at most two gladiators of each kind (its
    first class; the special gladiators one kind), in catalog order."""
    seen: dict[str, int] = {}
    out = []
    for un in catalog.faction_units(fid):
        key = "special-gladiator" if "special-gladiator" in un.classes else un.classes[0]
        if seen.get(key, 0) < 2:
            seen[key] = seen.get(key, 0) + 1
            out.append(un)
    return out


def board_setup(catalog: Catalog, factions: Sequence[str], *, rng: np.random.Generator, log: bool = False,
                mode=None) -> BoardState:
    if catalog.ruleset != RULESET:
        raise InputError(f"lost-cities-board needs The Lost Cities catalog, got the {catalog.ruleset} one")
    n = len(factions)
    if n not in (1, 2, 3):
        raise InputError(f"lost-cities-board needs 1 to 3 cities, got {n}")
    grid = HexGrid.of(catalog.arena(ARENA))
    units: list[UnitState] = []
    troops: list[TroopState] = []
    players: list[LostTroop] = []
    for p, fid in enumerate(factions):
        t = LostTroop(index=p, side=SIDE, faction=fid, hand_size=HAND, health=POOL)
        hero = UnitState(len(units), catalog.unit(catalog.faction(fid).hero), p, zone=CAMP, active=False,
                         is_primary_hero=True)
        units.append(hero)
        t.primary_hero = hero.uid
        glads = catalog.faction_units(fid) if n == 1 else coop_gladiators(catalog, fid)
        for un in glads:
            units.append(UnitState(len(units), un, p, zone=BAG))
        t.tactics_bag = list(catalog.faction_tactics(fid)) if n < 3 else []
        troops.append(t)
        players.append(t)
    arena_troop = n
    troops.append(TroopState(index=arena_troop, side="arena", faction="arena", health=ARENA_POOL))
    meter = players[0]
    # TLC-16 ("Use main rule set to set up CF Rewards"): one reward chip of each level on the team's meter.
    for level in (1, 2, 3):
        chips = sorted((x for x in catalog.tactics.values() if x.id.startswith(f"cf-level-{level}-")),
                       key=lambda x: x.id)
        if chips:
            meter.reward_tactics.append(chips[int(rng.integers(len(chips)))])
    cf = sorted(catalog.units_of_kind("cf-gladiator"), key=lambda u: u.id)
    if cf:
        u = UnitState(len(units), cf[int(rng.integers(len(cf)))], 0, zone=TRACK)
        units.append(u)
        meter.cf_gladiator = u.uid

    def arena_chip(un, zone=TRACK) -> UnitState:
        u = UnitState(len(units), un, arena_troop, zone=zone)
        units.append(u)
        return u

    beasts = sorted(catalog.units_of_kind("beast"), key=lambda u: u.id)
    beasts = [beasts[int(i)] for i in rng.permutation(len(beasts))]
    crims = sorted(catalog.units_of_kind("criminal"), key=lambda u: u.id)
    crims = [crims[int(i)] for i in rng.permutation(len(crims))]
    boss_pool = sorted(catalog.units_of_kind("boss"), key=lambda u: u.id)
    boss_pick = [boss_pool[int(i)] for i in rng.permutation(len(boss_pool))][:n]
    if len(boss_pick) < n:
        raise InputError(f"lost-cities-board: {n} player(s) need {n} boss(es), the catalog has {len(boss_pool)}")
    start = [arena_chip(b) for b in beasts[:4]]
    for level, b in enumerate(beasts[4:8]):  # R-TLC-19: the other beasts on the meter's levels, from level 1
        meter.meter_chips[level] = arena_chip(b).uid
    chain = [arena_chip(c) for c in crims]
    boss_units = [arena_chip(b) for b in boss_pick]
    supply = {**catalog.game.health_chips, ARENA_POOL: ARENA_CHIPS}  # R-TLC-18
    s = BoardState(grid=grid, units=units, troops=troops, board=[-1] * grid.n, supply=dict(supply),
                   supply_start=dict(supply), order=list(range(n)), log=[] if log else None,
                   mode=mode or LostCitiesBoard(), teams=[0] * n + [1], players=list(range(n)),
                   arena_troop=arena_troop, criminals=[c.uid for c in chain[1:]],
                   bosses=[b.uid for b in boss_units])
    # TLC-63: four beasts on trapdoors 1-4, the first criminal on trapdoor 6 (set-up, not an entry)
    for k, u in enumerate(start):
        rules.place_at_setup(s, u, grid.tagged(f"trapdoor-{k + 1}")[0])
    if chain:
        rules.place_at_setup(s, chain[0], grid.tagged("trapdoor-6")[0])
    s.say("Set-up: " + ", ".join(t.faction for t in troops[:n]) + " against the board; bosses drawn: "
          + ", ".join(b.name for b in boss_units))
    return s
