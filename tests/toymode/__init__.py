"""A toy mode registered by the tests only: what adding a mode takes (this module, and nothing else).

Sudden Death: Skirmish on Pozzuoli where the first unit defeated loses the game for its troop. It reuses
Skirmish's set-up and turns and overrides one hook, so every command that reads the mode registry
(`play`, `sweep`, `summarize`, `report`, `modes`) must serve it with no line of their own.
"""

from __future__ import annotations

from hoplostat.engine.loop import register_mode
from hoplostat.engine.rules import Game
from hoplostat.engine.state import UnitState
from hoplostat.rulesets.remastered.skirmish import Skirmish


@register_mode
class SuddenDeath(Skirmish):
    name = "test-sudden-death"
    summary = "toy mode of the tests: the first unit defeated loses the game"
    arenas = ("pozzuoli",)
    default_max_rounds = 40

    __slots__ = ()

    def after_defeat(self, g: Game, u: UnitState, *, source: UnitState | None, source_troop: int | None) -> None:
        self.end(g, "first unit defeated", 1 - u.troop)
