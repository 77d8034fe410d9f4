"""The Lost Cities, player against player: one scenario test per rule of the checklist
(../shared/rules/lost-cities.md, TLC-*), each named after the rule id it pins (and the ruling, R-TLC-*).

Positions start from the mode's real set-up (`lost_cities.mode.setup`: troop 0 Atlantis on the red side,
troop 1 Xanadu on the blue side, Atlantis first; troop 2 the arena) with chips put on the mat by hand; dice are
forced (`Dice`: attack hits as `FixedRoller`, arena dice faces by die). A test that names a deliberate bug in
its docstring was seen to fail under it.

Map (stand-in geometry, data/lost-cities/arenas/pozzuoli.toml), hex numbers row by row:

         0   1   2   3   4   5   6   7              . . 1 . . 2 . .
       8   9  10  11  12  13  14  15  16           R . . . c . . . B
    17  18  19  20  21  22  23  24  25  26        R . c . . 5 . c . B
  27  28  29  30  31  32  33  34  35  36  37     R R c . S c S . c B B
    38  39  40  41  42  43  44  45  46  47        R . c . 6 . . c . B
       48  49  50  51  52  53  54  55  56          R . . . c . . . B
         57  58  59  60  61  62  63  64              . . 4 . . 3 . .

Die Legend (stand-in): 1 east, 2 north-east, 3 north-west, 4 west, 5 south-west, 6 south-east."""

from __future__ import annotations

import numpy as np
from engine.enginekit import Scripted, put_in_combat

from hoplostat.catalog import load
from hoplostat.dice import Pool
from hoplostat.engine import rules
from hoplostat.engine.rules import FixedRoller, Game
from hoplostat.engine.state import BAG, CAMP, COMBAT, DISCARD, TRACK
from hoplostat.rulesets.lost_cities import arena, base, favor
from hoplostat.rulesets.lost_cities import mode as tlc
from hoplostat.rulesets.lost_cities.base import BASIC, BEAST_ATTACK, BEAST_MOVE, CRIMINAL_ATTACK, CRIMINAL_MOVE, TAUNT
from hoplostat.rulesets.lost_cities.skills import is_stunned, stun

CAT = load(ruleset="lost-cities")
ATL, XAN, ARENA = 0, 1, 2
TRAPDOORS = {1: 2, 2: 5, 3: 62, 4: 59, 5: 22, 6: 42}
STONES = (31, 33)
RED_DEPLOY, BLUE_DEPLOY = (8, 17, 27, 28, 38, 48), (16, 26, 36, 37, 47, 56)
CHAMPION_START = (12, 19, 24, 29, 32, 35, 40, 45, 52)


class Dice(FixedRoller):
    """Forced attack hits (FixedRoller) and forced arena dice faces (`base.roll_face` reads `arena_faces`)."""

    def __init__(self, results=(), *, mode=None, faces=None):
        super().__init__(results, mode=mode)
        self.arena_faces = {k: list(v) for k, v in (faces or {}).items()}


def new(picks0=None, picks1=None, roller=None, *, turn=5):
    """A mid-game state from the real set-up: round 3; turn 5 is Atlantis's (troop 0), 6 Xanadu's."""
    s = tlc.setup(CAT, ("atlantis", "xanadu"), rng=np.random.default_rng(7), first_player=0, log=True)
    s.round, s.turn, s.active = 3, turn, 0 if turn % 2 else 1
    ctrls = [Scripted(dict(picks0 or {})), Scripted(dict(picks1 or {}))]
    return Game(s, roller or Dice(mode="all"), ctrls, np.random.default_rng(7))


def chip(g, unit_id):
    return next(u for u in g.state.units if u.unit.id == unit_id)


def put(g, unit_id, h, hp=None):
    """A chip of the set-up in combat on hex h (active, not deployed this turn); an arena chip the set-up left
    in the box (eight of the ten lie on the meters) is added for the arena's troop."""
    s = g.state
    assert s.board[h] < 0, f"hex {h} is taken"
    if not any(u.unit.id == unit_id for u in s.units):
        u = extra(g, unit_id, ARENA, h)
        if hp is not None:
            s.supply[s.supply_of(u.troop)] += u.hp - hp
            u.hp = hp
        return u
    return s.units[put_in_combat(s, chip(g, unit_id).uid, h, hp)]


def champion(g, troop, h, *, active=True):
    u = put(g, f"{('atlantis', 'xanadu')[troop]}-champion", h)
    u.active = active
    return u


def to_camp(g, unit_id):
    u = chip(g, unit_id)
    u.zone = CAMP
    return u


def to_hand(g, troop, tactic_id):
    t = g.state.troops[troop]
    tac = next(x for x in t.tactics_bag if x.id == tactic_id)
    t.tactics_bag.remove(tac)
    t.tactics_camp.append(tac)
    return tac


def empty_bag(g, troop):
    s = g.state
    for u in s.units:
        if u.troop == troop and u.zone == BAG:
            u.zone = DISCARD
    s.troops[troop].tactics_bag.clear()


def arena_chip(g, unit_id, bag_of=None):
    """An arena chip from a meter, into `bag_of`'s bag (the only chip there when the bag was emptied)."""
    s = g.state
    u = chip(g, unit_id)
    for t in s.troops[:2]:
        if u.uid in t.meter_chips:
            t.meter_chips[t.meter_chips.index(u.uid)] = -1
    if bag_of is not None:
        u.zone = BAG
        s.troops[bag_of].arena_bag.append(u.uid)
    return u


def special(g, u, sid, args=()):
    """Resolve a unit's Alternate Attack through its skill's hook (what the attack step does)."""
    fn = next(fn for sid2, _p, fn in rules.unit_hooks(u.unit, "special") if sid2 == sid)
    fn(g, u, None, args)


def special_options(g, u, sid):
    return [args for sid2, _p, fn in rules.unit_hooks(u.unit, "special_options") if sid2 == sid
            for args in fn(g, u, None)]


def extra(g, unit_id, troop, h):
    """A chip of a third city in combat for `troop` (a skill only that city's chips have)."""
    from hoplostat.engine.state import UnitState
    s = g.state
    u = UnitState(len(s.units), CAT.unit(unit_id), troop)
    s.units.append(u)
    return s.units[put_in_combat(s, u.uid, h)]


def step(g, troop, name):
    """Run one named step of the troop's turn (the mode's own step list)."""
    turn = g.state.mode.turn_of(g, troop)
    dict(turn.steps)[name]()


