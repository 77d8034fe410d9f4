"""Greedy's Onslaught (`Onslaught.greedy`): it holds and contests the stones and spends its attacks where they
cost the immortal HP. `Onslaught.heuristics` holds the weights below: stone 8, kill 15, damage to the
immortal 0.5. The immortal ignores damage and loses 1 HP per arena unit defeated and 1 HP per own unit on a
stone hex at the start of each player turn (ONS-7); the primary hero's defeat ends the game (ONS-10); discarded
units stay discarded, so a unit lost is lost for the game (ONS-11, ONS-12). Rivals mark and target an opponent on a
stone first, then a hero, then the strongest (ONS-4), so whoever stands on a stone draws their fire.
- deploy: never the primary hero while it can be avoided: with units in combat and only the hero
  deployable, pass; forced (no units in combat), deploy it on the hex farthest from the rivals. Other
  units: the most Health + 2 x expected hits, on the deployment hex nearest a free stone hex.
- move: hold and contest the stones: a stone hex is worth `heuristics.stone` + 0.5 per HP (so the sturdiest
  unit takes it; units already there stay) times the chance the unit lives through the rivals' reply to the
  next stone check: every rival that can reach and attack the hex next turn (Movement + Range) rolls at it
  (their dice pooled, exact odds vs its HP) unless a team unit on the other stone, or one that can take it
  in this step (support), is nearer to that rival (ties: the sturdier, as the players settle rival ties).
  A hex with an arena unit in Range +4, with only the immortal in Range what the favor is worth (below,
  between 1 and 4); -0.3 per hex to the nearest arena unit (-0.1 to the immortal when none). The
  primary hero keeps out of combat: -6 per rival that could reach and hit it next turn (Movement +
  Range), +0.3 per hex from the nearest rival (up to 6), never a stone; it attacks an arena unit only
  from a hex no rival threatens.
- engage: arena units first (each defeat costs the immortal 1 HP): kill chance x 15 + expected
  damage (at most its HP); the immortal for favor (ONS-8), worth what the next reward buys: the reward's
  worth (the first, the primary hero's activation, a kill, 15: without it a troop out of units forfeits
  with its hero in camp, UNIT-8; two units back half a kill each; the neutral hero half a kill; each
  discarded tactic back a fifth) x E[min(damage, favor still needed)] / favor still needed, never less
  than 0.5 per expected damage. The primary hero only attacks when it is not adjacent to the immortal.
  Specials are scored the same way.
- ability: Regen and Fury Aura always; Hurl as elsewhere (more team units with
  the hurled unit in Range), but never pulling the immortal or an arena unit nearer to a team unit on a
  stone, within its Movement + Range, unless the team's attacks that follow defeat it at least half the
  time (never the immortal); pushing a rival out of the stone holders' reach is worth 1.5 per holder.

The mode's players live with the mode; this module is the only part of it that imports a player, and the
rules reach it only through `Onslaught.greedy`, on first use.
"""

from __future__ import annotations

from typing import Any

from hoplostat.engine import rules
from hoplostat.engine.state import DISCARD, TRACK
from hoplostat.policies.greedy import (
    BLUE_P,
    YELLOW_P,
    GreedyController,
    _near,
    _rival_reach,
    _threat,
    _unit_value,
    attack_odds,
    kill_chance,
)


def _team_in_combat(s: Any, troop: int) -> list:
    """Units in combat of `troop`'s team: its own and a co-op partner's (UNIT-11)."""
    return [u for p in s.players if rules.same_team(s, p, troop) for u in s.in_combat(p)]


def _next_reward(s: Any, troop: int, kill: float) -> tuple[float, int]:
    """Onslaught (CF-3, ONS-8): (what the troop's next Pozzuoli reward buys, favor still needed for it), or
    (0, 0) past the last one. The first reward of a wave activates the primary hero, without which a troop
    out of units forfeits (ONS-12, UNIT-8): worth a kill; two discarded units back (the third) half a kill
    each, the neutral hero (the fourth, once a game) half a kill, each discarded tactic back a fifth."""
    t = s.troops[troop]
    k = t.rewards  # rewards claimed this wave (ONS-11 resets them with the favor)
    rewards = s.mode.rewards  # the mode's reward spaces (`Onslaught.rewards`)
    if k >= len(rewards) or t.favor >= rewards[-1]:
        return 0.0, 0
    if k == 0:
        v = 0.0 if s.units[t.primary_hero].active else kill
    elif k == 1:
        v = 0.2 * kill * len(t.tactics_discard)
    elif k == 2:
        v = 0.5 * kill * min(2, len(s.zone(troop, DISCARD)))
    else:
        v = 0.5 * kill if s.zone(troop, TRACK) else 0.0
    return v, rewards[k] - t.favor


