"""Exceptions shared by every layer.

`InputError` is the one kind of failure a user can cause (a bad pool, unit id,
data file or flag value). Its message is shown as a single ``error:`` line by
the CLI, so it must say what was wrong and where.
"""


class HoplostatError(Exception):
    """Base class for hoplostat's own errors."""


class InputError(HoplostatError, ValueError):
    """Bad user input; the message names the offending text and what is allowed."""
