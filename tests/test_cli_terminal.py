"""How the command line behaves in a terminal and outside one (issue 22): tables never cut an id,
progress on stderr (a bar in a terminal, plain lines elsewhere, complete when a sweep stops early),
Ctrl-C (one line, what was kept, the resume command, exit 130), --version, and the paths written."""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from clihelp import run_cli
from hoplostat import __version__
from hoplostat import sweep as sw

HOPLOSTAT = str(Path(sys.executable).with_name("hoplostat"))
SMALL = ["sweep", "skirmish", "-f", "kunlun", "-f", "amazons", "-a", "pozzuoli"]
PLAIN = re.compile(r"^sweep skirmish: [\d,]+/[\d,]+ games, \d+:\d\d:\d\d")


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "FORCE_COLOR", "TTY_COMPATIBLE")}
    env.update(extra)
    return env


def _terminal(monkeypatch, columns: int) -> None:
    """Make rich take stdout and stderr for a terminal of `columns` columns, without colours."""
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setenv("NO_COLOR", "1")


def _plain(text: str) -> str:
    """`text` without rich's terminal styles (bold headers)."""
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)


def _first_column(out: str) -> str:
    """The first column of every box-drawn table in `out`, its wrapped pieces joined."""
    cells = [line.split("│")[1].strip() for line in out.splitlines() if line.startswith("│")]
    return "".join(cells)


# --------------------------------------------------------------------------- tables


def _rows(out: str, edge: str = "│") -> list[list[str]]:
    """The rows of the first box-drawn table in `out` (`┃` for its header), each cell's wrapped pieces joined
    with a space: a row's first line is the one whose first cell is not empty."""
    rows: list[list[str]] = []
    for line in out.splitlines():
        if not line.startswith(edge):
            if rows and edge == "┃":
                break
            continue
        cells = [c.strip() for c in line.split(edge)[1:-1]]
        if not rows or (cells[0] and edge == "│"):
            rows.append(cells)
        else:
            rows[-1] = [f"{a} {b}".strip() for a, b in zip(rows[-1], cells)]
    return rows


def test_piped_tables_are_whole():
    """`hoplostat play pandemonium --seed 1 | cat` showed `kunlun…`: a table in a pipe wraps its cells, never cuts
    them."""
    res = subprocess.run([HOPLOSTAT, "play", "pandemonium", "--seed", "1", "--json"], capture_output=True,
                         text=True, env=_env(), check=True)
    factions = json.loads(res.stdout)["factions"]
    res = subprocess.run([HOPLOSTAT, "play", "pandemonium", "--seed", "1"], capture_output=True, text=True,
                         env=_env(), check=True)
    assert "…" not in res.stdout
    assert [r[1].replace(" ", "") for r in _rows(res.stdout)] == factions
    (header,) = _rows(res.stdout, "┃")
    for name in ("damage dealt", "units lost", "crowd favor", "heroes defeated"):
        assert name.replace(" ", "") in [h.replace(" ", "") for h in header]


@pytest.mark.parametrize("argv", [["modes"], ["rulings"], ["data", "list", "tactic"], ["play", "alliance", "--seed", "1"]])
def test_piped_tables_wrap_at_a_readable_width(argv):
    """`hoplostat modes | cat` printed lines of 543 characters: a table in a pipe or a file is as wide as $COLUMNS
    says, or 100 characters, its long cells wrapped (not cut) in their column."""
    for columns, width in ((None, 100), ("60", 60)):
        env = _env() if columns is None else _env(COLUMNS=columns)
        res = subprocess.run([HOPLOSTAT, *argv], capture_output=True, text=True, env=env, check=True)
        assert "…" not in res.stdout
        table = [line for line in res.stdout.splitlines() if line[:1] in "┏┃┡│└"]
        assert table and max(len(line) for line in table) <= width, (argv, columns)
        if argv == ["modes"]:  # the column "what it is", its pieces joined: the sentence wrapped, not cut
            what = " ".join(line.split("│")[5].strip() for line in table if line.startswith("│"))
            assert "the last player not forced to forfeit wins" in what


