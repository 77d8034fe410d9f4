"""Origins, player against player: one test per rule of the checklist (../shared/rules/origins.md, ORI-*), each
named after the rule id(s) it pins, and the rulings R-ORI-* (docs/rulings.md).

Positions start from the mode's real set-up (`Origins.new_game` + `begin`: the red house (troop 0) drafts first
by `first=0`, so the blue house (troop 1) plays first in the first challenge), with the two lineups drafted by
script and chips put in the arena by hand; dice are forced (FixedRoller). A comment above a test names a
deliberate bug it was seen to fail under.

The three stand-in arenas share one outline (data/origins/arenas/), hex numbers row by row:

        0   1   2   3   4   5
      6   7   8   9  10  11  12
    13  14  15  16  17  18  19  20
  21  22  23  24  25  26  27  28  29
    30  31  32  33  34  35  36  37
      38  39  40  41  42  43  44
        45  46  47  48  49  50

Xanadu: arena hexes 24, 25, 26; red deploys on 6, 13, 30, 38, blue on 12, 20, 37, 44.
El Dorado: red arena hex 21, red Tribute 22, blue Tribute 28, blue arena hex 29; deployment as Xanadu.
Atlantis: the arena hex (the Spear's start) 25; red deploys on 13, 21, 30, blue on 20, 29, 37."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import numpy as np
import pytest
from engine.enginekit import Scripted, put_in_combat

from hoplostat.catalog import load
from hoplostat.dice import HIT_FACES, Pool
from hoplostat.engine import rules
from hoplostat.engine.loop import GameSpec, mode_class, modes, play
from hoplostat.engine.rules import FixedRoller
from hoplostat.engine.state import BAG, CAMP, COMBAT, DISCARD
from hoplostat.engine.steps import movement_step
from hoplostat.policies import make
from hoplostat.rulesets.classic import turn as phase
from hoplostat.rulesets.origins import combat
from hoplostat.rulesets.origins import mode as om
from hoplostat.rulesets.origins.base import CHIP_COLOURS, colour_of, is_elevated
from hoplostat.rulesets.origins.mode import Origins
from hoplostat.rulesets.rise_of_rome.skills import flip

CAT = load(ruleset="origins")
RED, BLUE = 0, 1
A8 = ("korykos", "green-defender", "blue-spearman", "yellow-attacker", "orange-defender", "purple-archer",
      "green-stun", "blue-hamstring")
B8 = ("green-attacker", "blue-defender", "yellow-tactician", "orange-attacker", "purple-tactician", "blue-archer",
      "yellow-adrenaline", "orange-bolster")
ROOT = Path(__file__).resolve().parents[3]
CHECKLIST = ROOT.parent / "shared" / "rules" / "origins.md"


# --------------------------------------------------------------------------- helpers


def _want(six):
    """The option closest to the wanted six (a chip cut from the lineup is replaced by the others)."""
    def pick(options):
        return max(options, key=lambda o: len(set(o) & set(six)))
    return pick


def _draft_from(chips):
    def pick(options):
        return next(c for c in chips if c in options)
    return pick


def lineups(a_first=(), b_first=()):
    """Two disjoint lineups of six gladiators and A8's / B8's two tactics: the `*_first` gladiators first, then
    A8's (B8's) own, then unused pool gladiators."""
    taken = set(a_first) | set(b_first)
    out = []
    for first, base in ((a_first, A8), (b_first, B8)):
        glads = list(first) + [c for c in base[:6] if c not in taken]
        out.append(glads)
    spare = [c for c in om.pool_ids(CAT) if c in CAT.units and c not in taken | set(out[0]) | set(out[1])]
    for glads in out:
        while len(glads) < 6:
            glads.append(spare.pop(0))
        del glads[6:]
    return (*out[0], *A8[6:]), (*out[1], *B8[6:])


def new(arena="xanadu", *, a_first=(), b_first=(), six_a=None, six_b=None, roller=None, picks0=None, picks1=None,
        seed=7):
    """Challenge 1 on `arena` just set up: lineups (`lineups`) for red (drafts first) and blue, each bringing its
    first four gladiators and two tactics unless told; round 3, the red house's turn (turn 5)."""
    a, b = lineups(a_first, b_first)
    spec = Origins.validate(CAT, GameSpec("origins", ("red-house", "blue-house"), arena, first=RED))
    c0 = Scripted({"draft": _draft_from(a), "lineup": _want(six_a or (*a[:4], *a[6:])), **(picks0 or {})})
    c1 = Scripted({"draft": _draft_from(b), "lineup": _want(six_b or (*b[:4], *b[6:])), **(picks1 or {})})
    g = Origins.new_game(CAT, spec, [c0, c1], rng=np.random.default_rng(seed), log=True,
                         roller=roller or FixedRoller(mode="all"))
    g.state.mode.begin(g)
    s = g.state
    s.round, s.turn, s.active = 3, 5, RED
    return g


def chip(g, unit_id, troop=None):
    return next(u for u in g.state.units if u.unit.id == unit_id and (troop is None or u.troop == troop))


def put(g, unit_id, h, hp=None):
    s = g.state
    assert s.board[h] < 0, f"hex {h} is taken"
    return s.units[put_in_combat(s, chip(g, unit_id).uid, h, hp)]


def as_chip(g, u, unit_id):
    """Give the chip `u` another chip's stats and skills (a skill the stand-in pool puts elsewhere)."""
    u.unit = CAT.unit(unit_id)
    g.state.combat_version += 1
    return u


def log_of(g):
    """The game's narration as one text."""
    return "\n".join(g.state.log)


def hand(g, troop, tactic_id):
    return next(i for i, t in enumerate(g.state.troops[troop].tactics_camp) if t.id == tactic_id)


def mode(g) -> Origins:
    return g.state.mode


def engage_opts(g, troop):
    return mode(g).engage_options(g, troop)


def next_turn(g, troop):
    s = g.state
    s.turn += 1
    s.active = troop


# --------------------------------------------------------------------------- board, chips, basics


def test_three_arenas_each_with_its_own_objective_and_a_match_plays_each_once_ORI_1_ORI_28():
    assert set(Origins.arenas) == {"match", "xanadu", "el-dorado", "atlantis"}
    assert {a for a in CAT.arenas} == {"xanadu", "el-dorado", "atlantis"}
    orders = set()
    for seed in range(6):
        rng = np.random.default_rng(seed)
        res = play(CAT, Origins.validate(CAT, GameSpec("origins", ("red-house", "blue-house"), "match", max_rounds=30)),
                   [make("greedy", rng=rng) for _ in range(2)], rng=rng)
        arenas = res.extras["arenas"]
        assert sorted(arenas) == ["atlantis", "el-dorado", "xanadu"]  # each arena once (ORI-28)
        orders.add(tuple(arenas))
    assert len(orders) > 1  # drawn at random


# mutant checked: deployment_hexes returning the other side's tag
def test_each_player_has_three_or_four_deployment_hexes_el_dorados_brown_ones_player_twos_ORI_2_R_ORI_3():
    for arena, n in (("xanadu", 4), ("el-dorado", 4), ("atlantis", 3)):
        g = new(arena)
        s = g.state
        red, blue = (mode(g).deployment_hexes(s, p) for p in (RED, BLUE))
        assert len(red) == len(blue) == n and not set(red) & set(blue)
    g = new("el-dorado")
    assert mode(g).deployment_hexes(g.state, BLUE) == g.state.grid.tagged("deploy-blue") == (12, 20, 37, 44)


def test_chip_kinds_units_tactics_arena_chips_and_health_chips_ORI_3_ORI_22():
    glads = [u for u in CAT.units.values() if u.kind in ("gladiator", "special-gladiator")]
    assert len(glads) == 20 and len(CAT.tactics) == 8  # "all 20 Gladiators and 8 Tactics"
    assert {colour_of(x) for x in [*(u.id for u in glads), *CAT.tactics]} == set(CHIP_COLOURS)
    assert all(sum(colour_of(u.id) == c for u in glads) == 4 for c in CHIP_COLOURS)
    assert set(om.pool_ids(CAT)) == {u.id for u in glads} | set(CAT.tactics)
    g = new("el-dorado")
    assert [t.tribute_hex for t in g.state.troops] == [22, 28]  # the arena chips start on the arena
    g = new("atlantis")
    assert g.state.spear_hex == 25 and g.state.spear_holder == -1
    assert CAT.game.health_chips["red"] > 0 and CAT.game.health_chips["blue"] > 0


def test_each_house_has_its_own_health_colour_ORI_4():
    g = new()
    s = g.state
    assert [t.side for t in s.troops] == ["red", "blue"]
    before = dict(s.supply)
    mode(g).place(g, chip(g, "korykos").uid, 6)
    assert s.supply["red"] == before["red"] - 2 and s.supply["blue"] == before["blue"]


# mutant checked: gladiator_options offering zone DISCARD too
def test_a_defeated_gladiator_is_out_for_the_challenge_ORI_5():
    g = new()
    s = g.state
    u = put(g, "yellow-attacker", 6, hp=1)
    rules.damage(g, u, 1, source=None)
    assert u.zone == DISCARD and all(o[0] != u.uid for o in mode(g).gladiator_options(s, RED))


def test_every_gladiator_has_the_origins_stats_ORI_6_ORI_7():
    types = {"archer", "attacker", "defender", "tactician", "spearman"}
    for u in CAT.units.values():
        if u.kind in ("gladiator", "special-gladiator"):
            assert u.tactical_range is not None and u.attack.size >= 1 and u.health >= 1
            assert set(u.classes) <= types and u.ruleset == "origins"
    assert sum(u.kind == "special-gladiator" for u in CAT.units.values()) == 5
    assert any("spearman" in u.classes for u in CAT.units.values())


