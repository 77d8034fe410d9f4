"""Teams across troops (UNIT-11): a co-op partner's units and the other rival troop's units are allies for
Combat Lock, auras (Inspire, Strategic Attack, Pervasive Absorb), Cover, Intercept Blow and Impel
(`rules.same_team`, ruling R-ENG-25). Positions on the real Pozzuoli map, Onslaught co-op set-up."""

from __future__ import annotations

import numpy as np
from engine.enginekit import Scripted

from hoplostat.dice import Pool
from hoplostat.engine import rules
from hoplostat.engine.rules import FixedRoller, Game
from hoplostat.engine.state import COMBAT
from hoplostat.rulesets.remastered import rival, turn
from hoplostat.rulesets.remastered.onslaught import WaveSummary, setup


def build(cat, factions, *, order=("antony-blackbird",), roller=None, players=None):
    s = setup(cat, list(factions), rng=np.random.default_rng(0), immortal_order=list(order))
    players = players or Scripted()
    rc = rival.RivalController(s.mode.priority, players=players, players_troop=0)
    g = Game(s, roller or FixedRoller(mode="none"), [players] * len(factions) + [rc, rc], np.random.default_rng(0))
    s.round, s.turn = 3, 10
    return g


def put(s, troop, unit_id, hex_, hp=None):
    u = next(u for u in s.units if u.troop == troop and u.unit.id == unit_id and u.zone != COMBAT)
    u.zone, u.hex, u.deployed_turn, u.entered = COMBAT, hex_, -10, True
    u.hp = u.unit.health if hp is None else hp
    s.supply[s.troops[u.troop].side] -= u.hp
    s.board[hex_] = u.uid
    s.enter_combat(u)
    if u.unit.kind == "immortal":
        s.immortal_camp.remove(u.uid)
        s.immortal = u.uid
        s.waves.append(WaveSummary(u.unit.id, u.name, start_round=1))
    return u


def test_partner_combat_lock_does_not_lock_your_units_UNIT_11_R_ENG_25(cat):
    """UNIT-11: the co-op partner's Combat Lock (Atlantean Beast I) does not lock your unit; a rival's does."""
    g = build(cat, ("amazons", "atlanteans"))
    s = g.state
    beast = put(s, 1, "atlanteans/beast-1", 29)
    w = put(s, 0, "amazons/warrior", 30)
    assert s.grid.dist[29][30] == 1
    assert 30 not in rules.locked_hexes(s, 0) and 29 not in rules.locked_hexes(s, 1)
    moves: list = []
    ctrl = Scripted({"move": lambda o: moves.append(list(o)) or None})
    g.controllers = [ctrl, ctrl, *g.controllers[2:]]
    turn.movement_step(g, 0)
    assert any(uid == w.uid for uid, _ in moves[0])
    # The arena's Hippopotamus (Combat Lock) next to the Warrior locks it, and nobody on the rival team.
    put(s, s.arena_troop, "hippopotamus", 31)
    assert s.grid.dist[31][30] == 1
    assert 30 in rules.locked_hexes(s, 0) and beast.hex not in rules.locked_hexes(s, s.imm_troop)


def test_auras_reach_the_partners_units_UNIT_11_R_ENG_25(cat):
    """Inspire (New Argonauts Archer II), Strategic Attack (Amazons Tactician I) and Pervasive Absorb
    (Atlantean Defender IV) reach allied units of the co-op partner's troop."""
    g = build(cat, ("amazons", "new-argonauts"))
    s = g.state
    imm = put(s, s.imm_troop, "antony-blackbird", 20)
    w = put(s, 0, "amazons/warrior", 29)
    archer = put(s, 1, "new-argonauts/archer-2", 27)
    assert s.grid.dist[27][29] == 2
    _, bonus, _ = rules.attack_profile(g, w, imm)
    assert bonus == 1  # the partner's Inspire
    tac = put(s, 0, "amazons/tactician-1", 28)
    assert s.grid.dist[28][27] == 1
    pool, _, _ = rules.attack_profile(g, archer, imm)
    assert pool == archer.unit.attack + Pool.of(yellow=1)  # the partner's Strategic Attack
    assert tac is not None

    g2 = build(cat, ("amazons", "atlanteans"))
    s2 = g2.state
    imm2 = put(s2, s2.imm_troop, "antony-blackbird", 20)
    w2 = put(s2, 0, "amazons/warrior", 29)
    put(s2, 1, "atlanteans/defender-4", 28)
    assert s2.grid.dist[28][29] == 1
    assert rules.attack_profile(g2, imm2, w2)[2] == 1  # the partner's Pervasive Absorb


