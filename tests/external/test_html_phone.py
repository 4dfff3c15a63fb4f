"""The results pages (pairs and teams) on a phone 390 px wide: the ranking fits the screen.

The page is laid out in headless Chromium inside a 390 px frame (Chromium's headless window
is never narrower than 500 px, whatever ``--window-size`` says, so the frame sets the width);
a script in the probe page writes what the frame measured into the DOM Chromium prints.
"""

from __future__ import annotations

import html
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support import paths
from support.nights import long_named_swiss

from xlbridge.cli import main

ROOT = paths.ROOT
EXAMPLE = ROOT / "workbook_templates" / "example_club_night.xlsx"
HANDS = ROOT / "workbook_templates" / "example_club_night_hands.pbn"
VIEWPORT = '<meta name="viewport" content="width=device-width,initial-scale=1">'
PHONE = 390  # CSS px: an iPhone 12 to 15's screen width

#: Measures the page in the frame: the page's scroll width, and the right edge of the
#: widest ranking table (the tables after <h2 id="ranking"> up to the next <h2>).
PROBE = """<!DOCTYPE html><html><body style="margin:0">
<iframe id="f" style="width:{width}px;height:844px;border:0" srcdoc="{page}"></iframe>
<script>
document.getElementById("f").onload = function () {{
  var d = this.contentDocument, right = 0, tables = 0;
  for (var e = d.getElementById("ranking").nextElementSibling; e && e.tagName != "H2";
       e = e.nextElementSibling) {{
    var found = e.tagName == "TABLE" ? [e] : e.querySelectorAll("table");
    for (var i = 0; i < found.length; i++) {{
      tables++;
      right = Math.max(right, found[i].getBoundingClientRect().right);
    }}
  }}
  var p = document.createElement("p");
  p.id = "measured";
  p.textContent = d.documentElement.scrollWidth + " " + Math.ceil(right) + " " + tables;
  document.body.appendChild(p);
}};
</script></body></html>
"""


def pairs_page(folder: Path) -> Path:
    """The example night's page, with its hand records (the widest boards)."""
    night = folder / "night.xlsx"
    shutil.copy(EXAMPLE, night)
    for cached in HANDS.parent.glob(HANDS.stem + "*"):
        shutil.copy(cached, folder / cached.name)
    page = folder / "pairs.html"
    hands = folder / HANDS.name
    assert main(["score", str(night), "--html", str(page), "--hands", str(hands)]) == 0
    return page


def long_names_page(folder: Path) -> Path:
    """The example night with two pairs' names of long, hyphenated words (a phone breaks
    a name inside a word rather than push the ranking's % off the screen)."""
    night = folder / "night.xlsx"
    shutil.copy(EXAMPLE, night)
    wb = load_workbook(night)
    wb["Pairs"]["B2"] = "Margaret Featherstonehaugh-Cholmondeley & Christopher Montgomery-Smythe"
    wb["Pairs"]["B3"] = "Anne-Marie Vandenberghe-Lefebvre & Bartholomew Fitzwilliam"
    wb.save(night)
    page = folder / "long.html"
    assert main(["score", str(night), "--html", str(page)]) == 0
    return page


def teams_page(folder: Path) -> Path:
    """Six teams with long names and players, one round played."""
    night = folder / "teams.xlsx"
    assert main(["new", str(night), "--teams", "6", "--boards", "2", "--rounds", "1",
                 "--event", "Thursday Swiss teams", "--date", "24/11/2026"]) == 0  # fmt: skip
    wb = load_workbook(night)
    for row in range(2, 8):
        wb["Teams"].cell(row, 2).value = f"Northern Counties {row - 1}"
        for column, name in zip(
            (3, 5, 7, 9),
            ("Alexandra Montgomery-Smith", "Christopher Wellington",
             "Bartholomew Fitzgerald", "Elizabeth Worthington"),
            strict=True,
        ):  # fmt: skip
            wb["Teams"].cell(row, column).value = name
    travellers = wb["Travellers"]
    for row in range(2, travellers.max_row + 1):
        if travellers.cell(row, 1).value is not None:
            travellers.cell(row, 9).value, travellers.cell(row, 13).value = 170, 140
    wb.save(night)
    page = folder / "teams.html"
    assert main(["score", str(night), "--html", str(page)]) == 0
    return page


def long_teams_page(folder: Path) -> Path:
    """A Swiss whose team names hold a long hyphenated word (Featherstonehaugh-Cholmondeley
    Invitational): it pushed the ranking's VPs 49 px past the phone's edge."""
    page = folder / "long-teams.html"
    assert main(["score", str(long_named_swiss(folder)[1]), "--html", str(page)]) == 0
    return page


@pytest.mark.parametrize("make", [pairs_page, teams_page])
def test_the_page_says_it_is_made_for_the_screen_it_is_on(make, tmp_path: Path) -> None:
    """Without the viewport tag a phone lays the page out 980 px wide and shrinks it."""
    text = make(tmp_path).read_text(encoding="utf-8")
    assert VIEWPORT in text


def measured(page: Path, folder: Path) -> tuple[int, int, int]:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        pytest.skip("Chromium is not installed: the page cannot be laid out at 390 px here")
    probe = folder / "probe.html"
    text = html.escape(page.read_text(encoding="utf-8"), quote=True)
    probe.write_text(PROBE.format(width=PHONE, page=text), encoding="utf-8")
    done = subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         f"--user-data-dir={folder / 'profile'}", "--window-size=390,844", "--dump-dom",
         probe.as_uri()],
        capture_output=True, text=True, timeout=180, check=False,
    )  # fmt: skip
    found = re.search(r'<p id="measured">(\d+) (\d+) (\d+)</p>', done.stdout)
    assert found, done.stderr[-2000:]
    scroll, right, tables = (int(value) for value in found.groups())
    return scroll, right, tables


@pytest.mark.subprocess
@pytest.mark.parametrize(
    ("make", "rankings"),
    [(pairs_page, 2), (long_names_page, 2), (teams_page, 1), (long_teams_page, 1)],
)
def test_the_ranking_fits_a_phone_390_px_wide(make, rankings: int, tmp_path: Path) -> None:
    """No sideways scrolling: neither the page nor a ranking table is wider than the phone
    (the pairs page ranks North-South and East-West in a table each)."""
    scroll, right, tables = measured(make(tmp_path), tmp_path)
    assert tables == rankings
    assert scroll <= PHONE
    assert right <= PHONE
