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



def _marked(mark: str) -> set[int]:
    """Live (not zombie) processes whose environment holds `mark`."""
    found = set()
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            if mark.encode() in (d / "environ").read_bytes() and (d / "stat").read_text().split(") ")[1][0] != "Z":
                found.add(int(d.name))
        except OSError:  # gone meanwhile, or not ours to read
            continue
    return found


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="finds the workers through /proc (Linux)")
def test_workers_exit_when_the_sweep_is_killed(tmp_path):
    """`kill -9` of a sweep left its loky workers and resource trackers running (for over 11 minutes, each
    holding a core): they must end with it (`executors.exit_with_parent`). The sweep kills itself with SIGKILL
    after its third chunk (the test hook); its processes are found by a mark in their environment."""
    import time
    import uuid

    mark = f"HOPLOSTAT_TEST_MARK={uuid.uuid4().hex}"
    cmd = [sys.executable, "-c", "from hoplostat.cli import main; main()", *SMALL, "--games", "40", "--chunk", "2",
           "--jobs", "2", "--out", str(tmp_path / "s")]
    env = {**os.environ, "HOPLOSTAT_TEST_STOP_AFTER_CHUNKS": "3", mark.split("=")[0]: mark.split("=")[1]}
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    seen: set[int] = set()
    try:
        while proc.poll() is None:
            seen |= _marked(mark) - {proc.pid}
            time.sleep(0.05)
        assert proc.returncode == -signal.SIGKILL
        assert len(seen) >= 2, "no worker was seen: the sweep did not run in a pool"
        deadline = time.monotonic() + 10
        while (alive := _marked(mark) & seen) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not alive, f"{len(alive)} of the sweep's {len(seen)} processes outlived it by 10 s"
    finally:
        for pid in _marked(mark):  # never leave one behind, whatever failed
            os.kill(pid, signal.SIGKILL)


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
    assert (b["games_played"], b["stopped_early"]) == (a["games_played"], a["stopped_early"])
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
        (["summarize", "/nonexistent/dir"], "/nonexistent/dir: no such directory"),
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
    assert (b["matchups"], b["games_played"]) == (a["matchups"], a["games_played"])
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
    from hoplostat.report import WAVES_SECTIONS, section_keys

    for section in section_keys(WAVES_SECTIONS, "onslaught"):
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
    assert (b["matchups"], b["games_played"]) == (a["matchups"], a["games_played"])
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
    from hoplostat.report import BOSS_SECTIONS, section_keys

    for section in section_keys(BOSS_SECTIONS, "ascension"):
        assert f'id="{section}"' in page or f"id='{section}'" in page, section


def test_titan_option_only_for_ascension(capsys, tmp_path):
    code, _, err = run_cli(capsys, "sweep", "skirmish", "-t", "mars", "--out", str(tmp_path / "x"))
    assert code == 2 and "--titan" in err
    code, _, err = run_cli(capsys, "sweep", "ascension", "-t", "zeus", "--out", str(tmp_path / "y"))
    assert code == 2 and "zeus" in err


# --- seeds, chunks, manifest and the resume command, without playing (written for surviving mutants) ---


def _matchup(**kw):
    from hoplostat.engine.loop import Matchup

    return Matchup(**{"mode": "skirmish", "arena": "pozzuoli", "a": "kunlun", "b": "amazons", "first": "a", **kw})


def test_game_seed_is_the_documented_seed_sequence_and_stable_across_processes():
    """Module docstring: SeedSequence(seed, spawn_key=(matchup key, game index)), the key a 63-bit number from
    SHA-256 of the matchup's key (never `hash()`, which is salted per process), the game seed 63 bits."""
    import hashlib

    import numpy as np

    m = _matchup()
    key = int.from_bytes(hashlib.sha256(b"skirmish/pozzuoli/kunlun/amazons/a").digest()[:8], "big") >> 1
    assert sw.seed_key(m) == key and 0 <= key < 2**63
    assert sw.seed_key(_matchup(first="b")) != key
    cfg = sw.SweepConfig(seed=12)
    for g in (0, 1, 49, 50, 999):
        state = np.random.SeedSequence(12, spawn_key=(key, g)).generate_state(1, np.uint64)[0]
        assert sw.game_seed(cfg, m, g) == int(state) >> 1
        assert 0 <= sw.game_seed(cfg, m, g) < 2**63
    code = ("from hoplostat import sweep as sw; from hoplostat.engine.loop import Matchup; "
            "m = Matchup('skirmish', 'pozzuoli', 'kunlun', 'amazons', 'a'); "
            "print(sw.seed_key(m), sw.game_seed(sw.SweepConfig(seed=12), m, 7))")
    outs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": h}).stdout for h in ("1", "2")}
    assert outs == {f"{key} {sw.game_seed(cfg, m, 7)}\n"}


