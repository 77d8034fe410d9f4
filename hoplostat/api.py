"""The analyst's API: the command line's analyses as Python functions, tables as polars frames.

Import it as ``import hoplostat as hs``; the package's ``__all__`` names the public contract, loaded
lazily from this module. Every function here takes the same arguments with the same defaults as its
command (`hoplostat odds`, `duel`, `duel-matrix`, `play`, `sweep`, `summarize`, `report`, `modes`) and
does the same work; where the command prints or writes a file, the function returns the data. Every
table is a polars DataFrame (``frame.to_pandas()`` gives pandas, with pyarrow installed).

Three names differ from their command because ``hoplostat.odds``, ``hoplostat.sweep`` and
``hoplostat.report`` are submodules, and a package attribute cannot be both a submodule and a function:
`attack_odds` (``hoplostat odds``), `run_sweep` (``hoplostat sweep``), `write_report`
(``hoplostat report``).

Randomness: every random result is a function of ``seed`` alone, as on the command line; a game from
`play` with the same arguments is the game ``hoplostat play`` prints, and a sweep's games are those of
``hoplostat sweep`` with the same flags.

This module imports numpy, polars and matplotlib only inside the functions that need them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover - for the type hints and the docs only
    import polars as pl
    from matplotlib.figure import Figure

    from hoplostat.engine.mode import GameResult, GameSpec

__all__ = ["OddsResult", "PlayedGame", "SweepResult", "attack_odds", "compare", "duel", "duel_matrix", "events_frame",
           "figures", "load_sweep", "modes", "play", "run_sweep", "summarize", "write_report"]

PathLike = str | Path


def _paths(data: PathLike | Sequence[PathLike] | None) -> tuple[str, ...]:
    if data is None:
        return ()
    if isinstance(data, (str, Path)):
        return (str(data),)
    return tuple(str(d) for d in data)


def _names(values: str | Sequence[str] | None) -> list[str] | None:
    """A name or names as the CLI's repeatable, comma-separated option values."""
    if values is None:
        return None
    return [values] if isinstance(values, str) else list(values)


# --- odds ---------------------------------------------------------------------------------------


class KillChance(float):
    """`OddsResult.kill`: a number, P(damage >= the ``hp`` given to `attack_odds`) (nan without one), that
    is also callable: ``kill(hp)`` is P(damage >= hp) for any target HP, the spelling of
    `hoplostat.odds.DamageOdds.kill` (``odds(attack).kill(2)``), so either form works on either object."""

    _pmf: tuple[float, ...]

    def __new__(cls, value: float | None, pmf: Sequence[float] = ()) -> KillChance:
        self = super().__new__(cls, float("nan") if value is None else value)
        self._pmf = tuple(pmf)
        return self

    def __call__(self, hp: int) -> float:
        import numpy as np

        from hoplostat.odds import DamageOdds

        return DamageOdds(np.asarray(self._pmf, dtype=float)).kill(hp)


@dataclass(frozen=True)
class OddsResult:
    """The odds of one attack, or of several attacks on one target (`attack_odds`).

    ``summary`` is the object ``hoplostat odds --json`` prints (``pmf``, ``mean``, ``sd``,
    ``at_least``, ``kill``, ``turns_to_kill``, ``pmf_fractions``, ``monte_carlo``); the properties give
    its numbers and tables.
    """

    summary: dict[str, Any]

    @property
    def mean(self) -> float:
        """Mean damage (HP removed by the attack, or by all the attacks together)."""
        return self.summary["mean"]

    @property
    def sd(self) -> float:
        """Standard deviation of the damage."""
        return self.summary["sd"]

    @property
    def kill(self) -> KillChance:
        """P(damage >= hp), the target falls, as a number for the ``hp`` given (nan without one); call it for
        any other target: ``kill(3)`` (`KillChance`), as ``odds(attack).kill(3)`` of `hoplostat.odds`."""
        return KillChance(self.summary.get("kill"), self.summary["pmf"])

    @property
    def table(self) -> pl.DataFrame:
        """One row per damage value k = 0 .. max: ``damage`` (int), ``p`` = P(damage = k), ``p_at_least``
        = P(damage >= k); with ``fractions=True`` also ``fraction`` (exact, as text ``"5/12"``); with
        ``mc`` also ``mc_p`` and ``mc_se`` (the Monte Carlo estimate of P(damage = k) and its standard
        error)."""
        import polars as pl

        from hoplostat.report import odds_frame

        frame = odds_frame(self.summary)
        if "pmf_fractions" in self.summary:
            frame = frame.with_columns(pl.Series("fraction", self.summary["pmf_fractions"]))
        mc = self.summary.get("monte_carlo")
        if mc:
            n = frame.height
            frame = frame.with_columns(pl.Series("mc_p", (mc["pmf"] + [0.0] * n)[:n]),
                                       pl.Series("mc_se", (mc["pmf_se"] + [0.0] * n)[:n]))
        return frame

    @property
    def attacks_to_kill(self) -> pl.DataFrame | None:
        """With ``hp``: one row per number n of attacks (volleys, for several pools): ``n``, ``p`` =
        P(the target falls to exactly the n-th), ``p_by_then`` = P(it has fallen after n). None without
        ``hp``."""
        import polars as pl

        ttk = self.summary.get("turns_to_kill")
        if ttk is None:
            return None
        p = ttk["p"]
        return pl.DataFrame({"n": list(range(1, len(p) + 1)), "p": p}).with_columns(
            pl.col("p").cum_sum().alias("p_by_then"))

    def figure(self) -> Figure:
        """The chart ``hoplostat odds --plot`` writes: bars P(damage = k), line P(damage >= k), the HP marker."""
        from hoplostat.report import odds_figure, odds_frame

        return odds_figure(odds_frame(self.summary), hp=self.summary.get("hp"), title=self.summary["title"])


