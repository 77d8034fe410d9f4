"""Every example of README.md runs: each `hoplostat ...` line of its ```sh blocks, in order (later lines read
what earlier ones wrote), and each ```python block. Long commands run shrunk (`shrink`: fewer games, trials,
pods; one job), in a temporary working directory, so the README's `reports/...` and `my-chips/` land there;
its `docs/...` files are read from the repository."""

from __future__ import annotations

import re
import shlex
import time
from pathlib import Path

import pytest

from clihelp import run_cli

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def sh_commands(text: str = README) -> list[str]:
    """The `hoplostat ...` lines of the ```sh blocks, without their comments, in order."""
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.DOTALL):
        for line in block.splitlines():
            if line.startswith("hoplostat "):
                lines.append(re.sub(r"\s+#.*$", "", line).strip())
    return lines


def python_blocks(text: str = README) -> list[str]:
    return re.findall(r"```python\n(.*?)```", text, re.DOTALL)


def shrink(line: str) -> str:
    """The command as the README gives it, with less work: `--games` 1 (2 where the README grows a sweep to
    400 or more, so growing still plays new games), `tune` 1 game per matchup at every stage, `--trials`
    200, `--mc` 1000, `--pods` 2, `--jobs` 1, and a Dask sweep on a local cluster instead of the README's
    placeholder scheduler address; `replay` of game 0; a lookahead sweep with half its budget."""
    if line.startswith("hoplostat tune "):
        line = re.sub(r"--(max-)?games \d+", "", line) + " --games 1 --max-games 1"
    line = re.sub(r"--games (\d+)", lambda m: f"--games {1 if int(m.group(1)) < 400 else 2}", line)
    line = re.sub(r"--trials \d+", "--trials 200", line)
    line = re.sub(r"--mc \d+", "--mc 1000", line)
    line = re.sub(r"--pods \d+", "--pods 2", line)
    line = re.sub(r"--jobs \d+", "--jobs 1", line)
    line = re.sub(r"^(hoplostat replay \S+) \d+", r"\1 0", line)  # a game the shrunk sweep has
    if line.startswith("hoplostat sweep "):  # a lookahead sweep with half the default budget
        line = re.sub(r"(--policies \S*?)\blookahead\b(?!:)", r"\1lookahead:4", line)
    return re.sub(r"--scheduler \S+", "", line)


def test_the_readme_gives_commands_of_every_kind():
    """The extraction finds the README's examples (a regex that found nothing would make the test below pass)."""
    commands = {shlex.split(line)[1] for line in sh_commands()}
    assert {"odds", "duel", "duel-matrix", "sweep", "summarize", "report", "replay", "compare", "rulings",
            "robustness", "tune", "modes", "play", "scenario", "ladder", "data"} <= commands
    assert len(sh_commands()) >= 70 and len(python_blocks()) >= 2


def test_every_compare_and_robustness_reads_sweeps_the_readme_makes():
    """A directory the README reads (`compare A B`, `report A`, `--data D`) is one an earlier line writes."""
    written: set[str] = {"my-chips"}  # `data template --out my-chips/...` writes it
    for line in sh_commands():
        argv = shlex.split(line)
        if "--out" in argv:
            written.add(argv[argv.index("--out") + 1])
        for arg in argv[2:]:
            if arg.startswith("reports/") and not arg.endswith(".png"):
                assert arg in written, f"{line}: no line before it writes {arg}"


def _paths(line: str) -> set[str]:
    """The folders and files of the working directory a line reads or writes: `reports/<name>`, `my-chips`."""
    out = set()
    for arg in shlex.split(line)[2:]:
        if arg.startswith("reports/"):
            out.add("/".join(arg.split("/")[:2]))
        elif arg.startswith("my-chips"):
            out.add("my-chips")
    return out