def arena_turn(g):
    """Run every step of the arena's turn (the mode's own step list), beasts and criminals in their order."""
    for _name, fn in g.state.mode.arena_turn(g).steps:
        fn()


def acting_faces():
    """Arena dice faces that send two beasts and a criminal into action: each beast's two moves east (1), a base
    attack for each beast and the criminal (1), the criminal's advance (1)."""
    return {BEAST_MOVE: [1, 1, 1, 1], BEAST_ATTACK: [1, 1], CRIMINAL_MOVE: [1], CRIMINAL_ATTACK: [1]}


# --------------------------------------------------------------------------- components and board


def test_three_cities_of_a_champion_fifteen_gladiators_three_special_and_eight_tactics_TLC_1():
    assert sorted(CAT.factions) == ["atlantis", "el-dorado", "xanadu"]
    for fid in CAT.factions:
        glads = CAT.faction_units(fid)
        assert len(glads) == 15
        assert sum("special-gladiator" in u.classes for u in glads) == 3
        assert CAT.unit(CAT.faction(fid).hero).kind == "hero"
        assert len(CAT.faction_tactics(fid)) == 8


def test_arena_chips_ten_beasts_and_criminals_and_twelve_reward_chips_TLC_2_R_TLC_12():
    """R-TLC-12: the box's ten beast/criminal chips are six beasts and four criminals; the twelve reward chips
    are three per meter level (levels 1-3 CF tactics, level 4 the CF gladiators: R-TLC-4)."""
    kinds = [u.kind for u in CAT.units.values()]
    assert kinds.count("beast") == 6 and kinds.count("criminal") == 4
    cf_tactics = [t for t in CAT.tactics if t.startswith("cf-level-")]
    assert sorted({t[len("cf-level-")] for t in cf_tactics}) == ["1", "2", "3"] and len(cf_tactics) == 9
    assert len(CAT.units_of_kind("cf-gladiator")) == 3


def test_only_black_blue_and_yellow_are_attack_dice_TLC_3():
    stock = CAT.game.dice_stock
    assert (stock["yellow"], stock["blue"], stock["black"], stock["green"], stock["red"]) == (4, 2, 2, 0, 0)
    for u in CAT.units.values():
        counts = dict(zip(("yellow", "blue", "green", "black", "red"), u.attack.counts))
        assert counts["green"] == 0 and counts["red"] == 0, u.id


def test_arena_dice_are_six_faced_and_forcible_TLC_4_R_TLC_5():
    g = new(roller=Dice(faces={TAUNT: [1, 3]}))
    assert base.roll(g, TAUNT) == "T" and base.roll(g, TAUNT) == "-"
    for die, faces in base.FACES.items():
        assert len(faces) == 6, die
    rolled = {base.roll_face(g, BASIC) for _ in range(200)}
    assert rolled == {1, 2, 3, 4, 5, 6}


def test_arena_hex_kinds_and_counts_TLC_5_TLC_6_TLC_7_TLC_8_TLC_9_TLC_10():
    grid = new().state.grid
    assert grid.tagged("champion-start") == CHAMPION_START
    assert grid.tagged("stone") == STONES
    assert grid.tagged("deploy-red") == RED_DEPLOY and grid.tagged("deploy-blue") == BLUE_DEPLOY
    assert {n: grid.tagged(f"trapdoor-{n}") for n in range(1, 7)} == {n: (h,) for n, h in TRAPDOORS.items()}
    # the Die Legend: faces 1..6 are the six directions; the edge (a wall) is off the map
    assert [grid.compass_step(30, f) for f in range(1, 7)] == [31, 20, 19, 29, 40, 41]
    assert grid.compass_step(0, 3) == -1


# --------------------------------------------------------------------------- set-up


def test_setup_beads_at_zero_reward_chips_and_bags_TLC_15_TLC_16_TLC_17_R_TLC_2():
    """Each bead at 0; one reward chip of each level on each meter (the two players' differ); gladiators and
    tactics, not the champion, in the bag; four arena chips on each meter, none in the arena (R-TLC-2)."""
    s = new().state
    for p in (ATL, XAN):
        t = s.troops[p]
        assert t.favor == 0 and t.level == 0
        assert [x.id[len("cf-level-")] for x in t.reward_tactics] == ["1", "2", "3"]
        assert s.units[t.cf_gladiator].unit.kind == "cf-gladiator" and s.units[t.cf_gladiator].zone == TRACK
        bag = [u for u in s.units if u.troop == p and u.zone == BAG]
        assert len(bag) == 15 and not any(u.is_primary_hero for u in bag) and len(t.tactics_bag) == 8
        assert s.units[t.primary_hero].zone == CAMP and not s.units[t.primary_hero].active
        assert all(s.units[c].unit.kind in ("beast", "criminal") and s.units[c].zone == TRACK for c in t.meter_chips)
    assert s.troops[0].reward_tactics != s.troops[1].reward_tactics
    assert s.troops[0].cf_gladiator != s.troops[1].cf_gladiator
    assert len({c for t in s.troops[:2] for c in t.meter_chips}) == 8
    assert not s.in_combat()


def test_most_hits_of_black_blue_and_two_yellow_plays_first_ties_roll_again_TLC_18_R_TLC_13():
    assert tlc.roll_off(FixedRoller([2, 3])) == 1
    assert tlc.roll_off(FixedRoller([3, 1])) == 0
    r = FixedRoller([2, 2, 1, 1, 0, 4])
    assert tlc.roll_off(r) == 1 and not r.results
    assert r.rolled[0] == Pool.of(black=1, blue=1, yellow=2)


def test_champions_start_face_down_on_a_champion_start_hex_player_one_first_TLC_19():
    asked = []
    g = new({"champion-hex": lambda o: (asked.append(("a", list(o))), o[-1])[1]},
            {"champion-hex": lambda o: (asked.append(("x", list(o))), o[0])[1]})
    g.state.mode.begin(g)
    s = g.state
    assert [w for w, _ in asked] == ["a", "x"]
    assert set(asked[0][1]) == set(CHAMPION_START) and len(asked[1][1]) == 8  # the first one's hex is taken
    for p in (ATL, XAN):
        hero = s.units[s.troops[p].primary_hero]
        assert hero.zone == COMBAT and hero.hex in CHAMPION_START and not hero.active and hero.hp == 12
        assert not tlc.LostCities().can_move(s, hero)
    # inactive, it can still be damaged
    rules.damage(g, s.units[s.troops[XAN].primary_hero], 3, source_troop=ATL)
    assert s.units[s.troops[XAN].primary_hero].hp == 9


