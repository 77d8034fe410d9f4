"""Onslaught Mode: set-up, limits, turn order, immortals (triggers, ignoring damage, HP loss), favor, waves,
loss, forfeit, co-op; whole-game invariants over seeded games.

Positions are built from the real set-up (`setup`) with units put on the stand-in Pozzuoli map by hand;
dice are forced with `FixedRoller`. An immortal rolls its dice colour by colour, weakest colour first
(yellow, blue, green, black, red), so forced results are given in that order.
"""

from __future__ import annotations

import numpy as np
import pytest
from enginekit import Scripted

from hoplostat.rulesets.remastered import rival
from hoplostat.rulesets.remastered.onslaught import (
    WAVE_OVER,
    OnslaughtState,
    WaveSummary,
    play_onslaught,
    setup,
)
from hoplostat.engine.loop import play_turn, run
from hoplostat.engine.rules import FixedRoller, Game
from hoplostat.engine.state import BAG, CAMP, COMBAT, DISCARD, TRACK
from hoplostat.errors import InputError
from hoplostat.policies import GreedyController, RandomController

STONES = (19, 38)
BLUE = (14, 23, 32, 33, 42, 50)
RED = (7, 15, 24, 25, 34, 43)


class Players(Scripted):
    def __init__(self, picks=None):
        super().__init__(picks)
        self.rival_decisions = tuple(k for k in (picks or {}) if k.startswith("rival-"))


def build(cat, factions=("amazons",), *, order=("antony-blackbird",), roller=None, players=None):
    s = setup(cat, list(factions), rng=np.random.default_rng(0), log=True, immortal_order=list(order))
    players = players or Players()
    rc = rival.RivalController(s.mode.priority, players=players, players_troop=0)
    ctrls = [players] * len(factions) + [rc, rc]
    g = Game(s, roller or FixedRoller(mode="none"), ctrls, np.random.default_rng(0))
    s.round = 3
    s.turn = 10
    return g, rc


def unit(s: OnslaughtState, troop: int, unit_id: str) -> int:
    return next(u.uid for u in s.units if u.troop == troop and u.unit.id == unit_id and u.zone != COMBAT)


def put(s: OnslaughtState, uid: int, hex_: int, hp: int | None = None) -> int:
    """Place a chip in combat (not dazed) taking its HP from the supply."""
    u = s.units[uid]
    u.zone, u.hex, u.deployed_turn, u.entered = COMBAT, hex_, -10, True
    u.hp = u.unit.health if hp is None else hp
    s.supply[s.troops[u.troop].side] -= u.hp
    s.board[hex_] = uid
    s.enter_combat(u)
    return uid


def put_immortal(s: OnslaughtState, hex_: int, hp: int | None = None) -> int:
    uid = s.immortal_camp.pop(0)
    put(s, uid, hex_, hp)
    s.immortal = uid
    s.waves.append(WaveSummary(s.units[uid].unit.id, s.units[uid].name, start_round=1))
    return uid


# --- set-up ---------------------------------------------------------------------------------------


def test_setup_ONS_1(cat):
    """ONS-1: players red, rivals blue; faction (inactive hero, ten units, four tactics) in camp; a neutral
    hero on the last reward; the eight arena units in the bag; the six immortals face down, shuffled."""
    s = setup(cat, ["kunlun"], rng=np.random.default_rng(3))
    assert [t.side for t in s.troops] == ["red", "blue", "blue"]
    hero = s.units[s.troops[0].primary_hero]
    assert hero.zone == CAMP and not hero.active
    assert len([u for u in s.zone(0, CAMP) if not u.is_primary_hero]) == 10
    assert len(s.troops[0].tactics_camp) == 4
    assert [u.unit.kind for u in s.zone(0, TRACK)] == ["neutral-hero"]
    assert len(s.zone(s.arena_troop, BAG)) == 8 and all(u.unit.kind == "arena-unit" for u in s.zone(2, BAG))
    assert len(s.immortal_camp) == 6
    def order(k):
        s2 = setup(cat, ["kunlun"], rng=np.random.default_rng(k))
        return tuple(s2.units[u].unit.id for u in s2.immortal_camp)

    orders = {order(k) for k in range(6)}
    assert len(orders) > 1
    assert s.teams == [0, 1, 1] and s.supply == {"red": 34, "blue": 34}


