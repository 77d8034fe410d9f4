"""Skirmish on Pozzuoli: set-up, turn steps, crowd favor, win conditions, whole-game invariants.

Skirmish (rulesets/remastered/skirmish/mode.py) pinned where its mutation run found it unpinned: the mandatory
third Pozzuoli reward, the Colosseum's favor through the mode, the catch-up's player, the end of the track,
stones counted by the turn's own step, the foothold step after a game's end, set-up's player order, neutral
heroes and narration, the game's entry points (`new_game`, `play_game`, `for_scenario`, `rows`), the bare
board's deployment hexes and the catalog facts' cache. Hand-built positions and a few short games."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from engine.enginekit import Scripted, make_game, mk_tactic, mk_unit

from hoplostat.catalog.model import FrozenMap
from hoplostat.engine import rules
from hoplostat.engine.hexgrid import HexGrid
from hoplostat.engine.loop import play_turn
from hoplostat.engine.mode import GameSpec
from hoplostat.engine.rules import FixedRoller, Game
from hoplostat.engine.state import BAG, CAMP, COMBAT, DISCARD, TRACK
from hoplostat.errors import InputError
from hoplostat.policies import GreedyController, RandomController
from hoplostat.rulesets.remastered.skirmish import mode as skirmish_module
from hoplostat.rulesets.remastered.colosseum import HP
from hoplostat.rulesets.remastered.skirmish import BareBoard, Skirmish, claim_pozzuoli_reward, play_game, setup
from rulesets.remastered.test_colosseum import BLUE_CHAIN, CENTER, INNER, PLAIN, col_game, track_picker

C = 28


# --- set-up ---------------------------------------------------------------------------


def test_setup_hero_inactive_in_camp_four_drawn_rest_bagged_SKR_2_SKR_3(cat):
    """SKR-2, SKR-3, SKR-4 (Pozzuoli): inactive primary hero in camp; 10 units bagged, 4 drawn face down; a neutral hero on the track."""
    s = setup(cat, ["kunlun", "amazons"], "pozzuoli", rng=np.random.default_rng(1))
    g = Game(s, FixedRoller(mode="all"), [Scripted(), Scripted()], np.random.default_rng(1))
    for p in range(2):
        s.mode.replenish(g, p)
        hero = s.units[s.troops[p].primary_hero]
        assert hero.zone == CAMP and not hero.active and hero.unit.kind == "hero"
        camp = [u for u in s.zone(p, CAMP) if u.active]
        assert len(camp) == 4 and len(s.zone(p, BAG)) == 6
        assert [u.unit.kind for u in s.zone(p, TRACK)] == ["neutral-hero"]
        assert len(s.troops[p].tactics_camp) == 4
    assert s.supply == {"red": 34, "blue": 34}
    assert s.units[s.troops[0].primary_hero].unit.id == "feng"


def test_player_order_is_random_and_first_player_is_red_SKR_1_R_ENG_1(cat):
    """SKR-1, R-ENG-1: the order is drawn at random from the game's seed: each player goes first half the
    time (400 seeds, within 4 standard errors), the same seed draws the same order, and the first player
    takes the red side. (The faction choice, second player first, is outside the engine: factions are given.)"""
    n = 400
    firsts = []
    for seed in range(n):
        s = setup(cat, ["kunlun", "amazons"], "pozzuoli", rng=np.random.default_rng(seed))
        firsts.append(s.order[0])
        assert sorted(s.order) == [0, 1] and s.troops[s.order[0]].side == "red"
        assert s.troops[s.order[1]].side == "blue"
    share = firsts.count(0) / n
    assert abs(share - 0.5) <= 4 * np.sqrt(0.25 / n), share
    again = [setup(cat, ["kunlun", "amazons"], "pozzuoli", rng=np.random.default_rng(seed)).order[0] for seed in range(20)]
    assert again == firsts[:20]


def test_replenish_does_not_count_inactive_hero_SKR_6(cat):
    """SKR-6 (official FAQ): the inactive hero in camp does not count toward the four."""
    s = setup(cat, ["kunlun", "amazons"], "pozzuoli", rng=np.random.default_rng(2))
    g = Game(s, FixedRoller(mode="all"), [Scripted(), Scripted()], np.random.default_rng(2))
    s.mode.replenish(g, 0)
    camp = s.zone(0, CAMP)
    assert len(camp) == 5  # 4 units + the inactive hero
    camp_units = [u for u in camp if u.active]
    camp_units[0].zone = DISCARD
    s.mode.replenish(g, 0)
    assert len([u for u in s.zone(0, CAMP) if u.active]) == 4 and len(s.zone(0, BAG)) == 5


def test_other_modes_and_arenas_are_refused(cat):
    from hoplostat.errors import InputError

    with pytest.raises(InputError):
        play_game(cat, "skirmish", ["kunlun", "amazons"], "olympia", [Scripted(), Scripted()], rng=np.random.default_rng(0))
    with pytest.raises(InputError):
        play_game(cat, "onslaught", ["kunlun", "amazons"], "pozzuoli", [Scripted(), Scripted()], rng=np.random.default_rng(0))


# --- turn order ------------------------------------------------------------------------


def test_player_turn_steps_in_order_TURN_1_TURN_2(cat):
    """TURN-1: a Skirmish player turn is: (start), check stone hexes, deployment, tactic placement, movement,
    abilities, engage, then replenish; played by greedy players (who do deploy, play tactics, move and
    attack), every turn's decisions come in that order. TURN-2: each troop's whole turn comes before the
    next troop's: in the sequence of decisions, the deciding troop changes only at a new turn, and turns
    alternate in the drawn order."""
    g0 = Skirmish.new_game(cat, _spec(), [Scripted(), Scripted()], rng=np.random.default_rng(3))
    names = [name for name, _ in g0.state.mode.turn_of(g0, 0).steps]
    assert names == ["start", "arena", "deployment", "tactic", "movement", "abilities", "engage", "replenish"]
    seen = []

    class Spy:
        def __init__(self, inner):
            self.inner = inner

        def choose(self, g, troop, decision, options, *, optional):
            seen.append((g.state.turn, troop, decision))
            return self.inner.choose(g, troop, decision, options, optional=optional)

    rng = np.random.default_rng(3)
    r = play_game(cat, "skirmish", ["kunlun", "amazons"], "pozzuoli",
                  [Spy(GreedyController(rng)), Spy(GreedyController(rng))], rng=rng, max_rounds=4)
    rank = {"deploy": 1, "tactic": 2, "move": 3, "ability": 4, "engage": 5}
    by_turn: dict[int, list] = {}
    for t, troop, d in seen:
        by_turn.setdefault(t, []).append((troop, d))
    rich = 0
    for t, items in by_turn.items():
        assert len({tr for tr, _ in items}) == 1, (t, items)
        ranks = [rank[d] for _, d in items if d in rank]
        assert ranks == sorted(ranks), (t, items)
        rich += len(set(ranks)) >= 3
    assert rich >= 2, "the game should have turns with deployment, tactics, movement or attacks to order"
    # TURN-2: a troop's decisions are contiguous per turn, and the turns alternate
    runs = [seen[0][:2]]
    for t, troop, _ in seen[1:]:
        if (t, troop) != runs[-1]:
            runs.append((t, troop))
    assert len({t for t, _ in runs}) == len(runs), "a turn's decisions were interrupted by another turn"
    troops = [troop for _, troop in runs]
    assert all(a != b for a, b in zip(troops, troops[1:])) or len(set(troops)) == 1
    assert r.rounds >= 2


def _spec():
    from hoplostat.engine.mode import GameSpec

    return GameSpec("skirmish", ("kunlun", "amazons"), "pozzuoli")


# --- crowd favor -------------------------------------------------------------------------


def _skirmish_game(grid, placed, **kw):
    g = make_game(grid, placed, mode=Skirmish(), **kw)
    s = g.state
    for p in range(2):
        s.troops[p].faction = "ab"[p]
    return g


def test_stone_hexes_give_one_or_three_favor_SKR_7(grid):
    """SKR-7: 1 favor for exactly one stone hex occupied at the start of the turn, 3 for both."""
    s1, s2 = grid.tagged("stone")
    g = _skirmish_game(grid, [(mk_unit("a"), 0, s1), (mk_unit("b"), 1, C)])
    g.state.mode.check_stones(g, 0)
    assert g.state.troops[0].favor == 1
    g = _skirmish_game(grid, [(mk_unit("a"), 0, s1), (mk_unit("b"), 0, s2)])
    g.state.mode.check_stones(g, 0)
    g.state.mode.check_stones(g, 1)
    assert (g.state.troops[0].favor, g.state.troops[1].favor) == (3, 0)


def test_defeating_an_opponent_gives_two_favor_SKR_7_CF_1(cat, grid):
    """SKR-7: 2 favor each time one of your units defeats an opponent (twice: 4), nothing to the defeated
    unit's player, nothing for a defeat no unit dealt. CF-1: only player-controlled troops gain favor:
    in Ascension the titan's damage to a player's unit earns no troop any favor."""
    from hoplostat.engine import rules

    g = _skirmish_game(grid, [(mk_unit("a", attack="2red"), 0, C), (mk_unit("b", health=2), 1, grid.neighbours[C][0]),
                              (mk_unit("b2", health=2), 1, grid.neighbours[C][1]), (mk_unit("c"), 1, 0)])
    s = g.state
    rules.attack(g, s.units[0], s.units[1])
    assert s.troops[0].favor == 2 and s.troops[1].favor == 0 and s.winner is None
    rules.attack(g, s.units[0], s.units[2])
    assert s.troops[0].favor == 4 and s.troops[1].favor == 0
    rules.damage(g, s.units[3], s.units[3].hp, what="test")  # defeated, but not by a unit
    assert s.troops[0].favor == 4 and s.troops[1].favor == 0
    # CF-1 where rivals deal damage: Mars (Ascension) attacks and defeats a player's unit; no troop earns favor
    from rulesets.remastered.test_ascension import CENTER, build, chip, put

    ag = build(cat, roller=FixedRoller(mode="all"))
    a = ag.state
    mars = a.units[put(a, a.titan_uid, CENTER)]
    victim = a.units[put(a, chip(a, 0, "kunlun/warrior"), a.grid.neighbours[CENTER][0], hp=1)]
    rules.attack(ag, mars, victim)
    assert victim.hp <= 0 or victim.zone != "combat"
    assert a.favor_earned == [0] * len(a.favor_earned) and all(t.favor == 0 for t in a.troops)


def test_rewards_every_five_excess_kept_nothing_after_last_CF_2_CF_3(grid):
    """CF-2, CF-3: passing 5 flips the hero active; 10 returns discarded tactics; 15 returns two units (a hero active);
    20 gains the neutral hero; favor beyond the last reward does nothing."""
    hero = mk_unit("hero", kind="hero")
    neutral = mk_unit("rostam", kind="neutral-hero")
    g = _skirmish_game(grid, [(mk_unit("a"), 0, C), (mk_unit("b"), 1, 0)], camp=[(hero, 0), (neutral, 0), (mk_unit("dead1"), 0), (mk_unit("dead2"), 0), (mk_unit("dead3", kind="hero"), 0)])
    s = g.state
    m = s.mode
    h, n, d1, d2, d3 = s.units[2:]
    h.active, h.is_primary_hero = False, True
    s.troops[0].primary_hero = h.uid
    n.zone = TRACK
    for d in (d1, d2, d3):
        d.zone = DISCARD
    d3.active = False
    tac = object()
    s.troops[0].tactics_discard.append(tac)
    g.controllers = [Scripted({"return-unit": lambda o: o[-1]}), Scripted()]
    m.gain_favor(g, 0, 4, "test")
    assert not h.active
    m.gain_favor(g, 0, 3, "test")  # 7: first reward, excess kept
    assert h.active and s.troops[0].favor == 7
    m.gain_favor(g, 0, 3, "test")  # 10: second reward
    assert s.troops[0].tactics_camp == [tac] and s.troops[0].tactics_discard == []
    m.gain_favor(g, 0, 5, "test")  # 15: third reward, two units back, the hero active
    assert d3.zone == CAMP and d3.active and d2.zone == CAMP and d1.zone == DISCARD
    m.gain_favor(g, 0, 9, "test")  # 24 -> bead on 20: neutral hero gained
    assert n.zone == CAMP and n.active and s.troops[0].favor == 20 and s.troops[0].rewards == 4
    m.gain_favor(g, 0, 5, "test")
    assert s.troops[0].favor == 20 and s.troops[0].rewards == 4


def test_catch_up_bonus_to_least_favor_player_SKR_8(grid):
    """SKR-8: after one of the first three rewards, the player with the least favor adds +2 HP to a non-elite
    (+1 to an elite) unit of theirs; a tie goes to the active player."""
    g = _skirmish_game(grid, [(mk_unit("a"), 0, C), (mk_unit("b"), 1, 0), (mk_unit("bh", kind="hero"), 1, 57)], camp=[(mk_unit("hero", kind="hero"), 0)])
    s = g.state
    s.troops[0].primary_hero = 3
    s.units[3].active = False
    g.controllers = [Scripted(), Scripted({"catch-up": lambda o: o[0]})]
    s.mode.gain_favor(g, 0, 5, "test")
    assert s.units[1].hp == 6 and s.units[0].hp == 4
    g.controllers = [Scripted(), Scripted({"catch-up": lambda o: o[-1]})]
    s.mode.gain_favor(g, 0, 5, "test")  # second reward
    assert s.units[2].hp == 5  # elite: +1
    # tie -> the active player (troop 0)
    g2 = _skirmish_game(grid, [(mk_unit("a"), 0, C), (mk_unit("b"), 1, 0)], camp=[(mk_unit("hero", kind="hero"), 0), (mk_unit("hero2", kind="hero"), 1)])
    s2 = g2.state
    s2.troops[0].primary_hero, s2.troops[1].primary_hero = 2, 3
    s2.troops[1].favor = s2.troops[1].favor_total = 5
    s2.troops[1].rewards = 1
    g2.controllers = [Scripted({"catch-up": lambda o: o[0]}), Scripted({"catch-up": lambda o: o[0]})]
    s2.mode.gain_favor(g2, 0, 5, "test")
    assert s2.units[0].hp == 6 and s2.units[1].hp == 4


def test_catch_up_after_the_first_three_rewards_only_SKR_8(grid):
    """SKR-8: the catch-up follows each of the first three rewards, and not the fourth."""
    g = _skirmish_game(grid, [(mk_unit("a"), 0, C), (mk_unit("b"), 1, 0)], camp=[(mk_unit("hero", kind="hero"), 0)])
    s = g.state
    s.troops[0].primary_hero = 2
    s.units[2].active = False
    behind = Scripted({"catch-up": lambda o: o[0]})
    g.controllers = [Scripted(), behind]
    hp = []
    for reward in range(1, 5):
        s.mode.gain_favor(g, 0, 5, "test")
        assert s.troops[0].rewards == reward
        hp.append(s.units[1].hp)
    assert [d for d, _ in behind.asked].count("catch-up") == 3
    assert hp == [6, 8, 10, 10]


def test_favor_total_counts_favor_past_the_full_track_R_ENG_29(grid):
    """R-ENG-29 (SKR-8): the catch-up compares all favor earned; the bead stops at the last reward, the total
    does not, so 18 + 5 and 20 + 3 make the same 23 and the same player is behind afterwards."""
    totals = []
    for steps in ((18, 5), (20, 3)):
        g = _skirmish_game(grid, [(mk_unit("a"), 0, C), (mk_unit("b"), 1, 0)],
                           camp=[(mk_unit("hero", kind="hero"), 0), (mk_unit("hero2", kind="hero"), 1)])
        s = g.state
        s.troops[0].primary_hero, s.troops[1].primary_hero = 2, 3
        for n in steps:
            s.mode.gain_favor(g, 0, n, "test")
        assert s.troops[0].favor == 20
        totals.append(s.troops[0].favor_total)
    assert totals == [23, 23]


# --- winning ------------------------------------------------------------------------------


def test_defeating_primary_hero_wins_at_once_SKR_12(grid):
    """SKR-12: defeating the opposing primary hero ends the game at once."""
    g = _skirmish_game(grid, [(mk_unit("a", attack="3red"), 0, C), (mk_unit("hero", kind="hero", health=3, skills=["retaliate"]), 1, grid.neighbours[C][0]), (mk_unit("c"), 1, 0)])
    s = g.state
    s.units[1].is_primary_hero = True
    from hoplostat.engine import rules

    rules.attack(g, s.units[0], s.units[1])
    assert s.winner == 0 and s.end_reason == "primary hero defeated"
    assert s.units[0].hp == 4  # the game ended before Retaliate


def test_no_units_in_combat_after_first_round_loses_SKR_12(grid):
    """SKR-12 (Pozzuoli): after the first round, a player with no units in combat loses; not in round 1."""
    from hoplostat.engine import rules

    for rnd, expect in ((1, None), (2, 0)):
        g = _skirmish_game(grid, [(mk_unit("a", attack="2red"), 0, C), (mk_unit("b", health=2), 1, grid.neighbours[C][0])], round_=rnd)
        rules.attack(g, g.state.units[0], g.state.units[1])
        assert g.state.winner == expect


def test_round_cap_ends_as_draw(cat):
    class Passive:
        def choose(self, g, troop, decision, options, *, optional):
            return None if optional else options[0]

    r = play_game(cat, "skirmish", ["kunlun", "amazons"], "pozzuoli", [Passive(), Passive()], rng=np.random.default_rng(0), max_rounds=5)
    assert r.winner is None and r.rounds == 5 and r.end_reason.startswith("round cap")


# --- whole games ---------------------------------------------------------------------------


class Checking:
    """Wraps a controller and checks the state invariants every time a decision is asked."""

    def __init__(self, inner):
        self.inner = inner
        self.checks = 0

    def choose(self, g, troop, decision, options, *, optional):
        check_invariants(g.state)
        self.checks += 1
        return self.inner.choose(g, troop, decision, options, optional=optional)


def colosseum_map(grid):
    return any(grid.inner)


def check_invariants(s):
    on_board = [u for u in s.board if u >= 0]
    assert len(on_board) == len(set(on_board))  # at most one unit per hex
    assert sorted(on_board) == sorted(s.combat)
    grid = s.grid
    chained = [grid.tagged(f"chained-hero-{t.side}") for t in s.troops]
    for u in s.units:
        if u.zone == COMBAT:
            assert s.board[u.hex] == u.uid
            assert 1 <= u.hp <= u.unit.health + u.hp_gained  # UNIT-4
            assert not (u.elite and u.tactics)  # UNIT-6
            assert grid.pedestal[u.hex] == (u.unit.kind == "sentinel")  # ARN-6, SUP-4
            assert s.footholds.get(u.hex, u.troop) == u.troop  # SUP-3
            assert u.active or u.hex in chained[u.troop]  # SKR-2
            assert u.entered
        else:
            assert u.hex == -1 and u.uid not in on_board
    for h, t in s.footholds.items():  # SUP-2
        assert not grid.pedestal[h] and not grid.center[h] and t in (0, 1)
    if s.footholds or colosseum_map(grid):
        assert s.muted == [grid.inner[h] and h not in s.footholds for h in range(grid.n)] + [False]  # ARN-5
    for side in ("red", "blue"):  # health-chip supply conserved (DEP-3)
        held = sum(u.hp for u in s.units if u.zone == COMBAT and s.troops[u.troop].side == side)
        assert s.supply[side] + held == s.supply_start[side]
        assert s.supply[side] >= 0
    colosseum = s.mode.is_colosseum
    for t in s.troops:
        if colosseum:  # CF-4, CF-5
            assert 0 <= t.favor <= 5 and t.rewards == sum(t.tracks_done)
            assert not t.tracks_done[4] or all(t.tracks_done)
            assert t.track == -1 or not t.tracks_done[t.track] or t.favor == 5
        else:
            assert 0 <= t.favor <= 20
    if not colosseum:
        assert not s.footholds and not any(u.unit.kind == "sentinel" for u in s.units)


FACTIONS = ["amazons", "atlanteans", "kunlun", "lamosians", "new-argonauts", "parthians", "plutos-refugees", "vesuvians"]


def _play(cat, seed, policy, log=False, max_rounds=60, arena="pozzuoli", check=True):
    rng = np.random.default_rng(seed)
    a, b = FACTIONS[seed % 8], FACTIONS[(seed * 3 + 1) % 8]
    make = RandomController if policy == "random" else GreedyController
    ctrls = [make(rng), make(rng)]
    if check:
        ctrls = [Checking(c) for c in ctrls]
    return play_game(cat, "skirmish", [a, b], arena, ctrls, rng=rng, log=log, max_rounds=max_rounds), ctrls


ARENAS = ("pozzuoli", "colosseum")


def _check_result(r, arena):
    ends = ("primary hero defeated",) if arena == "colosseum" else ("primary hero defeated", "opponent has no units in combat")
    assert r.end_reason in ends or r.end_reason.startswith("round cap")
    assert (r.winner is None) == r.end_reason.startswith("round cap")
    for p, t in enumerate(r.troops):
        us = [u for u in r.units if u.seat == p]
        assert sum(u.times_deployed for u in us) == t.units_deployed
        assert sum(u.damage_dealt for u in us) + t.tactic_damage == t.damage_dealt
        assert sum(u.kills for u in us) + t.tactic_kills == t.kills


@pytest.mark.parametrize("arena", ARENAS)
@pytest.mark.parametrize("policy,n", [("random", 100), ("greedy", 40)])
def test_seeded_games_keep_invariants_and_end(cat, policy, n, arena):
    """Invariants over seeded games, checked at every decision: one unit per hex, HP bounds, chip supply
    conserved, pedestals/footholds/inner hexes (Colosseum), favor bounds; every game ends."""
    reasons = set()
    for seed in range(n):
        r, ctrls = _play(cat, seed, policy, arena=arena)
        _check_result(r, arena)
        assert sum(c.checks for c in ctrls) > 0
        reasons.add(r.end_reason.split(" (")[0])
    assert "primary hero defeated" in reasons


@pytest.mark.parametrize("arena", ARENAS)
def test_same_seed_same_log(cat, arena):
    for policy in ("random", "greedy"):
        r1, _ = _play(cat, 7, policy, log=True, arena=arena)
        r2, _ = _play(cat, 7, policy, log=True, arena=arena)
        assert r1.log == r2.log and r1.log
        r3, _ = _play(cat, 8, policy, log=True, arena=arena)
        assert r3.log != r1.log


def test_log_is_in_rulebook_words(cat):
    r, _ = _play(cat, 3, "greedy", log=True)
    text = "\n".join(r.log)
    for word in ("deploys", "dazed", "attacks", "crowd favor", "Round 1"):
        assert word in text
    assert r.log[-1].startswith("Game over")


@pytest.mark.slow
@pytest.mark.parametrize("arena", ARENAS)
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_thousand_seeded_games(cat, policy, arena):
    """Issue 5: 1,000 seeded games per arena and policy, the invariants checked at every decision, the
    result's consistency at the end; no exception; every game ends."""
    for seed in range(1000):
        r, _ = _play(cat, 10_000 + seed, policy, arena=arena)
        _check_result(r, arena)


