"""What a game is asked to play and what it gives back, for every mode: the game spec and the mode options it
carries, a sweep's matchups, the result of a game with its troops and units, the rows' shared columns and the
pods of factions a free-for-all sweep samples. `engine.mode` (the Mode protocol) builds on these and re-exports
them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from hoplostat.errors import InputError

# --------------------------------------------------------------------------- what to play


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game to play: the mode, the player factions in seat order and the mode's choices.

    `arena` "" = the mode's first arena; `first` None = the rules draw who plays first; `titan` the
    opponent chip of modes that face one (a titan); `max_rounds` None = the mode's default cap;
    `options` mode-specific extras as (key, value) pairs (e.g. a wave mode's immortal order).
    """

    mode: str
    factions: tuple[str, ...]
    arena: str = ""
    titan: str = ""
    first: int | None = None
    max_rounds: int | None = None
    options: tuple[tuple[str, Any], ...] = ()
    rulings: tuple[tuple[str, str], ...] = ()
    """Ruling switches changed from their defaults (`engine.rulings.parse`)."""

    def option(self, key: str, default: Any = None) -> Any:
        for k, v in self.options:
            if k == key:
                return v
        return default


BOOL_TEXT = {"true": True, "yes": True, "on": True, "1": True, "false": False, "no": False, "off": False, "0": False}


@dataclass(frozen=True, slots=True)
class ModeOption:
    """One option a mode declares (`Mode.options`), set with `--option NAME=VALUE` on `play` and `sweep`.

    `kind`: `choice` (one of `values`), `bool` (true/false, yes/no, on/off, 1/0), `int`, `id` (one catalog
    id) or `ids` (a comma-separated list of catalog ids); ids are checked by the mode's `check_options`.
    `default`: the value as text; a value equal to it is left out of a spec, so the games with and without it are
    the same.
    Options travel in `GameSpec.options` as (name, canonical text) pairs; a mode reads the typed value with
    `Mode.option_value(spec, name)`."""

    name: str
    help: str
    """One line: what the option does."""
    default: str
    values: tuple[str, ...] = ()
    kind: str = "choice"

    def canonical(self, text: str, mode: str) -> str:
        """The option's value as the spec holds it; InputError naming the option and `mode` when bad."""
        v = text.strip()
        if self.kind == "choice":
            if v not in self.values:
                raise InputError(f"--option {self.name}={text}: {mode} allows {self.allowed}")
            return v
        if self.kind == "bool":
            if v.lower() not in BOOL_TEXT:
                raise InputError(f"--option {self.name}={text}: {mode} wants true or false (yes/no)")
            return "true" if BOOL_TEXT[v.lower()] else "false"
        if self.kind == "int":
            try:
                return str(int(v))
            except ValueError:
                raise InputError(f"--option {self.name}={text}: {mode} wants a whole number") from None
        if self.kind == "id":
            if not v or "," in v:
                raise InputError(f"--option {self.name}={text}: {mode} wants one id")
            return v
        if self.kind == "ids":
            parts = [x.strip() for x in v.split(",")]
            if not all(parts):
                raise InputError(f"--option {self.name}={text}: {mode} wants ids separated by commas")
            return ",".join(parts)
        raise ValueError(f"option {self.name!r}: unknown kind {self.kind!r}")

    def typed(self, text: str) -> Any:
        """The value of canonical `text`: str (choice), bool, int, or a tuple of ids (a value already typed, as
        API callers may put in `GameSpec.options`, is returned as it is)."""
        if not isinstance(text, str):
            return tuple(text) if isinstance(text, list) else text
        if self.kind == "bool":
            return BOOL_TEXT[text.lower()]
        if self.kind == "int":
            return int(text)
        if self.kind == "ids":
            return tuple(x for x in text.split(",") if x)
        return text

    @property
    def allowed(self) -> str:
        """The allowed values in words (`hoplostat modes`, errors)."""
        if self.kind == "choice":
            return "|".join(self.values)
        return {"bool": "true|false", "int": "a whole number", "id": "an id",
                "ids": "ids separated by commas"}[self.kind]

    def row(self) -> dict[str, Any]:
        """The option as `hoplostat modes --json` lists it."""
        return {"name": self.name, "kind": self.kind, "values": list(self.values), "default": self.default,
                "help": self.help}


