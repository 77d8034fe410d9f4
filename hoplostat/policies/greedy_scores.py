"""The greedy player's scores, shared by its heuristics (`policies.greedy`) and the rule sets' greedy players:
attack odds and kill chances, per-hex movement scores, threats, the endgame hunt, a chained hero's wake-up risk,
displacement gains, unit values and the Colosseum tracks' values. `policies.greedy` re-exports every name."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hoplostat.engine import rules
from hoplostat.engine.registry import unit_hooks
from hoplostat.engine.state import BAG, CAMP, COMBAT
from hoplostat.odds import Attack, mean_and_tail

HARMFUL = {"stun", "movement-set", "damage"}
HP_TERMS = frozenset({"heal", "gain-hp"})

_ODDS: dict[tuple, tuple[float, tuple[float, ...]]] = {}


def attack_odds(pool, bonus: int, reduce: int) -> tuple[float, tuple[float, ...]]:
    """(expected damage, P(damage >= k) for k = 0..max) of an attack, exact (`odds.mean_and_tail`: the same
    bits on every machine, so ties between equal scores are ties everywhere), memoised."""
    key = (pool.counts, bonus, reduce)
    got = _ODDS.get(key)
    if got is None:
        got = _ODDS[key] = mean_and_tail(Attack(pool, bonus=bonus, reduce=reduce))
    return got


def kill_chance(at_least: tuple[float, ...], hp: int) -> float:
    return at_least[hp] if hp < len(at_least) else 0.0
YELLOW_P = 1 / 3
BLUE_P = 1 / 2


_BASE: dict[tuple[int, bool, tuple[bool, ...]], tuple[Any, list[float]]] = {}
_BASE_LAST: dict[tuple[int, bool], tuple[Any, list[bool], list[float]]] = {}
"""(id(grid), stones) -> (the grid, a copy of the muted pattern, its `_BASE` list): comparing two lists is much cheaper
than hashing the pattern, and the pattern only changes when a foothold is placed, moved or removed. Every
id-keyed cache here stores its grid and checks identity: a grid freed and another allocated at the same
address must not inherit its entries (games would then depend on what ran before in the process)."""


def _hex_base(grid, muted, stones: bool = True) -> list[float]:
    """Per-hex score of standing there regardless of opponents: +2 stone (only while `stones`: standing there
    still earns something, `Mode.stones_pay`), -3 center hex (1 damage next turn), -3 inner hex without a foothold
    (no attacks). Cached per grid, muted pattern and `stones`; the same pattern gives the same list object.
    The pattern is a plain list of the hexes alone (who stands there does not change it: a titan's rivals
    are exempt through `GameState.mute_exempt`), so a cached score can never depend on earlier positions or
    games."""
    last = _BASE_LAST.get((id(grid), stones))
    if last is not None and last[0] is grid and last[1] == muted:
        return last[2]
    key = (id(grid), stones, tuple(muted))
    entry = _BASE.get(key)
    if entry is not None and entry[0] is grid:
        got = entry[1]
    else:
        tags = grid.tags
        stone = 2.0 if stones else 0.0
        got = [
            (stone if "stone" in tags[h] else 0.0) - (3.0 if grid.center[h] else 0.0) - (3.0 if muted[h] else 0.0)
            for h in range(grid.n)
        ]
        if len(_BASE) > 4096:
            _BASE.clear()
        _BASE[key] = (grid, got)
    _BASE_LAST[(id(grid), stones)] = (grid, list(muted), got)
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


def _rival_reach(s: Any, troop: int) -> list[tuple[int, int]]:
    """(hex, Movement + Range) of every opponent in combat: the hexes it could attack next turn."""
    return [(o.hex, rules.movement_of(s, o) + rules.range_of(s, o)) for o in s.opponents_of(troop)]


def _threat(dist, reach: list[tuple[int, int]], h: int) -> int:
    row = dist[h]
    return sum(1 for x, r in reach if row[x] <= r)


WAKE_KILL = 0.5
"""Colosseum, two players: attack a chained (inactive) opposing hero only when the units that can hit it this Engage
step defeat it with at least this chance; any damage wakes it (SKR-10), and an awake hero moves and fights."""


def _is_sleeper(u: Any) -> bool:
    """An opposing primary hero inactive in combat: chained on its Colosseum hex (SKR-2), woken by any damage
    (SKR-10). Inactive heroes are in combat nowhere else (UNIT-8)."""
    return not u.active and u.is_primary_hero


IMMOBILE_KINDS = frozenset({"sentinel", "fa-archer"})
"""The support chips' unit sides, which never leave their pedestal: Remastered's sentinel, Rise of Rome's F/A
archer."""


def _fights(u: Any) -> bool:
    """A unit that can go after the opponents: not the primary hero, not an immobile support chip, not
    Stationed (Rise of Rome)."""
    return not u.is_primary_hero and u.unit.kind not in IMMOBILE_KINDS and not unit_hooks(u.unit, "stationary")


def _has_army(s: Any, troop: int) -> bool:
    """The troop has units to fight with besides its primary hero and its immobile chips (sentinels, archers,
    Stationed units): in combat, ready in camp, or in the bag."""
    for u in s.in_combat(troop):
        if _fights(u):
            return True
    for u in s.units:
        if u.troop == troop and (u.zone == BAG or (u.zone == CAMP and u.active)) and _fights(u):
            return True
    return False


def _hunted(s: Any, troop: int) -> Any | None:
    """Endgame of a two-player game: the opposing primary hero in combat, once its troop has nothing else left
    to fight with (no units in combat, camp or bag but the hero and immobile sentinels). Defeating it is then
    the remaining way to win (SKR-12), so every unit, the own primary hero too, goes for it; None otherwise."""
    if s.has_teams or len(s.troops) != 2:
        return None
    t = s.troops[1 - troop]
    if t.primary_hero < 0:
        return None
    hero = s.units[t.primary_hero]
    if hero.zone != COMBAT or _has_army(s, t.index):
        return None
    return hero


def _targets(s: Any, troop: int, hunted: Any | None) -> list[int]:
    """Hexes of the opponents a unit should close in on: the hunted hero alone in the endgame; otherwise every
    opponent in combat except a chained hero (nothing to gain next to it while it sleeps), unless it is all
    there is."""
    if hunted is not None:
        return [hunted.hex]
    opps = s.opponents_of(troop)
    if not s.mode.heuristics.wakes:
        return [o.hex for o in opps]  # a sleeping champion is the goal itself (Rise of Rome)
    got = [o.hex for o in opps if o.active]
    return got if got or not opps else [o.hex for o in opps]


def _may_wake(g: Any, troop: int, options: Sequence[Any], t: Any, cache: dict[int, bool]) -> bool:
    """Damage the chained opposing hero `t` in this Engage step only when it is hunted (the endgame) or the
    attacks offered on it defeat it together with chance >= `WAKE_KILL`; memoised per decision in `cache`."""
    got = cache.get(t.uid)
    if got is None:
        got = cache[t.uid] = not g.state.mode.heuristics.wakes or _hunted(g.state, troop) is t \
            or _team_kill(g, options, t) >= WAKE_KILL
    return got


def _pmf(at_least: tuple[float, ...]) -> list[float]:
    n = len(at_least)
    return [at_least[k] - (at_least[k + 1] if k + 1 < n else 0.0) for k in range(n)]


def _team_kill(g: Any, options: Sequence[Any], t: Any) -> float:
    """Chance that the attacks offered on `t` in this Engage step (each attacker once) defeat it together: the
    convolution of their exact damage distributions, the tail from t's HP merged."""
    s = g.state
    hp = t.hp
    dist = [1.0] + [0.0] * hp
    for opt in options:
        if opt[0] != "attack" or opt[2] != t.uid:
            continue
        step = _pmf(attack_odds(*rules.attack_profile(g, s.units[opt[1]], t))[1])
        out = [0.0] * (hp + 1)
        for i, p in enumerate(dist):
            if p:
                for k, q in enumerate(step):
                    out[min(hp, i + k)] += p * q
        dist = out
    return dist[hp]