def _favor_value(reward: tuple[float, int], at_least: tuple[float, ...], mean: float, base: float) -> float:
    """Worth of dealing an immortal damage (favor only, ONS-8): the next reward's worth times the share of
    the favor still needed for it that the damage is expected to bring (E[min(damage, needed)] / needed),
    never less than `base` per expected damage."""
    v, need = reward
    if v <= 0.0 or need <= 0:
        return base * mean
    return max(base * mean, v * sum(at_least[1:need + 1]) / need)


class OnslaughtGreedy(GreedyController):
    """Greedy's heuristics where stones cost the opponent HP and units lost are lost for good (ONS-7, ONS-11)."""

    def _deploy(self, g, troop, options, optional):
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
                v = values[uid] = _unit_value(un) * 100
            scored.append((v - min(dist[h][x] for x in stones), (uid, h)))
        return self._best(scored, None)

    def _move(self, g, troop, options, optional):
        s = g.state
        grid = s.grid
        dist, units, muted, board = grid.dist, s.units, s.muted, s.board
        h_ = s.mode.heuristics
        stone = grid.mask("stone")
        opps = s.opponents_of(troop)
        imm = [o.hex for o in opps if o.unit.kind == "immortal"]
        arena = [o.hex for o in opps if o.unit.kind != "immortal"]
        reach = _rival_reach(s, troop)
        rivals = [x for x, _ in reach]
        cache: dict[int, tuple[float, int]] = {}
        reward = _next_reward(s, troop, h_.kill) if imm else (0.0, 0)
        favor: dict[int, float] = {}
        # Stone holders of the team (fire splits between them: each rival marks the nearest, ONS-4) and the
        # units that could take a free stone with this step's moves (they may go together).
        team = _team_in_combat(s, troop)
        holders = {u.uid: u.hex for u in team if stone[u.hex]}
        could = {uid: h for uid, h in options
                 if stone[h] and board[h] < 0 and uid not in holders and not units[uid].is_primary_hero}
        odds_vs: dict[tuple[int, int], tuple] = {}

        def survival(u, h: int) -> float:
            """Chance u, standing on stone h, lives through the rivals' reply (the arena turn, then the
            immortal's) to the next stone check (ONS-7): every rival that can reach and attack h next turn
            (Movement + Range) rolls at it, unless another team unit on a stone (or one that could take the
            other stone in this step: support) is nearer to it; at equal distance the players' tie goes to
            the sturdier unit (ONS-4, `rival.players_favour`)."""
            others = [(x, units[v].hp) for v, x in holders.items() if v != u.uid]
            others += [(x, units[v].hp) for v, x in could.items() if v != u.uid and x != h]
            pool = None
            reduce = 0
            for o, (ox, rr) in zip(opps, reach):
                row = dist[ox]
                d = row[h]
                if d > rr or any(row[x] <= rr and (row[x] < d or (row[x] == d and hp > u.hp)) for x, hp in others):
                    continue
                got = odds_vs.get((o.uid, u.uid))
                if got is None:
                    got = odds_vs[(o.uid, u.uid)] = rules.attack_profile(g, o, u)
                pool = got[0] if pool is None else pool + got[0]
                reduce += got[2]
            if pool is None:
                return 1.0
            return 1.0 - kill_chance(attack_odds(pool, 0, 0)[1], u.hp + reduce)

        def imm_worth(u) -> float:
            got = favor.get(u.uid)
            if got is None:
                mean, at_least = attack_odds(u.unit.attack, 0, 0)
                got = favor[u.uid] = min(4.0, max(1.0, _favor_value(reward, at_least, mean, h_.ignored_damage)))
            return got

        # Distance from every hex to the nearest arena unit, immortal and rival (`_near`, memoised per set of
        # hexes): "any of them within r" is "the nearest within r".
        near_arena = _near(grid, arena) if arena else None
        near_imm = _near(grid, imm) if imm else None
        near_rival = _near(grid, rivals) if rivals else None

        def score(u, h: int) -> float:
            r = rules.range_of(s, u)
            hit_arena = near_arena is not None and not muted[h] and near_arena[h] <= r
            if u.is_primary_hero:
                threat = _threat(dist, reach, h)
                near = 6 if near_rival is None else near_rival[h]
                return -6.0 * threat + 0.3 * min(near, 6) + (2.0 if hit_arena and threat == 0 else 0.0)
            # A stone pays only if its unit is still there at the next check: worth its weight times that chance.
            sc = (h_.stone + 0.5 * u.hp) * survival(u, h) if stone[h] else 0.0
            if hit_arena:
                sc += 4.0
            elif near_imm is not None and not muted[h] and near_imm[h] <= r:
                sc += imm_worth(u)
            if near_arena is not None:
                sc -= 0.3 * near_arena[h]
            elif near_imm is not None:
                sc -= 0.1 * near_imm[h]
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

    def _engage(self, g, troop, options, optional):
        s = g.state
        dist = s.grid.dist
        imm_hexes = [o.hex for o in s.opponents_of(troop) if o.unit.kind == "immortal"]

        h = s.mode.heuristics
        reward = _next_reward(s, troop, h.kill) if imm_hexes else (0.0, 0)

        def value(t, mean: float, kill: float, at_least: tuple[float, ...] | None = None) -> float:
            if t.unit.kind == "immortal":
                # Favor only (ONS-8), worth what it buys: the next reward (the hero's activation first).
                return _favor_value(reward, at_least if at_least is not None else (1.0, min(1.0, mean)), mean,
                                    h.ignored_damage)
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
                scored.append((value(t, mean, kill_chance(at_least, t.hp), at_least), opt))
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
                        tot += value(t, mean, kill_chance(at_least, t.hp), at_least)
                    scored.append((tot, opt))
        return self._best(scored, 0.0)

    def _ability(self, g, troop, options, optional):
        """Onslaught's Abilities step: Regen and Fury Aura always; Hurl as in `_ability` (more team units with
        the hurled unit in Range), except that it never pulls the immortal or an arena unit nearer to a team
        unit on a stone hex, within its reach (Movement + Range: every rival marks a stone holder first,
        ONS-4), unless the team's attacks can then defeat it (at least an even chance; never the immortal,
        which ignores damage, ONS-7); pushing a rival out of reach of the stone holders counts for it."""
        s = g.state
        dist, tags = s.grid.dist, s.grid.tags
        team = _team_in_combat(s, troop)
        holders = [m.hex for m in team if "stone" in tags[m.hex]]
        scored = []
        for opt in options:
            uid, sid, args = opt
            if sid in ("regen", "fury-aura"):
                scored.append((1.0, opt))
                continue
            if sid != "hurl":
                continue
            v, dest = args
            t = s.units[v]
            if rules.same_team(s, t.troop, troop):
                continue
            old, new = dist[t.hex], dist[dest]
            hitters = [m for m in team if new[m.hex] <= rules.range_of(s, m) and rules.can_engage(s, m)]
            before = sum(1 for m in team if old[m.hex] <= rules.range_of(s, m))
            sc = float(len(hitters) - before)
            reach = rules.movement_of(s, t) + rules.range_of(s, t)
            if any(new[x] < old[x] and new[x] <= reach for x in holders):
                pool = None
                for m in hitters:
                    p = rules.attack_profile(g, m, t)[0]
                    pool = p if pool is None else pool + p
                if t.unit.kind == "immortal" or pool is None or kill_chance(attack_odds(pool, 0, 0)[1], t.hp) < 0.5:
                    continue
            sc += 1.5 * sum(1 for x in holders if old[x] <= reach < new[x])
            scored.append((sc, opt))
        return self._best(scored, 0.0)
