"""Bad input of issue 13 through the real CLI: one `error: ...` line naming what and where, exit status 2,
no traceback, and nothing already written lost (output paths, seeds, failed sweeps, encodings, damaged
chunks, inline duel specs, overlay errors, template provenance)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from polars.testing import assert_frame_equal

from clihelp import run_cli
from hoplostat import api, combat
from hoplostat import sweep as sw
from hoplostat.errors import InputError

SMALL = ["sweep", "skirmish", "-f", "kunlun", "-f", "amazons", "-a", "pozzuoli", "--max-rounds", "6"]
UNWRITABLE = Path("/proc/hoplostat-issue-13")  # /proc takes no new files, not even for root


def one_error(code: int, out: str, err: str, *needles: str) -> str:
    """Assert the error contract and return the error line."""
    assert code == 2, (out, err)
    assert "Traceback" not in err and "Traceback" not in out, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    for n in needles:
        assert n in lines[0], lines[0]
    return lines[0]


@pytest.fixture
def a_file(tmp_path) -> Path:
    p = tmp_path / "plain-file"
    p.write_text("not a folder")
    return p


# --------------------------------------------------------------------------- output paths


@pytest.fixture(scope="module")
def finished_sweep(tmp_path_factory):
    from hoplostat.cli import main

    out = tmp_path_factory.mktemp("sweep") / "s"
    try:
        main([*SMALL, "-n", "4", "--chunk", "2", "--seed", "5", "--out", str(out)])
    except SystemExit as exc:
        assert exc.code in (0, None)
    return out


@pytest.mark.parametrize("which", ["odds", "duel-matrix", "sweep", "report"])
@pytest.mark.parametrize("where", ["under-a-file", "unwritable"])
def test_output_paths_that_cannot_be_written(which, where, a_file, tmp_path, finished_sweep, capsys):
    argv, name, flag = {
        "odds": (["odds", "532", "--plot"], "x.png", "--plot"),
        "duel-matrix": (["duel-matrix", "--faction", "kunlun", "--trials", "10", "--out"], "m.parquet", "--out"),
        "sweep": ([*SMALL, "-n", "1", "--out"], "sweep", "--out"),
        "report": (["report", str(finished_sweep), "--out"], "report", "--out"),
    }[which]
    target = (a_file / "sub" / name) if where == "under-a-file" else (UNWRITABLE / name)
    line = one_error(*run_cli(capsys, *argv, str(target)), flag, str(target))
    if where == "under-a-file":
        assert f"{a_file} is a file" in line
        assert a_file.read_text() == "not a folder"


def test_sweep_out_that_is_a_file_is_refused_untouched(a_file, capsys):
    one_error(*run_cli(capsys, *SMALL, "-n", "1", "--out", str(a_file)), "--out", "is a file")
    assert a_file.read_text() == "not a folder"


def test_output_folders_are_created(tmp_path, capsys):
    plot = tmp_path / "new" / "deeper" / "odds.png"
    code, _, err = run_cli(capsys, "odds", "532", "--plot", str(plot))
    assert code == 0, err
    assert plot.stat().st_size > 0


# --------------------------------------------------------------------------- names

@pytest.mark.parametrize("argv", [
    ["play", "skirmish", "--seed", "1", "-f", "kunlon"],
    ["play", "skirmish", "--seed", "1", "-f", "kunlon", "-f", "amazons", "-f", "parthians"],
    ["sweep", "onslaught", "-f", "kunlon", "-f", "amazons", "-f", "parthians", "--games", "1"],
])
def test_a_misspelt_faction_is_named_before_the_count_of_factions(argv, tmp_path, capsys):
    """A misspelt faction is the error reported, with its suggestion, even when the count of factions is wrong
    too: a user who fixed the count first would meet the name error next."""
    if argv[0] == "sweep":
        argv = [*argv, "--out", str(tmp_path / "out")]
    one_error(*run_cli(capsys, *argv), "'kunlon'", "kunlun")


# --------------------------------------------------------------------------- seeds and failed sweeps


@pytest.mark.parametrize("argv", [
    ["odds", "532", "--mc", "100", "--seed", "-1"],
    ["duel", "kunlun/warrior", "bandit", "--trials", "10", "--seed", "-1"],
    ["play", "skirmish", "--seed", "-1"],
    ["play", "ascension", "--titan", "mars", "--faction", "kunlun", "--seed", "-2"],
    ["odds", "532", "--mc", "100", "--seed", str(2**63)],
])
def test_seed_out_of_range_is_one_error_line(argv, capsys):
    one_error(*run_cli(capsys, *argv), "--seed")


def test_failed_sweep_leaves_nothing_and_the_retry_runs(tmp_path, capsys):
    out = tmp_path / "neg"
    one_error(*run_cli(capsys, *SMALL, "-n", "1", "--seed", "-3", "--out", str(out)), "--seed")
    assert not (out / "manifest.json").exists()
    code, _, err = run_cli(capsys, *SMALL, "-n", "1", "--seed", "3", "--out", str(out))
    assert code == 0, err


def test_sweep_failing_before_any_chunk_leaves_nothing_behind(tmp_path, monkeypatch):
    """A failure inside the first chunk (here: a worker error) removes the manifest and folders the sweep
    made, so the corrected retry is not refused as 'not empty'."""
    out = tmp_path / "s"

    def boom(*args):
        raise RuntimeError("worker died")
    monkeypatch.setattr(sw, "_play_chunk", boom)
    cfg = sw.SweepConfig(factions=("kunlun", "amazons"), arenas=("pozzuoli",), games=2, max_rounds=4)
    with pytest.raises(RuntimeError):
        sw.run(cfg, out)
    assert not out.exists() or not any(out.iterdir())
    monkeypatch.undo()
    assert sw.run(cfg, out).games_played == 4


def test_a_directory_left_with_only_a_manifest_is_accepted(tmp_path, capsys):
    """A sweep killed before finishing a chunk leaves its manifest and empty folders: no work to lose, so
    a new sweep (even with other settings) may start there; a directory with finished chunks is refused."""
    out = tmp_path / "s"
    cfg = sw.SweepConfig(factions=("kunlun", "amazons"), arenas=("pozzuoli",), games=1, seed=9, max_rounds=4)
    sw.prepare(out, cfg, resume=False)
    assert (out / "manifest.json").is_file()
    code, _, err = run_cli(capsys, *SMALL, "-n", "1", "--seed", "4", "--out", str(out))
    assert code == 0, err
    one_error(*run_cli(capsys, *SMALL, "-n", "1", "--seed", "5", "--out", str(out)), "--resume")


# --------------------------------------------------------------------------- sweep directories read


@pytest.mark.parametrize("argv", [["summarize"], ["compact"], ["report", "--out", "OUT"], ["compare", "SWEEP"],
                                  ["robustness", "SWEEP"], ["replay", "--matchup", "m"]])
@pytest.mark.parametrize("what", ["missing", "a-file", "empty"])
def test_a_path_that_is_not_a_sweep_says_what_it_is(argv, what, finished_sweep, a_file, tmp_path, capsys):
    """A path that does not exist is not called "not a sweep result directory": it says it does not exist; a
    file says it is a file; only a folder without a manifest is "not a sweep result directory"."""
    bad = {"missing": tmp_path / "nowhere", "a-file": a_file, "empty": tmp_path / "empty"}[what]
    (tmp_path / "empty").mkdir(exist_ok=True)
    cmd, *rest = argv
    rest = [str(finished_sweep) if x == "SWEEP" else str(tmp_path / "out") if x == "OUT" else x for x in rest]
    line = one_error(*run_cli(capsys, cmd, *([str(bad)] if cmd != "compare" and cmd != "robustness" else []),
                              *rest, *([str(bad)] if cmd in ("compare", "robustness") else [])), str(bad))
    said = {"missing": "no such directory", "a-file": "is a file, not a sweep result directory",
            "empty": "not a sweep result directory (no manifest.json)"}[what]
    assert said in line
    if what != "empty":
        assert "(no manifest.json)" not in line
    assert not (tmp_path / "out").exists()


# --------------------------------------------------------------------------- encodings


def test_scenario_not_utf8_names_the_file_and_the_byte(tmp_path, capsys):
    p = tmp_path / "latin1.toml"
    p.write_bytes('arena = "pozzuoli"\n# café au lait\n'.encode("latin-1"))
    one_error(*run_cli(capsys, "scenario", str(p)), str(p), "not UTF-8", "line 2")


def test_overlay_not_utf8_names_the_file(tmp_path, capsys):
    (tmp_path / "mine.toml").write_bytes("# Pok\xe9mon\n".encode("latin-1"))
    one_error(*run_cli(capsys, "data", "validate", str(tmp_path)), "mine.toml", "not UTF-8", "line 1")


# --------------------------------------------------------------------------- damaged chunks


@pytest.fixture(scope="module")
def loose_sweep(tmp_path_factory):
    """The same sweep as `finished_sweep`, left as one file per chunk (--no-compact)."""
    from hoplostat.cli import main

    out = tmp_path_factory.mktemp("sweep") / "s"
    try:
        main([*SMALL, "-n", "4", "--chunk", "2", "--seed", "5", "--no-compact", "--out", str(out)])
    except SystemExit as exc:
        assert exc.code in (0, None)
    return out


def damage_last_file(sweep: Path, out: Path, table: str, damage: str) -> Path:
    """A copy of `sweep` at `out` whose last file of `table` is cut short or replaced by garbage; returns it."""
    import shutil

    shutil.copytree(sweep, out)
    victim = sorted((out / table).glob("*.parquet"))[-1]
    raw = victim.read_bytes()
    victim.write_bytes(raw[: len(raw) // 3] if damage == "truncated" else b"not parquet at all\n" * 20)
    return victim


def replay_as_told(line: str, out: Path, finished: Path, capsys) -> None:
    """Run the `hoplostat sweep ... --resume` command an error line gives: `out` must then hold the rows of
    the undamaged sweep `finished`, each once."""
    command = line.split("`")[1].split()
    assert command[:2] == ["hoplostat", "sweep"] and command[-1] == "--resume" and f"--out {out}" in line
    code, _, err = run_cli(capsys, *command[1:])
    assert code == 0, err
    want = sw.load_tables(finished)[1]
    got = sw.load_tables(out)[1]
    for name in want:
        assert_frame_equal(got[name], want[name])


@pytest.mark.parametrize("layout", ["compacted", "loose"])
@pytest.mark.parametrize("damage", ["truncated", "garbage"])
@pytest.mark.parametrize("table", ["games", "units"])
def test_damaged_chunk_is_named_and_resume_replays_it(damage, table, layout, finished_sweep, loose_sweep, tmp_path,
                                                      capsys):
    out = tmp_path / "s"
    victim = damage_last_file(finished_sweep if layout == "compacted" else loose_sweep, out, table, damage)
    assert len(list((out / table).glob("*.parquet"))) == (1 if layout == "compacted" else 4)
    for argv in (["summarize", str(out)], ["summarize", str(out), "--json"],
                 ["report", str(out), "--out", str(tmp_path / "rep")]):
        line = one_error(*run_cli(capsys, *argv), str(victim), "damaged", "--resume")
    assert not (tmp_path / "rep" / "index.html").exists()
    replay_as_told(line, out, finished_sweep, capsys)  # the command the message gives repairs the directory
    assert_frame_equal(sw.load_tables(loose_sweep)[1]["games"], sw.load_tables(finished_sweep)[1]["games"])


@pytest.mark.parametrize("damage", ["truncated", "garbage"])
@pytest.mark.parametrize("table", ["games", "units"])
def test_compact_sets_a_damaged_chunk_aside_and_resume_replays_it(damage, table, finished_sweep, loose_sweep,
                                                                  tmp_path, capsys):
    """`compact` on a loose chunk that does not read was a polars traceback: it names the file, merges the other
    chunks, sets the damaged chunk's files aside in unused/damaged/ (nothing deleted) and gives the command
    that plays it again."""
    out = tmp_path / "s"
    victim = damage_last_file(loose_sweep, out, table, damage)
    kept = victim.read_bytes()
    line = one_error(*run_cli(capsys, "compact", str(out)), str(victim), "damaged", "set aside",
                     "3 chunk(s) merged", "--resume")
    assert not victim.exists() and (out / "unused" / "damaged" / table / victim.name).read_bytes() == kept
    assert sorted(p.name for p in (out / "games").iterdir()) == ["part-0001.parquet"]
    code, out_text, err = run_cli(capsys, "compact", str(out))  # nothing left to trip on
    assert code == 0, err
    replay_as_told(line, out, finished_sweep, capsys)


# --------------------------------------------------------------------------- damaged manifests


BAD_MANIFESTS = [(b'\xff\xfe{"config": {}}', "not UTF-8"), (b"[1, 2]", "not the object a sweep writes"),
                 (b"{}", 'no "config" object'),
                 (b'{"config": {"mode": "skirmish", "seed": 5, "games": 4}}', 'no valid "policies"')]
READERS = [["summarize"], ["summarize", "--json"], ["report", "--out", "OUT"], ["compare", "SWEEP"],
           ["robustness", "SWEEP"]]


@pytest.mark.parametrize("manifest,said,argv", [
    *[(m, s, a) for m, s in BAD_MANIFESTS for a in READERS],
    *[(m, s, ["compact"]) for m, s in BAD_MANIFESTS[:2]],  # compact reads no config: any object will do
])
def test_a_damaged_manifest_is_one_error_line_naming_it(manifest, said, argv, finished_sweep, tmp_path, capsys):
    """A manifest that is not UTF-8 was a UnicodeDecodeError traceback, and `{}` a KeyError one (`report`,
    `summarize`): each is one line naming the manifest and what is wrong with it; no report is written."""
    import shutil

    d = tmp_path / "s"
    shutil.copytree(finished_sweep, d)
    (d / "manifest.json").write_bytes(manifest)
    cmd, *rest = argv
    rest = [str(finished_sweep) if x == "SWEEP" else str(tmp_path / "out") if x == "OUT" else x for x in rest]
    sweeps = [*rest, str(d)] if cmd in ("compare", "robustness") else [str(d), *rest]
    one_error(*run_cli(capsys, cmd, *sweeps), str(d / "manifest.json"), said)
    assert not (tmp_path / "out").exists()


# --------------------------------------------------------------------------- inline duel specs


@pytest.mark.parametrize("spec,needles", [
    ("hp=4,attack=532,skills=laser", ["unknown skill 'laser'"]),
    ("hp=4,attack=532,skills=absorbb", ["unknown skill 'absorbb'", "did you mean 'absorb'"]),
    ("hp=4,attack=532,skills=retaliate|regen 1|absorbb", ["unknown skill 'absorbb'", "'absorb'"]),
    ("hp=4,hp=5,attack=532", ["hp= given twice"]),
    ("hp=4,attack=532,attack=2black", ["attack= given twice"]),
])
def test_inline_spec_unknown_skill_or_duplicate_key(spec, needles, capsys):
    one_error(*run_cli(capsys, "duel", "kunlun/warrior", spec, "--trials", "100"), spec, *needles)


def test_inline_spec_map_skill_stays_ignored(capsys):
    code, out, err = run_cli(capsys, "duel", "kunlun/warrior", "hp=4,attack=532,skills=cover|absorb",
                             "--trials", "100", "--json")
    assert code == 0, err
    assert json.loads(out)["ignored_skills"]["b"] == ["cover"]


# --------------------------------------------------------------------------- overlays


@pytest.mark.parametrize("remove,needles", [
    ('"kunlun/warrior"', ["remove 'kunlun/warrior'", "faction 'kunlun' must keep 10", "found 9"]),
    ('"kunlun/blitz"', ["remove 'kunlun/blitz'", "faction 'kunlun' still refers to it"]),
    ('"absorb"', ["remove 'absorb'", "still refers to it", "unknown skill 'absorb'"]),
])
def test_overlay_error_names_the_overlay_file(remove, needles, tmp_path, capsys):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "cuts.toml").write_text(f"# my cuts\n\nremove = [{remove}]\n")
    line = one_error(*run_cli(capsys, "data", "validate", str(mine)), *needles)
    assert line.startswith(f"error: {mine / 'cuts.toml'}: remove"), line
    assert "(line 3)" in line


def test_overlay_adding_an_eleventh_unit_names_the_overlay(tmp_path, capsys):
    from hoplostat.catalog.templates import UNIT

    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "extra.toml").write_text(UNIT.replace('"amazons/attacker-1"', '"amazons/attacker-9"'))
    one_error(*run_cli(capsys, "data", "validate", str(mine)), str(mine / "extra.toml"),
              "unit 'amazons/attacker-9' adds", "found 11")


# --------------------------------------------------------------------------- templates


def _audit(capsys, *data: str) -> dict:
    code, out, err = run_cli(capsys, "data", "audit", "--json", *[x for d in data for x in ("--data", d)])
    assert code == 0, err
    return json.loads(out)["total"]


@pytest.mark.parametrize("kind", ["unit", "hero", "tactic", "skill", "immortal", "titan", "faction", "arena"])
def test_unedited_template_never_lowers_the_stand_in_share(kind, tmp_path, capsys):
    code, text, err = run_cli(capsys, "data", "template", kind)
    assert code == 0, err
    assert 'provenance = "public"' not in text
    (tmp_path / f"{kind}.toml").write_text(text)
    base, with_template = _audit(capsys), _audit(capsys, str(tmp_path))

    def known(t):  # values that are not stand-ins (rulebook or public) and entries without any stand-in
        return t["values"] - t["stand_in_values"], t["entries"] - t["stand_in_entries"]
    assert known(with_template)[0] <= known(base)[0], (base, with_template)
    assert known(with_template)[1] <= known(base)[1], (base, with_template)


def test_template_out_creates_folders_and_never_overwrites(tmp_path, capsys):
    target = tmp_path / "my-chips" / "amazons.toml"
    code, out, err = run_cli(capsys, "data", "template", "unit", "--out", str(target))
    assert code == 0, err
    assert out == "" and target.read_text().startswith("# A faction unit")
    code, _, err = run_cli(capsys, "data", "validate", str(target.parent))
    assert code == 0, err
    target.write_text("# my chips, filled in\n")
    one_error(*run_cli(capsys, "data", "template", "unit", "--out", str(target)), "exists")
    assert target.read_text() == "# my chips, filled in\n"


# --------------------------------------------------------------------------- exact duels of huge fighters


def test_exact_duel_of_huge_fighters_is_refused_before_any_work(capsys):
    """The exact chain holds a probability per pair of HP: a million HP each asked terabytes (a MemoryError
    traceback). Refused in one line saying why and what to do, before the simulation runs."""
    huge = "hp=1000000,attack=2black+blue"
    line = one_error(*run_cli(capsys, "duel", huge, huge, "--exact"), "exact", "1,000,000,000,000",
                     f"{combat.MAX_EXACT_PAIRS:,}", "without --exact")
    assert "pair of HP" in line
    with pytest.raises(InputError, match="pair of HP"):
        api.duel(huge, huge, exact=True, trials=10)
    code, out, err = run_cli(capsys, "duel", huge, huge, "--trials", "100")  # simulated: fine
    assert code == 0, err


def test_the_exact_duel_bound_is_on_the_pairs_of_hp():
    f200, f201 = (combat.parse_fighter_spec(f"hp={hp},attack=532", known_skills=()) for hp in (200, 201))
    combat.check_exact(f200, f200)  # 40,000 pairs: solved
    with pytest.raises(InputError):
        combat.check_exact(f200, f201)


# --------------------------------------------------------------------------- sizes that cannot be planned


@pytest.mark.parametrize("argv,needles", [
    (["--games", "99999999999999999999"], ["--games 99999999999999999999", f"{sw.MAX_GAMES:,}"]),
    (["--games", "999999999"], ["--games 999,999,999", f"at most {sw.MAX_CHUNKS:,}", "--chunk"]),
    (["--games", "999999999999", "--chunk", "999999999999999"], ["--chunk", f"at most {sw.MAX_CHUNK_GAMES:,}"]),
])
def test_a_sweep_that_cannot_be_planned_is_refused_with_the_limit(argv, needles, tmp_path, capsys):
    """`sweep --games 99999999999999999999` was accepted and never got past planning its chunks; a chunk of
    a billion games never ends either. Each is one line giving the limit, and nothing is written."""
    one_error(*run_cli(capsys, "sweep", "skirmish", *argv, "--out", str(tmp_path / "s")), *needles)
    assert not (tmp_path / "s").exists()


def test_the_largest_sweep_plan_is_accepted(tmp_path):
    """The bound is on the chunks planned, not a round number of games: exactly `MAX_CHUNKS` chunks pass."""
    from hoplostat import api

    two = dict(factions=["kunlun", "amazons"], arenas=["pozzuoli"], jobs=1, seed=0, policies="greedy",
               ci_width=None, max_rounds=None, coop=True, titans=None, data=())
    per = sw.MAX_CHUNKS // 2  # two matchups: both seat orders
    api._sweep_config("skirmish", games=per * 50, chunk=50, **two)
    with pytest.raises(InputError, match="chunks"):
        api._sweep_config("skirmish", games=per * 50 + 1, chunk=50, **two)


def test_a_ladder_too_large_to_list_is_refused(capsys):
    from hoplostat.ladder import MAX_GAMES

    one_error(*run_cli(capsys, "ladder", "skirmish", "--games", "99999999999999999999"), "--games",
              f"at most {MAX_GAMES:,}")


# --------------------------------------------------------------------------- tactics given twice


def test_a_permanent_tactic_given_twice_is_refused_R_COMBAT_8(capsys):
    """Remastered, "Tactics": "Permanent tactic chips are placed between the target unit's top chip and their
    HP. They remain there, in effect, until that unit is defeated", and a troop has one chip of each tactic:
    `--tactic-a kunlun/blitz` twice gave the Warrior two green dice without a word. An instant tactic may be
    played again (its chip comes back with the second reward): Bolster Health twice is +4 HP."""
    twice = ["--tactic-a", "kunlun/blitz", "--tactic-a", "kunlun/blitz"]
    one_error(*run_cli(capsys, "duel", "kunlun/warrior", "bandit", *twice, "--trials", "100"), "--tactic-a",
              "'kunlun/blitz'", "twice")
    one_error(*run_cli(capsys, "duel", "bandit", "kunlun/warrior", *[x.replace("-a", "-b") for x in twice],
                       "--trials", "100"), "--tactic-b", "twice")
    with pytest.raises(InputError, match="twice"):
        api.duel("kunlun/warrior", "bandit", tactic_a=["kunlun/blitz", "kunlun/blitz"], trials=10)
    got = api.duel("kunlun/warrior", "bandit", tactic_a=["bolster-health", "bolster-health"], exact=True, trials=10)
    once = api.duel("kunlun/warrior", "bandit", tactic_a=["bolster-health"], exact=True, trials=10)
    assert got["p_a_wins"][1] > once["p_a_wins"][1]  # the second +2 HP counts


# --------------------------------------------------------------------------- sweeps read while incomplete


def _summary_said(capsys, d: Path) -> tuple[dict, list[str]]:
    """(summarize --json of `d`, the warning lines of its human output); both must succeed."""
    code, out, err = run_cli(capsys, "summarize", str(d), "--json")
    assert code == 0 and not err, err
    summary = json.loads(out)
    code, out, err = run_cli(capsys, "summarize", str(d))
    assert code == 0 and "Win rate per faction" in out, err
    assert all(x.startswith("warning: ") for x in err.splitlines()), err
    return summary, err.splitlines()


def test_summarize_says_a_sweep_is_unfinished_and_how_to_finish_it(loose_sweep, finished_sweep, tmp_path, capsys):
    """A sweep missing games (interrupted, or a chunk lost) was summarised as if whole ("6 games"): it says
    `unfinished`, how many games of how many, and the command that finishes it; that command does."""
    import shutil

    d = tmp_path / "s"
    shutil.copytree(loose_sweep, d)
    for table in ("games", "units"):
        sorted((d / table).glob("*.parquet"))[-1].unlink()
    summary, warned = _summary_said(capsys, d)
    assert summary["finished"] is False and summary["games"] == 6 and summary["games_planned"] == 8
    assert summary["resume"].endswith("--resume") and summary["missing_tables"] == []
    assert len(warned) == 1 and "unfinished (6 of 8 planned games" in warned[0] and summary["resume"] in warned[0]
    replay_as_told(warned[0], d, finished_sweep, capsys)
    summary, warned = _summary_said(capsys, d)
    assert summary["finished"] is True and summary["resume"] is None and warned == []
    manifest = json.loads((d / "manifest.json").read_text())
    (d / "manifest.json").write_text(json.dumps({**manifest, "status": "running"}))  # a sweep still at work
    summary, warned = _summary_said(capsys, d)
    assert summary["finished"] is False and len(warned) == 1 and "8 of 8 planned" in warned[0]


def test_summarize_says_a_missing_units_table(finished_sweep, tmp_path, capsys):
    """With `units/` deleted the units section vanished without a word: it is named as missing."""
    import shutil

    d = tmp_path / "s"
    shutil.copytree(finished_sweep, d)
    shutil.rmtree(d / "units")
    summary, warned = _summary_said(capsys, d)
    assert summary["missing_tables"] == ["units"] and summary["finished"] is True and summary["units"] is None
    assert len(warned) == 1 and "no units/ table" in warned[0] and "left out" in warned[0]
    code, out, err = run_cli(capsys, "report", str(d), "--out", str(tmp_path / "rep"))
    assert code == 0 and err.splitlines() == warned


def test_a_sweep_stopped_by_ci_width_is_not_unfinished(tmp_path, capsys):
    """--ci-width plays fewer games than planned by design: no warning."""
    d = tmp_path / "s"
    code, _, err = run_cli(capsys, *SMALL, "-n", "8", "--chunk", "2", "--ci-width", "0.9", "--out", str(d))
    assert code == 0, err
    summary, warned = _summary_said(capsys, d)
    assert summary["games"] < summary["games_planned"] and summary["finished"] is True and warned == []
