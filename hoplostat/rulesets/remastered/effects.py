"""What the effect handlers of immortal triggers and titan tables share (their terms are registered by
the wave mode and `titan`): rolling by colour (`engine.rules.roll_by_colour`), damage to every adjacent
opponent, fatiguing a unit."""

from __future__ import annotations

from hoplostat.catalog.model import Tactic
from hoplostat.engine import rules
from hoplostat.engine.rules import Game
from hoplostat.engine.state import COMBAT, PlacedTactic, UnitState


def damage_adjacent(g: Game, source: UnitState, n: int, what: str) -> None:
    """`damage-adjacent N`: each opponent adjacent to `source` is dealt N damage (not attack damage);
    stops at once when the game (or the wave) ends."""
    s = g.state
    for o in [o for o in s.opponents_of(source.troop) if s.grid.dist[o.hex][source.hex] == 1]:
        if o.zone == COMBAT:
            rules.damage(g, o, n, source=source, what=what)
        if s.end_reason is not None:
            return


def fatigue(g: Game, target: UnitState, marker: Tactic, owner: int, until: str) -> None:
    """`stun`: a marker (no tactic chip) fatigues the target until the start of `owner`'s next turn."""
    s = g.state
    target.tactics.append(PlacedTactic(marker, owner, s.turn))
    s.say(f"{target.name} ({s.side_of(target.troop)}) is fatigued until {until}")


roll_by_colour = rules.roll_by_colour
"""`engine.rules.roll_by_colour` (immortal triggers and titan effects read the hits per colour)."""
