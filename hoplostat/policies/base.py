"""The controller protocol (re-exported from `engine.rules`, where the engine asks it).

`choose(g, troop, decision, options, *, optional)` returns one element of `options`,
or None to pass when `optional`. Decisions and option shapes are listed in
`hoplostat.rulesets.remastered.turn` ("deploy", "tactic", "move", "ability", "engage") and the
modes ("return-unit", "catch-up": a uid).
"""

from hoplostat.engine.rules import Controller

__all__ = ["Controller"]
