"""The report's headline (hoplostat/headline.py): ranking by size and certainty on hand-built tables, the
sentences' numbers, the next-step commands, the arena effect's interval (stats.arena_effects)."""

from __future__ import annotations

import math

import polars as pl
import pytest

from hoplostat import headline as h
from hoplostat import stats

SWEEP = h.Sweep("reports/sweep", {"mode": "skirmish", "policies": ["greedy", "greedy"], "max_rounds": 60, "data": []},
                60)


def _f(kind, subject, diff, lo, hi):
    return h.Finding(kind, subject, diff, lo, hi, f"{subject} {diff}")


def test_a_large_uncertain_effect_ranks_below_a_smaller_certain_one():
    big_unsure = _f("faction", "big", 0.20, 0.01, 0.39)   # sure of 1 point
    small_sure = _f("faction", "small", 0.10, 0.08, 0.12)  # sure of 8 points
    negative = _f("faction", "neg", -0.09, -0.12, -0.06)   # sure of 6 points, below
    level = _f("faction", "level", 0.30, -0.05, 0.65)      # holds 0: sure of nothing
    assert [f.subject for f in h.rank([big_unsure, level, negative, small_sure])] == ["small", "neg", "big", "level"]
    assert small_sure.certain == pytest.approx(0.08) and negative.certain == pytest.approx(0.06)
    assert level.certain == 0


def test_the_headline_keeps_the_best_of_each_kind_and_nothing_that_holds_zero():
    fs = [_f("faction", "a", 0.10, 0.08, 0.12), _f("faction", "b", 0.15, 0.05, 0.25),
          _f("arena", "c", 0.25, 0.22, 0.28), _f("arena", "d", 0.24, 0.21, 0.27),
          _f("first-player", "e", 0.05, 0.04, 0.06), _f("matchup", "f", 0.40, -0.01, 0.81)]
    assert [f.subject for f in h.headline(fs)] == ["c", "a", "e"]
    assert [f.subject for f in h.headline(fs, most=2)] == ["c", "a"]
    assert [f.subject for f in h.headline(fs, per_kind=2)] == ["c", "d", "a", "b", "e"][:4]
    assert h.headline([_f("faction", "x", 0.1, -0.1, 0.3)]) == []


@pytest.mark.parametrize("x, text", [(0.052, "+5"), (-0.148, "-15"), (-0.003, "-0.3"), (0.004, "+0.4"),
                                     (-0.0004, "0"), (0.0, "0"), (-0.005, "-0.5")])
def test_points_never_print_minus_zero(x, text):
    assert h.points(x) == text
    assert h.interval(-0.031, -0.0002) == "[-3, 0]"


def _field():
    # a faction far off but on few games, one a little less off on many, one level
    return pl.DataFrame({
        "faction": ["amazons", "kunlun", "lamosians"], "games": [40, 4000, 4000], "wins": [28, 2320, 1900],
        "draws": [0, 10, 10], "win_rate": [0.70, 0.58, 0.475], "field_average": [0.499] * 3,
        "diff": [0.201, 0.081, -0.024], "diff_lo": [0.03, 0.06, -0.046], "diff_hi": [0.34, 0.10, 0.001],
        "verdict": ["stronger", "stronger", "within"]})


def _by_arena():
    return pl.DataFrame({
        "faction": ["kunlun", "kunlun", "lamosians", "lamosians", "amazons", "amazons"],
        "arena": ["colosseum", "pozzuoli"] * 3, "games": [2000] * 6, "wins": [1000] * 6, "draws": [5] * 6,
        "win_rate": [0.65, 0.51, 0.38, 0.57, 0.5, 0.5], "field_average": [0.499] * 6,
        "diff": [0.15, 0.01, -0.12, 0.07, 0.0, 0.0],
        "diff_lo": [0.12, -0.02, -0.15, 0.04, -0.03, -0.03], "diff_hi": [0.18, 0.04, -0.09, 0.10, 0.03, 0.03],
        "verdict": ["stronger", "within", "weaker", "stronger", "within", "within"]})


def _matchups():
    return pl.DataFrame({
        "faction": ["kunlun", "lamosians"], "opponent": ["lamosians", "kunlun"], "games": [600, 600],
        "wins": [390, 210], "draws": [0, 0], "win_rate": [0.65, 0.35], "win_rate_lo": [0.61, 0.31],
        "win_rate_hi": [0.69, 0.39]})


