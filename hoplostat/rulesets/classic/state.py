"""The troop of the older games: a bag of unit *and* tactic chips drawing into a hand (the prep area)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from hoplostat.catalog.model import Tactic
from hoplostat.engine.state import GameState, TroopState


@dataclass(slots=True)
class ClassicTroop(TroopState):
    """A troop whose tactics wait in the bag with its gladiators (Rise of Rome, "Setup": "all of your city's
    gladiators and tactics" go in the bag). Units in the bag are in zone BAG, in the hand in zone CAMP; tactic
    chips in the bag are `tactics_bag`, in the hand `tactics_camp`."""

    tactics_bag: list[Tactic] = field(default_factory=list)
    hand_size: int = 4
    """Prep area circles (Rise of Rome: four; two in co-op)."""
    redrawn_turn: int = -1
    """The turn in which the hand of unplayable tactics was last shown and redrawn (ROR-24)."""
    granted_any: tuple[int, int] = (-1, -1)
    """(turn, uid) of the unit a Consuming Impel gave a Basic *or* Alternate second attack in that turn
    (`rulesets.rise_of_rome.skills`)."""
    deploy_progress: tuple[int, int, bool] = (-1, 0, False)
    """(turn, decisions done, a tactic played) of the deployment phase (`turn.deploy_phase`): 1 once the
    gladiator was chosen (or passed), 2 once the tactic was; so that a clone resumed at a later decision of
    the phase (`engine.loop.resume`) does not ask the earlier ones again."""


def classic_troop(s: GameState, troop: int) -> ClassicTroop:
    """A player's troop in a mode of the older games. Their states also hold plain `TroopState`s (an arena's, a
    titan's), so `GameState.troops` is typed by their common base; the caller names a player's troop (not checked
    at run time)."""
    return cast(ClassicTroop, s.troops[troop])