def test_round_is_each_troop_once_in_a_fixed_order_TURN_3_SKR_13(cat):
    """TURN-3, SKR-13: every round is one turn of each player, in the same order all game."""
    for seed in (0, 1, 2):
        r, _ = _play(cat, seed, "random", log=True)
        turns = [line for line in r.log if line.startswith("-- Round")]
        by_round: dict[str, list[str]] = {}
        for line in turns:
            rnd, who = line[len("-- Round ") :].split(", ", 1)
            by_round.setdefault(rnd, []).append(who)
        orders = list(by_round.values())
        assert all(o == orders[0] for o in orders[:-1]) and len(orders[0]) == 2
        assert orders[-1] == orders[0][: len(orders[-1])]


def test_clone_mid_game_replays_identically_and_independently(cat):
    """GameState.clone() for lookahead: a clone played on with the same dice and choices ends the same way,
    and playing it does not touch the original."""
    from hoplostat.engine.rules import PmfRoller

    s = setup(cat, ["kunlun", "amazons"], "pozzuoli", rng=np.random.default_rng(4), log=True)
    rng = np.random.default_rng(4)
    g = Game(s, PmfRoller(rng), [RandomController(rng), RandomController(rng)], rng)
    for p in range(2):
        s.mode.replenish(g, p)
    for _ in range(4):
        s.round += 1
        for p in s.order:
            play_turn(g, s.mode.turn_of(g, p))
    assert s.end_reason is None and s.in_combat()

    def play_on(state, seed):
        r = np.random.default_rng(seed)
        gg = Game(state, PmfRoller(r), [RandomController(r), RandomController(r)], r)
        while state.end_reason is None and state.round < 60:
            state.round += 1
            for p in state.order:
                if state.end_reason is None:
                    play_turn(gg, state.mode.turn_of(gg, p))
        return list(state.log), state.winner

    snapshot = (list(s.log), [(u.zone, u.hex, u.hp) for u in s.units], dict(s.supply))
    c1, c2 = s.clone(), s.clone()
    a = play_on(c1, 99)
    assert (list(s.log), [(u.zone, u.hex, u.hp) for u in s.units], dict(s.supply)) == snapshot
    b = play_on(c2, 99)
    assert a == b and len(a[0]) > len(snapshot[0])


