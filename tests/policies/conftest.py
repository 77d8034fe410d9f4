"""Fixtures for policy tests."""

from __future__ import annotations

import pytest

import hoplostat.rulesets  # noqa: F401  (registers the modes and skills)


@pytest.fixture(scope="session")
def cat():
    """The catalog with the frozen pre-calibration roster (tests/frozen.py): these tests pin behaviour on
    particular chip values, which calibrating the embedded stand-ins must not move."""
    from frozen import frozen_catalog

    return frozen_catalog()
