"""`hoplostat robustness A B [C ...]`: the balance verdicts of one set of matchups under different players. The
rank correlation is scipy's on the same rates and its vectorized bootstrap agrees with scipy replicate by
replicate; the bootstrap interval holds the estimate and comes back from its seed; a verdict that flips by
construction is reported, identical sweeps flip nothing; the verdicts are the summaries' own; the command, its
JSON (with the stand-in share), its figure, the report section and its refusals work on real sweeps."""

from __future__ import annotations

import shutil

import numpy as np
import polars as pl
import pytest
from clihelp import run_cli, run_json
from scipy import stats as st

from hoplostat import robustness as rb
from hoplostat.analysis import Boss, Versus, for_mode
from hoplostat import stats
from hoplostat.sweep import load_tables

FACTIONS = ("f0", "f1", "f2", "f3", "f4", "f5")


def _games(strength: dict[str, float], n: int, seed: int, *, often: str = "") -> pl.DataFrame:
    """`n` two-seat games of pairs drawn at random (those of `often` five times as often as the others); P(a wins)
    from the factions' strengths (Bradley-Terry), 5% draws."""
    rng = np.random.default_rng(seed)
    pairs = [(a, b) for i, a in enumerate(FACTIONS) for b in FACTIONS[i + 1:]]
    weight = np.array([5.0 if often in pair else 1.0 for pair in pairs])
    drawn = rng.choice(len(pairs), size=n, p=weight / weight.sum())
    a = np.array([pairs[k][0] for k in drawn])
    b = np.array([pairs[k][1] for k in drawn])
    s = np.vectorize(lambda f: strength.get(f, 0.0))
    p = 1 / (1 + np.exp(s(b) - s(a)))
    draw = rng.random(n) < 0.05
    a_wins = rng.random(n) < p
    winner = np.where(draw, None, np.where(a_wins, "a", "b"))
    return pl.DataFrame({"matchup": [f"m/{x}/{y}" for x, y in zip(a, b)], "arena": "pozzuoli", "game": np.arange(n),
                         "rounds": 9, "faction_a": a, "faction_b": b, "first": "a", "winner": winner.tolist(),
                         "a_damage_dealt": 0, "b_damage_dealt": 0, "a_kills": 0, "b_kills": 0, "a_crowd_favor": 0,
                         "b_crowd_favor": 0})


def _rates(games: pl.DataFrame) -> dict[str, float]:
    r = Versus().rates_to_compare({"games": games})
    return {k: w / n for k, n, w in r.select("key", "games", "wins").iter_rows()}


def test_spearman_is_scipy_on_the_same_rates():
    a = _games({"f0": 0.8, "f1": 0.4, "f3": -0.5}, 900, seed=1, often="f3")  # f3 has most games: rates, not wins
    b = _games({"f0": 0.2, "f1": 0.6, "f3": -0.4, "f5": 0.3}, 600, seed=2, often="f5")
    r = rb.robustness(Versus(), [{"games": a}, {"games": b}], ["random", "greedy"], bootstrap=50, seed=3)
    ra, rb_ = _rates(a), _rates(b)
    want = st.spearmanr([ra[f] for f in FACTIONS], [rb_[f] for f in FACTIONS]).statistic
    row = r["correlations"].row(0, named=True)
    assert (row["a"], row["b"], row["subjects"]) == ("random", "greedy", 6)
    assert row["spearman"] == pytest.approx(want, abs=1e-12)
    # the table's rates are those of the comparison, with their Wilson intervals
    t = r["table"].filter(pl.col("sweep") == "random")
    assert dict(zip(t["key"], t["rate"])) == pytest.approx(ra)
    lo, hi = stats.wilson_interval(t["wins"].to_numpy(), t["games"].to_numpy())
    assert t["rate_lo"].to_numpy() == pytest.approx(lo) and t["rate_hi"].to_numpy() == pytest.approx(hi)


