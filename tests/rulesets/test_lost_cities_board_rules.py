"""The Lost Cities against the board (mode `lost-cities-board`): the rules of "Game Modes and Setup" for solo and
co-op (TLC-14, TLC-60, TLC-63..TLC-65) and the bosses' abilities and alternate attacks (TLC-79..TLC-85,
TLC-90..TLC-92), one test per rule id (and ruling R-TLC-*). Map and helpers: test_lost_cities_rules.py."""

from __future__ import annotations

import numpy as np
from engine.enginekit import Scripted, put_in_combat
from rulesets.test_lost_cities_rules import BASIC, Dice, TRAPDOORS, special_options

from hoplostat.catalog import load
from hoplostat.engine import rules
from hoplostat.engine.loop import GameSpec, play
from hoplostat.engine.rules import Game
from hoplostat.engine.state import BAG, COMBAT, DISCARD, TRACK, UnitState
from hoplostat.policies import make
from hoplostat.rulesets.lost_cities import board, bosses
from hoplostat.rulesets.lost_cities.base import STUN_MARK
from hoplostat.rulesets.lost_cities.board import LostCitiesBoard
from hoplostat.rulesets.lost_cities.bosses import BOSS_ATTACK, DEATH_COIL_MARK, SNARE_MARK

CAT = load(ruleset="lost-cities")


def new(factions=("atlantis",), picks=None, roller=None, *, seed=7):
    s = board.board_setup(CAT, factions, rng=np.random.default_rng(seed), log=True)
    s.round, s.turn, s.active = 3, 7, 0
    ctrls = [Scripted(dict(picks or {})) for _ in factions]
    return Game(s, roller or Dice(mode="all"), ctrls, np.random.default_rng(seed))


def clear(g):
    """Take the set-up's arena units off the board (their chips back to the arena's supply)."""
    s = g.state
    for u in list(s.in_combat()):
        rules.withdraw(g, u, TRACK)


def put(g, unit_id, h, troop=None):
    s = g.state
    found = [u for u in s.units if u.unit.id == unit_id and u.zone != COMBAT]
    if found:
        u = found[0]
    else:
        u = UnitState(len(s.units), CAT.unit(unit_id), s.arena_troop if troop is None else troop)
        s.units.append(u)
    return s.units[put_in_combat(s, u.uid, h)]


def hero(g, troop, h):
    u = put(g, f"{g.state.troops[troop].faction}-champion", h)
    return u


# --------------------------------------------------------------------------- set-up and goal


def test_board_setup_beasts_on_trapdoors_1_to_4_a_criminal_on_6_the_rest_waiting_TLC_63_R_TLC_19():
    """R-TLC-19: with six beasts (R-TLC-12), four start on trapdoors 1-4 and the other two lie on meter levels
    1 and 2; one criminal on trapdoor 6, the three others wait; one boss per player drawn from the six."""
    s = new().state
    on = {h: s.units[s.board[h]].unit.kind for h in TRAPDOORS.values() if s.board[h] >= 0}
    assert on == {TRAPDOORS[1]: "beast", TRAPDOORS[2]: "beast", TRAPDOORS[3]: "beast", TRAPDOORS[4]: "beast",
                  TRAPDOORS[6]: "criminal"}
    meter = s.troops[0].meter_chips
    assert [s.units[c].unit.kind for c in meter[:2]] == ["beast", "beast"] and meter[2:] == [-1, -1]
    assert len(s.criminals) == 3 and all(s.units[c].unit.kind == "criminal" for c in s.criminals)
    assert len(s.bosses) == 1 and s.units[s.bosses[0]].unit.kind == "boss"
    assert len(new(("atlantis", "xanadu", "el-dorado")).state.bosses) == 3


