"""The Lost Cities' skills (hoplostat/rulesets/lost_cities/skills.py), pinned rule by rule for mutation testing
(docs/testing-history.md, "Mutation testing"): the reach and the targets of each skill at their edges (the six lines of a
Pull, hex 0 and the unit with uid 0, hexes held, units that cannot be displaced), when Retaliate answers and when it
does not, the dice rolled, the damage credited to the unit and narrated (`--log`), the end of the game in the
middle of an area skill, and the Stun's lifetime. Checklist: ../shared/rules/lost-cities.md (TLC-67..TLC-78,
TLC-85..TLC-89; rulings R-TLC-6..R-TLC-10 in docs/rulings.md); positions and helpers from
tests/rulesets/lost_cities/test_rules.py (map in its docstring)."""

from __future__ import annotations

from hoplostat.dice import Pool
from hoplostat.engine import rules
from hoplostat.engine.registry import SKILLS, unit_hooks
from hoplostat.engine.state import COMBAT, DISCARD, PlacedTactic
from hoplostat.rulesets.lost_cities import skills
from hoplostat.rulesets.lost_cities.base import RULESET, STUN_MARK
from hoplostat.rulesets.lost_cities.skills import is_stunned, lift_stuns, struck, stun
from rulesets.lost_cities.test_rules import ATL, CAT, XAN, Dice, champion, extra, new, put, special, special_options

OURS = {"retaliate": "R-TLC-6", "strategic-attack": None, "intercept-blow": None, "first-strike": None,
        "initiative": None, "pull": None, "uber-pull": None, "hurl": None, "uber-hurl": "R-TLC-9",
        "fury-aura": "R-TLC-10", "uber-fury-aura": "R-TLC-10", "regen": None, "long-shot": "R-TLC-8",
        "whirlwind": None, "stun": "R-TLC-7", "reposition": None}
"""The skills this module registers, with the ruling each cites."""


def lost(s, u, n, what):
    """The narration of `u` losing `n` health to `what` (the damage rule's line)."""
    return f"{u.name} ({s.side_of(u.troop)}) loses {n} HP ({what}), {u.hp} left"


def ability(g, troop, sid):
    return [o[2] for o in rules.ability_options(g, troop) if o[1] == sid]


def hook(u, name, sid):
    return next((param, fn) for sid2, param, fn in unit_hooks(u.unit, name) if sid2 == sid)


def stun_marks(u):
    return [pt for pt in u.tactics if pt.tactic is STUN_MARK]


# --------------------------------------------------------------------------- the registry


def test_each_skill_has_the_books_type_its_ruling_and_its_innate_flags_TLC_67_TLC_68_TLC_70():
    """The type of each skill is the book's list it is in (data/lost-cities/skills.toml); a skill played by a
    ruling names it (its row in docs/rulings.md); the innates' flags are set."""
    table = SKILLS[RULESET]
    for sid, ruling in OURS.items():
        impl = table[sid]
        assert impl.type == CAT.skills[sid].type, sid
        assert impl.ruling == ruling, sid
    assert table["intercept-blow"].hooks["intercept"] is True
    assert table["first-strike"].hooks["engage_when_dazed"] is True
    assert table["initiative"].hooks["move_when_dazed"] is True
    assert skills.MOVE_ABILITIES == {"pull", "uber-pull", "hurl", "uber-hurl"}
    assert skills.ATTACK_ABILITIES == {"fury-aura", "uber-fury-aura"}


# --------------------------------------------------------------------------- Retaliate


def test_retaliate_from_a_unit_the_hit_defeats_credited_and_narrated_TLC_69_R_TLC_6():
    """R-TLC-6: a Retaliate unit strikes back even if the hit defeated it; the 1 damage is the retaliator's."""
    g = new(roller=Dice([2]))
    s = g.state
    a = put(g, "atlantis/attacker-1", 30)  # black+yellow: 2 hits
    d = put(g, "xanadu/defender-2", 31, hp=2)  # Retaliate
    rules.attack(g, a, d)
    assert d.zone == DISCARD
    assert a.hp == a.unit.health - 1 and d.damage_dealt == 1 and s.troops[XAN].damage_dealt == 1
    assert lost(s, a, 1, "Retaliate") in s.log


