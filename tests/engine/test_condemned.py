"""Pandora's Wake: the Vesuvians (VES-*) and Condemned Mode (CON-*), one test (at least) per rule id of
../shared/rules/pandoras-wake.md, on the Fa Mel Prison stand-in map with scripted players and forced dice."""

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
from hoplostat.rulesets.remastered import condemned as con
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
