"""Rise of Rome against a titan: the titan troop's controller and the players' policy around any controller
(`TitanPlayer`; the rules never read it)."""

from __future__ import annotations

from hoplostat.engine import rules
from hoplostat.engine.rules import Controller
from hoplostat.engine.state import COMBAT, UnitState
from hoplostat.rulesets.rise_of_rome.titan.state import STANDS, TitanState, is_pillar, pillars_standing, summoned


class _TitanSide:
    """The titan troop's controller: it is asked only what a skill asks of a unit's own side (Intercept
    Blow); ROR-80 leaves every open choice to the player, who declines."""

    def choose(self, g, troop, decision, options, *, optional):
        return None if optional else options[0]


class TitanPlayer:
    """The player's policy in a titan game (greedy heuristics for the titan modes, wrapped around any
    controller; the rules never read it): no attack on a titan that cannot be harmed yet (its pillars stand,
    ROR-60) while anything else can be attacked, pillars first then; the titan's ties (ROR-80) settled
    to spare the champion and the shard holders."""

    def __init__(self, inner: Controller) -> None:
        self.inner = inner
        self.rng = getattr(inner, "rng", None)

    def choose(self, g, troop, decision, options, *, optional):
        s = g.state
        if decision == "titan-choice":
            return self._spare(s, options)
        if decision == "engage" and pillars_standing(s):
            useful = [o for o in options if not self._at_titan(s, o)]
            pillars = [o for o in useful if o[0] == "attack" and is_pillar(s.units[o[2]])]
            options = pillars or useful
            if not options:
                return None
        if decision == "move" and pillars_standing(s):
            return self._to_pillars(g, s, options)
        return self.inner.choose(g, troop, decision, options, optional=optional)

    @staticmethod
    def _at_titan(s: TitanState, o: tuple) -> bool:
        """An attack, or an Alternate Attack, aimed at the titan (its uid among the option's arguments)."""
        if o[0] == "attack":
            return o[2] == s.titan_uid
        return s.titan_uid in tuple(x for x in (o[3] if len(o) > 3 else ()) if isinstance(x, int))

    @staticmethod
    def _to_pillars(g, s: TitanState, options):
        """While pillars stand: each gladiator heads for the nearest standing pillar (+5 on a hex with one in
        its Attack Range, -0.5 a hex of distance, -3 on an inner hex where it could not attack), and keeps
        between the champion and the summoned units (+3 with one in range); the champion stays put. The best
        move that gains is made; none gains: the movement step ends."""
        grid = s.grid
        standing = [s.units[p].hex for p, x in zip(s.pillars, s.shards) if x == STANDS]
        foes = [u.hex for u in summoned(s)]

        def score(u: UnitState, h: int) -> float:
            r = rules.range_of(s, u)
            row = grid.dist[h]
            near = min(row[p] for p in standing)
            sc = (5.0 if near <= r else 0.0) - 0.5 * near
            if foes and min(row[f] for f in foes) <= r:
                sc += 3.0
            if s.muted[h]:
                sc -= 3.0
            return sc

        best, pick = 0.0, None
        here: dict[int, float] = {}
        for uid, h in options:
            u = s.units[uid]
            if u.is_primary_hero:
                continue
            if uid not in here:
                here[uid] = score(u, u.hex)
            gain = score(u, h) - here[uid]
            if gain > best:
                best, pick = gain, (uid, h)
        return pick

    @staticmethod
    def _spare(s: TitanState, options):
        """A tie the titan's side leaves to the player: a unit it targets is best not the champion, not a
        shard holder, and the sturdiest; a hex, the first."""
        if not isinstance(options[0], int) or any(not 0 <= o < len(s.units) for o in options):
            return options[0]
        holders = {h for h in s.shards if h >= 0}

        def cost(uid: int) -> tuple:
            u = s.units[uid]
            if u.zone != COMBAT or u.troop == s.titan_troop:
                return (0, 0, 0)
            return (u.is_primary_hero, uid in holders, -u.hp)

        return min(options, key=cost)
