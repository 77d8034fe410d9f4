"""Seating a scenario's position in a game a mode set up by its own rules (`Mode.scenario_state`'s default): the
set-up's chips of the scenario's troops leave the game, the scenario's take their place; what the mode added
(a rival troop, a titan, the arena's pieces) stays where its set-up put it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from hoplostat.engine.mode import GameSpec, Mode, opponent_ids
from hoplostat.engine.rules import Game
from hoplostat.engine.scenario.choices import PassController
from hoplostat.engine.state import COMBAT, SIDES, GameState
from hoplostat.errors import InputError

OUT = "box"
"""The zone of the set-up's chips a scenario takes out of the game (no rule reads it)."""


def set_up(cls: type[Mode], catalog: Any, arena: str, factions: Sequence[str], rng: np.random.Generator) -> Game:
    """A game of mode `cls` set up by its own rules on `arena`, before its first round, played by passing
    controllers: `factions` padded with other factions of the catalog to the fewest seats the mode allows, or cut
    to its most (a solo mode, whose later troops are its own); against the first opponent when it faces one; seat 0
    first."""
    want = min((n for n in cls.seats if n >= len(factions)), default=max(cls.seats))
    seats = list(factions)[:want]
    seats += [f for f in sorted(catalog.factions) if f not in seats][:want - len(seats)]
    titan = sorted(opponent_ids(catalog, cls.opponents))[0] if cls.opponents else ""
    spec = cls.validate(catalog, GameSpec(cls.name, tuple(seats), arena, titan, 0))
    g = cls.new_game(catalog, spec, [PassController()] * len(spec.factions), rng=rng)
    g.state.mode.begin(g)
    return g


def seat_in(s: GameState, plain: GameState, tactics: Sequence[bool]) -> GameState:
    """`s` (a mode's freshly set-up state) with `plain`'s troops' chips, favor, tactics, round and turn; the HP of
    its units in combat taken from their troops' supplies (the caller sets a scenario's explicit `[supply]`).
    The scenario's troop i is the state's troop i; with two players of red and blue, they take the scenario's
    sides; a troop keeps the set-up's tactics unless `tactics[i]` (the file named them). `plain`'s units get the
    uids after the state's own. Returns `s`, changed."""
    n = len(plain.troops)
    _take_out(s, n)
    offset = len(s.units)
    for u in plain.units:
        u.uid += offset
        s.units.append(u)
        if u.zone == COMBAT:
            if s.board[u.hex] >= 0:
                other = s.units[s.board[u.hex]]
                raise InputError(f"unit #{u.uid - offset + 1} ({u.unit.id}): field 'hex': hex {u.hex} is held by "
                                 f"{other.name} of the mode's own set-up; place the unit elsewhere")
            s.board[u.hex] = u.uid
            s.enter_combat(u)
    two_sides = all(s.troops[i].side in SIDES for i in range(n))
    for i, p in enumerate(plain.troops):
        _copy_troop(s.troops[i], p, offset, two_sides, tactics[i])
    for u in plain.units:  # the scenario's units in combat drew their HP from their troop's supply
        if u.zone == COMBAT:
            s.supply[s.supply_of(u.troop)] -= u.hp
    s.order = list(plain.order)
    s.round, s.turn, s.active = plain.round, plain.turn, plain.active
    s.log = plain.log
    return s


def _take_out(s: GameState, n: int) -> None:
    """The set-up's chips of troops 0..n-1 leave the board and every zone."""
    for u in s.units:
        if u.troop >= n or u.zone == OUT:
            continue
        if u.zone == COMBAT:
            s.supply[s.supply_of(u.troop)] += u.hp  # its health chips go back to the supply
            s.leave_combat(u)
            if u.hex >= 0 and s.board[u.hex] == u.uid:
                s.board[u.hex] = -1
            u.hex = -1
        u.zone = OUT
        u.is_primary_hero = False


def _copy_troop(t: Any, p: Any, offset: int, sides: bool, tactics: bool) -> None:
    """What the scenario says of a troop onto the mode's troop object (which may keep more)."""
    if sides:
        t.side = p.side
    t.faction = p.faction
    t.favor, t.favor_total, t.rewards = p.favor, p.favor_total, p.rewards
    if tactics:
        t.tactics_camp = list(p.tactics_camp)
        t.tactics_discard = list(p.tactics_discard)
    t.deployed = p.deployed
    t.primary_hero = p.primary_hero + offset if p.primary_hero >= 0 else -1