def test_auras_reach_the_other_rival_troop_UNIT_11_R_ENG_25(cat):
    """An immortal's Inspire (Immortal F, stand-in) reaches the arena units, its allies in another troop."""
    g = build(cat, ("amazons",), order=("immortal-f",))
    s = g.state
    put(s, s.imm_troop, "immortal-f", 20)
    bandit = put(s, s.arena_troop, "bandit", 21)
    w = put(s, 0, "amazons/warrior", 30)
    assert s.grid.dist[20][21] <= 2
    assert rules.attack_profile(g, bandit, w)[1] == 1


def test_partner_move_does_not_trigger_cover_UNIT_11_R_ENG_25(cat):
    """Cover answers opponents only: the partner's unit moving into Range rolls nothing (the roller would fail)."""
    g = build(cat, ("amazons", "lamosians"), roller=FixedRoller([]))
    s = g.state
    put(s, 1, "lamosians/defender-2", 29)
    w = put(s, 0, "amazons/warrior", 31)
    rules.move(g, w, 30)
    assert s.grid.dist[29][30] == 1 and w.hex == 30


def test_partner_intercepts_the_blow_UNIT_11_R_ENG_13_R_ENG_25(cat):
    """Intercept Blow: "an adjacent ally" includes the co-op partner's unit; its controller is asked."""
    players = Scripted({"intercept": lambda o: o[0]})
    g = build(cat, ("amazons", "atlanteans"), roller=FixedRoller([1]), players=players)
    s = g.state
    bandit = put(s, s.arena_troop, "bandit", 31)
    w = put(s, 0, "amazons/warrior", 30)
    d = put(s, 1, "atlanteans/defender-2", 29)
    assert s.grid.dist[29][30] == 1
    rules.attack(g, bandit, w)
    assert ("intercept", [d.uid]) in players.asked
    assert w.hp == w.unit.health and d.hp == d.unit.health - 1


# --- SKL-4: several effects from one incident ---------------------------------------------------------------


def _coop_cover(cat, players, dice):
    """Co-op Amazons (troop 0) + Lamosians (troop 1), arena turn. Lamosian Defender II and Archer II (Cover)
    arrived first; an Amazons chip swapped for a Defender II (Cover) arrived last."""
    g = build(cat, ("amazons", "lamosians"), roller=FixedRoller(dice), players=players)
    s = g.state
    d2 = put(s, 1, "lamosians/defender-2", 29)
    a2 = put(s, 1, "lamosians/archer-2", 11)
    mine = next(u for u in s.units if u.troop == 0 and u.unit.id == "amazons/defender-1")
    mine.unit = cat.unit("lamosians/defender-2")
    put(s, 0, "lamosians/defender-2", 31)
    bandit = put(s, s.arena_troop, "bandit", 42)
    s.active = s.arena_troop
    return g, s, (mine, d2, a2), bandit


