"""Sudden Death's greedy player: only the first kill counts."""

from __future__ import annotations

from hoplostat.policies.greedy import GreedyController


class SuddenDeathGreedy(GreedyController):
    """Greedy for Sudden Death: the attack most likely to defeat its target first (one defeat ends the game), then
    the core's choice; every other decision as the core heuristics take it."""

    engages = [0]
    """How many Engage decisions this class took (the tests read it)."""

    def _engage(self, g, troop, options, optional):
        from hoplostat.engine import rules
        from hoplostat.policies.greedy import attack_odds, kill_chance

        self.engages[0] += 1
        s = g.state
        best, pick = 0.0, None
        for opt in options:
            if opt[0] == "attack":
                t = s.units[opt[2]]
                p = kill_chance(attack_odds(*rules.attack_profile(g, s.units[opt[1]], t))[1], t.hp)
                if p > best:
                    best, pick = p, opt
        return pick if pick is not None else super()._engage(g, troop, options, optional)
