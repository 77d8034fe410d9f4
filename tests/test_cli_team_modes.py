"""`hoplostat play onslaught` and `hoplostat play ascension` through the real app: JSON contract,
narration, same seed same output, bad input -> one `error:` line, exit 2."""

from __future__ import annotations

import pytest

from clihelp import run_cli, run_json


def test_onslaught_json_contract(capsys):
    d = run_json(capsys, "play", "onslaught", "--faction", "kunlun", "--seed", "3", "--max-rounds", "40")
    for key in ("immortals_defeated", "waves", "rounds", "end_reason", "factions", "coop", "troops", "units",
                "capped", "immortal_order", "seed", "outcomes", "stand_ins"):
        assert key in d
    assert d["factions"] == ["kunlun"] and d["coop"] is False and 0 <= d["immortals_defeated"] <= 6
    assert {"immortal_damage", "stone_hp", "crowd_favor"} <= set(d["troops"][0])
    assert "log" not in d
    assert run_json(capsys, "play", "onslaught", "--faction", "kunlun", "--seed", "3", "--max-rounds", "40") == d


def test_onslaught_coop_and_log(capsys):
    d = run_json(capsys, "play", "onslaught", "-f", "kunlun", "-f", "amazons", "--seed", "1", "--max-rounds", "20",
                 "--log")
    assert d["coop"] and d["factions"] == ["kunlun", "amazons"]
    assert d["log"][0].startswith("Set-up: Onslaught") and "-- Round 1, immortal turn" in d["log"]


def test_onslaught_human_output(capsys):
    code, out, err = run_cli(capsys, "play", "onslaught", "--faction", "amazons", "--seed", "2", "--max-rounds", "30")
    assert code == 0, err
    assert "Onslaught on pozzuoli" in out and "immortals defeated" in out and "Waves" in out


def test_ascension_json_contract_and_replay(capsys):
    args = ("play", "ascension", "--titan", "mars", "--faction", "kunlun", "--seed", "2", "--max-rounds", "30")
    d = run_json(capsys, *args)
    for key in ("won", "titan", "titan_hp", "titan_dice", "shards_defeated", "arena_turns", "troops", "units",
                "capped", "outcomes", "stand_ins"):
        assert key in d
    assert d["titan"] == "mars" and d["factions"] == ["kunlun"] and "titan_damage" in d["troops"][0]
    assert d["outcomes"]["a"] == ("won" if d["won"] else ("draw" if d["capped"] else "lost"))
    assert run_json(capsys, *args) == d
    code, out, err = run_cli(capsys, *args)
    assert code == 0 and "Ascension on colosseum against mars" in out and "titan hp" in out


def test_ascension_titan_defaults_from_the_seed(capsys):
    d = run_json(capsys, "play", "ascension", "--faction", "kunlun", "--seed", "5", "--max-rounds", "3")
    assert d["titan"]
    assert d == run_json(capsys, "play", "ascension", "--faction", "kunlun", "--seed", "5", "--max-rounds", "3")


@pytest.mark.parametrize("argv, needle", [
    (["onslaught", "--faction", "nobody"], "unknown faction 'nobody'"),
    (["onslaught", "-f", "kunlun", "-f", "kunlun"], "different factions"),
    (["onslaught", "-f", "kunlun", "--policies", "smart"], "--policies"),
    (["onslaught", "-f", "kunlun", "--max-rounds", "0"], "--max-rounds"),
    (["onslaught", "-f", "kunlun", "--seed", "-1"], "--seed"),
    (["onslaught", "-f", "kunlun", "--arena", "colosseum"], "arena 'colosseum'"),
    (["onslaught", "-f", "kunlun", "--first", "a"], "--first"),
    (["ascension", "-f", "kunlun", "--titan", "zeus"], "zeus"),
    (["ascension", "-f", "kunlun", "-f", "amazons", "-f", "lamosians"], "1 or 2 faction(s)"),
])
def test_bad_input_is_one_error_line(capsys, argv, needle):
    code, out, err = run_cli(capsys, "play", *argv)
    assert code == 2 and out == "", (argv, out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and needle in lines[0], err
