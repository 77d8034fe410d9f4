"""The frozen roster (tests/golden/roster/README.md): the Remastered faction, titan and immortal chips as they
were before the embedded stand-ins were calibrated (issue 21). Tests that pin the engine's or a policy's
behaviour on particular chip values (rulebook examples replayed with stand-in Health, a unit that must fall
to one attack, ...) play these chips, so re-balancing the embedded stand-ins does not move them."""

from __future__ import annotations

from pathlib import Path

ROSTER = Path(__file__).resolve().parent / "golden" / "roster"


def frozen_catalog():
    """The embedded Remastered catalog with the frozen roster over it."""
    from hoplostat.catalog import load

    return load((ROSTER,), use_env=False)
