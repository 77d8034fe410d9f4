"""hoplostat: exact odds, combat simulation and balance sweeps for Hoplomachus."""

__version__ = "0.1.0"