def test_a_defeated_criminal_is_replaced_then_the_boss_enters_and_its_fall_wins_TLC_63_TLC_14():
    g = new(roller=Dice([0] * 20, faces={BASIC: [3, 3, 3, 3]}))
    s = g.state
    for u in list(s.in_combat()):
        if u.unit.kind == "beast":
            rules.withdraw(g, u, TRACK)
    champ = hero(g, 0, 29)
    a = put(g, "atlantis/attacker-1", 30)
    crim = s.units[s.board[TRAPDOORS[6]]]
    for k in range(4):
        rules.damage(g, crim, crim.hp, source=a)
        assert crim.zone == DISCARD
        crim = s.units[s.board[TRAPDOORS[3]]]
        if k < 3:
            assert crim.unit.kind == "criminal"  # the next one, on the trapdoor the d6 names
    # all four criminals fell: the boss
    boss = s.units[s.board[TRAPDOORS[3]]]
    assert boss.unit.kind == "boss" and s.criminals_defeated == 4
    assert s.end_reason is None
    rules.damage(g, boss, boss.hp, source=a)
    assert s.end_reason == "every boss defeated" and s.winner == 0
    assert champ.zone == COMBAT


def test_the_board_wins_when_every_champion_falls_TLC_14():
    g = new(("atlantis", "xanadu"))
    s = g.state
    h0, h1 = hero(g, 0, 29), hero(g, 1, 19)
    rules.damage(g, h0, 99)
    assert s.end_reason is None  # one champion lives
    rules.damage(g, h1, 99)
    assert s.end_reason == "every champion defeated" and s.winner is None


def test_coop_two_of_each_gladiator_one_of_each_tactic_one_chip_a_turn_shared_hexes_TLC_64_R_TLC_22():
    """R-TLC-22: "two of each gladiator" is at most two gladiators of each kind (the special gladiators one
    kind); one of each tactic with two players, none with three; the red end's six hexes shared; one chip a turn;
    a player whose champion fell plays no more chips."""
    g = new(("atlantis", "xanadu"))
    s = g.state
    for p in (0, 1):
        bag = [u for u in s.units if u.troop == p and u.zone == BAG]
        kinds: dict[str, int] = {}
        for u in bag:
            k = "special-gladiator" if "special-gladiator" in u.unit.classes else u.unit.classes[0]
            kinds[k] = kinds.get(k, 0) + 1
        assert max(kinds.values()) == 2 and len(bag) == sum(kinds.values()) == 11
        assert len(s.troops[p].tactics_bag) == 8
        assert s.mode.deployment_hexes(s, p) == s.grid.tagged("deploy-red")
        assert s.mode.chip_limit(s, p) == 1
    s3 = new(("atlantis", "xanadu", "el-dorado")).state
    assert all(not s3.troops[p].tactics_bag for p in range(3))
    h = hero(g, 0, 29)
    rules.damage(g, h, 99)
    assert s.mode.chip_limit(s, 0) == 0 and s.mode.chip_limit(s, 1) == 1
    # solo: the main rules
    s1 = new().state
    assert len([u for u in s1.units if u.troop == 0 and u.zone == BAG]) == 15 and s1.mode.chip_limit(s1, 0) == 2


def test_coop_favor_and_rewards_are_shared_the_meters_beast_goes_to_the_current_players_bag_TLC_64():
    g = new(("atlantis", "xanadu"))
    s = g.state
    h0, h1 = hero(g, 0, 29), hero(g, 1, 19)
    h0.active = h1.active = False
    s.active = 1
    beast = s.troops[0].meter_chips[0]
    board.gain(g, 1, 4, "test")
    assert s.troops[0].favor_total == 4 and h0.active and h1.active
    assert s.troops[1].arena_bag == [beast] and s.troops[0].arena_bag == []
    assert len(s.troops[1].cf_hand) == 1


def test_coop_three_bosses_in_the_order_drawn_each_after_the_one_before_falls_TLC_65_R_TLC_20():
    g = new(("atlantis", "xanadu", "el-dorado"), roller=Dice(faces={BASIC: [1, 2, 3, 4]}))
    s = g.state
    clear(g)
    a = put(g, "atlantis/attacker-1", 30)
    s.criminals.clear()
    order = list(s.bosses)
    s.mode.next_foe(g)
    first = s.units[order[0]]
    assert first.zone == COMBAT and s.units[order[1]].zone == TRACK
    s.mode.next_foe(g)  # a boss is in the arena: the next one waits
    assert s.units[order[1]].zone == TRACK
    rules.damage(g, first, first.hp, source=a)
    assert s.units[order[1]].zone == COMBAT and s.end_reason is None
    rules.damage(g, s.units[order[1]], 99, source=a)
    rules.damage(g, s.units[order[2]], 99, source=a)
    assert s.end_reason == "every boss defeated"


