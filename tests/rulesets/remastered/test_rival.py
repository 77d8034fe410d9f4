"""The rival AI (Remastered, "Rival Turns"): marking, back-up movement, hex priorities, order, targeting.

Hand-built positions on the (stand-in) Pozzuoli map: troop 0 (red) is the players', troop 1 (blue)
the rival troop. Hexes: stones 19 and 38; blue deployment hexes 14, 23, 32, 33, 42, 50.

The rival AI controller (rulesets/remastered/rival.py) pinned where its mutation run found it unpinned
(RIV-1..RIV-9 of /work/shared/RULES.md; Remastered rulebook, "Rival Turns" and "Key Terms"; rulings R-RIV-1..7
of docs/rulings.md): the priority list's checks, every superlative and set priority (UNIT-9), the players'
choices made for the rivals (R-RIV-5), the controller's answers to the shared rules' asks (Intercept Blow),
back-up movement toward a hex priority or a second-best group (RIV-5), the Specials' rival conditions
(R-RIV-4), deployment without enough chips (RIV-2), displacement and the steps' narration.

Hand-built positions on the Pozzuoli map (`game` above): troop 0 (red) the players', troop 1 (blue) the
rival troop; stones 19 and 38."""

from __future__ import annotations

import pytest
from engine.enginekit import Scripted, make_game, mk_unit

from hoplostat.engine.rules import FixedRoller
from hoplostat.rulesets.remastered import rival

ONS = ("opponent-on-stone", "hero", "strongest")


class Players(Scripted):
    """A players' controller that answers the rival decisions it is given (and records every ask)."""

    def __init__(self, picks=None):
        super().__init__(picks)
        self.rival_decisions = tuple(k for k in (picks or {}) if k.startswith("rival-"))


def game(placed, *, roller=None, players=None, hp=None, priority=ONS, rivals_turn=True):
    players = players or Players()
    rc = rival.RivalController(priority, players=players, players_troop=0)
    g = make_game(GRID, placed, roller=roller, controllers=[players, rc], hp=hp)
    if rivals_turn:
        g.state.turn += 1
        g.state.active = 1
    return g, rc


GRID = None


def setup_module(module):
    from hoplostat.catalog import load
    from hoplostat.engine.hexgrid import HexGrid

    module.GRID = HexGrid.of(load().arena("pozzuoli"))


BANDIT = mk_unit("bandit", movement=2, range_=1, health=5, attack="black", skills=["regen 1"], kind="arena-unit",
                 name="Bandit")
HIPPO = mk_unit("hippopotamus", movement=2, range_=1, health=6, attack="green+blue", kind="arena-unit",
                name="Hippopotamus")
WARRIOR = mk_unit("warrior", movement=2, range_=1, health=3, attack="black+blue+yellow", name="Warrior")
PROTECTOR = mk_unit("protector", movement=2, range_=1, health=4, attack="blue", name="Protector")
BEAST = mk_unit("beast", movement=2, range_=1, health=7, attack="green", name="Beast")


# --- the rulebook's rival-turn examples -------------------------------------------------------


def test_bandit_marks_the_protector_and_moves_two_hexes_RIV_3_RIV_4():
    """RIV-3, RIV-4 (Remastered, Rival Turns, Movement Example): the Warrior on a stone is out of the
    Bandit's reach, no hero is in combat, the strongest opponent *in reach* is the Protector (the Beast
    has more HP but is out of reach): the Bandit marks it and moves 2 hexes to be within Range."""
    g, rc = game([(BANDIT, 1, 33), (WARRIOR, 0, 19), (PROTECTOR, 0, 30), (BEAST, 0, 0)])
    s = g.state
    rival.movement_step(g, 1, rc)
    bandit = s.units[0]
    assert bandit.hex == 31 and GRID.dist[31][30] == 1 and GRID.dist[33][31] == 2
    assert any("Bandit (blue) marks Protector (strongest)" in line for line in s.log)


def test_dazed_rival_does_not_move_DEP_4():
    """DEP-4 (for a rival unit): the Hippopotamus deployed this turn is dazed and does not move."""
    g, rc = game([(HIPPO, 1, 42), (PROTECTOR, 0, 30)])
    g.state.units[0].deployed_turn = g.state.turn
    rival.movement_step(g, 1, rc)
    assert g.state.units[0].hex == 42


def test_regen_heals_three_to_four_in_the_abilities_step_SKL_2():
    """SKL-2 (Remastered, Abilities Example): the Bandit (3 HP, Health 5) uses Regen 1 in the Abilities step
    and heals to 4; once per turn."""
    g, rc = game([(BANDIT, 1, 31), (PROTECTOR, 0, 30)], hp={0: 3})
    rival.abilities_step(g, 1, rc)
    assert g.state.units[0].hp == 4
    rival.abilities_step(g, 1, rc)  # once per turn (SKL-2)
    assert g.state.units[0].hp == 4


def test_bandit_attacks_the_protector_RIV_9():
    """RIV-9 (Remastered, Engage Example): the only opponent in the Bandit's Range is the Protector; one
    black die, one hit: the Protector is dealt 1 damage. The dazed Hippopotamus does not attack."""
    g, rc = game([(BANDIT, 1, 31), (HIPPO, 1, 29), (PROTECTOR, 0, 30)], roller=FixedRoller([1]))
    g.state.units[1].deployed_turn = g.state.turn
    rival.engage_step(g, 1, rc)
    assert g.state.units[2].hp == 3
    assert len(g.roller.rolled) == 1 and str(g.roller.rolled[0]) == "black"


# --- marking -------------------------------------------------------------------------------------


def test_mark_in_range_does_not_move_RIV_4():
    """RIV-4: a unit whose mark is already within Range does not move (even toward a stone)."""
    g, rc = game([(BANDIT, 1, 31), (PROTECTOR, 0, 30)])
    rival.movement_step(g, 1, rc)
    assert g.state.units[0].hex == 31
    assert any("already within Range" in line for line in g.state.log)


def test_priority_order_stone_then_hero_then_strongest_ONS_4_RIV_3():
    """RIV-3 with the Onslaught list (ONS-4): a reachable opponent on a stone beats a reachable hero,
    which beats a stronger non-hero."""
    hero = mk_unit("hero", movement=2, range_=1, health=5, attack="black", kind="hero", name="Hero")
    # Bandit on 30: the Warrior on stone 19 is 2 away, the hero and the Beast closer; the stone wins.
    g, rc = game([(BANDIT, 1, 30), (hero, 0, 41), (BEAST, 0, 29), (WARRIOR, 0, 19)])
    s = g.state
    plan = rc.plan_move(g, s.units[0], s.blocked_for_move(1), set())
    assert plan and all(GRID.dist[h][19] == 1 for h in plan)
    # Without the Warrior on the stone, the hero (5 HP) is marked, not the stronger Beast (7 HP); both are
    # already within reach, the hero is adjacent: no move.
    g, rc = game([(BANDIT, 1, 30), (hero, 0, 40), (BEAST, 0, 28)])
    rival.movement_step(g, 1, rc)
    assert g.state.units[0].hex == 30 and any("marks Hero (hero)" in x for x in g.state.log)


def test_closest_among_equals_then_players_choose_RIV_3():
    """RIV-3: among reachable marks of equal priority the closest; equal distance -> the players choose."""
    a = mk_unit("a", health=4, name="A")
    b = mk_unit("b", health=4, name="B")
    g, rc = game([(BANDIT, 1, 31), (a, 0, 28), (b, 0, 33)])  # 28 is 3 away, 33 is 2 away
    rival.movement_step(g, 1, rc)
    assert GRID.dist[g.state.units[0].hex][33] == 1
    players = Players({"rival-mark": lambda opts: opts[-1]})
    g, rc = game([(BANDIT, 1, 31), (a, 0, 29), (b, 0, 33)], players=players)  # both 2 away
    rival.movement_step(g, 1, rc)
    asked = [opts for d, opts in players.asked if d == "rival-mark"]
    assert asked and sorted(o[1] for o in asked[0]) == [1, 2]


