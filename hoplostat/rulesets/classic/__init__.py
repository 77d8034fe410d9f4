"""What Rise of Rome, The Lost Cities and Origins share and Remastered does not: the phase turn (deploy a
gladiator and/or a tactic, move, attack, draw), the bag that feeds a hidden hand (prep area) of unit and
tactic chips, Tactical Range as a unit stat, Basic and Alternate Attacks, Abilities usable from the turn a
unit deploys. The rule sets built on it (`rulesets.rise_of_rome`) register their own skill texts and modes;
this package registers nothing."""
