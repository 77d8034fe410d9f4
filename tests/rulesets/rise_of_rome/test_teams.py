"""Rise of Rome, 2 x 2 on The Lost Cities' arena (mode `rise-of-rome-2x2`): ROR-86..ROR-89 and rulings
R-ROR-40..R-ROR-48, one test per rule id, each seen failing with a deliberate bug (named in its docstring).

Rise of Rome, 2 x 2 on The Lost Cities' arena (`rulesets/rise_of_rome/teams.py`): what the rule tests
(above) left unpinned, found by mutation testing (docs/testing.md): the
combined catalog, the set-up's meters and rewards per team, the turn's steps, the two-chips count, the team's CF
gladiator, Abilities once per round from its first turn, Consuming Impel's second attack, the meter's rewards
level by level, the favor for kills, the end, the result and its sweep rows.

Positions come from the mode's real set-up (`new` of the rule tests: seats a rome and c pompeii are team A on the
red side, b atlantis and d xanadu team B on the blue side, rome first; round 3, turn 9) with chips put on the
Pozzuoli map by hand (map: tests/rulesets/lost_cities/test_rules.py); dice are forced."""

from __future__ import annotations

import numpy as np
import pytest
from engine.enginekit import Scripted, put_in_combat

from hoplostat.catalog import load
from hoplostat.catalog.frozen import FrozenMap
from hoplostat.engine import rules
from hoplostat.engine.loop import DRAW, LOST, WON, GameSpec, mode_class, play
from hoplostat.engine.mode import SEAT_LETTERS
from hoplostat.engine.rules import FixedRoller, Game
from hoplostat.engine.state import BAG, CAMP, COMBAT, DISCARD, TRACK, PlacedTactic, UnitState
from hoplostat.engine.steps import engage_options
from hoplostat.errors import InputError
from hoplostat.policies import make
from hoplostat.rulesets.lost_cities.base import ARENA_CHIPS, LEVELS
from hoplostat.rulesets.lost_cities.mode import MOVE_ABILITIES
from hoplostat.rulesets.rise_of_rome import teams
from hoplostat.rulesets.rise_of_rome.base import STUN_FLIP
from hoplostat.rulesets.rise_of_rome.teams import CITIES, RiseOfRome2x2
from rulesets.lost_cities.test_rules import (
    BEAST_ATTACK,
    CRIMINAL_ATTACK,
    CRIMINAL_MOVE,
    RED_DEPLOY,
    STONES,
    Dice,
    acting_faces,
    arena_turn,
)

ROR = load(ruleset="rise-of-rome")
CAT = teams.play_catalog(ROR)
FACTIONS = ("rome", "atlantis", "pompeii", "xanadu")
"""Seats a (team A), b (team B), c (team A), d (team B)."""


def new(*, first=0, seed=7, picks=None):
    s = teams.setup(CAT, FACTIONS, rng=np.random.default_rng(seed), first_player=first, log=True)
    s.round, s.turn, s.active, s.round_start = 3, 9, first, 9
    ctrls = [Scripted(dict(picks or {})) for _ in range(4)]
    return Game(s, Dice(mode="all"), ctrls, np.random.default_rng(seed))


def step(g, troop, name):
    turn = g.state.mode.turn_of(g, troop)
    dict(turn.steps)[name]()


def put(g, troop, unit_id, h):
    """A chip of `troop` in combat on hex h (from its bag when there, else a new chip of that id)."""
    s = g.state
    found = [u for u in s.units if u.troop == troop and u.unit.id == unit_id and u.zone != COMBAT]
    if found:
        u = found[0]
    else:
        u = UnitState(len(s.units), CAT.unit(unit_id), troop)
        s.units.append(u)
    return s.units[put_in_combat(s, u.uid, h)]


def champion(g, troop, h):
    return put(g, troop, f"{FACTIONS[troop]}-champion", h)


def empty_bag(g, troop):
    s = g.state
    for u in s.units:
        if u.troop == troop and u.zone == BAG:
            u.zone = DISCARD
    s.troops[troop].tactics_bag.clear()
    s.troops[troop].arena_bag.clear()


def clear_hand(g, troop):
    s = g.state
    for u in s.units:
        if u.troop == troop and u.zone == CAMP and not u.is_primary_hero:
            u.zone = DISCARD
    s.troops[troop].tactics_camp.clear()
    s.troops[troop].cf_hand.clear()


# --------------------------------------------------------------------------- ROR-86


def test_a_team_wins_when_both_opposing_champions_have_fallen_ROR_86():
    """Deliberate bug seen failing: the game ending at the first champion's fall (PvP's rule)."""
    g = new()
    s = g.state
    heroes = [champion(g, p, h) for p, h in zip(range(4), (12, 19, 24, 29))]
    rules.damage(g, heroes[1], 99)  # atlantis, team B
    assert s.end_reason is None and heroes[1].zone != COMBAT
    rules.damage(g, heroes[0], 99)  # rome, team A
    assert s.end_reason is None
    rules.damage(g, heroes[3], 99)  # xanadu: team B's second champion
    assert s.end_reason == "both opposing champions defeated" and s.winner_team == 0
    res = s.mode.result(g, GameSpec("rise-of-rome-2x2", FACTIONS))
    assert [t.outcome for t in res.troops] == ["won", "lost", "won", "lost"]


def test_a_player_whose_champion_fell_plays_no_chips_but_its_gladiators_fight_on_ROR_86():
    """Deliberate bug seen failing: the fallen player's gladiators withdrawn, or its deployment still open."""
    g = new()
    s = g.state
    hero = champion(g, 1, 19)
    champion(g, 3, 24)
    glad = put(g, 1, "atlantis/attacker-1", 31)
    foe = put(g, 0, "rome/attacker-1", 30)
    rules.damage(g, hero, 99)
    assert glad.zone == COMBAT
    assert s.mode.chip_limit(s, 1) == 0 and s.mode.chip_limit(s, 3) == 2
    # it draws nothing more, and deploys nothing although its hand holds a gladiator
    s.turn, s.active = 10, 1
    before = [u.zone for u in s.units if u.troop == 1]
    step(g, 1, "draw")
    assert [u.zone for u in s.units if u.troop == 1] == before
    asked = g.controllers[1].asked
    step(g, 1, "deploy")
    assert not any(d in ("deploy", "tactic") for d, _ in asked)
    # its gladiator still attacks
    assert ("attack", glad.uid, foe.uid) in engage_options(g, glad)


# --------------------------------------------------------------------------- ROR-87


def test_each_player_draws_a_city_from_all_five_emblems_ROR_87_R_ROR_42():
    """Deliberate bug seen failing: the draw among Rise of Rome's two cities only (the catalog's)."""
    seen = set()
    for seed in range(40):
        spec = RiseOfRome2x2.default_spec(ROR, np.random.default_rng(seed))
        assert len(spec.factions) == 4 and len(set(spec.factions)) == 4
        seen |= set(spec.factions)
    assert seen == {"rome", "pompeii", "atlantis", "xanadu", "el-dorado"} == set(CITIES)


def test_a_bag_of_one_gladiator_of_each_type_two_chosen_tactics_and_two_prep_circles_ROR_87_R_ROR_41():
    """Deliberate bug seen failing: the whole city in the bag, or four circles."""
    g = new(picks={"select-tactic": lambda opts: opts[-1]})
    s = g.state
    s.mode.begin(g)
    rome = [u.unit.id for u in s.units if u.troop == 0 and u.zone == BAG]
    assert sorted(teams.gladiator_type(CAT.unit(x)) for x in rome) == ["archer", "attacker", "defender", "special",
                                                                       "tactician"]
    atl = [u.unit.id for u in s.units if u.troop == 1 and u.zone == BAG]
    assert len(atl) == 6 and "atlantis/brawler-1" in atl
    for p in range(4):
        t = s.troops[p]
        assert t.hand_size == 2 and len(t.tactics_bag) == 2 and t.health == "red"
    # R-ROR-48: one pool of both boxes' health chips (75 + 100); the arena's own supply
    assert s.supply_start == {"red": 175, "arena": 150}
    # secretly chosen: the controller's pick, the last offered each time
    assert [x.id for x in s.troops[0].tactics_bag] == ["rome/tactic-iv", "rome/adrenaline"]
    s.turn, s.active = 10, 0
    step(g, 0, "draw")
    assert teams.hand_count(s, 0) == 2


