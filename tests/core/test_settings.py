"""Settings are read and checked in one place (xlbridge.settings): one message per bad value."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from support.paths import TEMPLATES

from xlbridge import udfs
from xlbridge.avplus import apply_avplus
from xlbridge.board import Board, cross_imps_board, matchpoint_board
from xlbridge.errors import ScoringError, SettingsError
from xlbridge.result import Result
from xlbridge.settings import (
    AvplusMethod,
    CrossDivisor,
    Ranking,
    Scale,
    ScoringForm,
    Settings,
    SmallVersions,
    UnequalBoards,
    parse_setting,
)


def test_defaults_are_a_club_nights() -> None:
    settings = Settings()
    assert settings.form is ScoringForm.MATCHPOINTS
    assert settings.scale is Scale.TWO and settings.scale == 2
    assert settings.avplus_method is AvplusMethod.MAINSTREAM
    assert (settings.aplus, settings.aminus) == (60, 40)
    assert settings.cross_divide_by is CrossDivisor.TOTAL
    assert settings.ranking is Ranking.AUTO


def test_typed_words_become_the_choices() -> None:
    settings = Settings(
        form="Cross IMPs",  # type: ignore[arg-type]
        scale="1",  # type: ignore[arg-type]
        unequal="RATIO",  # type: ignore[arg-type]
        avplus_method=" Magic ",  # type: ignore[arg-type]
        aplus="65%",  # type: ignore[arg-type]
        cross_divide_by="comparisons",  # type: ignore[arg-type]
        small_versions="EBU",  # type: ignore[arg-type]
        ranking="one-field",  # type: ignore[arg-type]
        factor_fewer_boards="yes",  # type: ignore[arg-type]
        expected="max played",  # type: ignore[arg-type]
    )
    assert settings == Settings(
        form=ScoringForm.CROSS_IMPS,
        scale=Scale.ONE,
        unequal=UnequalBoards.RATIO,
        avplus_method=AvplusMethod.MAGIC,
        aplus=Fraction(65),
        cross_divide_by=CrossDivisor.COMPARISONS,
        small_versions=SmallVersions.EBU,
        ranking=Ranking.ONE_FIELD,
        factor_fewer_boards=True,
        expected=None,
    )


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("aplus", 45, "A+ percent must be a percentage from 50 to below 100, not 45%"),
        ("aplus", "45%", "A+ percent must be a percentage from 50 to below 100, not '45%'"),
        (
            "aplus",
            0.6,
            "A+ percent must be a percentage from 50 to below 100 (60 for 60%, not 0.6)",
        ),
        ("aminus", 0, "A- percent must be a percentage above 0 and at most 50, not 0%"),
        ("scale", 3, "matchpoints per result beaten must be 2 or 1, not 3"),
        ("scale", True, "matchpoints per result beaten must be 2 or 1, not TRUE"),
        (
            "form",
            "pairs",
            "scoring form must be 'matchpoints', 'butler' or 'cross-imps', not 'pairs'",
        ),
        (
            "cross_divide_by",
            "boards",
            "cross-IMP divisor must be 'total', 'comparisons' or 'scores', not 'boards'",
        ),
        (
            "expected",
            0,
            "expected results per board must be 'max played' or a whole number from 1, not 0",
        ),
        (
            "expected",
            11.5,
            "expected results per board must be 'max played' or a whole number from 1, not 11.5",
        ),
        (  # found by the workbook fuzzing: 1e300 was taken as the number of results
            "expected",
            1e300,
            "expected results per board must be 'max played' or a whole number from 1 to "
            "100,000,000, not 1e+300",
        ),
        (
            "trim",
            -1,
            "number of results Butler drops from each end must be a whole number from 0, not -1",
        ),
        (
            "factor_fewer_boards",
            "maybe",
            "factor fewer boards setting must be Yes or No, not 'maybe'",
        ),
        (
            "ranking",
            Fraction(1, 3),
            "ranking must be 'auto', 'one field' or 'by direction', not 1/3",
        ),
    ],
)
def test_a_bad_value_is_named_where_it_was_typed_and_shown_as_typed(
    name: str, value: object, message: str
) -> None:
    with pytest.raises(SettingsError) as info:
        parse_setting(name, value, "Settings!B9")
    assert str(info.value) == f"Settings!B9: the {message}"
    assert info.value.problems == ((name, f"Settings!B9: the {message}"),)
    for internal in ("Fraction(", "None", "Scale.", "CrossDivisor"):
        assert internal not in message


def test_every_bad_value_is_reported_at_once_each_with_its_cell() -> None:
    with pytest.raises(SettingsError) as info:
        Settings.parse(
            {"scale": 3, "aplus": 45, "form": "butler", "trim": None},
            {"scale": "Settings!B7", "aplus": "Settings!B12"},
        )
    assert str(info.value).splitlines() == [
        "Settings!B7: the matchpoints per result beaten must be 2 or 1, not 3",
        "Settings!B12: the A+ percent must be a percentage from 50 to below 100, not 45%",
    ]
    assert [name for name, _ in info.value.problems] == ["scale", "aplus"]


def test_settings_made_in_python_are_checked_when_made() -> None:
    with pytest.raises(SettingsError, match=r"^the A\+/A- method must be 'mainstream' or 'magic'"):
        Settings(avplus_method="best")  # type: ignore[arg-type]
    assert issubclass(SettingsError, ScoringError)


def test_the_functions_name_their_argument() -> None:
    with pytest.raises(ScoringError, match=r"^scale must be 2 or 1, not 3$"):
        udfs.MATCHPOINTS([[420], [-50]], None, 3)
    with pytest.raises(
        ScoringError, match=r"^divide_by must be 'total', 'comparisons' or 'scores'"
    ):
        udfs.CROSS_IMPS([[420], [-50]], None, "boards")
    with pytest.raises(ScoringError, match=r"^datum_round must be a whole number from 0, not -10$"):
        udfs.BUTLER_IMPS([[420], [-50]], None, None, -10)
    with pytest.raises(ScoringError, match=r"^aplus must be a percentage from 50 to below 100"):
        apply_avplus([12], 24, aplus=45)


def test_the_board_functions_take_the_same_checks() -> None:
    rows = [Result.of(420), Result.of(-50)]
    with pytest.raises(SettingsError, match=r"^scale must be 2 or 1, not 0$"):
        matchpoint_board(rows, scale=0)
    with pytest.raises(SettingsError, match=r"^divide_by must be 'total'"):
        cross_imps_board(rows, "boards")
    # parsed once, the typed values score as Board does: 420 beats -50, a top of 2 (Law 78A)
    assert (
        matchpoint_board(rows, scale="2") == Board(rows).matchpoints(Scale.TWO) == [(2, 0), (0, 2)]
    )
    assert cross_imps_board(rows, "Comparisons") == [(10, -10), (-10, 10)]


def test_the_cross_imp_divisor() -> None:
    assert [d.divisor(9) for d in CrossDivisor] == [1, 8, 9]
    assert CrossDivisor.COMPARISONS.divisor(1) == 1  # one result: nothing to compare, not 0


def test_the_settings_sheet_names_each_bad_cell(tmp_path: Path) -> None:
    from openpyxl import load_workbook

    from xlbridge.workbook.pairs import layout as L
    from xlbridge.workbook.pairs.reader import read_workbook

    example = TEMPLATES
    wb = load_workbook(example / "example_club_night.xlsx")
    aplus, scale = L.setting_row("Aplus"), L.setting_row("Scale")
    wb[L.SETTINGS][f"B{aplus}"] = 45
    wb[L.SETTINGS][f"B{scale}"] = "three"
    path = tmp_path / "night.xlsx"
    wb.save(path)
    with pytest.raises(ScoringError) as info:
        read_workbook(path)
    lines = str(info.value).splitlines()
    assert (
        f"Settings!B{aplus}: the A+ percent must be a percentage from 50 to below 100, not 45%"
        in lines
    )
    assert f"Settings!B{scale}: the matchpoints per result beaten must be 2 or 1, not 'three'" in (
        lines
    )


def test_the_convention_is_read_once_and_refused_naming_its_cell() -> None:
    from xlbridge.settings import ScoringConvention

    assert parse_setting("convention", " acbl ") is ScoringConvention.ACBL
    assert Settings.parse({"convention": None}).convention is ScoringConvention.XLBRIDGE
    assert parse_setting("convention", "kops") is ScoringConvention.KOPS
    assert parse_setting("convention", "B.B.O.") is ScoringConvention.BBO
    assert str(ScoringConvention.KOPS) == "KoPS"  # as the Settings sheet's drop-down lists it
    # KoPS and BBO take any scoring form and scale: they say only which rows are results
    kops = Settings.parse({"convention": "KoPS", "form": "cross-imps", "scale": 2})
    assert (kops.convention, kops.scale) == (ScoringConvention.KOPS, 2)
    with pytest.raises(SettingsError) as caught:
        parse_setting("convention", "Magic Contest", argument="convention")
    assert str(caught.value) == (
        "convention must be 'xlbridge', 'ACBL', 'KoPS' or 'BBO', not 'Magic Contest'"
    )
    sources = {"convention": "Settings!B24", "scale": "Settings!B8", "form": "Settings!B7"}
    with pytest.raises(SettingsError) as caught:
        Settings.parse({"convention": "ACBL", "scale": 2, "form": "cross-imps"}, sources)
    assert str(caught.value).splitlines() == [
        "Settings!B8: the ACBL convention (Settings!B24) scores 1 matchpoint a result beaten "
        "and half a tie, so the matchpoints per result beaten cannot be 2: type 1, or leave "
        "the convention blank",
        "Settings!B7: the ACBL convention (Settings!B24) is for matchpoint pairs, so the "
        "scoring form cannot be 'cross-imps': choose matchpoints, or leave the convention blank",
    ]


#: The Settings fields that take Yes or No, by the name messages give them.
YES_NO_FIELDS = {
    "datum_real_results": "Butler datum of the real results setting",
    "factor_fewer_boards": "factor fewer boards setting",
}


def test_the_yes_no_fields_are_the_bool_fields() -> None:
    import dataclasses

    found = {f.name for f in dataclasses.fields(Settings) if f.type in ("bool", bool)}
    assert found == set(YES_NO_FIELDS)


@pytest.mark.parametrize("name", sorted(YES_NO_FIELDS))
@pytest.mark.parametrize(
    ("value", "quoted"),
    [("Maybe", "'Maybe'"), ("Y?", "'Y?'"), (2, "2"), ("yes please", "'yes please'"), ("", "''")],
)
def test_a_yes_no_setting_refuses_anything_but_yes_or_no(
    name: str, value: object, quoted: str
) -> None:
    with pytest.raises(SettingsError) as info:
        parse_setting(name, value, "Settings!B14")
    assert (
        str(info.value)
        == f"Settings!B14: the {YES_NO_FIELDS[name]} must be Yes or No, not {quoted}"
    )
    # an Excel function's argument (=BUTLER_DATUM(..., real_results)) is named as the argument
    with pytest.raises(SettingsError) as info:
        parse_setting(name, value, argument="real_results")
    assert str(info.value) == f"real_results must be Yes or No, not {quoted}"


@pytest.mark.parametrize(
    ("value", "meant"), [("Yes", True), (" no ", False), ("Y", True), ("n", False), (True, True)]
)
def test_a_yes_or_a_no_is_read(value: object, meant: bool) -> None:
    for name in YES_NO_FIELDS:
        assert parse_setting(name, value) is meant
