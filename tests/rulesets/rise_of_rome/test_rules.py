"""Rise of Rome, player against player: one scenario test per rule of the checklist
(../shared/rules/rise-of-rome.md, ROR-*), each named after the rule id it pins.

Positions start from the mode's real set-up (`rise_of_rome.mode.setup`: troop 0 Rome on the red side, troop 1
Pompeii on the blue side, Rome first) with chips put on the mat by hand; dice are forced (FixedRoller).
Each test names, in the comment above it, the deliberate bug it was seen to fail under (docs/testing.md).

Map (stand-in geometry, data/rise-of-rome/arenas/colosseum.toml), hex numbers row by row:

          0   1   2   3   4   5   6                 P . . . . . P
        7   8   9  10  11  12  13  14              . . . . . . . .
      15  16  17  18  19  20  21  22  23          r . . I . I . . b
    24  25  26  27  28  29  30  31  32  33       R . . . . . . . . B
  34  35  36  37  38  39  40  41  42  43  44     . . . I . C . I . . .
    45  46  47  48  49  50  51  52  53  54       R . . . . . . . . B
      55  56  57  58  59  60  61  62  63          r . . I . I . . b
        64  65  66  67  68  69  70  71              . . . . . . . .
          72  73  74  75  76  77  78                P . . . . . P"""

from __future__ import annotations

import numpy as np
from engine.enginekit import Scripted, prefer, put_in_combat

from hoplostat.catalog import load
from hoplostat.dice import Pool
from hoplostat.engine import rules
from hoplostat.engine.loop import play_turn
from hoplostat.engine.rules import FixedRoller, Game
from hoplostat.engine.state import CAMP, COMBAT, DISCARD, TRACK
from hoplostat.engine.steps import movement_step
from hoplostat.rulesets.classic import turn as phase
from hoplostat.rulesets.rise_of_rome import favor
from hoplostat.rulesets.rise_of_rome import mode as ror
from hoplostat.rulesets.rise_of_rome.base import STUN_FLIP
from hoplostat.rulesets.rise_of_rome.favor import CENTER as CF_CENTER
from hoplostat.rulesets.rise_of_rome.favor import FAR_LEFT, FAR_RIGHT, MID_LEFT, MID_RIGHT

CAT = load(ruleset="rise-of-rome")

CENTER = 39
INNER = (18, 20, 37, 41, 58, 60)
RED_OUTER, BLUE_OUTER = (24, 45), (33, 54)
PEDESTALS = (0, 6, 72, 78)
RED_CHAMP, BLUE_CHAMP = (15, 55), (23, 63)
ROME, POMPEII = 0, 1
ROME_TACTICS = ("rome/stun", "rome/hamstring", "rome/adrenaline", "rome/tactic-iv")


# --------------------------------------------------------------------------- helpers


class Shared(Scripted):
    """A Scripted controller that also writes (troop, decision, options) to a log shared by both players."""

    def __init__(self, log, picks=None):
        super().__init__(picks)
        self.log = log

    def choose(self, g, troop, decision, options, *, optional):
        self.log.append((troop, decision, list(options)))
        return super().choose(g, troop, decision, options, optional=optional)


def new(picks0=None, picks1=None, roller=None, *, first=0, turn=5):
    """A mid-game state from the real set-up: round 3; turn 5 is Rome's (troop 0), 6 Pompeii's."""
    s = ror.setup(CAT, ("rome", "pompeii"), rng=np.random.default_rng(7), first_player=first, log=True)
    s.round, s.turn, s.active = 3, turn, 0 if turn % 2 else 1
    ctrls = [Scripted(dict(picks0 or {})), Scripted(dict(picks1 or {}))]
    return Game(s, roller or FixedRoller(mode="all"), ctrls, np.random.default_rng(7))


def chip(g, unit_id):
    return next(u for u in g.state.units if u.unit.id == unit_id)


def put(g, unit_id, h, hp=None):
    """A chip of the set-up in combat on hex h (active, not deployed this turn)."""
    s = g.state
    assert s.board[h] < 0, f"hex {h} is taken"
    return s.units[put_in_combat(s, chip(g, unit_id).uid, h, hp)]


def to_camp(g, unit_id):
    u = chip(g, unit_id)
    u.zone = CAMP
    return u


def to_hand(g, troop, tactic_id):
    t = g.state.troops[troop]
    held = [x for x in t.tactics_camp if x.id == tactic_id]
    if held:  # already drawn into the hand (a set-up that drew)
        return held[0]
    tac = next(x for x in t.tactics_bag if x.id == tactic_id)
    t.tactics_bag.remove(tac)
    t.tactics_camp.append(tac)
    return tac


def dist(g, a, b):
    return g.state.grid.dist[a][b]


def first(options):
    return options[0] if options else None




def script(g, troop, wanted):
    """The troop's controller takes the `wanted` engage/ability choices in this order, each when it is offered
    (passing otherwise); returns (the list of wanted choices not yet taken, the option lists it was shown)."""
    todo = list(wanted)
    seen: list[tuple[str, list]] = []

    def pick_for(decision):
        def pick(options):
            seen.append((decision, list(options)))
            if todo and todo[0] in options:
                return todo.pop(0)
            return None

        return pick

    c = g.controllers[troop]
    c.picks["engage"] = pick_for("engage")
    c.picks["ability"] = pick_for("ability")
    return todo, seen


def alternate(g, u, sid, args):
    """Resolve a unit's Alternate Attack through its skill's hook (what the engage step does)."""
    for sid2, param, fn in rules.unit_hooks(u.unit, "special"):
        if sid2 == sid:
            fn(g, u, param, args)
            return
    raise AssertionError(f"{u.name} has no {sid}")


def glad_hexes(g, troop, u):
    return {h for uid, h in g.state.mode.gladiator_options(g.state, troop) if uid == u.uid}


def move_options(g, troop):
    """The move options the troop's movement step offers (the controller passes)."""
    c = g.controllers[troop]
    before = len(c.asked)
    movement_step(g, troop)
    return [o for d, opts in c.asked[before:] if d == "move" for o in opts]


# --------------------------------------------------------------------------- board


# mutant checked: RiseOfRome.deployment_hexes `if t.far_open:` -> `if True:`
def test_each_player_starts_with_the_two_outer_hexes_of_its_own_side_ROR_7():
    """ROR-7: outer deployment hexes, two per side; at the start each player may use the two on their own side."""
    g = new()
    a, b = to_camp(g, "rome/attacker-1"), to_camp(g, "pompeii/attacker-1")
    red, blue = glad_hexes(g, ROME, a), glad_hexes(g, POMPEII, b)
    assert set(RED_OUTER) <= red and not set(BLUE_OUTER) & red
    assert set(BLUE_OUTER) <= blue and not set(RED_OUTER) & blue


# mutant checked: RiseOfRome.start without `and s.units[uid].troop == troop`
def test_the_titan_hex_hurts_a_unit_at_the_start_of_its_own_turn_only_ROR_8():
    """ROR-8: a unit on the titan hex at the start of its troop's turn takes 1 damage."""
    g = new(turn=6)
    s = g.state
    u = put(g, "rome/attacker-1", CENTER)
    s.mode.start(g, POMPEII)  # the opponent's turn begins: nothing
    assert u.hp == 4
    s.turn, s.active = 7, ROME
    s.mode.start(g, ROME)
    assert u.hp == 3
    assert s.troops[POMPEII].favor_total == 0 and s.troops[ROME].favor_total == 0  # no one dealt it