# mutant checked: tactic_options without the Tactical Range test for opponents
def test_a_tactic_reaches_opponents_within_tactical_range_and_always_the_unit_itself_ORI_8_ORI_14():
    g = new()
    s = g.state
    put(g, "purple-archer", 13)  # Tactical Range 1
    far = put(g, "green-attacker", 26)
    opts = om.tactic_options(s, RED)
    stun = hand(g, RED, "green-stun")
    assert (stun, far.uid) not in opts
    near = put(g, "blue-defender", 14)  # adjacent: within range 1
    assert (stun, near.uid) in om.tactic_options(s, RED)
    # a newly deployed gladiator's Tactical Range counts at once (Korykos: 3)
    mode(g).place(g, chip(g, "korykos").uid, 30)
    assert s.grid.dist[30][26] > 3
    put(g, "yellow-tactician", 32)
    assert (stun, chip(g, "yellow-tactician").uid) in om.tactic_options(s, RED)


def test_a_turn_is_deploy_move_attack_and_ends_after_the_attack_phase_ORI_9_ORI_21():
    g = new()
    names = [n for n, _ in mode(g).turn_of(g, RED).steps]
    # Deploy (a gladiator, then a tactic), Move (its Abilities, then the moves), Attack (its Abilities, then the
    # attacks), then nothing more: the turn's end only checks the challenge's round cap
    assert names == ["start", "deploy", "tactic", "move-abilities", "move", "attack-abilities", "attack", "end"]


# mutant checked: after_defeat ending on any gladiator defeated
def test_defeating_every_gladiator_of_the_six_wins_not_only_those_in_the_arena_ORI_10_R_ORI_5():
    g = new("xanadu", six_b=("green-attacker", "blue-defender", "yellow-tactician", "orange-attacker",
                             "yellow-adrenaline", "orange-bolster"))
    s = g.state
    b = [u for u in s.units if u.troop == BLUE and u.zone == CAMP]
    assert len(b) == 4
    first = put(g, b[0].unit.id, 20, hp=1)
    rules.damage(g, first, 1, source=None, source_troop=RED)
    assert s.end_reason is None  # three gladiators still to deploy
    for u in b[1:]:
        put(g, u.unit.id, s.grid.tagged("deploy-blue")[b.index(u)], hp=1)
        rules.damage(g, u, 1, source=None, source_troop=RED)
    assert s.end_reason is not None and s.winner == RED


def test_deployment_takes_health_chips_equal_to_health_on_an_own_deployment_hex_ORI_11():
    g = new()
    s = g.state
    opts = mode(g).gladiator_options(s, RED)
    assert {h for _, h in opts} == {6, 13, 30, 38}
    u = chip(g, "green-defender")
    mode(g).place(g, u.uid, 13)
    assert u.zone == COMBAT and u.hp == 5 == u.unit.health


# mutant checked: registering "ready" without move_when_dazed
def test_a_gladiator_deployed_this_turn_neither_moves_nor_attacks_unless_a_skill_says_ORI_12_ORI_65_ORI_68_ORI_78():
    g = new("xanadu", a_first=("orange-special", "orange-attacker", "yellow-attacker", "korykos"))
    s = g.state
    foe = put(g, "green-attacker", 14)
    plain = chip(g, "korykos")
    mode(g).place(g, plain.uid, 13)
    assert not rules.can_move(s, plain) and not rules.can_engage(s, plain)
    ready = chip(g, "orange-special")  # Ready: moves and attacks
    mode(g).place(g, ready.uid, 6)
    assert rules.can_move(s, ready) and rules.can_engage(s, ready)
    ini = chip(g, "orange-attacker")  # Initiative: moves only
    mode(g).place(g, ini.uid, 30)
    assert rules.can_move(s, ini) and not rules.can_engage(s, ini)
    fs = chip(g, "yellow-attacker")  # First Strike: attacks only
    mode(g).place(g, fs.uid, 38)
    assert not rules.can_move(s, fs) and rules.can_engage(s, fs)
    assert foe.zone == COMBAT


# mutant checked: tactic_options limiting own units to Tactical Range
def test_a_tactic_on_an_own_unit_needs_no_range_ORI_13():
    g = new()
    s = g.state
    put(g, "purple-archer", 6)
    far = put(g, "green-defender", 44)  # the far end of the arena, and stunned: it gives no reach itself
    flip(g, far, BLUE)
    assert not phase.gives_reach(s, far)
    ham = hand(g, RED, "blue-hamstring")
    assert (ham, far.uid) in om.tactic_options(s, RED)


def test_stun_on_top_for_a_turn_hamstring_and_adrenaline_under_the_unit_ORI_15_ORI_91():
    g = new()
    s = g.state
    put(g, "korykos", 6)
    foe = put(g, "green-attacker", 7)
    mine = put(g, "yellow-attacker", 13)
    rules.place_tactic(g, RED, CAT.tactic("green-stun"), foe)
    assert s.is_fatigued(foe) and not rules.can_move(s, foe)
    next_turn(g, BLUE)
    mode(g).start(g, BLUE)
    assert s.is_fatigued(foe)  # the blue house's turn: the red Stun stays until red's next turn
    next_turn(g, RED)
    mode(g).start(g, RED)
    assert not s.is_fatigued(foe)
    # Adrenaline then Hamstring: Move Range 0, the Adrenaline chip removed; Hamstring then Adrenaline: 1, both stay
    s.troops[RED].tactics_camp.append(CAT.tactic("yellow-adrenaline"))
    rules.place_tactic(g, RED, CAT.tactic("yellow-adrenaline"), mine)
    rules.place_tactic(g, RED, CAT.tactic("blue-hamstring"), mine)
    assert rules.movement_of(s, mine) == 0 and [pt.tactic.id for pt in mine.tactics] == ["blue-hamstring"]
    s.troops[RED].tactics_camp.append(CAT.tactic("yellow-adrenaline"))
    rules.place_tactic(g, RED, CAT.tactic("yellow-adrenaline"), mine)
    assert rules.movement_of(s, mine) == 1 and len(mine.tactics) == 2


# mutant checked: tactic_allowed returning True
def test_a_stun_tactic_never_on_a_champion_but_a_gladiators_stun_may_ORI_16_ORI_84():
    champ = dataclasses.replace(CAT.unit("green-defender"), kind="champion")
    target = rules.UnitState(0, champ, BLUE)
    assert not om.tactic_allowed(target, CAT.tactic("green-stun"))
    assert om.tactic_allowed(target, CAT.tactic("blue-hamstring"))
    g = new("xanadu", a_first=("purple-tactician",), b_first=("korykos",))
    s = g.state
    st = put(g, "purple-tactician", 13)
    foe = put(g, "korykos", 14)
    foe.unit = champ  # a champion next to the Stun gladiator
    s.combat_version += 1
    assert ("special", st.uid, "stun", (foe.uid,)) in engage_opts(g, RED)
    mode(g).engage(g, RED, ("special", st.uid, "stun", (foe.uid,)))
    assert s.is_fatigued(foe) and not s.skills_work(foe)
    next_turn(g, BLUE)
    mode(g).attack(g, BLUE)
    assert s.is_fatigued(foe)  # one full round: until the start of the stunning house's next attack phase
    next_turn(g, RED)
    mode(g).attack(g, RED)
    assert not s.is_fatigued(foe)


# mutant checked: combat.basic_attack without the `stunned` filter; the filter asked after the damage
def test_a_stunned_unit_gets_no_retaliate_from_an_allys_embolden_ORI_84_ORI_64():
    """ORI-84: a stunned unit "ignores all stats and effects but its health": an ally's Embolden (ORI-64) gives it
    no Retaliate."""
    g = new("xanadu", b_first=("yellow-special", "green-attacker"))
    att = put(g, "yellow-attacker", 22)
    friend = put(g, "green-attacker", 23)
    put(g, "yellow-special", 25)  # Embolden, two hexes from the friend (not adjacent: no Pervasive Absorb)
    flip(g, friend, RED)
    _attack(g, att, friend, 1)
    assert friend.hp == 4 - 1 and att.hp == 4  # no Retaliate through Embolden
    _attack(g, att, friend, 2)
    assert friend.hp == 1 and att.hp == 4
    _attack(g, att, friend, 1)  # the hit that defeats it discards its Stun: it was stunned when hit all the same
    assert friend.zone != COMBAT and att.hp == 4


# mutant checked: base.is_elevated without the `is_stunned` check
def test_a_stunned_unit_on_an_arena_hex_is_not_elevated_against_an_elevated_attacker_ORI_84_ORI_63():
    """ORI-84, ORI-63: a stunned unit on an arena hex is no longer Elevated, so an Elevated attacker deals it +1."""
    g = new("xanadu", b_first=("green-attacker",), roller=FixedRoller([1, 1]))
    s = g.state
    up = put(g, "yellow-attacker", 25)
    low = put(g, "green-attacker", 24)  # on an arena hex too
    combat.basic_attack(g, up, low)
    assert low.hp == 4 - 1  # both Elevated: no bonus
    flip(g, low, RED)
    assert is_elevated(s, up) and not is_elevated(s, low)
    combat.basic_attack(g, up, low)
    assert low.hp == 3 - 2


# mutant checked: skills._pervasive_absorb without `or is_stunned(s, target)`
def test_a_stunned_unit_gets_no_pervasive_absorb_from_an_ally_ORI_84_ORI_75():
    """ORI-84, ORI-75: an adjacent ally's Pervasive Absorb does not reach a stunned unit: it takes every hit."""
    g = new("xanadu", b_first=("yellow-special", "green-attacker"))
    att = put(g, "yellow-attacker", 22)
    friend = put(g, "green-attacker", 23)
    put(g, "yellow-special", 24)  # Pervasive Absorb, adjacent
    flip(g, friend, RED)
    _attack(g, att, friend, 2)
    assert friend.hp == 4 - 2


def test_a_unit_moves_up_to_its_move_range_never_through_a_unit_ORI_17():
    g = new()
    s = g.state
    u = put(g, "yellow-attacker", 22)  # Move Range 2
    put(g, "green-attacker", 23)
    c = g.controllers[RED]
    movement_step(g, RED)
    opts = {h for d, o in c.asked if d == "move" for _, h in o}
    assert 24 not in opts  # through the unit on 23: no
    assert opts == {h for h in s.grid.within(22, 2) if h != 22 and s.board[h] < 0} - {24}
    assert u.hex == 22


