"""Rise of Rome against a titan (mode `rise-of-rome-titan`): every rule of the titan sections (ROR-54..ROR-85),
the rulings R-ROR-12.. of docs/rulings.md, the First Round Walkthrough as a scenario, and invariants over
seeded games.

Positions start from the mode's real set-up (`RiseOfRomeTitan.new_game`, then `begin`) with chips put on the
mat by hand; dice are forced (`FixedRoller`, one result per colour for the titan dice) and so are the d6
faces (`TitanState.d6_script`).

Rise of Rome against a titan, pinned: behaviour the mutation run of `rulesets/rise_of_rome/titan.py` found
unpinned (docs/testing-history.md, "Rise of Rome's titan mode"): Tidal Wave's line (ROR-72, R-ROR-20), the Trident's
stuns (ROR-73), a stunned summoned unit (ROR-79, ROR-103), the mode's options and the sweep rows.

Positions start from the mode's real set-up, as above (whose helpers are used);
dice and d6 faces are forced. The titan hex is 39; d6 face 1 is east (40, 41, 42, 43, 44)."""

from __future__ import annotations

import re

import numpy as np
import pytest
from engine.enginekit import Scripted, put_in_combat

from hoplostat.catalog import load
from hoplostat.catalog.model import RorTitan
from hoplostat.dice import Pool
from hoplostat.engine import rules
from hoplostat.engine.loop import GameSpec, play, run_steps
from hoplostat.engine.rules import FixedRoller
from hoplostat.engine.state import BAG, CAMP, COMBAT, TRACK
from hoplostat.errors import InputError
from hoplostat.policies import make
from hoplostat.rulesets.classic import turn as phase
from hoplostat.rulesets.rise_of_rome import favor
from hoplostat.rulesets.rise_of_rome import titan as ti
from hoplostat.rulesets.rise_of_rome.titan import actions as ti_actions
from hoplostat.rulesets.rise_of_rome.skills import STUN_FLIP, lift_flips
from hoplostat.rulesets.rise_of_rome.titan import RiseOfRomeTitan

CAT = load(ruleset="rise-of-rome")
HOME = 39
"""The titan hex of the stand-in mat; the Die Legend: 1 e, 2 ne, 3 nw, 4 w, 5 sw, 6 se."""


def new(titan="oceanus", factions=("rome",), *, roller=None, picks=None, d6=(), second=None):
    opts = (("second-titan", second),) if second else ()
    spec = RiseOfRomeTitan.validate(CAT, GameSpec("rise-of-rome-titan", factions, titan=titan, options=opts))
    g = RiseOfRomeTitan.new_game(CAT, spec, [Scripted(picks)], rng=np.random.default_rng(0), log=True,
                                 roller=roller or FixedRoller(mode="all"))
    g.state.mode.begin(g)
    s = g.state
    s.round, s.turn, s.active = 2, 3, 0
    s.d6_script = list(d6)
    return g


def scripted(g, picks=None):
    """Player 1's controller answers as `picks` says, with nothing of the titan players' heuristics between."""
    c = Scripted(picks)
    g.controllers = [c] * len(g.state.players) + [g.controllers[-1]]
    return c


def titan(s):
    return s.units[s.titan_uid]


def champion(s, p=0):
    return s.units[s.troops[p].primary_hero]


def gladiator(s, p=0, k=0, unit_id=None):
    """A gladiator chip of player `p` not in combat (its bag, hand or the chips left out of the game): the
    first such (`k` only names the chip's role in a test), or the one with `unit_id`."""
    mine = [u for u in s.units if u.troop == p and u.unit.kind == "unit" and u.zone in (BAG, CAMP, TRACK)]
    if unit_id is not None:
        return next(u for u in mine if u.unit.id == unit_id)
    return mine[0]


def put(s, u, h, hp=None):
    return s.units[put_in_combat(s, u.uid, h, hp)]


def summoned_at(g, h, k=0):
    """The k-th gladiator of the titan's pile put on hex h as a summoned unit (no move)."""
    s = g.state
    if s.pile:
        u = s.units[s.pile.pop(k)]
    else:  # a titan without a pile: a Pompeii chip on the titan's side
        from hoplostat.engine.state import UnitState
        u = UnitState(len(s.units), CAT.faction_units("pompeii")[0], s.titan_troop, zone=CAMP)
        s.units.append(u)
    return put(s, u, h)


def pillars_down(g, *, keep=0):
    """Destroy pillars (all but `keep`) through damage by the champion (the shards go to it)."""
    s = g.state
    hero = champion(s)
    for uid in list(s.pillars)[keep:]:
        p = s.units[uid]
        rules.damage(g, p, p.hp, source=hero)


def stationed_in_pile(s):
    """The position in the titan's pile (Pompeii's gladiators, against Rome) of the Stationed Pompeii Defender II."""
    return next(k for k, uid in enumerate(s.pile) if s.units[uid].unit.id == "pompeii/defender-2")


def walk(s, h, face, n):
    for _ in range(n):
        h = s.grid.compass_step(h, face)
    return h


# --------------------------------------------------------------------------- the catalog and set-up


def test_the_four_titans_and_their_difficulty_ROR_55():
    """ROR-55: Menoetius 1, Oceanus 3, Cronus 3, Theia 2 (of 3); Oceanus from his card, the others stand-ins."""
    assert {k: v.difficulty for k, v in CAT.titans.items()} == {"menoetius": 1, "oceanus": 3, "cronus": 3, "theia": 2}
    assert all(isinstance(v, RorTitan) for v in CAT.titans.values())
    oc = CAT.titan("oceanus")
    assert oc.unit.provenance["health"] == "rulebook" and all(a.provenance == "rulebook" for a in oc.actions)
    for t in ("menoetius", "cronus", "theia"):
        card = CAT.titan(t)
        assert card.unit.provenance["name"] == "rulebook" and card.unit.provenance["health"] == "stand-in"
        assert all(a.provenance == "stand-in" for a in card.actions)


def test_oceanus_card_HP_12_range_1_plus_X_titan_dice_and_basic_attack_ROR_66():
    """ROR-66: HP 12; Attack Range 1 + X; titan dice black, green, green, blue; Basic Attack black, blue, blue."""
    oc = CAT.titan("oceanus")
    assert oc.unit.health == 12 and oc.unit.range == 1 and oc.range_per_shard == 1
    assert oc.titan_dice == Pool.of(black=1, green=2, blue=1)
    assert oc.unit.attack == Pool.of(black=1, blue=2)
    assert oc.returns and oc.summons == "other-city"
    g = new()
    s = g.state
    assert ti.titan_range(s, titan(s)) == 1
    pillars_down(g, keep=2)  # two shards freed, held by the champion: X = 2
    assert ti.active_shards(s) == 2 and ti.titan_range(s, titan(s)) == 3


def test_the_titan_starts_active_on_the_titan_hex_with_four_pillars_on_the_pedestals_ROR_56():
    """ROR-56: the active titan with its HP on the titan hex; four pillars (the card's Health) on the pedestals."""
    for tid in CAT.titans:
        g = new(tid)
        s = g.state
        t = titan(s)
        assert t.hex == HOME and t.active and t.hp == CAT.titan(tid).unit.health
        assert sorted(s.units[p].hex for p in s.pillars) == sorted(s.grid.tagged("pedestal"))
        assert all(s.units[p].hp == CAT.titan(tid).pillar_health for p in s.pillars)
        assert s.shards == [ti.STANDS] * 4


def test_solo_set_up_an_inactive_champion_and_a_bag_of_six_gladiators_and_one_chosen_tactic_ROR_57():
    """ROR-57: the inactive champion with its health on a red champion hex; six random gladiators and one chosen
    tactic are the whole bag; four of them in the hand."""
    g = new(picks={"select-tactic": lambda o: o[2]})
    s = g.state
    hero = champion(s)
    assert hero.zone == COMBAT and not hero.active and hero.hp == 10 and hero.hex in s.grid.tagged("champion-red")
    units = [u for u in s.units if u.troop == 0 and u.unit.kind == "unit" and u.zone in (BAG, CAMP)]
    t = s.troops[0]
    assert len(units) == 6 and len(t.tactics_bag) + len(t.tactics_camp) == 1
    assert (t.tactics_bag + t.tactics_camp)[0].id == CAT.faction("rome").tactics[2]
    assert phase.hand_count(s, 0) == 4 and phase.bag_count(s, 0) == 3
    left = [u for u in s.units if u.troop == 0 and u.unit.kind == "unit" and u.zone == TRACK]
    assert len(left) == 4  # the other four gladiators are not in the game


def test_one_cf_gladiator_and_the_players_own_four_fa_chips_every_reward_theirs_ROR_58():
    """ROR-58: a CF gladiator on the meter's center, the player's own four F/A chips on the other circles: every
    reward earned, F/A chips included, goes to the player."""
    g = new()
    s = g.state
    m = s.troops[0]
    assert s.units[m.cf_gladiator].unit.kind == "cf-gladiator" and s.units[m.cf_gladiator].troop == 0
    chips = [m.meter_chips[k] for k in (favor.FAR_LEFT, favor.MID_LEFT, favor.MID_RIGHT, favor.FAR_RIGHT)]
    assert all(c >= 0 and s.units[c].troop == 0 and s.units[c].unit.kind == "fa-archer" for c in chips)
    m.cf_target = favor.FAR_RIGHT
    favor.gain(g, 0, 5, "test")
    assert m.fa_earned == [chips[3]] and m.far_open


def test_oceanus_summons_from_a_face_down_pile_of_the_other_citys_ten_gladiators_each_once_ROR_59():
    """ROR-59: against Oceanus, the other city's ten gladiators (no champion) in a random face-down pile; each
    summoned at most once."""
    g = new(factions=("rome",))
    s = g.state
    pile = [s.units[u] for u in s.pile]
    assert len(pile) == 10 and {u.unit.faction for u in pile} == {"pompeii"}
    assert sorted(u.unit.id for u in pile) == sorted(u.id for u in CAT.faction_units("pompeii"))
    assert all(u.troop == s.titan_troop and u.zone == CAMP for u in pile)
    assert [u.unit.id for u in pile] != [u.id for u in CAT.faction_units("pompeii")]  # shuffled
    seen = set()
    for _ in range(12):
        for u in list(ti.summoned(s)):  # clear the mat so every call forth finds a hex
            rules.withdraw(g, u, "discard")
        titan(s).hex == HOME or ti.go_home(g, titan(s))
        s.d6_script = [1]
        before = set(s.pile)
        ti._call_forth(g, titan(s), None)
        seen |= before - set(s.pile)
    assert len(seen) == 10 and not s.pile
    assert new("menoetius").state.pile == []


# --------------------------------------------------------------------------- objective


def test_the_titan_ignores_damage_while_a_pillar_stands_and_pillars_are_damaged_like_units_ROR_60_R_ROR_14():
    """ROR-60, ruling R-ROR-14: while any pillar stands the titan takes no damage; pillars take it from attacks
    and damaging skills alike; once the last falls the titan can be harmed."""
    g = new()
    s = g.state
    archer = put(s, gladiator(s, unit_id="rome/archer-2"), walk(s, s.units[s.pillars[0]].hex, 6, 2))
    t = titan(s)
    assert rules.damage(g, t, 3, source=archer) == 0 and t.hp == 12
    pillar = s.units[s.pillars[0]]
    rules.attack(g, archer, pillar)  # a Basic Attack, all hits
    assert pillar.hp == CAT.titan("oceanus").pillar_health - 1
    rules.damage(g, pillar, 5, source=archer, what="Long Shot")  # a skill's damage
    assert pillar.zone != COMBAT and s.shards[0] == archer.uid
    assert rules.damage(g, t, 2, source=archer) == 0
    pillars_down(g)
    assert ti.pillars_standing(s) == 0 and rules.damage(g, t, 2, source=archer) == 2 and t.hp == 10


# mutant checked: RiseOfRomeTitan.ignores_damage `pillars_standing(s)` -> `pillars_standing(s) > 1`
def test_the_last_pillar_standing_alone_still_shields_the_titan_ROR_60_R_ROR_14():
    """ROR-60 (ruling R-ROR-14) at the boundary: with exactly one pillar standing the titan still takes no damage;
    once it falls he does."""
    g = new()
    s = g.state
    t = titan(s)
    pillars_down(g, keep=1)
    assert ti.pillars_standing(s) == 1
    assert rules.damage(g, t, 2, source=champion(s)) == 0 and t.hp == 12
    pillars_down(g)
    assert ti.pillars_standing(s) == 0 and rules.damage(g, t, 2, source=champion(s)) == 2 and t.hp == 10


def test_a_freed_shard_goes_to_the_pillars_destroyer_and_a_fallen_holder_passes_it_to_the_champion_ROR_60_R_ROR_15():
    """Ruling R-ROR-15: the unit whose damage destroyed the pillar holds its shard (a tactic's damage: the
    player's champion); a holder defeated gives its shards to its champion."""
    g = new()
    s = g.state
    u = put(s, gladiator(s, 0), 25)
    p = s.units[s.pillars[1]]
    rules.damage(g, p, p.hp, source=u)
    assert s.shards[1] == u.uid
    q = s.units[s.pillars[2]]
    rules.damage(g, q, q.hp, source_troop=0, what="tactic")
    assert s.shards[2] == champion(s).uid
    rules.damage(g, u, u.hp, source=titan(s))
    assert s.shards[1] == champion(s).uid and ti.active_shards(s) == 2


def test_the_game_is_lost_when_the_champion_falls_ROR_61():
    """ROR-61: the champion's defeat ends the game, lost."""
    g = new()
    s = g.state
    rules.damage(g, champion(s), 10, source=titan(s))
    res = s.mode.result(g, None)
    assert s.end_reason == "champion defeated" and not res.won and res.troops[0].outcome == "lost"


def test_the_titan_falls_and_the_player_wins_ROR_17():
    g = new()
    s = g.state
    pillars_down(g)
    rules.damage(g, titan(s), 12, source=champion(s))
    res = s.mode.result(g, None)
    assert s.end_reason == "titan defeated" and res.won and res.troops[0].outcome == "won"


# --------------------------------------------------------------------------- general titan rules


def test_the_titan_ignores_the_titan_hex_its_summoned_units_do_not_ROR_62_R_ROR_26():
    """ROR-62 (ruling R-ROR-26: this book has no Pit): the titan on the titan hex at the start of its turn takes
    no damage; a summoned unit there does."""
    g = new(roller=FixedRoller(mode="none"))
    s = g.state
    pillars_down(g)  # the titan can be harmed: still not by its hex
    ti.titan_turn(g)
    assert titan(s).hp == 12 and titan(s).hex == HOME
    rules.displace(g, titan(s), 40)
    u = summoned_at(g, HOME)
    hp = u.hp
    ti.titan_turn(g)  # it then trades places with the titan going home (ROR-67)
    assert u.hp == hp - 1 and titan(s).hp == 12


def test_closest_then_weakest_is_a_tie_break_and_a_last_tie_is_the_players_ROR_63():
    """ROR-63: the Basic Attack's target: the closest opponents only, then the weakest of those (a weaker
    farther one is not taken); a tie left is asked of the player ("titan-choice")."""
    g = new()
    s = g.state
    pillars_down(g, keep=1)  # three shards held by the champion: range 4
    near = put(s, gladiator(s, k=0), 40)          # distance 1, full HP
    far = put(s, gladiator(s, k=1), 42, hp=1)     # distance 3, 1 HP
    ti._basic_attack(g, titan(s), None)
    assert near.hp < near.unit.health and far.hp == 1
    c = scripted(g, {"titan-choice": lambda o: o[-1]})
    near.hp = 3
    weak = put(s, gladiator(s), 50, hp=1)  # as close, weaker: taken without asking
    ti._basic_attack(g, titan(s), None)
    assert weak.zone != COMBAT and near.hp == 3 and not [d for d, _ in c.asked if d == "titan-choice"]
    a = put(s, gladiator(s, k=2), 38, hp=2)
    b = put(s, gladiator(s, k=3), 29, hp=2)
    near.hp = 2
    ti._basic_attack(g, titan(s), None)
    asked = [opts for d, opts in c.asked if d == "titan-choice"]
    assert asked and {o.uid for o in asked[0]} == {near.uid, a.uid, b.uid}


