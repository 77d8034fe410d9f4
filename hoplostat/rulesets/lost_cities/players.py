"""Greedy's The Lost Cities (`LostCities.greedy`, the board game's too): the core heuristics, which play the
classic phase turn as they play Remastered's, and the placements only these modes ask. Greedy does not weigh
those: it takes the first option the rules offer.

The mode's players live with the mode: this module is the only part of it that imports a player, and the rules
reach it only through the mode's `greedy()`, on first use.
"""

from __future__ import annotations

from typing import ClassVar

from hoplostat.policies.greedy import GreedyController


class LostCitiesGreedy(GreedyController):
    """Greedy in The Lost Cities (TLC-*)."""

    DECISIONS: ClassVar[dict[str, str]] = {
        **GreedyController.DECISIONS,
        "champion-hex": "_first_offered",  # the champion's entry hex
        # the arena's criminals and bosses (lost_cities/arena.py, bosses.py): where they enter, whom they taunt
        "criminal-hex": "_first_offered", "boss-hex": "_first_offered", "taunt": "_first_offered",
    }
