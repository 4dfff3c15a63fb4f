"""The committed workbooks are exactly what the code builds (cells, formulas, rules, styles)."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import paths

from xlbridge.workbook.pairs import layout as L
from xlbridge.workbook.pairs.example import write_all
from xlbridge.workbook.pairs.template import XLWINGS_CONF
from xlbridge.workbook.shared.snapshot import describe_workbook, diff_snapshots

COMMITTED = paths.TEMPLATES
NAMES = ("club_pairs.xlsx", "club_pairs.xlsm", "example_club_night.xlsx")


@pytest.fixture(scope="module")
def rebuilt(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("rebuilt")
    written = write_all(folder)
    assert sorted(p.name for p in written) == sorted(NAMES)
    return folder


@pytest.mark.parametrize("name", NAMES)
def test_committed_workbook_matches_the_code(rebuilt: Path, name: str) -> None:
    differences = diff_snapshots(
        describe_workbook(COMMITTED / name), describe_workbook(rebuilt / name)
    )
    assert not differences, (
        f"{name} differs from what the code builds; run `python -m xlbridge.workbook` "
        "and commit:\n" + "\n".join(differences)
    )


def test_template_sheets_and_people_features() -> None:
    snap = describe_workbook(COMMITTED / "club_pairs.xlsx")
    assert snap["sheets"] == [
        L.HOW_TO,
        L.SETTINGS,
        L.PAIRS,
        L.TRAVELLERS,
        L.RULINGS,
        L.ADJUSTMENTS,
        L.BOARD_RESULTS,
        L.FREQUENCIES,
        L.RANKING,
    ]
    travellers = snap[f"sheet {L.TRAVELLERS}"]
    assert travellers["freeze_panes"] == "A2"
    assert travellers["cells"]["I2"][0].startswith('=IF(A2="","",IF(G2<>"",G2,')
    assert "BRIDGE_SCORE(D2,E2,F2,A2)" in travellers["cells"]["I2"][0]
    rules = " ".join(str(f) for f in travellers["conditional_formats"])
    assert "MOD($G2,10)<>0" in rules and "$B2=$C2" in rules
    prompts = [v for v in travellers["validations"] if v[5] != "None"]
    assert len(prompts) >= 8
    results = snap[f"sheet {L.BOARD_RESULTS}"]["cells"]["G2"][0]
    assert results[0] == "array" and "MATCHPOINTS(" in results[2]
    freq = snap[f"sheet {L.FREQUENCIES}"]["cells"]["A3"][0]
    assert "FREQUENCY_TABLE(" in freq[2]
    # Adj. Freq, NS MP, EW MP to two decimals, as every output: Neuberg's 65/7 shows 9.29
    frequencies = snap[f"sheet {L.FREQUENCIES}"]["cells"]
    assert [frequencies[f"{column}3"][1] for column in "CDE"] == ["0.0#"] * 3
    assert snap["names"]["RulingsRange"] == "Rulings!$A$1:$E$200"


def test_macro_template_points_xlwings_at_the_udfs() -> None:
    snap = describe_workbook(COMMITTED / "club_pairs.xlsm")
    assert snap["sheets"][-1] == XLWINGS_CONF
    conf = snap[f"sheet {XLWINGS_CONF}"]["cells"]
    keys = {
        conf[f"A{r}"][0]: conf.get(f"B{r}", (None,))[0] for r in range(1, 10) if f"A{r}" in conf
    }
    assert keys["UDF Modules"] == "xlbridge.udfs"
