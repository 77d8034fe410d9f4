"""Origins' attacks (hoplostat/rulesets/origins/combat.py), pinned where the rule scenarios of
tests/rulesets/origins/test_rules.py leave room: boundaries of Lunge, Distract, Intimidate and Gold Runner, the
Basic Attack's sequence (a miss, Intercept Blow's conditions), an Alternate Attack's damage against Hardened,
and Cover's path (ruling R-ORI-15). Positions from the mode's real set-up (`new`, `put` of the rule tests; the
hex map is drawn there); dice forced with FixedRoller."""

from __future__ import annotations

from hoplostat.dice import Pool
from hoplostat.engine import rules
from hoplostat.engine.rules import FixedRoller
from hoplostat.engine.state import DISCARD
from hoplostat.rulesets.origins import combat
from hoplostat.rulesets.rise_of_rome.skills import flip
from rulesets.origins.test_rules import BLUE, CAT, RED, as_chip, log_of, new, next_turn, put

# --------------------------------------------------------------------------- Lunge (ORI-73)


def test_lunge_adds_exactly_one_to_the_attack_range_ORI_73():
    g = new("xanadu", a_first=("purple-spearman",))
    s = g.state
    u = put(g, "purple-spearman", 21)  # Attack Range 2, has not moved
    near = put(g, "green-attacker", 24)  # 3 hexes
    far = put(g, "blue-defender", 25)  # 4 hexes
    assert s.grid.dist[21][24] == 3 and s.grid.dist[21][25] == 4
    assert combat.basic_range(s, u) == 3
    ids = {o.uid for o in combat.basic_targets(s, u)}
    assert near.uid in ids and far.uid not in ids


def test_without_lunge_or_while_stunned_no_extra_range_nor_green_dice_ORI_73():
    g = new("xanadu")
    s = g.state
    sp = put(g, "blue-spearman", 21)  # Attack Range 2, no Lunge, has not moved
    foe = put(g, "green-attacker", 24)
    assert combat.basic_range(s, sp) == 2 and not combat.lunging(s, sp)
    assert foe.uid not in {o.uid for o in combat.basic_targets(s, sp)}
    g = new("xanadu", a_first=("purple-spearman",))
    s = g.state
    u = put(g, "purple-spearman", 21)
    foe = put(g, "green-attacker", 22)
    flip(g, u, BLUE)  # stunned: "ignores all stats and effects but its health" (ORI-84)
    assert not combat.lunging(s, u) and combat.basic_range(s, u) == 2
    assert combat.basic_profile(g, u, foe)[0] == CAT.unit("purple-spearman").attack


def test_lunge_replaces_only_the_chips_own_dice_a_strategic_attack_die_stays_ORI_73_ORI_83():
    g = new("xanadu", a_first=("purple-spearman", "yellow-tactician"))
    u = put(g, "purple-spearman", 22)  # green + yellow printed
    put(g, "yellow-tactician", 21)  # Strategic Attack: +1 yellow to adjacent friends
    foe = put(g, "green-attacker", 23)
    assert combat.basic_profile(g, u, foe)[0] == Pool.of(green=2, yellow=1)


# --------------------------------------------------------------------------- Distract (ORI-62)


def test_distract_needs_an_adjacent_working_opponent_ORI_62():
    g = new("xanadu", b_first=("orange-special",))
    s = g.state
    att = put(g, "yellow-attacker", 22)
    d = put(g, "orange-special", 24)  # two hexes away
    foe = put(g, "green-attacker", 23)
    assert not combat.distracted(s, att)
    assert combat.basic_profile(g, att, foe)[0] == CAT.unit("yellow-attacker").attack
    # adjacent but stunned: its skills do not work
    g = new("xanadu", b_first=("orange-special",))
    s = g.state
    att = put(g, "yellow-attacker", 22)
    d = put(g, "orange-special", 23)
    flip(g, d, RED)
    assert not combat.distracted(s, att)
    assert combat.basic_profile(g, att, d)[0] == CAT.unit("yellow-attacker").attack
    # a friendly Distract does not distract
    g = new("xanadu", a_first=("orange-special",))
    s = g.state
    put(g, "orange-special", 21)
    att = put(g, "yellow-attacker", 22)
    foe = put(g, "green-attacker", 23)
    assert not combat.distracted(s, att)
    assert combat.basic_profile(g, att, foe)[0] == CAT.unit("yellow-attacker").attack


