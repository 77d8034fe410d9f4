"""The heroes' draft (CON-16, CON-17) and the solo rival's champion."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hoplostat.catalog.model import Unit
from hoplostat.engine.rules import Game
from hoplostat.engine.state import CAMP, UnitState
from hoplostat.rulesets.remastered import rival
from hoplostat.rulesets.remastered.condemned.state import HEROES, CondemnedState

if TYPE_CHECKING:  # the mode imports this module
    from hoplostat.rulesets.remastered.condemned.mode import Condemned

# --------------------------------------------------------------------------- set-up


def draft(g: Game[CondemnedState]) -> None:
    """CON-16, CON-17: every hero in one bag; each troop first takes its own faction's hero (the seat's
    faction, ruling R-PW-12), then the drafter draws two, keeps one and the other troop takes the other,
    the troops taking turns as drafter from player 1, until each has five; solo, the rival keeps the higher
    Health, then the deadliest (the player breaks a tie), its heroes a lineup in draft order, and one more
    hero drawn at random from those left in the bag is its champion (`draw_champion`)."""
    s = g.state
    m: Condemned = s.mode
    bag: list[Unit] = list(m.bag)
    order = [int(i) for i in g.rng.permutation(len(bag))]
    bag = [bag[i] for i in order]
    troops = list(s.order)  # player 1 first
    have = dict.fromkeys(troops, 0)

    def take(t: int, chip: Unit) -> None:
        u = UnitState(len(s.units), chip, t, zone=CAMP)
        s.units.append(u)
        have[t] += 1
        if t == s.rival_troop:
            s.lineup.append(u.uid)
        s.drafted.append(chip.id)
        s.say(f"{s.troops[t].faction} ({s.troops[t].side}) drafts {chip.name}")

    for t in troops:
        if t == s.rival_troop:
            continue
        hero = m.faction_hero.get(s.troops[t].faction)
        if hero is not None and hero in bag:
            bag.remove(hero)
            take(t, hero)
    k = 0
    while any(have[t] < HEROES for t in troops) and bag:
        if s.solo and s.champion < 0 and have[s.players[0]] >= HEROES and len(bag) > HEROES - have[s.rival_troop]:
            draw_champion(g, bag)  # ruling R-PW-12: before the rival drafts alone
            continue
        drafter = troops[k % len(troops)]
        other = troops[(k + 1) % len(troops)]
        k += 1
        if have[drafter] >= HEROES:
            drafter, other = other, drafter
        pair = bag[:2]
        del bag[:2]
        if len(pair) == 1:
            take(drafter, pair[0])
            continue
        if drafter == s.rival_troop:
            best = max((c.health, c.attack.size) for c in pair)
            cands = [i for i, c in enumerate(pair) if (c.health, c.attack.size) == best]
            i = cands[0] if len(cands) == 1 else rival.controller_of(g, drafter).tie(g, "rival-draft", cands)
        else:
            pick = g.ask(drafter, "draft", [c.id for c in pair], optional=False)
            i = 0 if pick == pair[0].id else 1
        take(drafter, pair[i])
        rest = pair[1 - i]
        if have[other] < HEROES:
            take(other, rest)
        else:
            bag.append(rest)
    if s.solo and s.champion < 0 and bag:
        draw_champion(g, bag)


def draw_champion(g: Game[CondemnedState], bag: list[Unit]) -> None:
    """Pandora's Wake, "Setup" 6, solo: "draw one more hero from the draw bag": a hero at random (the game's rng)
    among those left in `bag`, which becomes the rival's inactive champion. The draft draws it once the player's
    troop is full, before the rival's last picks, which no one shares (ruling R-PW-12): so the rival's choice
    never leaves it the hero the rival passed over, as the book's draft, where no hero goes back, never does."""
    s = g.state
    chip = bag.pop(int(g.rng.integers(len(bag))))
    c = UnitState(len(s.units), chip, s.rival_troop, zone=CAMP, active=False)
    s.units.append(c)
    s.champion = c.uid
    s.drafted.append(chip.id)
    s.say(f"The rival's champion is {chip.name}, inactive on hex {s.champion_hex}")
