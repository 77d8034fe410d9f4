"""The greedy policy in Skirmish (policies/greedy.py): one hand-built position per blunder that play-testing found
(issue 14, "a fixed greedy"), each showing the better choice; every test failed on the greedy before its fix.
Policy tests, not rule tests: the rule ids in the docstrings say which rule makes a choice better.

Maps (stand-in geometry, data/remastered/arenas/): Pozzuoli stones 19 and 38; Colosseum chained hero hexes red 34,
blue 44, center 39, inner 18 20 37 41 58 60, pedestals 0 6 72 78.
"""

from __future__ import annotations

import numpy as np

from hoplostat.engine import rules
from hoplostat.engine.rules import FixedRoller, Game
from hoplostat.engine.state import BAG, CAMP, COMBAT, DISCARD
from hoplostat.policies import GreedyController
from hoplostat.rulesets.remastered import colosseum, turn
from hoplostat.rulesets.remastered.colosseum import FOOTHOLD, HERO, HP, SUPPORT
from hoplostat.rulesets.remastered.skirmish import POZZUOLI_REWARDS, setup

STONES = (19, 38)
BLUE_CHAIN = 44


def build(cat, factions, arena):
    """A Skirmish position mid-game (round 3, troop 0's turn, nothing on the board but the Colosseum's chained
    heroes): troop 0 red and first, troop 1 blue; every unit still in the bag."""
    s = setup(cat, list(factions), arena, rng=np.random.default_rng(0), first_player=0)
    greedy = GreedyController(np.random.default_rng(0))
    g = Game(s, FixedRoller(mode="none"), [greedy, greedy], np.random.default_rng(0))
    s.round, s.turn, s.active = 3, 5, 0
    return g, greedy


def put(s, troop, unit_id, hex_, hp=None):
    """Put a unit of the troop's chips in combat (not dazed, active), its HP from the supply."""
    u = next(u for u in s.units if u.troop == troop and u.unit.id == unit_id and u.zone != COMBAT)
    u.zone, u.hex, u.deployed_turn, u.entered, u.active = COMBAT, hex_, -10, True, True
    u.hp = u.unit.health if hp is None else hp
    s.supply[s.supply_of(u.troop)] -= u.hp
    s.board[hex_] = u.uid
    s.enter_combat(u)
    return u


def hero_of(s, troop):
    return s.units[s.troops[troop].primary_hero]


def exhaust(s, troop):
    """The troop has nothing left to fight with but its primary hero: every other chip in the discard."""
    for u in s.units:
        if u.troop == troop and not u.is_primary_hero and u.zone in (BAG, CAMP):
            u.zone = DISCARD


def move_options(s, u):
    return [(u.uid, h) for h in s.grid.reachable(u.hex, rules.movement_of(s, u), s.blocked_for_move(u.troop), set())]


# --- 1. chained heroes ------------------------------------------------------------------------------------------


def test_greedy_leaves_a_chained_hero_asleep_unless_it_falls(cat):
    """Policy, not rule. Blunder 1: greedy attacked the opponent's chained hero whenever it was in Range, and any
    damage wakes it (SKR-10); on the Colosseum 141 of 300 greedy games woke a hero early, and the second player won
    171 to 104. Now a lone attack that will not defeat it is not made; an attack that likely defeats it (here on 1
    HP) is, and so is any attack in the endgame, when the hero is all the opponent has left."""
    g, greedy = build(cat, ("kunlun", "amazons"), "colosseum")
    s = g.state
    hero = hero_of(s, 1)
    assert hero.hex == BLUE_CHAIN and not hero.active
    a = put(s, 0, "kunlun/attacker-2", 43)  # black+yellow, next to the chained hero
    opts = [("attack", a.uid, hero.uid)]
    assert greedy.choose(g, 0, "engage", opts, optional=True) is None
    hero.hp = 1  # one hit wins the game: P = 1 - 1/6 x 2/3
    assert greedy.choose(g, 0, "engage", opts, optional=True) == opts[0]
    hero.hp = hero.unit.health
    exhaust(s, 1)
    assert greedy.choose(g, 0, "engage", opts, optional=True) == opts[0]


def test_greedy_fury_aura_spares_a_chained_hero(cat):
    """Policy, not rule. Blunder 1 (Abilities, tactics): Fury Aura and the Vesuvians' tactic deal 1 damage to every
    opponent adjacent to the unit, so greedy used them next to a chained hero and woke it. Neither is used then,
    unless the 1 damage defeats the hero."""
    g, greedy = build(cat, ("vesuvians", "amazons"), "colosseum")
    s = g.state
    u = put(s, 0, "vesuvians/attacker-1", 43)
    opts = rules.ability_options(g, 0)
    assert [o[1] for o in opts] == ["fury-aura"]
    camp = s.troops[0].tactics_camp
    i = next(k for k, t in enumerate(camp) if t.id == "vesuvians/tactic")  # damage-adjacent 1
    assert greedy.choose(g, 0, "ability", opts, optional=True) is None
    assert greedy.choose(g, 0, "tactic", [(i, u.uid)], optional=True) is None
    hero_of(s, 1).hp = 1
    assert greedy.choose(g, 0, "ability", opts, optional=True) == opts[0]
    assert greedy.choose(g, 0, "tactic", [(i, u.uid)], optional=True) == (i, u.uid)


