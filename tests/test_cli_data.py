"""`hoplostat data ...`: list, show, validate, audit, template; errors are one `error:` line, exit 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hoplostat.cli import main

MARKSMAN = """
[[unit]]
id = "kunlun/marksman"
name = "Marksman"
kind = "unit"
faction = "kunlun"
classes = ["archer"]
movement = 2
range = 2
health = 2
attack = "black+yellow"
skills = ["first-strike", "long-shot 4"]
provenance = "public"
source = "my chip"
"""


@pytest.fixture(autouse=True)
def _no_env(monkeypatch):
    monkeypatch.delenv("HOPLOSTAT_DATA", raising=False)
    monkeypatch.setenv("COLUMNS", "200")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        main(list(argv))
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 0
    out, err = capsys.readouterr()
    return code, out, err


def test_list_units_of_a_faction(capsys):
    code, out, err = run(capsys, "data", "list", "unit", "--faction", "kunlun")
    assert code == 0 and "kunlun/marksman" in out and "Mountain Radical" in out and "amazons" not in out


def test_list_json(capsys):
    code, out, _ = run(capsys, "data", "list", "titan", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["count"] == 6 and {e["id"] for e in doc["entries"]} >= {"mars", "ifreet", "shaghad"}
    code, out, _ = run(capsys, "data", "list", "skills", "--json")
    assert json.loads(out)["count"] == 24 + 8  # + the eight skills of data/remastered/naumachia.toml


def test_show_json_and_table(capsys):
    code, out, _ = run(capsys, "data", "show", "kunlun/marksman", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["entry"]["range"] == 2 and doc["entry"]["attack"] == "black+yellow"
    assert doc["entry"]["provenance"]["range"] == "rulebook"
    code, out, _ = run(capsys, "data", "show", "mars")
    assert code == 0 and "hero > weakest" in out and "toss" in out
    code, out, _ = run(capsys, "data", "show", "pozzuoli")
    assert code == 0 and "R R . . . . . . B B" in out
    code, out, _ = run(capsys, "data", "show", "antony-blackbird", "--json")
    assert json.loads(out)["immortal"]["triggers"][0]["colour"] == "green"


def test_validate_overlay_and_audit_drop(capsys, tmp_path):
    (tmp_path / "x.toml").write_text(MARKSMAN)
    code, out, _ = run(capsys, "data", "validate")
    assert code == 0 and out.startswith("ok: 189 entries")  # 167 + the 22 entries of Naumachia (8 skills, 13 chips, 1 arena)
    code, out, _ = run(capsys, "data", "validate", str(tmp_path))
    assert code == 0 and out.startswith("ok: 189 entries") and "2 directories" in out
    _, base, _ = run(capsys, "data", "audit", "--json")
    _, mine, _ = run(capsys, "data", "audit", "--json", "--data", str(tmp_path))
    assert json.loads(mine)["total"]["stand_in_values"] < json.loads(base)["total"]["stand_in_values"]
    code, out, _ = run(capsys, "data", "audit")
    assert code == 0 and "stand-ins by faction" in out and "kunlun" in out


def test_env_overlay(capsys, tmp_path, monkeypatch):
    (tmp_path / "x.toml").write_text(MARKSMAN)
    monkeypatch.setenv("HOPLOSTAT_DATA", str(tmp_path))
    code, out, _ = run(capsys, "data", "show", "kunlun/marksman", "--json")
    assert json.loads(out)["entry"]["health"] == 2


@pytest.mark.parametrize("kind", ["unit", "hero", "tactic", "skill", "immortal", "titan", "faction", "arena"])
def test_templates_are_valid_overlays(capsys, tmp_path, kind):
    code, out, _ = run(capsys, "data", "template", kind)
    assert code == 0 and out.startswith("#")
    (tmp_path / f"{kind}.toml").write_text(out)
    code, out, err = run(capsys, "data", "validate", str(tmp_path))
    assert code == 0, err
    assert out.startswith("ok:")


@pytest.mark.parametrize(
    "argv,pattern",
    [
        (["data", "list", "wizards"], "unknown kind 'wizards'"),
        (["data", "list", "unit", "--faction", "kunlum"], "unknown faction 'kunlum'; did you mean 'kunlun'"),
        (["data", "show", "kunlun/marksmen"], "unknown id 'kunlun/marksmen'; did you mean 'kunlun/marksman'"),
        (["data", "template", "wizard"], "no template for 'wizard'"),
        (["data", "validate", "/nonexistent/dir"], "does not exist"),
    ],
)
def test_bad_input_is_one_error_line(capsys, argv, pattern):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1 and pattern in err


def test_broken_overlay_file(capsys, tmp_path):
    (tmp_path / "x.toml").write_text(MARKSMAN.replace("range = 2", 'range = "two"'))
    code, _, err = run(capsys, "data", "validate", str(tmp_path))
    assert code == 2
    assert err == (
        f"error: {tmp_path / 'x.toml'}: unit 'kunlun/marksman': field 'range': "
        'expected an integer 1..8, got "two" (line 9)\n'
    )


def _hoplostat() -> list[str]:
    exe = Path(sys.executable).with_name("hoplostat")
    return [str(exe)] if exe.exists() else [sys.executable, "-c", "from hoplostat.cli import main; main()"]


def test_subprocess_validate_and_error(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "HOPLOSTAT_DATA"}
    ok = subprocess.run([*_hoplostat(), "data", "validate"], capture_output=True, text=True, env=env, timeout=60)
    assert ok.returncode == 0 and ok.stdout.startswith("ok: 189 entries")
    (tmp_path / "x.toml").write_text("[[unit]\n")
    bad = subprocess.run([*_hoplostat(), "data", "validate", str(tmp_path)], capture_output=True, text=True, env=env, timeout=60)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.startswith("error: ") and "malformed TOML" in bad.stderr and "Traceback" not in bad.stderr
    assert bad.stderr.count("\n") == 1


def test_data_commands_read_another_rule_sets_catalog_with_ruleset(capsys, tmp_path):
    """`--ruleset rise-of-rome`: its cities, chips and board; an overlay of Rise of Rome chips validates
    against it; an unknown rule set is one error line."""
    code, out, err = run(capsys, "data", "list", "--ruleset", "rise-of-rome", "--json")
    assert code == 0
    ids = {e["id"] for e in json.loads(out)["entries"]}
    assert {"rome-champion", "pompeii/archer-1", "sextus", "amazonian-archer"} <= ids and "kunlun/marksman" not in ids
    code, out, err = run(capsys, "data", "show", "rome/tactician-1", "--ruleset", "rise-of-rome", "--json")
    assert code == 0 and json.loads(out)["entry"]["tactical_range"] == 3
    (tmp_path / "mine.toml").write_text('[[unit]]\nid = "rome/archer-1"\nname = "My Archer"\nkind = "unit"\n'
                                        'faction = "rome"\nclasses = ["archer"]\nmovement = 1\nrange = 3\n'
                                        'tactical_range = 2\nhealth = 4\nattack = "2blue"\nskills = ["long-shot"]\n'
                                        'provenance = "public"\nsource = "my chip"\n', encoding="utf-8")
    code, out, err = run(capsys, "data", "validate", str(tmp_path), "--ruleset", "rise-of-rome")
    assert code == 0 and out.startswith("ok:")
    code, out, err = run(capsys, "data", "validate", str(tmp_path))  # the Remastered catalog has no city rome
    assert code == 2 and err.startswith("error:")
    code, out, err = run(capsys, "data", "audit", "--ruleset", "atlantis")
    assert code == 2 and err.strip() == "error: rule set 'atlantis' has no embedded catalog (data/atlantis/)"