def test_setup_refuses_bad_input(cat):
    with pytest.raises(InputError):
        setup(cat, [], rng=np.random.default_rng(0))
    with pytest.raises(InputError):
        setup(cat, ["kunlun", "kunlun"], rng=np.random.default_rng(0))
    with pytest.raises(InputError):
        setup(cat, ["kunlun"], rng=np.random.default_rng(0), immortal_order=["nobody"])


def test_priority_list_from_the_catalog_ONS_4(cat):
    """ONS-4: immortals and arena units mark and target by stone > hero > strongest."""
    s = setup(cat, ["kunlun"], rng=np.random.default_rng(0))
    assert s.mode.priority == ("opponent-on-stone", "hero", "strongest")


def test_allies_never_opponents_UNIT_11(cat):
    """UNIT-11: the immortal and arena troops are allies; co-op players are allies."""
    g, _ = build(cat, ("amazons", "kunlun"))
    s = g.state
    imm = put_immortal(s, 20)
    bandit = put(s, unit(s, s.arena_troop, "bandit"), 21)
    a = put(s, unit(s, 0, "amazons/warrior"), 30)
    b = put(s, unit(s, 1, "kunlun/warrior"), 31)
    assert {o.uid for o in s.opponents_of(s.imm_troop)} == {a, b}
    assert {o.uid for o in s.opponents_of(s.arena_troop)} == {a, b}
    assert {o.uid for o in s.opponents_of(0)} == {imm, bandit} == {o.uid for o in s.opponents_of(1)}


# --- the Immortal Turn Example ------------------------------------------------------------------------


def antony_example(cat, dice):
    g, rc = build(cat, roller=FixedRoller(dice))
    s = g.state
    antony = put_immortal(s, 20)
    warrior = put(s, unit(s, 0, "amazons/warrior"), 19)  # on a stone, adjacent to Antony
    bandit = put(s, unit(s, s.arena_troop, "bandit"), 31, hp=4)
    hippo = put(s, unit(s, s.arena_troop, "hippopotamus"), 42)
    return g, rc, s, antony, warrior, bandit, hippo


def test_immortal_turn_example_ONS_6_ONS_7_ONS_8(cat):
    """ONS-6, ONS-7, ONS-8 (Remastered, Immortal Turn Example): the Warrior on a stone is within Antony's
    Range, so he does not move (RIV-4); Dig In adds a die (yellow, R-CAT-4); 2 hits deal the Warrior 2
    damage; its Retaliate deals Antony 1 damage, which he ignores (no HP lost) but which earns 1 crowd
    favor; then the green trigger displaces the Warrior (players choose the adjacent hex) and the blue
    trigger gives each ally 1 HP (the Hippopotamus above its Health); black and yellow have none."""
    # yellow (Dig In) miss, blue hit, green hit, black miss -> 2 hits
    g, rc, s, antony, warrior, bandit, hippo = antony_example(cat, [0, 1, 1, 0])
    play_turn(g, s.mode.immortal_turn(g))
    a, w = s.units[antony], s.units[warrior]
    assert a.hex == 20 and a.hp == a.unit.health  # did not move; ignored the Retaliate damage
    assert sorted(str(p) for p in g.roller.rolled) == ["black", "blue", "green", "yellow"]  # Dig In die
    assert w.hp == 1 and w.zone == COMBAT
    assert s.troops[0].favor == 1 and s.imm_damage[0] == 1  # Retaliate's 1 damage -> 1 favor
    assert w.hex != 19 and s.grid.dist[w.hex][19] == 1  # displaced to an adjacent hex
    assert s.units[bandit].hp == 5 and s.units[hippo].hp == 7 > s.units[hippo].unit.health
    log = "\n".join(s.log)
    assert "ignores 1 damage (Retaliate)" in log
    assert log.index("green trigger") < log.index("blue trigger")  # top to bottom
    assert "black trigger" not in log and "yellow trigger" not in log