def test_distract_turns_a_skills_dice_yellow_too_ORI_62():
    roller = FixedRoller(mode="all")
    g = new("xanadu", a_first=("orange-spearman",), b_first=("orange-special",), roller=roller)
    sp = put(g, "orange-spearman", 22)
    put(g, "orange-special", 23)
    assert combat.roll(g, sp, Pool.of(blue=2)) == 2
    assert roller.rolled[-1] == Pool.of(yellow=2)
    far = put(g, "korykos", 46)
    combat.roll(g, far, Pool.of(blue=2))
    assert roller.rolled[-1] == Pool.of(blue=2)
    assert combat.dice(g.state, sp, Pool.of()) == Pool.of()  # no dice: nothing to change


# --------------------------------------------------------------------------- Intimidate, Gold Runner


def test_intimidate_reaches_exactly_its_tactical_range_and_forbids_basic_attacks_only_ORI_71():
    g = new("xanadu", a_first=("blue-special", "purple-archer"))
    s = g.state
    me = put(g, "purple-archer", 21)  # Attack Range 3
    foe = as_chip(g, put(g, "orange-attacker", 23), "blue-special")  # Intimidate, Tactical Range 2
    assert s.grid.dist[21][23] == 2
    assert combat.shielded(s, me, foe, basic=True) and not combat.shielded(s, me, foe, basic=False)
    assert foe.uid not in {o.uid for o in combat.basic_targets(s, me)}
    assert foe.uid in {o.uid for o in combat.alt_targets(s, me, 3)}
    inside = put(g, "korykos", 24)  # 1 hex from foe
    assert combat.shielded(s, inside, foe, basic=True)
    outside = put(g, "blue-spearman", 26)  # 3 hexes from foe: outside its Tactical Range 2
    assert s.grid.dist[26][23] == 3
    assert not combat.shielded(s, outside, foe, basic=True)
    flip(g, foe, RED)  # stunned: Intimidate does not work
    assert not combat.shielded(s, me, foe, basic=True)


def test_gold_runner_forbids_basic_and_alternate_attacks_within_its_tactical_range_ORI_66():
    g = new("xanadu", b_first=("purple-archer",))
    s = g.state
    gr = put(g, "purple-archer", 23)  # Gold Runner, Tactical Range 1
    att = put(g, "yellow-attacker", 22)
    assert combat.shielded(s, att, gr, basic=True) and combat.shielded(s, att, gr, basic=False)
    far = put(g, "blue-spearman", 21)  # 2 hexes: outside Tactical Range 1
    assert not combat.shielded(s, far, gr, basic=True) and not combat.shielded(s, far, gr, basic=False)
    assert gr.uid in {o.uid for o in combat.basic_targets(s, far)}
    assert gr.uid in {o.uid for o in combat.alt_targets(s, far, 2)}
    plain = put(g, "green-attacker", 24)  # no Intimidate, no Gold Runner
    assert not combat.shielded(s, put(g, "korykos", 25), plain, basic=True)


# --------------------------------------------------------------------------- Elevated (ORI-63)


def test_elevated_gives_no_bonus_against_an_elevated_target_ORI_63():
    g = new("xanadu")
    att = put(g, "yellow-attacker", 24)  # arena hex: Elevated
    up = put(g, "green-attacker", 25)  # arena hex too
    low = put(g, "blue-defender", 33)
    assert combat.basic_profile(g, att, up)[1] == 0
    assert combat.basic_profile(g, att, low)[1] == 1
    assert combat.basic_profile(g, low, att)[1] == 0  # from below: nothing


# --------------------------------------------------------------------------- the Basic Attack (ORI-20)


