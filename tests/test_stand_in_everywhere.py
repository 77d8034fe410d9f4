"""Every result says how much of it rests on stand-ins (DESIGN.md: "say in every report and JSON output how much
of the result rests on stand-ins"): each command's --json object has `stand_ins` in the one shape
(`catalog.standin.share_of`), counted over the chips that result used, and its human output one line
`K of the N chips ... carry stand-in values`. Counts are checked against `stand_in_share` called directly."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest

from clihelp import run_cli, run_json
from hoplostat.catalog import load
from hoplostat.catalog.standin import stand_in_share

SHAPE = {"chips", "stand_in", "share", "by_kind", "stand_in_ids"}
FACTIONS = ("amazons", "kunlun")
TINY = ["sweep", "skirmish", "--faction", "amazons", "--faction", "kunlun", "--arena", "pozzuoli", "--games", "2"]
ROOT = Path(__file__).resolve().parents[1]
ENGAGE = ROOT / "docs" / "scenarios" / "engage-example.toml"
WHERE_TO_LOOK = "(see data/README.md; load your own chips with --data)"

# Commands whose --json is no result resting on chips, so without `stand_ins` (decided, not forgotten):
# listings of the program (modes, rulings), the catalog's own provenance (data list / show / audit already
# list every chip with it), and file maintenance (compact merges chunk files, no statistic).
NO_RESULT = {"modes", "rulings", "data list", "data show", "data audit", "compact"}
COVERED = {"odds", "duel", "duel-matrix", "sweep", "summarize", "compare", "ladder", "robustness", "play",
           "scenario", "replay", "report", "tune", "converge"}


def _main(*argv: str) -> str:
    """Run the CLI outside a test's capsys (module fixtures); its stdout."""
    from hoplostat.cli import main

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(io.StringIO()):
        try:
            main(list(argv))
        except SystemExit as exc:
            assert exc.code in (0, None), argv
    return buf.getvalue()


@pytest.fixture(scope="module")
def sweeps(tmp_path_factory) -> dict[str, Path]:
    """Tiny sweeps of the same two factions: a, b (another seed), random (other players, for robustness) and
    mine (an overlay that makes one stand-in chip, amazons/attacker-1, public)."""
    root = tmp_path_factory.mktemp("standins")
    overlay = root / "overlay"
    overlay.mkdir()
    text = (ROOT / "data" / "remastered" / "factions" / "amazons.toml").read_text()
    block = text[text.index('[[unit]]\nid = "amazons/attacker-1"'):]
    block = block[:block.index("\n\n")].replace('provenance = "stand-in"',
                                                 'provenance = "public"\nsource = "test: my own chip"')
    assert 'source = "test: my own chip"' in block
    (overlay / "mine.toml").write_text(block + "\n")
    out = {}
    for name, extra in (("a", []), ("b", ["--seed", "1"]), ("random", ["--policies", "random"]),
                        ("mine", ["--data", str(overlay)])):
        out[name] = root / name
        _main(*TINY, *extra, "--out", str(out[name]))
    return out


def _expected(catalog=None, **chips) -> dict:
    return stand_in_share(catalog or load(), **chips)


def _two_factions() -> dict:
    return _expected(factions=FACTIONS)


def _check(si: dict, expected: dict) -> None:
    assert set(si) == SHAPE, si
    assert si == json.loads(json.dumps(expected)), (si, expected)


def _line(si: dict, where: str) -> str:
    return f"{si['stand_in']} of the {si['chips']} chips {where} carry stand-in values"


def _json_commands() -> set[str]:
    import typer

    from hoplostat.cli import app

    found = set()

    def walk(cmd, prefix: str) -> None:
        for name, sub in getattr(cmd, "commands", {}).items():
            walk(sub, f"{prefix} {name}".strip())
        if any("--json" in getattr(p, "opts", ()) for p in getattr(cmd, "params", ())):
            found.add(prefix)

    walk(typer.main.get_command(app), "")
    return found


def test_every_json_command_has_stand_ins_or_a_reason_not_to():
    """A new command with --json must be added here: tested for `stand_ins`, or listed as no result."""
    commands = _json_commands()
    assert commands == COVERED | NO_RESULT, (commands - COVERED - NO_RESULT, (COVERED | NO_RESULT) - commands)


def test_the_two_factions_are_mostly_stand_in():
    """The expectations below mean something: the chips of the two factions, most of them stand-in."""
    e = _two_factions()
    cat = load()
    assert e["chips"] == sum(len(cat.faction_units(f, include_hero=True)) for f in FACTIONS)
    assert 0 < e["stand_in"] < e["chips"]


def test_sweep(tmp_path, capsys):
    d = run_json(capsys, *TINY, "--out", str(tmp_path / "s"))
    _check(d["stand_ins"], _two_factions())
    code, out, err = run_cli(capsys, *TINY, "--out", str(tmp_path / "t"))
    assert code == 0, err
    assert _line(d["stand_ins"], "in this run") in out


