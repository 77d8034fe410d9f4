"""Hex geometry of one arena, precomputed once: neighbours, all-pairs distances, tags.

Hexes are the arena's dense indices 0..n-1 (`hoplostat.catalog.arena.Hex.index`).
Range is a plain hex distance that ignores what stands on the hexes (UNIT-1);
movement is a breadth-first search through unblocked hexes only (MOV-2).
"""

from __future__ import annotations

import operator
import os
import struct
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from hoplostat.catalog.arena import Arena

PURE_PYTHON_ENV = "HOPLOSTAT_PURE_PYTHON"
"""Set to 1, the engine uses its pure-Python search even where the native core is installed (the mutation
tests set it, since they change the Python code; tests compare the two)."""


def _compiled():
    """The native core's movement search (`hoplostat_native.reachable`, `blocked`; docs/native.md), or None: the
    core is not installed, or `HOPLOSTAT_PURE_PYTHON=1`."""
    if os.environ.get(PURE_PYTHON_ENV, "") not in ("", "0"):
        return None
    from hoplostat.engine import native

    return native.module() if native.available() else None


_FAST = _compiled()
COMPILED = _FAST is not None
"""Whether `HexGrid.reachable` and `occupied_or_blocked` run compiled (the bench prints it with its figures)."""

_or = operator.or_
_OCCUPIED = (-1).__lt__


def occupied_or_blocked(board: Sequence[int], move_block: Sequence[bool]) -> list[bool]:
    """Per hex: a unit stands there (board entry >= 0) or it is blocked for every move (MOV-2, ARN-6)."""
    if _FAST is not None:
        return _FAST.blocked(board, move_block)
    return list(map(_or, map(_OCCUPIED, board), move_block))


