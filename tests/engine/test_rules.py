"""Scenario tests of the rules functions and turn steps (forced dice) on the real Pozzuoli map."""

from __future__ import annotations

import pytest
from enginekit import Scripted, make_game, mk_tactic, mk_unit

from hoplostat.engine import rules
from hoplostat.rulesets.remastered import turn
from hoplostat.engine.rules import FixedRoller
from hoplostat.engine.state import CAMP, COMBAT, DISCARD

C = 28  # a central hex of Pozzuoli


def n(grid, h=C, k=0):
    return grid.neighbours[h][k]


# --- deployment ----------------------------------------------------------------------


def test_deploy_takes_full_health_from_supply_and_unit_is_dazed_UNIT_3_DEP_4(grid):
    """UNIT-3, DEP-4, SKL-8: HP = Health from the troop's colour; dazed units cannot move, attack or use Abilities."""
    g = make_game(grid, [], camp=[(mk_unit("w", health=4, skills=["regen 1"]), 0)])
    s = g.state
    u = s.units[0]
    rules.deploy(g, u, 7)
    assert (u.zone, u.hex, u.hp, s.supply["red"], s.supply["blue"]) == (COMBAT, 7, 4, 30, 34)
    assert s.is_dazed(u)
    assert not rules.can_move(s, u) and not rules.can_engage(s, u)
    u.hp = 3
    assert not rules.can_use_abilities(s, u)
    s.turn += 1
    assert rules.can_move(s, u) and rules.can_engage(s, u) and rules.can_use_abilities(s, u)


def test_cannot_deploy_without_enough_health_chips_DEP_3(grid):
    """DEP-3: the supply limits deployment to units whose full Health it holds."""
    g = make_game(grid, [], camp=[(mk_unit("big", health=6), 0), (mk_unit("small", health=3), 0)])
    g.state.supply["red"] = 5
    opts = turn.deployable(g, 0, grid.tagged("deploy-red"))
    assert {g.state.units[uid].unit.id for uid, _ in opts} == {"small"}
    with pytest.raises(ValueError):
        rules.deploy(g, g.state.units[0], 7)


def test_deploy_only_onto_free_own_deployment_hexes_one_per_step_DEP_1_DEP_5(grid):
    """DEP-1, DEP-5: options are the troop's free deployment hexes; one unit per Deployment step."""
    red = grid.tagged("deploy-red")
    g = make_game(grid, [(mk_unit("blocker"), 1, red[0])], camp=[(mk_unit("a"), 0), (mk_unit("b"), 0)])
    opts = turn.deployable(g, 0, red)
    assert {h for _, h in opts} == set(red[1:])
    ctl = Scripted({"deploy": lambda o: o[0]})
    g.controllers = [ctl, ctl]
    turn.deployment_step(g, 0, red)
    assert len(g.state.in_combat(0)) == 1
    assert [d for d, _ in ctl.asked] == ["deploy"]


def test_deploy_mandatory_without_units_in_combat_DEP_2(grid):
    """DEP-2: optional with units in combat (a passing controller deploys nothing); mandatory without."""
    red = grid.tagged("deploy-red")
    g = make_game(grid, [(mk_unit("x"), 0, C)], camp=[(mk_unit("a"), 0)])
    turn.deployment_step(g, 0, red)  # Scripted passes on optional decisions
    assert g.state.units[1].zone == CAMP
    g2 = make_game(grid, [], camp=[(mk_unit("a"), 0), (mk_unit("b"), 0)])
    turn.deployment_step(g2, 0, red)
    assert len(g2.state.in_combat(0)) == 1


def test_inactive_hero_cannot_deploy_UNIT_8(grid):
    """UNIT-8: an inactive hero in camp is not a deployment option."""
    g = make_game(grid, [], camp=[(mk_unit("hero", kind="hero"), 0)])
    g.state.units[0].active = False
    assert turn.deployable(g, 0, grid.tagged("deploy-red")) == []
    g.state.units[0].active = True
    assert turn.deployable(g, 0, grid.tagged("deploy-red"))


