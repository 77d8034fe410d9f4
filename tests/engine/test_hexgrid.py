"""Hex geometry on the real Pozzuoli map: ARN-1, ARN-2, UNIT-1, MOV-2."""

from __future__ import annotations

import itertools

from enginekit import make_game, mk_unit

from hoplostat.engine import rules
from hoplostat.engine.hexgrid import HexGrid


def test_adjacent_hexes_share_a_side_ARN_1(grid):
    """ARN-1: neighbours are exactly the hexes at distance 1; symmetric; at most 6."""
    for h in range(grid.n):
        assert set(grid.neighbours[h]) == {m for m in range(grid.n) if grid.dist[h][m] == 1}
        assert len(grid.neighbours[h]) <= 6
        for m in grid.neighbours[h]:
            assert h in grid.neighbours[m]
    assert max(len(n) for n in grid.neighbours) == 6


def test_distance_table_is_a_metric_and_matches_numpy(grid):
    for a, b in itertools.product(range(grid.n), repeat=2):
        assert grid.dist[a][b] == grid.dist[b][a] == int(grid.dist_array[a, b])
        assert (grid.dist[a][b] == 0) == (a == b)
    assert grid.dist_array.dtype.itemsize <= 2


def test_pozzuoli_has_six_deployment_hexes_per_side_and_two_stones_ARN_2(grid):
    """ARN-2."""
    assert len(grid.tagged("deploy-red")) == 6
    assert len(grid.tagged("deploy-blue")) == 6
    assert len(grid.tagged("stone")) == 2


def test_grid_is_cached_per_arena(cat):
    assert HexGrid.of(cat.arena("pozzuoli")) is HexGrid.of(cat.arena("pozzuoli"))


def _brute_reachable(grid, start, movement, blocked):
    """Every path of length <= movement through unblocked hexes (oracle)."""
    out = {}
    frontier = {start: 0}
    for step in range(1, movement + 1):
        new = {}
        for h in frontier:
            for m in grid.neighbours[h]:
                if not blocked[m] and m != start and m not in out:
                    new[m] = step
        out.update({k: v for k, v in new.items() if k not in out})
        frontier = new
    return out


def test_reachable_equals_brute_force_and_never_passes_blocked_MOV_2(grid):
    """MOV-2: BFS through unblocked hexes only, checked against an oracle on random blockers."""
    import numpy as np

    rng = np.random.default_rng(5)
    for _ in range(200):
        blocked = list(rng.random(grid.n) < 0.3)
        start = int(rng.integers(grid.n))
        blocked[start] = False
        m = int(rng.integers(0, 5))
        got = grid.reachable(start, m, blocked)
        assert got == _brute_reachable(grid, start, m, blocked)
        assert not any(blocked[h] for h in got)


def test_walled_in_unit_cannot_move_MOV_2(grid):
    """MOV-2: a unit surrounded by units cannot pass through them, whatever its Movement."""
    centre = 28
    blocked = [False] * grid.n
    for m in grid.neighbours[centre]:
        blocked[m] = True
    assert grid.reachable(centre, 5, blocked) == {}
    assert grid.path_distance(centre, 0, blocked) is None


def test_range_counts_through_blocked_hexes_UNIT_1(grid):
    """UNIT-1: a Range 2 archer targets an opponent 2 hexes away behind a wall of units."""
    centre = 28
    far = grid.at_distance(centre, 2)[0]
    archer = mk_unit("archer", range_=2)
    foe = mk_unit("foe")
    wall = mk_unit("wall")
    placed = [(archer, 0, centre), (foe, 1, far)]
    placed += [(wall, 0, m) for m in grid.neighbours[centre]]
    g = make_game(grid, placed)
    assert [o.unit.id for o in rules.targets_in_range(g.state, g.state.units[0])] == ["foe"]


def test_at_distance_and_within(grid):
    for h in (0, 28, 57):
        for d in range(1, 4):
            assert set(grid.at_distance(h, d)) == {m for m in range(grid.n) if grid.dist[h][m] == d}
            assert set(grid.within(h, d)) == {m for m in range(grid.n) if 0 < grid.dist[h][m] <= d}


def test_engine_never_imports_polars_or_matplotlib():
    """DESIGN.md layers: the engine and policies import neither polars nor matplotlib."""
    import subprocess
    import sys

    code = "import sys, hoplostat.rulesets.remastered.skirmish, hoplostat.policies; print('polars' in sys.modules or 'matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
