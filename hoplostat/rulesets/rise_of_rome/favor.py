"""Rise of Rome's crowd favor meter and foothold/archer (F/A) chips ("Crowd Favor", "CF Rewards",
"Foothold/Archer (F/A) Chip"). Five rewards around a center bead: each point of favor moves the bead one
step toward the reward its player chose; the fifth step earns it and the bead goes back to the center."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from hoplostat.dice import COLOURS, HIT_FACES, Pool
from hoplostat.engine import rules
from hoplostat.engine.rules import Game
from hoplostat.engine.state import TRACK, GameState
from hoplostat.rulesets.classic.state import ClassicTroop

FAR_LEFT, MID_LEFT, CENTER, MID_RIGHT, FAR_RIGHT = range(5)
REWARDS = ("activate the champion", "reroll one Basic Attack die a turn", "the crowd favor gladiator",
           "move a foothold (and keep this F/A chip)", "the far outer deployment hexes")
"""The five rewards, left to right on the meter (ROR-45..ROR-49)."""
STEPS = 5
"""Points from the center to a reward (ROR-42: "every 5th point")."""
EARNED_CIRCLES = 2
"""Earned F/A circles (ROR-40)."""


@dataclass(slots=True)
class RomeTroop(ClassicTroop):
    """A Rise of Rome player: its bag and hand (ClassicTroop), its meter, its F/A chips, its rewards."""

    cf_target: int = -1
    """The reward the bead is heading for (-1: at the center, none chosen); `favor` counts its steps."""
    cf_done: list[bool] = field(default_factory=lambda: [False] * 5)
    meter_chips: list[int] = field(default_factory=lambda: [-1] * 5)
    """The uid of the F/A chip lying on each reward circle of this troop's meter (-1: none; the center holds
    the crowd favor gladiator, `cf_gladiator`)."""
    fa_earned: list[int] = field(default_factory=list)
    """F/A chips on the earned circles (uids of their archer side)."""
    cf_gladiator: int = -1
    cf_unlocked: bool = False
    reroll: bool = False
    reroll_turn: int = -1
    far_open: bool = False


def rome_troop(s: GameState, troop: int) -> RomeTroop:
    """A Rise of Rome player's troop. The titan mode's state also holds the titan's troop, a plain `TroopState`,
    so `GameState.troops` is typed by their common base; the caller names a player's troop (not checked at run
    time)."""
    return cast(RomeTroop, s.troops[troop])


def choices(t: RomeTroop) -> list[int]:
    """Rewards the bead may head for: every one not yet earned, the center only after the four others
    (ROR-43)."""
    outer = [k for k in (FAR_LEFT, MID_LEFT, MID_RIGHT, FAR_RIGHT) if not t.cf_done[k]]
    if outer:
        return outer
    return [CENTER] if not t.cf_done[CENTER] else []


def gain(g: Game, troop: int, n: int, why: str) -> None:
    """ROR-41, ROR-42: `n` points, one step each toward the chosen reward; a new reward is chosen whenever the
    bead is at the center (ruling R-ROR-8: the bead heads for one reward until it reaches it; turning away
    would only lose the steps made, as in the Colosseum, CF-4). Points with nothing left to earn are kept in
    the total only."""
    s = g.state
    t = rome_troop(s, troop)
    if n <= 0:
        return
    t.favor_total += n
    s.say(f"{t.faction} ({t.side}) earns {n} crowd favor ({why})")
    for _ in range(n):
        if t.cf_target < 0:
            opts = choices(t)
            if not opts:
                return
            t.cf_target = g.ask(troop, "cf-reward", opts, optional=False)
        t.favor += 1
        if t.favor >= STEPS:
            k = t.cf_target
            t.cf_target, t.favor = -1, 0
            claim(g, troop, k)
            if s.end_reason is not None:
                return


def claim(g: Game, troop: int, k: int) -> None:
    """ROR-44..ROR-49: the reward, and the F/A chip on its circle to that chip's owner (the opponent's chip
    on every outer circle but mid-right, the player's own there, ROR-19)."""
    s = g.state
    t = rome_troop(s, troop)
    t.cf_done[k] = True
    t.rewards += 1
    s.say(f"{t.faction} ({t.side}) earns the crowd favor reward: {REWARDS[k]}")
    if k == FAR_LEFT:
        hero = s.units[t.primary_hero]
        if not hero.active:  # set up in combat (ROR-22); only this reward activates it
            hero.active = True
            if s.active == troop:
                hero.deployed_turn = s.turn  # ROR-45: activated on its own turn, it waits for the next
            s.say(f"{hero.name} is activated")
    elif k == MID_LEFT:
        t.reroll = True
    elif k == CENTER:
        t.cf_unlocked = t.cf_gladiator >= 0
    elif k == MID_RIGHT:
        move_a_foothold(g, troop)
    elif k == FAR_RIGHT:
        t.far_open = True
    chip = t.meter_chips[k]
    if chip >= 0:
        t.meter_chips[k] = -1
        earn_chip(g, s.units[chip].troop, chip)