def _first():
    return pl.DataFrame({
        "arena": ["all", "colosseum", "pozzuoli"], "games": [8000, 4000, 4000], "first_wins": [4400, 2280, 2120],
        "draws": [20, 10, 10], "first_win_rate": [0.55, 0.57, 0.53], "first_win_rate_lo": [0.54, 0.555, 0.515],
        "first_win_rate_hi": [0.56, 0.585, 0.545], "field_average": [0.49875] * 3,
        "diff": [0.05125, 0.07125, 0.03125], "diff_lo": [0.04125, 0.05625, 0.01625],
        "diff_hi": [0.06125, 0.08625, 0.04625], "verdict": ["stronger"] * 3})


def _skirmish():
    t = {"field": _field(), "field_by_arena": _by_arena(), "matchups": _matchups(), "first_player": _first()}
    names = {"kunlun": "Kunlun", "lamosians": "Lamosians", "amazons": "Amazons"}
    return h.versus_findings(t, (0.499, 0.497, 0.501), names, SWEEP)


def test_the_skirmish_headline_ranks_a_hand_built_table():
    top = h.headline(_skirmish())
    # arena: Lamosians 19 points better on Pozzuoli [sure of ~15]; faction: Kunlun on Colosseum +15 [+12, +18]
    # (sure of 12, ahead of Kunlun overall's 6 and the 40-game Amazons' 3); matchup: Kunlun over Lamosians, 65%,
    # +15 [+11, +19] against 0.499 (sure of ~11); the first player +5 [+4, +6]
    assert [f.kind for f in top] == ["arena", "faction", "matchup", "first-player"]
    arena, faction, matchup, first = top
    assert arena.subject == "lamosians:pozzuoli-colosseum" and arena.diff == pytest.approx(0.19)
    assert arena.sentence.startswith("Lamosians do 19 points better on Pozzuoli than on Colosseum [+")
    assert faction.subject == "kunlun@colosseum"
    assert faction.sentence == ("Kunlun on Colosseum win 15 points more than an average faction there [+12, +18]: "
                                "65% of 2,000 games.")
    assert matchup.sentence.startswith("Kunlun beat Lamosians in 65% of their 600 games: 15 points above")
    assert first.sentence == ("The first player wins 55% of 8,000 games: 5 points more than an average seat "
                              "[+4, +6] (Colosseum +7, Pozzuoli +3).")
    assert faction.command == "hoplostat tune kunlun -a colosseum --jobs 2 --out reports/tuned-kunlun"
    assert matchup.command == "hoplostat tune lamosians --against kunlun --jobs 2 --out reports/tuned-lamosians"
    assert arena.command.startswith("hoplostat tune lamosians -a colosseum ")  # its arena furthest off: -12
    assert first.command == "hoplostat compare reports/sweep OTHER"
    # each pair once, from the side that wins more
    assert [f.subject for f in _skirmish() if f.kind == "matchup"] == ["kunlun>lamosians"]


def test_the_stronger_players_verdict_is_said_beside_the_factions_overall_verdict():
    found = {f.subject: f for f in h.with_stronger(_skirmish(), {"kunlun": "holds", "amazons": "reverses"},
                                                   "search:64")}
    assert found["kunlun"].sentence.endswith("Under the stronger player (search:64) this verdict holds.")
    assert found["amazons"].sentence.endswith("this verdict reverses.")
    assert "stronger player" not in found["kunlun@colosseum"].sentence


def test_tune_commands_carry_the_sweeps_players_overlays_and_round_cap_and_only_skirmish_has_them():
    sw = h.Sweep("s", {"mode": "skirmish", "policies": ["random", "greedy"], "max_rounds": 40,
                       "data": ["my chips"]}, 60)
    assert h.tune_command(sw, "kunlun", arena="pozzuoli") == (
        "hoplostat tune kunlun -a pozzuoli --policies random,greedy --max-rounds 40 --data 'my chips' --jobs 2 "
        "--out reports/tuned-kunlun")
    assert h.tune_command(h.Sweep("s", {"mode": "naumachia"}), "kunlun") == ""


def test_arena_effects_difference_and_its_interval():
    e = stats.arena_effects(_by_arena())
    first = e.row(0, named=True)
    # Lamosians: +7 on Pozzuoli, -12 on the Colosseum: 19 points better on Pozzuoli
    assert (first["faction"], first["arena"], first["other"]) == ("lamosians", "pozzuoli", "colosseum")
    assert first["diff"] == pytest.approx(0.19)
    assert first["diff_lo"] == pytest.approx(0.19 - math.hypot(0.03, 0.03))
    assert first["diff_hi"] == pytest.approx(0.19 + math.hypot(0.03, 0.03))
    assert first["verdict"] == "stronger"
    by = {r["faction"]: r for r in e.iter_rows(named=True)}
    assert by["kunlun"]["arena"] == "colosseum" and by["kunlun"]["diff"] == pytest.approx(0.14)
    assert by["amazons"]["verdict"] == "within"
    assert e["diff"].to_list() == sorted(e["diff"].to_list(), reverse=True)


