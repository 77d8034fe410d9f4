"""Alliance Mode (Remastered, "Alliance Mode"): rule tests ALL-1 .. ALL-28 of
/work/shared/rules/pandemonium-alliance.md, on the real Alliance set-up (Pozzuoli, four factions).

Positions are built from `alliance.setup` and `Alliance.begin` (Scripted controllers: they pass optional
decisions and take the first option otherwise), with chips of the real set-up put in combat. With
`first=0` (the default here) the turn order is seats 0, 1, 2, 3; team 0 is seats 0 and 2 (Kunlun and
Lamosians, red: R-ALL-1, the first player's team is red), team 1 is seats 1 and 3 (Amazons and
Parthians, blue). By default each team's first player answers "alliance-hero" with its own troop, so
seats 0 and 1 keep their heroes in camp and seats 2 and 3 have theirs on the fourth reward space.
Rulings R-ALL-1 .. R-ALL-4 (docs/rulings.md) are named where a test pins them. Each test was checked
against a deliberate bug in a scratch copy of the package.

Alliance Mode (Remastered): rule scenarios written from the survivors of mutation testing of
`hoplostat/rulesets/remastered/alliance/mode.py` (`tools/mutate.py rulesets/remastered/alliance/mode`), each named after
the rule (ALL-n of /work/shared/rules/pandemonium-alliance.md, rulings R-ALL-n) it pins. Positions come from
the helpers above (the real set-up, Scripted controllers, first player seat 0:
team 0 = seats 0 and 2, red; team 1 = seats 1 and 3, blue)."""

from __future__ import annotations

import numpy as np
import pytest
from engine.enginekit import Scripted, put_in_combat

from hoplostat.catalog import load
from hoplostat.engine import rules
from hoplostat.engine.loop import DRAW, LOST, WON, GameSpec, play, play_turn
from hoplostat.engine.rules import FixedRoller, Game
from hoplostat.engine.state import BAG, CAMP, COMBAT, DISCARD, TRACK
from hoplostat.errors import InputError
from hoplostat.policies import make
from hoplostat.rulesets.remastered import turn
from hoplostat.rulesets.remastered.alliance import (
    CHOSEN_UNITS,
    TEAM_NAMES,
    Alliance,
    AllianceState,
    setup,
    team_of_seat,
)
from hoplostat.rulesets.remastered.base import RULESET

FACTIONS = ("kunlun", "amazons", "lamosians", "parthians")
SPACES = (5, 10, 15, 20)
"""The Pozzuoli track's reward spaces (Remastered, "Crowd Favor": a reward every five spaces, four of them)."""


@pytest.fixture(scope="module")
def cat():
    return load((), use_env=False)


def build(cat, *, first=0, factions=FACTIONS, picks=None, roller=None, begin=True, log=True):
    """The real set-up with one Scripted controller per seat (`picks[seat]` its answers), begun."""
    s = setup(cat, list(factions), rng=np.random.default_rng(0), first_player=first, log=log)
    ctrls = [Scripted((picks or {}).get(p)) for p in range(4)]
    g = Game(s, roller or FixedRoller(mode="all"), ctrls, np.random.default_rng(0))
    if begin:
        s.mode.begin(g)
    s.round, s.turn, s.active = 2, 5, first
    return g, s, ctrls


def chip(s, troop, unit_id):
    return next(u for u in s.units if u.troop == troop and u.unit.id == unit_id)


def hero(s, troop):
    return s.units[s.troops[troop].primary_hero]


def put(s, troop, unit_id, hex_, hp=None):
    return s.units[put_in_combat(s, chip(s, troop, unit_id).uid, hex_, hp)]


def spare(s, troop, k=0):
    """The k-th non-elite chip of `troop` not in combat (any zone), for filler positions."""
    return [u for u in s.units if u.troop == troop and not u.elite and u.zone != COMBAT][k]


def asked(ctrl, decision):
    return [opts for d, opts in ctrl.asked if d == decision]


def clear(ctrls):
    for c in ctrls:
        c.asked.clear()


def set_track(s, team, favor, rewards=None):
    """A team whose bead already stands on `favor` (with the rewards below it claimed)."""
    s.favor[team] = favor
    s.favor_total[team] = favor
    s.rewards[team] = sum(1 for sp in SPACES if sp <= favor) if rewards is None else rewards


# --- frame (ALL-1) ------------------------------------------------------------------------------


def test_four_players_in_two_alternating_teams_on_pozzuoli_only_ALL_1(cat):
    """ALL-1: "4 players - Competitive teams - Pozzuoli": exactly four factions, the Pozzuoli arena only,
    two teams of two; a player's teammate is an ally (`rules.same_team`), the two others opponents."""
    assert Alliance.seats == (4,) and Alliance.arenas == ("pozzuoli",)
    for n in (2, 3, 5):
        with pytest.raises(InputError):
            Alliance.validate(cat, GameSpec("alliance", tuple(sorted(cat.factions))[:n]))
    with pytest.raises(InputError):
        Alliance.validate(cat, GameSpec("alliance", FACTIONS, "colosseum"))
    assert Alliance.validate(cat, GameSpec("alliance", FACTIONS)).arena == "pozzuoli"
    g, s, _ = build(cat)
    assert s.has_teams and s.players == [0, 1, 2, 3]
    for a in range(4):
        for b in range(4):
            assert rules.same_team(s, a, b) == (a % 2 == b % 2), (a, b)
    assert sorted(s.mates(0)) == [0, 2] and sorted(s.mates(1)) == [1, 3]


def test_teammates_never_target_each_other_opponents_are_targets_ALL_1(cat):
    """ALL-1 (Key Terms, Ally: "Units cannot mark, target, or attack allied units"): a Kunlun unit next to
    its teammate's (Lamosians) unit and to an opponent's (Amazons, Parthians) units may attack only the
    opponents; in the Engage step it is offered only them."""
    g, s, ctrls = build(cat)
    me = put(s, 0, "kunlun/warrior", 28)
    nb = s.grid.neighbours[28]
    mate = put(s, 2, "lamosians/beast-1", nb[0])
    opp1 = put(s, 1, "amazons/attacker-3", nb[1])
    opp3 = put(s, 3, "parthians/attacker-2", nb[2])
    assert all(s.grid.dist[me.hex][u.hex] == 1 for u in (mate, opp1, opp3))
    assert {u.uid for u in rules.targets_in_range(s, me)} == {opp1.uid, opp3.uid}
    assert {u.uid for u in s.opponents_of(0)} == {opp1.uid, opp3.uid}
    assert {u.uid for u in s.opponents_of(2)} == {opp1.uid, opp3.uid}
    assert {u.uid for u in s.opponents_of(1)} == {me.uid, mate.uid}
    opts = turn.engage_options(g, me)
    assert {o[2] for o in opts if o[0] == "attack"} == {opp1.uid, opp3.uid}


def test_allied_auras_reach_the_teammates_units_ALL_1(cat):
    """ALL-1: allied auras reach the teammate's units. Amazons Tactician I (Strategic Attack: "allies
    adjacent to this unit add one yellow die") gives the die to the adjacent Parthian unit (its teammate's)
    and not to the adjacent Kunlun unit (an opponent's)."""
    from hoplostat.dice import Pool

    g, s, _ = build(cat)
    tac = put(s, 1, "amazons/tactician-1", 28)
    nb = s.grid.neighbours[28]
    mate = put(s, 3, "parthians/attacker-2", nb[0])
    foe = put(s, 0, "kunlun/attacker-2", nb[3])
    target = put(s, 2, "lamosians/beast-1", [h for h in s.grid.neighbours[mate.hex] if s.board[h] < 0][0])
    assert s.grid.dist[tac.hex][mate.hex] == 1 and s.grid.dist[tac.hex][foe.hex] == 1
    pool, _, _ = rules.attack_profile(g, mate, target)
    assert pool == mate.unit.attack + Pool.of(yellow=1)
    pool, _, _ = rules.attack_profile(g, foe, tac)
    assert pool == foe.unit.attack


# --- goal (ALL-2) -------------------------------------------------------------------------------


