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

import contextlib
import datetime as _dt
import functools
import hashlib
import json
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from hoplostat import store
from hoplostat._version import __version__
from hoplostat.engine.loop import Matchup, Mode
from hoplostat.errors import InputError
from hoplostat.store import UNUSED
from hoplostat.store import chunk_name as _chunk_name
from hoplostat.store import read_finished as _read_finished

ARENAS = ("pozzuoli", "colosseum")
"""Default arenas of a sweep config (each mode plays those of them it has; all of its own if none)."""
BACKENDS = ("loky", "dask", "ray")
MANIFEST = "manifest.json"
SEED_MAX = 2**63 - 1


# --- generic parallel map ---------------------------------------------------------------


def task_rngs(seed: int, n: int) -> list[np.random.SeedSequence]:
    """One child seed per task index."""
    return np.random.SeedSequence(seed).spawn(n)


def parallel_map(fn: Callable[..., Any], tasks: Sequence[tuple], *, jobs: int = 1, progress=None,
                 chunk: int = 64) -> list:
    """``[fn(*t) for t in tasks]`` in task order, over ``jobs`` workers in chunks.

    ``progress(done, total)`` is called as chunks finish (in order).
    """
    chunks = [tasks[i:i + chunk] for i in range(0, len(tasks), chunk)]
    out: list = []
    for res in _imap(_run_chunk, [(fn, c) for c in chunks], jobs=jobs):
        out.extend(res)
        if progress:
            progress(len(out), len(tasks))
    return out


def _run_chunk(fn, chunk):
    return [fn(*t) for t in chunk]


def _imap(fn, tasks: Sequence[tuple], *, jobs: int) -> Iterator:
    """Results of ``fn(*t)`` in task order: in-process for one job, else joblib's active backend."""
    if jobs == 1 and not _backend_active():
        for t in tasks:
            yield fn(*t)
        return
    from joblib import Parallel, delayed

    yield from Parallel(n_jobs=jobs, return_as="generator")(delayed(fn)(*t) for t in tasks)


_ACTIVE_BACKEND: list[str] = []


def _backend_active() -> bool:
    return bool(_ACTIVE_BACKEND)


@contextlib.contextmanager
def backend(name: str = "loky", *, jobs: int = 1, scheduler: str | None = None):
    """Run joblib work on ``loky`` (this machine), ``dask`` (a Dask cluster) or ``ray``.

    ``dask`` connects to ``scheduler`` (e.g. ``tcp://10.0.0.5:8786``) or starts a
    local cluster of ``jobs`` single-threaded worker processes on 127.0.0.1.
    ``ray`` needs ray installed (``ray.util.joblib``).
    """
    if name not in BACKENDS:
        raise InputError(f"--backend {name!r}: allowed: {', '.join(BACKENDS)}")
    if name == "loky":
        yield
        return
    from joblib import parallel_config

    if name == "dask":
        try:
            from dask.distributed import Client, LocalCluster
        except ImportError:
            raise InputError("--backend dask needs dask.distributed: pip install 'hoplostat[distributed]'") from None
        cluster = None
        if scheduler:
            try:
                client = Client(scheduler, timeout="10s")
            except OSError as exc:
                raise InputError(f"--scheduler {scheduler}: cannot reach the Dask scheduler ({exc})") from None
        else:
            cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, host="127.0.0.1",
                                   dashboard_address=None)
            client = Client(cluster)
        try:
            with parallel_config(backend="dask"):
                _ACTIVE_BACKEND.append(name)
                try:
                    yield
                finally:
                    _ACTIVE_BACKEND.pop()
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
        return
    try:
        from ray.util.joblib import register_ray
    except ImportError:
        raise InputError("--backend ray needs ray installed (pip install 'ray[default]')") from None
    register_ray()
    with parallel_config(backend="ray"):
        _ACTIVE_BACKEND.append(name)
        try:
            yield
        finally:
            _ACTIVE_BACKEND.pop()


# --- duel matrix ------------------------------------------------------------------------