def test_the_vectorized_spearman_is_scipy_row_by_row():
    rng = np.random.default_rng(4)
    x = rng.integers(0, 5, size=(40, 7)).astype(float)  # small integers: many ties
    y = x + rng.integers(-2, 3, size=(40, 7))
    got = rb.row_spearman(x, y)
    for i in range(40):
        want = st.spearmanr(x[i], y[i]).statistic
        assert (np.isnan(got[i]) and np.isnan(want)) or got[i] == pytest.approx(want, abs=1e-12), i


def test_cells_hold_every_game_and_resamples_keep_the_number_of_games():
    g = _games({"f2": 0.5}, 300, seed=5)
    cells = rb.game_cells(Versus(), {"games": g})
    assert cells["n_games"] == 300 and cells["keys"] == list(FACTIONS)
    counts = cells["counts"] @ cells["games"], cells["counts"] @ cells["wins"]
    r = Versus().rates_to_compare({"games": g}).sort("key")
    assert counts[0].tolist() == r["games"].to_list() and counts[1].tolist() == r["wins"].to_list()
    boot = rb.bootstrap_diffs(cells, n=400, rng=np.random.default_rng(0))
    assert boot.shape == (400, 6)
    # resampled games around the sweep: the bootstrap mean of each rate against the average is near its point value
    assert np.abs(boot.mean(axis=0) - rb.point_diffs(cells)).max() < 0.02
    assert 0.01 < boot.std(axis=0).min() < 0.1  # and it does vary (about sqrt(p(1-p)/100) per faction)


def test_the_bootstrap_interval_holds_the_estimate_and_comes_back_from_its_seed():
    a = _games({"f0": 0.6, "f1": 0.3, "f3": -0.3, "f4": -0.5}, 600, seed=6)
    b = _games({"f0": 0.4, "f1": 0.4, "f3": -0.4, "f4": -0.2}, 600, seed=7)
    sweeps = [{"games": a}, {"games": b}]

    def corr(seed: int, n: int = 300) -> dict:
        return rb.robustness(Versus(), sweeps, ["x", "y"], bootstrap=n, seed=seed)["correlations"].row(0, named=True)

    first = corr(11)
    assert first["spearman_lo"] <= first["spearman"] <= first["spearman_hi"]
    assert first["spearman_lo"] < first["spearman_hi"] and first["replicates"] == 300
    assert corr(11) == first  # the same seed, the same interval
    assert corr(12)["spearman"] == first["spearman"]  # the estimate does not depend on the seed
    # another seed, other resamples (with 40 of them the interval's ends move between the 1/35 steps of six ranks)
    few = {(c["spearman_lo"], c["spearman_hi"]) for c in (corr(s, 40) for s in (11, 12, 13))}
    assert len(few) > 1 and corr(13, 40) == corr(13, 40)


def test_a_flip_by_construction_is_reported():
    """f2 strong under one player and average under the other; f3 strong under one and weak under the other."""
    strong = _games({"f2": 1.2, "f3": 0.8}, 3000, seed=8)
    level = _games({"f3": -0.8, "f2": -0.15}, 3000, seed=9)  # f2 as strong as an average faction
    r = rb.robustness(Versus(), [{"games": strong}, {"games": level}], ["greedy", "random"], bootstrap=100)
    t = r["table"]
    v = {(k, s): x for k, s, x in t.select("key", "sweep", "verdict").iter_rows()}
    assert (v["f2", "greedy"], v["f2", "random"]) == ("stronger", "within")
    assert (v["f3", "greedy"], v["f3", "random"]) == ("stronger", "weaker")
    flips = {f["key"]: f for f in r["flips"]}
    assert flips["f2"]["sentence"] == ("f2: stronger than average under greedy, not distinguishable from average "
                                       "under random")
    assert not flips["f2"]["reversed"] and flips["f3"]["reversed"]
    assert flips["f3"]["sentence"] == "f3: stronger than average under greedy, weaker than average under random"
    # exactly the subjects whose verdicts differ
    assert set(flips) == {k for k in FACTIONS if v[k, "greedy"] != v[k, "random"]}
    # a third player: a reversal among three verdicts is still one
    third = t.filter(pl.col("sweep") == "random").with_columns(
        pl.lit("lookahead").alias("sweep"), pl.when(pl.col("key") == "f3").then(pl.lit("within"))
        .otherwise(pl.col("verdict")).alias("verdict"))
    three = {f["key"]: f for f in rb.flips(pl.concat([t, third]), ["greedy", "random", "lookahead"])}
    assert three["f3"]["reversed"] and three["f3"]["verdicts"] == {
        "greedy": "stronger", "random": "weaker", "lookahead": "within"}
    assert not three["f2"]["reversed"]


