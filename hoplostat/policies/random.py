"""RandomController: a uniformly random legal choice; passes on optional decisions with a fixed chance."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

PASS_CHANCE = {"deploy": 0.3, "tactic": 0.5, "move": 0.25, "ability": 0.3, "engage": 0.05, "catch-up": 0.0}


class RandomController:
    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng

    def core_player(self, rng: np.random.Generator) -> tuple | str:
        """This player as the native core reads it (`engine.native`), or why the core cannot play it."""
        return ("random",) if self.rng is rng else "a random player with its own stream"

    def choose(self, g: Any, troop: int, decision: str, options: Sequence[Any], *, optional: bool) -> Any | None:
        if optional and self.rng.random() < PASS_CHANCE.get(decision, 0.2):
            return None
        return options[int(self.rng.integers(len(options)))]
