"""The tuner's search (`tune`): its configuration (`TuneConfig`), its stages in order, its result (`TuneResult`)."""

from __future__ import annotations

import dataclasses
import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hoplostat.errors import InputError
from hoplostat.tune.changes import (
    MAX_GAMES_PER_MATCHUP,
    STATS,
    Candidates,
    Change,
    ChangeSet,
    Target,
    as_target,
    combine,
    describe,
    describe_chips,
    pairs,
    single_changes,
)
from hoplostat.tune.measure import (
    Bench,
    Field,
    Rate,
    _moves_towards,
    confirm,
    duel_screen,
    halving,
    halving_rounds,
    rank,
)


@dataclass(frozen=True)
class TuneConfig:
    """What `tune` searches: see `hoplostat tune --help` for the meaning of each field (the same names).
    `target`: a `Target` or a name (`resolve_target`: ``amazons``, ``mars``, ``titan:mars``)."""

    target: Target | str
    goal: float | None = None
    """The rate to reach: 0.5 for a faction when None; required for a titan or an immortal."""
    tolerance: float = 0.05
    games: int = 16
    """Games per matchup of the screen's last round (earlier rounds play fewer)."""
    max_games: int = 128
    """Games per matchup at most when a change set is confirmed."""
    confirm: int = 3
    """Change sets confirmed (besides the catalog as it is)."""
    max_changes: int = 2
    pairs_of: int = 6
    """The best singles that are paired (and grown into larger sets)."""
    duel_keep: int = 16
    """Changes a duel sees that go on to the game screen (the best by duel score)."""
    against: tuple[str, ...] = ()
    arenas: tuple[str, ...] = ()
    """The arenas played (the mode's when empty: `Mode.arenas`)."""
    units: tuple[str, ...] = ()
    """Change only these chips of the target (all of them when empty)."""
    method: bool = False
    """Keep stand-in values within the stand-in method (data/README.md)."""
    seed: int = 0
    policies: tuple[str, str] = ("greedy", "greedy")
    max_rounds: int | None = None
    data: tuple[str, ...] = ()
    players: int = 1
    """A titan or an immortal: 1 (the field solo) or 2 (every co-op pair of the field)."""

    @property
    def resolved_goal(self) -> float:
        """`goal` of a `resolved` config (a faction's default filled in; a titan's or an immortal's given)."""
        assert self.goal is not None
        return self.goal

    @property
    def resolved_target(self) -> Target:
        """`target` of a `resolved` config: a `Target`."""
        assert isinstance(self.target, Target)
        return self.target

    def resolved(self, catalog) -> TuneConfig:
        """The config with its `target` a `Target` and the goal a faction gets by default (0.5), checked
        (`check`)."""
        target = as_target(catalog, self.target)
        goal = 0.5 if self.goal is None and target.kind == "faction" else self.goal
        out = dataclasses.replace(self, target=target, goal=goal)
        out.check(catalog)
        return out

    def check(self, catalog) -> None:
        """InputError for a value `tune` cannot work with (named as its command-line flag)."""
        from hoplostat.engine.loop import mode_class

        target = as_target(catalog, self.target)
        if self.goal is None:
            title = mode_class(target.mode).title()
            what = f"the players' success rate in {title}" if target.kind == "titan" else \
                f"the share of {title} waves won against it"
            raise InputError(f"tune {target}: {'a titan' if target.kind == 'titan' else 'an immortal'} needs --goal, "
                             f"{what} to reach (0..1, e.g. --goal 0.5)")
        if not 0.0 <= self.goal <= 1.0:
            raise InputError(f"--goal {self.goal}: a {'win' if target.kind == 'faction' else 'success'} rate "
                             f"between 0 and 1 (e.g. 0.5)")
        if not 0.0 < self.tolerance <= 0.5:
            raise InputError(f"--tolerance {self.tolerance}: must be above 0 and at most 0.5 (e.g. 0.05)")
        for flag, v, lo in (("--games", self.games, 1), ("--max-games", self.max_games, self.games),
                            ("--confirm", self.confirm, 1), ("--max-changes", self.max_changes, 1),
                            ("--pairs-of", self.pairs_of, 2), ("duel_keep", self.duel_keep, 0)):
            if v < lo:
                raise InputError(f"{flag} {v}: must be {lo} or more" + (" (--games)" if flag == "--max-games" else ""))
        for flag, v in (("--games", self.games), ("--max-games", self.max_games)):
            if v > MAX_GAMES_PER_MATCHUP:
                raise InputError(f"{flag} {v}: at most {MAX_GAMES_PER_MATCHUP:,} games per matchup (a tune plays them "
                                 "for every change set it screens or confirms; hoplostat sweep measures one catalog "
                                 "with more)")
        if target.against_it:
            if self.players not in (1, 2):
                raise InputError(f"--players {self.players}: 1 (solo) or 2 (co-op)")
        elif self.players != 1:
            raise InputError(f"--players {self.players}: a faction is tuned in {mode_class(target.mode).title()}, "
                             "one player against one; "
                             "--players is for a titan or an immortal")
        for f in self.against:
            catalog.faction(f)
            if f == target.id and not target.against_it:
                raise InputError(f"--against {f}: the faction tuned is not its own opponent")
        if len(set(self.against)) != len(self.against):
            raise InputError("--against: a faction is named twice")
        if target.against_it and self.players == 2 and len(self.against) == 1:
            raise InputError(f"--against {self.against[0]}: co-op (--players 2) needs two factions or more")
        from hoplostat.engine.loop import mode_class

        arenas = mode_class(target.mode).arenas
        for a in self.arenas:
            catalog.arena(a)
            if a not in arenas:
                raise InputError(f"--arena {a}: {mode_class(target.mode).__name__} is played on {', '.join(arenas)}")
        mine = {u.id for u in target.chips(catalog)}
        for uid in self.units:
            catalog.unit(uid)
            if uid not in mine:
                raise InputError(f"--unit {uid}: not a chip of {target} ({', '.join(sorted(mine))})")

    def field(self) -> Field:
        """What change sets are measured against (a `resolved` config's)."""
        assert isinstance(self.target, Target), "resolve the config first (TuneConfig.resolved)"
        return Field(self.target, self.against, self.arenas, self.seed, self.policies, self.max_rounds, self.data,
                     self.players)


