"""The tactics: the rival's Tactic Targeting table (NAU-40) and Foul Wind's blow (stand-in, R-PW-20)."""

from __future__ import annotations

from hoplostat.engine import rules
from hoplostat.engine.rules import Game
from hoplostat.engine.state import UnitState
from hoplostat.rulesets.remastered.naumachia.state import WIND, NaumachiaState, is_croc, is_ship, seat_of

# --------------------------------------------------------------------------- tactics


def rival_tactic_targets(s: NaumachiaState, seat: int, name: str) -> list[UnitState]:
    """NAU-40, the rival's Tactic Targeting table (any range); every equal target is returned."""
    pieces = s.in_combat()
    dist = s.grid.dist

    def best(cands: list[UnitState], key, largest: bool) -> list[UnitState]:
        if not cands:
            return []
        vals = [key(u) for u in cands]
        b = max(vals) if largest else min(vals)
        return [u for u, v in zip(cands, vals) if v == b]
    opp_ships = [u for u in pieces if is_ship(u) and seat_of(u.troop) == 1 - seat]
    crocs = [u for u in pieces if is_croc(u)]
    player_units = [u for u in pieces if not is_croc(u) and seat_of(u.troop) == 1 - seat]
    if name == "anchor":
        return best(opp_ships, lambda u: rules.movement_of(s, u), False)
    if name == "rupture":
        return best([u for u in pieces if is_ship(u) and seat_of(u.troop) == seat], lambda u: len(s.crew[u.uid]), False)
    if name == "bait":  # nearest to any player unit or ship
        return best(crocs, lambda c: min((dist[c.hex][p.hex] for p in player_units), default=99),
                    False) if player_units else []
    if name == "befriended":  # nearest to any player unit (not a ship)
        water = [p for p in player_units if not is_ship(p)]
        return best(crocs, lambda c: min(dist[c.hex][p.hex] for p in water), False) if water else []
    if name == "netted":  # the opponent in the water with the most HP
        return best([u for u in pieces if not is_ship(u) and s.teams[u.troop] != s.teams[seat]], lambda u: u.hp, True)
    if name == "foul-wind":
        starts = s.grid.tagged("ship-start")
        return best(opp_ships, lambda u: min(dist[u.hex][h] for h in starts), True)
    raise KeyError(name)


def blow(g: Game[NaumachiaState], ship: UnitState) -> None:
    """Foul Wind (stand-in, R-PW-20): the ship moves up to 2 hexes, each step to a free neighbour closer to the
    nearest ship starting hex (the lowest hex id among equals); not a move of its own."""
    s = g.state
    starts = s.grid.tagged("ship-start")
    dist = s.grid.dist
    blocked = s.blocked_for_move(ship.troop)
    for _ in range(WIND):
        here = min(dist[ship.hex][h] for h in starts)
        steps = [n for n in s.grid.neighbours[ship.hex] if not blocked[n] and min(dist[n][h] for h in starts) < here]
        if not steps:
            return
        dest = min(steps)
        src = ship.hex
        s.board[src] = -1
        s.board[dest] = ship.uid
        ship.hex = dest
        blocked[src], blocked[dest] = False, True
        s.say(f"{ship.name} is blown from hex {src} to hex {dest}")
