"""`hoplostat ladder` and `hoplostat.ladder` (issue 14): pairings, seat swaps on shared set-ups, the same
seeds for every solo player, the score table, reproducibility whatever --jobs, and bad input."""

from __future__ import annotations

import json

import pytest
from clihelp import run_cli

from hoplostat.ladder import LadderConfig, ladder_table, run_ladder


def test_competitive_pairs_swap_seats_on_the_same_set_up():
    cfg = LadderConfig("skirmish", ("random", "greedy", "lookahead:1"), games=3, seed=4, max_rounds=6)
    assert cfg.pairings() == [("random", "greedy"), ("random", "lookahead:1"), ("greedy", "lookahead:1")]
    assert cfg.games_per_pairing() == 4  # made even: every set-up with the seats both ways
    games = run_ladder(cfg)
    assert games.height == 12
    for _, pair in games.group_by("pairing", maintain_order=True):
        rows = pair.sort("game").to_dicts()
        for a, b in zip(rows[0::2], rows[1::2]):
            assert (a["p_seat"], b["p_seat"]) == ("a", "b")
            assert (a["factions"], a["arena"]) == (b["factions"], b["arena"])
    # arenas alternate between set-ups
    assert set(games["arena"]) == {"pozzuoli", "colosseum"}


def test_the_table_scores_wins_and_half_the_draws():
    cfg = LadderConfig("skirmish", ("random", "greedy"), games=10, seed=1, max_rounds=8)
    games = run_ladder(cfg)
    t = ladder_table(games).to_dicts()
    (row,) = t
    assert row["games"] == 10 and row["wins"] + row["draws"] + row["losses"] == 10
    assert row["score"] == pytest.approx((row["wins"] + 0.5 * row["draws"]) / 10)
    assert row["score_lo"] <= row["score"] <= row["score_hi"]
    assert row["score"] == pytest.approx(games["score"].mean())


def test_greedy_beats_random_on_the_ladder():
    """The ladder orders players that are far apart: greedy against random scores well above half."""
    cfg = LadderConfig("skirmish", ("random", "greedy"), games=12, seed=2)
    (row,) = ladder_table(run_ladder(cfg)).to_dicts()
    assert row["score"] <= 0.2


def test_solo_players_face_the_same_set_ups():
    cfg = LadderConfig("onslaught", ("random", "greedy"), games=3, seed=5, max_rounds=10)
    assert not cfg.competitive() and cfg.pairings() == [("random",), ("greedy",)]
    games = run_ladder(cfg)
    by = {p: g.sort("game") for (p,), g in games.group_by("p")}
    assert by["random"]["factions"].to_list() == by["greedy"]["factions"].to_list()
    t = ladder_table(games)
    assert "immortals_defeated" in t.columns


def test_a_ladder_is_the_same_whatever_jobs():
    cfg = LadderConfig("skirmish", ("random", "greedy"), games=4, seed=9, max_rounds=6)
    one = run_ladder(cfg, jobs=1, chunk=1)
    two = run_ladder(cfg, jobs=2, chunk=1)
    assert one.to_dicts() == two.to_dicts()


def test_the_command_prints_json_with_the_stand_in_share_and_draws_its_figure(capsys, tmp_path):
    fig = tmp_path / "ladder.png"
    code, out, err = run_cli(capsys, "ladder", "skirmish", "--policies", "random,greedy", "--games", "2",
                             "--max-rounds", "5", "--json", "--plot", str(fig))
    assert code == 0, err
    doc = json.loads(out)
    assert doc["stand_ins"]["chips"] > 0 and "share" in doc["stand_ins"]
    assert doc["table"][0]["p"] == "random" and doc["table"][0]["games"] == 2
    assert fig.stat().st_size > 1000