def test_identical_sweeps_correlate_1_and_flip_nothing():
    g = _games({"f0": 0.7, "f2": -0.4, "f4": 0.3}, 900, seed=10)
    r = rb.robustness(Versus(), [{"games": g}, {"games": g}, {"games": g}], ["a", "b", "c"], bootstrap=100)
    assert r["correlations"].height == 3 and r["correlations"]["spearman"].to_list() == pytest.approx([1.0] * 3)
    assert r["flips"] == []


def test_three_sweeps_group_the_players_by_verdict():
    assert rb.flip_sentence("parthians", {"random": "within", "greedy": "weaker", "lookahead:64": "within"}) == (
        "parthians: not distinguishable from average under random and lookahead:64, weaker than average under greedy")
    assert rb.flip_sentence("titan-a (solo)", {"x": "easier", "y": "harder"}) == (
        "titan-a (solo): easier than average under x, harder than average under y")


def test_labels_are_the_policies_or_else_the_directories():
    assert rb.sweep_labels([["random", "random"], ["greedy", "greedy"]], ["s/a", "s/b"]) == ["random", "greedy"]
    assert rb.sweep_labels([["random", "greedy"], ["greedy", "greedy"]], ["a", "b"]) == ["random/greedy", "greedy"]
    assert rb.sweep_labels([["greedy"] * 2, ["greedy"] * 2, ["random"] * 2], ["x/one", "y/two", "z/three"]) == [
        "one", "two", "random"]
    assert rb.sweep_labels([["greedy"] * 2] * 2, ["x/s", "y/s"]) == ["x/s", "y/s"]
    assert rb.sweep_labels([["greedy"] * 2] * 2, ["s", "s"]) == ["s #1", "s #2"]


def test_versus_verdicts_are_the_summary_s():
    g = _games({"f0": 0.6, "f5": -0.6}, 1200, seed=12)
    got = rb.subject_verdicts(Versus(), {"games": g})
    field = stats.field_differences(g)
    assert dict(zip(got["key"], got["verdict"])) == dict(zip(field["faction"], field["verdict"]))
    assert dict(zip(got["key"], got["diff_lo"])) == pytest.approx(dict(zip(field["faction"], field["diff_lo"])))
    assert got["reference"].to_list() == pytest.approx([stats.field_average(g)[0]] * 6)
    # by hand (Newcombe's MOVER): the faction's Wilson interval and the average's (the Wilson interval of the
    # share of games with a winner, halved), each distance to an end in quadrature with the other's opposite one
    avg = stats.field_average(g)[0]
    decided = g["winner"].is_not_null().sum()
    avg_lo, avg_hi = (float(x) / 2 for x in stats.wilson_interval(decided, g.height))
    lo, hi = stats.wilson_interval(got["wins"].to_numpy(), got["games"].to_numpy())
    rate = got["rate"].to_numpy()
    assert got["diff_lo"].to_numpy() == pytest.approx(rate - avg - np.sqrt((rate - lo) ** 2 + (avg_hi - avg) ** 2))
    assert got["diff_hi"].to_numpy() == pytest.approx(rate - avg + np.sqrt((hi - rate) ** 2 + (avg - avg_lo) ** 2))


# --------------------------------------------------------------------------- real sweeps

SMALL = ["sweep", "skirmish", "-f", "kunlun", "-f", "parthians", "-f", "amazons", "-a", "pozzuoli"]


def _sweep(*argv: str) -> None:
    from hoplostat.cli import main

    try:
        main(list(argv))
    except SystemExit as exc:
        assert exc.code in (0, None)