def test_retaliate_answers_only_an_attack_on_the_retaliator_itself_TLC_69():
    g = new(roller=Dice([1]))
    a = put(g, "atlantis/attacker-1", 30)
    t = put(g, "xanadu/attacker-1", 31)
    put(g, "xanadu/defender-2", 32)  # Retaliate, next to the unit attacked
    rules.attack(g, a, t)
    assert t.hp == t.unit.health - 1 and a.hp == a.unit.health


def test_a_stunned_retaliator_does_not_strike_back_TLC_69_TLC_87():
    """A Stun turns the unit's abilities off for its turn (TLC-87): Retaliate too."""
    g = new(roller=Dice([1]))
    s = g.state
    a = put(g, "atlantis/attacker-1", 30)
    d = put(g, "xanadu/defender-2", 31)
    d.tactics.append(PlacedTactic(STUN_MARK, ATL, s.turn))
    rules.attack(g, a, d)
    assert d.hp == d.unit.health - 1 and a.hp == a.unit.health


def test_a_stunned_retaliator_does_not_answer_an_alternate_attack_either_TLC_69_TLC_87():
    g = new(roller=Dice([1]))
    s = g.state
    shooter = put(g, "atlantis/archer-2", 28)  # Long Shot
    d = put(g, "xanadu/defender-2", 31)  # Retaliate
    d.tactics.append(PlacedTactic(STUN_MARK, ATL, s.turn))
    special(g, shooter, "long-shot", (d.uid,))
    assert d.hp == d.unit.health - 1 and shooter.hp == shooter.unit.health


def test_struck_does_nothing_without_an_attacker_in_combat_after_the_end_or_from_a_face_down_unit_R_TLC_6():
    g = new()
    s = g.state
    a = put(g, "atlantis/attacker-1", 30)
    d = put(g, "xanadu/defender-2", 31)
    struck(g, d, None)  # no attacker (an effect, not a unit)
    struck(g, a, d)  # the attacker has no Retaliate
    assert a.hp == a.unit.health and d.hp == d.unit.health
    rules.withdraw(g, d, DISCARD)  # defeated, face up: it still strikes back
    struck(g, d, a)
    assert a.hp == a.unit.health - 1
    d.active = False  # face down: no skills
    struck(g, d, a)
    assert a.hp == a.unit.health - 1
    d.active = True
    s.end_reason = "champion defeated"  # nothing happens once the game is over
    struck(g, d, a)
    assert a.hp == a.unit.health - 1


# --------------------------------------------------------------------------- Strategic Attack


def test_strategic_attack_adds_nothing_to_an_opponent_next_to_the_tactician_TLC_77():
    """"Adjacent friendly units": an opposing unit next to the tactician attacks with its own dice only."""
    roller = Dice([1])
    g = new(roller=roller)
    put(g, "atlantis/tactician-1", 29)  # Strategic Attack
    foe = put(g, "xanadu/attacker-1", 30)  # next to the tactician
    t = put(g, "atlantis/attacker-1", 31)
    rules.attack(g, foe, t)
    assert roller.rolled[-1] == foe.unit.attack


def test_strategic_attack_only_from_an_adjacent_tactician_not_for_its_own_attack_TLC_77():
    roller = Dice([1, 1, 1])
    g = new(roller=roller)
    a = put(g, "atlantis/attacker-1", 30)
    tact = put(g, "atlantis/tactician-1", 28)  # Strategic Attack, 2 hexes from the attacker
    t = put(g, "xanadu/defender-1", 31)
    rules.attack(g, a, t)
    assert roller.rolled[-1] == a.unit.attack
    t2 = put(g, "xanadu/attacker-1", 27)
    rules.attack(g, tact, t2)  # its own attack: no die from itself
    assert roller.rolled[-1] == tact.unit.attack
    put(g, "atlantis/tactician-2", 29)  # no Strategic Attack (Pull): next to the attacker, nothing
    rules.attack(g, a, t)
    assert roller.rolled[-1] == a.unit.attack


