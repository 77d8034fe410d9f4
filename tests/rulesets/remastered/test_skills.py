"""One scenario test per implemented skill (forced dice), plus the registry contract.

Skill rules pinned where mutation testing of `rulesets/remastered/skills.py` found them unpinned (issue 25).

Each test names the skill (data/remastered/skills.toml) or the rule id it pins and fails when the rule is
implemented wrongly: who a skill reaches (adjacent, in Range, allies or opponents), which units it may act on
(uid 0, a sentinel, a foothold of another troop: SUP-3, SUP-4), the narration of its damage in
`hoplostat play --log` and the unit credited with it. Dice are forced with FixedRoller."""

from __future__ import annotations

import pytest
from engine.enginekit import Scripted, make_game, mk_unit

from hoplostat.engine import rules
from hoplostat.engine.registry import SKILLS, register, unimplemented_skills
from hoplostat.engine.rules import FixedRoller
from hoplostat.engine.state import DISCARD
from hoplostat.rulesets.remastered import turn

REGISTRY = SKILLS["remastered"]

C = 28


def nb(grid, h=C, k=0):
    return grid.neighbours[h][k]


def test_every_catalog_skill_is_implemented_or_listed(cat):
    """The engine never ignores a skill silently: what is not registered is listed."""
    missing = set(unimplemented_skills(cat))
    for sid, skill in cat.skills.items():
        assert (sid in REGISTRY) != (sid in missing)
        if sid in REGISTRY:
            assert REGISTRY[sid].type == skill.type, sid
    assert missing == set()


def test_register_rejects_unknown_hooks():
    with pytest.raises(ValueError):
        register("bogus", "innate", ruleset="remastered", on_nothing=lambda: None)


# --- Retaliate ---------------------------------------------------------------------


def test_retaliate_deals_one_back_to_attacker_within_range_SKL_5(grid):
    """Retaliate (FACTS.md Remastered reading): 1 damage back when dealt attack damage, attacker in Range."""
    g = make_game(grid, [(mk_unit("a", attack="2black"), 0, C), (mk_unit("feng", skills=["retaliate"], health=9), 1, nb(grid))], roller=FixedRoller([2]))
    a, f = g.state.units
    rules.attack(g, a, f)
    assert f.hp == 7 and a.hp == 3


def test_retaliate_not_against_attacker_outside_range_UNIT_1(grid):
    """Feng (Range 1) cannot retaliate against an attacker 2 hexes away (Remastered, Titan Turn Example)."""
    far = grid.at_distance(C, 2)[0]
    g = make_game(grid, [(mk_unit("mars", attack="2black", range_=2), 0, far), (mk_unit("feng", skills=["retaliate"], health=9), 1, C)], roller=FixedRoller([2]))
    m, f = g.state.units
    rules.attack(g, m, f)
    assert f.hp == 7 and m.hp == 4


def test_retaliate_reaches_as_far_as_the_holders_range_with_tactics_UNIT_1(cat, grid):
    """Retaliate's reach is the holder's Range after modifiers: with a Range +1 tactic on it, Feng (Range 1)
    answers an attacker 2 hexes away; a third hex away is still out of reach."""
    plus_one = cat.tactic("lamosians/tactic")
    assert [(e.term, e.arg) for e in plus_one.effects] == [("range-add", 1)] and plus_one.type == "permanent"
    for dist, answered in ((2, True), (3, False)):
        far = grid.at_distance(C, dist)[0]
        g = make_game(grid, [(mk_unit("mars", attack="2black", range_=3), 0, far),
                             (mk_unit("feng", skills=["retaliate"], health=9), 1, C)], roller=FixedRoller([2]))
        m, f = g.state.units
        g.state.troops[1].tactics_camp.append(plus_one)
        rules.place_tactic(g, 1, plus_one, f)
        assert rules.range_of(g.state, f) == 2
        rules.attack(g, m, f)
        assert f.hp == 7 and m.hp == (3 if answered else 4), dist


def test_retaliate_from_a_defeated_unit_R_ENG_2(grid):
    """R-ENG-2: a unit defeated by the attack still retaliates; its 1 damage can defeat the attacker."""
    g = make_game(grid, [(mk_unit("a", attack="2black"), 0, C), (mk_unit("r", skills=["retaliate"], health=2), 1, nb(grid))], roller=FixedRoller([2]), hp={0: 1})
    a, r = g.state.units
    rules.attack(g, a, r)
    assert r.zone == DISCARD and a.zone == DISCARD
    assert g.state.troops[1].kills == 1 and g.state.troops[0].kills == 1


def test_retaliate_damage_does_not_chain(grid):
    """Retaliation is not attack damage: two Retaliate units do not ping-pong."""
    g = make_game(grid, [(mk_unit("a", skills=["retaliate"]), 0, C), (mk_unit("b", skills=["retaliate"]), 1, nb(grid))], roller=FixedRoller([1]))
    a, b = g.state.units
    rules.attack(g, a, b)
    assert (a.hp, b.hp) == (3, 3)


# --- damage modifiers ----------------------------------------------------------------


def test_absorb_reduces_attack_damage_by_one_not_specials(grid):
    g = make_game(grid, [(mk_unit("a", attack="3black", skills=["long-shot 3"]), 0, C), (mk_unit("d", skills=["absorb"], health=6), 1, nb(grid))], roller=FixedRoller([3, 1]))
    a, d = g.state.units
    assert rules.attack(g, a, d).removed == 2
    REGISTRY["long-shot"].hooks["special"](g, a, 3, (1,))
    assert d.hp == 3


