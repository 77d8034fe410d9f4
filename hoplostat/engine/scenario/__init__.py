"""Scenario files: a small TOML position (arena, troops, units, whose turn, forced dice) played
through the engine's own step functions, so a player can check a ruling on one position.

    scen = load_scenario("docs/scenarios/engage-example.toml", catalog)
    out = run_scenario(scen)          # plain dict: units, troops, supply, rolls, log, winner

The format is documented in docs/scenarios.md. `load_scenario` validates everything and
raises `InputError` naming the file, the table and the field (`load`); `run_scenario` builds a
`GameState`, has the mode seat it in its own state (`Mode.scenario_state`), plays the requested
steps with the mode's own turn (`Mode.turn_of`; nothing of the rules is re-implemented here) and
reports the resulting state (`play`, `result`). Any registered mode may be named; what differs
between modes (their steps, arenas, crowd favor, set-up) is asked of the mode class.
Problems found while playing (a scripted choice that is not legal at that moment, a
forced roll with more hits than dice, dice or script entries left over) are also
`InputError`s: they are mistakes in the scenario file.
"""

from hoplostat.engine.scenario.choices import PassController, ScenarioRoller, ScriptController, describe_option
from hoplostat.engine.scenario.load import load_scenario, loads_scenario
from hoplostat.engine.scenario.model import Scenario, ScriptEntry, TroopSpec, UnitSpec
from hoplostat.engine.scenario.play import build_game, make_mode, run_scenario
from hoplostat.engine.scenario.result import state_dict
from hoplostat.engine.scenario.tables import parse_hex

__all__ = [
    "PassController", "Scenario", "ScenarioRoller", "ScriptController", "ScriptEntry", "TroopSpec", "UnitSpec",
    "build_game", "describe_option", "load_scenario", "loads_scenario", "make_mode", "parse_hex", "run_scenario",
    "state_dict",
]
