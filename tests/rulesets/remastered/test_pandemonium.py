"""Pandemonium (Remastered, "Pandemonium Mode"): the PAN rules of rules/pandemonium-alliance.md, each pinned
by a test named after it, on the mode's real set-up; then invariants over many seeded games.

Pandemonium (rulesets/remastered/pandemonium/mode.py) pinned where its mutation run found it unpinned: the result
and its sweep rows (PAN-3, PAN-20, PAN-21, R-PAN-5), the set-up (PAN-4, PAN-7) and its narration, the stone step's
details (PAN-14..PAN-16, R-PAN-2), the hero rule's counts and its mandatory/optional asks (PAN-18, R-PAN-3), the
`pandemonium-hero-counts` switch (PAN-9, R-PAN-1) and the end text. Positions from the mode's real set-up
(`test_pandemonium.game`), rules of /work/shared/rules/pandemonium-alliance.md."""

from __future__ import annotations

import numpy as np
import pytest
from engine.enginekit import Scripted, put_in_combat

from hoplostat.catalog import load
from hoplostat.engine import rules
from hoplostat.engine.loop import DRAW, LOST, WON, GameSpec, mode_class, play
from hoplostat.engine.rules import FixedRoller, Game
from hoplostat.engine.state import BAG, CAMP, COMBAT, DISCARD, TRACK
from hoplostat.errors import InputError
from hoplostat.policies import make
from hoplostat.rulesets.remastered import turn
from hoplostat.rulesets.remastered.base import RULESET
from hoplostat.rulesets.remastered.pandemonium import POOL, UNIT_LIMIT, Pandemonium, setup

FOUR = ("kunlun", "amazons", "lamosians", "parthians")


@pytest.fixture(scope="module")
def cat():
    return load((), use_env=False)


class Asked(Scripted):
    """Scripted, and it also records whether each decision could be passed."""

    def __init__(self, picks=None) -> None:
        super().__init__(picks)
        self.optional: list[tuple[str, bool]] = []

    def choose(self, g, troop, decision, options, *, optional):
        self.optional.append((decision, optional))
        return super().choose(g, troop, decision, options, optional=optional)


def game(cat, factions=FOUR, *, first=0, controllers=None, roller=None) -> Game:
    s = setup(cat, factions, rng=np.random.default_rng(0), log=True, first_player=first)
    ctrls = controllers or [Asked() for _ in factions]
    return Game(s, roller or FixedRoller(mode="all"), ctrls, np.random.default_rng(0))


def chips(s, troop, kind=None):
    return [u for u in s.units if u.troop == troop and (kind is None or (u.unit.kind == kind))]


def non_elite(s, troop):
    return [u for u in s.units if u.troop == troop and not u.elite]


def hero(s, troop):
    return s.units[s.troops[troop].primary_hero]


def deploy_hexes(s):
    return s.grid.tagged("deploy-red") + s.grid.tagged("deploy-blue")


# --- frame and set-up ------------------------------------------------------------------------


def test_three_or_four_players_each_alone_PAN_1(cat):
    """PAN-1: three or four players; every other troop's units are opponents, no allies across troops."""
    cls = mode_class("pandemonium")
    for n in (2, 5):
        with pytest.raises(InputError, match="needs 3 or 4"):
            cls.validate(cat, GameSpec("pandemonium", tuple(sorted(cat.factions))[:n]))
    g = game(cat)
    s = g.state
    for t in range(4):
        put_in_combat(s, non_elite(s, t)[0].uid, deploy_hexes(s)[t])
    for t in range(4):
        assert {o.troop for o in s.opponents_of(t)} == set(range(4)) - {t}
        assert not any(rules.same_team(s, t, o) for o in range(4) if o != t)


def test_no_rivals_neutral_heroes_or_extras_PAN_2(cat):
    """PAN-2: only the players' troops: no rival, arena or titan troop, no neutral hero on a track, no sentinel."""
    s = game(cat).state
    assert len(s.troops) == 4
    assert not any(u.zone == TRACK for u in s.units)
    assert {u.unit.kind for u in s.units} == {"hero", "unit"}
    assert s.support_unit is None


def test_first_player_random_then_clockwise_PAN_4(cat):
    """PAN-4: the first player is drawn at random; turns then go clockwise by seat and never change."""
    firsts = set()
    for seed in range(40):
        s = setup(cat, FOUR, rng=np.random.default_rng(seed))
        f = s.order[0]
        firsts.add(f)
        assert s.order == [(f + k) % 4 for k in range(4)]
    assert firsts == {0, 1, 2, 3}


def test_whole_faction_in_camp_and_different_factions_PAN_5(cat):
    """PAN-5: each player takes the whole faction (hero, ten non-elite units, four tactics) into camp:
    no bag; every player a different faction."""
    s = game(cat).state
    for t in range(4):
        mine = chips(s, t)
        assert len(mine) == 11 and all(u.zone == CAMP for u in mine)
        assert len(s.troops[t].tactics_camp) == 4
    assert not any(u.zone == BAG for u in s.units)
    with pytest.raises(InputError, match="different factions"):
        mode_class("pandemonium").validate(cat, GameSpec("pandemonium", ("kunlun", "kunlun", "amazons")))


def test_primary_hero_active_in_camp_from_the_first_turn_PAN_6(cat):
    """PAN-6: each primary hero starts active side up in camp, so it may be deployed on the first turn."""
    g = game(cat)
    s = g.state
    for t in range(4):
        assert hero(s, t).active and hero(s, t).zone == CAMP
        assert any(uid == hero(s, t).uid for uid, _ in turn.deployable(g, t, deploy_hexes(s)))