def test_closest_for_movement_is_the_shortest_available_route_ROR_64():
    """ROR-64: a summoned unit heads for the shard holder nearest by route, not by straight distance."""
    g = new()
    s = g.state
    u = summoned_at(g, 40)
    walled = put(s, gladiator(s, k=0), 42)
    open_ = put(s, gladiator(s, k=1), 37)
    for h in s.grid.neighbours[42]:  # wall the nearer one in but for its far side
        if s.board[h] < 0 and s.grid.compass_step(42, 1) != h and not s.grid.pedestal[h]:
            put(s, gladiator(s), h)
    s.shards[0], s.shards[1] = walled.uid, open_.uid
    straight = s.grid.dist[40]
    route = ti.route_from(s, 40, u)
    assert straight[42] < straight[37] and route[42] > route[37]
    assert ti.shard_bound_target(g, u) is open_


def test_a_d6_for_direction_is_read_through_the_die_legend_ROR_65_R_ROR_18():
    """ROR-65, ROR-4 (ruling R-ROR-18): a direction d6 is the white die read through the Die Legend."""
    for face in range(1, 7):
        g = new(roller=FixedRoller([0, 0, 1], mode="none"), d6=[face])  # blue 0, green 0, black 1: Move
        s = g.state
        scripted(g)
        ti.titan_turn(g)
        assert titan(s).hex == s.grid.compass_step(HOME, face) and s.d6_rolled == [face]


def test_oceanus_goes_back_to_the_titan_hex_trading_places_with_a_unit_there_ROR_67():
    """ROR-67: at the start of his action order he returns to the titan hex; a unit standing there trades
    places with him."""
    g = new(roller=FixedRoller(mode="none"))
    s = g.state
    rules.displace(g, titan(s), 42)
    u = put(s, gladiator(s), HOME)
    ti.titan_turn(g)
    assert titan(s).hex == HOME and u.hex == 42
    g2 = new("cronus", roller=FixedRoller(mode="none"))  # a card that does not return
    rules.displace(g2, titan(g2.state), 42)
    ti.titan_turn(g2)
    assert titan(g2.state).hex == 42


def test_the_titan_does_not_trade_places_with_a_stationed_unit_on_the_titan_hex_ROR_67_ROR_101_R_ROR_29():
    """ROR-67, ROR-101 (ruling R-ROR-29): Stationed "cannot move or be displaced", so the unit on the titan hex
    stays and the returning titan stays where he is."""
    g = new(roller=FixedRoller(mode="none"))
    s = g.state
    rules.displace(g, titan(s), 42)
    st = summoned_at(g, HOME, stationed_in_pile(s))
    ti.titan_turn(g)
    assert st.hex == HOME and titan(s).hex == 42


def test_one_black_hit_moves_oceanus_one_hex_if_possible_ROR_68():
    """ROR-68: 1 black hit: he moves 1 hex in the d6's direction, if possible (blocked: he stays)."""
    g = new(roller=FixedRoller([0, 0, 1], mode="none"), d6=[1])  # blue 0, green 0, black 1 (weakest colour first)
    s = g.state
    ti.titan_turn(g)
    assert titan(s).hex == 40
    g = new(roller=FixedRoller([0, 0, 1], mode="none"), d6=[1])
    s = g.state
    put(s, gladiator(s), 40)
    ti.titan_turn(g)
    assert titan(s).hex == HOME


def test_titans_and_summoned_units_never_enter_a_foothold_ROR_54():
    """ROR-54: a players' foothold stops the titan's Move, and a summoned unit's route goes around it."""
    g = new(roller=FixedRoller([0, 0, 1], mode="none"), d6=[1])
    s = g.state
    rules.place_foothold(g, 0, 40)
    ti.titan_turn(g)
    assert titan(s).hex == HOME
    g = new()
    s = g.state
    target = put(s, gladiator(s), 28)
    s.shards[0] = target.uid
    u = summoned_at(g, 31)  # two hexes east of the target: the straight way is hex 30
    rules.place_foothold(g, 0, 30)
    assert ti.route_from(s, 28, u)[31] > s.grid.dist[28][31]
    ti.shard_bound_move(g, u)
    assert u.hex != 30 and s.grid.dist[u.hex][28] == 1
def test_call_forth_summons_onto_the_titan_hex_else_the_first_free_inner_hex_clockwise_ROR_69_R_ROR_17():
    """ROR-69 (ruling R-ROR-17): onto the titan hex; if it is occupied, the inner hex in the d6's direction from
    it, or the next free one clockwise (e, se, sw, w, nw, ne)."""
    g = new()
    s = g.state
    rules.displace(g, titan(s), 40)
    top = s.pile[0]
    ti._call_forth(g, titan(s), None)
    assert s.units[top].zone == COMBAT and top not in s.pile and s.summoned == 1
    g = new(d6=[1])  # Oceanus on the titan hex: d6 1 = east = inner hex 41, taken: next clockwise, se = 60
    s = g.state
    put(s, gladiator(s), 41)
    top = s.pile[0]
    hexes = []
    orig = ti_actions.shard_bound_move  # where `summon` finds it
    ti_actions.shard_bound_move = lambda g_, u: hexes.append(u.hex)
    try:
        ti._call_forth(g, titan(s), None)
    finally:
        ti_actions.shard_bound_move = orig
    assert hexes == [60] and s.units[top].hex == 60


def test_greater_call_forth_summons_a_cf_gladiator_else_two_gladiators_ROR_70_R_ROR_17():
    """ROR-70 (ruling R-ROR-17): a CF gladiator (one the players did not draw) if one is available, else two
    gladiators from the pile."""
    g = new(d6=[1, 1, 1, 1])
    s = g.state
    mine = s.units[s.troops[0].cf_gladiator].unit.id
    assert len(s.cf_pile) == 1 and s.units[s.cf_pile[0]].unit.id != mine
    cf = s.cf_pile[0]
    ti._greater_call_forth(g, titan(s), None)
    assert s.units[cf].zone == COMBAT and s.units[cf].troop == s.titan_troop and not s.cf_pile
    n = len(s.pile)
    ti._greater_call_forth(g, titan(s), None)
    assert len(s.pile) == n - 2 and s.summoned == 3


def test_the_basic_attack_rolls_the_cards_dice_at_the_closest_then_weakest_within_range_ROR_71():
    """ROR-71: Basic Attack with black, blue, blue on the closest > weakest unit within the current range;
    nothing out of range."""
    roller = FixedRoller([2])
    g = new(roller=roller)
    s = g.state
    far = put(s, gladiator(s), 42)
    ti._basic_attack(g, titan(s), None)
    assert far.hp == far.unit.health and not roller.rolled
    u = put(s, gladiator(s), 40)
    ti._basic_attack(g, titan(s), None)
    assert roller.rolled == [Pool.of(black=1, blue=2)] and u.hp == u.unit.health - 2 and far.hp == far.unit.health
def test_tidal_wave_draws_the_line_toward_him_then_hits_all_within_1_plus_X_ROR_72_R_ROR_20():
    """ROR-72 (ruling R-ROR-20): every unit on the straight line in the d6's direction is drawn toward him as
    close as it can come (nearest first); then every opposing unit within 1 + X takes 1 damage, all around."""
    g = new(d6=[1])
    s = g.state
    a = put(s, gladiator(s, k=0), 42)
    b = put(s, gladiator(s, k=1), 44)
    side = put(s, gladiator(s, k=2), 29)  # next to him, not on the line
    off = put(s, gladiator(s, k=3), 50 + 10)  # away, off the line
    ti._tidal_wave(g, titan(s), None)
    assert a.hex == 40 and b.hex == 41
    assert a.hp == a.unit.health - 1 and side.hp == side.unit.health - 1
    assert b.hp == b.unit.health and off.hp == off.unit.health  # 2 hexes away: out of 1 + 0


def test_tidal_wave_never_draws_a_stationed_unit_ROR_72_ROR_101_R_ROR_20():
    """Ruling R-ROR-20, ROR-101: Tidal Wave leaves a Stationed unit on the line where it stands ("cannot move or be
    displaced"); the unit behind it is drawn up to it."""
    g = new(d6=[1])
    s = g.state
    st = summoned_at(g, 42, stationed_in_pile(s))
    behind = put(s, gladiator(s), 44)
    ti._tidal_wave(g, titan(s), None)
    assert st.hex == 42 and behind.hex == 43


def test_trident_stun_and_storm_stun_shard_holders_and_never_fire_on_oceanus_dice_ROR_73_R_ROR_13():
    """ROR-73 (ruling R-ROR-13): Trident Stun flips the closest shard holder anywhere; Storm every holder. With
    Oceanus's dice (no yellow) the rows are played as printed and never fire."""
    g = new()
    s = g.state
    a = put(s, gladiator(s, k=0), 42)
    b = put(s, gladiator(s, k=1), 25)
    s.shards[0], s.shards[1] = a.uid, b.uid
    ti._trident_stun(g, titan(s), None)
    assert any(pt.tactic is STUN_FLIP for pt in a.tactics) and not b.tactics
    ti._trident_storm(g, titan(s), None)
    assert any(pt.tactic is STUN_FLIP for pt in b.tactics)
    rows = ti.rows_met(s, {"yellow": 0, "blue": 1, "green": 2, "black": 1})
    assert all(r.action not in ("trident-stun", "trident-storm") for r in rows.values())
    assert ti.rows_met(s, {"yellow": 2})["attack"].action == "trident-storm"  # as printed, were a yellow rolled


def test_one_row_per_block_the_last_met_and_hits_serve_every_block_ROR_74_R_ROR_12():
    """ROR-74 (ruling R-ROR-12): roll every titan die; in each block the last row listed whose hits were rolled
    resolves; a hit serves every block. The book's example, 1 black + 2 green: Move, then Greater Call Forth
    (not Call Forth), and the Basic Attack; 1 black + 1 blue: Tidal Wave, not the Basic Attack."""
    g = new()
    s = g.state
    rows = ti.rows_met(s, {"black": 1, "green": 2})
    assert {k: r.action for k, r in rows.items()} == {"movement": "move-d6", "special": "greater-call-forth",
                                                       "attack": "basic-attack"}
    rows = ti.rows_met(s, {"black": 1, "green": 1, "blue": 1})
    assert {k: r.action for k, r in rows.items()} == {"movement": "move-d6", "special": "call-forth",
                                                       "attack": "tidal-wave"}
    assert ti.rows_met(s, {"green": 2, "blue": 1}) == {}  # no black: nothing
    roller = FixedRoller([0, 2, 1])  # blue 0, green 2, black 1 (weakest colour first)
    g = new(roller=roller, d6=[1, 1])
    s = g.state
    ti.titan_turn(g)
    assert roller.rolled[:3] == [Pool.of(blue=1), Pool.of(green=2), Pool.of(black=1)]
    assert titan(s).hex == 40 and s.summoned == 1 and s.units[s.cf_pile[0] if s.cf_pile else -1] is not None


def test_summoned_units_move_after_the_titans_move_and_attack_after_his_attack_every_turn_ROR_75_R_ROR_24():
    """ROR-75 (ruling R-ROR-24): the titan's movement row, then every summoned unit moves; his attack row, then
    every summoned unit attacks; they act every titan turn, whatever the titan rolled."""
    g = new(roller=FixedRoller(mode="none"))
    s = g.state
    u = summoned_at(g, 42)
    start = u.hex
    hero = champion(s)
    ti.titan_turn(g)  # no hits at all: the summoned unit still moves
    assert s.grid.dist[u.hex][hero.hex] < s.grid.dist[start][hero.hex]
    g = new(roller=FixedRoller([0, 0, 1, 3, 3]), d6=[4])  # titan: black only (Move west, Basic Attack)
    s = g.state
    hero = champion(s)
    u = summoned_at(g, walk(s, hero.hex, 1, 3))
    near = put(s, gladiator(s), 37)  # west of the titan hex: in his range once he moved
    ti.titan_turn(g)
    log = s.log
    at = {k: next(i for i, line in enumerate(log) if k in line) for k in
          ("moves Oceanus", f"moves {u.name}", "Oceanus (blue) attacks", f"{u.name} (blue) attacks")}
    assert at["moves Oceanus"] < at[f"moves {u.name}"] < at["Oceanus (blue) attacks"] < at[f"{u.name} (blue) attacks"]
    assert near.hp < near.unit.health and hero.hp < 10
def test_shard_bound_units_hunt_shard_holders_else_champions_and_attack_holder_champion_unit_ROR_76():
    """ROR-76: toward the closest > weakest shard holder, with none toward the closest > weakest champion;
    attacks within range: the weakest shard holder > the weakest champion > the weakest unit."""
    g = new()
    s = g.state
    u = summoned_at(g, 42)
    assert ti.shard_bound_target(g, u) is champion(s)
    holder = put(s, gladiator(s, k=0), 44)
    s.shards[0] = holder.uid
    assert ti.shard_bound_target(g, u) is holder
    weak = put(s, gladiator(s, k=1), 43, hp=1)
    holder2 = put(s, gladiator(s, k=2), 32)
    s.shards[0] = holder2.uid
    hero = champion(s)
    rules.displace(g, hero, 53)  # the champion in range too, weaker than the holder
    hero.hp = 2
    ti.shard_bound_attack(g, u)
    assert weak.hp == 1 and hero.hp == 2 and holder2.hp < holder2.unit.health  # the holder first
    s.shards[0] = ti.FREE
    rules.withdraw(g, holder2, "discard")
    ti.shard_bound_attack(g, u)
    assert hero.hp < 2 and weak.hp == 1  # no holder: the champion before the weakest unit


def test_a_summoned_unit_moves_its_printed_range_and_still_moves_when_it_cannot_get_closer_ROR_77_R_ROR_27():
    """ROR-77 (ruling R-ROR-27): up to its Move Range along the shortest route; no closer hex: it still moves,
    to a hex as far by route as its own (the route's other side); already adjacent: it stays."""
    g = new()
    s = g.state
    u = summoned_at(g, 44)
    hero = champion(s)
    before = ti.route_from(s, hero.hex, u)[u.hex]
    ti.shard_bound_move(g, u)
    after = ti.route_from(s, hero.hex, u)[u.hex]
    assert before - after == min(u.unit.movement, before - 1)
    # a target walled in on every side but one, that hex taken: no hex is closer, the unit still moves
    g = new()
    s = g.state
    target = put(s, gladiator(s), 29)
    s.shards[0] = target.uid
    for h in s.grid.neighbours[29]:
        put(s, gladiator(s), h)
    v = summoned_at(g, 31)
    assert ti.route_from(s, 29, v)[v.hex] is None
    ti.shard_bound_move(g, v)
    assert v.hex != 31 and s.grid.dist[29][v.hex] == s.grid.dist[29][31]
    w = summoned_at(g, walk(s, hero.hex, 1, 1))  # next to the champion: stays
    s.shards[0] = ti.FREE
    hx = w.hex
    ti.shard_bound_move(g, w)
    assert w.hex == hx
