"""Analyses as objects (`hoplostat.analysis`): each mode's analysis is the class it declares or the standard one of
its kind, the shared modules choose nothing by kind (a switch put back fails `test_no_module_switches_on_the_kind`),
the layers hold (stats, report, robustness, comparison and sweep import no analysis), and a mode that adds a table
to its analysis does it in its own folder (tests/toymode/analysis.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import toymode  # registers the toy mode (and is checked below)
from clihelp import run_cli, run_json

from hoplostat import analysis
from hoplostat.analysis import STANDARD, Boss, Pods, Teams, Versus, Waves
from hoplostat.engine import loop
from hoplostat.engine.loop import mode_class, modes
from hoplostat.engine.mode import COMPETITIVE, Mode

ROOT = Path(analysis.__file__).resolve().parents[2]

EXPECTED = {
    "skirmish": Versus, "onslaught": Waves, "ascension": Boss, "pandemonium": Pods, "alliance": Teams,
    "condemned": Versus, "naumachia": "NaumachiaAnalysis", "lost-cities": Versus, "lost-cities-board": Boss,
    "rise-of-rome": Versus, "rise-of-rome-titan": Boss, "rise-of-rome-2x2": Teams, "origins": "OriginsAnalysis",
    "origins-battle-royale": "OriginsAnalysis", "origins-solo-trials": "TrialsAnalysis",
    "test-sudden-death": "SuddenDeathAnalysis",
}
"""Each registered mode's analysis class (a name: a subclass in the mode's rule set)."""


@pytest.mark.parametrize("mode", sorted(EXPECTED))
def test_each_mode_has_its_analysis_object(mode):
    cls = mode_class(mode)
    an = analysis.of(cls)
    want = EXPECTED[mode]
    if isinstance(want, str):
        # declared beside the mode: the analysis's module sits in the mode's own package (its rule set's or folder)
        assert type(an).__name__ == want and cls.__module__.startswith(type(an).__module__.rpartition(".")[0] + ".")
        assert isinstance(an, STANDARD.get(cls.analysis, analysis.Analysis))
    else:
        assert type(an) is want and an.kind == cls.analysis
    assert an.mode is cls and type(analysis.for_mode(mode)) is type(an)
    assert an.competitive == (cls.analysis in COMPETITIVE)
    assert an.coop == cls.coop_teams()  # the engine's own word (a sweep's --no-coop) agrees with the analysis


def test_every_registered_mode_is_listed():
    assert set(modes()) == set(EXPECTED)


def test_a_mode_that_declares_no_analysis_gets_the_standard_one_of_its_kind():
    assert "analysis_class" not in vars(mode_class("skirmish"))
    assert type(analysis.for_mode("skirmish")) is Versus


def test_the_mode_hooks_of_an_analysis_of_its_own_are_gone():
    for hook in ("summary_tables", "summary_printed", "report_content", "subject_rows"):
        assert not hasattr(Mode, hook), hook
        assert all(not hasattr(c, hook) for c in modes().values()), hook


# --------------------------------------------------------------------------- no switch on the kind

SHARED = ["hoplostat/stats.py", "hoplostat/report/*.py", "hoplostat/api.py", "hoplostat/robustness.py",
          "hoplostat/comparison.py", "hoplostat/sweep.py", "hoplostat/sweep_results.py", "hoplostat/ladder.py",
          "hoplostat/headline.py", "hoplostat/converge.py", "hoplostat/tune/*.py", "hoplostat/cli/*.py"]
"""The modules that call the analysis object and choose nothing by kind themselves."""

KINDS = r"""["'](?:versus|pods|teams|waves|boss|campaign)["']"""
SWITCHES = {
    "a test of the mode's analysis kind": r"\.analysis\s*(?:==|!=|\bin\b|\bnot\s+in\b)",
    "a kind compared with a kind's name": rf"\b(?:kind|analysis)\s*(?:==|!=|\bin\b|\bnot\s+in\b)\s*\(?\s*{KINDS}",
    "a table keyed by kind": rf"=\s*\{{\s*{KINDS}\s*:",
    "a lookup by kind": r"\}\s*\.get\(\s*(?:cls\.analysis|kind)\b",
    "the mode's kind read to choose": r"mode_class\([^)]*\)\.analysis\b|\bcls\.analysis\b",
    "Naumachia's columns sniffed": r"""["']a_events["']""",
    "Origins' draft sniffed": r"""tables\.get\(\s*["']draft(?:_colours|_chips)?["']\s*\)\s*is\s+not\s+None""",
    "the competitive kinds listed": r"\bCOMPETITIVE\b",
    "a mode's own analysis hook": r"\.(?:summary_tables|summary_printed|report_content|subject_rows)\(\s*tables",
}


def switches(text: str) -> list[str]:
    """Every line of `text` with a switch on the analysis kind (what `SWITCHES` names)."""
    found = []
    for n, line in enumerate(text.splitlines(), 1):
        for what, pattern in SWITCHES.items():
            if re.search(pattern, line):
                found.append(f"{n}: {what}: {line.strip()}")
    return found


def test_no_module_switches_on_the_kind():
    files = sorted({p for g in SHARED for p in ROOT.glob(g)})
    assert len(files) > 10
    found = [f"{p.relative_to(ROOT)}:{hit}" for p in files for hit in switches(p.read_text())]
    assert found == []


@pytest.mark.parametrize("line", [
    'kind = mode_class(mode).analysis',
    'if cls.analysis in ("waves", "boss"):',
    'if kind == "pods":',
    'WHAT = {"versus": "faction win rates"}',
    'build = {"waves": onslaught_sections}.get(cls.analysis, skirmish_sections)',
    'if "a_events" in tables["games"].collect_schema().names():',
    'if tables.get("draft") is not None:',
    'seated = len(cls.seats) > 1 and mode.analysis == "versus"',
    'own = cls.summary_tables(tables)',
])
def test_a_switch_put_back_is_found(line):
    """The check above fails on each switch this change removed, put back (the check is not vacuous)."""
    assert switches(f"x = 1\n    {line}\n") != []


def test_the_lower_layers_import_no_analysis():
    """stats, report, robustness, comparison and sweep take the analysis object from their caller (cli, api)."""
    imports = re.compile(r"^\s*(?:from\s+hoplostat\.analysis\b|from\s+hoplostat\s+import\s+[^#\n]*\banalysis\b|"
                         r"import\s+hoplostat\.analysis\b)", re.M)
    names = ("stats", "report/*", "robustness", "comparison", "sweep", "sweep_results", "parallel", "tables",
             "engine/mode", "engine/loop")
    files = [p for name in names for p in sorted(ROOT.glob(f"hoplostat/{name}.py"))]
    assert len(files) >= len(names) + 2  # report/ is a package of four modules
    for path in files:
        assert not imports.search(path.read_text()), path


# --------------------------------------------------------------------------- a mode's own table


def test_a_mode_adds_a_table_to_its_analysis_in_its_own_folder(capsys, tmp_path):
    """tests/toymode/analysis.py: Sudden Death's analysis (`SuddenDeathAnalysis(Versus)`) adds `end_reasons`;
    summarize gives and prints it beside every versus table, and the report shows it, with no line elsewhere."""
    from toymode.analysis import SuddenDeathAnalysis

    assert type(analysis.for_mode(toymode.SuddenDeath.name)) is SuddenDeathAnalysis
    out = tmp_path / "toy"
    code, _, err = run_cli(capsys, "sweep", toymode.SuddenDeath.name, "-f", "kunlun", "-f", "amazons", "--games",
                           "2", "--out", str(out))
    assert code == 0, err
    s = run_json(capsys, "summarize", str(out))
    assert sum(r["games"] for r in s["end_reasons"]) == s["games"] == 4
    assert {"win_rates", "field", "matchups", "ratings", "units"} <= set(s)
    code, text, err = run_cli(capsys, "summarize", str(out))
    assert code == 0, err
    assert "How the games ended" in text and "Win rate per faction" in text
    assert text.index("Matchups") < text.index("How the games ended") < text.index("Units standing out")
    code, _, err = run_cli(capsys, "report", str(out), "--out", str(tmp_path / "rep"))
    assert code == 0, err
    assert 'id="end-reasons"' in (tmp_path / "rep" / "index.html").read_text(encoding="utf-8")
