"""Pandora's Wake: the Vesuvians (VES-*) and Condemned Mode (CON-*), one test (at least) per rule id of
../shared/rules/pandoras-wake.md, on the Fa Mel Prison stand-in map with scripted players and forced dice.

Condemned Mode (Pandora's Wake, CON-*): what the rule tests above leave unpinned, found by
mutation testing of `rulesets/remastered/condemned/mode.py` (the result and its extras, the narration, the draft's
alternation and ties, the rival's lists and hexes, the champion's activation, the die, favor and rewards).
Hand-built positions on the Fa Mel Prison stand-in map, scripted players, forced dice."""

from __future__ import annotations

import numpy as np
import pytest

from hoplostat.catalog import load
from hoplostat.engine import rules
from hoplostat.engine.loop import GameSpec, mode_class, modes, play
from hoplostat.engine.registry import printed_chip, unit_hooks
from hoplostat.engine.rules import FixedRoller
from hoplostat.engine.state import CAMP, COMBAT, DISCARD
from hoplostat.errors import InputError
from hoplostat.policies import make
from hoplostat.rulesets.remastered.condemned import mode as con
from hoplostat.rulesets.remastered import rival

CAT = load((), use_env=False)


class Script:
    """A player that answers by a table of decision -> function(options) (None: pass); otherwise it passes
    optional decisions and takes the first option of mandatory ones. Records what it was offered."""

    def __init__(self, **answers) -> None:
        self.answers = answers
        self.asked: list[tuple[int, str, list]] = []

    def choose(self, g, troop, decision, options, *, optional):
        self.asked.append((troop, decision, list(options)))
        fn = self.answers.get(decision.replace("-", "_"))
        if fn is not None:
            return fn(options)
        return None if optional else options[0]


def new(factions=("kunlun",), seed=0, ctrl=None, roller=None):
    spec = mode_class("condemned").validate(CAT, GameSpec("condemned", tuple(factions)))
    rng = np.random.default_rng(seed)
    c = ctrl or Script()
    g = mode_class("condemned").new_game(CAT, spec, [c] * len(factions), rng=rng, log=True, roller=roller)
    g.state.mode.begin(g)
    return g


def hexes(g, tag):
    return g.state.grid.tagged(tag)


def put(g, u, h):
    """Place a unit in combat on hex h (a test's set-up, not a rule)."""
    s = g.state
    if u.zone != COMBAT:
        rules.deploy(g, u, h)
        u.deployed_turn = -1
        return
    s.board[u.hex] = -1
    u.hex = h
    s.board[h] = u.uid


def wretch(g, troop=0):
    return g.state.units[g.state.wretch[troop]]


def heroes(g, troop):
    return [u for u in g.state.units if u.troop == troop and u.unit.kind in ("hero", "neutral-hero")
            and u.uid != g.state.champion]


def guardian(g, colour):
    s = g.state
    return next(s.units[i] for i in s.guardians if s.supply_of(s.units[i].troop) == colour)


def hero_beside_guardian(g):
    """Seat 0's first hero put on a hex next to the red guardian: (hero, guardian)."""
    gu = guardian(g, "red")
    hero = heroes(g, 0)[0]
    put(g, hero, g.state.grid.neighbours[gu.hex][2])
    return hero, gu


# --------------------------------------------------------------------------- the Vesuvians


def test_vesuvians_are_a_faction_built_like_a_core_one_VES_1():
    f = CAT.faction("vesuvians")
    hero = CAT.unit(f.hero)
    assert hero.elite and hero.kind == "hero"
    units = CAT.faction_units("vesuvians", include_hero=False)
    assert len(units) == 10 and not any(u.elite for u in units)
    common = [t for t in f.tactics if CAT.tactic(t).faction is None]
    assert len(f.tactics) == 4 and len(common) == 3


@pytest.mark.parametrize("mode", [m for m in modes() if mode_class(m).ruleset == "remastered" and m != "test-sudden-death"])
def test_vesuvians_stand_in_for_any_faction_in_every_remastered_mode_VES_2(mode):
    cls = mode_class(mode)
    n = min(cls.seats)
    others = [f for f in sorted(CAT.factions) if f != "vesuvians"]
    spec = cls.default_spec(CAT, np.random.default_rng(3))
    spec = GameSpec(mode, ("vesuvians", *others[: n - 1]), spec.arena, spec.titan, max_rounds=6)
    rng = np.random.default_rng(1)
    res = play(CAT, spec, [make("greedy", rng=rng) for _ in range(n)], rng=rng)
    assert res.factions[0] == "vesuvians" and res.end_reason
    if mode == "condemned":  # the Vesuvian hero is one more hero of the draft bag (CON-16)
        assert "vesuvians-hero" in res.extras["heroes"]


def test_the_vesuvian_chips_are_stand_ins_VES_3():
    for u in [CAT.unit(CAT.faction("vesuvians").hero), *CAT.faction_units("vesuvians", include_hero=False)]:
        assert {u.provenance[k] for k in ("movement", "range", "health", "attack", "skills")} == {"stand-in"}, u.id


# --------------------------------------------------------------------------- frame and goal


def test_solo_or_competitive_on_the_fa_mel_prison_CON_1():
    cls = mode_class("condemned")
    assert cls.seats == (1, 2) and cls.arenas == ("fa-mel-prison",)
    assert new(("kunlun",)).state.solo
    assert not new(("kunlun", "amazons")).state.solo
    with pytest.raises(InputError):
        cls.validate(CAT, GameSpec("condemned", ("kunlun", "amazons", "lamosians")))


def test_each_player_troop_has_a_wretch_the_rival_a_champion_CON_2():
    s = new(("kunlun",)).state
    assert s.wretch[0] >= 0 and s.wretch[1] == -1 and s.champion >= 0 and s.units[s.champion].troop == 1
    s2 = new(("kunlun", "amazons")).state
    assert s2.wretch[0] >= 0 and s2.wretch[1] >= 0 and s2.champion == -1


def test_the_wretch_arriving_on_its_goal_escape_hex_wins_at_once_CON_3():
    g = new(("kunlun",))
    s = g.state
    w = wretch(g)
    goal = hexes(g, "escape-blue")[0]
    assert s.goal[0] == goal
    put(g, w, s.grid.neighbours[goal][0])
    rules.move(g, w, goal)
    assert s.end_reason == "Wretch escaped" and s.winner == 0
    res = s.mode.result(g, GameSpec("condemned", ("kunlun",)))
    assert res.troops[0].outcome == "won"


def test_solo_the_rival_wins_when_the_wretch_is_defeated_CON_4():
    g = new(("kunlun",))
    w = wretch(g)
    rules.damage(g, w, w.hp)
    assert g.state.end_reason == "Wretch defeated" and g.state.winner == g.state.rival_troop
    assert g.state.mode.result(g, GameSpec("condemned", ("kunlun",))).troops[0].outcome == "lost"


def test_competitive_a_fallen_wretch_switches_the_goal_first_to_fall_wins_CON_5_CON_33():
    g = new(("kunlun", "amazons"))
    s = g.state
    rules.damage(g, wretch(g, 0), wretch(g, 0).hp)
    assert s.end_reason is None and s.fallen == [0]  # the game goes on
    rules.damage(g, wretch(g, 1), wretch(g, 1).hp)
    assert s.end_reason == "both Wretches defeated" and s.winner == 0  # CON-5: red's Wretch fell first
    g = new(("kunlun", "amazons"))
    s = g.state
    rules.damage(g, wretch(g, 0), wretch(g, 0).hp)
    w = wretch(g, 1)
    goal = s.goal[1]
    put(g, w, s.grid.neighbours[goal][0])
    rules.move(g, w, goal)
    assert s.winner == 1 and s.end_reason == "Wretch escaped"  # CON-33: the troop with a Wretch escapes


# --------------------------------------------------------------------------- components and arena


def test_four_wretch_faces_and_two_guardians_CON_6():
    faces = [CAT.unit(c) for c in con.WRETCH]
    assert [u.kind for u in faces] == ["wretch"] * 4 and [u.name for u in faces] == ["Wretch I", "Wretch II", "Wretch III", "Wretch IV"]
    guardians = [CAT.unit(c) for c in con.GUARDIANS]
    assert {u.name for u in guardians} == {"Scylla", "Charybdis"} and all(u.kind == "guardian" for u in guardians)


def test_guardian_hexes_are_closed_to_every_other_unit_CON_7():
    g = new(("kunlun",))
    s = g.state
    for tag in ("guardian-red", "guardian-blue"):
        h = hexes(g, tag)[0]
        assert s.occupant(h).unit.kind == "guardian"
        assert s.blocked_for_move(0)[h] and not s.can_occupy(0, h) and not s.can_occupy(1, h)
    gu = guardian(g, "red")
    h = gu.hex
    rules.damage(g, gu, gu.hp)
    assert s.board[h] < 0 and s.blocked_for_move(0)[h] and not s.can_occupy(0, h)  # still closed when it fell


def test_escape_hexes_open_to_wretches_only_CON_8():
    seen = []
    g = new(("kunlun",), ctrl=Script(move=lambda o: (seen.append(list(o)), None)[1]))
    s = g.state
    w = wretch(g)
    goal, own = s.goal[0], hexes(g, "escape-red")[0]
    hero = heroes(g, 0)[0]
    put(g, hero, 32)  # next to the blue escape hex
    put(g, w, 54)  # next to it too
    con.movement_step(g, 0)
    moves = seen[0]
    assert (w.uid, goal) in moves and (hero.uid, goal) not in moves
    assert not s.can_occupy(0, goal)  # displacement and deployment never put a unit there
    # its own side's escape hex: a Wretch may step there, with no effect (ruling R-PW-11)
    put(g, w, 34)
    rules.move(g, w, own)
    assert s.end_reason is None


def test_the_wretch_starts_on_its_chain_hex_which_is_then_plain_CON_9():
    g = new(("kunlun", "amazons"))
    s = g.state
    assert wretch(g, 0).hex == hexes(g, "chain-red")[0] and wretch(g, 1).hex == hexes(g, "chain-blue")[0]
    chain = hexes(g, "chain-red")[0]
    rules.move(g, wretch(g, 0), chain + 1)
    assert not s.blocked_for_move(0)[chain] and s.can_occupy(1, chain)


def test_six_key_hexes_valued_by_their_icons_CON_10():
    g = new()
    keys = hexes(g, "key")
    assert len(keys) == 6
    assert sorted(con.key_value(g.state, h) for h in keys) == [1, 1, 2, 2, 3, 3]


def test_alert_exactly_while_the_wretch_is_past_the_line_solo_only_CON_11():
    g = new(("kunlun",))
    w = wretch(g)
    assert not con.on_alert(g.state)
    put(g, w, 19)
    assert con.on_alert(g.state)
    g2 = new(("kunlun", "amazons"))
    put(g2, wretch(g2, 0), 19)
    assert not con.on_alert(g2.state)


# --------------------------------------------------------------------------- set-up


def test_guardians_random_on_their_hexes_with_twelve_hp_of_its_colour_CON_12():
    names = set()
    for seed in range(8):
        g = new(seed=seed)
        s = g.state
        red, blue = guardian(g, "red"), guardian(g, "blue")
        assert red.hex == hexes(g, "guardian-red")[0] and blue.hex == hexes(g, "guardian-blue")[0]
        assert red.hp == blue.hp == 12
        names.add(red.name)
    assert names == {"Scylla", "Charybdis"}
    g = new()
    s = g.state
    start = dict(s.supply)
    red = guardian(g, "red")
    rules.damage(g, red, 3)
    assert s.supply["red"] == start["red"] + 3  # chips come back as the guardian loses HP
    assert s.supply_start["red"] - s.supply["red"] == 12 - 3 + wretch(g).hp


def test_the_arena_die_is_rolled_at_set_up_and_its_effect_applies_CON_13():
    faces = set()
    for seed in range(12):
        s = new(seed=seed).state
        faces.add(s.die)
        gu = s.units[s.guardians[0]]
        assert gu.unit.has_skill("absorb") == (s.die == 1)
    assert len(faces) > 2 and faces <= set(range(1, 7))


def test_beads_start_below_the_meter_CON_14():
    s = new(("kunlun", "amazons")).state
    assert s.troops[0].favor == s.troops[1].favor == 0


def test_solo_the_rival_plays_first_competitive_random_CON_15():
    assert new(("kunlun",)).state.order == [1, 0]
    firsts = {new(("kunlun", "amazons"), seed=k).state.order[0] for k in range(10)}
    assert firsts == {0, 1}


def test_heroes_only_drafted_from_one_bag_five_each_CON_16():
    seen = []
    g = new(("kunlun", "amazons"), ctrl=Script(draft=lambda o: (seen.append(o), o[1])[1]))
    s = g.state
    for t in (0, 1):
        hs = heroes(g, t)
        assert len(hs) == 5 and all(u.zone == CAMP for u in hs)
    ids = [u.unit.id for u in s.units if u.unit.kind in ("hero", "neutral-hero")]
    assert len(ids) == len(set(ids)) == 10
    assert all(len(o) == 2 for o in seen) and len(seen) == 4  # draws of two after each troop's own hero
    assert s.troops[0].tactics_camp == [] and heroes(g, 0)[0].unit.id == CAT.faction("kunlun").hero