def _swap_gain(s: Any, u: Any, v: Any, near, base: list[float], keep_back: bool) -> float:
    """Swap with an own unit: the change of both units' movement scores (`_move_score`: an opponent in Range,
    the hex, the distance to the nearest opponent), e.g. an archer stepping into Range past a defender."""
    if near is None:
        return 0.0
    muted = s.muted
    gain = 0.0
    for x, old, new in ((u, u.hex, v.hex), (v, v.hex, u.hex)):
        r, hero = rules.range_of(s, x), x.is_primary_hero and keep_back
        gain += _move_score(near, base, muted, r, hero, new) - _move_score(near, base, muted, r, hero, old)
    return gain


def _displace_gain(s: Any, troop: int, o: Any, dest: int, mover: Any, base: list[float]) -> float:
    """Opponent `o` displaced to `dest` while own unit `mover` takes o's hex (Shove) or the two change places
    (Swap with an opponent, `dest` = mover's hex): the change of both hexes' scores (stones that still pay,
    the center hex, inner hexes; o's from its own side), +1 per own unit that can hit o in this Engage step
    (-1 per one that no longer can), and +2 if o can no longer reach our primary hero next turn (-2 if it now
    can: Movement + Range)."""
    if dest < 0:
        return 0.0
    dist, muted = s.grid.dist, s.muted
    src = to = o.hex  # the mover ends on o's hex either way
    opp_base = _hex_base(s.grid, muted, s.mode.stones_pay(s, o.troop))
    gain = base[to] - base[mover.hex] + opp_base[src] - opp_base[dest]
    for m in s.in_combat(troop):
        if not rules.can_engage(s, m):
            continue
        r = rules.range_of(s, m)
        h = to if m is mover else m.hex
        gain += (not muted[h] and dist[h][dest] <= r) - (dist[m.hex][src] <= r)
    t = s.troops[troop]
    if t.primary_hero >= 0:
        hero = s.units[t.primary_hero]
        if hero.zone == COMBAT:
            reach = rules.movement_of(s, o) + rules.range_of(s, o)
            hh = to if hero is mover else hero.hex
            gain += 2.0 * ((dist[src][hero.hex] <= reach) - (dist[dest][hh] <= reach))
    return gain