# --------------------------------------------------------------------------- the turn


def test_a_turn_is_draw_deploy_move_attack_in_that_order_then_the_arena_TLC_20_TLC_52():
    g = new()
    names = [n for n, _ in g.state.mode.turn_of(g, ATL).steps]
    assert names == ["draw", "deploy", "move-abilities", "move", "move-abilities-after", "attack-abilities",
                     "attack", "end"]
    turns = list(g.state.mode.round_turns(g))
    assert [t.troop for t in turns] == [ATL, XAN, ARENA]
    assert [n for n, _ in turns[2].steps] == ["beasts-move", "beasts-attack", "criminals-move", "criminals-attack",
                                              "end"]


def test_draw_fills_the_five_prep_circles_TLC_11_TLC_22():
    g = new()
    step(g, ATL, "draw")
    assert tlc.hand_count(g.state, ATL) == 5 and tlc.bag_count(g.state, ATL) == 23 - 5


def test_stones_held_at_the_start_of_the_turn_give_one_or_three_favor_TLC_21_TLC_40():
    """Deliberate bug seen failing: both stones giving 2."""
    g = new()
    put(g, "atlantis/attacker-1", STONES[0])
    step(g, ATL, "draw")
    assert g.state.troops[ATL].favor_total == 1
    put(g, "atlantis/attacker-2", STONES[1])
    g.state.turn += 2
    step(g, ATL, "draw")
    assert g.state.troops[ATL].favor_total == 4
    assert g.state.troops[XAN].favor_total == 0


def test_a_first_hand_of_five_tactics_is_shown_and_drawn_again_TLC_23():
    """Only the first hand: later five tactics stay."""
    g = new()
    s = g.state
    t = s.troops[ATL]
    keep = [u for u in s.units if u.troop == ATL and u.zone == BAG][:1]
    for u in s.units:
        if u.troop == ATL and u.zone == BAG and u not in keep:
            u.zone = DISCARD
    # the bag holds eight tactics and one gladiator: a first hand of five tactics is drawn again until the
    # gladiator comes
    step(g, ATL, "draw")
    assert keep[0].zone == CAMP and t.first_hand
    # not the first hand: five tactics stay
    g2 = new()
    t2 = g2.state.troops[ATL]
    t2.first_hand = True
    for u in g2.state.units:
        if u.troop == ATL and u.zone == BAG:
            u.zone = DISCARD
    step(g2, ATL, "draw")
    assert len(t2.tactics_camp) == 5


def test_an_empty_bag_and_an_empty_prep_circle_cost_the_champion_2_each_turn_TLC_24_R_TLC_14():
    """Deliberate bug seen failing: the damage taken while the bag still holds chips."""
    g = new()
    s = g.state
    hero = champion(g, ATL, 29, active=False)
    empty_bag(g, ATL)
    step(g, ATL, "draw")
    assert hero.hp == 10
    s.turn += 2
    step(g, ATL, "draw")
    assert hero.hp == 8
    # a full prep area: no damage, even with an empty bag
    g2 = new()
    hero2 = champion(g2, ATL, 29)
    for x in list(g2.state.troops[ATL].tactics_bag)[:5]:
        to_hand(g2, ATL, x.id)
    empty_bag(g2, ATL)
    step(g2, ATL, "draw")
    assert hero2.hp == 12
    # a bag with chips: drawn, no damage
    g3 = new()
    hero3 = champion(g3, ATL, 29)
    step(g3, ATL, "draw")
    assert hero3.hp == 12


def test_the_champion_falls_to_the_empty_bag_and_the_game_ends_TLC_24_TLC_13():
    g = new()
    hero = champion(g, ATL, 29)
    rules.damage(g, hero, 10)
    empty_bag(g, ATL)
    step(g, ATL, "draw")
    assert g.state.end_reason == "champion defeated" and g.state.winner == XAN


def test_a_drawn_beast_enters_by_trapdoor_kills_the_unit_there_attacks_and_is_replaced_TLC_25_TLC_49_TLC_50_TLC_51():
    """TLC-49..51, R-TLC-1: the d6 names trapdoor 1; the Atlantis unit there is killed outright (no damage, no
    one's kill, no favor); the beast takes the hex and makes one free attack on every player unit in range
    (adjacent), with no abilities: a Retaliate defender does not strike back; the player draws another chip.
    Deliberate bugs seen failing: the victim dealt damage instead; Retaliate on the free attack."""
    g = new(roller=Dice([1], faces={BASIC: [1]}))
    s = g.state
    victim = put(g, "atlantis/attacker-1", TRAPDOORS[1])
    near = put(g, "xanadu/defender-2", 3)  # adjacent to hex 2; Retaliate
    far = put(g, "atlantis/attacker-2", 14)
    empty_bag(g, ATL)
    beast = arena_chip(g, "beast-a", bag_of=ATL)
    # five gladiators and the beast in the bag: all six are drawn, the beast filling no circle
    glads = [chip(g, f"atlantis/{x}") for x in ("defender-1", "defender-2", "defender-3", "archer-1", "archer-2")]
    for u in glads:
        u.zone = BAG
    step(g, ATL, "draw")
    assert all(u.zone == CAMP for u in glads) and tlc.bag_count(s, ATL) == 0
    last = glads[0]
    assert beast.zone == COMBAT and beast.hex == TRAPDOORS[1]
    assert victim.zone == DISCARD and victim.damage_taken == 0
    assert s.troops[ATL].favor_total == 0 and s.troops[XAN].favor_total == 0 and s.troops[ARENA].kills == 0
    assert near.hp == near.unit.health - 1 and beast.hp == beast.unit.health  # no Retaliate
    assert far.hp == far.unit.health
    assert last.zone == CAMP  # drawn in the beast's place
    assert s.troops[ATL].entered == 1


def test_a_trapdoor_held_by_an_arena_unit_passes_the_entry_to_the_next_number_TLC_49():
    g = new(roller=Dice(mode="none", faces={BASIC: [6, 6]}))
    put(g, "beast-b", TRAPDOORS[6])
    put(g, "criminal-a", TRAPDOORS[1])
    u = arena_chip(g, "beast-c")
    arena.enter(g, u)
    assert u.hex == TRAPDOORS[2]  # 6 is held, then 1 (after 6 comes 1), then 2


