"""Arena maps: ASCII hex art -> hexes with axial coordinates and tags.

Layout (pointy-top hexes): one symbol per hex, symbols two characters apart,
each row shifted by one character from the row above (the first row fixes
which way: "odd-r" when odd rows sit one character further right). A hex's
neighbours are the symbols at (row, col±2) and (row±1, col±1); spaces are not
hexes. The symbol at row r, character column x is the hex with axial
coordinates q = (x - r - p) / 2, r, where p is the parity of row 0's first column.

Hex indices are dense ints 0..n-1 in reading order (top row first, left to
right); the engine precomputes neighbour lists and the all-pairs distance table
from the axial coordinates (`neighbours()`, `distance_table()`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from hoplostat.catalog.frozen import FrozenMap

AXIAL_DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""Axial steps in `vocab.COMPASS_DIRECTIONS` order: e, ne, nw, w, sw, se."""


@dataclass(frozen=True, slots=True)
class Hex:
    """One hex: dense index, axial (q, r), tags from `vocab.HEX_TAGS`."""

    index: int
    q: int
    r: int
    tags: tuple[str, ...]

    def has(self, tag: str) -> bool:
        return tag in self.tags


@dataclass(frozen=True, slots=True)
class Arena:
    """An arena map. `hexes[i].index == i`. Geometry provenance says whether a rulebook fixes it."""

    id: str
    name: str
    hexes: tuple[Hex, ...]
    art: str
    compass: tuple[str, ...]
    provenance: FrozenMap[str]
    source: str | None = None
    note: str | None = None

    @property
    def stand_in_fields(self) -> tuple[str, ...]:
        return tuple(f for f, p in self.provenance.items() if p == "stand-in")

    @property
    def is_stand_in(self) -> bool:
        return bool(self.stand_in_fields)

    def tagged(self, tag: str) -> tuple[int, ...]:
        """Indices of the hexes with this tag."""
        return tuple(h.index for h in self.hexes if tag in h.tags)

    def index_of(self, q: int, r: int) -> int | None:
        for h in self.hexes:
            if h.q == q and h.r == r:
                return h.index
        return None

    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """For each hex index, the indices of the hexes sharing a side (Remastered, "Arenas")."""
        at = {(h.q, h.r): h.index for h in self.hexes}
        return tuple(
            tuple(at[(h.q + dq, h.r + dr)] for dq, dr in AXIAL_DIRECTIONS if (h.q + dq, h.r + dr) in at)
            for h in self.hexes
        )

    def distance(self, a: int, b: int) -> int:
        """Hex distance ignoring what is on the hexes (Range counts through blocked hexes, UNIT-1)."""
        return axial_distance(self.hexes[a].q, self.hexes[a].r, self.hexes[b].q, self.hexes[b].r)

    def distance_table(self) -> tuple[tuple[int, ...], ...]:
        hx = self.hexes
        return tuple(tuple(axial_distance(a.q, a.r, b.q, b.r) for b in hx) for a in hx)

    def tag_counts(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for h in self.hexes:
            for t in h.tags:
                counts[t] = counts.get(t, 0) + 1
        return counts


def axial_distance(q1: int, r1: int, q2: int, r2: int) -> int:
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


class ArtError(ValueError):
    """A problem in the art; the loader turns it into an InputError naming the file and entry."""


def parse_art(art: str, legend: Mapping[str, tuple[str, ...]]) -> list[tuple[int, int, tuple[str, ...]]]:
    """Parse hex art into (q, r, tags) in reading order. Raises ArtError on bad art.

    Leading/trailing blank lines are ignored; the first non-blank line is row 0.
    Symbols sit on a checkerboard of character positions: the first symbol of the
    first row fixes the parity, and every symbol at row r, column x must have
    x - r of that same parity (so rows alternate their shift by one character).
    Indentation is free.
    """
    lines = art.split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise ArtError("the map is empty")
    parity = (len(lines[0]) - len(lines[0].lstrip(" "))) % 2
    out: list[tuple[int, int, tuple[str, ...]]] = []
    for r, line in enumerate(lines):
        if "\t" in line:
            raise ArtError(f"map row {r + 1}: tabs are not allowed; use spaces")
        line = line.rstrip()
        for x, ch in enumerate(line):
            if ch == " ":
                continue
            if ch not in legend:
                allowed = " ".join(repr(k) for k in legend)
                raise ArtError(f"map row {r + 1}, column {x + 1}: symbol {ch!r} is not in the legend ({allowed})")
            if (x - r - parity) % 2 != 0:
                raise ArtError(
                    f"map row {r + 1}, column {x + 1}: symbol {ch!r} is off the hex grid (symbols are two "
                    "characters apart and each row is shifted by one character from the row above)"
                )
            out.append(((x - r - parity) // 2, r, legend[ch]))
    return out


def is_connected(coords: list[tuple[int, int]]) -> bool:
    if not coords:
        return True
    cells = set(coords)
    seen = {coords[0]}
    stack = [coords[0]]
    while stack:
        q, r = stack.pop()
        for dq, dr in AXIAL_DIRECTIONS:
            n = (q + dq, r + dr)
            if n in cells and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(cells)