@pytest.fixture(scope="module")
def sweeps(tmp_path_factory):
    """Three factions under random and greedy players (10 games per seat order), a copy of the greedy sweep, the
    same matchups with another round cap, other factions, and a small sweep of each other kind of mode (Onslaught
    twice: greedy and random, tiny)."""
    root = tmp_path_factory.mktemp("rob")
    _sweep(*SMALL, "--games", "10", "--policies", "random", "--out", str(root / "random"))
    _sweep(*SMALL, "--games", "10", "--policies", "greedy", "--seed", "4", "--out", str(root / "greedy"))
    shutil.copytree(root / "greedy", root / "again")
    _sweep(*SMALL, "--games", "2", "--max-rounds", "30", "--out", str(root / "capped"))
    _sweep(*SMALL[:-2], "-f", "lamosians", "-a", "pozzuoli", "--games", "2", "--out", str(root / "four"))
    _sweep("sweep", "onslaught", "-f", "kunlun", "-f", "parthians", "--games", "4", "--out", str(root / "onslaught"))
    _sweep("sweep", "onslaught", "-f", "kunlun", "-f", "parthians", "--games", "3", "--policies", "random", "--out",
           str(root / "onslaught2"))
    _sweep("sweep", "ascension", "-f", "kunlun", "--games", "3", "--out", str(root / "ascension"))
    _sweep("sweep", "pandemonium", "-f", "kunlun", "-f", "parthians", "-f", "amazons", "-f", "lamosians", "--games",
           "3", "--out", str(root / "pandemonium"))
    _sweep("sweep", "alliance", "-f", "kunlun", "-f", "parthians", "-f", "amazons", "-f", "lamosians", "--games", "2",
           "--pods", "3", "--out", str(root / "alliance"))
    return root


@pytest.mark.parametrize("name", ["greedy", "onslaught", "ascension", "pandemonium", "alliance"])
def test_every_kind_counts_what_compare_counts(sweeps, name):
    _, tables = load_tables(sweeps / name)
    an = for_mode(name if name != "greedy" else "skirmish")
    got = rb.subject_verdicts(an, tables).select("key", "games", "wins").sort("key")
    want = an.rates_to_compare(tables).sort("key")
    assert got.to_dicts() == want.to_dicts() and got.height > 0
    cells = rb.game_cells(an, tables)
    assert (cells["counts"] @ cells["wins"]).tolist() == want["wins"].to_list()
    assert cells["n_games"] == tables["games"].height
    if an.coop:  # boss, waves: each group against its own pooled rate
        t = rb.subject_verdicts(an, tables)
        for group in t["group"].unique().to_list():
            s = t.filter(pl.col("group") == group)
            assert set(s["reference"].round(12).to_list()) == {round(s["wins"].sum() / s["games"].sum(), 12)}
        assert set(t["verdict"].to_list()) <= {"easier", "harder", "within"}


def test_the_command_on_random_and_greedy_sweeps(sweeps, capsys, tmp_path):
    d = run_json(capsys, "robustness", str(sweeps / "random"), str(sweeps / "greedy"), "--bootstrap", "200")
    assert d["mode"] == "skirmish" and d["labels"] == ["random", "greedy"] and d["subject"] == "faction"
    assert [s["games"] for s in d["sweeps"]] == [60, 60] and [s["seed"] for s in d["sweeps"]] == [0, 4]
    assert {r["key"] for r in d["table"]} == {"kunlun", "parthians", "amazons"} and len(d["table"]) == 6
    si = d["stand_ins"]
    assert si["chips"] > 0 and 0 <= si["stand_in"] <= si["chips"] and si["share"] == pytest.approx(
        si["stand_in"] / si["chips"])
    (c,) = d["correlations"]
    assert c["subjects"] == 3 and c["replicates"] <= 200
    assert d == run_json(capsys, "robustness", str(sweeps / "random"), str(sweeps / "greedy"), "--bootstrap", "200")
    code, out, err = run_cli(capsys, "robustness", str(sweeps / "random"), str(sweeps / "greedy"), "--plot",
                             str(tmp_path / "r.png"))
    assert code == 0, err
    assert "faction win rates under 2 players" in out and "verdict, greedy" in out and "Spearman" in out
    assert ("No verdict flips" in out) == (not d["flips"])
    for f in d["flips"]:
        assert f["sentence"] in out
    assert "chips in these runs carry stand-in values" in out
    assert (tmp_path / "r.png").stat().st_size > 0