def test_team_wins_when_both_opposing_primary_heroes_fall_at_any_times_ALL_2_R_ALL_4(cat):
    """ALL-2: "your team must defeat both opposing primary heroes". Amazons' hero (seat 1) falls first: the
    game goes on (Parthians' hero is still on the fourth reward space and has never fought). Turns later,
    after team b's fourth reward brings it into camp, it is deployed and defeated (here by tactic damage:
    how it falls does not matter): team a (seats 0 and 2) wins, both its players won, both others lost.
    Ruling R-ALL-4: a fourth-reward hero that never entered combat is not defeated (the first defeat alone
    ends nothing)."""
    g, s, _ = build(cat)
    killer = put(s, 0, "kunlun/warrior", 28)
    h1 = hero(s, 1)
    put_in_combat(s, h1.uid, s.grid.neighbours[28][0])
    rules.defeat(g, h1, source=killer, source_troop=0)
    assert s.end_reason is None and h1.zone == DISCARD
    assert hero(s, 3).zone == TRACK
    s.turn += 4
    set_track(s, 1, 19)
    s.active = 3
    s.mode.gain_favor(g, 3, 1, "test")  # team b's fourth reward: the Parthian hero goes into its camp
    h3 = hero(s, 3)
    assert h3.zone == CAMP and h3.active and s.end_reason is None
    put_in_combat(s, h3.uid, s.grid.neighbours[28][1])
    rules.damage(g, h3, h3.hp, source_troop=2, what="test tactic")
    assert s.end_reason == "both opposing primary heroes defeated" and s.winner_team == 0
    res = s.mode.result(g, GameSpec("alliance", FACTIONS))
    assert [t.outcome for t in res.troops] == [WON, LOST, WON, LOST]
    assert res.extras["winner_team"] == TEAM_NAMES[0]


# --- set-up (ALL-3 .. ALL-10) -------------------------------------------------------------------


def test_first_player_random_teams_alternate_order_fixed_ALL_3(cat):
    """ALL-3: the first player is random (each seat first about a quarter of 400 seeds, within 4 standard
    errors; the same seed draws the same seat), turns go clockwise from it, and with teams seated
    alternately the order is A1, B1, A2, B2. The same order every round: in a whole greedy game the
    turns come in the drawn order, round after round."""
    n = 400
    firsts = []
    for seed in range(n):
        s = setup(cat, list(FACTIONS), rng=np.random.default_rng(seed))
        f = s.order[0]
        firsts.append(f)
        assert s.order == [(f + k) % 4 for k in range(4)]
        t = s.teams[f]
        assert [s.teams[p] for p in s.order] == [t, 1 - t, t, 1 - t]
    for seat in range(4):
        share = firsts.count(seat) / n
        assert abs(share - 0.25) <= 4 * np.sqrt(0.25 * 0.75 / n), (seat, share)
    again = [setup(cat, list(FACTIONS), rng=np.random.default_rng(seed)).order[0] for seed in range(20)]
    assert again == firsts[:20]

    for seed in (1, 2):
        rng = np.random.default_rng(seed)
        seen = []
        res = play(cat, GameSpec("alliance", FACTIONS, max_rounds=6), [make("greedy", rng=rng) for _ in range(4)],
                   rng=rng, after_turn=lambda g, t: seen.append((g.state.round, t.troop, list(g.state.order))))
        order = seen[0][2]
        assert order[0] == res.first_player
        for r in range(1, res.rounds):  # every full round
            assert [tr for rd, tr, _ in seen if rd == r] == order, r
        assert all(o == order for _, _, o in seen)


def test_first_players_team_takes_red_the_other_blue_ALL_4_R_ALL_1(cat):
    """ALL-4: one team takes the red side (deployment hexes and chips), the other blue; ruling R-ALL-1: the
    first player's team is red. For every first seat: the first player and its teammate are red, deploy on
    the red hexes and draw red chips; the other two are blue."""
    for first in range(4):
        s = setup(cat, list(FACTIONS), rng=np.random.default_rng(0), first_player=first)
        red = {first, (first + 2) % 4}
        for p in range(4):
            side = "red" if p in red else "blue"
            assert s.troops[p].side == side and s.supply_of(p) == side, (first, p)
            assert s.mode.deployment_hexes(s, p) == s.grid.tagged(f"deploy-{side}")
        assert len(set(s.grid.tagged("deploy-red")) | set(s.grid.tagged("deploy-blue"))) == 12


def test_four_different_factions_in_seat_order_ALL_5(cat):
    """ALL-5: each player chooses a different faction (the picking order, last player first, is the
    players' business: the engine is given the four). Two players with one faction are refused; the four
    troops are the given factions in seat order, whoever goes first."""
    with pytest.raises(InputError):
        Alliance.validate(cat, GameSpec("alliance", ("kunlun", "amazons", "kunlun", "parthians")))
    for first in range(4):
        s = setup(cat, list(FACTIONS), rng=np.random.default_rng(0), first_player=first)
        assert [t.faction for t in s.troops] == list(FACTIONS)
        assert [hero(s, p).unit.id for p in range(4)] == [cat.faction(f).hero for f in FACTIONS]


def test_team_places_one_hero_inactive_in_camp_and_one_active_on_the_fourth_reward_ALL_6_R_ALL_2(cat):
    """ALL-6: in each team one primary hero starts in its player's camp, inactive side up, the other on the
    team's last reward space, active side up; the team chooses which ("alliance-hero", asked of the team's
    first player in turn order). First seat 1, order 1, 2, 3, 0: seat 1 decides for team b (here: its
    teammate seat 3 keeps the camp hero), seat 2 for team a (here: itself). Seats 0 and 3 are not asked
    (ruling R-ALL-2)."""
    picks = {1: {"alliance-hero": lambda o: 3}, 2: {"alliance-hero": lambda o: 2}}
    g, s, ctrls = build(cat, first=1, picks=picks)
    assert asked(ctrls[1], "alliance-hero") == [[1, 3]]
    assert asked(ctrls[2], "alliance-hero") == [[0, 2]]
    assert not asked(ctrls[0], "alliance-hero") and not asked(ctrls[3], "alliance-hero")
    assert s.camp_hero == [2, 3] and s.track_hero == [0, 1]
    for p in (2, 3):
        assert hero(s, p).zone == CAMP and not hero(s, p).active
    for p in (0, 1):
        assert hero(s, p).zone == TRACK and hero(s, p).active
    # the other choice: the first player's own hero goes on the track
    g, s, _ = build(cat, first=0, picks={0: {"alliance-hero": lambda o: 2}})
    assert hero(s, 2).zone == CAMP and not hero(s, 2).active
    assert hero(s, 0).zone == TRACK and hero(s, 0).active
    # neither the inactive nor the track hero can be deployed at the start
    for p in range(4):
        assert hero(s, p).uid not in {uid for uid, _ in turn.deployable(g, p, s.mode.deployment_hexes(s, p))}


def test_each_teams_bead_starts_below_the_first_space_ALL_7(cat):
    """ALL-7: each team's bead starts below the first space: no favor, no reward; the first reward comes
    with the fifth favor, not before."""
    g, s, _ = build(cat)
    assert s.favor == [0, 0] and s.favor_total == [0, 0] and s.rewards == [0, 0]
    s.mode.gain_favor(g, 0, 4, "test")
    assert s.favor[0] == 4 and s.rewards[0] == 0 and not hero(s, 0).active
    s.mode.gain_favor(g, 0, 1, "test")
    assert s.favor[0] == 5 and s.rewards[0] == 1 and hero(s, 0).active


def test_each_player_has_its_four_tactics_face_up_in_camp_ALL_8(cat):
    """ALL-8: each player puts their four tactics face up in camp: all four in camp, none discarded, and
    they can be played from the first turn (the tactic step offers each of them)."""
    g, s, ctrls = build(cat)
    for p, f in enumerate(FACTIONS):
        assert s.troops[p].tactics_camp == list(cat.faction_tactics(f)) and len(s.troops[p].tactics_camp) == 4
        assert s.troops[p].tactics_discard == []
    put(s, 0, "kunlun/warrior", 28)
    clear(ctrls)
    turn.tactic_step(g, 0)
    assert {i for i, _ in asked(ctrls[0], "tactic")[0]} == {0, 1, 2, 3}


def test_each_player_chooses_six_units_face_down_the_rest_unused_ALL_9(cat):
    """ALL-9: each player chooses six of their ten non-elite units for their camp ("select-unit", six
    times, from their own chips only); the other four are not used (they stay out: never deployable). The
    choice stays hidden: the narration names no chosen unit. Here every player takes the last option."""
    picks = {p: {"select-unit": lambda o: o[-1]} for p in range(4)}
    g, s, ctrls = build(cat, picks=picks)
    for p in range(4):
        sel = asked(ctrls[p], "select-unit")
        assert len(sel) == CHOSEN_UNITS == 6
        own = {u.uid for u in s.units if u.troop == p and not u.elite}
        assert len(own) == 10 and set(sel[0]) == own
        assert [len(o) for o in sel] == [10, 9, 8, 7, 6, 5]
        chosen = {o[-1] for o in sel}
        assert {u.uid for u in s.zone(p, CAMP) if not u.elite} == chosen
        assert {u.uid for u in s.zone(p, BAG)} == own - chosen and len(own - chosen) == 4
        deployable = {uid for uid, _ in turn.deployable(g, p, s.mode.deployment_hexes(s, p))}
        assert deployable == chosen
        names = {s.units[uid].name for uid in chosen}
        assert not any(n in line for line in s.log for n in names)


