"""The Lost Cities against the board (mode `lost-cities-board`): the rules of "Game Modes and Setup" for solo and
co-op (TLC-14, TLC-60, TLC-63..TLC-65) and the bosses' abilities and alternate attacks (TLC-79..TLC-85,
TLC-90..TLC-92), one test per rule id (and ruling R-TLC-*). Map and helpers: tests/rulesets/lost_cities/test_rules.py.

The Lost Cities against the board (hoplostat/rulesets/lost_cities/board.py), pinned rule by rule for mutation
testing (docs/testing-history.md, "Mutation testing"): the set-up of one, two and three players (troops, pools, the
shared meter, its reward chips, the arena's chips), the champions placed in turn order, the chips a turn, the
team's CF gladiator, the shared crowd favor and its levels for every player, the criminals and bosses entering
(and waiting when no trapdoor is free), the favor for kills, the end of the game and the result. Checklist:
../shared/rules/lost-cities.md (TLC-14, TLC-39..TLC-48, TLC-63..TLC-65, R-TLC-18..R-TLC-22); positions and
helpers from above (map: tests/rulesets/lost_cities/test_rules.py)."""

from __future__ import annotations

import numpy as np
import pytest
from engine.enginekit import Scripted, put_in_combat

from hoplostat.catalog import load
from hoplostat.engine import rules
from hoplostat.engine.loop import GameSpec, play
from hoplostat.engine.mode import DRAW, LOST, WON
from hoplostat.engine.rules import Game
from hoplostat.engine.state import BAG, CAMP, COMBAT, DISCARD, TRACK, PlacedTactic, UnitState
from hoplostat.errors import InputError
from hoplostat.policies import make
from hoplostat.rulesets.lost_cities import board, bosses
from hoplostat.rulesets.lost_cities.base import ARENA_CHIPS, ARENA_POOL, HAND, POOL, STUN_MARK
from hoplostat.rulesets.lost_cities.board import LostCitiesBoard
from hoplostat.rulesets.lost_cities.bosses import BOSS_ATTACK, DEATH_COIL_MARK, SNARE_MARK
from hoplostat.rulesets.lost_cities.favor import LEVEL_EFFECTS
from hoplostat.rulesets.lost_cities.mode import champion_hexes, hand_count
from rulesets.lost_cities.test_rules import BASIC, TRAPDOORS, Dice, special_options

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


# --- pinned by mutation testing (formerly tests/engine/test_lost_cities_board_pinned.py) ------------------------------
DUO = ("atlantis", "xanadu")
TRIO = ("atlantis", "xanadu", "el-dorado")


def fill_trapdoors(g):
    """Every trapdoor held by an arena unit (a beast on each)."""
    return [put(g, "beast-a", TRAPDOORS[k]) for k in range(1, 7)]


def spec(factions):
    return LostCitiesBoard.validate(CAT, GameSpec("lost-cities-board", factions))


# --------------------------------------------------------------------------- set-up


def test_set_up_refuses_another_catalog_no_city_or_four_and_too_few_bosses_TLC_63_TLC_65():
    with pytest.raises(InputError, match="needs The Lost Cities catalog, got the remastered one"):
        board.board_setup(__import__("hoplostat.catalog", fromlist=["load"]).load(), ("amazons",),
                          rng=np.random.default_rng(0))
    for factions in ((), ("atlantis", "xanadu", "el-dorado", "atlantis")):
        with pytest.raises(InputError, match=f"needs 1 to 3 cities, got {len(factions)}"):
            board.board_setup(CAT, factions, rng=np.random.default_rng(0))

    class OneBoss:
        """The catalog with a single boss (an overlay that removed five)."""

        def __getattr__(self, name):
            return getattr(CAT, name)

        def units_of_kind(self, kind):
            got = CAT.units_of_kind(kind)
            return got[:1] if kind == "boss" else got

    board.board_setup(OneBoss(), ("atlantis",), rng=np.random.default_rng(0))  # solo: one boss is enough
    with pytest.raises(InputError, match=r"2 player\(s\) need 2 boss\(es\), the catalog has 1"):
        board.board_setup(OneBoss(), DUO, rng=np.random.default_rng(0))


