"""Build hook: compile the engine's optional C search (`hoplostat/engine/_hexfast.c`) when a C compiler is at hand.

The package is pure Python without it (`hoplostat.engine.hexgrid` falls back to its own search, the same
results), so a failed compile is a warning, never a failed install: `pip install` keeps working from source
on a machine with no compiler. An editable install (`pip install -e .`, what `make` does) builds the module
next to its source; a wheel carries it as a platform wheel. `CC` names the compiler (default: the one Python was
built with); `HOPLOSTAT_NO_COMPILE=1` skips the compile.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # imported outside a build (tests/engine/test_compiled_search.py uses compile_extension)
    BuildHookInterface = object  # type: ignore[assignment,misc]

SOURCE = Path("hoplostat") / "engine" / "_hexfast.c"


def compile_extension(root: Path, out_dir: Path) -> Path | None:
    """Compile SOURCE into `out_dir`; the built module's path, or None (with the reason on stderr)."""
    if os.environ.get("HOPLOSTAT_NO_COMPILE", "") not in ("", "0"):
        return None
    cc = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
    if not cc or shutil.which(cc[0]) is None:
        print(f"hoplostat: no C compiler ({cc[0] if cc else 'cc'}): the engine stays pure Python", file=sys.stderr)
        return None
    target = out_dir / ("_hexfast" + (sysconfig.get_config_var("EXT_SUFFIX") or ".so"))
    flags = ["-O2", "-shared", "-fPIC", "-I", sysconfig.get_paths()["include"]]
    if sys.platform == "darwin":
        flags += ["-undefined", "dynamic_lookup"]
    cmd = [*cc, *flags, str(root / SOURCE), "-o", str(target)]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as e:
        print(f"hoplostat: compiling {SOURCE} failed ({e}): the engine stays pure Python", file=sys.stderr)
        return None
    if done.returncode != 0:
        print(f"hoplostat: compiling {SOURCE} failed: the engine stays pure Python\n{done.stderr}", file=sys.stderr)
        return None
    return target


class CustomBuildHook(BuildHookInterface):
    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel":
            return
        root = Path(self.root)
        if version == "editable":
            compile_extension(root, root / SOURCE.parent)  # found next to the source through the editable path
            return
        built = compile_extension(root, Path(tempfile.mkdtemp(prefix="hoplostat-build-")))
        if built is not None:
            build_data["force_include"][str(built)] = str(SOURCE.parent / built.name)
            build_data["pure_python"] = False
            build_data["infer_tag"] = True