def test_supply_holds_every_chip_by_colour_and_teammates_share_theirs_ALL_10(cat):
    """ALL-10: the supply holds all health chips, 34 red and 34 blue; both teammates draw on their team's
    colour: a Kunlun and a Lamosian deployment both take red chips, the blue stock is untouched."""
    g, s, _ = build(cat)
    assert s.supply == {"red": 34, "blue": 34} == dict(cat.game.health_chips)
    a = next(u for u in s.zone(0, CAMP) if not u.elite)
    b = next(u for u in s.zone(2, CAMP) if not u.elite)
    red = s.mode.deployment_hexes(s, 0)
    rules.deploy(g, a, red[0])
    rules.deploy(g, b, red[1])
    assert s.supply == {"red": 34 - a.unit.health - b.unit.health, "blue": 34}
    rules.damage(g, b, 1, source_troop=1, what="test")
    assert s.supply["red"] == 34 - a.unit.health - b.unit.health + 1


# --- deployment (ALL-11 .. ALL-13) --------------------------------------------------------------


def test_teammates_deploy_only_on_their_sides_six_hexes_ALL_11(cat):
    """ALL-11: "Each team may use the deployment hexes on their side": each player's deployment options are
    the six hexes of its team's colour, every one of them, and none of the other side's."""
    g, s, ctrls = build(cat)
    for p in range(4):  # seats 0 and 1 deploy first on their side: all six free; seats 2 and 3 see five
        clear(ctrls)
        s.active = p
        side = s.grid.tagged(f"deploy-{s.troops[p].side}")
        s.mode.deployment(g, p)
        opts = asked(ctrls[p], "deploy")[0]
        assert {h for _, h in opts} == {h for h in side if s.board[h] < 0 or s.board[h] == s.in_combat(p)[0].uid}
        assert len({h for _, h in opts}) == (6 if p < 2 else 5)
        assert len(s.in_combat(p)) == 1 and s.in_combat(p)[0].hex in side


def test_no_unit_limit_but_the_shared_colour_supply_limits_deployment_ALL_12(cat):
    """ALL-12: no limit on units in combat: with four Kunlun units in combat Kunlun may still deploy. But
    the red chips left in the supply, which the Lamosian teammate draws on too, limit it (DEP-3): once the
    teammate's units hold enough red chips, only the Kunlun units whose full Health the red stock still
    holds are offered (and the blue stock, still full, is no help)."""
    g, s, ctrls = build(cat)
    mid = [h for h in range(s.grid.n) if h not in s.grid.tagged("deploy-red") + s.grid.tagged("deploy-blue")]
    camp = sorted((u for u in s.zone(0, CAMP) if u.active), key=lambda u: u.unit.health)
    for u, h in zip(camp[1:-1], mid):  # the sturdiest and the frailest stay in camp
        put_in_combat(s, u.uid, h)
    assert len(s.in_combat(0)) == 4
    rest = [u for u in s.zone(0, CAMP) if u.active]
    healths = sorted(u.unit.health for u in rest)
    assert healths[0] < healths[-1], healths
    s.mode.deployment(g, 0)
    assert {uid for uid, _ in asked(ctrls[0], "deploy")[0]} == {u.uid for u in rest}
    # the teammate's units take red chips until only healths[0] are left
    target = healths[0]
    spots = [h for h in mid if s.board[h] < 0]
    for u, h in zip([u for u in s.units if u.troop == 2 and not u.elite], spots):
        if s.supply["red"] <= target:
            break
        put_in_combat(s, u.uid, h, min(u.unit.health, s.supply["red"] - target))
    assert s.supply["red"] == target and s.supply["blue"] == 34
    clear(ctrls)
    s.mode.deployment(g, 0)
    offered = {uid for uid, _ in asked(ctrls[0], "deploy")[0]}
    assert offered == {u.uid for u in rest if u.unit.health <= target}
    assert offered and offered != {u.uid for u in rest}


def test_one_deployment_per_player_mandatory_only_without_own_units_ALL_13(cat):
    """ALL-13: deployment stays per player (DEP-1, DEP-2): one unit at most in a player's own Deployment
    Step, and it must deploy only when its own troop has no unit in combat, even if its teammate has
    some. Scripted players pass whatever is optional."""
    g, s, ctrls = build(cat)
    put(s, 2, "lamosians/beast-1", 28)  # the teammate has a unit in combat, Kunlun has none
    s.mode.deployment(g, 0)
    assert len(s.in_combat(0)) == 1  # mandatory: deployed although Scripted passes optional choices
    s.turn += 4
    clear(ctrls)
    s.mode.deployment(g, 0)
    assert len(s.in_combat(0)) == 1 and len(asked(ctrls[0], "deploy")) == 1  # asked, optional, passed
    eager = Scripted({"deploy": lambda o: o[0]})
    g.controllers = [eager, *g.controllers[1:]]
    s.turn += 4
    s.mode.deployment(g, 0)
    assert len(s.in_combat(0)) == 2 and len(asked(eager, "deploy")) == 1  # one unit per step


# --- crowd favor (ALL-14 .. ALL-21) -------------------------------------------------------------


def test_defeating_an_opponent_gives_the_team_two_favor_ALL_14(cat):
    """ALL-14: "Earn 2 crowd favor each time one of your units defeats an opponent", on the team's track:
    a Lamosian unit's attack defeats a Parthian unit (+2 for team a, credited to Lamosians), then a Kunlun
    unit defeats an Amazon unit (+2 more). A defeat by tactic damage is no unit's (ruling R-ENG-8): nothing."""
    g, s, _ = build(cat)
    lam = put(s, 2, "lamosians/beast-1", 28)
    victim = put(s, 3, "parthians/attacker-2", s.grid.neighbours[28][0], hp=1)
    rules.attack(g, lam, victim)
    assert victim.zone == DISCARD
    assert s.favor == [2, 0] and s.troops[2].favor_total == 2 and s.troops[0].favor_total == 0
    kun = put(s, 0, "kunlun/attacker-2", 40)
    v2 = put(s, 1, "amazons/attacker-3", s.grid.neighbours[40][0], hp=1)
    rules.defeat(g, v2, source=kun, source_troop=0)
    assert s.favor == [4, 0] and s.troops[0].favor_total == 2
    v3 = put(s, 1, "amazons/attacker-2", s.grid.neighbours[40][1], hp=1)
    rules.damage(g, v3, 1, source_troop=0, what="test tactic")
    assert v3.zone == DISCARD and s.favor == [4, 0]


def test_stones_give_one_or_three_favor_for_the_players_own_units_only_ALL_15(cat):
    """ALL-15: at the start of a player's turn, 1 favor if their own units occupy exactly one stone hex, 3
    if both; the teammate's units are not counted. Kunlun on one stone and its Lamosian teammate on the
    other: 1 on Kunlun's check, 1 on Lamosians'; Kunlun on both: 3. Amazons, on no stone, gain nothing."""
    g, s, _ = build(cat)
    st1, st2 = s.grid.tagged("stone")
    put(s, 0, "kunlun/warrior", st1)
    mate = put(s, 2, "lamosians/beast-1", st2)
    s.mode.check_stones(g, 0)
    assert s.favor[0] == 1 and s.troops[0].favor_total == 1
    s.mode.check_stones(g, 2)
    assert s.favor[0] == 2 and s.troops[2].favor_total == 1
    s.mode.check_stones(g, 1)
    assert s.favor == [2, 0]
    rules.defeat(g, mate)
    put(s, 0, "kunlun/attacker-2", st2)
    s.mode.check_stones(g, 0)
    assert s.favor[0] == 5 and s.troops[0].favor_total == 4
    s.mode.check_stones(g, 2)
    assert s.favor[0] == 5


def test_team_track_rewards_every_five_reached_or_passed_excess_kept_ALL_16(cat):
    """ALL-16: both teammates' favor moves one bead; a reward every five spaces, claimed when reached or
    passed, in order; the excess is kept; nothing after the last reward (CF-2). Kunlun 3 + Lamosians 2 =
    5: the first reward; Lamosians +7 passes 10 (second reward) and the bead stands on 12; Kunlun +9 passes
    15 and 20 (third and fourth rewards, in that order); more favor moves nothing and claims nothing."""
    g, s, _ = build(cat)
    claimed = []
    orig = s.mode.reward
    s.mode.reward = lambda g_, troop, k: (claimed.append((s.teams[troop], k)), orig(g_, troop, k))
    s.mode.gain_favor(g, 0, 3, "test")
    assert claimed == [] and s.favor == [3, 0]
    s.mode.gain_favor(g, 2, 2, "test")
    assert claimed == [(0, 1)] and s.favor == [5, 0]
    s.mode.gain_favor(g, 2, 7, "test")
    assert claimed == [(0, 1), (0, 2)] and s.favor == [12, 0]
    s.mode.gain_favor(g, 0, 9, "test")
    assert claimed == [(0, 1), (0, 2), (0, 3), (0, 4)] and s.favor == [20, 0] and s.rewards == [4, 0]
    s.mode.gain_favor(g, 2, 5, "test")
    assert len(claimed) == 4 and s.favor == [20, 0]
    assert s.troops[0].favor_total == 12 and s.troops[2].favor_total == 14