def test_pervasive_absorb_gives_absorb_to_adjacent_non_elite_allies_without_stacking_R_ENG_4(grid):
    """R-ENG-4: adjacent non-elite allies take 1 less; no stacking with own Absorb or a second Pervasive Absorb."""
    t = nb(grid, C, 0)
    others = [m for m in grid.neighbours[t] if m != C and grid.dist[m][C] == 1]
    att = next(m for m in grid.neighbours[t] if m not in (C, *others))
    placed = [
        (mk_unit("a", attack="4red"), 0, att),
        (mk_unit("pa", skills=["pervasive-absorb"]), 1, C),
        (mk_unit("pa2", skills=["pervasive-absorb"]), 1, others[0]),
        (mk_unit("ally", health=9), 1, t),
    ]
    g = make_game(grid, placed)
    s = g.state
    assert rules.attack_profile(g, s.units[0], s.units[3])[2] == 1
    s.units[3].unit = mk_unit("ally", health=9, skills=["absorb"])
    s.combat_version += 1  # a chip swapped under a unit: invalidate the hook cache (GameState.hooked)
    assert rules.attack_profile(g, s.units[0], s.units[3])[2] == 1
    s.units[3].unit = mk_unit("hero", health=9, kind="hero")
    s.combat_version += 1
    assert rules.attack_profile(g, s.units[0], s.units[3])[2] == 0


def test_parry_ignores_first_attack_dealing_damage_each_round(grid):
    g = make_game(grid, [(mk_unit("a", attack="2black"), 0, C), (mk_unit("p", skills=["parry"], health=9), 1, nb(grid))], roller=FixedRoller([0, 2, 2]))
    a, p = g.state.units
    assert rules.attack(g, a, p).removed == 0  # no hit: Parry not used up
    r = rules.attack(g, a, p)
    assert r.dealt and r.removed == 0
    assert rules.attack(g, a, p).removed == 2
    g.state.round += 1
    g.roller.results = [2]
    assert rules.attack(g, a, p).removed == 0


def test_bloodlust_adds_black_die_below_health(grid):
    g = make_game(grid, [(mk_unit("b", attack="blue", skills=["bloodlust"]), 0, C), (mk_unit("f"), 1, nb(grid))])
    b, f = g.state.units
    assert str(rules.attack_profile(g, b, f)[0]) == "blue"
    b.hp -= 1
    assert str(rules.attack_profile(g, b, f)[0]) == "black+blue"


def test_inspire_adds_one_damage_to_allies_within_two_R_ENG_5(grid):
    """R-ENG-5: each Inspire within 2 hexes adds +1 on a hit; not to the inspiring unit; nothing without a hit."""
    far = next(h for h in grid.at_distance(C, 3))
    g = make_game(grid, [(mk_unit("a", attack="black"), 0, C), (mk_unit("f", health=9), 1, nb(grid)), (mk_unit("insp", skills=["inspire"], attack="black"), 0, grid.at_distance(C, 2)[0])], roller=FixedRoller([1, 0]))
    a, f, insp = g.state.units
    assert rules.attack_profile(g, a, f)[1] == 1
    assert rules.attack_profile(g, insp, f)[1] == 0
    assert rules.attack(g, a, f).removed == 2
    assert rules.attack(g, a, f).removed == 0
    rules.displace(g, insp, far)
    assert rules.attack_profile(g, a, f)[1] == 0


def test_strategic_attack_gives_adjacent_allies_a_yellow_die(grid):
    g = make_game(grid, [(mk_unit("a", attack="black"), 0, C), (mk_unit("f"), 1, nb(grid, C, 0)), (mk_unit("t", skills=["strategic-attack"]), 0, nb(grid, C, 1))])
    a, f, t = g.state.units
    assert str(rules.attack_profile(g, a, f)[0]) == "black+yellow"
    assert str(rules.attack_profile(g, t, f)[0]) == "black"


def test_dig_in_adds_yellow_when_not_moved(grid):
    g = make_game(grid, [(mk_unit("d", attack="black", skills=["dig-in"]), 0, C), (mk_unit("f"), 1, nb(grid))])
    d, f = g.state.units
    assert str(rules.attack_profile(g, d, f)[0]) == "black+yellow"
    d.moved_turn = g.state.turn
    assert str(rules.attack_profile(g, d, f)[0]) == "black"


# --- dazed-turn innates --------------------------------------------------------------


def test_first_strike_engages_while_dazed_SKL_8(grid):
    """SKL-8 + First Strike: a dazed unit with First Strike may attack; without it may not."""
    g = make_game(grid, [(mk_unit("m", skills=["first-strike"]), 0, C), (mk_unit("x"), 0, 0)])
    for u in g.state.units:
        u.deployed_turn = g.state.turn
    assert rules.can_engage(g.state, g.state.units[0]) and not rules.can_engage(g.state, g.state.units[1])
    assert not rules.can_move(g.state, g.state.units[0])


def test_initiative_moves_while_dazed(grid):
    g = make_game(grid, [(mk_unit("m", skills=["initiative"]), 0, C)])
    g.state.units[0].deployed_turn = g.state.turn
    assert rules.can_move(g.state, g.state.units[0]) and not rules.can_engage(g.state, g.state.units[0])


# --- abilities -----------------------------------------------------------------------


def test_regen_heals_in_abilities_step_once_per_turn_SKL_2(grid):
    """SKL-2: Regen 1 heals 1 (never above Health), once per turn, only when used."""
    g = make_game(grid, [(mk_unit("bandit", health=5, skills=["regen 1"]), 0, C)], hp={0: 3})
    g.controllers = [Scripted({"ability": lambda o: o[0]}), Scripted()]
    turn.abilities_step(g, 0)
    assert g.state.units[0].hp == 4


def test_hurl_displaces_adjacent_unit_n_away_and_is_not_movement_SKL_6(grid):
    """SKL-6: Hurl 1 displaces an adjacent unit to a free hex 1 from the hurler; the hurled unit may still move."""
    g = make_game(grid, [(mk_unit("rad", skills=["hurl 1"]), 0, C), (mk_unit("prot"), 0, nb(grid))])
    s = g.state
    rad, prot = s.units
    opts = REGISTRY["hurl"].hooks["ability_options"](g, rad, 1)
    assert opts and all(v == 1 and grid.dist[C][d] == 1 and s.board[d] < 0 for v, d in opts)
    g.controllers = [Scripted({"ability": lambda o: o[0]}), Scripted()]
    turn.abilities_step(g, 0)
    assert prot.hex == opts[0][1] and prot.moved_turn != s.turn
    assert rules.can_move(s, prot)


