"""Engine speed, today's engine beside a reference engine in the same run (issue 15).

`python bench/bench_engine.py [N] [--reference REV] [--repeats R]` exports the commit REV (default
`REFERENCE`, the engine before issue 15's work) into a temporary directory with `git archive`, and plays
the same seeded games there and here, alternating the two trees R times (best of R per figure, so a busy
moment on the machine costs both sides alike; the trees' bench modules are timed in CPU seconds of their
process, `time.process_time`, so other work on the machine barely moves the figures). Each tree runs its *own* bench modules (`bench_engine`,
`bench_onslaught`, `bench_ascension`, `bench_lookahead`, those that exist at REV), so the reference is
measured with the API it had. This tree plays the Remastered stand-ins as they were before their calibration
(`tests/golden/roster`, as `HOPLOSTAT_DATA`), the chips the reference commits carry, unless `--embedded`.
Besides the bench modules' figures, both trees play the same random-player games of Onslaught and Ascension
(`_SAME_GAMES`). It prints, per figure, `name here reference ratio`; a `mean_rounds` figure that differs between
the trees means the games are not the same ones and its line says so.

`python -m bench engine`, or `main(n)`, prints this tree's Skirmish figures only (`name value` lines):
games cycle through the faction pairs with seeds 0..n-1, the same games every run.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

import numpy as np

ARENAS = ("pozzuoli", "colosseum")
REFERENCE = "4b0a206"
"""The engine before issue 15's work (main on 2026-12-01 before the session that took it)."""
MODULES = ("bench_engine", "bench_onslaught", "bench_ascension", "bench_lookahead")
ROOT = Path(__file__).resolve().parent.parent


def _pairs(cat) -> list[tuple[str, str]]:
    f = list(cat.factions)
    return [(a, b) for i, a in enumerate(f) for b in f[i + 1 :]]


def _games_per_s(cat, policy: str, arena: str, n: int) -> tuple[float, float]:
    from hoplostat.policies import make
    from hoplostat.rulesets.remastered.skirmish import play_game

    pairs = _pairs(cat)
    rounds = 0
    t0 = time.perf_counter()
    for i in range(n):
        rng = np.random.default_rng(i)
        pair = list(pairs[i % len(pairs)])
        r = play_game(cat, "skirmish", pair, arena, [make(policy, rng=rng), make(policy, rng=rng)], rng=rng)
        rounds += r.rounds
    dt = time.perf_counter() - t0
    return n / dt, rounds / n


def main(n: int = 200) -> None:
    from hoplostat.catalog import load

    cat = load()
    for arena in ARENAS:
        _games_per_s(cat, "greedy", arena, 10)  # warm the odds and PMF caches
    for arena in ARENAS:
        for policy in ("random", "greedy"):
            gps, rounds = _games_per_s(cat, policy, arena, n)
            print(f"skirmish_{arena}_{policy}_games_per_s {gps:.1f}", flush=True)
            print(f"skirmish_{arena}_{policy}_mean_rounds {rounds:.1f}", flush=True)


# ----------------------------------------------------------------------------- against a reference

_DRIVER = """
import sys
import time
# CPU seconds of this process, not wall time: the figures of both trees then barely depend on what else
# the machine runs at the moment (the bench modules time themselves with time.perf_counter).
time.perf_counter = time.process_time
sys.path.insert(0, "bench")
for name, n in {jobs!r}:
    try:
        mod = __import__(name)
    except ImportError:
        continue
    mod.main(n) if n else mod.main()
"""

_SAME_GAMES = """
# The same games in both trees: random players, whose choices do not change when a heuristic does, in
# Onslaught solo and co-op and Ascension solo, through whichever module path the tree has. Once the greedy
# player has changed, a greedy figure compares players as well as engines; these compare engines only.
def _same_games(n):
    import numpy as np
    from hoplostat.catalog import load
    from hoplostat.policies import make
    try:
        from hoplostat.rulesets.remastered.onslaught import play_onslaught
        from hoplostat.rulesets.remastered.ascension import play_ascension
    except ImportError:
        from hoplostat.engine.modes.onslaught import play_onslaught
        from hoplostat.engine.modes.ascension import play_ascension
    cat = load()
    facs, titans = list(cat.factions), list(cat.titans)

    def onslaught(i, coop):
        rng = np.random.default_rng(i)
        fs = [facs[i % len(facs)]] + ([facs[(i + 1) % len(facs)]] if coop else [])
        return play_onslaught(cat, fs, [make("random", rng=rng) for _ in fs], rng=rng).rounds

    def ascension(i, _):
        rng = np.random.default_rng(i)
        return play_ascension(cat, titans[i % len(titans)], [facs[i % len(facs)]], [make("random", rng=rng)],
                              rng=rng).rounds

    for name, fn, coop, k in (("onslaught_solo", onslaught, False, n), ("onslaught_coop", onslaught, True, n // 2),
                              ("ascension_solo", ascension, False, n)):
        fn(10**6, coop)  # warm the caches
        t0 = time.perf_counter()
        rounds = sum(fn(i, coop) for i in range(k))
        dt = time.perf_counter() - t0
        print(f"{name}_random_games_per_s {k / dt:.1f}", flush=True)
        print(f"{name}_random_mean_rounds {rounds / k:.2f}", flush=True)
"""