def test_first_reward_activates_the_camp_hero_of_the_team_ALL_17(cat):
    """ALL-17: the first reward applies to the player of the team whose hero is in camp: it flips active
    and may be deployed. Lamosians (whose hero is on the track) reach it; Kunlun's hero is flipped."""
    g, s, _ = build(cat)
    feng = hero(s, 0)
    red = s.mode.deployment_hexes(s, 0)
    assert not feng.active and feng.uid not in {uid for uid, _ in turn.deployable(g, 0, red)}
    s.mode.gain_favor(g, 2, 4, "test")
    assert not feng.active
    s.mode.gain_favor(g, 2, 1, "test")
    assert feng.active and feng.zone == CAMP
    assert feng.uid in {uid for uid, _ in turn.deployable(g, 0, red)}
    assert hero(s, 2).zone == TRACK  # the fourth reward's hero stays where it is
    assert not hero(s, 1).active  # the other team's camp hero too


def test_second_reward_returns_the_chosen_teammates_discarded_tactics_ALL_18_R_ALL_2(cat):
    """ALL-18: the second reward applies to one player of the team's choice ("team-reward", asked of the
    player who reached it, ruling R-ALL-2): that player takes all their discarded tactics back to camp.
    Kunlun reaches it and chooses Lamosians: Lamosians' two discarded tactics return, Kunlun's one stays."""
    picks = {0: {"team-reward": lambda o: next(x for x in o if x[1] == 2)}}
    g, s, ctrls = build(cat, picks=picks)
    t0, t2 = s.troops[0], s.troops[2]
    t0.tactics_discard.append(t0.tactics_camp.pop())
    t2.tactics_discard.extend([t2.tactics_camp.pop(), t2.tactics_camp.pop()])
    set_track(s, 0, 9)
    clear(ctrls)
    s.mode.gain_favor(g, 0, 1, "test")
    assert asked(ctrls[0], "team-reward") == [[(2, 0), (2, 2)]]
    assert len(t2.tactics_camp) == 4 and t2.tactics_discard == []
    assert set(t2.tactics_camp) == set(cat.faction_tactics("lamosians"))
    assert len(t0.tactics_camp) == 3 and len(t0.tactics_discard) == 1


def test_third_reward_returns_two_non_elite_units_never_the_hero_ALL_19_R_ALL_2(cat):
    """ALL-19: the third reward: one player of the team's choice takes as many as two non-elite units out of
    their own discard into camp; heroes cannot be taken back. Kunlun reaches it and chooses Lamosians,
    whose discard holds their defeated primary hero and three units: two units return (Lamosians choose,
    never offered the hero), the hero and the third unit stay; Kunlun's discarded unit stays too."""
    picks = {0: {"team-reward": lambda o: next(x for x in o if x[1] == 2)}}
    g, s, ctrls = build(cat, picks=picks)
    lam_hero = hero(s, 2)
    rules.return_to_camp(g, lam_hero, active=True)  # as by team a's fourth reward
    put_in_combat(s, lam_hero.uid, 28)
    rules.defeat(g, lam_hero)
    units = [spare(s, 2, k) for k in range(3)]
    for k, u in enumerate(units):
        put_in_combat(s, u.uid, s.grid.neighbours[28][k])
        rules.defeat(g, u)
    mine = spare(s, 0)
    put_in_combat(s, mine.uid, 40)
    rules.defeat(g, mine)
    assert s.end_reason is None
    set_track(s, 0, 14)
    clear(ctrls)
    s.mode.gain_favor(g, 0, 1, "test")
    assert asked(ctrls[0], "team-reward") == [[(3, 0), (3, 2)]] and not asked(ctrls[2], "team-reward")
    ret = asked(ctrls[2], "return-unit")
    assert len(ret) == 2 and set(ret[0]) == {u.uid for u in units} and lam_hero.uid not in ret[0] + ret[1]
    back = [u for u in units if u.zone == CAMP]
    assert [u.uid for u in back] == [ret[0][0], ret[1][0]] and len(back) == 2
    assert lam_hero.zone == DISCARD and sum(u.zone == DISCARD for u in units) == 1
    assert mine.zone == DISCARD and not asked(ctrls[0], "return-unit")


def test_fourth_reward_puts_the_track_hero_active_into_its_owners_camp_ALL_20(cat):
    """ALL-20: the fourth reward applies to the player the hero on it belongs to: Kunlun reaches it, and
    the Lamosian primary hero goes, active, into the Lamosian camp, deployable by Lamosians."""
    g, s, _ = build(cat)
    lam_hero = hero(s, 2)
    set_track(s, 0, 19)
    s.mode.gain_favor(g, 0, 1, "test")
    assert lam_hero.zone == CAMP and lam_hero.active and lam_hero.troop == 2 and lam_hero.is_primary_hero
    assert lam_hero.uid in {uid for uid, _ in turn.deployable(g, 2, s.mode.deployment_hexes(s, 2))}
    assert lam_hero.uid not in {uid for uid, _ in turn.deployable(g, 0, s.mode.deployment_hexes(s, 0))}
    assert hero(s, 3).zone == TRACK  # team b's stays on its own track


def _catch_up_board(cat):
    """Every troop with a non-elite unit from its camp in combat; the Parthians also with their hero."""
    g, s, ctrls = build(cat)
    units = {}
    for p, h in zip(range(4), (27, 29, 45, 12)):
        units[p] = next(u for u in s.zone(p, CAMP) if not u.elite)
        put_in_combat(s, units[p].uid, h)
    h3 = hero(s, 3)
    put_in_combat(s, h3.uid, 31)
    return g, s, ctrls, units, h3


def test_catch_up_to_each_player_of_the_team_behind_ALL_21(cat):
    """ALL-21: after a reward's effect, each player of the team with less total favor may add +1 HP to an
    elite unit or +2 HP to a non-elite unit of their own troop (gained HP: above Health). Team a reaches
    its first reward with 5 favor against 0: the Amazons and Parthian players are each asked, offered only
    their own units in combat (R-ENG-9: not those in camp); Amazons give +2 to a unit, Parthians +1 to their
    hero. Nobody of team a is asked; the blue stock pays the 3 HP."""
    g, s, ctrls, units, h3 = _catch_up_board(cat)
    ctrls[1].picks["catch-up"] = lambda o: units[1].uid
    ctrls[3].picks["catch-up"] = lambda o: h3.uid
    blue = s.supply["blue"]
    clear(ctrls)
    s.mode.gain_favor(g, 0, 5, "test")
    assert s.rewards == [1, 0]
    assert asked(ctrls[1], "catch-up") == [[units[1].uid]]
    assert asked(ctrls[3], "catch-up") == [[units[3].uid, h3.uid]]
    assert not asked(ctrls[0], "catch-up") and not asked(ctrls[2], "catch-up")
    assert units[1].hp == units[1].unit.health + 2 and h3.hp == h3.unit.health + 1
    assert units[3].hp == units[3].unit.health and s.supply["blue"] == blue - 3
    assert units[0].hp == units[0].unit.health and units[2].hp == units[2].unit.health


def test_catch_up_tie_goes_to_the_team_whose_turn_it_is_ALL_21(cat):
    """ALL-21: "If tied, the team whose turn it is gains the benefit". Team a (3 favor) catches up with team
    b (5) when a Kunlun unit defeats an Amazon unit: 5 against 5. On a Parthian turn (a defeat by
    Retaliate, Cover, ...) team b's players are asked; on a Lamosian turn team a's players are."""
    for active, team in ((3, 1), (2, 0)):
        g, s, ctrls, units, _ = _catch_up_board(cat)
        set_track(s, 0, 3)
        set_track(s, 1, 5)
        s.active = active
        victim = put(s, 1, spare(s, 1).unit.id, 40, hp=1)
        clear(ctrls)
        rules.defeat(g, victim, source=units[0], source_troop=0)
        assert s.favor_total == [5, 5] and s.rewards == [1, 1]
        for p in range(4):
            assert bool(asked(ctrls[p], "catch-up")) == (s.teams[p] == team), (active, p)


def test_catch_up_follows_every_reward_the_fourth_too_ALL_21_R_ALL_3(cat):
    """ALL-21, ruling R-ALL-3: Alliance grants the catch-up "when a team reaches one of the reward spaces",
    so it follows the fourth reward too (unlike SKR-8): team a reaches its fourth reward, team b is asked."""
    g, s, ctrls, units, _ = _catch_up_board(cat)
    set_track(s, 0, 19)
    clear(ctrls)
    s.mode.gain_favor(g, 0, 1, "test")
    assert s.rewards[0] == 4
    assert asked(ctrls[1], "catch-up") and asked(ctrls[3], "catch-up")
    assert not asked(ctrls[0], "catch-up") and not asked(ctrls[2], "catch-up")


