"""Origins' Crowd Favor Gladiator Battle Royale (mode `origins-battle-royale`, ORI-52; Origins, "Crowd Favor
Gladiator Battle Royale"): the same challenges as `origins`, but both houses draft only from the Crowd Favor
gladiators of the other boxes (Rise of Rome's `crowd-favor.toml`, The Lost Cities' level-4 reward chips), each
loaded with `catalog.load(ruleset=...)` and played by its own rule set's skill texts (`Unit.ruleset`).

A foreign chip's id is namespaced by its box (`rise-of-rome:sextus`): both boxes have a `cf-gladiator-b`.
Lineups: half the pool each, at most eight (ORI-23), at least two CF gladiators per house (ORI-52; R-ORI-17:
with CF tactics in the pool, a house picks gladiators until it has two). The Lost Cities' CF tactics (the
book's "Want more strategy? Try this with the CF Tactics from Hoplo: TLC!") join the pool with the game
option `cf-tactics` (`--option cf-tactics=true` on `play` and `sweep`; `GameSpec.options`). Every CF chip's values
are stand-ins (their books give none): the stand-in line of `play` counts them.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import replace

from hoplostat.catalog.frozen import FrozenMap
from hoplostat.catalog.model import Catalog
from hoplostat.engine.loop import register_mode
from hoplostat.engine.mode import ModeOption
from hoplostat.errors import InputError
from hoplostat.rulesets.origins.base import LINEUP
from hoplostat.rulesets.origins.mode import Origins

NAME = "origins-battle-royale"
BOXES = ("rise-of-rome", "lost-cities")
"""The other boxes whose Crowd Favor gladiators make the pool (ORI-52)."""
MIN_PER_HOUSE = 2
"""ORI-52: "If you have at least 2 for each player"."""
CF_KIND = "cf-gladiator"


def foreign_id(ruleset: str, chip_id: str) -> str:
    return f"{ruleset}:{chip_id}"


@functools.lru_cache(maxsize=4)
def cf_chips(tactics: bool = False) -> tuple[tuple, tuple]:
    """(units, tactics) of the pool: every `cf-gladiator` of the other boxes' catalogs, ids namespaced, each
    keeping its box's rule set; with `tactics`, The Lost Cities' CF tactics (ids `cf-level-*`)."""
    from hoplostat.catalog import load

    units, tacs = [], []
    for box in BOXES:
        cat = load(use_env=False, ruleset=box)
        units += [replace(u, id=foreign_id(box, u.id)) for u in cat.units.values() if u.kind == CF_KIND]
        if tactics and box == "lost-cities":
            tacs += [replace(t, id=foreign_id(box, t.id)) for t in cat.tactics.values() if t.id.startswith("cf-level-")]
    return tuple(units), tuple(tacs)


def royale_catalog(catalog: Catalog, tactics: bool = False) -> Catalog:
    """The Origins catalog with its pool replaced by the CF chips (the Sea Monsters stay: Atlantis needs them)."""
    units, tacs = cf_chips(tactics)
    keep = {k: u for k, u in catalog.units.items() if u.kind == "sea-monster"}
    return replace(catalog, units=FrozenMap({**keep, **{u.id: u for u in units}}),
                   tactics=FrozenMap({t.id: t for t in tacs}))


def check_pool(n_gladiators: int, houses: int = 2) -> None:
    """ORI-52: at least two CF gladiators per house, else one clear error."""
    need = MIN_PER_HOUSE * houses
    if n_gladiators < need:
        raise InputError(f"{NAME}: the pool holds {n_gladiators} Crowd Favor gladiator(s); the Battle Royale "
                         f"needs at least {MIN_PER_HOUSE} per player, {need} for {houses} (ORI-52)")


@register_mode
class OriginsBattleRoyale(Origins):
    """ORI-52: Origins' challenges, drafted from Crowd Favor gladiators only."""

    name = NAME
    summary = ("Origins' Crowd Favor Gladiator Battle Royale: the same challenges, drafted only from the CF "
               "gladiators of Rise of Rome and The Lost Cities (stand-in values)")
    options = (ModeOption("cf-tactics", "also draft The Lost Cities' nine Crowd Favor tactics (ORI-52: \"Try this "
                          "with the CF Tactics from Hoplo: TLC!\")", "false", kind="bool"),)
    """Its own options, not those of `origins` (its pool is the CF chips whatever `pool` says)."""
    __slots__ = ()

    def __init__(self, arena_id: str = "match", catalog: Catalog | None = None, cap: int = 30) -> None:
        if catalog is not None and not any(u.kind == CF_KIND for u in catalog.units.values()):
            catalog = royale_catalog(catalog)
        super().__init__(arena_id, catalog, cap)

    @classmethod
    def catalog_of(cls, catalog: Catalog, options: tuple = ()) -> Catalog:
        """The catalog this mode's games use (`api.play` counts stand-ins over it): with `cf-tactics`, the CF
        tactics too."""
        return royale_catalog(catalog, bool(cls.option_value(options, "cf-tactics")))

    @classmethod
    def new_game(cls, catalog, spec, controllers, *, rng, log=False, roller=None):
        tactics = bool(cls.option_value(spec, "cf-tactics"))
        if tactics and not any(t.startswith("lost-cities:cf-level-") for t in catalog.tactics):
            catalog = royale_catalog(catalog, True)
        return super().new_game(catalog, spec, controllers, rng=rng, log=log, roller=roller)

    def pool(self) -> list[str]:
        """ORI-52: the CF gladiators (id order), then the CF tactics if any."""
        cat = self.played_catalog()
        glads = sorted(u.id for u in cat.units.values() if u.kind == CF_KIND)
        check_pool(len(glads))
        return glads + sorted(cat.tactics)

    def lineup_size(self, pool: Sequence[str]) -> int:
        """Half the pool each, at most the eight of ORI-23 (five CF gladiators: two each)."""
        return min(LINEUP, len(pool) // 2)

    def draft_options(self, s, troop: int, left: Sequence[str]) -> list[str]:
        """R-ORI-17: a house with fewer than two CF gladiators drafts a CF gladiator (ORI-52: at least two each)."""
        cat = self.played_catalog()
        have = sum(1 for c in s.troops[troop].lineup if c in cat.units)
        glads = [c for c in left if c in cat.units]
        return glads if have < MIN_PER_HOUSE and glads else list(left)