@dataclass(frozen=True, slots=True)
class Matchup:
    """One cell of a sweep: a mode's game between these seats, on an arena, against a titan."""

    mode: str
    arena: str
    a: str
    b: str
    first: str
    titan: str = ""
    """The opponent faced by modes that have one (a titan); "" otherwise."""
    more: tuple[str, ...] = ()
    """Seats c, d, ... of modes for more than two players (free-for-all, two teams of two)."""

    @property
    def factions(self) -> tuple[str, ...]:
        return tuple(f for f in (self.a, self.b, *self.more) if f)

    @property
    def key(self) -> str:
        seats = "/".join((self.a, self.b, *self.more))
        base = f"{self.mode}/{self.arena}/{seats}/{self.first}"
        return f"{base}/{self.titan}" if self.titan else base


# --------------------------------------------------------------------------- results


WON, LOST, DRAW = "won", "lost", "draw"
COMPETITIVE = ("versus", "pods", "teams")
"""`Mode.analysis` kinds where players play against each other (each seat its own policy)."""


@dataclass(slots=True)
class TroopResult:
    """How one player troop (a seat) ended and what it did. Mode-specific counts are in `extras`."""

    seat: int
    """Position in `GameSpec.factions` (0 = a, 1 = b, ...)."""
    faction: str
    side: str
    team: int
    outcome: str
    """`won`, `lost` or `draw` (the round cap, or both sides at once)."""
    units_deployed: int
    damage_dealt: int
    kills: int
    units_lost: int
    crowd_favor: int
    rewards: int
    tactic_damage: int = 0
    """Part of damage_dealt done by the troop's tactics; the rest is the sum over its units."""
    tactic_kills: int = 0
    extras: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class UnitSummary:
    """One chip of a player troop that could take part (bag, camp, combat, discard; a gained neutral hero;
    every sentinel placed). Sums over a troop's units plus its tactic columns equal its TroopResult."""

    unit_id: str
    faction: str
    """The troop's faction (also for a neutral hero or sentinel it controls)."""
    seat: int
    """The seat of the troop that owns the chip (as `TroopResult.seat`)."""
    deployed: bool
    """Ever in combat: deployed, chained on its hero hex (Colosseum) or placed as a sentinel."""
    times_deployed: int
    """Deployments (a chained hero's set-up and a placed sentinel are not deployments)."""
    damage_dealt: int
    kills: int
    defeated: bool
    times_defeated: int = 0
    damage_taken: int = 0
    """HP removed from the chip over the game."""
    tactics_enabled: int = 0
    """Tactics placed on opponents only its reach made targets (Tactical)."""


@dataclass(slots=True)
class GameResult:
    """The one result type of every mode: an outcome per player troop plus the mode's extras."""

    mode: str
    ruleset: str
    arena: str
    factions: tuple[str, ...]
    rounds: int
    end_reason: str
    first_player: int
    """Seat of the player who played first."""
    troops: list[TroopResult]
    units: list[UnitSummary] = field(default_factory=list)
    unimplemented: tuple[str, ...] = ()
    """Skills on chips in the game, and effect terms, that the engine does not play (played as blank)."""
    extras: dict[str, Any] = field(default_factory=dict)
    """Mode-specific results (a wave mode: immortals_defeated, waves; a titan mode: titan, titan_hp, ...)."""
    log: list[str] | None = None
    engine: str = "python"
    """Which engine played the game: `python`, or `native` (the optional core, hoplostat/engine/native.py)."""

    @property
    def capped(self) -> bool:
        """The game hit the round cap (counted as a draw, never hidden)."""
        return self.end_reason.startswith("round cap")

    @property
    def winner(self) -> int | None:
        """The seat that won alone (two-player modes); None for a draw, a team win or a team loss."""
        won = [t.seat for t in self.troops if t.outcome == WON]
        return won[0] if len(won) == 1 and len(self.troops) > 1 else None

    @property
    def winner_faction(self) -> str | None:
        w = self.winner
        return None if w is None else self.factions[w]

    @property
    def won(self) -> bool:
        """Some player troop won (solo and co-op modes: the players beat the game)."""
        return any(t.outcome == WON for t in self.troops)

    @property
    def coop(self) -> bool:
        """Several player troops on one team."""
        teams = [t.team for t in self.troops]
        return len(teams) != len(set(teams))