def _unit_value(un: Any) -> float:
    """Health + 2 x expected hits: what a unit brings to the board (the deploy heuristic's measure)."""
    return un.health + 2.0 * attack_odds(un.attack, 0, 0)[0]


def _colosseum() -> Any:
    """The Colosseum arena module (track ids, `can_place_sentinel`), imported on first use and kept."""
    global _COLOSSEUM
    if _COLOSSEUM is None:
        from hoplostat.rulesets.remastered import colosseum

        _COLOSSEUM = colosseum
    return _COLOSSEUM


_COLOSSEUM: Any = None


def _chip_value(s: Any, troop: int) -> float:
    """A support chip for `troop`: a sentinel when it can place one (SUP-4: a free pedestal, its Health in the
    supply), else a foothold (worth 1: a denied or opened deployment hex)."""
    return _unit_value(s.support_unit) if _colosseum().can_place_sentinel(s, troop) else 1.0


def _track_values(s: Any, troop: int, options: Sequence[int], gifts: dict[int, int]) -> dict[int, float]:
    """Colosseum tracks among `options` (CF-6), each worth its reward to `troop` minus the support chip it hands
    an opponent (`gifts`: track -> the opponent owning the chip above it, SKR-11), in unit values
    (`_unit_value`): "gain this support chip" a chip; "add 3 HP" 3 with a unit in combat; "activate your hero"
    the hero's value while it is inactive (it then moves and fights), else 1 (the outer hexes); "move or flip
    a foothold" 1, or a chip with a foothold to flip. The gold track is not among them: it opens only once
    the four others are complete (CF-5), and then it hands nobody anything."""
    col = _colosseum()
    t = s.troops[troop]
    chips: dict[int, float] = {}

    def chip(o: int) -> float:
        got = chips.get(o)
        if got is None:
            got = chips[o] = _chip_value(s, o)
        return got

    val: dict[int, float] = {}
    for k in options:
        if k == col.SUPPORT:
            v = chip(troop)
        elif k == col.HP:
            units = s.units
            v = float(col.REWARD_HP) if any(units[i].troop == troop for i in s.combat) else 0.0
        elif k == col.HERO:
            hero = s.units[t.primary_hero] if t.primary_hero >= 0 else None
            v = _unit_value(hero.unit) if hero is not None and not hero.active else 1.0
        elif k == col.FOOTHOLD:
            v = chip(troop) if any(rules.same_team(s, o, troop) for o in s.footholds.values()) else 1.0
        else:
            v = 0.0
        o = gifts.get(k)
        val[k] = v if o is None else v - chip(o)
    return val