def test_a_missed_basic_attack_deals_nothing_and_still_uses_the_attack_ORI_20():
    g = new("xanadu", roller=FixedRoller([0]))
    s = g.state
    att = put(g, "korykos", 22)
    r = as_chip(g, put(g, "green-attacker", 23), "yellow-attacker")  # Retaliate
    res = combat.basic_attack(g, att, r)
    assert (res.hits, res.dealt, res.removed) == (0, False, 0)
    assert r.hp == 4 and att.hp == 2  # no damage, so no Retaliate either
    assert att.engaged_turn == s.turn


def test_a_basic_attack_reports_its_hits_and_the_health_removed_ORI_20():
    g = new("xanadu", roller=FixedRoller([2]))
    att = put(g, "yellow-attacker", 22)
    foe = put(g, "blue-defender", 23)  # Hardened: 1 less
    res = combat.basic_attack(g, att, foe)
    assert (res.hits, res.dealt, res.removed) == (2, True, 1)
    assert foe.hp == 4


def test_a_basic_attack_that_ends_the_challenge_stops_there_ORI_10():
    g = new("xanadu", roller=FixedRoller([2]), six_b=None)
    s = g.state
    att = put(g, "yellow-attacker", 22)
    # every gladiator blue brought but one is already defeated: defeating the last ends the challenge
    last = put(g, "green-attacker", 23, hp=1)
    for u in s.units:
        if u.troop == BLUE and u is not last and u.zone != DISCARD and u.unit.kind != "tactic":
            rules.defeat(g, u)
    res = combat.basic_attack(g, att, last)
    assert s.end_reason is not None
    assert (res.hits, res.dealt, res.removed) == (2, True, 1)


def test_intercept_blow_only_from_an_adjacent_friend_and_only_if_it_chooses_to_ORI_70():
    # declined: the target takes it
    g = new(picks1={"intercept": lambda o: None})
    att = put(g, "yellow-attacker", 22)
    foe = put(g, "green-attacker", 23)
    guard = as_chip(g, put(g, "blue-defender", 24), "purple-special")
    g.roller.results = [2]
    combat.basic_attack(g, att, foe)
    assert foe.hp == 2 and guard.hp == 5
    # two hexes away: not asked
    g = new(picks1={"intercept": lambda o: o[0]})
    att = put(g, "yellow-attacker", 22)
    foe = put(g, "green-attacker", 23)
    guard = as_chip(g, put(g, "blue-defender", 25), "purple-special")
    g.roller.results = [2]
    combat.basic_attack(g, att, foe)
    assert foe.hp == 2 and guard.hp == 5
    assert "intercept" not in [d for d, _ in g.controllers[BLUE].asked]
    # an opposing Intercept Blow next to the target does not take it
    g = new(picks0={"intercept": lambda o: o[0]})
    att = put(g, "yellow-attacker", 22)
    foe = put(g, "green-attacker", 23)
    as_chip(g, put(g, "korykos", 24), "green-defender")  # red (Absorb, Intercept Blow), next to the blue target
    g.roller.results = [2]
    combat.basic_attack(g, att, foe)
    assert foe.hp == 2
    # a stunned Intercept Blow does nothing
    g = new(picks1={"intercept": lambda o: o[0]})
    att = put(g, "yellow-attacker", 22)
    foe = put(g, "green-attacker", 23)
    guard = as_chip(g, put(g, "blue-defender", 24), "purple-special")
    flip(g, guard, RED)
    g.roller.results = [2]
    combat.basic_attack(g, att, foe)
    assert foe.hp == 2 and guard.hp == 5


def test_an_intercept_blow_unit_hit_itself_does_not_intercept_for_itself_ORI_70():
    g = new(picks1={"intercept": lambda o: o[0]})
    att = put(g, "yellow-attacker", 22)
    guard = as_chip(g, put(g, "blue-defender", 23), "purple-special")
    g.roller.results = [2]
    combat.basic_attack(g, att, guard)
    assert guard.hp == 5 - 2
    assert "intercept" not in [d for d, _ in g.controllers[BLUE].asked]