def attack_odds(*pools: str, hp: int | None = None, reduce: int = 0, bonus: int = 0, reroll: int = 0,
                extra: str | None = None, change_to: str | None = None, fractions: bool = False, mc: int = 0,
                seed: int = 0) -> OddsResult:
    """Exact odds of one attack, or of several attacks on the same target (``hoplostat odds``).

    ``pools``: one dice pool per attack, in the pool grammar (``"532"``, ``"2black+blue"``). Modifiers
    apply to every attack: ``reduce`` (damage taken off each attack, Absorb), ``bonus`` (damage added
    when at least one hit is rolled), ``reroll`` (missed dice rerolled once, strongest first), ``extra``
    (a pool added, Blitz: ``"green"``), ``change_to`` (every die becomes this colour, Distract).
    ``hp``: the target's HP (adds P(kill) and the attacks needed). ``fractions``: exact fractions too.
    ``mc``: a Monte Carlo check with that many trials, from ``seed``.

    >>> round(attack_odds("532", hp=2, reduce=1).kill, 4)
    0.1389
    >>> round(attack_odds("532", reduce=1).kill(2), 4)
    0.1389
    """
    import numpy as np

    from hoplostat import odds as odds_lib
    from hoplostat.dice import Pool, colour_index, parse_pool
    from hoplostat.errors import InputError

    if hp is not None and hp < 1:
        raise InputError(f"hp={hp}: target HP must be 1 or more")
    for name, value in (("reduce", reduce), ("bonus", bonus), ("reroll", reroll), ("mc", mc)):
        if value < 0:
            raise InputError(f"{name}={value}: must be 0 or more")
    if change_to is not None:
        colour_index(change_to)
    extra_pool = parse_pool(extra) if extra else Pool()
    attacks = [odds_lib.Attack(parse_pool(p), extra=extra_pool, change_to=change_to, reroll=reroll, bonus=bonus,
                               reduce=reduce) for p in pools]
    rng = np.random.default_rng(seed) if mc else None
    summary = odds_lib.summarize(attacks, hp=hp, fractions=fractions, mc=mc, rng=rng)
    if mc:
        summary["monte_carlo"]["seed"] = seed
    return OddsResult(summary)


# --- duels --------------------------------------------------------------------------------------


def _fighter(text: str, catalog, tactics: Sequence[str]):
    from hoplostat.combat import fighter_from_unit, parse_fighter_spec
    from hoplostat.errors import InputError

    if "=" in text:
        if tactics:
            raise InputError("tactics apply to catalog units; put modifiers in the inline spec instead")
        return parse_fighter_spec(text, known_skills=catalog.skills)
    return fighter_from_unit(catalog.unit(text), catalog=catalog, tactics=list(tactics))


