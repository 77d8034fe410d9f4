"""The rival AI controller (rulesets/remastered/rival.py) pinned where its mutation run found it unpinned
(RIV-1..RIV-9 of /work/shared/RULES.md; Remastered rulebook, "Rival Turns")."""

from __future__ import annotations