# mutant checked: GameState.refresh_muted `muted[h] = True` -> `muted[h] = False`
def test_a_unit_on_an_inner_hex_may_only_move_ROR_9():
    """ROR-9: on an inner deployment hex a unit may only move: its attacks, Abilities, Tactical Range (and Innates, R-ROR-11) do not work there."""
    eager = {"engage": first, "ability": first, "tactic": first}
    g = new(eager)
    s = g.state
    ww = put(g, "rome/special-1", 41)  # Whirlwind, Tactical Range 2, on an inner hex
    foe = put(g, "pompeii/attacker-1", 42)
    assert dist(g, 41, 42) == 1
    to_hand(g, ROME, "rome/hamstring")
    assert phase.tactic_options(s, ROME, ror.tactic_allowed) == []  # not even on itself
    phase.attack_phase(g, ROME)
    assert foe.hp == 4 and "engage" not in [d for d, _ in g.controllers[ROME].asked]
    assert any(uid == ww.uid for uid, _ in move_options(g, ROME))
    # an Innate is off there too: Absorb on an inner hex takes the whole Basic Attack
    ab = put(g, "rome/defender-1", 37)
    att = put(g, "pompeii/attacker-2", 38)
    rules.attack(g, att, ab)  # green+blue, both hit
    assert ab.hp == 6 - 2


# mutant checked: RiseOfRome.deployment_hexes without `+ g.tagged("center")`
def test_deployment_on_every_deployment_hex_but_the_opponents_outer_pair_ROR_10():
    """ROR-10: at the start a player may deploy on every deployment hex but the two outer hexes nearest the opponent: its own outer pair, the six inner hexes and the titan hex."""
    g = new()
    a, b = to_camp(g, "rome/attacker-1"), to_camp(g, "pompeii/attacker-1")
    assert glad_hexes(g, ROME, a) == set(RED_OUTER) | set(INNER) | {CENTER}
    assert glad_hexes(g, POMPEII, b) == set(BLUE_OUTER) | set(INNER) | {CENTER}


# --------------------------------------------------------------------------- tactical range


# mutant checked: classic.turn.tactic_targets `row[h] <= r` -> `row[h] < r`
def test_tactical_range_counts_hexes_and_always_covers_the_unit_itself_ROR_15():
    """ROR-15: a tactic may be played on a target up to Tactical Range hexes from the unit, and always on the unit itself."""
    g = new()
    s = g.state
    tac = put(g, "rome/tactician-1", 26)  # Tactical Range 3
    near = put(g, "pompeii/attacker-1", 29)
    far = put(g, "pompeii/attacker-2", 30)
    assert dist(g, 26, 29) == 3 and dist(g, 26, 30) == 4
    ham = to_hand(g, ROME, "rome/hamstring")
    got = {u.uid for u in phase.tactic_targets(s, ROME, ham, allowed=ror.tactic_allowed)}
    assert got == {tac.uid, near.uid} and far.uid not in got
    # a Tactical Range 1 unit alone, its nearest unit 2 hexes away: only itself
    g2 = new()
    one = put(g2, "rome/attacker-1", 26)
    put(g2, "pompeii/attacker-1", 28)
    ham2 = to_hand(g2, ROME, "rome/hamstring")
    assert [u.uid for u in phase.tactic_targets(g2.state, ROME, ham2, allowed=ror.tactic_allowed)] == [one.uid]


# --------------------------------------------------------------------------- goal, start


# mutant checked: RiseOfRome.after_defeat `self.end(g, ..., 1 - u.troop)` -> `self.end(g, ..., u.troop)`
def test_defeating_the_opposing_champion_wins_and_a_gladiator_does_not_ROR_16():
    """ROR-16: a player wins by defeating the opposing champion."""
    g = new(roller=FixedRoller([2, 2]))
    s = g.state
    att = put(g, "rome/attacker-1", 26)
    glad = put(g, "pompeii/attacker-1", 27, hp=2)
    champ = put(g, "pompeii-champion", 36, hp=2)
    rules.attack(g, att, glad)
    assert glad.zone == DISCARD and s.end_reason is None
    rules.attack(g, att, champ)
    assert champ.zone == DISCARD and s.end_reason == "champion defeated" and s.winner == ROME


# mutant checked: mode.setup the champion's `active=False` -> `active=True`
def test_champions_start_inactive_with_ten_hp_player_one_placing_first_ROR_22():
    """ROR-22: both champions start inactive with 10 HP; player 1, then player 2, puts theirs on one of their own two champion hexes; until activated a champion does nothing but can be damaged (and defeated)."""
    s = ror.setup(CAT, ("rome", "pompeii"), rng=np.random.default_rng(3), first_player=1, log=True)
    log: list = []
    g = Game(s, FixedRoller(mode="all"), [Shared(log), Shared(log)], np.random.default_rng(3))
    s.mode.begin(g)
    asks = [(t, opts) for t, d, opts in log if d == "champion-hex"]
    assert [t for t, _ in asks] == [POMPEII, ROME]  # Pompeii is player 1 (red)
    assert set(asks[0][1]) == set(RED_CHAMP) and set(asks[1][1]) == set(BLUE_CHAMP)
    rome, pomp = (s.units[t.primary_hero] for t in s.troops)
    for hero, hexes in ((pomp, RED_CHAMP), (rome, BLUE_CHAMP)):
        assert hero.zone == COMBAT and hero.hp == 10 and not hero.active and hero.hex in hexes
    assert s.supply["red"] == 75 - 20
    # it does nothing: no move, no attack, no Tactical Range, no Innate (Pompeii's champion has Retaliate)
    s.round, s.turn, s.active = 1, 1, POMPEII
    foe = s.units[put_in_combat(s, chip(g, "rome/attacker-1").uid, s.grid.neighbours[pomp.hex][0])]
    assert not rules.can_move(s, pomp) and not rules.can_engage(s, pomp)
    to_hand(g, POMPEII, "pompeii/hamstring")
    assert phase.tactic_options(s, POMPEII, ror.tactic_allowed) == []
    g.roller = FixedRoller([2])
    rules.attack(g, foe, pomp)
    assert pomp.hp == 8 and foe.hp == 4
    rules.damage(g, pomp, 8, source=foe)
    assert pomp.zone == DISCARD and s.end_reason == "champion defeated" and s.winner == ROME


# mutant checked: classic.turn.redraw_dead_hand without `if any(playable(tac) for tac in t.tactics_camp): return`
def test_four_unplayable_tactics_are_shown_and_drawn_again_ROR_24():
    """ROR-24: a hand of four tactics none of which can be played is shown, put back and drawn again."""
    g = new()
    s = g.state
    t = s.troops[ROME]
    for tid in ROME_TACTICS:
        to_hand(g, ROME, tid)
    s.mode.deploy(g, ROME)  # nothing of Rome's gives Tactical Range: none of them can be played
    assert t.redrawn_turn == s.turn and any("shows 4 unplayable tactics" in line for line in s.log)
    assert phase.hand_count(s, ROME) == 4 and phase.bag_count(s, ROME) == 10
    # one of them playable (a unit in play gives reach onto itself): the hand is kept
    g2 = new()
    put(g2, "rome/attacker-1", 26)
    for tid in ROME_TACTICS:
        to_hand(g2, ROME, tid)
    g2.state.mode.deploy(g2, ROME)
    assert [x.id for x in g2.state.troops[ROME].tactics_camp] == list(ROME_TACTICS)
    assert g2.state.troops[ROME].redrawn_turn == -1
    # three unplayable tactics and a gladiator: not a dead hand
    g3 = new()
    for tid in ROME_TACTICS[:3]:
        to_hand(g3, ROME, tid)
    to_camp(g3, "rome/attacker-1")
    g3.state.mode.deploy(g3, ROME)
    assert g3.state.troops[ROME].redrawn_turn == -1 and len(g3.state.troops[ROME].tactics_camp) == 3


