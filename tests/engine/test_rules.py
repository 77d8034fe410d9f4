"""Scenario tests of the rules functions and turn steps (forced dice) on the real Pozzuoli map.

Engine rules (`hoplostat/engine/rules.py`, `steps.py`) pinned where mutation testing found them unpinned
(issue 25).

Each test names the rule id it pins (../shared/RULES.md) or the rules function's contract, and fails when it
is implemented wrongly: guards against an occupied hex (uid 0 included), what a sentinel is when it enters
(SUP-4), the Colosseum's center hex (ARN-3), the narration of `hoplostat play --log`, statistics the reports
read (tactics enabled by Tactical), how a withdrawn unit leaves the board (ONS-11). Positions are hand-built
with tests/engine/enginekit.py; dice are forced with FixedRoller."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from engine.enginekit import Scripted, make_game, mk_tactic, mk_unit

from hoplostat.engine import rules, steps
from hoplostat.engine.hexgrid import HexGrid
from hoplostat.engine.mode import Mode
from hoplostat.engine.rules import FixedRoller
from hoplostat.engine.state import BAG, CAMP, COMBAT, DISCARD
from hoplostat.rulesets.remastered import turn

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


# --- pinned by mutation testing (formerly tests/engine/test_rules_pinned.py) ------------------------------------------
C = 28


def nb(grid, h=C, k=0):
    return grid.neighbours[h][k]


@pytest.fixture(scope="module")
def cgrid(cat):
    return HexGrid.of(cat.arena("colosseum"))


# --- guards: no change onto an occupied hex, the first unit's (uid 0) included -----------------------


def test_displace_refuses_a_hex_held_by_the_first_unit_SKL_6(grid):
    """A displacement never puts a unit on an occupied hex, also when the occupant is uid 0."""
    t = nb(grid)
    g = make_game(grid, [(mk_unit("zero"), 0, C), (mk_unit("b"), 1, t)])
    zero, b = g.state.units
    with pytest.raises(ValueError, match=f"displace: hex {C} is occupied"):
        rules.displace(g, b, C)
    assert g.state.board[C] == zero.uid and b.hex == t


def test_displace_moves_the_chip_and_frees_its_hex_and_narrates_who_did_it_SKL_6(grid):
    t, free = nb(grid), nb(grid, k=1)
    g = make_game(grid, [(mk_unit("pusher"), 0, C), (mk_unit("b"), 1, t)])
    s = g.state
    pusher, b = s.units
    rules.displace(g, b, free, by=pusher)
    assert s.board[t] == -1 and s.board[free] == b.uid and b.hex == free
    assert s.log[-1] == f"b (blue) is displaced from hex {t} to hex {free} by pusher"
    far = grid.at_distance(C, 3)[0]
    rules.displace(g, b, far)
    assert s.log[-1] == f"b (blue) is displaced from hex {free} to hex {far}"
    assert s.board[free] == -1


def test_move_refuses_an_occupied_hex_and_uses_up_the_move_MOV_3(grid):
    t = nb(grid)
    g = make_game(grid, [(mk_unit("zero"), 0, C), (mk_unit("b"), 1, t)])
    zero, b = g.state.units
    with pytest.raises(ValueError, match="is occupied"):
        rules.move(g, b, C)
    dest = nb(grid, k=1)
    rules.move(g, zero, dest)
    assert zero.moved_turn == g.state.turn and not rules.can_move(g.state, zero)
    assert g.state.board[C] == -1 and g.state.board[dest] == zero.uid


# --- sentinels (SUP-4, ARN-6) and footholds (SUP-1, SUP-2) -------------------------------------------


def _col(cat, cgrid, placed=()):
    g = make_game(cgrid, list(placed) or [(mk_unit("a"), 0, 30)])
    g.state.support_unit = cat.unit("sentinel")
    return g


def test_a_sentinel_is_dazed_the_turn_it_enters_and_not_later_SUP_4(cat, cgrid):
    """SUP-4: the sentinel gains its HP at once and is dazed the turn it enters (it cannot act that turn)."""
    g = _col(cat, cgrid)
    s = g.state
    before = s.supply["red"]
    sen = rules.place_sentinel(g, 0, 0)
    assert sen.hp == sen.unit.health and s.supply["red"] == before - sen.unit.health
    assert sen.deployed_turn == s.turn and s.is_dazed(sen)
    assert not rules.can_engage(s, sen) and not rules.can_use_abilities(s, sen)
    s.turn += 2
    assert not s.is_dazed(sen) and rules.can_engage(s, sen)


def test_a_sentinel_only_on_an_available_pedestal_ARN_6_SUP_4(cat, cgrid):
    """ARN-6, SUP-4: not on a plain hex; not on a pedestal another unit (uid 0 too) stands on; not without the
    supply for its HP; not without a sentinel in the catalog."""
    g = _col(cat, cgrid, [(mk_unit("zero"), 1, 30)])
    s = g.state
    with pytest.raises(ValueError, match="place_sentinel: hex 31 is not an available pedestal"):
        rules.place_sentinel(g, 0, 31)
    # uid 0 standing on the pedestal (a test position: only sentinels may be there)
    s.board[30], s.board[0] = -1, 0
    s.units[0].hex = 0
    with pytest.raises(ValueError, match="place_sentinel: hex 0 is not an available pedestal"):
        rules.place_sentinel(g, 0, 0)
    s.supply["red"] = 1
    with pytest.raises(ValueError, match="place_sentinel: supply has 1 red chips, a sentinel needs"):
        rules.place_sentinel(g, 0, 6)
    s.support_unit = None
    with pytest.raises(ValueError, match="^place_sentinel: the catalog has no sentinel$"):
        rules.place_sentinel(g, 0, 6)


def test_a_sentinel_placed_for_another_troop_is_narrated_as_such_ASC_12(cat, cgrid):
    """The narration says who placed a sentinel and, when another troop controls it, for whom (ASC-12)."""
    g = _col(cat, cgrid)
    s = g.state
    s.troops[0].faction, s.troops[1].faction = "amazons", "egypt"
    rules.place_sentinel(g, 0, 0)
    assert s.log[-1] == "amazons (red) places a sentinel on pedestal hex 0 with 4 HP (dazed this turn)"
    rules.place_sentinel(g, 0, 6, placed_by=0)
    assert s.log[-1] == "amazons (red) places a sentinel on pedestal hex 6 with 4 HP (dazed this turn)"
    rules.place_sentinel(g, 0, 72, placed_by=1)
    assert s.log[-1] == ("egypt (blue) places a sentinel for amazons (red) on pedestal hex 72 with 4 HP "
                         "(dazed this turn)")


def test_footholds_placed_moved_and_removed_are_the_placing_troops_SUP_1_SUP_2_CF_6(cat, cgrid):
    g = _col(cat, cgrid)
    s = g.state
    s.troops[1].faction = "egypt"
    rules.place_foothold(g, 1, 31)
    assert s.footholds == {31: 1} and s.log[-1] == "egypt (blue) places a foothold on hex 31"
    with pytest.raises(ValueError, match="^place_foothold: hex 31 already holds a foothold$"):
        rules.place_foothold(g, 0, 31)
    rules.move_foothold(g, 31, 32)
    assert s.footholds == {32: 1} and s.log[-1] == "egypt (blue) moves its foothold from hex 31 to hex 32"
    assert rules.remove_foothold(g, 32) == 1 and s.footholds == {}


# --- the Colosseum's center hex (ARN-3) --------------------------------------------------------------


def test_center_hex_deals_one_damage_to_the_active_troops_unit_only_ARN_3(cgrid):
    """ARN-3: a unit of the troop whose turn starts, on the center hex, is dealt 1 damage (no troop's damage);
    another troop's unit there is not; uid 0 counts like any unit."""
    center = cgrid.tagged("center")[0]
    g = make_game(cgrid, [(mk_unit("zero", health=3), 0, center), (mk_unit("b"), 1, 30)])
    s = g.state
    zero, b = s.units
    steps.center_hex_damage(g, 1, "the center hex")
    assert zero.hp == 3 and b.hp == 4
    steps.center_hex_damage(g, 0, "the center hex")
    assert zero.hp == 2 and s.troops[1].damage_dealt == 0
    assert s.log[-1] == "zero (red) loses 1 HP (the center hex), 2 left"



# --- what a move tells the mode, and its narration (MOV-3, SKL-6, ASC-10) ---------------------------


class _Moves(Mode):
    """A mode that records what the rules tell it of each move (Ascension equips shards from it, ASC-10)."""

    def __init__(self):
        self.moves = []

    def after_move(self, g, u, src, dest):
        self.moves.append((u.uid, src, dest))


def test_a_move_tells_the_mode_where_from_and_where_to_and_is_narrated_MOV_3(grid):
    mode = _Moves()
    g = make_game(grid, [(mk_unit("walker"), 0, C), (mk_unit("b"), 1, 0)], mode=mode)
    s = g.state
    dest = grid.at_distance(C, 2)[0]
    rules.move(g, s.units[0], dest)
    assert mode.moves == [(0, C, dest)]
    assert s.log[-1] == f"a (red) moves walker from hex {C} to hex {dest}"
    with pytest.raises(ValueError, match="^move: hex 0 is occupied$"):
        rules.move(g, s.units[0], 0)


def test_a_swap_is_the_swappers_move_from_its_hex_to_the_others_SKL_6(grid):
    """SKL-6 (R-ENG-7): in a swap the unit using the skill has moved, from its hex to the other's; the other
    is displaced, which tells the mode nothing."""
    mode = _Moves()
    t = nb(grid)
    g = make_game(grid, [(mk_unit("a"), 0, C), (mk_unit("b"), 0, t)], mode=mode)
    a, b = g.state.units
    rules.swap_places(g, a, b)
    assert (a.hex, b.hex) == (t, C) and g.state.board[t] == a.uid and g.state.board[C] == b.uid
    assert mode.moves == [(a.uid, C, t)]
    assert g.state.log[-1] == f"a (red) swaps places with b (red): moves from hex {C} to hex {t}, b is displaced to hex {C}"


def test_heal_and_gain_are_narrated_with_the_units_side_UNIT_4(grid):
    g = make_game(grid, [(mk_unit("a", health=4), 1, C)], hp={0: 1})
    s = g.state
    u = s.units[0]
    assert rules.heal(g, u, 2) == 2 and s.log[-1] == "a (blue) heals 2 HP, now 3"
    assert rules.gain_hp(g, u, 2) == 2 and s.log[-1] == "a (blue) gains 2 HP, now 5"
    n = len(s.log)
    assert rules.heal(g, u, 2) == 0 and len(s.log) == n  # nothing healed, nothing said


# --- leaving the board without a defeat (ONS-11) and coming back to camp ---------------------------


def test_withdraw_frees_the_hex_returns_chips_and_tactics_and_counts_no_defeat_ONS_11(grid):
    """ONS-11 (`rules.withdraw`): the unit leaves combat (uid 0 on hex 0 too), its HP back to the supply, HP
    gained forgotten, the tactics on it to the discard of the troops that played them; no defeat counted."""
    g = make_game(grid, [(mk_unit("zero", health=3), 0, 0), (mk_unit("b"), 1, C)])
    s = g.state
    zero, b = s.units
    rules.gain_hp(g, zero, 2)
    mine, theirs = mk_tactic("mine", "permanent", "extra-dice black"), mk_tactic("theirs", "permanent", "range-add 1")
    for troop, t in ((0, mine), (1, theirs)):
        s.troops[troop].tactics_camp.append(t)
        rules.place_tactic(g, troop, t, zero)
    supply = s.supply["red"]
    rules.withdraw(g, zero, BAG)
    assert s.board[0] == -1 and zero.hex == -1 and zero.zone == BAG and zero not in s.in_combat()
    assert zero.hp == 0 and zero.hp_gained == 0 and s.supply["red"] == supply + 5
    assert s.troops[0].tactics_discard == [mine] and s.troops[1].tactics_discard == [theirs] and zero.tactics == []
    assert s.troops[0].units_lost == 0 and zero.times_defeated == 0


def test_withdraw_keeps_out_what_discard_refuses_ONS_11(grid):
    g = make_game(grid, [(mk_unit("a"), 0, C)])
    s = g.state
    a = s.units[0]
    keep, marker = mk_tactic("keep", "permanent", "range-add 1"), mk_tactic("marker", "temporary", "stun")
    for t in (keep, marker):
        s.troops[1].tactics_camp.append(t)
        rules.place_tactic(g, 1, t, a)
    rules.withdraw(g, a, CAMP, discard=lambda pt: pt.tactic is not marker)
    assert s.troops[1].tactics_discard == [keep] and a.tactics == []


def test_return_to_camp_leaves_no_hp_and_sets_activity_only_when_told(grid):
    g = make_game(grid, [(mk_unit("a"), 0, C)])
    a = g.state.units[0]
    rules.defeat(g, a)
    rules.return_to_camp(g, a)
    assert (a.zone, a.hp, a.hex, a.active) == (CAMP, 0, -1, True)
    rules.return_to_camp(g, a, active=False)
    assert a.active is False


# --- simultaneous triggers: turn order from the active troop (SKL-4) --------------------------------


def test_turn_order_starts_with_the_active_troop_SKL_4(grid):
    g = make_game(grid, [(mk_unit("a"), 0, C)])
    s = g.state
    assert rules.turn_order_from_active(s) == [0, 1]
    s.active = 1
    assert rules.turn_order_from_active(s) == [1, 0]
    s.order = [1]
    assert rules.turn_order_from_active(s) == [1, 0]  # a troop outside the round order comes last


# --- gathering dice (ENG-3) -------------------------------------------------------------------------


def test_an_extra_die_adds_to_the_dice_of_its_colour_ENG_3_TAC_3(grid):
    """ENG-3, TAC-3: an extra-dice tactic of a colour the unit already rolls adds one die of it."""
    g = make_game(grid, [(mk_unit("a", attack="2black"), 0, C), (mk_unit("f"), 1, nb(grid))])
    s = g.state
    a, f = s.units
    t = mk_tactic("more", "permanent", "extra-dice black")
    s.troops[0].tactics_camp.append(t)
    rules.place_tactic(g, 0, t, a)
    pool = rules.attack_profile(g, a, f)[0]
    assert str(pool) == "3black" and pool.size == 3


# --- Tactical: the statistic of the tactics it enabled (R-CAT-5) -------------------------------------


def _tactical_game(grid, *, helper_at=None):
    target = grid.at_distance(C, 2)[0]
    placed = [(mk_unit("tac", skills=["tactical"]), 0, C), (mk_unit("target"), 1, target),
              (mk_unit("friend"), 1, next(h for h in grid.neighbours[target] if grid.dist[C][h] == 3))]
    if helper_at is not None:
        placed.append((mk_unit("helper"), 0, helper_at))
    g = make_game(grid, placed)
    t = mk_tactic("pain", "permanent", "range-add 1")
    g.state.troops[0].tactics_camp.append(t)
    return g, t


def test_a_tactic_reached_only_through_tactical_credits_the_tactician_R_CAT_5(grid):
    """R-CAT-5: a target 2 hexes from the Tactical unit (its reach exactly) and no own unit adjacent: the tactic
    was enabled by Tactical and the unit is credited, however many of the target's allies stand by it."""
    g, t = _tactical_game(grid)
    s = g.state
    tac, target, friend = s.units[:3]
    assert grid.dist[C][target.hex] == 2 and grid.dist[target.hex][friend.hex] == 1
    assert target in rules.tactic_targets(s, 0)
    rules.place_tactic(g, 0, t, target)
    assert tac.tactics_enabled == 1


def test_a_tactic_on_a_target_next_to_an_own_unit_credits_no_tactician_R_CAT_5(grid):
    """TAC-2: next to an own unit the target is valid without Tactical, so nothing is credited."""
    target = grid.at_distance(C, 2)[0]
    helper = next(h for h in grid.neighbours[target] if grid.dist[C][h] == 1)
    g, t = _tactical_game(grid, helper_at=helper)
    s = g.state
    rules.place_tactic(g, 0, t, s.units[1])
    assert s.units[0].tactics_enabled == 0 and s.units[3].tactics_enabled == 0


# --- Rise of Rome's Stationed cannot be displaced (ROR-101, in the shared rules) ---------------------


def test_a_working_stationary_skill_keeps_a_unit_from_being_displaced_ROR_101(grid):
    stationed = dataclasses.replace(mk_unit("st", skills=["stationed"]), ruleset="rise-of-rome")
    g = make_game(grid, [(stationed, 0, C), (mk_unit("plain"), 0, nb(grid))])
    s = g.state
    st, plain = s.units
    assert rules.can_be_displaced(s, plain) and not rules.can_be_displaced(s, st)
    assert rules.can_move(s, plain) and not rules.can_move(s, st)  # ROR-101: nor move from its hex
    stun = mk_tactic("stun", "temporary", "stun")
    s.troops[1].tactics_camp.append(stun)
    rules.place_tactic(g, 1, stun, st)  # fatigued: its skills do not work (SKL-7)
    assert rules.can_be_displaced(s, st)


# --- the dice: PmfRoller draws a pool's exact hit distribution; FixedRoller forces it ----------------


def test_pmf_roller_draws_each_pools_exact_hit_distribution():
    """`PmfRoller.hits` draws from the pool's exact PMF (`dice.hit_pmf`): every count from 0 to the pool's
    size at its probability, within 4 standard errors over 20,000 seeded draws; pools of other dice drawn
    in between keep their own distribution (the per-pool table is keyed by the dice)."""
    from hoplostat.dice import COLOURS, Pool, hit_pmf, parse_pool

    roller = rules.PmfRoller(np.random.default_rng(2026))
    pools = [parse_pool("3black"), parse_pool("red+green"), parse_pool("black")]
    n = 20_000
    counts = [np.zeros(p.size + 1) for p in pools]
    for _ in range(n):
        for p, c in zip(pools, counts):
            c[roller.hits(p)] += 1
    for p, c in zip(pools, counts):
        pmf = np.asarray(hit_pmf(p), dtype=float)
        assert len(pmf) == p.size + 1
        se = np.sqrt(pmf * (1 - pmf) / n)
        assert np.all(np.abs(c / n - pmf) <= 4 * se + 1e-12), (str(p), c / n, pmf)
    assert roller.hits(Pool((0,) * len(COLOURS))) == 0


def test_fixed_roller_pops_its_results_then_its_mode_and_records_the_pools():
    from hoplostat.dice import parse_pool

    p = parse_pool("2black")
    r = FixedRoller([5, 1], mode="none")
    assert [r.hits(p), r.hits(p), r.hits(p)] == [2, 1, 0]  # a result is capped at the pool's size
    assert r.rolled == [p, p, p]
    assert FixedRoller(mode="all").hits(p) == 2
    with pytest.raises(AssertionError, match="FixedRoller has no result left for 2black"):
        FixedRoller().hits(p)


# --- Game.clone and Game.reseed: a lookahead's continuation (engine/loop.resume) --------------------


class _Holder:
    """A controller that keeps references to what it shares with the game (as real policies do)."""

    def __init__(self, g_rng=None, state=None, other=None):
        self.rng, self.state, self.other = g_rng, state, other

    def choose(self, g, troop, decision, options, *, optional):
        return None if optional else options[0]


def _rolls(g, pool, k=30):
    return [g.roller.hits(pool) for _ in range(k)]


def test_a_clone_is_independent_and_rolls_the_same_future_dice(grid):
    """`Game.clone`: a new state, rng and controllers; what a controller shares with the game (its rng, its
    state) is the clone's in the clone; the clone's dice continue the original's stream, without sharing it;
    the dice tables are shared; depth and at_step are kept."""
    from hoplostat.dice import parse_pool

    g = make_game(grid, [(mk_unit("a"), 0, C), (mk_unit("b"), 1, nb(grid))])
    g.roller = rules.PmfRoller(g.rng)
    g.controllers = [_Holder(g.rng, g.state), _Holder()]
    g.depth, g.at_step = 2, True
    pool = parse_pool("3black")
    g.roller.hits(pool)
    c = g.clone()
    assert c.state is not g.state and c.state.units[1].hp == g.state.units[1].hp
    assert c.rng is not g.rng and c.roller is not g.roller and c.roller.rng is c.rng
    assert c.roller._cdf is g.roller._cdf
    h = c.controllers[0]
    assert h is not g.controllers[0] and h.rng is c.rng and h.state is c.state
    assert (c.depth, c.at_step) == (2, True)
    assert _rolls(c, pool) == _rolls(g, pool)
    c.state.units[1].hp = 1
    assert g.state.units[1].hp == 4


def test_a_clone_maps_a_rollers_own_rng_and_a_fixed_roller_for_its_controllers(grid):
    from hoplostat.dice import parse_pool

    pool = parse_pool("2black+yellow")
    g = make_game(grid, [(mk_unit("a"), 0, C)])
    g.roller = rules.PmfRoller(np.random.default_rng(7))
    g.controllers = [_Holder(other=g.roller.rng), _Holder()]
    c = g.clone()
    assert c.roller.rng is not g.roller.rng and c.roller.rng is not c.rng
    assert c.controllers[0].other is c.roller.rng
    assert _rolls(c, pool) == _rolls(g, pool)
    g = make_game(grid, [(mk_unit("a"), 0, C)], roller=FixedRoller([1, 2]))
    g.controllers = [_Holder(other=g.roller), _Holder()]
    c = g.clone()
    assert c.roller is not g.roller and c.controllers[0].other is c.roller
    assert c.roller.hits(pool) == 1 and g.roller.results == [1, 2]


def test_reseed_gives_the_game_and_the_rollers_own_rng_the_new_stream(grid):
    """`Game.reseed`: the game's rng and a roller's own rng both continue from the given generator's state;
    a roller without an rng (FixedRoller) is left alone."""
    g = make_game(grid, [(mk_unit("a"), 0, C)])
    g.roller = rules.PmfRoller(np.random.default_rng(7))
    g.reseed(np.random.default_rng(99))
    want = np.random.default_rng(99).random(3).tolist()
    assert g.rng.random(3).tolist() == want and g.roller.rng.random(3).tolist() == want
    g = make_game(grid, [(mk_unit("a"), 0, C)], roller=FixedRoller([1]))
    g.reseed(np.random.default_rng(99))
    assert g.rng.random(3).tolist() == want and g.roller.results == [1]


# --- what the rules tell the mode: rolls, damage, defeats (ENG-4, ENG-5, SKL-5) ----------------------


class _Recorder(Mode):
    """A mode that records every hook the rules call with its arguments; `ignore` and `roll` steer two."""

    def __init__(self, *, ignore=False, roll=None, end_on_defeat=False):
        self.calls, self.ignore, self.roll, self.end_on_defeat = [], ignore, roll, end_on_defeat

    def roll_attack(self, g, attacker, pool):
        self.calls.append(("roll", g, attacker, pool))
        return g.roller.hits(pool) if self.roll is None else self.roll

    def ignores_damage(self, g, target, amount, *, source, source_troop, what):
        self.calls.append(("ignores", g, target, amount, source, source_troop, what))
        return self.ignore

    def after_damage(self, g, target, removed, *, source, source_troop):
        self.calls.append(("damage", target, removed, source, source_troop))

    def after_defeat(self, g, u, *, source, source_troop):
        self.calls.append(("defeat", u, source, source_troop))
        if self.end_on_defeat:
            g.state.end_reason = "test"


def test_a_mode_that_rolls_attacks_gets_the_game_the_attacker_and_its_dice_ENG_3(grid):
    mode = _Recorder(roll=1)
    g = make_game(grid, [(mk_unit("a", attack="3black"), 0, C), (mk_unit("t"), 1, nb(grid))], mode=mode,
                  roller=FixedRoller([]))  # the game's roller is never used: the mode rolls
    a, t = g.state.units
    res = rules.attack(g, a, t)
    roll = mode.calls[0]
    assert roll[0] == "roll" and roll[1] is g and roll[2] is a and str(roll[3]) == "3black"
    assert (res.hits, res.dealt, res.removed) == (1, True, 1) and t.hp == 3


def test_a_missed_attack_deals_nothing_and_tells_nothing_SKL_5(grid):
    mode = _Recorder()
    g = make_game(grid, [(mk_unit("a"), 0, C), (mk_unit("t"), 1, nb(grid))], mode=mode, roller=FixedRoller([0]))
    res = rules.attack(g, *g.state.units)
    assert (res.hits, res.dealt, res.removed) == (0, False, 0) and [c[0] for c in mode.calls] == ["roll"]


def test_an_attack_that_ends_the_game_reports_its_hits_and_what_it_removed_ENG_5(grid):
    mode = _Recorder(end_on_defeat=True)
    g = make_game(grid, [(mk_unit("a", attack="3black"), 0, C), (mk_unit("t", health=2), 1, nb(grid))], mode=mode,
                  roller=FixedRoller([3]))
    res = rules.attack(g, *g.state.units)
    assert (res.hits, res.dealt, res.removed) == (3, True, 2) and g.state.end_reason == "test"


def test_damage_asks_the_mode_with_everything_it_may_ignore_it_for_ONS_7(grid):
    """ONS-7's hook (`ignores_damage`): the game, target, amount, source unit, source troop and what dealt it;
    damage a mode ignores removes nothing and is not followed by `after_damage`."""
    mode = _Recorder(ignore=True)
    g = make_game(grid, [(mk_unit("a"), 0, C), (mk_unit("t"), 1, nb(grid))], mode=mode)
    a, t = g.state.units
    assert rules.damage(g, t, 2, source=a, what="Savage") == 0 and t.hp == 4
    assert mode.calls == [("ignores", g, t, 2, a, 0, "Savage")]


def test_damage_of_nothing_or_to_a_unit_out_of_combat_is_not_dealt_SKL_5(grid):
    """SKL-5: 0 damage is not dealt by default (no narration, no `after_damage`); a unit out of combat is dealt
    nothing, even when told the damage was dealt."""
    mode = _Recorder()
    g = make_game(grid, [(mk_unit("a"), 0, C), (mk_unit("t"), 1, nb(grid))], mode=mode,
                  camp=[(mk_unit("away"), 1)])
    s = g.state
    a, t, away = s.units
    n = len(s.log)
    assert rules.damage(g, t, 0, source=a) == 0 and mode.calls == [] and len(s.log) == n
    mode.calls.clear()
    assert rules.damage(g, away, 2, source=a, dealt=True) == 0 and mode.calls == [] and away.hp == 0
    assert rules.damage(g, t, 0, source=a, dealt=True) == 0
    assert [c for c in mode.calls if c[0] == "damage"] == [("damage", t, 0, a, 0)]
    assert s.log[-1] == "t (blue) is dealt damage but loses no HP (attack)"
    rules.damage(g, t, 1)
    assert s.log[-1] == "t (blue) loses 1 HP (attack), 3 left"


def test_an_attack_reduced_to_zero_is_still_dealt_damage_SKL_5(grid):
    """SKL-5: a hit reduced to 0 (Absorb) is damage dealt: the mode's `after_damage` hears of it."""
    mode = _Recorder()
    g = make_game(grid, [(mk_unit("a"), 0, C), (mk_unit("t", skills=["absorb"]), 1, nb(grid))], mode=mode,
                  roller=FixedRoller([1]))
    a, t = g.state.units
    res = rules.attack(g, a, t)
    assert (res.dealt, res.removed) == (True, 0) and ("damage", t, 0, a, 0) in mode.calls


def test_defeat_frees_the_hex_counts_and_credits_and_tells_the_mode_DEF_1_ENG_5(grid):
    """DEF-1, ENG-5: the defeated unit (uid 0 on hex 0) leaves its hex; the counts the reports read go up by
    one per defeat (units lost, times defeated, the troop's and the unit's kills; a tactic's kill is the
    troop's); the narration names who defeated it; the mode hears of it with source and troop."""
    mode = _Recorder()
    g = make_game(grid, [(mk_unit("zero"), 1, 0), (mk_unit("killer"), 0, C), (mk_unit("other"), 1, nb(grid))],
                  mode=mode)
    s = g.state
    zero, killer, other = s.units
    s.troops[0].kills = s.troops[0].tactic_kills = killer.kills = 5
    s.troops[1].units_lost = zero.times_defeated = 3
    rules.defeat(g, zero, source=killer, source_troop=0)
    assert s.board[0] == -1 and zero.hex == -1 and zero.zone == DISCARD
    assert (s.troops[1].units_lost, zero.times_defeated, s.troops[0].kills, killer.kills) == (4, 4, 6, 6)
    assert s.troops[0].tactic_kills == 5
    assert s.log[-1] == "zero (blue) is defeated by killer"
    assert mode.calls[-1] == ("defeat", zero, killer, 0)
    rules.defeat(g, other, source_troop=0)
    assert (s.troops[0].kills, s.troops[0].tactic_kills, killer.kills) == (7, 6, 6)
    assert s.log[-1] == "other (blue) is defeated"


def test_deploy_counts_the_deployment_and_forgets_hp_gained_UNIT_3_DEP_4(grid):
    g = make_game(grid, [(mk_unit("a"), 0, C)], camp=[(mk_unit("new"), 0)])
    s = g.state
    new = s.units[1]
    new.hp_gained, new.times_deployed, s.troops[0].deployed = 2, 1, 3
    rules.deploy(g, new, 0)
    assert (new.hp, new.hp_gained, new.entered, new.times_deployed, s.troops[0].deployed) == (4, 0, True, 2, 4)
    assert s.log[-1] == "a (red) deploys new on hex 0 with 4 HP (dazed this turn)"
    new2 = dataclasses.replace(mk_unit("hero", kind="hero"))
    g = make_game(grid, [(mk_unit("a"), 0, C)], camp=[(new2, 0)])
    g.state.units[1].active = False
    with pytest.raises(ValueError, match=r"^deploy: hero is an inactive hero \(UNIT-8\)$"):
        rules.deploy(g, g.state.units[1], 0)


# --- Parry and Intercept Blow inside the attack (R-ENG-13) -------------------------------------------


def test_parry_of_the_target_counts_even_after_an_idle_parry_R_ENG_13(grid):
    """Parry: the first hit attack each round on the unit deals it no damage. An earlier Parry holder whose
    skills do not work (fatigued) is skipped, not the end of the search."""
    t = nb(grid)
    g = make_game(grid, [(mk_unit("tired", skills=["parry"]), 1, grid.at_distance(C, 3)[0]),
                         (mk_unit("a", attack="2black"), 0, C), (mk_unit("t", skills=["parry"]), 1, t)],
                  roller=FixedRoller([2, 2]))
    s = g.state
    tired, a, target = s.units
    stun = mk_tactic("stun", "temporary", "stun")
    s.troops[0].tactics_camp.append(stun)
    rules.place_tactic(g, 0, stun, tired)
    assert rules.attack(g, a, target).removed == 0 and target.hp == 4
    a.engaged_turn = -1
    assert rules.attack(g, a, target).removed == 2  # the second attack of the round is not parried


def _intercept_game(grid, *, extra=(), picks=None, roll=(2,), target_skills=()):
    t = nb(grid)
    near = [h for h in grid.neighbours[t] if h != C]
    ctrl = [Scripted(), Scripted(picks if picks is not None else {"intercept": lambda o: o[0]})]
    placed = [(mk_unit("a", attack="3black"), 0, C), (mk_unit("t", skills=target_skills), 1, t),
              (mk_unit("guard", skills=["intercept-blow", *extra]), 1, near[0])]
    return make_game(grid, placed, controllers=ctrl, roller=FixedRoller(list(roll))), near


def test_intercept_blow_is_a_choice_the_interceptor_may_decline_R_ENG_13(grid):
    """R-ENG-13: the adjacent ally *may* take the blow: it is asked (an optional decision) and may pass."""
    g, _ = _intercept_game(grid, picks={})
    a, t, guard = g.state.units
    rules.attack(g, a, t)
    assert g.controllers[1].asked == [("intercept", [guard.uid])]
    assert (t.hp, guard.hp) == (2, 4)


def test_intercept_blow_takes_the_interceptors_reduction_and_parry_R_ENG_13(grid):
    """R-ENG-13: the interceptor is dealt the damage with its own reduction (Absorb) and its own Parry."""
    g, _ = _intercept_game(grid, extra=["absorb"], roll=(1,))
    a, t, guard = g.state.units
    assert rules.attack(g, a, t).removed == 0 and (t.hp, guard.hp) == (4, 4)
    g, _ = _intercept_game(grid, extra=["parry"], roll=(3,))
    a, t, guard = g.state.units
    assert rules.attack(g, a, t).removed == 0 and (t.hp, guard.hp) == (4, 4)


def test_intercept_blow_takes_the_interceptors_bonus_R_ENG_13(grid):
    """R-ENG-13: the attack's bonus is recomputed for the interceptor (Inspire's +1 is the attacker's, so it
    stays): 2 hits + 1."""
    g, _ = _intercept_game(grid)
    s = g.state
    used = {u.hex for u in s.units}
    insp = (mk_unit("insp", skills=["inspire"]), 0, next(h for h in grid.at_distance(C, 2) if h not in used))
    g2 = make_game(grid, [(u.unit, u.troop, u.hex) for u in s.units] + [insp],
                   controllers=g.controllers, roller=FixedRoller([2]))
    a, t, guard, insp = g2.state.units
    assert rules.attack_profile(g2, a, guard)[1] == 1
    assert rules.attack(g2, a, t).removed == 3 and guard.hp == 1 and t.hp == 4


def test_only_an_adjacent_working_ally_other_than_the_target_is_asked_to_intercept_R_ENG_13(grid):
    """R-ENG-13: not the target itself, not an opponent of the target next to it, not an ally 2 hexes away;
    a first holder that may not intercept does not stop the search for one that may."""
    t = nb(grid)
    near = [h for h in grid.neighbours[t] if h != C and grid.dist[C][h] > 1]
    two = next(h for h in grid.at_distance(t, 2) if grid.dist[C][h] > 1)
    ctrl = [Scripted({"intercept": lambda o: o[0]}), Scripted({"intercept": lambda o: o[0]})]
    placed = [(mk_unit("far", skills=["intercept-blow"]), 1, two),
              (mk_unit("foe", skills=["intercept-blow"]), 0, near[1]),
              (mk_unit("a", attack="3black"), 0, C), (mk_unit("t", skills=["intercept-blow"]), 1, t),
              (mk_unit("guard", skills=["intercept-blow"]), 1, near[0])]
    g = make_game(grid, placed, controllers=ctrl, roller=FixedRoller([2]))
    far, foe, a, target, guard = g.state.units
    assert grid.dist[two][t] == 2
    rules.attack(g, a, target)
    assert [o for d, o in ctrl[1].asked if d == "intercept"] == [[guard.uid]]
    assert not any(d == "intercept" for d, _ in ctrl[0].asked)
    assert guard.hp == 2 and target.hp == 4


# --- simultaneous triggers resolved in order (SKL-4, R-ENG-26), with Cover (R-ENG-14) ----------------


class _Asked:
    """A controller that records (decision, options, optional, at_step) and answers with `picks`."""

    def __init__(self, picks=None):
        self.picks, self.asked = picks or {}, []

    def choose(self, g, troop, decision, options, *, optional):
        self.asked.append((decision, list(options), optional, g.at_step))
        fn = self.picks.get(decision)
        if fn is not None:
            return fn(options)
        return None if optional else options[0]


def _two_covers(grid, pick):
    """A red unit moves next to two blue Cover units (Range 1): two effects of one troop from one move."""
    dest = grid.at_distance(C, 2)[0]
    covers = [h for h in grid.neighbours[dest] if grid.dist[C][h] >= 2][:2]
    blue = _Asked({"trigger-order": pick})
    g = make_game(grid, [(mk_unit("mover", health=5), 0, C), (mk_unit("c1", skills=["cover"]), 1, covers[0]),
                         (mk_unit("c2", skills=["cover"]), 1, covers[1])],
                  controllers=[_Asked(), blue], roller=FixedRoller([1, 0]))
    return g, dest, blue


def test_one_troops_simultaneous_triggers_are_ordered_by_that_troop_SKL_4(grid):
    """SKL-4: two Cover units of the blue troop answer one move: the blue controller (asked a mandatory
    "trigger-order" between them) picks which resolves first; the first Cover rolls the first die."""
    g, dest, blue = _two_covers(grid, lambda o: o[1])
    s = g.state
    mover, c1, c2 = s.units
    rules.move(g, mover, dest)
    assert blue.asked == [("trigger-order", [(c1.uid, "cover"), (c2.uid, "cover")], False, False)]
    assert g.controllers[0].asked == []
    covers = [line for line in s.log if "covers" in line]
    assert covers[0].startswith("c2 (blue) covers") and covers[0].endswith("1 hit(s)")
    assert covers[1].startswith("c1 (blue) covers") and mover.hp == 4


def test_a_trigger_whose_holder_was_defeated_by_an_earlier_one_does_not_resolve_SKL_4(grid):
    """SKL-4 (`still`): each triggered effect is re-checked just before it resolves; a Cover whose mover was
    defeated by the first Cover rolls nothing."""
    g, dest, blue = _two_covers(grid, lambda o: o[0])
    mover = g.state.units[0]
    mover.hp = 1
    g.state.supply["red"] += 4
    rules.move(g, mover, dest)
    assert mover.zone == DISCARD and len(g.roller.rolled) == 1


def test_a_unit_whose_skills_do_not_work_triggers_nothing_on_a_move_SKL_7(grid):
    """A fatigued Cover unit (SKL-7) answers no move, even though it is in combat."""
    g, dest, blue = _two_covers(grid, lambda o: o[0])
    s = g.state
    mover, c1, c2 = s.units
    stun = mk_tactic("stun", "temporary", "stun")
    s.troops[0].tactics_camp.append(stun)
    rules.place_tactic(g, 0, stun, c1)
    rules.move(g, mover, dest)
    assert blue.asked == [] and len(g.roller.rolled) == 1 and mover.hp == 4


# --- the movement step (MOV-1, MOV-2, Combat Lock) ---------------------------------------------------


def _moves(g, troop=0):
    """The "move" options the movement step offers first (the controller passes)."""
    ctrl = _Asked()
    g.controllers = [ctrl, ctrl]
    steps.movement_step(g, troop)
    opts = [o for d, o, _opt, _st in ctrl.asked if d == "move"]
    return (opts[0] if opts else []), ctrl


def test_the_movement_step_is_asked_as_a_step_decision_MOV_1(grid):
    """The "move" decision is optional and asked by the step itself (`at_step`: a lookahead may clone there)."""
    g = make_game(grid, [(mk_unit("a"), 0, C)])
    opts, ctrl = _moves(g)
    assert opts and ctrl.asked[0][0] == "move" and ctrl.asked[0][2] is True and ctrl.asked[0][3] is True
    assert g.at_step is False


def test_an_opposing_foothold_blocks_movement_but_ones_own_does_not_MOV_2_SUP_3(cat, cgrid):
    g = make_game(cgrid, [(mk_unit("a", movement=1), 0, 30)])
    own, other = cgrid.neighbours[30][0], cgrid.neighbours[30][1]
    g.state.footholds.update({own: 0, other: 1})
    g.state.refresh_muted()
    opts, _ = _moves(g)
    assert (0, own) in opts and (0, other) not in opts


def test_combat_lock_locks_opponents_only_and_stops_them_on_arrival_R_ENG_27(grid):
    """Combat Lock: an opposing unit next to the lock holder cannot move; one arriving next to it must stop
    there; the holder's own troop is never locked (also when combat_version is 1 at the step's start)."""
    far = grid.at_distance(C, 3)[0]
    g = make_game(grid, [(mk_unit("lock", skills=["combat-lock"]), 1, C), (mk_unit("held"), 0, nb(grid)),
                         (mk_unit("walker", movement=4), 0, far), (mk_unit("ally"), 1, nb(grid, k=3))])
    s = g.state
    s.combat_version = 1
    lock, held, walker, ally = s.units
    assert rules.is_held(s, held) and not rules.is_held(s, ally) and not rules.is_held(s, walker)
    assert rules.locked_hexes(s, 1) == set()
    opts, _ = _moves(g)
    assert not any(uid == held.uid for uid, _ in opts)
    dests = {h for uid, h in opts if uid == walker.uid}
    assert dests and all(grid.dist[C][h] >= 1 for h in dests)
    locked = rules.locked_hexes(s, 0)
    assert locked and any(h in locked for h in dests)  # a hex next to the lock may be entered
    opts1, _ = _moves(g, 1)
    assert any(uid == ally.uid for uid, _ in opts1)


def test_a_unit_next_to_a_vacated_hex_is_offered_it_after_the_move_MOV_1(grid):
    """MOV-1 (units move one at a time): when a unit leaves its hex, a unit next to that hex may move onto it
    next, even when nothing else changed in its reach."""
    a_hex = C
    b_hex = nb(grid)
    common = [h for h in grid.neighbours[a_hex] if h in grid.neighbours[b_hex]]
    away = next(h for h in grid.neighbours[a_hex] if h not in common and h != b_hex)
    placed = [(mk_unit("a", movement=1), 0, a_hex), (mk_unit("b", movement=1), 0, b_hex)]
    placed += [(mk_unit(f"wall{k}"), 1, h) for k, h in enumerate(common)]
    g = make_game(grid, placed)
    ctrl = _Asked({"move": lambda o: (0, away) if (0, away) in o else None})
    g.controllers = [ctrl, ctrl]
    steps.movement_step(g, 0)
    moves = [o for d, o, _opt, _st in ctrl.asked if d == "move"]
    assert (1, a_hex) not in moves[0] and (1, a_hex) in moves[1]


def test_sentinels_never_move_whatever_a_tactic_adds_SUP_4(cat, cgrid):
    g = _col(cat, cgrid)
    s = g.state
    sen = rules.place_sentinel(g, 0, 0)
    s.turn += 2
    t = mk_tactic("adrenaline", "permanent", "movement-add 1")
    s.troops[0].tactics_camp.append(t)
    rules.place_tactic(g, 0, t, sen)
    assert rules.movement_of(s, sen) == sen.unit.movement + 1 >= 1 and not rules.can_move(s, sen)


def test_movement_set_to_zero_and_a_negative_total_is_no_movement_TAC_8(grid):
    g = make_game(grid, [(mk_unit("a", movement=1), 0, C)])
    s = g.state
    a = s.units[0]
    t = mk_tactic("slow", "permanent", "movement-set 0")
    s.troops[1].tactics_camp.append(t)
    rules.place_tactic(g, 1, t, a)
    assert rules.movement_of(s, a) == 0 and not rules.can_move(s, a)


# --- gaining HP, sentinels' details -----------------------------------------------------------------


def test_gaining_hp_adds_to_what_was_gained_and_never_takes_from_an_empty_supply_R_ENG_3(grid):
    g = make_game(grid, [(mk_unit("a"), 0, C)])
    s = g.state
    a = s.units[0]
    rules.gain_hp(g, a, 1)
    rules.gain_hp(g, a, 2)
    assert a.hp_gained == 3 and a.hp == 7
    s.supply["red"] = 0
    assert rules.gain_hp(g, a, 2) == 0 and a.hp == 7 and s.supply["red"] == 0


def test_a_sentinel_is_a_new_unit_of_its_troop_on_the_board_SUP_4(cat, cgrid):
    g = _col(cat, cgrid)
    s = g.state
    n = len(s.units)
    s.supply["red"] = s.support_unit.health  # exactly enough
    sen = rules.place_sentinel(g, 0, 0)
    assert s.units[n] is sen and sen.uid == n and sen.troop == 0 and sen.hex == 0 and s.board[0] == n
    assert sen.entered is True and sen in s.in_combat(0) and s.supply["red"] == 0


# --- who may take a tactic (TAC-2), with teams (UNIT-11) ---------------------------------------------


def _teams(g, teams):
    """The same position as a state whose troops form teams (co-op partners: UNIT-11)."""
    from dataclasses import fields

    from hoplostat.engine.state import GameState, TeamGameState

    s = g.state
    t = TeamGameState(**{f.name: getattr(s, f.name) for f in fields(GameState) if f.init}, teams=teams)
    g.state = t
    return t


def test_a_partners_unit_takes_a_tactic_only_when_adjacent_even_with_tactical_TAC_2_UNIT_11(grid):
    """TAC-2: a co-op partner's non-elite unit is a valid target when adjacent to an own unit; Tactical widens
    the reach to opposing units only (R-CAT-5), so a partner's unit 2 hexes away is not; a shard never is."""
    two = grid.at_distance(C, 2)[0]
    g = make_game(grid, [(mk_unit("tac", skills=["tactical"]), 0, C), (mk_unit("near"), 1, nb(grid)),
                         (mk_unit("far"), 1, two), (mk_unit("shard", kind="shard"), 1, nb(grid, k=3))])
    s = _teams(g, [0, 0])
    tac, near, far, shard = s.units
    got = rules.tactic_targets(s, 0)
    assert tac in got and near in got and far not in got and shard not in got
    # credit: a tactic on the partner's adjacent unit is no Tactical credit
    t = mk_tactic("pain", "permanent", "range-add 1")
    s.troops[0].tactics_camp.append(t)
    rules.place_tactic(g, 0, t, near)
    assert tac.tactics_enabled == 0


def test_a_partners_combat_lock_never_locks_you_R_ENG_27_UNIT_11(grid):
    g = make_game(grid, [(mk_unit("lock", skills=["combat-lock"]), 1, C), (mk_unit("mine"), 0, nb(grid))])
    s = _teams(g, [0, 0])
    lock, mine = s.units
    assert not rules.is_held(s, mine) and rules.locked_hexes(s, 0) == set()
    s.teams[1] = 1
    assert rules.is_held(s, mine) and rules.locked_hexes(s, 0)


def test_interceptors_of_two_partner_troops_are_asked_in_turn_order_SKL_4_R_ENG_26(grid):
    """R-ENG-26: two partners' units next to the attacked unit may intercept; the active troop's is asked
    first even when it arrived later (a unit of the troop after the active one arrived first)."""
    t = nb(grid)
    near = [h for h in grid.neighbours[t] if h != C]
    first, second = _Asked({"intercept": lambda o: None}), _Asked({"intercept": lambda o: None})
    g = make_game(grid, [(mk_unit("g1", skills=["intercept-blow"]), 1, near[0]),
                         (mk_unit("t"), 0, t), (mk_unit("g0", skills=["intercept-blow"]), 0, near[1]),
                         (mk_unit("foe", attack="2black"), 1, C)],
                  controllers=[first, second], roller=FixedRoller([1]))
    s = g.state
    s.troops.append(dataclasses.replace(s.troops[1], index=2, side="green", faction="c"))
    s.order = [0, 1, 2]
    s.supply["green"] = 34
    foe = s.units[3]
    foe.troop = 2
    s.combat_version += 1
    s = _teams(g, [0, 0, 1])
    g1, target, g0, foe = s.units
    order = []
    first.choose = lambda g_, troop, d, o, *, optional: order.append(("g0", troop)) or None
    second.choose = lambda g_, troop, d, o, *, optional: order.append(("g1", troop)) or None
    rules.attack(g, foe, target)
    assert order == [("g0", 0), ("g1", 1)] and target.hp == 3


# --- who may act: muted hexes (ARN-5), tactics that are not Stun (SKL-7), Abilities (SKL-2) ---------


def test_a_unit_on_a_muted_inner_hex_can_neither_attack_nor_use_abilities_ARN_5(cgrid):
    inner = next(h for h in range(cgrid.n) if cgrid.inner[h])
    g = make_game(cgrid, [(mk_unit("a"), 0, inner), (mk_unit("b"), 1, cgrid.neighbours[inner][0])])
    s = g.state
    s.refresh_muted()
    a, b = s.units
    assert s.muted[inner] and not rules.can_engage(s, a) and not rules.can_use_abilities(s, a)
    assert rules.can_engage(s, b) and rules.can_use_abilities(s, b)
    s.mute_exempt[0] = True  # Ascension's rivals (ASC-3)
    assert rules.can_engage(s, a) and rules.can_use_abilities(s, a)


def test_a_tactic_that_does_not_fatigue_leaves_the_unit_free_to_act_SKL_7(grid):
    g = make_game(grid, [(mk_unit("a"), 0, C), (mk_unit("b"), 1, grid.at_distance(C, 3)[0])])
    s = g.state
    a = s.units[0]
    t = mk_tactic("more", "permanent", "extra-dice black")
    s.troops[0].tactics_camp.append(t)
    rules.place_tactic(g, 0, t, a)
    assert rules.can_move(s, a) and rules.can_use_abilities(s, a) and rules.can_engage(s, a)


def test_ability_options_are_the_troops_own_units_less_the_skipped_ones_SKL_2_ASC_7(grid):
    g = make_game(grid, [(mk_unit("r1", skills=["regen 1"]), 0, C), (mk_unit("r2", skills=["regen 1"]), 0, nb(grid)),
                         (mk_unit("theirs", skills=["regen 1"]), 1, grid.at_distance(C, 3)[0])],
                  hp={0: 2, 1: 2, 2: 2})
    s = g.state
    r1, r2, theirs = s.units
    assert {o[0] for o in rules.ability_options(g, 0)} == {r1.uid, r2.uid}
    assert {o[0] for o in rules.ability_options(g, 0, skip=lambda u: u is r1)} == {r2.uid}
    assert {o[0] for o in rules.ability_options(g, 1)} == {theirs.uid}


def test_the_engage_step_is_asked_as_a_step_decision_ENG_1(grid):
    g = make_game(grid, [(mk_unit("a"), 0, C), (mk_unit("b"), 1, nb(grid))])
    ctrl = _Asked()
    g.controllers = [ctrl, ctrl]
    steps.engage_step(g, 0)
    assert ctrl.asked and ctrl.asked[0][0] == "engage" and ctrl.asked[0][2] is True and ctrl.asked[0][3] is True


def test_roll_by_colour_rolls_each_colour_on_its_own_weakest_first(grid):
    from hoplostat.dice import parse_pool

    g = make_game(grid, [(mk_unit("a"), 0, C)], roller=FixedRoller([1, 2]))
    got = rules.roll_by_colour(g, parse_pool("2black+red"))
    assert [str(p) for p in g.roller.rolled] == ["2black", "red"] and got == {"black": 1, "red": 1}


def test_each_tactic_enabled_by_tactical_counts_R_CAT_5(grid):
    g, t = _tactical_game(grid)
    s = g.state
    t2 = mk_tactic("pain2", "permanent", "range-add 1")
    s.troops[0].tactics_camp.append(t2)
    rules.place_tactic(g, 0, t, s.units[1])
    rules.place_tactic(g, 0, t2, s.units[1])
    assert s.units[0].tactics_enabled == 2


def test_reduce_damage_tactics_on_the_target_add_up_ENG_3_R_ODDS_2(grid):
    """ENG-3, R-ODDS-2: each reduce-damage tactic on the target takes its amount off the hit attack's total."""
    g = make_game(grid, [(mk_unit("a", attack="3black"), 0, C), (mk_unit("t"), 1, nb(grid))], roller=FixedRoller([3]))
    s = g.state
    a, t = s.units
    for k in (1, 1):
        tac = mk_tactic(f"shield{len(s.troops[1].tactics_camp)}", "permanent", f"reduce-damage {k}")
        s.troops[1].tactics_camp.append(tac)
        rules.place_tactic(g, 1, tac, t)
    assert rules.attack_profile(g, a, t)[2] == 2
    assert rules.attack(g, a, t).removed == 1


def test_an_aura_whose_holder_is_fatigued_does_not_stop_the_next_aura_ENG_3_SKL_7(grid):
    """ENG-3: every working skill with an attack hook counts; a fatigued holder earlier in arrival order is
    skipped, not the end of the gathering."""
    t = nb(grid)
    g = make_game(grid, [(mk_unit("tired", skills=["absorb"]), 1, grid.at_distance(C, 3)[0]),
                         (mk_unit("a", attack="3black"), 0, C), (mk_unit("t", skills=["absorb"]), 1, t)])
    s = g.state
    tired, a, target = s.units
    stun = mk_tactic("stun", "temporary", "stun")
    s.troops[0].tactics_camp.append(stun)
    rules.place_tactic(g, 0, stun, tired)
    assert rules.attack_profile(g, a, target)[2] == 1


# --- set-up placement (SKR-2), deployment guards (DEP-3), damage statistics, forced answers ----------


def test_placing_at_setup_takes_health_from_the_troops_supply_and_is_no_deployment_SKR_2(grid):
    g = make_game(grid, [(mk_unit("a"), 0, C)], camp=[(mk_unit("hero", kind="hero", health=5), 1)])
    s = g.state
    hero = s.units[1]
    red, blue = s.supply["red"], s.supply["blue"]
    rules.place_at_setup(s, hero, 0)
    assert (hero.hp, hero.zone, hero.hex, hero.entered, s.board[0]) == (5, COMBAT, 0, True, hero.uid)
    assert s.supply["blue"] == blue - 5 and s.supply["red"] == red and hero in s.in_combat(1)
    assert hero.times_deployed == 0 and s.troops[1].deployed == 0


def test_deploy_refuses_an_occupied_hex_and_a_short_supply_DEP_3(grid):
    g = make_game(grid, [(mk_unit("zero"), 0, C)], camp=[(mk_unit("new", health=4), 0)])
    s = g.state
    new = s.units[1]
    with pytest.raises(ValueError, match=f"^deploy: hex {C} is occupied$"):
        rules.deploy(g, new, C)
    s.supply["red"] = 3
    with pytest.raises(ValueError, match="^deploy: supply has 3 red chips, new needs 4$"):
        rules.deploy(g, new, 0)


def test_damage_statistics_add_up_over_attacks_and_tactics(grid):
    """The counts the reports read (damage taken, dealt by the troop and by the unit, a tactic's damage) add up."""
    g = make_game(grid, [(mk_unit("a"), 0, C), (mk_unit("t", health=9), 1, nb(grid))])
    s = g.state
    a, t = s.units
    rules.damage(g, t, 2, source=a)
    rules.damage(g, t, 3, source=a)
    rules.damage(g, t, 1, source_troop=0, what="pain")
    rules.damage(g, t, 2, source_troop=0, what="pain")
    assert t.damage_taken == 8 and s.troops[0].damage_dealt == 8 and a.damage_dealt == 5
    assert s.troops[0].tactic_damage == 3


def test_damage_that_defeats_credits_the_source_unit_ENG_5(grid):
    mode = _Recorder()
    g = make_game(grid, [(mk_unit("a"), 0, C), (mk_unit("t", health=2), 1, nb(grid))], mode=mode)
    a, t = g.state.units
    rules.damage(g, t, 2, source=a)
    assert a.kills == 1 and ("defeat", t, a, 0) in mode.calls
    assert g.state.log[-1] == "t (blue) is defeated by a"


def test_a_tactic_on_an_elite_unit_is_refused_UNIT_6(grid):
    g = make_game(grid, [(mk_unit("hero", kind="hero"), 1, C)])
    t = mk_tactic("pain", "instant", "damage 1")
    g.state.troops[0].tactics_camp.append(t)
    with pytest.raises(ValueError, match=r"^tactics cannot be played on elite units \(UNIT-6\)$"):
        rules.place_tactic(g, 0, t, g.state.units[0])


def test_a_forced_answer_is_given_once_to_the_step_decision_it_names(grid):
    """`Game.forced` (a lookahead's candidate): the next step decision gets it without asking, once; a
    different decision first is an error; a mandatory decision passed on is an error naming it."""
    g = make_game(grid, [(mk_unit("a"), 0, C)])
    ctrl = _Asked()
    g.controllers = [ctrl, ctrl]
    g.forced = ("move", (0, 1))
    assert g.ask(0, "move", [(0, 1), (0, 2)], step=True) == (0, 1) and g.forced is None and ctrl.asked == []
    assert g.ask(0, "move", [(0, 1), (0, 2)], step=True) is None and len(ctrl.asked) == 1
    g.forced = ("engage", None)
    with pytest.raises(RuntimeError, match="^a resumed game asked 'move' first, not 'engage'$"):
        g.ask(0, "move", [(0, 1)], step=True)
    with pytest.raises(RuntimeError, match="^controller of troop 0 passed on mandatory 'pick'$"):
        _mandatory_pass(g)


def _mandatory_pass(g):
    class Passes:
        def choose(self, g, troop, decision, options, *, optional):
            return None

    g.controllers = [Passes(), Passes()]
    g.ask(0, "pick", [1, 2], optional=False)


def test_an_abilitys_and_a_specials_options_use_the_skills_number_SKL_2_ENG_1(grid):
    """The number of a skill ("Hurl 2", "Long Shot 3") reaches its options: Hurl 2 offers hexes 2 away from
    the hurler, Long Shot 3 targets 3 hexes away (Hurl 1 and Long Shot 1 would not)."""
    three = grid.at_distance(C, 3)[0]
    g = make_game(grid, [(mk_unit("h", skills=["hurl 2", "long-shot 3"]), 0, C), (mk_unit("n"), 1, nb(grid)),
                         (mk_unit("far"), 1, three)])
    s = g.state
    h, n, far = s.units
    hurls = [o for o in rules.ability_options(g, 0) if o[1] == "hurl"]
    assert hurls and all(grid.dist[C][dest] == 2 for _uid, _sid, (_v, dest) in hurls)
    shots = [o for o in steps.engage_options(g, h) if o[0] == "special" and o[2] == "long-shot"]
    assert ("special", h.uid, "long-shot", (far.uid,)) in shots