def test_set_up_troops_share_the_red_end_one_pool_and_the_arena_its_own_R_TLC_18():
    """Every player on the red side with a hand of five and the one pool of player health chips; the arena's
    troop (after the players) its own pool (R-TLC-18); one team of players against the arena."""
    s = board.board_setup(CAT, TRIO, rng=np.random.default_rng(3))
    assert s.order == [0, 1, 2] and s.players == [0, 1, 2] and s.teams == [0, 0, 0, 1]
    assert s.arena_troop == 3 and isinstance(s.mode, LostCitiesBoard) and s.mode.arena_troop(s) == 3
    assert s.log is None
    for p, fid in enumerate(TRIO):
        t = s.troops[p]
        assert (t.index, t.side, t.faction, t.hand_size, s.supply_of(p)) == (p, "red", fid, HAND, POOL)
        champ = s.units[t.primary_hero]
        assert champ.unit.id == f"{fid}-champion" and champ.troop == p and champ.is_primary_hero
        assert champ.zone == CAMP and not champ.active
    a = s.troops[3]
    assert (a.index, a.side, a.faction, s.supply_of(3)) == (3, "arena", "arena", ARENA_POOL)
    assert s.supply[POOL] == s.supply_start[POOL] == CAT.game.health_chips[POOL] == 100
    held = sum(u.hp for u in s.in_combat(3))  # four beasts and a criminal on trapdoors
    assert s.supply_start[ARENA_POOL] == ARENA_CHIPS and s.supply[ARENA_POOL] + held == ARENA_CHIPS
    assert all(u.troop == 3 for u in s.units if u.unit.kind in ("beast", "criminal", "boss"))
    assert s.mode.arena_troop(new().state) == 1


def test_set_up_one_meter_with_a_cf_tactic_of_each_level_and_the_cf_gladiator_TLC_16_R_TLC_4():
    """TLC-64: the team shares the first player's meter: one reward chip of levels 1-3 and the CF gladiator
    (level 4) there, none on the others'."""
    s = board.board_setup(CAT, DUO, rng=np.random.default_rng(5))
    meter, other = s.troops[0], s.troops[1]
    assert [x.id[:len("cf-level-1-")] for x in meter.reward_tactics] == ["cf-level-1-", "cf-level-2-", "cf-level-3-"]
    cf = s.units[meter.cf_gladiator]
    assert cf.unit.kind == "cf-gladiator" and cf.zone == TRACK and cf.troop == 0
    assert other.reward_tactics == [] and other.cf_gladiator == -1 and other.meter_chips == [-1] * 4


def test_set_up_draws_beasts_criminals_and_bosses_at_random_in_a_logged_order_TLC_63_TLC_64():
    firsts, bosses_seen, crims = set(), set(), set()
    for seed in range(12):
        s = board.board_setup(CAT, DUO, rng=np.random.default_rng(seed), log=True)
        firsts.add(s.units[s.board[TRAPDOORS[1]]].unit.id)
        bosses_seen.add(tuple(s.units[b].unit.id for b in s.bosses))
        crims.add(s.units[s.board[TRAPDOORS[6]]].unit.id)
        assert all(s.units[b].zone == TRACK and s.units[b].unit.kind == "boss" for b in s.bosses)
        assert len(set(s.bosses)) == 2 and all(s.units[c].zone == TRACK for c in s.criminals)
        names = ", ".join(s.units[b].name for b in s.bosses)
        assert s.log == [f"Set-up: atlantis, xanadu against the board; bosses drawn: {names}"]
    assert len(firsts) > 1 and len(bosses_seen) > 1 and len(crims) > 1


def test_coop_gladiators_the_first_two_of_each_kind_in_catalog_order_R_TLC_22():
    got = [u.id for u in board.coop_gladiators(CAT, "atlantis")]
    assert got == [f"atlantis/{x}" for x in ("attacker-1", "attacker-2", "defender-1", "defender-2", "tactician-1",
                                             "tactician-2", "archer-1", "archer-2", "brawler-1", "special-1",
                                             "special-2")]
    # El Dorado's special gladiators are tacticians, brawlers and defenders too: one kind of their own
    ed = [u.id for u in board.coop_gladiators(CAT, "el-dorado")]
    assert "el-dorado/special-1" in ed and "el-dorado/special-2" in ed and "el-dorado/special-3" not in ed
    assert "el-dorado/tactician-2" in ed