# mutant checked: RiseOfRome.turn_of steps ("move", ...) and ("attack", ...) swapped
def test_a_turn_is_deploy_move_attack_draw_in_that_order_ROR_25():
    """ROR-25: a turn is four phases, in order: Deploy, Move, Attack, Draw; once left, a phase is not returned to."""
    g = new(turn=4)
    s = g.state
    seen: list = []
    on_titan_hex = put(g, "rome/defender-1", CENTER)

    def rec(decision, answer):
        def pick(options):
            seen.append((decision, on_titan_hex.hp))
            return answer(options)

        return pick

    c = g.controllers[ROME]
    c.picks.update({"deploy": rec("deploy", first), "tactic": rec("tactic", lambda o: None),
                    "move": rec("move", lambda o: None), "engage": rec("engage", first)})
    to_camp(g, "rome/attacker-1")
    to_hand(g, ROME, "rome/adrenaline")
    put(g, "rome/archer-1", 26)
    put(g, "pompeii/attacker-1", 28)
    play_turn(g, s.mode.turn_of(g, ROME))
    order = [d for d, _ in seen]
    assert order[:4] == ["deploy", "tactic", "move", "engage"]
    assert "deploy" not in order[1:] and "move" not in order[order.index("engage"):]
    assert seen[0][1] == 6 - 1  # the titan hex's damage came at the start, before the deploy phase
    assert phase.hand_count(s, ROME) == 4  # the draw phase refilled the hand


# --------------------------------------------------------------------------- phase 1: deployment


def _earn_own_chip(g, troop):
    t = g.state.troops[troop]
    uid = t.meter_chips[MID_RIGHT]
    t.meter_chips[MID_RIGHT] = -1
    favor.earn_chip(g, troop, uid)
    return uid


# mutant checked: RiseOfRome.deploy `None if played or not t.fa_earned` -> `None if not t.fa_earned`
def test_one_gladiator_and_one_tactic_a_turn_an_fa_chip_counting_as_either_ROR_26():
    """ROR-26: per turn at most one gladiator and at most one tactic; an F/A archer counts as the gladiator, an F/A foothold as the tactic."""
    eager = {"deploy": first, "tactic": first, "place-foothold": first}
    g = new(eager)
    s = g.state
    a, b = to_camp(g, "rome/attacker-1"), to_camp(g, "rome/attacker-2")
    to_hand(g, ROME, "rome/hamstring")
    to_hand(g, ROME, "rome/adrenaline")
    fa = _earn_own_chip(g, ROME)
    s.mode.deploy(g, ROME)
    asked = [d for d, _ in g.controllers[ROME].asked]
    assert asked.count("deploy") == 1 and asked.count("tactic") == 1 and "place-foothold" not in asked
    deploy_opts = g.controllers[ROME].asked[asked.index("deploy")][1]
    assert {h for uid, h in deploy_opts if uid == fa} == set(PEDESTALS)  # the archer is among the gladiators
    assert [a.zone, b.zone].count(COMBAT) == 1 and len(s.troops[ROME].tactics_camp) == 1
    assert s.footholds == {} and s.troops[ROME].fa_earned == [fa]
    # no tactic played: the F/A chip may be played as a foothold instead
    g2 = new({"deploy": first, "tactic": lambda o: None, "place-foothold": first})
    to_camp(g2, "rome/attacker-1")
    to_hand(g2, ROME, "rome/hamstring")
    _earn_own_chip(g2, ROME)
    g2.state.mode.deploy(g2, ROME)
    assert list(g2.state.footholds.values()) == [ROME] and g2.state.troops[ROME].fa_earned == []


# mutant checked: none (fails as the code is); fix checked: gladiator_options offering every fa_earned chip -> XPASS
def test_either_earned_fa_chip_may_be_played_as_the_turns_archer_ROR_26():
    """ROR-26: the turn's gladiator may come from the earned F/A chips: either of them, as its archer."""
    g = new()
    s = g.state
    favor.claim(g, POMPEII, FAR_LEFT)  # Rome's chips lie on Pompeii's meter: Rome earns them
    favor.claim(g, POMPEII, MID_LEFT)
    a, b = s.troops[ROME].fa_earned
    assert s.units[a].unit.id != s.units[b].unit.id  # two different archer faces
    assert {uid for uid, h in s.mode.gladiator_options(s, ROME) if h in PEDESTALS} == {a, b}


# mutant checked: GameState.is_dazed `return u.deployed_turn == self.turn` -> `return False`
def test_a_gladiator_deployed_this_turn_neither_moves_nor_attacks_but_gives_tactical_range_ROR_28():
    """ROR-28: a gladiator cannot move or attack on the turn it is deployed (no First Strike, no Initiative); its Tactical Range works at once."""
    eager = {"deploy": lambda o: next(x for x in o if x[1] == 24), "tactic": lambda o: None,
             "move": first, "engage": first}
    g = new(eager)
    s = g.state
    tac = to_camp(g, "rome/tactician-1")  # Tactical Range 3, Move Range 2
    foe = put(g, "pompeii/attacker-1", 25)
    far = put(g, "pompeii/attacker-2", 27)
    assert dist(g, 24, 25) == 1 and dist(g, 24, 27) == 3
    to_hand(g, ROME, "rome/hamstring")
    s.mode.deploy(g, ROME)
    assert tac.zone == COMBAT and tac.hex == 24
    tactic_asks = [opts for d, opts in g.controllers[ROME].asked if d == "tactic"]
    assert len(tactic_asks) == 1 and (0, far.uid) in tactic_asks[0] and (0, tac.uid) in tactic_asks[0]
    phase.move_phase(g, ROME)
    phase.attack_phase(g, ROME)
    assert tac.hex == 24 and foe.hp == 4
    assert not any(opts for d, opts in g.controllers[ROME].asked if d in ("move", "engage"))


# mutant checked: classic.turn.gives_reach without `and s.skills_work(u)`
def test_tactics_need_a_units_tactical_range_and_an_inner_hex_gives_none_ROR_29():
    """ROR-29: a tactic on an opposing unit needs it within the Tactical Range of one of the player's units; a unit on an inner deployment hex gives no Tactical Range, not even onto itself."""
    g = new()
    s = g.state
    tac = put(g, "rome/tactician-1", 41)  # Tactical Range 3 on an inner hex
    foe = put(g, "pompeii/attacker-1", 42)
    out = put(g, "pompeii/attacker-2", 3)
    to_hand(g, ROME, "rome/hamstring")
    assert phase.tactic_options(s, ROME, ror.tactic_allowed) == []
    rules.move(g, tac, 40)  # off the inner hex, one step
    assert dist(g, 40, 42) == 2 and dist(g, 40, 3) == 4
    assert set(phase.tactic_options(s, ROME, ror.tactic_allowed)) == {(0, tac.uid), (0, foe.uid)}
    assert out.uid not in {uid for _, uid in phase.tactic_options(s, ROME, ror.tactic_allowed)}


# mutant checked: rules.place_tactic without the loop discarding movement-add tactics on a movement-set
def test_hamstring_removes_adrenaline_and_adrenaline_after_hamstring_gives_one_ROR_31():
    """ROR-31: Hamstring sets Move Range to 0 and removes an Adrenaline already there; an Adrenaline played after it gives Move Range 1 and both chips stay."""
    g = new()
    s = g.state
    u = put(g, "rome/attacker-1", 26)  # Move Range 2
    adr, ham = to_hand(g, ROME, "rome/adrenaline"), to_hand(g, ROME, "rome/hamstring")
    adr2 = to_hand(g, POMPEII, "pompeii/adrenaline")
    rules.place_tactic(g, ROME, adr, u)
    assert rules.movement_of(s, u) == 3
    rules.place_tactic(g, ROME, ham, u)
    assert rules.movement_of(s, u) == 0 and [pt.tactic.id for pt in u.tactics] == ["rome/hamstring"]
    assert adr in s.troops[ROME].tactics_discard
    rules.place_tactic(g, POMPEII, adr2, u)
    assert rules.movement_of(s, u) == 1
    assert [pt.tactic.id for pt in u.tactics] == ["rome/hamstring", "pompeii/adrenaline"]


# --------------------------------------------------------------------------- phase 2, 3


