"""Onslaught Mode: set-up, limits, turn order, immortals (triggers, ignoring damage, HP loss), favor, waves,
loss, forfeit, co-op; whole-game invariants over seeded games.

Positions are built from the real set-up (`setup`) with units put on the stand-in Pozzuoli map by hand;
dice are forced with `FixedRoller`. An immortal rolls its dice colour by colour, weakest colour first
(yellow, blue, green, black, red), so forced results are given in that order.

Onslaught (rulesets/remastered/onslaught/mode.py) pinned where its mutation run found it unpinned: the immortal's
HP loss (ONS-7) and its guards, crowd favor and rewards per player (ONS-8, CF-2, CF-3), the wave's clean-up
and the last wave (ONS-11, ONS-13), the stun marker at a wave's end, the game's result and sweep rows, the
heuristic objective, the `immortal-order` option and the entry points (`new_game`, `play_onslaught`).
Positions from the real set-up (`test_onslaught.build`) and a few short games."""

from __future__ import annotations

import numpy as np
import pytest
from engine.enginekit import Scripted

from hoplostat.catalog.model import Effect, Trigger
from hoplostat.dice import parse_pool
from hoplostat.engine import rules
from hoplostat.engine.loop import DRAW, LOST, WON, play_turn, run
from hoplostat.engine.mode import GameSpec
from hoplostat.engine.registry import EFFECTS, effect_impl
from hoplostat.engine.rules import FixedRoller, Game
from hoplostat.engine.state import BAG, CAMP, COMBAT, DISCARD, TRACK
from hoplostat.errors import InputError
from hoplostat.policies import GreedyController, RandomController
from hoplostat.rulesets.remastered.onslaught import mode as onslaught_module
from hoplostat.rulesets.remastered import rival
from hoplostat.rulesets.remastered.base import RULESET
from hoplostat.rulesets.remastered.onslaught import (
    WAVE_OVER,
    Onslaught,
    OnslaughtState,
    WaveSummary,
    play_onslaught,
    result_of,
    setup,
)

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


# --- pinned by mutation testing (formerly tests/engine/test_onslaught_pinned.py) --------------------------------------
# --- ONS-7: the immortal loses HP (not damage) -----------------------------------------------------------


def test_each_arena_defeat_costs_the_immortal_one_hp_and_is_narrated_ONS_7(cat):
    """ONS-7: every arena unit defeated costs the immortal 1 HP: two defeats, 2 HP, both counted for the wave;
    the log gives the cause."""
    g, _ = build(cat, roller=FixedRoller(mode="all"))
    s = g.state
    imm = s.units[put_immortal(s, 20)]
    b1 = put(s, unit(s, s.arena_troop, "bandit"), 31, hp=1)
    b2 = put(s, unit(s, s.arena_troop, "hippopotamus"), 29, hp=1)
    w = put(s, unit(s, 0, "amazons/warrior"), 30)
    full = imm.hp
    rules.attack(g, s.units[w], s.units[b1])
    s.units[w].engaged_turn = -1
    rules.attack(g, s.units[w], s.units[b2])
    assert imm.hp == full - 2 and s.waves[-1].hp_from_arena == 2
    assert any(f"loses 1 HP ({s.units[b2].name} defeated)" in line for line in s.log)


def test_an_arena_defeat_with_no_immortal_in_play_costs_nothing_ONS_7(cat):
    """ONS-7: "the immortal" loses HP; with none deployed yet (and no wave) an arena unit's defeat takes HP from
    nobody: no arena unit is hurt in its stead, and nothing fails."""
    g, _ = build(cat, roller=FixedRoller(mode="all"))
    s = g.state
    b1 = put(s, unit(s, s.arena_troop, "bandit"), 31, hp=1)
    last = s.units[-1]
    put(s, last.uid, 42)
    w = put(s, unit(s, 0, "amazons/warrior"), 30)
    hp = last.hp
    rules.attack(g, s.units[w], s.units[b1])
    assert s.units[b1].zone == BAG and last.hp == hp and s.waves == []
    assert s.mode.lose_hp(g, 1, "test") == 0 and last.hp == hp


def test_lose_hp_returns_what_was_lost_and_nothing_after_the_wave_ended_ONS_7_ONS_11(cat):
    """ONS-7 / ONS-11: `lose_hp` returns the HP the immortal lost; none for 0, none once the wave is over
    (its end stops everything at once), and no HP leaves the immortal then; stones with no immortal count
    nothing for the player."""
    g, _ = build(cat)
    s = g.state
    m = s.mode
    put(s, unit(s, 0, "amazons/warrior"), 19)
    m.check_stones(g, 0)
    assert s.stone_hp[0] == 0
    imm = s.units[put_immortal(s, 20)]
    full = imm.hp
    assert m.lose_hp(g, 0, "nothing") == 0 and imm.hp == full
    assert m.lose_hp(g, 2, "test loss") == 2 and imm.hp == full - 2
    assert any("loses 2 HP (test loss)" in line for line in s.log)
    s.end_reason = WAVE_OVER
    assert m.lose_hp(g, 1, "too late") == 0 and imm.hp == full - 2