# --- 2. the endgame ----------------------------------------------------------------------------------------------


def test_greedy_hunts_the_last_opposing_hero(cat):
    """Policy, not rule. Blunder 2: the primary hero kept its distance even when the opposing hero was all that was
    left, so both heroes walked around each other until the round cap (8% draws on the Colosseum). Once the opponent
    has nothing else to fight with, the own hero closes in on the opposing hero, and the other units go for it
    rather than for a nearer sentinel."""
    g, greedy = build(cat, ("kunlun", "amazons"), "colosseum")
    s = g.state
    exhaust(s, 1)
    theirs, mine = hero_of(s, 1), hero_of(s, 0)
    for h in (theirs, mine):
        s.board[h.hex] = -1
        h.active = True
    s.board[30], s.board[35] = theirs.uid, mine.uid
    theirs.hex, mine.hex = 30, 35
    d = s.grid.dist
    assert d[35][30] == 6 and rules.movement_of(s, mine) == 3
    got = greedy.choose(g, 0, "move", move_options(s, mine), optional=True)
    assert got is not None and d[got[1]][30] == 3  # as close as Movement 3 gets it
    # A unit goes for the hero, not for the sentinel next to it.
    rules.place_sentinel(g, 1, 72)
    u = put(s, 0, "kunlun/attacker-2", 65)
    assert d[65][72] == 1 and d[65][30] > 4
    got = greedy.choose(g, 0, "move", move_options(s, u), optional=True)
    assert got is not None and d[got[1]][30] < d[65][30]


# --- 3. stones once the favor track is full ---------------------------------------------------------------------


def test_greedy_leaves_a_stone_once_favor_is_capped(cat):
    """Policy, not rule. Blunder 3: on Pozzuoli greedy kept units on the stone hexes after its bead reached the last
    reward, where a stone earns nothing (CF-2, SKR-7). Below the cap the unit holds its stone; at the cap it moves
    toward the opponent."""
    g, greedy = build(cat, ("kunlun", "amazons"), "pozzuoli")
    s = g.state
    u = put(s, 0, "kunlun/attacker-2", STONES[0])
    put(s, 1, "amazons/attacker-3", 42)
    assert s.grid.dist[19][42] > rules.movement_of(s, u) + 1
    opts = move_options(s, u)
    s.troops[0].favor = POZZUOLI_REWARDS[-1] - 1
    got = greedy.choose(g, 0, "move", opts, optional=True)
    assert got is None or got[1] in STONES  # it holds a stone (the nearer one to the opponent)
    s.troops[0].favor = POZZUOLI_REWARDS[-1]
    got = greedy.choose(g, 0, "move", opts, optional=True)
    assert got is not None and s.grid.dist[got[1]][42] == min(s.grid.dist[h][42] for _, h in opts) < 4
    assert got[1] not in STONES


def test_the_mode_says_when_its_stones_stop_paying(cat):
    """Greedy asks the mode (`Mode.stones_pay`) instead of keeping its own copy of the last Pozzuoli reward: a
    stone pays below the last reward (SKR-7) and not on it (CF-2); on the Colosseum, whose tracks the stones do
    not feed, the question does not arise."""
    g, _ = build(cat, ("kunlun", "amazons"), "pozzuoli")
    s = g.state
    s.troops[0].favor = POZZUOLI_REWARDS[-1] - 1
    assert s.mode.stones_pay(s, 0)
    s.troops[0].favor = POZZUOLI_REWARDS[-1]
    assert not s.mode.stones_pay(s, 0)
    g, _ = build(cat, ("kunlun", "amazons"), "colosseum")
    g.state.troops[0].favor = POZZUOLI_REWARDS[-1]
    assert g.state.mode.stones_pay(g.state, 0)


# --- 4. Swap, Shove, Impel, Reposition ------------------------------------------------------------------------


def test_greedy_shoves_an_opponent_off_a_stone(cat):
    """Policy, not rule. Blunder 4 (Shove): greedy never used Shove. An opponent on a stone that still earns it
    favor (SKR-7) is shoved off it, and the shover takes the stone."""
    g, greedy = build(cat, ("kunlun", "amazons"), "pozzuoli")
    s = g.state
    shover = put(s, 0, "kunlun/attacker-1", 18)
    o = put(s, 1, "amazons/attacker-3", STONES[0])
    assert s.grid.beyond(18, 19) == 20
    opts = rules.ability_options(g, 0)
    assert opts == [(shover.uid, "shove", (o.uid,))]
    assert greedy.choose(g, 0, "ability", opts, optional=True) == opts[0]


