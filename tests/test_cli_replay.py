"""`hoplostat replay DIR GAME`: a sweep's game narrated from its row alone, in every kind of mode (two
seats, solo against the immortals, against a titan, three and four players, two teams), checked against
the row; bad input is one `error:` line with exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from clihelp import run_cli, run_json
from hoplostat import api
from hoplostat import sweep as sw

SWEEPS = {
    "skirmish": ["-f", "kunlun", "-f", "amazons", "-a", "pozzuoli", "--max-rounds", "12"],
    "onslaught": ["-f", "kunlun", "--no-coop", "--max-rounds", "10"],
    "ascension": ["-f", "kunlun", "-t", "mars", "--no-coop", "--max-rounds", "8"],
    "pandemonium": ["--players", "4", "--pods", "1", "--max-rounds", "8"],
    "alliance": ["--pods", "1", "--max-rounds", "8"],
}


@pytest.fixture(scope="module")
def sweeps(tmp_path_factory) -> dict[str, Path]:
    from hoplostat.cli import main
    from hoplostat.engine.loop import mode_class
    from hoplostat.engine.mode import COMPETITIVE

    root = tmp_path_factory.mktemp("replay")
    out = {}
    for mode, flags in SWEEPS.items():
        out[mode] = root / mode
        try:
            # two players where seats have their own (competitive modes); one for a solo or co-op team
            pols = "greedy,random" if mode_class(mode).analysis in COMPETITIVE else "greedy"
            main(["sweep", mode, *flags, "-n", "3", "--seed", "4", "--policies", pols, "--out", str(out[mode])])
        except SystemExit as exc:
            assert exc.code in (0, None)
    return out


def _rows(directory: Path) -> pl.DataFrame:
    return sw.load_results(directory)[1]


@pytest.mark.parametrize("mode", list(SWEEPS))
def test_replay_plays_the_rows_game(mode, sweeps, capsys):
    games = _rows(sweeps[mode])
    row = games.row(games.height - 1, named=True)  # the last matchup's last game: seat b first in skirmish
    argv = ["replay", str(sweeps[mode]), str(row["game"])]
    if games["matchup"].n_unique() > 1:
        argv += ["--matchup", row["matchup"]]
    out = run_json(capsys, *argv)
    assert out["mode"] == mode and out["seed"] == row["game_seed"]
    assert (out["rounds"], out["end_reason"]) == (row["rounds"], row["end_reason"])
    assert out["log"], "replay narrates the game"
    seats = [row["faction_a"], row.get("faction_b"), row.get("faction_c"), row.get("faction_d")]
    assert out["factions"] == [f for f in seats if f]
    assert out["replay"] == {"sweep": str(sweeps[mode]), "matchup": row["matchup"], "game": row["game"],
                             "game_seed": row["game_seed"], "rounds": row["rounds"], "end_reason": row["end_reason"]}
    # the same code path as `hoplostat play`: the same game, log and all
    cfg = sw.read_manifest(sweeps[mode])["config"]
    from hoplostat.cli.replay import game_setup

    m, first, factions, arena, titan, pols, max_rounds = game_setup(row, cfg)
    game = api.play(m, factions, arena=arena, titan=titan or None, policies=pols, seed=row["game_seed"],
                    first=first, max_rounds=max_rounds, log=True)
    assert out["log"] == game.log


def test_replay_by_game_seed_and_human_output(sweeps, capsys):
    games = _rows(sweeps["skirmish"])
    row = games.filter(pl.col("first") == "b").row(1, named=True)
    code, out, err = run_cli(capsys, "replay", str(sweeps["skirmish"]), "--game-seed", str(row["game_seed"]))
    assert code == 0, err
    assert out.startswith("Set-up:")
    assert f"seed {row['game_seed']}; b played first" in out
    last = out.strip().splitlines()[-1]
    assert last.startswith(f"game {row['game']} of {row['matchup']} in {sweeps['skirmish']}: same rounds")
    assert "--first b" in last and f"--seed {row['game_seed']}" in last and "--policies greedy,random" in last
    by_index = run_json(capsys, "replay", str(sweeps["skirmish"]), str(row["game"]), "-m", row["matchup"])
    assert by_index["log"] == [line for line in out.splitlines()][: len(by_index["log"])]


def _one_error(code, out, err, *needles):
    assert code == 2, (out, err)
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    for n in needles:
        assert n in lines[0], lines[0]
    assert out == ""


def test_replay_bad_input(sweeps, tmp_path, capsys):
    d = str(sweeps["skirmish"])
    key = _rows(sweeps["skirmish"])["matchup"][0]
    _one_error(*run_cli(capsys, "replay", str(tmp_path / "nowhere"), "1"), "nowhere", "no such directory")
    _one_error(*run_cli(capsys, "replay", d, "1"), "--matchup", "2 matchups", key.rsplit("/", 1)[0])
    _one_error(*run_cli(capsys, "replay", d, "99", "--matchup", key), "no game 99", key, "0 to 2")
    _one_error(*run_cli(capsys, "replay", d, "1", "--matchup", key[:-3]), "no such matchup", "did you mean")
    _one_error(*run_cli(capsys, "replay", d, "--game-seed", "5"), "no game with game_seed 5")
    _one_error(*run_cli(capsys, "replay", d, "1", "--game-seed", "5"), "--game-seed", "leave out GAME")
    _one_error(*run_cli(capsys, "replay", d), "name the game")
    _one_error(*run_cli(capsys, "replay", d, "-1"), "-1")


def _copy(src: Path, dst: Path) -> Path:
    import shutil

    shutil.copytree(src, dst)
    return dst


def test_replay_damaged_manifest(sweeps, tmp_path, capsys):
    for text in ("{not json", "[]", '{"config": {}}'):
        d = _copy(sweeps["onslaught"], tmp_path / f"d{len(text)}")
        (d / "manifest.json").write_text(text)
        _one_error(*run_cli(capsys, "replay", str(d), "0"), "manifest")


def test_replay_refuses_a_changed_catalog(sweeps, tmp_path, capsys):
    d = _copy(sweeps["onslaught"], tmp_path / "d")
    manifest = json.loads((d / "manifest.json").read_text())
    manifest["catalog_hash"] = "0" * 64
    (d / "manifest.json").write_text(json.dumps(manifest))
    _one_error(*run_cli(capsys, "replay", str(d), "0"), "catalog changed", "000000000000")


def test_replay_refuses_a_row_it_does_not_reproduce(sweeps, tmp_path, capsys):
    d = _copy(sweeps["onslaught"], tmp_path / "d")
    chunk = sorted((d / "games").glob("*.parquet"))[0]
    frame = pl.read_parquet(chunk)
    frame.with_columns(pl.when(pl.col("game") == 1).then(pl.col("rounds") + 1).otherwise(pl.col("rounds"))
                       .alias("rounds")).write_parquet(chunk)
    _one_error(*run_cli(capsys, "replay", str(d), "1"), "replays differently", "rules changed")
    code, _, err = run_cli(capsys, "replay", str(d), "0")
    assert code == 0, err