def test_displacement_hex_is_the_players_choice_ONS_6(cat):
    """ONS-6 / FACTS (Antony's green trigger): the players choose the adjacent hex."""
    players = Players({"rival-displace": lambda opts: max(opts, key=lambda o: o[1])})
    g, rc = build(cat, roller=FixedRoller([0, 0, 1, 0]), players=players)
    s = g.state
    put_immortal(s, 20)
    warrior = put(s, unit(s, 0, "amazons/warrior"), 19)
    play_turn(g, s.mode.immortal_turn(g))
    asked = [o for d, o in players.asked if d == "rival-displace"]
    assert asked and s.units[warrior].hex == max(h for _, h in asked[0])


def test_immortal_rolls_all_dice_without_a_target_ONS_6(cat):
    """ONS-6: even with no opponent in Range the immortal rolls all its dice and its triggers resolve."""
    g, rc = build(cat, roller=FixedRoller([1, 1, 1, 1]))
    s = g.state
    antony = put_immortal(s, 14)
    bandit = put(s, unit(s, s.arena_troop, "bandit"), 23, hp=3)
    put(s, unit(s, 0, "amazons/warrior"), 43)  # far away: back-up movement, no attack
    play_turn(g, s.mode.immortal_turn(g))
    assert s.units[antony].hex != 14  # he moved, so no Dig In die
    assert sorted(str(p) for p in g.roller.rolled) == ["black", "blue", "green"]
    assert "rolls all its dice without attacking" in "\n".join(s.log)
    assert s.units[bandit].hp == 4  # blue trigger still resolves


def test_immortal_rolls_on_its_deployment_turn_ONS_5_R_ONS_2(cat):
    """ONS-5: deployed only on the first turn of a wave (players choose the blue hex); dazed, it does not
    attack, but it still rolls its dice (ruling R-ONS-2)."""
    g, rc = build(cat, roller=FixedRoller([0, 0, 0, 0]))
    s = g.state
    play_turn(g, s.mode.immortal_turn(g))
    imm = s.units[s.immortal]
    assert imm.zone == COMBAT and imm.hex in BLUE and s.is_dazed(imm) and imm.unit.id == "antony-blackbird"
    assert len(g.roller.rolled) == 4 and s.waves[-1].immortal == "antony-blackbird"
    g.roller.mode = "none"
    play_turn(g, s.mode.immortal_turn(g))
    assert s.units[s.immortal] is imm and len(s.waves) == 1  # no second deployment in the wave


def test_coop_immortal_has_two_more_health_ONS_5(cat):
    """ONS-5 co-op: +2 Health above the chip's."""
    s = setup(cat, ["amazons", "kunlun"], rng=np.random.default_rng(0), immortal_order=["antony-blackbird"])
    assert s.units[s.immortal_camp[0]].unit.health == cat.immortal("antony-blackbird").unit.health + 2


def test_stun_and_damage_triggers_stand_ins(cat):
    """R-ONS-6: Immortal E's black `stun` fatigues its target until the immortal's next turn; Immortal B's
    black `damage 1` deals its target 1 damage (not attack damage)."""
    g, rc = build(cat, order=("immortal-e",), roller=FixedRoller([0, 0, 1]))  # blue, green miss; black hit
    s = g.state
    put_immortal(s, 20)
    w = s.units[put(s, unit(s, 0, "amazons/warrior"), 19)]
    play_turn(g, s.mode.immortal_turn(g))
    assert s.is_fatigued(w)
    s.turn += 1  # the players' turn: still fatigued
    assert s.is_fatigued(w)
    g.roller.mode = "none"
    play_turn(g, s.mode.immortal_turn(g))  # start of the immortal's next turn: the stun ends
    assert not s.is_fatigued(w)
    g, rc = build(cat, order=("immortal-b",), roller=FixedRoller([0, 1]))  # yellow miss, black 1 hit (of 2)
    s = g.state
    put_immortal(s, 20)
    w = s.units[put(s, unit(s, 0, "amazons/defender-1"), 19)] if any(
        u.unit.id == "amazons/defender-1" for u in s.units) else s.units[put(s, unit(s, 0, "amazons/warrior"), 19)]
    hp = w.hp
    play_turn(g, s.mode.immortal_turn(g))
    assert w.hp == hp - 2  # 1 from the attack, 1 from the trigger


