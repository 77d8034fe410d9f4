"""Greedy's Ascension (`Ascension.greedy`): the Colosseum heuristics (`policies.greedy`'s module text), with moves
that equip shards and a track choice that activates the hero. Its own:
- move: when the titan card lets player units equip shards (ASC-10) and some lie
  unequipped, a move that equips one (onto or through its hex; ending next to it while it is on its
  pedestal, R-ASC-6) is worth the Colosseum hex score plus what the holder gains: 12 per expected hit of
  an extra die on every attack (Ifreet's yellow die: 4), 4 per point of damage reduction (Titan E), half
  for a unit already holding one; never the primary hero (the titan may hunt shardholders). The best such
  move is made when its gain is positive; otherwise the Colosseum movement.
- track: continue a track with progress; else "activate your hero" while the primary
  hero is inactive (an inactive hero cannot deploy, UNIT-8, so a team out of units forfeits, ASC-11; it
  also opens every outer deployment hex); else the Colosseum order.
- support and foothold (the core player's `_support`, `_foothold`; also Skirmish's, unchanged there): by team, not "the
  other troop": a foothold under a team unit (co-op: the partner's too) on an inner hex, then on the
  opposing team's outer deployment hexes (the titan's arena units deploy there, DEP-6; never the team's
  own), then inner hexes, nearer the opposing primary hero, else the titan; foothold moves likewise.
"""

from __future__ import annotations

from typing import ClassVar

from hoplostat.dice import COLOURS, FACES, HIT_FACES
from hoplostat.engine import rules
from hoplostat.policies.greedy import GreedyController, _hex_base, _move_score, _near

_HIT_P = {c: h / FACES for c, h in zip(COLOURS, HIT_FACES)}
"""Chance one die of a colour hits: its hit faces of six (`dice.HIT_FACES`; Remastered, "Attack")."""


def _shard_worth(holder) -> float:
    """Ascension (ASC-10): what equipping a shard is worth to a player unit, in move-score points, from the
    titan card's holder effects: 12 per expected hit an extra die adds to every attack (a yellow die 4), 4
    per point of damage reduction; 2 for an effect greedy does not weigh."""
    worth = 0.0
    for e in holder:
        if e.term == "extra-dice":
            worth += 12.0 * _HIT_P.get(str(e.arg), 0.5)
        elif e.term == "reduce-damage":
            worth += 4.0 * int(e.arg)
        else:
            worth += 2.0
    return worth


class AscensionGreedy(GreedyController):
    """Greedy against a titan (ASC-*): shards worth equipping, the hero activated before the team runs out."""

    DECISIONS: ClassVar[dict[str, str]] = {
        **GreedyController.DECISIONS,
        # set-up choices (ASC-2): the sturdiest and deadliest come first in the options offered
        "select-unit": "_first_offered", "select-tactic": "_first_offered",
    }

    def _move(self, g, troop, options, optional):
        """Ascension's movement: when the titan card lets player units equip shards (ASC-10) and some lie
        unequipped, a move that equips one (onto or through its hex; next to it while it is on its pedestal,
        R-ASC-6) is worth what the holder gains (`_shard_worth`) on top of its Colosseum hex score, for any
        unit but the primary hero (a shardholder may be the titan's mark); the best such move is made if it
        is worth making, else the Colosseum's `_move` decides."""
        s = g.state
        cfg = s.mode.titan.shards
        lying = [sh.hex for sh in s.shards if sh.holder < 0 and sh.hex >= 0 and not sh.out and sh.colour is None] \
            if cfg.equip else ()
        if not lying:
            return super()._move(g, troop, options, optional)
        grid, units = s.grid, s.units
        dist, muted = grid.dist, s.muted
        by_pedestal: dict[int, int] = {}  # hex next to a pedestal with a shard -> how many such pedestals
        loose = []
        for x in lying:
            if grid.pedestal[x]:
                for y in grid.neighbours[x]:
                    by_pedestal[y] = by_pedestal.get(y, 0) + 1
            else:
                loose.append(x)
        worth = _shard_worth(cfg.holder)
        opp_hexes = [o.hex for o in s.opponents_of(troop)]
        near = _near(grid, opp_hexes) if opp_hexes else None
        base = _hex_base(grid, muted)
        held = s.shard_holders
        scored = []
        for opt in options:
            uid, h = opt
            u = units[uid]
            if u.is_primary_hero:
                continue
            src_row = dist[u.hex]
            n = by_pedestal.get(h, 0)
            if loose:
                row = dist[h]
                n += sum(1 for x in loose if src_row[x] + row[x] == src_row[h])
            if not n:
                continue
            r = rules.range_of(s, u)
            gain = _move_score(near, base, muted, r, False, h) - _move_score(near, base, muted, r, False, u.hex)
            scored.append((gain + worth * n * (0.5 if uid in held else 1.0) - 0.01 * src_row[h], opt))
        choice = self._best(scored, 0.0)
        return choice if choice is not None else super()._move(g, troop, options, optional)

    def _track(self, g, troop, options, optional):
        """Ascension's track: continue a track with progress (switching loses it, CF-4); else "activate your
        hero" while the primary hero is inactive: an inactive hero cannot deploy (UNIT-8), so a team that runs
        out of units forfeits (ASC-11), and the reward opens every outer deployment hex; otherwise as the
        Colosseum's `_track` (which puts "gain this support chip" first)."""
        from hoplostat.rulesets.remastered.colosseum import HERO

        s = g.state
        t = s.troops[troop]
        if t.track in options and t.favor > 0:
            return t.track
        if HERO in options and t.primary_hero >= 0 and not s.units[t.primary_hero].active:
            return HERO
        return super()._track(g, troop, options, optional)
