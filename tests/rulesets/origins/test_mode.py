"""Origins (player against player): invariants over seeded games per arena and over whole matches, determinism,
the commands (play with --log and --json, a sweep's tables), and greedy's Origins play.

The rules themselves are pinned one id at a time in tests/rulesets/origins/test_rules.py.

Origins (mode `origins`, hoplostat/rulesets/origins/mode.py): what the rule scenarios of
tests/rulesets/origins/test_rules.py left unpinned, found by mutation testing (`tools/mutate.py
rulesets/origins/mode`): the challenge's round cap and its end, the match's result and narration, the reset of
each challenge, the draft's checks, the carried chips following their holders, Trident's Call's hexes, the
heuristic objective's ordering.

Positions come from the mode's real set-up (`new` of the rule tests: the red house drafts first, the blue
house plays first; round 3, the red house's turn 5); hex numbers as drawn in that file's docstring."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from clihelp import run_cli, run_json
from engine.enginekit import Scripted

from hoplostat.catalog import load
from hoplostat.catalog.frozen import FrozenMap
from hoplostat.engine import rules
from hoplostat.engine.loop import DRAW, LOST, WON, GameSpec, play
from hoplostat.engine.rules import FixedRoller
from hoplostat.engine.state import BAG, CAMP, COMBAT, DISCARD, TRACK
from hoplostat.errors import InputError
from hoplostat.policies import make
from hoplostat.rulesets.origins import mode as om
from hoplostat.rulesets.origins.base import BRING, LINEUP, XANADU_POINTS, is_gladiator
from hoplostat.rulesets.origins.mode import Origins
from hoplostat.rulesets.rise_of_rome.skills import flip
from rulesets.origins.test_rules import (
    A8,
    B8,
    BLUE,
    RED,
    _deliver,
    _draft_from,
    _spear,
    _want,
    chip,
    lineups,
    mode,
    new,
    put,
)

CAT = load(ruleset="origins")
HOUSES = ("red-house", "blue-house")
ARENAS = ("xanadu", "el-dorado", "atlantis")


def check(g, turn) -> None:
    """The state's Origins invariants after a turn."""
    s = g.state
    held = {"red": 0, "blue": 0}
    for u in s.units:
        if u.zone == COMBAT:
            assert 0 < u.hp <= u.unit.health + u.hp_gained, (u.name, turn.header)
            assert s.board[u.hex] == u.uid and not s.grid.move_block[u.hex]
            held[s.supply_of(u.troop)] += u.hp
            if u.unit.kind == "sea-monster":
                assert s.arena_id == "atlantis"
    for key, start in s.supply_start.items():
        assert s.supply[key] + held[key] == start, (key, turn.header)  # health chips conserved (ORI-4, ORI-11)
    for t in s.troops:
        assert len(t.lineup) == LINEUP and len(t.brought) <= BRING  # ORI-23, ORI-24
        assert set(t.brought) <= set(t.lineup) - set(t.cut)  # ORI-26
        # every chip is set aside between challenges, so in combat or defeated means deployed in this one
        specials = [u for u in s.units if u.troop == t.index and u.unit.kind == "special-gladiator"
                    and u.zone in (COMBAT, DISCARD)]
        assert len(specials) <= 1  # ORI-25
        if s.arena_id == "xanadu":
            assert t.points < XANADU_POINTS or s.end_reason is not None or t.wins  # ORI-33
        if s.arena_id == "el-dorado":
            if t.tribute_holder >= 0:
                h = s.units[t.tribute_holder]
                assert h.troop == t.index and is_gladiator(h) and h.zone == COMBAT and h.hex == t.tribute_hex
            assert t.tribute_hex >= 0  # ORI-43: always in play
        if s.arena_id == "atlantis" and t.leader >= 0:
            assert s.units[t.leader].troop == t.index and is_gladiator(s.units[t.leader])
    if s.arena_id == "atlantis":
        assert s.spear_hex >= 0  # ORI-50: always in play
        if s.spear_holder >= 0:
            h = s.units[s.spear_holder]
            assert is_gladiator(h) and h.zone == COMBAT and h.hex == s.spear_hex


def _games(n, arena, policy="greedy", seed0=0, max_rounds=None):
    out = []
    for seed in range(seed0, seed0 + n):
        rng = np.random.default_rng(seed)
        spec = GameSpec("origins", HOUSES, arena, first=seed % 2, max_rounds=max_rounds)
        spec = Origins.validate(CAT, spec)
        res = play(CAT, spec, [make(policy, rng=rng) for _ in range(2)], rng=rng, after_turn=check)
        out.append(res)
    return out


def _ended_properly(res) -> bool:
    r = res.end_reason
    return (res.capped or "round cap" in r or "arena points" in r or "delivered" in r or "Leader" in r
            or "every gladiator" in r or r.startswith("challenges "))


@pytest.mark.parametrize("arena", ARENAS)
def test_seeded_challenges_keep_the_invariants_and_end(arena):
    for policy in ("greedy", "random"):
        for res in _games(15, arena, policy):
            assert _ended_properly(res), res.end_reason
            assert res.extras["arenas"] == [arena]


def test_seeded_matches_keep_the_invariants_and_play_every_arena():
    for res in _games(6, "match", max_rounds=60):
        assert sorted(res.extras["arenas"]) == sorted(ARENAS)
        assert len(res.extras["challenge_winners"]) == 3


@pytest.mark.slow
@pytest.mark.parametrize("arena", [*ARENAS, "match"])
def test_a_thousand_seeded_games_per_arena_keep_the_invariants_and_end(arena):
    """Invariants over 1,000 greedy games per arena (and 300 matches) and 100 random ones: health chips
    conserved per colour, no unit on a blocked hex, lineups of eight and sixes of their chips, one Special
    Gladiator deployed a challenge, carried chips with a gladiator of their house or on the arena; every game
    ends by an objective, an elimination or the round cap."""
    n = 300 if arena == "match" else 1000
    for policy, k in (("greedy", n), ("random", 100)):
        for res in _games(k, arena, policy, seed0=100):
            assert _ended_properly(res), res.end_reason


def test_same_seed_same_game_and_both_houses_win_some():
    a = _games(8, "xanadu")
    b = _games(8, "xanadu")
    key = [(r.winner, r.rounds, r.end_reason, tuple(r.extras["lineups"]["a"])) for r in a]
    assert key == [(r.winner, r.rounds, r.end_reason, tuple(r.extras["lineups"]["a"])) for r in b]
    assert any(r.winner == 0 for r in a) and any(r.winner == 1 for r in a)


def test_greedy_drafts_many_lineups_and_greedy_plays_for_the_objectives():
    res = _games(20, "el-dorado") + _games(20, "xanadu")
    lineups = {tuple(sorted(r.extras["lineups"]["a"])) for r in res}
    assert len(lineups) > 5  # the draft picks among the near-best chips at random
    reasons = " ".join(r.end_reason for r in res)
    assert "delivered" in reasons and "arena points" in reasons


def test_play_origins_from_a_seed_alone_with_log_and_json(capsys):
    d = run_json(capsys, "play", "origins", "--seed", "1")
    assert d["mode"] == "origins" and d["arena"] == "match" and sorted(d["arenas"]) == sorted(ARENAS)
    assert len(d["lineups"]["a"]) == 8 and d["factions"] == list(HOUSES)
    assert {t["faction"] for t in d["troops"]} == set(HOUSES) and "reputation" in d["troops"][0]
    code, out, _ = run_cli(capsys, "play", "origins", "--seed", "1", "--log", "--arena", "atlantis")
    assert code == 0 and "drafts" in out and "is the Leader of" in out and "== Challenge 1" in out


def test_a_sweep_writes_games_units_and_draft_rows(tmp_path, capsys):
    out = tmp_path / "ori"
    code, _, err = run_cli(capsys, "sweep", "origins", "--games", "4", "--jobs", "1", "--seed", "2",
                           "--arena", "xanadu", "--out", str(out))
    assert code == 0, err
    from hoplostat import sweep as sw

    _, tables = sw.load_tables(out)
    assert set(tables) >= {"games", "units", "draft"}
    assert tables["draft"].height == 2 * 8 * tables["games"].height
    d = run_json(capsys, "summarize", str(out))
    assert {r["colour"] for r in d["draft_colours"]} <= {"green", "blue", "yellow", "orange", "purple"}
    assert d["first_player"] and d["draft_chips"]


