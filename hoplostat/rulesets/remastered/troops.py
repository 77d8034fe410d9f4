"""A player's faction laid out for set-up, as the two-player and the wave modes both do it (Remastered, "Setup")."""

from __future__ import annotations

from collections.abc import Sequence

from hoplostat.catalog.model import Catalog, Tactic, Unit
from hoplostat.dice import FACES, HIT_FACES
from hoplostat.engine.state import BAG, CAMP, TRACK, TroopState, UnitState


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


def unit_value(u: Unit) -> float:
    """Health + 2 x expected hits of the unit's Attack: the order in which set-up choices are offered."""
    return u.health + 2.0 * sum(n * f / FACES for n, f in zip(u.attack.counts, HIT_FACES))


def select_units(g, troop: int, k: int) -> list[UnitState]:
    """A player chooses `k` of its non-elite chips waiting in the bag into its camp, one "select-unit"
    decision each (uid; options ordered best first by `unit_value`, so a controller that takes the first
    option picks the sturdiest and deadliest). The titan mode's (ASC-2) and the team mode's (ALL-9)
    set-up."""
    s = g.state
    chosen = []
    for _ in range(k):
        pool = sorted((u for u in s.units if u.troop == troop and u.zone == BAG),
                      key=lambda u: (-unit_value(u.unit), u.uid))
        if not pool:
            break
        uid = g.ask(troop, "select-unit", [u.uid for u in pool], optional=False)
        s.units[uid].zone = CAMP
        chosen.append(s.units[uid])
    return chosen
