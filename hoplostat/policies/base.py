"""The controller protocol (re-exported from `engine.rules`, where the engine asks it).

`choose(g, troop, decision, options, *, optional)` returns one element of `options`,
or None to pass when `optional`. Decisions and option shapes are listed in
`hoplostat.rulesets.remastered.turn` ("deploy", "tactic", "move", "ability", "engage") and the
modes ("return-unit", "catch-up": a uid).
"""

from hoplostat.engine.rules import Controller

__all__ = ["Controller", "UnknownDecision", "parse_budget_of"]


class UnknownDecision(LookupError):
    """A rule asked a player a decision it has no way to take (a mode's heuristics do not list it): a gap in the
    player, never the user's input, so it is not an `InputError`."""


def parse_budget_of(name: str, arg: str | None, *, default: int, maximum: int, option: str) -> int:
    """The budget of `NAME:N` (N continuations per decision, 1 to `maximum`); `default` without `:N`. InputError
    naming `option` otherwise (the lookahead's and the search player's `parse_budget`)."""
    if not arg:
        return default
    try:
        n = int(arg)
    except ValueError:
        n = 0
    if not 1 <= n <= maximum:
        from hoplostat.errors import InputError

        raise InputError(f"{option}: {name}:{arg}: the budget is a whole number of continuations per decision, "
                         f"1 to {maximum} (default {default})")
    return n