# --- damaging immortals --------------------------------------------------------------------------------


def test_immortal_ignores_attack_damage_and_gives_favor_ONS_7_ONS_8(cat):
    """ONS-7, ONS-8: a player attack on an immortal removes no HP; the player earns favor equal to the
    damage dealt; reaching 5 activates the primary hero (CF-3)."""
    g, rc = build(cat, roller=FixedRoller([3, 2]))
    s = g.state
    s.active = 0
    antony = put_immortal(s, 20)
    w = put(s, unit(s, 0, "amazons/warrior"), 21)
    from hoplostat.engine import rules

    rules.attack(g, s.units[w], s.units[antony])
    assert s.units[antony].hp == s.units[antony].unit.health and s.troops[0].favor == 3
    s.units[w].engaged_turn = -1
    rules.attack(g, s.units[w], s.units[antony])
    assert s.troops[0].favor == 5 and s.units[s.troops[0].primary_hero].active
    assert s.troops[0].damage_dealt == 0 and s.imm_damage[0] == 5


def test_absorb_on_an_immortal_reduces_the_favor_ONS_8(cat):
    """ONS-8: favor equals damage dealt, after the immortal's Absorb (Immortal D, stand-in)."""
    g, rc = build(cat, order=("immortal-d",), roller=FixedRoller([3]))
    s = g.state
    imm = put_immortal(s, 20)
    w = put(s, unit(s, 0, "amazons/warrior"), 21)
    from hoplostat.engine import rules

    rules.attack(g, s.units[w], s.units[imm])
    assert s.troops[0].favor == 2 and s.units[imm].hp == s.units[imm].unit.health


def test_arena_defeat_costs_the_immortal_one_hp_and_returns_to_the_bag_ONS_7_ONS_9(cat):
    """ONS-7: an arena unit defeated -> the immortal loses 1 HP; ONS-9: the unit goes back to the bag."""
    g, rc = build(cat, roller=FixedRoller([3]))
    s = g.state
    imm = put_immortal(s, 20)
    bandit = put(s, unit(s, s.arena_troop, "bandit"), 31, hp=2)
    w = put(s, unit(s, 0, "amazons/warrior"), 30)
    from hoplostat.engine import rules

    rules.attack(g, s.units[w], s.units[bandit])
    assert s.units[bandit].zone == BAG and s.units[imm].hp == s.units[imm].unit.health - 1
    assert s.waves[-1].hp_from_arena == 1 and s.troops[0].kills == 1 and s.supply["blue"] == 34 - s.units[imm].hp


def test_stones_cost_the_immortal_hp_at_the_start_of_each_player_turn_ONS_7(cat):
    """ONS-7: at the start of a player turn, 1 HP per unit of *that* player on a stone (co-op: each turn)."""
    g, rc = build(cat, ("amazons", "kunlun"))
    s = g.state
    imm = put_immortal(s, 20)
    put(s, unit(s, 0, "amazons/warrior"), 19)
    put(s, unit(s, 1, "kunlun/warrior"), 38)
    health = s.units[imm].hp
    play_turn(g, s.mode.turn_of(g, 0))
    assert s.units[imm].hp == health - 1 and s.stone_hp[0] == 1
    play_turn(g, s.mode.turn_of(g, 1))
    assert s.units[imm].hp == health - 2 and s.stone_hp[1] == 1 and s.waves[-1].hp_from_stones == 2


# --- limits, turn order -----------------------------------------------------------------------------------


