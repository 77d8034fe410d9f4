"""Tables for the terminal: a polars frame as a rich table (`frame_table`), every command's tables built alike
(`table`). Below the analyses (`hoplostat.analysis`, whose summaries print with it) and the CLI (`cli._common`
re-exports both)."""

from __future__ import annotations

from typing import Any


def table(title: str | None = None, **kwargs):
    """A rich Table whose columns wrap (folding a long id onto the next line) instead of cutting it with
    an ellipsis; every command builds its tables here."""
    from rich.table import Table

    class _Table(Table):
        def add_column(self, header="", *args, **kw):
            kw.setdefault("overflow", "fold")
            super().add_column(header, *args, **kw)

    kwargs.setdefault("title_justify", "left")
    return _Table(title=title, **kwargs)


def frame_table(title: str, frame):
    """A polars frame as a rich table (`table`): numbers right-aligned, floats to 3 decimals, nulls as -."""
    t = table(title)
    for c in frame.columns:
        t.add_column(c, justify="right" if frame[c].dtype.is_numeric() else "left")
    for row in frame.iter_rows():
        t.add_row(*[_fmt(v) for v in row])
    return t


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        return "-" if v != v else f"{v:.3f}"
    return "-" if v is None else str(v)