def test_arena_effects_uses_each_sides_own_half_widths():
    """Asymmetric intervals: the better arena's lower distance with the other's upper one."""
    t = pl.DataFrame({"faction": ["x", "x"], "arena": ["a", "b"], "diff": [0.10, -0.05],
                      "diff_lo": [0.06, -0.06], "diff_hi": [0.11, 0.0]})
    r = stats.arena_effects(t).row(0, named=True)
    assert r["diff"] == pytest.approx(0.15)
    assert r["diff_lo"] == pytest.approx(0.15 - math.hypot(0.04, 0.05))
    assert r["diff_hi"] == pytest.approx(0.15 + math.hypot(0.01, 0.01))


def test_rate_findings_measure_each_row_from_its_groups_pooled_average():
    t = pl.DataFrame({"titan": ["mars", "jupiter", "mars"], "coop": [False, False, True],
                      "games": [400, 400, 100], "wins": [40, 200, 90]})
    t = t.with_columns((pl.col("wins") / pl.col("games")).alias("win_rate"))
    lo, hi = stats.wilson_interval(t["wins"].to_numpy(), t["games"].to_numpy())
    t = t.with_columns(pl.Series("win_rate_lo", lo), pl.Series("win_rate_hi", hi))
    found = {f.subject: f for f in h.rate_findings(t, "titan", "win_rate", "titan", lambda r: r["titan"])}
    assert found["mars (solo)"].diff == pytest.approx(0.10 - 240 / 800)
    assert found["mars (solo)"].kind == "harder titan" and found["jupiter (solo)"].kind == "easier titan"
    assert found["jupiter (solo)"].diff == pytest.approx(0.5 - 240 / 800)
    assert found["mars (co-op)"].diff == pytest.approx(0.0)  # alone in its group: its own average
    assert h.rank(found.values())[0].subject == "mars (solo)"


def _titans():
    t = pl.DataFrame({"titan": ["mars *", "shaghad", "mars *", "shaghad"], "coop": [False, False, True, True],
                      "games": [400, 400, 200, 200], "wins": [40, 200, 100, 100]})
    t = t.with_columns((pl.col("wins") / pl.col("games")).alias("win_rate"))
    lo, hi = stats.wilson_interval(t["wins"].to_numpy(), t["games"].to_numpy())
    return t.with_columns(pl.Series("win_rate_lo", lo), pl.Series("win_rate_hi", hi))


def test_the_hardest_titan_is_said_with_its_success_rate_and_the_tune_command():
    sweep = h.Sweep("s", {"mode": "ascension", "policies": ["greedy"], "data": []})
    top = h.headline(h.opponent_findings(_titans(), "titan", "win_rate", "titan", sweep))
    assert [f.kind for f in top] == ["harder titan", "easier titan"]
    hard = top[0]
    assert hard.subject == "mars * (solo)"
    assert hard.sentence.startswith("Players defeat Mars (solo) in 10% [")
    assert "of 400 games: 20 points less than against an average titan [" in hard.sentence
    assert hard.command == "hoplostat tune titan:mars --goal 0.30 --jobs 2 --out reports/tuned-mars"
    other = h.Sweep("s", {"mode": "skirmish"})  # tune measures a titan in Ascension only
    assert all(f.command == "" for f in h.opponent_findings(_titans(), "titan", "win_rate", "titan", other))


def test_a_pod_share_is_measured_from_the_fair_share():
    t = pl.DataFrame({"faction": ["kunlun", "amazons"], "games": [300, 300], "wins": [150, 60],
                      "win_share": [0.5, 0.2], "win_share_lo": [0.44, 0.16], "win_share_hi": [0.56, 0.25],
                      "fair_share": [0.3, 0.3], "diff": [0.2, -0.1], "verdict": ["stronger", "weaker"]})
    found = {f.subject: f for f in h.share_findings(t, "faction", "faction", {"kunlun": "Kunlun"})}
    assert (found["kunlun"].lo, found["kunlun"].hi) == (pytest.approx(0.14), pytest.approx(0.26))
    assert found["kunlun"].sentence == ("Kunlun wins 50% of its 300 games: 20 points more than its fair share of 30% "
                                        "[+14, +26].")
    assert h.headline(found.values())[0].subject == "kunlun"