def duel(a: str, b: str, *, first: str = "a", exact: bool = False, trials: int = 100_000, seed: int = 0,
         tactic_a: Sequence[str] = (), tactic_b: Sequence[str] = (),
         data: PathLike | Sequence[PathLike] | None = None) -> pl.DataFrame:
    """A duel between two units without a map (``hoplostat duel``): one row per method.

    ``a`` and ``b``: catalog ids (``"kunlun/warrior"``) or inline specs (``"hp=6,attack=2black+blue,
    skills=absorb|retaliate"``). ``first``: who attacks first (``"a"`` or ``"b"``). ``trials`` simulated
    duels from ``seed``; ``exact=True`` adds the exact Markov-chain answer as a second row.
    ``tactic_a``/``tactic_b``: tactic ids on A/B. ``data``: overlay directories.

    Columns: ``a``, ``b`` (ids or names), ``first``, ``method`` (``simulated`` or ``exact``), ``trials``
    (null for exact), ``p_a_wins``, ``p_b_wins``, ``p_draw`` (both defeated or the round cap),
    ``se_a_wins`` (standard error of P(A wins); null for exact), ``mean_rounds``, ``a_ignored``,
    ``b_ignored`` (skills not played without a map: lists of names).
    """
    import numpy as np
    import polars as pl

    from hoplostat.catalog import load
    from hoplostat.combat import check_exact, exact_duel, simulate_duel
    from hoplostat.errors import InputError

    if first not in ("a", "b"):
        raise InputError(f"first={first!r}: must be 'a' or 'b'")
    if trials < 1 or trials > 50_000_000:
        raise InputError(f"trials={trials}: must be between 1 and 50000000")
    catalog = load(_paths(data))
    fa, fb = _fighter(a, catalog, tactic_a), _fighter(b, catalog, tactic_b)
    if exact:
        check_exact(fa, fb)  # before the simulation: refused at once, not after it
    results = [("simulated", simulate_duel(fa, fb, trials, rng=np.random.default_rng(seed), first=first))]
    if exact:
        results.append(("exact", exact_duel(fa, fb, first=first)))
    rows = [{"a": fa.unit_id or fa.name, "b": fb.unit_id or fb.name, "first": first, "method": method,
             "trials": r.trials, "p_a_wins": float(r.p_a_wins), "p_b_wins": float(r.p_b_wins),
             "p_draw": float(r.p_draw), "se_a_wins": r.se(r.p_a_wins), "mean_rounds": float(r.mean_rounds),
             "a_ignored": list(fa.ignored), "b_ignored": list(fb.ignored)} for method, r in results]
    return pl.DataFrame(rows, schema_overrides={"trials": pl.Int64, "se_a_wins": pl.Float64,
                                                "a_ignored": pl.List(pl.String), "b_ignored": pl.List(pl.String)})


def duel_matrix(factions: str | Sequence[str] | None = None, *, trials: int = 10_000, exact: bool = False,
                seed: int = 0, jobs: int = 1, data: PathLike | Sequence[PathLike] | None = None,
                progress: Callable[[int, int], Any] | None = None) -> pl.DataFrame:
    """Every unit against every unit, both orders of first attack (``hoplostat duel-matrix``).

    ``factions``: only the units of these factions (default: every faction; heroes are left out).
    ``trials`` simulated duels per pair and order (``exact=True``: solved exactly instead); duel i uses
    child seed i of ``seed``, so the table is the same whatever ``jobs`` is. ``progress(done, total)``
    is called as duels finish.

    One row per (a, b, first): ``index``, ``a``, ``b`` (unit ids), ``first`` (``a`` or ``b``), ``trials``,
    ``p_a_wins``, ``p_b_wins``, ``p_draw``, ``mean_rounds``, ``a_name``, ``b_name``, ``a_stand_in``,
    ``b_stand_in`` (the chip carries stand-in values), and for simulated tables ``p_a_wins_lo``,
    ``p_a_wins_hi`` (95% Wilson interval). `figures`-style heatmap: ``hoplostat.report.duel_heatmap``.
    """
    from hoplostat import stats
    from hoplostat import sweep as sw
    from hoplostat.catalog import load
    from hoplostat.combat import fighter_from_unit
    from hoplostat.errors import InputError

    if trials < 1:
        raise InputError(f"trials={trials}: must be 1 or more")
    if jobs < 1:
        raise InputError(f"jobs={jobs}: must be 1 or more")
    catalog = load(_paths(data))
    chosen = _names(factions) or list(catalog.factions)
    for f in chosen:
        catalog.faction(f)
    units = [u for f in chosen for u in catalog.faction_units(f, include_hero=False)]
    rows = sw.duel_matrix([fighter_from_unit(u, catalog=catalog) for u in units], trials=trials, seed=seed,
                          jobs=jobs, exact=exact, progress=progress)
    return stats.duel_matrix_frame(rows, {u.id: u for u in units})


