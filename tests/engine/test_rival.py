"""The rival AI (Remastered, "Rival Turns"): marking, back-up movement, hex priorities, order, targeting.

Hand-built positions on the (stand-in) Pozzuoli map: troop 0 (red) is the players', troop 1 (blue)
the rival troop. Hexes: stones 19 and 38; blue deployment hexes 14, 23, 32, 33, 42, 50.
"""

from __future__ import annotations

from enginekit import Scripted, make_game, mk_unit

from hoplostat.rulesets.remastered import rival
from hoplostat.engine.rules import FixedRoller

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
