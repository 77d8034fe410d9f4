"""Pandemonium Mode (Remastered, "Pandemonium Mode"): three or four players, each alone, on Pozzuoli.

Every troop may deploy on any of the twelve deployment hexes (PAN-8), keeps at most three units in
combat and must deploy while below that (PAN-9, PAN-17), and draws on one pooled health supply whose
chip colours mean nothing (PAN-7, PAN-10). There is no crowd favor (PAN-11); the first step of a turn
instead lets a player take back one discarded tactic per stone hex it holds, sending a stone unit
back to a deployment hex for each (PAN-14, PAN-15). A unit that defeats an opposing hero lets its
troop take up to two non-elite units back from its discard (PAN-18). A player with nothing in combat
and nothing to deploy in its Deployment Step forfeits and leaves the game; the last one left wins
(PAN-20, PAN-21). The book sets no round limit: the round cap ends a stalled game as a draw among the
players still in it (ruling R-PAN-5).
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
from hoplostat.engine.mode import SEAT_LETTERS, per_seat
from hoplostat.engine.registry import unimplemented_in_game
from hoplostat.engine.rules import Game
from hoplostat.engine.rulings import value
from hoplostat.engine.state import CAMP, COMBAT, GameState, UnitState
from hoplostat.rulesets.remastered import turn
from hoplostat.rulesets.remastered.base import RULESET
from hoplostat.rulesets.remastered.multiplayer import ARENA, PozzuoliPlayersMode, units_back_from_discard
from hoplostat.rulesets.remastered.troops import add_faction

UNIT_LIMIT = 3
"""PAN-9: units of one troop in combat at a time (the hero counts like any unit: ruling R-PAN-1)."""
POOL = "pool"
"""The one health-chip supply of every troop (PAN-7, PAN-10)."""


def seat_side(seat: int) -> str:
    """A troop's name in the narration: Pandemonium has no sides, so troops are named by seat."""
    return f"seat-{seat + 1}"


@dataclass(slots=True)
class PandemoniumState(GameState):
    """Who has left the game: `out_round[t]` the round troop t forfeited in (0 while it plays); troops
    that left are removed from `order` (PAN-12, PAN-20)."""

    out_round: list[int] = field(default_factory=list)
    out_order: list[int] = field(default_factory=list)
    """Troops in the order they were eliminated."""
    first: int = 0
    """The troop that plays first (PAN-4)."""
    seating: list[int] = field(default_factory=list)
    """Every troop in turn order from the first player, the eliminated ones included (the positions of a
    round's turns, stable when a game is resumed mid-round)."""
    hero_kills: list[int] = field(default_factory=list)
    """Opposing heroes each troop defeated (by its units or its tactics)."""


