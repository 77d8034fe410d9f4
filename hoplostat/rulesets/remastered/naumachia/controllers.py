"""The rival's and the crocodiles' controllers (NAU-24, NAU-41, NAU-42): `NaumachiaRival` and the rival sets
`nau-<name>` it reads."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

from hoplostat.engine import rules
from hoplostat.engine.registry import unit_hooks
from hoplostat.engine.rules import Game, plays
from hoplostat.engine.state import GameState, UnitState
from hoplostat.rulesets.remastered import rival
from hoplostat.rulesets.remastered.naumachia.skills import may_target
from hoplostat.rulesets.remastered.naumachia.state import ELUDE, NaumachiaState, seat_of

# --------------------------------------------------------------------------- rival and crocodile controllers


def _member(s: NaumachiaState, name: str, o: UnitState) -> bool:
    k = o.unit.kind
    if name == "hero":
        return o.unit.elite and k != "ship"
    if name == "ship":
        return k == "ship"
    if name == "player-ship":
        return k == "ship" and seat_of(o.troop) in s.players
    if name == "croc":
        return k == "crocodile"
    if name == "water-unit":
        return k not in ("ship", "crocodile")
    if name == "player-unit":
        return k not in ("ship", "crocodile") and o.troop in s.players
    if name == "unit-on-platform":
        return k not in ("ship", "crocodile") and o.hex in s.platform_hexes
    raise KeyError(name)


def _member_of(name: str) -> Callable[[GameState, UnitState], bool]:
    """The rival set `nau-<name>` (`rival.SETS` holds sets of every mode: its states are typed by their base)."""
    return lambda s, o: _member(cast(NaumachiaState, s), name, o)


for _n in ("hero", "ship", "player-ship", "croc", "water-unit", "player-unit", "unit-on-platform"):
    rival.SETS.setdefault("nau-" + _n, _member_of(_n))


class NaumachiaRival(rival.RivalController):
    """A rival piece's marking and targeting lists (NAU-24, NAU-41, NAU-42): entries (superlative, set) or the
    hex priorities "here-platform" and "free-platform" (RIV-6: reached by moving onto them); otherwise
    Remastered's rival rules (RIV-1..RIV-9), the players choosing among equals. Never marks or targets what
    `may_target` forbids."""

    def __init__(self, marking, targeting, *, players: Any = None, players_troop: int = 0) -> None:
        super().__init__(("opponent",), players=players, players_troop=players_troop)
        self.marking = tuple(marking)
        self.targeting = tuple(targeting)
        self.movement: int | None = None

    def _cands(self, g: Game[NaumachiaState], u: UnitState, entry, opps) -> list[UnitState]:
        s = g.state
        sup, name = entry
        got = [o for o in opps if _member(s, name, o) and may_target(s, u, o)]
        if not got or not sup:
            return got
        row = s.grid.dist[u.hex]
        key = (lambda o: o.hp) if sup in ("weakest", "strongest") else (lambda o: row[o.hex])
        vals = [key(o) for o in got]
        best = min(vals) if sup == "weakest" else max(vals)
        return [o for o, v in zip(got, vals) if v == best]

    def plan_move(self, g: Game, u: UnitState, blocked: Sequence[bool], locked: set[int]) -> list[int]:
        assert plays(g, NaumachiaState)
        s = g.state
        dist = s.grid.dist
        m = rules.movement_of(s, u) if self.movement is None else self.movement
        r = rules.range_of(s, u)
        reach = s.grid.reachable(u.hex, m, blocked, locked) if m > 0 else {}
        spots = [u.hex, *reach]
        opps = s.opponents_of(u.troop)
        for p in self.marking:
            if p == "here-platform":
                if u.hex in s.platform_hexes:
                    self.why[u.uid] = "stands on a platform: does not move"
                    return []
                continue
            if p == "free-platform":
                got = [h for h in reach if h in s.platform_hexes]
                if not got:
                    continue
                near = min(reach[h] for h in got)
                self.why[u.uid] = "marks an unoccupied platform"
                return [h for h in got if reach[h] == near]
            cands = self._cands(g, u, p, [o for o in opps if rival._can_reach(dist, spots, o.hex, r)])
            if cands:
                return self.toward_mark(g, u, cands, reach, r)
        backup: list[str] = []
        for p in self.marking:
            q = "hex:platform" if p == "free-platform" else None if p == "here-platform" else "nau-" + p[1]
            if q is not None and q not in backup:
                backup.append(q)
        return self.backup_toward(g, u, reach, blocked, r, backup)

    def top(self, g: Game[NaumachiaState], u: UnitState, cands: Sequence[UnitState]) -> list[UnitState]:
        for p in self.targeting:
            got = self._cands(g, u, p, cands)
            if got:
                return got
        return []

    def plan_engage(self, g: Game, u: UnitState) -> list[tuple]:
        """RIV-9: a Special whose rival condition holds (Elude: within an opposing ship's Range, moving by the
        unit's marking list with Movement 5, NAU-44), else an attack by the targeting list."""
        assert plays(g, NaumachiaState)
        s = g.state
        for sid, param, fn in unit_hooks(u.unit, "special_options"):
            opts = fn(g, u, param)
            if not opts or not rival.RIVAL_SPECIAL_CONDITIONS.get(sid, rival._never)(g, u, param, opts):
                continue
            if sid == "elude":
                self.movement = ELUDE
                try:
                    dests = set(self.plan_move(g, u, s.blocked_for_move(u.troop), set()))
                finally:
                    self.movement = None
                opts = [a for a in opts if a[0] in dests]
                if not opts:
                    continue
            else:
                targeted = [a for a in opts if a and isinstance(a[0], int)]
                if targeted and len(targeted) == len(opts):
                    best = {o.uid for o in self.top(g, u, [s.units[a[0]] for a in opts])}
                    opts = [a for a in opts if a[0] in best] or opts
            return [("special", u.uid, sid, a) for a in opts]
        return [("attack", u.uid, t.uid) for t in self.top(g, u, rules.targets_in_range(s, u))]