def test_the_champions_are_placed_in_turn_order_each_on_a_free_champion_start_hex_TLC_19_TLC_64():
    g = new(DUO)
    s = g.state
    g.controllers[0].picks["champion-hex"] = lambda o: o[-1]  # the second player answers with the first option
    first = champion_hexes(s, 0)
    s.mode.begin(g)
    h0, h1 = (s.units[s.troops[p].primary_hero] for p in (0, 1))
    assert g.controllers[0].asked == [("champion-hex", first)]
    assert g.controllers[1].asked == [("champion-hex", [h for h in first if h != first[-1]])]
    assert h0.hex == first[-1] and h1.hex == first[0] and h0.zone == h1.zone == COMBAT
    assert not h0.active and not h1.active
    assert s.log[-2:] == [f"atlantis sets its inactive champion on hex {h0.hex}",
                          f"xanadu sets its inactive champion on hex {h1.hex}"]


# --------------------------------------------------------------------------- the turn


def test_solo_plays_one_chip_on_the_first_turn_then_two_TLC_26_TLC_63():
    s = new().state
    s.round = 1
    assert s.mode.chip_limit(s, 0) == 1
    s.round = 2
    assert s.mode.chip_limit(s, 0) == 2


def test_the_arena_turn_starts_with_a_waiting_criminal_or_boss_then_beasts_and_criminals_TLC_52_R_TLC_20():
    g = new(roller=Dice(faces={BASIC: [2]}))
    s = g.state
    clear(g)
    turn = s.mode.arena_turn(g)
    assert turn.troop == s.arena_troop
    assert [n for n, _ in turn.steps][:2] == ["waiting-foe", "beasts-move"]
    assert turn.header == "-- Round 3, beasts, criminals and bosses"
    waiting = s.criminals[0]
    dict(turn.steps)["waiting-foe"]()
    assert s.units[waiting].zone == COMBAT and s.units[waiting].hex == TRAPDOORS[2]


def test_the_end_of_a_players_turn_lifts_its_stuns_and_snares_of_earlier_turns_TLC_84_TLC_87():
    g = new(DUO)
    s = g.state
    a, b = put(g, "atlantis/attacker-1", 30), put(g, "xanadu/attacker-1", 40)
    for u in (a, b):
        u.tactics += [PlacedTactic(STUN_MARK, s.arena_troop, s.turn - 1), PlacedTactic(SNARE_MARK, s.arena_troop,
                                                                                          s.turn - 1)]
    s.mode.end_turn(g, 0)
    assert a.tactics == [] and len(b.tactics) == 2


def test_a_death_coil_drains_at_the_start_of_the_turn_then_the_player_draws_TLC_92_TLC_22():
    g = new()
    s = g.state
    u = put(g, "atlantis/attacker-1", 30)
    u.tactics.append(PlacedTactic(DEATH_COIL_MARK, s.arena_troop, s.turn - 1))
    s.mode.draw_phase(g, 0)
    assert u.hp == u.unit.health - 2
    assert s.troops[0].turns == 1 and hand_count(s, 0) == HAND


def test_a_death_coil_that_defeats_the_last_champion_ends_the_game_before_the_draw_TLC_92_TLC_14():
    g = new()
    s = g.state
    champ = hero(g, 0, 29)
    champ.hp = 2
    champ.tactics.append(PlacedTactic(DEATH_COIL_MARK, s.arena_troop, s.turn - 1))
    s.mode.draw_phase(g, 0)
    assert s.end_reason == "every champion defeated"
    assert s.troops[0].turns == 0 and s.troops[0].tactics_camp == []


# --------------------------------------------------------------------------- deployment


