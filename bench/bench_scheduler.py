"""Sweep scheduling at cluster scale, simulated on this machine: worker utilisation of today's scheduler (no
barrier, a few chunks in flight per worker) against the wave-by-wave scheduler it replaced, in the same run.

64 simulated workers (threads that sleep for a chunk's duration, so 2 cores can stand in for a cluster), 112
matchups of 20 chunks each. Chunk durations are drawn from a log-normal fitted to chunks measured here first
(their spread, scaled to a mean of `MEAN_S` seconds so the run takes seconds, not hours). Both schedulers write
every chunk to disk as a sweep does (the real `sweep.run` for today's; the same writes for the waves).
Utilisation = time workers spent on chunks / (workers x wall time). Target: at least 90% for today's.

Then, on this machine, a real sweep (Skirmish, 6 matchups, 600 games) with 1 and 2 jobs, today's code
beside a reference commit (default `a8b680b`, the last one with the wave scheduler; HOPLOSTAT_BENCH_SCHED_REF
sets another) checked out with `git worktree`, alternating, the best of HOPLOSTAT_BENCH_ROUNDS (default 2)
rounds each: `scheduler_jobs<j>_ratio` is today's wall time over the reference's (at most 1: no slower).

`python -m bench scheduler`, or `python bench/bench_scheduler.py [WORKERS]`.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from pathlib import Path

import numpy as np

MATCHUPS, CHUNKS, MEAN_S = 112, 20, 0.5
REF = os.environ.get("HOPLOSTAT_BENCH_SCHED_REF", "a8b680b")
ROUNDS = int(os.environ.get("HOPLOSTAT_BENCH_ROUNDS", "2"))
ROOT = Path(__file__).resolve().parents[1]
SWEEP = ["sweep", "skirmish", "-f", "kunlun", "-f", "amazons", "-f", "lamosians", "-a", "pozzuoli", "--games", "100",
         "--chunk", "25", "--seed", "3"]
TIMED = "import sys, time; from hoplostat.cli import main\nt0 = time.perf_counter()\ntry:\n    main(sys.argv[1:])\n" \
        "except SystemExit:\n    pass\nprint(time.perf_counter() - t0)"


def _timed_sweep(pythonpath: Path, jobs: int, out: Path) -> float:
    env = {**os.environ, "PYTHONPATH": str(pythonpath)}
    r = subprocess.run([sys.executable, "-c", TIMED, *SWEEP, "--jobs", str(jobs), "--out", str(out)], env=env,
                       capture_output=True, text=True, cwd=tempfile.gettempdir(), timeout=1200)
    return float(r.stdout.strip().splitlines()[-1])


def _real_sweeps() -> None:
    with tempfile.TemporaryDirectory() as d:
        ref = Path(d) / "ref"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(ref), REF], check=True,
                       capture_output=True)
        try:
            for jobs in (1, 2):
                best = {"today": float("inf"), "ref": float("inf")}
                for k in range(ROUNDS):
                    for side, path in (("today", ROOT), ("ref", ref)):
                        best[side] = min(best[side], _timed_sweep(path, jobs, Path(d) / f"{side}{jobs}{k}"))
                print(f"scheduler_jobs{jobs}_wall_s {best['today']:.2f}", flush=True)
                print(f"scheduler_jobs{jobs}_ref_wall_s {best['ref']:.2f}", flush=True)
                print(f"scheduler_jobs{jobs}_ratio {best['today'] / best['ref']:.2f}", flush=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(ref)], capture_output=True)


def _measured_spread(n: int = 12) -> float:
    """The log-normal sigma of real chunk durations: `n` chunks of 4 Skirmish games on this machine."""
    from hoplostat import sweep as sw

    config = sw.SweepConfig(factions=("kunlun", "amazons", "lamosians", "parthians"), games=4 * n, chunk=4, seed=2)
    m = config.matchups()[0]
    times = []
    for k in range(n):
        t0 = time.perf_counter()
        sw._play_chunk(config, m, 4 * k, 4 * k + 4)
        times.append(time.perf_counter() - t0)
    return float(np.std(np.log(times)))


class Sleepy:
    """An executor of `workers` threads whose tasks sleep for their drawn duration and return a canned chunk."""

    name = "simulated"

    def __init__(self, workers: int, durations: dict, template: dict) -> None:
        self.pool = ThreadPoolExecutor(workers)
        self.slots = 3 * workers
        self.durations = durations
        self.template = template
        self.busy = 0.0
        self.lock = threading.Lock()

    def _task(self, key, g0: int, g1: int) -> dict:
        d = self.durations[key]
        time.sleep(d)
        with self.lock:
            self.busy += d
        rows = [{**self.template, "matchup": key[0], "game": g} for g in range(g0, g1)]
        return {"games": rows}

    def submit(self, fn, config, matchup, g0, g1):
        return self.pool.submit(self._task, (matchup.key, g0), g0, g1)

    def wait_any(self, pending):
        done, _ = wait(pending, return_when=FIRST_COMPLETED)
        return done

    def result(self, h):
        return h.result()

    def close(self):
        return None


def _config():
    from hoplostat import sweep as sw

    factions = tuple(f"f{i:02d}" for i in range(15))  # 105 pairs; 112 matchups with 7 more below
    return sw.SweepConfig(factions=factions, arenas=("pozzuoli",), games=CHUNKS * 4, chunk=4, seed=1)


def _matchups():
    from hoplostat.engine.mode import Matchup

    return [Matchup("skirmish", "pozzuoli", f"a{m:03d}", f"b{m:03d}", "a") for m in range(MATCHUPS)]


def _waves(ex: Sleepy, out: Path, config, matchups) -> None:
    """The scheduler before this one: every matchup's chunk k, wait for all of them, then chunk k + 1."""
    from hoplostat import store
    from hoplostat.sweep import result_frame

    for k in range(CHUNKS):
        handles = {ex.submit(None, config, m, 4 * k, 4 * k + 4): i for i, m in enumerate(matchups)}
        for h in list(handles):
            frames = {"games": result_frame("skirmish", "games", h.result()["games"])}
            store.write_chunk(out, frames, store.chunk_name(handles[h], 4 * k))