def test_a_champion_on_the_trapdoor_is_killed_too_and_the_game_ends_TLC_50_R_TLC_1():
    g = new(roller=Dice(mode="none", faces={BASIC: [3]}))
    champion(g, XAN, TRAPDOORS[3])
    arena.enter(g, arena_chip(g, "beast-d"))
    assert g.state.end_reason == "champion defeated" and g.state.winner == ATL


def test_one_chip_on_player_ones_first_turn_then_two_of_any_mix_TLC_26_R_TLC_15():
    """Deliberate bug seen failing: one chip on the second player's first turn too."""
    g = new({"deploy": lambda o: o[0]}, turn=1)
    s = g.state
    s.round, s.active = 1, ATL
    for uid in ("atlantis/attacker-1", "atlantis/attacker-2", "atlantis/attacker-3"):
        to_camp(g, uid)
    step(g, ATL, "deploy")
    assert len(s.in_combat(ATL)) == 1
    # the second player's first turn, and every later turn: two, both gladiators if they like
    g2 = new({}, {"deploy": lambda o: o[0]}, turn=2)
    g2.state.round, g2.state.active = 1, XAN
    for uid in ("xanadu/attacker-1", "xanadu/attacker-2", "xanadu/attacker-3"):
        to_camp(g2, uid)
    step(g2, XAN, "deploy")
    assert len(g2.state.in_combat(XAN)) == 2
    # a gladiator and a tactic, the tactic first if the player likes
    g3 = new({"tactic": lambda o: o[0], "deploy": lambda o: o[0]})
    a = put(g3, "atlantis/attacker-1", 30)
    to_camp(g3, "atlantis/attacker-2")
    to_hand(g3, ATL, "atlantis/adrenaline")
    step(g3, ATL, "deploy")
    assert len(g3.state.in_combat(ATL)) == 2 and a.tactics


def test_gladiators_deploy_on_the_players_six_hexes_all_twelve_from_level_2_TLC_8_TLC_27_TLC_44():
    g = new()
    s = g.state
    to_camp(g, "atlantis/attacker-1")
    m = s.mode
    assert {h for _, h in m.gladiator_options(s, ATL)} == set(RED_DEPLOY)
    put(g, "xanadu/attacker-1", RED_DEPLOY[0])
    assert {h for _, h in m.gladiator_options(s, ATL)} == set(RED_DEPLOY[1:])
    favor.reach(g, ATL, 2)
    assert {h for _, h in m.gladiator_options(s, ATL)} == set(RED_DEPLOY[1:]) | set(BLUE_DEPLOY)
    assert {h for _, h in m.gladiator_options(s, XAN)} == set()  # no gladiator in Xanadu's hand
    to_camp(g, "xanadu/attacker-2")
    assert {h for _, h in m.gladiator_options(s, XAN)} == set(BLUE_DEPLOY)


def test_a_gladiator_deployed_this_turn_waits_unless_initiative_first_strike_or_level_3_TLC_28_TLC_45_TLC_67_TLC_68():
    """Deliberate bug seen failing: level 3 ignored."""
    g = new()
    s = g.state
    m = s.mode
    plain = put(g, "atlantis/attacker-1", 30)
    quick = put(g, "atlantis/attacker-3", 41)  # Initiative
    striker = put(g, "atlantis/attacker-2", 20)  # First Strike
    for u in (plain, quick, striker):
        u.deployed_turn = s.turn
    put(g, "xanadu/defender-1", 21)
    assert not m.can_move(s, plain) and m.can_move(s, quick) and not m.can_move(s, striker)
    assert not rules.can_engage(s, plain) and rules.can_engage(s, striker)
    favor.reach(g, ATL, 3)
    assert m.can_move(s, plain) and not rules.can_engage(s, plain)


def test_tactics_go_within_tactical_range_never_on_champions_TLC_29_TLC_30():
    """Deliberate bug seen failing: a tactic allowed on a champion."""
    g = new()
    s = g.state
    tact = put(g, "atlantis/tactician-1", 30)  # Tactical Range 3
    near = put(g, "xanadu/attacker-1", 33)  # 3 hexes away
    far = put(g, "xanadu/attacker-2", 36)  # 5 hexes away
    hero = champion(g, XAN, 32)
    beast = put(g, "beast-a", 41)
    to_hand(g, ATL, "atlantis/hamstring")
    targets = {uid for _, uid in tlc.phase.tactic_options(s, ATL, tlc.tactic_allowed)}
    assert tact.uid in targets and near.uid in targets and beast.uid in targets
    assert far.uid not in targets and hero.uid not in targets


def test_hamstring_then_adrenaline_gives_move_range_1_TLC_31():
    g = new({"tactic": lambda o: o[0]})
    s = g.state
    u = put(g, "atlantis/attacker-1", 30)
    to_hand(g, ATL, "atlantis/adrenaline")
    rules.place_tactic(g, ATL, s.troops[ATL].tactics_camp[0], u)
    to_hand(g, ATL, "atlantis/hamstring")
    rules.place_tactic(g, ATL, s.troops[ATL].tactics_camp[0], u)
    assert rules.movement_of(s, u) == 0 and len(u.tactics) == 1
    t = s.troops[ATL]
    t.tactics_camp.append(t.tactics_discard.pop())  # the Adrenaline Hamstring removed, played again
    rules.place_tactic(g, ATL, s.troops[ATL].tactics_camp[0], u)
    assert rules.movement_of(s, u) == 1 and len(u.tactics) == 2


def test_units_move_up_to_move_range_through_free_hexes_once_TLC_32():
    g = new({"move": lambda o: next((x for x in o if x[1] == 21), None)})
    s = g.state
    u = put(g, "atlantis/attacker-1", 30)  # Move Range 2
    put(g, "xanadu/defender-1", 31)
    seen = []
    g.controllers[ATL].picks["move"] = lambda o: (seen.append(list(o)), next((x for x in o if x[1] == 21), None))[1]
    step(g, ATL, "move")
    assert u.hex == 21 and u.moved_turn == s.turn  # around the unit on 31, two hexes
    assert all(h != 31 for _, h in seen[0]) and max(s.grid.dist[30][h] for _, h in seen[0]) == 2
    assert len(seen) == 1  # once a turn: no option left, not asked again


