"""Choosing the engine (`--engine auto|native|python`, HOPLOSTAT_ENGINE, docs/native.md): every command that plays
Skirmish uses the native core by default and says which engine played; a game the core cannot play goes to the
Python engine and says why; `--engine native` there is one error line; sweeps record the engine in the manifest
and resume under either, since the games are the same."""

from __future__ import annotations

import json
import textwrap

import numpy as np
import polars as pl
import pytest

from hoplostat.catalog import load
from hoplostat.engine import native
from hoplostat.engine.loop import GameSpec, play
from hoplostat.policies import make
from hoplostat.policies.greedy import GreedyController
from tests.clihelp import run_cli

pytestmark = pytest.mark.skipif(not native.available(), reason="the native core is not built (docs/native.md)")

# A faction chip with a skill the Python engine implements (Naumachia's Guide: extra dice) that the core lacks.
GUIDED_WARRIOR = """
[[unit]]
id = "kunlun/warrior"
name = "Warrior"
kind = "unit"
faction = "kunlun"
classes = ["attacker"]
movement = 2
range = 1
health = 5
attack = "black+blue+yellow"
skills = ["guide"]
provenance = "stand-in"
"""


def _json(capsys, args: list[str]) -> dict:
    code, out, err = run_cli(capsys, *args)
    assert code == 0, err
    return json.loads(out)


def test_play_uses_the_core_by_default_and_plays_the_python_engines_game(capsys):
    a = _json(capsys, ["play", "skirmish", "--seed", "5", "--json", "--log"])
    b = _json(capsys, ["play", "skirmish", "--seed", "5", "--json", "--log", "--engine", "python"])
    assert (a.pop("engine"), b.pop("engine")) == ("native", "python")
    assert a.pop("engine_note") is None and "python" in b.pop("engine_note")
    assert a == b


def test_the_human_output_says_which_engine_played(capsys):
    assert "played by the native core" in run_cli(capsys, "play", "skirmish", "--seed", "2")[1]
    out = run_cli(capsys, "play", "onslaught", "--seed", "2")[1]
    assert "played by the Python engine: the core does not play onslaught" in out


def test_asking_the_core_for_a_game_it_cannot_play_is_one_error_line(capsys):
    code, _out, err = run_cli(capsys, "play", "onslaught", "--seed", "1", "--engine", "native")
    assert code == 2
    assert err.strip() == "error: --engine native: the core does not play onslaught"
    code, _out, err = run_cli(capsys, "play", "skirmish", "--seed", "1", "--engine", "rust")
    assert code == 2 and "allowed values are auto, native, python" in err


def test_a_chip_the_core_cannot_play_sends_the_game_to_python_and_says_why(capsys, tmp_path):
    (tmp_path / "guided.toml").write_text(textwrap.dedent(GUIDED_WARRIOR))
    out = _json(capsys, ["play", "skirmish", "-f", "kunlun,amazons", "--seed", "1", "--json", "--data", str(tmp_path)])
    assert out["engine"] == "python"
    assert out["engine_note"] == "kunlun/warrior has the skill 'guide', which the core does not play"
    code, _out, err = run_cli(capsys, "play", "skirmish", "-f", "kunlun,amazons", "--seed", "1", "--data",
                              str(tmp_path), "--engine", "native")
    assert code == 2 and "kunlun/warrior has the skill 'guide'" in err
    # the other factions' games still go to the core
    assert _json(capsys, ["play", "skirmish", "-f", "lamosians,amazons", "--seed", "1", "--json", "--data",
                          str(tmp_path)])["engine"] == "native"


def test_a_player_of_its_own_goes_to_python():
    """A controller the core does not know (a subclass, a greedy with another stream) is played by Python."""

    class Careful(GreedyController):
        pass

    cat = load((), use_env=False)
    rng = np.random.default_rng(4)
    spec = GameSpec("skirmish", ("kunlun", "amazons"), "pozzuoli")
    res = play(cat, spec, [Careful(rng), make("greedy", rng=rng)], rng=rng)
    assert res.engine == "python" and "Careful" in native.last_fallback
    rng = np.random.default_rng(4)
    res = play(cat, spec, [GreedyController(np.random.default_rng(9)), make("greedy", rng=rng)], rng=rng)
    assert res.engine == "native"  # a greedy with a stream of its own: the core draws its ties from a copy


def test_the_generator_is_left_where_the_python_engine_leaves_it():
    """A caller that plays on with the same generator (the ladder's paired games) gets the same next game."""
    cat = load((), use_env=False)
    spec = GameSpec("skirmish", ("parthians", "vesuvians"), "colosseum")
    states = []
    for engine in ("python", "native"):
        with native.engine_override(engine):
            rng = np.random.default_rng(11)
            ctrls = [make("lookahead:4", rng=rng), make("greedy", rng=rng)]
            play(cat, spec, ctrls, rng=rng)
            states.append((rng.bit_generator.state, rng.bit_generator.seed_seq.n_children_spawned,
                           ctrls[0].greedy.rng.bit_generator.state, ctrls[0]._search.bit_generator.state,
                           ctrls[0].searched))
    assert states[0] == states[1]