# mutant checked: rules.can_move without `or u.moved_turn == s.turn`
def test_a_unit_moves_once_in_one_go_never_through_a_unit_ROR_32_ROR_33():
    """ROR-32, ROR-33: each unit moves up to its Move Range once, in one go; it cannot enter or pass through an occupied hex; Move Range modifiers (Adrenaline) apply."""
    moves: list = []

    def pick(options):
        moves.append(list(options))
        return (u.uid, 45) if (u.uid, 45) in options else None

    g = new({"move": pick})
    u = put(g, "rome/attacker-1", 34)  # Move Range 2; neighbours 35, 24, 45
    put(g, "pompeii/attacker-1", 35)
    put(g, "pompeii/attacker-2", 24)
    phase.move_phase(g, ROME)
    assert {h for uid, h in moves[0] if uid == u.uid} == {45, 46, 55}  # not 15, 25, 36 (past 35 or 24)
    assert u.hex == 45 and len(moves) == 1  # moved once: never offered again
    g2 = new()
    u2 = put(g2, "rome/attacker-1", 34)
    put(g2, "pompeii/attacker-1", 35)
    put(g2, "pompeii/attacker-2", 24)
    rules.place_tactic(g2, ROME, to_hand(g2, ROME, "rome/adrenaline"), u2)
    assert {h for uid, h in move_options(g2, ROME) if uid == u2.uid} == {45, 46, 55, 36, 47, 56, 64}


# mutant checked: rules.targets_in_range `row[o.hex] <= r` -> `row[o.hex] < r`
# mutant checked: rules.can_engage without the `u.engaged_turn == s.turn` refusal
def test_one_attack_per_unit_on_a_target_within_attack_range_through_other_units_ROR_34():
    """ROR-34: each unit makes one attack on a target within its Attack Range, counted through whatever stands between (no line of sight)."""
    g = new(roller=FixedRoller(mode="none"))
    arch = put(g, "rome/archer-1", 26)  # Attack Range 3
    put(g, "rome/defender-1", 27)
    put(g, "rome/defender-2", 28)
    x = put(g, "pompeii/attacker-1", 29)
    far = put(g, "pompeii/attacker-2", 30)
    assert dist(g, 26, 29) == 3 and dist(g, 26, 30) == 4
    todo, seen = script(g, ROME, [("attack", arch.uid, x.uid), ("attack", arch.uid, x.uid)])
    phase.attack_phase(g, ROME)
    mine = [{o[2] for o in opts if o[0] == "attack" and o[1] == arch.uid} for d, opts in seen if d == "engage"]
    assert mine[0] == {x.uid} and far.uid not in mine[0]
    assert todo == [("attack", arch.uid, x.uid)]  # the second attack was never offered
    assert all(not m for m in mine[1:])


# mutant checked: rules.damage `if target.hp <= 0` -> `if target.hp < 0`
def test_one_health_chip_per_hit_and_defeat_when_none_are_left_ROR_38():
    """ROR-38: one health chip is removed per hit; a unit left with none is defeated and out for good."""
    g = new(roller=FixedRoller([2, 2]))
    s = g.state
    att = put(g, "rome/attacker-1", 26)
    foe = put(g, "pompeii/archer-1", 27)  # 3 HP
    pool = s.supply["red"]
    rules.attack(g, att, foe)
    assert foe.hp == 1 and s.supply["red"] == pool + 2
    rules.attack(g, att, foe)
    assert foe.hp == 0 and foe.zone == DISCARD and s.board[27] == -1 and s.supply["red"] == pool + 3


# --------------------------------------------------------------------------- phase 4, crowd favor


# mutant checked: favor.EARNED_CIRCLES = 2 -> 3
def test_earned_fa_chips_fill_two_circles_and_a_third_forces_a_discard_ROR_40():
    """ROR-40: an earned F/A chip goes at once onto an earned circle; with both circles full, one is discarded."""
    g = new({"fa-discard": lambda o: o[0]})
    s = g.state
    c0, c1, c2, _ = favor.fa_chips(s, ROME)
    assert all(s.units[c].troop == ROME and s.units[c].unit.kind == "fa-archer" for c in (c0, c1, c2))
    favor.earn_chip(g, ROME, c0)
    favor.earn_chip(g, ROME, c1)
    assert s.troops[ROME].fa_earned == [c0, c1] and not g.controllers[ROME].asked
    favor.earn_chip(g, ROME, c2)
    assert g.controllers[ROME].asked == [("fa-discard", [c0, c1, c2])]
    assert s.troops[ROME].fa_earned == [c1, c2]


# mutant checked: rules.damage `s.mode.after_damage(g, target, removed, ...)` -> `(g, target, amount, ...)`
def test_one_favor_per_health_chip_taken_from_an_opponent_ROR_41():
    """ROR-41: each health chip removed from an opponent gives its player 1 crowd favor at once."""
    g = new(roller=FixedRoller([2, 2]))
    s = g.state
    t = s.troops[ROME]
    att = put(g, "rome/attacker-1", 26)
    ab = put(g, "pompeii/special-2", 27)  # Absorb
    weak = put(g, "pompeii/attacker-1", 25, hp=1)
    rules.attack(g, att, ab)  # 2 hits, 1 absorbed
    assert ab.hp == 4 and t.favor_total == 1 and t.favor == 1
    rules.attack(g, att, weak)  # 2 hits, 1 chip to take
    assert weak.zone == DISCARD and t.favor_total == 2 and t.favor == 2
    # the titan hex's damage is no one's: no favor
    own = put(g, "rome/attacker-2", CENTER)
    s.turn = 7
    s.mode.start(g, ROME)
    assert own.hp == 3 and t.favor_total == 2 and s.troops[POMPEII].favor_total == 0


# mutant checked: favor.gain `if t.favor >= STEPS` -> `if t.favor > STEPS`
def test_the_fifth_point_earns_the_reward_and_sends_the_bead_back_ROR_42():
    """ROR-42: each favor moves the bead one point toward the chosen reward; the fifth point gives it and the bead goes back to the center."""
    g = new({"cf-reward": prefer(MID_LEFT, FAR_RIGHT)})
    s = g.state
    t = s.troops[ROME]
    favor.gain(g, ROME, 4, "test")
    assert t.favor == 4 and not any(t.cf_done) and not t.reroll
    favor.gain(g, ROME, 1, "test")
    assert t.cf_done[MID_LEFT] and t.reroll and t.favor == 0 and t.cf_target == -1
    favor.gain(g, ROME, 7, "test")  # five to the next reward, two toward a third
    assert t.cf_done[FAR_RIGHT] and t.far_open and t.favor == 2
    assert [d for d, _ in g.controllers[ROME].asked].count("cf-reward") == 3


# mutant checked: favor.choices `if outer: return outer` -> `if outer: return outer + [CENTER]`
def test_the_center_reward_is_offered_only_after_the_four_others_ROR_43():
    """ROR-43: the center reward can be pursued only after 20 favor (the four other rewards) and comes last."""
    g = new()
    s = g.state
    t = s.troops[ROME]
    favor.gain(g, ROME, 19, "test")
    asks = [opts for d, opts in g.controllers[ROME].asked if d == "cf-reward"]
    assert asks == [[FAR_LEFT, MID_LEFT, MID_RIGHT, FAR_RIGHT], [MID_LEFT, MID_RIGHT, FAR_RIGHT],
                    [MID_RIGHT, FAR_RIGHT]]  # never the center (the last, single choice is not asked)
    assert t.cf_done == [True, True, False, True, False] and t.favor == 4
    favor.gain(g, ROME, 1, "test")  # the 20th point
    assert t.cf_done[FAR_RIGHT] and not t.cf_done[CF_CENTER] and t.cf_target == -1
    favor.gain(g, ROME, 4, "test")
    assert t.cf_target == CF_CENTER and not t.cf_done[CF_CENTER]
    favor.gain(g, ROME, 1, "test")
    assert t.cf_done[CF_CENTER] and t.cf_unlocked