def test_a_unit_next_to_a_beast_is_engaged_and_one_arriving_next_to_it_stops_TLC_33_TLC_54():
    """Deliberate bug seen failing: the lock ignored when moving."""
    g = new()
    s = g.state
    m = s.mode
    beast = put(g, "beast-a", 42)
    held = put(g, "atlantis/attacker-1", 41)
    free = put(g, "atlantis/attacker-3", 30)  # Move Range 3
    crim = put(g, "criminal-a", 2)
    assert not m.can_move(s, held) and m.can_move(s, free)
    blocked = s.blocked_for_move(ATL)
    locked = set(s.grid.neighbours[beast.hex])
    opts = []
    g.controllers[ATL].picks["move"] = lambda o: (opts.extend(o), None)[1]
    step(g, ATL, "move")
    got = {h for uid, h in opts if uid == free.uid}
    assert got == set(s.grid.reachable(free.hex, 3, blocked, locked))
    assert got < set(s.grid.reachable(free.hex, 3, blocked))  # hexes only reached through the beast's side
    assert base.is_engaged(s, beast) and not base.is_engaged(s, crim)  # criminals lock nobody (TLC-58)
    # the beast does not move away either
    g.roller = Dice(faces={BEAST_MOVE: [1, 1]})
    arena.beast_move(g, beast)
    assert beast.hex == 42


def test_a_stunned_beast_still_locks_in_the_lost_cities_TLC_33_TLC_87_R_ROR_49():
    """The Lost Cities' Stun takes a unit's move, attack and abilities (TLC-87); its book says nothing of a
    stunned beast's lock, which Rise of Rome's 2 x 2 lifts (ROR-103): here the lock stays (ruling R-ROR-49)."""
    g = new()
    s = g.state
    beast = put(g, "beast-a", 42)
    held = put(g, "atlantis/attacker-1", 41)
    stun(g, beast, ATL)
    assert is_stunned(beast) and not s.mode.can_move(s, held) and base.is_engaged(s, held)


def test_pull_and_hurl_break_the_lock_TLC_34_TLC_54_TLC_71_TLC_73():
    g = new()
    s = g.state
    beast = put(g, "beast-a", 33)
    held = put(g, "atlantis/attacker-1", 32)
    brawler = put(g, "atlantis/brawler-1", 31)  # Hurl
    opts = rules.ability_options(g, ATL)
    hurls = [o for o in opts if o[1] == "hurl" and o[2][0] == held.uid]
    assert hurls and all(s.grid.dist[o[2][1]][brawler.hex] == 1 for o in hurls)
    rules.use_ability(g, ATL, next(o for o in hurls if o[2][1] == 30))
    assert held.hex == 30 and not base.is_engaged(s, held)
    assert not any(o[1] == "hurl" for o in rules.ability_options(g, ATL))  # once a turn (TLC-78)
    del beast


def test_pull_draws_the_first_unit_on_a_line_up_to_2_hexes_never_through_units_TLC_71():
    """Deliberate bug seen failing: pulling through a unit."""
    g = new()
    puller = put(g, "atlantis/tactician-2", 27)  # Pull
    target = put(g, "xanadu/attacker-1", 30)  # 3 hexes east
    opts = {o[2] for o in rules.ability_options(g, ATL) if o[1] == "pull"}
    assert opts == {(target.uid, 29), (target.uid, 28)}
    # a unit 2 hexes away in front of it: only that one, by 1 hex; the one behind cannot come through
    front = put(g, "xanadu/attacker-2", 29)
    opts = {o[2] for o in rules.ability_options(g, ATL) if o[1] == "pull"}
    assert opts == {(front.uid, 28)}
    # 4 hexes along the line, nothing between: out of reach
    g2 = new()
    put(g2, "atlantis/tactician-2", 27)
    put(g2, "xanadu/attacker-1", 31)
    assert not any(o[1] == "pull" for o in rules.ability_options(g2, ATL))
    del puller


def test_uber_pull_reaches_4_and_pulls_up_to_3_TLC_72():
    g = new()
    hero = champion(g, ATL, 27)  # Uber Pull
    target = put(g, "xanadu/attacker-1", 31)
    opts = {o[2] for o in rules.ability_options(g, ATL) if o[1] == "uber-pull"}
    assert opts == {(target.uid, 30), (target.uid, 29), (target.uid, 28)}
    del hero


def test_uber_hurl_throws_up_to_3_hexes_from_where_it_stood_TLC_74_R_TLC_9():
    g = new()
    s = g.state
    hero = champion(g, XAN, 30)  # Uber Hurl
    target = put(g, "atlantis/attacker-1", 31)
    dests = {o[2][1] for o in rules.ability_options(g, XAN) if o[1] == "uber-hurl" and o[2][0] == target.uid}
    assert dests and max(s.grid.dist[31][h] for h in dests) == 3
    assert all(s.board[h] < 0 for h in dests)
    del hero


# --------------------------------------------------------------------------- attacks


def test_a_basic_attack_rolls_the_chips_dice_plus_a_yellow_by_a_strategic_attack_TLC_35_TLC_36_TLC_77():
    roller = Dice([1, 1])
    g = new(roller=roller)
    a = put(g, "atlantis/attacker-1", 30)
    put(g, "atlantis/tactician-1", 29)  # Strategic Attack, adjacent to the attacker
    t = put(g, "xanadu/defender-1", 31)
    rules.attack(g, a, t)
    assert roller.rolled[-1] == a.unit.attack + Pool.of(yellow=1)
    rules.attack(g, t, a)  # the tactician is no ally of the defender
    assert roller.rolled[-1] == t.unit.attack


def test_intercept_blow_takes_an_adjacent_allys_whole_hit_TLC_37_TLC_70():
    g = new({}, {"intercept": lambda o: o[0]}, roller=Dice([2]))
    a = put(g, "atlantis/attacker-1", 30)
    t = put(g, "xanadu/attacker-1", 31)
    guard = put(g, "xanadu/defender-1", 32)  # Intercept Blow
    rules.attack(g, a, t)
    assert t.hp == t.unit.health and guard.hp == guard.unit.health - 2