def test_a_basic_attack_targets_within_attack_range_through_units_ORI_18():
    g = new()
    s = g.state
    archer = put(g, "purple-archer", 21)  # Attack Range 3
    put(g, "korykos", 22)
    foe = put(g, "green-attacker", 24)
    far = put(g, "blue-defender", 26)
    targets = {o.uid for o in combat.basic_targets(s, archer)}
    assert foe.uid in targets and far.uid not in targets


def test_dice_hit_faces_black_five_green_four_blue_three_yellow_two_ORI_19():
    assert HIT_FACES[:4] == (2, 3, 4, 5)  # yellow, blue, green, black


# mutant checked: basic_attack dealing hits - 1
def test_one_health_chip_per_hit_and_defeat_at_none_ORI_20():
    g = new(roller=FixedRoller([2, 1]))
    att = put(g, "yellow-attacker", 22)
    foe = put(g, "green-attacker", 23)
    res = combat.basic_attack(g, att, foe)
    assert res.removed == 2 and foe.hp == 2
    combat.basic_attack(g, att, foe)
    assert foe.hp == 1


# --------------------------------------------------------------------------- the draft and the match


# mutant checked: draft() not alternating (p = p)
def test_picks_alternate_until_each_lineup_has_eight_ORI_23():
    g = new()
    s = g.state
    assert [len(t.lineup) for t in s.troops] == [8, 8]
    assert s.picks[0::2] == list(A8) and s.picks[1::2] == list(B8)
    assert len(s.picks) == 16 and len(set(s.picks)) == 16


def test_the_draft_roll_most_hits_first_a_tie_rolled_again_R_ORI_1_ORI_23():
    spec = Origins.validate(CAT, GameSpec("origins", ("red-house", "blue-house"), "xanadu"))
    roller = FixedRoller([3, 3, 2, 5])
    g = Origins.new_game(CAT, spec, [Scripted(), Scripted()], rng=np.random.default_rng(0), roller=roller)
    assert g.state.first_pick == BLUE and roller.results == []
    assert all(p.size == 8 for p in roller.rolled)  # all the attack dice of the box's stock


# mutant checked: lineup_options with BRING = 7
def test_six_of_the_eight_chips_go_to_each_challenge_R_ORI_2_ORI_24():
    g = new()
    s = g.state
    opts = om.lineup_options(s, RED)
    assert len(opts) == 28 and all(len(o) == 6 for o in opts)
    brought = s.troops[RED].brought
    assert set(brought) == {*A8[:4], *A8[6:]}
    camp = {u.unit.id for u in s.units if u.troop == RED and u.zone == CAMP}
    assert camp == set(A8[:4])
    assert {t.id for t in s.troops[RED].tactics_camp} == set(A8[6:])
    assert {u.unit.id for u in s.units if u.troop == RED and u.zone == BAG} == set(A8[4:6])


# mutant checked: place() not setting special_deployed
def test_one_special_gladiator_deployed_per_challenge_ORI_25():
    a = ("green-special", "blue-special", "korykos", "green-defender", "blue-spearman", "yellow-attacker",
         "green-stun", "blue-hamstring")
    g = new("xanadu", a_first=a[:4])
    s = g.state
    specials = {chip(g, "green-special").uid, chip(g, "blue-special").uid}
    assert specials <= {uid for uid, _ in mode(g).gladiator_options(s, RED)}
    mode(g).place(g, chip(g, "green-special").uid, 6)
    assert not specials & {uid for uid, _ in mode(g).gladiator_options(s, RED)}


def _match(seed=3, max_rounds=60):
    rng = np.random.default_rng(seed)
    spec = Origins.validate(CAT, GameSpec("origins", ("red-house", "blue-house"), "match", first=RED,
                                          max_rounds=max_rounds))
    from hoplostat.engine.loop import new_game, run
    _, spec, g = new_game(CAT, spec, [make("greedy", rng=rng) for _ in range(2)], rng=rng, log=True)
    g.state.mode.begin(g)
    run(g, spec.max_rounds)
    return g, g.state.mode.result(g, spec)


# mutant checked: cut_chip asking the winner
def test_the_loser_cuts_one_chip_of_the_winner_for_the_rest_of_the_game_ORI_26():
    g = new(picks0={"cut": lambda o: "orange-attacker"})
    s = g.state
    s.arena_order = ["xanadu", "atlantis"]
    mode(g).end(g, "test", BLUE)
    mode(g).interrupt(g)
    assert [d for d, _ in g.controllers[BLUE].asked].count("cut") == 0
    asked = [o for d, o in g.controllers[RED].asked if d == "cut"]
    assert asked and set(asked[0]) == set(s.troops[BLUE].lineup)  # the loser chooses among the winner's chips
    assert s.troops[BLUE].cut == ["orange-attacker"] and "orange-attacker" not in s.troops[BLUE].brought
    assert s.troops[RED].cut == [] and s.order[0] == RED  # and the loser starts (ORI-29)
    g, res = _match()
    s = g.state
    w = [x for x in s.challenge_winners[:-1] if x >= 0]
    for t in s.troops:
        assert len(t.cut) == w.count(t.index)
    log = "\n".join(s.log)
    for t in s.troops:
        for c in t.cut:
            assert f"removes {c} from the lineup of {t.faction}" in log
    # the cut chip is never offered again
    winner = next(t for t in s.troops if t.cut)
    assert all(c not in o for o in om.lineup_options(s, winner.index) for c in winner.cut)


def test_house_reputation_restrictions_are_not_in_the_book_so_the_whole_pool_is_offered_ORI_27():
    seen = []
    c0 = Scripted({"draft": lambda o: (seen.append(list(o)), o[0])[1]})
    spec = Origins.validate(CAT, GameSpec("origins", ("red-house", "blue-house"), "xanadu", first=RED))
    g = Origins.new_game(CAT, spec, [c0, Scripted()], rng=np.random.default_rng(1), roller=FixedRoller(mode="all"))
    g.state.mode.begin(g)
    assert sorted(seen[0]) == sorted(om.pool_ids(CAT))  # the first pick may be any chip: no restriction
    assert "House Rep card" in (ROOT / "docs" / "origins.md").read_text()


# mutant checked: start_challenge(g, s.first_pick) in begin
def test_the_house_that_did_not_draft_first_starts_then_the_loser_ORI_29_R_ORI_4():
    g = new()
    assert g.state.order[0] == BLUE  # the red house drafted first
    g, res = _match(seed=5)
    s = g.state
    starts = [int(m.group(1) == "blue-house") for m in re.finditer(r"== Challenge \d: .*?; (\S+) plays first", "\n".join(s.log))]
    assert starts[0] == BLUE
    for k in range(1, len(starts)):
        prev = s.challenge_winners[k - 1]
        if prev >= 0:
            assert starts[k] == 1 - prev
        else:
            assert starts[k] == 1 - starts[k - 1]  # R-ORI-4: after a draw, who played second


def test_after_a_drawn_challenge_no_cut_and_the_second_player_starts_R_ORI_4():
    g = new()
    s = g.state
    s.arena_order = ["xanadu", "atlantis"]
    second = s.order[-1]
    mode(g).end(g, "round cap", None)
    mode(g).interrupt(g)
    assert s.order[0] == second and all(not t.cut for t in s.troops)
    assert s.challenge_winners == [-1] and s.end_reason is None


def test_chips_used_or_defeated_come_back_in_the_next_challenge_ORI_30():
    g = new()
    s = g.state
    u = put(g, "korykos", 6, hp=1)
    rules.damage(g, u, 1, source=None)
    s.troops[RED].tactics_camp.clear()  # tactics used
    mode(g).end(g, "test", BLUE)
    s.arena_order = ["xanadu", "atlantis"]
    mode(g).interrupt(g)
    assert s.end_reason is None and s.arena_id == "atlantis"
    assert u.zone == CAMP and u.hp == 0
    assert {t.id for t in s.troops[RED].tactics_camp} == {c for c in s.troops[RED].brought if c in CAT.tactics}


# mutant checked: finish_game with the fewer challenges winning
def test_the_game_goes_to_the_house_with_more_challenges_won_R_ORI_6_ORI_31_ORI_32():
    for seed in range(4):
        g, res = _match(seed=seed)
        wins = [t.extras["challenges_won"] for t in res.troops]
        lost = [sum(1 for w in g.state.challenge_winners if w >= 0 and w != p) for p in range(2)]
        if wins[0] != wins[1]:
            assert res.winner == (0 if wins[0] > wins[1] else 1)
        else:
            assert res.winner is None
        for p in range(2):  # ORI-32: +10 per challenge won, -5 per challenge lost
            assert res.troops[p].extras["reputation"] == 10 * wins[p] - 5 * lost[p]
    assert om.reputation(3, 0) == 30 and om.reputation(0, 3) == -15


# --------------------------------------------------------------------------- Xanadu


# mutant checked: XANADU_POINTS = 7
def test_six_arena_points_win_at_once_ORI_33_ORI_36():
    g = new("xanadu")
    s = g.state
    put(g, "korykos", 25)
    put(g, "green-defender", 24)
    put(g, "green-attacker", 26)  # blue's: does not score for red
    s.troops[RED].points = 2
    mode(g).start(g, RED)
    assert s.troops[RED].points == 4 and s.end_reason is None  # one point per own unit on an arena hex
    next_turn(g, BLUE)
    mode(g).start(g, BLUE)
    assert s.troops[BLUE].points == 1
    next_turn(g, RED)
    mode(g).start(g, RED)
    assert s.troops[RED].points == 6 and s.end_reason is not None and s.winner == RED  # six: at once


