"""The teams workbook: its template, reader, results writer, HTML page and the draw."""

from __future__ import annotations
