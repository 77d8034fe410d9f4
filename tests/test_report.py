"""`hoplostat report`: every section and figure, escaping of names from data, bad input."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from clihelp import run_cli, run_json
from hoplostat.report import SECTIONS

DATA = Path(__file__).resolve().parents[1] / "data" / "remastered"


@pytest.fixture(scope="module")
def tiny_sweep(tmp_path_factory):
    out = tmp_path_factory.mktemp("sweep") / "s"
    from hoplostat.cli import main

    try:
        main(["sweep", "skirmish", "-f", "kunlun", "-f", "amazons", "-f", "lamosians", "--games", "4",
              "--chunk", "2", "--seed", "2", "--out", str(out)])
    except SystemExit as exc:
        assert exc.code in (0, None)
    return out


def test_report_has_every_section_and_figure(tiny_sweep, tmp_path, capsys):
    data = run_json(capsys, "report", str(tiny_sweep), "--out", str(tmp_path / "rep"))
    page = Path(data["report"]).read_text()
    for section in SECTIONS:
        assert f'id="{section}"' in page or f"id='{section}'" in page, section
    figures = sorted(p.name for p in (tmp_path / "rep" / "figures").glob("*.png"))
    assert figures == sorted(f"{s}.png" for s in SECTIONS if s != "summary")
    assert page.count("data:image/png;base64,") == len(figures)  # embedded: no network, no side files
    assert "http://" not in page and "https://" not in page
    assert re.search(r"Kunlun wins \d+% \[\d+%, \d+%\] of its 32 games", page)
    assert "stand-in values" in page and "seed" in page and "catalog hash" in page


def test_names_from_data_are_escaped(tiny_sweep, tmp_path, capsys):
    overlay = tmp_path / "evil"
    overlay.mkdir()
    text = (DATA / "factions" / "kunlun.toml").read_text()
    text = text.replace('name = "Warrior"', 'name = "<script>alert(1)</script>"', 1)
    assert "<script>" in text
    (overlay / "kunlun.toml").write_text(text)
    data = run_json(capsys, "report", str(tiny_sweep), "--out", str(tmp_path / "rep"), "--data", str(overlay))
    page = Path(data["report"]).read_text()
    assert "<script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_not_a_sweep_directory_is_one_error_line(tmp_path, capsys):
    code, out, err = run_cli(capsys, "report", str(tmp_path), "--out", str(tmp_path / "rep"))
    assert code == 2 and err.startswith("error: ") and "not a sweep result" in err
    assert not (tmp_path / "rep").exists()


@pytest.mark.parametrize("flag", ["--compare", "--robustness", "--data"])
def test_a_bad_input_leaves_no_output_folder(tiny_sweep, tmp_path, capsys, flag):
    """Every input is checked before --out is made: a failed report leaves no empty folder behind."""
    missing = tmp_path / "missing"
    code, out, err = run_cli(capsys, "report", str(tiny_sweep), flag, str(missing), "--out", str(tmp_path / "rep"))
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1 and str(missing) in err
    assert not (tmp_path / "rep").exists()


def test_a_missing_path_is_said_not_to_exist(tmp_path, capsys):
    code, out, err = run_cli(capsys, "report", str(tmp_path / "nowhere"), "--out", str(tmp_path / "rep"))
    assert code == 2 and err == f"error: {tmp_path / 'nowhere'}: no such directory (give a sweep result directory, " \
                                "made by hoplostat sweep)\n"
    assert not (tmp_path / "rep").exists()


def _field_games(draws: int):
    import polars as pl

    rows = []
    for i in range(60):
        a, b = [("kunlun", "amazons"), ("kunlun", "lamosians"), ("amazons", "lamosians")][i % 3]
        rows.append({"matchup": f"m/{a}/{b}", "arena": "pozzuoli", "game": i, "rounds": 9, "faction_a": a,
                     "faction_b": b, "first": "ab"[i % 2], "winner": None if i < draws else "ab"[i % 5 == 0],
                     "a_damage_dealt": 0, "b_damage_dealt": 0, "a_kills": 0, "b_kills": 0, "a_crowd_favor": 0,
                     "b_crowd_favor": 0})
    return pl.DataFrame(rows)


def test_the_average_is_said_to_differ_from_50_only_when_games_were_drawn():
    """"An average faction wins 50.0%, not 50%" said nothing: the sentence is about draws (won by nobody, so the
    average seat wins less than half); without draws it says that the line is 50%."""
    from hoplostat import report, stats

    for draws, said in ((0, False), (6, True)):
        t = stats.summary(_field_games(draws))
        lines = report.summary_sentences(t, {})
        text = " ".join(lines)
        assert ("not 50%" in text) == said, lines
        assert ("No game was drawn, so an average faction wins 50%" in text) == (not said), lines
        if said:
            assert f"wins {t['field']['field_average'][0]:.1%} of its games" in text
        sections, _, _ = report.report_sections({"config": {"mode": "skirmish"}}, {"games": _field_games(draws)},
                                                _catalog())
        (win_rates,) = [s for s in sections if s[0] == "win-rates"]
        assert ("not 50%" in win_rates[3]) == said, win_rates[3]


def _catalog():
    from hoplostat.catalog import load

    return load(())


def test_verdicts_read_in_words_on_the_page(tiny_sweep, tmp_path, capsys):
    from hoplostat.words import VERDICT_WORDS

    data = run_json(capsys, "report", str(tiny_sweep), "--out", str(tmp_path / "rep"))
    page = Path(data["report"]).read_text()
    for short in ("within", "stronger", "weaker"):
        assert f"<td>{short}</td>" not in page
    assert any(f"<td>{w}</td>" in page for w in VERDICT_WORDS.values())
