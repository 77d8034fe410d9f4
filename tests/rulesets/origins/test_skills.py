"""Origins' skills (hoplostat/rulesets/origins/skills.py), pinned where the rule scenarios of
tests/rulesets/origins/test_rules.py leave room: the reach and the sides of the auras (Pervasive Absorb,
Inspire, Strategic Attack, Embolden), what an Alternate Attack may target and hit, the options of the
movement phase's Abilities (ruling R-ORI-8) and the healing tactic. Positions from the mode's real set-up
(`new`, `put` of the rule tests; the hex map is drawn there); dice forced with FixedRoller."""

from __future__ import annotations

import dataclasses

from hoplostat.dice import Pool
from hoplostat.engine import rules
from hoplostat.engine.rules import FixedRoller
from hoplostat.engine.state import DISCARD
from hoplostat.rulesets.origins import combat
from hoplostat.rulesets.rise_of_rome.skills import flip, lift_flips
from rulesets.origins.test_rules import BLUE, CAT, RED, as_chip, log_of, new, next_turn, put


def _attack(g, att, target, hits):
    g.roller.results = [hits]
    return combat.basic_attack(g, att, target)


def _special(g, troop, u, sid):
    """The args of `u`'s Alternate Attack `sid` among the troop's attack options."""
    return [o[3] for o in g.state.mode.engage_options(g, troop) if o[0] == "special" and o[1] == u.uid
            and o[2] == sid]


def _abilities(g, troop, u, sid):
    """The args of `u`'s Ability `sid` offered now (the older games' reading: from the deployment turn)."""
    return [o[2] for o in rules.ability_options(g, troop, usable=lambda s_, x: True) if o[0] == u.uid and o[1] == sid]


# --------------------------------------------------------------------------- Pervasive Absorb (ORI-75)


def test_pervasive_absorb_is_not_for_the_holder_nor_an_opponent_nor_two_hexes_away_ORI_75():
    g = new("xanadu", b_first=("yellow-special",))
    att = put(g, "yellow-attacker", 22)
    pa = put(g, "yellow-special", 23)  # Pervasive Absorb, Embolden
    _attack(g, att, pa, 2)
    assert pa.hp == 5 - 2  # its own hits: no Absorb (and no Retaliate from its own Embolden)
    assert att.hp == 4
    foe = put(g, "korykos", 31)  # red, next to the blue Pervasive Absorb
    assert combat.basic_profile(g, pa, foe)[2] == 0
    friend = put(g, "green-attacker", 16)  # blue, two hexes from it
    assert g.state.grid.dist[16][23] == 2
    assert combat.basic_profile(g, att, friend)[2] == 0
    near = put(g, "blue-defender", 32)  # blue, adjacent: Absorb (its own Hardened too)
    assert combat.basic_profile(g, att, near)[2] == 2


def test_pervasive_absorb_adds_nothing_to_the_targets_own_absorb_ORI_75_ORI_58():
    g = new("xanadu", b_first=("yellow-special",))
    att = put(g, "yellow-attacker", 22)
    ab = as_chip(g, put(g, "green-attacker", 23), "green-defender")  # blue, Absorb
    put(g, "yellow-special", 24)
    assert combat.basic_profile(g, att, ab)[2] == 1


def test_two_pervasive_absorbs_give_absorb_once_a_stunned_or_distant_one_leaves_it_to_the_other_ORI_75():
    g = new("xanadu", b_first=("yellow-special",))
    s = g.state
    att = put(g, "yellow-attacker", 22)
    first = put(g, "yellow-special", 24)  # arrives first
    second = as_chip(g, put(g, "blue-defender", 32), "yellow-special")
    foe = put(g, "green-attacker", 23)  # next to both
    assert s.hooked("damage_reduction").index(first) < s.hooked("damage_reduction").index(second)
    assert combat.basic_profile(g, att, foe)[2] == 1
    flip(g, first, RED)  # stunned: only the second works
    assert combat.basic_profile(g, att, foe)[2] == 1
    g = new("xanadu", b_first=("yellow-special",))
    att = put(g, "yellow-attacker", 22)
    put(g, "yellow-special", 16)  # arrives first, two hexes from the target
    as_chip(g, put(g, "blue-defender", 32), "yellow-special")
    foe = put(g, "green-attacker", 23)
    assert combat.basic_profile(g, att, foe)[2] == 1


