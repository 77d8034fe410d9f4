"""The Lost Cities (player against player): whole games from seeds: invariants at every turn, determinism,
the ends of a game, the result and its sweep rows. The rules one by one are in
tests/rulesets/lost_cities/test_rules.py (TLC-*, R-TLC-*).

The Lost Cities, player against player (hoplostat/rulesets/lost_cities/mode.py), pinned rule by rule for mutation
testing (docs/testing-history.md, "Mutation testing"): the set-up and the first player, the champions' start hexes, the
turn's steps and headers, the draw (the empty-bag damage, the stones, the first hand, arena chips drawn), the
deployment phase's chips, passes and resumption, who may move and where, the abilities of each phase, the favor
of a kill, the trapdoor's count, the game's end and its result and sweep rows, and the narration of `--log`.
Checklist: ../shared/rules/lost-cities.md (TLC-*, R-TLC-*); positions and helpers from
tests/rulesets/lost_cities/test_rules.py (its map of hex numbers)."""

from __future__ import annotations

import numpy as np
import pytest
from engine.enginekit import Scripted

from hoplostat.catalog import load
from hoplostat.engine import rules
from hoplostat.engine.loop import GameSpec, play
from hoplostat.engine.mode import DRAW, LOST, ROW_HEAD, WON
from hoplostat.engine.rules import FixedRoller, Game
from hoplostat.engine.state import BAG, CAMP, COMBAT, DISCARD, TRACK, UnitState
from hoplostat.errors import InputError
from hoplostat.policies import make
from hoplostat.rulesets.lost_cities import base, favor
from hoplostat.rulesets.lost_cities import mode as tlc
from hoplostat.rulesets.lost_cities.base import ARENA_TROOP, is_arena_unit
from hoplostat.rulesets.lost_cities.mode import LostCities
from hoplostat.rulesets.lost_cities.skills import ATTACK_ABILITIES, MOVE_ABILITIES, is_stunned, stun
from rulesets.lost_cities.test_rules import (
    ARENA,
    ATL,
    BASIC,
    BLUE_DEPLOY,
    CHAMPION_START,
    RED_DEPLOY,
    STONES,
    TRAPDOORS,
    XAN,
    Dice,
    arena_chip,
    champion,
    chip,
    empty_bag,
    new,
    put,
    step,
    to_camp,
    to_hand,
)

CAT = load(ruleset="lost-cities")
CITIES = sorted(CAT.factions)
PAIRS = [(a, b) for a in CITIES for b in CITIES if a != b]


def check(g, turn) -> None:
    """Invariants of a Lost Cities state after every turn."""
    s = g.state
    held = sum(u.hp for u in s.units if u.zone == COMBAT and not is_arena_unit(u))
    assert s.supply[base.POOL] >= 0 and s.supply[base.POOL] + held == 100, turn.header  # one pool of 100
    arena_held = sum(u.hp for u in s.units if u.zone == COMBAT and is_arena_unit(u))
    assert s.supply[base.ARENA_POOL] + arena_held == base.ARENA_CHIPS, turn.header  # the arena's own (R-TLC-18)
    for u in s.units:
        if u.zone == COMBAT:
            assert 0 < u.hp <= u.unit.health + u.hp_gained and s.board[u.hex] == u.uid, (u.name, turn.header)
        if is_arena_unit(u):
            assert u.troop == ARENA_TROOP and u.zone in (TRACK, BAG, COMBAT, DISCARD)
        else:
            assert u.troop in (0, 1)
    for p in (0, 1):
        t = s.troops[p]
        assert tlc.hand_count(s, p) <= t.hand_size
        assert t.level == favor.level_of(t.favor_total)
        assert len(t.cf_hand) <= min(t.level, 3) and all(any(x is c for x in t.tactics_camp) for c in t.cf_hand)
        for c in t.arena_bag:
            assert s.units[c].zone == BAG
        hero = s.units[t.primary_hero]
        assert hero.active == (t.level >= 1) or hero.zone != COMBAT
        cf = s.units[t.cf_gladiator]
        assert cf.zone == TRACK or t.cf_unlocked
    for h in s.grid.tagged("champion-start"):
        assert s.board[h] < 0 or s.units[s.board[h]].zone == COMBAT


def games(n: int, policy: str, *, log: bool = False):
    out = []
    for seed in range(n):
        rng = np.random.default_rng(seed)
        spec = LostCities.validate(CAT, GameSpec("lost-cities", PAIRS[seed % len(PAIRS)]))
        out.append(play(CAT, spec, [make(policy, rng=rng), make(policy, rng=rng)], rng=rng, log=log,
                        after_turn=check))
    return out


@pytest.mark.slow
def test_a_thousand_seeded_games_keep_the_invariants_and_end():
    """Invariants over 1,000 greedy games and 200 random ones (the pool of 100 health chips conserved, hands of
    at most five, meter levels matching the favor, arena chips only in the arena's troop, bags, the arena or
    out); every game ends (a champion falls, or the round cap)."""
    for policy, n in (("greedy", 1000), ("random", 200)):
        for res in games(n, policy):
            assert res.end_reason == "champion defeated" or res.capped


def test_seeded_games_keep_the_invariants_replay_identically_and_end():
    a = games(12, "greedy", log=True)
    b = games(12, "greedy", log=True)
    assert [r.log for r in a] == [r.log for r in b]
    assert all(r.end_reason == "champion defeated" or r.capped for r in a)
    assert any(r.winner == 0 for r in a) and any(r.winner == 1 for r in a)
    assert sum(r.extras["arena_entered"] for r in a) > 0  # beasts and criminals do come into play
    for r in games(6, "random"):
        assert r.end_reason == "champion defeated" or r.capped


def test_the_result_names_the_rule_set_and_its_rows_follow_the_schema_TLC_13():
    rng = np.random.default_rng(3)
    spec = LostCities.validate(CAT, GameSpec("lost-cities", ("atlantis", "el-dorado")))
    res = play(CAT, spec, [make("greedy", rng=rng), make("greedy", rng=rng)], rng=rng, log=True)
    assert res.ruleset == "lost-cities" and res.arena == "pozzuoli" and len(res.troops) == 2
    if res.end_reason == "champion defeated":
        assert res.log[-1] == f"Game over: champion defeated; {res.winner_faction} wins"
    rows = LostCities.rows(res, {k: None for k in ROW_HEAD}, lambda uid: "unit")
    assert set(rows["games"][0]) == set(LostCities.schema("games"))
    assert rows["units"] and {r["faction"] for r in rows["units"]} == {"atlantis", "el-dorado"}
    capped = play(CAT, LostCities.validate(CAT, GameSpec("lost-cities", ("atlantis", "xanadu"), max_rounds=1)),
                  [make("greedy", rng=rng), make("greedy", rng=rng)], rng=rng, log=True)
    assert capped.capped and capped.winner is None and capped.log[-1] == "Game over: round cap (1) reached; draw"