def test_task_rngs_are_the_children_of_the_seed():
    import numpy as np

    got = sw.task_rngs(5, 3)
    want = np.random.SeedSequence(5).spawn(3)
    assert [(s.entropy, s.spawn_key) for s in got] == [(s.entropy, s.spawn_key) for s in want]


def test_parallel_map_keeps_task_order_and_reports_progress_per_chunk():
    calls = []
    got = sw.parallel_map(lambda x, y: x * 10 + y, [(i, i % 3) for i in range(7)], jobs=1,
                          progress=lambda done, total: calls.append((done, total)), chunk=3)
    assert got == [i * 10 + i % 3 for i in range(7)]
    assert calls == [(3, 7), (6, 7), (7, 7)]
    assert sw.parallel_map(lambda x: -x, [(i,) for i in range(130)]) == [-i for i in range(130)]


def test_chunk_names_sort_by_matchup_then_first_game():
    """games/<m>-<g0>.parquet with zero-padded numbers, so that a name sort is the (matchup, game) order and
    an existing directory's chunks keep their names for --resume."""
    assert sw._chunk_name(3, 150) == "0003-000150.parquet"
    cells = [(m, g) for m in (0, 2, 11, 120) for g in (0, 5, 50, 100, 1000)]
    assert sorted(sw._chunk_name(m, g) for m, g in cells) == [sw._chunk_name(m, g) for m, g in sorted(cells)]


def test_manifest_is_read_back_and_its_faults_are_named(tmp_path):
    sw._write_manifest(tmp_path, {"b": 1, "a": [1, 2]})
    text = (tmp_path / "manifest.json").read_text()
    assert json.loads(text) == {"a": [1, 2], "b": 1}
    lines = text.splitlines()  # the same layout every time, so two manifests diff cleanly: sorted, indent 2
    assert text.index('"a"') < text.index('"b"') and lines[1] == '  "a": [' and lines[2] == '    1,'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["manifest.json"]  # no temporary file left
    assert sw.read_manifest(tmp_path) == {"a": [1, 2], "b": 1}
    with pytest.raises(sw.InputError) as err:
        sw.read_manifest(tmp_path / "nowhere")
    assert str(err.value) == (f"{tmp_path / 'nowhere'}: no such directory (give a sweep result directory, made by "
                              "hoplostat sweep)")
    (tmp_path / "empty").mkdir()
    with pytest.raises(sw.InputError) as err:
        sw.read_manifest(tmp_path / "empty")
    assert str(err.value) == f"{tmp_path / 'empty'}: not a sweep result directory (no manifest.json)"
    (tmp_path / "manifest.json").write_text('{\n  "a": 1,\n  oops\n}')
    with pytest.raises(sw.InputError) as err:
        sw.read_manifest(tmp_path)
    assert str(err.value).startswith(f"{tmp_path / 'manifest.json'}: damaged manifest (") and "line 3" in str(err.value)


