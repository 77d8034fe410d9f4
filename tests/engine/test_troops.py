"""N troops and free ownership: a troop's side (its deployment hexes), its health-chip supply and its team
are separate facts of the state, so three or four troops, pooled supplies and teams of players fit."""

from __future__ import annotations

import numpy as np
from enginekit import Scripted, mk_unit

from hoplostat.engine import rules
from hoplostat.engine.hexgrid import HexGrid
from hoplostat.engine.rules import FixedRoller, Game
from hoplostat.engine.state import CAMP, COMBAT, GameState, TeamGameState, TroopState, UnitState


def _three_troops(cat, *, pooled: bool, teams: list[int] | None = None):
    grid = HexGrid.of(cat.arena("pozzuoli"))
    troops = [TroopState(i, side, f"t{i}", health="pool" if pooled else "") for i, side in
              enumerate(("red", "blue", "red"))]
    units = [UnitState(i, mk_unit(f"u{i}", health=4), i, zone=CAMP) for i in range(3)]
    supply = {"pool": 10} if pooled else {"red": 10, "blue": 10}
    cls, extra = (TeamGameState, {"teams": teams, "players": [0, 1, 2]}) if teams else (GameState, {})
    s = cls(grid=grid, units=units, troops=troops, board=[-1] * grid.n, supply=dict(supply),
            supply_start=dict(supply), order=[0, 1, 2], **extra)
    return Game(s, FixedRoller(mode="all"), [Scripted()] * 3, np.random.default_rng(0))


def test_supply_key_defaults_to_the_side_and_can_be_pooled(cat):
    g = _three_troops(cat, pooled=False)
    s = g.state
    assert [s.supply_of(t) for t in range(3)] == ["red", "blue", "red"]
    h0, h1 = [h for h in range(s.grid.n) if not s.grid.move_block[h]][:2]
    rules.deploy(g, s.units[0], h0)
    rules.deploy(g, s.units[2], h1)  # troops 0 and 2 share the red side, so its chips
    assert s.supply == {"red": 2, "blue": 10}
    pooled = _three_troops(cat, pooled=True)
    ps = pooled.state
    assert {ps.supply_of(t) for t in range(3)} == {"pool"}
    a, b = [h for h in range(ps.grid.n) if not ps.grid.move_block[h]][:2]
    rules.deploy(pooled, ps.units[0], a)
    rules.deploy(pooled, ps.units[1], b)  # red and blue troops drawing on one pool
    assert ps.supply == {"pool": 2}
    rules.damage(pooled, ps.units[1], 3, source=ps.units[0])
    assert ps.supply == {"pool": 5} and ps.units[1].hp == 1
    rules.defeat(pooled, ps.units[1])
    assert ps.supply == {"pool": 6} and ps.units[1].zone != COMBAT


def test_teams_are_their_own_fact(cat):
    alone = _three_troops(cat, pooled=False).state
    assert [alone.team_of(t) for t in range(3)] == [0, 1, 2]
    teamed = _three_troops(cat, pooled=False, teams=[0, 1, 0]).state
    assert [teamed.team_of(t) for t in range(3)] == [0, 1, 0]
    h = [x for x in range(teamed.grid.n) if not teamed.grid.move_block[x]][:3]
    g = Game(teamed, FixedRoller(mode="all"), [Scripted()] * 3, np.random.default_rng(0))
    for u, x in zip(teamed.units, h):
        rules.deploy(g, u, x)
    assert [u.troop for u in teamed.opponents_of(0)] == [1]
    assert [u.troop for u in teamed.opponents_of(1)] == [0, 2]
