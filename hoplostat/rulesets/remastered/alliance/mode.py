"""Alliance Mode (Remastered, "Alliance Mode"): four players in two teams of two, on Pozzuoli.

Seats alternate by team: seats a and c are one team, b and d the other, so the turn order from the
randomly drawn first player is always A1, B1, A2, B2 (ALL-3). Teammates are allies (ALL-1, ALL-27):
the engine's team rules (`rules.same_team`) make auras, Intercept and outnumbering count across the
two troops. Each team has one side: its deployment hexes and its colour of health chips, which both
teammates draw on (ALL-4, ALL-10..ALL-12). Each player chooses six non-elite units (ALL-9); of each
team one primary hero starts inactive in its camp and the other active on the team's fourth reward
(ALL-6). Both teammates' favor moves one bead on a shared track (ALL-14..ALL-16) whose rewards go to
the teammate the reward names or the team chooses (ALL-17..ALL-20), each followed by the catch-up for
both players of the team behind (ALL-21). A team wins when both opposing primary heroes have fallen,
or at once when the other team forfeits (ALL-2, ALL-23).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from hoplostat.catalog.model import Catalog
from hoplostat.engine import rules
from hoplostat.engine.hexgrid import HexGrid
from hoplostat.engine.loop import (
    DRAW,
    LOST,
    WON,
    GameResult,
    GameSpec,
    Mode,
    TroopResult,
    Turn,
    player_units,
    register_mode,
)
from hoplostat.engine.mode import SEAT_LETTERS, per_seat, side_counts
from hoplostat.engine.registry import unimplemented_in_game
from hoplostat.engine.rules import Game
from hoplostat.engine.rulings import value
from hoplostat.engine.state import BAG, CAMP, SIDES, TRACK, TeamGameState, UnitState
from hoplostat.rulesets.remastered import turn
from hoplostat.rulesets.remastered.base import RULESET
from hoplostat.rulesets.remastered.multiplayer import ARENA, PozzuoliPlayersMode, units_back_from_discard
from hoplostat.rulesets.remastered.skirmish import POZZUOLI_REWARDS
from hoplostat.rulesets.remastered.troops import add_faction, select_units

CHOSEN_UNITS = 6
"""ALL-9: non-elite units each player takes into the game."""
TEAM_NAMES = ("a", "b")
"""Team 0 sits in seats a and c, team 1 in seats b and d (`winner` in sweep rows names the team)."""


@dataclass(slots=True)
class AllianceState(TeamGameState):
    """The shared crowd favor track of each team (`favor` capped at the last reward, `favor_total` all of
    it), which teammate's primary hero started in camp and which on the track, and the winning team."""

    favor: list[int] = field(default_factory=lambda: [0, 0])
    favor_total: list[int] = field(default_factory=lambda: [0, 0])
    rewards: list[int] = field(default_factory=lambda: [0, 0])
    camp_hero: list[int] = field(default_factory=lambda: [-1, -1])
    """Per team: the troop whose primary hero starts inactive in camp (ALL-6)."""
    track_hero: list[int] = field(default_factory=lambda: [-1, -1])
    """Per team: the troop whose primary hero starts on the fourth reward space (ALL-6)."""
    winner_team: int | None = None
    first: int = 0

    def mates(self, team: int) -> list[int]:
        """The two troops of a team, in seat order."""
        return [t for t in self.players if self.teams[t] == team]


def team_of_seat(seat: int) -> int:
    """ALL-3: teams alternate around the table, so even seats are one team and odd seats the other."""
    return seat % 2