def test_ranged_rival_stays_as_far_as_possible_within_range_RIV_4():
    """RIV-4: a Range 2 unit stops on a hex 2 away from its mark (not adjacent), using as little
    Movement as possible."""
    archer = mk_unit("archer", movement=3, range_=2, health=3, attack="green", kind="arena-unit", name="Archer")
    g, rc = game([(archer, 1, 33), (PROTECTOR, 0, 29)])  # 4 away
    rival.movement_step(g, 1, rc)
    h = g.state.units[0].hex
    assert GRID.dist[h][29] == 2 and GRID.dist[33][h] == 2


def test_back_up_movement_uses_full_movement_toward_the_priority_RIV_5():
    """RIV-5: nothing reachable -> full Movement along a shortest path toward a hex that would put the
    highest priority within Range."""
    g, rc = game([(BANDIT, 1, 33), (WARRIOR, 0, 15)])
    before = GRID.dist[33][15]
    rival.movement_step(g, 1, rc)
    h = g.state.units[0].hex
    assert GRID.dist[33][h] == 2 and GRID.dist[h][15] == before - 2
    assert any("back-up movement" in x for x in g.state.log)


def test_back_up_movement_stays_when_it_cannot_get_closer_RIV_5():
    """RIV-5: stay only if it cannot get closer to any priority. The Bandit can move (a pocket of free hexes
    walled in by immobile allies) but no path leads toward any opponent: it stays. Let one wall go and the
    same Bandit does move, closer."""
    wall = mk_unit("wall", movement=0, health=9, kind="arena-unit", name="Wall")
    pocket = {0, GRID.neighbours[0][0]}
    rim = sorted({m for h in pocket for m in GRID.neighbours[h]} - pocket)
    placed = [(BANDIT, 1, 0)] + [(wall, 1, h) for h in rim] + [(WARRIOR, 0, 50)]
    g, rc = game(placed)
    s = g.state
    assert GRID.reachable(0, 2, s.blocked_for_move(1))  # it could move inside the pocket
    rival.movement_step(g, 1, rc)
    assert s.units[0].hex == 0
    assert not any(" moves " in line for line in s.log)
    # one wall fewer: a path opens and the back-up move takes it
    g, rc = game(placed[:1] + placed[2:])
    s = g.state
    before = GRID.path_distance(0, 50, s.blocked_for_move(1))
    rival.movement_step(g, 1, rc)
    assert s.units[0].hex != 0 and GRID.path_distance(s.units[0].hex, 50, s.blocked_for_move(1)) < before


def test_blocked_unit_moves_later_in_the_step_RIV_7():
    """RIV-7: the Bandit on hex 0 is walled in by dazed allies and an ally that will move; the players
    order the moves, but the Bandit must move once the ally's move frees a path."""
    wall = mk_unit("wall", movement=0, health=9, kind="arena-unit", name="Wall")
    runner = mk_unit("runner", movement=3, health=9, kind="arena-unit", name="Runner")
    players = Players({"rival-move": lambda opts: opts[0]})
    g, rc = game([(BANDIT, 1, 0), (runner, 1, 1), (wall, 1, 7), (wall, 1, 8), (WARRIOR, 0, 50)], players=players)
    s = g.state
    rival.movement_step(g, 1, rc)
    moves = [x for x in s.log if " moves " in x]
    assert len(moves) == 2 and "moves Runner from hex 1" in moves[0] and "moves Bandit from hex 0" in moves[1]
    for opts in (o for d, o in players.asked if d == "rival-move"):
        assert len({uid for uid, _ in opts}) == 1  # never both at once: the Bandit had no move until then


def test_hex_priority_is_reached_by_moving_onto_the_hex_RIV_6():
    """RIV-6: a hex priority (here `hex:stone`) is reached by moving onto the hex itself."""
    g, rc = game([(BANDIT, 1, 21), (WARRIOR, 0, 50)], priority=("hex:stone", "strongest"))
    rival.movement_step(g, 1, rc)
    assert g.state.units[0].hex == 19
    g, rc = game([(BANDIT, 1, 19), (WARRIOR, 0, 50)], priority=("hex:stone", "strongest"))
    rival.movement_step(g, 1, rc)
    assert g.state.units[0].hex == 19


def test_marks_are_chosen_afresh_each_step_RIV_8():
    """RIV-8: nothing is remembered: after the Protector leaves, the next step marks what is there then."""
    g, rc = game([(BANDIT, 1, 33), (PROTECTOR, 0, 30)])
    s = g.state
    rival.movement_step(g, 1, rc)
    assert s.units[0].hex == 31
    s.board[30] = -1
    s.units[1].hex = 12
    s.board[12] = 1
    s.turn += 1
    rival.movement_step(g, 1, rc)
    assert GRID.dist[s.units[0].hex][12] <= 2 and any("marks Protector" in x for x in s.log[-3:])


# --- targeting and engage ---------------------------------------------------------------------------


def test_target_highest_priority_in_range_ties_to_players_RIV_9():
    """RIV-9: the highest-priority opponent within Range (a hero over a stronger unit); equal ones ->
    the players choose; every rival that can act must."""
    hero = mk_unit("hero", health=5, kind="hero", name="Hero")
    g, rc = game([(BANDIT, 1, 31), (BEAST, 0, 30), (hero, 0, 32)], roller=FixedRoller([1]))
    rival.engage_step(g, 1, rc)
    assert g.state.units[2].hp == 4 and g.state.units[1].hp == 7
    players = Players({"rival-engage": lambda opts: opts[-1]})
    g, rc = game([(BANDIT, 1, 31), (PROTECTOR, 0, 30), (PROTECTOR, 0, 32)], roller=FixedRoller([1]), players=players)
    rival.engage_step(g, 1, rc)
    asked = [opts for d, opts in players.asked if d == "rival-engage"]
    assert len(asked[0]) == 2 and g.state.units[2].hp == 3 and g.state.units[1].hp == 4


def test_special_only_when_its_rival_condition_holds_RIV_9_R_RIV_4():
    """RIV-9, R-RIV-4: Long Shot (a Special) is used only when no opponent is within the unit's Range;
    otherwise the unit attacks."""
    sniper = mk_unit("sniper", movement=0, range_=1, health=3, attack="black", skills=["long-shot 4"],
                     kind="arena-unit", name="Sniper")
    g, rc = game([(sniper, 1, 31), (PROTECTOR, 0, 28)], roller=FixedRoller([1]))
    rival.engage_step(g, 1, rc)
    assert str(g.roller.rolled[0]) == "yellow" and g.state.units[1].hp == 3  # Long Shot: 1 damage
    g, rc = game([(sniper, 1, 31), (PROTECTOR, 0, 30)], roller=FixedRoller([1]))
    rival.engage_step(g, 1, rc)
    assert str(g.roller.rolled[0]) == "black"


def test_rival_deployment_players_choose_the_hex_none_free_no_deployment_RIV_2():
    """RIV-2: the players choose among the available hexes; none available -> no deployment."""
    players = Players({"rival-deploy": lambda opts: opts[-1]})
    g, rc = game([(PROTECTOR, 0, 30)], players=players)
    s = g.state
    from hoplostat.engine.state import BAG, UnitState

    u = UnitState(len(s.units), BANDIT, 1, zone=BAG)
    s.units.append(u)
    assert rival.deploy(g, rc, u, (14, 23, 30))
    assert u.hex == 23 and u.hp == 5 and s.is_dazed(u)
    asked = [opts for d, opts in players.asked if d == "rival-deploy"]
    assert asked == [[14, 23]]  # 30 is occupied
    v = UnitState(len(s.units), BANDIT, 1, zone=BAG)
    s.units.append(v)
    assert not rival.deploy(g, rc, v, (23, 30)) and v.zone == BAG