def test_retaliate_strikes_back_at_any_distance_and_for_any_attack_TLC_69_R_TLC_6():
    """Deliberate bug seen failing: Rise of Rome's adjacency condition."""
    g = new(roller=Dice([1, 1]))
    archer = put(g, "atlantis/archer-1", 28)  # Range 3
    d = put(g, "xanadu/defender-2", 31)  # Retaliate
    rules.attack(g, archer, d)
    assert archer.hp == archer.unit.health - 1
    # an Alternate Attack (Long Shot) that hits is answered too
    g2 = new(roller=Dice([1]))
    shooter = put(g2, "atlantis/archer-2", 28)
    d2 = put(g2, "xanadu/defender-2", 31)
    special(g2, shooter, "long-shot", (d2.uid,))
    assert d2.hp == d2.unit.health - 1 and shooter.hp == shooter.unit.health - 1
    # so is a Stun that hits (an Alternate Attack): answered before the stun turns the defender's skills off
    g4 = new(roller=Dice([1]))
    stunner = put(g4, "atlantis/defender-3", 30)  # Stun
    d4 = put(g4, "xanadu/defender-2", 31)
    special(g4, stunner, "stun", (d4.uid,))
    assert is_stunned(d4) and stunner.hp == stunner.unit.health - 1
    # a miss is no hit: nothing back
    g3 = new(roller=Dice([0]))
    shooter3 = put(g3, "atlantis/archer-2", 28)
    d3 = put(g3, "xanadu/defender-2", 31)
    special(g3, shooter3, "long-shot", (d3.uid,))
    assert shooter3.hp == shooter3.unit.health


def test_a_defeated_unit_is_removed_and_the_kill_gives_2_favor_at_once_TLC_38_TLC_39():
    """Deliberate bug seen failing: no favor for a beast's defeat."""
    g = new(roller=Dice([3, 3]))
    s = g.state
    a = put(g, "atlantis/attacker-1", 30)
    t = put(g, "xanadu/attacker-2", 31, hp=2)
    rules.attack(g, a, t)
    assert t.zone == DISCARD and s.board[31] < 0 and s.troops[ATL].favor_total == 2
    b = put(g, "beast-c", 31, hp=1)
    rules.attack(g, a, b)
    assert b.zone == DISCARD and s.troops[ATL].favor_total == 4


def test_level_rewards_apply_at_once_even_on_the_opponents_turn_TLC_41_TLC_43():
    """Level 1 reached on the opponent's turn: the champion acts on its player's next turn; reached on its own
    turn, it waits (no move, no attack, no abilities) until the next. Deliberate bug seen failing: the champion
    free to move on the turn it activates."""
    g = new(turn=6)
    s = g.state
    hero = champion(g, ATL, 29, active=False)
    favor.gain(g, ATL, 4, "test")
    assert hero.active and hero.deployed_turn != s.turn
    s.turn += 1
    s.active = ATL
    assert s.mode.can_move(s, hero)
    g2 = new()
    s2 = g2.state
    hero2 = champion(g2, ATL, 29, active=False)
    put(g2, "xanadu/attacker-1", 30)
    favor.gain(g2, ATL, 4, "test")
    assert hero2.active and not s2.mode.can_move(s2, hero2) and not rules.can_engage(s2, hero2)


def test_each_level_gives_its_cf_tactic_and_puts_its_arena_chip_in_the_players_bag_TLC_42_TLC_47_R_TLC_2_R_TLC_4():
    """Deliberate bug seen failing: the arena chip put in the opponent's bag."""
    g = new()
    s = g.state
    t = s.troops[ATL]
    champion(g, ATL, 29, active=False)
    chips = list(t.meter_chips)
    favor.gain(g, ATL, 8, "test")
    assert t.level == 2
    assert t.arena_bag == chips[:2] and all(s.units[c].zone == BAG for c in chips[:2])
    assert s.troops[XAN].arena_bag == []
    assert t.cf_hand == t.reward_tactics[:2] and all(x in t.tactics_camp for x in t.cf_hand)
    assert tlc.hand_count(s, ATL) == 0  # CF tactics fill no prep circle
    assert t.meter_chips[:2] == [-1, -1] and t.meter_chips[2:] == chips[2:]


def test_favor_levels_are_4_8_12_16_TLC_48_R_TLC_3():
    assert base.LEVELS == (4, 8, 12, 16)
    assert [favor.level_of(n) for n in (0, 3, 4, 7, 8, 12, 15, 16, 40)] == [0, 0, 1, 1, 2, 3, 3, 4, 4]


def test_level_4_unlocks_the_cf_gladiator_for_deployment_TLC_46():
    g = new()
    s = g.state
    t = s.troops[ATL]
    cf = s.units[t.cf_gladiator]
    assert not any(uid == cf.uid for uid, _ in s.mode.gladiator_options(s, ATL))
    favor.gain(g, ATL, 16, "test")
    assert t.level == 4 and any(uid == cf.uid for uid, _ in s.mode.gladiator_options(s, ATL))


# --------------------------------------------------------------------------- beasts and criminals


def test_beast_moves_first_die_then_second_and_stops_next_to_a_player_unit_TLC_53_R_TLC_5():
    """Move Range 2: one hex in the first die's direction, one in the second's. Deliberate bug seen failing:
    both hexes in the first direction."""
    g = new(roller=Dice(faces={BEAST_MOVE: [1, 6]}))
    b = put(g, "beast-a", 20)
    arena.beast_move(g, b)
    assert b.hex == g.state.grid.compass_step(21, 6)
    # a wall ends the leg: from hex 0 going north-west, then east
    g2 = new(roller=Dice(faces={BEAST_MOVE: [3, 1]}))
    b2 = put(g2, "beast-a", 0)
    arena.beast_move(g2, b2)
    assert b2.hex == 1
    # next to a player unit it stops at once (engaged)
    g3 = new(roller=Dice(faces={BEAST_MOVE: [1, 1]}))
    b3 = put(g3, "beast-a", 20)
    put(g3, "atlantis/attacker-1", 23)
    arena.beast_move(g3, b3)
    assert b3.hex == 22


def test_beast_attack_die_base_attack_hits_every_player_unit_in_range_with_one_roll_TLC_55():
    """Deliberate bug seen failing: one roll per target."""
    roller = Dice([2], faces={BEAST_ATTACK: [1]})
    g = new(roller=roller)
    b = put(g, "beast-a", 31)
    u1 = put(g, "atlantis/attacker-1", 30)
    u2 = put(g, "xanadu/defender-1", 32)
    other = put(g, "beast-b", 21)
    arena.beasts_attack(g)
    assert len([p for p in roller.rolled if p == b.unit.attack]) == 1
    assert u1.hp == u1.unit.health - 2 and u2.hp == u2.unit.health - 2
    assert other.hp == other.unit.health
    # the "none" face: nothing
    g2 = new(roller=Dice(faces={BEAST_ATTACK: [6, 6]}))
    put(g2, "beast-a", 31)
    u = put(g2, "atlantis/attacker-1", 30)
    arena.beasts_attack(g2)
    assert u.hp == u.unit.health