def test_several_covers_resolve_in_turn_order_from_the_active_troop_SKL_4_R_ENG_26(cat):
    """SKL-4: the arena unit's move (arena turn) triggers three Covers. Turn order from the active troop is
    arena, immortal, player A, player B: A's Cover resolves first (although it arrived last), then B's two
    in the order B's controller chooses ("trigger-order", here the last option first). Which Cover resolved
    k-th is read from the one forced hit: dice [1, 0, 0] make the first to roll deal the damage, etc."""
    resolved = []
    for k in range(3):
        players = Scripted({"trigger-order": lambda o: o[-1]})
        dice = [0, 0, 0]
        dice[k] = 1
        g, s, covers, bandit = _coop_cover(cat, players, dice)
        assert all(s.grid.dist[h.hex][30] <= rules.range_of(s, h) for h in covers)
        rules.move(g, bandit, 30)
        assert not g.roller.results and bandit.hp == bandit.unit.health - 1
        resolved.append(next(h for h in covers if h.damage_dealt == 1).uid)
        mine, d2, a2 = covers
        assert [o for d, o in players.asked if d == "trigger-order"] == [[(d2.uid, "cover"), (a2.uid, "cover")]]
    assert resolved == [mine.uid, a2.uid, d2.uid]


def test_one_units_two_triggers_in_its_controllers_order_SKL_4_R_ENG_26(cat):
    """SKL-4: one unit with two effects on the same incident: its controller chooses the order (asked only
    when there is more than one). A test skill "echo" (after a move: the holder gains 1 HP) is registered
    next to Cover for the duration of the test."""
    from dataclasses import replace

    from hoplostat.catalog.model import SkillRef
    from hoplostat.engine import registry

    def echo(g_, holder, param, mover):
        if not rules.same_team(g_.state, mover.troop, holder.troop):
            g_.state.say("echo")
            rules.gain_hp(g_, holder, 1)

    registry.register("test-echo", "innate", ruleset="remastered", after_move=echo)
    try:
        for pick, first in (("cover", "cover"), ("test-echo", "test-echo")):
            players = Scripted({"trigger-order": lambda o, pick=pick: next(x for x in o if x[1] == pick)})
            g = build(cat, ("lamosians",), roller=FixedRoller([1]), players=players)
            s = g.state
            s.log = []
            d2 = next(u for u in s.units if u.troop == 0 and u.unit.id == "lamosians/defender-2")
            d2.unit = replace(d2.unit, skills=(SkillRef("cover", None), SkillRef("test-echo", None)))
            put(s, 0, d2.unit.id, 29)
            bandit = put(s, s.arena_troop, "bandit", 42)
            s.active = s.arena_troop
            rules.move(g, bandit, 30)
            asked = [o for d, o in players.asked if d == "trigger-order"]
            assert asked == [[(d2.uid, "cover"), (d2.uid, "test-echo")]]
            events = [x for x in s.log if "covers hex" in x or x == "echo"]
            assert ("covers" in events[0]) == (first == "cover") and len(events) == 2
    finally:
        registry.SKILLS["remastered"].pop("test-echo", None)
        registry._unit_hooks.cache_clear()


def test_interceptors_asked_in_turn_order_then_retaliate_SKL_4_R_ENG_13_R_ENG_26(cat):
    """SKL-4 with Intercept Blow: two adjacent allies of the attacked unit may intercept. They are asked in
    turn order from the active troop (arena turn: player A before player B, whatever the arrival order);
    A's interceptor takes the blow, and the Retaliate that answers is the interceptor's (R-ENG-13)."""
    players = Scripted({"intercept": lambda o: o[0]})
    g = build(cat, ("amazons", "atlanteans"), roller=FixedRoller([1]), players=players)
    s = g.state
    b_int = put(s, 1, "atlanteans/defender-2", 29)  # troop B, arrived first
    a_int = next(u for u in s.units if u.troop == 0 and u.unit.id == "amazons/defender-1")
    a_int.unit = cat.unit("amazons/attacker-2")
    from dataclasses import replace

    from hoplostat.catalog.model import SkillRef

    a_int.unit = replace(a_int.unit, id="test/interceptor", skills=(SkillRef("retaliate", None), SkillRef("intercept-blow", None)))
    put(s, 0, a_int.unit.id, 21)
    w = put(s, 0, "amazons/warrior", 30)
    bandit = put(s, s.arena_troop, "bandit", 31)
    s.active = s.arena_troop
    assert s.grid.dist[29][30] == 1 and s.grid.dist[21][30] == 1 and s.grid.dist[21][31] == 1
    rules.attack(g, bandit, w)
    assert [o for d, o in players.asked if d == "intercept"] == [[a_int.uid]]
    assert w.hp == w.unit.health and a_int.hp == a_int.unit.health - 1 and b_int.hp == b_int.unit.health
    assert bandit.hp == bandit.unit.health - 1  # the interceptor's Retaliate (the bandit is within its Range)