def test_a_summoned_stationed_gladiator_does_not_move_on_the_titans_turn_ROR_79_ROR_101():
    """ROR-79 ("Innates still apply"), ROR-101: a summoned Stationed gladiator stays where it stands when the
    summoned units move; another summoned unit moves."""
    g = new(roller=FixedRoller(mode="none"))
    s = g.state
    st = summoned_at(g, 42, stationed_in_pile(s))  # Move Range 1, its target the champion far away
    other = summoned_at(g, 44)
    ti.titan_turn(g)
    assert st.hex == 42 and other.hex != 44


def test_a_unit_moves_when_summoned_and_attacks_the_turn_it_is_summoned_ROR_78():
    """ROR-78: summoned in the special row, it moves at once; it attacks in that same titan turn."""
    roller = FixedRoller([0, 1, 1] + [9] * 10)  # blue 0, green 1, black 1: Move, Call Forth, Basic Attack
    g = new(roller=roller, d6=[1, 1])
    s = g.state
    hero = champion(s)
    rules.displace(g, hero, 31)  # near the titan hex
    top = s.pile[0]
    ti.titan_turn(g)
    u = s.units[top]
    assert u.zone == COMBAT and u.hex != HOME
    assert any(f"{u.name} (blue) attacks" in line for line in s.log)


def test_summoned_units_only_basic_attack_use_no_abilities_and_keep_their_innates_ROR_79():
    """ROR-79: only Basic Attacks (no Alternate Attack: a Stun or Long Shot chip just attacks), no Abilities;
    their Innates apply (Absorb)."""
    roller = FixedRoller(mode="all")
    g = new(roller=roller)
    s = g.state
    stunner = next(uid for uid in s.pile if s.units[uid].unit.id == "pompeii/special-1")
    s.pile.remove(stunner)
    st = put(s, s.units[stunner], 43)
    victim = put(s, gladiator(s, k=0), 42)
    ti.shard_bound_attack(g, st)
    assert not any(pt.tactic is STUN_FLIP for pt in victim.tactics)
    assert roller.rolled == [st.unit.attack]
    absorber = next(uid for uid in s.pile if s.units[uid].unit.id == "pompeii/special-2")
    s.pile.remove(absorber)
    ab = put(s, s.units[absorber], 31)
    mine = put(s, gladiator(s), 30)
    rules.attack(g, mine, ab)
    assert ab.hp == ab.unit.health - (mine.unit.attack.size - 1)


def test_every_open_choice_of_the_titans_side_is_the_players_ROR_80():
    """ROR-80: two equal routes or two equal targets: "titan-choice" is asked of the player; the titan
    players' heuristics spare the champion."""
    g = new()
    s = g.state
    c = scripted(g, {"titan-choice": lambda o: o[0]})
    u = summoned_at(g, 42)
    a = put(s, gladiator(s, k=0), 43, hp=2)
    b = put(s, gladiator(s, k=1), 52, hp=2)
    ti.shard_bound_attack(g, u)
    asked = [opts for d, opts in c.asked if d == "titan-choice"]
    assert asked and {o.uid for o in asked[0]} == {a.uid, b.uid}
    g = new()
    s = g.state
    hero = champion(s)
    rules.displace(g, hero, 40)
    other = put(s, gladiator(s, k=0), 38, hp=10)
    hero.hp = 10
    assert g.controllers[0].choose(g, 0, "titan-choice", [hero.uid, other.uid], optional=False) == other.uid


# --------------------------------------------------------------------------- the first round and co-op


def test_first_round_walkthrough_player_turn_of_four_phases_then_the_titans_turn_ROR_81_R_ROR_25():
    """ROR-81, the First Round Walkthrough (ruling R-ROR-25: a titan has no F/A archers): round 1 is the
    player's turn (Deploy, Move, Attack, Draw), then the titan's: roll its dice, follow the action order, its
    summoned units following its move and attack; then play goes back to the player."""
    roller = FixedRoller([0, 2, 1] + [1] * 40)  # titan: blue 0, green 2, black 1; every other roll 1 hit
    spec = RiseOfRomeTitan.validate(CAT, GameSpec("rise-of-rome-titan", ("rome",), titan="oceanus"))
    g = RiseOfRomeTitan.new_game(CAT, spec, [Scripted({"deploy": lambda o: o[0]})], rng=np.random.default_rng(3),
                                 log=True, roller=roller)
    s = g.state
    s.mode.begin(g)
    s.d6_script = [1, 1, 1]
    s.round = 1
    turns = list(s.mode.round_turns(g))
    assert [t.troop for t in turns] == [0, s.titan_troop]
    assert [name for name, _ in turns[0].steps] == ["start", "deploy", "move", "abilities", "attack", "draw"]
    hand = phase.hand_count(s, 0)
    from hoplostat.engine.loop import open_turn
    open_turn(g, turns[0])
    run_steps(g, turns[0].steps)
    assert s.troops[0].deployed == 1 and phase.hand_count(s, 0) == hand  # one gladiator out, one drawn in
    open_turn(g, turns[1])
    run_steps(g, turns[1].steps)
    log = "\n".join(s.log)
    i_roll = log.index("Oceanus rolls")
    i_move = log.index("Oceanus: move-d6")
    i_special = log.index("Oceanus: greater-call-forth")
    i_attack = log.index("Oceanus: basic-attack")
    assert i_roll < i_move < i_special < i_attack
    cf = [u for u in s.units if u.troop == s.titan_troop and u.unit.kind == "cf-gladiator"][0]
    assert cf.zone == COMBAT and f"summons {cf.name}" in log
    assert s.titan_turns == 1 and not [u for u in s.units if u.troop == s.titan_troop and u.unit.kind == "fa-archer"]
    nxt = list(s.mode.round_turns(g))
    assert nxt[0].troop == 0  # play goes back to the player


def test_coop_faces_two_titans_in_a_row_resetting_all_but_the_champions_health_ROR_82_R_ROR_21():
    """ROR-82 (ruling R-ROR-21): co-op fights two titans, the chosen one first and a random other second; the
    first's fall resets everything but the champions' Health; only the second's fall wins."""
    g = new("menoetius", ("rome", "pompeii"), second="theia")
    s = g.state
    assert [c.id for c in s.mode.cards] == ["menoetius", "theia"]
    hero = champion(s, 0)
    rules.damage(g, hero, 3, source=titan(s))
    u = put(s, gladiator(s, 1, k=0), 42)
    rules.place_foothold(g, 0, 44)
    pillars_down(g)
    rules.damage(g, titan(s), 10, source=u)
    assert s.end_reason == ti.NEXT_TITAN and not s.won
    s.mode.interrupt(g)
    assert s.end_reason is None and s.stage == 1 and titan(s).unit.id == "theia" and titan(s).hex == HOME
    assert hero.hp == 7 and not hero.active and hero.hex == s.champion_hex[0]
    assert u.zone != COMBAT and not s.footholds and s.shards == [ti.STANDS] * 4
    assert s.troops[0].cf_done == [False] * 5
    for p in (0, 1):
        units = [x for x in s.units if x.troop == p and x.unit.kind == "unit" and x.zone in (BAG, CAMP)]
        assert len(units) == 3
    pillars_down(g)
    rules.damage(g, titan(s), titan(s).hp, source=hero)
    assert s.won and s.end_reason == "titan defeated" and s.titans_defeated == 2
    spec = RiseOfRomeTitan.validate(CAT, GameSpec("rise-of-rome-titan", ("rome", "pompeii"), titan="oceanus"))
    seconds = {RiseOfRomeTitan.new_game(CAT, spec, [Scripted()], rng=np.random.default_rng(k)).state.mode.cards[1].id
               for k in range(20)}
    assert seconds == {"menoetius", "cronus", "theia"}


def test_coop_set_up_three_gladiators_and_a_tactic_each_two_prep_circles_both_champions_ROR_83_R_ROR_22():
    """ROR-83 (ruling R-ROR-22): each player three random gladiators and one chosen tactic, two prep circles;
    both inactive champions on the two red champion hexes; against Oceanus, no third city in this box: ten of
    the gladiators the players left out form his pile."""
    g = new("oceanus", ("rome", "pompeii"))
    s = g.state
    assert sorted(champion(s, p).hex for p in (0, 1)) == sorted(s.grid.tagged("champion-red"))
    for p in (0, 1):
        t = s.troops[p]
        assert t.hand_size == 2 and phase.hand_count(s, p) == 2
        assert phase.hand_count(s, p) + phase.bag_count(s, p) == 4 and not champion(s, p).active
    pile = [s.units[u] for u in s.pile]
    assert len(pile) == 10 and all(u.troop == s.titan_troop for u in pile)
    left = [u.unit.id for u in s.units if u.troop in (0, 1) and u.unit.kind == "unit" and u.zone == TRACK]
    assert all(u.unit.id in left for u in pile)


def test_coop_shares_the_meter_and_fa_chips_and_tactics_go_through_own_tactical_range_ROR_84():
    """ROR-84: one meter and one set of F/A chips for both: player 2's damage moves it, either deploys an
    earned chip; each plays tactics through their own units' Tactical Range."""
    g = new("menoetius", ("rome", "pompeii"))
    s = g.state
    u = put(s, gladiator(s, 1, k=0), 42)
    p = s.units[s.pillars[0]]
    pedestal = p.hex
    m = s.troops[0]
    chip = m.meter_chips[favor.FAR_RIGHT]
    m.cf_target = favor.FAR_RIGHT
    rules.damage(g, p, 1, source=u)
    assert m.favor_total == 1 and s.troops[1].favor_total == 0 and m.favor == 1
    m.favor = 4
    rules.damage(g, p, 1, source=u)  # the fifth point: far-right, its F/A chip to the players
    assert chip in m.fa_earned and m.far_open and s.troops[1].fa_earned == []
    s.active = 1
    archer = [o for o in s.mode.gladiator_options(s, 1) if o[0] == chip]
    assert archer and all(h == pedestal for _, h in archer)  # the pedestal the pillar freed
    assert 33 in s.mode.deployment_hexes(s, 1)  # the blue outer pair, opened for both players
    s.mode.place(g, *archer[0])
    assert s.units[chip].zone == COMBAT and s.units[chip].troop == 1 and chip not in m.fa_earned
    a = put(s, gladiator(s, 0), 28)
    foe = summoned_at(g, 29)
    assert min(s.grid.dist[29][x.hex] for x in s.in_combat(1)) > max(x.unit.tactical_range or 0 for x in s.in_combat(1))
    tac = next(t for t in CAT.faction_tactics("rome") if not any(e.term == "stun" for e in t.effects))
    reach0 = {x.uid for x in phase.tactic_targets(s, 0, tac, allowed=ti.titan_tactic_allowed)}
    reach1 = {x.uid for x in phase.tactic_targets(s, 1, tac, allowed=ti.titan_tactic_allowed)}
    assert foe.uid in reach0 and foe.uid not in reach1 and a.uid in reach0
    m.cf_target, m.favor = favor.FAR_LEFT, 4  # the far-left reward wakes both champions
    rules.damage(g, s.units[s.pillars[2]], 1, source=u)
    assert champion(s, 0).active and champion(s, 1).active
    assert champion(s, 1).deployed_turn == s.turn  # woken on player 2's own turn: it waits (ROR-45)


def test_coop_turn_order_player_1_player_2_titan_ROR_85():
    """ROR-85: P1, P2, titan, P1..."""
    g = new("theia", ("rome", "pompeii"))
    s = g.state
    assert [t.troop for t in s.mode.round_turns(g)] == [0, 1, s.titan_troop]
    res = play(CAT, RiseOfRomeTitan.validate(CAT, GameSpec("rise-of-rome-titan", ("rome", "pompeii"), titan="theia")),
               [make("greedy", rng=np.random.default_rng(1))], rng=np.random.default_rng(1), log=True)
    heads = [line for line in res.log if line.startswith("-- Round 1,")]
    assert heads == ["-- Round 1, rome (red) turn", "-- Round 1, pompeii (red) turn", "-- Round 1, Theia's turn"]


# --------------------------------------------------------------------------- rulings without a rule of their own


def test_the_titan_and_its_pillars_take_no_tactic_and_no_stun_R_ROR_19():
    """Ruling R-ROR-19: the titan and the pillars are no unit chips: no tactic goes on them, a Stun never flips
    them; they are attacked and damaged like opposing units."""
    g = new()
    s = g.state
    stun = next(t for t in CAT.faction_tactics("rome") if any(e.term == "stun" for e in t.effects))
    assert not ti.titan_tactic_allowed(titan(s), stun) and not ti.titan_tactic_allowed(s.units[s.pillars[0]], stun)
    from hoplostat.engine.state import UnitState
    from hoplostat.rulesets.rise_of_rome.skills import _stun_options
    chip_ = UnitState(len(s.units), CAT.unit("pompeii/special-1"), 0, zone=CAMP)
    s.units.append(chip_)
    st = put(s, chip_, 40)
    pillar = put(s, gladiator(s, unit_id="rome/attacker-1"), 1)  # next to the pedestal 0
    assert st.unit.has_skill("stun")
    assert (titan(s).uid,) not in _stun_options(g, st, None)
    assert (s.pillars[0],) not in _stun_options(g, pillar, None)


def test_the_titans_side_has_a_health_supply_of_its_own_R_ROR_16():
    """Ruling R-ROR-16: the titan, its pillars and its summoned units take health chips from their own supply;
    the players' 75 are theirs alone."""
    g = new()
    s = g.state
    assert s.supply_of(s.titan_troop) == ti.TITAN_SUPPLY and s.supply_of(0) == "red"
    red = s.supply["red"]
    ti._call_forth(g, titan(s), None) if s.board[HOME] < 0 else summoned_at(g, 42)
    assert s.supply["red"] == red


def test_a_game_the_players_can_no_longer_win_is_lost_when_they_are_out_of_chips_R_ROR_23():
    """Ruling R-ROR-23: no unit in combat but the inactive champion, nothing in hand or bag, no earned chip:
    lost at the titan's turn instead of waiting for the round cap."""
    g = new(roller=FixedRoller(mode="none"))
    s = g.state
    for u in s.units:
        if u.troop == 0 and u.unit.kind == "unit":
            u.zone = TRACK
    s.troops[0].tactics_bag.clear()
    s.troops[0].tactics_camp.clear()
    ti.titan_turn(g)
    assert s.end_reason == "the players are out of chips" and not s.won


def test_the_occupant_of_the_titan_hex_is_displaced_not_moved_R_ROR_29():
    """Ruling R-ROR-29 (ROR-67): the unit that trades places with the returning titan is displaced: its own
    move is not used up."""
    g = new(roller=FixedRoller(mode="none"))
    s = g.state
    rules.displace(g, titan(s), 42)
    u = put(s, gladiator(s), HOME)
    ti.titan_turn(g)
    assert u.hex == 42 and u.moved_turn != s.turn


# --------------------------------------------------------------------------- seeded games