def test_lost_cities_chips_keep_their_own_rule_set_R_ROR_40():
    """Deliberate bug seen failing: every chip of the combined catalog tagged Rise of Rome."""
    assert CAT.unit("atlantis/attacker-1").ruleset == "lost-cities"
    assert CAT.unit("rome/attacker-1").ruleset == "rise-of-rome"
    assert CAT.arena("pozzuoli") and set(CITIES) <= set(CAT.factions)
    assert CAT.hash == ROR.hash


# --------------------------------------------------------------------------- ROR-88


def test_two_playable_chips_at_the_start_of_the_turn_or_the_champion_takes_2_ROR_88_R_ROR_43():
    """Deliberate bug seen failing: TLC's full-circles check kept, or the CF chips not counted."""
    g = new()
    s = g.state
    hero = champion(g, 0, 12)
    hp = hero.hp
    empty_bag(g, 0)
    clear_hand(g, 0)
    s.troops[0].tactics_camp.append(s.tactic_choices[0][0])
    s.active = 0
    step(g, 0, "draw")
    assert hero.hp == hp - 2  # one chip: 2 damage
    # one city chip and one shared CF chip: two, no damage
    cf = s.troops[s.keeper[0]].reward_tactics[0]
    s.troops[0].tactics_camp.append(cf)
    s.troops[0].cf_hand.append(cf)
    s.turn += 4
    step(g, 0, "draw")
    assert hero.hp == hp - 2
    # two city chips, bag empty: no damage (not TLC's five circles)
    g2 = new()
    h2 = champion(g2, 0, 12)
    empty_bag(g2, 0)
    clear_hand(g2, 0)
    g2.state.troops[0].tactics_camp.extend(g2.state.tactic_choices[0][:2])
    step(g2, 0, "draw")
    assert h2.hp == hp


def test_teammates_share_one_meter_and_its_rewards_ROR_88_R_ROR_47():
    """Deliberate bug seen failing: each player on its own meter."""
    g = new()
    s = g.state
    s.mode.gain_favor(g, 0, LEVELS[0] - 1, "test")
    s.mode.gain_favor(g, 2, 1, "test")  # rome's teammate pompeii completes level 1
    assert s.team_favor == [LEVELS[0], 0] and s.team_level == [1, 0]
    assert s.troops[0].level == s.troops[2].level == 1 and s.troops[1].level == 0
    assert s.troops[0].favor_total == LEVELS[0] - 1 and s.troops[2].favor_total == 1
    # the CF tactic goes to the teammate who reached the level
    assert s.troops[2].cf_hand and not s.troops[0].cf_hand
    s.mode.gain_favor(g, 0, LEVELS[3], "test")
    assert s.troops[0].cf_unlocked and s.troops[2].cf_unlocked and s.troops[0].all_deploy and s.troops[2].initiative
    # the team's CF gladiator is deployable by either teammate
    cfg = s.troops[s.keeper[0]].cf_gladiator
    assert any(uid == cfg for uid, _h in s.mode.gladiator_options(s, 2))
    assert any(uid == cfg for uid, _h in s.mode.gladiator_options(s, 0))
    assert not any(uid == cfg for uid, _h in s.mode.gladiator_options(s, 1))


def test_only_a_players_own_units_on_stones_earn_it_favor_ROR_88():
    """Deliberate bug seen failing: a teammate's unit on a stone counting for the player."""
    g = new()
    s = g.state
    put(g, 2, "pompeii/attacker-1", STONES[0])  # rome's teammate holds a stone
    step(g, 0, "draw")
    assert s.team_favor[0] == 0 and s.troops[0].favor_total == 0
    put(g, 0, "rome/attacker-1", STONES[1])
    s.turn += 4
    step(g, 0, "draw")
    assert s.troops[0].favor_total == 1 and s.team_favor[0] == 1


def test_abilities_help_teammates_once_per_round_on_either_turn_ROR_88_R_ROR_46():
    """Deliberate bug seen failing: Abilities once per turn (used again on the teammate's turn), or only the
    player's own units' Abilities offered."""
    g = new()
    s = g.state
    impeller = put(g, 0, "rome/tactician-1", 30)
    if not impeller.unit.has_skill("impel") and not impeller.unit.has_skill("consuming-impel"):
        sk = next(u for u in CAT.faction_units("rome") + CAT.faction_units("pompeii")
                  if u.has_skill("impel") or u.has_skill("consuming-impel"))
        rules.withdraw(g, impeller, DISCARD)
        impeller = put(g, 0 if sk.faction == "rome" else 2, sk.id, 30)
    mate = 2 if impeller.troop == 0 else 0
    ally = put(g, mate, f"{FACTIONS[mate]}/attacker-1", 31)
    picked = []

    def pick(opts):
        mine = [o for o in opts if o[0] == impeller.uid]
        if mine:
            picked.append(mine[0])
            return mine[0]
        return None

    for c in g.controllers:
        c.picks["ability"] = pick
    which = teams.ROR_ATTACK_ABILITIES
    # teammates are allies (Innates and Abilities help them), the arena's troop and the other team are not
    assert rules.same_team(s, 0, 2) and not rules.same_team(s, 0, 1) and not rules.same_team(s, 0, s.arena_troop)
    # on the teammate's turn, the impeller's Ability is offered to the player whose turn it is
    s.turn, s.active = 11, mate
    s.mode.ability_step(g, mate, which)
    assert len(picked) == 1 and picked[0][2] == (ally.uid,)
    # used this round: not offered again on its own player's turn of the same round
    s.turn, s.active = 12, impeller.troop
    s.mode.ability_step(g, impeller.troop, which)
    assert len(picked) == 1
    # the next round: offered again
    s.round, s.round_start, s.turn = 4, 14, 14
    s.mode.ability_step(g, impeller.troop, which)
    assert len(picked) == 2


# --------------------------------------------------------------------------- ROR-89


@pytest.mark.parametrize("first", range(4))
def test_turns_alternate_teams_a1_b1_a2_b2_ROR_89(first):
    """Deliberate bug seen failing: both players of a team in a row (order a, c, b, d)."""
    g = new(first=first)
    s = g.state
    order = [t.troop for t in s.mode.round_turns(g)]
    assert order[:4] == s.order and order[4] == s.arena_troop
    assert [s.teams[p] for p in order[:4]] == [s.teams[first], 1 - s.teams[first]] * 2
    assert s.order[0] == first
    assert s.troops[first].side == "red" and s.troops[(first + 2) % 4].side == "red"


# --------------------------------------------------------------------------- ROR-103: stunned arena units


def ror_stun(g, holder, target):
    """A Rise of Rome Stun (the Alternate Attack) of `holder` on `target`, through its skill's hook; the dice hit."""
    assert (target.uid,) in [a for sid, _p, fn in rules.unit_hooks(holder.unit, "special_options") if sid == "stun"
                             for a in fn(g, holder, None)]
    fn = next(fn for sid, _p, fn in rules.unit_hooks(holder.unit, "special") if sid == "stun")
    fn(g, holder, None, (target.uid,))


def test_a_stunned_beast_or_criminal_neither_moves_nor_attacks_ROR_103():
    """ROR-103: a stunned unit "ignores all stats and effects but its health": a beast flipped by a Rise of Rome
    Stun, a criminal under Rome's Stun tactic, take no part in the arena's turn: no arena die, no move, no attack.
    Failed before the fix (the arena's turn read only The Lost Cities' Stun mark): both attacked."""
    g = new()
    s = g.state
    g.roller = Dice(mode="all", faces=acting_faces())
    beast, crim = put(g, s.arena_troop, "beast-a", 30), put(g, s.arena_troop, "criminal-b", 44)
    units = [beast, crim, put(g, 0, "rome/attacker-1", 29), put(g, 1, "atlantis/attacker-1", 42)]
    ror_stun(g, put(g, 2, "pompeii/special-1", 31), beast)
    s.troops[0].tactics_camp.append(CAT.tactics["rome/stun"])
    rules.place_tactic(g, 0, CAT.tactics["rome/stun"], crim)
    before = [(u.hex, u.hp) for u in units]
    rolled = len(g.roller.rolled)  # the Stun's blue die
    s.turn, s.active = 13, s.arena_troop
    arena_turn(g)
    assert [(u.hex, u.hp) for u in units] == before
    assert len(g.roller.rolled) == rolled and g.roller.arena_faces[BEAST_ATTACK] == [1, 1]
    assert g.roller.arena_faces[CRIMINAL_MOVE] == [1] and g.roller.arena_faces[CRIMINAL_ATTACK] == [1]


