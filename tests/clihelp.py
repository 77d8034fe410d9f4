"""Run the CLI in-process and capture stdout, stderr and the exit status."""

from __future__ import annotations

import json

from hoplostat.cli import main


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = 0
    try:
        main(list(argv))
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *argv: str) -> dict:
    code, out, err = run_cli(capsys, *argv, "--json")
    assert code == 0, err
    assert out.count("\n") == 1, "--json prints exactly one line"
    return json.loads(out)
