"""Fixtures for engine tests (helpers live in enginekit.py)."""

from __future__ import annotations

import pytest

import hoplostat.rulesets  # noqa: F401  (registers the skills)
from hoplostat.catalog import load
from hoplostat.engine.hexgrid import HexGrid


@pytest.fixture(scope="session")
def cat():
    return load()


@pytest.fixture(scope="session")
def grid(cat):
    return HexGrid.of(cat.arena("pozzuoli"))
