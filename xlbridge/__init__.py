"""xlbridge: exact duplicate-bridge scoring for spreadsheets and the command line."""

from __future__ import annotations

__all__: list[str] = []
