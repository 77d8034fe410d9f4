"""The policy ladder: players of several strengths against each other, or each alone against the game.

Competitive modes (two seats, pods, teams): every pair of players P, Q plays `games` games.
Games come in pairs that share their set-up (factions, arena) and their seed, with the seats swapped:
P plays seat a (with its cycle of seats, `Mode.seat_policies`) in one and Q in the other, so neither
faction, seat nor dice favour either player. P's score is its wins plus half its draws per game.

Solo and co-op modes (waves, a boss): every player plays `games` games alone on the same seeds
(the same factions, titans and dice stream to start with; titans in turn); its success rate is the share
of games won, beside the means of the mode's numeric per-game results (e.g. immortals defeated), and
against a titan, per titan.

A ladder of rungs (`adjacent`, `hoplostat ladder MODE --rungs`): players of rising strength, each against the one
below it only (`RUNGS` by default: greedy, the lookahead at its default budget, the native search player at two
budgets), the stronger named first, so each line is how much a rung gains over the one below.

Every game's seed comes from `seed`, the pairing's index and the game number alone, so a ladder is the
same whatever `jobs` is. Intervals are Wilson 95% intervals (for a score with draws, on the score).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

DEFAULT_POLICIES = ("random", "greedy", "lookahead:2", "lookahead")
"""Random, greedy and the lookahead at two budgets: a quarter of its default and the default (8
continuations per decision)."""


RUNGS = ("greedy", "lookahead:8", "search:64", "search:512")
"""The named rungs of player strength, weakest first (issue 45): each scores well against the one below it
(README, "Players"; `search:N` is the native core's search player with N continuations per decision)."""


MAX_GAMES = 1_000_000
"""Games a ladder plays at most, over all its pairings: it lists them and keeps each game's row in memory."""


@dataclass(frozen=True)
class LadderConfig:
    mode: str
    policies: tuple[str, ...] = DEFAULT_POLICIES
    games: int = 20
    """Games per pairing (competitive; rounded up to an even number) or per player (solo and co-op)."""
    seed: int = 0
    factions: tuple[str, ...] = ()
    """Factions the set-ups are drawn from (all of the catalog's when empty)."""
    arenas: tuple[str, ...] = ()
    """Arenas the set-ups alternate between (every arena of the mode when empty)."""
    titans: tuple[str, ...] = ()
    """Modes against a titan: the titans the set-ups cycle through (all of the catalog's when empty)."""
    mirror: bool = False
    """Competitive two-seat modes: both seats play the same faction."""
    max_rounds: int | None = None
    adjacent: bool = False
    """Competitive modes: each player against the next one only, the later (stronger rung) named first."""

    def competitive(self) -> bool:
        from hoplostat.analysis import for_mode

        return for_mode(self.mode).competitive

    def pairings(self) -> list[tuple[str, ...]]:
        """(P, Q) for every pair of players (competitive), else (P,) for every player."""
        if self.competitive():
            if self.adjacent:
                return [(self.policies[i + 1], self.policies[i]) for i in range(len(self.policies) - 1)]
            return list(itertools.combinations(self.policies, 2))
        return [(p,) for p in self.policies]

    def games_per_pairing(self) -> int:
        return self.games + (self.games % 2) if self.competitive() else self.games

    def check_size(self) -> None:
        """InputError for a ladder of more than `MAX_GAMES` games (`--games 99999999999999999999` was accepted
        and never got past listing its games)."""
        total = len(self.pairings()) * self.games_per_pairing()
        if total > MAX_GAMES:
            from hoplostat.errors import InputError

            raise InputError(f"--games {self.games:,}: {len(self.pairings())} pairing(s) would play {total:,} games, "
                             f"and a ladder plays at most {MAX_GAMES:,} (it keeps every game's row in memory; "
                             "a sweep stores its games on disk)")

    def tasks(self) -> list[tuple[int, int]]:
        """(pairing index, game) of every game, in order."""
        n = self.games_per_pairing()
        return [(i, k) for i in range(len(self.pairings())) for k in range(n)]


def _setup(catalog: Any, cfg: LadderConfig, cls: Any, k: int):
    """The set-up of game k (its pair's, for a competitive mode): factions, arena, titan from the seed."""
    from hoplostat.engine.mode import GameSpec, opponent_ids

    base = k // 2 if cfg.competitive() else k
    rng = np.random.default_rng(np.random.SeedSequence(cfg.seed, spawn_key=(0x1ADD, base)))
    pool = list(cfg.factions) or sorted(catalog.factions)
    n = min(cls.seats)
    if n < 2 and cfg.competitive():  # played solo against a rival by default: head to head
        n = min(k for k in cls.seats if k >= 2)
    if cfg.mirror:
        picks = (pool[int(rng.integers(len(pool)))],) * n
    elif not cfg.factions and len(pool) < n:  # the mode draws its own (e.g. from every city of its book)
        picks = cls.default_spec(catalog, rng).factions[:n]
    else:
        picks = tuple(pool[int(i)] for i in rng.choice(len(pool), size=n, replace=False))
    arenas = list(cfg.arenas) or list(cls.arenas)
    arena = arenas[base % len(arenas)]
    titan = ""
    if cls.opponents:  # cycled like the arenas, so every titan is faced as often
        ids = list(cfg.titans) or sorted(opponent_ids(catalog, cls.opponents))
        titan = ids[(base // len(arenas)) % len(ids)]
    max_rounds = cfg.max_rounds or cls.default_max_rounds
    return GameSpec(cls.name, picks, arena, titan, None, max_rounds), base


def play_ladder_game(catalog: Any, cfg: LadderConfig, pairing: int, k: int) -> dict[str, Any]:
    """Game k of a pairing as one row: who played which seat, the outcome from the first player's side."""
    from hoplostat.engine.loop import mode_class, play
    from hoplostat.policies import make

    cls = mode_class(cfg.mode)
    spec, base = _setup(catalog, cfg, cls, k)
    players = cfg.pairings()[pairing]
    # The game's rng: the same for both games of a pair (competitive) and for every player (solo).
    rng = np.random.default_rng(np.random.SeedSequence(cfg.seed, spawn_key=(0x1ADE, base)))
    row: dict[str, Any] = {"pairing": pairing, "p": players[0], "q": players[-1] if len(players) > 1 else None,
                           "game": k, "arena": spec.arena, "factions": ",".join(spec.factions),
                           "titan": spec.titan or None}
    if len(players) > 1:
        swapped = k % 2 == 1
        order = (players[1], players[0]) if swapped else players
        seats = cls.seat_policies(order, len(spec.factions))
        res = play(catalog, spec, [make(p, rng=rng) for p in seats], rng=rng)
        mine = [t.outcome for t, pol in zip(res.troops, seats) if pol == players[0]]
        won = any(o == "won" for o in mine)
        draw = not won and all(o == "draw" for o in (t.outcome for t in res.troops))
        row.update(p_seat="b" if swapped else "a", score=1.0 if won else 0.5 if draw else 0.0, won=won, draw=draw,
                   rounds=res.rounds, end_reason=res.end_reason)
    else:
        seats = cls.seat_policies(players, len(spec.factions))
        res = play(catalog, spec, [make(p, rng=rng) for p in seats], rng=rng)
        won = res.troops[0].outcome == "won"
        row.update(p_seat="a", score=1.0 if won else 0.0, won=won, draw=False, rounds=res.rounds,
                   end_reason=res.end_reason)
        for key, v in (res.extras or {}).items():
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                row[f"x_{key}"] = float(v)
    return row


def _chunk(catalog_dirs: tuple[str, ...], cfg: LadderConfig, tasks: Sequence[tuple[int, int]]) -> list[dict]:
    from hoplostat.sweep import _catalog, mode_catalog, ruleset_of  # loaded once per worker, as a sweep's chunks do

    catalog = mode_catalog(cfg.mode, _catalog(tuple(catalog_dirs), ruleset_of(cfg.mode)))
    return [play_ladder_game(catalog, cfg, i, k) for i, k in tasks]


def run_ladder(cfg: LadderConfig, *, jobs: int = 1, data: tuple[str, ...] = (),
               progress: Callable[[int, int], None] | None = None, chunk: int = 4):
    """Play every game of the ladder (in `jobs` processes) and return the per-game rows as a polars frame,
    sorted by pairing and game."""
    import polars as pl
    from joblib import Parallel, delayed

    tasks = cfg.tasks()
    chunks = [tasks[i:i + chunk] for i in range(0, len(tasks), chunk)]
    rows: list[dict] = []
    done = 0
    if jobs == 1:
        results = (_chunk(data, cfg, c) for c in chunks)
    else:
        results = Parallel(n_jobs=jobs, return_as="generator_unordered")(delayed(_chunk)(data, cfg, c) for c in chunks)
    for got in results:
        rows.extend(got)
        done += len(got)
        if progress is not None:
            progress(done, len(tasks))
    frame = pl.DataFrame(rows, infer_schema_length=None)
    return frame.sort("pairing", "game")


def ladder_table(games):
    """One row per pairing: games, P's wins, draws and losses, its score and the score's 95% interval; for
    solo modes the success rate (and the means of the mode's numeric results, `x_*` columns)."""
    import polars as pl

    from hoplostat.stats import wilson_interval

    extra = [c for c in games.columns if c.startswith("x_")]
    out = games.group_by("pairing", "p", "q", maintain_order=True).agg(
        pl.len().alias("games"), pl.col("won").sum().alias("wins"), pl.col("draw").sum().alias("draws"),
        pl.col("score").sum().alias("points"), pl.col("rounds").mean().alias("mean_rounds"),
        *[pl.col(c).mean().alias(c[2:]) for c in extra])
    lo, hi = wilson_interval(out["points"].to_numpy(), out["games"].to_numpy())
    return out.with_columns(
        (pl.col("games") - pl.col("wins") - pl.col("draws")).alias("losses"),
        (pl.col("points") / pl.col("games")).alias("score"), pl.Series("score_lo", lo), pl.Series("score_hi", hi),
    ).drop("points")


def ladder_by_titan(games):
    """Solo and co-op modes against a titan: each player's success rate against each titan, with its 95%
    interval (None for other modes)."""
    import polars as pl

    from hoplostat.stats import wilson_interval

    if "titan" not in games.columns or games["titan"].null_count() == games.height:
        return None
    out = games.sort("titan", "pairing").group_by("titan", "p", maintain_order=True).agg(
        pl.len().alias("games"), pl.col("won").sum().alias("wins"))
    lo, hi = wilson_interval(out["wins"].to_numpy(), out["games"].to_numpy())
    return out.with_columns((pl.col("wins") / pl.col("games")).alias("rate"), pl.Series("rate_lo", lo),
                            pl.Series("rate_hi", hi))


def ladder_figure(table, *, mode: str, competitive: bool):
    """Competitive: the score matrix (row player against column player, with its interval in the cell);
    solo: each player's success rate with its whiskers."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = table.to_dicts()
    if competitive:
        names = list(dict.fromkeys([r["p"] for r in rows] + [r["q"] for r in rows]))
        n = len(names)
        m = np.full((n, n), np.nan)
        text = [["" for _ in range(n)] for _ in range(n)]
        for r in rows:
            i, j = names.index(r["p"]), names.index(r["q"])
            m[i, j], m[j, i] = r["score"], 1 - r["score"]
            text[i][j] = f"{r['score']:.0%}\n[{r['score_lo']:.0%}, {r['score_hi']:.0%}]"
            text[j][i] = f"{1 - r['score']:.0%}\n[{1 - r['score_hi']:.0%}, {1 - r['score_lo']:.0%}]"
        fig, ax = plt.subplots(figsize=(1.6 * n + 2, 1.2 * n + 1.5))
        # the diagonal (a player against itself is not played): grey, not the colour of 50%
        cmap = plt.get_cmap("RdBu").with_extremes(bad="0.85")
        im = ax.imshow(np.ma.masked_invalid(m), vmin=0, vmax=1, cmap=cmap)
        for i in range(n):
            for j in range(n):
                if text[i][j]:
                    dark = abs(m[i, j] - 0.5) > 0.3
                    ax.text(j, i, text[i][j], ha="center", va="center", fontsize=8,
                            color="white" if dark else "black")
        ax.set_xticks(range(n), names, rotation=20)
        ax.set_yticks(range(n), names)
        ax.set_xlabel("opponent")
        ax.set_ylabel("player")
        fig.colorbar(im, ax=ax, label="score of the row player (draw = half)")
        ax.set_title(f"{mode}: policy ladder (95% intervals)")
    else:
        names = [r["p"] for r in rows]
        fig, ax = plt.subplots(figsize=(6, 0.6 * len(names) + 1.5))
        y = np.arange(len(names))
        score = np.array([r["score"] for r in rows])
        err = np.array([[r["score"] - r["score_lo"] for r in rows], [r["score_hi"] - r["score"] for r in rows]])
        ax.errorbar(score, y, xerr=err, fmt="o", capsize=4)
        ax.set_yticks(y, names)
        ax.set_xlim(0, 1)
        ax.set_xlabel("games won (95% interval)")
        ax.set_title(f"{mode}: each player alone")
    fig.tight_layout()
    return fig


__all__ = ["DEFAULT_POLICIES", "LadderConfig", "ladder_by_titan", "ladder_figure", "ladder_table", "play_ladder_game",
           "run_ladder"]