def test_set_up_refuses_another_rule_sets_catalog_and_a_third_city():
    with pytest.raises(InputError, match="The Lost Cities catalog"):
        tlc.setup(load(), ("amazons", "kunlun"), rng=np.random.default_rng(0))
    with pytest.raises(InputError, match="2 cities"):
        tlc.setup(CAT, ("atlantis",), rng=np.random.default_rng(0))


def test_a_forced_first_player_and_the_set_up_narration_TLC_18():
    rng = np.random.default_rng(1)
    spec = LostCities.validate(CAT, GameSpec("lost-cities", ("xanadu", "atlantis"), first=1, max_rounds=1))
    res = play(CAT, spec, [make("greedy", rng=rng), make("greedy", rng=rng)], rng=rng, log=True)
    assert res.first_player == 1
    assert res.log[0] == "Set-up: player 1 atlantis on red, player 2 xanadu on blue; atlantis goes first"


def board_check(g, turn) -> None:
    """Invariants of a game against the board after every turn."""
    s = g.state
    held = sum(u.hp for u in s.units if u.zone == COMBAT and not is_arena_unit(u))
    assert s.supply[base.POOL] >= 0 and s.supply[base.POOL] + held == 100, turn.header
    arena_held = sum(u.hp for u in s.units if u.zone == COMBAT and is_arena_unit(u))
    assert s.supply[base.ARENA_POOL] + arena_held == base.ARENA_CHIPS, turn.header
    for u in s.units:
        if u.zone == COMBAT:
            assert 0 < u.hp <= u.unit.health + u.hp_gained and s.board[u.hex] == u.uid, (u.name, turn.header)
        assert (u.troop == s.arena_troop) == is_arena_unit(u)
    assert sum(1 for u in s.in_combat() if u.unit.kind == "boss") <= 1  # one boss at a time (R-TLC-20)
    assert s.bosses_defeated <= len(s.bosses) and s.criminals_defeated <= 4
    meter = s.troops[0]
    assert meter.level == favor.level_of(meter.favor_total)
    for p in s.order:
        assert tlc.hand_count(s, p) <= HAND_SIZE


HAND_SIZE = base.HAND


def board_games(n: int, players: int, policy: str = "greedy"):
    from hoplostat.rulesets.lost_cities.board import LostCitiesBoard

    teams = [t for t in __import__("itertools").combinations(CITIES, players)]
    out = []
    for seed in range(n):
        rng = np.random.default_rng(seed)
        spec = LostCitiesBoard.validate(CAT, GameSpec("lost-cities-board", teams[seed % len(teams)]))
        out.append(play(CAT, spec, [make(policy, rng=rng)], rng=rng, after_turn=board_check))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 2, 3])
def test_a_thousand_seeded_board_games_per_player_count_keep_the_invariants_and_end(players):
    for res in board_games(1000, players):
        assert res.end_reason in ("every boss defeated", "every champion defeated") or res.capped


def test_board_games_keep_the_invariants_and_replay_identically():
    for players in (1, 2, 3):
        a = [(r.won, r.rounds, r.end_reason) for r in board_games(4, players)]
        assert a == [(r.won, r.rounds, r.end_reason) for r in board_games(4, players)]
    assert any(r.won for r in board_games(6, 2))


# --- pinned by mutation testing (formerly tests/engine/test_lost_cities_mode_pinned.py) -------------------------------
def asked(g, decision):
    return [(troop, opts) for troop, c in enumerate(g.controllers) for d, opts in c.asked if d == decision]


def decisions(g, troop):
    return [d for d, _ in g.controllers[troop].asked]


def boss(g, unit_id, h):
    s = g.state
    u = UnitState(len(s.units), CAT.unit(unit_id), ARENA)
    s.units.append(u)
    from engine.enginekit import put_in_combat
    return s.units[put_in_combat(s, u.uid, h)]


# --------------------------------------------------------------------------- set-up (TLC-15..TLC-19)


def test_the_seat_that_plays_first_is_red_and_player_1_TLC_18_TLC_19():
    s = tlc.setup(CAT, ("atlantis", "xanadu"), rng=np.random.default_rng(2), first_player=1)
    assert s.order == [XAN, ATL] and s.troops[XAN].side == "red" and s.troops[ATL].side == "blue"
    assert s.troops[ARENA].side == "arena" and s.troops[ARENA].faction == "arena"


def test_each_player_has_five_prep_circles_and_the_one_pool_of_100_the_arena_its_own_TLC_11_R_TLC_18():
    s = tlc.setup(CAT, ("atlantis", "el-dorado"), rng=np.random.default_rng(2))
    assert [s.troops[p].hand_size for p in (0, 1)] == [5, 5]
    assert (s.supply[base.POOL], s.supply[base.ARENA_POOL]) == (100, base.ARENA_CHIPS) and s.supply_start == s.supply
    assert all(s.supply_of(p) == base.POOL for p in (0, 1)) and s.supply_of(ARENA) == base.ARENA_POOL
    assert s.trapdoor_kills == 0 and s.log is None


def test_set_up_champions_in_camp_face_down_the_cf_gladiators_on_the_meters_TLC_16_TLC_19():
    s = tlc.setup(CAT, ("xanadu", "el-dorado"), rng=np.random.default_rng(4), log=True)
    for p, fid in enumerate(("xanadu", "el-dorado")):
        t = s.troops[p]
        hero = s.units[t.primary_hero]
        assert hero.unit.id == f"{fid}-champion" and hero.troop == p and hero.zone == CAMP and not hero.active
        assert hero.is_primary_hero and t.faction == fid
        cf = s.units[t.cf_gladiator]
        assert cf.troop == p and cf.zone == TRACK and cf.unit.kind == "cf-gladiator"
        assert len(t.meter_chips) == 4 and all(s.units[c].troop == ARENA for c in t.meter_chips)
    assert len({s.units[t.cf_gladiator].unit.id for t in s.troops[:2]}) == 2
    assert sum(1 for u in s.units if base.is_arena_unit(u)) == 8


def test_the_reward_chips_are_drawn_at_random_both_players_a_different_one_of_each_level_TLC_16():
    seen = {1: set(), 2: set(), 3: set()}
    cf = set()
    for seed in range(12):
        s = tlc.setup(CAT, ("atlantis", "xanadu"), rng=np.random.default_rng(seed))
        for level in (1, 2, 3):
            a, b = (s.troops[p].reward_tactics[level - 1] for p in (0, 1))
            assert a.id.startswith(f"cf-level-{level}-") and b.id.startswith(f"cf-level-{level}-") and a is not b
            seen[level].add(a.id)
        cf.add(s.units[s.troops[0].cf_gladiator].unit.id)
    assert all(len(v) == 3 for v in seen.values()) and len(cf) == 3


def test_the_meters_arena_chips_are_shuffled_four_a_player_R_TLC_2():
    firsts = set()
    for seed in range(12):
        s = tlc.setup(CAT, ("atlantis", "xanadu"), rng=np.random.default_rng(seed))
        chips = [c for t in s.troops[:2] for c in t.meter_chips]
        assert len(set(chips)) == 8 and all(c >= 0 and s.units[c].zone == TRACK for c in chips)
        firsts.add(s.units[chips[0]].unit.id)
    assert len(firsts) > 3