# --------------------------------------------------------------------------- Inspire, Strategic Attack


def test_inspire_reaches_two_hexes_not_three_and_only_friends_not_itself_ORI_69():
    g = new()
    s = g.state
    k = put(g, "korykos", 13)  # red Inspire
    foe = put(g, "green-attacker", 23)
    att = put(g, "yellow-attacker", 15)  # two hexes from Korykos
    assert combat.basic_profile(g, att, foe)[1] == 1
    far = put(g, "purple-archer", 16)  # three hexes from Korykos
    assert s.grid.dist[13][16] == 3
    assert combat.basic_profile(g, far, foe)[1] == 0
    assert combat.basic_profile(g, k, put(g, "blue-defender", 14))[1] == 0  # its own attack
    assert combat.basic_profile(g, foe, att)[1] == 0  # an opponent's attack, two hexes from Korykos


def test_strategic_attack_only_adjacent_friends_not_itself_nor_opponents_ORI_83():
    g = new(a_first=("yellow-tactician",))
    s = g.state
    tac = put(g, "yellow-tactician", 21)
    foe = put(g, "green-attacker", 23)  # blue, two hexes from the Tactician
    att = put(g, "yellow-attacker", 22)
    own = CAT.unit("yellow-attacker").attack
    assert combat.basic_profile(g, att, foe)[0] == own + Pool.of(yellow=1)
    assert combat.basic_profile(g, foe, att)[0] == CAT.unit("green-attacker").attack
    two = put(g, "korykos", 14)  # red, two hexes from it
    assert s.grid.dist[14][21] == 2
    assert combat.basic_profile(g, two, foe)[0] == CAT.unit("korykos").attack
    assert combat.basic_profile(g, tac, put(g, "blue-defender", 30))[0] == CAT.unit("yellow-tactician").attack


# --------------------------------------------------------------------------- Parry (ORI-74)


def test_parry_guards_only_its_holder_and_is_narrated_R_ORI_12_ORI_74():
    g = new()
    att = put(g, "korykos", 21)  # two hexes from both: no Retaliate
    p = as_chip(g, put(g, "blue-defender", 23), "orange-defender")  # Parry
    friend = put(g, "green-attacker", 31)  # next to the Parry unit
    _attack(g, att, friend, 1)
    assert friend.hp == 4 - 1  # (Korykos' Inspire is for its friends, not itself)
    _attack(g, att, p, 1)
    assert p.hp == 5
    assert f"{p.name} parries the attack" in log_of(g)


# --------------------------------------------------------------------------- Retaliate, Embolden (ORI-80, ORI-64)


def test_own_retaliate_and_an_embolden_nearby_strike_back_once_ORI_64_ORI_80():
    g = new("xanadu", b_first=("yellow-special",))
    s = g.state
    att = put(g, "korykos", 22)
    put(g, "yellow-special", 24)  # Embolden, two hexes from the target
    r = as_chip(g, put(g, "green-attacker", 23), "yellow-attacker")  # its own Retaliate
    _attack(g, att, r, 1)
    assert att.hp == 2 - 1
    assert r.damage_dealt == 1 and s.troops[BLUE].damage_dealt == 1
    assert "loses 1 HP (Retaliate)" in log_of(g)


def test_embolden_answers_for_its_friends_credited_to_the_unit_hit_ORI_64():
    g = new("xanadu", b_first=("yellow-special",))
    att = put(g, "yellow-attacker", 22)
    em = put(g, "yellow-special", 25)  # two hexes from the target
    foe = put(g, "green-attacker", 23)
    _attack(g, att, foe, 1)
    assert att.hp == 4 - 1
    assert foe.damage_dealt == 1 and em.damage_dealt == 0
    assert "loses 1 HP (Retaliate)" in log_of(g)


def test_embolden_not_three_hexes_away_not_an_opponents_not_from_two_hexes_ORI_64_ORI_80():
    g = new("xanadu", b_first=("yellow-special",))
    s = g.state
    att = put(g, "yellow-attacker", 22)
    put(g, "yellow-special", 26)  # three hexes from the target
    foe = put(g, "green-attacker", 23)
    assert s.grid.dist[26][23] == 3
    _attack(g, att, foe, 1)
    assert att.hp == 4
    g = new("xanadu", a_first=("yellow-special",))
    att = put(g, "korykos", 22)
    put(g, "yellow-special", 24)  # red: the attacker's friend, not the target's
    foe = put(g, "green-attacker", 23)
    _attack(g, att, foe, 1)
    assert att.hp == 2
    g = new("xanadu", b_first=("yellow-special",))
    att = put(g, "purple-archer", 21)  # two hexes from the target: not adjacent
    put(g, "yellow-special", 24)
    foe = put(g, "green-attacker", 23)
    _attack(g, att, foe, 1)
    assert att.hp == 3


