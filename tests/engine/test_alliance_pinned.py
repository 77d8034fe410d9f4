"""Alliance Mode (Remastered): rule scenarios written from the survivors of mutation testing of
`hoplostat/rulesets/remastered/alliance.py` (`tools/mutate.py rulesets/remastered/alliance`), each named after
the rule (ALL-n of /work/shared/rules/pandemonium-alliance.md, rulings R-ALL-n) it pins. Positions come from
the helpers of tests/engine/test_alliance.py (the real set-up, Scripted controllers, first player seat 0:
team 0 = seats 0 and 2, red; team 1 = seats 1 and 3, blue)."""

from __future__ import annotations