# mutant checked: favor.claim `earn_chip(g, s.units[chip].troop, chip)` -> `earn_chip(g, troop, chip)`
def test_outer_rewards_give_their_chip_to_the_opponent_and_mid_right_to_the_player_ROR_44():
    """ROR-44: reaching an outer reward other than mid-right gives the F/A chip on it to the opponent; mid-right gives its F/A chip to the player."""
    g = new()
    s = g.state
    t0, t1 = s.troops
    chips = {k: t0.meter_chips[k] for k in (FAR_LEFT, MID_LEFT, MID_RIGHT, FAR_RIGHT)}
    favor.claim(g, ROME, FAR_LEFT)
    favor.claim(g, ROME, MID_RIGHT)
    favor.claim(g, ROME, MID_LEFT)
    assert t1.fa_earned == [chips[FAR_LEFT], chips[MID_LEFT]]
    assert t0.fa_earned == [chips[MID_RIGHT]]
    assert t0.meter_chips[FAR_LEFT] == t0.meter_chips[MID_RIGHT] == t0.meter_chips[MID_LEFT] == -1


# mutant checked: favor.claim `if s.active == troop:` -> `if False:`
def test_a_champion_activated_on_its_own_turn_acts_from_the_next_ROR_45():
    """ROR-45: far-left activates the champion; reached on the player's own turn, it cannot move or attack until their next turn; reached on the opponent's turn, it acts normally on the player's next turn."""
    g = new({"cf-reward": prefer(FAR_LEFT)})
    s = g.state
    hero = chip(g, "rome-champion")
    ror.place_champion(s, hero, RED_CHAMP[0])
    put(g, "pompeii/attacker-1", 16)
    assert dist(g, RED_CHAMP[0], 16) == 1
    assert not rules.can_move(s, hero) and not rules.can_engage(s, hero)
    favor.gain(g, ROME, 5, "test")  # on Rome's own turn
    assert hero.active
    assert not rules.can_move(s, hero) and not rules.can_engage(s, hero)
    s.turn, s.active = 7, ROME
    assert rules.can_move(s, hero) and rules.can_engage(s, hero)
    g2 = new({"cf-reward": prefer(FAR_LEFT)}, turn=6)  # Pompeii's turn: e.g. a Retaliate earned it
    hero2 = chip(g2, "rome-champion")
    ror.place_champion(g2.state, hero2, RED_CHAMP[0])
    put(g2, "pompeii/attacker-1", 16)
    favor.gain(g2, ROME, 5, "test")
    g2.state.turn, g2.state.active = 7, ROME
    assert hero2.active and rules.can_move(g2.state, hero2) and rules.can_engage(g2.state, hero2)


# mutant checked: RiseOfRome.roll_attack `if not t.reroll or t.reroll_turn == s.turn` -> `if not t.reroll`
# mutant checked: RiseOfRome.roll_attack `HIT_FACES[i] > HIT_FACES[best]` -> `<` (the weakest missed die)
def test_the_reroll_reward_rerolls_one_missed_basic_attack_die_once_a_turn_ROR_46():
    """ROR-46: mid-left: from then on, once per turn, right after one of their attacks, the player may reroll one of their own Basic Attack dice."""
    roller = FixedRoller([0, 0, 1, 0, 1, 0])
    g = new(roller=roller)
    s = g.state
    favor.claim(g, ROME, MID_LEFT)
    a = put(g, "rome/attacker-2", 26)  # black + yellow
    b = put(g, "rome/attacker-1", 36)  # green + blue
    ls = put(g, "rome/archer-2", 16)  # Long Shot
    foe = put(g, "pompeii/attacker-1", 25)
    rules.attack(g, a, foe)  # yellow miss, black miss, the black die rolled again: a hit
    assert roller.rolled == [Pool.of(yellow=1), Pool.of(black=1), Pool.of(black=1)] and foe.hp == 3
    rules.attack(g, b, foe)  # the turn's reroll is spent: one roll, 0 hits
    assert roller.rolled[3:] == [Pool.of(green=1, blue=1)] and foe.hp == 3
    s.turn = 7  # next turn: a Long Shot (no Basic Attack) is never rerolled
    alternate(g, ls, "long-shot", (foe.uid,))
    assert roller.rolled[4:] == [Pool.of(yellow=1)] and foe.hp == 2
    # the opponent, without the reward, never rerolls
    foe2 = put(g, "pompeii/attacker-2", 35)
    rules.attack(g, foe2, b)
    assert roller.rolled[5:] == [Pool.of(green=1, blue=1)] and roller.results == []


# mutant checked: RiseOfRome.gladiator_options `if t.cf_unlocked and ...` -> `if ...` (cf_unlocked dropped)
def test_the_center_reward_frees_the_crowd_favor_gladiator_as_the_turns_gladiator_ROR_47():
    """ROR-47: center: the CF gladiator is flipped face up and stays on its circle until deployed; deploying it counts as the turn's gladiator."""
    g = new()
    s = g.state
    t = s.troops[ROME]
    cf = s.units[t.cf_gladiator]
    a = to_camp(g, "rome/attacker-1")
    assert cf.zone == TRACK and not glad_hexes(g, ROME, cf) and glad_hexes(g, ROME, a)
    favor.claim(g, ROME, CF_CENTER)
    assert t.cf_unlocked and cf.zone == TRACK
    assert glad_hexes(g, ROME, cf) == glad_hexes(g, ROME, a)
    g.controllers[ROME].picks["deploy"] = lambda o: next(x for x in o if x[0] == cf.uid)
    s.mode.deploy(g, ROME)
    assert cf.zone == COMBAT and a.zone == CAMP
    assert [d for d, _ in g.controllers[ROME].asked].count("deploy") == 1


# mutant checked: favor.move_a_foothold without `or s.grid.center[h]`
def test_mid_right_moves_one_foothold_to_an_adjacent_available_hex_once_ROR_48():
    """ROR-48: mid-right: move one foothold, the player's or the opponent's, to an adjacent available hex (once, R-ROR-4)."""
    g = new({"move-foothold": lambda o: (40, 41)})
    s = g.state
    rules.place_foothold(g, POMPEII, 40)  # neighbours 41 (inner), 30, 29, 39 (titan hex), 50, 51
    rules.place_foothold(g, ROME, 50)
    put(g, "rome/attacker-1", 30)  # an opponent of the foothold's owner stands there
    put(g, "pompeii/attacker-1", 29)  # the owner's own unit: no obstacle
    favor.claim(g, ROME, MID_RIGHT)
    asks = [opts for d, opts in g.controllers[ROME].asked if d == "move-foothold"]
    assert len(asks) == 1
    assert {h for f, h in asks[0] if f == 40} == {41, 29, 51}
    assert s.footholds == {41: POMPEII, 50: ROME}
    s.turn = 7  # a later turn: no further move
    s.mode.deploy(g, ROME)
    assert len([d for d, _ in g.controllers[ROME].asked if d == "move-foothold"]) == 1


# mutant checked: favor.claim FAR_RIGHT branch `t.far_open = True` -> `pass`
def test_far_right_opens_the_opponents_outer_pair_ROR_49():
    """ROR-49: far-right: the two outer deployment hexes on the opponent's side become available to the player (and the F/A chip on it goes to the opponent)."""
    g = new({"cf-reward": prefer(FAR_RIGHT)})
    s = g.state
    a, b = to_camp(g, "rome/attacker-1"), to_camp(g, "pompeii/attacker-1")
    chip_fr = s.troops[ROME].meter_chips[FAR_RIGHT]
    assert not set(BLUE_OUTER) & glad_hexes(g, ROME, a)
    favor.gain(g, ROME, 5, "test")
    assert glad_hexes(g, ROME, a) == set(RED_OUTER) | set(BLUE_OUTER) | set(INNER) | {CENTER}
    assert not set(RED_OUTER) & glad_hexes(g, POMPEII, b)  # the opponent's own options stay as they were
    assert s.troops[POMPEII].fa_earned == [chip_fr]