def test_players_favour_defaults():
    """Without a players' controller answering rival decisions, `players_favour` decides: marks and targets
    spare the primary hero; rival-deploy goes far from the players' hero."""
    g, rc = game([(BANDIT, 1, 31), (PROTECTOR, 0, 30), (PROTECTOR, 0, 32)], players=Scripted())
    s = g.state
    s.units[1].is_primary_hero = True
    assert rc.tie(g, "rival-engage", [("attack", 0, 1), ("attack", 0, 2)]) == ("attack", 0, 2)
    assert rc.tie(g, "rival-mark", [(0, 1), (0, 2)]) == (0, 2)
    far = rc.tie(g, "rival-deploy", [14, 42])
    assert GRID.dist[far][30] >= GRID.dist[14 if far == 42 else 42][30]


def test_rival_turn_is_deployment_movement_abilities_engage_without_tactics_RIV_1(cat):
    """RIV-1: a rival turn (Onslaught's arena turn) is Deployment, Movement, Abilities, Engage, in that order,
    with no Tactic Placement step; played, a Bandit (3 of 5 HP, three hexes from a player unit)
    first moves, then heals (Regen 1), then attacks, while the unit drawn from the bag is deployed first."""
    import numpy as np

    from hoplostat.engine.loop import play_turn
    from hoplostat.engine.rules import Game
    from hoplostat.engine.state import BAG, COMBAT
    from hoplostat.rulesets.remastered.onslaught import setup

    s = setup(cat, ["amazons"], rng=np.random.default_rng(0), log=True, immortal_order=["antony-blackbird"])
    players = Players()
    rc = rival.RivalController(s.mode.priority, players=players, players_troop=0)
    g = Game(s, FixedRoller(mode="all"), [players, rc, rc], np.random.default_rng(0))
    s.round, s.turn = 3, 10
    t = s.mode.arena_turn(g)
    assert [name for name, _ in t.steps if name != "start"] == ["deployment", "movement", "abilities", "engage"]

    def put(u, hex_, hp=None):
        u.zone, u.hex, u.deployed_turn, u.entered, u.active = COMBAT, hex_, -10, True, True
        u.hp = u.unit.health if hp is None else hp
        s.supply[s.troops[u.troop].side] -= u.hp
        s.board[hex_] = u.uid
        s.enter_combat(u)

    bandit = next(u for u in s.zone(s.arena_troop, BAG) if u.unit.id == "bandit")
    put(bandit, 33, hp=3)
    target = next(u for u in s.units if u.troop == 0 and not u.unit.elite and u.zone != COMBAT)
    put(target, 30)
    assert GRID.dist[33][30] == 3
    n = len(s.log)
    play_turn(g, t)
    log = s.log[n:]

    def first(text):
        return next(i for i, line in enumerate(log) if text in line)

    deployed = first("arena (blue) deploys")
    moved = first("moves Bandit from hex 33")
    healed = first("Bandit (blue) heals")
    attacked = first("Bandit (blue) attacks")
    assert deployed < moved < healed < attacked, log
    assert not any(" plays " in line for line in log)


# --- pinned by mutation testing (formerly tests/engine/test_rival_pinned.py) ------------------------------------------
HERO = mk_unit("hero", movement=2, range_=1, health=5, attack="black", kind="hero", name="Hero")
NEUTRAL = mk_unit("neutral", movement=2, range_=1, health=6, attack="black", kind="neutral-hero", name="Neutral")
SENTINEL = mk_unit("sentinel", movement=0, range_=1, health=6, attack="black", kind="sentinel", name="Sentinel")
RUNNER = mk_unit("runner", movement=4, range_=1, health=2, attack="black", name="Runner")


def uids(units):
    return sorted(u.uid for u in units)


# --------------------------------------------------------------------------- the priority list (R-RIV-7)


def test_check_priority_accepts_the_vocabulary_and_hex_priorities_and_refuses_the_rest_R_RIV_7():
    """R-RIV-7: a priority list names superlatives, sets and `hex:<tag>` priorities; anything else, and a
    `hex:` without a tag, is refused with the offending entry named."""
    ok = ("opponent-on-stone", "hero", "strongest", "hex:stone", "least-deadly", "shardholder")
    assert rival.check_priority(list(ok)) == ok
    for bad in ("hex:", "tallest", "Hero"):
        with pytest.raises(ValueError, match=f"unknown rival priority '{bad}'"):
            rival.check_priority(["hero", bad])
    assert rival.RivalController(["hero"]).priority == ("hero",)
    with pytest.raises(ValueError):
        rival.RivalController(["hero", "nobody"])


def test_every_superlative_compares_what_the_key_terms_say_UNIT_9():
    """UNIT-9 (Remastered, "Key Terms"): strongest/weakest by HP, deadliest/least deadly by the number of attack
    dice (whatever their colours), fastest/slowest by Movement, closest/farthest by distance; all tied ones
    are kept. The Bandit on 31; the Warrior (3 dice, 3 HP) on 30, the Protector (1 die, 4 HP) on 29, the
    Runner (Movement 4, 2 HP) on 40 and the Beast (1 die, 7 HP) on 28."""
    g, rc = game([(BANDIT, 1, 31), (WARRIOR, 0, 30), (PROTECTOR, 0, 29), (RUNNER, 0, 40), (BEAST, 0, 27)])
    s = g.state
    bandit = s.units[0]
    cands = [s.units[i] for i in (1, 2, 3, 4)]
    d = GRID.dist[31]
    assert (d[30], d[29], d[40], d[27]) == (1, 2, 1, 4)

    def top(p):
        return uids(rival.top_priority(g, bandit, (p,), cands))

    assert top("strongest") == [4]
    assert top("weakest") == [3]
    assert top("deadliest") == [1]
    assert top("least-deadly") == [2, 3, 4]
    assert top("fastest") == [3]
    assert top("slowest") == [1, 2, 4]
    assert top("closest") == [1, 3]
    assert top("farthest") == [4]
    assert rival.top_priority(g, bandit, ("strongest",), []) == []


def test_set_priorities_and_an_unlisted_opponent_UNIT_9_R_RIV_7():
    """The set priorities: hero (a neutral hero is a hero too), sentinel, opponent on a stone, any opponent;
    a hex priority names no unit and is skipped for targeting; a list naming nothing in range gives no
    target (R-RIV-7: a rival targets only what its list names)."""
    g, rc = game([(BANDIT, 1, 31), (NEUTRAL, 0, 30), (SENTINEL, 0, 32), (PROTECTOR, 0, 19), (BEAST, 0, 40)])
    s = g.state
    bandit = s.units[0]
    cands = [s.units[i] for i in (1, 2, 3, 4)]

    def top(*p):
        return uids(rival.top_priority(g, bandit, p, cands))

    assert top("hero") == [1]
    assert top("sentinel") == [2]
    assert top("opponent-on-stone") == [3]
    assert top("opponent") == [1, 2, 3, 4]
    assert top("hex:stone", "sentinel", "hero") == [2]
    assert top("shard", "shardholder") == []
    assert top("shard", "strongest") == [4]
    plain = [s.units[4]]
    assert rival.top_priority(g, bandit, ("hero", "sentinel"), plain) == []


def test_deadliest_counts_dice_after_modifiers_UNIT_9():
    """UNIT-9 ("Deadliest ... determined after accounting for any modifiers"): the dice an opponent would
    gather attacking the rival unit, its own skills included: a one-die unit with Dig In (one more die on a turn
    it did not move) is deadlier than another one-die unit, and less deadly once it has moved this turn."""
    digger = mk_unit("digger", health=4, attack="blue", skills=["dig-in"], name="Digger")
    g, rc = game([(BANDIT, 1, 31), (digger, 0, 30), (PROTECTOR, 0, 32)])
    s = g.state
    cands = [s.units[1], s.units[2]]
    assert uids(rival.top_priority(g, s.units[0], ("deadliest",), cands)) == [1]
    assert uids(rival.top_priority(g, s.units[0], ("least-deadly",), cands)) == [2]
    s.units[1].moved_turn = s.turn
    assert uids(rival.top_priority(g, s.units[0], ("deadliest",), cands)) == [1, 2]


