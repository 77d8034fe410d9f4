"""The controllers that make a scenario's choices (its troops' scripts, or passing) and the roller of its forced
dice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from hoplostat.dice import Pool
from hoplostat.engine.rules import FixedRoller, Game, PmfRoller
from hoplostat.engine.scenario.model import ARG_KINDS, ScriptEntry
from hoplostat.engine.state import GameState
from hoplostat.errors import InputError


class ScenarioRoller(FixedRoller):
    """Forced hit counts in order (`[dice] hits`), then `then`: error, all, none or random (seeded)."""

    def __init__(self, results: Sequence[int], then: str, rng: np.random.Generator, file: str) -> None:
        super().__init__(results)
        self.then = then
        self.file = file
        self.pmf = PmfRoller(rng)
        self.n_forced = len(results)
        self.record: list[dict[str, Any]] = []

    def hits(self, pool: Pool) -> int:
        if pool.size == 0:
            return 0
        self.rolled.append(pool)
        k = len(self.record)
        if self.results:
            n = self.results.pop(0)
            if n > pool.size:
                raise InputError(f"{self.file}: dice: hits entry {k + 1} is {n}, but roll {k + 1} is {pool} "
                                 f"({pool.size} dice, at most {pool.size} hits)")
            forced = True
        elif self.then == "all":
            n, forced = pool.size, False
        elif self.then == "none":
            n, forced = 0, False
        elif self.then == "random":
            n, forced = self.pmf.hits(pool), False
        else:
            raise InputError(f"{self.file}: dice: the scenario rolls a {_ordinal(k + 1)} time ({pool}) but hits lists "
                             f"{self.n_forced} result(s); add results or set dice.then (all, none, random)")
        self.record.append({"pool": str(pool), "hits": n, "forced": forced})
        return n


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


class PassController:
    """Passes on every optional decision; takes the first option of a mandatory one."""

    def choose(self, g: Any, troop: int, decision: str, options: Sequence[Any], *, optional: bool) -> Any | None:
        return None if optional else options[0]


class ScriptController:
    """Answers decisions from a troop's script in order; decisions the next entry does not answer
    go to the fallback policy."""

    def __init__(self, entries: Sequence[ScriptEntry], fallback: Any, refs: list[str], file: str) -> None:
        self.entries = list(entries)
        self.pos = 0
        self.fallback = fallback
        self.refs = refs
        self.file = file

    def _uids(self, g: Game, name: str) -> set[int]:
        got = {i for i, r in enumerate(self.refs) if r == name}
        return got or {u.uid for u in g.state.units if u.unit.id == name}

    def choose(self, g: Game, troop: int, decision: str, options: Sequence[Any], *, optional: bool) -> Any | None:
        if self.pos < len(self.entries):
            e = self.entries[self.pos]
            if e.decision == decision:
                self.pos += 1
                if e.kind == "pass":
                    if not optional:
                        raise InputError(f"{self.file}: {e.where} ({e.text}): the {decision} decision is mandatory "
                                         "here and cannot be passed")
                    return None
                for o in options:
                    if self._matches(g, troop, e, o):
                        return o
                shown = "; ".join(describe_option(g.state, decision, o, self.refs) for o in options[:12])
                more = f" (and {len(options) - 12} more)" if len(options) > 12 else ""
                raise InputError(f"{self.file}: {e.where} ({e.text}) is not a legal {decision} choice here; "
                                 f"legal: {shown or 'none'}{more}")
        return self.fallback.choose(g, troop, decision, options, optional=optional)

    def _matches(self, g: Game, troop: int, e: ScriptEntry, o: Any) -> bool:
        u = self._uids
        k = e.kind
        assert e.name is not None  # every entry but a pass names its unit, tactic or skill (`_parse_script`)
        if k in ("intercept", "catch-up", "return-unit"):
            return o in u(g, e.name)
        if k == "deploy":
            return o[0] in u(g, e.name) and (e.hex is None or o[1] == e.hex)
        if k == "move":
            return o[0] in u(g, e.name) and o[1] == e.hex
        if k == "tactic":
            camp = g.state.troops[troop].tactics_camp
            tac = camp[o[0]] if o[0] < len(camp) else None
            return tac is not None and tac.id == e.name and (e.target is None or o[1] in u(g, e.target))
        if k == "attack":
            return o[0] == "attack" and o[1] in u(g, e.name) and (e.target is None or o[2] in u(g, e.target))
        if k == "ability":
            uid, sid, args = o
        elif k == "special":
            if o[0] != "special":
                return False
            _, uid, sid, args = o
        else:
            return False
        if sid != e.name or (e.unit is not None and uid not in u(g, e.unit)):
            return False
        if e.args is not None:
            return tuple(args) == e.args
        kinds = ARG_KINDS.get(sid)
        if kinds is None:
            return e.target is None and e.hex is None
        for kind_, a in zip(kinds, args):
            if kind_ == "unit" and e.target is not None and a not in u(g, e.target):
                return False
            if kind_ == "hex" and e.hex is not None and a != e.hex:
                return False
        return True

    def leftover(self) -> list[ScriptEntry]:
        return self.entries[self.pos:]


def describe_option(s: GameState, decision: str, o: Any, refs: Sequence[str]) -> str:
    """One legal option in words (for error messages)."""
    def r(uid: int) -> str:
        return refs[uid] if 0 <= uid < len(refs) else str(uid)

    try:
        if decision == "deploy":
            return f"deploy {r(o[0])} on hex {o[1]}"
        if decision == "move":
            return f"move {r(o[0])} to hex {o[1]}"
        if decision == "tactic":
            camp = s.troops[s.active].tactics_camp
            return f"tactic {camp[o[0]].id} on {r(o[1])}"
        if decision == "ability":
            return f"ability {o[1]} of {r(o[0])} args {list(o[2])}"
        if decision == "engage":
            if o[0] == "attack":
                return f"attack {r(o[1])} -> {r(o[2])}"
            return f"special {o[2]} of {r(o[1])} args {list(o[3])}"
        if decision in ("intercept", "catch-up", "return-unit"):
            return f"{decision} {r(o)}"
    except (IndexError, TypeError):
        pass
    return repr(o)