# --- one game -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayedGame:
    """One game played by `play`: the engine's result, what was played, and its events.

    ``result`` is the one result type of every mode (`hoplostat.engine.mode.GameResult`: outcome per
    seat, rounds, end reason, extras, ``log``); ``spec`` the game played (`GameSpec`); ``policies`` the
    controller of each seat; ``events`` the narration as a frame (`events_frame`) when played with
    ``log=True``, else None.
    """

    result: GameResult
    spec: GameSpec
    seed: int
    policies: tuple[str, ...]
    events: pl.DataFrame | None = None
    catalog: Any = field(default=None, repr=False, compare=False)
    engine_note: str | None = None
    """Why the Python engine played a game the native core could have sped up (None when the core played it,
    or when it is not installed and `result.engine` is python for that reason alone)."""

    @property
    def log(self) -> list[str] | None:
        """The narration, one line per event (None without ``log=True``)."""
        return self.result.log

    @property
    def troops(self) -> pl.DataFrame:
        """One row per seat: ``seat`` (0 = a), ``faction``, ``side``, ``team``, ``outcome`` (won, lost,
        draw), ``policy``, ``units_deployed``, ``damage_dealt`` (HP), ``kills``, ``units_lost``,
        ``crowd_favor``, ``rewards``, ``tactic_damage``, ``tactic_kills``, then the mode's own counts."""
        import polars as pl

        rows = []
        for t in self.result.troops:
            row = {k: getattr(t, k) for k in ("seat", "faction", "side", "team", "outcome")}
            row["policy"] = self.policies[t.seat % len(self.policies)]
            row.update({k: getattr(t, k) for k in ("units_deployed", "damage_dealt", "kills", "units_lost",
                                                   "crowd_favor", "rewards", "tactic_damage", "tactic_kills")})
            row.update(t.extras)
            rows.append(row)
        return pl.DataFrame(rows)

    @property
    def units(self) -> pl.DataFrame:
        """One row per chip of a player troop that could take part: ``unit_id``, ``faction``, ``seat``,
        ``deployed`` (ever in combat), ``times_deployed``, ``damage_dealt`` (HP), ``kills``, ``defeated``,
        ``times_defeated``."""
        import dataclasses

        import polars as pl

        cols = ("unit_id", "faction", "seat", "deployed", "times_deployed", "damage_dealt", "kills", "defeated",
                "times_defeated")
        rows = [{k: v for k, v in dataclasses.asdict(u).items() if k in cols} for u in self.result.units]
        return pl.DataFrame(rows, schema={"unit_id": pl.String, "faction": pl.String, "seat": pl.Int64,
                                          "deployed": pl.Boolean, "times_deployed": pl.Int64,
                                          "damage_dealt": pl.Int64, "kills": pl.Int64, "defeated": pl.Boolean,
                                          "times_defeated": pl.Int64})


SEATS = "abcdefgh"


def play(mode: str, factions: str | Sequence[str] | None = None, *, arena: str | None = None,
         titan: str | None = None, policies: str | Sequence[str] = "greedy", seed: int = 0,
         first: str | None = None, max_rounds: int | None = None, log: bool = False,
         data: PathLike | Sequence[PathLike] | None = None,
         rulings: str | Sequence[str] | None = None, players: int | None = None,
         options: str | Sequence[str] | dict[str, Any] | None = None, engine: str = "auto") -> PlayedGame:
    """Play one whole game of ``mode`` headless (``hoplostat play MODE``); the same arguments give the
    same game as the command.

    ``factions``: one faction id per seat (a, b, ...; solo and co-op modes: one solo, two co-op); what is
    not given is drawn from ``seed``, as is the titan of a mode against one. ``arena``: the mode's first
    by default. ``policies``: one controller name per seat (``random``, ``greedy``) or one for all,
    as a list or comma-separated. ``first``: the seat that plays first (``"a"``/``"b"``) where the
    rules draw it. ``max_rounds``: the round cap (the mode's by default; a game still running there is
    a draw). ``log=True`` keeps the narration (``PlayedGame.log``) and its events frame
    (``PlayedGame.events``). ``rulings``: ruling switches, ``"NAME=VALUE"`` each (``hoplostat rulings``).
    ``players``: solo and co-op modes, how many players (1 solo, 2 co-op); factions not given are the seed's
    default ones, then the next in id order. ``options``: the mode's options (``hoplostat modes`` lists them),
    ``"NAME=VALUE"`` each or a dict, e.g. ``{"pool": "all"}``. ``engine``: ``auto`` (the native
    core where it plays the game: the same game, faster; docs/native.md), ``native`` or ``python``;
    ``PlayedGame.result.engine`` says which played it and ``PlayedGame.engine_note`` why not the core.
    """
    import numpy as np

    from hoplostat.analysis import of as analysis_of
    from hoplostat.catalog import load
    from hoplostat.engine import native
    from hoplostat.engine.loop import GameSpec, mode_class
    from hoplostat.engine.loop import play as play_game
    from hoplostat.errors import InputError
    from hoplostat.policies import POLICIES, make
    from hoplostat.policies import check as check_policy

    cls = mode_class(mode)
    if seed < 0:
        raise InputError(f"--seed {seed}: must be 0 or more")
    if max_rounds is not None and max_rounds < 1:
        raise InputError(f"--max-rounds {max_rounds}: must be 1 or more")
    from hoplostat.sweep import mode_catalog

    opts = cls.parse_options(_option_specs(options))
    catalog = mode_catalog(mode, load(_paths(data), ruleset=cls.ruleset), opts)
    cls.check_options(catalog, opts)
    chosen = _split("--faction", _names(factions))
    # Defaults come from their own stream of the seed, so the game's rng is the same as a sweep's.
    default = cls.default_spec(catalog, np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(0xDEF,))))
    if players is not None:
        an = analysis_of(cls)
        seated = len(cls.seats) > 1 and an.head_to_head  # solo or competitive, one mode (three parties)
        if an.competitive and not seated:
            raise InputError(f"--players: only for modes played by a varying number of players ({mode} is not one; "
                             "give --faction per seat)")
        if players not in cls.seats:
            raise InputError(f"--players {players}: {mode} is played by {' or '.join(str(n) for n in cls.seats)}")
        if chosen and len(chosen) != players:
            raise InputError(f"--players {players}: --faction gives {len(chosen)}")
        if not chosen:
            chosen = list(default.factions)
            chosen += [f for f in sorted(catalog.factions) if f not in chosen][: players - len(chosen)]
            chosen = chosen[:players]
    if not chosen:
        chosen = list(default.factions)
    text = policies if isinstance(policies, str) else ",".join(policies)
    pols = _split("--policies", [text])
    if len(pols) == 1:
        pols = pols * len(chosen)
    if len(pols) != len(chosen):
        raise InputError(f"--policies {text!r}: one of {', '.join(POLICIES)} per seat ({len(chosen)}), "
                         "or one for all, separated by commas")
    for p in pols:
        check_policy(p)
    seat = None
    if first is not None:
        if first not in SEATS[: len(chosen)] or not cls.first_player_random:
            raise InputError(f"--first {first!r}: must be a seat ('a' or 'b') of a mode whose rules draw the first "
                             "player")
        seat = SEATS.index(first)
    spec = GameSpec(mode, tuple(chosen), arena or "", titan or (default.titan if cls.opponents else ""), seat,
                    max_rounds, opts, rulings=_rulings(rulings))
    spec = cls.validate(catalog, spec)
    rng = np.random.default_rng(seed)
    controllers = [make(p, rng=rng) for p in cls.seat_policies(pols, len(chosen))]
    with native.engine_override(native.check_choice(engine)):
        result = play_game(catalog, spec, controllers, rng=rng, log=log)
    note = None if result.engine == "native" else native.last_fallback
    events = None
    if log:
        from hoplostat.events import events_frame as frame_of

        events = frame_of(result.log or (), seats=[(t.faction, t.side) for t in result.troops])
    return PlayedGame(result, spec, seed, tuple(pols), events, catalog, note)