# ------------------------------------------------------------------- the players choose for the rivals (R-RIV-5)


def test_deployment_goes_far_from_the_primary_hero_then_from_the_nearest_player_unit_R_RIV_5():
    """RIV-2, R-RIV-5: headless, the players deploy a rival on the hex farthest from their primary hero (32, two
    from the hero on 30, is the worst), then farthest from their nearest unit (the unit on 13 is next to 14 and
    two from 23), then the lowest hex (a fixed order among equals, so seeded games repeat)."""
    g, rc = game([(BANDIT, 1, 57), (HERO, 0, 30), (PROTECTOR, 0, 13)], players=Scripted())
    s = g.state
    s.units[1].is_primary_hero = True
    blue = [14, 23, 32, 33, 42, 50]
    assert [GRID.dist[30][h] for h in blue] == [3, 3, 2, 3, 3, 3]
    assert [GRID.dist[13][h] for h in blue][:2] == [1, 2] and min(GRID.dist[13][h] for h in blue[3:]) >= 3
    assert rc.tie(g, "rival-deploy", blue) == 33
    assert rc.tie(g, "rival-deploy", [14, 23, 32]) == 23
    # a hero that is not the primary one is just a unit: the nearest unit decides (42 and 50 are 3 and 4 from 30)
    s.units[1].is_primary_hero = False
    assert rc.tie(g, "rival-deploy", [14, 32, 42]) == 42


def test_marks_and_targets_spare_the_primary_hero_then_heroes_then_take_the_most_hp_R_RIV_5():
    """R-RIV-5: the players make a rival mark or attack the unit they mind least: never their primary hero if
    avoidable, then not another hero, then the one with the most HP; among equals the lowest uid."""
    g, rc = game([(BANDIT, 1, 31), (HERO, 0, 30), (NEUTRAL, 0, 32), (PROTECTOR, 0, 40), (WARRIOR, 0, 21),
                  (PROTECTOR, 0, 22)], players=Scripted())
    s = g.state
    s.units[1].is_primary_hero = True
    for decision, opt in (("rival-mark", lambda t: (0, t)), ("rival-engage", lambda t: ("attack", 0, t))):
        def pick(*targets):
            got = rc.tie(g, decision, [opt(t) for t in targets])
            return got[-1]

        assert pick(1, 2, 3, 4) == 3  # Protector (4 HP) over the Warrior (3 HP), both over the heroes
        assert pick(1, 2, 4) == 4
        assert pick(1, 2) == 2  # the neutral hero (6 HP) is spared less than the primary hero (5 HP)
        assert pick(5, 3) == 3 and pick(3, 5) == 3  # equal: the lower uid
    assert rc.tie(g, "rival-mark", [(0, ("hex", 38)), (0, ("hex", 19))]) == (0, ("hex", 19))
    assert s.units[3].hp == s.units[5].hp == 4


def test_a_targeted_special_spares_the_primary_hero_like_an_attack_R_RIV_5():
    """R-RIV-5 for a Special with a target (Long Shot): its target is chosen as an attack's; a Special without a
    unit in combat as its target is neutral ((0, 0)), below any non-hero target."""
    g, rc = game([(BANDIT, 1, 31), (HERO, 0, 30), (PROTECTOR, 0, 40), (WARRIOR, 0, 21)], players=Scripted())
    s = g.state
    s.units[1].is_primary_hero = True
    shot = lambda t: ("special", 0, "long-shot", (t,))  # noqa: E731
    assert rc.tie(g, "rival-engage", [shot(1), shot(2)]) == shot(2)
    assert rc.tie(g, "rival-engage", [shot(3), shot(2)]) == shot(2)
    assert rc.tie(g, "rival-engage", [("special", 0, "whirlwind", ()), ("attack", 0, 3)]) == ("attack", 0, 3)
    s.units[2].zone = "discard"
    assert rc.tie(g, "rival-engage", [shot(2), ("attack", 0, 3)]) == ("attack", 0, 3)
    assert rc.tie(g, "rival-engage", [shot(99), ("attack", 0, 1)]) == shot(99)


def test_rival_moves_toward_the_most_exposed_hex_then_away_from_the_primary_hero_R_RIV_5():
    """R-RIV-5: of the rule-allowed moves the players take the one that leaves the rival exposed to the most of
    their units (hexes within those units' Range), then the one farthest from their primary hero, then the
    lowest uid and hex."""
    g, rc = game([(BANDIT, 1, 50), (BANDIT, 1, 0), (PROTECTOR, 0, 30), (PROTECTOR, 0, 40), (HERO, 0, 12)],
                 players=Scripted())
    s = g.state
    s.units[4].is_primary_hero = True
    d = GRID.dist
    # 31 and 39 are next to both Protectors (30, 40), 41 and 29 to one of them
    exposed = {h: sum(1 for x in (30, 40, 12) if d[h][x] <= 1) for h in (31, 41, 39, 29)}
    assert exposed == {31: 2, 41: 1, 39: 2, 29: 1}
    assert rc.tie(g, "rival-move", [(0, 41), (0, 31)]) == (0, 31)
    # 31 and 39 both exposed twice: 39 is farther from the primary hero on 12
    assert d[12][39] > d[12][31]
    assert rc.tie(g, "rival-move", [(0, 31), (0, 39)]) == (0, 39)
    assert rc.tie(g, "rival-move", [(1, 39), (0, 39)]) == (0, 39)
    # the rivals' own units expose nothing: the Bandit on 0 is not a player unit
    assert rc.tie(g, "rival-move", [(0, 1), (0, 41)]) == (0, 41)


def test_displacement_onto_the_hex_fewest_rivals_threaten_a_stone_first_R_RIV_5():
    """R-RIV-5 (e.g. Antony's green trigger): the players displace their unit onto the hex within Range of the
    fewest rival units, a stone among equals, then the lowest hex."""
    g, rc = game([(BANDIT, 1, 21), (BANDIT, 1, 40), (PROTECTOR, 0, 30), (PROTECTOR, 0, 0)], players=Scripted())
    d = GRID.dist
    threat = {h: sum(1 for x in (21, 40) if d[h][x] <= 1) for h in (31, 20, 29, 38, 28)}
    assert threat == {31: 2, 20: 1, 29: 0, 38: 0, 28: 0}
    assert rc.tie(g, "rival-displace", [(2, 31), (2, 20)]) == (2, 20)
    assert rc.tie(g, "rival-displace", [(2, 20), (2, 29)]) == (2, 29)
    assert rc.tie(g, "rival-displace", [(2, 28), (2, 38), (2, 29)]) == (2, 38)
    assert rc.tie(g, "rival-displace", [(2, 29), (2, 28)]) == (2, 28)
    # the players' own units threaten nothing: 1 is next to their unit on 0
    assert rc.tie(g, "rival-displace", [(2, 28), (2, 1)]) == (2, 1)
    assert rival.displace_choice(g, rc, g.state.units[2], [31, 29]) == 29
    assert rival.displace_choice(g, rc, g.state.units[2], []) is None


def test_a_rival_ability_order_is_the_first_offered_R_RIV_5():
    """R-RIV-5: the order of rival abilities is the players' (the first offered, headless)."""
    g, rc = game([(BANDIT, 1, 21), (PROTECTOR, 0, 30)], players=Scripted())
    assert rc.tie(g, "rival-ability", [(0, "regen", ()), (0, "other", ())]) == (0, "regen", ())


# --------------------------------------------------------------------------- who answers for the rivals (R-RIV-5)