def test_fury_aura_damages_each_adjacent_opponent(grid):
    g = make_game(grid, [(mk_unit("f", skills=["fury-aura"]), 0, C), (mk_unit("x"), 1, nb(grid, C, 0)), (mk_unit("y"), 1, nb(grid, C, 1)), (mk_unit("ally"), 0, nb(grid, C, 2))])
    g.controllers = [Scripted({"ability": lambda o: o[0]}), Scripted()]
    turn.abilities_step(g, 0)
    assert [u.hp for u in g.state.units] == [4, 3, 3, 4]


def test_swap_is_a_move_of_the_swapper_SKL_6_R_ENG_7(grid):
    """SKL-6, R-ENG-7 (Remastered, "Key Terms": Move, Displace): the swapping unit changes hex through its
    own skill, so it has moved: an opposing Cover within Range of its new hex rolls on it. The other unit
    is displaced: the Cover, which also has its new hex in Range, does not roll on it. The Ability's move
    does not use up the swapper's Movement-step move."""
    x_hex = nb(grid)
    cover_hex = next(h for h in range(grid.n) if h not in (C, x_hex) and grid.dist[h][C] == 2 and grid.dist[h][x_hex] == 2)
    g = make_game(grid, [(mk_unit("s", skills=["swap"]), 0, C), (mk_unit("x"), 0, x_hex),
                         (mk_unit("cover", range_=2, skills=["cover"]), 1, cover_hex)], roller=FixedRoller([1, 1]))
    st = g.state
    s, x, cover = st.units
    g.controllers = [Scripted({"ability": lambda o: next(a for a in o if a[1] == "swap" and a[2] == (1,))}), Scripted()]
    turn.abilities_step(g, 0)
    assert (s.hex, x.hex) == (x_hex, C) and st.board[C] == 1 and st.board[x_hex] == 0
    assert len(g.roller.rolled) == 1 and str(g.roller.rolled[0]) == "yellow"
    assert (s.hp, x.hp) == (3, 4)
    assert s.moved_turn != st.turn


# --- specials ------------------------------------------------------------------------


def test_long_shot_rolls_one_yellow_for_one_damage_up_to_n(grid):
    far4 = grid.at_distance(C, 4)[0]
    g = make_game(grid, [(mk_unit("m", skills=["long-shot 4"]), 0, C), (mk_unit("x"), 1, far4)], roller=FixedRoller([1]))
    m, x = g.state.units
    assert REGISTRY["long-shot"].hooks["special_options"](g, m, 4) == [(1,)]
    assert REGISTRY["long-shot"].hooks["special_options"](g, m, 3) == []
    REGISTRY["long-shot"].hooks["special"](g, m, 4, (1,))
    assert x.hp == 3 and str(g.roller.rolled[0]) == "yellow"


def test_whirlwind_rolls_blue_per_adjacent_opponent_and_hits_all(grid):
    g = make_game(grid, [(mk_unit("w", skills=["whirlwind"]), 0, C), (mk_unit("x"), 1, nb(grid, C, 0)), (mk_unit("y", skills=["retaliate"]), 1, nb(grid, C, 1))], roller=FixedRoller([2]))
    w, x, y = g.state.units
    REGISTRY["whirlwind"].hooks["special"](g, w, None, ())
    assert str(g.roller.rolled[0]) == "2blue" and (x.hp, y.hp, w.hp) == (2, 2, 4)


def test_reposition_moves_one_hex_instead_of_attacking(grid):
    g = make_game(grid, [(mk_unit("r", skills=["reposition"]), 0, C), (mk_unit("x"), 1, nb(grid))])
    r = g.state.units[0]
    opts = turn.engage_options(g, r)
    rep = [o for o in opts if o[0] == "special"]
    assert rep and all(grid.dist[C][o[3][0]] == 1 for o in rep)
    g.controllers = [Scripted({"engage": lambda o: next(x for x in o if x[0] == "special")}), Scripted()]
    turn.engage_step(g, 0)
    assert grid.dist[C][r.hex] == 1 and g.state.units[1].hp == 4


# --- skills added second --------------------------------------------------------------


def test_tactical_widens_tactic_reach_to_two_TAC_2(grid):
    """TAC-2 + Tactical: opposing non-elite units within 2 hexes of a Tactical unit are valid tactic targets."""
    two = next(h for h in grid.at_distance(C, 2))
    g = make_game(grid, [(mk_unit("t"), 0, C), (mk_unit("foe"), 1, two)])
    assert [u.unit.id for u in rules.tactic_targets(g.state, 0)] == ["t"]
    g.state.units[0].unit = mk_unit("t", skills=["tactical"])
    assert [u.unit.id for u in rules.tactic_targets(g.state, 0)] == ["t", "foe"]


def test_combat_lock_stops_adjacent_opponents_not_displacement_MOV_2(grid):
    """Combat Lock: an adjacent opponent cannot move; a mover must stop on entering a locked hex."""
    g = make_game(grid, [(mk_unit("lock", skills=["combat-lock"]), 1, C), (mk_unit("a", movement=3), 0, nb(grid)), (mk_unit("b", movement=4), 0, 0)])
    s = g.state
    asked = []
    g.controllers = [Scripted({"move": lambda o: asked.append(list(o))}), Scripted()]
    turn.movement_step(g, 0)
    opts = asked[0]
    assert all(uid == 2 for uid, _ in opts)  # a (adjacent) cannot move
    locked = set(grid.neighbours[C])
    reach_free = grid.reachable(0, 4, s.blocked_for_move())
    got = {h for _, h in opts}
    assert got <= set(reach_free)
    beyond_lock = {h for h in reach_free if h not in locked and grid.path_distance(0, h, set(locked) | {C}) is None}
    assert not (got & beyond_lock)


