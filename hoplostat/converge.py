"""At which player strength do the balance verdicts stop changing? (`hoplostat converge MODE`, issue 45.)

The same matchups are swept at rising rungs of player strength (`ladder.RUNGS` by default: greedy, the lookahead,
the native search player at two budgets), one sweep per rung in its own folder. After each rung the two strongest
rungs swept so far are set side by side (`robustness.robustness`): the verdicts have **converged** when their
ranking of the subjects agrees (the Spearman correlation's 95% bootstrap lower bound at least `AGREE`, 0.9) and no
verdict reverses (stronger under one, weaker under the other). Then the verdicts are reported at that rung: a
verdict "at rung X" is what sweeps played by X say, once a stronger player no longer changes it. The search stops
there, or when the time budget is spent before the next rung starts (then it says the verdicts did not converge
within it), or after the last rung.

Each rung's sweep is resumable (rerunning continues it), so a converge run can be stopped and taken up again; the
games are those of `hoplostat sweep` with the same flags.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hoplostat.errors import InputError
from hoplostat.robustness import verdict_change as verdict_change  # re-exported: converge's name for it
from hoplostat.words import plural

AGREE = 0.9
"""The Spearman lower bound (95% bootstrap) two rungs' rankings must reach to count as agreeing."""


@dataclass(frozen=True)
class ConvergeConfig:
    mode: str
    rungs: tuple[str, ...]
    games: int = 20
    """Games per matchup and seat order at every rung."""
    seed: int = 0
    factions: tuple[str, ...] = ()
    arenas: tuple[str, ...] = ()
    minutes: float = 30.0
    """Time budget: no rung starts once this much time has passed."""
    jobs: int = 1
    data: tuple[str, ...] = ()
    bootstrap: int = 1000
    extra: dict[str, Any] = field(default_factory=dict)


def rung_dir(out: Path, rung: str) -> Path:
    """The folder of a rung's sweep inside `out` (`search:64` -> `search-64`)."""
    return Path(out) / rung.replace(":", "-")


def step(analysis: Any, tables: Sequence[dict], labels: Sequence[str], *, bootstrap: int,
         seed: int = 0) -> dict[str, Any]:
    """Two rungs' sweeps (tables, weaker first) side by side: the correlation row, the subjects' verdicts under
    each and how each moved, and whether they agree (`AGREE`, no reversal). `analysis`: the mode's
    (`hoplostat.analysis.for_mode`)."""
    from hoplostat.robustness import robustness

    r = robustness(analysis, list(tables), list(labels), bootstrap=bootstrap, seed=seed)
    corr = r["correlations"].row(0, named=True)
    t = r["table"]
    moved = []
    for key in sorted(set(t["key"].to_list())):
        rows = {row["sweep"]: row for row in t.filter(t["key"] == key).iter_rows(named=True)}
        if all(label in rows for label in labels):
            a, b = (rows[label]["verdict"] for label in labels)
            moved.append({"key": key, "weaker": a, "stronger": b, "rate_weaker": rows[labels[0]]["rate"],
                          "rate_stronger": rows[labels[1]]["rate"], "change": verdict_change(a, b)})
    reversed_ = [m["key"] for m in moved if m["change"] == "reverses"]
    lo = corr["spearman_lo"]
    agree = lo is not None and lo >= AGREE and not reversed_
    return {"weaker": labels[0], "stronger": labels[1], "spearman": corr["spearman"], "spearman_lo": lo,
            "spearman_hi": corr["spearman_hi"], "note": corr["note"], "verdicts": moved, "reversed": reversed_,
            "changed": [m["key"] for m in moved if m["change"] == "changes"], "agree": agree}


def run_converge(cfg: ConvergeConfig, out: Path, *, sweep: Callable[[str, Path, bool], Any],
                 now: Callable[[], float] = time.monotonic, say: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Sweep `cfg.rungs` in order into `out`/<rung> (`sweep(rung, dir, resume)` plays one; a folder with a
    manifest is resumed) until two consecutive rungs agree, the budget is spent or the rungs end. The summary:
    each step's comparison (`step`), the rung the verdicts converged at (None if they did not) and why it
    stopped."""
    from hoplostat.analysis import for_mode
    from hoplostat.sweep import load_tables

    an = for_mode(cfg.mode)
    if not an.competitive:
        raise InputError(f"converge: {cfg.mode}'s players play alone (its rungs are compared by `hoplostat ladder "
                         f"{cfg.mode}`, on the same seeds)")
    if len(cfg.rungs) < 2:
        raise InputError("--rungs: give two players or more, weakest first")
    start = now()
    steps: list[dict[str, Any]] = []
    swept: list[str] = []
    converged = None
    why = "the last rung was swept without the verdicts converging"
    for k, rung in enumerate(cfg.rungs):
        if k >= 2 and (now() - start) / 60 >= cfg.minutes:
            why = f"the time budget ({cfg.minutes:g} minutes) ran out before rung {rung}"
            break
        d = rung_dir(out, rung)
        if say:
            say(f"rung {k + 1} of {len(cfg.rungs)}: {rung}")
        sweep(rung, d, (d / "manifest.json").is_file())
        swept.append(rung)
        if k == 0:
            continue
        prev = rung_dir(out, cfg.rungs[k - 1])
        s = step(an, [load_tables(prev)[1], load_tables(d)[1]], [cfg.rungs[k - 1], rung],
                 bootstrap=cfg.bootstrap, seed=cfg.seed)
        steps.append(s)
        if say:
            lo = "-" if s["spearman_lo"] is None else f"{s['spearman_lo']:.2f}"
            say(f"  {cfg.rungs[k - 1]} -> {rung}: Spearman lower bound {lo}, {plural(len(s['changed']), 'verdict')} "
                f"changed, {len(s['reversed'])} reversed")
        if s["agree"]:
            converged = cfg.rungs[k - 1]
            why = (f"{cfg.rungs[k - 1]} and {rung} agree (Spearman 95% lower bound {s['spearman_lo']:.2f} >= "
                   f"{AGREE}, no verdict reversed)")
            break
    return {"mode": cfg.mode, "rungs": list(cfg.rungs), "swept": swept, "steps": steps, "converged_at": converged,
            "why": why, "minutes": round((now() - start) / 60, 2), "out": str(out),
            "games_per_matchup": cfg.games, "seed": cfg.seed, "agree": AGREE}