# --------------------------------------------------------------------------- Pull, Uber Pull


def test_pull_looks_along_all_six_lines_up_to_hex_0_and_pulls_the_unit_with_uid_0_TLC_71():
    """From hex 30 the six lines at 3 hexes end on 33, 3, 0, 27, 57 and 60 (the north-west one on hex 0, by the
    wall); the first player's champion (uid 0) stands on hex 0."""
    g = new(turn=6)
    s = g.state
    puller = put(g, "xanadu/tactician-2", 30)  # Pull
    ends = {}
    for face in range(1, 7):
        h = 30
        for _ in range(3):
            h = s.grid.compass_step(h, face)
        ends[face] = h
    assert ends == {1: 33, 2: 3, 3: 0, 4: 27, 5: 57, 6: 60}
    hero = champion(g, ATL, 0)
    assert hero.uid == 0
    others = [put(g, uid, ends[f]) for uid, f in zip(("atlantis/attacker-1", "atlantis/attacker-2",
                                                      "atlantis/attacker-3", "atlantis/attacker-4",
                                                      "atlantis/defender-1"), (1, 2, 4, 5, 6))]
    got = ability(g, XAN, "pull")
    assert {uid for uid, _ in got} == {hero.uid} | {u.uid for u in others}
    assert len(got) == 12  # each pulled by 1 or 2 hexes
    assert (0, 9) in got and (0, 19) in got
    rules.use_ability(g, XAN, (puller.uid, "pull", (0, 19)))
    assert hero.hex == 19 and s.board[0] < 0
    assert f"{hero.name} (red) is displaced from hex 0 to hex 19 by {puller.name}" in s.log


def test_a_unit_that_cannot_be_displaced_is_not_pulled_and_shields_the_one_behind_TLC_71():
    """A face-down champion cannot be displaced: it is not pulled, and the unit behind it stays out of reach."""
    g = new(turn=6)
    put(g, "xanadu/tactician-2", 27)
    champion(g, ATL, 29, active=False)
    put(g, "atlantis/attacker-1", 30)
    assert ability(g, XAN, "pull") == []


def test_uber_pull_reaches_4_not_5_TLC_72():
    g = new()
    champion(g, ATL, 27)  # Uber Pull
    put(g, "xanadu/attacker-1", 32)
    assert ability(g, ATL, "uber-pull") == []


# --------------------------------------------------------------------------- Hurl, Uber Hurl


def test_hurl_an_adjacent_unit_friend_or_foe_onto_the_free_hexes_next_to_the_hurler_TLC_73():
    """From hex 30: the adjacent units (the first player's champion, uid 0, face up, among them), each onto the
    free hexes next to the hurler; a unit 2 hexes off and the hurler itself are not thrown; a hex held is no
    destination; a face-down champion next to it is not thrown."""
    g = new(turn=6)
    s = g.state
    brawler = put(g, "xanadu/brawler-1", 30)  # Hurl
    friend = put(g, "xanadu/attacker-1", 31)
    hero = champion(g, ATL, 29)  # uid 0
    put(g, "atlantis/attacker-1", 32)  # 2 hexes away
    got = set(ability(g, XAN, "hurl"))
    free = {20, 19, 40, 41}
    assert got == {(u.uid, h) for u in (friend, hero) for h in free}
    hero.active = False
    assert set(ability(g, XAN, "hurl")) == {(friend.uid, h) for h in free}
    del brawler, s