class HexGrid:
    """Immutable per-arena tables. Build with `HexGrid.of(arena)` (cached per arena)."""

    __slots__ = ("arena", "n", "neighbours", "dist", "dist_array", "tags", "_within", "static_blocked", "_coord",
                 "move_block", "pedestal", "inner", "inner_hexes", "center", "_tagged", "_masks", "_table")

    def __init__(self, arena: Arena) -> None:
        self.arena = arena
        self.n = len(arena.hexes)
        # Remastered, "Arenas": hexes that share a side are adjacent (ARN-1).
        self.neighbours: tuple[tuple[int, ...], ...] = arena.neighbours()
        self.dist: tuple[tuple[int, ...], ...] = arena.distance_table()
        self.dist_array = np.array(self.dist, dtype=np.int16).reshape(self.n, self.n)
        self.dist_array.setflags(write=False)
        self.tags: tuple[frozenset[str], ...] = tuple(frozenset(h.tags) for h in arena.hexes)
        # Hexes no unit may ever enter ("blocked" tag); pedestals are handled by the rules (ARN-6).
        self.static_blocked: frozenset[int] = frozenset(i for i, t in enumerate(self.tags) if "blocked" in t)
        # Per hex: blocked for every move (static block or pedestal: MOV-2, ARN-6), pedestal, inner hex (ARN-5).
        self.move_block: tuple[bool, ...] = tuple(("blocked" in t) or ("pedestal" in t) for t in self.tags)
        self.pedestal: tuple[bool, ...] = tuple("pedestal" in t for t in self.tags)
        self.inner: tuple[bool, ...] = tuple("inner" in t for t in self.tags)
        self.inner_hexes: tuple[int, ...] = tuple(h for h, v in enumerate(self.inner) if v)
        self.center: tuple[bool, ...] = tuple("center" in t for t in self.tags)
        self._tagged: dict[str, tuple[int, ...]] = {}
        self._masks: dict[str, tuple[bool, ...]] = {}
        self._within: dict[tuple[int, int], tuple[int, ...]] = {}
        self._coord: dict[tuple[int, int], int] = {(h.q, h.r): h.index for h in arena.hexes}
        # The neighbours for the compiled search: 6 int16 per hex, -1 padded (a hex has at most 6 sides).
        self._table = b"".join(struct.pack("<6h", *nb, *([-1] * (6 - len(nb)))) for nb in self.neighbours)

    @staticmethod
    def of(arena: Arena) -> HexGrid:
        """The grid of an arena, cached: by the arena object first (hashing an arena walks all its hexes,
        and every game's set-up asks), then by value."""
        got = _BY_ID.get(id(arena))
        if got is not None and got[0] is arena:
            return got[1]
        grid = _grid_of(arena)
        if len(_BY_ID) > 256:
            _BY_ID.clear()
        _BY_ID[id(arena)] = (arena, grid)
        return grid

    def tagged(self, tag: str) -> tuple[int, ...]:
        """Indices of the hexes with this tag (cached)."""
        got = self._tagged.get(tag)
        if got is None:
            got = self._tagged[tag] = tuple(i for i, t in enumerate(self.tags) if tag in t)
        return got

    def mask(self, tag: str) -> tuple[bool, ...]:
        """Per hex: has this tag (cached)."""
        got = self._masks.get(tag)
        if got is None:
            got = self._masks[tag] = tuple(tag in t for t in self.tags)
        return got

    def distance(self, a: int, b: int) -> int:
        """Hexes from a to b counted through anything in between (Remastered, "Engage": UNIT-1)."""
        return self.dist[a][b]

    def within(self, h: int, r: int) -> tuple[int, ...]:
        """Hexes at distance 1..r from h (not h itself), in index order. Cached."""
        key = (h, r)
        got = self._within.get(key)
        if got is None:
            row = self.dist[h]
            got = tuple(i for i in range(self.n) if 0 < row[i] <= r)
            self._within[key] = got
        return got

    def at_distance(self, h: int, d: int) -> tuple[int, ...]:
        """Hexes exactly d away from h (displacement "N hexes away", Hurl/Toss)."""
        row = self.dist[h]
        return tuple(i for i in range(self.n) if row[i] == d)

    # Axial steps of the compass directions (pointy-top hexes; catalog.vocab.COMPASS_DIRECTIONS).
    _STEPS = {"e": (1, 0), "ne": (1, -1), "nw": (0, -1), "w": (-1, 0), "sw": (-1, 1), "se": (0, 1)}

    def compass_step(self, h: int, face: int) -> int:
        """The hex next to h in the direction an arena die face gives (ARN-8: the arena's compass maps
        faces 1-6 to directions); -1 when that side of h is off the map."""
        dq, dr = self._STEPS[self.arena.compass[face - 1]]
        hx = self.arena.hexes[h]
        got = self._coord.get((hx.q + dq, hx.r + dr))
        return -1 if got is None else got

    def beyond(self, a: int, b: int) -> int:
        """The hex one step past b on the straight line from a through adjacent b (Shove); -1 if off the map."""
        ha, hb = self.arena.hexes[a], self.arena.hexes[b]
        got = self._coord.get((2 * hb.q - ha.q, 2 * hb.r - ha.r))
        return -1 if got is None else got

    def reachable(
        self,
        start: int,
        movement: int,
        blocked: Sequence[bool] | set[int] | frozenset[int],
        stop: set[int] | frozenset[int] = frozenset(),
    ) -> dict[int, int]:
        """Hexes a unit on `start` can end on with at most `movement` steps -> steps used.

        Never enters or passes through a blocked hex (Remastered, "Movement": MOV-2);
        `start` itself is not included. `blocked` is indexable by hex (list of bools) or a set.
        Hexes in `stop` may be entered but not left (Combat Lock).
        """
        if movement <= 0:
            return {}
        if isinstance(blocked, (set, frozenset)):
            blocked = [h in blocked for h in range(self.n)]
        if _FAST is not None:
            return _FAST.reachable(self._table, start, movement, blocked, stop)
        return self.reachable_python(start, movement, blocked, stop)

    def reachable_python(self, start: int, movement: int, blocked: Sequence[bool],
                         stop: set[int] | frozenset[int] = frozenset()) -> dict[int, int]:
        """`reachable` in pure Python (the fallback, and the reference the compiled search is tested against);
        `blocked` indexable by hex, `movement` > 0."""
        # `out` doubles as the visited set: `start` is put in first and taken out at the end (deleting
        # keeps the insertion order of the rest, which is the order callers turn into options). A blocked
        # hex is never recorded, its `blocked[m]` test is as cheap as a set lookup.
        out: dict[int, int] = {start: 0}
        frontier = [start]
        nb = self.neighbours
        for step in range(1, movement + 1):
            nxt = []
            for h in frontier:
                for m in nb[h]:
                    if m in out or blocked[m]:
                        continue
                    out[m] = step
                    if m not in stop:
                        nxt.append(m)
            if not nxt:
                break
            frontier = nxt
        del out[start]
        return out

    def path_distance(self, start: int, goal: int, blocked: Sequence[bool] | set[int] | frozenset[int]) -> int | None:
        """Steps of the shortest unblocked path from start to goal (goal itself may be occupied); None if none."""
        if start == goal:
            return 0
        is_set = isinstance(blocked, (set, frozenset))
        frontier = [start]
        seen = {start}
        step = 0
        while frontier:
            step += 1
            nxt = []
            for h in frontier:
                for m in self.neighbours[h]:
                    if m == goal:
                        return step
                    if m in seen:
                        continue
                    seen.add(m)
                    if (m in blocked) if is_set else blocked[m]:  # type: ignore[index]  # flags when not is_set
                        continue
                    nxt.append(m)
            frontier = nxt
        return None


_BY_ID: dict[int, tuple[Arena, HexGrid]] = {}


@lru_cache(maxsize=64)
def _grid_of(arena: Arena) -> HexGrid:
    return HexGrid(arena)