def test_unit_limits_solo_and_coop_ONS_2(cat):
    """ONS-2: solo 3 player units and 2 arena units; co-op 4 player units shared and 3 arena units."""
    g, rc = build(cat, players=Players({"deploy": lambda o: o[0]}))
    s = g.state
    put_immortal(s, 20)
    for h in (30, 31, 29):
        put(s, unit(s, 0, "amazons/warrior") if h == 30 else next(
            u.uid for u in s.units if u.troop == 0 and u.zone == CAMP and u.active), h)
    s.mode.deployment(g, 0)
    assert len(s.in_combat(0)) == 3
    for _ in range(4):
        s.mode.arena_deploy(g)
    assert len(s.in_combat(s.arena_troop)) == 2
    g, rc = build(cat, ("amazons", "kunlun"), players=Players({"deploy": lambda o: o[0]}))
    s = g.state
    for p, h in ((0, 30), (0, 31), (1, 29)):
        put(s, next(u.uid for u in s.units if u.troop == p and u.zone == CAMP and u.active), h)
    s.mode.deployment(g, 1)
    assert len(s.in_combat(0)) + len(s.in_combat(1)) == 4
    s.mode.deployment(g, 0)
    assert len(s.in_combat(0)) + len(s.in_combat(1)) == 4
    for _ in range(5):
        s.mode.arena_deploy(g)
    assert len(s.in_combat(s.arena_troop)) == 3


def test_round_is_immortal_then_players_then_arena_ONS_3(cat):
    """ONS-3 (and TURN-3): immortal turn, player turn(s) in faction order (R-ONS-4), arena turn."""
    for factions in (["kunlun"], ["kunlun", "amazons"]):
        rng = np.random.default_rng(4)
        r = play_onslaught(cat, factions, [GreedyController(rng)] * len(factions), rng=rng, max_rounds=2, log=True)
        heads = [x for x in r.log if x.startswith("-- Round 1")]
        want = ["-- Round 1, immortal turn"] + [f"-- Round 1, {f} (red) turn" for f in factions] + ["-- Round 1, arena turn"]
        assert heads == want


# --- waves, loss, forfeit ------------------------------------------------------------------------------------


def test_wave_end_clean_up_and_next_wave_ONS_11_ONS_13(cat):
    """ONS-11: defeating the immortal ends the wave at once: trophy; tactics on units discarded; units in
    combat back to camp (full HP next time); primary hero inactive; the gained neutral hero stays; arena
    units back in the bag; favor reset (the neutral hero not gained twice); the next wave starts with a new
    immortal turn. ONS-13: the score counts the trophies."""
    g, rc = build(cat, order=("antony-blackbird", "immortal-b"), roller=FixedRoller(mode="all"))
    s = g.state
    s.active = 0
    imm = put_immortal(s, 20, hp=1)
    bandit = put(s, unit(s, s.arena_troop, "bandit"), 31, hp=1)
    hero = s.units[s.troops[0].primary_hero]
    hero.active = True
    put(s, hero.uid, 41)
    w = put(s, unit(s, 0, "amazons/warrior"), 30)
    neutral = s.zone(0, TRACK)[0]
    neutral.zone, neutral.active = CAMP, True  # gained earlier this game
    from hoplostat.engine import rules

    tac = s.troops[0].tactics_camp[0]
    rules.place_tactic(g, 0, tac, s.units[w])
    s.troops[0].favor = 20
    s.troops[0].rewards = 4
    rules.attack(g, s.units[w], s.units[bandit])  # the Bandit falls -> Antony loses his last HP
    assert s.end_reason == WAVE_OVER and s.units[imm].zone == DISCARD and s.waves[-1].won
    s.mode.end_wave(g)
    assert s.end_reason is None and s.trophies == [imm] and s.immortal == -1
    assert s.units[w].zone == CAMP and s.units[w].hp == 0 and not s.units[w].tactics
    assert tac in s.troops[0].tactics_discard or tac.type == "instant"
    assert hero.zone == CAMP and not hero.active and neutral.zone == CAMP and neutral.active
    assert s.units[bandit].zone == BAG and not s.in_combat()
    assert s.troops[0].favor == 0 and s.troops[0].rewards == 0
    assert s.supply == {"red": 34, "blue": 34}
    s.mode.gain_favor(g, 0, 20, "test")
    assert neutral.zone == CAMP and not s.zone(0, TRACK)  # the neutral hero is gained only once
    s.round += 1
    play_turn(g, s.mode.immortal_turn(g))
    assert s.units[s.immortal].unit.id == "immortal-b" and len(s.waves) == 2