def test_check_out_and_what_counts_as_unfinished(tmp_path):
    cfg = sw.SweepConfig(factions=("kunlun", "amazons"), games=4, chunk=2, seed=1)
    assert sw.check_out(tmp_path / "new", cfg, resume=False) is None
    assert sw.check_out(tmp_path, cfg, resume=False) is None  # exists, empty
    (tmp_path / "file").write_text("x")
    with pytest.raises(sw.InputError) as err:
        sw.check_out(tmp_path / "file", cfg, resume=False)
    assert str(err.value) == f"--out {tmp_path / 'file'}: is a file, not a folder"
    out = tmp_path / "sweep"
    manifest = sw.prepare(out, cfg, resume=False)
    assert manifest["status"] == "running" and manifest["config"] == json.loads(json.dumps(cfg.identity()))
    assert (out / "games").is_dir() and sw._nothing_finished(out)
    assert sw.check_out(out, cfg, resume=False) is None  # nothing finished: may start over
    assert sw.check_out(out, cfg, resume=True) == sw.read_manifest(out)
    other = sw.SweepConfig(factions=("kunlun", "amazons"), games=6, chunk=3, seed=1)
    with pytest.raises(sw.InputError) as err:
        sw.check_out(out, other, resume=True)
    assert str(err.value) == (f"{out}: cannot resume with a different config (differs in: chunk); only --games "
                              "(more) and --ci-width may change")  # more games alone would grow the sweep
    (out / "units").mkdir()
    (out / "units" / ".0000-000000.parquet.9.tmp").write_text("half")
    assert sw._nothing_finished(out)  # a temporary file is no finished chunk
    (out / "games" / "0000-000000.parquet").write_text("whole")
    assert not sw._nothing_finished(out)
    with pytest.raises(sw.InputError) as err:
        sw.check_out(out, cfg, resume=False)
    assert "exists and is not empty; use --resume" in str(err.value)
    sw._remove_unfinished(out)  # a finished chunk: nothing is removed
    assert (out / "games" / "0000-000000.parquet").exists() and (out / "manifest.json").exists()
    (out / "games" / "0000-000000.parquet").unlink()
    (out / "notes.txt").write_text("mine")
    assert not sw._nothing_finished(out)  # a file the sweep did not write
    (out / "notes.txt").unlink()
    sw._remove_unfinished(tmp_path / "nowhere")  # no directory: nothing to do, no error
    sw._remove_unfinished(out)
    assert not out.exists() or not any(out.iterdir())
    bare = tmp_path / "bare"
    (bare / "games").mkdir(parents=True)
    assert not sw._nothing_finished(bare)  # no manifest: not a sweep's directory


def test_resume_command_for_each_kind_of_mode(tmp_path):
    out = tmp_path / "my sweep"
    cfg = {"mode": "skirmish", "factions": ["kunlun", "amazons"], "arenas": ["pozzuoli", "colosseum"], "games": 40,
           "seed": 3, "policies": ["greedy", "random"], "max_rounds": 60, "chunk": 10, "ci_width": 0.1,
           "coop": False, "data": ["over lay"]}
    assert sw.resume_command(out, cfg) == (
        "hoplostat sweep skirmish -f kunlun -f amazons -a pozzuoli -a colosseum --games 40 --seed 3 "
        f"--policies greedy,random --max-rounds 60 --chunk 10 --ci-width 0.1 --data 'over lay' --out '{out}' --resume")
    ons = {"mode": "onslaught", "factions": ["kunlun"], "arenas": ["pozzuoli"], "games": 5, "seed": 0,
           "policies": ["greedy", "greedy"], "max_rounds": 80, "chunk": 5, "ci_width": None, "coop": False}
    assert sw.resume_command(out, ons) == (
        "hoplostat sweep onslaught -f kunlun --games 5 --seed 0 --policies greedy,greedy --max-rounds 80 "
        f"--chunk 5 --no-coop --out '{out}' --resume")
    asc = {**ons, "mode": "ascension", "titans": ["mars", "juno"], "coop": True}
    assert sw.resume_command(out, asc) == (
        "hoplostat sweep ascension -f kunlun -t mars -t juno --games 5 --seed 0 --policies greedy,greedy "
        f"--max-rounds 80 --chunk 5 --out '{out}' --resume")
    # a boss mode (Ascension's titan) played solo keeps --no-coop, as a waves mode (Onslaught) does
    assert sw.resume_command(out, {**asc, "coop": False}) == (
        "hoplostat sweep ascension -f kunlun -t mars -t juno --games 5 --seed 0 --policies greedy,greedy "
        f"--max-rounds 80 --chunk 5 --no-coop --out '{out}' --resume")
    assert sw.resume_command(out, {"games": 2, "seed": 1, "max_rounds": 9, "chunk": 1, "arenas": ["x"]}) == (
        f"hoplostat sweep skirmish -a x --games 2 --seed 1 --policies '' --max-rounds 9 --chunk 1 --out '{out}' --resume")


