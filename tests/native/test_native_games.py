"""The native core plays the same Skirmish games as the Python engine (docs/native.md): for the same seed, catalog,
players, rulings and round cap, the same result (winner, rounds, end reason, per-troop and per-unit statistics),
the same narration line for line, and the generator left at the same position. A difference names the seed, the
arena, the round and the first line that differs."""

from __future__ import annotations

import dataclasses
import os
import sys
from pathlib import Path

import numpy as np
import pytest

from hoplostat.catalog import load
from hoplostat.engine import native
from hoplostat.engine.loop import GameSpec, play
from hoplostat.policies import make

pytestmark = pytest.mark.skipif(not native.available(), reason="the native core is not built (docs/native.md)")

ARENAS = ("pozzuoli", "colosseum")


@pytest.fixture(scope="module")
def catalog():
    return load((), use_env=False)


def _game(catalog, engine: str, seed: int, arena: str, policies: tuple[str, ...], *, log: bool,
          rulings: tuple = (), max_rounds: int = 60, first: int | None = None):
    """One game under `engine`, its factions drawn from the seed; (result, generator state after)."""
    old = os.environ.get(native.ENGINE_ENV)
    os.environ[native.ENGINE_ENV] = engine
    try:
        factions = sorted(catalog.factions)
        pick = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(77,))).choice(len(factions), 2,
                                                                                           replace=False)
        spec = GameSpec("skirmish", (factions[pick[0]], factions[pick[1]]), arena, first=first, max_rounds=max_rounds,
                        rulings=rulings)
        rng = np.random.default_rng(seed)
        res = play(catalog, spec, [make(p, rng=rng) for p in policies], rng=rng, log=log)
        return res, rng.bit_generator.state
    finally:
        if old is None:
            os.environ.pop(native.ENGINE_ENV, None)
        else:
            os.environ[native.ENGINE_ENV] = old


def first_difference(a, b, seed: int, arena: str) -> str | None:
    """None when two results are the same game; else where they part: the seed, the round and the first line."""
    assert (a.engine, b.engine) == ("python", "native"), "the engines were not the ones asked for"
    if dataclasses.replace(b, engine=a.engine) == a:  # the dataclasses' own equality: field by field, same classes
        return None
    da, db = dataclasses.asdict(a), dataclasses.asdict(b)
    da.pop("engine"), db.pop("engine")
    if da == db:
        return None
    la, lb = a.log or [], b.log or []
    rnd = "?"
    for i, (x, y) in enumerate(zip(la, lb)):
        if x.startswith("-- Round "):
            rnd = x.split(",")[0][len("-- Round "):]
        if x != y:
            return f"seed {seed} {arena}: round {rnd}, line {i} differs:\n  python: {x}\n  native: {y}"
    if len(la) != len(lb):
        return f"seed {seed} {arena}: the narrations have {len(la)} and {len(lb)} lines"
    field = next(k for k in da if da[k] != db[k])
    return f"seed {seed} {arena}: {field} differs: {da[field]!r} (python) vs {db[field]!r} (native)"


def _compare(catalog, seeds, arena: str, policies: tuple[str, ...], *, log: bool, **kw) -> None:
    for seed in seeds:
        a, sa = _game(catalog, "python", seed, arena, policies, log=log, **kw)
        b, sb = _game(catalog, "native", seed, arena, policies, log=log, **kw)
        diff = first_difference(a, b, seed, arena)
        assert diff is None, diff
        assert sa == sb, f"seed {seed} {arena}: the generator is left at another position"


@pytest.mark.parametrize("arena", ARENAS)
@pytest.mark.parametrize("policies", [("random", "random"), ("greedy", "greedy"), ("greedy", "random")])
def test_seeded_games_with_narration_are_the_same_game(catalog, arena, policies):
    """A few hundred games with the narration on: every line the same."""
    _compare(catalog, range(150), arena, policies, log=True)


