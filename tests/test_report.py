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