def test_the_lookahead_player_plays_a_match():
    rng = np.random.default_rng(4)
    spec = Origins.validate(CAT, GameSpec("origins", HOUSES, "match", max_rounds=45))
    res = play(CAT, spec, [make("lookahead:4", rng=rng), make("greedy", rng=rng)], rng=rng, after_turn=check)
    assert len(res.extras["challenge_winners"]) == 3


# --- pinned by mutation testing (formerly tests/engine/test_origins_mode_pinned.py) -----------------------------------
MONSTERS = sorted(u.id for u in CAT.units.values() if u.kind == "sea-monster")


def log(g) -> str:
    return "\n".join(g.state.log)


def spec_of(arena="xanadu", **kw):
    return Origins.validate(CAT, GameSpec("origins", ("red-house", "blue-house"), arena, first=RED, **kw))


def end_challenge(g, winner, reason="test"):
    """The current challenge won by `winner` (None: drawn) and the next one started (or the game finished)."""
    mode(g).end(g, reason, winner)
    mode(g).interrupt(g)


# --------------------------------------------------------------------------- the round cap (R-ORI-4)


def test_each_challenge_gets_its_share_of_the_games_round_cap_at_least_one_R_ORI_4():
    assert om.challenge_rounds(90, 3) == 30 and om.challenge_rounds(60, 3) == 20 and om.challenge_rounds(31, 1) == 31
    assert om.challenge_rounds(2, 3) == 1  # never a cap of 0 rounds
    rng = np.random.default_rng(0)
    g = Origins.new_game(CAT, spec_of("match", max_rounds=45), [Scripted(), Scripted()], rng=rng,
                         roller=FixedRoller(mode="all"))
    assert mode(g).cap == 15
    g = Origins.new_game(CAT, spec_of("atlantis", max_rounds=12), [Scripted(), Scripted()], rng=rng,
                         roller=FixedRoller(mode="all"))
    assert mode(g).cap == 12  # one challenge: the whole cap
    g = Origins.new_game(CAT, spec_of("atlantis"), [Scripted(), Scripted()], rng=rng, roller=FixedRoller(mode="all"))
    assert mode(g).cap == 30  # the default: 30 rounds a challenge


def test_a_challenge_is_drawn_at_its_cap_after_the_rounds_last_turn_only_R_ORI_4():
    g = new("xanadu")
    s = g.state
    cap = mode(g).cap
    s.challenge_round0 = 2
    s.round = 2 + cap - 1
    mode(g).finish(g, s.order[-1])
    assert s.end_reason is None  # one round short
    s.round = 2 + cap
    mode(g).finish(g, s.order[0])
    assert s.end_reason is None  # the round's first turn: the second house still plays
    mode(g).finish(g, s.order[-1])
    assert s.end_reason == f"round cap ({cap}) of the challenge reached" and s.winner is None
    assert f"Challenge over: round cap ({cap}) of the challenge reached; drawn" in log(g)


# --------------------------------------------------------------------------- turns and their order


def test_the_rounds_turns_follow_the_challenges_order_and_are_headed_by_round_and_house_ORI_9_ORI_29():
    g = new("xanadu")
    s = g.state
    assert s.order == [BLUE, RED]
    turns = list(mode(g).round_turns(g))
    assert [t.troop for t in turns] == [BLUE, RED]
    assert turns[1].header == "-- Round 3, red-house (red) turn"
    assert turns[0].header == "-- Round 3, blue-house (blue) turn"


def test_the_deploy_phase_deploys_a_gladiator_then_plays_a_tactic_ORI_9():
    picks = {"deploy": lambda o: next(x for x in o if x[1] == 13),
             "tactic": lambda o: o[0]}
    g = new("xanadu", picks0=picks)
    s = g.state
    mode(g).deploy(g, RED)
    placed = [u for u in s.units if u.troop == RED and u.zone == COMBAT]
    assert len(placed) == 1 and placed[0].hex == 13
    assert len(s.troops[RED].tactics_camp) == 1  # one tactic played, on the new gladiator (no other target)
    assert len(placed[0].tactics) == 1
    # a resumed deploy step after the gladiator came in this turn asks nothing more
    asked = len(g.controllers[RED].asked)
    mode(g).deploy_gladiator(g, RED)
    assert len(g.controllers[RED].asked) == asked


def test_a_house_may_pass_its_deployment_and_its_tactic_ORI_9():
    g = new("xanadu")  # Scripted passes optional decisions
    s = g.state
    u = put(g, "korykos", 25)  # a unit a tactic could go on
    mode(g).deploy(g, RED)
    assert [v.uid for v in s.units if v.zone == COMBAT] == [u.uid] and not u.tactics
    assert len(s.troops[RED].tactics_camp) == 2
    asked = [d for d, _ in g.controllers[RED].asked]
    assert asked[-2:] == ["deploy", "tactic"]


def test_no_tactic_after_a_deployment_that_ended_the_challenge_ORI_9(monkeypatch):
    g = new("xanadu", picks0={"deploy": lambda o: o[0], "tactic": lambda o: o[0]})
    s = g.state
    m = mode(g)
    real = m.place

    def place_and_end(g_, uid, h):
        real(g_, uid, h)
        m.end(g_, "ended", RED)

    monkeypatch.setattr(m, "place", place_and_end, raising=False)
    m.deploy(g, RED)
    assert s.end_reason == "ended" and len(s.troops[RED].tactics_camp) == 2


def test_the_deployment_options_need_the_health_chips_left_in_the_supply_ORI_11():
    g = new("xanadu")
    s = g.state
    s.supply["red"] = 2
    ids = {s.units[uid].unit.id for uid, _ in mode(g).gladiator_options(s, RED)}
    assert CAT.unit("korykos").health == 2 and ids == {"korykos"}  # the only brought gladiator of Health 2
    s.supply["red"] = 1
    assert mode(g).gladiator_options(s, RED) == []
    s.supply["red"] = 60
    put(g, "korykos", 6)
    hexes = {h for _, h in mode(g).gladiator_options(s, RED)}
    assert hexes == {13, 30, 38}  # a taken deployment hex is not available


def test_a_plain_gladiator_leaves_the_special_gladiator_limit_untouched_ORI_25():
    g = new("xanadu", a_first=("green-special", "korykos"))
    s = g.state
    mode(g).place(g, chip(g, "korykos").uid, 6)
    assert not s.troops[RED].special_deployed
    assert chip(g, "green-special").uid in {uid for uid, _ in mode(g).gladiator_options(s, RED)}


def test_the_atlantis_leader_is_announced_with_its_doubled_health_ORI_47():
    g = new("atlantis")
    mode(g).place(g, chip(g, "korykos").uid, 13)
    assert f"{chip(g, 'korykos').name} is the Leader of red-house, with 4 health" in log(g)
    g = new("xanadu")
    mode(g).place(g, chip(g, "korykos").uid, 13)
    assert g.state.troops[RED].leader == -1 and chip(g, "korykos").hp == 2  # no Leader outside Atlantis


# --------------------------------------------------------------------------- tactics (ORI-8, ORI-14)


def test_no_tactic_options_with_an_empty_hand_and_every_own_unit_and_reached_foe_otherwise_ORI_8_ORI_13():
    g = new("xanadu")
    s = g.state
    a = put(g, "purple-archer", 13)  # Tactical Range 1
    b = put(g, "korykos", 40)
    foe = put(g, "green-attacker", 14)
    far = put(g, "blue-defender", 44)
    opts = om.tactic_options(s, RED)
    for i in range(2):
        assert {uid for k, uid in opts if k == i} == {a.uid, b.uid, foe.uid}
    assert all(uid != far.uid for _, uid in opts)
    s.troops[RED].tactics_camp = []
    assert om.tactic_options(s, RED) == []


def test_a_unit_without_tactical_range_reaches_no_opponent_ORI_14():
    g = new("atlantis")
    s = g.state
    u = _spear(g, at=25)
    mode(g).use_attack_ability(g, RED, (u.uid, "trident-call", (26,)))
    m = s.occupant(26)
    assert m.unit.tactical_range == 0
    s.board[u.hex] = -1
    s.leave_combat(u)
    u.zone = DISCARD
    m.deployed_turn = -10
    foe = put(g, "green-attacker", 27)  # next to the Sea Monster
    assert all(uid != foe.uid for _, uid in om.tactic_options(s, RED))
    assert {uid for _, uid in om.tactic_options(s, RED)} == {m.uid}


