"""Mode options (`Mode.options`, `--option NAME=VALUE`) through the real `hoplostat` Typer app: listed by
`modes`, checked against the mode's declaration, passed to the games they change, recorded in the sweep
manifest, refused on a resume with another set, shown by summarize and the report, replayed."""

from __future__ import annotations

import json

import pytest
from clihelp import run_cli
from typer.testing import CliRunner

from hoplostat import sweep as sw
from hoplostat.cli import app
from hoplostat.engine.loop import modes

RUNNER = CliRunner()


def invoke(*argv: str):
    """The app as `hoplostat` runs it, through typer's test runner; the exit status and the output."""
    res = RUNNER.invoke(app, list(argv))
    if res.exception is not None and not isinstance(res.exception, SystemExit):
        raise res.exception
    return res.exit_code, res.stdout


def invoke_json(*argv: str):
    code, out = invoke(*argv, "--json")
    assert code == 0, out
    return json.loads(out)


def test_modes_lists_each_modes_options():
    rows = {r["name"]: r for r in invoke_json("modes")}
    assert set(rows) == set(modes())
    declared = {name: [o["name"] for o in r["options"]] for name, r in rows.items() if r["options"]}
    assert declared["origins"] == ["pool"] and declared["origins-battle-royale"] == ["cf-tactics"]
    assert declared["onslaught"] == ["immortal-order"] and declared["rise-of-rome-titan"] == ["city", "second-titan"]
    assert rows["skirmish"]["options"] == []
    pool = rows["origins"]["options"][0]
    assert pool["default"] == "origins" and set(pool["values"]) == {"origins", "rise-of-rome", "lost-cities", "all"}
    assert pool["help"] and pool["kind"] == "choice"
    code, text = invoke("modes")
    # the options column, its wrapped pieces joined (the table wraps long cells)
    flat = "".join(line.split("│")[-2] for line in text.splitlines() if line.startswith("│")).replace(" ", "")
    assert code == 0 and "pool=origins|rise-of-rome|lost-cities|all(defaultorigins)" in flat
    assert "city=own|origins(defaultown)" in flat and "immortal-order=" in flat
    # an option whose default is "not set" says so, not an empty "(default )"
    assert rows["onslaught"]["options"][0]["default"] in ("", None) and "(default)" not in flat
    assert "commas(defaultnone)" in flat


def test_an_option_changes_the_games_it_should_and_only_those():
    base = ["play", "origins-battle-royale", "--seed", "2", "--arena", "xanadu"]
    plain = invoke_json(*base)
    tactics = invoke_json(*base, "--option", "cf-tactics=true")
    again = invoke_json(*base, "--option", "cf-tactics=yes")  # the same value in other words: the same game
    default = invoke_json(*base, "--option", "cf-tactics=false")  # the default: the game without the option
    assert tactics["options"] == {"cf-tactics": "true"} and plain["options"] == {} and default["options"] == {}
    drafted = [c for side in tactics["lineups"].values() for c in side]
    assert any(c.startswith("lost-cities:cf-level-") for c in drafted)
    assert not any("cf-level-" in c for side in plain["lineups"].values() for c in side)
    assert (again["lineups"], again["rounds"], again["end_reason"]) == (tactics["lineups"], tactics["rounds"],
                                                                        tactics["end_reason"])
    assert (default["lineups"], default["rounds"]) == (plain["lineups"], plain["rounds"])
    order = invoke_json("play", "onslaught", "-f", "kunlun", "--seed", "1", "--option",
                        "immortal-order=antony-blackbird")
    assert order["immortal_order"] == ["antony-blackbird"] and order["options"] == {"immortal-order": "antony-blackbird"}
    assert len(invoke_json("play", "onslaught", "-f", "kunlun", "--seed", "1")["immortal_order"]) > 1
    second = invoke_json("play", "rise-of-rome-titan", "--players", "2", "--titan", "theia", "--seed", "1",
                         "--option", "second-titan=cronus")
    assert second["titan_2"] == "cronus" and second["options"] == {"second-titan": "cronus"}
    code, text = invoke(*base, "--option", "cf-tactics=true")
    assert code == 0 and "mode options: cf-tactics=true" in text


@pytest.mark.parametrize("argv,words", [
    (["play", "origins", "--option", "poool=all"], ("--option 'poool'", "origins", "did you mean 'pool'")),
    (["play", "origins", "--option", "pool=everything"], ("--option pool=everything", "origins", "all")),
    (["play", "origins", "--option", "pool"], ("--option 'pool'", "NAME=VALUE", "origins")),
    (["play", "skirmish", "--option", "pool=all"], ("--option 'pool'", "skirmish", "no such option")),
    (["play", "origins-battle-royale", "--option", "cf-tactics=perhaps"], ("cf-tactics=perhaps", "origins-battle-royale")),
    (["play", "onslaught", "--option", "immortal-order=nobody"], ("immortal-order", "onslaught", "'nobody'")),
    (["play", "rise-of-rome-titan", "--option", "second-titan=zeus"], ("second-titan", "rise-of-rome-titan", "'zeus'")),
    (["play", "origins", "--option", "pool=all", "--option", "pool=lost-cities"], ("pool", "twice", "origins")),
    (["sweep", "origins", "--option", "pool=none", "--out", "{out}"], ("--option pool=none", "origins")),
])
def test_a_bad_option_is_one_error_line_naming_the_option_and_the_mode(capsys, tmp_path, argv, words):
    argv = [a.replace("{out}", str(tmp_path / "never")) for a in argv]
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err and all(w in err for w in words), err
    assert not (tmp_path / "never").exists()  # a sweep checks before it writes anything


