"""Fixtures for policy tests."""

from __future__ import annotations

import pytest

import hoplostat.rulesets  # noqa: F401  (registers the modes and skills)
from hoplostat.catalog import load


@pytest.fixture(scope="session")
def cat():
    return load()