def test_a_boss_rolls_even_with_no_player_unit_in_range_and_its_skills_only_when_rolled_TLC_60():
    g = new(roller=Dice(faces={BOSS_ATTACK: [5]}))
    clear(g)
    boss = put(g, "beast-boss-b", 2)  # death-coil, ground-pound, acid-spray
    far = put(g, "atlantis/attacker-1", 60)
    bosses.boss_action(g, boss)  # face 5: its second skill, Ground Pound (within 4: not the far unit)
    assert not any(pt.tactic is STUN_MARK for pt in far.tactics)
    g.roller.arena_faces[BOSS_ATTACK] = [6]
    bosses.boss_action(g, boss)  # face 6: Acid Spray, arena-wide
    assert far.hp == far.unit.health - 1


# --------------------------------------------------------------------------- boss abilities


def _boss(g, unit_id, h):
    clear(g)
    return put(g, unit_id, h)


def test_assassinate_goes_next_to_the_farthest_opponent_for_6_damage_TLC_79():
    g = new()
    b = _boss(g, "criminal-boss-a", 30)
    near = put(g, "atlantis/defender-1", 32)
    far = put(g, "atlantis/attacker-1", 36)
    bosses.assassinate(g, b, None)
    assert g.state.grid.dist[b.hex][36] == 1 and far.zone == DISCARD and near.hp == near.unit.health


def test_shadow_spear_deals_2_to_every_unit_on_two_lines_TLC_80():
    g = new(roller=Dice(faces={BASIC: [1, 4]}))
    b = _boss(g, "beast-boss-c", 31)
    e1 = put(g, "atlantis/defender-1", 33)  # east
    e2 = put(g, "atlantis/defender-2", 35)  # east, behind
    w = put(g, "atlantis/defender-3", 28)  # west
    off = put(g, "atlantis/attacker-1", 21)
    bosses.shadow_spear(g, b, None)
    assert [u.hp for u in (e1, e2, w)] == [u.unit.health - 2 for u in (e1, e2, w)] and off.hp == off.unit.health


def test_ground_pound_stuns_every_opponent_within_4_TLC_81():
    g = new()
    b = _boss(g, "beast-boss-b", 30)
    a = put(g, "atlantis/attacker-1", 34)
    far = put(g, "atlantis/attacker-2", 36)
    bosses.ground_pound(g, b, None)
    assert any(pt.tactic is STUN_MARK for pt in a.tactics) and not far.tactics
    assert not g.state.mode.can_move(g.state, a)


def test_strike_fear_pushes_adjacent_opponents_one_hex_straight_away_TLC_82():
    g = new()
    b = _boss(g, "beast-boss-a", 31)
    a = put(g, "atlantis/attacker-1", 32)
    blocked = put(g, "atlantis/attacker-2", 30)
    put(g, "atlantis/attacker-3", 29)  # behind the one on 30
    bosses.strike_fear(g, b, None)
    assert a.hex == 33 and blocked.hex == 30


def test_acid_spray_hits_every_opponent_for_1_TLC_83():
    g = new()
    b = _boss(g, "beast-boss-b", 2)
    us = [put(g, "atlantis/attacker-1", 60), put(g, "atlantis/attacker-2", 30)]
    beast = put(g, "beast-a", 40)
    bosses.acid_spray(g, b, None)
    assert all(u.hp == u.unit.health - 1 for u in us) and beast.hp == beast.unit.health


def test_snared_units_within_2_cannot_move_for_a_turn_TLC_84():
    g = new()
    s = g.state
    b = _boss(g, "criminal-boss-a", 31)
    a = put(g, "atlantis/attacker-1", 33)
    far = put(g, "atlantis/attacker-2", 35)
    bosses.snared(g, b, None)
    assert any(pt.tactic is SNARE_MARK for pt in a.tactics) and not far.tactics
    s.turn += 1
    assert not s.mode.can_move(s, a) and s.mode.can_move(s, far)
    bosses.lift_snares(g, 0)
    assert s.mode.can_move(s, a)


