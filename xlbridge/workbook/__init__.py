"""The club-night workbook: build the template, read a filled one, write the results.

This adapter is the only part of xlbridge (with the command line) that
imports openpyxl; the core never imports it.
"""

from __future__ import annotations
