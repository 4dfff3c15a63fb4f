"""The workbooks: build the templates, read a filled one, write the results.

This adapter is the only part of xlbridge (with the command line) that
imports openpyxl; the core never imports it.  It is cut in three:

* :mod:`xlbridge.workbook.shared`: what the pairs and teams workbooks share:
  the cell layer that loads a workbook's sheets (values, number formats,
  formulas with no saved value, merged cells);
* :mod:`xlbridge.workbook.pairs`: the club-pairs workbook (template, reader,
  results writer, movement sheets, score cards, HTML page, imported events);
* :mod:`xlbridge.workbook.teams`: the teams workbook (template, reader,
  results writer, HTML page, the Swiss draw).
"""

from __future__ import annotations
