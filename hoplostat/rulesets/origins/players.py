"""Greedy's Origins (`Origins.greedy`, also the Battle Royale's): `OriginsGreedy`, the core heuristics with these
of its own. The mode's players live with the mode: this module is the only part of it that imports a player, and the
rules reach it only through the mode's `greedy()`, on first use.

- draft: one of the chips worth nearly most (80% of the best or more, at random) to a lineup like the book's
  suggestion ("4-6 Gladiators, 1-2 Special Gladiators, 1-2 Tactics"): a gladiator's worth is Health + 2 x its
  expected hits (greedy's unit value) and a little for its skills; a second Special Gladiator is worth less
  (only one deploys per challenge, ORI-25), a third tactic much less;
- lineup: the six worth most for the arena (Atlantis: the sturdiest gladiator first, it will be the Leader;
  El Dorado: Move Range counts), one Special Gladiator at most unless nothing else is left;
- cut: the winner's chip worth most;
- deploy: in Atlantis the first gladiator (the Leader) is the sturdiest, on the hex farthest from the
  opponents; otherwise greedy's own deployment;
- move: the objective first (Xanadu: onto a free arena hex; El Dorado: a gladiator to its own Tribute, the
  holder to the opposing arena hex; Atlantis: a gladiator to the Spear, the Leader kept away from
  opponents), then greedy's own movement;
- engage: greedy's own scoring of Basic Attacks on Origins' profile (Elevated, Lunge, Distract), the
  Alternate Attacks by expected damage; a Tribute holder never drops its Tribute.
"""

from __future__ import annotations

from typing import Any, ClassVar

from hoplostat.engine import rules
from hoplostat.policies.greedy import GreedyController, _unit_value, attack_odds
from hoplostat.rulesets.origins import combat
from hoplostat.rulesets.origins.base import ATLANTIS, EL_DORADO, XANADU, is_gladiator

DRAFT_MARGIN = 0.8
"""Greedy drafts at random among the chips worth at least this share of the best one's value."""
TACTIC_VALUE = {"stun": 9.0, "movement-set": 7.0, "gain-hp": 6.0, "heal": 5.0, "extra-dice": 6.0,
                "reduce-damage": 5.0, "movement-add": 4.0, "range-add": 5.0}


def chip_value(cat: Any, chip: str, arena: str = "") -> float:
    """What one pool chip is worth to a greedy house (see the module's text)."""
    if chip in cat.units:
        un = cat.unit(chip)
        v = _unit_value(un) + 0.8 * len(un.skills)
        if arena == EL_DORADO:
            v += 1.5 * un.movement
        if arena == ATLANTIS:
            v += 0.5 * un.health
        return v
    tac = cat.tactic(chip)
    return max((TACTIC_VALUE.get(e.term, 3.0) for e in tac.effects), default=3.0)


def _kind(cat: Any, chip: str) -> str:
    return cat.unit(chip).kind if chip in cat.units else "tactic"


def _goal_hexes(s, troop: int, u) -> tuple[list[int], float]:
    """Where the objective wants `u` (hexes, and how much being there is worth), or ([], 0)."""
    t = s.troops[troop]
    if s.arena_id == XANADU:
        return [h for h in s.grid.tagged("arena") if s.board[h] < 0 or s.board[h] == u.uid], 6.0
    if s.arena_id == EL_DORADO and is_gladiator(u):
        if t.tribute_holder == u.uid:
            other = "blue" if t.side == "red" else "red"
            return list(s.grid.tagged(f"arena-{other}")), 30.0
        if t.tribute_holder < 0 and t.tribute_hex >= 0:
            return [t.tribute_hex], 8.0
    if s.arena_id == ATLANTIS and t.leader != u.uid:
        if is_gladiator(u) and s.spear_holder < 0 and s.spear_hex >= 0 and s.board[s.spear_hex] < 0:
            return [s.spear_hex], 5.0
        lead = s.troops[1 - troop].leader
        if lead >= 0 and s.units[lead].hex >= 0:  # the only way to win: hunt the opposing Leader (ORI-46)
            r = combat.basic_range(s, u)
            return [h for h in s.grid.within(s.units[lead].hex, r) if s.board[h] < 0 or s.board[h] == u.uid], 3.0
    return [], 0.0