def test_wave_end_stops_the_turn_and_a_new_round_begins_ONS_11(cat):
    """ONS-11: the wave ends at once: the rest of the turn is not played; the next round starts with the
    immortal turn of a new wave."""
    target = []
    picks = {"engage": lambda opts: next((o for o in opts if o[0] == "attack" and o[2] in target), None)}
    players = Players(picks)
    g, rc = build(cat, order=("antony-blackbird", "immortal-b"), roller=FixedRoller(mode="all"), players=players)
    s = g.state
    put_immortal(s, 20, hp=1)
    target.append(put(s, unit(s, s.arena_troop, "bandit"), 31, hp=1))
    target.append(put(s, unit(s, s.arena_troop, "hippopotamus"), 22, hp=1))
    put(s, unit(s, 0, "amazons/warrior"), 30)
    put(s, unit(s, 0, "amazons/attacker-1"), 21)
    s.log.clear()
    s.round = 3
    play_turn(g, s.mode.turn_of(g, 0))
    assert s.end_reason == WAVE_OVER
    assert sum(1 for x in s.log if " attacks " in x) == 1  # the second unit never attacked
    s.mode.end_wave(g)
    k = len(s.log)
    run(g, s.round + 1)
    heads = [x for x in s.log[k:] if x.startswith("-- Round")]
    assert heads[0].endswith("immortal turn") and any("deploys Immortal B" in x for x in s.log)


def test_primary_hero_defeated_loses_ONS_10(cat):
    """ONS-10: the game ends when the primary hero is defeated (co-op: either player's)."""
    for factions, who in ((("amazons",), 0), (("amazons", "kunlun"), 1)):
        g, rc = build(cat, factions, roller=FixedRoller(mode="all"))
        s = g.state
        put_immortal(s, 20)
        hero = s.units[s.troops[who].primary_hero]
        hero.active = True
        put(s, hero.uid, 19, hp=1)
        play_turn(g, s.mode.immortal_turn(g))
        assert s.end_reason == "primary hero defeated" and hero.zone == DISCARD


def test_forfeit_with_no_units_and_none_deployable_ONS_12(cat):
    """ONS-12: in your Deployment step, no units in combat and none deployable -> forfeit (co-op: no
    player-controlled units at all)."""
    g, rc = build(cat)
    s = g.state
    put_immortal(s, 20)
    for u in s.zone(0, CAMP):
        if not u.is_primary_hero:
            u.zone = DISCARD
    play_turn(g, s.mode.turn_of(g, 0))
    assert s.end_reason == "forfeit"
    g, rc = build(cat, ("amazons", "kunlun"))
    s = g.state
    put_immortal(s, 20)
    for u in s.zone(0, CAMP):
        if not u.is_primary_hero:
            u.zone = DISCARD
    put(s, unit(s, 1, "kunlun/warrior"), 30)
    play_turn(g, s.mode.turn_of(g, 0))
    assert s.end_reason is None  # the partner has a unit in combat


# --- whole games ---------------------------------------------------------------------------------------


class Checked:
    """Wraps a controller and checks the invariants before every decision."""

    def __init__(self, inner, coop):
        self.inner = inner
        self.coop = coop
        self.rival_decisions = ()

    def choose(self, g, troop, decision, options, *, optional):
        check_state(g.state, self.coop)
        return self.inner.choose(g, troop, decision, options, optional=optional)


