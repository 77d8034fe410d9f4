"""The public API (`import hoplostat as hs`): its names are pinned, it loads lazily, its defaults are the
command line's, its games and sweeps are the command line's, and every table converts to pandas."""

from __future__ import annotations

import inspect
import json
import math
import subprocess
import sys

import pytest
from clihelp import run_cli as _run

import hoplostat as hs
from hoplostat.errors import InputError


@pytest.fixture
def run_cli(capsys):
    """The command line in-process: its stdout, after checking it exited 0."""

    def run(argv: list[str]) -> str:
        code, out, err = _run(capsys, *argv)
        assert code == 0, err
        return out

    return run

PUBLIC = ["OddsResult", "PlayedGame", "SweepResult", "attack_odds", "compare", "duel", "duel_matrix", "events_frame",
          "figures", "load_sweep", "modes", "play", "run_sweep", "summarize", "write_report"]


def test_public_names_are_pinned():
    """An accidental removal (or addition) of a public name fails here; change PUBLIC deliberately."""
    assert sorted(hs.__all__) == sorted(PUBLIC)
    from hoplostat import api

    assert sorted(api.__all__) == sorted(PUBLIC)
    for name in PUBLIC:
        obj = getattr(hs, name)
        assert obj is getattr(api, name)
        assert inspect.getdoc(obj) and len(inspect.getdoc(obj)) > 40, f"hs.{name} has no real docstring"
        assert name in dir(hs)
    with pytest.raises(AttributeError):
        hs.no_such_name  # noqa: B018


def test_public_names_survive_importing_the_submodules():
    """Importing hoplostat.odds / sweep / report sets those package attributes to the modules; the API's
    names must not collide with them."""
    import hoplostat.events
    import hoplostat.odds
    import hoplostat.report
    import hoplostat.sweep  # noqa: F401

    for name in PUBLIC:
        assert not inspect.ismodule(getattr(hs, name)), name


