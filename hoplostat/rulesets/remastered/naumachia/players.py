"""Greedy's Naumachia (Pandora's Wake; `Naumachia.greedy`): `NaumachiaGreedy`, the core heuristics with these of
its own. The mode's players live with the mode: this module is the only part of it that imports a player, and the
rules reach it only through the mode's `greedy()`, on first use.

- move: a ship goes to the reachable hex from which its best target (below) is within Range, the opposing
  ships and hero first, else as close as it can get to the nearest opposing ship; the ship that gains most
  moves first, and the player stops when no ship gains. A unit in the water takes a free platform it can
  reach (tactics, NAU-27) unless the opposing hero is within its reach; otherwise the default heuristics.
- engage: the attack worth most: on the opposing hero its chance to defeat it (the game) then its expected
  damage; on an opposing ship its expected damage as favor, more when it reaches the next event; on a unit
  the chance to defeat it; on a crocodile little. Specials (Elude) only when no attack is offered.
- sea-tactic: Netted on the opposing hero (or the strongest opponent in the water), Anchor or Foul Wind on
  the opposing ship closest to the player's ships, Rupture on the player's ship with an opposing ship in
  Range, Befriended on the crocodile closest to the player's pieces; Bait never.
- dislodge: the ship with the most crewmembers (both ships stay afloat longest).
"""

from __future__ import annotations

from typing import ClassVar

from hoplostat.engine import rules
from hoplostat.engine.state import COMBAT
from hoplostat.policies.greedy import GreedyController, attack_odds, kill_chance


def _seat(troop: int) -> int:
    return troop if troop < 2 else troop - 2 if troop < 4 else -1


def _target_value(g, u, t, *, mean: float | None = None, at_least=None) -> float:
    s = g.state
    if mean is None:
        mean, at_least = attack_odds(*rules.attack_profile(g, u, t))
    kind = t.unit.kind
    if kind == "ship":
        left = s.left[_seat(t.troop)]
        return 2.0 * mean + (6.0 * kill_chance(at_least, left) if left < len(at_least) else 0.0)
    if kind == "crocodile":
        return 0.3 * mean + 2.0 * kill_chance(at_least, t.hp)
    if t.unit.elite:
        return 100.0 * kill_chance(at_least, t.hp) + 3.0 * mean
    return 8.0 * kill_chance(at_least, t.hp) + mean


def _ship_hex_score(g, u, h, opps) -> float:
    s = g.state
    row = s.grid.dist[h]
    r = rules.range_of(s, u)
    best = 0.0
    for o in opps:
        if row[o.hex] <= r:
            k = o.unit.kind
            best = max(best, 10.0 if k == "ship" else 20.0 if o.unit.elite else 3.0 if k == "crocodile" else 6.0)
    ships = [o.hex for o in opps if o.unit.kind == "ship" or o.unit.elite]
    near = min((row[x] for x in ships), default=0)
    return best - 0.1 * near


class NaumachiaGreedy(GreedyController):
    """Greedy in Naumachia (NAU-*): ships first, sea tactics, dislodged crews."""

    DECISIONS: ClassVar[dict[str, str]] = {
        **GreedyController.DECISIONS,
        "sea-tactic": "_sea_tactic",
        "dislodge": "_dislodge",
        "dislodge-hex": "_first_offered",
        "rival-dislodge": "_first_offered",
        "rival-dislodge-hex": "_first_offered",
        "rival-hero-hex": "_first_offered",
        "hero-hex": "_first_offered",
    }

    def _engage(self, g, troop, options, optional):
        s = g.state
        scored = []
        for opt in options:
            if opt[0] == "attack":
                u, t = s.units[opt[1]], s.units[opt[2]]
                scored.append((_target_value(g, u, t), opt))
        if scored:
            return self._best(scored, None)
        return super()._engage(g, troop, options, optional)

    def _move(self, g, troop, options, optional):
        s = g.state
        units = s.units
        first = units[options[0][0]] if options else None
        if first is not None and first.unit.kind == "ship":
            opps = s.opponents_of(troop)
            by_ship: dict[int, list[int]] = {}
            for uid, h in options:
                by_ship.setdefault(uid, []).append(h)
            best, gain = None, 0.0
            for uid, hexes in by_ship.items():
                u = units[uid]
                here = _ship_hex_score(g, u, u.hex, opps)
                h = max(hexes, key=lambda x: (_ship_hex_score(g, u, x, opps), -x))
                sc = _ship_hex_score(g, u, h, opps) - here
                if sc > gain:
                    best, gain = (uid, h), sc
            return best
        platforms = s.platform_hexes
        hero = s.hero[1 - _seat(troop)] if _seat(troop) >= 0 else -1
        hero_u = units[hero] if hero >= 0 and units[hero].zone == COMBAT else None
        for uid, h in options:
            u = units[uid]
            if h in platforms and u.hex not in platforms and (
                    hero_u is None or s.grid.dist[u.hex][hero_u.hex] > rules.movement_of(s, u) + rules.range_of(s, u)):
                return (uid, h)
        options = [o for o in options if units[o[0]].hex not in platforms or hero_u is not None]
        if not options:
            return None
        return super()._move(g, troop, options, optional)

    def _sea_tactic(self, g, troop, options, optional):
        s = g.state
        camp = s.camp[troop]
        mine = [u for u in s.in_combat() if _seat(u.troop) == _seat(troop)]
        dist = s.grid.dist

        def near_mine(t) -> int:
            return min((dist[t.hex][m.hex] for m in mine), default=99)
        scored = []
        for i, uid in options:
            t = s.units[uid]
            name = camp[i]
            if name == "netted":
                scored.append((50.0 if t.unit.elite else t.hp, (i, uid)))
            elif name in ("anchor", "foul-wind"):
                scored.append((10.0 - near_mine(t) * 0.5, (i, uid)))
            elif name == "rupture":
                r = rules.range_of(s, t)
                if any(o.unit.kind == "ship" and dist[t.hex][o.hex] <= r for o in s.opponents_of(t.troop)):
                    scored.append((8.0, (i, uid)))
            elif name == "befriended":
                scored.append((6.0 - near_mine(t) * 0.5, (i, uid)))
        return self._best(scored, 0.0)

    def _dislodge(self, g, troop, options, optional):
        s = g.state
        return max(options, key=lambda sh: (len(s.crew[sh]), -sh))