def test_solo_the_rival_keeps_the_higher_health_lineup_in_order_and_a_champion_CON_17():
    for seed in range(6):
        g = new(("kunlun",), seed=seed)
        s = g.state
        assert len(s.lineup) == 5 and s.lineup == sorted(s.lineup)  # the lineup in draft order
        assert s.champion >= 0 and not s.units[s.champion].active and s.units[s.champion].zone == CAMP
        assert len(set(s.drafted)) == 11  # every hero of the bag: ten drafted and the champion
        by_name = {u.name: u for u in s.mode.bag}
        picks = [line for line in s.log if " drafts " in line][1:]  # after the player's own faction hero
        checked = 0
        for first, second in zip(picks[::2], picks[1::2]):
            if first.startswith("rival"):  # the rival drafted this pair: it kept the first
                a = by_name[first.split(" drafts ")[1]]
                b = by_name[second.split(" drafts ")[1]]
                assert (a.health, a.attack.size) >= (b.health, b.attack.size)
                checked += 1
        assert checked >= 2


def test_the_champion_is_a_hero_drawn_at_random_from_the_bag_R_PW_12_CON_17():
    """Pandora's Wake, "Setup" 6, solo: "After the fifth hero is drafted for each troop, draw one more hero from the
    draw bag. This is the rival's champion." A random draw from the game's rng (the same seed, the same champion),
    never biased by the rival's last choice (ruling R-PW-12): over seeds it is each hero other than the player's
    own faction hero equally often, so it is sometimes stronger than the rival's last drafted hero, and its mean
    Health is the mean of those heroes (4 standard errors)."""
    own = CAT.unit(CAT.faction("kunlun").hero)
    pool = [u.health for u in new(("kunlun",)).state.mode.bag if u.id != own.id]
    n, champions, stronger = 200, [], 0
    for seed in range(n):
        s = new(("kunlun",), seed=seed).state
        champ, last = s.units[s.champion].unit, s.units[s.lineup[-1]].unit
        champions.append(champ)
        stronger += (champ.health, champ.attack.size) > (last.health, last.attack.size)
    again = new(("kunlun",), seed=7).state
    assert again.units[again.champion].unit is champions[7] and len({c.id for c in champions}) == len(pool)
    assert stronger > 0
    healths = [c.health for c in champions]
    mean = sum(pool) / len(pool)
    sd = (sum((h - mean) ** 2 for h in pool) / len(pool)) ** 0.5
    assert abs(sum(healths) / n - mean) <= 4 * sd / n ** 0.5


def test_wretch_one_in_combat_at_set_up_with_its_colours_hp_not_dazed_CON_18():
    g = new(("kunlun",))
    w = wretch(g)
    assert w.zone == COMBAT and w.unit.id == "wretch-1" or printed_chip(w.unit).id == "wretch-1"
    assert w.hp == CAT.unit("wretch-1").health and w.deployed_turn == -1
    assert not g.state.is_dazed(w)


def test_no_tactics_in_this_mode_CON_19():
    s = new(("kunlun", "amazons")).state
    assert all(t.tactics_camp == [] for t in s.troops)
    g = new(("kunlun", "amazons"))
    steps = [n for n, _ in g.state.mode.turn_of(g, 0).steps]
    assert "tactic" not in steps


# --------------------------------------------------------------------------- deployment and limit


def test_deployment_on_the_four_hexes_of_the_troops_colour_CON_20():
    seen = []
    g = new(("kunlun",), ctrl=Script(deploy=lambda o: (seen.append(list(o)), None)[1]))
    g.state.mode.deployment(g, 0)
    assert {h for _, h in seen[0]} == set(hexes(g, "deploy-red")) and len(hexes(g, "deploy-red")) == 4
    seen.clear()
    others = heroes(g, 0)
    s = g.state
    for u, h in zip(others[1:], hexes(g, "deploy-red")):  # fill every red deployment hex (a test's set-up)
        s.board[h] = u.uid
    g.state.mode.deployment(g, 0)
    assert seen == []


def test_the_rival_deploys_on_its_free_hex_closest_to_the_wretch_CON_21():
    g = new(("kunlun",))
    s = g.state
    put(g, wretch(g), 54)
    s.mode.rival_deploy(g)
    u = next(s.units[i] for i in s.lineup if s.units[i].zone == COMBAT)
    assert u.hex == min(hexes(g, "deploy-blue"), key=lambda h: (s.grid.dist[54][h], h)) == 65 or s.grid.dist[54][u.hex] == 1


def test_unit_limit_one_not_counting_the_wretch_CON_22():
    seen = []
    g = new(("kunlun",), ctrl=Script(deploy=lambda o: (seen.append(o), o[0])[1]))
    s = g.state
    s.mode.deployment(g, 0)
    assert len(seen) == 1 and s.mode.in_limit(s, 0) == 1
    s.mode.deployment(g, 0)
    assert len(seen) == 1  # at its limit: not asked again


def test_the_first_three_rewards_raise_the_limit_rival_too_CON_23():
    g = new(("kunlun",))
    s = g.state
    for k, want in ((1, 2), (2, 3), (3, 4)):
        s.mode.gain_favor(g, 0, con.REWARDS[k - 1] - s.troops[0].favor, "test")
        s.mode.gain_favor(g, 1, con.REWARDS[k - 1] - s.troops[1].favor, "test")
        assert s.limit[0] == want and s.limit[1] == want


# --------------------------------------------------------------------------- the arena die


def test_each_die_face_has_its_effect_CON_24():
    g = new(("kunlun",))
    s = g.state
    gu = guardian(g, "red")
    w = wretch(g)
    base_range = printed_chip(gu.unit).range
    base_move = printed_chip(w.unit).movement
    con.set_die(g, 1, "test")
    assert gu.unit.has_skill("absorb") and not gu.unit.has_skill("retaliate")
    assert [sid for sid, _, _ in unit_hooks(gu.unit, "damage_reduction")] == ["absorb"]
    assert gu in s.hooked("damage_reduction") or s.attack_views()[1].get(gu.uid)
    con.set_die(g, 3, "test")
    assert not gu.unit.has_skill("absorb") and rules.range_of(s, gu) == base_range + 1
    con.set_die(g, 5, "test")
    assert gu.unit.has_skill("blasphemous") and gu.unit.has_skill("retaliate") and gu in s.hooked("after_dealt_attack_damage")
    con.set_die(g, 6, "test")
    assert rules.movement_of(s, w) == base_move + 2 and not gu.unit.has_skill("retaliate")
    con.set_die(g, 2, "test")
    assert rules.movement_of(s, w) == base_move
    k1, k2, k3 = hexes(g, "key-1")[0], hexes(g, "key-2")[0], hexes(g, "key-3")[0]
    assert [con.key_favor(s, h) for h in (k1, k2, k3)] == [0, 1, 2]  # face 2: one less, never below 0 (R-PW-1)
    con.set_die(g, 4, "test")
    assert [con.key_favor(s, h) for h in (k1, k2, k3)] == [2, 4, 6]
    con.set_die(g, 5, "test")
    assert [con.key_favor(s, h) for h in (k1, k2, k3)] == [1, 2, 3]


def test_face_one_absorb_reduces_attacks_on_a_guardian_CON_24():
    g = new(("kunlun",))
    hero, gu = hero_beside_guardian(g)
    con.set_die(g, 1, "test")
    g.roller = FixedRoller([3])
    hp = gu.hp
    rules.attack(g, hero, gu)
    assert gu.hp == hp - 2


def test_the_die_is_rolled_again_at_every_reward_CON_25():
    g = new(("kunlun", "amazons"))
    s = g.state
    rolls = s.die_rolls
    s.mode.gain_favor(g, 0, 5, "test")
    assert s.die_rolls == rolls + 1
    s.mode.gain_favor(g, 1, 10, "test")  # two rewards at once: two rolls
    assert s.die_rolls == rolls + 3


def test_pay_two_hp_from_the_wretch_to_choose_the_face_CON_26():
    g = new(("kunlun",), ctrl=Script(die_face=lambda o: 6 if 6 in o else o[0]))
    s = g.state
    w = wretch(g)
    con.set_die(g, 1, "test")
    hp, supply = w.hp, s.supply["red"]
    s.mode.pay_for_face(g, 0)
    assert s.die == 6 and w.hp == hp - 2 and s.supply["red"] == supply + 2 and w.damage_taken == 0
    w.hp = 2
    s.supply["red"] += hp - 2 - 2
    con.set_die(g, 1, "test")
    s.mode.pay_for_face(g, 0)
    assert s.die == 1  # not offered when it would take the Wretch's last HP (R-PW-2)
    steps = [n for n, _ in s.mode.turn_of(g, s.rival_troop).steps]
    assert "die" not in steps  # never the rival
    assert [n for n, _ in s.mode.turn_of(g, 0).steps][-1] == "die"


# --------------------------------------------------------------------------- guardians


def test_guardians_oppose_everyone_and_each_other_are_allies_CON_27():
    g = new(("kunlun",))
    s = g.state
    gr, gb = guardian(g, "red"), guardian(g, "blue")
    hero = s.units[s.lineup[0]]
    put(g, hero, 65)
    assert gr in s.opponents_of(0) and gr in s.opponents_of(1)
    assert wretch(g) in s.opponents_of(gr.troop) and hero in s.opponents_of(gr.troop)
    assert gb not in s.opponents_of(gr.troop) and rules.same_team(s, gr.troop, gb.troop)


def test_guardians_never_move_and_cannot_be_displaced_CON_28():
    g = new()
    s = g.state
    for i in s.guardians:
        u = s.units[i]
        assert not rules.can_move(s, u) and not rules.can_be_displaced(s, u)
        assert u.unit.has_skill(con.GUARDIAN_HOLD)  # a granted skill, kept through every face
    con.set_die(g, 3, "test")
    assert all(not rules.can_be_displaced(s, s.units[i]) for i in s.guardians)


def test_guardians_target_any_opponent_in_range_CON_29():
    g = new(("kunlun",), roller=FixedRoller(mode="all"))
    s = g.state
    gu = guardian(g, "red")
    con.set_die(g, 2, "test")
    w = wretch(g)
    put(g, w, s.grid.neighbours[gu.hex][0])
    rc = g.controllers[gu.troop]
    plan = rc.plan_engage(g, gu)
    assert plan == [("attack", gu.uid, w.uid)]


def test_savage_when_two_or_more_opponents_are_in_range_CON_30():
    g = new(("kunlun",), roller=FixedRoller(mode="none"))
    s = g.state
    gu = guardian(g, "red")
    con.set_die(g, 2, "test")
    nb = s.grid.neighbours[gu.hex]
    put(g, wretch(g), nb[0])
    rc = g.controllers[gu.troop]
    assert rc.plan_engage(g, gu)[0][0] == "attack"
    put(g, heroes(g, 0)[0], nb[1])
    assert rc.plan_engage(g, gu)[0][:3] == ("special", gu.uid, "savage")


def test_the_arena_turn_is_the_guardians_engage_only_CON_31_CON_54():
    g = new(("kunlun",))
    t = g.state.mode.arena_turn(g)
    assert [n for n, _ in t.steps] == ["engage"]


# --------------------------------------------------------------------------- Wretches


def test_an_upgrade_flips_the_wretch_keeping_its_hp_never_above_four_CON_32():
    g = new(("kunlun",))
    s = g.state
    w = wretch(g)
    rules.damage(g, w, 2)
    hp = w.hp
    con.upgrade(g, w, 2)
    assert printed_chip(w.unit).id == "wretch-2" and w.hp == hp  # ruling R-PW-5
    con.upgrade(g, w, 4)
    con.upgrade(g, w, 5)
    assert printed_chip(w.unit).id == "wretch-4" and s.level[0] == 4
    assert not w.unit.elite  # ruling R-PW-5: the Wretch is not elite


# --------------------------------------------------------------------------- the champion


def test_the_inactive_champion_blocks_its_hex_and_is_ignored_CON_34():
    g = new(("kunlun",))
    s = g.state
    c = s.units[s.champion]
    h = hexes(g, "chain-blue")[0]
    assert c.zone != COMBAT and c.hp == 0 and not c.active
    assert s.blocked_for_move(0)[h] and not s.can_occupy(0, h) and c not in s.opponents_of(0)
    assert all(u.uid != c.uid for u in s.in_combat())


def test_the_champion_wakes_on_the_alert_line_or_the_last_reward_and_stays_awake_CON_35():
    g = new(("kunlun",))
    s = g.state
    w = wretch(g)
    put(g, w, 29)
    rules.move(g, w, 30)  # past the line
    c = s.units[s.champion]
    assert s.champion_active and c.zone == COMBAT and c.hp == c.unit.health and c.hex == hexes(g, "chain-blue")[0]
    assert not s.is_dazed(c)  # ruling R-PW-8
    rules.move(g, w, 29)
    assert s.champion_active and not con.on_alert(s)
    g = new(("kunlun",))
    s = g.state
    s.mode.gain_favor(g, 0, con.TOP, "test")
    assert s.champion_active


def test_champion_hp_taken_from_the_guardian_then_the_strongest_rival_CON_36():
    g = new(("kunlun",))
    s = g.state
    c = s.units[s.champion]
    gb = guardian(g, "blue")
    hero = s.units[s.lineup[0]]
    put(g, hero, 65)
    s.supply["blue"] -= 0
    short = s.supply["blue"]
    # take every free blue chip away but 2: the guardian gives the rest, up to its 12
    s.supply["blue"] = 2
    s.supply_start["blue"] -= short - 2
    need = c.unit.health - 2
    con.activate_champion(g, "test")
    assert c.hp == c.unit.health and gb.hp == 12 - need
    # the guardian runs dry: it is defeated (not damage), then the strongest rival unit gives the rest
    g = new(("kunlun",))
    s = g.state
    c = s.units[s.champion]
    gb = guardian(g, "blue")
    hero = s.units[s.lineup[0]]
    put(g, hero, 65)
    gb.hp = 2
    s.supply_start["blue"] -= 10
    s.supply_start["blue"] -= s.supply["blue"]
    s.supply["blue"] = 0
    hp = hero.hp
    con.activate_champion(g, "test")
    assert gb.zone == DISCARD and hero.hp == hp - (c.unit.health - 2) and c.hp == c.unit.health
    assert s.troops[0].favor == 0  # nobody earned favor


