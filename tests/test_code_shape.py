"""The package's shape (issue 46): no module over 800 lines, no function whose body runs over 80 lines unless its
docstring says why in a line starting `Long:`, and `make lint` (ruff, mypy) is what `make test` runs first."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODULES = sorted((ROOT / "hoplostat").rglob("*.py"))
MAX_LINES = 800
MAX_BODY = 80


def long_functions(source: str) -> list[tuple[str, int]]:
    """(name, body lines) of each function or method whose body, after its docstring, runs over MAX_BODY lines
    and whose docstring gives no `Long:` reason."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            doc = ast.get_docstring(node) or ""
            body = node.body[1:] if doc else node.body
            if not body:
                continue
            lines = (node.end_lineno or node.lineno) - body[0].lineno + 1
            if lines > MAX_BODY and not any(line.strip().startswith("Long:") for line in doc.splitlines()):
                out.append((node.name, lines))
    return out


def test_no_module_is_over_800_lines():
    big = {str(p.relative_to(ROOT)): n for p in MODULES if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not big, big


def test_no_function_body_is_over_80_lines_without_a_reason():
    long = {str(p.relative_to(ROOT)): got for p in MODULES if (got := long_functions(p.read_text(encoding="utf-8")))}
    assert not long, long


def test_the_shape_check_finds_a_long_function_and_accepts_a_reason():
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_BODY + 1))
    assert long_functions(f"def f():\n{body}\n") == [("f", MAX_BODY + 1)]
    assert long_functions(f'def f():\n    """Doc.\n\n    Long: a table of cases."""\n{body}\n') == []
    assert long_functions(f"def f():\n{body.rsplit(chr(10), 1)[0]}\n") == []


def test_make_test_runs_the_linters_first():
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "test: lint" in make
    lint = make.split("\nlint:", 1)[1].split("\n\n", 1)[0]
    assert "ruff check hoplostat" in lint and "mypy hoplostat" in lint