def test_a_stunned_beast_locks_nobody_in_place_ROR_103_R_ROR_49():
    """ROR-103: "Stunned beasts cannot lock players in place": a unit next to a beast flipped by a Rise of Rome
    Stun, or under a Stun tactic, may move away, and a unit passing next to it is not stopped there (ruling
    R-ROR-49: any stun). Failed before the fix (the lock ignored the stun)."""
    g = new()
    s = g.state
    m = s.mode
    beast = put(g, s.arena_troop, "beast-a", 42)
    held = put(g, 0, "rome/attacker-1", 41)  # Move Range 2
    other = put(g, s.arena_troop, "beast-b", 20)
    near = put(g, 3, "xanadu/attacker-1", 19)
    assert not m.can_move(s, held) and not m.can_move(s, near)  # unstunned beasts lock
    ror_stun(g, put(g, 2, "pompeii/special-1", 43), beast)
    s.troops[1].tactics_camp.append(CAT.tactics["atlantis/stun"])
    rules.place_tactic(g, 1, CAT.tactics["atlantis/stun"], other)
    assert m.can_move(s, held) and m.can_move(s, near)
    opts = []
    g.controllers[0].picks["move"] = lambda o: (opts.extend(o), None)[1]
    step(g, 0, "move")
    got = {h for uid, h in opts if uid == held.uid}
    assert got == set(s.grid.reachable(held.hex, 2, s.blocked_for_move(0)))  # not stopped next to the beast
    assert got > set(s.grid.reachable(held.hex, 2, s.blocked_for_move(0), set(s.grid.neighbours[42])))


# --------------------------------------------------------------------------- whole games


def _check(g, turn) -> None:
    """State invariants after every turn: HP within bounds, the board and the units agree, each health supply
    conserved (the shared pool of both boxes and the arena's own), teams fixed, a fallen player's units never
    redeployed from its hand."""
    s = g.state
    held: dict[str, int] = {}
    for u in s.units:
        if u.zone == COMBAT:
            assert 0 < u.hp <= u.unit.health + u.hp_gained, (u.name, turn.header)
            assert s.board[u.hex] == u.uid, (u.name, turn.header)
            held[s.supply_of(u.troop)] = held.get(s.supply_of(u.troop), 0) + u.hp
    for h, uid in enumerate(s.board):
        assert uid < 0 or (s.units[uid].zone == COMBAT and s.units[uid].hex == h)
    for key, start in s.supply_start.items():
        assert s.supply[key] >= 0 and s.supply[key] + held.get(key, 0) == start, (key, turn.header)
    assert [s.team_of(p) for p in range(4)] == [0, 1, 0, 1]


def _game(seed, policy="greedy", check=None):
    cls = mode_class("rise-of-rome-2x2")
    spec = cls.validate(ROR, cls.default_spec(ROR, np.random.default_rng(seed)))
    rng = np.random.default_rng(seed)
    return play(ROR, spec, [make(policy, rng=rng) for _ in range(4)], rng=rng, log=check is None, after_turn=check)


def test_same_seed_same_game():
    a, b = _game(3), _game(3)
    assert a.log == b.log and a.rounds == b.rounds and a.end_reason == b.end_reason


@pytest.mark.slow
@pytest.mark.parametrize("policy, n", [("greedy", 1000), ("random", 200)])
def test_seeded_games_keep_the_invariants_and_end_by_the_rules(policy, n):
    """1,000 greedy games (and 200 random ones), the state invariants checked after every turn."""
    for seed in range(n):
        res = _game(seed, policy, check=_check)
        x = res.extras
        assert res.end_reason in ("both opposing champions defeated",) or res.end_reason.startswith("round cap")
        if x["winner_team"] is not None:
            won = {t.team for t in res.troops if t.outcome == "won"}
            assert won == {"ab".index(x["winner_team"])}
            loser = 1 - "ab".index(x["winner_team"])
            assert all(t.extras["hero_defeated"] for t in res.troops if t.team == loser)
        assert {t.team for t in res.troops if t.seat % 2 == 0} == {0}


# --- pinned by mutation testing (formerly tests/engine/test_rise_of_rome_teams_pinned.py) -----------------------------
ROME, ATL, POM, XAN, ARENA = 0, 1, 2, 3, 4
TLC = teams.tlc_catalog()


def queue(*wanted):
    """A pick that takes the wanted options in order (each when offered), then passes."""
    todo = list(wanted)

    def pick(opts):
        if todo and todo[0] in opts:
            return todo.pop(0)
        return None

    return pick, todo


def dist(g, a, b):
    return g.state.grid.dist[a][b]


# --------------------------------------------------------------------------- the catalog of both boxes


def test_the_mode_plays_on_both_boxes_catalog_rise_of_rome_winning_a_clash_ROR_86_R_ROR_40():
    """ROR-86 ("You will need both Hoplo: TLC and Hoplo: RoR games"), R-ROR-40: every entry of The Lost Cities'
    catalog that Rise of Rome lacks is added, Rise of Rome's own entry kept on a clash; only the Rise of Rome
    catalog is accepted; combining twice gives the same catalog."""
    with pytest.raises(InputError, match="needs the Rise of Rome catalog, got the lost-cities one"):
        teams.play_catalog(TLC)
    for name in ("factions", "units", "skills", "tactics", "arenas"):
        mine, theirs, both = getattr(ROR, name), getattr(TLC, name), getattr(CAT, name)
        assert set(both) == set(mine) | set(theirs), name
        for k in both:
            assert both[k] == (mine[k] if k in mine else theirs[k]), (name, k)
    assert "cf-gladiator-b" in ROR.units and CAT.unit("cf-gladiator-b").ruleset == "rise-of-rome"
    assert teams.play_catalog(CAT) is CAT and teams.play_catalog(ROR) is CAT
    # a Rise of Rome catalog that has one of the Lost Cities' cities but not the arena is still completed
    part = teams.play_catalog(ROR.__class__(**{**{f: getattr(ROR, f) for f in ROR.__dataclass_fields__},
                                               "factions": FrozenMap({**ROR.factions,
                                                                      "atlantis": TLC.factions["atlantis"]})}))
    assert "pozzuoli" in part.arenas and "xanadu" in part.factions


def test_one_gladiator_of_each_type_the_first_in_catalog_order_ROR_87_R_ROR_41():
    """ROR-87, R-ROR-41: a gladiator's type is the stem of its id; the bag holds the first of each type."""
    assert teams.gladiator_type(CAT.unit("rome/attacker-2")) == "attacker"
    assert teams.gladiator_type(CAT.unit("el-dorado/special-3")) == "special"
    assert [u.id for u in teams.one_of_each_type(CAT, "rome")] == [
        "rome/attacker-1", "rome/defender-1", "rome/archer-1", "rome/tactician-1", "rome/special-1"]
    assert [u.id for u in teams.one_of_each_type(CAT, "atlantis")] == [
        "atlantis/attacker-1", "atlantis/defender-1", "atlantis/tactician-1", "atlantis/archer-1",
        "atlantis/brawler-1", "atlantis/special-1"]


# --------------------------------------------------------------------------- set-up


def test_set_up_refuses_anything_but_four_different_cities_ROR_87():
    for bad, msg in ((FACTIONS[:3], "needs 4 cities, got 3"), (("rome", "rome", "atlantis", "xanadu"),
                                                               "each player draws a different city")):
        with pytest.raises(InputError, match=msg):
            teams.setup(CAT, bad, rng=np.random.default_rng(0))


