"""Rise of Rome (player against player): the rulings of docs/rulings.md (R-ROR-*) and the mode's invariants.

Positions start from the mode's real set-up (`RiseOfRome.new_game`) with chips put on the mat by hand."""

from __future__ import annotations

import numpy as np
import pytest
from engine.enginekit import Scripted, put_in_combat

from hoplostat.catalog import load
from hoplostat.engine import rules
from hoplostat.engine.loop import GameSpec, play
from hoplostat.engine.rules import FixedRoller
from hoplostat.engine.state import BAG, CAMP, COMBAT
from hoplostat.policies import make
from hoplostat.rulesets.classic import turn as phase
from hoplostat.rulesets.rise_of_rome import favor
from hoplostat.rulesets.rise_of_rome.mode import RiseOfRome, tactic_allowed

CAT = load(ruleset="rise-of-rome")


def new(ctrls=None, roller=None, *, first=0):
    spec = RiseOfRome.validate(CAT, GameSpec("rise-of-rome", ("rome", "pompeii"), first=first))
    g = RiseOfRome.new_game(CAT, spec, ctrls or [Scripted(), Scripted()], rng=np.random.default_rng(0), log=True,
                            roller=roller or FixedRoller(mode="all"))
    g.state.mode.begin(g)  # champions on their first champion hex, four chips drawn
    for c in g.controllers:
        if isinstance(c, Scripted):
            c.asked.clear()
    s = g.state
    s.round, s.turn, s.active = 2, 3, 0
    return g


def chip(s, troop, unit_id):
    return next(u for u in s.units if u.troop == troop and u.unit.id == unit_id)


def champion(s, troop):
    return s.units[s.troops[troop].primary_hero]


def free_hex_at(s, h, d, k=0):
    return [x for x in s.grid.at_distance(h, d) if s.board[x] < 0 and not s.grid.pedestal[x] and not s.grid.inner[x]
            and not s.grid.center[x]][k]


def place(s, troop, unit_id, h):
    return s.units[put_in_combat(s, chip(s, troop, unit_id).uid, h)]


def open_hex(s):
    """A free plain hex whose six neighbours are free plain hexes."""
    g = s.grid

    def free(h):
        return not (g.pedestal[h] or g.inner[h] or g.center[h]) and s.board[h] < 0

    return next(h for h in range(g.n) if free(h) and not g.tags[h] and len(g.neighbours[h]) == 6
                and all(free(x) for x in g.neighbours[h]))


def plain_hex(s, k=0):
    g = s.grid
    return [h for h in range(g.n) if not (g.pedestal[h] or g.inner[h] or g.center[h] or g.tags[h]) and s.board[h] < 0][k]


def move_units(s, troop, zones, to):
    """Every gladiator of `troop` (not its champion) in one of `zones` goes to zone `to` (`troop` None: both)."""
    for u in s.units:
        if (troop is None or u.troop == troop) and u.zone in zones and not u.is_primary_hero:
            u.zone = to


def test_the_catalog_is_rise_of_romes_two_cities_of_a_champion_ten_gladiators_and_four_tactics_ROR_1():
    """ROR-1: Rome and Pompeii, each one champion, ten gladiators and four tactics; champions Health 10."""
    assert set(CAT.factions) == {"rome", "pompeii"}
    for fid, fa in CAT.factions.items():
        assert len(CAT.faction_units(fid)) == 10 and len(fa.tactics) == 4
        hero = CAT.unit(fa.hero)
        assert hero.health == 10 and hero.provenance["health"] == "rulebook"
        assert all(u.ruleset == "rise-of-rome" and u.tactical_range is not None for u in CAT.faction_units(fid))


def test_tactical_range_reaches_friends_and_foes_alike_and_no_stun_tactic_on_a_champion_R_ROR_1():
    """R-ROR-1: every target needs a unit's Tactical Range (friends too); the unit itself always; a Stun
    tactic never on a champion, other tactics may go on one."""
    g = new()
    s = g.state
    h0 = plain_hex(s)
    me = place(s, 0, "rome/attacker-1", h0)  # Tactical Range 1
    friend = place(s, 0, "rome/defender-1", free_hex_at(s, h0, 2))
    foe = place(s, 1, "pompeii/attacker-1", free_hex_at(s, h0, 1))
    stun = next(t for t in s.troops[0].tactics_bag if t.id == "rome/stun")
    ham = next(t for t in s.troops[0].tactics_bag if t.id == "rome/hamstring")
    got = {u.uid for u in phase.tactic_targets(s, 0, ham, allowed=tactic_allowed)}
    assert me.uid in got and foe.uid in got
    # the friend two hexes away is out of the attacker's range 1 but inside its own range (0 from itself)
    assert friend.uid in got
    s.units[friend.uid].tactics.append(rules.PlacedTactic(stun, 1, s.turn))  # stunned: gives no range
    got = {u.uid for u in phase.tactic_targets(s, 0, ham, allowed=tactic_allowed)}
    assert friend.uid not in got and me.uid in got
    # a champion in range: Hamstring may go on it, a Stun tactic may not
    ch = champion(s, 1)
    rules.displace(g, ch, free_hex_at(s, h0, 1, 1))
    assert ch.uid in {u.uid for u in phase.tactic_targets(s, 0, ham, allowed=tactic_allowed)}
    assert ch.uid not in {u.uid for u in phase.tactic_targets(s, 0, stun, allowed=tactic_allowed)}
    assert foe.uid in {u.uid for u in phase.tactic_targets(s, 0, stun, allowed=tactic_allowed)}


def test_the_gladiator_comes_first_and_its_tactical_range_counts_at_once_R_ROR_2():
    """R-ROR-2: deploy, then the tactic; the gladiator just deployed gives Tactical Range the same phase."""
    ctrl = Scripted({"deploy": lambda o: next(x for x in o if x[0] == u.uid and x[1] in g.state.grid.tagged("outer-red")),
                     "tactic": lambda o: next(x for x in o if x[1] == u.uid)})
    g = new([ctrl, Scripted()])
    s = g.state
    t = s.troops[0]
    t.tactics_camp = [next(x for x in t.tactics_bag + t.tactics_camp if x.id == "rome/adrenaline")]
    u = chip(s, 0, "rome/tactician-1")
    u.zone = CAMP
    g.state.mode.deploy(g, 0)
    asked = [d for d, _ in ctrl.asked]
    assert asked[:2] == ["deploy", "tactic"]
    assert u.zone == COMBAT and any(pt.tactic.id == "rome/adrenaline" for pt in u.tactics)