def test_criminal_advances_toward_the_closest_player_unit_TLC_56():
    g = new(roller=Dice(faces={CRIMINAL_MOVE: [1]}))
    c = put(g, "criminal-a", 2)  # Move Range 2
    put(g, "atlantis/attacker-1", 42)  # the closest
    put(g, "xanadu/attacker-1", 63)
    arena.criminal_move(g, c)
    dist = g.state.grid.dist
    assert dist[c.hex][42] == dist[2][42] - 2
    # the stay face: it stays
    g2 = new(roller=Dice(faces={CRIMINAL_MOVE: [5]}))
    c2 = put(g2, "criminal-a", 22)
    put(g2, "atlantis/attacker-1", 42)
    arena.criminal_move(g2, c2)
    assert c2.hex == 22


def test_taunt_among_equally_close_units_the_last_without_a_roll_TLC_57_TLC_61_R_TLC_11():
    """Two units equally close: the chooser (the player whose turn just ended: the last of the round in the
    arena's turn) names one; a failed Taunt sends the criminal toward the other without a roll."""
    asked = []
    g = new({}, {"taunt": lambda o: (asked.append(list(o)), o[0])[1]},
            roller=Dice(faces={CRIMINAL_MOVE: [1], TAUNT: [4]}), turn=7)
    s = g.state
    s.active = ARENA
    c = put(g, "criminal-c", 31)  # Move Range 3
    left = put(g, "atlantis/attacker-1", 28)
    right = put(g, "xanadu/attacker-1", 34)
    assert arena.chooser(s) == XAN
    arena.criminal_move(g, c)
    assert asked == [[left.uid, right.uid]]  # Xanadu names Atlantis's unit first
    assert s.grid.dist[c.hex][right.hex] == 1  # the taunt failed: toward the other, no second roll
    assert not g.roller.arena_faces[TAUNT]


def test_an_engaged_criminal_stays_TLC_58():
    g = new(roller=Dice(faces={CRIMINAL_MOVE: [1]}))
    c = put(g, "criminal-a", 31)
    put(g, "atlantis/attacker-1", 30)
    arena.criminal_move(g, c)
    assert c.hex == 31 and g.roller.arena_faces[CRIMINAL_MOVE] == [1]


def test_criminal_attack_die_base_attack_and_skill_face_TLC_59():
    g = new(roller=Dice([1], faces={CRIMINAL_ATTACK: [1]}))
    c = put(g, "criminal-b", 31)  # Range 2
    u = put(g, "atlantis/attacker-1", 29)
    arena.criminals_attack(g)
    assert u.hp == u.unit.health - 1
    g2 = new(roller=Dice(faces={CRIMINAL_ATTACK: [5]}))
    c2 = put(g2, "criminal-d", 31, hp=2)  # Regen 2
    arena.criminals_attack(g2)
    assert c2.hp == 4
    del c


def _stun_tactic_position(stunned: bool):
    """A beast next to an Atlantis unit (it would attack), a beast alone (it would walk east), a Range 2 criminal
    two hexes from a Xanadu unit (it would advance and attack); with `stunned`, a Stun tactic on each (Atlantis's,
    Xanadu's, and Crowd Favor Tactic 3B), played in the players' turns; then the arena's turn is played. Returns
    the game and each unit's (hex, HP) before and after."""
    g = new(roller=Dice(mode="all", faces=acting_faces()))
    s = g.state
    units = [put(g, "beast-a", 30), put(g, "beast-b", 10), put(g, "criminal-b", 44),
             put(g, "atlantis/attacker-1", 29), put(g, "xanadu/attacker-1", 42)]
    if stunned:
        rules.place_tactic(g, ATL, to_hand(g, ATL, "atlantis/stun"), units[0])
        rules.place_tactic(g, XAN, to_hand(g, XAN, "xanadu/stun"), units[1])
        s.troops[ATL].tactics_camp.append(CAT.tactics["cf-level-3-b"])
        rules.place_tactic(g, ATL, CAT.tactics["cf-level-3-b"], units[2])
    before = [(u.hex, u.hp) for u in units]
    s.turn, s.active = 7, ARENA
    arena_turn(g)
    return g, before, [(u.hex, u.hp) for u in units]


def test_a_beast_or_criminal_under_a_stun_tactic_neither_moves_nor_attacks_TLC_31_TLC_87():
    """A Stun tactic ("The unit cannot move, attack, or use abilities"; TLC-31: a single-turn tactic), a city's or
    Crowd Favor Tactic 3B, on a beast or a criminal holds it through the arena's turn: it rolls no arena die,
    stays, attacks nobody. Failed before the fix (the arena's turn read only a Stun's mark, not a Stun tactic):
    both beasts and the criminal moved or attacked."""
    _g, before, after = _stun_tactic_position(stunned=False)
    # unstunned, the lone beast and the criminal move, and both player units are hit
    assert [a == b for a, b in zip(before, after)] == [True, False, False, False, False]
    g, before, after = _stun_tactic_position(stunned=True)
    assert after == before
    assert not g.roller.rolled and g.roller.arena_faces == acting_faces()


# --------------------------------------------------------------------------- skills


def test_fury_aura_deals_1_to_adjacent_opponents_and_the_unit_may_still_attack_TLC_75_R_TLC_10():
    g = new(roller=Dice([1]))
    s = g.state
    f = put(g, "atlantis/special-3", 31)  # Fury Aura
    o1 = put(g, "xanadu/attacker-1", 32)
    o2 = put(g, "beast-a", 30)
    friend = put(g, "atlantis/attacker-1", 21)
    rules.use_ability(g, ATL, next(o for o in rules.ability_options(g, ATL) if o[1] == "fury-aura"))
    assert o1.hp == o1.unit.health - 1 and o2.hp == o2.unit.health - 1 and friend.hp == friend.unit.health
    assert rules.can_engage(s, f)


def test_uber_fury_aura_reaches_2_hexes_TLC_76():
    g = new()
    extra(g, "el-dorado-champion", ATL, 31)
    o2 = put(g, "xanadu/attacker-1", 33)
    o3 = put(g, "xanadu/attacker-2", 34)
    rules.use_ability(g, ATL, next(o for o in rules.ability_options(g, ATL) if o[1] == "uber-fury-aura"))
    assert o2.hp == o2.unit.health - 1 and o3.hp == o3.unit.health