def test_champion_priorities_while_not_on_alert_CON_37():
    g = new(("kunlun",))
    s = g.state
    con.activate_champion(g, "test")
    c = s.units[s.champion]
    rc = g.controllers[1]
    mark, target = rc.lists(g, c)
    assert mark == ("wretch", "escape-adjacent")
    assert target == ("wretch", "player-elite", "hp-guardian", "guardian")
    other = s.units[s.lineup[0]]
    assert rc.lists(g, other)[0] == con.RIVALS_CALM
    # marking: the Wretch out of reach, so a hex next to the player's escape hex
    blocked = s.blocked_for_move(1)
    dests = rc.plan_move(g, c, blocked, set())
    goal = s.goal[0]
    assert c.hex in (dests or [c.hex]) or all(s.grid.dist[h][goal] == 1 for h in dests)
    assert not dests  # the chain-blue hex is next to the escape hex already: it stays
    # targeting: a player-controlled elite before a guardian
    hero = heroes(g, 0)[0]
    put(g, hero, s.grid.neighbours[c.hex][0])
    assert rc.top(g, c, [guardian(g, "blue"), hero]) == [hero]


# --------------------------------------------------------------------------- crowd favor


def test_key_hexes_give_favor_at_the_start_of_the_turn_each_unit_counts_CON_38():
    g = new(("kunlun",))
    s = g.state
    con.set_die(g, 1, "test")
    put(g, wretch(g), hexes(g, "key-2")[0])
    put(g, heroes(g, 0)[0], hexes(g, "key-3")[0])
    s.mode.start(g, 0)
    assert s.troops[0].favor == 5 and s.key_favor[0] == 5


def test_favor_equals_the_hp_removed_from_opponents_guardians_included_CON_39():
    g = new(("kunlun",))
    s = g.state
    con.set_die(g, 2, "test")
    hero, gu = hero_beside_guardian(g)
    rules.damage(g, gu, 3, source=hero)
    assert s.troops[0].favor == 3 and s.guardian_hp[0] == 3
    rival_hero = s.units[s.lineup[0]]
    put(g, rival_hero, 65)
    rules.damage(g, rival_hero, 50, source=hero)  # only the HP it had counts
    assert s.troops[0].favor == 3 + rival_hero.unit.health or s.troops[0].favor == con.TOP
    rules.damage(g, heroes(g, 0)[0], 0, source=rival_hero)
    assert s.troops[1].favor == 0


def test_four_rewards_at_the_stand_in_spacing_CON_40():
    assert con.REWARDS == (5, 10, 15, 20) and con.TOP == 20
    g = new(("kunlun",))
    s = g.state
    s.mode.gain_favor(g, 0, 4, "test")
    assert s.troops[0].rewards == 0
    s.mode.gain_favor(g, 0, 1, "test")
    assert s.troops[0].rewards == 1


def test_a_reward_gives_the_wretch_two_hp_then_rolls_the_die_rival_skips_the_hp_CON_41():
    g = new(("kunlun",))
    s = g.state
    w = wretch(g)
    hp = w.hp
    s.mode.gain_favor(g, 0, 5, "test")
    assert w.hp == hp + 2 and w.hp_gained == 2 and s.die_rolls == 1
    s.mode.gain_favor(g, 1, 5, "test")
    assert w.hp == hp + 2 and s.die_rolls == 2


def test_the_first_three_rewards_upgrade_the_wretch_CON_42():
    g = new(("kunlun",))
    s = g.state
    w = wretch(g)
    for k in (1, 2, 3):
        s.mode.gain_favor(g, 0, 5, "test")
        assert printed_chip(w.unit).id == f"wretch-{k + 1}" and s.limit[0] == k + 1


def test_the_fourth_reward_returns_a_defeated_elite_and_wakes_the_champion_CON_43():
    g = new(("kunlun",))
    s = g.state
    hero = heroes(g, 0)[0]
    put(g, hero, 11)
    rules.damage(g, hero, hero.hp)
    assert hero.zone == DISCARD
    s.mode.gain_favor(g, 0, 20, "test")
    assert hero.zone == CAMP and s.champion_active
    g = new(("kunlun",))
    s = g.state
    a, b = (s.units[i] for i in s.lineup[:2])
    for u, h in ((a, 65), (b, 54)):
        put(g, u, h)
        rules.damage(g, u, u.hp)
    s.mode.gain_favor(g, 1, 20, "test")
    back = [u for u in (a, b) if u.zone == CAMP]
    assert len(back) == 1 and back[0].unit.health == max(a.unit.health, b.unit.health)


def test_no_favor_after_the_top_CON_44():
    g = new(("kunlun",))
    s = g.state
    s.mode.gain_favor(g, 0, 25, "test")
    assert s.troops[0].favor == con.TOP and s.favor_earned[0] == con.TOP
    s.mode.gain_favor(g, 0, 3, "test")
    assert s.favor_earned[0] == con.TOP and s.troops[0].rewards == 4


# --------------------------------------------------------------------------- the rival


def test_the_rival_deploys_the_first_hero_of_its_lineup_or_none_CON_45():
    g = new(("kunlun",))
    s = g.state
    first = s.units[s.lineup[0]]
    s.mode.rival_deploy(g)
    assert first.zone == COMBAT
    s.mode.rival_deploy(g)
    assert s.mode.in_limit(s, 1) == 1  # at its limit
    g = new(("kunlun",))
    s = g.state
    first = s.units[s.lineup[0]]
    s.supply_start["blue"] -= s.supply["blue"] - (first.unit.health - 1)
    s.supply["blue"] = first.unit.health - 1
    s.mode.rival_deploy(g)
    assert all(s.units[i].zone == CAMP for i in s.lineup)  # not the next one either (R-PW-10)


def test_rival_units_calm_list_wretch_then_key_hexes_CON_46_CON_48():
    g = new(("kunlun",))
    s = g.state
    rc = g.controllers[1]
    hero = s.units[s.lineup[0]]
    put(g, hero, 41)
    put(g, wretch(g), 34)  # far away: out of reach
    dests = rc.plan_move(g, hero, s.blocked_for_move(1), set())
    assert dests and all(con.key_value(s, h) for h in dests)  # a key hex in range of an opponent or the best free one
    put(g, wretch(g), 37)  # within reach now: it marks the Wretch, not the key hex
    dests = rc.plan_move(g, hero, s.blocked_for_move(1), set())
    assert dests and all(s.grid.dist[h][wretch(g).hex] <= rules.range_of(s, hero) for h in dests)
    assert "Wretch" in rc.why[hero.uid]


def test_on_alert_wretch_then_the_weakest_opposing_elite_CON_47():
    g = new(("kunlun",))
    s = g.state
    rc = g.controllers[1]
    hero = s.units[s.lineup[0]]
    put(g, hero, 41)
    put(g, wretch(g), 19)
    assert con.on_alert(s) and rc.lists(g, hero)[0] == con.RIVALS_ALERT
    a, b = heroes(g, 0)[:2]
    put(g, a, 40)
    put(g, b, 30)
    rules.damage(g, b, 1)
    assert rc.top(g, hero, [a, b]) == [b]
    assert rc.top(g, hero, [a, b, wretch(g)]) == [wretch(g)]


def test_on_alert_the_weakest_opposing_elite_it_can_reach_CON_47_RIV_3():
    """Remastered, "Identify a Mark": "the rival assesses only the units within reach when determining its mark";
    so on alert (CON-47: Wretch > weakest opposing elite > ...) with the Wretch out of reach, a rival hero marks the
    weakest player elite it can reach, even when a weaker one stands out of its reach."""
    g = new(("kunlun",))
    s = g.state
    rc = g.controllers[1]
    hero = s.units[s.lineup[0]]
    put(g, hero, 0)
    put(g, wretch(g), 76)  # past the alert line, out of reach
    by_health = sorted(heroes(g, 0), key=lambda u: u.unit.health)
    far, near = by_health[0], by_health[-1]
    put(g, near, 13)
    put(g, far, 65)
    rules.damage(g, far, 1)
    spots = [hero.hex, *s.grid.reachable(hero.hex, rules.movement_of(s, hero), s.blocked_for_move(1), set())]
    r = rules.range_of(s, hero)
    assert con.on_alert(s) and far.hp < near.hp
    assert rival._can_reach(s.grid.dist, spots, near.hex, r) and not rival._can_reach(s.grid.dist, spots, far.hex, r)
    assert not rival._can_reach(s.grid.dist, spots, wretch(g).hex, r)
    dests = rc.plan_move(g, hero, s.blocked_for_move(1), set())
    assert rc.why[hero.uid] == f"marks {near.name} (weakest-elite)"
    assert dests and all(s.grid.dist[h][near.hex] <= r for h in dests)


def test_alert_is_rechecked_whenever_the_wretch_moves_CON_49():
    g = new(("kunlun",))
    s = g.state
    rc = g.controllers[1]
    hero = s.units[s.lineup[0]]
    w = wretch(g)
    put(g, w, 29)
    assert rc.lists(g, hero)[0] == con.RIVALS_CALM
    rules.move(g, w, 30)
    assert rc.lists(g, hero)[0] == con.RIVALS_ALERT
    rules.move(g, w, 29)
    assert rc.lists(g, hero)[0] == con.RIVALS_CALM


def test_the_rival_earns_favor_and_rewards_without_the_wretch_parts_CON_50():
    g = new(("kunlun",))
    s = g.state
    rival_hero = s.units[s.lineup[0]]
    put(g, rival_hero, 41)
    w = wretch(g)
    put(g, w, 40)
    rules.damage(g, w, 2, source=rival_hero)
    assert s.troops[1].favor == 2
    put(g, rival_hero, hexes(g, "key-3")[0])
    con.set_die(g, 1, "test")
    s.mode.start(g, 1)
    assert s.troops[1].favor == 5 and s.troops[1].rewards == 1 and s.limit[1] == 2


def test_deployment_needs_the_full_health_in_the_supply_CON_51():
    g = new(("kunlun",))
    s = g.state
    seen = []
    g.controllers[0].answers["deploy"] = lambda o: (seen.append(o), None)[1]
    s.supply_start["red"] -= s.supply["red"]
    s.supply["red"] = 0
    s.mode.deployment(g, 0)
    assert seen == []


def test_a_round_is_player_one_player_two_then_the_arena_CON_52():
    g = new(("kunlun",))
    turns = list(g.state.mode.round_turns(g))
    assert [t.troop for t in turns] == [1, 0, g.state.guardian_troops[0]] and "arena" in turns[2].header
    g = new(("kunlun", "amazons"), seed=1)
    turns = list(g.state.mode.round_turns(g))
    assert [t.troop for t in turns[:2]] == g.state.order


def test_player_turn_steps_in_order_CON_53():
    g = new(("kunlun",))
    assert [n for n, _ in g.state.mode.turn_of(g, 0).steps] == ["start", "deployment", "movement", "abilities", "engage", "die"]
    assert [n for n, _ in g.state.mode.turn_of(g, 1).steps] == ["start", "deployment", "movement", "abilities", "engage"]


# --------------------------------------------------------------------------- whole games


def test_seeded_games_are_deterministic_and_end():
    for factions in (("kunlun",), ("kunlun", "vesuvians")):
        for seed in range(3):
            logs = []
            for _ in range(2):
                rng = np.random.default_rng(seed)
                spec = GameSpec("condemned", factions)
                res = play(CAT, spec, [make("greedy", rng=rng) for _ in factions], rng=rng, log=True)
                logs.append(res.log)
                assert res.end_reason and res.end_reason != "unfinished"
            assert logs[0] == logs[1]


def test_competitive_guardian_ties_are_drawn_at_random_R_PW_3_CON_29():
    g = new(("kunlun", "amazons"))
    gu = guardian(g, "red")
    rc = g.controllers[gu.troop]
    assert rc.neutral and not new(("kunlun",)).controllers[2].neutral
    picks = {rc.tie(g, "rival-engage", [("attack", gu.uid, 1), ("attack", gu.uid, 2)]) for _ in range(40)}
    assert len(picks) == 2


def test_blasphemous_adds_one_damage_to_the_guardians_hit_attacks_R_PW_4_CON_24():
    g = new(("kunlun",), roller=FixedRoller([2, 2]))
    hero, gu = hero_beside_guardian(g)
    con.set_die(g, 2, "test")
    hp = hero.hp
    rules.attack(g, gu, hero)
    assert hero.hp == hp - 2
    con.set_die(g, 5, "test")
    hp = hero.hp
    rules.attack(g, gu, hero)
    assert hero.hp == hp - 3


def test_a_displaced_wretch_is_checked_for_the_alert_at_the_start_of_a_turn_R_PW_13_CON_49():
    g = new(("kunlun",))
    s = g.state
    rules.displace(g, wretch(g), 30)
    assert not s.champion_active  # displacement triggers nothing ...
    s.mode.start(g, 1)
    assert s.champion_active  # ... the next turn's start sees the Wretch past the line