def test_a_friends_own_retaliate_does_not_answer_for_the_unit_hit_ORI_80():
    g = new()
    att = put(g, "korykos", 22)
    as_chip(g, put(g, "blue-defender", 24), "orange-defender")  # blue Retaliate, next to the target
    foe = put(g, "green-attacker", 23)
    _attack(g, att, foe, 1)
    assert att.hp == 2


def test_a_stunned_embolden_gives_nothing_the_next_working_one_does_ORI_64_ORI_84():
    g = new("xanadu", b_first=("yellow-special",))
    s = g.state
    att = put(g, "korykos", 22)
    first = put(g, "yellow-special", 24)
    second = as_chip(g, put(g, "blue-defender", 31), "yellow-special")
    flip(g, first, RED)
    foe = put(g, "green-attacker", 23)
    hooked = s.hooked("after_dealt_attack_damage")
    assert hooked.index(first) < hooked.index(second)
    _attack(g, att, foe, 1)
    assert att.hp == 2 - 1
    g = new("xanadu", b_first=("yellow-special",))
    att = put(g, "korykos", 22)
    flip(g, put(g, "yellow-special", 24), RED)  # the only one: stunned
    foe = put(g, "green-attacker", 23)
    _attack(g, att, foe, 1)
    assert att.hp == 2


# --------------------------------------------------------------------------- Cover (ORI-61)


def test_cover_answers_opponents_moves_only_not_friends_R_ORI_15_ORI_61():
    roller = FixedRoller(mode="all")
    g = new("xanadu", a_first=("yellow-archer",), roller=roller)
    put(g, "yellow-archer", 32)
    friend = put(g, "korykos", 22)
    rules.move(g, friend, 24)  # through 23: covered, but a friend
    assert roller.rolled == [] and friend.hp == 2


def test_cover_answers_a_move_from_hex_zero_too_R_ORI_15_ORI_61():
    roller = FixedRoller(mode="all")
    g = new("xanadu", a_first=("yellow-archer",), roller=roller)
    s = g.state
    put(g, "yellow-archer", 15)  # Attack Range 3
    foe = put(g, "green-attacker", 0)
    assert s.grid.dist[1][15] <= 3
    next_turn(g, BLUE)
    rules.move(g, foe, 1)
    assert s.move_src == 0
    assert roller.rolled == [Pool.of(yellow=1)] and foe.hp == 4 - 1


# --------------------------------------------------------------------------- Long Shot (ORI-72)


def test_long_shot_up_to_four_hexes_not_five_one_damage_narrated_ORI_72():
    roller = FixedRoller(mode="all")
    g = new("xanadu", a_first=("blue-archer",), roller=roller)
    u = put(g, "blue-archer", 21)
    near = put(g, "green-attacker", 25)
    far = put(g, "blue-defender", 26)
    assert g.state.grid.dist[21][26] == 5
    assert _special(g, RED, u, "long-shot") == [(near.uid,)]
    g.state.mode.engage(g, RED, ("special", u.uid, "long-shot", (near.uid,)))
    assert roller.rolled == [Pool.of(yellow=1)] and near.hp == 4 - 1 and far.hp == 5
    assert f"makes a Long Shot at {near.name}: 1 hit(s)" in log_of(g)
    assert "loses 1 HP (Long Shot)" in log_of(g) and u.damage_dealt == 1


# --------------------------------------------------------------------------- Whirlwind (ORI-90)


def test_whirlwind_needs_an_adjacent_opponent_and_rolls_a_die_per_opponent_not_per_friend_ORI_90():
    roller = FixedRoller(mode="all")
    g = new("xanadu", a_first=("green-attacker",), b_first=("korykos",), roller=roller)
    u = put(g, "green-attacker", 23)
    put(g, "korykos", 16)  # blue, two hexes away
    assert _special(g, RED, u, "whirlwind") == []
    put(g, "yellow-attacker", 22)  # red, adjacent
    foe = put(g, "blue-defender", 24)  # blue, adjacent
    assert _special(g, RED, u, "whirlwind") == [()]
    g.state.mode.engage(g, RED, ("special", u.uid, "whirlwind", ()))
    assert roller.rolled == [Pool.of(yellow=1)] and foe.hp == 5 - 1 + 1  # Hardened: 1 less
    assert "makes a Whirlwind against 1 adjacent opponent(s): 1 hit(s)" in log_of(g)


