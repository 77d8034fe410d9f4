"""What every Remastered module shares: the rule set's name."""

RULESET = "remastered"
