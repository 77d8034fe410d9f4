"""Ascension Mode, pinned: the behaviour the mutation run of `rulesets/remastered/ascension.py` found unpinned
(docs/testing.md, "The Remastered modes"): the crowd favor rewards and their co-op allocation (ASC-8, ASC-12),
the arena turn (ASC-5, ASC-7), `titan-lose-hp`, the result and its sweep rows (ASC-11), the set-up (ASC-1,
ASC-2), the player turn and the forfeit (ASC-4, ASC-11).

Positions come from the real set-up (`setup`) with chips put on the Colosseum map by hand, as in
`test_ascension.py`; the titan dice are rolled colour by colour, weakest first.
"""

from __future__ import annotations

import numpy as np
import pytest
from enginekit import Scripted, clear_shards, put_in_combat as put

from hoplostat.engine import rules
from hoplostat.engine.loop import play_turn
from hoplostat.engine.rules import FixedRoller
from hoplostat.engine.state import CAMP, COMBAT, DISCARD, TRACK, UnitState
from hoplostat.rulesets.remastered import colosseum
from hoplostat.rulesets.remastered.ascension import Ascension, build_game, choose_forces, result_of, setup

CENTER = 39
INNER = (18, 20, 37, 41, 58, 60)
PEDESTALS = (0, 6, 72, 78)


class Players(Scripted):
    """Scripted answers; also records which troop was asked what."""

    def __init__(self, picks=None):
        super().__init__(picks)
        self.rival_decisions = tuple(k for k in (picks or {}) if k.startswith("rival-"))
        self.by_troop: list[tuple[int, str, list]] = []

    def choose(self, g, troop, decision, options, *, optional):
        self.by_troop.append((troop, decision, list(options)))
        return super().choose(g, troop, decision, options, optional=optional)


def build(cat, titan="mars", factions=("kunlun",), *, roller=None, players=None):
    s = setup(cat, titan, list(factions), rng=np.random.default_rng(0), log=True)
    players = players or Players()
    g = build_game(s, [players] * len(factions), rng=np.random.default_rng(0), roller=roller or FixedRoller(mode="none"))
    choose_forces(g)
    s.round, s.turn, s.titan_turns = 3, 10, 2
    return g


def chip(s, troop, unit_id=None):
    """A chip of `troop` not in combat (of `unit_id`, else any non-elite one in camp)."""
    if unit_id is None:
        return next(u.uid for u in s.units if u.troop == troop and u.zone == CAMP and not u.elite)
    return next(u.uid for u in s.units if u.troop == troop and u.unit.id == unit_id and u.zone != COMBAT)


def free_hexes(s, *, near=None, k=1):
    """Free ordinary hexes (not inner, center, pedestal or blocked), at distance k from `near` if given."""
    hexes = range(s.grid.n) if near is None else s.grid.at_distance(near, k)
    return [h for h in hexes if s.board[h] < 0 and not s.grid.move_block[h] and not s.grid.pedestal[h]
            and h not in INNER and h != CENTER]


# --------------------------------------------------------------------------- crowd favor rewards (ASC-8, ASC-12)


def test_add_3_hp_reward_is_player_bs_choice_among_both_players_units_ASC_12(cat):
    """ASC-12 allocation table: "Add 3 HP to any unit: Player B". B is asked ("reward-hp") and offered every
    player unit in combat, A's and B's, no rival's; the chosen one gains 3 HP; the reward is counted."""
    players = Players({"reward-hp": lambda o: o[0]})
    g = build(cat, factions=("kunlun", "amazons"), players=players)
    s = g.state
    clear_shards(s)
    put(s, s.titan_uid, CENTER)
    a_unit = s.units[put(s, chip(s, 0), free_hexes(s)[0], hp=1)]
    b_unit = s.units[put(s, chip(s, 1), free_hexes(s)[0])]
    s.mode.claim_reward(g, 0, colosseum.HP)
    (asked,) = [(troop, opts) for troop, d, opts in players.by_troop if d == "reward-hp"]
    assert asked[0] == 1
    assert sorted(asked[1]) == sorted([a_unit.uid, b_unit.uid])
    assert a_unit.hp == 1 + colosseum.REWARD_HP
    assert s.troops[0].tracks_done[colosseum.HP] and s.troops[0].rewards == 1
    s.mode.claim_reward(g, 0, colosseum.HERO)
    assert s.troops[0].rewards == 2