def test_catch_up_counts_all_favor_gained_at_once_first_ALL_21_R_ALL_3(cat):
    """ALL-21, ruling R-ALL-3 ("totals are compared after the gain that reached the reward"): team a, on 4, gains 6
    at once against team b's 8: it passes the first and second rewards, and by then has 10 against 8, so
    team b is the team behind after both rewards (counting as the bead moves would give team a the first)."""
    g, s, ctrls, units, _ = _catch_up_board(cat)
    set_track(s, 0, 4)
    set_track(s, 1, 8)
    clear(ctrls)
    s.mode.gain_favor(g, 0, 6, "test")
    assert s.rewards == [2, 1]
    assert len(asked(ctrls[1], "catch-up")) == 2 and len(asked(ctrls[3], "catch-up")) == 2
    assert not asked(ctrls[0], "catch-up") and not asked(ctrls[2], "catch-up")


def test_catch_up_compares_the_same_total_whatever_the_order_of_gains_ALL_21(cat):
    """ALL-21: the catch-up goes to "the team with the least total crowd favor". Team a earns 23 favor in
    two ways: 18 then 5, or 20 then 3. Whatever "total" means (the bead, which stops on the last space, or
    all favor earned), team a's total is the same in both games, so the same team must get the catch-up when
    team b then reaches 20 (its fourth reward) on a team a turn, its unit defeating a Kunlun unit (by
    Retaliate, say). (Fails on alliance.py as written: the team total counts the favor that overflows the
    track on the gain that fills it, 18 + 5 = 23, but nothing once the bead stands on 20, 20 + 3 = 20; so
    team b is behind in the first game and tied, the catch-up going to team a, in the second.)"""
    seen = []
    for split in ((18, 5), (20, 3)):
        g, s, ctrls, units, _ = _catch_up_board(cat)
        for n in split:
            s.mode.gain_favor(g, 0, n, "test")
        assert s.favor[0] == 20 and s.troops[0].favor_total == 23
        set_track(s, 1, 18)
        s.active = 2
        victim = put(s, 0, spare(s, 0).unit.id, 40, hp=1)
        clear(ctrls)
        rules.defeat(g, victim, source=units[1], source_troop=1)
        assert s.favor[1] == 20 and s.rewards[1] == 4
        seen.append({p for p in range(4) if asked(ctrls[p], "catch-up")})
    assert all(seen) and seen[0] == seen[1], seen


# --- turn order (ALL-22) ------------------------------------------------------------------------


def test_turn_steps_in_order_without_replenish_ALL_22(cat):
    """ALL-22: a player turn is: check stone hexes, deployment, tactic placement, movement, abilities,
    engage; no replenish step. The stone check comes before the deployment: Kunlun's unit on a stone brings
    team a from 4 to 5 favor, the first reward flips Kunlun's hero, and the same turn's deployment offers it.
    In whole greedy games, the active player's decisions come in the step order in every turn."""
    g, s, ctrls = build(cat)
    names = [name for name, _ in s.mode.turn_of(g, 0).steps]
    assert names == ["start", "arena", "deployment", "tactic", "movement", "abilities", "engage"]
    put(s, 0, "kunlun/warrior", s.grid.tagged("stone")[0])
    s.mode.gain_favor(g, 0, 4, "test")
    feng = hero(s, 0)
    assert not feng.active
    clear(ctrls)
    play_turn(g, s.mode.turn_of(g, 0))
    assert s.favor[0] == 5 and feng.active
    assert feng.uid in {uid for uid, _ in asked(ctrls[0], "deploy")[0]}

    rank = {"deploy": 1, "tactic": 2, "move": 3, "ability": 4, "engage": 5}
    seen = []

    class Spy:
        def __init__(self, inner):
            self.inner = inner

        def choose(self, g_, troop, decision, options, *, optional):
            if troop == g_.state.active and decision in rank:
                seen.append(((seed, g_.state.turn), rank[decision]))
            return self.inner.choose(g_, troop, decision, options, optional=optional)

    for seed in (3, 4):
        rng = np.random.default_rng(seed)
        play(cat, GameSpec("alliance", FACTIONS, max_rounds=8), [Spy(make("greedy", rng=rng)) for _ in range(4)],
             rng=rng)
    by_turn: dict[int, list] = {}
    for t, r in seen:
        by_turn.setdefault(t, []).append(r)
    assert all(rs == sorted(rs) for rs in by_turn.values())
    assert sum(len(set(rs)) >= 3 for rs in by_turn.values()) >= 2


# --- forfeit (ALL-23, ALL-24) -------------------------------------------------------------------


def test_team_forfeits_when_neither_teammate_has_units_and_the_player_cannot_deploy_ALL_23(cat):
    """ALL-23: in a player's Deployment Step, if their team has no units in combat and the player cannot
    deploy, the team forfeits and loses at once. The Amazons player's camp is empty (its units discarded,
    its hero inactive) and the Parthians have nothing in combat: team b forfeits, team a wins. With a
    Parthian unit in combat there is no forfeit; nor when the Amazons player can still deploy."""
    def empty_camp(s):
        for u in s.zone(1, CAMP):
            if u.active:
                u.zone = DISCARD

    g, s, _ = build(cat)
    empty_camp(s)
    s.active = 1
    play_turn(g, s.mode.turn_of(g, 1))
    assert s.end_reason == "the blue team forfeits" and s.winner_team == 0
    res = s.mode.result(g, GameSpec("alliance", FACTIONS))
    assert [t.outcome for t in res.troops] == [WON, LOST, WON, LOST]

    g, s, _ = build(cat)
    empty_camp(s)
    put(s, 3, spare(s, 3).unit.id, 28)
    s.active = 1
    play_turn(g, s.mode.turn_of(g, 1))
    assert s.end_reason is None and not s.in_combat(1)

    g, s, _ = build(cat)
    s.active = 1
    play_turn(g, s.mode.turn_of(g, 1))
    assert s.end_reason is None and len(s.in_combat(1)) == 1


def test_a_player_whose_primary_hero_fell_plays_on_ALL_24(cat):
    """ALL-24: the Amazons player's primary hero is defeated while the Parthian hero still stands: the game
    goes on, the Amazons player keeps its turns with the rest of its troop (it deploys a unit) and its hero,
    in the discard, is never offered again."""
    g, s, ctrls = build(cat)
    killer = put(s, 0, "kunlun/warrior", 28)
    h1 = hero(s, 1)
    put_in_combat(s, h1.uid, s.grid.neighbours[28][0])
    rules.defeat(g, h1, source=killer, source_troop=0)
    assert s.end_reason is None
    assert [t.troop for t in s.mode.round_turns(g)] == s.order and 1 in s.order
    s.active = 1
    clear(ctrls)
    play_turn(g, s.mode.turn_of(g, 1))
    assert s.end_reason is None and len(s.in_combat(1)) == 1
    assert h1.zone == DISCARD and all(uid != h1.uid for uid, _ in asked(ctrls[1], "deploy")[0])


# --- core rules across teammates (ALL-25 .. ALL-28) ---------------------------------------------


def test_tactic_targets_own_units_and_adjacent_units_of_any_other_troop_ALL_25(cat):
    """ALL-25 (TAC-2): a player may play a tactic on their own non-elite units (anywhere) or on a non-elite
    unit of any other troop, teammate's or opponent's, adjacent to one of their own units; never on an elite
    unit, nor on a teammate's unit that is not adjacent."""
    g, s, ctrls = build(cat)
    me = put(s, 0, "kunlun/warrior", 28)
    own_far = put(s, 0, "kunlun/attacker-2", s.grid.at_distance(28, 4)[0])
    nb = s.grid.neighbours[28]
    mate_adj = put(s, 2, "lamosians/beast-1", nb[0])
    opp_adj = put(s, 1, "amazons/attacker-3", nb[1])
    opp3_adj = put(s, 3, "parthians/attacker-2", nb[2])
    mate_hero = hero(s, 2)
    put_in_combat(s, mate_hero.uid, nb[3])
    far = [h for h in s.grid.at_distance(28, 3) if s.grid.dist[h][own_far.hex] > 1 and s.board[h] < 0]
    mate_far = put(s, 2, "lamosians/attacker-1", far[0])
    opp_far = put(s, 1, "amazons/attacker-2", far[1])
    assert all(s.grid.dist[u.hex][own_far.hex] > 1 for u in (mate_far, opp_far, mate_adj, opp_adj))
    want = {me.uid, own_far.uid, mate_adj.uid, opp_adj.uid, opp3_adj.uid}
    assert {u.uid for u in rules.tactic_targets(s, 0)} == want
    turn.tactic_step(g, 0)
    assert {uid for _, uid in asked(ctrls[0], "tactic")[0]} == want
    assert mate_far.uid not in want and opp_far.uid not in want and mate_hero.uid not in want