def _rulings(specs: str | Sequence[str] | None) -> tuple[tuple[str, str], ...]:
    """``--ruling`` values (``NAME=VALUE``, one string or several) as checked pairs (`engine.rulings.parse`)."""
    from hoplostat.engine.rulings import parse

    if specs is None:
        return ()
    return parse([specs] if isinstance(specs, str) else list(specs))


def _option_specs(options: str | Sequence[str] | dict[str, Any] | None) -> list:
    """``--option`` values (``NAME=VALUE`` strings, one or several, or a dict) as `Mode.parse_options` takes them."""
    if options is None:
        return []
    if isinstance(options, str):
        return [options]
    if isinstance(options, dict):
        return list(options.items())
    return list(options)


def _split(option: str, values: list[str] | None) -> list[str]:
    """Repeated and comma-separated values as one list; an empty item is an error (as on the CLI)."""
    from hoplostat.errors import InputError

    out: list[str] = []
    for v in values or ():
        parts = [p.strip() for p in v.split(",")]
        if not all(parts):
            raise InputError(f"{option} {v!r}: an empty value; give ids separated by commas, e.g. kunlun,amazons")
        out.extend(parts)
    return out


def events_frame(log: Sequence[str], *, seats: Sequence[tuple[str, str]] = ()) -> pl.DataFrame:
    """A narration (``GameResult.log``) as a frame of events, one row per line: see
    `hoplostat.events.events_frame` for the columns. `play` with ``log=True`` gives it as
    ``PlayedGame.events``."""
    from hoplostat.events import events_frame as frame_of

    return frame_of(log, seats=seats)


# --- sweeps -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SweepResult:
    """A sweep's results directory and its tables (`run_sweep`, `load_sweep`).

    ``out``: the directory; ``manifest``: its ``manifest.json`` (``config``, ``catalog_hash``, dates,
    ``status``); ``tables``: every result table by name, as polars frames: ``games`` (one row per game:
    ``matchup``, ``mode``, ``arena``, ``faction_a``, ``faction_b``, ``first``, ``game``, ``seed``,
    ``game_seed``, ``winner``, ``rounds``, ``end_reason`` and the mode's columns, e.g. per-seat damage,
    kills and crowd favor), ``units`` (one row per unit and game), and the mode's own tables (a wave mode:
    ``waves``, one row per wave faced).
    """

    out: Path
    manifest: dict[str, Any]
    tables: dict[str, pl.DataFrame]

    @property
    def mode(self) -> str:
        """The mode the sweep played."""
        return str(self.manifest.get("config", {}).get("mode"))

    @property
    def games(self) -> pl.DataFrame:
        """The ``games`` table: one row per game."""
        return self.tables["games"]

    @property
    def units(self) -> pl.DataFrame | None:
        """The ``units`` table (one row per unit that could take part in a game), or None."""
        return self.tables.get("units")


