"""Greedy's Rise of Rome (`RiseOfRome.greedy` and its titan and 2x2 modes): the core heuristics, which play the
classic phase turn as they play Remastered's, and the set-up and favor choices only these modes ask. Greedy does
not weigh those choices: it takes the first option the rules offer (the order the rule lists them in).

The mode's players live with the mode: this module is the only part of it that imports a player, and the rules
reach it only through the mode's `greedy()`, on first use.
"""

from __future__ import annotations

from typing import ClassVar

from hoplostat.policies.greedy import GreedyController
from hoplostat.rulesets.lost_cities.players import LostCitiesGreedy


class RiseOfRomeGreedy(GreedyController):
    """Greedy in Rise of Rome (ROR-*)."""

    DECISIONS: ClassVar[dict[str, str]] = {
        **GreedyController.DECISIONS,
        "champion-hex": "_first_offered",  # the champion's entry hex
        # crowd favor (rise_of_rome/favor.py): the reward, the footholds, Fickle Audience's discard
        "cf-reward": "_first_offered", "place-foothold": "_first_offered", "move-foothold": "_first_offered",
        "fa-discard": "_first_offered",
    }


class RiseOfRomeTitanGreedy(RiseOfRomeGreedy):
    """Greedy against a Rise of Rome titan (the titan's ties, ROR-80, are `titan.TitanPlayer`'s)."""

    DECISIONS: ClassVar[dict[str, str]] = {
        **RiseOfRomeGreedy.DECISIONS,
        "select-tactic": "_first_offered",  # ROR-57, ROR-83: the city's tactic for the bag
    }


class RiseOfRome2x2Greedy(LostCitiesGreedy):
    """Greedy in Rise of Rome's 2 vs 2 (played on The Lost Cities' rules of the arena)."""

    DECISIONS: ClassVar[dict[str, str]] = {
        **LostCitiesGreedy.DECISIONS,
        "select-tactic": "_first_offered",  # ROR-87: two of the city's tactics
    }