def test_summarize(sweeps, capsys):
    d = run_json(capsys, "summarize", str(sweeps["a"]))
    _check(d["stand_ins"], _two_factions())
    code, out, err = run_cli(capsys, "summarize", str(sweeps["a"]))
    assert code == 0 and _line(d["stand_ins"], "in this run") in out


def test_compare_counts_the_chips_of_the_two_factions(sweeps, capsys):
    d = run_json(capsys, "compare", str(sweeps["a"]), str(sweeps["b"]))
    _check(d["stand_ins"], _two_factions())
    _check(d["stand_ins_by_sweep"]["a"], _two_factions())
    _check(d["stand_ins_by_sweep"]["b"], _two_factions())
    code, out, err = run_cli(capsys, "compare", str(sweeps["a"]), str(sweeps["b"]))
    assert code == 0, err
    line = _line(d["stand_ins"], "in these two sweeps")
    assert [x for x in out.splitlines() if line in x] == [f"{line} {WHERE_TO_LOOK}"]  # one line, no A/B apart


def test_compare_reads_each_sweep_with_its_own_chips(sweeps, capsys):
    """B played with an overlay that makes amazons/attacker-1 public: B's own count drops by one, and the
    comparison still rests on that stand-in (A played it), so its count is A's."""
    from hoplostat import sweep as sw

    mine = load([str(sweeps["mine"].parent / "overlay")], use_env=False)
    assert not mine.units["amazons/attacker-1"].is_stand_in and load().units["amazons/attacker-1"].is_stand_in
    d = run_json(capsys, "compare", str(sweeps["a"]), str(sweeps["mine"]))
    base = _two_factions()
    _check(d["stand_ins"], base)
    _check(d["stand_ins_by_sweep"]["a"], base)
    _check(d["stand_ins_by_sweep"]["b"], _expected(mine, factions=FACTIONS))
    assert d["stand_ins_by_sweep"]["b"]["stand_in"] == base["stand_in"] - 1
    assert sw.sweep_catalog(sw.read_manifest(sweeps["mine"])).hash == mine.hash
    code, out, err = run_cli(capsys, "compare", str(sweeps["a"]), str(sweeps["mine"]))
    assert code == 0, err
    assert (f"{_line(base, 'in these two sweeps')} {WHERE_TO_LOOK}; "
            f"A: {base['stand_in']} of {base['chips']}, B: {base['stand_in'] - 1} of {base['chips']}") in out


def test_report_json_counts_what_its_banner_says(sweeps, tmp_path, capsys):
    d = run_json(capsys, "report", str(sweeps["a"]), "--out", str(tmp_path / "rep"))
    _check(d["stand_ins"], _two_factions())
    page = Path(d["report"]).read_text()
    banner = re.search(r'<p class="banner">(.*?)</p>', page).group(1)
    assert _line(d["stand_ins"], "in this run") in banner


def test_robustness(sweeps, capsys):
    d = run_json(capsys, "robustness", str(sweeps["random"]), str(sweeps["a"]), "--bootstrap", "10")
    _check(d["stand_ins"], _two_factions())
    code, out, err = run_cli(capsys, "robustness", str(sweeps["random"]), str(sweeps["a"]), "--bootstrap", "10")
    assert code == 0 and _line(d["stand_ins"], "in these runs") in out


@pytest.mark.parametrize("args, where", [
    (["ladder", "skirmish", "--policies", "random,greedy", "--games", "2", "--max-rounds", "3",
      "-f", "amazons", "-f", "kunlun", "-a", "pozzuoli"], "in these games"),
    (["tune", "amazons", "--against", "kunlun", "-a", "pozzuoli", "--unit", "amazons-hero", "--games", "1",
      "--max-games", "1", "--max-changes", "1", "--confirm", "1"], "of the faction and the field"),
], ids=["ladder", "tune"])
def test_ladder_and_tune_count_the_two_factions(capsys, args, where):
    d = run_json(capsys, *args)
    _check(d["stand_ins"], _two_factions())
    code, out, err = run_cli(capsys, *args)
    assert code == 0 and _line(d["stand_ins"], where) in out


def test_converge_counts_the_factions_it_sweeps(capsys, tmp_path):
    args = ["converge", "skirmish", "--rungs", "random,greedy", "-f", "amazons", "-f", "kunlun", "-a", "pozzuoli",
            "--games", "1", "--out", str(tmp_path / "cv")]
    d = run_json(capsys, *args)
    _check(d["stand_ins"], _two_factions())
    code, out, err = run_cli(capsys, *args)
    assert code == 0 and _line(d["stand_ins"], "in these runs") in out, err