def test_chips_used_lists_what_was_played_or_faced():
    games = pl.DataFrame({"faction_a": ["kunlun", "amazons", "kunlun"], "faction_b": ["", None, "lamosians"],
                          "titan": ["mars", None, "juno"]})
    waves = pl.DataFrame({"immortal": ["hydra", None, "cerberus", "hydra"]})
    assert sw.chips_used({"games": games, "waves": waves}) == {
        "factions": ["amazons", "kunlun", "lamosians"], "immortals": ["cerberus", "hydra"], "titans": ["juno", "mars"]}
    assert sw.chips_used({"games": games.drop("titan")}) == {
        "factions": ["amazons", "kunlun", "lamosians"], "immortals": [], "titans": []}


def test_duel_matrix_rows_are_the_duels_with_the_documented_child_seeds():
    """Row i = (a, b, first) in the order given, played with child i of SeedSequence(seed); exact rows have no
    trials. Every figure restated by calling the duel functions directly."""
    import numpy as np

    from hoplostat.combat import Fighter, exact_duel, simulate_duel
    from hoplostat.dice import parse_pool

    x = Fighter("X", hp=3, health=3, attack=parse_pool("black+blue"), unit_id="x-id")
    y = Fighter("Y", hp=4, health=4, attack=parse_pool("green"), reduce=1)
    pairs = [(a, b, first) for a in (x, y) for b in (x, y) for first in ("a", "b")]
    calls = []
    rows = sw.duel_matrix([x, y], trials=300, seed=9, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(8, 8)]
    seeds = np.random.SeedSequence(9).spawn(8)
    assert [(r["index"], r["a"], r["b"], r["first"], r["trials"]) for r in rows] == [
        (i, a.unit_id or a.name, b.unit_id or b.name, first, 300) for i, (a, b, first) in enumerate(pairs)]
    for r, (a, b, first), s in zip(rows, pairs, seeds):
        res = simulate_duel(a, b, 300, rng=np.random.default_rng(s), first=first)
        np.testing.assert_equal(  # Y against Y never finishes (1 damage, 1 reduction): NaN mean rounds
            [r["p_a_wins"], r["p_b_wins"], r["p_draw"], r["mean_rounds"]],
            [res.p_a_wins, res.p_b_wins, res.p_draw, res.mean_rounds])
    exact = sw.duel_matrix([x, y], trials=300, seed=9, exact=True)
    assert [r["trials"] for r in exact] == [None] * 8
    for r, (a, b, first) in zip(exact, pairs):
        res = exact_duel(a, b, first=first)
        np.testing.assert_equal([r["p_a_wins"], r["p_b_wins"], r["p_draw"], r["mean_rounds"]],
                                [res.p_a_wins, res.p_b_wins, res.p_draw, res.mean_rounds])
    assert exact[1]["p_a_wins"] != exact[0]["p_a_wins"]  # the order of first attack reaches the duel


def test_parallel_map_defaults_run_in_this_process_in_chunks_of_64():
    """jobs=1 by default: in this process (a lambda cannot be sent to a worker), 64 tasks per chunk."""
    import os as _os

    calls = []
    got = sw.parallel_map(lambda: _os.getpid(), [()] * 130, progress=lambda d, t: calls.append(d))
    assert set(got) == {_os.getpid()} and calls == [64, 128, 130]


