"""Rise of Rome against a titan: set-up (ROR-56..ROR-59, ROR-83) and the co-op reset for the second titan
(ROR-82)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from hoplostat.catalog.model import Catalog, RorTitan, Unit
from hoplostat.engine import rules
from hoplostat.engine.hexgrid import HexGrid
from hoplostat.engine.rules import Game
from hoplostat.engine.state import BAG, CAMP, DISCARD, TRACK, TroopState, UnitState
from hoplostat.errors import InputError
from hoplostat.rulesets.classic import turn as phase
from hoplostat.rulesets.rise_of_rome import favor
from hoplostat.rulesets.rise_of_rome.base import RULESET
from hoplostat.rulesets.rise_of_rome.favor import RomeTroop, rome_troop
from hoplostat.rulesets.rise_of_rome.mode import ARENA, POOL
from hoplostat.rulesets.rise_of_rome.titan.cities import ORIGINS, ORIGINS_BUILDS, origins_builds
from hoplostat.rulesets.rise_of_rome.titan.state import (
    COOP_GLADIATORS,
    COOP_HAND,
    PILE,
    PILLAR,
    SOLO_GLADIATORS,
    SOLO_HAND,
    STANDS,
    TITAN_CHIPS,
    TITAN_SUPPLY,
    TitanState,
    card,
    meter_troop,
)


def choose_tactic(g: Game[TitanState], p: int) -> None:
    """ROR-57, ROR-83: the player chooses one of the city's four tactics for the bag ("select-tactic")."""
    s = g.state
    t = rome_troop(s, p)
    tactics = list(s.city_tactics[p]) if s.city_tactics else list(s.mode.catalog.faction_tactics(t.faction))
    tid = g.ask(p, "select-tactic", [x.id for x in tactics], optional=False)
    t.tactics_bag = [x for x in tactics if x.id == tid]
    t.tactics_camp.clear()
    t.tactics_discard.clear()
    s.say(f"{t.faction} takes the tactic {t.tactics_bag[0].name}")


def setup(catalog: Catalog, titan: str, factions: Sequence[str], *, rng: np.random.Generator, log: bool = False,
          second: str | None = None, city: str = "own") -> TitanState:
    """ROR-56..ROR-59, ROR-82, ROR-83 (the tactic and the champions' hexes are chosen in `begin`). `city`
    "origins": each player's champion with custom build p of `origins_builds` (ORI-53, R-ORI-21)."""
    if catalog.ruleset != RULESET:
        raise InputError(f"rise-of-rome-titan needs the Rise of Rome catalog, got the {catalog.ruleset} one")
    factions = tuple(factions)
    if len(factions) not in (1, 2) or len(set(factions)) != len(factions):
        raise InputError(f"rise-of-rome-titan: one city solo or two different cities co-op, got {factions}")
    first = catalog.titan(titan)
    if not isinstance(first, RorTitan):
        raise InputError(f"{titan!r} is no Rise of Rome titan")
    cards = [first]
    if len(factions) == 2:
        # ROR-82: two random titans one at a time; the chosen (or swept) one first, the second drawn at random
        # from the others (ruling R-ROR-21).
        others = sorted(t for t in catalog.titans if t != titan)
        cards.append(catalog.titan(second) if second else catalog.titan(others[int(rng.integers(len(others)))]))
    grid = HexGrid.of(catalog.arena(ARENA))
    n = len(factions)
    builds = origins_builds() if city == ORIGINS else ()
    units: list[UnitState] = []
    troops: list[TroopState] = []
    cf = sorted(catalog.units_of_kind("cf-gladiator"), key=lambda u: u.id)
    archers = sorted(catalog.units_of_kind("fa-archer"), key=lambda u: u.id)
    for p, fid in enumerate(factions):
        t = RomeTroop(index=p, side="red", faction=fid, hand_size=SOLO_HAND if n == 1 else COOP_HAND, health=POOL)
        hero = UnitState(len(units), catalog.unit(catalog.faction(fid).hero), p, zone=CAMP, active=False,
                         is_primary_hero=True)
        units.append(hero)
        t.primary_hero = hero.uid
        own = catalog.faction_units(fid)
        if city == ORIGINS:  # ORI-53: the champion stays, its 14 chips are Origins' (the catalog's copies)
            own = tuple(replace(catalog.unit(u.id), faction=fid) for u in builds[p % ORIGINS_BUILDS][0])
        for un in own:
            units.append(UnitState(len(units), un, p, zone=TRACK))  # out of the game until drawn for the bag
        troops.append(t)
    tt = n
    troops.append(TroopState(index=tt, side="blue", faction=f"titan:{first.id}", health=TITAN_SUPPLY))
    supply = {**dict(catalog.game.health_chips), TITAN_SUPPLY: TITAN_CHIPS}
    from hoplostat.rulesets.rise_of_rome.titan.mode import RiseOfRomeTitan  # the mode module imports this one

    mode = RiseOfRomeTitan(cards, catalog)
    s = TitanState(grid=grid, units=units, troops=troops, board=[-1] * grid.n, supply=dict(supply),
                   supply_start=dict(supply), order=[*range(n), tt], log=[] if log else None, mode=mode,
                   teams=[0] * n + [1], players=list(range(n)), titan_troop=tt, titan_damage=[0] * (n + 1),
                   champion_hex=[-1] * n,
                   city_tactics=[builds[p % ORIGINS_BUILDS][1] for p in range(n)] if builds else [])
    s.say(f"Set-up: Rise of Rome against {first.unit.name}" + (f", then {cards[1].unit.name}" if n == 2 else "")
          + ", " + ("co-op " if n == 2 else "solo ") + " and ".join(factions)
          + (" (custom cities of Origins chips, ORI-53)" if builds else ""))
    lay_out(s, rng, cf, archers)
    return s