def test_sweeps_of_the_same_players_are_named_by_directory(sweeps, capsys):
    d = run_json(capsys, "robustness", str(sweeps / "greedy"), str(sweeps / "again"), str(sweeps / "random"),
                 "--bootstrap", "20")
    assert d["labels"] == ["greedy", "again", "random"] and len(d["correlations"]) == 3
    same = [c for c in d["correlations"] if {c["a"], c["b"]} == {"greedy", "again"}]
    assert same[0]["spearman"] == pytest.approx(1.0)
    assert not any(set(f["verdicts"]) == {"greedy", "again"} for f in d["flips"])


def test_report_with_a_robustness_section(sweeps, capsys, tmp_path):
    from hoplostat.report import OPTIONAL_SECTIONS

    assert "robustness" in OPTIONAL_SECTIONS
    code, out, err = run_cli(capsys, "report", str(sweeps / "greedy"), "--robustness", str(sweeps / "random"),
                             "--out", str(tmp_path / "rep"))
    assert code == 0, err
    page = (tmp_path / "rep" / "index.html").read_text()
    assert 'id="robustness"' in page and "Verdicts under other players" in page
    assert "Rate under greedy" in page and "Rate under random" in page and "Spearman correlation" in page
    assert "Under other players (random)" in page
    assert (tmp_path / "rep" / "figures" / "robustness.png").stat().st_size > 0


def _one_error(code: int, err: str, *needles: str) -> None:
    assert code == 2 and "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    for n in needles:
        assert n in lines[0], lines[0]


def test_sweeps_that_cannot_be_set_side_by_side_are_one_error_line(sweeps, capsys, tmp_path):
    g = str(sweeps / "greedy")
    code, _, err = run_cli(capsys, "robustness", g, str(sweeps / "onslaught"))
    _one_error(code, err, "robustness:", "a skirmish sweep", "an onslaught sweep")
    code, _, err = run_cli(capsys, "robustness", g, str(sweeps / "four"))
    _one_error(code, err, "robustness:", "not sweeps of the same matchups")
    code, _, err = run_cli(capsys, "robustness", g, str(sweeps / "capped"))
    _one_error(code, err, "robustness:", "differ in max_rounds", "may differ only in --policies")
    code, _, err = run_cli(capsys, "robustness", g, str(tmp_path / "missing"))
    _one_error(code, err, "missing", "no such directory")
    code, _, err = run_cli(capsys, "robustness", g)
    _one_error(code, err, "two sweep directories or more")
    damaged = tmp_path / "damaged"
    shutil.copytree(sweeps / "random", damaged)
    victim = sorted((damaged / "games").glob("*.parquet"))[-1]
    victim.write_bytes(victim.read_bytes()[:100])
    code, _, err = run_cli(capsys, "robustness", g, str(damaged))
    _one_error(code, err, str(victim), "damaged")
    code, _, err = run_cli(capsys, "report", g, "--robustness", str(sweeps / "onslaught"), "--out", str(tmp_path / "r"))
    _one_error(code, err, "robustness:", "onslaught sweep")
    assert not (tmp_path / "r" / "index.html").exists()


# --------------------------------------------------------------------------- review of the command (issue: polish)


def _boss(outcomes: dict[str, list[bool]]) -> dict:
    """Ascension-like tables: the players' games against each titan (solo), won or not."""
    rows = [{"matchup": f"asc/{t}", "game": i, "titan": t, "coop": False, "won": w}
            for t, ws in outcomes.items() for i, w in enumerate(ws)]
    return {"games": pl.DataFrame(rows)}