@dataclass
class TuneResult:
    """What `tune` found. ``baseline``: the catalog as it is, confirmed like the change sets; ``ranked``: the
    change sets confirmed, best first (those that reach the goal, fewest changes first, then the others,
    closest first), each a row with ``changes`` (in words), ``size``, ``games``, ``wins``, ``draws``,
    ``rate``, ``rate_lo``, ``rate_hi`` (95% Wilson), ``distance`` (to the goal) and ``verdict``; ``sets``
    the change sets of those rows in the same order (both empty when the catalog as it is reaches the goal);
    ``screened``: every change set of the game screen, over the games it played (``games_per_matchup``),
    deepest first, with its ``stage``; ``duel``: the duel screen (``delta`` None where a duel cannot see the
    change; none for a titan or an immortal); ``direction``: ``raise`` or ``lower``, the way the rate had to
    move (a faction's chips grow stronger to raise it, a titan's or an immortal's weaker)."""

    config: TuneConfig
    baseline: dict[str, Any]
    direction: str
    candidates: Candidates
    duel: list[dict[str, Any]]
    screened: list[dict[str, Any]]
    ranked: list[dict[str, Any]]
    sets: list[ChangeSet]
    games_played: int
    stand_ins: dict[str, Any] = field(default_factory=dict)

    @property
    def best(self) -> ChangeSet | None:
        """The chosen change set (the first ranked), or None when nothing was confirmed."""
        return self.sets[0] if self.sets else None


def _row(catalog, changes: ChangeSet, rate: Rate, goal: float, **extra: Any) -> dict[str, Any]:
    lo, hi = rate.interval
    seen = rate.games > 0  # else no rate (an immortal never faced): None in the JSON
    return {"changes": describe_chips(catalog, changes), "size": len(changes),
            "games": rate.games, "wins": rate.wins, "draws": rate.draws, "rate": rate.rate if seen else None,
            "rate_lo": lo, "rate_hi": hi, "distance": rate.distance(goal) if seen else None, **extra}


def confirm_seed(seed: int) -> int:
    """The seed of the confirming sweeps: fresh games, not those the screen chose the change sets on (which
    would flatter them), and still a function of `seed` alone."""
    import numpy as np

    return int(np.random.SeedSequence([seed, 1]).generate_state(1, np.uint64)[0] >> np.uint64(1))


def tune(config: TuneConfig, *, jobs: int = 1, workdir: Path | str | None = None,
         progress: Callable[[str, int, int], Any] | None = None) -> TuneResult:
    """Search the smallest change sets that bring `config.target`'s rate (`Field.rate`: a faction's
    win rate against the field, the field's success against a titan or an immortal) to `config.goal` (the
    stages of the module docstring) and confirm the best few. `workdir` keeps the
    overlays and sweeps (a temporary folder otherwise, removed at the end). ``progress(stage, games played,
    games planned)`` as games finish; the stage names the best change set so far."""
    from hoplostat.catalog import load

    catalog = load(config.data, use_env=False)
    config = config.resolved(catalog)
    tmp = None
    if workdir is None:
        workdir = tmp = tempfile.mkdtemp(prefix="hoplostat-tune-")
    try:
        return _Search(config, catalog, Path(workdir), jobs, progress).run()
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)