def test_whirlwind_rolls_for_an_adjacent_gold_runner_but_does_not_hit_it_ORI_90_ORI_66():
    roller = FixedRoller(mode="all")
    g = new("xanadu", a_first=("green-attacker",), b_first=("purple-archer", "korykos"), roller=roller)
    u = put(g, "green-attacker", 23)
    gr = put(g, "purple-archer", 24)  # Gold Runner, Tactical Range 1
    foe = put(g, "korykos", 22, hp=4)
    g.state.mode.engage(g, RED, ("special", u.uid, "whirlwind", ()))
    assert roller.rolled == [Pool.of(yellow=2)]
    assert gr.hp == 3 and foe.hp == 4 - 2


def test_whirlwind_hits_an_adjacent_intimidating_unit_credited_to_the_attacker_ORI_90_ORI_71():
    roller = FixedRoller(mode="all")
    g = new("xanadu", a_first=("green-attacker",), roller=roller)
    s = g.state
    u = put(g, "green-attacker", 23)
    foe = as_chip(g, put(g, "orange-attacker", 24), "blue-special")  # Intimidate: Basic Attacks only
    assert combat.shielded(s, u, foe, basic=True)
    s.mode.engage(g, RED, ("special", u.uid, "whirlwind", ()))
    assert foe.hp == 4 - 1 and u.damage_dealt == 1
    assert "loses 1 HP (Whirlwind)" in log_of(g)


def test_adjacent_means_adjacent_whatever_the_attack_range_ORI_90_ORI_84_ORI_81():
    """Whirlwind, Stun and Shove name adjacent units: a longer Attack Range (Reach: +1) reaches no farther."""
    reach = CAT.tactics["purple-reach"]
    for chip_id, sid, options in (("green-attacker", "whirlwind", _special), ("purple-tactician", "stun", _special),
                                  ("orange-attacker", "shove", _abilities)):
        g = new("xanadu", a_first=(chip_id,))
        s = g.state
        u = put(g, chip_id, 22)
        s.troops[RED].tactics_camp.append(reach)
        rules.place_tactic(g, RED, reach, u)
        put(g, "yellow-tactician", 24)  # blue, two hexes away, nothing behind it
        assert rules.range_of(s, u) == 2 and s.grid.dist[22][24] == 2
        assert options(g, RED, u, sid) == [], sid


def test_whirlwind_under_reach_still_rolls_for_and_hits_adjacent_opponents_only_ORI_90():
    roller = FixedRoller(mode="all")
    g = new("xanadu", a_first=("green-attacker",), roller=roller)
    s = g.state
    u = put(g, "green-attacker", 22)
    reach = CAT.tactics["purple-reach"]  # Attack Range +1
    s.troops[RED].tactics_camp.append(reach)
    rules.place_tactic(g, RED, reach, u)
    near = put(g, "yellow-tactician", 23)
    far = put(g, "blue-archer", 24)  # two hexes away: within the Attack Range, not adjacent
    s.mode.engage(g, RED, ("special", u.uid, "whirlwind", ()))
    assert roller.rolled == [Pool.of(yellow=1)]
    assert near.hp == 3 - 1 and far.hp == 3


def test_whirlwind_stops_when_the_challenge_is_won_ORI_90_ORI_46():
    roller = FixedRoller(mode="all")
    g = new("atlantis", a_first=("green-attacker",), roller=roller)
    s = g.state
    leader = next(u for u in s.units if u.troop == BLUE and u.unit.id == "yellow-tactician")
    s.mode.place(g, leader.uid, 20)  # blue's first gladiator: its Leader
    leader.hp = 2
    other = put(g, "blue-defender", 29)
    u = put(g, "green-attacker", 28)
    s.mode.engage(g, RED, ("special", u.uid, "whirlwind", ()))
    assert s.end_reason is not None and leader.zone == DISCARD
    assert other.hp == 5


# --------------------------------------------------------------------------- Stun (ORI-84)


