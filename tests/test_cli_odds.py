"""`hoplostat odds`: the table, the JSON contract, the plot and every bad input."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

import pytest

from clihelp import run_cli, run_json


def test_table_shows_distribution_and_kill(capsys):
    code, out, err = run_cli(capsys, "odds", "532", "--hp", "3")
    assert code == 0, err
    assert "black+blue+yellow" in out
    assert "13.89%" in out  # P(3 hits) = 5/36
    assert "P(kill a 3-HP target) = 13.89%" in out
    assert "attacks needed to kill" in out


def test_json_contract(capsys):
    data = run_json(capsys, "odds", "black+blue+yellow", "--hp", "3", "--fractions")
    assert data["pmf"] == pytest.approx([1 / 18, 13 / 36, 4 / 9, 5 / 36])
    assert data["mean"] == pytest.approx(1 / 18 * 0 + 13 / 36 + 2 * 4 / 9 + 3 * 5 / 36)
    assert data["sd"] > 0
    assert data["at_least"][0] == pytest.approx(1.0)
    assert data["kill"] == pytest.approx(5 / 36)
    assert [Fraction(x) for x in data["pmf_fractions"]] == [Fraction(1, 18), Fraction(13, 36), Fraction(4, 9), Fraction(5, 36)]
    assert sum(data["turns_to_kill"]["p"]) == pytest.approx(1.0)


def test_json_modifiers_and_focus_fire(capsys):
    one = run_json(capsys, "odds", "532", "--reduce", "1", "--bonus", "1", "--reroll", "1")
    assert one["attacks"][0]["reroll"] == 1
    two = run_json(capsys, "odds", "532", "532", "--reduce", "1", "--bonus", "1", "--reroll", "1", "--hp", "4")
    assert len(two["pmf"]) == 2 * len(one["pmf"]) - 1
    assert two["mean"] == pytest.approx(2 * one["mean"])
    extra = run_json(capsys, "odds", "532", "--extra", "green", "--change-to", "yellow")
    assert extra["attacks"][0]["dice"] == "4yellow"


def test_json_monte_carlo_is_seeded(capsys):
    a = run_json(capsys, "odds", "532", "--mc", "20000", "--seed", "3", "--hp", "2")
    b = run_json(capsys, "odds", "532", "--mc", "20000", "--seed", "3", "--hp", "2")
    assert a["monte_carlo"] == b["monte_carlo"]
    mc = a["monte_carlo"]
    assert abs(mc["kill"] - a["kill"]) <= 4 * mc["kill_se"]
    assert mc["seed"] == 3 and mc["n"] == 20000


def test_plot_written(tmp_path, capsys):
    target = tmp_path / "sub" / "odds.png"
    code, _, err = run_cli(capsys, "odds", "532", "--hp", "3", "--plot", str(target))
    assert code == 0, err
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    "argv, needle",
    [
        (["odds", "purple"], "'purple'"),
        (["odds", "black+"], "empty term"),
        (["odds", "517"], "'1'"),
        (["odds", "-- -2black"], "negative"),
        (["odds", "61black"], "at most 60"),
        (["odds", "532", "--hp", "-1"], "--hp -1"),
        (["odds", "532", "--hp", "0"], "--hp 0"),
        (["odds", "532", "--hp", "x"], "--hp"),
        (["odds", "532", "--reduce", "-2"], "--reduce -2"),
        (["odds", "532", "--reroll", "-1"], "--reroll -1"),
        (["odds", "532", "--extra", "pink"], "'pink'"),
        (["odds", "532", "--change-to", "pink"], "'pink'"),
        (["odds", "532", "--plot", "x.svg"], "PNG"),
        (["odds"], "POOL"),
        (["odds", ""], "empty"),
        (["nonsense"], "nonsense"),
    ],
)
def test_bad_input_is_one_error_line(capsys, argv, needle):
    argv = [a for arg in argv for a in (arg.split(" ") if arg.startswith("-- ") else [arg])]
    code, out, err = run_cli(capsys, *argv)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert needle in lines[0]
    assert "Traceback" not in err and out == ""


def test_console_script_runs_in_a_fresh_process():
    """The installed entry point works and a bad pool exits 2 without a traceback."""
    cmd = [sys.executable, "-c", "from hoplostat.cli import main; main()"]
    ok = subprocess.run([*cmd, "odds", "532", "--json"], capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0 and ok.stdout.startswith("{")
    bad = subprocess.run([*cmd, "odds", "533x"], capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and bad.stderr.startswith("error: ") and "Traceback" not in bad.stderr
