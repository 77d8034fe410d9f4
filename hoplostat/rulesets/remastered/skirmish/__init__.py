"""Skirmish Mode as a folder: its rules (`mode.py`). Importing the folder registers the mode; the public names of
`mode.py` are re-exported here."""

from hoplostat.rulesets.remastered.skirmish.mode import (
    ARENAS,
    CAMP_SIZE,
    POZZUOLI_REWARDS,
    PRESSURE,
    BareBoard,
    Skirmish,
    chain_hero,
    claim_pozzuoli_reward,
    play_game,
    result_of,
    setup,
)

__all__ = [
    'ARENAS', 'BareBoard', 'CAMP_SIZE', 'POZZUOLI_REWARDS', 'PRESSURE', 'Skirmish', 'chain_hero',
    'claim_pozzuoli_reward', 'play_game', 'result_of', 'setup',
]
