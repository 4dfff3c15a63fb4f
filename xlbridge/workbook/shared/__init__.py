"""What the pairs and the teams workbooks share: the cell layer and the workbook checks."""

from __future__ import annotations