def _sweep_config(mode: str, *, factions, arenas, games: int, jobs: int, seed: int, policies: str,
                  ci_width, max_rounds, coop: bool, titans, chunk: int, data, players: int | None = None,
                  pods: int | None = None, rulings=None, focus: str | None = None, options=None,
                  engine: str = "auto"):
    """The `SweepConfig` of a sweep, checked as ``hoplostat sweep`` checks its flags (InputError)."""
    from hoplostat import sweep as sw
    from hoplostat.analysis import of as analysis_of
    from hoplostat.catalog import load
    from hoplostat.catalog.loader import overlay_dirs
    from hoplostat.engine import native
    from hoplostat.engine.loop import mode_class
    from hoplostat.engine.mode import opponent_ids
    from hoplostat.errors import InputError
    from hoplostat.policies import seat_pair

    cls = mode_class(mode)
    if games < 1:
        raise InputError(f"--games {games}: must be 1 or more")
    if jobs < 1:
        raise InputError(f"--jobs {jobs}: must be 1 or more")
    if chunk < 1:
        raise InputError(f"--chunk {chunk}: must be 1 or more")
    if max_rounds is None:
        max_rounds = cls.default_max_rounds
    if titans and not cls.opponents:
        raise InputError(f"--titan: a {mode} sweep faces no titans")
    if max_rounds < 1:
        raise InputError(f"--max-rounds {max_rounds}: must be 1 or more")
    if ci_width is not None and not 0 < ci_width < 1:
        raise InputError(f"--ci-width {ci_width}: must be between 0 and 1 (e.g. 0.1)")
    many = max(cls.seats) > 2  # pods and teams of three or more; solo/co-op up to three (a board of bosses)
    an = analysis_of(cls)
    seated = len(cls.seats) > 1 and an.head_to_head  # solo or competitive, one mode (three parties)
    if (pods is not None and not many) or (players is not None and not (many or seated)):
        flag = "--players" if players is not None else "--pods"
        raise InputError(f"{flag}: only for modes of three or more players ({mode} games have {min(cls.seats)})")
    if players is not None and players not in cls.seats:
        raise InputError(f"--players {players}: {mode} games have {' or '.join(str(n) for n in cls.seats)} players")
    if pods is not None and pods < 1:
        raise InputError(f"--pods {pods}: must be 1 or more")
    pols = seat_pair(policies)
    if not an.competitive and pols[0] != pols[1]:
        # Mode.seat_policies: one player plays every seat of a solo or co-op team; say so, not record two
        raise InputError(f"--policies {policies!r}: in {mode} one player plays every seat of the team; give one name")
    # HOPLOSTAT_DATA and --data, resolved now and recorded: workers and --resume see the same catalog
    data_dirs = tuple(str(Path(d).resolve()) for d in overlay_dirs([Path(d) for d in data or ()], use_env=True))
    opts = cls.parse_options(_option_specs(options))
    catalog = cls.catalog_of(load(data_dirs, use_env=False, ruleset=cls.ruleset), opts)  # several boxes' chips
    cls.check_options(catalog, opts)
    chosen = tuple(_split("--faction", factions)) if factions else tuple(catalog.factions)
    for f in chosen:
        catalog.faction(f)
    need = players or min(cls.seats)
    if an.competitive and len(set(chosen)) < need:
        raise InputError(f"--faction: a {mode} sweep of {need} players needs at least {need} different factions")
    for a in arenas or ():
        catalog.arena(a)  # InputError with close matches
        if a not in cls.arenas:
            raise InputError(f"--arena {a}: {mode.title()} is played on "
                             f"{', '.join(x.title() for x in cls.arenas)} only")
    if focus is not None:
        catalog.faction(focus)
        if not an.head_to_head:
            raise InputError(f"--focus: only for two-player modes ({mode} is not one)")
        if focus not in chosen:
            raise InputError(f"--focus {focus}: not among the factions swept (--faction)")
    titan_ids = tuple(titans) if titans else (tuple(opponent_ids(catalog, cls.opponents)) if cls.opponents else ())
    for t in titan_ids:
        catalog.titan(t)
    arena_ids = tuple(arenas) if arenas else tuple(a for a in sw.ARENAS if a in cls.arenas) or cls.arenas
    config = sw.SweepConfig(mode=mode, factions=chosen, arenas=arena_ids, games=games, seed=seed, policies=pols,
                            max_rounds=max_rounds, chunk=chunk, ci_width=ci_width, data=data_dirs,
                            coop=coop and an.coop, titans=titan_ids,
                            catalog_hash=catalog.hash, players=players or 0, pods=pods or 0,
                            rulings=_rulings(rulings), focus=focus or "", options=opts,
                            engine=native.check_choice(engine))
    sw.check_plan(config)
    return config