def test_uber_hurl_onto_any_free_hex_within_3_of_the_thrown_units_hex_TLC_74_R_TLC_9():
    g = new(turn=6)
    s = g.state
    thrower = champion(g, XAN, 30)  # Uber Hurl
    hero = champion(g, ATL, 29)  # uid 0, adjacent: thrown; its hex no destination for another
    friend = put(g, "xanadu/attacker-1", 31)
    put(g, "atlantis/attacker-1", 32)  # 2 hexes from the thrower: not thrown
    got = set(ability(g, XAN, "uber-hurl"))
    want = {(u.uid, h) for u in (hero, friend) for h in s.grid.within(u.hex, 3) if s.board[h] < 0}
    assert got == want
    assert (friend.uid, 29) not in got and (hero.uid, 31) not in got
    assert all(uid != thrower.uid for uid, _ in got)


# --------------------------------------------------------------------------- Fury Aura, Uber Fury Aura


def test_fury_aura_is_not_offered_with_no_opponent_adjacent_TLC_75():
    g = new()
    put(g, "atlantis/special-3", 30)  # Fury Aura
    put(g, "xanadu/attacker-1", 32)
    assert ability(g, ATL, "fury-aura") == []


def test_fury_aura_damage_is_the_units_and_narrated_TLC_75():
    g = new()
    s = g.state
    f = put(g, "atlantis/special-3", 30)
    o = put(g, "xanadu/attacker-1", 31)
    rules.use_ability(g, ATL, (f.uid, "fury-aura", ()))
    assert o.hp == o.unit.health - 1 and f.damage_dealt == 1 and s.troops[ATL].damage_dealt == 1
    assert lost(s, o, 1, "Fury Aura") in s.log


def test_uber_fury_aura_is_not_offered_with_opponents_3_hexes_off_TLC_76():
    g = new()
    extra(g, "el-dorado-champion", ATL, 30)  # Uber Fury Aura
    put(g, "xanadu/attacker-1", 33)
    assert ability(g, ATL, "uber-fury-aura") == []


def test_an_aura_that_defeats_the_last_champion_ends_the_game_no_one_hurt_after_TLC_13_TLC_75():
    g = new()
    s = g.state
    f = put(g, "atlantis/special-3", 30)
    hero = champion(g, XAN, 31)
    hero.hp = 1
    o = put(g, "xanadu/attacker-1", 29)
    assert [u.uid for u in rules.targets_in_range(s, f, 1)] == [hero.uid, o.uid]
    rules.use_ability(g, ATL, (f.uid, "fury-aura", ()))
    assert s.end_reason == "champion defeated" and o.hp == o.unit.health


# --------------------------------------------------------------------------- Regen


def test_regen_heals_its_number_or_3_and_is_offered_only_below_health_TLC_85():
    g = new()
    b = put(g, "beast-b", 40)  # Regen 2
    param, use = hook(b, "ability", "regen")
    _p, options = hook(b, "ability_options", "regen")
    assert param == 2 and options(g, b, param) == []
    rules.damage(g, b, 4)
    assert options(g, b, param) == [()]
    use(g, b, param, ())
    assert b.hp == b.unit.health - 2
    rules.damage(g, b, 2)
    use(g, b, None, ())  # the skill with no number: Regen 3
    assert b.hp == b.unit.health - 1
    use(g, b, None, ())  # never above Health
    assert b.hp == b.unit.health
    rules.damage(g, b, 1)
    assert options(g, b, param) == [()]


# --------------------------------------------------------------------------- Alternate Attacks


def test_long_shot_rolls_one_yellow_deals_1_credited_and_narrated_TLC_89():
    roller = Dice([1])
    g = new(roller=roller)
    s = g.state
    ls = put(g, "atlantis/archer-2", 27)
    t = put(g, "xanadu/attacker-1", 30)
    special(g, ls, "long-shot", (t.uid,))
    assert roller.rolled == [Pool.of(yellow=1)]
    assert t.hp == t.unit.health - 1 and ls.damage_dealt == 1
    assert f"{ls.name} (red) makes a Long Shot at {t.name}: 1 hit(s)" in s.log
    assert lost(s, t, 1, "Long Shot") in s.log


def test_whirlwind_is_not_offered_with_no_opponent_adjacent_TLC_86():
    g = new()
    w = put(g, "atlantis/special-1", 30)
    put(g, "xanadu/attacker-1", 32)
    assert special_options(g, w, "whirlwind") == []
    put(g, "xanadu/attacker-2", 31)
    assert special_options(g, w, "whirlwind") == [()]


