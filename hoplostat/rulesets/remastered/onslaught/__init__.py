"""Onslaught Mode as a folder: its rules (`mode.py`), its greedy player (`players.py`). Importing the folder
registers the mode; the public names of `mode.py` are re-exported here."""

from hoplostat.rulesets.remastered.onslaught.mode import (
    ARENA,
    COOP_HEALTH,
    COOP_LIMITS,
    DEFAULT_MAX_ROUNDS,
    REWARDS,
    SOLO_LIMITS,
    WAVE_OVER,
    Onslaught,
    OnslaughtState,
    WaveSummary,
    play_onslaught,
    result_of,
    roll_by_colour,
    setup,
    withdraw,
)

__all__ = [
    'ARENA', 'COOP_HEALTH', 'COOP_LIMITS', 'DEFAULT_MAX_ROUNDS', 'Onslaught', 'OnslaughtState', 'REWARDS',
    'SOLO_LIMITS', 'WAVE_OVER', 'WaveSummary', 'play_onslaught', 'result_of', 'roll_by_colour', 'setup', 'withdraw',
]