def test_resume_of_a_finished_sweep_replays_nothing_and_rows_carry_what_was_played(tmp_path):
    """Resuming a complete sweep reads every chunk (a table folder without this chunk's file, as when a
    chunk had no rows of that table, is no damage) and rewrites none; rows name both policies in seat
    order and every unit its catalog kind."""
    from hoplostat.catalog import load

    cfg = sw.SweepConfig(factions=("kunlun", "amazons"), arenas=("pozzuoli",), games=2, chunk=1, seed=4,
                         policies=("greedy", "random"))
    out = tmp_path / "s"
    first = sw.run(cfg, out)
    assert (first.games_played, first.games_total, first.chunks_skipped) == (4, 4, 0)
    (out / "waves").mkdir()  # a table with no rows in any chunk
    stamps = {p: p.stat().st_mtime_ns for p in out.rglob("*.parquet")}
    again = sw.run(cfg, out, resume=True)
    assert (again.games_played, again.games_total, again.chunks_skipped) == (4, 4, 4)
    assert {p: p.stat().st_mtime_ns for p in out.rglob("*.parquet")} == stamps
    manifest, tables = sw.load_tables(out)
    assert manifest["status"] == "complete" and len(manifest["resumed"]) == 1
    games, units = tables["games"], tables["units"]
    assert set(zip(games["policy_a"], games["policy_b"])) == {("greedy", "random")}
    kinds = {u.id: u.kind for u in load((), use_env=False).units.values()}
    assert units["kind"].null_count() == 0
    assert all(kinds[u] == k for u, k in zip(units["unit"], units["kind"]))


def test_a_worker_with_a_different_catalog_refuses_to_play():
    cfg = sw.SweepConfig(factions=("kunlun", "amazons"), arenas=("pozzuoli",), games=1, chunk=1,
                         catalog_hash="0123456789abcdef" * 4)
    catalog = sw._catalog(())
    with pytest.raises(sw.InputError) as err:
        sw._play_chunk(cfg, cfg.matchups()[0], 0, 1)
    assert str(err.value) == (f"catalog changed since the sweep started (hash {catalog.hash[:12]}, expected "
                              "0123456789ab): data files differ on this worker")


def _three_faction_sweep(tmp_path):
    cfg = sw.SweepConfig(factions=("kunlun", "amazons", "lamosians"), arenas=("pozzuoli",), games=2, chunk=1,
                         seed=6)
    out = tmp_path / "three"
    sw.run(cfg, out)
    return cfg, out


def test_load_tables_sorts_by_matchup_and_game_and_types_all_null_columns(tmp_path):
    """Chunk files are in matchup-index order; the tables come sorted by (matchup key, game). Chunks
    written before the schemas, every one with a Null `winner` (all draws), still give a String column."""
    cfg, out = _three_faction_sweep(tmp_path)
    keys = [m.key for m in cfg.matchups()]
    assert keys != sorted(keys)  # so that file order and key order differ
    _, tables = sw.load_tables(out)
    for frame in tables.values():
        pairs = list(zip(frame["matchup"], frame["game"]))
        assert pairs == sorted(pairs) and len(set(pairs)) == 12
    for path in (out / "games").glob("*.parquet"):
        frame = pl.read_parquet(path)
        pl.DataFrame(frame.drop("winner").to_dicts()).with_columns(pl.lit(None).alias("winner")).write_parquet(path)
    assert all(pl.read_parquet(p)["winner"].dtype == pl.Null for p in (out / "games").glob("*.parquet"))
    _, tables = sw.load_tables(out)
    assert tables["games"]["winner"].dtype == pl.String and tables["games"]["winner"].null_count() == 12
    manifest = json.loads((out / "manifest.json").read_text())
    for p in (out / "games").glob("*.parquet"):
        p.unlink()
    with pytest.raises(sw.InputError) as err:
        sw.load_tables(out)
    assert str(err.value) == f"{out}: the sweep has no finished games yet"
    assert manifest["config"]["mode"] == "skirmish"


def test_successes_are_the_modes_measure_per_row():
    """For --ci-width: Skirmish counts the first-named faction's wins (winner == "a")."""
    frame = pl.DataFrame({"winner": ["a", "b", None, "a", "a"]}, schema={"winner": pl.String})
    assert sw._successes("skirmish", frame) == (5, 3)