def test_the_chosen_tactic_is_placed_under_the_chosen_unit_ORI_13():
    g = new("xanadu", picks0={"tactic": lambda o: next(x for x in o if x[0] == 1 and x[1] != o[0][1])})
    s = g.state
    mine = put(g, "korykos", 13)
    other = put(g, "green-defender", 6)
    mode(g).deploy_tactic(g, RED)
    ham = CAT.tactic(A8[7])
    assert [pt.tactic.id for pt in other.tactics] == [ham.id] and not mine.tactics
    assert [t.id for t in s.troops[RED].tactics_camp] == [A8[6]]


# --------------------------------------------------------------------------- Xanadu (ORI-33, ORI-36)


def test_xanadu_points_are_narrated_and_only_xanadu_scores_them_ORI_36():
    g = new("xanadu")
    s = g.state
    put(g, "korykos", 25)
    put(g, "green-defender", 24)
    s.troops[RED].points = 1
    mode(g).start(g, RED)
    assert "red-house (red) scores 2 arena point(s), 3 in all" in log(g)
    n = len(s.log)
    mode(g).start(g, BLUE)  # no blue unit on an arena hex: nothing said
    assert len(s.log) == n and s.troops[BLUE].points == 0
    s.troops[RED].points = 4
    mode(g).start(g, RED)
    assert s.end_reason == "red-house reached 6 arena points" and s.winner == RED
    g = new("atlantis")  # Atlantis' arena hex scores nothing
    put(g, "korykos", 25)
    mode(g).start(g, RED)
    assert g.state.troops[RED].points == 0


# --------------------------------------------------------------------------- El Dorado (ORI-38..ORI-44)


def test_the_blue_house_delivers_its_tribute_to_the_red_arena_hex_ORI_44():
    g = new("el-dorado")
    s = g.state
    u = _deliver(g, BLUE, 22, unit_id="green-attacker")
    rules.move(g, u, 29)  # its own arena hex
    assert s.end_reason is None and s.troops[BLUE].tribute_hex == 29
    rules.move(g, u, 21)  # the red one
    assert s.winner == BLUE and s.end_reason == "blue-house delivered its Tribute"


def test_the_tribute_follows_its_holder_and_a_pick_up_is_narrated_ORI_40_ORI_43():
    g = new("el-dorado", picks0={"tribute": lambda o: o[0]})
    s = g.state
    t = s.troops[RED]
    u = put(g, "yellow-attacker", 22)  # on its own Tribute
    mode(g).pick_ups(g, RED)
    assert t.tribute_holder == u.uid
    assert f"{u.name} (red) picks up the red Tribute (Elevated while it holds it)" in log(g)
    rules.move(g, u, 24)
    assert t.tribute_hex == 24
    assert s.troops[BLUE].tribute_hex == 28  # the other Tribute stays
    rules.damage(g, u, u.hp, source=None, source_troop=BLUE)
    assert "the red Tribute drops on hex 24" in log(g) and t.tribute_holder == -1 and t.tribute_hex == 24


def test_a_house_may_leave_its_tribute_where_it_is_ORI_40():
    g = new("el-dorado")  # Scripted passes the optional pick-up
    s = g.state
    put(g, "yellow-attacker", 22)
    mode(g).pick_ups(g, RED)
    assert s.troops[RED].tribute_holder == -1
    assert ("tribute", [chip(g, "yellow-attacker").uid]) in g.controllers[RED].asked


def test_a_holder_keeps_its_tribute_and_is_not_asked_again_ORI_40():
    g = new("el-dorado", picks0={"tribute": lambda o: o[0]})
    s = g.state
    holder = _deliver(g, RED, 14)
    put(g, "korykos", 22)
    mode(g).pick_ups(g, RED)
    assert s.troops[RED].tribute_holder == holder.uid
    assert not any(d == "tribute" for d, _ in g.controllers[RED].asked)


def test_dropping_the_tribute_is_narrated_and_only_on_hexes_next_to_the_holder_ORI_42():
    g = new("el-dorado")
    s = g.state
    u = _deliver(g, RED, 14)
    drops = {o[3][0] for o in mode(g).engage_options(g, RED) if o[2:3] == ("drop-tribute",)}
    assert drops == set(s.grid.neighbours[14])
    mode(g).engage(g, RED, ("special", u.uid, "drop-tribute", (15,)))
    assert f"{u.name} (red) drops the red Tribute on hex 15 instead of attacking" in log(g)


# --------------------------------------------------------------------------- Atlantis (ORI-46..ORI-50, ORI-87, ORI-88)


def test_the_spear_follows_its_holder_and_its_pick_up_and_drop_are_narrated_ORI_49_ORI_50():
    g = new("atlantis", picks0={"spear": lambda o: o[0]})
    s = g.state
    u = put(g, "yellow-attacker", 25)
    mode(g).pick_ups(g, RED)
    assert s.spear_holder == u.uid
    assert f"{u.name} (red) takes the Spear: Elevated, Trident's Call and Trident Spear" in log(g)
    rules.move(g, u, 33)
    assert s.spear_hex == 33 and s.move_src == 25
    rules.damage(g, u, u.hp, source=None, source_troop=BLUE)
    assert "the Spear drops on hex 33" in log(g) and s.spear_holder == -1


def test_a_house_may_leave_the_spear_and_the_other_house_cannot_take_it_from_its_turn_ORI_49():
    g = new("atlantis", picks1={"spear": lambda o: o[0]})
    s = g.state
    put(g, "yellow-attacker", 25)  # red's unit on the Spear
    mode(g).pick_ups(g, RED)  # red passes (Scripted)
    assert s.spear_holder == -1
    mode(g).pick_ups(g, BLUE)  # blue's movement phase: no blue gladiator there
    assert s.spear_holder == -1


def test_tridents_call_reaches_free_hexes_up_to_three_away_once_a_turn_for_its_holders_house_ORI_87():
    g = new("atlantis")
    s = g.state
    u = _spear(g, at=25)
    foe = put(g, "green-attacker", 26)
    calls = {o[2][0] for o in mode(g).attack_abilities(g, RED) if o[1] == "trident-call"}
    assert calls == {h for h in s.grid.within(25, 3) if s.board[h] < 0}
    assert foe.hex not in calls and 25 not in calls
    assert not any(o[1] == "trident-call" for o in mode(g).attack_abilities(g, BLUE))  # not the other house's
    flip(g, u, BLUE)  # stunned: its Abilities do not work
    assert not any(o[1] == "trident-call" for o in mode(g).attack_abilities(g, RED))
    g = new("atlantis")
    s = g.state
    _spear(g, at=25)
    s.monsters_left = []  # every Sea Monster summoned already
    assert not any(o[1] == "trident-call" for o in mode(g).attack_abilities(g, RED))


def test_tridents_call_is_narrated_and_a_sea_monster_without_health_chips_stays_out_ORI_87():
    g = new("atlantis")
    s = g.state
    u = _spear(g, at=25)
    s.supply["red"] = 0
    mode(g).use_attack_ability(g, RED, (u.uid, "trident-call", (27,)))
    assert f"{u.name} (red) uses Trident's Call: the Spear flies to hex 27" in log(g)
    m = s.units[-1]
    assert m.unit.kind == "sea-monster" and m.zone == DISCARD and s.board[27] == -1 and m.troop == RED
    assert s.spear_hex == 27 and s.spear_holder == -1 and u.abilities_used["trident-call"] == s.turn


def test_a_sea_monster_needs_exactly_its_health_in_chips_ORI_87():
    for monster in MONSTERS:
        g = new("atlantis")
        s = g.state
        u = _spear(g, at=25)
        s.monsters_left = [monster]
        h = CAT.unit(monster).health
        s.supply["red"] = h
        mode(g).use_attack_ability(g, RED, (u.uid, "trident-call", (27,)))
        assert s.units[-1].zone == COMBAT and s.supply["red"] == 0
        g = new("atlantis")
        s = g.state
        u = _spear(g, at=25)
        s.monsters_left = [monster]
        s.supply["red"] = h - 1
        mode(g).use_attack_ability(g, RED, (u.uid, "trident-call", (27,)))
        assert s.units[-1].zone == DISCARD and s.supply["red"] == h - 1