def check_condemned(g, turn) -> None:
    """The mode's own invariants, after every turn: nobody but a Wretch on an escape hex (on its goal only as
    the game ends), guardians on their hexes, the inactive champion's hex empty, the unit limit kept,
    favor on the meter, Wretch levels I-IV."""
    s = g.state
    for tag in ("escape-red", "escape-blue"):
        h = s.grid.tagged(tag)[0]
        uid = s.board[h]
        assert uid < 0 or (con.is_wretch(s.units[uid]) and (h != s.goal[s.units[uid].troop] or s.end_reason is not None))
    for i in s.guardians:
        u = s.units[i]
        assert u.zone != COMBAT or "guardian-red" in s.grid.tags[u.hex] or "guardian-blue" in s.grid.tags[u.hex]
    if s.solo and not s.champion_active:
        assert s.board[s.champion_hex] < 0
    for t in (*s.players, *([s.rival_troop] if s.solo else [])):
        assert s.mode.in_limit(s, t) <= s.limit[t] <= 4
        assert 0 <= s.troops[t].favor <= con.TOP
    for t in s.players:
        assert 1 <= s.level[t] <= 4


@pytest.mark.slow
@pytest.mark.parametrize("policy", ["greedy", "random"])
@pytest.mark.parametrize("seats", [1, 2])
def test_thousand_seeded_games_keep_the_invariants(policy, seats):
    from test_mode_contract import check_invariants

    facs = sorted(CAT.factions)
    for seed in range(1000):
        rng = np.random.default_rng(seed)
        factions = tuple(facs[(seed + k) % len(facs)] for k in range(seats))
        spec = GameSpec("condemned", factions)
        res = play(CAT, spec, [make(policy, rng=rng) for _ in factions], rng=rng,
                   after_turn=lambda g, t: (check_invariants(g, t), check_condemned(g, t)))
        assert res.end_reason and res.end_reason != "unfinished", seed
        assert all(t.outcome in ("won", "lost", "draw") for t in res.troops)


def test_play_takes_the_number_of_players_solo_or_competitive():
    """`hoplostat play condemned --players N` (api.play(players=N)), as its sweep does: 1 solo, 2 competitive;
    any other count is refused, naming the counts the mode is played by."""
    from hoplostat import api
    from hoplostat.errors import InputError

    solo = api.play("condemned", seed=1, players=1)
    assert len(solo.spec.factions) == 1 and len(solo.result.troops) == 1
    duo = api.play("condemned", seed=1, players=2)
    assert len(set(duo.spec.factions)) == 2 and len(duo.result.troops) == 2
    with pytest.raises(InputError, match="1 or 2"):
        api.play("condemned", seed=1, players=3)


# --- pinned by mutation testing (formerly tests/engine/test_condemned_pinned.py) --------------------------------------
SOLO = GameSpec("condemned", ("kunlun",))
DUO = GameSpec("condemned", ("kunlun", "amazons"))


def unbegun(factions=("kunlun",), seed=0, ctrl=None, roller=None, first=None):
    """A new game before `begin` (no draft yet, the die's grants not applied)."""
    spec = mode_class("condemned").validate(CAT, GameSpec("condemned", tuple(factions), first=first))
    c = ctrl or Script()
    return mode_class("condemned").new_game(CAT, spec, [c] * len(factions), rng=np.random.default_rng(seed),
                                            log=True, roller=roller)


def rival_hero(g, k=0):
    return g.state.units[g.state.lineup[k]]


# --------------------------------------------------------------------------- the result


def test_solo_result_outcomes_and_extras_CON_4_CON_3():
    """A solo game's result: the player's outcome, the rival's own troop result in the extras (won when the
    Wretch is defeated, CON-4; lost when it escapes, CON-3; a draw while unfinished), the champion's id, the
    die, its rolls, the heroes drafted, first player 0."""
    g = new(("kunlun",))
    s = g.state
    res = s.mode.result(g, SOLO)
    assert [t.outcome for t in res.troops] == ["draw"] and res.extras["rival"].outcome == "draw"
    assert res.end_reason == "unfinished" and res.first_player == 0 and res.rounds == s.round
    assert res.extras["rival"].faction == "rival" and res.extras["rival"].side == "blue"
    assert res.extras["champion"] == s.units[s.champion].unit.id
    assert res.extras["heroes"] == s.drafted and len(res.extras["heroes"]) == 11
    assert res.extras["die"] == s.die and res.extras["die_rolls"] == 0 and res.extras["champion_active"] is False
    assert res.arena == con.ARENA and res.mode == "condemned" and res.factions == ("kunlun",)
    rules.damage(g, wretch(g), wretch(g).hp)
    res = s.mode.result(g, SOLO)
    assert res.troops[0].outcome == "lost" and res.extras["rival"].outcome == "won"
    assert res.end_reason == "Wretch defeated"
    g = new(("kunlun",))
    s = g.state
    w = wretch(g)
    put(g, w, 54)
    con.activate_champion(g, "test")
    rules.move(g, w, s.goal[0])
    res = s.mode.result(g, SOLO)
    assert res.troops[0].outcome == "won" and res.extras["rival"].outcome == "lost"
    assert res.extras["champion_active"] is True


def test_result_counts_per_troop_CON_39_CON_41_CON_26():
    """Each troop's result carries its favor earned, rewards, Wretch level, HP removed from the guardians,
    favor from key hexes and die payments."""
    g = new(("kunlun",), ctrl=Script(die_face=lambda o: o[0]))
    s = g.state
    con.set_die(g, 3, "test")
    hero, gu = hero_beside_guardian(g)
    rules.damage(g, gu, 5, source=hero)  # 5 favor: the first reward, Wretch II
    con.set_die(g, 1, "test")
    put(g, hero, hexes(g, "key-2")[0])
    s.mode.start(g, 0)  # 2 more favor from the key hex
    s.mode.pay_for_face(g, 0)
    t = s.mode.result(g, SOLO).troops[0]
    assert t.crowd_favor == 7 and t.rewards == 1
    assert t.extras == {"wretch_level": 2, "guardian_damage": 5, "key_favor": 2, "die_paid": 1}
    r = s.mode.result(g, SOLO).extras["rival"]
    assert r.crowd_favor == 0 and r.rewards == 0 and r.extras["guardian_damage"] == 0


def test_each_troop_result_carries_its_seat_team_and_counts():
    """Every TroopResult (the player's, and the solo rival's in the extras) names its own seat and team and
    carries its troop's deployments, damage dealt, kills and losses."""
    g = new(("kunlun",))
    s = g.state
    hero, rh = heroes(g, 0)[0], rival_hero(g)
    put(g, hero, 11)
    put(g, rh, 65)
    rules.damage(g, rh, rh.hp, source=hero)  # the rival loses its hero to the player
    res = s.mode.result(g, SOLO)
    me, riv = res.troops[0], res.extras["rival"]
    assert (me.seat, me.team, riv.seat, riv.team) == (0, 0, 1, 1)
    assert (me.units_deployed, me.damage_dealt, me.kills, me.units_lost) == (1, rh.unit.health, 1, 0)
    assert (riv.units_deployed, riv.damage_dealt, riv.kills, riv.units_lost) == (1, 0, 0, 1)
    assert riv.crowd_favor == 0 and me.crowd_favor == rh.unit.health
    g = new(("kunlun", "amazons"))
    assert [(t.seat, t.team) for t in g.state.mode.result(g, DUO).troops] == [(0, 0), (1, 1)]


def test_the_result_carries_the_rule_set_the_players_chips_the_log_and_no_missing_skill():
    g = new(("kunlun",))
    s = g.state
    res = s.mode.result(g, SOLO)
    assert res.ruleset == "remastered" and res.log is s.log and res.unimplemented == ()
    assert sorted(r.unit_id for r in res.units) == sorted(["wretch-1", *(u.unit.id for u in heroes(g, 0))])  # troop 0's chips
    assert mode_class("condemned").new_game(CAT, SOLO, [Script()], rng=np.random.default_rng(0)).state.log is None


def test_a_solo_game_without_a_champion_names_none_CON_17():
    """A bag too small for a champion (as in the draft tests): the result names no champion."""
    g = unbegun(("kunlun",))
    s = g.state
    s.mode.bag = (CAT.unit("feng"), CAT.unit("rostam"))
    s.mode.begin(g)
    assert s.champion == -1 and s.mode.result(g, SOLO).extras["champion"] == ""


def test_the_competitive_first_player_is_the_one_drawn_CON_15():
    for first in (0, 1):
        g = unbegun(("kunlun", "amazons"), first=first)
        g.state.mode.begin(g)
        assert g.state.mode.result(g, DUO).first_player == first


def test_competitive_result_names_the_first_player_and_the_winner_CON_5():
    g = new(("kunlun", "amazons"), seed=1)
    s = g.state
    res = s.mode.result(g, DUO)
    assert res.first_player == s.order[0] and "rival" not in res.extras and "champion" not in res.extras
    assert [t.side for t in res.troops] == ["red", "blue"] and [t.outcome for t in res.troops] == ["draw", "draw"]
    rules.damage(g, wretch(g, 1), wretch(g, 1).hp)
    rules.damage(g, wretch(g, 0), wretch(g, 0).hp)
    res = s.mode.result(g, DUO)
    assert [t.outcome for t in res.troops] == ["lost", "won"]  # blue's Wretch fell first
    for first in (0, 1):
        g = unbegun(("kunlun", "amazons"), first=first)
        assert g.state.order == [first, 1 - first]


def test_game_over_narration_names_the_winner_CON_3():
    g = new(("kunlun",))
    s = g.state
    w = wretch(g)
    put(g, w, 54)
    rules.move(g, w, s.goal[0])
    assert s.log[-1] == "Game over: Wretch escaped; kunlun (red) wins" and s.escaped == 0
    g = new(("kunlun",))
    g.state.mode.end(g, "the round cap", None)
    assert g.state.log[-1] == "Game over: the round cap"
    g = new(("kunlun",))
    rules.damage(g, wretch(g), wretch(g).hp)
    assert g.state.log[-1] == "Game over: Wretch defeated; rival (blue) wins"


def test_objective_is_the_wretchs_progress_against_the_others():
    """Policy support, not a rule: 3 Health points per hex the Wretch has come toward its goal, minus the
    other Wretch's; a Wretch out of combat counts 0."""
    g = new(("kunlun",))
    s = g.state
    w = wretch(g)
    put(g, w, 54)
    assert s.mode.objective(g, 0) == 3.0 * 11  # one hex from the goal
    put(g, w, 66)
    assert s.grid.dist[66][s.goal[0]] == 12 and s.mode.objective(g, 0) == 0.0
    assert s.mode.objective(g, 1) == -0.0 or s.mode.objective(g, 1) == 0.0  # the rival has no Wretch
    g = new(("kunlun", "amazons"))
    s = g.state
    d0 = s.grid.dist[wretch(g, 0).hex][s.goal[0]]
    d1 = s.grid.dist[wretch(g, 1).hex][s.goal[1]]
    assert s.mode.objective(g, 0) == 3.0 * (12 - d0) - 3.0 * (12 - d1)
    assert s.mode.objective(g, 1) == 3.0 * (12 - d1) - 3.0 * (12 - d0)
    rules.damage(g, wretch(g, 1), wretch(g, 1).hp)
    assert s.mode.objective(g, 0) == 3.0 * (12 - d0)
    assert s.mode.objective(g, 5) == -3.0 * (12 - d0)  # a troop with no Wretch: 0 for itself


def test_objective_of_a_troop_past_the_last_counts_nothing():
    """Policy support: a troop index past the per-troop lists (4: the game has troops 0..3) has no Wretch."""
    g = new(("kunlun",))
    assert len(g.state.wretch) == 4 and g.state.mode.objective(g, 4) == -g.state.mode.objective(g, 0) < 0


def test_the_guardians_are_the_modes_own_chips_CON_12():
    assert con.Condemned.own_chips(CAT, ("kunlun",)) == ("scylla", "charybdis")


# --------------------------------------------------------------------------- set-up


def test_set_up_closes_the_guardian_escape_and_solo_champion_hexes_and_narrates_CON_7_CON_8_CON_34():
    g = unbegun(("kunlun",))
    s = g.state
    gr, gb = hexes(g, "guardian-red")[0], hexes(g, "guardian-blue")[0]
    er, eb, cb = hexes(g, "escape-red")[0], hexes(g, "escape-blue")[0], hexes(g, "chain-blue")[0]
    assert sorted(s.closed) == sorted([gr, gb, er, eb, cb]) and s.champion_hex == cb
    assert s.teams == [0, 1, 2, 2] and s.players == [0] and s.rival_troop == 1 and s.guardian_troops == [2, 3]
    assert s.limit == [1, 1, 1, 1] and s.level == [1, 0, 0, 0] and s.wretch[1:] == [-1, -1, -1]
    assert [t.side for t in s.troops] == ["red", "blue", "red", "blue"]
    assert s.troops[1].faction == "rival" and s.troops[2].health == "red" and s.troops[3].health == "blue"
    red = s.units[s.board[gr]]
    blue = s.units[s.board[gb]]
    assert s.log[0] == ("Set-up: Condemned on the Fa Mel Prison, solo: kunlun (red) against the rival (blue); "
                        f"{red.name} on the red guardian hex, {blue.name} on the blue; the arena die shows {s.die} "
                        f"({con.FACE_TEXT[s.die]})")
    g = unbegun(("kunlun", "amazons"))
    s = g.state
    assert sorted(s.closed) == sorted([gr, gb, er, eb]) and s.champion_hex == -1 and s.rival_troop == -1
    assert s.log[0].startswith("Set-up: Condemned on the Fa Mel Prison, kunlun (red) against amazons (blue); ")
    assert s.goal[:2] == [eb, er] and s.level[:2] == [1, 1]
    assert mode_class("condemned").new_game(CAT, DUO, [Script(), Script()], rng=np.random.default_rng(0)).state.log is None


def test_set_up_troops_are_indexed_in_order_and_the_guardians_named_CON_27():
    """Troop i of the state has index i (seats a and b, then the red and blue guardian troops), and the two
    guardian troops carry the name "guardian" (the state's narration and exports name a troop by it)."""
    for factions in (("kunlun",), ("kunlun", "amazons")):
        s = unbegun(factions).state
        assert [t.index for t in s.troops] == [0, 1, 2, 3]
        assert [t.faction for t in s.troops[2:]] == ["guardian", "guardian"]


