"""A player's faction laid out for set-up, as Skirmish and Onslaught both do it (Remastered, "Setup")."""

from __future__ import annotations

from collections.abc import Sequence

from hoplostat.catalog.model import Catalog, Tactic, Unit
from hoplostat.engine.state import CAMP, TRACK, TroopState, UnitState


def add_faction(units: list[UnitState], catalog: Catalog, seat: int, faction: str, side: str, *,
                zone: str, tactics: Sequence[Tactic], faction_units: Sequence[Unit],
                neutral: Unit | None) -> TroopState:
    """The seat's troop: its tactics in camp, its primary hero inactive in camp, its units in `zone` (the
    bag or the camp), and a neutral hero on the last reward space (`neutral`, if any). Chips are appended
    to `units` (uids in order)."""
    t = TroopState(index=seat, side=side, faction=faction)
    t.tactics_camp = list(tactics)
    hero = UnitState(len(units), catalog.unit(catalog.faction(faction).hero), seat, zone=CAMP, active=False,
                     is_primary_hero=True)
    units.append(hero)
    t.primary_hero = hero.uid
    for un in faction_units:
        units.append(UnitState(len(units), un, seat, zone=zone))
    if neutral is not None:
        units.append(UnitState(len(units), neutral, seat, zone=TRACK))
    return t
