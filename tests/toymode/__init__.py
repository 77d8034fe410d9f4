"""A toy mode registered by the tests only: what adding a mode takes is this folder, and nothing else.

Sudden Death: Skirmish on Pozzuoli where the first unit defeated loses the game for its troop. Like a mode of
a rule set it is a folder: its rules (`mode.py`), its greedy player (`players.py`) and its analysis
(`analysis.py`, a table of how its games ended). Every command that reads the mode registry (`play`, `sweep`,
`summarize`, `report`, `modes`) serves it with no line of its own (tests/test_mode_contract.py), and no module of
the package names it (tests/test_analysis.py). Importing the folder registers the mode.
"""

from toymode.mode import SuddenDeath
from toymode.players import SuddenDeathGreedy

__all__ = ["SuddenDeath", "SuddenDeathGreedy"]