def test_a_damaged_chunk_names_the_reader_error_and_the_command(tmp_path):
    out = tmp_path / "s"
    manifest = {"config": {"mode": "skirmish", "factions": ["kunlun"], "arenas": ["pozzuoli"], "games": 2,
                           "seed": 1, "policies": ["greedy", "greedy"], "max_rounds": 60, "chunk": 1}}
    path = tmp_path / "bad.parquet"
    path.write_bytes(b"not parquet " * 40)
    try:
        pl.read_parquet(path)
    except Exception as exc:  # the reader's own words, first line, at most 120 characters
        why = str(exc).strip().splitlines()[0][:120]
    command = sw.resume_command(out, manifest["config"])
    (out / "games").mkdir(parents=True)
    (out / "manifest.json").write_text(json.dumps(manifest))
    (out / "games" / "0000-000000.parquet").write_bytes(path.read_bytes())
    with pytest.raises(sw.InputError) as err:
        sw.load_tables(out)
    assert str(err.value) == f"{out / 'games' / '0000-000000.parquet'}: damaged result file ({why}); replay it with `{command}`"
    # an error without words: its type; no config: the defaults
    assert str(sw._damaged(out, {})(path, OSError())) == (f"{path}: damaged result file (OSError); replay it with "
                                                          f"`{sw.resume_command(out, {})}`")

    wordy = OSError("w" * 200 + "\nsecond line")  # only the first line, at most 120 characters
    assert f"damaged result file ({'w' * 120}); replay" in str(sw._damaged(out, manifest)(path, wordy))


def test_load_tables_reads_directories_of_older_versions(tmp_path):
    """A manifest without a config, or naming a mode no longer installed, still loads (no schema to apply);
    a chunk written before a declared column existed lacks it and still loads."""
    cfg, out = _three_faction_sweep(tmp_path)
    for path in (out / "games").glob("*.parquet"):
        pl.read_parquet(path).drop("policy_b").write_parquet(path)
    _, tables = sw.load_tables(out)
    assert "policy_b" not in tables["games"].columns and tables["games"].height == 12
    manifest = json.loads((out / "manifest.json").read_text())
    for old in ({k: v for k, v in manifest.items() if k != "config"},
                {**manifest, "config": {**manifest["config"], "mode": "retired-mode"}}):
        (out / "manifest.json").write_text(json.dumps(old))
        _, tables = sw.load_tables(out)
        assert tables["games"].height == 12 and tables["units"].height > 0


def test_resume_command_of_a_config_without_coop_keeps_the_coop_default(tmp_path):
    """Manifests written before the coop option have no "coop": co-op stays on (the option's default)."""
    old = {"mode": "onslaught", "factions": ["kunlun"], "games": 5, "seed": 0, "policies": ["greedy", "greedy"],
           "max_rounds": 80, "chunk": 5}
    assert "--no-coop" not in sw.resume_command(tmp_path, old)


def test_run_checks_its_config_and_reports_progress_per_chunk(tmp_path):
    """run() refuses no games and seeds outside 0..2**63-1 (both ends allowed) before writing anything;
    progress(done, total) comes once with the games already on disk, then after each chunk as it completes
    (no waves: the scheduler has no barrier)."""
    base = dict(factions=("kunlun", "amazons"), arenas=("pozzuoli",), games=2, chunk=1)
    with pytest.raises(sw.InputError) as err:
        sw.run(sw.SweepConfig(**{**base, "games": 0}), tmp_path / "g")
    assert str(err.value) == "--games 0: must be 1 or more"
    for seed in (-1, 2**63):
        with pytest.raises(sw.InputError) as err:
            sw.run(sw.SweepConfig(**base, seed=seed), tmp_path / "s")
        assert str(err.value) == f"--seed {seed}: must be between 0 and {2**63 - 1}"
    assert not (tmp_path / "g").exists() and not (tmp_path / "s").exists()
    calls = []
    report = sw.run(sw.SweepConfig(**base, seed=2**63 - 1), tmp_path / "top", progress=lambda d, t: calls.append((d, t)))
    assert report.games_played == 4
    assert calls == [(0, 4), (1, 4), (2, 4), (3, 4), (4, 4)]
    calls.clear()
    sw.run(sw.SweepConfig(**base, seed=2**63 - 1), tmp_path / "top", resume=True,
           progress=lambda d, t: calls.append((d, t)))
    assert calls == [(4, 4)]  # everything on disk: one call, nothing played
