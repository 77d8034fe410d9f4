"""Greedy's Pandemonium (`Pandemonium.greedy`): the free-for-all weights and the decisions only Pandemonium asks
(the stone step, the hero-defeat reward), on top of the core heuristics (`policies.greedy`'s module text):
- move: a hex loses 1.5 for every opposing troop beyond the first that could reach and attack it next
  turn (any of its units' Movement + Range), so a unit does not walk into the middle of everyone.
- engage: a target of the strongest opposing troop (most HP in combat plus Health ready in camp) is
  worth 30% more: keep the leader down.
- stone-tactic: take back a tactic that is not a plain heal (else the first); stone-relocate: the stone
  unit and deployment hex whose hex score drops least; hero-reward: the highest-Health unit.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from hoplostat.engine import rules
from hoplostat.policies.greedy import GreedyController


def _crowded(s: Any, troop: int, base: list[float]) -> list[float]:
    """Free-for-all (Pandemonium): `base` less 1.5 per opposing troop beyond the first that could reach and
    attack the hex next turn (Movement + Range of any of its units), so a unit does not walk into the
    middle of everyone."""
    reach: dict[int, np.ndarray] = {}
    dist = s.grid.dist_array
    for o in s.opponents_of(troop):
        hit = dist[:, o.hex] <= rules.movement_of(s, o) + rules.range_of(s, o)
        got = reach.get(o.troop)
        reach[o.troop] = hit if got is None else (got | hit)
    if len(reach) < 2:
        return base
    threats = np.sum(list(reach.values()), axis=0)
    return (np.asarray(base) - 1.5 * np.maximum(threats - 1, 0)).tolist()


def _leader(s: Any, troop: int) -> int:
    """Free-for-all: the opposing troop with the most HP in combat plus Health ready in camp (the one to
    keep down); -1 when there is none."""
    best, who = -1, -1
    for t in s.troops:
        if t.index == troop or t.index not in s.order:
            continue
        strength = sum(u.hp for u in s.in_combat(t.index)) + sum(
            u.unit.health for u in s.units if u.troop == t.index and u.zone == "camp" and u.active)
        if strength > best:
            best, who = strength, t.index
    return who


class PandemoniumGreedy(GreedyController):
    """Greedy in a free-for-all: a hex several troops can reach is worth less, the leader's units are worth more."""

    DECISIONS: ClassVar[dict[str, str]] = {
        **GreedyController.DECISIONS,
        "hero-reward": "_hero_reward", "stone-tactic": "_stone_tactic", "stone-relocate": "_stone_relocate",
    }

    def _hex_base_adjusted(self, s: Any, troop: int, base: list[float]) -> list[float]:
        return _crowded(s, troop, base)

    def _leader(self, s: Any, troop: int) -> int:
        return _leader(s, troop)

    def _hero_reward(self, g, troop, options, optional):
        """Pandemonium's hero-defeat reward (and Alliance's third reward): the highest-Health unit."""
        return self._return_unit(g, troop, options, optional)

    def _stone_tactic(self, g, troop, options, optional):
        """Pandemonium's stone step: take back the discarded tactic that is not a heal, else the first."""
        camp = {tac.id: tac for tac in g.state.troops[troop].tactics_discard}
        for tid in options:
            if {e.term for e in camp[tid].effects} != {"heal"}:
                return tid
        return options[0]

    def _stone_relocate(self, g, troop, options, optional):
        """The stone unit and deployment hex whose hex score drops least (often the one nearest a fight)."""
        s = g.state
        scored = [(self._hex_score(g, s.units[uid], h) - self._hex_score(g, s.units[uid], s.units[uid].hex),
                   (uid, h)) for uid, h in options]
        return self._best(scored, None)
