"""The challenger AI of the Solo Trials, built from the book's one sentence about it (Origins, "The Solo Trials",
ORI-56): "Every challenger you face will have its own AI that ranges from a base set of directives for himself and
his team (determined and altered by your deployment and move choices), to a 4-die roll that determines skill
activation, movement, and attack." The cards that hold each challenger's AI are not in the book, so what follows is
our reading (rulings R-ORI-TR-3, R-ORI-TR-4 in docs/rulings.md), the same for every challenger; what differs per
challenger is data (`cards.Challenger.directives`, `cards.Trial.dice`).

- **Directives** (`stance_of`): at the start of each challenger turn the challenger's directives are read in order
  and the first whose condition holds after the house's last deployment and moves sets the team's stance for the
  turn: `rush` (the arena's objective), `guard` (hold what the house must reach, keep the Leader covered), `hunt`
  (the house's weakest unit in the arena), `counter` (the house unit on the objective). Conditions:
  `player-on-objective`, `player-outnumbers`, `player-near` (a house unit within 2 hexes of a challenger
  deployment hex), `champion-hurt`, `always`.
- **The four-die roll** (`roll`): at the start of each challenger turn the four dice of the trial card are rolled,
  one die at a time, a hit being a hit face of that die: die 1 (skill) on a hit lets the team use Abilities and
  Alternate Attacks this turn; die 2 (movement) on a hit lets every unit move, on a blank only one unit moves;
  dice 3 and 4 (attack): no hit, one unit attacks; one hit, two; two hits, every unit.

The controller (`ChallengerController`) turns stance and roll into the challenger's decisions; decisions outside
them (which Ability, the order of simultaneous effects, Intercept Blow) are the house player's to make, as the
older games' rival rules leave a rival's ties to the players (its controller, `delegate`).
"""

from __future__ import annotations

from typing import Any

from hoplostat.dice import Pool
from hoplostat.odds import Attack, mean_and_tail
from hoplostat.rulesets.origins import combat
from hoplostat.rulesets.origins.base import ATLANTIS, EL_DORADO, XANADU, is_gladiator

HOUSE, CHALLENGER = 0, 1
"""Troop indices of a trial: the player's house and the challenger."""
ATTACKS_BY_HITS = (1, 2, 99)
"""Units of the challenger that may attack this turn, by the hits of the two attack dice (0, 1, 2)."""
NEAR = 2
"""`player-near`: a house unit this close to one of the challenger's deployment hexes."""


# --------------------------------------------------------------------------- the roll


def roll(g: Any, dice: tuple[str, ...]) -> tuple[bool, bool, int]:
    """The challenger's four-die roll (R-ORI-TR-4): (skill die hit, movement die hit, attack dice hits 0..2), each die
    rolled on its own with the game's roller (a hit is one of its colour's hit faces, ORI-19)."""
    hits = [g.roller.hits(Pool.of(**{c: 1})) >= 1 for c in dice]
    return hits[0], hits[1], int(hits[2]) + int(hits[3])


def roll_words(r: tuple[bool, bool, int]) -> str:
    skill, move, att = r
    return (f"skill die {'hit: Abilities and Alternate Attacks' if skill else 'blank: Basic Attacks only'}; "
            f"movement die {'hit: every unit moves' if move else 'blank: one unit moves'}; "
            f"attack dice {att} hit(s): {('one unit attacks', 'two units attack', 'every unit attacks')[att]}")


# --------------------------------------------------------------------------- the directives


def threat(s: Any) -> Any | None:
    """The house unit on the arena's objective, if any: on a Xanadu arena hex (the nearest to scoring first: the
    first found in hex order), holding the house's Tribute in El Dorado, holding the Spear in Atlantis."""
    if s.arena_id == XANADU:
        on = [u for u in s.in_combat(HOUSE) if "arena" in s.grid.tags[u.hex]]
        return min(on, key=lambda u: u.hex) if on else None
    if s.arena_id == EL_DORADO:
        h = s.troops[HOUSE].tribute_holder
        return s.units[h] if h >= 0 else None
    if s.arena_id == ATLANTIS and s.spear_holder >= 0 and s.units[s.spear_holder].troop == HOUSE:
        return s.units[s.spear_holder]
    return None


def champion_of(s: Any) -> Any | None:
    return next((u for u in s.units if u.troop == CHALLENGER and u.unit.kind == "champion"), None)


