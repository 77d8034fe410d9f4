"""FrozenMap: the immutable mapping every catalog record uses (the lowest room of the catalog)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, TypeVar

V = TypeVar("V")


class FrozenMap(Mapping[str, V]):
    """An immutable, hashable, picklable str-keyed mapping that keeps insertion order."""

    __slots__ = ("_d", "_h")
    _d: dict[str, V]
    _h: int | None

    def __init__(self, items: Mapping[str, V] | Any = ()) -> None:
        object.__setattr__(self, "_d", dict(items))
        object.__setattr__(self, "_h", None)

    def __getitem__(self, key: str) -> V:
        return self._d[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._d)

    def __len__(self) -> int:
        return len(self._d)

    def __hash__(self) -> int:
        """Computed once (the map is immutable): catalog chips are hashed often (caches keyed by Unit)."""
        h = self._h
        if h is None:
            h = hash(tuple(self._d.items()))
            object.__setattr__(self, "_h", h)
        return h

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("FrozenMap is immutable")

    def __reduce__(self):
        return (FrozenMap, (tuple(self._d.items()),))

    def __repr__(self) -> str:
        return f"FrozenMap({self._d!r})"
