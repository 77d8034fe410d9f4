"""The notebooks run clean and hold no logic (DESIGN.md: "notebooks/: exploration
notebooks that import hoplostat; no logic in them").

Each notebook is executed with nbclient in a kernel started from the interpreter
running the tests (ipykernel's native spec, so no installed kernelspec is
needed or consulted) and with its working directory in a tmp path, so nothing
is written into the repository.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
NAMES = ("odds.ipynb", "duels.ipynb", "faction-sweep.ipynb", "onslaught.ipynb", "ascension.ipynb")


def _read(name: str):
    return nbformat.read(NOTEBOOKS / name, as_version=4)


def _code_cells(nb):
    return [c for c in nb.cells if c.cell_type == "code"]


@pytest.mark.parametrize("name", NAMES)
def test_notebook_is_stored_clean_and_has_no_logic(name):
    nb = _read(name)
    nbformat.validate(nb)
    assert nb.metadata.kernelspec.name == "python3"
    assert any(c.cell_type == "markdown" for c in nb.cells), f"{name}: no story (markdown cells)"
    cells = _code_cells(nb)
    assert cells, f"{name}: no code cells"
    for i, cell in enumerate(cells):
        assert not cell.outputs and cell.execution_count is None, f"{name}: code cell {i} stored with outputs"
        for word in ("def ", "class "):
            assert word not in cell.source, f"{name}: code cell {i} contains {word!r}; logic belongs in hoplostat"
    first = nb.cells[0]
    assert first.cell_type == "markdown" and "?" in first.source.split("\n\n")[0] + first.source[:600], \
        f"{name}: does not open with the question it answers"
    assert re.search(r"^(from|import) hoplostat", "\n".join(c.source for c in cells), re.MULTILINE), \
        f"{name}: does not import hoplostat"


@pytest.mark.parametrize("name", NAMES)
def test_notebook_runs_clean(name, tmp_path):
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import KernelManager
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    nb = _read(name)
    # kernel_dirs=[]: only ipykernel's native "python3" spec, which runs sys.executable (this venv).
    km = KernelManager(kernel_name="python3", kernel_spec_manager=KernelSpecManager(kernel_dirs=[]))
    client = NotebookClient(nb, km=km, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(tmp_path)}})
    import time

    start = time.perf_counter()
    try:
        client.execute()
    except CellExecutionError as exc:
        pytest.fail(f"{name} raised in a cell:\n{exc}")
    took = time.perf_counter() - start
    assert took < 60, f"{name} took {took:.0f} s; notebooks must stay small enough for CI (aim: well under 30 s)"
    for i, cell in enumerate(_code_cells(nb)):
        for out in cell.outputs:
            assert out.output_type != "error", f"{name}: code cell {i}: {out.ename}: {out.evalue}"
            if out.output_type == "stream" and out.name == "stderr":
                assert not re.search(r"Warning|Traceback|Error", out.text), f"{name}: code cell {i} stderr:\n{out.text}"
    assert list((tmp_path).iterdir()) == [], f"{name} left files in its working directory"