def test_a_hand_of_unplayable_tactics_is_shown_and_redrawn_once_a_turn_R_ROR_3():
    """R-ROR-3 (ROR-24): four tactics none of which can be played go back and four are drawn, once a turn."""
    g = new()
    s = g.state
    t = s.troops[0]
    move_units(s, 0, (CAMP,), BAG)
    t.tactics_bag.extend(t.tactics_camp)
    t.tactics_camp = list(t.tactics_bag)
    t.tactics_bag.clear()
    # no unit of troop 0 gives Tactical Range (the inactive champion gives none): nothing is playable
    before = list(t.tactics_camp)
    phase.redraw_dead_hand(g, 0, lambda tac: False)
    assert t.redrawn_turn == s.turn and phase.hand_count(s, 0) == 4
    assert "rome (red) shows 4 unplayable tactics and draws again" in s.log
    # the four went back: the new hand was drawn from all ten gladiators and the four tactics
    assert phase.hand_count(s, 0) + phase.bag_count(s, 0) == 14 and len(t.tactics_camp) + len(t.tactics_bag) == 4
    # all tactics again: no second redraw this turn
    move_units(s, 0, (CAMP,), BAG)
    t.tactics_camp, t.tactics_bag = list(before), [x for x in t.tactics_bag if x not in before]
    phase.redraw_dead_hand(g, 0, lambda tac: False)
    assert t.tactics_camp == before


def test_mid_right_moves_one_foothold_once_and_gives_its_own_chip_R_ROR_4():
    """R-ROR-4 (ROR-48, ROR-44): reaching mid-right moves one foothold to an adjacent hex once; the F/A chip
    lying there is the player's own."""
    ctrl = Scripted({"move-foothold": lambda o: o[0],
                     "cf-reward": lambda o: favor.MID_RIGHT if favor.MID_RIGHT in o else o[0]})
    g = new([ctrl, Scripted()])
    s = g.state
    h = plain_hex(s)
    rules.place_foothold(g, 1, h)
    chip_uid = s.troops[0].meter_chips[favor.MID_RIGHT]
    assert s.units[chip_uid].troop == 0
    favor.gain(g, 0, 5, "test")
    assert h not in s.footholds and len(s.footholds) == 1
    assert s.troops[0].fa_earned == [chip_uid]
    asked = [d for d, _ in ctrl.asked if d == "move-foothold"]
    favor.gain(g, 0, 5, "test")  # the next reward (any): no second foothold move
    assert [d for d, _ in ctrl.asked if d == "move-foothold"] == asked


def test_attack_phase_abilities_come_before_the_attacks_R_ROR_5():
    """R-ROR-5: the attack phase asks its Abilities (Impel) first, then the attacks."""
    ctrl = Scripted({"ability": lambda o: o[0] if o else None})
    g = new([ctrl, Scripted()])
    s = g.state
    h = plain_hex(s)
    place(s, 0, "rome/special-2", h)  # Impel
    ally = place(s, 0, "rome/attacker-1", free_hex_at(s, h, 1))
    place(s, 1, "pompeii/defender-2", free_hex_at(s, ally.hex, 1))  # something for the ally to attack
    phase.attack_phase(g, 0)
    names = [d for d, _ in ctrl.asked]
    assert names[0] == "ability" and "engage" in names and names.index("engage") > 0
    assert ally.impelled_turn == s.turn


def test_consuming_impel_spends_the_holders_attack_and_allows_an_alternate_R_ROR_6():
    """R-ROR-6: Consuming Impel uses up the holder's attack; the impelled unit's second action may be an
    Alternate Attack (a plain Impel's second action is a Basic Attack only)."""
    g = new()
    s = g.state
    h = plain_hex(s)
    holder = place(s, 1, "pompeii/tactician-1", h)
    stunner = place(s, 1, "pompeii/special-1", free_hex_at(s, h, 2))  # Stun (alternate)
    foe = place(s, 0, "rome/defender-1", free_hex_at(s, stunner.hex, 1))
    s.active = 1
    opts = [o for o in rules.ability_options(g, 1) if o[1] == "consuming-impel"]
    assert (holder.uid, "consuming-impel", (stunner.uid,)) in opts
    rules.use_ability(g, 1, (holder.uid, "consuming-impel", (stunner.uid,)))
    assert holder.engaged_turn == s.turn and not rules.can_engage(s, holder)
    stunner.engaged_turn = s.turn  # it made its first attack
    from hoplostat.engine.steps import engage_options

    second = engage_options(g, stunner, second_any=s.troops[1].granted_any == (s.turn, stunner.uid))
    assert ("special", stunner.uid, "stun", (foe.uid,)) in second
    assert [o for o in engage_options(g, stunner) if o[0] == "special"] == []


def test_pervasive_absorb_covers_adjacent_friends_but_not_the_champion_or_foes_and_never_stacks_R_ROR_7():
    """R-ROR-7 (ROR-98)."""
    g = new()
    s = g.state
    h = open_hex(s)
    pa = place(s, 1, "pompeii/defender-1", h)
    friend = place(s, 1, "pompeii/attacker-1", free_hex_at(s, h, 1))
    absorber = place(s, 1, "pompeii/special-2", free_hex_at(s, h, 1))  # its own Absorb
    foe = place(s, 0, "rome/attacker-1", free_hex_at(s, h, 1))
    ch = champion(s, 1)
    rules.displace(g, ch, free_hex_at(s, h, 1))
    assert rules.attack_profile(g, foe, friend)[2] == 1
    assert rules.attack_profile(g, foe, absorber)[2] == 1  # Absorb + Pervasive Absorb: still 1
    assert rules.attack_profile(g, foe, ch)[2] == 0
    assert rules.attack_profile(g, friend, foe)[2] == 0  # an adjacent opponent gains nothing
    assert rules.attack_profile(g, foe, pa)[2] == 0  # not itself


