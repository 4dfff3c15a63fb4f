"""Rebuild the committed workbooks: ``python -m xlbridge.workbook [FOLDER]``."""

from __future__ import annotations

import sys
from pathlib import Path

from xlbridge.workbook.pairs.example import write_all

if __name__ == "__main__":  # pragma: no cover
    for path in write_all(Path(sys.argv[1] if len(sys.argv) > 1 else "workbook_templates")):
        print(path)