# --- pinned by mutation testing (formerly tests/engine/test_skirmish_pinned.py) ---------------------------------------
C = 28


class Passive:
    """Passes whenever it may, else takes the first option."""

    def choose(self, g, troop, decision, options, *, optional):
        return None if optional else options[0]




def _pozzuoli_game(grid, placed, **kw):
    g = make_game(grid, placed, mode=Skirmish(), **kw)
    for p in range(2):
        g.state.troops[p].faction = "ab"[p]
    return g


# --- CF-3: the third reward is not optional ----------------------------------------------------------


def test_third_reward_returns_two_units_even_when_the_player_would_pass_CF_3(grid):
    """CF-3: the third Pozzuoli reward *returns* two discarded units: the choice of which is the player's, but
    not whether. A controller that passes on every optional decision still gets two of its three discarded
    units back, and is asked with `optional=False` when there is a choice to make."""
    dead = [mk_unit(f"dead{i}") for i in range(3)]
    g = _pozzuoli_game(grid, [(mk_unit("a"), 0, C), (mk_unit("b"), 1, 0)], camp=[(d, 0) for d in dead])
    s = g.state
    for u in s.units[2:]:
        u.zone = DISCARD
    asked = []

    class Recording(Passive):
        def choose(self, g, troop, decision, options, *, optional):
            asked.append((decision, optional))
            return super().choose(g, troop, decision, options, optional=optional)

    g.controllers = [Recording(), Passive()]
    claim_pozzuoli_reward(g, 0, 3)
    assert [u.zone for u in s.units[2:]].count(CAMP) == 2 and [u.zone for u in s.units[2:]].count(DISCARD) == 1
    assert asked and all(d == "return-unit" and opt is False for d, opt in asked)
    assert s.troops[0].rewards == 3
    # a single discarded unit comes back too (the only choice is taken without asking)
    g = _pozzuoli_game(grid, [(mk_unit("a"), 0, C), (mk_unit("b"), 1, 0)], camp=[(mk_unit("dead"), 0)])
    g.state.units[2].zone = DISCARD
    g.controllers = [Passive(), Passive()]
    claim_pozzuoli_reward(g, 0, 3)
    assert g.state.units[2].zone == CAMP


