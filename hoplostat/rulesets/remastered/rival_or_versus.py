"""What Pandora's Wake's two modes share as modes of one player against a rival troop or of two players
against each other (CON-15; NAU-1, NAU-12): their matchups, their game specs and their
sweep rows. Each mode keeps its own rules; this is only how a sweep meets them.
"""

from __future__ import annotations

from typing import Any, ClassVar

from hoplostat.engine.mode import GameResult, GameSpec, Matchup, Mode, side_counts

RIVAL = "rival"
"""Faction name of the solo rival troop: seat b of a solo matchup, its sweep rows' `faction_b`, and the key of
its troop result among a solo game's extras."""

_CASTS = {"bool": bool, "int": int}


class RivalOrVersus(Mode):
    """A mode played solo against a rival troop (`--players 1`, the default: the rival is seat b and always
    plays first) or by two players (`--players 2`: every unordered pair, both seat orders).

    A subclass names the columns of its game rows beyond the common ones: `game_extras` (keys of the
    result's extras) and `side_extras` (keys of each troop result's extras, or its fields such as `rewards`),
    each written as `a_<key>` and `b_<key>` and cast to the type its `columns` declare."""

    seats = (1, 2)
    first_player_random = True
    analysis = "versus"
    game_extras: ClassVar[tuple[str, ...]] = ()
    side_extras: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def matchups(cls, factions, *, arenas, titans, coop, players=0, pods=0, seed=0) -> list[Matchup]:
        out: list[Matchup] = []
        if players in (0, 1):
            out += [Matchup(cls.name, arena, f, RIVAL, "b") for arena in arenas for f in factions]
        if players == 2:
            out += [Matchup(cls.name, arena, a, b, first) for arena in arenas for i, a in enumerate(factions)
                    for b in factions[i + 1:] for first in ("a", "b")]
        return out

    @classmethod
    def spec_of(cls, m: Matchup, max_rounds: int) -> GameSpec:
        if m.b == RIVAL:
            return GameSpec(cls.name, (m.a,), m.arena, "", None, max_rounds)
        return GameSpec(cls.name, (m.a, m.b), m.arena, "", {"a": 0, "b": 1}[m.first], max_rounds)

    @classmethod
    def rows(cls, res: GameResult, head: dict, unit_kind) -> dict[str, list[dict]]:
        x = res.extras
        solo = len(res.troops) == 1
        sides = [res.troops[0], x[RIVAL] if solo else res.troops[1]]
        if solo:
            winner = None if res.capped or res.end_reason == "unfinished" else ("a" if res.won else "b")
            winner_faction = None if winner is None else (res.factions[0] if winner == "a" else RIVAL)
        else:
            winner = None if res.winner is None else "ab"[res.winner]
            winner_faction = res.winner_faction
        types = cls.columns["games"]

        def cast(col: str, v: Any) -> Any:
            return _CASTS.get(types[col], lambda y: y)(v)

        row = {**head, "winner": winner, "winner_faction": winner_faction, "rounds": res.rounds,
               "end_reason": res.end_reason, "solo": solo, "capped": res.capped,
               **{k: cast(k, x[k]) for k in cls.game_extras}}
        for side, t in zip("ab", sides):
            row.update(side_counts(side, t))
            for k in cls.side_extras:
                v = t.extras[k] if k in t.extras else getattr(t, k)  # a TroopResult field
                row[f"{side}_{k}"] = cast(f"{side}_{k}", v)
        units = cls.unit_rows(head, res, unit_kind, lambda seat: winner == "ab"[seat])
        return {"games": [row], "units": units}