def test_new_game_rolls_the_first_player_unless_the_spec_names_one_TLC_18():
    spec = LostCities.validate(CAT, GameSpec("lost-cities", ("atlantis", "xanadu")))
    g = LostCities.new_game(CAT, spec, [Scripted(), Scripted()], rng=np.random.default_rng(0),
                            roller=FixedRoller([1, 3]))
    assert g.state.order == [1, 0] and isinstance(g.state.mode, LostCities) and g.state.log is None
    spec1 = LostCities.validate(CAT, GameSpec("lost-cities", ("atlantis", "xanadu"), first=0))
    g1 = LostCities.new_game(CAT, spec1, [Scripted(), Scripted()], rng=np.random.default_rng(0),
                             roller=FixedRoller([1, 3]), log=True)
    assert g1.state.order == [0, 1] and g1.roller.results == [1, 3] and g1.state.log


def test_ties_roll_again_as_often_as_they_come_R_TLC_13():
    r = FixedRoller([1, 1, 2, 2, 0, 0, 3, 1])
    assert tlc.roll_off(r) == 0 and not r.results


def test_champions_are_set_in_order_on_free_start_hexes_a_controller_must_answer_TLC_19():
    """Without an answer of its own a controller still places its champion (a mandatory decision): the first hex
    offered, the one nearest its own deployment hexes."""
    order = []

    class Recorder(Scripted):
        def choose(self, g, troop, decision, options, *, optional):
            order.append((troop, list(options), optional))
            return super().choose(g, troop, decision, options, optional=optional)

    g = new()
    g.controllers = [Recorder(), Recorder()]
    s = g.state
    s.order = [XAN, ATL]
    s.mode.begin(g)
    hx, ha = (s.units[s.troops[p].primary_hero] for p in (XAN, ATL))
    assert [(t, optional) for t, _, optional in order] == [(XAN, False), (ATL, False)]
    assert hx.zone == COMBAT and ha.zone == COMBAT and hx.hex != ha.hex
    assert hx.hex == order[0][1][0] and ha.hex == order[1][1][0] and len(order[1][1]) == 8
    assert s.log[-2:] == [f"xanadu sets its inactive champion on hex {hx.hex}",
                          f"atlantis sets its inactive champion on hex {ha.hex}"]


def test_champion_start_hexes_are_offered_nearest_the_players_own_deployment_hexes_first_TLC_6_TLC_19():
    g = new()
    s = g.state
    for troop, own in ((ATL, RED_DEPLOY), (XAN, BLUE_DEPLOY)):
        hexes = tlc.champion_hexes(s, troop)
        assert sorted(hexes) == sorted(CHAMPION_START)
        keys = [(min(s.grid.dist[h][d] for d in own), h) for h in hexes]
        assert keys == sorted(keys)
    assert tlc.champion_hexes(s, ATL)[0] != tlc.champion_hexes(s, XAN)[0]
    put(g, "atlantis/attacker-1", 29)
    assert 29 not in tlc.champion_hexes(s, ATL) and len(tlc.champion_hexes(s, XAN)) == 8


# --------------------------------------------------------------------------- the turn (TLC-20, TLC-52)


def test_the_turns_headers_name_the_round_the_city_its_side_and_the_arena_TLC_20_TLC_52():
    g = new()
    turns = list(g.state.mode.round_turns(g))
    assert [t.header for t in turns] == ["-- Round 3, atlantis (red) turn", "-- Round 3, xanadu (blue) turn",
                                         "-- Round 3, beasts and criminals"]
    assert turns[2].troop == ARENA


def test_the_arena_turns_end_lifts_the_stuns_on_beasts_and_criminals_TLC_87_R_TLC_7():
    g = new()
    s = g.state
    b = put(g, "beast-a", 31)
    u = put(g, "atlantis/attacker-1", 20)
    stun(g, b, ATL)
    stun(g, u, XAN)
    s.turn += 2
    turn = s.mode.arena_turn(g)
    dict(turn.steps)["end"]()
    assert not is_stunned(b) and is_stunned(u)
    assert f"{b.name} (arena) is no longer stunned" in s.log


def test_the_arena_turn_runs_its_steps_beasts_then_criminals_TLC_52():
    g = new(roller=Dice([2, 2], faces={base.BEAST_MOVE: [4, 4], base.BEAST_ATTACK: [1],
                                       base.CRIMINAL_MOVE: [5], base.CRIMINAL_ATTACK: [1]}))
    b = put(g, "beast-a", 33)
    c = put(g, "criminal-a", 12)
    u = put(g, "atlantis/brawler-1", 30)
    put(g, "xanadu/attacker-1", 13)  # next to the criminal: it stays
    for _name, fn in g.state.mode.arena_turn(g).steps:
        fn()
    assert b.hex == 31 and u.hp == u.unit.health - 2 and c.hex == 12
    assert g.state.units[g.state.board[13]].hp == g.state.units[g.state.board[13]].unit.health - 2


def test_the_arena_turn_moves_the_criminals_TLC_52_TLC_56():
    g = new(roller=Dice(faces={base.CRIMINAL_MOVE: [1], base.CRIMINAL_ATTACK: [6]}))
    c = put(g, "criminal-a", 12)
    u = put(g, "atlantis/brawler-1", 40)
    before = g.state.grid.dist[c.hex][u.hex]
    for _name, fn in g.state.mode.arena_turn(g).steps:
        fn()
    assert g.state.grid.dist[c.hex][u.hex] < before


def test_a_stunned_unit_may_not_move_and_the_stun_ends_with_its_players_turn_TLC_31_TLC_87():
    g = new()
    s = g.state
    u = put(g, "atlantis/attacker-1", 30)
    stun(g, u, XAN)
    s.turn += 1
    assert not s.mode.can_move(s, u)
    step(g, ATL, "end")
    assert not is_stunned(u)


def test_a_players_turn_end_lifts_only_that_players_stuns_R_TLC_7():
    """Atlantis (turn 5) stuns a beast; Xanadu's turn 6 ends before the arena's turn: the beast stays stunned
    for the arena's turn ("for 1 turn" is the stunned unit's own next turn), and so does an Atlantis unit."""
    g = new()
    s = g.state
    b = put(g, "beast-a", 31)
    u = put(g, "atlantis/attacker-1", 20)
    stun(g, b, ATL)
    s.turn += 1
    stun(g, u, XAN)
    s.turn += 1
    step(g, XAN, "end")
    assert is_stunned(b) and is_stunned(u)


# --------------------------------------------------------------------------- draw (TLC-21..TLC-25)


def test_the_empty_bag_damage_is_narrated_TLC_24():
    g = new()
    s = g.state
    hero = champion(g, ATL, 29)
    empty_bag(g, ATL)
    step(g, ATL, "draw")
    assert "atlantis (red) has an empty prep circle and an empty bag" in s.log
    assert f"{hero.name} (red) loses 2 HP (empty prep circle), 10 left" in s.log