DIFFERENTIAL = {"random": 2_500, "greedy": 10_000}
"""Seeded games per arena compared in CI (`slow`), by player: as many as it takes to reach every line and branch of
the Python engine that such games reach, with a wide margin, measured by `tests/native/reach.py` (docs/native.md,
"Differential tests"). Random games reach nothing new after their first 240 (of 2,500 measured per arena);
greedy ones still reached a rare path (a tactic placed through a widened reach) after 1,590 games, so greedy keeps
its 10,000."""
CHUNK = {"random": 500, "greedy": 1000}
"""Games per test: pieces of a few seconds that pytest-xdist shares out."""


@pytest.mark.slow
@pytest.mark.parametrize("player, arena, chunk", [(p, a, c) for p in DIFFERENTIAL for a in ARENAS
                                                  for c in range(DIFFERENTIAL[p] // CHUNK[p])])
def test_thousands_of_seeded_games_per_arena_and_player(catalog, player, arena, chunk):
    start = 10_000 + chunk * CHUNK[player]
    _compare(catalog, range(start, start + CHUNK[player]), arena, (player, player), log=False)


@pytest.mark.slow
@pytest.mark.parametrize("arena", ARENAS)
@pytest.mark.parametrize("chunk", range(4))
def test_lookahead_games_are_the_same_game(catalog, arena, chunk):
    """The lookahead clones the game at every turn decision and plays continuations from its own streams: the
    same candidates, continuations and choices. Each game costs the Python engine about half a second, so CI
    compares a hundred per arena (docs/native.md, "Differential tests")."""
    opponents = ("greedy", "random", "lookahead")
    seeds = range(500 + 25 * chunk, 525 + 25 * chunk)
    for k, seed in enumerate(seeds):
        _compare(catalog, [seed], arena, ("lookahead", opponents[k % 3]), log=k % 5 == 0)


@pytest.mark.parametrize("arena", ARENAS)
def test_a_larger_budget_sums_its_continuations_as_numpy_does(catalog, arena):
    """lookahead:40 keeps ten continuations per candidate: numpy's pairwise row sums, reproduced."""
    _compare(catalog, [3], arena, ("lookahead:40", "greedy"), log=False)


@pytest.mark.parametrize("rulings", [(("retaliate-when-defeated", "no"),), (("inspire-stacks", "no"),)])
def test_the_ruling_switches_play_alike(catalog, rulings):
    for arena in ARENAS:
        _compare(catalog, range(40), arena, ("greedy", "greedy"), log=True, rulings=rulings)


def test_a_round_cap_and_a_forced_first_player_play_alike(catalog):
    for arena in ARENAS:
        _compare(catalog, range(30), arena, ("random", "greedy"), log=True, max_rounds=3, first=1)


GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def test_every_skirmish_golden_game_replays_natively(monkeypatch):
    """The golden games were recorded from the Python engine (tests/golden/record.py): the core replays every
    Skirmish one, rows and narration."""
    import gzip
    import json

    sys.path.insert(0, str(GOLDEN))
    from golden_games import golden_catalog, play_case

    monkeypatch.setenv(native.ENGINE_ENV, "native")
    with gzip.open(GOLDEN / "games.json.gz", "rt", encoding="utf-8") as fh:
        records = [r for r in json.load(fh) if r["case"]["mode"] == "skirmish"]
    assert len(records) >= 400
    cat = golden_catalog()
    for rec in records:
        got = play_case(cat, rec["case"])
        assert got == {k: rec[k] for k in got}, rec["case"]


def test_the_python_engine_is_used_when_asked_and_the_result_says_which(catalog):
    a, _ = _game(catalog, "python", 1, "pozzuoli", ("greedy", "greedy"), log=False)
    b, _ = _game(catalog, "native", 1, "pozzuoli", ("greedy", "greedy"), log=False)
    assert (a.engine, b.engine) == ("python", "native")
