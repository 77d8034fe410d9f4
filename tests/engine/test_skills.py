"""One scenario test per implemented skill (forced dice), plus the registry contract."""

from __future__ import annotations

import pytest
from enginekit import Scripted, make_game, mk_unit

from hoplostat.engine import rules
from hoplostat.rulesets.remastered import turn
from hoplostat.engine.registry import SKILLS, register, unimplemented_skills

REGISTRY = SKILLS["remastered"]
from hoplostat.engine.rules import FixedRoller
from hoplostat.engine.state import DISCARD

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
    from enginekit import mk_tactic

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