def test_narrow_terminal_wraps_instead_of_cutting(monkeypatch, capsys):
    _terminal(monkeypatch, 44)
    code, out, err = run_cli(capsys, "modes")
    assert code == 0, err
    out = _plain(out)
    assert "…" not in out
    assert max(len(line) for line in out.splitlines()) <= 44
    code, js, _ = run_cli(capsys, "modes", "--json")
    names = [m["name"] for m in json.loads(js)]
    assert "pandemonium" in names
    assert _first_column(out) == "".join(names)


def test_data_list_wraps_long_unit_ids(monkeypatch, capsys):
    _terminal(monkeypatch, 40)
    code, out, err = run_cli(capsys, "data", "list", "unit", "--faction", "kunlun")
    assert code == 0, err
    out = _plain(out)
    assert "…" not in out
    code, js, _ = run_cli(capsys, "data", "list", "unit", "--faction", "kunlun", "--json")
    ids = [u["id"] for u in json.loads(js)["entries"]]
    assert _first_column(out) == "".join(ids)


def test_every_command_builds_its_tables_in_one_place():
    """Tables come from `_common.table` (wrapping columns) and print through `_common.stdout_console`."""
    root = Path(__file__).resolve().parent.parent / "hoplostat" / "cli"
    for module in sorted(root.glob("*.py")):
        if module.name == "_common.py":
            continue
        text = module.read_text(encoding="utf-8")
        assert "from rich.table import" not in text and "Console(" not in text, module.name


# --------------------------------------------------------------------------- progress


def test_progress_is_plain_lines_when_stderr_is_not_a_terminal(tmp_path, capsys):
    code, out, err = run_cli(capsys, *SMALL, "-n", "6", "--chunk", "3", "--max-rounds", "6", "--out", str(tmp_path / "s"))
    assert code == 0, err
    lines = [line for line in err.splitlines() if line.startswith("sweep ")]
    assert lines and all(PLAIN.match(line) for line in lines), err
    assert lines[-1].startswith("sweep skirmish: 12/12 games") and lines[-1].endswith(", done")
    assert "\x1b" not in err and "━" not in err and "\r" not in err


def test_progress_is_a_bar_in_a_terminal(tmp_path, monkeypatch, capsys):
    _terminal(monkeypatch, 100)
    code, out, err = run_cli(capsys, *SMALL, "-n", "6", "--chunk", "3", "--max-rounds", "6", "--out", str(tmp_path / "s"))
    assert code == 0, err
    err = _plain(err)
    assert "━" in err and "12/12" in err
    assert not any(PLAIN.match(line) for line in err.splitlines())


EARLY = [*SMALL, "-n", "200", "--chunk", "20", "--ci-width", "0.3", "--seed", "3"]


def test_plain_progress_ends_complete_when_a_sweep_stops_early(tmp_path, capsys):
    code, out, err = run_cli(capsys, *EARLY, "--out", str(tmp_path / "s"), "--json")
    assert code == 0, err
    summary = json.loads(out)
    played = summary["games_played"]
    assert 0 < played < summary["games_total"] == 400
    last = [line for line in err.splitlines() if line.startswith("sweep ")][-1]
    assert last.startswith(f"sweep skirmish: {played:,}/{played:,} games"), last
    assert "stopped early by --ci-width 0.3; 400 games planned" in last


def test_bar_ends_complete_when_a_sweep_stops_early(tmp_path, monkeypatch, capsys):
    _terminal(monkeypatch, 120)
    code, out, err = run_cli(capsys, *EARLY, "--out", str(tmp_path / "s"), "--json")
    assert code == 0, err
    played = json.loads(out)["games_played"]
    final = _plain(err).split("\r")[-1]  # the bar's last frame
    assert "stopped early" in final and f"{played}/{played}" in final, final


