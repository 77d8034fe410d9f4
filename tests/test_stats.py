"""Statistics: interval coverage, win-rate bookkeeping, Bradley-Terry recovery."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from hoplostat import stats


def test_wilson_interval_covers_about_95_percent():
    """A synthetic coin with known p: the 95% interval covers p in about 95% of experiments."""
    rng = np.random.default_rng(12)
    for p, n in ((0.5, 200), (0.2, 100), (0.05, 400)):
        wins = rng.binomial(n, p, size=4000)
        lo, hi = stats.wilson_interval(wins, np.full(4000, n))
        coverage = np.mean((lo <= p) & (p <= hi))
        assert 0.93 <= coverage <= 0.97, (p, n, coverage)


def test_wilson_matches_scipy():
    from scipy.stats import binomtest

    lo, hi = stats.wilson_interval(37, 120)
    ci = binomtest(37, 120).proportion_ci(confidence_level=0.95, method="wilson")
    assert lo == pytest.approx(ci.low) and hi == pytest.approx(ci.high)


def _games(rows):
    cols = ["matchup", "arena", "faction_a", "faction_b", "first", "game", "winner", "rounds"]
    frame = pl.DataFrame([dict(zip(cols, r)) for r in rows], schema_overrides={"winner": pl.Utf8})
    extra = {f"{s}_{c}": 0 for s in "ab" for c in ("damage_dealt", "kills", "crowd_favor")}
    return frame.with_columns(*[pl.lit(v).alias(k) for k, v in extra.items()])


def test_win_rates_count_wins_losses_and_draws():
    g = _games([
        ("m", "pozzuoli", "x", "y", "a", 0, "a", 5),
        ("m", "pozzuoli", "x", "y", "b", 1, "b", 5),
        ("m", "colosseum", "x", "y", "a", 2, None, 60),
        ("m", "colosseum", "x", "y", "b", 3, "a", 7),
    ])
    wr = {r["faction"]: r for r in stats.win_rates(g).iter_rows(named=True)}
    assert (wr["x"]["games"], wr["x"]["wins"], wr["x"]["losses"], wr["x"]["draws"]) == (4, 2, 1, 1)
    assert (wr["y"]["wins"], wr["y"]["losses"], wr["y"]["draws"]) == (1, 2, 1)
    assert wr["x"]["win_rate_lo"] < 0.5 < wr["x"]["win_rate_hi"]
    fp = {r["arena"]: r for r in stats.first_player_advantage(g).iter_rows(named=True)}
    # first player won games 0 (a first, a won) and 1 (b first, b won); game 3: b first, a won
    assert fp["all"]["first_wins"] == 2 and fp["all"]["draws"] == 1 and fp["all"]["games"] == 4
    mm = stats.matchup_matrix(g)
    row = mm.filter((pl.col("faction") == "x") & (pl.col("opponent") == "y")).row(0, named=True)
    assert row["games"] == 4 and row["wins"] == 2
    assert row["win_rate_first"] == pytest.approx(0.5) and row["win_rate_second"] == pytest.approx(0.5)


def test_bradley_terry_recovers_known_strengths():
    rng = np.random.default_rng(3)
    truth = {"p": 0.8, "q": 0.2, "r": -0.3, "s": -0.7}
    names = list(truth)
    rows = []
    g = 0
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            p = 1 / (1 + np.exp(truth[b] - truth[a]))
            for _ in range(1500):
                rows.append(("m", "pozzuoli", a, b, "a", g, "a" if rng.random() < p else "b", 5))
                g += 1
    bt = {r["faction"]: r for r in stats.bradley_terry(_games(rows)).iter_rows(named=True)}
    for f, s in truth.items():
        assert bt[f]["strength_lo"] <= s <= bt[f]["strength_hi"], (f, s, bt[f])
    assert sum(r["strength"] for r in bt.values()) == pytest.approx(0, abs=1e-9)


# --- every table in full, restated from the rows with plain Python and scipy ----------------------
# (each test below was written for mutants that survived the tests above)

from types import SimpleNamespace  # noqa: E402

from scipy import stats as sst  # noqa: E402


def _wilson(k, n):
    ci = sst.binomtest(int(k), int(n)).proportion_ci(confidence_level=0.95, method="wilson")
    return ci.low, ci.high


def _assert_rate(row, prefix: str, wins: int, n: int) -> None:
    """`row[prefix]` is wins / n and its `_lo`, `_hi` are the Wilson interval (scipy's), to approx's default."""
    assert row[prefix] == pytest.approx(wins / n)
    lo, hi = _wilson(wins, n)
    assert row[f"{prefix}_lo"] == pytest.approx(lo) and row[f"{prefix}_hi"] == pytest.approx(hi)


def _versus_games():
    """Seven games of three factions on two arenas; every side column distinct so a mix-up shows."""
    rows = [  # arena, a, b, first, winner
        ("pozzuoli", "x", "y", "a", "a"),
        ("pozzuoli", "x", "y", "b", "a"),
        ("pozzuoli", "y", "z", "a", None),
        ("pozzuoli", "x", "z", "a", "b"),
        ("colosseum", "x", "y", "b", "b"),
        ("colosseum", "y", "z", "b", "b"),
        ("colosseum", "z", "x", "a", "a"),
    ]
    frame = pl.DataFrame(
        [{"matchup": f"{a}-{b}", "arena": arena, "faction_a": a, "faction_b": b, "first": first, "game": g,
          "winner": winner, "rounds": 10 + g,
          "a_damage_dealt": 100 + g, "b_damage_dealt": 200 + g, "a_kills": 300 + g, "b_kills": 400 + g,
          "a_crowd_favor": 500 + g, "b_crowd_favor": 600 + g}
         for g, (arena, a, b, first, winner) in enumerate(rows)],
        schema_overrides={"winner": pl.Utf8},
    )
    return rows, frame


def _sides(rows):
    """(arena, faction, opponent, went_first, outcome) per game and side, outcome in won/lost/draw."""
    out = []
    for arena, a, b, first, winner in rows:
        for side, me, other in (("a", a, b), ("b", b, a)):
            outcome = "draw" if winner is None else ("won" if winner == side else "lost")
            out.append((arena, me, other, first == side, outcome))
    return out


def test_faction_games_sees_each_game_from_both_sides():
    rows, games = _versus_games()
    got = stats.faction_games(games).to_dicts()
    expected = []
    for side, other in (("a", "b"), ("b", "a")):
        for g, (arena, a, b, first, winner) in enumerate(rows):
            me, opp = (a, b) if side == "a" else (b, a)
            expected.append({
                "matchup": f"{a}-{b}", "arena": arena, "game": g, "rounds": 10 + g, "faction": me, "opponent": opp,
                "went_first": first == side, "won": winner == side, "lost": winner == other, "draw": winner is None,
                "damage_dealt": (100 if side == "a" else 200) + g, "kills": (300 if side == "a" else 400) + g,
                "crowd_favor": (500 if side == "a" else 600) + g,
            })
    assert got == expected


def _rate_rows(sides, key):
    acc = {}
    for arena, me, _, _, outcome in sides:
        k = key(arena, me)
        c = acc.setdefault(k, {"games": 0, "won": 0, "lost": 0, "draw": 0})
        c["games"] += 1
        c[outcome] += 1
    return acc


def _check_rate_row(row, c):
    assert (row["games"], row["wins"], row["losses"], row["draws"]) == (c["games"], c["won"], c["lost"], c["draw"])
    assert row["win_rate"] == pytest.approx(c["won"] / c["games"], abs=1e-15)
    assert row["draw_rate"] == pytest.approx(c["draw"] / c["games"], abs=1e-15)
    lo, hi = _wilson(c["won"], c["games"])
    assert (row["win_rate_lo"], row["win_rate_hi"]) == (pytest.approx(lo, abs=1e-12), pytest.approx(hi, abs=1e-12))


def test_win_rates_overall_and_by_arena_in_full_and_in_order():
    rows, games = _versus_games()
    sides = _sides(rows)
    overall = _rate_rows(sides, lambda arena, me: me)
    got = stats.win_rates(games)
    assert got.columns == ["faction", "games", "wins", "losses", "draws", "win_rate", "win_rate_lo", "win_rate_hi",
                           "draw_rate"]
    for row in got.iter_rows(named=True):
        _check_rate_row(row, overall[row["faction"]])
    rates = {f: c["won"] / c["games"] for f, c in overall.items()}
    assert got["faction"].to_list() == sorted(rates, key=lambda f: -rates[f])  # best first (no ties here)
    assert len(set(rates.values())) == 3
    by_arena = _rate_rows(sides, lambda arena, me: (arena, me))
    got = stats.win_rates(games, by_arena=True)
    assert got.columns[:2] == ["faction", "arena"] and got.height == len(by_arena)
    for row in got.iter_rows(named=True):
        _check_rate_row(row, by_arena[(row["arena"], row["faction"])])
    rates = {k: c["won"] / c["games"] for k, c in by_arena.items()}
    order = sorted(rates, key=lambda k: (k[0], -rates[k]))  # arenas A-Z, best first within each
    assert list(zip(got["arena"], got["faction"])) == order
    assert len({(k[0], r) for k, r in rates.items()}) == len(rates)  # no ties within an arena


def test_matchup_matrix_in_full_with_both_seats():
    rows, games = _versus_games()
    acc = {}
    for _, me, other, first, outcome in _sides(rows):
        c = acc.setdefault((me, other), {"games": 0, "won": 0, "draw": 0, True: [], False: []})
        c["games"] += 1
        c["won"] += outcome == "won"
        c["draw"] += outcome == "draw"
        c[first].append(outcome == "won")
    got = stats.matchup_matrix(games)
    columns = ["faction", "opponent", "games", "wins", "draws", "win_rate", "win_rate_lo", "win_rate_hi",
               "win_rate_first", "win_rate_second", "games_first", "games_second"]
    for _ in range(10):  # one order every time (the seat pivot's own order follows polars' grouping)
        assert stats.matchup_matrix(games).columns == columns
    assert list(zip(got["faction"], got["opponent"])) == sorted(acc)
    for row in got.iter_rows(named=True):
        c = acc[(row["faction"], row["opponent"])]
        assert (row["games"], row["wins"], row["draws"]) == (c["games"], c["won"], c["draw"])
        assert row["win_rate"] == pytest.approx(c["won"] / c["games"], abs=1e-15)
        lo, hi = _wilson(c["won"], c["games"])
        assert row["win_rate_lo"] == pytest.approx(lo, abs=1e-12) and row["win_rate_hi"] == pytest.approx(hi, abs=1e-12)
        for seat, name in ((True, "first"), (False, "second")):
            games_in_seat = len(c[seat]) or None
            assert row[f"games_{name}"] == games_in_seat
            rate = sum(c[seat]) / len(c[seat]) if c[seat] else None
            assert row[f"win_rate_{name}"] == (None if rate is None else pytest.approx(rate, abs=1e-15))


def test_first_player_advantage_per_arena():
    rows, games = _versus_games()
    got = {r["arena"]: r for r in stats.first_player_advantage(games).iter_rows(named=True)}
    assert stats.first_player_advantage(games)["arena"].to_list() == ["all", "colosseum", "pozzuoli"]
    for arena in ("all", "colosseum", "pozzuoli"):
        sub = [r for r in rows if arena in ("all", r[0])]
        first_wins = sum(r[4] == r[3] for r in sub)
        draws = sum(r[4] is None for r in sub)
        row = got[arena]
        assert (row["games"], row["first_wins"], row["draws"]) == (len(sub), first_wins, draws)
        assert row["first_win_rate"] == pytest.approx(first_wins / len(sub), abs=1e-15)
        lo, hi = _wilson(first_wins, len(sub))
        assert row["first_win_rate_lo"] == pytest.approx(lo, abs=1e-12)
        assert row["first_win_rate_hi"] == pytest.approx(hi, abs=1e-12)
    assert got["colosseum"]["first_wins"] != got["pozzuoli"]["first_wins"]


def test_wilson_interval_for_huge_counts_and_empty_groups():
    """Integer counts of 2**31 games (4 n**2 = 2**64 wraps to 0 in int64) still match scipy; n == 0 gives
    NaN without a warning."""
    import warnings

    n = 2**31
    lo, hi = stats.wilson_interval(np.array([n // 3]), np.array([n]))
    slo, shi = _wilson(n // 3, n)
    assert lo[0] == pytest.approx(slo, rel=1e-9) and hi[0] == pytest.approx(shi, rel=1e-9)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        lo, hi = stats.wilson_interval(np.array([0, 1, 3]), np.array([0, 0, 10]))
    assert np.isnan(lo[:2]).all() and np.isnan(hi[:2]).all()
    slo, shi = _wilson(3, 10)
    assert lo[2] == pytest.approx(slo) and hi[2] == pytest.approx(shi)
    lo, hi = stats.wilson_interval(3, 10, confidence=0.8)
    ci = sst.binomtest(3, 10).proportion_ci(confidence_level=0.8, method="wilson")
    assert lo == pytest.approx(ci.low) and hi == pytest.approx(ci.high)


def _bt_games(pairs):
    """Games from (faction_a, faction_b, winner) triples."""
    return pl.DataFrame([{"faction_a": a, "faction_b": b, "winner": w} for a, b, w in pairs],
                        schema_overrides={"winner": pl.Utf8})


def _bt_two(wins, losses, prior):
    """Bradley-Terry of two factions by hand: with s = (d/2, -d/2) the penalised log-likelihood is
    wins log sig(d) + losses log sig(-d) - prior d**2 / 4; its root in d, and Var(s_1) = 1 / (4 I + 2 prior)
    with I = (wins + losses) sig(d) sig(-d) the information of d."""
    from scipy.optimize import brentq
    from scipy.special import expit

    d = brentq(lambda d: wins * expit(-d) - losses * expit(d) - prior * d / 2, -20, 20, xtol=1e-14)
    info = (wins + losses) * expit(d) * expit(-d)
    return d / 2, 1 / np.sqrt(4 * info + 2 * prior)


@pytest.mark.parametrize("draw_weight", [None, 0.25])
def test_bradley_terry_two_factions_by_hand(draw_weight):
    """p beats q 3 times, loses once and draws twice (as q, b-seat, once): few games, so the prior matters."""
    games = _bt_games([("p", "q", "a"), ("q", "p", "b"), ("p", "q", "a"), ("p", "q", "b"),
                       ("p", "q", None), ("q", "p", None)])
    kw = {} if draw_weight is None else {"draw_weight": draw_weight}
    dw = 0.5 if draw_weight is None else draw_weight
    got = stats.bradley_terry(games, **kw)
    s, se = _bt_two(3 + 2 * dw, 1 + 2 * dw, 0.01)
    assert got["faction"].to_list() == ["p", "q"]
    assert got.columns == ["faction", "strength", "strength_lo", "strength_hi", "se", "games"]
    assert got["strength"].to_list() == pytest.approx([s, -s], abs=1e-5)
    assert got["se"].to_list() == pytest.approx([se, se], rel=1e-4)
    z = sst.norm.ppf(0.975)
    assert got["strength_lo"].to_list() == pytest.approx([s - z * se, -s - z * se], abs=1e-4)
    assert got["strength_hi"].to_list() == pytest.approx([s + z * se, -s + z * se], abs=1e-4)
    assert got["games"].to_list() == [4 + 4 * dw, 4 + 4 * dw]
    strong = stats.bradley_terry(games, prior=1.0, **kw)
    s1, se1 = _bt_two(3 + 2 * dw, 1 + 2 * dw, 1.0)
    assert strong["strength"].to_list() == pytest.approx([s1, -s1], abs=1e-5)
    assert strong["se"].to_list() == pytest.approx([se1, se1], rel=1e-4)


def test_bradley_terry_games_count_per_faction_and_order():
    games = _bt_games([("p", "q", "a")] * 5 + [("q", "r", "a")] * 3 + [("r", "p", "b")] * 2 + [("q", "p", None)])
    got = stats.bradley_terry(games)
    assert got["faction"].to_list() == ["p", "q", "r"]
    assert got["strength"].is_sorted(descending=True)
    assert dict(zip(got["faction"], got["games"])) == {"p": 8, "q": 9, "r": 5}


def _units():
    """(faction, kind, unit, deployed, damage_dealt, kills, defeated, won) per game and unit."""
    return [
        ("F", "unit", "u1", True, 4, 1, False, True), ("F", "unit", "u1", True, 2, 0, True, False),
        ("F", "unit", "u1", False, 0, 0, False, True),
        ("F", "unit", "u2", True, 1, 0, True, False), ("F", "unit", "u2", True, 3, 2, False, True),
        ("F", "unit", "u3", True, 6, 1, False, False),
        ("F", "hero", "h1", True, 5, 1, False, True), ("F", "hero", "h1", True, 1, 0, True, False),
        ("F", "hero", "h2", True, 0, 0, True, False),
        ("G", "unit", "g1", True, 2, 1, False, True),
    ]


def _units_frame(rows, with_kind=True):
    cols = ["faction", "kind", "unit", "deployed", "damage_dealt", "kills", "defeated", "won"]
    frame = pl.DataFrame([dict(zip(cols, r)) for r in rows])
    return frame if with_kind else frame.drop("kind")


def _expected_units(rows):
    import statistics

    per = {}
    for f, kind, u, dep, dmg, kills, defeated, won in rows:
        c = per.setdefault((f, kind, u), {"games": 0, "deployed": 0, "damage": 0, "kills": 0, "survived": 0,
                                          "won": []})
        c["games"] += 1
        c["deployed"] += dep
        c["damage"] += dmg
        c["kills"] += kills
        c["survived"] += dep and not defeated
        if dep:
            c["won"].append(won)
    for c in per.values():
        c["dpd"] = c["damage"] / c["deployed"]
    for (f, kind, u), c in per.items():
        group = [d["dpd"] for (f2, k2, _), d in per.items() if (f2, k2) == (f, kind)]
        c["z"] = (c["dpd"] - statistics.mean(group)) / statistics.stdev(group) if len(group) > 1 else None
    return per


def test_unit_stats_in_full_and_in_order():
    rows = _units()
    per = _expected_units(rows)
    got = stats.unit_stats(_units_frame(rows))
    assert got.height == len(per)
    for row in got.iter_rows(named=True):
        c = per[(row["faction"], row["kind"], row["unit"])]
        assert (row["games"], row["deployed"], row["damage"], row["kills"], row["survived"]) == (
            c["games"], c["deployed"], c["damage"], c["kills"], c["survived"])
        assert row["win_rate_when_deployed"] == pytest.approx(sum(c["won"]) / len(c["won"]))
        assert row["deploy_rate"] == pytest.approx(c["deployed"] / c["games"])
        assert row["damage_per_deploy"] == pytest.approx(c["dpd"])
        assert row["kills_per_deploy"] == pytest.approx(c["kills"] / c["deployed"])
        assert row["survival"] == pytest.approx(c["survived"] / c["deployed"])
        assert row["damage_z"] == (None if c["z"] is None else pytest.approx(c["z"]))
    zs = {k: c["z"] for k, c in per.items()}
    order = sorted((k for k in zs if zs[k] is not None), key=lambda k: -zs[k]) + [k for k in zs if zs[k] is None]
    assert got["unit"].to_list() == [k[2] for k in order]
    assert len({z for z in zs.values() if z is not None}) == 5


def test_unit_stats_without_kind_compares_every_unit_of_a_faction():
    rows = [r for r in _units() if r[1] == "unit"] + [("F", "unit", "h1", True, 5, 1, False, True)]
    flat = [(f, "unit", u, *rest) for f, _, u, *rest in rows]
    got = stats.unit_stats(_units_frame(flat, with_kind=False))
    assert set(got["kind"].to_list()) == {"unit"}
    per = _expected_units(flat)
    assert {r["unit"]: r["damage_z"] for r in got.iter_rows(named=True)} == {
        k[2]: (None if c["z"] is None else pytest.approx(c["z"])) for k, c in per.items()}
    assert stats.unit_stats(None) is None
    assert stats.unit_stats(_units_frame(rows).head(0)) is None


def _onslaught_games():
    rows = [  # faction_a, faction_b, coop, immortals_defeated, waves_reached, capped
        ("A", "", False, 2, 3, False), ("A", "", False, 4, 5, True), ("A", "", False, 3, 4, False),
        ("B", "", False, 5, 6, False), ("B", "", False, 6, 6, False),
        ("A", "B", True, 1, 2, True),
        ("C", "", False, 0, 1, True), ("C", "", False, 0, 1, False),
    ]
    cols = ["faction_a", "faction_b", "coop", "immortals_defeated", "waves_reached", "capped"]
    return rows, pl.DataFrame([dict(zip(cols, r)) for r in rows])


def test_onslaught_teams_in_full():
    """Means with a t-interval clipped to 0..6; a team of one game has no spread (its interval is its mean)."""
    import statistics

    rows, games = _onslaught_games()
    got = stats.wave_teams(games)
    assert got["team"].to_list() == ["B", "A", "C", "A + B"]  # solo first, most immortals defeated first
    assert got["coop"].to_list() == [False, False, False, True]
    assert got.columns == ["team", "coop", "games", "mean_defeated", "sd", "mean_waves", "capped",
                           *[f"p{k}" for k in range(7)], "mean_defeated_lo", "mean_defeated_hi"]
    for row in got.iter_rows(named=True):
        sub = [r for r in rows if (r[0] if not r[1] else f"{r[0]} + {r[1]}") == row["team"]]
        d = [r[3] for r in sub]
        n = len(d)
        assert row["games"] == n and row["capped"] == sum(r[5] for r in sub)
        assert row["mean_defeated"] == pytest.approx(statistics.mean(d))
        assert row["mean_waves"] == pytest.approx(statistics.mean(r[4] for r in sub))
        for k in range(7):
            assert row[f"p{k}"] == pytest.approx(d.count(k) / n)
        if n > 1:
            assert row["sd"] == pytest.approx(statistics.stdev(d))
        else:
            assert row["sd"] is None
        if n > 1 and statistics.stdev(d) > 0:
            lo, hi = sst.t.interval(0.95, n - 1, loc=statistics.mean(d), scale=statistics.stdev(d) / np.sqrt(n))
        else:
            lo = hi = statistics.mean(d)
        assert row["mean_defeated_lo"] == pytest.approx(max(lo, 0))
        assert row["mean_defeated_hi"] == pytest.approx(min(hi, 6))
    b = got.row(0, named=True)
    assert b["mean_defeated_lo"] == 0 and b["mean_defeated_hi"] == 6  # both clips reached
    c = got.row(2, named=True)
    assert c["mean_defeated_lo"] == c["mean_defeated_hi"] == 0  # no spread at 0: the interval is 0


def test_immortal_waves_in_full():
    rows = [("hydra", False, True, 4), ("hydra", False, False, 6), ("hydra", False, True, 5),
            ("hydra", True, True, 3), ("typhon", False, False, 7), ("typhon", False, True, 2)]
    waves = pl.DataFrame([dict(zip(["immortal", "coop", "won", "rounds"], r)) for r in rows])
    got = stats.immortal_waves(waves)
    assert list(zip(got["coop"], got["immortal"])) == [(False, "typhon"), (False, "hydra"), (True, "hydra")]
    for row in got.iter_rows(named=True):
        sub = [r for r in rows if (r[0], r[1]) == (row["immortal"], row["coop"])]
        won = sum(r[2] for r in sub)
        assert (row["faced"], row["won_waves"]) == (len(sub), won)
        assert row["mean_rounds"] == pytest.approx(sum(r[3] for r in sub) / len(sub))
        _assert_rate(row, "wave_win_rate", won, len(sub))
    assert stats.immortal_waves(None) is None and stats.immortal_waves(waves.head(0)) is None


def _ascension_games():
    rows = [  # titan, faction_a, faction_b, coop, won, rounds, capped
        ("mars", "A", "", False, True, 8, False), ("mars", "A", "", False, False, 12, True),
        ("mars", "B", "", False, False, 9, False), ("mars", "A", "B", True, True, 7, False),
        ("juno", "A", "", False, True, 6, False), ("juno", "B", "", False, True, 5, False),
        ("juno", "B", "", False, False, 11, True), ("juno", "A", "B", True, False, 10, False),
        # more titans, so that the order of the titans cannot come right by chance
        ("vesta", "A", "", False, True, 4, False), ("vesta", "A", "", False, True, 5, False),
        ("vesta", "B", "", False, True, 6, False), ("vesta", "B", "", False, False, 9, False),
        ("pluto", "A", "", False, False, 12, True), ("pluto", "B", "", False, False, 12, True),
        ("pluto", "A", "B", True, True, 9, False), ("pluto", "A", "B", True, False, 12, True),
        ("pluto", "A", "B", True, False, 11, False),
        ("ceres", "A", "", False, True, 3, False), ("ceres", "A", "B", True, True, 4, False),
        ("ceres", "A", "B", True, False, 8, False),
    ]
    cols = ["titan", "faction_a", "faction_b", "coop", "won", "rounds", "capped"]
    return rows, pl.DataFrame([dict(zip(cols, r)) for r in rows])


def test_ascension_matrix_and_titan_difficulty_in_full():
    rows, games = _ascension_games()
    team = {r: (r[1] if not r[2] else f"{r[1]} + {r[2]}") for r in rows}
    got = stats.boss_matrix(games)
    keys = sorted({(r[0], r[3], team[r]) for r in rows})
    assert list(zip(got["titan"], got["coop"], got["team"])) == keys
    for row in got.iter_rows(named=True):
        sub = [r for r in rows if (r[0], r[3], team[r]) == (row["titan"], row["coop"], row["team"])]
        wins = sum(r[4] for r in sub)
        assert (row["games"], row["wins"], row["capped"]) == (len(sub), wins, sum(r[6] for r in sub))
        assert row["mean_rounds"] == pytest.approx(sum(r[5] for r in sub) / len(sub))
        _assert_rate(row, "win_rate", wins, len(sub))
    got = stats.titan_difficulty(games)
    rate = {}
    for r in rows:
        w = rate.setdefault((r[3], r[0]), [0, 0])
        w[0] += r[4]
        w[1] += 1
    order = sorted(rate, key=lambda k: (k[0], rate[k][0] / rate[k][1]))  # solo first, hardest titan first
    assert len({(k[0], w / n) for k, (w, n) in rate.items()}) == len(rate)  # no ties
    assert list(zip(got["coop"], got["titan"])) == order
    for row in got.iter_rows(named=True):
        sub = [r for r in rows if (r[0], r[3]) == (row["titan"], row["coop"])]
        wins = sum(r[4] for r in sub)
        assert (row["games"], row["wins"]) == (len(sub), wins)
        assert row["mean_rounds"] == pytest.approx(sum(r[5] for r in sub) / len(sub))
        _assert_rate(row, "win_rate", wins, len(sub))


def _same(a, b):
    from polars.testing import assert_frame_equal

    if a is None or b is None:
        assert a is None and b is None
    else:
        assert_frame_equal(a, b, check_row_order=False)


def test_summaries_by_analysis_kind():
    """`summarize` picks the tables by the mode's analysis (`hoplostat.analysis`): versus (skirmish), waves
    (onslaught), boss (ascension); each table is the function of that name on the sweep's tables."""
    from hoplostat.analysis import summarize

    _, games = _versus_games()
    units = _units_frame(_units())
    want = {"win_rates": stats.win_rates(games), "win_rates_by_arena": stats.win_rates(games, by_arena=True),
            "field": stats.field_differences(games), "field_by_arena": stats.field_differences(games, by_arena=True),
            "matchups": stats.matchup_matrix(games), "first_player": stats.first_player_advantage(games),
            "ratings": stats.bradley_terry(games), "units": stats.unit_stats(units)}
    for got in (stats.summary(games, units), summarize("skirmish", {"games": games, "units": units})):
        assert list(got) == list(want)
        for key in want:
            _same(got[key], want[key])
    assert stats.summary(games)["units"] is None
    _, ons = _onslaught_games()
    waves = pl.DataFrame({"immortal": ["hydra"], "coop": [False], "won": [True], "rounds": [4]})
    got = summarize("onslaught", {"games": ons, "waves": waves, "units": units})
    assert list(got) == ["teams", "immortals", "units"]
    _same(got["teams"], stats.wave_teams(ons))
    _same(got["immortals"], stats.immortal_waves(waves))
    _same(got["units"], stats.unit_stats(units))
    assert stats.waves_summary({"games": ons})["immortals"] is None
    _, asc = _ascension_games()
    got = summarize("ascension", {"games": asc, "units": units})
    assert list(got) == ["titans", "matrix", "units"]
    _same(got["titans"], stats.titan_difficulty(asc))
    _same(got["matrix"], stats.boss_matrix(asc))
    _same(got["units"], stats.unit_stats(units))
    assert stats.boss_summary({"games": asc})["units"] is None


def test_duel_matrix_frame_names_provenance_and_intervals():
    units = {"k": SimpleNamespace(name="Kunlun Marksman", is_stand_in=False),
             "s": SimpleNamespace(name="Stand-in Spear", is_stand_in=True)}
    rows = [{"a": "k", "b": "s", "trials": 200, "p_a_wins": 0.615},
            {"a": "s", "b": "k", "trials": 100, "p_a_wins": 0.3},
            {"a": "k", "b": "nobody", "trials": 50, "p_a_wins": 0.5},
            {"a": "nobody", "b": "s", "trials": 10, "p_a_wins": 0.2}]
    got = stats.duel_matrix_frame(rows, units)  # an id missing from `units` has no name and no provenance
    assert got["a_name"].to_list() == ["Kunlun Marksman", "Stand-in Spear", "Kunlun Marksman", None]
    assert got["b_name"].to_list() == ["Stand-in Spear", "Kunlun Marksman", None, "Stand-in Spear"]
    assert got["a_stand_in"].to_list() == [False, True, False, None]
    assert got["b_stand_in"].to_list() == [True, False, None, True]
    for row, (k, n) in zip(got.iter_rows(named=True), [(123, 200), (30, 100), (25, 50), (2, 10)]):
        lo, hi = _wilson(k, n)
        assert row["p_a_wins_lo"] == pytest.approx(lo) and row["p_a_wins_hi"] == pytest.approx(hi)
    exact = stats.duel_matrix_frame([{"a": "k", "b": "s", "trials": None, "p_a_wins": 0.61}], units)
    assert "p_a_wins_lo" not in exact.columns and exact["a_name"].to_list() == ["Kunlun Marksman"]