def test_stun_an_adjacent_opponent_not_one_already_stunned_nor_two_hexes_away_ORI_84():
    g = new("xanadu", a_first=("purple-tactician",))
    u = put(g, "purple-tactician", 23)
    flip(g, put(g, "blue-defender", 24), RED)  # already stunned
    near = put(g, "green-attacker", 22)
    put(g, "yellow-tactician", 25)  # two hexes away
    assert _special(g, RED, u, "stun") == [(near.uid,)]


def test_stun_rolls_one_blue_die_a_miss_stuns_nothing_ORI_84():
    g = new("xanadu", roller=FixedRoller([0]), a_first=("purple-tactician",))
    s = g.state
    u = put(g, "purple-tactician", 23)
    foe = put(g, "green-attacker", 24)
    s.mode.engage(g, RED, ("special", u.uid, "stun", (foe.uid,)))
    assert g.roller.rolled == [Pool.of(blue=1)] and not s.is_fatigued(foe)
    assert f"tries to Stun {foe.name}: 0 hit(s)" in log_of(g)


def test_a_stun_lasts_until_the_stunning_house_next_attacks_ORI_84():
    g = new("xanadu", roller=FixedRoller([1]), a_first=("purple-tactician",))
    s = g.state
    u = put(g, "purple-tactician", 23)
    foe = put(g, "green-attacker", 24)
    s.mode.engage(g, RED, ("special", u.uid, "stun", (foe.uid,)))
    assert s.is_fatigued(foe)
    next_turn(g, BLUE)
    lift_flips(g, BLUE)  # the stunned house's own attack phase: still stunned
    assert s.is_fatigued(foe)
    next_turn(g, RED)
    lift_flips(g, RED)
    assert not s.is_fatigued(foe)


# --------------------------------------------------------------------------- Reposition (ORI-79)


def test_reposition_only_onto_a_free_adjacent_hex_and_not_while_held_by_combat_lock_ORI_79_ORI_60():
    g = new("xanadu", a_first=("yellow-archer",))
    u = put(g, "yellow-archer", 21)  # neighbours 13, 22, 30
    put(g, "green-attacker", 22)
    assert sorted(_special(g, RED, u, "reposition")) == [(13,), (30,)]
    g = new("xanadu", a_first=("korykos", "yellow-archer"))
    u = put(g, "yellow-archer", 21)
    assert put(g, "korykos", 22).uid == 0  # the hex of the unit with uid 0 is not free either
    assert sorted(_special(g, RED, u, "reposition")) == [(13,), (30,)]
    put(g, "blue-defender", 30)  # Combat Lock
    assert _special(g, RED, u, "reposition") == []


# --------------------------------------------------------------------------- Power Throw (ORI-76)


def test_power_throw_needs_an_adjacent_friend_and_reaches_its_attack_range_ORI_76():
    g = new("xanadu", a_first=("orange-spearman",))
    u = put(g, "orange-spearman", 22)  # Attack Range 2
    near = put(g, "green-attacker", 23)  # an adjacent opponent is no friend
    put(g, "korykos", 24)  # a friend two hexes away
    assert _special(g, RED, u, "power-throw") == []
    put(g, "green-defender", 31)  # an adjacent friend
    two = put(g, "blue-defender", 15)
    three = put(g, "blue-archer", 16)
    assert g.state.grid.dist[22][15] == 2 and g.state.grid.dist[22][16] == 3
    got = {a[0] for a in _special(g, RED, u, "power-throw")}
    assert near.uid in got and two.uid in got and three.uid not in got


def test_power_throw_counts_adjacent_friends_only_ORI_76():
    roller = FixedRoller(mode="all")
    g = new("xanadu", a_first=("orange-spearman",), roller=roller)
    u = put(g, "orange-spearman", 22)
    foe = put(g, "green-attacker", 23)
    put(g, "green-defender", 31)  # adjacent friend
    put(g, "korykos", 24)  # friend two hexes away
    put(g, "blue-defender", 21)  # adjacent opponent
    g.state.mode.engage(g, RED, ("special", u.uid, "power-throw", (foe.uid,)))
    assert roller.rolled == [Pool.of(yellow=1)] and foe.hp == 4 - 1
    assert f"makes a Power Throw at {foe.name} with 1 yellow: 1 hit(s)" in log_of(g)
    assert "loses 1 HP (Power Throw)" in log_of(g) and u.damage_dealt == 1