def test_xanadu_uses_the_four_deployment_hexes_nearest_each_player_ORI_34():
    g = new("xanadu")
    s = g.state
    red, blue = (mode(g).deployment_hexes(s, p) for p in (RED, BLUE))
    assert len(red) == len(blue) == 4
    assert max(s.grid.dist[h][21] for h in red) < min(s.grid.dist[h][21] for h in blue)  # red's on the left


# mutant checked: is_elevated for Xanadu returning False
def test_a_unit_on_an_arena_hex_is_elevated_plus_one_against_a_unit_that_is_not_ORI_35_ORI_63():
    g = new("xanadu", roller=FixedRoller([1, 1, 1]))
    s = g.state
    up = put(g, "yellow-attacker", 25)
    low = put(g, "green-attacker", 16)
    assert is_elevated(s, up) and not is_elevated(s, low)
    combat.basic_attack(g, up, low)
    assert low.hp == 4 - 2
    other = put(g, "blue-archer", 24)  # Elevated too
    combat.basic_attack(g, up, other)
    assert other.hp == 3 - 1
    combat.basic_attack(g, low, up)  # the one below gets no bonus
    assert up.hp == 4 - 1


def test_solo_champions_are_the_trials_own_pvp_never_drafts_them_ORI_37_ORI_45_ORI_51():
    """The solo notes are played by `origins-solo-trials` (tests/rulesets/origins/test_trials.py, ORI-TR-5..7);
    player against player, the champions never enter the draft pool."""
    champions = {u.id: u.name for u in CAT.units.values() if u.kind == "champion"}
    assert sorted(champions.values()) == sorted(["Ariq Boke", "Kublai Khan", "The Zipa", "The Zaque", "Gadir", "Atlas"])
    assert not set(champions) & set(om.pool_ids(CAT))
    assert "origins-solo-trials" in modes()
    text = (ROOT / "docs" / "origins.md").read_text()
    for name in champions.values():
        assert name in text


# --------------------------------------------------------------------------- El Dorado


def _deliver(g, troop, at, unit_id="yellow-attacker"):
    """Put a gladiator of `troop` holding its Tribute on hex `at`."""
    s = g.state
    t = s.troops[troop]
    u = put(g, unit_id, at)
    t.tribute_holder, t.tribute_hex = u.uid, at
    return u


# mutant checked: check_delivery testing the own arena hex
def test_bringing_the_own_tribute_onto_the_opposing_arena_hex_wins_at_once_ORI_38_ORI_44_R_ORI_11():
    g = new("el-dorado")
    s = g.state
    u = _deliver(g, RED, 28)
    rules.move(g, u, 21)  # its own arena hex: nothing
    assert s.end_reason is None
    rules.move(g, u, 29)  # the opposing (blue) arena hex
    assert s.end_reason is not None and s.winner == RED
    g = new("el-dorado", picks0={"tribute": lambda o: o[0]})
    s = g.state
    v = put(g, "korykos", 29)  # standing on the opposing arena hex, then the Tribute is dropped under it
    s.troops[RED].tribute_hex = 29
    mode(g).pick_ups(g, RED)
    assert s.troops[RED].tribute_holder == v.uid and s.winner == RED


# mutant checked: pick_ups without the troop test
def test_any_unit_may_cover_either_tribute_but_only_its_own_house_picks_it_up_ORI_39_ORI_40():
    g = new("el-dorado", picks0={"tribute": lambda o: o[0]}, picks1={"tribute": lambda o: o[0]})
    s = g.state
    foe = put(g, "green-attacker", 22)  # blue on the red Tribute: it may stand there, not pick it up
    mine_on_theirs = put(g, "korykos", 28)  # red on the blue Tribute
    mode(g).pick_ups(g, BLUE)
    mode(g).pick_ups(g, RED)
    assert s.troops[RED].tribute_holder == -1 and s.troops[BLUE].tribute_holder == -1
    assert mine_on_theirs.hex == 28
    rules.move(g, foe, 23)
    mine = put(g, "yellow-attacker", 14)
    rules.move(g, mine, 22)
    assert s.troops[RED].tribute_holder == -1  # not on entering: at the end of the movement phase
    mode(g).pick_ups(g, RED)
    assert s.troops[RED].tribute_holder == mine.uid


def test_the_tribute_holder_is_elevated_ORI_41():
    g = new("el-dorado")
    s = g.state
    u = _deliver(g, RED, 14)
    other = put(g, "korykos", 15)
    assert is_elevated(s, u) and not is_elevated(s, other)


# mutant checked: drop-tribute options only on free hexes
def test_the_holder_may_drop_the_tribute_next_to_it_instead_of_attacking_even_on_a_unit_ORI_42():
    g = new("el-dorado", picks0={"tribute": lambda o: o[0]})
    s = g.state
    u = _deliver(g, RED, 14)
    friend = put(g, "korykos", 15)
    opts = engage_opts(g, RED)
    assert ("special", u.uid, "drop-tribute", (15,)) in opts
    mode(g).engage(g, RED, ("special", u.uid, "drop-tribute", (15,)))
    t = s.troops[RED]
    assert t.tribute_holder == -1 and t.tribute_hex == 15 and u.engaged_turn == s.turn
    assert not rules.can_engage(s, u)
    mode(g).pick_ups(g, RED)  # the unit there picks it up at the end of its next movement phase
    assert t.tribute_holder == friend.uid


def test_a_defeated_holder_leaves_the_tribute_on_its_hex_ORI_43():
    g = new("el-dorado")
    s = g.state
    u = _deliver(g, RED, 14)
    rules.move(g, u, 15)
    rules.damage(g, u, u.hp, source=None, source_troop=BLUE)
    t = s.troops[RED]
    assert t.tribute_holder == -1 and t.tribute_hex == 15


# --------------------------------------------------------------------------- Atlantis


# mutant checked: after_defeat in Atlantis ending on any defeat
def test_only_the_opposing_leaders_defeat_wins_atlantis_ORI_46():
    g = new("atlantis")
    s = g.state
    lead = chip(g, "green-attacker")
    mode(g).place(g, lead.uid, 20)
    other = chip(g, "blue-defender")
    mode(g).place(g, other.uid, 29)
    for u in s.units:
        if u.troop == BLUE and u.zone == CAMP:
            u.zone = DISCARD  # every other blue gladiator out
    rules.damage(g, other, other.hp, source=None, source_troop=RED)
    assert s.end_reason is None
    rules.damage(g, lead, lead.hp, source=None, source_troop=RED)
    assert s.end_reason is not None and s.winner == RED


# mutant checked: place() without the gain_hp of the Leader
def test_the_leader_example_korykos_starts_with_4_and_a_defender_with_10_ORI_47_R_ORI_7():
    """Origins, "Atlantis Objective": "The first gladiator deployed from each team will be designated its
    Leader ... double its starting health (i.e. Korykos starts with 4 health, Defender starts with 10
    health)"."""
    g = new("atlantis")
    s = g.state
    k = chip(g, "korykos")
    mode(g).place(g, k.uid, 13)
    assert s.troops[RED].leader == k.uid and k.hp == 4 and CAT.unit("korykos").health == 2
    d = chip(g, "blue-defender")
    mode(g).place(g, d.uid, 20)
    assert s.troops[BLUE].leader == d.uid and d.hp == 10 and CAT.unit("blue-defender").health == 5
    second = chip(g, "green-defender")
    mode(g).place(g, second.uid, 21)
    assert second.hp == 5 and s.troops[RED].leader == k.uid  # only the first
    assert CAT.unit("korykos").provenance["health"] == "rulebook"


def test_atlantis_uses_the_three_deployment_hexes_nearest_each_player_ORI_48():
    g = new("atlantis")
    assert len(mode(g).deployment_hexes(g.state, RED)) == len(mode(g).deployment_hexes(g.state, BLUE)) == 3


def _spear(g, troop=RED, unit_id="yellow-attacker", at=25):
    s = g.state
    u = put(g, unit_id, at)
    s.spear_holder, s.spear_hex = u.uid, at
    return u


def test_a_gladiator_on_the_spear_takes_it_at_the_end_of_movement_elevated_call_and_spear_ORI_49():
    g = new("atlantis", picks0={"spear": lambda o: o[0]})
    s = g.state
    u = put(g, "yellow-attacker", 24)
    rules.move(g, u, 25)
    assert s.spear_holder == -1
    mode(g).pick_ups(g, RED)
    assert s.spear_holder == u.uid and is_elevated(s, u)
    foe = put(g, "green-attacker", 27)
    assert ("special", u.uid, "trident-spear", (foe.uid,)) in engage_opts(g, RED)
    assert any(o[1] == "trident-call" for o in mode(g).attack_abilities(g, RED))


def test_the_spear_starts_on_the_arena_hex_and_a_defeated_holder_drops_it_ORI_50_R_ORI_9():
    g = new("atlantis")
    s = g.state
    assert s.spear_hex == 25 and "arena" in s.grid.tags[25]
    u = _spear(g)
    rules.move(g, u, 24)
    rules.damage(g, u, u.hp, source=None, source_troop=BLUE)
    assert s.spear_holder == -1 and s.spear_hex == 24


# mutant checked: trident-call leaving spear_holder set; pick_ups for the Spear without the is_gladiator test
def test_tridents_call_throws_the_spear_and_summons_a_sea_monster_of_the_callers_colour_ORI_87_R_ORI_10():
    g = new("atlantis", picks0={"spear": lambda o: o[0]})
    s = g.state
    u = _spear(g)
    before = s.supply["red"]
    mode(g).use_attack_ability(g, RED, (u.uid, "trident-call", (27,)))
    m = s.occupant(27)
    assert m is not None and m.unit.kind == "sea-monster" and m.troop == RED
    assert s.supply["red"] == before - m.unit.health
    assert s.spear_holder == -1 and s.spear_hex == 27 and len(s.monsters_left) == 2
    assert not rules.can_engage(s, m)  # summoned this turn
    assert not any(o[1] == "trident-call" for o in mode(g).attack_abilities(g, RED))
    mode(g).pick_ups(g, RED)
    assert s.spear_holder == -1  # a Sea Monster is no gladiator: it never takes the Spear