def test_duel_counts_its_catalog_chips_only(capsys):
    pair = run_json(capsys, "duel", "kunlun/warrior", "amazons/warrior", "--trials", "100")["stand_ins"]
    _check(pair, _expected(chips=["kunlun/warrior", "amazons/warrior"]))
    assert pair["chips"] == 2
    d = run_json(capsys, "duel", "kunlun/warrior", "mars", "--trials", "100")
    _check(d["stand_ins"], _expected(chips=["kunlun/warrior", "mars"]))
    assert d["stand_ins"]["by_kind"]["titan"]["chips"] == 1
    inline = run_json(capsys, "duel", "hp=3,attack=2red", "kunlun/warrior", "--trials", "100")
    _check(inline["stand_ins"], _expected(chips=["kunlun/warrior"]))
    none = run_json(capsys, "duel", "hp=3,attack=2red", "hp=4,attack=red", "--trials", "100")
    assert none["stand_ins"] == {"chips": 0, "stand_in": 0, "share": None, "by_kind": {}, "stand_in_ids": []}
    code, out, err = run_cli(capsys, "duel", "kunlun/warrior", "amazons/warrior", "--trials", "100")
    assert code == 0 and _line(pair, "in this duel") in out
    code, out, err = run_cli(capsys, "duel", "hp=3,attack=2red", "hp=4,attack=red", "--trials", "100")
    assert code == 0 and "no catalog chips in this duel" in out


def test_duel_matrix_counts_the_units_in_its_table(tmp_path, capsys):
    args = ["duel-matrix", "--faction", "kunlun", "--trials", "10", "--out", str(tmp_path / "m.parquet")]
    d = run_json(capsys, *args)
    cat = load()
    units = [u.id for u in cat.faction_units("kunlun", include_hero=False)]
    _check(d["stand_ins"], _expected(chips=units))
    assert d["stand_ins"]["chips"] == d["units"] == len(units)
    code, out, err = run_cli(capsys, *args)
    assert code == 0 and _line(d["stand_ins"], "in this table") in out


def test_play_counts_the_chips_of_the_game(capsys):
    d = run_json(capsys, "play", "skirmish", "-f", "amazons", "-f", "kunlun", "--seed", "2", "--max-rounds", "4")
    _check(d["stand_ins"], _expected(chips=[u["unit_id"] for u in d["units"]]))
    assert {"amazons-hero", "feng"} <= set(d["stand_ins"]["stand_in_ids"])
    code, out, err = run_cli(capsys, "play", "skirmish", "-f", "amazons", "-f", "kunlun", "--seed", "2",
                             "--max-rounds", "4")
    assert code == 0 and _line(d["stand_ins"], "in this game") in out


def test_play_counts_the_titan_its_allies_and_the_immortals_faced(capsys):
    cat = load()
    d = run_json(capsys, "play", "ascension", "-f", "kunlun", "--titan", "titan-d", "--seed", "5", "--max-rounds", "3")
    _check(d["stand_ins"], _expected(chips=[u["unit_id"] for u in d["units"]], titans=["titan-d"]))
    assert {a.unit for a in cat.titans["titan-d"].allies} | {"titan-d"} <= set(d["stand_ins"]["stand_in_ids"])
    d = run_json(capsys, "play", "onslaught", "-f", "kunlun", "--seed", "3", "--max-rounds", "10")
    faced = [w["immortal"] for w in d["waves"]]
    assert faced
    _check(d["stand_ins"], _expected(chips=[u["unit_id"] for u in d["units"]], immortals=faced))
    assert d["stand_ins"]["by_kind"]["immortal"]["chips"] == len(set(faced))


def test_replay_counts_as_play(sweeps, capsys):
    d = run_json(capsys, "replay", str(sweeps["a"]), "0", "--matchup", "skirmish/pozzuoli/amazons/kunlun/a")
    _check(d["stand_ins"], _expected(chips=[u["unit_id"] for u in d["units"]]))
    code, out, err = run_cli(capsys, "replay", str(sweeps["a"]), "0", "--matchup", "skirmish/pozzuoli/amazons/kunlun/a")
    assert code == 0 and _line(d["stand_ins"], "in this game") in out


def test_scenario_counts_the_chips_it_sets_up(capsys):
    from hoplostat.engine.scenario import loads_scenario

    cat = load()
    scen = loads_scenario(ENGAGE.read_text(), cat, name=str(ENGAGE))
    chips = [u.unit.id for u in scen.units] + [u.id for t in scen.troops for z in (t.camp, t.bag, t.discard, t.track)
                                                for u in z]
    d = run_json(capsys, "scenario", str(ENGAGE))
    _check(d["stand_ins"], _expected(chips=chips))
    assert d["stand_ins"]["chips"] >= len({u["id"] for u in d["units"]}) > 0
    code, out, err = run_cli(capsys, "scenario", str(ENGAGE))
    assert code == 0 and _line(d["stand_ins"], "in this scenario") in out


def test_odds_counts_no_chip(capsys):
    """Dice pools only (hit faces from the rulebook): the key is there, with no chip; no line is printed."""
    for args in (["532", "--hp", "3"], ["--compare", "532", "2black"], ["532", "--profile"]):
        d = run_json(capsys, "odds", *args)
        assert d["stand_ins"] == {"chips": 0, "stand_in": 0, "share": None, "by_kind": {}, "stand_in_ids": []}
    code, out, err = run_cli(capsys, "odds", "532")
    assert code == 0 and "stand-in" not in out
