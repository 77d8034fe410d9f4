"""The API reference builds with pdoc without a warning (what `make docs` and .ci/run do), and documents
every public name."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _docs_modules() -> list[str]:
    m = re.search(r"^DOCS_MODULES\s*:=\s*(.+)$", (ROOT / "Makefile").read_text(), re.MULTILINE)
    assert m, "Makefile has no DOCS_MODULES"
    return m.group(1).split()


def test_pdoc_builds_without_warnings(tmp_path):
    import hoplostat

    proc = subprocess.run([sys.executable, "-W", "error", "-m", "pdoc", "-o", str(tmp_path), *_docs_modules()],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert not proc.stderr.strip(), f"pdoc printed:\n{proc.stderr}"
    page = (tmp_path / "hoplostat.html").read_text(encoding="utf-8")
    for name in hoplostat.__all__:
        assert f'id="{name}"' in page, f"the reference does not document hoplostat.{name}"
    assert (tmp_path / "hoplostat" / "events.html").is_file()
