"""Greedy's Condemned Mode (Pandora's Wake; `Condemned.greedy`): `CondemnedGreedy`, the core heuristics with these
of its own. The mode's players live with the mode: this module is the only part of it that imports a player, and the
rules reach it only through the mode's `greedy()`, on first use.

- move: the Wretch first, to the reachable hex that brings it closest to its goal escape hex (the goal
  itself wins at once), less 60 / its HP per opponent able to attack that hex next turn (their Movement plus Range;
  a guardian its Range), so a weak Wretch waits; it stays when no hex is better
  than its own. The other units move by the default heuristics (toward opponents).
- engage: an attack on the opposing Wretch first (the competitive switch, CON-5: the kill chance weighted
  heavily), otherwise the default choice.
- die-face: pay 2 HP (CON-26) only with at least 6 HP left on the Wretch, for +2 Movement (face 6) while the
  goal is beyond this turn's Movement, or away from a face that arms the guardians (3, 5) when it stands
  within their reach.
- draft: the hero with the highest value (`greedy._unit_value`).
"""

from __future__ import annotations

from typing import ClassVar

from hoplostat.engine import rules
from hoplostat.engine.state import COMBAT
from hoplostat.policies.greedy import GreedyController, _unit_value, attack_odds


def _wretch(s, troop: int):
    ws = getattr(s, "wretch", None)
    if not ws or troop >= len(ws) or ws[troop] < 0:
        return None
    u = s.units[ws[troop]]
    return u if u.zone == COMBAT else None


def _threats(s, troop: int, h: int) -> int:
    """Opponents (rivals, the other troop, guardians) that could attack hex h on their next turn."""
    row = s.grid.dist[h]
    n = 0
    for o in s.opponents_of(troop):
        reach = rules.range_of(s, o) + (rules.movement_of(s, o) if o.unit.kind != "guardian" else 0)
        if row[o.hex] <= reach:
            n += 1
    return n


class CondemnedGreedy(GreedyController):
    """Greedy in Condemned Mode (CON-*): the Wretch heads for its escape hex, attacks go to the opposing Wretch."""

    DECISIONS: ClassVar[dict[str, str]] = {
        **GreedyController.DECISIONS,
        "die-face": "_die_face",
        "draft": "_draft",
    }

    def _move(self, g, troop, options, optional):
        s = g.state
        w = _wretch(s, troop)
        if w is not None:
            mine = [o for o in options if o[0] == w.uid]
            if mine:
                goal = s.goal[troop]
                dist = s.grid.dist[goal] if goal >= 0 else None
                fear = 60.0 / max(1, w.hp)

                def score(h: int) -> float:
                    if h == goal:
                        return 1e6
                    sc = -4.0 * dist[h] if dist is not None else 0.0
                    return sc - fear * _threats(s, troop, h)
                here = score(w.hex)
                best = max(mine, key=lambda o: (score(o[1]), -o[1]))
                if score(best[1]) > here:
                    return best
                options = [o for o in options if o[0] != w.uid]
                if not options:
                    return None
        return super()._move(g, troop, options, optional)

    def _engage(self, g, troop, options, optional):
        s = g.state
        wretches = {uid for uid in getattr(s, "wretch", ()) if uid >= 0 and s.units[uid].troop != troop}
        scored = []
        for opt in options:
            if opt[0] == "attack" and opt[2] in wretches:
                u, t = s.units[opt[1]], s.units[opt[2]]
                mean, at_least = attack_odds(*rules.attack_profile(g, u, t))
                kill = at_least[t.hp] if t.hp < len(at_least) else 0.0
                scored.append((100.0 * kill + mean, opt))
        if scored:
            return self._best(scored, 0.0)
        return super()._engage(g, troop, options, optional)

    def _die_face(self, g, troop, options, optional):
        s = g.state
        w = _wretch(s, troop)
        if w is None or w.hp < 6:
            return None
        goal = s.goal[troop]
        far = goal >= 0 and s.grid.dist[w.hex][goal] > rules.movement_of(s, w)
        if s.die in (3, 5) and _threats(s, troop, w.hex) and 6 in options:
            return 6
        if far and s.die != 6 and s.die in (1, 3, 5) and 6 in options:
            return 6
        return None

    def _draft(self, g, troop, options, optional):
        by_id = {u.id: u for u in g.state.mode.bag}  # Condemned's hero bag (CON-16)
        return max(options, key=lambda cid: (_unit_value(by_id[cid]) if cid in by_id else 0.0, cid))