def condition_holds(s: Any, condition: str, deploy_hexes: tuple[int, ...]) -> bool:
    """Whether a directive's condition holds now (the house's deployment and moves so far)."""
    if condition == "always":
        return True
    if condition == "player-on-objective":
        return threat(s) is not None
    if condition == "player-outnumbers":
        return len(s.in_combat(HOUSE)) > len(s.in_combat(CHALLENGER))
    if condition == "player-near":
        dist = s.grid.dist
        return any(dist[u.hex][h] <= NEAR for u in s.in_combat(HOUSE) for h in deploy_hexes)
    if condition == "champion-hurt":
        c = champion_of(s)
        return c is not None and c.hex >= 0 and 2 * c.hp <= c.unit.health
    raise ValueError(f"unknown directive condition {condition!r}")


def stance_of(s: Any, directives, deploy_hexes: tuple[int, ...]) -> str:
    """The stance of the first directive whose condition holds (the last is `always`)."""
    for d in directives:
        if condition_holds(s, d.condition, deploy_hexes):
            return d.stance
    return directives[-1].stance


def weakest(s: Any) -> Any | None:
    """The house unit in the arena with the least health (the first deployed among equals)."""
    units = s.in_combat(HOUSE)
    return min(units, key=lambda u: (u.hp, u.uid)) if units else None


def target_of(s: Any, stance: str) -> Any | None:
    """The house unit the stance goes for: `counter` the unit on the objective, `hunt` the weakest; `rush` the
    objective's carrier (the house Tribute holder, the house's Atlantis Leader) or the unit on the objective;
    `guard` the unit on the objective."""
    if stance == "hunt":
        return weakest(s)
    on = threat(s)
    if stance == "rush" and s.arena_id == ATLANTIS:
        lead = s.troops[HOUSE].leader
        if lead >= 0 and s.units[lead].hex >= 0:
            return s.units[lead]
    if on is not None:
        return on
    return weakest(s) if stance == "counter" else None


def _within(s: Any, u: Any, target: Any) -> list[int]:
    r = combat.basic_range(s, u)
    return [h for h in s.grid.within(target.hex, r) if s.board[h] < 0 or s.board[h] == u.uid]


def goals(s: Any, u: Any, stance: str) -> list[int]:
    """Where the stance wants challenger unit `u` (hexes; empty: it stays)."""
    t = s.troops[CHALLENGER]
    if s.arena_id == ATLANTIS and t.leader == u.uid and stance != "hunt":
        return []  # the Leader (a champion or the first gladiator) stays back unless hunting: its fall loses
    target = target_of(s, stance)
    if stance in ("hunt", "counter"):
        return _within(s, u, target) if target is not None else []
    if s.arena_id == XANADU:
        free = [h for h in s.grid.tagged("arena") if s.board[h] < 0 or s.board[h] == u.uid]
        if free:
            return free
        return _within(s, u, target) if target is not None else []
    if s.arena_id == EL_DORADO:
        mine = t.tribute_holder
        own_arena = list(s.grid.tagged(f"arena-{t.side}"))
        house_arena = list(s.grid.tagged(f"arena-{s.troops[HOUSE].side}"))
        if stance == "guard":
            if target is not None:
                return _within(s, u, target)
            return own_arena if u.hex not in own_arena else []
        if mine == u.uid:
            return house_arena
        if mine < 0 and t.tribute_hex >= 0 and (is_gladiator(u) or u.unit.kind == "champion"):
            return [t.tribute_hex]
        return _within(s, u, target) if target is not None else house_arena
    if s.arena_id == ATLANTIS:
        if stance == "guard" and t.leader >= 0 and s.units[t.leader].hex >= 0:
            return [h for h in s.grid.neighbours[s.units[t.leader].hex] if s.board[h] < 0 or s.board[h] == u.uid]
        if is_gladiator(u) and s.spear_holder < 0 and s.spear_hex >= 0 and s.board[s.spear_hex] < 0:
            return [s.spear_hex]
        return _within(s, u, target) if target is not None else []
    return []


# --------------------------------------------------------------------------- the controller


