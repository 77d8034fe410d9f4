"""Engine cost in CPU instructions, today's tree beside a reference commit (issues 12 and 15).

`python bench/instructions.py [N] [--reference REV] [--workload NAME ...]` plays the same seeded games
in this tree and in the commit REV (exported as `bench_engine` does) under valgrind's cachegrind, which counts
the instructions a process executes. Unlike seconds, the count does not depend on what else the machine is
running: two runs of the same code agree within about 2% on a busy shared machine, where timed figures
moved by up to 30% (docs/engine.md). Each workload runs twice per tree:
once with N games and once with none (imports, the catalog, one warm-up game); the difference over N is the
cost of a game. Both trees play the Remastered stand-ins as they were before their calibration (the
reference commits carry those chips).

Where the fixed part's noise matters (the cheap workloads), raise N or `--repeats`. It prints, per workload, `name  here  reference  ratio` in millions of instructions per game, the ratio being
reference / here (above 1: this tree is cheaper), and the mean rounds per game of both trees; where they
differ, the games are not the same ones (a rule fix or a changed player since REV) and the line says so,
with the ratio per round beside it. Instruction counts are a cost model, not time: memory stalls and the
CPU's speed are left out, so read them beside `bench_engine.py`'s timed figures. About 20 s of valgrind
per process at N=10; needs `valgrind` on the PATH. A script, not a `python -m bench` module: a full run takes
about half an hour.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_engine import FROZEN_ROSTER, ROOT, _export  # noqa: E402

REFERENCE = "84792e2"
"""The engine before issue 12's rule-set plug-ins (main on 2026-11-29)."""

WORKLOADS = ("skirmish_pozzuoli_random", "skirmish_colosseum_random", "skirmish_pozzuoli_greedy",
             "skirmish_colosseum_greedy", "onslaught_solo_random", "onslaught_coop_random",
             "onslaught_solo_greedy", "ascension_solo_random", "ascension_solo_greedy")

_PLAY = """
import sys
import numpy as np
from hoplostat.catalog import load
from hoplostat.policies import make
try:
    from hoplostat.rulesets.remastered.skirmish import play_game
    from hoplostat.rulesets.remastered.onslaught import play_onslaught
    from hoplostat.rulesets.remastered.ascension import play_ascension
except ImportError:  # before the rule-set plug-ins
    from hoplostat.engine.modes.skirmish import play_game
    from hoplostat.engine.modes.onslaught import play_onslaught
    from hoplostat.engine.modes.ascension import play_ascension

name, n = sys.argv[1], int(sys.argv[2])
mode, what, policy = name.split("_")
cat = load()
facs, titans = list(cat.factions), list(cat.titans)
pairs = [(a, b) for i, a in enumerate(facs) for b in facs[i + 1:]]

def game(i):
    rng = np.random.default_rng(i)
    if mode == "skirmish":
        pair = list(pairs[i % len(pairs)])
        return play_game(cat, "skirmish", pair, what, [make(policy, rng=rng), make(policy, rng=rng)], rng=rng).rounds
    if mode == "onslaught":
        fs = [facs[i % len(facs)]] + ([facs[(i + 1) % len(facs)]] if what == "coop" else [])
        return play_onslaught(cat, fs, [make(policy, rng=rng) for _ in fs], rng=rng).rounds
    return play_ascension(cat, titans[i % len(titans)], [facs[i % len(facs)]], [make(policy, rng=rng)],
                          rng=rng).rounds

game(10**6)  # warm the caches (odds, PMFs, grids) in both runs alike
print("rounds", sum(game(i) for i in range(n)))
"""


def _count(tree: Path, name: str, n: int, data: Path | None) -> tuple[int, int]:
    """(instructions, rounds) of one process playing `n` games of workload `name` in `tree`."""
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    env.pop("HOPLOSTAT_DATA", None)
    if data is not None:
        env["HOPLOSTAT_DATA"] = str(data)
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as fh:
        fh.write(_PLAY)
    try:
        done = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                               sys.executable, fh.name, name, str(n)], cwd=tree, env=env, capture_output=True,
                              text=True, check=True)
    finally:
        os.unlink(fh.name)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    rounds = re.search(r"^rounds (\d+)", done.stdout, re.M)
    if refs is None or rounds is None:
        raise RuntimeError(f"{name} in {tree}: no instruction count\n{done.stderr[-2000:]}")
    return int(refs.group(1).replace(",", "")), int(rounds.group(1))


def per_game(tree: Path, name: str, n: int, data: Path | None, repeats: int = 1) -> tuple[float, float]:
    """(instructions per game, mean rounds) of workload `name` in `tree`: the median over `repeats` pairs of
    processes. The processes' fixed part (imports, the catalog) varies by some 20 million instructions from one
    process to the next, which at N=10 is several percent of the cheaper workloads' games."""
    got = []
    for _ in range(repeats):
        base, _ = _count(tree, name, 0, data)
        total, rounds = _count(tree, name, n, data)
        got.append((total - base) / n)
    return statistics.median(got), rounds / n


def compare(n: int, reference: str, workloads: list[str], here_data: Path | None = FROZEN_ROSTER,
            repeats: int = 1) -> list[tuple]:
    """Per workload: (name, here per game, reference per game, here rounds, reference rounds), printed too."""
    if shutil.which("valgrind") is None:
        print("error: bench/instructions.py needs valgrind on the PATH", file=sys.stderr)
        raise SystemExit(2)
    from hoplostat.engine import hexgrid

    print(f"# this tree: compiled movement search {'on' if hexgrid.COMPILED else 'off (pure Python)'}", flush=True)
    print(f"# workload  here(M instr/game)  reference({reference})  ratio(reference/here)", flush=True)
    rows = []
    with tempfile.TemporaryDirectory(prefix="hoplostat-ref-") as tmp:
        ref_tree = Path(tmp)
        _export(reference, ref_tree)
        for name in workloads:
            here, here_rounds = per_game(ROOT, name, n, here_data, repeats)
            ref, ref_rounds = per_game(ref_tree, name, n, None, repeats)
            line = f"{name} {here / 1e6:.1f} {ref / 1e6:.1f} {ref / here:.2f}x"
            if here_rounds == ref_rounds:
                line += f"  (same games, {here_rounds:.1f} rounds)"
            else:
                per_round = (ref / ref_rounds) / (here / here_rounds)
                line += f"  GAMES DIFFER: {here_rounds:.1f} vs {ref_rounds:.1f} rounds, per round {per_round:.2f}x"
            print(line, flush=True)
            rows.append((name, here, ref, here_rounds, ref_rounds))
    return rows


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("n", nargs="?", type=int, default=10, help="games per workload and tree (default 10)")
    ap.add_argument("--reference", default=REFERENCE, help=f"commit to measure beside this tree (default {REFERENCE})")
    ap.add_argument("--workload", nargs="*", default=list(WORKLOADS), choices=WORKLOADS, metavar="NAME",
                    help="workloads to run (default: all): " + ", ".join(WORKLOADS))
    ap.add_argument("--repeats", type=int, default=1, help="pairs of processes per workload and tree (median)")
    ap.add_argument("--embedded", action="store_true",
                    help="this tree plays its own embedded chips, not the pre-calibration roster the reference has")
    a = ap.parse_args()
    compare(a.n, a.reference, a.workload, None if a.embedded else FROZEN_ROSTER, a.repeats)
