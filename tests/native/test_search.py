"""The native search player (`search:N`, issue 45) and what is built on it: the ladder of rungs, the converge
command, the report's "Do these verdicts hold for stronger players?" section."""

from __future__ import annotations

import json

import numpy as np
import pytest

from hoplostat.catalog import load
from hoplostat.engine import native
from hoplostat.engine.loop import GameSpec, play
from hoplostat.ladder import RUNGS, LadderConfig, ladder_table, run_ladder
from hoplostat.policies import make
from tests.clihelp import run_cli

pytestmark = pytest.mark.skipif(not native.available(), reason="the native core is not built (docs/native.md)")


def _game(seed: int, arena: str, players=("search:8", "greedy"), *, log: bool = True):
    cat = load((), use_env=False)
    rng = np.random.default_rng(seed)
    spec = GameSpec("skirmish", ("kunlun", "parthians"), arena)
    ctrls = [make(p, rng=rng) for p in players]
    return play(cat, spec, ctrls, rng=rng, log=log), ctrls, rng


@pytest.mark.parametrize("arena", ["pozzuoli", "colosseum"])
def test_a_search_game_replays_from_its_seed_and_searches_its_decisions(arena):
    (a, ctrls, rng), (b, _, rng_b) = _game(3, arena), _game(3, arena)
    assert a.engine == "native" and a.log == b.log and a.rounds == b.rounds
    assert rng.bit_generator.state == rng_b.bit_generator.state
    assert ctrls[0].searched > 0 and ctrls[0]._search is not None
    # the search's streams are spawned from the game's: the game's own dice are not drawn by it
    (c, _, _), = [_game(3, arena, ("search:8", "greedy"))]
    assert c.log == a.log


def test_a_colosseum_search_also_searches_decisions_a_rule_asks():
    """Crowd favor tracks, support chips, rewards are asked from inside the rules: the search replays the step
    up to them (a replay that went astray would stop the game with a panic naming the decision)."""
    searched = 0
    for seed in range(4):
        res, ctrls, _ = _game(seed, "colosseum", ("search:8", "search:8"), log=True)
        searched += ctrls[0].searched + ctrls[1].searched
        assert res.end_reason != "unfinished"
        assert any("reaches the reward" in line or "earns" in line for line in res.log)
    assert searched > 50


@pytest.mark.parametrize("args, what", [
    (["play", "skirmish", "--seed", "1", "--policies", "search:64,greedy", "--engine", "python"],
     "--engine python: the search player (search:N) is played by the native core only"),
    (["play", "skirmish", "--seed", "1", "--policies", "search:0,greedy"], "search:0: the budget"),
    (["play", "skirmish", "--seed", "1", "--policies", "search:x"], "search:x: the budget"),
    (["ladder", "onslaught", "--rungs", "--games", "2"], "--rungs: only for competitive modes"),
    (["converge", "onslaught", "--games", "1"], "converge: onslaught's players play alone"),
    (["converge", "skirmish", "--rungs", "greedy"], "--rungs 'greedy': two players or more"),
])
def test_bad_input_is_one_error_line(capsys, args, what):
    code, _out, err = run_cli(capsys, *args)
    assert code == 2 and what in err and err.count("\n") == 1, err


def test_a_game_with_the_search_says_only_the_core_plays_it(capsys):
    code, out, err = run_cli(capsys, "play", "skirmish", "--seed", "1", "--policies", "search:4,greedy")
    assert code == 0, err
    assert "played by the native core (the search player is the core's alone)" in out
    assert "--engine python to check" not in out


def test_the_rungs_play_each_against_the_one_below_named_first():
    cfg = LadderConfig("skirmish", RUNGS, games=2, adjacent=True)
    assert cfg.pairings() == [("lookahead:8", "greedy"), ("search:64", "lookahead:8"), ("search:512", "search:64")]
    assert LadderConfig("skirmish", ("a", "b", "c"), adjacent=False).pairings() == [("a", "b"), ("a", "c"), ("b", "c")]


