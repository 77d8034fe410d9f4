"""`hoplostat compare A B`: the change between two sweeps, with Newcombe intervals and Holm's correction. A known
difference is found; two samples of one configuration show a significant difference no more often than the
nominal 5%; the command and the report section work on real sweeps."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl
import pytest
from clihelp import run_cli, run_json

from hoplostat import stats
from hoplostat.analysis import Versus

FACTIONS = ("f0", "f1", "f2", "f3", "f4", "f5")
KUNLUN = Path(__file__).resolve().parents[1] / "data" / "remastered" / "factions" / "kunlun.toml"


def _games(strength: dict[str, float], n: int, rng: np.random.Generator) -> pl.DataFrame:
    """Round-robin games; P(a wins) from the two factions' strengths (Bradley-Terry), 5% draws."""
    pairs = [(a, b) for i, a in enumerate(FACTIONS) for b in FACTIONS[i + 1:]]
    rows = []
    for g in range(n):
        a, b = pairs[g % len(pairs)]
        p = 1 / (1 + np.exp(strength.get(b, 0.0) - strength.get(a, 0.0)))
        u = rng.random()
        w = None if u < 0.05 else ("a" if rng.random() < p else "b")
        rows.append({"matchup": f"m/{a}/{b}", "arena": "pozzuoli", "game": g, "rounds": 9, "faction_a": a,
                     "faction_b": b, "first": "a", "winner": w, "a_damage_dealt": 0, "b_damage_dealt": 0,
                     "a_kills": 0, "b_kills": 0, "a_crowd_favor": 0, "b_crowd_favor": 0})
    return pl.DataFrame(rows)


def _compare(a: pl.DataFrame, b: pl.DataFrame) -> pl.DataFrame:
    return stats.compare_rates(Versus().rates_to_compare({"games": a}),
                               Versus().rates_to_compare({"games": b}))


def test_holm_by_hand():
    assert stats.holm([0.01, 0.04, 0.03]).tolist() == pytest.approx([0.03, 0.06, 0.06])
    assert stats.holm([0.5, 0.001]).tolist() == pytest.approx([0.5, 0.002])
    assert stats.holm([0.9, 0.8]).tolist() == pytest.approx([1.0, 1.0])  # 2 x 0.8 capped at 1; monotone


def test_a_known_difference_is_found_and_measured():
    rng = np.random.default_rng(1)
    a = _games({}, 6000, rng)
    b = _games({"f2": 0.8}, 6000, rng)  # f2 made stronger: wins more, the others a little less
    t = _compare(a, b)
    by = {r["key"]: r for r in t.iter_rows(named=True)}
    assert by["f2"]["significant"] and by["f2"]["diff"] > 0.1
    assert by["f2"]["diff_lo"] < by["f2"]["diff"] < by["f2"]["diff_hi"]
    # the difference of the rates, counted by hand
    for key, r in by.items():
        rate = {}
        for name, g in (("a", a), ("b", b)):
            mine = g.filter((pl.col("faction_a") == key) | (pl.col("faction_b") == key))
            wins = mine.filter(((pl.col("faction_a") == key) & (pl.col("winner") == "a"))
                               | ((pl.col("faction_b") == key) & (pl.col("winner") == "b"))).height
            rate[name] = wins / mine.height
        assert r["diff"] == pytest.approx(rate["b"] - rate["a"])
    assert all(r["diff"] < 0 for k, r in by.items() if k != "f2" and r["significant"])  # the others only lose


def test_two_samples_of_one_configuration_differ_no_more_often_than_nominal():
    """200 pairs of sweeps of the same strengths: the share of pairs with any significant difference (after
    Holm over the six factions) stays within the 5% family-wise rate plus three standard errors."""
    rng = np.random.default_rng(7)
    strengths = {"f0": 0.4, "f3": -0.3}
    hits = 0
    reps = 200
    for _ in range(reps):
        t = _compare(_games(strengths, 600, rng), _games(strengths, 600, rng))
        hits += bool(t["significant"].any())
    assert hits / reps <= 0.05 + 3 * np.sqrt(0.05 * 0.95 / reps)


def test_newcombe_interval_covers_the_true_difference_at_its_nominal_rate():
    rng = np.random.default_rng(3)
    covered = 0
    reps = 400
    for _ in range(reps):
        xa, xb = rng.binomial(300, 0.4), rng.binomial(300, 0.5)
        a = pl.DataFrame({"key": ["x"], "games": [300], "wins": [int(xa)]})
        b = pl.DataFrame({"key": ["x"], "games": [300], "wins": [int(xb)]})
        r = stats.compare_rates(a, b).row(0, named=True)
        covered += r["diff_lo"] <= 0.1 <= r["diff_hi"]
    assert abs(covered / reps - 0.95) <= 3 * np.sqrt(0.95 * 0.05 / reps)


@pytest.fixture(scope="module")
def sweeps(tmp_path_factory):
    """The same matchups twice: the embedded catalog (A), and an overlay that gives Kunlun's units 5 HP more (B)."""
    from hoplostat.cli import main

    root = tmp_path_factory.mktemp("cmp")
    overlay = root / "overlay"
    overlay.mkdir()
    text = KUNLUN.read_text().replace("health = 4\n", "health = 9\n").replace("health = 3\n", "health = 8\n")
    (overlay / "kunlun.toml").write_text(text)
    base = ["sweep", "skirmish", "-f", "kunlun", "-f", "amazons", "-f", "lamosians", "-a", "pozzuoli", "--games", "40",
            "--seed", "1"]
    for name, extra in (("a", []), ("b", ["--data", str(overlay)]), ("other", ["-f", "parthians"])):
        try:
            main([*base, *extra, "--out", str(root / name)])
        except SystemExit as exc:
            assert exc.code in (0, None)
    return root


