"""The rival AI controller (rulesets/remastered/rival.py) pinned where its mutation run found it unpinned
(RIV-1..RIV-9 of /work/shared/RULES.md; Remastered rulebook, "Rival Turns" and "Key Terms"; rulings R-RIV-1..7
of docs/rulings.md): the priority list's checks, every superlative and set priority (UNIT-9), the players'
choices made for the rivals (R-RIV-5), the controller's answers to the shared rules' asks (Intercept Blow),
back-up movement toward a hex priority or a second-best group (RIV-5), the Specials' rival conditions
(R-RIV-4), deployment without enough chips (RIV-2), displacement and the steps' narration.

Hand-built positions on the Pozzuoli map (`test_rival.game`): troop 0 (red) the players', troop 1 (blue) the
rival troop; stones 19 and 38.
"""

from __future__ import annotations

import pytest
import test_rival
from enginekit import Scripted, make_game, mk_unit
from test_rival import BANDIT, BEAST, PROTECTOR, WARRIOR, Players, game

from hoplostat.engine.rules import FixedRoller
from hoplostat.rulesets.remastered import rival

GRID = None


def setup_module(module):
    test_rival.setup_module(test_rival)
    module.GRID = test_rival.GRID


HERO = mk_unit("hero", movement=2, range_=1, health=5, attack="black", kind="hero", name="Hero")
NEUTRAL = mk_unit("neutral", movement=2, range_=1, health=6, attack="black", kind="neutral-hero", name="Neutral")
SENTINEL = mk_unit("sentinel", movement=0, range_=1, health=6, attack="black", kind="sentinel", name="Sentinel")
RUNNER = mk_unit("runner", movement=4, range_=1, health=2, attack="black", name="Runner")


def uids(units):
    return sorted(u.uid for u in units)


# --------------------------------------------------------------------------- the priority list (R-RIV-7)


def test_check_priority_accepts_the_vocabulary_and_hex_priorities_and_refuses_the_rest_R_RIV_7():
    """R-RIV-7: a priority list names superlatives, sets and `hex:<tag>` priorities; anything else, and a
    `hex:` without a tag, is refused with the offending entry named."""
    ok = ("opponent-on-stone", "hero", "strongest", "hex:stone", "least-deadly", "shardholder")
    assert rival.check_priority(list(ok)) == ok
    for bad in ("hex:", "tallest", "Hero"):
        with pytest.raises(ValueError, match=f"unknown rival priority '{bad}'"):
            rival.check_priority(["hero", bad])
    assert rival.RivalController(["hero"]).priority == ("hero",)
    with pytest.raises(ValueError):
        rival.RivalController(["hero", "nobody"])


def test_every_superlative_compares_what_the_key_terms_say_UNIT_9():
    """UNIT-9 (Remastered, "Key Terms"): strongest/weakest by HP, deadliest/least deadly by the number of attack
    dice (whatever their colours), fastest/slowest by Movement, closest/farthest by distance; all tied ones
    are kept. The Bandit on 31; the Warrior (3 dice, 3 HP) on 30, the Protector (1 die, 4 HP) on 29, the
    Runner (Movement 4, 2 HP) on 40 and the Beast (1 die, 7 HP) on 28."""
    g, rc = game([(BANDIT, 1, 31), (WARRIOR, 0, 30), (PROTECTOR, 0, 29), (RUNNER, 0, 40), (BEAST, 0, 27)])
    s = g.state
    bandit = s.units[0]
    cands = [s.units[i] for i in (1, 2, 3, 4)]
    d = GRID.dist[31]
    assert (d[30], d[29], d[40], d[27]) == (1, 2, 1, 4)

    def top(p):
        return uids(rival.top_priority(g, bandit, (p,), cands))

    assert top("strongest") == [4]
    assert top("weakest") == [3]
    assert top("deadliest") == [1]
    assert top("least-deadly") == [2, 3, 4]
    assert top("fastest") == [3]
    assert top("slowest") == [1, 2, 4]
    assert top("closest") == [1, 3]
    assert top("farthest") == [4]
    assert rival.top_priority(g, bandit, ("strongest",), []) == []


def test_set_priorities_and_an_unlisted_opponent_UNIT_9_R_RIV_7():
    """The set priorities: hero (a neutral hero is a hero too), sentinel, opponent on a stone, any opponent;
    a hex priority names no unit and is skipped for targeting; a list naming nothing in range gives no
    target (R-RIV-7: a rival targets only what its list names)."""
    g, rc = game([(BANDIT, 1, 31), (NEUTRAL, 0, 30), (SENTINEL, 0, 32), (PROTECTOR, 0, 19), (BEAST, 0, 40)])
    s = g.state
    bandit = s.units[0]
    cands = [s.units[i] for i in (1, 2, 3, 4)]

    def top(*p):
        return uids(rival.top_priority(g, bandit, p, cands))

    assert top("hero") == [1]
    assert top("sentinel") == [2]
    assert top("opponent-on-stone") == [3]
    assert top("opponent") == [1, 2, 3, 4]
    assert top("hex:stone", "sentinel", "hero") == [2]
    assert top("shard", "shardholder") == []
    assert top("shard", "strongest") == [4]
    plain = [s.units[4]]
    assert rival.top_priority(g, bandit, ("hero", "sentinel"), plain) == []


def test_deadliest_counts_dice_after_modifiers_UNIT_9():
    """UNIT-9 ("Deadliest ... determined after accounting for any modifiers"): the dice an opponent would
    gather attacking the rival unit, its own skills included: a one-die unit with Dig In (one more die on a turn
    it did not move) is deadlier than another one-die unit, and less deadly once it has moved this turn."""
    digger = mk_unit("digger", health=4, attack="blue", skills=["dig-in"], name="Digger")
    g, rc = game([(BANDIT, 1, 31), (digger, 0, 30), (PROTECTOR, 0, 32)])
    s = g.state
    cands = [s.units[1], s.units[2]]
    assert uids(rival.top_priority(g, s.units[0], ("deadliest",), cands)) == [1]
    assert uids(rival.top_priority(g, s.units[0], ("least-deadly",), cands)) == [2]
    s.units[1].moved_turn = s.turn
    assert uids(rival.top_priority(g, s.units[0], ("deadliest",), cands)) == [1, 2]
