"""hoplostat: exact odds, combat simulation and balance sweeps for Hoplomachus.

The analyst's API (`import hoplostat as hs`): the command line's analyses as functions returning
polars frames (``frame.to_pandas()`` for pandas).

- `attack_odds` (``hoplostat odds``): exact odds of attacks with modifiers, focus fire, attacks to kill;
- `duel`, `duel_matrix` (``hoplostat duel``, ``duel-matrix``): map-free combat between units;
- `play` (``hoplostat play``): one whole game of any mode, its log as a frame of events
  (`events_frame`);
- `run_sweep`, `load_sweep`, `summarize`, `figures`, `write_report` (``hoplostat sweep``,
  ``summarize``, ``report``): balance sweeps, their tables, figures and HTML report;
- `compare` (``hoplostat compare``): what changed between two sweeps of the same matchups;
- `modes` (``hoplostat modes``): the game modes.

``__all__`` is the contract; the submodules (`hoplostat.odds`, `hoplostat.sweep`, ...) stay
importable. Names are loaded on first use, so ``import hoplostat`` (and ``hoplostat --help``) stays
cheap: nothing heavy is imported until a function runs.
"""

from hoplostat._version import __version__ as __version__

__all__ = ["OddsResult", "PlayedGame", "SweepResult", "attack_odds", "compare", "duel", "duel_matrix",
           "events_frame", "figures", "load_sweep", "modes", "play", "run_sweep", "summarize", "write_report"]


def __getattr__(name: str):
    """Load a public name from `hoplostat.api` on first use (PEP 562) and keep it on the package."""
    if name in __all__:
        from hoplostat import api

        value = getattr(api, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'hoplostat' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