def test_inactive_hero_in_combat_cannot_move_or_attack_and_skills_ignored_UNIT_7(grid):
    """UNIT-7: inactive heroes in combat cannot move or attack; their skills are ignored; they can be damaged."""
    hero = mk_unit("hero", kind="hero", skills=["retaliate"])
    g = make_game(grid, [(hero, 0, C), (mk_unit("foe", attack="2red"), 1, n(grid))])
    h, foe = g.state.units
    h.active = False
    assert not rules.can_move(g.state, h) and not rules.can_engage(g.state, h)
    rules.attack(g, foe, h)
    assert h.hp == 2 and foe.hp == foe.unit.health  # no Retaliate


# --- movement ----------------------------------------------------------------------


def test_each_unit_moves_once_up_to_movement_any_order_MOV_1_MOV_3_UNIT_2(grid):
    """MOV-1, MOV-3, UNIT-2: destinations within Movement; a unit that moved is not offered again; fewer hexes allowed."""
    a, b = mk_unit("a", movement=2), mk_unit("b", movement=1)
    g = make_game(grid, [(a, 0, C), (b, 0, 0)])
    s = g.state
    moves = []

    def pick(opts):
        moves.append(list(opts))
        if len(moves) == 1:
            return next(o for o in opts if o[0] == 1)  # b first (any order)
        if len(moves) == 2:
            return next(o for o in opts if o[0] == 0 and grid.dist[C][o[1]] == 1)  # a moves 1 of its 2
        return None

    g.controllers = [Scripted({"move": pick}), Scripted()]
    turn.movement_step(g, 0)
    assert all(grid.dist[C][h] <= 2 for uid, h in moves[0] if uid == 0)
    assert all(uid == 0 for uid, _ in moves[1])
    assert len(moves) == 2  # nobody left to move: the step ends without asking again
    assert s.units[0].moved_turn == s.turn and grid.dist[C][s.units[0].hex] == 1


def test_movement_offers_no_blocked_or_occupied_hex_MOV_2(grid):
    """MOV-2: units block movement, own and opposing alike: a walled-in unit is offered no move; a free unit
    beside the wall is offered exactly the hexes an independent breadth-first search reaches without
    entering or passing through any unit's hex (so the step does ask, and the wall shapes its answer)."""
    ring = list(grid.neighbours[C])
    f_hex = next(h for h in grid.at_distance(C, 2) if len(grid.neighbours[h]) == 6)
    placed = [(mk_unit("a", movement=3), 0, C)] + [(mk_unit("w"), k % 2, m) for k, m in enumerate(ring)]
    placed.append((mk_unit("f", movement=3), 0, f_hex))
    g = make_game(grid, placed)
    s = g.state
    f_uid = len(placed) - 1
    asked = []

    def pick(opts):
        asked.append(list(opts))
        return None

    g.controllers = [Scripted({"move": pick}), Scripted()]
    for u in s.units[1:f_uid]:
        u.moved_turn = s.turn
    turn.movement_step(g, 0)
    assert asked, "the free unit must be offered moves"
    opts = asked[0]
    assert all(uid == f_uid for uid, _ in opts), "the walled-in unit must not be offered a move"
    occupied = {h for _, _, h in placed}
    want, frontier = {f_hex}, [f_hex]
    for _ in range(3):  # Movement 3, one hex at a time, never onto a unit's hex
        nxt = []
        for h in frontier:
            for m in grid.neighbours[h]:
                if m not in occupied and not grid.move_block[m] and m not in want:
                    want.add(m)
                    nxt.append(m)
        frontier = nxt
    want.discard(f_hex)
    assert {h for _, h in opts} == set(want)
    assert not {h for _, h in opts} & occupied
    assert set(grid.reachable(f_hex, 3, [False] * grid.n)) - set(want)  # the wall does remove hexes


