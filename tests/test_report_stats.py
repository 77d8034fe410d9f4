"""The report's statistics: differences from the field average (not 50%), the sentences that state them,
unit measures by class, sentinels once per game, human tables; checked against counts made by hand."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from hoplostat import report, stats


def _games(results: list[tuple[str, str, str | None, str]]) -> pl.DataFrame:
    """Skirmish-like games rows: (faction_a, faction_b, winner seat or None, first seat)."""
    rows = []
    for i, (a, b, w, first) in enumerate(results):
        rows.append({"matchup": f"m/{a}/{b}", "arena": "pozzuoli" if i % 2 else "colosseum", "game": i,
                     "rounds": 10, "faction_a": a, "faction_b": b, "winner": w, "first": first,
                     "a_damage_dealt": 1, "b_damage_dealt": 1, "a_kills": 0, "b_kills": 0,
                     "a_crowd_favor": 0, "b_crowd_favor": 0})
    return pl.DataFrame(rows)


def _synthetic(n: int = 200, seed: int = 1) -> pl.DataFrame:
    """x beats everyone 80%, y and z are even; 10% draws."""
    rng = np.random.default_rng(seed)
    out = []
    for i in range(n):
        a, b = [("x", "y"), ("x", "z"), ("y", "z")][i % 3]
        u = rng.random()
        strong = a == "x"
        w = None if u < 0.1 else ("a" if (u < 0.82 if strong else u < 0.55) else "b")
        out.append((a, b, w, "ab"[i % 2]))
    return _games(out)


def test_field_average_counts_draws_as_won_by_nobody():
    g = _synthetic()
    draws = g["winner"].is_null().sum()
    avg, se = stats.field_average(g)
    assert avg == pytest.approx((1 - draws / g.height) / 2)
    assert se == pytest.approx(np.sqrt((1 - draws / g.height) * draws / g.height / g.height) / 2)


def test_field_differences_match_hand_counts_and_verdicts():
    g = _synthetic(600)
    f = stats.field_differences(g)
    avg, _ = stats.field_average(g)
    rows = g.to_dicts()
    for r in f.iter_rows(named=True):
        mine = [x for x in rows if r["faction"] in (x["faction_a"], x["faction_b"])]
        wins = sum(1 for x in mine if x["winner"] and x[f"faction_{x['winner']}"] == r["faction"])
        assert (r["games"], r["wins"]) == (len(mine), wins)
        assert r["diff"] == pytest.approx(wins / len(mine) - avg)
        assert r["diff_lo"] < r["diff"] < r["diff_hi"]
        assert r["verdict"] == ("stronger" if r["diff_lo"] > 0 else "weaker" if r["diff_hi"] < 0 else "within")
    by = {r["faction"]: r for r in f.iter_rows(named=True)}
    assert by["x"]["verdict"] == "stronger" and by["x"]["diff"] > 0.15
    # the average of the differences, weighted by games, is zero: the field is its own reference
    assert float((f["diff"] * f["games"]).sum()) == pytest.approx(0.0, abs=1e-9)
    per_arena = stats.field_differences(g, by_arena=True)
    assert set(per_arena["arena"]) == {"pozzuoli", "colosseum"}
    for arena in ("pozzuoli", "colosseum"):
        sub = g.filter(pl.col("arena") == arena)
        assert per_arena.filter(pl.col("arena") == arena)["field_average"][0] == pytest.approx(stats.field_average(sub)[0])


def test_first_player_effect_against_an_average_seat():
    g = _synthetic(600)
    fp = stats.first_player_advantage(g).filter(pl.col("arena") == "all").row(0, named=True)
    avg, _ = stats.field_average(g)
    first = sum(1 for x in g.to_dicts() if x["winner"] is not None and x["winner"] == x["first"])
    assert fp["first_wins"] == first and fp["diff"] == pytest.approx(first / g.height - avg)


def test_sentences_state_the_significant_differences_in_points():
    g = _synthetic(900)
    t = stats.summary(g)
    lines = report.summary_sentences(t, {"x": "Xenos", "y": "Ypsilon", "z": "Zeta"})
    x = t["field"].filter(pl.col("faction") == "x").row(0, named=True)
    want = f"Xenos win {round(100 * x['diff'])} points more than an average faction"
    assert any(line.startswith(want) for line in lines), lines
    assert any("is the line to compare with" in line and f"{x['field_average']:.1%}" in line for line in lines)
    within = [r["faction"] for r in t["field"].iter_rows(named=True) if r["verdict"] == "within"]
    for f in within:
        name = {"y": "Ypsilon", "z": "Zeta"}[f]
        assert not any(line.startswith(f"{name} win ") for line in lines)


def _units_rows():
    base = {"matchup": "m", "arena": "pozzuoli", "side": "a", "faction": "f", "kind": "unit", "won": True,
            "defeated": False, "kills": 0, "tactics_enabled": 0}
    rows = []
    for game in range(4):
        # two sentinel copies in each game: one deployed dealing 2, one not
        rows.append({**base, "game": game, "unit": "sentinel", "kind": "sentinel", "deployed": True, "damage_dealt": 2,
                     "damage_taken": 1})
        rows.append({**base, "game": game, "unit": "sentinel", "kind": "sentinel", "deployed": False, "damage_dealt": 0,
                     "damage_taken": 0})
        rows.append({**base, "game": game, "unit": "wall", "deployed": True, "damage_dealt": 0, "damage_taken": 3 + game})
        rows.append({**base, "game": game, "unit": "wall2", "deployed": True, "damage_dealt": 0, "damage_taken": 1})
        rows.append({**base, "game": game, "unit": "brain", "deployed": True, "damage_dealt": 0, "damage_taken": 0,
                     "tactics_enabled": game % 2})
    return pl.DataFrame(rows)


def test_sentinel_copies_count_once_per_game():
    per = stats.unit_stats(_units_rows())
    s = per.filter(pl.col("unit") == "sentinel").row(0, named=True)
    assert s["games"] == 4 and s["deployed"] == 4 and s["damage_per_deploy"] == pytest.approx(2.0)


def test_units_are_measured_by_what_their_class_is_for():
    m = stats.unit_measures(_units_rows(), {"wall": "defender", "wall2": "defender", "brain": "tactician",
                                            "sentinel": "archer"})
    by = {r["unit"]: r for r in m.iter_rows(named=True)}
    assert by["wall"]["measure"] == "HP held per deployment" and by["wall"]["value"] == pytest.approx(4.5)
    assert by["brain"]["measure"] == "tactics enabled per deployment" and by["brain"]["value"] == pytest.approx(0.5)
    assert by["sentinel"]["measure"] == "damage per deployment"
    assert by["wall"]["z"] > 0 > by["wall2"]["z"]  # compared within the defenders only
    old = _units_rows().drop("damage_taken", "tactics_enabled")  # a sweep made before those columns
    m = stats.unit_measures(old, {"wall": "defender"})
    assert m.filter(pl.col("unit") == "wall")["measure"][0] == "share of deployments survived"


def test_tables_have_human_headers_intervals_in_the_cell_and_integer_counts():
    g = _synthetic(300)
    html = report._table_html(stats.win_rates(g))
    assert "win_rate_lo" not in html and "Win rate (95%)" in html and "Games" in html
    r = stats.win_rates(g).row(0, named=True)
    assert f"{100 * r['win_rate']:.0f}% [{100 * r['win_rate_lo']:.0f}, {100 * r['win_rate_hi']:.0f}]" in html
    assert f"<td data-v='{r['games']}'>{r['games']:,}</td>" in html and ".000" not in html
    assert "class='scroll'" in html
    diff = report._table_html(stats.field_differences(g))
    x = stats.field_differences(g).row(0, named=True)
    assert f"{100 * x['diff']:+.0f} [{100 * x['diff_lo']:+.0f}, {100 * x['diff_hi']:+.0f}]" in diff
