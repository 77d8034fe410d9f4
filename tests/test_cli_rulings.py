"""Ruling switches on the command line: listed, chosen with --ruling on play and sweep, recorded in the manifest,
the resume command and the report, replayed; and what a switch changes, shown by `compare`."""

from __future__ import annotations

import json

from clihelp import run_cli, run_json

from hoplostat import sweep as sw

BASE = ["sweep", "skirmish", "-f", "amazons", "-f", "new-argonauts", "-a", "pozzuoli", "--games", "30", "--seed", "4"]


def test_rulings_are_listed(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "1000")  # the ids whole on one line (a pipe wraps at 100 columns)
    rows = run_json(capsys, "rulings")
    by = {r["name"]: r for r in rows}
    assert by["retaliate-when-defeated"]["ruling"] == "R-ENG-2" and by["retaliate-when-defeated"]["default"] == "yes"
    code, text, _ = run_cli(capsys, "rulings")
    assert code == 0 and "retaliate-when-defeated" in text and "alliance-catch-up-after-fourth" in text


def test_play_with_a_ruling_says_so(capsys):
    d = run_json(capsys, "play", "skirmish", "--seed", "2", "--ruling", "retaliate-when-defeated=no")
    assert d["rulings"] == {"retaliate-when-defeated": "no"}
    assert run_json(capsys, "play", "skirmish", "--seed", "2", "--ruling", "retaliate-when-defeated=yes")["rulings"] == {}
    code, _, err = run_cli(capsys, "play", "skirmish", "--ruling", "nope=no")
    assert code == 2 and err.startswith("error: --ruling 'nope'") and err.count("\n") == 1


def test_sweep_records_the_ruling_and_compare_shows_what_it_changes(tmp_path, capsys):
    plain, switched = tmp_path / "plain", tmp_path / "switched"
    assert run_cli(capsys, *BASE, "--out", str(plain))[0] == 0
    assert run_cli(capsys, *BASE, "--ruling", "retaliate-when-defeated=no", "--out", str(switched))[0] == 0
    cfg = json.loads((switched / "manifest.json").read_text())["config"]
    assert cfg["rulings"] == [["retaliate-when-defeated", "no"]]
    assert "rulings" not in json.loads((plain / "manifest.json").read_text())["config"]
    command = sw.resume_command(switched, cfg)
    assert "--ruling retaliate-when-defeated=no" in command
    code, _, err = run_cli(capsys, *command.split()[1:])
    assert code == 0, err
    code, _, err = run_cli(capsys, *BASE, "--out", str(switched), "--resume")  # without the switch: refused
    assert code == 2 and "differs in: rulings" in err
    d = run_json(capsys, "compare", str(plain), str(switched))
    assert {r["key"] for r in d["table"]} == {"amazons", "new-argonauts"}
    # the switch changed games (their win rates may still come out equal): same seeds, other games
    cols = ["matchup", "game", "rounds", "a_damage_dealt", "b_damage_dealt"]
    a = sw.load_tables(plain)[1]["games"].select(cols).sort("matchup", "game")
    b = sw.load_tables(switched)[1]["games"].select(cols).sort("matchup", "game")
    assert a["game"].to_list() == b["game"].to_list() and a.rows() != b.rows()
    code, _, err = run_cli(capsys, "report", str(switched), "--out", str(tmp_path / "rep"))
    assert code == 0, err
    assert "retaliate-when-defeated=no" in (tmp_path / "rep" / "index.html").read_text()
    # a game of the switched sweep replays under its switch
    game = sw.load_tables(switched)[1]["games"].row(3, named=True)
    r = run_json(capsys, "replay", str(switched), str(game["game"]), "--matchup", game["matchup"])
    assert r["rounds"] == game["rounds"] and r["rulings"] == {"retaliate-when-defeated": "no"}