# --- engage ------------------------------------------------------------------------


def test_targets_are_opponents_within_range_not_allies_ENG_2_UNIT_11(grid):
    """ENG-2, UNIT-11: only opponents within Range; allies are never targets."""
    g = make_game(grid, [(mk_unit("a"), 0, C), (mk_unit("ally"), 0, n(grid, C, 0)), (mk_unit("foe"), 1, n(grid, C, 1)), (mk_unit("far"), 1, 0)])
    opts = turn.engage_options(g, g.state.units[0])
    assert opts == [("attack", 0, 2)]


def test_attack_or_special_once_per_turn_ENG_1(grid):
    """ENG-1: a unit attacks or uses a Special, not both; it is offered nothing after acting."""
    me = mk_unit("me", skills=["long-shot 4"])
    g = make_game(grid, [(me, 0, C), (mk_unit("foe", health=9), 1, n(grid))])
    calls = []

    def pick(opts):
        calls.append(list(opts))
        return opts[0]

    g.controllers = [Scripted({"engage": pick}), Scripted()]
    turn.engage_step(g, 0)
    assert len(calls) == 1
    assert ("attack", 0, 1) in calls[0] and ("special", 0, "long-shot", (1,)) in calls[0]


def test_damage_removes_hp_all_at_once_and_defeats_at_zero_UNIT_5_ENG_4_ENG_5(grid):
    """UNIT-5, ENG-4, ENG-5: each hit is 1 damage, dealt at once; at 0 HP the unit is defeated and discarded."""
    g = make_game(grid, [(mk_unit("a", attack="3black"), 0, C), (mk_unit("foe", health=5), 1, n(grid))], roller=FixedRoller([3, 3]))
    a, foe = g.state.units
    r = rules.attack(g, a, foe)
    assert (r.hits, r.dealt, r.removed, foe.hp) == (3, True, 3, 2)
    r = rules.attack(g, a, foe)
    assert r.removed == 2 and foe.zone == DISCARD and g.state.board[foe.hex if foe.hex >= 0 else 0] != foe.uid
    assert foe.uid not in g.state.board


def test_defeat_returns_tactics_to_the_playing_troop_and_chips_to_supply_DEF_1_DEF_2(grid):
    """DEF-1, DEF-2: tactics go to the discard of the troop that played them; health chips to the supply."""
    g = make_game(grid, [(mk_unit("a", attack="red"), 0, C), (mk_unit("foe", health=3), 1, n(grid))])
    s = g.state
    foe = s.units[1]
    mine = mk_tactic("hamstring", "permanent", "movement-set 0")
    theirs = mk_tactic("blitz", "permanent", "extra-dice green")
    s.troops[0].tactics_camp.append(mine)
    s.troops[1].tactics_camp.append(theirs)
    rules.place_tactic(g, 0, mine, foe)
    rules.place_tactic(g, 1, theirs, foe)
    rules.damage(g, foe, 2, source=s.units[0])
    assert s.supply["blue"] == 34 - 1
    rules.damage(g, foe, 5, source=s.units[0])
    assert foe.zone == DISCARD and foe.hp == 0
    assert s.supply["blue"] == 34
    assert s.troops[0].tactics_discard == [mine] and s.troops[1].tactics_discard == [theirs]
    assert s.troops[0].kills == 1 and s.troops[1].units_lost == 1


def test_heal_never_above_health_gain_may_exceed_UNIT_4(grid):
    """UNIT-4: healing caps at Health; gaining HP may exceed it."""
    g = make_game(grid, [(mk_unit("a", health=4), 0, C)], hp={0: 2})
    u = g.state.units[0]
    assert rules.heal(g, u, 5) == 2 and u.hp == 4
    assert rules.gain_hp(g, u, 3) == 3 and u.hp == 7
    assert g.state.supply["red"] == 34 - 7