# mutant checked: TRIDENT_SPEAR with a black die
def test_trident_spear_rolls_green_blue_yellow_up_to_three_hexes_and_leaves_the_spear_under_the_target_ORI_88():
    roller = FixedRoller([2])
    g = new("atlantis", roller=roller)
    s = g.state
    u = _spear(g)
    foe = put(g, "green-attacker", 28)
    assert s.grid.dist[25][28] == 3
    mode(g).engage(g, RED, ("special", u.uid, "trident-spear", (foe.uid,)))
    assert roller.rolled[-1] == Pool.of(green=1, blue=1, yellow=1)
    assert foe.hp == 2 and s.spear_holder == -1 and s.spear_hex == 28


# --------------------------------------------------------------------------- variants and solo


def _royale(arena="xanadu", *, a=None, b=None, tactics=False, roller=None, seed=7):
    """An `origins-battle-royale` game drafted by script (`a`, `b`: the chips each house prefers, in order) and
    its first challenge set up; the red house drafts first."""
    from hoplostat.rulesets.origins.royale import OriginsBattleRoyale

    spec = OriginsBattleRoyale.validate(CAT, GameSpec("origins-battle-royale", ("red-house", "blue-house"), arena,
                                                      first=RED, options=(("cf-tactics", tactics),)))

    def prefer(chips):
        return lambda options: next((c for c in chips if c in options), options[0])

    c0, c1 = Scripted({"draft": prefer(a or ())}), Scripted({"draft": prefer(b or ())})
    g = OriginsBattleRoyale.new_game(CAT, spec, [c0, c1], rng=np.random.default_rng(seed), log=True,
                                     roller=roller or FixedRoller(mode="all"))
    g.state.mode.begin(g)
    return g


# A pool with Origins' own gladiators (`pool_ids`) or lineups of one (`lineup_size` 1) fails here.
def test_battle_royale_drafts_only_crowd_favor_gladiators_at_least_two_per_house_ORI_52():
    """ORI-52 (Origins, "Crowd Favor Gladiator Battle Royale"): the same challenges, drafted only from Crowd
    Favor gladiators (the other boxes': Rise of Rome's and The Lost Cities'), at least two per player."""
    cf = {f"{box}:{u.id}" for box in ("rise-of-rome", "lost-cities")
          for u in load(ruleset=box).units.values() if u.kind == "cf-gladiator"}
    assert len(cf) == 5  # Rise of Rome's two, The Lost Cities' three (both have a cf-gladiator-b)
    g = _royale()
    s = g.state
    first_pick = next(o for d, o in g.controllers[RED].asked if d == "draft")
    assert set(first_pick) == cf  # every CF gladiator, nothing else (no Origins chip, no tactic)
    for t in s.troops:
        assert len(t.lineup) >= 2 and set(t.lineup) <= cf
        assert all(u.unit.kind == "cf-gladiator" and u.unit.ruleset in ("rise-of-rome", "lost-cities")
                   for u in s.units if u.troop == t.index and u.unit.kind != "sea-monster")
    assert not set(s.troops[0].lineup) & set(s.troops[1].lineup)
    # the same challenges: the full match is Origins' three arenas
    res = play(CAT, GameSpec("origins-battle-royale", ("red-house", "blue-house"), "match"),
               [make("greedy", rng=np.random.default_rng(1)), make("greedy", rng=np.random.default_rng(2))],
               rng=np.random.default_rng(1))
    assert sorted(res.extras["arenas"]) == ["atlantis", "el-dorado", "xanadu"]
    assert all(set(v) <= cf and len(v) >= 2 for v in res.extras["lineups"].values())


def test_battle_royale_pool_of_fewer_than_two_cf_gladiators_per_player_is_one_clear_error_ORI_52(monkeypatch):
    from hoplostat.errors import InputError
    from hoplostat.rulesets.origins import royale

    units, tacs = royale.cf_chips()
    monkeypatch.setattr(royale, "cf_chips", lambda tactics=False: (units[:3], tacs))
    with pytest.raises(InputError, match=r"holds 3 Crowd Favor gladiator\(s\).*at least 2 per player, 4"):
        _royale()


# R-ORI-17: without `draft_options` a house preferring tactics drafts one gladiator or none.
def test_with_the_cf_tactics_each_house_still_drafts_two_cf_gladiators_first_ORI_52_R_ORI_17():
    """ORI-52's optional CF tactics of The Lost Cities join the pool; a house picks CF gladiators until it has
    two (R-ORI-17), then anything."""
    tactics = [f"lost-cities:cf-level-{n}-{x}" for n in (1, 2, 3) for x in "abc"]
    g = _royale(tactics=True, a=tactics, b=tactics)
    s = g.state
    cat = s.mode.catalog
    assert set(tactics) <= set(cat.tactics)
    for t in s.troops:
        assert len(t.lineup) == 7  # 5 gladiators + 9 tactics: seven each
        assert all(c in cat.units for c in t.lineup[:2])  # the two gladiators come first, though tactics preferred
        assert sum(1 for c in t.lineup if c in cat.units) >= 2
    assert sorted(len([c for c in t.lineup if c in cat.tactics]) for t in s.troops) == [4, 5]  # 9 tactics: all taken


def test_foreign_cf_chips_keep_their_own_rule_sets_texts_and_are_origins_gladiators_R_ORI_18_R_ORI_19():
    """R-ORI-18: a CF gladiator is a gladiator of the challenge (not a champion, no Special Gladiator limit):
    its defeat counts for "every gladiator defeated", it may lead in Atlantis. R-ORI-19: its skills are its own
    box's texts (`Unit.ruleset`): The Lost Cities' Retaliate hits back at any distance (R-TLC-6), Rise of
    Rome's only at an adjacent attacker (ROR-100)."""
    from hoplostat.engine.registry import hook_map, unimplemented_in_game
    from hoplostat.rulesets.origins.base import is_gladiator

    tlc, ror = "lost-cities:cf-gladiator-a", "rise-of-rome:sextus"
    g = _royale(a=(tlc, ror), b=("lost-cities:cf-gladiator-c", "rise-of-rome:cf-gladiator-b"))
    s = g.state
    assert unimplemented_in_game(s) == ()
    for u in s.units:
        if u.unit.kind == "cf-gladiator":
            assert is_gladiator(u) and hook_map(u.unit), u.unit.id
    s.round, s.turn, s.active = 3, 5, BLUE
    a, r = put(g, tlc, 24), put(g, ror, 27)
    foe = put(g, "lost-cities:cf-gladiator-c", 17)  # two hexes from both
    assert s.grid.dist[24][17] == 2 and s.grid.dist[27][17] == 2
    hp = foe.hp
    _attack(g, foe, a, 1)  # Basic Attack at range 2 (a stand-in range of 1: the attack is forced)
    assert foe.hp == hp - 1  # The Lost Cities' Retaliate: any distance
    _attack(g, foe, r, 1)
    assert foe.hp == hp - 1  # Rise of Rome's: adjacent only, no damage back
    # every CF gladiator of a house defeated ends the challenge
    for u in s.units:
        if u.troop == BLUE and u.zone == CAMP:
            u.zone = DISCARD  # the other CF gladiator of the blue house out already
    rules.damage(g, foe, foe.hp, source=a)
    assert s.end_reason is not None and s.winner == RED


def test_battle_royale_is_deterministic_ORI_52():
    from hoplostat import api

    one, two = (api.play("origins-battle-royale", seed=3, arena="el-dorado") for _ in range(2))
    assert one.result.extras["lineups"] == two.result.extras["lineups"]
    assert one.result.rounds == two.result.rounds and one.result.end_reason == two.result.end_reason


# ORI-53 (Origins, after "Crowd Favor Gladiator Battle Royale": "adding these gladiators (non-Champions) to the
# Origins draft ... a new custom build of 14 chips"). The expected pool and cities are computed here from the
# boxes' own catalogs, not from the mode's constants: a pool that leaves out a box's gladiators (or lets its
# champions, beasts, bosses or titans in), renames or re-kinds them, or a city that is not ten Origins gladiators
# and four Origins tactics, disjoint between the two players, fails here.
BOX_GLADIATOR_KINDS = {"unit", "cf-gladiator"}
"""The gladiators of a Rise of Rome or Lost Cities catalog: its cities' and its Crowd Favor ones (R-ORI-20)."""


def _box_gladiators(box):
    cat = load(ruleset=box)
    return {f"{box}:{u.id}": u for u in cat.units.values() if u.kind in BOX_GLADIATOR_KINDS}


def _pool_game(pool, *, draft=()):
    """An `origins` game with `--option pool=...` set up and drafted (red first, preferring `draft`)."""
    spec = Origins.validate(CAT, GameSpec("origins", ("red-house", "blue-house"), "xanadu", first=RED,
                                          options=Origins.parse_options([f"pool={pool}"])))
    catalog = Origins.catalog_of(CAT, spec.options)
    c0 = Scripted({"draft": lambda o: next((c for c in draft if c in o), o[0])})
    g = Origins.new_game(catalog, spec, [c0, Scripted()], rng=np.random.default_rng(3), log=True,
                         roller=FixedRoller(mode="all"))
    return g


@pytest.mark.parametrize("pool,boxes", [("all", ("rise-of-rome", "lost-cities")), ("rise-of-rome", ("rise-of-rome",)),
                                        ("lost-cities", ("lost-cities",)), ("origins", ())])