def test_trident_spear_is_narrated_and_offered_to_the_holder_only_ORI_88():
    g = new("atlantis", roller=FixedRoller([1]))
    s = g.state
    u = _spear(g)
    other = put(g, "korykos", 24)
    foe = put(g, "green-attacker", 27)
    opts = mode(g).engage_options(g, RED)
    spears = [o for o in opts if o[2:3] == ("trident-spear",)]
    assert spears == [("special", u.uid, "trident-spear", (foe.uid,))]
    assert other.uid != u.uid
    mode(g).engage(g, RED, spears[0])
    assert f"{u.name} (red) throws the Trident Spear at {foe.name}: 1 hit(s)" in log(g)
    assert u.engaged_turn == s.turn and s.spear_hex == 27


def test_a_unit_that_attacked_is_offered_no_second_attack_ORI_18():
    g = new("xanadu")
    s = g.state
    u = put(g, "yellow-attacker", 22)
    foe = put(g, "green-attacker", 23)
    assert ("attack", u.uid, foe.uid) in mode(g).engage_options(g, RED)
    mode(g).engage(g, RED, ("attack", u.uid, foe.uid))
    assert u.engaged_turn == s.turn
    assert not any(o[1] == u.uid for o in mode(g).engage_options(g, RED))


def test_an_alternate_attack_of_a_chip_goes_through_its_skill_and_then_the_carried_chips_follow():
    g = new("el-dorado", a_first=("purple-tactician",))
    s = g.state
    st = put(g, "purple-tactician", 14)
    foe = put(g, "green-attacker", 15)
    opt = ("special", st.uid, "stun", (foe.uid,))
    assert opt in mode(g).engage_options(g, RED)
    mode(g).engage(g, RED, opt)
    assert s.is_fatigued(foe) and st.engaged_turn == s.turn


# --------------------------------------------------------------------------- the defeat of every gladiator (ORI-10)


def test_a_sea_monsters_defeat_ends_nothing_and_a_last_gladiator_in_atlantis_only_as_leader_ORI_46_R_ORI_5():
    g = new("atlantis")
    s = g.state
    u = _spear(g, at=25)
    mode(g).use_attack_ability(g, RED, (u.uid, "trident-call", (27,)))
    m = s.occupant(27)
    rules.damage(g, m, m.hp, source=None, source_troop=BLUE)
    assert m.zone == DISCARD and s.end_reason is None
    # Atlantis: the defeat of a house's last gladiator that is not the Leader does not end the challenge
    g = new("atlantis")
    s = g.state
    lead = chip(g, "green-attacker")
    mode(g).place(g, lead.uid, 20)
    s.troops[BLUE].leader = -2  # (the Leader recorded elsewhere)
    for v in s.units:
        if v.troop == BLUE and v.zone == CAMP:
            v.zone = DISCARD
    rules.damage(g, lead, lead.hp, source=None, source_troop=RED)
    assert s.end_reason is None


def test_every_gladiator_defeated_ends_the_challenge_for_the_other_house_narrated_ORI_10():
    g = new("xanadu")
    s = g.state
    reds = [u for u in s.units if u.troop == RED and u.zone == CAMP]
    for u in reds[1:]:
        u.zone = DISCARD
    last = put(g, reds[0].unit.id, 6)
    rules.damage(g, last, last.hp, source=None, source_troop=BLUE)
    assert s.winner == BLUE and s.end_reason == "every gladiator of red-house is defeated"


# --------------------------------------------------------------------------- the match (ORI-26..ORI-32)


def test_a_challenge_over_is_recorded_narrated_and_counted_ORI_26_ORI_29():
    g = new("xanadu")
    s = g.state
    s.arena_order = ["xanadu", "el-dorado", "atlantis"]
    s.round = 7
    s.challenge_round0 = 1
    end_challenge(g, RED, "red did it")
    assert s.challenge_winners == [RED] and s.challenge_rounds == [6]
    assert [(t.wins, t.losses) for t in s.troops] == [(1, 0), (0, 1)]
    assert "Challenge 1 (xanadu) over: red did it" in log(g)
    assert s.challenge == 1 and s.arena_id == "el-dorado" and s.challenge_round0 == 7
    assert s.order == [BLUE, RED]  # the loser starts (ORI-29)
    assert len(s.troops[RED].cut) == 1 and not s.troops[BLUE].cut
    end_challenge(g, None, "round cap")
    assert s.challenge_winners == [RED, -1] and [(t.wins, t.losses) for t in s.troops] == [(1, 0), (0, 1)]
    assert s.order == [RED, BLUE]  # R-ORI-4: who played second starts
    end_challenge(g, BLUE, "blue did it")
    assert s.challenge_winners == [RED, -1, BLUE] and [(t.wins, t.losses) for t in s.troops] == [(1, 1), (1, 1)]
    assert s.winner is None  # 1-1: a drawn game (R-ORI-6)
    assert "Game over: challenges 1-1; drawn; House Reputation red-house +5, blue-house +5" in log(g)
    assert "== Challenge 4" not in log(g) and "Challenge 3 (atlantis) over" not in log(g)  # the last one: the game


def test_the_match_result_per_arena_reputation_and_reason_R_ORI_6_ORI_32():
    g = new("xanadu")
    s = g.state
    s.arena_order = ["el-dorado", "xanadu", "atlantis"]
    mode(g).arena_id = om.MATCH
    end_challenge(g, BLUE)
    end_challenge(g, None)
    end_challenge(g, BLUE)
    assert "Game over: challenges 0-2; blue-house wins; House Reputation red-house -10, blue-house +20" in log(g)
    res = mode(g).result(g, spec_of("match"))
    assert [t.outcome for t in res.troops] == [LOST, WON] and res.winner == BLUE
    assert res.end_reason == "challenges 0-2"
    x = res.extras
    assert x["el_dorado"] == "b" and x["xanadu"] == "-" and x["atlantis"] == "b"
    assert x["challenge_winners"] == ["b", None, "b"] and x["arenas"] == ["el-dorado", "xanadu", "atlantis"]
    assert x["first_pick"] == "a" and res.first_player == RED
    assert x["lineups"] == {"a": list(A8), "b": list(B8)}
    assert x["cut"]["a"] == [] and len(x["cut"]["b"]) == 1  # cut after the first challenge, not after the last
    assert [t.extras for t in res.troops] == [{"challenges_won": 0, "reputation": -10},
                                             {"challenges_won": 2, "reputation": 20}]
    assert res.arena == om.MATCH and res.mode == "origins" and res.factions == ("red-house", "blue-house")


def test_a_won_match_and_a_single_challenges_result_R_ORI_6():
    g = new("xanadu")
    s = g.state
    s.arena_order = ["xanadu", "atlantis"]
    end_challenge(g, RED)
    end_challenge(g, RED)
    assert s.winner == RED
    res = mode(g).result(g, spec_of())
    assert [t.outcome for t in res.troops] == [WON, LOST] and res.end_reason == "challenges 2-0"
    assert [t.extras["reputation"] for t in res.troops] == [20, -10]
    g = new("xanadu")  # one challenge: its own reason, its winner the game's
    end_challenge(g, BLUE, "blue-house reached 6 arena points")
    res = mode(g).result(g, spec_of())
    assert [t.outcome for t in res.troops] == [LOST, WON]
    assert res.end_reason == "blue-house reached 6 arena points"
    assert res.extras["xanadu"] == "b" and res.extras["el_dorado"] == "" and res.extras["atlantis"] == ""
    assert res.extras["challenge_winners"] == ["b"] and res.extras["challenge_rounds"] == [3]
    assert "Game over" not in log(g)  # a single challenge is the game: no match narration


