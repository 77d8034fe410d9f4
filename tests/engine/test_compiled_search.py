"""The native core's movement search for the Python engine (`hoplostat_native.reachable` and `blocked`, used by
`engine.hexgrid` when the core is installed; docs/native.md) against the pure-Python search it replaces (MOV-2,
Combat Lock's stop hexes), and the pure-Python fallback against the golden games."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from hoplostat.engine import hexgrid, native
from hoplostat.engine.hexgrid import HexGrid

ROOT = Path(__file__).resolve().parents[2]

ARENAS = ("pozzuoli", "colosseum", "flooded-colosseum", "fa-mel-prison")


@pytest.fixture(scope="module")
def fast():
    """The core's search (the module itself)."""
    if not native.available():
        pytest.skip("the native core is not built: the engine runs its pure-Python search")
    return native.module()


@pytest.mark.parametrize("arena", ARENAS)
def test_compiled_search_gives_the_python_search_hex_for_hex_in_the_same_order_MOV_2(cat, fast, arena):
    """Same hexes, same step counts and the same dict order (callers turn that order into the order of a
    decision's options, so a different order would change seeded games), on random boards: blocked hexes as
    bools of a list, a tuple or numpy, stop hexes (Combat Lock) in a set, a frozenset or none."""
    grid = HexGrid.of(cat.arena(arena))
    rng = np.random.default_rng(15)
    kinds = (lambda b: [bool(x) for x in b], tuple, list)  # list(np array) keeps numpy bools
    for k in range(1500):
        blocked = kinds[k % 3](rng.random(grid.n) < rng.uniform(0.0, 0.6))
        start = int(rng.integers(grid.n))
        stop_hexes = [int(h) for h in np.flatnonzero(rng.random(grid.n) < rng.uniform(0.0, 0.3))]
        stop = (set(stop_hexes), frozenset(stop_hexes), frozenset())[k % 3]
        movement = int(rng.integers(1, 7))
        want = grid.reachable_python(start, movement, blocked, stop)
        got = fast.reachable(grid._table, start, movement, blocked, stop)
        assert list(got.items()) == list(want.items())


@pytest.mark.parametrize("arena", ARENAS)
def test_compiled_blocked_hexes_are_the_occupied_and_statically_blocked_ones_MOV_2(cat, fast, arena, monkeypatch):
    """`occupied_or_blocked` compiled and in Python: a hex is blocked when a unit stands on it (uid >= 0; the
    board marks empty hexes with negative numbers) or it blocks every move (static block or pedestal)."""
    grid = HexGrid.of(cat.arena(arena))
    rng = np.random.default_rng(12)
    for _ in range(300):
        board = [int(x) for x in rng.integers(-3, 12, grid.n)]
        want = [x >= 0 or grid.move_block[h] for h, x in enumerate(board)]
        assert fast.blocked(board, grid.move_block) == want
        monkeypatch.setattr(hexgrid, "_FAST", None)
        assert hexgrid.occupied_or_blocked(board, grid.move_block) == want
        monkeypatch.setattr(hexgrid, "_FAST", fast)
        assert hexgrid.occupied_or_blocked(board, grid.move_block) == want
    if arena == "colosseum":
        assert any(grid.move_block)  # its pedestals: the static part is exercised


def test_compiled_search_refuses_bad_arguments_instead_of_reading_past_the_board(cat, fast):
    grid = HexGrid.of(cat.arena("pozzuoli"))
    free = [False] * grid.n
    with pytest.raises(TypeError, match="stop"):
        fast.reachable(grid._table, 0, 2, free, [1, 2])
    with pytest.raises(IndexError, match="start"):
        fast.reachable(grid._table, grid.n, 2, free, frozenset())
    with pytest.raises(IndexError, match="blocked"):
        fast.reachable(grid._table, 0, 2, free[:-1], frozenset())
    with pytest.raises(TypeError):
        fast.reachable(grid._table, 0, 2, free)
    with pytest.raises(IndexError, match="move_block"):
        fast.blocked([-1] * grid.n, grid.move_block[:-1])
    with pytest.raises(TypeError):
        fast.blocked([-1, "x"], [False, False])


def test_the_environment_switch_selects_the_pure_python_search():
    code = "from hoplostat.engine import hexgrid; print(hexgrid.COMPILED, hexgrid._FAST is None)"
    env = dict(os.environ, HOPLOSTAT_PURE_PYTHON="1")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "True"]


def test_the_pure_python_search_replays_the_golden_games(monkeypatch):
    """Every eighth golden game of each mode, played by the Python engine with the core's search switched off (the golden test
    itself plays with whichever search is installed)."""
    sys.path.insert(0, str(ROOT / "tests" / "golden"))
    from golden_games import golden_catalog, play_case

    import gzip

    with gzip.open(ROOT / "tests" / "golden" / "games.json.gz", "rt", encoding="utf-8") as fh:
        records = json.load(fh)
    monkeypatch.setattr(hexgrid, "_FAST", None)
    monkeypatch.setenv(native.ENGINE_ENV, "python")  # Skirmish too: the Python engine, its pure-Python search
    catalog = golden_catalog()
    sample = records[::8]
    assert {r["case"]["mode"] for r in sample} >= {"skirmish", "onslaught", "ascension"}
    for rec in sample:
        got = json.loads(json.dumps(play_case(catalog, rec["case"]), sort_keys=True))
        assert got == {"rows": rec["rows"], "log": rec["log"]}, rec["case"]