# --------------------------------------------------------------------------- Skewer (ORI-82, R-ORI-14)


def test_skewer_only_an_adjacent_target_ORI_82():
    g = new("xanadu", a_first=("blue-spearman",))
    u = put(g, "blue-spearman", 22)  # Attack Range 2
    near = put(g, "green-attacker", 23)
    put(g, "blue-defender", 15)  # two hexes away
    assert _special(g, RED, u, "skewer") == [(near.uid,)]


def test_skewer_at_the_edge_hits_the_adjacent_unit_alone_R_ORI_14_ORI_82():
    roller = FixedRoller(mode="all")
    g = new("xanadu", a_first=("blue-spearman",), roller=roller)
    u = put(g, "blue-spearman", 22)
    foe = put(g, "green-attacker", 21)  # nothing beyond it: the edge of the arena
    last = put(g, "blue-defender", g.state.grid.n - 1)
    assert g.state.grid.beyond(22, 21) == -1
    g.state.mode.engage(g, RED, ("special", u.uid, "skewer", (foe.uid,)))
    assert foe.hp == 4 - 2 and last.hp == 5
    assert f"skewers {foe.name}: 2 hit(s)" in log_of(g)


def test_skewer_hits_a_friend_behind_too_it_says_unit_R_ORI_14_ORI_82():
    roller = FixedRoller(mode="all")
    g = new("xanadu", a_first=("blue-spearman",), roller=roller)
    u = put(g, "blue-spearman", 22)
    foe = put(g, "green-attacker", 23)
    friend = put(g, "korykos", 24, hp=4)
    g.state.mode.engage(g, RED, ("special", u.uid, "skewer", (foe.uid,)))
    assert roller.rolled == [CAT.unit("blue-spearman").attack]
    assert foe.hp == 4 - 2 and friend.hp == 4 - 2
    assert f"skewers {foe.name} and {friend.name}: 2 hit(s)" in log_of(g)


def test_skewer_hits_an_intimidating_unit_behind_on_hex_zero_credited_to_the_spearman_R_ORI_14_ORI_71():
    """Intimidate forbids Basic Attacks only; Skewer is an Alternate Attack."""
    roller = FixedRoller(mode="all")
    g = new("xanadu", a_first=("blue-spearman",), roller=roller)
    s = g.state
    u = put(g, "blue-spearman", 15)
    foe = put(g, "green-attacker", 7)
    behind = as_chip(g, put(g, "orange-attacker", 0), "blue-special")  # Intimidate, Tactical Range 2: reaches hex 15
    assert s.grid.beyond(15, 7) == 0 and combat.shielded(s, u, behind, basic=True)
    s.mode.engage(g, RED, ("special", u.uid, "skewer", (foe.uid,)))
    assert foe.hp == 4 - 2 and behind.hp == 4 - 2
    assert u.damage_dealt == 4 and log_of(g).count("loses 2 HP (Skewer)") == 2


def test_skewer_does_not_hit_a_gold_runner_behind_within_its_tactical_range_R_ORI_14_ORI_66():
    roller = FixedRoller(mode="all")
    g = new("xanadu", a_first=("blue-spearman",), b_first=("purple-archer",), roller=roller)
    u = put(g, "blue-spearman", 22)
    foe = put(g, "green-attacker", 23)
    gr = put(g, "purple-archer", 24)
    gr.unit = dataclasses.replace(CAT.unit("purple-archer"), tactical_range=2)  # Gold Runner reaching the Spearman
    g.state.combat_version += 1
    g.state.mode.engage(g, RED, ("special", u.uid, "skewer", (foe.uid,)))
    assert foe.hp == 4 - 2 and gr.hp == 3


def test_skewer_stops_when_the_first_hit_wins_the_challenge_R_ORI_14_ORI_46():
    roller = FixedRoller(mode="all")
    g = new("atlantis", a_first=("blue-spearman",), roller=roller)
    s = g.state
    leader = next(u for u in s.units if u.troop == BLUE and u.unit.id == "yellow-tactician")
    s.mode.place(g, leader.uid, 37)  # blue's first gladiator: its Leader
    leader.hp = 2
    other = put(g, "green-attacker", 29)
    u = put(g, "blue-spearman", 44)
    assert s.grid.beyond(44, 37) == 29
    s.mode.engage(g, RED, ("special", u.uid, "skewer", (leader.uid,)))
    assert s.end_reason is not None and leader.zone == DISCARD
    assert other.hp == 4


