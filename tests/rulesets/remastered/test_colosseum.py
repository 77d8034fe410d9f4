"""Skirmish in the Colosseum: arena hexes, chained heroes, the five crowd favor tracks, support chips
(footholds and sentinels). One scenario test per rule id (../shared/RULES.md) on the real Colosseum map.

Map (stand-in geometry, data/remastered/arenas/colosseum.toml): center 39; inner 18 20 37 41 58 60; outer red 24 45,
outer blue 33 54; pedestals 0 6 72 78; chained hero hexes red 34, blue 44.

The Colosseum, pinned: the behaviour the mutation run of `rulesets/remastered/colosseum.py` found unpinned
(docs/testing-history.md, "The Remastered modes"): who stands on a hex for footholds (SUP-2, CF-6) and pedestals (ARN-6,
SUP-4), a sentinel's Health in the supply (R-ENG-16), the hero's activation and its narration (SKR-10), favor
from a tactic and from no gain (SKR-9, CF-4), the narration of a lost track (CF-4), the rewards' reach (CF-6)
and the support chip being mandatory (SUP-1).

Positions are Colosseum Skirmish states built by `col_game` (above) (troop 0 red, troop 1
blue; uid 0 is the first chip placed, a red one)."""

from __future__ import annotations

import numpy as np
import pytest
from engine.enginekit import CENTER, INNER, PEDESTALS, Scripted, make_game, mk_tactic, mk_unit, prefer

from hoplostat.engine import rules
from hoplostat.engine.hexgrid import HexGrid
from hoplostat.engine.loop import play_turn
from hoplostat.engine.rules import FixedRoller
from hoplostat.engine.state import BAG, CAMP, COMBAT, DISCARD, TRACK
from hoplostat.rulesets.remastered import colosseum, turn
from hoplostat.rulesets.remastered.colosseum import FOOTHOLD, GOLD, HERO, HP, SUPPORT
from hoplostat.rulesets.remastered.skirmish import Skirmish, play_game, setup

RED_OUTER, BLUE_OUTER = (24, 45), (33, 54)
RED_CHAIN, BLUE_CHAIN = 34, 44
PLAIN = 30  # a plain hex next to inner hex 41 (neighbours 31, 40, 42, 51, 52 ...)


@pytest.fixture(scope="module")
def cgrid(cat):
    return HexGrid.of(cat.arena("colosseum"))


def col_game(cat, cgrid, placed, **kw):
    """A mid-game Colosseum Skirmish state: troop 0 red, troop 1 blue, troop 0 active; chips above tracks per SKR-4."""
    g = make_game(cgrid, placed, mode=Skirmish("colosseum"), **kw)
    s = g.state
    s.support_unit = cat.unit("sentinel")
    for p in range(2):
        s.troops[p].faction = "ab"[p]
        s.troops[p].track_chips = [p, 1 - p, 1 - p, 1 - p]
    return g


def track_picker(*order):
    """A 'track' answer: the first of `order` among the options."""
    return prefer(*order)


# --- arena hexes ------------------------------------------------------------------------------


def test_tags_of_the_map(cgrid):
    assert cgrid.tagged("center") == (CENTER,)
    assert cgrid.tagged("inner") == INNER
    assert cgrid.tagged("outer-red") == RED_OUTER and cgrid.tagged("outer-blue") == BLUE_OUTER
    assert cgrid.tagged("pedestal") == PEDESTALS
    assert cgrid.tagged("chained-hero-red") == (RED_CHAIN,) and cgrid.tagged("chained-hero-blue") == (BLUE_CHAIN,)


def test_deployment_hexes_outer_own_side_inner_and_center_ARN_3_ARN_4_ARN_5(cat, cgrid):
    """ARN-3 (any troop on the center), ARN-4 (two outer hexes of the own side only), ARN-5 (any troop on inner hexes)."""
    g = col_game(cat, cgrid, [])
    s = g.state
    red = set(colosseum.deployment_hexes(s, 0))
    blue = set(colosseum.deployment_hexes(s, 1))
    assert red == set(RED_OUTER) | set(INNER) | {CENTER}
    assert blue == set(BLUE_OUTER) | set(INNER) | {CENTER}
    assert s.mode.deployment_hexes(s, 0) == colosseum.deployment_hexes(s, 0)