@pytest.mark.parametrize("first", range(4))
def test_set_up_seats_teams_meters_and_rewards_per_team_ROR_87_ROR_88_ROR_89(first):
    """ROR-89: turn order from the first player around the table, seats a and c against b and d, the first
    player's team red (TLC-18); ROR-87: an inactive champion and one gladiator of each type each, two circles,
    its city's four tactics to choose from; ROR-88: one meter per team, kept by the team's first player in turn
    order, with one CF tactic of each level, a CF gladiator and four arena chips, each team its own."""
    s = teams.setup(ROR, FACTIONS, rng=np.random.default_rng(first), first_player=first, log=True)
    assert isinstance(s, teams.TeamsState) and isinstance(s.mode, RiseOfRome2x2)
    assert s.order == [(first + k) % 4 for k in range(4)] and s.first == first
    assert s.teams == [0, 1, 0, 1, 2] and s.players == [0, 1, 2, 3] and s.arena_troop == ARENA == len(s.troops) - 1
    assert [teams.team_of_seat(p) for p in range(4)] == [0, 1, 0, 1]
    red = first % 2
    assert [t.side for t in s.troops] == ["red" if p % 2 == red else "blue" for p in range(4)] + ["arena"]
    assert s.troops[ARENA].faction == "arena" and s.troops[ARENA].health == "arena"
    assert s.mates(0) == [p for p in s.order if p % 2 == 0] and s.mates(1) == [p for p in s.order if p % 2 == 1]
    keeper = [s.mates(0)[0], s.mates(1)[0]]
    assert s.keeper == keeper and keeper[0] in (first, (first + 2) % 4) or keeper[1] in (first, (first + 2) % 4)
    for p, fid in enumerate(FACTIONS):
        t = s.troops[p]
        assert t.faction == fid and t.index == p and t.hand_size == 2 and t.health == "red"
        hero = s.units[t.primary_hero]
        assert hero.unit.id == CAT.faction(fid).hero and hero.troop == p and hero.is_primary_hero
        assert hero.zone == CAMP and not hero.active
        bag = [u.unit.id for u in s.units if u.troop == p and u.zone == BAG]
        assert bag == [u.id for u in teams.one_of_each_type(CAT, fid)]
        assert [x.id for x in s.tactic_choices[p]] == list(CAT.faction(fid).tactics) and not t.tactics_bag
        if p not in keeper:
            assert t.reward_tactics == [] and t.cf_gladiator == -1 and t.meter_chips == [-1] * 4
    rewards = [s.troops[k].reward_tactics for k in keeper]
    for level in (1, 2, 3):
        got = [r[level - 1].id for r in rewards]
        assert all(x.startswith(f"cf-level-{level}-") for x in got) and got[0] != got[1]
    cfs = [s.units[s.troops[k].cf_gladiator] for k in keeper]
    assert [u.troop for u in cfs] == keeper and all(u.zone == TRACK and u.unit.kind == "cf-gladiator" for u in cfs)
    assert cfs[0].unit.id != cfs[1].unit.id and all(u.unit.ruleset == "lost-cities" for u in cfs)
    chips = [s.units[c] for k in keeper for c in s.troops[k].meter_chips]
    assert len({u.unit.id for u in chips}) == 8
    assert all(u.troop == ARENA and u.zone == TRACK and u.unit.kind in ("beast", "criminal") for u in chips)
    # R-ROR-48: one pool of both boxes' health chips; the arena's own
    assert s.supply == s.supply_start == {"red": 175, "arena": ARENA_CHIPS}
    names = ", ".join(f"{FACTIONS[p]} ({s.troops[p].side}, team {'AB'[p % 2]})" for p in s.order)
    assert s.log == [f"Set-up: {names} in turn order; {FACTIONS[first]} goes first"]


def test_set_up_draws_the_rewards_and_arena_chips_at_random():
    """R-TLC-2, R-TLC-4 for each team's meter: the CF tactics, CF gladiators and arena chips are drawn."""
    seen = {level: set() for level in (1, 2, 3)}
    cf, chips = set(), set()
    for seed in range(12):
        s = teams.setup(CAT, FACTIONS, rng=np.random.default_rng(seed))
        for k in s.keeper:
            t = s.troops[k]
            for level in (1, 2, 3):
                seen[level].add(t.reward_tactics[level - 1].id)
            cf.add(s.units[t.cf_gladiator].unit.id)
            chips.add(tuple(s.units[c].unit.id for c in t.meter_chips))
    assert all(len(v) == 3 for v in seen.values()) and len(cf) == 3 and len(chips) > 12


def test_the_spec_the_matchups_and_a_new_game_ROR_87():
    """ROR-87: a game's spec is four drawn cities on Pozzuoli; sweeps sample pods of four different cities (all
    five when fewer than four are given); a new game plays on both boxes' catalog, the given first player or
    the roll-off's (TLC-18)."""
    spec = RiseOfRome2x2.default_spec(ROR, np.random.default_rng(1))
    assert spec.mode == "rise-of-rome-2x2" and spec.arena == "pozzuoli" and spec.titan == "" and spec.first is None
    ms = RiseOfRome2x2.matchups(("rome", "pompeii"), arenas=("pozzuoli",), titans=(), coop=False, seed=3)
    assert len(ms) == 5  # the five groups of four of the five cities (ten pods asked: every group once)
    assert {frozenset(m.factions) for m in ms} == {frozenset(set(teams.CITIES) - {c}) for c in teams.CITIES}
    for m in ms:
        assert m.mode == "rise-of-rome-2x2" and m.arena == "pozzuoli" and m.first == "a"
        assert len(m.factions) == 4 and len(set(m.factions)) == 4
    four = ("rome", "pompeii", "atlantis", "xanadu")
    ms = RiseOfRome2x2.matchups(four, arenas=("pozzuoli",), titans=(), coop=False, seed=3)
    assert len(ms) == 1 and set(ms[0].factions) == set(four)  # the given four, not all five
    ms = RiseOfRome2x2.matchups(teams.CITIES, arenas=("pozzuoli",), titans=(), coop=False, pods=3, seed=3)
    assert len(ms) == 3
    sp = RiseOfRome2x2.spec_of(ms[0], 17)
    assert (sp.mode, sp.factions, sp.arena, sp.max_rounds, sp.first) == (
        "rise-of-rome-2x2", ms[0].factions, "pozzuoli", 17, None)
    ctrls = [Scripted() for _ in range(4)]
    g = RiseOfRome2x2.new_game(ROR, GameSpec("rise-of-rome-2x2", FACTIONS, "pozzuoli", first=2), ctrls,
                               rng=np.random.default_rng(0), log=True)
    s = g.state
    assert s.first == 2 and s.order[0] == 2 and isinstance(s.mode, RiseOfRome2x2) and g.controllers == ctrls
    assert s.log and s.troops[ATL].faction == "atlantis" and len(s.troops) == 5
    g = RiseOfRome2x2.new_game(ROR, GameSpec("rise-of-rome-2x2", FACTIONS, "pozzuoli"), ctrls[:1],
                               rng=np.random.default_rng(0), roller=FixedRoller([1, 3]))
    assert g.state.first == 1 and g.state.order == [1, 2, 3, 0] and g.state.log is None
    assert g.controllers == ctrls[:1] * 4
    assert RiseOfRome2x2.catalog_of(ROR) is CAT
    assert RiseOfRome2x2.validate(ROR, GameSpec("rise-of-rome-2x2", FACTIONS)).factions == FACTIONS


