"""Origins' tactics (ORI-8, ORI-13, ORI-14, ORI-16, ORI-84): which tactic may go under which unit, and every tactic a
house may play."""

from __future__ import annotations

from hoplostat.catalog.model import Tactic
from hoplostat.engine.state import UnitState
from hoplostat.rulesets.classic import turn as phase


def _stun_tactic(tac: Tactic) -> bool:
    return any(e.term == "stun" for e in tac.effects)


def tactic_allowed(target: UnitState, tac: Tactic) -> bool:
    """ORI-16, ORI-84: a Stun tactic never goes on a champion ("Champions CAN be stunned by a gladiator (not a
    tactic)"); which other tactics spare champions is printed on the chips (not in the book: none here).
    PvP has no champions, so this only matters for chips added by overlays."""
    return not (target.unit.kind == "champion" and _stun_tactic(tac))


def tactic_options(s, troop: int) -> list[tuple[int, int]]:
    """(index in hand, target uid) of every tactic the house may play (ORI-8, ORI-13, ORI-14): on any of its own
    units in the arena (no range needed: "simply follow the instructions ... and place it under that unit"),
    on an opposing unit no farther from one of its units than that unit's Tactical Range (a unit's own hex
    always counts; a gladiator deployed this turn gives its range at once)."""
    hand = s.troops[troop].tactics_camp
    if not hand:
        return []
    own = s.in_combat(troop)
    sources = [(m.hex, m.unit.tactical_range or 0) for m in own if phase.gives_reach(s, m)]
    dist = s.grid.dist
    foes = [o for o in s.opponents_of(troop) if any(dist[o.hex][h] <= r for h, r in sources)]
    out: list[tuple[int, int]] = []
    for i, tac in enumerate(hand):
        out.extend((i, u.uid) for u in (*own, *foes) if tactic_allowed(u, tac))
    return out
