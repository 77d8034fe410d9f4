"""The HTML report in a real browser (headless Chromium through selenium) at a desktop width (1280 px) and a
phone width (390 px): the page never scrolls sideways (wide tables and figures scroll inside their box),
every image loads, and the console shows no error.

CI installs Debian's chromium and chromium-driver (.ci/run). Elsewhere the test is skipped, with the reason,
when they are missing; under CI (CI=true) a missing browser is a failure, never a skip."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")


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
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
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


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("mode", ["skirmish", "alliance"])
def test_report_fits_the_screen_loads_every_image_and_logs_no_error(driver, reports, mode, width):
    driver.set_window_size(width, 900)
    driver.get(Path(reports[mode]).as_uri())
    inner = driver.execute_script("return window.innerWidth")
    scroll = driver.execute_script("return document.documentElement.scrollWidth")
    assert scroll <= inner, f"the page scrolls sideways at {width} px ({scroll} > {inner})"
    images = driver.execute_script(
        "return Array.from(document.images).map(i => [i.alt, i.complete && i.naturalWidth > 0])")
    assert images and all(ok for _, ok in images), [alt for alt, ok in images if not ok]
    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    assert not errors, errors
    # wide things scroll inside their own box instead of widening the page
    boxes = driver.execute_script(
        "return Array.from(document.querySelectorAll('.scroll, figure')).map(b => b.getBoundingClientRect().right)")
    assert all(right <= inner + 1 for right in boxes)
