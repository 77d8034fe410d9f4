"""`hoplostat play onslaught` (mounted here on a tiny typer app the way the play group will mount it):
JSON contract, narration, same seed same output, bad input -> one `error:` line, exit 2."""

from __future__ import annotations

import json

import typer

from hoplostat.cli import _common
from hoplostat.cli.onslaught import onslaught

app = typer.Typer(no_args_is_help=True)


@app.callback()
def _root() -> None:
    """Test app."""


app.command("onslaught")(onslaught)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = 0
    try:
        _common.run(app, ["onslaught", *argv])
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    out, err = capsys.readouterr()
    return code, out, err


def test_json_contract(capsys):
    code, out, err = run(capsys, "--faction", "kunlun", "--seed", "3", "--max-rounds", "40", "--json")
    assert code == 0, err
    assert out.count("\n") == 1
    d = json.loads(out)
    for key in ("immortals_defeated", "waves", "rounds", "end_reason", "factions", "coop", "troops", "units",
                "capped", "immortal_order", "seed"):
        assert key in d
    assert d["factions"] == ["kunlun"] and d["coop"] is False and 0 <= d["immortals_defeated"] <= 6
    assert "log" not in d
    again = json.loads(run(capsys, "--faction", "kunlun", "--seed", "3", "--max-rounds", "40", "--json")[1])
    assert again == d


def test_coop_and_log(capsys):
    code, out, err = run(capsys, "--faction", "kunlun", "--coop", "amazons", "--seed", "1", "--max-rounds", "20",
                         "--log", "--json")
    assert code == 0, err
    d = json.loads(out)
    assert d["coop"] and d["factions"] == ["kunlun", "amazons"]
    assert d["log"][0].startswith("Set-up: Onslaught") and "-- Round 1, immortal turn" in d["log"]


def test_human_output(capsys):
    code, out, err = run(capsys, "--faction", "amazons", "--seed", "2", "--max-rounds", "30")
    assert code == 0, err
    assert "Onslaught (solo) on pozzuoli" in out and "immortals defeated" in out and "Waves" in out


def test_bad_input_is_one_error_line(capsys):
    for argv, needle in ((["--faction", "nobody"], "unknown faction 'nobody'"),
                         (["--faction", "kunlun", "--coop", "kunlun"], "different factions"),
                         (["--faction", "kunlun", "--policy", "smart"], "--policy"),
                         (["--faction", "kunlun", "--max-rounds", "0"], "--max-rounds"),
                         (["--faction", "kunlun", "--seed", "-1"], "--seed")):
        code, out, err = run(capsys, *argv)
        assert code == 2 and out == "", (argv, out, err)
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: ") and needle in lines[0], err
