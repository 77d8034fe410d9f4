"""Sudden Death's rules: Skirmish's set-up and turns with one hook changed, the first unit defeated ends the game.
It declares its own greedy player and its own analysis, both kept in this folder and imported on first use
(rules never import players at load time)."""

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

    @classmethod
    def greedy(cls) -> type:
        from toymode.players import SuddenDeathGreedy

        return SuddenDeathGreedy

    @classmethod
    def analysis_class(cls) -> type:
        from toymode.analysis import SuddenDeathAnalysis

        return SuddenDeathAnalysis

    def after_defeat(self, g: Game, u: UnitState, *, source: UnitState | None, source_troop: int | None) -> None:
        self.end(g, "first unit defeated", 1 - u.troop)