@register_mode
class Pandemonium(PozzuoliPlayersMode):
    """The free-for-all of three or four players. Stateless: who is still in the game is in the state."""

    name = "pandemonium"
    ruleset = RULESET
    summary = "three or four players, each alone, on Pozzuoli: the last player not forced to forfeit wins"
    seats = (3, 4)
    teams = "each player alone (free-for-all)"
    default_max_rounds = 60
    analysis = "pods"
    success = "faction a wins"
    @classmethod
    def greedy(cls) -> type:
        from hoplostat.rulesets.remastered.pandemonium.players import PandemoniumGreedy

        return PandemoniumGreedy
    columns = {"games": {"winner": "str", "winner_faction": "str", "rounds": "int", "end_reason": "str",
                         "players": "int", "first_seat": "str", "faction_c": "str", "faction_d": "str",
                         **per_seat("abcd", "out_round", "units_deployed", "damage_dealt", "kills", "units_lost",
                                    "heroes_defeated")}}

    __slots__ = ()

    # --- the round ------------------------------------------------------------------------------
    def round_turns(self, g: Game[PandemoniumState]):
        """PAN-12: one turn of each player still in the game, from the first player clockwise."""
        s = g.state
        for p in s.seating:
            # An eliminated player's place is kept empty (None), so positions do not shift mid-round.
            yield self.turn_of(g, p) if p in s.order else None

    def turn_of(self, g: Game[PandemoniumState], troop: int) -> Turn:
        """PAN-13: check stone hexes, deployment, tactic placement, movement, abilities, engage (no replenish)."""
        s = g.state
        steps = self.steps_for(g, troop, lambda: turn.player_steps(
            g, troop, arena=lambda: self.stone_step(g, troop), deployment=lambda: self.deployment(g, troop)))
        return Turn(troop, f"-- Round {s.round}, {s.troops[troop].faction} ({s.troops[troop].side}) turn", steps)

    def deployment_hexes(self, s: GameState, troop: int) -> tuple[int, ...]:
        """PAN-8: any of the twelve deployment hexes, whatever their colour."""
        return s.grid.tagged("deploy-red") + s.grid.tagged("deploy-blue")

    def stone_step(self, g: Game, troop: int) -> None:
        """Pandemonium "Check Stone Hexes": one discarded tactic back to camp per stone hex the troop's own
        units hold (PAN-14, PAN-16); for each, one of those stone units goes to a free deployment hex of the
        player's choice (PAN-15). Ruling R-PAN-2: the relocation is a displacement (not movement, not a
        deployment: not dazed, triggers nothing of movement), onto a free hex, and a tactic is taken back
        only while a stone unit and a free deployment hex remain for it."""
        s = g.state
        t = s.troops[troop]
        on_stones = turn.stones_held(s, troop)
        for _ in range(len(on_stones)):
            free = [h for h in self.deployment_hexes(s, troop) if s.board[h] < 0]
            if not t.tactics_discard or not free or not on_stones:
                return
            tid = g.ask(troop, "stone-tactic", [tac.id for tac in t.tactics_discard], optional=True)
            if tid is None:
                return
            k = next(i for i, tac in enumerate(t.tactics_discard) if tac.id == tid)
            tac = t.tactics_discard.pop(k)
            t.tactics_camp.append(tac)
            s.say(f"{t.faction} ({t.side}) takes {tac.name} back to its camp (stone hex)")
            uid, h = g.ask(troop, "stone-relocate", [(u.uid, h) for u in on_stones for h in free], optional=False)
            u = s.units[uid]
            on_stones.remove(u)
            s.say(f"{u.name} ({t.side}) leaves its stone hex for a deployment hex (for {tac.name})")
            rules.displace(g, u, h)

    def deployment(self, g: Game[PandemoniumState], troop: int) -> None:
        """PAN-9: no deployment with three units in combat; PAN-17: below three it is mandatory when
        possible (one unit at most, DEP-1); PAN-20: nothing in combat and nothing deployable forfeits."""
        s = g.state
        mine = len(s.in_combat(troop))
        if s.rulings and value(s, "pandemonium-hero-counts") == "no":  # the switch's alternative to R-PAN-1
            mine -= sum(1 for u in s.in_combat(troop) if u.is_primary_hero)
        if mine >= UNIT_LIMIT:
            return
        opts = turn.deployable(g, troop, self.deployment_hexes(s, troop))
        if not opts:
            if not s.in_combat(troop):
                self.forfeit(g, troop)
            return
        uid, h = g.ask(troop, "deploy", opts, optional=False)
        rules.deploy(g, s.units[uid], h)

    def forfeit(self, g: Game[PandemoniumState], troop: int) -> None:
        """PAN-20, PAN-21: the player leaves the game at once; when one player is left, it wins. The troop's
        chips are out of the game; its tactics on other troops' units stay until those units are defeated
        (ruling R-PAN-4)."""
        s = g.state
        t = s.troops[troop]
        s.out_round[troop] = s.round
        s.out_order.append(troop)
        s.order.remove(troop)
        s.say(f"{t.faction} ({t.side}) has nothing in combat and nothing to deploy: it forfeits and is eliminated")
        if len(s.order) == 1:
            self.end(g, "last player standing", s.order[0])

    # --- hooks ----------------------------------------------------------------------------------
    def after_defeat(self, g: Game[PandemoniumState], u: UnitState, *, source: UnitState | None,
                     source_troop: int | None) -> None:
        """PAN-18: a unit that defeats an opposing hero earns its troop up to two non-elite units from its
        discard. Ruling R-PAN-3 (as R-ENG-8): a unit's skill counts, a tactic (no unit as source) does not.
        PAN-3, PAN-19: a hero's defeat wins nothing else and its player plays on."""
        if u.unit.kind not in ("hero", "neutral-hero") or source_troop is None or source_troop == u.troop:
            return
        s = g.state
        s.hero_kills[source_troop] += 1
        if source is None or source.troop != source_troop:
            return
        units_back_from_discard(g, source.troop, "hero-reward", f"{source.name} defeated {u.name}", optional=True)

    def end_text(self, g: Game, reason: str, winner: int | None) -> str:
        s = g.state
        if winner is not None:
            return f"Game over: {reason}; {s.troops[winner].faction} wins"
        left = ", ".join(s.troops[p].faction for p in s.order)
        return f"Game over: {reason}; draw among {left}"

    UNIT_WORTH = 2.0
    """What a unit still in play is worth to a heuristic player beyond its Health, in Health points: a troop
    is eliminated when it has no unit left to put in combat (PAN-20), however much Health those have."""

    def objective(self, g: Game[PandemoniumState], troop: int) -> float:
        """PAN-3, PAN-20 (the last player not forced to forfeit wins; a player forfeits with nothing in
        combat and nothing to deploy): `UNIT_WORTH` per unit the troop has in combat or in camp (PAN-5: the
        camp is face up), less the mean of the other troops' (an eliminated troop has none, so an
        elimination counts in full). Reads only public chips."""
        s = g.state
        left = [0] * len(s.troops)
        for u in s.units:
            if u.zone == COMBAT or u.zone == CAMP:
                left[u.troop] += 1
        for p in s.out_order:
            left[p] = 0
        others = [left[p] for p in range(len(s.troops)) if p != troop]
        if troop >= len(s.troops) or not others:
            return 0.0
        return self.UNIT_WORTH * (left[troop] - sum(others) / len(others))

    # --- the result -----------------------------------------------------------------------------
    def result(self, g: Game[PandemoniumState], spec: GameSpec) -> GameResult:
        s = g.state
        n = len(s.troops)
        troops = []
        for t in s.troops:
            if s.winner is not None:
                out = WON if t.index == s.winner else LOST
            else:
                out = LOST if t.index in s.out_order else DRAW
            troops.append(TroopResult(t.index, t.faction, t.side, t.index, out, t.deployed, t.damage_dealt, t.kills,
                                      t.units_lost, 0, 0, t.tactic_damage, t.tactic_kills,
                                      extras={"eliminated": int(t.index in s.out_order),
                                              "out_round": s.out_round[t.index],
                                              "heroes_defeated": s.hero_kills[t.index]}))
        return GameResult(
            mode=self.name, ruleset=RULESET, arena=ARENA, factions=tuple(t.faction for t in s.troops),
            rounds=s.round, end_reason=s.end_reason or "unfinished", first_player=s.first,
            troops=troops, units=player_units(s, range(n)), unimplemented=unimplemented_in_game(s),
            extras={"players": n, "eliminated": [SEAT_LETTERS[p] for p in s.out_order]}, log=s.log)

    # --- what sweeps need -----------------------------------------------------------------------
    @classmethod
    def rows(cls, res: GameResult, head: dict, unit_kind) -> dict[str, list[dict]]:
        winner = None if res.winner is None else SEAT_LETTERS[res.winner]
        factions = list(res.factions) + [None] * (4 - len(res.factions))
        row = {**head, "winner": winner, "winner_faction": res.winner_faction, "rounds": res.rounds,
               "end_reason": res.end_reason, "players": len(res.troops), "first_seat": SEAT_LETTERS[res.first_player],
               "faction_c": factions[2], "faction_d": factions[3]}
        for seat in "abcd":
            row.update({f"{seat}_{c}": None for c in ("out_round", "units_deployed", "damage_dealt", "kills",
                                                        "units_lost", "heroes_defeated")})
        for t in res.troops:
            x = SEAT_LETTERS[t.seat]
            row.update({f"{x}_out_round": t.extras["out_round"] if t.extras["eliminated"] else None,
                        f"{x}_units_deployed": t.units_deployed,
                        f"{x}_damage_dealt": t.damage_dealt, f"{x}_kills": t.kills, f"{x}_units_lost": t.units_lost,
                        f"{x}_heroes_defeated": t.extras["heroes_defeated"]})
        units = cls.unit_rows(head, res, unit_kind, lambda seat: winner == SEAT_LETTERS[seat])
        return {"games": [row], "units": units}