def test_teammates_units_block_moves_and_deployments_ALL_26(cat):
    """ALL-26 (MOV-2, DEP-5): the teammate's units block like any unit. A Kunlun unit ringed by Lamosian
    units cannot move at all (it may not pass through them); a Lamosian unit on a red deployment hex
    leaves Kunlun only the other five."""
    g, s, ctrls = build(cat)
    me = put(s, 0, "kunlun/warrior", 28)
    for k, h in enumerate(s.grid.neighbours[28]):
        put_in_combat(s, spare(s, 2).uid, h)
    assert rules.can_move(s, me) and rules.movement_of(s, me) >= 1
    clear(ctrls)
    turn.movement_step(g, 0)
    assert not any(uid == me.uid for opts in asked(ctrls[0], "move") for uid, _ in opts)
    assert me.hex == 28

    g, s, ctrls = build(cat)
    red = s.mode.deployment_hexes(s, 0)
    put_in_combat(s, spare(s, 2).uid, red[0])
    s.mode.deployment(g, 0)
    offered = {h for _, h in asked(ctrls[0], "deploy")[0]}
    assert offered == set(red) - {red[0]}


def test_isolated_and_outnumbered_count_both_teammates_units_ALL_27(cat):
    """ALL-27 (UNIT-10): a unit's team includes its teammate's units. A Kunlun unit with a Lamosian unit in
    combat is not isolated, and with two opponents (one Amazon, one Parthian) against the two of its team
    it is not outnumbered; without the Lamosian unit it is isolated and outnumbered (1 against 2); with
    the Lamosian back and a third opponent, outnumbered again (2 against 3)."""
    g, s, _ = build(cat)
    me = put(s, 0, "kunlun/warrior", 28)
    mate = put(s, 2, "lamosians/beast-1", 30)
    put(s, 1, "amazons/attacker-3", 40)
    put(s, 3, "parthians/attacker-2", 12)
    assert not rules.is_isolated(s, me) and not rules.is_outnumbered(s, me)
    assert not rules.is_isolated(s, mate) and not rules.is_outnumbered(s, mate)
    rules.defeat(g, mate)
    assert rules.is_isolated(s, me) and rules.is_outnumbered(s, me)
    mate2 = put(s, 2, "lamosians/attacker-1", 30)
    assert not rules.is_isolated(s, me) and not rules.is_outnumbered(s, me)
    put(s, 3, "parthians/beast-2", 14)
    assert rules.is_outnumbered(s, me) and rules.is_outnumbered(s, mate2) and not rules.is_isolated(s, me)


def test_simultaneous_effects_resolve_in_turn_order_from_the_active_player_ALL_28(cat):
    """ALL-28 (SKL-4): effects triggered at once resolve troop by troop in turn order starting with the
    active player, teams interleaved. First seat 1 (order 1, 2, 3, 0): with each player active in turn, one
    effect of every troop (two of the Lamosians', ordered by their player, "trigger-order") resolves in the
    order from the active player round the table."""
    g, s, ctrls = build(cat, first=1)
    assert s.order == [1, 2, 3, 0]
    holders = [put(s, 0, "kunlun/warrior", 28), put(s, 3, "parthians/attacker-2", 30),
               put(s, 2, "lamosians/beast-1", 40), put(s, 1, "amazons/attacker-3", 12),
               put(s, 2, "lamosians/attacker-1", 45)]
    for active in s.order:
        s.active = active
        k = s.order.index(active)
        want = s.order[k:] + s.order[:k]
        assert rules.turn_order_from_active(s) == want
        assert [s.teams[p] for p in want] == [s.teams[active], 1 - s.teams[active]] * 2
        ran = []
        clear(ctrls)
        rules.resolve_triggered(g, [(h, "test", None, None) for h in holders], lambda e: ran.append(e[0].troop))
        assert ran == [p for p in want for _ in range(2 if p == 2 else 1)]
        assert asked(ctrls[2], "trigger-order") and not asked(ctrls[0], "trigger-order")


# --- whole games --------------------------------------------------------------------------------


def check_invariants(g, t) -> None:
    """After every turn: HP within bounds, the board and the units agree, health chips conserved per colour
    (tests/test_mode_contract.py), and Alliance's own: teammates draw one colour; each team's bead within
    the track with exactly the rewards below it claimed; a camp hero inactive until the first reward; the
    track hero on the track until the fourth."""
    s = g.state
    held: dict[str, int] = {}
    for u in s.units:
        if u.zone == COMBAT:
            assert 0 < u.hp <= u.unit.health + u.hp_gained, (u.name, u.hp)
            assert s.board[u.hex] == u.uid
            held[s.supply_of(u.troop)] = held.get(s.supply_of(u.troop), 0) + u.hp
        else:
            assert u.hex == -1 or s.board[u.hex] != u.uid
    for h, uid in enumerate(s.board):
        assert uid < 0 or (s.units[uid].zone == COMBAT and s.units[uid].hex == h)
    for key, start in s.supply_start.items():
        assert s.supply[key] >= 0 and s.supply[key] + held.get(key, 0) == start, (key, t.header)
    for team in (0, 1):
        a, b = s.mates(team)
        assert s.supply_of(a) == s.supply_of(b)
        assert 0 <= s.favor[team] <= SPACES[-1]
        assert s.rewards[team] == sum(1 for sp in SPACES if sp <= s.favor[team]), (team, s.favor, s.rewards)
        assert s.troops[a].favor_total + s.troops[b].favor_total >= s.favor_total[team] >= s.favor[team]
        camp_hero = hero(s, s.camp_hero[team])
        assert camp_hero.active == (s.rewards[team] >= 1), (team, s.rewards)
        assert (hero(s, s.track_hero[team]).zone == TRACK) == (s.rewards[team] < 4), (team, s.rewards)


def test_whole_games_end_with_consistent_team_results_and_conserved_chips_ALL_2_ALL_10_ALL_23(cat):
    """800 seeded greedy games and 200 random ones, four different factions drawn per game: every game ends
    (a team win or the round cap), the invariants hold after every turn, the four troops are on teams
    a, c / b, d, teammates share one outcome; a team win means both opposing primary heroes defeated
    (ALL-2) or the other team's forfeit, named by its side (ALL-23); the round cap is a draw for all."""
    factions = sorted(cat.factions)
    ends = {"heroes": 0, "forfeit": 0, "cap": 0}
    for policy, n in (("greedy", 800), ("random", 200)):
        for seed in range(n):
            rng = np.random.default_rng(seed)
            pick = tuple(factions[int(i)] for i in rng.choice(len(factions), size=4, replace=False))
            res = play(cat, GameSpec("alliance", pick, max_rounds=40), [make(policy, rng=rng) for _ in range(4)],
                       rng=rng, after_turn=check_invariants)
            tr = res.troops
            assert res.end_reason and res.end_reason != "unfinished", (policy, seed)
            assert [t.team for t in tr] == [0, 1, 0, 1] and [t.faction for t in tr] == list(pick)
            assert tr[0].side == tr[2].side != tr[1].side == tr[3].side
            assert tr[0].outcome == tr[2].outcome and tr[1].outcome == tr[3].outcome
            win = res.extras["winner_team"]
            if win is None:
                assert res.capped and all(t.outcome == DRAW for t in tr), (policy, seed, res.end_reason)
                ends["cap"] += 1
                continue
            w = TEAM_NAMES.index(win)
            assert all(t.outcome == (WON if t.team == w else LOST) for t in tr), (policy, seed)
            losers = [t for t in tr if t.team != w]
            if res.end_reason == "both opposing primary heroes defeated":
                assert all(t.extras["hero_defeated"] == 1 for t in losers), (policy, seed)
                ends["heroes"] += 1
            else:
                assert res.end_reason == f"the {losers[0].side} team forfeits", (policy, seed, res.end_reason)
                ends["forfeit"] += 1
    assert ends["heroes"] > 0 and ends["cap"] > 0 and ends["forfeit"] > 0, ends


# --- pinned by mutation testing (formerly tests/engine/test_alliance_pinned.py) ---------------------------------------
def _played(cat, first=1):
    """A game in round 9 with made-up counts per troop (troop i: deployed 3+i, damage 7+i, ...), first seat 1
    (team b red), seat 3 keeping its hero in camp for team b, seat 2 for team a."""
    picks = {1: {"alliance-hero": lambda o: 3}, 2: {"alliance-hero": lambda o: 2}}
    g, s, ctrls = build(cat, first=first, picks=picks)
    s.round = 9
    for i, t in enumerate(s.troops):
        t.deployed, t.damage_dealt, t.kills, t.units_lost = 3 + i, 7 + i, 2 + i, 1 + i
        t.tactic_damage, t.tactic_kills, t.favor_total = 1 + i, i, 10 + i
    s.favor_total[:], s.rewards[:] = [22, 24], [3, 4]
    return g, s


# --------------------------------------------------------------------------- the result (ALL-2, ALL-6, ALL-21)


