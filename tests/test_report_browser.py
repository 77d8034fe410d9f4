"""The HTML report in a real browser (headless Chromium through selenium) at a desktop width (1280 px) and a
phone (390 x 844 px, emulated as a mobile device, so the page's viewport tag is what makes it fit): the page never
scrolls sideways and no element sticks out of it (wide tables and figures scroll inside their own box), the
headline is within the first screen, the text of every figure is at least 9 px high as displayed, the verdict
column of every table shows without scrolling, a click on a header sorts its table, every image loads and the
console shows no error.

CI installs Debian's chromium and chromium-driver (.ci/run). Elsewhere the test is skipped, with the reason,
when they are missing; under CI (CI=true) a missing browser is a failure, never a skip."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
SCREENS = {1280: (1280, 800, False), 390: (390, 844, True)}  # width: (width, height, a phone)


@pytest.fixture(scope="module")
def driver():
    if not (BROWSER and DRIVER):
        if os.environ.get("CI"):
            pytest.fail("CI must run the browser test: install chromium and chromium-driver (.ci/run does)")
        pytest.skip("chromium and chromedriver are not installed (apt-get install chromium chromium-driver)")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = BROWSER
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars"):
        opts.add_argument(arg)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    d = webdriver.Chrome(service=Service(DRIVER), options=opts)
    yield d
    d.quit()


@pytest.fixture(scope="module")
def reports(tmp_path_factory, capsys_module=None):
    root = tmp_path_factory.mktemp("browser")
    from hoplostat.cli import main

    out = {}
    for mode, extra in (("skirmish", ["-f", "kunlun", "-f", "amazons", "-f", "plutos-refugees", "--games", "4"]),
                        ("alliance", ["--pods", "2", "--games", "3"])):
        sweep, rep = root / f"{mode}-sweep", root / f"{mode}-report"
        for argv in (["sweep", mode, *extra, "--out", str(sweep)], ["report", str(sweep), "--out", str(rep)]):
            try:
                main(argv)
            except SystemExit as exc:
                assert exc.code in (0, None)
        out[mode] = rep / "index.html"
    return out


def open_at(driver, page: Path, width: int) -> None:
    """Open `page` on the screen `SCREENS[width]`: a desktop window, or an emulated phone (whose layout width
    is the viewport tag's business)."""
    w, h, phone = SCREENS[width]
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": w, "height": h, "deviceScaleFactor": 3 if phone else 1, "mobile": phone})
    driver.get(Path(page).as_uri())
    driver.execute_script("document.querySelectorAll('details').forEach(d => d.open = true)")  # folded parts too


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("mode", ["skirmish", "alliance"])
def test_report_fits_the_screen_loads_every_image_and_logs_no_error(driver, reports, mode, width):
    open_at(driver, reports[mode], width)
    inner = driver.execute_script("return window.innerWidth")
    assert inner == width, f"the page is laid out {inner} px wide on a {width} px screen (viewport tag?)"
    scroll = driver.execute_script("return document.documentElement.scrollWidth")
    assert scroll <= inner, f"the page scrolls sideways at {width} px ({scroll} > {inner})"
    images = driver.execute_script(
        "return Array.from(document.images).map(i => [i.alt, i.complete && i.naturalWidth > 0])")
    assert images and all(ok for _, ok in images), [alt for alt, ok in images if not ok]
    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    assert not errors, errors
    # no element sticks out of the page: wide things scroll inside their own box
    out = driver.execute_script("""
        const iw = document.documentElement.clientWidth;
        function inBox(e) {
          for (let p = e.parentElement; p; p = p.parentElement) {
            if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(p).overflowX)) return true;
          }
          return false;
        }
        return Array.from(document.body.querySelectorAll('*')).filter(e => {
          const r = e.getBoundingClientRect();
          return r.width > 0 && (r.right > iw + 0.5 || r.left < -0.5) && !inBox(e);
        }).map(e => e.tagName + ' ' + (e.id || e.className) + ' ' + e.getBoundingClientRect().right);
    """)
    assert not out, f"sticking out at {width} px: {out[:5]}"


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("mode", ["skirmish", "alliance"])
def test_the_headline_is_within_the_first_screen(driver, reports, mode, width):
    open_at(driver, reports[mode], width)
    first = driver.execute_script("""
        const h = document.getElementById('headline');
        const f = h.querySelector('.findings');
        const first = f.tagName === 'OL' ? f.querySelector('li') : f;
        const fig = h.querySelector('figure img');
        return {top: h.getBoundingClientRect().top, bottom: first.getBoundingClientRect().bottom,
                height: window.innerHeight, figure: fig ? fig.getBoundingClientRect().top : null,
                figureRight: fig ? fig.getBoundingClientRect().right : null, width: window.innerWidth,
                before: Array.from(document.querySelectorAll('main > section, main > h2'))[0].id};
    """)
    assert first["before"] == "headline", "the headline is the page's first section"
    assert 0 <= first["top"] and first["bottom"] <= first["height"], first
    if mode == "skirmish":  # the figure a designer reads first starts on the first screen, unscrolled
        assert first["figure"] is not None and first["figure"] < first["height"], first
        assert first["figureRight"] <= first["width"], first


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("mode", ["skirmish", "alliance"])
def test_every_figures_text_is_at_least_9_px_as_displayed(driver, reports, mode, width):
    """Each PNG says its smallest text in points and its dpi (data-font-pt, data-dpi): drawn at naturalWidth
    pixels, displayed at clientWidth CSS px, that text is pt * dpi / 72 * clientWidth / naturalWidth px high."""
    open_at(driver, reports[mode], width)
    figures = driver.execute_script("""
        return Array.from(document.images).map(i => [i.alt, Number(i.dataset.fontPt), Number(i.dataset.dpi),
                                                     i.clientWidth, i.naturalWidth]);
    """)
    assert figures
    small = [(alt, round(pt * dpi / 72 * shown / natural, 1)) for alt, pt, dpi, shown, natural in figures
             if not pt * dpi / 72 * shown / natural >= 9]
    assert not small, f"text under 9 px at {width} px: {small}"


@pytest.mark.parametrize("width", [1280, 390])
def test_the_verdict_column_shows_without_scrolling(driver, reports, width):
    open_at(driver, reports["skirmish"], width)
    cols = driver.execute_script("""
        return Array.from(document.querySelectorAll('th')).filter(th => /verdict/i.test(th.textContent)
            && th.getBoundingClientRect().width > 0).map(th => {
          const box = th.closest('.scroll').getBoundingClientRect(), r = th.getBoundingClientRect();
          return [th.textContent, r.left >= box.left - 0.5 && r.right <= Math.min(box.right, window.innerWidth) + 0.5];
        });
    """)
    assert len(cols) >= 2, cols  # the field's table and the first player's at least
    assert all(ok for _, ok in cols), cols


def test_a_click_on_a_header_sorts_its_table(driver, reports):
    open_at(driver, reports["skirmish"], 1280)
    from selenium.webdriver.common.by import By

    table = driver.find_element(By.CSS_SELECTOR, "#win-rates table.sortable")
    headers = table.find_elements(By.TAG_NAME, "th")
    games = next(i for i, h in enumerate(headers) if h.text.startswith("Win rate"))

    def column(i):
        return [float(c.get_attribute("data-v")) for c in table.find_elements(By.CSS_SELECTOR, f"tbody td:nth-child({i + 1})")]

    def names():
        return [c.text for c in table.find_elements(By.CSS_SELECTOR, "tbody td:nth-child(1)")]

    headers[games].click()
    assert column(games) == sorted(column(games))
    headers[games].click()
    assert column(games) == sorted(column(games), reverse=True)
    headers[0].click()
    assert names() == sorted(names())