# --------------------------------------------------------------------------- True Strike (ORI-89, R-ORI-13)


def test_true_strike_is_offered_only_against_an_intimidating_target_within_attack_range_R_ORI_13_ORI_89():
    g = new("xanadu", a_first=("blue-special",))
    s = g.state
    me = put(g, "blue-special", 23)  # Attack Range 2
    plain = put(g, "green-attacker", 24)
    near = as_chip(g, put(g, "orange-attacker", 22), "blue-special")  # Intimidate, Tactical Range 2
    far = put(g, "blue-defender", 26)
    far.unit = dataclasses.replace(CAT.unit("blue-special"), tactical_range=3)  # three hexes: shielded, out of range
    s.combat_version += 1
    assert s.grid.dist[23][26] == 3 and combat.shielded(s, me, far, basic=True)
    assert _special(g, RED, me, "true-strike") == [(near.uid,)]
    assert plain.uid not in {o[0] for o in _special(g, RED, me, "true-strike")}


def test_true_strike_rolls_the_basic_attack_dice_as_an_alternate_attack_R_ORI_13_ORI_89():
    roller = FixedRoller(mode="all")
    g = new("xanadu", a_first=("blue-special",), roller=roller)
    me = put(g, "blue-special", 23)
    foe = as_chip(g, put(g, "orange-attacker", 24), "blue-special")
    g.state.mode.engage(g, RED, ("special", me.uid, "true-strike", (foe.uid,)))
    assert roller.rolled == [CAT.unit("blue-special").attack] and foe.hp == 4 - 2 and me.damage_dealt == 2
    assert f"makes a True Strike at {foe.name}: 2 hit(s)" in log_of(g) and "(True Strike)" in log_of(g)


# --------------------------------------------------------------------------- Swap (ORI-85)


def test_swap_with_any_adjacent_unit_not_two_hexes_away_not_while_held_ORI_85_ORI_60():
    g = new(a_first=("yellow-tactician",))
    u = put(g, "yellow-tactician", 22)
    friend = put(g, "korykos", 21)
    foe = put(g, "green-attacker", 23)
    put(g, "orange-attacker", 24)  # two hexes away
    assert sorted(_abilities(g, RED, u, "swap")) == sorted([(friend.uid,), (foe.uid,)])
    rules.use_ability(g, RED, (u.uid, "swap", (friend.uid,)))
    assert u.hex == 21 and friend.hex == 22
    g = new(a_first=("yellow-tactician",))
    u = put(g, "yellow-tactician", 22)
    put(g, "blue-defender", 23)  # Combat Lock
    assert _abilities(g, RED, u, "swap") == []


# --------------------------------------------------------------------------- Shove (ORI-81)


def test_shove_not_off_the_arena_and_onto_hex_zero_ORI_81():
    g = new("xanadu", a_first=("orange-attacker",))
    u = put(g, "orange-attacker", 22)
    put(g, "green-attacker", 21)  # nothing straight behind it
    put(g, "blue-defender", g.state.grid.n - 1)
    assert _abilities(g, RED, u, "shove") == []
    g = new("xanadu", a_first=("orange-attacker",))
    s = g.state
    u = put(g, "orange-attacker", 15)
    foe = put(g, "green-attacker", 7)
    assert s.grid.beyond(15, 7) == 0
    assert _abilities(g, RED, u, "shove") == [(foe.uid,)]
    rules.use_ability(g, RED, (u.uid, "shove", (foe.uid,)))
    assert foe.hex == 0 and u.hex == 7
    assert f"{foe.name} (blue) is displaced from hex 7 to hex 0 by {u.name}" in log_of(g)


def test_shove_not_while_held_by_another_lock_but_the_shoved_lock_lets_go_ORI_81_ORI_60():
    g = new("xanadu", a_first=("orange-attacker",))
    u = put(g, "orange-attacker", 22)
    put(g, "green-attacker", 23)
    put(g, "blue-defender", 21)  # Combat Lock next to the Shove unit (at the edge: not shoved itself)
    assert _abilities(g, RED, u, "shove") == []
    g = new("xanadu", a_first=("orange-attacker",))
    u = put(g, "orange-attacker", 22)
    lock = put(g, "blue-defender", 23)  # the lock is the one pushed away
    assert _abilities(g, RED, u, "shove") == [(lock.uid,)]