def test_an_unfinished_game_is_a_draw_for_both_R_ORI_6():
    g = new("xanadu")
    res = mode(g).result(g, spec_of())
    assert [t.outcome for t in res.troops] == [DRAW, DRAW] and res.end_reason == "unfinished"
    assert res.extras["challenge_winners"] == [] and res.extras["xanadu"] == ""
    g = new("xanadu")  # a match stopped after its first challenge: not done, a draw, no "challenges" reason
    s = g.state
    s.arena_order = ["xanadu", "atlantis"]
    end_challenge(g, RED)
    mode(g).end(g, "stopped", RED)
    res = mode(g).result(g, spec_of())
    assert [t.outcome for t in res.troops] == [DRAW, DRAW] and res.end_reason == "stopped"


def test_the_result_counts_each_houses_deployments_damage_and_losses():
    g = new("xanadu", roller=FixedRoller(mode="all"))
    s = g.state
    mode(g).place(g, chip(g, "yellow-attacker").uid, 13)
    foe = put(g, "green-attacker", 14)
    rules.damage(g, foe, foe.hp, source=chip(g, "yellow-attacker"))
    res = mode(g).result(g, spec_of())
    red, blue = res.troops
    assert red.units_deployed == s.troops[RED].deployed >= 1 and red.kills == 1 and red.damage_dealt == 4
    assert blue.units_lost == 1 and (red.seat, blue.seat) == (0, 1) and (red.side, blue.side) == ("red", "blue")
    assert red.faction == "red-house" and red.team == 0 and blue.team == 1


# --------------------------------------------------------------------------- the reset of each challenge (ORI-30)


def test_every_challenge_starts_afresh_on_its_arena_ORI_30_ORI_39_ORI_50_R_ORI_9():
    g = new("xanadu")
    s = g.state
    s.arena_order = ["xanadu", "el-dorado", "atlantis"]
    t = s.troops[RED]
    u = put(g, "korykos", 25)
    rules.place_tactic(g, RED, t.tactics_camp[1], u)  # Hamstring under it
    t.points, t.special_deployed = 4, True
    t.tactics_discard = [CAT.tactic(A8[6])]
    s.round = 9
    end_challenge(g, BLUE)
    assert s.arena_id == "el-dorado" and s.grid is mode(g).grids["el-dorado"]
    assert u.tactics == [] and s.board[25] == -1 and not s.in_combat()
    assert all(v.hp == 0 and v.hp_gained == 0 for v in s.units)
    assert all(v.zone in (BAG, CAMP) for v in s.units)
    assert {v.unit.id for v in s.units if v.troop == RED and v.zone == CAMP} == {
        c for c in t.brought if c in CAT.units}
    assert (t.points, t.leader, t.special_deployed, t.tactics_discard) == (0, -1, False, [])
    assert [x.tribute_hex for x in s.troops] == [22, 28] and [x.tribute_holder for x in s.troops] == [-1, -1]
    assert s.spear_hex == -1 and s.monsters_left == [] and s.footholds == {}
    assert s.challenge_round0 == 9
    assert "== Challenge 2: El Dorado: Anvil of the Sun; red-house plays first" in log(g)
    assert "red-house brings " + ", ".join(t.brought) in log(g)
    end_challenge(g, RED)
    assert s.arena_id == "atlantis" and s.spear_hex == 25 and s.spear_holder == -1
    assert s.monsters_left == MONSTERS and [x.tribute_hex for x in s.troops] == [-1, -1]
    assert s.board == [-1] * s.grid.n


def test_a_sea_monster_of_an_earlier_challenge_is_set_aside_for_good_ORI_30():
    g = new("atlantis")
    s = g.state
    s.arena_order = ["atlantis", "xanadu"]
    u = _spear(g, at=25)
    mode(g).use_attack_ability(g, RED, (u.uid, "trident-call", (27,)))
    m = s.occupant(27)
    end_challenge(g, RED)
    assert m.zone == TRACK and s.board[27] == -1
    assert s.supply["red"] == s.supply_start["red"]  # every health chip back
    assert m.uid not in {uid for uid, _ in mode(g).gladiator_options(s, RED)}


def test_the_six_are_asked_of_the_first_player_first_and_only_among_uncut_chips_R_ORI_2():
    g = new("xanadu")
    s = g.state
    s.troops[RED].cut = ["korykos", "green-defender"]
    opts = om.lineup_options(s, RED)
    assert opts == [tuple(c for c in A8 if c not in ("korykos", "green-defender"))]  # six left: all of them
    s.troops[RED].cut = ["korykos"]
    opts = om.lineup_options(s, RED)
    assert len(opts) == 7 and all("korykos" not in o for o in opts)


def test_no_cut_leaves_a_lineup_below_six_R_ORI_2():
    g = new("xanadu")
    s = g.state
    s.troops[BLUE].cut = ["green-attacker"]
    om.cut_chip(g, RED, BLUE)
    assert len(s.troops[BLUE].cut) == 2  # seven left: one more cut
    n = len(g.controllers[RED].asked)
    om.cut_chip(g, RED, BLUE)
    assert len(s.troops[BLUE].cut) == 2 and len(g.controllers[RED].asked) == n  # six left: none, not asked


# --------------------------------------------------------------------------- set-up and the draft (ORI-4, ORI-22, ORI-23)


def test_the_houses_health_colours_follow_the_houses_whatever_their_seats_ORI_4():
    assert om._sides(("blue-house", "red-house")) == ["blue", "red"]
    assert om._sides(("red-house", "blue-house")) == ["red", "blue"]
    assert om._sides(("house-x", "house-y")) == ["red", "blue"]
    assert om._sides(("red-house", "house-y")) == ["red", "blue"]


def test_the_draft_roll_is_narrated_R_ORI_1():
    roller = FixedRoller([2, 5])
    spec = Origins.validate(CAT, GameSpec("origins", ("red-house", "blue-house"), "xanadu"))
    g = Origins.new_game(CAT, spec, [Scripted(), Scripted()], rng=np.random.default_rng(0), log=True, roller=roller)
    assert g.state.first_pick == BLUE
    assert "Draft roll: red-house 2 hit(s), blue-house 5: blue-house drafts first" in log(g)


def test_the_first_pick_is_offered_the_whole_pool_and_each_pick_is_narrated_ORI_23_R_ORI_16():
    seen = []
    c0 = Scripted({"draft": lambda o: (seen.append(list(o)), o[0])[1]})
    g = Origins.new_game(CAT, spec_of(), [c0, Scripted()], rng=np.random.default_rng(1), log=True,
                         roller=FixedRoller(mode="all"))
    mode(g).begin(g)
    s = g.state
    assert seen[0] == om.pool_ids(CAT)
    assert len(seen[1]) == len(seen[0]) - 2  # each pick takes its chip out of the pool
    for p, c in enumerate(s.picks):
        assert f"{s.troops[p % 2].faction} drafts {c}" in log(g)
    # the drafted gladiators are the houses' units (set aside), the drafted tactics are not units
    for t in s.troops:
        mine = sorted(u.unit.id for u in s.units if u.troop == t.index)
        assert mine == sorted(c for c in t.lineup if c in CAT.units)
    assert [u.uid for u in s.units] == list(range(len(s.units)))
    assert "Arenas: xanadu" in log(g)


def test_the_pool_lists_gladiators_then_tactics_each_in_id_order_ORI_22():
    ids = om.pool_ids(CAT)
    glads = sorted(u.id for u in CAT.units.values() if u.kind in ("gladiator", "special-gladiator"))
    assert ids == glads + sorted(CAT.tactics)
    assert not any(CAT.unit(c).kind == "sea-monster" for c in ids if c in CAT.units)
    assert om.mixed_catalog(CAT, ()) is CAT


def test_a_pool_too_small_for_two_lineups_is_one_clear_error_ORI_23(monkeypatch):
    g = Origins.new_game(CAT, spec_of(), [Scripted(), Scripted()], rng=np.random.default_rng(1),
                         roller=FixedRoller(mode="all"))
    monkeypatch.setattr(Origins, "pool", lambda self: om.pool_ids(CAT)[:15])
    with pytest.raises(InputError, match=r"^origins: the pool has 15 chips, two lineups need 16$"):
        mode(g).begin(g)
    monkeypatch.setattr(Origins, "pool", lambda self: om.pool_ids(CAT)[:16])
    mode(g).begin(g)  # exactly two lineups: every chip drafted
    assert sorted(g.state.picks) == sorted(om.pool_ids(CAT)[:16])