def _games(n, policy, factions=(("rome",), ("pompeii",), ("rome", "pompeii"))):
    out = []
    titans = sorted(CAT.titans)
    for seed in range(n):
        fac = factions[seed % len(factions)]
        tid = titans[(seed // len(factions)) % len(titans)]
        rng = np.random.default_rng(seed)
        spec = RiseOfRomeTitan.validate(CAT, GameSpec("rise-of-rome-titan", fac, titan=tid))

        def check(g, turn):
            s = g.state
            assert s.supply["red"] + sum(u.hp for u in s.in_combat() if u.troop in s.players) == 75, turn.header
            for u in s.in_combat():
                assert u.hp > 0 and s.board[u.hex] == u.uid
                if s.grid.pedestal[u.hex]:
                    assert u.unit.kind in ("fa-archer", "pillar")
                fh = s.footholds.get(u.hex)
                assert fh is None or fh == u.troop
            assert titan(s).zone == COMBAT or s.end_reason is not None or s.stage == 1
            assert ti.pillars_standing(s) == 0 or titan(s).hp > 0
            for k, h in enumerate(s.shards):
                assert h == ti.STANDS or s.units[h].troop in s.players
            for p in s.players:
                assert phase.hand_count(s, p) <= s.troops[p].hand_size

        res = play(CAT, spec, [make(policy, rng=rng)], rng=rng, after_turn=check)
        out.append(res)
    return out


def test_seeded_games_end_replay_identically_and_win_only_with_every_pillar_down():
    a = _games(24, "greedy")
    b = _games(24, "greedy")
    assert [(r.won, r.rounds, r.end_reason) for r in a] == [(r.won, r.rounds, r.end_reason) for r in b]
    assert all(r.end_reason in ("titan defeated", "champion defeated", "the players are out of chips") or r.capped
               for r in a)
    assert any(r.won for r in a) and any(not r.won for r in a)
    assert all(r.extras["pillars_destroyed"] >= 4 * (2 if r.coop else 1) for r in a if r.won)


@pytest.mark.slow
def test_a_thousand_seeded_games_keep_the_invariants_and_end():
    """Invariants over 1,000 greedy games and 200 random ones (solo and co-op, every titan): the players' 75
    health chips conserved, pillars and archers only on pedestals, nobody on another's foothold, shards held by
    the players' units, hands within their circles; every game ends."""
    for policy, n in (("greedy", 1000), ("random", 200)):
        for res in _games(n, policy):
            assert res.end_reason != "unfinished"


def test_a_coop_foothold_is_its_players_alone_never_under_the_partners_unit_R_ROR_28():
    """Ruling R-ROR-28 (ROR-51, ROR-84): the F/A chips are shared, but a foothold is the player's who plays it:
    it is never played, nor moved by the mid-right reward, under the partner's unit, and the partner may not
    enter it."""
    g = new("menoetius", ("rome", "pompeii"))
    s = g.state
    mate = put(s, gladiator(s, 1), 42)
    assert 42 not in favor.foothold_hexes(s, 0) and 43 in favor.foothold_hexes(s, 0)
    rules.place_foothold(g, 0, 43)
    assert not s.can_occupy(1, 43) and s.can_occupy(0, 43)
    c = scripted(g, {"move-foothold": lambda o: o[0]})
    favor.move_a_foothold(g, 0)
    asked = [opts for d, opts in c.asked if d == "move-foothold"]
    assert asked and (43, 42) not in asked[0] and mate.hex == 42


def test_a_sweep_gives_the_players_win_rate_per_titan_and_per_city_solo_and_coop(tmp_path):
    """The sweep's tables: per titan solo and co-op, and per titan and city (or pair of cities), with the player
    count and the second titan of co-op games in the games rows."""
    from hoplostat import api

    res = api.run_sweep("rise-of-rome-titan", games=2, jobs=1, seed=5, out=tmp_path / "s",
                        titans=["menoetius", "oceanus"])
    games = res.tables["games"]
    assert set(games["titan"].to_list()) == {"menoetius", "oceanus"} and games.height == 2 * 2 * 3
    assert sorted(set(games["players"].to_list())) == [1, 2]
    assert all((t is None) == (p == 1) for t, p in zip(games["titan_2"].to_list(), games["players"].to_list()))
    tables = api.summarize(res)
    titans = tables["titans"]
    assert {(t, c) for t, c in zip(titans["titan"].to_list(), titans["coop"].to_list())} == {
        ("menoetius", False), ("menoetius", True), ("oceanus", False), ("oceanus", True)}
    matrix = tables["matrix"]
    assert matrix.height == 2 * 3 and {"win_rate", "win_rate_lo", "win_rate_hi"} <= set(matrix.columns)


def test_play_takes_a_player_count_for_solo_and_coop_modes():
    """`play MODE --players 2` (api.play(players=2)): the seed's city and the next one; refused for a mode whose
    seats are its factions, or a count it does not allow."""
    from hoplostat import api
    from hoplostat.errors import InputError

    solo = api.play("rise-of-rome-titan", seed=1)
    duo = api.play("rise-of-rome-titan", seed=1, players=2)
    assert len(solo.result.troops) == 1 and len(duo.result.troops) == 2 and duo.result.coop
    assert duo.spec.factions[0] == solo.spec.factions[0] and duo.result.extras["players"] == 2
    for mode, n in (("rise-of-rome-titan", 3), ("rise-of-rome", 2)):
        with pytest.raises(InputError):
            api.play(mode, seed=1, players=n)


# --------------------------------------------------------------------------- found by mutation testing


def test_quake_hits_every_opposing_unit_within_attack_range_and_nothing_from_an_inner_hex():
    """The stand-in cards' `quake N`: N damage to every opposing unit within the titan's Attack Range (1 + X),
    none farther, none of its own side; nothing while the titan stands on an inner hex (ROR-9)."""
    g = new("cronus")
    s = g.state
    near = put(s, gladiator(s), 40)
    far = put(s, gladiator(s), 42)
    own = summoned_at(g, 38)
    ti._quake(g, titan(s), 1)
    assert near.hp == near.unit.health - 1 and far.hp == far.unit.health and own.hp == own.unit.health
    ti._quake(g, titan(s), None)  # no arg: 1
    assert near.hp == near.unit.health - 2
    pillars_down(g, keep=2)  # X = 2: range 3 reaches hex 42
    ti._quake(g, titan(s), 2)
    assert far.hp == far.unit.health - 2
    assert near.zone != COMBAT or near.hp == near.unit.health - 4
    rules.displace(g, titan(s), 41)
    hp = far.hp
    ti._quake(g, titan(s), 1)
    ti._basic_attack(g, titan(s), None)
    assert far.hp == hp  # on an inner hex: no attack of any kind


def test_tidal_wave_leaves_immobile_chips_stops_at_a_taken_hex_and_hurts_only_opponents():
    """Tidal Wave (R-ROR-20): a unit on the line is drawn only as far as the first taken hex; pillars and
    archers (Move 0) stay; the titan's own units are drawn too but take no damage; the d6 is rolled once."""
    g = new(d6=[1])
    s = g.state
    blocker = put(s, gladiator(s), 41)  # two hexes east: drawn next to him; the others stop behind it
    behind = put(s, gladiator(s), 43)
    own = summoned_at(g, 44)
    ti._tidal_wave(g, titan(s), None)
    assert blocker.hex == 40 and behind.hex == 41 and own.hex == 42
    assert own.hp == own.unit.health and blocker.hp == blocker.unit.health - 1 and behind.hp == behind.unit.health
    assert s.d6_rolled == [1]
    g = new(d6=[2])
    s = g.state
    t = titan(s)
    line, h = [], s.grid.compass_step(t.hex, 2)
    while h >= 0:
        line.append(h)
        h = s.grid.compass_step(h, 2)
    pedestal_on_line = [x for x in line if s.grid.pedestal[x]]
    ti._tidal_wave(g, t, None)
    for x in pedestal_on_line:
        assert s.board[x] >= 0 and ti.is_pillar(s.units[s.board[x]])


def test_the_deploy_step_offers_no_second_gladiator_or_tactic_in_a_turn():
    """A resumed deploy step (a clone continued from its tactic decision) does not deploy a second gladiator,
    and offers nothing once a tactic was played this turn."""
    g = new()
    s = g.state
    c = scripted(g, {"deploy": lambda o: o[0]})
    s.mode.deploy(g, 0)
    assert s.troops[0].deployed == 1 and [d for d, _ in c.asked].count("deploy") == 1
    s.mode.deploy(g, 0)
    assert s.troops[0].deployed == 1 and [d for d, _ in c.asked].count("deploy") == 1
    g = new()
    s = g.state
    tac = next(t for t in CAT.faction_tactics("rome") if not any(e.term == "stun" for e in t.effects))
    s.troops[0].tactics_camp = [tac]
    c = scripted(g, {"tactic": lambda o: o[0], "deploy": lambda o: o[0]})
    put(s, gladiator(s), 25)
    s.mode.deploy(g, 0)
    played = [d for d, _ in c.asked]
    assert "tactic" in played and s.troops[0].deployed == 1
    c.asked.clear()
    s.mode.deploy(g, 0)
    assert c.asked == []


def test_the_titan_players_attack_pillars_first_and_never_a_titan_they_cannot_harm():
    """`TitanPlayer`: while pillars stand, an attack (or an Alternate Attack) on the titan is never offered to
    the player's own policy, pillar attacks first; once they are down the titan is fair game."""
    g = new()
    s = g.state
    seen = []

    class Inner:
        def choose(self, g_, troop, decision, options, *, optional):
            seen.append(list(options))
            return options[0]

    p = ti.TitanPlayer(Inner())
    u = put(s, gladiator(s), 40)
    pil = s.units[s.pillars[0]]
    opts = [("attack", u.uid, s.titan_uid), ("special", u.uid, "long-shot", (s.titan_uid,)),
            ("attack", u.uid, pil.uid), ("attack", u.uid, champion(s).uid)]
    assert p.choose(g, 0, "engage", opts, optional=True) == ("attack", u.uid, pil.uid) and seen[-1] == [opts[2]]
    assert p.choose(g, 0, "engage", opts[:2], optional=True) is None
    assert p.choose(g, 0, "engage", [opts[1], opts[3]], optional=True) == opts[3]
    pillars_down(g)
    assert p.choose(g, 0, "engage", opts[:1], optional=True) == opts[0]


def test_the_titan_players_move_gladiators_toward_a_standing_pillar_and_keep_the_champion_still():
    """`TitanPlayer` movement while pillars stand: the gladiator's move that brings a pillar into its range is
    taken; the champion is never moved; with no gain the step ends."""
    g = new()
    s = g.state
    p = ti.TitanPlayer(Scripted())
    pil = s.units[s.pillars[0]]
    u = put(s, gladiator(s), walk(s, pil.hex, 6, 4))
    hero = champion(s)
    hero.active = True
    near = [h for h in s.grid.neighbours[pil.hex] if s.board[h] < 0 and not s.grid.pedestal[h]][0]
    opts = [(hero.uid, 16), (u.uid, near), (u.uid, walk(s, pil.hex, 6, 5))]
    assert p.choose(g, 0, "move", opts, optional=True) == (u.uid, near)
    assert p.choose(g, 0, "move", [(hero.uid, 16)], optional=True) is None


def test_the_result_names_titans_players_and_counts_and_the_cap_is_a_draw():
    """The result: the titan (and co-op's second), the player count, the titan's HP left, titans defeated,
    pillars destroyed, gladiators summoned; outcomes won, lost, and a draw at the round cap."""
    g = new("oceanus", d6=[1, 1, 1])
    s = g.state
    ti._call_forth(g, titan(s), None)
    pillars_down(g, keep=1)
    rules.damage(g, titan(s), 3, source=champion(s))  # one pillar stands: no harm
    res = s.mode.result(g, None)
    x = res.extras
    assert (x["titan"], x["titan_2"], x["players"], x["titan_hp"], x["titans_defeated"], x["pillars_destroyed"],
            x["summoned"]) == ("oceanus", None, 1, 12, 0, 3, 1)
    assert res.end_reason == "unfinished" and res.troops[0].outcome == "lost"
    s.mode.end(g, "round cap (60) reached")
    res = s.mode.result(g, None)
    assert res.capped and res.troops[0].outcome == "draw" and not res.won
    g = new("menoetius", ("rome", "pompeii"), second="cronus")
    s = g.state
    res = s.mode.result(g, None)
    assert res.extras["titan_2"] == "cronus" and res.extras["players"] == 2 and res.coop
    row = RiseOfRomeTitan.rows(res, {"matchup": "m", "arena": "colosseum", "game": 0}, lambda u: "unit")["games"][0]
    assert row["titan_2"] == "cronus" and row["players"] == 2 and row["b_titan_damage"] == 0


# --- pinned by mutation testing (formerly tests/engine/test_rise_of_rome_titan_pinned.py) -----------------------------
EAST = (40, 41, 42, 43, 44)


def archer(s, p=0):
    """One of the player's F/A archers (Move 0), off the board."""
    return next(u for u in s.units if u.troop == p and u.unit.kind == "fa-archer" and u.unit.movement == 0)


# --------------------------------------------------------------------------- Tidal Wave (ROR-72, R-ROR-20)


def test_tidal_wave_draws_a_unit_all_the_way_to_the_titan_R_ROR_20():
    """R-ROR-20: a unit alone on the line is drawn as close as it can come: next to the titan, not beyond; the
    log says the titan displaced it."""
    g = new(d6=[1])
    s = g.state
    u = put(s, gladiator(s), EAST[2])
    ti._tidal_wave(g, titan(s), None)
    assert u.hex == EAST[0]
    assert f"{u.name} (red) is displaced from hex {EAST[2]} to hex {EAST[0]} by {titan(s).name}" in s.log


def test_tidal_wave_leaves_an_archer_and_draws_the_units_behind_it_up_to_it_R_ROR_20():
    """R-ROR-20: a chip that cannot move (an archer, Move 0) stays; a Move 1 gladiator behind it is still drawn,
    as far as the hex next to the archer."""
    g = new(d6=[1])
    s = g.state
    a = put(s, archer(s), EAST[1])
    slow = next(u for u in s.units if u.troop == 0 and u.unit.kind == "unit" and u.unit.movement == 1
                and u.zone != "combat")
    slow = put(s, slow, EAST[4])
    ti._tidal_wave(g, titan(s), None)
    assert a.hex == EAST[1] and slow.hex == EAST[2]


def test_tidal_wave_draws_the_champion_and_stops_the_next_unit_behind_it_R_ROR_20():
    """The champion on the line is drawn like any unit (uid 0: player 1's champion); a unit farther out stops
    behind it."""
    g = new(d6=[1])
    s = g.state
    ch = champion(s)
    assert ch.uid == 0
    s.board[ch.hex] = -1
    ch.hex = EAST[2]
    s.board[EAST[2]] = ch.uid
    g2 = put(s, gladiator(s), EAST[4])
    ti._tidal_wave(g, titan(s), None)
    assert ch.hex == EAST[0] and g2.hex == EAST[1]


def test_tidal_wave_never_draws_a_summoned_unit_onto_the_players_foothold_ROR_54():
    """ROR-54: the titan's units never enter a foothold of the players': a summoned unit drawn along the line
    stops before one; a player's gladiator is drawn over the players' own foothold."""
    g = new(d6=[1])
    s = g.state
    own = summoned_at(g, EAST[3])
    rules.place_foothold(g, 0, EAST[1])
    ti._tidal_wave(g, titan(s), None)
    assert own.hex == EAST[2]
    g = new(d6=[1])
    s = g.state
    mine = put(s, gladiator(s), EAST[3])
    rules.place_foothold(g, 0, EAST[1])
    ti._tidal_wave(g, titan(s), None)
    assert mine.hex == EAST[0]


def test_tidal_wave_hurts_within_1_plus_x_credited_to_the_titan_ROR_72():
    """ROR-72: every opposing unit within 1 + X hexes takes 1 damage ("Tidal Wave" in the log), dealt by the
    titan; with one shard active (X = 1) that is 2 hexes, not 3."""
    g = new(d6=[4])  # west: nothing on that line
    s = g.state
    pillars_down(g, keep=3)  # the champion holds one shard: X = 1
    assert ti.active_shards(s) == 1
    two = put(s, gladiator(s), 50 if s.grid.dist[39][50] == 2 else next(
        h for h in range(s.grid.n) if s.grid.dist[39][h] == 2 and s.board[h] < 0 and not s.grid.move_block[h]))
    three = put(s, gladiator(s), next(h for h in range(s.grid.n) if s.grid.dist[39][h] == 3 and s.board[h] < 0
                                      and not s.grid.move_block[h] and h not in (34, 35, 36, 37, 38)))
    dealt = titan(s).damage_dealt
    ti._tidal_wave(g, titan(s), None)
    assert two.hp == two.unit.health - 1 and three.hp == three.unit.health
    assert f"{two.name} (red) loses 1 HP (Tidal Wave), {two.hp} left" in s.log
    assert titan(s).damage_dealt == dealt + 1 + (champion(s).hp < champion(s).unit.health)


# --------------------------------------------------------------------------- the Trident (ROR-73)


def test_trident_stun_flips_the_closest_holder_for_one_titan_round_ROR_73_ROR_103():
    """ROR-73: Trident Stun flips the closest shard holder (no choice asked when one is closest); the flip is the
    titan's: it ends at the start of the titan's attack block in a later turn (ROR-103)."""
    g = new(d6=[1])
    s = g.state
    near, far = put(s, gladiator(s), 41), put(s, gladiator(s), 44)
    s.shards[0], s.shards[1] = near.uid, far.uid
    c = Scripted()
    g.controllers = [c, g.controllers[-1]]
    ti._trident_stun(g, titan(s), None)
    assert s.is_fatigued(near) and not s.is_fatigued(far)
    assert not any(d == "titan-choice" for d, _ in c.asked)
    s.turn += 1
    lift_flips(g, 0)  # the players' attack phase: not theirs to lift
    assert s.is_fatigued(near)
    lift_flips(g, s.titan_troop)
    assert not s.is_fatigued(near)


def test_trident_stun_between_equally_close_holders_is_the_players_choice_ROR_80():
    """ROR-80: two holders equally close: the player chooses which is stunned ("titan-choice")."""
    g = new()
    s = g.state
    a, b = put(s, gladiator(s), 41), put(s, gladiator(s), 37)
    s.shards[0], s.shards[1] = a.uid, b.uid
    c = Scripted({"titan-choice": lambda o: o[-1]})
    g.controllers = [c, g.controllers[-1]]
    ti._trident_stun(g, titan(s), None)
    (asked,) = [o for d, o in c.asked if d == "titan-choice"]
    assert sorted(u.uid for u in asked) == sorted([a.uid, b.uid])
    assert s.is_fatigued(asked[-1]) and not s.is_fatigued(asked[0])


def test_trident_storm_flips_are_the_titans_ROR_73():
    """ROR-73: Trident Storm flips every holder, until the titan's attack block in a later turn."""
    g = new()
    s = g.state
    a, b = put(s, gladiator(s), 41), put(s, gladiator(s), 44)
    s.shards[0], s.shards[1] = a.uid, b.uid
    ti._trident_storm(g, titan(s), None)
    assert s.is_fatigued(a) and s.is_fatigued(b)
    s.turn += 1
    lift_flips(g, s.titan_troop)
    assert not s.is_fatigued(a) and not s.is_fatigued(b)


def _summoned_beside_champion(g):
    """Player 1's champion and a summoned unit put on the first free hex next to it (not blocked, not muted)."""
    s = g.state
    ch = champion(s)
    spot = next(h for h in s.grid.neighbours[ch.hex] if s.board[h] < 0 and not s.grid.move_block[h]
                and not s.muted[h])
    return ch, summoned_at(g, spot)


def test_a_stunned_summoned_unit_does_not_attack_ROR_79_ROR_103():
    """ROR-103: a flipped unit only has its health: a stunned summoned unit next to the champion does not
    attack it (it is not on an inner hex either)."""
    g = new()
    s = g.state
    ch, u = _summoned_beside_champion(g)
    from hoplostat.rulesets.rise_of_rome.skills import flip
    flip(g, u, 0)
    hp = ch.hp
    ti.shard_bound_attack(g, u)
    assert ch.hp == hp
    s.turn += 1
    lift_flips(g, 0)
    ti.shard_bound_attack(g, u)
    assert ch.hp < hp


# --------------------------------------------------------------------------- the mode's options and rows


def test_city_origins_adds_both_custom_builds_to_the_catalog_ORI_53():
    """ORI-53 (`--option city=origins`): the catalog gains every chip of both custom builds and keeps its own;
    without the option (or `city=own`) it is the catalog itself."""
    assert RiseOfRomeTitan.catalog_of(CAT) is CAT and RiseOfRomeTitan.catalog_of(CAT, (("city", "own"),)) is CAT
    cat = RiseOfRomeTitan.catalog_of(CAT, (("city", "origins"),))
    builds = ti.origins_builds()
    assert set(CAT.units) | {u.id for glads, _ in builds for u in glads} == set(cat.units)
    assert set(CAT.tactics) | {t.id for _, ts in builds for t in ts} == set(cat.tactics)
    assert all(cat.units[u.id] is u for glads, _ in builds for u in glads)
    assert cat.titans == CAT.titans


def test_second_titan_option_must_name_a_titan():
    """`--option second-titan=ID` takes a titan of the catalog; any other id is refused, listing them."""
    RiseOfRomeTitan.check_options(CAT, (("second-titan", "cronus"),))
    RiseOfRomeTitan.check_options(CAT, ())
    names = ", ".join(sorted(CAT.titans))
    with pytest.raises(InputError, match=rf"^--option second-titan=zeus: rise-of-rome-titan has no titan 'zeus'; "
                                         rf"its titans: {names}$"):
        RiseOfRomeTitan.check_options(CAT, (("second-titan", "zeus"),))


def test_the_titans_side_declines_what_it_may_and_takes_the_first_it_must_ROR_80():
    """ROR-80: the titan's side leaves open choices to the player; asked itself (a skill asking a unit's own
    side), it declines an optional one and takes the first of a mandatory one."""
    side = ti._TitanSide()
    assert side.choose(None, 1, "intercept", [7, 8], optional=True) is None
    assert side.choose(None, 1, "intercept", [7, 8], optional=False) == 7


def test_sweep_rows_carry_each_seats_counts_and_whether_the_players_won():
    """The `games` row's per-seat counts are the result's; the `units` rows say whether the players won;
    `is_success` reads `won`."""
    g = new("oceanus", d6=[1, 1, 1])
    s = g.state
    pillars_down(g)
    res = s.mode.result(g, None)
    rows = RiseOfRomeTitan.rows(res, {"matchup": "m", "arena": "colosseum", "game": 0}, lambda u: "unit")
    (row,) = rows["games"]
    (tr,) = res.troops
    assert (row["a_damage_dealt"], row["a_kills"], row["a_units_deployed"], row["a_units_lost"],
            row["a_crowd_favor"]) == (tr.damage_dealt, tr.kills, tr.units_deployed, tr.units_lost, tr.crowd_favor)
    assert row["a_damage_dealt"] > 0 and row["b_damage_dealt"] is None
    assert rows["units"] and all(u["won"] is False for u in rows["units"])
    assert RiseOfRomeTitan.is_success({"won": True}) is True and RiseOfRomeTitan.is_success(row) is False


# --------------------------------------------------------------------------- movement, going home, summoning


def _free(s, near, k):
    return [h for h in s.grid.at_distance(near, k) if s.board[h] < 0 and not s.grid.move_block[h]
            and not s.grid.inner[h] and h not in s.footholds]


def test_move_toward_heads_for_the_closest_then_weakest_by_route_ROR_63_ROR_64():
    """Stand-in `move-toward N` (ROR-63/64): toward the closest opposing unit by route, a weaker one farther off
    notwithstanding; among equally close ones the weakest, no choice asked; up to N hexes (N = 1: one hex, though
    the titan has Movement 2); no N: its Movement."""
    g = new("menoetius")
    s = g.state
    c = Scripted()
    g.controllers = [c, g.controllers[-1]]
    t = titan(s)
    assert t.unit.movement == 2 and t.hex == 39
    near = put(s, gladiator(s), _free(s, 39, 3)[0])
    far_weak = put(s, gladiator(s), max(_free(s, 39, 5), key=lambda h: s.grid.dist[h][near.hex]), hp=1)
    assert s.grid.dist[far_weak.hex][near.hex] >= 3
    ti._move_toward(g, t, 1)
    assert s.grid.dist[t.hex][39] == 1 and s.grid.dist[t.hex][near.hex] == 2
    ti._move_toward(g, t, None)
    assert s.grid.dist[t.hex][near.hex] == 1 and far_weak.hp == 1
    assert not any(d == "titan-choice" for d, _ in c.asked)
    # equally close: the weaker
    g = new("menoetius")
    s = g.state
    c = Scripted()
    g.controllers = [c, g.controllers[-1]]
    t = titan(s)
    a_hex, b_hex = _free(s, 39, 4)[:2]
    strong, weak = put(s, gladiator(s), a_hex), put(s, gladiator(s), b_hex, hp=1)
    from hoplostat.rulesets.rise_of_rome.titan import route_from
    dist = route_from(s, t.hex, t)
    if dist[a_hex] == dist[b_hex]:
        ti._move_toward(g, t, None)
        assert s.grid.dist[t.hex][weak.hex] < s.grid.dist[39][weak.hex] and strong.hp == strong.unit.health
        # the target is not asked for (a tie between end hexes may be: their options are hexes)
        assert not any(d == "titan-choice" and not all(isinstance(x, int) for x in o) for d, o in c.asked)
    else:
        pytest.fail("no two free hexes at an equal route from the titan hex")


def test_going_home_trades_places_with_the_champion_there_ROR_67():
    """ROR-67: the titan goes back to the titan hex; a unit there (the champion, uid 0) trades places with
    him; the log says which; with the hex free he just returns."""
    g = new()
    s = g.state
    t, ch = titan(s), champion(s)
    away = _free(s, 39, 2)[0]
    rules.displace(g, t, away)
    s.board[ch.hex] = -1
    ch.hex = 39
    s.board[39] = ch.uid
    ti.go_home(g, t)
    assert t.hex == 39 and ch.hex == away and s.board[away] == ch.uid and s.board[39] == t.uid
    assert f"{t.name} returns to the titan hex and trades places with {ch.name} (now on hex {away})" in s.log
    rules.displace(g, t, away + 0 if s.board[away] < 0 else _free(s, 39, 1)[0])
    src = t.hex
    ti.go_home(g, t)
    assert t.hex == 39 and s.board[src] < 0 and s.log[-1] == f"{t.name} returns to the titan hex"


def test_call_forth_with_the_champion_on_the_titan_hex_summons_onto_the_inner_hex_of_the_d6_ROR_69():
    """ROR-69 (R-ROR-17): the titan hex taken (by the champion, uid 0), a summoned unit goes onto the inner hex
    two steps from it in the d6's direction (face 1: east, hex 41) if free."""
    g = new(d6=[1, 1])
    s = g.state
    t, ch = titan(s), champion(s)
    rules.displace(g, t, _free(s, 39, 2)[0])
    s.board[ch.hex] = -1
    ch.hex = 39
    s.board[39] = ch.uid
    u = s.units[s.pile[0]]
    ti._call_forth(g, t, None)
    assert ch.hex == 39 and f"{ti.card(s).unit.name} summons {u.name} onto hex 41" in s.log


def test_summoning_skips_the_players_foothold_and_fails_with_every_inner_hex_taken_ROR_54_ROR_69():
    """ROR-54/69: a players' foothold on the inner hex is not free for the titan's side: the next one clockwise
    is taken; with the titan hex and all six inner hexes taken nothing is summoned (said so), and the chip stays
    in the pile; an empty pile is said so too."""
    g = new(d6=[1, 1, 1])
    s = g.state
    assert s.board[39] == titan(s).uid
    rules.place_foothold(g, 0, 41)
    assert ti.inner_clockwise(s, 1, s.titan_troop) != 41
    u = s.units[s.pile[0]]
    ti._call_forth(g, titan(s), None)
    (line,) = [x for x in s.log if x.startswith(f"{ti.card(s).unit.name} summons {u.name} onto hex ")]
    h = int(line.rsplit(" ", 1)[1])
    assert u.zone == "combat" and h != 41 and s.grid.inner[h]
    inner = [h for h in range(s.grid.n) if s.grid.inner[h]]
    assert len(inner) == 6
    for h in inner:
        if s.board[h] < 0 and h not in s.footholds:
            put(s, gladiator(s), h)
    assert ti.inner_clockwise(s, 1, s.titan_troop) == -1
    nxt = s.units[s.pile[0]]
    assert ti.summon(g, nxt) is False
    assert s.log[-1] == f"no free hex to summon {nxt.name}" and nxt.zone != "combat" and s.pile[0] == nxt.uid
    s.pile.clear()
    ti._call_forth(g, titan(s), None)
    assert s.log[-1] == "the pile is empty: nothing to call forth"


def test_quake_damage_is_the_titans():
    """The stand-in `quake`: its damage is dealt by the titan (its statistics)."""
    g = new("cronus")
    s = g.state
    near = put(s, gladiator(s), 40)
    dealt = titan(s).damage_dealt
    ti._quake(g, titan(s), 1)
    assert near.hp == near.unit.health - 1 and titan(s).damage_dealt == dealt + 1


def test_shard_bound_attack_weakest_among_holders_the_champion_holding_one_included_ROR_76():
    """ROR-76: a summoned unit attacks the weakest shard holder in range; the champion holding a shard is a
    holder like any other (so the weaker champion is chosen over a sturdier holder); among units that hold
    nothing, the weakest, no choice asked."""
    g = new(roller=None)
    s = g.state
    c = Scripted()
    g.controllers = [c, g.controllers[-1]]
    ch, u = _summoned_beside_champion(g)
    other = next(h for h in s.grid.neighbours[u.hex] if s.board[h] < 0 and not s.grid.move_block[h] and h != ch.hex)
    holder = put(s, gladiator(s), other)
    s.shards[0], s.shards[1] = ch.uid, holder.uid
    ch.hp = 2
    hp_h = holder.hp
    ti.shard_bound_attack(g, u)
    assert ch.hp < 2 or ch.zone != "combat"
    assert holder.hp == hp_h
    assert not any(d == "titan-choice" for d, _ in c.asked)


# --------------------------------------------------------------------------- the result, the end, deployment, shards


def test_the_result_reports_each_seat_and_the_titans_hp_ROR_17_ROR_82():
    """The result: per seat its index, city, red side, team 0 and its counts (deployed, damage, kills, lost,
    favor, rewards, tactic damage and kills, titan damage); mode, rule set, arena, cities, rounds, first seat;
    the titan's HP (in play: left; defeated: 0; not in play: its Health); the titan turns; the log."""
    g = new("menoetius", ("rome", "pompeii"), second="cronus")
    s = g.state
    for k, t in enumerate(s.troops[:2]):
        t.deployed, t.damage_dealt, t.kills, t.units_lost = 3 + k, 7 + k, 2 + k, 1 + k
        t.favor_total, t.rewards, t.tactic_damage, t.tactic_kills = 5 + k, 1 + k, 2 + k, 1
    s.titan_damage[0], s.titan_damage[1] = 4, 6
    s.titan_turns = 3
    s.round = 5
    res = s.mode.result(g, None)
    got = [(t.seat, t.faction, t.side, t.team, t.units_deployed, t.damage_dealt, t.kills, t.units_lost, t.crowd_favor,
            t.rewards, t.tactic_damage, t.tactic_kills, t.extras) for t in res.troops]
    assert got == [(0, "rome", "red", 0, 3, 7, 2, 1, 5, 1, 2, 1, {"titan_damage": 4}),
                   (1, "pompeii", "red", 0, 4, 8, 3, 2, 6, 2, 3, 1, {"titan_damage": 6})]
    assert (res.mode, res.ruleset, res.arena, res.factions, res.rounds, res.first_player) == \
        ("rise-of-rome-titan", "rise-of-rome", "colosseum", ("rome", "pompeii"), 5, 0)
    assert res.extras["titan_turns"] == 3 and res.log is s.log and isinstance(res.unimplemented, tuple)
    assert res.units and all(u.seat in (0, 1) for u in res.units)
    from hoplostat.engine.state import BAG, TRACK
    assert len(res.units) == sum(1 for u in s.units if u.troop in (0, 1) and u.zone not in (BAG, TRACK))
    t = titan(s)
    assert res.extras["titan_hp"] == t.hp
    t.hp = 5
    assert s.mode.result(g, None).extras["titan_hp"] == 5
    s.board[t.hex] = -1
    s.leave_combat(t)
    t.zone = "discard"
    assert s.mode.result(g, None).extras["titan_hp"] == 0
    t.zone = "camp"
    assert s.mode.result(g, None).extras["titan_hp"] == t.unit.health


def test_the_end_names_the_winner_only_when_the_titan_falls_ROR_17():
    """The players (seat 0's side) win on "titan defeated", and the log says "Game over"; any other end has no
    winner; the co-op hand-over to the second titan is narrated as such, not as a game over."""
    g = new()
    s = g.state
    s.mode.end(g, "titan defeated")
    assert s.winner == 0 and s.log[-1] == "Game over: titan defeated"
    g = new()
    s = g.state
    s.mode.end(g, "champion defeated")
    assert s.winner is None and s.log[-1] == "Game over: champion defeated"
    g = new()
    s = g.state
    s.mode.end(g, ti.NEXT_TITAN)
    assert s.log[-1] == f"-- {ti.NEXT_TITAN}"


def test_deployment_hexes_are_the_red_pair_the_inner_hexes_and_the_titan_hex_then_the_blue_pair_ROR_10_ROR_49():
    """ROR-10: the red outer pair, the six inner hexes and the titan hex; ROR-49: the blue pair too, once open."""
    g = new()
    s = g.state
    grid = s.grid
    red, blue = list(grid.tagged("outer-red")), list(grid.tagged("outer-blue"))
    inner = [h for h in range(grid.n) if grid.inner[h]]
    assert len(red) == len(blue) == 2 and len(inner) == 6
    assert sorted(s.mode.deployment_hexes(s, 0)) == sorted(red + inner + [39])
    ti.meter_troop(s).far_open = True
    assert sorted(s.mode.deployment_hexes(s, 0)) == sorted(red + inner + [39] + blue)


def test_a_fallen_holders_shard_goes_to_its_own_players_champion_R_ROR_15():
    """R-ROR-15: a defeated shard holder's shard goes to its player's champion: co-op player 2's unit to
    player 2's champion (not player 1's)."""
    g = new("menoetius", ("rome", "pompeii"), second="cronus")
    s = g.state
    u = put(s, gladiator(s, 1), 41)
    s.shards[0] = u.uid
    ti.pass_shard(g, u)
    assert s.shards[0] == champion(s, 1).uid
    assert s.log[-1] == f"{champion(s, 1).name} takes up the shard {u.name} held"


# --------------------------------------------------------------------------- from the 2026-12-02 fresh run's survivors


def test_an_unscripted_d6_shows_every_face_one_to_six_read_through_the_die_legend_ROR_65():
    """ROR-65 (R-ROR-18): a d6 gives 1..6, each face; the log names the face's Die Legend direction."""
    g = new()
    s = g.state
    faces = {ti.d6(g) for _ in range(200)}
    assert faces == {1, 2, 3, 4, 5, 6}
    s.d6_script = [1, 4]
    ti.d6(g)
    ti.d6(g)
    assert s.log[-2:] == ["d6: 1 (e)", "d6: 4 (w)"]


def test_one_hex_per_step_of_the_row_stopping_where_the_way_is_blocked_ROR_68():
    """ROR-68: the row's N hexes (1 when none is printed) in the d6's direction; a unit in the way stops it
    where it stands in front."""
    for arg, blocker, end in ((None, None, 40), (2, None, 41), (2, 41, 40)):
        g = new(d6=[1])
        s = g.state
        if blocker is not None:
            put(s, gladiator(s), blocker)
        ti._move_d6(g, titan(s), arg)
        assert titan(s).hex == end, (arg, blocker)


def _nothing_left(g):
    s = g.state
    for u in s.units:
        if u.troop in s.players and u.unit.kind == "unit":
            u.zone = "track"
    for p in s.players:
        s.troops[p].tactics_bag.clear()
        s.troops[p].tactics_camp.clear()
    m = ti.meter_troop(s)
    m.fa_earned = []
    m.cf_unlocked = False
    assert ti.out_of_chips(s)
    return s


def test_any_chip_left_to_either_player_keeps_the_game_going_R_ROR_23():
    """R-ROR-23: the players are out of chips only when no player has a gladiator in play, hand or bag, a
    tactic in hand or bag, nor the meter an earned F/A chip or an unlocked CF gladiator to deploy."""
    for what in ("bag", "hand", "tactic-hand", "tactic-bag", "fa", "cf", "partner"):
        g = new(factions=("rome", "pompeii"))
        s = _nothing_left(g)
        m = ti.meter_troop(s)
        p2 = s.units[next(u.uid for u in s.units if u.troop == 1 and u.unit.kind == "unit")]
        tac = CAT.faction_tactics("rome")[0]
        if what == "bag":
            gladiator(s).zone = "bag"
        elif what == "hand":
            gladiator(s).zone = "camp"
        elif what == "tactic-hand":
            s.troops[0].tactics_camp.append(tac)
        elif what == "tactic-bag":
            s.troops[0].tactics_bag.append(tac)
        elif what == "fa":
            m.fa_earned = [archer(s).uid]
        elif what == "cf":
            m.cf_unlocked = True
            assert s.units[m.cf_gladiator].zone == "track"
        else:  # player 2's gladiator in combat
            put(s, p2, 25)
        assert not ti.out_of_chips(s), what
    g = new()
    s = _nothing_left(g)
    m = ti.meter_troop(s)
    m.cf_unlocked = True
    s.units[m.cf_gladiator].zone = "discard"  # deployed and gone: nothing to deploy
    assert ti.out_of_chips(s)


def test_the_favor_and_titan_damage_count_only_the_players_damage_to_the_titans_side_ROR_41_ROR_58():
    """ROR-41, ROR-58: one favor per health chip the players take from the titan's side, and the titan's own
    damage summed per player; no favor for damage to the players' own units, for the titan side's own, nor for 0."""
    g = new()
    s = g.state
    m = ti.meter_troop(s)
    own = put(s, gladiator(s), 25)
    pil = s.units[s.pillars[0]]
    mode = s.mode
    n = len(s.log)
    mode.after_damage(g, own, 2, source=None, source_troop=0)
    mode.after_damage(g, pil, 1, source=None, source_troop=s.titan_troop)
    mode.after_damage(g, pil, 0, source=None, source_troop=0)
    mode.after_damage(g, pil, 1, source=None, source_troop=None)
    assert m.favor_total == 0 and len(s.log) == n and s.titan_damage == [0, 0]
    mode.after_damage(g, pil, 1, source=None, source_troop=0)
    assert m.favor_total == 1 and s.titan_damage == [0, 0]
    mode.after_damage(g, titan(s), 2, source=None, source_troop=0)
    mode.after_damage(g, titan(s), 3, source=None, source_troop=0)
    assert s.titan_damage == [5, 0] and m.favor_total == 6


def test_a_freed_shard_is_held_by_the_destroyer_in_play_else_its_players_champion_ROR_60_R_ROR_15():
    """R-ROR-15: the unit in play that destroyed the pillar holds the shard; a destroyer no longer in play, or a
    tactic's damage, gives it to that player's champion (player 1's when no player is named); the log numbers the
    pillar and says when the titan can be defeated."""
    g = new(factions=("rome", "pompeii"))
    s = g.state
    gone = put(s, gladiator(s), 25)
    gone.zone = "discard"
    pils = [s.units[u] for u in s.pillars]
    ti.free_shard(g, pils[0], gone, 0)
    assert s.shards[0] == champion(s, 0).uid
    assert s.log[-1] == f"the shard of pillar 1 is freed: {champion(s, 0).name} holds it"
    ti.free_shard(g, pils[1], None, 1)
    assert s.shards[1] == champion(s, 1).uid
    ti.free_shard(g, pils[2], None, None)
    assert s.shards[2] == champion(s, 0).uid and s.log[-1].startswith("the shard of pillar 3 is freed")
    ti.free_shard(g, pils[3], None, None)
    assert s.log[-1].endswith(f"holds it; {ti.card(s).unit.name} can now be defeated")
    g = new()
    s = g.state
    ti.free_shard(g, s.units[s.pillars[0]], None, None)
    assert s.shards[0] == champion(s).uid


def test_city_origins_with_a_plain_catalog_still_deals_the_origins_builds_ORI_53():
    """ORI-53 (R-ORI-21): `new_game` given the plain Rise of Rome catalog with `city=origins` adds the builds
    itself; without the option the city's own chips play; the log is off unless asked; the controller count."""
    import numpy as np

    from hoplostat.engine.loop import GameSpec

    spec = GameSpec("rise-of-rome-titan", ("rome",), titan="oceanus", options=(("city", "origins"),))
    g = RiseOfRomeTitan.new_game(CAT, spec, [Scripted()], rng=np.random.default_rng(0))
    mine = [u.unit.id for u in g.state.units if u.troop == 0 and u.unit.kind == "unit"]
    assert mine and all(x.startswith("origins:") for x in mine) and g.state.log is None
    g = RiseOfRomeTitan.new_game(CAT, GameSpec("rise-of-rome-titan", ("rome",), titan="oceanus"), [Scripted()],
                                 rng=np.random.default_rng(0))
    assert not any(u.unit.id.startswith("origins:") for u in g.state.units)
    with pytest.raises(InputError, match="^rise-of-rome-titan: 2 faction"):
        RiseOfRomeTitan.new_game(CAT, GameSpec("rise-of-rome-titan", ("rome", "pompeii"), titan="oceanus"),
                                 [Scripted(), Scripted(), Scripted()], rng=np.random.default_rng(0))


def test_quake_is_narrated_as_the_quake():
    """The event log names the titan's `quake` as the cause of the damage (a player checks a ruling by reading
    one game)."""
    g = new("cronus")
    s = g.state
    near = put(s, gladiator(s), 40)
    ti._quake(g, titan(s), 1)
    assert f"{near.name} (red) loses 1 HP (quake), {near.unit.health - 1} left" in s.log


def test_shard_bound_target_equally_close_holders_the_weakest_ROR_76():
    """ROR-76: closest (by route) > weakest: between two holders as close, the weaker is the target."""
    g = new()
    s = g.state
    u = summoned_at(g, 30)
    d = ti.route_from(s, u.hex, u)
    far = [h for h in range(s.grid.n) if d[h] == 4 and s.board[h] < 0 and not s.grid.move_block[h]]
    a = put(s, gladiator(s), far[0], hp=3)
    b = put(s, gladiator(s), far[-1], hp=1)
    s.shards[0], s.shards[1] = a.uid, b.uid
    dist = ti.route_from(s, u.hex, u)
    assert dist[a.hex] == dist[b.hex] == 4
    assert ti.shard_bound_target(g, u) is b


# --------------------------------------------------------------------------- from the 2026-12-03 fresh run's survivors


def test_a_summoned_unit_under_a_tactic_that_does_not_stun_still_moves_and_attacks_ROR_79_ROR_103():
    """ROR-103: only a Stun (a flip or a Stun tactic) stops a unit; a summoned unit carrying a Hamstring still
    attacks the champion next to it."""
    from hoplostat.engine.state import PlacedTactic

    g = new()
    s = g.state
    ch, u = _summoned_beside_champion(g)
    ham = next(t for t in CAT.faction_tactics("rome") if any(e.term == "movement-set" for e in t.effects))
    u.tactics.append(PlacedTactic(ham, 0, s.turn))
    assert ti.can_act(s, u) and not s.is_fatigued(u)
    hp = ch.hp
    ti.shard_bound_attack(g, u)
    assert ch.hp < hp


def test_city_origins_offers_each_player_the_four_tactics_of_its_own_build_ROR_57_ORI_53():
    """ROR-57, ROR-83 with ORI-53: the tactic for the bag is chosen among the city's four: with `city=origins`
    those of the player's custom build (player 1 build 1, player 2 build 2), not the city's own; the log says
    which was taken."""
    import numpy as np

    from hoplostat.engine.loop import GameSpec

    spec = GameSpec("rise-of-rome-titan", ("rome", "pompeii"), titan="menoetius", options=(("city", "origins"),))
    c = Scripted()
    g = RiseOfRomeTitan.new_game(RiseOfRomeTitan.catalog_of(CAT, spec.options), spec, [c],
                                 rng=np.random.default_rng(0), log=True)
    g.state.mode.begin(g)
    offered = [o for d, o in c.asked if d == "select-tactic"]
    builds = ti.origins_builds()
    assert offered == [[t.id for t in builds[0][1]], [t.id for t in builds[1][1]]]
    assert [t.id for t in g.state.troops[0].tactics_bag + g.state.troops[0].tactics_camp] == [builds[0][1][0].id]
    assert f"rome takes the tactic {builds[0][1][0].name}" in g.state.log


def _first_titan_falls(g):
    """Co-op: every pillar down, then the first titan defeated and the hand-over to the second (ROR-82)."""
    s = g.state
    pillars_down(g)
    rules.damage(g, titan(s), titan(s).hp, source=champion(s))
    assert s.end_reason == ti.NEXT_TITAN
    s.mode.interrupt(g)


def test_the_coop_reset_puts_the_champions_back_bare_and_takes_the_first_titans_chips_out_ROR_82():
    """ROR-82: "reset everything except for both Champions' health": a champion moved off its champion hex goes
    back to it (the hex it left empty) without the tactics it carried, inactive; the first titan's pile leaves the
    game; an F/A chip earned and never played goes back out of the game (never counted as a chip that played);
    both hands are drawn again (two chips each); the meter starts over; the titan's side is the second titan's."""
    from hoplostat.engine.state import PlacedTactic

    g = new("oceanus", ("rome", "pompeii"), second="theia")
    s = g.state
    hero, mate = champion(s, 0), champion(s, 1)
    home = s.champion_hex[0]
    away = _free(s, home, 2)[0]
    rules.displace(g, hero, away)
    ham = next(t for t in CAT.faction_tactics("pompeii") if any(e.term == "movement-set" for e in t.effects))
    hero.tactics.append(PlacedTactic(ham, 1, s.turn))
    hero.active = mate.active = True
    old_pile = list(s.pile)
    assert old_pile
    m = ti.meter_troop(s)
    earned = archer(s)
    m.fa_earned = [earned.uid]
    m.cf_target, m.favor = favor.FAR_RIGHT, 3
    m.far_open = m.reroll = m.cf_unlocked = True
    old_cf, old_chips = s.units[m.cf_gladiator], set(m.meter_chips)
    old_cf.zone, old_cf.entered = "discard", True  # played and lost against the first titan
    _first_titan_falls(g)
    assert hero.hex == home and s.board[home] == hero.uid and s.board[away] < 0
    assert hero.tactics == [] and not hero.active and not mate.active
    assert all(s.units[u].zone == "discard" for u in old_pile) and not set(old_pile) & set(s.pile)
    assert earned.zone == "track" and not earned.entered
    res = s.mode.result(g, None)
    assert not any(r.unit_id == earned.unit.id and not r.deployed for r in res.units)
    assert [phase.hand_count(s, p) for p in (0, 1)] == [2, 2]
    # the meter too: its bead at the center, no reward held (the blue pair closed, no reroll, no CF gladiator)
    assert (m.cf_target, m.favor, m.far_open, m.reroll, m.cf_unlocked, m.fa_earned) == (-1, 0, False, False, False, [])
    assert not set(s.grid.tagged("outer-blue")) & set(s.mode.deployment_hexes(s, 0))
    assert s.troops[s.titan_troop].faction == "titan:theia"
    assert hero.zone == mate.zone == "combat" and hero in s.in_combat(0)  # the champions stay in play
    # ROR-58 for the second fight: a CF gladiator drawn anew onto the meter's center, four F/A chips on the others
    cf = s.units[m.cf_gladiator]
    assert cf is not old_cf and cf.unit.kind == "cf-gladiator" and cf.zone == "track" and not cf.entered
    outer = [m.meter_chips[k] for k in (favor.FAR_LEFT, favor.MID_LEFT, favor.MID_RIGHT, favor.FAR_RIGHT)]
    assert all(u >= 0 and u not in old_chips and s.units[u].unit.kind == "fa-archer" for u in outer)
    favor.claim(g, 0, favor.CENTER)  # the center of the new meter holds the CF gladiator, no F/A chip
    assert m.cf_unlocked and m.fa_earned == []


def test_the_coop_reset_never_puts_two_champions_on_one_hex_ROR_82():
    """ROR-82: champions that stand on each other's champion hex when the first titan falls cannot both go back
    (each hex is taken): the board still holds each champion where it stands."""
    g = new("menoetius", ("rome", "pompeii"), second="theia")
    s = g.state
    a, b = champion(s, 0), champion(s, 1)
    ha, hb = a.hex, b.hex
    assert {ha, hb} == set(s.champion_hex) and a.uid == 0
    s.board[ha], s.board[hb] = b.uid, a.uid
    a.hex, b.hex = hb, ha
    _first_titan_falls(g)
    for ch in (a, b):
        assert s.board[ch.hex] == ch.uid
    assert sorted(h for h in range(s.grid.n) if s.board[h] in (a.uid, b.uid)) == sorted([ha, hb])


def test_setup_refuses_another_catalog_a_wrong_city_count_and_a_titan_of_another_game_ROR_55_ROR_82():
    """The mode is played solo (one city) or co-op (two different cities, ROR-82) with the Rise of Rome catalog
    and one of its titans (ROR-55); anything else is refused, saying why."""
    from dataclasses import replace

    import numpy as np

    from hoplostat.catalog import load
    from hoplostat.catalog.model import FrozenMap

    rng = np.random.default_rng(0)
    with pytest.raises(InputError, match="^rise-of-rome-titan needs the Rise of Rome catalog, got the remastered one$"):
        ti.setup(load(ruleset="remastered"), "oceanus", ("rome",), rng=rng)
    for bad in (("rome", "pompeii", "rome"), ("rome", "rome"), ()):
        with pytest.raises(InputError, match=r"^rise-of-rome-titan: one city solo or two different cities co-op, "
                                             rf"got {re.escape(repr(bad))}$"):
            ti.setup(CAT, "oceanus", bad, rng=rng)
    assert len(ti.setup(CAT, "oceanus", ("rome",), rng=rng).mode.cards) == 1
    assert len(ti.setup(CAT, "oceanus", ("rome", "pompeii"), rng=rng).mode.cards) == 2
    other = next(iter(load(ruleset="remastered").titans.values()))
    cat = replace(CAT, titans=FrozenMap({**CAT.titans, "stranger": other}))
    with pytest.raises(InputError, match="^'stranger' is no Rise of Rome titan$"):
        ti.setup(cat, "stranger", ("rome",), rng=rng)


def test_setup_narrates_the_titans_the_players_and_the_mat_and_keeps_no_log_unless_asked():
    """The event log's set-up lines: the titan (co-op: then the second), solo or co-op, the cities, the custom
    Origins cities (ORI-53); the titan's HP, the pillars' Health and, against Oceanus, his pile (ROR-56, ROR-59).
    `setup` keeps no log by default."""
    import numpy as np

    rng = np.random.default_rng(0)
    assert ti.setup(CAT, "oceanus", ("rome",), rng=rng).log is None
    solo = ti.setup(CAT, "oceanus", ("rome",), rng=rng, log=True).log
    ph = CAT.titan("oceanus").pillar_health
    assert solo[:2] == ["Set-up: Rise of Rome against Oceanus, solo rome",
                        f"Oceanus stands on the titan hex with 12 HP; four pillars of {ph} Health on the pedestals; "
                        "a pile of 10 gladiators"]
    coop = ti.setup(CAT, "menoetius", ("rome", "pompeii"), rng=rng, log=True, second="cronus").log
    pillar = CAT.titan("menoetius").pillar_health
    hp = CAT.titan("menoetius").unit.health
    assert coop[:2] == ["Set-up: Rise of Rome against Menoetius, then Cronus, co-op rome and pompeii",
                        f"Menoetius stands on the titan hex with {hp} HP; four pillars of {pillar} Health on the "
                        "pedestals"]
    ori = ti.setup(ti.origins_city_catalog(CAT), "oceanus", ("rome",), rng=rng, log=True, city="origins").log
    assert ori[0] == "Set-up: Rise of Rome against Oceanus, solo rome (custom cities of Origins chips, ORI-53)"


def test_the_meter_starts_at_its_center_and_its_chips_wait_off_the_mat_until_earned_ROR_42_ROR_58():
    """ROR-58: the CF gladiator and the four F/A chips lie on the meter, not in the bag: the hand and bag hold
    the seven chips alone, neither is offered for deployment, and neither counts among the chips that played; the
    bead starts at the center (ROR-42: the first point asks for a reward, the fifth earns it, not the fourth);
    the center reward (ROR-47) makes the CF gladiator deployable on every free deployment hex."""
    g = new()
    s = g.state
    m = ti.meter_troop(s)
    cf = s.units[m.cf_gladiator]
    chips = {cf.uid} | {u for u in m.meter_chips if u >= 0}
    assert len(chips) == 5 and all(s.units[u].zone not in ("bag", "camp", "combat") for u in chips)
    assert phase.hand_count(s, 0) + phase.bag_count(s, 0) == 7
    res = s.mode.result(g, None)
    assert not {s.units[u].unit.id for u in chips} & {r.unit_id for r in res.units}
    assert not any(uid in chips for uid, _ in s.mode.gladiator_options(s, 0))
    c = scripted(g, {"cf-reward": lambda o: o[-1]})
    favor.gain(g, 0, 4, "test")
    assert [o for d, o in c.asked if d == "cf-reward"] == [[favor.FAR_LEFT, favor.MID_LEFT, favor.MID_RIGHT,
                                                              favor.FAR_RIGHT]]
    assert not m.far_open and m.rewards == 0
    favor.gain(g, 0, 1, "test")
    assert m.far_open and m.rewards == 1
    m.cf_unlocked = True
    free = {h for h in s.mode.deployment_hexes(s, 0) if s.board[h] < 0 and s.can_occupy(0, h)}
    assert {h for uid, h in s.mode.gladiator_options(s, 0) if uid == cf.uid} == free and free


# --------------------------------------------------------------------------- the titan's turn (ROR-74, ROR-75)


def test_the_titan_hex_hurts_only_the_titans_summoned_unit_there_and_the_turn_goes_on_ROR_62_ROR_8():
    """ROR-8, ROR-62 (R-ROR-26): at the start of the titan's turn its summoned unit on the titan hex takes 1
    damage (said so) and the titan still rolls and acts; a player's unit there takes nothing (its own turn's
    start is when it is hurt); with the titan hex empty no unit of the titan's side takes damage."""
    from hoplostat.engine.rules import FixedRoller

    g = new("menoetius", roller=FixedRoller(mode="none"))  # Menoetius does not go home (ROR-67 is Oceanus's)
    s = g.state
    rules.displace(g, titan(s), _free(s, 39, 2)[0])
    mine = put(s, gladiator(s), 39)
    side = [s.units[u] for u in s.pillars] + [titan(s)]
    before = [u.hp for u in side]
    ti.titan_turn(g)
    assert mine.hp == mine.unit.health and [u.hp for u in side] == before
    assert f"{titan(s).name} rolls {ti.card(s).titan_dice}: no hits" in s.log
    rules.withdraw(g, mine, "discard")
    ti.titan_turn(g)
    assert [u.hp for u in side] == before
    g = new("menoetius", roller=FixedRoller(mode="none"))
    s = g.state
    rules.displace(g, titan(s), _free(s, 39, 2)[0])
    u = summoned_at(g, 39)
    hp = u.hp
    ti.titan_turn(g)
    assert u.hp == hp - 1 and f"{u.name} (blue) loses 1 HP (titan hex), {hp - 1} left" in s.log
    assert f"{titan(s).name} rolls {ti.card(s).titan_dice}: no hits" in s.log and s.titan_turns == 1
    ti.titan_turn(g)
    assert s.titan_turns == 2


def test_the_titans_turn_ends_its_own_earlier_flips_and_names_each_row_it_plays_ROR_73_ROR_74_ROR_103():
    """ROR-103 with ROR-73: a unit the titan flipped in an earlier turn is flipped back in the titan's next turn
    (at its attack block), even when no Trident row is rolled; the roll is narrated colour by colour, and each row
    played with its number (Move 1) or alone (Basic Attack)."""
    from hoplostat.engine.rules import FixedRoller
    from hoplostat.rulesets.rise_of_rome.skills import flip

    g = new(roller=FixedRoller([0, 0, 1], mode="none"), d6=[4])  # blue 0, green 0, black 1: Move, Basic Attack
    s = g.state
    u = put(s, gladiator(s), 44)
    flip(g, u, s.titan_troop)
    s.turn += 1
    ti.titan_turn(g)
    assert not s.is_fatigued(u) and f"{u.name} (red) is flipped back" in s.log
    assert "Oceanus: move-d6 1" in s.log and "Oceanus: basic-attack" in s.log
    dice = ti.card(s).titan_dice
    assert f"Oceanus rolls {dice}: 1 black" in s.log
    g = new(roller=FixedRoller([0, 2, 1], mode="none"), d6=[4, 1, 1])  # blue 0, green 2, black 1
    ti.titan_turn(g)
    assert f"Oceanus rolls {dice}: 2 green, 1 black" in g.state.log


# --------------------------------------------------------------------------- the players' deploy step (ROR-26, ROR-84)


def test_an_earned_fa_chip_may_be_played_as_a_foothold_instead_of_a_tactic_ROR_26_ROR_50_ROR_84():
    """ROR-26, ROR-84: with no tactic played, a shared earned F/A chip may be played as the player's foothold, on
    any hex ROR-50 allows (one under the player's own unit included); it leaves the earned circles. The player
    may decline (nothing changes); a turn with a tactic played offers no foothold."""
    for answer in ("place", "decline", "tactic"):
        g = new()
        s = g.state
        m = ti.meter_troop(s)
        a1, a2 = [u for u in m.meter_chips if u >= 0][:2]
        m.fa_earned = [a1, a2]
        own = put(s, gladiator(s), 25)
        picks = {"place-foothold": lambda o: own.hex} if answer == "place" else {}
        if answer == "tactic":
            tac = next(t for t in CAT.faction_tactics("rome") if not any(e.term == "stun" for e in t.effects))
            s.troops[0].tactics_camp = [tac]
            picks["tactic"] = lambda o: o[0]
        c = scripted(g, picks)
        allowed = favor.foothold_hexes(s, 0)
        s.mode.deploy(g, 0)
        asked = [o for d, o in c.asked if d == "place-foothold"]
        if answer == "tactic":
            assert asked == [] and not s.footholds and m.fa_earned == [a1, a2]
            continue
        assert asked == [allowed] and own.hex in allowed
        if answer == "place":
            assert s.footholds == {own.hex: 0} and len(m.fa_earned) == 1
        else:
            assert not s.footholds and m.fa_earned == [a1, a2]


def test_gladiator_options_free_deployment_hexes_the_players_own_foothold_and_enough_health_chips_ROR_26_ROR_84():
    """ROR-26 (ROR-10): a hand gladiator goes onto a free deployment hex: not one the champion (uid 0) stands on,
    the player's own foothold yes, the partner's no (R-ROR-28); with exactly its Health left in the players'
    supply it may still be deployed, with one less it may not (an earned F/A chip the same)."""
    g = new(factions=("rome", "pompeii"))
    s = g.state
    ch = champion(s)
    inner = [h for h in s.mode.deployment_hexes(s, 0) if s.grid.inner[h] and s.board[h] < 0]
    rules.displace(g, ch, inner[0])
    rules.place_foothold(g, 0, inner[1])
    rules.place_foothold(g, 1, inner[2])
    hand = [u for u in s.units if u.troop == 0 and u.zone == "camp" and u.active]
    assert hand
    u = hand[0]
    hexes = {h for uid, h in s.mode.gladiator_options(s, 0) if uid == u.uid}
    assert inner[0] not in hexes and inner[1] in hexes and inner[2] not in hexes
    assert inner[2] in {h for uid, h in s.mode.gladiator_options(s, 1) if s.units[uid].troop == 1}
    m = ti.meter_troop(s)
    chip = archer(s)
    m.fa_earned = [chip.uid]
    for left, offered in ((u.unit.health, True), (u.unit.health - 1, False)):
        s.supply["red"] = left
        opts = s.mode.gladiator_options(s, 0)
        assert any(uid == u.uid for uid, _ in opts) is offered
    pillars_down(g, keep=3)  # a pedestal freed for the archer (ROR-50)
    for left, offered in ((chip.unit.health, True), (chip.unit.health - 1, False)):
        s.supply["red"] = left
        assert any(uid == chip.uid for uid, _ in s.mode.gladiator_options(s, 0)) is offered


def test_the_shared_cf_gladiator_joins_the_partner_who_deploys_it_and_is_offered_once_ROR_47_ROR_84():
    """ROR-84: the meter's CF gladiator, once unlocked (ROR-47), may be deployed by either player: player 2's
    deployment makes it player 2's unit; once in play it is no longer offered."""
    g = new("menoetius", ("rome", "pompeii"))
    s = g.state
    m = ti.meter_troop(s)
    m.cf_unlocked = True
    cf = s.units[m.cf_gladiator]
    s.active = 1
    opts = [o for o in s.mode.gladiator_options(s, 1) if o[0] == cf.uid]
    assert opts
    s.mode.place(g, *opts[0])
    assert cf.zone == "combat" and cf.troop == 1
    assert not any(uid == cf.uid for p in (0, 1) for uid, _ in s.mode.gladiator_options(s, p))


def test_a_clones_titan_turn_plays_on_the_clone_not_on_the_game_it_was_taken_from():
    """The titan's turn step is built per game: a clone (a lookahead player's) plays its own titan turn, and the
    game it was copied from is left as it was."""
    from hoplostat.engine.loop import run_steps
    from hoplostat.engine.rules import FixedRoller

    g = new(roller=FixedRoller(mode="none"))
    s = g.state
    run_steps(g, s.mode.titan_turn(g).steps)
    assert s.titan_turns == 1
    g2 = g.clone()
    run_steps(g2, g2.state.mode.titan_turn(g2).steps)
    assert g2.state.titan_turns == 2 and s.titan_turns == 1


def test_a_tie_left_by_the_titan_is_player_1s_choice_and_must_be_made_ROR_80():
    """ROR-80 (co-op): a tie left by the chain is asked of player 1 (not player 2) as a choice that must be made:
    a controller that would pass still has the titan attack one of the tied units."""
    g = new("menoetius", ("rome", "pompeii"))
    s = g.state
    pillars_down(g, keep=1)  # range 1 + 3
    c1, c2 = Scripted(), Scripted()
    g.controllers = [c1, c2, g.controllers[-1]]
    a = put(s, gladiator(s, 0), 40, hp=2)
    b = put(s, gladiator(s, 1), 38, hp=2)
    ti._basic_attack(g, titan(s), None)
    asked = [o for d, o in c1.asked if d == "titan-choice"]
    assert asked and {u.uid for u in asked[0]} == {a.uid, b.uid} and not c2.asked
    harmed = [u.zone != "combat" or u.hp < 2 for u in (a, b)]
    assert sorted(harmed) == [False, True]


# --------------------------------------------------------------------------- the shared meter (ROR-45, ROR-46, ROR-84)


def test_the_shared_reroll_serves_either_players_attack_never_the_titans_ROR_46_ROR_84():
    """ROR-46 with ROR-84: the mid-left reward's reroll is the shared meter's: the titan's attack never uses it;
    player 2's unit's Basic Attack does ("the players reroll" a missed die), once that turn."""
    from hoplostat.engine.rules import FixedRoller

    g = new("menoetius", ("rome", "pompeii"), roller=FixedRoller(mode="none"))
    s = g.state
    m = ti.meter_troop(s)
    m.reroll = True
    mine = put(s, gladiator(s, 1), 40)
    rules.attack(g, titan(s), mine)
    assert m.reroll_turn != s.turn and not any("reroll" in line for line in s.log)
    pil = next(s.units[p] for p in s.pillars if s.grid.dist[s.units[p].hex][40] > 1)
    rules.displace(g, mine, next(h for h in s.grid.neighbours[pil.hex] if s.board[h] < 0
                                 and not s.grid.move_block[h]))
    rules.attack(g, mine, pil)
    assert m.reroll_turn == s.turn and any(line.startswith("the players reroll a missed") for line in s.log)


def test_the_far_left_reward_wakes_both_champions_only_when_it_is_earned_ROR_45_ROR_84():
    """ROR-45 with ROR-84: favor short of the far-left reward wakes nobody; earning it wakes both champions
    (each said so); on player 1's turn player 2's champion may act at once (only a champion woken on its own
    player's turn waits). Each favor point is narrated with the damage that earned it."""
    g = new("menoetius", ("rome", "pompeii"))
    s = g.state
    m = ti.meter_troop(s)
    s.active = 0
    u = put(s, gladiator(s, 0), 42)
    pil = s.units[s.pillars[0]]
    m.cf_target = favor.FAR_LEFT
    rules.damage(g, pil, 1, source=u)
    assert not champion(s, 0).active and not champion(s, 1).active
    assert f"rome (red) earns 1 crowd favor (1 HP from {pil.name})" in s.log
    m.favor = 4
    rules.damage(g, pil, 1, source=u)
    b = champion(s, 1)
    assert champion(s, 0).active and b.active and b.deployed_turn != s.turn
    assert f"{b.name} is activated" in s.log


def test_the_deploy_step_offers_no_tactic_on_the_titan_or_a_pillar_R_ROR_19():
    """R-ROR-19 in the deploy step: a gladiator whose Tactical Range reaches the titan, a pillar and a summoned unit
    may play its tactic on the summoned unit, but the titan and the pillars are never offered as targets."""
    g = new()
    s = g.state
    u = put(s, gladiator(s), 1)  # next to the pedestal 0
    free = [h for h in s.grid.neighbours[1] if s.board[h] < 0 and not s.grid.move_block[h]]
    rules.displace(g, titan(s), free[0])
    foe = summoned_at(g, free[1])
    tac = next(t for t in CAT.faction_tactics("rome") if any(e.term == "movement-set" for e in t.effects))
    s.troops[0].tactics_camp = [tac]
    c = scripted(g)
    s.mode.deploy(g, 0)
    (opts,) = [o for d, o in c.asked if d == "tactic"]
    targets = {uid for _, uid in opts}
    assert foe.uid in targets and titan(s).uid not in targets and not targets & set(s.pillars)
    r = u.unit.tactical_range or 0
    assert max(s.grid.dist[u.hex][x.hex] for x in (titan(s), s.units[s.pillars[0]], foe)) <= r


def test_a_blocked_move_d6_leaves_the_titan_in_place_and_says_so_ROR_68():
    """ROR-68 ("if possible"): a unit on the first hex of the d6's direction keeps the titan where he is; the log
    says he cannot move that way."""
    g = new(d6=[1])
    s = g.state
    put(s, gladiator(s), 40)
    ti._move_d6(g, titan(s), None)
    assert titan(s).hex == 39 and s.log[-1] == f"{titan(s).name} cannot move that way"


def test_policy_a_tie_left_to_the_players_spares_the_champion_then_the_holders_then_the_weakest():
    """Policy (`TitanPlayer`, not a rule): offered a tie the titan's side leaves open (ROR-80), the player gives
    it a unit that is not the champion nor a shard holder, the sturdiest of those; holders before the champion."""
    g = new()
    s = g.state
    p = g.controllers[0]
    assert isinstance(p, ti.TitanPlayer)
    ch = champion(s)
    holder = put(s, gladiator(s), 40, hp=5)
    weak = put(s, gladiator(s), 41, hp=1)
    sturdy = put(s, gladiator(s), 42, hp=3)
    s.shards[0] = holder.uid
    opts = [ch.uid, holder.uid, weak.uid, sturdy.uid]
    assert p.choose(g, 0, "titan-choice", opts, optional=False) == sturdy.uid
    assert p.choose(g, 0, "titan-choice", [ch.uid, holder.uid], optional=False) == holder.uid


def test_a_rows_number_reaches_its_action_and_every_summoned_unit_attacks_ROR_68_ROR_75():
    """ROR-68 (the stand-in card's `move-d6 2`): the row's number is the action's: Theia moves 2 hexes; ROR-75:
    after the titan's attack block every summoned unit attacks, not only the first."""
    from hoplostat.engine.rules import FixedRoller

    g = new("theia", roller=FixedRoller([0, 0, 1], mode="none"), d6=[1])  # blue 0, green 0, black 1
    s = g.state
    ti.titan_turn(g)
    assert titan(s).hex == EAST[1]
    g = new(roller=FixedRoller([0, 0, 0], mode="all"))  # Oceanus rolls nothing; every other die hits
    s = g.state
    ch = champion(s)
    spots = [h for h in s.grid.neighbours[ch.hex] if s.board[h] < 0 and not s.grid.move_block[h]
             and not s.muted[h]][:2]
    a, b = summoned_at(g, spots[0]), summoned_at(g, spots[1])
    ti.titan_turn(g)
    assert f"{a.name} (blue) attacks" in "\n".join(s.log) and f"{b.name} (blue) attacks" in "\n".join(s.log)


def test_a_summoned_units_move_follows_the_tactics_on_it_ROR_77():
    """ROR-77: a summoned unit moves up to its Move Range, as the tactics on it make it (TAC-8): under a Hamstring
    (Move 0) it stays; under an Adrenaline it heads for the champion one hex farther."""
    from hoplostat.engine.state import PlacedTactic

    tactics = {e.term: t for t in CAT.faction_tactics("rome") for e in t.effects}
    for term, extra in (("movement-set", None), ("movement-add", 1)):
        g = new()
        s = g.state
        u = summoned_at(g, 44)
        hero = champion(s)
        u.tactics.append(PlacedTactic(tactics[term], 0, s.turn))
        before = ti.route_from(s, hero.hex, u)[u.hex]
        ti.shard_bound_move(g, u)
        after = ti.route_from(s, hero.hex, u)[u.hex]
        if extra is None:
            assert u.hex == 44
        else:
            assert before - after == min(u.unit.movement + extra, before - 1) and before - after > u.unit.movement


def test_a_route_as_if_no_unit_stood_in_the_way_still_goes_around_a_players_foothold_ROR_54_ROR_77():
    """ROR-54 with ROR-77 (R-ROR-27): the route a walled-off summoned unit heads by ignores units, not the
    players' footholds: two hexes apart on a line, with a players' foothold on the hex between, the way is 3."""
    g = new()
    s = g.state
    u = summoned_at(g, 25)
    assert ti.route_from(s, EAST[0], u, units=False)[EAST[2]] == 2
    rules.place_foothold(g, 0, EAST[1])
    assert ti.route_from(s, EAST[0], u, units=False)[EAST[2]] == 3
    assert ti.route_from(s, EAST[0], u)[EAST[2]] == 3


def test_a_walled_off_unit_whose_only_step_leads_away_stays_R_ROR_27():
    """R-ROR-27: walled off by units, a summoned unit heads the way it would were they not there; if its only
    free neighbour is farther from the target by that way, no hex gets it closer or keeps it as close: it stays."""
    g = new()
    s = g.state
    grid = s.grid
    free = [h for h in range(grid.n) if s.board[h] < 0 and not grid.move_block[h] and not grid.pedestal[h]]
    blockers = [u for u in s.units if u.troop == 0 and u.unit.kind == "unit" and u.zone != "combat"]
    blockers += [s.units[uid] for uid in s.pile]
    for tgt in free:
        ring = grid.neighbours[tgt]
        for x in grid.at_distance(tgt, 2):
            around = [h for h in grid.neighbours[x] if h not in ring]
            away = [h for h in around if grid.dist[tgt][h] == 3 and h in free]
            cells = set(ring) | set(grid.neighbours[x]) - {away[0] if away else -1}
            if (x in free and len(away) >= 1 and all(h in free for h in cells - {tgt})
                    and len(cells - {tgt}) <= len(blockers) - 1):
                break
        else:
            continue
        break
    else:
        pytest.fail("no pocket on this mat")
    target = put(s, blockers.pop(0), tgt)
    for h in sorted(cells - {tgt}):
        b = blockers.pop(0)
        if b.uid in s.pile:
            s.pile.remove(b.uid)
        put(s, b, h)
    u = summoned_at(g, x)
    assert ti.route_from(s, tgt, u)[x] is None and s.board[away[0]] < 0
    ti.move_toward(g, u, target, 1)
    assert u.hex == x


def test_a_pillar_destroyed_by_player_2s_tactic_gives_its_shard_to_player_2s_champion_R_ROR_15():
    """R-ROR-15 through the damage itself: a pillar destroyed by damage with no unit (a tactic's) of player 2
    frees its shard to player 2's champion."""
    g = new("menoetius", ("rome", "pompeii"))
    s = g.state
    p = s.units[s.pillars[0]]
    rules.damage(g, p, p.hp, source_troop=1, what="tactic")
    assert p.zone != "combat" and s.shards[0] == champion(s, 1).uid


def test_each_player_chooses_the_champion_hex_and_a_shielded_titan_is_narrated_ROR_57_ROR_60():
    """ROR-57: the player places the champion on one of the two red champion hexes, its choice ("champion-hex");
    ROR-60: damage the pillars stop is narrated as such."""
    import numpy as np

    from hoplostat.engine.loop import GameSpec

    c = Scripted({"champion-hex": lambda o: o[-1]})
    g = RiseOfRomeTitan.new_game(CAT, GameSpec("rise-of-rome-titan", ("rome",), titan="oceanus"), [c],
                                 rng=np.random.default_rng(0), log=True)
    s = g.state
    s.mode.begin(g)
    (asked,) = [o for d, o in c.asked if d == "champion-hex"]
    assert sorted(asked) == sorted(s.grid.tagged("champion-red")) and champion(s).hex == asked[-1]
    assert s.champion_hex == [asked[-1]]
    rules.damage(g, titan(s), 2, source=champion(s), what="test")
    assert f"{titan(s).name} is shielded by its pillars: no damage (test)" in s.log


def test_the_titans_side_is_the_troop_after_the_players_ROR_81_ROR_85():
    """ROR-81, ROR-85: the round is the players' turns, then the titan's: the titan's side is the troop that
    follows the players in the round order, and the titan, its pillars and its pile are that troop's."""
    for factions in (("rome",), ("rome", "pompeii")):
        s = new("oceanus", factions).state
        tt = len(factions)
        assert s.titan_troop == tt and s.order == [*range(tt), tt] and s.troops[tt].index == tt
        assert {s.units[u].troop for u in [s.titan_uid, *s.pillars, *s.pile]} == {tt}


def test_policy_gladiators_head_for_a_pillar_in_range_then_a_summoned_unit_and_keep_off_inner_hexes():
    """Policy (`TitanPlayer._to_pillars`, not a rule), its scores as documented: +5 on a hex with a standing pillar
    in Attack Range, -0.5 a hex of distance to the nearest, +3 with a summoned unit in range, -3 on an inner hex; the
    move with the best gain over staying is made, the first of equal ones; no gain above 0: none."""
    g = new()
    s = g.state
    grid = s.grid
    p = ti.TitanPlayer(Scripted())
    u = gladiator(s)
    assert u.unit.range == 1

    def pd(h):
        return min(grid.dist[h][s.units[x].hex] for x in s.pillars)

    def free(h):
        return s.board[h] < 0 and not grid.move_block[h] and not grid.pedestal[h]

    corner = s.units[s.pillars[0]].hex
    ring = {k: [h for h in range(grid.n) if free(h) and pd(h) == k and grid.dist[h][corner] == k
                and not s.muted[h]] for k in (1, 2, 3)}
    here = ring[3][0]
    put(s, u, here)
    h3 = next(h for h in ring[2] if grid.dist[h][here] <= 2)
    foe_hex = next(f for f in grid.neighbours[h3] if free(f) and grid.dist[f][here] > 1 and pd(f) > 1)
    h1 = next(h for h in ring[1] if grid.dist[h][foe_hex] > 1)
    h2 = next(h for h in ring[2] if h != h3 and grid.dist[h][foe_hex] > 1)
    summoned_at(g, foe_hex)
    # scores: here -1.5; h1 5 - 0.5 = 4.5; h3 -1 + 3 = 2; h2 -1
    assert p.choose(g, 0, "move", [(u.uid, h3), (u.uid, h1)], optional=True) == (u.uid, h1)
    assert p.choose(g, 0, "move", [(u.uid, h2), (u.uid, h3)], optional=True) == (u.uid, h3)
    assert p.choose(g, 0, "move", [(u.uid, h2)], optional=True) == (u.uid, h2)  # a gain of 0.5 is a gain
    same = next(h for h in ring[3] if h != here and grid.dist[h][foe_hex] > 1)
    assert p.choose(g, 0, "move", [(u.uid, same)], optional=True) is None  # gain 0: the step ends
    inner = [h for h in grid.inner_hexes if free(h) and grid.dist[h][foe_hex] > 1]
    hi = min(inner, key=pd)
    start = next(h for h in range(grid.n) if free(h) and pd(h) == pd(hi) + 1 and not s.muted[h]
                 and grid.dist[h][foe_hex] > 1)
    rules.displace(g, u, start)
    # one hex nearer, but on an inner hex: 0.5 - 3 < 0
    assert p.choose(g, 0, "move", [(u.uid, hi)], optional=True) is None


def test_policy_the_titan_players_pass_other_decisions_on_as_asked_and_take_the_first_hex_of_a_tie():
    """Policy (`TitanPlayer`, not a rule): a decision it does not handle goes to the wrapped policy as asked
    (optional stays optional); a tie between hexes (an equal route's ends, ROR-80) takes the first offered."""
    g = new()
    s = g.state
    seen = []

    class Inner:
        def choose(self, g_, troop, decision, options, *, optional):
            seen.append((decision, optional))
            return None

    p = ti.TitanPlayer(Inner())
    p.choose(g, 0, "deploy", [(1, 25)], optional=True)
    assert seen == [("deploy", True)]
    hexes = [h for h in range(len(s.units), s.grid.n) if s.board[h] < 0][:2]
    assert len(hexes) == 2 and p.choose(g, 0, "titan-choice", hexes, optional=False) == hexes[0]