def test_a_snared_unit_cannot_move_even_with_a_later_adrenaline_TLC_84_R_TLC_23():
    """Snared: "Gladiators and Champions within 2 hexes of unit cannot move for 1 turn": the unit cannot move,
    whatever its Move Range, so an Adrenaline played on it afterwards (Move Range +1) does not free it, and it
    cannot Reposition (a move of its own, TLC-88) either; its Move Range is untouched. Failed before the fix (the
    snare was Move Range 0, and Adrenaline made it 1)."""
    g = new()
    s = g.state
    b = _boss(g, "criminal-boss-a", 31)
    a = put(g, "atlantis/attacker-4", 33)  # Move Range 2, Reposition
    assert s.mode.can_move(s, a) and special_options(g, a, "reposition")
    bosses.snared(g, b, None)
    s.turn += 1  # its player's next turn: an Adrenaline, then the movement phase
    s.troops[0].tactics_camp.append(CAT.tactics["atlantis/adrenaline"])
    rules.place_tactic(g, 0, CAT.tactics["atlantis/adrenaline"], a)
    assert not s.mode.can_move(s, a) and not special_options(g, a, "reposition")
    assert rules.movement_of(s, a) == a.unit.movement + 1
    bosses.lift_snares(g, 0)
    assert s.mode.can_move(s, a) and special_options(g, a, "reposition")


def test_regen_3_never_above_health_TLC_85():
    g = new()
    b = _boss(g, "beast-boss-a", 31)
    rules.damage(g, b, 2)
    bosses.regen(g, b, 3)
    assert b.hp == b.unit.health


def test_chase_down_to_the_closest_for_4_unless_engaged_TLC_90():
    g = new()
    b = _boss(g, "criminal-boss-b", 28)
    near = put(g, "atlantis/defender-1", 33)
    put(g, "atlantis/attacker-1", 56)
    bosses.chase_down(g, b, None)
    assert g.state.grid.dist[b.hex][near.hex] == 1 and near.hp == near.unit.health - 4
    before = b.hex
    bosses.chase_down(g, b, None)  # engaged now: nothing
    assert b.hex == before and near.hp == near.unit.health - 4


def test_frenzy_sets_every_adjacent_opponent_to_1_health_TLC_91():
    g = new()
    b = _boss(g, "beast-boss-a", 31)
    a, c = put(g, "atlantis/defender-1", 32), put(g, "atlantis/defender-2", 30)
    far = put(g, "atlantis/attacker-1", 34)
    bosses.frenzy(g, b, None)
    assert a.hp == 1 and c.hp == 1 and far.hp == far.unit.health


def test_death_coil_stuns_for_good_and_drains_2_each_turn_TLC_92():
    g = new()
    s = g.state
    b = _boss(g, "beast-boss-b", 31)
    a = put(g, "atlantis/defender-1", 32)
    bosses.death_coil(g, b, None)
    assert any(pt.tactic is DEATH_COIL_MARK for pt in a.tactics) and s.is_fatigued(a)
    bosses.drain(g, 0)
    assert a.hp == a.unit.health - 2
    s.turn += 2
    from hoplostat.rulesets.lost_cities.skills import lift_stuns
    lift_stuns(g, 0)
    assert s.is_fatigued(a)  # for good


# --------------------------------------------------------------------------- whole games


def test_board_games_play_to_their_end_for_one_two_and_three_players():
    for factions in (("atlantis",), ("atlantis", "xanadu"), ("xanadu", "el-dorado", "atlantis")):
        for seed in range(3):
            rng = np.random.default_rng(seed)
            spec = LostCitiesBoard.validate(CAT, GameSpec("lost-cities-board", factions))
            res = play(CAT, spec, [make("greedy", rng=rng)], rng=rng)
            assert res.end_reason in ("every boss defeated", "every champion defeated") or res.capped
            assert len(res.troops) == len(factions) and len({t.outcome for t in res.troops}) == 1
    matchups = LostCitiesBoard.matchups(sorted(CAT.factions), arenas=("pozzuoli",), titans=(), coop=True, players=3)
    assert len(matchups) == 1 and len(matchups[0].factions) == 3
