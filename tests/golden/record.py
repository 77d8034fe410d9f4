"""Record the golden games: seeded games of every mode whose sweep rows and narration digests
must not change when the engine is restructured (tests/test_golden.py).

Run from the repository root: `python tests/golden/record.py`. The fixture `games.json.gz` was
first recorded from the engine before the rule-set plug-in restructuring (commit 84792e2) and is
re-recorded only when a deliberate rule fix changes games (say which in the commit message). The games are
played with the frozen roster of `roster/` (golden_games.ROSTER), not the embedded stand-ins, which may be
re-balanced without touching the fixture.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from golden_games import CASES, golden_catalog, play_case  # noqa: E402


def main() -> None:
    catalog = golden_catalog()
    out = []
    for case in CASES:
        try:
            rec = play_case(catalog, case)
        except Exception as exc:  # a game that crashes today is left out, and said so
            print(f"skipped {case}: {type(exc).__name__}: {exc}", file=sys.stderr)
            continue
        out.append({"case": case, **rec})
    path = HERE / "games.json.gz"
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        json.dump(out, fh, sort_keys=True, separators=(",", ":"))
    print(f"{len(out)} games -> {path}")


if __name__ == "__main__":
    main()