def test_favor_heads_for_the_chosen_reward_and_the_center_comes_last_R_ROR_8():
    """R-ROR-8 (ROR-42, ROR-43): a reward is chosen at the center; 5 points earn it; the center only after
    the four others; one gain's points carry on."""
    picks: list[list[int]] = []
    ctrl = Scripted({"cf-reward": lambda o: (picks.append(list(o)), o[-1])[1]})
    g = new([ctrl, Scripted()])
    s = g.state
    t = s.troops[0]
    favor.gain(g, 0, 7, "test")  # far-right at 5, then 2 steps toward the next choice
    assert t.cf_done[favor.FAR_RIGHT] and t.far_open and t.favor == 2
    assert picks[0] == [favor.FAR_LEFT, favor.MID_LEFT, favor.MID_RIGHT, favor.FAR_RIGHT]
    favor.gain(g, 0, 13, "test")  # 3 to finish mid-right, then mid-left, then far-left (the one choice left)
    assert t.cf_done == [True, True, False, True, True] and t.favor == 0 and not t.cf_unlocked
    assert picks[-1] == [favor.FAR_LEFT, favor.MID_LEFT] and all(favor.CENTER not in p for p in picks)
    favor.gain(g, 0, 4, "test")
    assert not t.cf_done[favor.CENTER] and t.cf_target == favor.CENTER
    favor.gain(g, 0, 1, "test")
    assert all(t.cf_done) and t.cf_unlocked


def test_the_reroll_reward_rolls_one_missed_die_of_the_strongest_colour_once_a_turn_R_ROR_9():
    """R-ROR-9 (ROR-46)."""
    roller = FixedRoller([0, 1, 1, 0])  # blue misses, black hits -> the blue again: a hit; then the next attack
    g = new(roller=roller)
    s = g.state
    s.troops[0].reroll = True
    h = plain_hex(s)
    a = place(s, 0, "rome/special-1", h)  # black+blue
    pool = a.unit.attack
    assert s.mode.roll_attack(g, a, pool) == 2
    assert [str(p) for p in roller.rolled] == ["blue", "black", "blue"]  # colour by colour, then the blue again
    assert s.log[-1] == "rome (red) rerolls a missed blue die: hit"
    assert s.mode.roll_attack(g, a, pool) == 0  # second attack this turn: no reroll (one roll of the pool)
    assert len(roller.rolled) == 4
    s.turn += 2  # the player's next turn: both dice miss, the black (5 of 6) is rolled again
    roller.results, roller.rolled = [0, 0, 1], []
    assert s.mode.roll_attack(g, a, pool) == 1
    assert [str(p) for p in roller.rolled] == ["blue", "black", "black"]
    assert s.log[-1] == "rome (red) rerolls a missed black die: hit"
    s.turn += 2
    roller.results, roller.rolled = [0, 0, 0], []
    assert s.mode.roll_attack(g, a, pool) == 0 and s.log[-1] == "rome (red) rerolls a missed black die: miss"
    s.troops[0].reroll = False
    roller.results = [0]
    assert s.mode.roll_attack(g, a, pool) == 0 and len(roller.rolled) == 4


def test_both_players_draw_health_from_one_pool_of_75_R_ROR_10():
    """R-ROR-10: one pool; a gladiator deploys only while the pool holds its Health."""
    g = new()
    s = g.state
    assert s.supply_of(0) == s.supply_of(1) and s.supply_start[s.supply_of(0)] == 75
    assert s.supply[s.supply_of(0)] == 75 - 20  # both champions' 10
    u = chip(s, 0, "rome/defender-1")
    u.zone = CAMP
    assert any(o[0] == u.uid for o in s.mode.gladiator_options(s, 0))
    s.supply[s.supply_of(0)] = u.unit.health - 1
    assert not any(o[0] == u.uid for o in s.mode.gladiator_options(s, 0))


def test_an_inner_hex_turns_every_skill_off_unless_its_players_foothold_is_there_R_ROR_11():
    """R-ROR-11 (ROR-9, ROR-52): on an inner hex a unit only moves: no attack, no Innate; a foothold of its
    player there lifts it."""
    g = new()
    s = g.state
    inner = s.grid.inner_hexes[0]
    d = place(s, 1, "pompeii/attacker-2", inner)  # Retaliate (an Innate)
    foe = place(s, 0, "rome/attacker-1", free_hex_at(s, inner, 1))
    assert not s.skills_work(d) and not rules.can_engage(s, d)
    rules.attack(g, foe, d)  # every die hits (FixedRoller "all"): 2 damage, and no Retaliate from the inner hex
    assert d.hp == 2 and foe.hp == foe.unit.health
    rules.place_foothold(g, 1, inner)
    assert s.skills_work(d) and rules.can_engage(s, d)
    rules.attack(g, foe, d)  # with its player's foothold there, Retaliate answers
    assert d.zone != COMBAT and foe.hp == foe.unit.health - 1


def test_a_stationed_unit_on_an_inner_hex_still_neither_moves_nor_is_displaced_R_ROR_11():
    """R-ROR-11 (ROR-9, ROR-101): the inner hex limits a unit "to movement only"; it frees it of no limit: a Stationed
    unit there still cannot move or be displaced, while its other skills are off (no Retaliate)."""
    g = new()
    s = g.state
    s.active, s.turn = 1, 4  # Pompeii's turn
    inner = s.grid.inner_hexes[0]
    st = place(s, 1, "pompeii/defender-2", inner)  # Stationed, Retaliate
    assert not s.skills_work(st) and any(s.board[h] < 0 for h in s.grid.neighbours[inner])
    assert not rules.can_move(s, st) and not rules.can_be_displaced(s, st)
    foe = place(s, 0, "rome/attacker-1", free_hex_at(s, inner, 1))
    rules.attack(g, foe, st)
    assert foe.hp == foe.unit.health  # no Retaliate there


def test_a_stun_flips_its_target_until_the_stunners_next_attack_phase_ROR_103():
    """ROR-103: a hit flips the target: no move, no attack, no skill, for one full round until the start of
    the stunning player's attack phase."""
    g = new()
    s = g.state
    h = plain_hex(s)
    st = place(s, 1, "pompeii/special-1", h)
    foe = place(s, 0, "rome/attacker-2", free_hex_at(s, h, 1))
    s.active, s.turn = 1, 4
    from hoplostat.engine.steps import engage_options

    assert ("special", st.uid, "stun", (foe.uid,)) in engage_options(g, st)
    for sid, param, fn in rules.unit_hooks(st.unit, "special"):
        if sid == "stun":
            fn(g, st, param, (foe.uid,))
    s.turn = 5  # rome's turn: it cannot act
    assert not rules.can_move(s, foe) and not rules.can_engage(s, foe) and not s.skills_work(foe)
    s.turn = 6
    s.mode.attack(g, 1)  # pompeii's next attack phase: the flip ends
    assert s.skills_work(foe) and not foe.tactics


