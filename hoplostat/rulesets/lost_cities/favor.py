"""The Lost Cities' player troop and its crowd favor meter ("Crowd Favor", "CF Meter Track"): favor from
kills and stones, four levels each making its face-down reward chip usable, an arena effect, and the arena chip
lying on that level going into a bag (TLC-39..TLC-47)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from hoplostat.catalog.model import Tactic
from hoplostat.engine.rules import Game
from hoplostat.engine.state import BAG, GameState
from hoplostat.rulesets.classic.state import ClassicTroop
from hoplostat.rulesets.lost_cities.base import LEVELS

LEVEL_EFFECTS = ("", "the champion activates", "all twelve deployment hexes", "every unit gains Initiative",
                 "the CF gladiator can be deployed")
"""The arena effect of each meter level (TLC-43..TLC-46)."""


@dataclass(slots=True)
class LostTroop(ClassicTroop):
    """A Lost Cities player: its bag and prep area (ClassicTroop, five circles), its meter and rewards."""

    level: int = 0
    """The highest meter level reached (0..4)."""
    meter_chips: list[int] = field(default_factory=lambda: [-1] * 4)
    """uid of the arena chip (beast or criminal) lying on meter levels 1..4 (-1: none or gone; R-TLC-2)."""
    reward_tactics: list[Tactic] = field(default_factory=list)
    """The face-down CF tactics of levels 1..3 (TLC-16); the level-4 chip is the CF gladiator (R-TLC-4)."""
    cf_hand: list[Tactic] = field(default_factory=list)
    """Earned CF tactics, usable from the prep area like tactics but filling no circle (ruling R-TLC-4)."""
    cf_gladiator: int = -1
    cf_unlocked: bool = False
    all_deploy: bool = False
    initiative: bool = False
    arena_bag: list[int] = field(default_factory=list)
    """uids of the arena chips in this player's bag (they belong to the arena's troop)."""
    first_hand: bool = False
    """The first prep area has been drawn (the five-tactics redraw, TLC-23, only concerns it)."""
    turns: int = 0
    """This player's turns so far."""
    entered: int = 0
    """Arena chips drawn from this bag that entered the arena."""
    chip_turn: int = -1
    """The turn whose deployment phase `chips_left`, `next_chip` and `passes` describe (TLC-26)."""
    chips_left: int = 0
    next_chip: int = 0
    """0: a gladiator is asked next, 1: a tactic."""
    passes: int = 0


def lost_troop(s: GameState, troop: int) -> LostTroop:
    """A Lost Cities player's troop. A Lost Cities state also holds the arena's troop, a plain `TroopState`, so
    `GameState.troops` is typed by their common base; the caller names a player's troop (not checked at run time)."""
    return cast(LostTroop, s.troops[troop])


def level_of(total: int) -> int:
    """The meter level `total` favor reaches (R-TLC-3: `base.LEVELS`)."""
    return sum(1 for need in LEVELS if total >= need)


def gain(g: Game, troop: int, n: int, why: str) -> None:
    """TLC-39..TLC-41: `n` favor for `troop`; each level reached gives its rewards at once, on any turn."""
    s = g.state
    t = lost_troop(s, troop)
    if n <= 0:
        return
    t.favor_total += n
    t.favor = min(t.favor_total, LEVELS[-1])
    s.say(f"{t.faction} ({t.side}) earns {n} crowd favor ({why}), {t.favor_total} in all")
    while t.level < len(LEVELS) and t.favor_total >= LEVELS[t.level]:
        t.level += 1
        reach(g, troop, t.level)
        if s.end_reason is not None:
            return


def reach(g: Game, troop: int, level: int) -> None:
    """TLC-42..TLC-47: the level's reward chip becomes usable, its arena effect happens, and the arena chip on
    it goes into the player's own bag (ruling R-TLC-2)."""
    s = g.state
    t = lost_troop(s, troop)
    t.rewards += 1
    s.say(f"{t.faction} ({t.side}) reaches crowd favor level {level}: {LEVEL_EFFECTS[level]}")
    if level <= len(t.reward_tactics):
        tac = t.reward_tactics[level - 1]
        t.tactics_camp.append(tac)
        t.cf_hand.append(tac)
        s.say(f"{t.faction} ({t.side}) may now use its CF tactic {tac.name}")
    if level == 1:
        hero = s.units[t.primary_hero]
        if not hero.active:
            hero.active = True
            if s.active == troop:
                hero.deployed_turn = s.turn  # TLC-43: reached on its own turn, it waits for the next
            s.say(f"{hero.name} is activated")
    elif level == 2:
        t.all_deploy = True
    elif level == 3:
        t.initiative = True
    elif level == 4:
        t.cf_unlocked = t.cf_gladiator >= 0
    chip = t.meter_chips[level - 1]
    if chip >= 0:
        t.meter_chips[level - 1] = -1
        s.units[chip].zone = BAG
        t.arena_bag.append(chip)
        s.say(f"{s.units[chip].name} goes from the meter into the bag of {t.faction} ({t.side})")