# --- Colosseum favor through the mode (SKR-9, CF-4) ----------------------------------------------


def test_colosseum_favor_gained_through_the_mode_moves_the_chosen_track_CF_4(cat):
    """CF-4: in the Colosseum, favor the mode is told about (e.g. by a tactic's "gain crowd favor") goes to
    the five tracks: the player picks a track and the bead moves that many spaces; the other player's
    track does not move; the narration gives the cause."""
    cgrid = HexGrid.of(cat.arena("colosseum"))
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 40)])
    s = g.state
    g.controllers = [Scripted({"track": track_picker(HP)}), Scripted()]
    s.mode.gain_favor(g, 0, 3, "a test's gift")
    t0, t1 = s.troops
    assert (t0.track, t0.favor, t0.favor_total) == (HP, 3, 3)
    assert (t1.favor, t1.favor_total) == (0, 0)
    assert any("a test's gift" in line and "earns 3 crowd favor" in line for line in s.log)
    s.mode.gain_favor(g, 1, 2, "the other one")
    assert (t1.favor, t1.favor_total, t0.favor_total) == (2, 2, 3)


def test_colosseum_favor_for_a_units_damage_names_the_unit_SKR_9(cat):
    """SKR-9: favor for HP an opponent loses to your unit's attack; the narration names the unit (a tactic's
    damage is narrated as "a tactic")."""
    cgrid = HexGrid.of(cat.arena("colosseum"))
    g = col_game(cat, cgrid, [(mk_unit("a", attack="2red"), 0, 43), (mk_unit("b", health=4), 1, 42)],
                 roller=FixedRoller(mode="all"))
    s = g.state
    g.controllers = [Scripted({"track": track_picker(HP)}), Scripted()]
    rules.attack(g, s.units[0], s.units[1])
    assert s.troops[0].favor_total == 2
    assert any("earns 2 crowd favor (a removed 2 HP)" in line for line in s.log), s.log


