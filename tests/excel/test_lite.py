"""``xlbridge lite``: the main.py and requirements.txt a user pastes into xlwings Lite."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from support.officejs import run_officejs
from support.paths import ROOT

from xlbridge import lite, udfs
from xlbridge.cli import main
from xlbridge.lite import DISTRIBUTION, installed_version, lite_files

WHEEL = "https://example.org/club/xlbridge_scoring-0.1.0-py3-none-any.whl"


@pytest.fixture
def published(monkeypatch: pytest.MonkeyPatch) -> None:
    """As once this version is on the package index (its release adds it to PUBLISHED)."""
    monkeypatch.setattr(lite, "PUBLISHED", frozenset({installed_version()}))


@pytest.fixture
def written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    assert main(["lite", str(tmp_path / "lite"), "--wheel", WHEEL]) == 0
    out = capsys.readouterr().out
    assert "wrote" in out and "=MATCHPOINTS(B2:B13)" in out
    return tmp_path / "lite"


def imported_names(main_py: Path) -> list[str]:
    tree = ast.parse(main_py.read_text(encoding="utf-8"))
    return [
        alias.name
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module == "xlbridge.udfs"
        for alias in node.names
    ]


def test_writes_main_and_requirements(
    published: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    written = tmp_path / "lite"
    assert main(["lite", str(written)]) == 0
    assert sorted(p.name for p in written.iterdir()) == ["main.py", "requirements.txt"]
    requirement = f"xlbridge-scoring=={installed_version()}\n"
    assert (written / "requirements.txt").read_text() == requirement
    names = imported_names(written / "main.py")
    assert names == list(udfs.OFFICEJS_FUNCTIONS)
    assert "VP" not in names and "AGGREGATE" not in names
    assert {"VICTORY_POINTS", "AGGREGATE_SCORE", "MATCHPOINTS"} <= set(names)


def test_a_version_not_on_the_index_is_not_pinned(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """0.1.0 is not published yet: ``xlbridge-scoring==0.1.0`` would install nothing in Lite,
    so nothing is written and the message says what installs (a wheel's address)."""
    assert "0.1.0" not in lite.PUBLISHED
    assert main(["lite", str(tmp_path / "lite")]) == 2
    err = capsys.readouterr().err
    version = installed_version()
    assert err.startswith(
        f"error: xlbridge-scoring {version} is not on the package index yet, so no "
        "requirements.txt line can name it: build a wheel here (python -m build), put "
        f"dist/xlbridge_scoring-{version}-py3-none-any.whl on a web server"
    ), err
    assert "--wheel https://" in err
    assert not (tmp_path / "lite").exists()


def test_distribution_name_is_the_projects() -> None:
    # "xlbridge" on the public index is an unrelated project: Lite must ask for ours.
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert f'\nname = "{DISTRIBUTION}"\n' in pyproject
    assert DISTRIBUTION == "xlbridge-scoring"


def test_wheel_url_replaces_the_index(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = "https://example.org/club/xlbridge_scoring-0.1.0-py3-none-any.whl"
    assert main(["lite", str(tmp_path), "--wheel", url]) == 0
    assert (tmp_path / "requirements.txt").read_text() == url + "\n"
    assert imported_names(tmp_path / "main.py") == list(udfs.OFFICEJS_FUNCTIONS)
    capsys.readouterr()
    for bad in (
        "xlbridge_scoring-0.1.0-py3-none-any.whl",
        "https://example.org/xlbridge-0.4.0b0-py3-none-any.whl",
    ):
        assert main(["lite", str(tmp_path / "bad"), "--wheel", bad]) == 2
        err = capsys.readouterr().err
        assert bad in err and "wheel" in err
        assert not (tmp_path / "bad").exists()


def test_refuses_to_overwrite_without_force(
    written: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (written / "main.py").write_text("# my own code\n")
    assert main(["lite", str(written), "--wheel", WHEEL]) == 2
    assert "exists" in capsys.readouterr().err
    assert (written / "main.py").read_text() == "# my own code\n"
    assert main(["lite", str(written), "--wheel", WHEEL, "--force"]) == 0
    assert imported_names(written / "main.py") == list(udfs.OFFICEJS_FUNCTIONS)


@pytest.mark.subprocess
def test_main_py_runs_as_the_lite_module(written: Path) -> None:
    # The written main.py is the module xlwings Lite hands to custom_functions_meta/call.
    board = [[1430]] * 2 + [[680]] * 5 + [[650]] * 2 + [[-100]] * 2
    out = run_officejs(
        "main",
        [
            ("MATCHPOINTS", [[*board, ["30% 1430; 40% 680; 20% 650; 10% -100"]]]),
            ("VICTORY_POINTS", [10, 16]),
            ("AGGREGATE_SCORE", ["60% 420; 40% -50"]),
            ("MATCHPOINTS", [[[420], ["42O"]]]),
        ],
        sys_path=[written],
        stub_pyodide=True,
    )
    assert out["meta_error"] is None
    functions = out["meta"]["functions"]
    assert sorted(f["name"] for f in functions) == sorted(udfs.OFFICEJS_FUNCTIONS)
    assert all(len(f["id"]) >= 3 and f["description"] for f in functions)
    mp, vp, aggregate, bad = out["results"]
    assert mp["value"][-1] == [12.6, 9.4]
    assert vp["value"] == [[udfs.VP(10, 16)]]
    assert aggregate["value"] == [[230]]
    assert bad["error"] == "row 2: '42O' is not a score"


def test_docs_show_the_files_lite_writes(published: None) -> None:
    docs = (ROOT / "docs" / "excel.md").read_text(encoding="utf-8")
    marker = "<!-- main.py: tests/excel/test_lite.py compares this block with `xlbridge lite` -->\n"
    block = docs.split(marker, 1)[1].split("```python\n", 1)[1].split("```\n", 1)[0]
    files = lite_files()
    version = installed_version()
    assert block.replace("xlbridge 0.1.0:", f"xlbridge {version}:") == files["main.py"]
    assert f"```\n{files['requirements.txt']}```".replace(version, "0.1.0") in docs