def test_damage_after_a_stone_hp_loss_is_still_ignored_ONS_7_ONS_8(cat):
    """ONS-7: the HP the immortal loses to stones is not damage; afterwards it still ignores all damage, which
    turns into crowd favor for the dealer (ONS-8)."""
    g, _ = build(cat, roller=FixedRoller(mode="all"))
    s = g.state
    imm = s.units[put_immortal(s, 20)]
    w = put(s, unit(s, 0, "amazons/warrior"), 19)  # on a stone, adjacent to the immortal
    full = imm.hp
    s.mode.check_stones(g, 0)
    assert imm.hp == full - 1 and s.stone_hp[0] == 1
    rules.attack(g, s.units[w], imm)
    assert imm.hp == full - 1 and s.troops[0].favor > 0 and s.imm_damage[0] == s.troops[0].favor


# --- ONS-8, CF-2, CF-3: favor and rewards ----------------------------------------------------------------


def test_favor_adds_up_and_rewards_are_claimed_once_each_in_order_CF_2_ONS_8(cat):
    """CF-2 / ONS-8: favor adds up (earned and total); a reward is claimed when the bead reaches or passes its
    space, each once: two at once when a gain passes two; none again from a bead already on a reward space;
    the track runs to 20 (the fourth reward); 0 favor does nothing, not even a log line."""
    g, _ = build(cat, players=Players({"return-unit": lambda o: o[0]}))
    s = g.state
    m = s.mode
    t = s.troops[0]
    n = len(s.log)
    m.gain_favor(g, 0, 0, "nothing")
    assert len(s.log) == n and s.favor_earned[0] == 0
    m.gain_favor(g, 0, 3, "a")
    m.gain_favor(g, 0, 2, "b")  # 5: first reward
    assert (t.favor, t.favor_total, s.favor_earned[0], s.rewards_claimed[0]) == (5, 5, 5, 1)
    m.gain_favor(g, 0, 3, "c")  # 8: from the first reward space, nothing new
    assert s.rewards_claimed[0] == 1 and t.rewards == 1
    m.gain_favor(g, 0, 8, "d")  # 16: second and third
    assert s.rewards_claimed[0] == 3 and t.rewards == 3 and t.favor == 16
    m.gain_favor(g, 0, 10, "e")  # 26 -> bead on 20: fourth
    assert (t.favor, t.rewards, s.rewards_claimed[0]) == (20, 4, 4)
    assert (t.favor_total, s.favor_earned[0]) == (26, 26)
    n = len(s.log)
    m.gain_favor(g, 0, 2, "f")  # nothing beyond the last reward, nothing narrated
    assert (t.favor, s.rewards_claimed[0], t.favor_total, s.favor_earned[0]) == (20, 4, 28, 28)
    assert len(s.log) == n


# --- ONS-11, ONS-13: waves ---------------------------------------------------------------------------------


def test_wave_end_counts_its_rounds_and_bags_the_arena_units_in_combat_ONS_11(cat):
    """ONS-11: at a wave's end the arena units still in combat go back to the draw bag and the players' to
    camp; the wave's summary counts its rounds, first and last included."""
    g, _ = build(cat, order=("antony-blackbird", "immortal-b"), roller=FixedRoller(mode="all"))
    s = g.state
    imm = put_immortal(s, 20, hp=1)
    s.waves[-1].start_round = 2
    s.round = 5
    hippo = put(s, unit(s, s.arena_troop, "hippopotamus"), 42)
    w = put(s, unit(s, 0, "amazons/warrior"), 30)
    rules.damage(g, s.units[imm], 1, what="test")  # ignored: immortals lose HP only to the mode
    assert s.units[imm].zone == COMBAT
    s.mode.lose_hp(g, 1, "test")
    assert s.end_reason == WAVE_OVER
    s.mode.end_wave(g)
    w0 = s.waves[0]
    assert (w0.won, w0.start_round, w0.end_round, w0.rounds) == (True, 2, 5, 4)
    assert s.units[hippo].zone == BAG and s.units[w].zone == CAMP and s.end_reason is None


def test_last_immortal_defeated_wins_the_game_ONS_13(cat):
    """ONS-13: defeating every immortal (here a one-immortal game) is the players' win: the game ends with
    "all immortals defeated", the result's outcome is won and the score one immortal."""
    g, _ = build(cat, order=("antony-blackbird",))
    s = g.state
    put_immortal(s, 20, hp=1)
    s.mode.lose_hp(g, 1, "test")
    s.mode.interrupt(g)
    assert s.end_reason == "all immortals defeated" and s.winner is None
    assert s.log[-1] == "Game over: all immortals defeated"
    r = result_of(s)
    assert r.end_reason == "all immortals defeated" and r.troops[0].outcome == WON
    assert r.extras["immortals_defeated"] == 1 and Onslaught.is_success({"immortals_defeated": 1})
    assert not Onslaught.is_success({"immortals_defeated": 0})


