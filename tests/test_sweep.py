"""Sweeps: reproducible for any --jobs and backend, resumable after SIGKILL, early stop, errors."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal

from clihelp import run_cli, run_json
from hoplostat import sweep as sw

SMALL = ["sweep", "skirmish", "-f", "kunlun", "-f", "amazons", "-a", "pozzuoli", "--policies", "greedy,greedy",
         "--seed", "11"]


def _tables(out: Path):
    _, games, units = sw.load_results(out)
    games = games.sort("matchup", "game")
    units = units.sort("matchup", "game", "side", "unit") if units is not None else None
    return games, units


def test_jobs_1_and_2_give_identical_tables(tmp_path, capsys):
    code, _, err = run_cli(capsys, *SMALL, "--games", "6", "--chunk", "2", "--jobs", "1", "--out", str(tmp_path / "j1"))
    assert code == 0, err
    code, _, err = run_cli(capsys, *SMALL, "--games", "6", "--chunk", "3", "--jobs", "2", "--out", str(tmp_path / "j2"))
    assert code == 0, err
    g1, u1 = _tables(tmp_path / "j1")
    g2, u2 = _tables(tmp_path / "j2")
    assert g1.height == 2 * 6  # one faction pair, two seat orders, one arena
    assert_frame_equal(g1, g2)
    assert_frame_equal(u1, u2)
    # every row carries its game index and game seed; seeds differ between games
    assert g1["game_seed"].n_unique() == g1.height
    assert set(g1["first"]) == {"a", "b"}


def test_game_seed_depends_only_on_seed_matchup_and_index():
    cfg = sw.SweepConfig(factions=("kunlun", "amazons", "lamosians"), seed=3)
    m = cfg.matchups()[0]
    narrower = sw.SweepConfig(factions=("kunlun", "amazons"), seed=3, games=7, chunk=2)
    assert m in narrower.matchups()
    assert sw.game_seed(cfg, m, 5) == sw.game_seed(narrower, m, 5)
    assert sw.game_seed(cfg, m, 5) != sw.game_seed(cfg, m, 6)
    assert sw.game_seed(cfg, m, 5) != sw.game_seed(sw.SweepConfig(factions=cfg.factions, seed=4), m, 5)


def test_sigkill_then_resume_equals_uninterrupted_run(tmp_path, capsys):
    """A sweep killed hard (SIGKILL) right after its third chunk resumes to the uninterrupted result. The
    kill point is deterministic: the test hook HOPLOSTAT_TEST_STOP_AFTER_CHUNKS makes the sweep process
    SIGKILL itself after writing chunk k (hoplostat/sweep.py), instead of a clock polling the directory."""
    args = [*SMALL, "--games", "24", "--chunk", "2"]
    full = tmp_path / "full"
    code, _, err = run_cli(capsys, *args, "--out", str(full))
    assert code == 0, err
    n_full = len(sw.store.read_index(full)["chunks"])  # the finished sweep is compacted: its index lists them
    assert n_full > 3
    cut = tmp_path / "cut"
    cmd = [sys.executable, "-c", "from hoplostat.cli import main; main()", *args, "--out", str(cut)]
    env = {**os.environ, "HOPLOSTAT_TEST_STOP_AFTER_CHUNKS": "3"}
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, timeout=300)
    assert proc.returncode == -signal.SIGKILL, proc.stderr.decode()[-2000:]
    assert len(list((cut / "games").glob("*.parquet"))) == 3
    assert json.loads((cut / "manifest.json").read_text())["status"] == "running"
    code, out, err = run_cli(capsys, *args, "--out", str(cut), "--resume")
    assert code == 0, err
    g_full, u_full = _tables(full)
    g_cut, u_cut = _tables(cut)
    assert_frame_equal(g_full, g_cut)
    assert_frame_equal(u_full, u_cut)
    assert not list(cut.rglob("*.tmp")) or all(p.name.startswith(".") for p in cut.rglob("*.tmp"))


def test_kill_during_growth_of_a_compacted_sweep_then_resume_equals_one_shot(tmp_path, capsys):
    """A compacted sweep grown with --resume --games, killed hard after its third new chunk, resumes to the
    sweep run that long from the start; compaction keeps every row."""
    base = [*SMALL, "--chunk", "2"]
    grown, once = tmp_path / "grown", tmp_path / "once"
    code, _, err = run_cli(capsys, *base, "--games", "6", "--out", str(grown))
    assert code == 0, err
    assert sw.store.read_index(grown)["parts"] == ["part-0001.parquet"]
    cmd = [sys.executable, "-c", "from hoplostat.cli import main; main()", *base, "--games", "16", "--out", str(grown),
           "--resume"]
    env = {**os.environ, "HOPLOSTAT_TEST_STOP_AFTER_CHUNKS": "3"}
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, timeout=300)
    assert proc.returncode == -signal.SIGKILL, proc.stderr.decode()[-2000:]
    code, _, err = run_cli(capsys, *base, "--games", "16", "--out", str(grown), "--resume")
    assert code == 0, err
    code, _, err = run_cli(capsys, *base, "--games", "16", "--out", str(once))
    assert code == 0, err
    g1, u1 = _tables(grown)
    g2, u2 = _tables(once)
    assert_frame_equal(g1, g2)
    assert_frame_equal(u1, u2)
    assert g1.height == 2 * 16
    assert not [p for p in (grown / "games").glob("*.parquet") if sw.store.is_chunk(p.name)]  # all compacted


def test_resume_with_a_different_config_is_refused(tmp_path, capsys):
    out = tmp_path / "r"
    code, _, err = run_cli(capsys, *SMALL, "--games", "2", "--chunk", "2", "--out", str(out))
    assert code == 0, err
    before = sorted(p.name for p in (out / "games").iterdir())
    code, _, err = run_cli(capsys, *SMALL, "--games", "2", "--chunk", "3", "--out", str(out), "--resume")
    assert code == 2 and err.startswith("error: ") and "differs in: chunk" in err
    assert sorted(p.name for p in (out / "games").iterdir()) == before  # (more --games is allowed: growth)


def test_ci_width_stops_matchups_early_and_is_independent_of_jobs(tmp_path, capsys):
    a = run_json(capsys, *SMALL, "--games", "40", "--chunk", "4", "--ci-width", "0.95", "--out", str(tmp_path / "a"))
    b = run_json(capsys, *SMALL, "--games", "40", "--chunk", "4", "--ci-width", "0.95", "--jobs", "2",
                 "--out", str(tmp_path / "b"))
    assert a["games_played"] < 80 and len(a["stopped_early"]) == 2
    assert_frame_equal(_tables(tmp_path / "a")[0], _tables(tmp_path / "b")[0])


@pytest.mark.slow
def test_dask_local_cluster_gives_the_same_tables_as_loky(tmp_path, capsys):
    pytest.importorskip("dask.distributed")
    args = [*SMALL, "--games", "4", "--chunk", "2"]
    code, _, err = run_cli(capsys, *args, "--jobs", "2", "--out", str(tmp_path / "loky"))
    assert code == 0, err
    code, _, err = run_cli(capsys, *args, "--jobs", "2", "--backend", "dask", "--out", str(tmp_path / "dask"))
    assert code == 0, err
    assert_frame_equal(_tables(tmp_path / "loky")[0], _tables(tmp_path / "dask")[0])


@pytest.mark.parametrize(
    "argv, needle",
    [
        (["sweep", "chess"], "chess"),
        (["sweep", "skirmish", "-f", "atlantis", "-f", "kunlun"], "atlantis"),
        (["sweep", "skirmish", "-a", "circus"], "circus"),
        (["sweep", "skirmish", "--games", "0"], "--games 0"),
        (["sweep", "skirmish", "--jobs", "0"], "--jobs 0"),
        (["sweep", "skirmish", "--policies", "greedy,smart"], "--policies"),
        (["sweep", "skirmish", "--ci-width", "2"], "--ci-width"),
        (["sweep", "skirmish", "--backend", "spark"], "spark"),
        (["sweep", "skirmish", "-f", "kunlun"], "at least 2 different factions"),
        (["summarize", "/nonexistent/dir"], "not a sweep result"),
    ],
)
def test_bad_input_is_one_error_line(capsys, argv, needle, tmp_path):
    code, out, err = run_cli(capsys, *argv, *(["--out", str(tmp_path / "o")] if argv[0] == "sweep" else []))
    assert code == 2, (out, err)
    lines = err.strip().splitlines()
    assert lines and lines[-1].startswith("error: ") and needle in lines[-1], err
    assert sum(1 for line in lines if line.startswith("error")) == 1


def test_non_empty_out_without_resume_is_refused_and_untouched(tmp_path, capsys):
    out = tmp_path / "busy"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    code, _, err = run_cli(capsys, *SMALL, "--games", "2", "--out", str(out))
    assert code == 2 and "--resume" in err
    assert [p.name for p in out.iterdir()] == ["notes.txt"]


def test_summarize_json_has_every_table(tmp_path, capsys):
    out = tmp_path / "s"
    code, _, err = run_cli(capsys, *SMALL, "--games", "4", "--chunk", "2", "--out", str(out))
    assert code == 0, err
    data = run_json(capsys, "summarize", str(out))
    assert data["games"] == 8
    for key in ("win_rates", "win_rates_by_arena", "matchups", "first_player", "ratings", "units"):
        assert key in data
    rates = {r["faction"]: r for r in data["win_rates"]}
    assert rates["kunlun"]["games"] == 8
    assert rates["kunlun"]["wins"] + rates["amazons"]["wins"] + rates["kunlun"]["draws"] == 8
    code, text, err = run_cli(capsys, "summarize", str(out))
    assert code == 0 and "Win rate per faction" in text


def test_play_replays_a_sweep_game_from_its_seed(tmp_path, capsys):
    """Each row's game_seed (with its seat order) replays that very game with `hoplostat play`."""
    out = tmp_path / "replay"
    code, _, err = run_cli(capsys, *SMALL, "--games", "2", "--chunk", "2", "--out", str(out))
    assert code == 0, err
    games, _ = _tables(out)
    for row in games.iter_rows(named=True):
        played = run_json(capsys, "play", "skirmish", "--faction", f"{row['faction_a']},{row['faction_b']}",
                          "--arena", row["arena"], "--seed", str(row["game_seed"]), "--first", row["first"],
                          "--policies", f"{row['policy_a']},{row['policy_b']}")
        assert played["rounds"] == row["rounds"]
        assert played["end_reason"] == row["end_reason"]
        assert played["winner"] == row["winner"]