def test_the_teams_cf_gladiator_any_player_may_deploy_it_and_it_joins_that_players_troop_TLC_46_TLC_64():
    g = new(DUO)
    s = g.state
    cf = s.units[s.troops[0].cf_gladiator]
    assert all(cf.uid not in {uid for uid, _ in s.mode.gladiator_options(s, p)} for p in (0, 1))
    board.gain(g, 0, 16, "test")
    assert all(cf.uid in {uid for uid, _ in s.mode.gladiator_options(s, p)} for p in (0, 1))
    s.active = 1
    h = s.grid.tagged("deploy-red")[0]
    s.mode.place(g, cf.uid, h)
    assert cf.troop == 1 and cf.zone == COMBAT and cf.hex == h
    assert all(cf.uid not in {uid for uid, _ in s.mode.gladiator_options(s, p)} for p in (0, 1))
    # a gladiator from the hand keeps its own troop whoever's turn it is
    u = next(x for x in s.units if x.troop == 0 and x.zone == BAG)
    u.zone = CAMP
    s.mode.place(g, u.uid, s.grid.tagged("deploy-red")[1])
    assert u.troop == 0 and u.zone == COMBAT


def test_a_gladiator_is_offered_only_from_its_own_players_hand_onto_a_free_red_hex_while_the_pool_holds_it_TLC_27():
    g = new(DUO)
    s = g.state
    red = s.grid.tagged("deploy-red")
    u = next(x for x in s.units if x.troop == 0 and x.zone == BAG)
    u.zone = CAMP
    assert {(uid, h) for uid, h in s.mode.gladiator_options(s, 0)} == {(u.uid, h) for h in red}
    assert s.mode.gladiator_options(s, 1) == []
    s.supply[POOL] = u.unit.health
    assert len(s.mode.gladiator_options(s, 0)) == len(red)
    s.supply[POOL] = u.unit.health - 1
    assert s.mode.gladiator_options(s, 0) == []
    s.supply[POOL] = 50
    for h in red:
        put(g, "beast-a", h)
    assert s.mode.gladiator_options(s, 0) == []


# --------------------------------------------------------------------------- shared crowd favor


def test_shared_favor_nothing_for_0_the_bead_stops_at_16_levels_past_4_do_not_fail_TLC_48_TLC_64():
    g = new(DUO)
    s = g.state
    meter = s.troops[0]
    before = list(s.log)
    board.gain(g, 1, 0, "nothing")
    assert meter.favor_total == 0 and s.log == before
    board.gain(g, 1, 20, "test")
    assert (meter.favor_total, meter.favor, meter.level, meter.rewards) == (20, 16, 4, 4)
    assert s.troops[1].favor_total == 0 and s.troops[1].level == 4
    board.gain(g, 0, 3, "more")
    assert (meter.favor_total, meter.favor, meter.level, meter.rewards) == (23, 16, 4, 4)
    assert "the players earn 3 crowd favor (more), 23 in all" in s.log


def test_each_level_for_every_player_narrated_the_cf_tactics_to_the_player_whose_turn_it_is_TLC_42_TLC_44_TLC_45():
    g = new(TRIO)
    s = g.state
    s.active = 1
    meter, cur = s.troops[0], s.troops[1]
    n = len(s.log)
    board.gain(g, 1, 16, "test")
    assert s.log[n] == "the players earn 16 crowd favor (test), 16 in all"
    for level in (1, 2, 3, 4):
        assert f"the players reach crowd favor level {level}: {LEVEL_EFFECTS[level]}" in s.log
    for p in (0, 1, 2):
        t = s.troops[p]
        assert t.level == 4 and t.all_deploy and t.initiative and t.cf_unlocked
        assert s.mode.deployment_hexes(s, p) == s.grid.tagged("deploy-red") + s.grid.tagged("deploy-blue")
    assert cur.cf_hand == meter.reward_tactics and cur.tactics_camp == meter.reward_tactics
    assert meter.cf_hand == [] and s.troops[2].cf_hand == []