def test_a_single_option_is_taken_and_ties_go_to_the_players_controller_it_declares_R_RIV_5():
    """RIV-3, RIV-9, R-RIV-5: a single option is no choice (nobody is asked); ties are asked of the players'
    controller, as the players' troop and as a mandatory choice, when it declares the decision in
    `rival_decisions`; if it passes, or declares other decisions only, `players_favour` decides."""
    from engine.enginekit import Players as ByTroop

    g, _ = game([(BANDIT, 1, 31), (HERO, 0, 30), (PROTECTOR, 0, 32)])
    s = g.state
    s.units[1].is_primary_hero = True
    asked = ByTroop({"rival-engage": lambda o: o[0]})
    rc = rival.RivalController(ONS, players=asked, players_troop=0)
    opts = [("attack", 0, 1), ("attack", 0, 2)]
    assert rc.tie(g, "rival-engage", opts[:1]) == opts[0] and asked.by_troop == []
    assert rc.tie(g, "rival-engage", opts) == opts[0]  # the players' own answer, even the primary hero
    assert asked.by_troop == [(0, "rival-engage", opts)]
    passing = ByTroop({"rival-engage": lambda o: None})
    rc = rival.RivalController(ONS, players=passing, players_troop=0)
    assert rc.tie(g, "rival-engage", opts) == opts[1]
    other = ByTroop({"rival-mark": lambda o: o[0]})
    rc = rival.RivalController(ONS, players=other, players_troop=0)
    assert rc.tie(g, "rival-engage", opts) == opts[1] and other.by_troop == []
    rc = rival.RivalController(ONS, players=None)
    assert rc.tie(g, "rival-engage", opts) == opts[1]


def test_the_players_decide_a_rivals_intercept_blow_else_it_declines_R_RIV_5_R_ENG_13():
    """R-RIV-5, R-ENG-13: the shared rules ask a rival troop "intercept" (Intercept Blow: it "may"); the players
    answer it if their controller declares "rival-intercept" (asked with the same options and `optional`), else
    the rival declines; a mandatory ask goes to the players' choice among equals; no options, no answer."""
    from engine.enginekit import Players as ByTroop

    g, _ = game([(BANDIT, 1, 31), (PROTECTOR, 0, 30)])
    yes = ByTroop({"rival-intercept": lambda o: o[0]})
    rc = rival.RivalController(ONS, players=yes, players_troop=0)
    assert rc.choose(g, 1, "intercept", [0], optional=True) == 0
    assert yes.by_troop == [(0, "rival-intercept", [0])] and yes.asked == [("rival-intercept", [0])]
    assert rc.choose(g, 1, "intercept", [], optional=True) is None and len(yes.by_troop) == 1
    no = ByTroop({"rival-mark": lambda o: o[0]})
    rc = rival.RivalController(ONS, players=no, players_troop=0)
    assert rc.choose(g, 1, "intercept", [0], optional=True) is None and no.by_troop == []
    assert rival.RivalController(ONS).choose(g, 1, "intercept", [0], optional=True) is None
    assert rc.choose(g, 1, "ability", [(0, "a", ()), (0, "b", ())], optional=False) == (0, "a", ())
    optional_seen = []
    rec = ByTroop({"rival-intercept": lambda o: optional_seen.append(1) or None})
    rc = rival.RivalController(ONS, players=rec, players_troop=0)
    assert rc.choose(g, 1, "intercept", [0], optional=True) is None and optional_seen == [1]


def test_a_rival_with_intercept_blow_takes_the_blow_only_if_the_players_say_so_R_RIV_5_R_ENG_13(cat):
    """R-ENG-13 through the rival controller: a player unit attacks a Bandit next to a rival Guard with
    Intercept Blow; headless the Guard declines (the Bandit is hit), with the players answering yes it takes
    the blow."""
    guard = mk_unit("guard", movement=2, range_=1, health=6, attack="black", skills=["intercept-blow"],
                    kind="arena-unit", name="Guard")
    from hoplostat.engine import rules

    for players, hit, spared in ((Players(), 0, 1), (Players({"rival-intercept": lambda o: o[0]}), 1, 0)):
        g, rc = game([(BANDIT, 1, 31), (guard, 1, 32), (WARRIOR, 0, 30)], roller=FixedRoller(mode="all"),
                     players=players, rivals_turn=False)
        s = g.state
        rules.attack(g, s.units[2], s.units[0])
        assert s.units[hit].hp < s.units[hit].unit.health and s.units[spared].hp == s.units[spared].unit.health


# --------------------------------------------------------------------------- Specials (RIV-9, R-RIV-4)


def _special_unit(skill, *, range_=1):
    return mk_unit(skill, movement=0, range_=range_, health=5, attack="black", skills=[skill], kind="arena-unit",
                   name=skill.title())


def test_whirlwind_only_against_two_adjacent_opponents_R_RIV_4():
    """R-RIV-4: a rival uses Whirlwind only with two or more adjacent opponents; with one it attacks it."""
    ww = _special_unit("whirlwind 1")
    g, rc = game([(ww, 1, 31), (PROTECTOR, 0, 30), (BEAST, 0, 28)])
    s = g.state
    assert rc.plan_engage(g, s.units[0]) == [("attack", 0, 1)]
    g, rc = game([(ww, 1, 31), (PROTECTOR, 0, 30), (BEAST, 0, 32)])
    assert rc.plan_engage(g, g.state.units[0]) == [("special", 0, "whirlwind", ())]


def test_savage_only_against_two_opponents_in_range_R_RIV_4():
    """R-RIV-4: Savage only with two or more opponents within Range (here Range 2: one adjacent, one two away);
    with a single opponent in Range the unit attacks it."""
    sv = _special_unit("savage", range_=2)
    g, rc = game([(sv, 1, 31), (PROTECTOR, 0, 30), (BEAST, 0, 0)])
    assert rc.plan_engage(g, g.state.units[0]) == [("attack", 0, 1)]
    g, rc = game([(sv, 1, 31), (PROTECTOR, 0, 30), (BEAST, 0, 29)])
    assert GRID.dist[31][29] == 2
    assert rc.plan_engage(g, g.state.units[0]) == [("special", 0, "savage", ())]


def test_reposition_is_never_a_rivals_choice_and_a_special_without_a_rival_condition_is_not_used_R_RIV_4():
    """R-RIV-4: Reposition is never used by a rival (it moves by marking only): it attacks instead."""
    rp = _special_unit("reposition")
    g, rc = game([(rp, 1, 31), (PROTECTOR, 0, 30)])
    assert rc.plan_engage(g, g.state.units[0]) == [("attack", 0, 1)]


def test_long_shot_targets_by_the_priority_list_R_RIV_4_RIV_9():
    """RIV-9 ("the unit uses its priority list if determining a target is necessary for the skill"): with no
    opponent in Range, Long Shot is offered only against the highest priority among its targets (a hero over a
    stronger unit), all tied ones kept."""
    ls = _special_unit("long-shot 4")
    g, rc = game([(ls, 1, 31), (BEAST, 0, 29), (HERO, 0, 33), (PROTECTOR, 0, 0)])
    s = g.state
    assert rc.plan_engage(g, s.units[0]) == [("special", 0, "long-shot", (2,))]
    g, rc = game([(ls, 1, 31), (BEAST, 0, 29), (PROTECTOR, 0, 33), (BEAST, 0, 11)])
    assert GRID.dist[31][11] <= 4
    assert sorted(rc.plan_engage(g, g.state.units[0])) == [("special", 0, "long-shot", (1,)),
                                                           ("special", 0, "long-shot", (3,))]


def test_an_engaged_rival_narrates_its_special_and_is_done_for_the_turn_RIV_9():
    """RIV-9: the Special is used instead of attacking (narrated "uses <skill>"), and the unit is done: it has
    engaged this turn and is not offered again."""
    ls = _special_unit("long-shot 4")
    players = Players({"rival-engage": lambda o: o[0]})
    g, rc = game([(ls, 1, 31), (PROTECTOR, 0, 29)], roller=FixedRoller([1]), players=players)
    s = g.state
    rival.engage_step(g, 1, rc)
    assert s.units[0].engaged_turn == s.turn
    assert any(line == "Long-Shot 4 (blue) uses long-shot" for line in s.log), s.log
    assert s.units[1].hp == 3
    assert rc.plan_engage(g, s.units[0])  # it could, but the step does not offer it again
    rival.engage_step(g, 1, rc)
    assert s.units[1].hp == 3


