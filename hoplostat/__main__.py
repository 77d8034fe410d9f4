"""`python -m hoplostat ...`: the same as the `hoplostat` command."""

import sys

from hoplostat.cli import main

if __name__ == "__main__":
    sys.argv[0] = "hoplostat"
    main()