def _games(n: int, policy: str):
    out = []
    for seed in range(n):
        rng = np.random.default_rng(seed)
        spec = RiseOfRome.validate(CAT, GameSpec("rise-of-rome", ("rome", "pompeii") if seed % 2 else ("pompeii", "rome")))
        seen = []

        def check(g, turn, seen=seen):
            s = g.state
            total = s.supply[s.supply_of(0)] + sum(u.hp for u in s.units if u.zone == COMBAT)
            assert total == 75, turn.header
            for u in s.units:
                if u.zone == COMBAT:
                    assert 0 < u.hp and s.board[u.hex] == u.uid, (u.name, turn.header)
                    assert not s.grid.move_block[u.hex] or s.grid.pedestal[u.hex], (u.name, "blocked hex")
                    if s.grid.pedestal[u.hex]:
                        assert u.unit.kind == "fa-archer"
                    fh = s.footholds.get(u.hex)
                    assert fh is None or fh == u.troop, "an opponent on a foothold (ROR-51)"
            for t in s.troops:
                assert len(t.fa_earned) <= favor.EARNED_CIRCLES
                assert phase.hand_count(s, t.index) <= t.hand_size
            seen.append(s.round)

        res = play(CAT, spec, [make(policy, rng=rng), make(policy, rng=rng)], rng=rng, after_turn=check)
        out.append((res, seen))
    return out


@pytest.mark.slow
def test_a_thousand_seeded_games_keep_the_invariants_and_end():
    """Invariants over 1,000 greedy games and 200 random ones: health chips conserved (75), no unit on a
    blocked hex or an opponent's foothold, archers only on pedestals, at most two earned F/A chips, hands of
    at most four; every game ends (a champion falls, or the round cap)."""
    for policy, n in (("greedy", 1000), ("random", 200)):
        for res, _seen in _games(n, policy):
            assert res.end_reason in ("champion defeated",) or res.capped


def test_seeded_games_replay_identically_and_end_by_a_champion_or_the_cap():
    a = _games(6, "greedy")
    b = _games(6, "greedy")
    assert [(r.winner, r.rounds, r.end_reason) for r, _ in a] == [(r.winner, r.rounds, r.end_reason) for r, _ in b]
    assert all(r.end_reason == "champion defeated" or r.capped for r, _ in a)
    assert any(r.winner == 0 for r, _ in a) and any(r.winner == 1 for r, _ in a)


def test_policy_greedy_uses_a_stun_when_it_is_the_units_only_action():
    """Policy (no rule): greedy values Rise of Rome's Stun by the target's expected hits, so a unit whose
    only action is a Stun uses it rather than passing."""
    from hoplostat.policies.greedy import GreedyController

    g = new()
    s = g.state
    h = plain_hex(s)
    st = place(s, 1, "pompeii/special-1", h)
    foe = place(s, 0, "rome/special-1", free_hex_at(s, h, 1))
    s.active = 1
    opt = ("special", st.uid, "stun", (foe.uid,))
    assert GreedyController(np.random.default_rng(0)).choose(g, 1, "engage", [opt], optional=True) == opt


def test_policy_greedy_hunts_a_champion_whose_army_is_only_immobile_chips():
    """Policy (no rule): a Stationed unit and archers on pedestals cannot go after anyone, so an opponent left
    with them and its champion is in the endgame: greedy's champion closes in (before, both champions kept
    their distance until the round cap)."""
    from hoplostat.policies.greedy import GreedyController, _hunted

    g = new()
    s = g.state
    for t in s.troops:
        t.tactics_camp.clear()
        t.tactics_bag.clear()
    move_units(s, None, (BAG, CAMP), "discard")
    place(s, 1, "pompeii/defender-2", plain_hex(s))  # Stationed
    archer = next(u for u in s.units if u.troop == 1 and u.unit.kind == "fa-archer")
    put_in_combat(s, archer.uid, s.grid.tagged("pedestal")[0])
    rome, pompeii = champion(s, 0), champion(s, 1)
    rome.active = True
    assert _hunted(s, 0) is pompeii
    opts = [(rome.uid, h) for h in s.grid.neighbours[rome.hex] if s.board[h] < 0]
    before = s.grid.dist[rome.hex][pompeii.hex]
    uid, h = GreedyController(np.random.default_rng(0)).choose(g, 0, "move", opts, optional=True)
    assert s.grid.dist[h][pompeii.hex] < before


def test_policy_greedy_spends_a_consuming_impel_only_when_the_ally_attacks_better():
    """Policy (no rule): Consuming Impel trades the holder's attack for an ally's second one (R-ROR-6): greedy
    uses it when the holder has nothing to attack and the ally has, and not when the holder's own attack is
    worth as much."""
    from hoplostat.policies.greedy import GreedyController

    g = new()
    s = g.state
    s.active = 1
    h = open_hex(s)
    holder = place(s, 1, "pompeii/tactician-1", h)
    ally = place(s, 1, "pompeii/special-1", free_hex_at(s, h, 2))  # black+blue
    foe = place(s, 0, "rome/attacker-1", free_hex_at(s, ally.hex, 1))
    assert s.grid.dist[foe.hex][holder.hex] > 1
    opt = (holder.uid, "consuming-impel", (ally.uid,))
    greedy = GreedyController(np.random.default_rng(0))
    assert greedy.choose(g, 1, "ability", [opt], optional=True) == opt
    rules.displace(g, foe, next(x for x in s.grid.neighbours[holder.hex] if s.board[x] < 0
                                and s.grid.dist[x][ally.hex] > 1))
    opps = [o.hex for o in s.opponents_of(1)]
    rules.displace(g, ally, next(x for x in range(s.grid.n) if s.board[x] < 0 and s.can_occupy(1, x)
                                 and not s.grid.inner[x] and s.grid.dist[x][holder.hex] == 2
                                 and all(s.grid.dist[x][o] > 1 for o in opps)))
    assert not rules.targets_in_range(s, ally) and rules.targets_in_range(s, holder)
    assert greedy.choose(g, 1, "ability", [opt], optional=True) is None


# --------------------------------------------------------------------------- edges the mutation run found
# (tools/mutate.py rulesets/rise_of_rome/skills rulesets/rise_of_rome/favor; docs/testing.md)


