"""Pandemonium Mode as a folder: its rules (`mode.py`), its greedy player (`players.py`). Importing the folder
registers the mode; the public names of `mode.py` are re-exported here."""

from hoplostat.rulesets.remastered.pandemonium.mode import (
    POOL,
    UNIT_LIMIT,
    Pandemonium,
    PandemoniumState,
    seat_side,
    setup,
)

__all__ = [
    'POOL', 'Pandemonium', 'PandemoniumState', 'UNIT_LIMIT', 'seat_side', 'setup',
]