# --------------------------------------------------------------------------- F/A chips


# mutant checked: favor.foothold_hexes without `or g.center[h]`
def test_a_foothold_anywhere_but_a_pedestal_the_titan_hex_or_an_opponent_an_archer_on_a_free_pedestal_ROR_50():
    """ROR-50: an F/A chip is played as a foothold anywhere but a pedestal, the titan hex or a hex holding an opponent, or as an archer on a pedestal free of every chip."""
    g = new()
    s = g.state
    put(g, "rome/attacker-1", 26)
    put(g, "pompeii/attacker-1", 27)
    rules.place_foothold(g, POMPEII, 28)
    expected = set(range(s.grid.n)) - set(PEDESTALS) - {CENTER, 27, 28}
    assert set(favor.foothold_hexes(s, ROME)) == expected
    assert set(INNER) <= expected and 26 in expected
    put(g, "pompeii/attacker-2", 30)
    archer = s.units[favor.fa_chips(s, POMPEII)[0]]
    put_in_combat(s, archer.uid, PEDESTALS[0])
    assert favor.archer_hexes(s) == list(PEDESTALS[1:])
    fa = _earn_own_chip(g, ROME)
    assert {h for uid, h in s.mode.gladiator_options(s, ROME) if uid == fa} == set(PEDESTALS[1:])


# mutant checked: GameState.can_occupy `return self.footholds.get(h, troop) == troop` -> `return True`
def test_a_foothold_hex_is_for_its_owners_units_only_ROR_51():
    """ROR-51: once placed, a foothold's hex may be occupied only by its owner's units."""
    g = new()
    s = g.state
    rules.place_foothold(g, POMPEII, 37)  # inner
    rules.place_foothold(g, POMPEII, 27)  # plain
    a, b = to_camp(g, "rome/attacker-1"), to_camp(g, "pompeii/attacker-1")
    assert 37 not in glad_hexes(g, ROME, a) and 37 in glad_hexes(g, POMPEII, b)
    r = put(g, "rome/attacker-2", 26)  # neighbours 27 and 37
    p = put(g, "pompeii/attacker-2", 28)  # next to 27
    rome_moves = {h for uid, h in move_options(g, ROME) if uid == r.uid}
    assert rome_moves and not {27, 37} & rome_moves
    s.turn, s.active = 6, POMPEII
    assert 27 in {h for uid, h in move_options(g, POMPEII) if uid == p.uid}


# mutant checked: GameState.refresh_muted `if h not in fh:` -> `if True:`
def test_an_own_foothold_turns_an_inner_hex_into_an_outer_one_ROR_52():
    """ROR-52: a foothold on an inner deployment hex turns it into an outer deployment hex for its owner (its units there attack and use their skills)."""
    g = new()
    s = g.state
    rules.place_foothold(g, ROME, 41)
    u = put(g, "rome/attacker-1", 41)
    foe = put(g, "pompeii/attacker-1", 42)
    to_hand(g, ROME, "rome/hamstring")
    assert set(phase.tactic_options(s, ROME, ror.tactic_allowed)) == {(0, u.uid), (0, foe.uid)}
    todo, _ = script(g, ROME, [("attack", u.uid, foe.uid)])
    phase.attack_phase(g, ROME)
    assert todo == [] and foe.hp == 4 - 2


# --------------------------------------------------------------------------- skills


# mutant checked: skills._absorb `return 1 if holder is target else 0` -> `return 0`
def test_absorb_takes_one_less_from_a_basic_attack_and_not_from_a_long_shot_ROR_91():
    """ROR-91: Absorb: hit by a Basic Attack, the unit takes 1 less damage."""
    g = new(roller=FixedRoller([2, 1, 1]))
    ab = put(g, "pompeii/special-2", 27)  # Absorb, 5 HP
    att = put(g, "rome/attacker-1", 26)
    ls = put(g, "rome/archer-2", 29)
    rules.attack(g, att, ab)
    assert ab.hp == 4
    g.roller = FixedRoller([1])
    rules.attack(g, att, ab)  # one hit, absorbed: no chip lost
    assert ab.hp == 4
    g.roller = FixedRoller([1])
    alternate(g, ls, "long-shot", (ab.uid,))
    assert ab.hp == 3


def _consuming_impel_position():
    g = new(turn=6)
    ci = put(g, "pompeii/tactician-1", 52)
    arch = put(g, "pompeii/archer-2", 43)  # Long Shot, Attack Range 2
    three = put(g, "pompeii/attacker-1", 22)
    foe = put(g, "rome/attacker-1", 42)
    assert dist(g, 52, 43) == 2 and dist(g, 52, 22) == 3 and dist(g, 43, 42) == 1 and dist(g, 52, 42) == 1
    return g, ci, arch, three, foe


# mutant checked: skills._consuming_impel_options `<= 2` -> `<= 1`
def test_consuming_impel_gives_a_friend_two_hexes_away_another_basic_or_alternate_attack_ROR_92():
    """ROR-92: Consuming Impel: one friendly unit within 2 hexes gets one extra Basic or Alternate Attack this turn (the holder's own attack is spent, R-ROR-6)."""
    g, ci, arch, three, foe = _consuming_impel_position()
    todo, seen = script(g, POMPEII, [(ci.uid, "consuming-impel", (arch.uid,)), ("attack", arch.uid, foe.uid),
                                     ("special", arch.uid, "long-shot", (foe.uid,))])
    phase.attack_phase(g, POMPEII)
    abilities = seen[0][1]
    assert (ci.uid, "consuming-impel", (arch.uid,)) in abilities
    assert (ci.uid, "consuming-impel", (three.uid,)) not in abilities
    assert todo == [] and foe.hp == 4 - 2 - 1
    assert not any(o[1] == ci.uid for d, opts in seen if d == "engage" for o in opts)


# mutant checked: none (fails as the code is); fix checked: steps.engage_step without `or choice[0] == "special"` -> XPASS
def test_consuming_impel_after_an_alternate_attack_still_gives_another_attack_ROR_92():
    """ROR-92: Consuming Impel: the friend gets one extra Basic or Alternate Attack this turn, also when its first attack was its Alternate Attack."""
    g, ci, arch, three, foe = _consuming_impel_position()
    todo, _ = script(g, POMPEII, [(ci.uid, "consuming-impel", (arch.uid,)),
                                  ("special", arch.uid, "long-shot", (foe.uid,)), ("attack", arch.uid, foe.uid)])
    phase.attack_phase(g, POMPEII)
    assert todo == [] and foe.hp == 4 - 1 - 2


# mutant checked: skills.register("first-strike", "innate", engage_when_dazed=True) -> without engage_when_dazed
def test_first_strike_attacks_on_its_deployment_turn_but_not_from_an_inner_hex_ROR_93():
    """ROR-93: First Strike: may attack on the turn it is deployed (never from an inner hex, ROR-28)."""
    for h, foe_hex, hits in ((24, 25, 2), (37, 38, 0)):
        g = new({"deploy": lambda o, h=h: next(x for x in o if x[1] == h)})
        fs = to_camp(g, "rome/attacker-2")
        foe = put(g, "pompeii/attacker-1", foe_hex)
        assert dist(g, h, foe_hex) == 1
        g.state.mode.deploy(g, ROME)
        assert fs.hex == h and g.state.is_dazed(fs)
        todo, _ = script(g, ROME, [("attack", fs.uid, foe.uid)])
        phase.attack_phase(g, ROME)
        assert foe.hp == 4 - hits and len(todo) == (0 if hits else 1)


