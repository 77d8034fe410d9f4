"""The solo rival's and the guardians' controllers (CON-29, CON-30, CON-45..CON-50) and the rival sets they
read. Importing the module registers the guardians' granted skill and the sets."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hoplostat.engine import rules
from hoplostat.engine.registry import register
from hoplostat.engine.rules import Game, plays
from hoplostat.engine.state import UnitState
from hoplostat.rulesets.remastered import rival
from hoplostat.rulesets.remastered.base import RULESET
from hoplostat.rulesets.remastered.condemned.state import (
    CHAMPION_MARK,
    CHAMPION_TARGET,
    GUARDIAN_HOLD,
    HEX_PRIORITIES,
    RIVALS_ALERT,
    RIVALS_CALM,
    CondemnedState,
    key_value,
    on_alert,
)

# --------------------------------------------------------------------------- rival priorities

def _hp_matching(s, o) -> bool:
    # CON-46: "HP-matching guardian": the guardian whose HP has the rival's colour (as in CON-36; R-PW-9).
    return o.unit.kind == "guardian" and s.rival_troop >= 0 and s.supply_of(o.troop) == s.supply_of(s.rival_troop)


register(GUARDIAN_HOLD, "innate", ruleset=RULESET, stationary=True)
"""CON-28 as a granted skill: the guardians never move and cannot be displaced (`rules.can_be_displaced`)."""

rival.SETS.setdefault("wretch", lambda s, o: o.unit.kind == "wretch")
rival.SETS.setdefault("guardian", lambda s, o: o.unit.kind == "guardian")
rival.SETS.setdefault("hp-guardian", _hp_matching)
rival.SETS.setdefault("player-elite", lambda s, o: o.unit.elite and o.troop in getattr(s, "players", ()))


class CondemnedRival(rival.RivalController):
    """The solo rival (CON-45..CON-50): marking and targeting lists by unit (champion or not) and alert state;
    otherwise Remastered's rival rules (RIV-1..RIV-9), ties to the players (CON-48)."""

    def lists(self, g: Game[CondemnedState], u: UnitState) -> tuple[tuple[str, ...], tuple[str, ...]]:
        s = g.state
        if on_alert(s):
            return RIVALS_ALERT, RIVALS_ALERT  # CON-47: the champion too
        if u.uid == s.champion:
            return CHAMPION_MARK, CHAMPION_TARGET  # CON-37
        return RIVALS_CALM, RIVALS_CALM  # CON-46

    def _cands(self, g: Game, u: UnitState, p: str, opps: Sequence[UnitState]) -> list[UnitState]:
        s = g.state
        if p == "weakest-elite":
            els = [o for o in opps if o.unit.elite]
            if not els:
                return []
            low = min(o.hp for o in els)
            return [o for o in els if o.hp == low]
        pred = rival.SETS[p]
        return [o for o in opps if pred(s, o)]

    def hex_marks(self, g: Game[CondemnedState], u: UnitState, p: str, spots: Sequence[int], r: int) -> list[int]:
        """The hexes of a hex priority among `spots` (the unit's hex and its reachable hexes), best first kept."""
        s = g.state
        dist = s.grid.dist
        if p == "escape-adjacent":
            goal = s.goal[0]
            return [h for h in spots if goal >= 0 and dist[h][goal] == 1]
        opps = s.opponents_of(u.troop) if p == "key-in-range" else ()
        best, out = 0, []
        for h in spots:
            v = key_value(s, h)
            if not v or (p == "key-in-range" and not any(dist[h][o.hex] <= r for o in opps)):
                continue
            if v > best:
                best, out = v, [h]
            elif v == best:
                out.append(h)
        return out

    def plan_move(self, g: Game, u: UnitState, blocked: Sequence[bool], locked: set[int]) -> list[int]:
        """RIV-3..RIV-6 over the unit's marking list: unit priorities as Remastered's; hex priorities reached by
        moving onto the hex (RIV-6), the highest value first, staying if it already stands on one."""
        assert plays(g, CondemnedState)
        s = g.state
        grid = s.grid
        dist = grid.dist
        marking, _ = self.lists(g, u)
        m = rules.movement_of(s, u)
        r = rules.range_of(s, u)
        reach = grid.reachable(u.hex, m, blocked, locked) if m > 0 else {}
        spots = [u.hex, *reach]
        opps = s.opponents_of(u.troop)
        for p in marking:
            if p in HEX_PRIORITIES:
                got = self.hex_marks(g, u, p, spots, r)
                if not got:
                    continue
                if u.hex in got:
                    self.why[u.uid] = f"stands on its {p} priority: does not move"
                    return []
                near = min(reach[h] for h in got)
                self.why[u.uid] = f"marks a hex ({p})"
                return [h for h in got if reach[h] == near]
            # Remastered, "Identify a Mark": "the rival assesses only the units within reach", so a superlative
            # (the weakest opposing elite, CON-47) is taken among the opponents it can reach (RIV-3).
            cands = self._cands(g, u, p, [o for o in opps if rival._can_reach(dist, spots, o.hex, r)])
            if cands:
                return self.toward_mark(g, u, cands, reach, r, f" ({p})")
        # RIV-5: back-up movement toward the list's unit priorities and the key hexes.
        backup = []
        for p in marking:
            q = "hex:key" if p in ("key", "key-in-range") else "player-elite" if p == "weakest-elite" else p
            if q not in HEX_PRIORITIES and q not in backup:
                backup.append(q)
        return self.backup_toward(g, u, reach, blocked, r, backup)

    def top(self, g: Game[CondemnedState], u: UnitState, cands: Sequence[UnitState]) -> list[UnitState]:
        _, targeting = self.lists(g, u)
        for p in targeting:
            if p in HEX_PRIORITIES:
                continue
            got = self._cands(g, u, p, cands)
            if got:
                return got
        return []

    def plan_engage(self, g: Game, u: UnitState) -> list[tuple]:
        """RIV-9 with the unit's targeting list: a Special whose rival condition holds, else an attack."""
        assert plays(g, CondemnedState)
        s = g.state
        from hoplostat.engine.registry import unit_hooks

        for sid, param, fn in unit_hooks(u.unit, "special_options"):
            opts = fn(g, u, param)
            if not opts or not rival.RIVAL_SPECIAL_CONDITIONS.get(sid, rival._never)(g, u, param, opts):
                continue
            targeted = [a for a in opts if a and isinstance(a[0], int)]
            if targeted and len(targeted) == len(opts):
                best = {o.uid for o in self.top(g, u, [s.units[a[0]] for a in opts])}
                opts = [a for a in opts if a[0] in best] or opts
            return [("special", u.uid, sid, a) for a in opts]
        return [("attack", u.uid, t.uid) for t in self.top(g, u, rules.targets_in_range(s, u))]


class GuardianController(rival.RivalController):
    """Scylla and Charybdis (CON-29, CON-30): priority "opponent", Savage when two or more opponents are in
    Range (the Remastered rival condition of Savage). Solo, the player breaks their ties (Remastered's rival
    rules); competitive, neither player may, so ties are drawn at random (ruling R-PW-3)."""

    def __init__(self, *, players: Any = None, players_troop: int = 0, neutral: bool = False) -> None:
        super().__init__(("opponent",), players=players, players_troop=players_troop)
        self.neutral = neutral

    def tie(self, g: Game, decision: str, options: Sequence[Any]) -> Any:
        if len(options) == 1:
            return options[0]
        if self.neutral:
            return options[int(g.rng.integers(len(options)))]
        return super().tie(g, decision, options)