def test_combat_lock_holds_swap_reposition_and_shoves_step_SKL_6_R_ENG_27(grid):
    """SKL-6, R-ENG-27: Swap, Reposition and Shove's step into the vacated hex move the unit (Remastered,
    "Key Terms": Move), so a unit Combat Lock holds cannot use them, as it cannot move in its Movement step.
    Shoving the locking unit itself away frees the step (the lock is displaced before the unit moves).
    Without the lock every one of them is offered."""
    a_hex = nb(grid, C, 0)
    others = [m for m in grid.neighbours[a_hex] if m != C and grid.dist[m][C] > 1 and grid.beyond(a_hex, m) >= 0]
    o_hex, x_hex = others[0], next(m for m in grid.neighbours[a_hex] if m not in (C, others[0]))
    assert grid.beyond(a_hex, C) >= 0
    g = make_game(grid, [(mk_unit("lock", skills=["combat-lock"]), 1, C),
                         (mk_unit("a", skills=["swap", "reposition", "shove"]), 0, a_hex),
                         (mk_unit("foe"), 1, o_hex), (mk_unit("ally"), 0, x_hex)])
    s = g.state
    lock, a, foe, ally = s.units
    assert a.hex in rules.locked_hexes(s, 0)  # held: it cannot move in its Movement step
    assert REGISTRY["swap"].hooks["ability_options"](g, a, None) == []
    assert not [o for o in turn.engage_options(g, a) if o[0] == "special"]
    assert REGISTRY["shove"].hooks["ability_options"](g, a, None) == [(lock.uid,)]  # only the locker itself
    # the same position without a working lock (the locker fatigued would do; here it leaves combat)
    s.board[C] = -1
    s.leave_combat(lock)
    lock.zone, lock.hex = DISCARD, -1
    assert a.hex not in rules.locked_hexes(s, 0)
    assert {v for (v,) in REGISTRY["swap"].hooks["ability_options"](g, a, None)} == {foe.uid, ally.uid}
    assert [o for o in turn.engage_options(g, a) if o[0] == "special"]
    assert (foe.uid,) in REGISTRY["shove"].hooks["ability_options"](g, a, None)


def test_intercept_blow_takes_the_damage_instead_R_ENG_13(grid):
    """R-ENG-13: the interceptor is dealt the attack damage (its own reductions apply); the target is not."""
    t = nb(grid, C, 0)
    ic = next(m for m in grid.neighbours[t] if grid.dist[m][C] == 1)
    g = make_game(grid, [(mk_unit("a", attack="3black"), 0, C), (mk_unit("target"), 1, t), (mk_unit("guard", skills=["intercept-blow", "absorb"], health=6), 1, ic)], roller=FixedRoller([3]))
    g.controllers = [Scripted(), Scripted({"intercept": lambda o: o[0]})]
    a, target, guard = g.state.units
    r = rules.attack(g, a, target)
    assert (target.hp, guard.hp, r.removed) == (4, 4, 2)


def test_cover_rolls_when_an_opponent_moves_into_range_not_on_displacement_R_ENG_14(grid):
    """R-ENG-14: Cover rolls a yellow die when an opponent ends a move within its Range; displacement does not trigger it."""
    two = grid.at_distance(C, 2)[0]
    dest = next(m for m in grid.neighbours[two] if grid.dist[m][C] == 1 and m != two)
    g = make_game(grid, [(mk_unit("cover", skills=["cover"]), 1, C), (mk_unit("mover"), 0, two)], roller=FixedRoller([1]))
    cover, mover = g.state.units
    rules.move(g, mover, dest)
    assert mover.hp == 3 and str(g.roller.rolled[0]) == "yellow"
    rules.displace(g, mover, two)
    rules.displace(g, mover, dest)
    assert mover.hp == 3 and len(g.roller.rolled) == 1


def test_impel_gives_an_adjacent_ally_a_second_attack(grid):
    g = make_game(grid, [(mk_unit("imp", skills=["impel"]), 0, C), (mk_unit("ally", attack="red"), 0, nb(grid, C, 0)), (mk_unit("foe", health=9), 1, nb(grid, nb(grid, C, 0), 0) if nb(grid, nb(grid, C, 0), 0) != C else nb(grid, nb(grid, C, 0), 1))])
    s = g.state
    ally, foe = s.units[1], s.units[2]
    assert grid.dist[ally.hex][foe.hex] == 1
    REGISTRY["impel"].hooks["ability"](g, s.units[0], None, (1,))
    picks = []

    def pick(o):
        mine = [x for x in o if x[1] == 1]
        picks.append(mine)
        return mine[0] if mine else None

    g.controllers = [Scripted({"engage": pick}), Scripted()]
    turn.engage_step(g, 0)
    assert foe.hp == 7 and all(x[0] == "attack" for x in picks[1])
    assert not rules.can_engage(s, ally)


def test_impelled_unit_may_not_use_a_special_and_then_attack_ENG_1(grid):
    """ENG-1 (Remastered, "Engage": "A unit cannot both attack and use a Special"): Impel lets an adjacent
    ally attack twice; if it uses a Special (Whirlwind) instead, it has no attack left, and after a first
    attack only an attack is offered."""
    foe_hex = next(m for m in grid.neighbours[nb(grid, C, 0)] if m != C and grid.dist[m][C] > 1)
    g = make_game(grid, [(mk_unit("imp", skills=["impel"]), 0, C), (mk_unit("ally", attack="red", skills=["whirlwind"]), 0, nb(grid, C, 0)),
                         (mk_unit("foe", health=9), 1, foe_hex)], roller=FixedRoller(mode="all"))
    s = g.state
    ally, foe = s.units[1], s.units[2]
    REGISTRY["impel"].hooks["ability"](g, s.units[0], None, (1,))
    offered = []

    def first(kind):
        """The impelled unit's (uid 1) first option of `kind`; what it was offered is kept in `offered`."""
        def pick(o):
            mine = [x for x in o if x[1] == 1]
            offered.append(mine)
            return next((x for x in mine if x[0] == kind), None)
        return pick

    g.controllers = [Scripted({"engage": first("special")}), Scripted()]
    turn.engage_step(g, 0)
    assert foe.hp == 8  # one blue die for one adjacent opponent: Whirlwind only
    assert not any(offered[1:]) and not rules.can_engage(s, ally)
    # the same turn with an attack first: the second action is an attack, never the Special
    s.turn += 2
    REGISTRY["impel"].hooks["ability"](g, s.units[0], None, (1,))
    offered.clear()
    g.controllers = [Scripted({"engage": first("attack")}), Scripted()]
    turn.engage_step(g, 0)
    assert foe.hp == 6 and offered[1] and all(x[0] == "attack" for x in offered[1])