def test_whirlwind_hits_are_answered_by_retaliate_a_miss_by_nothing_TLC_86_TLC_69():
    g = new(roller=Dice([0, 1]))
    s = g.state
    w = put(g, "atlantis/special-1", 30)
    d = put(g, "xanadu/defender-2", 31)  # Retaliate
    o = put(g, "xanadu/attacker-1", 29)
    special(g, w, "whirlwind")  # no hit: no damage, no Retaliate
    assert (w.hp, d.hp, o.hp) == (w.unit.health, d.unit.health, o.unit.health)
    assert f"{w.name} (red) makes a Whirlwind against 2 adjacent opponent(s): 0 hit(s)" in s.log
    special(g, w, "whirlwind")
    assert d.hp == d.unit.health - 1 and o.hp == o.unit.health - 1 and w.hp == w.unit.health - 1
    assert w.damage_dealt == 2 and lost(s, o, 1, "Whirlwind") in s.log


def test_a_whirlwind_that_defeats_the_champion_ends_the_game_no_one_hurt_after_TLC_13_TLC_86():
    g = new(roller=Dice([2]))
    s = g.state
    w = put(g, "atlantis/special-1", 30)
    hero = champion(g, XAN, 31)
    hero.hp = 2
    o = put(g, "xanadu/attacker-1", 29)
    special(g, w, "whirlwind")
    assert s.end_reason == "champion defeated" and o.hp == o.unit.health


def test_stun_offers_adjacent_opponents_not_yet_stunned_TLC_87():
    g = new()
    st = put(g, "atlantis/defender-3", 30)  # Stun
    o1 = put(g, "xanadu/attacker-1", 31)
    o2 = put(g, "xanadu/attacker-2", 29)
    put(g, "xanadu/attacker-3", 32)  # 2 hexes off
    assert special_options(g, st, "stun") == [(o1.uid,), (o2.uid,)]
    stun(g, o1, ATL)
    assert special_options(g, st, "stun") == [(o2.uid,)]


def test_stun_a_miss_stuns_nothing_a_hit_marks_the_unit_for_this_turn_and_is_narrated_TLC_87():
    roller = Dice([0, 1])
    g = new(roller=roller)
    s = g.state
    st = put(g, "atlantis/defender-3", 30)
    d = put(g, "xanadu/attacker-1", 31)
    special(g, st, "stun", (d.uid,))
    assert not d.tactics and st.hp == st.unit.health
    assert f"{st.name} (red) tries to Stun {d.name}: 0 hit(s)" in s.log
    special(g, st, "stun", (d.uid,))
    assert roller.rolled == [Pool.of(yellow=1)] * 2
    (pt,) = stun_marks(d)
    assert pt.owner == ATL and pt.turn == s.turn
    assert f"{d.name} (blue) is stunned for 1 turn" in s.log
    assert d.hp == d.unit.health and st.hp == st.unit.health  # a Stun deals no damage


def test_lift_stuns_ends_the_troops_stuns_made_before_this_turn_only_R_TLC_7():
    g = new(turn=6)
    s = g.state
    old = put(g, "xanadu/attacker-1", 31)
    fresh = put(g, "xanadu/attacker-2", 32)
    theirs = put(g, "atlantis/attacker-1", 30)
    old.tactics.append(PlacedTactic(STUN_MARK, ATL, 5))
    fresh.tactics.append(PlacedTactic(STUN_MARK, ATL, 6))
    theirs.tactics.append(PlacedTactic(STUN_MARK, XAN, 4))
    lift_stuns(g, XAN)
    assert not is_stunned(old) and is_stunned(fresh) and is_stunned(theirs)
    assert f"{old.name} (blue) is no longer stunned" in s.log
    assert not any(fresh.name in line and "no longer" in line for line in s.log)