def test_begin_each_player_in_turn_order_chooses_two_tactics_then_sets_its_champion_ROR_87():
    """ROR-87: each player secretly chooses two of its city's tactics for its bag (asked one by one, a chosen
    one not offered again), in turn order; then the champions are set (TLC-19)."""
    asked = []

    class Log(Scripted):
        def choose(self, g, troop, decision, options, *, optional):
            asked.append((troop, decision, len(options)))
            return super().choose(g, troop, decision, options, optional=optional)

    s = teams.setup(CAT, FACTIONS, rng=np.random.default_rng(3), first_player=1, log=True)
    g = teams.Game(s, Dice(mode="all"), [Log() for _ in range(4)], np.random.default_rng(3))
    s.tactic_choices[3] = s.tactic_choices[3][:1]  # a city with a single tactic: it takes that one
    s.mode.begin(g)
    tactics = [(p, n) for p, d, n in asked if d == "select-tactic"]
    n = [len(x) for x in s.tactic_choices]
    assert n[3] == 1 and tactics == [(1, n[1]), (1, n[1] - 1), (2, n[2]), (2, n[2] - 1), (0, n[0]), (0, n[0] - 1)]
    # (a single tactic is taken without asking)
    assert [p for p, d, _ in asked if d == "champion-hex"] == [1, 2, 3, 0]
    assert [p for p, d, _ in asked].index(0) < [d for _, d, _ in asked].index("champion-hex")
    for p in (0, 1, 2):
        assert [x.id for x in s.troops[p].tactics_bag] == [x.id for x in s.tactic_choices[p][:2]]
    assert [x.id for x in s.troops[3].tactics_bag] == [s.tactic_choices[3][0].id]
    for p in range(4):
        hero = s.units[s.troops[p].primary_hero]
        assert hero.zone == COMBAT and not hero.active
        side = s.troops[p].side
        assert f"{FACTIONS[p]} ({side}) puts one gladiator of each type and two tactics in its bag" in s.log


# --------------------------------------------------------------------------- the round


def test_the_turns_steps_and_the_round_start_ROR_88_ROR_103():
    """TLC-20's phases, with Rise of Rome's flips lifted at the start of the attack phase (ROR-103) and the arena
    troop's turn last; a round's first turn is recorded for ROR-88's once-per-round Abilities."""
    g = new()
    s = g.state
    names = [n for n, _ in s.mode.turn_of(g, POM).steps]
    assert names == ["draw", "deploy", "move-abilities", "move", "move-abilities-after", "flips", "attack-abilities",
                     "attack", "end"]
    assert s.mode.arena_troop(s) == ARENA and s.arena_troop == ARENA
    s.turn = 12
    s.mode.start_round(g)
    assert s.round_start == 13
    # the flips step lifts the flips the player's own Stuns made in an earlier turn, no other
    foe = put(g, ATL, "atlantis/attacker-1", 30)
    other = put(g, ATL, "atlantis/defender-1", 44)
    mine = PlacedTactic(STUN_FLIP, POM, s.turn - 2)
    mates = PlacedTactic(STUN_FLIP, ROME, s.turn - 2)
    fresh = PlacedTactic(STUN_FLIP, POM, s.turn)
    foe.tactics.append(mine)
    other.tactics.extend([mates, fresh])
    step(g, POM, "flips")
    assert foe.tactics == [] and other.tactics == [mates, fresh]


def test_playable_chips_count_the_teams_cf_chips_for_either_teammate_ROR_88_R_ROR_43():
    """ROR-88 (R-ROR-43): own city chips on the circles plus the shared CF chips the player can play: its CF
    tactics and the team's unlocked CF gladiator not yet deployed (kept by the team's first player)."""
    g = new()
    s = g.state
    for p in range(4):
        clear_hand(g, p)
        empty_bag(g, p)
    keeper = s.troops[s.keeper[0]]
    assert s.keeper[0] == ROME
    assert [s.mode.playable_chips(s, p) for p in range(4)] == [0, 0, 0, 0]
    assert s.mode.short_of_chips(s, POM)
    keeper.cf_unlocked = True
    assert [s.mode.playable_chips(s, p) for p in range(4)] == [1, 0, 1, 0]
    s.troops[POM].cf_hand.append(keeper.reward_tactics[0])
    s.troops[POM].tactics_camp.append(keeper.reward_tactics[0])
    assert s.mode.playable_chips(s, POM) == 2 and not s.mode.short_of_chips(s, POM)
    s.units[keeper.cf_gladiator].zone = COMBAT  # deployed: no longer on the meter
    assert [s.mode.playable_chips(s, p) for p in range(4)] == [0, 0, 1, 0]
    assert s.mode.short_of_chips(s, POM)
    keeper.cf_gladiator = -1  # a meter without a CF gladiator
    assert s.mode.playable_chips(s, ROME) == 0
    # own city chips: two on the circles are enough; one is short; a bag not empty is never short
    g = new()
    s = g.state
    clear_hand(g, ROME)
    empty_bag(g, ROME)
    glads = [u for u in s.units if u.troop == ROME and u.zone == DISCARD and not u.is_primary_hero]
    glads[0].zone = CAMP
    assert s.mode.playable_chips(s, ROME) == 1 and s.mode.short_of_chips(s, ROME)
    glads[1].zone = CAMP
    assert s.mode.playable_chips(s, ROME) == 2 and not s.mode.short_of_chips(s, ROME)
    glads[0].zone = glads[1].zone = DISCARD
    glads[2].zone = BAG
    assert s.mode.playable_chips(s, ROME) == 0 and not s.mode.short_of_chips(s, ROME)


def test_the_first_players_first_turn_has_one_chip_then_two_TLC_26():
    g = new(first=1)
    s = g.state
    s.round = 1
    assert [s.mode.chip_limit(s, p) for p in range(4)] == [2, 1, 2, 2]
    s.round = 2
    assert [s.mode.chip_limit(s, p) for p in range(4)] == [2, 2, 2, 2]


def test_a_champion_that_entered_and_left_the_arena_has_fallen_ROR_86():
    """ROR-86: fallen = defeated, or entered and no longer in the arena; a champion not yet set has not."""
    g = new()
    s = g.state
    assert not teams.fallen(s, ATL)
    hero = champion(g, ATL, 19)
    assert not teams.fallen(s, ATL)
    hero.zone = DISCARD
    assert teams.fallen(s, ATL)
    hero.zone, hero.entered = CAMP, False
    hero.times_defeated = 1
    assert teams.fallen(s, ATL)


def test_gladiator_options_the_hand_and_the_teams_cf_gladiator_on_free_side_hexes_within_the_pool_TLC_27():
    """TLC-27, TLC-46, ROR-88: a gladiator of the player's hand (active), or the team's unlocked CF gladiator,
    onto a free deployment hex of the team's side, while the shared pool holds its Health."""
    g = new()
    s = g.state
    clear_hand(g, POM)
    glad = next(u for u in s.units if u.troop == POM and u.unit.id == "pompeii/attacker-1")
    glad.zone = CAMP
    other = next(u for u in s.units if u.troop == POM and u.unit.id == "pompeii/defender-1")
    other.zone, other.active = CAMP, False
    put(g, ROME, "rome/attacker-1", RED_DEPLOY[0])
    free = list(RED_DEPLOY[1:])
    assert s.mode.deployment_hexes(s, POM) == s.mode.deployment_hexes(s, ROME)
    assert sorted(s.mode.gladiator_options(s, POM)) == sorted((glad.uid, h) for h in free)
    s.supply["red"] = glad.unit.health
    assert len(s.mode.gladiator_options(s, POM)) == len(free)
    s.supply["red"] = glad.unit.health - 1
    assert s.mode.gladiator_options(s, POM) == []
    s.supply["red"] = 100
    keeper = s.troops[ROME]
    cfg = s.units[keeper.cf_gladiator]
    keeper.cf_unlocked = True
    got = s.mode.gladiator_options(s, POM)
    assert sorted({uid for uid, _ in got}) == sorted([glad.uid, cfg.uid])
    keeper.cf_gladiator = -1
    assert {uid for uid, _ in s.mode.gladiator_options(s, POM)} == {glad.uid}
    # the team's CF gladiator joins the troop of the teammate that deploys it
    keeper.cf_gladiator = cfg.uid
    s.active = POM
    s.mode.place(g, cfg.uid, free[0])
    assert cfg.troop == POM and cfg.zone == COMBAT and cfg.hex == free[0] and s.board[free[0]] == cfg.uid
    assert {uid for uid, _ in s.mode.gladiator_options(s, POM)} == {glad.uid}
    s.mode.place(g, glad.uid, free[1])
    assert glad.troop == POM and glad.zone == COMBAT and s.board[free[1]] == glad.uid
    rest = [h for h in RED_DEPLOY if s.board[h] < 0]
    for uid, h in zip(("rome/attacker-2", "rome/attacker-3", "rome/defender-2", "rome/archer-2"), rest):
        put(g, ROME, uid, h)
    other.active = True
    assert s.mode.gladiator_options(s, POM) == []