def test_level_1_activates_every_champion_in_the_arena_the_active_players_waits_TLC_43_TLC_64():
    g = new(TRIO)
    s = g.state
    s.active = 1
    h0, h1 = hero(g, 0, 29), hero(g, 1, 19)
    h0.active = h1.active = False
    h2 = s.units[s.troops[2].primary_hero]  # still off the mat
    board.gain(g, 0, 4, "test")
    assert h0.active and h1.active and not h2.active
    assert h1.deployed_turn == s.turn and h0.deployed_turn != s.turn
    assert f"{h0.name} is activated" in s.log and f"{h1.name} is activated" in s.log
    assert s.mode.can_move(s, h0) and not s.mode.can_move(s, h1)  # the active player's waits for its next turn


def test_on_the_arenas_turn_the_rewards_go_to_the_first_player_and_the_meters_beast_narrated_TLC_47_TLC_64():
    g = new(DUO)
    s = g.state
    s.active = s.arena_troop
    meter = s.troops[0]
    beast = s.units[meter.meter_chips[0]]
    board.gain(g, 1, 4, "test")
    assert meter.arena_bag == [beast.uid] and beast.zone == BAG and meter.meter_chips[0] == -1
    assert meter.cf_hand == meter.reward_tactics[:1] and s.troops[1].cf_hand == []
    assert f"{beast.name} goes from the meter into the bag of atlantis" in s.log


def test_the_level_3_cf_tactic_is_given_and_level_4_brings_no_tactic_and_no_chip_TLC_42_R_TLC_4_R_TLC_19():
    g = new()
    s = g.state
    meter = s.troops[0]
    board.gain(g, 0, 12, "test")
    assert meter.cf_hand == meter.reward_tactics and len(meter.cf_hand) == 3
    bag = list(meter.arena_bag)
    assert len(bag) == 2  # the two beasts of levels 1 and 2; levels 3 and 4 hold none (R-TLC-19)
    board.gain(g, 0, 4, "test")
    assert meter.cf_hand == meter.reward_tactics and meter.arena_bag == bag and meter.cf_unlocked


def test_the_mode_gives_a_players_favor_to_the_shared_meter_TLC_40_TLC_64():
    g = new(DUO)
    s = g.state
    s.mode.gain_favor(g, 1, 3, "2 crowd favor stone(s)")
    assert s.troops[0].favor_total == 3 and s.troops[1].favor_total == 0


# --------------------------------------------------------------------------- kills and foes


def test_a_kill_by_any_player_gives_the_team_2_favor_one_by_the_arena_or_a_trapdoor_none_TLC_39_TLC_50_TLC_64():
    g = new(DUO)
    s = g.state
    clear(g)
    a1 = put(g, "xanadu/attacker-1", 30)
    beast = put(g, "beast-a", 31)
    rules.damage(g, beast, 99, source=a1)
    assert s.troops[0].favor_total == 2 and s.troops[1].favor_total == 0
    assert f"the players earn 2 crowd favor (defeating {beast.name}), 2 in all" in s.log
    assert s.criminals_defeated == 0 and len(s.criminals) == 3  # a beast brings no criminal
    b2 = put(g, "beast-b", 31)
    victim = put(g, "atlantis/attacker-1", 29)
    rules.damage(g, victim, 99, source=b2)
    assert victim.zone == DISCARD and s.troops[0].favor_total == 2
    other = put(g, "atlantis/attacker-2", 28)
    rules.defeat(g, other)  # killed outright on a trapdoor: no one's kill
    assert s.troops[0].favor_total == 2


def test_a_criminal_with_no_free_trapdoor_waits_first_in_line_and_enters_when_one_is_free_R_TLC_20():
    g = new(roller=Dice(faces={BASIC: [1, 1]}))
    s = g.state
    clear(g)
    line = list(s.criminals)
    beasts = fill_trapdoors(g)
    s.mode.next_foe(g)
    assert s.criminals == line and s.units[line[0]].zone == TRACK
    s.mode.waiting_foe(g)  # still none free
    assert s.criminals == line
    rules.withdraw(g, beasts[0], TRACK)
    s.mode.waiting_foe(g)
    assert s.units[line[0]].zone == COMBAT and s.units[line[0]].hex == TRAPDOORS[1] and s.criminals == line[1:]


