"""`hoplostat scenario` and `hoplostat play skirmish`: JSON contract, narration, same seed same output, bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from clihelp import run_cli, run_json

DOCS = Path(__file__).resolve().parents[1] / "docs" / "scenarios"
ENGAGE = str(DOCS / "engage-example.toml")
GAME = ["play", "skirmish", "--faction", "kunlun", "--faction", "amazons", "--max-rounds", "12"]


def test_scenario_json_contract(capsys):
    d = run_json(capsys, "scenario", ENGAGE)
    for key in ("scenario", "units", "troops", "supply", "rolls", "log", "winner", "end_reason", "steps"):
        assert key in d
    hp = {u["ref"]: (u["zone"], u["hp"]) for u in d["units"]}
    assert hp["pluto-marksman"] == ("discard", 0) and hp["protector"] == ("combat", 4)


def test_scenario_prints_log_and_state_tables(capsys):
    code, out, err = run_cli(capsys, "scenario", ENGAGE)
    assert code == 0, err
    assert "Warrior (blue) attacks Marksman" in out and "Units" in out and "Troops" in out
    assert "health-chip supply" in out and err == ""


BROKEN = {
    "toml": "arena = \n",
    "unit": '[[troop]]\nfaction = "kunlun"\n[[troop]]\nfaction = "amazons"\n[[unit]]\nid = "nobody"\nhex = 1\n',
    "hex": '[[troop]]\nfaction = "kunlun"\n[[troop]]\nfaction = "amazons"\n[[unit]]\nid = "kunlun/warrior"\nhex = 500\n',
    "step": 'steps = ["dance"]\n[[troop]]\nfaction = "kunlun"\n[[troop]]\nfaction = "amazons"\n',
    "troops": '[[troop]]\nfaction = "kunlun"\n',
    "script": ('steps = ["engage"]\n[[troop]]\nfaction = "kunlun"\nscript = [{ attack = "kunlun/warrior" }]\n'
               '[[troop]]\nfaction = "amazons"\n[[unit]]\nid = "kunlun/warrior"\nhex = 28\n'),
}


@pytest.mark.parametrize("kind, needle", [("toml", "malformed TOML"), ("unit", "unknown unit 'nobody'"),
                                          ("hex", "hex 500"), ("step", "unknown step"), ("troops", "exactly 2 troops"),
                                          ("script", "script entry 1")])
def test_broken_scenario_files_are_one_error_line(tmp_path, capsys, kind, needle):
    f = tmp_path / f"{kind}.toml"
    f.write_text(BROKEN[kind])
    code, out, err = run_cli(capsys, "scenario", str(f))
    assert code == 2, (out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {f}"), err
    assert needle in lines[0] and out == ""


def test_missing_scenario_file(capsys, tmp_path):
    code, out, err = run_cli(capsys, "scenario", str(tmp_path / "none.toml"))
    assert code == 2 and err.startswith("error: ") and "cannot read" in err


def test_play_skirmish_summary(capsys):
    code, out, err = run_cli(capsys, *GAME, "--seed", "3")
    assert code == 0, err
    assert "Skirmish on pozzuoli" in out and "kunlun" in out and "amazons" in out
    assert ("wins in round" in out) or ("Draw" in out)


def test_play_skirmish_json_contract_and_log(capsys):
    d = run_json(capsys, *GAME, "--seed", "5", "--log")
    for key in ("winner", "winner_faction", "rounds", "end_reason", "first_player", "troops", "log"):
        assert key in d
    assert d["winner"] in ("a", "b", None) and d["first_player"] in ("a", "b")
    assert [t["seat"] for t in d["troops"]] == ["a", "b"]
    assert any(line.startswith("-- Round 1") for line in d["log"])
    assert "log" not in run_json(capsys, *GAME, "--seed", "5")


def test_play_skirmish_log_narrates_turns(capsys):
    code, out, err = run_cli(capsys, *GAME, "--seed", "5", "--log")
    assert code == 0, err
    assert "Set-up:" in out and "-- Round 2," in out and "deploys" in out


def test_same_seed_same_output(capsys):
    a = run_cli(capsys, *GAME, "--seed", "11", "--log", "--policies", "random,greedy")
    b = run_cli(capsys, *GAME, "--seed", "11", "--log", "--policies", "random,greedy")
    assert a == b and a[0] == 0
    ja = run_json(capsys, *GAME, "--seed", "11", "--log", "--policies", "random,greedy")
    jb = run_json(capsys, *GAME, "--seed", "11", "--log", "--policies", "random,greedy")
    assert ja == jb


def test_first_player(capsys):
    """SKR-1 is random order; --first forces it."""
    for seat in ("a", "b"):
        assert run_json(capsys, *GAME, "--seed", "2", "--first", seat)["first_player"] == seat


def test_colosseum_plays(capsys):
    for policies in ("random,random", "greedy,greedy"):
        data = run_json(capsys, "play", "skirmish", "-f", "kunlun,amazons", "--arena", "colosseum",
                        "--policies", policies, "--seed", "2")
        assert data["arena"] == "colosseum" and data["rounds"] >= 1 and data["end_reason"]


@pytest.mark.parametrize(
    "argv, needle",
    [
        (["--faction", "kunlun,atlantis"], "atlantis"),
        (["--faction", "kunlun"], "needs 2 faction(s), got 1"),
        (["-f", "kunlun", "-f", "amazons", "-f", "vesuvians"], "needs 2 faction(s), got 3"),
        (["--faction", "kunlun,"], "--faction"),
        (["--faction", "kunlun,amazons", "--arena", "rome"], "rome"),
        (["--faction", "kunlun,amazons", "--policies", "greedy,clever"], "clever"),
        (["--faction", "kunlun,amazons", "--policies", "greedy,greedy,random"], "--policies"),
        (["--faction", "kunlun,amazons", "--first", "c"], "--first"),
        (["--faction", "kunlun,amazons", "--max-rounds", "0"], "--max-rounds"),
        (["--faction", "kunlun,amazons", "--seed", "-1"], "--seed"),
        (["--faction", "kunlun,amazons", "--titan", "mars"], "faces no titan"),
    ],
)
def test_play_bad_input_is_one_error_line(capsys, argv, needle):
    """Every bad flag of `play` is one `error:` line naming it, exit status 2."""
    code, out, err = run_cli(capsys, "play", "skirmish", *argv)
    assert code == 2, (out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert needle in lines[0]


def test_play_unknown_mode_suggests_the_closest(capsys):
    code, out, err = run_cli(capsys, "play", "skirmsh", "--seed", "1")
    assert code == 2 and err.startswith("error: unknown mode 'skirmsh'") and "'skirmish'" in err and out == ""


def test_every_registered_mode_plays_from_a_seed_alone(capsys):
    """`hoplostat play MODE --seed 1` works for every mode with nothing else given, and the defaults
    (factions, titan) are a function of the seed."""
    from hoplostat.engine.loop import modes

    for mode, cls in modes().items():
        d = run_json(capsys, "play", mode, "--seed", "1", "--max-rounds", "8")
        assert d["mode"] == mode and d["arena"] in cls.arenas and len(d["factions"]) in cls.seats
        assert set(d["outcomes"].values()) <= {"won", "lost", "draw"} and len(d["outcomes"]) == len(d["factions"])
        assert d == run_json(capsys, "play", mode, "--seed", "1", "--max-rounds", "8")
        code, out, err = run_cli(capsys, "play", mode, "--seed", "1", "--max-rounds", "8")
        assert code == 0 and err == "" and "chips in this game" in out
    drawn = {tuple(run_json(capsys, "play", "skirmish", "--seed", str(s), "--max-rounds", "1")["factions"])
             for s in range(6)}
    assert len(drawn) > 1


def _no_python_values(out: str) -> None:
    """Human output shows no Python reprs: no None/True/False, no dict or list brackets."""
    import re

    for word in ("None", "True", "False"):
        assert not re.search(rf"\b{word}\b", out), (word, out)
    assert not re.search(r"[{}\[\]]|': ", out), out


def test_team_play_reads_as_sentences(capsys):
    """Alliance: the teams are named by their players and seats (a+c, b+d), never by the JSON's team letters,
    the winning team is the outcome line (no `winner team: None` on a draw), numbers per team without braces."""
    for extra in ((), ("--max-rounds", "5")):  # a win, and a draw at the round cap
        code, out, err = run_cli(capsys, "play", "alliance", "--seed", "1", *extra)
        assert code == 0, err
        _no_python_values(out)
        assert "winner team" not in out and "team favor" not in out
        d = run_json(capsys, "play", "alliance", "--seed", "1", *extra)
        a, b, c, dd = d["factions"]
        assert (f"crowd favor per team: {a} and {c} (a+c) {d['team_favor']['a']}, {b} and {dd} (b+d) "
                f"{d['team_favor']['b']}") in out
        assert f"rewards per team: {a} and {c} (a+c) " in out
        assert d["winner_team"] in (None, "a", "b")  # the JSON keeps its values


def test_pandemonium_says_who_was_eliminated(capsys):
    code, out, err = run_cli(capsys, "play", "pandemonium", "--seed", "1", "--max-rounds", "5")
    assert code == 0, err
    _no_python_values(out)
    assert "nobody was eliminated" in out and "eliminated: \n" not in out and "players: " not in out
    d = run_json(capsys, "play", "pandemonium", "--seed", "1")
    code, out, err = run_cli(capsys, "play", "pandemonium", "--seed", "1")
    seat = {t["seat"]: t["faction"] for t in d["troops"]}
    assert d["eliminated"] and "eliminated, in order: " + ", ".join(f"{seat[s]} ({s})" for s in d["eliminated"]) in out


def test_onslaught_waves_say_yes_or_no(capsys):
    code, out, err = run_cli(capsys, "play", "onslaught", "--faction", "amazons", "--seed", "1")
    assert code == 0, err
    _no_python_values(out)


def test_every_play_line_of_the_readme_and_of_the_rise_of_rome_page_runs(capsys, tmp_path):
    """The `hoplostat play` examples of README.md and docs/rise-of-rome.md, as written (a game each), and the
    Rise of Rome page's sweep, summarize, report and data lines (its titan mode's too) with small sweeps under
    tmp_path."""
    import re
    import shlex

    root = Path(__file__).resolve().parent.parent
    lines = []
    for doc in ("README.md", "docs/rise-of-rome.md"):
        text = (root / doc).read_text(encoding="utf-8")
        lines += [ln.split("  #")[0].strip() for ln in text.splitlines() if ln.startswith("hoplostat play ")]
    assert any("rise-of-rome" in ln for ln in lines) and len(lines) >= 7
    for line in lines:
        code, out, err = run_cli(capsys, *shlex.split(line)[1:])
        assert code == 0 and out, (line, err)
    page = (root / "docs/rise-of-rome.md").read_text(encoding="utf-8")
    rest = [ln.split("  #")[0].strip() for ln in page.splitlines()
            if ln.startswith(("hoplostat sweep ", "hoplostat summarize ", "hoplostat report ", "hoplostat data "))]
    assert len(rest) == 9  # rise-of-rome: sweep, summarize, report, two data lines; the titan mode: sweep, data show; rise-of-rome-2x2: sweep, summarize
    for line in rest:
        line = re.sub(r"--pods \d+", "--pods 2", re.sub(r"--games \d+", "--games 4", line))
        args = [str(tmp_path / a) if a.startswith("reports/") else a for a in shlex.split(line)[1:]]
        code, out, err = run_cli(capsys, *args)
        assert code == 0, (line, err)
    assert (tmp_path / "reports/ror-report/index.html").is_file()
    assert (tmp_path / "reports/ror-titan/manifest.json").is_file()


def test_ladder_and_replay_load_the_modes_own_catalog(capsys, tmp_path):
    """A Rise of Rome sweep replays (its catalog hash is the Rise of Rome catalog's, not Remastered's) and the
    ladder plays Rise of Rome with its cities."""
    code, out, err = run_cli(capsys, "sweep", "rise-of-rome", "--games", "2", "--out", str(tmp_path / "s"))
    assert code == 0, err
    code, out, err = run_cli(capsys, "replay", str(tmp_path / "s"), "0", "--matchup",
                             "rise-of-rome/colosseum/pompeii/rome/a")
    assert code == 0 and "same rounds and end reason as its row" in out, err
    d = run_json(capsys, "ladder", "rise-of-rome", "--policies", "random,greedy", "--games", "2")
    assert d["mode"] == "rise-of-rome"