# --------------------------------------------------------------------------- Ctrl-C


def _interrupt(tmp_path: Path, *, jobs: int, group: bool) -> tuple[subprocess.CompletedProcess, Path]:
    """Start a long sweep, wait for its first finished chunk file, then Ctrl-C it (SIGINT to the process, or
    to its whole process group as a terminal does, workers included)."""
    out = tmp_path / "s"
    argv = [HOPLOSTAT, *SMALL, "-n", "2000", "--chunk", "4", "--jobs", str(jobs), "--seed", "2", "--out", str(out)]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(),
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while not list((out / "games").glob("*.parquet")) if (out / "games").is_dir() else True:
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "no chunk finished"
            time.sleep(0.05)
        if group:
            os.killpg(proc.pid, signal.SIGINT)
        else:
            proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    return subprocess.CompletedProcess(argv, proc.returncode, stdout, stderr), out


@pytest.mark.parametrize("jobs,group", [(1, False), (2, True)], ids=["one-job", "two-workers-ctrl-c"])
def test_ctrl_c_keeps_chunks_and_says_how_to_resume(tmp_path, jobs, group):
    res, out = _interrupt(tmp_path, jobs=jobs, group=group)
    assert res.returncode == 130, res.stderr
    assert "Traceback" not in res.stderr and "Exception ignored" not in res.stderr, res.stderr
    lines = [line for line in res.stderr.splitlines() if not PLAIN.match(line)]
    assert len(lines) == 1, res.stderr
    line = lines[0]
    chunks = sorted((out / "games").glob("*.parquet"))
    assert chunks, "finished chunks stay on disk"
    games = sum(len(__import__("polars").read_parquet(c)) for c in chunks)
    assert line.startswith(f"interrupted: {games:,} of 4,000 games kept in {out} ({len(chunks)} finished chunk")
    command = sw.resume_command(out, sw.read_manifest(out)["config"])
    assert line.endswith(f"resume with: {command}")
    parts = shlex.split(command)
    assert parts[:3] == ["hoplostat", "sweep", "skirmish"] and parts[-1] == "--resume"
    # the command resumes exactly this sweep: its config is accepted as the one in the directory
    assert res.stdout == ""


def _interrupt_at_chunk(monkeypatch, k: int):
    """Make the sweep's k-th chunk raise KeyboardInterrupt (as Ctrl-C would); returns the real chunk player."""
    calls = {"n": 0}
    real = sw._play_chunk

    def play_then_interrupt(*args):
        calls["n"] += 1
        if calls["n"] == k:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(sw, "_play_chunk", play_then_interrupt)
    return real


def test_interrupt_line_and_exit_status_in_process(tmp_path, monkeypatch, capsys):
    """A KeyboardInterrupt inside the sweep (as Ctrl-C raises it) becomes the one line and status 130."""
    _interrupt_at_chunk(monkeypatch, 3)
    out = tmp_path / "s"
    code, stdout, err = run_cli(capsys, *SMALL, "-n", "8", "--chunk", "2", "--max-rounds", "6", "--out", str(out))
    assert code == 130
    line = err.strip().splitlines()[-1]
    assert line.startswith(f"interrupted: 4 of 16 games kept in {out} (2 finished chunks); resume with: hoplostat sweep")
    code, _, err = run_cli(capsys, *shlex.split(line.split("resume with: ")[1])[1:])
    assert code == 0, err
    assert sw.load_results(out)[1].height == 16