class OriginsGreedy(GreedyController):
    """Greedy in Origins (ORI-*): the draft, the six, each arena's objective."""

    DECISIONS: ClassVar[dict[str, str]] = {
        **GreedyController.DECISIONS,
        "draft": "_draft",
        "lineup": "_lineup",
        "cut": "_cut",
        "tribute": "_first_offered",
        "spear": "_first_offered",
    }

    def _draft(self, g, troop, options, optional):
        s = g.state
        cat = s.mode.catalog
        mine = s.troops[troop].lineup
        specials = sum(1 for c in mine if _kind(cat, c) == "special-gladiator")
        tactics = sum(1 for c in mine if _kind(cat, c) == "tactic")
        scored = []
        for chip in options:
            v = chip_value(cat, chip)
            k = _kind(cat, chip)
            if k == "special-gladiator" and specials >= 1:
                v *= 0.5 if specials == 1 else 0.2
            if k == "tactic":
                v *= 1.0 if tactics < 2 else 0.3
            scored.append((v, chip))
        # one of the chips worth at least DRAFT_MARGIN of the best, at random: a sweep then sees many lineups
        # (per-chip and per-colour win rates need them), never a chip clearly worse than the best
        top = max(v for v, _ in scored)
        near = [c for v, c in scored if v >= DRAFT_MARGIN * top]
        if len(near) > 1 and self.rng is not None:
            return near[int(self.rng.integers(len(near)))]
        return self._best(scored, None)

    def _lineup(self, g, troop, options, optional):
        s = g.state
        cat = s.mode.catalog
        arena = s.arena_id

        def worth(six) -> float:
            vals = sorted((chip_value(cat, c, arena) for c in six if _kind(cat, c) == "special-gladiator"),
                          reverse=True)
            v = sum(chip_value(cat, c, arena) for c in six if _kind(cat, c) != "special-gladiator")
            v += sum(vals[:1]) + 0.2 * sum(vals[1:])  # one Special Gladiator deploys (ORI-25)
            if sum(1 for c in six if c in cat.units) < 3:
                v -= 20.0  # too few gladiators to hold an arena
            return v

        return self._best([(worth(o), o) for o in options], None)

    def _cut(self, g, troop, options, optional):
        cat = g.state.mode.catalog
        return self._best([(chip_value(cat, c), c) for c in options], None)

    def _deploy(self, g, troop, options, optional):
        s = g.state
        if s.arena_id == ATLANTIS and s.troops[troop].leader < 0:
            opps = [o.hex for o in s.opponents_of(troop)]
            dist = s.grid.dist

            def score(o) -> float:
                u = s.units[o[0]]
                far = min((dist[o[1]][x] for x in opps), default=0)
                return 10.0 * u.unit.health + far
            return self._best([(score(o), o) for o in options], None)
        return super()._deploy(g, troop, options, optional)

    def _move(self, g, troop, options, optional):
        s = g.state
        dist = s.grid.dist
        best, pick = 0.0, None
        goals: dict[int, tuple[list[int], float]] = {}
        for o in options:
            uid, h = o
            got = goals.get(uid)
            if got is None:
                got = goals[uid] = _goal_hexes(s, troop, s.units[uid])
            hexes, w = got
            if not hexes:
                continue
            here = s.units[uid].hex
            before = min(dist[here][x] for x in hexes)
            after = min(dist[h][x] for x in hexes)
            gain = w * (before - after) / (1.0 + after)
            if gain > best:
                best, pick = gain, o
        if pick is not None and best > 0.5:
            return pick
        if s.arena_id == ATLANTIS:
            lead = s.troops[troop].leader
            options = [o for o in options if o[0] != lead] or None
            if options is None:
                return None
        return super()._move(g, troop, options, optional)

    def _engage(self, g, troop, options, optional):
        s = g.state
        units = s.units
        scored = []
        for opt in options:
            u = units[opt[1]]
            if opt[0] == "attack":
                t = units[opt[2]]
                mean, at_least = attack_odds(*combat.basic_profile(g, u, t))
                value = 10.0 * (3.0 if s.arena_id == ATLANTIS and s.troops[t.troop].leader == t.uid else 1.0)
                kill = at_least[t.hp] if t.hp < len(at_least) else 0.0
                scored.append((kill * value + mean, opt))
                continue
            sid = opt[2]
            if sid in ("drop-tribute", "reposition"):
                continue
            if sid == "whirlwind":
                n = len(rules.targets_in_range(s, u, 1))
                scored.append((n * n / 3.0, opt))
            elif sid == "trident-spear":
                scored.append((1.5 + (5.0 if units[opt[3][0]].hp <= 1 else 0.0), opt))
            elif sid in ("long-shot",):
                scored.append((1.0 / 3.0, opt))
            elif sid == "stun":
                scored.append((0.5 * units[opt[3][0]].unit.attack.size, opt))
            elif sid in ("power-throw", "skewer", "true-strike"):
                scored.append((1.0, opt))
        return self._best(scored, 0.0)

    def _ability(self, g, troop, options, optional):
        calls = [o for o in options if o[1] == "trident-call"]
        if calls:
            s = g.state
            opps = [o.hex for o in s.opponents_of(troop)]
            dist = s.grid.dist
            return self._best([(-min((dist[o[2][0]][x] for x in opps), default=0), o) for o in calls], None)
        return super()._ability(g, troop, options, optional)