def test_the_stun_marker_is_not_discarded_as_a_tactic_at_the_wave_end_ONS_11_R_ONS_6(cat):
    """ONS-11: tactics on units go to their troop's discard at a wave's end; the immortal's stun (R-ONS-6) is a
    marker, not a tactic chip: it goes nowhere (else a later second reward would hand it out as a tactic)."""
    g, _ = build(cat, roller=FixedRoller(mode="all"))
    s = g.state
    imm = s.units[put_immortal(s, 20)]
    w = s.units[put(s, unit(s, 0, "amazons/warrior"), 30)]
    onslaught_module._stun(g, s.mode, imm, w, None, g.controllers[s.imm_troop])
    assert w.tactics and w.tactics[0].tactic is onslaught_module._STUN
    tac = s.troops[0].tactics_camp[0]
    if tac.type != "instant":
        rules.place_tactic(g, 0, tac, w)
    onslaught_module.withdraw(g, w, CAMP)
    assert onslaught_module._STUN not in s.troops[0].tactics_discard
    assert onslaught_module._STUN not in s.troops[s.imm_troop].tactics_discard
    assert (tac in s.troops[0].tactics_discard) == (tac.type != "instant")
    assert w.zone == CAMP and not w.tactics


# --- the result (ONS-13) and its rows ---------------------------------------------------------------------


def test_result_of_reports_the_state_ONS_13(cat):
    """ONS-13 and the result's fields: per player troop its seat, red side, team 0, outcome (lost on a defeated
    primary hero or a forfeit, a draw at the round cap, "unfinished" when no end), its counts, the favor
    earned and rewards claimed, and the immortal damage and stone HP extras; the wave in progress counted to
    the current round; the immortal order; unimplemented trigger terms named."""
    g, _ = build(cat, ("amazons", "kunlun"), order=("antony-blackbird", "immortal-b"))
    s = g.state
    put_immortal(s, 20)
    s.waves[-1].start_round = 2
    s.round = 6
    for i, t in enumerate(s.troops[:2]):
        t.deployed, t.damage_dealt, t.kills, t.units_lost = 3 + i, 7 + i, 2 + i, 1 + i
        t.tactic_damage, t.tactic_kills = 1 + i, 1
        s.favor_earned[i], s.rewards_claimed[i], s.imm_damage[i], s.stone_hp[i] = 9 + i, 1 + i, 4 + i, 2 + i
    s.unimplemented_terms.append("made-up-term")
    s.immortal_order_ids = ("antony-blackbird", "immortal-b")
    r = result_of(s)
    assert r.end_reason == "unfinished" and r.troops[0].outcome == LOST
    assert (r.mode, r.ruleset, r.arena, r.first_player, r.rounds) == ("onslaught", RULESET, "pozzuoli", 0, 6)
    assert r.factions == ("amazons", "kunlun")
    for i, tr in enumerate(r.troops):
        assert (tr.seat, tr.faction, tr.side, tr.team) == (i, ("amazons", "kunlun")[i], "red", 0)
        assert (tr.units_deployed, tr.damage_dealt, tr.kills, tr.units_lost) == (3 + i, 7 + i, 2 + i, 1 + i)
        assert (tr.crowd_favor, tr.rewards, tr.tactic_damage, tr.tactic_kills) == (9 + i, 1 + i, 1 + i, 1)
        assert tr.extras == {"immortal_damage": 4 + i, "stone_hp": 2 + i}
    assert len(r.troops) == 2
    w = r.extras["waves"][-1]
    assert not w.won and (w.end_round, w.rounds) == (6, 5)
    assert r.extras["immortal_order"] == ("antony-blackbird", "immortal-b")
    assert "trigger:made-up-term" in r.unimplemented
    for reason, outcome in (("primary hero defeated", LOST), ("forfeit", LOST), ("round cap (6 rounds)", DRAW),
                            ("all immortals defeated", WON)):
        s.end_reason = reason
        r = result_of(s)
        assert r.end_reason == reason and {t.outcome for t in r.troops} == {outcome}, reason


def _first_wave_won_in_round_4(cat, factions=("amazons",)):
    """A game whose first wave (Antony Blackbird, on 1 HP) was won in round 4."""
    g, _ = build(cat, factions, order=("antony-blackbird", "immortal-b"))
    s = g.state
    put_immortal(s, 20, hp=1)
    s.round = 4
    s.mode.lose_hp(g, 1, "test")
    s.mode.end_wave(g)
    return g


def test_a_won_wave_keeps_its_own_end_round_in_the_result_ONS_13(cat):
    """A wave already won keeps the round it ended; only a wave in progress is closed at the current round."""
    g = _first_wave_won_in_round_4(cat)
    s = g.state
    s.round = 9
    w = result_of(s).extras["waves"][0]
    assert w.won and (w.end_round, w.rounds) == (4, 4)


