import os
import sys

import matplotlib
import pytest
from hypothesis import settings

matplotlib.use("Agg")
sys.path.insert(0, os.path.dirname(__file__))

import hoplostat.rulesets  # noqa: E402,F401  (registers the modes and skills)
from hoplostat.engine.hexgrid import HexGrid  # noqa: E402

# No per-example deadline: tests must pass on a slow, busy machine. CI runs the
# same examples every time (derandomize) so a red build is reproducible.
settings.register_profile("default", deadline=None, print_blob=True)
settings.register_profile("ci", deadline=None, print_blob=True, derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")


# Fixtures of the rule tests (tests/engine/ and tests/rulesets/<rule set>/; helpers live in tests/engine/enginekit.py).
# A test module may define its own `cat` (a catalog of its rule set, a fresh one): it takes precedence.
@pytest.fixture(scope="session")
def cat():
    """The catalog with the frozen pre-calibration roster (tests/frozen.py): these tests pin behaviour on
    particular chip values, which calibrating the embedded stand-ins must not move."""
    from frozen import frozen_catalog

    return frozen_catalog()


@pytest.fixture(scope="session")
def grid(cat):
    """The Pozzuoli map of `cat`."""
    return HexGrid.of(cat.arena("pozzuoli"))


# Two workers share the suite well when the longest tests start first and neither worker is left with a queue
# of long tests while the other idles. The longest first: the `slow` tests (the README's commands, the
# thousand-game runs), then the modules whose tests play whole tunes or measure a fresh process, then the native
# core's differential games (many pieces of a few seconds each), then the rest; the collection order within
# each (no test depends on another's order). And work stealing (`--dist worksteal`) instead of xdist's default
# `load`, which hands each worker a long queue up front: an idle worker takes the end of the other's queue.
FIRST_MODULES = ("test_tune.py", "test_stand_in_everywhere.py", "test_lazy_stats.py")


def pytest_collection_modifyitems(config, items):
    def rank(item) -> int:
        slow = item.get_closest_marker("slow") is not None
        if slow and item.path.parent.name != "native":
            return 0
        if item.path.name in FIRST_MODULES:
            return 1
        return 2 if slow else 3

    items.sort(key=rank)  # stable


@pytest.hookimpl(optionalhook=True, tryfirst=True)
def pytest_xdist_make_scheduler(config, log):
    """`-n N` without `--dist` (xdist then says `load`, as with `make test`): work stealing."""
    if config.getvalue("dist") == "load":
        from xdist.scheduler import WorkStealingScheduling

        return WorkStealingScheduling(config, log)
    return None