def _odds(g: Any, u: Any, target: Any) -> tuple[float, float]:
    """(expected damage, chance to defeat) of `u`'s Basic Attack on `target`."""
    pool, bonus, reduce = combat.basic_profile(g, u, target)
    mean, at_least = mean_and_tail(Attack(pool, bonus=bonus, reduce=reduce))
    return mean, (at_least[target.hp] if target.hp < len(at_least) else 0.0)


class ChallengerController:
    """The challenger's decisions from the turn's stance and roll (`TrialsState.stance`, `TrialsState.roll`, set by
    the mode at the start of the challenger's turn); `delegate` (the house player's controller) makes the choices
    the AI leaves open."""

    def __init__(self, delegate: Any) -> None:
        self.delegate = delegate

    def choose(self, g: Any, troop: int, decision: str, options, *, optional: bool) -> Any | None:
        s = g.state
        skill, move, attacks = s.roll
        if decision == "deploy":
            return self.deploy(g, options)
        if decision == "move":
            if not move and any(u.moved_turn == s.turn for u in s.in_combat(troop)):
                return None  # movement die blank: one unit moves
            return self.move(g, options)
        if decision == "engage":
            done = sum(1 for u in s.in_combat(troop) if u.engaged_turn == s.turn)
            if done >= ATTACKS_BY_HITS[attacks]:
                return None
            return self.engage(g, options, skill)
        if decision in ("ability", "tactic"):
            return self.delegate.choose(g, troop, decision, options, optional=optional) if skill else None
        if decision in ("tribute", "spear"):
            return options[0]
        return self.delegate.choose(g, troop, decision, options, optional=optional)

    def deploy(self, g: Any, options) -> Any:
        """One unit a turn whenever it can: in Atlantis the champion first (the acting Leader); otherwise by stance
        (`rush` the fastest, `guard` the sturdiest, `hunt`/`counter` the hardest hitting), on the deployment hex
        nearest its goal (the target unit, or the objective)."""
        s = g.state
        stance = s.stance
        units = {uid for uid, _ in options}
        champ = champion_of(s)
        if s.arena_id == ATLANTIS and champ is not None and champ.uid in units:
            pick = champ.uid
        else:
            def worth(uid: int) -> tuple:
                un = s.units[uid].unit
                hits = sum(n * p for n, p in zip(un.attack.counts, (2, 3, 4, 5, 6))) / 6
                key = {"rush": un.movement, "guard": un.health}.get(stance, hits)
                return (key, un.health + 2 * hits, -uid)
            pick = max(units, key=worth)
        target = target_of(s, stance)
        dist = s.grid.dist
        if target is not None:
            aim = [target.hex]
        else:
            aim = goals(s, s.units[pick], stance) or [h for h in range(s.grid.n) if "arena" in s.grid.tags[h]] or [0]
        hexes = [h for uid, h in options if uid == pick]
        best = min(hexes, key=lambda h: (min(dist[h][x] for x in aim), h))
        return (pick, best)

    def move(self, g: Any, options) -> Any | None:
        """The move that brings a unit nearest its goal (the largest gain in distance; the first among equals);
        none when no move gains."""
        s = g.state
        dist = s.grid.dist
        best, pick = 0, None
        cache: dict[int, list[int]] = {}
        for uid, h in options:
            aim = cache.get(uid)
            if aim is None:
                aim = cache[uid] = goals(s, s.units[uid], s.stance)
            if not aim:
                continue
            here = s.units[uid].hex
            gain = min(dist[here][x] for x in aim) - min(dist[h][x] for x in aim)
            if gain > best:
                best, pick = gain, (uid, h)
        return pick

    def engage(self, g: Any, options, skill: bool) -> Any | None:
        """The attack on the stance's target first, else the one most likely to defeat, then the most damage;
        Alternate Attacks only when the skill die hit; never a Tribute drop."""
        s = g.state
        target = target_of(s, s.stance)
        best, pick = -1.0, None
        for o in options:
            if o[0] == "attack":
                mean, kill = _odds(g, s.units[o[1]], s.units[o[2]])
                score = 10.0 * kill + mean + (20.0 if target is not None and o[2] == target.uid else 0.0)
            else:
                if not skill or o[2] in ("drop-tribute", "reposition"):
                    continue
                args = o[3]
                hit = target is not None and bool(args) and args[0] == target.uid
                score = 1.0 + (20.0 if hit else 0.0)
            if score > best:
                best, pick = score, o
        return pick