def test_hero_reward_opens_every_outer_hex_ARN_4_CF_6(cat, cgrid):
    """ARN-4, CF-6: the "activate your hero" reward lets the troop use all outer deployment hexes."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    g.controllers = [Scripted({"track": track_picker(HERO)}), Scripted()]
    s = g.state
    colosseum.gain_favor(g, 0, 5, "test")
    assert s.troops[0].outer_open and s.troops[0].tracks_done[HERO]
    assert set(RED_OUTER + BLUE_OUTER) <= set(colosseum.deployment_hexes(s, 0))
    assert not set(RED_OUTER) & set(colosseum.deployment_hexes(s, 1))


def test_center_hex_deals_one_damage_at_start_of_own_turn_only_ARN_3(cat, cgrid):
    """ARN-3: a unit on the center hex at the start of its troop's turn is dealt 1 damage; not at the opponent's
    turn; the damage earns nobody crowd favor (SKR-9: only units' and tactics' damage)."""
    g = col_game(cat, cgrid, [(mk_unit("a", health=4), 0, CENTER), (mk_unit("b"), 1, 70), (mk_unit("hero", kind="hero"), 0, RED_CHAIN)])
    s = g.state
    s.troops[0].primary_hero = 2
    s.units[2].is_primary_hero = True
    s.mode.arena_step(g, 1)
    assert s.units[0].hp == 4
    s.mode.arena_step(g, 0)
    assert s.units[0].hp == 3
    assert s.troops[0].favor_total == 0 and s.troops[1].favor_total == 0
    # and inside a whole turn, before deployment
    s.turn += 1
    play_turn(g, s.mode.turn_of(g, 0))
    assert s.units[0].hp == 2


def test_inner_hex_units_cannot_attack_and_skills_ignored_unless_on_foothold_ARN_5(cat, cgrid):
    """ARN-5: a unit on an inner hex cannot attack and its skills are ignored (Absorb, Retaliate, Abilities);
    a foothold there cancels this."""
    inner = 41
    g = col_game(
        cat,
        cgrid,
        [
            (mk_unit("a", skills=["absorb", "retaliate", "regen 1"], health=5), 0, inner),
            (mk_unit("b", attack="2red"), 1, 42),
        ],
        hp={0: 4},
        roller=FixedRoller(mode="all"),
    )
    s = g.state
    a, b = s.units
    assert s.is_muted(a) and not s.skills_work(a)
    assert not rules.can_engage(s, a) and not rules.can_use_abilities(s, a)
    assert turn.engage_options(g, a) and not [o for o in _engage_opts(g, 0)]
    rules.attack(g, b, a)
    assert a.hp == 2 and b.hp == 4  # no Absorb, no Retaliate
    rules.place_foothold(g, 0, inner)
    assert not s.is_muted(a) and s.skills_work(a) and rules.can_engage(s, a) and rules.can_use_abilities(s, a)
    assert _engage_opts(g, 0) == [("attack", a.uid, b.uid)]
    rules.attack(g, b, a)
    assert a.hp == 1 and b.hp == 3  # Absorb and Retaliate work again


# mutant checked: rules.can_move without `and s.skills_work(u)` after the move_when_dazed check
def test_initiative_is_ignored_on_an_inner_hex_a_unit_deployed_there_does_not_move_ARN_5_R_ENG_21(cat, cgrid):
    """ARN-5 (Remastered, "Inner Deployment Hexes": "their skills are ignored"): Initiative, the Innate that lets a
    dazed unit move, does not work on an inner hex; with a foothold there it does."""
    inner = 41
    g = col_game(cat, cgrid, [(mk_unit("a", skills=["initiative"]), 0, inner)])
    s = g.state
    a = s.units[0]
    a.deployed_turn = s.turn  # deployed this turn: dazed
    assert s.is_dazed(a) and not rules.can_move(s, a)
    rules.place_foothold(g, 0, inner)
    assert rules.can_move(s, a)


def _engage_opts(g, troop):
    s = g.state
    out = []
    for u in s.in_combat(troop):
        if rules.can_engage(s, u):
            out.extend(turn.engage_options(g, u))
    return out


def test_pedestals_only_for_sentinels_ARN_6(cat, cgrid):
    """ARN-6: pedestals block every other unit (movement, deployment, displacement); sentinels stand there."""
    near = 1  # next to pedestal 0
    g = col_game(cat, cgrid, [(mk_unit("a", movement=3, skills=["hurl 1"]), 0, near), (mk_unit("b"), 1, 7)], camp=[(mk_unit("c"), 0)])
    s = g.state
    a = s.units[0]
    reach = s.grid.reachable(a.hex, 3, s.blocked_for_move(0))
    assert 0 not in reach and not (set(PEDESTALS) & set(reach))
    assert not any(h in PEDESTALS for _, h in turn.deployable(g, 0, colosseum.deployment_hexes(s, 0)))
    from hoplostat.rulesets.remastered.skills import _hurl_options

    assert all(d not in PEDESTALS for _, d in _hurl_options(g, a, 1))
    sen = rules.place_sentinel(g, 0, 0)
    assert sen.hex == 0 and s.board[0] == sen.uid and sen.unit.kind == "sentinel"


# --- chained heroes -------------------------------------------------------------------------------


def test_setup_heroes_inactive_on_chained_hexes_chips_above_tracks_SKR_2_SKR_4_ARN_7(cat):
    """SKR-2, ARN-7: each hero starts inactive, in combat, on the chained hero hex of its side (HP from the
    supply); SKR-4: a neutral hero above the gold track, own chip above "gain this support chip", the
    opponent's chips above the other three tracks."""
    s = setup(cat, ["kunlun", "amazons"], "colosseum", rng=np.random.default_rng(1))
    for p in range(2):
        t = s.troops[p]
        hero = s.units[t.primary_hero]
        assert hero.zone == COMBAT and not hero.active and hero.hp == hero.unit.health
        assert hero.hex == s.grid.tagged(f"chained-hero-{t.side}")[0] and s.board[hero.hex] == hero.uid
        assert t.track_chips == [p, 1 - p, 1 - p, 1 - p]
        assert [u.unit.kind for u in s.zone(p, TRACK)] == ["neutral-hero"]
        assert len(s.zone(p, BAG)) == 10
        assert t.deployed == 0  # chaining is not a deployment
    held = {side: sum(u.hp for u in s.in_combat() if s.troops[u.troop].side == side) for side in ("red", "blue")}
    assert {k: s.supply[k] + held[k] for k in held} == s.supply_start
    assert s.support_unit is not None and s.support_unit.kind == "sentinel"