def test_engage_skips_the_units_the_mode_engages_itself_and_every_other_rival_must_act_RIV_9():
    """RIV-9: every rival that can act must (two Bandits, two attacks); `skip` leaves out the units the mode
    engages itself (Onslaught's immortal)."""
    g, rc = game([(BANDIT, 1, 31), (BANDIT, 1, 29), (BEAST, 0, 30)], roller=FixedRoller(mode="all"))
    s = g.state
    rival.engage_step(g, 1, rc, skip=lambda u: u.uid == 0)
    assert s.units[1].engaged_turn == s.turn and s.units[0].engaged_turn != s.turn
    assert s.units[2].hp == BEAST.health - 1
    g, rc = game([(BANDIT, 1, 31), (BANDIT, 1, 29), (BEAST, 0, 30)], roller=FixedRoller(mode="all"))
    rival.engage_step(g, 1, rc)
    assert g.state.units[2].hp == BEAST.health - 2


# --------------------------------------------------------------------------- back-up movement (RIV-5, R-RIV-3)


WALL = mk_unit("wall", movement=0, health=9, kind="arena-unit", name="Wall")


def test_back_up_movement_toward_a_hex_priority_RIV_5_RIV_6():
    """RIV-5, RIV-6: a hex priority out of reach (the stone on 38 is four hexes from the Bandit on 50, Movement 2)
    gives a back-up move: full Movement along a shortest path toward the stone, narrated."""
    g, rc = game([(BANDIT, 1, 50), (WARRIOR, 0, 0)], priority=("hex:stone",))
    s = g.state
    assert GRID.dist[50][38] == 4
    rival.movement_step(g, 1, rc)
    h = s.units[0].hex
    assert GRID.dist[50][h] == 2 and GRID.dist[h][38] == 2
    assert any("Bandit (blue) cannot reach a priority: back-up movement toward hex:stone" in x for x in s.log)


def test_back_up_movement_toward_a_blocked_stone_takes_the_free_one_RIV_5():
    """RIV-5: a stone taken by another unit cannot be moved onto; the back-up move heads for the free stone."""
    g, rc = game([(BANDIT, 1, 52), (WALL, 1, 38), (WARRIOR, 0, 0)], priority=("hex:stone",))
    s = g.state
    before = GRID.dist[52][19]
    rival.movement_step(g, 1, rc)
    h = s.units[0].hex
    assert GRID.dist[h][19] == before - 2


def test_back_up_goes_for_the_next_strongest_when_no_hex_is_free_around_the_strongest_R_RIV_3():
    """R-RIV-3: for a superlative the back-up goal is a free hex within Range of the strongest opponent in combat,
    then of the next strongest, ...: the Beast (7 HP) in the corner is walled in by rival walls, so the Bandit
    (Movement 2, nothing within reach) heads for the Protector (4 HP), not the Warrior (3 HP)."""
    placed = [(BANDIT, 1, 57), (BEAST, 0, 0), (WALL, 1, 1), (WALL, 1, 7), (WALL, 1, 8), (PROTECTOR, 0, 20),
              (WARRIOR, 0, 6)]
    g, rc = game(placed, priority=("strongest",))
    s = g.state
    rival.movement_step(g, 1, rc)
    h = s.units[0].hex
    assert GRID.dist[57][h] == 2 and GRID.dist[h][20] == GRID.dist[57][20] - 2
    assert any("back-up movement toward strongest" in x for x in s.log)
    # the Beast free again: the back-up move heads for it
    g, rc = game([p for p in placed if p[0] is not WALL], priority=("strongest",))
    s = g.state
    rival.movement_step(g, 1, rc)
    h = s.units[0].hex
    assert GRID.dist[h][0] == GRID.dist[57][0] - 2


def test_back_up_for_a_lower_priority_when_the_higher_one_is_walled_in_RIV_5():
    """RIV-5 ("get closer to the highest priority possible"): the hero walled in the corner cannot be got closer
    to; the back-up move goes toward the next priority (strongest: the Protector)."""
    g, rc = game([(BANDIT, 1, 57), (HERO, 0, 0), (WALL, 1, 1), (WALL, 1, 7), (WALL, 1, 8), (PROTECTOR, 0, 20)],
                 priority=("hero", "strongest"))
    s = g.state
    rival.movement_step(g, 1, rc)
    h = s.units[0].hex
    assert GRID.dist[h][20] == GRID.dist[57][20] - 2
    assert any("back-up movement toward strongest" in x for x in s.log)


def test_backup_toward_uses_the_given_priorities_and_keeps_the_controllers_own_RIV_5():
    """`backup_toward` (a mode whose rivals mark by lists of their own): RIV-5's back-up move toward the given
    priorities; the controller's own list is unchanged afterwards."""
    g, rc = game([(BANDIT, 1, 57), (HERO, 0, 0), (BEAST, 0, 20)], priority=("hero",))
    s = g.state
    u = s.units[0]
    blocked = s.blocked_for_move(1)
    reach = GRID.reachable(u.hex, 2, blocked, set())
    dests = rc.backup_toward(g, u, reach, blocked, 1, ("sentinel", "strongest"))
    assert rc.priority == ("hero",)
    assert dests and all(GRID.dist[h][20] == GRID.dist[57][20] - 2 for h in dests)
    assert rc.why[0] == "cannot reach a priority: back-up movement toward strongest"
    own = rc.plan_backup(g, u, reach, blocked, 1)
    assert own and all(GRID.dist[h][0] == GRID.dist[57][0] - 2 for h in own)
    assert rc.backup_toward(g, u, {}, blocked, 1, ("strongest",)) == []
    assert rc.why[0] == "cannot reach a priority and cannot get closer to one: does not move"


# --------------------------------------------------------------------------- deployment (RIV-2) and the steps


def test_no_deployment_without_enough_blue_chips_RIV_2():
    """RIV-2 ("Rival units always use blue health chips. Place HP ... according to its Health"), DEP-3: with
    fewer blue chips in the supply than the unit's Health it is not deployed (narrated); with exactly enough
    it is, and the chips leave the supply."""
    from hoplostat.engine.state import BAG, UnitState

    g, rc = game([(PROTECTOR, 0, 30)])
    s = g.state
    u = UnitState(len(s.units), BANDIT, 1, zone=BAG)
    s.units.append(u)
    s.supply["blue"] = BANDIT.health - 1
    assert not rival.deploy(g, rc, u, (14, 23)) and u.zone == BAG
    assert s.log[-1] == "Bandit cannot be deployed (no available deployment hex or health chips)"
    s.supply["blue"] = BANDIT.health
    assert rival.deploy(g, rc, u, (14,)) and u.hex == 14 and u.hp == BANDIT.health
    assert s.supply["blue"] == 0 and s.supply["red"] == 34 - PROTECTOR.health


def test_no_deployment_onto_a_hex_the_rivals_may_not_occupy_RIV_2():
    """RIV-2: only available hexes: not a statically blocked one, not another troop's foothold."""
    from hoplostat.engine.state import BAG, UnitState

    g, rc = game([(PROTECTOR, 0, 30)])
    s = g.state
    u = UnitState(len(s.units), BANDIT, 1, zone=BAG)
    s.units.append(u)
    s.footholds = {14: 0}
    assert not rival.deploy(g, rc, u, (14,))
    assert rival.deploy(g, rc, u, (14, 23)) and u.hex == 23


def test_movement_narrates_every_units_reason_and_works_without_a_log_RIV_3_RIV_4():
    """RIV-3, RIV-4: the step narrates, per rival unit (named with its side), why it moves or stays; the same
    moves are made when no log is kept."""
    placed = [(BANDIT, 1, 23), (BANDIT, 1, 57), (PROTECTOR, 0, 21), (WARRIOR, 0, 56)]
    g, rc = game(placed)
    s = g.state
    rival.movement_step(g, 1, rc)
    moved = s.units[0].hex
    assert "Bandit (blue) marks Protector (strongest)" in s.log
    assert "Bandit (blue) marks Warrior (strongest), already within Range: does not move" in s.log
    assert s.units[1].hex == 57 and rc.why == {1: "marks Warrior (strongest), already within Range: does not move"}
    g, rc = game(placed)
    g.state.log = None
    rival.movement_step(g, 1, rc)
    assert moved != 23 and g.state.units[0].hex == moved and g.state.units[1].hex == 57 and 0 not in rc.why


