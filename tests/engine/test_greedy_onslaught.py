"""The greedy policy in Onslaught (policies/greedy.py, "Onslaught" heuristics): mode-aware decisions on
hand-built positions, and greedy against random over seeded games."""

from __future__ import annotations

import numpy as np

from hoplostat.rulesets.remastered import rival, turn
from hoplostat.rulesets.remastered.onslaught import WaveSummary, play_onslaught, setup
from hoplostat.engine.rules import FixedRoller, Game
from hoplostat.engine.state import COMBAT
from hoplostat.policies import GreedyController, RandomController

STONES = (19, 38)
RED = (7, 15, 24, 25, 34, 43)


def build(cat, factions=("amazons",)):
    s = setup(cat, list(factions), rng=np.random.default_rng(0), immortal_order=["antony-blackbird"])
    greedy = GreedyController(np.random.default_rng(0))
    rc = rival.RivalController(s.mode.priority, players=greedy, players_troop=0)
    g = Game(s, FixedRoller(mode="none"), [greedy] * len(factions) + [rc, rc], np.random.default_rng(0))
    s.round, s.turn = 3, 10
    return g, greedy


def unit(s, troop, unit_id):
    return next(u.uid for u in s.units if u.troop == troop and u.unit.id == unit_id and u.zone != COMBAT)


def put(s, uid, hex_, hp=None):
    u = s.units[uid]
    u.zone, u.hex, u.deployed_turn, u.entered = COMBAT, hex_, -10, True
    u.hp = u.unit.health if hp is None else hp
    s.supply[s.troops[u.troop].side] -= u.hp
    s.board[hex_] = uid
    s.enter_combat(u)
    return uid


def put_immortal(s, hex_):
    uid = s.immortal_camp.pop(0)
    put(s, uid, hex_)
    s.immortal = uid
    s.waves.append(WaveSummary(s.units[uid].unit.id, s.units[uid].name, start_round=1))
    return uid


def test_greedy_keeps_the_primary_hero_in_camp_unless_forced(cat):
    """Policy, not rule: the primary hero's defeat ends an Onslaught game, so greedy does not deploy it
    while it may pass (it must deploy only when no unit is in combat)."""
    g, greedy = build(cat)
    s = g.state
    put_immortal(s, 20)
    hero = s.units[s.troops[0].primary_hero]
    hero.active = True
    w = put(s, unit(s, 0, "amazons/warrior"), 30)
    hero_only = [(hero.uid, h) for h in RED]
    assert greedy.choose(g, 0, "deploy", hero_only, optional=True) is None
    others = turn.deployable(g, 0, tuple(RED))
    uid, _ = greedy.choose(g, 0, "deploy", others, optional=True)
    assert uid != hero.uid
    # Forced: the hex farthest from the rivals' reach.
    s.units[w].zone = "discard"
    uid, h = greedy.choose(g, 0, "deploy", hero_only, optional=False)
    assert uid == hero.uid and min(s.grid.dist[h][x] for x in (20,)) == max(s.grid.dist[x][20] for x in RED)


def test_greedy_takes_a_free_stone(cat):
    """Policy, not rule: each unit on a stone at the start of the player turn costs the immortal 1 HP, so
    greedy moves a unit that can reach a free stone onto it."""
    g, greedy = build(cat)
    s = g.state
    put_immortal(s, 50)
    w = put(s, unit(s, 0, "amazons/warrior"), 17)
    opts = [(w, h) for h in s.grid.reachable(17, 2, s.blocked_for_move(0), set())]
    assert any(h in STONES for _, h in opts)
    assert greedy.choose(g, 0, "move", opts, optional=True)[1] in STONES
    # Already on a stone: it stays on one.
    s.board[17], s.units[w].hex = -1, 19
    s.board[19] = w
    opts = [(w, h) for h in s.grid.reachable(19, 2, s.blocked_for_move(0), set())]
    got = greedy.choose(g, 0, "move", opts, optional=True)
    assert got is None or got[1] in STONES


def test_greedy_attacks_arena_units_before_the_immortal(cat):
    """Policy, not rule: damage to the immortal only earns favor while an arena unit's defeat costs the
    immortal 1 HP, so with both in Range greedy attacks the arena unit; with only the immortal, the immortal."""
    g, greedy = build(cat)
    s = g.state
    imm = put_immortal(s, 20)
    bandit = put(s, unit(s, s.arena_troop, "bandit"), 30, hp=2)
    w = put(s, unit(s, 0, "amazons/warrior"), 29)
    assert s.grid.dist[29][20] == 1 and s.grid.dist[29][30] == 1
    opts = [("attack", w, imm), ("attack", w, bandit)]
    assert greedy.choose(g, 0, "engage", opts, optional=True) == ("attack", w, bandit)
    assert greedy.choose(g, 0, "engage", [("attack", w, imm)], optional=True) == ("attack", w, imm)


def test_greedy_scoring_comes_from_the_modes_declared_heuristics(cat):
    """The stone-holding scoring applies because the mode declares it (`Mode.greedy`: Onslaught's own heuristics
    class), never by guessing from the state: Skirmish plays the core heuristics, Ascension its own; and the
    weights greedy uses are the mode's (a mode with stone 0 makes a stone worth nothing)."""
    from dataclasses import replace

    from hoplostat.engine.loop import mode_class
    from hoplostat.rulesets.remastered.ascension.players import AscensionGreedy
    from hoplostat.rulesets.remastered.onslaught.players import OnslaughtGreedy

    g, greedy = build(cat)
    assert mode_class("onslaught").greedy() is OnslaughtGreedy
    assert type(greedy._heuristics_for(type(g.state.mode))) is OnslaughtGreedy
    assert mode_class("skirmish").greedy() is None
    assert mode_class("ascension").greedy() is AscensionGreedy

    # The weights are the mode's: the same position, with a mode that makes stones worthless, is not
    # answered with a stone.
    g, greedy = build(cat)
    s = g.state
    put_immortal(s, 50)
    w = put(s, unit(s, 0, "amazons/warrior"), 17)
    opts = [(w, h) for h in s.grid.reachable(17, 2, s.blocked_for_move(0), set())]
    assert greedy.choose(g, 0, "move", opts, optional=True)[1] in STONES

    class NoStones(type(s.mode)):
        heuristics = replace(type(s.mode).heuristics, stone=-100.0)

    s.mode.__class__ = NoStones
    got = greedy.choose(g, 0, "move", opts, optional=True)
    assert got is None or got[1] not in STONES


def test_greedy_beats_random_in_onslaught_over_seeded_games(cat):
    """Over 40 seeded solo games (the eight factions in turn), greedy defeats more immortals on average than
    random: observed means 0.22-0.40 for greedy and 0.00-0.03 for random over five blocks of 40 seeds."""
    facs = sorted(cat.factions)

    def mean(policy):
        total = 0
        for i in range(40):
            rng = np.random.default_rng(i)
            ctrl = GreedyController(rng) if policy == "greedy" else RandomController(rng)
            total += play_onslaught(cat, [facs[i % len(facs)]], [ctrl], rng=rng).extras["immortals_defeated"]
        return total / 40

    greedy, random = mean("greedy"), mean("random")
    assert greedy >= random + 0.1, (greedy, random)
