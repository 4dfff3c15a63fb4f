"""The bad-input corpus: results and hand-record files in other encodings (issue 35, class 5).

Windows programs save USEBIO and PBN files as UTF-16 with a byte-order mark
(Notepad's "Unicode") or in Windows-1252 with no encoding declared; a name
with é or £ in it must read the same as from the UTF-8 file, or the file is
refused naming it and the encoding, never a Python error.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from support.paths import DATA

from xlbridge.cli import main
from xlbridge.errors import ScoringError
from xlbridge.formats import read_published
from xlbridge.formats.hand_records import load_hands
from xlbridge.formats.pbn import decode

#: The Compscore3 file's first pair's first player, and its club, as a Windows user types them.
PLAYER, CLUB = "Renée O'Neill-Brontë", "Café £2 Lindfield"

Encode = Callable[[str], bytes]


def usebio_text() -> str:
    text = (DATA / "usebio" / "mp_pairs_howell.xml").read_text(encoding="utf-8")
    assert text.count("IREN MAJEDI") == 1 and text.count("NSBC@Lindfield") == 1
    return text.replace("IREN MAJEDI", PLAYER).replace("NSBC@Lindfield", CLUB)


def declared(encoding: str) -> Callable[[str], str]:
    def declare(text: str) -> str:
        return text.replace('<?xml version="1.0"?>', f'<?xml version="1.0" encoding="{encoding}"?>')

    return declare


#: how the USEBIO file is saved -> its bytes
USEBIO_READ: dict[str, Encode] = {
    "utf-8 with a byte-order mark": lambda text: text.encode("utf-8-sig"),
    "utf-16 with a byte-order mark, no declaration": lambda text: text.encode("utf-16"),
    "utf-16 with a byte-order mark, declared": lambda t: declared("UTF-16")(t).encode("utf-16"),
    "utf-16 big-endian with a byte-order mark": lambda text: b"\xfe\xff" + text.encode("utf-16-be"),
    "windows-1252, no declaration": lambda text: text.encode("cp1252"),
    "windows-1252, declared": lambda t: declared("windows-1252")(t).encode("cp1252"),
    "iso-8859-1, declared": lambda t: declared("ISO-8859-1")(t).encode("latin-1"),
}


def write(folder: Path, name: str, data: bytes) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("saved", sorted(USEBIO_READ))
def test_a_usebio_file_in_another_encoding_reads_as_the_utf8(saved: str, tmp_path: Path) -> None:
    text = usebio_text()
    utf8 = read_published(write(tmp_path, "night.xml", text.encode("utf-8")))
    other = read_published(write(tmp_path, "night.xml", USEBIO_READ[saved](text)))  # the same file
    assert other == utf8
    assert other.event.pairs[0].players[0].name == PLAYER
    assert other.event.facts.club == CLUB
    assert other.event.pairs[0].names == f"{PLAYER} & MAUREEN DUTHIE"  # never re-cased


#: how the USEBIO file is saved -> its bytes, and the message refusing it
USEBIO_REFUSED: dict[str, tuple[Encode, str]] = {
    "utf-16 without a byte-order mark": (
        lambda text: text.encode("utf-16-le"),
        "is UTF-16 text without a byte-order mark or an encoding declaration: save it as UTF-8",
    ),
    "a byte neither utf-8 nor windows-1252": (
        lambda text: text.replace("é", "\x81").encode("latin-1"),
        "is neither UTF-8 nor Windows-1252 text (byte 0x81 at offset 141) and declares no "
        "encoding: save it as UTF-8",
    ),
}


@pytest.mark.parametrize("saved", sorted(USEBIO_REFUSED))
def test_a_usebio_file_in_an_unknown_encoding_is_refused(saved, tmp_path: Path, capsys) -> None:
    encode, message = USEBIO_REFUSED[saved]
    path = write(tmp_path, "night.xml", encode(usebio_text()))
    status = main(["import", str(path), "-o", str(tmp_path / "night.xlsx")])
    err = capsys.readouterr().err
    assert status == 2
    assert err == f"error: {path} {message}\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["night.xml"]


# --- PBN: a results file (xlbridge import) and a hand-record file --------------------------------


def pbn_results(small_night: Path, folder: Path) -> str:
    """The small night's PBN results, its pair 1 named with é, £ and an apostrophe."""
    from openpyxl import load_workbook

    wb = load_workbook(small_night)
    wb["Pairs"]["B2"] = f"{PLAYER} & Zoë £ Price"
    night = folder / "night.xlsx"
    wb.save(night)
    pbn = folder / "night.pbn"
    assert main(["score", str(night), "-o", str(folder / "out.xlsx"), "--pbn", str(pbn)]) == 0
    return pbn.read_text(encoding="utf-8")


