"""GreedyController: one-step greedy play on exact attack odds.

Heuristics (each decision scored on its own, best first; ties broken by the rng):
- deploy: always deploy; never the primary hero while another unit can go (protect the
  hero); the unit with the most Health + 2 x expected hits; the free deployment hex
  nearest an opponent (or a stone hex when no opponent is in combat).
- tactic: harmful tactics (stun, movement-set, damage) on the opposing unit with the most
  attack dice; helpful ones on the own or allied (a co-op partner's) unit with the most HP.
  A tactic that only heals or adds HP goes to a damaged unit first (the weaker the better); to
  a unit at full HP only when it adds HP (Bolster Health: gained HP may exceed Health, UNIT-4;
  a heal never does) and an opponent could attack that unit next turn; otherwise it stays in
  camp.
- move: move a unit when it improves its hex score: +5 with an opponent in Range,
  +2 on a stone hex while standing there still earns something (Pozzuoli favor stops at the
  last reward, CF-2), -0.5 per hex to the nearest opponent; the primary hero instead keeps
  its distance unless it can attack from the new hex. A chained, inactive opposing hero is
  no opponent to close in on (unless it is the only one). Endgame hunt: once the opposing
  troop has nothing left but its primary hero (and sentinels), that hero is the only
  opponent every unit scores, the own primary hero included.
- ability: Regen always; Fury Aura unless it would only wake a chained hero; Hurl only to
  pull an opponent into the Range of more own units; Impel on the adjacent ally with the
  best attack (worth that attack: its second one); Shove, and Swap with an opponent, when
  the hexes gain (an opponent off a stone that still pays it or onto the center or an inner
  hex, the own unit onto a better one) + 1 per own unit that can then hit the opponent in
  this Engage step + 2 if it can no longer reach the own primary hero next turn; Swap with
  an own unit when both units' movement scores gain (an archer into Range). A mode whose players
  score hexes their own way may offer no Swap or Shove.
- engage: the attack or Special with the highest kill chance x value of the target
  (hero 20, other 10) + expected damage (hoplostat.odds, exact); focus fire follows
  because targets are re-scored after every attack. Reposition (a Special: one hex instead
  of attacking) for a unit with no attack, at a tenth of its movement-score gain.
- intercept: always, except with the primary hero.
- return-unit / catch-up: the highest-Health unit / the primary hero if in combat.
- trigger-order (SKL-4, several effects of its own troop from one incident): the first offered
  (arrival order); greedy does not plan the order.

Colosseum (rulesets/remastered/colosseum.py):
- deploy and move: the center hex costs 3 (1 damage at the start of the next turn), an inner
  hex without a foothold costs 2 on deployment and 3 as a move's end (no attacks there, skills
  ignored) and never counts as "opponent in Range".
- chained heroes (SKR-2, SKR-10): any damage wakes an inactive opposing hero, which
  then moves and fights; so no attack, Special, Fury Aura or damaging tactic touches one unless
  the attacks offered on it in this Engage step defeat it together with chance >= `WAKE_KILL`
  (0.5; exact, their damage distributions convolved), or it is hunted (the endgame above).
- track: each open track is worth its reward to us minus what it hands the opponent (SKR-11: the
  opponent's support chip above "add 3 HP", "activate your hero" and "move or flip a foothold"),
  in unit values (Health + 2 x expected hits): a chip is a sentinel if its troop can place one
  (else a foothold, 1); 3 HP 3; activating an inactive hero the hero's value (else 1: the outer
  hexes); the foothold reward 1 (a chip with a foothold to flip). Continue the current track
  while it has progress and is worth something; else the best track; when none is worth
  anything, switch to another track, losing the progress (CF-4), so no gift is reached unless
  one gain fills five spaces. Without gifts (a co-op game against the titan: every chip is the players') the order
  is fixed: continue, else "gain this support chip", "activate your hero" (while inactive),
  "add 3 HP", "activate your hero", "move or flip a foothold", gold.
- support: a sentinel on the free pedestal nearest an opponent when one can be placed;
  otherwise a foothold under an own unit on an inner hex (it may attack again), then on the
  opponent's outer deployment hexes (denies them, DEP-6), then an inner hex, nearer the
  opposing hero first.
- reward-hp: the primary hero if in combat, else the unit with the most HP.
- foothold: flip to a sentinel when possible; else move it under an own unit on an inner hex
  without taking it from under another; otherwise leave it.

A mode with heuristics of its own describes them in its players module (`Mode.greedy`), in its rule set.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import numpy as np

from hoplostat.dice import HIT_FACES
from hoplostat.engine import rules
from hoplostat.engine.mode import Mode
from hoplostat.policies.base import UnknownDecision
from hoplostat.policies.greedy_scores import (  # noqa: F401  (re-exported: the rule sets' players import them from here)
    BLUE_P,
    HARMFUL,
    HP_TERMS,
    IMMOBILE_KINDS,
    WAKE_KILL,
    YELLOW_P,
    _best_move,
    _chip_value,
    _colosseum,
    _displace_gain,
    _fights,
    _has_army,
    _hex_base,
    _hunted,
    _is_sleeper,
    _may_wake,
    _move_score,
    _near,
    _pmf,
    _rival_reach,
    _swap_gain,
    _targets,
    _team_kill,
    _threat,
    _track_values,
    _unit_value,
    attack_odds,
    kill_chance,
)


class GreedyController:
    """The greedy player: each decision scored on its own (the module's text). This class holds the heuristics of
    Remastered's core and the Colosseum; a mode whose goals or decisions differ declares its own subclass
    (`Mode.greedy`, kept in the mode's rule set), and `choose` hands each decision to the heuristics of the mode
    being played, so one greedy player plays every mode."""

    DECISIONS: ClassVar[dict[str, str]] = {
        "deploy": "_deploy", "tactic": "_tactic", "move": "_move", "ability": "_ability", "engage": "_engage",
        "intercept": "_intercept", "return-unit": "_return_unit", "catch-up": "_catch_up",
        "trigger-order": "_first_offered",
        # the Colosseum (rulesets/remastered/colosseum.py)
        "track": "_track", "support": "_support", "reward-hp": "_reward_hp", "foothold": "_foothold",
    }
    """Decision -> the method that takes it. A subclass extends it (`{**GreedyController.DECISIONS, ...}`) with its
    mode's own decisions; a decision missing here is an error (`UnknownDecision`), never a silent first option."""
    _TAKES: ClassVar[dict[str, Callable[..., Any]]]
    """`DECISIONS` resolved to functions when the class is made (an override of a method by name is found)."""

    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = rng
        self._of_mode: dict[type, GreedyController] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._TAKES = {d: getattr(cls, name) for d, name in cls.DECISIONS.items()}

    def choose(self, g: Any, troop: int, decision: str, options: Sequence[Any], *, optional: bool) -> Any | None:
        mode = type(g.state.mode)
        h = self._of_mode.get(mode)
        if h is None:
            h = self._of_mode[mode] = self._heuristics_for(mode)
        if h is not self:
            h.rng = self.rng  # one player, one stream: ties are broken from this player's rng
        fn = h._TAKES.get(decision)
        if fn is None:
            raise UnknownDecision(f"greedy ({type(h).__name__}) has no heuristic for the decision {decision!r} of "
                                  f"the mode {getattr(mode, 'name', mode.__name__)!r}: add it to the DECISIONS of the "
                                  f"greedy heuristics the mode declares (Mode.greedy)")
        return fn(h, g, troop, options, optional)

    def core_player(self, rng: np.random.Generator) -> tuple | str:
        """This player as the native core reads it (`engine.native`), or why the core cannot play it: the core
        plays the core heuristics only, ties from no stream, the game's or its own."""
        from hoplostat.engine.native import export_rng

        if self.rng is None:
            return ("greedy", "first")
        return ("greedy", "game") if self.rng is rng else ("greedy", export_rng(self.rng))

    def _heuristics_for(self, mode: type[Mode]) -> GreedyController:
        """This player's heuristics for `mode`: itself when the mode plays the core heuristics (or this player is
        already the mode's own, or a subclass of it), else an instance of the mode's declared class."""
        declared = mode.greedy()
        if declared is None or isinstance(self, declared):
            return self
        if not issubclass(declared, GreedyController):
            raise TypeError(f"{mode.__name__}.greedy() must return a GreedyController subclass, not {declared!r}")
        return declared(self.rng)

    def _first_offered(self, g, troop, options, optional):
        """A decision greedy does not weigh: the first option offered (the order the rules list them in; for
        "trigger-order", SKL-4, the arrival order)."""
        return options[0]

    # --- hooks a mode's heuristics override -------------------------------------------------------
    def _hex_base_adjusted(self, s: Any, troop: int, base: list[float]) -> list[float]:
        """The movement's hex scores before distances (`_hex_base`), as this mode weighs them: unchanged here
        (a free-for-all lowers the hexes several troops can reach)."""
        return base

    def _leader(self, s: Any, troop: int) -> int:
        """The opposing troop whose units are worth more as targets (to keep the leader down): none here (-1)."""
        return -1

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
                v = values[uid] = _unit_value(un) * 100
            hs = hexes.get(h)
            if hs is None:
                row = dist[h]
                hs = hexes[h] = (-min((row[x] for x in opps), default=0) - (3 if center[h] else 0)
                                 - (2 if muted[h] else 0))
            scored.append((v + hs, o))
        return self._best(scored, None)

    def _tactic(self, g, troop, options, optional):
        s = g.state
        camp = s.troops[troop].tactics_camp
        scored = []
        reach: list = []  # opponents' (hex, Movement + Range), for HP tactics, built on first need
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
                if terms and terms <= HP_TERMS:
                    if not reach:
                        reach.append([(o.hex, rules.movement_of(s, o) + rules.range_of(s, o))
                                      for o in s.opponents_of(troop) if o.active])
                    sc = self._hp_tactic_value(s, u, terms, reach[0])
                    if sc is not None:
                        scored.append((sc, (i, uid)))
                    continue
                if "damage-adjacent" in terms:
                    adj = rules.targets_in_range(s, u, 1)
                    if not adj or any(_is_sleeper(o) and o.hp > 1 and _hunted(s, troop) is not o for o in adj):
                        continue  # nobody to hit, or it would only wake a chained hero (SKR-10)
                scored.append((5 + u.hp, (i, uid)))
        return self._best(scored, None)

    @staticmethod
    def _hp_tactic_value(s, u, terms, reach: list[tuple[int, int]]) -> float | None:
        """A tactic that only heals or adds HP (Bolster Health: gains 2 HP, which may exceed Health, UNIT-4; a
        heal never does): on a damaged unit first, the weaker the better; on a unit at full HP only a gain,
        and only when an opponent could attack it next turn (Movement + Range); otherwise kept in camp."""
        damaged = u.hp < u.unit.health
        if not damaged and "gain-hp" not in terms:
            return None
        row = s.grid.dist[u.hex]
        threatened = any(row[x] <= r for x, r in reach)
        if not damaged and not threatened:
            return None
        return 5.0 + (4.0 if damaged else 0.0) + (2.0 if threatened else 0.0) - 0.1 * u.hp

    def _move(self, g, troop, options, optional):
        s = g.state
        grid = s.grid
        hunted = _hunted(s, troop)
        opp_hexes = _targets(s, troop, hunted)
        # Distance from every hex to the nearest opponent (memoised per set of opponent hexes: `_near`).
        near = _near(grid, opp_hexes) if opp_hexes else None
        muted = s.muted
        base = _hex_base(grid, muted, s.mode.stones_pay(s, troop))
        if opp_hexes:
            base = self._hex_base_adjusted(s, troop, base)
        dist, units = grid.dist, s.units
        keep_back = hunted is None  # the primary hero keeps its distance, except in the endgame hunt
        best = 0.0
        bests: list = []
        i, n = 0, len(options)
        while i < n:  # options come grouped by unit (engine.turn.movement_step)
            uid = options[i][0]
            j = i
            while j < n and options[j][0] == uid:
                j += 1
            u = units[uid]
            sc, opts = _best_move(options, i, j, near, base, muted, dist[u.hex], rules.range_of(s, u),
                                   u.is_primary_hero and keep_back, u.hex)
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
        units = s.units
        scored = []
        ctx: list = []  # (near, own base, keep-back) for Swap and Shove, built on first need
        for opt in options:
            uid, sid, args = opt
            if sid == "regen":
                scored.append((1.0, opt))
            elif sid == "fury-aura":
                adj = rules.targets_in_range(s, units[uid], 1)
                if any(_is_sleeper(o) and o.hp > 1 and _hunted(s, troop) is not o for o in adj):
                    continue  # 1 damage would only wake a chained hero (SKR-10)
                scored.append((1.0, opt))
            elif sid == "hurl":
                v, dest = args
                target = units[v]
                if target.troop == troop:
                    continue
                before = sum(1 for m in s.in_combat(troop) if s.grid.dist[m.hex][target.hex] <= rules.range_of(s, m))
                after = sum(1 for m in s.in_combat(troop) if s.grid.dist[m.hex][dest] <= rules.range_of(s, m))
                scored.append((float(after - before), opt))
            elif sid == "impel":
                sc = self._impel_value(g, troop, units[args[0]])
                if sc > 0:
                    scored.append((sc, opt))
            elif sid == "consuming-impel":
                # Rise of Rome: the ally's extra attack, at the price of the holder's own (R-ROR-6)
                sc = self._impel_value(g, troop, units[args[0]]) - self._impel_value(g, troop, units[uid])
                if sc > 0:
                    scored.append((sc, opt))
            elif sid in ("swap", "shove"):
                if not ctx:
                    hunted = _hunted(s, troop)
                    opp_hexes = _targets(s, troop, hunted)
                    ctx.extend((_near(s.grid, opp_hexes) if opp_hexes else None,
                                _hex_base(s.grid, s.muted, s.mode.stones_pay(s, troop)), hunted is None))
                u, o = units[uid], units[args[0]]
                if sid == "shove":
                    sc = _displace_gain(s, troop, o, s.grid.beyond(u.hex, o.hex), u, ctx[1])
                elif rules.same_team(s, o.troop, troop):
                    sc = _swap_gain(s, u, o, *ctx)
                else:
                    sc = _displace_gain(s, troop, o, u.hex, u, ctx[1])
                if sc > 0:
                    scored.append((sc, opt))
        return self._best(scored, 0.0)

    @staticmethod
    def _impel_value(g, troop: int, a) -> float:
        """Impel: the adjacent ally attacks twice this Engage step; the second attack is worth the best attack
        it has now (kill chance x value + expected damage, as `_engage` scores it), 0 without one."""
        s = g.state
        if not rules.can_engage(s, a):
            return 0.0
        best = 0.0
        for t in rules.targets_in_range(s, a):
            if _is_sleeper(t) and _hunted(s, troop) is not t:
                continue
            mean, at_least = attack_odds(*rules.attack_profile(g, a, t))
            sc = kill_chance(at_least, t.hp) * (20.0 if t.unit.elite else 10.0) + mean
            if sc > best:
                best = sc
        return best

    def _engage(self, g, troop, options, optional):
        s = g.state
        units, profile = s.units, rules.attack_profile
        leader = self._leader(s, troop)
        wake: dict[int, bool] = {}  # chained hero -> may be damaged now (`_may_wake`)
        scored = []
        repositions = []
        for opt in options:
            u = units[opt[1]]
            if opt[0] == "attack":
                t = units[opt[2]]
                if not t.active and t.is_primary_hero and not _may_wake(g, troop, options, t, wake):  # _is_sleeper
                    continue
                mean, at_least = attack_odds(*profile(g, u, t))
                value = (20.0 if t.unit.elite else 10.0) * (1.3 if t.troop == leader else 1.0)
                hp = t.hp
                kill = at_least[hp] if hp < len(at_least) else 0.0  # kill_chance, inlined (hot)
                scored.append((kill * value + mean, opt))
            else:
                sid = opt[2]
                if sid == "long-shot":
                    t = s.units[opt[3][0]]
                    if _is_sleeper(t) and not _may_wake(g, troop, options, t, wake):
                        continue
                    value = 20.0 if t.elite else 10.0
                    scored.append((YELLOW_P * (1 + (value if t.hp <= 1 else 0)), opt))
                elif sid == "whirlwind":
                    adj = rules.targets_in_range(s, u, 1)
                    if any(_is_sleeper(o) and not _may_wake(g, troop, options, o, wake) for o in adj):
                        continue
                    scored.append((BLUE_P * len(adj) * len(adj), opt))
                elif sid == "reposition":
                    repositions.append(opt)
                elif sid == "stun":
                    # Rise of Rome's Stun (an Alternate Attack): a blue die; a hit takes the target out for a
                    # round. Worth what the target would do in that round: its expected hits, more for a
                    # champion about to act.
                    t = s.units[opt[3][0]]
                    threat = sum(n * f for n, f in zip(t.unit.attack.counts, HIT_FACES)) / 6.0
                    scored.append((BLUE_P * (threat + (2.0 if t.is_primary_hero and t.active else 0.0)), opt))
        if repositions:
            self._reposition(s, troop, scored, repositions)
        return self._best(scored, 0.0)

    @staticmethod
    def _reposition(s, troop, scored: list, options: list) -> None:
        """Reposition (a Special: one hex instead of attacking) for a unit with nothing better to do this
        Engage step, when the hex one step away scores higher by the movement heuristics (e.g. puts an archer
        in Range for next turn, takes the primary hero a step back); worth a tenth of the gain, so damage
        always goes first."""
        armed = {o[1] for _, o in scored}
        options = [o for o in options if o[1] not in armed]
        if not options:
            return
        hunted = _hunted(s, troop)
        opp_hexes = _targets(s, troop, hunted)
        if not opp_hexes:
            return
        grid, muted = s.grid, s.muted
        near = _near(grid, opp_hexes)
        base = _hex_base(grid, muted, s.mode.stones_pay(s, troop))
        for opt in options:
            u = s.units[opt[1]]
            r, hero = rules.range_of(s, u), u.is_primary_hero and hunted is None
            gain = _move_score(near, base, muted, r, hero, opt[3][0]) - _move_score(near, base, muted, r, hero, u.hex)
            if gain > 0:
                scored.append((0.1 * gain, opt))

    # --- Colosseum ------------------------------------------------------------------------------
    def _track(self, g, troop, options, optional):
        col = _colosseum()
        s = g.state
        t = s.troops[troop]
        chips, cur = t.track_chips, t.track
        gold = col.GOLD
        gifts: dict[int, int] = {}
        for k in options:
            if k < gold and chips[k] >= 0 and chips[k] != troop and not rules.same_team(s, chips[k], troop):
                gifts[k] = chips[k]
        if cur in options and t.favor > 0 and cur not in gifts:
            return cur  # progress on a track that hands nobody anything: go on
        if not gifts:
            # Every reward is a pure gain: the chip first, then the hero.
            hero = s.units[t.primary_hero] if t.primary_hero >= 0 else None
            order = [col.SUPPORT] + ([col.HERO] if hero is not None and not hero.active else []) \
                + [col.HP, col.HERO, col.FOOTHOLD, gold]
            for k in order:
                if k in options:
                    return k
            return options[0]
        net = _track_values(s, troop, options, gifts)
        best, other = -1, -1  # the best track, and the best but the current one (ties: the lower index)
        for k in options:
            if best < 0 or net[k] > net[best]:
                best = k
            if k != cur and (other < 0 or net[k] > net[other]):
                other = k
        if net[best] <= 0:
            # Nothing worth more to us than to the opponent: restart on another track, so the progress made
            # on the current one is lost (CF-4) and no reward is reached unless this gain fills five spaces.
            return other if other >= 0 else best
        if cur in options and t.favor > 0 and net[cur] > 0:
            return cur
        return best

    def _support(self, g, troop, options, optional):
        # Teams, not "the other troop": a foothold helps the placer's team (its own and a co-op partner's
        # units; footholds shared by a co-op team, ASC-12) and denies only the opposing team's deployment hexes
        # (DEP-6); the target to place near is the opposing primary hero in combat, else an opposing elite (the
        # titan), else the first opponent.
        s = g.state
        grid = s.grid
        opps = s.opponents_of(troop)
        opp_hexes = [o.hex for o in opps]
        rivals = [t for t in s.troops if not rules.same_team(s, t.index, troop)]
        heroes = [s.units[t.primary_hero] for t in rivals if t.primary_hero >= 0]
        target = next((u.hex for u in heroes if u.hex >= 0), -1)
        if target < 0:
            target = next((o.hex for o in opps if o.unit.elite), opp_hexes[0] if opp_hexes else -1)
        own_sides = {t.side for t in s.troops if rules.same_team(s, t.index, troop)}
        opp_outer = {h for side in {t.side for t in rivals} - own_sides for h in grid.tagged(f"outer-{side}")}
        scored = []
        for kind, h in options:
            row = grid.dist[h]
            if kind == "sentinel":
                near = min((row[x] for x in opp_hexes), default=10)
                scored.append((100.0 - near, (kind, h)))
                continue
            sc = 0.0
            occ = s.board[h]
            if occ >= 0 and rules.same_team(s, s.units[occ].troop, troop) and s.muted[h]:
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
            if occ >= 0 and rules.same_team(s, s.units[occ].troop, troop) and s.grid.inner[dest]:
                sc += 5.0
            occ = s.board[src]
            if occ >= 0 and rules.same_team(s, s.units[occ].troop, troop) and s.grid.inner[src]:
                sc -= 5.0
            scored.append((sc, opt))
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


GreedyController._TAKES = {d: getattr(GreedyController, name) for d, name in GreedyController.DECISIONS.items()}
