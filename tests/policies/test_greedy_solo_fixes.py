"""The greedy player's Onslaught and Ascension blunders found in play-testing (issue 14, "a fixed greedy"), each
pinned on a tiny hand-built position: the better choice greedy now makes, which the greedy before the fix
did not (each test fails on it). Policy, not rules: the rule ids named are the ones the choice rests on."""

from __future__ import annotations

import numpy as np
import pytest

import hoplostat.rulesets  # noqa: F401  (registers the skills and modes)
from hoplostat.catalog import load
from hoplostat.engine import rules
from hoplostat.engine.rules import FixedRoller, Game
from hoplostat.engine.state import CAMP, COMBAT
from hoplostat.policies import GreedyController
from hoplostat.rulesets.remastered import ascension, colosseum, onslaught, rival

from engine.enginekit import put_in_combat as put  # tests/engine's helpers (tests/ is on the path)

STONES = (19, 38)


@pytest.fixture(scope="module")
def cat():
    return load()


def chip(s, troop, unit_id):
    return next(u.uid for u in s.units if u.troop == troop and u.unit.id == unit_id and u.zone != COMBAT)


# --------------------------------------------------------------------------- Onslaught


def onslaught_game(cat, factions=("amazons",)):
    s = onslaught.setup(cat, list(factions), rng=np.random.default_rng(0), immortal_order=["antony-blackbird"])
    greedy = GreedyController(np.random.default_rng(0))
    rc = rival.RivalController(s.mode.priority, players=greedy, players_troop=0)
    g = Game(s, FixedRoller(mode="none"), [greedy] * len(factions) + [rc, rc], np.random.default_rng(0))
    s.round, s.turn = 3, 10
    return g, greedy


def put_immortal(s, hex_, hp=None):
    uid = s.immortal_camp.pop(0)
    put(s, uid, hex_, hp)
    s.immortal = uid
    s.waves.append(onslaught.WaveSummary(s.units[uid].unit.id, s.units[uid].name, start_round=1))
    return uid


def test_onslaught_favor_is_worth_the_heros_activation_while_the_hero_is_inactive(cat):
    """Blunder 1 (ONS-8, CF-3, ONS-12, UNIT-8): favor comes only from damage to the immortal, and the first
    5 activate the primary hero, without which a troop out of units forfeits with its hero in camp. With the
    hero inactive and the bead on 0, greedy attacks the immortal rather than chip 1-2 HP off a 6-HP arena unit
    it cannot defeat (the old greedy weighed favor 0.5 per damage, so it never got there: 13 of 24 solo games
    forfeited). Once the hero is active and the next reward buys nothing (no tactic discarded), the arena
    unit again."""
    g, greedy = onslaught_game(cat)
    s = g.state
    imm = put_immortal(s, 20)
    hippo = put(s, chip(s, s.arena_troop, "hippopotamus"), 30)
    w = put(s, chip(s, 0, "amazons/warrior"), 29)
    assert s.grid.dist[29][20] == 1 and s.grid.dist[29][30] == 1
    t = s.troops[0]
    assert t.favor == 0 and not s.units[t.primary_hero].active
    opts = [("attack", w, imm), ("attack", w, hippo)]
    assert greedy.choose(g, 0, "engage", opts, optional=True) == ("attack", w, imm)
    # The first reward claimed (the hero active): favor buys nothing greedy weighs before the second reward.
    s.units[t.primary_hero].active = True
    t.favor, t.rewards = 5, 1
    assert not t.tactics_discard
    assert greedy.choose(g, 0, "engage", opts, optional=True) == ("attack", w, hippo)