def test_colosseum_tactic_that_ends_the_game_stops_the_foothold_step_TURN_2(cat):
    """TURN-2 / SKR-12: a tactic that defeats the opposing primary hero ends the game at once; the
    Colosseum's foothold move (CF-6), the rest of the Tactic Placement step, is not offered after it.
    Without the end the same step offers it."""
    cgrid = HexGrid.of(cat.arena("colosseum"))
    for ends in (False, True):
        near = next(h for h in cgrid.neighbours[BLUE_CHAIN]
                    if h not in INNER and h != CENTER and not cgrid.pedestal[h] and h != PLAIN)
        g = col_game(cat, cgrid, [(mk_unit("a"), 0, near), (mk_unit("hero", kind="hero", health=3), 1, BLUE_CHAIN)],
                     hp={1: 1 if ends else 3})
        s = g.state
        s.units[1].is_primary_hero = True
        s.troops[0].foothold_moves = True
        rules.place_foothold(g, 0, 29)
        s.troops[0].tactics_camp.append(mk_tactic("eruption", "instant", "damage-adjacent 1"))
        me = Scripted({"tactic": lambda o: o[0], "track": track_picker(HP)})
        g.controllers = [me, Scripted()]
        s.mode.tactic_placement(g, 0)
        asked = [d for d, _ in me.asked]
        assert (s.winner == 0) == ends
        assert ("foothold" in asked) == (not ends), asked


