"""Player controllers: every decision the rules leave to a player goes through `choose`.

- `RandomController(rng)`: uniformly random legal choices (with a chance to pass when optional).
- `GreedyController()`: one-step greedy play on exact odds (see its module for the heuristics).
"""

from hoplostat.engine.registry import make_controller, register_controller
from hoplostat.policies.base import Controller
from hoplostat.policies.greedy import GreedyController
from hoplostat.policies.random import RandomController

POLICIES = ("random", "greedy")

register_controller("random", lambda *, rng: RandomController(rng))
register_controller("greedy", lambda *, rng: GreedyController(rng))


def make(name: str, *, rng):
    """A controller by name (`random` needs the rng; greedy breaks ties with it); the registered players
    of `engine.registry` (plug-ins of the `hoplostat.players` entry points included)."""
    return make_controller(name, rng=rng)


__all__ = ["Controller", "GreedyController", "POLICIES", "RandomController", "make"]