def _impel_position():
    g = new(roller=FixedRoller(mode="all"))
    imp = put(g, "rome/special-2", 26)
    arch = put(g, "rome/archer-2", 27)  # Long Shot, Attack Range 2
    two = put(g, "rome/attacker-1", 28)
    foe = put(g, "pompeii/attacker-1", 29)
    assert dist(g, 26, 27) == 1 and dist(g, 26, 28) == 2 and dist(g, 27, 29) == 2
    return g, imp, arch, two, foe


# mutant checked: skills._impel_options `s.grid.dist[u.hex][holder.hex] == 1` -> `<= 2`
def test_impel_gives_an_adjacent_friend_one_more_basic_attack_ROR_94():
    """ROR-94: Impel: one adjacent friendly unit gets one extra Basic Attack this turn."""
    g, imp, arch, two, foe = _impel_position()
    g.roller = FixedRoller([1, 1])
    todo, seen = script(g, ROME, [(imp.uid, "impel", (arch.uid,)), ("attack", arch.uid, foe.uid),
                                  ("attack", arch.uid, foe.uid)])
    phase.attack_phase(g, ROME)
    assert (imp.uid, "impel", (two.uid,)) not in seen[0][1]
    assert todo == [] and foe.hp == 4 - 1 - 1
    g2, imp2, arch2, _, foe2 = _impel_position()
    todo2, seen2 = script(g2, ROME, [(imp2.uid, "impel", (arch2.uid,)), ("attack", arch2.uid, foe2.uid)])
    g2.roller = FixedRoller([1, 1])
    phase.attack_phase(g2, ROME)
    after = [opts for d, opts in seen2 if d == "engage"][1]
    assert [o for o in after if o[1] == arch2.uid] == [("attack", arch2.uid, foe2.uid)]  # a Basic Attack only


# mutant checked: none (fails as the code is); fix checked: steps.engage_step without `or choice[0] == "special"` -> XPASS
def test_impel_after_an_alternate_attack_still_gives_the_extra_basic_attack_ROR_94():
    """ROR-94: Impel: one adjacent friendly unit gets one extra Basic Attack this turn, also when it made its Alternate Attack first (an Alternate Attack replaces its Basic Attack, ROR-34)."""
    g, imp, arch, two, foe = _impel_position()
    g.roller = FixedRoller([1, 1])
    todo, _ = script(g, ROME, [(imp.uid, "impel", (arch.uid,)), ("special", arch.uid, "long-shot", (foe.uid,)),
                               ("attack", arch.uid, foe.uid)])
    phase.attack_phase(g, ROME)
    assert todo == [] and foe.hp == 4 - 1 - 1


# mutant checked: skills.register("initiative", "innate", move_when_dazed=True) -> without move_when_dazed
def test_initiative_moves_on_its_deployment_turn_ROR_95():
    """ROR-95: Initiative: may move on the turn it is deployed."""
    g = new({"deploy": lambda o: next(x for x in o if x[1] == 24)})
    ini = to_camp(g, "rome/attacker-3")  # Move Range 3
    g.state.mode.deploy(g, ROME)
    assert ini.hex == 24 and g.state.is_dazed(ini)
    assert {h for uid, h in move_options(g, ROME) if uid == ini.uid} >= {25, 26, 27}


# mutant checked: rules.can_move without `and s.skills_work(u)` after the move_when_dazed check
def test_initiative_does_not_work_on_an_inner_deployment_hex_ROR_28_ROR_95():
    """ROR-28 (Rise of Rome, "Phase 1": a gladiator just deployed cannot move "until the next turn. Some abilities may
    allow for this (e.g., First Strike, Initiative) unless you are on an Inner Deployment Hex"): Initiative deployed on
    an inner hex does not move that turn; on one holding its player's foothold (an outer hex for it, ROR-52) it does."""
    g = new({"deploy": lambda o: next(x for x in o if x[1] == INNER[0])})
    s = g.state
    ini = to_camp(g, "rome/attacker-3")  # Initiative, Move Range 3
    s.mode.deploy(g, ROME)
    assert ini.hex == INNER[0] and s.is_dazed(ini)
    assert not any(uid == ini.uid for uid, _ in move_options(g, ROME))
    rules.place_foothold(g, ROME, INNER[0])
    assert any(uid == ini.uid for uid, _ in move_options(g, ROME))


# mutant checked: rules.attack intercept `s.grid.dist[h.hex][target.hex] != 1` -> `> 2`
def test_intercept_blow_takes_a_whole_basic_attack_for_an_adjacent_friend_ROR_96():
    """ROR-96: Intercept Blow: if an adjacent ally is damaged by a Basic Attack, this unit may take the whole of that damage in its place."""
    g = new({"intercept": first}, roller=FixedRoller([2, 1]), turn=6)
    target = put(g, "rome/attacker-1", 26)
    ib = put(g, "rome/defender-2", 27)  # Intercept Blow, 5 HP
    att = put(g, "pompeii/attacker-1", 25)
    ls = put(g, "pompeii/archer-2", 35)
    rules.attack(g, att, target)
    assert ib.hp == 3 and target.hp == 4
    alternate(g, ls, "long-shot", (target.uid,))  # not a Basic Attack: not intercepted
    assert target.hp == 3 and ib.hp == 3
    assert [d for d, _ in g.controllers[ROME].asked].count("intercept") == 1
    g2 = new({"intercept": first}, roller=FixedRoller([2]), turn=6)
    target2 = put(g2, "rome/attacker-1", 26)
    ib2 = put(g2, "rome/defender-2", 28)  # two hexes away
    att2 = put(g2, "pompeii/attacker-1", 25)
    rules.attack(g2, att2, target2)
    assert target2.hp == 2 and ib2.hp == 5 and "intercept" not in [d for d, _ in g2.controllers[ROME].asked]


# mutant checked: skills._long_shot_options `targets_in_range(g.state, holder, 4)` -> `(g.state, holder, 3)`
def test_long_shot_rolls_one_yellow_die_up_to_four_hexes_away_ROR_97():
    """ROR-97: Long Shot: one yellow die against a target up to 4 hexes away; a hit deals 1 damage."""
    g = new(roller=FixedRoller([1]), turn=6)
    ls = put(g, "pompeii/archer-2", 52)  # Attack Range 2: no Basic Attack on these
    near = put(g, "rome/attacker-1", 28)
    far = put(g, "rome/attacker-2", 10)
    assert dist(g, 52, 28) == 4 and dist(g, 52, 10) == 5
    todo, seen = script(g, POMPEII, [("special", ls.uid, "long-shot", (near.uid,))])
    phase.attack_phase(g, POMPEII)
    assert [o for o in seen[0][1] if o[1] == ls.uid] == [("special", ls.uid, "long-shot", (near.uid,))]
    assert todo == [] and near.hp == 3 and far.hp == 4 and g.roller.rolled == [Pool.of(yellow=1)]


# mutant checked: skills._pervasive_absorb without `or target.is_primary_hero`
def test_pervasive_absorb_covers_adjacent_friends_but_not_the_champion_nor_foes_ROR_98():
    """ROR-98: Pervasive Absorb: every adjacent (friendly, R-ROR-7) unit except a champion has Absorb."""
    g = new()  # both dice of every attack hit
    put(g, "pompeii/defender-1", 52)  # Pervasive Absorb
    friend = put(g, "pompeii/attacker-1", 53)
    champ = put(g, "pompeii-champion", 51)
    away = put(g, "pompeii/archer-1", 43)
    foe = put(g, "rome/attacker-2", 42)
    att = put(g, "rome/attacker-1", 62)
    patt = put(g, "pompeii/special-1", 61)
    assert dist(g, 52, 53) == dist(g, 52, 51) == dist(g, 52, 42) == 1 and dist(g, 52, 43) == 2
    for target, lost in ((friend, 1), (champ, 2), (away, 2)):
        before = target.hp
        rules.attack(g, att, target)  # green + blue: 2 hits
        assert before - target.hp == lost, target.name
    rules.attack(g, patt, foe)  # a foe next to it gains nothing
    assert foe.hp == 4 - 2