def test_add_3_hp_reward_may_be_declined_CF_6(cat):
    """CF-6 ("add 3 HP to any unit" is a may): a player that declines gains nothing; no HP leave the supply."""
    players = Players()  # passes on every optional decision
    g = build(cat, players=players)
    s = g.state
    clear_shards(s)
    w = s.units[put(s, chip(s, 0), free_hexes(s)[0], hp=1)]
    red = s.supply["red"]
    s.mode.claim_reward(g, 0, colosseum.HP)
    assert any(d == "reward-hp" for _, d, _ in players.by_troop)
    assert w.hp == 1 and s.supply["red"] == red


def test_activate_your_hero_reward_opens_all_outer_hexes_for_both_players_ASC_12(cat):
    """ASC-12: "Activate your hero. You may use any outer deployment hexes: Hero - Player A; Hexes - both
    players": A's hero is activated; both players may then deploy on all four outer hexes."""
    g = build(cat, factions=("kunlun", "amazons"))
    s = g.state
    clear_shards(s)
    red, blue = set(s.grid.tagged("outer-red")), set(s.grid.tagged("outer-blue"))
    assert not set(s.mode.deployment_hexes(s, 0)) & blue and not set(s.mode.deployment_hexes(s, 1)) & red
    hero = s.units[s.troops[0].primary_hero]
    assert not hero.active
    s.mode.claim_reward(g, 0, colosseum.HERO)
    assert hero.active
    for p in (0, 1):
        assert red | blue <= set(s.mode.deployment_hexes(s, p)), p


def test_move_or_flip_a_foothold_reward_is_player_bs_ASC_12(cat):
    """ASC-12: "You may move or flip a foothold each turn: Player B" (not A, who reached it)."""
    g = build(cat, factions=("kunlun", "amazons"))
    s = g.state
    s.mode.claim_reward(g, 0, colosseum.FOOTHOLD)
    assert s.troops[1].foothold_moves is True and not s.troops[0].foothold_moves
    g = build(cat)  # solo: the player's own
    s = g.state
    s.mode.claim_reward(g, 0, colosseum.FOOTHOLD)
    assert s.troops[0].foothold_moves is True


def test_gain_this_hero_reward_puts_the_gold_hero_active_in_the_camp_ASC_12_CF_6(cat):
    """CF-6 / ASC-12 ("Place this hero in your camp: Player B"): co-op, B's own hero leaves the gold space
    into B's camp, active side up; solo, the neutral hero into the player's camp, active. It is said so."""
    g = build(cat, factions=("kunlun", "amazons"))
    s = g.state
    (bh,) = s.zone(1, TRACK)
    s.mode.claim_reward(g, 0, colosseum.GOLD)
    assert bh.zone == CAMP and bh.troop == 1 and bh.active and not s.zone(1, TRACK)
    assert f"amazons gains the hero {bh.name}, active, into its camp" in s.log
    g = build(cat)
    s = g.state
    (nh,) = s.zone(0, TRACK)
    nh.active = False  # whatever side it lay on, it comes in active
    s.mode.claim_reward(g, 0, colosseum.GOLD)
    assert nh.zone == CAMP and nh.active and f"kunlun gains the hero {nh.name}, active, into its camp" in s.log


def test_the_gold_reward_places_no_support_chip_CF_6(cat):
    """CF-6: the gold track has a hero above it, not a support chip: nobody is asked to place one; the other
    rewards place theirs (a foothold here)."""
    players = Players({"support": lambda o: next(x for x in o if x[0] == "foothold")})
    g = build(cat, players=players)
    s = g.state
    clear_shards(s)
    s.mode.claim_reward(g, 0, colosseum.GOLD)
    assert not any(d == "support" for _, d, _ in players.by_troop) and not s.footholds
    s.mode.claim_reward(g, 0, colosseum.FOOTHOLD)
    assert [d for _, d, _ in players.by_troop].count("support") == 1 and len(s.footholds) == 1


# --------------------------------------------------------------------------- titan-lose-hp