def test_colosseum_turn_offers_the_foothold_move_in_its_tactic_step_CF_6(cat):
    """CF-6: the foothold reward lets the player move or flip a foothold in the Tactic Placement step of
    every turn: played through the mode's own turn (not the step function alone)."""
    cgrid = HexGrid.of(cat.arena("colosseum"))
    g = col_game(cat, cgrid, [(mk_unit("a"), 0, PLAIN), (mk_unit("b"), 1, 40)])
    s = g.state
    s.troops[0].foothold_moves = True
    rules.place_foothold(g, 0, 29)
    me = Scripted()
    g.controllers = [me, Scripted()]
    play_turn(g, s.mode.turn_of(g, 0))
    asked = [d for d, _ in me.asked]
    assert "foothold" in asked


# --- CF-2, SKR-7, SKR-8 on Pozzuoli ------------------------------------------------------------------


def test_no_favor_and_favor_past_the_last_reward_do_nothing_CF_2(grid):
    """CF-2: favor of 0 moves nothing; once the bead is on the last reward "you do not benefit from crowd
    favor any further": the bead stays, no reward, nothing narrated (the total still counts, R-ENG-29)."""
    g = _pozzuoli_game(grid, [(mk_unit("a"), 0, C), (mk_unit("b"), 1, 0)])
    s = g.state
    n = len(s.log)
    s.mode.gain_favor(g, 0, 0, "nothing")
    assert len(s.log) == n and s.troops[0].favor == 0 and s.troops[0].favor_total == 0
    t = s.troops[0]
    t.favor = t.favor_total = 20
    t.rewards = 4
    n = len(s.log)
    s.mode.gain_favor(g, 0, 3, "too late")
    assert (t.favor, t.rewards, t.favor_total) == (20, 4, 23)
    assert len(s.log) == n, s.log[n:]


def test_catch_up_goes_to_the_first_player_when_it_is_behind_SKR_8(grid):
    """SKR-8: the catch-up goes to the player with the least total favor: here troop 0 (behind) when troop 1
    reaches its first reward; troop 1's unit is not touched."""
    g = _pozzuoli_game(grid, [(mk_unit("a"), 0, C), (mk_unit("b"), 1, 0)],
                       camp=[(mk_unit("hero", kind="hero"), 0), (mk_unit("hero2", kind="hero"), 1)])
    s = g.state
    s.troops[0].primary_hero, s.troops[1].primary_hero = 2, 3
    s.units[3].active = False
    s.troops[0].favor = s.troops[0].favor_total = 2
    g.controllers = [Scripted({"catch-up": lambda o: o[0]}), Scripted({"catch-up": lambda o: o[0]})]
    s.mode.gain_favor(g, 1, 5, "test")
    assert s.units[3].active  # troop 1's first reward
    assert s.units[0].hp == 6 and s.units[1].hp == 4


def test_the_turns_arena_step_counts_the_active_players_stones_SKR_7(grid):
    """SKR-7, TURN-1 step 1: the Skirmish turn's arena step on Pozzuoli checks the stone hexes of the player
    whose turn it is: 1 favor for one stone, narrated with its cause."""
    s1, _ = grid.tagged("stone")
    g = _pozzuoli_game(grid, [(mk_unit("a"), 0, s1), (mk_unit("b"), 1, C)])
    s = g.state
    s.mode.arena_step(g, 0)
    assert s.troops[0].favor == 1 and s.troops[1].favor == 0
    assert any("earns 1 crowd favor (1 stone hex(es))" in line for line in s.log)
    s.mode.arena_step(g, 1)
    assert s.troops[1].favor == 0


def test_defeat_favor_is_narrated_with_who_defeated_whom_SKR_7(grid):
    """SKR-7: the 2 favor for a defeat; the log says which unit defeated which."""
    g = _pozzuoli_game(grid, [(mk_unit("a", attack="2red"), 0, C), (mk_unit("b", health=2), 1, grid.neighbours[C][0]),
                              (mk_unit("c"), 1, 0)])
    s = g.state
    rules.attack(g, s.units[0], s.units[1])
    assert s.troops[0].favor == 2
    assert any("earns 2 crowd favor (a defeated b)" in line for line in s.log)


