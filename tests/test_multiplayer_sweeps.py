"""Sweeps of the modes for more than two players (Pandemonium, Alliance): sampled pods, reproducible for any
--jobs, the pods and teams statistics checked against counts made by hand from the rows, the report's
sections, and the command line."""

from __future__ import annotations

from collections import Counter
from math import comb
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from clihelp import run_cli, run_json
from polars.testing import assert_frame_equal

from hoplostat import stats
from hoplostat import sweep as sw
from hoplostat.engine.mode import sample_pods

EIGHT = ("amazons", "atlanteans", "kunlun", "lamosians", "new-argonauts", "parthians", "plutos-refugees", "vesuvians")


def _games(out: Path) -> pl.DataFrame:
    _, games, _ = sw.load_results(out)
    return games.sort("matchup", "game")


@pytest.mark.parametrize("n,pods", [(3, 24), (4, 24), (4, 10), (3, 7)])
def test_pods_are_balanced_distinct_and_seeded(n, pods):
    """PAN-5, R-PAN-6: sampled pods have n different factions, no group twice, every faction in as many pods
    as the others give or take one; the same seed gives the same pods, another seed others."""
    got = sample_pods(EIGHT, n, pods, seed=5)
    assert len(got) == pods
    assert all(len(set(p)) == n for p in got)
    assert len({frozenset(p) for p in got}) == pods
    uses = Counter(f for p in got for f in p)
    assert set(uses) <= set(EIGHT) and max(uses.values()) - min(uses.get(f, 0) for f in EIGHT) <= 1
    assert got == sample_pods(EIGHT, n, pods, seed=5)
    assert got != sample_pods(EIGHT, n, pods, seed=6)


def test_asking_for_every_pod_plays_each_group_once():
    got = sample_pods(EIGHT[:6], 3, 0, seed=1)
    assert len(got) == comb(6, 3) and len({frozenset(p) for p in got}) == comb(6, 3)
    assert len(sample_pods(EIGHT[:6], 3, 500, seed=1)) == comb(6, 3)


def test_pandemonium_sweep_is_the_same_for_any_jobs_and_its_shares_match_the_rows(tmp_path, capsys):
    args = ["sweep", "pandemonium", "--players", "4", "--pods", "4", "--games", "6", "--seed", "3"]
    for jobs, chunk in ((1, 2), (2, 3)):
        code, _, err = run_cli(capsys, *args, "--jobs", str(jobs), "--chunk", str(chunk),
                               "--out", str(tmp_path / f"j{jobs}"))
        assert code == 0, err
    g1, g2 = _games(tmp_path / "j1"), _games(tmp_path / "j2")
    assert_frame_equal(g1, g2)
    assert g1.height == 4 * 6 and set(g1["players"]) == {4}
    assert g1.select(pl.concat_list([f"faction_{s}" for s in "abcd"]).list.n_unique()).to_series().min() == 4
    # the win shares, counted by hand from the rows
    shares = stats.pod_win_shares(g1)
    rows = g1.to_dicts()
    decided = sum(r["winner"] is not None for r in rows) / len(rows)
    for r in shares.iter_rows(named=True):
        played = [g for g in rows if r["faction"] in (g["faction_a"], g["faction_b"], g["faction_c"], g["faction_d"])]
        wins = sum(1 for g in played if g["winner"] is not None and g[f"faction_{g['winner']}"] == r["faction"])
        assert (r["games"], r["wins"]) == (len(played), wins)
        assert r["fair_share"] == pytest.approx(decided / 4)
        lo, hi = stats.wilson_interval(wins, len(played))
        assert (r["win_share_lo"], r["win_share_hi"]) == pytest.approx((float(lo), float(hi)))
        assert r["verdict"] == ("stronger" if lo > r["fair_share"] else "weaker" if hi < r["fair_share"] else "within")
    positions = stats.seat_position_shares(g1)
    assert positions["position"].to_list() == [1, 2, 3, 4] and positions["games"].sum() == 4 * g1.height
    first_wins = sum(1 for g in rows if g["winner"] is not None and g["winner"] == g["first_seat"])
    assert positions.filter(pl.col("position") == 1)["wins"].item() == first_wins
    out = run_json(capsys, "summarize", str(tmp_path / "j1"))
    assert {"win_shares", "positions", "games", "units", "stand_ins"} <= set(out)
    assert out["stand_ins"]["chips"] > 0
    code, text, err = run_cli(capsys, "summarize", str(tmp_path / "j1"))
    assert code == 0 and "fair share" in text and "Win share per turn position" in text