@register_mode
class Alliance(PozzuoliPlayersMode):
    """Two teams of two. Stateless: the team tracks and heroes are in the state."""

    @classmethod
    def greedy(cls) -> type:
        from hoplostat.rulesets.remastered.alliance.players import AllianceGreedy

        return AllianceGreedy

    name = "alliance"
    ruleset = RULESET
    summary = "four players in two teams of two on Pozzuoli: defeat both opposing primary heroes"
    seats = (4,)
    teams = "seats a and c against seats b and d"
    default_max_rounds = 60
    analysis = "teams"
    success = "the team of seats a and c wins"
    columns = {"games": {"winner": "str", "winner_factions": "str", "rounds": "int", "end_reason": "str",
                         "first_seat": "str", "faction_c": "str", "faction_d": "str",
                         "camp_hero_a": "str", "camp_hero_b": "str",
                         "team_a_favor": "int", "team_b_favor": "int", "team_a_rewards": "int", "team_b_rewards": "int",
                         **per_seat("abcd", "units_deployed", "damage_dealt", "kills", "units_lost", "crowd_favor",
                                    "hero_defeated")}}
    hidden_camps = True
    """Set-up 8: each player's six units wait face down, "hidden from other players, including their teammate,
    until they are deployed"; the four not chosen stay in the bag, so a re-deal draws six of the ten."""

    __slots__ = ()

    # --- set-up ---------------------------------------------------------------------------------
    def begin(self, g: Game[AllianceState]) -> None:
        """The set-up choices, in turn order: each team places its two primary heroes (ALL-6: asked of the
        team's first player, "alliance-hero": the troop whose hero starts in camp), then each player
        chooses six units (ALL-9, "select-unit")."""
        s = g.state
        for p in s.order:
            team = s.teams[p]
            if s.camp_hero[team] >= 0:
                continue
            mates = s.mates(team)
            camp = g.ask(p, "alliance-hero", mates, optional=False)
            track = next(m for m in mates if m != camp)
            s.camp_hero[team], s.track_hero[team] = camp, track
            hero = s.units[s.troops[track].primary_hero]
            hero.zone, hero.active = TRACK, True
            s.say(f"{s.troops[camp].faction}'s hero waits in camp; {s.troops[track].faction}'s hero {hero.name} "
                  f"stands on the {s.troops[track].side} team's fourth reward")
        for p in s.order:
            select_units(g, p, CHOSEN_UNITS)
            s.say(f"{s.troops[p].faction} chooses six units, face down")

    # --- the round ------------------------------------------------------------------------------
    def round_turns(self, g: Game[AllianceState]):
        """ALL-3: A1, B1, A2, B2 from the first player, the same every round."""
        for p in g.state.order:
            yield self.turn_of(g, p)

    def turn_of(self, g: Game[AllianceState], troop: int) -> Turn:
        """ALL-22: check stone hexes, deployment, tactic placement, movement, abilities, engage."""
        s = g.state
        steps = self.steps_for(g, troop, lambda: turn.player_steps(
            g, troop, arena=lambda: self.check_stones(g, troop), deployment=lambda: self.deployment(g, troop)))
        return Turn(troop, f"-- Round {s.round}, {s.troops[troop].faction} ({s.troops[troop].side}) turn", steps)

    def check_stones(self, g: Game[AllianceState], troop: int) -> None:
        """ALL-15: 1 favor for exactly one stone hex held by the player's own units, 3 for both; the
        teammate's units count for nothing."""
        n = len(turn.stones_held(g.state, troop))
        if n:
            self.gain_favor(g, troop, 1 if n == 1 else 3, f"{n} stone hex(es)")

    def deployment(self, g: Game[AllianceState], troop: int) -> None:
        """ALL-23: neither teammate has a unit in combat and this player cannot deploy: the team forfeits.
        Otherwise DEP-1..5 on the team's six hexes, mandatory only when the player's own troop has nothing
        in combat (ALL-11, ALL-13); no unit limit (ALL-12)."""
        s = g.state
        team = s.teams[troop]
        hexes = self.deployment_hexes(s, troop)
        if not any(s.in_combat(m) for m in s.mates(team)) and not turn.deployable(g, troop, hexes):
            self.team_wins(g, 1 - team, f"the {s.troops[troop].side} team forfeits")
            return
        turn.deployment_step(g, troop, hexes)

    # --- crowd favor ----------------------------------------------------------------------------
    def gain_favor(self, g: Game[AllianceState], troop: int, n: int, why: str) -> None:
        """ALL-16: the team's one bead moves; each reward reached or passed is claimed in order, excess is
        kept, nothing after the last. Ruling R-ALL-3: the catch-up follows every reward, the fourth too."""
        s = g.state
        team = s.teams[troop]
        if n <= 0:
            return
        s.troops[troop].favor_total += n
        s.favor_total[team] += n  # all favor earned, also once the track is full (ALL-21 compares totals, R-ENG-29)
        if s.favor[team] >= POZZUOLI_REWARDS[-1]:
            return
        old = s.favor[team]
        s.favor[team] = min(POZZUOLI_REWARDS[-1], old + n)
        s.say(f"{s.troops[troop].faction} ({s.troops[troop].side}) earns {n} crowd favor ({why}), team bead on "
              f"{s.favor[team]}")
        for k, space in enumerate(POZZUOLI_REWARDS):
            if old < space <= s.favor[team]:
                self.reward(g, troop, k + 1)
                if s.end_reason is not None:
                    return
                if k < 3 or not s.rulings or value(s, "alliance-catch-up-after-fourth") == "yes":
                    self.catch_up(g)

    def stones_pay(self, s: AllianceState, troop: int) -> bool:
        """The stones earn the team's crowd favor (ALL-15), nothing once its bead is on the last reward (CF-2)."""
        return s.favor[s.teams[troop]] < POZZUOLI_REWARDS[-1]

    def reward(self, g: Game[AllianceState], troop: int, k: int) -> None:
        """ALL-17..ALL-20: 1 the camp hero's player flips it active; 2 one teammate (the team's choice)
        takes back every discarded tactic; 3 one teammate takes back two non-elite units; 4 the hero on the
        track goes, active, into its owner's camp. The team's choices ("team-reward": the troop) are asked
        of the player whose favor reached the reward."""
        s = g.state
        team = s.teams[troop]
        s.rewards[team] = max(s.rewards[team], k)
        s.say(f"the {s.troops[troop].side} team claims crowd favor reward {k}")
        if k == 1:
            hero = s.units[s.troops[s.camp_hero[team]].primary_hero]
            if hero.zone == CAMP and not hero.active:
                hero.active = True
                s.say(f"{hero.name} is flipped to its active side")
        elif k == 2:
            who = g.ask(troop, "team-reward", [(2, m) for m in s.mates(team)], optional=False)[1]
            t = s.troops[who]
            t.tactics_camp.extend(t.tactics_discard)
            t.tactics_discard.clear()
            s.say(f"{t.faction} takes its discarded tactics back to its camp")
        elif k == 3:
            who = g.ask(troop, "team-reward", [(3, m) for m in s.mates(team)], optional=False)[1]
            units_back_from_discard(g, who, "return-unit", "", optional=False)
        elif k == 4:
            owner = s.track_hero[team]
            for u in s.zone(owner, TRACK):
                rules.return_to_camp(g, u, active=True)
                s.say(f"{s.troops[owner].faction} takes its primary hero {u.name} into its camp, active")

    def catch_up(self, g: Game[AllianceState]) -> None:
        """ALL-21: each player of the team with less total favor (tie: the team whose turn it is) may give
        +1 HP to an elite or +2 HP to a non-elite unit of their own troop in combat (ruling R-ENG-9)."""
        s = g.state
        a, b = s.favor_total
        team = s.teams[s.active] if a == b else (0 if a < b else 1)
        for p in s.order:
            if s.teams[p] != team:
                continue
            uid = g.ask(p, "catch-up", [u.uid for u in s.in_combat(p)], optional=True)
            if uid is not None:
                u = s.units[uid]
                rules.gain_hp(g, u, 1 if u.elite else 2)

    # --- hooks ----------------------------------------------------------------------------------
    def after_defeat(self, g: Game[AllianceState], u: UnitState, *, source: UnitState | None,
                     source_troop: int | None) -> None:
        """ALL-2: both primary heroes of a team defeated (at any times) -> the other team wins; ALL-14: 2
        favor each time a player's unit defeats an opponent; ALL-24: a player whose hero fell plays on."""
        s = g.state
        team = s.teams[u.troop]
        if u.is_primary_hero and all(s.units[s.troops[m].primary_hero].times_defeated for m in s.mates(team)):
            self.team_wins(g, 1 - team, "both opposing primary heroes defeated")
            return
        if source is not None and s.teams[source.troop] != team:
            self.gain_favor(g, source.troop, 2, f"{source.name} defeated {u.name}")

    def team_wins(self, g: Game[AllianceState], team: int, reason: str) -> None:
        s = g.state
        if s.end_reason is None:
            s.winner_team = team
        self.end(g, reason, None)

    def deployment_hexes(self, s, troop: int) -> tuple[int, ...]:
        """ALL-11: the six hexes of the team's side."""
        return s.grid.tagged(f"deploy-{s.troops[troop].side}")

    def end_text(self, g: Game[AllianceState], reason: str, winner: int | None) -> str:
        s = g.state
        if s.winner_team is None:
            return f"Game over: {reason}; draw"
        names = " and ".join(s.troops[m].faction for m in s.mates(s.winner_team))
        return f"Game over: {reason}; {names} win"

    # --- the result -----------------------------------------------------------------------------
    def result(self, g: Game[AllianceState], spec: GameSpec) -> GameResult:
        s = g.state
        troops = []
        for t in s.troops:
            team = s.teams[t.index]
            out = DRAW if s.winner_team is None else (WON if team == s.winner_team else LOST)
            troops.append(TroopResult(
                t.index, t.faction, t.side, team, out, t.deployed, t.damage_dealt, t.kills, t.units_lost,
                t.favor_total, s.rewards[team], t.tactic_damage, t.tactic_kills,
                extras={"hero_defeated": int(s.units[t.primary_hero].times_defeated > 0),
                        "hero_in_camp": int(s.camp_hero[team] == t.index)}))
        return GameResult(
            mode=self.name, ruleset=RULESET, arena=ARENA, factions=tuple(t.faction for t in s.troops),
            rounds=s.round, end_reason=s.end_reason or "unfinished", first_player=s.first, troops=troops,
            units=player_units(s, range(4), skip_zones=(BAG, TRACK)), unimplemented=unimplemented_in_game(s),
            extras={"winner_team": None if s.winner_team is None else TEAM_NAMES[s.winner_team],
                    "team_favor": {TEAM_NAMES[k]: s.favor_total[k] for k in (0, 1)},
                    "team_rewards": {TEAM_NAMES[k]: s.rewards[k] for k in (0, 1)}},
            log=s.log)

    # --- what sweeps need -----------------------------------------------------------------------
    @classmethod
    def rows(cls, res: GameResult, head: dict, unit_kind) -> dict[str, list[dict]]:
        x = res.extras
        team = x["winner_team"]
        winners = [t.faction for t in res.troops if t.outcome == WON]
        camp = {TEAM_NAMES[t.team]: SEAT_LETTERS[t.seat] for t in res.troops if t.extras["hero_in_camp"]}
        row = {**head, "winner": team, "winner_factions": "+".join(winners) or None, "rounds": res.rounds,
               "end_reason": res.end_reason, "first_seat": SEAT_LETTERS[res.first_player],
               "faction_c": res.factions[2], "faction_d": res.factions[3],
               "camp_hero_a": camp.get("a"), "camp_hero_b": camp.get("b"),
               "team_a_favor": x["team_favor"]["a"], "team_b_favor": x["team_favor"]["b"],
               "team_a_rewards": x["team_rewards"]["a"], "team_b_rewards": x["team_rewards"]["b"]}
        for t in res.troops:
            s = SEAT_LETTERS[t.seat]
            row.update(side_counts(s, t), **{f"{s}_hero_defeated": t.extras["hero_defeated"]})
        won = {t.seat: t.outcome == WON for t in res.troops}
        units = cls.unit_rows(head, res, unit_kind, lambda seat: won[seat])
        return {"games": [row], "units": units}

    @classmethod
    def is_success(cls, row: dict) -> bool:
        return row.get("winner") == "a"

    HERO_TROPHY = 20.0
    """What an opposing primary hero defeated is worth to a heuristic player, in Health: one of the two the
    team must defeat to win (ALL-2), on top of the hero's Health (counted three times while it lives)."""

    def objective(self, g: Game[AllianceState], troop: int) -> float:
        """ALL-2 (a team wins when both opposing primary heroes have been defeated, at any times): `HERO_TROPHY`
        per opposing primary hero defeated, less the same for the troop's own team's (its teammate's included).
        Reads only the heroes' defeats (public)."""
        s = g.state
        team = s.teams[troop]
        v = 0.0
        for p in s.players:
            if s.units[s.troops[p].primary_hero].times_defeated:
                v += self.HERO_TROPHY if s.teams[p] != team else -self.HERO_TROPHY
        return v


