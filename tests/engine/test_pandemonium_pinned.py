"""Pandemonium (rulesets/remastered/pandemonium.py) pinned where its mutation run found it unpinned."""

from __future__ import annotations
