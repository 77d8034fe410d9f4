"""A toy mode registered by the tests only: what adding a mode takes (this module, and nothing else).

Sudden Death: Skirmish on Pozzuoli where the first unit defeated loses the game for its troop. It reuses
Skirmish's set-up and turns and overrides one hook, so every command that reads the mode registry
(`play`, `sweep`, `summarize`, `report`, `modes`) must serve it with no line of their own. Its greedy player
is its own too (`SuddenDeathGreedy`, declared by `SuddenDeath.greedy`): only the first kill counts.
"""

from __future__ import annotations

from hoplostat.engine.loop import register_mode
from hoplostat.engine.rules import Game
from hoplostat.engine.state import UnitState
from hoplostat.policies.greedy import GreedyController
from hoplostat.rulesets.remastered.skirmish import Skirmish


@register_mode
class SuddenDeath(Skirmish):
    name = "test-sudden-death"
    summary = "toy mode of the tests: the first unit defeated loses the game"
    arenas = ("pozzuoli",)
    default_max_rounds = 40

    __slots__ = ()

    @classmethod
    def greedy(cls) -> type:
        return SuddenDeathGreedy

    def after_defeat(self, g: Game, u: UnitState, *, source: UnitState | None, source_troop: int | None) -> None:
        self.end(g, "first unit defeated", 1 - u.troop)


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
