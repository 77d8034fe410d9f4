"""A mode against one opponent names it in its own words (`Mode.opponent`): The Lost Cities' board sweeps
rank bosses, not "titans", in `summarize` and in the report; Ascension keeps its titans."""

from __future__ import annotations

from clihelp import run_cli


def _sweep(capsys, tmp_path, mode: str, *extra: str):
    out = tmp_path / mode
    code, _, err = run_cli(capsys, "sweep", mode, "--games", "2", "--jobs", "1", "--seed", "3", "--out", str(out),
                           *extra)
    assert code == 0, err
    return out


def test_the_board_game_of_the_lost_cities_ranks_bosses(capsys, tmp_path):
    out = _sweep(capsys, tmp_path, "lost-cities-board")
    code, text, _ = run_cli(capsys, "summarize", str(out))
    assert code == 0
    assert "Bosses, hardest first" in text and "Boss by team" in text
    assert "Titan" not in text
    code, _, err = run_cli(capsys, "report", str(out), "--out", str(tmp_path / "report"))
    assert code == 0, err
    page = (tmp_path / "report" / "index.html").read_text()
    assert "<h3>Bosses</h3>" in page and ">Bosses</h2>" in page and "Titans" not in page


def test_ascension_still_ranks_titans(capsys, tmp_path):
    out = _sweep(capsys, tmp_path, "ascension", "--titan", "mars", "-f", "kunlun", "-f", "amazons")
    code, text, _ = run_cli(capsys, "summarize", str(out))
    assert code == 0
    assert "Titans, hardest first" in text and "Titan by team" in text