def test_no_criminal_waits_for_an_arena_with_a_criminal_but_one_with_beasts_only_R_TLC_20():
    g = new(roller=Dice(faces={BASIC: [1, 2]}))
    s = g.state
    line = list(s.criminals)
    s.mode.waiting_foe(g)  # the set-up's criminal is in the arena
    assert s.criminals == line
    for u in list(s.in_combat()):
        if u.unit.kind == "criminal":
            rules.withdraw(g, u, TRACK)
    s.mode.waiting_foe(g)  # beasts only: the next criminal comes (trapdoor 1 held by a beast: 2)
    assert s.units[line[0]].zone == COMBAT and s.criminals == line[1:]


def test_a_boss_with_no_free_trapdoor_waits_and_enters_at_the_arenas_turn_R_TLC_20():
    g = new(roller=Dice(faces={BASIC: [3, 3]}))
    s = g.state
    clear(g)
    s.criminals.clear()
    beasts = fill_trapdoors(g)
    boss = s.units[s.bosses[0]]
    s.mode.next_foe(g)
    assert boss.zone == TRACK and s.boss_next == 0
    assert f"{boss.name} comes into the arena" in s.log
    rules.withdraw(g, beasts[2], TRACK)
    s.mode.waiting_foe(g)
    assert boss.zone == COMBAT and boss.hex == TRAPDOORS[3] and s.boss_next == 1
    s.mode.waiting_foe(g)  # the boss is in: nothing more
    assert s.boss_next == 1


def test_a_criminal_entering_onto_the_last_champion_ends_the_game_and_waits_no_more_TLC_50_TLC_14():
    g = new(roller=Dice(faces={BASIC: [4]}))
    s = g.state
    clear(g)
    hero(g, 0, TRAPDOORS[4])
    line = list(s.criminals)
    s.mode.next_foe(g)
    assert s.end_reason == "every champion defeated" and s.criminals == line[1:]


def test_the_last_boss_falls_the_players_win_with_the_first_player_named_TLC_14_TLC_64():
    g = new(DUO, roller=Dice(faces={BASIC: [1, 1]}))
    s = g.state
    clear(g)
    s.criminals.clear()
    a = put(g, "xanadu/attacker-1", 30)
    s.mode.next_foe(g)
    first = s.units[s.bosses[0]]
    rules.damage(g, first, 99, source=a)
    assert s.bosses_defeated == 1 and s.end_reason is None and s.units[s.bosses[1]].zone == COMBAT
    rules.damage(g, s.units[s.bosses[1]], 99, source=a)
    assert s.bosses_defeated == 2 and s.end_reason == "every boss defeated" and s.winner == 0
    assert s.troops[0].favor_total == 4


# --------------------------------------------------------------------------- the end and the result


def test_the_end_texts_players_win_board_wins_or_draw_TLC_14():
    g = new()
    m = g.state.mode
    assert m.end_text(g, "every boss defeated", 0) == "Game over: every boss defeated; the players win"
    assert m.end_text(g, "every champion defeated", None) == "Game over: every champion defeated; the board wins"
    assert m.end_text(g, "round cap (60) reached", None) == "Game over: round cap (60) reached; draw"


