"""Degenerate sweep chunks (issue 13): every game a draw, no kill, no immortal or titan defeated. Such a
chunk must be written, resumed, summarized (also as strict JSON) and reported like any other, because the
result tables have explicit schemas instead of types polars guesses from the values."""

from __future__ import annotations

import json

import polars as pl
import pytest

from clihelp import run_cli
from hoplostat import sweep as sw
from hoplostat.catalog import load

# one round: nobody can win a Skirmish, defeat an immortal or a titan in it
DEGENERATE = {
    "skirmish": ["sweep", "skirmish", "-f", "kunlun", "-f", "amazons", "-a", "pozzuoli", "-n", "3",
                 "--max-rounds", "1"],
    "onslaught": ["sweep", "onslaught", "-f", "kunlun", "-f", "amazons", "-n", "2", "--max-rounds", "1"],
    "ascension": ["sweep", "ascension", "-f", "kunlun", "-t", "titan-d", "--no-coop", "-n", "3",
                  "--max-rounds", "1"],
}


def strict_json(text: str) -> dict:
    """json.loads that refuses NaN and Infinity (Python's accepts them; JSON has no such values)."""
    def refuse(name):
        raise ValueError(f"not JSON: {name}")
    assert text.count("\n") == 1, "--json prints exactly one line"
    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize("mode", sorted(DEGENERATE))
def test_degenerate_chunks_sweep_resume_summarize_and_report(mode, tmp_path, capsys):
    out = tmp_path / "sweep"
    argv = [*DEGENERATE[mode], "--out", str(out)]
    code, _, err = run_cli(capsys, *argv)
    assert code == 0, err
    games = sw.load_tables(out)[1]["games"]
    if mode == "skirmish":
        assert games["winner"].null_count() == games.height  # every game a draw
        assert games["winner"].dtype == pl.String
    elif mode == "onslaught":
        assert games["immortals_defeated"].sum() == 0
    else:
        assert not games["won"].any()
    code, _, err = run_cli(capsys, *argv, "--resume")  # reading the finished chunks back
    assert code == 0, err
    code, out_text, err = run_cli(capsys, "summarize", str(out))
    assert code == 0, err
    code, out_text, err = run_cli(capsys, "summarize", str(out), "--json")
    assert code == 0, err
    obj = strict_json(out_text)
    assert obj["games"] == games.height
    code, _, err = run_cli(capsys, "report", str(out), "--out", str(tmp_path / "report"))
    assert code == 0, err
    assert (tmp_path / "report" / "index.html").is_file()


@pytest.mark.parametrize("mode", ["skirmish", "onslaught", "ascension"])
def test_every_column_a_game_produces_has_a_type(mode):
    """The schemas cover every column the sweep's game players write, solo and co-op (a missing one is an
    error, never a silently dropped column) and give a draw the type of a win."""
    cat = load()
    cfg = sw.SweepConfig(mode=mode, factions=("kunlun", "amazons"), titans=("mars",), games=1, max_rounds=2,
                         arenas=("pozzuoli",))
    for m in cfg.matchups():
        for name, rows in sw.play_one(cat, cfg, m, 0).items():
            frame = sw.result_frame(mode, name, rows)
            assert frame.schema == pl.Schema(sw.schema(mode, name))
            assert all(frame[c].dtype != pl.Null for c in frame.columns)
    with pytest.raises(ValueError, match="SCHEMAS"):
        sw.result_frame(mode, "games", [{"not_a_column": 1}])
    assert sw.result_frame(mode, "games", []).schema == pl.Schema(sw.schema(mode, "games"))


def test_chunks_written_with_guessed_null_columns_still_read(tmp_path, capsys):
    """A directory written before the schemas (an all-draw chunk stored with a Null `winner` column next to
    a decided one) summarizes: the loader gives known columns their types."""
    out = tmp_path / "old"
    code, _, err = run_cli(capsys, *DEGENERATE["skirmish"], "--out", str(out))
    assert code == 0, err
    path = next((out / "games").glob("*.parquet"))
    frame = pl.read_parquet(path)
    guessed = pl.DataFrame(frame.drop("winner", "winner_faction").to_dicts()).with_columns(
        pl.lit(None).alias("winner"), pl.lit(None).alias("winner_faction"))
    assert guessed["winner"].dtype == pl.Null
    guessed.write_parquet(path)
    _, tables = sw.load_tables(out)
    assert tables["games"]["winner"].dtype == pl.String
    code, out_text, err = run_cli(capsys, "summarize", str(out), "--json")
    assert code == 0, err
    strict_json(out_text)