def test_the_set_up_die_can_show_every_face_CON_13():
    assert {unbegun(seed=seed).state.die for seed in range(60)} == set(range(1, 7))


def test_new_game_plays_with_the_given_roller_and_names_the_mode_in_its_errors():
    g = new(("kunlun",), roller=FixedRoller(mode="none"))
    hero, gu = hero_beside_guardian(g)
    for _ in range(5):
        rules.attack(g, hero, gu)
    assert gu.hp == 12  # no die ever hits
    with pytest.raises(InputError, match="^condemned: 1 faction"):
        mode_class("condemned").new_game(CAT, SOLO, [Script(), Script()], rng=np.random.default_rng(0))


def test_solo_controllers_ask_the_player_competitive_guardians_are_neutral_CON_29_CON_48():
    c = Script()
    g = unbegun(("kunlun",), ctrl=c)
    rc, gc = g.controllers[1], g.controllers[2]
    assert isinstance(rc, con.CondemnedRival) and rc.players is c and rc.players_troop == 0
    assert isinstance(gc, con.GuardianController) and gc is g.controllers[3] and gc.players is c and not gc.neutral
    assert gc.players_troop == 0
    assert gc.priority == ("opponent",)
    g = unbegun(("kunlun", "amazons"))
    gc = g.controllers[2]
    assert gc.neutral and gc is g.controllers[3] and gc.players is None
    assert gc.tie(g, "rival-engage", ["only"]) == "only"  # a single option needs no draw


def test_begin_drafts_and_applies_the_die_CON_13_CON_28():
    g = unbegun(("kunlun",))
    s = g.state
    s.die = 1
    s.mode.begin(g)
    assert len(s.drafted) == 11
    assert all(s.units[i].unit.has_skill("absorb") and s.units[i].unit.has_skill(con.GUARDIAN_HOLD) for i in s.guardians)


# --------------------------------------------------------------------------- crowd favor and rewards


def test_favor_is_narrated_and_counted_only_for_what_the_bead_moves_CON_39_CON_44():
    g = new(("kunlun",))
    s = g.state
    n = len(s.log)
    s.mode.gain_favor(g, 0, 0, "nothing")
    assert len(s.log) == n and s.troops[0].favor == 0  # no favor, no line
    s.mode.gain_favor(g, 0, 3, "test")
    assert s.log[-1] == "kunlun (red) earns 3 crowd favor (test), bead on 3"
    assert s.troops[0].favor_total == 3 and s.favor_earned[0] == 3
    s.mode.gain_favor(g, 0, 30, "test")
    assert s.troops[0].favor == con.TOP and s.troops[0].favor_total == con.TOP and s.favor_earned[0] == con.TOP
    n = len(s.log)
    s.mode.gain_favor(g, 0, 2, "test")
    assert len(s.log) == n  # CON-44: at the top, nothing more happens


def test_one_hp_removed_earns_one_favor_and_guardian_damage_adds_up_CON_39():
    g = new(("kunlun",))
    s = g.state
    con.set_die(g, 2, "test")
    hero, gu = hero_beside_guardian(g)
    rules.damage(g, gu, 1, source=hero)
    assert s.troops[0].favor == 1 and s.guardian_hp[0] == 1
    rules.damage(g, gu, 2, source=hero)
    assert s.troops[0].favor == 3 and s.guardian_hp[0] == 3
    assert s.mode.result(g, SOLO).troops[0].extras["guardian_damage"] == 3


def test_the_guardians_earn_no_favor_CON_27_CON_39():
    g = new(("kunlun",))
    s = g.state
    gu = guardian(g, "red")
    w = wretch(g)
    put(g, w, s.grid.neighbours[gu.hex][2])
    rolls = s.die_rolls
    rules.damage(g, w, 1, source=gu)
    s.mode.gain_favor(g, gu.troop, 5, "test")
    assert all(s.troops[t].favor == 0 and s.troops[t].rewards == 0 for t in s.guardian_troops)
    assert s.die_rolls == rolls and s.favor_earned == [0, 0, 0, 0]


def test_a_reward_is_claimed_once_at_its_space_CON_41():
    """Landing on a reward claims it; moving on from it does not claim it again; passing two claims both."""
    g = new(("kunlun",))
    s = g.state
    s.mode.gain_favor(g, 0, 5, "test")
    assert s.troops[0].rewards == 1 and s.log[-2].startswith("The arena die shows")
    assert s.log[-1] == "kunlun (red)'s Wretch becomes Wretch II"
    assert "kunlun (red) reaches crowd favor reward 1" in s.log
    s.mode.gain_favor(g, 0, 1, "test")
    assert s.troops[0].rewards == 1 and s.rewards_claimed[0] == 1 and s.die_rolls == 1
    s.mode.gain_favor(g, 0, 9, "test")  # 6 -> 15: rewards 2 and 3
    assert s.troops[0].rewards == 3 and s.die_rolls == 3 and s.level[0] == 4 and s.limit[0] == 4
    assert "kunlun (red) reaches crowd favor reward 3" in s.log
    assert "The arena die shows" in s.log[-2] and "(rolled for a crowd favor reward)" in s.log[-2]


def test_the_wretch_gains_two_hp_with_each_reward_even_above_its_health_CON_41():
    g = new(("kunlun",))
    s = g.state
    w = wretch(g)
    hp = w.hp
    s.mode.gain_favor(g, 0, 20, "test")
    assert w.hp == hp + 4 * 2 and w.hp_gained == 8
    assert w.hp > printed_chip(w.unit).health


def test_a_troop_whose_wretch_fell_still_raises_its_limit_R_PW_7_CON_23():
    g = new(("kunlun", "amazons"))
    s = g.state
    w = wretch(g, 0)
    rules.damage(g, w, w.hp)
    assert w.zone == DISCARD
    s.mode.gain_favor(g, 0, 10, "test")
    assert s.limit[0] == 3 and s.level[0] == 1 and w.hp == 0 and w.zone == DISCARD
    assert s.troops[0].rewards == 2


def test_the_fourth_reward_asks_the_player_which_defeated_elite_returns_CON_43():
    seen = []
    g = new(("kunlun",), ctrl=Script(return_unit=lambda o: (seen.append(list(o)), o[-1])[1]))
    s = g.state
    a, b, c = heroes(g, 0)[:3]
    for u, h in ((a, 11), (b, 22)):
        put(g, u, h)
        rules.damage(g, u, u.hp)
    put(g, c, 44)  # in combat, not defeated: not offered
    s.mode.gain_favor(g, 0, 20, "test")
    assert seen == [[a.uid, b.uid]]  # the defeated elites only, neither the Wretch nor a unit in combat
    assert b.zone == CAMP and a.zone == DISCARD
    assert f"{b.name} returns to the camp of kunlun (red)" in s.log
    assert any(line.startswith(f"The rival's champion {s.units[s.champion].name} activates (kunlun reached the last "
                               "reward)") for line in s.log)


def test_the_rivals_returned_hero_joins_the_end_of_its_lineup_R_PW_10_CON_43():
    g = new(("kunlun",))
    s = g.state
    first = rival_hero(g, 0)
    put(g, first, 65)
    rules.damage(g, first, first.hp)
    lineup = list(s.lineup)
    s.mode.gain_favor(g, 1, 20, "test")
    assert first.zone == CAMP and s.lineup == [*lineup[1:], first.uid]
    assert any("rival reached the last reward" in line for line in s.log)


def test_the_rivals_return_tie_is_the_players_choice_CON_43():
    """Equal Health and Attack: the players choose (asked as "rival-return" when they answer rival ties)."""
    seen = []
    c = Script(rival_return=lambda o: (seen.append(list(o)), o[-1])[1])
    c.rival_decisions = ("rival-return",)
    g = new(("kunlun",), ctrl=c)
    s = g.state
    same = [u for u in (s.units[i] for i in s.lineup) if (u.unit.health, u.unit.attack.size) == (8, 3)]
    assert len(same) >= 2
    a, b = same[:2]
    for u, h in ((a, 65), (b, 54)):
        put(g, u, h)
        rules.damage(g, u, u.hp)
    s.mode.gain_favor(g, 1, 20, "test")
    assert seen == [[a.uid, b.uid]] and b.zone == CAMP and a.zone == DISCARD


def test_rewards_claimed_add_up_in_the_result_CON_41():
    g = new(("kunlun",))
    s = g.state
    for _ in range(3):
        s.mode.gain_favor(g, 0, 5, "test")
    assert s.rewards_claimed[0] == 3 and s.mode.result(g, SOLO).troops[0].rewards == 3


def test_an_unanswered_rival_return_tie_takes_the_first_CON_43():
    """Equal Health and Attack, and the player's controller does not answer rival ties: the players' default
    for an open rival choice, the first of the tied heroes (in uid order)."""
    g = new(("kunlun",))
    s = g.state
    a, b = [u for u in (s.units[i] for i in s.lineup) if (u.unit.health, u.unit.attack.size) == (8, 3)][:2]
    for u, h in ((a, 65), (b, 54)):
        put(g, u, h)
        rules.damage(g, u, u.hp)
    s.mode.gain_favor(g, 1, 20, "test")
    assert a.zone == CAMP and b.zone == DISCARD


def test_the_rivals_defeated_champion_may_be_the_returned_elite_and_joins_the_lineup_CON_43_R_PW_10():
    """The champion, defeated, is the rival's elite with the highest Health (10 against its heroes' 8): the
    fourth reward returns it to the camp "to be deployed as normal", and the rival deploys from its lineup, so it
    joins the lineup's end (R-PW-10) and is deployed when it is the first there still in camp (CON-45)."""
    g = new(("kunlun",))
    s = g.state
    con.activate_champion(g, "test")
    c = s.units[s.champion]
    rh = rival_hero(g)
    put(g, rh, 65)
    rules.damage(g, rh, rh.hp)
    rules.damage(g, c, c.hp)
    assert c.zone == DISCARD and c.unit.health > rh.unit.health
    lineup = list(s.lineup)
    s.mode.gain_favor(g, 1, 20, "test")
    assert c.zone == CAMP and rh.zone == DISCARD and s.lineup == [*lineup, c.uid]
    for i in lineup:  # the heroes ahead of it are out of the camp
        if s.units[i].zone == CAMP:
            s.units[i].zone = DISCARD
    s.mode.rival_deploy(g)
    assert c.zone == COMBAT and c.hex in s.mode.deployment_hexes(s, s.rival_troop) and c.hp == c.unit.health


def test_competitive_last_reward_wakes_no_champion_CON_43():
    g = new(("kunlun", "amazons"))
    s = g.state
    s.mode.gain_favor(g, 0, 20, "test")
    assert s.champion == -1 and not s.champion_active and s.troops[0].rewards == 4
    assert not any("champion" in line for line in s.log)


# --------------------------------------------------------------------------- damage and defeat


def test_no_favor_for_hp_removed_from_ones_own_team_or_by_no_unit_CON_39():
    g = new(("kunlun",))
    s = g.state
    a, b = heroes(g, 0)[:2]
    put(g, a, 11)
    put(g, b, 22)
    rules.damage(g, b, 2, source=a)  # its own troop
    rules.damage(g, wretch(g), 1)  # no source
    assert s.troops[0].favor == 0 and s.troops[1].favor == 0
    rh = rival_hero(g)
    put(g, rh, 65)
    rules.damage(g, rh, 2, source=a)
    assert s.troops[0].favor == 2 and s.guardian_hp[0] == 0  # an opponent, not a guardian
    assert s.log[-1] == f"kunlun (red) earns 2 crowd favor (2 HP removed from {rh.name}), bead on 2"


def test_blue_falling_first_is_narrated_with_reds_wretch_CON_5():
    g = new(("kunlun", "amazons"))
    s = g.state
    rules.damage(g, wretch(g, 1), wretch(g, 1).hp)
    assert s.log[-1] == f"amazons (blue) can now only win by defeating {wretch(g, 0).name} (red) before it escapes"
    assert s.fallen == [1] and s.end_reason is None


def test_competitive_first_fallen_wretch_is_narrated_other_defeats_change_nothing_CON_5():
    g = new(("kunlun", "amazons"))
    s = g.state
    hero = heroes(g, 0)[0]
    put(g, hero, 11)
    rules.damage(g, hero, hero.hp)
    assert s.fallen == [] and s.end_reason is None
    rules.damage(g, wretch(g, 0), wretch(g, 0).hp)
    assert s.log[-1] == (f"kunlun (red) can now only win by defeating {wretch(g, 1).name} (blue) before it escapes")
    g = new(("kunlun",))
    s = g.state
    hero = heroes(g, 0)[0]
    put(g, hero, 11)
    rules.damage(g, hero, hero.hp)
    assert s.end_reason is None  # solo: only the Wretch's defeat ends the game (CON-4)


# --------------------------------------------------------------------------- the die step


def test_die_payments_add_up_CON_26():
    g = new(("kunlun",), ctrl=Script(die_face=lambda o: o[0]))
    s = g.state
    s.mode.pay_for_face(g, 0)
    s.mode.pay_for_face(g, 0)
    assert s.die_paid[0] == 2 and wretch(g).hp == wretch(g).unit.health - 4


