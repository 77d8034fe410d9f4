"""`hoplostat odds --compare POOL POOL ...` and `hoplostat odds POOL --profile`: pools side by side and
the kill chance across target HP 1-10 and reduction 0-2, exact, checked against the brute-force oracle;
their figures; their bad input."""

from __future__ import annotations

import pytest

from clihelp import run_cli, run_json
from oracle import convolve, damage_distribution

PNG = b"\x89PNG\r\n\x1a\n"


def _kill(dist, hp: int) -> float:
    return float(sum(p for k, p in dist.items() if k >= hp))


def test_compare_json_is_each_pool_alone(capsys):
    data = run_json(capsys, "odds", "--compare", "532", "2black", "3blue", "--hp", "2", "--reroll", "1")
    assert [c["given"] for c in data["compare"]] == ["532", "2black", "3blue"]
    assert data["hp"] == 2
    for c, dice in zip(data["compare"], (["black", "blue", "yellow"], ["black", "black"], ["blue"] * 3)):
        dist = damage_distribution(dice, reroll=1)
        assert c["pmf"] == pytest.approx([float(dist.get(k, 0)) for k in range(len(c["pmf"]))])
        assert c["kill"] == pytest.approx(_kill(dist, 2))
        single = run_json(capsys, "odds", c["given"], "--hp", "2", "--reroll", "1")
        assert single.pop("stand_ins") == data["stand_ins"]  # of the whole answer (no chips), not of each pool
        assert {k: c[k] for k in single} == single  # the same answer as asking for the pool alone


def test_compare_table_puts_pools_side_by_side(capsys):
    code, out, err = run_cli(capsys, "odds", "--compare", "532", "2black", "--hp", "2", "--reduce", "1")
    assert code == 0, err
    assert "Compared attacks (-1 reduction)" in out
    header = next(line for line in out.splitlines() if line.startswith("┃"))
    assert "532 (black+blue+yellow)" in header and "2black" in header
    kill = next(line for line in out.splitlines() if "P(kill a 2-HP target)" in line)
    one = damage_distribution(["black", "blue", "yellow"], reduce=1)
    two = damage_distribution(["black", "black"], reduce=1)
    assert kill.split("│")[2].strip() == f"{_kill(one, 2) * 100:.2f}%" == "13.89%"
    assert _kill(two, 2) == 0 and kill.split("│")[3].strip() == "0%"
    assert any(line.startswith("│ P(damage ≥ 1)") for line in out.splitlines())


def test_profile_is_exact_over_the_grid(capsys):
    data = run_json(capsys, "odds", "53", "2yellow", "--profile", "--bonus", "1")
    grid = {(r["hp"], r["reduce"]): r["kill"] for r in data["profile"]}
    assert sorted(grid) == [(h, r) for h in range(1, 11) for r in range(3)]
    for r in range(3):
        dist = convolve(damage_distribution(["black", "blue"], bonus=1, reduce=r),
                        damage_distribution(["yellow", "yellow"], bonus=1, reduce=r))
        for h in range(1, 11):
            assert grid[h, r] == pytest.approx(_kill(dist, h)), (h, r)
    assert data["title"] == "black+blue, +1 on hit + 2yellow, +1 on hit"


def test_profile_table(capsys):
    code, out, err = run_cli(capsys, "odds", "532", "--profile")
    assert code == 0, err
    assert out.startswith("P(kill): black+blue+yellow")
    rows = [[c.strip() for c in line.split("│")[1:-1]] for line in out.splitlines() if line.startswith("│")]
    assert [r[0] for r in rows] == [str(h) for h in range(1, 11)]
    assert rows[0] == ["1", "94.44%", "58.33%", "13.89%"]  # 17/18, 7/12, 5/36
    assert rows[3][1:] == ["0%", "0%", "0%"]


def test_compare_with_profile_gives_a_profile_per_pool(capsys):
    data = run_json(capsys, "odds", "--compare", "532", "53", "--profile")
    assert [len(c["profile"]) for c in data["compare"]] == [30, 30]
    code, out, _ = run_cli(capsys, "odds", "--compare", "532", "53", "--profile")
    assert out.count("P(kill): ") == 2


@pytest.mark.parametrize("argv", [["--compare", "532", "53", "--hp", "3"], ["532", "--profile"],
                                  ["--compare", "532", "53", "--profile"]])
def test_figures(argv, tmp_path, capsys):
    target = tmp_path / "f.png"
    code, out, err = run_cli(capsys, "odds", *argv, "--plot", str(target))
    assert code == 0, err
    assert target.read_bytes()[:8] == PNG
    assert f"wrote {target}" in out.splitlines()


def test_figure_functions_take_frames():
    from matplotlib.figure import Figure

    from hoplostat.cli import odds as cli_odds
    from hoplostat.dice import parse_pool
    from hoplostat.odds import Attack, kill_profile, summarize

    s = summarize([Attack(parse_pool("532"))])
    s["profile"] = kill_profile([Attack(parse_pool("532"))])
    assert isinstance(cli_odds.compare_figure(cli_odds._compare_frame([s, s]), hp=2), Figure)
    fig = cli_odds.profile_figure(cli_odds._profile_frame([s]))
    assert len(fig.axes) == 2  # the heatmap and its colour bar
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert len(texts) == 30 and "94%" in texts


@pytest.mark.parametrize("argv,needles", [
    (["--compare", "532"], ["--compare", "two or more pools"]),
    (["--compare", "532", "53", "--mc", "100"], ["--compare", "--mc"]),
    (["532", "--profile", "--fractions"], ["--profile", "--fractions"]),
    (["532", "--profile", "--hp", "3"], ["--hp 3", "HP 1 to 10"]),
    (["532", "--profile", "--reduce", "1"], ["--reduce 1", "reduction 0 to 2"]),
    (["--compare", "532", "purple"], ["purple"]),
])
def test_bad_input(argv, needles, capsys):
    code, out, err = run_cli(capsys, "odds", *argv)
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in err
    for n in needles:
        assert n in lines[0]


def test_readme_odds_examples_run(tmp_path, capsys):
    """Every `hoplostat odds` line of the README runs (plots written under tmp_path instead of reports/)."""
    import re
    import shlex
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    lines = [re.sub(r"\s+#.*$", "", line) for line in text.splitlines() if line.startswith("hoplostat odds ")]
    assert any("--compare" in line for line in lines) and any("--profile" in line for line in lines)
    for line in lines:
        argv = [str(tmp_path / Path(a).name) if a.startswith("reports/") else a for a in shlex.split(line)[1:]]
        code, out, err = run_cli(capsys, *argv)
        assert code == 0, (line, err)