def _duel_task(a, b, first: str, trials: int, seed_seq: np.random.SeedSequence, exact: bool) -> dict:
    from hoplostat.combat import exact_duel, simulate_duel

    if exact:
        res = exact_duel(a, b, first=first)
    else:
        res = simulate_duel(a, b, trials, rng=np.random.default_rng(seed_seq), first=first)
    return {
        "p_a_wins": float(res.p_a_wins), "p_b_wins": float(res.p_b_wins), "p_draw": float(res.p_draw),
        "mean_rounds": float(res.mean_rounds),
    }


def duel_matrix(fighters: Sequence, *, trials: int, seed: int, jobs: int = 1, exact: bool = False,
                progress=None) -> list[dict]:
    """Every fighter against every fighter, both orders of first attack: one dict per duel.

    Row ``i`` uses child seed ``i`` of ``SeedSequence(seed)``; the order of rows
    is (a, b, first) with a and b in the order given.
    """
    pairs = [(a, b, first) for a in fighters for b in fighters for first in ("a", "b")]
    seeds = task_rngs(seed, len(pairs))
    tasks = [(a, b, first, trials, s, exact) for (a, b, first), s in zip(pairs, seeds)]
    results = parallel_map(_duel_task, tasks, jobs=jobs, progress=progress)
    rows = []
    for i, ((a, b, first), res) in enumerate(zip(pairs, results)):
        rows.append({"index": i, "a": a.unit_id or a.name, "b": b.unit_id or b.name, "first": first,
                     "trials": None if exact else trials, **res})
    return rows


# --- game sweeps ------------------------------------------------------------------------


def seed_key(matchup: Matchup) -> int:
    """A stable 63-bit number for a matchup (part of every game's seed)."""
    return int.from_bytes(hashlib.sha256(matchup.key.encode()).digest()[:8], "big") >> 1


@dataclass(frozen=True)
class SweepConfig:
    """What a sweep plays. Two sweeps with equal configs play identical games."""

    mode: str = "skirmish"
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
        """The mode's matchups (`Mode.matchups`): e.g. Skirmish every unordered faction pair in both seat
        orders on every arena; Onslaught every faction solo, then every co-op pair (if ``coop``);
        Pandemonium sampled pods of ``players`` factions."""
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


# --- result table schemas -----------------------------------------------------------------
# Explicit column types, declared by each mode (`Mode.columns`, `Mode.schema`), so that a chunk whose games
# are all draws (winner all null), with no kill or no immortal defeated reads like any other chunk instead
# of leaving polars to guess `Null` columns. Type names, not polars objects: polars is imported only when
# a table is built.


def schema(mode: str, table: str) -> dict:
    """The polars schema of a result table of `mode` (``games``, ``units``, ``waves``)."""
    import polars as pl

    from hoplostat.engine.loop import mode_class

    types = {"str": pl.String, "int": pl.Int64, "bool": pl.Boolean}
    return {c: types[t] for c, t in mode_class(mode).schema(table).items()}


def result_frame(mode: str, table: str, rows: list[dict]):
    """Rows of a result table as a frame with the table's explicit schema (any rows, even none)."""
    import polars as pl

    sch = schema(mode, table)
    extra = sorted({k for r in rows for k in r} - set(sch))
    if extra:  # a new column must be declared by the mode, never dropped silently
        raise ValueError(f"{mode} {table} rows have columns missing from the mode's declared SCHEMAS "
                         f"(Mode.columns): {', '.join(extra)}")
    return pl.DataFrame(rows, schema=sch)


def _declared_tables(mode: str | None) -> tuple[str, ...]:
    from hoplostat.engine.loop import modes

    cls = modes().get(str(mode))
    return () if cls is None else cls.tables


def _successes(mode: str, frame) -> tuple[int, int]:
    """(games, successes) of a chunk for --ci-width: the mode's success measure (`Mode.is_success`) per row."""
    from hoplostat.engine.loop import mode_class

    ok = mode_class(mode).is_success
    return frame.height, sum(1 for row in frame.iter_rows(named=True) if ok(row))


@functools.lru_cache(maxsize=4)
def _catalog(data: tuple[str, ...], ruleset: str = "remastered"):
    """The sweep's catalog (its mode's rule set, `Mode.ruleset`), loaded once per worker process (the default
    one is cached by the loader too)."""
    from hoplostat.catalog import load

    return load(data, use_env=False, ruleset=ruleset)


