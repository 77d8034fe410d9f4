"""Remastered modes (`rulesets/remastered/skirmish.py`, `onslaught.py`, `ascension.py`) pinned where mutation
testing found them unpinned (issue 25)."""
