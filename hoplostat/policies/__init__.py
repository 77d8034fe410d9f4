"""Player controllers: every decision the rules leave to a player goes through `choose`.

- `RandomController(rng)`: uniformly random legal choices (with a chance to pass when optional).
- `GreedyController()`: one-step greedy play on exact odds (see its module for the heuristics).
"""

from hoplostat.policies.base import Controller
from hoplostat.policies.greedy import GreedyController
from hoplostat.policies.random import RandomController

POLICIES = ("random", "greedy")


def make(name: str, *, rng):
    """A controller by name (`random` needs the rng; greedy breaks ties with it)."""
    from hoplostat.errors import InputError

    if name == "random":
        return RandomController(rng)
    if name == "greedy":
        return GreedyController(rng)
    raise InputError(f"unknown policy {name!r}; allowed: {', '.join(POLICIES)}")


__all__ = ["Controller", "GreedyController", "POLICIES", "RandomController", "make"]