def main(workers: int = 64) -> None:
    from hoplostat import sweep as sw
    from hoplostat.engine.loop import play
    from hoplostat.engine.mode import GameSpec
    from hoplostat.policies import make

    sigma = _measured_spread()
    rng = np.random.default_rng(7)
    matchups = _matchups()
    mu = np.log(MEAN_S) - sigma**2 / 2
    durations = {(m.key, 4 * k): float(rng.lognormal(mu, sigma)) for m in matchups for k in range(CHUNKS)}
    from hoplostat.catalog import load

    cat = load()
    r = np.random.default_rng(0)
    from hoplostat.engine.loop import mode_class

    res = play(cat, GameSpec("skirmish", ("kunlun", "amazons")), [make("greedy", rng=r)] * 2, rng=r)
    head = {"matchup": "", "mode": "skirmish", "arena": "pozzuoli", "faction_a": "kunlun", "faction_b": "amazons",
            "first": "a", "policy_a": "greedy", "policy_b": "greedy", "game": 0, "seed": 1, "game_seed": 0}
    template = mode_class("skirmish").rows(res, head, lambda uid: "unit")["games"][0]  # one real row, reused
    print(f"scheduler_workers {workers}", flush=True)
    print(f"scheduler_chunk_time_sigma_measured {sigma:.2f}", flush=True)
    ideal = sum(durations.values()) / workers
    results = {}
    for name in ("waves", "today"):
        ex = Sleepy(workers, durations, template)
        with tempfile.TemporaryDirectory() as d:
            out = Path(d) / "s"
            (out / "games").mkdir(parents=True)
            t0 = time.perf_counter()
            if name == "waves":
                _waves(ex, out, None, matchups)
            else:
                config = _config()
                manifest = {"config": config.identity(), "status": "running"}
                original = config.matchups
                object.__setattr__(config, "matchups", lambda: matchups)  # the simulated matchups
                try:
                    sw._run(config, out, manifest, jobs=workers, progress=None, executor=ex, compact_after=False)
                finally:
                    object.__setattr__(config, "matchups", original)
            wall = time.perf_counter() - t0
        ex.pool.shutdown()
        results[name] = ex.busy / (workers * wall)
        print(f"scheduler_{name}_wall_s {wall:.1f}", flush=True)
        print(f"scheduler_{name}_utilisation {results[name]:.3f}", flush=True)
    print(f"scheduler_ideal_wall_s {ideal:.1f}", flush=True)
    print(f"scheduler_today_vs_waves_utilisation_ratio {results['today'] / results['waves']:.2f}", flush=True)
    _real_sweeps()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 64)