def test_shove_displaces_straight_back_and_steps_in(grid):
    g = make_game(grid, [(mk_unit("shover", skills=["shove"]), 0, C), (mk_unit("foe"), 1, nb(grid))])
    s = g.state
    sh, foe = s.units
    back = grid.beyond(C, nb(grid))
    assert back >= 0 and grid.dist[C][back] == 2
    assert REGISTRY["shove"].hooks["ability_options"](g, sh, None) == [(1,)]
    REGISTRY["shove"].hooks["ability"](g, sh, None, (1,))
    assert (sh.hex, foe.hex) == (nb(grid), back) and sh.moved_turn != s.turn


def test_savage_rolls_attack_against_each_opponent_in_range_not_attack_damage_R_ENG_12(grid):
    """R-ENG-12: one roll per opponent in Range; Absorb and Retaliate do not apply (a Special, SKL-3)."""
    g = make_game(grid, [(mk_unit("sav", attack="2black", skills=["savage"]), 0, C), (mk_unit("x", skills=["absorb", "retaliate"]), 1, nb(grid, C, 0)), (mk_unit("y"), 1, nb(grid, C, 1))], roller=FixedRoller([2, 1]))
    sav, x, y = g.state.units
    REGISTRY["savage"].hooks["special"](g, sav, None, ())
    assert (x.hp, y.hp, sav.hp) == (2, 3, 4)


def test_innates_work_on_any_turn_and_while_dazed_not_while_fatigued_SKL_1(grid):
    """SKL-1: a dazed unit's Retaliate answers on the opponent's turn; a fatigued unit's does not (SKL-7)."""
    from engine.enginekit import mk_tactic

    g = make_game(grid, [(mk_unit("a", attack="black"), 0, C), (mk_unit("r", skills=["retaliate"]), 1, nb(grid))], roller=FixedRoller(mode="all"))
    a, r = g.state.units
    r.deployed_turn = g.state.turn  # dazed
    rules.attack(g, a, r)
    assert a.hp == 3
    stun = mk_tactic("stun", "temporary", "stun")
    g.state.troops[0].tactics_camp.append(stun)
    rules.place_tactic(g, 0, stun, r)
    rules.attack(g, a, r)
    assert a.hp == 3 and r.hp == 2


# --- pinned by mutation testing (formerly tests/engine/test_skills_pinned.py) -----------------------------------------
REGISTRY = SKILLS["remastered"]
C = 28


def hook(skill, name):
    return REGISTRY[skill].hooks[name]


def ring2(grid, h=C):
    """A hex at distance 2 from h."""
    return grid.at_distance(h, 2)[0]


# --- Absorb, Pervasive Absorb (R-ENG-4) ------------------------------------------------------------


def test_absorb_reduces_only_its_holders_damage_skill_absorb(grid):
    """Absorb: attack damage *this unit* is dealt is reduced by 1; an adjacent ally's is not."""
    t = nb(grid)
    g = make_game(grid, [(mk_unit("a", attack="3black"), 0, C), (mk_unit("t"), 1, t),
                         (mk_unit("abs", skills=["absorb"]), 1, next(m for m in grid.neighbours[t] if m != C))])
    a, t_, ab = g.state.units
    assert rules.attack_profile(g, a, t_)[2] == 0
    assert rules.attack_profile(g, a, ab)[2] == 1


def test_pervasive_absorb_alone_gives_absorb_to_an_adjacent_ally_R_ENG_4(grid):
    """R-ENG-4: one Pervasive Absorb (the first unit in arrival order) gives its adjacent non-elite ally Absorb."""
    t = nb(grid)
    att = next(m for m in grid.neighbours[t] if m != C)
    g = make_game(grid, [(mk_unit("pa", skills=["pervasive-absorb"]), 1, C), (mk_unit("ally"), 1, t),
                         (mk_unit("a", attack="3black"), 0, att)], roller=FixedRoller([3]))
    pa, ally, a = g.state.units
    assert rules.attack_profile(g, a, ally)[2] == 1
    assert rules.attack(g, a, ally).removed == 2


def test_pervasive_absorb_after_an_allys_absorb_still_gives_absorb_R_ENG_4(grid):
    """R-ENG-4: an adjacent ally with Absorb of its own (earlier in arrival order) is not a Pervasive Absorb:
    the target, which has no Absorb, takes exactly 1 less (the Absorb unit's skill is its own)."""
    t = nb(grid)
    near = [m for m in grid.neighbours[t] if m != C]
    g = make_game(grid, [(mk_unit("abs", skills=["absorb"]), 1, near[0]), (mk_unit("pa", skills=["pervasive-absorb"]), 1, C),
                         (mk_unit("target"), 1, t), (mk_unit("a", attack="3black"), 0, near[1])])
    ab, pa, target, a = g.state.units
    assert rules.attack_profile(g, a, target)[2] == 1


def test_pervasive_absorb_only_for_allies_and_not_from_an_opponents_R_ENG_4(grid):
    """R-ENG-4: an opponent's Pervasive Absorb next to the target gives it nothing; of two allied ones next to
    it, the target gets Absorb once (the opponent's comes first in arrival order and is skipped)."""
    t = nb(grid)
    near = [m for m in grid.neighbours[t] if m != C]
    g = make_game(grid, [(mk_unit("a", attack="3black", skills=["pervasive-absorb"]), 0, C),
                         (mk_unit("target"), 1, t)])
    a, target = g.state.units
    assert rules.attack_profile(g, a, target)[2] == 0
    g = make_game(grid, [(mk_unit("a", attack="3black", skills=["pervasive-absorb"]), 0, C),
                         (mk_unit("pa1", skills=["pervasive-absorb"]), 1, near[0]),
                         (mk_unit("pa2", skills=["pervasive-absorb"]), 1, near[1]),
                         (mk_unit("target"), 1, t)])
    a, pa1, pa2, target = g.state.units
    assert rules.attack_profile(g, a, target)[2] == 1