def test_rows_of_a_game_its_waves_and_units(cat):
    """`Onslaught.rows`: the games row (co-op flag, immortals defeated, waves reached, rounds, end reason, the
    round-cap flag and each side's counts with its immortal damage), one waves row per wave, one units row
    per player chip that could take part (no `won` for a units row: the players do not win a wave by seat)."""
    g = _first_wave_won_in_round_4(cat, ("amazons", "kunlun"))
    s = g.state
    s.round = 6
    put_immortal(s, 20)
    s.waves[-1].start_round = 5
    s.end_reason = "round cap (6 rounds)"
    for i, t in enumerate(s.troops[:2]):
        t.deployed, t.damage_dealt, t.kills, t.units_lost = 3 + i, 7 + i, 2 + i, 1 + i
        s.favor_earned[i], s.imm_damage[i] = 9 + i, 4 + i
    r = result_of(s)
    assert r.capped
    head = {"matchup": "m1", "arena": "pozzuoli", "game": 7, "faction_a": "amazons", "faction_b": "kunlun"}
    rows = Onslaught.rows(r, head, lambda uid: cat.units[uid].kind if uid in cat.units else None)
    (game,) = rows["games"]
    assert {k: game[k] for k in head} == head
    assert (game["coop"], game["immortals_defeated"], game["waves_reached"], game["rounds"]) == (r.coop, 1, 2, 6)
    assert game["end_reason"] == "round cap (6 rounds)" and game["capped"] is True
    for side, i in (("a", 0), ("b", 1)):
        assert (game[f"{side}_units_deployed"], game[f"{side}_damage_dealt"], game[f"{side}_kills"],
                game[f"{side}_units_lost"], game[f"{side}_crowd_favor"], game[f"{side}_immortal_damage"]) == (
                    3 + i, 7 + i, 2 + i, 1 + i, 9 + i, 4 + i)
    assert set(game) == set(head) | set(Onslaught.columns["games"])
    waves = rows["waves"]
    assert [(w["wave"], w["immortal"], w["won"], w["rounds"]) for w in waves] == [
        (1, "antony-blackbird", True, 4), (2, "immortal-b", False, 2)]
    for w in waves:
        assert (w["matchup"], w["game"], w["faction_a"], w["faction_b"], w["coop"]) == ("m1", 7, "amazons", "kunlun", r.coop)
        assert set(w) == set(Onslaught.columns["waves"])
    units = rows["units"]
    assert len(units) == len(r.units) > 0 and all(u["won"] is None and u["game"] == 7 for u in units)
    assert {u["side"] for u in units} == {"a", "b"} and "hero" in {u["kind"] for u in units}


# --- the heuristic objective ------------------------------------------------------------------------------


def test_objective_counts_trophies_and_the_current_immortals_health_taken(cat):
    """`objective`: each immortal defeated is worth TROPHY; the current immortal's Health taken (and the HP the
    players' units on stones will take at the next player turn) counts as its share of TROPHY, at most one
    immortal's worth; the rivals' troops see the same value negated."""
    g, _ = build(cat, order=("antony-blackbird", "immortal-b"))
    s = g.state
    m = s.mode
    T = Onslaught.TROPHY
    assert m.objective(g, 0) == 0.0 and m.objective(g, s.imm_troop) == 0.0
    extra = s.units[put(s, s.units[-1].uid, 42, hp=1)]  # an arena unit in combat, hurt: not the immortal
    assert m.objective(g, 0) == 0.0
    rules.withdraw(g, extra, BAG)
    imm = s.units[put_immortal(s, 20)]
    full = imm.unit.health
    assert m.objective(g, 0) == 0.0
    m.lose_hp(g, 2, "test")
    assert m.objective(g, 0) == pytest.approx(T * 2 / full)
    assert m.objective(g, s.imm_troop) == pytest.approx(-T * 2 / full)
    assert m.objective(g, s.arena_troop) == pytest.approx(-T * 2 / full)
    put(s, unit(s, 0, "amazons/warrior"), 19)
    assert m.objective(g, 0) == pytest.approx(T * 3 / full)
    rules.gain_hp(g, imm, 2)  # Health gained raises the whole to take
    assert m.objective(g, 0) == pytest.approx(T * (full + 2 - imm.hp + 1) / (full + 2))
    m.lose_hp(g, imm.hp - 1, "test")  # one HP left, one unit on a stone: the whole immortal, not more
    assert m.objective(g, 0) == pytest.approx(T)
    m.lose_hp(g, 1, "test")
    m.end_wave(g)
    assert m.objective(g, 0) == pytest.approx(T)  # one trophy, no immortal in play
    put_immortal(s, 20)
    assert m.objective(g, 0) == pytest.approx(T)  # the units went back to camp at the wave's end
    put(s, unit(s, 0, "amazons/warrior"), 38)
    assert m.objective(g, 0) == pytest.approx(T + T / s.units[s.immortal].unit.health)


# --- options and entry points ----------------------------------------------------------------------------


