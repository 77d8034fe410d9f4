"""Ascension Mode as a folder: its rules (`mode.py`), its game state (`state.py`), its greedy player (`players.py`).
Importing the folder registers the mode; the public names of `mode.py` are re-exported here."""

from hoplostat.rulesets.remastered.ascension.mode import (
    ARENA,
    COOP_UNITS,
    DEFAULT_MAX_ROUNDS,
    SOLO_UNITS,
    Ascension,
    AscensionState,
    build_game,
    choose_forces,
    play_ascension,
    result_of,
    setup,
)

__all__ = [
    'ARENA', 'Ascension', 'AscensionState', 'COOP_UNITS', 'DEFAULT_MAX_ROUNDS', 'SOLO_UNITS', 'build_game',
    'choose_forces', 'play_ascension', 'result_of', 'setup',
]
