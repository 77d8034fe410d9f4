"""Player controllers: every decision the rules leave to a player goes through `choose`.

- `RandomController(rng)`: uniformly random legal choices (with a chance to pass when optional).
- `GreedyController()`: one-step greedy play on exact odds (see its module for the heuristics); a mode whose goals
  differ declares its own heuristics (`Mode.greedy`, a subclass kept in the mode's rule set).
- `LookaheadController(rng, budget)`: flat Monte Carlo over each turn decision with greedy continuations
  (`lookahead`, or `lookahead:N` for N continuations per decision; see its module).
- `SearchController(rng, budget)`: the native core's search player (`search`, `search:N`), sequential halving
  over every decision; played only by the native core.
"""

# Import order is registration order: greedy, then the modules that add its methods.
# isort: off
from hoplostat.engine.registry import make_controller, register_controller
from hoplostat.errors import InputError
from hoplostat.policies.base import Controller
from hoplostat.policies.greedy import GreedyController
from hoplostat.policies.lookahead import (
    DEFAULT_BUDGET,
    LookaheadController,
    parse_budget,
)
from hoplostat.policies.random import RandomController
from hoplostat.policies.search import SearchController
from hoplostat.policies.search import parse_budget as search_budget
# isort: on

POLICIES = ("random", "greedy", "lookahead", "search")
"""The players' names; `lookahead:N` and `search:N` give those players a budget of N continuations per decision."""
BUDGETED = {"lookahead": parse_budget, "search": search_budget}
"""Players that take a budget (`name:N`) and the function that checks it."""

register_controller("random", lambda *, rng: RandomController(rng))
register_controller("greedy", lambda *, rng: GreedyController(rng))
register_controller("lookahead", lambda *, rng, arg="": LookaheadController(rng, parse_budget(arg)))
register_controller("search", lambda *, rng, arg="": SearchController(rng, search_budget(arg)))


def check(name: str, *, option: str = "--policies") -> str:
    """`name` if it names a player (`random`, `greedy`, `lookahead`, `lookahead:N`, or a plug-in's); else
    InputError naming `option` and the allowed names."""
    from hoplostat.engine.registry import controller_names

    base, colon, arg = name.partition(":")
    known = controller_names()
    if base not in known or (colon and base not in BUDGETED):
        raise InputError(f"{option}: unknown player {name!r}; allowed: {', '.join(known)} (lookahead:N and search:N "
                         f"set their budgets, default {DEFAULT_BUDGET} and 64)")
    if colon:
        if not arg:
            raise InputError(f"{option}: {base}: needs a budget after the colon, e.g. {base}:16 "
                             f"(or {base} alone for the default)")
        BUDGETED[base](arg, option=option)
    return name


def seat_pair(text: str, *, option: str = "--policies") -> tuple[str, str]:
    """The players of seats a and b from ``"greedy,random"`` (or one name for both), each `check`ed."""
    pols = tuple(p.strip() for p in text.split(","))
    if len(pols) == 1:
        pols = pols * 2
    if len(pols) != 2:
        raise InputError(f"{option} {text!r}: two of {', '.join(POLICIES)} separated by a comma")
    for p in pols:
        check(p, option=option)
    return pols


def make(name: str, *, rng):
    """A controller by name (`random` needs the rng; greedy breaks ties with it); the registered players
    of `engine.registry` (plug-ins of the `hoplostat.players` entry points included)."""
    return make_controller(name, rng=rng)


__all__ = ["Controller", "GreedyController", "LookaheadController", "POLICIES", "RandomController", "SearchController",
           "check", "make", "seat_pair"]