def test_immortal_order_option_is_checked_against_the_catalog(cat):
    """`--option immortal-order`: immortal ids of the catalog, each at most once; the messages name the option
    and the valid ids."""
    Onslaught.check_options(cat, (("immortal-order", "immortal-b,antony-blackbird"),))
    Onslaught.check_options(cat, ())
    with pytest.raises(InputError, match=r"^--option immortal-order: onslaught has no immortal 'nobody'; its "
                                         r"immortals: antony-blackbird, immortal-b, immortal-c, immortal-d, "
                                         r"immortal-e, immortal-f$"):
        Onslaught.check_options(cat, (("immortal-order", "immortal-b,nobody"),))
    with pytest.raises(InputError, match=r"^--option immortal-order: onslaught faces each immortal at most once$"):
        Onslaught.check_options(cat, (("immortal-order", "immortal-b,immortal-b"),))


def test_new_game_follows_its_spec_and_hands_ties_to_the_players(cat):
    """`Onslaught.new_game`: the spec's immortal order, no log unless asked, the roller given, the mode of the
    class it is called on; one player controller per seat (a single one reused in co-op; a wrong count
    refused, naming the mode); the rival troops' ties settled by the first player's controller (RIV-3)."""
    rng = np.random.default_rng(2)
    roller = FixedRoller(mode="none")
    mine = Scripted()
    spec = GameSpec("onslaught", ("amazons",), "pozzuoli", options=(("immortal-order", "immortal-c,immortal-b"),))
    g = Onslaught.new_game(cat, spec, [mine], rng=rng, roller=roller)
    s = g.state
    assert [s.units[u].unit.id for u in s.immortal_camp] == ["immortal-c", "immortal-b"]
    assert s.immortal_order_ids == ("immortal-c", "immortal-b")
    assert g.roller is roller and s.log is None and type(s.mode) is Onslaught
    rc = g.controllers[s.imm_troop]
    assert g.controllers == [mine, rc, rc] and rc.players is mine and rc.players_troop == 0

    class Sub(Onslaught):
        pass

    coop = GameSpec("onslaught", ("amazons", "kunlun"), "pozzuoli")
    g2 = Sub.new_game(cat, coop, [mine], rng=rng, log=True)
    assert type(g2.state.mode) is Sub and g2.state.log is not None and g2.controllers[:2] == [mine, mine]
    assert len(g2.state.immortal_camp) == 6
    with pytest.raises(InputError, match=r"^onslaught: 2 faction\(s\) need 2 controller\(s\), got 3$"):
        Onslaught.new_game(cat, coop, [mine, mine, mine], rng=rng)


def test_play_onslaught_plays_the_order_given_with_the_roller_given(cat):
    """`play_onslaught`: `immortal_order` decides which immortals are faced (and in which order), the roller given
    rolls the dice, no log unless asked; the game is on Pozzuoli."""
    rng = np.random.default_rng(4)
    roller = FixedRoller(mode="all")
    r = play_onslaught(cat, ["amazons"], [GreedyController(rng)], rng=rng, max_rounds=4, roller=roller,
                       immortal_order=["immortal-d", "immortal-b"])
    assert r.extras["immortal_order"] == ("immortal-d", "immortal-b")
    assert r.extras["waves"] and r.extras["waves"][0].immortal == "immortal-d"
    assert roller.rolled and r.log is None and r.arena == "pozzuoli" and r.rounds <= 4
    r2 = play_onslaught(cat, ["amazons"], [GreedyController(rng)], rng=np.random.default_rng(4), max_rounds=2, log=True)
    assert len(r2.extras["immortal_order"]) == 6 and r2.log


# --- machinery: the immortal's preset roll, trigger registration ----------------------------------------------


def test_preset_roller_gives_the_known_roll_once_then_rolls(cat):
    """The immortal rolls its dice colour by colour first (ONS-6); the attack then takes that known total once,
    and any later roll (e.g. a Retaliate) is rolled by the game's roller for its own dice."""
    p = onslaught_module._Preset(FixedRoller(mode="all"), 5)
    assert p.hits(parse_pool("2red")) == 5
    assert p.hits(parse_pool("2red")) == 2 and p.hits(parse_pool("3black")) == 3


def test_trigger_terms_register_for_the_remastered_trigger_context():
    """Each immortal trigger effect (ONS-6) is registered for Remastered's "trigger" context under its term:
    a term registered through the module's decorator is found there, not under tactics."""
    key = (RULESET, "trigger", "pinned-test-term")
    try:
        @onslaught_module._trigger("pinned-test-term")
        def handler(g, m, imm, t, arg, rc):
            return None

        impl = effect_impl(RULESET, "trigger", "pinned-test-term")
        assert impl is not None and impl.fn is handler and EFFECTS[key] is impl
        assert effect_impl(RULESET, "tactic", "pinned-test-term") is None
    finally:
        EFFECTS.pop(key, None)
    for term in ("displace-target", "allies-gain-hp", "damage", "heal", "gain-hp", "damage-adjacent", "stun",
                 "deploy-arena-unit"):
        assert effect_impl(RULESET, "trigger", term).fn is getattr(onslaught_module, "_" + term.replace("-", "_"))