def lay_out(s: TitanState, rng: np.random.Generator, cf: Sequence[Unit], archers: Sequence[Unit]) -> None:
    """What is set up for each titan (ROR-56..ROR-59, ROR-83; in co-op again for the second, ROR-82): the
    players' bags, the shared meter (a random CF gladiator on its center, the players' four F/A chips on the
    other circles, every reward theirs: ROR-58), the titan on the titan hex, four pillars, the pile."""
    cat: Catalog = s.mode.catalog
    c = card(s)
    n = len(s.players)
    m = meter_troop(s)
    take = SOLO_GLADIATORS if n == 1 else COOP_GLADIATORS
    for p in s.players:
        mine = [u for u in s.units if u.troop == p and u.unit.kind == "unit" and not u.is_primary_hero]
        for u in mine:
            u.zone = TRACK
        for i in rng.permutation(len(mine))[:take]:
            mine[int(i)].zone = BAG
    m.cf_target, m.favor = -1, 0
    m.cf_done = [False] * 5
    m.cf_unlocked = m.reroll = m.far_open = False
    m.fa_earned = []
    cf_pick = [int(i) for i in rng.permutation(len(cf))] if cf else []
    if cf:
        u = UnitState(len(s.units), cf[cf_pick[0]], m.index, zone=TRACK)
        s.units.append(u)
        m.cf_gladiator = u.uid
    if archers:
        for k, slot in enumerate((favor.FAR_LEFT, favor.MID_LEFT, favor.FAR_RIGHT, favor.MID_RIGHT)):
            u = UnitState(len(s.units), archers[k % len(archers)], m.index, zone=TRACK)
            s.units.append(u)
            m.meter_chips[slot] = u.uid
    tt = s.titan_troop
    s.troops[tt].faction = f"titan:{c.id}"
    titan = UnitState(len(s.units), c.unit, tt, zone=CAMP)
    s.units.append(titan)
    s.titan_uid = titan.uid
    rules.place_at_setup(s, titan, s.grid.tagged("center")[0])
    pillar = replace(PILLAR, health=c.pillar_health)
    s.pillars, s.shards = [], []
    for h in s.grid.tagged("pedestal"):
        u = UnitState(len(s.units), pillar, tt, zone=CAMP)
        s.units.append(u)
        rules.place_at_setup(s, u, h)
        s.pillars.append(u.uid)
        s.shards.append(STANDS)
    # ROR-59, ROR-83: Oceanus's pile: another city's ten gladiators, face down; co-op needs a third city (The
    # Lost Cities'), which this catalog lacks: the stand-in pile is ten of the gladiators the two players left
    # out of their bags (ruling R-ROR-22).
    s.pile = []
    if c.summons == "other-city":
        played = {s.troops[p].faction for p in s.players}
        others = [f for f in sorted(cat.factions) if f not in played]
        if others:
            chips = list(cat.faction_units(others[0]))
        else:
            chips = [u.unit for u in s.units if u.troop in s.players and u.unit.kind == "unit" and u.zone == TRACK]
        order = [int(i) for i in rng.permutation(len(chips))][:PILE]
        for i in order:
            u = UnitState(len(s.units), chips[i], tt, zone=CAMP)
            s.units.append(u)
            s.pile.append(u.uid)
    s.cf_pile = []
    if c.summons != "none":
        for i in cf_pick[1:]:
            u = UnitState(len(s.units), cf[i], tt, zone=CAMP)
            s.units.append(u)
            s.cf_pile.append(u.uid)
    s.say(f"{c.unit.name} stands on the titan hex with {titan.hp} HP; four pillars of {c.pillar_health} Health on the "
          f"pedestals" + (f"; a pile of {len(s.pile)} gladiators" if s.pile else ""))


def next_titan(g: Game[TitanState]) -> None:
    """Rise of Rome, "Titan 2-Player Co-op Rules" (ROR-82): the first titan has fallen: reset everything but the
    champions' Health (their hexes, inactive
    again), and the second titan comes. The round stops here; the next starts with player 1."""
    s = g.state
    keep = {s.troops[p].primary_hero for p in s.players}
    for u in list(s.in_combat()):
        if u.uid not in keep:
            rules.withdraw(g, u, DISCARD, discard=lambda pt: pt.tactic.id != "ror-stun-flip")
    for h in list(s.footholds):
        rules.remove_foothold(g, h)
    for p in s.players:
        hero = s.units[s.troops[p].primary_hero]
        for pt in list(hero.tactics):
            hero.tactics.remove(pt)
        hero.active = False
        home = s.champion_hex[p]
        if hero.hex != home and s.board[home] < 0:
            s.board[hero.hex] = -1
            s.board[home] = hero.uid
            hero.hex = home
        for u in s.units:
            if u.troop == p and u.zone in (CAMP, BAG):
                u.zone = TRACK
    for u in s.units:  # the first titan's summons, pile and chips leave the game
        if u.troop == s.titan_troop and u.zone == CAMP:
            u.zone = DISCARD
        if u.unit.kind in ("fa-archer", "cf-gladiator") and u.troop in s.players and u.zone in (TRACK, CAMP):
            u.zone = TRACK if not u.entered else DISCARD
    m = meter_troop(s)
    m.meter_chips = [-1] * 5
    s.stage += 1
    s.end_reason = None
    s.winner = None
    cat: Catalog = s.mode.catalog
    lay_out(s, g.rng, sorted(cat.units_of_kind("cf-gladiator"), key=lambda u: u.id),
            sorted(cat.units_of_kind("fa-archer"), key=lambda u: u.id))
    s.say(f"-- The second titan: {card(s).unit.name}")
    for p in s.players:
        choose_tactic(g, p)
        phase.draw(g, p)