# mutant checked: skills._reposition_options without `s.board[h] < 0 and`
def test_reposition_moves_one_hex_instead_of_attacking_ROR_99():
    """ROR-99: Reposition: instead of attacking, the unit moves 1 hex during the attack phase."""
    g = new(turn=6)
    rp = put(g, "pompeii/attacker-3", 1)  # neighbours 2, 0 (pedestal), 8, 9
    foe = put(g, "rome/attacker-1", 2)
    put(g, "pompeii/attacker-1", 8)
    todo, seen = script(g, POMPEII, [("special", rp.uid, "reposition", (9,)), ("attack", rp.uid, foe.uid)])
    phase.attack_phase(g, POMPEII)
    assert {o[3] for o in seen[0][1] if o[1] == rp.uid and o[0] == "special"} == {(9,)}
    assert ("attack", rp.uid, foe.uid) in seen[0][1]
    assert rp.hex == 9 and dist(g, 9, 2) == 1
    assert todo == [("attack", rp.uid, foe.uid)] and foe.hp == 4  # no attack after it


# mutant checked: skills._retaliate `g.state.grid.dist[hex_][attacker.hex] == 1` -> `<= 2`
def test_retaliate_hurts_an_adjacent_basic_attacker_even_from_a_defeated_unit_ROR_100():
    """ROR-100: Retaliate: when an adjacent unit hits it with a Basic Attack, the attacker takes 1 damage, even if the Retaliating unit is defeated by that attack."""
    g = new(roller=FixedRoller([1, 0, 1, 2]))
    rt = put(g, "pompeii/attacker-2", 27)  # Retaliate, 4 HP
    adj = put(g, "rome/attacker-1", 26)
    ranged = put(g, "rome/archer-2", 29)  # Attack Range 2
    assert dist(g, 27, 29) == 2
    rules.attack(g, adj, rt)  # hit
    assert rt.hp == 3 and adj.hp == 3
    rules.attack(g, adj, rt)  # miss: nothing back
    assert adj.hp == 3
    rules.attack(g, ranged, rt)  # hit from two hexes away: nothing back
    assert rt.hp == 2 and ranged.hp == 3
    rules.attack(g, adj, rt)  # defeated, still strikes back
    assert rt.zone == DISCARD and adj.hp == 2


# mutant checked: rules.can_move without the `stationary` check
def test_stationed_never_moves_nor_is_displaced_ROR_101():
    """ROR-101: Stationed: cannot move and cannot be displaced from its starting hex."""
    g = new(turn=6)
    st = put(g, "pompeii/defender-2", 52)  # Stationed, Move Range 1, six free neighbours
    other = put(g, "pompeii/defender-1", 62)
    opts = move_options(g, POMPEII)
    assert any(uid == other.uid for uid, _ in opts) and not any(uid == st.uid for uid, _ in opts)
    assert not rules.can_be_displaced(g.state, st) and rules.can_be_displaced(g.state, other)


# mutant checked: skills._strategic_attack `s.grid.dist[attacker.hex][holder.hex] == 1` -> `<= 2`
def test_strategic_attack_adds_a_yellow_die_to_adjacent_friends_basic_attacks_ROR_102():
    """ROR-102: Strategic Attack: adjacent friendly units add one yellow die to their Basic Attacks."""
    g = new(roller=FixedRoller(mode="none"))
    sa = put(g, "rome/tactician-1", 26)  # Strategic Attack, blue + yellow
    adj = put(g, "rome/attacker-1", 27)  # green + blue
    two = put(g, "rome/attacker-2", 28)  # black + yellow
    ls = put(g, "rome/archer-2", 25)
    foe = put(g, "pompeii/attacker-1", 36)
    pfoe = put(g, "pompeii/archer-1", 16)  # an opponent next to it gains nothing
    assert dist(g, 26, 27) == dist(g, 26, 25) == dist(g, 26, 16) == 1 and dist(g, 26, 28) == 2
    rules.attack(g, adj, foe)
    rules.attack(g, two, foe)
    rules.attack(g, sa, foe)
    alternate(g, ls, "long-shot", (foe.uid,))
    rules.attack(g, pfoe, adj)
    assert g.roller.rolled == [Pool.of(green=1, blue=1, yellow=1), Pool.of(black=1, yellow=1),
                               Pool.of(blue=1, yellow=1), Pool.of(yellow=1), Pool.of(green=1)]


# mutant checked: mode.tactic_allowed `return not (...)` -> `return True`
def test_no_stun_tactic_on_a_champion_but_a_gladiators_stun_flips_one_for_a_round_ROR_103():
    """ROR-103: Stun flips an adjacent unit for one full round (only its health counts), until the start of the same phase next round; a gladiator's Stun may stun a champion, a Stun tactic may not."""
    g = new()
    s = g.state
    put(g, "rome/tactician-1", 26)  # Tactical Range 3
    champ = put(g, "pompeii-champion", 27)
    glad = put(g, "pompeii/attacker-1", 25)
    stun, ham = to_hand(g, ROME, "rome/stun"), to_hand(g, ROME, "rome/hamstring")
    assert s.troops[ROME].tactics_camp == [stun, ham]  # option index 0 is the Stun tactic, 1 Hamstring
    opts = set(phase.tactic_options(s, ROME, ror.tactic_allowed))
    assert (0, champ.uid) not in opts and (0, glad.uid) in opts and (1, champ.uid) in opts
    rules.place_tactic(g, ROME, ham, champ)  # any other tactic may go on a champion (R-ROR-1)
    assert rules.movement_of(s, champ) == 0
    # a gladiator's Stun on the (active) Rome champion
    g2 = new(roller=FixedRoller([1]), turn=6)
    s2 = g2.state
    st = put(g2, "pompeii/special-1", 52)
    rc = put(g2, "rome-champion", 53)  # Absorb
    hitter = put(g2, "pompeii/attacker-1", 42)
    todo, _ = script(g2, POMPEII, [("special", st.uid, "stun", (rc.uid,))])
    s2.mode.attack(g2, POMPEII)
    assert todo == [] and any(pt.tactic is STUN_FLIP for pt in rc.tactics)
    s2.turn, s2.active = 7, ROME
    assert not rules.can_move(s2, rc) and not rules.can_engage(s2, rc) and not s2.skills_work(rc)
    s2.turn, s2.active = 8, POMPEII
    g2.roller = FixedRoller([2])
    rules.attack(g2, hitter, rc)  # still flipped in Pompeii's next move phase: no Absorb
    assert rc.hp == 8
    s2.mode.attack(g2, POMPEII)  # the start of Pompeii's next attack phase: flipped back
    assert not rc.tactics and s2.skills_work(rc)


# mutant checked: skills._whirlwind `Pool.of(blue=len(adj))` -> `Pool.of(blue=1)`
def test_whirlwind_rolls_a_blue_die_per_adjacent_foe_and_deals_the_total_to_each_ROR_104():
    """ROR-104: Whirlwind: one blue die per adjacent opposing unit; the total hits go to each of them."""
    g = new(roller=FixedRoller([2]))
    ww = put(g, "rome/special-1", 52)  # Whirlwind, 6 HP
    f1 = put(g, "pompeii/attacker-1", 53)
    f2 = put(g, "pompeii/attacker-2", 42)  # Retaliate: not against an Alternate Attack
    away = put(g, "pompeii/archer-1", 43)
    friend = put(g, "rome/attacker-1", 51)
    todo, _ = script(g, ROME, [("special", ww.uid, "whirlwind", ())])
    phase.attack_phase(g, ROME)
    assert todo == [] and g.roller.rolled == [Pool.of(blue=2)]
    assert f1.hp == 2 and f2.hp == 2 and away.hp == 3 and friend.hp == 4 and ww.hp == 6