def test_one_supply_of_every_health_chip_PAN_7(cat):
    """PAN-7: one supply holds every health chip (34 red + 34 blue)."""
    s = game(cat).state
    assert s.supply == {POOL: sum(cat.game.health_chips.values())} == {POOL: 68}
    assert all(s.supply_of(t) == POOL for t in range(4))


# --- deployment, limits, supply ----------------------------------------------------------------


def test_any_deployment_hex_for_any_troop_PAN_8(cat):
    """PAN-8: every troop may deploy on all twelve deployment hexes, whatever their colour."""
    g = game(cat)
    s = g.state
    for t in range(4):
        hexes = {h for _, h in turn.deployable(g, t, s.mode.deployment_hexes(s, t))}
        assert hexes == set(deploy_hexes(s)) and len(hexes) == 12


def test_three_units_in_combat_at_most_and_the_hero_counts_PAN_9_R_PAN_1(cat):
    """PAN-9: with three units in combat a troop cannot deploy; the hero counts like any unit (ruling R-PAN-1)."""
    g = game(cat)
    s = g.state
    hexes = deploy_hexes(s)
    put_in_combat(s, hero(s, 0).uid, hexes[0])
    put_in_combat(s, non_elite(s, 0)[0].uid, hexes[1])
    assert UNIT_LIMIT == 3
    s.mode.deployment(g, 0)  # two in combat (hero + one): must deploy a third
    assert len(s.in_combat(0)) == 3
    s.turn += 1
    s.mode.deployment(g, 0)
    assert len(s.in_combat(0)) == 3
    assert [d for d, _ in g.controllers[0].optional].count("deploy") == 1


def test_chip_colour_means_nothing_and_the_pooled_supply_limits_deployment_PAN_10(cat):
    """PAN-10: every troop draws on the same pool; DEP-3 compares a unit's Health with every chip left."""
    g = game(cat)
    s = g.state
    start = s.supply[POOL]
    a, b = non_elite(s, 0)[0], non_elite(s, 1)[0]
    rules.deploy(g, a, deploy_hexes(s)[0])
    rules.deploy(g, b, deploy_hexes(s)[7])
    assert s.supply[POOL] == start - a.unit.health - b.unit.health
    # one chip short of the cheapest unit of troop 2: nothing deployable, for any troop
    cheapest = min(u.unit.health for u in chips(s, 2) if u.zone == CAMP)
    s.supply[POOL] = cheapest - 1
    assert not [o for o in turn.deployable(g, 2, deploy_hexes(s)) if s.units[o[0]].unit.health == cheapest]
    s.supply[POOL] = cheapest
    assert [o for o in turn.deployable(g, 2, deploy_hexes(s)) if s.units[o[0]].unit.health == cheapest]


def test_deployment_is_mandatory_below_three_units_PAN_17(cat):
    """PAN-17: with fewer than three units in combat the player must deploy when it can (not only when it
    has none in combat, DEP-2); still one unit at most per step."""
    g = game(cat)
    s = g.state
    put_in_combat(s, non_elite(s, 0)[0].uid, deploy_hexes(s)[0])
    ctrl = g.controllers[0]
    s.mode.deployment(g, 0)
    assert ("deploy", False) in ctrl.optional
    assert len(s.in_combat(0)) == 2  # one unit, not two


# --- crowd favor, turn order --------------------------------------------------------------------


def test_no_crowd_favor_at_all_PAN_11(cat):
    """PAN-11: defeats and stones earn nothing: no favor, no rewards."""
    g = game(cat)
    s = g.state
    stone = s.grid.tagged("stone")[0]
    a = put_in_combat(s, non_elite(s, 0)[0].uid, stone)
    victim = put_in_combat(s, non_elite(s, 1)[0].uid, s.grid.neighbours[stone][0], hp=1)
    s.active = 0
    s.mode.stone_step(g, 0)
    rules.damage(g, s.units[victim], 1, source=s.units[a])
    assert s.units[victim].zone == DISCARD
    assert all(t.favor == t.favor_total == t.rewards == 0 for t in s.troops)


def test_a_round_is_one_turn_of_each_player_still_in_PAN_12(cat):
    """PAN-12: a round is one turn of each player still in the game in turn order; an eliminated player
    takes no more turns."""
    g = game(cat, first=2)
    s = g.state
    assert [t.troop for t in s.mode.round_turns(g)] == [2, 3, 0, 1]
    s.mode.forfeit(g, 3)
    # the eliminated player's place stays, empty (Mode.round_turns: positions are stable mid-round)
    turns = list(s.mode.round_turns(g))
    assert turns[1] is None and [t.troop for t in turns if t is not None] == [2, 0, 1]


def test_player_turn_steps_in_order_and_no_replenish_PAN_13(cat):
    """PAN-13: check stone hexes, deployment, tactic placement, movement, abilities, engage; no replenish."""
    g, s, uids = _on_stones(cat, 1, 1)
    steps = s.mode.turn_of(g, 0).steps
    assert [name for name, _ in steps] == ["start", "arena", "deployment", "tactic", "movement", "abilities", "engage"]
    g.controllers[0] = Asked({"stone-tactic": lambda o: o[0]})
    steps[1][1]()  # the first step after the start of turn is the stone step
    assert not s.troops[0].tactics_discard and s.units[uids[0]].hex in deploy_hexes(s)


# --- the stone step ---------------------------------------------------------------------------


def _on_stones(cat, n_stones: int, discard: int):
    g = game(cat)
    s = g.state
    stones = s.grid.tagged("stone")
    uids = [put_in_combat(s, non_elite(s, 0)[k].uid, stones[k]) for k in range(n_stones)]
    t = s.troops[0]
    for _ in range(discard):
        t.tactics_discard.append(t.tactics_camp.pop())
    s.active = 0
    return g, s, uids