def test_the_other_boxes_gladiators_not_their_champions_join_the_origins_draft_ORI_53_R_ORI_20(pool, boxes):
    own = om.pool_ids(CAT)
    foreign = {k: u for box in boxes for k, u in _box_gladiators(box).items()}
    g = _pool_game(pool)
    got = g.state.mode.pool()
    assert set(got) == set(own) | set(foreign) and len(got) == len(set(got))
    assert set(own) <= set(got)  # Origins' own 20 gladiators and 8 tactics stay
    for box in boxes:  # the champions, beasts, criminals, bosses, titans and F/A archers of the box do not come
        others = {f"{box}:{u.id}" for u in load(ruleset=box).units.values() if u.kind not in BOX_GLADIATOR_KINDS}
        assert any(k.endswith("champion") for k in others) and not others & set(got)
    cat = g.state.mode.catalog
    for k, u in foreign.items():  # each an Origins gladiator of no house, played by its own box's texts
        chip_ = cat.unit(k)
        assert chip_.kind == "gladiator" and chip_.ruleset == k.split(":")[0] and chip_.skills == u.skills
        assert (chip_.health, chip_.attack, chip_.movement) == (u.health, u.attack, u.movement)
    if pool == "all":
        assert len(foreign) == 20 + 2 + 45 + 3  # RoR's two cities and two CF, TLC's three cities and three CF


def test_a_lost_cities_hurl_is_a_movement_phase_ability_in_origins_too_R_ORI_19_R_ORI_8():
    """A foreign chip keeps its own box's texts (R-ORI-19), the phase they name included: The Lost Cities' Hurl is
    used in the movement phase ("Phase 3: Movement", TLC-34), so Origins offers it there (with its own
    movement-phase Abilities, R-ORI-8) and not among the attack phase's Abilities."""
    from hoplostat.engine.state import UnitState

    g = new()
    s = g.state
    cat = Origins.catalog_of(CAT, Origins.parse_options(["pool=lost-cities"]))
    u = UnitState(len(s.units), cat.unit("lost-cities:xanadu/brawler-1"), RED)
    s.units.append(u)
    put_in_combat(s, u.uid, 30)
    thrown = put(g, chip(g, s.troops[BLUE].lineup[0]).unit.id, next(h for h in s.grid.neighbours[30]
                                                                      if s.board[h] < 0))
    moves = mode(g).move_ability_options(g, RED)
    assert moves and {o[1] for o in moves} == {"hurl"} and {o[2][0] for o in moves} == {thrown.uid}
    assert not any(o[1] == "hurl" for o in mode(g).attack_abilities(g, RED))


def test_a_drafted_gladiator_of_another_box_plays_for_its_house_ORI_53():
    pick = "rise-of-rome:rome/attacker-2"
    g = _pool_game("all", draft=(pick, "lost-cities:xanadu/attacker-1"))
    om.draft(g)
    s = g.state
    red = [u for u in s.units if u.troop == RED]
    assert pick in s.troops[RED].lineup and "lost-cities:xanadu/attacker-1" in s.troops[RED].lineup
    mine = next(u for u in red if u.unit.id == pick)
    assert mine.zone == BAG and mine.unit.ruleset == "rise-of-rome" and "first-strike" in {k.id for k in mine.unit.skills}
    assert not any("champion" in c for t in s.troops for c in t.lineup)


def _foreign(g, box, unit_id, troop, h):
    """A gladiator of another box (ORI-53, `--option pool=...`) of `troop`, put in the arena on hex `h`."""
    from hoplostat.engine.state import UnitState

    s = g.state
    cat = Origins.catalog_of(CAT, Origins.parse_options([f"pool={box}"]))
    u = UnitState(len(s.units), cat.unit(f"{box}:{unit_id}"), troop)
    s.units.append(u)
    put_in_combat(s, u.uid, h)
    return u


# mutant checked: Origins.engage without `u.impelled_turn = -1` on the second attack (seed 323, pool=all: one unit
# attacked 20 times in a turn)
def test_a_rise_of_rome_impel_gives_exactly_one_more_basic_attack_in_origins_ROR_94_ROR_92_ORI_53_R_ORI_19():
    """Rise of Rome's chips keep their texts in Origins (ORI-53, R-ORI-19). Impel: "A single adjacent friendly unit
    gains another Basic Attack this turn": one more attack, a Basic one, then none. Consuming Impel: "another Basic
    or Alt Attack": the second may be an Alternate Attack."""
    g = new(roller=FixedRoller(mode="none"))  # every die misses: nobody falls
    s = g.state
    imp = _foreign(g, "rise-of-rome", "rome/special-2", RED, 22)  # Impel
    ally = _foreign(g, "rise-of-rome", "rome/archer-2", RED, 23)  # Long Shot (Alternate), Attack Range 2
    foe = put(g, "green-attacker", 32)
    assert s.grid.dist[22][23] == 1 and s.grid.dist[23][32] == 1 and s.grid.dist[21][23] == 2
    impel = (imp.uid, "impel", (ally.uid,))
    assert impel in mode(g).attack_abilities(g, RED)
    mode(g).use_attack_ability(g, RED, impel)

    def ally_opts():
        return [o for o in engage_opts(g, RED) if o[1] == ally.uid]

    assert ("special", ally.uid, "long-shot", (foe.uid,)) in ally_opts()
    mode(g).engage(g, RED, ("attack", ally.uid, foe.uid))
    assert ally_opts() == [("attack", ally.uid, foe.uid)]  # the second: a Basic Attack only
    mode(g).engage(g, RED, ("attack", ally.uid, foe.uid))
    assert ally_opts() == []  # no third
    next_turn(g, BLUE)
    next_turn(g, RED)
    ci = _foreign(g, "rise-of-rome", "pompeii/tactician-1", RED, 21)  # Consuming Impel, two hexes from the ally
    mode(g).use_attack_ability(g, RED, (ci.uid, "consuming-impel", (ally.uid,)))
    mode(g).engage(g, RED, ("attack", ally.uid, foe.uid))
    assert ("special", ally.uid, "long-shot", (foe.uid,)) in ally_opts()
    mode(g).engage(g, RED, ("special", ally.uid, "long-shot", (foe.uid,)))
    assert ally_opts() == []


def test_the_pool_option_changes_the_drafts_and_the_same_seed_gives_the_same_game_ORI_53():
    from hoplostat import api

    plain = api.play("origins", seed=5, arena="xanadu")
    mixed = [api.play("origins", seed=5, arena="xanadu", options={"pool": "all"}) for _ in range(2)]
    assert mixed[0].result.extras["lineups"] == mixed[1].result.extras["lineups"]
    assert mixed[0].result.rounds == mixed[1].result.rounds
    drafted = [c for side in mixed[0].result.extras["lineups"].values() for c in side]
    assert any(":" in c for c in drafted) and not any(":" in c for side in plain.result.extras["lineups"].values()
                                                      for c in side)


def _expected_cities():
    """ORI-53 by ruling R-ORI-21, computed from the Origins catalog: the pool's gladiators in id order, then its
    tactics in id order, dealt alternately to build 1 and build 2."""
    glads = sorted(u.id for u in CAT.units.values() if u.kind in ("gladiator", "special-gladiator"))
    tacs = sorted(CAT.tactics)
    return [(glads[k::2], tacs[k::2]) for k in range(2)]


def _titan_game(factions, titan="oceanus", city="origins"):
    from hoplostat.rulesets.rise_of_rome.titan import RiseOfRomeTitan

    ror = load(ruleset="rise-of-rome")
    opts = RiseOfRomeTitan.parse_options([f"city={city}"])
    spec = RiseOfRomeTitan.validate(ror, GameSpec("rise-of-rome-titan", factions, titan=titan, options=opts))
    catalog = RiseOfRomeTitan.catalog_of(ror, spec.options)
    g = RiseOfRomeTitan.new_game(catalog, spec, [Scripted()], rng=np.random.default_rng(4), log=True,
                                 roller=FixedRoller(mode="all"))
    g.state.mode.begin(g)
    return g, ror


@pytest.mark.parametrize("factions", [("rome",), ("pompeii", "rome")])
def test_a_custom_city_of_14_origins_chips_faces_a_titan_ORI_53_R_ORI_21(factions):
    g, ror = _titan_game(factions)
    s = g.state
    cities = _expected_cities()
    assert all(len(gl) == 10 and len(tc) == 4 for gl, tc in cities)
    assert not set(cities[0][0]) & set(cities[1][0]) and not set(cities[0][1]) & set(cities[1][1])
    for p, fid in enumerate(factions):
        glads, tacs = cities[p]
        hero = s.units[s.troops[p].primary_hero]
        mine = [u for u in s.units if u.troop == p and (u.unit.kind == "unit" or u is hero)]  # not the meter's
        assert hero.unit.id == ror.faction(fid).hero  # the city's own champion stays
        rest = sorted(u.unit.id for u in mine if not u.is_primary_hero)
        assert rest == sorted(f"origins:{c}" for c in glads)  # its ten gladiators are Origins'
        assert all(u.unit.ruleset == "origins" and u.unit.faction == fid for u in mine if not u.is_primary_hero)
        # ROR-57, ROR-83 as ever: six (co-op three) of them drawn for the bag, some already in the hand
        assert sum(u.zone in (BAG, CAMP) for u in mine if u is not hero) == (6 if len(factions) == 1 else 3)
        # its four tactics are Origins' (the one chosen for the bag among them, ROR-57)
        assert [t.id for t in s.city_tactics[p]] == [f"origins:{t}" for t in tacs]
        t = s.troops[p]
        assert [x.id for x in (*t.tactics_bag, *t.tactics_camp)] == [f"origins:{tacs[0]}"]
    # Oceanus summons another city's own gladiators (ROR-59), not Origins chips
    if len(factions) == 1:
        other = [f for f in sorted(ror.factions) if f not in factions][0]
        assert s.pile and all(s.units[u].unit.faction == other for u in s.pile)