@pytest.mark.slow
def test_the_search_beats_greedy_clearly():
    """search:64 against greedy, 40 games in pairs with the seats swapped on both arenas: a search that only
    repeated greedy's choice would score about 50% (it scores about 89% over 100 games)."""
    cfg = LadderConfig("skirmish", ("greedy", "search:64"), games=40, seed=7, adjacent=True)
    (row,) = ladder_table(run_ladder(cfg, jobs=2)).to_dicts()
    assert row["p"] == "search:64" and row["score_lo"] > 0.6, row


def test_converge_sweeps_rungs_until_they_agree_or_the_rungs_end(capsys, tmp_path, monkeypatch):
    out = tmp_path / "cv"
    args = ["converge", "skirmish", "--rungs", "greedy,lookahead:2,search:4", "-f", "kunlun", "-f", "amazons", "-f",
            "parthians", "-f", "lamosians", "-a", "pozzuoli", "--games", "2", "--out", str(out), "--json"]
    import hoplostat.converge as cv

    monkeypatch.setattr(cv, "AGREE", -1.0)  # any two rungs agree: it stops after the second
    code, said, err = run_cli(capsys, *args)
    assert code == 0, err
    got = json.loads(said)
    assert got["swept"] == ["greedy", "lookahead:2"] and got["converged_at"] == "greedy"
    assert (out / "greedy" / "manifest.json").is_file() and not (out / "search-4").exists()
    assert json.loads((out / "converge.json").read_text())["converged_at"] == "greedy"
    monkeypatch.setattr(cv, "AGREE", 2.0)  # never: every rung, the first two resumed from disk
    code, said, err = run_cli(capsys, *args)
    assert code == 0, err
    got = json.loads(said)
    assert got["swept"] == ["greedy", "lookahead:2", "search:4"] and got["converged_at"] is None
    assert "without the verdicts converging" in got["why"] and len(got["steps"]) == 2
    step = got["steps"][1]
    assert {v["change"] for v in step["verdicts"]} <= {"holds", "changes", "reverses"}
    assert len(step["verdicts"]) == 4


def test_a_time_budget_stops_before_the_next_rung(capsys, tmp_path):
    args = ["converge", "skirmish", "--rungs", "greedy,random,lookahead:2", "-f", "kunlun", "-f", "amazons", "-f",
            "parthians", "-a", "pozzuoli", "--games", "1", "--out", str(tmp_path / "cv"), "--minutes", "0.0001",
            "--json"]
    code, said, err = run_cli(capsys, *args)
    assert code == 0, err
    got = json.loads(said)
    assert got["swept"] == ["greedy", "random"] and "time budget" in got["why"]


def test_verdict_changes_are_holds_changes_or_reverses():
    from hoplostat.converge import verdict_change

    assert verdict_change("stronger", "stronger") == "holds"
    assert verdict_change("stronger", "same") == "changes"
    assert verdict_change("weaker", "stronger") == "reverses"
    assert verdict_change("easier", "harder") == "reverses"


def test_the_report_says_whether_the_verdicts_hold_for_a_stronger_player(capsys, tmp_path):
    base = ["sweep", "skirmish", "-f", "kunlun", "-f", "amazons", "-f", "parthians", "-a", "pozzuoli", "--games", "4"]
    assert run_cli(capsys, *base, "--out", str(tmp_path / "g"))[0] == 0
    assert run_cli(capsys, *base, "--policies", "search:4", "--out", str(tmp_path / "s"))[0] == 0
    code, _out, err = run_cli(capsys, "report", str(tmp_path / "g"), "--stronger", str(tmp_path / "s"), "--out",
                              str(tmp_path / "rep"))
    assert code == 0, err
    page = (tmp_path / "rep" / "index.html").read_text()
    assert "Do these verdicts hold for stronger players?" in page
    assert page.index('id="stronger"') < page.index('id="units"'), "near the top, not below the fold"
    assert "<th>The stronger player&#x27;s verdict</th>" in page
    assert any(w in page for w in (">holds<", ">changes<", ">reverses<"))
    code, _out, err = run_cli(capsys, "report", str(tmp_path / "g"), "--stronger", str(tmp_path / "nowhere"),
                              "--out", str(tmp_path / "rep2"))
    assert code == 2 and "nowhere" in err and not (tmp_path / "rep2").exists()
