"""``python -m xlbridge ...``: the ``xlbridge`` command, where its script is not on PATH."""

from __future__ import annotations

import sys

from xlbridge.cli import main

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