def test_onslaught_sweep_summarize_and_jobs(tmp_path, capsys):
    """`sweep onslaught`: every faction solo and every co-op pair; identical for any --jobs."""
    args = ["sweep", "onslaught", "-f", "kunlun", "-f", "amazons", "--games", "3", "--chunk", "2", "--seed", "4"]
    a = run_json(capsys, *args, "--out", str(tmp_path / "a"))
    b = run_json(capsys, *args, "--jobs", "2", "--out", str(tmp_path / "b"))
    assert a["matchups"] == 3 and a["games_played"] == 9  # 2 solo + 1 co-op pair
    _, ta = sw.load_tables(tmp_path / "a")
    _, tb = sw.load_tables(tmp_path / "b")
    for name in ("games", "waves", "units"):
        assert_frame_equal(ta[name], tb[name])
    games = ta["games"]
    assert games["immortals_defeated"].is_between(0, 6).all()
    assert games.filter(pl.col("coop")).height == 3
    waves = ta["waves"]
    # every game faces at least one immortal; a game's waves won equal its immortals defeated
    won = waves.group_by("matchup", "game").agg(pl.col("won").sum())
    joined = games.join(won, on=["matchup", "game"])
    assert joined.height == games.height
    assert (joined["won"] == joined["immortals_defeated"]).all()
    data = run_json(capsys, "summarize", str(tmp_path / "a"))
    teams = {r["team"]: r for r in data["teams"]}
    assert set(teams) == {"kunlun", "amazons", "kunlun + amazons"}
    assert sum(teams["kunlun"][f"p{k}"] for k in range(7)) == pytest.approx(1.0)
    assert data["immortals"] is not None
    code, text, err = run_cli(capsys, "summarize", str(tmp_path / "a"))
    assert code == 0 and "Immortals defeated per game" in text, err
    code, out, err = run_cli(capsys, "report", str(tmp_path / "a"), "--out", str(tmp_path / "rep"))
    assert code == 0, err
    page = (tmp_path / "rep" / "index.html").read_text()
    from hoplostat.report import ONSLAUGHT_SECTIONS

    for section in ONSLAUGHT_SECTIONS:
        assert f'id="{section}"' in page or f"id='{section}'" in page, section
    assert "immortals per game" in page