def ruleset_of(mode: str) -> str:
    """The rule set whose catalog a mode plays with."""
    from hoplostat.engine.loop import mode_class

    return mode_class(mode).ruleset


def mode_catalog(mode: str, catalog, options=()):
    """The catalog a mode's games are played with: what the mode makes of its rule set's with the game's mode
    options (`Mode.catalog_of`, e.g. `origins-battle-royale`'s pool of other boxes' chips, `origins
    --option pool=all`); the hash stays the loaded catalog's."""
    from hoplostat.engine.loop import mode_class

    return mode_class(mode).catalog_of(catalog, tuple(tuple(o) for o in options or ()))


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


def _write_manifest(out: Path, manifest: dict) -> None:
    tmp = out / f".{MANIFEST}.tmp"
    tmp.write_text(json.dumps(manifest, indent=2, sort_keys=True))
    os.replace(tmp, out / MANIFEST)


def read_manifest(out: Path) -> dict:
    path = Path(out) / MANIFEST
    if not Path(out).exists():
        raise InputError(f"{out}: no such directory (give a sweep result directory, made by hoplostat sweep)")
    if not Path(out).is_dir():
        raise InputError(f"{out}: is a file, not a sweep result directory")
    if not path.is_file():
        raise InputError(f"{out}: not a sweep result directory (no {MANIFEST})")
    from hoplostat.infiles import read_utf8

    try:
        got = json.loads(read_utf8(path, "manifest"))
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}: damaged manifest ({exc.msg}, line {exc.lineno})") from None
    if not isinstance(got, dict):
        raise InputError(f"{path}: damaged manifest (a JSON {type(got).__name__}, not the object a sweep writes)")
    return got


def sweep_config(out: Path, manifest: dict) -> dict:
    """The `config` of a sweep's manifest, checked to name what summaries and reports read (mode, policies,
    seed, games); an InputError naming the manifest otherwise. (Reading the tables needs none of it.)"""
    cfg = manifest.get("config")
    want = {"mode": str, "policies": list, "seed": int, "games": int}
    missing = [k for k, t in want.items() if not isinstance(cfg, dict) or not isinstance(cfg.get(k), t)]
    if missing:
        what = "no \"config\" object" if not isinstance(cfg, dict) else \
            "its config has no valid " + ", ".join(f'"{k}"' for k in missing)
        raise InputError(f"{Path(out) / MANIFEST}: damaged manifest ({what}; hoplostat sweep writes the mode, "
                         "policies, seed and games there)")
    assert isinstance(cfg, dict)  # else every field is missing (above)
    return cfg


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
    up past its matchup's stop is kept in ``unused/`` and not counted (the manifest says how many)."""
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
    waves: list[dict[int, tuple[int, int]]] = [{} for _ in matchups]
    """per matchup: wave -> (games, successes) of a whole wave (from disk or a finished task)"""
    partial: dict[tuple[int, int], tuple[int, int]] = {}
    """(matchup, wave) -> (games, successes) of the part of a wave on disk whose rest is still to play"""
    todo: list[list[tuple[int, int, int]]] = [[] for _ in matchups]
    """per matchup: (wave, first missing game, end) of the waves still to play, in wave order"""
    skipped = 0
    for m in range(len(matchups)):
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
    if dropped + dropped_now[0]:
        manifest["unused_chunks"] = manifest.get("unused_chunks", 0) + dropped + dropped_now[0]
    if compact_after:
        manifest["compacted"] = store.compact(out)
    manifest["status"] = "complete"
    manifest["finished"] = _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")
    manifest["games_played"] = int(tally[:, 0].sum())
    # in matchup order: the order chunks finish in depends on --jobs, the stops themselves do not
    stopped = [matchups[m].key for m in sorted(stopped_at)]
    manifest["stopped_early"] = stopped
    _write_manifest(out, manifest)
    return SweepReport(out, int(tally[:, 0].sum()), total, skipped, stopped)


AHEAD = 3
"""With --ci-width: waves of a matchup started beyond its next undecided one (speculation, bounded)."""


