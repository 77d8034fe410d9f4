"""Goals the older games share, as a heuristic player's evaluation reads them (`Mode.objective`; the rules never
read them): how far each side is toward defeating the opposing champion(s), in shares of their Health.

The Lost Cities and Rise of Rome, player against player and 2 x 2 (TLC-13, ROR-16, ROR-86): a side wins when
the opposing champion (each opposing champion, 2 x 2) has fallen."""

from __future__ import annotations

from typing import Any

from hoplostat.engine import rules
from hoplostat.engine.state import COMBAT


def taken(u: Any) -> float:
    """The share of a unit's Health taken: 1 once it has been defeated, its lost HP over its Health (with the HP
    it gained) while in combat, 0 elsewhere (in camp, bag or hand it is whole)."""
    if u.times_defeated:
        return 1.0
    if u.zone != COMBAT:
        return 0.0
    full = u.unit.health + u.hp_gained
    return max(0, full - u.hp) / full if full > 0 else 0.0


def champions_taken(s: Any, troop: int) -> float:
    """Opposing champions' Health taken (`taken`, summed over the opposing troops' primary heroes) less the
    troop's own team's (its own champion and a teammate's); 0 for a troop without a champion (the arena's).
    Reads only chips in combat and defeats (public)."""
    if not 0 <= troop < len(s.troops) or s.troops[troop].primary_hero < 0:
        return 0.0
    v = 0.0
    for t in s.troops:
        if t.primary_hero < 0:
            continue
        share = taken(s.units[t.primary_hero])
        v += -share if rules.same_team(s, t.index, troop) else share
    return v


__all__ = ["champions_taken", "taken"]