def test_a_champion_not_on_the_mat_takes_no_empty_bag_damage_TLC_24():
    g = new()
    s = g.state
    hero = s.units[s.troops[ATL].primary_hero]
    empty_bag(g, ATL)
    step(g, ATL, "draw")
    assert hero.zone == CAMP and hero.hp == 0 and not any("empty bag" in line for line in s.log)


def test_one_chip_short_with_an_empty_bag_costs_2_four_chips_in_hand_too_TLC_24():
    """Four chips in hand (one circle empty) and nothing to draw: 2 damage; the bag holding one chip: none."""
    g = new()
    hero = champion(g, ATL, 29)
    for x in list(g.state.troops[ATL].tactics_bag)[:4]:
        to_hand(g, ATL, x.id)
    empty_bag(g, ATL)
    step(g, ATL, "draw")
    assert hero.hp == 10
    g2 = new()
    hero2 = champion(g2, ATL, 29)
    t2 = g2.state.troops[ATL]
    for x in list(t2.tactics_bag)[:4]:
        to_hand(g2, ATL, x.id)
    keep = t2.tactics_bag[0]
    empty_bag(g2, ATL)
    t2.tactics_bag.append(keep)
    assert tlc.bag_count(g2.state, ATL) == 1
    step(g2, ATL, "draw")
    assert hero2.hp == 12 and tlc.hand_count(g2.state, ATL) == 5


def test_after_the_empty_bag_damage_the_draw_goes_on_the_stones_favor_still_earned_TLC_24_TLC_21():
    g = new()
    s = g.state
    hero = champion(g, ATL, 29)
    put(g, "atlantis/attacker-1", STONES[0])
    empty_bag(g, ATL)
    step(g, ATL, "draw")
    assert hero.hp == hero.unit.health - 2 and s.end_reason is None
    assert "atlantis (red) earns 1 crowd favor (1 crowd favor stone(s)), 1 in all" in s.log


def test_an_arena_chip_in_the_bag_is_no_empty_bag_and_is_counted_in_it_TLC_24_TLC_25():
    g = new(roller=Dice(mode="none", faces={BASIC: [1]}))
    s = g.state
    hero = champion(g, ATL, 29)
    empty_bag(g, ATL)
    b = arena_chip(g, "beast-a", bag_of=ATL)
    assert tlc.bag_count(s, ATL) == 1 and tlc.hand_count(s, ATL) == 0
    assert not s.mode.short_of_chips(s, ATL)
    step(g, ATL, "draw")
    assert hero.hp == 12 and b.zone == COMBAT and tlc.bag_count(s, ATL) == 0
    assert "atlantis (red) draws Beast A" in s.log and s.troops[ATL].entered == 1


def test_each_arena_chip_drawn_adds_one_to_the_players_entries_TLC_25():
    g = new(roller=Dice(mode="none", faces={BASIC: [1]}))
    s = g.state
    champion(g, ATL, 29)
    empty_bag(g, ATL)
    s.troops[ATL].entered = 3
    arena_chip(g, "beast-a", bag_of=ATL)
    step(g, ATL, "draw")
    assert s.troops[ATL].entered == 4


def test_the_game_ends_with_the_champion_on_the_empty_bag_no_stone_favor_after_TLC_24_TLC_13():
    g = new()
    s = g.state
    hero = champion(g, ATL, 29)
    rules.damage(g, hero, 10)
    put(g, "atlantis/attacker-1", STONES[0])
    empty_bag(g, ATL)
    step(g, ATL, "draw")
    assert s.end_reason == "champion defeated" and s.troops[ATL].favor_total == 0


def test_the_stones_favor_is_narrated_TLC_21_TLC_40():
    g = new()
    s = g.state
    put(g, "atlantis/attacker-1", STONES[0])
    put(g, "atlantis/attacker-2", STONES[1])
    step(g, ATL, "draw")
    assert "atlantis (red) earns 3 crowd favor (2 crowd favor stone(s)), 3 in all" in s.log


def test_a_stone_held_by_the_champion_uid_0_counts_TLC_21_TLC_40():
    g = new()
    s = g.state
    assert champion(g, ATL, STONES[0]).uid == 0
    step(g, ATL, "draw")
    assert "atlantis (red) earns 1 crowd favor (1 crowd favor stone(s)), 1 in all" in s.log


def test_after_the_stones_favor_the_player_still_draws_TLC_21_TLC_22():
    g = new()
    s = g.state
    put(g, "atlantis/attacker-1", STONES[0])
    step(g, ATL, "draw")
    assert "atlantis (red) earns 1 crowd favor (1 crowd favor stone(s)), 1 in all" in s.log
    assert tlc.hand_count(s, ATL) == 5


def test_a_chip_with_a_skill_the_engine_does_not_play_is_named_in_the_result_TLC_13():
    """Every skill of the box is played (none named); a made-up one is reported, never silently dropped."""
    import dataclasses

    g = new()
    s = g.state
    spec = LostCities.validate(CAT, GameSpec("lost-cities", ("atlantis", "xanadu")))
    u = put(g, "atlantis/brawler-1", 30)
    assert s.mode.result(g, spec).unimplemented == ()
    fake = dataclasses.replace(u.unit.skills[0], id="made-up-skill")
    u.unit = dataclasses.replace(u.unit, skills=(*u.unit.skills, fake))
    assert s.mode.result(g, spec).unimplemented == ("made-up-skill",)


def test_a_stone_held_by_the_opponent_gives_the_player_nothing_TLC_40():
    g = new()
    s = g.state
    put(g, "xanadu/attacker-1", STONES[0])
    put(g, "atlantis/attacker-1", STONES[1])
    step(g, ATL, "draw")
    assert s.troops[ATL].favor_total == 1 and s.troops[XAN].favor_total == 0


def test_the_draw_ends_the_single_turn_tactics_the_player_played_before_TLC_31():
    g = new()
    s = g.state
    u = put(g, "atlantis/attacker-1", 30)
    o = put(g, "xanadu/attacker-1", 40)
    rules.place_tactic(g, ATL, to_hand(g, ATL, "atlantis/tactic-vi"), u)  # temporary
    rules.place_tactic(g, XAN, to_hand(g, XAN, "xanadu/tactic-vi"), o)
    s.turn += 2
    step(g, ATL, "draw")
    assert not u.tactics and o.tactics


def test_the_draw_fills_the_circles_from_gladiators_tactics_and_counts_the_players_turns_TLC_22():
    g = new()
    s = g.state
    t = s.troops[ATL]
    for x in list(t.tactics_bag):
        to_hand(g, ATL, x.id)
    t.tactics_camp = t.tactics_camp[:3]
    step(g, ATL, "draw")
    assert tlc.hand_count(s, ATL) == 5 and sum(1 for u in s.units if u.troop == ATL and u.zone == CAMP
                                                 and not u.is_primary_hero) == 2
    assert t.turns == 1