def _copy_in(s, unit_id, troop, h):
    """A second copy of a chip of `troop` put in combat on `h` (two Pervasive Absorbs side by side)."""
    from hoplostat.engine.state import UnitState

    u = UnitState(len(s.units), CAT.unit(unit_id), troop)
    s.units.append(u)
    return s.units[put_in_combat(s, u.uid, h)]


def test_pervasive_absorb_from_two_friends_or_beside_a_foes_is_still_one_less_damage_R_ROR_7():
    """R-ROR-7: two Pervasive Absorbs next to the same friend give 1 less damage, not 2 (nor none); an
    opposing Pervasive Absorb next to the target takes nothing away from a friendly one."""
    g = new()
    s = g.state
    h = open_hex(s)
    _copy_in(s, "pompeii/defender-1", 0, free_hex_at(s, h, 1))  # Rome's Pervasive Absorb, first in combat
    friend = place(s, 1, "pompeii/attacker-1", h)
    pa1 = place(s, 1, "pompeii/defender-1", free_hex_at(s, h, 1))
    foe = place(s, 0, "rome/attacker-1", free_hex_at(s, h, 1))
    assert rules.attack_profile(g, foe, friend)[2] == 1
    _copy_in(s, "pompeii/defender-1", 1, free_hex_at(s, h, 1))
    assert rules.attack_profile(g, foe, friend)[2] == 1
    rules.displace(g, pa1, next(x for x in range(s.grid.n) if s.board[x] < 0 and s.grid.dist[x][h] > 2
                                and not s.grid.inner[x] and not s.grid.pedestal[x]))
    assert rules.attack_profile(g, foe, friend)[2] == 1  # the second one alone


def test_damage_of_alternate_attacks_and_retaliate_is_the_units_and_earns_its_player_favor_ROR_41():
    """ROR-41 with Long Shot, Whirlwind and Retaliate: the HP they take from an opponent are dealt by the unit
    (its damage and kills) and earn its player one favor each; the narration names the skill."""
    g = new()
    s = g.state
    h = open_hex(s)
    ls = place(s, 0, "rome/archer-2", h)  # Long Shot
    foe = place(s, 1, "pompeii/attacker-1", free_hex_at(s, h, 3))
    t0, t1 = s.troops
    hook = dict((sid, fn) for sid, _p, fn in rules.unit_hooks(ls.unit, "special"))
    hook["long-shot"](g, ls, None, (foe.uid,))
    assert foe.hp == foe.unit.health - 1 and ls.damage_dealt == 1 and t0.favor_total == 1
    assert "Rome Archer II (red) makes a Long Shot at Pompeii Attacker I: 1 hit(s)" in s.log
    assert "Pompeii Attacker I (blue) loses 1 HP (Long Shot), 3 left" in s.log
    assert "rome (red) earns 1 crowd favor (1 HP from Pompeii Attacker I)" in s.log
    ww = place(s, 0, "rome/special-1", free_hex_at(s, foe.hex, 1))  # Whirlwind
    hook = dict((sid, fn) for sid, _p, fn in rules.unit_hooks(ww.unit, "special"))
    hook["whirlwind"](g, ww, None, ())
    assert foe.hp == foe.unit.health - 2 and ww.damage_dealt == 1 and t0.favor_total == 2
    assert "Rome City Gladiator I (red) makes a Whirlwind against 1 adjacent opponent(s): 1 hit(s)" in s.log
    assert "Pompeii Attacker I (blue) loses 1 HP (Whirlwind), 2 left" in s.log
    ret = place(s, 1, "pompeii/attacker-2", free_hex_at(s, ww.hex, 1))  # Retaliate
    s.active = 0
    rules.attack(g, ww, ret)
    assert ret.damage_dealt == 1 and ww.hp == ww.unit.health - 1 and t1.favor_total >= 1
    assert "Rome City Gladiator I (red) loses 1 HP (Retaliate), 5 left" in s.log


def test_only_the_attacked_unit_retaliates_ROR_100():
    """ROR-100: a Retaliate unit next to an attacked friend, and next to the attacker, does nothing."""
    g = new()
    s = g.state
    h = open_hex(s)
    target = place(s, 1, "pompeii/attacker-1", h)
    attacker = place(s, 0, "rome/attacker-1", free_hex_at(s, h, 1))
    near = [x for x in s.grid.neighbours[attacker.hex] if s.board[x] < 0 and s.grid.dist[x][h] == 1]
    place(s, 1, "pompeii/attacker-2", near[0])  # Retaliate, beside both
    rules.attack(g, attacker, target)
    assert attacker.hp == attacker.unit.health


def test_impel_and_consuming_impel_reach_friends_only_ROR_92_ROR_94():
    """ROR-92, ROR-94: the extra attack goes to a friendly unit; an adjacent opponent is never offered."""
    g = new()
    s = g.state
    h = open_hex(s)
    imp = place(s, 0, "rome/special-2", h)  # Impel
    friend = place(s, 0, "rome/attacker-1", free_hex_at(s, h, 1))
    foe = place(s, 1, "pompeii/attacker-1", free_hex_at(s, h, 1))
    ci = place(s, 1, "pompeii/tactician-1", free_hex_at(s, foe.hex, 1))  # Consuming Impel
    opts = {o[2][0] for o in rules.ability_options(g, 0) if o[0] == imp.uid}
    assert opts == {friend.uid}
    s.active = 1
    opts = {o[2][0] for o in rules.ability_options(g, 1) if o[0] == ci.uid}
    assert foe.uid in opts and not opts & {imp.uid, friend.uid}
    rules.use_ability(g, 1, (ci.uid, "consuming-impel", (foe.uid,)))
    assert "Pompeii Attacker I gains another Basic or Alternate Attack this turn" in s.log
    s.active = 0
    rules.use_ability(g, 0, (imp.uid, "impel", (friend.uid,)))
    assert "Rome Attacker I gains another Basic Attack this turn" in s.log


