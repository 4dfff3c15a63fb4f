"""The club-pairs workbook: its template, reader, results writer, pages and imported events."""

from __future__ import annotations
