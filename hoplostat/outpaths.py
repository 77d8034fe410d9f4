"""Output paths given by the user (`--out`, `--plot`): checked and created in one place, so a path that
cannot be written is one `InputError` naming the flag, the path and why, before any work is done.

`output_dir` and `output_file` create missing folders; `writing` turns an OSError raised while writing
into the same kind of one-line error (a disk that fills up, a folder made read-only meanwhile).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

from hoplostat.errors import InputError


def _first_existing(path: Path) -> Path:
    p = path
    while not p.exists() and p != p.parent:
        p = p.parent
    return p


def _make_dir(folder: Path, what: str, path: Path) -> None:
    """Create `folder` (and its parents) or raise an InputError about `what` `path`."""
    if folder.is_dir():
        return
    above = _first_existing(folder)
    if above.exists() and not above.is_dir():
        raise InputError(f"{what} {path}: {above} is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"{what} {path}: cannot create the folder {folder} ({exc.strerror or exc})") from None


def _probe(folder: Path, what: str, path: Path) -> None:
    """Raise an InputError unless a file can be created in `folder` (permissions alone do not tell:
    root may write anywhere but in /proc, and a read-only mount says so only when written)."""
    probe = folder / f".hoplostat-probe-{os.getpid()}"
    try:
        with open(probe, "wb"):
            pass
        probe.unlink()
    except OSError as exc:
        raise InputError(f"{what} {path}: cannot write in {folder} ({exc.strerror or exc})") from None


def output_dir(path: Path | str, what: str = "--out") -> Path:
    """The folder `path`, created if missing, checked writable."""
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise InputError(f"{what} {path}: is a file, not a folder")
    _make_dir(path, what, path)
    _probe(path, what, path)
    return path


def output_file(path: Path | str, what: str = "--out") -> Path:
    """The file `path` about to be written: its folder created if missing and checked writable; `path`
    itself must not be a folder."""
    path = Path(path)
    if path.is_dir():
        raise InputError(f"{what} {path}: is a folder; give a file name")
    folder = path.parent if str(path.parent) else Path(".")
    _make_dir(folder, what, path)
    _probe(folder, what, path)
    return path


def figure_file(path: Path | str, what: str = "--plot") -> Path:
    """A figure about to be written as PNG: the name must end in .png; then as `output_file`. Checked before
    any work is done, so a bad path costs nothing."""
    path = Path(path)
    if path.suffix.lower() != ".png":
        raise InputError(f"{what} {path}: the figure is written as PNG; give a file name ending in .png")
    return output_file(path, what)


@contextlib.contextmanager
def writing(path: Path | str, what: str = "--out") -> Iterator[None]:
    """Turn an OSError while writing `path` into a one-line InputError about `what`."""
    try:
        yield
    except OSError as exc:
        raise InputError(f"{what} {path}: cannot write ({exc.strerror or exc})") from None


__all__ = ["output_dir", "output_file", "writing"]