# --------------------------------------------------------------------------- ROR-88: Abilities once per round


def _hurl_position(g):
    brawler = put(g, ATL, "atlantis/brawler-1", 30)  # Hurl (TLC-73): an adjacent unit onto a hex by the hurler
    foe = put(g, ROME, "rome/attacker-1", 40)
    assert dist(g, 30, 40) == 1
    return brawler, foe


def test_an_ability_used_on_the_rounds_first_turn_is_spent_for_the_round_ROR_88():
    """ROR-88 (R-ROR-46): each Ability once per round: used on the round's first turn, it is not offered on the
    teammate's turn of the same round; in round 1 (its first turn number 1) an unused one is."""
    g = new(first=1)
    s = g.state
    brawler, foe = _hurl_position(g)
    offered = []

    def pick(opts):
        mine = [o for o in opts if o[0] == brawler.uid]
        offered.append(bool(mine))
        return mine[0] if mine and len(offered) == 1 else None

    for c in g.controllers:
        c.picks["ability"] = pick
    s.turn, s.round_start, s.active = 9, 9, ATL
    s.mode.ability_step(g, ATL, MOVE_ABILITIES)
    assert offered[0] and brawler.abilities_used == {"hurl": 9} and foe.hex != 40
    s.turn, s.active = 11, XAN
    s.mode.ability_step(g, XAN, MOVE_ABILITIES)
    assert offered == [True]  # the step asks nothing: nothing left to offer
    g = new(first=1)
    s = g.state
    brawler, foe = _hurl_position(g)
    s.round, s.turn = 1, 0
    s.mode.start_round(g)
    s.turn, s.active = 1, ATL
    seen = []
    g.controllers[ATL].picks["ability"] = lambda opts: seen.append(opts)
    s.mode.ability_step(g, ATL, MOVE_ABILITIES)
    assert s.round_start == 1 and any(o[0] == brawler.uid for o in seen[0])


def test_a_champion_uses_abilities_but_not_on_the_turn_it_was_activated_TLC_43_ROR_88():
    """TLC-43: a champion activated this turn uses no Ability until the next; a gladiator deployed this turn
    does (the older games' Abilities work from the deployment turn, ROR-14); either teammate's are offered."""
    g = new(first=1)
    s = g.state
    hero = champion(g, XAN, 30)  # Uber Hurl
    foe = put(g, ROME, "rome/attacker-1", 40)
    brawler = put(g, ATL, "atlantis/brawler-1", 20)
    mate_foe = put(g, ROME, "rome/defender-1", 21)
    assert dist(g, 30, 40) == 1 and dist(g, 20, 21) == 1
    seen = []
    g.controllers[ATL].picks["ability"] = lambda opts: seen.append(list(opts))
    s.active = ATL
    s.mode.ability_step(g, ATL, MOVE_ABILITIES)
    assert {o[0] for o in seen[0]} == {hero.uid, brawler.uid}
    hero.deployed_turn = brawler.deployed_turn = s.turn
    seen.clear()
    s.mode.ability_step(g, ATL, MOVE_ABILITIES)
    assert {o[0] for o in seen[0]} == {brawler.uid}
    assert foe.hex == 40 and mate_foe.hex == 21


# --------------------------------------------------------------------------- ROR-92: Consuming Impel


def _consuming_impel_position():
    g = new()
    s = g.state
    s.turn, s.active = 11, POM
    ci = put(g, POM, "pompeii/tactician-1", 41)  # Consuming Impel
    arch = put(g, POM, "pompeii/archer-2", 39)  # Long Shot
    foe = put(g, ATL, "atlantis/attacker-1", 29)
    assert dist(g, 41, 39) == 2 and dist(g, 39, 29) == 1 and dist(g, 41, 29) > 1
    return g, ci, arch, foe


@pytest.mark.parametrize("first_special", [False, True])
def test_consuming_impel_gives_another_basic_or_alternate_attack_in_either_order_ROR_92(first_special):
    """ROR-92: the friend gains another Basic or Alternate Attack this turn: a Basic Attack then its Long Shot,
    or its Long Shot then a Basic Attack (ROR-99's Alternate Attack is instead of the Basic one, so without the
    Impel the second is never offered)."""
    g, ci, arch, foe = _consuming_impel_position()
    basic = ("attack", arch.uid, foe.uid)
    special = ("special", arch.uid, "long-shot", (foe.uid,))
    g.controllers[POM].picks["ability"], _ = queue((ci.uid, "consuming-impel", (arch.uid,)))
    g.controllers[POM].picks["engage"], todo = queue(*((special, basic) if first_special else (basic, special)))
    hp = foe.hp
    step(g, POM, "attack-abilities")
    step(g, POM, "attack")
    assert todo == [] and foe.hp == hp - arch.unit.attack.size - 1
    # without the Impel: one of the two only
    g, ci, arch, foe = _consuming_impel_position()
    g.controllers[POM].picks["engage"], todo = queue(*((special, basic) if first_special else (basic, special)))
    step(g, POM, "attack")
    assert len(todo) == 1


# --------------------------------------------------------------------------- ROR-88: one meter per team


def test_favor_moves_the_teams_meter_through_every_level_it_passes_ROR_88_R_ROR_47():
    """ROR-88 (R-ROR-47): a gain moves the team's one meter; a gain that passes two levels gives both; nothing
    for no favor, nor for the arena's troop; the log names the player, the team and its total."""
    g = new()
    s = g.state
    s.mode.gain_favor(g, POM, 0, "nothing")
    s.mode.gain_favor(g, ARENA, 3, "arena")
    assert s.team_favor == [0, 0] and s.team_level == [0, 0] and s.troops[POM].favor_total == 0
    n = len(s.log)
    s.mode.gain_favor(g, POM, LEVELS[1], "test")
    assert s.team_favor == [LEVELS[1], 0] and s.team_level == [2, 0] and s.troops[POM].favor_total == LEVELS[1]
    assert s.log[n] == f"pompeii (red) earns {LEVELS[1]} crowd favor (test), team A {LEVELS[1]} in all"
    keeper = s.troops[ROME]
    assert [x.id for x in s.troops[POM].cf_hand] == [x.id for x in keeper.reward_tactics[:2]]
    assert all(s.troops[p].all_deploy and s.troops[p].level == 2 for p in (ROME, POM))
    assert not s.troops[ATL].all_deploy and keeper.rewards == 2 and s.troops[POM].rewards == 0
    s.mode.gain_favor(g, XAN, 1, "stone")
    assert s.log[-1] == "xanadu (blue) earns 1 crowd favor (stone), team B 1 in all" and s.team_level == [2, 0]