def test_a_match_draws_each_arena_once_and_says_so_ORI_28():
    g = Origins.new_game(CAT, spec_of("match"), [Scripted(), Scripted()], rng=np.random.default_rng(2), log=True,
                         roller=FixedRoller(mode="all"))
    mode(g).begin(g)
    s = g.state
    assert sorted(s.arena_order) == sorted(ARENAS) and s.arena_id == s.arena_order[0]
    assert "Arenas: " + ", ".join(s.arena_order) in log(g)


# --------------------------------------------------------------------------- the heuristic objective


def test_the_objective_values_challenges_won_above_arena_progress():
    """`objective` is the greedy and lookahead players' evaluation (no rule): a challenge won outweighs any
    progress in the current challenge; Xanadu points count each; a held Tribute or the house's own Spear count."""
    g = new("xanadu")
    s = g.state
    m = mode(g)
    base = m.objective(g, RED)
    assert base == 0
    s.troops[RED].points = 1
    one = m.objective(g, RED)
    s.troops[RED].points = 2
    two = m.objective(g, RED)
    assert 0 < one < two and two - one == one - base
    s.troops[RED].points = 5
    five = m.objective(g, RED)
    s.troops[RED].points, s.troops[RED].wins = 0, 1
    assert m.objective(g, RED) > five and m.objective(g, BLUE) == 0
    g = new("el-dorado")
    s = g.state
    assert mode(g).objective(g, RED) == 0
    _deliver(g, RED, 14)
    assert mode(g).objective(g, RED) > 0 and mode(g).objective(g, BLUE) == 0
    s.troops[RED].points = 3  # Xanadu points mean nothing in El Dorado
    held = mode(g).objective(g, RED)
    s.troops[RED].points = 0
    assert mode(g).objective(g, RED) == held
    g = new("atlantis")
    assert mode(g).objective(g, RED) == 0
    _spear(g)
    assert mode(g).objective(g, RED) > 0 and mode(g).objective(g, BLUE) == 0
    g.state.troops[RED].tribute_holder = 5  # a Tribute means nothing in Atlantis
    assert mode(g).objective(g, BLUE) == 0


def test_the_atlantis_objective_with_nobody_on_the_spear():
    g = new("atlantis")
    s = g.state
    s.troops[RED].tribute_holder = 3
    assert mode(g).objective(g, RED) == 0 and mode(g).objective(g, BLUE) == 0



# --------------------------------------------------------------------------- the sweep's rows (tables games, draft)


def test_a_games_rows_one_game_row_and_one_draft_row_per_drafted_chip_in_pick_order():
    g = new("xanadu")
    s = g.state
    s.arena_order = ["xanadu", "el-dorado", "atlantis"]
    mode(g).arena_id = om.MATCH
    end_challenge(g, BLUE)
    end_challenge(g, BLUE)
    end_challenge(g, None)
    res = mode(g).result(g, spec_of("match"))
    head = {"matchup": "m", "arena": "match", "game": 4}
    rows = Origins.rows(res, head, lambda c: CAT.units[c].kind if c in CAT.units else None)
    (row,) = rows["games"]
    assert set(Origins.columns["games"]) <= set(row)
    assert row["winner"] == "b" and row["winner_faction"] == "blue-house" and row["challenges"] == 3
    assert (row["xanadu"], row["el_dorado"], row["atlantis"]) == ("b", "b", "-")
    assert row["first_pick"] == "a" and row["end_reason"] == "challenges 0-2" and row["rounds"] == res.rounds
    assert (row["a_challenges_won"], row["b_challenges_won"]) == (0, 2)
    assert (row["a_reputation"], row["b_reputation"]) == (-10, 20)
    assert row["a_crowd_favor"] == row["b_crowd_favor"] == 0  # Origins has no crowd favor
    assert row["a_units_deployed"] == res.troops[0].units_deployed and row["b_kills"] == res.troops[1].kills
    assert row["a_damage_dealt"] == res.troops[0].damage_dealt and row["b_units_lost"] == res.troops[1].units_lost
    draft = rows["draft"]
    assert len(draft) == 16 and all(set(r) == set(Origins.columns["draft"]) for r in draft)
    a = [r for r in draft if r["side"] == "a"]
    assert [r["chip"] for r in a] == list(A8) and [r["pick"] for r in a] == list(range(1, 9))
    assert all(r["first_pick"] and not r["won"] and r["challenges_won"] == 0 for r in a)
    b = [r for r in draft if r["side"] == "b"]
    assert [r["chip"] for r in b] == list(B8)
    assert all(not r["first_pick"] and r["won"] and r["challenges_won"] == 2 for r in b)
    assert [r["kind"] for r in a] == [CAT.unit(c).kind for c in A8[:6]] + ["tactic", "tactic"]
    assert [r["colour"] for r in a] == ["green", "green", "blue", "yellow", "orange", "purple", "green", "blue"]
    assert all((r["matchup"], r["arena"], r["game"]) == ("m", "match", 4) for r in draft)
    assert rows["units"] and all(u["won"] == (u["side"] == "b") for u in rows["units"])


def test_a_drawn_games_row_has_no_winner():
    g = new("xanadu")
    end_challenge(g, None, "round cap")
    res = mode(g).result(g, spec_of())
    rows = Origins.rows(res, {"matchup": "m", "arena": "xanadu", "game": 0}, lambda c: None)
    assert rows["games"][0]["winner"] is None and rows["games"][0]["challenges"] == 1
    assert not any(r["won"] for r in rows["draft"]) and all(r["kind"] == "tactic" for r in rows["draft"])


def test_the_red_house_drafts_first_when_it_rolls_more_hits_R_ORI_1():
    spec = Origins.validate(CAT, GameSpec("origins", ("red-house", "blue-house"), "xanadu"))
    g = Origins.new_game(CAT, spec, [Scripted(), Scripted()], rng=np.random.default_rng(0), log=True,
                         roller=FixedRoller([5, 2]))
    assert g.state.first_pick == RED
    assert "Draft roll: red-house 5 hit(s), blue-house 2: red-house drafts first" in log(g)


def test_catalog_of_adds_the_other_boxes_gladiators_for_the_pool_option_ORI_53():
    cat = Origins.catalog_of(CAT, Origins.parse_options(["pool=all"]))
    assert any(k.startswith("rise-of-rome:") for k in cat.units) and any(k.startswith("lost-cities:") for k in cat.units)
    assert Origins.catalog_of(CAT, ()) is CAT


def test_the_turns_steps_play_each_phase_ORI_9():
    """Played through `turn_of`'s steps: the tactic, the attack (and nothing after a pass)."""
    g = new("xanadu", picks0={"tactic": lambda o: next(x for x in o if x[0] == 1),  # Hamstring, not the Stun
                              "engage": lambda o: o[0] if o else None})
    s = g.state
    u = put(g, "yellow-attacker", 22)
    foe = put(g, "green-attacker", 23)
    hp = foe.hp
    for _name, step in mode(g).turn_of(g, RED).steps:
        step()
        if s.end_reason is not None:
            break
    assert len(s.troops[RED].tactics_camp) == 1  # the tactic step played one
    assert foe.hp < hp or foe.zone == DISCARD  # the attack step attacked (dice all hit)
    assert u.engaged_turn == s.turn


# --------------------------------------------------------------------------- found by the fresh run of session 9


def test_the_default_game_is_the_red_house_against_the_blue_house_over_the_whole_match_ORI_4_ORI_28():
    """`default_spec`: the two houses of the box, the three challenges; a catalog without them (an overlay's own
    houses) seats its first two factions in id order."""
    spec = Origins.default_spec(CAT, np.random.default_rng(0))
    assert spec == GameSpec("origins", ("red-house", "blue-house"), om.MATCH)
    house = CAT.faction("red-house")
    other = dataclasses.replace(CAT, factions=FrozenMap({"zeta": house, "alpha": house, "mid": house}))
    assert Origins.default_spec(other, np.random.default_rng(0)) == GameSpec("origins", ("alpha", "mid"), om.MATCH)


def test_the_attack_phase_lets_each_unit_attack_ORI_9_ORI_18():
    """`attack`, the whole phase: its Abilities (none here), then each unit's attack."""
    g = new("xanadu", picks0={"engage": lambda o: o[0]})
    s = g.state
    u = put(g, "yellow-attacker", 22)
    foe = put(g, "green-attacker", 23)
    mode(g).attack(g, RED)
    assert u.engaged_turn == s.turn and foe.hp < CAT.unit("green-attacker").health


