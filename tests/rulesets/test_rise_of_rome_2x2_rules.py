"""Rise of Rome, 2 x 2 on The Lost Cities' arena (mode `rise-of-rome-2x2`): ROR-86..ROR-89 and rulings
R-ROR-40..R-ROR-48, one test per rule id, each seen failing with a deliberate bug (named in its docstring)."""

from __future__ import annotations

import numpy as np
import pytest
from engine.enginekit import Scripted, put_in_combat
from rulesets.test_lost_cities_rules import (BEAST_ATTACK, CRIMINAL_ATTACK, CRIMINAL_MOVE, STONES, Dice,
                                             acting_faces, arena_turn)

from hoplostat.catalog import load
from hoplostat.engine import rules
from hoplostat.engine.loop import GameSpec, mode_class, play
from hoplostat.engine.rules import Game
from hoplostat.engine.steps import engage_options
from hoplostat.engine.state import BAG, CAMP, COMBAT, DISCARD, UnitState
from hoplostat.policies import make
from hoplostat.rulesets.lost_cities.base import LEVELS
from hoplostat.rulesets.rise_of_rome import teams
from hoplostat.rulesets.rise_of_rome.teams import CITIES, RiseOfRome2x2

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
