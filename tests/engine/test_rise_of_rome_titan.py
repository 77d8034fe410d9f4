"""Rise of Rome against a titan (mode `rise-of-rome-titan`): every rule of the titan sections (ROR-54..ROR-85),
the rulings R-ROR-12.. of docs/rulings.md, the First Round Walkthrough as a scenario, and invariants over
seeded games.

Positions start from the mode's real set-up (`RiseOfRomeTitan.new_game`, then `begin`) with chips put on the
mat by hand; dice are forced (`FixedRoller`, one result per colour for the titan dice) and so are the d6
faces (`TitanState.d6_script`)."""

from __future__ import annotations

import numpy as np
import pytest
from enginekit import Scripted, put_in_combat

from hoplostat.catalog import load
from hoplostat.catalog.model import RorTitan
from hoplostat.dice import Pool
from hoplostat.engine import rules
from hoplostat.engine.loop import GameSpec, play, run_steps
from hoplostat.engine.rules import FixedRoller
from hoplostat.engine.state import BAG, CAMP, COMBAT, TRACK
from hoplostat.policies import make
from hoplostat.rulesets.classic import turn as phase
from hoplostat.rulesets.rise_of_rome import favor, titan as ti
from hoplostat.rulesets.rise_of_rome.skills import STUN_FLIP
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
    orig = ti.shard_bound_move
    ti.shard_bound_move = lambda g_, u: hexes.append(u.hex)
    try:
        ti._call_forth(g, titan(s), None)
    finally:
        ti.shard_bound_move = orig
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
    from hoplostat.rulesets.rise_of_rome.skills import _stun_options
    from hoplostat.engine.state import UnitState
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
