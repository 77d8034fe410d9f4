"""SearchController (`search:N`, issue 45): the native core's search player, sequential halving over a set of
candidates widened by greedy's ranking, N greedy continuations per decision, every decision searched (those a rule
asks mid-step too). Its algorithm and why: native/core/src/players/search.rs; its strength: docs/native.md.

It exists only in the native core: the Python engine, the specification of every rule, does not play it (a game
with it and `--engine python`, or without the core installed, is an InputError). Like the lookahead it draws from
streams spawned from the game's generator (its greedy's tie-breaks at once, its search's on the first search),
never from the game's own dice, so a game with it replays from its seed whatever `--jobs` is. It does not read
what it cannot see: every continuation deals the rival's face-down camp again from its camp and bag.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from hoplostat.policies.base import parse_budget_of
from hoplostat.policies.greedy import GreedyController

DEFAULT_BUDGET = 64
MAX_BUDGET = 100_000
HORIZON = 3
"""Turns each continuation plays: the rest of this turn, the opponent's reply and its own next turn."""


def width_for(budget: int) -> int:
    """Candidates per decision for a budget (native `search::width_for`): budget // 8, between 3 and 12."""
    return min(12, max(3, budget // 8))


class SearchController:
    """The native core's search player; this object carries its settings and streams to the core."""

    def __init__(self, rng: np.random.Generator | None = None, budget: int = DEFAULT_BUDGET) -> None:
        if budget < 1:
            raise ValueError("search budget must be 1 or more")
        self.greedy = GreedyController(rng.spawn(1)[0] if rng is not None else None)
        self.rng = rng
        self.budget = budget
        self.width = width_for(budget)
        self.horizon = HORIZON
        self._search: np.random.Generator | None = None
        self.searched = 0

    core_only = True
    """Played by the native core only (`engine.native` says so when the core cannot play its game)."""
    core_search_streams = True
    """The core hands back its greedy and search streams and the count of decisions searched (`engine.native`)."""

    def core_player(self, rng: np.random.Generator) -> tuple | str:
        """This player as the native core reads it (`engine.native`): the core plays it with the game's stream."""
        from hoplostat.engine.native import export_rng

        if self.rng is not rng or self.greedy.rng is None:
            return "a search player without the game's stream"
        search = None if self._search is None else export_rng(self._search)
        return ("search", export_rng(self.greedy.rng), search, int(self.budget), int(self.width), int(self.horizon))

    def choose(self, g: Any, troop: int, decision: str, options: Sequence[Any], *, optional: bool) -> Any | None:
        raise RuntimeError("the search player is played by the native core only (hoplostat/engine/native.py routes "
                           "its games there)")


def parse_budget(arg: str | None, *, option: str = "--policies") -> int:
    """The budget of `search:N` (N continuations per decision, 1 to `MAX_BUDGET`); the default without `:N`."""
    return parse_budget_of("search", arg, default=DEFAULT_BUDGET, maximum=MAX_BUDGET, option=option)
