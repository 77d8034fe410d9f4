"""Origins' Solo Trials (mode `origins-solo-trials`): one test per rule of the ORI-TR checklist (docs/origins.md, "The
Solo Trials") and the rulings R-ORI-TR-* (docs/rulings.md), each named after the ids it pins. A comment above a test
names a deliberate bug it was seen to fail under ("mutant checked").

Positions start from the mode's real set-up (`OriginsSoloTrials.new_game` + `begin`, the house's draft scripted), with
chips put in the arena by hand and dice forced (FixedRoller). The arenas' hex numbers are those of
tests/rulesets/origins/test_rules.py: Xanadu's arena hexes 24, 25, 26; El Dorado's red arena hex 21, red Tribute
22, blue Tribute 28, blue arena hex 29; Atlantis's Spear on 25. The house is the red house (side red) unless said.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import numpy as np
import pytest
from clihelp import run_cli, run_json
from engine.enginekit import Scripted, put_in_combat

from hoplostat.catalog import load
from hoplostat.engine.loop import GameSpec, mode_class, modes, play
from hoplostat.engine.rules import FixedRoller
from hoplostat.engine.state import CAMP, DISCARD
from hoplostat.policies import make
from hoplostat.rulesets.origins import mode as om
from hoplostat.rulesets.origins.base import is_elevated
from hoplostat.rulesets.origins.trials import campaign, cards
from hoplostat.rulesets.origins.trials import challenger as ch
from hoplostat.rulesets.origins.trials.mode import DRAFTS, OriginsSoloTrials, draft_options

CAT = load(ruleset="origins")
HOUSE, CHALLENGER = ch.HOUSE, ch.CHALLENGER
ROOT = Path(__file__).resolve().parents[3]
NAME = "origins-solo-trials"


def new(trial: int, *, house="red-house", draft="player", picks=None, roller=None, seed=3):
    """Trial `trial` just set up: the house drafts the first chips offered (or `picks`), brings them all."""
    opts = OriginsSoloTrials.parse_options([("trial", str(trial)), ("draft", draft)])
    spec = OriginsSoloTrials.validate(CAT, GameSpec(NAME, (house,), "", options=opts))
    c0 = Scripted({"draft": picks or (lambda o: o[0]), "lineup": lambda o: o[0]})
    g = OriginsSoloTrials.new_game(CAT, spec, [c0], rng=np.random.default_rng(seed), log=True,
                                   roller=roller or FixedRoller(mode="all"))
    g.state.mode.begin(g)
    s = g.state
    s.round, s.turn, s.active = 3, 5, HOUSE
    return g


def mode(g) -> OriginsSoloTrials:
    return g.state.mode


def put(g, unit_id, h, troop, hp=None):
    s = g.state
    u = next(u for u in s.units if u.unit.id == unit_id and u.troop == troop)
    return s.units[put_in_combat(s, u.uid, h, hp)]


def defeat(g, u):
    """Defeat `u` by damage (the rules' path: after_defeat follows)."""
    from hoplostat.engine import rules

    rules.damage(g, u, u.hp, source=None, source_troop=None)


# --------------------------------------------------------------------------- the cards


# mutant checked: trial 20's dice made four yellow in data/origins/trials.toml (difficulty no longer rising)
def test_twenty_trial_cards_through_the_three_arenas_four_challengers_each_ORI_TR_1_ORI_54():
    ts = cards.trials(CAT)
    assert [t.number for t in ts] == list(range(1, 21))
    for arena in ("xanadu", "el-dorado", "atlantis"):
        chs = {t.challenger.id for t in ts if t.arena == arena}
        assert len(chs) == 4, (arena, chs)
    # the book's champions lead challengers of their arenas (the solo notes)
    champs = {t.challenger.champion: t.arena for t in ts if t.challenger.champion}
    assert champs == {"ariq-boke": "xanadu", "kublai-khan": "xanadu", "the-zipa": "el-dorado",
                      "the-zaque": "el-dorado", "gadir": "atlantis", "atlas": "atlantis"}
    assert [CAT.unit(c).name for c in champs] == ["Ariq Boke", "Kublai Khan", "The Zipa", "The Zaque", "Gadir", "Atlas"]
    # rising difficulty by the method (data/README.md): the challenger's dice never get weaker, the draft never larger
    pips = [sum({"yellow": 2, "blue": 3, "green": 4, "black": 5}[d] for d in t.dice) for t in ts]
    assert pips == sorted(pips) and pips[0] < pips[-1]
    sizes = [t.draft.size for t in ts]
    assert sizes == sorted(sizes, reverse=True) and sizes[0] > 6 > sizes[-1]
    assert [len(t.team) for t in ts] == sorted(len(t.team) for t in ts)


def _overlay(tmp_path: Path, text: str) -> Path:
    d = tmp_path / "cards"
    d.mkdir(exist_ok=True)
    (d / "my-trials.toml").write_text(text)
    return d


CARD_5 = """
[[trial]]
id = "trial-05"
number = 5
arena = "xanadu"
challenger = "xanadu-a"
team = ["green-attacker"]
dice = "black+black+black+black"
draft = { size = 4 }
rules = ["house-first"]
provenance = "public"
"""


# mutant checked: loader keeping the first card of an id (an overlay's card not replacing the embedded one)
def test_an_overlay_replaces_a_trial_card_by_its_id_ORI_TR_1(tmp_path):
    cat = load([_overlay(tmp_path, CARD_5)], use_env=False, ruleset="origins")
    t5 = cards.trial(cat, 5)
    assert t5.team == ("green-attacker",) and t5.dice == ("black",) * 4 and t5.draft.size == 4
    assert not t5.stand_in and cards.trial(cat, 6).stand_in
    assert cat.hash != CAT.hash  # a sweep on the real cards is another sweep
    g = new(5)
    assert len(g.state.troops[HOUSE].lineup) == cards.trial(CAT, 5).draft.size


# mutant checked: cards._trials not checking the numbers 1..20 (a card numbered twice -> no error)
@pytest.mark.parametrize("text,needles", [
    (CARD_5.replace('dice = "black+black+black+black"', 'dice = "black+black"'), ("my-trials.toml", "trial-05", "dice")),
    (CARD_5.replace('challenger = "xanadu-a"', 'challenger = "nobody"'), ("trial-05", "challenger", "nobody")),
    (CARD_5.replace('team = ["green-attacker"]', 'team = ["green-attackr"]'), ("trial-05", "team", "green-attackr")),
    (CARD_5.replace("number = 5", "number = 6"), ("number 6 is on two cards",)),
    (CARD_5.replace('rules = ["house-first"]', 'rules = ["round-cap x"]'), ("trial-05", "rules", "round-cap x")),
    ("[[trial\n", ("my-trials.toml", "malformed TOML")),
])
def test_a_damaged_trials_overlay_is_one_error_line_ORI_TR_1(tmp_path, capsys, text, needles):
    from test_cli_errors import one_error

    d = _overlay(tmp_path, text)
    code, out, err = run_cli(capsys, "play", NAME, "--seed", "1", "--data", str(d))
    one_error(code, out, err, *needles)
    code, out, err = run_cli(capsys, "data", "validate", str(d), "--ruleset", "origins")
    one_error(code, out, err, *needles)
    code, out, err = run_cli(capsys, "sweep", NAME, "--games", "1", "--data", str(d), "--out", str(tmp_path / "s"))
    one_error(code, out, err, *needles)
    assert not (tmp_path / "s" / "games").exists()


# mutant checked: validate not checking --arena against the card's arena
@pytest.mark.parametrize("argv,needles", [
    (["--option", "trial=21"], ("trial=21", "1 to 20")),
    (["--option", "trial=10", "--arena", "xanadu"], ("trial 10 is played in el-dorado",)),
    (["--option", "draft=best"], ("draft=best", "player|units-only|random")),
])
def test_a_bad_trial_or_policy_is_one_error_line_ORI_TR_1(capsys, argv, needles):
    from test_cli_errors import one_error

    code, out, err = run_cli(capsys, "play", NAME, "--seed", "1", *argv)
    one_error(code, out, err, *needles)


# --------------------------------------------------------------------------- one trial


# mutant checked: begin starting the challenge with HOUSE whatever the card (the challenger never first); result
# giving a round-cap draw as a pass
def test_a_trial_is_one_challenge_the_challenger_first_unless_the_card_says_ORI_TR_2_R_ORI_TR_1():
    g = new(4)
    s = g.state
    assert s.arena_order == ["xanadu"] and s.arena_id == "xanadu"
    assert s.order[0] == CHALLENGER  # it drafted nothing: it plays first (as ORI-29's house that did not draft)
    assert new(1).state.order[0] == HOUSE  # trial 1's card: house-first
    # passing the trial is winning the challenge; the round cap fails it
    for winner, passed, outcome in ((HOUSE, True, "won"), (CHALLENGER, False, "lost"), (None, False, "draw")):
        g = new(4)
        mode(g).end(g, "test", winner)
        res = mode(g).result(g, GameSpec(NAME, ("red-house",)))
        assert res.extras["passed"] is passed and res.troops[0].outcome == outcome
        assert res.extras["first"] == "challenger" and res.first_player == CHALLENGER  # its troop index (seat b)
        assert OriginsSoloTrials.is_success({"passed": passed}) is passed


# mutant checked: new_game always taking the first trial when none is given
def test_play_with_nothing_given_draws_a_trial_from_the_seed_ORI_TR_2(capsys):
    seen = set()
    for seed in range(1, 7):
        d = run_json(capsys, "play", NAME, "--seed", str(seed))
        assert d["mode"] == NAME and 1 <= d["trial"] <= 20 and d["arena"] == cards.trial(CAT, d["trial"]).arena
        assert run_json(capsys, "play", NAME, "--seed", str(seed)) == d  # the seed alone decides
        seen.add(d["trial"])
    assert len(seen) > 1
    d = run_json(capsys, "play", NAME, "--seed", "2", "--option", "trial=13")
    assert d["trial"] == 13 and d["arena"] == "el-dorado" and d["options"] == {"trial": "13"}
    assert {run_json(capsys, "play", NAME, "--seed", str(k), "--arena", "atlantis")["arena"] for k in range(3)} == {"atlantis"}


# mutant checked: draft() offering the challenger's team chips (no `if c not in card.team`); draft_options without
# the card's tactics limit
def test_the_solo_draft_of_six_as_the_card_alters_it_from_what_the_challenger_leaves_ORI_TR_3_ORI_55_R_ORI_TR_2():
    for n in (1, 4, 11, 16, 19):
        offered = []
        g = new(n, picks=lambda o: (offered.append(list(o)), o[-1])[1])
        card = cards.trial(CAT, n)
        lineup = g.state.troops[HOUSE].lineup
        assert len(lineup) == card.draft.size  # 7, 6 or 5 (ORI-55's six as the card alters it)
        kinds = [CAT.units[c].kind if c in CAT.units else "tactic" for c in lineup]
        assert kinds.count("tactic") <= card.draft.max_tactics
        assert kinds.count("special-gladiator") <= card.draft.max_specials
        for opts in offered:
            assert not set(opts) & set(card.team)
            assert not card.draft.colours or all(om.colour_of(c) in card.draft.colours for c in opts)
        if card.draft.max_tactics < card.draft.size:
            # once the limit is drafted, no tactic is offered again
            assert any(all(c in CAT.units for c in o) for o in offered[1:])
    card = cards.trial(CAT, 4)
    six = draft_options(CAT, card, ["green-stun"] * 5, om.pool_ids(CAT))
    assert six and all(c in CAT.units for c in six)  # a last pick is a gladiator if none was drafted


# mutant checked: place() without the card's challenger-health; new_game without the card's round cap
def test_rule_changes_challenger_health_and_round_cap_ORI_TR_3():
    g = new(12)
    assert cards.trial(CAT, 12).rule("challenger-health") == 1
    s = g.state
    u = next(u for u in s.units if u.troop == CHALLENGER and u.zone == CAMP)
    mode(g).place(g, u.uid, mode(g).deployment_hexes(s, CHALLENGER)[0])
    assert u.hp == u.unit.health + 1
    h = next(u for u in s.units if u.troop == HOUSE and u.zone == CAMP)
    mode(g).place(g, h.uid, mode(g).deployment_hexes(s, HOUSE)[0])
    assert h.hp == h.unit.health  # the house's units are not changed
    assert mode(new(10)).cap == 24 and mode(new(4)).cap == 30


# mutant checked: draft() ignoring "units-only" (tactics offered)
def test_drafting_policies_player_units_only_random_ORI_TR_4():
    asked = []
    g = new(4, draft="units-only", picks=lambda o: (asked.append(list(o)), o[-1])[1])
    assert asked and all(all(c in CAT.units for c in o) for o in asked)
    assert all(c in CAT.units for c in g.state.troops[HOUSE].lineup)
    asked.clear()
    g = new(4, draft="random", picks=lambda o: (asked.append(o), o[0])[1])
    assert not asked and len(g.state.troops[HOUSE].lineup) == 6  # drawn by the game's rng, nobody asked
    lineups = {tuple(new(4, draft="random", seed=k).state.troops[HOUSE].lineup) for k in range(4)}
    assert len(lineups) > 1
    g = new(4, draft="player", picks=lambda o: (asked.append(o), o[0])[1])
    assert asked and any(c in CAT.tactics for o in asked for c in o)
    assert set(DRAFTS) == {m.titan for m in OriginsSoloTrials.matchups(("red-house",), arenas=("xanadu",), titans=(),
                                                                     coop=False)}


# --------------------------------------------------------------------------- the champions' solo notes


# mutant checked: after_defeat ending the challenge on the champion's defeat (`is_challenger_piece` -> champion only)
def test_xanadu_champions_elevated_on_an_arena_hex_their_defeat_does_not_end_it_ORI_TR_5_ORI_37():
    g = new(6)  # Xanadu Challenger C, Ariq Boke
    s = g.state
    ariq = put(g, "ariq-boke", 24, CHALLENGER)
    assert ariq.unit.kind == "champion" and is_elevated(s, ariq)
    from hoplostat.engine import rules

    rules.move(g, ariq, 17)
    assert not is_elevated(s, ariq)
    rules.move(g, ariq, 25)
    assert is_elevated(s, ariq)
    put(g, "green-attacker", 6, CHALLENGER)
    defeat(g, ariq)
    assert ariq.zone == DISCARD and s.end_reason is None  # "does NOT end this challenge"


# mutant checked: after_defeat for the challenger using is_gladiator (the champion left standing, yet "eliminated")
def test_the_challenger_is_eliminated_when_every_gladiator_and_its_champion_are_down_ORI_TR_12_R_ORI_TR_6():
    g = new(6)
    s = g.state
    mine = [u for u in s.units if u.troop == CHALLENGER]
    glads = [u for u in mine if u.unit.kind != "champion"]
    champ = next(u for u in mine if u.unit.kind == "champion")
    for k, u in enumerate(glads):
        put(g, u.unit.id, (6, 13, 30, 38)[k], CHALLENGER)
    put(g, "ariq-boke", 24, CHALLENGER)
    for u in glads:
        defeat(g, u)
    assert s.end_reason is None  # its champion still stands
    defeat(g, champ)
    assert s.winner == HOUSE and "champion" in s.end_reason
    # El Dorado the same (ORI-45)
    g = new(10)
    s = g.state
    zipa = put(g, "the-zipa", 30, CHALLENGER)
    defeat(g, zipa)
    assert s.end_reason is None


# mutant checked: pick_ups without the champion clause (only gladiators pick up a Tribute)
def test_el_dorado_champions_elevated_while_they_hold_the_tribute_ORI_TR_6_ORI_45_R_ORI_TR_7():
    g = new(10)  # El Dorado Challenger C, The Zipa; the challenger is blue: its Tribute on 28
    s = g.state
    t = s.troops[CHALLENGER]
    assert t.side == "blue" and t.tribute_hex == 28
    zipa = put(g, "the-zipa", 28, CHALLENGER)
    assert not is_elevated(s, zipa)
    mode(g).pick_ups(g, CHALLENGER)
    assert t.tribute_holder == zipa.uid and is_elevated(s, zipa)
    g2 = new(10)
    glad = put(g2, "orange-attacker", 28, CHALLENGER)
    mode(g2).pick_ups(g2, CHALLENGER)
    assert g2.state.troops[CHALLENGER].tribute_holder == glad.uid  # a gladiator as before
    defeat(g, zipa)
    assert t.tribute_holder == -1 and t.tribute_hex == 28 and s.end_reason is None


# mutant checked: begin not making the Atlantis champion the acting Leader (the first gladiator doubled instead);
# the challenger's deploy without "the champion first in Atlantis"
def test_atlantis_champions_are_acting_leaders_without_double_health_defeat_wins_ORI_TR_7_ORI_51_R_ORI_TR_5():
    g = new(17)  # Atlantis Challenger C, Gadir
    s = g.state
    t = s.troops[CHALLENGER]
    gadir = next(u for u in s.units if u.troop == CHALLENGER and u.unit.id == "gadir")
    assert t.leader == gadir.uid
    hexes = mode(g).deployment_hexes(s, CHALLENGER)
    other = next(u for u in s.units if u.troop == CHALLENGER and u.zone == CAMP and u.uid != gadir.uid)
    mode(g).place(g, other.uid, hexes[0])
    assert other.hp == other.unit.health + 1 and t.leader == gadir.uid  # +1: the card's challenger-health, no double
    mode(g).place(g, gadir.uid, hexes[1])
    assert gadir.hp == gadir.unit.health + 1  # no double Health (its +1 is the card's)
    h = next(u for u in s.units if u.troop == HOUSE and u.zone == CAMP)
    mode(g).place(g, h.uid, mode(g).deployment_hexes(s, HOUSE)[0])
    assert s.troops[HOUSE].leader == h.uid and h.hp == 2 * h.unit.health  # the house's Leader is still doubled
    defeat(g, gadir)
    assert s.winner == HOUSE  # "Eliminating Gadir or Atlas WILL win the challenge!"
    # the challenger deploys its acting Leader first, even when its stance would rather send another (a slow one)
    g = new(17)
    ctl = g.controllers[CHALLENGER]
    g.state.stance, g.state.roll = "rush", (True, True, 2)
    gadir = next(u for u in g.state.units if u.troop == CHALLENGER and u.unit.id == "gadir")
    gadir.unit = dataclasses.replace(gadir.unit, movement=1, health=1)
    opts = mode(g).gladiator_options(g.state, CHALLENGER)
    assert g.state.units[ctl.choose(g, CHALLENGER, "deploy", opts, optional=True)[0]].unit.id == "gadir"
    g = new(6)  # elsewhere the stance decides: rush sends the fastest
    g.state.stance, g.state.roll = "rush", (True, True, 2)
    opts = mode(g).gladiator_options(g.state, CHALLENGER)
    pick = g.state.units[g.controllers[CHALLENGER].choose(g, CHALLENGER, "deploy", opts, optional=True)[0]]
    assert pick.unit.movement == max(g.state.units[uid].unit.movement for uid, _ in opts)


# mutant checked: om.tactic_allowed returning True for champions
def test_a_stun_tactic_never_goes_on_a_champion_ORI_TR_8_ORI_16():
    g = new(6, picks=lambda o: next((c for c in ("green-stun", "blue-hamstring") if c in o), o[0]))
    s = g.state
    assert {"green-stun", "blue-hamstring"} <= set(s.troops[HOUSE].lineup)
    put(g, "yellow-tactician" if "yellow-tactician" in s.troops[HOUSE].lineup else s.troops[HOUSE].lineup[2], 25, HOUSE)
    ariq = put(g, "ariq-boke", 26, CHALLENGER)
    hand = s.troops[HOUSE].tactics_camp
    opts = om.tactic_options(s, HOUSE)
    on_ariq = {hand[i].id for i, uid in opts if uid == ariq.uid}
    assert "blue-hamstring" in on_ariq and "green-stun" not in on_ariq


# --------------------------------------------------------------------------- the challenger AI


# mutant checked: stance_of returning the last directive's stance (no reaction to the house); player-near never holding
def test_the_first_directive_whose_condition_holds_sets_the_stance_ORI_TR_9_R_ORI_TR_3():
    g = new(4)  # Xanadu Challenger D: player-near: hunt; player-on-objective: counter; always: rush
    s = g.state
    m = mode(g)
    assert s.troops[CHALLENGER].side == "blue" and m.deployment_hexes(s, CHALLENGER) == (12, 20, 37, 44)
    m.start(g, CHALLENGER)
    assert s.stance == "rush"
    camp = [u for u in s.units if u.troop == HOUSE and u.zone == CAMP]
    put(g, camp[0].unit.id, 25, HOUSE)  # the house takes the summit
    m.start(g, CHALLENGER)
    assert s.stance == "counter"
    put(g, camp[1].unit.id, 31, HOUSE)  # far from the challenger's deployment hexes: still counter
    m.start(g, CHALLENGER)
    assert s.stance == "counter"
    put(g, camp[2].unit.id, 36, HOUSE)  # next to its deployment hex 37: the first directive now holds
    m.start(g, CHALLENGER)
    assert s.stance == "hunt"
    assert "stance hunt" in "\n".join(s.log)
    # each condition on its own
    g = new(6)
    s = g.state
    assert ch.condition_holds(s, "always", ())
    assert not ch.condition_holds(s, "player-outnumbers", ())
    put(g, s.troops[HOUSE].lineup[0], 17, HOUSE)
    assert ch.condition_holds(s, "player-outnumbers", ())
    ariq = put(g, "ariq-boke", 6, CHALLENGER)
    assert not ch.condition_holds(s, "champion-hurt", ())
    ariq.hp = 3
    assert ch.condition_holds(s, "champion-hurt", ())


# mutant checked: the controller's move ignoring the movement die (every unit moves on a blank); two attacks on no
# attack hit; Alternate Attacks on a blank skill die
def test_the_four_die_roll_decides_skills_movement_and_attacks_ORI_TR_10_R_ORI_TR_4():
    g = new(4, roller=FixedRoller(mode="all"))
    assert ch.roll(g, ("yellow",) * 4) == (True, True, 2)
    g.roller = FixedRoller([1, 0, 1, 0])
    assert ch.roll(g, ("yellow", "blue", "green", "black")) == (True, False, 1)
    assert [p.size for p in g.roller.rolled] == [1, 1, 1, 1]  # four dice, one at a time
    g = new(4)
    s = g.state
    a = put(g, "blue-defender", 20, CHALLENGER)
    b = put(g, "yellow-attacker", 37, CHALLENGER)
    ctl = g.controllers[CHALLENGER]
    s.stance = "rush"
    opts = [(a.uid, 19), (a.uid, 26), (b.uid, 36)]
    s.roll = (False, False, 0)
    first = ctl.choose(g, CHALLENGER, "move", opts, optional=True)
    assert first == (a.uid, 26)  # nearest the summit
    a.moved_turn = s.turn
    assert ctl.choose(g, CHALLENGER, "move", [(b.uid, 36)], optional=True) is None  # blank: one unit moves
    s.roll = (False, True, 0)
    assert ctl.choose(g, CHALLENGER, "move", [(b.uid, 36)], optional=True) == (b.uid, 36)
    # attacks: no hit, one unit; one hit, two; two, every unit
    house = put(g, s.troops[HOUSE].lineup[0], 27, HOUSE)
    att = [("attack", a.uid, house.uid), ("attack", b.uid, house.uid)]
    for hits, allowed in ((0, 1), (1, 2), (2, 2)):
        s.roll = (False, True, hits)
        a.engaged_turn = s.turn
        b.engaged_turn = s.turn - 1
        got = ctl.choose(g, CHALLENGER, "engage", att[1:], optional=True)
        assert (got is not None) == (allowed > 1), hits
    # skills: Abilities, tactics and Alternate Attacks only on a hit of the skill die
    a.engaged_turn = b.engaged_turn = s.turn - 1
    special = [("special", a.uid, "whirlwind", ())]
    s.roll = (False, True, 2)
    assert ctl.choose(g, CHALLENGER, "engage", special, optional=True) is None
    assert ctl.choose(g, CHALLENGER, "ability", [(a.uid, "swap", (b.uid,))], optional=True) is None
    s.roll = (True, True, 2)
    assert ctl.choose(g, CHALLENGER, "engage", special, optional=True) == special[0]
    # and the roll is made, logged, at the start of each challenger turn
    g = new(4, roller=FixedRoller(mode="none"))
    mode(g).start(g, CHALLENGER)
    assert g.state.roll == (False, False, 0) and "movement die blank" in "\n".join(g.state.log)


# --------------------------------------------------------------------------- the campaign


def _simulate_by_hand(p, rng, campaigns):
    """The campaign rule played step by step (an oracle independent of `campaign`): games and games per trial."""
    games = np.zeros(campaigns, dtype=np.int64)
    at = np.zeros((campaigns, len(p)))
    for k in range(campaigns):
        i, attempt, n = 0, 1, 0
        while True:
            n += 1
            at[k, i] += 1
            if rng.random() < p[i]:
                i, attempt = i + 1, 1
                if i == len(p):
                    break
            elif attempt == 1:
                attempt = 2
            else:
                i, attempt = max(i - 1, 0), 1
        games[k] = n
    return games, at


# mutant checked: campaign.transitions failing attempt 2 to the same trial (no step back); trial 1 failed twice going
# to its second attempt; stalls counting only first attempts
def test_the_campaign_exact_chain_matches_simulated_campaigns_ORI_TR_11_R_ORI_TR_8():
    # by hand: one trial is a geometric number of games; two with the first always passed has a closed form
    assert campaign.expected_games([0.25]) == pytest.approx(4.0)
    r = 0.4
    assert campaign.expected_games([1.0, 1 - r]) == pytest.approx(1 + (1 + r + r * r) / (1 - r * r))
    Q, R = campaign.transitions([0.3, 0.6])
    assert Q[campaign.state(0, 2), campaign.state(0, 1)] == pytest.approx(0.7)  # trial 1 twice failed: trial 1 again
    assert Q[campaign.state(1, 2), campaign.state(0, 1)] == pytest.approx(0.4)  # back one trial
    assert np.allclose(Q.sum(1) + R, 1.0)
    rng = np.random.default_rng(48)
    for p in ([0.5, 0.7, 0.4], [0.9, 0.35, 0.8, 0.6, 0.5],
              [1, 1, .9, .7, 1, .6, .6, .9, 1, .5, .4, 1, .2, .5, .9, .8, .3, .1, .2, .1]):
        n = 4000 if len(p) < 10 else 1500
        exact = campaign.expected_games(p)
        for games in (campaign.simulate(p, n, rng=rng), _simulate_by_hand(p, rng, n)[0]):
            assert (games > 0).all()
            se = games.std(ddof=1) / np.sqrt(n)
            assert abs(games.mean() - exact) < 3.29 * se, (p, games.mean(), exact, se)  # 99.9% interval
            for q in (0.25, 0.5, 0.9):  # the distribution: P(T <= t) at the exact quantiles, binomial intervals
                t = campaign.quantile(p, q)
                f = campaign.cdf_at(p, int(t))
                emp = (games <= t).mean()
                assert abs(emp - f) < 3.29 * np.sqrt(f * (1 - f) / n) + 1 / n, (p, q, emp, f)
        games, at = _simulate_by_hand(p, rng, n)
        st = campaign.stalls(p)
        mean_at = at.mean(0)
        se_at = at.std(0, ddof=1) / np.sqrt(n)
        assert np.all(np.abs(mean_at - st["games"]) < 3.29 * se_at + 1e-9), (mean_at, st["games"])
        d = campaign.distribution(p, mass=0.9999)
        assert d.sum() == pytest.approx(1.0, abs=2e-4) and (np.arange(d.size) * d).sum() == pytest.approx(exact, rel=0.01)
    assert campaign.expected_games([0.5, 0.0]) == float("inf") and not campaign.clears([0.5, 0.0])


# --------------------------------------------------------------------------- sweeps and stand-ins


# mutant checked: analysis.trial_rates counting draws as passes (pl.col("outcome") != "lost")
def test_a_sweep_gives_pass_rates_per_trial_and_policy_and_the_campaign_ORI_TR_11(tmp_path, capsys):
    out = tmp_path / "s"
    code, _, err = run_cli(capsys, "sweep", NAME, "--games", "2", "--jobs", "2", "--seed", "4", "-f", "red-house",
                           "--out", str(out))
    assert code == 0, err
    s = run_json(capsys, "summarize", str(out))
    assert s["games"] == 20 * len(DRAFTS) * 2
    rows = s["trials"]
    assert {(r["draft"], r["trial"]) for r in rows} == {(d, n) for d in DRAFTS for n in range(1, 21)}
    import polars as pl

    games = pl.read_parquet(list((out / "games").glob("*.parquet")))
    for r in rows:
        sub = games.filter((pl.col("draft") == r["draft"]) & (pl.col("trial") == r["trial"]))
        assert r["games"] == sub.height and r["passes"] == int(sub["passed"].sum())
        assert r["pass_rate_lo"] <= r["pass_rate"] <= r["pass_rate_hi"]
    camp = {r["draft"]: r for r in s["campaign"]}
    assert set(camp) == set(DRAFTS)
    for d, r in camp.items():
        p = [x["pass_rate"] for x in sorted((x for x in rows if x["draft"] == d), key=lambda x: x["trial"])]
        want = campaign.expected_games(p)
        assert (r["mean"] is None and want == float("inf")) or r["mean"] == pytest.approx(want)
    kinds = s["stand_ins"]["by_kind"]
    assert kinds["trial card"] == {"chips": 20, "stand_in": 20} and kinds["challenger card"]["chips"] == 12
    code, _, err = run_cli(capsys, "report", str(out), "--out", str(tmp_path / "rep"))
    assert code == 0, err
    page = (tmp_path / "rep" / "index.html").read_text()
    assert "The campaign" in page and "Pass rate per trial" in page and "20 trial cards carry stand-in values" in page
    assert "than its average trial" in page and page.index("The campaign") < page.index("Attack odds per unit")
    code, text, _ = run_cli(capsys, "summarize", str(out))
    assert "Pass rate per trial" in text and "games to clear all 20 trials" in text
    # a game replays from its row (the matchup's trial and drafting policy)
    row = games.filter(pl.col("draft") == "units-only").sort("matchup", "game").row(5, named=True)
    code, text, err = run_cli(capsys, "replay", str(out), str(row["game"]), "--matchup", row["matchup"])
    assert code == 0, err
    assert f"Trial {row['trial']} ({row['trial_id']}" in text and "(units-only)" in text and "same rounds and end reason" in text
    # compare and robustness count each trial and policy as a subject (`TrialsAnalysis.subject_trials`)
    import shutil

    shutil.copytree(out, tmp_path / "again")
    c = run_json(capsys, "compare", str(out), str(tmp_path / "again"))
    keys = {r["key"] for r in c["table"]}
    assert "trial-01 (player)" in keys and len(keys) == 20 * len(DRAFTS)
    assert all(r["diff"] == 0 for r in c["table"])


# mutant checked: the random draft drawing from a fresh generator instead of the game's rng
def test_the_same_seed_gives_the_same_sweep_whatever_jobs_ORI_TR_11(tmp_path, capsys):
    import polars as pl

    frames = []
    for jobs in ("1", "2"):
        out = tmp_path / f"s{jobs}"
        code, _, err = run_cli(capsys, "sweep", NAME, "--games", "2", "--jobs", jobs, "--seed", "9", "-a", "atlantis",
                               "--chunk", "1", "--out", str(out))
        assert code == 0, err
        frames.append(pl.read_parquet(list((out / "games").glob("*.parquet"))).sort("matchup", "game"))
    assert frames[0].height == 6 * len(DRAFTS) * 2 * 2
    assert frames[0].equals(frames[1])


# mutant checked: standin.chip_flags without the cards clause (the trial card not counted)
def test_every_stand_in_card_and_challenger_chip_is_counted_ORI_TR_13(tmp_path, capsys):
    d = run_json(capsys, "play", NAME, "--seed", "1", "--option", "trial=5")
    si = d["stand_ins"]
    assert {"trial-05", "xanadu-b"} <= set(si["stand_in_ids"])
    assert si["by_kind"]["trial card"] == {"chips": 1, "stand_in": 1}
    assert set(cards.trial(CAT, 5).team) <= set(si["stand_in_ids"])
    real = run_json(capsys, "play", NAME, "--seed", "1", "--option", "trial=5", "--data", str(_overlay(tmp_path, CARD_5)))
    assert real["stand_ins"]["by_kind"]["trial card"] == {"chips": 1, "stand_in": 0}
    code, out, _ = run_cli(capsys, "play", NAME, "--seed", "1", "--option", "trial=5")
    assert re.search(r"\d+ of the \d+ chips in this game carry stand-in values", out)


# --------------------------------------------------------------------------- the checklist


def test_every_ori_tr_id_of_the_checklist_is_named_by_a_test_here():
    ids = set(re.findall(r"^- (ORI-TR-\d+)", (ROOT / "docs" / "origins.md").read_text(), re.MULTILINE))
    assert ids == {f"ORI-TR-{n}" for n in range(1, 14)}
    names = " ".join(n for n in globals() if n.startswith("test_"))
    named = {f"ORI-TR-{m}" for m in re.findall(r"ORI_TR_(\d+)", names)}
    assert ids - named == set()
    assert NAME in modes() and mode_class(NAME).analysis == "campaign"


def test_seeded_trials_with_every_player_end_and_replay(capsys):
    for policy in ("greedy", "random", "lookahead:4"):
        for n in (3, 11, 18):
            rng = np.random.default_rng(n)
            spec = GameSpec(NAME, ("blue-house",), "", options=(("trial", str(n)),))
            one = play(CAT, spec, [make(policy, rng=rng)], rng=rng, log=True)
            rng = np.random.default_rng(n)
            two = play(CAT, spec, [make(policy, rng=rng)], rng=rng, log=True)
            assert one.log == two.log and one.end_reason != "unfinished"
            assert json.dumps(one.extras["lineup"]) == json.dumps(two.extras["lineup"])
