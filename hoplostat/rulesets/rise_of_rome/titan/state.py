"""Rise of Rome against a titan: the game state (`TitanState`), the facts the rules read from it (the card faced,
the pillars and their shards, the summoned units) and the shards' rules (ROR-60, ROR-66; rulings R-ROR-15, R-ROR-19,
R-ROR-23)."""

from __future__ import annotations

from dataclasses import dataclass, field

from hoplostat.catalog.model import FrozenMap, RorTitan, Tactic, Unit
from hoplostat.dice import Pool
from hoplostat.engine.rules import Game
from hoplostat.engine.state import BAG, CAMP, COMBAT, TRACK, TeamGameState, UnitState
from hoplostat.rulesets.rise_of_rome.base import RULESET
from hoplostat.rulesets.rise_of_rome.favor import RomeTroop, rome_troop
from hoplostat.rulesets.rise_of_rome.mode import tactic_allowed

SOLO_GLADIATORS, SOLO_HAND = 6, 4
"""ROR-57: six gladiators and one tactic, the whole bag of the game; four prep circles."""
COOP_GLADIATORS, COOP_HAND = 3, 2
"""ROR-83: three random gladiators and one tactic each; two prep circles each."""
PILE = 10
"""ROR-59: Oceanus's pile, ten gladiators (no champion)."""
TITAN_SUPPLY = "titan"
TITAN_CHIPS = 400
"""The titan's side (titan, pillars, summoned units) takes its health chips from a supply of its own, not from
the players' 75 (ruling R-ROR-16: "Health Chip" and "Titan-Summoned Units" give the summoned units no colour)."""
CLOCKWISE = ("e", "se", "sw", "w", "nw", "ne")
"""The six directions clockwise on the mat as drawn (north up; `data/rise-of-rome/arenas/colosseum.toml`)."""
STANDS, FREE = -2, -1
"""A pillar's shard: its pillar still stands / freed (a uid: the unit holding it)."""
PILLAR = Unit(id="pillar", name="Pillar", kind="pillar", faction=None, classes=("defender",), elite=False,
              movement=0, range=1, health=1, attack=Pool.of(), skills=(), provenance=FrozenMap({}), ruleset=RULESET)
"""A pillar's stat line (its Health comes from the titan card, `RorTitan.pillar_health`): a chip that only
takes damage (ROR-60)."""


@dataclass(slots=True)
class TitanState(TeamGameState):
    """A Rise of Rome titan game: players 0..n-1 (team 0), the titan troop n (team 1: the titan, its pillars
    and its summoned units)."""

    titan_troop: int = -1
    titan_uid: int = -1
    stage: int = 0
    """Co-op: 0 while the first titan fights, 1 for the second (ROR-82); solo always 0."""
    pillars: list[int] = field(default_factory=list)
    """uids of the four pillars, in pedestal order."""
    shards: list[int] = field(default_factory=list)
    """Per pillar: STANDS, or the uid of the unit holding its freed shard (ROR-60)."""
    pile: list[int] = field(default_factory=list)
    """uids of the face-down pile the titan summons from, top first (ROR-59)."""
    cf_pile: list[int] = field(default_factory=list)
    """uids of the CF gladiators the titan may summon (Greater Call Forth; ruling R-ROR-17)."""
    champion_hex: list[int] = field(default_factory=list)
    """Per player: the champion hex its champion was set on (the co-op reset puts it back)."""
    won: bool = False
    titans_defeated: int = 0
    titan_damage: list[int] = field(default_factory=list)
    summoned: int = 0
    titan_turns: int = 0
    pillars_destroyed: int = 0
    d6_script: list[int] = field(default_factory=list)
    """Forced d6 faces for tests (used first, one per roll)."""
    d6_rolled: list[int] = field(default_factory=list)
    city_tactics: list[tuple[Tactic, ...]] = field(default_factory=list)
    """Per player: the four tactics of its custom Origins city (`--option city=origins`); empty for the cities'
    own."""


def meter_troop(s: TitanState) -> RomeTroop:
    """ROR-84: the crowd favor meter and the F/A chips are the players' together; kept on player 1's troop."""
    return rome_troop(s, s.players[0])


