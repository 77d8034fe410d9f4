"""A mode is one folder (issue 46): the package outside `hoplostat/rulesets/` names no mode, so a mode's rules,
players, analysis, report sections, vocabulary and scenarios can only live with it; the toy mode of the tests
(tests/toymode/) is such a folder and nothing else. The same check as
`git grep -il NAME -- hoplostat ':!hoplostat/rulesets'` for every registered mode, in Python so that it needs no
git checkout."""

from __future__ import annotations

from pathlib import Path

import pytest
import toymode  # noqa: F401  (registers the toy mode)

from hoplostat.engine.loop import modes

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "hoplostat"
RULESETS = PACKAGE / "rulesets"
TEXT = {".py", ".md", ".toml", ".txt", ".html", ".css", ".js", ".json"}


def shared_files() -> list[Path]:
    """Every text file of the package outside its rule sets."""
    return sorted(p for p in PACKAGE.rglob("*") if p.is_file() and p.suffix in TEXT and RULESETS not in p.parents)


SHARED = {p: p.read_text(encoding="utf-8").lower() for p in shared_files()}


@pytest.mark.parametrize("mode", sorted(m for m in modes() if not m.startswith("test-")))
def test_no_module_outside_the_rule_sets_names_a_mode(mode):
    named = [str(p.relative_to(ROOT)) for p, text in SHARED.items() if mode in text]
    assert not named, f"{mode!r} is named outside hoplostat/rulesets/ in {named}"


def test_the_check_sees_the_package_and_would_see_a_mode_named():
    assert PACKAGE / "engine" / "loop.py" in SHARED and PACKAGE / "cli" / "__init__.py" in SHARED
    assert not any(RULESETS in p.parents for p in SHARED)
    assert any("register_mode" in text for text in SHARED.values())  # the registry itself is read


def test_the_toy_mode_is_one_folder_and_nothing_else():
    """Its rules, players and analysis are files of tests/toymode/; the package never names it."""
    folder = ROOT / "tests" / "toymode"
    assert {p.name for p in folder.glob("*.py")} == {"__init__.py", "mode.py", "players.py", "analysis.py"}
    mode = modes()["test-sudden-death"]
    assert mode.__module__ == "toymode.mode"
    assert mode.greedy().__module__ == "toymode.players" and mode.analysis_class().__module__ == "toymode.analysis"
    for word in ("sudden", "toymode", "test-sudden-death"):
        assert not [p for p, text in SHARED.items() if word in text], word