def test_alternate_attacks_need_an_adjacent_opponent_and_a_flipped_unit_is_not_stunned_twice_ROR_103_ROR_104():
    """ROR-103, ROR-104: Whirlwind and Stun are offered only with an adjacent opponent (not one two hexes away,
    even for a unit of Range 2); a unit already flipped is not offered again, one under a Hamstring is."""
    from dataclasses import replace

    from hoplostat.engine.steps import engage_options

    g = new()
    s = g.state
    h = open_hex(s)
    st = place(s, 1, "pompeii/special-1", h)
    st.unit = replace(st.unit, range=2)  # a reach of 2 must not widen Stun's adjacency
    s.combat_version += 1
    far = place(s, 0, "rome/special-1", free_hex_at(s, h, 2))  # Whirlwind, two hexes from the Stun unit
    assert all(s.grid.dist[far.hex][o.hex] > 1 for o in s.opponents_of(0))
    assert not [o for o in engage_options(g, st) if o[0] == "special"]
    assert not [o for o in engage_options(g, far) if o[0] == "special"]
    foe = place(s, 0, "rome/defender-1", free_hex_at(s, h, 1))
    ham = next(t for t in s.troops[1].tactics_bag + s.troops[1].tactics_camp if t.id == "pompeii/hamstring")
    foe.tactics.append(rules.PlacedTactic(ham, 1, s.turn))
    assert ("special", st.uid, "stun", (foe.uid,)) in engage_options(g, st)
    for sid, param, fn in rules.unit_hooks(st.unit, "special"):
        if sid == "stun":
            fn(g, st, param, (foe.uid,))  # FixedRoller "all": the blue die hits
    assert "Pompeii City Gladiator I (blue) tries to Stun Rome Defender I: 1 hit(s)" in s.log
    assert ("special", st.uid, "stun", (foe.uid,)) not in engage_options(g, st)
    assert "Rome Defender I (red) is stunned: flipped for one round" in s.log


def test_a_flip_ends_at_its_stunners_attack_phase_only_and_takes_no_tactic_with_it_ROR_103():
    """ROR-103: at the start of a player's attack phase only the flips *its* Stuns made end; a Hamstring on the
    same unit, and a flip the other player made, stay."""
    from hoplostat.rulesets.rise_of_rome.skills import flip, lift_flips

    g = new()
    s = g.state
    a = place(s, 0, "rome/attacker-1", plain_hex(s))
    b = place(s, 1, "pompeii/attacker-1", plain_hex(s))
    ham = next(t for t in s.troops[1].tactics_bag + s.troops[1].tactics_camp if t.id == "pompeii/hamstring")
    a.tactics.append(rules.PlacedTactic(ham, 1, s.turn))
    flip(g, a, 1)
    flip(g, b, 0)
    s.turn += 2
    lift_flips(g, 1)
    assert [pt.tactic.id for pt in a.tactics] == ["pompeii/hamstring"]
    assert [pt.tactic.id for pt in b.tactics] == ["ror-stun-flip"]
    assert "Rome Attacker I (red) is flipped back" in s.log


def test_reposition_goes_to_a_free_hex_the_unit_may_stand_on_ROR_99():
    """ROR-99: one hex, onto a free hex: not the hex of any unit (Rome's champion is uid 0), not an opponent's
    foothold; a Stationed unit cannot."""
    from hoplostat.engine.steps import engage_options

    g = new()
    s = g.state
    ch = champion(s, 0)
    assert ch.uid == 0
    h = next(x for x in s.grid.neighbours[ch.hex] if s.board[x] < 0 and not s.grid.pedestal[x])
    rp = place(s, 1, "pompeii/attacker-3", h)  # Reposition
    got = {o[3][0] for o in engage_options(g, rp) if o[0] == "special" and o[2] == "reposition"}
    assert ch.hex not in got and got
    fh, own = sorted(got)[:2]
    rules.place_foothold(g, 0, fh)
    rules.place_foothold(g, 1, own)
    got2 = {o[3][0] for o in engage_options(g, rp) if o[0] == "special" and o[2] == "reposition"}
    assert got2 == got - {fh} and own in got2


def test_footholds_go_under_own_units_never_under_an_opponent_ROR_50():
    """ROR-50: a foothold may go on a hex its player's own unit stands on, never under an opponent (Rome's
    champion, uid 0, included), never on a pedestal or the titan hex; the player may keep the chip."""
    g = new()
    s = g.state
    rome, pompeii = champion(s, 0), champion(s, 1)
    hexes = favor.foothold_hexes(s, 1)
    assert pompeii.hex in hexes and rome.hex not in hexes
    assert not set(hexes) & set(s.grid.tagged("pedestal")) and not set(hexes) & set(s.grid.tagged("center"))
    s.troops[1].fa_earned = [favor.fa_chips(s, 1)[0]]
    s.active = 1
    favor.play_foothold(g, 1)  # Scripted passes an optional decision
    assert not s.footholds and len(s.troops[1].fa_earned) == 1
    asked = [o for d, o in g.controllers[1].asked if d == "place-foothold"]
    assert asked == [hexes]


def test_the_meter_gives_five_rewards_and_nothing_after_them_ROR_42_ROR_43():
    """ROR-42, ROR-43: each reward once, the center last; favor after the fifth adds to the total only; no
    favor, no narration."""
    g = new()
    s = g.state
    t = s.troops[0]
    lines = len(s.log)
    favor.gain(g, 0, 0, "nothing")
    assert len(s.log) == lines and t.favor_total == 0
    favor.gain(g, 0, 25, "test")
    assert all(t.cf_done) and t.rewards == 5
    assert "rome (red) earns the crowd favor reward: activate the champion" in s.log
    assert "Champion of Rome is activated" in s.log
    favor.gain(g, 0, 12, "more")
    assert t.rewards == 5 and t.favor_total == 37 and t.cf_target == -1 and t.favor == 0
    assert "rome (red) earns 12 crowd favor (more)" in s.log
    assert any(x.startswith("pompeii (blue) earns an F/A chip (") for x in s.log)


def test_the_mid_right_move_may_be_declined_and_a_third_chip_is_discarded_aloud_ROR_40_ROR_48():
    """ROR-48: the foothold move is the player's option (passing leaves the foothold); ROR-40: with both
    earned circles full, the chip the player drops is named in the narration."""
    g = new([Scripted({"cf-reward": lambda o: favor.MID_RIGHT if favor.MID_RIGHT in o else o[0]}), Scripted()])
    s = g.state
    h = plain_hex(s)
    rules.place_foothold(g, 1, h)
    favor.gain(g, 0, 5, "test")
    assert s.footholds == {h: 1}
    assert [d for d, _ in g.controllers[0].asked].count("move-foothold") == 1
    for uid in favor.fa_chips(s, 0)[:2]:
        favor.earn_chip(g, 0, uid)
    assert any(x.startswith("rome (red) discards an F/A chip (") for x in s.log)