# --- Inspire, with the switch inspire-stacks=no (R-ENG-5) -------------------------------------------


def _inspire_game(grid, placed):
    g = make_game(grid, placed)
    g.state.rulings = {"inspire-stacks": "no"}
    return g


def test_inspire_single_unit_gives_plus_one_without_stacking_R_ENG_5(grid):
    """R-ENG-5 with inspire-stacks=no: one Inspire still gives its +1 (at most one +1, not none)."""
    g = _inspire_game(grid, [(mk_unit("insp", skills=["inspire"]), 0, ring2(grid)), (mk_unit("a"), 0, C), (mk_unit("f"), 1, nb(grid))])
    insp, a, f = g.state.units
    assert rules.attack_profile(g, a, f)[1] == 1


def test_inspire_out_of_reach_does_not_use_up_the_plus_one_R_ENG_5(grid):
    """R-ENG-5 with inspire-stacks=no: an earlier Inspire 3 hexes from the attacker gives nothing, so the later
    one within 2 still gives +1."""
    three = grid.at_distance(C, 3)[0]
    g = _inspire_game(grid, [(mk_unit("far", skills=["inspire"]), 0, three), (mk_unit("near", skills=["inspire"]), 0, ring2(grid)),
                             (mk_unit("a"), 0, C), (mk_unit("f"), 1, nb(grid))])
    far, near, a, f = g.state.units
    assert grid.dist[C][three] == 3
    assert rules.attack_profile(g, a, f)[1] == 1


def test_inspire_the_attackers_own_does_not_use_up_the_plus_one_R_ENG_5(grid):
    """R-ENG-5 with inspire-stacks=no: the attacker's own Inspire (earlier in arrival order) gives it nothing
    ("not the inspiring unit itself"), so an allied Inspire within 2 gives +1."""
    g = _inspire_game(grid, [(mk_unit("a", skills=["inspire"]), 0, C), (mk_unit("near", skills=["inspire"]), 0, ring2(grid)),
                             (mk_unit("f"), 1, nb(grid))])
    a, near, f = g.state.units
    assert rules.attack_profile(g, a, f)[1] == 1


def test_inspire_an_opponents_does_not_use_up_the_plus_one_R_ENG_5(grid):
    """R-ENG-5 with inspire-stacks=no: an opposing Inspire within 2 of the attacker (earlier in arrival order)
    is not the attacker's ally; the allied Inspire gives +1, the opposing one nothing."""
    two = grid.at_distance(C, 2)
    g = _inspire_game(grid, [(mk_unit("foe", skills=["inspire"]), 1, two[0]), (mk_unit("near", skills=["inspire"]), 0, two[1]),
                             (mk_unit("a"), 0, C), (mk_unit("f"), 1, nb(grid))])
    foe, near, a, f = g.state.units
    assert rules.attack_profile(g, a, f)[1] == 1


# --- Regen N -------------------------------------------------------------------------------------------


def test_regen_not_offered_at_full_health_skill_regen_UNIT_4(grid):
    """Regen N heals, never above Health (UNIT-4): at full health there is nothing to use it for."""
    g = make_game(grid, [(mk_unit("r", health=5, skills=["regen 1"]), 0, C)])
    r = g.state.units[0]
    assert hook("regen", "ability_options")(g, r, 1) == []
    r.hp = 4
    assert hook("regen", "ability_options")(g, r, 1) == [()]


def test_regen_2_heals_two_skill_regen(grid):
    """Regen N heals N HP: Regen 2 heals 2."""
    g = make_game(grid, [(mk_unit("r", health=6, skills=["regen 2"]), 0, C)], hp={0: 2})
    r = g.state.units[0]
    hook("regen", "ability")(g, r, 2, ())
    assert r.hp == 4


# --- Hurl N (SKL-6, SUP-3, SUP-4) ---------------------------------------------------------------------------


def test_hurl_offers_every_displaceable_adjacent_unit_not_sentinels_SUP_4(grid):
    """Hurl: any adjacent unit (ally or opponent, uid 0 too, whatever stands around it) may be hurled; a sentinel
    cannot be displaced (SUP-4)."""
    ns = grid.neighbours[C]
    g = make_game(grid, [(mk_unit("zero"), 1, ns[2]), (mk_unit("rad", skills=["hurl 1"]), 0, C),
                         (mk_unit("sent", kind="sentinel"), 1, ns[3]), (mk_unit("ally"), 0, ns[4])])
    opts = hook("hurl", "ability_options")(g, g.state.units[1], 1)
    assert {v for v, _ in opts} == {0, 3}


def test_hurl_2_throws_two_hexes_from_the_hurler_skill_hurl(grid):
    """Hurl N: the destination is N hexes away from the hurling unit (Hurl 2: distance 2)."""
    g = make_game(grid, [(mk_unit("rad", skills=["hurl 2"]), 0, C), (mk_unit("x"), 1, nb(grid))])
    opts = hook("hurl", "ability_options")(g, g.state.units[0], 2)
    assert opts and all(v == 1 and grid.dist[C][d] == 2 for v, d in opts)


def test_hurl_never_onto_another_troops_foothold_SUP_3(grid):
    """SUP-3: a unit is never hurled onto a foothold of another troop; its own troop's foothold is available."""
    g = make_game(grid, [(mk_unit("rad", skills=["hurl 1"]), 0, C), (mk_unit("x"), 1, nb(grid, C, 0))])
    ring = grid.neighbours[C]
    g.state.footholds = {ring[1]: 0, ring[2]: 1}
    dests = {d for _v, d in hook("hurl", "ability_options")(g, g.state.units[0], 1)}
    assert ring[1] not in dests and ring[2] in dests


def test_hurl_narration_names_the_hurler_skill_hurl(grid):
    """The log says who displaced the unit (`hoplostat play --log`)."""
    g = make_game(grid, [(mk_unit("rad", skills=["hurl 1"]), 0, C), (mk_unit("x"), 1, nb(grid, C, 0))])
    dest = nb(grid, C, 1)
    hook("hurl", "ability")(g, g.state.units[0], 1, (1, dest))
    assert g.state.log[-1] == f"x (blue) is displaced from hex {nb(grid, C, 0)} to hex {dest} by rad"


