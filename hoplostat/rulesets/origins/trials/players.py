"""The house's greedy player in the Solo Trials (`OriginsSoloTrials.greedy`): Origins' own (`OriginsGreedy`: the
draft's chip values, the six, the arenas' objectives), unchanged; the trial's decisions are Origins' decisions. The
challenger is no player: its AI is part of the rules (`challenger.ChallengerController`). The one module of the
mode's folder that imports a player, reached only through `greedy()`, on first use."""

from __future__ import annotations

from hoplostat.rulesets.origins.players import OriginsGreedy


class TrialsGreedy(OriginsGreedy):
    """Greedy's Origins heuristics for the house of a trial."""
