"""A release as a user gets it: the built wheel in a fresh venv, the metadata, the version."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest
from support import wheels

import xlbridge
from xlbridge.lite import DISTRIBUTION, PUBLISHED

pytestmark = pytest.mark.subprocess

ROOT = wheels.REPO_ROOT


def test_the_version_is_written_in_one_place() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in pyproject and "\nversion =" not in pyproject
    assert '[tool.hatch.version]\npath = "xlbridge/__init__.py"' in pyproject
    written = [
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "xlbridge").rglob("*.py")
        if re.search(r"^__version__ = ", path.read_text(encoding="utf-8"), re.M)
    ]
    assert written == ["xlbridge/__init__.py"]
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## {xlbridge.__version__}" in changelog


def test_wheel_and_sdist_metadata() -> None:
    wheel, sdist = wheels.built_dist()
    assert wheel.name == f"xlbridge_scoring-{xlbridge.__version__}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        info = f"xlbridge_scoring-{xlbridge.__version__}.dist-info"
        meta = Parser().parsestr(archive.read(f"{info}/METADATA").decode())
        entry_points = archive.read(f"{info}/entry_points.txt").decode()
    assert meta["Name"] == DISTRIBUTION and meta["Version"] == xlbridge.__version__
    assert "xlbridge/udfs.py" in names and "xlbridge/py.typed" in names
    assert not [n for n in names if n.startswith("tests/")]
    assert "xlbridge = xlbridge.cli:main" in entry_points
    requires = meta.get_all("Requires-Dist")
    assert "python-calamine>=0.2; sys_platform != 'emscripten'" in requires
    with tarfile.open(sdist) as archive:
        members = archive.getnames()
    top = f"xlbridge_scoring-{xlbridge.__version__}"
    for path in ("CHANGELOG.md", "README.md", "docs/releasing.md", "pyproject.toml"):
        assert f"{top}/{path}" in members, path


def test_twine_check_passes() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", *map(str, wheels.built_dist())],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("PASSED") == 2


def test_the_wheel_in_a_fresh_venv_scores_the_example_night(tmp_path: Path) -> None:
    wheel, _ = wheels.built_dist()
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    bin_dir = venv / ("Scripts" if sys.platform == "win32" else "bin")
    install = subprocess.run(
        [str(bin_dir / "python"), "-m", "pip", "install", "--quiet", str(wheel)],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert install.returncode == 0, install.stderr[-3000:]

    def xlbridge_command(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(bin_dir / "xlbridge"), *args],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )

    helped = xlbridge_command("--help")
    assert helped.returncode == 0 and "score" in helped.stdout and "lite" in helped.stdout
    version = xlbridge_command("--version")
    assert version.stdout.strip() == f"xlbridge, version {xlbridge.__version__}"
    example = ROOT / "workbook_templates" / "example_club_night.xlsx"
    scored = xlbridge_command("score", str(example), "-o", "results.xlsx")
    assert scored.returncode == 0, scored.stderr
    assert (tmp_path / "results.xlsx").stat().st_size > 10_000
    assert "Tuesday Pairs" in scored.stdout and "wrote results.xlsx" in scored.stdout
    # the same ranking as this checkout prints (tests/workbook/test_cli_night.py checks its figures)
    here = subprocess.run(
        [sys.executable, "-m", "xlbridge.cli", "score", str(example), "-o", "here.xlsx"],
        capture_output=True, text=True, timeout=300, check=False, cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert here.returncode == 0, here.stderr
    assert scored.stdout.split("\n\nwrote")[0] == here.stdout.split("\n\nwrote")[0]
    # `xlbridge lite` from the installed wheel asks Lite for this distribution and version
    # once it is on the package index; before, it writes nothing and says what installs
    lite = xlbridge_command("lite", "lite-files")
    if xlbridge.__version__ in PUBLISHED:
        assert lite.returncode == 0, lite.stderr
        requirement = (tmp_path / "lite-files" / "requirements.txt").read_text()
        assert requirement == f"{DISTRIBUTION}=={xlbridge.__version__}\n"
    else:
        assert lite.returncode == 2, lite.stderr
        assert f"{DISTRIBUTION} {xlbridge.__version__} is not on the package index" in lite.stderr
        assert "--wheel https://" in lite.stderr
    for suffix in ("xlsx", "xlsm"):
        made = xlbridge_command("new", f"friday.{suffix}")
        assert made.returncode == 0, made.stderr
    with zipfile.ZipFile(tmp_path / "friday.xlsm") as book:
        assert "xl/vbaProject.bin" in book.namelist()