def test_an_origins_cover_archer_rolls_in_a_titan_game_too_ORI_61_ORI_53_R_ORI_15():
    """ORI-53 brings Origins chips into Rise of Rome's titan game, and their skills with them: Cover (ORI-61) needs
    the hex a move started from, which the engine records for every mode (not only Origins' own). An opposing
    unit's one-step move onto a hex inside the archer's Range gives one yellow die (R-ORI-15); a friend's none."""
    g, _ = _titan_game(("rome",))
    s, grid = g.state, g.state.grid
    cover = s.mode.catalog.unit("origins:yellow-archer")
    archer = next(u for u in s.units if u.troop == 0 and u.zone != COMBAT and not u.is_primary_hero)
    archer.unit = cover  # whichever build holds the Cover chip, the player's city fields it here
    free = [h for h in range(grid.n) if s.board[h] < 0]
    a = free[0]
    d, f = next((d, f) for d in free for f in free if d != a and f != a and grid.dist[d][a] == cover.range
                and grid.dist[f][a] == cover.range + 1 and grid.dist[f][d] == 1)
    put_in_combat(s, archer.uid, a)
    friend = next(u for u in s.units if u.troop == 0 and u.zone != COMBAT and u is not archer)
    put_in_combat(s, friend.uid, f)
    g.roller.rolled.clear()
    rules.move(g, friend, d)  # a friend's move: no die
    assert g.roller.rolled == []
    s.board[d], friend.hex, friend.zone = -1, -1, CAMP
    s.leave_combat(friend)
    foe = s.units[put_in_combat(s, next(u.uid for u in s.units if u.troop == 1 and u.unit.kind == "unit"), f)]
    hp = foe.hp
    rules.move(g, foe, d)  # the titan's summoned gladiator steps into the archer's Range
    assert g.roller.rolled == [Pool.of(yellow=1)] and foe.hp == hp - 1
    assert f"{archer.name} (red) covers hex {d}: 1 hit(s)" in s.log


def test_the_city_option_leaves_the_cities_own_chips_by_default_and_plays_seeded_ORI_53():
    from hoplostat import api

    g, ror = _titan_game(("rome",), city="own")
    assert {u.unit.id for u in g.state.units if u.troop == 0 and u.unit.kind == "unit"} == {
        u.id for u in ror.faction_units("rome")}
    one, two = (api.play("rise-of-rome-titan", ["rome"], titan="theia", seed=2, options=["city=origins"])
                for _ in range(2))
    assert one.result.rounds == two.result.rounds and one.result.end_reason == two.result.end_reason
    used = {u.unit_id for u in one.result.units}
    ror = load(ruleset="rise-of-rome")
    city = {u for u in used if u in ror.units and ror.units[u].kind == "unit"} | {u for u in used if ":" in u}
    assert city and city <= {f"origins:{c}" for c in _expected_cities()[0][0]}


def test_the_solo_trials_are_played_on_labelled_stand_in_cards_ORI_54_ORI_55_ORI_56():
    """Their cards are not in the book: the mode plays stand-in cards and says so (the rules themselves are pinned
    in tests/rulesets/origins/test_trials.py, ORI-TR-*)."""
    assert "origins-solo-trials" in modes()
    readme = (ROOT / "README.md").read_text()
    assert "Solo Trials" in readme and "stand-in" in readme[readme.index("Solo Trials"):][:400]
    text = (ROOT / "docs" / "origins.md").read_text()
    assert "Solo Trials" in text and "stand-in cards" in text
    assert all(c.is_stand_in for c in CAT.cards["trial"].values()) and len(CAT.cards["trial"]) == 20


# --------------------------------------------------------------------------- skills


def test_skill_kinds_and_the_movement_phases_abilities_come_before_the_moves_ORI_57_R_ORI_8():
    kinds = {k: v.type for k, v in CAT.skills.items()}
    assert kinds["distract"] == "innate" and kinds["whirlwind"] == "alternate"
    assert {k for k, v in kinds.items() if v == "ability"} == {"propel", "shove", "swap", "toss", "trident-call"}
    g = new("xanadu", a_first=("yellow-tactician",), b_first=("korykos",))
    tac = put(g, "yellow-tactician", 22)
    friend = put(g, "green-defender", 23)
    c = g.controllers[RED]
    c.picks["ability"] = lambda o: next((x for x in o if x[1] == "swap" and x[2] == (friend.uid,)), None)
    mode(g).move(g, RED)
    decisions = [d for d, _ in c.asked]
    assert decisions.index("ability") < decisions.index("move")
    assert tac.hex == 23 and friend.hex == 22


def _attack(g, att, target, hits):
    g.roller.results = [hits]
    return combat.basic_attack(g, att, target)


def test_absorb_one_less_from_a_basic_attack_only_ORI_58():
    g = new()
    att = put(g, "yellow-attacker", 22)
    d = put(g, "green-attacker", 23)  # no Absorb
    ab = put(g, "blue-defender", 31)
    ab.unit = CAT.unit("green-defender")  # Absorb
    g.state.combat_version += 1
    _attack(g, att, ab, 2)
    assert ab.hp == 5 - 1
    combat.alt_damage(g, att, ab, 2, "test")
    assert ab.hp == 4 - 2
    assert d.hp == 4


# mutant checked: _bloodlust comparing with the chip's Health, not the doubled one
def test_bloodlust_adds_a_black_die_when_not_at_full_health_a_leaders_full_is_doubled_ORI_59():
    g = new("atlantis", a_first=("green-special",))
    u = chip(g, "green-special")
    mode(g).place(g, u.uid, 13)  # the Leader: 10 health
    foe = put(g, "green-attacker", 14)
    assert combat.basic_profile(g, u, foe)[0] == CAT.unit("green-special").attack
    rules.damage(g, u, 1, source=None)
    assert u.hp == 9 > u.unit.health
    assert combat.basic_profile(g, u, foe)[0] == CAT.unit("green-special").attack + Pool.of(black=1)


def test_combat_lock_holds_adjacent_opponents_and_stops_those_passing_ORI_60():
    g = new("xanadu", b_first=("blue-defender",))
    s = g.state
    put(g, "blue-defender", 24)
    held = put(g, "yellow-attacker", 23)
    passer = put(g, "korykos", 14)
    c = g.controllers[RED]
    movement_step(g, RED)
    opts = [o for d, x in c.asked if d == "move" for o in x]
    assert not any(uid == held.uid for uid, _ in opts)
    reach = {h for uid, h in opts if uid == passer.uid}
    assert s.grid.dist[15][24] == 1 and 15 in reach
    assert 16 not in reach  # only through 15, where it must stop on arriving next to the lock


# mutant checked: cover_rolls rolling for the end hex only
def test_cover_rolls_a_yellow_die_for_every_covered_hex_passed_or_ended_on_R_ORI_15_ORI_61():
    g = new("xanadu", a_first=("yellow-archer",))
    s = g.state
    put(g, "yellow-archer", 32)  # Attack Range 3: covers 23 and 24
    foe = put(g, "green-attacker", 22)
    next_turn(g, BLUE)
    rules.move(g, foe, 24)  # the only two-step path is 22 -> 23 -> 24
    assert foe.hp == 4 - 2
    log = "\n".join(s.log)
    assert "covers hex 23" in log and "covers hex 24" in log
    # a path around the covered hexes is taken when there is one of the same length
    g = new("xanadu", a_first=("yellow-archer",))
    s = g.state
    put(g, "yellow-archer", 45)  # range 3 from the bottom-left corner
    foe = put(g, "green-attacker", 31)
    covered = {h for h in range(s.grid.n) if s.grid.dist[h][45] <= 3}
    assert 40 in covered and 39 in covered
    rules.move(g, foe, 33)  # 31 -> 32 -> 33 rather than through 40
    assert foe.hp == 4 - sum(h in covered for h in (32, 33))


# mutant checked: combat.dice ignoring Distract
def test_distract_turns_adjacent_opponents_dice_yellow_ORI_62():
    g = new("xanadu", b_first=("orange-special",))
    att = put(g, "yellow-attacker", 22)
    foe = put(g, "orange-special", 23)
    pool = combat.basic_profile(g, att, foe)[0]
    assert pool == Pool.of(yellow=CAT.unit("yellow-attacker").attack.size)
    archer = put(g, "purple-archer", 25)  # not adjacent: its own dice
    assert combat.basic_profile(g, archer, foe)[0] == CAT.unit("purple-archer").attack


# mutant checked: _retaliate without the embolden source
def test_embolden_gives_friends_within_two_hexes_retaliate_once_ORI_64_ORI_80():
    g = new("xanadu", b_first=("yellow-special", "green-attacker"))
    att = put(g, "yellow-attacker", 22)
    friend = put(g, "green-attacker", 23)
    put(g, "yellow-special", 25)  # two hexes from the friend
    _attack(g, att, friend, 1)
    assert att.hp == 4 - 1  # Retaliate from Embolden
    far = put(g, "korykos", 45)
    foe2 = put(g, "blue-defender", 46)
    _attack(g, far, foe2, 1)
    assert far.hp == 2  # no Retaliate, no Embolden in reach


def test_gold_runner_and_intimidate_forbid_attacks_from_within_tactical_range_ORI_66_ORI_71_ORI_89():
    g = new("xanadu", a_first=("blue-special",), b_first=("purple-archer",))
    s = g.state
    gr = put(g, "purple-archer", 23)  # Gold Runner, Tactical Range 1
    att = put(g, "yellow-attacker", 22)
    assert gr.uid not in {o.uid for o in combat.basic_targets(s, att)}
    assert gr.uid not in {o.uid for o in combat.alt_targets(s, att, 3)}
    g2 = new("xanadu", a_first=("blue-special",), b_first=("purple-archer",))
    s2 = g2.state
    foe = put(g2, "orange-attacker", 24)
    me = put(g2, "blue-special", 23)
    foe.unit = CAT.unit("blue-special")  # Intimidate, Tactical Range 2
    s2.combat_version += 1
    assert foe.uid not in {o.uid for o in combat.basic_targets(s2, me)}
    # True Strike: the Basic Attack as an Alternate Attack, which Intimidate does not forbid (R-ORI-13)
    assert ("special", me.uid, "true-strike", (foe.uid,)) in engage_opts(g2, RED)


def test_hardened_one_less_from_basic_and_alternate_attacks_ORI_67():
    g = new()
    att = put(g, "yellow-attacker", 22)
    h = put(g, "blue-defender", 23)
    _attack(g, att, h, 2)
    assert h.hp == 5 - 1
    combat.alt_damage(g, att, h, 2, "test")
    assert h.hp == 4 - 1


