"""Game state: plain mutable `__slots__` dataclasses, changed only through `engine.rules`.

A `UnitState` exists for every chip a troop owns (in the bag, the camp, combat or
the discard); `GameState.units[uid]` is that chip, `GameState.board[hex]` the uid
standing on a hex (or -1). Rules functions keep the two in step.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from hoplostat.catalog.model import Tactic, Unit
from hoplostat.engine.hexgrid import HexGrid

# Where a chip is.
BAG, CAMP, COMBAT, DISCARD, TRACK = "bag", "camp", "combat", "discard", "track"
SIDES = ("red", "blue")


@dataclass(slots=True)
class PlacedTactic:
    """A tactic on a unit: the chip and the troop that played it (DEF-2: it goes back to that troop's discard)."""

    tactic: Tactic
    owner: int
    turn: int


@dataclass(slots=True)
class UnitState:
    uid: int
    unit: Unit
    troop: int
    zone: str = BAG
    hex: int = -1
    hp: int = 0
    active: bool = True
    """False for an inactive hero (UNIT-7, UNIT-8)."""
    is_primary_hero: bool = False
    deployed_turn: int = -1
    """Global turn number of deployment; dazed while it equals `GameState.turn` (DEP-4)."""
    moved_turn: int = -1
    engaged_turn: int = -1
    abilities_used: dict[str, int] = field(default_factory=dict)
    """skill id -> turn number it was last used (SKL-2: once per turn)."""
    tactics: list[PlacedTactic] = field(default_factory=list)
    parry_turn: int = -1
    """Round in which Parry was last used (data/skills.toml: once per round)."""
    impelled_turn: int = -1
    """Turn in which an Impel lets this unit attack a second time."""
    hp_gained: int = 0
    """HP gained (not healed) since deployment: HP never exceeds Health + this (UNIT-4)."""

    @property
    def elite(self) -> bool:
        return self.unit.elite

    @property
    def name(self) -> str:
        return self.unit.name

    def in_combat(self) -> bool:
        return self.zone == COMBAT


@dataclass(slots=True)
class TroopState:
    index: int
    side: str
    faction: str
    tactics_camp: list[Tactic] = field(default_factory=list)
    tactics_discard: list[Tactic] = field(default_factory=list)
    favor: int = 0
    """Bead position on the crowd favor track (capped at the last reward)."""
    favor_total: int = 0
    """All crowd favor earned, including what the capped track could not show."""
    rewards: int = 0
    primary_hero: int = -1
    deployed: int = 0
    damage_dealt: int = 0
    kills: int = 0
    units_lost: int = 0


@dataclass(slots=True)
class GameState:
    grid: HexGrid
    units: list[UnitState]
    troops: list[TroopState]
    board: list[int]
    supply: dict[str, int]
    supply_start: dict[str, int]
    order: list[int]
    combat: list[int] = field(default_factory=list)
    """uids in combat, in order of arrival (kept by rules.deploy / rules.defeat)."""
    round: int = 0
    turn: int = 0
    active: int = -1
    winner: int | None = None
    end_reason: str | None = None
    log: list[str] | None = None
    mode: Any = None
    """The mode object (`engine.modes.*`): receives `after_defeat` and crowd favor calls."""

    # --- queries -------------------------------------------------------------------

    def say(self, text: str) -> None:
        if self.log is not None:
            self.log.append(text)

    def side_of(self, troop: int) -> str:
        return self.troops[troop].side

    def in_combat(self, troop: int | None = None) -> list[UnitState]:
        """Units on the board, all troops or one troop."""
        us = self.units
        if troop is None:
            return [us[u] for u in self.combat]
        return [us[u] for u in self.combat if us[u].troop == troop]

    def opponents_of(self, troop: int) -> list[UnitState]:
        us = self.units
        return [us[u] for u in self.combat if us[u].troop != troop]

    def zone(self, troop: int, zone: str) -> list[UnitState]:
        return [u for u in self.units if u.troop == troop and u.zone == zone]

    def occupant(self, hex_: int) -> UnitState | None:
        u = self.board[hex_]
        return None if u < 0 else self.units[u]

    def is_dazed(self, u: UnitState) -> bool:
        """Deployed this turn (DEP-4, SKL-8)."""
        return u.deployed_turn == self.turn

    def is_fatigued(self, u: UnitState) -> bool:
        """A Stun-like tactic is on the unit (SKL-7)."""
        if not u.tactics:
            return False
        return any(any(e.term == "stun" for e in pt.tactic.effects) for pt in u.tactics)

    def skills_work(self, u: UnitState) -> bool:
        """Innate skills work unless fatigued or an inactive hero (SKL-1, SKL-7, UNIT-7)."""
        return u.active and not self.is_fatigued(u)

    def blocked_for_move(self) -> list[bool]:
        """Blocked hexes for movement: units and static blocks (MOV-2); pedestals block non-sentinels (ARN-6)."""
        b = [x >= 0 for x in self.board]
        tags = self.grid.tags
        for i in range(self.grid.n):
            if "blocked" in tags[i] or "pedestal" in tags[i]:
                b[i] = True
        return b

    def clone(self) -> GameState:
        """An independent copy for lookahead; catalog objects and the grid are shared (immutable)."""
        memo: dict[int, Any] = {id(self.grid): self.grid}
        for u in self.units:
            memo[id(u.unit)] = u.unit
            for pt in u.tactics:
                memo[id(pt.tactic)] = pt.tactic
        for t in self.troops:
            for tac in t.tactics_camp + t.tactics_discard:
                memo[id(tac)] = tac
        if self.mode is not None:
            memo[id(self.mode)] = self.mode
        return copy.deepcopy(self, memo)