def test_titan_lose_hp_removes_exactly_n_and_says_why_ASC_9(cat):
    """`titan-lose-hp N` (a shard's defeat, Titan D): the titan loses exactly N HP, named in the log by its
    cause; no troop dealt it, so nobody earns favor; a titan not in combat loses nothing."""
    g = build(cat, titan="titan-d")
    s = g.state
    t = s.units[s.titan_uid]
    hp, blue = t.hp, s.supply["blue"]
    s.mode.titan_lose_hp(g, 1, "a shard defeated")
    assert t.zone == CAMP and t.hp == hp and s.supply["blue"] == blue
    put(s, s.titan_uid, CENTER)
    s.mode.titan_lose_hp(g, 1, "a shard defeated")
    assert t.hp == t.unit.health - 1
    assert f"{t.name} (blue) loses 1 HP (a shard defeated), {t.hp} left" in s.log
    s.mode.titan_lose_hp(g, 0, "nothing")
    assert t.hp == t.unit.health - 1 and s.favor_earned == [0] * len(s.favor_earned)


def test_unimplemented_terms_are_named_once_each(cat):
    """An effect term the engine does not execute is named in the result, each term once."""
    g = build(cat)
    s = g.state
    for what in ("frobnicate", "frobnicate", "zap"):
        s.mode.unimplemented(g, what)
    assert s.unimplemented_terms == ["frobnicate", "zap"]
    assert result_of(s).unimplemented[-2:] == ("frobnicate", "zap")


# --------------------------------------------------------------------------- the arena turn (ASC-5, ASC-7)


def test_arena_turn_counts_and_plays_movement_abilities_engage_ASC_5_ASC_7(cat):
    """ASC-5 arena turn (Movement, Abilities, Engage of the arena troop): it is counted in the result; its
    header names the round; the troop whose turn it is is the arena troop; an arena unit on the center hex
    at the start of the arena turn is dealt 1 (ARN-3, ASC-3) and, a Bandit (Regen 1), heals it in the
    Abilities step; an arena unit out of reach moves toward the players and attacks (all dice hit)."""
    g = build(cat, titan="titan-d", roller=FixedRoller(mode="all"))
    s = g.state
    clear_shards(s)
    put(s, s.titan_uid, free_hexes(s, near=CENTER, k=2)[0])
    on_center = s.units[put(s, chip(s, s.arena_troop, "bandit"), CENTER)]
    far = s.units[put(s, chip(s, s.arena_troop, "arena-unit-f"), s.grid.tagged("outer-blue")[0])]
    # a Kunlun unit 2 hexes beyond the far arena unit's Movement + Range, on its way
    reach = far.unit.movement + far.unit.range
    target_hex = next(h for h in free_hexes(s) if s.grid.dist[h][far.hex] == reach
                      and s.grid.dist[h][CENTER] > 1 + on_center.unit.movement + on_center.unit.range)
    foe = s.units[put(s, chip(s, 0), target_hex)]
    start = far.hex
    turns = s.arena_turns
    turn = s.mode.arena_turn(g)
    assert turn.troop == s.arena_troop and turn.header == f"-- Round {s.round}, arena turn"
    play_turn(g, turn)
    assert s.arena_turns == turns + 1
    assert f"Bandit (blue) loses 1 HP (center hex), {on_center.unit.health - 1} left" in s.log
    assert on_center.damage_taken == 1 and on_center.hp == on_center.unit.health  # Regen 1 in the Abilities step
    assert far.hex != start and s.grid.dist[far.hex][foe.hex] <= far.unit.range
    assert foe.hp < foe.unit.health
    play_turn(g, s.mode.arena_turn(g))
    assert s.arena_turns == turns + 2


def test_arena_units_are_deployed_sentinels_are_not_ASC_7_SUP_4(cat):
    """`deploy-arena-unit` deploys the titan's arena units (ASC-7); a sentinel in the arena troop's camp is
    never deployed by it (sentinels are placed on pedestals, SUP-4): with both arena units in combat the
    effect finds no arena unit left and says so."""
    g = build(cat, titan="titan-d", roller=FixedRoller(mode="all"))
    s = g.state
    clear_shards(s)
    put(s, s.titan_uid, CENTER)
    spare = UnitState(len(s.units), s.support_unit, s.arena_troop, zone=CAMP)
    s.units.append(spare)
    for _ in range(3):
        s.mode.arena_deploy(g)
    deployed = s.in_combat(s.arena_troop)
    assert len(deployed) == 2 and spare.zone == CAMP and all(u.unit.kind != "sentinel" for u in deployed)
    assert s.log[-1] == "no arena unit left in the arena camp"
