"""The state of an Ascension game: a GameState with teams, the titan, shards and the mode's bookkeeping.

Its own module so that the titan's and the shards' rules (`titan`, `shards`) can name it without
importing the mode that composes them (`ascension`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hoplostat.engine.state import TeamGameState


class _TeamMuted(list):
    """ARN-5 in Ascension: an inner hex without a foothold mutes only player units (and is muted while
    empty, for the players' movement scoring); a rival unit standing there is not restricted (ASC-3)."""

    __slots__ = ("s", "raw")

    def __getitem__(self, h):  # type: ignore[override]
        v = list.__getitem__(self, h)
        if not v:
            return False
        s = self.s
        o = s.board[h]
        return o < 0 or s.teams[s.units[o].troop] == 0

    def pattern(self) -> list[bool]:
        """The pattern now, as a plain list (what `self[h]` gives for every h): only the few raw-muted hexes
        are looked at."""
        out = [False] * list.__len__(self)
        s = self.s
        board, units, teams = s.board, s.units, s.teams
        for h in self.raw:
            o = board[h]
            out[h] = o < 0 or teams[units[o].troop] == 0
        return out


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

    def refresh_muted(self) -> None:
        fh = self.footholds
        raw = [h for h in self.grid.inner_hexes if h not in fh]
        m = _TeamMuted([False] * (self.grid.n + 1))
        for h in raw:
            list.__setitem__(m, h, True)
        m.s = self
        m.raw = raw
        self.muted = m

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