@pytest.mark.parametrize("args, what", [
    (["--policies", "greedy"], "--policies"),
    (["--policies", "greedy,greedy"], "--policies"),
    (["--arena", "moon"], "--arena"),
    (["--games", "0"], "--games"),
    (["--faction", "nobody"], "nobody"),
    (["--plot", "/proc/nowhere/x.png"], "--plot"),
])
def test_bad_input_is_one_error_line(capsys, args, what):
    code, out, err = run_cli(capsys, "ladder", "skirmish", *args)
    lines = [x for x in err.splitlines() if x.strip()]
    assert code == 2 and len(lines) == 1 and lines[0].startswith("error:") and what in lines[0], err


def test_mirror_only_for_two_player_modes(capsys):
    code, out, err = run_cli(capsys, "ladder", "onslaught", "--mirror", "--games", "1")
    assert code == 2 and err.startswith("error: --mirror")


def test_titans_are_faced_in_turn_and_reported_per_titan():
    from hoplostat.ladder import ladder_by_titan

    cfg = LadderConfig("ascension", ("random", "greedy"), games=4, seed=3, titans=("mars", "shaghad"), max_rounds=8)
    games = run_ladder(cfg)
    counts = games.group_by("p", "titan").len().sort("p", "titan")
    assert counts["len"].to_list() == [2, 2, 2, 2]
    per = ladder_by_titan(games)
    assert per.height == 4 and per["titan"].to_list() == ["mars", "mars", "shaghad", "shaghad"]
    assert per["p"].to_list() == ["random", "greedy", "random", "greedy"]
    assert ladder_by_titan(run_ladder(LadderConfig("skirmish", ("random", "greedy"), games=2, max_rounds=3))) is None


def test_every_ladder_line_of_the_readme_runs(capsys, tmp_path):
    """The README's `hoplostat ladder` examples, with 2 games each and plots under tmp_path."""
    import re
    import shlex
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    lines = [ln.split("#")[0].strip() for ln in text.splitlines() if ln.startswith("hoplostat ladder")]
    assert len(lines) >= 3
    for line in lines:
        line = re.sub(r"--games \d+", "--games 2", line)
        line = re.sub(r"--jobs \d+", "--jobs 1", line)
        args = shlex.split(line)[1:]
        args = [str(tmp_path / Path(a).name) if a.endswith(".png") else a for a in args]
        code, out, err = run_cli(capsys, *args)
        assert code == 0, (line, err)


def test_a_mode_whose_catalog_names_fewer_factions_than_seats_draws_them_itself(capsys):
    """Rise of Rome 2x2 (ROR-87): the Rise of Rome catalog names two cities, the mode draws four of all five
    (`Mode.default_spec`, as `play` does) and plays them with the mode's catalog (`Mode.catalog_of`); the command
    once refused it ("needs 4 different factions (or --mirror)", and --mirror was refused too)."""
    cfg = LadderConfig("rise-of-rome-2x2", ("random", "greedy"), games=2, seed=3, max_rounds=4)
    games = run_ladder(cfg)
    assert games.height == 2
    for factions in games["factions"].to_list():
        assert len(set(factions.split(","))) == 4
    code, out, err = run_cli(capsys, "ladder", "rise-of-rome-2x2", "--games", "2", "--policies", "random,greedy",
                             "--max-rounds", "4")
    assert code == 0 and "Policy ladder" in out, err


def test_a_mode_played_solo_by_default_is_compared_head_to_head():
    """Condemned and Naumachia play solo against a rival by default (`--players 1`) but are competitive: the
    ladder seats both players in every game (two factions, the seats swapped in the pair), so each game is one
    player against the other. It once seated only the first player of each game against the rival, so the
    pair's second game counted as a loss for a player who was not in it."""
    cfg = LadderConfig("condemned", ("random", "greedy"), games=4, seed=49, max_rounds=8)
    games = run_ladder(cfg)
    assert games.height == 4
    for row in games.to_dicts():
        assert len(row["factions"].split(",")) == 2
    assert games["p_seat"].to_list() == ["a", "b", "a", "b"]
    assert games["factions"][0] == games["factions"][1]
