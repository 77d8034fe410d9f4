"""Rise of Rome against a titan: the titan's summoned units (ROR-75..ROR-80): Shard Bound targets, moves and
attacks."""

from __future__ import annotations

from hoplostat.engine import rules
from hoplostat.engine.rules import Game
from hoplostat.engine.state import COMBAT, UnitState
from hoplostat.rulesets.rise_of_rome.titan.moves import choose, move_toward, route_from
from hoplostat.rulesets.rise_of_rome.titan.state import TitanState, can_act, shard_holders


def shard_bound_target(g: Game[TitanState], u: UnitState) -> UnitState | None:
    """ROR-76 (Shard Bound): the closest (by route) > weakest shard holder; with no active shard the closest >
    weakest champion."""
    s = g.state
    cands = shard_holders(s) or [s.units[s.troops[p].primary_hero] for p in s.players
                                 if s.units[s.troops[p].primary_hero].zone == COMBAT]
    if not cands:
        return None
    dist = route_from(s, u.hex, u)
    far = 10 ** 6
    return choose(g, cands, lambda o: far if dist[o.hex] is None else dist[o.hex], lambda o: o.hp)


def shard_bound_move(g: Game[TitanState], u: UnitState) -> None:
    """ROR-76, ROR-77: a summoned unit moves up to its Move Range toward its Shard Bound target."""
    s = g.state
    if not can_act(s, u):
        return
    target = shard_bound_target(g, u)
    if target is not None:
        move_toward(g, u, target, rules.movement_of(s, u))


def shard_bound_attack(g: Game[TitanState], u: UnitState) -> None:
    """ROR-76, ROR-79: a Basic Attack (never an Alternate Attack; no Abilities; its Innates work through the
    attack's hooks) on, within its Attack Range: the weakest shard holder > the weakest champion > the weakest
    unit; nothing on an inner hex (ROR-9)."""
    s = g.state
    if not can_act(s, u) or s.is_muted(u):
        return
    r = rules.range_of(s, u)
    row = s.grid.dist[u.hex]
    opp = [o for o in s.opponents_of(u.troop) if row[o.hex] <= r]
    if not opp:
        return
    holders = {h for h in s.shards if h >= 0}
    target = choose(g, opp, lambda o: 0 if o.uid in holders else (1 if o.is_primary_hero else 2), lambda o: o.hp)
    if target is not None:
        rules.attack(g, u, target)
