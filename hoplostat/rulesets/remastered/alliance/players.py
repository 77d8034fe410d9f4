"""Greedy's Alliance (`Alliance.greedy`): the core heuristics (teammates are allies through `rules.same_team`) and
the decisions only Alliance asks.

Teammates are allies through `rules.same_team`, so harmful tactics and attacks never
go to them and helpful tactics may; "alliance-hero" takes the first option; "team-reward" goes to the
teammate with more to take back (discarded tactics for the second reward, Health of discarded non-elite
units for the third).
"""

from __future__ import annotations

from typing import ClassVar

from hoplostat.policies.greedy import GreedyController


class AllianceGreedy(GreedyController):
    """Greedy in two teams of two (ALL-*): the team reward goes to the teammate with more to take back."""

    DECISIONS: ClassVar[dict[str, str]] = {
        **GreedyController.DECISIONS,
        "team-reward": "_team_reward",
        # ALL-9: the six units (the sturdiest and deadliest are offered first) and the camp of the hero
        "select-unit": "_first_offered", "alliance-hero": "_first_offered",
    }

    def _team_reward(self, g, troop, options, optional):
        s = g.state

        def gain(opt) -> float:
            k, mate = opt
            if k == 2:
                return len(s.troops[mate].tactics_discard)
            return sum(u.unit.health for u in s.units if u.troop == mate and u.zone == "discard" and not u.elite)

        return self._best([(gain(o), o) for o in options], None)
