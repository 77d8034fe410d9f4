"""Rise of Rome against a titan with custom cities of Origins chips (`--option city=origins`; ORI-53, ruling
R-ORI-21): the two builds and the catalog that holds them."""

from __future__ import annotations

import functools
from dataclasses import replace

from hoplostat.catalog.model import Catalog, FrozenMap, Tactic, Unit

ORIGINS = "origins"
ORIGINS_BUILDS = 2
"""ORI-53: one Origins box, 20 gladiators and 8 tactics: two custom cities of ten gladiators and four tactics."""


def origins_chip_id(chip_id: str) -> str:
    return f"{ORIGINS}:{chip_id}"


@functools.lru_cache(maxsize=1)
def origins_builds() -> tuple[tuple[tuple[Unit, ...], tuple[Tactic, ...]], ...]:
    """ORI-53 (ruling R-ORI-21): the custom cities of 14 Origins chips, dealt from the Origins pool as the draft
    offers it (`origins.setup.pool_ids`: gladiators in id order, then tactics in id order) alternately to build 1
    and build 2, so each gets ten gladiators (two of each chip colour) and four tactics and no chip is in both
    (one Origins box). Ids namespaced `origins:`; each chip keeps `Unit.ruleset == "origins"` (its own skill
    texts) and becomes a city gladiator (`kind` "unit"). Player 1 plays build 1, player 2 build 2."""
    from hoplostat.catalog import load
    from hoplostat.rulesets.origins.setup import pool_ids

    cat = load(use_env=False, ruleset=ORIGINS)
    ids = pool_ids(cat)
    glads = [replace(cat.unit(i), id=origins_chip_id(i), kind="unit", faction="") for i in ids if i in cat.units]
    tacs = [replace(cat.tactics[i], id=origins_chip_id(i), faction=None) for i in ids if i in cat.tactics]
    return tuple((tuple(glads[k::ORIGINS_BUILDS]), tuple(tacs[k::ORIGINS_BUILDS])) for k in range(ORIGINS_BUILDS))


def origins_city_catalog(catalog: Catalog) -> Catalog:
    """The Rise of Rome catalog with both custom Origins builds' chips added (the cities, their champions and
    their own chips stay: Oceanus's pile is another city's own gladiators, ROR-59)."""
    builds = origins_builds()
    units = {u.id: u for glads, _ in builds for u in glads}
    tacs = {t.id: t for _, ts in builds for t in ts}
    return replace(catalog, units=FrozenMap({**catalog.units, **units}), tactics=FrozenMap({**catalog.tactics, **tacs}))
