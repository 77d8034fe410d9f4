"""Skill rules pinned where mutation testing of `rulesets/remastered/skills.py` found them unpinned (issue 25).

Each test names the skill (data/remastered/skills.toml) or the rule id it pins and fails when the rule is
implemented wrongly: who a skill reaches (adjacent, in Range, allies or opponents), which units it may act on
(uid 0, a sentinel, a foothold of another troop: SUP-3, SUP-4), the narration of its damage in
`hoplostat play --log` and the unit credited with it. Dice are forced with FixedRoller.
"""

from __future__ import annotations

from enginekit import Scripted, make_game, mk_unit

from hoplostat.engine import rules
from hoplostat.engine.registry import SKILLS
from hoplostat.engine.rules import FixedRoller
from hoplostat.rulesets.remastered import turn

REGISTRY = SKILLS["remastered"]
C = 28


def hook(skill, name):
    return REGISTRY[skill].hooks[name]


def nb(grid, h=C, k=0):
    return grid.neighbours[h][k]


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