# --- SKR-12 and the end of a game ------------------------------------------------------------------


def test_no_units_loss_names_its_reason_and_the_winner_SKR_12(grid):
    """SKR-12 (Pozzuoli): after round 1 a player with no units in combat loses; the end reason says so and
    the last log line names the winner's faction."""
    g = _pozzuoli_game(grid, [(mk_unit("a", attack="2red"), 0, C), (mk_unit("b", health=2), 1, grid.neighbours[C][0])],
                       round_=2)
    rules.attack(g, g.state.units[0], g.state.units[1])
    s = g.state
    assert s.winner == 0 and s.end_reason == "opponent has no units in combat"
    assert s.log[-1] == "Game over: opponent has no units in combat; a wins"


def test_round_cap_is_the_default_sixty_rounds_and_a_draw(cat):
    """The round cap (a stalled game, not a rule of the book): `play_game` defaults to the mode's 60 rounds;
    the game is a draw and the log ends saying so; no log unless asked for."""
    r = play_game(cat, "skirmish", ["kunlun", "amazons"], "pozzuoli", [Passive(), Passive()],
                  rng=np.random.default_rng(0))
    assert r.rounds == Skirmish.default_max_rounds == 60 and r.winner is None and r.log is None
    r = play_game(cat, "skirmish", ["kunlun", "amazons"], "pozzuoli", [Passive(), Passive()],
                  rng=np.random.default_rng(0), max_rounds=2, log=True)
    assert r.winner is None and r.log[-1].startswith("Game over: round cap") and r.log[-1].endswith("; draw")


# --- entry points --------------------------------------------------------------------------------


def test_play_game_forces_the_first_player_uses_the_roller_and_names_its_arena_SKR_1_R_ENG_1(cat):
    """`play_game(first_player=1)`: the second faction plays first on the red side (R-ENG-1); the roller
    passed in rolls every die; the result names the ruleset and arena it was played on."""
    for arena, first in (("pozzuoli", 0), ("pozzuoli", 1), ("colosseum", 0), ("colosseum", 1)):
        rng = np.random.default_rng(5)
        roller = FixedRoller(mode="all")
        r = play_game(cat, "skirmish", ["kunlun", "amazons"], arena, [GreedyController(rng), GreedyController(rng)],
                      rng=rng, max_rounds=6, roller=roller, first_player=first)
        assert r.first_player == first and r.troops[first].side == "red" and r.troops[1 - first].side == "blue"
        assert r.ruleset == "remastered" and r.arena == arena and r.mode == "skirmish"
        assert roller.rolled


def test_play_game_refuses_another_mode_with_a_message(cat):
    with pytest.raises(InputError, match="plays skirmish only"):
        play_game(cat, "onslaught", ["kunlun", "amazons"], "pozzuoli", [Passive(), Passive()], rng=np.random.default_rng(0))


def test_new_game_follows_its_spec_SKR_1(cat):
    """`Skirmish.new_game`: the spec's forced first player (SKR-1's order, forced), the roller given, no log
    unless asked, and the mode object of the class it is called on (a bare board's has no favor)."""
    rng = np.random.default_rng(1)
    roller = FixedRoller(mode="none")
    spec = GameSpec("skirmish", ("kunlun", "amazons"), "pozzuoli", first=1)
    g = Skirmish.new_game(cat, spec, [Passive(), Passive()], rng=rng, roller=roller)
    assert g.state.order == [1, 0] and g.roller is roller and g.state.log is None
    assert type(g.state.mode) is Skirmish
    spec0 = GameSpec("skirmish", ("kunlun", "amazons"), "pozzuoli", first=0)
    assert Skirmish.new_game(cat, spec0, [Passive(), Passive()], rng=rng).state.order == [0, 1]
    b = BareBoard.new_game(cat, spec, [Passive(), Passive()], rng=rng, log=True)
    assert type(b.state.mode) is BareBoard and b.state.log is not None
    b.state.mode.gain_favor(b, 0, 5, "nothing on a bare board")
    assert b.state.troops[0].favor == 0


def test_for_scenario_gives_the_arenas_mode_or_its_bare_board(cat):
    """A scenario's mode: Skirmish on the arena named, or (`bare`) the bare board of that arena."""
    m = Skirmish.for_scenario("colosseum")
    assert type(m) is Skirmish and m.arena_id == "colosseum" and m.is_colosseum
    b = Skirmish.for_scenario("pozzuoli", bare=True)
    assert type(b) is BareBoard and b.arena_id == "pozzuoli"
    assert type(Skirmish.for_scenario("pozzuoli")) is Skirmish


def test_bare_board_deploys_on_the_sides_hexes_and_refuses_an_arena_without_them_ARN_2(cat, grid):
    """ARN-2: a bare Pozzuoli board deploys each side on its own six hexes; an arena with no deploy hexes for
    a side (the Colosseum's are outer/inner/center hexes) is refused with a message naming it."""
    s = setup(cat, ["kunlun", "amazons"], "pozzuoli", rng=np.random.default_rng(0), first_player=0)
    b = BareBoard("pozzuoli")
    red, blue = b.deployment_hexes(s, 0), b.deployment_hexes(s, 1)
    assert red == grid.tagged("deploy-red") and blue == grid.tagged("deploy-blue")
    assert len(red) == len(blue) == 6 and not set(red) & set(blue)
    c = setup(cat, ["kunlun", "amazons"], "colosseum", rng=np.random.default_rng(0))
    with pytest.raises(InputError, match=r"^deployment: arena 'colosseum' has no deploy-red hexes; "
                       r"deployment there is not supported by scenarios yet$"):
        BareBoard("colosseum").deployment_hexes(c, 0)