def test_the_result_of_a_won_coop_game_one_team_the_meters_favor_the_bosses_and_counts_TLC_14_TLC_64():
    g = new(DUO, roller=Dice(faces={BASIC: [1, 1]}))
    s = g.state
    clear(g)
    s.criminals.clear()
    a = put(g, "xanadu/attacker-1", 30)
    s.troops[1].deployed = 3
    s.mode.next_foe(g)
    ids = "+".join(s.units[b].unit.id for b in s.bosses)
    rules.damage(g, s.units[s.bosses[0]], 99, source=a)
    rules.damage(g, s.units[s.bosses[1]], 99, source=a)
    s.trapdoor_kills = 1
    s.troops[1].tactic_damage, s.troops[1].tactic_kills = 2, 1  # as if a tactic had done some of it
    res = s.mode.result(g, spec(DUO))
    assert (res.mode, res.ruleset, res.arena, res.factions) == ("lost-cities-board", "lost-cities", "pozzuoli", DUO)
    assert (res.rounds, res.end_reason, res.first_player) == (3, "every boss defeated", 0)
    assert res.won and res.log is s.log and res.unimplemented == ()  # every skill of the box is played
    t0, t1 = res.troops
    assert (t0.seat, t0.faction, t0.side, t0.team, t0.outcome) == (0, "atlantis", "red", 0, WON)
    assert (t1.seat, t1.faction, t1.side, t1.team, t1.outcome) == (1, "xanadu", "red", 0, WON)
    assert (t1.units_deployed, t1.kills, t1.units_lost) == (3, 2, 0) and t0.kills == 0
    hp = sum(s.units[b].unit.health for b in s.bosses)
    assert t1.damage_dealt == hp and t0.damage_dealt == 0
    assert t0.crowd_favor == t1.crowd_favor == 4 and t0.rewards == t1.rewards == 1
    assert (t1.tactic_damage, t1.tactic_kills, t0.tactic_damage, t0.tactic_kills) == (2, 1, 0, 0)
    assert res.extras == {"bosses": ids, "bosses_defeated": 2, "criminals_defeated": 0, "level": 1,
                          "arena_entered": 7, "trapdoor_kills": 1}  # 4 beasts + a criminal at set-up, 2 bosses
    assert {u.faction for u in res.units} <= set(DUO) and any(u.unit_id == "xanadu/attacker-1" for u in res.units)


def test_the_result_of_a_lost_an_unfinished_and_a_capped_game_TLC_14():
    g = new()
    s = g.state
    res = s.mode.result(g, spec(("atlantis",)))
    assert res.end_reason == "unfinished" and res.troops[0].outcome == LOST
    s.end_reason = "round cap (60) reached"
    assert s.mode.result(g, spec(("atlantis",))).troops[0].outcome == DRAW
    s.end_reason = None
    champ = hero(g, 0, 29)
    rules.damage(g, champ, 99)
    res = s.mode.result(g, spec(("atlantis",)))
    assert res.end_reason == "every champion defeated" and res.troops[0].outcome == LOST and not res.won


def test_a_new_game_from_a_spec_solo_or_one_controller_for_every_seat_TLC_63_TLC_64():
    rng = np.random.default_rng(4)
    one = Scripted()
    g = LostCitiesBoard.new_game(CAT, spec(TRIO), [one], rng=rng, log=True)
    assert isinstance(g, Game) and g.controllers == [one, one, one]
    assert [t.faction for t in g.state.troops[:3]] == list(TRIO) and g.state.log


# --------------------------------------------------------------------------- what sweeps need


def test_matchups_every_city_solo_and_with_coop_every_pair_and_trio_on_the_named_arena_TLC_63_TLC_65():
    cities = ["atlantis", "el-dorado", "xanadu"]
    from hoplostat.engine.mode import Matchup
    solo = LostCitiesBoard.matchups(cities, arenas=(), titans=(), coop=False)
    assert solo == [Matchup("lost-cities-board", "pozzuoli", c, "", "a", "", ()) for c in cities]
    both = LostCitiesBoard.matchups(cities, arenas=("arena-x",), titans=(), coop=True)
    assert [m.factions for m in both] == [(c,) for c in cities] + [
        ("atlantis", "el-dorado"), ("atlantis", "xanadu"), ("el-dorado", "xanadu"), tuple(cities)]
    assert all(m.arena == "arena-x" and m.first == "a" and m.titan == "" for m in both)
    assert both[-1] == Matchup("lost-cities-board", "arena-x", "atlantis", "el-dorado", "a", "", ("xanadu",))
    pairs = LostCitiesBoard.matchups(cities, arenas=(), titans=(), coop=False, players=2)
    assert [m.factions for m in pairs] == [("atlantis", "el-dorado"), ("atlantis", "xanadu"), ("el-dorado", "xanadu")]
    for bad in (4,):
        with pytest.raises(InputError, match="lost-cities-board: --players must be 1, 2 or 3, got 4"):
            LostCitiesBoard.matchups(cities, arenas=(), titans=(), coop=True, players=bad)