def resume_command(out: Path, config: dict) -> str:
    """The `hoplostat sweep ... --resume` command line that continues (or repairs) the sweep in `out`,
    from its manifest's config."""
    import shlex

    from hoplostat.engine.loop import modes

    mode = str(config.get("mode", "skirmish"))
    cls = modes().get(mode)
    parts = ["hoplostat", "sweep", mode]
    for f in config.get("factions", ()):
        parts += ["-f", f]
    if cls is None or len(cls.arenas) > 1:
        for a in config.get("arenas", ()):
            parts += ["-a", a]
    for t in config.get("titans", ()):
        parts += ["-t", t]
    parts += ["--games", str(config.get("games")), "--seed", str(config.get("seed")),
              "--policies", ",".join(config.get("policies", ())), "--max-rounds", str(config.get("max_rounds")),
              "--chunk", str(config.get("chunk"))]
    if config.get("ci_width") is not None:
        parts += ["--ci-width", str(config["ci_width"])]
    if cls is not None and cls.coop_teams() and not config.get("coop", True):
        parts.append("--no-coop")
    if config.get("players"):
        parts += ["--players", str(config["players"])]
    if config.get("pods"):
        parts += ["--pods", str(config["pods"])]
    for name, value in config.get("rulings", ()):
        parts += ["--ruling", f"{name}={value}"]
    for name, value in config.get("options", ()):
        parts += ["--option", f"{name}={value}"]
    if config.get("focus"):
        parts += ["--focus", config["focus"]]
    for d in config.get("data", ()):
        parts += ["--data", d]
    parts += ["--out", str(out), "--resume"]
    return shlex.join(parts)


def _damaged(out: Path, manifest: dict):
    """The error for a result file that does not read: names it and the command that replays it."""

    def err(path: Path, exc: BaseException) -> InputError:
        why = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        return InputError(f"{path}: damaged result file ({why[:120]}); replay it with "
                          f"`{resume_command(out, manifest.get('config', {}))}`")

    return err


def scan_tables(out: Path):
    """(manifest, {table name: LazyFrame}) of a results directory, read lazily (`store.scan_table`): statistics
    aggregate without holding every row. ``games`` is always there."""
    import polars as pl

    out = Path(out)
    manifest = read_manifest(out)
    mode = manifest.get("config", {}).get("mode")
    tables = {}
    for folder in store.table_dirs(out):
        lf = store.scan_table(out, folder.name, on_damaged=_damaged(out, manifest))
        if lf is None:
            continue
        if folder.name in _declared_tables(mode):  # chunks written before the schemas
            sch = schema(mode, folder.name)
            have = lf.collect_schema()
            lf = lf.with_columns(pl.col(c).cast(t) for c, t in sch.items() if c in have and have[c] == pl.Null)
        tables[folder.name] = lf
    if "games" not in tables:
        raise InputError(f"{out}: the sweep has no finished games yet")
    return manifest, tables


def completeness(out: Path, manifest: dict, tables: dict, games: int) -> dict[str, Any]:
    """What a results directory lacks, for the commands that read it to say so rather than show less:
    ``finished`` (False while the sweep is still to play: its manifest not marked complete, or fewer than the
    planned games on disk without --ci-width, whose stops play fewer), ``games``, ``games_planned`` (matchups
    times --games; None when the config no longer plans, e.g. a retired mode), ``missing_tables`` (tables the
    mode writes that the directory lacks, e.g. a deleted ``units/``), ``resume`` (the command that finishes
    the sweep, when it is unfinished) and ``warnings`` (each as one sentence)."""
    from dataclasses import fields

    def tuples(v):  # JSON lists back to the config's tuples (pairs of rulings and options included)
        return tuple(tuples(x) for x in v) if isinstance(v, list) else v

    cfg = manifest.get("config") or {}
    known = {f.name for f in fields(SweepConfig)}
    try:
        config = SweepConfig(**{k: tuples(v) for k, v in cfg.items() if k in known})
        planned = len(config.matchups()) * int(config.games)
    except Exception:
        planned = None
    short = planned is not None and games < planned and cfg.get("ci_width") is None
    finished = manifest.get("status") == "complete" and not short
    missing = [t for t in _declared_tables(cfg.get("mode")) if t not in tables]
    out = Path(out)
    resume = None if finished else resume_command(out, cfg)
    warnings = []
    if not finished:
        of = f" of {planned:,} planned" if planned is not None else ""
        warnings.append(f"{out}: the sweep is unfinished ({games:,}{of} games on disk); these results cover only "
                        f"them; finish it with `{resume}`")
    for t in missing:
        warnings.append(f"{out}: no {t}/ table ({cfg.get('mode')} sweeps write one): what it holds is left out; "
                        f"only a new sweep (another --out, same --seed: the same games) writes it again")
    return {"finished": finished, "games": games, "games_planned": planned, "missing_tables": missing,
            "resume": resume, "warnings": warnings}