# --------------------------------------------------------------------------- Toss (ORI-86)


def test_toss_a_friend_onto_a_free_hex_next_to_both_not_a_unit_two_hexes_away_ORI_86():
    g = new("xanadu", a_first=("korykos", "purple-tactician"))
    s = g.state
    u = put(g, "purple-tactician", 23)
    friend = put(g, "green-defender", 24)  # 15 and 32 are next to both
    k = put(g, "korykos", 15)  # uid 0: its hex is not free either
    assert k.uid == 0
    put(g, "blue-defender", 33)  # two hexes away (32 is next to it and to the tosser)
    assert s.grid.dist[33][23] == 2 and s.grid.dist[33][32] == 1
    assert sorted(_abilities(g, RED, u, "toss")) == sorted([(friend.uid, 32), (k.uid, 14)])
    rules.use_ability(g, RED, (u.uid, "toss", (friend.uid, 32)))
    assert friend.hex == 32 and u.hex == 23
    assert f"is displaced from hex 24 to hex 32 by {u.name}" in log_of(g)


# --------------------------------------------------------------------------- Propel (ORI-77)


def test_propel_only_an_adjacent_friend_onto_a_free_hex_two_hexes_away_ORI_77():
    g = new()
    s = g.state
    k = put(g, "korykos", 22)  # hexes two away: 6, 7, 15, 24, 32, 38, 39
    friend = put(g, "yellow-attacker", 23)
    put(g, "green-attacker", 21)  # an adjacent opponent
    put(g, "green-defender", 32)  # a friend two hexes away
    put(g, "blue-defender", 24)
    assert sorted(s.grid.at_distance(22, 2)) == [6, 7, 15, 24, 32, 38, 39]
    assert sorted(_abilities(g, RED, k, "propel")) == [(friend.uid, h) for h in (6, 7, 15, 38, 39)]


def test_a_propelled_unit_neither_moves_nor_attacks_even_if_impelled_before_ORI_77():
    g = new()
    s = g.state
    s.round, s.turn = 1, 1  # the first turn
    k = put(g, "korykos", 22)
    friend = put(g, "yellow-attacker", 23)
    friend.impelled_turn = s.turn
    rules.use_ability(g, RED, (k.uid, "propel", (friend.uid, 15)))
    assert friend.hex == 15 and friend.moved_turn == s.turn and friend.engaged_turn == s.turn
    assert not rules.can_move(s, friend) and not rules.can_engage(s, friend)
    assert f"{friend.name} (red) is displaced from hex 23 to hex 15 by {k.name}" in log_of(g)


# --------------------------------------------------------------------------- the healing tactic


def _mend(g, troop, target):
    mend = CAT.tactics["green-mend"]  # heal 2
    g.state.troops[troop].tactics_camp.append(mend)
    rules.place_tactic(g, troop, mend, target)


def test_healing_never_above_the_starting_health_and_paid_from_the_health_chips_ORI_3_ORI_4():
    g = new()
    s = g.state
    u = put(g, "yellow-attacker", 22, hp=3)  # Health 4
    before = s.supply["red"]
    _mend(g, RED, u)
    assert u.hp == 4 and s.supply["red"] == before - 1
    assert f"{u.name} (red) heals 1 HP, now 4" in log_of(g)
    n = len(s.log)
    _mend(g, RED, u)  # at full health: nothing
    assert u.hp == 4 and s.supply["red"] == before - 1
    assert not any("heals" in line for line in s.log[n:])
    low = put(g, "green-defender", 31, hp=1)  # Health 5
    _mend(g, RED, low)
    assert low.hp == 1 + 2  # the tactic's 2, no more
    s.supply["red"] = 1  # one health chip left
    _mend(g, RED, low)
    assert low.hp == 4 and s.supply["red"] == 0


def test_healing_an_atlantis_leader_up_to_its_doubled_health_ORI_47():
    g = new("atlantis")
    s = g.state
    u = next(x for x in s.units if x.troop == RED and x.unit.id == "yellow-attacker")
    s.mode.place(g, u.uid, 13)  # the Leader: 8 health
    u.hp = 5
    s.supply["red"] += 3
    _mend(g, RED, u)
    assert u.hp == 7
    _mend(g, RED, u)
    assert u.hp == 8