def test_pay_for_face_offers_every_other_face_from_three_hp_CON_26_R_PW_2():
    seen = []
    g = new(("kunlun",), ctrl=Script(die_face=lambda o: (seen.append(list(o)), o[0])[1]))
    s = g.state
    w = wretch(g)
    con.set_die(g, 4, "test")
    s.supply["red"] += w.hp - 3
    w.hp = 3
    s.mode.pay_for_face(g, 0)
    assert seen == [[1, 2, 3, 5, 6]] and s.die == 1 and w.hp == 1 and s.die_paid[0] == 1
    assert s.log[-2] == f"kunlun (red) removes 2 HP from {w.name} (1 left) to set the arena die"
    assert s.log[-1] == f"The arena die shows 1 (chosen): {con.FACE_TEXT[1]}"
    assert s.units[s.guardians[0]].unit.has_skill("absorb")  # the chosen face acts at once


def test_declining_the_die_step_changes_nothing_CON_26():
    g = new(("kunlun",))
    s = g.state
    w = wretch(g)
    die, hp, supply = s.die, w.hp, dict(s.supply)
    s.mode.pay_for_face(g, 0)
    assert s.die == die and w.hp == hp and s.supply == supply and s.die_paid[0] == 0


def test_a_fallen_wretch_pays_for_no_face_CON_26():
    seen = []
    g = new(("kunlun", "amazons"), ctrl=Script(die_face=lambda o: (seen.append(o), o[0])[1]))
    s = g.state
    rules.damage(g, wretch(g, 0), wretch(g, 0).hp)
    s.mode.pay_for_face(g, 0)
    assert seen == []
    s.mode.pay_for_face(g, 1)
    assert len(seen) == 1


# --------------------------------------------------------------------------- deployment


def test_the_rival_deploys_with_exactly_its_full_health_in_the_supply_CON_45_CON_51():
    g = new(("kunlun",))
    s = g.state
    first = rival_hero(g)
    s.supply_start["blue"] -= s.supply["blue"] - first.unit.health
    s.supply["blue"] = first.unit.health
    s.mode.rival_deploy(g)
    assert first.zone == COMBAT and first.hp == first.unit.health and s.supply["blue"] == 0
    g = new(("kunlun",))
    s = g.state
    first = rival_hero(g)
    s.supply_start["blue"] -= s.supply["blue"] - (first.unit.health - 1)
    s.supply["blue"] = first.unit.health - 1
    s.mode.rival_deploy(g)
    assert s.log[-1] == f"{first.name} cannot be deployed (no available deployment hex or health chips)"


def test_the_rival_asks_the_player_between_equally_close_free_hexes_CON_21():
    seen = []
    c = Script(rival_deploy=lambda o: (seen.append(list(o)), o[-1])[1])
    c.rival_decisions = ("rival-deploy",)
    g = new(("kunlun",), ctrl=c)
    s = g.state
    put(g, wretch(g), 41)
    dist = s.grid.dist[41]
    assert [dist[h] for h in (21, 32, 54, 65)] == [3, 2, 2, 3]
    s.mode.rival_deploy(g)
    assert seen == [[32, 54]] and rival_hero(g).hex == 54


def test_the_rival_skips_a_taken_deployment_hex_and_deploys_with_its_champion_in_combat_CON_21_CON_22():
    g = new(("kunlun",))
    s = g.state
    put(g, wretch(g), 41)
    put(g, heroes(g, 0)[0], 32)  # the closest hex, taken
    con.activate_champion(g, "test")
    assert s.mode.in_limit(s, 1) == 0  # the champion does not count
    s.mode.rival_deploy(g)
    assert rival_hero(g).hex == 54
    n = len(s.log)
    s.mode.rival_deploy(g)
    assert rival_hero(g, 1).zone == CAMP and len(s.log) == n  # at its limit of 1: not even narrated


def test_the_rival_with_no_hero_left_in_camp_deploys_nothing_CON_45():
    g = new(("kunlun",))
    s = g.state
    for k in range(5):
        s.units[s.lineup[k]].zone = DISCARD
    s.limit[1] = 4
    n = len(s.log)
    s.mode.rival_deploy(g)
    assert len(s.log) == n and all(s.units[i].zone == DISCARD for i in s.lineup)


def test_the_players_deployment_counts_its_heroes_not_its_wretch_CON_22():
    seen = []
    g = new(("kunlun",), ctrl=Script(deploy=lambda o: (seen.append(o), o[0])[1]))
    s = g.state
    s.limit[0] = 2
    assert s.mode.in_limit(s, 0) == 0
    s.mode.deployment(g, 0)
    s.mode.deployment(g, 0)
    s.mode.deployment(g, 0)
    assert len(seen) == 2 and s.mode.in_limit(s, 0) == 2
    assert s.mode.deployment_hexes(s, 1) == hexes(g, "deploy-blue")


# --------------------------------------------------------------------------- the round


def test_turn_headers_and_the_arena_turns_troop_CON_52():
    g = new(("kunlun",))
    s = g.state
    s.round = 3
    turns = list(s.mode.round_turns(g))
    assert [t.header for t in turns] == ["-- Round 3, rival (blue) turn", "-- Round 3, kunlun (red) turn",
                                         "-- Round 3, arena turn"]
    assert turns[2].troop == 2


def test_the_arena_turn_stops_when_the_game_ends_CON_31_CON_4():
    """The first guardian defeats the Wretch: the game is over, the second guardian does not attack."""
    g = new(("kunlun",), roller=FixedRoller(mode="all"))
    s = g.state
    con.set_die(g, 2, "test")
    gr, gb = guardian(g, "red"), guardian(g, "blue")
    w = wretch(g)
    put(g, w, s.grid.neighbours[gr.hex][0])
    w.hp = 1
    s.supply["red"] += 4
    hero = heroes(g, 0)[0]
    put(g, hero, s.grid.neighbours[gb.hex][0])
    hp = hero.hp
    turn = s.mode.arena_turn(g)
    for _, step in turn.steps:
        step()
    assert s.end_reason == "Wretch defeated" and hero.hp == hp


def test_both_guardians_act_in_the_arena_turn_CON_31():
    g = new(("kunlun",), roller=FixedRoller(mode="all"))
    s = g.state
    con.set_die(g, 2, "test")
    gr, gb = guardian(g, "red"), guardian(g, "blue")
    a, b = heroes(g, 0)[:2]
    put(g, a, s.grid.neighbours[gr.hex][0])
    put(g, b, s.grid.neighbours[gb.hex][0])
    ha, hb = a.hp, b.hp
    for _, step in s.mode.arena_turn(g).steps:
        step()
    assert a.hp < ha and b.hp < hb and s.end_reason is None


def test_the_rival_turns_steps_each_do_their_part_CON_53_CON_50_CON_45_CON_48():
    """The rival's turn, step by step: favor for its unit on a key hex (start, CON-50 with CON-38), the first
    hero of its lineup deployed (CON-45), its unit moved toward the Wretch (CON-46: the Wretch first), Regen
    used (abilities, RIV-9's rival rules: every usable Ability), then the attack on the Wretch (engage)."""
    g = new(("kunlun",), roller=FixedRoller(mode="all"))
    s = g.state
    con.set_die(g, 1, "test")
    w = wretch(g)
    put(g, w, 14)
    first, plu = rival_hero(g, 0), rival_hero(g, 4)
    assert plu.unit.id == "plutos-refugees-hero" and plu.unit.movement == 2  # Regen 1, Range 1
    put(g, plu, hexes(g, "key-2")[0])
    assert s.grid.dist[plu.hex][14] == 2
    plu.hp -= 1
    s.supply["blue"] += 1
    s.limit[1] = 2
    steps = dict(s.mode.turn_of(g, 1).steps)
    steps["start"]()
    assert s.troops[1].favor == 2 and s.key_favor[1] == 2 and first.zone == CAMP and plu.hex == 37
    steps["deployment"]()
    assert first.zone == COMBAT and s.grid.dist[plu.hex][14] == 2
    steps["movement"]()
    assert s.grid.dist[plu.hex][14] == 1 and plu.hp == plu.unit.health - 1
    assert f"{plu.name} (blue) marks {w.name} (wretch)" in s.log  # the mark, and the priority that chose it
    steps["abilities"]()
    assert plu.hp == plu.unit.health and w.hp == w.unit.health
    hero, gr = heroes(g, 0)[0], guardian(g, "red")
    put(g, hero, s.grid.neighbours[gr.hex][2])  # a player's hero next to a guardian: not the rival's to engage
    steps["engage"]()
    assert w.hp == w.unit.health - plu.unit.attack.size
    assert hero.hp == hero.unit.health and gr.hp == 12


def test_the_players_turn_steps_each_ask_their_decision_CON_53_CON_26():
    """A player's turn, step by step: key-hex favor at the start, then one question per step: deploy,
    move, ability (a damaged Regen hero), engage (a rival hero adjacent), and last the die face (CON-26)."""
    c = Script()
    g = new(("kunlun",), ctrl=c)
    s = g.state
    con.set_die(g, 1, "test")
    regen = next(u for u in heroes(g, 0) if u.unit.has_skill("regen"))
    put(g, regen, hexes(g, "key-3")[0])
    regen.hp -= 1
    s.supply["red"] += 1
    put(g, rival_hero(g), s.grid.neighbours[regen.hex][0])
    s.limit[0] = 2
    steps = dict(s.mode.turn_of(g, 0).steps)
    asked = []
    for name in ("start", "deployment", "movement", "abilities", "engage", "die"):
        n = len(c.asked)
        steps[name]()
        asked.append([d for _, d, _ in c.asked[n:]])
        if name == "start":
            assert s.troops[0].favor == 3 and s.key_favor[0] == 3
    assert asked == [[], ["deploy"], ["move"], ["ability"], ["engage"], ["die-face"]]


def test_key_hex_favor_is_narrated_and_counts_only_the_troops_own_units_CON_38():
    g = new(("kunlun",))
    s = g.state
    con.set_die(g, 1, "test")
    put(g, heroes(g, 0)[0], hexes(g, "key-3")[0])
    put(g, rival_hero(g), hexes(g, "key-2")[0])
    s.mode.start(g, 0)
    assert s.troops[0].favor == 3 and s.troops[1].favor == 0 and s.key_favor == [3, 0, 0, 0]
    assert s.log[-1] == "kunlun (red) earns 3 crowd favor (units on key hexes), bead on 3"
    n = len(s.log)
    put(g, heroes(g, 0)[0], 11)
    s.mode.start(g, 0)
    assert s.troops[0].favor == 3 and len(s.log) == n


def test_key_hex_favor_adds_up_turn_after_turn_CON_38():
    g = new(("kunlun",))
    s = g.state
    con.set_die(g, 1, "test")
    put(g, heroes(g, 0)[0], hexes(g, "key-2")[0])
    s.mode.start(g, 0)
    s.mode.start(g, 0)
    assert s.key_favor[0] == 4 and s.troops[0].favor == 4


def test_competitive_each_players_turn_is_its_own_CON_52_CON_38():
    """Player 1's and player 2's turns are distinct: each one's start counts that troop's key hexes."""
    g = new(("kunlun", "amazons"))
    s = g.state
    con.set_die(g, 1, "test")
    put(g, heroes(g, 0)[0], hexes(g, "key-3")[0])
    put(g, heroes(g, 1)[0], hexes(g, "key-2")[0])
    for troop in (0, 1):
        dict(s.mode.turn_of(g, troop).steps)["start"]()
    assert s.key_favor[:2] == [3, 2]


def test_a_cloned_games_turns_act_on_the_clone():
    """Lookahead support, not a rule: the steps of a clone's turns (rival, player, arena) change the clone,
    never the game it was cloned from."""
    g = new(("kunlun",), roller=FixedRoller(mode="all"))
    s = g.state
    con.set_die(g, 1, "test")
    hero = heroes(g, 0)[0]
    put(g, hero, hexes(g, "key-3")[0])
    put(g, rival_hero(g), hexes(g, "key-2")[0])
    gr = guardian(g, "red")
    w = wretch(g)
    put(g, w, s.grid.neighbours[gr.hex][0])
    turns = list(s.mode.round_turns(g))  # built for g first
    assert len(turns) == 3
    g2 = g.clone()
    s2 = g2.state
    for t in s2.mode.round_turns(g2):
        steps = dict(t.steps)
        (steps.get("start") or steps["engage"])()
    assert s2.key_favor[:2] == [3, 2] and s2.units[w.uid].hp < w.hp
    assert s.key_favor == [0, 0, 0, 0] and w.hp == w.unit.health


def test_a_turns_start_after_the_game_ended_gives_no_favor():
    g = new(("kunlun",))
    s = g.state
    con.set_die(g, 1, "test")
    put(g, heroes(g, 0)[0], hexes(g, "key-3")[0])
    s.mode.end(g, "test", None)
    s.mode.start(g, 0)
    assert s.troops[0].favor == 0


# --------------------------------------------------------------------------- the champion


def test_the_champion_activates_once_on_its_hex_with_full_hp_CON_35():
    g = new(("kunlun",))
    s = g.state
    c = s.units[s.champion]
    s.round = 4
    blue = s.supply["blue"]
    con.activate_champion(g, "test")
    assert s.champion_round == 4 and c.active and c.entered and c.zone == COMBAT
    assert s.board[s.champion_hex] == c.uid and s.champion_hex not in s.closed
    assert c in s.opponents_of(0) and s.supply["blue"] == blue - c.unit.health
    assert s.log[-1] == f"The rival's champion {c.name} activates (test) with {c.unit.health} HP"
    n = len(s.log)
    s.round = 6
    con.activate_champion(g, "again")
    assert len(s.log) == n and s.champion_round == 4 and s.supply["blue"] == blue - c.unit.health
    g = new(("kunlun", "amazons"))
    con.activate_champion(g, "test")  # competitive: there is no champion
    assert not g.state.champion_active


def _short(s, colour, left):
    """Take chips of a colour out of the game until `left` are in the supply (a test's set-up)."""
    s.supply_start[colour] -= s.supply[colour] - left
    s.supply[colour] = left