def test_each_level_gives_its_effect_to_both_teammates_and_its_rewards_to_the_earner_TLC_43_TLC_46_ROR_88():
    """ROR-88 with TLC-43..TLC-46: each level's arena effect goes to both teammates (level 1 activates the
    champions in the arena, deployed-this-turn for the player whose turn it is; 2 all twelve hexes; 3 Initiative;
    4 the CF gladiator); the level's CF tactic and the arena chip on it go to the teammate who reached it; the
    meter's favor is kept on both, at most the last level's."""
    g = new()
    s = g.state
    s.turn, s.active = 11, POM
    h_rome = champion(g, ROME, 12)
    h_rome.active, h_rome.deployed_turn = False, -10
    h_pom = s.units[s.troops[POM].primary_hero]  # not yet in the arena
    keeper = s.troops[ROME]
    chips = list(keeper.meter_chips)
    s.mode.gain_favor(g, POM, LEVELS[0], "test")
    assert h_rome.active and h_rome.deployed_turn == -10 and not h_pom.active
    assert f"{h_rome.name} is activated" in s.log
    assert "team A reaches crowd favor level 1: " in "\n".join(s.log)
    tac = keeper.reward_tactics[0]
    assert s.troops[POM].cf_hand == [tac] and s.troops[POM].tactics_camp[-1] is tac and not s.troops[ROME].cf_hand
    assert f"pompeii (red) may now use the CF tactic {tac.name}" in s.log
    c1 = s.units[chips[0]]
    assert keeper.meter_chips[0] == -1 and c1.zone == BAG and s.troops[POM].arena_bag == [chips[0]]
    assert f"{c1.name} goes from the meter into the bag of pompeii (red)" in s.log
    assert [s.troops[p].favor for p in range(4)] == [LEVELS[0], 0, LEVELS[0], 0]
    # the player whose turn it is: its activated champion counts as deployed this turn (TLC-43)
    g = new()
    s = g.state
    s.turn, s.active = 11, ROME
    h = champion(g, ROME, 12)
    h.active, h.deployed_turn = False, -10
    s.mode.gain_favor(g, POM, LEVELS[0], "test")
    assert h.active and h.deployed_turn == 11
    # levels 2..4 reached by rome, the keeper itself
    s.mode.gain_favor(g, ROME, LEVELS[1] - LEVELS[0], "test")
    assert s.troops[ROME].arena_bag == [chips[1]] and s.troops[ROME].cf_hand == [s.troops[ROME].reward_tactics[1]]
    assert s.troops[POM].all_deploy and not s.troops[POM].initiative
    s.mode.gain_favor(g, ROME, LEVELS[2] - LEVELS[1], "test")
    assert s.troops[POM].initiative and s.troops[ROME].initiative and not s.troops[POM].cf_unlocked
    assert s.troops[ROME].cf_hand[-1] is s.troops[ROME].reward_tactics[2]
    s.troops[POM].meter_chips[3] = -1  # the other teammate's slot is never read
    s.mode.gain_favor(g, ROME, 100, "test")
    assert s.team_level[0] == 4 and s.troops[POM].cf_unlocked and s.troops[ROME].cf_unlocked
    assert len(s.troops[ROME].cf_hand) == 2  # levels 2 and 3 (level 1's went to pompeii); none on level 4
    assert s.troops[ROME].arena_bag == [chips[1], chips[2], chips[3]] and s.units[chips[3]].zone == BAG
    assert [s.troops[p].favor for p in (ROME, POM)] == [LEVELS[-1]] * 2 and s.team_favor[0] == LEVELS[2] + 100
    # a meter without a CF gladiator unlocks none; an empty chip slot gives nothing
    g = new()
    s = g.state
    s.troops[ROME].cf_gladiator = -1
    s.troops[ROME].meter_chips[0] = -1
    s.mode.gain_favor(g, ROME, LEVELS[-1], "test")
    assert not s.troops[ROME].cf_unlocked and not s.troops[POM].cf_unlocked and s.team_level[0] == 4
    assert s.troops[ROME].arena_bag == s.troops[ROME].meter_chips[:0] + [c for c in chips[1:]]


# --------------------------------------------------------------------------- ROR-86: defeats and the win


def test_two_favor_for_defeating_an_opposing_gladiator_or_an_arena_unit_only_TLC_39_ROR_88():
    """TLC-39: 2 favor to the player whose unit defeats an opposing gladiator or a beast or criminal; none for
    a teammate's unit, for the arena's kills, for a kill with no troop, or for a champion (ROR-86)."""
    g = new()
    s = g.state
    mode = s.mode
    foe = put(g, ATL, "atlantis/attacker-1", 30)
    mate = put(g, ROME, "rome/attacker-1", 31)
    beast = next(u for u in s.units if u.troop == ARENA)
    hero = champion(g, XAN, 19)
    mode.after_defeat(g, mate, source=None, source_troop=POM)
    mode.after_defeat(g, foe, source=None, source_troop=ARENA)
    mode.after_defeat(g, foe, source=None, source_troop=None)
    mode.after_defeat(g, hero, source=None, source_troop=POM)
    assert s.team_favor == [0, 0] and s.end_reason is None
    assert "xanadu's champion has fallen: it plays no more chips" in s.log
    mode.after_defeat(g, foe, source=None, source_troop=POM)
    assert s.team_favor == [teams.KILL_FAVOR, 0] and s.troops[POM].favor_total == 2
    mode.after_defeat(g, beast, source=None, source_troop=XAN)
    assert s.team_favor == [2, 2] and s.troops[XAN].favor_total == 2


def _won_by_team_a(g):
    s = g.state
    heroes = [champion(g, p, h) for p, h in zip(range(4), (12, 19, 24, 29))]
    from hoplostat.engine import rules
    rules.damage(g, heroes[ATL], 99)
    rules.damage(g, heroes[XAN], 99)
    return s


def test_the_end_names_the_winning_team_once_ROR_86():
    g = new()
    s = _won_by_team_a(g)
    assert s.winner_team == 0 and s.winner is None
    assert s.log[-1] == "Game over: both opposing champions defeated; team A (rome and pompeii) wins"
    s.mode.team_wins(g, 1, "again")
    assert s.winner_team == 0 and s.end_reason == "both opposing champions defeated"
    g = new(first=1)
    s = g.state
    s.mode.team_wins(g, 1, "test")
    assert s.log[-1] == "Game over: test; team B (atlantis and xanadu) wins"
    g = new()
    g.state.mode.end(g, "round cap (60) reached")
    assert g.state.log[-1] == "Game over: round cap (60) reached; draw" and g.state.winner_team is None


def test_the_result_and_its_sweep_row_ROR_86():
    """The result: each seat's outcome by team, its counts and the team's level; the game's team favor and
    levels, arena chips entered, trapdoor kills; its sweep row has exactly the mode's columns."""
    g = new(first=1)
    s = _won_by_team_a(g)
    s.mode.gain_favor(g, POM, 5, "test")
    s.mode.gain_favor(g, XAN, 1, "test")
    s.units[s.troops[ROME].meter_chips[2]].entered = True
    s.trapdoor_kills = 2
    t = s.troops[ROME]
    t.deployed, t.damage_dealt, t.kills, t.units_lost, t.tactic_damage, t.tactic_kills = 3, 7, 2, 1, 4, 1
    res = s.mode.result(g, GameSpec("rise-of-rome-2x2", FACTIONS))
    assert (res.mode, res.ruleset, res.arena, res.factions) == ("rise-of-rome-2x2", "rise-of-rome", "pozzuoli",
                                                                 FACTIONS)
    assert (res.rounds, res.end_reason, res.first_player) == (3, "both opposing champions defeated", 1)
    assert [(x.seat, x.faction, x.side, x.team, x.outcome) for x in res.troops] == [
        (0, "rome", "blue", 0, WON), (1, "atlantis", "red", 1, LOST), (2, "pompeii", "blue", 0, WON),
        (3, "xanadu", "red", 1, LOST)]
    r = res.troops[ROME]
    assert (r.units_deployed, r.damage_dealt, r.kills, r.units_lost, r.tactic_damage, r.tactic_kills) == (
        3, 7, 2, 1, 4, 1)
    assert [x.crowd_favor for x in res.troops] == [0, 0, 5, 1] and [x.rewards for x in res.troops] == [1, 0, 1, 0]
    assert [x.extras for x in res.troops] == [{"hero_defeated": 0, "level": 1}, {"hero_defeated": 1, "level": 0},
                                              {"hero_defeated": 0, "level": 1}, {"hero_defeated": 1, "level": 0}]
    assert res.extras == {"winner_team": "a", "team_favor": {"a": 5, "b": 1}, "team_level": {"a": 1, "b": 0},
                          "arena_entered": 1, "trapdoor_kills": 2}
    assert res.log is s.log and {u.seat for u in res.units} <= {0, 1, 2, 3}
    head = {"matchup": "m", "arena": "pozzuoli", "game": 0}
    got = RiseOfRome2x2.rows(res, head, lambda uid: "gladiator")
    row = got["games"][0]
    assert set(row) == set(head) | set(RiseOfRome2x2.columns["games"])
    assert (row["winner"], row["winner_factions"], row["rounds"], row["end_reason"], row["first_seat"]) == (
        "a", "rome+pompeii", 3, "both opposing champions defeated", "b")
    assert (row["faction_c"], row["faction_d"]) == ("pompeii", "xanadu")
    assert (row["team_a_favor"], row["team_b_favor"], row["team_a_level"], row["team_b_level"]) == (5, 1, 1, 0)
    assert (row["arena_entered"], row["trapdoor_kills"]) == (1, 2)
    assert (row["a_units_deployed"], row["a_damage_dealt"], row["a_kills"], row["a_units_lost"]) == (3, 7, 2, 1)
    assert [row[f"{k}_crowd_favor"] for k in "abcd"] == [0, 0, 5, 1]
    assert [row[f"{k}_hero_defeated"] for k in "abcd"] == [0, 1, 0, 1]
    assert RiseOfRome2x2.is_success(row) and not RiseOfRome2x2.is_success({**row, "winner": "b"})
    assert not RiseOfRome2x2.is_success({})
    units = got["units"]
    assert units and all(u["won"] == (u["side"] in "ac") for u in units)
    assert {u["side"] for u in units} <= set(SEAT_LETTERS[:4])
    # unfinished: a draw for everybody
    g = new()
    res = g.state.mode.result(g, GameSpec("rise-of-rome-2x2", FACTIONS))
    assert res.end_reason == "unfinished" and {x.outcome for x in res.troops} == {DRAW}
    assert res.extras["winner_team"] is None and res.first_player == 0
    row = RiseOfRome2x2.rows(res, head, lambda uid: None)["games"][0]
    assert row["winner"] is None and row["winner_factions"] is None and row["first_seat"] == "a"
    assert not RiseOfRome2x2.is_success(row)


