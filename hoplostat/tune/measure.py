"""Measuring a change set: the field it plays against (`Field`), its rate (`Rate`), the sweeps that measure it
(`Bench`), the exact duel screen and successive halving."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hoplostat.tune.changes import STATS, Change, ChangeSet, Target, strength_order
from hoplostat.tune.overlay import write_overlay

# --- measuring ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Field:
    """What a change set is measured against, by `target`'s kind: a faction against `against` (every other
    faction when empty) on `arenas`, both seat orders; a titan or an immortal against every faction of
    `against` (all when empty) on the mode's arena, solo (`players` 1) or as every co-op pair (2); each in the
    mode that tunes its kind (`Target.mode`). With `policies`, from `seed`, on the catalog with overlays `data`
    (resolved paths; the change set's overlay goes after them)."""

    target: Target
    against: tuple[str, ...] = ()
    arenas: tuple[str, ...] = ()
    seed: int = 0
    policies: tuple[str, str] = ("greedy", "greedy")
    max_rounds: int | None = None
    data: tuple[str, ...] = ()
    players: int = 1

    @property
    def mode(self) -> str:
        return self.target.mode

    def opponents(self, catalog) -> tuple[str, ...]:
        """The field: `against`, or every faction (every other one when a faction is tuned)."""
        return self.against or tuple(f for f in catalog.factions if f != self.target.id or self.target.against_it)

    def config(self, overlay: str | None, games: int, chunk: int = 50):
        """The `sweep.SweepConfig` of `games` games per matchup of the target against the field, with the
        change set's overlay directory after `data` (None: none). Co-op (`players` 2) plays the solo games
        too (a sweep of a solo and co-op mode plays both); only the co-op games are counted."""
        from hoplostat.catalog import load
        from hoplostat.engine.loop import mode_class
        from hoplostat.sweep import SweepConfig

        data = (*self.data, overlay) if overlay else self.data
        catalog = load(data, use_env=False)
        cls = mode_class(self.mode)
        rounds = self.max_rounds or cls.default_max_rounds
        arenas = self.arenas or cls.arenas
        common: dict[str, Any] = dict(mode=self.mode, arenas=arenas, games=games, seed=self.seed,
                                      policies=self.policies, max_rounds=rounds, chunk=chunk, data=data,
                                      catalog_hash=catalog.hash)
        if not self.target.against_it:
            return SweepConfig(factions=(self.target.id, *self.opponents(catalog)), focus=self.target.id, **common)
        titans = (self.target.id,) if self.target.kind == "titan" else ()
        return SweepConfig(factions=self.opponents(catalog), titans=titans, coop=self.players == 2, **common)

    def rate(self, tables: dict, games: int | None = None) -> Rate:
        """The measure over a sweep's tables (eager or lazy), its first `games` games per matchup (all when
        None): the faction's `faction_rate`; the field's games won against the titan, or waves won against the
        immortal when it is faced (`stats.opponent_trials`, as `summarize` and `compare` count them), solo
        or co-op as `players` says."""
        import polars as pl

        from hoplostat.stats import opponent_trials

        if games is not None:
            tables = {k: v.filter(pl.col("game") < games) for k, v in tables.items()}
        if not self.target.against_it:
            return faction_rate(tables["games"], self.target.id)
        rows, name = (tables["games"], "titan") if self.target.kind == "titan" else (tables.get("waves"), "immortal")
        key = f"{self.target.id} ({'co-op' if self.players == 2 else 'solo'})"
        row = opponent_trials(rows, name).filter(pl.col("key") == key).select(
            pl.col("won").sum(), pl.len()).collect().row(0)
        return Rate(int(row[0] or 0), 0, int(row[1]))

    def words(self, catalog) -> str:
        """What is measured, in words (the first line of `hoplostat tune` and its JSON ``measure``)."""
        from hoplostat.engine.loop import mode_class

        field_ = ", ".join(self.opponents(catalog))
        cls = mode_class(self.mode)
        arenas = self.arenas or cls.arenas
        who = "each faction of the field solo" if self.players == 1 else "every co-op pair of the field"
        pols = "/".join(self.policies) if not self.target.against_it else self.policies[0]
        if self.target.kind == "faction":
            return f"{cls.title()} win rate against {field_} on {', '.join(arenas)}, both seat orders, {pols} players"
        if self.target.kind == "titan":
            return (f"the players' success rate in {cls.title()} against the titan {self.target} (the titan defeated; "
                    f"a loss or the round cap is no success), {who} ({field_}), {pols} players")
        return (f"the share of {cls.title()} waves won against the immortal {self.target} when it is faced, {who} "
                f"({field_}), {pols} players")


@dataclass(frozen=True)
class Rate:
    """The trials measured: wins (a faction's games won, the field's games won against a titan or waves won
    against an immortal), draws (a faction's games won by nobody; 0 otherwise) and trials (`games`); `rate` =
    wins / games with its 95% Wilson interval (`lo`, `hi`)."""

    wins: int
    draws: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else float("nan")

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval; 0..1 without a trial (an immortal never faced), which decides nothing."""
        from hoplostat.stats import wilson_interval

        if not self.games:
            return 0.0, 1.0
        lo, hi = wilson_interval(self.wins, self.games)
        return float(lo), float(hi)

    def distance(self, goal: float) -> float:
        """How far the rate lies from `goal`; infinite without a trial (it ranks last)."""
        return abs(self.rate - goal) if self.games else float("inf")


def faction_rate(games, faction: str) -> Rate:
    """The `Rate` of `faction` in a sweep's games table (eager or lazy), as `summarize` counts it."""
    import polars as pl

    from hoplostat.stats import faction_games

    row = faction_games(games).lazy().filter(pl.col("faction") == faction).select(
        pl.col("won").sum(), pl.col("draw").sum(), pl.len()).collect().row(0)
    return Rate(int(row[0] or 0), int(row[1] or 0), int(row[2]))


class Bench:
    """Where change sets are measured: a work folder holding one overlay and one sweep directory per change
    set, grown in place (`sweep.run` with ``resume``), so a change set measured again plays only new games."""

    def __init__(self, field_: Field, catalog, root: Path, *, jobs: int = 1, chunk: int = 50,
                 progress: Callable[[int], None] | None = None) -> None:
        self.field, self.catalog, self.root, self.jobs, self.chunk = field_, catalog, Path(root), jobs, chunk
        self.progress = progress
        self.played = 0
        self._dirs: dict[ChangeSet, Path] = {}
        self._games: dict[ChangeSet, int] = {}
        self._rates: dict[ChangeSet, Rate] = {}

    def _dir(self, changes: ChangeSet) -> Path:
        d = self._dirs.get(changes)
        if d is None:
            d = self.root / f"set-{len(self._dirs):04d}"
            self._dirs[changes] = d
            if changes:
                write_overlay(self.catalog, changes, d / "overlay")
        return d

    def measured(self) -> list[tuple[ChangeSet, int, Rate]]:
        """Every change set measured so far, with its games per matchup and its rate over them."""
        return [(s, g, self._rates[s]) for s, g in self._games.items()]

    def measure(self, changes: ChangeSet, games: int) -> Rate:
        """The target's `Rate` with `changes` over the first `games` games per matchup (a change set
        measured before with fewer plays only the new ones; with as many or more, none)."""
        from hoplostat import sweep as sw

        d = self._dir(changes)
        have = self._games.get(changes, 0)
        if games == have:
            return self._rates[changes]
        if games > have:
            config = self.field.config(str(d / "overlay") if changes else None, games, self.chunk)
            before, old = self.played, have * len(config.matchups())

            def step(done: int, total: int) -> None:
                if self.progress is not None:
                    self.progress(before + done - old)

            report = sw.run(config, d / "sweep", jobs=self.jobs, resume=have > 0, compact=False, progress=step)
            self.played = before + report.games_played - old
        _manifest, tables = sw.scan_tables(d / "sweep")
        if games < have:
            return self.field.rate(tables, games)
        self._games[changes] = games
        self._rates[changes] = rate = self.field.rate(tables)
        return rate


# --- the duel screen ------------------------------------------------------------------------------


def _plain(fighter):
    """A fighter without its list of ignored skills: two chips that differ only in what a duel ignores fight
    the same duels."""
    return dataclasses.replace(fighter, ignored=())


def _duel_score(fighter, opponents) -> float:
    """`fighter`'s mean score (wins and half the draws) in exact duels against each of `opponents`, both
    orders of first attack."""
    from hoplostat.combat import exact_duel

    total = 0.0
    for b in opponents:
        for first in ("a", "b"):
            r = exact_duel(fighter, b, first=first)
            total += r.p_a_wins + r.p_draw / 2
    return total / (2 * len(opponents))


def duel_screen(catalog, faction: str, singles: Sequence[Change], *, against: Sequence[str] = (), jobs: int = 1,
                progress: Callable[[int, int], Any] | None = None) -> dict[Change, float | None]:
    """Per change, the change in the faction's mean duel score against the field: each of the faction's
    chips fights every chip (units and heroes) of `against` (every other faction when empty) in exact
    map-free duels (`combat.exact_duel`), both orders of first attack; a chip scores its wins and half its
    draws, the faction the mean of its chips. None for a change a duel cannot see (Movement, Range, a skill
    that needs a map): its chip fights exactly as before. Deterministic, so the same whatever `jobs` is."""
    from hoplostat.combat import fighter_from_unit
    from hoplostat.sweep import parallel_map

    opponents = tuple(against) or tuple(f for f in catalog.factions if f != faction)
    field_fighters = [_plain(fighter_from_unit(u, catalog=catalog))
                      for f in opponents for u in catalog.faction_units(f, include_hero=True)]
    members = catalog.faction_units(faction, include_hero=True)
    before = {u.id: _plain(fighter_from_unit(u, catalog=catalog)) for u in members}
    after: dict[Change, Any] = {}
    for c in singles:
        f = _plain(fighter_from_unit(c.apply(catalog.unit(c.unit)), catalog=catalog))
        if f != before[c.unit]:
            after[c] = f
    fighters = list(dict.fromkeys([*before.values(), *after.values()]))
    scores = parallel_map(_duel_score, [(f, field_fighters) for f in fighters], jobs=jobs, progress=progress, chunk=4)
    score = dict(zip(fighters, scores))
    return {c: ((score[after[c]] - score[before[c.unit]]) / len(members) if c in after else None) for c in singles}


# --- screening and confirming ---------------------------------------------------------------------


def band(goal: float, tolerance: float) -> tuple[float, float]:
    """The win rates that count as reaching the goal: goal +/- tolerance, within 0..1."""
    return max(0.0, goal - tolerance), min(1.0, goal + tolerance)


def verdict(rate: Rate, goal: float, tolerance: float) -> str:
    """``reaches goal`` when the 95% interval lies inside goal +/- tolerance, ``misses goal`` when it lies
    outside it, ``undecided`` otherwise (the interval straddles an edge of the band)."""
    lo, hi = rate.interval
    b0, b1 = band(goal, tolerance)
    if b0 <= lo and hi <= b1:
        return "reaches goal"
    if hi < b0 or lo > b1:
        return "misses goal"
    return "undecided"


def halving_rounds(n_sets: int, games: int, *, keep: int = 1) -> list[tuple[int, int]]:
    """The rounds of `halving` for `n_sets` change sets: (sets, games per matchup) per round. The last round
    plays `games` with at least `keep` sets; each round before it half the games with twice the sets, down
    to 2 games per matchup (1 when `games` is 1)."""
    depths = [games]
    while depths[0] > 2 and n_sets > keep * 2 ** len(depths):
        depths.insert(0, -(-depths[0] // 2))
    rounds, alive = [], n_sets
    for g in depths:
        rounds.append((alive, g))
        alive = max(min(keep, alive), -(-alive // 2))
    return rounds


def halving(bench: Bench, sets: Sequence[ChangeSet], games: int, goal: float, *, keep: int = 1,
            before_round: Callable[[int, int], None] | None = None,
            after_round: Callable[[list[tuple[ChangeSet, Rate]]], None] | None = None) -> list[tuple[ChangeSet, Rate]]:
    """Successive halving (`halving_rounds`): every change set of `sets` plays a few games per matchup, the
    half closer to `goal` twice as many, and so on until the last round plays `games` per matchup. All sets
    play the same first games (the same seeds), so they are compared on the same dice. Returns the sets of
    the last round with their rates, closest first (ties: fewer changes, then the changes' order).
    ``before_round(round, rounds)`` and ``after_round(ranked)`` are called around each round."""
    rounds = halving_rounds(len(sets), games, keep=keep)
    alive = list(sets)
    ranked: list[tuple[ChangeSet, Rate]] = []
    for i, (n, g) in enumerate(rounds):
        if before_round is not None:
            before_round(i, len(rounds))
        ranked = rank(((s, bench.measure(s, g)) for s in alive[:n]), goal)
        if after_round is not None:
            after_round(ranked)
        alive = [s for s, _ in ranked]
    return ranked


def rank(measured, goal: float) -> list[tuple[ChangeSet, Rate]]:
    """(change set, rate) pairs, closest to `goal` first (ties: fewer changes, then the changes' order)."""
    return sorted(measured, key=lambda item: (item[1].distance(goal), len(item[0]), item[0]))


def confirm(bench: Bench, changes: ChangeSet, goal: float, tolerance: float, *, games: int,
            max_games: int) -> tuple[Rate, str]:
    """A sequential test of one change set: `games` per matchup, doubled until `verdict` is decided (the
    interval inside or outside goal +/- tolerance) or `max_games` per matchup were played. Returns the last
    rate and its verdict."""
    g = games
    while True:
        rate = bench.measure(changes, g)
        v = verdict(rate, goal, tolerance)
        if v != "undecided" or g >= max_games:
            return rate, v
        g = min(max_games, 2 * g)


def _moves_towards(c: Change, stronger: bool, duel: float | None) -> bool:
    """Whether a single change goes the way the chips must move (`stronger` or weaker): by its duel score
    when a duel sees it, else by what it is (a higher stat, a stronger die or one more skill make a chip
    stronger)."""
    if duel is not None:
        return duel > 0 if stronger else duel < 0
    up = c.step > 0 if c.field in STATS else (bool(c.new) if c.field == "skills" else
                                              strength_order().index(c.new) > strength_order().index(c.old))
    return up == stronger