def test_alliance_sweep_pairings_match_the_rows_and_the_report_has_its_sections(tmp_path, capsys):
    out = tmp_path / "all"
    code, _, err = run_cli(capsys, "sweep", "alliance", "--pods", "3", "--games", "5", "--seed", "2", "--out", str(out))
    assert code == 0, err
    games = _games(out)
    assert games.height == 15
    pairs = stats.team_pairings(games)
    rows = games.to_dicts()
    for r in pairs.iter_rows(named=True):
        mates = {r["mate_1"], r["mate_2"]}
        n = wins = 0
        for g in rows:
            for team, seats in (("a", "ac"), ("b", "bd")):
                if {g[f"faction_{s}"] for s in seats} == mates:
                    n += 1
                    wins += g["winner"] == team
        assert (r["games"], r["wins"]) == (n, wins)
    assert pairs["games"].sum() == 2 * games.height
    first = stats.first_team_advantage(games).row(0, named=True)
    expect = sum(1 for g in rows if g["winner"] is not None and (g["winner"] == "a") == (g["first_seat"] in "ac"))
    assert first["first_team_wins"] == expect and first["games"] == games.height
    s = run_json(capsys, "summarize", str(out))
    assert {"win_rates", "pairings", "first_team", "units"} <= set(s)
    code, _, err = run_cli(capsys, "report", str(out), "--out", str(tmp_path / "rep"))
    assert code == 0, err
    page = (tmp_path / "rep" / "index.html").read_text()
    assert "Pairings" in page and "Team win rate per faction" in page and "stand-in" in page
    assert (tmp_path / "rep" / "figures" / "teams-pairings.png").stat().st_size > 0


def test_pandemonium_report_sections(tmp_path, capsys):
    out = tmp_path / "pan"
    code, _, err = run_cli(capsys, "sweep", "pandemonium", "--pods", "3", "--games", "4", "--out", str(out))
    assert code == 0, err
    code, _, err = run_cli(capsys, "report", str(out), "--out", str(tmp_path / "rep"))
    assert code == 0, err
    page = (tmp_path / "rep" / "index.html").read_text()
    assert "Win share per faction" in page and "Turn position" in page and "fair share" in page


@pytest.mark.parametrize("argv,needle", [
    (["sweep", "skirmish", "--players", "3"], "--players: only for modes of three or more players"),
    (["sweep", "skirmish", "--pods", "3"], "--pods: only for modes of three or more players"),
    (["sweep", "pandemonium", "--players", "5"], "--players 5: pandemonium games have 3 or 4 players"),
    (["sweep", "alliance", "--players", "3"], "--players 3: alliance games have 4 players"),
    (["sweep", "pandemonium", "--pods", "0"], "--pods 0: must be 1 or more"),
    (["sweep", "pandemonium", "-f", "kunlun", "-f", "amazons"], "needs at least 3 different factions"),
    (["play", "pandemonium", "-f", "kunlun", "-f", "amazons"], "needs 3 or 4 faction(s), got 2"),
    (["play", "alliance", "-f", "kunlun", "-f", "amazons", "-f", "kunlun", "-f", "lamosians"], "different factions"),
])
def test_bad_input_is_one_error_line(capsys, tmp_path, argv, needle):
    code, out, err = run_cli(capsys, *argv, "--out", str(tmp_path / "x")) if argv[0] == "sweep" else run_cli(capsys, *argv)
    assert code == 2 and err.startswith("error:") and needle in err and err.count("\n") == 1, err
    assert not (tmp_path / "x").exists()