def earn_chip(g: Game, troop: int, uid: int) -> None:
    """ROR-40: an earned F/A chip goes onto an earned circle at once; with both full, one is discarded (the
    player's choice among the three)."""
    s = g.state
    t = rome_troop(s, troop)
    t.fa_earned.append(uid)
    s.say(f"{t.faction} ({t.side}) earns an F/A chip ({s.units[uid].name})")
    if len(t.fa_earned) > EARNED_CIRCLES:
        drop = g.ask(troop, "fa-discard", list(t.fa_earned), optional=False)
        t.fa_earned.remove(drop)
        s.say(f"{t.faction} ({t.side}) discards an F/A chip ({s.units[drop].name})")


def foothold_ok(s: GameState, h: int, owner: int) -> bool:
    """ROR-50: a foothold of `owner` may lie on any hex but a pedestal, the titan hex, a hex an opponent of
    `owner` holds or one that already has a foothold (where it is played, and where the mid-right reward may
    move it); in co-op not under the partner's unit either (ROR-51: only its owner may occupy it; ruling
    R-ROR-28)."""
    g = s.grid
    if g.pedestal[h] or g.move_block[h] or g.center[h] or h in s.footholds:
        return False
    o = s.board[h]
    return o < 0 or s.units[o].troop == owner


def foothold_hexes(s: GameState, troop: int) -> list[int]:
    """Where `troop` may play a foothold (`foothold_ok`)."""
    return [h for h in range(s.grid.n) if foothold_ok(s, h, troop)]


def archer_hexes(s: GameState) -> list[int]:
    """ROR-50: an archer goes on a pedestal free of every chip."""
    return [h for h in s.grid.tagged("pedestal") if s.board[h] < 0 and h not in s.footholds]


def play_foothold(g: Game, troop: int) -> None:
    """Phase 1: an earned F/A chip played as a foothold, instead of a tactic (ROR-26, ROR-51)."""
    s = g.state
    t = rome_troop(s, troop)
    if not t.fa_earned:
        return
    h = g.ask(troop, "place-foothold", foothold_hexes(s, troop), optional=True, step=True)
    if h is None:
        return
    t.fa_earned.pop(0)
    rules.place_foothold(g, troop, h)


def move_a_foothold(g: Game, troop: int) -> None:
    """ROR-48: once, on earning it, move one foothold (own or the opponent's) to an adjacent available hex
    (ruling R-ROR-4: once, as the board's "immediately" says; not every turn as Remastered's CF-6)."""
    s = g.state
    opts = [(f, h) for f, owner in s.footholds.items() for h in s.grid.neighbours[f] if foothold_ok(s, h, owner)]
    if not opts:
        return
    choice = g.ask(troop, "move-foothold", opts, optional=True)
    if choice is not None:
        rules.move_foothold(g, choice[0], choice[1])


def fa_chips(s: GameState, troop: int) -> list[int]:
    """uids of the troop's F/A chips not (yet) in the arena: on a meter, earned, or spent as a foothold."""
    return [u.uid for u in s.units if u.troop == troop and u.unit.kind == "fa-archer" and u.zone == TRACK]


def roll_with_reroll(g: Game, pool: Pool, t: RomeTroop, who: str) -> int:
    """ROR-46, the mid-left reward (ruling R-ROR-9): the hits of an attack's `pool`; when meter `t` holds the
    reroll and it is unused this turn, the dice are rolled colour by colour and one missed die of the colour
    most likely to hit is rolled again (rerolling a hit can only lose it, a miss only gain: nothing is asked).
    `who` rerolls, in the narration."""
    s = g.state
    if not t.reroll or t.reroll_turn == s.turn:
        return g.roller.hits(pool)
    got = rules.roll_by_colour(g, pool)
    hits = sum(got.values())
    missed = [c for c, h in got.items() if h < pool.counts[COLOURS.index(c)]]
    if missed:
        best = max(missed, key=lambda c: HIT_FACES[COLOURS.index(c)])
        t.reroll_turn = s.turn
        again = g.roller.hits(Pool.of(**{best: 1}))
        s.say(f"{who} a missed {best} die: {'hit' if again else 'miss'}")
        hits += again
    return hits
