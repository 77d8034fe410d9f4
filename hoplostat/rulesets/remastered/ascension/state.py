"""The state of an Ascension game: a GameState with teams, the titan, shards and the mode's bookkeeping.

Its own module so that the titan's and the shards' rules (`titan`, `shards`) can name it without
importing the mode that composes them (`ascension`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hoplostat.engine.state import TeamGameState


@dataclass(slots=True)
class AscensionState(TeamGameState):
    """A GameState with teams, the titan, shards and Ascension bookkeeping (cloned with the state)."""

    titan_troop: int = -1
    arena_troop: int = -1
    shard_troops: dict[str, int] = field(default_factory=dict)
    titan_uid: int = -1
    shards: list[Any] = field(default_factory=list)
    shard_holders: set[int] = field(default_factory=set)
    dice_added: int = 0
    titan_turns: int = 0
    arena_turn_due: bool = False
    titan_target: int = -1
    """uid of the unit the titan last attacked, smote or tossed in this Titan Activity Step (R-ASC-10)."""
    arena_turns: int = 0
    forced_arena_dice: list[int] = field(default_factory=list)
    damage_hex: dict[int, int] = field(default_factory=dict)
    pending_shards: list[Any] = field(default_factory=list)
    favor_earned: list[int] = field(default_factory=list)
    titan_damage: list[int] = field(default_factory=list)
    won: bool = False
    unimplemented_terms: list[str] = field(default_factory=list)


    def blocked_for_move(self, troop: int | None = None) -> list[bool]:
        """As `GameState.blocked_for_move`, with footholds shared by a team (ASC-12: co-op footholds)."""
        b = [x >= 0 or st for x, st in zip(self.board, self.grid.move_block)]
        if troop is not None and self.footholds:
            team = self.teams[troop]
            for h, t in self.footholds.items():
                if self.teams[t] != team:
                    b[h] = True
        return b

    def can_occupy(self, troop: int, h: int, *, sentinel: bool = False) -> bool:
        if self.grid.pedestal[h]:
            return sentinel
        if self.grid.move_block[h]:
            return False
        t = self.footholds.get(h)
        return t is None or self.teams[t] == self.teams[troop]


# --------------------------------------------------------------------------- the mode
