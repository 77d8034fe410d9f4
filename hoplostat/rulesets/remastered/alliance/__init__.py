"""Alliance Mode as a folder: its rules (`mode.py`), its greedy player (`players.py`). Importing the folder registers
the mode; the public names of `mode.py` are re-exported here."""

from hoplostat.rulesets.remastered.alliance.mode import (
    CHOSEN_UNITS,
    TEAM_NAMES,
    Alliance,
    AllianceState,
    setup,
    team_of_seat,
)

__all__ = [
    'Alliance', 'AllianceState', 'CHOSEN_UNITS', 'TEAM_NAMES', 'setup', 'team_of_seat',
]