def test_the_flip_chip_or_a_forced_first_player_and_the_set_up_narration_ROR_21():
    """ROR-21: the flip chip (the seed) draws who starts; `first` forces it; the first player takes red."""
    firsts = set()
    for seed in range(8):
        spec = RiseOfRome.validate(CAT, GameSpec("rise-of-rome", ("rome", "pompeii")))
        g = RiseOfRome.new_game(CAT, spec, [Scripted(), Scripted()], rng=np.random.default_rng(seed), log=True)
        firsts.add(g.state.order[0])
    assert firsts == {0, 1}
    g = new(first=1)
    s = g.state
    assert s.order == [1, 0] and s.troops[1].side == "red" and s.troops[0].side == "blue"
    assert s.log[0] == "Set-up: player 1 pompeii on red, player 2 rome on blue; pompeii goes first"


def test_set_up_refuses_another_rule_sets_catalog_and_a_third_city():
    from hoplostat.errors import InputError
    from hoplostat.rulesets.rise_of_rome.mode import setup

    with pytest.raises(InputError, match=r"^rise-of-rome needs the Rise of Rome catalog, got the remastered one$"):
        setup(load(), ("rome", "pompeii"), rng=np.random.default_rng(0))
    with pytest.raises(InputError, match=r"^rise-of-rome needs 2 cities, got 3$"):
        setup(CAT, ("rome", "pompeii", "rome"), rng=np.random.default_rng(0))


def test_the_turn_is_four_phases_in_the_books_order_and_opens_with_its_header_ROR_25():
    """ROR-25: Deploy -> Move -> Attack -> Draw (after the start-of-turn effects), the turn of the troop named."""
    g = new()
    t = g.state.mode.turn_of(g, 1)
    # Phase 3 is two steps, its Abilities then its attacks (R-ROR-5), so that a clone resumes at the attacks
    assert [name for name, _ in t.steps] == ["start", "deploy", "move", "abilities", "attack", "draw"]
    assert t.troop == 1 and t.header == "-- Round 2, pompeii (blue) turn"


def test_the_draw_takes_the_last_chips_of_the_bag_units_and_tactics_alike_ROR_39():
    """ROR-39: the hand is refilled to four while the bag has chips, the last one too."""
    g = new()
    s = g.state
    t = s.troops[0]
    move_units(s, 0, (BAG, CAMP), "discard")
    t.tactics_bag, t.tactics_camp = list(t.tactics_bag + t.tactics_camp)[:3], []
    chip(s, 0, "rome/attacker-1").zone = BAG
    assert phase.bag_count(s, 0) == 4 and phase.hand_count(s, 0) == 0
    phase.draw(g, 0)
    assert phase.hand_count(s, 0) == 4 and phase.bag_count(s, 0) == 0
    t.tactics_bag.append(t.tactics_camp.pop())  # one tactic back in the bag: the next draw takes it
    phase.draw(g, 0)
    assert phase.hand_count(s, 0) == 4 and phase.bag_count(s, 0) == 0


def test_three_unplayable_tactics_are_not_a_dead_hand_and_a_playable_one_keeps_the_hand_ROR_24():
    """ROR-24 speaks of four unplayable tactics: three (the bag empty) stay; four with one that can be played
    stay too, checked through the deploy phase's own test of what can be played."""
    g = new()
    s = g.state
    t = s.troops[0]
    move_units(s, 0, (BAG, CAMP), "discard")
    tactics = list(t.tactics_bag + t.tactics_camp)
    t.tactics_bag, t.tactics_camp = [], tactics[:3]
    phase.redraw_dead_hand(g, 0, lambda tac: False)
    assert t.redrawn_turn != s.turn and t.tactics_camp == tactics[:3]
    t.tactics_camp = tactics[:4]
    place(s, 0, "rome/tactician-1", plain_hex(s))  # its Tactical Range reaches itself: every tactic playable
    s.mode.deploy(g, 0)  # Scripted passes: nothing is played
    assert t.redrawn_turn != s.turn and t.tactics_camp == tactics[:4]


def test_a_stun_tactic_is_never_offered_on_a_champion_in_the_deploy_phase_ROR_103():
    """ROR-103 through the mode's deploy phase: with only a Stun tactic in hand and the opposing champion
    within Tactical Range, the champion is not among the tactic's targets (other units are)."""
    g = new()
    s = g.state
    t = s.troops[0]
    move_units(s, 0, (CAMP,), BAG)  # the champion is in combat, not in the hand
    stun = next(x for x in t.tactics_bag + t.tactics_camp if x.id == "rome/stun")
    t.tactics_camp = [stun]
    ch = champion(s, 1)
    tac = place(s, 0, "rome/tactician-1", free_hex_at(s, ch.hex, 1))
    foe = place(s, 1, "pompeii/attacker-1", free_hex_at(s, tac.hex, 1))
    s.mode.deploy(g, 0)
    offered = [o for d, o in g.controllers[0].asked if d == "tactic"]
    assert offered and {uid for _i, uid in offered[0]} >= {foe.uid} and ch.uid not in {uid for _i, uid in offered[0]}


def test_the_attack_phase_offers_the_players_own_abilities_from_the_deployment_turn_ROR_14():
    """ROR-14: an Ability works from the turn its unit deploys; the phase offers the player's own Abilities
    only (an opposing Impel beside its own friend is not offered)."""
    g = new()
    s = g.state
    h = open_hex(s)
    imp = place(s, 0, "rome/special-2", h)
    imp.deployed_turn = s.turn  # deployed this turn
    place(s, 0, "rome/attacker-1", free_hex_at(s, h, 1))
    other = place(s, 1, "pompeii/tactician-1", plain_hex(s, 3))
    place(s, 1, "pompeii/attacker-1", free_hex_at(s, other.hex, 1))
    phase.ability_step(g, 0)
    asked = [o for d, o in g.controllers[0].asked if d == "ability"]
    assert asked and {o[0] for o in asked[0]} == {imp.uid}


