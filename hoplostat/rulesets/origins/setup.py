"""Origins' set-up and challenges (ORI-22..ORI-32): the draft pool (with the other boxes' gladiators, ORI-53), the
draft, each challenge's start (lineups of six, the arena's objects), the cut, the game's end and House Reputation."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from hoplostat.catalog.model import Catalog
from hoplostat.dice import Pool
from hoplostat.engine import rules
from hoplostat.engine.rules import Game
from hoplostat.engine.state import BAG, CAMP, COMBAT, TRACK, UnitState
from hoplostat.errors import InputError
from hoplostat.rulesets.origins.base import (
    ATLANTIS,
    BRING,
    EL_DORADO,
    LOSS_REP,
    WIN_REP,
    OriginsState,
    OriginsTroop,
)

if TYPE_CHECKING:
    from hoplostat.rulesets.origins.mode import Origins

HOUSES = ("red-house", "blue-house")
POOL_KINDS = ("gladiator", "special-gladiator")
POOL_ORIGINS = "origins"
POOL_BOXES = {POOL_ORIGINS: (), "rise-of-rome": ("rise-of-rome",), "lost-cities": ("lost-cities",),
              "all": ("rise-of-rome", "lost-cities")}
"""`--option pool=...`: the boxes whose gladiators join the Origins draft (ORI-53)."""
POOL_CHOICES = tuple(POOL_BOXES)
FOREIGN_GLADIATORS = ("unit", "cf-gladiator")
"""ORI-53 (ruling R-ORI-20): a box's gladiators that may join the draft: its cities' gladiators and its Crowd
Favor gladiators; not its champions (`hero`), nor The Lost Cities' beasts, criminals and bosses, nor Rise of
Rome's titans and F/A archers (none is a gladiator of a city)."""


def reputation(wins: int, losses: int) -> int:
    """ORI-32: the House Reputation a game earns: +10 per challenge won, -5 per challenge lost."""
    return WIN_REP * wins + LOSS_REP * losses


def _sides(factions: Sequence[str]) -> list[str]:
    """ORI-4: each house its health colour: the red house red, the blue house blue; otherwise seat a red."""
    if set(factions) == set(HOUSES):
        return ["red" if f == "red-house" else "blue" for f in factions]
    return ["red", "blue"]


def draft_roll(g: Game) -> int:
    """ORI-23 (ruling R-ORI-1): both roll all the attack dice (the box's stock); more hits drafts first, a tie
    is rolled again."""
    s = g.state
    stock = g.state.mode.catalog.game.dice_stock
    pool = Pool(tuple(stock.get(c, 0) for c in ("yellow", "blue", "green", "black", "red")))
    while True:
        a, b = g.roller.hits(pool), g.roller.hits(pool)
        if a != b:
            first = 0 if a > b else 1
            s.say(f"Draft roll: {s.troops[0].faction} {a} hit(s), {s.troops[1].faction} {b}: "
                  f"{s.troops[first].faction} drafts first")
            return first


def pool_ids(catalog: Catalog) -> list[str]:
    """The draft pool (ORI-22): every gladiator and tactic of the catalog, gladiators first, in id order (with
    `--option pool`, the other boxes' gladiators too, ORI-53: `mixed_catalog`)."""
    units = sorted(u.id for u in catalog.units.values() if u.kind in POOL_KINDS)
    return units + sorted(catalog.tactics)


@functools.lru_cache(maxsize=8)
def foreign_gladiators(box: str) -> tuple:
    """ORI-53: the gladiators of `box` that may join the Origins draft (`FOREIGN_GLADIATORS`), from the box's
    own embedded catalog, ids namespaced `box:id`, each an Origins `gladiator` of no house that keeps its box's
    rule set (`Unit.ruleset`: its own skill texts, R-ORI-19), in the box's id order."""
    from dataclasses import replace

    from hoplostat.catalog import load

    cat = load(use_env=False, ruleset=box)
    return tuple(replace(u, id=f"{box}:{u.id}", kind="gladiator", faction="")
                 for u in sorted(cat.units.values(), key=lambda u: u.id) if u.kind in FOREIGN_GLADIATORS)


def mixed_catalog(catalog: Catalog, boxes: Sequence[str]) -> Catalog:
    """The Origins catalog with the gladiators of `boxes` added to its draft pool (ORI-53); itself for none."""
    if not boxes:
        return catalog
    from dataclasses import replace

    from hoplostat.catalog.frozen import FrozenMap

    extra = {u.id: u for box in boxes for u in foreign_gladiators(box)}
    return replace(catalog, units=FrozenMap({**catalog.units, **extra}))