# --- Specials and abilities that deal damage: reach, narration, credit ---------------------------------------


def test_long_shot_narration_and_credit_skill_long_shot(grid):
    """Long Shot: 1 yellow die, 1 damage on a hit, narrated as Long Shot and credited to the shooter."""
    g = make_game(grid, [(mk_unit("m", skills=["long-shot 3"]), 0, C), (mk_unit("x"), 1, grid.at_distance(C, 3)[0])],
                  roller=FixedRoller([1]))
    m, x = g.state.units
    hook("long-shot", "special")(g, m, 3, (1,))
    assert g.state.log == ["m (red) uses Long Shot on x: 1 hit(s)", "x (blue) loses 1 HP (Long Shot), 3 left"]
    assert m.damage_dealt == 1 and g.state.troops[0].damage_dealt == 1


def test_whirlwind_reaches_adjacent_opponents_only_whatever_its_range_skill_whirlwind(grid):
    """Whirlwind: one blue die per *adjacent* opponent, damage to every adjacent opponent: with Range 2 an
    opponent 2 hexes away neither adds a die nor is hit, nor makes Whirlwind usable alone."""
    two = ring2(grid)
    g = make_game(grid, [(mk_unit("w", range_=2, skills=["whirlwind"]), 0, C), (mk_unit("far"), 1, two)], roller=FixedRoller([1]))
    w, far = g.state.units
    assert hook("whirlwind", "special_options")(g, w, None) == []
    g = make_game(grid, [(mk_unit("w", range_=2, skills=["whirlwind"]), 0, C), (mk_unit("far"), 1, two), (mk_unit("x"), 1, nb(grid))],
                  roller=FixedRoller([1]))
    w, far, x = g.state.units
    assert hook("whirlwind", "special_options")(g, w, None) == [()]
    hook("whirlwind", "special")(g, w, None, ())
    assert [str(p) for p in g.roller.rolled] == ["blue"] and (far.hp, x.hp) == (4, 3)
    assert g.state.log == ["w (red) uses Whirlwind on 1 adjacent opponent(s): 1 hit(s)", "x (blue) loses 1 HP (Whirlwind), 3 left"]
    assert w.damage_dealt == 1


def test_whirlwind_not_usable_without_adjacent_opponent_skill_whirlwind(grid):
    g = make_game(grid, [(mk_unit("w", skills=["whirlwind"]), 0, C), (mk_unit("ally"), 0, nb(grid))])
    assert hook("whirlwind", "special_options")(g, g.state.units[0], None) == []


def test_fury_aura_reaches_adjacent_opponents_only_whatever_its_range_skill_fury_aura(grid):
    """Fury Aura: each *adjacent* opponent is dealt 1 damage (narrated as Fury Aura, credited to the holder); with
    Range 2 an opponent 2 hexes away is not hit and does not make the Ability usable alone."""
    two = ring2(grid)
    g = make_game(grid, [(mk_unit("f", range_=2, skills=["fury-aura"]), 0, C), (mk_unit("far"), 1, two)])
    assert hook("fury-aura", "ability_options")(g, g.state.units[0], None) == []
    g = make_game(grid, [(mk_unit("f", range_=2, skills=["fury-aura"]), 0, C), (mk_unit("far"), 1, two), (mk_unit("x"), 1, nb(grid))])
    f, far, x = g.state.units
    assert hook("fury-aura", "ability_options")(g, f, None) == [()]
    hook("fury-aura", "ability")(g, f, None, ())
    assert (far.hp, x.hp) == (4, 3)
    assert g.state.log == ["x (blue) loses 1 HP (Fury Aura), 3 left"]
    assert f.damage_dealt == 1


def test_fury_aura_not_usable_without_adjacent_opponent_skill_fury_aura(grid):
    g = make_game(grid, [(mk_unit("f", skills=["fury-aura"]), 0, C), (mk_unit("ally"), 0, nb(grid))])
    assert hook("fury-aura", "ability_options")(g, g.state.units[0], None) == []


def test_savage_usable_with_one_opponent_in_range_narrated_and_credited_R_ENG_12(grid):
    """R-ENG-12: Savage needs an opponent in Range (one is enough); each roll and its damage are narrated as
    Savage and credited to the holder."""
    g = make_game(grid, [(mk_unit("sav", attack="2black", skills=["savage"]), 0, C), (mk_unit("ally"), 0, nb(grid, C, 1))])
    assert hook("savage", "special_options")(g, g.state.units[0], None) == []
    g = make_game(grid, [(mk_unit("sav", attack="2black", skills=["savage"]), 0, C), (mk_unit("x"), 1, nb(grid))], roller=FixedRoller([2]))
    sav, x = g.state.units
    assert hook("savage", "special_options")(g, sav, None) == [()]
    hook("savage", "special")(g, sav, None, ())
    assert g.state.log == ["sav (red) uses Savage on x with 2black: 2 hit(s)", "x (blue) loses 2 HP (Savage), 2 left"]
    assert sav.damage_dealt == 2


# --- Reposition, Swap, Shove (SKL-6, SUP-3, SUP-4) -------------------------------------------------------------


def test_reposition_never_onto_another_troops_foothold_SUP_3(grid):
    """SUP-3: Reposition's move may end on the unit's own troop's foothold, never on another troop's."""
    g = make_game(grid, [(mk_unit("r", skills=["reposition"]), 0, C)])
    ring = grid.neighbours[C]
    g.state.footholds = {ring[0]: 0, ring[1]: 1}
    opts = {h for (h,) in hook("reposition", "special_options")(g, g.state.units[0], None)}
    assert ring[0] in opts and ring[1] not in opts