def test_one_tactic_back_per_stone_hex_held_PAN_14(cat):
    """PAN-14: the player may take back up to as many discarded tactics as stone hexes its units hold."""
    for n in (1, 2):
        g, s, _ = _on_stones(cat, n, 3)
        g.controllers[0] = Asked({"stone-tactic": lambda o: o[0]})
        s.mode.stone_step(g, 0)
        assert len(s.troops[0].tactics_camp) == 1 + n and len(s.troops[0].tactics_discard) == 3 - n
    g, s, _ = _on_stones(cat, 2, 3)  # taking back is optional
    s.mode.stone_step(g, 0)
    assert len(s.troops[0].tactics_discard) == 3


def test_each_tactic_taken_back_sends_a_stone_unit_to_a_free_deployment_hex_PAN_15_R_PAN_2(cat):
    """PAN-15, ruling R-PAN-2: for each tactic taken back one stone unit goes to a free deployment hex of the
    player's choice, displaced (not dazed, not a move); no tactic without a free hex for its unit."""
    g, s, uids = _on_stones(cat, 2, 2)
    g.controllers[0] = Asked({"stone-tactic": lambda o: o[0], "stone-relocate": lambda o: o[-1]})
    s.mode.stone_step(g, 0)
    hexes = set(deploy_hexes(s))
    assert all(s.units[u].hex in hexes for u in uids)
    assert not any(s.is_dazed(s.units[u]) or s.units[u].moved_turn == s.turn for u in uids)
    assert [d for d, _ in g.controllers[0].optional].count("stone-relocate") == 2
    # every deployment hex taken: no tactic may be taken back
    g, s, uids = _on_stones(cat, 1, 1)
    k = 1
    for h in deploy_hexes(s):
        while s.units[non_elite(s, 1 + k % 3)[k // 3].uid].zone != CAMP:
            k += 1
        put_in_combat(s, non_elite(s, 1 + k % 3)[k // 3].uid, h)
        k += 1
    g.controllers[0] = Asked({"stone-tactic": lambda o: o[0]})
    s.mode.stone_step(g, 0)
    assert len(s.troops[0].tactics_discard) == 1 and s.units[uids[0]].hex == s.grid.tagged("stone")[0]


def test_other_troops_on_stones_and_an_empty_discard_give_nothing_PAN_16(cat):
    """PAN-16: another troop's units on the stones give the active player nothing; with an empty discard
    nothing is taken back and nobody moves."""
    g = game(cat)
    s = g.state
    for k, h in enumerate(s.grid.tagged("stone")):
        put_in_combat(s, non_elite(s, 1)[k].uid, h)
    t = s.troops[0]
    t.tactics_discard.append(t.tactics_camp.pop())
    g.controllers[0] = Asked({"stone-tactic": lambda o: o[0]})
    s.mode.stone_step(g, 0)
    assert len(t.tactics_discard) == 1 and not g.controllers[0].asked
    g, s, uids = _on_stones(cat, 2, 0)
    g.controllers[0] = Asked({"stone-tactic": lambda o: o[0]})
    s.mode.stone_step(g, 0)
    assert not g.controllers[0].asked and [s.units[u].hex for u in uids] == list(s.grid.tagged("stone"))


# --- heroes --------------------------------------------------------------------------------


def _hero_kill(cat, *, by_unit: bool):
    g = game(cat)
    s = g.state
    killer = put_in_combat(s, non_elite(s, 0)[0].uid, 28)
    victim = put_in_combat(s, hero(s, 1).uid, s.grid.neighbours[28][0], hp=1)
    lost = [u for u in non_elite(s, 0)[1:4]]
    for u in lost:
        u.zone = DISCARD
    g.controllers[0] = Asked({"hero-reward": lambda o: o[0]})
    if by_unit:
        rules.damage(g, s.units[victim], 1, source=s.units[killer])
    else:
        rules.damage(g, s.units[victim], 1, source_troop=0, what="a tactic")
    return g, s, lost, victim


def test_defeating_an_opposing_hero_returns_up_to_two_units_PAN_18_R_PAN_3(cat):
    """PAN-18: a unit that defeats an opposing hero lets its troop take up to two non-elite units from its
    own discard back to camp; ruling R-PAN-3: tactic damage earns nothing."""
    g, s, lost, _ = _hero_kill(cat, by_unit=True)
    assert sum(u.zone == CAMP for u in lost) == 2 and sum(u.zone == DISCARD for u in lost) == 1
    assert [d for d, _ in g.controllers[0].optional].count("hero-reward") == 2
    g, s, lost, _ = _hero_kill(cat, by_unit=False)
    assert all(u.zone == DISCARD for u in lost) and not g.controllers[0].asked
    # a non-hero's defeat earns nothing
    g = game(cat)
    s = g.state
    k = put_in_combat(s, non_elite(s, 0)[0].uid, 28)
    v = put_in_combat(s, non_elite(s, 1)[0].uid, s.grid.neighbours[28][0], hp=1)
    non_elite(s, 0)[1].zone = DISCARD
    g.controllers[0] = Asked({"hero-reward": lambda o: o[0]})
    rules.damage(g, s.units[v], 1, source=s.units[k])
    assert non_elite(s, 0)[1].zone == DISCARD


def test_a_defeated_hero_is_out_for_good_and_its_player_plays_on_PAN_3_PAN_19(cat):
    """PAN-3, PAN-19: a primary hero's defeat neither wins nor eliminates; the hero stays in the discard (no
    rule returns elite units: the hero reward offers only non-elite units)."""
    g, s, _, victim = _hero_kill(cat, by_unit=True)
    assert s.end_reason is None and 1 in s.order
    assert s.units[victim].zone == DISCARD
    # troop 1 later defeats troop 0's hero: its own hero is never offered back
    g.controllers[1] = Asked({"hero-reward": lambda o: o[0]})
    k = put_in_combat(s, non_elite(s, 1)[0].uid, 40)
    v = put_in_combat(s, hero(s, 0).uid, s.grid.neighbours[40][0], hp=1)
    rules.damage(g, s.units[v], 1, source=s.units[k])
    offered = [o for d, opts in g.controllers[1].asked if d == "hero-reward" for o in opts]
    assert victim not in offered and s.units[victim].zone == DISCARD


# --- forfeit and the end ------------------------------------------------------------------------


def test_forfeit_in_the_deployment_step_with_nothing_in_combat_or_deployable_PAN_20(cat):
    """PAN-20: nothing in combat and nothing deployable in the player's own Deployment Step: it forfeits
    and is eliminated. With a unit in combat it does not, even with nothing deployable."""
    g = game(cat)
    s = g.state
    s.supply[POOL] = 0
    s.mode.deployment(g, 0)
    assert s.out_round[0] == s.round and 0 not in s.order
    g = game(cat)
    s = g.state
    put_in_combat(s, non_elite(s, 0)[0].uid, 28)
    s.supply[POOL] = 0
    s.mode.deployment(g, 0)
    assert s.out_round[0] == 0 and 0 in s.order
    g = game(cat)
    s = g.state
    for u in chips(s, 0):
        u.zone = DISCARD  # nothing in camp
    s.mode.deployment(g, 1)  # another player's step: no forfeit for troop 0
    assert 0 in s.order
    s.mode.deployment(g, 0)
    assert 0 not in s.order


def test_the_others_play_on_and_the_last_player_wins_PAN_21(cat):
    """PAN-21: after an elimination the others keep playing; when a single player remains, it wins."""
    g = game(cat)
    s = g.state
    s.mode.forfeit(g, 1)
    assert s.end_reason is None
    s.mode.forfeit(g, 3)
    assert s.end_reason is None
    s.mode.forfeit(g, 0)
    assert s.end_reason == "last player standing" and s.winner == 2
    res = s.mode.result(g, GameSpec("pandemonium", FOUR))
    assert [t.outcome for t in res.troops] == ["lost", "lost", "won", "lost"]
    assert res.extras["eliminated"] == ["b", "d", "a"]


def test_an_eliminated_players_tactics_keep_working_PAN_22_R_PAN_4(cat):
    """Ruling R-PAN-4 (PAN-22): tactics an eliminated player placed on other troops' units stay until the unit
    is defeated."""
    g = game(cat)
    s = g.state
    own = put_in_combat(s, non_elite(s, 3)[0].uid, 28)
    target = put_in_combat(s, non_elite(s, 0)[0].uid, s.grid.neighbours[28][0])
    stun = next(t for t in s.troops[3].tactics_camp if t.id == "stun")
    rules.place_tactic(g, 3, stun, s.units[target])
    assert s.is_fatigued(s.units[target])
    rules.defeat(g, s.units[own])
    for u in chips(s, 3):
        if u.zone == CAMP:
            u.zone = DISCARD
    s.mode.deployment(g, 3)
    assert 3 not in s.order and s.is_fatigued(s.units[target])


def test_the_round_cap_is_a_draw_among_those_still_in_PAN_23_R_PAN_5(cat):
    """Ruling R-PAN-5 (PAN-23): a game still running at the round cap is a draw among the players still in
    it; players already eliminated lost."""
    from hoplostat.engine.loop import run

    g = game(cat)
    s = g.state
    s.mode.forfeit(g, 1)
    s.round = 7
    run(g, 7)  # the cap is reached before another round starts
    assert s.end_reason == "round cap (7) reached" and s.winner is None
    res = s.mode.result(g, GameSpec("pandemonium", FOUR))
    assert [t.outcome for t in res.troops] == ["draw", "lost", "draw", "draw"]
    assert res.capped and res.winner is None


# --- core rules with several opponents ---------------------------------------------------------


def test_tactics_on_any_other_troops_adjacent_non_elite_unit_PAN_24(cat):
    """PAN-24: a tactic may go on a non-elite unit of any other troop adjacent to one of the player's units."""
    g = game(cat)
    s = g.state
    mine = put_in_combat(s, non_elite(s, 0)[0].uid, 28)
    n = s.grid.neighbours[28]
    near = [put_in_combat(s, non_elite(s, t)[0].uid, n[t - 1]) for t in (1, 2, 3)]
    far = put_in_combat(s, non_elite(s, 3)[1].uid, s.grid.at_distance(28, 3)[0])
    elite = put_in_combat(s, hero(s, 2).uid, n[4])
    targets = {u.uid for u in rules.tactic_targets(s, 0)}
    assert targets == {mine, *near}
    assert far not in targets and elite not in targets


def test_outnumbered_counts_every_other_troop_PAN_25(cat):
    """PAN-25 (UNIT-10): every unit of every other troop is an opponent; a unit's team is its troop only."""
    g = game(cat)
    s = g.state
    a = put_in_combat(s, non_elite(s, 0)[0].uid, 28)
    put_in_combat(s, non_elite(s, 1)[1].uid, 20)
    put_in_combat(s, non_elite(s, 1)[2].uid, 30)
    assert rules.is_outnumbered(s, s.units[a])  # two opposing units of one troop against one: units count
    g = game(cat)
    s = g.state
    a = put_in_combat(s, non_elite(s, 0)[0].uid, 28)
    put_in_combat(s, non_elite(s, 0)[1].uid, 0)
    put_in_combat(s, non_elite(s, 1)[0].uid, 10)
    put_in_combat(s, non_elite(s, 2)[0].uid, 40)
    assert not rules.is_outnumbered(s, s.units[a])  # two own units, two opponents of two other troops
    put_in_combat(s, non_elite(s, 3)[0].uid, 50)
    assert rules.is_outnumbered(s, s.units[a])  # a third opposing troop's unit tips it
    assert not rules.is_isolated(s, s.units[a])
    rules.defeat(g, s.units[non_elite(s, 0)[1].uid])
    assert rules.is_isolated(s, s.units[a])  # opponents are never allies


def test_simultaneous_effects_resolve_clockwise_from_the_active_player_PAN_26(cat):
    """PAN-26 (SKL-4): effects of several troops triggered at once resolve in turn order from the active
    player, clockwise; a player out of the game comes last."""
    g = game(cat, first=2)
    s = g.state
    s.active = 3
    assert rules.turn_order_from_active(s) == [3, 0, 1, 2]
    s.mode.forfeit(g, 0)
    assert rules.turn_order_from_active(s) == [3, 1, 2, 0]


# --- whole games ---------------------------------------------------------------------------------


def _invariants(g, turn_) -> None:
    s = g.state
    held = sum(u.hp for u in s.units if u.zone == COMBAT)
    assert s.supply[POOL] >= 0 and s.supply[POOL] + held == s.supply_start[POOL]
    for t in range(len(s.troops)):
        assert len(s.in_combat(t)) <= UNIT_LIMIT
        if t in s.out_order:
            assert not s.in_combat(t) and t not in s.order
    assert turn_.troop in s.order or s.out_order[-1] == turn_.troop


@pytest.mark.parametrize("n", [3, 4])
def test_seeded_games_end_and_keep_the_invariants(cat, n):
    """Invariants over many seeded games per player count: the pool is conserved, nobody exceeds three units,
    an eliminated troop has nothing in combat and no turns; a game ends with one winner (the others out)
    or at the cap; every game replays from its seed."""
    factions = sorted(cat.factions)
    games = 1000
    for seed in range(games):
        rng = np.random.default_rng(seed)
        pod = tuple(factions[i] for i in rng.choice(len(factions), n, replace=False))
        policy = "random" if seed % 5 == 0 else "greedy"
        res = play(cat, GameSpec("pandemonium", pod), [make(policy, rng=rng) for _ in pod], rng=rng,
                   after_turn=_invariants)
        won = [t for t in res.troops if t.outcome == "won"]
        if res.capped:
            assert not won
        else:
            assert len(won) == 1 and len(res.extras["eliminated"]) == n - 1
            assert "abcd"[won[0].seat] not in res.extras["eliminated"]


def test_every_faction_plays_including_the_vesuvians(cat):
    """VES: the eighth faction (Pandora's Wake) takes a seat like any other."""
    rng = np.random.default_rng(5)
    pod = ("vesuvians", "kunlun", "amazons")
    res = play(cat, GameSpec("pandemonium", pod), [make("greedy", rng=rng) for _ in pod], rng=rng)
    assert res.troops[0].units_deployed > 0


# --- the greedy player with several opponents ------------------------------------------------


def test_greedy_does_not_walk_into_the_middle_of_everyone(cat):
    """Free-for-all profile: a hex two opposing troops could reach and attack next turn scores 1.5 less than
    one only a single troop threatens (and the difference grows with each further troop)."""
    from hoplostat.rulesets.remastered.pandemonium.players import _crowded

    g = game(cat)
    s = g.state
    put_in_combat(s, non_elite(s, 0)[0].uid, 28)
    b = put_in_combat(s, non_elite(s, 1)[0].uid, 0)
    c = put_in_combat(s, non_elite(s, 2)[0].uid, s.grid.at_distance(0, 5)[0])
    base = [0.0] * s.grid.n
    got = _crowded(s, 0, base)
    reach = {t: {h for h in range(s.grid.n) if s.grid.dist[h][s.units[u].hex]
                 <= rules.movement_of(s, s.units[u]) + rules.range_of(s, s.units[u])} for t, u in ((1, b), (2, c))}
    for h in range(s.grid.n):
        n = sum(h in r for r in reach.values())
        assert got[h] == pytest.approx(-1.5 * max(n - 1, 0))
    assert any(v < 0 for v in got)  # the position puts some hexes within reach of both troops


def test_greedy_attacks_the_strongest_troop_first_when_all_else_is_equal(cat):
    """Free-for-all profile: of two equal targets in range, the one of the troop with more HP in combat and
    Health ready in camp is attacked."""
    from hoplostat.policies import GreedyController

    g = game(cat, roller=FixedRoller(mode="none"))
    s = g.state
    me = put_in_combat(s, non_elite(s, 0)[0].uid, 28)
    n = s.grid.neighbours[28]
    weak = put_in_combat(s, non_elite(s, 1)[0].uid, n[0], hp=2)
    strong = put_in_combat(s, non_elite(s, 2)[0].uid, n[1], hp=2)
    s.units[strong].unit = s.units[weak].unit  # the same chip: only the troops differ
    s.combat_version += 1
    for u in chips(s, 1):
        if u.zone == CAMP:
            u.zone = DISCARD  # troop 1 has nothing left in camp: troop 2 is the stronger one
    opts = [("attack", me, weak), ("attack", me, strong)]
    pick = GreedyController(np.random.default_rng(0)).choose(g, 0, "engage", opts, optional=True)
    assert pick == ("attack", me, strong)
    opts.reverse()
    assert GreedyController(np.random.default_rng(0)).choose(g, 0, "engage", opts, optional=True) == pick


# --- pinned by mutation testing (formerly tests/engine/test_pandemonium_pinned.py) ------------------------------------
def _played(cat):
    """A four-player game in round 9 with made-up counts per troop (troop i: deployed 3+i, damage 7+i, ...)."""
    g = game(cat, first=2)
    s = g.state
    s.round = 9
    for i, t in enumerate(s.troops):
        t.deployed, t.damage_dealt, t.kills, t.units_lost = 3 + i, 7 + i, 2 + i, 1 + i
        t.tactic_damage, t.tactic_kills = 1 + i, i
        s.hero_kills[i] = 4 + i
    return g, s


# --------------------------------------------------------------------------- the result (PAN-3, PAN-20, PAN-21)


def test_result_reports_each_troops_seat_counts_and_elimination_PAN_20_PAN_21(cat):
    """The result per troop: its seat, faction, side (seat-N), team (its own: PAN-1), outcome, counts, no crowd
    favor or rewards (PAN-11), and its elimination, the round it left and the opposing heroes it defeated;
    for the game: mode, ruleset, Pozzuoli, the factions, rounds, end, the first player, the players and the
    order of elimination."""
    g, s = _played(cat)
    s.round = 4
    s.mode.forfeit(g, 1)
    s.round = 9
    s.mode.forfeit(g, 3)
    r = s.mode.result(g, GameSpec("pandemonium", FOUR))
    assert (r.mode, r.ruleset, r.arena, r.factions, r.rounds, r.first_player) == (
        "pandemonium", RULESET, "pozzuoli", FOUR, 9, 2)
    assert r.end_reason == "unfinished" and r.winner is None
    assert r.extras == {"players": 4, "eliminated": ["b", "d"]}
    assert len(r.troops) == 4
    for i, tr in enumerate(r.troops):
        assert (tr.seat, tr.faction, tr.side, tr.team) == (i, FOUR[i], f"seat-{i + 1}", i)
        assert (tr.units_deployed, tr.damage_dealt, tr.kills, tr.units_lost) == (3 + i, 7 + i, 2 + i, 1 + i)
        assert (tr.crowd_favor, tr.rewards, tr.tactic_damage, tr.tactic_kills) == (0, 0, 1 + i, i)
        out = {1: 4, 3: 9}.get(i, 0)
        assert tr.extras == {"eliminated": int(i in (1, 3)), "out_round": out, "heroes_defeated": 4 + i}
    assert [t.outcome for t in r.troops] == [DRAW, LOST, DRAW, LOST]
    assert r.units and {u.seat for u in r.units} == {0, 1, 2, 3}
    assert r.log is s.log
    s.mode.forfeit(g, 0)
    r = s.mode.result(g, GameSpec("pandemonium", FOUR))
    assert r.end_reason == "last player standing" and [t.outcome for t in r.troops] == [LOST, LOST, WON, LOST]


def test_rows_of_a_game_PAN_21(cat):
    """`Pandemonium.rows`: the games row (winner seat and faction, rounds, end, players, first seat, the third and
    fourth factions, and per seat the round it left, only if it was eliminated, and its counts), and one units row
    per player chip, `won` true for the winner's chips only."""
    g, s = _played(cat)
    s.round = 5
    s.mode.forfeit(g, 0)
    s.round = 9
    s.mode.forfeit(g, 3)
    s.mode.forfeit(g, 1)
    r = s.mode.result(g, GameSpec("pandemonium", FOUR))
    head = {"matchup": "m1", "arena": "pozzuoli", "game": 7, "faction_a": FOUR[0], "faction_b": FOUR[1]}
    rows = Pandemonium.rows(r, head, lambda uid: cat.units[uid].kind if uid in cat.units else None)
    (row,) = rows["games"]
    assert {k: row[k] for k in head} == head
    assert (row["winner"], row["winner_faction"], row["rounds"], row["end_reason"], row["players"]) == (
        "c", FOUR[2], 9, "last player standing", 4)
    assert (row["first_seat"], row["faction_c"], row["faction_d"]) == ("c", FOUR[2], FOUR[3])
    assert (row["a_out_round"], row["b_out_round"], row["c_out_round"], row["d_out_round"]) == (5, 9, None, 9)
    for x, i in zip("abcd", range(4)):
        assert (row[f"{x}_units_deployed"], row[f"{x}_damage_dealt"], row[f"{x}_kills"], row[f"{x}_units_lost"],
                row[f"{x}_heroes_defeated"]) == (3 + i, 7 + i, 2 + i, 1 + i, 4 + i)
    assert set(row) == set(head) | set(Pandemonium.columns["games"])
    units = rows["units"]
    assert len(units) == len(r.units) > 0 and all(u["game"] == 7 for u in units)
    assert {u["side"] for u in units} == set("abcd")
    assert all(u["won"] is (u["side"] == "c") for u in units)
    assert "hero" in {u["kind"] for u in units}


def test_rows_of_a_three_player_draw_R_PAN_5(cat):
    """A three-player game at the round cap (R-PAN-5): no winner; the fourth seat's columns are empty; a seat
    still in the game has no out round."""
    g = game(cat, FOUR[:3], first=1)
    s = g.state
    s.round = 60
    s.end_reason = "round cap (60) reached"
    r = s.mode.result(g, GameSpec("pandemonium", FOUR[:3]))
    head = {"matchup": "m1", "arena": "pozzuoli", "game": 1}
    (row,) = Pandemonium.rows(r, head, lambda uid: None)["games"]
    assert (row["winner"], row["winner_faction"], row["players"], row["first_seat"]) == (None, None, 3, "b")
    assert (row["faction_c"], row["faction_d"]) == (FOUR[2], None)
    assert all(row[f"d_{c}"] is None for c in ("out_round", "units_deployed", "damage_dealt", "kills",
                                                 "units_lost", "heroes_defeated"))
    assert all(row[f"{x}_out_round"] is None for x in "abc") and row["a_units_deployed"] == 0
    assert [t.outcome for t in r.troops] == [DRAW] * 3


def test_end_text_names_the_winner_or_those_left_PAN_21_R_PAN_5(cat):
    g = game(cat)
    s = g.state
    s.mode.forfeit(g, 1)
    assert s.mode.end_text(g, "round cap", None) == (
        f"Game over: round cap; draw among {FOUR[0]}, {FOUR[2]}, {FOUR[3]}")
    assert s.mode.end_text(g, "last player standing", 2) == f"Game over: last player standing; {FOUR[2]} wins"


# --------------------------------------------------------------------------- set-up (PAN-4, PAN-7)


def test_setup_narrates_the_turn_order_and_the_pool_and_keeps_no_log_unless_asked_PAN_4_PAN_7(cat):
    """Set-up: the troops named seat-1.. in turn order from the first player, who is named, and the one pooled
    supply of every health chip (PAN-7: 68), which is also the supply at the start; no log unless asked; the
    given mode object is used; no hero defeated yet."""
    pool = sum(cat.game.health_chips.values())
    assert pool == 68
    s = setup(cat, list(FOUR), rng=np.random.default_rng(0), log=True, first_player=1)
    assert s.log == [f"Set-up: {FOUR[1]} (seat-2), {FOUR[2]} (seat-3), {FOUR[3]} (seat-4), {FOUR[0]} (seat-1) in turn "
                     f"order; {FOUR[1]} goes first; one pooled supply of 68 health chips"]
    assert s.supply == {POOL: 68} and s.supply_start == {POOL: 68}
    assert s.first == 1 and s.order == [1, 2, 3, 0] and s.seating == [1, 2, 3, 0]
    assert [t.side for t in s.troops] == ["seat-1", "seat-2", "seat-3", "seat-4"]
    assert s.hero_kills == [0, 0, 0, 0] and s.out_round == [0, 0, 0, 0]
    assert s.board == [-1] * s.grid.n
    assert setup(cat, list(FOUR), rng=np.random.default_rng(0), first_player=0).log is None
    mode = Pandemonium()
    assert setup(cat, list(FOUR), rng=np.random.default_rng(0), mode=mode).mode is mode
    first = setup(cat, list(FOUR), rng=np.random.default_rng(5)).first
    assert setup(cat, list(FOUR), rng=np.random.default_rng(5)).first == first


def test_a_player_turn_is_named_by_round_faction_and_seat_PAN_13(cat):
    g = game(cat)
    g.state.round = 4
    t = g.state.mode.turn_of(g, 2)
    assert t.troop == 2 and t.header == f"-- Round 4, {FOUR[2]} (seat-3) turn"


# --------------------------------------------------------------------------- the stone step (PAN-14, PAN-15, R-PAN-2)


def test_stone_step_narrates_the_tactic_and_the_relocation_and_the_tactic_is_in_camp_PAN_14_PAN_15(cat):
    """PAN-14: the tactic taken back is in the camp (the very one chosen); PAN-15: the stone unit leaves for the
    deployment hex chosen; both are narrated. The tactic ask may be passed (optional), the relocation not."""
    g, s, uids = _on_stones(cat, 1, 2)
    t = s.troops[0]
    want = t.tactics_discard[-1]
    ask = Asked({"stone-tactic": lambda o: o[-1], "stone-relocate": lambda o: o[-1]})
    g.controllers[0] = ask
    s.mode.stone_step(g, 0)
    assert want in t.tactics_camp and want not in t.tactics_discard
    u = s.units[uids[0]]
    assert u.hex == deploy_hexes(s)[-1]
    assert f"{t.faction} ({t.side}) takes {want.name} back to its camp (stone hex)" in s.log
    assert f"{u.name} ({t.side}) leaves its stone hex for a deployment hex (for {want.name})" in s.log
    assert ("stone-tactic", True) in ask.optional and ("stone-relocate", False) in ask.optional


def test_stone_step_offers_every_free_deployment_hex_whatever_its_colour_PAN_8_PAN_15(cat):
    """PAN-8, PAN-15: the stone unit may go to any free deployment hex of either colour; a hex with a unit on
    it (uid 0 included: troop 0's hero) is not free."""
    g, s, uids = _on_stones(cat, 1, 1)
    h0 = deploy_hexes(s)[0]
    put_in_combat(s, hero(s, 0).uid, h0)
    assert hero(s, 0).uid == 0
    ask = Asked({"stone-tactic": lambda o: o[0]})
    g.controllers[0] = ask
    s.mode.stone_step(g, 0)
    (offered,) = [o for d, o in ask.asked if d == "stone-relocate"]
    stone_units = {uid for uid, _ in offered}
    assert {h for _, h in offered} == set(deploy_hexes(s)) - {h0}
    assert set(uids) <= stone_units


# --------------------------------------------------------------------------- heroes (PAN-18, R-PAN-3)


def test_each_opposing_hero_defeated_is_counted_for_the_defeating_troop_PAN_18(cat):
    """PAN-18: every opposing hero a troop defeats is counted (two heroes, 2), a neutral hero too; the reward is
    asked as optional ("up to two"); a troop's own hero defeated by itself counts nothing."""
    g = game(cat)
    s = g.state
    killer = put_in_combat(s, non_elite(s, 0)[0].uid, 28)
    ask = Asked()
    g.controllers[0] = ask
    for troop, h in ((1, 29), (2, 19)):
        v = put_in_combat(s, hero(s, troop).uid, h, hp=1)
        rules.damage(g, s.units[v], 1, source=s.units[killer])
    assert s.hero_kills == [2, 0, 0, 0]
    non_elite(s, 0)[1].zone = DISCARD
    v = put_in_combat(s, hero(s, 3).uid, 37, hp=1)
    rules.damage(g, s.units[v], 1, source=s.units[killer])
    assert s.hero_kills[0] == 3
    assert ("hero-reward", True) in ask.optional
    own = put_in_combat(s, hero(s, 0).uid, 38, hp=1)
    rules.damage(g, s.units[own], 1, source=s.units[killer])
    assert s.hero_kills[0] == 3


def test_a_neutral_hero_defeated_counts_as_a_hero_PAN_18(cat):
    """PAN-18 ("an opposing hero"): a neutral hero of another troop counts as a hero."""
    from hoplostat.engine.state import UnitState

    g = game(cat)
    s = g.state
    killer = put_in_combat(s, non_elite(s, 0)[0].uid, 28)
    neutral_unit = next(u for u in cat.units.values() if u.kind == "neutral-hero")
    nu = UnitState(len(s.units), neutral_unit, 1, zone=CAMP)
    s.units.append(nu)
    put_in_combat(s, nu.uid, 29, hp=1)
    rules.damage(g, nu, 1, source=s.units[killer])
    assert s.hero_kills[0] == 1


def test_a_tactics_hero_defeat_is_counted_but_earns_no_units_R_PAN_3(cat):
    """R-PAN-3: a hero defeated by a troop's tactic counts for that troop, but only a unit's defeat earns the
    units back."""
    g = game(cat)
    s = g.state
    v = put_in_combat(s, hero(s, 1).uid, 29, hp=1)
    non_elite(s, 0)[1].zone = DISCARD
    g.controllers[0] = Asked({"hero-reward": lambda o: o[0]})
    rules.damage(g, s.units[v], 1, source_troop=0, what="a tactic")
    assert s.hero_kills == [1, 0, 0, 0] and non_elite(s, 0)[1].zone == DISCARD
    v = put_in_combat(s, hero(s, 2).uid, 19, hp=1)
    rules.damage(g, s.units[v], 1, what="nobody")
    assert s.hero_kills == [1, 0, 0, 0]


def test_the_hero_reward_is_narrated_with_who_defeated_whom_PAN_18(cat):
    g = game(cat)
    s = g.state
    killer = put_in_combat(s, non_elite(s, 0)[0].uid, 28)
    v = put_in_combat(s, hero(s, 1).uid, 29, hp=1)
    back = non_elite(s, 0)[1]
    back.zone = DISCARD
    g.controllers[0] = Asked({"hero-reward": lambda o: o[0]})
    rules.damage(g, s.units[v], 1, source=s.units[killer])
    assert back.zone == CAMP
    assert any(f"{s.units[killer].name} defeated {s.units[v].name}" in line for line in s.log), s.log[-5:]


# --------------------------------------------------------------------------- the hero and the limit (PAN-9, R-PAN-1)


def test_the_hero_counts_switch_leaves_out_only_the_troops_own_hero_R_PAN_1(cat):
    """R-PAN-1's switch `pandemonium-hero-counts = no`: the troop's own primary hero is left out of its count of
    three, one hero, and only its own: with its hero and three units in combat it may not deploy, another troop's
    hero in combat changing nothing."""
    from engine.test_ruling_switches import _pan

    g = _pan(cat, {"pandemonium-hero-counts": "no"})  # troop 0: its hero and two units in combat
    s = g.state
    put_in_combat(s, non_elite(s, 0)[2].uid, 30)
    put_in_combat(s, hero(s, 1).uid, 29)
    assert len(s.in_combat(0)) == 4
    s.mode.deployment(g, 0)
    assert len(s.in_combat(0)) == 4


def test_deployment_offers_any_of_the_twelve_hexes_PAN_8_PAN_17(cat):
    """PAN-8, PAN-17: the mandatory deployment is offered on every free deployment hex of both colours."""
    g = game(cat)
    s = g.state
    ask = Asked()
    g.controllers[0] = ask
    s.mode.deployment(g, 0)
    (opts,) = [o for d, o in ask.asked if d == "deploy"]
    assert {h for _, h in opts} == set(deploy_hexes(s)) and len(deploy_hexes(s)) == 12
    assert ("deploy", False) in ask.optional


def test_forfeit_is_narrated_PAN_20(cat):
    g = game(cat)
    s = g.state
    s.mode.forfeit(g, 2)
    t = s.troops[2]
    assert s.log[-1] == (f"{t.faction} ({t.side}) has nothing in combat and nothing to deploy: it forfeits and is "
                         "eliminated")


def test_the_result_names_the_skills_the_engine_does_not_implement(cat):
    """A chip in the game with a skill the engine does not implement is named in the result (never ignored
    silently)."""
    from engine.enginekit import mk_unit

    from hoplostat.engine.state import UnitState

    g = game(cat)
    s = g.state
    assert s.mode.result(g, GameSpec("pandemonium", FOUR)).unimplemented == ()
    s.units.append(UnitState(len(s.units), mk_unit("odd", skills=["made-up-skill"]), 0, zone=CAMP))
    assert "made-up-skill" in s.mode.result(g, GameSpec("pandemonium", FOUR)).unimplemented
