"""Fixtures for engine tests (helpers live in enginekit.py)."""

from __future__ import annotations

import pytest

import hoplostat.rulesets  # noqa: F401  (registers the skills)
from hoplostat.engine.hexgrid import HexGrid


@pytest.fixture(scope="session")
def cat():
    """The catalog with the frozen pre-calibration roster (tests/frozen.py): these tests pin behaviour on
    particular chip values, which calibrating the embedded stand-ins must not move."""
    from frozen import frozen_catalog

    return frozen_catalog()


@pytest.fixture(scope="session")
def grid(cat):
    return HexGrid.of(cat.arena("pozzuoli"))