def test_rows_of_a_game_name_the_winner_and_its_units(cat):
    """`Skirmish.rows`: the sweep's games row (winner seat and faction, end reason, per-side counts) and one
    units row per chip that could take part, its kind from the catalog."""
    r = play_game(cat, "skirmish", ["kunlun", "amazons"], "pozzuoli", [Passive(), Passive()],
                  rng=np.random.default_rng(0), max_rounds=1)
    head = {"matchup": "kunlun-amazons", "arena": "pozzuoli", "game": 3, "faction_a": "kunlun", "faction_b": "amazons"}
    rows = Skirmish.rows(r, head, lambda uid: cat.units[uid].kind if uid in cat.units else None)
    (game,) = rows["games"]
    assert game["winner"] is None and game["rounds"] == 1 and game["end_reason"].startswith("round cap")
    assert game["matchup"] == "kunlun-amazons" and "a_units_deployed" in game and "b_crowd_favor" in game
    assert len(rows["units"]) == len(r.units) > 0
    assert {u["kind"] for u in rows["units"]} >= {"hero"} and all(u["game"] == 3 for u in rows["units"])


def test_unknown_arena_is_refused_with_the_allowed_ones(cat):
    for make in (lambda: Skirmish("olympia"),
                 lambda: setup(cat, ["kunlun", "amazons"], "olympia", rng=np.random.default_rng(0))):
        with pytest.raises(InputError, match=r"^unknown arena 'olympia' for skirmish; allowed: pozzuoli, colosseum$"):
            make()
    with pytest.raises(InputError, match="exactly 2 factions, got 1"):
        setup(cat, ["kunlun"], "pozzuoli", rng=np.random.default_rng(0))
    with pytest.raises(InputError, match="first_player must be 0, 1 or None, got 2"):
        setup(cat, ["kunlun", "amazons"], "pozzuoli", rng=np.random.default_rng(0), first_player=2)


# --- set-up (SKR-1, SKR-4) -----------------------------------------------------------------------------


def test_setup_forced_order_sides_and_narration_SKR_1_R_ENG_1(cat):
    """SKR-1 forced: `first_player=1` puts the second faction first, on red (R-ENG-1); the set-up line
    names each player by seat, in turn order, and who goes first. No log unless asked."""
    s = setup(cat, ["kunlun", "amazons"], "pozzuoli", rng=np.random.default_rng(0), first_player=1, log=True)
    assert s.order == [1, 0] and s.troops[1].side == "red" and s.troops[0].side == "blue"
    assert s.log[0] == "Set-up: player 2 amazons on red, player 1 kunlun on blue; amazons goes first"
    s = setup(cat, ["kunlun", "amazons"], "pozzuoli", rng=np.random.default_rng(0), first_player=0, log=True)
    assert s.order == [0, 1] and s.log[0] == "Set-up: player 1 kunlun on red, player 2 amazons on blue; kunlun goes first"
    assert setup(cat, ["kunlun", "amazons"], "pozzuoli", rng=np.random.default_rng(0)).log is None


def _without(cat, kind, keep=0):
    """The catalog with only the first `keep` chips of a kind (neutral heroes, sentinels)."""
    drop = [u.id for u in cat.units_of_kind(kind)][keep:]
    return dataclasses.replace(cat, units=FrozenMap({k: v for k, v in cat.units.items() if k not in drop}))


def test_each_player_gets_a_different_random_neutral_hero_SKR_4(cat):
    """SKR-4 (Pozzuoli): each player places a random neutral hero on their fourth reward space: two chips, so
    with exactly two neutral heroes in the catalog the players always get different ones (and each gets
    either, over seeds); with one both tracks hold it; with none no track holds a unit and the game sets
    up (no sentinel either: the Colosseum sets up without a support unit)."""
    two = _without(cat, "neutral-hero", keep=2)
    names = {u.id for u in two.units_of_kind("neutral-hero")}
    assert len(names) == 2
    firsts = set()
    for seed in range(30):
        s = setup(two, ["kunlun", "amazons"], "pozzuoli", rng=np.random.default_rng(seed))
        got = [[u.unit.id for u in s.zone(p, TRACK)] for p in range(2)]
        assert all(len(x) == 1 for x in got) and got[0][0] != got[1][0] and {got[0][0], got[1][0]} == names
        firsts.add(got[0][0])
    assert firsts == names
    one = _without(cat, "neutral-hero", keep=1)
    s = setup(one, ["kunlun", "amazons"], "pozzuoli", rng=np.random.default_rng(0))
    assert [u.unit.kind for p in range(2) for u in s.zone(p, TRACK)] == ["neutral-hero"] * 2
    none = _without(_without(cat, "neutral-hero"), "sentinel")
    for arena in ("pozzuoli", "colosseum"):
        s = setup(none, ["kunlun", "amazons"], arena, rng=np.random.default_rng(0))
        assert not s.zone(0, TRACK) and not s.zone(1, TRACK) and s.support_unit is None
    s = setup(cat, ["kunlun", "amazons"], "colosseum", rng=np.random.default_rng(0))
    assert s.support_unit is not None and s.support_unit.kind == "sentinel"


def test_catalog_facts_are_computed_once_per_catalog_object(cat):
    """Set-up's catalog facts are cached per catalog object: the same object for the same catalog, its
    faction lists computed once; an entry left under a reused id for another catalog is not trusted."""
    f = skirmish_module._facts(cat)
    assert skirmish_module._facts(cat) is f
    assert f.units("kunlun") is f.units("kunlun") and f.tactics("kunlun") is f.tactics("kunlun")
    assert f.units("kunlun") == cat.faction_units("kunlun") and f.tactics("amazons") == cat.faction_tactics("amazons")
    other = _without(cat, "neutral-hero", keep=1)
    skirmish_module._FACTS[id(cat)] = skirmish_module._CatalogFacts(other)
    fresh = skirmish_module._facts(cat)
    assert fresh.catalog is cat and len(fresh.neutrals) == len(cat.units_of_kind("neutral-hero"))