def run_sweep(mode: str, factions: str | Sequence[str] | None = None, *, arenas: str | Sequence[str] | None = None,
              games: int = 100, jobs: int = 1, seed: int = 0, policies: str = "greedy,greedy",
              out: PathLike = "reports/sweep", resume: bool = False, ci_width: float | None = None,
              max_rounds: int | None = None, coop: bool = True, titans: str | Sequence[str] | None = None,
              chunk: int = 50, backend: str = "loky", scheduler: str | None = None,
              data: PathLike | Sequence[PathLike] | None = None, players: int | None = None,
              pods: int | None = None, compact: bool = True, rulings: str | Sequence[str] | None = None,
              focus: str | None = None, progress: Callable[[int, int], Any] | None = None,
              options: str | Sequence[str] | dict[str, Any] | None = None, engine: str = "auto") -> SweepResult:
    """Play many seeded games per matchup into ``out`` and return the directory with its tables
    (``hoplostat sweep MODE``).

    The mode's matchups (two players: every pair of ``factions`` in both seat orders on every one of
    ``arenas``; waves: every faction solo and, with ``coop``, every co-op pair; a titan: every
    titan of ``titans`` against each) play ``games`` games each. ``policies``: the controllers of faction
    A and B (``"greedy,greedy"``). ``ci_width``: stop a matchup once its 95% interval is narrower.
    ``resume=True`` continues the sweep already in ``out``. ``jobs`` workers on ``backend`` (``loky``,
    ``dask`` with ``scheduler``, ``ray``); the games never depend on ``jobs``, ``chunk`` or the backend.
    ``progress(done_games, total_games)`` is called per chunk. Modes of three or more players
    (free-for-all, teams): ``players`` per game (the mode's fewest by default) and ``pods``, how many
    groups of factions to sample from ``seed``, each seated at random (the mode's default number).
    ``focus``: two-player modes, only the matchups of this faction (it against the field). ``options``: the
    mode's options, as in `play` (recorded in the manifest; a resume must give the same). ``engine``: ``auto``
    (the native core where it plays the games, docs/native.md), ``native`` or ``python``; the games are the
    same, the manifest records which engine played them.
    """
    from hoplostat import sweep as sw

    config = _sweep_config(mode, factions=_names(factions), arenas=_names(arenas), games=games, jobs=jobs,
                           seed=seed, policies=policies, ci_width=ci_width, max_rounds=max_rounds, coop=coop,
                           titans=_names(titans), chunk=chunk, data=_paths(data), players=players, pods=pods,
                           rulings=rulings, focus=focus, options=options, engine=engine)
    out = Path(out)
    sw.check_out(out, config, resume=resume)
    try:
        with sw.backend(backend, jobs=jobs, scheduler=scheduler):
            sw.run(config, out, jobs=jobs, resume=resume, progress=progress, compact=compact)
    except KeyboardInterrupt as exc:  # say what was kept and how to go on, below the traceback
        chunks = len(list((out / "games").glob("*.parquet"))) if (out / "games").is_dir() else 0
        if chunks:
            import json

            command = sw.resume_command(out, json.loads(json.dumps(config.identity())))
            exc.add_note(f"interrupted: {chunks} finished chunk{'s' if chunks != 1 else ''} kept in {out}; continue "
                         "with the same call and "
                         f"resume=True, or `{command}`")
        else:
            exc.add_note(f"interrupted: no chunk of the sweep had finished; nothing was kept in {out}")
        raise
    return load_sweep(out)


def load_sweep(directory: PathLike) -> SweepResult:
    """A sweep's results directory (from `run_sweep` or ``hoplostat sweep``) with its tables."""
    from hoplostat.sweep import load_tables

    manifest, tables = load_tables(Path(directory))
    return SweepResult(Path(directory), manifest, tables)


def _sweep_of(sweep: SweepResult | PathLike) -> SweepResult:
    return sweep if isinstance(sweep, SweepResult) else load_sweep(sweep)


def summarize(sweep: SweepResult | PathLike) -> dict[str, pl.DataFrame | None]:
    """Every table ``hoplostat summarize DIR`` prints, by name, as polars frames (None where the sweep
    has no such rows), chosen by the mode's analysis kind.

    Versus modes (two players): ``win_rates`` and ``win_rates_by_arena`` (``faction`` [, ``arena``],
    ``games``, ``wins``, ``losses``, ``draws``, ``win_rate`` with its 95% Wilson interval ``win_rate_lo``,
    ``win_rate_hi``, ``draw_rate``), ``matchups`` (``faction`` against ``opponent``, overall and by seat),
    ``first_player`` (per arena and ``all``), ``ratings`` (Bradley-Terry ``strength``, log-odds, mean 0,
    with its interval), ``units``. Waves: ``teams`` (immortals defeated per game, 0-6: its
    distribution ``p0`` .. ``p6`` and mean with a 95% interval), ``immortals`` (per immortal: waves won
    when faced), ``units``. Boss: ``titans`` (players' win rate per titan, hardest first),
    ``matrix`` (titan by team), ``units``. ``units``: per unit, deployments, damage and kills per
    deployment, survival, and ``damage_z`` against its faction's units of the same kind. A mode with an analysis
    of its own gives its own tables (its `Mode.analysis_class`, `hoplostat.analysis`): e.g. a campaign of solo
    trials, ``trials`` (pass rate per trial and drafting policy with its interval), ``campaign`` (games to clear all
    twenty, exact), ``stalls``, ``distribution``.
    """
    from hoplostat import analysis

    s = _sweep_of(sweep)
    return analysis.for_mode(s.mode).summarize(s.tables)