def test_intervals_stay_within_their_bounds_on_tiny_sweeps():
    """A titan beaten the one time it was faced, against an average of 1 in 7: its difference from the average
    ran to +112 points with the average's symmetric standard error; both intervals of Newcombe's method lie in
    [0, 1], so the difference's lies in [-1, 1] (and an average of 0 or 1 is not taken as exact)."""
    tiny = _boss({"t1": [True], **{f"t{k}": [False] for k in range(2, 7)}, "t7": [False, False]})
    v = rb.subject_verdicts(Boss(), tiny)
    assert v.filter(pl.col("key") == "t1 (solo)")["diff"][0] == pytest.approx(1 - 1 / 8)
    rng = np.random.default_rng(0)
    for case in range(200):  # every small shape: 1-3 games per titan, any outcomes, all won or all lost included
        n = rng.integers(1, 4, size=int(rng.integers(2, 7)))
        p = rng.choice([0.0, 0.5, 1.0, rng.random()])
        t = rb.subject_verdicts(Boss(), _boss({f"t{i}": list(rng.random(k) < p) for i, k in enumerate(n)}))
        assert t["rate_lo"].min() >= 0 and t["rate_hi"].max() <= 1, case
        assert t["diff_lo"].min() >= -1 and t["diff_hi"].max() <= 1, case
        assert (t["diff_lo"] <= t["diff"]).all() and (t["diff"] <= t["diff_hi"]).all(), case
    for seed in range(20):  # two-seat games: a field of a handful of games
        f = rb.subject_verdicts(Versus(), {"games": _games({"f0": 3.0, "f5": -3.0}, 4 + seed % 5, seed)})
        assert f["diff_lo"].min() >= -1 and f["diff_hi"].max() <= 1 and f["rate_hi"].max() <= 1
    # an average known from few games is not exact: a titan at 0 of 1 against a pool of 0 is not "harder"
    none = rb.subject_verdicts(Boss(), _boss({"a": [False], "b": [False], "c": [False]}))
    assert (none["diff_lo"] < 0).all() and set(none["verdict"]) == {"within"}


def test_the_onslaught_sweep_s_intervals_are_bounded(sweeps, capsys):
    d = run_json(capsys, "robustness", str(sweeps / "onslaught"), str(sweeps / "onslaught2"), "--bootstrap", "20")
    for r in d["table"]:
        assert 0 <= r["rate_lo"] <= r["rate"] <= r["rate_hi"] <= 1, r
        assert -1 <= r["diff_lo"] <= r["diff"] <= r["diff_hi"] <= 1, r


def test_a_missing_correlation_says_why():
    g = _games({"f0": 0.6, "f5": -0.6}, 300, seed=20)
    two = g.filter(pl.col("faction_a").is_in(["f0", "f1"]) & pl.col("faction_b").is_in(["f0", "f1"]))
    (row,) = rb.robustness(Versus(), [{"games": two}, {"games": two}], ["x", "y"], bootstrap=10)[
        "correlations"].iter_rows(named=True)
    assert row["spearman"] is None and row["note"].startswith("2 factions in both sweeps, fewer than 3")
    even = pl.DataFrame({"matchup": ["m"] * 3, "game": [0, 1, 2], "titan": ["a", "b", "c"], "coop": False,
                         "won": [False] * 3})
    odd = even.with_columns(pl.Series("won", [True, False, False]))
    (row,) = rb.robustness(Boss(), [{"games": odd}, {"games": even}], ["greedy", "random"], bootstrap=10)[
        "correlations"].iter_rows(named=True)
    assert row["spearman"] is None and row["note"].startswith("rates all equal under random")
    (row,) = rb.robustness(Versus(), [{"games": g}, {"games": g}], ["x", "y"], bootstrap=0)[
        "correlations"].iter_rows(named=True)
    assert row["spearman"] == pytest.approx(1) and row["spearman_lo"] is None and "--bootstrap 0" in row["note"]
    (row,) = rb.robustness(Versus(), [{"games": g}, {"games": g}], ["x", "y"], bootstrap=10)[
        "correlations"].iter_rows(named=True)
    assert row["note"] is None


def test_the_command_prints_why_a_correlation_is_missing(sweeps, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "1000")  # the note on one line (a pipe wraps tables at 100 columns)
    code, out, err = run_cli(capsys, "robustness", str(sweeps / "random"), str(sweeps / "greedy"), "--bootstrap", "0")
    assert code == 0, err
    assert "[-, -]" not in out and "no bootstrap resamples asked for (--bootstrap 0)" in out
    (c,) = run_json(capsys, "robustness", str(sweeps / "random"), str(sweeps / "greedy"), "--bootstrap", "0")[
        "correlations"]
    assert c["note"] and c["spearman_lo"] is None


