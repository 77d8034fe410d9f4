"""Key terms the skills and priorities rely on: UNIT-9, UNIT-10, ARN-8, and TAC-6 (rivals play no tactics)."""

from __future__ import annotations

from hoplostat.catalog import load
from hoplostat.engine import rules
from hoplostat.engine.hexgrid import HexGrid
from hoplostat.rulesets.remastered.rival import SUPERLATIVES
from hoplostat.engine.scenario import build_game, loads_scenario

POSITION = """
active = "kunlun"
steps = ["engage"]

[[troop]]
faction = "kunlun"
side = "red"

[[troop]]
faction = "amazons"
side = "blue"

[[unit]]
id = "kunlun/warrior"
hex = 20
hp = 2
tactics = ["kunlun/blitz", "adrenaline"]

[[unit]]
id = "amazons/warrior"
hex = 30

[[unit]]
id = "amazons/defender-1"
hex = 40
"""


def _state():
    cat = load()
    built = build_game(loads_scenario(POSITION, cat, name="key-terms.toml"))
    s = built.game.state
    by_id = {u.unit.id: u for u in s.in_combat()}
    return cat, s, by_id, built.game


def test_superlatives_use_hp_dice_after_modifiers_and_movement_UNIT_9():
    """UNIT-9: strongest/weakest = most/fewest HP; deadliest = most attack dice after modifiers;
    fastest = Movement after modifiers."""
    cat, s, u, g = _state()
    warrior, a_warrior, defender = u["kunlun/warrior"], u["amazons/warrior"], u["amazons/defender-1"]
    hp, largest = SUPERLATIVES["strongest"]
    assert largest and hp(g, a_warrior, defender) == defender.hp and defender.hp > warrior.hp
    dice, largest = SUPERLATIVES["deadliest"]
    assert largest and dice(g, a_warrior, warrior) == cat.unit("kunlun/warrior").attack.size + 1  # Blitz
    speed, largest = SUPERLATIVES["fastest"]
    assert largest and speed(g, a_warrior, warrior) == cat.unit("kunlun/warrior").movement + 1  # Adrenaline


def test_deadliest_counts_dice_added_by_skills_UNIT_9():
    """UNIT-9 (Remastered, "Key Terms": Deadliest, "after accounting for any modifiers"): a one-die unit that
    is hurt (Bloodlust: +1 black), has not moved (Dig In: +1 yellow) and stands next to an ally with
    Strategic Attack (+1 yellow) rolls 4 dice, more than a plain three-dice unit: it is the deadliest for
    the rival's marking and targeting, and the three-dice unit the least deadly."""
    from enginekit import make_game, mk_unit

    from hoplostat.rulesets.remastered import rival

    grid = HexGrid.of(load().arena("pozzuoli"))
    c = 28
    q_hex, p_hex = grid.neighbours[c][0], grid.neighbours[c][1]
    r_hex = next(h for h in grid.neighbours[q_hex] if h != c and grid.dist[h][c] > 1)
    g = make_game(grid, [(mk_unit("rival", attack="black"), 1, c),
                         (mk_unit("q", attack="black", health=4, skills=["bloodlust", "dig-in"]), 0, q_hex),
                         (mk_unit("p", attack="3black"), 0, p_hex),
                         (mk_unit("r", attack="blue", skills=["strategic-attack"]), 0, r_hex)], hp={1: 3})
    s = g.state
    riv, q, p, r = s.units
    dice, largest = SUPERLATIVES["deadliest"]
    assert largest and (dice(g, riv, q), dice(g, riv, p)) == (4, 3)
    assert rival.top_priority(g, riv, ["deadliest"], [q, p]) == [q]
    assert rival.top_priority(g, riv, ["least-deadly"], [q, p]) == [p]


def test_isolated_and_outnumbered_UNIT_10():
    """UNIT-10: isolated = no allies in combat; outnumbered = strictly more opponents in combat than units
    on its team (equal numbers are not outnumbered); units in camp count for neither."""
    from enginekit import make_game, mk_unit

    _, s, u, _g = _state()
    warrior, a_warrior = u["kunlun/warrior"], u["amazons/warrior"]
    assert rules.is_isolated(s, warrior) and rules.is_outnumbered(s, warrior)  # alone against two
    assert not rules.is_isolated(s, a_warrior) and not rules.is_outnumbered(s, a_warrior)
    grid = HexGrid.of(load().arena("pozzuoli"))
    # one against one: isolated, not outnumbered; two against two: neither; camp units do not count
    g = make_game(grid, [(mk_unit("a"), 0, 20), (mk_unit("b"), 1, 30)], camp=[(mk_unit("c"), 1), (mk_unit("d"), 0)])
    a, b = g.state.units[0], g.state.units[1]
    assert rules.is_isolated(g.state, a) and not rules.is_outnumbered(g.state, a)
    assert not rules.is_outnumbered(g.state, b)
    g = make_game(grid, [(mk_unit("a"), 0, 20), (mk_unit("a2"), 0, 22), (mk_unit("b"), 1, 30), (mk_unit("b2"), 1, 40)])
    assert not any(rules.is_outnumbered(g.state, x) or rules.is_isolated(g.state, x) for x in g.state.units)
    g = make_game(grid, [(mk_unit("a"), 0, 20), (mk_unit("a2"), 0, 22), (mk_unit("b"), 1, 30), (mk_unit("b2"), 1, 40),
                         (mk_unit("b3"), 1, 50)])
    assert rules.is_outnumbered(g.state, g.state.units[0]) and not rules.is_isolated(g.state, g.state.units[0])
    assert not rules.is_outnumbered(g.state, g.state.units[2])