# --------------------------------------------------------------------------- sweep rows

ROW_HEAD: dict[str, str] = {
    "matchup": "str", "mode": "str", "arena": "str", "faction_a": "str", "faction_b": "str", "first": "str",
    "policy_a": "str", "policy_b": "str", "game": "int", "seed": "int", "game_seed": "int"}
"""Columns (and type names: str, int, bool) every `games` row starts with; the sweep fills them."""
UNIT_ROW: dict[str, str] = {
    "matchup": "str", "arena": "str", "game": "int", "side": "str", "faction": "str", "unit": "str", "kind": "str",
    "deployed": "bool", "damage_dealt": "int", "kills": "int", "defeated": "bool", "won": "bool",
    "damage_taken": "int", "tactics_enabled": "int"}
"""Columns of the `units` table (`Mode.unit_rows`), the same in every mode."""


SEAT_LETTERS = "abcdefgh"
"""Seat names in rows and JSON: seat 0 is `a`, seat 1 `b`, ..."""


def per_side(*cols: str) -> dict[str, str]:
    """Integer columns `a_<col>` then `b_<col>` for each seat of a game row (null for a solo game's b)."""
    return per_seat("ab", *cols)


def per_seat(seats: str, *cols: str) -> dict[str, str]:
    """Integer columns `<seat>_<col>` for each seat letter in `seats` (null for a seat a game did not have)."""
    return {f"{seat}_{c}": "int" for seat in seats for c in cols}


def sample_pods(factions: Sequence[str], n: int, pods: int, seed: int) -> list[tuple[str, ...]]:
    """`pods` groups of `n` different factions for the modes of three or more players, each in a seating
    (the order of its seats), drawn from `seed` alone. All `C(len(factions), n)` groups are too many to play
    in full (70 quadruples of 8 factions), so sweeps sample: each pod takes the factions used least so far
    (ties drawn at random), so every faction plays in as many pods as the others, give or take one; no
    group of factions is drawn twice while another is left; each pod's seating is a random order.
    `pods` 0, or as many as there are groups, plays every group once."""
    from math import comb

    fs = list(dict.fromkeys(factions))
    if n < 2 or len(fs) < n:
        raise InputError(f"{n} players need at least {n} different factions, got {len(fs)}")
    total = comb(len(fs), n)
    want = total if pods <= 0 or pods >= total else pods
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(0x9D5,)))
    if want == total:
        from itertools import combinations

        groups = list(combinations(fs, n))
        return [tuple(g[i] for i in rng.permutation(n)) for g in groups]
    used = dict.fromkeys(fs, 0)
    seen: set[frozenset[str]] = set()
    out: list[tuple[str, ...]] = []
    while len(out) < want:
        # least used first, ties broken by a random key; then the first unseen group along that order
        keys = rng.random(len(fs))
        ranked = sorted(range(len(fs)), key=lambda i: (used[fs[i]], keys[i]))
        group = None
        for shift in range(len(fs)):
            cand = [fs[ranked[(shift + j) % len(fs)]] for j in range(n)] if shift else [fs[i] for i in ranked[:n]]
            if frozenset(cand) not in seen:
                group = cand
                break
        if group is None:  # every window already drawn: any unseen group, at random
            from itertools import combinations

            rest = [c for c in combinations(fs, n) if frozenset(c) not in seen]
            group = list(rest[int(rng.integers(len(rest)))])
        seen.add(frozenset(group))
        for f in group:
            used[f] += 1
        out.append(tuple(group[i] for i in rng.permutation(n)))
    return out