def test_reposition_not_when_engaged_and_never_onto_a_held_hex_TLC_88_TLC_33():
    g = new(turn=6)
    s = g.state
    r = put(g, "xanadu/attacker-1", 30)
    r2 = extra(g, "atlantis/attacker-4", XAN, 20)  # Reposition, for Xanadu
    hero = champion(g, ATL, 21)  # uid 0, next to it
    assert hero.uid == 0
    got = {h for (h,) in special_options(g, r2, "reposition")}
    assert got == set(s.grid.neighbours[20]) - {21, 30}
    put(g, "beast-a", 11)  # next to the repositioner: engaged
    assert special_options(g, r2, "reposition") == []
    del r


def test_a_whirlwind_that_defeats_one_opponent_still_hits_the_others_and_counts_the_kill_TLC_86():
    """The opponents hit are those adjacent when it is rolled; one defeated on the way does not stop it."""
    g = new(roller=Dice([3]))
    s = g.state
    w = put(g, "atlantis/special-1", 30)
    o = put(g, "xanadu/attacker-1", 31, hp=3)
    o2 = put(g, "xanadu/attacker-2", 29)
    special(g, w, "whirlwind")
    assert o.zone == DISCARD and o2.hp == o2.unit.health - 3 and w.zone == COMBAT
    assert s.troops[ATL].kills == 1


def test_whirlwind_and_stun_reach_adjacent_units_only_whatever_a_range_tactic_adds_TLC_86_TLC_87():
    """Tactic VIII adds 1 to the Attack Range; Whirlwind ("every adjacent opposing unit") and Stun ("an adjacent
    unit") still reach only the units next to the chip."""
    g = new(roller=Dice([2]))
    s = g.state
    w = put(g, "atlantis/special-1", 30)  # Whirlwind
    st = put(g, "atlantis/defender-3", 20)  # Stun
    tac = next(x for x in s.troops[ATL].tactics_bag if x.id == "atlantis/tactic-viii")
    for u in (w, st):
        u.tactics.append(PlacedTactic(tac, ATL, s.turn))
    assert rules.range_of(s, w) == 2 and rules.range_of(s, st) == 2
    far = put(g, "xanadu/attacker-1", 32)  # 2 hexes from both
    assert s.grid.dist[30][32] == 2 and s.grid.dist[20][32] == 2
    assert special_options(g, w, "whirlwind") == [] and special_options(g, st, "stun") == []
    near = put(g, "xanadu/attacker-2", 31)  # next to both
    assert special_options(g, st, "stun") == [(near.uid,)]
    special(g, w, "whirlwind")
    assert near.hp == near.unit.health - 2 and far.hp == far.unit.health


def test_the_aura_skills_built_for_any_reach_TLC_75_TLC_76():
    """The auras' options and effect for a reach (the registry builds them once, at import: called here again
    so that each reach's text is checked): 1 damage to every opponent within the reach, credited and narrated,
    none beyond; no option without one; the game's end stops it."""
    for reach in (1, 2):
        options, use = skills._aura_options(reach), skills._aura(reach)
        g = new()
        s = g.state
        f = put(g, "atlantis/special-3", 30)
        assert options(g, f, None) == []
        beyond = put(g, "xanadu/attacker-1", 30 + reach + 1)
        assert options(g, f, None) == []
        inside = put(g, "xanadu/attacker-2", 30 + reach)
        friend = put(g, "atlantis/attacker-1", 29)
        assert options(g, f, None) == [()]
        use(g, f, None, ())
        assert inside.hp == inside.unit.health - 1 and beyond.hp == beyond.unit.health
        assert friend.hp == friend.unit.health and f.damage_dealt == 1
        assert lost(s, inside, 1, "Fury Aura") in s.log
        # the last champion first: the game ends and no one else is hurt
        g2 = new()
        s2 = g2.state
        f2 = put(g2, "atlantis/special-3", 30)
        hero = champion(g2, XAN, 31)
        hero.hp = 1
        other = put(g2, "xanadu/attacker-1", 29)
        use(g2, f2, None, ())
        assert s2.end_reason == "champion defeated" and other.hp == other.unit.health
