"""The club-night workbook read sheet by sheet: each module reads one sheet for
:func:`xlbridge.workbook.pairs.reader.read_workbook` (its ``_Reader`` is made of them)."""
