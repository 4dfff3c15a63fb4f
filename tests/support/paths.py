"""Where the tests find the project's files."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
ROOT = TESTS.parent
DATA = TESTS / "data"
CORPUS = TESTS / "corpus"
TEMPLATES = ROOT / "workbook_templates"
EXAMPLE = TEMPLATES / "example_club_night.xlsx"