def test_inactive_chained_hero_cannot_move_act_or_be_displaced_SKR_2_UNIT_7(cat, cgrid):
    """SKR-2, UNIT-7: an inactive hero on its chained hex cannot move or attack, and Hurl, Swap and Shove
    cannot displace it; once active it can be displaced."""
    hero = mk_unit("hero", kind="hero")
    g = col_game(
        cat,
        cgrid,
        [(hero, 1, BLUE_CHAIN), (mk_unit("h", skills=["hurl 1", "swap", "shove"]), 0, 43), (mk_unit("c"), 1, 70)],
    )
    s = g.state
    h, a, _ = s.units
    h.active = False
    h.is_primary_hero = True
    from hoplostat.rulesets.remastered.skills import _hurl_options, _shove_options, _swap_options

    assert not rules.can_move(s, h) and not rules.can_engage(s, h)
    assert not rules.can_be_displaced(s, h)
    assert all(v != h.uid for v, _ in _hurl_options(g, a, 1))
    assert (h.uid,) not in _swap_options(g, a, None) and (h.uid,) not in _shove_options(g, a, None)
    h.active = True
    assert any(v == h.uid for v, _ in _hurl_options(g, a, 1)) and (h.uid,) in _swap_options(g, a, None)


def test_inactive_hero_dealt_damage_activates_after_it_resolves_and_is_dazed_SKR_10(cat, cgrid):
    """SKR-10: an inactive hero dealt any damage flips to active once the damage has resolved (its Retaliate,
    ignored while inactive, does not answer that attack) and is dazed the turn it is activated."""
    g = col_game(
        cat,
        cgrid,
        [(mk_unit("a", attack="2red"), 0, 43), (mk_unit("hero", kind="hero", health=8, skills=["retaliate"]), 1, BLUE_CHAIN)],
        roller=FixedRoller(mode="all"),
    )
    s = g.state
    a, h = s.units
    h.active, h.is_primary_hero = False, True
    s.troops[1].primary_hero = h.uid
    rules.attack(g, a, h)
    assert h.hp == 6 and h.active and a.hp == 4  # no Retaliate from the still-inactive hero
    assert s.is_dazed(h)  # dazed this turn (red's turn)
    s.turn += 1  # blue's own next turn: not dazed any more
    assert not s.is_dazed(h) and rules.can_move(s, h) and rules.can_engage(s, h)
    assert any("flipped to its active side" in line for line in s.log)