def _won_duo():
    g = new(DUO, roller=Dice(faces={BASIC: [1, 1]}))
    s = g.state
    clear(g)
    s.criminals.clear()
    a = put(g, "xanadu/attacker-1", 30)
    s.mode.next_foe(g)
    rules.damage(g, s.units[s.bosses[0]], 99, source=a)
    rules.damage(g, s.units[s.bosses[1]], 99, source=a)
    return g, s.mode.result(g, spec(DUO))


def test_sweep_rows_the_first_boss_as_titan_all_bosses_the_team_and_per_seat_counts_TLC_14_TLC_64():
    from hoplostat.engine.mode import ROW_HEAD
    g, res = _won_duo()
    s = g.state
    head = {k: None for k in ROW_HEAD} | {"matchup": "m", "arena": "pozzuoli", "game": 7}
    rows = LostCitiesBoard.rows(res, head, lambda uid: "unit")
    (row,) = rows["games"]
    schema = set(LostCitiesBoard.schema("games"))
    assert set(row) <= schema and schema - set(row) == {f"c_{k}" for k in ("units_deployed", "damage_dealt", "kills",
                                                                          "units_lost")}  # two players: no seat c
    ids = [s.units[b].unit.id for b in s.bosses]
    t0, t1 = res.troops
    assert {k: row[k] for k in (
        "titan", "bosses", "coop", "won", "rounds", "end_reason", "capped", "players", "faction_c",
        "bosses_defeated", "criminals_defeated", "arena_entered", "trapdoor_kills", "level", "game")} == {
        "titan": ids[0], "bosses": "+".join(ids), "coop": True, "won": True, "rounds": 3,
        "end_reason": "every boss defeated", "capped": False, "players": 2, "faction_c": None,
        "bosses_defeated": 2, "criminals_defeated": 0, "arena_entered": 7, "trapdoor_kills": 0, "level": 1,
        "game": 7}
    for side, t in zip("ab", (t0, t1)):
        assert (row[f"{side}_units_deployed"], row[f"{side}_damage_dealt"], row[f"{side}_kills"],
                row[f"{side}_units_lost"]) == (t.units_deployed, t.damage_dealt, t.kills, t.units_lost)
    assert row["b_kills"] == 2 and row["a_kills"] == 0
    assert rows["units"] and all(r["won"] is True and r["game"] == 7 and r["kind"] == "unit" for r in rows["units"])
    assert LostCitiesBoard.is_success(row) is True and LostCitiesBoard.is_success({"won": False}) is False
    # three players: the third city in its column
    g3 = new(TRIO)
    res3 = g3.state.mode.result(g3, spec(TRIO))
    row3 = LostCitiesBoard.rows(res3, head, lambda uid: None)["games"][0]
    assert row3["faction_c"] == "el-dorado" and row3["players"] == 3 and row3["won"] is False
    assert row3["coop"] is True and "c_kills" in row3


def test_one_crowd_favor_counts_a_single_stone_TLC_40_TLC_64():
    g = new(DUO)
    s = g.state
    board.gain(g, 1, 1, "1 crowd favor stone(s)")
    assert s.troops[0].favor_total == 1 and s.troops[0].favor == 1


def test_the_death_coil_drains_only_the_units_of_the_player_whose_turn_starts_TLC_92():
    g = new(DUO)
    s = g.state
    mine, theirs = put(g, "atlantis/attacker-1", 30), put(g, "xanadu/attacker-1", 40)
    for u in (mine, theirs):
        u.tactics.append(PlacedTactic(DEATH_COIL_MARK, s.arena_troop, s.turn - 1))
    s.mode.draw_phase(g, 0)
    assert mine.hp == mine.unit.health - 2 and theirs.hp == theirs.unit.health


def test_a_deployment_hex_held_by_the_first_champion_uid_0_is_not_offered_TLC_27():
    g = new()
    s = g.state
    red = s.grid.tagged("deploy-red")
    champ = hero(g, 0, red[0])
    assert champ.uid == 0
    u = next(x for x in s.units if x.troop == 0 and x.zone == BAG)
    u.zone = CAMP
    assert {h for _, h in s.mode.gladiator_options(s, 0)} == set(red[1:])