def test_compass_maps_each_die_face_to_a_different_neighbour_ARN_8():
    cat = load()
    for arena_id in ("pozzuoli", "colosseum"):
        grid = HexGrid.of(cat.arena(arena_id))
        inner = next(h for h in range(grid.n) if len(grid.neighbours[h]) == 6)
        steps = [grid.compass_step(inner, face) for face in range(1, 7)]
        assert sorted(steps) == sorted(grid.neighbours[inner])
        hx = grid.arena.hexes[inner]
        east = grid.arena.hexes[grid.compass_step(inner, grid.arena.compass.index("e") + 1)]
        assert (east.q, east.r) == (hx.q + 1, hx.r)
        edge = next(h for h in range(grid.n) if len(grid.neighbours[h]) < 6)
        assert -1 in [grid.compass_step(edge, face) for face in range(1, 7)]


def test_rival_troops_play_no_tactics_TAC_6():
    """TAC-6: only player-controlled troops play tactics. Onslaught's rival troops are handed tactics and a
    controller that would play any tactic offered; in their turns they are never offered one (and keep
    them), while the player's turn in the same position does offer one."""
    import numpy as np

    from enginekit import Scripted
    from hoplostat.engine.loop import play_turn
    from hoplostat.engine.rules import FixedRoller, Game
    from hoplostat.engine.state import COMBAT
    from hoplostat.rulesets.remastered import rival
    from hoplostat.rulesets.remastered.onslaught import setup

    cat = load()
    s = setup(cat, ["amazons"], rng=np.random.default_rng(0), log=True, immortal_order=["antony-blackbird"])
    offered = []

    class Eager:
        """Plays the first tactic it is offered; otherwise the rival controller decides."""

        def __init__(self, inner):
            self.inner = inner

        def __getattr__(self, name):
            return getattr(self.inner, name)

        def choose(self, g, troop, decision, options, *, optional):
            if decision == "tactic":
                offered.append(troop)
                return options[0]
            return self.inner.choose(g, troop, decision, options, optional=optional)

    players = Eager(Scripted())
    rc = Eager(rival.RivalController(s.mode.priority, players=players.inner, players_troop=0))
    g = Game(s, FixedRoller(mode="none"), [players, rc, rc], np.random.default_rng(0))
    s.round, s.turn = 3, 10

    def put(troop, hex_, pick=lambda u: True):
        u = next(u for u in s.units if u.troop == troop and u.zone != COMBAT and pick(u))
        u.zone, u.hex, u.deployed_turn, u.entered, u.active = COMBAT, hex_, -10, True, True
        u.hp = u.unit.health
        s.supply[s.troops[troop].side] -= u.hp
        s.board[hex_] = u.uid
        s.enter_combat(u)
        return u

    imm = put(s.imm_troop, 20, lambda u: u.uid == s.immortal_camp[0])
    s.immortal_camp.pop(0)
    s.immortal = imm.uid
    from hoplostat.rulesets.remastered.onslaught import WaveSummary
    s.waves.append(WaveSummary(imm.unit.id, imm.name, start_round=1))
    put(s.arena_troop, 30)
    put(0, 29, lambda u: not u.unit.elite)
    spare = list(s.troops[0].tactics_camp)
    for troop in (s.imm_troop, s.arena_troop):
        s.troops[troop].tactics_camp = list(spare)
    for t in (s.mode.immortal_turn(g), s.mode.arena_turn(g)):
        assert "tactic" not in [name for name, _ in t.steps]
        play_turn(g, t)
    assert offered == []
    assert all(len(s.troops[t].tactics_camp) == len(spare) for t in (s.imm_troop, s.arena_troop))
    assert not any(pt.by in (s.imm_troop, s.arena_troop) for u in s.in_combat() for pt in u.tactics)
    play_turn(g, s.mode.turn_of(g, 0))  # the player's turn offers a tactic in this position
    assert offered == [0]
