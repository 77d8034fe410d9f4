"""GreedyController: one-step greedy play on exact attack odds.

Heuristics (each decision scored on its own, best first; ties broken by the rng):
- deploy: always deploy; never the primary hero while another unit can go (protect the
  hero); the unit with the most Health + 2 x expected hits; the free deployment hex
  nearest an opponent (or a stone hex when no opponent is in combat).
- tactic: harmful tactics (stun, movement-set, damage) on the opposing unit with the most
  attack dice; helpful ones on the own unit with the most HP; heal only a damaged unit.
- move: move a unit when it improves its hex score: +5 with an opponent in Range,
  +2 on a stone hex, -0.5 per hex to the nearest opponent; the primary hero instead keeps
  its distance unless it can attack from the new hex.
- ability: Regen and Fury Aura always; Hurl only to pull an opponent into the Range of
  more own units; Swap never.
- engage: the attack or Special with the highest kill chance x value of the target
  (hero 20, other 10) + expected damage (hoplostat.odds, exact); focus fire follows
  because targets are re-scored after every attack.
- intercept: always, except with the primary hero.
- return-unit / catch-up: the highest-Health unit / the primary hero if in combat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from hoplostat.engine import rules
from hoplostat.odds import Attack, odds

HARMFUL = {"stun", "movement-set", "damage"}

_ODDS: dict[tuple, tuple[float, tuple[float, ...]]] = {}


def attack_odds(pool, bonus: int, reduce: int) -> tuple[float, tuple[float, ...]]:
    """(expected damage, P(damage >= k) for k = 0..max) of an attack, exact (hoplostat.odds), memoised."""
    key = (pool.counts, bonus, reduce)
    got = _ODDS.get(key)
    if got is None:
        od = odds(Attack(pool, bonus=bonus, reduce=reduce))
        got = (od.mean, tuple(float(x) for x in od.at_least))
        _ODDS[key] = got
    return got


def kill_chance(at_least: tuple[float, ...], hp: int) -> float:
    return at_least[hp] if hp < len(at_least) else 0.0
YELLOW_P = 1 / 3
BLUE_P = 1 / 2


class GreedyController:
    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = rng

    def choose(self, g: Any, troop: int, decision: str, options: Sequence[Any], *, optional: bool) -> Any | None:
        fn = getattr(self, "_" + decision.replace("-", "_"), None)
        if fn is None:
            return options[0]
        return fn(g, troop, options, optional)

    # --- helpers ---------------------------------------------------------------------------
    def _best(self, scored: list[tuple[float, Any]], threshold: float | None) -> Any | None:
        if not scored:
            return None
        top = max(sc for sc, _ in scored)
        if threshold is not None and top <= threshold:
            return None
        best = [o for sc, o in scored if sc == top]
        if len(best) > 1 and self.rng is not None:
            return best[int(self.rng.integers(len(best)))]
        return best[0]

    @staticmethod
    def _hex_score(g: Any, u: Any, h: int, opp_hexes: list[int] | None = None, rng_: int | None = None) -> float:
        s = g.state
        if opp_hexes is None:
            opp_hexes = [o.hex for o in s.opponents_of(u.troop)]
        row = s.grid.dist[h]
        stone = 2.0 if "stone" in s.grid.tags[h] else 0.0
        if not opp_hexes:
            return stone
        near = min([row[x] for x in opp_hexes])
        in_range = near <= (rules.range_of(s, u) if rng_ is None else rng_)
        if u.is_primary_hero:
            return (5.0 if in_range else 0.0) + stone + 0.5 * min(near, 4) - (3.0 if near == 1 else 0.0)
        return (5.0 if in_range else 0.0) + stone - 0.5 * near

    # --- decisions ----------------------------------------------------------------------------
    def _deploy(self, g, troop, options, optional):
        s = g.state
        non_hero = [o for o in options if not s.units[o[0]].is_primary_hero]
        options = non_hero or list(options)
        opps = s.opponents_of(troop)
        stones = s.grid.tagged("stone")

        def score(o):
            u = s.units[o[0]]
            value = u.unit.health + 2 * attack_odds(u.unit.attack, 0, 0)[0]
            row = s.grid.dist[o[1]]
            near = min((row[x.hex] for x in opps), default=min(row[x] for x in stones))
            return value * 100 - near

        return self._best([(score(o), o) for o in options], None)

    def _tactic(self, g, troop, options, optional):
        s = g.state
        camp = s.troops[troop].tactics_camp
        scored = []
        for i, uid in options:
            tac, u = camp[i], s.units[uid]
            terms = {e.term for e in tac.effects}
            own = u.troop == troop
            if terms & HARMFUL:
                if own:
                    continue
                scored.append((10 + u.unit.attack.size + u.hp, (i, uid)))
            else:
                if not own:
                    continue
                if terms == {"heal"} and u.hp >= u.unit.health:
                    continue
                if "damage-adjacent" in terms and not rules.targets_in_range(s, u, 1):
                    continue
                scored.append((5 + u.hp, (i, uid)))
        return self._best(scored, None)

    def _move(self, g, troop, options, optional):
        s = g.state
        opp_hexes = [o.hex for o in s.opponents_of(troop)]
        # Distance from every hex to the nearest opponent, once per decision (numpy over the distance table).
        near = s.grid.dist_array[:, opp_hexes].min(axis=1).tolist() if opp_hexes else None
        tags = s.grid.tags
        dist = s.grid.dist
        info: dict[int, tuple[int, bool, float, int]] = {}

        def score(rng_: int, hero: bool, h: int) -> float:
            stone = 2.0 if "stone" in tags[h] else 0.0
            if near is None:
                return stone
            d = near[h]
            in_range = 5.0 if d <= rng_ else 0.0
            if hero:
                return in_range + stone + 0.5 * min(d, 4) - (3.0 if d == 1 else 0.0)
            return in_range + stone - 0.5 * d

        scored = []
        for uid, h in options:
            got = info.get(uid)
            if got is None:
                u = s.units[uid]
                r, hero = rules.range_of(s, u), u.is_primary_hero
                got = info[uid] = (r, hero, score(r, hero, u.hex), u.hex)
            r, hero, here_score, here = got
            scored.append((score(r, hero, h) - here_score - 0.01 * dist[here][h], (uid, h)))
        return self._best(scored, 0.0)

    def _ability(self, g, troop, options, optional):
        s = g.state
        scored = []
        for opt in options:
            uid, sid, args = opt
            if sid in ("regen", "fury-aura"):
                scored.append((1.0, opt))
            elif sid == "hurl":
                v, dest = args
                target = s.units[v]
                if target.troop == troop:
                    continue
                before = sum(1 for m in s.in_combat(troop) if s.grid.dist[m.hex][target.hex] <= rules.range_of(s, m))
                after = sum(1 for m in s.in_combat(troop) if s.grid.dist[m.hex][dest] <= rules.range_of(s, m))
                scored.append((float(after - before), opt))
        return self._best(scored, 0.0)

    def _engage(self, g, troop, options, optional):
        s = g.state
        scored = []
        for opt in options:
            u = s.units[opt[1]]
            if opt[0] == "attack":
                t = s.units[opt[2]]
                pool, bonus, reduce = rules.attack_profile(g, u, t)
                mean, at_least = attack_odds(pool, bonus, reduce)
                value = 20.0 if t.elite else 10.0
                scored.append((kill_chance(at_least, t.hp) * value + mean, opt))
            else:
                sid = opt[2]
                if sid == "long-shot":
                    t = s.units[opt[3][0]]
                    value = 20.0 if t.elite else 10.0
                    scored.append((YELLOW_P * (1 + (value if t.hp <= 1 else 0)), opt))
                elif sid == "whirlwind":
                    adj = rules.targets_in_range(s, u, 1)
                    scored.append((BLUE_P * len(adj) * len(adj), opt))
        return self._best(scored, 0.0)

    def _intercept(self, g, troop, options, optional):
        u = g.state.units[options[0]]
        return None if u.is_primary_hero else options[0]

    def _return_unit(self, g, troop, options, optional):
        s = g.state
        return max(options, key=lambda uid: (s.units[uid].unit.health, -uid))

    def _catch_up(self, g, troop, options, optional):
        s = g.state
        for uid in options:
            if s.units[uid].is_primary_hero:
                return uid
        return min(options, key=lambda uid: (s.units[uid].hp, uid))