def _jobs(n: int) -> list[tuple[str, int]]:
    """(module, games) per bench module: Skirmish n per arena and policy, Onslaught n solo (n/2 co-op),
    Ascension n/3 (its default 60 at n=180), the lookahead n/5 games (its default 40 at n=200)."""
    return [("bench_engine", n), ("bench_onslaught", n), ("bench_ascension", max(6, n // 3)),
            ("bench_lookahead", max(4, n // 5))]


FROZEN_ROSTER = ROOT / "tests" / "golden" / "roster"
"""The Remastered stand-ins as they were before their calibration (data/README.md), which the reference
commits carry: this tree plays them too (as `HOPLOSTAT_DATA`), so both engines play the same chips."""


def _run_tree(tree: Path, jobs: list[tuple[str, int]], data: Path | None = None) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    if data is not None:
        env["HOPLOSTAT_DATA"] = str(data)
    same = f"_same_games({dict(jobs).get('bench_onslaught', 0)})\n"
    out = subprocess.run([sys.executable, "-c", _DRIVER.format(jobs=jobs) + _SAME_GAMES + same], cwd=tree,
                         env=env, check=True,
                         capture_output=True, text=True).stdout
    figures: dict[str, float] = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2:
            try:
                figures[parts[0]] = float(parts[1])
            except ValueError:
                pass
    return figures


def _export(rev: str, into: Path) -> None:
    """The tree of commit `rev` (hoplostat, data, bench) unpacked into `into`, with the package metadata of
    that commit: the installed hoplostat's entry points name this tree's rule sets, which an older commit may
    not have, so a `hoplostat` dist-info written from the commit's own pyproject.toml goes first on the path
    (`importlib.metadata` takes the first distribution of a name)."""
    import tomllib

    archive = into / "tree.tar"
    subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", "-o", str(archive), rev,
                    "hoplostat", "data", "bench", "pyproject.toml"], check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    archive.unlink()
    project = tomllib.loads((into / "pyproject.toml").read_text())["project"]
    meta = into / "hoplostat-0.0.0.dist-info"
    meta.mkdir()
    (meta / "METADATA").write_text("Metadata-Version: 2.1\nName: hoplostat\nVersion: 0.0.0\n")
    groups = project.get("entry-points", {})
    (meta / "entry_points.txt").write_text("".join(
        f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in eps.items()) for group, eps in groups.items()))


def compare(n: int, reference: str, repeats: int, here_data: Path | None = FROZEN_ROSTER) -> list[tuple[str, float, float]]:
    """Best of `repeats` per figure, here and at `reference` (alternating); prints and returns
    (name, here, reference) for every figure both trees report."""
    jobs = _jobs(n)
    with tempfile.TemporaryDirectory(prefix="hoplostat-ref-") as tmp:
        ref_tree = Path(tmp)
        _export(reference, ref_tree)
        here: dict[str, float] = {}
        ref: dict[str, float] = {}
        for k in range(repeats):
            for tree, best, data in ((ref_tree, ref, None), (ROOT, here, here_data)):
                for name, v in _run_tree(tree, jobs, data).items():
                    keep = name.endswith("_games_per_s") and v > best.get(name, -1.0)
                    if keep or name not in best:
                        best[name] = v
            print(f"# repeat {k + 1} of {repeats} done", file=sys.stderr, flush=True)
    rows = []
    print(f"# figure  here  reference({reference})  ratio", flush=True)
    for name in here:
        if name not in ref:
            continue
        a, b = here[name], ref[name]
        if name.endswith("_mean_rounds"):
            note = "same games" if a == b else "GAMES DIFFER"
            print(f"{name} {a:.1f} {b:.1f} {note}", flush=True)
        else:
            print(f"{name} {a:.2f} {b:.2f} {a / b:.2f}x", flush=True)
        rows.append((name, a, b))
    return rows


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("n", nargs="?", type=int, default=200, help="games per Skirmish figure (others scale)")
    ap.add_argument("--reference", default=REFERENCE, help="commit to measure beside this tree")
    ap.add_argument("--repeats", type=int, default=2, help="alternations of the two trees (best of)")
    ap.add_argument("--here-only", action="store_true", help="this tree's Skirmish figures only")
    ap.add_argument("--embedded", action="store_true",
                    help="this tree plays its own embedded chips, not the pre-calibration roster the reference has")
    a = ap.parse_args()
    if a.here_only:
        main(a.n)
    else:
        compare(a.n, a.reference, a.repeats, None if a.embedded else FROZEN_ROSTER)
