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
  an own unit when both units' movement scores gain (an archer into Range). Onslaught
  scores hexes its own way: no Swap or Shove there.
- engage: the attack or Special with the highest kill chance x value of the target
  (hero 20, other 10) + expected damage (hoplostat.odds, exact); focus fire follows
  because targets are re-scored after every attack. Reposition (a Special: one hex instead
  of attacking) for a unit with no attack, at a tenth of its movement-score gain.
- intercept: always, except with the primary hero.
- return-unit / catch-up: the highest-Health unit / the primary hero if in combat.
- trigger-order (SKL-4, several effects of its own troop from one incident): the first offered
  (arrival order); greedy does not plan the order.

Colosseum (engine/colosseum.py):
- deploy and move: the center hex costs 3 (1 damage at the start of the next turn), an inner
  hex without a foothold costs 2 on deployment and 3 as a move's end (no attacks there, skills
  ignored) and never counts as "opponent in Range".
- chained heroes (Skirmish, SKR-2, SKR-10): any damage wakes an inactive opposing hero, which
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
  one gain fills five spaces. Without gifts (Ascension: every chip is the players') the order
  is fixed: continue, else "gain this support chip", "activate your hero" (while inactive),
  "add 3 HP", "activate your hero", "move or flip a foothold", gold.
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
- ability (`_ability_hold_stones`): Regen and Fury Aura always; Hurl as elsewhere (more team units with
  the hurled unit in Range), but never pulling the immortal or an arena unit nearer to a team unit on a
  stone, within its Movement + Range, unless the team's attacks that follow defeat it at least half the
  time (never the immortal); pushing a rival out of the stone holders' reach is worth 1.5 per holder.

Ascension (rulesets/remastered/ascension.py; the mode declares `Heuristics(profile="titan")`): the Colosseum
heuristics above, with these of its own (the `_<decision>_titan` methods, chosen by the profile):
- move (`_move_titan`): when the titan card lets player units equip shards (ASC-10) and some lie
  unequipped, a move that equips one (onto or through its hex; ending next to it while it is on its
  pedestal, R-ASC-6) is worth the Colosseum hex score plus what the holder gains: 12 per expected hit of
  an extra die on every attack (Ifreet's yellow die: 4), 4 per point of damage reduction (Titan E), half
  for a unit already holding one; never the primary hero (the titan may hunt shardholders). The best such
  move is made when its gain is positive; otherwise the Colosseum movement.
- track (`_track_titan`): continue a track with progress; else "activate your hero" while the primary
  hero is inactive (an inactive hero cannot deploy, UNIT-8, so a team out of units forfeits, ASC-11; it
  also opens every outer deployment hex); else the Colosseum order.
- support and foothold (`_support`, `_foothold`; also Skirmish's, unchanged there): by team, not "the
  other troop": a foothold under a team unit (co-op: the partner's too) on an inner hex, then on the
  opposing team's outer deployment hexes (the titan's arena units deploy there, DEP-6; never the team's
  own), then inner hexes, nearer the opposing primary hero, else the titan; foothold moves likewise.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from hoplostat.dice import COLOURS, FACES, HIT_FACES
from hoplostat.engine import rules
from hoplostat.engine.registry import unit_hooks
from hoplostat.engine.state import BAG, CAMP, COMBAT, DISCARD, TRACK
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
    still earns something, `_stones_pay`), -3 center hex (1 damage next turn), -3 inner hex without a foothold
    (no attacks). Cached per grid, muted pattern and `stones`; the same pattern gives the same list object.
    The pattern is a plain list of the hexes alone (who stands there does not change it: Ascension's rivals
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


def _stones_pay(s: Any, troop: int) -> bool:
    """A stone hex still earns `troop` something: on Pozzuoli in Skirmish (SKR-7) and Alliance (ALL-15) it is
    crowd favor, and nothing is earned beyond the last reward (CF-2), so a stone is worth nothing once the
    bead is there; other modes' stones (Pandemonium's tactics back) always pay."""
    mode = s.mode
    name = mode.name
    if name == "skirmish" and not mode.is_colosseum:
        return s.troops[troop].favor < _POZZUOLI_LAST
    if name == "alliance":
        return s.favor[s.teams[troop]] < _POZZUOLI_LAST
    return True


_POZZUOLI_LAST = 20
"""The last Pozzuoli reward space (`rulesets.remastered.skirmish.POZZUOLI_REWARDS[-1]`; a test checks they agree)."""


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


def _team_in_combat(s: Any, troop: int) -> list:
    """Units in combat of `troop`'s team: its own and a co-op partner's (UNIT-11)."""
    return [u for p in s.players if rules.same_team(s, p, troop) for u in s.in_combat(p)]


_REWARDS: tuple[int, ...] | None = None
"""Onslaught's Pozzuoli reward spaces (`onslaught.REWARDS`), imported on first use."""


def _next_reward(s: Any, troop: int, kill: float) -> tuple[float, int]:
    """Onslaught (CF-3, ONS-8): (what the troop's next Pozzuoli reward buys, favor still needed for it), or
    (0, 0) past the last one. The first reward of a wave activates the primary hero, without which a troop
    out of units forfeits (ONS-12, UNIT-8): worth a kill; two discarded units back (the third) half a kill
    each, the neutral hero (the fourth, once a game) half a kill, each discarded tactic back a fifth."""
    global _REWARDS
    if _REWARDS is None:
        from hoplostat.rulesets.remastered.onslaught import REWARDS

        _REWARDS = REWARDS
    t = s.troops[troop]
    k = t.rewards  # rewards claimed this wave (ONS-11 resets them with the favor)
    if k >= len(_REWARDS) or t.favor >= _REWARDS[-1]:
        return 0.0, 0
    if k == 0:
        v = 0.0 if s.units[t.primary_hero].active else kill
    elif k == 1:
        v = 0.2 * kill * len(t.tactics_discard)
    elif k == 2:
        v = 0.5 * kill * min(2, len(s.zone(troop, DISCARD)))
    else:
        v = 0.5 * kill if s.zone(troop, TRACK) else 0.0
    return v, _REWARDS[k] - t.favor


def _favor_value(reward: tuple[float, int], at_least: tuple[float, ...], mean: float, base: float) -> float:
    """Worth of dealing an immortal damage (favor only, ONS-8): the next reward's worth times the share of
    the favor still needed for it that the damage is expected to bring (E[min(damage, needed)] / needed),
    never less than `base` per expected damage."""
    v, need = reward
    if v <= 0.0 or need <= 0:
        return base * mean
    return max(base * mean, v * sum(at_least[1:need + 1]) / need)


WAKE_KILL = 0.5
"""Colosseum Skirmish: attack a chained (inactive) opposing hero only when the units that can hit it this Engage
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
    opp_base = _hex_base(s.grid, muted, _stones_pay(s, o.troop))
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


class GreedyController:
    def __init__(self, rng: np.random.Generator | None = None) -> None:
        self.rng = rng

    _METHOD: dict[tuple[type, str, str], str] = {}
    """(controller class, decision, the mode's heuristics profile) -> name of its method, built on first use:
    `_<decision>_<profile>` when the profile has its own (Onslaught's "hold-stones" `_ability_hold_stones`,
    Ascension's "titan" `_move_titan`), else `_<decision>` ("trigger-order" -> "_trigger_order")."""

    def choose(self, g: Any, troop: int, decision: str, options: Sequence[Any], *, optional: bool) -> Any | None:
        key = (type(self), decision, g.state.mode.heuristics.profile)
        name = self._METHOD.get(key)
        if name is None:
            name = "_" + decision.replace("-", "_")
            own = name + "_" + key[2].replace("-", "_")
            self._METHOD[key] = name = own if hasattr(type(self), own) else name
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
                v = values[uid] = _unit_value(un) * 100
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
        if _holds_stones(s):
            return self._move_onslaught(g, troop, options, optional)
        grid = s.grid
        hunted = _hunted(s, troop)
        opp_hexes = _targets(s, troop, hunted)
        # Distance from every hex to the nearest opponent (memoised per set of opponent hexes: `_near`).
        near = _near(grid, opp_hexes) if opp_hexes else None
        muted = s.muted
        base = _hex_base(grid, muted, _stones_pay(s, troop))
        if s.mode.heuristics.profile == "free-for-all" and opp_hexes:
            base = _crowded(s, troop, base)
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
            elif sid in ("swap", "shove") and not _holds_stones(s):
                if not ctx:
                    hunted = _hunted(s, troop)
                    opp_hexes = _targets(s, troop, hunted)
                    ctx.extend((_near(s.grid, opp_hexes) if opp_hexes else None,
                                _hex_base(s.grid, s.muted, _stones_pay(s, troop)), hunted is None))
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
        if _holds_stones(s):
            return self._engage_onslaught(g, troop, options, optional)
        units, profile = s.units, rules.attack_profile
        leader = _leader(s, troop) if s.mode.heuristics.profile == "free-for-all" else -1
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
        base = _hex_base(grid, muted, _stones_pay(s, troop))
        for opt in options:
            u = s.units[opt[1]]
            r, hero = rules.range_of(s, u), u.is_primary_hero and hunted is None
            gain = _move_score(near, base, muted, r, hero, opt[3][0]) - _move_score(near, base, muted, r, hero, u.hex)
            if gain > 0:
                scored.append((0.1 * gain, opt))

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
                v = values[uid] = _unit_value(un) * 100
            scored.append((v - min(dist[h][x] for x in stones), (uid, h)))
        return self._best(scored, None)

    def _move_onslaught(self, g, troop, options, optional):
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

    def _engage_onslaught(self, g, troop, options, optional):
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

    def _ability_hold_stones(self, g, troop, options, optional):
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

    # --- Ascension ------------------------------------------------------------------------------
    def _move_titan(self, g, troop, options, optional):
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
            return self._move(g, troop, options, optional)
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
        return choice if choice is not None else self._move(g, troop, options, optional)

    def _track_titan(self, g, troop, options, optional):
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
        return self._track(g, troop, options, optional)

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
        # units; Ascension's footholds are shared, ASC-12) and denies only the opposing team's deployment hexes
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
