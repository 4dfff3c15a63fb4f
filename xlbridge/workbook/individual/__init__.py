"""The individual workbook: its template (a movement's seats pre-filled), reader and night."""

from __future__ import annotations