def test_an_interceptor_takes_the_blow_with_its_own_defences_ORI_70_ORI_58():
    """The interceptor is the one hit, so its own Absorb applies to the damage it takes (and the original
    target's Hardened does not)."""
    g = new(picks1={"intercept": lambda o: o[0]})
    att = put(g, "korykos", 21)  # two hexes from the target: no Retaliate from anyone
    foe = put(g, "blue-defender", 23)  # Hardened
    guard = as_chip(g, put(g, "blue-archer", 24, hp=5), "green-defender")  # Absorb, Intercept Blow
    g.roller.results = [2]
    res = combat.basic_attack(g, att, foe)
    assert foe.hp == 5 and guard.hp == 5 - 1
    assert res.removed == 1


# --------------------------------------------------------------------------- Alternate Attacks' damage


def test_an_alternate_attack_against_hardened_deals_one_less_never_below_none_ORI_67():
    g = new()
    att = put(g, "yellow-attacker", 22)
    h = put(g, "blue-defender", 23)  # Hardened
    assert combat.alt_damage(g, att, h, 3, "Long Shot") == 2 and h.hp == 3
    assert combat.alt_damage(g, att, h, 1, "Long Shot") == 0 and h.hp == 3
    # one hit reduced to none is still dealt damage (SKL-5): the narration says so
    assert "is dealt damage but loses no HP (Long Shot)" in log_of(g)
    flip(g, h, RED)  # stunned: not Hardened
    assert combat.alt_damage(g, att, h, 1, "Long Shot") == 1 and h.hp == 2


def test_an_alternate_attack_that_misses_deals_no_damage_ORI_20():
    g = new()
    att = put(g, "yellow-attacker", 22)
    foe = put(g, "green-attacker", 23)
    n = len(g.state.log)
    assert combat.alt_damage(g, att, foe, 0, "Long Shot") == 0
    assert foe.hp == 4 and g.state.log[n:] == []  # not even "dealt damage"
    gone = put(g, "korykos", 24, hp=1)
    rules.damage(g, gone, 1, source=att)
    assert gone.zone == DISCARD
    assert combat.alt_damage(g, att, gone, 2, "Long Shot") == 0


def test_alternate_attack_damage_is_credited_to_its_unit_and_named_in_the_narration():
    g = new()
    s = g.state
    att = put(g, "yellow-attacker", 22)
    foe = put(g, "green-attacker", 23)
    combat.alt_damage(g, att, foe, 2, "Whirlwind")
    assert att.damage_dealt == 2 and s.troops[RED].damage_dealt == 2 and s.troops[RED].tactic_damage == 0
    assert "loses 2 HP (Whirlwind)" in log_of(g)


# --------------------------------------------------------------------------- Cover (ORI-61, R-ORI-15)


def test_cover_takes_the_uncovered_one_of_two_shortest_paths_R_ORI_15_ORI_61():
    g = new("xanadu", a_first=("yellow-archer",))
    s = g.state
    put(g, "yellow-archer", 47)  # Attack Range 3: covers 23, not 14, 15 or 22
    covered = {h for h in range(s.grid.n) if s.grid.dist[h][47] <= 3}
    assert 23 in covered and not {14, 15, 22} & covered
    assert s.grid.dist[23][47] == 3  # the edge of the Attack Range counts
    foe = put(g, "green-attacker", 22)
    next_turn(g, BLUE)
    rules.move(g, foe, 15)  # 22 -> 14 -> 15 or 22 -> 23 -> 15
    assert foe.hp == 4 and g.roller.rolled == []


def test_cover_path_goes_around_units_so_the_covered_hex_is_crossed_R_ORI_15_ORI_61():
    roller = FixedRoller(mode="all")
    g = new("xanadu", a_first=("yellow-archer",), roller=roller)
    s = g.state
    archer = put(g, "yellow-archer", 47)
    put(g, "korykos", 14)  # blocks the uncovered path
    foe = put(g, "green-attacker", 22)
    next_turn(g, BLUE)
    rules.move(g, foe, 15)
    assert foe.hp == 4 - 1 and roller.rolled == [Pool.of(yellow=1)]
    assert "covers hex 23" in log_of(g) and "loses 1 HP (Cover)" in log_of(g)
    assert archer.damage_dealt == 1 and s.troops[RED].damage_dealt == 1