def test_the_champion_sleeps_while_the_wretch_stays_behind_the_line_CON_35_CON_49():
    g = new(("kunlun",), ctrl=Script(move=lambda o: next(x for x in o if x[1] == 23)))
    s = g.state
    w = wretch(g)
    s.mode.start(g, 0)
    s.mode.start(g, 1)
    put(g, w, 12)
    con.movement_step(g, 0)
    assert w.hex == 23 and not s.champion_active and "alert" not in s.grid.tags[23]
    rules.move(g, w, 30)  # past the line
    assert s.champion_active
    assert any(line.startswith(f"The rival's champion {s.units[s.champion].name} activates (the Wretch crossed the "
                               "alert line)") for line in s.log)


def test_champion_chips_come_from_the_rivals_guardian_only_CON_36():
    g = new(("kunlun",))
    s = g.state
    c = s.units[s.champion]
    gr, gb = guardian(g, "red"), guardian(g, "blue")
    a = rival_hero(g)
    put(g, a, 65)
    _short(s, "blue", 3)
    con.activate_champion(g, "test")
    assert gb.hp == 12 - (c.unit.health - 3) and gr.hp == 12 and a.hp == a.unit.health
    assert c.hp == c.unit.health and s.supply["blue"] == 0
    assert f"{c.unit.health - 3} health chip(s) are taken from {gb.name} for the champion" in s.log


def test_champion_chips_to_the_last_one_and_no_more_CON_36():
    """One chip short: the rival-coloured guardian gives exactly one; none short: nobody gives (not even a
    narrated 0)."""
    g = new(("kunlun",))
    s = g.state
    c = s.units[s.champion]
    gb = guardian(g, "blue")
    _short(s, "blue", c.unit.health - 1)
    con.activate_champion(g, "test")
    assert c.hp == c.unit.health and gb.hp == 11
    assert s.log[-2] == f"1 health chip(s) are taken from {gb.name} for the champion"
    g = new(("kunlun",))
    s = g.state
    c = s.units[s.champion]
    _short(s, "blue", c.unit.health)
    con.activate_champion(g, "test")
    assert c.hp == c.unit.health and guardian(g, "blue").hp == 12
    assert not any("chip(s) are taken" in line for line in s.log)


def test_a_rival_unit_left_with_one_hp_by_the_champion_stays_CON_36():
    g = new(("kunlun",))
    s = g.state
    c = s.units[s.champion]
    gb = guardian(g, "blue")
    rules.damage(g, gb, gb.hp)
    a = rival_hero(g)
    put(g, a, 65)
    _short(s, "blue", c.unit.health - (a.hp - 1))
    con.activate_champion(g, "test")
    assert a.hp == 1 and a.zone == COMBAT and c.hp == c.unit.health


def test_champion_chips_then_from_the_strongest_rival_unit_only_CON_36():
    g = new(("kunlun",))
    s = g.state
    c = s.units[s.champion]
    gb = guardian(g, "blue")
    rules.damage(g, gb, gb.hp)  # the blue guardian is gone: it gives nothing
    weak, strong = rival_hero(g, 0), rival_hero(g, 3)
    assert strong.unit.health > weak.unit.health
    put(g, weak, 65)
    put(g, strong, 54)
    _short(s, "blue", 0)
    con.activate_champion(g, "test")
    # only the strongest gives: all its HP (it is defeated), and the champion has no more than that
    assert strong.zone == DISCARD and weak.hp == weak.unit.health
    assert c.hp == strong.unit.health < c.unit.health
    assert s.log[-1] == f"The rival's champion {c.name} activates (test) with {strong.unit.health} HP"
    assert s.troops[0].favor == 0


def test_champion_chips_from_the_rival_unit_with_the_most_hp_then_the_first_CON_36():
    g = new(("kunlun",))
    s = g.state
    c = s.units[s.champion]
    gb = guardian(g, "blue")
    rules.damage(g, gb, gb.hp)
    a, b = rival_hero(g, 0), rival_hero(g, 1)
    assert a.unit.health == b.unit.health and a.uid < b.uid
    put(g, a, 65)
    put(g, b, 54)
    _short(s, "blue", 5)
    con.activate_champion(g, "test")
    assert a.hp == a.unit.health - (c.unit.health - 5) and b.hp == b.unit.health  # equal HP: the first
    g = new(("kunlun",))
    s = g.state
    gb = guardian(g, "blue")
    rules.damage(g, gb, gb.hp)
    a, b = rival_hero(g, 0), rival_hero(g, 1)
    put(g, a, 65)
    put(g, b, 54)
    rules.damage(g, a, 1)
    _short(s, "blue", 5)
    con.activate_champion(g, "test")
    assert b.hp == b.unit.health - 5 and a.hp == a.unit.health - 1  # more HP left: b


def test_the_champion_is_not_counted_in_the_rivals_limit_CON_22():
    g = new(("kunlun",))
    s = g.state
    con.activate_champion(g, "test")
    assert s.mode.in_limit(s, 1) == 0
    s.mode.rival_deploy(g)
    assert s.mode.in_limit(s, 1) == 1


# --------------------------------------------------------------------------- the die and the Wretch


def test_the_die_grants_follow_the_wretch_through_an_upgrade_CON_24_CON_32():
    g = new(("kunlun",))
    s = g.state
    w = wretch(g)
    con.set_die(g, 6, "test")
    con.upgrade(g, w, 3)
    assert printed_chip(w.unit).id == "wretch-3" and rules.movement_of(s, w) == CAT.unit("wretch-3").movement + 2
    assert s.log[-1] == "kunlun (red)'s Wretch becomes Wretch III"
    con.set_die(g, 1, "test")
    assert rules.movement_of(s, w) == CAT.unit("wretch-3").movement
    con.upgrade(g, w, 2)  # never back down
    assert printed_chip(w.unit).id == "wretch-3" and s.level[0] == 3
    con.upgrade(g, w, 3)  # nor the same level again
    assert s.log[-1] != "kunlun (red)'s Wretch becomes Wretch III" or s.log.count("kunlun (red)'s Wretch becomes Wretch III") == 1


def test_an_upgrade_on_another_face_adds_no_movement_CON_32_CON_24():
    g = new(("kunlun",))
    s = g.state
    w = wretch(g)
    for face in (1, 2, 5):  # faces other than 6 give the Wretch nothing
        con.set_die(g, face, "test")
        con.upgrade(g, w, s.level[0] + 1)
        assert rules.movement_of(s, w) == printed_chip(w.unit).movement == CAT.unit(con.WRETCH[s.level[0] - 1]).movement
    assert printed_chip(w.unit).id == "wretch-4"


def test_every_face_keeps_the_guardians_on_their_hexes_and_only_face_three_adds_range_CON_28_CON_24():
    g = new(("kunlun",))
    s = g.state
    for face in range(1, 7):
        con.set_die(g, face, "test")
        for i in s.guardians:
            u = s.units[i]
            assert u.unit.has_skill(con.GUARDIAN_HOLD) and not rules.can_move(s, u)
            assert rules.range_of(s, u) == printed_chip(u.unit).range + (face == 3)
        assert s.log[-1] == f"The arena die shows {face} (test): {con.FACE_TEXT[face]}"


def test_rolling_the_die_counts_and_draws_a_face_CON_25():
    g = new(("kunlun",))
    s = g.state
    faces = set()
    for k in range(40):
        con.roll_die(g, "test")
        faces.add(s.die)
    assert s.die_rolls == 40 and faces == set(range(1, 7))
    assert s.log[-1].endswith(f"(rolled for test): {con.FACE_TEXT[s.die]}")


# --------------------------------------------------------------------------- movement


def test_a_wretch_cannot_enter_an_escape_hex_another_wretch_stands_on_CON_8():
    seen = []
    g = new(("kunlun", "amazons"), ctrl=Script(move=lambda o: (seen.append(list(o)), None)[1]))
    s = g.state
    red, blue = wretch(g, 0), wretch(g, 1)
    er = hexes(g, "escape-red")[0]
    put(g, red, er)  # red's own side's escape hex (R-PW-11)
    put(g, blue, s.grid.neighbours[er][0])
    con.movement_step(g, 1)
    assert seen and (blue.uid, er) not in seen[0]
    put(g, red, 11)
    seen.clear()
    con.movement_step(g, 1)
    assert (blue.uid, er) in seen[0]


def test_movement_stops_asking_once_the_wretch_escapes_CON_3():
    asked = []

    def pick(opts):
        asked.append(list(opts))
        return next((o for o in opts if o[1] == 43), None)
    g = new(("kunlun",), ctrl=Script(move=pick))
    s = g.state
    w = wretch(g)
    put(g, w, 53)
    put(g, heroes(g, 0)[0], 11)  # a unit that could still move
    con.movement_step(g, 0)
    assert s.end_reason == "Wretch escaped" and w.hex == 43 and len(asked) == 1


def test_the_player_moves_only_its_own_units_each_once_MOV_3():
    asked = []

    def pick(opts):
        asked.append(list(opts))
        return next(o for o in opts if o[0] == hero.uid) if len(asked) == 1 else None
    g = new(("kunlun",), ctrl=Script(move=pick))
    hero = heroes(g, 0)[0]
    put(g, hero, 11)
    put(g, rival_hero(g), 65)
    con.movement_step(g, 0)
    mine = {wretch(g).uid, hero.uid}
    assert {uid for uid, _ in asked[0]} == mine  # neither the rival's hero nor a guardian
    assert {uid for uid, _ in asked[1]} == {wretch(g).uid}  # the hero has moved this turn


def test_movement_asks_again_after_each_move_until_the_player_passes_MOV_1():
    asked = []

    def pick(opts):
        asked.append(list(opts))
        return opts[0] if len(asked) == 1 else None
    g = new(("kunlun",), ctrl=Script(move=pick))
    s = g.state
    put(g, heroes(g, 0)[0], 11)
    con.movement_step(g, 0)
    assert len(asked) == 2 and asked[1] != asked[0] and s.end_reason is None


# --------------------------------------------------------------------------- the draft


def test_competitive_drafters_alternate_from_player_one_the_other_takes_the_rest_CON_16():
    g = unbegun(("kunlun", "amazons"), seed=2, ctrl=Script(draft=lambda o: o[1]))
    s = g.state
    s.mode.begin(g)
    c = g.controllers[0]
    asks = [(t, o) for t, d, o in c.asked if d == "draft"]
    assert [t for t, _ in asks] == [s.order[0], s.order[1], s.order[0], s.order[1]]
    by_id = {u.id: u for u in s.mode.bag}
    picks = [line for line in s.log if " drafts " in line][2:]  # after the two faction heroes
    for (t, (a, b)), kept, given in zip(asks, picks[::2], picks[1::2]):
        side = s.troops[t].side
        assert kept == f"{s.troops[t].faction} ({side}) drafts {by_id[b].name}"  # the drafter keeps its pick
        assert given == f"{s.troops[1 - t].faction} ({s.troops[1 - t].side}) drafts {by_id[a].name}"
    assert s.log[1] == f"{s.troops[s.order[0]].faction} ({s.troops[s.order[0]].side}) drafts {CAT.unit(CAT.faction(s.troops[s.order[0]].faction).hero).name}"


def test_a_full_drafter_lets_the_other_troop_draw_CON_16_R_PW_12():
    """Two troops of one faction: only the first gets its faction hero, so the last draw of two falls to a
    troop that is already full; the other troop draws, and each ends with five heroes."""
    g = unbegun(("kunlun", "kunlun"), first=0)
    s = g.state
    s.mode.begin(g)
    asks = [t for t, d, _ in g.controllers[0].asked if d == "draft"]
    assert asks == [0, 1, 0, 1, 1]
    assert [len(heroes(g, t)) for t in (0, 1)] == [5, 5]
    assert heroes(g, 0)[0].unit.id == "feng" and sum(u.unit.id == "feng" for u in s.units) == 1
    assert len(s.drafted) == 10 and s.champion == -1


def test_the_rivals_tied_draft_is_the_players_choice_CON_17():
    """Equal Health and Attack (atlanteans-hero and plutos-refugees-hero, 10 and 3 dice): the player decides
    ("rival-draft"), and the rival keeps the one the player named."""
    kept = []
    for answer in (0, 1):
        seen = []
        c = Script(rival_draft=lambda o: (seen.append(list(o)), o[answer])[1])
        c.rival_decisions = ("rival-draft",)
        g = unbegun(("kunlun",), ctrl=c)
        s = g.state
        s.mode.bag = (CAT.unit("feng"), CAT.unit("atlanteans-hero"), CAT.unit("plutos-refugees-hero"))
        s.mode.begin(g)
        assert seen == [[0, 1]]
        rival_ids = [s.units[i].unit.id for i in s.lineup]
        player_ids = [u.unit.id for u in heroes(g, 0)]
        assert len(rival_ids) == 1 and player_ids[0] == "feng" and len(player_ids) == 2
        assert {rival_ids[0], player_ids[1]} == {"atlanteans-hero", "plutos-refugees-hero"}
        assert s.champion == -1  # the bag ran dry: no champion
        kept.append(rival_ids[0])
    assert kept[0] != kept[1]