# uid 0 (the first drafter's first gladiator: korykos) and hex 0 are a holder and a hex like any other


def test_a_tribute_held_by_the_first_drafted_gladiator_stays_held_follows_it_and_is_delivered_ORI_40_ORI_44():
    g = new("el-dorado", picks0={"tribute": lambda o: o[0]})
    s = g.state
    k = _deliver(g, RED, 14, unit_id="korykos")
    assert k.uid == 0
    mode(g).pick_ups(g, RED)
    assert s.troops[RED].tribute_holder == 0 and not any(d == "tribute" for d, _ in g.controllers[RED].asked)
    assert mode(g).objective(g, RED) > mode(g).objective(g, BLUE)
    rules.move(g, k, 15)
    assert s.troops[RED].tribute_hex == 15 and s.end_reason is None
    rules.move(g, k, 29)  # the blue arena hex
    assert s.winner == RED and s.end_reason == "red-house delivered its Tribute"


def test_a_tribute_dropped_on_hex_0_may_be_picked_up_there_ORI_40_ORI_42():
    g = new("el-dorado", picks0={"tribute": lambda o: o[0]})
    s = g.state
    s.troops[RED].tribute_hex = 0
    u = put(g, "yellow-attacker", 0)
    mode(g).pick_ups(g, RED)
    assert s.troops[RED].tribute_holder == u.uid


def test_the_spear_held_by_the_first_drafted_gladiator_stays_held_follows_it_and_calls_ORI_49_ORI_87():
    g = new("atlantis", picks0={"spear": lambda o: o[0]})
    s = g.state
    k = _spear(g, unit_id="korykos", at=25)
    assert k.uid == 0
    mode(g).pick_ups(g, RED)
    assert s.spear_holder == 0 and not any(d == "spear" for d, _ in g.controllers[RED].asked)
    assert mode(g).objective(g, RED) > mode(g).objective(g, BLUE)
    assert any(o[:2] == (0, "trident-call") for o in mode(g).attack_abilities(g, RED))
    rules.move(g, k, 33)
    assert s.spear_hex == 33


def test_the_spear_on_hex_0_may_be_taken_there_ORI_49_ORI_50():
    g = new("atlantis", picks0={"spear": lambda o: o[0]})
    s = g.state
    s.spear_hex = 0
    u = put(g, "yellow-attacker", 0)
    mode(g).pick_ups(g, RED)
    assert s.spear_holder == u.uid


# the attack phase's options and decisions


def test_a_unit_that_may_not_attack_leaves_the_next_ones_their_options_and_foes_get_none_ORI_18():
    g = new("xanadu")
    s = g.state
    done = put(g, "korykos", 15)
    done.engaged_turn = s.turn  # attacked already
    u = put(g, "yellow-attacker", 22)
    foe = put(g, "green-attacker", 23)
    opts = mode(g).engage_options(g, RED)
    assert ("attack", u.uid, foe.uid) in opts
    assert {o[1] for o in opts} == {u.uid}  # neither the one that attacked nor the opposing unit


def test_trident_spear_reaches_three_hexes_not_four_ORI_88():
    g = new("atlantis")
    s = g.state
    u = _spear(g, at=25)
    dist = s.grid.dist[25]
    near = put(g, "green-attacker", next(h for h in range(s.grid.n) if dist[h] == 3 and s.board[h] < 0))
    far = put(g, "blue-defender", next(h for h in range(s.grid.n) if dist[h] == 4 and s.board[h] < 0))
    spears = {o[3][0] for o in mode(g).engage_options(g, RED) if o[2:3] == ("trident-spear",)}
    assert spears == {near.uid} and far.uid not in spears and u.uid not in spears


def test_the_phases_ask_ability_and_engage_decisions_ORI_9_ORI_87():
    """The decision names the players read (`engage`, `ability`): a move-phase Ability, Trident's Call, an attack."""
    g = new("atlantis", a_first=("purple-tactician",))
    s = g.state
    put(g, "purple-tactician", 13)  # Toss (move phase)
    put(g, "korykos", 14)
    mode(g).move_abilities(g, RED)
    assert g.controllers[RED].asked[-1][0] == "ability"
    _spear(g, at=25)
    put(g, "green-attacker", 26)
    mode(g).attack_abilities_step(g, RED)
    asked = g.controllers[RED].asked[-1]
    assert asked[0] == "ability" and any(o[1] == "trident-call" for o in asked[1])
    mode(g).engage_step(g, RED)
    assert g.controllers[RED].asked[-1][0] == "engage"
    assert s.end_reason is None


FURY = "lost-cities:xanadu/special-3"
"""A Lost Cities gladiator (`pool=lost-cities`, ORI-53) whose Ability, Fury Aura, is used in the attack phase
(TLC-75): Origins' own chips have no attack-phase Ability but Trident's Call."""


def new_foreign(arena, foreign):
    """`new` with `--option pool=lost-cities` and the gladiator `foreign` first in the red lineup (brought)."""
    a, b = lineups((foreign,))
    spec = Origins.validate(CAT, GameSpec("origins", ("red-house", "blue-house"), arena, first=RED,
                                          options=Origins.parse_options(["pool=lost-cities"])))
    c0 = Scripted({"draft": _draft_from(a), "lineup": _want((*a[:4], *a[6:]))})
    c1 = Scripted({"draft": _draft_from(b), "lineup": _want((*b[:4], *b[6:]))})
    g = Origins.new_game(CAT, spec, [c0, c1], rng=np.random.default_rng(7), log=True, roller=FixedRoller(mode="all"))
    mode(g).begin(g)
    s = g.state
    s.round, s.turn, s.active = 3, 5, RED
    return g


def test_a_foreign_attack_phase_ability_is_offered_in_the_attack_phase_and_resolved_ORI_53_R_ORI_19():
    """Fury Aura (TLC-75, by its own box's text, R-ORI-19): offered among the attack phase's Abilities, from the
    turn its gladiator is deployed (ORI-12: Abilities work at once), and used through the Ability's own hook:
    1 damage to each adjacent opponent."""
    g = new_foreign("xanadu", FURY)
    s = g.state
    u = put(g, FURY, 22)
    u.deployed_turn = s.turn  # deployed this turn
    foe = put(g, "green-attacker", 23)
    far = put(g, "blue-defender", 26)
    opts = [o for o in mode(g).attack_abilities(g, RED) if o[1] == "fury-aura"]
    assert opts and all(o[0] == u.uid for o in opts)
    assert not any(o[1] == "fury-aura" for o in mode(g).attack_abilities(g, BLUE))
    mode(g).use_attack_ability(g, RED, opts[0])
    assert foe.hp == CAT.unit("green-attacker").health - 1 and far.hp == CAT.unit("blue-defender").health
    assert u.abilities_used["fury-aura"] == s.turn
    assert not any(o[1] == "fury-aura" for o in mode(g).attack_abilities(g, RED))  # once a turn


def test_a_gladiator_deployed_this_turn_may_use_its_move_phase_ability_ORI_12_R_ORI_8():
    """ORI-12: "Gladiator Abilities and Innates are active immediately upon deployment": Korykos' Propel is
    offered in the movement phase of the turn it came in."""
    g = new("xanadu")
    s = g.state
    k = put(g, "korykos", 22)
    k.deployed_turn = s.turn
    ally = put(g, "green-defender", 23)
    mode(g).move_abilities(g, RED)
    decision, opts = g.controllers[RED].asked[-1]
    assert decision == "ability" and (k.uid, "propel", (ally.uid, 24)) in opts


def test_a_turn_offers_the_movement_phases_abilities_before_the_moves_ORI_9_R_ORI_8():
    """Played through `turn_of`'s steps: Propel used in the movement phase, then the moves."""
    used = []
    g = new("xanadu", picks0={"ability": lambda o: None if used else used.append(o[0]) or o[0]})
    s = g.state
    k = put(g, "korykos", 22)
    ally = put(g, "green-defender", 23)
    for name, step in mode(g).turn_of(g, RED).steps:
        step()
        if name == "move-abilities":
            assert used and used[0][0] == k.uid and used[0][1] == "propel"
            assert ally.hex == used[0][2][1] and ally.moved_turn == s.turn
    assert len(used) == 1