def test_onslaught_is_pozzuoli_only(capsys, tmp_path):
    code, _, err = run_cli(capsys, "sweep", "onslaught", "-a", "colosseum", "--out", str(tmp_path / "x"))
    assert code == 2 and "Pozzuoli" in err


def test_ascension_sweep_summarize_and_report(tmp_path, capsys):
    """`sweep ascension`: every titan x (faction solo, co-op pair); tables with intervals; report sections."""
    args = ["sweep", "ascension", "-f", "kunlun", "-f", "amazons", "-t", "mars", "-t", "shaghad", "--games", "2",
            "--chunk", "2", "--seed", "5"]
    a = run_json(capsys, *args, "--out", str(tmp_path / "a"))
    b = run_json(capsys, *args, "--jobs", "2", "--out", str(tmp_path / "b"))
    assert a["matchups"] == 2 * 3 and a["games_played"] == 12
    assert_frame_equal(_tables(tmp_path / "a")[0], _tables(tmp_path / "b")[0])
    data = run_json(capsys, "summarize", str(tmp_path / "a"))
    titans = {(r["titan"], r["coop"]): r for r in data["titans"]}
    assert set(titans) == {("mars", False), ("mars", True), ("shaghad", False), ("shaghad", True)}
    assert titans[("mars", False)]["games"] == 4 and titans[("mars", True)]["games"] == 2
    games, _ = _tables(tmp_path / "a")
    assert titans[("mars", False)]["wins"] == games.filter((pl.col("titan") == "mars") & ~pl.col("coop"))["won"].sum()
    code, text, err = run_cli(capsys, "summarize", str(tmp_path / "a"))
    assert code == 0 and "Titans, hardest first" in text, err
    code, _, err = run_cli(capsys, "report", str(tmp_path / "a"), "--out", str(tmp_path / "rep"))
    assert code == 0, err
    page = (tmp_path / "rep" / "index.html").read_text()
    from hoplostat.report import ASCENSION_SECTIONS

    for section in ASCENSION_SECTIONS:
        assert f'id="{section}"' in page or f"id='{section}'" in page, section


def test_titan_option_only_for_ascension(capsys, tmp_path):
    code, _, err = run_cli(capsys, "sweep", "skirmish", "-t", "mars", "--out", str(tmp_path / "x"))
    assert code == 2 and "--titan" in err
    code, _, err = run_cli(capsys, "sweep", "ascension", "-t", "zeus", "--out", str(tmp_path / "y"))
    assert code == 2 and "zeus" in err