def test_interrupt_before_any_chunk_keeps_nothing_and_blocks_nothing(tmp_path, monkeypatch, capsys):
    def interrupt(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(sw, "_play_chunk", interrupt)
    out = tmp_path / "s"
    code, _, err = run_cli(capsys, *SMALL, "-n", "4", "--out", str(out))
    assert code == 130
    assert err.strip().splitlines()[-1] == f"interrupted: no chunk of the sweep had finished; nothing was kept in {out}"


def test_ctrl_c_in_duel_matrix(tmp_path, monkeypatch, capsys):
    def interrupt(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(sw, "duel_matrix", interrupt)
    target = tmp_path / "m.parquet"
    code, _, err = run_cli(capsys, "duel-matrix", "--faction", "kunlun", "--trials", "10", "--out", str(target))
    assert code == 130
    assert err.strip().splitlines()[-1].startswith("interrupted: nothing was kept")
    assert not target.exists()


# --------------------------------------------------------------------------- --version


def test_version(capsys):
    from hoplostat.engine import native

    code, out, err = run_cli(capsys, "--version")
    assert (code, out, err) == (0, f"hoplostat {__version__}\n{native.describe()}\n", "")
    assert ("installed" if native.available() else "not used") in out.splitlines()[1]


def test_version_installed_command():
    res = subprocess.run([HOPLOSTAT, "--version"], capture_output=True, text=True, env=_env())
    assert res.returncode == 0 and res.stdout.startswith(f"hoplostat {__version__}\nnative core: ")


# --------------------------------------------------------------------------- paths written


def test_odds_plot_says_what_it_wrote(tmp_path, capsys):
    plot = tmp_path / "odds.png"
    code, out, err = run_cli(capsys, "odds", "532", "--hp", "3", "--plot", str(plot))
    assert code == 0, err
    assert f"wrote {plot}" in out.splitlines()
    code, out, err = run_cli(capsys, "odds", "532", "--hp", "3", "--plot", str(plot), "--json")
    assert code == 0 and out.count("\n") == 1 and json.loads(out)["plot"] == str(plot)
    assert err.splitlines() == [f"wrote {plot}"]


def test_duel_matrix_says_what_it_wrote(tmp_path, capsys):
    target = tmp_path / "m.csv"
    code, out, err = run_cli(capsys, "duel-matrix", "--faction", "kunlun", "--trials", "10", "--out", str(target),
                             "--json")
    assert code == 0, err
    assert out.count("\n") == 1
    wrote = [line for line in err.splitlines() if line.startswith("wrote ")]
    assert [w.split(" (")[0] for w in wrote] == [f"wrote {target}", f"wrote {target.with_suffix('.png')}"]


def test_sweep_and_report_say_what_they_wrote(tmp_path, capsys):
    out = tmp_path / "s"
    code, stdout, err = run_cli(capsys, *SMALL, "-n", "2", "--max-rounds", "6", "--out", str(out))
    assert code == 0, err
    assert stdout.splitlines()[0] == f"wrote {out} (4 games)"
    code, stdout, err = run_cli(capsys, *SMALL, "-n", "2", "--max-rounds", "6", "--out", str(out), "--resume",
                                "--json")
    assert code == 0 and stdout.count("\n") == 1
    assert f"wrote {out} (4 games; 2 chunks kept from before)" in err.splitlines()
    rep = tmp_path / "rep"
    code, stdout, err = run_cli(capsys, "report", str(out), "--out", str(rep))
    assert code == 0, err
    lines = stdout.splitlines()
    assert lines[0] == f"wrote {rep / 'index.html'}"
    figures = sorted((rep / "figures").glob("*.png"))
    assert figures and lines[1:] == [f"wrote {p}" for p in figures]


def test_interrupted_api_sweep_says_what_was_kept(tmp_path, monkeypatch):
    """hs.run_sweep interrupted (Ctrl-C in a notebook): the KeyboardInterrupt goes on, with a note naming
    the chunks kept and how to resume; the chunks stay."""
    from hoplostat import api

    real = _interrupt_at_chunk(monkeypatch, 2)
    out = tmp_path / "s"
    with pytest.raises(KeyboardInterrupt) as info:
        api.run_sweep("skirmish", ["kunlun", "amazons"], arenas="pozzuoli", games=4, chunk=2, max_rounds=6, out=out)
    note = info.value.__notes__[-1]
    command = sw.resume_command(out, sw.read_manifest(out)["config"])
    assert note == (f"interrupted: 1 finished chunk kept in {out}; continue with the same call and resume=True, "
                    f"or `{command}`")
    assert len(list((out / "games").glob("*.parquet"))) == 1
    monkeypatch.setattr(sw, "_play_chunk", real)
    done = api.run_sweep("skirmish", ["kunlun", "amazons"], arenas="pozzuoli", games=4, chunk=2, max_rounds=6,
                         out=out, resume=True)
    assert done.games.height == 8


def test_ctrl_c_stops_a_ladder_with_one_line(tmp_path):
    """Ctrl-C to the whole process group (as a terminal sends it) while two workers play a ladder: exit
    status 130, one `interrupted:` line, no traceback from the command or its workers."""
    argv = [HOPLOSTAT, "ladder", "skirmish", "--policies", "greedy,lookahead", "--games", "400", "--jobs", "2"]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(),
                            start_new_session=True)
    try:
        time.sleep(4)  # the workers are busy with the games by now
        assert proc.poll() is None, proc.communicate()
        os.killpg(proc.pid, signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr
    lines = [x for x in stderr.splitlines() if x.strip() and not x.startswith("ladder skirmish:")]
    assert len(lines) == 1 and lines[0].startswith("interrupted: the ladder was stopped"), stderr


def test_the_command_list_gives_each_commands_help_on_one_wrapped_paragraph():
    """`hoplostat --help` lists each command with its help's first paragraph as one line, wrapped only at the
    terminal's width: a docstring's own line breaks (and a word hyphenated at one) do not reach the list."""
    from hoplostat.cli._common import one_line

    assert one_line("""Win shares (free-for-
        all); team
        rates.

        More.""") == "Win shares (free-for-all); team rates."
    res = subprocess.run([HOPLOSTAT, "--help"], capture_output=True, text=True, env=_env(COLUMNS="2000"), check=True)
    rows = [line.strip("│ ") for line in res.stdout.splitlines() if line.startswith("│ ")]
    listed = {r.split()[0]: r for r in rows if not r.startswith("-")}
    for name in ("summarize", "compare", "ladder", "rulings", "tune", "odds"):
        assert listed[name].endswith("."), listed[name]  # the whole paragraph on the command's own line
    assert "Holm's correction for the number of factions compared; and how many" in listed["compare"]


# --------------------------------------------------------------------------- eta


class _Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def _progress_at(steps, total=1000, capsys=None):
    """A plain Progress fed `steps` of (seconds, done); its lines."""
    from hoplostat.cli._common import Progress

    clock = _Clock()
    bar = Progress("sweep skirmish", total, every=0)
    bar._clock, bar._start = clock, 0.0
    for when, done in steps:
        clock.now = when
        bar.update(done)
    return [line for line in capsys.readouterr().err.splitlines() if line.startswith("sweep ")], bar


def test_the_eta_waits_for_a_measured_rate_after_the_first_chunks(capsys):
    # the first 50 games took 30 s (workers starting); the next 50 took 5 s
    lines, bar = _progress_at([(0, 0), (30, 50), (35, 100)], capsys=capsys)
    assert lines[0].endswith(", eta --") and lines[1].endswith(", eta --"), lines
    assert lines[2].endswith(", eta 0:01:30"), lines  # 900 games left at 10 a second, not 315 s from 35 s / 100
    assert bar.eta(45.0) == pytest.approx(15 * 900 / 50)


def test_the_eta_of_a_resumed_sweep_counts_only_this_runs_games(capsys):
    lines, bar = _progress_at([(0, 500), (30, 550), (33, 575), (35, 600)], capsys=capsys)
    assert [line.endswith("eta --") for line in lines] == [True, True, True, False], lines
    assert lines[-1].endswith(", eta 0:00:40"), lines  # 400 left at 10 a second
