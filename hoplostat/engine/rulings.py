"""Rulings as switches: readings of unclear rules (docs/rulings.md) that have a natural alternative, named so a
sweep can be played under either and compared (`hoplostat compare`). A rule set registers its switches; the
rules read the chosen value from the state (`value`), which holds only the switches a game changed.

`hoplostat rulings` lists them; `--ruling NAME=VALUE` on `play` and `sweep` chooses one (recorded in the
sweep's manifest and in its report). With every switch at its default, games are exactly those of the
rulings as written in docs/rulings.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hoplostat.errors import InputError


@dataclass(frozen=True, slots=True)
class Ruling:
    name: str
    """The switch: lowercase words joined by hyphens (`retaliate-when-defeated`)."""
    ruling: str
    """Its id in docs/rulings.md (`R-ENG-2`)."""
    ruleset: str
    question: str
    default: str
    """The value that is the ruling as written (what games play unless told otherwise)."""
    alternative: str
    meanings: tuple[tuple[str, str], ...]
    """(value, what it means) for the default and the alternative."""

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(v for v, _ in self.meanings)


_RULINGS: dict[str, Ruling] = {}


def register_ruling(r: Ruling) -> Ruling:
    other = _RULINGS.get(r.name)
    if other is not None and other != r:
        raise ValueError(f"ruling switch {r.name!r} registered twice")
    if r.default not in r.values or r.alternative not in r.values:
        raise ValueError(f"ruling switch {r.name!r}: default and alternative must be among its values")
    _RULINGS[r.name] = r
    return r


def rulings() -> dict[str, Ruling]:
    """Every registered switch by name (rule sets are loaded first)."""
    from hoplostat.engine.registry import discover

    discover()
    return dict(_RULINGS)


def parse(specs: Any) -> tuple[tuple[str, str], ...]:
    """`NAME=VALUE` strings (or pairs) into sorted (name, value) pairs, checked; values equal to the default are
    kept out (they change nothing), so a config names only what differs from the rulings as written."""
    import difflib

    known = rulings()
    out: dict[str, str] = {}
    for spec in specs or ():
        if isinstance(spec, str):
            name, sep, value = spec.partition("=")
            if not sep:
                raise InputError(f"--ruling {spec!r}: give NAME=VALUE (hoplostat rulings lists them)")
        else:
            name, value = spec
        name, value = name.strip(), value.strip()
        r = known.get(name)
        if r is None:
            close = difflib.get_close_matches(name, list(known), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise InputError(f"--ruling {name!r}: no such ruling switch{hint}; hoplostat rulings lists them")
        if value not in r.values:
            raise InputError(f"--ruling {name}={value}: allowed values are {', '.join(r.values)}")
        if name in out and out[name] != value:
            raise InputError(f"--ruling {name} given twice ({out[name]}, {value})")
        out[name] = value
    return tuple(sorted((k, v) for k, v in out.items() if v != known[k].default))


def value(s: Any, name: str) -> str:
    """The value of switch `name` in the game of state `s` (its default unless the game chose another)."""
    got = s.rulings.get(name) if s.rulings else None
    return got if got is not None else _RULINGS[name].default