def test_onslaught_stone_only_taken_when_the_unit_can_survive_the_rivals_reply(cat):
    """Blunder 2 (ONS-4, ONS-7): every rival marks a unit on a stone first, and a stone pays (1 immortal HP)
    only if its unit is still there at the start of the next player turn. A 3-HP unit that could step onto a
    stone all three rivals can reach next turn (immortal, Bandit, Hippopotamus: 7 dice, 94% to defeat it)
    attacks the Bandit from a plain hex instead (the old greedy stepped onto the stone, worth 8 + HP/2
    whatever came next: seed 4, 10 units lost for 3 immortal HP). With support, a team unit already on the
    other stone nearer to the rivals (it draws their marks), it takes the stone."""
    g, greedy = onslaught_game(cat)
    s = g.state
    dist = s.grid.dist
    put_immortal(s, 21)
    bandit = put(s, chip(s, s.arena_troop, "bandit"), 3)
    put(s, chip(s, s.arena_troop, "hippopotamus"), 30)
    w = put(s, chip(s, 0, "amazons/warrior"), 17)
    assert all(dist[o.hex][19] <= rules.movement_of(s, o) + rules.range_of(s, o) for o in s.opponents_of(0))
    opts = [(w, h) for h in s.grid.reachable(17, 2, s.blocked_for_move(0), set())]
    assert (w, 19) in opts
    got = greedy.choose(g, 0, "move", opts, optional=True)
    assert got is not None and got[1] not in STONES and dist[got[1]][s.units[bandit].hex] == 1

    # Support: the rivals stand next to the other stone, held by a sturdy team unit; none is nearer 19.
    g, greedy = onslaught_game(cat)
    s = g.state
    put_immortal(s, 39)
    put(s, chip(s, s.arena_troop, "bandit"), 46)
    put(s, chip(s, s.arena_troop, "hippopotamus"), 47)
    put(s, chip(s, 0, "amazons/defender-2"), 38)
    w = put(s, chip(s, 0, "amazons/warrior"), 17)
    assert all(dist[o.hex][38] < dist[o.hex][19] for o in s.opponents_of(0))
    opts = [(w, h) for h in s.grid.reachable(17, 2, s.blocked_for_move(0), set())]
    assert greedy.choose(g, 0, "move", opts, optional=True) == (w, 19)


def test_onslaught_hurl_never_pulls_a_rival_next_to_the_stone_unless_it_dies(cat):
    """Blunder 3 (Hurl: displace an adjacent unit N hexes from the hurler; ONS-4, ONS-7): the Mountain Radical
    next to the immortal and to its team's unit on a stone does not hurl the immortal next to that stone
    holder, though two of its units would then have it in Range (the old greedy did: the immortal ignores
    the damage, ONS-7, and attacks the holder first). An arena unit with 1 HP it does pull there: the two
    attacks that follow very likely defeat it (1 immortal HP)."""
    g, greedy = onslaught_game(cat, ("kunlun",))
    s = g.state
    dist = s.grid.dist
    imm = put_immortal(s, 21)
    put(s, chip(s, 0, "kunlun/defender-1"), 19)
    radical = put(s, chip(s, 0, "kunlun/mountain-radical"), 20)
    hurls = [o for o in rules.ability_options(g, 0) if o[1] == "hurl" and o[2][0] == imm]
    pulls = [o for o in hurls if dist[o[2][1]][19] < dist[21][19]]
    assert pulls and all(o[0] == radical for o in hurls)
    got = greedy.choose(g, 0, "ability", hurls, optional=True)
    assert got is None or dist[got[2][1]][19] >= dist[21][19]

    g, greedy = onslaught_game(cat, ("kunlun",))
    s = g.state
    put_immortal(s, 50)
    bandit = put(s, chip(s, s.arena_troop, "bandit"), 21, hp=1)
    put(s, chip(s, 0, "kunlun/defender-1"), 19)
    put(s, chip(s, 0, "kunlun/mountain-radical"), 20)
    hurls = [o for o in rules.ability_options(g, 0) if o[1] == "hurl" and o[2][0] == bandit]
    got = greedy.choose(g, 0, "ability", hurls, optional=True)
    assert got is not None and dist[got[2][1]][19] == 1


# --------------------------------------------------------------------------- Ascension


def ascension_game(cat, titan, factions=("kunlun",)):
    s = ascension.setup(cat, titan, list(factions), rng=np.random.default_rng(0))
    greedy = GreedyController(np.random.default_rng(0))
    g = ascension.build_game(s, [greedy] * len(factions), rng=np.random.default_rng(0), roller=FixedRoller(mode="none"))
    ascension.choose_forces(g)
    s.round, s.turn, s.titan_turns = 3, 10, 2
    return g, greedy