def test_dealt_damage_even_when_reduced_to_zero_SKL_5(grid):
    """SKL-5: a hit reduced to 0 by Absorb is still dealt (Retaliate answers); no hit rolled means nothing dealt."""
    g = make_game(grid, [(mk_unit("a", attack="blue"), 0, C), (mk_unit("def", skills=["absorb", "retaliate"]), 1, n(grid))], roller=FixedRoller([1, 0]))
    a, d = g.state.units
    r = rules.attack(g, a, d)
    assert (r.dealt, r.removed, d.hp, a.hp) == (True, 0, 4, 3)
    r = rules.attack(g, a, d)
    assert (r.dealt, a.hp) == (False, 3)


def test_special_damage_is_not_attack_damage_SKL_3(grid):
    """SKL-3: Long Shot damage does not trigger Retaliate."""
    g = make_game(grid, [(mk_unit("m", skills=["long-shot 4"]), 0, C), (mk_unit("r", skills=["retaliate"], range_=1), 1, n(grid))])
    m, r = g.state.units
    turn_opts = turn.engage_options(g, m)
    g.controllers = [Scripted({"engage": lambda o: next(x for x in o if x[0] == "special")}), Scripted()]
    turn.engage_step(g, 0)
    assert ("special", 0, "long-shot", (1,)) in turn_opts
    assert r.hp == 3 and m.hp == 4


# --- tactics -------------------------------------------------------------------------


def test_tactic_targets_own_non_elite_or_adjacent_opposing_non_elite_TAC_2_UNIT_6(grid):
    """TAC-2, UNIT-6: own non-elite units (dazed included) and adjacent opposing non-elite units; never elites."""
    far = next(h for h in grid.at_distance(C, 3) if grid.dist[h][0] > 1)
    placed = [
        (mk_unit("own"), 0, C),
        (mk_unit("own-hero", kind="hero"), 0, 0),
        (mk_unit("adj-foe"), 1, n(grid)),
        (mk_unit("adj-foe-hero", kind="hero"), 1, n(grid, C, 1)),
        (mk_unit("far-foe"), 1, far),
    ]
    g = make_game(grid, placed)
    g.state.units[0].deployed_turn = g.state.turn  # dazed still a valid target
    assert {u.unit.id for u in rules.tactic_targets(g.state, 0)} == {"own", "adj-foe"}


def test_one_tactic_per_step_TAC_1(grid):
    g = make_game(grid, [(mk_unit("own"), 0, C)])
    t1, t2 = mk_tactic("a", "permanent", "range-add 1"), mk_tactic("b", "permanent", "range-add 1")
    g.state.troops[0].tactics_camp += [t1, t2]
    g.controllers = [Scripted({"tactic": lambda o: o[0]}), Scripted()]
    turn.tactic_step(g, 0)
    assert len(g.state.units[0].tactics) == 1 and g.state.troops[0].tactics_camp == [t2]


def test_instant_tactic_applies_and_is_discarded_TAC_4(grid):
    """TAC-4: Bolster Health-like gain 2 HP at once, then the chip is discarded."""
    g = make_game(grid, [(mk_unit("own", health=3), 0, C)])
    t = mk_tactic("bolster", "instant", "gain-hp 2")
    g.state.troops[0].tactics_camp.append(t)
    rules.place_tactic(g, 0, t, g.state.units[0])
    assert g.state.units[0].hp == 5 and g.state.units[0].tactics == [] and g.state.troops[0].tactics_discard == [t]


def test_permanent_tactic_stays_and_adds_dice_TAC_3_ENG_3(grid):
    """TAC-3, ENG-3: Blitz stays on the unit and adds a green die to all its attacks."""
    g = make_game(grid, [(mk_unit("own", attack="black+blue+yellow"), 0, C), (mk_unit("foe"), 1, n(grid))])
    t = mk_tactic("blitz", "permanent", "extra-dice green")
    g.state.troops[0].tactics_camp.append(t)
    rules.place_tactic(g, 0, t, g.state.units[0])
    pool, bonus, reduce = rules.attack_profile(g, g.state.units[0], g.state.units[1])
    assert str(pool) == "black+green+blue+yellow" and g.state.units[0].tactics[0].tactic is t