PBN_READ: dict[str, Encode] = {
    "utf-8 with a byte-order mark": lambda text: text.encode("utf-8-sig"),
    "utf-16 with a byte-order mark": lambda text: text.encode("utf-16"),
    "utf-16 big-endian with a byte-order mark": lambda text: b"\xfe\xff" + text.encode("utf-16-be"),
    "windows-1252": lambda text: text.encode("cp1252"),
}


@pytest.mark.parametrize("saved", sorted(PBN_READ))
def test_a_pbn_results_file_in_another_encoding_reads_as_the_utf8(
    saved: str, small_night: Path, tmp_path: Path, capsys
) -> None:
    text = pbn_results(small_night, tmp_path)
    capsys.readouterr()
    assert f'"{PLAYER} & Zoë £ Price"' in text
    utf8 = read_published(write(tmp_path, "results.pbn", text.encode("utf-8")))
    other = read_published(write(tmp_path, "results.pbn", PBN_READ[saved](text)))  # the same file
    assert other == utf8
    (pair,) = [p for p in other.event.pairs if p.label == "1"]
    assert pair.names == f"{PLAYER} & Zoë £ Price"


def test_a_pbn_file_in_utf16_without_a_byte_order_mark_is_refused(tmp_path, capsys) -> None:
    path = write(tmp_path, "results.pbn", '[Event "Café £2"]\n'.encode("utf-16-le"))
    status = main(["import", str(path), "-o", str(tmp_path / "night.xlsx")])
    err = capsys.readouterr().err
    assert status == 2
    assert err == (
        "error: results.pbn is not PBN text in UTF-8 or Windows-1252: it holds NUL bytes "
        "(UTF-16 without a byte-order mark, or not a text file?): save it as UTF-8\n"
    )


def test_pbn_text_in_each_encoding() -> None:
    name = f'[Event "{CLUB}"]\n[North "{PLAYER}"]\n'
    for data in (
        name.encode("utf-8"),
        name.encode("utf-8-sig"),
        name.encode("utf-16"),
        name.encode("cp1252"),
        name.encode("latin-1"),
    ):
        assert decode(data, "x.pbn") == name
    # Windows-1252's own characters (the euro, curly quotes) are not ISO 8859-1's controls
    curly = "\N{EURO SIGN}5 \N{LEFT SINGLE QUOTATION MARK}Ó Dálaigh\N{RIGHT SINGLE QUOTATION MARK}"
    assert decode(curly.encode("cp1252")) == curly
    with pytest.raises(ScoringError, match=r"^x\.pbn starts as UTF-16 text but is cut short"):
        decode("Zoë".encode("utf-16")[:-1], "x.pbn")


HAND_RECORDS = DATA / "pbn" / "bridgecomposer_bkp_2022.pbn"


@pytest.mark.parametrize("saved", sorted(PBN_READ))
def test_a_hand_record_file_in_another_encoding_reads_as_the_original(
    saved: str, tmp_path: Path
) -> None:
    """BridgeComposer's file is ISO 8859-1 ("párový turnaj" in its title); saved again."""
    data = HAND_RECORDS.read_bytes()
    text = data.decode("latin-1")
    assert "2. párový turnaj BKP 19. 10. 2022" in text
    original = load_hands(write(tmp_path / "a", "hands.pbn", data), use_solver=False)
    other = load_hands(write(tmp_path / "b", "hands.pbn", PBN_READ[saved](text)), use_solver=False)
    assert len(original.boards) == 15
    assert other.boards == original.boards