def test_a_first_hand_of_five_tactics_is_narrated_and_drawn_again_the_cf_tactics_staying_TLC_23_R_TLC_4():
    g = new()
    s = g.state
    t = s.troops[ATL]
    glad = [u for u in s.units if u.troop == ATL and u.zone == BAG][0]
    for u in s.units:
        if u.troop == ATL and u.zone == BAG and u is not glad:
            u.zone = DISCARD
    cf = t.reward_tactics[0]
    t.tactics_camp.append(cf)
    t.cf_hand.append(cf)
    everything = sorted(id(x) for x in t.tactics_bag + t.tactics_camp)
    step(g, ATL, "draw")
    assert glad.zone == CAMP and "atlantis (red) shows a first hand of five tactics and draws again" in s.log
    assert sorted(id(x) for x in t.tactics_bag + t.tactics_camp) == everything  # none lost, none doubled
    assert t.cf_hand == [cf] and any(x is cf for x in t.tactics_camp)
    assert not any(x is cf for x in t.tactics_bag) and tlc.hand_count(s, ATL) == 5


def test_a_first_hand_of_five_tactics_drawn_again_is_shown_again_while_it_is_five_tactics_TLC_23():
    """A bag of tactics only: every hand drawn is five tactics, so the hand is shown and drawn again more than
    once (a guard ends the loop: the rule alone never would)."""
    g = new()
    s = g.state
    for u in s.units:
        if u.troop == ATL and u.zone == BAG:
            u.zone = DISCARD
    step(g, ATL, "draw")
    assert s.log.count("atlantis (red) shows a first hand of five tactics and draws again") > 1
    assert tlc.hand_count(s, ATL) == 5


def test_a_first_hand_with_a_gladiator_is_kept_TLC_23():
    g = new()
    s = g.state
    t = s.troops[ATL]
    to_camp(g, "atlantis/attacker-1")
    for x in list(t.tactics_bag)[:4]:
        to_hand(g, ATL, x.id)
    step(g, ATL, "draw")
    assert not any("first hand" in line for line in s.log) and t.first_hand


def test_a_first_hand_short_of_five_is_no_hand_of_five_tactics_TLC_23():
    """Four tactics and an empty bag: the hand is not five tactics, so it is neither shown nor drawn again."""
    g = new()
    s = g.state
    t = s.troops[ATL]
    champion(g, ATL, 29)
    for x in list(t.tactics_bag)[:4]:
        to_hand(g, ATL, x.id)
    empty_bag(g, ATL)
    step(g, ATL, "draw")
    assert not any("first hand" in line for line in s.log) and len(t.tactics_camp) == 4


def test_an_arena_chip_drawn_that_kills_a_champion_on_its_trapdoor_ends_the_draw_TLC_25_TLC_50():
    g = new(roller=Dice(mode="none", faces={BASIC: [1]}))
    s = g.state
    champion(g, XAN, TRAPDOORS[1])
    empty_bag(g, ATL)
    arena_chip(g, "beast-a", bag_of=ATL)
    to_camp(g, "atlantis/attacker-1").zone = BAG
    step(g, ATL, "draw")
    assert s.end_reason == "champion defeated" and chip(g, "atlantis/attacker-1").zone == BAG


# --------------------------------------------------------------------------- deployment (TLC-26..TLC-31)


def test_the_deployment_phase_asks_gladiator_tactic_gladiator_and_passes_reset_R_TLC_15():
    """Pass on the gladiator, play a tactic, then pass twice: four questions, one chip played."""
    g = new()
    s = g.state
    t = s.troops[ATL]
    a = put(g, "atlantis/attacker-1", 30)
    to_camp(g, "atlantis/attacker-2")
    to_hand(g, ATL, "atlantis/adrenaline")
    to_hand(g, ATL, "atlantis/hamstring")
    played = []
    g.controllers[ATL].picks = {"tactic": lambda o: (played.append(o[0]), o[0])[1] if not played else None}
    step(g, ATL, "deploy")
    assert decisions(g, ATL) == ["deploy", "tactic", "deploy", "tactic"]
    assert len(a.tactics) == 1 and len(s.in_combat(ATL)) == 1 and t.chips_left == 1


def test_the_phase_ends_after_the_turns_two_chips_one_on_player_1s_first_turn_TLC_26():
    """A player who always deploys plays two gladiators a turn (both gladiators: R-TLC-15) and is asked no
    more; player 1's opening turn stops after one."""
    for rnd, want in ((3, 2), (1, 1)):
        g = new({"deploy": lambda o: o[0]})
        s = g.state
        s.round = rnd
        for x in ("attacker-1", "attacker-2", "attacker-3"):
            to_camp(g, f"atlantis/{x}")
        step(g, ATL, "deploy")
        assert len(s.in_combat(ATL)) == want
        assert decisions(g, ATL).count("deploy") == want and s.troops[ATL].chips_left == 0


def test_without_an_answer_the_player_plays_no_chip_the_choices_are_optional_TLC_26():
    g = new()
    s = g.state
    to_camp(g, "atlantis/attacker-1")
    put(g, "atlantis/attacker-2", 30)
    to_hand(g, ATL, "atlantis/adrenaline")
    step(g, ATL, "deploy")
    assert decisions(g, ATL) == ["deploy", "tactic"] and len(s.in_combat(ATL)) == 1


def test_a_kind_with_nothing_to_play_is_not_asked_TLC_26():
    g = new({"tactic": lambda o: o[0]})
    put(g, "atlantis/attacker-1", 30)
    to_hand(g, ATL, "atlantis/adrenaline")
    to_hand(g, ATL, "atlantis/hamstring")
    step(g, ATL, "deploy")
    assert decisions(g, ATL) == ["tactic", "tactic"]


def test_the_deployment_phase_resumed_in_the_same_turn_keeps_its_count_TLC_26():
    g = new({"deploy": lambda o: o[0]})
    s = g.state
    for x in ("attacker-1", "attacker-2", "attacker-3"):
        to_camp(g, f"atlantis/{x}")
    step(g, ATL, "deploy")
    assert len(s.in_combat(ATL)) == 2
    step(g, ATL, "deploy")
    assert len(s.in_combat(ATL)) == 2
    s.turn += 2
    step(g, ATL, "deploy")
    assert len(s.in_combat(ATL)) == 3


def test_a_resumed_game_answers_the_deployment_question_it_stopped_at_TLC_26():
    """The deployment questions are turn steps: a clone resumed there takes the forced answer (`Game.forced`)."""
    g = new()
    s = g.state
    u = to_camp(g, "atlantis/attacker-1")
    g.forced = ("deploy", (u.uid, RED_DEPLOY[2]))
    step(g, ATL, "deploy")
    assert u.zone == COMBAT and u.hex == RED_DEPLOY[2] and s.troops[ATL].chips_left == 1
    g2 = new()
    a = put(g2, "atlantis/attacker-1", 30)
    tac = to_hand(g2, ATL, "atlantis/adrenaline")
    g2.state.troops[ATL].next_chip, g2.state.troops[ATL].chip_turn = 1, g2.state.turn
    g2.state.troops[ATL].chips_left = 1
    g2.forced = ("tactic", (0, a.uid))
    step(g2, ATL, "deploy")
    assert [pt.tactic for pt in a.tactics] == [tac]


