"""Sweeps: many seeded games (or duels) in parallel with joblib, resumable and reproducible.

Seeds: every game's generator comes from ``SeedSequence(seed, spawn_key=(matchup
key, game index))``, a function of the sweep seed, the matchup's identity and
the game's index alone, so results never depend on ``--jobs``, chunking or the
backend. Each result row carries its game index and its game seed (an int that
`hoplostat play` accepts to replay that very game).

Storage (a results directory):
  manifest.json            config, catalog hash, version, dates, status
  games/<m>-<g0>.parquet   one row per game, one file per finished chunk
  units/<m>-<g0>.parquet   one row per unit that took part in a game
Chunk files are written to a temporary name and renamed, so a killed sweep
leaves only whole chunks; ``--resume`` plays the missing ones.

Early stop (``ci_width``): games are played in waves (chunk k of every matchup
still running); after each wave a matchup whose 95% interval for P(first-named
faction wins) is narrower than ``ci_width`` stops. Decisions depend only on
whole waves, so they too are independent of ``jobs``.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import signal
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from hoplostat import store
from hoplostat._version import __version__
from hoplostat.engine.loop import Matchup, Mode, default_mode
from hoplostat.errors import InputError

# the parallel map (`hoplostat.parallel`) and the results directory read back (`hoplostat.sweep_results`), by
# their old names too
from hoplostat.parallel import (  # noqa: F401
    _ACTIVE_BACKEND,
    BACKENDS,
    _backend_active,
    _imap,
    _run_chunk,
    backend,
    duel_matrix,
    parallel_map,
    task_rngs,
)
from hoplostat.store import UNUSED
from hoplostat.store import chunk_name as _chunk_name
from hoplostat.store import read_finished as _read_finished
from hoplostat.sweep_results import (  # noqa: F401
    MANIFEST,
    _catalog,
    _damaged,
    _declared_tables,
    _successes,
    _write_manifest,
    chips_used,
    completeness,
    load_results,
    load_tables,
    mode_catalog,
    read_manifest,
    result_frame,
    resume_command,
    ruleset_of,
    scan_tables,
    schema,
    stand_ins,
    sweep_catalog,
    sweep_config,
)

ARENAS = ("pozzuoli", "colosseum")
"""Default arenas of a sweep config (each mode plays those of them it has; all of its own if none)."""
SEED_MAX = 2**63 - 1



# --- game sweeps ------------------------------------------------------------------------


def seed_key(matchup: Matchup) -> int:
    """A stable 63-bit number for a matchup (part of every game's seed)."""
    return int.from_bytes(hashlib.sha256(matchup.key.encode()).digest()[:8], "big") >> 1


@dataclass(frozen=True)
class SweepConfig:
    """What a sweep plays. Two sweeps with equal configs play identical games."""

    mode: str = field(default_factory=default_mode)
    """The mode played (the one commands play when none is named: `loop.default_mode`)."""
    factions: tuple[str, ...] = ()
    arenas: tuple[str, ...] = ARENAS
    games: int = 100
    seed: int = 0
    policies: tuple[str, str] = ("greedy", "greedy")
    max_rounds: int = 60
    chunk: int = 50
    ci_width: float | None = None
    coop: bool = True
    titans: tuple[str, ...] = ()
    data: tuple[str, ...] = ()
    catalog_hash: str = ""
    players: int = 0
    """Modes of three or more players: players per game (0 = the fewest the mode allows)."""
    pods: int = 0
    """Modes of three or more players: how many pods (groups of factions, seated at random) to sample
    from the seed (0 = the mode's default); every group once if there are no more than that."""
    rulings: tuple[tuple[str, str], ...] = ()
    """Ruling switches changed from their defaults (`engine.rulings`); the games' seeds do not depend on
    them, so two sweeps that differ only here play the same dice and choices up to the first difference."""
    focus: str = ""
    """Two-player modes: only the matchups in which this faction plays (the faction against the field);
    "" plays every matchup. A matchup's games are the same with and without it."""
    options: tuple[tuple[str, str], ...] = ()
    """Mode options changed from their defaults (`Mode.parse_options`: sorted (name, canonical text) pairs),
    passed to every game in `GameSpec.options`; the games' seeds do not depend on them."""
    engine: str = "auto"
    """Which engine plays the games (`engine.native`: auto, native or python). Not part of the sweep's identity:
    both engines play the same games, so a sweep may resume under the other one; the manifest records which
    played (`engine`)."""

    def matchups(self) -> list[Matchup]:
        """The mode's matchups (`Mode.matchups`): e.g. a two-player mode every unordered faction pair in both
        seat orders on every arena; a wave mode every faction solo, then every co-op pair (if ``coop``); a
        free-for-all mode sampled pods of ``players`` factions."""
        from hoplostat.engine.loop import mode_class

        cls = mode_class(self.mode)
        arenas = [a for a in self.arenas if a in cls.arenas] or list(cls.arenas)
        found = cls.matchups(self.factions, arenas=arenas, titans=self.titans, coop=self.coop,
                             players=self.players, pods=self.pods, seed=self.seed)
        return [m for m in found if self.focus in m.factions] if self.focus else found

    def identity(self) -> dict:
        """The config as the manifest records it. Fields added after a sweep was made are left out while
        they hold their default, so sweeps made before them resume and compare as before; the engine is never
        part of it (`engine`)."""
        d = asdict(self)
        del d["engine"]
        for k in _LATER_FIELDS:
            if d[k] == _LATER_FIELDS[k]:
                del d[k]
        return d


_LATER_FIELDS = {"players": 0, "pods": 0, "rulings": (), "focus": "", "options": ()}
"""SweepConfig fields newer than the first manifests, with the default that leaves them out."""


def game_seed(config: SweepConfig, matchup: Matchup, game: int) -> int:
    """The seed of one game: a function of the sweep seed, the matchup and the game index only."""
    ss = np.random.SeedSequence(config.seed, spawn_key=(seed_key(matchup), game))
    return int(ss.generate_state(1, np.uint64)[0] >> np.uint64(1))


def _game_setup(config: SweepConfig, matchup: Matchup, game: int):
    """(mode class, row head, spec, generator, players) of game ``game`` of ``matchup``."""
    from hoplostat.engine.loop import mode_class
    from hoplostat.policies import make

    gseed = game_seed(config, matchup, game)
    rng = np.random.default_rng(gseed)
    head = {"matchup": matchup.key, "mode": matchup.mode, "arena": matchup.arena, "faction_a": matchup.a,
            "faction_b": matchup.b, "first": matchup.first, "policy_a": config.policies[0],
            "policy_b": config.policies[1], "game": game, "seed": config.seed, "game_seed": gseed}
    cls = mode_class(matchup.mode)
    spec = cls.spec_of(matchup, config.max_rounds)
    if config.rulings or config.options:
        from dataclasses import replace

        opts = {**dict(spec.options), **dict(config.options)}
        spec = replace(spec, rulings=tuple((name, value) for name, value in config.rulings),
                       options=tuple(sorted(opts.items())))
    controllers = [make(p, rng=rng) for p in cls.seat_policies(config.policies, len(spec.factions))]
    return cls, head, spec, rng, controllers


def _unit_kind(catalog):
    units = catalog.units

    def unit_kind(uid: str) -> str | None:
        u = units.get(uid)
        return None if u is None else u.kind

    return unit_kind


def play_one(catalog, config: SweepConfig, matchup: Matchup, game: int) -> dict[str, list[dict]]:
    """Play game ``game`` of ``matchup``; return its rows by table (``games`` has exactly one).

    The mode builds the rows (`Mode.rows`); every game gets the same head columns."""
    from hoplostat.engine.loop import play

    cls, head, spec, rng, controllers = _game_setup(config, matchup, game)
    res = play(catalog, spec, controllers, rng=rng)
    return cls.rows(res, head, _unit_kind(catalog))


def _play_chunk_native(catalog, config: SweepConfig, matchup: Matchup, g0: int,
                       g1: int) -> dict[str, list[dict]] | None:
    """Games g0..g1 of a matchup in one call to the native core (`engine.native.play_many`), or None when the
    core cannot play them (then the Python engine does, game by game; `--engine native` is an error)."""
    from hoplostat.engine import native

    if config.engine == "python" or not native.available():
        return None
    games = []
    heads = []
    cls: type[Mode] | None = None
    for g in range(g0, g1):
        cls, head, spec, rng, controllers = _game_setup(config, matchup, g)
        spec = cls.validate(catalog, spec)
        if g == g0 and native.unsupported(catalog, spec, controllers, rng, None) is not None:
            return None  # the same for every game of the chunk: one matchup, one set of players
        games.append((spec, rng, controllers))
        heads.append(head)
    tables: dict[str, list[dict]] = {}
    kind = _unit_kind(catalog)
    for head, res in zip(heads, native.play_many(catalog, games)):
        assert cls is not None  # set by the games' loop above
        for name, rows in cls.rows(res, head, kind).items():
            tables.setdefault(name, []).extend(rows)
    return tables


def _play_chunk(config: SweepConfig, matchup: Matchup, g0: int, g1: int) -> dict[str, list[dict]]:
    ruleset = ruleset_of(config.mode)
    catalog = _catalog(config.data, ruleset)
    if config.catalog_hash and catalog.hash != config.catalog_hash:
        _catalog.cache_clear()  # loaded here for an earlier sweep whose data folders held other files then
        catalog = _catalog(config.data, ruleset)
    if config.catalog_hash and catalog.hash != config.catalog_hash:
        raise InputError(f"catalog changed since the sweep started (hash {catalog.hash[:12]}, "
                         f"expected {config.catalog_hash[:12]}): data files differ on this worker")
    catalog = mode_catalog(config.mode, catalog, config.options)
    from hoplostat.engine.native import engine_override

    with engine_override(config.engine):
        got = _play_chunk_native(catalog, config, matchup, g0, g1)
        if got is not None:
            return got
        tables: dict[str, list[dict]] = {}
        for g in range(g0, g1):
            for name, rows in play_one(catalog, config, matchup, g).items():
                tables.setdefault(name, []).extend(rows)
        return tables


def engine_plan(config: SweepConfig, matchups: list[Matchup]) -> dict:
    """Which engine plays the sweep's games, as the manifest records it: the engine asked for, the one that plays
    (`native`, `python`, or `both` when the core cannot play some matchups), how many matchups the Python engine
    plays and why. `--engine native` with a matchup the core cannot play is an InputError, before any game."""
    from hoplostat.engine import native

    asked = config.engine
    if asked == "python":
        return {"asked": asked, "played_by": "python", "python_matchups": len(matchups), "why": "--engine python"}
    if not native.available():
        if asked == "native":
            raise InputError(f"--engine native: {native.why_unavailable()}")
        return {"asked": asked, "played_by": "python", "python_matchups": len(matchups),
                "why": native.why_unavailable()}
    catalog = mode_catalog(config.mode, _catalog(config.data, ruleset_of(config.mode)), config.options)
    slow: dict[str, str] = {}
    for m in matchups:
        cls, _head, spec, rng, controllers = _game_setup(config, m, 0)
        why = native.unsupported(catalog, cls.validate(catalog, spec), controllers, rng, None)
        if why is not None:
            slow[m.key] = why
    if slow and asked == "native":
        key = next(iter(slow))
        raise InputError(f"--engine native: matchup {key}: {slow[key]}")
    played = "python" if len(slow) == len(matchups) else "both" if slow else "native"
    return {"asked": asked, "played_by": played, "python_matchups": len(slow),
            "why": next(iter(slow.values()), None)}


@dataclass
class SweepReport:
    out: Path
    games_played: int
    games_total: int
    chunks_skipped: int
    stopped_early: list[str] = field(default_factory=list)


GROWABLE = ("games", "ci_width")
"""Config keys a resumed sweep may change: more games per matchup, another early-stop width."""


def check_out(out: Path, config: SweepConfig, *, resume: bool) -> dict | None:
    """Validate the results directory for this sweep without writing anything.

    Returns the existing manifest when resuming. Refuses a non-empty directory without ``resume``, and a
    resume whose config differs in anything but `GROWABLE`: ``--games`` may grow (only the new games are
    played) and ``--ci-width`` may change (stop decisions are taken again from the games in index order).
    """
    out = Path(out)
    if resume:
        manifest = read_manifest(out)
        old = manifest.get("config", {})
        new = json.loads(json.dumps(config.identity()))
        diff = sorted(k for k in set(old) | set(new) if old.get(k) != new.get(k) and k not in GROWABLE)
        if diff:
            said = ""
            if "options" in diff:  # the mode options, in the words of --option
                def text(pairs) -> str:
                    return ", ".join(f"{k}={v}" for k, v in pairs or ()) or "none (the defaults)"

                said = (f"; its mode options are {text(old.get('options'))}, this command gives "
                        f"{text(new.get('options'))}")
            raise InputError(f"{out}: cannot resume with a different config (differs in: {', '.join(diff)}){said}; "
                             "only --games (more) and --ci-width may change")
        if int(new.get("games", 0)) < int(old.get("games", 0)):
            raise InputError(f"--games {new.get('games')}: the sweep in {out} already has {old.get('games')} games per "
                             "matchup; a resumed sweep can grow, not shrink (use a new --out for fewer)")
        return manifest
    if out.exists() and not out.is_dir():
        raise InputError(f"--out {out}: is a file, not a folder")
    if out.exists() and any(out.iterdir()) and not _nothing_finished(out):
        raise InputError(f"--out {out}: exists and is not empty; use --resume to continue it or pick a new directory")
    return None


def _nothing_finished(out: Path) -> bool:
    """True for a directory a sweep created and left before finishing any chunk (its manifest and empty
    table folders, nothing else): a new sweep may start over in it, since no work would be lost."""
    for p in out.iterdir():
        if p.name in (MANIFEST, f".{MANIFEST}.tmp"):
            continue
        if not p.is_dir() or any(q.suffix == ".parquet" for q in p.iterdir()):
            return False
    return (out / MANIFEST).is_file()


def _remove_unfinished(out: Path) -> None:
    """Undo `prepare` after a failure before any chunk was finished: the manifest and empty folders go."""
    if not out.is_dir() or not _nothing_finished(out):
        return
    for p in sorted(out.iterdir()):
        if p.is_dir():
            for q in p.iterdir():  # temporary chunk files of a chunk that never finished
                q.unlink()
            p.rmdir()
        else:
            p.unlink()


def prepare(out: Path, config: SweepConfig, *, resume: bool) -> dict:
    """Create or check the results directory; returns the manifest (written)."""
    from hoplostat.outpaths import output_dir

    out = Path(out)
    now = _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")
    manifest = check_out(out, config, resume=resume)
    output_dir(out, "--out")
    if manifest is not None:
        manifest["resumed"] = manifest.get("resumed", []) + [now]
        new = json.loads(json.dumps(config.identity()))
        changed = {k: [manifest["config"].get(k), new.get(k)] for k in GROWABLE
                   if manifest["config"].get(k) != new.get(k)}
        if changed:
            manifest["grown"] = manifest.get("grown", []) + [{"at": now, **changed}]
            manifest["config"] = new
    else:
        manifest = {"config": json.loads(json.dumps(config.identity())), "version": __version__,
                    "catalog_hash": config.catalog_hash, "created": now, "status": "running"}
    (out / "games").mkdir(parents=True, exist_ok=True)
    _write_manifest(out, manifest)
    return manifest


def run(config: SweepConfig, out: Path, *, jobs: int = 1, resume: bool = False, progress=None,
        executor=None, compact: bool = True) -> SweepReport:
    """Play the sweep into ``out``. ``progress(done_games, total_games)`` is called per chunk. A sweep that
    fails before finishing any chunk of a new directory leaves nothing behind. ``executor``: an
    `executors.Executor` to run the chunks on (default: the active backend's; tests pass their own).
    ``compact``: merge the chunk files into one file per table at the end (`store.compact`)."""
    out = Path(out)
    if config.games < 1:
        raise InputError(f"--games {config.games}: must be 1 or more")
    from hoplostat.engine.loop import mode_class

    mode_class(config.mode)  # InputError naming the registered modes
    if not 0 <= config.seed <= SEED_MAX:
        raise InputError(f"--seed {config.seed}: must be between 0 and {SEED_MAX}")
    fresh = not out.exists() or not any(out.iterdir()) or (not resume and _nothing_finished(out))
    manifest = prepare(out, config, resume=resume)
    try:
        return _run(config, out, manifest, jobs=jobs, progress=progress, executor=executor, compact_after=compact)
    except BaseException:
        if fresh:  # nothing of this sweep was finished: leave nothing that blocks a corrected retry
            _remove_unfinished(out)
        raise


MAX_GAMES = 2**63 - 1
"""Games per matchup: a game's index is a 64-bit integer in the tables."""
MAX_CHUNKS = 1_000_000
"""Chunks a sweep plans at most (matchups times waves of --chunk games): `_run` holds a task per chunk,
about 150 bytes and a few microseconds each, before the first game is played."""
MAX_CHUNK_GAMES = 100_000
"""Games in one chunk at most: a worker holds a chunk's rows in memory until it is written, and a chunk is
what an interrupted sweep loses (the default, 50, is about a second of work)."""


def check_plan(config: SweepConfig) -> None:
    """InputError for a sweep that cannot be planned: more games per matchup than `MAX_GAMES`, more chunks than
    `MAX_CHUNKS`, or chunks of more than `MAX_CHUNK_GAMES` games (`--games 99999999999999999999` used to be
    accepted and planned for ever)."""
    if config.games > MAX_GAMES:
        raise InputError(f"--games {config.games}: at most {MAX_GAMES:,} games per matchup (a game's index is a "
                         "64-bit integer in the tables)")
    if min(config.chunk, config.games) > MAX_CHUNK_GAMES:
        raise InputError(f"--chunk {config.chunk:,}: at most {MAX_CHUNK_GAMES:,} games per chunk (a worker holds a "
                         "chunk's rows in memory, and an interrupted sweep loses its unfinished chunks)")
    n = len(config.matchups())
    chunks = n * -(-config.games // config.chunk)
    if chunks > MAX_CHUNKS:
        raise InputError(f"--games {config.games:,}: {n:,} matchup(s) in chunks of --chunk {config.chunk:,} games "
                         f"make {chunks:,} chunks, and a sweep plans at most {MAX_CHUNKS:,}; ask fewer --games "
                         f"or a larger --chunk")


def _run(config: SweepConfig, out: Path, manifest: dict, *, jobs: int, progress, executor=None,
         compact_after: bool = True) -> SweepReport:
    """Play what is missing, a bounded number of chunks in flight, each written as it completes.

    Work is planned per matchup and wave (wave k = games [k * chunk, (k + 1) * chunk)): every wave whose
    games are not all on disk is a task. Tasks are submitted lowest wave first across matchups, with no
    barrier: a worker that finishes takes the next task at once. With ``--ci-width`` a matchup's waves are
    added to its tally strictly in index order, whatever order they complete in, and it stops after the
    first wave whose interval is narrow enough, as a sweep played wave by wave would; so the games counted,
    the tables and the stop decisions never depend on ``--jobs``, the backend or completion order. Waves
    beyond the next `AHEAD` of a matchup's undecided one are not started; a wave that was started and ends
    up past its matchup's stop is kept in ``unused/`` and not counted (the manifest says how many).
    Long: one scheduling loop whose two closures (`decide`, `next_task`) share its tallies and queues."""
    from hoplostat.executors import for_backend

    matchups = config.matchups()
    manifest["engine"] = engine_plan(config, matchups)
    n_waves = -(-config.games // config.chunk)
    store.drop_damaged_parts(out)
    store.revive(out)  # stops are decided again from scratch below
    starts = store.chunk_starts(out)
    index = store.read_index(out)
    tally = np.zeros((len(matchups), 2), dtype=np.int64)
    total = len(matchups) * config.games
    # Test hook, not a user setting: HOPLOSTAT_TEST_STOP_AFTER_CHUNKS=k kills this process with SIGKILL right
    # after it wrote its k-th chunk, so tests/test_sweep.py interrupts a sweep at a known point.
    stop_after = int(os.environ.get("HOPLOSTAT_TEST_STOP_AFTER_CHUNKS", "0") or 0)
    waves, partial, todo, skipped = _waves_on_disk(config, out, len(matchups), n_waves, starts, index)
    decided = [0] * len(matchups)  # per matchup: the next wave to add to its tally
    dropped_now = [0]  # chunks finished before their matchup's stop was decided, past it: set aside
    stopped_at: dict[int, int] = {}

    def decide(m: int) -> None:
        while m not in stopped_at and decided[m] < n_waves and decided[m] in waves[m]:
            k = decided[m]
            tally[m] += waves[m][k]
            decided[m] += 1
            if config.ci_width:
                from hoplostat.stats import wilson_interval  # scipy: imported only when needed

                lo, hi = wilson_interval(tally[m, 1], tally[m, 0])
                if float(hi - lo) < config.ci_width:
                    stopped_at[m] = k
                    dropped_now[0] += store.set_aside(out, m, min(config.games, (k + 1) * config.chunk),
                                                      starts.get(m, ()))

    for m in range(len(matchups)):
        decide(m)
    if progress:
        progress(int(tally[:, 0].sum()), total)
    ex = executor if executor is not None else for_backend(_ACTIVE_BACKEND[-1] if _ACTIVE_BACKEND else None, jobs)
    nxt = [0] * len(matchups)  # per matchup: index into todo[m] of the next task to submit
    pending: dict[Any, tuple[int, int, int]] = {}
    written = dropped = 0

    def next_task() -> tuple[int, int, int, int] | None:
        """The waiting task with the lowest wave (then matchup), within the look-ahead of its matchup."""
        best = None
        for m in range(len(matchups)):
            if m in stopped_at or nxt[m] >= len(todo[m]):
                continue
            k, g0, g1 = todo[m][nxt[m]]
            if config.ci_width and k - decided[m] >= AHEAD:
                continue
            if best is None or k < best[1]:
                best = (m, k, g0, g1)
        return best

    try:
        while True:
            while len(pending) < ex.slots:
                task = next_task()
                if task is None:
                    break
                m, k, g0, g1 = task
                nxt[m] += 1
                pending[ex.submit(_play_chunk, config, matchups[m], g0, g1)] = (m, k, g0)
            if not pending:
                break
            for h in ex.wait_any(set(pending)):
                m, k, g0 = pending.pop(h)
                tables = ex.result(h)
                past = m in stopped_at and k > stopped_at[m]
                frames = {name: result_frame(config.mode, name, rows) for name, rows in tables.items()
                          if rows or name == "games"}
                store.write_chunk(out / UNUSED if past else out, frames, _chunk_name(m, g0))
                written += 1
                if written == stop_after:  # the test hook above
                    os.kill(os.getpid(), signal.SIGKILL)
                if past:
                    dropped += 1
                    continue
                starts.setdefault(m, []).append(g0)  # on disk now: set aside if a stop falls before it
                n, w = _successes(config.mode, frames["games"])
                part = partial.pop((m, k), (0, 0))  # games of the wave already on disk before this run
                waves[m][k] = (n + part[0], w + part[1])
                decide(m)
                if progress:
                    progress(int(tally[:, 0].sum()), total)
    finally:
        ex.close()
    manifest["scheduler"] = {"executor": ex.name, "in_flight": ex.slots,
                             "look_ahead": AHEAD if config.ci_width else None}
    # in matchup order: the order chunks finish in depends on --jobs, the stops themselves do not
    stopped = [matchups[m].key for m in sorted(stopped_at)]
    _finish(out, manifest, played=int(tally[:, 0].sum()), unused=dropped + dropped_now[0], stopped=stopped,
            compact_after=compact_after)
    return SweepReport(out, int(tally[:, 0].sum()), total, skipped, stopped)


def _waves_on_disk(config: SweepConfig, out: Path, n_matchups: int, n_waves: int, starts: dict, index):
    """What a sweep directory holds already, per matchup and wave (wave k = games [k * chunk, (k + 1) *
    chunk)): `waves` (per matchup: wave -> (games, successes) of a whole wave on disk), `partial` ((matchup,
    wave) -> (games, successes) of the part of a wave on disk whose rest is still to play), `todo` (per
    matchup: (wave, first missing game, end) of the waves still to play, in wave order) and the number of
    chunks found (`skipped`)."""
    waves: list[dict[int, tuple[int, int]]] = [{} for _ in range(n_matchups)]
    partial: dict[tuple[int, int], tuple[int, int]] = {}
    todo: list[list[tuple[int, int, int]]] = [[] for _ in range(n_matchups)]
    skipped = 0
    for m in range(n_matchups):
        for k in range(n_waves):
            g0, g1 = k * config.chunk, min(config.games, (k + 1) * config.chunk)
            have, games, wins = g0, 0, 0
            for start in sorted(x for x in starts.get(m, ()) if g0 <= x < g1):
                if start != have:
                    break
                prev = _read_finished(out, _chunk_name(m, start), index)
                if prev is None:  # damaged (unreadable): played again from here
                    break
                n, w = _successes(config.mode, prev)
                games, wins, have = games + n, wins + w, start + prev.height
                skipped += 1
            if have < g1:
                todo[m].append((k, have, g1))
                if games:  # part of the wave is on disk: its tally waits for the rest
                    partial[m, k] = (games, wins)
            else:
                waves[m][k] = (games, wins)
    return waves, partial, todo, skipped


def _finish(out: Path, manifest: dict, *, played: int, unused: int, stopped: list[str], compact_after: bool) -> None:
    """Mark the sweep's manifest complete (the games played, the chunks set aside, the matchups stopped early),
    compacting its chunk files first when asked, and write it."""
    if unused:
        manifest["unused_chunks"] = manifest.get("unused_chunks", 0) + unused
    if compact_after:
        manifest["compacted"] = store.compact(out)
    manifest["status"] = "complete"
    manifest["finished"] = _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")
    manifest["games_played"] = played
    manifest["stopped_early"] = stopped
    _write_manifest(out, manifest)


AHEAD = 3
"""With --ci-width: waves of a matchup started beyond its next undecided one (speculation, bounded)."""
