import os
import sys

import matplotlib
from hypothesis import settings

matplotlib.use("Agg")
sys.path.insert(0, os.path.dirname(__file__))

# No per-example deadline: tests must pass on a slow, busy machine. CI runs the
# same examples every time (derandomize) so a red build is reproducible.
settings.register_profile("default", deadline=None, print_blob=True)
settings.register_profile("ci", deadline=None, print_blob=True, derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")