# --- ONS-6: the immortal's engage and triggers ----------------------------------------------------------------


def _antony(cat, dice, players=None):
    g, rc = build(cat, roller=FixedRoller(dice), players=players)
    s = g.state
    antony = s.units[put_immortal(s, 20)]
    warrior = s.units[put(s, unit(s, 0, "amazons/warrior"), 19)]  # adjacent to Antony, on a stone
    bandit = s.units[put(s, unit(s, s.arena_troop, "bandit"), 31, hp=3)]
    return g, s, antony, warrior, bandit


def test_a_trigger_without_a_hit_is_skipped_and_the_next_one_still_resolves_ONS_6(cat):
    """ONS-6: each trigger resolves if at least one die of its colour hit, top to bottom: Antony's green row
    (no green hit) is skipped and his blue row (a blue hit) still resolves after it; a row of a colour he
    has no die of (red) never resolves. The dice line and the trigger line are narrated."""
    # yellow (Dig In) miss, blue hit, green miss, black miss
    g, s, antony, warrior, bandit = _antony(cat, [0, 1, 0, 0])
    m = s.mode
    red = Trigger("red", (Effect("heal", 3),), "test")
    m.triggers = {**m.triggers, "antony-blackbird": (*m.triggers["antony-blackbird"], red)}
    play_turn(g, m.immortal_turn(g))
    assert bandit.hp == 4  # blue: allies gain 1 HP
    assert warrior.hex == 19  # green: no displacement
    log = "\n".join(s.log)
    assert "Antony Blackbird's blue trigger: allies-gain-hp" in log
    assert "green trigger" not in log and "red trigger" not in log
    assert "Antony Blackbird's dice: yellow 0/1, blue 1/1, green 0/1, black 0/1" in log


def test_an_immortal_with_no_trigger_rows_only_rolls_ONS_6(cat):
    """ONS-6: an immortal whose chip has no trigger rows rolls and attacks, and nothing more happens."""
    g, s, antony, warrior, bandit = _antony(cat, [1, 1, 1, 1])
    m = s.mode
    m.triggers = {k: v for k, v in m.triggers.items() if k != "antony-blackbird"}
    play_turn(g, m.immortal_turn(g))
    assert warrior.zone != COMBAT or warrior.hp < warrior.unit.health
    assert bandit.hp == 3 and "trigger" not in "\n".join(s.log)


def test_an_unimplemented_trigger_term_is_skipped_and_named_once_ONS_6(cat):
    """A trigger effect the engine has no handler for is skipped (narrated) and named, once, in the result's
    unimplemented list, however often it fires; the effects after it still resolve."""
    g, s, antony, warrior, bandit = _antony(cat, [0, 1, 0, 0, 0, 1, 0, 0])
    m = s.mode
    row = Trigger("blue", (Effect("made-up-effect", None), Effect("heal", 1)), "test")
    m.triggers = {**m.triggers, "antony-blackbird": (row,)}
    antony.hp = antony.unit.health - 2
    s.supply["blue"] += 2
    play_turn(g, m.immortal_turn(g))
    s.round += 1
    play_turn(g, m.immortal_turn(g))
    assert s.unimplemented_terms == ["made-up-effect"]
    assert "trigger:made-up-effect" in result_of(s).unimplemented
    assert antony.hp == antony.unit.health  # the heal after it, twice
    assert "\n".join(s.log).count("trigger effect 'made-up-effect' is not implemented for immortals; skipped") == 2
    assert "Antony Blackbird's blue trigger: made-up-effect, heal 1" in s.log


def test_the_players_settle_the_immortals_tie_between_targets_RIV_9_ONS_6(cat):
    """RIV-9 (ONS-6: the immortal engages as a rival): between equal targets the players choose which one it
    attacks; either choice is followed."""
    for pick in (0, -1):
        players = Players({"rival-engage": lambda o, pick=pick: o[pick]})
        g, rc = build(cat, roller=FixedRoller(mode="all"), players=players)
        s = g.state
        put_immortal(s, 20)
        a = s.units[put(s, unit(s, 0, "amazons/attacker-1"), 21)]
        b = s.units[put(s, unit(s, 0, "amazons/archer-1"), 29)]  # both 3 HP, neither a hero
        play_turn(g, s.mode.immortal_turn(g))
        asked = [o for d, o in players.asked if d == "rival-engage"]
        assert asked and len(asked[0]) == 2
        chosen = asked[0][pick][2]
        hurt = [u.uid for u in (a, b) if u.zone != COMBAT or u.hp < u.unit.health]
        assert hurt == [chosen], (pick, hurt, asked)