def test_the_move_question_is_a_turn_step_a_resumed_game_answers_it_TLC_32():
    """A move is asked as a turn step (`Game.at_step` while the controller answers), and a clone resumed
    there takes the forced answer without asking."""
    seen = []

    def pick(o):
        seen.append(g.at_step)
        return None

    g = new({"move": pick})
    put(g, "atlantis/attacker-1", 30)
    step(g, ATL, "move")
    assert seen == [True]
    g2 = new()
    u = put(g2, "atlantis/attacker-1", 30)
    to = next(h for h in g2.state.grid.neighbours[30] if g2.state.board[h] < 0)
    g2.forced = ("move", (u.uid, to))
    step(g2, ATL, "move")
    assert u.hex == to and g2.forced is None


def test_a_cf_tactic_played_leaves_the_cf_hand_TLC_42_R_TLC_4():
    g = new()
    s = g.state
    t = s.troops[ATL]
    champion(g, ATL, 29, active=False)
    a = put(g, "atlantis/attacker-1", 30)
    to_hand(g, ATL, "atlantis/adrenaline")
    favor.gain(g, ATL, 4, "test")
    cf = t.cf_hand[0]
    t.tactics_camp.remove(cf)
    t.tactics_camp.insert(0, cf)
    played = []
    g.controllers[ATL].picks = {"tactic": lambda o: None if played else played.append(1) or (0, a.uid)}
    a.hp -= 2
    s.supply[base.POOL] += 2
    step(g, ATL, "deploy")
    assert cf.effects[0].term == "heal" and a.hp == a.unit.health  # played on the attacker (an instant)
    assert t.cf_hand == [] and not any(x is cf for x in t.tactics_camp) and len(t.tactics_camp) == 1


def test_a_gladiator_deploys_only_while_the_pool_holds_its_health_TLC_27_R_TLC_18():
    g = new()
    s = g.state
    u = to_camp(g, "atlantis/attacker-1")
    s.supply[base.POOL] = u.unit.health
    assert {uid for uid, _ in s.mode.gladiator_options(s, ATL)} == {u.uid}
    s.supply[base.POOL] = u.unit.health - 1
    assert s.mode.gladiator_options(s, ATL) == []


def test_with_every_deployment_hex_held_no_gladiator_is_offered_TLC_27():
    g = new()
    s = g.state
    to_camp(g, "atlantis/attacker-1")
    for h, x in zip(RED_DEPLOY, ("attacker-2", "attacker-3", "attacker-4", "defender-1", "defender-2",
                                 "defender-3")):
        put(g, f"atlantis/{x}", h)
    assert s.mode.gladiator_options(s, ATL) == []


def test_a_deployment_hex_held_by_the_first_champion_uid_0_is_not_offered_TLC_27():
    g = new()
    s = g.state
    hero = champion(g, ATL, RED_DEPLOY[0])
    assert hero.uid == 0
    u = to_camp(g, "atlantis/attacker-1")
    assert {h for _, h in s.mode.gladiator_options(s, ATL)} == set(RED_DEPLOY[1:])
    assert {uid for uid, _ in s.mode.gladiator_options(s, ATL)} == {u.uid}


def test_the_deployment_phase_offers_no_tactic_on_a_champion_or_a_boss_TLC_29():
    g = new()
    mine = put(g, "atlantis/attacker-1", 30)
    theirs = put(g, "xanadu/attacker-1", 31)
    champion(g, XAN, 29)
    champion(g, ATL, 40)
    boss(g, "criminal-boss-a", 39)
    to_hand(g, ATL, "atlantis/hamstring")
    step(g, ATL, "deploy")
    offered = next(opts for troop, opts in asked(g, "tactic") if troop == ATL)
    assert {uid for _, uid in offered} == {mine.uid, theirs.uid}


def test_the_champion_in_camp_is_no_gladiator_to_deploy_TLC_17_TLC_19():
    g = new()
    s = g.state
    hero = s.units[s.troops[ATL].primary_hero]
    assert hero.zone == CAMP
    u = to_camp(g, "atlantis/attacker-1")
    assert {uid for uid, _ in s.mode.gladiator_options(s, ATL)} == {u.uid}


def test_the_cf_gladiator_deploys_once_TLC_46():
    g = new({"deploy": lambda o: o[0]})
    s = g.state
    t = s.troops[ATL]
    champion(g, ATL, 29, active=False)
    favor.gain(g, ATL, 16, "test")
    cf = s.units[t.cf_gladiator]
    assert {uid for uid, _ in s.mode.gladiator_options(s, ATL)} == {cf.uid}
    step(g, ATL, "deploy")
    assert cf.zone == COMBAT and s.mode.gladiator_options(s, ATL) == []


def test_tactics_may_go_on_beasts_never_on_champions_or_bosses_TLC_29():
    g = new()
    tac = CAT.tactic("atlantis/stun")
    assert not tlc.tactic_allowed(champion(g, ATL, 29), tac)
    assert not tlc.tactic_allowed(boss(g, "criminal-boss-a", 31), tac)
    assert tlc.tactic_allowed(put(g, "beast-a", 33), tac) and tlc.tactic_allowed(put(g, "criminal-a", 35), tac)
    assert tlc.tactic_allowed(put(g, "xanadu/attacker-1", 40), tac)


# --------------------------------------------------------------------------- movement (TLC-32..TLC-34)


def test_a_unit_under_hamstring_then_adrenaline_moves_1_hex_its_tactics_do_not_stop_it_TLC_31():
    """Hamstring, then Adrenaline: Move Range 1 (TLC-31), and the unit may move (tactics on a unit stop it only
    when one of them fatigues it, as a Stun does)."""
    g = new()
    s = g.state
    u = put(g, "atlantis/attacker-1", 30)
    to_hand(g, ATL, "atlantis/hamstring")
    rules.place_tactic(g, ATL, s.troops[ATL].tactics_camp[0], u)
    to_hand(g, ATL, "atlantis/adrenaline")
    rules.place_tactic(g, ATL, s.troops[ATL].tactics_camp[0], u)
    assert len(u.tactics) == 2 and rules.movement_of(s, u) == 1
    assert s.mode.can_move(s, u)


def test_a_unit_moves_once_a_turn_TLC_32():
    g = new({"move": lambda o: next(x for x in o if x[1] == 31)})
    s = g.state
    u = put(g, "atlantis/attacker-1", 30)
    step(g, ATL, "move")
    assert u.hex == 31 and not s.mode.can_move(s, u)
    assert [x for _, opts in asked(g, "move")[1:] for x in opts if x[0] == u.uid] == []


def test_the_move_phase_asks_until_the_player_passes_each_unit_once_TLC_32():
    g = new({"move": lambda o: o[0]})
    s = g.state
    a = put(g, "atlantis/attacker-1", 30)
    b = put(g, "atlantis/attacker-2", 50)
    step(g, ATL, "move")
    assert a.moved_turn == s.turn and b.moved_turn == s.turn
    assert [len({uid for uid, _ in opts}) for _, opts in asked(g, "move")] == [2, 1]