def setup(catalog: Catalog, factions: Sequence[str], *, rng: np.random.Generator, log: bool = False,
          first_player: int | None = None, mode: Mode | None = None) -> AllianceState:
    """ALL-3..ALL-10: a random first player, turns clockwise; the first player's team takes the red side
    and red health chips (ruling R-ALL-1, as R-ENG-1), the other blue; every tactic face up in camp; every
    non-elite chip waiting in the bag until the player's choice of six (`Alliance.begin`); both heroes of a
    team in their camps until the team places them; the full supply by colour."""
    ar = catalog.arena(ARENA)
    grid = HexGrid.of(ar)
    first = int(rng.integers(4)) if first_player is None else first_player
    order = [(first + k) % 4 for k in range(4)]
    red_team = team_of_seat(first)
    units: list[UnitState] = []
    troops = []
    for p, fid in enumerate(factions):
        side = SIDES[0] if team_of_seat(p) == red_team else SIDES[1]
        troops.append(add_faction(units, catalog, p, fid, side, zone=BAG, tactics=catalog.faction_tactics(fid),
                                  faction_units=catalog.faction_units(fid), neutral=None))
    supply = dict(catalog.game.health_chips)
    s = AllianceState(grid=grid, units=units, troops=troops, board=[-1] * grid.n, supply=dict(supply),
                      supply_start=dict(supply), order=order, log=[] if log else None,
                      mode=mode if mode is not None else Alliance(), teams=[team_of_seat(p) for p in range(4)],
                      players=list(range(4)), first=first)
    s.say("Set-up: " + ", ".join(f"{troops[p].faction} ({troops[p].side})" for p in order)
          + f" in turn order; {troops[first].faction} goes first")
    return s


Alliance.setup_state = staticmethod(setup)