# --------------------------------------------------------------------------- from the second reading of the survivors


def test_a_one_letter_hex_tag_is_a_hex_priority_R_RIV_7():
    """R-RIV-7: `hex:<tag>` with any tag, one letter long or more."""
    assert rival.check_priority(["hex:a"]) == ("hex:a",)


def test_deployment_far_from_the_primary_hero_even_next_to_another_player_unit_R_RIV_5():
    """R-RIV-5: distance from the players' primary hero comes first: with the hero on 0, hex 50 (nine away) is
    taken although a player unit stands next to it, over 14 (seven from the hero). A controller made without
    `players_troop` chooses for troop 0, the players."""
    g, rc = game([(BANDIT, 1, 33), (HERO, 0, 0), (PROTECTOR, 0, 57)], players=Scripted())
    s = g.state
    s.units[1].is_primary_hero = True
    assert (GRID.dist[0][14], GRID.dist[0][50], GRID.dist[57][14], GRID.dist[57][50]) == (7, 9, 5, 1)
    assert rc.tie(g, "rival-deploy", [14, 50]) == 50
    assert rival.RivalController(ONS).tie(g, "rival-deploy", [14, 50]) == 50


def test_a_targeted_special_on_uid_0_and_equal_targets_R_RIV_5():
    """R-RIV-5: a Special aimed at the players' primary hero is avoided whatever its uid (uid 0 included: the
    first seat's hero in the modes' set-ups): Long Shot at another hero is preferred; equal targets go to the
    lower uid; a target uid past the units' list is no unit (neutral)."""
    g, rc = game([(HERO, 0, 30), (BANDIT, 1, 31), (NEUTRAL, 0, 40), (PROTECTOR, 0, 21), (PROTECTOR, 0, 22)],
                 players=Scripted())
    s = g.state
    s.units[0].is_primary_hero = True
    shot = lambda t: ("special", 1, "long-shot", (t,))  # noqa: E731
    assert rc.tie(g, "rival-engage", [shot(0), shot(2)]) == shot(2)
    assert rc.tie(g, "rival-engage", [shot(4), shot(3)]) == shot(3)
    assert rc.tie(g, "rival-engage", [shot(len(s.units)), shot(0)]) == shot(len(s.units))


def test_a_special_without_a_target_ranks_below_any_non_hero_target_and_above_a_hero_R_RIV_5():
    """R-RIV-5 (`players_favour`): a Special with no unit as its target counts as neutral (0): the players prefer
    an attack on a non-hero, even one with 1 HP, and prefer the Special to an attack on a hero."""
    g, rc = game([(BANDIT, 1, 31), (PROTECTOR, 0, 30), (HERO, 0, 32)], hp={1: 1}, players=Scripted())
    whirl = ("special", 0, "whirlwind", ())
    assert rc.tie(g, "rival-engage", [whirl, ("attack", 0, 1)]) == ("attack", 0, 1)
    assert rc.tie(g, "rival-engage", [("attack", 0, 2), whirl]) == whirl


def test_equally_exposed_moves_of_one_unit_go_to_the_lower_hex_R_RIV_5():
    """R-RIV-5: moves equal on exposure and on distance from the primary hero: the lower hex (a fixed order)."""
    g, rc = game([(BANDIT, 1, 50), (PROTECTOR, 0, 30)], players=Scripted())
    assert GRID.dist[30][29] == GRID.dist[30][31] == 1
    assert rc.tie(g, "rival-move", [(0, 31), (0, 29)]) == (0, 29)


class Recorder:
    """A players' controller that records what the rival controller hands it, g included."""

    rival_decisions = ("rival-engage",)

    def __init__(self):
        self.calls = []

    def choose(self, g, troop, decision, options, *, optional):
        self.calls.append((g, troop, decision, list(options), optional))
        return options[-1]


def test_the_players_controller_gets_the_game_and_a_mandatory_choice_R_RIV_5():
    """RIV-9, R-RIV-5: a tie among a rival's targets is the players' choice: their controller is asked with the
    game itself, as the players' troop, and may not pass (`optional=False`)."""
    g, _ = game([(BANDIT, 1, 31), (PROTECTOR, 0, 30), (PROTECTOR, 0, 32)])
    rec = Recorder()
    rc = rival.RivalController(ONS, players=rec, players_troop=0)
    opts = [("attack", 0, 1), ("attack", 0, 2)]
    assert rc.tie(g, "rival-engage", opts) == opts[1]
    assert rec.calls == [(g, 0, "rival-engage", opts, False)]


def test_a_movement_1_rival_moves_RIV_4():
    """RIV-4: a unit with Movement 1 moves its one hex to bring its mark within Range."""
    crab = mk_unit("crab", movement=1, range_=1, health=4, attack="black", kind="arena-unit", name="Crab")
    g, rc = game([(crab, 1, 32), (PROTECTOR, 0, 30)])
    rival.movement_step(g, 1, rc)
    assert g.state.units[0].hex == 31


def test_a_combat_lock_stops_a_rival_where_it_enters_the_locked_hex_RIV_3_R_ENG_27():
    """RIV-3 ("the unit can reach a priority if it can move onto a hex that puts its mark within Range") with
    Combat Lock: a rival entering a hex next to an opposing unit with Combat Lock stops there. The Bandit on 33
    could reach the Protector on 30 (4 HP) only through 32, next to the Locker on 22 (3 HP): it cannot, so the
    strongest opponent within its reach is the Locker, and it stops next to it."""
    locker = mk_unit("locker", movement=2, range_=1, health=3, attack="black", skills=["combat-lock"], name="Locker")
    g, rc = game([(BANDIT, 1, 33), (locker, 0, 22), (PROTECTOR, 0, 30)])
    s = g.state
    assert {32, 23} <= rival.opposing_locks(s, 1)
    rival.movement_step(g, 1, rc)
    assert GRID.dist[s.units[0].hex][22] == 1 and s.units[0].hex != 31
    assert "Bandit (blue) marks Locker (strongest)" in s.log
    # the same Locker without Combat Lock: the Protector is within reach, the Bandit goes to 31
    g, rc = game([(BANDIT, 1, 33), (WARRIOR, 0, 22), (PROTECTOR, 0, 30)])
    rival.movement_step(g, 1, rc)
    assert g.state.units[0].hex == 31


def test_hex_priority_narration_and_a_hex_priority_out_of_reach_gives_way_to_the_next_RIV_6():
    """RIV-6 and RIV-3: on its hex priority a rival stays (narrated); moving onto one is narrated as marking the
    hex; a hex priority it cannot reach this turn gives way to the next priority it can reach (here the
    strongest opponent), not to back-up movement."""
    g, rc = game([(BANDIT, 1, 19), (WARRIOR, 0, 50)], priority=("hex:stone", "strongest"))
    rival.movement_step(g, 1, rc)
    assert "Bandit (blue) is on its hex:stone priority: does not move" in g.state.log
    g, rc = game([(BANDIT, 1, 21), (WARRIOR, 0, 50)], priority=("hex:stone", "strongest"))
    rival.movement_step(g, 1, rc)
    assert "Bandit (blue) marks a stone hex" in g.state.log
    g, rc = game([(BANDIT, 1, 50), (PROTECTOR, 0, 40)], priority=("hex:stone", "strongest"))
    s = g.state
    assert min(GRID.dist[50][x] for x in GRID.tagged("stone")) > 2
    rival.movement_step(g, 1, rc)
    assert "Bandit (blue) marks Protector (strongest)" in s.log and GRID.dist[s.units[0].hex][40] == 1