def test_import_hoplostat_is_cheap():
    code = ("import sys, hoplostat; heavy = [m for m in ('numpy', 'polars', 'pandas', 'matplotlib', 'scipy', "
            "'hoplostat.api') if m in sys.modules]; print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def _cli_defaults(fn) -> dict:
    return {p.name: p.default for p in inspect.signature(fn).parameters.values()
            if p.default is not inspect.Parameter.empty}


# API function, its CLI command, {API parameter: CLI parameter} where the names differ
PAIRS = [
    ("attack_odds", "hoplostat.cli.odds:odds", {}),
    ("duel", "hoplostat.cli.duel:duel", {}),
    ("duel_matrix", "hoplostat.cli.duel:duel_matrix", {"factions": "faction"}),
    ("play", "hoplostat.cli.play:play", {"factions": "faction"}),
    ("run_sweep", "hoplostat.cli.sweep:sweep", {"factions": "faction", "arenas": "arena", "titans": "titan"}),
    ("write_report", "hoplostat.cli.report:report", {}),
]


@pytest.mark.parametrize("name,cli,renamed", PAIRS, ids=[p[0] for p in PAIRS])
def test_defaults_are_the_command_lines(name, cli, renamed):
    from importlib import import_module

    module, attr = cli.split(":")
    cli_defaults = _cli_defaults(getattr(import_module(module), attr))
    api_defaults = _cli_defaults(getattr(hs, name))
    shared = 0
    for param, value in api_defaults.items():
        key = renamed.get(param, param)
        if key not in cli_defaults:
            continue
        shared += 1
        cli_value = cli_defaults[key]
        if cli_value is None and value in ((), None):
            continue  # an optional repeatable option: none given
        assert str(value) == str(cli_value), f"{name}({param}={value!r}) but the CLI's default is {cli_value!r}"
    assert shared >= 2


def test_play_is_the_command_lines_game(run_cli):
    game = hs.play("skirmish", ["kunlun", "amazons"], arena="pozzuoli", policies="greedy,random", seed=3, log=True)
    out = json.loads(run_cli(["play", "skirmish", "--arena", "pozzuoli", "-f", "kunlun", "-f", "amazons",
                              "--policies", "greedy,random", "--seed", "3", "--log", "--json"]))
    assert game.log == out["log"]
    assert game.result.rounds == out["rounds"] and game.result.end_reason == out["end_reason"]
    assert game.troops["outcome"].to_list() == list(out["outcomes"].values())
    assert game.troops["damage_dealt"].to_list() == [t["damage_dealt"] for t in out["troops"]]
    assert game.events["text"].to_list() == out["log"]


def test_odds_tables(run_cli):
    res = hs.attack_odds("532", "53", hp=5, reduce=1, fractions=True)
    out = json.loads(run_cli(["odds", "532", "53", "--hp", "5", "--reduce", "1", "--fractions", "--json"]))
    assert res.kill == pytest.approx(out["kill"])
    assert res.table["p"].to_list() == pytest.approx(out["pmf"])
    assert res.table["fraction"].to_list() == out["pmf_fractions"]
    assert res.attacks_to_kill["p_by_then"][-1] == pytest.approx(1 - out["turns_to_kill"]["p_more"])


def test_kill_is_one_spelling_in_the_api_and_in_odds():
    """`hs.attack_odds("532").kill` was a value (None without hp) and `odds(attack).kill(2)` a method: who learned
    one got a TypeError from the other. `kill(hp)` works on both; `.kill` stays the number for the hp given."""
    from hoplostat.dice import parse_pool
    from hoplostat.odds import Attack, odds

    exact = odds(Attack(parse_pool("532"), reduce=1))
    for hp in (1, 2, 3, 9):
        assert hs.attack_odds("532", reduce=1).kill(hp) == exact.kill(hp)
        assert hs.attack_odds("532", hp=5, reduce=1).kill(hp) == exact.kill(hp)
    with_hp = hs.attack_odds("532", hp=2, reduce=1)
    assert with_hp.kill == exact.kill(2) and f"{with_hp.kill:.4f}" == "0.1389" and with_hp.kill * 2 == 2 * exact.kill(2)
    assert hs.attack_odds("532", "53", hp=2).kill(2) == hs.attack_odds("532", "53", hp=2).kill  # focus fire too
    assert math.isnan(hs.attack_odds("532").kill)
    with pytest.raises(InputError):
        with_hp.kill(0)


def test_every_table_converts_to_pandas(tmp_path):
    import pandas as pd
    import polars as pl

    res = hs.attack_odds("532", hp=3, mc=2_000, seed=1)
    game = hs.play("onslaught", ["kunlun"], seed=2, log=True)
    sweep = hs.run_sweep("skirmish", ["kunlun", "amazons"], arenas="pozzuoli", games=2, chunk=2, seed=1,
                         out=tmp_path / "s")
    frames = {"odds.table": res.table, "odds.attacks_to_kill": res.attacks_to_kill, "modes": hs.modes(),
              "duel": hs.duel("kunlun/warrior", "amazons/warrior", trials=500, exact=True),
              "duel_matrix": hs.duel_matrix("kunlun", trials=50),
              "troops": game.troops, "units": game.units, "events": game.events,
              **{f"sweep.{k}": v for k, v in sweep.tables.items()},
              **{f"summary.{k}": v for k, v in hs.summarize(sweep).items() if v is not None}}
    for name, frame in frames.items():
        assert isinstance(frame, pl.DataFrame), name
        pdf = frame.to_pandas()
        assert isinstance(pdf, pd.DataFrame) and list(pdf.columns) == frame.columns and len(pdf) == frame.height, name
    assert set(hs.summarize(sweep)) >= {"win_rates", "matchups", "first_player", "ratings"}


def test_sweep_is_the_command_lines_sweep(tmp_path, run_cli):
    a = hs.run_sweep("skirmish", "kunlun,amazons", arenas=["pozzuoli"], games=3, chunk=2, seed=5, out=tmp_path / "a")
    run_cli(["sweep", "skirmish", "-f", "kunlun", "-f", "amazons", "-a", "pozzuoli", "--games", "3", "--chunk", "2",
             "--seed", "5", "--out", str(tmp_path / "b")])
    b = hs.load_sweep(tmp_path / "b")
    assert a.manifest["config"] == b.manifest["config"]
    assert a.games.equals(b.games) and a.units.equals(b.units)
    assert a.mode == "skirmish" and a.games.height == 6
    figs = hs.figures(a)
    assert {"win-rates", "matchups", "first-player", "ratings", "rounds", "odds"} <= set(figs)
    index = hs.write_report(tmp_path / "a", out=tmp_path / "report")
    assert index.is_file() and len(list((tmp_path / "report" / "figures").glob("*.png"))) == len(figs)