def test_swap_offers_each_adjacent_displaceable_unit_it_may_trade_hexes_with_SUP_3_SUP_4(grid):
    """Swap: an adjacent ally (uid 0 too, after empty hexes around the swapper) is offered when each may stand on
    the other's hex (on open hexes, then with both hexes their troop's footholds, SUP-3); a sentinel cannot be
    displaced (SUP-4) and is never offered, though it could stand on the swapper's hex."""
    ns = grid.neighbours[C]
    g = make_game(grid, [(mk_unit("zero"), 0, ns[2]), (mk_unit("s", skills=["swap"]), 0, C), (mk_unit("sent", kind="sentinel"), 1, ns[3])])
    assert hook("swap", "ability_options")(g, g.state.units[1], None) == [(0,)]
    g.state.footholds = {C: 0, ns[2]: 0}
    assert hook("swap", "ability_options")(g, g.state.units[1], None) == [(0,)]


def test_shove_not_offered_when_no_hex_lies_beyond_skill_shove(grid):
    """Shove: not usable if the hex straight beyond the opponent is not available; off the map is not a hex."""
    o, h = next((o, h) for o in range(grid.n) for h in grid.neighbours[o] if grid.beyond(h, o) < 0 and not grid.move_block[o]
                and not grid.move_block[h])
    g = make_game(grid, [(mk_unit("sh", skills=["shove"]), 0, h), (mk_unit("foe"), 1, o)])
    assert hook("shove", "ability_options")(g, g.state.units[0], None) == []


def test_shove_offered_when_the_hex_beyond_is_hex_0_skill_shove(grid):
    """Shove: hex 0 is a hex like any other as the opponent's destination."""
    o, h = next((o, h) for o in grid.neighbours[0] for h in grid.neighbours[o] if grid.beyond(h, o) == 0)
    g = make_game(grid, [(mk_unit("sh", skills=["shove"]), 0, h), (mk_unit("foe"), 1, o)])
    assert not grid.move_block[0]
    assert hook("shove", "ability_options")(g, g.state.units[0], None) == [(1,)]


def test_shove_never_onto_another_troops_foothold_SUP_3(grid):
    """SUP-3: the opponent is not shoved onto a foothold of the shover's troop (not its own)."""
    g = make_game(grid, [(mk_unit("sh", skills=["shove"]), 0, C), (mk_unit("foe"), 1, nb(grid))])
    back = grid.beyond(C, nb(grid))
    g.state.footholds = {back: 0}
    assert hook("shove", "ability_options")(g, g.state.units[0], None) == []
    g.state.footholds = {back: 1}
    assert hook("shove", "ability_options")(g, g.state.units[0], None) == [(1,)]


def test_shove_narration_names_the_shover_skill_shove(grid):
    g = make_game(grid, [(mk_unit("sh", skills=["shove"]), 0, C), (mk_unit("foe"), 1, nb(grid))])
    back = grid.beyond(C, nb(grid))
    hook("shove", "ability")(g, g.state.units[0], None, (1,))
    assert f"foe (blue) is displaced from hex {nb(grid)} to hex {back} by sh" in g.state.log


def test_shove_after_a_movement_step_move_keeps_it_moved_skill_shove_dig_in(grid):
    """Shove's step does not use up the Movement-step move, nor undo one: a unit that moved in its Movement step
    and then shoves has still moved this turn (no Dig In die, no second move)."""
    start = ring2(grid)
    g = make_game(grid, [(mk_unit("sh", skills=["shove", "dig-in"]), 0, start), (mk_unit("foe"), 1, nb(grid))])
    st = g.state
    sh, foe = st.units
    rules.move(g, sh, C)
    assert sh.moved_turn == st.turn
    hook("shove", "ability")(g, sh, None, (1,))
    assert sh.hex == nb(grid) and sh.moved_turn == st.turn
    assert str(rules.attack_profile(g, sh, foe)[0]) == "black"
    assert not rules.can_move(st, sh)


# --- Impel ------------------------------------------------------------------------------------------------


def test_impel_offers_only_adjacent_allies_skill_impel(grid):
    """Impel: one *adjacent ally*: not an ally 2 hexes away, not an adjacent opponent, not the Impel unit."""
    g = make_game(grid, [(mk_unit("imp", skills=["impel"]), 0, C), (mk_unit("ally"), 0, nb(grid, C, 0)),
                         (mk_unit("far"), 0, ring2(grid)), (mk_unit("foe"), 1, nb(grid, C, 1))])
    assert hook("impel", "ability_options")(g, g.state.units[0], None) == [(1,)]


# --- Cover (R-ENG-14) -------------------------------------------------------------------------------------------


def test_cover_ignores_allies_moving_into_range_R_ENG_14(grid):
    """R-ENG-14: Cover rolls when an *opponent* moves into its Range; an ally's move rolls nothing."""
    two = ring2(grid)
    dest = next(m for m in grid.neighbours[two] if grid.dist[m][C] == 1)
    g = make_game(grid, [(mk_unit("cover", skills=["cover"]), 1, C), (mk_unit("ally"), 1, two)], roller=FixedRoller([1]))
    cover, ally = g.state.units
    rules.move(g, ally, dest)
    assert g.roller.rolled == [] and ally.hp == 4


def test_cover_narration_and_credit_R_ENG_14(grid):
    """R-ENG-14: the roll and its damage are narrated (Cover) and credited to the covering unit."""
    two = ring2(grid)
    dest = next(m for m in grid.neighbours[two] if grid.dist[m][C] == 1)
    g = make_game(grid, [(mk_unit("cover", skills=["cover"]), 1, C), (mk_unit("mover"), 0, two)], roller=FixedRoller([1]))
    cover, mover = g.state.units
    rules.move(g, mover, dest)
    assert g.state.log[-2:] == [f"cover (blue) covers hex {dest}: 1 hit(s)", "mover (red) loses 1 HP (Cover), 3 left"]
    assert cover.damage_dealt == 1 and g.state.troops[1].damage_dealt == 1


def test_regen_used_in_abilities_step_heals_two_SKL_2(grid):
    """SKL-2: Regen 2 used in the Abilities step heals 2."""
    g = make_game(grid, [(mk_unit("r", health=6, skills=["regen 2"]), 0, C)], hp={0: 3})
    g.controllers = [Scripted({"ability": lambda o: o[0]}), Scripted()]
    turn.abilities_step(g, 0)
    assert g.state.units[0].hp == 5