class _Search:
    """The stages of `tune` with the state they share: the two benches (screen and confirm), the games
    planned for the progress bar, and the best change set so far."""

    def __init__(self, config: TuneConfig, catalog, root: Path, jobs: int, progress) -> None:
        self.config, self.catalog, self.progress = config, catalog, progress
        self.field = config.field()
        self.stage, self.planned, self.best = "baseline", 0, ""
        self.screen = Bench(config.field(), catalog, root / "screen", jobs=jobs,
                            progress=lambda n: self.report(n + self.confirmer.played))
        self.confirmer = Bench(dataclasses.replace(config.field(), seed=confirm_seed(config.seed)), catalog,
                               root / "confirm", jobs=jobs, progress=lambda n: self.report(self.screen.played + n))
        self.matchups = len(config.field().config(None, 1).matchups())
        self.jobs = jobs

    @property
    def played(self) -> int:
        return self.screen.played + self.confirmer.played

    def report(self, done: int | None = None) -> None:
        if self.progress is not None:
            done = self.played if done is None else done
            text = f"{self.stage}; best so far: {self.best}" if self.best else self.stage
            self.progress(text, done, max(self.planned, done))

    def plan(self, *rounds: tuple[int, int]) -> None:
        """Games still to come: rounds of (change sets, new games per matchup); a confirmation is counted at
        its cap (it may stop sooner)."""
        self.planned = self.played + self.matchups * sum(n * g for n, g in rounds)

    def noted(self, ranked: list[tuple[ChangeSet, Rate]]) -> None:
        """The best so far: the closest of the stage just played (the deepest measure, not the luckiest)."""
        if ranked:
            s, r = ranked[0]
            self.best = f"{describe(self.catalog, s)} ({r.rate:.0%})" if r.games else describe(self.catalog, s)

    def run(self) -> TuneResult:
        cfg, cat = self.config, self.catalog
        target = cfg.resolved_target
        cands = single_changes(cat, target, method=cfg.method, units=cfg.units)
        singles = list(cands.singles)
        if not singles:
            why = f"skipped: {'; '.join(cands.skipped)}" if cands.skipped else "none stays within bounds"
            raise InputError(f"{target}: no value that may change (only stand-in values are changed; {why})")
        self.stage = "the catalog as it is"
        self.plan((1, cfg.max_games))
        confirmed: list[tuple[ChangeSet, Rate, str]] = [
            ((), *confirm(self.confirmer, (), cfg.resolved_goal, cfg.tolerance, games=cfg.games,
                          max_games=cfg.max_games))]
        base = confirmed[0][1]
        if not base.games:
            raise InputError(f"tune {target}: the field never faced {target} in {cfg.max_games} games per matchup; "
                             "give more --max-games")
        raise_ = base.rate < cfg.resolved_goal
        stronger = raise_ != target.against_it  # the field's success rises as a titan grows weaker
        duels: dict[Change, float | None] = {}
        screened: dict[ChangeSet, tuple[Rate, str]] = {}
        if confirmed[0][2] != "reaches goal":  # else nothing to do
            if target.kind == "faction":
                self.stage = "duel screen"
                self.report()
                duels = duel_screen(cat, target.id, singles, against=cfg.against, jobs=self.jobs)
            # A titan or an immortal plays by its card (titan dice, triggers; an immortal ignores damage in
            # its wave mode): a map-free duel of its chip says little, so every change goes to the game screen.
            seen = sorted((c for c in singles if duels.get(c) is not None and _moves_towards(c, stronger, duels[c])),
                          key=lambda c: (-abs(duels[c] or 0.0), c))[:cfg.duel_keep]
            blind = [c for c in singles if duels.get(c) is None and _moves_towards(c, stronger, None)]
            screened = self.screen_sets(cat, [(c,) for c in seen + blind])
            chosen = self.choose(screened)
            for i, s in enumerate(chosen):
                self.stage = f"confirming {i + 1} of {len(chosen)}"
                self.plan((len(chosen) - i, cfg.max_games))
                confirmed.append((s, *confirm(self.confirmer, s, cfg.resolved_goal, cfg.tolerance, games=cfg.games,
                                              max_games=cfg.max_games)))
                best = sorted(confirmed[1:], key=_final_key(cfg.resolved_goal))[0]
                self.best = f"{describe(cat, best[0])} ({best[1].rate:.0%}, {best[2]})"
        self.stage, self.planned = "done", self.played
        self.report()
        (_, base_rate, base_verdict), rest = confirmed[0], sorted(confirmed[1:], key=_final_key(cfg.resolved_goal))
        stages = {s: stage for s, (_, stage) in screened.items()}
        screen_rows = sorted((_row(cat, s, r, cfg.resolved_goal,
                                   stage=stages.get(s, "singles (dropped in an earlier round)"),
                                   games_per_matchup=g) for s, g, r in self.screen.measured()),
                             key=lambda row: (-row["games_per_matchup"], _inf(row["distance"]), row["size"],
                                              row["changes"]))
        from hoplostat.catalog.standin import stand_in_share

        opponents = self.field.opponents(cat)
        if target.kind == "faction":
            stand_ins = stand_in_share(cat, factions=(target.id, *opponents))
        elif target.kind == "titan":
            stand_ins = stand_in_share(cat, factions=opponents, titans=(target.id,))
        else:  # every immortal is in the camp of every game of its wave mode (ONS-1)
            stand_ins = stand_in_share(cat, factions=opponents, immortals=tuple(cat.immortals))
        return TuneResult(
            config=cfg, baseline=_row(cat, (), base_rate, cfg.resolved_goal, verdict=base_verdict),
            direction="raise" if raise_ else "lower", candidates=cands,
            duel=[{"change": c.describe(cat.unit(c.unit)), "unit": c.unit, "field": c.field, "delta": d}
                  for c, d in duels.items()],
            screened=screen_rows, ranked=[_row(cat, s, r, cfg.resolved_goal, verdict=v) for s, r, v in rest],
            sets=[s for s, _, _ in rest], games_played=self.played,
            stand_ins=stand_ins)

    def screen_sets(self, cat, pool: list[ChangeSet]) -> dict[ChangeSet, tuple[Rate, str]]:
        """The game screen: singles by successive halving, then pairs of the best singles, then larger sets
        grown from the best one. Every set of the last round, with its rate at `games` per matchup and its
        stage."""
        cfg = self.config
        rounds = halving_rounds(len(pool), cfg.games, keep=cfg.pairs_of)

        def before_round(i: int, n: int) -> None:
            self.stage = f"singles, round {i + 1} of {n} ({rounds[i][0]} changes)"
            self.plan(*[(k, g - (rounds[j - 1][1] if j else 0)) for j, (k, g) in enumerate(rounds) if j >= i])

        ranked = halving(self.screen, pool, cfg.games, cfg.resolved_goal, keep=cfg.pairs_of, before_round=before_round,
                         after_round=self.noted)
        screened = {s: (r, "singles") for s, r in ranked}
        top = [s[0] for s, _ in ranked[:cfg.pairs_of]]
        for k in range(2, cfg.max_changes + 1):
            sets = pairs(cat, top, method=cfg.method) if k == 2 else _grow(cat, screened, top, k, cfg)
            if not sets:
                break
            self.stage = f"sets of {k} changes ({len(sets)})"
            self.plan((len(sets), cfg.games))
            ranked = rank(((s, self.screen.measure(s, cfg.games)) for s in sets), cfg.resolved_goal)
            self.noted(ranked)
            screened.update((s, (r, f"sets of {k}")) for s, r in ranked)
        return screened

    def choose(self, screened: dict[ChangeSet, tuple[Rate, str]]) -> list[ChangeSet]:
        """The change sets to confirm: the closest of each size first (the smallest that may do), then the
        closest others, `confirm` in all."""
        cfg = self.config
        order = [s for s, _ in rank(((s, r) for s, (r, _) in screened.items()), cfg.resolved_goal)]
        chosen: list[ChangeSet] = []
        for k in range(1, cfg.max_changes + 1):
            first = next((s for s in order if len(s) == k), None)
            if first is not None and len(chosen) < cfg.confirm:
                chosen.append(first)
        chosen += [s for s in order if s not in chosen][:cfg.confirm - len(chosen)]
        return chosen


def _inf(distance: float | None) -> float:
    return float("inf") if distance is None else distance


def _final_key(goal: float):
    """The order of confirmed (change set, rate, verdict): those that reach the goal, fewest changes first
    (then closest), then the others, closest first."""
    def key(t):
        s, r, v = t
        d = r.distance(goal)
        return ((0, len(s), d) if v == "reaches goal" else (1, d, len(s)), s)

    return key


def _grow(catalog, screened: dict[ChangeSet, tuple[Rate, str]], top: Sequence[Change], k: int,
          config: TuneConfig) -> list[ChangeSet]:
    """Sets of `k` changes: the closest set of `k - 1` screened so far, with each of the best singles `top`
    added that `combine` accepts (a stat step again too)."""
    smaller = sorted((s for s in screened if len(s) == k - 1),
                     key=lambda s: (screened[s][0].distance(config.resolved_goal), s))
    if not smaller:
        return []
    base = smaller[0]
    out = []
    for c in top:
        s = tuple(sorted((*base, c)))
        if (c not in base or c.field in STATS) and s not in out \
                and combine(catalog, s, method=config.method) is not None:
            out.append(s)
    return out