def test_without_an_answer_no_unit_moves_TLC_32():
    g = new()
    u = put(g, "atlantis/attacker-1", 30)
    step(g, ATL, "move")
    assert u.hex == 30 and asked(g, "move")


def test_a_unit_stops_next_to_a_beast_it_may_not_pass_by_TLC_33():
    """Attacker-1 (Move Range 2) on hex 29, a beast on 31, a friend on 19: hex 30 is next to the beast, so the
    attacker may end there but not walk on to 20 (its other way, through 19, is held); without the beast it may."""
    g = new()
    u = put(g, "atlantis/attacker-1", 29)
    put(g, "atlantis/attacker-2", 19)
    beast = put(g, "beast-a", 31)
    step(g, ATL, "move")
    opts = {h for uid, h in asked(g, "move")[0][1] if uid == u.uid}
    assert 30 in opts and 20 not in opts and 41 in opts
    rules.withdraw(g, beast, TRACK)
    g.controllers[ATL].asked.clear()
    step(g, ATL, "move")
    assert 20 in {h for uid, h in asked(g, "move")[0][1] if uid == u.uid}

def test_an_engaged_hamstrung_or_dazed_unit_may_not_move_TLC_28_TLC_31_TLC_33():
    g = new()
    s = g.state
    m = s.mode
    engaged = put(g, "atlantis/attacker-1", 30)
    put(g, "beast-a", 31)
    assert not m.can_move(s, engaged)
    lame = put(g, "atlantis/attacker-2", 50)
    rules.place_tactic(g, XAN, to_hand(g, XAN, "xanadu/hamstring"), lame)
    assert rules.movement_of(s, lame) == 0 and not m.can_move(s, lame)
    free = put(g, "atlantis/attacker-4", 12)
    assert m.can_move(s, free)
    free.moved_turn = s.turn
    assert not m.can_move(s, free)
    free.moved_turn = s.turn - 2
    free.deployed_turn = s.turn
    assert not m.can_move(s, free)
    s.troops[ATL].initiative = True
    assert m.can_move(s, free)


def test_a_champion_activated_this_turn_may_not_move_even_with_initiative_TLC_43_TLC_45():
    g = new()
    s = g.state
    hero = champion(g, ATL, 29)
    hero.deployed_turn = s.turn
    s.troops[ATL].initiative = True
    assert not s.mode.can_move(s, hero)
    hero.deployed_turn = s.turn - 2
    assert s.mode.can_move(s, hero)


def test_a_unit_not_in_the_arena_or_inactive_may_not_move_TLC_19():
    g = new()
    s = g.state
    assert not s.mode.can_move(s, to_camp(g, "atlantis/attacker-1"))
    hero = champion(g, ATL, 29, active=False)
    assert not s.mode.can_move(s, hero)


@pytest.mark.parametrize("name", ["move-abilities", "move-abilities-after"])
def test_hurl_is_used_in_either_movement_ability_step_of_its_own_players_turn_TLC_34(name):
    """Both movement-phase ability steps (before and after the moves) offer the player's own Hurl; each
    player's turn has its own steps (Atlantis's, built first, are not Xanadu's)."""
    g = new(picks1={"ability": lambda o: o[0]}, turn=6)
    s = g.state
    s.mode.turn_of(g, ATL)
    put(g, "xanadu/brawler-1", 31)  # Hurl
    thrown = put(g, "atlantis/attacker-1", 32)
    step(g, XAN, name)
    assert thrown.hex != 32 and s.grid.dist[thrown.hex][31] == 1
    assert [troop for troop, _ in asked(g, "ability")] == [XAN]


def test_the_movement_abilities_and_the_attack_abilities_each_in_their_step_TLC_34_TLC_75_R_TLC_10():
    g = new({"ability": lambda o: o[0]}, roller=Dice([1]))
    put(g, "atlantis/special-3", 31)  # Fury Aura (attack phase)
    o = put(g, "xanadu/attacker-1", 32)
    step(g, ATL, "move-abilities")
    step(g, ATL, "move-abilities-after")
    assert o.hp == o.unit.health and not asked(g, "ability")
    step(g, ATL, "attack-abilities")
    assert o.hp == o.unit.health - 1
    assert "fury-aura" in ATTACK_ABILITIES and "fury-aura" not in MOVE_ABILITIES


def test_a_gladiator_uses_its_ability_on_the_turn_it_is_deployed_TLC_28_TLC_34():
    """"Chip Overview", Ability: usable "as soon as the unit is deployed" (only the champion activated this
    turn waits, TLC-43): Fury Aura from a gladiator deployed this very turn hurts the adjacent opponent."""
    g = new({"ability": lambda o: o[0]}, roller=Dice([1]))
    aura = put(g, "atlantis/special-3", 31)
    aura.deployed_turn = g.state.turn
    assert g.state.is_dazed(aura)
    o = put(g, "xanadu/attacker-1", 32)
    step(g, ATL, "attack-abilities")
    assert o.hp == o.unit.health - 1


def test_a_champion_activated_this_turn_uses_no_ability_until_the_next_TLC_43():
    s0 = tlc.setup(CAT, ("el-dorado", "xanadu"), rng=np.random.default_rng(7), first_player=0, log=True)
    s0.round, s0.turn, s0.active = 3, 5, 0
    g = Game(s0, Dice(mode="all"), [Scripted({"ability": lambda o: o[0]}), Scripted()], np.random.default_rng(7))
    hero = s0.units[s0.troops[0].primary_hero]
    from engine.enginekit import put_in_combat
    put_in_combat(s0, hero.uid, 31)
    o = put(g, "xanadu/attacker-1", 33)  # within Uber Fury Aura's 2 hexes
    hero.deployed_turn = s0.turn
    step(g, 0, "attack-abilities")
    assert o.hp == o.unit.health
    hero.deployed_turn = s0.turn - 2
    step(g, 0, "attack-abilities")
    assert o.hp == o.unit.health - 1


# --------------------------------------------------------------------------- favor of kills, the end (TLC-13, TLC-39)


def test_a_defeat_by_the_arena_or_by_the_units_own_player_gives_no_favor_TLC_39():
    g = new(roller=Dice([3], faces={base.BEAST_ATTACK: [1]}))
    s = g.state
    u = put(g, "atlantis/attacker-1", 30, hp=1)
    put(g, "beast-a", 31)
    from hoplostat.rulesets.lost_cities import arena
    arena.beasts_attack(g)
    assert u.zone == DISCARD and [s.troops[p].favor_total for p in (0, 1)] == [0, 0]
    v = put(g, "atlantis/attacker-2", 50, hp=1)
    rules.damage(g, v, 1, source_troop=ATL)
    assert v.zone == DISCARD and s.troops[ATL].favor_total == 0
    w = put(g, "atlantis/attacker-3", 52, hp=1)
    rules.damage(g, w, 1, source_troop=XAN)
    assert s.troops[XAN].favor_total == 2
    assert f"xanadu (blue) earns 2 crowd favor (defeating {w.name}), 2 in all" in s.log


