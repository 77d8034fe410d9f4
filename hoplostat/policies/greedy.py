"""GreedyController: one-step greedy play on exact attack odds.

Heuristics (each decision scored on its own, best first; ties broken by the rng):
- deploy: always deploy; never the primary hero while another unit can go (protect the
  hero); the unit with the most Health + 2 x expected hits; the free deployment hex
  nearest an opponent (or a stone hex when no opponent is in combat).
- tactic: harmful tactics (stun, movement-set, damage) on the opposing unit with the most
  attack dice; helpful ones on the own or allied (a co-op partner's) unit with the most HP;
  heal only a damaged unit.
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
- trigger-order (SKL-4, several effects of its own troop from one incident): the first offered
  (arrival order); greedy does not plan the order.

Colosseum (engine/colosseum.py):
- deploy and move: the center hex costs 3 (1 damage at the start of the next turn), an inner
  hex without a foothold costs 2 on deployment and 3 as a move's end (no attacks there, skills
  ignored) and never counts as "opponent in Range".
- track: continue the current track while it has progress; otherwise the first open track of
  "gain this support chip", "activate your hero" (while the hero is inactive), "add 3 HP",
  "activate your hero", "move or flip a foothold", gold.
- support: a sentinel on the free pedestal nearest an opponent when one can be placed;
  otherwise a foothold under an own unit on an inner hex (it may attack again), then on the
  opponent's outer deployment hexes (denies them, DEP-6), then an inner hex, nearer the
  opposing hero first.
- reward-hp: the primary hero if in combat, else the unit with the most HP.
- foothold: flip to a sentinel when possible; else move it under an own unit on an inner hex
  without taking it from under another; otherwise leave it.

Free-for-all (Pandemonium; the mode declares `Heuristics(profile="free-for-all")`):
- move: a hex loses 1.5 for every opposing troop beyond the first that could reach and attack it next
  turn (any of its units' Movement + Range), so a unit does not walk into the middle of everyone.
- engage: a target of the strongest opposing troop (most HP in combat plus Health ready in camp) is
  worth 30% more: keep the leader down.
- stone-tactic: take back a tactic that is not a plain heal (else the first); stone-relocate: the stone
  unit and deployment hex whose hex score drops least; hero-reward: the highest-Health unit.
Teams (Alliance): teammates are allies through `rules.same_team`, so harmful tactics and attacks never
go to them and helpful tactics may; "alliance-hero" takes the first option; "team-reward" goes to the
teammate with more to take back (discarded tactics for the second reward, Health of discarded non-elite
units for the third).

Onslaught (rulesets/remastered/onslaught.py; the mode declares `Heuristics(profile="hold-stones")` with
the weights below: stone 8, kill 15, damage to the immortal 0.5). The immortal
ignores damage and loses 1 HP per arena unit defeated and 1 HP per own unit on a stone hex at the start
of each player turn (ONS-7); the primary hero's defeat ends the game (ONS-10); discarded units stay
discarded, so a unit lost is lost for the game (ONS-11, ONS-12). Rivals mark and target an opponent on a
stone first, then a hero, then the strongest (ONS-4), so whoever stands on a stone draws their fire.
- deploy: never the primary hero while it can be avoided: with units in combat and only the hero
  deployable, pass; forced (no units in combat), deploy it on the hex farthest from the rivals. Other
  units: the most Health + 2 x expected hits, on the deployment hex nearest a free stone hex.
- move: hold and contest the stones: a stone hex is worth `heuristics.stone` (+ 0.5 per HP, so the sturdiest
  unit takes it; units already there stay); a hex with an arena unit in Range +4, with only the
  immortal in Range +1; -0.3 per hex to the nearest arena unit (-0.1 to the immortal when none). The
  primary hero keeps out of combat: -6 per rival that could reach and hit it next turn (Movement +
  Range), +0.3 per hex from the nearest rival (up to 6), never a stone; it attacks an arena unit only
  from a hex no rival threatens.
- engage: arena units first (each defeat costs the immortal 1 HP): kill chance x 15 + expected
  damage (at most its HP); the immortal only for favor, worth its expected damage x 0.5 (so it is
  attacked when nothing better is in reach: favor still buys rewards); the primary hero only
  attacks when it is not adjacent to the immortal. Specials are scored the same way.
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


_BASE: dict[tuple[int, tuple[bool, ...]], tuple[Any, list[float]]] = {}
_BASE_LAST: dict[int, tuple[Any, list[bool], list[float]]] = {}
"""id(grid) -> (the grid, a copy of the muted pattern, its `_BASE` list): comparing two lists is much cheaper
than hashing the pattern, and the pattern only changes when a foothold is placed, moved or removed. Every
id-keyed cache here stores its grid and checks identity: a grid freed and another allocated at the same
address must not inherit its entries (games would then depend on what ran before in the process)."""


def _hex_base(grid, muted) -> list[float]:
    """Per-hex score of standing there regardless of opponents: +2 stone, -3 center hex (1 damage next
    turn), -3 inner hex without a foothold (no attacks). Cached per grid and muted pattern; the same
    pattern gives the same list object. The pattern is a plain list of the hexes alone (who stands there does
    not change it: Ascension's rivals are exempt through `GameState.mute_exempt`), so a cached score can
    never depend on earlier positions or games."""
    last = _BASE_LAST.get(id(grid))
    if last is not None and last[0] is grid and last[1] == muted:
        return last[2]
    key = (id(grid), tuple(muted))
    entry = _BASE.get(key)
    if entry is not None and entry[0] is grid:
        got = entry[1]
    else:
        tags = grid.tags
        got = [
            (2.0 if "stone" in tags[h] else 0.0) - (3.0 if grid.center[h] else 0.0) - (3.0 if muted[h] else 0.0)
            for h in range(grid.n)
        ]
        if len(_BASE) > 4096:
            _BASE.clear()
        _BASE[key] = (grid, got)
    _BASE_LAST[id(grid)] = (grid, list(muted), got)
    return got


_NEAR: dict[tuple[int, tuple[int, ...]], tuple[Any, list[int]]] = {}


def _near(grid, opp_hexes: list[int]) -> list[int]:
    """Distance from every hex to the nearest of `opp_hexes` (numpy over the distance table). A pure
    function of the grid and the hexes, memoised: opponents stand still during a movement step, so
    every move decision of the step after the first is a lookup. Do not mutate the returned list."""
    key = (id(grid), tuple(opp_hexes))
    entry = _NEAR.get(key)
    if entry is not None and entry[0] is grid:
        return entry[1]
    got = grid.dist_array[:, opp_hexes].min(axis=1).tolist()
    if len(_NEAR) > 4096:
        _NEAR.clear()
    _NEAR[key] = (grid, got)
    return got


def _move_score(near, base, muted, r: int, hero: bool, h: int) -> float:
    if near is None:
        return base[h]
    d = near[h]
    sc = (5.0 if d <= r and not muted[h] else 0.0) + base[h]
    if hero:
        return sc + 0.5 * min(d, 4) - (3.0 if d == 1 else 0.0)
    return sc - 0.5 * d


def _best_move(options, i, j, near, base, muted, row, r: int, hero: bool, here: int) -> tuple[float, list]:
    """Best (gain, options) among options[i:j] of one unit; gain must exceed 0."""
    here_score = _move_score(near, base, muted, r, hero, here)
    best = 0.0
    bests: list = []
    for k in range(i, j):
        opt = options[k]
        h = opt[1]
        if near is None:
            sc = base[h]
        else:
            d = near[h]
            sc = (5.0 if d <= r and not muted[h] else 0.0) + base[h]
            if hero:
                sc += 0.5 * (d if d < 4 else 4) - (3.0 if d == 1 else 0.0)
            else:
                sc -= 0.5 * d
        sc -= here_score + 0.01 * row[h]
        if sc > best:
            best = sc
            bests = [opt]
        elif sc == best and bests:
            bests.append(opt)
    return best, bests


def _crowded(s: Any, troop: int, base: list[float]) -> list[float]:
    """Free-for-all (Pandemonium): `base` less 1.5 per opposing troop beyond the first that could reach and
    attack the hex next turn (Movement + Range of any of its units), so a unit does not walk into the
    middle of everyone."""
    reach: dict[int, np.ndarray] = {}
    dist = s.grid.dist_array
    for o in s.opponents_of(troop):
        hit = dist[:, o.hex] <= rules.movement_of(s, o) + rules.range_of(s, o)
        got = reach.get(o.troop)
        reach[o.troop] = hit if got is None else (got | hit)
    if len(reach) < 2:
        return base
    threats = np.sum(list(reach.values()), axis=0)
    return (np.asarray(base) - 1.5 * np.maximum(threats - 1, 0)).tolist()


def _leader(s: Any, troop: int) -> int:
    """Free-for-all: the opposing troop with the most HP in combat plus Health ready in camp (the one to
    keep down); -1 when there is none."""
    best, who = -1, -1
    for t in s.troops:
        if t.index == troop or t.index not in s.order:
            continue
        strength = sum(u.hp for u in s.in_combat(t.index)) + sum(
            u.unit.health for u in s.units if u.troop == t.index and u.zone == "camp" and u.active)
        if strength > best:
            best, who = strength, t.index
    return who


def _holds_stones(s: Any) -> bool:
    """The mode asks for the `hold-stones` scoring (its declared `Mode.heuristics`: Onslaught)."""
    return s.mode.heuristics.profile == "hold-stones"


def _rival_reach(s: Any, troop: int) -> list[tuple[int, int]]:
    """(hex, Movement + Range) of every opponent in combat: the hexes it could attack next turn."""
    return [(o.hex, rules.movement_of(s, o) + rules.range_of(s, o)) for o in s.opponents_of(troop)]


def _threat(dist, reach: list[tuple[int, int]], h: int) -> int:
    row = dist[h]
    return sum(1 for x, r in reach if row[x] <= r)


class GreedyController:
    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = rng

    _METHOD: dict[str, str] = {}
    """decision -> name of its method ("trigger-order" -> "_trigger_order"), built on first use."""

    def choose(self, g: Any, troop: int, decision: str, options: Sequence[Any], *, optional: bool) -> Any | None:
        name = self._METHOD.get(decision)
        if name is None:
            name = self._METHOD[decision] = "_" + decision.replace("-", "_")
        fn = getattr(self, name, None)
        if fn is None:
            return options[0]
        return fn(g, troop, options, optional)

    # --- helpers ---------------------------------------------------------------------------
    def _best(self, scored: list[tuple[float, Any]], threshold: float | None) -> Any | None:
        if not scored:
            return None
        # One pass: the maximum and every option scoring it, in order (what max() then a filter give).
        top, best = scored[0][0], []
        for sc, o in scored:
            if sc > top:
                top, best = sc, [o]
            elif sc == top:
                best.append(o)
        if threshold is not None and top <= threshold:
            return None
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
        if _holds_stones(s):
            return self._deploy_onslaught(g, troop, options, optional)
        non_hero = [o for o in options if not s.units[o[0]].is_primary_hero]
        options = non_hero or list(options)
        opps = [x.hex for x in s.opponents_of(troop)] or list(s.grid.tagged("stone"))
        center, muted = s.grid.center, s.muted
        dist = s.grid.dist
        values: dict[int, float] = {}
        hexes: dict[int, float] = {}
        scored = []
        for o in options:
            uid, h = o
            v = values.get(uid)
            if v is None:
                un = s.units[uid].unit
                v = values[uid] = (un.health + 2 * attack_odds(un.attack, 0, 0)[0]) * 100
            hs = hexes.get(h)
            if hs is None:
                row = dist[h]
                hs = hexes[h] = -min((row[x] for x in opps), default=0) - (3 if center[h] else 0) - (2 if muted[h] else 0)
            scored.append((v + hs, o))
        return self._best(scored, None)

    def _tactic(self, g, troop, options, optional):
        s = g.state
        camp = s.troops[troop].tactics_camp
        scored = []
        for i, uid in options:
            tac, u = camp[i], s.units[uid]
            terms = {e.term for e in tac.effects}
            # An ally is any unit of the same team (UNIT-11): own units and a co-op partner's (TAC-2 lets
            # a tactic go on a partner's adjacent unit), never a harmful tactic's target.
            own = rules.same_team(s, u.troop, troop)
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
        if _holds_stones(s):
            return self._move_onslaught(g, troop, options, optional)
        grid = s.grid
        opp_hexes = [o.hex for o in s.opponents_of(troop)]
        # Distance from every hex to the nearest opponent (memoised per set of opponent hexes: `_near`).
        near = _near(grid, opp_hexes) if opp_hexes else None
        muted = s.muted
        base = _hex_base(grid, muted)
        if s.mode.heuristics.profile == "free-for-all" and opp_hexes:
            base = _crowded(s, troop, base)
        dist, units = grid.dist, s.units
        best = 0.0
        bests: list = []
        i, n = 0, len(options)
        while i < n:  # options come grouped by unit (engine.turn.movement_step)
            uid = options[i][0]
            j = i
            while j < n and options[j][0] == uid:
                j += 1
            u = units[uid]
            sc, opts = _best_move(options, i, j, near, base, muted, dist[u.hex], rules.range_of(s, u), u.is_primary_hero, u.hex)
            if opts:
                if sc > best:
                    best, bests = sc, list(opts)
                elif sc == best:
                    bests.extend(opts)
            i = j
        if not bests:
            return None
        if len(bests) > 1 and self.rng is not None:
            return bests[int(self.rng.integers(len(bests)))]
        return bests[0]

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
        if _holds_stones(s):
            return self._engage_onslaught(g, troop, options, optional)
        units, profile = s.units, rules.attack_profile
        leader = _leader(s, troop) if s.mode.heuristics.profile == "free-for-all" else -1
        scored = []
        for opt in options:
            u = units[opt[1]]
            if opt[0] == "attack":
                t = units[opt[2]]
                mean, at_least = attack_odds(*profile(g, u, t))
                value = (20.0 if t.unit.elite else 10.0) * (1.3 if t.troop == leader else 1.0)
                hp = t.hp
                kill = at_least[hp] if hp < len(at_least) else 0.0  # kill_chance, inlined (hot)
                scored.append((kill * value + mean, opt))
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

    # --- Onslaught ------------------------------------------------------------------------------
    def _deploy_onslaught(self, g, troop, options, optional):
        s = g.state
        units = s.units
        dist = s.grid.dist
        others = [o for o in options if not units[o[0]].is_primary_hero]
        if not others:
            if optional:
                return None  # keep the primary hero in camp (ONS-10)
            reach = _rival_reach(s, troop)
            rivals = [x for x, _ in reach]
            return self._best([(-6.0 * _threat(dist, reach, h) + min((dist[h][x] for x in rivals), default=0), (uid, h))
                               for uid, h in options], None)
        board = s.board
        stones = [h for h in s.grid.tagged("stone") if board[h] < 0 or units[board[h]].troop != troop]
        stones = stones or list(s.grid.tagged("stone"))
        values: dict[int, float] = {}
        scored = []
        for uid, h in others:
            v = values.get(uid)
            if v is None:
                un = units[uid].unit
                v = values[uid] = (un.health + 2 * attack_odds(un.attack, 0, 0)[0]) * 100
            scored.append((v - min(dist[h][x] for x in stones), (uid, h)))
        return self._best(scored, None)

    def _move_onslaught(self, g, troop, options, optional):
        s = g.state
        grid = s.grid
        dist, units, muted = grid.dist, s.units, s.muted
        stone = [("stone" in t) for t in grid.tags]
        imm = [o.hex for o in s.opponents_of(troop) if o.unit.kind == "immortal"]
        arena = [o.hex for o in s.opponents_of(troop) if o.unit.kind != "immortal"]
        reach = _rival_reach(s, troop)
        rivals = [x for x, _ in reach]
        cache: dict[int, tuple[float, int]] = {}

        def score(u, h: int) -> float:
            row = dist[h]
            r = rules.range_of(s, u)
            hit_arena = not muted[h] and any(row[x] <= r for x in arena)
            if u.is_primary_hero:
                threat = _threat(dist, reach, h)
                near = min((row[x] for x in rivals), default=6)
                return -6.0 * threat + 0.3 * min(near, 6) + (2.0 if hit_arena and threat == 0 else 0.0)
            sc = (s.mode.heuristics.stone + 0.5 * u.hp) if stone[h] else 0.0
            if hit_arena:
                sc += 4.0
            elif not muted[h] and any(row[x] <= r for x in imm):
                sc += 1.0
            if arena:
                sc -= 0.3 * min(row[x] for x in arena)
            elif imm:
                sc -= 0.1 * min(row[x] for x in imm)
            return sc

        best = 0.0
        bests: list = []
        for opt in options:
            uid, h = opt
            u = units[uid]
            got = cache.get(uid)
            if got is None or got[1] != u.hex:
                got = cache[uid] = (score(u, u.hex), u.hex)
            sc = score(u, h) - got[0] - 0.01 * dist[u.hex][h]
            if sc > best + 1e-9:
                best, bests = sc, [opt]
            elif bests and abs(sc - best) <= 1e-9:
                bests.append(opt)
        if not bests:
            return None
        if len(bests) > 1 and self.rng is not None:
            return bests[int(self.rng.integers(len(bests)))]
        return bests[0]

    def _engage_onslaught(self, g, troop, options, optional):
        s = g.state
        dist = s.grid.dist
        imm_hexes = [o.hex for o in s.opponents_of(troop) if o.unit.kind == "immortal"]

        h = s.mode.heuristics

        def value(t, mean: float, kill: float) -> float:
            if t.unit.kind == "immortal":
                return h.ignored_damage * mean
            return kill * h.kill + min(mean, t.hp)

        scored = []
        for opt in options:
            u = s.units[opt[1]]
            if u.is_primary_hero and any(dist[u.hex][x] <= 1 for x in imm_hexes):
                continue  # the hero stays out of the immortal's way (ONS-10)
            if opt[0] == "attack":
                t = s.units[opt[2]]
                pool, bonus, reduce = rules.attack_profile(g, u, t)
                mean, at_least = attack_odds(pool, bonus, reduce)
                scored.append((value(t, mean, kill_chance(at_least, t.hp)), opt))
            else:
                sid = opt[2]
                if sid == "long-shot":
                    t = s.units[opt[3][0]]
                    scored.append((value(t, YELLOW_P, YELLOW_P if t.hp <= 1 else 0.0), opt))
                elif sid == "whirlwind":
                    adj = rules.targets_in_range(s, u, 1)
                    p = 1 - (1 - BLUE_P) ** len(adj)
                    mean = BLUE_P * len(adj)
                    scored.append((sum(value(t, mean, p if t.hp <= 1 else 0.0) for t in adj), opt))
                elif sid == "savage":
                    tot = 0.0
                    for t in rules.targets_in_range(s, u):
                        mean, at_least = attack_odds(rules.attack_profile(g, u, t)[0], 0, 0)
                        tot += value(t, mean, kill_chance(at_least, t.hp))
                    scored.append((tot, opt))
        return self._best(scored, 0.0)

    # --- Colosseum ------------------------------------------------------------------------------
    def _track(self, g, troop, options, optional):
        from hoplostat.rulesets.remastered.colosseum import FOOTHOLD, GOLD, HERO, HP, SUPPORT

        s = g.state
        t = s.troops[troop]
        if t.track in options and t.favor > 0:
            return t.track
        hero = s.units[t.primary_hero] if t.primary_hero >= 0 else None
        order = [SUPPORT] + ([HERO] if hero is not None and not hero.active else []) + [HP, HERO, FOOTHOLD, GOLD]
        for k in order:
            if k in options:
                return k
        return options[0]

    def _support(self, g, troop, options, optional):
        s = g.state
        grid = s.grid
        opp_hexes = [o.hex for o in s.opponents_of(troop)]
        opp = 1 - troop
        hero = s.units[s.troops[opp].primary_hero] if s.troops[opp].primary_hero >= 0 else None
        target = hero.hex if hero is not None and hero.hex >= 0 else (opp_hexes[0] if opp_hexes else -1)
        opp_outer = set(grid.tagged(f"outer-{s.troops[opp].side}"))
        scored = []
        for kind, h in options:
            row = grid.dist[h]
            if kind == "sentinel":
                near = min((row[x] for x in opp_hexes), default=10)
                scored.append((100.0 - near, (kind, h)))
                continue
            sc = 0.0
            occ = s.board[h]
            if occ >= 0 and s.units[occ].troop == troop and s.muted[h]:
                sc += 50.0
            if h in opp_outer:
                sc += 30.0
            if grid.inner[h]:
                sc += 20.0
            if target >= 0:
                sc -= 0.1 * row[target]
            scored.append((sc, (kind, h)))
        return self._best(scored, None)

    def _reward_hp(self, g, troop, options, optional):
        s = g.state
        for uid in options:
            if s.units[uid].is_primary_hero:
                return uid
        return max(options, key=lambda uid: (s.units[uid].hp, -uid))

    def _foothold(self, g, troop, options, optional):
        s = g.state
        scored = []
        for opt in options:
            if opt[0] == "flip":
                scored.append((10.0, opt))
                continue
            _, src, dest = opt
            sc = 0.0
            occ = s.board[dest]
            if occ >= 0 and s.units[occ].troop == troop and s.grid.inner[dest]:
                sc += 5.0
            occ = s.board[src]
            if occ >= 0 and s.units[occ].troop == troop and s.grid.inner[src]:
                sc -= 5.0
            scored.append((sc, opt))
        return self._best(scored, 0.0)

    def _intercept(self, g, troop, options, optional):
        u = g.state.units[options[0]]
        return None if u.is_primary_hero else options[0]

    def _return_unit(self, g, troop, options, optional):
        s = g.state
        return max(options, key=lambda uid: (s.units[uid].unit.health, -uid))

    def _hero_reward(self, g, troop, options, optional):
        """Pandemonium's hero-defeat reward (and Alliance's third reward): the highest-Health unit."""
        return self._return_unit(g, troop, options, optional)

    def _stone_tactic(self, g, troop, options, optional):
        """Pandemonium's stone step: take back the discarded tactic that is not a heal, else the first."""
        camp = {tac.id: tac for tac in g.state.troops[troop].tactics_discard}
        for tid in options:
            if {e.term for e in camp[tid].effects} != {"heal"}:
                return tid
        return options[0]

    def _stone_relocate(self, g, troop, options, optional):
        """The stone unit and deployment hex whose hex score drops least (often the one nearest a fight)."""
        s = g.state
        scored = [(self._hex_score(g, s.units[uid], h) - self._hex_score(g, s.units[uid], s.units[uid].hex),
                   (uid, h)) for uid, h in options]
        return self._best(scored, None)

    def _team_reward(self, g, troop, options, optional):
        s = g.state

        def gain(opt) -> float:
            k, mate = opt
            if k == 2:
                return len(s.troops[mate].tactics_discard)
            return sum(u.unit.health for u in s.units if u.troop == mate and u.zone == "discard" and not u.elite)

        return self._best([(gain(o), o) for o in options], None)

    def _catch_up(self, g, troop, options, optional):
        s = g.state
        for uid in options:
            if s.units[uid].is_primary_hero:
                return uid
        return min(options, key=lambda uid: (s.units[uid].hp, uid))
