"""Rise of Rome against a titan: how the titan's side chooses and moves (ROR-63..ROR-65, ROR-77): the d6 read
through the Die Legend, tie-breaks left to the player, routes and the move toward a target."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hoplostat.engine import rules
from hoplostat.engine.hexgrid import HexGrid
from hoplostat.engine.rules import Game
from hoplostat.engine.state import UnitState
from hoplostat.rulesets.rise_of_rome.titan.state import TitanState, can_act


def d6(g: Game[TitanState]) -> int:
    """A d6 for placement or direction (Rise of Rome, "General Titan Rules and Terminology"; ROR-65): the white die
    (ROR-4: the book's "red die" is a slip, the box has none; ruling R-ROR-18), read through the Die Legend
    (`HexGrid.compass_step`)."""
    s = g.state
    face = s.d6_script.pop(0) if s.d6_script else int(g.rng.integers(1, 7))
    s.d6_rolled.append(face)
    s.say(f"d6: {face} ({s.grid.arena.compass[face - 1]})")
    return face


def step(grid: HexGrid, h: int, direction: str) -> int:
    return grid.compass_step(h, grid.arena.compass.index(direction) + 1)


def choose(g: Game[TitanState], cands: list[Any], *keys: Callable[[Any], float]) -> Any | None:
    """Rise of Rome, "General Titan Rules and Terminology" (ROR-63): a chain such as "closest > weakest" is a
    tie-break: keep the candidates best (lowest) on the
    first key, then on the next; ties left are the player's choice (ROR-80: "titan-choice", asked of player
    1). Not a fall-through priority list."""
    for key in keys:
        if len(cands) <= 1:
            break
        best = min(key(c) for c in cands)
        cands = [c for c in cands if key(c) == best]
    if not cands:
        return None
    if len(cands) == 1:
        return cands[0]
    s = g.state
    return g.ask(s.players[0], "titan-choice", cands, optional=False)


def route_from(s: TitanState, goal: int, mover: UnitState, *, units: bool = True) -> list[int | None]:
    """Steps of the shortest available route between `goal` and every hex for `mover` (ROR-64: "closest" for
    movement is the shortest available route): through no unit, pedestal or players' foothold (ROR-54), the
    mover's own hex free; a blocked hex gets the steps to reach it (a unit there can be reached, not passed).
    None: no route. `units=False`: the route as if no unit stood in the way (pedestals and footholds still
    do): the way a unit walled off from its target still heads (ROR-77)."""
    grid = s.grid
    if units:
        blocked = s.blocked_for_move(mover.troop)
    else:
        blocked = list(grid.move_block)
        for h, t in s.footholds.items():
            if t != mover.troop:
                blocked[h] = True
    blocked[mover.hex] = False
    out: list[int | None] = [None] * grid.n
    out[goal] = 0
    frontier = [goal]
    d = 0
    while frontier:
        d += 1
        nxt = []
        for h in frontier:
            for m in grid.neighbours[h]:
                if out[m] is None:
                    out[m] = d
                    if not blocked[m]:
                        nxt.append(m)
        frontier = nxt
    return out


def move_toward(g: Game[TitanState], u: UnitState, target: UnitState, steps: int) -> None:
    """Rise of Rome, "Titan-Summoned Unit Traits" (ROR-77; ruling R-ROR-27): up to `steps` hexes along the shortest
    available route toward `target` (none, walled off by units: the shortest route were they not there); if no hex
    gets it closer it still moves, to a hex as far from the target as where it stands (along the route's other side),
    else stays. Adjacent already: it stays. Equal ends (by route, then by steps used): the player's choice."""
    s = g.state
    if steps <= 0 or not can_act(s, u) or s.grid.dist[u.hex][target.hex] <= 1:
        return
    if rules.is_stationed(s, u):
        return  # "Innates still apply" (ROR-79): Stationed cannot move (ROR-101)
    dist = route_from(s, target.hex, u)
    if dist[u.hex] is None:  # walled off by units: it still heads for the target the shortest way there is
        dist = route_from(s, target.hex, u, units=False)
    here = dist[u.hex]
    reach = s.grid.reachable(u.hex, steps, s.blocked_for_move(u.troop))
    known = [h for h in reach if dist[h] is not None]
    if not known:
        return
    best = min(d for d in (dist[h] for h in known) if d is not None)  # every known hex has a distance
    if here is not None and best >= here:
        ends = [h for h in known if dist[h] == here] if best == here else []
    else:
        ends = [h for h in known if dist[h] == best]
    dest = choose(g, ends, lambda h: reach[h])
    if dest is not None:
        rules.move(g, u, dest)