# --- tactics on a partner's unit (TAC-2) ---------------------------------------------------------


def _tactic_position(cat):
    """Co-op Onslaught: player A's Warrior (29) next to partner B's Defender IV (28, 6 HP) and an arena
    Bandit (30); B's Attacker I (10) is far from every unit of A."""
    g = build(cat, ("amazons", "atlanteans"))
    s = g.state
    w = put(s, 0, "amazons/warrior", 29)
    partner = put(s, 1, "atlanteans/defender-4", 28)
    far = put(s, 1, "atlanteans/attacker-1", 10)
    foe = put(s, s.arena_troop, "bandit", 30)
    assert s.grid.dist[28][29] == 1 and s.grid.dist[30][29] == 1 and min(s.grid.dist[10][h] for h in (28, 29, 30)) > 1
    return g, s, w, partner, far, foe


def test_tactic_on_the_partners_adjacent_unit_TAC_2(cat):
    """TAC-2 (Remastered, "Tactic Placement": "any non-elite unit of another troop that is adjacent to a unit
    in their own troop"): in co-op a player may play a tactic on the partner's unit adjacent to one of its
    own, not on a partner's unit away from its units; opponents as before."""
    g, s, w, partner, far, foe = _tactic_position(cat)
    got = {u.uid for u in rules.tactic_targets(s, 0)}
    assert got == {w.uid, partner.uid, foe.uid}
    assert far.uid not in got
    bolster = cat.tactic("bolster-health")
    s.troops[0].tactics_camp = [bolster]
    hp = partner.hp
    ctrl = Scripted({"tactic": lambda o: next(x for x in o if x[1] == partner.uid)})
    g.controllers = [ctrl, ctrl, *g.controllers[2:]]
    turn.tactic_step(g, 0)
    assert partner.hp > hp and s.troops[0].tactics_discard == [bolster]


def test_greedy_plays_harmful_tactics_on_opponents_helpful_ones_on_allies_TAC_2(cat):
    """Greedy with TAC-2's wider targets: a helpful tactic (Bolster Health) may go on an allied unit, here the
    partner's damaged Defender (greedy gives HP to a damaged unit first); a harmful one (Stun) only on an
    opponent, never on the partner's unit, and not at all when no opponent is a valid target."""
    from hoplostat.policies import GreedyController

    g, s, w, partner, far, foe = _tactic_position(cat)
    greedy = GreedyController(None)
    bolster, stun = cat.tactic("bolster-health"), cat.tactic("stun")
    partner.hp -= 2
    s.supply[s.supply_of(partner.troop)] += 2
    assert partner.hp < partner.unit.health and w.hp == w.unit.health
    s.troops[0].tactics_camp = [bolster]
    opts = [(0, u.uid) for u in rules.tactic_targets(s, 0)]
    assert greedy.choose(g, 0, "tactic", opts, optional=True) == (0, partner.uid)
    s.troops[0].tactics_camp = [stun]
    assert greedy.choose(g, 0, "tactic", opts, optional=True) == (0, foe.uid)
    no_foe = [o for o in opts if o[1] != foe.uid]
    assert greedy.choose(g, 0, "tactic", no_foe, optional=True) is None