def test_a_fallen_players_empty_bag_costs_no_damage_and_the_meter_stays_per_player_ROR_86():
    """ROR-86: a player whose champion fell plays no more chips; the stones it holds still earn its team favor
    (TLC-21 per troop, ROR-88)."""
    g = new()
    s = g.state
    hero = champion(g, ATL, 19)
    champion(g, XAN, 24)
    put(g, ATL, "atlantis/attacker-1", STONES[0])
    from hoplostat.engine import rules
    rules.damage(g, hero, 99)
    s.turn, s.active = 10, ATL
    step(g, ATL, "draw")
    assert s.team_favor == [0, 1] and s.troops[ATL].favor_total == 1
    assert s.mode.chip_limit(s, ATL) == 0


# --------------------------------------------------------------------------- from the first fresh run's survivors

TLC_OVERLAY = """
[[unit]]
id = "atlantis/attacker-1"
name = "Atlantis Attacker I"
kind = "unit"
faction = "atlantis"
classes = ["attacker"]
movement = 2
range = 1
tactical_range = 1
health = 9
attack = "black+yellow"
skills = []
provenance = "public"
source = "my chip"
"""


@pytest.fixture
def no_combined_cache():
    """`play_catalog` keeps the combined catalog per Rise of Rome catalog; the module's CAT was made at import.
    The cache emptied for one test (so the merge itself runs), then restored."""
    saved = dict(teams._COMBINED)
    teams._COMBINED.clear()
    try:
        yield
    finally:
        teams._COMBINED.clear()
        teams._COMBINED.update(saved)


def test_the_merge_itself_adds_the_lost_cities_embedded_catalog_R_ROR_40(no_combined_cache, tmp_path, monkeypatch):
    """R-ROR-40 with the merge run (no cached result): The Lost Cities' *embedded* catalog is added (a user's
    HOPLOSTAT_DATA overlay is not read for it), Rise of Rome winning a clash; the result is cached and combining
    it again gives it back."""
    from hoplostat.catalog import load

    (tmp_path / "overlay.toml").write_text(TLC_OVERLAY)
    monkeypatch.setenv("HOPLOSTAT_DATA", str(tmp_path))
    tlc = load((), use_env=False, ruleset="lost-cities")
    assert tlc.unit("atlantis/attacker-1").health == 5
    got = teams.play_catalog(ROR)
    assert got is not CAT and got.ruleset == "rise-of-rome" and got.hash == ROR.hash
    for name in ("factions", "units", "skills", "tactics", "arenas"):
        mine, theirs, both = getattr(ROR, name), getattr(tlc, name), getattr(got, name)
        assert set(both) == set(mine) | set(theirs), name
        for k in both:
            assert both[k] == (mine[k] if k in mine else theirs[k]), (name, k)
    assert got.unit("atlantis/attacker-1").health == 5 and got.unit("cf-gladiator-b").ruleset == "rise-of-rome"
    assert teams.play_catalog(ROR) is got and teams.play_catalog(got) is got
    assert teams.tlc_catalog().unit("atlantis/attacker-1").health == 5
    assert RiseOfRome2x2.catalog_of(ROR) is got


def test_a_free_hex_is_one_without_a_unit_uid_0_included_TLC_27():
    """TLC-27: a gladiator deploys onto a free hex; seat a's champion (uid 0) standing on a deployment hex takes
    it."""
    g = new()
    s = g.state
    hero = champion(g, ROME, RED_DEPLOY[0])
    assert hero.uid == 0
    glad = next(u for u in s.units if u.troop == POM and u.unit.id == "pompeii/attacker-1")
    glad.zone = CAMP
    hexes = {h for uid, h in s.mode.gladiator_options(s, POM) if uid == glad.uid}
    assert hexes == set(RED_DEPLOY[1:])


def test_matchups_are_drawn_from_the_seed_alone():
    """DESIGN, "Same seed, same results": the sampled pods are a function of the seed (0 when none is given)."""
    kw = dict(arenas=("pozzuoli",), titans=(), coop=False, pods=3)
    a = RiseOfRome2x2.matchups(teams.CITIES, seed=5, **kw)
    assert a == RiseOfRome2x2.matchups(teams.CITIES, seed=5, **kw)
    assert RiseOfRome2x2.matchups(teams.CITIES, **kw) == RiseOfRome2x2.matchups(teams.CITIES, seed=0, **kw)
    orders = {tuple(m.factions for m in RiseOfRome2x2.matchups(teams.CITIES, seed=k, **kw)) for k in range(6)}
    assert len(orders) > 1
    sp = RiseOfRome2x2.spec_of(a[0], 20)
    assert sp.titan == "" and sp.options == ()


def test_a_game_needs_four_controllers_or_one_for_all():
    with pytest.raises(InputError, match="^rise-of-rome-2x2: 4 faction"):
        RiseOfRome2x2.new_game(ROR, GameSpec("rise-of-rome-2x2", FACTIONS, "pozzuoli", first=0),
                               [Scripted(), Scripted()], rng=np.random.default_rng(0))


def test_no_favor_no_log_line_and_a_players_favor_adds_up_ROR_88():
    g = new()
    s = g.state
    n = len(s.log)
    s.mode.gain_favor(g, POM, 0, "nothing")
    assert len(s.log) == n
    s.mode.gain_favor(g, POM, 1, "a stone")
    s.mode.gain_favor(g, POM, 2, "a kill")
    assert s.troops[POM].favor_total == 3 and s.team_favor == [3, 0]
    foe = put(g, ATL, "atlantis/attacker-1", 30)
    s.mode.after_defeat(g, foe, source=None, source_troop=POM)
    assert f"pompeii (red) earns 2 crowd favor (defeating {foe.name}), team A 5 in all" in s.log
    assert s.troops[POM].favor_total == 5


def test_set_up_defaults_and_the_empty_board():
    """`setup` defaults: no log, seat a first; champions inactive (False), bag chips in the bag, the board
    empty (-1 everywhere); the result lists the skills the engine does not play."""
    from hoplostat.engine.registry import unimplemented_in_game

    s = teams.setup(CAT, FACTIONS, rng=np.random.default_rng(0))
    assert s.log is None and s.first == 0 and s.order == [0, 1, 2, 3]
    assert s.board == [-1] * s.grid.n
    assert all(s.units[t.primary_hero].active is False for t in s.troops[:4])
    g = new()
    res = g.state.mode.result(g, GameSpec("rise-of-rome-2x2", FACTIONS))
    assert res.unimplemented == unimplemented_in_game(g.state)
    with pytest.raises(InputError, match="^rise-of-rome-2x2: each player draws a different city$"):
        teams.setup(CAT, ("rome", "rome", "atlantis", "xanadu"), rng=np.random.default_rng(0))