def test_greedy_impels_an_ally_with_a_target(cat):
    """Policy, not rule. Blunder 4 (Impel): greedy never used Impel, a free second attack for an adjacent ally. It
    impels the ally that has an opponent in Range, and not one that has none."""
    g, greedy = build(cat, ("new-argonauts", "amazons"), "pozzuoli")
    s = g.state
    imp = put(s, 0, "new-argonauts/attacker-2", 28)
    ally = put(s, 0, "new-argonauts/attacker-1", 29)
    opts = rules.ability_options(g, 0)
    assert opts == [(imp.uid, "impel", (ally.uid,))]
    assert greedy.choose(g, 0, "ability", opts, optional=True) is None  # no opponent in Range of the ally
    put(s, 1, "amazons/attacker-3", 30)
    assert greedy.choose(g, 0, "ability", opts, optional=True) == opts[0]


def test_greedy_swaps_an_archer_into_range(cat):
    """Policy, not rule. Blunder 4 (Swap): greedy never used Swap. A defender (Range 1) in front of an archer (Range
    2) with the opponent 2 hexes from the defender and 3 from the archer swaps places with the archer, which can
    then attack."""
    g, greedy = build(cat, ("kunlun", "amazons"), "pozzuoli")
    s = g.state
    d = s.grid.dist
    defender = put(s, 0, "kunlun/defender-1", 28)
    archer = put(s, 0, "kunlun/archer-1", 27)
    put(s, 1, "amazons/attacker-3", 30)
    assert d[28][30] == 2 and d[27][30] == 3 and rules.range_of(s, archer) == 2
    opts = rules.ability_options(g, 0)
    assert (defender.uid, "swap", (archer.uid,)) in opts
    assert greedy.choose(g, 0, "ability", opts, optional=True) == (defender.uid, "swap", (archer.uid,))


def test_greedy_repositions_an_archer_with_nothing_to_attack(cat):
    """Policy, not rule. Blunder 4 (Reposition): greedy never used Reposition (a Special: 1 hex instead of
    attacking). An archer with no opponent in Range steps to a hex from which it has one."""
    g, greedy = build(cat, ("parthians", "amazons"), "pozzuoli")
    s = g.state
    d = s.grid.dist
    archer = put(s, 0, "parthians/archer-1", 26)
    put(s, 1, "amazons/attacker-3", 30)
    assert d[26][30] == 4 and rules.range_of(s, archer) == 3
    opts = turn.engage_options(g, archer)
    assert opts and all(o[2] == "reposition" for o in opts)
    got = greedy.choose(g, 0, "engage", opts, optional=True)
    assert got is not None and d[got[3][0]][30] == 3


# --- 5. Bolster Health -------------------------------------------------------------------------------------------


def test_greedy_bolsters_a_damaged_unit(cat):
    """Policy, not rule. Blunder 5: greedy gave Bolster Health (gains 2 HP, which may exceed Health: UNIT-4) to the
    unit with the most HP, mostly one at full HP. It goes to a damaged unit; and when every unit is at full HP and
    none can be attacked next turn, it stays in camp."""
    g, greedy = build(cat, ("kunlun", "amazons"), "pozzuoli")
    s = g.state
    camp = s.troops[0].tactics_camp
    i = next(k for k, t in enumerate(camp) if t.id == "bolster-health")
    big = put(s, 0, "kunlun/defender-1", 25)
    small = put(s, 0, "kunlun/archer-1", 26, hp=1)
    put(s, 1, "amazons/attacker-3", 32)
    opts = [(i, big.uid), (i, small.uid)]
    assert greedy.choose(g, 0, "tactic", opts, optional=True) == (i, small.uid)
    assert greedy.choose(g, 0, "tactic", [(i, big.uid)], optional=True) is None  # full HP, nobody can reach it
    s.board[32] = -1
    o = next(x for x in s.units if x.troop == 1 and x.zone == COMBAT)
    o.hex, s.board[27] = 27, o.uid  # now it can
    assert greedy.choose(g, 0, "tactic", [(i, big.uid)], optional=True) == (i, big.uid)


# --- 6. Colosseum tracks -----------------------------------------------------------------------------------------


def test_greedy_does_not_hand_the_opponent_a_sentinel_for_little(cat):
    """Policy, not rule. Blunder 6: greedy completed the Colosseum tracks in one fixed order, though "add 3 HP",
    "activate your hero" and "move or flip a foothold" each hand the opponent its support chip (SKR-11), a sentinel
    when it can place one. With its hero already awake, 3 HP is worth less than the opponent's sentinel: greedy
    leaves the track (losing its progress, CF-4) instead of completing it; when the opponent cannot place a sentinel
    (no HP for it in its supply) the chip is only a foothold, and greedy goes on."""
    g, greedy = build(cat, ("kunlun", "amazons"), "colosseum")
    s = g.state
    t = s.troops[0]
    t.tracks_done[SUPPORT] = True
    colosseum.activate_hero(g, hero_of(s, 0))
    put(s, 0, "kunlun/attacker-2", 30)
    t.track, t.favor = HP, 3
    opts = colosseum.open_tracks(s, 0)
    assert opts == [HP, HERO, FOOTHOLD] and colosseum.can_place_sentinel(s, 1)
    assert greedy.choose(g, 0, "track", opts, optional=False) != HP
    s.supply[s.supply_of(1)] = 3
    assert not colosseum.can_place_sentinel(s, 1)
    assert greedy.choose(g, 0, "track", opts, optional=False) == HP
