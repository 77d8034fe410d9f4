"""Games per second of every Remastered mode, today's engine beside a reference engine, in one run.

The reference is an earlier commit (default: the last one before the rule-set plug-in restructuring,
`84792e2`; set HOPLOSTAT_BENCH_REF to another) checked out with `git worktree` into a temporary folder
and run in a subprocess on the same seeds. Both sides run alternately (HOPLOSTAT_BENCH_ROUNDS times, default 3), and the faster of each is
kept (three rounds; CPU time of the games only, so a busy machine skews both alike). Prints `name value` lines:
`<mode>_games_per_s`, `<mode>_ref_games_per_s` and `<mode>_ratio` (today / reference; above 1 is faster).
`python -m bench modes`, or `python bench/bench_modes.py [N]`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REF = os.environ.get("HOPLOSTAT_BENCH_REF", "84792e2")
ROUNDS = int(os.environ.get("HOPLOSTAT_BENCH_ROUNDS", "3"))
"""Alternating rounds of both sides; the faster of each side is kept."""
ROOT = Path(__file__).resolve().parents[1]

# Plays the same seeded games with whichever engine is first on sys.path (today's API or the old one).
SCRIPT = r"""
import json, sys, time
import numpy as np
from hoplostat.catalog import load
from hoplostat.policies import make

n = int(sys.argv[1])
cat = load((), use_env=False)
facs = sorted(cat.factions)
pairs = [(a, b) for i, a in enumerate(facs) for b in facs[i + 1:]]
try:
    from hoplostat.engine.loop import GameSpec, play
    def game(mode, i, rng):
        ctrls = [make("greedy", rng=rng), make("greedy", rng=rng)]
        if mode.startswith("skirmish"):
            spec = GameSpec("skirmish", pairs[i % len(pairs)], mode.split("_")[1], first=i % 2)
        elif mode == "onslaught":
            spec = GameSpec("onslaught", (facs[i % len(facs)],))
        else:
            spec = GameSpec("ascension", (facs[i % len(facs)],), titan=sorted(cat.titans)[i % len(cat.titans)])
        return play(cat, spec, ctrls[: len(spec.factions)], rng=rng)
except ImportError:
    import hoplostat.engine
    from hoplostat.engine import play_game
    from hoplostat.engine.modes.onslaught import play_onslaught
    from hoplostat.engine.modes.ascension import play_ascension
    def game(mode, i, rng):
        ctrls = [make("greedy", rng=rng), make("greedy", rng=rng)]
        if mode.startswith("skirmish"):
            return play_game(cat, "skirmish", list(pairs[i % len(pairs)]), mode.split("_")[1], ctrls, rng=rng,
                             first_player=i % 2)
        if mode == "onslaught":
            return play_onslaught(cat, [facs[i % len(facs)]], ctrls[:1], rng=rng)
        return play_ascension(cat, sorted(cat.titans)[i % len(cat.titans)], [facs[i % len(facs)]], ctrls[:1], rng=rng)

out = {}
for mode, k in (("skirmish_pozzuoli", n), ("skirmish_colosseum", n), ("onslaught", n // 2), ("ascension", n // 2)):
    for i in range(5):
        game(mode, i, np.random.default_rng(10_000 + i))  # warm the caches
    t0 = time.process_time()
    for i in range(k):
        game(mode, i, np.random.default_rng(i))
    out[mode] = k / (time.process_time() - t0)
print(json.dumps(out))
"""


def _run(path: Path, n: int) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(path)}
    env.pop("HOPLOSTAT_DATA", None)
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(n)], env=env, capture_output=True, text=True,
                          cwd=path, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main(n: int = 120) -> None:
    with tempfile.TemporaryDirectory(prefix="hoplostat-ref-") as tmp:
        ref = Path(tmp) / "ref"
        try:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(ref), REF],
                           check=True, capture_output=True)
        except (OSError, subprocess.CalledProcessError) as exc:
            print(f"# reference {REF} not available ({exc}); today's engine only", flush=True)
            ref = None  # type: ignore[assignment]
        try:
            best: dict[str, dict[str, float]] = {"now": {}, "ref": {}}
            for _ in range(ROUNDS):
                for side, path in (("ref", ref), ("now", ROOT)):
                    if path is None:
                        continue
                    for mode, gps in _run(path, n).items():
                        best[side][mode] = max(gps, best[side].get(mode, 0.0))
            for mode, gps in best["now"].items():
                print(f"{mode}_games_per_s {gps:.1f}", flush=True)
                if mode in best["ref"]:
                    print(f"{mode}_ref_games_per_s {best['ref'][mode]:.1f}", flush=True)
                    print(f"{mode}_ratio {gps / best['ref'][mode]:.2f}", flush=True)
        finally:
            if ref is not None:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(ref)],
                               capture_output=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 120)
