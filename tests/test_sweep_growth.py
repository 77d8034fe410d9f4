"""Growing a sweep: `sweep --resume --games N` with a larger N (and another --ci-width) plays only what is
missing, and its tables equal those of a sweep run with the final config from the start."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clihelp import run_cli
from polars.testing import assert_frame_equal

from hoplostat import sweep as sw

BASE = ["sweep", "skirmish", "-f", "kunlun", "-f", "amazons", "-f", "lamosians", "-a", "pozzuoli", "--seed", "5",
        "--chunk", "4"]


def _tables(out: Path):
    _, tables = sw.load_tables(out)
    return {k: v.sort([c for c in ("matchup", "game", "side", "unit") if c in v.columns]) for k, v in tables.items()}


def _same(a: Path, b: Path) -> None:
    ta, tb = _tables(a), _tables(b)
    assert set(ta) == set(tb)
    for name in ta:
        assert_frame_equal(ta[name], tb[name])


def _sweep(capsys, out: Path, *extra: str) -> str:
    code, text, err = run_cli(capsys, *BASE, *extra, "--out", str(out))
    assert code == 0, err
    return text


def test_growing_games_plays_only_the_new_games_and_equals_one_shot(tmp_path, capsys):
    grown, once = tmp_path / "grown", tmp_path / "once"
    _sweep(capsys, grown, "--games", "6")  # 6 = one chunk of 4 and a short one of 2
    before = {p.name: p.stat().st_mtime_ns for p in (grown / "games").glob("*.parquet")}
    _sweep(capsys, grown, "--games", "11", "--resume")
    after = {p.name: p.stat().st_mtime_ns for p in (grown / "games").glob("*.parquet")}
    assert all(after[n] == t for n, t in before.items())  # nothing played before was played again
    _sweep(capsys, once, "--games", "11")
    _same(grown, once)
    games = _tables(grown)["games"]
    assert games.group_by("matchup").len()["len"].to_list() == [11] * 6
    manifest = json.loads((grown / "manifest.json").read_text())
    assert manifest["config"]["games"] == 11 and manifest["grown"][0]["games"] == [6, 11]


def test_a_new_ci_width_recomputes_the_stops_and_sets_aside_games_past_them(tmp_path, capsys):
    grown, once = tmp_path / "grown", tmp_path / "once"
    _sweep(capsys, grown, "--games", "16")  # no early stop: every matchup plays 16
    _sweep(capsys, grown, "--games", "16", "--ci-width", "0.6", "--resume")
    _sweep(capsys, once, "--games", "16", "--ci-width", "0.6")
    _same(grown, once)
    m_once = json.loads((once / "manifest.json").read_text())
    m_grown = json.loads((grown / "manifest.json").read_text())
    assert m_once["stopped_early"] and sorted(m_once["stopped_early"]) == sorted(m_grown["stopped_early"])
    assert m_grown["unused_chunks"] > 0  # kept (listed as unused in the compaction index), not counted
    assert len(sw.store.read_index(grown)["unused"]) == m_grown["unused_chunks"]
    # and widening again (no --ci-width) plays on from the stops, using nothing set aside twice
    _sweep(capsys, grown, "--games", "20", "--resume")
    _sweep(capsys, tmp_path / "once20", "--games", "20")
    _same(grown, tmp_path / "once20")


def test_shrinking_or_changing_anything_else_is_refused(tmp_path, capsys):
    out = tmp_path / "s"
    _sweep(capsys, out, "--games", "6")
    code, _, err = run_cli(capsys, *BASE, "--games", "5", "--resume", "--out", str(out))
    assert code == 2 and "can grow, not shrink" in err and err.count("\n") == 1
    code, _, err = run_cli(capsys, *[a if a != "5" else "6" for a in BASE], "--games", "8", "--resume", "--out", str(out))
    assert code == 2 and "differs in: seed" in err


def test_the_report_advice_to_grow_a_sweep_works_as_written(tmp_path, capsys):
    """The report and summarize point at `--resume` with more games; that command runs."""
    out = tmp_path / "s"
    _sweep(capsys, out, "--games", "4")
    manifest = json.loads((out / "manifest.json").read_text())
    cmd = sw.resume_command(out, manifest["config"]).split()
    i = cmd.index("--games")
    cmd[i + 1] = "8"
    code, _, err = run_cli(capsys, *cmd[1:])
    assert code == 0, err
    assert _tables(out)["games"].height == 6 * 8


@pytest.mark.parametrize("games", [3, 4])
def test_resume_after_growth_is_idempotent(tmp_path, capsys, games):
    out = tmp_path / "s"
    _sweep(capsys, out, "--games", str(games))
    _sweep(capsys, out, "--games", "9", "--resume")
    before = _tables(out)
    files = {p: p.stat().st_mtime_ns for p in out.rglob("*.parquet")}
    code, text, err = run_cli(capsys, *BASE, "--games", "9", "--resume", "--json", "--out", str(out))
    assert code == 0, err
    d = json.loads(text)
    assert d["chunks_resumed"] == sum(len(v) for v in sw.store.chunk_starts(out).values())  # every chunk kept
    assert {p: p.stat().st_mtime_ns for p in out.rglob("*.parquet")} == files  # and nothing written again
    after = _tables(out)
    for name in before:
        assert_frame_equal(before[name], after[name])