def test_immortal_c_long_shots_a_far_target_then_rolls_and_its_triggers_use_that_target_ONS_6_R_ONS_3(cat):
    """ONS-6 / RIV-9: with no opponent in its Range but one within Long Shot's reach, Immortal C uses its
    Special on that unit; it then still rolls all its dice (no attack), and its triggers' "the target" is the
    Special's target (ruling R-ONS-3): here a stand-in yellow row "damage 1"."""
    g, rc = build(cat, order=("immortal-c",), roller=FixedRoller(mode="all"))
    s = g.state
    m = s.mode
    m.triggers = {**m.triggers, "immortal-c": (Trigger("yellow", (Effect("damage", 1),), "test"),)}
    imm = s.units[put_immortal(s, 20)]
    far = next(h for h in s.grid.at_distance(20, 4) if s.board[h] < 0 and h not in (19, 38))
    d = s.units[put(s, unit(s, 0, "amazons/defender-2"), far)]
    imm.deployed_turn = s.turn + 1  # dazed: it does not move, so the defender stays out of its Range
    assert not rules.targets_in_range(s, imm)
    m.immortal_engage(g, imm, rc)
    log = "\n".join(s.log)
    assert "uses Long Shot on" in log and "rolls all its dice without attacking" in log
    assert d.hp == d.unit.health - 2  # 1 from Long Shot, 1 from the yellow trigger on the same target
    assert "yellow trigger: damage 1" in log


def test_damage_the_immortal_ignores_gives_favor_only_to_a_player_dealer_ONS_8_CF_1(cat):
    """ONS-8: a player earns favor equal to the damage dealt to the immortal, which ignores it (ONS-7); CF-1:
    no favor without a player dealer (no source, or a rival troop) and none for a hit reduced to 0."""
    g, _ = build(cat, roller=FixedRoller(mode="all"))
    s = g.state
    imm = s.units[put_immortal(s, 20)]
    w = s.units[put(s, unit(s, 0, "amazons/warrior"), 19)]
    full = imm.hp
    rules.damage(g, imm, 2, what="no dealer")
    rules.damage(g, imm, 2, source_troop=s.arena_troop, what="a rival")
    rules.damage(g, imm, 0, source=w, what="reduced to nothing", dealt=True)
    assert imm.hp == full and s.imm_damage == [0] * len(s.imm_damage) and s.favor_earned == [0] * len(s.favor_earned)
    assert s.troops[s.arena_troop].favor == 0
    rules.damage(g, imm, 2, source=w, what="a player's unit")
    assert imm.hp == full and s.imm_damage[0] == 2 and s.troops[0].favor == 2
    assert any("earns 2 crowd favor (2 damage dealt to Antony Blackbird)" in line for line in s.log)


def test_the_first_game_end_stands_and_a_game_end_overrides_a_wave_end_ONS_10_ONS_11(cat):
    """ONS-10, ONS-11: a game end is final (a later one does not replace it), but a game end during a wave's end
    (the same action defeats the immortal and a primary hero) ends the game; there is no winning seat."""
    g, _ = build(cat)
    s = g.state
    s.mode.end(g, "primary hero defeated")
    s.mode.end(g, "forfeit")
    assert s.end_reason == "primary hero defeated" and s.winner is None
    assert s.log[-1] == "Game over: primary hero defeated"
    g, _ = build(cat)
    s = g.state
    s.end_reason = WAVE_OVER
    s.mode.end(g, "primary hero defeated")
    assert s.end_reason == "primary hero defeated" and s.winner is None


def test_each_turn_makes_its_troop_the_active_one_TURN_2_ONS_3(cat):
    """ONS-3: the immortal's turn, each player's turn and the arena's turn are each their own troop's turn (the
    active troop: SKL-4's trigger order starts there)."""
    g, _ = build(cat, ("amazons", "kunlun"))
    s = g.state
    put_immortal(s, 20)
    m = s.mode
    seen = []
    for t in (m.immortal_turn(g), m.turn_of(g, 0), m.turn_of(g, 1), m.arena_turn(g)):
        play_turn(g, t)
        seen.append(s.active)
    assert seen == [s.imm_troop, 0, 1, s.arena_troop]


def test_a_wave_starts_in_the_round_its_immortal_deploys_ONS_5(cat):
    """ONS-5: the wave's immortal deploys on its first immortal turn; the wave's summary names it and starts in
    that round."""
    g, _ = build(cat, order=("immortal-b",), roller=FixedRoller(mode="none"))
    s = g.state
    s.round = 7
    play_turn(g, s.mode.immortal_turn(g))
    w = s.waves[-1]
    assert (w.immortal, w.name, w.start_round) == ("immortal-b", "Immortal B", 7)


def test_stones_add_up_over_player_turns_and_are_narrated_ONS_7(cat):
    """ONS-7: the HP the immortal loses to a player's units on stones adds up over that player's turns; the
    log gives the cause."""
    g, _ = build(cat)
    s = g.state
    imm = s.units[put_immortal(s, 20)]
    put(s, unit(s, 0, "amazons/warrior"), 19)
    full = imm.hp
    s.mode.check_stones(g, 0)
    s.mode.check_stones(g, 0)
    assert s.stone_hp[0] == 2 and imm.hp == full - 2 and s.waves[-1].hp_from_stones == 2
    assert any("(1 amazons unit(s) on stone hexes)" in line for line in s.log)