def test_inspire_gives_friends_within_two_hexes_one_more_damage_ORI_69():
    g = new()
    put(g, "korykos", 13)
    att = put(g, "yellow-attacker", 15)  # two hexes from Korykos
    foe = put(g, "green-attacker", 16)
    _attack(g, att, foe, 1)
    assert foe.hp == 4 - 2


def test_intercept_blow_takes_the_whole_damage_for_an_adjacent_friend_ORI_70():
    g = new(picks1={"intercept": lambda o: o[0]})
    att = put(g, "yellow-attacker", 22)
    foe = put(g, "green-attacker", 23)
    guard = put(g, "blue-defender", 24)
    guard.unit = CAT.unit("purple-special")  # Intercept Blow
    g.state.combat_version += 1
    _attack(g, att, foe, 2)
    assert foe.hp == 4 and guard.hp == 5 - 2


def test_long_shot_one_yellow_die_up_to_four_hexes_ORI_72():
    roller = FixedRoller([1])
    g = new("xanadu", a_first=("blue-archer",), roller=roller)
    u = put(g, "blue-archer", 21)
    foe = put(g, "green-attacker", 25)
    assert ("special", u.uid, "long-shot", (foe.uid,)) in engage_opts(g, RED)
    mode(g).engage(g, RED, ("special", u.uid, "long-shot", (foe.uid,)))
    assert roller.rolled[-1] == Pool.of(yellow=1) and foe.hp == 3


# mutant checked: lunging ignoring moved_turn
def test_lunge_not_moving_gives_plus_one_range_and_two_green_dice_ORI_73():
    g = new("xanadu", a_first=("purple-spearman",))
    s = g.state
    u = put(g, "purple-spearman", 21)  # Attack Range 2
    foe = put(g, "green-attacker", 24)  # three hexes
    assert foe.uid in {o.uid for o in combat.basic_targets(s, u)}
    assert combat.basic_profile(g, u, foe)[0] == Pool.of(green=2)
    u.moved_turn = s.turn
    assert foe.uid not in {o.uid for o in combat.basic_targets(s, u)}
    assert combat.basic_profile(g, u, foe)[0] == CAT.unit("purple-spearman").attack


# mutant checked: _parry comparing the round
def test_parry_ignores_the_first_successful_basic_attack_each_turn_R_ORI_12_ORI_74():
    g = new()
    s = g.state
    att = put(g, "yellow-attacker", 22)
    att2 = put(g, "korykos", 46)  # far from the others: no Inspire
    p = put(g, "blue-defender", 23)
    p.unit = CAT.unit("orange-defender")  # Parry, Retaliate
    s.combat_version += 1
    _attack(g, att2, p, 1)
    assert p.hp == 5
    _attack(g, att, p, 2)
    assert p.hp == 3
    next_turn(g, BLUE)
    next_turn(g, RED)  # the same round's next player turn resets it too: each turn
    _attack(g, att, p, 1)
    assert p.hp == 3


def test_pervasive_absorb_gives_adjacent_friends_absorb_once_ORI_75():
    g = new("xanadu", b_first=("yellow-special", "green-attacker"))
    att = put(g, "yellow-attacker", 22)
    friend = put(g, "green-attacker", 23)
    put(g, "yellow-special", 24)
    _attack(g, att, friend, 2)
    assert friend.hp == 4 - 1


def test_power_throw_one_yellow_die_per_adjacent_friend_ORI_76():
    roller = FixedRoller([2])
    g = new("xanadu", a_first=("orange-spearman",), roller=roller)
    u = put(g, "orange-spearman", 22)
    put(g, "korykos", 23)
    put(g, "green-defender", 31)
    foe = put(g, "green-attacker", 24)
    mode(g).engage(g, RED, ("special", u.uid, "power-throw", (foe.uid,)))
    assert roller.rolled[-1] == Pool.of(yellow=2) and foe.hp == 2


def test_propel_launches_an_adjacent_friend_two_hexes_it_neither_moves_nor_attacks_ORI_77():
    g = new()
    s = g.state
    k = put(g, "korykos", 22)
    friend = put(g, "yellow-attacker", 23)
    opts = [o for o in rules.ability_options(g, RED, usable=lambda s_, u: True) if o[1] == "propel"]
    assert opts and all(s.grid.dist[o[2][1]][22] == 2 for o in opts)
    rules.use_ability(g, RED, (k.uid, "propel", (friend.uid, 24)))
    assert friend.hex == 24 and not rules.can_move(s, friend) and not rules.can_engage(s, friend)


def test_reposition_moves_one_hex_instead_of_attacking_ORI_79():
    g = new("xanadu", a_first=("yellow-archer",))
    u = put(g, "yellow-archer", 22)
    mode(g).engage(g, RED, ("special", u.uid, "reposition", (23,)))
    assert u.hex == 23 and not rules.can_engage(g.state, u)


def test_retaliate_hurts_an_adjacent_basic_attacker_even_when_defeated_ORI_80():
    g = new()
    att = put(g, "korykos", 22)
    r = put(g, "green-attacker", 23, hp=1)
    r.unit = CAT.unit("yellow-attacker")  # Retaliate
    g.state.combat_version += 1
    _attack(g, att, r, 1)
    assert r.zone == DISCARD and att.hp == 1
    archer = put(g, "purple-archer", 21)
    r2 = put(g, "blue-defender", 24)
    r2.unit = CAT.unit("orange-defender")
    g.state.combat_version += 1
    _attack(g, archer, r2, 1)  # parried; and not adjacent: no Retaliate
    assert archer.hp == 3


def test_shove_pushes_an_adjacent_opponent_straight_back_or_not_at_all_ORI_81():
    g = new("xanadu", a_first=("orange-attacker",))
    u = put(g, "orange-attacker", 22)
    foe = put(g, "green-attacker", 23)
    assert any(o[1] == "shove" for o in rules.ability_options(g, RED, usable=lambda s_, x: True))
    rules.use_ability(g, RED, (u.uid, "shove", (foe.uid,)))
    assert foe.hex == 24 and u.hex == 23
    put(g, "blue-defender", 25)  # behind it now: no more Shove
    assert not any(o[1] == "shove" for o in rules.ability_options(g, RED, usable=lambda s_, x: True))


def test_skewer_hits_the_adjacent_unit_and_the_one_behind_it_R_ORI_14_ORI_82():
    roller = FixedRoller([2])
    g = new("xanadu", a_first=("blue-spearman",), roller=roller)
    u = put(g, "blue-spearman", 22)
    a = put(g, "green-attacker", 23)
    b = put(g, "blue-defender", 24)
    mode(g).engage(g, RED, ("special", u.uid, "skewer", (a.uid,)))
    assert len(roller.rolled) == 1 and roller.rolled[0] == CAT.unit("blue-spearman").attack
    assert a.hp == 4 - 2 and b.hp == 5 - 1  # Hardened: 1 less


def test_strategic_attack_adds_a_yellow_die_to_adjacent_friends_ORI_83():
    g = new(a_first=("yellow-tactician",))
    put(g, "yellow-tactician", 21)
    att = put(g, "yellow-attacker", 22)
    foe = put(g, "green-attacker", 23)
    assert combat.basic_profile(g, att, foe)[0] == CAT.unit("yellow-attacker").attack + Pool.of(yellow=1)


def test_swap_changes_places_with_an_adjacent_unit_ORI_85():
    g = new(a_first=("yellow-tactician",))
    u = put(g, "yellow-tactician", 22)
    foe = put(g, "green-attacker", 23)
    rules.use_ability(g, RED, (u.uid, "swap", (foe.uid,)))
    assert u.hex == 23 and foe.hex == 22


def test_toss_moves_an_adjacent_unit_around_this_one_keeping_it_adjacent_ORI_86():
    g = new("xanadu", a_first=("purple-tactician",))
    s = g.state
    u = put(g, "purple-tactician", 23)
    foe = put(g, "green-attacker", 24)
    opts = [o for o in rules.ability_options(g, RED, usable=lambda s_, x: True) if o[1] == "toss"]
    dests = {o[2][1] for o in opts if o[2][0] == foe.uid}
    assert len(dests) == 2 and all(s.grid.dist[h][23] == 1 and s.grid.dist[h][24] == 1 for h in dests)
    rules.use_ability(g, RED, (u.uid, "toss", (foe.uid, min(dests))))
    assert foe.hex == min(dests)


# mutant checked: whirlwind with blue dice
def test_whirlwind_one_yellow_die_per_adjacent_opponent_the_total_to_each_ORI_90():
    roller = FixedRoller([2])
    g = new("xanadu", a_first=("green-attacker",), b_first=("korykos", "yellow-attacker"), roller=roller)
    u = put(g, "green-attacker", 23)
    a = put(g, "korykos", 22)
    b = put(g, "yellow-attacker", 24)
    mode(g).engage(g, RED, ("special", u.uid, "whirlwind", ()))
    assert roller.rolled[-1] == Pool.of(yellow=2)
    assert a.zone == DISCARD and b.hp == 4 - 2


# --------------------------------------------------------------------------- the whole checklist


ORI_IDS = {f"ORI-{n}" for n in range(1, 92)}
"""The checklist (../shared/rules/origins.md) numbers Origins' rules ORI-1 to ORI-91."""


def test_every_ori_id_of_the_checklist_is_named_by_a_test_here():
    ids = ORI_IDS
    if CHECKLIST.is_file():  # next to the repository (a development checkout): the list is still the checklist's
        assert set(re.findall(r"^- (ORI-\d+)", CHECKLIST.read_text(), re.M)) == ids
    names = " ".join(n for n in globals() if n.startswith("test_"))
    named = {f"ORI-{m}" for m in re.findall(r"ORI_(\d+)", names)}
    assert ids - named == set()


def test_mode_registered_with_its_rule_set():
    cls = mode_class("origins")
    assert cls.ruleset == "origins" and cls.analysis == "versus"