def command_groups(lines: list[str] | None = None, chunk: int = 8) -> list[tuple[str, list[str]]]:
    """The README's lines in groups that share nothing, each in README order, so that pytest-xdist's workers
    share them: the lines joined by a folder or file one writes and another reads (a sweep, its `--resume`,
    `summarize`, `report`, `replay`, `compare`; a `tune` and the sweeps with its `--data`), and the lines that
    share no path with another, `chunk` at a time. (name, lines) each."""
    lines = sh_commands() if lines is None else lines
    parent = list(range(len(lines)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    first: dict[str, int] = {}
    for i, line in enumerate(lines):
        for path in _paths(line):
            if path in first:
                parent[root(i)] = root(first[path])
            else:
                first[path] = i
    members: dict[int, list[int]] = {}
    for i in range(len(lines)):
        members.setdefault(root(i), []).append(i)
    groups, alone = [], []
    for idx in sorted(members.values()):
        if len(idx) == 1:
            alone.append(idx[0])
        else:
            paths = [p for i in idx for p in sorted(_paths(lines[i]))]
            name = max(paths, key=paths.count).split("/")[-1]
            groups.append((f"{name}-lines-{idx[0] + 1}-{idx[-1] + 1}", [lines[i] for i in idx]))
    for k in range(0, len(alone), chunk):
        part = alone[k:k + chunk]
        groups.append((f"lines-{part[0] + 1}-{part[-1] + 1}", [lines[i] for i in part]))
    return groups


GROUPS = command_groups()


def test_the_groups_hold_every_line_once_in_order():
    """Splitting the README's lines for the workers loses none, repeats none, keeps each group in README order,
    and puts a line that reads a path with the line that writes it (a sweep and its `--resume`, a tune and the
    sweep with its `--data`)."""
    lines = sh_commands()
    got = [line for _, group in GROUPS for line in group]
    assert sorted(got) == sorted(lines) and len(got) == len(lines)
    for _, group in GROUPS:
        assert [lines.index(x) for x in group] == sorted(lines.index(x) for x in group)
    by_line = {line: name for name, group in GROUPS for line in group}
    resume = next(x for x in lines if "--resume" in x and "sweep-200" in x)
    assert by_line[resume] == by_line[next(x for x in lines if x.endswith("--out reports/sweep-200"))]
    tuned = next(x for x in lines if "--data reports/tuned " in x + " ")
    assert by_line[tuned] == by_line[next(x for x in lines if x.startswith("hoplostat tune vesuvians"))]
    assert len(GROUPS) >= 4


@pytest.mark.slow
@pytest.mark.parametrize("group", [g for _, g in GROUPS], ids=[name for name, _ in GROUPS])
def test_every_readme_command_runs(tmp_path, monkeypatch, capsys, group):
    """Each `hoplostat` line of the README, shrunk, exits 0; a sweep's `--resume` and `--data` lines find what
    the lines before them wrote (in the same group, `command_groups`: the groups run apart, on both workers)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("HOPLOSTAT_DATA", raising=False)
    monkeypatch.setenv("COLUMNS", "250")  # piped tables wrap at 100 columns: a name could be split
    (tmp_path / "docs").symlink_to(ROOT / "docs")
    took, outs = [], {}
    for line in group:
        start = time.monotonic()
        code, out, err = run_cli(capsys, *shlex.split(shrink(line))[1:])
        took.append((time.monotonic() - start, line))
        assert code == 0, (line, shrink(line), err[-3000:])
        outs[line] = out
    print("\n".join(f"{s:6.1f} s  {line}" for s, line in sorted(took, reverse=True)[:10]))
    if any(line.endswith("--out reports/sweep-200-report") for line in group):
        assert (tmp_path / "reports" / "sweep-200-report" / "index.html").is_file()
    assert not (tmp_path / "reports" / "index.html").exists()  # the main job's report is left alone
    # "What change would fix it?": each tune writes its overlay, and the compare of the sweeps before and after
    # it names what was tuned (these lines run once, here; tests/test_tune.py checks the section's shape)
    for line, out in outs.items():
        argv = shlex.split(line)
        if argv[1] == "tune":
            assert (tmp_path / argv[argv.index("--out") + 1] / "tune.toml").is_file(), line
        if line == "hoplostat compare reports/before reports/after":
            assert "vesuvians" in out, out
        if line == "hoplostat compare reports/mars-before reports/mars-after":
            assert "mars (solo)" in out, out


def test_the_readme_report_line_is_in_a_group():
    """The check that `report` wrote its page (above) runs: the README still has that line."""
    assert any(line.endswith("--out reports/sweep-200-report") for _, group in GROUPS for line in group)


def test_every_readme_python_example_runs(tmp_path, monkeypatch):
    """Every ```python block of the README runs (in a tmp working directory: sweeps write there)."""
    assert any("import hoplostat as hs" in b for b in python_blocks())
    monkeypatch.chdir(tmp_path)
    for i, block in enumerate(python_blocks()):
        exec(compile(block, f"README.md python block {i}", "exec"), {})