def test_cover_rolls_one_yellow_die_per_covered_hex_not_for_uncovered_ones_R_ORI_15_ORI_61():
    roller = FixedRoller(mode="all")
    g = new("xanadu", a_first=("yellow-archer",), roller=roller)
    s = g.state
    put(g, "yellow-archer", 47)
    covered = {h for h in range(s.grid.n) if s.grid.dist[h][47] <= 3}
    assert 24 in covered and 23 in covered and 15 not in covered and 14 not in covered
    foe = put(g, "green-attacker", 14)
    next_turn(g, BLUE)
    rules.move(g, foe, 24)  # 14 -> 15 -> 24 (one covered hex) rather than 14 -> 23 -> 24 (two)
    assert roller.rolled == [Pool.of(yellow=1)] and foe.hp == 4 - 1
    assert "covers hex 24" in log_of(g) and "covers hex 15" not in log_of(g)


def test_cover_path_found_whatever_the_order_of_the_neighbours_R_ORI_15():
    roller = FixedRoller(mode="all")
    g = new("xanadu", a_first=("yellow-archer",), roller=roller)
    put(g, "yellow-archer", 32)  # covers 23 and 24 and 22
    foe = put(g, "green-attacker", 24)
    next_turn(g, BLUE)
    rules.move(g, foe, 22)  # the only two-step path is 24 -> 23 -> 22
    assert len(roller.rolled) == 2 and foe.hp == 4 - 2


def test_cover_stops_rolling_once_the_mover_is_defeated_R_ORI_15_ORI_61():
    roller = FixedRoller(mode="all")
    g = new("xanadu", a_first=("yellow-archer",), roller=roller)
    put(g, "yellow-archer", 32)
    foe = put(g, "green-attacker", 22, hp=1)
    next_turn(g, BLUE)
    rules.move(g, foe, 24)  # 22 -> 23 -> 24, both covered; defeated on 23
    assert foe.zone == DISCARD and len(roller.rolled) == 1


def test_a_cover_unit_out_of_combat_rolls_nothing_R_ORI_15():
    roller = FixedRoller(mode="all")
    g = new("xanadu", a_first=("yellow-archer",), roller=roller)
    archer = put(g, "yellow-archer", 32)
    foe = put(g, "green-attacker", 22)
    rules.damage(g, archer, archer.hp)
    assert archer.zone == DISCARD
    combat.cover_rolls(g, foe, 21, 22, [archer])
    assert roller.rolled == [] and foe.hp == 4


# --------------------------------------------------------------------------- more of the Attack Sequence


def test_a_basic_attack_is_narrated_with_its_dice_and_hits():
    g = new("xanadu", roller=FixedRoller([1]))
    att = put(g, "yellow-attacker", 22)
    foe = put(g, "green-attacker", 23)
    combat.basic_attack(g, att, foe)
    assert f"attacks {foe.name} with" in log_of(g) and "1 hit(s)" in log_of(g)


def test_one_hit_against_hardened_is_dealt_but_removes_nothing_ORI_67_ORI_20():
    g = new("xanadu", roller=FixedRoller([1]))
    att = put(g, "korykos", 21)  # two hexes away: no Retaliate question
    foe = put(g, "blue-defender", 23)  # Hardened
    res = combat.basic_attack(g, att, foe)
    assert (res.hits, res.dealt, res.removed) == (1, True, 0) and foe.hp == 5


def test_a_parried_attack_leaves_nothing_to_intercept_ORI_70_ORI_74():
    g = new("xanadu", roller=FixedRoller([2]), picks1={"intercept": lambda o: o[0]})
    att = put(g, "korykos", 21)
    p = as_chip(g, put(g, "blue-defender", 23), "orange-defender")  # Parry
    guard = as_chip(g, put(g, "green-attacker", 24, hp=4), "purple-special")  # Intercept Blow
    combat.basic_attack(g, att, p)
    assert p.hp == 5 and guard.hp == 4
    assert "intercept" not in [d for d, _ in g.controllers[BLUE].asked]


