"""Scenario helpers (imported by the tests) for engine tests: hand-built units on the real Pozzuoli map, forced dice."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

import hoplostat.rulesets  # noqa: F401  (registers the skills)
from hoplostat.catalog import FrozenMap, SkillRef, Tactic, Unit
from hoplostat.catalog.model import Effect
from hoplostat.dice import parse_pool
from hoplostat.engine.hexgrid import HexGrid
from hoplostat.engine.rules import FixedRoller, Game
from hoplostat.engine.state import CAMP, COMBAT, DISCARD, GameState, TroopState, UnitState


def mk_unit(
    uid: str = "u",
    *,
    movement: int = 2,
    range_: int = 1,
    health: int = 4,
    attack: str = "black",
    skills: Sequence[str] = (),
    kind: str = "unit",
    name: str | None = None,
) -> Unit:
    refs = []
    for s in skills:
        parts = s.split()
        refs.append(SkillRef(parts[0], int(parts[1]) if len(parts) > 1 else None))
    return Unit(
        id=uid,
        name=name or uid,
        kind=kind,
        faction=None,
        classes=("attacker",),
        elite=kind in ("hero", "neutral-hero", "immortal", "titan"),
        movement=movement,
        range=range_,
        health=health,
        attack=parse_pool(attack),
        skills=tuple(refs),
        provenance=FrozenMap(),
    )


def mk_tactic(tid: str, type_: str, *effects: str) -> Tactic:
    effs = []
    for e in effects:
        parts = e.split()
        arg: Any = None
        if len(parts) > 1:
            arg = int(parts[1]) if parts[1].isdigit() else parts[1]
        effs.append(Effect(parts[0], arg))
    return Tactic(tid, tid, type_, tuple(effs), "", None, FrozenMap())


class Scripted:
    """A controller that answers with `picks[decision](options)`; passes (or takes the first) otherwise."""

    def __init__(self, picks: dict[str, Callable[[Sequence[Any]], Any]] | None = None) -> None:
        self.picks = picks or {}
        self.asked: list[tuple[str, list]] = []

    def choose(self, g, troop, decision, options, *, optional):
        self.asked.append((decision, list(options)))
        fn = self.picks.get(decision)
        if fn is not None:
            return fn(options)
        return None if optional else options[0]


# The Colosseum's hexes the mode tests place chips on (data/remastered/arenas: colosseum).
CENTER = 39
INNER = (18, 20, 37, 41, 58, 60)
PEDESTALS = (0, 6, 72, 78)


class Players(Scripted):
    """Scripted answers that also settle the rival decisions they name (`rival-...` keys), and record which troop
    was asked what (`by_troop`)."""

    def __init__(self, picks=None):
        super().__init__(picks)
        self.rival_decisions = tuple(k for k in (picks or {}) if k.startswith("rival-"))
        self.by_troop: list[tuple[int, str, list]] = []

    def choose(self, g, troop, decision, options, *, optional):
        self.by_troop.append((troop, decision, list(options)))
        return super().choose(g, troop, decision, options, optional=optional)


def build_ascension(cat, titan="mars", factions=("kunlun",), *, roller=None, players=None):
    """An Ascension game set up and its forces chosen, in round 3 (turn 10, the titan's second turn): the mode
    tests' starting point. Dice miss unless `roller`; the players answer by `Players()` unless `players`."""
    from hoplostat.rulesets.remastered.ascension import build_game, choose_forces, setup

    s = setup(cat, titan, list(factions), rng=np.random.default_rng(0), log=True)
    players = players or Players()
    g = build_game(s, [players] * len(factions), rng=np.random.default_rng(0), roller=roller or FixedRoller(mode="none"))
    choose_forces(g)
    s.round, s.turn, s.titan_turns = 3, 10, 2
    return g


def camp_chip(s, troop, unit_id=None):
    """A chip of `troop` not in combat (of `unit_id`, else any non-elite one in camp)."""
    if unit_id is None:
        return next(u.uid for u in s.units if u.troop == troop and u.zone == CAMP and not u.elite)
    return next(u.uid for u in s.units if u.troop == troop and u.unit.id == unit_id and u.zone != COMBAT)


def free_hexes(s, *, near=None, k=1):
    """Free ordinary Colosseum hexes (not inner, center, pedestal or blocked), at distance k from `near` if given."""
    hexes = range(s.grid.n) if near is None else s.grid.at_distance(near, k)
    return [h for h in hexes if s.board[h] < 0 and not s.grid.move_block[h] and not s.grid.pedestal[h]
            and h not in INNER and h != CENTER]


def make_game(
    grid: HexGrid,
    placed: Sequence[tuple[Unit, int, int]],
    *,
    roller: FixedRoller | None = None,
    controllers: Sequence[Any] | None = None,
    hp: dict[int, int] | None = None,
    camp: Sequence[tuple[Unit, int]] = (),
    mode: Any = None,
    round_: int = 3,
) -> Game:
    """A mid-game state: `placed` = (unit, troop, hex) in combat, not dazed; troop 0 red, 1 blue, troop 0 active."""
    units: list[UnitState] = []
    board = [-1] * grid.n
    supply = {"red": 34, "blue": 34}
    sides = ("red", "blue")
    for i, (un, troop, h) in enumerate(placed):
        u = UnitState(i, un, troop, zone=COMBAT, hex=h, hp=un.health, deployed_turn=-10)
        if hp and i in hp:
            u.hp = hp[i]
        supply[sides[troop]] -= u.hp
        board[h] = i
        units.append(u)
    for un, troop in camp:
        units.append(UnitState(len(units), un, troop, zone=CAMP))
    troops = [TroopState(0, "red", "a"), TroopState(1, "blue", "b")]
    s = GameState(
        grid=grid,
        units=units,
        troops=troops,
        board=board,
        supply=supply,
        supply_start={"red": 34, "blue": 34},
        order=[0, 1],
        combat=[u.uid for u in units if u.zone == COMBAT],
        round=round_,
        turn=2 * round_ - 1,
        active=0,
        log=[],
        **({} if mode is None else {"mode": mode}),
    )
    ctrls = list(controllers) if controllers is not None else [Scripted(), Scripted()]
    return Game(s, roller or FixedRoller(mode="all"), ctrls, np.random.default_rng(0))


def adjacent(grid: HexGrid, h: int, k: int = 0) -> int:
    return grid.neighbours[h][k]


def at(grid: HexGrid, h: int, d: int, k: int = 0) -> int:
    return grid.at_distance(h, d)[k]


def put_in_combat(s: GameState, uid: int, hex_: int, hp: int | None = None) -> int:
    """Put a chip of a mode's real set-up in combat (not dazed, active), taking its HP from the supply."""
    u = s.units[uid]
    u.zone, u.hex, u.deployed_turn, u.entered, u.active = COMBAT, hex_, -10, True, True
    u.hp = u.unit.health if hp is None else hp
    s.supply[s.supply_of(u.troop)] -= u.hp
    s.board[hex_] = uid
    s.enter_combat(u)
    return uid


def clear_shards(s: Any) -> None:
    """Take an Ascension game's shards off the board (their HP back to the supply)."""
    for sh in s.shards:
        if sh.uid >= 0 and s.units[sh.uid].zone == COMBAT:
            u = s.units[sh.uid]
            s.supply[sh.colour] += u.hp
            s.board[u.hex] = -1
            s.leave_combat(u)
            u.zone = DISCARD
        sh.out, sh.hex = True, -1


def prefer(*order):
    """A scripted answer: the first of `order` among the options, else the first option."""

    def pick(options):
        for k in order:
            if k in options:
                return k
        return options[0]

    return pick