def test_ascension_unit_picks_up_a_shard_it_can_reach(cat):
    """Blunder 4, shards (ASC-10, ruling R-ASC-6): against Ifreet, whose shards lie without HP on the pedestals
    and give their holder an extra yellow die on every attack, a unit that can end its move next to a
    pedestal does, and equips the shard (the old greedy never weighed shards and walked toward the titan)."""
    g, greedy = ascension_game(cat, "ifreet")
    s = g.state
    grid = s.grid
    put(s, s.titan_uid, 39)
    w = put(s, chip(s, 0, "kunlun/warrior"), 16)
    opts = [(w, h) for h in grid.reachable(16, 2, s.blocked_for_move(0), set())]
    lying = [sh.hex for sh in s.shards if sh.holder < 0 and sh.colour is None]
    assert 0 in lying and any(grid.dist[h][0] == 1 for _, h in opts)
    got = greedy.choose(g, 0, "move", opts, optional=True)
    assert got is not None and grid.dist[got[1]][0] == 1
    rules.move(g, s.units[w], got[1])
    assert w in s.shard_holders


def test_ascension_track_activates_the_inactive_hero_before_the_support_chip(cat):
    """Blunder 4, tracks (CF-4, CF-6, UNIT-8, ASC-11): the primary hero starts inactive in camp and cannot
    deploy until activated, so a team out of units forfeits: with no progress on any track, greedy starts
    "activate your hero" (the old greedy always took "gain this support chip" first; 56 of 100 games against
    Titan E were forfeits). A track with progress is continued; with the hero active, the support chip."""
    g, greedy = ascension_game(cat, "titan-e")
    s = g.state
    t = s.troops[0]
    hero = s.units[t.primary_hero]
    assert hero.zone == CAMP and not hero.active
    opts = colosseum.open_tracks(s, 0)
    assert greedy.choose(g, 0, "track", opts, optional=False) == colosseum.HERO
    t.track, t.favor = colosseum.HP, 2
    assert greedy.choose(g, 0, "track", opts, optional=False) == colosseum.HP
    t.track, t.favor = -1, 0
    hero.active = True
    assert greedy.choose(g, 0, "track", opts, optional=False) == colosseum.SUPPORT


def support_options(s):
    """The foothold hexes of Ascension's support placement (SUP-2, ASC-12): no pedestal, not the center, no
    other foothold, no opposing unit."""
    center = s.grid.tagged("center")
    return [("foothold", h) for h in range(s.grid.n)
            if not s.grid.move_block[h] and h not in center and h not in s.footholds
            and (s.board[h] < 0 or s.teams[s.units[s.board[h]].troop] == 0)]


def test_ascension_coop_footholds_help_the_partner_and_deny_only_the_rivals(cat):
    """Blunder 5 (SUP-1..3, DEP-6, ARN-5, ASC-12): in co-op the partner is on the same team and footholds are
    shared. Player A places the foothold under the partner's unit on an inner hex (it may attack again) rather
    than on A's own outer deployment hexes, which the old greedy took for "the opponent's" (it used the troop
    1 - troop, the partner); with no such unit, on the rivals' outer hexes (the arena units deploy there),
    never A's own."""
    g, greedy = ascension_game(cat, "mars", ("kunlun", "amazons"))
    s = g.state
    grid = s.grid
    put(s, s.titan_uid, 39)
    put(s, chip(s, 1, "amazons/warrior"), 18)
    assert grid.inner[18] and s.muted[18]
    assert greedy.choose(g, 0, "support", support_options(s), optional=False) == ("foothold", 18)

    g, greedy = ascension_game(cat, "mars", ("kunlun", "amazons"))
    s = g.state
    put(s, s.titan_uid, 39)
    kind, h = greedy.choose(g, 0, "support", support_options(s), optional=False)
    assert kind == "foothold" and h in s.grid.tagged("outer-blue")