def setup(catalog: Catalog, factions: Sequence[str], *, rng: np.random.Generator, log: bool = False,
          first_player: int | None = None, mode: Mode | None = None) -> PandemoniumState:
    """Pandemonium set-up: a random first player, then clockwise by seat (PAN-4); each troop takes its whole
    faction into camp, hero active side up (PAN-5, PAN-6); one supply of every health chip (PAN-7). No
    neutral heroes, rivals or other extras (PAN-2). Factions are given per seat: the book's picking order
    (last player first) decides nothing once they are chosen (ruling R-PAN-6)."""
    n = len(factions)
    ar = catalog.arena(ARENA)
    grid = HexGrid.of(ar)
    first = int(rng.integers(n)) if first_player is None else first_player
    order = [(first + k) % n for k in range(n)]
    units: list[UnitState] = []
    troops = []
    for p, fid in enumerate(factions):
        t = add_faction(units, catalog, p, fid, seat_side(p), zone=CAMP, tactics=catalog.faction_tactics(fid),
                        faction_units=catalog.faction_units(fid), neutral=None)
        t.health = POOL
        units[t.primary_hero].active = True
        troops.append(t)
    pool = sum(catalog.game.health_chips.values())
    s = PandemoniumState(grid=grid, units=units, troops=troops, board=[-1] * grid.n, supply={POOL: pool},
                         supply_start={POOL: pool}, order=order, log=[] if log else None,
                         mode=mode if mode is not None else Pandemonium(), out_round=[0] * n, first=first,
                         hero_kills=[0] * n, seating=list(order))
    s.say("Set-up: " + ", ".join(f"{troops[p].faction} ({troops[p].side})" for p in order)
          + f" in turn order; {troops[first].faction} goes first; one pooled supply of {pool} health chips")
    return s


Pandemonium.setup_state = staticmethod(setup)