def test_temporary_stun_fatigues_until_players_next_turn_TAC_5_SKL_7(grid):
    """TAC-5, SKL-7: Stun fatigues (no move, no attack, Innates ignored) until the start of the playing troop's next turn."""
    foe = mk_unit("foe", skills=["absorb"])
    g = make_game(grid, [(mk_unit("own", attack="2red"), 0, C), (foe, 1, n(grid))])
    s = g.state
    stun = mk_tactic("stun", "temporary", "stun")
    s.troops[0].tactics_camp.append(stun)
    rules.place_tactic(g, 0, stun, s.units[1])
    f = s.units[1]
    assert s.is_fatigued(f) and not s.skills_work(f)
    s.turn += 1  # blue's turn
    assert not rules.can_move(s, f) and not rules.can_engage(s, f)
    rules.attack(g, s.units[0], f)
    assert f.hp == 2  # Absorb ignored while fatigued
    turn.start_of_turn(g, 1)
    assert s.is_fatigued(f)  # blue's own turn does not end red's tactic
    s.turn += 1
    turn.start_of_turn(g, 0)
    assert not s.is_fatigued(f) and s.troops[0].tactics_discard == [stun]


def test_hamstring_then_adrenaline_TAC_8(grid):
    """TAC-8: Hamstring sets Movement 0 and removes an earlier Adrenaline; Adrenaline after Hamstring gives 1."""
    g = make_game(grid, [(mk_unit("own", movement=3), 0, C)])
    s = g.state
    u = s.units[0]
    adr = mk_tactic("adrenaline", "permanent", "movement-add 1")
    adr2 = mk_tactic("adrenaline2", "permanent", "movement-add 1")
    ham = mk_tactic("hamstring", "permanent", "movement-set 0")
    s.troops[0].tactics_camp += [adr, ham, adr2]
    rules.place_tactic(g, 0, adr, u)
    assert rules.movement_of(s, u) == 4
    rules.place_tactic(g, 0, ham, u)
    assert rules.movement_of(s, u) == 0 and not rules.can_move(s, u)
    assert s.troops[0].tactics_discard == [adr]
    rules.place_tactic(g, 0, adr2, u)
    assert rules.movement_of(s, u) == 1


def test_tactic_damage_has_no_source_unit_and_credits_troop(grid):
    g = make_game(grid, [(mk_unit("own"), 0, C), (mk_unit("foe", health=2), 1, n(grid))])
    s = g.state
    t = mk_tactic("pain", "instant", "damage 2")
    s.troops[0].tactics_camp.append(t)
    rules.place_tactic(g, 0, t, s.units[1])
    assert s.units[1].zone == DISCARD and s.troops[0].kills == 1 and s.troops[0].damage_dealt == 2


def test_clone_is_independent(grid):
    g = make_game(grid, [(mk_unit("own"), 0, C), (mk_unit("foe"), 1, n(grid))])
    c = g.state.clone()
    c.units[1].hp = 1
    c.board[C] = -1
    assert g.state.units[1].hp == 4 and g.state.board[C] == 0
    assert c.units[0].unit is g.state.units[0].unit and c.grid is g.state.grid


def test_gain_and_heal_limited_by_supply_R_ENG_3(grid):
    """R-ENG-3: HP gained or healed never exceeds the chips left in the supply of the unit's colour."""
    g = make_game(grid, [(mk_unit("a", health=4), 0, C)], hp={0: 1})
    s = g.state
    u = s.units[0]
    s.supply["red"] = 1
    assert rules.gain_hp(g, u, 3) == 1 and u.hp == 2 and s.supply["red"] == 0
    assert rules.heal(g, u, 2) == 0 and u.hp == 2
