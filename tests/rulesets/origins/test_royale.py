"""Origins' Crowd Favor Gladiator Battle Royale (mode `origins-battle-royale`, hoplostat/rulesets/origins/royale.py,
ORI-52): what the rule scenarios of tests/rulesets/origins/test_rules.py left unpinned, found by mutation testing
(`tools/mutate.py rulesets/origins/royale`): the Sea Monsters kept for Atlantis, the pool's lower bound, the
draft's "two CF gladiators first" (R-ORI-17) once a house has two, the `cf-tactics` option through `catalog_of`,
and the game being built as asked (round cap, log, the catalog given)."""

from __future__ import annotations

import numpy as np
import pytest
from engine.enginekit import Scripted

from hoplostat.engine.loop import GameSpec
from hoplostat.engine.rules import FixedRoller
from hoplostat.errors import InputError
from hoplostat.rulesets.origins import royale
from hoplostat.rulesets.origins.mode import CHALLENGE_ROUNDS, Origins
from hoplostat.rulesets.origins.royale import OriginsBattleRoyale
from rulesets.origins.test_rules import CAT, RED, _royale

MONSTERS = sorted(k for k, u in CAT.units.items() if u.kind == "sea-monster")
TACTICS = [f"lost-cities:cf-level-{n}-{x}" for n in (1, 2, 3) for x in "abc"]


def _spec(arena="xanadu", tactics=False, **kw):
    opts = OriginsBattleRoyale.parse_options(["cf-tactics=true"] if tactics else [])
    return OriginsBattleRoyale.validate(CAT, GameSpec("origins-battle-royale", ("red-house", "blue-house"), arena,
                                                      first=RED, options=opts, **kw))


def test_the_royale_catalog_keeps_the_sea_monsters_and_drops_origins_own_pool_ORI_52_ORI_87():
    cat = royale.royale_catalog(CAT)
    assert sorted(k for k, u in cat.units.items() if u.kind == "sea-monster") == MONSTERS and len(MONSTERS) == 3
    assert {u.kind for u in cat.units.values()} == {"cf-gladiator", "sea-monster"}
    assert dict(cat.tactics) == {}
    g = _royale("atlantis")
    assert g.state.monsters_left == MONSTERS  # Atlantis' Trident's Call has its Sea Monsters to summon


def test_the_pool_needs_two_cf_gladiators_per_house_exactly_two_is_enough_ORI_52():
    royale.check_pool(4)
    royale.check_pool(6, houses=3)
    with pytest.raises(InputError, match=r"holds 5 .*at least 2 per player, 6 for 3 \(ORI-52\)"):
        royale.check_pool(5, houses=3)
    with pytest.raises(InputError, match=r"^origins-battle-royale: the pool holds 1 Crowd Favor"):
        royale.check_pool(1)


def test_a_house_with_two_cf_gladiators_may_draft_anything_left_R_ORI_17():
    g = _royale(tactics=True, a=TACTICS, b=TACTICS)
    s = g.state
    m = s.mode
    glads = sorted(k for k, u in m.catalog.units.items() if u.kind == "cf-gladiator")
    left = [*glads[2:], *TACTICS]
    s.troops[RED].lineup = [glads[0]]
    assert m.draft_options(s, RED, left) == glads[2:]  # one gladiator: a gladiator again
    s.troops[RED].lineup = [glads[0], TACTICS[0]]
    assert m.draft_options(s, RED, left) == glads[2:]  # a tactic is no gladiator
    s.troops[RED].lineup = glads[:2]
    assert m.draft_options(s, RED, left) == left  # two: anything left, tactics too
    s.troops[RED].lineup = [glads[0]]
    assert m.draft_options(s, RED, TACTICS) == TACTICS  # no gladiator left: whatever is left


def test_catalog_of_adds_the_cf_tactics_only_with_the_option_ORI_52():
    on = OriginsBattleRoyale.catalog_of(CAT, OriginsBattleRoyale.parse_options(["cf-tactics=true"]))
    assert sorted(on.tactics) == sorted(TACTICS)
    off = OriginsBattleRoyale.catalog_of(CAT, ())
    assert dict(off.tactics) == {}
    assert {u.kind for u in on.units.values()} == {"cf-gladiator", "sea-monster"}


def test_the_game_is_built_with_its_round_cap_its_log_and_the_catalog_given():
    rng = np.random.default_rng(0)
    ctrl = [Scripted(), Scripted()]
    g = OriginsBattleRoyale.new_game(CAT, _spec("match", max_rounds=45), ctrl, rng=rng, roller=FixedRoller(mode="all"))
    assert g.state.log is None and g.state.mode.cap == 15 and isinstance(g.state.mode, OriginsBattleRoyale)
    g = OriginsBattleRoyale.new_game(CAT, _spec(), ctrl, rng=rng, log=True, roller=FixedRoller(mode="all"))
    assert isinstance(g.state.log, list) and g.state.mode.cap == CHALLENGE_ROUNDS
    # a catalog that already holds the CF tactics (`catalog_of`'s) is played as given
    cat = OriginsBattleRoyale.catalog_of(CAT, _spec(tactics=True).options)
    g = OriginsBattleRoyale.new_game(cat, _spec(tactics=True), ctrl, rng=rng, roller=FixedRoller(mode="all"))
    assert g.state.mode.catalog is cat
    # the plain Origins catalog with the option: the CF tactics are added
    g = OriginsBattleRoyale.new_game(CAT, _spec(tactics=True), ctrl, rng=rng, roller=FixedRoller(mode="all"))
    assert sorted(g.state.mode.catalog.tactics) == sorted(TACTICS)


def test_the_mode_object_plays_the_same_challenges_as_origins_ORI_52():
    a, b = OriginsBattleRoyale(catalog=CAT), Origins(catalog=CAT)
    assert (a.arena_id, a.cap) == (b.arena_id, b.cap) == ("match", CHALLENGE_ROUNDS)
    m = OriginsBattleRoyale("el-dorado", CAT, 7)
    assert (m.arena_id, m.cap) == ("el-dorado", 7)
    assert {u.kind for u in m.catalog.units.values()} == {"cf-gladiator", "sea-monster"}
    assert OriginsBattleRoyale().catalog is None