def test_a_last_single_hero_goes_to_the_drafter_and_the_champion_is_narrated_CON_16_CON_17():
    g = unbegun(("kunlun",))
    s = g.state
    s.mode.bag = (CAT.unit("feng"), CAT.unit("rostam"))
    s.mode.begin(g)
    assert [s.units[i].unit.id for i in s.lineup] == ["rostam"] and s.log[-1] == "rival (blue) drafts Rostam"
    g = unbegun(("kunlun",))
    s = g.state
    s.mode.bag = (CAT.unit("rostam"), CAT.unit("atlanteans-hero"))  # no kunlun hero in the bag
    s.mode.begin(g)
    assert [u.unit.id for u in heroes(g, 0)] == ["rostam"] and [s.units[i].unit.id for i in s.lineup] == ["atlanteans-hero"]
    g = new(("kunlun",))
    s = g.state
    c = s.units[s.champion]
    # drawn once the player's troop is full, before the rival's last, lone pick (ruling R-PW-12)
    assert s.log[10] == f"The rival's champion is {c.name}, inactive on hex {s.champion_hex}"
    assert s.log[11].startswith("rival (blue) drafts ") and s.units[s.lineup[-1]].unit.id == s.drafted[-1]
    assert c.troop == 1 and not c.active and c.zone == CAMP and s.drafted[-2] == c.unit.id


# --------------------------------------------------------------------------- the rival's lists


def _no_guardians(g):
    for gu in (guardian(g, "red"), guardian(g, "blue")):
        rules.damage(g, gu, gu.hp)


def test_calm_rival_marks_the_best_key_hex_it_has_an_opponent_in_range_from_CON_46_R_PW_9():
    """The guardians are gone and the Wretch is out of reach: from hex 38 the unit reaches both key-3 hexes
    and a key-2 hex; only from the key-2 hex (37) is an opponent (a hero on 35) within its Range 2, so
    "key in range of opponent" (above "highest value key hex") marks 37."""
    g = new(("kunlun",))
    s = g.state
    rc = g.controllers[1]
    _no_guardians(g)
    put(g, wretch(g), 0)
    u = rival_hero(g)
    assert (rules.movement_of(s, u), rules.range_of(s, u)) == (3, 2)
    put(g, u, 38)
    put(g, heroes(g, 0)[0], 35)
    assert rc.plan_move(g, u, s.blocked_for_move(1), set()) == [37]
    assert rc.why[u.uid] == "marks a hex (key-in-range)"


def test_calm_rival_marks_the_highest_value_free_key_hexes_the_closest_of_them_CON_46_RIV_3():
    g = new(("kunlun",))
    s = g.state
    rc = g.controllers[1]
    _no_guardians(g)
    put(g, wretch(g), 0)
    u = rival_hero(g)
    put(g, u, 38)  # both key-3 hexes one step away: both kept (the players choose)
    assert rc.plan_move(g, u, s.blocked_for_move(1), set()) == [27, 49]
    assert rc.why[u.uid] == "marks a hex (key)"
    put(g, u, 28)  # 27 is one step away, 49 two: the closest
    assert rc.plan_move(g, u, s.blocked_for_move(1), set()) == [27]
    put(g, u, 27)
    assert rc.plan_move(g, u, s.blocked_for_move(1), set()) == []
    assert rc.why[u.uid] == "stands on its key priority: does not move"


def test_key_hexes_next_to_a_guardian_are_in_range_of_an_opponent_CON_46_CON_27():
    g = new(("kunlun",))
    s = g.state
    rc = g.controllers[1]
    put(g, wretch(g), 0)
    u = rival_hero(g)
    put(g, u, 38)
    assert rc.plan_move(g, u, s.blocked_for_move(1), set()) == [27, 49]
    assert rc.why[u.uid] == "marks a hex (key-in-range)"


def test_on_alert_with_nothing_else_in_reach_a_hex_next_to_the_escape_hex_CON_47():
    g = new(("kunlun",))
    s = g.state
    rc = g.controllers[1]
    con.activate_champion(g, "test")
    c = s.units[s.champion]
    put(g, c, 31)
    put(g, wretch(g), 74)
    assert con.on_alert(s)
    assert rc.plan_move(g, c, s.blocked_for_move(1), set()) == [32, 42]  # one step each; 54 is farther
    assert rc.why[c.uid] == "marks a hex (escape-adjacent)"


def test_calm_champion_marks_the_nearest_hex_next_to_the_escape_hex_CON_37():
    g = new(("kunlun",))
    s = g.state
    rc = g.controllers[1]
    con.activate_champion(g, "test")
    c = s.units[s.champion]
    put(g, c, 41)
    assert not con.on_alert(s)
    assert rc.plan_move(g, c, s.blocked_for_move(1), set()) == [42]


def test_rival_targeting_skips_hex_priorities_and_ranks_the_guardians_CON_46_CON_37_CON_47():
    g = new(("kunlun",))
    s = g.state
    rc = g.controllers[1]
    gr, gb = guardian(g, "red"), guardian(g, "blue")
    u = rival_hero(g)
    put(g, u, 65)
    hero = heroes(g, 0)[0]
    put(g, hero, 11)
    assert rc.top(g, u, [gr, hero, gb]) == [hero]  # player-elite, past the two key-hex entries
    assert rc.top(g, u, [gr, gb]) == [gb]  # the HP-matching guardian: blue, the rival's colour
    assert rc.top(g, u, [gr]) == [gr]  # any guardian, last
    con.activate_champion(g, "test")
    c = s.units[s.champion]
    assert rc.top(g, c, [gr, gb]) == [gb] and rc.top(g, c, [gr]) == [gr]
    put(g, wretch(g), 19)  # on alert: the red guardian is on no list
    assert rc.top(g, u, [gr, gb]) == [gb] and rc.top(g, u, [gr]) == []
    assert rc.top(g, u, [gr, hero]) == [hero]


def test_rival_long_shot_at_the_player_elite_before_a_guardian_CON_46_RIV_9():
    """Lamosians Hero (Range 3, Long Shot 5) with nobody within 3: Long Shot, at the player's hero (4 hexes
    away) rather than the red guardian (5)."""
    g = new(("kunlun",))
    rc = g.controllers[1]
    lam = rival_hero(g, 2)
    assert lam.unit.id == "lamosians-hero"
    put(g, lam, 21)
    hero = heroes(g, 0)[0]
    put(g, hero, 17)
    assert rc.plan_engage(g, lam) == [("special", lam.uid, "long-shot", (hero.uid,))]


def test_rival_long_shot_at_a_target_off_its_list_is_still_used_R_PW_9():
    """On alert, the red guardian is on no rival list; when it is the only one Long Shot can reach the rival
    still uses its Special on it (the implemented reading: the list only narrows the Special's targets)."""
    g = new(("kunlun",))
    s = g.state
    rc = g.controllers[1]
    lam = rival_hero(g, 2)
    put(g, lam, 12)
    put(g, wretch(g), 19)
    gr = guardian(g, "red")
    assert con.on_alert(s) and s.grid.dist[12][gr.hex] == 4
    assert rc.plan_engage(g, lam) == [("special", lam.uid, "long-shot", (gr.uid,))]


def test_rival_whirlwind_when_two_opponents_are_adjacent_else_its_attack_RIV_9():
    g = new(("kunlun",))
    rc = g.controllers[1]
    am = rival_hero(g, 1)
    assert am.unit.id == "amazons-hero"
    put(g, am, 65)
    a, b = heroes(g, 0)[:2]
    put(g, a, 64)
    assert rc.plan_engage(g, am) == [("attack", am.uid, a.uid)]
    put(g, b, 76)
    assert rc.plan_engage(g, am) == [("special", am.uid, "whirlwind", ())]


def test_solo_guardian_ties_are_the_players_choice_CON_29():
    seen = []
    c = Script(rival_engage=lambda o: (seen.append(list(o)), o[-1])[1])
    c.rival_decisions = ("rival-engage",)
    g = new(("kunlun",), ctrl=c)
    gc = g.controllers[2]
    assert gc.players_troop == 0 and not gc.neutral
    opts = [("attack", 0, 2), ("attack", 0, 3)]
    assert gc.tie(g, "rival-engage", opts) == opts[-1] and seen == [opts]
    assert gc.tie(g, "rival-engage", opts[:1]) == opts[0] and len(seen) == 1


def test_an_unanswered_solo_guardian_tie_goes_the_players_way_CON_29_RIV_9():
    """Solo, when the player's controller does not answer rival ties, the players' favour decides: the
    guardian attacks the unit the players mind least, the Wretch rather than their faction hero."""
    g = new(("kunlun",))
    gc = g.controllers[2]
    hero = next(u for u in heroes(g, 0) if u.unit.id == "feng")
    put(g, hero, 11)
    w = wretch(g)
    opts = [("attack", 0, hero.uid), ("attack", 0, w.uid)]
    assert gc.tie(g, "rival-engage", opts) == opts[1]


def test_a_rival_that_reaches_no_priority_backs_up_toward_the_wretch_CON_48_RIV_5():
    """Pluto's Refugees Hero (Movement 2, Range 1) in the far corner reaches neither the Wretch, a key hex nor
    a guardian: full Movement toward the Wretch (its list's first unit priority)."""
    g = new(("kunlun",))
    s = g.state
    rc = g.controllers[1]
    u = rival_hero(g, 4)
    assert (u.unit.movement, u.unit.range) == (2, 1)
    put(g, u, 10)
    dests = rc.plan_move(g, u, s.blocked_for_move(1), set())
    assert dests == [8, 19, 31] and rc.why[u.uid] == "cannot reach a priority: back-up movement toward wretch"
    w = wretch(g).hex
    assert all(s.grid.dist[h][w] == s.grid.dist[10][w] - 2 for h in dests)


def _wall_in(g, h, *around):
    """The Wretch on hex h, every neighbour taken (the player's heroes first, then the rival's): no hex next
    to it is free, so a Range 1 rival unit cannot get closer to it by any path."""
    s = g.state
    put(g, wretch(g), h)
    mine = [u for u in heroes(g, 0) if u.unit.id in ("feng", "neutral-hero-b")]  # 10 + 7 HP: the red supply
    theirs = [rival_hero(g, 1)]
    for n, u in zip(s.grid.neighbours[h], [*mine, *theirs]):
        put(g, u, n)
    assert all(s.board[n] >= 0 for n in s.grid.neighbours[h])
    return mine


def test_a_calm_rival_that_cannot_get_closer_to_the_wretch_backs_up_toward_a_key_hex_CON_46_RIV_5():
    """The Wretch walled in (corner hex 0); Pluto's Refugees Hero (Movement 2, Range 1) on hex 10 reaches no
    priority: the next of its calm list after the Wretch are the key hexes, so it moves its full Movement
    toward the nearest ones (39 and 63, both 5 away): to the hexes two steps on that are 3 from hex 39, not
    toward the player's heroes next to the Wretch."""
    g = new(("kunlun",))
    s = g.state
    rc = g.controllers[1]
    _wall_in(g, 0)
    u = rival_hero(g, 4)
    put(g, u, 10)
    dests = rc.plan_move(g, u, s.blocked_for_move(1), set())
    assert dests == [8, 19, 31] and rc.why[u.uid] == "cannot reach a priority: back-up movement toward hex:key"
    assert all(s.grid.dist[h][39] == 3 for h in dests) and s.grid.dist[10][39] == 5


def test_an_alert_rival_that_cannot_get_closer_to_the_wretch_backs_up_toward_the_players_elites_CON_47_RIV_5():
    """On alert with the Wretch walled in (corner hex 76, past the line) and the blue guardian gone: after the
    Wretch, the weakest opposing elite is the next unit priority, so the back-up goes toward the player's
    heroes (next to the Wretch), its full Movement along the shortest path."""
    g = new(("kunlun",))
    s = g.state
    rc = g.controllers[1]
    a, b = _wall_in(g, 76)
    gb = guardian(g, "blue")
    rules.damage(g, gb, gb.hp)
    u = rival_hero(g, 4)
    put(g, u, 0)
    assert con.on_alert(s)
    dests = rc.plan_move(g, u, s.blocked_for_move(1), set())
    assert rc.why[u.uid] == "cannot reach a priority: back-up movement toward player-elite"
    near = min(s.grid.dist[h][x.hex] for h in dests for x in (a, b))
    assert dests == [2, 12, 23] and near == s.grid.dist[0][b.hex] - 2


def test_an_alert_rival_with_no_unit_priority_left_stays_R_PW_9_CON_47_RIV_5():
    """On alert, the Wretch walled in by rival heroes (corner hex 10), no player hero in combat, the blue
    guardian gone: the hexes next to the escape hex are a hex priority, not a back-up target (ruling R-PW-9:
    back-up heads for the unit priorities and key hexes), so a unit that reaches none of them does not move."""
    g = new(("kunlun",))
    s = g.state
    rc = g.controllers[1]
    s.supply["blue"] += 20  # chips for four rival heroes (a test's set-up)
    s.supply_start["blue"] += 20
    put(g, wretch(g), 10)
    for k, h in enumerate(s.grid.neighbours[10]):
        put(g, rival_hero(g, k), h)
    gb = guardian(g, "blue")
    rules.damage(g, gb, gb.hp)
    u = rival_hero(g, 4)
    put(g, u, 66)
    assert con.on_alert(s)
    assert rc.plan_move(g, u, s.blocked_for_move(1), set()) == []
    assert rc.why[u.uid] == "cannot reach a priority and cannot get closer to one: does not move"


def test_the_move_and_die_face_questions_are_turn_step_decisions_CON_26_MOV_1():
    """Lookahead support: "move" and "die-face" are asked between a turn step's actions (`Game.at_step`), the
    decisions at which a lookahead player searches and a resumed game takes its forced answer."""
    seen = []

    class Steps(Script):
        def choose(self, g, troop, decision, options, *, optional):
            if decision in ("move", "die-face"):
                seen.append((decision, g.at_step, optional))
            return super().choose(g, troop, decision, options, optional=optional)

    g = new(("kunlun",), ctrl=Steps())
    con.movement_step(g, 0)
    g.state.mode.pay_for_face(g, 0)
    assert seen == [("move", True, True), ("die-face", True, True)]