def test_result_reports_each_troops_team_counts_hero_and_the_team_tracks_ALL_2_ALL_6_ALL_16(cat):
    """The result per troop: seat, faction, side (its team's colour: ALL-4), team (even seats 0, odd 1: ALL-3),
    outcome shared by teammates (ALL-2), counts, its own favor and its team's rewards (ALL-16), whether its
    primary hero was defeated and whether it was the hero that started in camp (ALL-6); per game: mode, ruleset,
    Pozzuoli, factions, rounds, end, first player, the winning team's letter and each team's favor and rewards.
    Unfinished: a draw for all, no winning team."""
    g, s = _played(cat)
    r = s.mode.result(g, GameSpec("alliance", FACTIONS))
    assert (r.mode, r.ruleset, r.arena, r.factions, r.rounds, r.first_player) == (
        "alliance", RULESET, "pozzuoli", FACTIONS, 9, 1)
    assert r.end_reason == "unfinished" and r.log is s.log
    assert r.extras == {"winner_team": None, "team_favor": {"a": 22, "b": 24}, "team_rewards": {"a": 3, "b": 4}}
    assert [t.outcome for t in r.troops] == [DRAW] * 4
    sides = ["blue", "red", "blue", "red"]
    for i, tr in enumerate(r.troops):
        assert (tr.seat, tr.faction, tr.side, tr.team) == (i, FACTIONS[i], sides[i], i % 2)
        assert (tr.units_deployed, tr.damage_dealt, tr.kills, tr.units_lost) == (3 + i, 7 + i, 2 + i, 1 + i)
        assert (tr.crowd_favor, tr.rewards, tr.tactic_damage, tr.tactic_kills) == (10 + i, [3, 4][i % 2], 1 + i, i)
        assert tr.extras == {"hero_defeated": 0, "hero_in_camp": int(i in (2, 3))}
    # the chips that could take part: camp and combat chips, not the unchosen ones in the bag nor the track heroes
    seen = {(u.seat, u.unit_id) for u in r.units}
    for u in s.units:
        assert ((u.troop, u.unit.id) in seen) == (u.zone not in (BAG, TRACK)), (u.name, u.zone)
    # team b's primary heroes fall: team a (seats 0 and 2) wins
    for p in (1, 3):
        h = hero(s, p)
        if h.zone == TRACK:
            rules.return_to_camp(g, h, active=True)
        put_in_combat(s, h.uid, [28, 40][p // 2])
        rules.defeat(g, h)
    r = s.mode.result(g, GameSpec("alliance", FACTIONS))
    assert r.end_reason == "both opposing primary heroes defeated" and r.extras["winner_team"] == "a"
    assert [t.outcome for t in r.troops] == [WON, LOST, WON, LOST]
    assert [t.extras["hero_defeated"] for t in r.troops] == [0, 1, 0, 1]
    assert any(u.seat == 1 and u.unit_id == hero(s, 1).unit.id and u.defeated for u in r.units)


def test_team_b_wins_for_odd_seats_ALL_2(cat):
    g, s = _played(cat)
    s.mode.team_wins(g, 1, "test win")
    r = s.mode.result(g, GameSpec("alliance", FACTIONS))
    assert r.extras["winner_team"] == "b" and [t.outcome for t in r.troops] == [LOST, WON, LOST, WON]
    assert s.winner_team == 1 and s.end_reason == "test win"


def test_only_the_first_end_counts_and_names_the_winning_pair_ALL_2_ALL_23(cat):
    """A team win ends the game once: a later forfeit or win changes neither the reason nor the winner; the end
    line names both teammates of the winning team; a draw (round cap) names no winner."""
    g, s = _played(cat)
    s.mode.team_wins(g, 0, "the red team forfeits")
    s.mode.team_wins(g, 1, "both opposing primary heroes defeated")
    assert s.winner_team == 0 and s.end_reason == "the red team forfeits"
    assert s.log[-1] == f"Game over: the red team forfeits; {FACTIONS[0]} and {FACTIONS[2]} win"
    assert sum(line.startswith("Game over") for line in s.log) == 1
    assert s.mode.end_text(g, "x", None) == f"Game over: x; {FACTIONS[0]} and {FACTIONS[2]} win"
    g, s = _played(cat)
    assert s.mode.end_text(g, "round cap (60) reached", None) == "Game over: round cap (60) reached; draw"
    s.winner_team = 1
    assert s.mode.end_text(g, "y", None) == f"Game over: y; {FACTIONS[1]} and {FACTIONS[3]} win"


def test_rows_of_a_won_game_name_the_team_its_pair_and_the_camp_heroes_ALL_2_ALL_6(cat):
    """`Alliance.rows`: the winner is the team's letter (a: seats a and c), the winning factions joined, rounds,
    end, first seat, the third and fourth factions, which seat of each team kept its hero in camp (ALL-6), each
    team's favor and rewards, per seat its counts and whether its hero fell; one units row per chip that could
    take part, `won` for the winning team's chips only. `is_success` is a win of team a."""
    g, s = _played(cat)
    s.mode.team_wins(g, 1, "the red team forfeits")
    r = s.mode.result(g, GameSpec("alliance", FACTIONS))
    head = {"matchup": "m1", "arena": "pozzuoli", "game": 7, "faction_a": FACTIONS[0], "faction_b": FACTIONS[1]}
    rows = Alliance.rows(r, head, lambda uid: cat.units[uid].kind if uid in cat.units else None)
    (row,) = rows["games"]
    assert {k: row[k] for k in head} == head
    assert (row["winner"], row["winner_factions"], row["rounds"], row["end_reason"]) == (
        "b", f"{FACTIONS[1]}+{FACTIONS[3]}", 9, "the red team forfeits")
    assert (row["first_seat"], row["faction_c"], row["faction_d"]) == ("b", FACTIONS[2], FACTIONS[3])
    assert (row["camp_hero_a"], row["camp_hero_b"]) == ("c", "d")
    assert (row["team_a_favor"], row["team_b_favor"], row["team_a_rewards"], row["team_b_rewards"]) == (22, 24, 3, 4)
    for x, i in zip("abcd", range(4)):
        assert (row[f"{x}_units_deployed"], row[f"{x}_damage_dealt"], row[f"{x}_kills"], row[f"{x}_units_lost"],
                row[f"{x}_crowd_favor"], row[f"{x}_hero_defeated"]) == (3 + i, 7 + i, 2 + i, 1 + i, 10 + i, 0)
    assert set(row) == set(head) | set(Alliance.columns["games"])
    units = rows["units"]
    assert len(units) == len(r.units) > 0 and all(u["game"] == 7 for u in units)
    assert {u["side"] for u in units} == set("abcd")
    assert all(u["won"] is (u["side"] in "bd") for u in units)
    assert "hero" in {u["kind"] for u in units}
    assert not Alliance.is_success(row) and Alliance.is_success({**row, "winner": "a"})
    assert not Alliance.is_success({})


def test_rows_of_a_draw_have_no_winner_ALL_2(cat):
    g, s = _played(cat, first=0)
    s.end_reason = "round cap (60) reached"
    r = s.mode.result(g, GameSpec("alliance", FACTIONS))
    (row,) = Alliance.rows(r, {"matchup": "m", "arena": "pozzuoli", "game": 1}, lambda uid: None)["games"]
    assert (row["winner"], row["winner_factions"], row["first_seat"]) == (None, None, "a")
    assert (row["camp_hero_a"], row["camp_hero_b"]) == ("a", "d")  # seat a kept its own, seat b chose seat d
    assert not Alliance.is_success(row)


# --------------------------------------------------------------------------- set-up (ALL-3 .. ALL-10)


def test_setup_state_narration_and_mode_ALL_3_ALL_4_ALL_10(cat):
    """`setup`: Pozzuoli's grid and an empty board, the full supply (ALL-10) also as the start supply, seats on
    alternating teams (ALL-3), every chip in the bag until chosen, the turn order from the first player,
    narrated with each faction's side; no log unless asked; the mode object is an Alliance, or the one given."""
    s = setup(cat, list(FACTIONS), rng=np.random.default_rng(0), first_player=2, log=True)
    assert isinstance(s, AllianceState) and isinstance(s.mode, Alliance)
    assert s.grid.n == len(s.board) and all(b == -1 for b in s.board)
    assert s.supply == s.supply_start == dict(cat.game.health_chips) and s.supply is not s.supply_start
    assert s.teams == [0, 1, 0, 1] and s.players == [0, 1, 2, 3] and s.first == 2 and s.order == [2, 3, 0, 1]
    assert [team_of_seat(p) for p in range(6)] == [0, 1, 0, 1, 0, 1]
    for u in s.units:  # the non-elite chips in the bag until chosen (ALL-9), the primary heroes in camp, inactive
        assert (u.zone, u.active) == ((CAMP, False) if u.is_primary_hero else (BAG, True)), u.name
    assert s.camp_hero == [-1, -1] and s.track_hero == [-1, -1] and s.winner_team is None
    assert s.log == [f"Set-up: {FACTIONS[2]} (red), {FACTIONS[3]} (blue), {FACTIONS[0]} (red), {FACTIONS[1]} (blue)"
                     f" in turn order; {FACTIONS[2]} goes first"]
    assert s.mates(0) == [0, 2] and s.mates(1) == [1, 3]
    assert setup(cat, list(FACTIONS), rng=np.random.default_rng(0), first_player=2).log is None
    mode = Alliance()
    assert setup(cat, list(FACTIONS), rng=np.random.default_rng(0), mode=mode).mode is mode
    assert Alliance.setup_state is setup or Alliance.setup_state == setup


def test_begin_narrates_the_heroes_and_the_choices_ALL_6_ALL_9(cat):
    """ALL-6, ALL-9: the set-up choices are narrated: whose hero waits in camp, whose hero stands on which
    team's fourth reward, each player's six units chosen face down (their names hidden)."""
    g, s, _ = build(cat, first=1, picks={1: {"alliance-hero": lambda o: 3}})
    h1 = hero(s, 1)
    log = "\n".join(s.log)
    assert (f"{FACTIONS[3]}'s hero waits in camp; {FACTIONS[1]}'s hero {h1.name} stands on the red team's "
            f"fourth reward") in log
    assert (f"{FACTIONS[0]}'s hero waits in camp; {FACTIONS[2]}'s hero {hero(s, 2).name} stands on the blue "
            f"team's fourth reward") in log
    for f in FACTIONS:
        assert f"{f} chooses six units, face down" in log
    # the camp heroes are the camp's, inactive; the track heroes on the track, active
    assert hero(s, 3).zone == CAMP and not hero(s, 3).active and h1.zone == TRACK and h1.active


def test_result_names_the_unimplemented_skills_none_in_the_catalog(cat):
    """The result names the skills on the game's chips that the engine does not play (a sorted tuple; the
    Remastered catalog has none)."""
    from hoplostat.engine.registry import unimplemented_in_game

    g, s = _played(cat)
    r = s.mode.result(g, GameSpec("alliance", FACTIONS))
    assert r.unimplemented == unimplemented_in_game(s) == ()


# --------------------------------------------------------------------------- the turn (ALL-22)


def test_turn_header_names_the_round_the_faction_and_its_side_ALL_22(cat):
    g, s, _ = build(cat, first=1)
    s.round = 4
    t = s.mode.turn_of(g, 2)
    assert t.troop == 2 and t.header == f"-- Round 4, {FACTIONS[2]} (blue) turn"
    assert [x.troop for x in s.mode.round_turns(g)] == [1, 2, 3, 0]


# --------------------------------------------------------------------------- crowd favor (ALL-14 .. ALL-21)


def test_stone_favor_is_narrated_with_its_reason_ALL_15(cat):
    g, s, _ = build(cat)
    put(s, 0, "kunlun/warrior", s.grid.tagged("stone")[0])
    s.mode.check_stones(g, 0)
    assert s.log[-1] == f"{FACTIONS[0]} (red) earns 1 crowd favor (1 stone hex(es)), team bead on 1"


def test_defeat_favor_is_narrated_with_the_defeat_ALL_14(cat):
    g, s, _ = build(cat)
    kun = put(s, 0, "kunlun/attacker-2", 28)
    v = put(s, 1, "amazons/attacker-3", s.grid.neighbours[28][0], hp=1)
    rules.defeat(g, v, source=kun, source_troop=0)
    assert f"{FACTIONS[0]} (red) earns 2 crowd favor ({kun.name} defeated {v.name}), team bead on 2" in s.log


def test_no_favor_moves_nothing_and_says_nothing_ALL_16(cat):
    """Gaining 0 favor moves no bead, adds to no total, and is not narrated."""
    g, s, _ = build(cat)
    n = len(s.log)
    s.mode.gain_favor(g, 0, 0, "nothing")
    assert s.favor == [0, 0] and s.favor_total == [0, 0] and s.troops[0].favor_total == 0 and len(s.log) == n


def test_a_full_track_counts_the_favor_but_the_bead_stays_silent_ALL_16_CF_2(cat):
    """ALL-16, CF-2: nothing after the last reward. With the bead on 20, more favor still counts in the totals
    (the catch-up compares all favor earned, ALL-21) but the bead does not move, no reward is claimed and the
    log says nothing of a bead moving."""
    g, s, ctrls = build(cat)
    set_track(s, 0, 20)
    n = len(s.log)
    clear(ctrls)
    s.mode.gain_favor(g, 0, 3, "test")
    assert s.favor[0] == 20 and s.favor_total[0] == 23 and s.troops[0].favor_total == 3 and s.rewards[0] == 4
    assert len(s.log) == n and not any(c.asked for c in ctrls)


def test_catch_up_goes_to_team_a_when_it_is_behind_ALL_21(cat):
    """ALL-21: the team with less total favor catches up, whichever team it is. Team b reaches its first reward
    (5 against team a's 3): the Kunlun and Lamosian players (team a) are asked, nobody of team b."""

    g, s, ctrls, units, _ = _catch_up_board(cat)
    set_track(s, 0, 3)
    s.active = 1
    clear(ctrls)
    s.mode.gain_favor(g, 1, 5, "test")
    assert s.rewards == [0, 1] and s.favor_total == [3, 5]
    assert [bool(asked(ctrls[p], "catch-up")) for p in range(4)] == [True, False, True, False]
    assert asked(ctrls[0], "catch-up") == [[units[0].uid]]


def test_catch_up_after_fourth_when_the_switch_is_chosen_yes_R_ALL_3(cat):
    """Ruling R-ALL-3 chosen explicitly (`alliance-catch-up-after-fourth = yes`, the default): the catch-up follows
    all four rewards, as with no switch chosen."""
    from engine.test_ruling_switches import _alliance_catch_ups

    assert _alliance_catch_ups(cat, {"alliance-catch-up-after-fourth": "yes"}) == 2 * 4


def test_rewards_are_narrated_ALL_17_ALL_18_ALL_19_ALL_20(cat):
    """Each reward claimed is narrated with the team's side, and its effect: the camp hero flipped (ALL-17), the
    tactics taken back (ALL-18), each unit returned from the discard (ALL-19), the track hero into its owner's
    camp, active (ALL-20)."""
    g, s, _ = build(cat)
    s.troops[0].tactics_discard.append(s.troops[0].tactics_camp.pop())
    u = spare(s, 0)
    put_in_combat(s, u.uid, 28)
    rules.defeat(g, u)
    n = len(s.log)
    s.mode.gain_favor(g, 0, 20, "test")
    log = s.log[n:]
    for k in (1, 2, 3, 4):
        assert f"the red team claims crowd favor reward {k}" in log
    assert f"{hero(s, 0).name} is flipped to its active side" in log
    assert f"{FACTIONS[0]} takes its discarded tactics back to its camp" in log
    assert f"{u.name} returns from the discard to the camp" in log
    assert f"{FACTIONS[2]} takes its primary hero {hero(s, 2).name} into its camp, active" in log


# --------------------------------------------------------------------------- forfeit (ALL-23)


def test_team_forfeits_even_when_the_opponents_have_units_in_combat_ALL_23(cat):
    """ALL-23 counts the player's own team only: the opponents' units in combat do not save a team with
    nothing in combat whose player cannot deploy."""
    g, s, _ = build(cat)
    for u in s.zone(1, CAMP):
        if u.active:
            u.zone = DISCARD
    put(s, 0, spare(s, 0).unit.id, 28)
    put(s, 2, spare(s, 2).unit.id, 40)
    s.active = 1
    s.mode.deployment(g, 1)
    assert s.end_reason == "the blue team forfeits" and s.winner_team == 0


def test_result_names_a_skill_the_engine_does_not_play(cat):
    """A chip carrying a skill the engine has no implementation of is reported in the result (played as blank,
    never silently): here a made-up skill on one Kunlun chip."""
    import dataclasses

    g, s = _played(cat)
    u = next(x for x in s.units if x.troop == 0 and x.unit.skills)
    fake = dataclasses.replace(u.unit.skills[0], id="made-up-skill")
    u.unit = dataclasses.replace(u.unit, skills=(*u.unit.skills, fake))
    r = s.mode.result(g, GameSpec("alliance", FACTIONS))
    assert r.unimplemented == ("made-up-skill",)


def test_a_clones_turn_plays_on_the_clone_ALL_22(cat):
    """The turn's steps are cached per game (`steps_for`), and a clone (what a lookahead player simulates on)
    shares the mode object: a turn of the clone must deploy on the clone and leave the original game as it was."""
    from hoplostat.engine.loop import play_turn

    g, s, _ = build(cat)
    s.active = 0
    play_turn(g, s.mode.turn_of(g, 0))
    assert len(s.in_combat(0)) == 1  # the mandatory deployment (ALL-13)
    put(s, 0, "kunlun/warrior", s.grid.tagged("stone")[0])
    g2 = g.clone()
    s2 = g2.state
    assert s2.mode is s.mode
    play_turn(g2, s2.mode.turn_of(g2, 0))  # the same troop's turn: its steps are in the cache
    assert s2.favor[0] == 1 and s.favor[0] == 0  # the stone check (ALL-15) on the clone only
