"""Run every benchmark module: `python -m bench [NAME ...]` (e.g. `python -m bench dice`)."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path


def main(argv: list[str]) -> None:
    here = Path(__file__).parent
    names = sorted(m.name for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("bench_"))
    wanted = {f"bench_{a}" if not a.startswith("bench_") else a for a in argv}
    for name in names:
        if wanted and name not in wanted:
            continue
        print(f"# {name}", flush=True)
        importlib.import_module(f"bench.{name}").main()


if __name__ == "__main__":
    main(sys.argv[1:])
