"""Per-unit statistics the engine keeps for the report (no rule depends on them)."""

from __future__ import annotations

from enginekit import make_game, mk_tactic, mk_unit

from hoplostat.catalog import load
from hoplostat.engine import rules
from hoplostat.engine.hexgrid import HexGrid


def test_the_engine_records_hp_held_and_tactics_only_a_reach_enabled():
    grid = HexGrid.of(load().arena("pozzuoli"))
    c = 28
    far = grid.at_distance(c, 2)[0]
    g = make_game(grid, [(mk_unit("t", skills=["tactical"]), 0, c), (mk_unit("o", health=5), 1, far),
                         (mk_unit("p", health=5), 1, grid.neighbours[c][0])])
    s = g.state
    rules.damage(g, s.units[1], 3, source=s.units[0])
    assert s.units[1].damage_taken == 3 and s.units[0].damage_taken == 0
    stun = mk_tactic("stun-x", "permanent", "stun")
    s.troops[0].tactics_camp = [stun, mk_tactic("stun-y", "permanent", "stun")]
    rules.place_tactic(g, 0, stun, s.units[1])  # two hexes away: only Tactical reaches it
    assert s.units[0].tactics_enabled == 1
    rules.place_tactic(g, 0, s.troops[0].tactics_camp[0], s.units[2])  # adjacent: any unit reaches it
    assert s.units[0].tactics_enabled == 1
