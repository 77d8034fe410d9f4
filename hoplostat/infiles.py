"""Text files given by the user (scenarios, data overlays): read as UTF-8 in one place, so a file in
another encoding is one `InputError` naming the file and where the first bad byte is."""

from __future__ import annotations

from pathlib import Path

from hoplostat.errors import InputError


def read_utf8(path: Path | str, what: str = "file", *, shown: str | None = None) -> str:
    """The text of `path` (UTF-8); `what` names the kind of file and `shown` the name used in messages."""
    name = shown if shown is not None else str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise InputError(f"{name}: cannot read the {what}: {exc.strerror or exc}") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        col = exc.start - (before.rfind(b"\n") + 1) + 1
        raise InputError(f"{name}: the {what} is not UTF-8 text (byte 0x{raw[exc.start]:02x} at line {line}, "
                         f"column {col}); save it as UTF-8") from None


__all__ = ["read_utf8"]