class StepRecorder(Scripted):
    """Scripted that also records whether each decision was asked as a turn step (`Game.at_step`: where a
    lookahead player simulates and a clone resumes)."""

    def __init__(self, picks=None):
        super().__init__(picks)
        self.at_step: dict[str, bool] = {}

    def choose(self, g, troop, decision, options, *, optional):
        self.at_step.setdefault(decision, g.at_step)
        return super().choose(g, troop, decision, options, optional=optional)


def test_the_deploy_tactic_ability_and_attack_decisions_are_turn_steps_ORI_9():
    """`turn_of`'s contract (`engine.loop.resume`): every decision of a phase is asked as a step."""
    g = new("xanadu")
    rec = g.controllers[RED] = StepRecorder()
    put(g, "korykos", 22)
    put(g, "green-defender", 23)  # Propel's ally
    put(g, "green-attacker", 14)  # a foe next to Korykos
    for _name, step in mode(g).turn_of(g, RED).steps:
        step()
    assert {d: rec.at_step.get(d) for d in ("deploy", "tactic", "ability", "engage")} == {
        "deploy": True, "tactic": True, "ability": True, "engage": True}


def test_a_turn_offers_tridents_call_before_the_attacks_ORI_9_ORI_87_R_ORI_10():
    """Played through `turn_of`'s steps: the holder's Trident's Call in the attack-abilities step."""
    g = new("atlantis", picks0={"ability": lambda o: next((x for x in o if x[1] == "trident-call"), None)})
    s = g.state
    u = _spear(g, at=25)
    n = len(s.units)
    for name, step in mode(g).turn_of(g, RED).steps:
        step()
        if name == "attack-abilities":
            break
    assert len(s.units) == n + 1 and s.units[-1].unit.kind == "sea-monster" and s.units[-1].zone == COMBAT
    assert u.abilities_used["trident-call"] == s.turn and s.spear_holder == -1


def test_the_objective_adds_a_held_tribute_or_spear_to_the_challenges_won():
    """`objective` (no rule, the heuristic players' evaluation): progress in the current challenge adds to the
    challenges already won, it never replaces them."""
    g = new("el-dorado")
    g.state.troops[RED].wins = 1
    won = mode(g).objective(g, RED)
    _deliver(g, RED, 14)
    assert mode(g).objective(g, RED) > won > 0
    g = new("atlantis")
    g.state.troops[RED].wins = 1
    won = mode(g).objective(g, RED)
    _spear(g)
    assert mode(g).objective(g, RED) > won > 0


def test_the_movement_phases_abilities_are_not_offered_again_in_the_attack_phase_R_ORI_8():
    g = new("xanadu")
    k = put(g, "korykos", 22)
    put(g, "green-defender", 23)  # Propel's ally
    assert any(o[:2] == (k.uid, "propel") for o in rules.ability_options(g, RED))
    assert not any(o[1] == "propel" for o in mode(g).attack_abilities(g, RED))


def test_a_champion_is_offered_every_tactic_but_the_stun_ORI_16_ORI_84():
    """`tactic_options` reads each tactic against each target: an overlay's champion of the house (PvP has none)
    may take the Hamstring, never the Stun tactic."""
    g = new("xanadu")
    s = g.state
    u = put(g, "korykos", 22)
    u.unit = dataclasses.replace(u.unit, kind="champion")
    hand = [t.id for t in s.troops[RED].tactics_camp]
    offered = {hand[i] for i, uid in om.tactic_options(s, RED) if uid == u.uid}
    assert offered == {"blue-hamstring"} and "green-stun" in hand


def test_the_result_reports_damage_without_a_unit_no_crowd_favor_and_the_rounds_played_R_ORI_6():
    """The result's columns: damage and kills by no unit of the house (a chip's effect, its `tactic_*` part of
    `damage_dealt`), no Crowd Favor and no rewards (Origins has neither), the rounds played, the rule set."""
    g = new("xanadu")
    s = g.state
    foe = put(g, "green-attacker", 14)
    rules.damage(g, foe, foe.hp, source=None, source_troop=RED)
    s.round = 8
    res = mode(g).result(g, spec_of())
    red, blue = res.troops
    assert (red.damage_dealt, red.tactic_damage, red.kills, red.tactic_kills) == (4, 4, s.troops[RED].kills, 1)
    assert (blue.tactic_damage, blue.tactic_kills) == (0, 0)
    assert (red.crowd_favor, red.rewards, blue.crowd_favor, blue.rewards) == (0, 0, 0, 0)
    assert res.rounds == 8 and res.ruleset == "origins"


def test_a_challenge_won_by_the_first_seat_is_marked_a_per_arena_R_ORI_6():
    g = new("xanadu")
    end_challenge(g, RED)
    x = mode(g).result(g, spec_of()).extras
    assert x["xanadu"] == "a" and x["challenge_winners"] == ["a"]


def test_trident_spears_damage_is_the_holders_and_named_in_the_log_ORI_88():
    g = new("atlantis", roller=FixedRoller([2]))
    s = g.state
    u = _spear(g)
    foe = put(g, "green-attacker", 27)
    mode(g).engage(g, RED, ("special", u.uid, "trident-spear", (foe.uid,)))
    assert foe.hp == CAT.unit("green-attacker").health - 2
    assert u.damage_dealt == 2 and s.troops[RED].tactic_damage == 0  # the holder's, not a chip effect's
    assert f"{foe.name} (blue) loses 2 HP (Trident Spear), {foe.hp} left" in log(g)


def test_a_match_defaults_to_three_challenges_round_caps_and_keeps_the_specs_rulings_R_ORI_4():
    spec = Origins.validate(CAT, GameSpec("origins", ("red-house", "blue-house"), om.MATCH, rulings=(("R-ORI-4", "x"),)))
    assert spec.max_rounds == 3 * om.CHALLENGE_ROUNDS and spec.rulings == (("R-ORI-4", "x"),)
    spec = Origins.validate(CAT, GameSpec("origins", ("red-house", "blue-house"), "xanadu", rulings=(("R-ORI-4", "x"),),
                                          max_rounds=20))
    assert spec.max_rounds == 20 and spec.rulings == (("R-ORI-4", "x"),)
    assert om.challenge_rounds(100, 3) == 33  # whole rounds


def test_a_won_challenge_is_narrated_with_its_winner_ORI_26():
    g = new("xanadu")
    mode(g).end(g, "red did it", RED)
    assert "Challenge over: red did it; red-house wins it" in log(g)


# --------------------------------------------------------------------------- building the mode and its game


def test_origins_faces_no_titan_and_a_titan_given_is_an_error_not_dropped():
    with pytest.raises(InputError, match="origins faces no titan"):
        Origins.validate(CAT, GameSpec("origins", ("red-house", "blue-house"), "xanadu", titan="mars"))
    with pytest.raises(InputError, match="origins faces no titan"):  # the match's defaulted spec too
        Origins.validate(CAT, GameSpec("origins", ("red-house", "blue-house"), None, titan="mars"))


def test_a_game_keeps_a_log_only_when_asked_and_the_mode_without_a_catalog_has_no_arenas():
    ctrls = [Scripted(), Scripted()]
    quiet = Origins.new_game(CAT, spec_of(), ctrls, rng=np.random.default_rng(0), roller=FixedRoller(mode="all"))
    assert quiet.state.log is None
    told = Origins.new_game(CAT, spec_of(), ctrls, rng=np.random.default_rng(0), roller=FixedRoller(mode="all"),
                            log=True)
    assert isinstance(told.state.log, list)
    assert Origins().grids == {} and Origins().catalog is None
    assert set(Origins(catalog=CAT).grids) == set(ARENAS)


def test_origins_names_the_catalog_and_the_controllers_it_was_given_wrongly():
    from hoplostat.catalog.loader import load
    with pytest.raises(InputError, match="origins needs the Origins catalog, got the remastered one"):
        Origins.new_game(load(), spec_of(), [Scripted(), Scripted()], rng=np.random.default_rng(0))
    with pytest.raises(InputError, match=r"origins: 2 faction\(s\) need 2 controller\(s\), got 3"):
        Origins.new_game(CAT, spec_of(), [Scripted()] * 3, rng=np.random.default_rng(0))