def test_a_rival_that_cannot_get_closer_says_so_RIV_5():
    """RIV-5: a rival with no reachable priority and no way to get closer stays, and the log says why."""
    pocket = {0, GRID.neighbours[0][0]}
    rim = sorted({m for h in pocket for m in GRID.neighbours[h]} - pocket)
    g, rc = game([(BANDIT, 1, 0)] + [(WALL, 1, h) for h in rim] + [(WARRIOR, 0, 50)])
    rival.movement_step(g, 1, rc)
    assert "Bandit (blue) cannot reach a priority and cannot get closer to one: does not move" in g.state.log


def test_back_up_past_a_strongest_opponent_no_path_leads_to_R_RIV_3():
    """R-RIV-3: the strongest opponent's free hexes exist but no unblocked path leads there (the Beast in the
    corner, its one free neighbour 1 walled in): the back-up move heads for the next strongest (the Protector)
    rather than staying."""
    placed = [(BANDIT, 1, 57), (BEAST, 0, 0), (WALL, 1, 7), (WALL, 1, 8), (WALL, 1, 2), (WALL, 1, 9),
              (PROTECTOR, 0, 20), (WARRIOR, 0, 6)]
    g, rc = game(placed, priority=("strongest",))
    s = g.state
    assert s.board[1] < 0
    rival.movement_step(g, 1, rc)
    h = s.units[0].hex
    assert GRID.dist[h][20] == GRID.dist[57][20] - 2


def test_toward_mark_without_a_label_names_the_mark_only_RIV_3():
    """RIV-3 narration: `toward_mark` called by a mode without a priority label names just the mark."""
    g, rc = game([(BANDIT, 1, 33), (PROTECTOR, 0, 30)])
    s = g.state
    u = s.units[0]
    reach = GRID.reachable(u.hex, 2, s.blocked_for_move(1), set())
    assert rc.toward_mark(g, u, [s.units[1]], reach, 1) == [31]
    assert rc.why[0] == "marks Protector"


def test_a_special_with_no_options_or_no_rival_condition_leaves_the_next_special_its_turn_RIV_9():
    """RIV-9: each of a rival's Specials is checked in turn: Whirlwind with no adjacent opponent (no options),
    then Reposition (never a rival's choice), then Long Shot, whose condition holds (nobody within Range)."""
    odd = mk_unit("odd", movement=0, range_=1, health=5, attack="black",
                  skills=["whirlwind 1", "reposition", "long-shot 4"], kind="arena-unit", name="Odd")
    g, rc = game([(odd, 1, 31), (PROTECTOR, 0, 29)])
    assert rc.plan_engage(g, g.state.units[0]) == [("special", 0, "long-shot", (1,))]


def test_a_special_the_rival_rules_do_not_read_is_never_used_R_RIV_4(monkeypatch):
    """R-RIV-4: a Special with no rival reading (not in `RIVAL_SPECIAL_CONDITIONS`, e.g. Naumachia's Elude) is
    never used by a rival: it attacks instead."""
    real = rival.unit_hooks

    def hooks(unit, hook):
        if hook == "special_options" and unit.id == "bandit":
            return (("mystery", None, lambda g, u, p: [()]),)
        return real(unit, hook)

    monkeypatch.setattr(rival, "unit_hooks", hooks)
    g, rc = game([(BANDIT, 1, 31), (PROTECTOR, 0, 30)])
    assert rc.plan_engage(g, g.state.units[0]) == [("attack", 0, 1)]


def test_a_targeted_special_uses_a_superlative_of_the_priority_list_RIV_9():
    """RIV-9: the list's superlatives apply to a Special's targets too: Long Shot with `closest` first takes the
    nearest of its targets."""
    ls = _special_unit("long-shot 4")
    g, rc = game([(ls, 1, 31), (BEAST, 0, 11), (PROTECTOR, 0, 29)], priority=("closest",))
    assert GRID.dist[31][29] < GRID.dist[31][11]
    assert rc.plan_engage(g, g.state.units[0]) == [("special", 0, "long-shot", (2,))]


def test_another_troops_foothold_blocks_a_rivals_path_SUP_3_RIV_4():
    """RIV-4 ("the shortest unblocked path") with SUP-3: a player's foothold blocks the rivals' movement. The
    Bandit on 33 reaches the Protector on 30 only through 32; with the players' foothold on 32 it cannot."""
    g, rc = game([(BANDIT, 1, 33), (PROTECTOR, 0, 30)])
    s = g.state
    s.footholds = {32: 0}
    rival.movement_step(g, 1, rc)
    assert s.units[0].hex not in (31, 32)


def test_a_unit_that_cannot_move_does_not_stop_the_others_RIV_7():
    """RIV-7: a dazed rival (deployed this turn) takes no part in the step, the others move."""
    g, rc = game([(HIPPO, 1, 42), (BANDIT, 1, 33), (PROTECTOR, 0, 30)])
    s = g.state
    s.units[0].deployed_turn = s.turn
    rival.movement_step(g, 1, rc)
    assert s.units[0].hex == 42 and s.units[1].hex == 31


def test_the_players_order_the_rivals_moves_RIV_7():
    """RIV-7: "players may freely choose the order in which they move": the players' controller is asked
    "rival-move" with every unit's moves and its answer is carried out."""
    players = Players({"rival-move": lambda o: o[-1]})
    g, rc = game([(BANDIT, 1, 33), (BANDIT, 1, 50), (PROTECTOR, 0, 30), (PROTECTOR, 0, 48)], players=players)
    rival.movement_step(g, 1, rc)
    first = next(o for d, o in players.asked if d == "rival-move")
    assert {uid for uid, _ in first} == {0, 1}
    assert "b (blue) moves Bandit from hex 50" in next(x for x in g.state.log if " moves " in x)


def test_every_rival_ability_is_used_in_the_players_order_RIV_1_R_RIV_6():
    """R-RIV-6: every usable rival Ability is used (two Bandits, two Regens), the players choosing the order
    ("rival-ability")."""
    players = Players({"rival-ability": lambda o: o[-1]})
    g, rc = game([(BANDIT, 1, 31), (BANDIT, 1, 33), (PROTECTOR, 0, 30)], hp={0: 3, 1: 3}, players=players)
    rival.abilities_step(g, 1, rc)
    s = g.state
    assert s.units[0].hp == 4 and s.units[1].hp == 4
    asked = [o for d, o in players.asked if d == "rival-ability"]
    assert asked and {uid for uid, *_ in asked[0]} == {0, 1}
    assert len([x for x in s.log if "heals" in x]) == 2


def test_the_rivals_answers_to_the_shared_rules_asks_R_RIV_5():
    """R-RIV-5 for the shared rules' asks of a rival troop: a players' controller that declares nothing (no
    `rival_decisions`) is not asked and an optional ask is declined; one that declares "rival-intercept" gets the
    game, the players' troop and the `optional` flag as asked; a mandatory ask is settled as the players' choice
    of that kind ("mark": sparing the primary hero)."""
    g, _ = game([(BANDIT, 1, 31), (HERO, 0, 30), (PROTECTOR, 0, 32)])
    s = g.state
    s.units[1].is_primary_hero = True
    plain = Scripted()
    rc = rival.RivalController(ONS, players=plain, players_troop=0)
    assert rc.choose(g, 1, "intercept", [0], optional=True) is None and plain.asked == []
    assert rc.choose(g, 1, "mark", [(0, 1), (0, 2)], optional=False) == (0, 2)
    assert rc.choose(g, 1, "engage", [("attack", 0, 1), ("attack", 0, 2)], optional=False) == ("attack", 0, 2)
    rec = Recorder()
    rec.rival_decisions = ("rival-intercept",)
    rc = rival.RivalController(ONS, players=rec, players_troop=0)
    assert rc.choose(g, 1, "intercept", [0, 2], optional=True) == 2
    assert rc.choose(g, 1, "intercept", [0, 2], optional=False) == 2
    assert rec.calls == [(g, 0, "rival-intercept", [0, 2], True), (g, 0, "rival-intercept", [0, 2], False)]
