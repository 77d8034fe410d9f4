"""The one JSON helper every --json command uses: always valid JSON, null where a number is undefined."""

from __future__ import annotations

import json

import numpy as np

from hoplostat.cli import _common


def test_nan_and_infinities_become_null_everywhere(capsys):
    obj = {"rate": float("nan"), "z": [1.5, float("inf"), -np.inf], "n": np.int64(3), "x": np.float64("nan"),
           "nested": ({"a": np.array([0.5, np.nan])},), 7: "key"}
    _common.emit_json(obj)
    out = capsys.readouterr().out
    assert out.endswith("\n") and out.count("\n") == 1

    def refuse(name):
        raise AssertionError(f"not JSON: {name}")
    got = json.loads(out, parse_constant=refuse)
    assert got == {"rate": None, "z": [1.5, None, None], "n": 3, "x": None, "nested": [{"a": [0.5, None]}],
                   "7": "key"}
    assert _common.json_ready(True) is True and _common.json_ready(None) is None
    assert _common.json_ready("nan") == "nan"
