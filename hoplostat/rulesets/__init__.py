"""Rule sets as plug-ins: one package per rule set, each registering its modes, skills and effects
when imported (`engine.loop.register_mode`, `engine.registry.register`). The engine core imports this
package on first use of its mode registry; add a rule set by importing its package here."""

from hoplostat.rulesets import remastered  # noqa: F401

RULESETS = ("remastered",)
"""Rule sets whose modes are registered."""