def test_a_single_point_of_damage_can_be_intercepted_ORI_70():
    g = new("xanadu", roller=FixedRoller([1]), picks1={"intercept": lambda o: o[0]})
    att = put(g, "korykos", 21)
    foe = put(g, "green-attacker", 23)
    guard = as_chip(g, put(g, "blue-defender", 24), "purple-special")
    combat.basic_attack(g, att, foe)
    assert foe.hp == 4 and guard.hp == 5 - 1


def test_an_intercept_blow_unit_that_cannot_intercept_does_not_stop_the_next_one_from_being_asked_ORI_70():
    g = new("xanadu", roller=FixedRoller([2]), picks1={"intercept": lambda o: o[0]})
    far = as_chip(g, put(g, "korykos", 46), "green-defender")  # red, far away, in combat first
    att = put(g, "yellow-attacker", 21)
    foe = put(g, "green-attacker", 22)
    guard = as_chip(g, put(g, "blue-defender", 23), "purple-special")
    assert far.uid < guard.uid
    combat.basic_attack(g, att, foe)
    assert foe.hp == 4 and guard.hp == 5 - 2


def test_intercept_blow_is_a_choice_a_player_who_does_not_take_it_leaves_the_damage_ORI_70():
    g = new("xanadu", roller=FixedRoller([2]))  # blue's controller makes no choice: passes an optional decision
    att = put(g, "korykos", 21)
    foe = put(g, "green-attacker", 23)
    guard = as_chip(g, put(g, "blue-defender", 24), "purple-special")
    combat.basic_attack(g, att, foe)
    assert "intercept" in [d for d, _ in g.controllers[BLUE].asked]
    assert foe.hp == 4 - 2 and guard.hp == 5


# --------------------------------------------------------------------------- the damage's sum and its credit


def test_elevated_adds_one_on_top_of_inspire_ORI_63_ORI_69():
    g = new("xanadu")
    att = put(g, "yellow-attacker", 24)  # arena hex: Elevated
    put(g, "korykos", 23)  # Inspire, a friend within 2 hexes: +1
    low = put(g, "blue-defender", 33)
    assert combat.basic_profile(g, att, low)[1] == 2


def test_an_interceptor_takes_the_elevated_attackers_bonus_too_ORI_70_ORI_63():
    """Intercept Blow moves the whole blow (ORI-70): the damage is summed again against the interceptor, hits
    plus Elevated's +1 (the interceptor is not Elevated)."""
    g = new("xanadu", picks1={"intercept": lambda o: o[0]}, roller=FixedRoller([2]))
    att = put(g, "yellow-attacker", 24)  # Elevated
    foe = put(g, "green-attacker", 33)
    guard = as_chip(g, put(g, "blue-archer", 34, hp=5), "purple-special")  # Intercept Blow, no defence
    combat.basic_attack(g, att, foe)
    assert foe.hp == foe.unit.health and guard.hp == 5 - 3


def test_an_interceptors_absorb_can_bring_the_blow_to_nothing_it_is_still_dealt_ORI_70_ORI_58():
    g = new("xanadu", picks1={"intercept": lambda o: o[0]}, roller=FixedRoller([1]))
    att = put(g, "yellow-attacker", 21)  # not Elevated, two hexes from the target
    foe = put(g, "green-attacker", 23)
    guard = as_chip(g, put(g, "blue-archer", 24, hp=5), "green-defender")  # Absorb, Intercept Blow
    res = combat.basic_attack(g, att, foe)
    assert foe.hp == foe.unit.health and guard.hp == 5 and res.removed == 0
    assert f"{guard.name} (blue) is dealt damage but loses no HP" in log_of(g)


def test_a_basic_attacks_damage_is_credited_to_the_attacker_and_its_house_ORI_20():
    g = new("xanadu", roller=FixedRoller([2]))
    s = g.state
    att = put(g, "yellow-attacker", 21)
    foe = put(g, "green-attacker", 22)
    before = (s.troops[RED].damage_dealt, s.troops[RED].tactic_damage)
    combat.basic_attack(g, att, foe)
    assert att.damage_dealt == 2
    assert (s.troops[RED].damage_dealt, s.troops[RED].tactic_damage) == (before[0] + 2, before[1])