def draft(g: Game[OriginsState]) -> None:
    """ORI-23: picks alternate, the first drafter first, until each lineup has eight chips. Each pick is the
    decision "draft" (options: the chip ids left). The drafted gladiators become the house's units (zone
    BAG: set aside until brought to a challenge)."""
    s = g.state
    cat = s.mode.catalog
    left = s.mode.pool()
    size = s.mode.lineup_size(left)
    if len(left) < 2 * size:
        raise InputError(f"origins: the pool has {len(left)} chips, two lineups need {2 * size}")
    p = s.first_pick
    while any(len(t.lineup) < size for t in s.troops):
        t: OriginsTroop = s.troops[p]
        chip = g.ask(p, "draft", s.mode.draft_options(s, p, left), optional=False)
        left.remove(chip)
        t.lineup.append(chip)
        s.picks.append(chip)
        s.say(f"{t.faction} drafts {chip}")
        if chip in cat.units:
            s.units.append(UnitState(len(s.units), cat.unit(chip), p, zone=BAG))
        p = 1 - p


def lineup_options(s: OriginsState, troop: int) -> list[tuple[str, ...]]:
    """ORI-24: the sets of six chips the house may bring (all of them when six or fewer are left)."""
    t: OriginsTroop = s.troops[troop]
    chips = [c for c in t.lineup if c not in t.cut]
    if len(chips) <= BRING:
        return [tuple(chips)]
    return list(combinations(chips, BRING))


def start_challenge(g: Game[OriginsState], first: int) -> None:
    """A challenge begins on the next arena of the order: board and chips set aside are reset (ORI-30), each
    house brings six chips (decision "lineup", R-ORI-2: chosen once the arena is known, both before play),
    the arena's objects set (ORI-39, R-ORI-9), `first` plays first (ORI-29)."""
    s = g.state
    mode: Origins = s.mode
    for u in s.units:
        if u.zone == COMBAT:
            rules.withdraw(g, u, BAG, discard=lambda pt: False)
        u.tactics.clear()
        u.hp, u.hp_gained = 0, 0
        u.zone = BAG if u.unit.kind != "sea-monster" else TRACK
    s.arena_id = s.arena_order[s.challenge]
    s.grid = mode.grids[s.arena_id]
    s.board = [-1] * s.grid.n
    s.footholds = {}
    s.refresh_muted()
    s.combat_version += 1
    s.challenge_round0 = s.round
    s.order = [first, 1 - first]
    cat = mode.played_catalog()
    for t in s.troops:
        t.points, t.leader, t.special_deployed = 0, -1, False
        t.tribute_holder = -1
        t.tribute_hex = (s.grid.tagged(f"tribute-{t.side}") or (-1,))[0] if s.arena_id == EL_DORADO else -1
        t.tactics_camp, t.tactics_discard = [], []
    s.spear_holder = -1
    s.spear_hex = (s.grid.tagged("arena") or (-1,))[0] if s.arena_id == ATLANTIS else -1
    s.monsters_left = sorted(u.id for u in cat.units.values()
                             if u.kind == "sea-monster") if s.arena_id == ATLANTIS else []
    s.say(f"== Challenge {s.challenge + 1}: {cat.arena(s.arena_id).name}; {s.troops[first].faction} plays first")
    for p in (first, 1 - first):
        t = s.troops[p]
        six = g.ask(p, "lineup", lineup_options(s, p), optional=False)
        t.brought = list(six)
        for u in s.units:
            if u.troop == p and u.unit.id in six and u.unit.kind != "sea-monster":
                u.zone = CAMP
        t.tactics_camp = [cat.tactic(c) for c in six if c in cat.tactics]
        s.say(f"{t.faction} brings " + ", ".join(six))


def cut_chip(g: Game[OriginsState], loser: int, winner: int) -> None:
    """ORI-26: the loser removes one chip of the winner's lineup for the rest of the game (decision "cut")."""
    s = g.state
    w: OriginsTroop = s.troops[winner]
    left = [c for c in w.lineup if c not in w.cut]
    if len(left) <= BRING:
        return  # never below the six a challenge needs (ruling R-ORI-2)
    chip = g.ask(loser, "cut", left, optional=False)
    w.cut.append(chip)
    s.say(f"{s.troops[loser].faction} removes {chip} from the lineup of {w.faction}")


def finish_game(g: Game[OriginsState]) -> None:
    """The last challenge is over: the game's end (ORI-31, R-ORI-6: more challenges won wins the game) and its
    House Reputation (ORI-32)."""
    s = g.state
    a, b = (t.wins for t in s.troops)
    if len(s.arena_order) > 1:
        s.winner = None if a == b else (0 if a > b else 1)
        s.say(f"Game over: challenges {a}-{b}; " + ("drawn" if s.winner is None else f"{s.troops[s.winner].faction} "
                                                                                     "wins")
              + "; House Reputation " + ", ".join(f"{t.faction} {reputation(t.wins, t.losses):+d}" for t in s.troops))