def test_hero_activated_by_reward_on_own_turn_is_dazed_SKR_10_CF_6(cat, cgrid):
    """SKR-10, CF-6: the "activate your hero" reward flips the chained hero; it is dazed that turn."""
    g = col_game(cat, cgrid, [(mk_unit("hero", kind="hero"), 0, RED_CHAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    h = s.units[0]
    h.active, h.is_primary_hero = False, True
    s.troops[0].primary_hero = 0
    g.controllers = [Scripted({"track": track_picker(HERO)}), Scripted()]
    colosseum.gain_favor(g, 0, 5, "test")
    assert h.active and s.is_dazed(h) and not rules.can_move(s, h) and not rules.can_engage(s, h)


def test_damage_to_an_active_hero_changes_nothing(cat, cgrid):
    g = col_game(cat, cgrid, [(mk_unit("a", attack="red"), 0, 43), (mk_unit("hero", kind="hero", health=8), 1, BLUE_CHAIN)])
    s = g.state
    rules.attack(g, s.units[0], s.units[1])
    assert not s.is_dazed(s.units[1])


# --- crowd favor ---------------------------------------------------------------------------------------


def test_favor_is_hp_opponents_lose_to_your_units_and_tactics_SKR_9(cat, cgrid):
    """SKR-9: favor equals the HP an opponent loses to your units' and tactics' damage (not the excess beyond
    its last HP, not damage to your own units)."""
    g = col_game(
        cat,
        cgrid,
        [(mk_unit("a", attack="3red"), 0, 43), (mk_unit("b", health=4), 1, 42), (mk_unit("c", health=4), 1, 70)],
        hp={1: 2},
        roller=FixedRoller(mode="all"),
    )
    s = g.state
    g.controllers = [Scripted({"track": track_picker(HP)}), Scripted({"track": track_picker(HP)})]
    rules.attack(g, s.units[0], s.units[1])  # 3 hits, 2 HP lost
    assert s.troops[0].favor_total == 2 and s.troops[0].favor == 2 and s.troops[0].track == HP
    tac = mk_tactic("burn", "instant", "damage 1")
    s.troops[0].tactics_camp.append(tac)
    rules.place_tactic(g, 0, tac, s.units[2])
    assert s.troops[0].favor_total == 3 and s.troops[1].favor_total == 0


def test_track_choice_switching_loses_progress_excess_lost_CF_4(cat, cgrid):
    """CF-4: each gain continues the current track or starts another; the abandoned track's progress is lost;
    the fifth space gives the reward and the excess from that source is lost."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    t = s.troops[0]
    picks = [HP, HP, FOOTHOLD, FOOTHOLD, SUPPORT]
    asked = []

    def pick(options):
        asked.append(list(options))
        return picks.pop(0)

    g.controllers = [Scripted({"track": pick, "reward-hp": lambda o: o[0]}), Scripted()]
    colosseum.gain_favor(g, 0, 2, "test")
    colosseum.gain_favor(g, 0, 1, "test")
    assert (t.track, t.favor) == (HP, 3)
    colosseum.gain_favor(g, 0, 1, "test")  # switch: HP progress lost
    assert (t.track, t.favor) == (FOOTHOLD, 1)
    colosseum.gain_favor(g, 0, 9, "test")  # 1 + 9 -> fifth space, excess lost
    assert t.tracks_done[FOOTHOLD] and t.favor == 5 and t.foothold_moves
    assert asked[0] == [SUPPORT, HP, HERO, FOOTHOLD]
    colosseum.gain_favor(g, 0, 2, "test")  # a new track must be chosen; FOOTHOLD is no longer offered
    assert FOOTHOLD not in asked[-1] and (t.track, t.favor) == (SUPPORT, 2)
    assert t.favor_total == 15 and t.rewards == 1


def test_gold_track_last_completed_tracks_closed_nothing_after_gold_CF_5(cat, cgrid):
    """CF-5: the gold track only after the four others; a completed track cannot be pursued again; after the gold
    reward, favor does nothing. CF-6: the gold reward is the hero above it, active, into camp."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70), (mk_unit("hero", kind="hero"), 0, RED_CHAIN)], camp=[(mk_unit("rostam", kind="neutral-hero"), 0)])
    s = g.state
    s.troops[0].primary_hero = 2
    s.units[2].is_primary_hero = True
    neutral = s.units[3]
    neutral.zone = TRACK
    asked = []

    def pick(options):
        asked.append(list(options))
        return options[0]

    g.controllers = [
        Scripted({"track": pick, "reward-hp": lambda o: o[0], "support": lambda o: o[0]}),
        Scripted({"support": lambda o: o[0]}),
    ]
    for k in range(4):
        colosseum.gain_favor(g, 0, 5, "test")
        assert s.troops[0].tracks_done[k] and s.troops[0].track == k
        assert colosseum.open_tracks(s, 0) == [[HP, HERO, FOOTHOLD], [HERO, FOOTHOLD], [FOOTHOLD], [GOLD]][k]
    assert all(GOLD not in a for a in asked)
    colosseum.gain_favor(g, 0, 3, "test")  # the only track left: gold (a single option is not asked)
    assert (s.troops[0].track, s.troops[0].favor) == (GOLD, 3)
    colosseum.gain_favor(g, 0, 2, "test")
    assert s.troops[0].tracks_done == [True] * 5 and s.troops[0].rewards == 5
    assert neutral.zone == CAMP and neutral.active
    n_asked = len(asked)
    colosseum.gain_favor(g, 0, 5, "test")
    assert len(asked) == n_asked  # no track to pursue any more


def test_reward_add_three_hp_may_exceed_health_CF_6(cat, cgrid):
    """CF-6: "Add 3 HP to a unit": any unit of the troop in combat, may exceed Health; optional."""
    g = col_game(cat, cgrid, [(mk_unit("a", health=4), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    g.controllers = [Scripted({"track": track_picker(HP), "reward-hp": lambda o: o[0]}), Scripted({"support": lambda o: o[0]})]
    colosseum.gain_favor(g, 0, 5, "test")
    assert s.units[0].hp == 7 and s.troops[0].tracks_done[HP]
    asked = [d for d, _ in g.controllers[0].asked]
    assert asked == ["track", "reward-hp"]


def test_support_chip_reward_and_opponent_chips_go_to_opponent_SKR_11_CF_6(cat, cgrid):
    """CF-6 "gain this support chip": the troop places its own chip; SKR-11: reaching a track with the
    opponent's chip gives that chip to the opponent, who places it (after the printed reward)."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    red = Scripted({"track": track_picker(SUPPORT, HP), "support": lambda o: ("sentinel", 0), "reward-hp": lambda o: o[0]})
    blue = Scripted({"support": lambda o: ("foothold", 71)})
    g.controllers = [red, blue]
    colosseum.gain_favor(g, 0, 5, "test")
    sentinels = [u for u in s.in_combat() if u.unit.kind == "sentinel"]
    assert [(u.troop, u.hex) for u in sentinels] == [(0, 0)]
    assert s.troops[0].track_chips[SUPPORT] == -1
    colosseum.gain_favor(g, 0, 5, "test")  # HP track: +3 HP for red, then blue gains and places its chip
    assert s.units[0].hp == 7
    assert s.footholds == {71: 1}
    assert [d for d, _ in blue.asked] == ["support"]
    assert s.troops[0].track_chips == [-1, -1, 1, 1]


def test_support_chip_placed_immediately_not_a_deployment_SUP_1(cat, cgrid):
    """SUP-1: the chip is placed at once, foothold or sentinel by the placing troop's choice, and is not the
    troop's deployment (it may still deploy that turn)."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)], camp=[(mk_unit("c"), 0)])
    s = g.state
    ctl = Scripted({"support": lambda o: next(x for x in o if x[0] == "sentinel"), "deploy": lambda o: o[0]})
    g.controllers = [ctl, Scripted()]
    colosseum.place_support_chip(g, 0)
    kinds = {x[0] for x in ctl.asked[0][1]}
    assert kinds == {"foothold", "sentinel"}
    assert s.troops[0].deployed == 0
    turn.deployment_step(g, 0, colosseum.deployment_hexes(s, 0))
    assert s.troops[0].deployed == 1 and s.units[2].zone == COMBAT


def test_foothold_placement_hexes_SUP_2(cat, cgrid):
    """SUP-2: a foothold goes anywhere except pedestals, the center hex, hexes with an opposing unit or another
    foothold (a hex with an own unit is fine)."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    rules.place_foothold(g, 1, 71)
    hexes = set(colosseum.foothold_hexes(s, 0))
    assert PLAIN in hexes
    assert not hexes & set(PEDESTALS) and CENTER not in hexes and 70 not in hexes and 71 not in hexes
    assert len(hexes) == cgrid.n - len(PEDESTALS) - 3


def test_only_the_footholds_team_may_occupy_it_SUP_3(cat, cgrid):
    """SUP-3, MOV-2: opponents cannot move onto or through a foothold hex, nor be displaced onto it; the
    foothold's own units can."""
    g = col_game(cat, cgrid, [(mk_unit("a", movement=3), 0, 28), (mk_unit("b", movement=3), 1, 30), (mk_unit("h", skills=["hurl 1"]), 0, 31)])
    s = g.state
    rules.place_foothold(g, 0, 29)  # between 28 and 30
    assert 29 in s.grid.reachable(28, 3, s.blocked_for_move(0))
    reach_b = s.grid.reachable(30, 3, s.blocked_for_move(1))
    assert 29 not in reach_b
    from hoplostat.rulesets.remastered.skills import _hurl_options

    assert all(d != 29 for v, d in _hurl_options(g, s.units[2], 1) if v == 1)
    assert not s.can_occupy(1, 29) and s.can_occupy(0, 29)


def test_opponents_cannot_deploy_onto_a_foothold_DEP_6(cat, cgrid):
    """DEP-6: a foothold on a deployment hex keeps opposing units from deploying there; its team still can."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)], camp=[(mk_unit("c"), 1), (mk_unit("d"), 0)])
    s = g.state
    rules.place_foothold(g, 0, BLUE_OUTER[0])
    rules.place_foothold(g, 0, INNER[0])
    blue = {h for _, h in turn.deployable(g, 1, colosseum.deployment_hexes(s, 1))}
    red = {h for _, h in turn.deployable(g, 0, colosseum.deployment_hexes(s, 0))}
    assert BLUE_OUTER[0] not in blue and INNER[0] not in blue and BLUE_OUTER[1] in blue
    assert INNER[0] in red


def test_sentinel_on_pedestal_gains_hp_dazed_immobile_acts_on_own_turn_SUP_4(cat, cgrid):
    """SUP-4: a sentinel goes on an available pedestal, gains its HP (from the supply), is dazed the turn it
    enters, cannot move or be displaced, and acts on its controller's turn like any unit."""
    sentinel = cat.unit("sentinel")
    g = col_game(cat, cgrid, [(mk_unit("h", skills=["hurl 1", "swap"]), 1, 1), (mk_unit("b"), 1, 70)], roller=FixedRoller(mode="all"))
    s = g.state
    supply = s.supply["red"]
    sen = rules.place_sentinel(g, 0, 0)
    assert sen.hp == sentinel.health and s.supply["red"] == supply - sentinel.health
    assert s.is_dazed(sen) and not rules.can_engage(s, sen)
    s.turn += 2  # red's next turn
    assert not s.is_dazed(sen) and not rules.can_move(s, sen) and not rules.can_be_displaced(s, sen)
    from hoplostat.rulesets.remastered.skills import _hurl_options, _swap_options

    assert all(v != sen.uid for v, _ in _hurl_options(g, s.units[0], 1)) and _swap_options(g, s.units[0], None) == []
    assert ("attack", sen.uid, 0) in turn.engage_options(g, sen)  # Range 4 from the pedestal
    g.controllers = [Scripted({"engage": lambda o: next((x for x in o if x[1] == sen.uid), None)}), Scripted()]
    turn.engage_step(g, 0)
    assert s.units[0].hp < s.units[0].unit.health


def test_sentinel_cannot_move_even_with_adrenaline_SUP_4(cat, cgrid):
    """SUP-4: a sentinel never moves, even with a tactic that adds Movement."""
    g = col_game(cat, cgrid, [(mk_unit("b"), 1, 70)])
    s = g.state
    sen = rules.place_sentinel(g, 0, 0)
    s.turn += 2
    tac = mk_tactic("adrenaline", "permanent", "movement-add 1")
    s.troops[0].tactics_camp.append(tac)
    rules.place_tactic(g, 0, tac, sen)
    assert rules.movement_of(s, sen) == 1 and not rules.can_move(s, sen)


def test_sentinel_needs_an_available_pedestal_else_foothold_SUP_4(cat, cgrid):
    """SUP-4: with every pedestal taken, the chip can only be placed as a foothold."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    for p in PEDESTALS:
        rules.place_sentinel(g, 1, p)
    ctl = Scripted({"support": lambda o: o[0]})
    g.controllers = [ctl, Scripted()]
    colosseum.place_support_chip(g, 0)
    assert {x[0] for x in ctl.asked[0][1]} == {"foothold"}
    assert len(s.footholds) == 1


def test_defeated_sentinel_to_discard_redeploys_onto_pedestals_SUP_5(cat, cgrid):
    """SUP-5, DEF-1: a defeated sentinel goes to its troop's discard; back in camp, it deploys onto an
    available pedestal, not a deployment hex (none free: it cannot deploy)."""
    g = col_game(cat, cgrid, [(mk_unit("a", attack="4red", range_=2), 1, 8), (mk_unit("b"), 0, 70)], roller=FixedRoller(mode="all"))
    s = g.state
    sen = rules.place_sentinel(g, 0, 0)
    s.turn += 1
    rules.attack(g, s.units[0], sen)
    assert sen.zone == DISCARD and s.board[0] == -1
    rules.return_to_camp(g, sen)
    opts = turn.deployable(g, 0, colosseum.deployment_hexes(s, 0))
    assert {h for uid, h in opts if uid == sen.uid} == set(PEDESTALS)
    for p in PEDESTALS:
        rules.place_sentinel(g, 1, p)
    opts = turn.deployable(g, 0, colosseum.deployment_hexes(s, 0))
    assert not [o for o in opts if o[0] == sen.uid]


def test_foothold_reward_move_or_flip_each_turn_CF_6(cat, cgrid):
    """CF-6: in the Tactic Placement step (besides a tactic), move an own foothold to an adjacent hex (not a
    pedestal, the center hex or an opponent's hex) or flip it to a sentinel on an available pedestal."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 40)])
    s = g.state
    s.troops[0].foothold_moves = True
    rules.place_foothold(g, 0, 29)  # neighbours include the center 39? no: 28, 30, 19, 20, 38, 39
    opts = colosseum.foothold_options(s, 0)
    moves = {o[2] for o in opts if o[0] == "move"}
    assert CENTER not in moves and PLAIN in moves and 40 not in moves
    assert {o[2] for o in opts if o[0] == "flip"} == set(PEDESTALS)
    g.controllers = [Scripted({"foothold": lambda o: ("move", 29, 20)}), Scripted()]
    s.mode.tactic_placement(g, 0)
    assert s.footholds == {20: 0} and not s.muted[20]
    g.controllers = [Scripted({"foothold": lambda o: ("flip", 20, 6)}), Scripted()]
    s.mode.tactic_placement(g, 0)
    assert s.footholds == {} and s.muted[20]
    assert s.units[s.board[6]].unit.kind == "sentinel" and s.units[s.board[6]].troop == 0
    s.troops[1].foothold_moves = False
    assert colosseum.foothold_options(s, 1) == []


def test_colosseum_win_only_by_primary_hero_SKR_12(cat, cgrid):
    """SKR-12: in the Colosseum only defeating the primary hero wins; no units in combat is not a loss."""
    g = col_game(cat, cgrid, [(mk_unit("a", attack="2red"), 0, 43), (mk_unit("b", health=2), 1, 42)], round_=5, roller=FixedRoller(mode="all"))
    s = g.state
    rules.attack(g, s.units[0], s.units[1])
    s.mode.check_no_units(g)
    assert s.winner is None and not s.in_combat(1)
    g = col_game(cat, cgrid, [(mk_unit("a", attack="3red"), 0, 43), (mk_unit("hero", kind="hero", health=3), 1, BLUE_CHAIN)], roller=FixedRoller(mode="all"))
    s = g.state
    s.units[1].is_primary_hero = True
    s.units[1].active = False
    rules.attack(g, s.units[0], s.units[1])
    assert s.winner == 0 and s.end_reason == "primary hero defeated"


# --- whole games -----------------------------------------------------------------------------------


def test_colosseum_games_end_and_use_every_feature(cat):
    """Colosseum games (greedy and random): heroes get activated, the gold track reached, chips placed as footholds
    and sentinels, units damaged on the center hex."""
    from hoplostat.policies import make

    seen = {"activated": 0, "foothold": 0, "sentinel": 0, "gold": 0, "center": 0}
    for seed in range(20):
        rng = np.random.default_rng(seed)
        policy = "greedy" if seed % 2 else "random"
        r = play_game(cat, "skirmish", ["kunlun", "vesuvians"], "colosseum", [make(policy, rng=rng), make(policy, rng=rng)], rng=rng, log=True)
        text = "\n".join(r.log)
        seen["activated"] += "flipped to its active side" in text
        seen["foothold"] += "places a foothold" in text
        seen["sentinel"] += "places a sentinel" in text
        seen["gold"] += "gains the hero" in text
        seen["center"] += "(center hex)" in text
        assert r.end_reason == "primary hero defeated" or r.end_reason.startswith("round cap")
    assert all(v > 0 for v in seen.values()), seen


# --- pinned by mutation testing (formerly tests/engine/test_colosseum_pinned.py) --------------------------------------
# --------------------------------------------------------------------------- hexes (SUP-2, ARN-6, SUP-4)


def test_a_foothold_never_goes_under_an_opposing_unit_uid_0_included_SUP_2(cat, cgrid):
    """SUP-2: "hexes with opposing units" are excluded for the opponent, whatever the unit's number: blue
    may not put a foothold under red's first chip (uid 0), red may."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    assert s.board[PLAIN] == 0
    assert PLAIN not in colosseum.foothold_hexes(s, 1) and 70 in colosseum.foothold_hexes(s, 1)
    assert PLAIN in colosseum.foothold_hexes(s, 0) and 70 not in colosseum.foothold_hexes(s, 0)


def test_a_foothold_never_moves_under_an_opposing_unit_uid_0_included_CF_6(cat, cgrid):
    """CF-6: a foothold is not moved onto "an opponent's hex": blue's foothold next to red's first chip (uid 0)
    is not offered that hex; it is offered every other eligible neighbour."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    s.troops[1].foothold_moves = True
    f = next(h for h in cgrid.neighbours[PLAIN] if s.board[h] < 0 and not cgrid.move_block[h] and h != CENTER)
    rules.place_foothold(g, 1, f)
    moves = {o[2] for o in colosseum.foothold_options(s, 1) if o[0] == "move"}
    assert PLAIN not in moves
    assert moves == {h for h in cgrid.neighbours[f] if h != PLAIN and h != CENTER and not cgrid.move_block[h]}


def test_foothold_moves_skip_only_the_excluded_neighbours_CF_6(cat, cgrid):
    """CF-6: a pedestal or an opponent next to the foothold rules out that hex only: every other neighbour is
    offered (a foothold next to pedestal 0, and one next to an opponent)."""
    ped = PEDESTALS[0]
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    s.troops[0].foothold_moves = True
    nb = [h for h in cgrid.neighbours[ped] if not cgrid.move_block[h]]
    f = nb[0]
    rules.place_foothold(g, 0, f)
    want = {h for h in cgrid.neighbours[f] if not cgrid.move_block[h] and h != CENTER and s.board[h] < 0}
    assert ped in cgrid.neighbours[f] and len(want) >= 2
    assert {o[2] for o in colosseum.foothold_options(s, 0) if o[0] == "move"} == want
    # an opponent next to a foothold: its hex is left out, the hexes after it in the list are not
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    s.troops[0].foothold_moves = True
    f = next(h for h in cgrid.neighbours[70] if s.board[h] < 0 and not cgrid.move_block[h]
             and cgrid.neighbours[h].index(70) < len(cgrid.neighbours[h]) - 1
             and all(not cgrid.move_block[x] for x in cgrid.neighbours[h][cgrid.neighbours[h].index(70) + 1:]))
    rules.place_foothold(g, 0, f)
    moves = {o[2] for o in colosseum.foothold_options(s, 0) if o[0] == "move"}
    after = cgrid.neighbours[f][cgrid.neighbours[f].index(70) + 1:]
    assert 70 not in moves and set(h for h in after if h != CENTER) <= moves


def test_a_pedestal_with_a_sentinel_is_not_available_uid_0_included_ARN_6(cat, cgrid):
    """ARN-6 / SUP-4: a pedestal holding a sentinel is not available, whatever the sentinel's number (here
    uid 0); the other three are."""
    sent = cat.unit("sentinel")
    g = col_game(cat, cgrid, [(sent, 0, PEDESTALS[0]), (mk_unit("b"), 1, 70)])
    s = g.state
    assert colosseum.free_pedestals(s) == list(PEDESTALS[1:])


def test_a_sentinel_needs_exactly_its_health_in_the_supply_R_ENG_16(cat, cgrid):
    """R-ENG-16: a sentinel needs its full Health in the supply: exactly that much is enough, one less is not."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    s.supply["red"] = s.support_unit.health
    assert colosseum.can_place_sentinel(s, 0)
    s.supply["red"] -= 1
    assert not colosseum.can_place_sentinel(s, 0)


# --------------------------------------------------------------------------- the hero's activation (SKR-10)


def test_an_activated_hero_in_combat_is_dazed_and_the_log_says_so_SKR_10(cat, cgrid):
    """SKR-10: the chained hero dealt damage flips and is dazed this turn; the log says both."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("hero", kind="hero", health=9), 1, 44)])
    s = g.state
    hero = s.units[1]
    hero.active = False
    rules.damage(g, hero, 1, source=s.units[0])
    assert hero.active and s.is_dazed(hero)
    assert "hero (blue) is flipped to its active side (dazed this turn)" in s.log


def test_a_hero_activated_in_its_camp_is_just_flipped_CF_6(cat, cgrid):
    """CF-6 "activate your hero": a primary hero in the camp flips (it can be deployed later); nothing dazes it
    and the log says it is flipped, no more."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)], camp=[(mk_unit("hero", kind="hero"), 0)])
    s = g.state
    hero = s.units[2]
    hero.active = False
    s.troops[0].primary_hero = 2
    colosseum.claim_reward(g, 0, HERO)
    assert hero.active and hero.zone == CAMP
    assert "hero (red) is flipped to its active side" in s.log
    assert not any("dazed" in line for line in s.log if line.startswith("hero (red) is flipped"))


# --------------------------------------------------------------------------- crowd favor (SKR-9, CF-4, CF-5)


def test_favor_from_a_tactic_says_a_tactic_removed_the_hp_SKR_9(cat, cgrid):
    """SKR-9: a tactic's damage earns favor; the log names its source as a tactic."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b", health=4), 1, 70)])
    s = g.state
    g.controllers = [Scripted({"track": prefer(HP)}), Scripted()]
    tac = mk_tactic("burn", "instant", "damage 2")
    s.troops[0].tactics_camp.append(tac)
    rules.place_tactic(g, 0, tac, s.units[1])
    assert s.troops[0].favor == 2
    assert any("earns 2 crowd favor (a tactic removed 2 HP)" in line for line in s.log), s.log


def test_no_gain_no_track_choice_CF_4(cat, cgrid):
    """CF-4: "each gain" moves the bead: a gain of 0 asks for no track and keeps the progress on the current one."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    red = Scripted({"track": lambda o: FOOTHOLD})
    g.controllers = [red, Scripted()]
    t = s.troops[0]
    t.track, t.favor = HP, 3
    colosseum.gain_favor(g, 0, 0, "nothing")
    assert not red.asked and (t.track, t.favor, t.favor_total) == (HP, 3, 0)


def test_leaving_a_track_with_progress_is_narrated_and_only_then_CF_4(cat, cgrid):
    """CF-4: progress on an abandoned track is lost, which the log says (track "gain this support chip", index
    0, included); the first gain leaves no track, and a completed track is not "left"."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    picks = [SUPPORT, HP, HP, HERO]
    g.controllers = [Scripted({"track": lambda o: picks.pop(0), "support": lambda o: o[0], "reward-hp": lambda o: o[0]}),
                     Scripted({"support": lambda o: o[0]})]
    colosseum.gain_favor(g, 0, 2, "first")
    assert not any("leaves the track" in line for line in s.log)
    colosseum.gain_favor(g, 0, 1, "switch")
    assert 'a (red) leaves the track "gain this support chip", losing 2 progress' in s.log, s.log
    colosseum.gain_favor(g, 0, 4, "complete")  # HP: 1 + 4 -> the reward
    assert s.troops[0].tracks_done[HP]
    n = len(s.log)
    colosseum.gain_favor(g, 0, 1, "after")  # a new track after the completed one: nothing lost
    assert not any("leaves the track" in line for line in s.log[n:])
    assert s.troops[0].track == HERO


# --------------------------------------------------------------------------- rewards (CF-6, SUP-1)


def test_add_3_hp_is_offered_only_for_the_troops_own_units_CF_6(cat, cgrid):
    """CF-6: "add 3 HP to a unit": a unit of the troop in combat; an opponent's is not offered."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70), (mk_unit("c"), 0, 71)])
    s = g.state
    red = Scripted({"reward-hp": lambda o: o[-1]})
    g.controllers = [red, Scripted()]
    colosseum.claim_reward(g, 0, HP)
    (opts,) = [o for d, o in red.asked if d == "reward-hp"]
    assert sorted(opts) == [0, 2] and s.units[2].hp == s.units[2].unit.health + colosseum.REWARD_HP


def test_only_the_gold_reward_gives_the_hero_above_it_CF_6(cat, cgrid):
    """CF-6: "gain the hero above the track" is the gold reward's: the support chip reward leaves the neutral
    hero on its track."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)], camp=[(mk_unit("rostam", kind="neutral-hero"), 0)])
    s = g.state
    s.units[2].zone = TRACK
    g.controllers = [Scripted({"support": lambda o: o[0]}), Scripted()]
    colosseum.claim_reward(g, 0, SUPPORT)
    assert s.units[2].zone == TRACK
    colosseum.claim_reward(g, 0, GOLD)
    assert s.units[2].zone == CAMP and s.units[2].active
    assert "a (red) gains the hero rostam, active, into its camp" in s.log


def test_gain_this_support_chip_is_the_reaching_troops_whatever_the_mode_says_CF_6(cat, cgrid):
    """CF-6 "gain this support chip": the troop that reached it places it, even where the mode put another
    troop's chip above that track."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    s.troops[0].track_chips[SUPPORT] = 1
    red, blue = Scripted({"support": lambda o: o[0]}), Scripted({"support": lambda o: o[0]})
    g.controllers = [red, blue]
    colosseum.claim_reward(g, 0, SUPPORT)
    assert [d for d, _ in red.asked] == ["support"] and not blue.asked
    assert s.troops[0].track_chips[SUPPORT] == -1


def test_a_support_chip_may_go_under_an_own_unit_SUP_2(cat, cgrid):
    """SUP-2: only hexes with opposing units are excluded: the placing troop is offered its own unit's hex."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    red = Scripted({"support": lambda o: ("foothold", PLAIN)})
    g.controllers = [red, Scripted()]
    colosseum.place_support_chip(g, 0)
    (opts,) = [o for d, o in red.asked if d == "support"]
    assert ("foothold", PLAIN) in opts and ("foothold", 70) not in opts
    assert s.footholds == {PLAIN: 0}


def test_the_support_chip_must_be_placed_SUP_1(cat, cgrid):
    """SUP-1: the support chip is placed at once: a controller that passes on every optional decision still
    places it."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    g.controllers = [Scripted(), Scripted()]
    colosseum.place_support_chip(g, 0)
    assert s.footholds or any(u.unit.kind == "sentinel" for u in s.in_combat(0))


def test_a_support_chip_with_nowhere_to_go_is_said_so(cat, cgrid):
    """No foothold hex and no sentinel (no free pedestal): the chip is not placed, and the log says so."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    for h in range(cgrid.n):
        if not cgrid.move_block[h] and h != CENTER:
            s.footholds[h] = 1
    s.support_unit = None
    colosseum.place_support_chip(g, 0)
    assert "a has nowhere to place its support chip" in s.log


def test_flipping_a_foothold_names_its_hex_CF_6(cat, cgrid):
    """CF-6 "flip a foothold": the log names the foothold's hex, then the sentinel's pedestal."""
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 70)])
    s = g.state
    s.troops[0].foothold_moves = True
    rules.place_foothold(g, 0, 29)
    g.controllers = [Scripted({"foothold": lambda o: ("flip", 29, PEDESTALS[1])}), Scripted()]
    colosseum.foothold_step(g, 0)
    assert "a flips its foothold on hex 29 to its sentinel side" in s.log
    assert s.units[s.board[PEDESTALS[1]]].unit.kind == "sentinel"