def card(s: TitanState) -> RorTitan:
    return s.mode.cards[s.stage]


def is_pillar(u: UnitState) -> bool:
    return u.unit.kind == "pillar"


def summoned(s: TitanState) -> list[UnitState]:
    """The titan's summoned units in combat, in arrival order."""
    return [u for u in s.in_combat(s.titan_troop) if u.uid != s.titan_uid and not is_pillar(u)]


def shard_holders(s: TitanState) -> list[UnitState]:
    return [s.units[h] for h in s.shards if h >= 0 and s.units[h].zone == COMBAT]


def active_shards(s: TitanState) -> int:
    """X of "1 + X": shards freed and held by a unit in play (ROR-66)."""
    return len(shard_holders(s))


def pillars_standing(s: TitanState) -> int:
    return sum(1 for x in s.shards if x == STANDS)


def can_act(s: TitanState, u: UnitState) -> bool:
    """In combat and not stunned (a Stun tactic or a flip: only its health counts, ROR-103)."""
    return u.zone == COMBAT and not (u.tactics and s.is_fatigued(u))
NEXT_TITAN = "first titan defeated, the second comes"


def titan_tactic_allowed(target: UnitState, tac: Tactic) -> bool:
    """R-ROR-1 as in the player-against-player game (no Stun tactic on a champion); the titan and its pillars take no
    tactic (ruling R-ROR-19, Rise of Rome, "Chip Types": "Tactic Chip: Tactics are used to support or hinder units",
    and the titan and the pillars are no unit chips; they are attacked and damaged like opposing units, ROR-60)."""
    return target.unit.kind not in ("titan", "pillar") and tactic_allowed(target, tac)


def out_of_chips(s: TitanState) -> bool:
    """Ruling R-ROR-23 (Rise of Rome, "First Round Walkthrough"): nothing of the players' can ever deal damage again (no
    unit in combat but inactive champions, no chip in a hand or bag, no earned F/A chip, no CF gladiator to deploy):
    the titan can no longer fall (the 7 chips of the bag "is all you get", ROR-81), so the game is lost now rather
    than at the round cap."""
    for p in s.players:
        for u in s.units:
            if u.troop != p:
                continue
            if u.zone == COMBAT and u.active:
                return False
            if u.zone in (BAG, CAMP) and not u.is_primary_hero:
                return False
        t = rome_troop(s, p)
        if t.tactics_camp or t.tactics_bag:
            return False
    m = meter_troop(s)
    if m.fa_earned or (m.cf_unlocked and m.cf_gladiator >= 0 and s.units[m.cf_gladiator].zone == TRACK):
        return False
    return True


def free_shard(g: Game[TitanState], pillar: UnitState, source: UnitState | None, source_troop: int | None) -> None:
    """Rise of Rome, "Objective" (ROR-60): a destroyed pillar frees its shard, handled "as directed on the titan card"
    (not printed for any titan: ruling R-ROR-15): the unit that destroyed the pillar holds it (a tactic's damage:
    that player's champion). Each held shard adds to the titan's Attack Range (ROR-66); with the last pillar down the
    titan can be harmed."""
    s = g.state
    k = s.pillars.index(pillar.uid)
    s.pillars_destroyed += 1
    holder = source if source is not None and source.zone == COMBAT and source.troop in s.players else None
    if holder is None:
        p = source_troop if source_troop in s.players else s.players[0]
        holder = s.units[s.troops[p].primary_hero]
    s.shards[k] = holder.uid
    s.say(f"the shard of pillar {k + 1} is freed: {holder.name} holds it"
          + ("" if pillars_standing(s) else f"; {card(s).unit.name} can now be defeated"))


def pass_shard(g: Game[TitanState], u: UnitState) -> None:
    """Ruling R-ROR-15: a shard holder defeated gives its shards to its player's champion."""
    s = g.state
    p = u.troop if u.troop in s.players else s.players[0]
    hero = s.units[s.troops[p].primary_hero]
    for k, h in enumerate(s.shards):
        if h == u.uid:
            s.shards[k] = hero.uid
            s.say(f"{hero.name} takes up the shard {u.name} held")