@pytest.mark.parametrize("mode,seats", [("pandemonium", 3), ("alliance", 4)])
def test_play_narrates_a_game_through_the_real_command(capsys, mode, seats):
    """`hoplostat play MODE --seed 1` with nothing else, and with factions given per seat and --log."""
    d = run_json(capsys, "play", mode, "--seed", "1")
    assert d["mode"] == mode and len(d["troops"]) == seats and d["versus"]
    assert len(set(d["factions"])) == seats
    picks = ["kunlun", "amazons", "lamosians", "parthians"][:seats]
    code, text, err = run_cli(capsys, "play", mode, *[x for f in picks for x in ("--faction", f)], "--seed", "4",
                              "--log")
    assert code == 0, err
    assert "-- Round 1" in text and "Game over" in text
    again = run_json(capsys, "play", mode, *[x for f in picks for x in ("--faction", f)], "--seed", "4")
    assert again["factions"] == picks
    if mode == "alliance" and again["winner_team"] is not None:
        won = [t["seat"] for t in again["troops"] if t["outcome"] == "won"]
        assert won == (["a", "c"] if again["winner_team"] == "a" else ["b", "d"])


def test_replaying_a_sweep_game_from_its_row(tmp_path, capsys):
    """A sweep row's factions (seats a..d) and game_seed replay that game with `hoplostat play`."""
    out = tmp_path / "pan"
    code, _, err = run_cli(capsys, "sweep", "pandemonium", "--pods", "1", "--games", "2", "--seed", "9", "--out", str(out))
    assert code == 0, err
    row = _games(out).row(1, named=True)
    seats = [row[f"faction_{s}"] for s in "abcd" if row.get(f"faction_{s}")]
    d = run_json(capsys, "play", "pandemonium", *[x for f in seats for x in ("-f", f)], "--seed", str(row["game_seed"]))
    assert d["rounds"] == row["rounds"] and d["end_reason"] == row["end_reason"]
    assert d["winner"] == row["winner"] and d["first_player"] == row["first_seat"]


def test_sweep_config_of_older_sweeps_is_unchanged():
    """The players/pods fields are left out of a manifest while at their default, so sweeps made before them
    still resume (their manifest config has no such keys)."""
    cfg = sw.SweepConfig(factions=("kunlun", "amazons"))
    assert "players" not in cfg.identity() and "pods" not in cfg.identity()
    assert sw.SweepConfig(mode="pandemonium", factions=EIGHT, pods=5).identity()["pods"] == 5


def test_seats_of_units_rows_name_every_seat(tmp_path, capsys):
    out = tmp_path / "pan"
    code, _, err = run_cli(capsys, "sweep", "pandemonium", "--players", "4", "--pods", "1", "--games", "1",
                           "--out", str(out))
    assert code == 0, err
    _, _, units = sw.load_results(out)
    assert set(units["side"]) == {"a", "b", "c", "d"}
    assert np.all(units.group_by("side").agg(pl.col("faction").n_unique())["faction"].to_numpy() == 1)


def test_alliance_summary_names_the_teams_and_the_winning_pair(capsys):
    """`hoplostat play alliance`: the head line pairs the teammates (a and c against b and d) and a team win
    names both winners."""
    for seed in range(1, 8):
        d = run_json(capsys, "play", "alliance", "--seed", str(seed))
        if d["winner_team"] is not None:
            break
    else:
        pytest.fail("no decided Alliance game in seeds 1-7")
    code, text, err = run_cli(capsys, "play", "alliance", "--seed", str(seed))
    assert code == 0, err
    head, outcome = text.splitlines()[:2]
    f = d["factions"]
    assert f"{f[0]} (a, greedy) and {f[2]} (c, greedy) vs {f[1]} (b, greedy) and {f[3]} (d, greedy)" in head
    a, b = ("a", "c") if d["winner_team"] == "a" else ("b", "d")
    assert outcome.startswith(f"{f['abcd'.index(a)]} ({a}) and {f['abcd'.index(b)]} ({b}) win in round ")