def test_whirlwind_rolls_three_yellow_and_hits_every_adjacent_opponent_TLC_86():
    roller = Dice([2])
    g = new(roller=roller)
    w = put(g, "atlantis/special-1", 31)
    o1 = put(g, "xanadu/attacker-1", 32)
    o2 = put(g, "xanadu/attacker-2", 30)
    special(g, w, "whirlwind")
    assert roller.rolled[-1] == Pool.of(yellow=3)
    assert o1.hp == o1.unit.health - 2 and o2.hp == o2.unit.health - 2


def test_stun_stops_move_attack_and_abilities_for_one_turn_TLC_87_R_TLC_7():
    """A hit with one yellow die: the unit cannot move, attack or use abilities until the end of its player's
    next turn. Deliberate bug seen failing: the stun lifted at the start of that turn."""
    roller = Dice([1])
    g = new(roller=roller)
    s = g.state
    st = put(g, "atlantis/defender-3", 31)  # Stun
    o = put(g, "xanadu/brawler-1", 32)
    special(g, st, "stun", (o.uid,))
    assert roller.rolled[-1] == Pool.of(yellow=1) and is_stunned(o)
    s.turn, s.active = 6, XAN
    step(g, XAN, "draw")
    assert not s.mode.can_move(s, o) and not rules.can_engage(s, o) and not rules.ability_options(g, XAN)
    step(g, XAN, "end")
    assert not is_stunned(o)


def test_reposition_moves_one_hex_instead_of_attacking_TLC_88():
    g = new()
    r = put(g, "atlantis/attacker-4", 30)
    assert {h for (h,) in special_options(g, r, "reposition")} == set(g.state.grid.neighbours[30])
    special(g, r, "reposition", (31,))
    assert r.hex == 31


def test_long_shot_reaches_up_to_3_hexes_TLC_89_R_TLC_8():
    """Deliberate bug seen failing: Rise of Rome's 4."""
    g = new()
    ls = put(g, "atlantis/archer-2", 27)
    near = put(g, "xanadu/attacker-1", 29)
    at3 = put(g, "xanadu/attacker-2", 30)
    at4 = put(g, "xanadu/attacker-3", 31)
    got = {args[0] for args in special_options(g, ls, "long-shot")}
    assert got == {near.uid, at3.uid} and at4.uid not in got


def test_with_every_trapdoor_held_by_arena_units_the_chip_is_set_aside_R_TLC_1():
    g = new(roller=Dice(faces={BASIC: [4]}))
    for k, name in enumerate(("beast-a", "beast-b", "beast-c", "beast-d", "beast-e", "beast-f")):
        put(g, name, TRAPDOORS[k + 1])
    u = arena_chip(g, "criminal-a")
    arena.enter(g, u)
    assert u.zone == DISCARD and u.hex == -1


def test_intercept_blow_is_not_offered_against_an_arena_units_area_attack_R_TLC_17():
    """Every player unit in range is hit by the same roll: a neighbour's hit is never taken on top of one's
    own (Intercept Blow works against single-target Basic Attacks only)."""
    g = new({"intercept": lambda o: o[0]}, roller=Dice([2], faces={BEAST_ATTACK: [1]}))
    put(g, "beast-a", 31)
    u = put(g, "atlantis/attacker-1", 30)
    guard = put(g, "atlantis/defender-1", 29)  # Intercept Blow, next to the attacker, out of the beast's range
    arena.beasts_attack(g)
    assert u.hp == u.unit.health - 2 and guard.hp == guard.unit.health
    assert not any(d == "intercept" for d, _ in g.controllers[ATL].asked)


def test_criminal_ends_on_the_free_hex_closest_to_its_target_the_player_picking_among_equals_TLC_56_R_TLC_16():
    asked = []
    g = new({}, {"criminal-hex": lambda o: (asked.append(list(o)), o[-1])[1]},
            roller=Dice(faces={CRIMINAL_MOVE: [2]}), turn=7)
    g.state.active = ARENA
    c = put(g, "criminal-a", 30)  # Move Range 2
    target = put(g, "atlantis/attacker-1", 32)  # 2 hexes east: several hexes next to it within reach
    arena.criminal_move(g, c)
    dist = g.state.grid.dist
    assert dist[c.hex][target.hex] == 1
    assert asked and len(asked[0]) >= 2 and all(dist[h][target.hex] == 1 for h in asked[0]) and c.hex == asked[0][-1]


def test_the_battle_scroll_adds_no_rule_the_mat_has_only_the_books_hex_kinds_TLC_12():
    """The book gives no Battle Scroll rules: the stand-in mat carries only the Board Glossary's hex kinds."""
    grid = new().state.grid
    tags = {t for h in range(grid.n) for t in grid.tags[h]}
    assert tags == {"champion-start", "stone", "deploy-red", "deploy-blue"} | {f"trapdoor-{n}" for n in range(1, 7)}


def test_player_against_player_uses_the_main_rules_no_arena_unit_starts_on_the_mat_TLC_62_R_TLC_2():
    g = new()
    g.state.mode.begin(g)
    s = g.state
    assert all(not base.is_arena_unit(u) for u in s.in_combat())
    assert [u.is_primary_hero for u in s.in_combat()] == [True, True]
    assert s.mode.name == "lost-cities" and s.mode.analysis == "versus"


def test_the_books_in_text_rulings_a_stun_tactic_never_on_a_champion_a_gladiators_stun_may_TLC_66_TLC_87():
    g = new(roller=Dice([1]))
    s = g.state
    put(g, "atlantis/defender-3", 31)  # Stun (the Alternate Attack), Tactical Range 2
    hero = champion(g, XAN, 32)
    to_hand(g, ATL, "atlantis/stun")
    assert hero.uid not in {uid for _, uid in tlc.phase.tactic_options(s, ATL, tlc.tactic_allowed)}
    assert (hero.uid,) in special_options(g, chip(g, "atlantis/defender-3"), "stun")


def test_each_ability_once_per_turn_TLC_78():
    g = new()
    s = g.state
    put(g, "atlantis/special-3", 31)  # Fury Aura
    put(g, "xanadu/defender-1", 32)
    opts = [o for o in rules.ability_options(g, ATL) if o[1] == "fury-aura"]
    rules.use_ability(g, ATL, opts[0])
    assert not [o for o in rules.ability_options(g, ATL) if o[1] == "fury-aura"]
    s.turn += 2
    assert [o for o in rules.ability_options(g, ATL) if o[1] == "fury-aura"]