def test_compare_command_finds_the_overlays_effect(sweeps, capsys):
    d = run_json(capsys, "compare", str(sweeps / "a"), str(sweeps / "b"))
    by = {r["key"]: r for r in d["table"]}
    assert d["mode"] == "skirmish" and d["games_a"] == d["games_b"] == 240
    assert by["kunlun"]["significant"] and by["kunlun"]["diff"] > 0.2
    code, text, err = run_cli(capsys, "compare", str(sweeps / "a"), str(sweeps / "b"))
    assert code == 0 and "Holm-corrected over 3" in text and "kunlun" in text


def test_compare_refuses_sweeps_of_other_matchups_or_modes(sweeps, capsys, tmp_path):
    code, _, err = run_cli(capsys, "compare", str(sweeps / "a"), str(sweeps / "other"))
    assert code == 2 and err.startswith("error: compare:") and "not sweeps of the same matchups" in err
    assert err.count("\n") == 1
    code, _, err = run_cli(capsys, "compare", str(sweeps / "a"), str(tmp_path))
    assert code == 2 and "not a sweep result directory" in err


def test_report_with_a_comparison_section(sweeps, capsys, tmp_path):
    code, out, err = run_cli(capsys, "report", str(sweeps / "b"), "--compare", str(sweeps / "a"), "--out",
                             str(tmp_path / "rep"))
    assert code == 0, err
    page = (tmp_path / "rep" / "index.html").read_text()
    assert 'id="compare"' in page and "Change against another sweep" in page and "kunlun +" in page
    assert (tmp_path / "rep" / "figures" / "compare.png").stat().st_size > 0
    code, _, err = run_cli(capsys, "compare", str(sweeps / "a"), str(sweeps / "b"), "--plot", str(tmp_path / "c.png"))
    assert code == 0 and (tmp_path / "c.png").stat().st_size > 0


def test_the_api_compare_is_the_command_s_table(sweeps, capsys):
    import hoplostat as hs

    frame = hs.compare(sweeps / "a", hs.load_sweep(sweeps / "b"))
    d = run_json(capsys, "compare", str(sweeps / "a"), str(sweeps / "b"))
    assert frame.to_dicts() == d["table"]


def test_the_plot_path_is_checked_before_any_work(sweeps, capsys, tmp_path, monkeypatch):
    def no_work(*args, **kwargs):
        raise AssertionError("the comparison ran before the figure's path was checked")

    monkeypatch.setattr(stats, "compare_rates", no_work)
    code, _, err = run_cli(capsys, "compare", str(sweeps / "a"), str(sweeps / "b"), "--plot", str(tmp_path / "c.jpg"))
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("error: --plot") and "c.jpg" in err and ".png" in err
    (tmp_path / "f").write_text("")
    code, _, err = run_cli(capsys, "compare", str(sweeps / "a"), str(sweeps / "b"), "--plot",
                           str(tmp_path / "f" / "c.png"))
    assert code == 2 and err.startswith("error: --plot") and "is a file, not a folder" in err
    monkeypatch.undo()
    code, _, err = run_cli(capsys, "compare", str(sweeps / "a"), str(sweeps / "b"), "--plot",
                           str(tmp_path / "new" / "c.png"))
    assert code == 0, err
    assert (tmp_path / "new" / "c.png").stat().st_size > 0  # a missing folder is made before the work


def test_the_same_sweep_twice_is_refused(sweeps, capsys, tmp_path):
    a = sweeps / "a"
    code, _, err = run_cli(capsys, "compare", str(a), str(a))
    assert code == 2 and err == f"error: compare: {a} is given twice (a sweep set beside itself shows nothing); give " \
                                "different sweeps of the same matchups\n"
    code, _, err = run_cli(capsys, "report", str(a), "--compare", str(a.parent / ".." / a.parent.name / "a"), "--out",
                           str(tmp_path / "rep"))
    assert code == 2 and err.startswith("error: compare:") and "are the same sweep directory" in err
    assert not (tmp_path / "rep").exists()


def test_the_refusals_read_as_english():
    """`an onslaught sweep`, `1 matchup only in A`."""
    from hoplostat.comparison import check_same_sweeps
    from hoplostat.errors import InputError

    def sweep(mode, *matchups):
        return {"config": {"mode": mode}}, {"games": pl.LazyFrame({"matchup": list(matchups)})}

    with pytest.raises(InputError) as err:
        check_same_sweeps(Path("x"), Path("y"), sweep("skirmish", "m"), sweep("onslaught", "m"))
    assert str(err.value) == "compare: x is a skirmish sweep and y an onslaught sweep; give sweeps of one mode"
    with pytest.raises(InputError) as err:
        check_same_sweeps(Path("x"), Path("y"), sweep("skirmish", "m1", "m2"), sweep("skirmish", "m1"))
    assert "(1 matchup only in A, 0 only in B, e.g. m2)" in str(err.value)
    with pytest.raises(InputError) as err:
        check_same_sweeps(Path("x"), Path("y"), sweep("skirmish", "m1", "m2", "m3"), sweep("skirmish", "m9"))
    assert "(3 matchups only in A, 1 only in B, e.g. m1)" in str(err.value)