def load_tables(out: Path):
    """(manifest, {table name: frame}) of a results directory, sorted by matchup and game; ``games`` is
    always there. A damaged file is an InputError naming it and the command that replays it."""
    import polars as pl

    manifest, lazy = scan_tables(out)
    tables = {}
    for name, lf in lazy.items():
        try:
            frame = lf.collect()
        except (OSError, pl.exceptions.PolarsError) as exc:
            raise _damaged(Path(out), manifest)(Path(out) / name, exc) from None
        # stable: rows of one game keep the order they were written in, whatever the files' layout
        tables[name] = frame.sort([c for c in ("matchup", "game") if c in frame.columns], maintain_order=True)
    return manifest, tables


def chips_used(tables: dict, catalog=None) -> dict[str, list[str]]:
    """The factions, immortals and titans a sweep's tables show were played or faced (for the stand-in
    counts of summarize and the report); eager or lazy tables. With the `catalog`, also the chips the
    sweep's modes bring themselves (`Mode.own_chips`)."""
    import polars as pl

    def distinct(frame, cols) -> list[str]:
        have = [c for c in cols if c in frame.collect_schema().names()]
        if not have:
            return []
        got = frame.lazy().select(pl.concat_list(have).explode().unique().alias("x")).collect()["x"]
        return sorted(x for x in got.drop_nulls().to_list() if x)

    games = tables["games"]
    factions = distinct(games, ["faction_a", "faction_b", "faction_c", "faction_d"])
    titans = distinct(games, ["titan"])
    waves = tables.get("waves")
    immortals = distinct(waves, ["immortal"]) if waves is not None else []
    out = {"factions": factions, "immortals": immortals, "titans": titans}
    draft = tables.get("draft")
    if draft is not None:  # the drafted chips of a mode whose houses own none (Origins)
        out["chips"] = distinct(draft, ["chip"])
    if catalog is not None:  # the chips each mode brings itself: guardians, a rival troop (`Mode.own_chips`)
        from hoplostat.engine.loop import mode_class

        own = {c for mode in distinct(games, ["mode"]) for c in mode_class(mode).own_chips(catalog, factions)}
        if own:
            out["chips"] = sorted(set(out.get("chips", [])) | own)
    return out


def sweep_catalog(manifest: dict, overlays=None):
    """The catalog a sweep was played with: its mode's rule set and the overlays its manifest records
    (HOPLOSTAT_DATA included, as it was then), not those of the environment now; `overlays` instead of them
    when given (non-empty)."""
    from hoplostat.catalog import load

    config = manifest.get("config", {})
    mode = config.get("mode") or "skirmish"
    dirs = list(overlays) if overlays else list(config.get("data", []))
    return mode_catalog(mode, load(dirs, use_env=False, ruleset=ruleset_of(mode)), config.get("options", ()))


def stand_ins(*runs) -> dict:
    """How much of one or more sweeps rests on stand-ins: `catalog.standin.share_of` the chips each run's
    tables used (`chips_used`), each run given as (tables, catalog). A chip used by several runs counts
    once, as stand-in when it carries a stand-in value in any of their catalogs."""
    from hoplostat.catalog.standin import chip_flags, share_of

    return share_of(*(chip_flags(catalog, **chips_used(tables, catalog)) for tables, catalog in runs))


def load_results(out: Path):
    """(manifest, games frame, units frame or None) of a results directory."""
    manifest, tables = load_tables(out)
    return manifest, tables["games"], tables.get("units")