def test_arena_units_engage_and_use_abilities_on_the_arena_turn_ONS_9(cat):
    """ONS-9: on the arena's turn its units act as rivals: a hurt Bandit uses Regen (an Ability), and an arena
    unit next to a player's unit attacks it."""
    g, _ = build(cat, roller=FixedRoller(mode="all"))
    s = g.state
    put_immortal(s, 14)
    bandit = s.units[put(s, unit(s, s.arena_troop, "bandit"), 31, hp=2)]
    w = s.units[put(s, unit(s, 0, "amazons/attacker-3"), 30)]
    play_turn(g, s.mode.arena_turn(g))
    assert bandit.hp == 3  # Regen 1
    assert w.hp < w.unit.health
    assert w.engaged_turn != s.turn  # the players' units do not act on the arena's turn


# --- set-up (ONS-1, ONS-5) ---------------------------------------------------------------------------------


def test_setup_immortals_in_the_rival_camp_arena_units_bagged_health_by_mode_ONS_1_ONS_5(cat):
    """ONS-1: the immortals face down in the rival camp, the arena units in their draw bag, the rival troops
    named; ONS-5: immortals have their printed Health solo and +2 Health in co-op only; nothing earned yet;
    no log unless asked."""
    import dataclasses

    from hoplostat.catalog.model import FrozenMap

    solo = onslaught_module.setup(cat, ["amazons"], rng=np.random.default_rng(0))
    coop = onslaught_module.setup(cat, ["amazons", "kunlun"], rng=np.random.default_rng(0))
    for s, extra in ((solo, 0), (coop, 2)):
        imms = [s.units[u] for u in s.immortal_camp]
        assert len(imms) == 6 and all(u.zone == CAMP and u.troop == s.imm_troop for u in imms)
        assert all(u.unit.health == cat.immortal(u.unit.id).unit.health + extra for u in imms)
        arena = [u for u in s.units if u.troop == s.arena_troop]
        assert len(arena) == 8 and all(u.zone == BAG for u in arena)
        assert (s.troops[s.imm_troop].faction, s.troops[s.arena_troop].faction) == ("immortal", "arena")
        assert s.favor_earned == s.rewards_claimed == s.imm_damage == s.stone_hp == [0] * len(s.troops)
        assert s.log is None
    no_neutrals = dataclasses.replace(cat, units=FrozenMap({k: v for k, v in cat.units.items()
                                                            if v.kind != "neutral-hero"}))
    s = onslaught_module.setup(no_neutrals, ["amazons", "kunlun"], rng=np.random.default_rng(0))
    assert not s.zone(0, "track") and not s.zone(1, "track")


def test_setup_narration_names_the_mode_factions_and_neutral_heroes_ONS_1(cat):
    """The set-up line: solo or co-op, the factions on red, and each player's neutral hero on its last reward."""
    s = onslaught_module.setup(cat, ["amazons"], rng=np.random.default_rng(0), log=True)
    (n,) = s.zone(0, "track")
    assert s.log[0] == f"Set-up: Onslaught on Pozzuoli, solo amazons on red; amazons has {n.name} on its last reward"
    s = onslaught_module.setup(cat, ["amazons", "kunlun"], rng=np.random.default_rng(0), log=True)
    (a,), (b,) = s.zone(0, "track"), s.zone(1, "track")
    assert a.unit.id != b.unit.id  # different neutral heroes in co-op (ruling R-ONS-1)
    assert s.log[0] == (f"Set-up: Onslaught on Pozzuoli, co-op amazons and kunlun on red; amazons has {a.name} on "
                        f"its last reward, kunlun has {b.name} on its last reward")


def test_setup_refuses_bad_input_with_its_reason(cat):
    import dataclasses

    from hoplostat.catalog.model import FrozenMap

    rng = np.random.default_rng(0)
    with pytest.raises(InputError, match=r"^onslaught needs 1 faction \(solo\) or 2 \(co-op\), got 3$"):
        onslaught_module.setup(cat, ["amazons", "kunlun", "parthians"], rng=rng)
    with pytest.raises(InputError, match=r"^co-op players choose different factions \(Remastered, Onslaught Setup\)$"):
        onslaught_module.setup(cat, ["kunlun", "kunlun"], rng=rng)
    with pytest.raises(InputError, match=r"^the catalog has no immortals$"):
        onslaught_module.setup(dataclasses.replace(cat, immortals=FrozenMap({})), ["kunlun"], rng=rng)
    for order in ([], ["immortal-b", "immortal-b"]):
        with pytest.raises(InputError, match=r"^immortal_order: give each immortal id at most once$"):
            onslaught_module.setup(cat, ["kunlun"], rng=rng, immortal_order=order)