def test_far_right_opens_the_far_pair_for_either_side_ROR_49():
    """ROR-49 for the blue player too: the far-right reward opens the red side's outer hexes to blue."""
    g = new()
    s = g.state
    blue = s.troops[1]
    assert blue.side == "blue"
    before = set(s.mode.deployment_hexes(s, 1))
    assert not before & set(s.grid.tagged("outer-red"))
    blue.far_open = True
    assert set(s.mode.deployment_hexes(s, 1)) == before | set(s.grid.tagged("outer-red"))


def test_a_gladiator_deploys_when_the_pool_holds_exactly_its_health_R_ROR_10():
    g = new()
    s = g.state
    u = chip(s, 0, "rome/defender-1")
    u.zone = CAMP
    s.supply[s.supply_of(0)] = u.unit.health
    assert any(o[0] == u.uid for o in s.mode.gladiator_options(s, 0))
    s.troops[0].fa_earned = [favor.fa_chips(s, 0)[0]]
    archer = s.units[s.troops[0].fa_earned[0]]
    s.supply[s.supply_of(0)] = archer.unit.health
    assert any(o[0] == archer.uid for o in s.mode.gladiator_options(s, 0))


def test_the_ends_of_a_game_are_narrated_and_its_result_names_the_rule_set_and_arena_ROR_16():
    """ROR-16: a fallen champion ends the game with its opponent the winner; a capped game is a draw."""
    rng = np.random.default_rng(3)
    spec = RiseOfRome.validate(CAT, GameSpec("rise-of-rome", ("rome", "pompeii")))
    res = play(CAT, spec, [make("greedy", rng=rng), make("greedy", rng=rng)], rng=rng, log=True)
    assert res.ruleset == "rise-of-rome" and res.arena == "colosseum" and res.end_reason == "champion defeated"
    assert res.log[-1] == f"Game over: champion defeated; {res.winner_faction} wins"
    rng = np.random.default_rng(3)
    spec = RiseOfRome.validate(CAT, GameSpec("rise-of-rome", ("rome", "pompeii"), max_rounds=1))
    res = play(CAT, spec, [make("greedy", rng=rng), make("greedy", rng=rng)], rng=rng, log=True)
    assert res.log[-1] == "Game over: round cap (1) reached; draw" and res.winner is None


def test_the_turn_start_ends_the_players_single_turn_tactics_and_the_titan_hex_hurts_ROR_8_ROR_30():
    """ROR-30: a single-turn tactic (Stun) the player played ends at the start of its next turn, not one the
    opponent played; ROR-8: its own unit on the titan hex takes 1 damage then, narrated as the titan hex's."""
    g = new()
    s = g.state
    a = place(s, 1, "pompeii/attacker-1", plain_hex(s))
    b = place(s, 1, "pompeii/attacker-2", plain_hex(s))
    stun_r = next(x for x in s.troops[0].tactics_bag + s.troops[0].tactics_camp if x.id == "rome/stun")
    stun_p = next(x for x in s.troops[1].tactics_bag + s.troops[1].tactics_camp if x.id == "pompeii/stun")
    a.tactics.append(rules.PlacedTactic(stun_r, 0, s.turn - 2))
    b.tactics.append(rules.PlacedTactic(stun_p, 1, s.turn - 1))
    c = place(s, 0, "rome/defender-1", s.grid.tagged("center")[0])
    s.mode.start(g, 0)
    assert not a.tactics and [pt.tactic.id for pt in b.tactics] == ["pompeii/stun"]
    assert c.hp == c.unit.health - 1 and "Rome Defender I (red) loses 1 HP (titan hex), 5 left" in s.log
    assert s.troops[1].favor_total == 0  # no one's damage


def test_a_hand_of_stun_tactics_whose_only_target_is_a_champion_is_dead_and_redrawn_ROR_24_ROR_103():
    """ROR-24 with ROR-103: four Stun tactics that could only go on the opposing champion cannot be played:
    the deploy phase shows and redraws them (an opposing unit's own reach gives the player no target)."""
    g = new()
    s = g.state
    t = s.troops[0]
    move_units(s, 0, (CAMP,), BAG)
    stun = next(x for x in t.tactics_bag + t.tactics_camp if x.id == "rome/stun")
    t.tactics_bag = [x for x in t.tactics_bag + t.tactics_camp if x is not stun]
    t.tactics_camp = [stun] * 4
    ch = champion(s, 1)
    rome = champion(s, 0)
    rome.active = True  # its Tactical Range (2) works; it reaches only Pompeii's champion
    rules.displace(g, rome, free_hex_at(s, ch.hex, 1))
    place(s, 1, "pompeii/tactician-1", plain_hex(s, 5))  # Pompeii's reach, far away
    assert all(s.grid.dist[rome.hex][u.hex] > 2 for u in s.opponents_of(0) if u is not ch)
    s.mode.deploy(g, 0)
    assert t.redrawn_turn == s.turn


def test_gain_favor_is_the_meter_for_skills_and_tactics_that_grant_favor():
    g = new()
    s = g.state
    s.mode.gain_favor(g, 0, 5, "a test")
    assert s.troops[0].rewards == 1 and "rome (red) earns 5 crowd favor (a test)" in s.log


def test_a_deployment_hex_a_unit_stands_on_is_never_offered_ROR_27():
    """ROR-27: onto an available deployment hex; one the player's own champion stands on (uid 0) is not."""
    g = new()
    s = g.state
    rome = champion(s, 0)
    assert rome.uid == 0
    inner = s.grid.inner_hexes[0]
    rules.displace(g, rome, inner)
    u = chip(s, 0, "rome/attacker-1")
    u.zone = CAMP
    hexes = {h for uid, h in s.mode.gladiator_options(s, 0) if uid == u.uid}
    assert hexes and inner not in hexes


def test_each_player_plays_its_own_turn_and_the_rows_follow_the_versus_schema():
    """One round: both players deploy on their own turns; a game's sweep rows have the declared columns."""
    from hoplostat.engine.mode import ROW_HEAD

    rng = np.random.default_rng(5)
    spec = RiseOfRome.validate(CAT, GameSpec("rise-of-rome", ("rome", "pompeii"), max_rounds=1))
    res = play(CAT, spec, [make("greedy", rng=rng), make("greedy", rng=rng)], rng=rng)
    assert all(t.units_deployed == 1 for t in res.troops)
    head = {k: None for k in ROW_HEAD}
    rows = RiseOfRome.rows(res, head, lambda uid: "unit")
    assert set(rows["games"][0]) == set(RiseOfRome.schema("games"))
    assert rows["games"][0]["winner"] is None and rows["units"]