SWEEP = ["sweep", "origins", "--arena", "xanadu", "--games", "4", "--chunk", "2", "--seed", "3"]


def _games(out):
    return sw.load_tables(out)[1]["games"].sort("matchup", "game")


def test_a_sweep_records_its_options_plays_them_alike_on_any_jobs_and_resume_keeps_them(tmp_path, capsys):
    plain, one, two = tmp_path / "plain", tmp_path / "one", tmp_path / "two"
    assert invoke(*SWEEP, "--out", str(plain))[0] == 0
    assert invoke(*SWEEP, "--option", "pool=all", "--jobs", "1", "--out", str(one))[0] == 0
    assert invoke(*SWEEP, "--option", "pool=all", "--jobs", "2", "--out", str(two))[0] == 0
    cfg = json.loads((one / "manifest.json").read_text())["config"]
    assert cfg["options"] == [["pool", "all"]]
    assert "options" not in json.loads((plain / "manifest.json").read_text())["config"]
    a, b, p = _games(one), _games(two), _games(plain)
    assert a.equals(b)  # whatever --jobs is
    assert a["game_seed"].to_list() == p["game_seed"].to_list()  # same seeds ...
    drafts = sw.load_tables(one)[1]["draft"]
    assert drafts.filter(drafts["chip"].str.contains(":")).height > 0  # ... other pools: other drafts
    assert sw.load_tables(plain)[1]["draft"].filter(sw.load_tables(plain)[1]["draft"]["chip"].str.contains(":")).height == 0
    kinds = set(drafts.filter(drafts["chip"].str.contains(":"))["kind"].to_list())
    assert kinds == {"gladiator"}  # the foreign chips are in the sweep's catalog (units, draft and stand-ins)
    # resume: another option set (or none) is refused, naming the options; the same one grows the sweep
    code, out, err = run_cli(capsys, *SWEEP, "--out", str(one), "--resume")
    assert code == 2 and "differs in: options" in err and "pool=all" in err and err.count("\n") == 1
    code, out, err = run_cli(capsys, *SWEEP, "--option", "pool=lost-cities", "--out", str(one), "--resume")
    assert code == 2 and "pool=lost-cities" in err
    command = sw.resume_command(one, cfg)
    assert "--option pool=all" in command
    grown = command.replace("--games 4", "--games 6").split()[1:]
    assert invoke(*grown)[0] == 0
    assert _games(one).height == 12 and _games(one).head(0).columns == a.columns
    # summarize and the report show the options where they show the settings
    code, text = invoke("summarize", str(one))
    assert code == 0 and "mode options: pool=all" in text
    assert invoke_json("summarize", str(one))["manifest"]["config"]["options"] == [["pool", "all"]]
    assert invoke("report", str(one), "--out", str(tmp_path / "rep"))[0] == 0
    assert "pool=all" in (tmp_path / "rep" / "index.html").read_text()
    # a game of the sweep replays with its options
    row = _games(one).row(1, named=True)
    r = invoke_json("replay", str(one), str(row["game"]), "--matchup", row["matchup"])
    assert r["rounds"] == row["rounds"] and r["options"] == {"pool": "all"}


def test_the_titan_city_option_sweeps_seeded_on_any_jobs(tmp_path):
    base = ["sweep", "rise-of-rome-titan", "-f", "rome", "-t", "theia", "--no-coop", "--games", "4", "--chunk", "2",
            "--option", "city=origins"]
    one, two = tmp_path / "one", tmp_path / "two"
    assert invoke(*base, "--jobs", "1", "--out", str(one))[0] == 0
    assert invoke(*base, "--jobs", "2", "--out", str(two))[0] == 0
    assert _games(one).equals(_games(two))
    units = sw.load_tables(one)[1]["units"]
    assert units.filter(units["unit"].str.starts_with("origins:")).height > 0
    assert set(units.filter(units["unit"].str.starts_with("origins:"))["kind"].to_list()) == {"unit"}


def test_the_api_takes_the_same_options_and_checks_them_too():
    import numpy as np

    from hoplostat import api
    from hoplostat.catalog import load
    from hoplostat.engine.loop import GameSpec, play
    from hoplostat.errors import InputError
    from hoplostat.policies import make

    a = api.play("origins-battle-royale", seed=2, arena="xanadu", options={"cf-tactics": "true"})
    b = api.play("origins-battle-royale", seed=2, arena="xanadu", options=["cf-tactics=on"])
    assert a.spec.options == b.spec.options == (("cf-tactics", "true"),)
    assert a.result.extras["lineups"] == b.result.extras["lineups"]
    with pytest.raises(InputError, match="pool=nowhere"):
        api.play("origins", options={"pool": "nowhere"})
    cat = load(ruleset="origins")
    spec = GameSpec("origins", ("red-house", "blue-house"), "xanadu", options=(("cf-tactics", True),))
    with pytest.raises(InputError, match="origins has no such option"):  # the Battle Royale's, not origins'
        play(cat, spec, [make("greedy", rng=np.random.default_rng(0))] * 2, rng=np.random.default_rng(0))
