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
    assert "<script>alert(1)" not in page and page.count("<script>") == 1  # the page's own sorting script only
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
    from hoplostat.analysis import Versus

    for draws, said in ((0, False), (6, True)):
        t = stats.summary(_field_games(draws))
        lines = report.summary_sentences(t, {})
        text = " ".join(lines)
        assert ("not 50%" in text) == said, lines
        assert ("No game was drawn, so an average faction wins 50%" in text) == (not said), lines
        if said:
            assert f"wins {t['field']['field_average'][0]:.1%} of its games" in text
        sections, _, _ = report.report_sections({"config": {"mode": "skirmish"}}, {"games": _field_games(draws)},
                                                _catalog(), Versus())
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


def test_the_page_opens_with_its_headline_then_the_sections_under_headings(tiny_sweep, tmp_path, capsys):
    data = run_json(capsys, "report", str(tiny_sweep), "--out", str(tmp_path / "rep"))
    page = Path(data["report"]).read_text()
    assert "<meta name='viewport' content='width=device-width, initial-scale=1'>" in page
    at = {key: page.index(f"id='{key}'") if f"id='{key}'" in page else page.index(f'id="{key}"') for key in SECTIONS}
    assert sorted(at, key=at.get) == list(SECTIONS)  # headline first, every finding in words last
    assert page.index("stand-in values") < at["headline"]  # the banner stays above everything
    headings = re.findall(r"<h2 class='group'>([^<]+)</h2>", page)
    assert headings == ["Factions", "Matchups", "Seats and game length", "Units and their odds",
                        "Every finding, and this run"]
    assert "figures/headline.png" not in page and (tmp_path / "rep" / "figures" / "headline.png").exists()
    # the long per-unit table is folded
    assert re.search(r"<details><summary>All \d+ units \(a long table\)</summary><div class='scroll'>", page)


def test_no_table_repeats_a_header_and_no_number_prints_minus_zero(tiny_sweep, tmp_path, capsys):
    import html as html_

    data = run_json(capsys, "report", str(tiny_sweep), "--out", str(tmp_path / "rep"))
    page = Path(data["report"]).read_text()
    for head in re.findall(r"<thead><tr>(.*?)</tr></thead>", page):
        names = re.findall(r"<th>(.*?)</th>", head)
        assert len(names) == len(set(names)), names
    text = html_.unescape(re.sub(r"<[^>]+>", " ", page.split("<style>")[0] + page.split("</style>")[1]))
    assert not re.search(r"(?<![\w.])-0(?![.\d])", text), re.findall(r".{30}(?<![\w.])-0(?![.\d]).{10}", text)


def test_a_figure_says_its_smallest_text_and_keeps_it_9_px_high():
    from matplotlib.figure import Figure

    from hoplostat import page

    fig = Figure(figsize=(4, 3))
    ax = fig.add_subplot()
    ax.plot([0, 1], [0, 1], label="tiny")
    ax.legend(fontsize=5.5)
    ax.set_title("big", fontsize=14)
    data = page.png(fig)
    assert page.smallest_font_pt(fig) == 5.5
    w, _ = page.png_size(data)
    assert w == 4 * page.DPI
    html = page.figure_html(fig, data, "t")
    shown = page.min_width(w, 5.5)
    assert f"min-width:{shown}px" in html and 'data-font-pt="5.5"' in html
    assert 5.5 * page.DPI / 72 * shown / w >= 9 > 5.5 * page.DPI / 72 * (shown - 1) / w


def test_the_headline_lists_findings_in_order_with_what_to_do_next():
    from hoplostat import page
    from hoplostat.headline import Finding

    found = [Finding("arena", "a", 0.2, 0.1, 0.3, "First <b>.", "hoplostat tune x -a y", "find a change"),
             Finding("first-player", "f", 0.05, 0.04, 0.06, "Second.", "", "")]
    out = page.headline_html(found, figure="<figure></figure>", none="nothing", fine="ranked", also=["Stronger."])
    assert out.index("First &lt;b&gt;.") < out.index("Second.") < out.index("Stronger.")
    assert "<li>1. Find a change: <code>hoplostat tune x -a y</code></li>" in out and "2. " not in out
    assert "nothing" not in out
    assert "<p class='findings'>nothing</p>" in page.headline_html([], none="nothing")


def test_points_in_tables_and_sentences_never_read_minus_zero():
    from hoplostat import report

    assert report._cell("diff", -0.021, -0.034, -0.0002) == "-2 [-3, 0]"
    assert report._cell("diff", -0.003, -0.03, 0.02) == "-0.3 [-3, +2]"
    assert report._interval_points(-0.034, -0.004) == "[-3, -0.4]"


def _drawn_texts(fig):
    """Every text the figure draws: titles, axis labels, legends, cell labels, and the tick labels of the ticks
    inside each axis's view (the locator's ticks beyond it are not drawn)."""
    from matplotlib.text import Text

    ticks = set()
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            lo, hi = sorted(axis.get_view_interval())
            for tick in axis.get_major_ticks() + axis.get_minor_ticks():
                if not lo - 1e-9 <= tick.get_loc() <= hi + 1e-9:
                    ticks.update({id(tick.label1), id(tick.label2)})
    return [t for t in fig.findobj(Text) if t.get_visible() and t.get_text().strip() and id(t) not in ticks
            and (t.axes is None or t.axes.get_visible())]


def test_no_figure_cuts_its_text(tiny_sweep):
    """Every text of every figure of the report lies inside the figure (the units chart cut its axis label)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from hoplostat import report
    from hoplostat.analysis import for_manifest
    from hoplostat.sweep import scan_tables, sweep_catalog

    manifest, tables = scan_tables(tiny_sweep)
    sections, _, _ = report.report_sections(manifest, tables, sweep_catalog(manifest, None), for_manifest(manifest))
    assert {s[0] for s in sections} >= {"headline", "units", "odds"}
    for key, _title, fig, *_ in sections:
        canvas = FigureCanvasAgg(fig)
        canvas.draw()
        renderer = canvas.get_renderer()
        w, h = fig.bbox.width, fig.bbox.height
        cut = [(t.get_text(), [round(v) for v in t.get_window_extent(renderer).extents]) for t in _drawn_texts(fig)
               if not (-1 <= t.get_window_extent(renderer).x0 and t.get_window_extent(renderer).x1 <= w + 1
                       and -1 <= t.get_window_extent(renderer).y0 and t.get_window_extent(renderer).y1 <= h + 1)]
        assert not cut, (key, w, h, cut)
