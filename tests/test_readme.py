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


@pytest.mark.slow
def test_every_readme_command_runs(tmp_path, monkeypatch, capsys):
    """Each `hoplostat` line of the README, shrunk, exits 0; a sweep's `--resume` and `--data` lines find what
    the lines before them wrote."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("HOPLOSTAT_DATA", raising=False)
    (tmp_path / "docs").symlink_to(ROOT / "docs")
    took = []
    for line in sh_commands():
        start = time.monotonic()
        code, out, err = run_cli(capsys, *shlex.split(shrink(line))[1:])
        took.append((time.monotonic() - start, line))
        assert code == 0, (line, shrink(line), err[-3000:])
    print("\n".join(f"{s:6.1f} s  {line}" for s, line in sorted(took, reverse=True)[:10]))
    assert (tmp_path / "reports" / "sweep-200-report" / "index.html").is_file()
    assert not (tmp_path / "reports" / "index.html").exists()  # the main job's report is left alone


def test_every_readme_python_example_runs(tmp_path, monkeypatch):
    """Every ```python block of the README runs (in a tmp working directory: sweeps write there)."""
    assert any("import hoplostat as hs" in b for b in python_blocks())
    monkeypatch.chdir(tmp_path)
    for i, block in enumerate(python_blocks()):
        exec(compile(block, f"README.md python block {i}", "exec"), {})