def test_the_opponent_of_the_fallen_champion_wins_TLC_13():
    for loser, winner in ((ATL, XAN), (XAN, ATL)):
        g = new()
        hero = champion(g, loser, 29)
        rules.damage(g, hero, hero.hp, source_troop=ARENA)
        assert g.state.end_reason == "champion defeated" and g.state.winner == winner
        assert g.state.troops[winner].favor_total == 0


def test_the_end_of_the_game_is_narrated_with_its_winner_or_a_draw_TLC_13():
    g = new()
    m = g.state.mode
    assert m.end_text(g, "champion defeated", XAN) == "Game over: champion defeated; xanadu wins"
    assert m.end_text(g, "round cap (60) reached", None) == "Game over: round cap (60) reached; draw"


def test_a_trapdoor_kill_counts_and_defeats_without_damage_TLC_50():
    g = new()
    s = g.state
    u = put(g, "atlantis/attacker-1", 30)
    s.mode.trapdoor_kill(g, u)
    s.mode.trapdoor_kill(g, put(g, "xanadu/attacker-1", 31))
    assert s.trapdoor_kills == 2 and u.zone == DISCARD and u.damage_taken == 0 and s.board[30] < 0


# --------------------------------------------------------------------------- the result


def test_the_result_and_its_row_count_levels_entries_kills_and_defeats_TLC_13():
    g = new(roller=Dice([2], faces={BASIC: [2]}))
    s = g.state
    t0, t1 = s.troops[ATL], s.troops[XAN]
    champion(g, ATL, 29, active=False)
    champion(g, XAN, 35, active=False)
    favor.gain(g, XAN, 8, "test")  # level 2
    victim = put(g, "atlantis/attacker-1", 4)
    b = arena_chip(g, "beast-a")
    t0.entered = 1
    from hoplostat.rulesets.lost_cities import arena
    arena.enter(g, b)  # kills nothing on trapdoor 2; hits the unit next to it
    s.mode.trapdoor_kill(g, put(g, "xanadu/attacker-1", TRAPDOORS[5]))
    c = put(g, "criminal-a", 40, hp=1)
    rules.damage(g, c, 1, source_troop=ATL)
    rules.damage(g, s.units[t1.primary_hero], 20, source_troop=ATL)
    spec = LostCities.validate(CAT, GameSpec("lost-cities", ("atlantis", "xanadu")))
    res = s.mode.result(g, spec)
    assert res.winner == ATL and [tr.outcome for tr in res.troops] == [WON, LOST]
    assert res.end_reason == "champion defeated" and res.rounds == 3 and res.first_player == 0
    assert res.mode == "lost-cities" and res.arena == "pozzuoli" and res.factions == ("atlantis", "xanadu")
    assert [tr.extras for tr in res.troops] == [{"level": 0, "arena_entered": 1}, {"level": 2, "arena_entered": 0}]
    assert victim.hp == victim.unit.health - 2
    assert res.extras == {"arena_entered": 2, "arena_kills": 0, "trapdoor_kills": 1, "arena_defeated": 1}
    assert {u.seat for u in res.units} == {ATL, XAN}
    assert not any(u.unit_id.startswith(("beast", "criminal")) for u in res.units)
    row = LostCities.rows(res, {k: None for k in ROW_HEAD}, lambda uid: "unit")["games"][0]
    assert (row["a_level"], row["b_level"], row["arena_entered"], row["arena_kills"], row["trapdoor_kills"],
            row["arena_defeated"]) == (0, 2, 2, 0, 1, 1)


def test_the_result_reports_each_players_counts_from_its_troop_TLC_13():
    """Every per-player figure of the result is that player's own count (distinct values per field and player,
    so a field read from the wrong place or shifted by one shows)."""
    g = new()
    s = g.state
    fields = ("deployed", "damage_dealt", "kills", "units_lost", "favor_total", "rewards", "tactic_damage",
              "tactic_kills")
    for p in range(2):
        for k, name in enumerate(fields):
            setattr(s.troops[p], name, 10 * (p + 1) + k)
    s.winner, s.end_reason = XAN, "champion defeated"
    res = s.mode.result(g, LostCities.validate(CAT, GameSpec("lost-cities", ("atlantis", "xanadu"))))
    assert res.unimplemented == ()  # every skill of the box is played
    for p, tr in enumerate(res.troops):
        t = s.troops[p]
        assert (tr.seat, tr.faction, tr.side, tr.team) == (p, t.faction, t.side, p)
        assert (tr.units_deployed, tr.damage_dealt, tr.kills, tr.units_lost, tr.crowd_favor, tr.rewards,
                tr.tactic_damage, tr.tactic_kills) == tuple(10 * (p + 1) + k for k in range(len(fields)))
    assert [tr.side for tr in res.troops] == ["red", "blue"] and res.factions == ("atlantis", "xanadu")
    assert [tr.outcome for tr in res.troops] == [LOST, WON]


def test_from_level_2_a_blue_player_deploys_on_all_twelve_hexes_TLC_44():
    g = new()
    s = g.state
    s.troops[XAN].all_deploy = True
    assert sorted(s.mode.deployment_hexes(s, XAN)) == sorted(BLUE_DEPLOY + RED_DEPLOY)
    assert sorted(s.mode.deployment_hexes(s, ATL)) == sorted(RED_DEPLOY)


def test_set_up_without_a_first_player_lets_the_first_city_play_first_TLC_18():
    s = tlc.setup(CAT, ("atlantis", "xanadu"), rng=np.random.default_rng(3))
    assert s.order == [0, 1] and s.troops[0].side == "red"


def test_an_unfinished_game_is_a_draw_for_both_TLC_13():
    g = new()
    res = g.state.mode.result(g, LostCities.validate(CAT, GameSpec("lost-cities", ("atlantis", "xanadu"))))
    assert [tr.outcome for tr in res.troops] == [DRAW, DRAW] and res.end_reason == "unfinished"
    assert res.winner is None


def test_an_arena_kill_is_counted_for_the_arena_TLC_55():
    g = new(roller=Dice([3], faces={base.BEAST_ATTACK: [1]}))
    s = g.state
    put(g, "atlantis/attacker-1", 30, hp=1)
    put(g, "beast-a", 31)
    from hoplostat.rulesets.lost_cities import arena
    arena.beasts_attack(g)
    res = s.mode.result(g, LostCities.validate(CAT, GameSpec("lost-cities", ("atlantis", "xanadu"))))
    assert res.extras["arena_kills"] == 1


@pytest.mark.parametrize("fid", ["atlantis", "xanadu", "el-dorado"])
def test_set_up_puts_every_gladiator_and_tactic_of_the_city_in_its_bag_TLC_17(fid):
    other = "xanadu" if fid != "xanadu" else "atlantis"
    s = tlc.setup(CAT, (fid, other), rng=np.random.default_rng(1))
    assert sorted(u.unit.id for u in s.units if u.troop == 0 and u.zone == BAG) == sorted(
        u.id for u in CAT.faction_units(fid))
    assert [x.id for x in s.troops[0].tactics_bag] == [x.id for x in CAT.faction_tactics(fid)]