def check_state(s: OnslaughtState, coop: bool) -> None:
    on_board = [u for u in s.board if u >= 0]
    assert len(on_board) == len(set(on_board)) == len(s.combat)
    assert set(on_board) == set(s.combat)
    for uid in s.combat:
        u = s.units[uid]
        assert u.zone == COMBAT and s.board[u.hex] == uid and u.hp >= 1
        if u.unit.kind == "immortal":
            assert u.hp <= u.unit.health and uid == s.immortal
        else:
            assert u.hp <= u.unit.health + u.hp_gained
    for side in ("red", "blue"):
        held = sum(s.units[i].hp for i in s.combat if s.troops[s.units[i].troop].side == side)
        assert held + s.supply[side] == s.supply_start[side]
    players = sum(len(s.in_combat(p)) for p in s.players)
    assert players <= (4 if coop else 3)
    assert len(s.in_combat(s.arena_troop)) <= (3 if coop else 2)
    assert len(s.in_combat(s.imm_troop)) <= 1
    assert all(0 <= s.troops[p].favor <= 20 for p in s.players)


ENDS = ("primary hero defeated", "forfeit", "all immortals defeated")


def play_checked(cat, seed, factions, policy, max_rounds=80, log=False):
    rng = np.random.default_rng(seed)
    coop = len(factions) == 2
    ctrls = [Checked(GreedyController(rng) if policy == "greedy" else RandomController(rng), coop) for _ in factions]
    r = play_onslaught(cat, factions, ctrls, rng=rng, max_rounds=max_rounds, log=log)
    assert r.end_reason in ENDS or r.capped
    assert 0 <= r.extras["immortals_defeated"] <= 6 and r.extras["immortals_defeated"] == sum(w.won for w in r.extras["waves"])
    assert all(w.won for w in r.extras["waves"][:-1])
    assert r.rounds <= max_rounds and r.coop == coop
    assert r.extras["immortals_defeated"] == 6 or r.end_reason != "all immortals defeated"
    return r


def _games(cat, n, seed0=0):
    facs = list(cat.factions)
    out = []
    for i in range(n):
        seed = seed0 + i
        f = facs[i % len(facs)]
        factions = [f] if i % 3 else [f, facs[(i + 3) % len(facs)]]
        out.append(play_checked(cat, seed, factions, "greedy" if i % 2 else "random"))
    return out


def test_invariants_and_every_game_ends(cat):
    """Invariants after every decision over seeded solo and co-op games; every game ends (or is capped)."""
    rs = _games(cat, 40)
    assert any(r.coop for r in rs) and any(not r.coop for r in rs)


@pytest.mark.slow
def test_invariants_over_a_thousand_games(cat):
    """The same invariants over 1,000 more seeded games (solo and co-op, greedy and random)."""
    rs = _games(cat, 1000, seed0=10_000)
    ends = {r.end_reason for r in rs}
    assert ends & set(ENDS)


def test_same_seed_same_game(cat):
    a = play_checked(cat, 11, ["kunlun"], "greedy", log=True)
    b = play_checked(cat, 11, ["kunlun"], "greedy", log=True)
    assert a.log == b.log and a.extras["immortal_order"] == b.extras["immortal_order"]
    c = play_checked(cat, 12, ["kunlun"], "greedy", log=True)
    assert c.log != a.log


def test_round_cap_is_counted(cat):
    rng = np.random.default_rng(1)
    r = play_onslaught(cat, ["kunlun"], [GreedyController(rng)], rng=rng, max_rounds=1)
    assert r.capped and r.end_reason == "round cap (1) reached" and r.rounds == 1


def test_result_summaries(cat):
    rng = np.random.default_rng(2)
    r = play_onslaught(cat, ["lamosians", "parthians"], [GreedyController(rng), RandomController(rng)], rng=rng)
    assert r.factions == ("lamosians", "parthians") and r.coop
    assert [t.faction for t in r.troops] == ["lamosians", "parthians"]
    for t in r.troops:
        assert t.damage_dealt == t.tactic_damage + sum(u.damage_dealt for u in r.units if u.seat == t.seat)
        assert t.crowd_favor >= t.extras["immortal_damage"]
    assert sorted(r.extras["immortal_order"]) == sorted(cat.immortals)