def test_the_figure_names_each_player_once():
    """A sweep whose verdicts are all "within" (hollow points only) and one with some decided: one legend entry
    each, in the order given."""
    strong = _games({"f2": 1.5}, 2000, seed=21)
    level = _games({}, 30, seed=22)
    r = rb.robustness(Versus(), [{"games": level}, {"games": strong}], ["random", "greedy"], bootstrap=0)
    assert set(r["table"].filter(pl.col("sweep") == "random")["verdict"]) == {"within"}
    from hoplostat.report import robustness_figure

    fig = robustness_figure(r["table"], ["random", "greedy"])
    assert [t.get_text() for t in fig.axes[0].get_legend().get_texts()] == ["random", "greedy"]


def test_one_word_for_a_verdict_in_every_human_output(sweeps, capsys):
    """summarize, robustness and the report print "not distinguishable from average" where --json says "within"
    (the JSON values do not change)."""
    from hoplostat.words import VERDICT_WORDS

    d = run_json(capsys, "robustness", str(sweeps / "random"), str(sweeps / "greedy"), "--bootstrap", "0")
    assert {r["verdict"] for r in d["table"]} <= {"stronger", "weaker", "within"}
    code, rob, _ = run_cli(capsys, "robustness", str(sweeps / "random"), str(sweeps / "greedy"), "--bootstrap", "0")
    code, summ, _ = run_cli(capsys, "summarize", str(sweeps / "random"))
    for verdict in {r["verdict"] for r in d["table"] if r["sweep"] == "random"}:
        assert VERDICT_WORDS[verdict] in rob and VERDICT_WORDS[verdict] in summ
    for text in (rob, summ):
        assert "│ within " not in text and "not distinguishable under" not in text


def test_the_plot_path_is_checked_before_any_work(sweeps, capsys, tmp_path, monkeypatch):
    a, b = str(sweeps / "random"), str(sweeps / "greedy")
    blocker = tmp_path / "a-file"
    blocker.write_text("")

    def no_work(*args, **kwargs):
        raise AssertionError("the analysis ran before the figure's path was checked")

    monkeypatch.setattr(rb, "robustness", no_work)
    code, _, err = run_cli(capsys, "robustness", a, b, "--plot", str(tmp_path / "r.svg"))
    _one_error(code, err, "--plot", "r.svg", ".png")
    code, _, err = run_cli(capsys, "robustness", a, b, "--plot", str(blocker / "r.png"))
    _one_error(code, err, "--plot", "is a file, not a folder")
    monkeypatch.undo()
    code, out, err = run_cli(capsys, "robustness", a, b, "--bootstrap", "0", "--plot", str(tmp_path / "new" / "r.png"))
    assert code == 0, err
    assert (tmp_path / "new" / "r.png").stat().st_size > 0  # a missing folder is made, as everywhere


def test_the_same_sweep_twice_is_refused(sweeps, capsys, tmp_path):
    g = sweeps / "greedy"
    code, _, err = run_cli(capsys, "robustness", str(g), str(g))
    _one_error(code, err, "robustness:", f"{g} is given twice")
    again = g.parent / ".." / g.parent.name / "greedy"  # the same folder by another path
    code, _, err = run_cli(capsys, "robustness", str(g), str(sweeps / "random"), str(again))
    _one_error(code, err, "robustness:", "are the same sweep directory")
    code, _, err = run_cli(capsys, "report", str(g), "--robustness", str(g), "--out", str(tmp_path / "rep"))
    _one_error(code, err, "robustness:", "given twice")
    assert not (tmp_path / "rep").exists()


def test_the_seed_option_says_what_it_seeds():
    import typer

    from hoplostat.cli import app

    cmd = typer.main.get_command(app).commands["robustness"]
    (seed,) = [p for p in cmd.params if p.name == "seed"]
    assert "bootstrap" in seed.help and "plays no games" in seed.help
    assert "--seed, which seeds only this resampling" in " ".join(cmd.help.split())