def figures(sweep: SweepResult | PathLike, *, data: PathLike | Sequence[PathLike] | None = None) -> dict[str, Figure]:
    """The figures of the sweep's report (`write_report`), by section key (e.g. ``win-rates``,
    ``matchups``, ``first-player``, ``ratings``, ``units``, ``rounds``, ``odds``), as matplotlib
    Figures. ``data``: overlay directories (default: the sweep's own)."""
    from hoplostat import analysis
    from hoplostat.report import report_sections
    from hoplostat.sweep import sweep_catalog

    s = _sweep_of(sweep)
    sections, _sentences, _share = report_sections(s.manifest, s.tables, sweep_catalog(s.manifest, _paths(data)),
                                                   analysis.for_mode(s.mode))
    return {key: fig for key, _title, fig, _text, _table in sections}


def write_report(directory: PathLike, *, out: PathLike = "reports",
                 data: PathLike | Sequence[PathLike] | None = None) -> Path:
    """Write the self-contained HTML balance report of a sweep (``hoplostat report DIR``): ``out``/
    ``index.html`` and ``out``/``figures/*.png``; returns the path of ``index.html``. ``data``: overlay
    directories (default: the sweep's own)."""
    from hoplostat import analysis
    from hoplostat.outpaths import output_dir
    from hoplostat.report import build_report
    from hoplostat.sweep import read_manifest, sweep_catalog, sweep_config

    directory, out = Path(directory), Path(out)
    manifest = read_manifest(directory)
    an = analysis.for_mode(sweep_config(directory, manifest)["mode"])
    output_dir(out, "--out")
    return build_report(directory, out, sweep_catalog(manifest, _paths(data)), an)


def compare(a: SweepResult | PathLike, b: SweepResult | PathLike) -> pl.DataFrame:
    """What changed from sweep ``a`` to sweep ``b`` of the same matchups (``hoplostat compare A B``): per
    faction (titan, immortal: as the mode's analysis kind measures) ``rate_a``, ``rate_b``, the difference
    ``diff`` = B - A with its 95% Newcombe interval ``diff_lo``, ``diff_hi``, ``p_value``, the Holm-adjusted
    ``p_holm`` over every row and ``significant``. Sweeps of other modes or matchups are an InputError."""
    from hoplostat import analysis
    from hoplostat.comparison import compare_sweeps, open_pair

    def path(x):
        return x.out if isinstance(x, SweepResult) else Path(x)

    opened = open_pair(path(a), path(b))
    an = analysis.for_manifest(opened[0][0])
    return compare_sweeps(path(a), path(b), analysis=an, opened=opened)["table"]


# --- modes --------------------------------------------------------------------------------------


def _mode_rows() -> list[dict[str, Any]]:
    from hoplostat.engine.loop import modes as registered

    return [{"name": c.name, "ruleset": c.ruleset, "troops": list(c.seats), "arenas": list(c.arenas),
             "teams": c.teams, "opponents": c.opponents or None, "default_max_rounds": c.default_max_rounds,
             "analysis": c.analysis, "success": c.success, "summary": c.summary,
             "options": [o.row() for o in c.options]}
            for c in registered().values()]


def modes() -> pl.DataFrame:
    """Every registered game mode (``hoplostat modes``), one row each: ``name``, ``ruleset``, ``troops``
    (the allowed numbers of player factions), ``arenas``, ``teams`` (in words), ``opponents`` (``titan``
    for a mode against one, else null), ``default_max_rounds``, ``analysis`` (``versus``, ``waves`` or
    ``boss``: which tables its sweeps get), ``success`` (what ``ci_width`` estimates), ``summary``,
    ``options`` (the mode's ``--option`` names, each ``name=allowed (default)``)."""
    import polars as pl

    rows = [{**r, "options": [f"{o['name']}={_allowed(o)} (default {o['default']})" for o in r["options"]]}
            for r in _mode_rows()]
    return pl.DataFrame(rows, schema_overrides={"opponents": pl.String, "options": pl.List(pl.String)})


def _allowed(option: dict[str, Any]) -> str:
    """A `_mode_rows` option's allowed values in words (`engine.mode.ModeOption.allowed`)."""
    from hoplostat.engine.mode import ModeOption

    return ModeOption(option["name"], option["help"], option["default"], tuple(option["values"]),
                      option["kind"]).allowed
