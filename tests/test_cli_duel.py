"""`hoplostat duel` and `duel-matrix`: JSON contract, files, reproducibility, bad input."""

from __future__ import annotations

import polars as pl
import pytest

from clihelp import run_cli, run_json


def test_duel_json_contract(capsys):
    data = run_json(capsys, "duel", "kunlun/warrior", "kunlun/marksman", "--trials", "20000", "--exact")
    for key in ("p_a_wins", "p_b_wins", "p_draw", "mean_rounds", "ignored_skills"):
        assert key in data
    assert data["ignored_skills"]["b"] == ["first-strike"]
    assert data["p_a_wins"] + data["p_b_wins"] + data["p_draw"] == pytest.approx(1.0)
    ex = data["exact"]
    assert abs(data["p_a_wins"] - ex["p_a_wins"]) <= 4 * data["se"]["p_a_wins"] + 1e-9


def test_duel_inline_specs_and_first(capsys):
    a = run_json(capsys, "duel", "hp=3,attack=2red", "hp=4,attack=red", "--first", "b", "--trials", "100")
    assert a["p_a_wins"] == 1.0 and a["first"] == "b"


def test_duel_table(capsys):
    code, out, err = run_cli(capsys, "duel", "kunlun/warrior", "bandit", "--trials", "2000", "--exact")
    assert code == 0, err
    assert "A wins" in out and "exact" in out and "Bandit" in out


def test_duel_tactic_changes_the_odds(capsys):
    base = run_json(capsys, "duel", "kunlun/warrior", "amazons/warrior", "--exact", "--trials", "10")
    blitz = run_json(capsys, "duel", "kunlun/warrior", "amazons/warrior", "--exact", "--trials", "10",
                     "--tactic-a", "kunlun/blitz")
    assert blitz["exact"]["p_a_wins"] > base["exact"]["p_a_wins"]


@pytest.mark.parametrize(
    "argv, needle",
    [
        (["duel", "kunlun/warior", "bandit"], "kunlun/warrior"),  # suggestion for a typo
        (["duel", "hp=0,attack=532", "bandit"], "hp=0"),
        (["duel", "hp=3,attack=5,speed=1", "bandit"], "unknown key"),
        (["duel", "hp=3", "bandit"], "missing attack"),
        (["duel", "bandit", "bandit", "--first", "c"], "--first"),
        (["duel", "bandit", "bandit", "--trials", "0"], "--trials"),
        (["duel", "bandit", "bandit", "--tactic-a", "nope"], "nope"),
        (["duel-matrix", "--faction", "atlantis"], "atlantis"),
        (["duel-matrix", "--out", "x.txt"], ".parquet or .csv"),
        (["duel-matrix", "--jobs", "0"], "--jobs"),
    ],
)
def test_bad_input_is_one_error_line(capsys, argv, needle):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2, (out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert needle in lines[0]


def test_duel_matrix_files_and_jobs_do_not_change_results(tmp_path, capsys):
    one = tmp_path / "one.parquet"
    two = tmp_path / "two.csv"
    args = ["duel-matrix", "--faction", "kunlun", "--trials", "300", "--seed", "5"]
    code, _, err = run_cli(capsys, *args, "--out", str(one), "--jobs", "1")
    assert code == 0, err
    code, _, err = run_cli(capsys, *args, "--out", str(two), "--jobs", "2")
    assert code == 0, err
    a = pl.read_parquet(one)
    b = pl.read_csv(two)
    assert a.height == 10 * 10 * 2
    assert set(a["first"].unique()) == {"a", "b"}
    assert a["p_a_wins"].to_list() == pytest.approx(b["p_a_wins"].to_list())
    assert {"a_stand_in", "b_stand_in", "p_a_wins_lo", "p_a_wins_hi"} <= set(a.columns)
    assert (tmp_path / "one.png").read_bytes()[:4] == b"\x89PNG"