def test_a_sweep_records_its_engine_and_resumes_under_the_other(capsys, tmp_path):
    out = tmp_path / "sw"
    args = ["sweep", "skirmish", "-f", "kunlun", "-f", "amazons", "-f", "parthians", "--games", "6", "--seed", "2",
            "--out", str(out)]
    code, said, err = run_cli(capsys, *args, "--engine", "python")
    assert code == 0, err
    assert "played by the Python engine" in said
    plan = json.loads((out / "manifest.json").read_text())["engine"]
    assert plan == {"asked": "python", "played_by": "python", "python_matchups": 12, "why": "--engine python"}
    code, _said, err = run_cli(capsys, *args[:-5], "12", "--seed", "2", "--out", str(out), "--resume")  # six more
    assert code == 0, err
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["engine"]["played_by"] == "native" and "engine" not in manifest["config"]
    whole = tmp_path / "whole"
    code, _said, err = run_cli(capsys, *args[:-5], "12", "--seed", "2", "--out", str(whole), "--engine", "python")
    assert code == 0, err
    key = ["matchup", "game"]
    mixed = pl.read_parquet(out / "games" / "*.parquet").drop("_chunk").sort(key)  # `_chunk`: the file it came from
    python = pl.read_parquet(whole / "games" / "*.parquet").drop("_chunk").sort(key)
    assert mixed.height == 12 * 12 and mixed.equals(python)


def test_a_native_sweep_of_a_mode_the_core_does_not_play_is_refused_before_any_game(capsys, tmp_path):
    code, _out, err = run_cli(capsys, "sweep", "onslaught", "--games", "2", "--out", str(tmp_path / "o"), "--engine",
                              "native")
    assert code == 2
    assert "--engine native" in err and "onslaught" in err
    assert not (tmp_path / "o" / "games").exists() or not any((tmp_path / "o" / "games").iterdir())


def test_a_panic_in_the_core_is_a_python_exception_naming_the_game_and_its_seed():
    """No panic crosses into Python: the core raises RuntimeError with the factions, arena, seed and where."""
    from hoplostat.engine.loop import mode_class

    cat = load((), use_env=False)
    rng = np.random.default_rng(123)
    spec = mode_class("skirmish").validate(cat, GameSpec("skirmish", ("kunlun", "amazons"), "pozzuoli"))
    game = list(native._game_args(spec, rng, [make("greedy", rng=rng), make("greedy", rng=rng)]))
    game[0] = (*game[0][:3], 7, *game[0][4:])  # seat 7 of two: a bug's worth of bad input
    with pytest.raises(RuntimeError, match=r"native core panicked \(skirmish kunlun v amazons on pozzuoli, seed 123\)"
                                           r".*\(at core/src/"):
        native.module().play(native.export_catalog(cat), [tuple(game)])


def test_only_the_skirmish_class_itself_is_played_by_the_core():
    """The mode says where the core plays it (`Mode.core_arenas`): Skirmish on both arenas, and not a mode built on
    it (the toy mode of the tests changes a rule the core does not know), nor any other mode."""
    import toymode  # noqa: F401  (registers the toy mode)
    from hoplostat.engine.loop import mode_class, modes

    assert native.core_arenas("skirmish") == ("pozzuoli", "colosseum")
    assert native.core_arenas("test-sudden-death") == ()
    assert all(native.core_arenas(m) == () for m in modes() if m != "skirmish")
    cat = load((), use_env=False)
    rng = np.random.default_rng(4)
    spec = mode_class("test-sudden-death").validate(cat, GameSpec("test-sudden-death", ("kunlun", "amazons"),
                                                                  "pozzuoli"))
    why = native.unsupported(cat, spec, [make("greedy", rng=rng)] * 2, rng, None)
    assert why == "the core does not play test-sudden-death"


def test_the_bridge_imports_no_player_and_no_mode():
    """`engine/native.py` asks the players (`core_player`) and the mode (`core_arenas`) what the core plays: it
    imports neither (the engine sits below both)."""
    import inspect
    import re

    source = inspect.getsource(native)
    imports = re.findall(r"^\s*(?:from|import)\s+(hoplostat\.[\w.]+)", source, re.MULTILINE)
    assert imports, "the pattern no longer finds the module's imports"
    assert not [m for m in imports if m.startswith(("hoplostat.policies", "hoplostat.rulesets"))]
